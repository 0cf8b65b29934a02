//! Each game's own values as the host holds them, one variant per game holding the
//! value its module defines: the options a challenge chose ([`GameOptions`]) and why
//! the rules refused an action ([`Refusal`]).

use super::jetan::values as jetan;
use super::martian::values as martian;
use crate::schema::GameKind;

/// A game and the options its challenge chose: the game's own value ([`jetan::Options`]:
/// variant and board; [`martian::Options`]: none), which the game validates, words and
/// replays. In the records it is written inline in the terms, as `"game"` naming the game
/// and the game's own fields beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameOptions {
    /// Jetan, with its variant and board.
    Jetan(jetan::Options),
    /// Martian Chess (no options).
    MartianChess(martian::Options),
}

impl GameOptions {
    /// Which game.
    pub fn kind(&self) -> GameKind {
        match self {
            GameOptions::Jetan(_) => GameKind::Jetan,
            GameOptions::MartianChess(_) => GameKind::MartianChess,
        }
    }

    /// Whether the options change the game's own rules (Jetan's rule options, RULES.md
    /// §12): such games are played casual unless the server rates them.
    pub fn changes_rules(&self) -> bool {
        match self {
            GameOptions::Jetan(o) => !o.rules.is_standard(),
            GameOptions::MartianChess(_) => false,
        }
    }

    /// `kind` with its default options (Jetan: Classic on the flat board).
    pub fn default_of(kind: GameKind) -> GameOptions {
        match kind {
            GameKind::Jetan => GameOptions::Jetan(jetan::Options::default()),
            GameKind::MartianChess => GameOptions::MartianChess(martian::Options::default()),
        }
    }
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions::default_of(GameKind::default())
    }
}

impl serde::Serialize for GameOptions {
    /// `{"game": "jetan", "variant": "classic", "topology": "flat"}` — the form the terms
    /// have always had, so that records stay readable both ways.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        #[serde(tag = "game", rename_all = "snake_case")]
        enum Tagged<'a> {
            Jetan(&'a jetan::Options),
            MartianChess(&'a martian::Options),
        }
        match self {
            GameOptions::Jetan(o) => Tagged::Jetan(o),
            GameOptions::MartianChess(o) => Tagged::MartianChess(o),
        }
        .serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for GameOptions {
    /// The form [`GameOptions`] writes; without `"game"` (records written before there
    /// were two games), Jetan. Fields another game wrote are ignored (Martian Chess's
    /// terms once carried Jetan's `variant` and `topology`, always Classic and flat).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        use serde::de::Error;
        let mut map = serde_json::Map::<String, serde_json::Value>::deserialize(d)?;
        let kind: GameKind = match map.remove("game") {
            None => GameKind::default(),
            Some(v) => serde_json::from_value(v).map_err(D::Error::custom)?,
        };
        let fields = serde_json::Value::Object(map);
        Ok(match kind {
            GameKind::Jetan => {
                GameOptions::Jetan(serde_json::from_value(fields).map_err(D::Error::custom)?)
            }
            GameKind::MartianChess => {
                GameOptions::MartianChess(serde_json::from_value(fields).map_err(D::Error::custom)?)
            }
        })
    }
}

/// Why a game's rules refuse an action, in the rules' own words (the core translates
/// them).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Jetan's rules refuse the move.
    #[error(transparent)]
    Jetan(#[from] jetan::Refusal),
    /// Martian Chess's rules refuse the action.
    #[error(transparent)]
    MartianChess(#[from] martian::Refusal),
}
