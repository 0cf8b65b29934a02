//! The state string: `Display` and `FromStr` for [`State`], with the validation boundary.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::card::{read_cards, write_cards};
use crate::square::squares;
use crate::table::Table;
use crate::{
    Battle, Board, ByColor, Card, Castling, CastlingSide, Color, Outcome, Pool, Role, Square,
    State, Stream, HAND_SIZE,
};

/// A field of the state string, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// 1. Piece placement, FEN-like (`~` marks a promoted pawn).
    Board,
    /// 2. Side to move: `w` or `b`.
    Side,
    /// 3. Die and actions left: `5/3`.
    Actions,
    /// 4. Squares of pieces moved this turn: `e4,g1` or `-`.
    Moved,
    /// 5. Squares of pieces dropped this turn: `f3` or `-`.
    Dropped,
    /// 6. Castling rights: `KQkq` or `-`.
    Castling,
    /// 7. Quiet turns in a row; `+` if this turn had an attack, pawn move or paradrop.
    Quiet,
    /// 8. Prisons, White's then Black's: `pn/Q`.
    Prisons,
    /// 9. Reserves, White's then Black's: `N/pp`.
    Reserves,
    /// 10. Hands, White's then Black's: cards back to back.
    Hands,
    /// 11. Deck, bottom card first (the last is drawn next).
    Deck,
    /// 12. Discard pile, bottom card first.
    Discard,
    /// 13. Battle in progress: `d4xe5:AS3S` or `-`.
    Battle,
    /// 14. Random stream: `seed:draws`.
    Stream,
    /// 15. Outcome: `*`, `1-0:king`, `0-1:king-attack`, `1/2:fifty`.
    Outcome,
}

const FIELDS: [Field; 15] = [
    Field::Board,
    Field::Side,
    Field::Actions,
    Field::Moved,
    Field::Dropped,
    Field::Castling,
    Field::Quiet,
    Field::Prisons,
    Field::Reserves,
    Field::Hands,
    Field::Deck,
    Field::Discard,
    Field::Battle,
    Field::Stream,
    Field::Outcome,
];

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Field::Board => "board",
            Field::Side => "side to move",
            Field::Actions => "die and actions left",
            Field::Moved => "pieces moved this turn",
            Field::Dropped => "pieces dropped this turn",
            Field::Castling => "castling rights",
            Field::Quiet => "quiet-turn counter",
            Field::Prisons => "prisons",
            Field::Reserves => "reserves",
            Field::Hands => "hands",
            Field::Deck => "deck",
            Field::Discard => "discard pile",
            Field::Battle => "battle",
            Field::Stream => "random stream",
            Field::Outcome => "outcome",
        };
        f.write_str(s)
    }
}

/// Why a text is not a state string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseStateError {
    /// Not 15 space-separated fields.
    #[error("a state string has 15 fields separated by spaces, not {0}")]
    FieldCount(usize),
    /// A field does not read.
    #[error("the {field} field `{text}` does not read")]
    Field {
        /// Which field.
        field: Field,
        /// Its text.
        text: String,
    },
    /// The fields read but do not make a valid state.
    #[error(transparent)]
    Invalid(#[from] InvalidState),
}

/// A reason a state is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateProblem {
    /// A card is nowhere.
    #[error("the {0} is missing")]
    CardMissing(Card),
    /// A card is in two places.
    #[error("the {0} is there more than once")]
    CardRepeated(Card),
    /// A hand has the wrong size.
    #[error("{color}'s hand holds {found} cards, not {expected}")]
    HandSize {
        /// Whose.
        color: Color,
        /// Required (13 minus the cards on the table in a battle).
        expected: usize,
        /// Found.
        found: usize,
    },
    /// A side has no King or several while the game goes on.
    #[error("{color} has {found} Kings")]
    KingCount {
        /// Whose.
        color: Color,
        /// How many.
        found: usize,
    },
    /// A pawn on rank 1 or 8.
    #[error("a pawn stands on {0}")]
    PawnOnBackRank(Square),
    /// Die outside 1–6, or more actions left than rolled.
    #[error("die {die} with {left} actions left is impossible")]
    Actions {
        /// The die.
        die: u8,
        /// Actions left.
        left: u8,
    },
    /// A castling right without its King and Rook at home.
    #[error("{color} keeps a castling right without the King and Rook at home")]
    Castling {
        /// Whose.
        color: Color,
        /// Which side.
        side: CastlingSide,
    },
    /// A moved or dropped square without a piece of the side to move.
    #[error("{0} is marked as moved or dropped but holds no piece of the side to move")]
    MarkedSquare(Square),
    /// The battle squares do not hold attacker and defender.
    #[error("the battle needs the attacker's piece on its first square and the defender's on its second")]
    BattleSquares,
    /// The battle has four or more cards (it would have ended).
    #[error("a battle in progress has at most three cards on the table")]
    BattleCards,
    /// A battle card does not follow suit while its player had to (not checked: history).
    #[error("the game is over but a battle is in progress")]
    BattleAfterEnd,
}

/// Every reason a state string's content is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid state: {}", .problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct InvalidState {
    /// The reasons, at least one.
    pub problems: Vec<StateProblem>,
}

fn write_squares(f: &mut impl fmt::Write, mask: u64) -> fmt::Result {
    if mask == 0 {
        return f.write_char('-');
    }
    let v: Vec<String> = squares(mask).map(|s| s.to_string()).collect();
    f.write_str(&v.join(","))
}

fn write_battle(f: &mut impl fmt::Write, b: &Option<Battle>) -> fmt::Result {
    match b {
        None => f.write_char('-'),
        Some(b) => {
            write!(f, "{}x{}", b.from, b.to)?;
            if let Some(r) = b.promotion {
                write!(f, "={}", r.char())?;
            }
            if !b.cards.is_empty() {
                f.write_char(':')?;
                write_cards(f, &b.cards)?;
            }
            Ok(())
        }
    }
}

/// Writes fields 1–9 (shared with public views).
pub(crate) fn write_public_head(f: &mut impl fmt::Write, t: &Table) -> fmt::Result {
    write!(f, "{} {} {}/{} ", t.board, t.turn.char(), t.die, t.left)?;
    write_squares(f, t.moved)?;
    f.write_char(' ')?;
    write_squares(f, t.dropped)?;
    write!(f, " {} {}", t.castling, t.quiet)?;
    if t.eventful {
        f.write_char('+')?;
    }
    f.write_char(' ')?;
    t.prisons.white.write_cased(f, false)?;
    f.write_char('/')?;
    t.prisons.black.write_cased(f, true)?;
    f.write_char(' ')?;
    t.reserves.white.write_cased(f, true)?;
    f.write_char('/')?;
    t.reserves.black.write_cased(f, false)
}

pub(crate) fn write_discard_battle(f: &mut impl fmt::Write, t: &Table) -> fmt::Result {
    write_cards(f, &t.discard)?;
    f.write_char(' ')?;
    write_battle(f, &t.battle)
}

pub(crate) fn outcome_code(o: Option<Outcome>) -> String {
    o.map_or_else(|| "*".to_owned(), |o| o.code())
}

/// The state string: 15 fields separated by spaces (see the crate documentation).
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_public_head(f, &self.table)?;
        f.write_char(' ')?;
        write_cards(f, &self.hands.white)?;
        f.write_char('/')?;
        write_cards(f, &self.hands.black)?;
        f.write_char(' ')?;
        write_cards(f, &self.deck)?;
        f.write_char(' ')?;
        write_discard_battle(f, &self.table)?;
        write!(
            f,
            " {}:{} {}",
            self.rng.seed(),
            self.rng.draws(),
            outcome_code(self.table.outcome)
        )
    }
}

fn parse_squares(s: &str) -> Option<u64> {
    if s == "-" {
        return Some(0);
    }
    let mut m = 0;
    for part in s.split(',') {
        m |= part.parse::<Square>().ok()?.bit();
    }
    Some(m)
}

fn pair(s: &str) -> Option<(&str, &str)> {
    s.split_once('/')
}

fn parse_battle(s: &str) -> Option<Option<Battle>> {
    if s == "-" {
        return Some(None);
    }
    let (head, cards) = match s.split_once(':') {
        Some((h, c)) => (h, read_cards(c)?),
        None => (s, Vec::new()),
    };
    let (squares, promotion) = match head.split_once('=') {
        Some((sq, r)) => {
            let mut it = r.chars();
            let role = Role::from_char(it.next()?)?;
            if it.next().is_some() {
                return None;
            }
            (sq, Some(role))
        }
        None => (head, None),
    };
    let (from, to) = squares.split_once('x')?;
    Some(Some(Battle {
        from: from.parse().ok()?,
        to: to.parse().ok()?,
        promotion,
        cards,
    }))
}

impl FromStr for State {
    type Err = ParseStateError;

    fn from_str(s: &str) -> Result<State, ParseStateError> {
        let parts: Vec<&str> = s.split_whitespace().collect();
        if parts.len() != FIELDS.len() {
            return Err(ParseStateError::FieldCount(parts.len()));
        }
        let bad = |i: usize| ParseStateError::Field {
            field: FIELDS[i],
            text: parts[i].to_owned(),
        };
        let board = Board::parse(parts[0]).ok_or_else(|| bad(0))?;
        let turn = {
            let mut it = parts[1].chars();
            match (it.next().and_then(Color::from_char), it.next()) {
                (Some(c), None) => c,
                _ => return Err(bad(1)),
            }
        };
        let (die, left) = pair(parts[2])
            .and_then(|(d, l)| Some((d.parse::<u8>().ok()?, l.parse::<u8>().ok()?)))
            .ok_or_else(|| bad(2))?;
        let moved = parse_squares(parts[3]).ok_or_else(|| bad(3))?;
        let dropped = parse_squares(parts[4]).ok_or_else(|| bad(4))?;
        let castling = Castling::parse(parts[5]).ok_or_else(|| bad(5))?;
        let (quiet, eventful) = {
            let q = parts[6];
            let (n, e) = match q.strip_suffix('+') {
                Some(n) => (n, true),
                None => (q, false),
            };
            (n.parse::<u32>().map_err(|_| bad(6))?, e)
        };
        let pools = |i: usize| -> Result<ByColor<Pool>, ParseStateError> {
            let (w, b) = pair(parts[i]).ok_or_else(|| bad(i))?;
            Ok(ByColor::new(
                Pool::parse(w).ok_or_else(|| bad(i))?,
                Pool::parse(b).ok_or_else(|| bad(i))?,
            ))
        };
        let prisons = pools(7)?;
        let reserves = pools(8)?;
        let (hw, hb) = pair(parts[9]).ok_or_else(|| bad(9))?;
        let hands = ByColor::new(
            read_cards(hw).ok_or_else(|| bad(9))?,
            read_cards(hb).ok_or_else(|| bad(9))?,
        );
        let deck = read_cards(parts[10]).ok_or_else(|| bad(10))?;
        let discard = read_cards(parts[11]).ok_or_else(|| bad(11))?;
        let battle = parse_battle(parts[12]).ok_or_else(|| bad(12))?;
        let rng = pair(&parts[13].replace(':', "/"))
            .and_then(|(s, d)| Some(Stream::resume(s.parse().ok()?, d.parse().ok()?)))
            .ok_or_else(|| bad(13))?;
        let outcome = Outcome::parse_code(parts[14]).ok_or_else(|| bad(14))?;
        let state = State {
            table: Table {
                board,
                turn,
                die,
                left,
                moved,
                dropped,
                castling,
                quiet,
                eventful,
                prisons,
                reserves,
                discard,
                battle,
                outcome,
            },
            hands,
            deck,
            rng,
        };
        state.validate()?;
        Ok(state)
    }
}

impl State {
    /// Checks that a state is possible; lists every problem.
    ///
    /// # Errors
    /// [`InvalidState`] with every problem found.
    pub fn validate(&self) -> Result<(), InvalidState> {
        let mut problems = Vec::new();
        let t = &self.table;
        // Cards.
        let mut seen = [0u8; 52];
        let table_cards: &[Card] = t.battle.as_ref().map_or(&[], |b| &b.cards);
        for c in self
            .hands
            .white
            .iter()
            .chain(&self.hands.black)
            .chain(&self.deck)
            .chain(&t.discard)
            .chain(table_cards)
        {
            seen[c.index()] += 1;
        }
        for c in Card::all() {
            match seen[c.index()] {
                0 => problems.push(StateProblem::CardMissing(c)),
                1 => {}
                _ => problems.push(StateProblem::CardRepeated(c)),
            }
        }
        for color in Color::ALL {
            let on_table = t
                .battle
                .as_ref()
                .map_or(0, |b| b.played_by(b.side_of(t.turn, color)).count());
            let expected = HAND_SIZE - on_table;
            if self.hands[color].len() != expected {
                problems.push(StateProblem::HandSize {
                    color,
                    expected,
                    found: self.hands[color].len(),
                });
            }
            let kings = t
                .board
                .pieces()
                .filter(|(_, p)| p.color == color && p.role == Role::King)
                .count();
            if kings > 1 || (kings == 0 && t.outcome.is_none()) {
                problems.push(StateProblem::KingCount {
                    color,
                    found: kings,
                });
            }
            for side in CastlingSide::ALL {
                if t.castling.has(color, side) {
                    let r = color.back_rank();
                    let king = t.board.get(Square::new(4, r).expect("square"));
                    let rook = t
                        .board
                        .get(Square::new(side.rook_file(), r).expect("square"));
                    let home = |p: Option<crate::Piece>, role| {
                        p.is_some_and(|p| p.color == color && p.role == role && !p.promoted)
                    };
                    if !home(king, Role::King) || !home(rook, Role::Rook) {
                        problems.push(StateProblem::Castling { color, side });
                    }
                }
            }
        }
        for (s, p) in t.board.pieces() {
            if p.role == Role::Pawn && (s.rank() == 0 || s.rank() == 7) {
                problems.push(StateProblem::PawnOnBackRank(s));
            }
        }
        if !(1..=6).contains(&t.die) || t.left > t.die {
            problems.push(StateProblem::Actions {
                die: t.die,
                left: t.left,
            });
        }
        for s in squares(t.moved | t.dropped) {
            let ok = t.board.get(s).is_some_and(|p| p.color == t.turn)
                && (t.moved & t.dropped & s.bit()) == 0;
            if !ok {
                problems.push(StateProblem::MarkedSquare(s));
            }
        }
        if let Some(b) = &t.battle {
            let att = t.board.get(b.from).is_some_and(|p| p.color == t.turn);
            let def = t.board.get(b.to).is_some_and(|p| p.color != t.turn);
            if !att || !def {
                problems.push(StateProblem::BattleSquares);
            }
            if b.cards.len() > 3 {
                problems.push(StateProblem::BattleCards);
            }
            if t.outcome.is_some() {
                problems.push(StateProblem::BattleAfterEnd);
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(InvalidState { problems })
        }
    }
}
