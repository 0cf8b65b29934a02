//! The Martian Chess board as a [`BoardView`], for a front end that draws it itself:
//! the PNG's squares, tokens, glyphs and marks (the battle's squares, the squares spent
//! this turn). Built from a [`PublicView`]; its own hand is never read.

use martian_chess::{Color, PublicView, Square};

use crate::board_view::{BoardView, Cell, CellShape, Mark, Token, FRAME, FRAME_TEXT};
use crate::theme::{SQUARE_DARK, SQUARE_LIGHT};

use super::{glyph, square_xy, BLACK_FILL, BLACK_RIM, BX, BY, SQ, WHITE_FILL, WHITE_RIM};

/// The board of `view` with `bottom` at the bottom, cell by cell, as the PNG draws it.
pub fn martian_board_view(view: &PublicView, bottom: Color) -> BoardView {
    let battle = view.battle().map(|b| (b.from(), b.to()));
    let s = SQ as f32;
    let cells = Square::all()
        .map(|sq| {
            let (x, y) = square_xy(bottom, sq);
            let (x, y) = (x as f32, y as f32);
            let dark = (sq.file() + sq.rank()) % 2 == 0;
            let mut marks = Vec::new();
            if battle.is_some_and(|(a, b)| a == sq || b == sq) {
                marks.push(Mark::Battle);
            } else if view.is_spent(sq) {
                marks.push(Mark::Spent);
            }
            Cell {
                name: sq.to_string(),
                shape: CellShape::Rect { x, y, w: s, h: s },
                fill: if dark { SQUARE_DARK } else { SQUARE_LIGHT },
                centre: (x + s / 2.0, y + s / 2.0),
                token: 2.0 * 0.43 * s,
                marks,
                piece: view.board().get(sq).map(|p| {
                    let (body, ink) = match p.color {
                        Color::White => (WHITE_FILL, WHITE_RIM),
                        Color::Black => (BLACK_FILL, BLACK_RIM),
                    };
                    Token {
                        label: glyph(p.role).to_string(),
                        letter: p.role.char().to_ascii_uppercase(),
                        owner: match p.color {
                            Color::White => 0,
                            Color::Black => 1,
                        },
                        body,
                        ink,
                        promoted: p.promoted,
                    }
                }),
            }
        })
        .collect();
    let mut coords = Vec::new();
    for i in 0..8u8 {
        let Some(sq) = Square::new(i, i) else {
            continue;
        };
        let (x, y) = square_xy(bottom, sq);
        coords.push((
            x as f32 + s / 2.0,
            (BY + 8 * SQ + 12) as f32,
            char::from(b'a' + i).to_string(),
        ));
        coords.push(((BX / 2) as f32, y as f32 + s / 2.0, (i + 1).to_string()));
    }
    BoardView {
        view_box: [
            0.0,
            (BY - 8) as f32,
            (BX + 8 * SQ + 8) as f32,
            (8 * SQ + 32) as f32,
        ],
        background: FRAME,
        coord_color: FRAME_TEXT,
        cells,
        coords,
        lines: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_once_with_the_start_pieces_and_no_hand() {
        let state = martian_chess::State::new(7);
        let view = state.public_view(Color::White);
        let bv = martian_board_view(&view, Color::White);
        assert_eq!(bv.cells.len(), 64);
        let a1 = bv.cells.iter().find(|c| c.name == "a1").unwrap();
        assert!(a1.piece.is_some());
        // a1 is bottom-left in White's view, top-right in Black's.
        let CellShape::Rect { x, y, .. } = a1.shape else {
            panic!("a square")
        };
        assert_eq!((x, y), (BX as f32, (BY + 7 * SQ) as f32));
        let flipped = martian_board_view(&view, Color::Black);
        let a1 = flipped.cells.iter().find(|c| c.name == "a1").unwrap();
        assert!(matches!(a1.shape, CellShape::Rect { x, .. } if x == (BX + 7 * SQ) as f32));
    }
}
