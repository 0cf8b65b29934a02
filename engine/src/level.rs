use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::{Error, Limits};

/// How strongly the engine plays, 1 to 5; the default is 3.
///
/// | level | time used        | deepest iteration | noise (centipawns) | plays like                      |
/// |-------|------------------|-------------------|--------------------|---------------------------------|
/// | 1     | a quarter        | 1 ply             | 150                | a beginner: takes what hangs    |
/// | 2     | a quarter        | 2 plies           | 60                 | a casual player                 |
/// | 3     | a quarter        | 4 plies           | 10                 | a club player, answers quickly  |
/// | 4     | two thirds       | as deep as time allows | 0             | strong                          |
/// | 5     | the whole budget | as deep as time allows | 0             | the strongest within the budget |
///
/// Levels 1–3 are weakened on purpose: they think at most a quarter of the budget and
/// stop at a depth; level 4 thinks two thirds of the budget and level 5 all of it, both
/// as deep as their time allows (a depth cap of 9 plies made level 4 the same as level 5
/// in the middlegame and unable to convert endings; half the budget scored under 65 %
/// against level 3). Every level stops at its time limit; the lower ones usually finish
/// well before it.
///
/// ```
/// use std::time::Duration;
/// use jetan_engine::Level;
/// let level: Level = "4".parse().unwrap();
/// let limits = level.limits(Duration::from_secs(1));
/// assert_eq!(limits.depth, None);
/// assert_eq!(limits.time, Duration::from_secs(1) * 2 / 3);
/// assert_eq!(Level::DEFAULT.limits(Duration::from_secs(1)).time, Duration::from_millis(250));
/// assert!("6".parse::<Level>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// The default level, 3.
    pub const DEFAULT: Level = Level(3);
    /// The default time per move: one second.
    pub const DEFAULT_BUDGET: Duration = Duration::from_secs(1);

    /// The level `n`.
    ///
    /// # Errors
    /// [`Error::Level`] if `n` is not in 1..=5.
    pub fn new(n: u8) -> Result<Level, Error> {
        if (1..=5).contains(&n) {
            Ok(Level(n))
        } else {
            Err(Error::Level(n.to_string()))
        }
    }

    /// The level as a number, 1..=5.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The search limits of this level within `budget` (levels 1–3 take a quarter of
    /// it as their time limit, level 4 two thirds of it; noise seed 0: set another with
    /// [`Limits::with_seed`]).
    pub fn limits(self, budget: Duration) -> Limits {
        // The share of the budget each level thinks, in twelfths (a quarter is 3).
        let (depth, noise, twelfths) = match self.0 {
            1 => (Some(1), 150, 3),
            2 => (Some(2), 60, 3),
            3 => (Some(4), 10, 3),
            4 => (None, 0, 8),
            _ => (None, 0, 12),
        };
        Limits {
            depth,
            noise,
            ..Limits::time(budget * twelfths / 12)
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = Error;

    /// `1` … `5`.
    fn from_str(s: &str) -> Result<Level, Error> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| Error::Level(s.to_string()))
    }
}

impl TryFrom<u8> for Level {
    type Error = Error;
    fn try_from(n: u8) -> Result<Level, Error> {
        Level::new(n)
    }
}
