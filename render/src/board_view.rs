//! A board described for a front end that draws it itself (the web page's SVG): every
//! cell with its name, its shape in the picture's pixels, its colour, its marks and its
//! piece — from the same geometry and palette as the PNG, so the two agree.
//!
//! Each game's module fills one ([`crate::Renderer::board_view`] for Jetan, flat and
//! circular; [`crate::martian_board_view`] for Martian Chess); this module knows no game.

use crate::theme;

/// A colour, as the pictures use them.
pub type Rgb = [u8; 3];

/// A board as a front end draws it: the part of the PNG's canvas its board covers (in the
/// PNG's pixels), with its cells, coordinates and lines.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardView {
    /// The area drawn: left, top, width, height (an SVG `viewBox`).
    pub view_box: [f32; 4],
    /// The canvas's colour (the PNG's frame).
    pub background: Rgb,
    /// The coordinates' colour.
    pub coord_color: Rgb,
    /// Every cell, once.
    pub cells: Vec<Cell>,
    /// The rank numbers and file letters: (x, y of the text's centre, text).
    pub coords: Vec<(f32, f32, String)>,
    /// Lines drawn over the board (the circular board's seam).
    pub lines: Vec<Line>,
}

/// One cell of a board.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Its name in the game's notation (`e2`).
    pub name: String,
    /// Where it is.
    pub shape: CellShape,
    /// Its colour when empty and unmarked.
    pub fill: Rgb,
    /// Where a token on it is centred.
    pub centre: (f32, f32),
    /// A token's diameter on it.
    pub token: f32,
    /// Its marks, as the PNG tints them.
    pub marks: Vec<Mark>,
    /// The piece on it.
    pub piece: Option<Token>,
}

/// The shape of a cell, in the canvas's pixels.
#[derive(Debug, Clone, PartialEq)]
pub enum CellShape {
    /// A rectangle.
    Rect {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
    },
    /// A polygon (the circular board's annular sectors, their arcs as short segments).
    Polygon(Vec<(f32, f32)>),
}

/// A piece as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// The text drawn on it (Jetan: the role's letter; Martian Chess: the chess glyph).
    pub label: String,
    /// The piece's letter in the game's notation (upper case).
    pub letter: char,
    /// Its owner's seat: 0 the first mover's side, 1 the other.
    pub owner: u8,
    /// The disc.
    pub body: Rgb,
    /// The rim and the label.
    pub ink: Rgb,
    /// A promoted piece (Martian Chess: a small amber dot).
    pub promoted: bool,
}

/// A mark on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The last move's start.
    LastFrom,
    /// The last move's end.
    LastTo,
    /// A square of the battle under way (Martian Chess).
    Battle,
    /// A square already used this turn (Martian Chess).
    Spent,
    /// The threatened Princess of the side to move (Jetan).
    Danger,
}

impl Mark {
    /// Its colour, how much of it covers the cell, and whether it is drawn as a border
    /// too — as the PNG draws it.
    pub fn tint(self) -> (Rgb, f32, bool) {
        match self {
            Mark::LastFrom => (theme::LAST_MOVE, 0.45, false),
            Mark::LastTo => (theme::LAST_MOVE, 0.6, true),
            Mark::Battle => (theme::DANGER, 0.55, false),
            Mark::Spent => (theme::LAST_MOVE, 0.5, false),
            Mark::Danger => (theme::DANGER, 0.5, true),
        }
    }

    /// Its name, for a front end's classes (`last-from`).
    pub fn name(self) -> &'static str {
        match self {
            Mark::LastFrom => "last-from",
            Mark::LastTo => "last-to",
            Mark::Battle => "battle",
            Mark::Spent => "spent",
            Mark::Danger => "danger",
        }
    }
}

/// A straight line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// From.
    pub from: (f32, f32),
    /// To.
    pub to: (f32, f32),
    /// Its width.
    pub width: f32,
    /// Its colour.
    pub color: Rgb,
}

/// The colour of move marks (legal destinations), as the PNG draws them.
pub const HINT: Rgb = theme::HINT;
/// The selected square's colour, as the PNG draws it.
pub const SELECTED: Rgb = theme::SELECTED;
/// The board's frame.
pub(crate) const FRAME: Rgb = theme::FRAME;
/// The coordinates.
pub(crate) const FRAME_TEXT: Rgb = theme::FRAME_TEXT;
