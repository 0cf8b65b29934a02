//! Martian Chess games in the store: actions in one transaction, refusals, piece prices
//! capped by the reserve, the settlement, overdue battle cards, verify and export. The same
//! tests run against sled (`tests/store`) and PostgreSQL (`tests/store_pg`).
use jetan_store::UserId;

use jetan_store::schema::martian::Ending as MartianEnding;
use jetan_store::{EndReason, GameKind, GameResult, PaymentKind, PlayResult, StoreError, Terms};
use jetan_store::{Refusal, RuleEnding};
use martian_chess::{ai, Action, BattleSide, State, ToAct};

use crate::common::*;

fn martian(stake: u64, price: u64) -> Terms {
    Terms {
        stake,
        piece_price: price,
        ..Terms::martian()
    }
}

fn act(t: &TestStore, user: u64, text: &str, now: u64) -> jetan_store::Result<PlayResult> {
    let g = t.store.game(CH).unwrap().expect("a game");
    t.store.act(
        t.req(UserId(user), now),
        CH,
        (g.id, g.version),
        text.parse().unwrap(),
    )
}

/// Plays the game in `CH` to its end with the rules crate's computer player at `level`
/// for whoever must act (each from their own view). Returns every result.
fn play_out(t: &TestStore, level: ai::Level) -> Vec<PlayResult> {
    let mut out = Vec::new();
    let mut now = 10;
    while let Some(g) = t.store.game(CH).unwrap() {
        let state = g.martian_state().unwrap();
        let side = state
            .player_to_act()
            .expect("a game in progress has a player to act");
        let a = ai::choose(&state.public_view(side), level, out.len() as u64).unwrap();
        now += 1000;
        let user = g.martian_player(side);
        out.push(
            t.store
                .act(t.req(user, now), CH, (g.id, g.version), a)
                .unwrap(),
        );
        assert!(out.len() < 20_000, "the game does not end");
    }
    out
}

#[test]
fn a_whole_game_settles_piece_prices_capped_and_the_stake() {
    let t = TestStore::new();
    let g = t.start(martian(50, 2));
    assert_eq!(g.terms.kind(), GameKind::MartianChess);
    assert_eq!(g.position, State::new(42).to_string());
    // Escrow: the stake and 39 piece prices.
    assert_eq!(t.store.wallet(GUILD, ALICE).unwrap().escrow, 50 + 78);
    let results = play_out(&t, ai::Level::Greedy);
    let last = results.last().unwrap();
    let end = last
        .finished
        .as_ref()
        .expect("the last action ends the game");
    assert!(
        matches!(
            end.reason,
            EndReason::Rule(RuleEnding::MartianChess(MartianEnding::KingCaptured))
                | EndReason::Rule(RuleEnding::MartianChess(MartianEnding::KingLostAttack))
                | EndReason::Rule(RuleEnding::MartianChess(MartianEnding::QuietTurns))
        ),
        "{:?}",
        end.reason
    );
    // Every prisoner paid its price × 2, capped by the payer's reserve of 78.
    let mut paid = std::collections::BTreeMap::<UserId, u64>::new();
    for r in &results {
        for p in &r.payments {
            let PaymentKind::Piece { piece } = p.kind else {
                panic!("not a prisoner payment: {p:?}")
            };
            let role = martian_chess::Role::from_char(piece.to_ascii_lowercase()).unwrap();
            assert!(p.amount <= u64::from(role.value()) * 2);
            *paid.entry(p.from).or_default() += p.amount;
        }
    }
    for (&who, &sum) in &paid {
        assert!(sum <= 78, "{who} paid {sum} in piece prices");
    }
    let (a, b) = (
        t.store.wallet(GUILD, ALICE).unwrap(),
        t.store.wallet(GUILD, BOB).unwrap(),
    );
    assert_eq!((a.escrow, b.escrow), (0, 0));
    assert_eq!(a.balance + b.balance, 2000, "money is conserved");
    let net_alice = paid.get(&BOB).copied().unwrap_or(0) as i64
        - paid.get(&ALICE).copied().unwrap_or(0) as i64
        + match end.result {
            GameResult::Win { winner, .. } if winner == ALICE => 50,
            GameResult::Win { .. } => -50,
            _ => 0,
        };
    assert_eq!(a.net_won, net_alice);
    assert_eq!(a.balance as i64, 1000 + net_alice);
    // The archive holds every action; verify replays it.
    let f = t.store.last_finished(CH).unwrap().unwrap();
    assert_eq!(f.game.actions().len(), results.len());
    assert!(f.game.moves().is_empty());
    let report = t.store.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    // Export and import keep it whole.
    let mut out = Vec::new();
    t.store.export(&mut out).unwrap();
    // Into a fresh place on the same backend (a new schema on PostgreSQL).
    let target = Place::new();
    target.import(&out).unwrap();
    let restored = target.open();
    assert_eq!(restored.last_finished(CH).unwrap().unwrap(), f);
    let report = restored.verify().unwrap();
    assert!(report.is_clean(), "{report}");
}

#[test]
fn refusals_change_nothing() {
    let t = TestStore::new();
    t.start(martian(10, 1));
    let before = t.store.game(CH).unwrap().unwrap();
    // Bob is Black: White (Alice) acts first.
    let e = act(&t, BOB.get(), "e7-e5", 5).unwrap_err();
    assert!(
        matches!(e, StoreError::NotYourTurn { to_move } if to_move == ALICE),
        "{e}"
    );
    let e = act(&t, CAROL.get(), "e2-e4", 5).unwrap_err();
    assert!(matches!(e, StoreError::NotAPlayer), "{e}");
    // A Jetan move in a Martian Chess game.
    let e = t.mv("e2", "e4", 5).unwrap_err();
    assert!(matches!(e, StoreError::WrongGame { .. }), "{e}");
    // The version the player saw.
    let e = t
        .store
        .act(
            t.req(ALICE, 5),
            CH,
            (before.id, before.version + 1),
            "e2-e4".parse().unwrap(),
        )
        .unwrap_err();
    assert!(matches!(e, StoreError::GameChanged { .. }), "{e}");
    let e = act(&t, ALICE.get(), "e2-e5", 5).unwrap_err();
    assert!(
        matches!(e, StoreError::Illegal(Refusal::MartianChess(_))),
        "{e}"
    );
    assert_eq!(t.store.game(CH).unwrap().unwrap(), before);
    // A piece moves once a turn (the seed-42 die gives more than one action).
    let state = before.martian_state().unwrap();
    assert!(state.actions_left() >= 2, "seed 42 rolls {}", state.die());
    act(&t, ALICE.get(), "g1-f3", 6).unwrap();
    let e = act(&t, ALICE.get(), "f3-g5", 7).unwrap_err();
    assert!(
        matches!(
            e,
            StoreError::Illegal(Refusal::MartianChess(
                martian_chess::IllegalAction::AlreadyMoved { .. }
            ))
        ),
        "{e}"
    );
    // A repeated request answers the same and plays nothing more.
    let g = t.store.game(CH).unwrap().unwrap();
    let stamp = t.req(ALICE, 8);
    let first = t
        .store
        .act(stamp, CH, (g.id, g.version), Action::End)
        .unwrap();
    let again = t
        .store
        .act(stamp, CH, (g.id, g.version), Action::End)
        .unwrap();
    assert_eq!(first, again);
    assert_eq!(t.store.game(CH).unwrap().unwrap().actions().len(), 2);
}

#[test]
fn an_overdue_battle_card_is_played_for_its_player() {
    let t = TestStore::new();
    t.start(martian(0, 0));
    // Play on (the computer for both) until a battle waits for a card.
    let mut now = 10;
    let mut n = 0;
    loop {
        let g = t.store.game(CH).unwrap().expect("a battle before the end");
        let state = g.martian_state().unwrap();
        if let ToAct::Battle { side, .. } = state.to_act() {
            if side == BattleSide::Attacker {
                // The attacker is not timed by the battle clock.
                let later = now + 10 * jetan_store::games::martian::BATTLE_TIME_MS;
                assert!(t.store.play_overdue_cards(later).unwrap().is_empty());
            } else {
                break;
            }
        }
        let side = state.player_to_act().unwrap();
        let a = ai::choose(&state.public_view(side), ai::Level::Greedy, n).unwrap();
        now += 1000;
        t.store
            .act(t.req(g.martian_player(side), now), CH, (g.id, g.version), a)
            .unwrap();
        n += 1;
    }
    let g = t.store.game(CH).unwrap().unwrap();
    let (side, card) = g.martian_state().unwrap().lowest_legal_card().unwrap();
    let limit = now + jetan_store::games::martian::BATTLE_TIME_MS;
    assert!(t.store.play_overdue_cards(limit - 1).unwrap().is_empty());
    let played = t.store.play_overdue_cards(limit).unwrap();
    assert_eq!(played.len(), 1);
    assert_eq!(
        played[0].record.as_action().unwrap().action,
        Action::Play(card)
    );
    assert_eq!(played[0].record.as_action().unwrap().player, side);
    assert!(played[0].record.as_action().unwrap().timeout);
    assert_eq!(played[0].by, g.martian_player(side));
    let report = t.store.verify().unwrap();
    assert!(report.is_clean(), "{report}");
}

#[test]
fn resignation_and_draws_end_martian_games_like_jetan_ones() {
    let t = TestStore::new();
    t.start(martian(30, 1));
    act(&t, ALICE.get(), "e2-e4", 5).unwrap();
    let g = t.store.game(CH).unwrap().unwrap();
    let end = t.store.resign(t.req(BOB, 6), CH, g.id).unwrap();
    assert_eq!(
        end.result,
        GameResult::Win {
            winner: ALICE,
            loser: BOB
        }
    );
    assert_eq!(t.store.wallet(GUILD, ALICE).unwrap().balance, 1030);
    let report = t.store.verify().unwrap();
    assert!(report.is_clean(), "{report}");
}

#[test]
fn terms_written_before_martian_chess_read_as_jetan() {
    let old = r#"{"variant":"classic","stake":1,"piece_price":1,"first":"challenger","move_time_minutes":null,"practice":false}"#;
    let terms: Terms = serde_json::from_str(old).unwrap();
    assert_eq!(terms.kind(), GameKind::Jetan);
    assert_eq!(terms.game, jetan_rules::Variant::Classic.into());
}

/// Jetan's terms are written as they always were (its options inline, beside `"game"`),
/// so records stay readable both ways; Martian Chess's terms once carried Jetan's
/// `variant` and `topology` (always Classic and flat): they read, and are still written
/// for the previous release, which requires them.
#[test]
fn the_game_and_its_options_are_stored_inline_in_the_terms() {
    let jetan = Terms {
        stake: 5,
        ..Terms::friendly(jetan_store::games::jetan::Options {
            variant: jetan_rules::Variant::Manator,
            topology: jetan_rules::Topology::Circular,
            rules: jetan_rules::Rules::STANDARD,
        })
    };
    assert_eq!(
        serde_json::to_string(&jetan).unwrap(),
        r#"{"game":"jetan","variant":"manator","topology":"circular","stake":5,"piece_price":0,"first":"challenger","move_time_minutes":null,"practice":false}"#
    );
    assert_eq!(
        serde_json::from_str::<Terms>(&serde_json::to_string(&jetan).unwrap()).unwrap(),
        jetan
    );
    let old = r#"{"game":"martian_chess","variant":"classic","topology":"flat","stake":0,"piece_price":1,"first":"challenger","move_time_minutes":5,"practice":false}"#;
    let martian: Terms = serde_json::from_str(old).unwrap();
    assert_eq!(
        martian,
        Terms {
            piece_price: 1,
            move_time_minutes: Some(5),
            ..Terms::martian()
        }
    );
    assert_eq!(serde_json::to_string(&martian).unwrap(), old);
    let unknown = r#"{"game":"go","stake":0,"piece_price":0,"first":"challenger","move_time_minutes":null,"practice":false}"#;
    assert!(
        serde_json::from_str::<Terms>(unknown).is_err(),
        "an unknown game is not read as another"
    );
}
