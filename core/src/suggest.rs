//! Autocomplete suggestions for `move` and `moves`.

use jetan_rules::{Position, Square, Variant};
use jetan_store::Game;

use crate::game::{Asker, Choices};

use super::lang::{tr, Lang};
use super::play::destination;
use super::text;
use super::Core;

/// Discord shows at most 25 choices.
pub const MAX_CHOICES: usize = 25;

impl Core {
    /// The position of a game of Jetan, if it is `user`'s turn there.
    fn position_for_mover(game: &Game, user: u64) -> Option<(Position, Variant)> {
        let pos = game.position().ok()?;
        (game.player(pos.turn()) == user).then_some((pos, game.terms.variant))
    }

    /// The squares of the asker's pieces that have legal moves, matching what was typed.
    /// Empty when there is no game or it is not the asker's turn. Worded in the asker's
    /// `locale`.
    pub fn suggest_from(
        &self,
        channel: u64,
        user: u64,
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

    /// `from` suggestions in a game of Jetan.
    pub(crate) fn jetan_suggest_from(game: &Game, (lang, user, partial): Asker<'_>) -> Choices {
        let Some((pos, _)) = Self::position_for_mover(game, user) else {
            return Vec::new();
        };
        let partial = partial.trim().to_ascii_lowercase();
        let mut moves = pos.legal_moves();
        moves.sort();
        let mut out: Vec<(String, String)> = Vec::new();
        for m in moves.iter() {
            let sq = m.from.to_string();
            if out.last().is_some_and(|(_, v)| *v == sq) || !sq.starts_with(&partial) {
                continue;
            }
            let count = moves.iter().filter(|n| n.from == m.from).count();
            let name = tr!(
                lang,
                "suggest-from",
                square = sq.as_str(),
                piece = text::role_name(lang, m.role),
                moves = tr!(lang, "moves-count", n = count)
            );
            out.push((name, sq));
        }
        out.truncate(MAX_CHOICES);
        out
    }

    /// The legal destinations of the piece on `from`, matching what was typed.
    pub fn suggest_to(
        &self,
        channel: u64,
        user: u64,
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

    /// `to` suggestions in a game of Jetan.
    pub(crate) fn jetan_suggest_to(
        game: &Game,
        (lang, user, partial): Asker<'_>,
        from: &str,
    ) -> Choices {
        let Ok(from) = from.trim().parse::<Square>() else {
            return Vec::new();
        };
        let Some((pos, variant)) = Self::position_for_mover(game, user) else {
            return Vec::new();
        };
        let partial = partial.trim().to_ascii_lowercase();
        let mut out: Vec<(String, String)> = pos
            .moves_from(from)
            .iter()
            .filter(|m| m.to.to_string().starts_with(&partial))
            .map(|m| {
                let mut name = destination(lang, variant, m);
                if m.escape {
                    name.push_str(&format!(" — {}", tr!(lang, "suggest-escape")));
                }
                (name, m.to.to_string())
            })
            .collect();
        out.truncate(MAX_CHOICES);
        out
    }
}
