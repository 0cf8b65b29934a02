//! Button ids. Each encodes the action and the challenge or game it belongs to, so a button
//! still works after a restart and an old button cannot act on a newer game.

use jetan_store::GameId;

use std::fmt;

/// What a button (or a select menu) does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ButtonAction {
    /// Accept challenge `id`.
    Accept(GameId),
    /// Decline challenge `id`.
    Decline(GameId),
    /// Accept the draw offered in game `id`.
    DrawAccept(GameId),
    /// Decline the draw offered in game `id`.
    DrawDecline(GameId),
    /// Confirm resigning game `id`.
    Resign(GameId),
    /// One of the game's own buttons or menus, by the name its game gives it, in game
    /// `id` (the game reads it; a name no game knows is refused as stale).
    Game {
        /// The game.
        id: GameId,
        /// The button's name: lower-case letters and `-`, at most 20.
        name: String,
    },
    /// Join tournament `id`.
    TournamentJoin(u64),
    /// Leave tournament `id`.
    TournamentLeave(u64),
}

/// The names of the host's own buttons (a game's buttons take other names).
const HOST: [&str; 7] = [
    "accept",
    "decline",
    "draw-accept",
    "draw-decline",
    "resign",
    "tournament-join",
    "tournament-leave",
];

const PREFIX: &str = "jetan";

impl ButtonAction {
    /// The custom id: `jetan:<action>:<id>`.
    pub fn id(&self) -> String {
        self.to_string()
    }

    /// A game's own button `name` in game `id`.
    ///
    /// # Panics
    /// If `name` is not a game button's name (a host button's, or not lower-case letters
    /// and `-`): a programming error in the game's module.
    pub fn game(id: GameId, name: &str) -> ButtonAction {
        assert!(is_game_button(name), "not a game button's name: {name:?}");
        ButtonAction::Game {
            id,
            name: name.to_string(),
        }
    }

    /// Reads a custom id; `None` for ids that are not ours or are malformed.
    pub fn parse(id: &str) -> Option<ButtonAction> {
        let mut parts = id.split(':');
        if parts.next()? != PREFIX {
            return None;
        }
        let action = parts.next()?;
        let n: u64 = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(match action {
            "accept" => ButtonAction::Accept(GameId(n)),
            "decline" => ButtonAction::Decline(GameId(n)),
            "draw-accept" => ButtonAction::DrawAccept(GameId(n)),
            "draw-decline" => ButtonAction::DrawDecline(GameId(n)),
            "resign" => ButtonAction::Resign(GameId(n)),
            "tournament-join" => ButtonAction::TournamentJoin(n),
            "tournament-leave" => ButtonAction::TournamentLeave(n),
            name if is_game_button(name) => ButtonAction::Game {
                id: GameId(n),
                name: name.to_string(),
            },
            _ => return None,
        })
    }
}

impl fmt::Display for ButtonAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (action, n) = match self {
            ButtonAction::Accept(n) => ("accept", n),
            ButtonAction::Decline(n) => ("decline", n),
            ButtonAction::DrawAccept(n) => ("draw-accept", n),
            ButtonAction::DrawDecline(n) => ("draw-decline", n),
            ButtonAction::Resign(n) => ("resign", n),
            ButtonAction::Game { id, name } => (name.as_str(), id),
            ButtonAction::TournamentJoin(n) => return write!(f, "{PREFIX}:tournament-join:{n}"),
            ButtonAction::TournamentLeave(n) => return write!(f, "{PREFIX}:tournament-leave:{n}"),
        };
        write!(f, "{PREFIX}:{action}:{n}")
    }
}

/// Whether `name` can name a game's button: not a host button's, lower-case letters and
/// `-`, 1 to 20 of them.
fn is_game_button(name: &str) -> bool {
    (1..=20).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        && !HOST.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_foreign_ids_are_ignored() {
        for a in [
            ButtonAction::Accept(GameId(1)),
            ButtonAction::Decline(GameId(u64::MAX)),
            ButtonAction::DrawAccept(GameId(7)),
            ButtonAction::DrawDecline(GameId(0)),
            ButtonAction::game(GameId(3), "cards"),
            ButtonAction::game(GameId(4), "card"),
            ButtonAction::game(GameId(5), "discard"),
            ButtonAction::TournamentJoin(12),
            ButtonAction::TournamentLeave(13),
        ] {
            assert_eq!(ButtonAction::parse(&a.id()), Some(a.clone()));
            assert!(
                a.id().len() <= 100,
                "Discord limits custom ids to 100 characters"
            );
        }
        for bad in [
            "",
            "jetan",
            "jetan:accept",
            "jetan:accept:x",
            "other:accept:1",
            "jetan:Fly:1",
            "jetan:fly_away:1",
            "jetan:a-very-long-button-name:1",
            "jetan:accept:1:2",
        ] {
            assert_eq!(ButtonAction::parse(bad), None, "{bad}");
        }
        // Buttons already posted keep working: a game's names read as before.
        assert_eq!(
            ButtonAction::parse("jetan:cards:9"),
            Some(ButtonAction::game(GameId(9), "cards"))
        );
    }
}
