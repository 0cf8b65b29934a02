//! Deck, hands, the seeded stream and replay.

use crate::helpers::*;
use martian_chess::{replay, Action, Card, Stream};

#[test]
fn a_new_game_deals_thirteen_cards_each_from_a_seeded_shuffle() {
    let a = martian_chess::State::new(5);
    assert_eq!(a.hand(W).len(), 13);
    assert_eq!(a.hand(B).len(), 13);
    assert_eq!(a.deck_len(), 26);
    assert_cards_accounted(&a);
    assert_ne!(a.hand(W), martian_chess::State::new(6).hand(W));
}

#[test]
fn the_stream_is_splitmix64_and_counts_its_draws() {
    let mut s = Stream::new(0);
    // SplitMix64's first output for seed 0.
    assert_eq!(s.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(s.draws(), 1);
    let mut r = Stream::resume(0, 1);
    assert_eq!(r.next_u64(), s.next_u64());
    let mut cards: Vec<Card> = Card::all().collect();
    Stream::new(3).shuffle(&mut cards);
    let mut again: Vec<Card> = Card::all().collect();
    Stream::new(3).shuffle(&mut again);
    assert_eq!(cards, again);
}

#[test]
fn replay_reproduces_a_game_exactly() {
    let mut s = martian_chess::State::new(31);
    let mut actions = Vec::new();
    for i in 0..300u64 {
        let Some(p) = s.player_to_act() else { break };
        let legal = s.legal_actions();
        let a = legal[(i * 7919 % legal.len() as u64) as usize];
        actions.push(a);
        s = s.play(p, a).unwrap();
    }
    let r = replay(31, &actions).unwrap();
    assert_eq!(r, s);
    assert_eq!(r.to_string(), s.to_string());
    // A broken record names the action.
    let mut broken = actions.clone();
    broken.insert(0, Action::Play("AS".parse().unwrap()));
    let e = replay(31, &broken).unwrap_err();
    assert_eq!(e.index, 0);
    assert!(e
        .to_string()
        .starts_with("action 1 (play AS) cannot be played"));
}
