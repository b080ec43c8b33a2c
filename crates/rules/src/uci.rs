//! UCI move notation: `e3e4`, and `a7a8r` for a promotion (suffix `r n b q`: rook, knight,
//! khon, met).
//!
//! A wire move is not a legal move: [`UciMove`] parses the text without a position (failing
//! with [`ParseUciMoveError`]), and [`UciMove::to_move`] checks it against one (failing with
//! [`IllegalMoveError`]); [`Position::parse_uci`] does both ([`ReadUciError`] says which step
//! failed).

use core::{fmt, str::FromStr};

use crate::{IllegalMoveError, Move, Position, Role, Square};

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

/// Text that is not a UCI move: not of the form `e3e4` or `a7a8r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseUciMoveError;

impl fmt::Display for ParseUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid UCI move (expected e.g. e3e4 or a7a8r)")
    }
}

impl std::error::Error for ParseUciMoveError {}

/// UCI text that does not name a legal move of a position: either it is not a UCI move at all,
/// or the move it names is not legal there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadUciError {
    /// The text is not a UCI move.
    Parse(ParseUciMoveError),
    /// The text is a UCI move, not legal in the position.
    Illegal(IllegalMoveError),
}

impl fmt::Display for ReadUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadUciError::Parse(e) => e.fmt(f),
            ReadUciError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadUciError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadUciError::Parse(e) => Some(e),
            ReadUciError::Illegal(e) => Some(e),
        }
    }
}

impl From<ParseUciMoveError> for ReadUciError {
    fn from(e: ParseUciMoveError) -> ReadUciError {
        ReadUciError::Parse(e)
    }
}

impl From<IllegalMoveError> for ReadUciError {
    fn from(e: IllegalMoveError) -> ReadUciError {
        ReadUciError::Illegal(e)
    }
}

impl FromStr for UciMove {
    type Err = ParseUciMoveError;

    /// Parses `e3e4` or `a7a8r` (promotion letter `r n b q`, lower case), without a position.
    fn from_str(s: &str) -> Result<UciMove, ParseUciMoveError> {
        let b = s.as_bytes();
        if !(b.len() == 4 || b.len() == 5) {
            return Err(ParseUciMoveError);
        }
        let from = Square::from_ascii(&b[0..2]).ok_or(ParseUciMoveError)?;
        let to = Square::from_ascii(&b[2..4]).ok_or(ParseUciMoveError)?;
        let promotion = match b.get(4) {
            None => None,
            Some(b'r') => Some(Role::Rook),
            Some(b'n') => Some(Role::Knight),
            Some(b'b') => Some(Role::Khon),
            Some(b'q') => Some(Role::Met),
            Some(_) => return Err(ParseUciMoveError),
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
        Move::from(*self).fmt(f)
    }
}

/// On the wire a UCI move is its text (`"e3e4"`, `"a7a8r"`); text that is not a UCI move is
/// refused with [`ParseUciMoveError`]'s message.
#[cfg(feature = "serde")]
impl serde::Serialize for UciMove {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for UciMove {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<UciMove, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl UciMove {
    /// The legal move of `pos` this UCI move names.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when it is not legal in `pos` (including a missing or forbidden
    /// promotion letter).
    ///
    /// ```
    /// use rules::{IllegalMoveError, Position, UciMove};
    /// let pos = Position::default();
    /// let uci: UciMove = "e3e5".parse().unwrap(); // a UCI move...
    /// assert_eq!(uci.to_move(&pos), Err(IllegalMoveError(uci.into()))); // ...not legal here
    /// ```
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalMoveError> {
        let m = Move::from(self);
        if pos.is_legal(m) {
            Ok(m)
        } else {
            Err(IllegalMoveError(m))
        }
    }
}

impl From<UciMove> for Move {
    /// The move a UCI move names, not necessarily legal anywhere.
    fn from(uci: UciMove) -> Move {
        Move {
            from: uci.from,
            to: uci.to,
            promotion: uci.promotion,
        }
    }
}

impl From<Move> for UciMove {
    /// A move's UCI notation.
    fn from(m: Move) -> UciMove {
        UciMove {
            from: m.from,
            to: m.to,
            promotion: m.promotion,
        }
    }
}

impl Position {
    /// Parses a UCI move and checks that it is legal here.
    ///
    /// # Errors
    /// [`ReadUciError::Parse`] for text that is not a UCI move, [`ReadUciError::Illegal`] for a
    /// move not legal here.
    ///
    /// ```
    /// use rules::{ParseUciMoveError, Position, ReadUciError, Rules};
    /// let pos = Position::new(Rules::default());
    /// assert!(pos.parse_uci("e3e4").is_ok());
    /// assert!(matches!(pos.parse_uci("e3e5"), Err(ReadUciError::Illegal(_))));
    /// assert_eq!(pos.parse_uci("hello"), Err(ReadUciError::Parse(ParseUciMoveError)));
    /// ```
    pub fn parse_uci(&self, uci: &str) -> Result<Move, ReadUciError> {
        Ok(uci.parse::<UciMove>()?.to_move(self)?)
    }
}
