use std::time::Duration;

use jetan_engine::{best_move, Engine, Level, Limits};
use jetan_rules::{DuelStream, Position, Role, Rules, SideRules, Value, Variant};
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

/// Random rule options (RULES.md §12): each side, each piece kind, each value now and
/// then.
fn any_rules() -> impl Strategy<Value = Rules> {
    let side = prop::collection::vec(any::<u8>(), 9).prop_map(|bytes| {
        let mut side = SideRules::STANDARD;
        for (role, bits) in Role::ALL.into_iter().zip(bytes) {
            for (i, value) in [
                Value::Upto,
                Value::Mixed,
                Value::Jump,
                Value::NoJump,
                Value::Brave,
                Value::NoEscape,
            ]
            .into_iter()
            .enumerate()
            {
                // About one value in three.
                if bits >> i & 1 == 1 && bits.rotate_left(3) >> i & 1 == 1 {
                    side = side.with(role, value).unwrap_or(side);
                }
            }
        }
        side
    });
    (side.clone(), side).prop_map(|(black, orange)| Rules::new(black, orange))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 30, ..ProptestConfig::default() })]

    /// Under any options, at every level, along a few moves of a game, the computer plays
    /// only moves that are legal by those options (the moves the rules crate generates
    /// for the position carrying them).
    #[test]
    fn plays_only_legal_moves_under_any_options(
        rules in any_rules(),
        seed in any::<u64>(),
        plies in 0usize..100,
        manator in any::<bool>(),
        level in 1u8..=5,
    ) {
        let variant = if manator { Variant::Manator } else { Variant::Classic };
        let mut rng = DuelStream::new(seed);
        let mut pos = playout(variant, seed, plies).with_rules(rules);
        let level = Level::new(level).unwrap();
        for _ in 0..6 {
            let moves = pos.legal_moves();
            let best = best_move(&pos, level, Duration::from_millis(24));
            let Some(best) = best else {
                prop_assert!(moves.is_empty(), "no move in {} by {}", pos, rules);
                break;
            };
            prop_assert!(moves.contains(&best), "{} is not legal in {} by {}", best, pos, rules);
            prop_assert_eq!(pos.find_move(best.from, best.to), Ok(best));
            let (next, report) = pos.play(best, &mut rng).expect("legal");
            if report.outcome.is_some() {
                break;
            }
            pos = next;
        }
    }
}
