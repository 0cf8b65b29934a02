//! Players for self-play and tests: a random mover, a greedy capturer and the engine at a
//! level, all seeded (no global randomness), and [`play_game`] to pit two of them.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use jetan_rules::{Color, DuelStream, Move, Outcome, Position, Role, Setup, Variant};

use crate::{Engine, Error, Level};

/// Something that chooses moves.
pub trait Player: Send {
    /// A short name for reports: `random`, `greedy`, `engine:3`.
    fn name(&self) -> String;

    /// A legal move of `pos`, or `None` when it has none.
    fn choose(&mut self, pos: &Position) -> Option<Move>;

    /// What the player's searches added up to so far, if it searches.
    fn stats(&self) -> Option<SearchStats> {
        None
    }
}

/// The searches of an [`EnginePlayer`], added up.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SearchStats {
    /// Searches made (moves chosen).
    pub searches: u64,
    /// Positions searched.
    pub nodes: u64,
    /// The depths completed, summed.
    pub depth_sum: u64,
    /// The time spent searching.
    pub time: Duration,
}

impl SearchStats {
    /// Nodes per second of search time.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }

    /// The average depth completed.
    pub fn mean_depth(&self) -> f64 {
        self.depth_sum as f64 / (self.searches.max(1) as f64)
    }
}

impl std::ops::Add for SearchStats {
    type Output = SearchStats;

    /// Both together.
    fn add(self, other: SearchStats) -> SearchStats {
        SearchStats {
            searches: self.searches + other.searches,
            nodes: self.nodes + other.nodes,
            depth_sum: self.depth_sum + other.depth_sum,
            time: self.time + other.time,
        }
    }
}

fn pick_random(rng: &mut DuelStream, moves: &[Move]) -> Option<Move> {
    if moves.is_empty() {
        return None;
    }
    Some(moves[(rng.next_u64() % moves.len() as u64) as usize])
}

/// Plays a uniformly random legal move.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: DuelStream,
}

impl RandomPlayer {
    /// A random player drawing from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: DuelStream::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        pick_random(&mut self.rng, &pos.legal_moves())
    }
}

/// Takes the most valuable piece it can (the Princess above all, since taking her wins;
/// then by value, RULES.md §2), choosing at random among equals; without a capture, plays
/// a random move.
#[derive(Debug, Clone)]
pub struct GreedyPlayer {
    rng: DuelStream,
}

impl GreedyPlayer {
    /// A greedy player drawing from `seed`.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: DuelStream::new(seed),
        }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let moves = pos.legal_moves();
        let worth = |m: &Move| match m.capture {
            Some(Role::Princess) => u32::MAX,
            Some(r) => r.value(),
            None => 0,
        };
        let top = moves.iter().map(worth).max()?;
        let best: Vec<Move> = moves.iter().copied().filter(|m| worth(m) == top).collect();
        pick_random(&mut self.rng, &best)
    }
}

/// The engine at a level, with a time budget per move.
#[derive(Debug)]
pub struct EnginePlayer {
    engine: Engine,
    level: Level,
    budget: Duration,
    seed: u64,
    stats: SearchStats,
}

impl EnginePlayer {
    /// The engine at `level`, thinking up to `budget` per move, its noise drawn from
    /// `seed`, with a 16 MiB transposition table.
    pub fn new(level: Level, budget: Duration, seed: u64) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(16),
            level,
            budget,
            seed,
            stats: SearchStats::default(),
        }
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        format!("engine:{}", self.level)
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.seed = DuelStream::new(self.seed).next_u64();
        let limits = self.level.limits(self.budget).with_seed(self.seed);
        let r = self.engine.search(pos, &limits);
        self.stats = self.stats
            + SearchStats {
                searches: 1,
                nodes: r.nodes,
                depth_sum: u64::from(r.depth),
                time: r.elapsed,
            };
        r.best
    }

    fn stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}

/// A kind of player, as written on a command line: `random`, `greedy` or `engine:L`
/// (L = 1..5).
///
/// ```
/// use jetan_engine::players::PlayerKind;
/// use jetan_engine::Level;
/// assert_eq!("engine:3".parse::<PlayerKind>().unwrap(), PlayerKind::Engine(Level::DEFAULT));
/// assert_eq!("greedy".parse::<PlayerKind>().unwrap().to_string(), "greedy");
/// assert!("engine:9".parse::<PlayerKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
    /// [`EnginePlayer`] at a level.
    Engine(Level),
}

impl PlayerKind {
    /// A player of this kind, seeded; `budget` is the engine's time per move.
    pub fn build(self, seed: u64, budget: Duration) -> Box<dyn Player> {
        match self {
            PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
            PlayerKind::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerKind::Engine(level) => Box::new(EnginePlayer::new(level, budget, seed)),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::Engine(level) => write!(f, "engine:{level}"),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = Error;

    fn from_str(s: &str) -> Result<PlayerKind, Error> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            _ => t
                .strip_prefix("engine:")
                .and_then(|l| l.parse::<Level>().ok())
                .map(PlayerKind::Engine)
                .ok_or_else(|| Error::Player(s.to_string())),
        }
    }
}

/// The start position of `variant` with `first` to move.
pub fn start_position(variant: Variant, first: Color) -> Position {
    let mut setup = Setup::start(variant);
    setup.turn = first;
    Position::from_setup(setup, variant).expect("start positions are valid")
}

/// How a game of [`play_game`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules ended it.
    Rules(Outcome),
    /// It reached the ply cap without a result and is scored a draw.
    PlyCap(u32),
}

impl GameEnd {
    /// The winner, if any (a capped game has none).
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameEnd::Rules(outcome) => outcome.winner(),
            GameEnd::PlyCap(_) => None,
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Rules(outcome) => write!(f, "{outcome}"),
            GameEnd::PlyCap(n) => write!(f, "Draw: no result after {n} plies (cap)"),
        }
    }
}

/// A finished game of [`play_game`].
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The moves played.
    pub moves: Vec<Move>,
    /// How it ended.
    pub end: GameEnd,
    /// The last position.
    pub last: Position,
}

/// Plays a game from `start` between `black` and `orange`, Manator duels decided by a
/// [`DuelStream`] seeded with `duel_seed`, drawn after `max_plies` plies without a result.
///
/// # Errors
/// [`Error::IllegalMove`] or [`Error::NoMove`] if a player misbehaves.
pub fn play_game(
    start: Position,
    black: &mut dyn Player,
    orange: &mut dyn Player,
    duel_seed: u64,
    max_plies: u32,
) -> Result<GameRecord, Error> {
    let mut dice = DuelStream::new(duel_seed);
    let mut pos = start;
    let mut moves = Vec::new();
    loop {
        if let Some(outcome) = pos.outcome() {
            return Ok(GameRecord {
                moves,
                end: GameEnd::Rules(outcome),
                last: pos,
            });
        }
        if moves.len() as u32 >= max_plies {
            return Ok(GameRecord {
                moves,
                end: GameEnd::PlyCap(max_plies),
                last: pos,
            });
        }
        let player: &mut dyn Player = match pos.turn() {
            Color::Black => &mut *black,
            Color::Orange => &mut *orange,
        };
        let m = player
            .choose(&pos)
            .ok_or_else(|| Error::NoMove(player.name()))?;
        let (next, report) = pos.play(m, &mut dice).map_err(|e| Error::IllegalMove {
            player: player.name(),
            reason: e.reason,
        })?;
        moves.push(m);
        pos = next;
        if let Some(outcome) = report.outcome {
            return Ok(GameRecord {
                moves,
                end: GameEnd::Rules(outcome),
                last: pos,
            });
        }
    }
}
