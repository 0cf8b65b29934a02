//! Challenges: made, accepted, declined, cancelled, expired. Each operation is one
//! transaction (see [`Store::mutate`]).

use crate::codec::{challenge_key, key1};
use crate::model::{
    Challenge, ChallengeClosed, ClosedHow, EntryKind, FirstMover, Game, GameHead, Receipt, Records,
    Settings, Terms,
};
use crate::settle::*;
use crate::tx::{challenge_name, fail, game_name, t, to_i64, Tx, TxResult};
use crate::{BySeat, ChannelId, GameId, GuildId, Millis, Result, Stamp, Store, StoreError, UserId};

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
    pub fn challenge(
        &self,
        req: Stamp,
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
        self.mutate(req, receipt!(Challenge), |tx| {
            let settings = tx.settings(guild)?;
            if !settings.allows(channel) {
                return fail(StoreError::ChannelNotAllowed);
            }
            within_limits(&settings, &terms)?;
            if tx.contains(t::GAMES, &key1(channel))? {
                return fail(StoreError::ChannelBusy {
                    what: "a game in progress",
                });
            }
            // One open challenge per challenger and channel; others may be open beside it.
            if let Some(old) =
                tx.get::<Challenge>(t::CHALLENGES, &challenge_key(channel, req.user), || {
                    challenge_name(channel)
                })?
            {
                if req.now < old.expires_at {
                    return fail(StoreError::ChannelBusy {
                        what: "an open challenge",
                    });
                }
                close_challenge(tx, old, ClosedHow::Expired)?;
            }
            let id = GameId(tx.next_id()?);
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
            tx.put(t::CHALLENGES, &challenge_key(channel, c.challenger), &c)?;
            Ok(c)
        })
    }

    /// The challenged player accepts the challenge `expected` (the one their button or
    /// the terms they confirmed name; `None`: whatever challenge is open): their escrow
    /// moves in — the amount fixed when the challenge was made — and the game starts
    /// from the variant's start position at version 1, the first mover playing Black.
    /// Who moves first follows the terms; for [`FirstMover::Random`] the toss is
    /// `coin`'s lowest bit (challenger on 0), decided here, inside the transaction.
    /// `seed` seeds the Manator duel stream.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoChallenge`], [`StoreError::ChallengeReplaced`] (the open
    /// challenge is not `expected`), [`StoreError::AlreadyStarted`] (a second accept),
    /// [`StoreError::NotChallenged`], [`StoreError::ChallengeExpired`],
    /// [`StoreError::InsufficientFunds`].
    pub fn accept(
        &self,
        req: Stamp,
        channel: ChannelId,
        expected: Option<GameId>,
        coin: u64,
        seed: u64,
    ) -> Result<Game> {
        let named = self.named_challenge(channel, expected, |c| c.challenged == req.user)?;
        self.mutate(req, receipt!(Accept), |tx| {
            let Some(c) = named.read(tx, channel)? else {
                if let Some(g) =
                    tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))?
                {
                    if expected.is_none_or(|id| id == g.game.id) {
                        return fail(StoreError::AlreadyStarted);
                    }
                }
                // An old button: one consistent answer, whatever became of its challenge.
                return fail(match expected {
                    Some(_) => StoreError::ChallengeReplaced,
                    None => StoreError::NoChallenge,
                });
            };
            if expected.is_some_and(|id| id != c.id) {
                return fail(StoreError::ChallengeReplaced);
            }
            if req.user != c.challenged {
                return fail(StoreError::NotChallenged {
                    challenged: c.challenged,
                });
            }
            if req.now >= c.expires_at {
                return fail(StoreError::ChallengeExpired);
            }
            // The server's limits as they are now: an admin may have lowered them since
            // the challenge was posted.
            within_limits(&tx.settings(c.guild)?, &c.terms)?;
            // Another challenge of the channel accepted just before: its game is here
            // until it moves into its thread (or, without threads, until it ends).
            if tx.contains(t::GAMES, &key1(channel))? {
                return fail(StoreError::ChannelBusy {
                    what: "a game in progress",
                });
            }
            let challenger_first = match c.terms.first {
                FirstMover::Challenger => true,
                FirstMover::Challenged => false,
                FirstMover::Random => coin & 1 == 0,
            };
            let (first_mover, second) = if challenger_first {
                (c.challenger, c.challenged)
            } else {
                (c.challenged, c.challenger)
            };
            // The amount fixed when the challenge was made (the challenger's escrow),
            // never a recomputation from today's piece values.
            let escrow = if c.terms.practice { 0 } else { c.held };
            if !c.terms.practice && escrow > 0 {
                let w = tx.peek_wallet(c.guild, c.challenged)?;
                if w.balance < escrow {
                    return fail(StoreError::InsufficientFunds {
                        user: c.challenged,
                        available: w.balance,
                        needed: escrow,
                        what: "the stake and piece reserve",
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
            let held = escrow;
            let game = Game {
                id: c.id,
                guild: c.guild,
                channel,
                parent: None,
                reminded: None,
                players: BySeat::new(first_mover, second),
                challenger: c.challenger,
                terms: c.terms.clone(),
                seed,
                records: Records::Empty,
                position: crate::games::start(&c.terms, seed),
                started_at: req.now,
                last_move_at: req.now,
                version: 1,
                draw_offer: None,
                escrow: BySeat::both(held),
                net: BySeat::default(),
            };
            tx.remove(t::CHALLENGES, &challenge_key(channel, c.challenger))?;
            let head = GameHead {
                game,
                plies: 0,
                duels: 0,
            };
            tx.put(t::GAMES, &key1(channel), &head)?;
            Ok(head.game)
        })
    }

    /// The challenged player declines; the challenger is refunded.
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::NotChallenged`].
    pub fn decline(
        &self,
        req: Stamp,
        channel: ChannelId,
        expected: Option<GameId>,
    ) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Declined, expected)
    }

    /// The challenger withdraws the challenge and is refunded.
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::NotChallenger`].
    pub fn cancel(
        &self,
        req: Stamp,
        channel: ChannelId,
        expected: Option<GameId>,
    ) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Cancelled, expected)
    }

    /// Expires the channel's challenge (anyone may, once `req.now >= expires_at`); the
    /// challenger is refunded. (The upkeep expires every due challenge:
    /// [`expire_due`](Self::expire_due).)
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::NotExpired`],
    /// [`StoreError::SeveralChallenges`] (more than one open in the channel).
    pub fn expire(&self, req: Stamp, channel: ChannelId) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Expired, None)
    }

    fn close(
        &self,
        req: Stamp,
        channel: ChannelId,
        how: ClosedHow,
        expected: Option<GameId>,
    ) -> Result<ChallengeClosed> {
        let user = req.user;
        let named = match how {
            ClosedHow::Declined => {
                self.named_challenge(channel, expected, |c| c.challenged == user)
            }
            ClosedHow::Cancelled => {
                self.named_challenge(channel, expected, |c| c.challenger == user)
            }
            ClosedHow::Expired | ClosedHow::Aborted => {
                self.named_challenge(channel, expected, |_| true)
            }
        }?;
        self.mutate(req, receipt!(Closed), |tx| {
            let Some(c) = named.read(tx, channel)? else {
                return fail(match expected {
                    Some(_) => StoreError::ChallengeReplaced,
                    None => StoreError::NoChallenge,
                });
            };
            if expected.is_some_and(|id| id != c.id) {
                return fail(StoreError::ChallengeReplaced);
            }
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
    }

    /// Expires (and refunds) every challenge due at `now`; returns them. Safe to run
    /// at any time and from several places: each expiry is its own transaction that
    /// re-checks the challenge.
    ///
    /// # Errors
    /// Storage failures. A challenge that does not decode is skipped and logged.
    pub fn expire_due(&self, now: Millis) -> Result<Vec<ChallengeClosed>> {
        self.expire_due_where(now, |_| true)
    }

    /// [`expire_due`](Self::expire_due) for the servers `owns` accepts only (a bot
    /// process sweeps the servers of its own shards).
    ///
    /// # Errors
    /// As [`expire_due`](Self::expire_due).
    pub fn expire_due_where(
        &self,
        now: Millis,
        owns: impl Fn(crate::GuildId) -> bool,
    ) -> Result<Vec<ChallengeClosed>> {
        let mut out = Vec::new();
        for c in self.open_challenges()? {
            if now < c.expires_at || !owns(c.guild) {
                continue;
            }
            let (channel, id) = (c.channel, c.id);
            let key = challenge_key(channel, c.challenger);
            let closed = self.transact(None, now, |tx| {
                match tx.get::<Challenge>(t::CHALLENGES, &key, || challenge_name(channel))? {
                    Some(c) if c.id == id && now >= c.expires_at => {
                        close_challenge(tx, c, ClosedHow::Expired).map(Some)
                    }
                    _ => Ok(None),
                }
            })?;
            out.extend(closed);
        }
        if !out.is_empty() {
            self.flush()?;
        }
        Ok(out)
    }

    /// An admin calls off the open challenge `expected` in `channel` (without one: the
    /// channel's only challenge): the challenger is refunded. The store does not check
    /// that `req.user` is an admin.
    ///
    /// # Errors
    /// [`StoreError::NoChallenge`], [`StoreError::ChallengeReplaced`],
    /// [`StoreError::SeveralChallenges`].
    pub fn abort_challenge(
        &self,
        req: Stamp,
        channel: ChannelId,
        expected: Option<GameId>,
    ) -> Result<ChallengeClosed> {
        self.close(req, channel, ClosedHow::Aborted, expected)
    }

    /// Which open challenge of `channel` a request names (read before its transaction,
    /// which reads it again by its key and id): the one with id `expected`; without
    /// one, the only challenge `mine` accepts (the one addressed to the asker, or made
    /// by them). When `mine` accepts none, the channel's newest challenge, for the
    /// transaction to say whose it is.
    fn named_challenge(
        &self,
        channel: ChannelId,
        expected: Option<GameId>,
        mine: impl Fn(&Challenge) -> bool,
    ) -> Result<Named> {
        let open = self.open_challenges_in(channel)?;
        let found = |c: &Challenge| Named::Found {
            challenger: c.challenger,
            id: c.id,
        };
        Ok(match expected {
            Some(id) => open
                .iter()
                .find(|c| c.id == id)
                .map_or(Named::Missing, found),
            None => {
                let matching: Vec<&Challenge> = open.iter().filter(|c| mine(c)).collect();
                match (matching.as_slice(), open.last()) {
                    ([one], _) => found(one),
                    ([], Some(newest)) => found(newest),
                    ([], None) => Named::Missing,
                    (several, _) => Named::Several(several.len()),
                }
            }
        })
    }
}

/// Refuses terms above the server's largest stake or piece price (0: no limit).
fn within_limits(settings: &Settings, terms: &Terms) -> TxResult<()> {
    for (what, v, max) in [
        ("stake", terms.stake, settings.max_stake),
        ("piece price", terms.piece_price, settings.max_piece_price),
    ] {
        if max > 0 && v > max {
            return fail(StoreError::AboveLimit { what, max });
        }
    }
    Ok(())
}

/// The challenge a request names, as read before its transaction.
enum Named {
    /// The challenge of `challenger`, if it is still `id`.
    Found { challenger: UserId, id: GameId },
    /// None is open (or none with the id named).
    Missing,
    /// Several are open and the request did not say which (how many).
    Several(usize),
}

impl Named {
    /// The named challenge as it is in the transaction: `None` when it is no longer open
    /// or is another one now.
    fn read(&self, tx: &Tx<'_>, channel: ChannelId) -> TxResult<Option<Challenge>> {
        match *self {
            Named::Found { challenger, id } => Ok(tx
                .get::<Challenge>(t::CHALLENGES, &challenge_key(channel, challenger), || {
                    challenge_name(channel)
                })?
                .filter(|c| c.id == id)),
            Named::Missing => Ok(None),
            Named::Several(count) => fail(StoreError::SeveralChallenges { count }),
        }
    }
}
