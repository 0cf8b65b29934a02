//! The Martian Chess board picture for a game.

use jetan_render::MartianScene;
use jetan_store::Game;
use martian_chess::{Color, PublicView};

use crate::{Core, CoreError};

impl Core {
    /// The public picture of `game` as `view` shows it (the view's own hand is never
    /// drawn); the player to act at the bottom, or White when nobody is; `result` for a
    /// finished game.
    pub(crate) fn martian_picture(
        &self,
        game: &Game,
        view: &PublicView,
        result: Option<String>,
    ) -> Result<Vec<u8>, CoreError> {
        let bottom = match view.to_act().player() {
            Some(c) if game.martian_player(c) != self.bot.id => c,
            Some(c) => c.other(),
            None => Color::White,
        };
        let scene = MartianScene {
            view,
            white: self.name_of(game.martian_player(Color::White)),
            black: self.name_of(game.martian_player(Color::Black)),
            bottom,
            result,
        };
        Ok(jetan_render::martian_png(&scene)?)
    }
}
