//! Property tests from random playouts.

use jetan_rules::{
    perft, AttackerWins, DuelStream, MoveText, Position, Setup, Square, Topology, Variant,
};
use proptest::prelude::*;

/// A position reached by playing `choices` (indices into the legal move lists) from the
/// start of `variant` on a board of `shape`, stopping before the game ends.
fn playout(variant: Variant, shape: Topology, choices: &[usize], seed: u64) -> Position {
    let mut pos = Position::start_on(variant, shape);
    let mut dice = DuelStream::new(seed);
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[c % moves.len()];
        let (next, report) = pos
            .clone()
            .play(m, &mut dice)
            .expect("generated moves are legal");
        if report.outcome.is_some() {
            break;
        }
        pos = next;
    }
    pos
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Classic), Just(Variant::Manator)]
}

fn shape() -> impl Strategy<Value = Topology> {
    prop_oneof![Just(Topology::Flat), Just(Topology::Circular)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_generated_move_is_accepted_and_strings_round_trip(
        v in variant(),
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..120),
        seed in any::<u64>(),
    ) {
        let mut pos = Position::start_on(v, t);
        let mut dice = DuelStream::new(seed);
        for c in choices {
            prop_assert_eq!(pos.topology(), t);
            let text = pos.to_string();
            let back = Position::from_position_str(&text, v).unwrap();
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.to_string(), text);
            let moves = pos.legal_moves();
            prop_assert_eq!(moves.len(), pos.count_moves());
            if moves.is_empty() {
                prop_assert!(pos.is_game_over());
                break;
            }
            for m in moves.iter() {
                prop_assert_eq!(pos.find_move(m.from, m.to), Ok(*m));
                let text: MoveText = m.to_string().parse().unwrap();
                prop_assert_eq!(text.resolve(&pos), Ok(*m));
            }
            let m = moves[c % moves.len()];
            let (next, report) = pos.play(m, &mut dice).unwrap();
            if report.outcome.is_some() {
                prop_assert!(next.is_game_over());
                prop_assert_eq!(next.legal_moves().len(), 0);
                break;
            }
            pos = next;
        }
    }

    #[test]
    fn play_never_panics_on_any_squares(
        v in variant(),
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..60),
        pairs in prop::collection::vec((0u8..100, 0u8..100), 1..50),
    ) {
        let pos = playout(v, t, &choices, 1);
        let legal = pos.legal_moves();
        for (a, b) in pairs {
            let (from, to) = (Square::from_index(a).unwrap(), Square::from_index(b).unwrap());
            match pos.find_move(from, to) {
                Ok(m) => {
                    prop_assert!(legal.contains(&m));
                    prop_assert!(pos.clone().play(m, &mut AttackerWins).is_ok());
                }
                Err(reason) => {
                    prop_assert!(!legal.iter().any(|m| m.from == from && m.to == to));
                    prop_assert!(!reason.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn perft_is_the_same_through_play_and_the_fast_path(
        v in variant(),
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..80),
    ) {
        let pos = playout(v, t, &choices, 7);
        let slow: u64 = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let (next, _) = pos.clone().play(m, &mut AttackerWins).unwrap();
                next.legal_moves().len() as u64
            })
            .sum();
        prop_assert_eq!(perft(&pos, 2), slow);
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in ".{0,120}") {
        let _ = text.parse::<Position>();
        let _ = Setup::from_position_str(&text);
        let _ = text.parse::<MoveText>();
        let _ = text.parse::<Square>();
    }

    #[test]
    fn parsing_mangled_position_strings_never_panics(
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..40),
        cut in any::<usize>(),
        insert in "[0-9a-zA-Z/ -]{0,3}",
    ) {
        let text = playout(Variant::Classic, t, &choices, 3).to_string();
        let at = cut % (text.len() + 1);
        let mangled = format!("{}{}{}", &text[..at], insert, &text[at..]);
        if let Ok(pos) = mangled.parse::<Position>() {
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        }
    }
}
