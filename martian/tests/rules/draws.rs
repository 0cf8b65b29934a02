//! Draws with the computer: when it accepts a draw offered to it and when it offers one.

use crate::helpers::*;
use martian_chess::ai::{
    judge_draw, should_offer_draw, DrawGrounds, Level, ACCEPT_BELOW, DEAD_QUIET,
};
use martian_chess::{Color, State};

fn levels() -> impl Iterator<Item = Level> {
    (1..=5).map(|n| Level::from_number(n).unwrap())
}

/// Black without its Queen and Rooks.
const LOPSIDED: &str = "1nb1kbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// The Kings alone.
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3";

#[test]
fn plays_on_and_offers_nothing_at_the_start() {
    let s = State::new(5);
    for level in levels() {
        for color in Color::ALL {
            let v = s.public_view(color);
            let j = judge_draw(&v, level, 1);
            assert!(!j.accept, "{level:?} {color:?}: {j}");
            assert!(matches!(j.reason, DrawGrounds::NotBehind { .. }), "{j}");
            assert_eq!(should_offer_draw(&v, level, 1), None);
        }
    }
}

#[test]
fn accepts_when_behind_and_refuses_when_ahead() {
    let s = build().board(LOPSIDED).castling("KQ").state();
    for level in levels() {
        let black = judge_draw(&s.public_view(B), level, 2);
        assert!(black.accept, "{level:?}: {black}");
        let DrawGrounds::Behind { estimate } = black.reason else {
            panic!("{level:?}: {black}");
        };
        assert!(estimate < -ACCEPT_BELOW, "{estimate}");
        assert!(
            black
                .to_string()
                .starts_with("accepts: it judges itself behind"),
            "{black}"
        );
        let white = judge_draw(&s.public_view(W), level, 2);
        assert!(!white.accept, "{level:?}: {white}");
        // Behind is no reason to offer: only a dead game is.
        assert_eq!(should_offer_draw(&s.public_view(B), level, 2), None);
    }
}

#[test]
fn a_dead_game_is_a_draw_it_takes_and_offers_unless_clearly_ahead() {
    assert_eq!(DEAD_QUIET, 40);
    let quiet = "40";
    let dead = build().board(KINGS).castling("-").quiet(quiet).state();
    let lively = build().board(KINGS).castling("-").quiet("30").state();
    for level in levels() {
        for color in Color::ALL {
            let j = judge_draw(&dead.public_view(color), level, 3);
            assert!(j.accept, "{level:?} {color:?}: {j}");
            assert!(
                matches!(j.reason, DrawGrounds::Dead { quiet, .. } if quiet == DEAD_QUIET),
                "{j}"
            );
            assert!(j.to_string().contains("40 turns without an attack"), "{j}");
            assert!(
                should_offer_draw(&dead.public_view(color), level, 3).is_some(),
                "{level:?} {color:?}"
            );
            // Thirty quiet turns: King against King is even, not dead.
            let j = judge_draw(&lively.public_view(color), level, 3);
            assert!(!j.accept, "{level:?} {color:?}: {j}");
            assert_eq!(
                should_offer_draw(&lively.public_view(color), level, 3),
                None
            );
        }
    }
    // White with a Queen and a Rook more still plays for the win; Black takes the draw.
    let ahead = build()
        .board("4k3/8/8/8/8/8/8/R2QK3")
        .castling("-")
        .quiet(quiet)
        .state();
    for level in levels() {
        let white = judge_draw(&ahead.public_view(W), level, 4);
        assert!(!white.accept, "{level:?}: {white}");
        assert_eq!(should_offer_draw(&ahead.public_view(W), level, 4), None);
        let black = judge_draw(&ahead.public_view(B), level, 4);
        assert!(black.accept, "{level:?}: {black}");
    }
}

#[test]
fn a_finished_game_is_no_draw_to_take_or_offer() {
    let s = build().board(KINGS).castling("-").quiet("49").state();
    let s = play(s, W, &["e1-f1", "end"]);
    assert!(s.outcome().is_some());
    for level in levels() {
        for color in Color::ALL {
            let j = judge_draw(&s.public_view(color), level, 5);
            assert_eq!((j.accept, j.reason), (false, DrawGrounds::Over));
            assert_eq!(should_offer_draw(&s.public_view(color), level, 5), None);
        }
    }
}

#[test]
fn the_judgement_never_reads_the_opponents_hand_or_the_deck() {
    // The same White hand; Black holds the high cards in one game, the low ones in the
    // other, so the deck differs too. White's view is the same, and so is its judgement
    // (levels 4 and 5 sample the hidden cards: from the view, never from the state).
    let white = "AS KS QS JS TS AH KH QH JH TH AD KD QD";
    let high = build()
        .board(LOPSIDED)
        .castling("KQ")
        .white(white)
        .black("AC KC QC JC TC 9C 9S 9H 9D 8C 8S 8H 8D")
        .state();
    let low = build()
        .board(LOPSIDED)
        .castling("KQ")
        .white(white)
        .black("2C 3C 4C 5C 2S 3S 4S 5S 2H 3H 4H 5H 2D")
        .state();
    assert_ne!(high.hand(B), low.hand(B));
    assert_eq!(high.public_view(W), low.public_view(W));
    for level in levels() {
        for seed in 0..3 {
            assert_eq!(
                judge_draw(&high.public_view(W), level, seed),
                judge_draw(&low.public_view(W), level, seed),
                "{level:?}"
            );
            assert_eq!(
                should_offer_draw(&high.public_view(W), level, seed),
                should_offer_draw(&low.public_view(W), level, seed)
            );
        }
    }
}
