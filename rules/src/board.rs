use std::fmt;

use crate::{Bitboard, Color, Piece, Role, Square, Variant};

/// Where the pieces stand, and nothing else: no side to move, no rules.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [u128; 9],
    by_color: [u128; 2],
    squares: [Option<Piece>; 100],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no piece.
    pub const fn empty() -> Board {
        Board {
            by_role: [0; 9],
            by_color: [0; 2],
            squares: [None; 100],
        }
    }

    /// The start setup of a variant: the one place the start boards are defined.
    pub fn start(variant: Variant) -> Board {
        match variant {
            Variant::Classic => Board::classic_start(),
            Variant::Manator => Board::manator_start(),
        }
    }

    /// The standard Classic setup (RULES.md §7).
    pub fn classic_start() -> Board {
        Board::from_rows(
            "WADFCPFDAW", // rank 1, files a→j
            "wadfpcfdaw", // rank 10, files a→j
        )
    }

    /// The Manator setup (RULES.md §8): Odwars for Fliers, Orange mirrored so the Chiefs
    /// face each other on file e.
    pub fn manator_start() -> Board {
        Board::from_rows("WADOCPODAW", "wadocpodaw")
    }

    fn from_rows(black_first: &str, orange_first: &str) -> Board {
        let mut b = Board::empty();
        let place = |b: &mut Board, rank: u8, row: &str| {
            for (file, c) in row.chars().enumerate() {
                let sq = Square::new(file as u8, rank).expect("ten files");
                b.set(sq, Piece::from_char(c).expect("valid letter"));
            }
        };
        place(&mut b, 0, black_first);
        place(&mut b, 1, "TNNNNNNNNT");
        place(&mut b, 8, "tnnnnnnnnt");
        place(&mut b, 9, orange_first);
        b
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.put(sq, piece);
    }

    /// Takes the piece off `sq` and returns it.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.squares[sq.index()].take()?;
        self.by_role[p.role.index()] ^= sq.bit();
        self.by_color[p.color.index()] ^= sq.bit();
        Some(p)
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.squares[sq.index()].is_none());
        self.squares[sq.index()] = Some(p);
        self.by_role[p.role.index()] |= sq.bit();
        self.by_color[p.color.index()] |= sq.bit();
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0] | self.by_color[1])
    }

    /// The squares of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color.index()])
    }

    /// The squares of one kind of piece, of both sides.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        Bitboard(self.by_role[role.index()])
    }

    /// The squares of one side's pieces of one kind.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_role[piece.role.index()] & self.by_color[piece.color.index()])
    }

    /// The square of a side's Chief or Princess (the lowest, if a setup has several).
    pub fn royal(&self, color: Color, role: Role) -> Option<Square> {
        self.by_piece(Piece { color, role }).first()
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(|sq| (sq, self.squares[sq.index()].expect("occupied")))
    }

    /// The summed value of one side's pieces (RULES.md §2).
    pub fn material(&self, color: Color) -> u32 {
        let own = self.by_color[color.index()];
        Role::ALL
            .iter()
            .map(|r| (self.by_role[r.index()] & own).count_ones() * r.value())
            .sum()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            for file in 0..10 {
                let sq = Square::new(file, rank).expect("on board");
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
