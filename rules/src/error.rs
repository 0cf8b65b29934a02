use crate::{Bitboard, Move, Outcome, Piece, Role, Square};

/// Why a move is not legal, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// Nothing stands on the start square.
    #[error("{0} is empty")]
    Empty(Square),
    /// The piece on the start square belongs to the other side.
    #[error("the {} on {square} is not yours", .piece.role)]
    NotYours {
        /// The start square.
        square: Square,
        /// The piece there.
        piece: Piece,
    },
    /// Start and end are the same square.
    #[error("a move must leave {0}")]
    SameSquare(Square),
    /// An own piece stands on the end square.
    #[error("your own {} stands on {to}", .piece.role)]
    OwnPiece {
        /// The end square.
        to: Square,
        /// The own piece there.
        piece: Piece,
    },
    /// The Princess may not capture.
    #[error("your Princess may not capture: the {} on {to} is in the way", .piece.role)]
    PrincessCannotCapture {
        /// The end square.
        to: Square,
        /// The enemy piece there.
        piece: Piece,
    },
    /// The Princess may not move onto a threatened square.
    #[error("your Princess may not move onto threatened {to}")]
    Threatened {
        /// The end square.
        to: Square,
    },
    /// The move would be the Princess's escape, which is used up.
    #[error("you have already used your escape: your Princess cannot reach {to} from {from} with an ordinary move")]
    EscapeUsed {
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
    },
    /// A Panthan may not move backwards.
    #[error("the Panthan on {from} cannot move backwards")]
    PanthanBackwards {
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
    },
    /// The end square is not among the piece's moves even on an empty board.
    #[error("the {role} on {from} cannot reach {to}: it moves {}", .role.movement())]
    OutOfReach {
        /// The piece's kind.
        role: Role,
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
    },
    /// Every way there is blocked (the piece does not jump).
    #[error("the {role} on {from} cannot reach {to}: the way is blocked at {}", squares(*.by))]
    Blocked {
        /// The piece's kind.
        role: Role,
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
        /// The occupied squares on the ways there.
        by: Bitboard,
    },
    /// The move text named another piece than the one on the start square.
    #[error("there is a {actual} on {square}, not a {named}")]
    WrongPiece {
        /// The start square.
        square: Square,
        /// The piece named.
        named: Role,
        /// The piece there.
        actual: Role,
    },
    /// A move was given whose details (piece, capture, escape) do not match the legal move
    /// between the same squares.
    #[error("the move {given:?} does not match the legal move {legal:?}")]
    Mismatch {
        /// The move given.
        given: Move,
        /// The legal move from and to the same squares.
        legal: Move,
    },
}

fn squares(b: Bitboard) -> String {
    b.map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}
