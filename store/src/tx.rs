//! The typed view of one transaction over every tree (sled's or PostgreSQL's: see
//! [`crate::kv`]).

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::codec::{decode, encode, key1, key2, key3};
use crate::kv::{TxError, TxView};
use crate::model::{EntryKind, LedgerEntry, Settings, Wallet};
pub(crate) use crate::schema::{t, TREE_NAMES};
use crate::{ChannelId, GameId, GuildId, Millis, RequestId, StoreError, UserId};

/// What a transaction body returns.
pub(crate) type TxResult<T> = Result<T, TxError>;

/// Aborts the transaction with `e`: nothing is written.
pub(crate) fn fail<T>(e: StoreError) -> TxResult<T> {
    Err(TxError::Abort(e))
}

/// One transaction: every read sees this transaction's own writes; nothing is written
/// unless the body returns `Ok`.
pub(crate) struct Tx<'a> {
    pub view: &'a TxView<'a>,
    /// Added to the backend's id generator (see `Store::open`).
    pub id_base: u64,
    /// The request being served (`None` for expiry sweeps).
    pub request: Option<RequestId>,
    /// Its time.
    pub now: Millis,
}

impl Tx<'_> {
    pub fn get<T: DeserializeOwned>(
        &self,
        tree: usize,
        key: &[u8],
        what: impl FnOnce() -> String,
    ) -> TxResult<Option<T>> {
        match self.view.get(tree, key)? {
            None => Ok(None),
            Some(bytes) => match decode(&bytes, what) {
                Ok(v) => Ok(Some(v)),
                Err(e) => fail(e),
            },
        }
    }

    /// Whether `key` holds a record (without decoding it).
    pub fn contains(&self, tree: usize, key: &[u8]) -> TxResult<bool> {
        Ok(self.view.get(tree, key)?.is_some())
    }

    pub fn put<T: Serialize>(&self, tree: usize, key: &[u8], value: &T) -> TxResult<()> {
        self.view.insert(tree, key, &encode(value))?;
        Ok(())
    }

    pub fn put_raw(&self, tree: usize, key: &[u8], value: &[u8]) -> TxResult<()> {
        self.view.insert(tree, key, value)?;
        Ok(())
    }

    pub fn remove(&self, tree: usize, key: &[u8]) -> TxResult<()> {
        self.view.remove(tree, key)?;
        Ok(())
    }

    /// A fresh id (game ids, ledger sequence numbers): increasing, never reused.
    pub fn next_id(&self) -> TxResult<u64> {
        let id = self.view.generate_id()?;
        match id.checked_add(self.id_base) {
            Some(id) => Ok(id),
            None => fail(StoreError::Overflow("generating an id".into())),
        }
    }

    pub fn settings(&self, guild: GuildId) -> TxResult<Settings> {
        Ok(self
            .get(t::SETTINGS, &key1(guild), || {
                format!("the settings of server {guild}")
            })?
            .unwrap_or_default())
    }

    /// A wallet, created with the starting grant (and its ledger entry) if it does not
    /// exist yet.
    pub fn wallet(&self, guild: GuildId, user: UserId) -> TxResult<Wallet> {
        let key = key2(guild, user);
        if let Some(w) = self.get(t::WALLETS, &key, || wallet_name(guild, user))? {
            return Ok(w);
        }
        let grant = self.settings(guild)?.starting_grant;
        let w = Wallet {
            balance: grant,
            ..Wallet::default()
        };
        self.put(t::WALLETS, &key, &w)?;
        self.post(
            guild,
            user,
            EntryKind::StartingGrant,
            to_i64(grant)?,
            0,
            None,
            "starting grant",
        )?;
        Ok(w)
    }

    /// A wallet if it exists (never created here).
    pub fn existing_wallet(&self, guild: GuildId, user: UserId) -> TxResult<Option<Wallet>> {
        self.get(t::WALLETS, &key2(guild, user), || wallet_name(guild, user))
    }

    /// A wallet as it would be, without creating it.
    pub fn peek_wallet(&self, guild: GuildId, user: UserId) -> TxResult<Wallet> {
        match self.get(t::WALLETS, &key2(guild, user), || wallet_name(guild, user))? {
            Some(w) => Ok(w),
            None => Ok(Wallet {
                balance: self.settings(guild)?.starting_grant,
                ..Wallet::default()
            }),
        }
    }

    /// Changes a wallet's non-money fields (W/L/D, net won, daily claim).
    pub fn update_wallet(
        &self,
        guild: GuildId,
        user: UserId,
        f: impl FnOnce(&mut Wallet) -> Result<(), StoreError>,
    ) -> TxResult<Wallet> {
        let mut w = self.wallet(guild, user)?;
        if let Err(e) = f(&mut w) {
            return fail(e);
        }
        self.put(t::WALLETS, &key2(guild, user), &w)?;
        Ok(w)
    }

    /// Moves money: changes a wallet's balance and escrow by the deltas (refusing any
    /// overflow or negative result) and writes the ledger entry. Every change of money
    /// goes through here, so the ledger and the wallets cannot disagree.
    #[allow(clippy::too_many_arguments)]
    pub fn money(
        &self,
        guild: GuildId,
        user: UserId,
        kind: EntryKind,
        balance_delta: i64,
        escrow_delta: i64,
        game: Option<GameId>,
        reason: &str,
    ) -> TxResult<Wallet> {
        let mut w = self.wallet(guild, user)?;
        let (Some(balance), Some(escrow)) = (
            w.balance.checked_add_signed(balance_delta),
            w.escrow.checked_add_signed(escrow_delta),
        ) else {
            return fail(StoreError::Overflow(format!(
                "moving money for {reason} in the wallet of {user} in server {guild}"
            )));
        };
        w.balance = balance;
        w.escrow = escrow;
        self.put(t::WALLETS, &key2(guild, user), &w)?;
        self.post(guild, user, kind, balance_delta, escrow_delta, game, reason)?;
        Ok(w)
    }

    #[allow(clippy::too_many_arguments)]
    fn post(
        &self,
        guild: GuildId,
        user: UserId,
        kind: EntryKind,
        balance_delta: i64,
        escrow_delta: i64,
        game: Option<GameId>,
        reason: &str,
    ) -> TxResult<()> {
        let seq = self.next_id()?;
        let entry = LedgerEntry {
            seq,
            guild,
            user,
            kind,
            balance_delta,
            escrow_delta,
            game,
            request: self.request,
            at: self.now,
            reason: reason.to_owned(),
        };
        self.put(t::LEDGER, &key1(seq), &entry)
    }

    /// Files a finished game under its channel and its players.
    pub fn index_finished(
        &self,
        id: GameId,
        guild: GuildId,
        channel: ChannelId,
        players: [UserId; 2],
    ) -> TxResult<()> {
        self.put_raw(t::BY_CHANNEL, &key2(channel, !id.get()), &[])?;
        for p in players {
            self.put_raw(t::BY_PLAYER, &key3(guild, p, !id.get()), &[])?;
        }
        Ok(())
    }
}

/// An amount as a signed delta.
pub(crate) fn to_i64(v: u64) -> TxResult<i64> {
    match i64::try_from(v) {
        Ok(v) => Ok(v),
        Err(_) => fail(StoreError::Overflow("converting an amount".into())),
    }
}

pub(crate) fn wallet_name(guild: GuildId, user: UserId) -> String {
    format!("the wallet of {user} in server {guild}")
}

pub(crate) fn game_name(channel: ChannelId) -> String {
    format!("the game in channel {channel}")
}

pub(crate) fn challenge_name(channel: ChannelId) -> String {
    format!("the challenge in channel {channel}")
}
