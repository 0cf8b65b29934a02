//! Martian Chess (MARTIAN_CHESS.md) behind the host's game interface. A game's state is
//! the `martian-chess` state string, seeded from the accept's seed: it holds both hands
//! and the deck, so it is never shown ([`HostedGame::PUBLIC_STATE`]). Its records are
//! [`ActionRecord`]s in the `martian_actions` tree. White moves first, from the first
//! seat ([`martian_seat`]).
//!
//! Its clock: the player to act is under the game's move time, except a battle's
//! defender, who is under the battle time ([`BATTLE_TIME_MS`], §4): when it passes, the
//! host plays their lowest legal card for them ([`HostedGame::overdue`]).

mod ops;
pub(crate) mod values;

pub use values::Options;

use martian_chess::{Action, BattleSide, Event, Outcome, State, ToAct};

use crate::game::End;
use crate::game::{read_state, Applied, Clock, HostedGame, Replayed};
use crate::model::Refusal;
use crate::model::{
    Game, GameHead, GameKind, GameOptions, PaymentKind, RatingPool, Records, Terms,
};
use crate::schema::martian::{ActionRecord, Ending};
use crate::schema::{t, RuleEnding};
use crate::{Millis, Result, Seat};

/// How long a battle's defender has to play a card before the bot plays their lowest
/// legal card for them (MARTIAN_CHESS.md §4: the game's battle time, two minutes).
pub const BATTLE_TIME_MS: Millis = 2 * 60 * 1000;

/// Martian Chess.
pub(crate) struct Martian;

impl HostedGame for Martian {
    const KIND: GameKind = GameKind::MartianChess;
    const POOLS: &'static [RatingPool] = &[POOL];
    const RECORDS: usize = t::ACTIONS;
    const RECORDS_NAME: &'static str = "actions";
    const PUBLIC_STATE: bool = false;
    type Action = Action;
    type Record = ActionRecord;

    fn start(_terms: &Terms, seed: u64) -> String {
        State::new(seed).to_string()
    }

    /// Every piece but the King (MARTIAN_CHESS.md §6: payments are capped at it, as
    /// exchanged pieces can be lost again).
    fn reserve_points(_terms: &Terms) -> u64 {
        martian_chess::PIECE_RESERVE_FACTOR
    }

    /// Martian Chess has no options, so its terms are always valid for it.
    fn option_samples() -> Vec<GameOptions> {
        vec![Options {}.into()]
    }

    fn check_terms(_terms: &Terms) -> Result<()> {
        Ok(())
    }

    fn rating_pool(_terms: &Terms) -> RatingPool {
        POOL
    }

    fn clock(game: &Game) -> Result<Clock> {
        let state: State = read_state(game)?;
        Ok(match state.to_act() {
            ToAct::Turn(c) => Clock::Move(martian_seat(c)),
            ToAct::Battle {
                player,
                side: BattleSide::Attacker,
            } => Clock::Move(martian_seat(player)),
            ToAct::Battle {
                player,
                side: BattleSide::Defender,
            } => Clock::Card(
                martian_seat(player),
                game.last_move_at.saturating_add(BATTLE_TIME_MS),
            ),
            ToAct::Over(_) => Clock::Over,
        })
    }

    fn apply(
        head: &GameHead,
        seat: Seat,
        action: Action,
        at: Millis,
        timeout: bool,
    ) -> Result<Applied<Self>> {
        let state: State = read_state(&head.game)?;
        let side = martian_side(seat);
        let (next, events) = state
            .play_with_events(side, action)
            .map_err(|e| Refusal::from(e.reason))?;
        let losses = events
            .iter()
            .filter_map(|e| match e {
                Event::BattleWon { prisoner, .. } => Some((
                    martian_seat(prisoner.color),
                    u64::from(martian_chess::piece_price(*prisoner)),
                    PaymentKind::Piece {
                        piece: prisoner.char(),
                    },
                )),
                _ => None,
            })
            .collect();
        let ending = next.outcome().map(ending);
        Ok(Applied {
            record: ActionRecord {
                player: side,
                action,
                timeout,
                at,
            },
            position: next.to_string(),
            losses,
            ending,
            duel: false,
            countdown_started: false,
        })
    }

    fn set_records(game: &mut Game, records: Vec<ActionRecord>) {
        game.records = Records::MartianChess(records).normalized();
    }

    fn replay(g: &Game) -> std::result::Result<Replayed, String> {
        let mut state = State::new(g.seed);
        for (i, rec) in actions(g).iter().enumerate() {
            let n = i + 1;
            if let Some(o) = state.outcome() {
                return Err(format!(
                    "action {n} ({}) follows the end of the game ({o})",
                    rec.action
                ));
            }
            if rec.timeout && state.lowest_legal_card() != Some((rec.player, card_of(rec.action)?))
            {
                return Err(format!(
                    "action {n} ({}) is recorded as a timeout card but is not the lowest legal one",
                    rec.action
                ));
            }
            state = state
                .play(rec.player, rec.action)
                .map_err(|e| format!("action {n} ({}) is illegal on replay: {e}", rec.action))?;
        }
        Ok(Replayed {
            position: state.to_string(),
            ending: state.outcome().map(ending),
        })
    }

    /// A defender whose card has been awaited for [`BATTLE_TIME_MS`] or longer (since
    /// the game's last action): their lowest legal card ([`State::lowest_legal_card`]).
    /// An attacker who stalls is under the game's move time.
    fn overdue(game: &Game, now: Millis) -> Option<(Seat, Action)> {
        if now.saturating_sub(game.last_move_at) < BATTLE_TIME_MS {
            return None;
        }
        let state = game.position.parse::<State>().ok()?;
        match state.to_act() {
            ToAct::Battle {
                side: BattleSide::Defender,
                ..
            } => state
                .lowest_legal_card()
                .map(|(side, card)| (martian_seat(side), Action::Play(card))),
            _ => None,
        }
    }
}

/// The host's ending of a rule outcome.
fn ending(o: Outcome) -> (End, RuleEnding) {
    use martian_chess::{DrawReason, WinReason};
    let reason = match o {
        Outcome::Decisive {
            reason: WinReason::KingCaptured,
            ..
        } => Ending::KingCaptured,
        Outcome::Decisive {
            reason: WinReason::KingLostAttack,
            ..
        } => Ending::KingLostAttack,
        Outcome::Draw {
            reason: DrawReason::FiftyTurns,
        } => Ending::QuietTurns,
    };
    (
        o.winner().map_or(End::Draw, |w| End::Win(martian_seat(w))),
        RuleEnding::MartianChess(reason),
    )
}

/// The seat of a Martian Chess colour in a [`Game`]: White, named first and moving
/// first, sits in the first seat ([`Seat::First`], stored as `black`); Black in the
/// second ([`Seat::Second`], stored as `orange`).
pub const fn martian_seat(c: martian_chess::Color) -> Seat {
    match c {
        martian_chess::Color::White => Seat::First,
        martian_chess::Color::Black => Seat::Second,
    }
}

/// The Martian Chess colour of a seat (the inverse of [`martian_seat`]).
pub const fn martian_side(seat: Seat) -> martian_chess::Color {
    match seat {
        Seat::First => martian_chess::Color::White,
        Seat::Second => martian_chess::Color::Black,
    }
}

impl From<Options> for GameOptions {
    fn from(o: Options) -> GameOptions {
        GameOptions::MartianChess(o)
    }
}

/// Every game of Martian Chess rates in one pool.
const POOL: RatingPool = RatingPool::named("martian_chess");

impl Terms {
    /// Terms with no money for a game of Martian Chess.
    pub fn martian() -> Terms {
        Terms::friendly(Options {})
    }
}

impl Game {
    /// Whether this is a game of Martian Chess.
    pub fn is_martian(&self) -> bool {
        self.terms.kind() == GameKind::MartianChess
    }

    /// The Martian Chess state (hidden cards included: never show it as is).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored state string does not read.
    pub fn martian_state(&self) -> Result<State> {
        read_state(self)
    }

    /// The player of a Martian Chess colour.
    pub fn martian_player(&self, c: martian_chess::Color) -> crate::UserId {
        self.player(martian_seat(c))
    }
}

fn card_of(a: Action) -> std::result::Result<martian_chess::Card, String> {
    match a {
        Action::Play(c) => Ok(c),
        other => Err(format!("{other} is recorded as a timeout card")),
    }
}

/// The actions of a Martian Chess game (none if it holds no records of Martian Chess).
fn actions(game: &Game) -> &[ActionRecord] {
    match &game.records {
        Records::MartianChess(v) => v,
        _ => &[],
    }
}

impl Game {
    /// The actions of a game of Martian Chess, first to last.
    pub fn actions(&self) -> &[ActionRecord] {
        actions(self)
    }
}
