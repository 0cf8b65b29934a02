use jetan_rules::IllegalMove;

/// Every error of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A level outside 1–5.
    #[error("`{0}` is not a level (levels go from 1 to 5)")]
    Level(String),
    /// A player description that is not `random`, `greedy` or `engine:L`.
    #[error("`{0}` is not a player (random, greedy or engine:1 … engine:5)")]
    Player(String),
    /// A player chose a move the rules refuse (a bug in that player).
    #[error("{player} chose an illegal move: {reason}")]
    IllegalMove {
        /// The player's name.
        player: String,
        /// Why the move is illegal.
        reason: IllegalMove,
    },
    /// A player chose no move although the game was not over (a bug in that player).
    #[error("{0} chose no move in a game that is not over")]
    NoMove(String),
}
