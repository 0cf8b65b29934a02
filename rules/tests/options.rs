//! Rule options (RULES.md §12): the rules string, hand-verified positions for each
//! property, the perft reference values, and the generator against an independent one
//! written from the rule book.

mod common;

use common::{build, sq, targets};
use jetan_rules::{
    perft, AttackerWins, Board, ByColor, Color, DuelStream, GameRecord, IllegalMove, MoveText,
    ParseRulesError, Piece, Position, Role, Rules, Setup, SideRules, Square, Topology, Value,
    Variant,
};
use proptest::prelude::*;

fn rules(text: &str) -> Rules {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` should parse: {e}"))
}

// ---------------------------------------------------------------------------------------
// The rules string.

#[test]
fn canonical_form_follows_section_12() {
    let canon = |text: &str| rules(text).to_string();
    // §12's own examples.
    assert_eq!(canon("w:exact+mixed;W:mixed"), "W:mixed");
    assert_eq!(canon("standard;standard"), "standard");
    assert_eq!(canon("W:upto+mixed,T:jump"), "W:upto+mixed,T:jump");
    assert_eq!(canon("standard;D:upto"), "standard;D:upto");
    assert_eq!(canon("P:brave+noescape"), "P:brave+noescape");
    // Pieces in the order W A D F O C P T, values in property order, defaults dropped.
    assert_eq!(
        canon("t:jump,p:noescape+brave,c:upto,o:mixed,f:nojump+upto,d:upto,a:mixed,w:upto"),
        "W:upto,A:mixed,D:upto,F:upto+nojump,O:mixed,C:upto,P:brave+noescape,T:jump"
    );
    assert_eq!(canon("W:exact+pure+nojump"), "standard");
    assert_eq!(canon("F:jump,P:timid+escape+jump+exact"), "standard");
    assert_eq!(canon("C:jump;c:jump"), "C:jump");
    assert_eq!(canon("D:upto;standard"), "D:upto;standard");
    // Values given in any order come out in property order.
    assert_eq!(canon("W:mixed+upto"), "W:upto+mixed");
    // Parsing the canonical form gives the same rules.
    for text in [
        "standard",
        "W:mixed",
        "standard;D:upto",
        "W:upto,A:mixed,D:upto,F:upto+nojump,O:mixed,C:upto,P:brave+noescape,T:jump",
    ] {
        assert_eq!(canon(text), text);
        assert_eq!(rules(&canon(text)), rules(text));
    }
    assert_eq!(Rules::default(), rules("standard"));
    assert!(Rules::default().is_standard());
    assert!(!rules("standard;P:brave").is_standard());
}

#[test]
fn every_refusal_names_its_culprit() {
    let refuse = |text: &str| -> (ParseRulesError, String) {
        let e = text
            .parse::<Rules>()
            .expect_err(&format!("`{text}` should be refused"));
        let message = e.to_string();
        (e, message)
    };
    // An unknown piece.
    let (e, m) = refuse("X:upto");
    assert!(matches!(e, ParseRulesError::UnknownPiece { .. }), "{e:?}");
    assert!(m.contains("`X`"), "{m}");
    let (e, _) = refuse("WA:upto");
    assert!(matches!(e, ParseRulesError::UnknownPiece { .. }), "{e:?}");
    // An unknown value; values are lower case.
    let (e, m) = refuse("W:far");
    assert!(matches!(e, ParseRulesError::UnknownValue { .. }), "{e:?}");
    assert!(m.contains("`far`"), "{m}");
    let (e, m) = refuse("W:UPTO");
    assert!(matches!(e, ParseRulesError::UnknownValue { .. }), "{e:?}");
    assert!(m.contains("`UPTO`"), "{m}");
    // A value for a property the piece does not have.
    for (text, piece) in [
        ("N:upto", "Panthan"),
        ("T:mixed", "Thoat"),
        ("C:mixed", "Chief"),
        ("T:upto", "Thoat"),
        ("N:jump", "Panthan"),
        ("W:brave", "Warrior"),
        ("C:noescape", "Chief"),
        ("P:mixed", "Princess"),
    ] {
        let (e, m) = refuse(text);
        assert!(
            matches!(e, ParseRulesError::NoSuchProperty { .. }),
            "{text}: {e:?}"
        );
        assert!(m.contains(text) && m.contains(piece), "{text}: {m}");
    }
    // Two values of one property, or one value twice.
    for (text, shown) in [
        ("W:upto+exact", "W:upto+exact"),
        ("W:upto+upto", "W:upto+upto"),
        ("P:brave+timid", "P:brave+timid"),
        ("F:mixed+upto+pure", "F:mixed+pure"),
    ] {
        let (e, m) = refuse(text);
        assert!(
            matches!(e, ParseRulesError::TwoValues { .. }),
            "{text}: {e:?}"
        );
        assert!(m.contains(shown), "{text}: {m}");
    }
    // One piece named twice in a set (either case).
    let (e, m) = refuse("W:upto,w:mixed");
    assert_eq!(
        e,
        ParseRulesError::PieceTwice {
            role: Role::Warrior
        }
    );
    assert!(m.contains("Warrior"), "{m}");
    // The same piece in both sets is fine.
    assert_eq!(rules("W:upto;W:mixed").to_string(), "W:upto;W:mixed");
    // Syntax.
    for text in [
        "",
        ";",
        "standard;",
        "a;b;c",
        "W",
        "W:",
        "W:upto,",
        "W:upto, T:jump",
        "standard,W:upto",
        "Standard",
        "W:upto;standard;standard",
    ] {
        let e = text.parse::<Rules>().expect_err(text);
        assert!(!e.to_string().is_empty(), "{text}");
    }
    // An Odwar option is accepted in any game.
    assert_eq!(rules("O:upto").to_string(), "O:upto");
    // The crate's error enum takes it.
    let e: jetan_rules::Error = "N:upto".parse::<Rules>().unwrap_err().into();
    assert!(e.to_string().contains("Panthan"), "{e}");
}

#[test]
fn each_side_exposes_its_changes_for_the_host() {
    let r = rules("W:upto+mixed,T:jump;P:brave+noescape,F:nojump");
    let black = r.side(Color::Black);
    assert_eq!(
        black.changes().collect::<Vec<_>>(),
        [
            (Role::Warrior, Value::Upto),
            (Role::Warrior, Value::Mixed),
            (Role::Thoat, Value::Jump)
        ]
    );
    let orange = r.side(Color::Orange);
    assert_eq!(
        orange.changes().collect::<Vec<_>>(),
        [
            (Role::Flier, Value::NoJump),
            (Role::Princess, Value::Brave),
            (Role::Princess, Value::NoEscape)
        ]
    );
    assert!(black.is_upto(Role::Warrior) && black.is_mixed(Role::Warrior));
    assert!(black.jumps(Role::Thoat) && !orange.jumps(Role::Thoat));
    assert!(!orange.jumps(Role::Flier) && orange.jumps(Role::Princess));
    assert!(orange.is_brave() && !orange.has_escape());
    assert!(!black.is_brave() && black.has_escape());
    assert_eq!(
        black.value(Role::Warrior, jetan_rules::Property::Jump),
        Some(Value::NoJump)
    );
    assert_eq!(
        black.value(Role::Panthan, jetan_rules::Property::Reach),
        None
    );
    assert_eq!(
        r.swapped().to_string(),
        "F:nojump,P:brave+noescape;W:upto+mixed,T:jump"
    );
    assert_eq!(SideRules::STANDARD.changes().count(), 0);
}

#[cfg(feature = "serde")]
#[test]
fn rules_serialize_as_their_canonical_string() {
    let r = rules("w:mixed+upto;standard");
    assert_eq!(
        serde_json::to_value(r).unwrap(),
        serde_json::json!("W:upto+mixed;standard")
    );
    assert_eq!(
        serde_json::from_str::<Rules>("\"W:upto+mixed;standard\"").unwrap(),
        r
    );
    assert!(serde_json::from_str::<Rules>("\"N:upto\"").is_err());
    assert_eq!(
        serde_json::to_value(Rules::default()).unwrap(),
        serde_json::json!("standard")
    );
}

// ---------------------------------------------------------------------------------------
// Hand-verified positions, one or more per property.

/// Royals out of the way: Black Chief a1, Princess j1; Orange Chief a10, Princess j10.
/// None of them reaches the 7 x 7 square around e5 except where a test says so.
fn corner_royals() -> Vec<(&'static str, char)> {
    vec![("a1", 'C'), ("j1", 'P'), ("a10", 'c'), ("j10", 'p')]
}

fn position(extra: &[(&str, char)], rules_text: &str) -> Position {
    build(&corner_royals(), extra, Color::Black, (false, false)).with_rules(rules(rules_text))
}

/// Eight own Panthans on the eight neighbours of e5.
const RING: [(&str, char); 8] = [
    ("d4", 'N'),
    ("e4", 'N'),
    ("f4", 'N'),
    ("d5", 'N'),
    ("f5", 'N'),
    ("d6", 'N'),
    ("e6", 'N'),
    ("f6", 'N'),
];

fn ringed(piece: char, rules_text: &str) -> Position {
    let mut extra = RING.to_vec();
    extra.push(("e5", piece));
    position(&extra, rules_text)
}

fn squares(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn upto_adds_the_shorter_paths() {
    // A Warrior on e5, an own Panthan on e6: exactly two orthogonal steps reach c5, g5,
    // e3 and the four diagonal neighbours (e7 is behind e6); upto adds the free orthogonal
    // neighbours d5, f5, e4.
    let extra = [("e5", 'W'), ("e6", 'N')];
    assert_eq!(
        targets(&position(&extra, "standard"), "e5"),
        squares(&["c5", "g5", "e3", "d4", "f4", "d6", "f6"])
    );
    assert_eq!(
        targets(&position(&extra, "W:upto"), "e5"),
        squares(&["c5", "g5", "e3", "d4", "f4", "d6", "f6", "d5", "f5", "e4"])
    );
    // A Padwar on e5, an Orange Panthan on f6: upto takes it in one step; g7 is only
    // behind it; c5, e3, e7, g5 and the far corners are two diagonal steps away.
    let extra = [("e5", 'A'), ("f6", 'n')];
    assert_eq!(
        targets(&position(&extra, "A:upto"), "e5"),
        squares(&["d4", "d6", "f4", "f6", "c3", "c7", "g3", "c5", "g5", "e3", "e7"])
    );
    assert_eq!(
        targets(&position(&extra, "standard"), "e5"),
        squares(&["c3", "c7", "g3", "c5", "g5", "e3", "e7"])
    );
    // A Dwar on e5 with upto: Manhattan distance 1, 2 and 3 (4 + 8 + 12).
    let pos = position(&[("e5", 'D')], "D:upto");
    assert_eq!(targets(&pos, "e5").len(), 24);
    assert!(targets(&pos, "e5").contains(&"e7".to_string()));
    assert!(!targets(&position(&[("e5", 'D')], "standard"), "e5").contains(&"e7".to_string()));
    // A Flier on e5 with upto adds the squares of two diagonal steps, like g7.
    let pos = position(&[("e5", 'F')], "F:upto");
    assert_eq!(targets(&pos, "e5").len(), 24);
    assert!(targets(&pos, "e5").contains(&"g7".to_string()));
    assert!(!targets(&position(&[("e5", 'F')], "standard"), "e5").contains(&"g7".to_string()));
}

#[test]
fn upto_lets_the_chief_step_where_every_longer_path_is_blocked() {
    // The Chief on e5 inside the ring of own Panthans, but e6 empty: the ring blocks every
    // path except those through e6. Exactly three steps from e6 on: the squares two king
    // steps from e6 that a path through e6 reaches; upto adds e6 itself and its free
    // neighbours.
    let extra: Vec<(&str, char)> = RING
        .iter()
        .copied()
        .filter(|(s, _)| *s != "e6")
        .chain([("e5", 'C')])
        .collect();
    let royals = [("j1", 'P'), ("a10", 'c'), ("j10", 'p')];
    let pos = build(&royals, &extra, Color::Black, (false, false));
    let exact = targets(&pos, "e5");
    let upto = targets(&pos.clone().with_rules(rules("C:upto")), "e5");
    // Two steps: e6 then one of d7 e7 f7 (d6, f6, d5, f5 are own).
    // Three steps: from d7, e7, f7 one more step to a new square.
    let two = ["d7", "e7", "f7"];
    let three = [
        "c6", "c7", "c8", "d8", "e8", "f8", "g8", "g7", "g6", // around d7 e7 f7
    ];
    let mut want_exact: Vec<&str> = three.to_vec();
    want_exact.extend(two); // e6 → e7 → d7 and so on: two-step squares are three-step ends too
    assert_eq!(exact, squares(&want_exact));
    let mut want_upto = want_exact.clone();
    want_upto.push("e6");
    assert_eq!(upto, squares(&want_upto));
}

#[test]
fn mixed_steps_go_any_way() {
    // Two king steps reach the 5 x 5 square around e5 (24 squares).
    let pos = position(&[("e5", 'W')], "W:mixed");
    assert_eq!(targets(&pos, "e5").len(), 24);
    let pos = position(&[("e5", 'A')], "A:mixed");
    assert_eq!(targets(&pos, "e5").len(), 24);
    // The ring with e6 free: a mixed Warrior still does not jump, so only paths through
    // e6: exactly two steps end on d7, e7, f7; upto adds e6.
    let extra: Vec<(&str, char)> = RING
        .iter()
        .copied()
        .filter(|(s, _)| *s != "e6")
        .chain([("e5", 'W')])
        .collect();
    assert_eq!(
        targets(&position(&extra, "W:mixed"), "e5"),
        squares(&["d7", "e7", "f7"])
    );
    assert_eq!(
        targets(&position(&extra, "W:upto+mixed"), "e5"),
        squares(&["d7", "e7", "f7", "e6"])
    );
    // Standard: only e7 (two orthogonal steps through e6).
    assert_eq!(
        targets(&position(&extra, "standard"), "e5"),
        squares(&["e7"])
    );
    // A mixed Dwar and Flier reach the 7 x 7 square (48).
    assert_eq!(
        targets(&position(&[("e5", 'D')], "D:mixed"), "e5").len(),
        48
    );
    assert_eq!(
        targets(&position(&[("e5", 'F')], "F:mixed"), "e5").len(),
        48
    );
}

#[test]
fn jump_frees_the_walking_pieces() {
    // Inside the ring every path of a non-jumping piece is blocked.
    for piece in ['W', 'A', 'T', 'D', 'C'] {
        let royals: Vec<(&str, char)> = if piece == 'C' {
            vec![("j1", 'P'), ("a10", 'c'), ("j10", 'p')]
        } else {
            corner_royals()
        };
        let mut extra = RING.to_vec();
        extra.push(("e5", piece));
        let pos = build(&royals, &extra, Color::Black, (false, false));
        assert_eq!(targets(&pos, "e5"), Vec::<String>::new(), "{piece}");
        let jumping = pos.with_rules(rules(&format!("{piece}:jump")));
        let want: &[&str] = match piece {
            // (±2, 0), (0, ±2); the diagonal neighbours are own.
            'W' => &["c5", "g5", "e3", "e7"],
            'A' => &["c3", "c7", "g3", "g7", "c5", "g5", "e3", "e7"],
            // The eight knight squares; the orthogonal neighbours are own.
            'T' => &["d3", "f3", "c4", "g4", "c6", "g6", "d7", "f7"],
            // |dx| + |dy| = 3.
            'D' => &[
                "e2", "e8", "b5", "h5", "d3", "f3", "d7", "f7", "c4", "g4", "c6", "g6",
            ],
            _ => &[],
        };
        if piece == 'C' {
            // The 7 x 7 square without the ring: 48 − 8.
            assert_eq!(targets(&jumping, "e5").len(), 40);
        } else {
            assert_eq!(targets(&jumping, "e5"), squares(want), "{piece}");
        }
    }
}

#[test]
fn nojump_blocks_the_flier_odwar_and_princess() {
    // The ring with d6 free (its Panthan on a2): a nojump Flier goes through d6 only:
    // d6 → c7 → b8 / d8 / b6, d6 → e7 → d8 / f8 (f6 own), d6 → c5 → b4 / b6 (d4 own).
    let extra: Vec<(&str, char)> = RING
        .iter()
        .map(|&(s, c)| if s == "d6" { ("a2", c) } else { (s, c) })
        .chain([("e5", 'F')])
        .collect();
    assert_eq!(
        targets(&position(&extra, "F:nojump"), "e5"),
        squares(&["b4", "b6", "b8", "d8", "f8"])
    );
    // Standard: it jumps, 16 ends less the own f6, d4, f4.
    assert_eq!(targets(&position(&extra, "standard"), "e5").len(), 13);

    // The Odwar (Manator) inside the full ring.
    let pos = ringed('O', "O:nojump");
    assert_eq!(pos.variant(), Variant::Manator);
    assert_eq!(targets(&pos, "e5"), Vec::<String>::new());
    assert_eq!(targets(&ringed('O', "standard"), "e5").len(), 12);
    // An Odwar option never applies in Classic: no Odwar there.
    assert_eq!(
        perft(&Position::start().with_rules(rules("O:upto+mixed")), 3),
        446_808
    );
    // A Flier option never applies in Manator.
    let manator = Position::start_of(Variant::Manator);
    assert_eq!(
        perft(&manator.clone().with_rules(rules("F:upto+mixed")), 3),
        perft(&manator, 3)
    );

    // The Princess on e5 inside the ring, no escape left: she jumps out by standard
    // rules, is stuck with nojump.
    let royals = [("a1", 'C'), ("e5", 'P'), ("a10", 'c'), ("j10", 'p')];
    let pos = build(&royals, &RING, Color::Black, (false, false));
    assert!(!targets(&pos, "e5").is_empty());
    let stuck = pos.with_rules(rules("P:nojump"));
    assert_eq!(targets(&stuck, "e5"), Vec::<String>::new());
}

#[test]
fn a_nojump_princess_escapes_to_the_squares_her_blocked_paths_miss() {
    // The Decision of §12: "does not reach" is judged on the board as it stands.
    let royals = [("a1", 'C'), ("e5", 'P'), ("a10", 'c'), ("j10", 'p')];
    let extra = RING;
    let with_escape = build(&royals, &extra, Color::Black, (true, false));
    let e8 = (sq("e5"), sq("e8"));
    // Standard: e8 is three steps away, an ordinary move.
    let m = with_escape.find_move(e8.0, e8.1).unwrap();
    assert!(!m.escape);
    // nojump: every path to e8 is blocked, so it is an escape square and uses the escape.
    let nojump = with_escape.clone().with_rules(rules("P:nojump"));
    let m = nojump.find_move(e8.0, e8.1).unwrap();
    assert!(m.escape, "{m:?}");
    let (after, report) = nojump.clone().play(m, &mut AttackerWins).unwrap();
    assert!(report.is_escape());
    assert!(!after.escape_available(Color::Black));
    // Every move of hers is then an escape.
    assert!(nojump
        .legal_moves()
        .iter()
        .filter(|m| m.role == Role::Princess)
        .all(|m| m.escape));
    // Without the escape the same move is refused as an escape used up.
    let used = build(&royals, &extra, Color::Black, (false, false)).with_rules(rules("P:nojump"));
    assert!(matches!(
        used.find_move(e8.0, e8.1),
        Err(IllegalMove::EscapeUsed { .. })
    ));
    // The escape itself always jumps: a square far away is reached.
    assert!(nojump.find_move(sq("e5"), sq("e10")).unwrap().escape);
}

#[test]
fn a_brave_princess_ends_on_threatened_squares() {
    // An Orange Warrior on g7 threatens e7, g9, g5, i7, f8, h8, f6, h6.
    let royals = [("a1", 'C'), ("e5", 'P'), ("a10", 'c'), ("j10", 'p')];
    let pos = build(&royals, &[("g7", 'w')], Color::Black, (true, false));
    let threatened = ["e7", "g5", "f6", "h6", "f8", "h8"];
    let timid = targets(&pos, "e5");
    for s in threatened {
        assert!(!timid.contains(&s.to_string()), "{s}");
    }
    // g9 and i7 are beyond her ordinary reach: escapes, threatened.
    assert!(!timid.contains(&"g9".to_string()));
    let brave = pos.clone().with_rules(rules("P:brave"));
    let bold = targets(&brave, "e5");
    for s in threatened {
        assert!(bold.contains(&s.to_string()), "{s}");
    }
    let m = brave.find_move(sq("e5"), sq("g9")).unwrap();
    assert!(m.escape);
    // Every empty square: 100 − 5 pieces, all reachable.
    assert_eq!(bold.len(), 100 - 5);
    // She still never captures.
    assert!(matches!(
        brave.find_move(sq("e5"), sq("g7")),
        Err(IllegalMove::PrincessCannotCapture { .. })
    ));
    // Orange's bravery is Orange's: Black's Princess stays timid under `standard;P:brave`.
    assert_eq!(
        targets(&pos.clone().with_rules(rules("standard;P:brave")), "e5"),
        timid
    );
}

#[test]
fn noescape_takes_the_escape_away_and_changes_no_field() {
    let start = Position::start();
    let no = start.clone().with_rules(rules("P:noescape"));
    // The 78 first moves hold 26 escapes (§10).
    assert_eq!(no.legal_moves().len(), 78 - 26);
    assert!(no.legal_moves().iter().all(|m| !m.escape));
    assert!(no.escape_available(Color::Black));
    assert_eq!(no.to_string(), start.to_string());
    assert!(matches!(
        no.find_move(sq("f1"), sq("f6")),
        Err(IllegalMove::EscapeUsed { .. })
    ));
    // Orange's noescape leaves Black's escape alone.
    let orange_only = start.with_rules(rules("standard;P:noescape"));
    assert_eq!(orange_only.legal_moves().len(), 78);
    assert!(orange_only.find_move(sq("f1"), sq("f6")).unwrap().escape);
}

#[test]
fn each_side_moves_and_threatens_by_its_own_options() {
    // Orange's Dwar on e8 reaches e6 only with upto (Manhattan distance 2).
    let royals = [("a1", 'C'), ("e5", 'P'), ("a10", 'c'), ("j10", 'p')];
    let pos = build(
        &royals,
        &[("e8", 'd'), ("b5", 'D')],
        Color::Black,
        (false, false),
    );
    let orange_upto = pos.clone().with_rules(rules("standard;D:upto"));
    let black_upto = pos.clone().with_rules(rules("D:upto;standard"));
    // The threat follows Orange's options.
    assert!(orange_upto
        .threatened_squares(Color::Black)
        .contains(sq("e6")));
    assert!(!black_upto
        .threatened_squares(Color::Black)
        .contains(sq("e6")));
    assert!(!targets(&orange_upto, "e5").contains(&"e6".to_string()));
    assert!(targets(&black_upto, "e5").contains(&"e6".to_string()));
    assert!(matches!(
        orange_upto.find_move(sq("e5"), sq("e6")),
        Err(IllegalMove::Threatened { .. })
    ));
    // Black's own Dwar on b5 moves by Black's options.
    assert!(!targets(&orange_upto, "b5").contains(&"b7".to_string()));
    assert!(targets(&black_upto, "b5").contains(&"b7".to_string()));
    // And Orange's Dwar by Orange's, on Orange's turn.
    let orange_turn = |r: &str| {
        build(
            &royals,
            &[("e8", 'd'), ("b5", 'D')],
            Color::Orange,
            (false, false),
        )
        .with_rules(rules(r))
    };
    assert!(targets(&orange_turn("standard;D:upto"), "e8").contains(&"e6".to_string()));
    assert!(!targets(&orange_turn("D:upto;standard"), "e8").contains(&"e6".to_string()));
}

#[test]
fn an_illegal_move_is_explained_by_the_options() {
    let extra = [("e5", 'W'), ("e6", 'N')];
    let pos = position(&extra, "W:upto");
    // Out of reach even with upto.
    assert!(matches!(
        pos.find_move(sq("e5"), sq("h5")),
        Err(IllegalMove::OutOfReach { .. })
    ));
    // Blocked: e7 is behind e6.
    match pos.find_move(sq("e5"), sq("e7")) {
        Err(IllegalMove::Blocked { by, .. }) => assert!(by.contains(sq("e6"))),
        other => panic!("{other:?}"),
    }
    // With W:jump the same move is legal.
    assert!(pos
        .with_rules(rules("W:upto+jump"))
        .find_move(sq("e5"), sq("e7"))
        .is_ok());
}

// ---------------------------------------------------------------------------------------
// Perft: §12's reference table, and symmetry.

const TABLE: [(&str, [u64; 3]); 4] = [
    ("standard", [78, 6_066, 446_808]),
    (
        "W:upto,A:upto,D:upto,F:upto,C:upto,P:upto",
        [84, 6_930, 559_052],
    ),
    ("W:mixed,A:mixed,D:mixed,F:mixed", [98, 9_156, 870_234]),
    ("T:jump", [78, 6_066, 447_436]),
];

#[test]
fn perft_matches_the_reference_table_of_section_12() {
    for (text, counts) in TABLE {
        let pos = Position::start().with_rules(rules(text));
        for (depth, want) in (1..=3).zip(counts) {
            assert_eq!(perft(&pos, depth), want, "`{text}` perft {depth}");
        }
    }
}

/// The position with the sides exchanged: ranks turned over, colours swapped, the other
/// side to move, the escapes swapped.
fn mirror(pos: &Position) -> Position {
    let mut board = Board::empty();
    for (s, p) in pos.board().pieces() {
        let to = Square::new(s.file(), 9 - s.rank()).unwrap();
        board.set(
            to,
            Piece {
                color: p.color.other(),
                role: p.role,
            },
        );
    }
    let setup = Setup {
        board,
        turn: pos.turn().other(),
        escapes: ByColor {
            black: pos.escape_available(Color::Orange),
            orange: pos.escape_available(Color::Black),
        },
        countdown: pos.countdown(),
        ply: pos.ply(),
        topology: pos.topology(),
    };
    Position::from_setup(setup, pos.variant())
        .unwrap()
        .with_rules(pos.rules().swapped())
}

#[test]
fn swapping_the_sides_and_the_rules_string_keeps_perft() {
    let sets = [
        "standard;D:upto",
        "W:upto+mixed,T:jump;standard",
        "P:brave+noescape;F:nojump,C:upto",
        "A:mixed,P:nojump;W:jump,D:mixed",
    ];
    for (variant, topology) in [
        (Variant::Classic, Topology::Flat),
        (Variant::Manator, Topology::Circular),
    ] {
        for text in sets {
            let pos = Position::start_on(variant, topology).with_rules(rules(text));
            let swapped = rules(text).swapped().to_string();
            let back = mirror(&pos);
            assert_eq!(back.rules(), rules(&swapped));
            for depth in 1..=3 {
                assert_eq!(
                    perft(&pos, depth),
                    perft(&back, depth),
                    "`{text}` vs `{swapped}` perft {depth}, {variant} {topology}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Standard is today's generator.

fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The generator as it was before the options, recorded in `data/standard_moves.txt`.
#[test]
fn standard_rules_generate_exactly_the_moves_of_before() {
    let text = include_str!("data/standard_moves.txt");
    let mut checked = 0;
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    while let Some(line) = lines.next() {
        let fen = line.strip_prefix("position ").expect("a position line");
        let moves = lines.next().unwrap().strip_prefix("moves ").unwrap();
        let (count, hash) = moves.split_once(' ').unwrap();
        let perft2: u64 = lines
            .next()
            .unwrap()
            .strip_prefix("perft 2 ")
            .unwrap()
            .parse()
            .unwrap();
        let plain: Position = fen.parse().unwrap();
        for pos in [
            plain.clone(),
            plain.clone().with_rules(Rules::default()),
            plain.clone().with_rules(rules("standard")),
            plain
                .clone()
                .with_rules(rules("w:exact,f:jump,P:timid+escape")),
        ] {
            let mut list: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| format!("{m}{}", if m.escape { "*" } else { "" }))
                .collect();
            list.sort();
            assert_eq!(list.len().to_string(), count, "{fen}");
            assert_eq!(format!("{:016x}", fnv(&list.join(" "))), hash, "{fen}");
            assert_eq!(perft(&pos, 2), perft2, "{fen}");
        }
        checked += 1;
    }
    assert_eq!(checked, 60);
}

/// An independent generator, written straight from RULES.md §3, §4 and §12: walk every
/// path step by step. Returns (from, to, escape), sorted.
fn reference_moves(pos: &Position) -> Vec<(Square, Square, bool)> {
    let board = pos.board();
    let us = pos.turn();
    let topology = pos.topology();
    const ORTHO: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    const KING: [(i8, i8); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    // Where a piece of `color` and `role` on `from` may end, by `color`'s options, with
    // `occupied` the squares that block (whatever stands on the end).
    let reach = |color: Color, role: Role, from: Square, occupied: &dyn Fn(Square) -> bool| {
        let side = pos.rules().side(color);
        let mut ends = Vec::new();
        if role == Role::Panthan {
            let f = color.forward();
            for (dx, dy) in [(0, f), (1, f), (-1, f), (1, 0), (-1, 0)] {
                ends.extend(topology.offset(from, dx, dy));
            }
            return ends;
        }
        let mixed = side.is_mixed(role);
        let kinds: Vec<Vec<&[(i8, i8)]>> = match role {
            Role::Warrior | Role::Padwar if mixed => vec![vec![&KING, &KING]],
            Role::Warrior => vec![vec![&ORTHO, &ORTHO]],
            Role::Padwar => vec![vec![&DIAG, &DIAG]],
            Role::Thoat => vec![vec![&ORTHO, &DIAG], vec![&DIAG, &ORTHO]],
            Role::Dwar | Role::Flier | Role::Odwar if mixed => vec![vec![&KING, &KING, &KING]],
            Role::Dwar => vec![vec![&ORTHO, &ORTHO, &ORTHO]],
            Role::Flier | Role::Odwar => vec![vec![&DIAG, &DIAG, &DIAG]],
            _ => vec![vec![&KING, &KING, &KING]],
        };
        let jumps = side.jumps(role);
        for plan in kinds {
            let n = plan.len();
            let shortest = if side.is_upto(role) { 1 } else { n };
            // Depth-first over paths: (square, visited so far).
            let mut stack = vec![(vec![from], 0usize)];
            while let Some((path, taken)) = stack.pop() {
                let here = *path.last().unwrap();
                if taken >= shortest {
                    ends.push(here);
                }
                if taken == n {
                    continue;
                }
                // A non-jumping piece cannot go on from an occupied middle square.
                if taken > 0 && !jumps && occupied(here) {
                    continue;
                }
                for &(dx, dy) in plan[taken] {
                    if let Some(next) = topology.offset(here, dx, dy) {
                        if !path.contains(&next) {
                            let mut p = path.clone();
                            p.push(next);
                            stack.push((p, taken + 1));
                        }
                    }
                }
            }
        }
        ends
    };
    let mut moves = Vec::new();
    if pos.outcome().is_some() {
        return moves;
    }
    let side = pos.rules().side(us);
    let own = |s: Square| board.piece_at(s).is_some_and(|p| p.color == us);
    let occupied = |s: Square| board.piece_at(s).is_some();
    for (from, piece) in board.pieces() {
        if piece.color != us || piece.role == Role::Princess {
            continue;
        }
        for to in reach(us, piece.role, from, &occupied) {
            if !own(to) {
                moves.push((from, to, false));
            }
        }
    }
    if let Some((her, _)) = board
        .pieces()
        .find(|(_, p)| p.color == us && p.role == Role::Princess)
    {
        let without_her = |s: Square| s != her && board.piece_at(s).is_some();
        let mut threatened = Vec::new();
        for (s, p) in board.pieces() {
            if p.color != us && p.role != Role::Princess {
                threatened.extend(reach(p.color, p.role, s, &without_her));
            }
        }
        let ordinary = reach(us, Role::Princess, her, &occupied);
        let safe = |s: Square| !occupied(s) && (side.is_brave() || !threatened.contains(&s));
        for to in Square::all() {
            if !safe(to) {
                continue;
            }
            if ordinary.contains(&to) {
                moves.push((her, to, false));
            } else if pos.escape_available(us) && side.has_escape() {
                moves.push((her, to, true));
            }
        }
    }
    moves.sort();
    moves.dedup();
    moves
}

fn generated(pos: &Position) -> Vec<(Square, Square, bool)> {
    let mut v: Vec<_> = pos
        .legal_moves()
        .iter()
        .map(|m| (m.from, m.to, m.escape))
        .collect();
    v.sort();
    v
}

/// Random rules: each side, each piece kind, each of its properties at random.
fn any_rules() -> impl Strategy<Value = Rules> {
    let side = prop::collection::vec(any::<bool>(), 64).prop_map(|bits| {
        let mut side = SideRules::STANDARD;
        let mut i = 0;
        for role in Role::ALL {
            for value in [
                Value::Upto,
                Value::Mixed,
                Value::Jump,
                Value::NoJump,
                Value::Brave,
                Value::NoEscape,
            ] {
                i += 1;
                // About one value in four, so that games stay varied.
                if bits[i % 64] && bits[(i * 7 + 3) % 64] {
                    if let Ok(s) = side.with(role, value) {
                        side = s;
                    }
                }
            }
        }
        side
    });
    (side.clone(), side, any::<bool>()).prop_map(|(a, b, same)| {
        if same {
            Rules::both(a)
        } else {
            Rules::new(a, b)
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Along random games under random options (and under the standard rules), the
    /// generator gives exactly the moves of the independent one, `play` accepts each, and
    /// the record of the game replays by its Rules tag.
    #[test]
    fn the_generator_agrees_with_the_rule_book_under_any_options(
        r in any_rules(),
        variant in prop_oneof![Just(Variant::Classic), Just(Variant::Manator)],
        topology in prop_oneof![Just(Topology::Flat), Just(Topology::Circular)],
        standard in prop::bool::weighted(0.25),
        choices in prop::collection::vec(any::<usize>(), 1..80),
        seed in any::<u64>(),
    ) {
        let r = if standard { Rules::default() } else { r };
        let mut pos = Position::start_on(variant, topology).with_rules(r);
        let mut dice = DuelStream::new(seed);
        let mut record = GameRecord {
            tags: vec![
                ("Variant".into(), format!("{variant:?}")),
                ("Board".into(), topology.to_string()),
            ],
            ..GameRecord::default()
        };
        record.set_rules(r);
        for c in choices {
            // The position string with the rules string beside it round-trips.
            let back = Position::from_position_str(&pos.to_string(), variant)
                .unwrap()
                .with_rules(r.to_string().parse().unwrap());
            prop_assert_eq!(&back, &pos);
            let want = reference_moves(&pos);
            prop_assert_eq!(generated(&pos), want.clone(), "{} by `{}`", pos, r);
            prop_assert_eq!(pos.count_moves(), want.len());
            if want.is_empty() {
                break;
            }
            let (from, to, _) = want[c % want.len()];
            let m = pos.find_move(from, to).unwrap();
            let (next, report) = pos.clone().play(m, &mut dice).unwrap();
            record.moves.push(jetan_rules::RecordMove {
                text: MoveText::from(report.mv),
                duel: report.duel.map(|d| d.attacker_won),
            });
            prop_assert_eq!(next.rules(), r);
            if report.outcome.is_some() {
                pos = next;
                break;
            }
            pos = next;
        }
        let text = record.to_string();
        prop_assert_eq!(text.contains("[Rules "), !r.is_standard());
        let back: GameRecord = text.parse().unwrap();
        prop_assert_eq!(back.rules().unwrap(), r);
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.last(), &pos);
    }
}

#[test]
fn a_record_without_the_rules_tag_reads_as_before_and_a_bad_tag_is_named() {
    let (pos, _) = Position::start()
        .play(
            Position::start().find_move(sq("e2"), sq("e3")).unwrap(),
            &mut AttackerWins,
        )
        .unwrap();
    let mut record = GameRecord {
        tags: vec![("Game".into(), "Jetan".into())],
        moves: vec![jetan_rules::RecordMove {
            text: "e2-e3".parse().unwrap(),
            duel: None,
        }],
        result: "*".into(),
    };
    let before = record.to_string();
    record.set_rules(Rules::default());
    assert_eq!(record.to_string(), before, "standard adds no tag");
    assert_eq!(record.replay().unwrap().last(), &pos);
    record.set_rules(rules("standard;D:upto"));
    assert!(record.to_string().contains("[Rules \"standard;D:upto\"]"));
    assert_eq!(
        record.replay().unwrap().last().rules(),
        rules("standard;D:upto")
    );
    // A move legal only by the record's rules (the Warrior's one step) replays only with
    // them.
    let upto: GameRecord = "[Rules \"W:upto\"]\n\n1. a2-a3 a9-a8 2. a1-a2 *"
        .parse()
        .unwrap();
    assert_eq!(upto.replay().unwrap().len(), 3);
    let mut plain = upto.clone();
    plain.set_rules(Rules::default());
    assert!(plain.replay().is_err());
    let bad: GameRecord = "[Rules \"N:upto\"]\n\n*".parse().unwrap();
    let e = bad.replay().unwrap_err().to_string();
    assert!(e.contains("Rules") && e.contains("Panthan"), "{e}");
}
