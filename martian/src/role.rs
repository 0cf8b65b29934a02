use std::fmt;

use crate::Color;

/// A kind of chess piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (`P`).
    Pawn = 0,
    /// Knight (`N`).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
    /// Queen (`Q`).
    Queen = 4,
    /// King (`K`).
    King = 5,
}

impl Role {
    /// Every kind, Pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The kinds a pawn may be promoted to, Queen (the default) first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter: `P N B R Q K`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// Parses a piece letter, either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name: `"Pawn"`, `"Knight"`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "Pawn",
            Role::Knight => "Knight",
            Role::Bishop => "Bishop",
            Role::Rook => "Rook",
            Role::Queen => "Queen",
            Role::King => "King",
        }
    }

    /// The piece price of MARTIAN_CHESS.md §6: pawn 1, Knight 3, Bishop 3, Rook 5, Queen 9;
    /// the King 0 (its capture ends the game and the stake settles it).
    pub const fn value(self) -> u32 {
        match self {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 0,
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: colour, kind, and whether it is a promoted pawn.
///
/// A promoted piece moves as its kind but is taken prisoner as a pawn, pays as a pawn and
/// comes back from an exchange as a pawn (MARTIAN_CHESS.md §3, §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// How it moves.
    pub role: Role,
    /// Whether it is a promoted pawn (written `Q~` in state strings).
    pub promoted: bool,
}

impl Piece {
    /// An unpromoted piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece {
            color,
            role,
            promoted: false,
        }
    }

    /// The kind it becomes when taken prisoner: a promoted piece is recorded as a pawn.
    pub const fn prisoner_role(self) -> Role {
        if self.promoted {
            Role::Pawn
        } else {
            self.role
        }
    }

    /// The price it pays when taken prisoner (§6): a promoted piece pays as a pawn.
    pub const fn price(self) -> u32 {
        self.prisoner_role().value()
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.char(),
            Color::Black => self.role.char().to_ascii_lowercase(),
        }
    }
}
