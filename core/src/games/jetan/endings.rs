//! The end of a game of Jetan in words, and its replay.

use crate::lang::tr;
use crate::request::{mention, Request};
use crate::text;
use crate::{Core, CoreError, Reply};
use jetan_store::games::jetan::seat_of;
use jetan_store::{FinishedGame, Game, Settlement};

/// The reply to the end of a game of Jetan: the settlement and the last board.
pub(super) fn ended(
    core: &Core,
    req: &Request,
    game: &Game,
    s: &Settlement,
    currency: &str,
) -> Result<Reply, CoreError> {
    let currency = currency.to_owned();
    let lang = core.public_lang(req.guild);
    let text = text::settlement(lang, s, &currency, game.terms.practice);
    let pos = super::moved::position(game)?;
    let banner = text::result_banner(lang, &s.result, s.reason, |id| core.name_of(id, lang));
    let bottom = crate::pictures::bottom_at_end(core, game, &s.result, seat_of(pos.turn()));
    let png = super::pictures::board_picture(core, lang, game, &pos, bottom, None, Some(banner))?;
    Ok(Reply::public(text).with_file("board.png", png))
}

/// An animated replay of a finished game of Jetan.
pub(super) fn replay(core: &Core, req: &Request, last: &FinishedGame) -> Result<Reply, CoreError> {
    let lang = core.public_lang(req.guild);
    let banner = text::result_banner(lang, &last.result, last.reason, |id| core.name_of(id, lang));
    let gif = super::pictures::replay_picture(core, lang, last, banner)?;
    Ok(Reply::public(tr!(
        lang,
        "replay",
        id = last.game.id.to_string(),
        black = mention(last.game.players.first),
        orange = mention(last.game.players.second),
        moves = text::moves_count(lang, last.game.moves().len()),
        result = text::result_line(lang, &last.result, last.reason)
    ))
    .with_file("replay.gif", gif))
}
