//! The [`Store`]: opening, reading, and the transaction-plus-flush machinery every
//! mutating operation goes through.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use sled::transaction::TransactionError;
use sled::Transactional;

use crate::codec::{decode, key1, key2, key_part};
use crate::model::{
    Challenge, FinishedGame, FinishedHead, Game, GameHead, LedgerEntry, MoveRecord, Receipt,
    Settings, Standings, StandingsOrder, StoredReceipt, Wallet,
};
use crate::tx::{challenge_name, game_name, t, wallet_name, Tx, TxResult, TREE_NAMES};
use crate::{ChannelId, GameId, GuildId, Millis, RequestId, Result, StoreError, UserId};

/// The meta key holding the id base (see [`Store::open`]).
pub(crate) const ID_BASE_KEY: &[u8] = b"id_base";

/// How an operation's result is stored as a [`Receipt`] and read back (see the
/// `receipt!` macro).
pub(crate) type ReceiptFns<T> = (fn(T) -> Receipt, fn(Receipt) -> Option<T>);

/// Why sled could not open `dir`: another process holding its lock gets its own error.
fn open_error(dir: &Path, e: sled::Error) -> StoreError {
    match &e {
        sled::Error::Io(io) if io.to_string().contains("could not acquire lock") => {
            StoreError::Locked(dir.display().to_string())
        }
        _ => e.into(),
    }
}

/// How long [`open_sled`] waits for a lock that is being released.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(1500);

/// Opens sled's database in `dir`. A lock still held for a moment by a handle that was
/// just dropped in this process (sled's background writes finish after `drop`) is waited
/// for, up to [`LOCK_WAIT`]; a lock held longer (another process) is [`StoreError::Locked`].
fn open_sled(dir: &Path) -> Result<sled::Db> {
    let started = std::time::Instant::now();
    loop {
        match sled::Config::new()
            .path(dir)
            .cache_capacity(64 * 1024 * 1024)
            .open()
            .map_err(|e| open_error(dir, e))
        {
            Err(StoreError::Locked(_)) if started.elapsed() < LOCK_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

/// The bot's data: games, challenges, the archive, wallets, the ledger, settings.
///
/// Cheap to clone (an `Arc`), `Send + Sync`. Reads are synchronous and fast (sled keeps
/// hot data in memory). Mutating operations are `async`: the transaction itself runs
/// inline (microseconds), then the call awaits a flush so it returns only once the change
/// is on disk. Flushes are grouped: concurrent calls share one `fsync` (see
/// [`Store::flush`]). Any async runtime works.
#[derive(Clone)]
pub struct Store {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub db: sled::Db,
    pub trees: Vec<sled::Tree>,
    /// Added to sled's id generator, so that a data directory restored by `import`
    /// never hands out an id the export already used.
    pub id_base: u64,
    /// Cosmetic data outside the money records (display names, practice levels): not
    /// exported, not verified, written without a flush of its own.
    pub profiles: sled::Tree,
    flusher: Option<Flusher>,
}

/// The one thread that flushes: callers send it a waiter after their commit; it drains
/// every waiter queued, runs one blocking `flush` (which covers all their commits), and
/// answers them all (group commit).
///
/// Why not `sled::Tree::flush_async`: in sled 0.34 concurrent `flush_async` calls run on
/// sled's own small I/O thread pool and can fill it with flushes that wait for a log write
/// queued behind them, a deadlock (sled issue #1308, seen here with 1,000 concurrent
/// moves). One flushing thread of our own never starves that pool.
struct Flusher {
    queue: std::sync::mpsc::Sender<Waiter>,
    thread: std::thread::JoinHandle<()>,
}

type Waiter = std::sync::mpsc::SyncSender<Result<(), String>>;

impl Flusher {
    fn start(db: sled::Db) -> Result<Flusher> {
        let (queue, rx) = std::sync::mpsc::channel::<Waiter>();
        let thread = std::thread::Builder::new()
            .name("jetan-store-flush".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    batch.extend(rx.try_iter());
                    let result = db.flush().map(drop).map_err(|e| e.to_string());
                    for w in batch {
                        let _ = w.send(result.clone());
                    }
                }
            })?;
        Ok(Flusher { queue, thread })
    }
}

impl Drop for Inner {
    /// Stops the flusher and waits for it, so that the directory is released when the
    /// last clone of the store is dropped.
    fn drop(&mut self) {
        if let Some(Flusher { queue, thread }) = self.flusher.take() {
            drop(queue);
            let _ = thread.join();
        }
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
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
        let names = db.tree_names();
        if !names
            .iter()
            .any(|n| n.as_ref() == TREE_NAMES[t::META].as_bytes())
        {
            return Err(no_data());
        }
        Store::from_db(db)
    }

    pub(crate) fn from_db(db: sled::Db) -> Result<Store> {
        let trees = TREE_NAMES
            .iter()
            .map(|n| db.open_tree(n))
            .collect::<Result<Vec<_>, _>>()?;
        crate::migrate::migrate(&db, &trees)?;
        let id_base = match trees[t::META].get(ID_BASE_KEY)? {
            Some(v) => key_part(&v, 0).ok_or_else(|| StoreError::Corrupt {
                what: "the id base".into(),
                detail: "not 8 bytes".into(),
            })?,
            None => 0,
        };
        let profiles = db.open_tree("profiles")?;
        let flusher = Some(Flusher::start(db.clone())?);
        Ok(Store {
            inner: Arc::new(Inner {
                db,
                trees,
                id_base,
                profiles,
                flusher,
            }),
        })
    }

    pub(crate) fn tree(&self, i: usize) -> &sled::Tree {
        &self.inner.trees[i]
    }

    /// Waits until everything written so far is on disk: the store's flusher thread
    /// runs one blocking sled flush (`fsync`) for all the calls waiting at that moment.
    ///
    /// # Errors
    /// [`StoreError::Storage`] if the flush fails.
    pub fn flush(&self) -> Result<()> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let flusher = self
            .inner
            .flusher
            .as_ref()
            .expect("the flusher runs while the store lives");
        flusher
            .queue
            .send(tx)
            .map_err(|_| StoreError::Storage("the flusher thread has stopped".into()))?;
        match rx.recv() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Storage(e)),
            Err(_) => Err(StoreError::Storage("the flusher thread has stopped".into())),
        }
    }

    /// Runs `body` in one transaction over every tree (retried by sled on conflicts;
    /// nothing is written if it returns an error).
    pub(crate) fn transact<T>(
        &self,
        request: Option<RequestId>,
        now: Millis,
        body: impl Fn(&Tx<'_>) -> TxResult<T>,
    ) -> Result<T> {
        let trees: Vec<&sled::Tree> = self.inner.trees.iter().collect();
        let res = trees[..].transaction(|view| {
            body(&Tx {
                trees: view,
                id_base: self.inner.id_base,
                request,
                now,
            })
        });
        match res {
            Ok(v) => Ok(v),
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    /// One idempotent mutating operation: if `request` was seen before, its stored result
    /// is returned and nothing changes; else `body` runs in one transaction that also
    /// stores its result under `request`. Returns after the flush.
    pub(crate) fn mutate<T: Clone>(
        &self,
        request: RequestId,
        now: Millis,
        receipt: ReceiptFns<T>,
        body: impl Fn(&Tx<'_>) -> TxResult<T>,
    ) -> Result<T> {
        self.mutate_with(request, now, receipt, |tx| Ok((body(tx)?, None)))
            .map(|(v, _)| v)
    }

    /// [`mutate`](Self::mutate) for an operation whose result holds a [`Game`] stored
    /// without its moves: `body` also returns how many moves the game had, which is
    /// stored with the receipt and returned (to fill the moves in after the
    /// transaction, see [`fill_moves`](Self::fill_moves)).
    pub(crate) fn mutate_with<T: Clone>(
        &self,
        request: RequestId,
        now: Millis,
        (wrap, unwrap): ReceiptFns<T>,
        body: impl Fn(&Tx<'_>) -> TxResult<(T, Option<u32>)>,
    ) -> Result<(T, Option<u32>)> {
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
            Ok(Ok((value, moves)))
        })?;
        // Flush even for a repeated request: its first call may not have finished
        // flushing yet.
        self.flush()?;
        out
    }

    /// The first `plies` moves of game `id`, from the moves tree (a prefix scan).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if one is missing or does not decode.
    pub(crate) fn read_moves(&self, id: GameId, plies: u32) -> Result<Vec<MoveRecord>> {
        self.read_records(t::MOVES, id, plies, "moves")
    }

    /// The first `plies` records of game `id` in `tree` (moves or Martian Chess
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
        for item in self.tree(tree).scan_prefix(key1(id)).take(want) {
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

    /// Puts the first `plies` moves (or Martian Chess actions) of `game` (stored
    /// without them) back in its list.
    pub(crate) fn fill_moves(&self, game: &mut Game, plies: Option<u32>) -> Result<()> {
        if let Some(n) = plies {
            if game.is_martian() {
                game.actions = self.read_records(t::ACTIONS, game.id, n, "martian_actions")?;
            } else {
                game.moves = self.read_moves(game.id, n)?;
            }
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
        match self.tree(tree).get(key)? {
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
            req.id,
            req.now,
            (Receipt::Settings, |r| match r {
                Receipt::Settings(s) => Some(s),
                _ => None,
            }),
            |tx| {
                let mut s = tx.settings(guild)?;
                change.apply(&mut s);
                tx.put(t::SETTINGS, &key1(guild), &s)?;
                Ok(s)
            },
        )
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
        for item in self.tree(t::WALLETS).scan_prefix(key1(guild)) {
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

    /// The open challenge in a channel (possibly past its expiry, until expired).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if it does not decode.
    pub fn open_challenge(&self, channel: ChannelId) -> Result<Option<Challenge>> {
        self.read(t::CHALLENGES, &key1(channel), || challenge_name(channel))
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
        for item in self.tree(tree).iter() {
            let (k, v) = item?;
            match decode(&v, || {
                format!("{what} (key {})", key_part(&k, 0).unwrap_or_default())
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

    fn history(
        &self,
        index: usize,
        prefix: &[u8],
        part: usize,
        limit: usize,
    ) -> Result<Vec<FinishedGame>> {
        let mut out = Vec::new();
        for item in self.tree(index).scan_prefix(prefix).take(limit) {
            let (k, _) = item?;
            let id = !key_part(&k, part).unwrap_or_default();
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
        for item in self.tree(t::LEDGER).iter().rev() {
            if out.len() >= limit {
                break;
            }
            let (k, v) = item?;
            let e: LedgerEntry = decode(&v, || {
                format!("ledger entry {}", key_part(&k, 0).unwrap_or_default())
            })?;
            if e.guild == guild && e.user == user {
                out.push(e);
            }
        }
        Ok(out)
    }

    /// Forgets the stored results of requests made before `before` (they only serve to
    /// answer a repeated request id, which happens within seconds). Returns how many.
    ///
    /// # Errors
    /// Storage failures.
    pub fn prune_requests(&self, before: Millis) -> Result<usize> {
        let mut n = 0;
        for item in self.tree(t::REQUESTS).iter() {
            let (k, v) = item?;
            let old = decode::<StoredReceipt>(&v, String::new).map_or(true, |r| r.at < before);
            if old {
                self.tree(t::REQUESTS).remove(k)?;
                n += 1;
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
