use std::fmt::{self, Write as _};

use crate::card::write_cards;
use crate::table::Table;
use crate::text::{outcome_code, write_discard_battle, write_public_head};
use crate::{
    Action, Battle, Board, ByColor, Card, Castling, Color, IllegalAction, Outcome, Pool, ToAct,
};

/// What one player may know of a game: everything public, plus their own hand. The
/// opponent's hand and the deck appear only as sizes; the random stream (which would
/// reveal the deck) does not appear at all. There is no way back from a view to a
/// [`State`](crate::State).
///
/// Its text is the state string with three changes: the hidden hand is replaced by its
/// size, the deck by its size, and the random stream by `view:w` or `view:b` (the viewer).
///
/// ```
/// use martian_chess::{Color, State};
/// let g = State::new(5);
/// let v = g.public_view(Color::White);
/// assert_eq!(v.hand(), g.hand(Color::White));
/// assert_eq!(v.hand_len(Color::Black), 13);
/// for c in g.hand(Color::Black) {
///     assert!(!v.to_string().contains(&c.to_string()));
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PublicView {
    pub(crate) table: Table,
    pub(crate) viewer: Color,
    pub(crate) hand: Vec<Card>,
    pub(crate) hand_sizes: ByColor<usize>,
    pub(crate) deck_len: usize,
}

impl PublicView {
    /// Whose view this is.
    pub fn viewer(&self) -> Color {
        self.viewer
    }
    /// The viewer's own hand.
    pub fn hand(&self) -> &[Card] {
        &self.hand
    }
    /// The number of cards in a player's hand.
    pub fn hand_len(&self, player: Color) -> usize {
        self.hand_sizes[player]
    }
    /// The number of cards in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck_len
    }
    /// Who must act now.
    pub fn to_act(&self) -> ToAct {
        self.table.to_act()
    }
    /// The viewer's legal actions (empty unless the viewer is to act).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.table.to_act().player() == Some(self.viewer) {
            self.table.legal_actions(&self.hand)
        } else {
            Vec::new()
        }
    }
    /// Whether the viewer may take `action` now.
    ///
    /// # Errors
    /// Why not.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        self.table
            .check(self.viewer, action, &self.hand)
            .map(|_| ())
    }
    /// Action text with `x` for attacks.
    pub fn notate(&self, action: &Action) -> String {
        crate::state::notate(&self.table, action)
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.table.board
    }
    /// Whose turn it is.
    pub fn turn(&self) -> Color {
        self.table.turn
    }
    /// This turn's die roll.
    pub fn die(&self) -> u8 {
        self.table.die
    }
    /// Actions left this turn.
    pub fn actions_left(&self) -> u8 {
        self.table.left
    }
    /// Castling rights.
    pub fn castling(&self) -> Castling {
        self.table.castling
    }
    /// Quiet turns in a row.
    pub fn quiet_turns(&self) -> u32 {
        self.table.quiet
    }
    /// A captor's prison.
    pub fn prison(&self, captor: Color) -> &Pool {
        &self.table.prisons[captor]
    }
    /// An owner's reserve.
    pub fn reserve(&self, owner: Color) -> &Pool {
        &self.table.reserves[owner]
    }
    /// The discard pile, bottom first.
    pub fn discard_pile(&self) -> &[Card] {
        &self.table.discard
    }
    /// The battle in progress (its played cards are public).
    pub fn battle(&self) -> Option<&Battle> {
        self.table.battle.as_ref()
    }
    /// The outcome.
    pub fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }
    /// Whether the piece on a square moved or was dropped this turn.
    pub fn is_spent(&self, s: crate::Square) -> bool {
        (self.table.moved | self.table.dropped) & s.bit() != 0
    }

    /// The cards the viewer cannot see: the opponent's hand and the deck together (52
    /// minus own hand, discard pile and battle cards).
    pub fn unseen_cards(&self) -> Vec<Card> {
        let mut known = [false; 52];
        let table: &[Card] = self.table.battle.as_ref().map_or(&[], |b| &b.cards);
        for c in self.hand.iter().chain(&self.table.discard).chain(table) {
            known[c.index()] = true;
        }
        Card::all().filter(|c| !known[c.index()]).collect()
    }
}

impl fmt::Display for PublicView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_public_head(f, &self.table)?;
        f.write_char(' ')?;
        for c in Color::ALL {
            if c == self.viewer {
                write_cards(f, &self.hand)?;
            } else {
                write!(f, "{}", self.hand_sizes[c])?;
            }
            if c == Color::White {
                f.write_char('/')?;
            }
        }
        write!(f, " {} ", self.deck_len)?;
        write_discard_battle(f, &self.table)?;
        write!(
            f,
            " view:{} {}",
            self.viewer.char(),
            outcome_code(self.table.outcome)
        )
    }
}
