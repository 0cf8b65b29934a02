//! The host's seats: the two places at a game's table, named by no game.
//!
//! A game's seats are in the order the game names them: [`Seat::First`] is Jetan's
//! Black and Martian Chess's White, the side that moves first from the start
//! position; [`Seat::Second`] is Jetan's Orange and Martian Chess's Black. Each game's
//! modules convert between its own colours and seats at their boundary, and name the
//! seats in words and pictures; the host only counts seats.
//!
//! Stored records keep the names the first format gave the seats, for every game: a
//! seat is stored as `"black"` (first) or `"orange"` (second), and a [`BySeat`] as
//! `{"black": …, "orange": …}` (see docs/STORAGE.md), so records written before seats
//! existed read unchanged.

use std::ops::{Index, IndexMut, Not};

use serde::{Deserialize, Serialize};

/// One of the two seats of a game (see the [module](self) for which is which).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// The seat the game names first (Jetan's Black, Martian Chess's White); stored as
    /// `"black"`.
    #[serde(rename = "black")]
    First,
    /// The seat the game names second (Jetan's Orange, Martian Chess's Black); stored
    /// as `"orange"`.
    #[serde(rename = "orange")]
    Second,
}

impl Seat {
    /// Both seats, the first first.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    /// The other seat.
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for the first seat, 1 for the second.
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

impl Not for Seat {
    type Output = Seat;
    fn not(self) -> Seat {
        self.other()
    }
}

/// A value for each seat, indexed by [`Seat`]; stored as `{"black": …, "orange": …}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct BySeat<T> {
    /// The first seat's value.
    #[serde(rename = "black")]
    pub first: T,
    /// The second seat's value.
    #[serde(rename = "orange")]
    pub second: T,
}

impl<T> BySeat<T> {
    /// The pair of the first seat's value and the second's.
    pub const fn new(first: T, second: T) -> BySeat<T> {
        BySeat { first, second }
    }

    /// Builds the pair by calling `f` for each seat, the first first.
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        let first = f(Seat::First);
        BySeat {
            first,
            second: f(Seat::Second),
        }
    }

    /// The same value for both seats.
    pub fn both(v: T) -> BySeat<T>
    where
        T: Clone,
    {
        BySeat {
            first: v.clone(),
            second: v,
        }
    }

    /// The value for `seat`.
    pub const fn get(&self, seat: Seat) -> &T {
        match seat {
            Seat::First => &self.first,
            Seat::Second => &self.second,
        }
    }

    /// Each seat's value through `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySeat<U> {
        let first = f(self.first);
        BySeat {
            first,
            second: f(self.second),
        }
    }

    /// The seats with their values, the first first.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        [(Seat::First, &self.first), (Seat::Second, &self.second)].into_iter()
    }

    /// The values as an array, the first seat's first.
    pub fn into_array(self) -> [T; 2] {
        [self.first, self.second]
    }

    /// The seat holding `value`, if either does (the first seat's when both do).
    pub fn seat_of(&self, value: &T) -> Option<Seat>
    where
        T: PartialEq,
    {
        if self.first == *value {
            Some(Seat::First)
        } else if self.second == *value {
            Some(Seat::Second)
        } else {
            None
        }
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        self.get(seat)
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::First => &mut self.first,
            Seat::Second => &mut self.second,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_stored_under_the_historical_names() {
        assert_eq!(serde_json::to_string(&Seat::First).unwrap(), "\"black\"");
        assert_eq!(serde_json::to_string(&Seat::Second).unwrap(), "\"orange\"");
        let pair = BySeat::new(5u64, 7);
        let json = serde_json::to_string(&pair).unwrap();
        assert_eq!(json, r#"{"black":5,"orange":7}"#);
        assert_eq!(serde_json::from_str::<BySeat<u64>>(&json).unwrap(), pair);
        assert_eq!(
            serde_json::from_str::<Seat>("\"orange\"").unwrap(),
            Seat::Second
        );
    }

    #[test]
    fn index_and_other() {
        let mut pair = BySeat::new_with(|s| s.index());
        assert_eq!(pair[Seat::First], 0);
        assert_eq!(pair[Seat::Second], 1);
        pair[Seat::Second.other()] = 9;
        assert_eq!(pair.into_array(), [9, 1]);
        assert_eq!(!Seat::First, Seat::Second);
        assert_eq!(BySeat::new(3, 4).seat_of(&4), Some(Seat::Second));
        assert_eq!(BySeat::new(3, 4).seat_of(&5), None);
    }
}
