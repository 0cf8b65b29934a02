//! `admin purge`: the wallets of members who left the server are emptied through the
//! ledger. The core cannot ask Discord who is still a member, so a purge goes there and
//! back once:
//!
//! 1. As typed, the command is answered at once, privately ("checking N wallets…"),
//!    with a [`PurgeJob`]: the wallets that hold money, which the front end checks with
//!    Discord (a member lookup each), off the request's critical path.
//! 2. The front end hands the same request back with what it learned
//!    ([`PurgeJob::checked`]); [`Core::handle`](crate::Core::handle) runs it like any
//!    other (a repeated interaction answered from its receipt, the audit line), and the
//!    store's one transaction reads every wallet again: money that went into escrow in
//!    between is kept.

use jetan_store::{Purged, UserId, MAX_PURGE};

use super::args::one_line;
use super::lang::{tr, Lang};
use super::request::{mention, AdminCommand, Command, Departures, Request};
use super::text::money;
use super::{Core, CoreError, Reply, Response};
use crate::reply::Text;

/// A purge waiting for the front end to ask Discord who left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PurgeJob {
    /// The request as typed.
    pub request: Request,
    /// The members to check: every one with money in the server (balance or escrow),
    /// at most [`MAX_PURGE`], in user order.
    pub candidates: Vec<UserId>,
}

impl PurgeJob {
    /// The request again, with what Discord said: for [`Core::handle`](crate::Core::handle).
    pub fn checked(&self, departures: Departures) -> Request {
        let mut req = self.request.clone();
        if let Command::Admin(AdminCommand::Purge { checked, .. }) = &mut req.command {
            *checked = Some(departures);
        }
        req
    }
}

pub(crate) fn purge(
    core: &Core,
    req: &Request,
    reason: &str,
    checked: Option<&Departures>,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let reason = one_line(lang, reason, "reason-too-long")?;
    let Some(departures) = checked else {
        return purge_start(core, req);
    };
    let done = core
        .store
        .purge(Core::store_req(req), req.guild, &departures.left, &reason)?;
    purge_reply(core, req, &done, departures.unchecked)
}

/// Step 1: the wallets to check.
fn purge_start(core: &Core, req: &Request) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let bot = core.bot().id;
    let mut candidates: Vec<UserId> = core
        .store
        .wallets(req.guild)?
        .into_iter()
        .filter(|(user, w)| *user != bot && (w.balance > 0 || w.escrow > 0))
        .map(|(user, _)| user)
        .collect();
    if candidates.is_empty() {
        return Ok(Reply::ephemeral(tr!(lang, "purge-nothing")).into());
    }
    let more = candidates.len() > MAX_PURGE;
    candidates.truncate(MAX_PURGE);
    let mut text = tr!(lang, "purge-checking", count = candidates.len());
    if more {
        text.push(" ");
        text.push(tr!(lang, "purge-more", max = MAX_PURGE));
    }
    let mut response: Response = Reply::ephemeral(text).into();
    response.purge = Some(PurgeJob {
        request: req.clone(),
        candidates,
    });
    Ok(response)
}

/// Step 2's answer (also to a repeated request): what was emptied and what was kept.
pub(crate) fn purge_reply(
    core: &Core,
    req: &Request,
    done: &Purged,
    unchecked: usize,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let currency = core.currency(req.guild)?;
    let mut text = if done.purged.is_empty() {
        tr!(lang, "purge-none-left")
    } else {
        tr!(
            lang,
            "purge-done",
            count = done.purged.len(),
            amount = money(lang, done.total(), &currency)
        )
    };
    for (user, amount) in done.purged.iter().take(LISTED) {
        text.line(
            Text::words("• ")
                .and(mention(*user))
                .and(" ")
                .and(money(lang, *amount, &currency)),
        );
    }
    if done.purged.len() > LISTED {
        text.line(Text::words("• ").and(tr!(
            lang,
            "purge-and-more",
            count = done.purged.len() - LISTED
        )));
    }
    if !done.kept.is_empty() {
        let who = Text::join(done.kept.iter().map(|(u, _)| mention(*u)), ", ");
        text.line(tr!(lang, "purge-kept", who = who));
    }
    if unchecked > 0 {
        text.line(tr!(lang, "purge-unchecked", count = unchecked));
    }
    Ok(Reply::ephemeral(text).into())
}

/// How many purged wallets the answer names one by one.
const LISTED: usize = 20;
