//! Standard algebraic notation (SAN) in the reference dialect.
//!
//! # What is written
//! The piece letter (`K` king, `Q` met, `B` khon, `N` knight, `R` rook; none for a pawn); for
//! pieces other than pawns, the origin's file, else rank, else full square when another legal move
//! of the same kind of piece reaches the same square; `x` for a capture (a pawn capture always
//! names its file, `exd4`); the target square; `=R`, `=N`, `=B` or `=Q` for a promotion; `+` for
//! check or `#` for checkmate.
//!
//! # What is read
//! The same, with the `+`/`#` suffix, annotation marks (`!`, `?`) and the `=` before a promotion
//! letter optional, and an optional `P` for pawns. A promotion letter may be left out only when a
//! single promotion is allowed (the `met-only` setting).
//!
//! # Errors
//! Reading is two steps, each with its own error: [`San::parse`] reads the text without a
//! position ([`ParseSanError`]: not SAN), and [`San::to_move`] resolves it in one ([`SanError`]:
//! no legal move matches, or several do). [`Position::parse_san`] does both, and
//! [`ReadSanError`] says which step failed.

use core::{fmt, str::FromStr};

use crate::{Move, Position, Role, Square};

/// Text that is not SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseSanError;

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid SAN")
    }
}

impl std::error::Error for ParseSanError {}

/// SAN that names no single legal move of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanError {
    /// No legal move matches.
    Illegal,
    /// More than one legal move matches (the text needs a disambiguation or promotion letter).
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Illegal => "no legal move matches this SAN",
            SanError::Ambiguous => "this SAN matches several legal moves",
        })
    }
}

impl std::error::Error for SanError {}

/// Text that does not name a single legal move of a position: either it is not SAN at all, or the
/// SAN names no legal move or several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadSanError {
    /// The text is not SAN.
    Parse(ParseSanError),
    /// The text is SAN, naming no legal move of the position or several.
    San(SanError),
}

impl fmt::Display for ReadSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadSanError::Parse(e) => e.fmt(f),
            ReadSanError::San(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadSanError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadSanError::Parse(e) => Some(e),
            ReadSanError::San(e) => Some(e),
        }
    }
}

impl From<ParseSanError> for ReadSanError {
    fn from(e: ParseSanError) -> ReadSanError {
        ReadSanError::Parse(e)
    }
}

impl From<SanError> for ReadSanError {
    fn from(e: SanError) -> ReadSanError {
        ReadSanError::San(e)
    }
}

/// A parsed SAN move, not yet resolved against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct San {
    /// The moving piece's role.
    pub role: Role,
    /// The origin file (`0..=7`) when given.
    pub file: Option<u8>,
    /// The origin rank (`0..=7`) when given.
    pub rank: Option<u8>,
    /// `true` when the text marks a capture.
    pub capture: bool,
    /// The target square.
    pub to: Square,
    /// The promotion role when given.
    pub promotion: Option<Role>,
}

impl FromStr for San {
    type Err = ParseSanError;

    /// The same as [`San::parse`].
    fn from_str(text: &str) -> Result<San, ParseSanError> {
        San::parse(text)
    }
}

impl San {
    /// Parses SAN text without a position.
    ///
    /// # Errors
    /// [`ParseSanError`] when the text is not SAN.
    ///
    /// ```
    /// use rules::{Role, san::San};
    /// let san = San::parse("Bcd2").unwrap();
    /// assert_eq!((san.role, san.file), (Role::Khon, Some(2)));
    /// assert!(San::parse("O-O").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<San, ParseSanError> {
        let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let b = text.as_bytes();
        if !b.is_ascii() || b.len() < 2 || b.len() > 8 {
            return Err(ParseSanError);
        }
        let (role, mut rest) = match b[0] {
            b'K' | b'Q' | b'B' | b'N' | b'R' => {
                (Role::from_char(b[0] as char).ok_or(ParseSanError)?, &b[1..])
            }
            b'P' => (Role::Pawn, &b[1..]),
            _ => (Role::Pawn, b),
        };
        // Promotion suffix: "=R" or a bare trailing letter.
        let mut promotion = None;
        if let Some((&last, init)) = rest.split_last()
            && matches!(last, b'R' | b'N' | b'B' | b'Q')
        {
            promotion = Role::from_char(last as char);
            rest = init.strip_suffix(b"=").unwrap_or(init);
        }
        if rest.len() < 2 {
            return Err(ParseSanError);
        }
        let (head, target) = rest.split_at(rest.len() - 2);
        let to = Square::from_ascii(target).ok_or(ParseSanError)?;
        let (head, capture) = match head.strip_suffix(b"x") {
            Some(h) => (h, true),
            None => (head, false),
        };
        let (file, rank) = match head {
            [] => (None, None),
            [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
            [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
            _ => return Err(ParseSanError),
        };
        if promotion.is_some() && role != Role::Pawn {
            return Err(ParseSanError);
        }
        Ok(San {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The one legal move of `pos` this SAN names.
    ///
    /// # Errors
    /// [`SanError::Illegal`] when no legal move matches, [`SanError::Ambiguous`] when several do.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let mut found = None;
        for m in pos.legal_moves() {
            let Some(piece) = pos.piece_at(m.from) else {
                continue;
            };
            if piece.role != self.role
                || m.to != self.to
                || self.file.is_some_and(|f| f != m.from.file())
                || self.rank.is_some_and(|r| r != m.from.rank())
                || (self.capture && !pos.is_capture(m))
                || (self.promotion.is_some() && self.promotion != m.promotion)
            {
                continue;
            }
            if found.is_some() {
                return Err(SanError::Ambiguous);
            }
            found = Some(m);
        }
        found.ok_or(SanError::Illegal)
    }
}

/// Writes a legal move of `pos` in SAN, with `+` or `#`.
///
/// # Panics
/// May panic or write nonsense when `m` is not legal in `pos`.
#[must_use]
pub fn write(pos: &Position, m: Move) -> String {
    let mut out = String::with_capacity(8);
    let Some(piece) = pos.piece_at(m.from) else {
        return m.to_uci();
    };
    let capture = pos.is_capture(m);
    if piece.role == Role::Pawn {
        if capture {
            out.push(m.from.file_char());
        }
    } else {
        out.push(piece.role.upper_char());
        let rivals: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && pos.piece_at(o.from).is_some_and(|p| p.role == piece.role)
            })
            .map(|o| o.from)
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|s| s.file() != m.from.file()) {
                out.push(m.from.file_char());
            } else if rivals.iter().all(|s| s.rank() != m.from.rank()) {
                out.push(m.from.rank_char());
            } else {
                out.push_str(&m.from.to_string());
            }
        }
    }
    if capture {
        out.push('x');
    }
    out.push_str(&m.to.to_string());
    if let Some(role) = m.promotion {
        out.push('=');
        out.push(role.upper_char());
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    // `+` marks a move that gives check: a composed position may start with the other king
    // already in check, and that old check is not the move's (as in the reference).
    let their_king = pos.king_square(pos.turn().other());
    let old_checkers = pos.attackers(their_king, pos.turn(), pos.occupied());
    if (after.checkers() & !old_checkers).any() {
        out.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    out
}

impl Position {
    /// Writes a legal move in SAN (see [`crate::san`]).
    ///
    /// ```
    /// use rules::{Position, Rules};
    /// let pos = Position::new(Rules::default());
    /// let m = pos.parse_uci("c1c2").unwrap();
    /// assert_eq!(pos.san(m), "Bc2");
    /// ```
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        write(self, m)
    }

    /// Parses SAN and resolves it to a legal move of this position.
    ///
    /// # Errors
    /// [`ReadSanError::Parse`] when the text is not SAN, [`ReadSanError::San`] when it names no
    /// legal move ([`SanError::Illegal`]) or several ([`SanError::Ambiguous`]).
    ///
    /// ```
    /// use rules::{Position, Rules, san::{ParseSanError, ReadSanError, SanError}};
    /// let pos = Position::new(Rules::default());
    /// assert_eq!(pos.parse_san("Nd2").unwrap().to_uci(), "b1d2");
    /// assert_eq!(pos.parse_san("e5"), Err(ReadSanError::San(SanError::Illegal)));
    /// assert_eq!(pos.parse_san("O-O"), Err(ReadSanError::Parse(ParseSanError)));
    /// ```
    pub fn parse_san(&self, san: &str) -> Result<Move, ReadSanError> {
        Ok(San::parse(san)?.to_move(self)?)
    }
}
