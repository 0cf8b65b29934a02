//! Games of Martian Chess (MARTIAN_CHESS.md): one operation plays one action in one
//! transaction, validated by the `martian-chess` crate against the stored state; the
//! sweep plays the lowest legal card for a battle player out of time. The endings the
//! host decides (resignation, draws, time, abort) are the Jetan ones: they do not read
//! the position.

use martian_chess::{Action, BattleSide, Color as Side, Event, State, ToAct};

use crate::codec::{key1, key2};
use crate::model::{
    martian_seat, ActResult, ActionRecord, EndReason, GameHead, GameKind, PaymentKind, Receipt,
};
use crate::settle::*;
use crate::tx::{fail, game_name, t, Tx, TxResult};
use crate::{ChannelId, GameId, Millis, Result, Stamp, Store, StoreError};

/// How long a battle player has to play a card before the bot plays their lowest legal
/// card for them (MARTIAN_CHESS.md §4: the game's battle time, two minutes).
pub const BATTLE_TIME_MS: Millis = 2 * 60 * 1000;

impl Store {
    /// Plays a Martian Chess action in the game `game_id`, chosen against version
    /// `expected_version`.
    ///
    /// In one transaction: checks the game, the version and who must act, plays the
    /// action by the rules against the stored state (die rolls and shuffles from the
    /// game's seeded stream), records it under (game id, ply), pays the price of a piece
    /// taken prisoner from its owner's escrow to the captor (capped by what is left of
    /// the owner's piece reserve, MARTIAN_CHESS.md §6), and if the action ends the game
    /// settles the pot, archives the game and frees the channel.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoGame`], [`StoreError::GameReplaced`],
    /// [`StoreError::NotAPlayer`], [`StoreError::WrongGame`] (a Jetan game),
    /// [`StoreError::GameChanged`], [`StoreError::NotYourTurn`] (naming who must act,
    /// in a battle the player whose card is awaited), [`StoreError::IllegalAction`] with
    /// the rules' reason.
    pub fn act(
        &self,
        req: Stamp,
        channel: ChannelId,
        (game_id, expected_version): (GameId, u64),
        action: Action,
    ) -> Result<ActResult> {
        self.mutate(req.id, req.now, receipt!(Act), |tx| {
            let head = crate::settle::load_game(tx, channel)?;
            let game = &head.game;
            let seat = match game.check_target(game_id, req.user, true, expected_version) {
                Ok(seat) => seat,
                Err(e) => return fail(e),
            };
            let state = load_state(&head)?;
            let side = crate::model::martian_side(seat);
            match state.player_to_act() {
                Some(p) if p == side => {}
                Some(p) => {
                    return fail(StoreError::NotYourTurn {
                        to_move: game.martian_player(p),
                    })
                }
                // The game is over by the rules: the rules say so.
                None => {}
            }
            apply(tx, head, state, side, action, false)
        })
    }

    /// The bot's sweep of battles at `now`: in every Martian Chess game where a
    /// defender's card has been awaited for [`BATTLE_TIME_MS`] or longer (since the
    /// game's last action), the defender's lowest legal card is played for them
    /// ([`State::lowest_legal_card`]), recorded as theirs with `timeout` set. Each game is
    /// its own transaction that checks again. Returns what was played.
    ///
    /// # Errors
    /// Storage failures.
    pub fn play_overdue_cards(&self, now: Millis) -> Result<Vec<ActResult>> {
        let mut out = Vec::new();
        for g in self.games()? {
            if !g.is_martian() || overdue(&g.position, g.last_move_at, now).is_none() {
                continue;
            }
            let channel = g.channel;
            let played = self.transact(None, now, |tx| {
                let Some(head) =
                    tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))?
                else {
                    return Ok(None);
                };
                if !head.game.is_martian() {
                    return Ok(None);
                }
                let Some((side, card)) = overdue(&head.game.position, head.game.last_move_at, now)
                else {
                    return Ok(None);
                };
                let state = load_state(&head)?;
                apply(tx, head, state, side, Action::Play(card), true).map(Some)
            })?;
            out.extend(played);
        }
        if !out.is_empty() {
            self.flush()?;
        }
        Ok(out)
    }
}

/// The defender out of time and their lowest legal card, if a defender's card is overdue
/// (MARTIAN_CHESS.md §4 times the defender only; an attacker who stalls is under the
/// game's move time).
fn overdue(position: &str, last: Millis, now: Millis) -> Option<(Side, martian_chess::Card)> {
    if now.saturating_sub(last) < BATTLE_TIME_MS {
        return None;
    }
    let state = position.parse::<State>().ok()?;
    match state.to_act() {
        ToAct::Battle {
            side: BattleSide::Defender,
            ..
        } => state.lowest_legal_card(),
        _ => None,
    }
}

fn load_state(head: &GameHead) -> TxResult<State> {
    match head.game.martian_state() {
        Ok(s) => Ok(s),
        Err(e) => fail(e),
    }
}

/// Plays `side`'s action on `state` (the stored state of `head`'s game) and writes
/// everything it changes.
fn apply(
    tx: &Tx<'_>,
    mut head: GameHead,
    state: State,
    side: Side,
    action: Action,
    timeout: bool,
) -> TxResult<ActResult> {
    let before = head.game.position.clone();
    let (next, events) = match state.play_with_events(side, action) {
        Ok(x) => x,
        Err(e) => return fail(e.reason.into()),
    };
    let record = ActionRecord {
        player: side,
        action,
        timeout,
        at: tx.now,
    };
    let ply = head.plies;
    tx.put(t::ACTIONS, &key2(head.game.id, u64::from(ply)), &record)?;
    let Some(plies) = head.plies.checked_add(1) else {
        return fail(StoreError::Overflow("counting a game's actions".into()));
    };
    head.plies = plies;
    let by = head.game.martian_player(side);
    let game = &mut head.game;
    game.position = next.to_string();
    game.version += 1;
    game.last_move_at = tx.now;
    let draw_offer_cleared = game.draw_offer.is_some_and(|offerer| offerer != by);
    if draw_offer_cleared {
        game.draw_offer = None;
    }
    let mut payments = Vec::new();
    let mut unpaid = 0;
    for e in &events {
        let Event::BattleWon { prisoner, .. } = e else {
            continue;
        };
        let payer = martian_seat(prisoner.color);
        let unit = game.terms.piece_price;
        let price = martian_chess::piece_price(*prisoner);
        if unit == 0 || price == 0 {
            continue;
        }
        // Capped by what is left of the payer's piece reserve (the `PieceAccount` of the
        // rules): their escrow less the stake, which stays held until the end.
        let left = game.escrow[payer].saturating_sub(game.terms.stake);
        let due = unit.saturating_mul(u64::from(price));
        let paid = due.min(left);
        unpaid += due - paid;
        if paid > 0 {
            payments.push(pay(
                tx,
                game,
                payer,
                paid,
                PaymentKind::Prisoner {
                    piece: prisoner.char(),
                },
            )?);
        }
    }
    let (game_id, channel, version, after) =
        (game.id, game.channel, game.version, game.position.clone());
    let finished = match next.outcome() {
        None => {
            tx.put(t::GAMES, &key1(game.channel), &head)?;
            None
        }
        Some(o) => {
            let Some(reason) = EndReason::from_martian(o) else {
                return fail(StoreError::Corrupt {
                    what: game_name(head.game.channel),
                    detail: format!("an action ended the game by {o}"),
                });
            };
            let end = o.winner().map_or(End::Draw, |w| End::Win(martian_seat(w)));
            Some(settle(tx, head, end, reason, None)?)
        }
    };
    Ok(ActResult {
        game_id,
        channel,
        action: record,
        by,
        version,
        ply,
        before,
        after,
        payments,
        unpaid,
        draw_offer_cleared,
        finished,
    })
}

/// Replays a Martian Chess game from its seed and actions; `Err` says where it departs.
/// `finished`: for an archived game, its recorded reason, which an ending action must
/// match (and a game no action ended must have ended by resignation, agreement, time or
/// abort).
pub(crate) fn replay_martian(
    g: &crate::Game,
    finished: Option<EndReason>,
) -> std::result::Result<State, String> {
    debug_assert_eq!(g.terms.game, GameKind::MartianChess);
    let mut state = State::new(g.seed);
    for (i, rec) in g.actions.iter().enumerate() {
        let n = i + 1;
        if state.outcome().is_some() {
            return Err(format!("action {n} ({}) follows the end", rec.action));
        }
        if rec.timeout && state.lowest_legal_card() != Some((rec.player, card_of(rec.action)?)) {
            return Err(format!(
                "action {n} ({}) is recorded as a timeout card but is not the lowest legal one",
                rec.action
            ));
        }
        state = state
            .play(rec.player, rec.action)
            .map_err(|e| format!("action {n} ({}) is illegal on replay: {e}", rec.action))?;
    }
    match (state.outcome(), finished) {
        (Some(o), None) => {
            return Err(format!(
                "its actions end it ({o}), but it is still in progress"
            ))
        }
        (Some(o), Some(reason)) if EndReason::from_martian(o) != Some(reason) => {
            return Err(format!(
                "its actions end it ({o}), but it is recorded as ended by {reason:?}"
            ))
        }
        (None, Some(reason))
            if !matches!(
                reason,
                EndReason::Resignation
                    | EndReason::Agreement
                    | EndReason::Time
                    | EndReason::Aborted
                    | EndReason::Abandoned
            ) =>
        {
            return Err(format!(
                "it is recorded as ended by {reason:?}, but its actions do not end it"
            ))
        }
        _ => {}
    }
    let replayed = state.to_string();
    if replayed != g.position {
        return Err("its stored state differs from the replay of its actions".into());
    }
    Ok(state)
}

fn card_of(a: Action) -> std::result::Result<martian_chess::Card, String> {
    match a {
        Action::Play(c) => Ok(c),
        other => Err(format!("{other} is recorded as a timeout card")),
    }
}

/// Asserts `Receipt::Act` exists for `receipt!(Act)`.
const _: fn(ActResult) -> Receipt = Receipt::Act;
