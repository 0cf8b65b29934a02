//! The tournament operations, each one transaction (idempotent by its request id, its
//! result stored in `tournament_requests`), and the reads.

use super::model::{
    from_pairing, BoardResult, Entrant, StoredUpdate, Tournament, TournamentFormat, TournamentGame,
    TournamentState, TournamentUpdate,
};
use super::results::{advance, ledger_id, load, owe, save, tournament_name};
use crate::codec::{decode, key1};
use crate::game::End;
use crate::model::{
    EndReason, EntryKind, Game, GameHead, HostEnding, Records, Settlement, StoredReceipt, Terms,
    MAX_AMOUNT,
};
use crate::settle::{load_game, settle};
use crate::tx::{fail, game_name, t, to_i64, Tx, TxResult};
use crate::{
    BySeat, ChannelId, GameId, GuildId, Millis, Result, Stamp, Store, StoreError, TournamentId,
    UserId,
};

/// What the organiser chooses when creating a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournament {
    /// Its name (1 to [`MAX_NAME`] characters once trimmed).
    pub name: String,
    /// Swiss or round robin.
    pub format: TournamentFormat,
    /// The most players who may join (`MIN_PLAYERS..=MAX_PLAYERS` of the pairing crate).
    pub max_players: u32,
    /// What each player pays into the pot on joining (0: a free event).
    pub entry_fee: u64,
    /// The pot's shares by place, in percent, adding up to 100 (`[100]`: all to the
    /// winner).
    pub prizes: Vec<u32>,
    /// The terms of every game: the game and its options, piece price, move time,
    /// casual or rated. The stake must be 0 and the game not a practice game; who sits
    /// first is the pairing's.
    pub terms: Terms,
}

/// The longest name of a tournament, in characters.
pub const MAX_NAME: usize = 100;

impl NewTournament {
    /// A free event of `format` on `terms`: at most [`jetan_pairing::MAX_PLAYERS`]
    /// players, all the (empty) pot to the winner.
    pub fn new(name: impl Into<String>, format: TournamentFormat, terms: Terms) -> NewTournament {
        NewTournament {
            name: name.into(),
            format,
            max_players: jetan_pairing::MAX_PLAYERS,
            entry_fee: 0,
            prizes: vec![100],
            terms,
        }
    }

    fn check(&self) -> Result<()> {
        let bad = |s: &str| Err(StoreError::InvalidTournament(s.into()));
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return bad("the name must have 1 to 100 characters");
        }
        jetan_pairing::Settings {
            format: self.format.into(),
            max_players: self.max_players,
        }
        .validate()?;
        if self.prizes.is_empty() || self.prizes.iter().map(|&p| u64::from(p)).sum::<u64>() != 100 {
            return bad("the prizes must add up to 100 percent");
        }
        if self.prizes.len() > self.max_players as usize {
            return bad("more prize places than players");
        }
        if self.entry_fee > MAX_AMOUNT {
            return bad("the entry fee is too large");
        }
        if self.terms.stake != 0 {
            return bad("a tournament game has no stake of its own");
        }
        if self.terms.practice {
            return bad("a tournament game is not a practice game");
        }
        self.terms.validate()
    }
}

/// The operations' names, as stored with their results.
const OPS: [&str; 10] = [
    "tournament create",
    "tournament join",
    "tournament leave",
    "tournament start",
    "tournament cancel",
    "tournament withdraw",
    "tournament remove",
    "tournament adjudicate",
    "tournament adjudicate board",
    "tournament operation",
];

impl Store {
    /// One idempotent tournament operation: a request id seen before returns its stored
    /// result (or [`StoreError::RequestIdReused`] if it served another operation, a
    /// tournament's or any other); else `body` runs in one transaction that stores its
    /// result. Not put in the outbox: the front end answers these itself.
    fn mutate_tournament(
        &self,
        req: Stamp,
        op: &'static str,
        body: impl Fn(&Tx<'_>) -> TxResult<TournamentUpdate>,
    ) -> Result<TournamentUpdate> {
        let request = req.id;
        let out = self.transact(Some(request), req.now, |tx| {
            let key = key1(request);
            if let Some(stored) = tx.get::<StoredReceipt>(t::REQUESTS, &key, || {
                format!("the result of request {request}")
            })? {
                return Ok(Err(StoreError::RequestIdReused {
                    request,
                    used_for: stored.receipt.name(),
                }));
            }
            if let Some(stored) = tx.get::<StoredUpdate>(t::TOURNAMENT_REQUESTS, &key, || {
                format!("the result of request {request}")
            })? {
                return Ok(if stored.op == op {
                    Ok(stored.update)
                } else {
                    Err(StoreError::RequestIdReused {
                        request,
                        used_for: OPS
                            .iter()
                            .find(|&&o| o == stored.op)
                            .copied()
                            .unwrap_or("tournament operation"),
                    })
                });
            }
            let update = body(tx)?;
            tx.put(
                t::TOURNAMENT_REQUESTS,
                &key,
                &StoredUpdate {
                    at: req.now,
                    op: op.to_owned(),
                    update: update.clone(),
                },
            )?;
            Ok(Ok(update))
        })?;
        self.flush()?;
        out
    }

    /// Creates a tournament in `channel`, organised by `req.user`, open for joining.
    ///
    /// # Errors
    /// [`StoreError::InvalidTournament`], [`StoreError::InvalidTerms`],
    /// [`StoreError::Pairing`] (a bad player limit or number of rounds),
    /// [`StoreError::ChannelNotAllowed`], [`StoreError::AboveLimit`] (the piece price
    /// or the entry fee, which the server's largest stake bounds).
    pub fn create_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        channel: ChannelId,
        spec: &NewTournament,
    ) -> Result<TournamentUpdate> {
        spec.check()?;
        self.mutate_tournament(req, OPS[0], |tx| {
            let settings = tx.settings(guild)?;
            if !settings.allows(channel) {
                return fail(StoreError::ChannelNotAllowed);
            }
            for (what, v, max) in [
                ("entry fee", spec.entry_fee, settings.max_stake),
                (
                    "piece price",
                    spec.terms.piece_price,
                    settings.max_piece_price,
                ),
            ] {
                if max > 0 && v > max {
                    return fail(StoreError::AboveLimit { what, max });
                }
            }
            let tm = Tournament {
                id: TournamentId(tx.next_id()?),
                guild,
                channel,
                organiser: req.user,
                name: spec.name.trim().to_owned(),
                format: spec.format,
                max_players: spec.max_players,
                entry_fee: spec.entry_fee,
                prizes: spec.prizes.clone(),
                terms: Terms {
                    first: crate::FirstMover::Challenger,
                    ..spec.terms.clone()
                },
                state: TournamentState::Open,
                players: Vec::new(),
                rounds: Vec::new(),
                pot: 0,
                fees_in: 0,
                refunded: 0,
                paid_out: 0,
                payouts: Vec::new(),
                created_at: req.now,
                started_at: None,
                ended_at: None,
                note: None,
            };
            save(tx, &tm)?;
            Ok(done(tm))
        })
    }

    /// `req.user` joins the open tournament `id`: the entry fee moves from their
    /// balance into escrow (the pot), through the ledger.
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::TournamentState`] (not open),
    /// [`StoreError::AlreadyJoined`], [`StoreError::TournamentFull`],
    /// [`StoreError::AboveLimit`] (the entry fee above the server's largest stake, as
    /// the server's settings are now), [`StoreError::InsufficientFunds`].
    pub fn join_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[1], |tx| {
            let mut tm = load(tx, guild, id)?;
            if tm.state != TournamentState::Open {
                return fail(StoreError::TournamentState {
                    state: tm.state.name(),
                });
            }
            if tm.entrant(req.user).is_some() {
                return fail(StoreError::AlreadyJoined);
            }
            if tm.players.len() >= tm.max_players as usize {
                return fail(StoreError::TournamentFull {
                    max: tm.max_players,
                });
            }
            let fee = tm.entry_fee;
            let settings = tx.settings(guild)?;
            if settings.max_stake > 0 && fee > settings.max_stake {
                return fail(StoreError::AboveLimit {
                    what: "entry fee",
                    max: settings.max_stake,
                });
            }
            if fee > 0 {
                let w = tx.peek_wallet(guild, req.user)?;
                if w.balance < fee {
                    return fail(StoreError::InsufficientFunds {
                        user: req.user,
                        available: w.balance,
                        needed: fee,
                        what: "the entry fee",
                    });
                }
                let f = to_i64(fee)?;
                tx.money(
                    guild,
                    req.user,
                    EntryKind::Escrow,
                    -f,
                    f,
                    ledger_id(&tm),
                    "tournament entry fee",
                )?;
            }
            tm.players.push(Entrant {
                user: req.user,
                joined_at: req.now,
                held: fee,
                withdrawn: false,
                removed: false,
            });
            tm.pot = add(&tm, tm.pot, fee)?;
            tm.fees_in = add(&tm, tm.fees_in, fee)?;
            save(tx, &tm)?;
            Ok(done(tm))
        })
    }

    /// `req.user` leaves the open tournament `id`; their entry fee is refunded.
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::TournamentState`] (started: see
    /// [`withdraw`](Self::withdraw_tournament)), [`StoreError::NotEntered`].
    pub fn leave_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[2], |tx| {
            let mut tm = load(tx, guild, id)?;
            drop_before_start(tx, &mut tm, req.user, false)?;
            save(tx, &tm)?;
            Ok(done(tm))
        })
    }

    /// The organiser starts tournament `id`: round 1 is paired (players in join
    /// order), inside the transaction. Of two starts, one wins; the other finds it
    /// running.
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::NotOrganiser`],
    /// [`StoreError::TournamentState`], [`StoreError::Pairing`] (fewer than 3 players,
    /// a Swiss of more rounds than the players allow).
    pub fn start_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[3], |tx| {
            let mut tm = load(tx, guild, id)?;
            organiser(&tm, req.user)?;
            if tm.state != TournamentState::Open {
                return fail(StoreError::TournamentState {
                    state: tm.state.name(),
                });
            }
            let first = match jetan_pairing::pair_next_round(&tm.event()) {
                Ok(r) => r,
                Err(e) => return fail(e.into()),
            };
            tm.rounds.push(first.iter().map(from_pairing).collect());
            tm.state = TournamentState::Running { round: 1 };
            tm.started_at = Some(req.now);
            owe(tx, &tm, 1)?;
            advance(tx, &mut tm)?;
            save(tx, &tm)?;
            Ok(done(tm))
        })
    }

    /// The organiser cancels tournament `id` (open or running): its games in progress
    /// are aborted through the usual abort (their piece reserves refunded, nothing
    /// counted), and every entry fee still held is refunded, withdrawn players' too.
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::NotOrganiser`],
    /// [`StoreError::TournamentState`] (finished or cancelled already).
    pub fn cancel_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
        reason: &str,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[4], |tx| {
            let mut tm = load(tx, guild, id)?;
            organiser(&tm, req.user)?;
            if matches!(
                tm.state,
                TournamentState::Finished | TournamentState::Cancelled
            ) {
                return fail(StoreError::TournamentState {
                    state: tm.state.name(),
                });
            }
            let note = reason.trim();
            tm.state = TournamentState::Cancelled;
            tm.ended_at = Some(req.now);
            tm.note = (!note.is_empty()).then(|| note.to_owned());
            // Cancelled first: the settlement hook leaves its games' pairings alone.
            save(tx, &tm)?;
            let mut settled = Vec::new();
            for round in &mut tm.rounds {
                for b in round.iter_mut() {
                    if let (Some(game), Some(channel), None) = (b.game, b.channel, b.result) {
                        let head = game_of(tx, channel, game)?;
                        let why = if note.is_empty() {
                            "tournament cancelled".to_owned()
                        } else {
                            format!("tournament cancelled: {note}")
                        };
                        settled.push(settle(
                            tx,
                            head,
                            End::Aborted,
                            EndReason::Host(HostEnding::Aborted),
                            Some(why),
                        )?);
                        b.game = None;
                        b.channel = None;
                        b.aborted.push(game);
                    }
                }
            }
            let link = ledger_id(&tm);
            for e in &mut tm.players {
                if e.held > 0 {
                    let h = to_i64(e.held)?;
                    tx.money(
                        guild,
                        e.user,
                        EntryKind::Refund,
                        h,
                        -h,
                        link,
                        "tournament cancelled",
                    )?;
                    tm.refunded += e.held;
                    tm.pot -= e.held;
                    e.held = 0;
                }
            }
            save(tx, &tm)?;
            Ok(TournamentUpdate {
                tournament: tm,
                settled,
            })
        })
    }

    /// `req.user` withdraws from the running tournament `id`: never paired again, no
    /// prize (the entry fee stays in the pot). Their pairing of the current round is
    /// lost: by forfeit if its game has not started, by resignation (settled as usual,
    /// in this transaction) if it is being played. If that completes the round, the
    /// next is paired (or the event finishes and pays).
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::TournamentState`] (not running: an
    /// open tournament is left with [`leave`](Self::leave_tournament)),
    /// [`StoreError::NotEntered`] (not a player, or withdrawn already).
    pub fn withdraw_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[5], |tx| {
            let tm = load(tx, guild, id)?;
            withdraw_player(tx, tm, req.user, false)
        })
    }

    /// The organiser removes `player` from tournament `id`: before the start as a
    /// leave (refunded), after it as a withdrawal.
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::NotOrganiser`],
    /// [`StoreError::TournamentState`], [`StoreError::NotEntered`].
    pub fn remove_from_tournament(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
        player: UserId,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[6], |tx| {
            let mut tm = load(tx, guild, id)?;
            organiser(&tm, req.user)?;
            if tm.state == TournamentState::Open {
                drop_before_start(tx, &mut tm, player, true)?;
                save(tx, &tm)?;
                return Ok(done(tm));
            }
            withdraw_player(tx, tm, player, true)
        })
    }

    /// The organiser decides the result of tournament game `game` (stuck, say): the
    /// game is ended through the usual abort (its piece reserves refunded, nothing
    /// counted) and its pairing gets `result`; the event goes on.
    ///
    /// # Errors
    /// [`StoreError::NoGame`] (not a tournament game), [`StoreError::NoTournament`],
    /// [`StoreError::NotOrganiser`], [`StoreError::TournamentState`],
    /// [`StoreError::NoSuchPairing`] (its result is known, or it is no longer its
    /// pairing's game), [`StoreError::InvalidTournament`] (a bye as a result).
    pub fn adjudicate(
        &self,
        req: Stamp,
        guild: GuildId,
        game: GameId,
        result: BoardResult,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[7], |tx| {
            let Some(link) = tx.get::<TournamentGame>(t::TOURNAMENT_GAMES, &key1(game), || {
                format!("the tournament of game {game}")
            })?
            else {
                return fail(StoreError::NoGame);
            };
            let tm = load(tx, guild, link.tournament)?;
            let named = tm
                .rounds
                .get(link.round - 1)
                .and_then(|r| r.get(link.board - 1))
                .is_some_and(|b| b.game == Some(game));
            if !named {
                return fail(StoreError::NoSuchPairing {
                    round: link.round,
                    board: link.board,
                    why: "the game is no longer its pairing's",
                });
            }
            adjudicate_board(tx, tm, req.user, link.round, link.board, result)
        })
    }

    /// [`adjudicate`](Self::adjudicate) by pairing: round `round`, board `board`
    /// (1-based) of tournament `id`, with or without a game (a pairing nobody started:
    /// a forfeit, say).
    ///
    /// # Errors
    /// As [`adjudicate`](Self::adjudicate).
    #[allow(clippy::too_many_arguments)]
    pub fn adjudicate_board(
        &self,
        req: Stamp,
        guild: GuildId,
        id: TournamentId,
        round: usize,
        board: usize,
        result: BoardResult,
    ) -> Result<TournamentUpdate> {
        self.mutate_tournament(req, OPS[8], |tx| {
            let tm = load(tx, guild, id)?;
            adjudicate_board(tx, tm, req.user, round, board, result)
        })
    }

    /// Starts the game of round `round`, board `board` (1-based) of tournament `id` in
    /// `channel` (the thread the bot opened for it), with `seed` for the game's stream:
    /// the pairing's first player in seat 1, the tournament's terms (no stake; a piece
    /// price's reserve is held from both players as for any game). One transaction;
    /// done again, it returns the pairing's game (in progress or finished). The game
    /// is a game like any other: played, ended and settled by the usual operations,
    /// and its end records the pairing's result (see the module doc).
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::TournamentState`] (not running),
    /// [`StoreError::NoSuchPairing`] (no such board, a bye, a result known, not the
    /// current round), [`StoreError::ChannelBusy`] (`channel` holds a game),
    /// [`StoreError::InsufficientFunds`] (a player cannot cover the piece reserve).
    #[allow(clippy::too_many_arguments)]
    pub fn start_pairing_game(
        &self,
        now: Millis,
        guild: GuildId,
        id: TournamentId,
        round: usize,
        board: usize,
        channel: ChannelId,
        seed: u64,
    ) -> Result<Game> {
        let head = self.transact(None, now, |tx| {
            let mut tm = load(tx, guild, id)?;
            let Some(current) = tm.current_round() else {
                return fail(StoreError::TournamentState {
                    state: tm.state.name(),
                });
            };
            let no = |why| fail(StoreError::NoSuchPairing { round, board, why });
            let Some(b) = tm
                .rounds
                .get(round.wrapping_sub(1))
                .and_then(|r| r.get(board.wrapping_sub(1)))
                .cloned()
            else {
                return no("there is no such pairing");
            };
            let Some(second) = b.second else {
                return no("a bye has no game");
            };
            if let (Some(game), Some(there)) = (b.game, b.channel) {
                if let Some(head) =
                    tx.get::<GameHead>(t::GAMES, &key1(there), || game_name(there))?
                {
                    if head.game.id == game {
                        return Ok(head);
                    }
                }
                return match tx.get::<crate::model::FinishedHead>(
                    t::FINISHED,
                    &key1(game),
                    || format!("finished game {game}"),
                )? {
                    Some(f) => Ok(GameHead {
                        game: f.finished.game,
                        plies: f.plies,
                        duels: 0,
                    }),
                    None => fail(StoreError::Corrupt {
                        what: tournament_name(id),
                        detail: format!("game {game} is neither in progress nor finished"),
                    }),
                };
            }
            if b.result.is_some() {
                return no("its result is already known");
            }
            if round != current {
                return no("it is not the current round");
            }
            if tx.contains(t::GAMES, &key1(channel))? {
                return fail(StoreError::ChannelBusy {
                    what: "a game in progress",
                });
            }
            let terms = tm.terms.clone();
            let escrow = terms.escrow().or_else(fail)?;
            let game_id = GameId(tx.next_id()?);
            let players = BySeat::new(b.first, second);
            if escrow > 0 {
                for p in players.into_array() {
                    let w = tx.peek_wallet(guild, p)?;
                    if w.balance < escrow {
                        return fail(StoreError::InsufficientFunds {
                            user: p,
                            available: w.balance,
                            needed: escrow,
                            what: "the piece reserve",
                        });
                    }
                }
                let e = to_i64(escrow)?;
                for p in players.into_array() {
                    tx.money(
                        guild,
                        p,
                        EntryKind::Escrow,
                        -e,
                        e,
                        Some(game_id),
                        "game escrow",
                    )?;
                }
            }
            let game = Game {
                id: game_id,
                guild,
                channel,
                parent: (channel != tm.channel).then_some(tm.channel),
                players,
                challenger: b.first,
                position: crate::games::start(&terms, seed),
                terms,
                seed,
                records: Records::Empty,
                started_at: now,
                last_move_at: now,
                version: 1,
                draw_offer: None,
                escrow: BySeat::both(escrow),
                net: BySeat::default(),
                reminded: None,
            };
            let head = GameHead {
                game,
                plies: 0,
                duels: 0,
            };
            tx.put(t::GAMES, &key1(channel), &head)?;
            tx.put(
                t::TOURNAMENT_GAMES,
                &key1(game_id),
                &TournamentGame {
                    tournament: id,
                    round,
                    board,
                },
            )?;
            let slot = &mut tm.rounds[round - 1][board - 1];
            slot.game = Some(game_id);
            slot.channel = Some(channel);
            save(tx, &tm)?;
            Ok(head)
        })?;
        self.flush()?;
        self.load_head(head)
    }

    // ------------------------------------------------------------------ reads

    /// Tournament `id`, whatever its server.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if its record does not decode.
    pub fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>> {
        match self.kv().get(t::TOURNAMENTS, &key1(id))? {
            Some(v) => decode(&v, || tournament_name(id)).map(Some),
            None => Ok(None),
        }
    }

    /// Every tournament of a server, newest first (filter by [`Tournament::state`]
    /// for the open, running or finished ones). A record that does not decode is
    /// skipped and logged.
    ///
    /// # Errors
    /// Storage failures.
    pub fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>> {
        let mut out = Vec::new();
        for item in self.kv().scan_rev(t::TOURNAMENTS, &[]) {
            let (k, v) = item?;
            let id = TournamentId(crate::codec::key_part(&k, 0).unwrap_or_default());
            match decode::<Tournament>(&v, || tournament_name(id)) {
                Ok(tm) if tm.guild == guild => out.push(tm),
                Ok(_) => {}
                Err(e) => tracing::error!("{e}"),
            }
        }
        Ok(out)
    }

    /// The standings of tournament `id` as they are (see `jetan_pairing::standings`).
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], [`StoreError::Corrupt`].
    pub fn tournament_standings(&self, id: TournamentId) -> Result<Vec<jetan_pairing::Standing>> {
        let tm = self.tournament(id)?.ok_or(StoreError::NoTournament(id))?;
        tm.standings().map_err(|e| StoreError::Corrupt {
            what: tournament_name(id),
            detail: e.to_string(),
        })
    }

    /// The tournament, round and board of a game, if it is a tournament's.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the record does not decode.
    pub fn tournament_of_game(&self, game: GameId) -> Result<Option<TournamentGame>> {
        match self.kv().get(t::TOURNAMENT_GAMES, &key1(game))? {
            Some(v) => decode(&v, || format!("the tournament of game {game}")).map(Some),
            None => Ok(None),
        }
    }

    /// What the tournament operation of request `request` did, if it was handled.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored result does not decode.
    pub fn tournament_receipt(
        &self,
        request: crate::RequestId,
    ) -> Result<Option<TournamentUpdate>> {
        match self.kv().get(t::TOURNAMENT_REQUESTS, &key1(request))? {
            Some(v) => decode::<StoredUpdate>(&v, || format!("the result of request {request}"))
                .map(|s| Some(s.update)),
            None => Ok(None),
        }
    }
}

fn done(tm: Tournament) -> TournamentUpdate {
    TournamentUpdate {
        tournament: tm,
        settled: Vec::new(),
    }
}

fn add(tm: &Tournament, a: u64, b: u64) -> TxResult<u64> {
    match a.checked_add(b) {
        Some(v) => Ok(v),
        None => fail(StoreError::Overflow(format!(
            "adding up the money of {}",
            tournament_name(tm.id)
        ))),
    }
}

fn organiser(tm: &Tournament, user: UserId) -> TxResult<()> {
    if tm.organiser == user {
        Ok(())
    } else {
        fail(StoreError::NotOrganiser {
            organiser: tm.organiser,
        })
    }
}

/// The game `game` in progress in `channel`, or the record is damaged.
fn game_of(tx: &Tx<'_>, channel: ChannelId, game: GameId) -> TxResult<GameHead> {
    let head = load_game(tx, channel)?;
    if head.game.id != game {
        return fail(StoreError::Corrupt {
            what: game_name(channel),
            detail: format!("a tournament's game {game} is not there"),
        });
    }
    Ok(head)
}

/// A player leaves an open tournament (or is removed from it): refunded, out of the
/// list.
fn drop_before_start(
    tx: &Tx<'_>,
    tm: &mut Tournament,
    user: UserId,
    by_organiser: bool,
) -> TxResult<()> {
    if tm.state != TournamentState::Open {
        return fail(StoreError::TournamentState {
            state: tm.state.name(),
        });
    }
    let Some(i) = tm.players.iter().position(|e| e.user == user) else {
        return fail(StoreError::NotEntered);
    };
    let e = tm.players.remove(i);
    if e.held > 0 {
        let h = to_i64(e.held)?;
        let why = if by_organiser {
            "removed from the tournament before its start"
        } else {
            "left the tournament before its start"
        };
        tx.money(tm.guild, user, EntryKind::Refund, h, -h, ledger_id(tm), why)?;
        tm.refunded += e.held;
        tm.pot -= e.held;
    }
    Ok(())
}

/// A player withdraws from (or is removed from) a running tournament: see
/// [`Store::withdraw_tournament`].
fn withdraw_player(
    tx: &Tx<'_>,
    mut tm: Tournament,
    user: UserId,
    removed: bool,
) -> TxResult<TournamentUpdate> {
    let Some(round) = tm.current_round() else {
        return fail(StoreError::TournamentState {
            state: tm.state.name(),
        });
    };
    let Some(e) = tm.players.iter_mut().find(|e| e.user == user) else {
        return fail(StoreError::NotEntered);
    };
    if e.withdrawn {
        return fail(StoreError::NotEntered);
    }
    e.withdrawn = true;
    e.removed = removed;
    // Marked first, so that a round completed by the resignation below is paired
    // without them.
    let mut playing = Vec::new();
    if let Some(boards) = tm.rounds.get_mut(round - 1) {
        for b in boards
            .iter_mut()
            .filter(|b| b.has(user) && b.result.is_none())
        {
            match (b.game, b.channel) {
                (Some(game), Some(channel)) => playing.push((channel, game)),
                _ => b.result = Some(BoardResult::forfeit(b.first == user)),
            }
        }
    }
    save(tx, &tm)?;
    let mut settled: Vec<Settlement> = Vec::new();
    for (channel, game) in playing {
        let head = game_of(tx, channel, game)?;
        let Some(seat) = head.game.seat_of(user) else {
            return fail(StoreError::Corrupt {
                what: game_name(channel),
                detail: format!("{user} does not play in tournament game {game}"),
            });
        };
        settled.push(settle(
            tx,
            head,
            End::Win(seat.other()),
            EndReason::Host(HostEnding::Resignation),
            None,
        )?);
    }
    // The resignations' hook may have moved the event on.
    let mut tm = load(tx, tm.guild, tm.id)?;
    advance(tx, &mut tm)?;
    save(tx, &tm)?;
    Ok(TournamentUpdate {
        tournament: tm,
        settled,
    })
}

fn adjudicate_board(
    tx: &Tx<'_>,
    tm: Tournament,
    user: UserId,
    round: usize,
    board: usize,
    result: BoardResult,
) -> TxResult<TournamentUpdate> {
    organiser(&tm, user)?;
    let Some(current) = tm.current_round() else {
        return fail(StoreError::TournamentState {
            state: tm.state.name(),
        });
    };
    if result == BoardResult::Bye {
        return fail(StoreError::InvalidTournament(
            "a bye is not a game's result".into(),
        ));
    }
    let no = |why| fail(StoreError::NoSuchPairing { round, board, why });
    let Some(b) = tm
        .rounds
        .get(round.wrapping_sub(1))
        .and_then(|r| r.get(board.wrapping_sub(1)))
    else {
        return no("there is no such pairing");
    };
    if b.is_bye() {
        return no("a bye has no game");
    }
    if b.result.is_some() {
        return no("its result is already known");
    }
    if round != current {
        return no("it is not the current round");
    }
    let mut settled = Vec::new();
    if let (Some(game), Some(channel)) = (b.game, b.channel) {
        let head = game_of(tx, channel, game)?;
        // The hook takes the game off its pairing (an abort counts for nothing).
        settled.push(settle(
            tx,
            head,
            End::Aborted,
            EndReason::Host(HostEnding::Aborted),
            Some("adjudicated by the tournament's organiser".into()),
        )?);
    }
    let mut tm = load(tx, tm.guild, tm.id)?;
    tm.rounds[round - 1][board - 1].result = Some(result);
    advance(tx, &mut tm)?;
    save(tx, &tm)?;
    Ok(TournamentUpdate {
        tournament: tm,
        settled,
    })
}
