use std::fmt;
use std::str::FromStr;

/// A card suit. The order `C < D < H < S` breaks ties when the lowest card is chosen for a
/// defender who ran out of time (MARTIAN_CHESS.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs (`C`).
    Clubs = 0,
    /// Diamonds (`D`).
    Diamonds = 1,
    /// Hearts (`H`).
    Hearts = 2,
    /// Spades (`S`).
    Spades = 3,
}

impl Suit {
    /// Every suit, Clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The letter: `C D H S`.
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// Parses a suit letter, either case.
    pub const fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The English name, plural: `"clubs"`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A card rank, Two (lowest) to Ace (highest), as in Bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// 2
    Two = 2,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// Ten (`T`)
    Ten,
    /// Jack (`J`)
    Jack,
    /// Queen (`Q`)
    Queen,
    /// King (`K`)
    King,
    /// Ace (`A`), the highest.
    Ace,
}

impl Rank {
    /// Every rank, Two first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The character: `2`–`9`, `T J Q K A`.
    pub const fn char(self) -> char {
        b"23456789TJQKA"[self as usize - 2] as char
    }

    /// Parses a rank character, either case (`T` is ten).
    pub fn from_char(c: char) -> Option<Rank> {
        let c = c.to_ascii_uppercase();
        "23456789TJQKA"
            .chars()
            .position(|x| x == c)
            .map(|i| Rank::ALL[i])
    }

    /// 2 to 14 (Ace).
    pub const fn value(self) -> u8 {
        self as u8
    }
}

/// A playing card. Cards order by rank, then suit (`C D H S`): the smallest legal card is
/// the one played for a defender who ran out of time.
///
/// ```
/// use martian_chess::Card;
/// let c: Card = "TH".parse().unwrap();
/// assert_eq!(c.to_string(), "TH");
/// assert!("2S".parse::<Card>().unwrap() < "3C".parse::<Card>().unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    rank: Rank,
    suit: Suit,
}

/// Why a text is not a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a card (write rank then suit, like AS, TH, 7D or 2C)")]
pub struct ParseCardError {
    /// The text that was given.
    pub text: String,
}

impl Card {
    /// The card of a rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// Its rank.
    pub const fn rank(self) -> Rank {
        self.rank
    }

    /// Its suit.
    pub const fn suit(self) -> Suit {
        self.suit
    }

    /// All 52 cards, in the order of a new deck (clubs 2..A, diamonds, hearts, spades).
    pub fn all() -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(r, s)))
    }

    /// 0..52: suit × 13 + rank − 2.
    pub const fn index(self) -> usize {
        self.suit as usize * 13 + self.rank as usize - 2
    }

    /// Sort key for hands: by suit, then rank.
    pub(crate) fn hand_key(self) -> (Suit, Rank) {
        (self.suit, self.rank)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.char(), self.suit.char())
    }
}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError { text: s.to_owned() };
        let t = s.trim();
        let (r, su) = if let Some(rest) = t.strip_prefix("10") {
            ('T', rest)
        } else {
            let mut it = t.chars();
            (it.next().ok_or_else(err)?, it.as_str())
        };
        let mut it = su.chars();
        let suit = it.next().and_then(Suit::from_char).ok_or_else(err)?;
        if it.next().is_some() {
            return Err(err());
        }
        let rank = Rank::from_char(r).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

/// Writes cards back to back (`AS7D2C`), or `-` for none.
pub(crate) fn write_cards(f: &mut impl fmt::Write, cards: &[Card]) -> fmt::Result {
    if cards.is_empty() {
        return f.write_char('-');
    }
    for c in cards {
        write!(f, "{c}")?;
    }
    Ok(())
}

/// Reads cards written back to back, or `-` for none.
pub(crate) fn read_cards(s: &str) -> Option<Vec<Card>> {
    if s == "-" {
        return Some(Vec::new());
    }
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len() / 2)
        .map(|i| s[2 * i..2 * i + 2].parse().ok())
        .collect()
}
