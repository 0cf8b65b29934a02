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
    let Some((pos, _)) = position_for_mover(game, user) else {
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
        )
        .unmarked();
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
    let Some((pos, variant)) = position_for_mover(game, user) else {
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
                name.push_str(" — ");
                name.push_str(&tr!(lang, "suggest-escape").unmarked());
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

/// The readings of Burroughs' gaps that players ask for most (RULES.md §12), offered
/// first by the `rules` option's autocomplete.
const COMMON_RULES: [&str; 9] = [
    "standard",
    "W:upto+mixed",
    "W:upto,A:upto,D:upto,F:upto,C:upto,P:upto",
    "W:mixed,A:mixed,D:mixed,F:mixed",
    "T:jump",
    "P:brave",
    "P:noescape",
    "F:nojump,P:nojump",
    "standard;D:upto",
];

/// Discord's limit on a choice's name and value.
const CHOICE_LENGTH: usize = 100;

/// `text` cut to Discord's choice length, at a character boundary.
fn fit(text: String) -> String {
    if text.chars().count() <= CHOICE_LENGTH {
        text
    } else {
        let cut: String = text.chars().take(CHOICE_LENGTH - 1).collect();
        format!("{cut}…")
    }
}

/// Autocomplete of a challenge's `rules`: what was typed, in its canonical form and in
/// words (or why it is not a rules string), then the common readings that start with it.
pub(super) fn rules(lang: crate::Lang, partial: &str) -> Vec<(String, String)> {
    let typed = partial.trim();
    let shown = |rules: &jetan_rules::Rules| {
        let canonical = rules.to_string();
        let words = super::options::rules_text(lang, rules)
            .map(|w| format!(" — {}", w.unmarked()))
            .unwrap_or_default();
        (fit(format!("{canonical}{words}")), fit(canonical))
    };
    let mut out = Vec::new();
    if !typed.is_empty() {
        match typed.parse::<jetan_rules::Rules>() {
            Ok(rules) => out.push(shown(&rules)),
            Err(e) => out.push((
                fit(
                    crate::lang::tr!(lang, "rules-suggest-invalid", why = e.to_string()).unmarked(),
                ),
                fit(typed.to_string()),
            )),
        }
    }
    let lower = typed.to_lowercase();
    for common in COMMON_RULES {
        if common.to_lowercase().starts_with(&lower) && out.iter().all(|(_, v)| v != common) {
            if let Ok(rules) = common.parse() {
                out.push(shown(&rules));
            }
        }
    }
    out
}
