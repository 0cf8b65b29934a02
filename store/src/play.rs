//! Games in progress, for every game alike: the one action path ([`act`], behind
//! [`Store::play`] and [`Store::act`]), resignation, draw offers, wins on time, aborts,
//! the stalled-game sweep and the actions the host plays for a player out of time. Each
//! operation is one transaction (see [`Store::mutate`]); what differs between games is
//! asked of the game interface ([`crate::games`]).

use crate::codec::key1;
use crate::game::{Clock, End};
use crate::games;
use crate::model::{Game, GameHead, Settlement};
use crate::schema::t;
use crate::settle::*;
use crate::tx::{fail, game_name, TxResult};
use crate::Receipt;
use crate::{
    ChannelId, EndReason, GameId, HostEnding, Millis, Result, Seat, Stamp, Store, StoreError,
};

impl Store {
    /// A player resigns the game `game_id`: the opponent wins.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::GameReplaced`], [`StoreError::NotAPlayer`].
    pub fn resign(&self, req: Stamp, channel: ChannelId, game_id: GameId) -> Result<Settlement> {
        self.mutate(req, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            if head.game.id != game_id {
                return fail(StoreError::GameReplaced);
            }
            let Some(seat) = head.game.seat_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            settle(
                tx,
                head,
                End::Win(seat.other()),
                EndReason::Host(HostEnding::Resignation),
                None,
            )
        })
    }

    /// Moves game `game_id`, just accepted in `channel`, into `thread`: the thread the bot
    /// opened for it from the challenge message. One transaction that checks the game is
    /// still there (and `thread` holds no other game); done again with the same
    /// arguments, it finds the game already moved and returns it. The game keeps its
    /// version: nothing a player saw of it changes.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::GameReplaced`] (another game is in
    /// `channel`), [`StoreError::ChannelBusy`] (`thread` holds another game).
    pub fn move_to_thread(
        &self,
        now: Millis,
        channel: ChannelId,
        game_id: GameId,
        thread: ChannelId,
    ) -> Result<Game> {
        let head = self.transact(None, now, |tx| {
            if let Some(there) =
                tx.get::<GameHead>(t::GAMES, &key1(thread), || game_name(thread))?
            {
                return if there.game.id == game_id && there.game.parent == Some(channel) {
                    Ok(there)
                } else {
                    fail(StoreError::ChannelBusy {
                        what: "a game in progress",
                    })
                };
            }
            let mut head = load_game(tx, channel)?;
            if head.game.id != game_id {
                return fail(StoreError::GameReplaced);
            }
            tx.remove(t::GAMES, &key1(channel))?;
            head.game.channel = thread;
            head.game.parent = Some(channel);
            tx.put(t::GAMES, &key1(thread), &head)?;
            Ok(head)
        })?;
        self.flush()?;
        self.load_head(head)
    }

    /// A player offers a draw; the offer stands until the opponent accepts or declines
    /// it, or makes a move. Returns the game (its version goes up).
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`],
    /// [`StoreError::DrawAlreadyOffered`].
    pub fn offer_draw(&self, req: Stamp, channel: ChannelId) -> Result<Game> {
        let (mut game, plies) = self.mutate_with(req, receipt!(Game), |tx| {
            let mut head = load_game(tx, channel)?;
            let game = &mut head.game;
            if game.seat_of(req.user).is_none() {
                return fail(StoreError::NotAPlayer);
            }
            if let Some(by) = game.draw_offer {
                return fail(StoreError::DrawAlreadyOffered { by });
            }
            game.draw_offer = Some(req.user);
            game.version += 1;
            tx.put(t::GAMES, &key1(channel), &head)?;
            Ok((head.game, Some(head.plies)))
        })?;
        self.fill_moves(&mut game, plies)?;
        Ok(game)
    }

    /// The opponent of the player who offered a draw declines it.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoDrawOffer`].
    pub fn decline_draw(&self, req: Stamp, channel: ChannelId, game_id: GameId) -> Result<Game> {
        let (mut game, plies) = self.mutate_with(req, receipt!(Game), |tx| {
            let mut head = load_game(tx, channel)?;
            check_draw_answer(&head.game, game_id, req.user)?;
            head.game.draw_offer = None;
            head.game.version += 1;
            tx.put(t::GAMES, &key1(channel), &head)?;
            Ok((head.game, Some(head.plies)))
        })?;
        self.fill_moves(&mut game, plies)?;
        Ok(game)
    }

    /// The opponent of the player who offered a draw accepts it: the game is drawn.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoDrawOffer`].
    pub fn accept_draw(
        &self,
        req: Stamp,
        channel: ChannelId,
        game_id: GameId,
    ) -> Result<Settlement> {
        self.mutate(req, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            check_draw_answer(&head.game, game_id, req.user)?;
            settle(
                tx,
                head,
                End::Draw,
                EndReason::Host(HostEnding::Agreement),
                None,
            )
        })
    }

    /// The player not to act claims a win on time: allowed once more than the agreed
    /// move time has passed since the last action (or the start). Who must act is the
    /// game's [`Clock`]: in a battle of cards, the player whose card is awaited; a
    /// defender's card is under the battle time instead, and is played for them when it
    /// runs out, so no claim stands against them.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoTimeLimit`],
    /// [`StoreError::CannotClaimOnOwnTurn`], [`StoreError::BattleTimeNotUp`],
    /// [`StoreError::TimeNotUp`] with the time that remains.
    pub fn claim_time(&self, req: Stamp, channel: ChannelId) -> Result<Settlement> {
        self.mutate(req, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            let game = &head.game;
            let Some(seat) = game.seat_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            let Some(deadline) = game.deadline() else {
                return fail(StoreError::NoTimeLimit);
            };
            match games::clock(game).or_else(fail)? {
                Clock::Move(s) if s == seat => return fail(StoreError::CannotClaimOnOwnTurn),
                Clock::Card(s, _) if s == seat => return fail(StoreError::CannotClaimOnOwnTurn),
                Clock::Card(_, due) => {
                    return fail(StoreError::BattleTimeNotUp {
                        remaining_ms: due.saturating_sub(req.now).max(1),
                    });
                }
                Clock::Over => return fail(StoreError::NoGame),
                Clock::Move(_) => {}
            }
            if req.now <= deadline {
                return fail(StoreError::TimeNotUp {
                    remaining_ms: (deadline - req.now).max(1),
                });
            }
            settle(
                tx,
                head,
                End::Win(seat),
                EndReason::Host(HostEnding::Time),
                None,
            )
        })
    }

    /// An admin aborts the game: all remaining escrow is refunded (piece prices already
    /// paid stay paid), no win, loss or draw is counted, and the game is archived as
    /// aborted with `note`. The store does not check that `req.user` is an admin.
    ///
    /// # Errors
    /// [`StoreError::NoGame`].
    pub fn abort(
        &self,
        req: Stamp,
        channel: ChannelId,
        game_id: GameId,
        note: &str,
    ) -> Result<Settlement> {
        self.mutate(req, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            if head.game.id != game_id {
                return fail(StoreError::GameReplaced);
            }
            settle(
                tx,
                head,
                End::Aborted,
                EndReason::Host(HostEnding::Aborted),
                Some(note.to_owned()),
            )
        })
    }

    /// The bot's own upkeep of games nobody plays, at `now`: a practice game whose move
    /// time has passed since the last move ends as abandoned (no money, not counted); a
    /// game with money (or none) where nobody has acted for three times its move time
    /// is lost on time by the player to move. Each game is its own transaction that
    /// checks again. Returns the games it ended.
    ///
    /// # Errors
    /// Storage failures.
    pub fn settle_stalled(&self, now: Millis) -> Result<Vec<Settlement>> {
        self.settle_stalled_where(now, |_| true)
    }

    /// [`settle_stalled`](Self::settle_stalled) for the servers `owns` accepts only (a
    /// bot process sweeps the servers of its own shards).
    ///
    /// # Errors
    /// As [`settle_stalled`](Self::settle_stalled).
    pub fn settle_stalled_where(
        &self,
        now: Millis,
        owns: impl Fn(crate::GuildId) -> bool,
    ) -> Result<Vec<Settlement>> {
        let mut out = Vec::new();
        // The heads decide which games to look at again, each in its transaction.
        for g in self.games_without_moves()? {
            if !owns(g.guild) || !matches!(stalled(&g, now), Ok(Some(_))) {
                continue;
            }
            let channel = g.channel;
            let ended = self.transact(None, now, |tx| {
                let Some(head) =
                    tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))?
                else {
                    return Ok(None);
                };
                match stalled(&head.game, now)? {
                    None => Ok(None),
                    Some(Stalled::Abandoned) => settle(
                        tx,
                        head,
                        End::Aborted,
                        EndReason::Host(HostEnding::Abandoned),
                        None,
                    )
                    .map(Some),
                    Some(Stalled::LostOnTime(loser)) => {
                        let winner = loser.other();
                        settle(
                            tx,
                            head,
                            End::Win(winner),
                            EndReason::Host(HostEnding::Time),
                            None,
                        )
                        .map(Some)
                    }
                }
            })?;
            out.extend(ended);
        }
        if !out.is_empty() {
            self.flush()?;
        }
        Ok(out)
    }
}

/// Why the bot ends a game nobody plays.
enum Stalled {
    /// A practice game nobody touched for its move time.
    Abandoned,
    /// The player of this seat, who must act under the move time, let three times it
    /// pass.
    LostOnTime(Seat),
}

fn stalled(game: &Game, now: Millis) -> TxResult<Option<Stalled>> {
    let Some(minutes) = game.terms.move_time_minutes else {
        return Ok(None);
    };
    let limit = u64::from(minutes) * 60_000;
    let idle = now.saturating_sub(game.last_move_at);
    if game.terms.practice {
        return Ok((idle >= limit).then_some(Stalled::Abandoned));
    }
    if idle < limit.saturating_mul(3) {
        return Ok(None);
    }
    // A battle's defender is under the battle time: their card is played for them.
    Ok(match games::clock(game).or_else(fail)? {
        Clock::Move(seat) => Some(Stalled::LostOnTime(seat)),
        Clock::Card(..) | Clock::Over => None,
    })
}

/// Asserts `Receipt::Finished` exists for `receipt!(Finished)`.
const _: fn(Settlement) -> Receipt = Receipt::Finished;
