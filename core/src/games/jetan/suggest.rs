//! Autocomplete of Jetan's squares: the pieces that can move, then their destinations.

use super::play::destination;
use crate::game::{Asker, Choices};
use crate::lang::tr;
use crate::suggest::MAX_CHOICES;
use jetan_rules::{Position, Square, Variant};
use jetan_store::games::jetan::seat_of;
use jetan_store::{Game, UserId};

/// `from` suggestions in a game of Jetan.
pub(super) fn suggest_from(game: &Game, (lang, user, partial): Asker<'_>) -> Choices {
    let Some((pos, _)) = position_for_mover(game, UserId(user)) else {
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
            piece = super::pieces::role_name(lang, m.role),
            moves = tr!(lang, "moves-count", n = count)
        );
        out.push((name, sq));
    }
    out.truncate(MAX_CHOICES);
    out
}

/// `to` suggestions in a game of Jetan.
pub(super) fn suggest_to(game: &Game, (lang, user, partial): Asker<'_>, from: &str) -> Choices {
    let Ok(from) = from.trim().parse::<Square>() else {
        return Vec::new();
    };
    let Some((pos, variant)) = position_for_mover(game, UserId(user)) else {
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

/// The position of a game of Jetan, if it is `user`'s turn there.
fn position_for_mover(game: &Game, user: UserId) -> Option<(Position, Variant)> {
    let pos = game.position().ok()?;
    (game.player(seat_of(pos.turn())) == user)
        .then_some((pos, jetan_store::games::jetan::options(&game.terms).variant))
}
