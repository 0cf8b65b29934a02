//! The audit channel (`admin settings audit_channel:`): one line, in the server's
//! language, for every admin grant, take, reset, purge, abort and settings change, every payment and
//! every game in which more than the server's `audit_pot` changed hands. Each line is
//! worded from what the store did — the receipt stored under the request's id — so it
//! says exactly what happened, once (a repeated request is answered before this runs).
//! The lines ping nobody.

use jetan_store::{ChannelId, ClosedHow, GameResult, Receipt, Settings, Settlement};

use super::lang::tr;
use super::reply::Text;
use super::request::{mention, AdminCommand, Command, Request, SettingsArgs};
use super::text::money;
use super::{Core, Reply, Response};

/// Adds the audit line of what `req` just did, if the server has an audit channel
/// (or had one before the request: `before`, so that turning the audit off is the
/// last line posted) and it is something audited. Failures to read are logged: the
/// command is done.
pub(crate) fn audit(
    core: &Core,
    req: &Request,
    response: &mut Response,
    before: Option<ChannelId>,
) {
    // Only what can move money or change the server is audited: the read-only
    // commands cost no extra read.
    if !may_settle(&req.command) && !matches!(req.command, Command::Pay { .. }) {
        return;
    }
    let settings = match core.store.settings(req.guild) {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(guild = %req.guild, "audit: cannot read the settings: {e}");
            return;
        }
    };
    let Some(channel) = settings.audit_channel.or(before) else {
        return;
    };
    let receipt = match core.store.receipt(req.id) {
        Ok(Some(r)) => r,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(request = req.id, "audit: cannot read the receipt: {e}");
            return;
        }
    };
    if let Some(line) = audit_line(core, req, &receipt, &settings) {
        response.posts.push((channel, Reply::public(line)));
    }
}

fn audit_line(core: &Core, req: &Request, receipt: &Receipt, s: &Settings) -> Option<Text> {
    let lang = core.public_lang(req.guild);
    let m = |n: u64| money(lang, n, &s.currency);
    let admin = mention(req.user.id);
    let why = |r: Option<&str>| match r.map(str::trim) {
        Some(r) if !r.is_empty() => Text::words(r),
        _ => tr!(lang, "audit-no-reason"),
    };
    let admin_command = match &req.command {
        Command::Admin(a) => Some(a),
        _ => None,
    };
    match (receipt, admin_command) {
        (Receipt::Grant(g), Some(AdminCommand::Grant { reason, .. })) => Some(tr!(
            lang,
            "audit-grant",
            admin = admin,
            amount = m(g.amount),
            who = mention(g.user),
            reason = why(Some(reason)),
            balance = m(g.balance)
        )),
        (Receipt::Grant(g), Some(AdminCommand::Take { reason, .. })) => Some(tr!(
            lang,
            "audit-take",
            admin = admin,
            amount = m(g.amount),
            who = mention(g.user),
            reason = why(Some(reason)),
            balance = m(g.balance)
        )),
        (Receipt::Reset(g), Some(AdminCommand::Reset { reason, .. })) => Some(tr!(
            lang,
            "audit-reset",
            admin = admin,
            who = mention(g.user),
            amount = m(g.amount),
            reason = why(Some(reason))
        )),
        (Receipt::Purge(p), Some(AdminCommand::Purge { reason, .. })) => Some(tr!(
            lang,
            "audit-purge",
            admin = admin,
            count = p.purged.len(),
            amount = m(p.total()),
            reason = why(Some(reason))
        )),
        (Receipt::Settings(_), Some(AdminCommand::Settings(args))) => Some(tr!(
            lang,
            "audit-settings",
            admin = admin,
            changes = changes(args)
        )),
        (Receipt::Finished(f), Some(AdminCommand::Abort { reason })) => Some(tr!(
            lang,
            "audit-abort",
            admin = admin,
            id = f.game_id.to_string(),
            channel = Text::channel(f.channel),
            reason = why(reason.as_deref())
        )),
        (Receipt::Closed(c), Some(AdminCommand::Abort { reason }))
            if c.how == ClosedHow::Aborted =>
        {
            Some(tr!(
                lang,
                "audit-abort-challenge",
                admin = admin,
                channel = Text::channel(c.challenge.channel),
                refunded = m(c.refunded),
                reason = why(reason.as_deref())
            ))
        }
        (Receipt::Pay(p), _) => Some(tr!(
            lang,
            if p.note.is_empty() {
                "audit-pay"
            } else {
                "audit-pay-note"
            },
            from = mention(p.from),
            to = mention(p.to),
            amount = m(p.amount),
            channel = Text::channel(req.channel),
            note = p.note.as_str()
        )),
        (Receipt::Play(r), _) => r.finished.as_ref().and_then(|f| audit_pot(core, f, s)),
        (Receipt::Finished(f), _) => audit_pot(core, f, s),
        _ => None,
    }
}

/// The audit line of a finished game, when more than the server's `audit_pot`
/// changed hands in it (the winner's net: the stake and the piece prices, less what
/// the winner paid; in a draw, what the side ahead gained).
pub(crate) fn audit_pot(core: &Core, f: &Settlement, s: &Settings) -> Option<Text> {
    let moved = f.net.first.unsigned_abs();
    if moved == 0 || moved <= s.audit_pot {
        return None;
    }
    let lang = core.public_lang(f.guild);
    let who = match f.result {
        GameResult::Win { winner, loser } => tr!(
            lang,
            "history-beat",
            winner = mention(winner),
            loser = mention(loser)
        ),
        _ => tr!(
            lang,
            "history-drew",
            black = mention(f.players.first),
            orange = mention(f.players.second)
        ),
    };
    Some(tr!(
        lang,
        "audit-pot",
        id = f.game_id.to_string(),
        channel = Text::channel(f.channel),
        who = who,
        amount = money(lang, moved, &s.currency)
    ))
}

/// The audit lines of games the upkeep ended (lost on time), each to its server's
/// audit channel.
pub(crate) fn audit_settlements(core: &Core, ended: &[Settlement]) -> Vec<(ChannelId, Reply)> {
    ended
        .iter()
        .filter_map(|f| {
            let s = core.store.settings(f.guild).ok()?;
            let channel = s.audit_channel?;
            let line = audit_pot(core, f, &s)?;
            Some((channel, Reply::public(line)))
        })
        .collect()
}

/// Whether `command` may end a game or change the server (what the audit and a game's
/// thread read the request's receipt for; a read-only command costs no extra read).
pub(crate) fn may_settle(command: &Command) -> bool {
    matches!(
        command,
        Command::Admin(_)
            | Command::Move { .. }
            | Command::Claim
            | Command::Draw
            | Command::Button(_)
            | Command::Game(_)
            | Command::Choose { .. }
    )
}

/// The settings an admin changed, as typed: `max_stake 100, language es`.
fn changes(a: &SettingsArgs) -> Text {
    let mut out: Vec<Text> = Vec::new();
    let mut num = |name: &str, v: Option<i64>| {
        if let Some(v) = v {
            out.push(Text::words(format!("{name} {v}")));
        }
    };
    num("starting_grant", a.starting_grant);
    num("daily_allowance", a.daily_allowance);
    num("piece_price", a.piece_price);
    num("stake", a.stake);
    num("challenge_expiry", a.challenge_expiry);
    num("move_time", a.move_time);
    num("max_stake", a.max_stake);
    num("max_piece_price", a.max_piece_price);
    num("max_balance", a.max_balance);
    num("pay_cap", a.pay_cap);
    num("min_account_age", a.min_account_age);
    num("min_games", a.min_games);
    num("audit_pot", a.audit_pot);
    if let Some(c) = &a.currency {
        out.push(Text::words(format!("currency {}", c.trim())));
    }
    if let Some(l) = &a.language {
        out.push(Text::words(format!("language {l}")));
    }
    for (name, c) in [
        ("allow_channel", a.allow_channel),
        ("disallow_channel", a.disallow_channel),
        ("audit_channel", a.audit_channel),
    ] {
        if let Some(c) = c {
            out.push(Text::words(format!("{name} ")).and(Text::channel(c)));
        }
    }
    if a.audit_off {
        out.push(Text::words("audit_off"));
    }
    for (name, v) in [("threads", a.threads), ("reminders", a.reminders)] {
        if let Some(on) = v {
            out.push(Text::words(format!(
                "{name} {}",
                if on { "on" } else { "off" }
            )));
        }
    }
    if let Some(who) = a.tournaments {
        out.push(Text::words(format!(
            "tournaments {}",
            match who {
                crate::TournamentCreators::Managers => "managers",
                crate::TournamentCreators::Anyone => "anyone",
            }
        )));
    }
    Text::join(out, ", ")
}

/// The game `req` ended, as the store settled it (read from the request's receipt), if
/// it may have ended one.
pub(crate) fn settled_by(core: &Core, req: &Request) -> Option<Settlement> {
    if !may_settle(&req.command) {
        return None;
    }
    match core.store.receipt(req.id) {
        Ok(Some(jetan_store::Receipt::Play(r))) => r.finished,
        Ok(Some(jetan_store::Receipt::Finished(s))) => Some(s),
        _ => None,
    }
}
