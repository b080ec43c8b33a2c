use crate::{Bitboard, Color, Piece, Role, Square};

/// The state of the count (the counting rule of ASEAN chess), as the reference FEN writes it.
///
/// The count exists only when one side has nothing but its king and no pawn of either colour is
/// left. Its limit, fixed by the attacking side's material when the count is set, is 16 moves
/// (32 plies) with a rook, else 44 moves (88 plies) with a khon, else 64 moves (128 plies) with a
/// knight; with only mets there is no count. The lone king's first move is counted ply 1. The game
/// is drawn as soon as `ply` exceeds `limit_plies`, unless that position is checkmate. Source: the
/// 2011 ASEAN Laws as implemented by the reference engine (`shared/reference/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Counting {
    /// The limit in plies: 32 (rook), 88 (khon) or 128 (knight).
    pub limit_plies: u16,
    /// Plies counted so far; 0 right after the count is set.
    pub ply: u16,
}

impl Counting {
    /// The limit in moves of the attacking side: 16, 44 or 64.
    ///
    /// ```
    /// use rules::Counting;
    /// assert_eq!(Counting { limit_plies: 32, ply: 0 }.limit_moves(), 16);
    /// ```
    #[must_use]
    pub const fn limit_moves(self) -> u16 {
        self.limit_plies.div_ceil(2)
    }

    /// The piece whose presence set the limit: rook (32 plies), khon (88) or knight (128 or any
    /// other value read from a FEN).
    #[must_use]
    pub const fn limiting_role(self) -> Role {
        match self.limit_plies {
            32 => Role::Rook,
            88 => Role::Khon,
            _ => Role::Knight,
        }
    }

    /// The counted moves so far, `(ply + 1) / 2`: the lone king's first move starts move 1.
    ///
    /// ```
    /// use rules::Counting;
    /// assert_eq!(Counting { limit_plies: 32, ply: 0 }.moves_used(), 0);
    /// assert_eq!(Counting { limit_plies: 32, ply: 1 }.moves_used(), 1);
    /// assert_eq!(Counting { limit_plies: 32, ply: 2 }.moves_used(), 1);
    /// assert_eq!(Counting { limit_plies: 32, ply: 32 }.moves_used(), 16);
    /// ```
    #[must_use]
    pub const fn moves_used(self) -> u16 {
        self.ply.div_ceil(2)
    }

    /// `true` once the counted ply exceeds the limit (the game is then drawn unless the position
    /// is checkmate).
    #[must_use]
    pub const fn is_expired(self) -> bool {
        self.ply > self.limit_plies
    }

    /// The limit in plies for an attacker with this material, or `None` (mets only: no count).
    pub(crate) fn limit_for(
        attacker_rooks: bool,
        attacker_khons: bool,
        attacker_knights: bool,
    ) -> Option<u16> {
        if attacker_rooks {
            Some(32)
        } else if attacker_khons {
            Some(88)
        } else if attacker_knights {
            Some(128)
        } else {
            None
        }
    }
}

/// A position that is not necessarily legal: what a FEN describes before validation.
///
/// Turn it into a [`crate::Position`] with [`crate::Position::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`] (a1 = 0).
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture or pawn move (the 50-move clock).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
    /// The running count, if any.
    pub counting: Option<Counting>,
}

impl Setup {
    /// An empty board, White to move, clocks at zero and move number 1.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            halfmoves: 0,
            fullmoves: 1,
            counting: None,
        }
    }

    /// The squares holding pieces of `color`.
    #[must_use]
    pub fn occupied_by(&self, color: Color) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|sq| self.board[sq.index()].is_some_and(|p| p.color == color))
            .collect()
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}
