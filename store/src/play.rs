//! Games in progress: moves, resignation, draw offers, wins on time, aborts. Each
//! operation is one transaction (see [`Store::mutate`]).

use jetan_rules::Square;

use crate::codec::{key1, key2};
use crate::model::{
    EndReason, Game, GameHead, MoveRecord, MoveResult, PaymentKind, Receipt, Settlement,
};
use crate::settle::*;
use crate::tx::{fail, game_name, t};
use crate::{ChannelId, GameId, Millis, Result, Stamp, Store, StoreError};

impl Store {
    /// Plays a move. `expected_version` is the game version the move was chosen against
    /// (what the player saw), in the game `game_id`; `from`/`to` name the move
    /// (RULES.md §3.5).
    ///
    /// In one transaction: checks the version and the turn, plays the move by the rules
    /// (Manator duels from the game's seeded stream), records it, pays the price of a
    /// killed piece from its owner's escrow to the opponent, and if the move ends the
    /// game settles the pot, archives the game and frees the channel.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoGame`], [`StoreError::GameReplaced`],
    /// [`StoreError::NotAPlayer`], [`StoreError::GameChanged`], [`StoreError::NotYourTurn`],
    /// [`StoreError::IllegalMove`] with the rules' reason.
    pub fn play(
        &self,
        req: Stamp,
        channel: ChannelId,
        (game_id, expected_version): (GameId, u64),
        from: Square,
        to: Square,
    ) -> Result<MoveResult> {
        self.mutate(req.id, req.now, receipt!(Move), |tx| {
            let mut head = load_game(tx, channel)?;
            let game = &mut head.game;
            let color = match game.check_target(game_id, req.user, false, expected_version) {
                Ok(color) => color,
                Err(e) => return fail(e),
            };
            let pos = match game.position() {
                Ok(p) => p,
                Err(e) => return fail(e),
            };
            if pos.turn() != color {
                return fail(StoreError::NotYourTurn {
                    to_move: game.player(pos.turn()),
                });
            }
            let m = match pos.find_move(from, to) {
                Ok(m) => m,
                Err(e) => return fail(e.into()),
            };
            let mut dice = duel_stream(&head);
            let (next, report) = match pos.play(m, &mut dice) {
                Ok(x) => x,
                Err(e) => return fail(e.reason.into()),
            };
            let record = MoveRecord {
                from,
                to,
                piece: report.piece,
                killed: report.killed,
                duel: report.duel.map(|d| d.attacker_won),
                at: req.now,
            };
            // The move is its own record: the game record stays the same size.
            let ply = head.plies;
            tx.put(t::MOVES, &key2(head.game.id, u64::from(ply)), &record)?;
            let (Some(plies), Some(duels)) = (
                head.plies.checked_add(1),
                head.duels.checked_add(u32::from(record.duel.is_some())),
            ) else {
                return fail(StoreError::Overflow("counting a game's moves".into()));
            };
            (head.plies, head.duels) = (plies, duels);
            let game = &mut head.game;
            game.position = next.to_string();
            game.version += 1;
            game.last_move_at = req.now;
            let draw_offer_cleared = game.draw_offer.is_some_and(|by| by != req.user);
            if draw_offer_cleared {
                game.draw_offer = None;
            }
            let mut payments = Vec::new();
            if let Some(victim) = report.killed {
                let price = u64::from(victim.role.value()).checked_mul(game.terms.piece_price);
                let Some(price) = price else {
                    return fail(StoreError::Overflow("pricing a piece".into()));
                };
                if price > 0 {
                    payments.push(pay(
                        tx,
                        &mut head.game,
                        victim.color,
                        price,
                        PaymentKind::Piece { piece: victim },
                    )?);
                }
            }
            let (game_id, version, position) =
                (head.game.id, head.game.version, head.game.position.clone());
            let finished = match report.outcome {
                None => {
                    tx.put(t::GAMES, &key1(channel), &head)?;
                    None
                }
                Some(o) => {
                    let end = o.winner().map_or(End::Draw, End::Win);
                    Some(settle(tx, head, end, EndReason::from_outcome(o), None)?)
                }
            };
            Ok(MoveResult {
                game_id,
                mv: record,
                by: req.user,
                version,
                ply,
                position,
                countdown_started: report.countdown_started,
                payments,
                draw_offer_cleared,
                finished,
            })
        })
    }

    /// A player resigns the game `game_id`: the opponent wins.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::GameReplaced`], [`StoreError::NotAPlayer`].
    pub fn resign(&self, req: Stamp, channel: ChannelId, game_id: GameId) -> Result<Settlement> {
        self.mutate(req.id, req.now, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            if head.game.id != game_id {
                return fail(StoreError::GameReplaced);
            }
            let Some(color) = head.game.color_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            settle(
                tx,
                head,
                End::Win(color.other()),
                EndReason::Resignation,
                None,
            )
        })
    }

    /// A player offers a draw; the offer stands until the opponent accepts or declines
    /// it, or makes a move. Returns the game (its version goes up).
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`],
    /// [`StoreError::DrawAlreadyOffered`].
    pub fn offer_draw(&self, req: Stamp, channel: ChannelId) -> Result<Game> {
        let (mut game, plies) = self.mutate_with(req.id, req.now, receipt!(Game), |tx| {
            let mut head = load_game(tx, channel)?;
            let game = &mut head.game;
            if game.color_of(req.user).is_none() {
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
        let (mut game, plies) = self.mutate_with(req.id, req.now, receipt!(Game), |tx| {
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
        self.mutate(req.id, req.now, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            check_draw_answer(&head.game, game_id, req.user)?;
            settle(tx, head, End::Draw, EndReason::Agreement, None)
        })
    }

    /// The player not to move claims a win on time: allowed once more than the agreed
    /// move time has passed since the last move (or the start).
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoTimeLimit`],
    /// [`StoreError::CannotClaimOnOwnTurn`], [`StoreError::TimeNotUp`] with the time
    /// that remains.
    pub fn claim_time(&self, req: Stamp, channel: ChannelId) -> Result<Settlement> {
        self.mutate(req.id, req.now, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            let game = &head.game;
            let Some(color) = game.color_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            let Some(deadline) = game.deadline() else {
                return fail(StoreError::NoTimeLimit);
            };
            if head.turn() == color {
                return fail(StoreError::CannotClaimOnOwnTurn);
            }
            if req.now <= deadline {
                return fail(StoreError::TimeNotUp {
                    remaining_ms: (deadline - req.now).max(1),
                });
            }
            settle(tx, head, End::Win(color), EndReason::Time, None)
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
        self.mutate(req.id, req.now, receipt!(Finished), |tx| {
            let head = load_game(tx, channel)?;
            if head.game.id != game_id {
                return fail(StoreError::GameReplaced);
            }
            settle(
                tx,
                head,
                End::Aborted,
                EndReason::Aborted,
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
        for g in self.games()? {
            if !owns(g.guild) || stalled(&g, now).is_none() {
                continue;
            }
            let channel = g.channel;
            let ended = self.transact(None, now, |tx| {
                let Some(head) =
                    tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))?
                else {
                    return Ok(None);
                };
                match stalled(&head.game, now) {
                    None => Ok(None),
                    Some(Stalled::Abandoned) => {
                        settle(tx, head, End::Aborted, EndReason::Abandoned, None).map(Some)
                    }
                    Some(Stalled::LostOnTime) => {
                        let winner = head.turn().other();
                        settle(tx, head, End::Win(winner), EndReason::Time, None).map(Some)
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
    Abandoned,
    LostOnTime,
}

fn stalled(game: &Game, now: Millis) -> Option<Stalled> {
    let limit = u64::from(game.terms.move_time_minutes?) * 60_000;
    let idle = now.saturating_sub(game.last_move_at);
    if game.terms.practice {
        (idle >= limit).then_some(Stalled::Abandoned)
    } else {
        (idle >= limit.saturating_mul(3)).then_some(Stalled::LostOnTime)
    }
}
