//! Zobrist hashing of positions, computed from the board with keys of the engine's own
//! (the rules crate needs to know nothing about it).

use jetan_rules::{Color, Move, Piece, Position, Role, Rules, Square, Variant};

/// SplitMix64, usable in `const` context to build the key tables at compile time.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const PIECE_KEYS: usize = 2 * 9 * 100;
/// Piece keys, then: Orange to move, Black's escape, Orange's escape, Manator, countdown 0..=10.
const KEY_COUNT: usize = PIECE_KEYS + 4 + 11;
const TURN: usize = PIECE_KEYS;
const ESCAPE: usize = PIECE_KEYS + 1;
const MANATOR: usize = PIECE_KEYS + 3;
const COUNTDOWN: usize = PIECE_KEYS + 4;

static KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0; KEY_COUNT];
    let mut state = 0x6A65_7461_6E5F_7A62; // "jetan_zb"
    let mut i = 0;
    while i < KEY_COUNT {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

#[inline]
fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS[(piece.color as usize * 9 + piece.role as usize) * 100 + sq.index()]
}

#[inline]
fn countdown_key(pos: &Position) -> u64 {
    KEYS[COUNTDOWN + usize::from(pos.countdown().unwrap_or(0))]
}

/// A key for rule options (RULES.md §12), 0 for the standard rules: the same board under
/// other rules is another position. The rules never change during a game, so
/// [`update`] needs no term for them.
fn rules_key(rules: Rules) -> u64 {
    if rules.is_standard() {
        return 0;
    }
    // The canonical string, hashed with FNV-1a and mixed: the same for the same rules.
    let text = rules.to_string();
    let fnv = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    splitmix(fnv).1
}

/// The hash of a position: pieces, side to move, escapes, countdown, variant and rule
/// options (not the move count, which does not change the game).
pub(crate) fn hash(pos: &Position) -> u64 {
    let mut h = pos
        .board()
        .pieces()
        .fold(0, |h, (sq, piece)| h ^ piece_key(piece, sq));
    if pos.turn() == Color::Orange {
        h ^= KEYS[TURN];
    }
    for (i, color) in Color::ALL.into_iter().enumerate() {
        if pos.escape_available(color) {
            h ^= KEYS[ESCAPE + i];
        }
    }
    if pos.variant() == Variant::Manator {
        h ^= KEYS[MANATOR];
    }
    h ^ countdown_key(pos) ^ rules_key(pos.rules())
}

/// The hash of `child`, the position after `parent` played `m`, from the hash of `parent`.
/// Works for any result of a duel: it reads what stands on the end square afterwards.
#[inline]
pub(crate) fn update(h: u64, parent: &Position, child: &Position, m: Move) -> u64 {
    let us = parent.turn();
    let mut h = h ^ KEYS[TURN];
    h ^= piece_key(
        Piece {
            color: us,
            role: m.role,
        },
        m.from,
    );
    if let Some(p) = parent.board().piece_at(m.to) {
        h ^= piece_key(p, m.to);
    }
    if let Some(p) = child.board().piece_at(m.to) {
        h ^= piece_key(p, m.to);
    }
    if m.escape {
        h ^= KEYS[ESCAPE + us as usize];
    }
    h ^ countdown_key(parent) ^ countdown_key(child)
}

/// The key that toggles the side to move (a null move).
#[inline]
pub(crate) fn turn_key() -> u64 {
    KEYS[TURN]
}

/// Whether a role's capture is decided by a duel in this variant.
#[inline]
pub(crate) fn is_duel(variant: Variant, m: &Move) -> bool {
    variant == Variant::Manator && matches!(m.capture, Some(r) if r != Role::Princess)
}

#[cfg(test)]
mod tests {
    #[test]
    fn rules_change_the_hash_and_standard_keeps_it() {
        let pos = Position::start();
        let plain = hash(&pos);
        assert_eq!(hash(&pos.clone().with_rules(Rules::default())), plain);
        let a = hash(&pos.clone().with_rules("T:jump".parse().unwrap()));
        let b = hash(&pos.clone().with_rules("standard;T:jump".parse().unwrap()));
        assert!(a != plain && b != plain && a != b);
    }

    use super::*;
    use jetan_rules::{DuelStream, Position};

    #[test]
    fn incremental_hash_matches_full_hash_along_playouts() {
        for (variant, seed, rules) in [
            (Variant::Classic, 1, "standard"),
            (Variant::Manator, 2, "standard"),
            (Variant::Classic, 3, "W:upto+mixed,T:jump;P:brave"),
        ] {
            let rules: Rules = rules.parse().unwrap();
            let mut rng = DuelStream::new(seed);
            for _ in 0..20 {
                let mut pos = Position::start_of(variant).with_rules(rules);
                let mut h = hash(&pos);
                for _ in 0..150 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
                    let mut child = pos.clone();
                    let report = child.play_unchecked(m, &mut rng);
                    h = update(h, &pos, &child, m);
                    assert_eq!(h, hash(&child), "after {m} in {pos}");
                    if report.outcome.is_some() {
                        break;
                    }
                    pos = child;
                }
            }
        }
    }
}
