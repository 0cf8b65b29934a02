use crate::Card;

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The game's random stream: SplitMix64 from the game's seed, with the number of values
/// drawn so far. Its algorithm is part of the stored-game format: the same seed and the same
/// actions give the same dice and shuffles forever.
///
/// The `n`-th value (1-based) is `mix(seed + n × 0x9E3779B97F4A7C15)`, exactly the sequence of
/// `jetan_rules::DuelStream::new(seed)`; the pair (seed, draws) is the whole state, and it
/// is written in the state string.
///
/// ```
/// use martian_chess::Stream;
/// let mut a = Stream::new(7);
/// let first = a.next_u64();
/// let mut b = Stream::resume(7, 0);
/// assert_eq!(b.next_u64(), first);
/// assert_eq!(a.draws(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stream {
    seed: u64,
    draws: u64,
}

impl Stream {
    /// A fresh stream.
    pub const fn new(seed: u64) -> Stream {
        Stream { seed, draws: 0 }
    }

    /// A stream that has already produced `draws` values.
    pub const fn resume(seed: u64, draws: u64) -> Stream {
        Stream { seed, draws }
    }

    /// The seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// How many values were drawn.
    pub const fn draws(&self) -> u64 {
        self.draws
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.draws = self.draws.wrapping_add(1);
        let mut z = self.seed.wrapping_add(self.draws.wrapping_mul(GAMMA));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (multiply-shift; `n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A die roll, 1 to 6.
    pub fn die(&mut self) -> u8 {
        1 + self.below(6) as u8
    }

    /// Shuffles cards (Fisher–Yates from the end, one value per swap).
    pub fn shuffle(&mut self, cards: &mut [Card]) {
        for i in (1..cards.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            cards.swap(i, j);
        }
    }
}
