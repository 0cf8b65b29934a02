//! Position strings (RULES.md §9).

use std::fmt;
use std::str::FromStr;

use crate::{
    Board, ByColor, Color, InvalidSetup, Piece, Position, Setup, Square, Topology, Variant,
};

/// The fields of a position string, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// 1: the board.
    Board,
    /// 2: the side to move.
    Turn,
    /// 3: the escapes still available.
    Escapes,
    /// 4: the ten-move countdown.
    Countdown,
    /// 5: the number of moves played.
    Ply,
    /// 6 (optional): `circular` for the circular board (RULES.md §11).
    Topology,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Board => "field 1 (board)",
            Field::Turn => "field 2 (side to move)",
            Field::Escapes => "field 3 (escapes)",
            Field::Countdown => "field 4 (countdown)",
            Field::Ply => "field 5 (moves played)",
            Field::Topology => "field 6 (board shape)",
        })
    }
}

/// Why a text is not a position string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text does not follow the syntax of §9.
    #[error("{field}{}, column {column}: {message}", .rank.map(|r| format!(", rank {r}")).unwrap_or_default())]
    Syntax {
        /// Which field is wrong.
        field: Field,
        /// For the board: the rank (1–10) being read.
        rank: Option<u8>,
        /// Where, counted in characters from 1 at the start of the text.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The syntax is right but the position is not (no Chief, countdown 11, …).
    #[error(transparent)]
    Invalid(#[from] InvalidSetup),
}

fn syntax(
    field: Field,
    rank: Option<u8>,
    column: usize,
    message: impl Into<String>,
) -> ParsePositionError {
    ParsePositionError::Syntax {
        field,
        rank,
        column,
        message: message.into(),
    }
}

impl Setup {
    /// Reads a position string into an unchecked setup: five fields for the flat board,
    /// six (the last `circular`) for the circular one.
    ///
    /// # Errors
    /// Says which field, rank and column is wrong and why. Never panics.
    pub fn from_position_str(text: &str) -> Result<Setup, ParsePositionError> {
        // Byte offsets are character offsets as long as everything before is ASCII; fields
        // that hold anything else are refused, so columns stay right.
        let mut fields = Vec::with_capacity(6);
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if c == ' ' {
                fields.push((start, &text[start..i]));
                start = i + 1;
            }
        }
        fields.push((start, &text[start..]));
        let col = |byte: usize| text[..byte].chars().count() + 1;
        let names = [
            Field::Board,
            Field::Turn,
            Field::Escapes,
            Field::Countdown,
            Field::Ply,
            Field::Topology,
        ];
        for (i, &(at, f)) in fields.iter().enumerate() {
            if f.is_empty() {
                let field = names.get(i).copied().unwrap_or(Field::Topology);
                return Err(syntax(
                    field,
                    None,
                    col(at),
                    "empty field (fields are separated by exactly one space)",
                ));
            }
        }
        if !(5..=6).contains(&fields.len()) {
            let (at, _) = fields[fields.len().min(6) - 1];
            let field = names[fields.len().min(6) - 1];
            return Err(syntax(
                field,
                None,
                col(at),
                format!(
                    "expected 5 fields separated by spaces (6 on the circular board), found {}",
                    fields.len()
                ),
            ));
        }
        let topology = match fields.get(5) {
            None => Topology::Flat,
            Some(&(_, "circular")) => Topology::Circular,
            Some(&(at, t)) => {
                return Err(syntax(
                    Field::Topology,
                    None,
                    col(at),
                    format!(
                        "`{t}` is not a board shape: write circular, or nothing for the flat board"
                    ),
                ))
            }
        };

        let (at, board_text) = fields[0];
        let board = parse_board(board_text, |byte| col(at + byte))?;

        let (at, t) = fields[1];
        let turn = match t {
            "b" => Color::Black,
            "o" => Color::Orange,
            _ => {
                return Err(syntax(
                    Field::Turn,
                    None,
                    col(at),
                    format!("`{t}` is not a side: write b or o"),
                ))
            }
        };

        let (at, e) = fields[2];
        let escapes = match e {
            "Bo" => (true, true),
            "B" => (true, false),
            "o" => (false, true),
            "-" => (false, false),
            _ => {
                return Err(syntax(
                    Field::Escapes,
                    None,
                    col(at),
                    format!("`{e}` is not an escape field: write Bo, B, o or -"),
                ))
            }
        };

        let (at, c) = fields[3];
        let countdown = if c == "-" {
            None
        } else {
            match parse_number(c) {
                Some(n) if (1..=10).contains(&n) => Some(n as u8),
                _ => {
                    return Err(syntax(
                        Field::Countdown,
                        None,
                        col(at),
                        format!("`{c}` is not a countdown: write - or a number from 1 to 10"),
                    ))
                }
            }
        };

        let (at, p) = fields[4];
        let ply = parse_number(p).ok_or_else(|| {
            syntax(
                Field::Ply,
                None,
                col(at),
                format!("`{p}` is not a move count: write a whole number"),
            )
        })?;

        Ok(Setup {
            board,
            turn,
            escapes: ByColor {
                black: escapes.0,
                orange: escapes.1,
            },
            countdown,
            ply,
            topology,
        })
    }
}

/// A decimal number without sign or leading zeros (but `0` itself).
fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    s.parse().ok()
}

fn parse_board(text: &str, col: impl Fn(usize) -> usize) -> Result<Board, ParsePositionError> {
    let mut board = Board::empty();
    let mut rank: u8 = 9; // rank 10 first
    let mut file: u8 = 0;
    let mut last_was_number = false;
    let bytes = text.as_bytes();
    let mut i = 0;
    let shown = |rank: u8| Some(rank + 1);
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'/' => {
                if file != 10 {
                    return Err(syntax(
                        Field::Board,
                        shown(rank),
                        col(i),
                        format!("rank {} has {file} squares, it needs 10", rank + 1),
                    ));
                }
                if rank == 0 {
                    return Err(syntax(
                        Field::Board,
                        shown(rank),
                        col(i),
                        "more than 10 ranks",
                    ));
                }
                rank -= 1;
                file = 0;
                last_was_number = false;
                i += 1;
            }
            b'1'..=b'9' => {
                let (n, len) = if b == b'1' && bytes.get(i + 1) == Some(&b'0') {
                    (10, 2)
                } else {
                    (b - b'0', 1)
                };
                if last_was_number {
                    return Err(syntax(
                        Field::Board,
                        shown(rank),
                        col(i),
                        "two numbers in a row: write a run of empty squares as one number",
                    ));
                }
                if file + n > 10 {
                    return Err(syntax(
                        Field::Board,
                        shown(rank),
                        col(i),
                        format!("rank {} has more than 10 squares", rank + 1),
                    ));
                }
                file += n;
                last_was_number = true;
                i += len;
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or('?');
                let Some(piece) = Piece::from_char(c).filter(|_| c.is_ascii_alphabetic()) else {
                    return Err(syntax(
                        Field::Board,
                        shown(rank),
                        col(i),
                        format!("`{c}` is not a piece letter (N W A T D F C P O, lower case for Orange) nor a number"),
                    ));
                };
                if file >= 10 {
                    return Err(syntax(
                        Field::Board,
                        shown(rank),
                        col(i),
                        format!("rank {} has more than 10 squares", rank + 1),
                    ));
                }
                let sq = Square::new(file, rank).expect("file and rank below 10");
                board.set(sq, piece);
                file += 1;
                last_was_number = false;
                i += c.len_utf8();
            }
        }
    }
    if file != 10 {
        return Err(syntax(
            Field::Board,
            shown(rank),
            col(bytes.len()),
            format!("rank {} has {file} squares, it needs 10", rank + 1),
        ));
    }
    if rank != 0 {
        return Err(syntax(
            Field::Board,
            shown(rank),
            col(bytes.len()),
            format!("the board has {} ranks, it needs 10", 10 - rank),
        ));
    }
    Ok(board)
}

impl fmt::Display for Setup {
    /// The position string of §9 (with the sixth field `circular` on the circular board).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..10u8 {
                let sq = Square::new(file, rank).expect("on board");
                match self.board.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
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
        let escapes = match (self.escapes.black, self.escapes.orange) {
            (true, true) => "Bo",
            (true, false) => "B",
            (false, true) => "o",
            (false, false) => "-",
        };
        write!(f, " {} {escapes} ", self.turn.char())?;
        match self.countdown {
            Some(n) => write!(f, "{n}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {}", self.ply)?;
        if self.topology.is_circular() {
            write!(f, " {}", self.topology)?;
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// The position string of §9.
    ///
    /// ```
    /// use jetan_rules::Position;
    /// let start = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0";
    /// assert_eq!(Position::start().to_string(), start);
    /// assert_eq!(start.parse::<Position>().unwrap(), Position::start());
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl Position {
    /// The names of the start positions that [`Position::named`] knows, with their variant
    /// and board shape.
    pub const START_NAMES: [(&'static str, Variant, Topology); 4] = [
        ("start", Variant::Classic, Topology::Flat),
        ("manator-start", Variant::Manator, Topology::Flat),
        ("circular-start", Variant::Classic, Topology::Circular),
        (
            "manator-circular-start",
            Variant::Manator,
            Topology::Circular,
        ),
    ];

    /// A start position by name: `start`, `manator-start`, `circular-start`,
    /// `manator-circular-start` (see [`START_NAMES`](Position::START_NAMES)).
    pub fn named(name: &str) -> Option<Position> {
        Position::START_NAMES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, variant, topology)| Position::start_on(variant, topology))
    }

    /// Reads what a command line or a test gives: a start position's name (see
    /// [`named`](Position::named)) or a position string (as [`FromStr`]).
    ///
    /// # Errors
    /// As [`FromStr`]: a syntax error with its place, or every reason the position is
    /// invalid.
    ///
    /// ```
    /// use jetan_rules::{Position, Topology};
    /// let pos = Position::from_name_or_str("circular-start").unwrap();
    /// assert_eq!(pos.topology(), Topology::Circular);
    /// assert_eq!(Position::from_name_or_str(&pos.to_string()).unwrap(), pos);
    /// ```
    pub fn from_name_or_str(text: &str) -> Result<Position, ParsePositionError> {
        let text = text.trim();
        match Position::named(text) {
            Some(pos) => Ok(pos),
            None => text.parse(),
        }
    }

    /// Reads a position string of a known variant.
    ///
    /// # Errors
    /// A syntax error with its place, or every reason the position is invalid.
    pub fn from_position_str(text: &str, variant: Variant) -> Result<Position, ParsePositionError> {
        let setup = Setup::from_position_str(text)?;
        Ok(Position::from_setup(setup, variant)?)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string; the variant is Manator if an Odwar stands on the board.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let setup = Setup::from_position_str(text)?;
        let variant = setup.guess_variant();
        Ok(Position::from_setup(setup, variant)?)
    }
}
