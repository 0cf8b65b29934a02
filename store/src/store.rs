//! The [`Store`]: opening, reading, and the transaction-plus-flush machinery every
//! mutating operation goes through.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::codec::{decode, key1, key2, key_part};
use crate::game::HostedGame;
use crate::kv::embedded::{open_sled, SledKv};
use crate::kv::pg::PgKv;
use crate::kv::Kv;
use crate::model::{
    Challenge, FinishedGame, FinishedHead, Game, GameHead, LedgerEntry, Receipt, Settings,
    Standings, StandingsOrder, StoredReceipt, Wallet, MIN_RATED_GAMES,
};
use crate::schema::tree_name;
use crate::tx::{challenge_name, game_name, t, wallet_name, Tx, TxResult};
use crate::{ChannelId, GameId, GuildId, Millis, RequestId, Result, StoreError, UserId};

/// The meta key holding the id base (see [`Store::open`]).
pub(crate) const ID_BASE_KEY: &[u8] = b"id_base";

/// How an operation's result is stored as a [`Receipt`] and read back (see the
/// `receipt!` macro).
pub(crate) type ReceiptFns<T> = (fn(T) -> Receipt, fn(Receipt) -> Option<T>);

/// Where a store's data lives: a sled data directory, or a PostgreSQL database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A sled data directory (one process at a time).
    Dir(std::path::PathBuf),
    /// A PostgreSQL connection URL (`postgres://user:password@host:port/database`).
    Postgres(String),
}

impl Location {
    /// A `postgres://` or `postgresql://` URL is a database; anything else a directory.
    pub fn parse(s: &str) -> Location {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Location::Postgres(s.to_owned())
        } else {
            Location::Dir(s.into())
        }
    }
}

impl std::fmt::Display for Location {
    /// The directory, or the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Dir(d) => write!(f, "{}", d.display()),
            Location::Postgres(url) => f.write_str(&crate::kv::pg::redact(url)),
        }
    }
}

/// The bot's data: games, challenges, the archive, wallets, the ledger, settings.
///
/// Cheap to clone (an `Arc`), `Send + Sync`. Every call is synchronous: a mutating
/// operation runs its transaction, then waits until it is durable (sled: a grouped
/// flush, see [`Store::flush`]; PostgreSQL: the commit) before it returns. From async
/// code, call it on a blocking thread.
#[derive(Clone)]
pub struct Store {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub kv: Kv,
    /// Added to the id generator, so that data restored by `import` never hands out an
    /// id the export already used.
    pub id_base: u64,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.inner.kv.kind())
            .field("id_base", &self.inner.id_base)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (or creates) the data directory `dir`. A directory written by an older
    /// version is migrated first (see the crate doc, "On disk").
    ///
    /// # Errors
    /// [`StoreError::Locked`] if another process has it open; [`StoreError::Storage`] if
    /// sled cannot open it (unreadable...).
    pub fn open(dir: impl AsRef<Path>) -> Result<Store> {
        let dir = dir.as_ref();
        let db = open_sled(dir)?;
        Store::from_db(db)
    }

    /// Opens the data directory `dir`, which must exist and hold jetan data (for the
    /// `verify` and `export` commands: a mistyped path is refused, not created).
    ///
    /// # Errors
    /// [`StoreError::NoData`] if `dir` is not a jetan data directory; as
    /// [`open`](Self::open) otherwise.
    pub fn open_existing(dir: impl AsRef<Path>) -> Result<Store> {
        let dir = dir.as_ref();
        let no_data = || StoreError::NoData(dir.display().to_string());
        // What sled 0.34 keeps in a database directory.
        if !dir.join("conf").is_file() || !dir.join("db").is_file() {
            return Err(no_data());
        }
        let db = open_sled(dir)?;
        if !SledKv::has_meta(&db) {
            return Err(no_data());
        }
        Store::from_db(db)
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://user:password@host:
    /// port/database`), creating or upgrading its schema (versioned migrations, applied
    /// once under an advisory lock). Several processes may share one database.
    ///
    /// # Errors
    /// [`StoreError::Storage`] if the URL is malformed, the database unreachable, or its
    /// schema newer than this program's.
    pub fn open_postgres(url: &str) -> Result<Store> {
        Store::from_kv(Kv::Pg(Box::new(PgKv::connect(url)?)))
    }

    /// Opens a store at `location`, creating it if needed.
    ///
    /// # Errors
    /// As [`open`](Self::open) or [`open_postgres`](Self::open_postgres).
    pub fn open_at(location: &Location) -> Result<Store> {
        match location {
            Location::Dir(d) => Store::open(d),
            Location::Postgres(url) => Store::open_postgres(url),
        }
    }

    /// Opens a store at `location` only if it holds jetan data (a directory must exist
    /// and be a data directory; a database must have been used by the store).
    ///
    /// # Errors
    /// [`StoreError::NoData`]; as [`open_at`](Self::open_at).
    pub fn open_existing_at(location: &Location) -> Result<Store> {
        match location {
            Location::Dir(d) => Store::open_existing(d),
            Location::Postgres(url) => {
                Store::from_kv(Kv::Pg(Box::new(PgKv::connect_existing(url)?)))
            }
        }
    }

    /// Which backend holds the data: `"sled"` or `"postgres"`.
    pub fn backend(&self) -> &'static str {
        self.inner.kv.kind()
    }

    pub(crate) fn from_db(db: sled::Db) -> Result<Store> {
        Store::from_kv(Kv::Sled(SledKv::new(db)?))
    }

    fn from_kv(kv: Kv) -> Result<Store> {
        crate::migrate::migrate(&kv)?;
        crate::migrate::rekey_challenges(&kv)?;
        let id_base = match kv.get(t::META, ID_BASE_KEY)? {
            Some(v) => key_part(&v, 0).ok_or_else(|| StoreError::Corrupt {
                what: "the id base".into(),
                detail: "not 8 bytes".into(),
            })?,
            None => 0,
        };
        Ok(Store {
            inner: Arc::new(Inner { kv, id_base }),
        })
    }

    pub(crate) fn kv(&self) -> &Kv {
        &self.inner.kv
    }

    /// Whether no tree but `meta` holds a record.
    pub(crate) fn is_empty(&self) -> Result<bool> {
        for i in 0..crate::tx::TREE_NAMES.len() {
            if i != t::META && !self.kv().is_empty(i)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Waits until everything written so far is durable. sled: the store's flusher
    /// thread runs one blocking flush (`fsync`) for all the calls waiting at that
    /// moment; PostgreSQL: every commit is durable when it returns, nothing to wait for.
    ///
    /// # Errors
    /// [`StoreError::Storage`] if the flush fails.
    pub fn flush(&self) -> Result<()> {
        self.kv().flush()
    }

    /// Runs `body` in one transaction over every tree (run again on conflicts; nothing
    /// is written if it returns an error).
    pub(crate) fn transact<T>(
        &self,
        request: Option<RequestId>,
        now: Millis,
        body: impl Fn(&Tx<'_>) -> TxResult<T>,
    ) -> Result<T> {
        self.kv().transaction(|view| {
            body(&Tx {
                view,
                id_base: self.inner.id_base,
                request,
                now,
            })
        })
    }

    /// One idempotent mutating operation: if `request` was seen before, its stored result
    /// is returned and nothing changes; else `body` runs in one transaction that also
    /// stores its result under `request`. Returns after the flush.
    pub(crate) fn mutate<T: Clone>(
        &self,
        req: crate::Stamp,
        receipt: ReceiptFns<T>,
        body: impl Fn(&Tx<'_>) -> TxResult<T>,
    ) -> Result<T> {
        self.mutate_with(req, receipt, |tx| Ok((body(tx)?, None)))
            .map(|(v, _)| v)
    }

    /// [`mutate`](Self::mutate) for an operation whose result holds a [`Game`] stored
    /// without its moves: `body` also returns how many moves the game had, which is
    /// stored with the receipt and returned (to fill the moves in after the
    /// transaction, see [`fill_moves`](Self::fill_moves)).
    pub(crate) fn mutate_with<T: Clone>(
        &self,
        req: crate::Stamp,
        (wrap, unwrap): ReceiptFns<T>,
        body: impl Fn(&Tx<'_>) -> TxResult<(T, Option<u32>)>,
    ) -> Result<(T, Option<u32>)> {
        let (request, now) = (req.id, req.now);
        let out = self.transact(Some(request), now, |tx| {
            let key = key1(request);
            if let Some(stored) = tx.get::<StoredReceipt>(t::REQUESTS, &key, || {
                format!("the result of request {request}")
            })? {
                let used_for = stored.receipt.name();
                let moves = stored.moves;
                return Ok(unwrap(stored.receipt)
                    .map(|v| (v, moves))
                    .ok_or(StoreError::RequestIdReused { request, used_for }));
            }
            let (value, moves) = body(tx)?;
            tx.put(
                t::REQUESTS,
                &key,
                &StoredReceipt {
                    at: now,
                    receipt: wrap(value.clone()),
                    moves,
                },
            )?;
            if req.announce {
                // To announce, until the bot sees the answer delivered.
                tx.put(
                    t::OUTBOX,
                    &key,
                    &crate::Pending {
                        request,
                        user: req.user,
                        at: now,
                        tournament: None,
                    },
                )?;
            }
            Ok(Ok((value, moves)))
        })?;
        // Flush even for a repeated request: its first call may not have finished
        // flushing yet.
        self.flush()?;
        out
    }

    /// The first `plies` records of game `id` in `tree` (its game's moves or
    /// actions), by a prefix scan.
    fn read_records<T: DeserializeOwned>(
        &self,
        tree: usize,
        id: GameId,
        plies: u32,
        what: &str,
    ) -> Result<Vec<T>> {
        let want = plies as usize;
        let mut out = Vec::with_capacity(want);
        for item in self.kv().scan(tree, &key1(id)).take(want) {
            let (k, v) = item?;
            let ply = key_part(&k, 1).unwrap_or(u64::MAX);
            if ply != out.len() as u64 {
                break;
            }
            out.push(decode(&v, || format!("record {} of game {id}", ply + 1))?);
        }
        if out.len() != want {
            return Err(StoreError::Corrupt {
                what: format!("the {what} of game {id}"),
                detail: format!(
                    "record {} of {plies} is missing from the {what} tree",
                    out.len() + 1
                ),
            });
        }
        Ok(out)
    }

    /// Puts the first `plies` records (moves or actions) of `game` (stored
    /// without them) back in its list.
    pub(crate) fn fill_moves(&self, game: &mut Game, plies: Option<u32>) -> Result<()> {
        if let Some(n) = plies {
            crate::games::with_game!(game.terms.kind(), G => {
                let records = self.read_records(G::RECORDS, game.id, n, tree_name(G::RECORDS))?;
                G::set_records(game, records);
            });
        }
        Ok(())
    }

    /// A stored game in progress, with its moves.
    pub(crate) fn load_head(&self, head: GameHead) -> Result<Game> {
        let mut g = head.game;
        self.fill_moves(&mut g, Some(head.plies))?;
        Ok(g)
    }

    /// A stored finished game, with its moves.
    pub(crate) fn load_finished(&self, head: FinishedHead) -> Result<FinishedGame> {
        let mut f = head.finished;
        self.fill_moves(&mut f.game, Some(head.plies))?;
        Ok(f)
    }

    fn read<T: DeserializeOwned>(
        &self,
        tree: usize,
        key: &[u8],
        what: impl FnOnce() -> String,
    ) -> Result<Option<T>> {
        match self.kv().get(tree, key)? {
            None => Ok(None),
            Some(bytes) => decode(&bytes, what).map(Some),
        }
    }

    // ---------------------------------------------------------------- settings

    /// What the request `request` did, if it was handled before: a repeated interaction
    /// is answered from this, whatever happened since.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored result does not decode.
    pub fn receipt(&self, request: RequestId) -> Result<Option<Receipt>> {
        let stored: Option<StoredReceipt> = self.read(t::REQUESTS, &key1(request), || {
            format!("the result of request {request}")
        })?;
        let Some(stored) = stored else {
            return Ok(None);
        };
        let mut receipt = stored.receipt;
        if let Receipt::Accept(g) | Receipt::Game(g) = &mut receipt {
            self.fill_moves(g, stored.moves)?;
        }
        Ok(Some(receipt))
    }

    /// A server's settings (the defaults if never set).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored settings do not decode.
    pub fn settings(&self, guild: GuildId) -> Result<Settings> {
        Ok(self
            .read(t::SETTINGS, &key1(guild), || {
                format!("the settings of server {guild}")
            })?
            .unwrap_or_default())
    }

    /// Changes a server's settings in one transaction (two concurrent changes both
    /// land), idempotent by `req`'s id like every mutating operation. Changes apply to
    /// challenges made afterwards; wallets, challenges and games keep what they have.
    /// Returns the new settings.
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] / [`StoreError::InvalidTerms`] if the result is not
    /// valid (nothing changes); storage failures.
    pub fn change_settings(
        &self,
        req: crate::Stamp,
        guild: GuildId,
        change: &crate::SettingsChange,
    ) -> Result<Settings> {
        let mut settings = self.settings(guild)?;
        change.apply(&mut settings);
        settings.validate()?;
        self.mutate(
            req,
            (Receipt::Settings, |r| match r {
                Receipt::Settings(s) => Some(s),
                _ => None,
            }),
            |tx| {
                let mut s = tx.settings(guild)?;
                change.apply(&mut s);
                // Again on what is stored now: another admin's change may have landed
                // since (a limit below this default, a default above this limit).
                if let Err(e) = s.validate() {
                    return Err(crate::kv::TxError::Abort(e));
                }
                tx.put(t::SETTINGS, &key1(guild), &s)?;
                Ok(s)
            },
        )
    }

    /// Remembers server `guild`'s preferred locale as Discord sends it, in its settings
    /// record: one transaction, and only when it differs from the stored one (an
    /// unchanged locale writes nothing). Returns whether it was written.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored settings do not decode; storage failures.
    pub fn remember_guild_locale(&self, guild: GuildId, locale: &str, now: Millis) -> Result<bool> {
        if self.settings(guild)?.discord_locale.as_deref() == Some(locale) {
            return Ok(false);
        }
        let written = self.transact(None, now, |tx| {
            let mut s = tx.settings(guild)?;
            if s.discord_locale.as_deref() == Some(locale) {
                return Ok(false);
            }
            s.discord_locale = Some(locale.to_owned());
            tx.put(t::SETTINGS, &key1(guild), &s)?;
            Ok(true)
        })?;
        if written {
            self.flush()?;
        }
        Ok(written)
    }

    // ---------------------------------------------------------------- wallets

    /// A player's wallet. An unknown player gets the view of a new wallet (the starting
    /// grant) without anything being written.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if this wallet does not decode.
    pub fn wallet(&self, guild: GuildId, user: UserId) -> Result<Wallet> {
        match self.read(t::WALLETS, &key2(guild, user), || wallet_name(guild, user))? {
            Some(w) => Ok(w),
            None => Ok(Wallet {
                balance: self.settings(guild)?.starting_grant,
                ..Wallet::default()
            }),
        }
    }

    /// Every wallet of a server, `(user, wallet)` in user order. A wallet that does not
    /// decode is skipped (and logged).
    ///
    /// # Errors
    /// Storage failures.
    pub fn wallets(&self, guild: GuildId) -> Result<Vec<(UserId, Wallet)>> {
        let mut out = Vec::new();
        for item in self.kv().scan(t::WALLETS, &key1(guild)) {
            let (k, v) = item?;
            let user = key_part(&k, 1).unwrap_or_default();
            match decode::<Wallet>(&v, || wallet_name(guild, user)) {
                Ok(w) => out.push((user, w)),
                Err(e) => tracing::error!("{e}"),
            }
        }
        Ok(out)
    }

    /// One page of a server's standings: players sorted by `order` (ties by user id),
    /// `offset` rows skipped, at most `limit` returned.
    ///
    /// # Errors
    /// Storage failures.
    pub fn standings(
        &self,
        guild: GuildId,
        order: StandingsOrder,
        offset: usize,
        limit: usize,
    ) -> Result<Standings> {
        let mut all = self.wallets(guild)?;
        match order {
            StandingsOrder::Balance => all.sort_by(|a, b| {
                let wa = u128::from(a.1.balance) + u128::from(a.1.escrow);
                let wb = u128::from(b.1.balance) + u128::from(b.1.escrow);
                wb.cmp(&wa).then(a.0.cmp(&b.0))
            }),
            StandingsOrder::NetWon => {
                all.sort_by(|a, b| b.1.net_won.cmp(&a.1.net_won).then(a.0.cmp(&b.0)))
            }
            StandingsOrder::Rating(pool) => {
                let rating = |w: &Wallet| w.ratings.get(&pool).copied();
                all.retain(|(_, w)| rating(w).is_some_and(|r| r.games >= MIN_RATED_GAMES));
                all.sort_by(|a, b| {
                    let (ra, rb) = (
                        rating(&a.1).unwrap_or_default(),
                        rating(&b.1).unwrap_or_default(),
                    );
                    rb.rating.total_cmp(&ra.rating).then(a.0.cmp(&b.0))
                });
            }
        }
        let total = all.len();
        let rows = all
            .into_iter()
            .enumerate()
            .skip(offset)
            .take(limit)
            .map(|(i, (u, w))| (i + 1, u, w))
            .collect();
        Ok(Standings { total, rows })
    }

    // ---------------------------------------------------------------- games

    /// The game in progress in a channel.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if that game's record does not decode.
    pub fn game(&self, channel: ChannelId) -> Result<Option<Game>> {
        match self.read::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))? {
            Some(head) => self.load_head(head).map(Some),
            None => Ok(None),
        }
    }

    /// Every game in progress as it stands, without its move list (`moves()` is empty):
    /// players, terms, position, clock and where it is played, which is what a list
    /// of games and the upkeep's sweeps read; one read per game fewer than
    /// [`games`](Self::games). Records that do not decode are skipped and logged.
    ///
    /// # Errors
    /// Storage failures.
    pub fn games_without_moves(&self) -> Result<Vec<Game>> {
        Ok(self
            .scan_all::<GameHead>(t::GAMES, "a game in progress")?
            .into_iter()
            .map(|head| head.game)
            .collect())
    }

    /// Every game in progress (records that do not decode are skipped and logged).
    ///
    /// # Errors
    /// Storage failures.
    pub fn games(&self) -> Result<Vec<Game>> {
        let mut out = Vec::new();
        for head in self.scan_all::<GameHead>(t::GAMES, "a game in progress")? {
            match self.load_head(head) {
                Ok(g) => out.push(g),
                Err(e) => tracing::error!("{e}"),
            }
        }
        Ok(out)
    }

    /// The newest open challenge in a channel (possibly past its expiry, until
    /// expired); [`open_challenges_in`](Self::open_challenges_in) lists them all.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if one does not decode.
    pub fn open_challenge(&self, channel: ChannelId) -> Result<Option<Challenge>> {
        Ok(self.open_challenges_in(channel)?.pop())
    }

    /// The open challenges in a channel (one per challenger, possibly past their expiry
    /// until expired), oldest first.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if one does not decode.
    pub fn open_challenges_in(&self, channel: ChannelId) -> Result<Vec<Challenge>> {
        let mut out = Vec::new();
        for item in self.kv().scan(t::CHALLENGES, &key1(channel)) {
            let (_, v) = item?;
            out.push(decode::<Challenge>(&v, || challenge_name(channel))?);
        }
        out.sort_by_key(|c| c.id);
        Ok(out)
    }

    /// Every open challenge.
    ///
    /// # Errors
    /// Storage failures.
    pub fn open_challenges(&self) -> Result<Vec<Challenge>> {
        self.scan_all(t::CHALLENGES, "a challenge")
    }

    fn scan_all<T: DeserializeOwned>(&self, tree: usize, what: &str) -> Result<Vec<T>> {
        let mut out = Vec::new();
        for item in self.kv().scan(tree, &[]) {
            let (k, v) = item?;
            match decode(&v, || {
                format!(
                    "{what} (key {})",
                    key_part::<u64>(&k, 0).unwrap_or_default()
                )
            }) {
                Ok(x) => out.push(x),
                Err(e) => tracing::error!("{e}"),
            }
        }
        Ok(out)
    }

    /// A finished game by id.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if it does not decode.
    pub fn finished_game(&self, id: GameId) -> Result<Option<FinishedGame>> {
        match self.read::<FinishedHead>(t::FINISHED, &key1(id), || format!("finished game {id}"))? {
            Some(head) => self.load_finished(head).map(Some),
            None => Ok(None),
        }
    }

    /// The last game finished in a channel (for a rematch or a replay).
    ///
    /// # Errors
    /// As [`history_channel`](Self::history_channel).
    pub fn last_finished(&self, channel: ChannelId) -> Result<Option<FinishedGame>> {
        Ok(self.history_channel(channel, 1)?.into_iter().next())
    }

    /// The games finished in a channel, newest first, at most `limit`.
    ///
    /// # Errors
    /// Storage failures, or [`StoreError::Corrupt`] for a game that does not decode.
    pub fn history_channel(&self, channel: ChannelId, limit: usize) -> Result<Vec<FinishedGame>> {
        self.history(t::BY_CHANNEL, &key1(channel), 1, limit)
    }

    /// A player's finished games on a server, newest first, at most `limit`.
    ///
    /// # Errors
    /// Storage failures, or [`StoreError::Corrupt`] for a game that does not decode.
    pub fn history_player(
        &self,
        guild: GuildId,
        user: UserId,
        limit: usize,
    ) -> Result<Vec<FinishedGame>> {
        self.history(t::BY_PLAYER, &key2(guild, user), 2, limit)
    }

    /// A server's finished games, newest first (by id), at most `limit`: their ids read
    /// from the players' index (keys only), then each game.
    ///
    /// # Errors
    /// Storage failures, or [`StoreError::Corrupt`] for a game that does not decode.
    pub fn history_server(&self, guild: GuildId, limit: usize) -> Result<Vec<FinishedGame>> {
        let mut ids = std::collections::BTreeSet::new();
        for item in self.kv().scan(t::BY_PLAYER, &key1(guild)) {
            let (k, _) = item?;
            ids.insert(!key_part::<u64>(&k, 2).unwrap_or_default());
        }
        let mut out = Vec::new();
        for id in ids.into_iter().rev().take(limit) {
            let id = GameId(id);
            match self.finished_game(id)? {
                Some(g) => out.push(g),
                None => return Err(StoreError::NoSuchGame(id)),
            }
        }
        Ok(out)
    }

    fn history(
        &self,
        index: usize,
        prefix: &[u8],
        part: usize,
        limit: usize,
    ) -> Result<Vec<FinishedGame>> {
        let mut out = Vec::new();
        for item in self.kv().scan(index, prefix).take(limit) {
            let (k, _) = item?;
            let id = GameId(!key_part::<u64>(&k, part).unwrap_or_default());
            match self.finished_game(id)? {
                Some(g) => out.push(g),
                None => return Err(StoreError::NoSuchGame(id)),
            }
        }
        Ok(out)
    }

    /// A player's ledger entries on a server, newest first, at most `limit` (reads the
    /// whole ledger: for statements and support, not for hot paths).
    ///
    /// # Errors
    /// Storage failures, or [`StoreError::Corrupt`] for an entry that does not decode.
    pub fn ledger(&self, guild: GuildId, user: UserId, limit: usize) -> Result<Vec<LedgerEntry>> {
        let mut out = Vec::new();
        for item in self.kv().scan_rev(t::LEDGER, &[]) {
            if out.len() >= limit {
                break;
            }
            let (k, v) = item?;
            let e: LedgerEntry = decode(&v, || {
                format!(
                    "ledger entry {}",
                    key_part::<u64>(&k, 0).unwrap_or_default()
                )
            })?;
            if e.guild == guild && e.user == user {
                out.push(e);
            }
        }
        Ok(out)
    }

    /// The results whose answers are still to announce (the outbox), oldest first.
    ///
    /// # Errors
    /// Storage failures, or [`StoreError::Corrupt`] for an entry that does not decode.
    pub fn pending_announcements(&self) -> Result<Vec<crate::Pending>> {
        let mut out = Vec::new();
        for item in self.kv().scan(t::OUTBOX, &[]) {
            let (k, v) = item?;
            out.push(decode::<crate::Pending>(&v, || {
                format!(
                    "outbox entry {}",
                    key_part::<u64>(&k, 0).unwrap_or_default()
                )
            })?);
        }
        out.sort_by_key(|p| (p.at, p.request));
        Ok(out)
    }

    /// How many answers and news the outbox holds (its depth, for `/metrics`): counted
    /// without decoding them.
    ///
    /// # Errors
    /// Storage failures.
    pub fn outbox_depth(&self) -> Result<usize> {
        let mut n = 0;
        for item in self.kv().scan(t::OUTBOX, &[]) {
            item?;
            n += 1;
        }
        Ok(n)
    }

    /// The answer to a request (or a tournament's news) was delivered (or cannot be):
    /// out of the outbox. Not flushed on its own (the next write's flush carries it): at
    /// worst an answer is announced again after a crash, and the bot looks for it first.
    ///
    /// # Errors
    /// Storage failures.
    pub fn announced(&self, key: impl Into<crate::OutboxKey>) -> Result<()> {
        self.kv().remove(t::OUTBOX, &key.into().bytes())?;
        Ok(())
    }

    /// Whether the outbox still holds `key` (its news or answer not yet delivered).
    ///
    /// # Errors
    /// Storage failures.
    pub fn owed(&self, key: impl Into<crate::OutboxKey>) -> Result<bool> {
        Ok(self.kv().get(t::OUTBOX, &key.into().bytes())?.is_some())
    }

    /// Every ledger entry of a server, in ledger order (reads the whole ledger: for
    /// `jetan export-ledger` and audits, not for hot paths).
    ///
    /// # Errors
    /// Storage failures, or [`StoreError::Corrupt`] for an entry that does not decode.
    pub fn server_ledger(&self, guild: GuildId) -> Result<Vec<LedgerEntry>> {
        let mut out = Vec::new();
        for item in self.kv().scan(t::LEDGER, &[]) {
            let (k, v) = item?;
            let e: LedgerEntry = decode(&v, || {
                format!(
                    "ledger entry {}",
                    key_part::<u64>(&k, 0).unwrap_or_default()
                )
            })?;
            if e.guild == guild {
                out.push(e);
            }
        }
        Ok(out)
    }

    /// Forgets the stored results of requests made before `before` (they only serve to
    /// answer a repeated request id, which happens within seconds), and the outbox
    /// entries as old. Returns how many results.
    ///
    /// # Errors
    /// Storage failures.
    pub fn prune_requests(&self, before: Millis) -> Result<usize> {
        let mut n = 0;
        for item in self.kv().scan(t::REQUESTS, &[]) {
            let (k, v) = item?;
            let old = decode::<StoredReceipt>(&v, String::new).map_or(true, |r| r.at < before);
            if old {
                self.kv().remove(t::REQUESTS, &k)?;
                n += 1;
            }
        }
        for item in self.kv().scan(t::TOURNAMENT_REQUESTS, &[]) {
            let (k, v) = item?;
            let old = decode::<crate::tournament::model::StoredUpdate>(&v, String::new)
                .map_or(true, |r| r.at < before);
            if old {
                self.kv().remove(t::TOURNAMENT_REQUESTS, &k)?;
                n += 1;
            }
        }
        // An answer not announced by then never will be (its result is gone too): a
        // front end that does not announce (the console) leaves its entries here. A
        // tournament's news stays until delivered (its event is still there to word it;
        // one entry per round).
        for item in self.kv().scan(t::OUTBOX, &[]) {
            let (k, v) = item?;
            let old = decode::<crate::Pending>(&v, String::new)
                .map_or(true, |p| p.tournament.is_none() && p.at < before);
            if old {
                self.kv().remove(t::OUTBOX, &k)?;
            }
        }
        self.flush()?;
        Ok(n)
    }
}

/// The store is shared between tasks and threads.
const _: fn() = || {
    fn shared<T: Send + Sync + Clone + 'static>() {}
    shared::<Store>();
};
