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

mod board;
mod labels;
mod pieces;
mod replay;
mod sprites;
mod view;
mod web;

use std::sync::LazyLock;

use image::RgbImage;
use jetan_rules::Position;

use crate::RenderError;

pub use board::Renderer;
pub use labels::Labels;
pub use pieces::{captured, duel_odds};
pub use replay::{replay_gif, Replay, DISCORD_ATTACHMENT_LIMIT};
pub use view::{BoardShape, LastMove, TokenSpot, View};

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
