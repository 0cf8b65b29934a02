//! Autocomplete suggestions for `move` and `moves`.

use jetan_store::{ChannelId, UserId};

use super::lang::Lang;
use super::Core;

pub use crate::game::MAX_CHOICES;

impl Core {
    /// The squares of the asker's pieces that have legal moves, matching what was typed.
    /// Empty when there is no game or it is not the asker's turn. Worded in the asker's
    /// `locale`.
    pub fn suggest_from(
        &self,
        channel: ChannelId,
        user: UserId,
        locale: &str,
        partial: &str,
    ) -> Vec<(String, String)> {
        let lang = Lang::of(locale);
        match self.store.game(channel) {
            Ok(Some(game)) => {
                crate::games::of(&game).suggest_from(self, &game, (lang, user, partial))
            }
            _ => Vec::new(),
        }
    }

    /// Suggestions for a game's own challenge option `option` (Jetan's `rules`) as typed
    /// so far, for `game` (the default game when `None`); worded in the asker's
    /// `locale`. At most [`MAX_CHOICES`].
    pub fn suggest_game_option(
        &self,
        game: Option<jetan_store::GameKind>,
        option: &str,
        locale: &str,
        partial: &str,
    ) -> Vec<(String, String)> {
        let mut list = crate::games::ui(game.unwrap_or_default()).suggest_option(
            Lang::of(locale),
            option,
            partial,
        );
        list.truncate(MAX_CHOICES);
        list
    }

    /// The asker's own cards they may play (`battle`) or discard now, matching what was
    /// typed (Martian Chess's `play-card` and `discard`; empty in any other game).
    pub fn suggest_cards(
        &self,
        channel: ChannelId,
        user: UserId,
        partial: &str,
        battle: bool,
    ) -> Vec<(String, String)> {
        crate::games::martian::suggest::suggest_cards(self, channel, user, partial, battle)
    }

    /// The legal destinations of the piece on `from`, matching what was typed.
    pub fn suggest_to(
        &self,
        channel: ChannelId,
        user: UserId,
        locale: &str,
        from: &str,
        partial: &str,
    ) -> Vec<(String, String)> {
        let lang = Lang::of(locale);
        match self.store.game(channel) {
            Ok(Some(game)) => {
                crate::games::of(&game).suggest_to(self, &game, (lang, user, partial), from)
            }
            _ => Vec::new(),
        }
    }
}
