//! How games end: resignation, draws by agreement, a win on time, and the replay of a
//! finished game.

use jetan_store::{FinishedGame, Game, GameId, Settlement, UserId};

use super::buttons::ButtonAction;
use super::lang::{tr, Lang};
use super::request::{mention, Request};
use super::text::money;
use super::{refuse, ButtonStyle, Core, CoreError, MessageEdit, Reply, Response, Shown};
use crate::reply::Text;

impl Core {
    /// The record of a finished game as text (the README's record format), with the
    /// players' display names: what `/jetan record` posts and `jetan export-game` writes.
    pub fn game_record(&self, last: &FinishedGame) -> String {
        let g = &last.game;
        let name = |id: UserId| {
            let n = self.name_of(id, Lang::En);
            format!("{n} ({id})")
        };
        let result = match last.result {
            jetan_store::GameResult::Win { winner, .. } if winner == g.players.first => "1-0",
            jetan_store::GameResult::Win { .. } => "0-1",
            jetan_store::GameResult::Draw => "1/2-1/2",
            jetan_store::GameResult::Aborted => "*",
        };
        let date = crate::words::date(last.ended_at);
        let mut tags = vec![
            (
                "Game".to_string(),
                crate::games::name(Lang::En, &g.terms).unmarked(),
            ),
            ("Server".to_string(), g.guild.to_string()),
            ("Channel".to_string(), g.channel.to_string()),
            ("GameId".to_string(), g.id.to_string()),
            ("Date".to_string(), date),
            ("Stake".to_string(), g.terms.stake.to_string()),
            ("PiecePrice".to_string(), g.terms.piece_price.to_string()),
            (
                "MoveTime".to_string(),
                g.terms
                    .move_time_minutes
                    .map_or_else(|| "-".to_string(), |m| format!("{m}m")),
            ),
            (
                "Rated".to_string(),
                if last.rating.is_some() { "yes" } else { "no" }.to_string(),
            ),
            ("Result".to_string(), result.to_string()),
            ("Termination".to_string(), last.reason.name()),
        ];
        crate::games::of(g).record(&mut tags, &name, last, result)
    }
}

pub(crate) fn ended(
    core: &Core,
    req: &Request,
    game: &Game,
    s: &Settlement,
) -> Result<Reply, CoreError> {
    let currency = core.currency(req.guild)?;
    crate::games::of(game).ended(core.cx(req, game), s, &currency)
}

/// A typed `resign` asks privately for confirmation, saying what it costs.
pub(crate) fn resign_typed(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    let game = core.game_in(req)?;
    let Some(opponent) = game.opponent_of(req.user.id) else {
        return refuse(tr!(lang, "not-playing"));
    };
    let currency = core.currency(req.guild)?;
    let text = if game.terms.stake > 0 {
        tr!(
            lang,
            "resign-confirm-stake",
            who = mention(opponent),
            amount = money(lang, game.terms.stake, &currency)
        )
    } else {
        tr!(lang, "resign-confirm", who = mention(opponent))
    };
    Ok(Reply::ephemeral(text).with_button(
        ButtonAction::Resign(game.id).id(),
        tr!(lang, "button-confirm-resign"),
        ButtonStyle::Danger,
    ))
}

/// Resigns game `id` (the Confirm button of a typed `resign`).
pub(crate) fn resign(core: &Core, req: &Request, id: GameId) -> Result<Reply, CoreError> {
    let game = match core.store.game(req.channel)? {
        Some(g) if g.id == id => g,
        _ => return refuse(tr!(Lang::of(&req.locale), "game-over-already")),
    };
    let s = core.store.resign(Core::store_req(req), req.channel, id)?;
    crate::practice::stop_thinking(core, game.id);
    let mut reply = ended(core, req, &game, &s)?;
    let lang = core.public_lang(req.guild);
    reply
        .text
        .prepend_line(tr!(lang, "resigns", who = req.user.mention()));
    Ok(reply)
}

pub(crate) fn draw(core: &Core, req: &Request) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let game = core.game_in(req)?;
    let Some(opponent) = game.opponent_of(req.user.id) else {
        return refuse(tr!(lang, "not-playing"));
    };
    if game.draw_offer == Some(opponent) {
        // Accepting ends the game: confirm first.
        return Ok(
            Reply::ephemeral(tr!(lang, "draw-offered-confirm", who = mention(opponent)))
                .with_button(
                    ButtonAction::DrawAccept(game.id).id(),
                    tr!(lang, "button-confirm-draw"),
                    ButtonStyle::Success,
                )
                .into(),
        );
    }
    if game.terms.practice {
        return offer_computer_draw(core, req, &game);
    }
    let game = core.store.offer_draw(Core::store_req(req), req.channel)?;
    Ok(draw_offer_reply(core, &game, req.user.id, opponent))
}

/// A draw offered to the computer: it answers by its own judgement, at once. Taken,
/// the game ends drawn (the offer and the acceptance are two stored operations, each
/// idempotent under this request); refused, the player is told why, privately, and
/// nothing changes.
fn offer_computer_draw(core: &Core, req: &Request, game: &Game) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let (accept, why) = crate::games::of(game).computer_draw(core, lang, game)?;
    if !accept {
        return refuse(tr!(lang, "computer-declines-draw", why = why));
    }
    let offered = core.store.offer_draw(Core::store_req(req), req.channel)?;
    let stamp = jetan_store::Stamp::new(Core::derived_id(&[req.id, 2]), core.bot.id, req.now);
    let s = core.store.accept_draw(stamp, req.channel, offered.id)?;
    crate::practice::stop_thinking(core, offered.id);
    let public = core.public_lang(req.guild);
    let (_, why) = crate::games::of(game).computer_draw(core, public, game)?;
    let mut reply = ended(core, req, &offered, &s)?;
    reply.text.prepend_line(tr!(
        public,
        "computer-accepts-draw",
        bot = mention(core.bot.id),
        why = why
    ));
    Ok(reply.into())
}

/// The public message of a draw offer, with its buttons.
pub(crate) fn draw_offer_reply(core: &Core, game: &Game, by: UserId, to: UserId) -> Response {
    let lang = core.public_lang(game.guild);
    let reply = Reply::public(tr!(lang, "draw-offer", by = mention(by), to = mention(to)))
        .pinging(to)
        .with_button(
            ButtonAction::DrawAccept(game.id).id(),
            tr!(lang, "button-accept-draw"),
            ButtonStyle::Success,
        )
        .with_button(
            ButtonAction::DrawDecline(game.id).id(),
            tr!(lang, "button-decline"),
            ButtonStyle::Danger,
        );
    Response {
        shows: Some(Shown::DrawOffer(game.id)),
        ..reply.into()
    }
}

/// The edit that takes the buttons off the draw offer of game `id`, if it was posted.
fn answered_offer(core: &Core, id: GameId, text: Text) -> Option<MessageEdit> {
    let at = core.store.take_message(b'd', id)?;
    Some(MessageEdit {
        channel: at.channel,
        message: at.message,
        reply: Reply::public(text),
    })
}

pub(crate) fn answer_draw(
    core: &Core,
    req: &Request,
    id: GameId,
    accept: bool,
) -> Result<Response, CoreError> {
    let game = match core.store.game(req.channel)? {
        Some(g) if g.id == id => g,
        _ => return refuse(tr!(Lang::of(&req.locale), "draw-offer-closed")),
    };
    let lang = core.public_lang(req.guild);
    let who = req.user.mention();
    if accept {
        let s = core
            .store
            .accept_draw(Core::store_req(req), req.channel, id)?;
        let mut reply = ended(core, req, &game, &s)?;
        reply
            .text
            .prepend_line(tr!(lang, "draw-accepted", who = &who));
        let edit = tr!(lang, "edit-draw-accepted", who = &who);
        Ok(Response {
            edits: answered_offer(core, id, edit).into_iter().collect(),
            ..reply.into()
        })
    } else {
        core.store
            .decline_draw(Core::store_req(req), req.channel, id)?;
        let edit = tr!(lang, "edit-draw-declined", who = &who);
        Ok(Response {
            edits: answered_offer(core, id, edit).into_iter().collect(),
            ..Reply::public(tr!(lang, "draw-declined", who = &who)).into()
        })
    }
}

pub(crate) fn claim(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let game = core.game_in(req)?;
    let s = core.store.claim_time(Core::store_req(req), req.channel)?;
    let mut reply = ended(core, req, &game, &s)?;
    let lang = core.public_lang(req.guild);
    reply.text.prepend_line(tr!(
        lang,
        "claimed",
        loser = mention(match s.result {
            jetan_store::GameResult::Win { loser, .. } => loser,
            _ => game.to_move(),
        }),
        who = req.user.mention()
    ));
    Ok(reply)
}

/// An animated replay of the channel's last finished game, or of the finished game
/// `id` of this server (as `history` shows it).
pub(crate) fn replay(core: &Core, req: &Request, id: Option<&str>) -> Result<Reply, CoreError> {
    let last = finished_named(core, req, id)?;
    crate::games::of(&last.game).replay(core, req, &last)
}

/// The record of the channel's last finished game, or of the game `id` of this
/// server, as a text file (the README's record format): public, as the game was.
pub(crate) fn record(core: &Core, req: &Request, id: Option<&str>) -> Result<Reply, CoreError> {
    let last = finished_named(core, req, id)?;
    let lang = core.public_lang(req.guild);
    let text = core.game_record(&last);
    Ok(Reply::public(tr!(
        lang,
        "record-posted",
        id = last.game.id.to_string(),
        black = mention(last.game.players.first),
        orange = mention(last.game.players.second)
    ))
    .with_file(&format!("game-{}.txt", last.game.id), text.into_bytes()))
}

/// A finished game by the id typed (`#12`, `12`) in this server, or the channel's last.
pub(crate) fn finished_named(
    core: &Core,
    req: &Request,
    id: Option<&str>,
) -> Result<FinishedGame, CoreError> {
    let asker = Lang::of(&req.locale);
    let last = match id.map(str::trim) {
        None | Some("") => match core.store.last_finished(req.channel)? {
            Some(last) => last,
            None => return refuse(tr!(asker, "no-replay")),
        },
        Some(typed) => {
            let found = typed
                .trim_start_matches('#')
                .parse::<u64>()
                .ok()
                .and_then(|n| core.store.finished_game(GameId(n)).ok().flatten())
                .filter(|f| f.game.guild == req.guild);
            match found {
                Some(f) => f,
                None => return refuse(tr!(asker, "replay-not-found", id = typed)),
            }
        }
    };
    Ok(last)
}
