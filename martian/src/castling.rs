use std::fmt;

use crate::{Color, Square};

/// Which castlings are still allowed: a King and a Rook that have not moved (or been
/// dropped) this game (MARTIAN_CHESS.md §3). Written `KQkq` or `-`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Castling(u8);

/// A castling side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// With the h-file Rook (`e1-g1`).
    King,
    /// With the a-file Rook (`e1-c1`).
    Queen,
}

impl CastlingSide {
    /// Both sides.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The Rook's home file (7 or 0).
    pub const fn rook_file(self) -> u8 {
        match self {
            CastlingSide::King => 7,
            CastlingSide::Queen => 0,
        }
    }

    /// The file the King goes to (6 or 2).
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 6,
            CastlingSide::Queen => 2,
        }
    }

    /// The file the Rook goes to (5 or 3).
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 5,
            CastlingSide::Queen => 3,
        }
    }
}

impl Castling {
    /// Every right.
    pub const ALL: Castling = Castling(0b1111);
    /// No right.
    pub const NONE: Castling = Castling(0);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2
            + match side {
                CastlingSide::King => 0,
                CastlingSide::Queen => 1,
            })
    }

    /// Whether a side may still castle on that side.
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Castling::bit(color, side) != 0
    }

    pub(crate) fn set(&mut self, color: Color, side: CastlingSide, on: bool) {
        if on {
            self.0 |= Castling::bit(color, side);
        } else {
            self.0 &= !Castling::bit(color, side);
        }
    }

    /// Drops the rights a piece leaving or arriving on this square breaks.
    pub(crate) fn touch(&mut self, s: Square) {
        for color in Color::ALL {
            if s.rank() != color.back_rank() {
                continue;
            }
            match s.file() {
                4 => {
                    self.set(color, CastlingSide::King, false);
                    self.set(color, CastlingSide::Queen, false);
                }
                7 => self.set(color, CastlingSide::King, false),
                0 => self.set(color, CastlingSide::Queen, false),
                _ => {}
            }
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Castling> {
        let mut c = Castling::NONE;
        if s == "-" {
            return Some(c);
        }
        for ch in s.chars() {
            let (color, side) = match ch {
                'K' => (Color::White, CastlingSide::King),
                'Q' => (Color::White, CastlingSide::Queen),
                'k' => (Color::Black, CastlingSide::King),
                'q' => (Color::Black, CastlingSide::Queen),
                _ => return None,
            };
            c.set(color, side, true);
        }
        Some(c)
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (color, side, ch) in [
            (Color::White, CastlingSide::King, 'K'),
            (Color::White, CastlingSide::Queen, 'Q'),
            (Color::Black, CastlingSide::King, 'k'),
            (Color::Black, CastlingSide::Queen, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{ch}")?;
            }
        }
        Ok(())
    }
}
