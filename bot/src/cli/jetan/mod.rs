//! Jetan's own command-line tools: its rules (`dev`: perft, divide, moves, play), its
//! board pictures (`render`) and its computer players (`engine`: selfplay, analyse).
//! They speak of Jetan's colours, Black and Orange, as the rules do; the host's tools
//! (`run`, `store`) know no game.

pub(super) mod dev;
pub(super) mod engine;
pub(super) mod render;
