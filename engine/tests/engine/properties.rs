use std::time::Duration;

use jetan_engine::{Engine, Limits};
use jetan_rules::{DuelStream, Position, Role, Variant};
use proptest::prelude::*;

/// The position after `plies` random moves from the start (or where the game ended).
fn playout(variant: Variant, seed: u64, plies: usize) -> Position {
    let mut rng = DuelStream::new(seed);
    let mut pos = Position::start_of(variant);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        let (next, _) = pos.play(m, &mut rng).expect("legal");
        pos = next;
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn returns_a_legal_move_in_random_positions(
        seed in any::<u64>(),
        plies in 0usize..160,
        manator in any::<bool>(),
        depth in 1u8..4,
    ) {
        let variant = if manator { Variant::Manator } else { Variant::Classic };
        let pos = playout(variant, seed, plies);
        let limits = Limits { depth: Some(depth), ..Limits::time(Duration::from_millis(60)) };
        let r = Engine::new(1).search(&pos, &limits);
        let moves = pos.legal_moves();
        match r.best {
            None => prop_assert!(moves.is_empty()),
            Some(best) => {
                prop_assert!(moves.contains(&best), "{} is not legal in {}", best, pos);
                if best.role == Role::Princess {
                    prop_assert!(!pos.threatened_squares(pos.turn()).contains(best.to));
                }
                prop_assert_eq!(r.pv.first(), Some(&best));
            }
        }
    }
}
