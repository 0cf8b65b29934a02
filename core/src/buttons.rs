//! Button ids. Each encodes the action and the challenge or game it belongs to, so a button
//! still works after a restart and an old button cannot act on a newer game.

use std::fmt;

/// What a button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonAction {
    /// Accept challenge `id`.
    Accept(u64),
    /// Decline challenge `id`.
    Decline(u64),
    /// Accept the draw offered in game `id`.
    DrawAccept(u64),
    /// Decline the draw offered in game `id`.
    DrawDecline(u64),
    /// Confirm resigning game `id`.
    Resign(u64),
    /// Martian Chess game `id`: the button that opens a battle player's private menu of
    /// cards.
    Cards(u64),
    /// Martian Chess game `id`: the private select menu of battle cards.
    Card(u64),
    /// Martian Chess game `id`: the private select menu of cards to discard.
    Discard(u64),
}

const PREFIX: &str = "jetan";

impl ButtonAction {
    /// The custom id: `jetan:<action>:<id>`.
    pub fn id(&self) -> String {
        self.to_string()
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
            "accept" => ButtonAction::Accept(n),
            "decline" => ButtonAction::Decline(n),
            "draw-accept" => ButtonAction::DrawAccept(n),
            "draw-decline" => ButtonAction::DrawDecline(n),
            "resign" => ButtonAction::Resign(n),
            "cards" => ButtonAction::Cards(n),
            "card" => ButtonAction::Card(n),
            "discard" => ButtonAction::Discard(n),
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
            ButtonAction::Cards(n) => ("cards", n),
            ButtonAction::Card(n) => ("card", n),
            ButtonAction::Discard(n) => ("discard", n),
        };
        write!(f, "{PREFIX}:{action}:{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_foreign_ids_are_ignored() {
        for a in [
            ButtonAction::Accept(1),
            ButtonAction::Decline(u64::MAX),
            ButtonAction::DrawAccept(7),
            ButtonAction::DrawDecline(0),
            ButtonAction::Cards(3),
            ButtonAction::Card(4),
            ButtonAction::Discard(5),
        ] {
            assert_eq!(ButtonAction::parse(&a.id()), Some(a));
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
            "jetan:fly:1",
            "jetan:accept:1:2",
        ] {
            assert_eq!(ButtonAction::parse(bad), None, "{bad}");
        }
    }
}
