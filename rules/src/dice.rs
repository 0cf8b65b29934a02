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
    /// A stream from a seed.
    pub const fn new(seed: u64) -> DuelStream {
        DuelStream { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Dice for DuelStream {
    fn attacker_wins(&mut self, attacker: Role, defender: Role) -> bool {
        let (va, vd) = (u64::from(attacker.value()), u64::from(defender.value()));
        self.next_u64() % (va + vd) < va
    }
}
