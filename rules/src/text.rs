//! Move text (RULES.md §9): `e2e3`, `e2-e3`, `b1xd3`, `Ab1-d3`.

use std::fmt;
use std::str::FromStr;

use crate::{IllegalMove, Move, Position, Role, Square};

/// Move text as a player wrote it, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The piece letter, if given.
    pub role: Option<Role>,
    /// The start square.
    pub from: Square,
    /// The end square.
    pub to: Square,
}

/// Why a text is not move text. A syntax error, distinct from [`IllegalMove`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a move: {reason} (write it like e2-e3, b1xd3 or Ab1-d3)")]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    /// ```
    /// use jetan_rules::MoveText;
    /// let m: MoveText = "Ab1-d3".parse().unwrap();
    /// assert_eq!(m.to_string(), "Ab1-d3");
    /// assert!("k4-k5".parse::<MoveText>().unwrap_err().to_string().contains("`k4` is not a square"));
    /// ```
    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let text = s.trim();
        let err = |reason: String| ParseMoveError {
            text: text.to_string(),
            reason,
        };
        if text.is_empty() {
            return Err(err("it is empty".into()));
        }
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut role = None;
        if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1].is_ascii_alphabetic() {
            let c = bytes[0] as char;
            role = Some(
                Role::from_char(c).ok_or_else(|| err(format!("`{c}` is not a piece letter")))?,
            );
            i = 1;
        }
        let square_at = |i: usize| -> Result<(Square, usize), ParseMoveError> {
            match Square::parse_prefix(&bytes[i..]) {
                Some((sq, n)) if !bytes.get(i + n).is_some_and(u8::is_ascii_digit) => Ok((sq, n)),
                _ => {
                    // Name the word that is not a square, as far as it looks like one.
                    let word: String = text[i..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric())
                        .take(4)
                        .collect();
                    let word = if word.is_empty() {
                        text[i..].chars().take(1).collect()
                    } else {
                        word
                    };
                    Err(err(format!("`{word}` is not a square")))
                }
            }
        };
        let (from, n) = square_at(i)?;
        i += n;
        if let Some(b'-' | b'x' | b'X') = bytes.get(i) {
            i += 1;
        }
        if i >= bytes.len() {
            return Err(err("the end square is missing".into()));
        }
        let (to, n) = square_at(i)?;
        i += n;
        if i != bytes.len() {
            return Err(err(format!(
                "unexpected `{}` after the end square",
                &text[i..]
            )));
        }
        Ok(MoveText { role, from, to })
    }
}

impl MoveText {
    /// The legal move this text names in `pos`.
    ///
    /// # Errors
    /// Why the move is illegal there.
    pub fn resolve(&self, pos: &Position) -> Result<Move, IllegalMove> {
        if let (Some(named), Some(actual)) = (self.role, pos.board().piece_at(self.from)) {
            if named != actual.role && actual.color == pos.turn() {
                return Err(IllegalMove::WrongPiece {
                    square: self.from,
                    named,
                    actual: actual.role,
                });
            }
        }
        pos.find_move(self.from, self.to)
    }
}

impl From<Move> for MoveText {
    fn from(m: Move) -> MoveText {
        MoveText {
            role: Some(m.role),
            from: m.from,
            to: m.to,
        }
    }
}

impl From<&Move> for MoveText {
    fn from(m: &Move) -> MoveText {
        MoveText::from(*m)
    }
}

impl From<&MoveText> for MoveText {
    fn from(m: &MoveText) -> MoveText {
        *m
    }
}

impl From<(Square, Square)> for MoveText {
    /// A move given by its start and end squares, without a piece letter.
    fn from((from, to): (Square, Square)) -> MoveText {
        MoveText {
            role: None,
            from,
            to,
        }
    }
}

impl fmt::Display for MoveText {
    /// `e2-e3`, or `Ab1-d3` with the piece letter if one was given.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::mv::write_move(f, self.role, self.from, false, self.to)
    }
}
