//! The game interface of the host: what the store needs to know of a game, implemented
//! once per game in `games/` (the one place that lists them).
//!
//! A game is a pure rules crate plus one module that says:
//! - how a game starts from its terms and a seed ([`HostedGame::start`]);
//! - who must act now, and under which clock ([`HostedGame::clock`]);
//! - how one action plays against the stored state ([`HostedGame::apply`]): the record
//!   to store, the next state, the pieces it cost (the host pays their prices) and the
//!   rule ending, if any;
//! - how a stored record replays ([`HostedGame::replay`]) for `verify`;
//! - what a player may lose in piece prices ([`HostedGame::reserve_points`]) and which
//!   terms it takes ([`HostedGame::check_terms`]);
//! - what the host plays for a player out of time ([`HostedGame::overdue`]).
//!
//! The host decides the endings that are not the rules' (resignation, agreement, time,
//! abort, abandonment: [`HostEnding`](crate::model::HostEnding)); a game reports rule
//! endings only ([`RuleEnding`]), by type.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::model::{
    Game, GameHead, GameKind, GameOptions, PaymentKind, RatingPool, Record, RuleEnding, Terms,
};
use crate::{Millis, Result, Seat, StoreError};

/// How a game ends, as decided by the operation that ends it.
#[derive(Clone, Copy)]
pub(crate) enum End {
    Win(Seat),
    Draw,
    Aborted,
}

/// Who must act in a game, and under which clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Clock {
    /// The player of `seat` must act, under the game's move time (a claim on time or the
    /// stalled-game sweep ends the game against them when it runs out).
    Move(Seat),
    /// The player of `seat` owes a card of a battle under the battle time, which runs
    /// out at the time given: then the card is played for them
    /// ([`HostedGame::overdue`]), so they cannot lose on time meanwhile.
    Card(Seat, Millis),
    /// The rules ended the game (only an archived game is in this state).
    Over,
}

impl Clock {
    /// The seat that must act, if the game goes on.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Clock::Move(s) | Clock::Card(s, _) => Some(s),
            Clock::Over => None,
        }
    }
}

/// What one action did, as the game's rules report it to the host.
pub(crate) struct Applied<G: HostedGame + ?Sized> {
    /// The record to store under (game id, ply).
    pub record: G::Record,
    /// The state after the action.
    pub position: String,
    /// The pieces the action cost their owners: whose seat pays, how many points of
    /// value, and what for. The host pays `points × piece price`, capped by what is
    /// left of the payer's piece reserve.
    pub losses: Vec<(Seat, u64, PaymentKind)>,
    /// How the rules ended the game, if they did.
    pub ending: Option<(End, RuleEnding)>,
    /// Whether the action drew a number from the game's duel stream.
    pub duel: bool,
    /// Whether the action started a countdown of the rules (Jetan's ten-move rule).
    pub countdown_started: bool,
}

/// A stored game replayed from its start: where its records lead.
pub(crate) struct Replayed {
    /// The state the records lead to.
    pub position: String,
    /// How the rules ended the game, if the last record did, and why.
    pub ending: Option<(End, RuleEnding)>,
}

/// One game's rules as the host sees them.
pub(crate) trait HostedGame {
    /// The game's kind in the terms.
    const KIND: GameKind;
    /// The tree holding its records, keyed (game id, ply).
    const RECORDS: usize;
    /// What its records are called in `verify`'s reports ("moves", "actions").
    const RECORDS_NAME: &'static str;
    /// Whether the state string may be shown (a state with hands in it may not).
    const PUBLIC_STATE: bool;
    /// An action as the store's operation receives it.
    type Action;
    /// An action as stored.
    type Record: Serialize + DeserializeOwned + Clone + Into<Record>;

    /// The state string of a new game.
    fn start(terms: &Terms, seed: u64) -> String;
    /// The most points of piece value one player can lose in a game.
    fn reserve_points(terms: &Terms) -> u64;
    /// Refuses terms the game does not take.
    fn check_terms(terms: &Terms) -> Result<()>;
    /// One set of options for each way the game's options change its money (Jetan's
    /// variants lose different piece values): a server's default stake and piece price
    /// must make valid terms with each.
    fn option_samples() -> Vec<GameOptions>;
    /// The pools of ratings its games rate in, in the order a profile lists them.
    const POOLS: &'static [RatingPool];
    /// The pool of ratings that games on `terms` rate.
    fn rating_pool(terms: &Terms) -> RatingPool;
    /// Who must act now.
    fn clock(game: &Game) -> Result<Clock>;
    /// Plays `seat`'s action against the stored state of `head` at `at`; `timeout`: the
    /// host plays it for a player whose time ran out.
    fn apply(
        head: &GameHead,
        seat: Seat,
        action: Self::Action,
        at: Millis,
        timeout: bool,
    ) -> Result<Applied<Self>>;
    /// Puts the game's records (read from [`HostedGame::RECORDS`]) into a [`Game`].
    fn set_records(game: &mut Game, records: Vec<Self::Record>);
    /// Replays a stored game from its seed and records; `Err` says where it departs.
    fn replay(game: &Game) -> std::result::Result<Replayed, String>;
    /// An action the host plays for a player out of time at `now`, with its seat.
    fn overdue(_game: &Game, _now: Millis) -> Option<(Seat, Self::Action)> {
        None
    }
}

/// Reads a stored state string, or says which game's record is damaged.
pub(crate) fn read_state<T: std::str::FromStr>(game: &Game) -> Result<T>
where
    T::Err: std::fmt::Display,
{
    game.position
        .parse()
        .map_err(|e: T::Err| StoreError::Corrupt {
            what: format!("the state of game {} in channel {}", game.id, game.channel),
            detail: e.to_string(),
        })
}
