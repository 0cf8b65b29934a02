//! The host's one action path, for every game: a player's action (or one the host
//! plays for a player out of time) checked, played by the game's rules, recorded, paid
//! for and settled in one transaction. The games' own operations (`Store::play`,
//! `Store::act`) are this path with their action type.

use crate::codec::{key1, key2};
use crate::game::HostedGame;
use crate::model::{GameHead, PlayResult};
use crate::schema::t;
use crate::settle::{load_game, pay, settle};
use crate::tx::{fail, game_name, Tx, TxResult};
use crate::{ChannelId, GameId, Millis, Result, Store, StoreError, UserId};

/// The one action path of every game, inside the caller's transaction: checks that the
/// game in `channel` is still the one `player` saw (`Some((user, (game id, version)))`;
/// `None`: the host acts for the player who must act, as for a timeout card), of `G`'s
/// kind, and that its player must act now; plays the action by the rules; records it
/// under (game id, ply); pays the price of every piece it cost from its owner's escrow
/// to the opponent (capped by what is left of the owner's piece reserve); and if it ends
/// the game settles the pot, archives the game and frees the channel.
pub(crate) fn act<G: HostedGame>(
    tx: &Tx<'_>,
    channel: ChannelId,
    player: Option<(UserId, (GameId, u64))>,
    action: G::Action,
) -> TxResult<PlayResult> {
    let mut head = load_game(tx, channel)?;
    let (seat, timeout) = match player {
        Some((user, (id, version))) => {
            let seat = head
                .game
                .check_target(id, user, G::KIND, version)
                .or_else(fail)?;
            match G::clock(&head.game).or_else(fail)?.seat() {
                Some(s) if s != seat => {
                    return fail(StoreError::NotYourTurn {
                        to_move: head.game.player(s),
                    })
                }
                // Over: the rules refuse the action and say why.
                _ => (seat, false),
            }
        }
        None if head.game.terms.kind() != G::KIND => {
            return fail(StoreError::WrongGame {
                game: head.game.terms.kind(),
            })
        }
        None => match G::clock(&head.game).or_else(fail)?.seat() {
            Some(s) => (s, true),
            None => return fail(StoreError::NoGame),
        },
    };
    let applied = G::apply(&head, seat, action, tx.now, timeout).or_else(fail)?;
    let ply = head.plies;
    tx.put(
        G::RECORDS,
        &key2(head.game.id, u64::from(ply)),
        &applied.record,
    )?;
    let (Some(plies), Some(duels)) = (
        head.plies.checked_add(1),
        head.duels.checked_add(u32::from(applied.duel)),
    ) else {
        return fail(StoreError::Overflow("counting a game's records".into()));
    };
    (head.plies, head.duels) = (plies, duels);
    let by = head.game.player(seat);
    let game = &mut head.game;
    let before = std::mem::replace(&mut game.position, applied.position.clone());
    game.version += 1;
    game.last_move_at = tx.now;
    let draw_offer_cleared = game.draw_offer.is_some_and(|offerer| offerer != by);
    if draw_offer_cleared {
        game.draw_offer = None;
    }
    let mut payments = Vec::new();
    let mut unpaid = 0;
    for &(payer, points, kind) in &applied.losses {
        let unit = game.terms.piece_price;
        let Some(due) = unit.checked_mul(points) else {
            return fail(StoreError::Overflow("pricing a piece".into()));
        };
        // Capped by what is left of the payer's piece reserve: their escrow less the
        // stake, which stays held until the end.
        let left = game.escrow[payer].saturating_sub(game.terms.stake);
        let paid = due.min(left);
        unpaid += due - paid;
        if paid > 0 {
            payments.push(pay(tx, game, payer, paid, kind)?);
        }
    }
    let (game_id, version) = (game.id, game.version);
    let finished = match applied.ending {
        None => {
            tx.put(t::GAMES, &key1(channel), &head)?;
            None
        }
        Some((end, reason)) => Some(settle(tx, head, end, reason.into(), None)?),
    };
    Ok(PlayResult {
        game_id,
        channel,
        record: applied.record.into(),
        by,
        version,
        ply,
        before,
        after: applied.position,
        countdown_started: applied.countdown_started,
        payments,
        unpaid,
        draw_offer_cleared,
        finished,
    })
}

impl Store {
    /// Plays, for every game of `G` in a server `owns` accepts, the action the game
    /// says the host plays for a player out of time at `now` ([`HostedGame::overdue`]),
    /// each in its own transaction that checks again. Returns what was played.
    ///
    /// # Errors
    /// Storage failures.
    pub(crate) fn play_overdue<G: HostedGame>(
        &self,
        now: Millis,
        owns: impl Fn(crate::GuildId) -> bool,
    ) -> Result<Vec<PlayResult>> {
        let mut out = Vec::new();
        // The heads decide which games to look at again, each in its transaction.
        for g in self.games_without_moves()? {
            if g.terms.kind() != G::KIND || !owns(g.guild) || G::overdue(&g, now).is_none() {
                continue;
            }
            let channel = g.channel;
            let played = self.transact(None, now, |tx| {
                let Some(head) =
                    tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))?
                else {
                    return Ok(None);
                };
                if head.game.terms.kind() != G::KIND {
                    return Ok(None);
                }
                let Some((seat, action)) = G::overdue(&head.game, now) else {
                    return Ok(None);
                };
                if G::clock(&head.game).or_else(fail)?.seat() != Some(seat) {
                    return Ok(None);
                }
                act::<G>(tx, channel, None, action).map(Some)
            })?;
            out.extend(played);
        }
        if !out.is_empty() {
            self.flush()?;
        }
        Ok(out)
    }
}
