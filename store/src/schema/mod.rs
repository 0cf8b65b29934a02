//! The schema, declared at the bottom of the store: the trees and their on-disk names,
//! the tree outside the transactions, the meta key of the format, and the games a
//! record can belong to, with what each game stores of its own (one module per game:
//! [`jetan`], [`martian`]). The key-value backends (`kv`) and the migrations read it;
//! it imports nothing of the store above it.
//!
//! This is one of the store's two registration points of a game (the other is
//! `games`, for what a game does): a new game adds its module here and one variant to
//! each enum below.

pub mod jetan;
pub mod martian;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
    /// The outbox: per request id, the results whose answer the bot has not yet seen
    /// delivered (written with the result, removed once Discord confirms it); per
    /// (tournament, round), a tournament's news not yet posted.
    OUTBOX = "outbox",
    /// Tournaments per id ([`crate::tournament`]).
    TOURNAMENTS = "tournaments",
    /// The games of tournaments: game id -> (tournament, round, board).
    TOURNAMENT_GAMES = "tournament_games",
    /// The stored results of tournament operations, per request id.
    TOURNAMENT_REQUESTS = "tournament_requests",
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

/// A game's records, first to last: each game's own kind of record. A record read without
/// any (a game that has not moved yet, or a head whose records are in their tree) holds
/// [`Records::Empty`]; the game's module reads its own kind and takes `Empty` as none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Records {
    /// No records.
    #[default]
    Empty,
    /// Jetan's moves.
    Jetan(Vec<jetan::MoveRecord>),
    /// Martian Chess's actions.
    MartianChess(Vec<martian::ActionRecord>),
}

impl Records {
    /// How many records.
    pub fn len(&self) -> usize {
        match self {
            Records::Empty => 0,
            Records::Jetan(v) => v.len(),
            Records::MartianChess(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The same records, [`Records::Empty`] if there are none (so that two games without
    /// records compare equal, whichever way they were built).
    #[must_use]
    pub fn normalized(self) -> Records {
        if self.is_empty() {
            Records::Empty
        } else {
            self
        }
    }

    /// How many of them drew a number from the game's duel stream (Manator's duels).
    pub fn duels(&self) -> usize {
        match self {
            Records::Jetan(v) => v.iter().filter(|m| m.duel.is_some()).count(),
            Records::Empty | Records::MartianChess(_) => 0,
        }
    }

    /// The game whose records these are (`None` when there are none).
    pub fn game(&self) -> Option<GameKind> {
        match self {
            Records::Empty => None,
            Records::Jetan(v) => (!v.is_empty()).then_some(GameKind::Jetan),
            Records::MartianChess(v) => (!v.is_empty()).then_some(GameKind::MartianChess),
        }
    }
}

/// The records as a game record stores them (inside it, flattened): Jetan's as
/// `moves`, Martian Chess's as `actions` beside an empty `moves`, the layout every
/// earlier version wrote and reads.
#[derive(Serialize)]
struct RecordsOut<'a> {
    moves: &'a [jetan::MoveRecord],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    actions: &'a [martian::ActionRecord],
}

#[derive(Deserialize)]
struct RecordsIn {
    #[serde(default)]
    moves: Vec<jetan::MoveRecord>,
    #[serde(default)]
    actions: Vec<martian::ActionRecord>,
}

impl Serialize for Records {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (moves, actions): (&[_], &[_]) = match self {
            Records::Empty => (&[], &[]),
            Records::Jetan(v) => (v, &[]),
            Records::MartianChess(v) => (&[], v),
        };
        RecordsOut { moves, actions }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Records {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Records, D::Error> {
        let r = RecordsIn::deserialize(d)?;
        match (r.moves.is_empty(), r.actions.is_empty()) {
            (true, true) => Ok(Records::Empty),
            (false, true) => Ok(Records::Jetan(r.moves)),
            (true, false) => Ok(Records::MartianChess(r.actions)),
            (false, false) => Err(serde::de::Error::custom(
                "a game holds the records of two games",
            )),
        }
    }
}

/// One record of a game, as an operation's result carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Record {
    /// A Jetan move.
    Jetan(jetan::MoveRecord),
    /// A Martian Chess action.
    MartianChess(martian::ActionRecord),
}

impl Record {
    /// The Jetan move, if it is one.
    pub fn as_move(&self) -> Option<&jetan::MoveRecord> {
        match self {
            Record::Jetan(m) => Some(m),
            Record::MartianChess(_) => None,
        }
    }

    /// The Martian Chess action, if it is one.
    pub fn as_action(&self) -> Option<&martian::ActionRecord> {
        match self {
            Record::MartianChess(a) => Some(a),
            Record::Jetan(_) => None,
        }
    }

    /// The game it is a record of.
    pub fn game(&self) -> GameKind {
        match self {
            Record::Jetan(_) => GameKind::Jetan,
            Record::MartianChess(_) => GameKind::MartianChess,
        }
    }

    /// When it was played.
    pub fn at(&self) -> crate::Millis {
        match self {
            Record::Jetan(m) => m.at,
            Record::MartianChess(a) => a.at,
        }
    }
}

impl From<jetan::MoveRecord> for Record {
    fn from(r: jetan::MoveRecord) -> Record {
        Record::Jetan(r)
    }
}

impl From<martian::ActionRecord> for Record {
    fn from(r: martian::ActionRecord) -> Record {
        Record::MartianChess(r)
    }
}

/// How a game's rules ended it (the host's endings are [`HostEnding`]s). Stored as the
/// ending's name (`princess_captured`, `king_captured`): the names of all games differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RuleEnding {
    /// Jetan's.
    Jetan(jetan::Ending),
    /// Martian Chess's.
    MartianChess(martian::Ending),
}

impl RuleEnding {
    /// The game whose rules these are.
    pub fn game(self) -> GameKind {
        match self {
            RuleEnding::Jetan(_) => GameKind::Jetan,
            RuleEnding::MartianChess(_) => GameKind::MartianChess,
        }
    }
}

impl std::fmt::Display for RuleEnding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleEnding::Jetan(e) => e.fmt(f),
            RuleEnding::MartianChess(e) => e.fmt(f),
        }
    }
}

/// A pool of ratings: the games whose results rate one another (a player has a rating
/// per server and per pool). Each game names its pools from its options (Jetan:
/// `classic`, `manator`, `ninth_ray`; Martian Chess: `martian_chess`; see
/// `games::pools`); the host only keeps them apart. Stored as its name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RatingPool(std::borrow::Cow<'static, str>);

impl RatingPool {
    /// A pool a game names (`classic`, `ninth_ray`).
    pub const fn named(name: &'static str) -> RatingPool {
        RatingPool(std::borrow::Cow::Borrowed(name))
    }

    /// A pool whose name is made at run time.
    pub fn owned(name: String) -> RatingPool {
        RatingPool(std::borrow::Cow::Owned(name))
    }

    /// Its name as stored (`classic`, `ninth_ray`).
    pub fn name(&self) -> &str {
        &self.0
    }

    /// Its name as typed in a command: the stored name with hyphens (`ninth-ray`).
    pub fn typed(&self) -> String {
        self.0.replace('_', "-")
    }
}

impl std::fmt::Display for RatingPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
