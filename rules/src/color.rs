use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// One of the two sides. Black plays from the south (ranks 1–2), Orange from the north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Color {
    /// The southern side; moves first in the standard start position.
    Black = 0,
    /// The northern side.
    Orange = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::Orange];

    /// The letter used in position strings: `b` or `o`.
    pub const fn char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::Orange => 'o',
        }
    }

    /// Parses `b` or `o` (either case).
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'b' | 'B' => Some(Color::Black),
            'o' | 'O' => Some(Color::Orange),
            _ => None,
        }
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::Orange,
            Color::Orange => Color::Black,
        }
    }

    /// The side's name in English: `"Black"` or `"Orange"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::Orange => "Orange",
        }
    }

    /// The rank step that is "forward" for this side: +1 (north) for Black, −1 for Orange.
    pub const fn forward(self) -> i8 {
        match self {
            Color::Black => 1,
            Color::Orange => -1,
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each colour, indexed by [`Color`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// Orange's value.
    pub orange: T,
}

impl<T> ByColor<T> {
    /// Builds the pair by calling `f` for each colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            black: f(Color::Black),
            orange: f(Color::Orange),
        }
    }

    /// The same value for both colours.
    pub fn both(v: T) -> ByColor<T>
    where
        T: Clone,
    {
        ByColor {
            black: v.clone(),
            orange: v,
        }
    }

    /// The value for `color`.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::Orange => &self.orange,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::Orange => &mut self.orange,
        }
    }
}
