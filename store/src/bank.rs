//! Money that is not a game's: the daily allowance, admin grants and takes, payments
//! between players. Each operation is one transaction (see [`Store::mutate`]).

use crate::model::{DailyClaim, EntryKind, Granted, Paid, Purged, Receipt, DAY_MS, MAX_AMOUNT};
use crate::tx::{fail, to_i64};
use crate::{GuildId, Result, Stamp, Store, StoreError, UserId};

impl Store {
    /// Claims the daily allowance: once per 24 hours from the last claim, and only up
    /// to the server's maximum balance.
    ///
    /// # Errors
    /// [`StoreError::DailyNotReady`] with the time to wait; [`StoreError::BalanceLimit`]
    /// when the balance is already at the maximum.
    pub fn daily(&self, req: Stamp, guild: GuildId) -> Result<DailyClaim> {
        self.mutate(req, receipt!(Daily), |tx| {
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
            // The allowance stops at the server's maximum balance; a wallet already there
            // is refused, and keeps its claim for later.
            let mut amount = settings.daily_allowance;
            if settings.max_balance > 0 {
                let room = settings.max_balance.saturating_sub(w.balance);
                if room == 0 && amount > 0 {
                    return fail(StoreError::BalanceLimit {
                        user: req.user,
                        max: settings.max_balance,
                        room,
                    });
                }
                amount = amount.min(room);
            }
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
    }

    /// An admin grants `amount` (positive) to `user`. The store does not check that
    /// `req.user` is an admin.
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] for 0 or more than [`MAX_AMOUNT`].
    pub fn grant(
        &self,
        req: Stamp,
        guild: GuildId,
        user: UserId,
        amount: u64,
        reason: &str,
    ) -> Result<Granted> {
        check_admin_amount(amount, "grant")?;
        self.mutate(req, receipt!(Grant), |tx| {
            let text = ledger_reason("grant by", req.user, reason);
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
    }

    /// An admin takes `amount` (positive) from `user`'s balance: never below zero, never
    /// from escrow. The store does not check that `req.user` is an admin.
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] for 0 or more than [`MAX_AMOUNT`];
    /// [`StoreError::InsufficientFunds`] when the balance is smaller than `amount`.
    pub fn take(
        &self,
        req: Stamp,
        guild: GuildId,
        user: UserId,
        amount: u64,
        reason: &str,
    ) -> Result<Granted> {
        check_admin_amount(amount, "take")?;
        self.mutate(req, receipt!(Grant), |tx| {
            let w = tx.wallet(guild, user)?;
            if w.balance < amount {
                return fail(StoreError::InsufficientFunds {
                    user,
                    available: w.balance,
                    needed: amount,
                    what: "the amount taken",
                });
            }
            let text = ledger_reason("taken by", req.user, reason);
            let w = tx.money(
                guild,
                user,
                EntryKind::Take,
                -to_i64(amount)?,
                0,
                None,
                &text,
            )?;
            Ok(Granted {
                user,
                amount,
                balance: w.balance,
            })
        })
    }
}

/// The most wallets one purge may empty (a front end asks again for the rest).
pub const MAX_PURGE: usize = 1000;

impl Store {
    /// An admin resets `user`'s wallet: its whole balance is removed through the ledger
    /// ([`EntryKind::Reset`], with the admin and the reason), money in escrow stays with
    /// its challenges and games (it comes back to the balance when they end). Games
    /// played, net won and ratings are kept: they are history, not money. The store does
    /// not check that `req.user` is an admin.
    ///
    /// # Errors
    /// Storage failures only; a balance already at zero is reset to zero (nothing moves).
    pub fn reset(&self, req: Stamp, guild: GuildId, user: UserId, reason: &str) -> Result<Granted> {
        self.mutate(req, receipt!(Reset), |tx| {
            let w = tx.wallet(guild, user)?;
            if w.balance > 0 {
                tx.money(
                    guild,
                    user,
                    EntryKind::Reset,
                    -to_i64(w.balance)?,
                    0,
                    None,
                    &ledger_reason("reset by", req.user, reason),
                )?;
            }
            Ok(Granted {
                user,
                amount: w.balance,
                balance: 0,
            })
        })
    }

    /// An admin purges the wallets of members who left the server (`departed`, as the
    /// front end learned from Discord): each one's whole balance is removed through the
    /// ledger ([`EntryKind::Purge`], with the admin and the reason). A wallet with money
    /// in escrow is left as it is (its challenge or game is still running: purge it
    /// again once that ends), and so is a wallet that does not exist (none is created).
    /// The record itself stays (games, ratings: history, not money). All in one
    /// transaction, which reads every wallet again: a departed member whose money went
    /// into escrow since the front end looked is kept, and a repeated request purges
    /// once. The store does not check that `req.user` is an admin, nor who left.
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] for more than [`MAX_PURGE`] members at once;
    /// storage failures.
    pub fn purge(
        &self,
        req: Stamp,
        guild: GuildId,
        departed: &[UserId],
        reason: &str,
    ) -> Result<Purged> {
        let mut users = departed.to_vec();
        users.sort_unstable();
        users.dedup();
        if users.len() > MAX_PURGE {
            return Err(StoreError::InvalidAmount(format!(
                "at most {MAX_PURGE} wallets may be purged at once"
            )));
        }
        self.mutate(req, receipt!(Purge), |tx| {
            let text = ledger_reason("purged by", req.user, reason);
            let mut done = Purged {
                purged: Vec::new(),
                kept: Vec::new(),
            };
            for &user in &users {
                let Some(w) = tx.existing_wallet(guild, user)? else {
                    continue;
                };
                if w.escrow > 0 {
                    done.kept.push((user, w.escrow));
                } else if w.balance > 0 {
                    tx.money(
                        guild,
                        user,
                        EntryKind::Purge,
                        -to_i64(w.balance)?,
                        0,
                        None,
                        &text,
                    )?;
                    done.purged.push((user, w.balance));
                }
            }
            Ok(done)
        })
    }

    /// `req.user` pays `amount` from their balance (never from escrow) to `to`, on
    /// `guild`: both wallets and both ledger entries ([`EntryKind::Payment`]) in one
    /// transaction, so a repeated request pays once and two racing payments from one
    /// wallet can never both spend the same money. The store does not know who is a bot
    /// or a member of the server (the core checks that).
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] for 0 or more than [`MAX_AMOUNT`];
    /// [`StoreError::SelfPayment`]; [`StoreError::InsufficientFunds`] when the balance
    /// is smaller than `amount`; [`StoreError::PaymentCap`] past the server's daily cap
    /// on payments sent; [`StoreError::BalanceLimit`] when the receiver's balance would
    /// pass the server's maximum balance (or the store's own limit).
    pub fn pay(
        &self,
        req: Stamp,
        guild: GuildId,
        to: UserId,
        amount: u64,
        note: &str,
    ) -> Result<Paid> {
        if amount == 0 || amount > MAX_AMOUNT {
            return Err(StoreError::InvalidAmount(format!(
                "a payment must be between 1 and {MAX_AMOUNT}"
            )));
        }
        if to == req.user {
            return Err(StoreError::SelfPayment);
        }
        self.mutate(req, receipt!(Pay), |tx| {
            let settings = tx.settings(guild)?;
            let payer = tx.wallet(guild, req.user)?;
            if payer.balance < amount {
                return fail(StoreError::InsufficientFunds {
                    user: req.user,
                    available: payer.balance,
                    needed: amount,
                    what: "the payment",
                });
            }
            // The daily cap on payments sent: a window of 24 hours from its first payment.
            let (opened, sent) = match payer.sent {
                Some((at, sent)) if req.now < at.saturating_add(DAY_MS) => (at, sent),
                _ => (req.now, 0),
            };
            let cap = settings.daily_pay_cap;
            if cap > 0 && sent.saturating_add(amount) > cap {
                return fail(StoreError::PaymentCap {
                    cap,
                    left: cap.saturating_sub(sent),
                    wait_ms: opened.saturating_add(DAY_MS).saturating_sub(req.now),
                });
            }
            let receiver = tx.wallet(guild, to)?;
            let max = match settings.max_balance {
                0 => MAX_AMOUNT.saturating_mul(1000),
                m => m,
            };
            if receiver.balance.saturating_add(amount) > max {
                return fail(StoreError::BalanceLimit {
                    user: to,
                    max,
                    room: max.saturating_sub(receiver.balance),
                });
            }
            let delta = to_i64(amount)?;
            tx.money(
                guild,
                req.user,
                EntryKind::Payment,
                -delta,
                0,
                None,
                &payment_reason("payment to", to, note),
            )?;
            tx.money(
                guild,
                to,
                EntryKind::Payment,
                delta,
                0,
                None,
                &payment_reason("payment from", req.user, note),
            )?;
            let w = tx.update_wallet(guild, req.user, |w| {
                w.sent = Some((opened, sent.saturating_add(amount)));
                Ok(())
            })?;
            Ok(Paid {
                from: req.user,
                to,
                amount,
                note: note.to_string(),
                balance: w.balance,
            })
        })
    }
}

/// The ledger's words for a payment: to or from whom, and the payer's note.
fn payment_reason(what: &str, other: UserId, note: &str) -> String {
    if note.is_empty() {
        format!("{what} {other}")
    } else {
        format!("{what} {other}: {note}")
    }
}

/// An admin's amount must be between 1 and [`MAX_AMOUNT`].
fn check_admin_amount(amount: u64, what: &str) -> Result<()> {
    if amount == 0 || amount > MAX_AMOUNT {
        return Err(StoreError::InvalidAmount(format!(
            "a {what} must be between 1 and {MAX_AMOUNT}"
        )));
    }
    Ok(())
}

/// The ledger's words for an admin's grant or take: who did it, and why.
fn ledger_reason(what: &str, admin: UserId, reason: &str) -> String {
    if reason.is_empty() {
        format!("{what} {admin}")
    } else {
        format!("{what} {admin}: {reason}")
    }
}
