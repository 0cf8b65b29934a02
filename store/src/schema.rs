//! The schema, declared at the bottom of the store: the trees and their on-disk names,
//! the tree outside the transactions, the meta key of the format, and the kinds of game
//! a record can belong to. The key-value backends (`kv`) and the migrations read it;
//! it imports nothing of the store.

use serde::{Deserialize, Serialize};

/// Declares the trees once: each gets an index constant in [`t`] (in declaration
/// order) and its on-disk name in [`TREE_NAMES`] at the same index.
macro_rules! trees {
    ($($(#[$doc:meta])* $konst:ident = $name:literal,)*) => {
        /// The trees, by index into [`TREE_NAMES`].
        pub(crate) mod t {
            trees!(@index 0usize; $($(#[$doc])* $konst)*);
        }
        /// The trees' names (sled's trees, PostgreSQL's `tree` column), in the order of [`t`].
        pub(crate) const TREE_NAMES: &[&str] = &[$($name),*];
    };
    (@index $n:expr; $(#[$doc:meta])* $first:ident $($(#[$rdoc:meta])* $rest:ident)*) => {
        $(#[$doc])*
        pub const $first: usize = $n;
        trees!(@index $n + 1; $($(#[$rdoc])* $rest)*);
    };
    (@index $n:expr;) => {};
}

trees! {
    /// The id generator and the id base.
    META = "meta",
    /// Settings per server.
    SETTINGS = "settings",
    /// Wallets per (server, player).
    WALLETS = "wallets",
    /// Games in progress per channel, without their moves (`GameHead`).
    GAMES = "games",
    /// Open challenges per channel.
    CHALLENGES = "challenges",
    /// Finished games per id, without their moves (`FinishedHead`).
    FINISHED = "finished",
    /// History index: (channel, !game id).
    BY_CHANNEL = "by_channel",
    /// History index: (server, player, !game id).
    BY_PLAYER = "by_player",
    /// The ledger per sequence number.
    LEDGER = "ledger",
    /// Stored results per request id.
    REQUESTS = "requests",
    /// Every move of every game, per (game id, ply): written once, never rewritten.
    MOVES = "moves",
    /// Every action of every Martian Chess game, per (game id, ply): written once.
    ACTIONS = "martian_actions",
}

/// A tree outside the transactions: cosmetic data (display names, practice levels,
/// message ids), not exported, not verified.
pub(crate) const PROFILES: usize = TREE_NAMES.len();

/// The name of tree `i` (the trees of [`TREE_NAMES`], then `profiles`).
pub(crate) fn tree_name(i: usize) -> &'static str {
    TREE_NAMES.get(i).copied().unwrap_or("profiles")
}

/// Every tree: the transactional ones, then `profiles`.
pub(crate) const TREE_COUNT: usize = TREE_NAMES.len() + 1;

/// The meta key holding the format version of every record in the directory.
pub(crate) const FORMAT_KEY: &[u8] = b"format";

/// Which game a challenge or a game is for (the registration of a game in the records;
/// what each game is to the host is in `games`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Jetan (RULES.md), Classic or Manator, flat or circular.
    #[default]
    Jetan,
    /// The Mars Society's Martian Chess (MARTIAN_CHESS.md).
    MartianChess,
}

impl std::fmt::Display for GameKind {
    /// The game's name: "Jetan", "Martian Chess".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GameKind::Jetan => "Jetan",
            GameKind::MartianChess => "Martian Chess",
        })
    }
}

impl GameKind {
    /// Every game the host plays.
    pub const ALL: [GameKind; 2] = [GameKind::Jetan, GameKind::MartianChess];
}
