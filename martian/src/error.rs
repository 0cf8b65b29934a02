use crate::{Card, Color, Outcome, Role, Square, Suit};

/// Why an action is not legal now, in words a player understands. One variant per reason,
/// so a host can translate them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    /// The game has ended.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The other player is to act.
    #[error("it is not your turn: {0} is to act")]
    NotYourTurn(Color),
    /// A battle is in progress and a turn action was tried.
    #[error("a battle is in progress: {0} must play a card first")]
    BattleInProgress(Color),
    /// In a battle, the other player is to play a card.
    #[error("it is not your card to play in this battle: {0} plays next")]
    NotYourCard(Color),
    /// A battle card was played with no battle in progress.
    #[error("there is no battle in progress to play a card in")]
    NoBattle,
    /// Every action of the turn is used.
    #[error("you have no actions left this turn (write end)")]
    NoActionsLeft,
    /// Nothing stands on the start square.
    #[error("there is no piece on {0}")]
    EmptySquare(Square),
    /// The piece to move is the opponent's.
    #[error("the {role} on {square} is not yours")]
    NotYourPiece {
        /// Where it stands.
        square: Square,
        /// Its kind.
        role: Role,
    },
    /// The piece already moved (or castled, or attacked) this turn.
    #[error("the {role} on {square} has already moved this turn: no piece moves twice in a turn")]
    AlreadyMoved {
        /// Where it stands.
        square: Square,
        /// Its kind.
        role: Role,
    },
    /// The piece was paradropped this turn.
    #[error("the {role} on {square} was dropped this turn and cannot move until your next turn")]
    DroppedThisTurn {
        /// Where it stands.
        square: Square,
        /// Its kind.
        role: Role,
    },
    /// The piece does not move that way, or something is in the way.
    #[error("the {role} on {from} cannot move to {to}")]
    CannotReach {
        /// Its kind.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Where it was sent.
        to: Square,
    },
    /// An own piece stands on the target square.
    #[error("your own {role} stands on {to}")]
    OwnPiece {
        /// The target square.
        to: Square,
        /// The own piece's kind.
        role: Role,
    },
    /// A pawn moving straight cannot attack.
    #[error("a pawn moving straight never attacks, and {0} is not empty")]
    PawnBlocked(Square),
    /// The King or that Rook has moved (or the Rook is gone).
    #[error("you can no longer castle on that side: the King or that Rook has moved")]
    NoCastlingRight,
    /// A square between King and Rook is occupied.
    #[error("castling needs every square between the King and the Rook empty, and {0} is not")]
    CastlingBlocked(Square),
    /// Promotion to a pawn or a King.
    #[error("a pawn reaching the last rank becomes a Queen, Rook, Bishop or Knight, not a {0}")]
    BadPromotion(Role),
    /// A promotion on a move that does not reach the last rank with a pawn.
    #[error("only a pawn reaching the last rank is promoted")]
    NotAPromotion,
    /// Nothing of that kind in the reserve.
    #[error("you have no {0} in your reserve")]
    NotInReserve(Role),
    /// The drop square is occupied.
    #[error("you can only drop on an empty square, and {0} is not empty")]
    SquareOccupied(Square),
    /// A pawn dropped on rank 1 or 8.
    #[error("a pawn is never dropped on rank 1 or rank 8 ({0})")]
    PawnDropOnBackRank(Square),
    /// Kings are never exchanged (nor dropped).
    #[error("Kings are never exchanged or dropped")]
    KingNotExchangeable,
    /// No enemy piece of that kind in the player's prison.
    #[error("your prison holds no {0} to give back")]
    NotInYourPrison(Role),
    /// No own piece of that kind in the opponent's prison.
    #[error("your opponent's prison holds no {0} of yours to take back")]
    NotInOpponentPrison(Role),
    /// The card is not in the player's hand.
    #[error("you do not hold the {0}")]
    CardNotInHand(Card),
    /// A card off the led suit while holding the led suit.
    #[error("you must follow suit: you hold {0}, the led suit")]
    MustFollowSuit(Suit),
}

/// A refused action: why, and the state handed back untouched.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{reason}")]
pub struct PlayError {
    /// Why the action was refused.
    pub reason: IllegalAction,
    /// The state, unchanged.
    pub state: Box<crate::State>,
}

impl PlayError {
    /// The unchanged state.
    pub fn into_state(self) -> crate::State {
        *self.state
    }
}

/// A stored game that does not replay: the action at `index` (0-based) was refused.
#[derive(Debug, Clone, thiserror::Error)]
#[error("action {} ({action}) cannot be played: {reason}", .index + 1)]
pub struct ReplayError {
    /// The index of the refused action.
    pub index: usize,
    /// The refused action.
    pub action: crate::Action,
    /// Why.
    pub reason: IllegalAction,
    /// The state before the refused action.
    pub state: Box<crate::State>,
}
