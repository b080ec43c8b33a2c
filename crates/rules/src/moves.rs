use core::fmt;

use arrayvec::ArrayVec;

use crate::{Role, Square};

/// A move: from a square to a square, with the promotion role when a pawn reaches the last rank.
///
/// A `Move` says nothing about legality: check it with [`crate::Position::is_legal`], or obtain
/// moves from [`crate::Position::legal_moves`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to (capturing what stands there).
    pub to: Square,
    /// The role a pawn becomes on the last rank; `None` for every other move.
    pub promotion: Option<Role>,
}

impl Move {
    /// The move in UCI notation: `e3e4`, or `a7a8r` for a promotion (suffix `r n b q` for rook,
    /// knight, khon, met).
    ///
    /// ```
    /// use rules::{Move, Role};
    /// let m = Move { from: "a7".parse().unwrap(), to: "a8".parse().unwrap(), promotion: Some(Role::Khon) };
    /// assert_eq!(m.to_uci(), "a7a8b");
    /// ```
    #[must_use]
    pub fn to_uci(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    /// Writes the UCI form, as [`Move::to_uci`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// The most legal moves a position of this game can have is well under this bound.
pub const MAX_LEGAL_MOVES: usize = 256;

/// A list of moves on the stack, as returned by [`crate::Position::legal_moves`].
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;
