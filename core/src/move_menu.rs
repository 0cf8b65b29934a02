//! Moves without typing, in Jetan: the public board carries a **Move** button; pressed by
//! the player to move it opens a private menu of their pieces that can move, then one of
//! that piece's destinations (captures, the Princess's escape and Manator's odds marked;
//! paged past Discord's 25 options), and the choice plays the move through the same path
//! as `/jetan move`. Anyone else gets a private "not your turn".
//!
//! Each option's value names the board version it was offered on (`e2@14`,
//! `e2-e3@14`): a menu left open while the board changed is refused as a stale button,
//! and the move's transaction checks that version again.

use jetan_rules::{Move, Square};
use jetan_store::Game;

use crate::buttons::ButtonAction;
use crate::lang::{tr, Lang};
use crate::play::destination;
use crate::reply::{ButtonStyle, Menu};
use crate::request::Request;
use crate::suggest::MAX_CHOICES;
use crate::{refuse, text, Core, CoreError, Reply, Response};

/// The button's name (its id is `jetan:move:<game id>`).
pub(crate) const MOVE: &str = "move";
/// The menu of pieces.
const FROM: &str = "move-from";
/// The menu of destinations.
const TO: &str = "move-to";

/// What an option of a move menu names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// A piece (its destinations, page `page` from 0).
    Piece { from: Square, page: usize },
    /// A move.
    Move { from: Square, to: Square },
}

/// Reads `e2@14`, `e2@14#1` or `e2-e3@14`: the choice and the version it was made on.
fn parse(value: &str) -> Option<(Choice, u64)> {
    let (what, version) = value.split_once('@')?;
    let (version, page) = match version.split_once('#') {
        Some((v, p)) => (v, p.parse().ok()?),
        None => (version, 0),
    };
    let version = version.parse().ok()?;
    let choice = match what.split_once('-') {
        Some((from, to)) => Choice::Move {
            from: from.parse().ok()?,
            to: to.parse().ok()?,
        },
        None => Choice::Piece {
            from: what.parse().ok()?,
            page,
        },
    };
    Some((choice, version))
}

impl Core {
    /// Adds the **Move** button to a public board of `game` (a game in progress).
    pub(crate) fn with_move_button(lang: Lang, game: &Game, reply: Reply) -> Reply {
        reply.with_button(
            ButtonAction::game(game.id, MOVE).id(),
            &tr!(lang, "button-move"),
            ButtonStyle::Success,
        )
    }

    /// A press of the Move button, or a choice in one of its menus, in the Jetan game
    /// `game`.
    pub(crate) fn jetan_move_menu(
        &self,
        req: &Request,
        game: &Game,
        name: &str,
        value: Option<&str>,
    ) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        let pos = Self::position_of(game)?;
        Self::jetan_check_mover(lang, game, &pos, req.user.id)?;
        let choice = match (name, value) {
            (MOVE, _) => None,
            (FROM | TO, Some(v)) => match parse(v) {
                Some((c, version)) if version == game.version => Some(c),
                _ => return refuse(tr!(lang, "menu-move-stale")),
            },
            _ => return refuse(text::stale_button(lang)),
        };
        match choice {
            None => {
                let mut moves = pos.legal_moves();
                moves.sort();
                let mut options: Vec<(String, String)> = Vec::new();
                for m in moves.iter() {
                    let sq = m.from.to_string();
                    if options
                        .iter()
                        .any(|(v, _)| v.starts_with(&format!("{sq}@")))
                    {
                        continue;
                    }
                    let count = moves.iter().filter(|n| n.from == m.from).count();
                    let label = tr!(
                        lang,
                        "suggest-from",
                        square = sq.as_str(),
                        piece = text::role_name(lang, m.role),
                        moves = tr!(lang, "moves-count", n = count)
                    );
                    options.push((format!("{sq}@{}", game.version), label));
                }
                options.truncate(MAX_CHOICES);
                let mut reply = Reply::ephemeral(tr!(lang, "menu-move-piece"));
                reply.menu = Some(Menu {
                    id: ButtonAction::game(game.id, FROM).id(),
                    placeholder: tr!(lang, "menu-move-piece-placeholder"),
                    options,
                });
                Ok(reply.into())
            }
            Some(Choice::Piece { from, page }) => {
                let moves: Vec<Move> = pos.moves_from(from).iter().copied().collect();
                if moves.is_empty() {
                    return refuse(tr!(lang, "menu-move-stale"));
                }
                let per_page = MAX_CHOICES - 1;
                let pages = moves.len().div_ceil(per_page);
                let page = page.min(pages - 1);
                let shown = if moves.len() <= MAX_CHOICES {
                    &moves[..]
                } else {
                    &moves[page * per_page..((page + 1) * per_page).min(moves.len())]
                };
                let mut options: Vec<(String, String)> = shown
                    .iter()
                    .map(|m| {
                        let mut label = destination(lang, game.terms.variant, m);
                        if m.escape {
                            label.push_str(&format!(" — {}", tr!(lang, "suggest-escape")));
                        }
                        (format!("{}-{}@{}", m.from, m.to, game.version), label)
                    })
                    .collect();
                if moves.len() > MAX_CHOICES {
                    let next = (page + 1) % pages;
                    options.push((
                        format!("{from}@{}#{next}", game.version),
                        tr!(lang, "menu-move-more", page = next + 1, pages = pages),
                    ));
                }
                let mut reply = Reply::ephemeral(tr!(
                    lang,
                    "menu-move-to",
                    square = from.to_string(),
                    piece = pos
                        .board()
                        .piece_at(from)
                        .map(|p| text::role_name(lang, p.role))
                        .unwrap_or_default()
                ));
                reply.menu = Some(Menu {
                    id: ButtonAction::game(game.id, TO).id(),
                    placeholder: tr!(lang, "menu-move-to-placeholder"),
                    options,
                });
                reply.update_message = name == FROM || name == TO;
                Ok(reply.into())
            }
            Some(Choice::Move { from, to }) => {
                let (from, to) = (from.to_string(), to.to_string());
                self.jetan_play(req, game, (Some(&from), Some(&to), None))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_name_the_choice_and_the_version() {
        let e2: Square = "e2".parse().unwrap();
        let e3: Square = "e3".parse().unwrap();
        assert_eq!(
            parse("e2@14"),
            Some((Choice::Piece { from: e2, page: 0 }, 14))
        );
        assert_eq!(
            parse("e2@14#2"),
            Some((Choice::Piece { from: e2, page: 2 }, 14))
        );
        assert_eq!(
            parse("e2-e3@7"),
            Some((Choice::Move { from: e2, to: e3 }, 7))
        );
        for bad in ["", "e2", "e2@", "z9@1", "e2-@1", "e2@x", "e2@1#x"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
