//! The Martian Chess board picture for a game.

use jetan_render::{MartianLabels, MartianScene};
use jetan_store::Game;
use martian_chess::{Color, PublicView};

use crate::lang::tr;
use crate::{Core, CoreError, Lang};

/// The public picture of `game` as `view` shows it (the view's own hand is never
/// drawn); the player to act at the bottom, or White when nobody is; `result` for a
/// finished game.
pub(crate) fn martian_picture(
    core: &Core,
    game: &Game,
    view: &PublicView,
    result: Option<String>,
) -> Result<Vec<u8>, CoreError> {
    let bottom = match view.to_act().player() {
        Some(c) if game.martian_player(c) != core.bot.id => c,
        Some(c) => c.other(),
        None => Color::White,
    };
    let lang = core.public_lang(game.guild);
    let scene = MartianScene {
        view,
        white: core.name_of(game.martian_player(Color::White), lang),
        black: core.name_of(game.martian_player(Color::Black), lang),
        bottom,
        result,
        labels: labels(lang),
    };
    Ok(jetan_render::martian_png(&scene)?)
}

/// The words of the Martian Chess picture in `lang` (the renderer fills in `{n}`,
/// `{color}`, `{left}` and `{die}`).
pub fn labels(lang: Lang) -> MartianLabels {
    MartianLabels {
        white: super::text::color_name(lang, Color::White).unmarked(),
        black: super::text::color_name(lang, Color::Black).unmarked(),
        cards: tr!(lang, "mc-label-cards", n = "{n}").unmarked(),
        one_card: tr!(lang, "mc-label-one-card").unmarked(),
        to_act: tr!(lang, "mc-label-to-act").unmarked(),
        card_due: tr!(lang, "mc-label-card-due").unmarked(),
        prison: tr!(lang, "mc-label-prison").unmarked(),
        reserve: tr!(lang, "mc-label-reserve").unmarked(),
        title: tr!(lang, "mc-label-title").unmarked(),
        turn: tr!(lang, "mc-label-turn", color = "{color}").unmarked(),
        actions_left: tr!(
            lang,
            "mc-label-actions-left",
            left = "{left}",
            die = "{die}"
        )
        .unmarked(),
        battle: tr!(lang, "mc-label-battle").unmarked(),
        attacker_leads: tr!(lang, "mc-label-attacker-leads").unmarked(),
        deck: tr!(lang, "mc-label-deck").unmarked(),
        discard: tr!(lang, "mc-label-discard").unmarked(),
    }
}
