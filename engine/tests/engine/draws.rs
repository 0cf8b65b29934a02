//! Draws with the computer: when it accepts one and when it offers one.

use jetan_engine::{
    judge_draw, plies_without_capture, should_offer_draw, DrawGrounds, Level, ACCEPT_BELOW,
};
use jetan_rules::{Color, Position};

use crate::{after, mv, pos};

fn levels() -> impl Iterator<Item = Level> {
    (1..=5).map(|n| Level::new(n).unwrap())
}

/// Orange has a Dwar, a Padwar, a Flier and a Thoat more, far from both royal pairs:
/// Black is far behind and nothing is dead or stale.
const LOPSIDED: &str = "9p/4c5/10/daft6/10/10/10/10/10/C1P7 b - - 30";

#[test]
fn plays_on_in_an_even_game_at_every_level() {
    let start = Position::start();
    for level in levels() {
        for color in [Color::Black, Color::Orange] {
            let j = judge_draw(&start, &[], color, level);
            assert!(!j.accept, "level {level}, {color}: {j}");
            assert!(
                matches!(j.reason, DrawGrounds::NotBehind { .. }),
                "level {level}: {j}"
            );
        }
        assert_eq!(should_offer_draw(&start, &[], level), None);
    }
}

#[test]
fn accepts_when_behind_and_refuses_when_ahead() {
    let p = pos(LOPSIDED);
    for level in levels() {
        let black = judge_draw(&p, &[], Color::Black, level);
        assert!(black.accept, "level {level}: {black}");
        let DrawGrounds::Behind { score } = black.reason else {
            panic!("level {level}: {black}");
        };
        assert!(score.0 < -ACCEPT_BELOW, "{score}");
        assert!(black
            .to_string()
            .starts_with("accepts: it judges itself behind"));
        let orange = judge_draw(&p, &[], Color::Orange, level);
        assert!(!orange.accept, "level {level}: {orange}");
        // Behind is no reason to offer a draw; only a dead or stale game is.
        assert_eq!(should_offer_draw(&p, &[], level), None);
    }
}

#[test]
fn accepts_in_a_dead_ending_unless_it_wins() {
    // A Panthan more and nothing else: nobody can trap a Princess.
    let p = pos("9p/4c5/4N5/10/10/10/10/10/10/C1P7 b - - 100");
    for level in levels() {
        for color in [Color::Black, Color::Orange] {
            let j = judge_draw(&p, &[], color, level);
            assert!(j.accept, "level {level}, {color}: {j}");
            assert_eq!(j.reason, DrawGrounds::DeadMaterial);
        }
        // Black, to move, would take the Chief with the Panthan for the draw: it offers.
        assert_eq!(
            should_offer_draw(&p, &[], level),
            Some(DrawGrounds::DeadMaterial)
        );
    }
    // The Black Chief takes the Orange Chief: a win, dead material or not.
    let p = pos("9p/10/4c5/10/10/4C5/10/10/10/P9 b - - 0");
    for level in levels() {
        let j = judge_draw(&p, &[], Color::Black, level);
        assert!(!j.accept, "level {level}: {j}");
        assert!(matches!(j.reason, DrawGrounds::Winning { .. }), "{j}");
        assert_eq!(should_offer_draw(&p, &[], level), None);
        // Its opponent, lost, takes the draw.
        assert!(judge_draw(&p, &[], Color::Orange, level).accept);
    }
}

#[test]
fn a_stale_game_is_a_draw_it_takes_and_offers() {
    // Black is a Dwar and a Padwar up, with no enemy Chief near its pieces (see the test
    // that it offers its Chief there).
    let board = "8cp/10/10/10/10/4n5/10/10/10/4C1PDA1";
    let p = pos(&format!("{board} b o - 120"));
    let stale_since = [pos(&format!("{board} b o - 20"))];
    let recent = [pos(&format!("{board} b o - 40"))];
    assert_eq!(plies_without_capture(&p, &stale_since), 100);
    assert_eq!(plies_without_capture(&p, &recent), 80);
    for level in levels() {
        // 80 plies without a capture: Black, ahead, plays on and does not offer.
        let j = judge_draw(&p, &recent, Color::Black, level);
        assert!(!j.accept, "level {level}: {j}");
        assert_eq!(should_offer_draw(&p, &recent, level), None, "level {level}");
        // 100: the game has shown Black cannot win; it takes a draw and offers one.
        let j = judge_draw(&p, &stale_since, Color::Black, level);
        assert!(j.accept, "level {level}: {j}");
        assert_eq!(j.reason, DrawGrounds::Stale { plies: 100 });
        assert!(j.to_string().contains("100 plies without a capture"), "{j}");
        assert_eq!(
            should_offer_draw(&p, &stale_since, level),
            Some(DrawGrounds::Stale { plies: 100 }),
            "level {level}"
        );
    }
}

#[test]
fn a_capture_resets_the_count() {
    let p = pos("9p/4c5/4N5/10/10/10/10/10/10/C1PDA5 b - - 120");
    // An Orange Panthan was still on the board at ply 20: a capture came since.
    let before = [pos("9p/4c5/4N5/10/10/10/10/10/9n/C1PDA5 b - - 20")];
    assert_eq!(plies_without_capture(&p, &before), 0);
}

#[test]
fn a_finished_game_is_no_draw_to_take_or_offer() {
    // The Black Panthan on e5 takes the Orange Princess on e6: Black has won.
    let p = pos("9c/10/10/6F3/4p5/4N5/10/10/10/CP8 b - - 0");
    let over = after(&p, mv(&p, "e5-e6"));
    assert!(over.is_game_over());
    for level in levels() {
        let j = judge_draw(&over, std::slice::from_ref(&p), Color::Orange, level);
        assert_eq!((j.accept, j.reason), (false, DrawGrounds::Over));
        assert_eq!(
            should_offer_draw(&over, std::slice::from_ref(&p), level),
            None
        );
    }
}
