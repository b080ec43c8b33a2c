//! What earlier searches learnt about quiet moves, for ordering and reductions.
//!
//! - The **butterfly history**: per side, origin and destination, how often the move caused a
//!   beta cut-off (a bonus that grows with depth) against how often it was tried and did not
//!   (the same malus).
//! - The **counter-move**: per piece and destination of the opponent's last move, the quiet
//!   reply that refuted it last.
//! - The **continuation histories**: per piece and destination of the move one and two plies
//!   earlier, and per piece and destination of this move, the same bonus and malus. They learn
//!   follow-ups (a plan) where the butterfly table learns single moves.
//!
//! Each score stays within `-HISTORY_MAX..=HISTORY_MAX` by the usual gravity update
//! (`h += bonus - h * |bonus| / HISTORY_MAX`), so old knowledge fades as new arrives.

use rules::{Color, Move, Piece, Role};

/// The bound of every history score.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// A piece and the square it moved to: the index of a continuation table (12 pieces x 64).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PieceTo(u16);

impl PieceTo {
    pub(crate) fn new(piece: Piece, m: Move) -> PieceTo {
        let role = m.promotion.map_or(piece.role, |_| Role::Pawn);
        let p = piece.color as usize * 6 + role as usize;
        PieceTo((p * 64 + m.to.index()) as u16)
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}

const PIECE_TO: usize = 12 * 64;

/// The bonus (and malus) for a cut-off at `depth` plies.
pub(crate) fn bonus(depth: i32) -> i32 {
    (depth * depth * 16 + depth * 32).min(1_600)
}

fn gravity(h: &mut i16, bonus: i32) {
    let v = i32::from(*h);
    let next = v + bonus - v * bonus.abs() / HISTORY_MAX;
    *h = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// The tables, kept from move to move within a game.
#[derive(Debug, Clone)]
pub(crate) struct History {
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    counter: Box<[Option<Move>; PIECE_TO]>,
    /// Indexed by the earlier move's [`PieceTo`], then this move's.
    continuation: Box<[[i16; PIECE_TO]]>,
}

impl Default for History {
    fn default() -> History {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([None; PIECE_TO]),
            continuation: vec![[0; PIECE_TO]; PIECE_TO].into_boxed_slice(),
        }
    }
}

/// The earlier moves a node's continuation scores follow: one and two plies back (`None` at
/// the root's first plies or after a null move).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Followed {
    pub(crate) one: Option<PieceTo>,
    pub(crate) two: Option<PieceTo>,
}

impl History {
    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        *self = History::default();
    }

    /// Keeps a quarter of what was learnt (a new search of the same game).
    pub(crate) fn age(&mut self) {
        for v in self.butterfly.iter_mut().flatten().flatten() {
            *v /= 4;
        }
        for v in self.continuation.iter_mut().flatten() {
            *v /= 4;
        }
    }

    /// The ordering score of the quiet move `m` of `side` (`piece` is what moves).
    pub(crate) fn quiet_score(
        &self,
        side: Color,
        piece: Piece,
        m: Move,
        followed: Followed,
    ) -> i32 {
        let to = PieceTo::new(piece, m);
        let mut s = i32::from(self.butterfly[side as usize][m.from.index()][m.to.index()]);
        if let Some(one) = followed.one {
            s += i32::from(self.continuation[one.index()][to.index()]);
        }
        if let Some(two) = followed.two {
            s += i32::from(self.continuation[two.index()][to.index()]);
        }
        s
    }

    /// The quiet reply that last refuted the opponent's move `previous`.
    pub(crate) fn counter(&self, previous: Option<PieceTo>) -> Option<Move> {
        previous.and_then(|p| self.counter[p.index()])
    }

    /// Rewards the quiet move `best` that caused a cut-off at `depth` and punishes the quiet
    /// moves tried before it (`tried`, each with the piece that moved).
    pub(crate) fn update_quiets(
        &mut self,
        side: Color,
        best: (Piece, Move),
        tried: &[(Piece, Move)],
        depth: i32,
        followed: Followed,
    ) {
        let b = bonus(depth);
        self.update(side, best, b, followed);
        for &q in tried {
            if q.1 != best.1 {
                self.update(side, q, -b, followed);
            }
        }
        if let Some(one) = followed.one {
            self.counter[one.index()] = Some(best.1);
        }
    }

    fn update(&mut self, side: Color, (piece, m): (Piece, Move), bonus: i32, followed: Followed) {
        gravity(
            &mut self.butterfly[side as usize][m.from.index()][m.to.index()],
            bonus,
        );
        let to = PieceTo::new(piece, m);
        for earlier in [followed.one, followed.two].into_iter().flatten() {
            gravity(&mut self.continuation[earlier.index()][to.index()], bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Square;

    fn mv(from: &str, to: &str) -> Move {
        Move {
            from: from.parse::<Square>().expect("square"),
            to: to.parse::<Square>().expect("square"),
            promotion: None,
        }
    }

    const KNIGHT: Piece = Piece {
        color: Color::White,
        role: Role::Knight,
    };

    #[test]
    fn a_cut_off_move_outranks_the_moves_tried_before_it() {
        let mut h = History::default();
        let good = (KNIGHT, mv("b1", "c3"));
        let bad = (KNIGHT, mv("b1", "a3"));
        let f = Followed::default();
        h.update_quiets(Color::White, good, &[bad, good], 6, f);
        assert!(h.quiet_score(Color::White, good.0, good.1, f) > 0);
        assert!(h.quiet_score(Color::White, bad.0, bad.1, f) < 0);
        assert_eq!(h.quiet_score(Color::Black, good.0, good.1, f), 0);
    }

    #[test]
    fn scores_stay_bounded_and_counter_moves_are_remembered() {
        let mut h = History::default();
        let prev = PieceTo::new(
            Piece {
                color: Color::Black,
                role: Role::Pawn,
            },
            mv("e6", "e5"),
        );
        let f = Followed {
            one: Some(prev),
            two: None,
        };
        let good = (KNIGHT, mv("g1", "f3"));
        for _ in 0..1_000 {
            h.update_quiets(Color::White, good, &[], 20, f);
        }
        let s = h.quiet_score(Color::White, good.0, good.1, f);
        assert!(s > 0 && s <= 2 * HISTORY_MAX, "{s}");
        assert_eq!(h.counter(Some(prev)), Some(good.1));
        h.age();
        assert!(h.quiet_score(Color::White, good.0, good.1, f) <= s / 4 + 1);
    }
}
