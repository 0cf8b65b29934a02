//! The search levels (4 and 5): deterministic, blind to the hidden cards, always legal.

use martian_chess::ai::{choose, choose_untimed, Level};
use martian_chess::{Card, Color, State, Stream};

/// States along a game played by `level` for both sides, every `step` actions.
fn states(seed: u64, level: Level, plies: usize, step: usize) -> Vec<State> {
    let mut s = State::new(seed);
    let mut out = Vec::new();
    for i in 0..plies {
        let Some(p) = s.player_to_act() else { break };
        if i % step == 0 {
            out.push(s.clone());
        }
        let a = choose(&s.public_view(p), level, seed ^ i as u64).unwrap();
        s = s.play(p, a).unwrap();
    }
    out
}

/// The same state with the hidden cards of `viewer`'s opponent and the deck dealt again:
/// the opponent's hand and the deck order differ, all else (and so `viewer`'s view) stays.
fn redeal(s: &State, viewer: Color, seed: u64) -> State {
    let text = s.to_string();
    let mut fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
    let opp = viewer.other();
    let mut hidden: Vec<Card> = s.hand(opp).to_vec();
    let deck: Vec<Card> = {
        // Field 11 is the deck, bottom first, two characters a card.
        let f = &fields[10];
        if f == "-" {
            Vec::new()
        } else {
            (0..f.len() / 2)
                .map(|i| f[2 * i..2 * i + 2].parse().unwrap())
                .collect()
        }
    };
    hidden.extend(&deck);
    Stream::new(seed).shuffle(&mut hidden);
    let mut hand = hidden.split_off(hidden.len() - s.hand(opp).len());
    hand.sort_by_key(|c| (c.suit(), c.rank()));
    let write = |cs: &[Card]| -> String {
        if cs.is_empty() {
            "-".to_owned()
        } else {
            cs.iter().map(ToString::to_string).collect()
        }
    };
    let own = write(s.hand(viewer));
    let other = write(&hand);
    fields[9] = match viewer {
        Color::White => format!("{own}/{other}"),
        Color::Black => format!("{other}/{own}"),
    };
    fields[10] = write(&hidden);
    fields.join(" ").parse().expect("a valid redealt state")
}

#[test]
fn the_same_view_and_seed_give_the_same_action() {
    for level in [Level::Search, Level::DeepSearch] {
        for s in states(11, Level::Greedy, 300, 60) {
            let p = s.player_to_act().unwrap();
            let v = s.public_view(p);
            let a = choose_untimed(&v, level, 5);
            assert!(a.is_some());
            assert_eq!(a, choose_untimed(&v, level, 5), "{v}");
        }
    }
}

#[test]
fn the_opponents_hand_and_the_deck_do_not_change_the_decision() {
    let mut compared = 0;
    for (k, s) in states(23, Level::Lookahead, 400, 37)
        .into_iter()
        .enumerate()
    {
        let p = s.player_to_act().unwrap();
        let t = redeal(&s, p, k as u64 + 1);
        // The hidden cards did change, the viewer's view did not.
        if t.hand(p.other()) == s.hand(p.other()) {
            continue;
        }
        assert_eq!(t.public_view(p), s.public_view(p));
        for level in [Level::Search, Level::DeepSearch] {
            assert_eq!(
                choose_untimed(&s.public_view(p), level, 3),
                choose_untimed(&t.public_view(p), level, 3),
                "{s}"
            );
        }
        compared += 1;
    }
    assert!(compared >= 5, "{compared}");
}

#[test]
fn every_search_action_is_legal() {
    // Random play reaches odd states: battles, reserves, few pieces, long games.
    let mut checked = 0;
    for seed in 0..4 {
        for s in states(100 + seed, Level::Random, 1500, 97) {
            let p = s.player_to_act().unwrap();
            for level in [Level::Search, Level::DeepSearch] {
                let a = choose(&s.public_view(p), level, seed).expect("an action");
                s.check(p, &a)
                    .unwrap_or_else(|e| panic!("{level:?} chose {a} in {s}: {e}"));
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn levels_four_and_five_play_whole_games_legally() {
    let mut s = State::new(8);
    for i in 0..150u64 {
        let Some(p) = s.player_to_act() else { break };
        let level = if p == Color::White {
            Level::DeepSearch
        } else {
            Level::Search
        };
        let a = choose(&s.public_view(p), level, i).unwrap();
        s = s
            .play(p, a)
            .unwrap_or_else(|e| panic!("{level:?} chose an illegal action: {e}"));
    }
}

#[test]
fn levels_are_numbered_one_to_five() {
    for n in 1..=5 {
        assert_eq!(Level::from_number(n).map(Level::number), Some(n));
    }
    assert_eq!(Level::from_number(0), None);
    assert_eq!(Level::from_number(6), None);
}
