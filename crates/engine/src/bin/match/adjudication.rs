//! How a match game ends: by our rules crate (checkmate, stalemate, dead position, the count's
//! expiry, a claimable draw taken at once, a flag), by the ply cap, or by an engine's fault.

use rules::{Color, DrawReason, Game, Outcome, pgn};

use engine::uci_client::Fault;

/// The end of a match game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The rules ended it, or a draw was claimable and taken (threefold, 50 moves), or a flag
    /// fell (a win, or a draw when the other side cannot mate).
    Rules(Outcome),
    /// The game reached the ply cap without an end: a draw.
    PlyCap(usize),
    /// An engine broke the protocol (illegal move, crash, no answer) and loses.
    Forfeit {
        /// The side of the engine at fault.
        loser: Color,
        /// What it did.
        fault: Fault,
    },
}

impl End {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            End::Rules(o) => o.winner(),
            End::PlyCap(_) => None,
            End::Forfeit { loser, .. } => Some(loser.other()),
        }
    }

    /// A short description: the rules' label (`checkmate-white-wins`, `threefold`...),
    /// `ply-cap`, or the fault.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            End::Rules(o) => o.label().to_owned(),
            End::PlyCap(n) => format!("draw at the {n}-ply cap"),
            End::Forfeit { loser, fault } => format!("{loser:?} forfeits: {fault}"),
        }
    }

    /// The end as PGN says it (result token, `Termination`, final comment). `names` are the
    /// engines' names by colour, for the comment of a forfeit.
    #[must_use]
    pub fn to_pgn(&self, white: &str, black: &str) -> pgn::End {
        match self {
            End::Rules(o) => pgn::End::of_outcome(Some(*o)),
            End::PlyCap(n) => pgn::End {
                score: pgn::Score::Draw,
                termination: pgn::Termination::Normal,
                comment: format!("Adjudicated a draw at the {n}-ply cap."),
            },
            End::Forfeit { loser, fault } => {
                let (name, winner) = match loser {
                    Color::White => (white, black),
                    Color::Black => (black, white),
                };
                pgn::End {
                    score: pgn::Score::of_winner(Some(loser.other())),
                    termination: match fault {
                        Fault::Flag { .. } => pgn::Termination::TimeForfeit,
                        Fault::IllegalMove { .. } => pgn::Termination::Normal,
                        _ => pgn::Termination::Abandoned,
                    },
                    comment: format!("{name} {fault}: {winner} wins."),
                }
            }
        }
    }
}

/// The end of `game` after `plies` plies of the match (the opening's not counted), if it has
/// one: the rules' own end, else a claimable draw (which this claims in `game`), else the ply
/// cap once `plies >= max_plies`.
pub fn adjudicate(game: &mut Game, plies: usize, max_plies: usize) -> Option<End> {
    if let Some(o) = game.outcome() {
        return Some(End::Rules(o));
    }
    if let Some(&claim) = game.claimable().first()
        && game.claim_draw(claim).is_ok()
    {
        return game.outcome().map(End::Rules);
    }
    (plies >= max_plies).then_some(End::PlyCap(plies))
}

/// Ends `game` on the flag of `loser`: a win for the other side if it could still mate, else a
/// draw (our rules decide).
pub fn flag(game: &mut Game, loser: Color, fault: Fault) -> End {
    match game.flag(loser) {
        Ok(()) => match game.outcome() {
            Some(o @ Outcome::Win { .. }) => End::Forfeit {
                loser: o.winner().map_or(loser, Color::other),
                fault,
            },
            Some(o) => End::Rules(o),
            None => End::Rules(Outcome::Draw {
                reason: DrawReason::Timeout,
            }),
        },
        Err(_) => adjudicate(game, 0, usize::MAX).unwrap_or(End::Forfeit { loser, fault }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;
    use rules::{DrawClaim, Rules, WinReason};

    fn game(fen: &str) -> Game {
        Game::from_fen(fen, Rules::default()).unwrap()
    }

    #[test]
    fn checkmate_and_stalemate() {
        // Black to move, mated by the rook on the eighth rank.
        let mut g = game("k1R5/8/1K6/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            adjudicate(&mut g, 10, 400),
            Some(End::Rules(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Checkmate
            }))
        );
        let mut g = game("k1K5/7R/8/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            adjudicate(&mut g, 10, 400),
            Some(End::Rules(Outcome::Draw {
                reason: DrawReason::Stalemate
            }))
        );
    }

    #[test]
    fn dead_position_and_count() {
        let mut g = game("k7/8/1K6/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            adjudicate(&mut g, 10, 400),
            Some(End::Rules(Outcome::Draw {
                reason: DrawReason::DeadPosition
            }))
        );
        // A rook against a lone king, the count at its last ply: one more move that is not mate
        // runs it out.
        let mut g = game("k7/8/1K6/8/8/8/8/2R5 w - 32 32 1");
        assert_eq!(adjudicate(&mut g, 10, 400), None);
        g.play_uci("c1d1").unwrap();
        assert_eq!(
            adjudicate(&mut g, 11, 400),
            Some(End::Rules(Outcome::Draw {
                reason: DrawReason::CountingExpired
            }))
        );
    }

    #[test]
    fn claimable_draws_are_taken() {
        let mut g = Game::new(Rules::default());
        for _ in 0..2 {
            for m in ["b1d2", "b8d7", "d2b1", "d7b8"] {
                g.play_uci(m).unwrap();
            }
        }
        assert!(g.can_claim(DrawClaim::Threefold));
        assert_eq!(
            adjudicate(&mut g, 8, 400),
            Some(End::Rules(Outcome::Draw {
                reason: DrawReason::Threefold
            }))
        );
        assert!(g.is_over());
        let mut g = game("k7/8/1K6/8/8/8/8/2R1r3 w - - 100 80");
        assert_eq!(
            adjudicate(&mut g, 8, 400),
            Some(End::Rules(Outcome::Draw {
                reason: DrawReason::FiftyMoves
            }))
        );
    }

    #[test]
    fn ply_cap_and_forfeits() {
        let mut g = Game::new(Rules::default());
        assert_eq!(adjudicate(&mut g, 399, 400), None);
        assert_eq!(adjudicate(&mut g, 400, 400), Some(End::PlyCap(400)));
        let f = End::Forfeit {
            loser: Color::Black,
            fault: Fault::IllegalMove {
                text: "e9e9".into(),
                reason: "invalid".into(),
            },
        };
        assert_eq!(f.winner(), Some(Color::White));
        let p = f.to_pgn("Us", "Them");
        assert_eq!(p.score, pgn::Score::WhiteWins);
        assert!(p.comment.starts_with("Them played"), "{}", p.comment);
    }

    #[test]
    fn a_flag_is_a_draw_without_mating_material() {
        let fault = Fault::Flag {
            used: core::time::Duration::from_millis(20),
            left: core::time::Duration::from_millis(10),
        };
        // White (king and rook) flags: Black has a lone king, so a draw.
        let mut g = game("k7/8/1K6/8/8/8/8/2R5 w - - 0 1");
        assert_eq!(
            flag(&mut g, Color::White, fault.clone()),
            End::Rules(Outcome::Draw {
                reason: DrawReason::Timeout
            })
        );
        let mut g = game("k7/8/1K6/8/8/8/8/2R5 w - - 0 1");
        assert_eq!(
            flag(&mut g, Color::Black, fault.clone()).winner(),
            Some(Color::White)
        );
    }
}
