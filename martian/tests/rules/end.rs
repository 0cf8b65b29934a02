//! §5 End of the game: draws by 50 quiet turns; the rules report only their own endings.

use crate::helpers::*;
use martian_chess::{DrawReason, IllegalAction, Outcome};

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
fn the_rules_report_only_their_own_endings() {
    // Resignation, time and agreement are the host's endings: a state string naming one
    // does not read.
    let s = build().state().to_string();
    let going_on = s
        .strip_suffix(" *")
        .expect("a game going on ends its string with *");
    for host in ["1-0:resign", "0-1:time", "1/2:agreement"] {
        assert!(
            format!("{going_on} {host}")
                .parse::<martian_chess::State>()
                .is_err(),
            "{host}"
        );
    }
    for rule in ["1-0:king", "0-1:king-attack", "1/2:fifty"] {
        let text = format!("{going_on} {rule}");
        let state: martian_chess::State = text.parse().unwrap();
        assert!(state.outcome().is_some(), "{rule}");
        assert_eq!(state.to_string(), text);
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
