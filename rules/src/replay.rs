//! Replaying a stored game: the one place a move list becomes positions and reports.

use std::fmt;

use crate::{Dice, IllegalMove, Move, MoveText, Outcome, Position, Report};

/// One replayed move: the position after it and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The position after the move.
    pub position: Position,
    /// What the move did: mover, kill and square, duel, escape, countdown, outcome.
    pub report: Report,
}

/// A replayed game: the start position and, for each move, the position after it and its
/// [`Report`]. Made by [`replay`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    start: Position,
    steps: Vec<Step>,
}

impl Replay {
    /// The position before the first move.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Each move's resulting position and report, first to last.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How many moves were replayed.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether no move was replayed.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Every position: the start, then one after each move (`len() + 1` positions).
    pub fn positions(&self) -> impl DoubleEndedIterator<Item = &Position> {
        std::iter::once(&self.start).chain(self.steps.iter().map(|s| &s.position))
    }

    /// The reports, one per move.
    pub fn reports(&self) -> impl DoubleEndedIterator<Item = &Report> + ExactSizeIterator {
        self.steps.iter().map(|s| &s.report)
    }

    /// The moves, as the generator made them (with piece, capture and escape).
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + ExactSizeIterator + '_ {
        self.steps.iter().map(|s| s.report.mv)
    }

    /// The position after the last move (the start if there was none).
    pub fn last(&self) -> &Position {
        self.steps.last().map_or(&self.start, |s| &s.position)
    }

    /// How the game ended, if it has: by its last move, or because the side to move in
    /// the last position has no legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        self.last().outcome()
    }

    /// How many Manator duels were fought (each drew one number of the duel stream).
    pub fn duels(&self) -> usize {
        self.reports().filter(|r| r.duel.is_some()).count()
    }

    /// Splits into the start position and the steps.
    pub fn into_parts(self) -> (Position, Vec<Step>) {
        (self.start, self.steps)
    }
}

/// A move of a record that does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({text}) does not replay: {reason}")]
pub struct ReplayError {
    /// Which move, counted from 1.
    pub number: usize,
    /// The move as given.
    pub text: MoveText,
    /// Why it is illegal in the position reached (`GameOver` for a move after the end).
    pub reason: IllegalMove,
    /// The moves before it, replayed.
    pub replayed: Box<Replay>,
}

impl fmt::Display for Replay {
    /// The moves in long text, `Ne2-e3 nf9-f8 …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.moves().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m:#}")?;
        }
        Ok(())
    }
}

/// Replays a game record from `start`: each move is checked (a piece letter, if the
/// record gives one, must match the piece on the start square) and played with `dice`
/// deciding Manator duels. The side to move always comes from the position.
///
/// Moves are anything that converts into [`MoveText`]: a [`Move`], a `(from, to)` pair of
/// squares, or move text itself. For a stored Manator game pass the game's
/// [`DuelStream`](crate::DuelStream) from its seed; Classic games never consult the dice.
///
/// # Errors
/// The first move that is not legal where it stands, with the moves before it replayed.
///
/// ```
/// use jetan_rules::{replay, AttackerWins, MoveText, Position};
/// let moves: Vec<MoveText> = ["e2-e3", "f9-f8", "Fd1-g4"]
///     .iter()
///     .map(|t| t.parse().unwrap())
///     .collect();
/// let game = replay(Position::start(), moves, &mut AttackerWins).unwrap();
/// assert_eq!(game.len(), 3);
/// assert_eq!(game.positions().count(), 4);
/// assert_eq!(game.last().ply(), 3);
/// assert_eq!(game.to_string(), "Ne2-e3 Nf9-f8 Fd1-g4");
///
/// let bad: Vec<MoveText> = ["e2-e3", "e3-e4"].iter().map(|t| t.parse().unwrap()).collect();
/// let err = replay(Position::start(), bad, &mut AttackerWins).unwrap_err();
/// assert_eq!(err.number, 2);
/// assert_eq!(err.to_string(), "move 2 (e3-e4) does not replay: the Panthan on e3 is not yours");
/// ```
pub fn replay<I>(start: Position, moves: I, dice: &mut impl Dice) -> Result<Replay, ReplayError>
where
    I: IntoIterator,
    I::Item: Into<MoveText>,
{
    let moves = moves.into_iter();
    let mut game = Replay {
        start,
        steps: Vec::with_capacity(moves.size_hint().0),
    };
    for (i, m) in moves.enumerate() {
        let text: MoveText = m.into();
        let pos = game.last();
        let legal = match text.resolve(pos) {
            Ok(legal) => legal,
            Err(reason) => {
                return Err(ReplayError {
                    number: i + 1,
                    text,
                    reason,
                    replayed: Box::new(game),
                })
            }
        };
        let (position, report) = pos
            .clone()
            .play(legal, dice)
            .expect("a move find_move returned is legal");
        game.steps.push(Step { position, report });
    }
    Ok(game)
}
