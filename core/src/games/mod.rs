//! The games the command core hosts, each behind the game interface ([`crate::game`])
//! in its own module ([`jetan`], [`martian`]): [`ui`] is the one place that lists them.
//! Also the host's dispatch to the game being played (its own commands, buttons and
//! menus, the reply to a stored action) and the host's words that depend on the game:
//! its name and the terms of a challenge.

pub(crate) mod jetan;
pub mod martian;

/// The words drawn on Jetan's pictures, in a language.
pub use jetan::pictures::labels as picture_labels;

use jetan_store::{Game, GameKind, PlayResult, StoreError, Terms};

use crate::game::GameUi;
use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::request::{GameCommand, Request};
use crate::words::{format_duration, money};
use crate::{Core, CoreError, Response};

/// Every game's own challenge options, as the front ends declare them: Jetan's (Martian
/// Chess has none). A third game's are joined here; an option two games share (a name
/// both read) is declared once.
pub const CHALLENGE_OPTIONS: [crate::request::OptionDecl; 3] = jetan::declare::OPTIONS;

/// The game of `kind`.
pub(crate) fn ui(kind: GameKind) -> &'static dyn GameUi {
    match kind {
        GameKind::Jetan => &jetan::Jetan,
        GameKind::MartianChess => &martian::Martian,
    }
}

/// One of a game's own commands, for the game in the request's channel.
pub(crate) fn game_command(
    core: &Core,
    req: &Request,
    c: &GameCommand,
) -> Result<Response, CoreError> {
    let game = core.game_in(req)?;
    of(&game).command(core.cx(req, &game), c)
}

/// The reply to an action the store played (for a repeated request too).
pub(crate) fn played(core: &Core, req: &Request, r: &PlayResult) -> Result<Response, CoreError> {
    ui(r.record.game()).played(core, req, r)
}

/// The game of `game`.
pub(crate) fn of(game: &Game) -> &'static dyn GameUi {
    ui(game.terms.kind())
}

/// The rules in short (`/jetan rules`): those of the game in the channel, or of the
/// first game that has a summary when the channel has none.
pub(crate) fn rules(core: &Core, req: &Request) -> Text {
    let lang = Lang::of(&req.locale);
    let here = core.store.game(req.channel).ok().flatten();
    if let Some(text) = here
        .as_ref()
        .and_then(|g| of(g).rules(lang, Some(&g.terms)))
    {
        return text;
    }
    GameKind::ALL
        .into_iter()
        .find_map(|kind| ui(kind).rules(lang, None))
        .unwrap_or_default()
}

/// A rating pool as typed, its qualifier (`classic/t:jump`) in the canonical form of the
/// game whose pools it qualifies, or refused when no game qualifies that pool or the
/// qualifier does not read.
pub(crate) fn canonical_pool(
    lang: Lang,
    pool: jetan_store::RatingPool,
) -> Result<jetan_store::RatingPool, CoreError> {
    let Some((base, qualifier)) = pool.name().split_once('/') else {
        return Ok(pool);
    };
    let owner = GameKind::ALL.into_iter().find(|&kind| {
        jetan_store::games::pools()
            .iter()
            .any(|p| p.name() == base && jetan_store::games::pool_game(p) == Some(kind))
    });
    match owner.and_then(|kind| ui(kind).pool_qualifier(lang, qualifier)) {
        Some(Ok(canonical)) => Ok(jetan_store::RatingPool::owned(format!(
            "{base}/{canonical}"
        ))),
        Some(Err(e)) => Err(e),
        None => Err(CoreError::User(tr!(
            lang,
            "pool-no-qualifier",
            pool = base.replace('_', "-")
        ))),
    }
}

/// The game's own options of `t` in words, when they change its rules.
pub(crate) fn options_text(lang: Lang, t: &Terms) -> Option<Text> {
    ui(t.kind()).options_text(lang, t)
}

/// The name of a game's rules and board as players read it: "Classic Jetan", "Manator
/// Jetan on the circular board".
pub(crate) fn name(lang: Lang, t: &Terms) -> Text {
    ui(t.kind()).name(lang, t)
}

/// The terms of a challenge, in words, each sentence after a space: the stake, the piece
/// price and what each player puts in escrow, or that nothing is at stake; the move time.
pub(crate) fn terms_text(lang: Lang, t: &Terms, currency: &str) -> Text {
    let m = |n: u64| money(lang, n, currency);
    let mut s = Vec::new();
    if t.practice {
        s.push(tr!(lang, "terms-practice"));
    } else if t.stake == 0 && t.piece_price == 0 {
        s.push(tr!(lang, "terms-friendly"));
    } else {
        if t.stake > 0 {
            s.push(tr!(lang, "terms-stake", stake = m(t.stake)));
        }
        if t.piece_price > 0 {
            s.push(ui(t.kind()).piece_price_terms(lang, t, currency).trimmed());
        }
        if let (Ok(held), Ok(reserve)) = (t.escrow(), t.reserve()) {
            if reserve > 0 {
                s.push(tr!(
                    lang,
                    "terms-held",
                    held = m(held),
                    stake = m(t.stake),
                    reserve = m(reserve)
                ));
            }
        }
    }
    if let Some(minutes) = t.move_time_minutes {
        let time = format_duration(u64::from(minutes) * 60_000);
        s.push(tr!(lang, "terms-move-time", time = time));
    }
    let mut out = Text::new();
    for x in s {
        out.push(" ");
        out.push(x);
    }
    out
}

/// The refusal of an error the store reported that belongs to a game (an illegal move,
/// a command of another game), in words; `None` for the host's own refusals.
pub(crate) fn refusal(lang: Lang, e: &StoreError) -> Option<Text> {
    if let StoreError::WrongGame { game } = e {
        return Some(ui(*game).wrong_game(lang));
    }
    GameKind::ALL
        .into_iter()
        .find_map(|kind| ui(kind).refusal(lang, e))
}
