//! Helpers shared by the rules tests.
#![allow(dead_code)]

use jetan_rules::{Board, ByColor, Color, Piece, Position, Role, Setup, Square, Variant};

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
    };
    let variant = setup.guess_variant();
    Position::from_setup(setup, variant).unwrap()
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
