//! Autocomplete for Martian Chess: the asker's pieces that can move, a piece's
//! destinations, and the cards of their own hand (autocomplete is shown only to the
//! person typing).

use jetan_store::{ChannelId, UserId};

use martian_chess::{Action, Square, State};

use crate::game::MAX_CHOICES;
use crate::{Core, Lang};

/// The Martian Chess state in `channel` and the asker's colour, if the asker is to
/// act there. `None` also for a Jetan game.
fn martian_for_actor(
    core: &Core,
    channel: ChannelId,
    user: UserId,
) -> Option<(State, martian_chess::Color)> {
    let game = core.store.game(channel).ok()??;
    if !game.is_martian() {
        return None;
    }
    let state = game.martian_state().ok()?;
    let side = state.player_to_act()?;
    (game.martian_player(side) == user).then_some((state, side))
}

/// `from` suggestions in a Martian Chess game.
pub(crate) fn martian_suggest_from(
    core: &Core,
    lang: Lang,
    channel: ChannelId,
    user: UserId,
    partial: &str,
) -> Vec<(String, String)> {
    let Some((state, _)) = martian_for_actor(core, channel, user) else {
        return Vec::new();
    };
    let partial = partial.trim().to_ascii_lowercase();
    let mut out: Vec<(String, String)> = Vec::new();
    for s in Square::all() {
        let n = moves_from(&state, s).len();
        let name = s.to_string();
        if n == 0 || !name.starts_with(&partial) {
            continue;
        }
        let Some(piece) = state.board().get(s) else {
            continue;
        };
        out.push((super::text::suggest_from(lang, s, piece.role, n), name));
    }
    out.truncate(MAX_CHOICES);
    out
}

/// `to` suggestions in a Martian Chess game (attacks marked).
pub(crate) fn martian_suggest_to(
    core: &Core,
    lang: Lang,
    channel: ChannelId,
    user: UserId,
    from: &str,
    partial: &str,
) -> Vec<(String, String)> {
    let Ok(from) = from.trim().to_ascii_lowercase().parse::<Square>() else {
        return Vec::new();
    };
    let Some((state, _)) = martian_for_actor(core, channel, user) else {
        return Vec::new();
    };
    let partial = partial.trim().to_ascii_lowercase();
    let mut out: Vec<(String, String)> = moves_from(&state, from)
        .into_iter()
        .filter(|to| to.to_string().starts_with(&partial))
        .map(|to| {
            let name = match state.board().get(to) {
                Some(p) => super::text::suggest_attack(lang, to, p.role),
                None => to.to_string(),
            };
            (name, to.to_string())
        })
        .collect();
    out.truncate(MAX_CHOICES);
    out
}

/// The asker's own cards they may play (`battle`) or discard now, matching `partial`.
pub(crate) fn suggest_cards(
    core: &Core,
    channel: ChannelId,
    user: UserId,
    partial: &str,
    battle: bool,
) -> Vec<(String, String)> {
    let Some((state, side)) = martian_for_actor(core, channel, user) else {
        return Vec::new();
    };
    let partial = partial.trim().to_ascii_uppercase();
    let mut out: Vec<(String, String)> = state
        .public_view(side)
        .legal_actions()
        .into_iter()
        .filter_map(|a| match (a, battle) {
            (Action::Play(c), true) | (Action::Discard(c), false) => Some(c.to_string()),
            _ => None,
        })
        .filter(|c| c.starts_with(&partial))
        .map(|c| (c.clone(), c))
        .collect();
    out.truncate(MAX_CHOICES);
    out
}

/// The distinct destinations of the piece on `from` (promotions counted once).
fn moves_from(state: &State, from: Square) -> Vec<Square> {
    let mut out: Vec<Square> = state
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { from: f, to, .. } if f == from => Some(to),
            _ => None,
        })
        .collect();
    out.sort_by_key(|s| s.index());
    out.dedup();
    out
}
