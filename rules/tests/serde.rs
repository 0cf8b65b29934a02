//! The `serde` feature: `cargo test -p jetan-rules --features serde`.
#![cfg(feature = "serde")]

use jetan_rules::{
    ByColor, Color, DrawReason, MoveText, Outcome, Piece, Position, Role, Square, Topology,
    Variant, WinReason,
};
use serde_json::{from_str, json, to_value};

#[test]
fn vocabulary_types_serialize_as_the_rule_book_writes_them() {
    let sq: Square = "e2".parse().unwrap();
    assert_eq!(to_value(sq).unwrap(), json!("e2"));
    assert_eq!(
        from_str::<Square>("\"j10\"").unwrap(),
        "j10".parse().unwrap()
    );
    assert!(from_str::<Square>("\"k1\"").is_err());

    let dwar = Piece::from_char('d').unwrap();
    assert_eq!(to_value(dwar).unwrap(), json!("d"));
    assert_eq!(
        from_str::<Piece>("\"D\"").unwrap(),
        Piece::from_char('D').unwrap()
    );
    assert!(from_str::<Piece>("\"x\"").is_err());

    assert_eq!(to_value(Color::Orange).unwrap(), json!("orange"));
    assert_eq!(to_value(Role::Panthan).unwrap(), json!("panthan"));
    assert_eq!(to_value(Variant::Manator).unwrap(), json!("manator"));
    assert_eq!(to_value(Topology::Circular).unwrap(), json!("circular"));
    let by = ByColor {
        black: 1,
        orange: 2,
    };
    assert_eq!(to_value(by).unwrap(), json!({"black": 1, "orange": 2}));
    assert_eq!(
        from_str::<ByColor<u8>>(r#"{"black":1,"orange":2}"#).unwrap(),
        by
    );

    let win = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::PrincessCaptured,
    };
    let v = to_value(win).unwrap();
    assert_eq!(
        v,
        json!({"win": {"winner": "black", "reason": "princess_captured"}})
    );
    assert_eq!(serde_json::from_value::<Outcome>(v).unwrap(), win);
    let draw = Outcome::Draw {
        reason: DrawReason::TenMoveRule,
    };
    assert_eq!(
        serde_json::from_value::<Outcome>(to_value(draw).unwrap()).unwrap(),
        draw
    );
}

#[test]
fn moves_serialize_as_text_and_read_back_as_move_text() {
    let pos = Position::start();
    let m = pos
        .find_move("e2".parse().unwrap(), "e3".parse().unwrap())
        .unwrap();
    assert_eq!(to_value(m).unwrap(), json!("e2-e3"));
    let text: MoveText = from_str("\"e2-e3\"").unwrap();
    assert_eq!(text.resolve(&pos), Ok(m));
    assert_eq!(
        to_value(from_str::<MoveText>("\"Ab1-d3\"").unwrap()).unwrap(),
        json!("Ab1-d3")
    );
    let (_, report) = pos.play(m, &mut jetan_rules::AttackerWins).unwrap();
    let v = to_value(report).unwrap();
    assert_eq!(v["mv"], json!("e2-e3"));
    assert_eq!(v["piece"], json!("N"));
}
