//! Server managers' tools (`/jetan-admin …`): abort the channel's game or challenge,
//! grant or take money, change the settings. Discord shows these commands to managers
//! only; the core checks the permission again on every use.

use jetan_store::Settlement;

use super::args::{amount, one_line};
use super::lang::{tr, Lang};
use super::request::{mention, AdminCommand, Request, UserRef};
use super::text::money;
use super::{refuse, Core, CoreError, Reply, Response};
use crate::reply::Text;

/// Which way an admin moves money.
enum Direction {
    Grant,
    Take,
}

fn reason_text(lang: Lang, reason: &str) -> Result<String, CoreError> {
    one_line(lang, reason, "reason-too-long")
}

pub(crate) fn admin(
    core: &Core,
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
            abort(core, req, &reason)
        }
        AdminCommand::Grant {
            user,
            amount,
            reason,
        } => move_money(core, req, user, *amount, reason, Direction::Grant),
        AdminCommand::Take {
            user,
            amount,
            reason,
        } => move_money(core, req, user, *amount, reason, Direction::Take),
        AdminCommand::Reset { user, reason } => reset(core, req, user, reason),
        AdminCommand::Purge { reason, checked } => {
            crate::purge::purge(core, req, reason, checked.as_ref())
        }
        AdminCommand::Settings(args) => {
            crate::money::change_settings(core, req, args).map(Into::into)
        }
    }
}

/// An admin grant or take, answered privately with the new balance.
fn move_money(
    core: &Core,
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
    let stamp = Core::store_req(req);
    let (done, key) = match direction {
        Direction::Grant => (
            core.store.grant(stamp, req.guild, user.id, a, &reason)?,
            "granted",
        ),
        Direction::Take => (
            core.store.take(stamp, req.guild, user.id, a, &reason)?,
            "took",
        ),
    };
    let currency = core.currency(req.guild)?;
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
fn reset(core: &Core, req: &Request, user: &UserRef, reason: &str) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let reason = reason_text(lang, reason)?;
    if user.bot {
        return refuse(tr!(lang, "bots-no-wallet"));
    }
    let done = core
        .store
        .reset(Core::store_req(req), req.guild, user.id, &reason)?;
    reset_reply(core, req, &done)
}

/// The admin's answer to a reset (also to a repeated one).
pub(crate) fn reset_reply(
    core: &Core,
    req: &Request,
    done: &jetan_store::Granted,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let currency = core.currency(req.guild)?;
    let escrow = core.store.wallet(req.guild, done.user)?.escrow;
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
fn abort(core: &Core, req: &Request, reason: &str) -> Result<Response, CoreError> {
    let lang = core.public_lang(req.guild);
    let why = if reason.is_empty() {
        Text::new()
    } else {
        Text::words(" ").and(tr!(lang, "abort-reason", reason = reason))
    };
    if let Some(game) = core.store.game(req.channel)? {
        let s: Settlement = core
            .store
            .abort(Core::store_req(req), req.channel, game.id, reason)?;
        crate::practice::stop_thinking(core, game.id);
        let currency = core.currency(req.guild)?;
        let mut text = tr!(
            lang,
            "aborted-game",
            admin = mention(req.user.id),
            black = mention(game.players.first),
            orange = mention(game.players.second)
        )
        .and(why);
        for r in s.released.iter().filter(|r| r.amount > 0) {
            let line = tr!(
                lang,
                "refunded",
                amount = money(lang, r.amount, &currency),
                who = mention(r.user)
            );
            text.line(Text::words("• ").and(line));
        }
        return Ok(Reply::public(text).into());
    }
    // The channel's newest challenge (an abort calls off one; again for the next).
    if let Some(c) = core.store.open_challenge(req.channel)? {
        let closed = core
            .store
            .abort_challenge(Core::store_req(req), req.channel, Some(c.id))?;
        let mut response = crate::lobby::closed_reply(core, req, &closed);
        response.reply.text.push(why);
        return Ok(response);
    }
    refuse(tr!(Lang::of(&req.locale), "nothing-to-abort"))
}
