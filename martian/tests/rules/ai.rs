//! The computer player.

use crate::helpers::*;
use martian_chess::ai::{choose, Level};
use martian_chess::{Action, Color, Outcome, State};

fn game(white: Level, black: Level, seed: u64, bound: usize) -> State {
    let mut s = State::new(seed);
    for i in 0..bound {
        let Some(p) = s.player_to_act() else { break };
        let level = if p == Color::White { white } else { black };
        let a = choose(&s.public_view(p), level, seed.wrapping_add(i as u64)).expect("an action");
        s = s
            .play(p, a)
            .unwrap_or_else(|e| panic!("{level:?} chose an illegal action: {e}"));
    }
    s
}

#[test]
fn every_level_plays_only_legal_actions() {
    for level in [Level::Random, Level::Greedy, Level::Lookahead] {
        game(level, level, 4, 400);
    }
}

#[test]
fn it_does_not_act_for_the_other_player() {
    let s = State::new(1);
    assert_eq!(choose(&s.public_view(B), Level::Lookahead, 0), None);
}

#[test]
fn it_attacks_with_a_sure_card() {
    // White holds the Ace of spades: leading it wins the Queen for sure.
    let s = build()
        .board("4k3/8/8/3q4/4P3/8/8/4K3")
        .castling("-")
        .white("AS")
        .state();
    let a = choose(&s.public_view(W), Level::Greedy, 0).unwrap();
    assert_eq!(s.notate(&a), "e4xd5");
    let s = s.play(W, a).unwrap();
    assert_eq!(
        choose(&s.public_view(W), Level::Greedy, 0),
        Some(act("play AS"))
    );
}

#[test]
fn it_moves_its_king_out_of_attack() {
    // White's King on e1 is attacked by a rook on e8; White has no good card in any suit.
    let s = build()
        .board("4r2k/8/8/8/8/8/8/4K3")
        .castling("-")
        .white("2C 3C 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S 5S")
        .state();
    let a = choose(&s.public_view(W), Level::Lookahead, 0).unwrap();
    let Action::Move { from, to, .. } = a else {
        panic!("{a}")
    };
    assert_eq!(from.to_string(), "e1");
    assert_ne!(to.file(), 4, "{a}");
}

#[test]
fn it_drops_its_reserve() {
    let s = build()
        .board("4k3/8/8/8/8/8/8/4K3")
        .castling("-")
        .reserves("Q/-")
        .state();
    let a = choose(&s.public_view(W), Level::Greedy, 0).unwrap();
    assert!(matches!(a, Action::Drop { .. }), "{a}");
}

#[test]
fn as_defender_it_plays_the_cheapest_winning_card_last() {
    let s = build()
        .board("4k3/8/8/3p4/4P3/8/8/4K3")
        .castling("-")
        .battle("e4xd5:5H2D7H")
        .black("AH 9H 3H")
        .state();
    assert_eq!(
        choose(&s.public_view(B), Level::Greedy, 0),
        Some(act("play 9H"))
    );
}

#[test]
fn the_lookahead_player_beats_the_random_player() {
    let mut wins = 0;
    let games = 6;
    for seed in 0..games {
        let (w, b) = if seed % 2 == 0 {
            (Level::Lookahead, Level::Random)
        } else {
            (Level::Random, Level::Lookahead)
        };
        let s = game(w, b, seed, 3000);
        let strong = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(Outcome::Decisive { winner, .. }) = s.outcome() {
            if winner == strong {
                wins += 1;
            }
        }
    }
    assert!(wins >= games - 1, "{wins}/{games}");
}
