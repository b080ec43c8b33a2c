use core::fmt;

use crate::Color;

/// The kind of a piece, without its colour.
///
/// FEN and SAN letters follow the reference dialect: `K` king, `Q` met, `B` khon, `N` knight,
/// `R` rook, `P` pawn. The user interface calls the pieces by their names (khon, met).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Role {
    /// Pawn (bia): one step forward, captures one step diagonally forward.
    Pawn = 0,
    /// Knight (ma): as in chess.
    Knight = 1,
    /// Khon: one step diagonally, or one step straight forward. FEN letter `B`.
    Khon = 2,
    /// Met: one step diagonally. FEN letter `Q`.
    Met = 3,
    /// Rook (ruea): as in chess.
    Rook = 4,
    /// King (khun): one step in any direction; no castling.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Khon,
        Role::Met,
        Role::Rook,
        Role::King,
    ];

    /// Parses a FEN/SAN letter of either case (`p n b q r k`); `None` for anything else.
    ///
    /// ```
    /// use rules::Role;
    /// assert_eq!(Role::from_char('B'), Some(Role::Khon));
    /// assert_eq!(Role::from_char('q'), Some(Role::Met));
    /// ```
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Role> {
        match ch.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Khon),
            'q' => Some(Role::Met),
            'r' => Some(Role::Rook),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The lower-case FEN letter (`'b'` for the khon, `'q'` for the met).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Khon => 'b',
            Role::Met => 'q',
            Role::Rook => 'r',
            Role::King => 'k',
        }
    }

    /// The upper-case letter used in SAN (`'B'` for the khon, `'Q'` for the met).
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The English name of the role: `"pawn"`, `"knight"`, `"khon"`, `"met"`, `"rook"`, `"king"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Khon => "khon",
            Role::Met => "met",
            Role::Rook => "rook",
            Role::King => "king",
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Parses a FEN piece letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use rules::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('q'), Some(Piece { color: Color::Black, role: Role::Met }));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Piece> {
        match Role::from_char(ch) {
            Some(role) => Some(Piece {
                color: if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The squares this piece attacks from `sq` with the board occupied by `occupied` (only
    /// the rook's rays depend on it). A pawn attacks the two squares diagonally forward, a khon
    /// its four diagonal neighbours and the square straight ahead, forward being towards the
    /// opponent's side.
    ///
    /// ```
    /// use rules::{Bitboard, Color, Piece, Role, Square};
    /// let khon = Piece { color: Color::White, role: Role::Khon };
    /// assert_eq!(khon.attacks("d4".parse().unwrap(), Bitboard::EMPTY).count(), 5);
    /// let rook = Piece { color: Color::Black, role: Role::Rook };
    /// let blocker = Bitboard::from_square("a3".parse().unwrap());
    /// assert_eq!(rook.attacks(Square::A1, blocker).count(), 2 + 7);
    /// ```
    #[inline]
    #[must_use]
    pub fn attacks(self, sq: crate::Square, occupied: crate::Bitboard) -> crate::Bitboard {
        use crate::attacks;
        match self.role {
            Role::Pawn => attacks::pawn(self.color, sq),
            Role::Knight => attacks::knight(sq),
            Role::Khon => attacks::khon(self.color, sq),
            Role::Met => attacks::met(sq),
            Role::Rook => attacks::rook(sq, occupied),
            Role::King => attacks::king(sq),
        }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }
}
