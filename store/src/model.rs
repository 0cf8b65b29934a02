//! The records the store keeps and the results its operations return.

use std::fmt;

use jetan_rules::{ByColor, Color, Piece, Position, Square};
use serde::{Deserialize, Serialize};

pub use crate::settings::{Settings, SettingsChange, DEFAULT_MOVE_TIME_MS};
pub use crate::wager::{FirstMover, GameKind, Terms};
use crate::{ChannelId, GameId, GuildId, Millis, RequestId, Result, StoreError, UserId};

/// The largest amount the store accepts anywhere (a stake, a price, a grant): 10^15. It
/// keeps every sum far from overflow; checked arithmetic guards the rest.
pub const MAX_AMOUNT: u64 = 1_000_000_000_000_000;

/// The length of a daily-allowance period: 24 hours from the last claim.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

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

/// One move of a game, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece removed (the captured piece, or in Manator the loser of the duel).
    #[serde(default)]
    pub killed: Option<Piece>,
    /// In Manator, when the move attacked: whether the attacker won the duel.
    #[serde(default)]
    pub duel: Option<bool>,
    /// When it was played.
    pub at: Millis,
}

impl fmt::Display for MoveRecord {
    /// `e2-e3`, `b1xd3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.killed.is_some() { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}

/// One action of a Martian Chess game, as stored (MARTIAN_CHESS.md §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// Who acted: `w` (White, the first mover: [`Game::black`]) or `b`.
    #[serde(with = "martian_side")]
    pub player: martian_chess::Color,
    /// The action (its text, `e2-e4`, `play AS`, `end`).
    pub action: martian_chess::Action,
    /// Played by the bot for a battle player whose time ran out (their lowest card).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timeout: bool,
    /// When it was played.
    pub at: Millis,
}

/// A Martian Chess colour as `w` / `b`.
mod martian_side {
    use martian_chess::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(c.char())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let c = char::deserialize(d)?;
        Color::from_char(c)
            .ok_or_else(|| serde::de::Error::custom(format!("not a side: {c:?} (w or b)")))
    }
}

/// The seat of a Martian Chess colour in a [`Game`]: White moves first, so it sits where
/// Jetan's first mover does ([`Color::Black`], [`Game::black`]); Black is
/// [`Color::Orange`].
pub fn martian_seat(c: martian_chess::Color) -> Color {
    match c {
        martian_chess::Color::White => Color::Black,
        martian_chess::Color::Black => Color::Orange,
    }
}

/// The Martian Chess colour of a seat (the inverse of [`martian_seat`]).
pub fn martian_side(seat: Color) -> martian_chess::Color {
    match seat {
        Color::Black => martian_chess::Color::White,
        Color::Orange => martian_chess::Color::Black,
    }
}

/// A game in progress (or, inside a [`FinishedGame`], as it ended).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The game id (the challenge's).
    pub id: GameId,
    /// The server.
    pub guild: GuildId,
    /// The channel.
    pub channel: ChannelId,
    /// The player of Black, who moved first.
    pub black: UserId,
    /// The player of Orange.
    pub orange: UserId,
    /// Who made the challenge.
    pub challenger: UserId,
    /// The terms.
    pub terms: Terms,
    /// The seed of the Manator duel stream (never shown to the players).
    pub seed: u64,
    /// Every move, first to last (Jetan).
    pub moves: Vec<MoveRecord>,
    /// Every action, first to last (Martian Chess).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionRecord>,
    /// The current position string (RULES.md §9), or for Martian Chess the state string
    /// (the `martian-chess` crate's: it holds both hands and the deck, so it is never
    /// shown to players; [`Game::martian_state`] reads it).
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
    pub escrow: ByColor<u64>,
    /// Money each side gained (+) or lost (−) in this game so far.
    pub net: ByColor<i64>,
}

impl Game {
    /// The player who was challenged (and accepted).
    pub fn challenged(&self) -> UserId {
        if self.challenger == self.black {
            self.orange
        } else {
            self.black
        }
    }

    /// The player of a side.
    pub fn player(&self, color: Color) -> UserId {
        match color {
            Color::Black => self.black,
            Color::Orange => self.orange,
        }
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
    ) -> Result<Color, StoreError> {
        if self.id != id {
            return Err(StoreError::GameReplaced);
        }
        let color = self.color_of(user).ok_or(StoreError::NotAPlayer)?;
        if self.terms.game != kind {
            return Err(StoreError::WrongGame {
                game: self.terms.game,
            });
        }
        if self.version != expected {
            return Err(StoreError::GameChanged {
                expected,
                current: self.version,
            });
        }
        Ok(color)
    }

    /// A player's side, if they play in this game.
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        if user == self.black {
            Some(Color::Black)
        } else if user == self.orange {
            Some(Color::Orange)
        } else {
            None
        }
    }

    /// The seat that must act now, as the game's rules say (in Martian Chess during a
    /// battle, the player whose card is awaited). A state that does not read (a damaged
    /// record, which `verify` reports) counts as the first mover's turn.
    pub fn turn(&self) -> Color {
        crate::games::clock(self)
            .ok()
            .and_then(crate::games::Clock::seat)
            .unwrap_or(Color::Black)
    }

    /// Whether this is a game of Martian Chess.
    pub fn is_martian(&self) -> bool {
        self.terms.game == GameKind::MartianChess
    }

    /// The Martian Chess state (hidden cards included: never show it as is).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored state string does not read.
    pub fn martian_state(&self) -> Result<martian_chess::State> {
        crate::games::read_state(self)
    }

    /// The player of a Martian Chess colour.
    pub fn martian_player(&self, c: martian_chess::Color) -> UserId {
        self.player(martian_seat(c))
    }

    /// The player to move.
    pub fn to_move(&self) -> UserId {
        self.player(self.turn())
    }

    /// The other player of the game.
    pub fn opponent_of(&self, user: UserId) -> Option<UserId> {
        self.color_of(user).map(|c| self.player(c.other()))
    }

    /// The current position.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored position string does not read.
    pub fn position(&self) -> Result<Position> {
        crate::games::jetan::position(self)
    }

    /// How many Manator duels were fought so far (each used one number of the stream).
    pub fn duels(&self) -> usize {
        self.moves.iter().filter(|m| m.duel.is_some()).count()
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
    /// The price of a lost piece.
    Piece {
        /// The piece lost.
        piece: Piece,
    },
    /// The loser's stake, to the winner.
    Stake,
    /// Martian Chess: the price of a piece taken prisoner (its letter, upper case
    /// White: `Q`, `n`; a promoted piece pays as a pawn).
    Prisoner {
        /// The piece's letter.
        piece: char,
    },
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

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A piece took the enemy Princess.
    PrincessCaptured,
    /// A Chief took the enemy Chief.
    ChiefTakesChief,
    /// A Chief was taken by a lesser piece (draw).
    ChiefCaptured,
    /// The player to move had no legal move (draw).
    NoLegalMoves,
    /// Martian Chess: a battle against the enemy King was won.
    KingCaptured,
    /// Martian Chess: a King attacked and lost its battle (its side loses).
    KingLostAttack,
    /// Martian Chess: 50 turns in a row without an attack, a pawn move or a paradrop
    /// (draw).
    QuietTurns,
    /// The ten-move countdown ran out (draw).
    TenMoveRule,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// The player to move ran out of time.
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
        matches!(
            self,
            EndReason::Resignation
                | EndReason::Agreement
                | EndReason::Time
                | EndReason::Aborted
                | EndReason::Abandoned
        )
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::PrincessCaptured => "the Princess was captured",
            EndReason::ChiefTakesChief => "a Chief took the enemy Chief",
            EndReason::ChiefCaptured => "a Chief was taken by a lesser piece",
            EndReason::NoLegalMoves => "the player to move had no legal move",
            EndReason::KingCaptured => "the King was captured",
            EndReason::KingLostAttack => "a King lost its own attack",
            EndReason::QuietTurns => "50 turns without an attack, a pawn move or a paradrop",
            EndReason::TenMoveRule => "the ten-move countdown ran out",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "draw by agreement",
            EndReason::Time => "the time to move ran out",
            EndReason::Aborted => "aborted by an admin",
            EndReason::Abandoned => "abandoned: nobody played for the move time",
        })
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
    /// The players.
    pub players: ByColor<UserId>,
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
    pub net: ByColor<i64>,
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
    pub net: ByColor<i64>,
    /// The admin's reason, for an aborted game.
    #[serde(default)]
    pub note: Option<String>,
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
}

impl EntryKind {
    /// Whether the entry creates money (the conservation law's right-hand side).
    pub fn is_new_money(self) -> bool {
        matches!(
            self,
            EntryKind::StartingGrant | EntryKind::Grant | EntryKind::Daily | EntryKind::Take
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
/// Martian Chess action list, in the `martian_actions` tree) left
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
    /// Splits a game with its moves (or Martian Chess actions) into the head, the moves
    /// and the actions. `plies` counts the game's records in whichever tree holds them.
    pub fn split(mut game: Game) -> (GameHead, Vec<MoveRecord>, Vec<ActionRecord>) {
        let moves = std::mem::take(&mut game.moves);
        let actions = std::mem::take(&mut game.actions);
        let head = GameHead {
            plies: u32::try_from(moves.len().max(actions.len())).unwrap_or(u32::MAX),
            duels: u32::try_from(moves.iter().filter(|m| m.duel.is_some()).count())
                .unwrap_or(u32::MAX),
            game,
        };
        (head, moves, actions)
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

#[cfg(test)]
mod format_tests {
    use super::*;

    /// Records keep the JSON they had before the rules' own serde replaced the store's
    /// codec adapters: squares as `e2`, pieces as their position-string letter.
    #[test]
    fn move_records_keep_their_json() {
        let rec = MoveRecord {
            from: "e2".parse().unwrap(),
            to: "e3".parse().unwrap(),
            piece: Piece::from_char('N').unwrap(),
            killed: Piece::from_char('d'),
            duel: Some(true),
            at: 7,
        };
        let json = serde_json::to_string(&rec).unwrap();
        assert_eq!(
            json,
            r#"{"from":"e2","to":"e3","piece":"N","killed":"d","duel":true,"at":7}"#
        );
        assert_eq!(serde_json::from_str::<MoveRecord>(&json).unwrap(), rec);
        let old_without_kill = r#"{"from":"e2","to":"e3","piece":"N","at":7}"#;
        assert_eq!(
            serde_json::from_str::<MoveRecord>(old_without_kill)
                .unwrap()
                .killed,
            None
        );
    }
}
