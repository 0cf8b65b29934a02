use crate::Role;

/// Decides Manator duels (RULES.md §8). The rules crate draws no random numbers itself:
/// the host passes a source in, so games replay exactly and tests are deterministic.
pub trait Dice {
    /// Whether the attacker wins a duel. A fair source answers yes with probability
    /// `attacker.value() / (attacker.value() + defender.value())`.
    fn attacker_wins(&mut self, attacker: Role, defender: Role) -> bool;
}

/// The attacker always wins: Classic capture semantics. Classic games never consult
/// their dice, so this is what to pass for them; perft uses it too.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttackerWins;

impl Dice for AttackerWins {
    fn attacker_wins(&mut self, _: Role, _: Role) -> bool {
        true
    }
}

impl<F: FnMut(Role, Role) -> bool> Dice for F {
    fn attacker_wins(&mut self, attacker: Role, defender: Role) -> bool {
        self(attacker, defender)
    }
}

/// The duel stream of a Manator game: SplitMix64 from the game's seed. Its algorithm is
/// part of the stored-game format: the same seed gives the same duels forever.
///
/// Each duel draws exactly one number. That is the rules' business, not the host's: to
/// continue a stored game after `n` duels, use [`DuelStream::resume`] (or
/// [`skip_duels`](DuelStream::skip_duels)) rather than drawing numbers by hand.
///
/// ```
/// use jetan_rules::{Dice, DuelStream, Role};
/// let mut a = DuelStream::new(7);
/// let mut b = DuelStream::new(7);
/// for _ in 0..10 {
///     assert_eq!(a.attacker_wins(Role::Panthan, Role::Dwar), b.attacker_wins(Role::Panthan, Role::Dwar));
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuelStream {
    state: u64,
}

impl DuelStream {
    /// SplitMix64's increment.
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// How many numbers one duel draws.
    const DRAWS_PER_DUEL: u64 = 1;

    /// A stream from a seed.
    pub const fn new(seed: u64) -> DuelStream {
        DuelStream { state: seed }
    }

    /// The stream of `seed` positioned after `duels` duels have been fought: what decides
    /// the next duel of a game that has had that many. Constant time.
    ///
    /// ```
    /// use jetan_rules::{Dice, DuelStream, Role};
    /// let mut played = DuelStream::new(42);
    /// for _ in 0..5 {
    ///     played.attacker_wins(Role::Thoat, Role::Chief);
    /// }
    /// assert_eq!(DuelStream::resume(42, 5), played);
    /// ```
    pub const fn resume(seed: u64, duels: u64) -> DuelStream {
        let mut s = DuelStream::new(seed);
        s.skip_duels(duels);
        s
    }

    /// Moves the stream past `duels` duels without fighting them. Constant time.
    pub const fn skip_duels(&mut self, duels: u64) {
        self.state = self
            .state
            .wrapping_add(Self::GAMMA.wrapping_mul(duels.wrapping_mul(Self::DRAWS_PER_DUEL)));
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Dice for DuelStream {
    /// Draws one number (see [`DuelStream::resume`]).
    fn attacker_wins(&mut self, attacker: Role, defender: Role) -> bool {
        let (va, vd) = (u64::from(attacker.value()), u64::from(defender.value()));
        self.next_u64() % (va + vd) < va
    }
}
