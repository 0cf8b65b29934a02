//! Moves without typing, for every game: the public board (Jetan) or turn message
//! (Martian Chess) carries a **Move** button; pressed by the player to act it opens a
//! private menu of what they can do — pieces that can move, and each game's other
//! actions (a paradrop, an exchange, a discard, the end of a turn) — then, for a choice
//! that is a group (a piece), a second menu of its actions (destinations, with captures
//! and the games' special moves marked). Menus longer than Discord's 25 options are
//! paged. The choice plays the action through the same path as the typed command.
//! Anyone else gets a private "not your turn".
//!
//! The game says what the asker may do ([`ActionMenu`], from
//! [`GameUi::action_menu`](crate::game::GameUi::action_menu)) and plays a chosen action
//! ([`GameUi::play_chosen`](crate::game::GameUi::play_chosen)); everything else — the
//! menus, their pages, and the check that a menu is not stale — is written here once.
//!
//! Each option's value names the board version it was offered on (`e2@14`, `e2@14#1`
//! for a page, `e2-e3@14`): a menu left open while the board changed is refused as a
//! stale button, the chosen action must be among those the game offers now, and the
//! action's transaction checks that version again.

use jetan_store::{Game, GameId};

use crate::buttons::ButtonAction;
use crate::game::MAX_CHOICES;
use crate::game::{ActionMenu, Entry, FROM, MOVE, TO};
use crate::lang::{tr, Lang};
use crate::reply::{ButtonStyle, Menu};
use crate::request::Request;
use crate::{refuse, text, Core, CoreError, Reply, Response};

impl Entry {
    fn key(&self) -> &str {
        match self {
            Entry::Action { key, .. } | Entry::Group { key, .. } => key,
        }
    }

    fn label(&self) -> &str {
        match self {
            Entry::Action { label, .. } | Entry::Group { label, .. } => label,
        }
    }
}

/// What a chosen key names in a menu.
enum Found<'a> {
    Group(&'a Entry),
    Action,
}

impl ActionMenu {
    fn find(&self, key: &str) -> Option<Found<'_>> {
        self.entries.iter().find_map(|e| match e {
            Entry::Action { key: k, .. } if k == key => Some(Found::Action),
            Entry::Group { key: k, .. } if k == key => Some(Found::Group(e)),
            Entry::Group { actions, .. } if actions.iter().any(|(k, _)| k == key) => {
                Some(Found::Action)
            }
            _ => None,
        })
    }
}

/// Reads `e2@14`, `e2@14#1`, `@14#1` (the first menu's page) or `N@f3@14`: the key, the
/// version it was offered on, and the page.
fn parse(value: &str) -> Option<(&str, u64, usize)> {
    let (rest, page) = match value.rsplit_once('#') {
        Some((rest, page)) => (rest, page.parse().ok()?),
        None => (value, 0),
    };
    let (key, version) = rest.rsplit_once('@')?;
    if key.contains('#') {
        return None;
    }
    Some((key, version.parse().ok()?, page))
}

/// One page of `options` (at most Discord's 25): past 25, 24 a page and a last option
/// that opens the next page (`more`: its value and label from the next page's index and
/// the number of pages).
fn paged(
    options: Vec<(String, String)>,
    page: usize,
    more: impl Fn(usize, usize) -> (String, String),
) -> Vec<(String, String)> {
    if options.len() <= MAX_CHOICES {
        return options;
    }
    let per_page = MAX_CHOICES - 1;
    let pages = options.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let mut shown: Vec<_> = options
        .into_iter()
        .skip(page * per_page)
        .take(per_page)
        .collect();
    shown.push(more((page + 1) % pages, pages));
    shown
}

impl Core {
    /// Adds the **Move** button to a public message of `game` (a game in progress whose
    /// player to act is a member).
    pub(crate) fn with_move_button(lang: Lang, game: &Game, reply: Reply) -> Reply {
        reply.with_button(
            ButtonAction::game(game.id, MOVE).id(),
            tr!(lang, "button-move"),
            ButtonStyle::Success,
        )
    }
}

/// A press of the Move button (`name` [`MOVE`]), or a choice (`value`) in one of its
/// menus ([`FROM`], [`TO`]), on a message of `game`, the game in the request's
/// channel.
pub(crate) fn move_menu(
    core: &Core,
    req: &Request,
    game: &Game,
    name: &str,
    value: Option<&str>,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let cx = core.cx(req, game);
    let ui = crate::games::of(game);
    // Not the asker's turn: refused before anything else, stale or not.
    let menu = ui.action_menu(cx)?;
    let (key, page) = match (name, value) {
        (MOVE, _) => ("", 0),
        (FROM | TO, Some(v)) => match parse(v) {
            Some((key, version, page)) if version == game.version => (key, page),
            _ => return refuse(tr!(lang, "menu-move-stale")),
        },
        _ => return refuse(text::stale_button(lang)),
    };
    let version = game.version;
    let (text, id, placeholder, options) = if key.is_empty() {
        let options = menu
            .entries
            .iter()
            .map(|e| (format!("{}@{version}", e.key()), e.label().to_string()))
            .collect();
        let options = paged(options, page, |next, pages| {
            (
                format!("@{version}#{next}"),
                tr!(lang, "menu-more", page = next + 1, pages = pages).unmarked(),
            )
        });
        (menu.title, FROM, menu.placeholder, options)
    } else {
        match menu.find(key) {
            Some(Found::Action) => return ui.play_chosen(cx, key),
            Some(Found::Group(Entry::Group {
                key,
                title,
                placeholder,
                actions,
                ..
            })) => {
                let options = actions
                    .iter()
                    .map(|(k, l)| (format!("{k}@{version}"), l.clone()))
                    .collect();
                let options = paged(options, page, |next, pages| {
                    (
                        format!("{key}@{version}#{next}"),
                        tr!(lang, "menu-move-more", page = next + 1, pages = pages).unmarked(),
                    )
                });
                (title.clone(), TO, placeholder.clone(), options)
            }
            _ => return refuse(tr!(lang, "menu-move-stale")),
        }
    };
    if options.is_empty() {
        return refuse(tr!(lang, "menu-move-stale"));
    }
    let mut reply = Reply::ephemeral(text);
    reply.menu = Some(Menu {
        id: ButtonAction::game(game.id, id).id(),
        placeholder,
        options,
    });
    // A choice in a menu replaces that menu; the button opens a new one.
    reply.update_message = name != MOVE;
    if name == MOVE {
        reply = crate::web::play_button(core, req, game, reply);
    }
    Ok(reply.into())
}

/// A press of a game's own button `name` (or a choice in its menu: `value`) on a
/// message of game `id`: the game in the channel reads it if it is still that game.
/// The Move button and its menus are the host's ([`crate::move_menu`]).
pub(crate) fn game_button(
    core: &Core,
    req: &Request,
    id: GameId,
    name: &str,
    value: Option<&str>,
) -> Result<Response, CoreError> {
    match core.store.game(req.channel)? {
        Some(game) if game.id == id => match name {
            MOVE | FROM | TO => move_menu(core, req, &game, name, value),
            _ => crate::games::of(&game).button(core.cx(req, &game), name, value),
        },
        _ => Err(CoreError::User(crate::text::stale_button(Lang::of(
            &req.locale,
        )))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_name_the_choice_the_version_and_the_page() {
        assert_eq!(parse("e2@14"), Some(("e2", 14, 0)));
        assert_eq!(parse("e2@14#2"), Some(("e2", 14, 2)));
        assert_eq!(parse("e2-e3@7"), Some(("e2-e3", 7, 0)));
        assert_eq!(parse("@7#1"), Some(("", 7, 1)));
        assert_eq!(parse("N@f3@7"), Some(("N@f3", 7, 0)));
        assert_eq!(parse("exchange N@7"), Some(("exchange N", 7, 0)));
        for bad in ["", "e2", "e2@", "e2@x", "e2@1#x", "e2#1@1#2", "@#1"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn long_menus_are_paged_with_a_last_option_to_the_next_page() {
        let options = |n: usize| -> Vec<(String, String)> {
            (0..n).map(|i| (i.to_string(), format!("o{i}"))).collect()
        };
        let more = |next: usize, pages: usize| (format!("#{next}"), format!("{next}/{pages}"));
        assert_eq!(paged(options(25), 0, more).len(), 25, "25 fit on one page");
        let first = paged(options(60), 0, more);
        assert_eq!(first.len(), 25);
        assert_eq!(first[23].0, "23");
        assert_eq!(first[24], ("#1".to_string(), "1/3".to_string()));
        let last = paged(options(60), 2, more);
        assert_eq!(
            last.len(),
            13,
            "12 options and the way back to the first page"
        );
        assert_eq!(last[0].0, "48");
        assert_eq!(last[12].0, "#0");
        assert_eq!(
            paged(options(60), 9, more),
            last,
            "past the end: the last page"
        );
    }
}
