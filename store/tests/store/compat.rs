//! Records written by earlier versions read into today's types unchanged: a game's
//! records under `moves` / `actions`, endings by their flat names, a prisoner's price as
//! `prisoner`, and the receipts of moves (`move`, with `mv` and `position`) and actions
//! (`act`, with `action`). Nothing on disk had to be migrated for the one game model.

use jetan_store::schema::martian::Ending as MartianEnding;
use jetan_store::{EndReason, Game, HostEnding, PaymentKind, Receipt, Record, Records, RuleEnding};

const GAME: &str = r#"{"id":7,"guild":1,"channel":10,"black":100,"orange":200,
"challenger":100,"terms":{"game":"martian_chess","variant":"classic","topology":"flat",
"stake":0,"piece_price":1,"first":"challenger","move_time_minutes":5,"practice":false},
"seed":42,"moves":[],"actions":[{"player":"w","action":"e2-e4","at":5}],"position":"S",
"started_at":1,"last_move_at":5,"version":2,"draw_offer":null,
"escrow":{"black":39,"orange":39},"net":{"black":0,"orange":0}}"#;

#[test]
fn a_game_of_either_kind_reads_and_writes_as_before() {
    let g: Game = serde_json::from_str(GAME).unwrap();
    let Records::MartianChess(actions) = &g.records else {
        panic!("{:?}", g.records)
    };
    assert_eq!(actions[0].action.to_string(), "e2-e4");
    let again = serde_json::to_value(&g).unwrap();
    assert_eq!(
        again,
        serde_json::from_str::<serde_json::Value>(GAME).unwrap()
    );

    // A Jetan game: its moves under `moves`, no `actions`.
    let jetan = GAME
        .replace(r#""game":"martian_chess""#, r#""game":"jetan""#)
        .replace(
            r#""moves":[],"actions":[{"player":"w","action":"e2-e4","at":5}]"#,
            r#""moves":[{"from":"e2","to":"e3","piece":"N","killed":null,"duel":null,"at":5}]"#,
        );
    let g: Game = serde_json::from_str(&jetan).unwrap();
    assert_eq!(g.moves()[0].to_string(), "e2-e3");
    assert_eq!(
        serde_json::to_value(&g).unwrap(),
        serde_json::from_str::<serde_json::Value>(&jetan).unwrap()
    );

    // A record that holds both is damaged, not read as one of them.
    let both = GAME.replace(
        r#""moves":[]"#,
        r#""moves":[{"from":"e2","to":"e3","piece":"N","at":5}]"#,
    );
    assert!(serde_json::from_str::<Game>(&both).is_err());
}

#[test]
fn endings_and_prices_keep_their_names() {
    for (name, reason) in [
        ("\"time\"", EndReason::Host(HostEnding::Time)),
        ("\"abandoned\"", EndReason::Host(HostEnding::Abandoned)),
        (
            "\"king_captured\"",
            EndReason::Rule(RuleEnding::MartianChess(MartianEnding::KingCaptured)),
        ),
        (
            "\"princess_captured\"",
            EndReason::Rule(RuleEnding::Jetan(
                jetan_store::schema::jetan::Ending::PrincessCaptured,
            )),
        ),
    ] {
        assert_eq!(serde_json::from_str::<EndReason>(name).unwrap(), reason);
        assert_eq!(serde_json::to_string(&reason).unwrap(), name);
    }
    assert!(serde_json::from_str::<EndReason>("\"checkmate\"").is_err());
    let prisoner: PaymentKind = serde_json::from_str(r#"{"for":"prisoner","piece":"Q"}"#).unwrap();
    assert_eq!(prisoner, PaymentKind::Piece { piece: 'Q' });
}

#[test]
fn receipts_of_moves_and_actions_read_as_one_result() {
    let mv = r#"{"op":"move","result":{"game_id":1,"mv":{"from":"e2","to":"e3","piece":"N","at":7},
"by":100,"version":2,"ply":0,"position":"P","countdown_started":true,"payments":[],
"draw_offer_cleared":false,"finished":null}}"#;
    let Receipt::Play(r) = serde_json::from_str(mv).unwrap() else {
        panic!()
    };
    assert!(matches!(r.record, Record::Jetan(m) if m.to_string() == "e2-e3"));
    assert_eq!((r.after.as_str(), r.countdown_started), ("P", true));

    let act = r#"{"op":"act","result":{"game_id":1,"channel":10,
"action":{"player":"b","action":"play AS","timeout":true,"at":9},"by":200,"version":3,
"ply":4,"before":"S1","after":"S2","payments":[{"from":100,"to":200,"amount":9,
"for":"prisoner","piece":"Q"}],"unpaid":0,"draw_offer_cleared":false,"finished":null}}"#;
    let Receipt::Play(r) = serde_json::from_str(act).unwrap() else {
        panic!()
    };
    let a = r.record.as_action().expect("an action");
    assert!(a.timeout);
    assert_eq!((r.before.as_str(), r.after.as_str()), ("S1", "S2"));
    assert_eq!(r.payments[0].kind, PaymentKind::Piece { piece: 'Q' });
}
