use std::fmt;
use std::ops::Deref;

use crate::{Role, Square};

/// A legal move as the generator made it: where from, where to, which piece, what stands
/// on the end square, and whether it is the Princess's escape.
///
/// A move is identified by its start and end squares (RULES.md §3.5); the other fields
/// describe it. Get one from [`Position::legal_moves`](crate::Position::legal_moves) or
/// [`Position::find_move`](crate::Position::find_move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The start square.
    pub from: Square,
    /// The end square.
    pub to: Square,
    /// The piece that moves.
    pub role: Role,
    /// The enemy piece on the end square, if any (in Manator, the defender of a duel).
    pub capture: Option<Role>,
    /// Whether this is the Princess's once-per-game escape.
    pub escape: bool,
}

impl Move {
    /// Whether the move ends on an enemy piece.
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether this is the Princess's escape.
    pub const fn is_escape(&self) -> bool {
        self.escape
    }

    /// Long move text with the piece letter and `x` for a capture: `Ab1xd3`, `Ne2-e3`.
    /// A thin alias of the alternate form of [`Display`](fmt::Display), `format!("{m:#}")`,
    /// kept for callers that want a `String`.
    pub fn notation(&self) -> String {
        format!("{self:#}")
    }
}

impl fmt::Display for Move {
    /// The one move formatter of the crate (RULES.md §9):
    /// - `{}`: start and end square, `e2-e3` — what identifies a move, and what
    ///   [`MoveText`](crate::MoveText) reads back;
    /// - `{:#}`: long text, with the piece letter and `x` for a capture, `Ab1xd3`,
    ///   `Ne2-e3` (in Manator the capture is the duel's attack).
    ///
    /// ```
    /// use jetan_rules::Position;
    /// let pos = Position::start();
    /// let m = pos.find_move("e2".parse().unwrap(), "e3".parse().unwrap()).unwrap();
    /// assert_eq!(m.to_string(), "e2-e3");
    /// assert_eq!(format!("{m:#}"), "Ne2-e3");
    /// assert_eq!(m.notation(), "Ne2-e3");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write_move(f, Some(self.role), self.from, self.is_capture(), self.to)
        } else {
            write_move(f, None, self.from, false, self.to)
        }
    }
}

/// Writes move text: the piece letter if given, the start square, `x` for a capture or
/// `-`, the end square. Shared by [`Move`] and [`MoveText`](crate::MoveText).
pub(crate) fn write_move(
    f: &mut fmt::Formatter<'_>,
    role: Option<Role>,
    from: Square,
    capture: bool,
    to: Square,
) -> fmt::Result {
    if let Some(r) = role {
        write!(f, "{}", r.upper_char())?;
    }
    let sep = if capture { 'x' } else { '-' };
    write!(f, "{from}{sep}{to}")
}

/// The most moves a position can have, with room to spare: the capacity of a [`MoveList`].
///
/// The bound is proven, not guessed: a valid position ([`Setup::problems`](crate::Setup::problems))
/// has at most a side's starting material, so the side to move has at most 8 Panthans
/// (5 moves each), 2 Warriors (8), 2 Padwars (8), 2 Thoats (12), 2 Dwars (16), 2 Fliers or
/// Odwars (16) and a Chief (48) — 208 moves, on either board shape, since a ring of ten
/// files is wider than any piece's reach — and a Princess, whose ordinary moves and escapes
/// end on distinct empty squares: at most 100 − 22 = 78 with all 20 own pieces and the
/// two enemy royals on the board. Every piece fewer costs at least four moves and frees
/// one square, so 286 is the most; a test recomputes this from the move tables.
///
/// Rule options (RULES.md §12) widen some pieces: at most 24 moves for a Warrior or Padwar
/// (`mixed`), 48 for a Dwar, Flier or Odwar (`mixed`), so 478 at most, still within the
/// capacity; the same test recomputes it over every option.
pub const MAX_MOVES: usize = 512;

/// A list of moves on the stack: move generation allocates nothing.
///
/// A fixed array rather than `arrayvec::ArrayVec` (which would add a dependency for the
/// same thing): [`MAX_MOVES`] is a proven bound, so `push` cannot overflow.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

const FILLER: Move = Move {
    from: Square::A1,
    to: Square::A1,
    role: Role::Panthan,
    capture: None,
    escape: false,
};

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [FILLER; MAX_MOVES],
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES, "MAX_MOVES is a proven bound");
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Sorts the moves by start square, then end square.
    pub fn sort(&mut self) {
        self.moves[..self.len].sort_unstable_by_key(|m| (m.from, m.to));
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
