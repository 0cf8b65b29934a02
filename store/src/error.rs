//! The one error type of the store.

use crate::{GameId, UserId};

/// Every error of the store.
///
/// Two kinds: **refusals** — the user asked for something the rules of the house do not
/// allow; the message is meant to be shown to them as is, and nothing was written — and
/// **internal failures** (storage, a record that does not decode, an impossible state);
/// [`StoreError::is_refusal`] tells them apart.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    // ---- refusals ----
    /// A challenge or a game is already open in the channel.
    #[error("there is already {what} in this channel")]
    ChannelBusy {
        /// "an open challenge" or "a game in progress".
        what: &'static str,
    },
    /// The server's settings do not allow games in this channel.
    #[error("games are not allowed in this channel")]
    ChannelNotAllowed,
    /// A player challenged themself.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    /// Wager terms are invalid (a practice game with money, an absurd amount...).
    #[error("invalid terms: {0}")]
    InvalidTerms(String),
    /// Someone cannot cover the money a challenge or a grant needs.
    #[error("user {user} has {available} available; {what} need {needed}")]
    InsufficientFunds {
        /// Who cannot cover it.
        user: UserId,
        /// Their available balance.
        available: u64,
        /// What is needed.
        needed: u64,
        /// What the money is for ("the stake and piece reserve").
        what: &'static str,
    },
    /// No open challenge in the channel.
    #[error("there is no open challenge in this channel")]
    NoChallenge,
    /// No game in progress in the channel.
    #[error("there is no game in progress in this channel")]
    NoGame,
    /// The game in the channel has already started (a second accept).
    #[error("the challenge was already accepted; the game has started")]
    AlreadyStarted,
    /// Only the challenged player may accept or decline.
    #[error("only user {challenged} can answer this challenge")]
    NotChallenged {
        /// The challenged player.
        challenged: UserId,
    },
    /// Only the challenger may cancel.
    #[error("only user {challenger} can cancel this challenge")]
    NotChallenger {
        /// The challenger.
        challenger: UserId,
    },
    /// The open challenge is not the one the caller answered (it was cancelled and a new
    /// one made, or answered already).
    #[error("that challenge is no longer open")]
    ChallengeReplaced,
    /// Several challenges are open in the channel and the request did not name one.
    #[error("{count} challenges are open in this channel: name the one you mean")]
    SeveralChallenges {
        /// How many could be meant.
        count: usize,
    },
    /// The game in the channel is not the one the caller acted on.
    #[error("that game is over; another one is being played in this channel")]
    GameReplaced,
    /// The challenge has expired (it is refunded by `expire`).
    #[error("the challenge has expired")]
    ChallengeExpired,
    /// `expire` was called before the challenge's expiry.
    #[error("the challenge expires in {remaining_ms} ms")]
    NotExpired {
        /// Milliseconds until it expires.
        remaining_ms: u64,
    },
    /// The caller does not play in the channel's game.
    #[error("you are not playing in this game")]
    NotAPlayer,
    /// The game changed since the caller looked at it (another move, a draw offer...).
    #[error("the game changed (it is now at version {current}, you saw {expected}); try again")]
    GameChanged {
        /// The version the caller validated against.
        expected: u64,
        /// The stored version.
        current: u64,
    },
    /// It is the other player's turn.
    #[error("it is user {to_move}'s turn")]
    NotYourTurn {
        /// The player to move.
        to_move: UserId,
    },
    /// The game's rules refuse the action, and say why.
    #[error(transparent)]
    Illegal(#[from] crate::Refusal),
    /// A command of one game in a game of another.
    #[error("the game in this channel is {game}")]
    WrongGame {
        /// The game being played.
        game: crate::GameKind,
    },
    /// A claim on time against a player who owes a battle card: they are under the
    /// battle time, and when it runs out the card is played for them.
    #[error("the opponent's battle card is played for them when its time runs out, in {remaining_ms} ms")]
    BattleTimeNotUp {
        /// Milliseconds until the bot plays it.
        remaining_ms: u64,
    },
    /// A draw offer already stands.
    #[error("user {by} has already offered a draw")]
    DrawAlreadyOffered {
        /// Who offered it.
        by: UserId,
    },
    /// No draw offer to accept or decline (or it is the caller's own offer).
    #[error("there is no draw offer for you to answer")]
    NoDrawOffer,
    /// The game has no move time limit.
    #[error("this game has no move time limit")]
    NoTimeLimit,
    /// A win on time claimed by the player to move.
    #[error("it is your turn: only your opponent can claim a win on time")]
    CannotClaimOnOwnTurn,
    /// A win on time claimed too early.
    #[error("the time to move is not up: {remaining_ms} ms remain")]
    TimeNotUp {
        /// Milliseconds until a claim is allowed.
        remaining_ms: u64,
    },
    /// The daily allowance was already claimed in this period.
    #[error("the daily allowance was already claimed; the next claim is in {wait_ms} ms")]
    DailyNotReady {
        /// Milliseconds until the next claim.
        wait_ms: u64,
    },
    /// A player tried to pay themself.
    #[error("you cannot pay yourself")]
    SelfPayment,
    /// A payment the receiver's wallet cannot take: their balance would pass the
    /// server's maximum balance (or the store's own limit).
    #[error("user {user}'s balance would pass the limit of {max}")]
    BalanceLimit {
        /// The receiver.
        user: UserId,
        /// The largest balance allowed.
        max: u64,
        /// What they could still receive.
        room: u64,
    },
    /// A challenge names a stake or a piece price above the server's limit.
    #[error("the {what} is above this server's limit of {max}")]
    AboveLimit {
        /// "stake" or "piece price".
        what: &'static str,
        /// The limit.
        max: u64,
    },
    /// The payer has reached the server's daily cap on payments sent.
    #[error(
        "payments sent are capped at {cap} a day; {left} left, the window reopens in {wait_ms} ms"
    )]
    PaymentCap {
        /// The cap.
        cap: u64,
        /// What may still be sent in this window.
        left: u64,
        /// Milliseconds until the window closes.
        wait_ms: u64,
    },
    /// A grant of zero, or too large.
    #[error("invalid amount: {0}")]
    InvalidAmount(String),
    /// A request id was used before by a different kind of operation.
    #[error("request {request} was already used for a {used_for}")]
    RequestIdReused {
        /// The request id.
        request: u64,
        /// The operation it was used for.
        used_for: &'static str,
    },

    /// No such tournament (on this server).
    #[error("there is no tournament {0}")]
    NoTournament(crate::TournamentId),
    /// Only the tournament's organiser may do this.
    #[error("only user {organiser} can run this tournament")]
    NotOrganiser {
        /// The organiser.
        organiser: UserId,
    },
    /// The tournament is not in a state that allows this ("open", "running",
    /// "finished", "cancelled" is what it is).
    #[error("the tournament is {state}")]
    TournamentState {
        /// What it is now.
        state: &'static str,
    },
    /// The player already joined the tournament.
    #[error("you have already joined this tournament")]
    AlreadyJoined,
    /// The player is not (or no longer) in the tournament.
    #[error("you are not playing in this tournament")]
    NotEntered,
    /// The tournament has as many players as it allows.
    #[error("the tournament is full ({max} players)")]
    TournamentFull {
        /// Its player limit.
        max: u32,
    },
    /// Settings no tournament can use (a bad name, prizes, terms).
    #[error("invalid tournament: {0}")]
    InvalidTournament(String),
    /// The pairing named is not one that can take this (no such board, a bye, a result
    /// already known, not the current round).
    #[error("round {round}, board {board}: {why}")]
    NoSuchPairing {
        /// The round (1-based).
        round: usize,
        /// The board (1-based).
        board: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// The pairing rules refuse (too few players to start, a Swiss of too many rounds).
    #[error(transparent)]
    Pairing(#[from] jetan_pairing::PairingError),

    // ---- internal failures ----
    /// A stored record does not decode (or has an unknown format version). Only the
    /// channel, wallet or game it belongs to is affected.
    #[error("the stored record of {what} is damaged: {detail}")]
    Corrupt {
        /// Which record ("the game in channel 123", "the wallet of 5 in server 9").
        what: String,
        /// What is wrong with it.
        detail: String,
    },
    /// An arithmetic overflow or a negative amount: a bug or a damaged record.
    #[error("amount out of range while {0}")]
    Overflow(String),
    /// The storage engine failed.
    #[error("storage failure: {0}")]
    Storage(String),
    /// Reading or writing a file failed (export, import).
    #[error("i/o failure: {0}")]
    Io(#[from] std::io::Error),
    /// `import` into a data directory that already holds data.
    #[error("the data directory {0} is not empty")]
    NotEmpty(String),
    /// A line of an export could not be read.
    #[error("line {line} of the export: {detail}")]
    BadExport {
        /// 1-based line number.
        line: u64,
        /// What is wrong.
        detail: String,
    },
    /// The directory holds no jetan data (`Store::open_existing`, `verify`, `export`).
    #[error("no jetan data in {0}")]
    NoData(String),
    /// The data directory is open in another process (the bot, another command).
    #[error("the data directory {0} is in use by another process")]
    Locked(String),
    /// An archived game is missing.
    #[error("game {0} is not in the archive")]
    NoSuchGame(GameId),
}

impl StoreError {
    /// Whether this is a refusal to show the user (nothing was written), as opposed to an
    /// internal failure to log.
    pub fn is_refusal(&self) -> bool {
        !matches!(
            self,
            StoreError::Corrupt { .. }
                | StoreError::Overflow(_)
                | StoreError::Storage(_)
                | StoreError::Io(_)
                | StoreError::NotEmpty(_)
                | StoreError::BadExport { .. }
                | StoreError::NoSuchGame(_)
                | StoreError::NoData(_)
                | StoreError::Locked(_)
        )
    }
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> StoreError {
        StoreError::Storage(e.to_string())
    }
}

/// The store's result type.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
