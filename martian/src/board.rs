use std::fmt;

use crate::{Color, Piece, Role, Square};

/// Where the pieces stand. No rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// No pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 64],
        }
    }

    /// The chess start position.
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for color in Color::ALL {
            for (file, &role) in back.iter().enumerate() {
                let f = file as u8;
                b.set(sq(f, color.back_rank()), Some(Piece::new(color, role)));
                b.set(
                    sq(f, color.pawn_rank()),
                    Some(Piece::new(color, Role::Pawn)),
                );
            }
        }
        b
    }

    /// The piece on a square.
    pub fn get(&self, s: Square) -> Option<Piece> {
        self.squares[s.index()]
    }

    /// Puts a piece on (or clears) a square.
    pub fn set(&mut self, s: Square, p: Option<Piece>) {
        self.squares[s.index()] = p;
    }

    /// Removes and returns the piece on a square.
    pub fn take(&mut self, s: Square) -> Option<Piece> {
        self.squares[s.index()].take()
    }

    /// Every occupied square with its piece, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |s| self.get(s).map(|p| (s, p)))
    }

    /// Where a side's King stands.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces()
            .find(|(_, p)| p.color == color && p.role == Role::King)
            .map(|(s, _)| s)
    }

    /// Parses the board field of a state string (`~` after a letter marks a promoted pawn).
    pub(crate) fn parse(s: &str) -> Option<Board> {
        let mut b = Board::empty();
        let ranks: Vec<&str> = s.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return None;
                    }
                    file += d as u8;
                } else {
                    let role = Role::from_char(c)?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let promoted = chars.peek() == Some(&'~');
                    if promoted {
                        chars.next();
                        if matches!(role, Role::Pawn | Role::King) {
                            return None;
                        }
                    }
                    let s = Square::new(file, rank)?;
                    b.set(
                        s,
                        Some(Piece {
                            color,
                            role,
                            promoted,
                        }),
                    );
                    file += 1;
                }
                if file > 8 {
                    return None;
                }
            }
            if file != 8 {
                return None;
            }
        }
        Some(b)
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("on the board")
}

/// FEN piece placement, rank 8 first; a promoted piece is followed by `~`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.get(sq(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                        if p.promoted {
                            f.write_str("~")?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}
