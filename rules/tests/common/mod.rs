//! Helpers shared by the rules tests.
#![allow(dead_code)]

use jetan_rules::{Board, ByColor, Color, Piece, Position, Role, Setup, Square, Topology, Variant};

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

pub fn piece(c: char) -> Piece {
    Piece::from_char(c).unwrap()
}

/// A position with the four royals tucked away in corners (Black Chief j1, Princess j3;
/// Orange Chief a10, Princess c10) plus `extra` pieces, e.g. `&[("e5", 'D')]`.
pub fn with_pieces(extra: &[(&str, char)], turn: Color) -> Position {
    build(
        &[("j1", 'C'), ("j3", 'P'), ("a10", 'c'), ("c10", 'p')],
        extra,
        turn,
        (false, false),
    )
}

pub fn build(
    royals: &[(&str, char)],
    extra: &[(&str, char)],
    turn: Color,
    escapes: (bool, bool),
) -> Position {
    build_on(Topology::Flat, royals, extra, turn, escapes)
}

/// As [`build`], on a board of either shape.
pub fn build_on(
    topology: Topology,
    royals: &[(&str, char)],
    extra: &[(&str, char)],
    turn: Color,
    escapes: (bool, bool),
) -> Position {
    let mut board = Board::empty();
    for (s, c) in royals.iter().chain(extra) {
        board.set(sq(s), piece(*c));
    }
    let setup = Setup {
        board,
        turn,
        escapes: ByColor {
            black: escapes.0,
            orange: escapes.1,
        },
        countdown: None,
        ply: 0,
        topology,
    };
    let variant = setup.guess_variant();
    Position::from_setup(setup, variant).unwrap()
}

/// As [`with_pieces`], on the circular board. The royals stay in their corners, which
/// on the ring are next to each other across the seam (j1–a1, a10–j10): only use pieces
/// that do not reach them.
pub fn circular_with(extra: &[(&str, char)], turn: Color) -> Position {
    build_on(
        Topology::Circular,
        &[("e1", 'C'), ("g1", 'P'), ("e10", 'c'), ("g10", 'p')],
        extra,
        turn,
        (false, false),
    )
}

/// The end squares of the legal moves from `from`, sorted, as text.
pub fn targets(pos: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .moves_from(sq(from))
        .iter()
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

pub fn role_at(pos: &Position, s: &str) -> Option<Role> {
    pos.board().piece_at(sq(s)).map(|p| p.role)
}

pub fn classic() -> Variant {
    Variant::Classic
}
