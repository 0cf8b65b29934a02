//! Move text and position strings (RULES.md §9).

mod common;

use common::sq;
use jetan_rules::{Field, IllegalMove, MoveText, ParsePositionError, Position, Role, SetupProblem};

const START: &str = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0";

#[test]
fn move_text_in_every_written_form() {
    for text in ["e2e3", "e2-e3", "E2-E3", "Ne2-e3", " e2e3 "] {
        let m: MoveText = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((m.from, m.to), (sq("e2"), sq("e3")), "{text}");
    }
    let m: MoveText = "Ab1-d3".parse().unwrap();
    assert_eq!(m.role, Some(Role::Padwar));
    let m: MoveText = "b1xd3".parse().unwrap();
    assert_eq!((m.role, m.from, m.to), (None, sq("b1"), sq("d3")));
    let m: MoveText = "a10-j1".parse().unwrap();
    assert_eq!((m.from, m.to), (sq("a10"), sq("j1")));
}

#[test]
fn move_text_syntax_errors_say_what_is_wrong() {
    let cases = [
        ("k4-k5", "`k4` is not a square"),
        ("e2-e11", "`e11` is not a square"),
        ("e2", "the end square is missing"),
        ("", "it is empty"),
        ("Ze2-e3", "`Z` is not a piece letter"),
        ("e2-e3-e4", "unexpected `-e4`"),
        ("e0e1", "`e0e1` is not a square"),
    ];
    for (text, expected) in cases {
        let err = text.parse::<MoveText>().unwrap_err().to_string();
        assert!(err.contains(expected), "{text:?}: {err}");
    }
}

#[test]
fn move_text_is_checked_against_the_position() {
    let pos = Position::start();
    let m = "Ne2-e3".parse::<MoveText>().unwrap().resolve(&pos).unwrap();
    assert_eq!(m.role, Role::Panthan);
    let err = "Te2-e3"
        .parse::<MoveText>()
        .unwrap()
        .resolve(&pos)
        .unwrap_err();
    assert!(matches!(err, IllegalMove::WrongPiece { .. }));
    assert_eq!(err.to_string(), "there is a Panthan on e2, not a Thoat");
    let err = "e5-e6"
        .parse::<MoveText>()
        .unwrap()
        .resolve(&pos)
        .unwrap_err();
    assert_eq!(err.to_string(), "e5 is empty");
}

#[test]
fn position_strings_round_trip() {
    let pos: Position = START.parse().unwrap();
    assert_eq!(pos, Position::start());
    assert_eq!(pos.to_string(), START);
    for text in [
        "2c7/10/10/4p5/10/10/5N4/3P6/10/6C3 b B 2 80",
        "c8p/10/10/10/10/10/6nnnn/10/nn4nn2/C8P o - - 0",
        "9p/10/10/10/5n4/4O5/10/10/10/C3c4P b o 10 4294967295",
    ] {
        assert_eq!(text.parse::<Position>().unwrap().to_string(), text);
    }
}

fn syntax(text: &str) -> (Field, Option<u8>, usize, String) {
    match text.parse::<Position>() {
        Err(ParsePositionError::Syntax {
            field,
            rank,
            column,
            message,
        }) => (field, rank, column, message),
        other => panic!("{text:?}: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn position_syntax_errors_say_where() {
    let (field, rank, column, msg) =
        syntax("wadfpcfdaw/tnnnnnxnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0");
    assert_eq!((field, rank, column), (Field::Board, Some(9), 18));
    assert!(msg.contains("`x` is not a piece letter"), "{msg}");

    let (field, rank, ..) =
        syntax("wadfpcfdaw/tnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0");
    assert_eq!((field, rank), (Field::Board, Some(9)));

    let (field, _, column, _) =
        syntax("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW x Bo - 0");
    assert_eq!((field, column), (Field::Turn, 63));

    assert_eq!(syntax(&START.replace(" Bo ", " oB ")).0, Field::Escapes);
    assert_eq!(syntax(&START.replace(" - 0", " 11 0")).0, Field::Countdown);
    assert_eq!(syntax(&START.replace(" - 0", " 0 0")).0, Field::Countdown);
    assert_eq!(syntax(&START.replace(" - 0", " - -1")).0, Field::Ply);
    assert_eq!(syntax(&START.replace(" - 0", " -")).0, Field::Countdown);
    assert_eq!(syntax(&START.replace(" b ", "  b ")).0, Field::Turn);
    assert_eq!(syntax("10/10 b Bo - 0").0, Field::Board);
    assert_eq!(syntax("").0, Field::Board);
    let (_, _, _, msg) = syntax(&START.replace("/10/10/10/10/10/10/", "/55/10/10/10/10/10/"));
    assert!(msg.contains("two numbers in a row"), "{msg}");
    let err =
        syntax("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0 extra");
    // A sixth field may only say `circular` (RULES.md §11).
    assert_eq!(err.0, Field::Topology);
    assert!(err.3.contains("`extra` is not a board shape"), "{}", err.3);
    let err =
        syntax("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0 circular x");
    assert!(err.3.contains("expected 5 fields"), "{}", err.3);
}

#[test]
fn invalid_setups_list_every_problem() {
    // No Orange Princess, two Black Princesses, and a countdown with too many pieces.
    let text = "wad1fcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADPCPFDAW b Bo 5 0";
    let err = text.parse::<Position>().unwrap_err();
    let ParsePositionError::Invalid(invalid) = &err else {
        panic!("{err:?}")
    };
    assert!(invalid.problems.len() >= 4, "{:?}", invalid.problems);
    assert!(invalid
        .problems
        .iter()
        .any(|p| matches!(p, SetupProblem::RoyalCount { count: 2, .. })));
    assert!(invalid
        .problems
        .iter()
        .any(|p| matches!(p, SetupProblem::RoyalCount { count: 0, .. })));
    assert!(invalid
        .problems
        .iter()
        .any(|p| matches!(p, SetupProblem::CountdownWithManyPieces { .. })));
    let msg = err.to_string();
    assert!(msg.contains("Orange has no Princess"), "{msg}");
    assert!(
        msg.contains("Black has 2 Princesss") || msg.contains("Black has 2 Princess"),
        "{msg}"
    );
}

#[test]
fn odwars_and_fliers_belong_to_their_variants() {
    use jetan_rules::Variant;
    let manator_text = "wadocpodaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADOCPODAW b Bo - 0";
    assert_eq!(
        manator_text.parse::<Position>().unwrap().variant(),
        Variant::Manator
    );
    let err = Position::from_position_str(manator_text, Variant::Classic).unwrap_err();
    assert!(
        err.to_string()
            .contains("does not belong in a classic game"),
        "{err}"
    );
    let err = Position::from_position_str(START, Variant::Manator).unwrap_err();
    assert!(err.to_string().contains("Flier"), "{err}");
}

// The issue "no panic on any position validation accepts": 40 Black Fliers gave 551 legal
// moves and overflowed the move list. No game reaches that material, so it is refused.
#[test]
fn impossible_material_is_refused() {
    use jetan_rules::{Color, Piece, Setup, Variant};
    let text = "c8p/FFFFFFFFFF/10/FFFFFFFFFF/10/FFFFFFFFFF/10/FFFFFFFFFF/10/CFFFFFFFFP b B - 0";
    let setup = Setup::from_position_str(text).unwrap();
    assert_eq!(
        setup.problems(Variant::Classic),
        [SetupProblem::TooMany {
            piece: Piece {
                color: Color::Black,
                role: Role::Flier
            },
            count: 48,
            max: 2
        }]
    );
    let err = text.parse::<Position>().unwrap_err().to_string();
    assert!(
        err.contains("Black has 48 Fliers; a side starts with 2 and never gains any"),
        "{err}"
    );
    // Nine Panthans are one too many; eight are fine.
    let nine = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/N9/TNNNNNNNNT/WADFCPFDAW b Bo - 0";
    assert!(nine.parse::<Position>().is_err());
    let eight = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/N9/T1NNNNNNNT/WADFCPFDAW b Bo - 0";
    assert!(eight.parse::<Position>().is_ok());
}
