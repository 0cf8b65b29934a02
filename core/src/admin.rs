//! Server managers' tools (`/jetan admin …`): abort the channel's game or challenge,
//! grant or take money, change the settings. Discord shows these commands to managers
//! only; the core checks the permission again on every use.

use jetan_store::Settlement;

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

fn reason_text(reason: &str) -> Result<String, CoreError> {
    let r = reason.trim();
    if r.chars().count() > MAX_REASON || r.contains(['\n', '\r']) {
        return refuse(format!(
            "The reason must be one line of at most {MAX_REASON} characters."
        ));
    }
    Ok(r.to_string())
}

impl Core {
    pub(crate) fn admin(
        &self,
        req: &Request,
        command: &AdminCommand,
    ) -> Result<Response, CoreError> {
        if !req.manager {
            return refuse(
                "Only server managers (the Manage Server permission) can use the admin tools.",
            );
        }
        match command {
            AdminCommand::Abort { reason } => {
                let reason = reason_text(reason.as_deref().unwrap_or(""))?;
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
        let reason = reason_text(reason)?;
        if user.bot {
            return refuse("Bots have no wallet.");
        }
        let a = amount(typed, "amount")?;
        let stamp = Self::store_req(req);
        let (done, verb, preposition) = match direction {
            Direction::Grant => (
                self.store.grant(stamp, req.guild, user.id, a, &reason)?,
                "Granted",
                "to",
            ),
            Direction::Take => (
                self.store.take(stamp, req.guild, user.id, a, &reason)?,
                "Took",
                "from",
            ),
        };
        let currency = self.currency(req.guild)?;
        Ok(Reply::ephemeral(format!(
            "{verb} {} {preposition} {} ({reason}). Their balance: {}.",
            money(done.amount, &currency),
            mention(done.user),
            money(done.balance, &currency)
        ))
        .into())
    }

    /// Ends the channel's game (remaining escrow refunded, no result) or calls off its
    /// challenge (the challenger refunded), and says so publicly.
    fn abort(&self, req: &Request, reason: &str) -> Result<Response, CoreError> {
        let why = if reason.is_empty() {
            String::new()
        } else {
            format!(" Reason: {reason}.")
        };
        if let Some(game) = self.store.game(req.channel)? {
            let s: Settlement =
                self.store
                    .abort(Self::store_req(req), req.channel, game.id, reason)?;
            self.stop_thinking(game.id);
            let currency = self.currency(req.guild)?;
            let mut text = format!(
                "{} aborted the game {} vs {}.{why} No result is counted.",
                mention(req.user.id),
                mention(game.black),
                mention(game.orange)
            );
            for r in &s.released {
                text.push_str(&format!(
                    "\n• {} returned to {}.",
                    money(r.amount, &currency),
                    mention(r.user)
                ));
            }
            return Ok(Reply::public(text).into());
        }
        if self.store.open_challenge(req.channel)?.is_some() {
            let closed = self
                .store
                .abort_challenge(Self::store_req(req), req.channel)?;
            let mut response = self.closed_reply(req, &closed);
            response.reply.text = format!("{}{why}", response.reply.text);
            return Ok(response);
        }
        refuse("There is no game or challenge in this channel to abort.")
    }
}
