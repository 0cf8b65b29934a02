//! What a player asked for: the request, its context, and the command with typed arguments.

pub use jetan_store::{
    ChannelId, FirstMover, GameId, GameKind, GuildId, TournamentCreators, UserId,
};

/// A Discord user as a command sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRef {
    /// The user's id (a Discord snowflake).
    pub id: UserId,
    /// The name to show (server nickname, else global name, else user name).
    pub name: String,
    /// Whether the user is a bot account.
    pub bot: bool,
    /// Known not to be a member of the server (Discord named the user without a
    /// membership: someone who left, or an id typed by hand). Unknown counts as a member.
    pub outside: bool,
}

impl UserRef {
    /// A human user.
    pub fn new(id: impl Into<UserId>, name: impl Into<String>) -> UserRef {
        UserRef {
            id: id.into(),
            name: name.into(),
            bot: false,
            outside: false,
        }
    }

    /// A mention of the user.
    pub fn mention(&self) -> crate::reply::Text {
        mention(self.id)
    }
}

/// A mention of a user, to write into reply text ([`crate::reply::Text`]: each front
/// end presents it its own way).
pub fn mention(id: UserId) -> crate::reply::Text {
    crate::reply::Text::user(id)
}

/// One command from one user in one channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The server.
    pub guild: GuildId,
    /// The channel.
    pub channel: ChannelId,
    /// Who asked.
    pub user: UserRef,
    /// Whether they may manage the server (for `settings`).
    pub manager: bool,
    /// Their Discord locale, e.g. `en-US`, `es-ES`: private answers are in its language.
    pub locale: String,
    /// The server's preferred locale, as Discord sends it with the interaction: public
    /// messages are in its language unless the server's `language` setting names one.
    pub guild_locale: Option<String>,
    /// The request id (Discord interaction id): a repeated id changes nothing twice.
    pub id: u64,
    /// When, in unix milliseconds.
    pub now: u64,
    /// What they asked for.
    pub command: Command,
}

/// The terms of a challenge as typed; unset ones take the server's defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChallengeArgs {
    /// Which game (Jetan by default).
    pub game: Option<GameKind>,
    /// The stake each player puts in.
    pub stake: Option<i64>,
    /// The price per point of value of each piece lost.
    pub piece_price: Option<i64>,
    /// Who moves first.
    pub first: Option<FirstMover>,
    /// The game's own options as typed, by name (Jetan: `variant` — `classic` or
    /// `manator` — and `board` — `flat` or `circular`); the game reads them.
    pub options: Vec<(String, String)>,
    /// The move time limit in minutes.
    pub move_time: Option<i64>,
    /// The computer's strength, for a game against the bot (1–5; a game may take fewer).
    pub level: Option<i64>,
    /// A casual game: not rated (a challenge is rated unless it says so).
    pub casual: bool,
}

/// A server manager's tool (`/jetan-admin …`).
// One per request: the settings' many options make that variant large, which costs
// nothing here.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminCommand {
    /// End the channel's game or challenge: every escrow refunded, no result counted.
    Abort {
        /// Why, shown publicly.
        reason: Option<String>,
    },
    /// Give money to a player.
    Grant {
        /// Whom.
        user: UserRef,
        /// How much, as typed.
        amount: i64,
        /// Why (kept in the ledger).
        reason: String,
    },
    /// Take money from a player's balance (never below zero, never from escrow).
    Take {
        /// From whom.
        user: UserRef,
        /// How much, as typed.
        amount: i64,
        /// Why (kept in the ledger).
        reason: String,
    },
    /// Zero a player's balance (money in escrow stays with its games).
    Reset {
        /// Whose.
        user: UserRef,
        /// Why (kept in the ledger).
        reason: String,
    },
    /// Empty the wallets of members who left the server (and hold nothing in escrow).
    Purge {
        /// Why (kept in the ledger; may be empty).
        reason: String,
        /// Who left, as the front end learned it from Discord: `None` as typed (the core
        /// then answers with the wallets to check, [`crate::PurgeJob`]), set when the
        /// front end hands the checked request back.
        checked: Option<Departures>,
    },
    /// Change the server's settings.
    Settings(SettingsArgs),
}

/// What the front end learned of the members a purge asked about.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Departures {
    /// Those who are no longer members of the server.
    pub left: Vec<UserId>,
    /// How many could not be checked (Discord did not answer): not purged.
    pub unchecked: usize,
}

/// A change to the server's settings (`admin settings`). Unset fields stay.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsArgs {
    /// Coins each new player starts with.
    pub starting_grant: Option<i64>,
    /// Coins of the daily allowance.
    pub daily_allowance: Option<i64>,
    /// The currency's name.
    pub currency: Option<String>,
    /// The piece price when a challenge names none.
    pub piece_price: Option<i64>,
    /// The stake when a challenge names none.
    pub stake: Option<i64>,
    /// Minutes before an unanswered challenge expires.
    pub challenge_expiry: Option<i64>,
    /// The move time of games whose challenge names none, in minutes.
    pub move_time: Option<i64>,
    /// The language of public messages: `en`, `es`, or `auto` (the server's own).
    pub language: Option<String>,
    /// Allow games in this channel (an empty allow list means every channel).
    pub allow_channel: Option<ChannelId>,
    /// Stop allowing games in this channel.
    pub disallow_channel: Option<ChannelId>,
    /// The largest stake a challenge may name (0: no limit).
    pub max_stake: Option<i64>,
    /// The largest piece price a challenge may name (0: no limit).
    pub max_piece_price: Option<i64>,
    /// The largest balance the allowance, winnings and payments received may reach (0:
    /// no limit).
    pub max_balance: Option<i64>,
    /// The most a member may pay others in 24 hours (0: no cap).
    pub pay_cap: Option<i64>,
    /// How many days old a member's account must be to pay or stake (0: any).
    pub min_account_age: Option<i64>,
    /// How many finished games a member must have to pay or stake (0: none).
    pub min_games: Option<i64>,
    /// Post the audit lines in this channel.
    pub audit_channel: Option<ChannelId>,
    /// Stop posting audit lines.
    pub audit_off: bool,
    /// Play accepted games in threads of their own (`true`) or in the challenge's
    /// channel.
    pub threads: Option<bool>,
    /// Remind the player to move (`true`) or not.
    pub reminders: Option<bool>,
    /// Rate games with rule options (`true`, each rules string in its own pool) or keep
    /// them casual.
    pub rated_options: Option<bool>,
    /// Post a finished game in the audit channel when more than this changed hands.
    pub audit_pot: Option<i64>,
    /// Who may create tournaments: members with Manage Server or anyone.
    pub tournaments: Option<TournamentCreators>,
}

/// `tournaments` of the settings, as typed: who may create tournaments.
pub const TOURNAMENT_CREATORS: [(&str, TournamentCreators); 2] = [
    ("managers", TournamentCreators::Managers),
    ("anyone", TournamentCreators::Anyone),
];

/// The names of [`TOURNAMENT_CREATORS`], for the command's choices.
pub static TOURNAMENT_CREATOR_NAMES: [&str; 2] = ["managers", "anyone"];

impl Command {
    /// Whether the command may start a game in its channel (an accept, or a challenge
    /// the computer takes at once): the front end lets one such command of a channel run
    /// at a time, with the opening of the game's thread, so that a second accept never
    /// finds the first game still in the channel on its way into its thread.
    pub fn may_start_game(&self) -> bool {
        matches!(
            self,
            Command::Accept
                | Command::Challenge { .. }
                | Command::Button(super::buttons::ButtonAction::Accept(_))
                | Command::Choose {
                    menu: super::buttons::ButtonAction::Accept(_),
                    ..
                }
        )
    }

    /// Whether the answer is only for the asker, whatever happens: the adapter defers
    /// such a command privately. (Any command's refusal is private too.)
    pub fn answers_privately(&self) -> bool {
        matches!(
            self,
            Command::Moves { .. }
                | Command::Game(GameCommand { private: true, .. })
                | Command::Wallet { .. }
                | Command::History { .. }
                | Command::Profile { share: false, .. }
                | Command::Rules
                | Command::Settings
                | Command::Notify { .. }
                | Command::Web
                | Command::Pay { .. }
                | Command::Admin(
                    AdminCommand::Grant { .. }
                        | AdminCommand::Take { .. }
                        | AdminCommand::Reset { .. }
                        | AdminCommand::Purge { .. }
                        | AdminCommand::Settings(_)
                )
        )
    }
}

/// Every command of `/jetan`, and every button.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Challenge a player (or the bot itself) to a game.
    Challenge {
        /// Who.
        opponent: UserRef,
        /// On what terms.
        args: ChallengeArgs,
    },
    /// Accept the open challenge (the challenged player).
    Accept,
    /// Decline the open challenge (the challenged player).
    Decline,
    /// Withdraw one's own open challenge.
    Cancel,
    /// Make a move: `from` and `to`, or `notation` like `e2-e3`.
    Move {
        /// Start square as typed.
        from: Option<String>,
        /// End square as typed.
        to: Option<String>,
        /// Move text as typed.
        notation: Option<String>,
    },
    /// Show the board.
    Board,
    /// Show the legal moves of one piece.
    Moves {
        /// The piece's square as typed.
        square: String,
    },
    /// Resign the game.
    Resign,
    /// Offer a draw (or accept the opponent's offer).
    Draw,
    /// Claim a win on time.
    Claim,
    /// Play again on the same terms.
    Rematch {
        /// Who moves first (the winner of the last game chooses).
        first: Option<FirstMover>,
    },
    /// An animated replay of a finished game: the channel's last, or the one named.
    Replay {
        /// The game's id as `history` shows it (default: the channel's last game).
        game: Option<String>,
    },
    /// A wallet: balance, escrow, record.
    Wallet {
        /// Whose (default: one's own).
        user: Option<UserRef>,
    },
    /// The server's leaderboard.
    Standings {
        /// Page, from 1.
        page: Option<i64>,
        /// By rating in this pool, rather than by money.
        rating: Option<jetan_store::RatingPool>,
    },
    /// The text record of a finished game (the channel's last, or `game` by id).
    Record {
        /// The game's id, as `history` lists it.
        game: Option<String>,
    },
    /// Claim the daily allowance.
    Daily,
    /// Pay another member from one's balance.
    Pay {
        /// Whom.
        user: UserRef,
        /// How much, as typed.
        amount: i64,
        /// A note for the receiver (kept in the ledger).
        note: Option<String>,
    },
    /// Recent finished games.
    History {
        /// Whose (default: the channel's).
        user: Option<UserRef>,
    },
    /// A player's profile: ratings and wallet over time, record, habits, as a picture.
    Profile {
        /// Whose (default: one's own).
        user: Option<UserRef>,
        /// Post it in the channel (else only the asker sees it).
        share: bool,
    },
    /// The engine's analysis of a finished game: the three biggest mistakes.
    Analyse {
        /// The game's id as `history` shows it (default: the channel's last game).
        game: Option<String>,
    },
    /// The rules, short.
    Rules,
    /// Show the server's settings.
    Settings,
    /// List the server's games in progress, with links to their channels or threads.
    Games,
    /// How the user is reminded of their moves: by direct message (`Some(true)`), in the
    /// game's channel (`Some(false)`), or as now (`None`: say which).
    Notify {
        /// By direct message.
        dm: Option<bool>,
    },
    /// The asker's own link to the game in the channel on the web front end's pages.
    Web,
    /// A server manager's tool.
    Admin(AdminCommand),
    /// A tournament command (`/jetan tournament …`).
    Tournament(TournamentCommand),
    /// A button was pressed.
    Button(super::buttons::ButtonAction),
    /// A command one game adds to the host's (every game's moves go through
    /// [`Command::Move`]); the game being played reads it.
    Game(GameCommand),
    /// An option was chosen in a select menu (a card from a private card menu).
    Choose {
        /// The menu's id.
        menu: super::buttons::ButtonAction,
        /// The chosen option's value.
        value: String,
    },
}

/// The pairing system of a new tournament, as typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentKind {
    /// Swiss (rounds: `rounds`, default 3).
    Swiss,
    /// Round robin (twice with `double`).
    RoundRobin,
}

/// A new tournament's settings as typed; unset ones take defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentArgs {
    /// Its name.
    pub name: String,
    /// Swiss or round robin.
    pub format: TournamentKind,
    /// Swiss rounds.
    pub rounds: Option<i64>,
    /// The entry fee.
    pub entry: Option<i64>,
    /// The prizes by place, in percent, as typed (`60,30,10`).
    pub prizes: Option<String>,
    /// The most players.
    pub max_players: Option<i64>,
    /// A double round robin.
    pub double: bool,
    /// The games' terms, as a challenge's (stake, first and level are not used).
    pub game: ChallengeArgs,
}

/// `/jetan tournament …`. `tournament` names the event by id; without it, the
/// channel's newest event fit for the command (else the server's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCommand {
    /// Create an event (Manage Server).
    Create(TournamentArgs),
    /// Join an open event.
    Join {
        /// Which.
        tournament: Option<i64>,
    },
    /// Leave an open event (refunded).
    Leave {
        /// Which.
        tournament: Option<i64>,
    },
    /// Start it (its organiser).
    Start {
        /// Which.
        tournament: Option<i64>,
    },
    /// Its standings.
    Standings {
        /// Which.
        tournament: Option<i64>,
    },
    /// A round's pairings (the current one by default).
    Pairings {
        /// Which.
        tournament: Option<i64>,
        /// Which round.
        round: Option<i64>,
    },
    /// Its settings and state.
    Info {
        /// Which.
        tournament: Option<i64>,
    },
    /// The server's events.
    List,
    /// Withdraw from a running event.
    Withdraw {
        /// Which.
        tournament: Option<i64>,
    },
    /// Call it off, everything refunded (its organiser).
    Cancel {
        /// Which.
        tournament: Option<i64>,
        /// Why, shown publicly.
        reason: String,
    },
    /// Decide a game's result (its organiser).
    Adjudicate {
        /// The game's id.
        game: i64,
        /// `first`, `second`, `draw`, `first-forfeit` (the second player wins),
        /// `second-forfeit`, `double-forfeit`.
        result: String,
    },
    /// Decide a pairing's result by its board (its organiser): one whose game never
    /// started (its thread never opened, the bot stopped in between) or, like
    /// [`TournamentCommand::Adjudicate`], one being played. Only in the current round.
    AdjudicateBoard {
        /// Which.
        tournament: Option<i64>,
        /// The round (the current one by default).
        round: Option<i64>,
        /// The board (1-based, as `tournament pairings` numbers them).
        board: i64,
        /// As [`TournamentCommand::Adjudicate`]'s.
        result: String,
    },
    /// Remove a player (its organiser).
    Remove {
        /// Which.
        tournament: Option<i64>,
        /// Whom.
        player: UserRef,
    },
}

/// A command one game adds to the host's, by its name as the command grammar declares
/// it and its options as typed: the game's own module reads them (as boardgame.io's
/// named moves), so the host's commands name no game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCommand {
    /// The command's name (`drop`, `hand`).
    pub name: String,
    /// Its options as typed, by name.
    pub options: Vec<(String, String)>,
    /// Whether its answer is only for the asker, whatever happens (declared with the
    /// command): the adapter defers it privately.
    pub private: bool,
}

impl GameCommand {
    /// A command without options.
    pub fn new(name: &str) -> GameCommand {
        GameCommand {
            name: name.to_string(),
            options: Vec::new(),
            private: false,
        }
    }

    /// Adds an option.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl Into<String>) -> GameCommand {
        self.options.push((name.to_string(), value.into()));
        self
    }

    /// Marks the answer private.
    #[must_use]
    pub fn private(mut self) -> GameCommand {
        self.private = true;
        self
    }

    /// The option `name` as typed, if given.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A game's own challenge option, as the front ends declare it (Jetan's `variant`,
/// `board` and `rules`): the game names it and says what it takes; the front ends build
/// their commands from [`crate::games::CHALLENGE_OPTIONS`] and hand the values back, as
/// typed, in [`ChallengeArgs::options`], which the game reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionDecl {
    /// Its name, as typed (`variant`).
    pub name: &'static str,
    /// What it takes.
    pub takes: Takes,
    /// A value to show in a hint.
    pub example: &'static str,
}

/// What a game's own challenge option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// One name of a fixed list.
    Choice(&'static [&'static str]),
    /// Text of at most `max_length` characters; `suggested`: the game offers values as
    /// it is typed (`Core::suggest_game_option`).
    Text {
        /// The longest text taken.
        max_length: u16,
        /// Whether the game suggests values.
        suggested: bool,
    },
}

/// The names of a table of choices (`[("classic", …), ("manator", …)]`), in order,
/// computed at compile time so that each choice is written once.
pub const fn choice_names<T, const N: usize>(table: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i].0;
        i += 1;
    }
    out
}
