//! Search scores: centipawns for the side to move, with mates encoded near [`MATE`].
//!
//! A mate delivered `n` plies from the root scores `MATE - n` for the winner (`-(MATE - n)` for
//! the loser), so a shorter mate scores higher. Every score the search handles lies within
//! `-INFINITY..=INFINITY`; scores beyond `±MATE_BOUND` are mates.

/// The score of a mate on the board (minus the plies to reach it).
pub const MATE: i32 = 30_000;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score: the initial window of a search.
pub(crate) const INFINITY: i32 = 32_000;
/// The deepest ply the search reaches, quiescence included.
pub(crate) const MAX_PLY: usize = 128;

/// `true` for a mate score (either side's).
pub(crate) fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as reported to a user: centipawns, or moves to mate (negative when being mated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated in that many).
    Mate(i32),
}

impl Score {
    /// The user's view of an internal score `s`.
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_moves_not_plies() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(
            Score::from_internal(MATE_BOUND - 1),
            Score::Cp(MATE_BOUND - 1)
        );
        assert!(is_mate(-MATE_BOUND) && !is_mate(MATE_BOUND - 1));
    }
}
