//! Durable storage for the jetan bot: games in progress (one per channel), open
//! challenges, the archive of finished games, and the gambling accounts — wallets per
//! (server, player) and an append-only ledger of every money movement — in a sled
//! database ([`Store::open`], one process per directory) or in PostgreSQL
//! ([`Store::open_postgres`], shared by several processes).
//!
//! # Backends
//! Every operation is written once, against the typed transaction view `Tx` and the
//! read paths, over an ordered key-value boundary (`kv`: trees of byte keys, point reads,
//! prefix scans in order, one atomic transaction over every tree, run again on
//! conflicts). Two implementations: sled (a tree per kind of record), and PostgreSQL (one
//! table `kv (tree, key, value)` with the primary key `(tree, key)`, `REPEATABLE READ`
//! transactions whose reads lock their rows, retried on `40001`/`40P01`; versioned schema
//! migrations at open). The guarantees below hold on both; "flushed" means committed on
//! PostgreSQL. [`Location`] names either; [`Store::open_at`], [`Store::import_at`] take it.
//!
//! # Guarantees
//! - **Atomic**: every mutating operation is one transaction over the trees it
//!   touches; on any error nothing is written.
//! - **Idempotent**: every mutating operation takes a [`Stamp`] whose `id` (the Discord
//!   interaction id) is stored with the result; a repeated id returns the first result
//!   and changes nothing.
//! - **Optimistic concurrency**: a move names the game version it was chosen against;
//!   of two racing moves (or two accepts) exactly one wins, the other gets
//!   [`StoreError::GameChanged`] (or [`StoreError::AlreadyStarted`]).
//! - **Durable**: a mutating call returns only after its data is flushed to disk.
//!   Concurrent calls share one flush (group commit) on the store's own flusher thread,
//!   not sled's `flush_async`, which deadlocks under concurrency in sled 0.34
//!   (sled issue #1308).
//! - **Checkable**: [`Store::verify`] recomputes every wallet from the ledger, checks the
//!   conservation law (sum of balances + escrow = sum of grants and daily claims), that
//!   escrow matches the open challenges and games, replays every game in progress and
//!   every finished game (to its recorded result), and recomputes wins, losses, draws and
//!   net won from the finished games.
//! - **O(1) per move**: a move writes its own record and a game record of fixed size,
//!   whatever the length of the game (see "On disk").
//! - Records are JSON after a format-version byte ([`FORMAT_VERSION`]); keys are
//!   big-endian so scans are ordered. A record that fails to decode is an error for its
//!   channel, wallet or game only. No sled or PostgreSQL type appears in the API.
//!
//! # On disk
//! One sled tree per kind of record, declared once (`trees!` in `tx.rs`):
//!
//! | tree | key | record |
//! |---|---|---|
//! | `meta` | `id_base`, `format` | sled's id generator; the id base after an import; the format |
//! | `settings` | server | [`Settings`] |
//! | `wallets` | (server, player) | [`Wallet`] |
//! | `games` | channel | the [`Game`] without its records, with the record and duel counts |
//! | `challenges` | channel | [`Challenge`] |
//! | `finished` | game id | the [`FinishedGame`] without its records, with their count |
//! | `by_channel` | (channel, !game id) | empty: history index, newest first |
//! | `by_player` | (server, player, !game id) | empty: history index, newest first |
//! | `ledger` | sequence number | [`LedgerEntry`] |
//! | `requests` | interaction id | the operation's [`Receipt`] (a [`Game`] in it without its moves, with their count) |
//! | one tree per game (`moves`, …: [`schema`]) | (game id, ply) | the game's own records: each written once by its action, never rewritten |
//!
//! A transaction cannot scan, and does not need to: [`Store::play`] reads the game
//! record (position, version, ply and duel counts, clock, escrow), inserts the move under
//! (game id, ply) and rewrites the fixed-size game record. Readers ([`Store::game`],
//! [`Store::games`], [`Store::finished_game`], the histories, `verify`, `export`) fill
//! [`Game::moves`] with a prefix scan of `moves`, so the public types are whole. A game
//! that finishes keeps its moves where they are.
//!
//! **Migration.** Format 1 kept each game's whole move list inline. [`Store::open`]
//! converts such a directory record by record (moves out to `moves`, then the short
//! record; other records just get the new version byte), idempotently, so an
//! interrupted migration finishes at the next open; a `format` mark in `meta` then
//! skips the scan.
//!
//! # Wagers
//! [`Terms`] carry a `stake` (each player's) and a `piece_price` (per point of piece
//! value, RULES.md §2), or `practice: true` (no money, not counted).
//! - A player's **piece reserve** is `piece_price × (value of one side's starting pieces
//!   − 1)` — Classic 42 points, Manator 46 ([`Terms::reserve_points`]): the game
//!   ends when a Chief or a Princess falls, so at most one of them is lost. Each player's
//!   **escrow** is `stake + reserve` ([`Terms::escrow`]).
//! - [`Store::challenge`]: the challenger's escrow moves from balance to escrow; the
//!   opponent's balance is checked too (the error names who cannot cover what). One open
//!   challenge or game per channel; the challenge expires after the server's
//!   `challenge_expiry_ms`.
//! - [`Store::accept`] (the challenged player only): their escrow moves in; the game
//!   starts from the variant's start position with the first mover playing **Black**, at
//!   version 1. [`Store::decline`], [`Store::cancel`], [`Store::expire`] and
//!   [`Store::expire_due`] refund the challenger.
//! - [`Store::play`]: on a kill, the killed piece's owner pays `value × piece_price`
//!   from their escrow to the opponent's balance (in Manator the loser of a duel may be
//!   the mover). When the game ends, the loser's stake goes from their escrow to the
//!   winner's balance (a draw returns both stakes), each player's remaining escrow is
//!   released to their balance, wins/losses/draws and `net_won` (money won minus lost in
//!   the game, piece prices included) are updated, the game is archived and the channel
//!   freed. [`Store::resign`], [`Store::accept_draw`] and [`Store::claim_time`] end games
//!   the same way; [`Store::abort`] refunds the remaining escrow and counts nothing
//!   (piece prices already paid stay paid and count in `net_won`).
//! - [`Store::daily`]: the server's daily allowance, once per 24 hours from the last
//!   claim. [`Store::grant`]: an admin grant. Wallets are created lazily, with the
//!   server's starting grant, on their first money movement; reading an unknown wallet
//!   shows the starting grant without writing.
//!
//! # Games
//! A challenge's [`Terms::game`] says which game ([`GameKind`]; records written before
//! there were two read as Jetan). Every game is hosted the same way — one per channel,
//! the same escrow, turns, claims on time, endings, settlement, receipts, history,
//! standings, `verify` and export — through the game interface: what a game stores of
//! its own is declared in [`schema`] (its records, its rule endings, its rules'
//! refusals), what it does in [`games`] (one module per game, each documenting its
//! state, clock and prices). A game's record holds the shared fields plus its own
//! state string and [`Records`]; an action's result is one [`PlayResult`] for every
//! game; an ending is a rule ending of its game or a [`HostEnding`] ([`EndReason`]).
//!
//! # Reading and upkeep
//! Reads are synchronous: [`Store::settings`], [`Store::wallet`], [`Store::standings`],
//! [`Store::game`], [`Store::open_challenge`], [`Store::last_finished`],
//! [`Store::history_channel`], [`Store::history_player`], [`Store::finished_game`],
//! [`Store::ledger`]. The bot should run [`Store::expire_due`] every minute or so, and
//! [`Store::prune_requests`] now and then (a day's worth of request results is plenty to
//! answer double clicks). [`Store::export`] and [`Store::import`] back up and restore
//! (the `jetan export` / `jetan import` commands); an import checks every line before it
//! writes, into a sibling directory renamed into place when complete.
//! [`Store::open_existing`] opens a directory only if it holds jetan data (for `verify`
//! and `export`); a directory open in another process is [`StoreError::Locked`].
//!
//! ```
//! use jetan_store::{ChannelId, GameOptions, GuildId, Stamp, Store, Terms, UserId};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let store = Store::open(dir.path()).unwrap();
//! let (guild, channel) = (GuildId(1), ChannelId(10));
//! let (alice, bob) = (UserId(100), UserId(200));
//! let terms = Terms { stake: 50, piece_price: 1, ..Terms::friendly(GameOptions::default()) };
//! let c = store.challenge(Stamp::new(1, alice, 0), guild, channel, bob, terms).unwrap();
//! assert_eq!(store.wallet(guild, alice).unwrap().escrow, 50 + 42);
//! // The challenged player accepts (the Accept button names the challenge); the
//! // challenger moves first, as the terms say by default.
//! let game = store.accept(Stamp::new(2, bob, 1), channel, Some(c.id), 0, 7).unwrap();
//! let (e2, e3) = ("e2".parse().unwrap(), "e3".parse().unwrap());
//! let mv = store
//!     .play(Stamp::new(3, alice, 2), channel, (game.id, game.version), e2, e3)
//!     .unwrap();
//! assert_eq!(mv.version, 2);
//! let end = store.resign(Stamp::new(4, bob, 3), channel, game.id).unwrap();
//! assert_eq!(end.net.first, 50);
//! assert_eq!(store.wallet(guild, alice).unwrap().balance, 1050);
//! assert!(store.verify().unwrap().is_clean());
//! ```
#![deny(missing_docs)]

mod backup;
mod codec;
mod error;
mod kv;
mod model;
#[macro_use]
mod receipts;
mod bank;
mod game;
pub mod games;
mod ids;
mod lobby;
mod migrate;
mod play;
mod profiles;
pub mod ratings;
mod reminders;
pub mod schema;
mod seat;
mod settings;
mod settle;
mod store;
pub mod tournament;
mod turns;
mod tx;
mod verify;
mod wager;

pub use backup::{ExportSummary, ImportSummary};
pub use bank::MAX_PURGE;
pub use codec::FORMAT_VERSION;
pub use error::{Result, StoreError};
pub use model::{
    Challenge, ChallengeClosed, ClosedHow, DailyClaim, EndReason, EntryKind, FinishedGame,
    FirstMover, Game, GameKind, GameOptions, GameResult, Granted, HostEnding, LedgerEntry, Nudge,
    OutboxKey, Paid, Payment, PaymentKind, Pending, PlayResult, Purged, Rating, RatingChange,
    RatingPool, Receipt, Record, Records, Refusal, Release, Reminded, RuleEnding, Settings,
    Settlement, Stamp, Standings, StandingsOrder, Terms, TournamentCreators, TournamentNews,
    Wallet, DAY_MS, DEFAULT_MOVE_TIME_MS, MAX_AMOUNT, MIN_RATED_GAMES,
};
pub use profiles::MessageRef;
pub use reminders::Reminder;
pub use seat::{BySeat, Seat};
pub use settings::{SettingsChange, MAX_ACCOUNT_DAYS, MAX_MIN_GAMES};
pub use store::{Location, Store};
pub use verify::VerifyReport;

pub use ids::{ChannelId, GameId, GuildId, TournamentId, UserId};
pub use tournament::{
    Board, BoardResult, NewTournament, Tournament, TournamentFormat, TournamentGame,
    TournamentState, TournamentUpdate,
};
/// A Discord interaction id, identifying one request.
pub type RequestId = u64;
/// Unix time in milliseconds, always passed in by the caller.
pub type Millis = u64;
