//! The ids the host keeps apart. Each is its own type, so that a channel id cannot be
//! passed where a user id is expected; each is stored as the bare number it wraps
//! (`serde(transparent)`), so records read and write as they always have.

use serde::{Deserialize, Serialize};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize,
            Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl $name {
            /// The number.
            pub const fn get(self) -> u64 {
                self.0
            }
        }

        impl From<u64> for $name {
            fn from(n: u64) -> $name {
                $name(n)
            }
        }

        impl From<$name> for u64 {
            fn from(id: $name) -> u64 {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            /// The bare number, as Discord writes it.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<$name, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

id!(
    /// A Discord server (guild).
    GuildId
);
id!(
    /// A Discord channel or thread.
    ChannelId
);
id!(
    /// A Discord user (the bot included).
    UserId
);
id!(
    /// A game; a challenge keeps its id when accepted.
    GameId
);
id!(
    /// A tournament (from the same id sequence as games: never equal to a game's id).
    TournamentId
);
