use core::{fmt, str::FromStr};

/// One of the 64 squares, numbered `0..64` from a1 (0), b1 (1) ... h1 (7), a2 (8) ... to h8 (63).
///
/// ```
/// use rules::Square;
/// let e3: Square = "e3".parse().unwrap();
/// assert_eq!((e3.file(), e3.rank()), (4, 2));
/// assert_eq!(e3.to_string(), "e3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square a1.
    pub const A1: Square = Square(0);
    /// Square h8.
    pub const H8: Square = Square(63);

    /// All squares from a1 to h8.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square on `file` (0 = a .. 7 = h) and `rank` (0 = rank 1 .. 7 = rank 8).
    ///
    /// # Panics
    /// Panics if `file` or `rank` is not in `0..=7`. See [`Square::try_new`].
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < 8 && rank < 8, "file and rank must be in 0..=7");
        Square(rank * 8 + file)
    }

    /// The square on `file` and `rank` (both `0..=7`), or `None` when either is out of range.
    #[must_use]
    pub const fn try_new(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The square with index `index` (`0..=63`), or `None` when out of range.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square's index, `0..=63` (a1 = 0, h8 = 63).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, `0..=7` for a..h.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, `0..=7` for ranks 1..8.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// `true` for a light square (a1 is dark, h1 is light).
    #[must_use]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// The file letter, `'a'..='h'`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'..='8'`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// Parses two ASCII bytes such as `b"e3"`.
    pub(crate) fn from_ascii(s: &[u8]) -> Option<Square> {
        match s {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(f - b'a', r - b'1')),
            _ => None,
        }
    }

    /// The same square seen from the other side (rank mirrored).
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// The error returned when a string is not a square name such as `e3`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name (expected a file a-h and a rank 1-8, such as e3)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}
