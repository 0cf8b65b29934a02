use crate::{Card, Color, Outcome, Piece, Role, Square};

/// Something that happened while an action was played, for the host to announce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A piece moved (no attack).
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A King castled.
    Castled {
        /// The King's start square.
        king_from: Square,
        /// The King's end square.
        king_to: Square,
        /// The Rook's start square.
        rook_from: Square,
        /// The Rook's end square.
        rook_to: Square,
    },
    /// A pawn was promoted.
    Promoted {
        /// Where.
        square: Square,
        /// To what.
        role: Role,
    },
    /// An attack started a battle.
    Attack {
        /// The attacking piece's square.
        from: Square,
        /// The attacked piece's square.
        to: Square,
    },
    /// A battle card was played (public).
    CardPlayed {
        /// Who played it.
        player: Color,
        /// The card.
        card: Card,
    },
    /// A battle ended.
    BattleWon {
        /// The winner.
        winner: Color,
        /// Whether the winner is the attacker.
        attacker_won: bool,
        /// The winning card.
        card: Card,
        /// The piece taken prisoner (as it stood on the board).
        prisoner: Piece,
        /// The kind it is recorded as in prison (a promoted piece is a pawn).
        recorded_as: Role,
    },
    /// A card was discarded (public).
    Discarded {
        /// Who.
        player: Color,
        /// The card.
        card: Card,
    },
    /// A player drew cards (the cards are private).
    Drew {
        /// Who.
        player: Color,
        /// How many.
        count: u8,
    },
    /// The discard pile was shuffled to become the deck.
    Reshuffled {
        /// The new deck's size.
        cards: usize,
    },
    /// An exchange of prisoners.
    Exchanged {
        /// Who asked for it.
        player: Color,
        /// The kind exchanged.
        role: Role,
    },
    /// A paradrop.
    Dropped {
        /// Who.
        player: Color,
        /// What.
        role: Role,
        /// Where.
        to: Square,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        player: Color,
    },
    /// The die was rolled for a new turn.
    DieRolled {
        /// For whom.
        player: Color,
        /// The number of actions.
        value: u8,
    },
    /// The game ended.
    GameOver(Outcome),
}
