//! What a tournament stores: its settings, the players in join order, the rounds and
//! their pairings with games and results, the pot and where its money went. Plain data,
//! with the conversions to and from the pairing crate's `Event`.

use serde::{Deserialize, Serialize};

use jetan_pairing::{Event, Format, Outcome, Pairing, Settings};

use crate::model::{GameResult, Settlement, Terms};
use crate::{ChannelId, GameId, GuildId, Millis, TournamentId, UserId};

/// The pairing system, as stored (the pairing crate's [`Format`], which has no serde).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "system")]
pub enum TournamentFormat {
    /// Swiss over a fixed number of rounds.
    Swiss {
        /// How many rounds.
        rounds: u32,
    },
    /// Everyone meets everyone once (twice with `double`, seats swapped).
    RoundRobin {
        /// Two cycles.
        double: bool,
    },
}

impl From<TournamentFormat> for Format {
    fn from(f: TournamentFormat) -> Format {
        match f {
            TournamentFormat::Swiss { rounds } => Format::Swiss { rounds },
            TournamentFormat::RoundRobin { double } => Format::RoundRobin { double },
        }
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum TournamentState {
    /// Players may join and leave.
    Open,
    /// Round `round` (1-based) is being played.
    Running {
        /// The current round.
        round: usize,
    },
    /// Every round was played (or no more could be paired) and the pot was paid.
    Finished,
    /// The organiser called it off; every entry fee was refunded.
    Cancelled,
}

impl TournamentState {
    /// Its name, for messages: "open", "running", "finished", "cancelled".
    pub fn name(self) -> &'static str {
        match self {
            TournamentState::Open => "open",
            TournamentState::Running { .. } => "running",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }
}

/// The result of one pairing. The seats are the game's: `first` plays seat 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
    /// The first player won over the board.
    FirstWins,
    /// The second player won over the board.
    SecondWins,
    /// Drawn.
    Draw,
    /// The second player forfeited.
    FirstWinsByForfeit,
    /// The first player forfeited.
    SecondWinsByForfeit,
    /// Neither played.
    DoubleForfeit,
    /// A pairing without a game (Swiss: one point; round robin: none).
    Bye,
}

impl BoardResult {
    /// The pairing crate's outcome (`None` for a bye).
    pub fn outcome(self) -> Option<Outcome> {
        Some(match self {
            BoardResult::FirstWins => Outcome::FirstWins,
            BoardResult::SecondWins => Outcome::SecondWins,
            BoardResult::Draw => Outcome::Draw,
            BoardResult::FirstWinsByForfeit => Outcome::FirstWinsByForfeit,
            BoardResult::SecondWinsByForfeit => Outcome::SecondWinsByForfeit,
            BoardResult::DoubleForfeit => Outcome::DoubleForfeit,
            BoardResult::Bye => return None,
        })
    }

    /// The forfeit win of the player who did not forfeit (`first_forfeits`: the first
    /// player is the one who did).
    pub fn forfeit(first_forfeits: bool) -> BoardResult {
        if first_forfeits {
            BoardResult::SecondWinsByForfeit
        } else {
            BoardResult::FirstWinsByForfeit
        }
    }
}

/// One pairing of a round: a game between `first` and `second`, or a bye (`second`
/// `None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Seat 1 (for a bye: the player who has it).
    pub first: UserId,
    /// Seat 2; `None` for a bye.
    pub second: Option<UserId>,
    /// The game, once started ([`crate::Store::start_pairing_game`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    /// Where the game is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channel: Option<ChannelId>,
    /// The result, once known (a bye's at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<BoardResult>,
    /// Games of this pairing an admin aborted (they count for nothing; the pairing can
    /// be started again or adjudicated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aborted: Vec<GameId>,
}

impl Board {
    /// Whether `user` plays on this board.
    pub fn has(&self, user: UserId) -> bool {
        self.first == user || self.second == Some(user)
    }

    /// Whether it is a bye.
    pub fn is_bye(&self) -> bool {
        self.second.is_none()
    }
}

/// A player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Who.
    pub user: UserId,
    /// When they joined.
    pub joined_at: Millis,
    /// Their entry fee, held in their wallet's escrow until it is refunded or paid into
    /// the prizes (0 once it was).
    pub held: u64,
    /// They left the event after its start (withdrew, or the organiser removed them):
    /// never paired again, no prize.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// The organiser removed them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
}

/// A prize paid at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    /// Who.
    pub user: UserId,
    /// Their place (shared places: the best of the places covered).
    pub place: usize,
    /// How much of the pot.
    pub amount: u64,
    /// Of `amount`, what the server's maximum balance took out of circulation.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub over_limit: u64,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A tournament on one server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Its id (from the store's id sequence).
    pub id: TournamentId,
    /// The server.
    pub guild: GuildId,
    /// The channel it was created in (its games' threads hang from it).
    pub channel: ChannelId,
    /// Who created it and runs it.
    pub organiser: UserId,
    /// Its name.
    pub name: String,
    /// Swiss or round robin.
    pub format: TournamentFormat,
    /// The most players who may join.
    pub max_players: u32,
    /// What each player pays into the pot on joining.
    pub entry_fee: u64,
    /// The pot's shares by place, in percent (adding up to 100).
    pub prizes: Vec<u32>,
    /// The terms of every game (stake 0: a tournament game is played for no stake of
    /// its own; a piece price if the organiser set one).
    pub terms: Terms,
    /// Where it stands.
    #[serde(flatten)]
    pub state: TournamentState,
    /// The players, in join order: the initial order of the pairings.
    pub players: Vec<Entrant>,
    /// Every round paired so far, boards best first.
    pub rounds: Vec<Vec<Board>>,
    /// The entry fees held in escrow now (the sum of the players' `held`).
    pub pot: u64,
    /// Every entry fee ever paid in.
    pub fees_in: u64,
    /// Entry fees refunded (leaves, removals before the start, a cancellation).
    pub refunded: u64,
    /// Prizes paid out.
    pub paid_out: u64,
    /// The prizes, once paid.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub payouts: Vec<Prize>,
    /// When it was created.
    pub created_at: Millis,
    /// When it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<Millis>,
    /// When it finished or was cancelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<Millis>,
    /// The organiser's reason, for a cancelled event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Tournament {
    /// The pairing crate's settings.
    pub fn settings(&self) -> Settings {
        Settings {
            format: self.format.into(),
            max_players: self.max_players,
        }
    }

    /// The event as the pairing crate reads it: players in join order, withdrawals,
    /// every round with the results known.
    pub fn event(&self) -> Event {
        Event {
            settings: self.settings(),
            players: self.players.iter().map(|e| e.user.get()).collect(),
            rounds: self
                .rounds
                .iter()
                .map(|r| r.iter().map(to_pairing).collect())
                .collect(),
            withdrawn: self
                .players
                .iter()
                .filter(|e| e.withdrawn)
                .map(|e| e.user.get())
                .collect(),
        }
    }

    /// The standings as they are (unfinished games count for nothing yet).
    ///
    /// # Errors
    /// [`jetan_pairing::PairingError::InvalidEvent`] for a damaged record.
    pub fn standings(&self) -> Result<Vec<jetan_pairing::Standing>, jetan_pairing::PairingError> {
        jetan_pairing::standings(&self.event())
    }

    /// How many rounds the event has with its players.
    pub fn total_rounds(&self) -> usize {
        self.settings().total_rounds(self.players.len())
    }

    /// A player's entry.
    pub fn entrant(&self, user: UserId) -> Option<&Entrant> {
        self.players.iter().find(|e| e.user == user)
    }

    /// The current round (1-based) while running.
    pub fn current_round(&self) -> Option<usize> {
        match self.state {
            TournamentState::Running { round } => Some(round),
            _ => None,
        }
    }
}

fn to_pairing(b: &Board) -> Pairing {
    match b.second {
        None => Pairing::Bye {
            player: b.first.get(),
        },
        Some(second) => Pairing::Game {
            first: b.first.get(),
            second: second.get(),
            outcome: b.result.and_then(BoardResult::outcome),
        },
    }
}

/// A board from the pairing crate's pairing (a bye has its result at once).
pub(crate) fn from_pairing(p: &Pairing) -> Board {
    let (first, second) = match *p {
        Pairing::Bye { player } => (player, None),
        Pairing::Game { first, second, .. } => (first, Some(UserId(second))),
    };
    Board {
        first: UserId(first),
        second,
        game: None,
        channel: None,
        result: second.is_none().then_some(BoardResult::Bye),
        aborted: Vec::new(),
    }
}

/// A tournament game, as the index `tournament_games` keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round (1-based).
    pub round: usize,
    /// The board (1-based).
    pub board: usize,
}

/// What a tournament operation did: the tournament after it, and the games it ended
/// (a cancellation's aborts, a withdrawal's resignation, an adjudication), to announce.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentUpdate {
    /// The tournament as the operation left it.
    pub tournament: Tournament,
    /// Games the operation ended, each settled through the usual path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settled: Vec<Settlement>,
}

/// A tournament operation's result stored under its request id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredUpdate {
    pub at: Millis,
    /// The operation ("join", "start", …).
    pub op: String,
    pub update: TournamentUpdate,
}

/// The board result a settled game gives its pairing (`None`: an abort, which counts
/// for nothing).
pub(crate) fn result_of(s: &Settlement) -> Option<BoardResult> {
    match s.result {
        GameResult::Win { winner, .. } if winner == s.players.first => Some(BoardResult::FirstWins),
        GameResult::Win { .. } => Some(BoardResult::SecondWins),
        GameResult::Draw => Some(BoardResult::Draw),
        GameResult::Aborted => None,
    }
}
