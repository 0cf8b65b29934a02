//! §5 End of the game: draws by 50 quiet turns and by agreement, resignation, time.

use crate::helpers::*;
use martian_chess::{DrawReason, IllegalAction, Outcome, ToAct, WinReason};

const BARE: &str = "4k3/8/8/8/8/8/3P4/4K3";

#[test]
fn quiet_turns_are_counted_across_both_players() {
    let s = build().board(BARE).castling("-").state();
    let s = play(s, W, &["e1-f1", "end"]);
    assert_eq!(s.quiet_turns(), 1);
    let s = play(s, B, &["discard 2D", "end"]);
    assert_eq!(s.quiet_turns(), 2);
    // A pawn move resets the count.
    let s = play(s, W, &["d2-d3", "end"]);
    assert_eq!(s.quiet_turns(), 0);
}

#[test]
fn fifty_quiet_turns_draw() {
    let s = build().board(BARE).castling("-").quiet("49").state();
    let s = play(s, W, &["e1-f1", "end"]);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FiftyTurns
        })
    );
    assert!(s.to_string().ends_with(" 1/2:fifty"));
    assert!(matches!(refuse(&s, B, "end"), IllegalAction::GameOver(_)));
}

#[test]
fn a_pawn_move_a_paradrop_or_an_attack_in_the_fiftieth_turn_saves_the_game() {
    let s = build().board(BARE).castling("-").quiet("49").state();
    let s = play(s, W, &["d2-d4", "end"]);
    assert_eq!(s.outcome(), None);
    assert_eq!(s.quiet_turns(), 0);
    let s = build()
        .board(BARE)
        .castling("-")
        .quiet("49")
        .reserves("N/-")
        .state();
    let s = play(s, W, &["N@a3"]);
    assert!(s.to_string().contains(" 49+ "));
    let s = play(s, W, &["end"]);
    assert_eq!(s.outcome(), None);
    // A failed attack counts too.
    let s = build()
        .board("4k3/8/8/8/8/8/4p3/4K1N1")
        .castling("-")
        .quiet("49")
        .white("2C")
        .black("AC")
        .state();
    let s = play(s, W, &["g1xe2", "play 2C"]);
    let s = play(s, B, &["play AC"]);
    let s = s.play_timeout_card().play_timeout_card();
    let s = play(s, W, &["end"]);
    assert_eq!(s.outcome(), None);
    assert_eq!(s.quiet_turns(), 0);
}

#[test]
fn draw_by_agreement_resignation_and_time_are_host_calls() {
    let s = build().state();
    let d = s.clone().agree_draw();
    assert_eq!(
        d.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    assert!(d.to_string().ends_with(" 1/2:agreement"));
    let r = s.clone().resign(W);
    assert_eq!(
        r.outcome(),
        Some(Outcome::Decisive {
            winner: B,
            reason: WinReason::Resignation
        })
    );
    let t = s.lose_on_time(B);
    assert_eq!(
        t.to_act(),
        ToAct::Over(Outcome::Decisive {
            winner: W,
            reason: WinReason::Time
        })
    );
    // The first ending stands.
    assert_eq!(t.clone().agree_draw(), t);
    for text in [d.to_string(), r.to_string(), t.to_string()] {
        assert_eq!(
            text.parse::<martian_chess::State>().unwrap().to_string(),
            text
        );
    }
}

#[test]
fn piece_prices_and_the_capped_reserve() {
    use martian_chess::{piece_price, Color, Piece, PieceAccount, Role, PIECE_RESERVE_FACTOR};
    let prices: Vec<u32> = Role::ALL
        .iter()
        .map(|&r| piece_price(Piece::new(Color::White, r)))
        .collect();
    assert_eq!(prices, vec![1, 3, 3, 5, 9, 0]);
    let all: u32 = 8 + 2 * 3 + 2 * 3 + 2 * 5 + 9;
    assert_eq!(u64::from(all), PIECE_RESERVE_FACTOR);
    let mut a = PieceAccount::new(2);
    assert_eq!(a.reserve(), 78);
    assert_eq!(a.pay(9), 18);
    assert_eq!(a.remaining(), 60);
    let mut a = PieceAccount::resume(2, 77);
    assert_eq!(a.pay(5), 1);
    assert_eq!(a.pay(5), 0);
}
