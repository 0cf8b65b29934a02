//! §7 Action text, the state string and public views.

use crate::helpers::*;
use martian_chess::{
    Action, Card, Color, Field, ParseActionError, ParseStateError, Role, State, StateProblem,
};

#[test]
fn action_text_round_trips() {
    for t in [
        "e2-e4",
        "e1-g1",
        "e7-e8=N",
        "a2-a1=Q",
        "N@f3",
        "P@a2",
        "exchange N",
        "exchange P",
        "discard 7H",
        "discard TS",
        "play AS",
        "play 2C",
        "end",
    ] {
        let a: Action = t.parse().unwrap();
        assert_eq!(a.to_string(), t);
    }
}

#[test]
fn action_text_accepts_the_variants_of_the_rule_book() {
    let e2e4 = act("e2-e4");
    assert_eq!(act("e2e4"), e2e4);
    assert_eq!(act("e2xe4"), e2e4);
    assert_eq!(act(" E2-E4 "), e2e4);
    assert_eq!(act("e7e8n"), act("e7-e8=N"));
    assert_eq!(
        act("e7-e8"),
        Action::Move {
            from: "e7".parse().unwrap(),
            to: "e8".parse().unwrap(),
            promotion: None
        }
    );
    assert_eq!(act("n@f3"), act("N@f3"));
    assert_eq!(act("AS"), act("play AS"));
    assert_eq!(act("discard 10h"), act("discard TH"));
    assert_eq!(act("Exchange q"), Action::Exchange(Role::Queen));
}

#[test]
fn action_syntax_errors_say_what_is_wrong() {
    assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
    assert_eq!(
        "e9-e4".parse::<Action>(),
        Err(ParseActionError::Square("e9".into()))
    );
    assert_eq!(
        "X@f3".parse::<Action>(),
        Err(ParseActionError::Piece("X".into()))
    );
    assert_eq!(
        "discard 1H".parse::<Action>(),
        Err(ParseActionError::Card("1H".into()))
    );
    assert_eq!(
        "hello".parse::<Action>(),
        Err(ParseActionError::Unknown("hello".into()))
    );
    assert_eq!(
        "discard 1H".parse::<Action>().unwrap_err().to_string(),
        "`1H` is not a card (write rank then suit, like AS, TH, 7D or 2C)"
    );
}

#[test]
fn notate_writes_x_for_attacks() {
    let s = build()
        .board("4k3/8/8/3p4/4P3/8/8/4K3")
        .castling("-")
        .state();
    assert_eq!(s.notate(&act("e4-d5")), "e4xd5");
    assert_eq!(s.notate(&act("e4-e5")), "e4-e5");
}

#[test]
fn state_string_round_trips_exactly() {
    let s = State::new(123);
    let t = s.to_string();
    let back: State = t.parse().unwrap();
    assert_eq!(back, s);
    assert_eq!(back.to_string(), t);
    let mid = build()
        .board("r3k2r/8/8/3p4/2P1P3/8/8/R3K2R")
        .actions("5/2")
        .moved("e4")
        .dropped("c4")
        .quiet("7+")
        .prisons("qp/NP")
        .reserves("R/b")
        .battle("e4xd5:AS3S")
        .text();
    let parsed: State = mid.parse().unwrap();
    assert_eq!(parsed.to_string(), mid);
}

#[test]
fn state_string_fields() {
    let t = State::new(0).to_string();
    let f: Vec<&str> = t.split(' ').collect();
    assert_eq!(f.len(), 15);
    assert_eq!(f[0], START);
    assert_eq!(f[1], "w");
    assert_eq!(&f[3..9], &["-", "-", "KQkq", "0", "-/-", "-/-"]);
    assert_eq!(f[9].len(), 26 * 2 + 1);
    assert_eq!(f[10].len(), 26 * 2);
    assert_eq!(f[11], "-");
    assert_eq!(f[12], "-");
    assert_eq!(f[14], "*");
    // 51 swaps for the shuffle, 1 die roll.
    assert_eq!(f[13], "0:52");
}

#[test]
fn syntax_errors_name_the_field() {
    let good = build().text();
    let bad = good.replacen(" w ", " x ", 1);
    assert_eq!(
        bad.parse::<State>().unwrap_err(),
        ParseStateError::Field {
            field: Field::Side,
            text: "x".into()
        }
    );
    assert_eq!(
        "a b".parse::<State>().unwrap_err(),
        ParseStateError::FieldCount(2)
    );
}

#[test]
fn impossible_states_list_every_problem() {
    let text = build()
        .board("4k3/8/8/8/8/8/8/P3K3")
        .castling("KQ")
        .actions("3/4")
        .text();
    // Drop the first card of White's hand.
    let mut f: Vec<String> = text.split(' ').map(str::to_owned).collect();
    let lost: Card = f[9][0..2].parse().unwrap();
    f[9] = f[9][2..].to_owned();
    let ParseStateError::Invalid(e) = f.join(" ").parse::<State>().unwrap_err() else {
        panic!()
    };
    let p = &e.problems;
    assert!(p.contains(&StateProblem::CardMissing(lost)));
    assert!(p.contains(&StateProblem::HandSize {
        color: Color::White,
        expected: 13,
        found: 12
    }));
    assert!(p.contains(&StateProblem::PawnOnBackRank("a1".parse().unwrap())));
    assert!(p.contains(&StateProblem::Actions { die: 3, left: 4 }));
    assert!(p.iter().any(|x| matches!(x, StateProblem::Castling { .. })));
    let no_king = build().board("8/8/8/8/8/8/8/4K3").castling("-").text();
    assert!(no_king.parse::<State>().is_err());
}

#[test]
fn a_public_view_hides_the_other_hand_and_the_deck() {
    let s = State::new(99);
    for viewer in Color::ALL {
        let v = s.public_view(viewer);
        let text = v.to_string();
        assert_eq!(v.hand(), s.hand(viewer));
        for c in s.hand(viewer.other()) {
            assert!(!text.contains(&c.to_string()), "{c} leaked in {text}");
        }
        assert!(!text.contains(&s.stream().seed().to_string()));
        assert!(text.contains(&format!("view:{}", viewer.char())));
        assert_eq!(v.unseen_cards().len(), 39);
        assert_eq!(v.legal_actions().is_empty(), viewer == Color::Black);
    }
    assert_eq!(s.public_view(Color::White).hand_len(Color::Black), 13);
    assert_eq!(s.public_view(Color::White).deck_len(), 26);
}
