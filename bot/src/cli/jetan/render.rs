//! `jetan render`: writes the board picture of a position to a PNG file.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use jetan_render::{board_png, LastMove, View};
use jetan_rules::{Color, MoveText, Square};

/// Subcommands of this group.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draws a position as the bot shows it and writes the PNG to OUT.
    Render {
        /// A position string, or `start`, `manator-start`, `circular-start`,
        /// `manator-circular-start`.
        position: String,
        /// Where to write the PNG.
        out: PathBuf,
        /// Highlights the last move's squares, written like `e2-e3` or `b1xd3`.
        #[arg(long, value_name = "MOVE")]
        last: Option<String>,
        /// Selects a square: its piece's legal destinations are marked.
        #[arg(long, value_name = "SQUARE")]
        select: Option<String>,
        /// The side shown at the bottom (default: the side to move).
        #[arg(long, value_enum)]
        view: Option<Side>,
        /// Black's display name.
        #[arg(long, value_name = "NAME")]
        black: Option<String>,
        /// Orange's display name.
        #[arg(long, value_name = "NAME")]
        orange: Option<String>,
        /// A result banner across the board, e.g. "Black wins".
        #[arg(long, value_name = "TEXT")]
        result: Option<String>,
        /// A circular position drawn as rings around a hole instead of unrolled (smaller
        /// tokens; see the README's "Board pictures").
        #[arg(long)]
        rings: bool,
        /// The rule options (RULES.md §12) the selected piece's destinations follow.
        #[arg(long, value_name = "STRING", default_value_t = jetan_rules::Rules::default())]
        rules: jetan_rules::Rules,
    },
}

/// A side, as the command line writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// Black at the bottom, a1 bottom-left.
    Black,
    /// Orange at the bottom: the board rotated 180°.
    Orange,
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Render {
            position,
            out,
            last,
            select,
            view,
            black,
            orange,
            result,
            rings,
            rules,
        } => {
            let pos = super::dev::parse_position(&position)?.with_rules(rules);
            let orientation = match view {
                Some(Side::Black) => Color::Black,
                Some(Side::Orange) => Color::Orange,
                None => pos.turn(),
            };
            let shape = if pos.topology().is_circular() {
                if rings {
                    jetan_render::BoardShape::Rings
                } else {
                    jetan_render::BoardShape::Round
                }
            } else {
                jetan_render::BoardShape::Square
            };
            let mut v = View::new(orientation)
                .with_names(black.unwrap_or_default(), orange.unwrap_or_default())
                .with_shape(shape);
            if let Some(text) = last {
                let m: MoveText = text.parse()?;
                v = v.with_last_move(LastMove::new(m.from, m.to));
            }
            if let Some(text) = select {
                let sq: Square = text.parse()?;
                v = v.with_selected(sq);
            }
            v.result = result;
            let png = board_png(&pos, &v)?;
            std::fs::write(&out, &png)
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!("wrote {} ({} KB)", out.display(), png.len().div_ceil(1024));
        }
    }
    Ok(())
}
