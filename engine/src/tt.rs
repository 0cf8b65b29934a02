//! The transposition table: what earlier searches learnt about positions, keyed by their
//! Zobrist hash.

use jetan_rules::Move;

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// A move as start and end square, 0 for none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct PackedMove(u16);

impl PackedMove {
    pub(crate) const NONE: PackedMove = PackedMove(0);

    pub(crate) fn new(m: Move) -> PackedMove {
        PackedMove(0x8000 | (m.from.index() as u16) << 7 | m.to.index() as u16)
    }

    /// Whether this is `m` (moves are identified by start and end squares).
    #[inline]
    pub(crate) fn is(self, m: &Move) -> bool {
        self == PackedMove::new(*m)
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: PackedMove,
    score: i16,
    depth: i8,
    /// 0: empty, 1: exact, 2: lower, 3: upper.
    bound: u8,
    generation: u8,
}

/// A probe's answer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hit {
    pub mv: PackedMove,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub(crate) struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least 1024 entries).
    pub(crate) fn new(megabytes: usize) -> Table {
        let n = (megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Entry>()).max(1024);
        Table {
            entries: vec![Entry::default(); n],
            generation: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[self.slot(key)];
        if e.bound == 0 || e.key != key {
            return None;
        }
        Some(Hit {
            mv: e.mv,
            score: i32::from(e.score),
            depth: i32::from(e.depth),
            bound: match e.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, mv: PackedMove, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        let replace = e.bound == 0
            || e.key == key
            || e.generation != generation
            || depth + 2 >= i32::from(e.depth);
        if !replace {
            return;
        }
        let mv = if mv == PackedMove::NONE && e.key == key {
            e.mv
        } else {
            mv
        };
        *e = Entry {
            key,
            mv,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(-100, 100) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            generation,
        };
    }
}
