//! UCI move notation: `e3e4`, and `a7a8r` for a promotion (suffix `r n b q`: rook, knight,
//! khon, met).
//!
//! A wire move is not a legal move: [`UciMove`] parses the text without a position, and
//! [`UciMove::to_move`] checks it against one.

use core::{fmt, str::FromStr};

use crate::{Move, Position, Role, Square};

/// A move in UCI notation, parsed but not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to.
    pub to: Square,
    /// The promotion role, from the optional fifth letter.
    pub promotion: Option<Role>,
}

/// A UCI move that is malformed or not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciError {
    /// The text is not of the form `e3e4` or `a7a8r`.
    Syntax,
    /// The move is well formed but not legal in the position.
    Illegal(UciMove),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax => f.write_str("invalid UCI move (expected e.g. e3e4 or a7a8r)"),
            UciError::Illegal(m) => write!(f, "illegal move {m}"),
        }
    }
}

impl std::error::Error for UciError {}

impl FromStr for UciMove {
    type Err = UciError;

    /// Parses `e3e4` or `a7a8r` (promotion letter `r n b q`, lower case).
    fn from_str(s: &str) -> Result<UciMove, UciError> {
        let b = s.as_bytes();
        if !(b.len() == 4 || b.len() == 5) {
            return Err(UciError::Syntax);
        }
        let from = Square::from_ascii(&b[0..2]).ok_or(UciError::Syntax)?;
        let to = Square::from_ascii(&b[2..4]).ok_or(UciError::Syntax)?;
        let promotion = match b.get(4) {
            None => None,
            Some(b'r') => Some(Role::Rook),
            Some(b'n') => Some(Role::Knight),
            Some(b'b') => Some(Role::Khon),
            Some(b'q') => Some(Role::Met),
            Some(_) => return Err(UciError::Syntax),
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Move {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
        .fmt(f)
    }
}

impl UciMove {
    /// The legal move of `pos` this UCI move names.
    ///
    /// # Errors
    /// [`UciError::Illegal`] when it is not legal in `pos` (including a missing or forbidden
    /// promotion letter).
    pub fn to_move(self, pos: &Position) -> Result<Move, UciError> {
        let m = Move {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        };
        if pos.is_legal(m) {
            Ok(m)
        } else {
            Err(UciError::Illegal(self))
        }
    }
}

impl Position {
    /// Parses a UCI move and checks that it is legal here.
    ///
    /// # Errors
    /// [`UciError::Syntax`] for malformed text, [`UciError::Illegal`] for a move not legal here.
    ///
    /// ```
    /// use rules::{Position, Rules, UciError};
    /// let pos = Position::new(Rules::default());
    /// assert!(pos.parse_uci("e3e4").is_ok());
    /// assert!(matches!(pos.parse_uci("e3e5"), Err(UciError::Illegal(_))));
    /// assert_eq!(pos.parse_uci("hello"), Err(UciError::Syntax));
    /// ```
    pub fn parse_uci(&self, uci: &str) -> Result<Move, UciError> {
        uci.parse::<UciMove>()?.to_move(self)
    }
}
