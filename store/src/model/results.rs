//! What the store's operations take and return: the request stamp, the result of each
//! kind of operation, the receipts stored under request ids, pages of standings.

use serde::{Deserialize, Serialize};

use super::records::*;
use crate::{ChannelId, GameId, Millis, RequestId, UserId};

/// The stamp of a request as the store sees it: who is asking, under which Discord
/// interaction, and when (the core's richer `Request` carries the command too). Every
/// mutating operation takes one: `id` makes it idempotent (a repeated id returns the first result and
/// changes nothing), `now` is the caller's clock (the store never reads the clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    /// The Discord interaction id (unique per click or command).
    pub id: RequestId,
    /// The user acting.
    pub user: UserId,
    /// Unix time in milliseconds.
    pub now: Millis,
}

impl Stamp {
    /// A stamp.
    pub const fn new(id: RequestId, user: UserId, now: Millis) -> Stamp {
        Stamp { id, user, now }
    }
}

/// What [`Store::play`](crate::Store::play) did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveResult {
    /// The game.
    pub game_id: GameId,
    /// The move, with what it killed and the duel.
    pub mv: MoveRecord,
    /// Who played it.
    pub by: UserId,
    /// The game's version after the move.
    pub version: u64,
    /// How many moves were played before this one (0 for the first move).
    #[serde(default)]
    pub ply: u32,
    /// The position after the move.
    pub position: String,
    /// Whether the move started the ten-move countdown.
    pub countdown_started: bool,
    /// A piece price paid for the kill, if any.
    pub payments: Vec<Payment>,
    /// Whether the move cleared a draw offer.
    pub draw_offer_cleared: bool,
    /// If the move ended the game: how, and the money.
    pub finished: Option<Settlement>,
}

/// What [`Store::act`](crate::Store::act) did in a game of Martian Chess.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActResult {
    /// The game.
    pub game_id: GameId,
    /// Its channel.
    pub channel: ChannelId,
    /// The action, as recorded.
    pub action: ActionRecord,
    /// Who played it (for a timeout card: the player it was played for).
    pub by: UserId,
    /// The game's version after it.
    pub version: u64,
    /// How many actions were played before this one.
    pub ply: u32,
    /// The state before the action (hidden cards included: for the host to work out
    /// what happened with `State::play_with_events`, never to show).
    pub before: String,
    /// The state after it (hidden cards included).
    pub after: String,
    /// Piece prices paid for the prisoner the action took, if any.
    pub payments: Vec<Payment>,
    /// A prisoner was taken but its owner's piece reserve was spent (or short): what it
    /// should have paid and did not.
    #[serde(default)]
    pub unpaid: u64,
    /// Whether the action cleared a draw offer.
    pub draw_offer_cleared: bool,
    /// If the action ended the game: how, and the money.
    pub finished: Option<Settlement>,
}

/// How a challenge was closed without a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClosedHow {
    /// The challenged player declined.
    Declined,
    /// The challenger withdrew it.
    Cancelled,
    /// It expired.
    Expired,
    /// An admin called it off.
    Aborted,
}

/// A challenge closed without a game, and the refund.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeClosed {
    /// The challenge.
    pub challenge: Challenge,
    /// How.
    pub how: ClosedHow,
    /// What the challenger got back.
    pub refunded: u64,
}

/// A daily claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyClaim {
    /// What was added.
    pub amount: u64,
    /// The balance after it.
    pub balance: u64,
    /// When the next claim is allowed.
    pub next_at: Millis,
}

/// An admin grant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Granted {
    /// Who received it.
    pub user: UserId,
    /// How much.
    pub amount: u64,
    /// Their balance after it.
    pub balance: u64,
}

/// What an earlier request did: the result of a mutating operation, stored under the
/// request's id and returned again, unchanged, for a repeated request
/// ([`Store::receipt`](crate::Store::receipt)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", content = "result")]
pub enum Receipt {
    /// A challenge was made.
    Challenge(Challenge),
    /// A challenge was accepted: the game.
    Accept(Game),
    /// A challenge was declined, cancelled or expired.
    Closed(ChallengeClosed),
    /// A move was played.
    Move(MoveResult),
    /// A Martian Chess action was played.
    Act(ActResult),
    /// A game ended by resignation, agreement, time or abort.
    Finished(Settlement),
    /// A draw was offered or declined: the game after it.
    Game(Game),
    /// A daily allowance was claimed.
    Daily(DailyClaim),
    /// Money was granted.
    Grant(Granted),
    /// A server's settings changed: the new settings.
    Settings(Settings),
}

impl Receipt {
    /// The operation's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Receipt::Challenge(_) => "challenge",
            Receipt::Accept(_) => "accept",
            Receipt::Closed(_) => "decline, cancel or expiry",
            Receipt::Move(_) => "move",
            Receipt::Act(_) => "action",
            Receipt::Finished(_) => "game end",
            Receipt::Game(_) => "draw offer",
            Receipt::Daily(_) => "daily claim",
            Receipt::Grant(_) => "grant",
            Receipt::Settings(_) => "settings change",
        }
    }
}

/// One page of standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// How many players the server has in all.
    pub total: usize,
    /// `(rank, user, wallet)`, rank 1 first.
    pub rows: Vec<(usize, UserId, Wallet)>,
}

/// The order of standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StandingsOrder {
    /// Richest first (balance + escrow).
    Balance,
    /// Most won first.
    NetWon,
}
