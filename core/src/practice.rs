//! A practice game's computer opponent as the host keeps it: its level (1–5, for every
//! game) and the stop flags of its searches in progress. Below the commands that start,
//! end and play practice games.

use std::sync::atomic::Ordering;

use jetan_store::GameId;

use super::Core;

/// The computer's level in a practice game, 1 (weakest) to 5, for every game: each game
/// maps it onto its own computer player's levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Level(u8);

impl Level {
    /// The weakest level.
    pub(crate) const MIN: u8 = 1;
    /// The strongest level.
    pub(crate) const MAX: u8 = 5;
    /// A practice challenge's level when it names none.
    pub(crate) const DEFAULT: Level = Level(3);

    /// The level `n`, if it is one (1–5).
    pub(crate) fn new(n: u8) -> Option<Level> {
        (Self::MIN..=Self::MAX).contains(&n).then_some(Level(n))
    }

    /// The level's number, 1–5.
    pub(crate) const fn get(self) -> u8 {
        self.0
    }
}

/// Remembers the level chosen for the practice game (challenge) `game`.
pub(crate) fn set_level(core: &Core, game: GameId, level: Level) {
    if let Err(e) = core.store.set_practice_level(game, level.get()) {
        tracing::warn!(game = %game, "cannot store the practice level: {e}");
    }
}

/// Stops the computer's search in game `game`, if it is thinking (the game ended).
pub(crate) fn stop_thinking(core: &Core, game: GameId) {
    if let Some(flag) = core.thinking.lock().ok().and_then(|mut t| t.remove(&game)) {
        flag.store(true, Ordering::Relaxed);
    }
}

/// The level of the practice game `game` (the default if unknown).
pub(crate) fn level(core: &Core, game: GameId) -> Level {
    core.store
        .practice_level(game)
        .and_then(Level::new)
        .unwrap_or(Level::DEFAULT)
}
