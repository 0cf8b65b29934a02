//! Pictures of the games the bot hosts, for the ~400 × 400 pixels a Discord chat shows:
//! Jetan's board PNG and animated GIF replay ([`board_png`], [`replay_gif`], drawn by a
//! [`Renderer`] as a [`View`] asks), the Martian Chess board ([`martian_png`]), a
//! player's profile card ([`profile_png`]) and a tournament's crosstable
//! ([`crosstable_png`]).
//!
//! Each game's pictures live in its own module (`jetan/`, `martian/`); the host modules
//! beside them — shapes and sprites (`paint`), the embedded fonts (`text`), the shared
//! colours (`theme`), the indexed-colour palette and PNG encoding (`palette`), the
//! profile card (`profile`) and the crosstable (`crosstable`) — know no game. This file only lists the games and re-exports
//! their pictures.
//!
//! Everything is drawn from code — text and shapes with imageproc, piece emblems as
//! anti-aliased distance-field shapes — with embedded fonts (DejaVu Sans Bold; Droid Sans
//! Fallback and a subset of Symbola for CJK, Hangul and emoji; licences in `assets/`);
//! nothing is read from disk or the network.
#![deny(missing_docs)]

mod board_view;
mod crosstable;
mod paint;
mod palette;
mod profile;
mod text;
mod theme;

// The games.
mod jetan;
mod martian;

pub use board_view::{BoardView, Cell, CellShape, Line, Mark, Rgb, Token, HINT, SELECTED};
pub use crosstable::{
    crosstable_image, crosstable_png, CellMark, CrossCell, CrossRow, Crosstable,
    CROSSTABLE_MAX_ROWS,
};
pub use jetan::{
    board_image, board_png, captured, default_renderer, duel_odds, replay_gif, BoardShape, Labels,
    LastMove, Renderer, Replay, TokenSpot, View, DISCORD_ATTACHMENT_LIMIT,
};
pub use martian::web::martian_board_view;
pub use martian::{martian_image, martian_png, MartianLabels, MartianScene};
pub use profile::{profile_image, profile_png, Chart, Point, ProfileCard, Series};

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
