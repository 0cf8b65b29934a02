//! Properties of random legal play.

use crate::helpers::*;
use martian_chess::{Card, Color, State, ToAct, HAND_SIZE};
use proptest::prelude::*;

/// Checks every invariant of a state.
fn check_invariants(s: &State) {
    // Hands hold 13 cards, minus the cards on the table in a battle.
    for c in Color::ALL {
        let on_table = s.battle().map_or(0, |b| {
            let attacker = c == s.turn();
            b.cards()
                .iter()
                .enumerate()
                .filter(|(i, _)| (i % 2 == 0) == attacker)
                .count()
        });
        assert_eq!(s.hand(c).len() + on_table, HAND_SIZE, "{s}");
        if s.battle().is_none() {
            assert_eq!(s.hand(c).len(), HAND_SIZE);
        }
    }
    // All 52 cards, once each; the string round-trips.
    assert_cards_accounted(s);
    assert_eq!(
        s.to_string().parse::<State>().unwrap().to_string(),
        s.to_string()
    );
    // Views hide the other hand and the deck.
    for viewer in Color::ALL {
        let v = s.public_view(viewer);
        let text = v.to_string();
        let hidden: Vec<Card> = s.hand(viewer.other()).to_vec();
        let full = s.to_string();
        let deck_field = full.split(' ').nth(10).unwrap();
        let deck: Vec<Card> = if deck_field == "-" {
            Vec::new()
        } else {
            (0..deck_field.len() / 2)
                .map(|i| deck_field[2 * i..2 * i + 2].parse().unwrap())
                .collect()
        };
        assert_eq!(deck.len(), s.deck_len());
        for c in hidden.iter().chain(&deck) {
            assert!(!text.contains(&c.to_string()), "{c} leaked: {text}");
        }
        let unseen = v.unseen_cards();
        assert_eq!(unseen.len(), hidden.len() + s.deck_len());
        for c in &hidden {
            assert!(unseen.contains(c));
        }
        if s.player_to_act() == Some(viewer) {
            assert_eq!(v.legal_actions(), s.legal_actions());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_every_invariant(seed in any::<u64>(), picks in proptest::collection::vec(any::<u32>(), 1..250)) {
        let mut s = State::new(seed);
        check_invariants(&s);
        for pick in picks {
            let Some(p) = s.player_to_act() else { break };
            let legal = s.legal_actions();
            prop_assert!(!legal.is_empty());
            let a = legal[pick as usize % legal.len()];
            // Every listed action is accepted; the text form parses back to it.
            prop_assert_eq!(a.to_string().parse::<martian_chess::Action>().unwrap(), a);
            prop_assert!(s.check(p, &a).is_ok());
            prop_assert!(s.check(p.other(), &a).is_err());
            s = s.play(p, a).unwrap();
            check_invariants(&s);
        }
    }
}

/// A full game of random legal actions, with attacks favoured so that it ends.
fn random_game(seed: u64, bound: usize) -> (State, usize) {
    let mut s = State::new(seed);
    let mut rng = martian_chess::Stream::new(seed ^ 0xABCD);
    for n in 0..bound {
        let Some(p) = s.player_to_act() else {
            return (s, n);
        };
        let legal = s.legal_actions();
        let attacks: Vec<_> = legal
            .iter()
            .copied()
            .filter(|a| s.notate(a).contains('x'))
            .collect();
        let a = if !attacks.is_empty() && rng.below(2) == 0 {
            attacks[rng.below(attacks.len() as u64) as usize]
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        s = s.play(p, a).unwrap();
    }
    (s, bound)
}

#[test]
fn a_full_random_game_under_a_fixed_seed_ends_the_same_way_every_time() {
    let (a, n) = random_game(2026, 20_000);
    let (b, m) = random_game(2026, 20_000);
    assert_eq!(a, b);
    assert_eq!(n, m);
    assert!(n < 20_000, "the game should end: {a}");
    assert!(matches!(a.to_act(), ToAct::Over(_)));
    check_invariants(&a);
}
