//! §2 A turn: the die's action budget, discard, exchange, paradrop, end, turn order.

use crate::helpers::*;
use martian_chess::{Action, Card, Color, Event, IllegalAction, Role, Square, State, ToAct};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn the_die_sets_the_number_of_actions_and_the_turn_passes_when_they_are_used() {
    let s = build().actions("2/2").state();
    let s = play(s, W, &["e2-e4"]);
    assert_eq!(s.to_act(), ToAct::Turn(W));
    let (s, events) = s.play_with_events(W, act("d2-d4")).unwrap();
    assert_eq!(s.to_act(), ToAct::Turn(B));
    assert!(events.contains(&Event::TurnEnded { player: W }));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DieRolled {
            player: Color::Black,
            ..
        }
    )));
    assert!((1..=6).contains(&s.die()));
    assert_eq!(s.actions_left(), s.die());
    assert!(s.moved_this_turn().is_empty());
}

#[test]
fn the_die_is_fair_enough_and_seeded() {
    let mut counts = [0; 7];
    for seed in 0..600 {
        counts[State::new(seed).die() as usize] += 1;
    }
    assert_eq!(counts[0], 0);
    for c in &counts[1..] {
        assert!((60..=140).contains(c), "{counts:?}");
    }
    assert_eq!(State::new(77).die(), State::new(77).die());
}

#[test]
fn a_player_may_end_the_turn_early() {
    let s = play(build().state(), W, &["e2-e4", "end"]);
    assert_eq!(s.to_act(), ToAct::Turn(B));
    assert_eq!(s.board().get(sq("e4")).unwrap().role, Role::Pawn);
}

#[test]
fn no_actions_left_only_end() {
    let s = build().actions("3/0").state();
    assert_eq!(refuse(&s, W, "e2-e4"), IllegalAction::NoActionsLeft);
    assert_eq!(refuse(&s, W, "discard 2C"), IllegalAction::NoActionsLeft);
    assert_eq!(s.legal_actions(), vec![Action::End]);
}

#[test]
fn acting_out_of_turn_is_refused() {
    let s = build().state();
    assert_eq!(refuse(&s, B, "e7-e5"), IllegalAction::NotYourTurn(W));
    assert_eq!(refuse(&s, B, "end"), IllegalAction::NotYourTurn(W));
    assert_eq!(refuse(&s, W, "play 2C"), IllegalAction::NoBattle);
}

#[test]
fn discard_puts_a_card_face_up_and_draws_one() {
    let s = build().white("2C 3C").state();
    let top = s.to_string().split(' ').nth(10).unwrap()[50..52]
        .parse::<Card>()
        .unwrap();
    let s = play(s, W, &["discard 2C"]);
    assert_eq!(s.hand(W).len(), 13);
    assert!(!s.hand(W).contains(&"2C".parse().unwrap()));
    assert!(s.hand(W).contains(&top));
    assert_eq!(s.discard_pile(), &["2C".parse::<Card>().unwrap()]);
    assert_eq!(s.actions_left(), 5);
    assert_eq!(
        refuse(&s, W, "discard 2C"),
        IllegalAction::CardNotInHand("2C".parse().unwrap())
    );
}

#[test]
fn exchange_returns_each_piece_to_its_owners_reserve() {
    let s = build().prisons("np/NR").state();
    let s = play(s, W, &["exchange N"]);
    assert_eq!(s.prison(W).to_string(), "P");
    assert_eq!(s.prison(B).to_string(), "R");
    assert_eq!(s.reserve(W).to_string(), "N");
    assert_eq!(s.reserve(B).to_string(), "N");
    assert_eq!(s.actions_left(), 5, "one action per pair");
    assert!(s.to_string().contains(" p/R N/n "));
    assert_eq!(
        refuse(&s, W, "exchange R"),
        IllegalAction::NotInYourPrison(Role::Rook)
    );
    assert_eq!(
        refuse(&s, W, "exchange P"),
        IllegalAction::NotInOpponentPrison(Role::Pawn)
    );
    assert_eq!(
        refuse(&s, W, "exchange K"),
        IllegalAction::KingNotExchangeable
    );
}

#[test]
fn a_piece_exchanged_this_turn_may_be_dropped_this_turn_on_any_empty_square() {
    let s = build().prisons("n/N").state();
    let s = play(s, W, &["exchange N", "N@e5"]);
    assert_eq!(s.board().get(sq("e5")).unwrap().role, Role::Knight);
    assert_eq!(s.dropped_this_turn(), vec![sq("e5")]);
    assert!(s.reserve(W).is_empty());
    assert_eq!(
        refuse(&s, W, "e5-f7"),
        IllegalAction::DroppedThisTurn {
            square: sq("e5"),
            role: Role::Knight
        }
    );
}

#[test]
fn paradrop_rules() {
    let s = build().reserves("PQ/-").state();
    assert_eq!(
        refuse(&s, W, "P@e1"),
        IllegalAction::SquareOccupied(sq("e1"))
    );
    assert_eq!(
        refuse(&s, W, "P@e8"),
        IllegalAction::SquareOccupied(sq("e8"))
    );
    let s = build()
        .board("4k3/8/8/8/8/8/8/4K3")
        .castling("-")
        .reserves("PQ/-")
        .state();
    assert_eq!(
        refuse(&s, W, "P@a1"),
        IllegalAction::PawnDropOnBackRank(sq("a1"))
    );
    assert_eq!(
        refuse(&s, W, "P@a8"),
        IllegalAction::PawnDropOnBackRank(sq("a8"))
    );
    assert_eq!(
        refuse(&s, W, "N@a3"),
        IllegalAction::NotInReserve(Role::Knight)
    );
    assert_eq!(refuse(&s, W, "K@a3"), IllegalAction::KingNotExchangeable);
    // Other pieces may go on rank 1 or 8.
    play(s.clone(), W, &["Q@a8"]);
    let drops = s
        .legal_actions()
        .iter()
        .filter(|a| matches!(a, Action::Drop { .. }))
        .count();
    assert_eq!(drops, 62 + 48);
}

#[test]
fn a_dropped_rook_does_not_restore_castling() {
    let s = build()
        .board("4k3/8/8/8/8/8/8/4K3")
        .castling("-")
        .reserves("R/-")
        .state();
    let s = play(s, W, &["R@h1", "end"]);
    assert_eq!(s.castling().to_string(), "-");
}
