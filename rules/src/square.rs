use std::fmt;
use std::str::FromStr;

/// One of the 100 squares, `a1` to `j10`. Files `a`–`j` run west to east, ranks `1`–`10`
/// south to north; a1 is a black square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Why a text is not a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a square (squares go from a1 to j10)")]
pub struct ParseSquareError {
    /// The text that was given.
    pub text: String,
}

impl Square {
    /// The south-west corner.
    pub const A1: Square = Square(0);
    /// The north-east corner.
    pub const J10: Square = Square(99);

    /// The square of a file (0 = `a`) and rank (0 = rank 1), if both are below 10.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 10 && rank < 10 {
            Some(Square(rank * 10 + file))
        } else {
            None
        }
    }

    /// The square of an index 0..100 (`rank * 10 + file`).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 100 {
            Some(Square(index))
        } else {
            None
        }
    }

    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 100);
        Square(index)
    }

    /// Every square, a1, b1, … j1, a2, … j10.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..100u8).map(Square)
    }

    /// `rank * 10 + file`, 0..100.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 9 (`j`).
    pub const fn file(self) -> u8 {
        self.0 % 10
    }

    /// The rank, 0 (rank 1) to 9 (rank 10).
    pub const fn rank(self) -> u8 {
        self.0 / 10
    }

    /// The file letter, `a`–`j`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The square `dx` files east and `dy` ranks north, if it is on the board.
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let f = self.file() as i8 + dx;
        let r = self.rank() as i8 + dy;
        if f >= 0 && f < 10 && r >= 0 && r < 10 {
            Some(Square((r * 10 + f) as u8))
        } else {
            None
        }
    }

    /// Whether the square is black (a1 is black) rather than orange.
    pub const fn is_black(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// The square seen from the other side of the board (rotated 180°).
    #[must_use]
    pub const fn rotate(self) -> Square {
        Square(99 - self.0)
    }

    /// The square mirrored west–east (`a` ↔ `j`).
    #[must_use]
    pub const fn flip_files(self) -> Square {
        Square(self.rank() * 10 + (9 - self.file()))
    }

    /// The bit of this square in a [`Bitboard`](crate::Bitboard).
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Parses the start of `bytes` as a square: a file letter (either case) then a rank
    /// 1–10. Returns the square and the bytes it used.
    pub(crate) fn parse_prefix(bytes: &[u8]) -> Option<(Square, usize)> {
        let file = match bytes.first()? {
            c @ b'a'..=b'j' => c - b'a',
            c @ b'A'..=b'J' => c - b'A',
            _ => return None,
        };
        match bytes.get(1..)? {
            [b'1', b'0', ..] => Some((Square(90 + file), 3)),
            [d @ b'1'..=b'9', ..] => Some((Square((d - b'1') * 10 + file), 2)),
            _ => None,
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1`…`j10`, either case.
    ///
    /// ```
    /// use jetan_rules::Square;
    /// let sq: Square = "e10".parse().unwrap();
    /// assert_eq!((sq.file(), sq.rank()), (4, 9));
    /// assert!("k4".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let t = s.trim();
        match Square::parse_prefix(t.as_bytes()) {
            Some((sq, n)) if n == t.len() => Ok(sq),
            _ => Err(ParseSquareError {
                text: s.to_string(),
            }),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}
