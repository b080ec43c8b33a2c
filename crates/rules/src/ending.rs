//! How a game ends: every way, the server's included, as scalachess keeps its `Status` beside
//! the board.
//!
//! An [`Outcome`] is a win ([`WinReason`], with its winner), a draw ([`DrawReason`]) or an
//! abort (no result). Its list ([`Outcome::ALL`]) is derived from the reasons' variants, its
//! label ([`Outcome::label`]) is written once and read back by [`FromStr`], and
//! [`Outcome::decided_by`] is the one classification of who or what ends a game
//! ([`Decider`]: the board, a player, the clock, someone's absence, or a server's limit).
//!
//! ```
//! use rules::{Color, Decider, DrawReason, Outcome, OutcomeKind, WinReason};
//! let flag = Outcome::win(Color::White, WinReason::Timeout);
//! assert_eq!(flag.label(), "timeout-white-wins");
//! assert_eq!("timeout-white-wins".parse::<Outcome>(), Ok(flag));
//! assert_eq!(flag.decided_by(), Decider::Clock);
//! assert_eq!(Outcome::draw(DrawReason::Stalemate).kind(), OutcomeKind::Draw);
//! assert_eq!("aborted".parse::<Outcome>(), Ok(Outcome::Aborted));
//! assert!("checkmate-draw".parse::<Outcome>().is_err());
//! ```

use core::fmt;
use core::str::FromStr;

use strum::VariantArray;

use crate::pgn::Score;
use crate::{Color, DrawClaim};

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, VariantArray)]
pub enum WinReason {
    /// The loser is in check and has no legal move.
    Checkmate,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out (a flag fell) while the winner could still mate.
    Timeout,
    /// The loser was away for the whole countdown after both sides had moved, and the winner
    /// claimed the game.
    Abandonment,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, VariantArray)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check (automatic).
    Stalemate,
    /// Neither side can ever mate (automatic).
    DeadPosition,
    /// The count ran out before mate (automatic).
    CountingExpired,
    /// Claimed after 50 moves of each side without a capture or pawn move.
    FiftyMoves,
    /// Claimed on the third occurrence of the same position with the same side to move.
    Threefold,
    /// Both players agreed.
    Agreement,
    /// A flag fell, but the other side could never mate (no mating material).
    Timeout,
    /// The game reached the server's cap on a game's length in plies (far beyond any real
    /// game: it bounds what one game may store). Online only; the claims stay claims.
    PlyCap,
}

impl From<DrawClaim> for DrawReason {
    fn from(claim: DrawClaim) -> DrawReason {
        match claim {
            DrawClaim::FiftyMoves => DrawReason::FiftyMoves,
            DrawClaim::Threefold => DrawReason::Threefold,
        }
    }
}

/// How a game ended: a win, a draw, or an abort.
///
/// With the `serde` feature it is written as its [label](Outcome::label), a JSON string such as
/// `"checkmate-white-wins"`, and read back from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumDiscriminants)]
#[strum_discriminants(name(OutcomeKind), derive(Hash, VariantArray))]
#[strum_discriminants(doc = "Whether an [`Outcome`] has a winner, is a draw, or has no result.")]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// The game was drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
    /// The game ended before both sides had moved: no result (neither a win nor a draw).
    Aborted,
}

/// Who or what ended a game: the one classification of every [`Outcome`]
/// ([`Outcome::decided_by`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, VariantArray)]
pub enum Decider {
    /// The position on the board, by itself: checkmate, stalemate, a dead position, an expired
    /// count. The moves show it, and [`crate::Game`] reports it as soon as it happens.
    Board,
    /// A player's act that the rules check: resignation, an agreed draw, a claimed draw.
    Player,
    /// A clock: a flag fell (a win, or a draw when the other side cannot mate).
    Clock,
    /// Someone's absence, which only a server sees: a player away for the whole countdown
    /// (abandonment), or a game that never got going (aborted before both sides had moved).
    Absence,
    /// A limit the server puts on every game: the ply cap (a draw).
    Limit,
}

/// The number of outcomes in [`Outcome::ALL`].
const COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < OutcomeKind::VARIANTS.len() {
        n += match OutcomeKind::VARIANTS[i] {
            OutcomeKind::Win => WinReason::VARIANTS.len() * Color::ALL.len(),
            OutcomeKind::Draw => DrawReason::VARIANTS.len(),
            OutcomeKind::Aborted => 1,
        };
        i += 1;
    }
    n
};

impl Outcome {
    /// Every outcome, derived from the variants (a new reason or kind joins it by itself): for
    /// each kind, each win reason for White then Black, each draw reason, the abort.
    pub const ALL: [Outcome; COUNT] = {
        let mut all = [Outcome::Aborted; COUNT];
        let mut n = 0;
        let mut k = 0;
        while k < OutcomeKind::VARIANTS.len() {
            match OutcomeKind::VARIANTS[k] {
                OutcomeKind::Win => {
                    let mut r = 0;
                    while r < WinReason::VARIANTS.len() {
                        let mut c = 0;
                        while c < Color::ALL.len() {
                            all[n] = Outcome::win(Color::ALL[c], WinReason::VARIANTS[r]);
                            n += 1;
                            c += 1;
                        }
                        r += 1;
                    }
                }
                OutcomeKind::Draw => {
                    let mut r = 0;
                    while r < DrawReason::VARIANTS.len() {
                        all[n] = Outcome::draw(DrawReason::VARIANTS[r]);
                        n += 1;
                        r += 1;
                    }
                }
                OutcomeKind::Aborted => {
                    all[n] = Outcome::Aborted;
                    n += 1;
                }
            }
            k += 1;
        }
        all
    };

    /// A win of `winner` for `reason`.
    #[must_use]
    pub const fn win(winner: Color, reason: WinReason) -> Outcome {
        Outcome::Win { winner, reason }
    }

    /// A draw for `reason`.
    #[must_use]
    pub const fn draw(reason: DrawReason) -> Outcome {
        Outcome::Draw { reason }
    }

    /// The winner, or `None` for a draw or an abort.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } | Outcome::Aborted => None,
        }
    }

    /// A win, a draw, or no result.
    #[must_use]
    pub fn kind(self) -> OutcomeKind {
        OutcomeKind::from(self)
    }

    /// `true` for an aborted game (no result at all).
    #[must_use]
    pub const fn is_aborted(self) -> bool {
        matches!(self, Outcome::Aborted)
    }

    /// Who or what ended the game (see [`Decider`]).
    ///
    /// ```
    /// use rules::{Color, Decider, DrawReason, Outcome, WinReason};
    /// assert_eq!(Outcome::win(Color::Black, WinReason::Checkmate).decided_by(), Decider::Board);
    /// assert_eq!(Outcome::draw(DrawReason::Threefold).decided_by(), Decider::Player);
    /// assert_eq!(Outcome::draw(DrawReason::Timeout).decided_by(), Decider::Clock);
    /// assert_eq!(Outcome::Aborted.decided_by(), Decider::Absence);
    /// assert_eq!(Outcome::draw(DrawReason::PlyCap).decided_by(), Decider::Limit);
    /// ```
    #[must_use]
    pub const fn decided_by(self) -> Decider {
        match self {
            Outcome::Win { reason, .. } => match reason {
                WinReason::Checkmate => Decider::Board,
                WinReason::Resignation => Decider::Player,
                WinReason::Timeout => Decider::Clock,
                WinReason::Abandonment => Decider::Absence,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate | DrawReason::DeadPosition | DrawReason::CountingExpired => {
                    Decider::Board
                }
                DrawReason::FiftyMoves | DrawReason::Threefold | DrawReason::Agreement => {
                    Decider::Player
                }
                DrawReason::Timeout => Decider::Clock,
                DrawReason::PlyCap => Decider::Limit,
            },
            Outcome::Aborted => Decider::Absence,
        }
    }

    /// The result token in PGN: `1-0`, `0-1`, `1/2-1/2`, or `*` for an abort (no result).
    #[must_use]
    pub const fn score(self) -> Score {
        match self {
            Outcome::Win { winner, .. } => Score::of_winner(Some(winner)),
            Outcome::Draw { .. } => Score::Draw,
            Outcome::Aborted => Score::Unfinished,
        }
    }

    /// The stable kebab-case label, as the wire and the stores write it:
    /// `checkmate-white-wins`, `resign-black-wins`, `timeout-white-wins`, `timeout-draw`,
    /// `abandoned-black-wins`, `stalemate`, `dead-position`, `counting-draw`, `fifty-move`,
    /// `threefold`, `agreement`, `ply-cap` or `aborted`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        use Color::{Black, White};
        match self {
            Outcome::Win { winner, reason } => match (reason, winner) {
                (WinReason::Checkmate, White) => "checkmate-white-wins",
                (WinReason::Checkmate, Black) => "checkmate-black-wins",
                (WinReason::Resignation, White) => "resign-white-wins",
                (WinReason::Resignation, Black) => "resign-black-wins",
                (WinReason::Timeout, White) => "timeout-white-wins",
                (WinReason::Timeout, Black) => "timeout-black-wins",
                (WinReason::Abandonment, White) => "abandoned-white-wins",
                (WinReason::Abandonment, Black) => "abandoned-black-wins",
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::DeadPosition => "dead-position",
                DrawReason::CountingExpired => "counting-draw",
                DrawReason::FiftyMoves => "fifty-move",
                DrawReason::Threefold => "threefold",
                DrawReason::Agreement => "agreement",
                DrawReason::Timeout => "timeout-draw",
                DrawReason::PlyCap => "ply-cap",
            },
            Outcome::Aborted => "aborted",
        }
    }
}

impl Outcome {
    /// The outcome whose [label](Outcome::label) is `label`, exactly (no other case or
    /// spacing); `None` for any other text. [`FromStr`] gives the same with an error.
    #[must_use]
    pub fn from_label(label: &str) -> Option<Outcome> {
        let i = LABELS.iter().position(|&l| l == label)?;
        Outcome::ALL.get(i).copied()
    }
}

/// The state of a game as lichess's API names it (its `status` field), for the games this
/// server exports and streams ([`GameStatus::name`]).
///
/// Every [`Outcome`] maps onto one ([`Outcome::game_status`]): checkmate `mate`, resignation
/// `resign`, a fallen flag `outoftime` (a win, or a draw when the other side cannot mate),
/// abandonment `timeout` (lichess's word for a player who left), stalemate `stalemate`, the
/// board's own ends that lichess leaves to variants (a dead position, an expired count)
/// `variantEnd`, the other draws (agreement, claims, the ply cap) `draw`, an abort `aborted`.
/// `created`, `started` and `noStart` are states no outcome maps to: a game waiting for its
/// players, a game in progress, and a game whose first player never moved (which the server
/// records as aborted; a caller that knows it says so).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, VariantArray)]
pub enum GameStatus {
    /// `created`: the game waits for its players.
    Created,
    /// `started`: in progress.
    Started,
    /// `aborted`: ended before both sides moved.
    Aborted,
    /// `mate`.
    Mate,
    /// `resign`.
    Resign,
    /// `stalemate`.
    Stalemate,
    /// `timeout`: a player left and the other claimed the game.
    Timeout,
    /// `draw`: agreed or claimed, or the ply cap.
    Draw,
    /// `outoftime`: a flag fell.
    OutOfTime,
    /// `noStart`: a player did not make their first move in time.
    NoStart,
    /// `variantEnd`: the variant's own end (an expired count, a dead position).
    VariantEnd,
}

impl GameStatus {
    /// The lichess name (`mate`, `outoftime`, `variantEnd`...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameStatus::Created => "created",
            GameStatus::Started => "started",
            GameStatus::Aborted => "aborted",
            GameStatus::Mate => "mate",
            GameStatus::Resign => "resign",
            GameStatus::Stalemate => "stalemate",
            GameStatus::Timeout => "timeout",
            GameStatus::Draw => "draw",
            GameStatus::OutOfTime => "outoftime",
            GameStatus::NoStart => "noStart",
            GameStatus::VariantEnd => "variantEnd",
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Outcome {
    /// The lichess status of a game that ended so (see [`GameStatus`]).
    #[must_use]
    pub const fn game_status(self) -> GameStatus {
        match self {
            Outcome::Win { reason, .. } => match reason {
                WinReason::Checkmate => GameStatus::Mate,
                WinReason::Resignation => GameStatus::Resign,
                WinReason::Timeout => GameStatus::OutOfTime,
                WinReason::Abandonment => GameStatus::Timeout,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate => GameStatus::Stalemate,
                DrawReason::DeadPosition | DrawReason::CountingExpired => GameStatus::VariantEnd,
                DrawReason::Timeout => GameStatus::OutOfTime,
                DrawReason::FiftyMoves
                | DrawReason::Threefold
                | DrawReason::Agreement
                | DrawReason::PlyCap => GameStatus::Draw,
            },
            Outcome::Aborted => GameStatus::Aborted,
        }
    }
}

/// The label of each outcome of [`Outcome::ALL`], in its order (computed at compile time, so
/// reading a label searches a table of text).
const LABELS: [&str; COUNT] = {
    let mut labels = [""; COUNT];
    let mut i = 0;
    while i < COUNT {
        labels[i] = Outcome::ALL[i].label();
        i += 1;
    }
    labels
};

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A text that is not an [`Outcome`]'s label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseOutcomeError(String);

impl fmt::Display for ParseOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown result label \"{}\"", self.0)
    }
}

impl std::error::Error for ParseOutcomeError {}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// The outcome whose [label](Outcome::label) is `s` ([`Outcome::from_label`]).
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        Outcome::from_label(s).ok_or_else(|| ParseOutcomeError(s.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.label())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        let label = String::deserialize(deserializer)?;
        label.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_outcome_has_its_lichess_status() {
        use Color::{Black, White};
        let table = [
            (Outcome::win(White, WinReason::Checkmate), "mate"),
            (Outcome::win(Black, WinReason::Resignation), "resign"),
            (Outcome::win(White, WinReason::Timeout), "outoftime"),
            (Outcome::win(Black, WinReason::Abandonment), "timeout"),
            (Outcome::draw(DrawReason::Stalemate), "stalemate"),
            (Outcome::draw(DrawReason::DeadPosition), "variantEnd"),
            (Outcome::draw(DrawReason::CountingExpired), "variantEnd"),
            (Outcome::draw(DrawReason::FiftyMoves), "draw"),
            (Outcome::draw(DrawReason::Threefold), "draw"),
            (Outcome::draw(DrawReason::Agreement), "draw"),
            (Outcome::draw(DrawReason::Timeout), "outoftime"),
            (Outcome::draw(DrawReason::PlyCap), "draw"),
            (Outcome::Aborted, "aborted"),
        ];
        // Every outcome is in the table (a win of either side as White's).
        for o in Outcome::ALL {
            let as_white = match o {
                Outcome::Win { reason, .. } => Outcome::win(White, reason),
                o => o,
            };
            let row = table
                .iter()
                .find(|(x, _)| match *x {
                    Outcome::Win { reason, .. } => Outcome::win(White, reason) == as_white,
                    x => x == as_white,
                })
                .unwrap_or_else(|| panic!("{o} is not in the table"));
            assert_eq!(o.game_status().name(), row.1, "{o}");
        }
        let names: HashSet<&str> = GameStatus::VARIANTS.iter().map(|s| s.name()).collect();
        assert_eq!(
            names.len(),
            GameStatus::VARIANTS.len(),
            "names are distinct"
        );
        assert_eq!(GameStatus::NoStart.to_string(), "noStart");
    }

    #[test]
    fn every_outcome_is_listed_once_and_its_label_reads_back() {
        let all: HashSet<Outcome> = Outcome::ALL.into_iter().collect();
        assert_eq!(all.len(), Outcome::ALL.len());
        let labels: HashSet<&str> = Outcome::ALL.into_iter().map(Outcome::label).collect();
        assert_eq!(labels.len(), Outcome::ALL.len(), "labels are distinct");
        for o in Outcome::ALL {
            assert_eq!(o.label().parse::<Outcome>(), Ok(o));
            assert_eq!(o.to_string(), o.label());
            assert!(
                o.label()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{o:?}: kebab-case"
            );
        }
        // Every kind and every reason with every winner it can have.
        for kind in OutcomeKind::VARIANTS {
            assert!(Outcome::ALL.iter().any(|o| o.kind() == *kind), "{kind:?}");
        }
        for &reason in WinReason::VARIANTS {
            for winner in Color::ALL {
                assert!(all.contains(&Outcome::win(winner, reason)));
            }
        }
        for &reason in DrawReason::VARIANTS {
            assert!(all.contains(&Outcome::draw(reason)));
        }
        for bad in [
            "",
            "Checkmate-white-wins",
            "checkmate",
            "checkmate-draw",
            " aborted",
        ] {
            assert_eq!(
                bad.parse::<Outcome>(),
                Err(ParseOutcomeError(bad.to_owned()))
            );
        }
        assert_eq!(
            "won".parse::<Outcome>().map_err(|e| e.to_string()),
            Err("unknown result label \"won\"".to_owned())
        );
    }

    #[test]
    fn the_classification_agrees_with_the_winner_and_the_score() {
        for o in Outcome::ALL {
            match o.kind() {
                OutcomeKind::Win => {
                    let w = o.winner().expect("a winner");
                    assert!(o.label().ends_with(match w {
                        Color::White => "-white-wins",
                        Color::Black => "-black-wins",
                    }));
                    assert_eq!(o.score(), Score::of_winner(Some(w)));
                }
                OutcomeKind::Draw => {
                    assert_eq!(o.winner(), None);
                    assert!(!o.label().ends_with("-wins"));
                    assert_eq!(o.score(), Score::Draw);
                }
                OutcomeKind::Aborted => {
                    assert_eq!((o.winner(), o.score()), (None, Score::Unfinished));
                    assert!(o.is_aborted());
                }
            }
            assert_eq!(o.is_aborted(), o.kind() == OutcomeKind::Aborted);
        }
        let by = |d: Decider| -> Vec<&str> {
            Outcome::ALL
                .into_iter()
                .filter(|o| o.decided_by() == d)
                .map(Outcome::label)
                .collect()
        };
        assert_eq!(
            by(Decider::Board),
            [
                "checkmate-white-wins",
                "checkmate-black-wins",
                "stalemate",
                "dead-position",
                "counting-draw"
            ]
        );
        assert_eq!(
            by(Decider::Player),
            [
                "resign-white-wins",
                "resign-black-wins",
                "fifty-move",
                "threefold",
                "agreement"
            ]
        );
        assert_eq!(
            by(Decider::Clock),
            ["timeout-white-wins", "timeout-black-wins", "timeout-draw"]
        );
        assert_eq!(
            by(Decider::Absence),
            ["abandoned-white-wins", "abandoned-black-wins", "aborted"]
        );
        assert_eq!(by(Decider::Limit), ["ply-cap"]);
    }

    #[test]
    fn a_claim_is_drawn_for_its_own_reason() {
        assert_eq!(
            DrawReason::from(DrawClaim::FiftyMoves),
            DrawReason::FiftyMoves
        );
        assert_eq!(
            DrawReason::from(DrawClaim::Threefold),
            DrawReason::Threefold
        );
    }
}
