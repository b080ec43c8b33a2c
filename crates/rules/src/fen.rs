//! FEN in the reference engine's dialect for ASEAN chess.
//!
//! # What is written
//! Six space-separated fields: placement (ranks 8 to 1, `K` king, `Q` met, `B` khon, `N` knight,
//! `R` rook, `P` pawn, upper case White), side to move (`w`/`b`), castling (always `-`), then
//! either `-` and the 50-move clock in plies, or — while a count runs — the count limit in plies
//! and the counted ply, then the move number. For example
//! `k7/8/1K6/2R5/8/8/8/8 b - 32 0 1` is Black to move with a rook count at ply 0 of 32.
//!
//! # What is read
//! The same, with the trailing fields optional: a FEN may stop after the side to move (clocks 0,
//! move 1) or after any later field. Field 4 is `-` or a number, the count limit; field 5 is then
//! the counted ply; the 50-move clock, which the dialect does not write while a count runs, then
//! restarts from 0. Surrounding whitespace is ignored; anything else is an error naming the field.

use core::{fmt, str::FromStr};

use crate::{Color, Counting, Piece, Position, PositionError, Rules, Setup, Square};

/// A FEN that could not be read: the field at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty.
    Empty,
    /// The placement field is malformed: not 8 ranks of 8 squares, or an unknown letter.
    InvalidBoard,
    /// The side to move is not `w` or `b`.
    InvalidTurn,
    /// The castling field is not `-` (this game has no castling).
    InvalidCastling,
    /// Field 4 is neither `-` nor a count limit in plies.
    InvalidCounting,
    /// Field 5 is not a number of plies.
    InvalidHalfmoveClock,
    /// Field 6 is not a positive move number.
    InvalidFullmoves,
    /// There are more than six fields.
    TooManyFields,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseFenError::Empty => "empty FEN",
            ParseFenError::InvalidBoard => {
                "invalid piece placement in FEN (expected 8 ranks of 8 squares)"
            }
            ParseFenError::InvalidTurn => "invalid side to move in FEN (expected w or b)",
            ParseFenError::InvalidCastling => "invalid castling field in FEN (expected -)",
            ParseFenError::InvalidCounting => {
                "invalid counting field in FEN (expected - or a limit in plies)"
            }
            ParseFenError::InvalidHalfmoveClock => "invalid halfmove clock in FEN",
            ParseFenError::InvalidFullmoves => "invalid move number in FEN",
            ParseFenError::TooManyFields => "too many fields in FEN",
        })
    }
}

impl std::error::Error for ParseFenError {}

/// A FEN that is malformed or describes an illegal position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The FEN is well formed, but the position is not legal.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 64], ParseFenError> {
    let mut board = [None; 64];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::InvalidBoard);
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(ParseFenError::InvalidBoard);
                }
                file += d as u8;
            } else {
                let piece = Piece::from_char(ch).ok_or(ParseFenError::InvalidBoard)?;
                if file >= 8 {
                    return Err(ParseFenError::InvalidBoard);
                }
                board[Square::new(file, rank).index()] = Some(piece);
                file += 1;
            }
            if file > 8 {
                return Err(ParseFenError::InvalidBoard);
            }
        }
        if file != 8 {
            return Err(ParseFenError::InvalidBoard);
        }
    }
    Ok(board)
}

/// Reads a FEN into an unvalidated [`Setup`].
///
/// # Errors
/// Returns the [`ParseFenError`] of the first malformed field.
///
/// ```
/// let setup = rules::fen::parse("k7/8/1K6/2R5/8/8/8/8 b - 32 5 1").unwrap();
/// assert_eq!(setup.counting, Some(rules::Counting { limit_plies: 32, ply: 5 }));
/// assert!(rules::fen::parse("k7/8/1K6 b").is_err());
/// ```
pub fn parse(fen: &str) -> Result<Setup, ParseFenError> {
    let mut fields = fen.split_ascii_whitespace();
    let board = parse_board(fields.next().ok_or(ParseFenError::Empty)?)?;
    let mut setup = Setup {
        board,
        ..Setup::empty()
    };
    if let Some(turn) = fields.next() {
        let mut chars = turn.chars();
        setup.turn = match (chars.next().and_then(Color::from_char), chars.next()) {
            (Some(c), None) => c,
            _ => return Err(ParseFenError::InvalidTurn),
        };
    }
    if let Some(castling) = fields.next()
        && castling != "-"
    {
        return Err(ParseFenError::InvalidCastling);
    }
    let mut limit = None;
    if let Some(count) = fields.next()
        && count != "-"
    {
        let l: u16 = count.parse().map_err(|_| ParseFenError::InvalidCounting)?;
        if l == 0 {
            return Err(ParseFenError::InvalidCounting);
        }
        limit = Some(l);
    }
    if let Some(half) = fields.next() {
        setup.halfmoves = half
            .parse()
            .map_err(|_| ParseFenError::InvalidHalfmoveClock)?;
    }
    if let Some(limit_plies) = limit {
        // While a count runs, field 5 is the counted ply; the dialect does not write the 50-move
        // clock then, so it restarts from 0 (as the reference's own replay does).
        let ply =
            u16::try_from(setup.halfmoves).map_err(|_| ParseFenError::InvalidHalfmoveClock)?;
        setup.counting = Some(Counting { limit_plies, ply });
        setup.halfmoves = 0;
    }
    if let Some(full) = fields.next() {
        setup.fullmoves = full.parse().map_err(|_| ParseFenError::InvalidFullmoves)?;
        if setup.fullmoves == 0 {
            return Err(ParseFenError::InvalidFullmoves);
        }
    }
    if fields.next().is_some() {
        return Err(ParseFenError::TooManyFields);
    }
    Ok(setup)
}

/// Writes a position as FEN in the reference dialect (see the module docs).
#[must_use]
pub fn write(pos: &Position) -> String {
    write_setup(&pos.to_setup())
}

/// Writes a [`Setup`] as FEN in the reference dialect.
#[must_use]
pub fn write_setup(setup: &Setup) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match setup.board[Square::new(file, rank).index()] {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(setup.turn.char());
    out.push_str(" - ");
    match setup.counting {
        Some(c) => out.push_str(&format!("{} {}", c.limit_plies, c.ply)),
        None => out.push_str(&format!("- {}", setup.halfmoves)),
    }
    out.push_str(&format!(" {}", setup.fullmoves));
    out
}

impl Position {
    /// Reads and validates a FEN (see [`crate::fen`] for the accepted syntax).
    ///
    /// # Errors
    /// [`FenError::Parse`] for malformed text, [`FenError::Position`] for an illegal position.
    ///
    /// ```
    /// use rules::{Position, Rules};
    /// let pos = Position::from_fen("k7/8/1K6/2R5/8/8/8/8 b - 32 0 1", Rules::default()).unwrap();
    /// assert_eq!(pos.counting().unwrap().limit_moves(), 16);
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", Rules::default()).is_err());
    /// ```
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Position, FenError> {
        Ok(Position::from_setup(&parse(fen)?, rules)?)
    }

    /// The position as FEN in the reference dialect.
    #[must_use]
    pub fn fen(&self) -> String {
        write(self)
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a FEN under the default rules.
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s, Rules::default())
    }
}
