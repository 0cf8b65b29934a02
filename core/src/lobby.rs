//! Starting games: challenge, accept, decline, cancel, rematch, and practice games
//! against the computer.

use jetan_store::{
    Challenge, ChallengeClosed, ClosedHow, FirstMover, Game, GameId, GameResult, Terms,
};

use super::args::{amount, MAX_MOVE_TIME_MINUTES};
use super::buttons::ButtonAction;
use super::lang::{tr, Lang};
use super::request::{mention, ChallengeArgs, Request, UserRef};
use super::text::{self, money};
use super::{refuse, ButtonStyle, Core, CoreError, MessageEdit, Reply, Response, Shown};
use crate::reply::Text;

pub(crate) fn challenge(
    core: &Core,
    req: &Request,
    opponent: &UserRef,
    args: &ChallengeArgs,
) -> Result<Response, CoreError> {
    core.remember(opponent);
    let lang = Lang::of(&req.locale);
    let practice = opponent.id == core.bot.id;
    if opponent.bot && !practice {
        return refuse(tr!(lang, "no-bots", bot = mention(core.bot.id)));
    }
    if opponent.id == req.user.id {
        return refuse(tr!(lang, "no-self-challenge"));
    }
    let settings = core.store.settings(req.guild)?;
    let stake = match args.stake {
        Some(v) => amount(lang, v, "what-stake")?,
        None if practice => 0,
        None => settings.default_stake,
    };
    let piece_price = match args.piece_price {
        Some(v) => amount(lang, v, "what-piece-price")?,
        None if practice => 0,
        None => settings.default_piece_price,
    };
    if practice && (stake > 0 || piece_price > 0) {
        return refuse(tr!(lang, "practice-no-money"));
    }
    if stake > 0 || piece_price > 0 {
        crate::money::check_money_rights(core, req, req.user.id, true)?;
        crate::money::check_money_rights(core, req, opponent.id, false)?;
    }
    let move_time = match args.move_time {
        // Every game has a move time: the server's, unless the challenge names one.
        None => {
            Some(((settings.move_time_ms / 60_000).clamp(1, MAX_MOVE_TIME_MINUTES as u64)) as u32)
        }
        Some(m) if (1..=MAX_MOVE_TIME_MINUTES).contains(&m) => Some(m as u32),
        Some(_) => return refuse(tr!(lang, "move-time-range", max = MAX_MOVE_TIME_MINUTES)),
    };
    let level = match args.level {
        None => crate::practice::Level::DEFAULT,
        Some(_) if !practice => {
            return refuse(tr!(lang, "level-practice-only", bot = mention(core.bot.id)))
        }
        Some(l) => u8::try_from(l)
            .ok()
            .and_then(crate::practice::Level::new)
            .ok_or_else(|| CoreError::User(tr!(lang, "level-range")))?,
    };
    let game = crate::games::ui(args.game.unwrap_or_default()).challenge_options(
        lang,
        args,
        practice,
        level.get(),
    )?;
    let first = args.first.unwrap_or_default();
    // Games with rule options are rated only where the server says so (each rules
    // string in a pool of its own).
    let casual = args.casual || (game.changes_rules() && !settings.rated_options);
    let terms = Terms {
        game,
        stake,
        piece_price,
        first,
        move_time_minutes: move_time,
        practice,
        casual,
    };
    let challenge = core.store.challenge(
        Core::store_req(req),
        req.guild,
        req.channel,
        opponent.id,
        terms,
    )?;
    if practice {
        crate::practice::set_level(core, challenge.id, level);
        return start_practice(core, req, &challenge);
    }
    Ok(challenge_reply(
        core,
        &challenge,
        &settings.currency,
        req.now,
    ))
}

/// The public message of an open challenge, with its Accept and Decline buttons.
pub(crate) fn challenge_reply(core: &Core, c: &Challenge, currency: &str, now: u64) -> Response {
    let lang = core.public_lang(c.guild);
    let mut text = tr!(
        lang,
        "challenge",
        challenger = mention(c.challenger),
        challenged = mention(c.challenged),
        game = crate::games::name(lang, &c.terms)
    );
    text.push(crate::games::terms_text(lang, &c.terms, currency));
    if let Some(options) = crate::games::options_text(lang, &c.terms) {
        text.line(options);
        let rated_here = core.store.settings(c.guild).is_ok_and(|s| s.rated_options);
        if !c.terms.practice && !rated_here {
            text.push(" ");
            text.push(tr!(lang, "rules-options-casual"));
        }
    }
    text.line(match c.terms.first {
        FirstMover::Challenger => {
            tr!(
                lang,
                "challenge-first-challenger",
                who = mention(c.challenger)
            )
        }
        FirstMover::Challenged => {
            tr!(
                lang,
                "challenge-first-challenged",
                who = mention(c.challenged)
            )
        }
        FirstMover::Random => tr!(lang, "challenge-first-random"),
    });
    text.push(" ");
    text.push(tr!(
        lang,
        "challenge-answer",
        who = mention(c.challenged),
        time = text::format_duration(c.expires_at.saturating_sub(now))
    ));
    let reply = Reply::public(text)
        .pinging(c.challenged)
        .with_button(
            ButtonAction::Accept(c.id).id(),
            tr!(lang, "button-accept"),
            ButtonStyle::Success,
        )
        .with_button(
            ButtonAction::Decline(c.id).id(),
            tr!(lang, "button-decline"),
            ButtonStyle::Danger,
        );
    Response {
        shows: Some(Shown::Challenge(c.id)),
        ..reply.into()
    }
}

/// Accepts a practice challenge on the computer's behalf and starts the game.
fn start_practice(core: &Core, req: &Request, c: &Challenge) -> Result<Response, CoreError> {
    let bot_req =
        jetan_store::Stamp::new(Core::derived_id(&[req.id, 1]), core.bot.id, req.now).unannounced();
    let game = core.store.accept(
        bot_req,
        req.channel,
        Some(c.id),
        core.random_u64(),
        core.random_u64(),
    )?;
    practice_started(core, req, game)
}

/// The reply to a practice game that has just started.
pub(crate) fn practice_started(
    core: &Core,
    req: &Request,
    game: Game,
) -> Result<Response, CoreError> {
    let level = crate::practice::level(core, game.id);
    let lang = core.public_lang(game.guild);
    let ui = crate::games::of(&game);
    let text = ui.practice_line(core, lang, req.user.id, level.get(), &game);
    ui.started(core, &game, text)
}

/// A typed `accept` shows the open challenge's terms privately with a Confirm button
/// bound to that challenge: nothing irreversible happens from a typed command, and a
/// challenge swapped meanwhile is never accepted by mistake.
pub(crate) fn accept_typed(core: &Core, req: &Request) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let open = core.store.open_challenges_in(req.channel)?;
    let mine: Vec<&Challenge> = open
        .iter()
        .filter(|c| c.challenged == req.user.id)
        .collect();
    let c = match (mine.as_slice(), open.last()) {
        ([c], _) => *c,
        ([], Some(newest)) => {
            return refuse(tr!(
                lang,
                "only-challenged",
                who = mention(newest.challenged)
            ))
        }
        ([], None) => return refuse(tr!(lang, "no-open-challenge")),
        (several, _) => return refuse(tr!(lang, "several-challenges", n = several.len())),
    };
    check_accept_rights(core, req, Some(c.id))?;
    let currency = core.currency(req.guild)?;
    let mut text = tr!(
        lang,
        "accept-confirm",
        who = mention(c.challenger),
        game = crate::games::name(lang, &c.terms)
    );
    text.push(crate::games::terms_text(lang, &c.terms, &currency));
    if c.held > 0 {
        text.push(" ");
        text.push(tr!(
            lang,
            "accept-escrow",
            held = money(lang, c.held, &currency)
        ));
    }
    text.push(" ");
    text.push(match c.terms.first {
        FirstMover::Challenger => tr!(lang, "accept-first-challenger"),
        FirstMover::Challenged => tr!(lang, "accept-first-challenged"),
        FirstMover::Random => tr!(lang, "accept-first-random"),
    });
    Ok(Reply::ephemeral(text)
        .with_button(
            ButtonAction::Accept(c.id).id(),
            tr!(lang, "button-confirm"),
            ButtonStyle::Success,
        )
        .into())
}

/// Accepts the challenge `id` (from its button, or the Confirm of a typed accept).
pub(crate) fn accept(core: &Core, req: &Request, id: GameId) -> Result<Response, CoreError> {
    check_accept_rights(core, req, Some(id))?;
    let game = core.store.accept(
        Core::store_req(req),
        req.channel,
        Some(id),
        core.random_u64(),
        core.random_u64(),
    )?;
    accepted(core, req, game)
}

pub(crate) fn accepted(core: &Core, req: &Request, game: Game) -> Result<Response, CoreError> {
    let currency = core.currency(req.guild)?;
    let lang = core.public_lang(game.guild);
    let ui = crate::games::of(&game);
    let mut text = ui.accepted_line(core, lang, &game);
    if game.escrow.first > 0 {
        let m = |n: u64| money(lang, n, &currency);
        text.line(tr!(
            lang,
            "accepted-escrow",
            held = m(game.escrow.first),
            stake = m(game.terms.stake),
            reserve = m(game.terms.reserve().unwrap_or(0))
        ));
    }
    let mut response = ui.started(core, &game, text)?;
    let edit = answered_challenge(
        core,
        game.id,
        tr!(lang, "edit-accepted", who = mention(game.challenged())),
    );
    response.thread = crate::threads::thread_plan(core, req, &game).map(|mut plan| {
        plan.from_message = edit.as_ref().map(|e| e.message);
        plan
    });
    response.edits.extend(edit);
    Ok(response)
}

/// The edit that takes the buttons off challenge `id`'s message, if it was posted.
pub(crate) fn answered_challenge(core: &Core, id: GameId, text: Text) -> Option<MessageEdit> {
    let at = core.store.take_message(b'c', id)?;
    Some(MessageEdit {
        channel: at.channel,
        message: at.message,
        reply: Reply::public(text),
    })
}

pub(crate) fn decline(
    core: &Core,
    req: &Request,
    id: Option<GameId>,
) -> Result<Response, CoreError> {
    let closed = core.store.decline(Core::store_req(req), req.channel, id)?;
    Ok(closed_reply(core, req, &closed))
}

pub(crate) fn cancel(core: &Core, req: &Request) -> Result<Response, CoreError> {
    let closed = core.store.cancel(Core::store_req(req), req.channel, None)?;
    Ok(closed_reply(core, req, &closed))
}

/// The public answer to a declined or cancelled challenge, and the edit of its message.
pub(crate) fn closed_reply(core: &Core, req: &Request, closed: &ChallengeClosed) -> Response {
    let currency = core.currency_or_default(req.guild);
    let c = &closed.challenge;
    let lang = core.public_lang(c.guild);
    let (challenger, challenged) = (mention(c.challenger), mention(c.challenged));
    let (text, edit) = match closed.how {
        ClosedHow::Declined => (
            tr!(
                lang,
                "declined",
                challenged = &challenged,
                challenger = &challenger
            ),
            tr!(lang, "edit-declined", who = &challenged),
        ),
        ClosedHow::Cancelled => (
            tr!(
                lang,
                "cancelled",
                challenger = &challenger,
                challenged = &challenged
            ),
            tr!(lang, "edit-cancelled", who = &challenger),
        ),
        ClosedHow::Aborted => (
            tr!(
                lang,
                "called-off",
                who = mention(req.user.id),
                challenger = &challenger,
                challenged = &challenged
            ),
            tr!(lang, "edit-called-off", who = mention(req.user.id)),
        ),
        ClosedHow::Expired => (
            tr!(
                lang,
                "expired",
                challenger = &challenger,
                challenged = &challenged
            ),
            tr!(lang, "edit-expired"),
        ),
    };
    let text = text.and(text::refund_text(
        lang,
        closed.refunded,
        c.challenger,
        &currency,
    ));
    Response {
        edits: answered_challenge(core, c.id, edit).into_iter().collect(),
        ..Reply::public(text).into()
    }
}

/// Accepting a challenge with money in it is staking: the server's minimum account
/// age and games apply to the one accepting (the store refuses everything else).
fn check_accept_rights(core: &Core, req: &Request, id: Option<GameId>) -> Result<(), CoreError> {
    let open = core.store.open_challenges_in(req.channel)?;
    let named = open.iter().find(|c| {
        id.is_none_or(|id| id == c.id)
            && req.user.id == c.challenged
            && (c.terms.stake > 0 || c.terms.piece_price > 0)
    });
    match named {
        Some(_) => crate::money::check_money_rights(core, req, req.user.id, true),
        None => Ok(()),
    }
}

pub(crate) fn rematch(
    core: &Core,
    req: &Request,
    first: Option<FirstMover>,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let Some(last) = core.store.last_finished(req.channel)? else {
        return refuse(tr!(lang, "no-rematch"));
    };
    let g = &last.game;
    let Some(opponent) = g.opponent_of(req.user.id) else {
        return refuse(tr!(
            lang,
            "rematch-players-only",
            black = mention(g.players.first),
            orange = mention(g.players.second)
        ));
    };
    let winner = match last.result {
        GameResult::Win { winner, .. } => Some(winner),
        _ => None,
    };
    let first = match (winner, first) {
        (Some(w), Some(_)) if w != req.user.id => {
            return refuse(tr!(lang, "rematch-winner-chooses", who = mention(w)))
        }
        (Some(w), Some(f)) if w == req.user.id => f,
        (Some(w), None) if w == req.user.id => FirstMover::Challenger,
        (Some(_), _) => FirstMover::Challenged,
        (None, f) => f.unwrap_or(FirstMover::Random),
    };
    let practice = g.terms.practice;
    let opponent_ref = if practice {
        core.bot.clone()
    } else {
        UserRef::new(
            opponent,
            core.name_of(opponent, core.public_lang(req.guild)),
        )
    };
    let args = ChallengeArgs {
        game: Some(g.terms.kind()),
        options: crate::games::of(g).typed_options(&g.terms.game),
        stake: Some(g.terms.stake as i64),
        piece_price: Some(g.terms.piece_price as i64),
        first: Some(first),
        move_time: g.terms.move_time_minutes.map(i64::from),
        level: practice.then(|| i64::from(crate::practice::level(core, g.id).get())),
        casual: g.terms.casual,
    };
    challenge(core, req, &opponent_ref, &args)
}
