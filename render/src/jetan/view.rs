//! What a Jetan picture shows beyond the position: the [`View`], the [`LastMove`], the
//! [`BoardShape`], and where tokens land ([`TokenSpot`]).

use jetan_rules::{ByColor, Color, Duel, Move, Outcome, Piece, Position, Report, Square};

use super::labels::Labels;

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

/// Where a piece's token is drawn in a picture
/// ([`Renderer::token_spots`](super::Renderer::token_spots)), in pixels.
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
    pub(super) fn result_texts(&self) -> Option<(String, String)> {
        if let Some(text) = &self.result {
            return Some(match text.split_once(':') {
                Some((head, reason)) => (head.trim().to_string(), reason.trim().to_string()),
                None => (text.trim().to_string(), String::new()),
            });
        }
        self.outcome.map(|o| self.labels.outcome(&o))
    }
}
