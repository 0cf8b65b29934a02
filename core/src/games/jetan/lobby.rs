//! The start of a game of Jetan: the practice line and the first board.

use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::request::mention;
use crate::{Core, CoreError, Reply, Response};
use jetan_store::{Game, Seat, UserId};

/// The public line that a practice game of Jetan started.
pub(super) fn practice_line(
    core: &Core,
    lang: Lang,
    human: UserId,
    level: u8,
    game: &Game,
) -> Text {
    tr!(
        lang,
        "practice-started",
        human = mention(human),
        bot = mention(core.bot.id),
        level = level,
        game = crate::games::name(lang, &game.terms)
    )
    .and("\n")
    .and(tr!(
        lang,
        "practice-sides",
        black = mention(game.players.first),
        orange = mention(game.players.second)
    ))
    .and(
        crate::games::options_text(lang, &game.terms)
            .map(|o| Text::words("\n").and(o))
            .unwrap_or_default(),
    )
}

/// The reply to a game of Jetan that has just started, and the computer's turn if
/// it is first.
pub(super) fn started(core: &Core, game: &Game, text: Text) -> Result<Response, CoreError> {
    let pos = super::moved::position(game)?;
    let computer = game.terms.practice && game.players.first == core.bot.id;
    let lang = core.public_lang(game.guild);
    let bottom = crate::pictures::bottom(core, game, Seat::First, None);
    // When the computer moves first, its reply shows the board.
    let png = if computer {
        None
    } else {
        Some(super::pictures::board_picture(
            core, lang, game, &pos, bottom, None, None,
        )?)
    };
    let mut reply = Reply::public(text);
    if !computer {
        reply
            .text
            .line(tr!(lang, "your-move", who = mention(game.players.first)));
        reply = Core::with_move_button(lang, game, reply.pinging(game.players.first));
    }
    Ok(Response {
        computer_moves_in: computer.then_some(game.channel),
        ..match png {
            Some(png) => reply.with_file("board.png", png),
            None => reply,
        }
        .into()
    })
}
