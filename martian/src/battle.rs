use crate::{Card, Color, Role, Square, Suit};

/// A card battle in progress (MARTIAN_CHESS.md §4): the attacker is the side whose turn it
/// is. Cards alternate attacker, defender, attacker, defender.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Battle {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
    pub(crate) cards: Vec<Card>,
}

/// Which side of a battle someone is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BattleSide {
    /// The side whose piece moved onto the enemy piece.
    Attacker,
    /// The side whose piece was attacked.
    Defender,
}

impl Battle {
    /// The attacking piece's square.
    pub fn from(&self) -> Square {
        self.from
    }

    /// The attacked piece's square.
    pub fn to(&self) -> Square {
        self.to
    }

    /// The promotion chosen for a pawn attacking onto the last rank.
    pub fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// The cards played so far, in order (attacker, defender, attacker, defender).
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The led suit, once the attacker has played.
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards.first().map(|c| c.suit())
    }

    /// Who plays the next card.
    pub fn next_side(&self) -> BattleSide {
        if self.cards.len().is_multiple_of(2) {
            BattleSide::Attacker
        } else {
            BattleSide::Defender
        }
    }

    /// The cards a side has played so far.
    pub fn played_by(&self, side: BattleSide) -> impl Iterator<Item = Card> + '_ {
        let parity = match side {
            BattleSide::Attacker => 0,
            BattleSide::Defender => 1,
        };
        self.cards
            .iter()
            .enumerate()
            .filter(move |(i, _)| i % 2 == parity)
            .map(|(_, &c)| c)
    }

    /// The side holding the highest card of the led suit so far.
    pub fn leader(&self) -> Option<BattleSide> {
        let led = self.led_suit()?;
        let (i, _) = self
            .cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.suit() == led)
            .max_by_key(|(_, c)| c.rank())?;
        Some(if i % 2 == 0 {
            BattleSide::Attacker
        } else {
            BattleSide::Defender
        })
    }

    /// The legal cards from a hand for the next card: any card to lead, then the led suit
    /// if the hand holds it, else any card.
    pub fn legal_cards<'a>(&self, hand: &'a [Card]) -> impl Iterator<Item = Card> + 'a {
        let led = self
            .led_suit()
            .filter(|&s| hand.iter().any(|c| c.suit() == s));
        hand.iter()
            .copied()
            .filter(move |c| led.is_none_or(|s| c.suit() == s))
    }

    pub(crate) fn side_of(&self, attacker: Color, player: Color) -> BattleSide {
        if player == attacker {
            BattleSide::Attacker
        } else {
            BattleSide::Defender
        }
    }
}
