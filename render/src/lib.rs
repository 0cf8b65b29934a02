//! Pictures of Jetan games: the board PNG the bot posts after every move, and an animated
//! GIF replay of a whole game.
//!
//! The picture is made for the ~400 × 400 pixels a Discord chat shows: close to square, with
//! the 10 × 10 board of black and orange squares (RULES.md §1), rank numbers on its left
//! and file letters below; the pieces as checkermen-style tokens with their emblem (§2) in
//! the upper half and a large letter in the lower half; a strip above and below the board
//! for each player (name, colour, whether the Princess's escape is still available, the
//! pieces that player has captured grouped by kind with a count and their summed value,
//! and on the side to move's strip TO MOVE, the move number and the warnings); and a side
//! panel right of the board with whose turn it is — or the result of a finished game —
//! and what the last move did: the move, the piece it killed as a large struck-through
//! token, or a Manator duel's two pieces with their odds and who won.
//!
//! The circular board of Ninth-Ray Jetan (RULES.md §11) is drawn unrolled
//! ([`BoardShape::Round`]: the rings as rows, the seam between `j` and `a` marked by a
//! line and an echo of the file across it on each side, tokens nearly as large as the
//! flat board's) or as rings around a hole ([`BoardShape::Rings`]: its real shape, with
//! tokens about half as wide). [`Renderer::token_spots`] and [`Renderer::cell_contains`]
//! give the geometry of either, for tests.
//!
//! A [`View`] adds what the position alone does not say: which side is at the bottom, the
//! last move as the rules reported it ([`View::with_report`]), a selected piece with its
//! legal destinations, the result, and the [`Labels`] — every word drawn, so the caller
//! can use its players' language. Warnings come from the position: the Princess of the
//! side to move threatened, the ten-move countdown running.
//!
//! Everything is drawn from code — text and shapes with imageproc, piece emblems as
//! anti-aliased distance-field shapes — with embedded fonts (DejaVu Sans Bold; Droid Sans
//! Fallback and a subset of Symbola for CJK, Hangul and emoji; licences in `assets/`);
//! nothing is read from disk or the network. A [`Renderer`] caches the empty boards, the
//! highlighted square tiles, the piece sprites, drawn texts and a palette; a picture is
//! blitted together in about half a millisecond and encoded as an indexed-colour PNG
//! (about 45 KB). The free functions use a shared renderer built on first use.
//!
//! ```
//! use jetan_render::{board_png, LastMove, View};
//! use jetan_rules::{AttackerWins, Color, MoveText, Position};
//!
//! let pos = Position::start();
//! let m = "e2-e3".parse::<MoveText>().unwrap().resolve(&pos).unwrap();
//! let (pos, report) = pos.play(m, &mut AttackerWins).unwrap();
//! let view = View::new(Color::Orange)
//!     .with_names("Dejah Thoris", "Tara of Helium")
//!     .with_report(&report);
//! assert_eq!(view.last_move, Some(LastMove::from(&report)));
//! let png = board_png(&pos, &view).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```
#![deny(missing_docs)]

mod labels;
mod martian;
mod paint;
mod palette;
mod profile;
mod render;
mod replay;
mod text;
mod theme;

use std::sync::LazyLock;

use image::RgbImage;
use jetan_rules::{
    Board, ByColor, Color, Duel, Move, Outcome, Piece, Position, Report, Role, Square, Variant,
};

pub use labels::Labels;
pub use martian::{martian_image, martian_png, MartianLabels, MartianScene};
pub use profile::{profile_image, profile_png, Chart, Point, ProfileCard, Series};
pub use render::Renderer;
pub use replay::{replay_gif, Replay, DISCORD_ATTACHMENT_LIMIT};

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The embedded font could not be read (a broken build, not bad input).
    #[error("the embedded font could not be read")]
    Font,
    /// The PNG encoder failed.
    #[error("could not encode the PNG: {0}")]
    Png(String),
    /// The GIF encoder failed.
    #[error("could not encode the GIF: {0}")]
    Gif(String),
    /// A replay was given no position.
    #[error("a replay needs at least one position")]
    EmptyReplay,
    /// A replay needs exactly one move between consecutive positions.
    #[error("a replay of {positions} positions needs {} moves, not {moves}", positions.saturating_sub(1))]
    MoveCount {
        /// How many positions were given.
        positions: usize,
        /// How many moves were given.
        moves: usize,
    },
}

/// The last move as the picture shows it: its two squares highlighted, and the piece it
/// killed, if any, shown struck through in the side panel. Prefer
/// [`View::with_report`], which also takes the Manator duel from the rules' report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// The start square.
    pub from: Square,
    /// The end square.
    pub to: Square,
    /// The piece removed from the board by the move: the captured piece, or in Manator
    /// the loser of the duel (which may be the mover).
    pub killed: Option<Piece>,
}

impl LastMove {
    /// A last move that killed nothing.
    pub const fn new(from: Square, to: Square) -> LastMove {
        LastMove {
            from,
            to,
            killed: None,
        }
    }

    /// A move played by `mover`, assuming a capture killed the piece on the end square
    /// (always true in Classic; in Manator prefer [`LastMove::from`] a [`Report`], which
    /// knows who lost the duel).
    pub fn from_move(m: &Move, mover: Color) -> LastMove {
        LastMove {
            from: m.from,
            to: m.to,
            killed: m.capture.map(|role| Piece {
                color: mover.other(),
                role,
            }),
        }
    }
}

impl From<&Report> for LastMove {
    fn from(r: &Report) -> LastMove {
        LastMove {
            from: r.mv.from,
            to: r.mv.to,
            killed: r.killed,
        }
    }
}

/// The board's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BoardShape {
    /// The 10 × 10 board (RULES.md §1).
    #[default]
    Square,
    /// The circular board of Ninth-Ray Jetan (RULES.md §11) as the bot shows it:
    /// unrolled, its ten rings as ten rows (rank 1, the outer ring, on Black's side) and
    /// its ten sectors as columns, with the seam between `j` and `a` drawn as a line and
    /// half a column of the file across it echoed on each side — so every piece is
    /// about as large as on the flat board.
    Round,
    /// The circular board drawn as rings around a hole, rank 1 the outermost and rank 10
    /// the innermost, ten sectors `a`…`j` clockwise, the seam a spoke: the board's real
    /// shape, with tokens about half as wide as [`Round`](Self::Round)'s (letters only).
    Rings,
}

/// Where a piece's token is drawn in a picture ([`Renderer::token_spots`]), in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TokenSpot {
    /// The piece's square.
    pub square: Square,
    /// The centre of the token's disc.
    pub centre: (f32, f32),
    /// The disc's diameter.
    pub diameter: f32,
}

/// What a picture shows beyond the position itself.
///
/// ```
/// use jetan_render::View;
/// use jetan_rules::{Color, Position};
/// let view = View::for_position(&Position::start()).with_selected("e2".parse().unwrap());
/// assert_eq!(view.orientation, Color::Black);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The side shown at the bottom: Black's view has a1 bottom-left, Orange's view is the
    /// board rotated 180°.
    pub orientation: Color,
    /// The players' display names, any text: long names are shortened with `…`; emoji
    /// and scripts the main font lacks come from the embedded fallback fonts, characters
    /// no font has are left out. A name with nothing drawable shows the colour's name.
    pub names: ByColor<String>,
    /// The last move, highlighted, and told in the side panel.
    pub last_move: Option<LastMove>,
    /// A selected square. If it holds a piece of the side to move, its legal destinations
    /// are marked: dots for quiet moves, rings for captures, diamonds for the Princess's
    /// escape squares.
    pub selected: Option<Square>,
    /// The result of a finished game as free text (for example `"Black wins by
    /// resignation"`; the part before a `:` is the headline). It wins over
    /// [`outcome`](Self::outcome). With a result the picture shows no turn and no warnings.
    pub result: Option<String>,
    /// The result of a game the rules ended, drawn with [`labels`](Self::labels).
    pub outcome: Option<Outcome>,
    /// The Manator duel the last move fought: both pieces, the odds and who won.
    pub duel: Option<Duel>,
    /// Every word drawn on the picture.
    pub labels: Labels,
    /// The board's shape.
    pub shape: BoardShape,
}

impl Default for View {
    /// Black at the bottom, nothing else.
    fn default() -> View {
        View::new(Color::Black)
    }
}

impl View {
    /// A view with `orientation` at the bottom and nothing else.
    pub fn new(orientation: Color) -> View {
        View {
            orientation,
            names: ByColor::default(),
            last_move: None,
            selected: None,
            result: None,
            outcome: None,
            duel: None,
            labels: Labels::default(),
            shape: BoardShape::Square,
        }
    }

    /// The usual view while a game goes on: the side to move at the bottom.
    pub fn for_position(pos: &Position) -> View {
        View::new(pos.turn())
    }

    /// Sets both players' display names.
    #[must_use]
    pub fn with_names(mut self, black: impl Into<String>, orange: impl Into<String>) -> View {
        self.names = ByColor {
            black: black.into(),
            orange: orange.into(),
        };
        self
    }

    /// Sets the last move.
    #[must_use]
    pub fn with_last_move(mut self, last: LastMove) -> View {
        self.last_move = Some(last);
        self
    }

    /// Selects a square.
    #[must_use]
    pub fn with_selected(mut self, sq: Square) -> View {
        self.selected = Some(sq);
        self
    }

    /// Sets the result as free text.
    #[must_use]
    pub fn with_result(mut self, result: impl Into<String>) -> View {
        self.result = Some(result.into());
        self
    }

    /// Sets the result of a game the rules ended (drawn in the view's labels).
    #[must_use]
    pub fn with_outcome(mut self, outcome: Outcome) -> View {
        self.outcome = Some(outcome);
        self
    }

    /// Sets what the last move did, from the rules' report of it: its squares, the piece
    /// it killed, the Manator duel it fought, and the outcome if it ended the game.
    #[must_use]
    pub fn with_report(mut self, report: &Report) -> View {
        self.last_move = Some(LastMove::from(report));
        self.duel = report.duel;
        if report.outcome.is_some() {
            self.outcome = report.outcome;
        }
        self
    }

    /// Sets the Manator duel the last move fought.
    #[must_use]
    pub fn with_duel(mut self, duel: Duel) -> View {
        self.duel = Some(duel);
        self
    }

    /// Sets the words drawn on the picture.
    #[must_use]
    pub fn with_labels(mut self, labels: Labels) -> View {
        self.labels = labels;
        self
    }

    /// Sets the board's shape.
    #[must_use]
    pub fn with_shape(mut self, shape: BoardShape) -> View {
        self.shape = shape;
        self
    }

    /// Whether the picture shows a finished game.
    pub fn is_over(&self) -> bool {
        self.result.is_some() || self.outcome.is_some()
    }

    /// The result headline and reason, if the game is over.
    fn result_texts(&self) -> Option<(String, String)> {
        if let Some(text) = &self.result {
            return Some(match text.split_once(':') {
                Some((head, reason)) => (head.trim().to_string(), reason.trim().to_string()),
                None => (text.trim().to_string(), String::new()),
            });
        }
        self.outcome.map(|o| self.labels.outcome(&o))
    }
}

/// The chances of a Manator duel (RULES.md §8): the attacker wins with probability
/// `va / (va + vd)`, their values. Returns the attacker's and the defender's chance in
/// whole percent (summing to 100).
///
/// (The rules' [`Duel`] report does not carry the odds yet; this is the rule book's
/// formula, in one place.)
///
/// ```
/// use jetan_render::duel_odds;
/// use jetan_rules::Role;
/// assert_eq!(duel_odds(Role::Panthan, Role::Dwar), (25, 75));
/// ```
pub fn duel_odds(attacker: Role, defender: Role) -> (u32, u32) {
    let (va, vd) = (attacker.value(), defender.value());
    let a = (200 * va + va + vd) / (2 * (va + vd));
    (a, 100 - a)
}

/// The pieces each side has captured: for each side, the roles of the enemy pieces missing
/// from the board compared with the variant's starting set, highest value first.
///
/// ```
/// use jetan_render::captured;
/// use jetan_rules::Position;
/// let pos: Position = "wadfpcfdaw/t1nnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/W1DFCPFDAW o Bo - 7"
///     .parse()
///     .unwrap();
/// let taken = captured(&pos);
/// assert_eq!(taken.black.len(), 1); // Black took an Orange Panthan
/// assert_eq!(taken.orange.len(), 1); // Orange took Black's Padwar
/// ```
pub fn captured(pos: &Position) -> ByColor<Vec<Role>> {
    let start = match pos.variant() {
        Variant::Classic => Board::classic_start(),
        Variant::Manator => Board::manator_start(),
    };
    let lost = |color: Color| {
        let mut roles = Vec::new();
        for role in Role::ALL {
            let piece = Piece { color, role };
            let n = start
                .by_piece(piece)
                .count()
                .saturating_sub(pos.board().by_piece(piece).count());
            roles.extend(std::iter::repeat_n(role, n as usize));
        }
        roles.sort_by_key(|r| (std::cmp::Reverse(r.value()), *r));
        roles
    };
    ByColor {
        black: lost(Color::Orange),
        orange: lost(Color::Black),
    }
}

static DEFAULT: LazyLock<Result<Renderer, RenderError>> =
    LazyLock::new(|| Renderer::new(Renderer::DEFAULT_SQUARE));

/// The shared renderer with 50-pixel squares (a 500 × 500 board in a 627 × 622 picture).
///
/// # Errors
/// [`RenderError::Font`] if the embedded font is broken.
pub fn default_renderer() -> Result<&'static Renderer, RenderError> {
    DEFAULT.as_ref().map_err(Clone::clone)
}

/// The picture of `pos` as `view` asks, with the shared renderer.
///
/// # Errors
/// [`RenderError::Font`] if the embedded font is broken.
pub fn board_image(pos: &Position, view: &View) -> Result<RgbImage, RenderError> {
    Ok(default_renderer()?.image(pos, view))
}

/// The picture of `pos` as `view` asks, as PNG bytes, with the shared renderer.
///
/// # Errors
/// [`RenderError::Png`] if encoding fails, [`RenderError::Font`] if the embedded font is
/// broken.
pub fn board_png(pos: &Position, view: &View) -> Result<Vec<u8>, RenderError> {
    default_renderer()?.png(pos, view)
}
