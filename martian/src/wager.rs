use crate::{Piece, Role};

/// The piece-payment multiplier of MARTIAN_CHESS.md §6: every piece but the King is worth
/// 8×1 + 2×3 + 2×3 + 2×5 + 9 = 39 prices.
pub const PIECE_RESERVE_FACTOR: u64 = 39;

/// The price a prisoner pays its captor (§6): pawn 1, Knight 3, Bishop 3, Rook 5, Queen 9,
/// King 0; a promoted piece pays as a pawn.
///
/// ```
/// use martian_chess::{piece_price, Color, Piece, Role};
/// assert_eq!(piece_price(Piece::new(Color::White, Role::Queen)), 9);
/// let promoted = Piece { promoted: true, ..Piece::new(Color::White, Role::Queen) };
/// assert_eq!(piece_price(promoted), 1);
/// ```
pub const fn piece_price(piece: Piece) -> u32 {
    piece.price()
}

/// The value of a kind (a promoted piece is priced by [`piece_price`]).
pub const fn role_value(role: Role) -> u32 {
    role.value()
}

/// Piece payments of one player in one game, capped at the escrowed reserve
/// (`unit × 39`). The host keeps one per player (the payer).
///
/// ```
/// use martian_chess::PieceAccount;
/// let mut a = PieceAccount::new(10); // 10 coins per price point: 390 in escrow
/// assert_eq!(a.reserve(), 390);
/// assert_eq!(a.pay(9), 90);
/// for _ in 0..3 { a.pay(9); }
/// assert_eq!(a.pay(9), 30); // only 30 left
/// assert_eq!(a.pay(1), 0);  // spent: further prisoners pay nothing
/// assert!(a.is_spent());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceAccount {
    unit: u64,
    paid: u64,
}

impl PieceAccount {
    /// A fresh account: `unit` coins per price point.
    pub const fn new(unit: u64) -> PieceAccount {
        PieceAccount { unit, paid: 0 }
    }

    /// An account that already paid `paid`.
    pub const fn resume(unit: u64, paid: u64) -> PieceAccount {
        PieceAccount { unit, paid }
    }

    /// The escrowed reserve: `unit × 39`.
    pub const fn reserve(&self) -> u64 {
        self.unit.saturating_mul(PIECE_RESERVE_FACTOR)
    }

    /// Paid so far.
    pub const fn paid(&self) -> u64 {
        self.paid
    }

    /// What is left of the reserve.
    pub const fn remaining(&self) -> u64 {
        self.reserve().saturating_sub(self.paid)
    }

    /// Whether the reserve is spent.
    pub const fn is_spent(&self) -> bool {
        self.remaining() == 0
    }

    /// Pays for a prisoner of `price` points; returns the amount actually paid (capped).
    pub fn pay(&mut self, price: u32) -> u64 {
        let due = self
            .unit
            .saturating_mul(u64::from(price))
            .min(self.remaining());
        self.paid += due;
        due
    }
}
