//! §4 The card battle.

use crate::helpers::*;
use martian_chess::{
    BattleSide, Card, Event, IllegalAction, Outcome, Piece, Role, Square, Suit, ToAct, WinReason,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}
fn card(s: &str) -> Card {
    s.parse().unwrap()
}

const DUEL: &str = "4k3/8/8/3p4/2P1P3/8/8/4K3";

#[test]
fn an_attack_starts_a_battle_and_cards_alternate() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .white("KC 2C")
        .black("QC 3C 2D")
        .state();
    let s = play(s, W, &["e4xd5"]);
    assert_eq!(
        s.to_act(),
        ToAct::Battle {
            player: W,
            side: BattleSide::Attacker
        }
    );
    assert_eq!(s.actions_left(), 5, "the attack is one action");
    assert_eq!(refuse(&s, W, "c4-c5"), IllegalAction::BattleInProgress(W));
    assert_eq!(refuse(&s, W, "end"), IllegalAction::BattleInProgress(W));
    assert_eq!(refuse(&s, B, "play QC"), IllegalAction::NotYourCard(W));
    assert_eq!(
        refuse(&s, W, "play QC"),
        IllegalAction::CardNotInHand(card("QC"))
    );
    let s = play(s, W, &["play KC"]);
    assert_eq!(
        s.to_act(),
        ToAct::Battle {
            player: B,
            side: BattleSide::Defender
        }
    );
    assert_eq!(
        refuse(&s, B, "play 2D"),
        IllegalAction::MustFollowSuit(Suit::Clubs)
    );
    assert_eq!(refuse(&s, W, "play 2C"), IllegalAction::NotYourCard(B));
    let s = play(s, B, &["play 3C"]);
    assert!(s.to_string().contains(" e4xd5:KC3C "));
    let s = play(s, W, &["play 2C"]);
    let (s, events) = s.play_with_events(B, act("play QC")).unwrap();
    // The King of clubs wins: the attacker moves in, the defender goes to White's prison.
    assert!(events.contains(&Event::BattleWon {
        winner: W,
        attacker_won: true,
        card: card("KC"),
        prisoner: Piece::new(B, Role::Pawn),
        recorded_as: Role::Pawn,
    }));
    assert_eq!(s.board().get(sq("d5")), Some(Piece::new(W, Role::Pawn)));
    assert_eq!(s.board().get(sq("e4")), None);
    assert_eq!(s.prison(W).to_string(), "P");
    assert_eq!(
        s.discard_pile(),
        &[card("KC"), card("3C"), card("2C"), card("QC")]
    );
    assert_eq!(s.hand(W).len(), 13);
    assert_eq!(s.hand(B).len(), 13);
    assert_eq!(s.to_act(), ToAct::Turn(W));
    // The winner has moved: it may not move again this turn.
    assert!(matches!(
        refuse(&s, W, "d5-d6"),
        IllegalAction::AlreadyMoved { .. }
    ));
    // The attacker draws first, then the defender: the top two cards go to White.
    assert_cards_accounted(&s);
}

#[test]
fn the_attacker_draws_two_then_the_defender_two() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .white("KC 2C")
        .black("QC 3C")
        .state();
    let deck: Vec<Card> = {
        let t = s.to_string();
        let f = t.split(' ').nth(10).unwrap().to_owned();
        (0..f.len() / 2)
            .map(|i| f[2 * i..2 * i + 2].parse().unwrap())
            .collect()
    };
    let s = play(s, W, &["e4xd5", "play KC"]);
    let s = play(s, B, &["play 3C"]);
    let s = play(s, W, &["play 2C"]);
    let s = play(s, B, &["play QC"]);
    let n = deck.len();
    assert!(s.hand(W).contains(&deck[n - 1]) && s.hand(W).contains(&deck[n - 2]));
    assert!(s.hand(B).contains(&deck[n - 3]) && s.hand(B).contains(&deck[n - 4]));
}

#[test]
fn the_defender_wins_with_a_higher_card_of_the_led_suit() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .white("5H 2H")
        .black("AH 3H")
        .state();
    let s = play(s, W, &["e4xd5", "play 5H"]);
    let s = play(s, B, &["play 3H"]);
    let s = play(s, W, &["play 2H"]);
    let s = play(s, B, &["play AH"]);
    assert_eq!(s.board().get(sq("d5")), Some(Piece::new(B, Role::Pawn)));
    assert_eq!(
        s.board().get(sq("e4")),
        None,
        "the attacking piece is taken"
    );
    assert_eq!(s.prison(B).to_string(), "P");
    assert!(s.prison(W).is_empty());
    assert_eq!(s.actions_left(), 5);
}

#[test]
fn only_the_led_suit_counts() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .white("2C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")
        .black("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
        .state();
    let s = play(s, W, &["e4xd5", "play 2C"]);
    let s = play(s, B, &["play AS"]);
    let s = play(s, W, &["play AH"]);
    let s = play(s, B, &["play KS"]);
    assert_eq!(s.board().get(sq("d5")), Some(Piece::new(W, Role::Pawn)));
}

#[test]
fn after_a_failed_attack_another_piece_may_attack_the_same_defender() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .white("5H 2H 9D 8D")
        .black("AH 3H 2D 3D")
        .state();
    let s = play(s, W, &["e4xd5", "play 5H"]);
    let s = play(s, B, &["play 3H"]);
    let s = play(s, W, &["play 2H"]);
    let s = play(s, B, &["play AH"]);
    let s = play(s, W, &["c4xd5", "play 9D"]);
    assert_eq!(s.battle().unwrap().from(), sq("c4"));
    assert_eq!(s.actions_left(), 4);
}

#[test]
fn the_discard_pile_is_reshuffled_when_the_deck_runs_out() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .white("KC 2C")
        .black("QC 3C")
        .deck_len(1)
        .state();
    let s = play(s, W, &["e4xd5", "play KC"]);
    let s = play(s, B, &["play 3C"]);
    let s = play(s, W, &["play 2C"]);
    let (s, events) = s.play_with_events(B, act("play QC")).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Reshuffled { cards: 29 })));
    assert_eq!(s.hand(W).len(), 13);
    assert_eq!(s.hand(B).len(), 13);
    assert_eq!(s.deck_len(), 26);
    assert!(s.discard_pile().is_empty());
    assert_cards_accounted(&s);
}

#[test]
fn promotion_by_winning_an_attack_and_a_promoted_piece_is_imprisoned_as_a_pawn() {
    let s = build()
        .board("r3k3/1P6/8/8/8/8/8/4K3")
        .castling("-")
        .white("AS")
        .state();
    let s = play(s, W, &["b7xa8=N", "play AS"]);
    let c = s.battle().unwrap().led_suit();
    assert_eq!(c, Some(Suit::Spades));
    let s = s.play_timeout_card();
    let s = s.play_timeout_card().play_timeout_card();
    let promoted = Piece {
        promoted: true,
        ..Piece::new(W, Role::Knight)
    };
    assert_eq!(s.board().get(sq("a8")), Some(promoted));
    assert_eq!(s.prison(W).to_string(), "R");
    // Black takes the promoted Knight back: it enters Black's prison as a pawn.
    let s = build()
        .board("N~3k3/8/1n6/8/8/8/8/4K3")
        .side("b")
        .castling("-")
        .black("AS")
        .state();
    let s = play(s, B, &["b6xa8", "play AS"]);
    let s = s.play_timeout_card().play_timeout_card();
    let (p, c) = s.lowest_legal_card().unwrap();
    let (s, events) = s
        .play_with_events(p, martian_chess::Action::Play(c))
        .unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BattleWon {
            recorded_as: Role::Pawn,
            prisoner: Piece { promoted: true, .. },
            ..
        }
    )));
    assert_eq!(s.prison(B).to_string(), "P");
    assert_eq!(s.prison(B).value(), 1);
}

#[test]
fn lowest_legal_card_follows_suit_then_takes_the_lowest_rank_then_c_d_h_s() {
    let s = build()
        .board(DUEL)
        .castling("-")
        .battle("e4xd5:5H")
        .black("QH 3H 2C")
        .state();
    assert_eq!(s.lowest_legal_card(), Some((B, card("3H"))));
    let s = build()
        .board(DUEL)
        .castling("-")
        .battle("e4xd5:2C")
        .black("2S 2H 2D 3S 3H 3D 4S 4H 4D 5S 5H 5D 6S")
        .state();
    assert_eq!(s.lowest_legal_card(), Some((B, card("2D"))));
    let s = s.play_timeout_card();
    assert_eq!(s.battle().unwrap().cards(), &[card("2C"), card("2D")]);
    assert_eq!(build().state().lowest_legal_card(), None);
}

#[test]
fn capturing_the_king_wins() {
    let s = build()
        .board("4k3/8/5N2/8/8/8/8/4K3")
        .castling("-")
        .white("AS")
        .state();
    let s = play(s, W, &["f6xe8", "play AS"]);
    let s = s
        .play_timeout_card()
        .play_timeout_card()
        .play_timeout_card();
    assert_eq!(
        s.outcome(),
        Some(Outcome::Decisive {
            winner: W,
            reason: WinReason::KingCaptured
        })
    );
    assert_eq!(s.to_act(), ToAct::Over(s.outcome().unwrap()));
    assert!(s.legal_actions().is_empty());
    assert_eq!(s.hand(W).len(), 13);
    assert!(matches!(refuse(&s, B, "e7-e6"), IllegalAction::GameOver(_)));
    assert!(s.to_string().ends_with(" 1-0:king"));
    assert_cards_accounted(&s);
}

#[test]
fn a_king_that_loses_its_own_attack_loses_the_game() {
    let s = build()
        .board("4k3/8/8/8/8/8/3p4/4K3")
        .castling("-")
        .white("2C")
        .black("AC")
        .state();
    let s = play(s, W, &["e1xd2", "play 2C"]);
    let s = play(s, B, &["play AC"]);
    let s = s.play_timeout_card().play_timeout_card();
    assert_eq!(
        s.outcome(),
        Some(Outcome::Decisive {
            winner: B,
            reason: WinReason::KingLostAttack
        })
    );
    assert_eq!(s.board().king(W), None);
    assert!(s.to_string().ends_with(" 0-1:king-attack"));
}

#[test]
fn castling_never_attacks_and_a_rook_taken_on_its_corner_ends_the_right() {
    let s = build()
        .board("4k3/8/8/8/8/8/8/R3K1nR")
        .castling("KQ")
        .state();
    assert_eq!(
        refuse(&s, W, "e1-g1"),
        IllegalAction::CastlingBlocked(sq("g1"))
    );
    // Black takes the h1 Rook: White loses that castling right.
    let s = build()
        .board("4k3/8/8/8/8/6n1/8/R3K2R")
        .side("b")
        .castling("KQ")
        .black("AS")
        .state();
    let s = play(s, B, &["g3xh1", "play AS"]);
    let s = s
        .play_timeout_card()
        .play_timeout_card()
        .play_timeout_card();
    assert_eq!(s.castling().to_string(), "Q");
}
