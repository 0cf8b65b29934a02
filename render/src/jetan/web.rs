//! Jetan's board as a [`BoardView`], for a front end that draws it itself: the flat
//! board's squares, or the circular board's rings as polygons (its real shape, as
//! [`BoardShape::Rings`] draws it), with the PNG's colours, tokens and marks.

use jetan_rules::{Color, Position, Role, Square};

use crate::board_view::{BoardView, Cell, CellShape, Line, Mark, Token, FRAME, FRAME_TEXT};

use super::board::{Layout, Renderer, SECTOR};
use super::sprites::{self, token_colors, TOKEN_RADIUS};
use super::view::{BoardShape, View};

/// How many straight segments draw one arc of a ring's cell.
const ARC_STEPS: usize = 6;

impl Renderer {
    /// The board of `pos` as `view` asks (orientation, last move, shape), cell by cell.
    /// A circular board ([`BoardShape::Round`] or [`BoardShape::Rings`]) is described as
    /// rings: a front end draws polygons as easily as squares.
    pub fn board_view(&self, pos: &Position, view: &View) -> BoardView {
        let o = view.orientation;
        let l = self.layout();
        let s = l.sq as f32;
        let rings = !matches!(view.shape, BoardShape::Square);
        let over = view.is_over();
        let danger = (!over && pos.princess_in_danger(pos.turn()))
            .then(|| pos.board().royal(pos.turn(), Role::Princess))
            .flatten();
        let mut cells = Vec::with_capacity(100);
        for sq in Square::all() {
            let mut marks = Vec::new();
            if let Some(last) = view.last_move {
                if last.from == sq {
                    marks.push(Mark::LastFrom);
                }
                if last.to == sq {
                    marks.push(Mark::LastTo);
                }
            }
            if danger == Some(sq) {
                marks.push(Mark::Danger);
            }
            let (shape, centre, token) = if rings {
                let g = self.rings();
                let (r0, r1) = g.radii(sq.rank());
                let a0 = g.start(o, sq.file());
                let mut points = Vec::with_capacity(2 * ARC_STEPS + 2);
                for i in 0..=ARC_STEPS {
                    points.push(g.at(r1, a0 + SECTOR * i as f32 / ARC_STEPS as f32));
                }
                for i in (0..=ARC_STEPS).rev() {
                    points.push(g.at(r0, a0 + SECTOR * i as f32 / ARC_STEPS as f32));
                }
                let size = g.token_size() as f32;
                (
                    CellShape::Polygon(points),
                    g.centre(o, sq),
                    2.0 * TOKEN_RADIUS * size,
                )
            } else {
                let (x, y) = l.square_xy(o, sq);
                let (x, y) = (x as f32, y as f32);
                (
                    CellShape::Rect { x, y, w: s, h: s },
                    (x + s / 2.0, y + s / 2.0),
                    2.0 * TOKEN_RADIUS * s,
                )
            };
            let piece = pos.board().piece_at(sq).map(|p| {
                let tc = token_colors(p.color);
                Token {
                    label: p.role.upper_char().to_string(),
                    letter: p.role.upper_char(),
                    owner: match p.color {
                        Color::Black => 0,
                        Color::Orange => 1,
                    },
                    body: tc.body,
                    ink: tc.ink,
                    promoted: false,
                }
            });
            cells.push(Cell {
                name: sq.to_string(),
                shape,
                fill: Renderer::square_color(sq),
                centre,
                token,
                marks,
                piece,
            });
        }
        let mut coords = Vec::new();
        let mut lines = Vec::new();
        let view_box = if rings {
            let g = self.rings();
            for file in 0..10u8 {
                if let Some(sq) = Square::new(file, 0) {
                    let (x, y) = g.at(g.outer + 0.2 * s, g.start(o, file) + SECTOR / 2.0);
                    coords.push((x, y, sq.file_char().to_string()));
                }
            }
            for rank in 0..10u8 {
                let (r0, r1) = g.radii(rank);
                let (x, y) = g.at((r0 + r1) / 2.0, g.start(o, 0));
                coords.push((x, y, (rank + 1).to_string()));
            }
            let seam = g.start(o, 0);
            let (hole, _) = g.radii(9);
            lines.push(Line {
                from: g.at(hole - 0.1 * s, seam),
                to: g.at(g.outer + 0.3 * s, seam),
                width: (0.1 * s).max(2.0),
                color: sprites::SEAM,
            });
            let r = g.outer + 0.45 * s;
            [g.cx - r, g.cy - r, 2.0 * r, 2.0 * r]
        } else {
            let m = l.margin as f32;
            for i in 0..10u8 {
                let (Some(file_sq), Some(rank_sq)) = (Square::new(i, 0), Square::new(0, i)) else {
                    continue;
                };
                let (col, _) = Layout::cell(o, file_sq);
                let (_, row) = Layout::cell(o, rank_sq);
                let cx = l.board_x as f32 + (col as f32 + 0.5) * s;
                let cy = l.board_y as f32 + (row as f32 + 0.5) * s;
                coords.push((
                    cx,
                    l.board_y as f32 + 10.0 * s + m / 2.0,
                    file_sq.file_char().to_string(),
                ));
                coords.push((m / 2.0, cy, (i + 1).to_string()));
            }
            [
                0.0,
                l.board_y as f32 - m,
                l.board_x as f32 + 10.0 * s + m,
                10.0 * s + 2.0 * m,
            ]
        };
        BoardView {
            view_box,
            background: FRAME,
            coord_color: FRAME_TEXT,
            cells,
            coords,
            lines,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jetan::LastMove;

    /// The view's cells are where the PNG draws them: each token's centre lies in its
    /// cell as the renderer's own geometry says, for the flat board and the rings.
    #[test]
    fn cells_agree_with_the_png_geometry() {
        let r = Renderer::new(50).unwrap();
        let pos = Position::start();
        for (shape, png_shape) in [
            (BoardShape::Square, BoardShape::Square),
            (BoardShape::Round, BoardShape::Rings),
        ] {
            for o in [Color::Black, Color::Orange] {
                let view = View::new(o)
                    .with_shape(shape)
                    .with_last_move(LastMove::new("e2".parse().unwrap(), "e3".parse().unwrap()));
                let bv = r.board_view(&pos, &view);
                assert_eq!(bv.cells.len(), 100);
                let png_view = View::new(o).with_shape(png_shape);
                for cell in &bv.cells {
                    let sq: Square = cell.name.parse().unwrap();
                    assert!(
                        r.cell_contains(&png_view, sq, cell.centre.0, cell.centre.1),
                        "{shape:?} {o:?} {}",
                        cell.name
                    );
                    assert_eq!(cell.piece.is_some(), pos.board().piece_at(sq).is_some());
                }
                let e2 = bv.cells.iter().find(|c| c.name == "e2").unwrap();
                assert_eq!(e2.marks, vec![Mark::LastFrom]);
                let e3 = bv.cells.iter().find(|c| c.name == "e3").unwrap();
                assert_eq!(e3.marks, vec![Mark::LastTo]);
            }
        }
    }
}
