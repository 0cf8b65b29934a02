//! The records the store keeps: wallets, challenges, games and their moves, finished
//! games, the ledger, the terms of a game and a server's settings. Plain data, with the
//! checks that read only the record itself; the policies that act on them live above
//! (`wager`, `settings`, `settle`, the game interface).

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::games::values::{GameOptions, Refusal};
pub use crate::schema::{GameKind, RatingPool, Record, Records, RuleEnding};
use crate::{
    BySeat, ChannelId, GameId, GuildId, Millis, RequestId, Result, Seat, StoreError, UserId,
};

/// The largest amount the store accepts anywhere (a stake, a price, a grant): 10^15. It
/// keeps every sum far from overflow; checked arithmetic guards the rest.
pub const MAX_AMOUNT: u64 = 1_000_000_000_000_000;

/// The length of a daily-allowance period: 24 hours from the last claim.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// A player's account on one server.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Wallet {
    /// Money the player can use.
    pub balance: u64,
    /// Money held for open challenges and games (stakes and piece reserves).
    pub escrow: u64,
    /// Games won (practice games do not count).
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Money won minus money lost in games (stakes and piece prices).
    pub net_won: i64,
    /// When the daily allowance was last claimed.
    pub last_daily: Option<Millis>,
    /// The player's rating in each pool they played a rated game in.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub ratings: std::collections::BTreeMap<RatingPool, Rating>,
    /// The rated games of the last 24 hours, by opponent and end: the farming guard
    /// ([`crate::ratings`]) rates at most a few games a day between the same two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rated_with: Vec<(UserId, Millis)>,
    /// Payments sent in the current 24-hour window, for the server's daily cap: when
    /// the window opened (the first payment after the last window closed) and how much.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent: Option<(Millis, u64)>,
}

/// A Glicko-2 rating (Glickman 2012): the rating, its deviation (how unsure it is) and
/// its volatility, and how many rated games made it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Rating {
    /// The rating; a new player starts at 1500.
    pub rating: f64,
    /// The rating deviation; a new player starts at 350.
    pub deviation: f64,
    /// The volatility; a new player starts at 0.06.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    /// A new player's: 1500 ± 350, volatility 0.06, no games.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
        }
    }
}

impl PartialEq for Rating {
    /// The same numbers, bit for bit (ratings are recomputed exactly by `verify`).
    fn eq(&self, other: &Rating) -> bool {
        self.rating.to_bits() == other.rating.to_bits()
            && self.deviation.to_bits() == other.deviation.to_bits()
            && self.volatility.to_bits() == other.volatility.to_bits()
            && self.games == other.games
    }
}

impl Eq for Rating {}

/// What a rated game did to its players' ratings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The pool.
    pub pool: RatingPool,
    /// Each side's rating before the game.
    pub before: BySeat<Rating>,
    /// And after it.
    pub after: BySeat<Rating>,
}

impl Wallet {
    /// Games finished with a result.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// An open challenge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Its id (the game keeps it if accepted).
    pub id: GameId,
    /// The server.
    pub guild: GuildId,
    /// The channel.
    pub channel: ChannelId,
    /// Who challenged.
    pub challenger: UserId,
    /// Who is challenged.
    pub challenged: UserId,
    /// The terms.
    pub terms: Terms,
    /// When it was made.
    pub created_at: Millis,
    /// When it expires.
    pub expires_at: Millis,
    /// The challenger's money held in escrow for it (stake + reserve).
    pub held: u64,
}

/// A game in progress (or, inside a [`FinishedGame`], as it ended).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The game id (the challenge's).
    pub id: GameId,
    /// The server.
    pub guild: GuildId,
    /// The channel: the game's own thread once it has one ([`Store::move_to_thread`]).
    ///
    /// [`Store::move_to_thread`]: crate::Store::move_to_thread
    pub channel: ChannelId,
    /// The channel the challenge was made in, when the game is played in a thread of
    /// its own (`channel`); `None`: the game is played where it was accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<ChannelId>,
    /// The players, by seat (stored as the fields `black` and `orange`, inline, for
    /// every game: see [`Seat`]).
    #[serde(flatten)]
    pub players: BySeat<UserId>,
    /// Who made the challenge.
    pub challenger: UserId,
    /// The terms.
    pub terms: Terms,
    /// The seed of the Manator duel stream (never shown to the players).
    pub seed: u64,
    /// The game's own records, first to last (its moves or actions), in the game's own
    /// kind of record. Empty in the stored heads: each record is its own entry in its
    /// game's tree.
    #[serde(flatten)]
    pub records: Records,
    /// The game's state string, in its rules' own notation (Jetan: the position string
    /// of RULES.md §9). A game with hidden information keeps it here too, so a state
    /// string is never shown as it is: each game's module says what may be shown.
    pub position: String,
    /// When the game started (the challenge was accepted).
    pub started_at: Millis,
    /// When the last move was played (the start, before the first move).
    pub last_move_at: Millis,
    /// Incremented by every change (moves, draw offers); a move names the version it was
    /// chosen against.
    pub version: u64,
    /// The player whose draw offer stands, if any.
    pub draw_offer: Option<UserId>,
    /// What each side still has in escrow for this game.
    pub escrow: BySeat<u64>,
    /// Money each side gained (+) or lost (−) in this game so far.
    pub net: BySeat<i64>,
    /// The last reminder the player to move was sent for the turn that started at
    /// `last_move_at` ([`Store::claim_reminders`](crate::Store::claim_reminders)); a mark
    /// of an earlier turn counts as none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminded: Option<Reminded>,
}

/// A reminder sent (see [`Game::reminded`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reminded {
    /// The start of the turn it was for (the game's `last_move_at` then).
    pub turn: Millis,
    /// The most urgent reminder sent for that turn.
    pub nudge: Nudge,
}

/// A reminder to the player to move, by how much of the move time is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nudge {
    /// Half of the move time is left.
    Half,
    /// A tenth of it is left.
    Tenth,
    /// It ran out: the opponent may claim, and the sweep settles the game at three
    /// times the move time.
    TimeUp,
}

impl Game {
    /// The player who was challenged (and accepted).
    pub fn challenged(&self) -> UserId {
        if self.challenger == self.players.first {
            self.players.second
        } else {
            self.players.first
        }
    }

    /// The player of a seat.
    pub fn player(&self, seat: Seat) -> UserId {
        self.players[seat]
    }

    /// What every move or action checks inside its transaction: that this is still the
    /// game `id` the player saw, of the kind the operation plays, at
    /// version `expected`, and that `user` plays in it; their side.
    pub(crate) fn check_target(
        &self,
        id: GameId,
        user: UserId,
        kind: GameKind,
        expected: u64,
    ) -> Result<Seat, StoreError> {
        if self.id != id {
            return Err(StoreError::GameReplaced);
        }
        let seat = self.seat_of(user).ok_or(StoreError::NotAPlayer)?;
        if self.terms.kind() != kind {
            return Err(StoreError::WrongGame {
                game: self.terms.kind(),
            });
        }
        if self.version != expected {
            return Err(StoreError::GameChanged {
                expected,
                current: self.version,
            });
        }
        Ok(seat)
    }

    /// A player's seat, if they play in this game.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.players.seat_of(&user)
    }

    /// The player to move.
    pub fn to_move(&self) -> UserId {
        self.player(self.turn())
    }

    /// The other player of the game.
    pub fn opponent_of(&self, user: UserId) -> Option<UserId> {
        self.seat_of(user).map(|s| self.player(s.other()))
    }

    /// When the player to move runs out of time, if the game has a move time limit.
    pub fn deadline(&self) -> Option<Millis> {
        self.terms
            .move_time_minutes
            .map(|m| self.last_move_at.saturating_add(u64::from(m) * 60_000))
    }
}

/// What a payment between players was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "for")]
pub enum PaymentKind {
    /// The price of a piece its owner lost (taken, or taken prisoner), named by its
    /// letter in its game's notation (the letter's case says whose it was).
    #[serde(alias = "prisoner")]
    Piece {
        /// The piece's letter.
        piece: char,
    },
    /// The loser's stake, to the winner.
    Stake,
}

/// Money one player paid another (from the payer's escrow to the receiver's balance).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    /// Who paid.
    pub from: UserId,
    /// Who received.
    pub to: UserId,
    /// How much.
    pub amount: u64,
    /// What for.
    #[serde(flatten)]
    pub kind: PaymentKind,
    /// Of `amount`, what the receiver's balance could not take under the server's
    /// maximum balance: taken out of circulation ([`EntryKind::OverLimit`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub over_limit: u64,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Escrow given back to its owner's balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Release {
    /// Whose.
    pub user: UserId,
    /// How much.
    pub amount: u64,
}

/// How a game ended, for the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum GameResult {
    /// One player won.
    Win {
        /// The winner.
        winner: UserId,
        /// The loser.
        loser: UserId,
    },
    /// Drawn.
    Draw,
    /// Stopped by an admin; stakes refunded, not counted.
    Aborted,
}

/// Why a game ended: by its rules, or by the host. Stored as the ending's name
/// (`princess_captured`, `resignation`), as every earlier version wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EndReason {
    /// The game's rules ended it.
    Rule(RuleEnding),
    /// The host ended it.
    Host(HostEnding),
}

/// The endings the host decides, the same for every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostEnding {
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// The player who had to act ran out of time.
    Time,
    /// An admin aborted the game.
    Aborted,
    /// A practice game nobody touched for its move time (no money, not counted).
    Abandoned,
}

impl EndReason {
    /// Whether the host decided this ending (resignation, agreement, time, abort,
    /// abandonment), not the rules.
    pub fn is_host_ending(self) -> bool {
        matches!(self, EndReason::Host(_))
    }

    /// The ending's name as stored (`princess_captured`, `resignation`): the key the
    /// core's message files name it by.
    pub fn name(self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(s)) => s,
            _ => unreachable!("an ending serializes as its name"),
        }
    }
}

impl From<HostEnding> for EndReason {
    fn from(h: HostEnding) -> EndReason {
        EndReason::Host(h)
    }
}

impl From<RuleEnding> for EndReason {
    fn from(r: RuleEnding) -> EndReason {
        EndReason::Rule(r)
    }
}

impl fmt::Display for HostEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HostEnding::Resignation => "resignation",
            HostEnding::Agreement => "draw by agreement",
            HostEnding::Time => "the time to move ran out",
            HostEnding::Aborted => "aborted by an admin",
            HostEnding::Abandoned => "abandoned: nobody played for the move time",
        })
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Rule(r) => r.fmt(f),
            EndReason::Host(h) => h.fmt(f),
        }
    }
}

/// The money side of a game's end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    /// The game.
    pub game_id: GameId,
    /// The channel.
    pub channel: ChannelId,
    /// The server.
    #[serde(default)]
    pub guild: GuildId,
    /// The channel the challenge was made in, when the game was played in a thread of
    /// its own (`channel`): its result is also told there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<ChannelId>,
    /// The players.
    pub players: BySeat<UserId>,
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub reason: EndReason,
    /// When.
    pub ended_at: Millis,
    /// Payments made at the end (the loser's stake to the winner).
    pub payments: Vec<Payment>,
    /// Escrow given back (stakes returned and unused piece reserves).
    pub released: Vec<Release>,
    /// Each side's money gained (+) or lost (−) over the whole game.
    pub net: BySeat<i64>,
    /// What the game did to the players' ratings, if it was rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingChange>,
}

/// A finished game in the archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The whole game record as it ended (`game.position` is the final position).
    pub game: Game,
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub reason: EndReason,
    /// When.
    pub ended_at: Millis,
    /// Each side's money gained (+) or lost (−) over the game.
    pub net: BySeat<i64>,
    /// The admin's reason, for an aborted game.
    #[serde(default)]
    pub note: Option<String>,
    /// What the game did to the players' ratings, if it was rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingChange>,
}

/// The kinds of money movement in the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A new wallet's starting grant (new money).
    StartingGrant,
    /// An admin grant (new money).
    Grant,
    /// A daily allowance (new money).
    Daily,
    /// An admin took money away (money removed: a negative entry).
    Take,
    /// Balance into escrow for a challenge or a game.
    Escrow,
    /// Escrow back to the balance at a game's end (stake returned, reserve unused).
    Release,
    /// Escrow back to the balance because a challenge or game was called off.
    Refund,
    /// A stake paid from the loser's escrow (negative entry) to the winner's balance
    /// (positive entry).
    Payout,
    /// A piece price paid from the loser's escrow to the opponent's balance.
    PiecePrice,
    /// Winnings (a stake or a piece price won) above the server's maximum balance: taken
    /// out of circulation (money removed: a negative entry), so the balance stops at
    /// the maximum. Never one's own escrow coming back.
    OverLimit,
    /// An admin reset a wallet: its whole balance removed (money removed: a negative
    /// entry; escrow stays with its games).
    Reset,
    /// A payment between two players (`/jetan pay`): from the payer's balance (negative
    /// entry) to the receiver's balance (positive entry), one request, one pair.
    Payment,
    /// An admin purged the wallet of a member who left the server: its whole balance
    /// removed (money removed: a negative entry), only with nothing in escrow.
    Purge,
}

impl EntryKind {
    /// Its name as stored (`starting_grant`, `payment`, …).
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::StartingGrant => "starting_grant",
            EntryKind::Grant => "grant",
            EntryKind::Daily => "daily",
            EntryKind::Take => "take",
            EntryKind::Escrow => "escrow",
            EntryKind::Release => "release",
            EntryKind::Refund => "refund",
            EntryKind::Payout => "payout",
            EntryKind::PiecePrice => "piece_price",
            EntryKind::OverLimit => "over_limit",
            EntryKind::Payment => "payment",
            EntryKind::Reset => "reset",
            EntryKind::Purge => "purge",
        }
    }

    /// Whether the entry takes money out of circulation (an admin's take or reset,
    /// winnings above the maximum balance): a negative entry of the conservation law.
    pub fn removes_money(self) -> bool {
        matches!(
            self,
            EntryKind::Take | EntryKind::OverLimit | EntryKind::Reset | EntryKind::Purge
        )
    }

    /// Whether the entry creates money (the conservation law's right-hand side).
    pub fn is_new_money(self) -> bool {
        matches!(
            self,
            EntryKind::StartingGrant
                | EntryKind::Grant
                | EntryKind::Daily
                | EntryKind::Take
                | EntryKind::OverLimit
                | EntryKind::Reset
                | EntryKind::Purge
        )
    }
}

/// One line of the ledger: a change to one wallet's balance and escrow. A movement
/// between two players is two entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// Its sequence number (ledger order).
    pub seq: u64,
    /// The server.
    pub guild: GuildId,
    /// Whose wallet.
    pub user: UserId,
    /// What kind.
    pub kind: EntryKind,
    /// Change to the balance.
    pub balance_delta: i64,
    /// Change to the escrow.
    pub escrow_delta: i64,
    /// The game (or challenge) it belongs to.
    pub game: Option<GameId>,
    /// The request that caused it (`None` for expiry sweeps).
    pub request: Option<RequestId>,
    /// When.
    pub at: Millis,
    /// A few words for humans.
    pub reason: String,
}

/// Who moves first, as the challenger chose it (relative to the challenger: the core's
/// `first: me | opponent | random`). For `Random`, [`Store::accept`](crate::Store::accept)
/// tosses the coin inside its transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstMover {
    /// The challenger moves first.
    #[default]
    Challenger,
    /// The challenged player moves first.
    Challenged,
    /// Decided by a coin toss at accept time.
    Random,
}

/// The terms of a game: what the players agreed to when the challenge was accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// Which game, with the options that game lets a challenge choose (Jetan: its
    /// variant and board). Stored inline, as `"game"` and the game's own fields; records
    /// written before there were two games read as Jetan.
    #[serde(flatten)]
    pub game: GameOptions,
    /// Each player's stake; the winner takes both.
    pub stake: u64,
    /// The price per point of piece value: losing a Dwar (3) costs `3 × piece_price`,
    /// paid to the opponent at once.
    pub piece_price: u64,
    /// Who moves first.
    pub first: FirstMover,
    /// The longest a player may think over one move, in minutes; `None` for no limit
    /// (games started before move times were the rule).
    pub move_time_minutes: Option<u32>,
    /// A game against the computer: no money (stake and price must be 0), not counted in
    /// the wins, losses and draws.
    pub practice: bool,
    /// A casual game: not rated (challenges are rated unless they say `casual`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub casual: bool,
}

/// A server's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// What a new player's wallet starts with.
    pub starting_grant: u64,
    /// What a daily claim adds.
    pub daily_allowance: u64,
    /// The currency's name, plural ("coins").
    pub currency: String,
    /// The piece price a challenge uses when the challenger names none.
    pub default_piece_price: u64,
    /// The stake a challenge uses when the challenger names none.
    pub default_stake: u64,
    /// How long a challenge stays open, in milliseconds.
    pub challenge_expiry_ms: u64,
    /// The channels where games may be played; empty means every channel not in
    /// `denied_channels`.
    pub allowed_channels: Vec<ChannelId>,
    /// The channels where games may not be played.
    #[serde(default)]
    pub denied_channels: Vec<ChannelId>,
    /// The move time of a game whose challenge names none, in milliseconds.
    #[serde(default = "default_move_time_ms")]
    pub move_time_ms: u64,
    /// The language of the server's public messages (`en`, `es`); `None`: the server's
    /// preferred locale as Discord sends it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The server's preferred locale as Discord last sent it (`es-ES`, `en-US`), kept so
    /// that the bot's own posts after a restart speak the server's language when
    /// `language` is unset. Written by
    /// [`Store::remember_guild_locale`](crate::Store::remember_guild_locale) only when it
    /// changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discord_locale: Option<String>,
    /// The largest stake a challenge may name (0: no limit but the store's own).
    #[serde(default)]
    pub max_stake: u64,
    /// The largest piece price a challenge may name (0: no limit).
    #[serde(default)]
    pub max_piece_price: u64,
    /// The largest balance the daily allowance, winnings and payments received may
    /// bring a wallet to (0: no limit). Winnings above it are taken out of circulation
    /// ([`EntryKind::OverLimit`]); a payment above it is refused.
    #[serde(default)]
    pub max_balance: u64,
    /// The most a member may pay others in 24 hours (0: no limit).
    #[serde(default)]
    pub daily_pay_cap: u64,
    /// How old, in days, a member's Discord account must be before they may pay or
    /// stake (0: any age). The core reads the age from the account's id.
    #[serde(default)]
    pub min_account_days: u64,
    /// How many finished games (not practice) a member must have played before they
    /// may pay or stake (0: none).
    #[serde(default)]
    pub min_games: u64,
    /// The channel where the bot posts one line for every admin grant, take, abort and
    /// settings change, every payment and every game pot above `audit_pot`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audit_channel: Option<ChannelId>,
    /// A finished game is posted in the audit channel when more than this changed hands
    /// in it (its winner's net; 0: every game that moved money).
    #[serde(default)]
    pub audit_pot: u64,
    /// Whether an accepted game is played in a thread of its own, opened from the
    /// challenge message, where the bot may open one (on unless an admin turned it off).
    #[serde(default = "yes")]
    pub threads: bool,
    /// Whether the player to move is reminded when half and a tenth of the move time
    /// are left, and when it ran out (on unless an admin turned it off).
    #[serde(default = "yes")]
    pub reminders: bool,
    /// Whether games with rule options (a Jetan rules string other than `standard`)
    /// may be rated, each rules string in a pool of its own (off unless an admin turned
    /// it on: such games are casual). Written only when on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated_options: bool,
    /// Who may create tournaments: members with Manage Server (the default) or anyone.
    /// Written only when not the default.
    #[serde(default, skip_serializing_if = "TournamentCreators::is_default")]
    pub tournaments: TournamentCreators,
}

/// Who may create a server's tournaments ([`Settings::tournaments`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentCreators {
    /// Members with Manage Server.
    #[default]
    Managers,
    /// Any member.
    Anyone,
}

impl TournamentCreators {
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
    fn is_default(&self) -> bool {
        *self == TournamentCreators::Managers
    }
}

fn yes() -> bool {
    true
}

/// The default move time: one day.
pub const DEFAULT_MOVE_TIME_MS: u64 = DAY_MS;

fn default_move_time_ms() -> u64 {
    DEFAULT_MOVE_TIME_MS
}

impl Default for Settings {
    /// 1000 coins to start, 100 a day, no default stake, price 1, challenges open 10 minutes.
    fn default() -> Settings {
        Settings {
            starting_grant: 1000,
            daily_allowance: 100,
            currency: "coins".into(),
            default_piece_price: 1,
            default_stake: 0,
            challenge_expiry_ms: 10 * 60 * 1000,
            allowed_channels: Vec::new(),
            denied_channels: Vec::new(),
            move_time_ms: DEFAULT_MOVE_TIME_MS,
            language: None,
            discord_locale: None,
            max_stake: 0,
            max_piece_price: 0,
            max_balance: 0,
            daily_pay_cap: 0,
            min_account_days: 0,
            min_games: 0,
            audit_channel: None,
            audit_pot: 0,
            threads: true,
            reminders: true,
            rated_options: false,
            tournaments: TournamentCreators::Managers,
        }
    }
}
