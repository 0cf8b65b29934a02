//! How games are stored: the record of a game in progress or finished without its
//! moves (each move is its own record), with the counts a transaction needs, and stored
//! receipts.

use serde::{Deserialize, Serialize};

use super::records::{FinishedGame, Game};
use super::results::Receipt;
use crate::schema::Records;
use crate::Millis;

/// A stored receipt with when it was made (for pruning).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredReceipt {
    pub at: Millis,
    pub receipt: Receipt,
    /// For a receipt holding a [`Game`] stored without its moves: how many of the game's
    /// move records (in the moves tree) belong to it. `None`: the game's moves are inline
    /// (format 1) or it had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
}

/// A game in progress as stored in the games tree: the [`Game`] with its move list (or
/// the game's own records, in its tree) left
/// empty (every move is its own record in the moves tree, keyed (game id, ply)), and
/// what a transaction needs to know about the moves without reading them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GameHead {
    /// The game, `moves` empty.
    pub game: Game,
    /// How many moves were played (the ply of the next move).
    pub plies: u32,
    /// How many of them were Manator duels (numbers drawn from the duel stream).
    pub duels: u32,
}

impl GameHead {
    /// Splits a game with its records into the head and the records, counting them.
    pub fn split(mut game: Game) -> (GameHead, Records) {
        let records = std::mem::take(&mut game.records);
        let head = GameHead {
            plies: u32::try_from(records.len()).unwrap_or(u32::MAX),
            duels: u32::try_from(records.duels()).unwrap_or(u32::MAX),
            game,
        };
        (head, records)
    }
}

/// A finished game as stored in the finished tree: the [`FinishedGame`] with its move
/// list left empty (the moves stay where the game in progress wrote them), and their
/// count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FinishedHead {
    /// The finished game, `game.moves` empty.
    pub finished: FinishedGame,
    /// How many moves it had.
    pub plies: u32,
}
