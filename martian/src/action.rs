use std::fmt;
use std::str::FromStr;

use crate::{Card, Role, Square};

/// One action of MARTIAN_CHESS.md §2 and §4, as a player writes it (§7).
///
/// | text | action |
/// |---|---|
/// | `e2-e4`, `e2e4`, `d4xe5`, `e1-g1` | [`Action::Move`] (an attack when the target holds an enemy piece; castling when a King steps two files) |
/// | `e7-e8=N`, `e7e8n` | [`Action::Move`] with a promotion (a bare `e7-e8` promotes to a Queen) |
/// | `N@f3` | [`Action::Drop`] (paradrop) |
/// | `exchange N` | [`Action::Exchange`] |
/// | `discard 7H` | [`Action::Discard`] |
/// | `play AS` (or just `AS`) | [`Action::Play`], a battle card |
/// | `end` | [`Action::End`] |
///
/// Printing writes the canonical form (`e2-e4`, `d4-e5`, `play AS`): the square decides
/// whether a move is an attack, so the text does not record it, and `d4xe5` reads back as
/// `d4-e5`. [`State::notate`](crate::State::notate) writes `x` for attacks.
///
/// ```
/// use martian_chess::Action;
/// for text in ["e2-e4", "e7-e8=N", "N@f3", "exchange N", "discard 7H", "play AS", "end"] {
///     assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
/// }
/// assert_eq!("d4xe5".parse::<Action>().unwrap().to_string(), "d4-e5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move (or attack with, or castle) the piece on `from` to `to`.
    Move {
        /// Where the piece stands.
        from: Square,
        /// Where it goes (or what it attacks).
        to: Square,
        /// The kind a pawn reaching the last rank becomes; `None` means a Queen there and
        /// nothing elsewhere.
        promotion: Option<Role>,
    },
    /// Paradrop a piece of this kind from the reserve onto an empty square.
    Drop {
        /// The kind.
        role: Role,
        /// The square.
        to: Square,
    },
    /// Give back one prisoner of this kind for one of the same kind.
    Exchange(Role),
    /// Discard this card and draw one.
    Discard(Card),
    /// Play this card in the battle in progress.
    Play(Card),
    /// End the turn.
    End,
}

/// Why a text is not an action (a syntax error; whether it is legal is another question).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Nothing was written.
    #[error("write an action, like e2-e4, N@f3, exchange N, discard 7H, play AS or end")]
    Empty,
    /// The text is not any action.
    #[error("`{0}` is not an action (try e2-e4, N@f3, exchange N, discard 7H, play AS or end)")]
    Unknown(String),
    /// A square is wrong.
    #[error("`{0}` is not a square (squares go from a1 to h8)")]
    Square(String),
    /// A piece letter is wrong.
    #[error("`{0}` is not a piece letter (K Q R B N P)")]
    Piece(String),
    /// A card is wrong.
    #[error("`{0}` is not a card (write rank then suit, like AS, TH, 7D or 2C)")]
    Card(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}-{to}")?;
                if let Some(r) = promotion {
                    write!(f, "={}", r.char())?;
                }
                Ok(())
            }
            Action::Drop { role, to } => write!(f, "{}@{to}", role.char()),
            Action::Exchange(r) => write!(f, "exchange {}", r.char()),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::End => f.write_str("end"),
        }
    }
}

fn role(s: &str) -> Result<Role, ParseActionError> {
    let mut it = s.chars();
    match (it.next().and_then(Role::from_char), it.next()) {
        (Some(r), None) => Ok(r),
        _ => Err(ParseActionError::Piece(s.to_owned())),
    }
}

fn card(s: &str) -> Result<Card, ParseActionError> {
    s.parse().map_err(|_| ParseActionError::Card(s.to_owned()))
}

fn square(s: &str) -> Result<Square, ParseActionError> {
    s.parse()
        .map_err(|_| ParseActionError::Square(s.to_owned()))
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ParseActionError::Empty);
        }
        let lower = t.to_ascii_lowercase();
        let mut words = t.split_whitespace();
        let first = words.next().unwrap_or_default().to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        match (first.as_str(), rest.as_slice()) {
            ("end", []) => return Ok(Action::End),
            ("exchange", [r]) => return Ok(Action::Exchange(role(r)?)),
            ("discard", [c]) => return Ok(Action::Discard(card(c)?)),
            ("play", [c]) => return Ok(Action::Play(card(c)?)),
            ("end" | "exchange" | "discard" | "play", _) => {
                return Err(ParseActionError::Unknown(t.to_owned()))
            }
            _ if !rest.is_empty() => return Err(ParseActionError::Unknown(t.to_owned())),
            _ => {}
        }
        if let Some((r, s)) = t.split_once('@') {
            return Ok(Action::Drop {
                role: role(r)?,
                to: square(s)?,
            });
        }
        if t.len() == 2 || (t.len() == 3 && t.starts_with("10")) {
            if let Ok(c) = t.parse::<Card>() {
                return Ok(Action::Play(c));
            }
        }
        // A move: from, optional separator, to, optional promotion.
        let b = lower.as_bytes();
        if !lower.is_ascii()
            || lower.len() < 4
            || !b[0].is_ascii_alphabetic()
            || !b[1].is_ascii_digit()
        {
            return Err(ParseActionError::Unknown(t.to_owned()));
        }
        let from = square(&lower[0..2])?;
        let mut rest = &lower[2..];
        if let Some(r) = rest.strip_prefix(['-', 'x', ':']) {
            rest = r;
        }
        if rest.len() < 2 {
            return Err(ParseActionError::Unknown(t.to_owned()));
        }
        let to = square(&rest[0..2])?;
        let promo = rest[2..].trim_start_matches('=');
        let promotion = match promo {
            "" => None,
            p => Some(role(p)?),
        };
        Ok(Action::Move {
            from,
            to,
            promotion,
        })
    }
}
