use std::fmt;

use crate::Role;

/// Pieces of one colour off the board, counted by kind: a prison or a reserve.
///
/// Kings never enter a pool (the game ends when one is taken). A promoted piece enters as
/// a pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pool {
    counts: [u8; 5],
}

impl Pool {
    /// An empty pool.
    pub const fn new() -> Pool {
        Pool { counts: [0; 5] }
    }

    /// How many pieces of a kind it holds (always 0 for the King).
    pub const fn count(&self, role: Role) -> u8 {
        match role {
            Role::King => 0,
            r => self.counts[r.index()],
        }
    }

    /// Whether it holds at least one piece of a kind.
    pub const fn contains(&self, role: Role) -> bool {
        self.count(role) > 0
    }

    /// Adds a piece. Kings are ignored.
    pub fn add(&mut self, role: Role) {
        if role != Role::King {
            self.counts[role.index()] = self.counts[role.index()].saturating_add(1);
        }
    }

    /// Removes a piece; false if there was none.
    pub fn remove(&mut self, role: Role) -> bool {
        if self.contains(role) {
            self.counts[role.index()] -= 1;
            true
        } else {
            false
        }
    }

    /// The number of pieces.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The kinds present (each once), Queen first.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .into_iter()
        .filter(|&r| self.contains(r))
    }

    /// The total price of the pieces (§6).
    pub fn value(&self) -> u32 {
        Role::ALL
            .iter()
            .map(|&r| u32::from(self.count(r)) * r.value())
            .sum()
    }
}

/// Letters, Queen first (`QRRNPP`), or `-` when empty.
impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for r in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            for _ in 0..self.count(r) {
                write!(f, "{}", r.char())?;
            }
        }
        Ok(())
    }
}

impl Pool {
    pub(crate) fn write_cased(&self, f: &mut impl fmt::Write, upper: bool) -> fmt::Result {
        let s = self.to_string();
        if upper || s == "-" {
            f.write_str(&s)
        } else {
            f.write_str(&s.to_ascii_lowercase())
        }
    }

    /// Parses letters (either case; no King) or `-`.
    pub(crate) fn parse(s: &str) -> Option<Pool> {
        let mut p = Pool::new();
        if s == "-" {
            return Some(p);
        }
        for c in s.chars() {
            match Role::from_char(c) {
                Some(Role::King) | None => return None,
                Some(r) => p.add(r),
            }
        }
        Some(p)
    }
}
