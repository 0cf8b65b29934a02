//! Server managers' tools (`/jetan admin …`): abort the channel's game or challenge,
//! grant or take money, change the settings. Discord shows these commands to managers
//! only; the core checks the permission again on every use.

use jetan_store::Settlement;

use super::lang::{tr, Lang};
use super::lobby::amount;
use super::request::{mention, AdminCommand, Request, UserRef};
use super::text::money;
use super::{refuse, Core, CoreError, Reply, Response};

/// Which way an admin moves money.
enum Direction {
    Grant,
    Take,
}

/// The longest reason an admin may give.
const MAX_REASON: usize = 200;

fn reason_text(lang: Lang, reason: &str) -> Result<String, CoreError> {
    one_line(lang, reason, "reason-too-long")
}

/// Text a user gives for the ledger and a message (an admin's reason, a payment's
/// note): trimmed, one line of at most [`MAX_REASON`] characters, else refused with the
/// message `too_long`. Private-use characters (the core's own marks for mentions) are
/// dropped, so typed text never reads as a mention.
pub(crate) fn one_line(lang: Lang, text: &str, too_long: &str) -> Result<String, CoreError> {
    let r: String = text
        .trim()
        .chars()
        .filter(|c| !('\u{e000}'..='\u{f8ff}').contains(c))
        .collect();
    if r.chars().count() > MAX_REASON || r.chars().any(char::is_control) {
        return refuse(tr!(lang, too_long, max = MAX_REASON));
    }
    Ok(r)
}

impl Core {
    pub(crate) fn admin(
        &self,
        req: &Request,
        command: &AdminCommand,
    ) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        if !req.manager {
            return refuse(tr!(lang, "admins-only"));
        }
        match command {
            AdminCommand::Abort { reason } => {
                let reason = reason_text(lang, reason.as_deref().unwrap_or(""))?;
                self.abort(req, &reason)
            }
            AdminCommand::Grant {
                user,
                amount,
                reason,
            } => self.move_money(req, user, *amount, reason, Direction::Grant),
            AdminCommand::Take {
                user,
                amount,
                reason,
            } => self.move_money(req, user, *amount, reason, Direction::Take),
            AdminCommand::Reset { user, reason } => self.reset(req, user, reason),
            AdminCommand::Purge { reason, checked } => self.purge(req, reason, checked.as_ref()),
            AdminCommand::Settings(args) => self.change_settings(req, args).map(Into::into),
        }
    }

    /// An admin grant or take, answered privately with the new balance.
    fn move_money(
        &self,
        req: &Request,
        user: &UserRef,
        typed: i64,
        reason: &str,
        direction: Direction,
    ) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        let reason = reason_text(lang, reason)?;
        if user.bot {
            return refuse(tr!(lang, "bots-no-wallet"));
        }
        let a = amount(lang, typed, "what-amount")?;
        let stamp = Self::store_req(req);
        let (done, key) = match direction {
            Direction::Grant => (
                self.store.grant(stamp, req.guild, user.id, a, &reason)?,
                "granted",
            ),
            Direction::Take => (
                self.store.take(stamp, req.guild, user.id, a, &reason)?,
                "took",
            ),
        };
        let currency = self.currency(req.guild)?;
        Ok(Reply::ephemeral(tr!(
            lang,
            key,
            amount = money(lang, done.amount, &currency),
            who = mention(done.user),
            reason = reason,
            balance = money(lang, done.balance, &currency)
        ))
        .into())
    }

    /// Zeroes a player's balance through the ledger, answered privately.
    fn reset(&self, req: &Request, user: &UserRef, reason: &str) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        let reason = reason_text(lang, reason)?;
        if user.bot {
            return refuse(tr!(lang, "bots-no-wallet"));
        }
        let done = self
            .store
            .reset(Self::store_req(req), req.guild, user.id, &reason)?;
        self.reset_reply(req, &done)
    }

    /// The admin's answer to a reset (also to a repeated one).
    pub(crate) fn reset_reply(
        &self,
        req: &Request,
        done: &jetan_store::Granted,
    ) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        let currency = self.currency(req.guild)?;
        let escrow = self.store.wallet(req.guild, done.user)?.escrow;
        Ok(Reply::ephemeral(tr!(
            lang,
            "reset-done",
            who = mention(done.user),
            amount = money(lang, done.amount, &currency),
            escrow = money(lang, escrow, &currency)
        ))
        .into())
    }

    /// Ends the channel's game (remaining escrow refunded, no result) or calls off its
    /// challenge (the challenger refunded), and says so publicly.
    fn abort(&self, req: &Request, reason: &str) -> Result<Response, CoreError> {
        let lang = self.public_lang(req.guild);
        let why = if reason.is_empty() {
            String::new()
        } else {
            format!(" {}", tr!(lang, "abort-reason", reason = reason))
        };
        if let Some(game) = self.store.game(req.channel)? {
            let s: Settlement =
                self.store
                    .abort(Self::store_req(req), req.channel, game.id, reason)?;
            self.stop_thinking(game.id);
            let currency = self.currency(req.guild)?;
            let mut text = tr!(
                lang,
                "aborted-game",
                admin = mention(req.user.id),
                black = mention(game.players.first),
                orange = mention(game.players.second)
            ) + &why;
            for r in s.released.iter().filter(|r| r.amount > 0) {
                let line = tr!(
                    lang,
                    "refunded",
                    amount = money(lang, r.amount, &currency),
                    who = mention(r.user)
                );
                text.push_str(&format!("\n• {line}"));
            }
            return Ok(Reply::public(text).into());
        }
        // The channel's newest challenge (an abort calls off one; again for the next).
        if let Some(c) = self.store.open_challenge(req.channel)? {
            let closed =
                self.store
                    .abort_challenge(Self::store_req(req), req.channel, Some(c.id))?;
            let mut response = self.closed_reply(req, &closed);
            response.reply.text.push_str(&why);
            return Ok(response);
        }
        refuse(tr!(Lang::of(&req.locale), "nothing-to-abort"))
    }
}
