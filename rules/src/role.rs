use std::fmt;

use crate::Color;

/// The kind of a piece. Values and moves are in RULES.md §2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Role {
    /// One step forward, diagonally forward or sideways. Value 1.
    Panthan = 0,
    /// Exactly two orthogonal steps. Value 2.
    Warrior = 1,
    /// Exactly two diagonal steps. Value 2.
    Padwar = 2,
    /// One orthogonal and one diagonal step, in either order. Value 2.
    Thoat = 3,
    /// Exactly three orthogonal steps. Value 3.
    Dwar = 4,
    /// Exactly three diagonal steps, jumping. Value 3.
    Flier = 5,
    /// Exactly three steps in any direction. Value 10.
    Chief = 6,
    /// As the Chief, jumping, never capturing; one escape per game. Value 1.
    Princess = 7,
    /// Manator variant: moves as the Flier. Value 5.
    Odwar = 8,
}

impl Role {
    /// Every role, in the order of their discriminants.
    pub const ALL: [Role; 9] = [
        Role::Panthan,
        Role::Warrior,
        Role::Padwar,
        Role::Thoat,
        Role::Dwar,
        Role::Flier,
        Role::Chief,
        Role::Princess,
        Role::Odwar,
    ];

    /// The piece's value: the feathers or jewels it is shown with (RULES.md §2).
    ///
    /// ```
    /// use jetan_rules::Role;
    /// assert_eq!(Role::Chief.value(), 10);
    /// assert_eq!(Role::Flier.value(), 3);
    /// ```
    pub const fn value(self) -> u32 {
        match self {
            Role::Panthan | Role::Princess => 1,
            Role::Warrior | Role::Padwar | Role::Thoat => 2,
            Role::Dwar | Role::Flier => 3,
            Role::Odwar => 5,
            Role::Chief => 10,
        }
    }

    /// The upper-case letter of position strings and move text (`N` for the Panthan,
    /// `A` for the Padwar).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Panthan => 'N',
            Role::Warrior => 'W',
            Role::Padwar => 'A',
            Role::Thoat => 'T',
            Role::Dwar => 'D',
            Role::Flier => 'F',
            Role::Chief => 'C',
            Role::Princess => 'P',
            Role::Odwar => 'O',
        }
    }

    /// The role of a letter, in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'N' => Role::Panthan,
            'W' => Role::Warrior,
            'A' => Role::Padwar,
            'T' => Role::Thoat,
            'D' => Role::Dwar,
            'F' => Role::Flier,
            'C' => Role::Chief,
            'P' => Role::Princess,
            'O' => Role::Odwar,
            _ => return None,
        })
    }

    /// The English name: `"Panthan"`, `"Warrior"`, …
    pub const fn name(self) -> &'static str {
        match self {
            Role::Panthan => "Panthan",
            Role::Warrior => "Warrior",
            Role::Padwar => "Padwar",
            Role::Thoat => "Thoat",
            Role::Dwar => "Dwar",
            Role::Flier => "Flier",
            Role::Chief => "Chief",
            Role::Princess => "Princess",
            Role::Odwar => "Odwar",
        }
    }

    /// What the piece is shown with, as the rule book says (for pictures and help).
    pub const fn emblem(self) -> &'static str {
        match self {
            Role::Panthan => "1 feather",
            Role::Warrior => "2 feathers",
            Role::Padwar => "2 feathers",
            Role::Thoat => "a mounted warrior with 2 feathers",
            Role::Dwar => "3 feathers",
            Role::Flier => "a three-bladed propeller",
            Role::Chief => "a diadem with ten jewels",
            Role::Princess => "a diadem with one jewel",
            Role::Odwar => "5 feathers",
        }
    }

    /// How the piece moves, in a sentence a player understands.
    pub const fn movement(self) -> &'static str {
        match self {
            Role::Panthan => "one step forward, diagonally forward or sideways",
            Role::Warrior => "exactly two orthogonal steps, not jumping",
            Role::Padwar => "exactly two diagonal steps, not jumping",
            Role::Thoat => "one orthogonal and one diagonal step in either order, not jumping",
            Role::Dwar => "exactly three orthogonal steps, not jumping",
            Role::Flier => "exactly three diagonal steps, jumping",
            Role::Chief => "exactly three steps in any directions, not jumping",
            Role::Princess => {
                "exactly three steps in any directions, jumping; never captures, never onto a \
                 threatened square; once per game she may escape to any safe empty square"
            }
            Role::Odwar => "exactly three diagonal steps, jumping (Manator)",
        }
    }

    /// Whether the piece ignores what stands between its start and end squares.
    pub const fn jumps(self) -> bool {
        matches!(self, Role::Flier | Role::Princess | Role::Odwar)
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

/// A piece: a role of one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The letter in position strings: upper case for Black, lower case for Orange.
    pub const fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::Black => c,
            Color::Orange => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a position-string letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::Orange
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// "Black Panthan", "Orange Chief".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
