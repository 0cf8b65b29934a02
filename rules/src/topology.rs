use std::fmt;

use crate::Square;

/// The shape of the board (RULES.md §11): the flat 10 × 10 board of Classic Jetan, or the
/// ring of Ninth-Ray Jetan, where file `j` is next to file `a` on every rank.
///
/// Independent of the [`Variant`](crate::Variant): Classic and Manator Jetan are both
/// played on either board. Ranks never wrap.
///
/// ```
/// use jetan_rules::{Square, Topology};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// // A step east from j5 lands on a5; north-west from a5 on j6.
/// assert_eq!(Topology::Circular.offset(sq("j5"), 1, 0), Some(sq("a5")));
/// assert_eq!(Topology::Circular.offset(sq("a5"), -1, 1), Some(sq("j6")));
/// assert_eq!(Topology::Flat.offset(sq("j5"), 1, 0), None);
/// // Nothing beyond rank 1 or inside rank 10.
/// assert_eq!(Topology::Circular.offset(sq("e10"), 0, 1), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Topology {
    /// The 10 × 10 board with four edges.
    #[default]
    Flat = 0,
    /// Ninth-Ray Jetan: the east and west edges joined, files are sectors of a ring.
    Circular = 1,
}

impl Topology {
    /// Both shapes, flat first.
    pub const ALL: [Topology; 2] = [Topology::Flat, Topology::Circular];

    /// `"flat"` or `"circular"` (the sixth field of a circular position string).
    pub const fn name(self) -> &'static str {
        match self {
            Topology::Flat => "flat",
            Topology::Circular => "circular",
        }
    }

    /// Whether the east and west edges are joined.
    pub const fn is_circular(self) -> bool {
        matches!(self, Topology::Circular)
    }

    /// The square `dx` files east and `dy` ranks north of `sq`, if there is one on this
    /// board: on the circular board files wrap around, ranks never do.
    pub const fn offset(self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        match self {
            Topology::Flat => sq.offset(dx, dy),
            Topology::Circular => {
                let f = (sq.file() as i8 + dx).rem_euclid(10);
                let r = sq.rank() as i8 + dy;
                if r >= 0 && r < 10 {
                    Square::new(f as u8, r as u8)
                } else {
                    None
                }
            }
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Topology {
    type Err = String;
    fn from_str(s: &str) -> Result<Topology, String> {
        match s.to_ascii_lowercase().as_str() {
            "flat" => Ok(Topology::Flat),
            "circular" => Ok(Topology::Circular),
            _ => Err(format!("`{s}` is not a board shape (flat or circular)")),
        }
    }
}
