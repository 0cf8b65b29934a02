//! The mutating operations. Each is one transaction (see [`Store::mutate`]).

use jetan_rules::{Color, Dice, DuelStream, Position, Square};

use crate::codec::key1;
use crate::model::{
    Challenge, ChallengeClosed, ClosedHow, DailyClaim, EndReason, EntryKind, FinishedGame, Game,
    GameResult, Granted, MoveRecord, MoveResult, Payment, PaymentKind, PerSide, Receipt, Release,
    Settlement, Terms, DAY_MS, MAX_AMOUNT,
};
use crate::tx::{challenge_name, fail, game_name, t, to_i64, Tx, TxResult};
use crate::{ChannelId, GuildId, Millis, Request, Result, Store, StoreError, UserId};

/// How a game ends, as decided by the operation that ends it.
#[derive(Clone, Copy)]
enum End {
    Win(Color),
    Draw,
    Aborted,
}

impl Store {
    /// Challenges `opponent` to a game in `channel` on `terms`. The challenger's escrow
    /// (stake + piece reserve, see [`Terms::escrow`]) moves from their balance into
    /// escrow now; the opponent's ability to cover the same is checked now too. An
    /// expired challenge still open in the channel is expired (refunded) first.
    ///
    /// # Errors
    /// Refusals: [`StoreError::ChannelNotAllowed`], [`StoreError::SelfChallenge`],
    /// [`StoreError::InvalidTerms`], [`StoreError::ChannelBusy`],
    /// [`StoreError::InsufficientFunds`] naming who cannot cover the escrow.
    pub async fn challenge(
        &self,
        req: Request,
        guild: GuildId,
        channel: ChannelId,
        opponent: UserId,
        terms: Terms,
    ) -> Result<Challenge> {
        terms.validate()?;
        if opponent == req.user {
            return Err(StoreError::SelfChallenge);
        }
        let escrow = terms.escrow()?;
        self.mutate(
            req.id,
            req.now,
            Receipt::Challenge,
            unwrap_challenge,
            |tx| {
                let settings = tx.settings(guild)?;
                if !settings.allows(channel) {
                    return fail(StoreError::ChannelNotAllowed);
                }
                if tx.trees[t::GAMES].get(key1(channel))?.is_some() {
                    return fail(StoreError::ChannelBusy {
                        what: "a game in progress",
                    });
                }
                if let Some(old) =
                    tx.get::<Challenge>(t::CHALLENGES, &key1(channel), || challenge_name(channel))?
                {
                    if req.now < old.expires_at {
                        return fail(StoreError::ChannelBusy {
                            what: "an open challenge",
                        });
                    }
                    close_challenge(tx, old, ClosedHow::Expired)?;
                }
                let id = tx.next_id()?;
                let mut held = 0;
                if !terms.practice && escrow > 0 {
                    let mine = tx.peek_wallet(guild, req.user)?;
                    let theirs = tx.peek_wallet(guild, opponent)?;
                    for (user, w) in [(req.user, &mine), (opponent, &theirs)] {
                        if w.balance < escrow {
                            return fail(StoreError::InsufficientFunds {
                                user,
                                available: w.balance,
                                needed: escrow,
                                what: "the stake and piece reserve",
                                currency: settings.currency.clone(),
                            });
                        }
                    }
                    let e = to_i64(escrow)?;
                    tx.money(
                        guild,
                        req.user,
                        EntryKind::Escrow,
                        -e,
                        e,
                        Some(id),
                        "challenge escrow",
                    )?;
                    held = escrow;
                }
                let c = Challenge {
                    id,
                    guild,
                    channel,
                    challenger: req.user,
                    challenged: opponent,
                    terms: terms.clone(),
                    created_at: req.now,
                    expires_at: req.now.saturating_add(settings.challenge_expiry_ms),
                    held,
                };
                tx.put(t::CHALLENGES, &key1(channel), &c)?;
                Ok(c)
            },
        )
        .await
    }

    /// The challenged player accepts: their escrow moves in, and the game starts with
    /// `first_mover` (the challenger or the challenged, the bot having resolved
    /// [`FirstMover`](crate::FirstMover)) playing Black, who moves first, from the
    /// variant's start position, at version 1. `seed` seeds the Manator duel stream.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoChallenge`], [`StoreError::AlreadyStarted`] (a second
    /// accept), [`StoreError::NotChallenged`], [`StoreError::ChallengeExpired`],
    /// [`StoreError::InvalidTerms`] if `first_mover` is neither player,
    /// [`StoreError::InsufficientFunds`].
    pub async fn accept(
        &self,
        req: Request,
        channel: ChannelId,
        first_mover: UserId,
        seed: u64,
    ) -> Result<Game> {
        self.mutate(req.id, req.now, Receipt::Accept, unwrap_accept, |tx| {
            let Some(c) =
                tx.get::<Challenge>(t::CHALLENGES, &key1(channel), || challenge_name(channel))?
            else {
                if tx.trees[t::GAMES].get(key1(channel))?.is_some() {
                    return fail(StoreError::AlreadyStarted);
                }
                return fail(StoreError::NoChallenge);
            };
            if req.user != c.challenged {
                return fail(StoreError::NotChallenged {
                    challenged: c.challenged,
                });
            }
            if req.now >= c.expires_at {
                return fail(StoreError::ChallengeExpired);
            }
            let second = if first_mover == c.challenger {
                c.challenged
            } else if first_mover == c.challenged {
                c.challenger
            } else {
                return fail(StoreError::InvalidTerms(
                    "the first mover must be one of the players".into(),
                ));
            };
            let escrow = match c.terms.escrow() {
                Ok(e) => e,
                Err(e) => return fail(e),
            };
            if !c.terms.practice && escrow > 0 {
                let w = tx.peek_wallet(c.guild, c.challenged)?;
                if w.balance < escrow {
                    return fail(StoreError::InsufficientFunds {
                        user: c.challenged,
                        available: w.balance,
                        needed: escrow,
                        what: "the stake and piece reserve",
                        currency: tx.settings(c.guild)?.currency,
                    });
                }
                let e = to_i64(escrow)?;
                tx.money(
                    c.guild,
                    c.challenged,
                    EntryKind::Escrow,
                    -e,
                    e,
                    Some(c.id),
                    "game escrow",
                )?;
            }
            let held = if c.terms.practice { 0 } else { escrow };
            let game = Game {
                id: c.id,
                guild: c.guild,
                channel,
                black: first_mover,
                orange: second,
                challenger: c.challenger,
                terms: c.terms.clone(),
                seed,
                moves: Vec::new(),
                position: Position::start_of(c.terms.variant).to_string(),
                started_at: req.now,
                last_move_at: req.now,
                version: 1,
                draw_offer: None,
                escrow: PerSide::both(held),
                net: PerSide::default(),
            };
            tx.remove(t::CHALLENGES, &key1(channel))?;
            tx.put(t::GAMES, &key1(channel), &game)?;
            Ok(game)
        })
        .await
    }

    /// The challenged player declines; the challenger is refunded.
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::NotChallenged`].
    pub async fn decline(&self, req: Request, channel: ChannelId) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Declined).await
    }

    /// The challenger withdraws the challenge and is refunded.
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::NotChallenger`].
    pub async fn cancel(&self, req: Request, channel: ChannelId) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Cancelled).await
    }

    /// Expires the channel's challenge (anyone may, once `req.now >= expires_at`); the
    /// challenger is refunded.
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::NotExpired`].
    pub async fn expire(&self, req: Request, channel: ChannelId) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Expired).await
    }

    async fn close(
        &self,
        req: Request,
        channel: ChannelId,
        how: ClosedHow,
    ) -> Result<ChallengeClosed> {
        self.mutate(req.id, req.now, Receipt::Closed, unwrap_closed, |tx| {
            let Some(c) =
                tx.get::<Challenge>(t::CHALLENGES, &key1(channel), || challenge_name(channel))?
            else {
                return fail(StoreError::NoChallenge);
            };
            match how {
                ClosedHow::Declined if req.user != c.challenged => {
                    return fail(StoreError::NotChallenged {
                        challenged: c.challenged,
                    })
                }
                ClosedHow::Cancelled if req.user != c.challenger => {
                    return fail(StoreError::NotChallenger {
                        challenger: c.challenger,
                    })
                }
                ClosedHow::Expired if req.now < c.expires_at => {
                    return fail(StoreError::NotExpired {
                        remaining_ms: c.expires_at - req.now,
                    })
                }
                _ => {}
            }
            close_challenge(tx, c, how)
        })
        .await
    }

    /// Expires (and refunds) every challenge due at `now`; returns them. Safe to run
    /// at any time and from several places: each expiry is its own transaction that
    /// re-checks the challenge.
    ///
    /// # Errors
    /// Storage failures. A challenge that does not decode is skipped and logged.
    pub async fn expire_due(&self, now: Millis) -> Result<Vec<ChallengeClosed>> {
        let mut out = Vec::new();
        for c in self.open_challenges()? {
            if now < c.expires_at {
                continue;
            }
            let channel = c.channel;
            let closed = self.transact(None, now, |tx| {
                match tx
                    .get::<Challenge>(t::CHALLENGES, &key1(channel), || challenge_name(channel))?
                {
                    Some(c) if now >= c.expires_at => {
                        close_challenge(tx, c, ClosedHow::Expired).map(Some)
                    }
                    _ => Ok(None),
                }
            })?;
            out.extend(closed);
        }
        if !out.is_empty() {
            self.flush().await?;
        }
        Ok(out)
    }

    /// Plays a move. `expected_version` is the game version the move was chosen against
    /// (what the player saw); `from`/`to` name the move (RULES.md §3.5).
    ///
    /// In one transaction: checks the version and the turn, plays the move by the rules
    /// (Manator duels from the game's seeded stream), records it, pays the price of a
    /// killed piece from its owner's escrow to the opponent, and if the move ends the
    /// game settles the pot, archives the game and frees the channel.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoGame`], [`StoreError::NotAPlayer`],
    /// [`StoreError::GameChanged`], [`StoreError::NotYourTurn`],
    /// [`StoreError::IllegalMove`] with the rules' reason.
    pub async fn play(
        &self,
        req: Request,
        channel: ChannelId,
        expected_version: u64,
        from: Square,
        to: Square,
    ) -> Result<MoveResult> {
        self.mutate(req.id, req.now, Receipt::Move, unwrap_move, |tx| {
            let mut game = load_game(tx, channel)?;
            let Some(color) = game.color_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            if game.version != expected_version {
                return fail(StoreError::GameChanged {
                    expected: expected_version,
                    current: game.version,
                });
            }
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
            let mut dice = duel_stream(&game);
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
            game.moves.push(record);
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
                        &mut game,
                        victim.color,
                        price,
                        PaymentKind::Piece { piece: victim },
                    )?);
                }
            }
            let finished = match report.outcome {
                None => {
                    tx.put(t::GAMES, &key1(channel), &game)?;
                    None
                }
                Some(o) => {
                    let end = o.winner().map_or(End::Draw, End::Win);
                    Some(settle(
                        tx,
                        game.clone(),
                        end,
                        EndReason::from_outcome(o),
                        None,
                    )?)
                }
            };
            Ok(MoveResult {
                game_id: game.id,
                mv: record,
                by: req.user,
                version: game.version,
                position: game.position,
                countdown_started: report.countdown_started,
                payments,
                draw_offer_cleared,
                finished,
            })
        })
        .await
    }

    /// A player resigns: the opponent wins.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`].
    pub async fn resign(&self, req: Request, channel: ChannelId) -> Result<Settlement> {
        self.mutate(req.id, req.now, Receipt::Finished, unwrap_finished, |tx| {
            let game = load_game(tx, channel)?;
            let Some(color) = game.color_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            settle(
                tx,
                game,
                End::Win(color.other()),
                EndReason::Resignation,
                None,
            )
        })
        .await
    }

    /// A player offers a draw; the offer stands until the opponent accepts or declines
    /// it, or makes a move. Returns the game (its version goes up).
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`],
    /// [`StoreError::DrawAlreadyOffered`].
    pub async fn offer_draw(&self, req: Request, channel: ChannelId) -> Result<Game> {
        self.mutate(req.id, req.now, Receipt::Game, unwrap_game, |tx| {
            let mut game = load_game(tx, channel)?;
            if game.color_of(req.user).is_none() {
                return fail(StoreError::NotAPlayer);
            }
            if let Some(by) = game.draw_offer {
                return fail(StoreError::DrawAlreadyOffered { by });
            }
            game.draw_offer = Some(req.user);
            game.version += 1;
            tx.put(t::GAMES, &key1(channel), &game)?;
            Ok(game)
        })
        .await
    }

    /// The opponent of the player who offered a draw declines it.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoDrawOffer`].
    pub async fn decline_draw(&self, req: Request, channel: ChannelId) -> Result<Game> {
        self.mutate(req.id, req.now, Receipt::Game, unwrap_game, |tx| {
            let mut game = load_game(tx, channel)?;
            check_draw_answer(&game, req.user)?;
            game.draw_offer = None;
            game.version += 1;
            tx.put(t::GAMES, &key1(channel), &game)?;
            Ok(game)
        })
        .await
    }

    /// The opponent of the player who offered a draw accepts it: the game is drawn.
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoDrawOffer`].
    pub async fn accept_draw(&self, req: Request, channel: ChannelId) -> Result<Settlement> {
        self.mutate(req.id, req.now, Receipt::Finished, unwrap_finished, |tx| {
            let game = load_game(tx, channel)?;
            check_draw_answer(&game, req.user)?;
            settle(tx, game, End::Draw, EndReason::Agreement, None)
        })
        .await
    }

    /// The player not to move claims a win on time: allowed once more than the agreed
    /// move time has passed since the last move (or the start).
    ///
    /// # Errors
    /// [`StoreError::NoGame`], [`StoreError::NotAPlayer`], [`StoreError::NoTimeLimit`],
    /// [`StoreError::CannotClaimOnOwnTurn`], [`StoreError::TimeNotUp`] with the time
    /// that remains.
    pub async fn claim_time(&self, req: Request, channel: ChannelId) -> Result<Settlement> {
        self.mutate(req.id, req.now, Receipt::Finished, unwrap_finished, |tx| {
            let game = load_game(tx, channel)?;
            let Some(color) = game.color_of(req.user) else {
                return fail(StoreError::NotAPlayer);
            };
            let Some(deadline) = game.deadline() else {
                return fail(StoreError::NoTimeLimit);
            };
            if game.turn() == color {
                return fail(StoreError::CannotClaimOnOwnTurn);
            }
            if req.now <= deadline {
                return fail(StoreError::TimeNotUp {
                    remaining_ms: (deadline - req.now).max(1),
                });
            }
            settle(tx, game, End::Win(color), EndReason::Time, None)
        })
        .await
    }

    /// An admin aborts the game: all remaining escrow is refunded (piece prices already
    /// paid stay paid), no win, loss or draw is counted, and the game is archived as
    /// aborted with `note`. The store does not check that `req.user` is an admin.
    ///
    /// # Errors
    /// [`StoreError::NoGame`].
    pub async fn abort(&self, req: Request, channel: ChannelId, note: &str) -> Result<Settlement> {
        self.mutate(req.id, req.now, Receipt::Finished, unwrap_finished, |tx| {
            let game = load_game(tx, channel)?;
            settle(
                tx,
                game,
                End::Aborted,
                EndReason::Aborted,
                Some(note.to_owned()),
            )
        })
        .await
    }

    /// Claims the daily allowance: once per 24 hours from the last claim.
    ///
    /// # Errors
    /// [`StoreError::DailyNotReady`] with the time to wait.
    pub async fn daily(&self, req: Request, guild: GuildId) -> Result<DailyClaim> {
        self.mutate(req.id, req.now, Receipt::Daily, unwrap_daily, |tx| {
            let settings = tx.settings(guild)?;
            let w = tx.wallet(guild, req.user)?;
            if let Some(last) = w.last_daily {
                let next = last.saturating_add(DAY_MS);
                if req.now < next {
                    return fail(StoreError::DailyNotReady {
                        wait_ms: next - req.now,
                    });
                }
            }
            let amount = settings.daily_allowance;
            if amount > 0 {
                tx.money(
                    guild,
                    req.user,
                    EntryKind::Daily,
                    to_i64(amount)?,
                    0,
                    None,
                    "daily allowance",
                )?;
            }
            let w = tx.update_wallet(guild, req.user, |w| {
                w.last_daily = Some(req.now);
                Ok(())
            })?;
            Ok(DailyClaim {
                amount,
                balance: w.balance,
                next_at: req.now.saturating_add(DAY_MS),
            })
        })
        .await
    }

    /// An admin grants `amount` (positive) to `user`. The store does not check that
    /// `req.user` is an admin.
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] for 0 or more than [`MAX_AMOUNT`].
    pub async fn grant(
        &self,
        req: Request,
        guild: GuildId,
        user: UserId,
        amount: u64,
        reason: &str,
    ) -> Result<Granted> {
        if amount == 0 || amount > MAX_AMOUNT {
            return Err(StoreError::InvalidAmount(format!(
                "a grant must be between 1 and {MAX_AMOUNT}"
            )));
        }
        self.mutate(req.id, req.now, Receipt::Grant, unwrap_grant, |tx| {
            let text = if reason.is_empty() {
                format!("grant by {}", req.user)
            } else {
                format!("grant by {}: {reason}", req.user)
            };
            let w = tx.money(
                guild,
                user,
                EntryKind::Grant,
                to_i64(amount)?,
                0,
                None,
                &text,
            )?;
            if w.balance > MAX_AMOUNT.saturating_mul(1000) {
                return fail(StoreError::InvalidAmount(
                    "that balance would be too large".into(),
                ));
            }
            Ok(Granted {
                user,
                amount,
                balance: w.balance,
            })
        })
        .await
    }
}

fn load_game(tx: &Tx<'_>, channel: ChannelId) -> TxResult<Game> {
    match tx.get::<Game>(t::GAMES, &key1(channel), || game_name(channel))? {
        Some(g) => Ok(g),
        None => fail(StoreError::NoGame),
    }
}

fn check_draw_answer(game: &Game, user: UserId) -> TxResult<()> {
    if game.color_of(user).is_none() {
        return fail(StoreError::NotAPlayer);
    }
    match game.draw_offer {
        Some(by) if by != user => Ok(()),
        _ => fail(StoreError::NoDrawOffer),
    }
}

/// The game's duel stream, advanced past the duels already fought.
pub(crate) fn duel_stream(game: &Game) -> DuelStream {
    duel_stream_from(game.seed, game.duels())
}

/// The duel stream of `seed`, advanced past `duels` duels (each uses one number).
pub(crate) fn duel_stream_from(seed: u64, duels: usize) -> DuelStream {
    let mut s = DuelStream::new(seed);
    for _ in 0..duels {
        s.next_u64();
    }
    s
}

/// Asserts [`DuelStream`] is a [`Dice`] (what `play` consumes).
const _: fn(&mut DuelStream) -> &mut dyn Dice = |d| d;

/// Refunds a challenge and removes it.
fn close_challenge(tx: &Tx<'_>, c: Challenge, how: ClosedHow) -> TxResult<ChallengeClosed> {
    if c.held > 0 {
        let h = to_i64(c.held)?;
        let why = match how {
            ClosedHow::Declined => "challenge declined",
            ClosedHow::Cancelled => "challenge cancelled",
            ClosedHow::Expired => "challenge expired",
        };
        tx.money(
            c.guild,
            c.challenger,
            EntryKind::Refund,
            h,
            -h,
            Some(c.id),
            why,
        )?;
    }
    tx.remove(t::CHALLENGES, &key1(c.channel))?;
    Ok(ChallengeClosed {
        refunded: c.held,
        challenge: c,
        how,
    })
}

/// Pays `amount` from `payer`'s game escrow to the other side's balance.
fn pay(
    tx: &Tx<'_>,
    game: &mut Game,
    payer: Color,
    amount: u64,
    kind: PaymentKind,
) -> TxResult<Payment> {
    let receiver = payer.other();
    let Some(left) = game.escrow[payer].checked_sub(amount) else {
        return fail(StoreError::Overflow(format!(
            "paying {amount} from an escrow of {} in game {}",
            game.escrow[payer], game.id
        )));
    };
    let a = to_i64(amount)?;
    let (Some(np), Some(nr)) = (
        game.net[payer].checked_sub(a),
        game.net[receiver].checked_add(a),
    ) else {
        return fail(StoreError::Overflow("adding up a game's money".into()));
    };
    game.escrow[payer] = left;
    game.net[payer] = np;
    game.net[receiver] = nr;
    let (entry, why) = match kind {
        PaymentKind::Piece { .. } => (EntryKind::PiecePrice, "piece price"),
        PaymentKind::Stake => (EntryKind::Payout, "stake lost"),
    };
    let (from, to) = (game.player(payer), game.player(receiver));
    tx.money(game.guild, from, entry, 0, -a, Some(game.id), why)?;
    tx.money(game.guild, to, entry, a, 0, Some(game.id), why)?;
    Ok(Payment {
        from,
        to,
        amount,
        kind,
    })
}

/// Ends a game: the pot, the release of escrow, W/L/D and net won, the archive, the
/// channel freed.
fn settle(
    tx: &Tx<'_>,
    mut game: Game,
    end: End,
    reason: EndReason,
    note: Option<String>,
) -> TxResult<Settlement> {
    let now = tx.now;
    let mut payments = Vec::new();
    let mut released = Vec::new();
    if let End::Win(winner) = end {
        let stake = game.terms.stake;
        if stake > 0 {
            payments.push(pay(
                tx,
                &mut game,
                winner.other(),
                stake,
                PaymentKind::Stake,
            )?);
        }
    }
    game.draw_offer = None;
    let (kind, why) = match end {
        End::Aborted => (EntryKind::Refund, "game aborted"),
        _ => (EntryKind::Release, "escrow released"),
    };
    for c in Color::ALL {
        let left = game.escrow[c];
        if left > 0 {
            let a = to_i64(left)?;
            tx.money(game.guild, game.player(c), kind, a, -a, Some(game.id), why)?;
            released.push(Release {
                user: game.player(c),
                amount: left,
            });
            game.escrow[c] = 0;
        }
    }
    if !game.terms.practice {
        for c in Color::ALL {
            let net = game.net[c];
            tx.update_wallet(game.guild, game.player(c), |w| {
                match end {
                    End::Win(winner) if winner == c => w.wins += 1,
                    End::Win(_) => w.losses += 1,
                    End::Draw => w.draws += 1,
                    End::Aborted => {}
                }
                w.net_won = w
                    .net_won
                    .checked_add(net)
                    .ok_or_else(|| StoreError::Overflow("adding up net winnings".into()))?;
                Ok(())
            })?;
        }
    }
    let result = match end {
        End::Win(w) => GameResult::Win {
            winner: game.player(w),
            loser: game.player(w.other()),
        },
        End::Draw => GameResult::Draw,
        End::Aborted => GameResult::Aborted,
    };
    let settlement = Settlement {
        game_id: game.id,
        channel: game.channel,
        players: PerSide {
            black: game.black,
            orange: game.orange,
        },
        result,
        reason,
        ended_at: now,
        payments,
        released,
        net: game.net,
    };
    tx.remove(t::GAMES, &key1(game.channel))?;
    tx.index_finished(game.id, game.guild, game.channel, [game.black, game.orange])?;
    let archived = FinishedGame {
        net: game.net,
        result,
        reason,
        ended_at: now,
        note,
        game,
    };
    tx.put(t::FINISHED, &key1(archived.game.id), &archived)?;
    Ok(settlement)
}

fn unwrap_challenge(r: Receipt) -> Option<Challenge> {
    match r {
        Receipt::Challenge(x) => Some(x),
        _ => None,
    }
}
fn unwrap_accept(r: Receipt) -> Option<Game> {
    match r {
        Receipt::Accept(x) => Some(x),
        _ => None,
    }
}
fn unwrap_closed(r: Receipt) -> Option<ChallengeClosed> {
    match r {
        Receipt::Closed(x) => Some(x),
        _ => None,
    }
}
fn unwrap_move(r: Receipt) -> Option<MoveResult> {
    match r {
        Receipt::Move(x) => Some(x),
        _ => None,
    }
}
fn unwrap_finished(r: Receipt) -> Option<Settlement> {
    match r {
        Receipt::Finished(x) => Some(x),
        _ => None,
    }
}
fn unwrap_game(r: Receipt) -> Option<Game> {
    match r {
        Receipt::Game(x) => Some(x),
        _ => None,
    }
}
fn unwrap_daily(r: Receipt) -> Option<DailyClaim> {
    match r {
        Receipt::Daily(x) => Some(x),
        _ => None,
    }
}
fn unwrap_grant(r: Receipt) -> Option<Granted> {
    match r {
        Receipt::Grant(x) => Some(x),
        _ => None,
    }
}
