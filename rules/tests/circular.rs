//! Ninth-Ray Jetan, the circular board (RULES.md §11): file `j` is next to file `a` on
//! every rank; ranks do not wrap; every other rule is unchanged.

mod common;

use common::*;
use jetan_rules::{
    AttackerWins, Color, Field, IllegalMove, ParsePositionError, Position, Role, Setup, Square,
    Topology, Variant,
};

const CIRCULAR_START: &str =
    "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0 circular";

#[test]
fn a_step_east_from_j5_lands_on_a5_and_north_west_from_a5_on_j6() {
    let t = Topology::Circular;
    assert_eq!(t.offset(sq("j5"), 1, 0), Some(sq("a5")));
    assert_eq!(t.offset(sq("a5"), -1, 1), Some(sq("j6")));
    assert_eq!(t.offset(sq("a1"), 0, -1), None, "ranks do not wrap");
    assert_eq!(t.offset(sq("j10"), 1, 1), None, "nothing inside rank 10");
    // The same through the move generator: Black Panthans step across the seam.
    let pos = circular_with(&[("j5", 'N'), ("a7", 'N')], Color::Black);
    assert_eq!(targets(&pos, "j5"), ["a5", "a6", "i5", "i6", "j6"]);
    assert_eq!(targets(&pos, "a7"), ["a8", "b7", "b8", "j7", "j8"]);
    // On the flat board the edge stops them.
    let flat = with_pieces(&[("j5", 'N')], Color::Black);
    assert_eq!(targets(&flat, "j5"), ["i5", "i6", "j6"]);
}

#[test]
fn pieces_on_the_seam_have_as_many_moves_as_in_the_middle() {
    for letter in ['N', 'W', 'A', 'T', 'D', 'F'] {
        let middle = circular_with(&[("e5", letter)], Color::Black)
            .moves_from(sq("e5"))
            .len();
        for file in ["a", "b", "i", "j"] {
            let at = format!("{file}5");
            let n = circular_with(&[(&at, letter)], Color::Black)
                .moves_from(sq(&at))
                .len();
            assert_eq!(n, middle, "{letter} on {at} vs e5");
        }
    }
    // The rule book's table (§3), hand-counted: a Dwar on a5 has 16 moves, as on e5.
    let dwar = circular_with(&[("a5", 'D')], Color::Black);
    assert_eq!(dwar.moves_from(sq("a5")).len(), 16);
    assert_eq!(
        targets(&dwar, "a5"),
        [
            "a2", "a4", "a6", "a8", "b3", "b5", "b7", "c4", "c6", "d5", "h5", "i4", "i6", "j3",
            "j5", "j7"
        ]
    );
    // The Chief: every square within three king steps, 48, across the seam.
    let chief = build_on(
        Topology::Circular,
        &[("a5", 'C'), ("e1", 'P'), ("e10", 'c'), ("g10", 'p')],
        &[],
        Color::Black,
        (false, false),
    );
    assert_eq!(chief.moves_from(sq("a5")).len(), 48);
    assert!(
        chief.find_move(sq("a5"), sq("h8")).is_ok(),
        "a5-h8: three steps west and north"
    );
}

#[test]
fn a_flier_in_the_corner_wraps_but_never_revisits_a_square() {
    // Flat: b4, d2, d4 (RULES.md §3). On the ring also their mirror images across the
    // seam (h2, h4, j4), and b2 and j2, which the flat board's edge forbids: NW, NE, SE
    // goes a1-j2-a3-b2, three different squares.
    let pos = circular_with(&[("a1", 'F')], Color::Black);
    assert_eq!(
        targets(&pos, "a1"),
        ["b2", "b4", "d2", "d4", "h2", "h4", "j2", "j4"]
    );
    let flat = with_pieces(&[("a1", 'F')], Color::Black);
    assert_eq!(targets(&flat, "a1"), ["b4", "d2", "d4"]);
}

#[test]
fn a_non_jumping_piece_is_blocked_across_the_seam() {
    // The Dwar's only way from i5 to b5 is through j5 and a5.
    let pos = circular_with(&[("i5", 'D'), ("a5", 'N')], Color::Black);
    assert!(matches!(
        pos.find_move(sq("i5"), sq("b5")),
        Err(IllegalMove::Blocked { .. })
    ));
    let open = circular_with(&[("i5", 'D')], Color::Black);
    assert!(open.find_move(sq("i5"), sq("b5")).is_ok());
}

#[test]
fn a_princess_is_threatened_across_the_seam() {
    // An Orange Warrior on i5 reaches a5 by two steps east, through j5.
    let royals = [("e1", 'C'), ("c5", 'P'), ("e10", 'c'), ("g10", 'p')];
    let extra = [("i5", 'w')];
    let circular = build_on(
        Topology::Circular,
        &royals,
        &extra,
        Color::Black,
        (false, false),
    );
    let flat = build(&royals, &extra, Color::Black, (false, false));
    assert!(circular.threatened_squares(Color::Black).contains(sq("a5")));
    assert!(!flat.threatened_squares(Color::Black).contains(sq("a5")));
    assert!(flat.find_move(sq("c5"), sq("a5")).is_ok());
    assert_eq!(
        circular.find_move(sq("c5"), sq("a5")),
        Err(IllegalMove::Threatened { to: sq("a5") })
    );
    // And a Princess standing on a5 is in danger there.
    let royals = [("e1", 'C'), ("a5", 'P'), ("e10", 'c'), ("g10", 'p')];
    let on_seam = build_on(
        Topology::Circular,
        &royals,
        &extra,
        Color::Orange,
        (false, false),
    );
    assert!(on_seam.princess_in_danger(Color::Black));
    let (after, report) = on_seam
        .clone()
        .play(
            on_seam.find_move(sq("i5"), sq("a5")).unwrap(),
            &mut AttackerWins,
        )
        .unwrap();
    assert_eq!(report.outcome.and_then(|o| o.winner()), Some(Color::Orange));
    assert!(after.is_game_over());
}

#[test]
fn the_escape_follows_the_ring() {
    // h5 is three steps west of a5 across the seam: an ordinary move on the ring, an
    // escape on the flat board. f5 is five files away either way: an escape on both.
    let royals = [("e1", 'C'), ("a5", 'P'), ("e10", 'c'), ("g10", 'p')];
    let circular = build_on(
        Topology::Circular,
        &royals,
        &[],
        Color::Black,
        (true, false),
    );
    let flat = build(&royals, &[], Color::Black, (true, false));
    assert!(!circular.find_move(sq("a5"), sq("h5")).unwrap().escape);
    assert!(flat.find_move(sq("a5"), sq("h5")).unwrap().escape);
    assert!(circular.find_move(sq("a5"), sq("f5")).unwrap().escape);
    // An escape to a far square (four files west across the seam), and it is used up.
    let m = circular.find_move(sq("a5"), sq("g4")).unwrap();
    assert!(m.escape);
    let (after, _) = circular.play(m, &mut AttackerWins).unwrap();
    assert!(!after.escape_available(Color::Black));
    // (Only the royals are left, of equal value: the countdown starts.)
    assert!(after.to_string().ends_with(" o - 10 1 circular"), "{after}");
}

#[test]
fn the_circular_start_has_four_more_first_moves() {
    let pos = Position::start_on(Variant::Classic, Topology::Circular);
    assert_eq!(pos.legal_moves().len(), 82);
    let thoat_moves = |pos: &Position| {
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.role == Role::Thoat)
            .map(ToString::to_string)
            .collect();
        v.sort();
        v
    };
    let flat = thoat_moves(&Position::start());
    let ring = thoat_moves(&pos);
    let gained: Vec<&String> = ring.iter().filter(|m| !flat.contains(m)).collect();
    // Each Thoat gains the two knight squares across the seam (RULES.md §11).
    assert_eq!(gained, ["a2-i3", "a2-j4", "j2-a4", "j2-b3"]);
    assert_eq!(
        Position::start_on(Variant::Manator, Topology::Circular)
            .legal_moves()
            .len(),
        82
    );
}

#[test]
fn circular_position_strings_round_trip() {
    let pos: Position = CIRCULAR_START.parse().unwrap();
    assert_eq!(
        pos,
        Position::start_on(Variant::Classic, Topology::Circular)
    );
    assert_eq!(pos.topology(), Topology::Circular);
    assert_eq!(pos.to_string(), CIRCULAR_START);
    let setup = Setup::from_position_str(CIRCULAR_START).unwrap();
    assert_eq!(setup.topology, Topology::Circular);
    assert_eq!(setup.to_string(), CIRCULAR_START);
    // Flat positions keep five fields.
    let flat = Position::start();
    assert_eq!(flat.topology(), Topology::Flat);
    assert_eq!(flat.to_string().split(' ').count(), 5);
    let manator = Position::start_on(Variant::Manator, Topology::Circular);
    assert_eq!(
        Position::from_position_str(&manator.to_string(), Variant::Manator).unwrap(),
        manator
    );
    assert_ne!(
        Position::start_on(Variant::Classic, Topology::Flat),
        Position::start_on(Variant::Classic, Topology::Circular)
    );
}

#[test]
fn a_wrong_sixth_field_says_where() {
    let text = CIRCULAR_START.replace("circular", "round");
    match text.parse::<Position>() {
        Err(ParsePositionError::Syntax {
            field,
            column,
            message,
            ..
        }) => {
            assert_eq!(field, Field::Topology);
            assert_eq!(column, text.find("round").unwrap() + 1);
            assert!(
                message.contains("`round` is not a board shape"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    let seven = format!("{CIRCULAR_START} x");
    assert!(matches!(
        seven.parse::<Position>(),
        Err(ParsePositionError::Syntax {
            field: Field::Topology,
            ..
        })
    ));
}

#[test]
fn squares_keep_their_names() {
    let pos: Position = CIRCULAR_START.parse().unwrap();
    let sq: Square = "a2".parse().unwrap();
    assert_eq!(pos.board().piece_at(sq).map(|p| p.role), Some(Role::Thoat));
}
