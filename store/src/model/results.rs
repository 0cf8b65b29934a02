//! What the store's operations take and return: the request stamp, the result of each
//! kind of operation, the receipts stored under request ids, pages of standings.

use serde::{Deserialize, Serialize};

use super::records::*;
use crate::{ChannelId, GameId, Millis, RequestId, TournamentId, UserId};

/// An answer still to announce (the outbox), whose delivery the bot has not yet seen
/// confirmed: the stored result of request `request`, made by `user` at `at`; or, with
/// `tournament`, a tournament's news that the transaction pairing its round (or
/// finishing it) wrote, `user` its organiser. A process that starts announces the ones
/// of its servers ([`crate::Store::pending_announcements`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The request whose result it is (0 for a tournament's news).
    pub request: RequestId,
    /// Who made it.
    pub user: UserId,
    /// When.
    pub at: Millis,
    /// A tournament's news rather than a request's answer (entries written before
    /// tournaments had news have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentNews>,
}

impl Pending {
    /// Its key in the outbox.
    pub fn key(&self) -> OutboxKey {
        match self.tournament {
            Some(news) => OutboxKey::Tournament(news),
            None => OutboxKey::Request(self.request),
        }
    }
}

/// What a tournament owes its channel: round `round` paired (its pairings posted and
/// a thread opened for each game), or, for round [`TournamentNews::FINAL`], the final
/// standings. Written into the outbox by the transaction that pairs the round or
/// finishes the event, removed once the bot has delivered it: a crash in between
/// delivers it after the restart, and it is delivered once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TournamentNews {
    /// The event.
    pub tournament: TournamentId,
    /// The round paired (1-based), or [`TournamentNews::FINAL`].
    pub round: usize,
}

impl TournamentNews {
    /// The "round" of the final standings.
    pub const FINAL: usize = 0;

    /// Whether it is the final standings.
    pub fn is_final(self) -> bool {
        self.round == Self::FINAL
    }
}

/// An entry of the outbox: a request's answer or a tournament's news.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OutboxKey {
    /// The answer to a request.
    Request(RequestId),
    /// A tournament's news.
    Tournament(TournamentNews),
}

impl From<RequestId> for OutboxKey {
    fn from(r: RequestId) -> OutboxKey {
        OutboxKey::Request(r)
    }
}

impl From<TournamentNews> for OutboxKey {
    fn from(n: TournamentNews) -> OutboxKey {
        OutboxKey::Tournament(n)
    }
}

impl OutboxKey {
    /// Its key bytes: a request's id (8 bytes), a tournament's id and round (16 bytes),
    /// so that the two never meet.
    pub(crate) fn bytes(self) -> Vec<u8> {
        match self {
            OutboxKey::Request(r) => crate::codec::key1(r).to_vec(),
            OutboxKey::Tournament(n) => crate::codec::key2(n.tournament, n.round as u64).to_vec(),
        }
    }
}

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
    /// Whether its result goes into the outbox ([`Pending`]) until the bot announces it;
    /// `false` for an operation whose answer another request announces (the computer's
    /// own acceptance of a practice game, its moves: posted by the bot itself).
    pub announce: bool,
}

impl Stamp {
    /// A stamp, announced.
    pub const fn new(id: RequestId, user: UserId, now: Millis) -> Stamp {
        Stamp {
            id,
            user,
            now,
            announce: true,
        }
    }

    /// The same stamp, kept out of the outbox.
    #[must_use]
    pub const fn unannounced(self) -> Stamp {
        Stamp {
            announce: false,
            ..self
        }
    }
}

/// What one action did in a game of any kind: a Jetan move
/// ([`Store::play`](crate::Store::play)), another game's action, or an action the host
/// played for a player out of time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayResult {
    /// The game.
    pub game_id: GameId,
    /// Its channel.
    #[serde(default)]
    pub channel: ChannelId,
    /// The action, as recorded (in its game's own kind of record).
    #[serde(alias = "mv", alias = "action")]
    pub record: Record,
    /// Who played it (for an action the host played: the player it was played for).
    pub by: UserId,
    /// The game's version after it.
    pub version: u64,
    /// How many records the game had before this one (0 for the first).
    #[serde(default)]
    pub ply: u32,
    /// The state string before the action (a state with hidden information in it is
    /// for the game's module to read, never to show).
    #[serde(default)]
    pub before: String,
    /// The state string after it.
    #[serde(alias = "position")]
    pub after: String,
    /// Whether the action started a countdown of the game's rules (Jetan's ten-move
    /// rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub countdown_started: bool,
    /// Piece prices paid for the pieces the action cost their owners.
    pub payments: Vec<Payment>,
    /// What those prices should have paid and did not, their payer's piece reserve
    /// being spent (or short).
    #[serde(default)]
    pub unpaid: u64,
    /// Whether the action cleared the opponent's draw offer.
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

/// What an admin purge did ([`Store::purge`](crate::Store::purge)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purged {
    /// The wallets zeroed, `(user, amount removed)`, in user order.
    pub purged: Vec<(UserId, u64)>,
    /// Departed members whose wallets were left as they are because money of theirs is
    /// in escrow (a challenge or game still running), `(user, escrow)`.
    pub kept: Vec<(UserId, u64)>,
}

impl Purged {
    /// The money removed in all.
    pub fn total(&self) -> u64 {
        self.purged.iter().map(|(_, a)| a).sum()
    }
}

/// A payment from one player to another ([`Store::pay`](crate::Store::pay)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paid {
    /// Who paid.
    pub from: UserId,
    /// Who received it.
    pub to: UserId,
    /// How much.
    pub amount: u64,
    /// The payer's note (may be empty).
    pub note: String,
    /// The payer's balance after it.
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
    /// An action was played (earlier versions stored it as `move` or `act`, by game).
    #[serde(alias = "move", alias = "act")]
    Play(PlayResult),
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
    /// A player paid another.
    Pay(Paid),
    /// An admin reset a wallet: `amount` is what was removed.
    Reset(Granted),
    /// An admin purged the wallets of departed members.
    Purge(Purged),
}

impl Receipt {
    /// The operation's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Receipt::Challenge(_) => "challenge",
            Receipt::Accept(_) => "accept",
            Receipt::Closed(_) => "decline, cancel or expiry",
            Receipt::Play(_) => "move",
            Receipt::Finished(_) => "game end",
            Receipt::Game(_) => "draw offer",
            Receipt::Daily(_) => "daily claim",
            Receipt::Grant(_) => "grant",
            Receipt::Settings(_) => "settings change",
            Receipt::Pay(_) => "payment",
            Receipt::Reset(_) => "reset",
            Receipt::Purge(_) => "purge",
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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StandingsOrder {
    /// Richest first (balance + escrow).
    Balance,
    /// Most won first.
    NetWon,
    /// Highest rating in a pool first, among the players with at least
    /// [`MIN_RATED_GAMES`] rated games in it.
    Rating(RatingPool),
}

/// How many rated games a player needs in a pool to be ranked by rating there.
pub const MIN_RATED_GAMES: u32 = 3;
