//! The search: iterative deepening principal variation search with a transposition table,
//! move ordering, a quiescence search, and Manator duels as chance nodes.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jetan_rules::{Color, Move, Outcome, Position, Role, Square, MAX_MOVES};

use crate::eval::{self, evaluate, Static};
use crate::movegen::{Generator, NodeInfo};
use crate::tt::{Bound, PackedMove, Table};
use crate::zobrist;

/// The score of a won game, less the plies it takes to win: a win in 3 plies scores
/// `WIN - 3` for the side that wins.
pub const WIN: i32 = 30_000;
/// Above every score.
const INF: i32 = 32_000;
/// The deepest the search goes from the root, extensions and quiescence included.
const MAX_PLY: usize = 128;
/// The deepest nominal depth of iterative deepening.
pub const MAX_DEPTH: u8 = 64;
/// Scores beyond this are wins or losses at a known distance.
const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
/// How much worse than an even game the engine finds a draw, in centipawns.
const CONTEMPT: i32 = 80;
/// What a draw in a dead ending (see `eval::dead`) is worth to the engine's side.
pub(crate) const DEAD_DRAW: i32 = 30;
/// Plies without a capture after which the engine counts the game as a dead ending, as
/// the side ahead has shown it cannot make progress (fifty moves each, as in chess).
pub const STALE_PLIES: u32 = 100;
/// How far the evaluation of a stale game may stray from even, either way, before the
/// pull towards a draw (`eval::stale_meeting`, at most [`eval::MEETING_MAX`]) is added: the
/// two together stay below [`DEAD_DRAW`].
const STALE_SPREAD: i32 = DEAD_DRAW - eval::MEETING_MAX - 4;
/// How much worse than its expected value the engine finds a Manator duel of Chief
/// against Chief (a coin toss for the game), in centipawns.
const GAMBLE: i32 = 250;

/// What bounds a search: a hard time limit, optionally a depth, and a stop flag another
/// thread may raise at any moment (for example when the game is resigned while the
/// engine thinks).
///
/// The time limit is checked every few hundred nodes, so a search returns within a few
/// milliseconds of it.
///
/// ```
/// use std::sync::{atomic::AtomicBool, Arc};
/// use std::time::Duration;
/// use jetan_engine::Limits;
///
/// let stop = Arc::new(AtomicBool::new(false));
/// let limits = Limits::time(Duration::from_millis(100)).with_stop(stop.clone());
/// assert_eq!(limits.depth, None);
/// // Another thread: stop.store(true, Ordering::Relaxed) ends the search at once.
/// ```
#[derive(Debug, Clone)]
pub struct Limits {
    /// The most the search may take. It always returns a move (if there is one) even if
    /// the time is too short to finish the first iteration.
    pub time: Duration,
    /// The deepest iteration, in plies (1..=64); `None`: as deep as time allows.
    pub depth: Option<u8>,
    /// When this flag becomes `true` the search ends as soon as it notices (within a few
    /// milliseconds) and returns the best move found so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// Randomness among near-best moves, in centipawns: each root move gets a bonus in
    /// `0..noise` drawn from `seed`, and the best move after the bonus is played. 0: always
    /// the best move. Lower levels use it to play more like a person.
    pub noise: u16,
    /// The seed of the noise. Same position, same limits, same seed: same move (when the
    /// search is bounded by depth rather than time).
    pub seed: u64,
}

impl Default for Limits {
    /// One second, no depth limit, no stop flag, no noise.
    fn default() -> Limits {
        Limits::time(Duration::from_secs(1))
    }
}

impl Limits {
    /// Search for `time`, as deep as it allows, without noise.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time,
            depth: None,
            stop: None,
            noise: 0,
            seed: 0,
        }
    }

    /// Search `depth` plies deep (with no practical time limit: one hour).
    pub fn depth(depth: u8) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::time(Duration::from_secs(3600))
        }
    }

    /// These limits with a stop flag.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// These limits with another noise seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Limits {
        self.seed = seed;
        self
    }
}

/// A search score for the side to move, in centipawns (a Panthan is 100), or a win or a
/// loss at a known number of plies.
///
/// ```
/// use jetan_engine::{Score, WIN};
/// assert_eq!(Score(WIN - 1).win_in(), Some(1));
/// assert_eq!(Score(-(WIN - 2)).loss_in(), Some(2));
/// assert_eq!(Score(125).to_string(), "+1.25");
/// assert_eq!(Score(WIN - 3).to_string(), "win in 3 plies");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The plies until the side to move wins, if the search found a forced win.
    pub fn win_in(self) -> Option<u32> {
        (self.0 > WIN_BOUND).then(|| (WIN - self.0) as u32)
    }

    /// The plies until the side to move loses, if the search found a forced loss.
    pub fn loss_in(self) -> Option<u32> {
        (self.0 < -WIN_BOUND).then(|| (WIN + self.0) as u32)
    }
}

impl fmt::Display for Score {
    /// `+1.25` (in Panthans), `win in 3 plies`, `loss in 2 plies`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.win_in() {
            write!(f, "win in {n} {}", if n == 1 { "ply" } else { "plies" })
        } else if let Some(n) = self.loss_in() {
            write!(f, "loss in {n} {}", if n == 1 { "ply" } else { "plies" })
        } else {
            let sign = if self.0 < 0 { '-' } else { '+' };
            let a = self.0.unsigned_abs();
            write!(f, "{sign}{}.{:02}", a / 100, a % 100)
        }
    }
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over (no legal move).
    pub best: Option<Move>,
    /// The score of the position for the side to move (noise included).
    pub score: Score,
    /// The last iteration completed (0 if not even the first was).
    pub depth: u8,
    /// The deepest ply reached, quiescence and extensions included.
    pub seldepth: u8,
    /// Positions searched.
    pub nodes: u64,
    /// The expected line, starting with `best` (beyond a Manator duel, the line after the
    /// attacker loses it).
    pub pv: Vec<Move>,
    /// How long the search took.
    pub elapsed: Duration,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

const FILLER: Move = Move {
    from: Square::A1,
    to: Square::A1,
    role: Role::Panthan,
    capture: None,
    escape: false,
};

/// A searcher with its memory: the transposition table and the move-ordering tables.
/// Keep one per game (or per bot) and call [`search`](Engine::search) for each move; it is
/// `Send`, so it can move to a blocking thread for the search and back.
///
/// ```
/// use std::time::Duration;
/// use jetan_engine::{Engine, Limits};
/// use jetan_rules::Position;
///
/// let mut engine = Engine::new(8);
/// let pos = Position::start();
/// let result = engine.search(&pos, &Limits::depth(2));
/// let best = result.best.unwrap();
/// assert!(pos.legal_moves().contains(&best));
/// assert_eq!(result.depth, 2);
/// ```
pub struct Engine {
    tt: Table,
    killers: Vec<[PackedMove; 2]>,
    /// By start square, then end square.
    history: Vec<[i32; 100]>,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    seldepth: usize,
    root_depth: i32,
    root_color: Color,
    /// The material lead of the side to move at the root, there (see `draw_score`).
    root_lead: i32,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    /// The hashes of the positions along the current line, by ply (the root at 0).
    path: Vec<u64>,
    /// Whether the position at a ply was reached by a null move (no second one in a row).
    after_null: Vec<bool>,
    /// The roots searched in this game: (ply, piece count, hash); a new game (or a
    /// position from earlier in the game) drops what came after it.
    game: Vec<(u32, u32, u64)>,
    /// The hashes of earlier positions of the game that the search may meet again (same
    /// pieces on the board): meeting one scores as a draw.
    seen: Vec<u64>,
    /// Late move reductions by depth and move number.
    lmr: Vec<[u8; 64]>,
    /// Whether the engine's own move generator plays by this game's rules.
    fast: bool,
    /// Move lists by ply, reused.
    lists: Vec<Vec<Move>>,
    /// Whether the game has gone [`STALE_PLIES`] plies without a capture before the root:
    /// then every position of the search counts as a dead ending.
    stale: bool,
    /// Whether the side to move at the root has offered a draw ([`Engine::set_draw_offered`]):
    /// it then no longer takes its opponent to welcome a draw by taking its Chief.
    offered: bool,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

impl Default for Engine {
    /// An engine with a 16 MiB transposition table.
    fn default() -> Engine {
        Engine::new(16)
    }
}

struct RootMove {
    m: Move,
    noise: i32,
}

impl Engine {
    /// An engine whose transposition table takes about `tt_megabytes` MiB (16 to 64 is
    /// plenty for a second per move).
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: Table::new(tt_megabytes),
            killers: vec![[PackedMove::NONE; 2]; MAX_PLY + 1],
            history: vec![[0; 100]; 100],
            pv: vec![[FILLER; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            root_color: Color::Black,
            root_lead: 0,
            deadline: None,
            stop: None,
            aborted: false,
            path: vec![0; MAX_PLY + 2],
            after_null: vec![false; MAX_PLY + 2],
            game: Vec::new(),
            seen: Vec::new(),
            fast: false,
            lists: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            stale: false,
            offered: false,
            lmr: (0..64)
                .map(|d| {
                    let mut row = [0u8; 64];
                    for (n, r) in row.iter_mut().enumerate().skip(1) {
                        if d > 0 {
                            let x = (d as f64).ln() * (n as f64).ln() / 2.0 + 0.3;
                            *r = x.max(0.0) as u8;
                        }
                    }
                    row
                })
                .collect(),
        }
    }

    /// Forgets everything learnt (for a new game; not needed for correctness).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|row| row.fill(0));
        self.killers.fill([PackedMove::NONE; 2]);
        self.game.clear();
    }

    /// Tells the engine the positions of the game before the one it searches next, oldest
    /// first (the current one may be included: it is ignored), so that its search scores
    /// a return to any of them as a draw. An engine kept for the whole game remembers the
    /// positions it searched from; a host that makes a new engine for each move gives it
    /// the game's history this way. Replaces what the engine remembered of the game.
    ///
    /// ```
    /// use jetan_engine::{Engine, Limits};
    /// use jetan_rules::Position;
    /// let start = Position::start();
    /// let m = start.find_move("b2".parse().unwrap(), "b3".parse().unwrap()).unwrap();
    /// let mut after = start.clone();
    /// after.play_unchecked(m, &mut jetan_rules::AttackerWins);
    /// let mut engine = Engine::new(1);
    /// engine.set_history([&start]);
    /// assert!(engine.search(&after, &Limits::depth(3)).best.is_some());
    /// ```
    pub fn set_history<'a>(&mut self, earlier: impl IntoIterator<Item = &'a Position>) {
        self.game = earlier
            .into_iter()
            .map(|p| (p.ply(), p.board().occupied().count(), zobrist::hash(p)))
            .collect();
    }

    /// Tells the engine whether its side has offered a draw for the searches to come (the
    /// host offered it with this move). In a stale game the search takes its opponent to
    /// welcome a draw by taking the engine's Chief with a lesser piece, so it leads its
    /// Chief there — the engine's own way of offering a draw. With a real offer standing
    /// that is no longer needed: a Chief left where a lesser enemy piece may take it then
    /// scores worse than playing on, so the engine keeps it out of reach (the opponent
    /// who wants the draw accepts the offer instead). Off by default.
    ///
    /// ```
    /// let mut engine = jetan_engine::Engine::new(1);
    /// engine.set_draw_offered(true);
    /// ```
    pub fn set_draw_offered(&mut self, offered: bool) {
        if offered != self.offered {
            // Stored scores were taken under the other assumption.
            self.tt.clear();
            self.offered = offered;
        }
    }

    /// Searches `pos` within `limits` and returns the best move found, its score, the
    /// depth reached and the expected line. Blocks the calling thread for at most
    /// `limits.time` (plus a few milliseconds); run it off an async runtime (for example
    /// in `tokio::task::spawn_blocking`).
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        let started = Instant::now();
        self.deadline = started.checked_add(limits.time);
        self.stop = limits.stop.clone();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.root_color = pos.turn();
        self.root_lead = eval::lead(pos, pos.turn());
        self.tt.new_search();
        self.killers.fill([PackedMove::NONE; 2]);
        self.history
            .iter_mut()
            .for_each(|row| row.iter_mut().for_each(|h| *h /= 8));

        let hash = zobrist::hash(pos);
        // The game so far, as this engine saw it: positions it searched from earlier in
        // the same game (a later or equal ply count means another game or a take-back).
        let pieces = pos.board().occupied().count();
        self.game
            .retain(|&(ply, count, _)| ply < pos.ply() && count >= pieces);
        self.seen.clear();
        self.seen.extend(
            self.game
                .iter()
                .filter(|&&(_, count, _)| count == pieces)
                .map(|&(_, _, h)| h),
        );
        // The first root this engine saw with as many pieces: the last capture came just
        // before it.
        let since = self
            .game
            .iter()
            .filter(|&&(_, count, _)| count == pieces)
            .map(|&(ply, _, _)| ply)
            .min();
        let stale = since.is_some_and(|ply| pos.ply() - ply >= STALE_PLIES);
        if stale != self.stale {
            // Stored scores were taken under the other verdict.
            self.tt.clear();
            self.stale = stale;
        }
        self.game.push((pos.ply(), pieces, hash));
        self.path[0] = hash;
        self.after_null[0] = false;
        self.fast = Generator::usable(pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let us = pos.turn();
            let score = match pos.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == us => WIN,
                Some(Outcome::Win { .. }) => -WIN,
                _ => eval::draw_score(pos, us),
            };
            return SearchResult {
                best: None,
                score: Score(score),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                pv: Vec::new(),
                elapsed: started.elapsed(),
            };
        }

        // Root moves, in a first order: the stored best move, then by capture value.
        let tt_move = self.tt.probe(hash).map_or(PackedMove::NONE, |h| h.mv);
        let mut root: Vec<(i32, RootMove)> = moves
            .iter()
            .map(|&m| {
                let noise = if limits.noise == 0 {
                    0
                } else {
                    let key = limits.seed
                        ^ hash
                        ^ ((m.from.index() as u64) << 8 | m.to.index() as u64)
                            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    (jetan_rules::DuelStream::new(key).next_u64() % u64::from(limits.noise)) as i32
                };
                (self.order_score(&m, tt_move, 0), RootMove { m, noise })
            })
            .collect();
        root.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
        let mut root: Vec<RootMove> = root.into_iter().map(|(_, r)| r).collect();

        let mut result = SearchResult {
            best: Some(root[0].m),
            score: Score(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: vec![root[0].m],
            elapsed: Duration::ZERO,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            self.root_depth = i32::from(depth);
            let found = self.aspiration(pos, hash, i32::from(depth), &mut root, result.score.0);
            if let Some((i, score)) = found {
                let best = root.remove(i);
                root.insert(0, best);
                result.best = Some(root[0].m);
                result.score = Score(score);
                result.pv = self.pv[0][..self.pv_len[0]].to_vec();
                if result.pv.first() != result.best.as_ref() {
                    result.pv = vec![root[0].m];
                }
            }
            if self.aborted {
                break;
            }
            result.depth = depth;
            let elapsed = started.elapsed();
            // A forced result within the depth searched will not change.
            let decided = result.score.0.abs() > WIN_BOUND
                && (WIN - result.score.0.abs()) <= i32::from(depth);
            // The next iteration takes a few times as long as this one: don't start what
            // will get nowhere (one that is cut short still counts: its first move is the
            // best so far, and any move found better replaces it).
            if decided || root.len() == 1 && limits.noise == 0 || elapsed * 20 > limits.time * 11 {
                break;
            }
        }
        result.nodes = self.nodes;
        result.seldepth = self.seldepth.min(255) as u8;
        result.elapsed = started.elapsed();
        self.stop = None;
        result
    }

    /// One iteration at the root, in a window around the last iteration's score that
    /// widens while the score falls outside it: the index of the best move and its score,
    /// if a move was found better than the others before the time ran out.
    fn aspiration(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        root: &mut Vec<RootMove>,
        last: i32,
    ) -> Option<(usize, i32)> {
        if depth < 4 || last.abs() > WIN_BOUND / 2 {
            return self.root_search(pos, hash, depth, root, -INF, INF);
        }
        let mut delta = 30;
        let (mut lo, mut hi) = (last - delta, last + delta);
        let mut found = None;
        loop {
            let f = self.root_search(pos, hash, depth, root, lo, hi);
            if self.aborted {
                // A move that beat the lower bound beats the last best move.
                return f.filter(|&(_, v)| v > lo).or(found);
            }
            match f {
                Some((i, v)) if v >= hi => {
                    // Fails high: search it first with a higher bound.
                    let m = root.remove(i);
                    root.insert(0, m);
                    found = Some((0, v));
                    hi = (v + delta).min(INF);
                }
                Some((i, v)) if v > lo => return Some((i, v)),
                _ => {
                    lo = (lo - delta).max(-INF);
                }
            }
            delta *= 3;
            if delta > 600 {
                lo = -INF;
                hi = INF;
            }
        }
    }

    /// One iteration at the root within (alpha, beta): the index of the best move and its
    /// score, if a move scored above alpha.
    fn root_search(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        root: &mut [RootMove],
        mut alpha: i32,
        beta: i32,
    ) -> Option<(usize, i32)> {
        let mut best = None;
        self.pv_len[0] = 0;
        for (i, rm) in root.iter().enumerate() {
            let (m, n) = (rm.m, rm.noise);
            let v = if i == 0 {
                self.value_of(pos, hash, m, depth - 1, 0, alpha - n, beta - n) + n
            } else {
                let mut v = self.value_of(pos, hash, m, depth - 1, 0, alpha - n, alpha - n + 1) + n;
                if v > alpha && !self.aborted {
                    v = self.value_of(pos, hash, m, depth - 1, 0, alpha - n, beta - n) + n;
                }
                v
            };
            if self.aborted {
                break;
            }
            if v > alpha {
                alpha = v;
                best = Some((i, v));
                self.update_pv(0, m);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Whether the search must stop now (time, stop flag). Checks the clock every 256
    /// nodes.
    #[inline]
    fn poll(&mut self) -> bool {
        if !self.aborted && self.nodes & 255 == 0 {
            let stopped = self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted = stopped || late;
        }
        self.aborted
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The ordering key of a move: the stored best move, winning captures, captures by
    /// value of victim then attacker, killers, history; escapes last.
    #[inline]
    fn order_score(&self, m: &Move, tt_move: PackedMove, ply: usize) -> i32 {
        if tt_move.is(m) {
            return 4_000_000;
        }
        if let Some(victim) = m.capture {
            return match victim {
                Role::Princess => 3_000_000,
                Role::Chief if m.role == Role::Chief => 3_000_000,
                // Only a draw: worth a good piece to the side behind.
                Role::Chief => 2_000_000 + 250 * 16,
                _ => 2_000_000 + eval::value(victim) * 16 - m.role.value() as i32,
            };
        }
        let k = &self.killers[ply];
        if k[0].is(m) {
            return 1_900_000;
        }
        if k[1].is(m) {
            return 1_800_000;
        }
        let h = self.history[m.from.index()][m.to.index()];
        if m.escape {
            h - 1_000_000
        } else {
            h
        }
    }

    /// The value, for the side to move in `pos`, of playing `m`: a Manator duel is the
    /// expected value of its two results, weighted by their odds (RULES.md §8).
    #[allow(clippy::too_many_arguments)]
    fn value_of(
        &mut self,
        pos: &Position,
        hash: u64,
        m: Move,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if !zobrist::is_duel(pos.variant(), &m) {
            return self.after(pos, hash, m, true, depth, ply, alpha, beta);
        }
        let wa = i64::from(m.role.value());
        let wd = i64::from(m.capture.map_or(1, Role::value));
        if m.role == Role::Chief && m.capture == Some(Role::Chief) {
            // Chief against Chief: a coin toss for the game (both results end it). Its
            // expected value is near 0, but the engine expects to outplay its opponent:
            // it takes the gamble only when clearly worse, and fears the opponent's.
            let won = self.after(pos, hash, m, true, depth, ply, -INF, INF);
            let lost = self.after(pos, hash, m, false, depth, ply, -INF, INF);
            let ev = ((wa * i64::from(won) + wd * i64::from(lost)) / (wa + wd)) as i32;
            return if pos.turn() == self.root_color {
                ev - GAMBLE
            } else {
                ev + GAMBLE
            };
        }
        let combine =
            |won: i32, lost: i32| ((wa * i64::from(won) + wd * i64::from(lost)) / (wa + wd)) as i32;
        // The less likely result is searched a ply shallower, like a late move: searching
        // both results of every duel to the full depth doubles the tree at each capture.
        let (won_depth, lost_depth) = if wa >= wd {
            (depth, depth - 1)
        } else {
            (depth - 1, depth)
        };
        let mut won = self.after(pos, hash, m, true, won_depth, ply, alpha, beta);
        if self.aborted {
            return 0;
        }
        let mut lost = self.after(pos, hash, m, false, lost_depth, ply, alpha, beta);
        if self.aborted {
            return 0;
        }
        let v = combine(won, lost);
        // Fail-soft results outside the window are bounds; their weighted sum is a bound
        // only if both point the same way.
        let lower_ok = won > alpha && lost > alpha;
        let upper_ok = won < beta && lost < beta;
        // In the quiescence search an approximate value is good enough.
        if depth <= 0
            || (lower_ok && upper_ok)
            || (v >= beta && lower_ok)
            || (v <= alpha && upper_ok)
        {
            return v;
        }
        // Search again within the windows that decide the weighted sum, each given the
        // other result as known so far (Ballard's Star1 windows): a full window here
        // would turn off the pruning in the whole subtree, at every duel below.
        let (wa32, wd32) = (wa as i32, wd as i32);
        let window = |other: i32, w_self: i32, w_other: i32| {
            let lo = (alpha * (w_self + w_other) - w_other * other).div_euclid(w_self);
            let hi = (beta * (w_self + w_other) - w_other * other).div_euclid(w_self) + 1;
            (lo.clamp(-INF, INF - 1), hi.clamp(-INF + 1, INF))
        };
        if won <= alpha || won >= beta {
            let (lo, hi) = window(lost, wa32, wd32);
            won = self.after(pos, hash, m, true, won_depth, ply, lo, hi);
        }
        if !self.aborted && (lost <= alpha || lost >= beta) {
            let (lo, hi) = window(won, wd32, wa32);
            lost = self.after(pos, hash, m, false, lost_depth, ply, lo, hi);
        }
        if self.aborted {
            return 0;
        }
        combine(won, lost)
    }

    /// The value of `m` for the side to move, when a duel goes `attacker_wins`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn after(
        &mut self,
        pos: &Position,
        hash: u64,
        m: Move,
        attacker_wins: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut child = pos.clone();
        let report = child.play_unchecked(m, &mut |_: Role, _: Role| attacker_wins);
        if let Some(outcome) = report.outcome {
            self.pv_len[ply + 1] = ply + 1;
            let us = pos.turn();
            let at = ply as i32 + 1;
            return match outcome {
                Outcome::Win { winner, .. } if winner == us => WIN - at,
                Outcome::Win { .. } => -(WIN - at),
                Outcome::Draw { .. } => self.draw_score(&child, us),
            };
        }
        let h = zobrist::update(hash, pos, &child, m);
        self.after_null[ply + 1] = false;
        -self.pvs(&child, h, depth, ply + 1, -beta, -alpha)
    }

    /// Principal variation search of `pos` (the position at `ply`), fail-soft.
    fn pvs(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, ply, -depth, alpha, beta, hash);
        }
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.path[ply] = hash;
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        // A position met before on this line or earlier in the game: going round in
        // circles leads nowhere (a game without progress ends drawn at the ply cap).
        if ply > 0 && self.repeats(hash, ply) {
            // In a dead ending a repetition ends nothing: no better than marking time.
            return if self.dead(pos) {
                0
            } else {
                self.draw_score(pos, pos.turn())
            };
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = PackedMove::NONE;
        if let Some(hit) = self.tt.probe(hash) {
            tt_move = hit.mv;
            if !pv_node && hit.depth >= depth {
                let s = from_tt(hit.score, ply);
                match hit.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let (st, info) = self.node(pos);
        if self.takes_the_draw(pos, info.as_ref()) {
            return self.chief_given_score(pos);
        }
        let in_danger = st.danger;
        let static_eval = st.score;
        // Like a check extension: a threat to the Princess must be answered.
        let depth = if in_danger && (ply as i32) < self.root_depth {
            depth + 1
        } else {
            depth
        };
        let us = pos.turn();
        let quiet_ok = !pv_node && !in_danger && beta.abs() < WIN_BOUND;

        // Reverse futility: far above beta near the leaves, a quiet position stays there.
        if quiet_ok && depth <= 4 {
            let margin = 110 * depth;
            if static_eval - margin >= beta {
                return static_eval - margin;
            }
        }

        // Null move: if passing still leaves the side to move above beta, a real move will
        // too (Jetan has no zugzwang to speak of while pieces are left to move).
        if quiet_ok
            && depth >= 3
            && static_eval >= beta
            && !self.after_null[ply]
            && pos.countdown().is_none()
            && eval::material(pos, us) >= 400
        {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            let mut setup = pos.to_setup();
            setup.turn = us.other();
            if let Ok(child) = Position::from_setup(setup, pos.variant()) {
                self.after_null[ply + 1] = true;
                let v = -self.pvs(
                    &child,
                    hash ^ zobrist::turn_key(),
                    (depth - 1 - r).max(0),
                    ply + 1,
                    -beta,
                    -beta + 1,
                );
                self.after_null[ply + 1] = false;
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return if v > WIN_BOUND { beta } else { v };
                }
            }
        }

        let mut moves = std::mem::take(&mut self.lists[ply]);
        self.generate(pos, info.as_ref(), false, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.draw_score(pos, us);
        }
        // Moves landing near the enemy Princess may threaten her: never pruned or reduced.
        let hunt = pos
            .board()
            .royal(us.other(), Role::Princess)
            .map_or(0, |p| eval::zone_of(p, 3));

        let n = moves.len();
        let mut keys = [0i32; MAX_MOVES];
        for (k, m) in keys[..n].iter_mut().zip(moves.iter()) {
            *k = self.order_score(m, tt_move, ply);
        }
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = PackedMove::NONE;
        let mut quiets = 0;
        for searched in 0..n {
            let i = pick(&mut keys[..n]);
            let m = moves[i];
            let quiet = m.capture.is_none();
            let plain = quiet
                && hunt & m.to.bit() == 0
                && !self.killers[ply][0].is(&m)
                && !self.killers[ply][1].is(&m)
                && !tt_move.is(&m);
            if quiet {
                quiets += 1;
            }
            // Late move pruning and futility pruning of plain quiet moves near the leaves.
            if quiet_ok && plain && searched > 0 && best > -WIN_BOUND {
                if depth <= 4 && quiets > 4 + 3 * depth * depth {
                    continue;
                }
                if depth <= 2 && static_eval + 100 + 120 * depth <= alpha {
                    continue;
                }
            }
            let mut v;
            if searched == 0 {
                v = self.value_of(pos, hash, m, depth - 1, ply, alpha, beta);
            } else {
                let mut r = 0;
                if depth >= 3 && plain && !in_danger {
                    r = i32::from(self.lmr[(depth as usize).min(63)][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                v = self.value_of(pos, hash, m, depth - 1 - r, ply, alpha, alpha + 1);
                if v > alpha && r > 0 && !self.aborted {
                    v = self.value_of(pos, hash, m, depth - 1, ply, alpha, alpha + 1);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = self.value_of(pos, hash, m, depth - 1, ply, alpha, beta);
                }
            }
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = PackedMove::new(m);
                    self.update_pv(ply, m);
                    if v >= beta {
                        if quiet {
                            self.reward(ply, m, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(hash, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Whether the position with `hash` at `ply` stood earlier on the current line or
    /// earlier in the game.
    #[inline]
    fn repeats(&self, hash: u64, ply: usize) -> bool {
        let mut j = ply;
        while j >= 2 {
            j -= 2;
            if self.path[j] == hash {
                return true;
            }
        }
        self.seen.contains(&hash)
    }

    /// Whether, in a stale game, the opponent of the engine's side is taken to end the
    /// game drawn at `pos`: it is to move and can take the engine's Chief with a lesser
    /// piece (not with its own Chief: that wins). After [`STALE_PLIES`] plies without a
    /// capture the engine takes its opponent to welcome a draw as it does; a search that
    /// modelled it as refusing one would never offer it (negamax has one score for both
    /// sides), and such games ran on until the host's ply cap.
    #[inline]
    fn takes_the_draw(&self, pos: &Position, info: Option<&NodeInfo>) -> bool {
        if !self.stale || pos.turn() == self.root_color {
            return false;
        }
        let Some(chief) = pos.board().royal(self.root_color, Role::Chief) else {
            return false;
        };
        match info {
            Some(info) => {
                info.att_without_chief[pos.turn() as usize] & chief.bit() != 0
                    && info.chief_reach() & chief.bit() == 0
            }
            None => {
                let moves = pos.legal_moves();
                let takes = |lesser: bool| {
                    moves
                        .iter()
                        .any(|m| m.to == chief && (m.role != Role::Chief) == lesser)
                };
                takes(true) && !takes(false)
            }
        }
    }

    /// The score, for the side to move (the opponent), of a stale game that it ends drawn
    /// by taking the engine's Chief with a lesser piece ([`Self::takes_the_draw`]): the
    /// draw as the engine values it, unless its host has offered a draw
    /// ([`Engine::set_draw_offered`]) — then a Chief given away counts as worse for the
    /// engine than playing on, so it keeps its Chief out of reach and leaves the draw to
    /// the offer.
    #[inline]
    fn chief_given_score(&self, pos: &Position) -> i32 {
        let draw = self.draw_score(pos, pos.turn());
        if self.offered {
            -draw
        } else {
            draw
        }
    }

    /// Whether `pos` counts as a dead ending: by its material (see [`eval::dead`]), or
    /// because the game went [`STALE_PLIES`] plies without a capture before the root.
    #[inline]
    fn dead(&self, pos: &Position) -> bool {
        self.stale || eval::dead(pos)
    }

    /// What a drawn game, ended in `pos`, is worth to `color`: bad for the side to move at
    /// the root if it was ahead in material there or is ahead when the draw happens, good
    /// if it was behind in both (see [`eval::draw_score`]), less a small contempt: the
    /// engine would rather play on than draw an even game. Counting the lead at the root
    /// keeps a side that sees a draw coming from giving away pieces first to make it look
    /// better; counting the lead at the end makes a side that has won material play on.
    #[inline]
    fn draw_score(&self, pos: &Position, color: Color) -> i32 {
        let root = if self.dead(pos) {
            // An ending nobody wins: a draw that ends it beats marking time until a ply
            // cap (the evaluation of such endings is shrunk too).
            DEAD_DRAW
        } else {
            let lead = eval::lead(pos, self.root_color).max(self.root_lead);
            eval::draw_value(lead) - CONTEMPT
        };
        if color == self.root_color {
            root
        } else {
            -root
        }
    }

    /// A quiet move caused a cut-off: remember it as a killer and in the history.
    fn reward(&mut self, ply: usize, m: Move, depth: i32) {
        let p = PackedMove::new(m);
        let k = &mut self.killers[ply];
        if k[0] != p {
            k[1] = k[0];
            k[0] = p;
        }
        let h = &mut self.history[m.from.index()][m.to.index()];
        *h += depth * depth;
        if *h > 1_000_000 {
            self.history
                .iter_mut()
                .for_each(|row| row.iter_mut().for_each(|h| *h /= 2));
        }
    }

    /// Quiescence search: captures only (and every move in its first ply when the own
    /// Princess is attacked), standing pat on the static evaluation.
    fn qsearch(
        &mut self,
        pos: &Position,
        ply: usize,
        qdepth: i32,
        mut alpha: i32,
        beta: i32,
        hash: u64,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let (st, info) = self.node(pos);
        if self.takes_the_draw(pos, info.as_ref()) {
            return self.chief_given_score(pos);
        }
        let stand = st.score;
        let evade = qdepth == 0 && st.danger;
        // Stand pat before generating moves (a position without moves is a draw, which
        // this may miss: rare, and only at the horizon).
        if !evade && (stand >= beta || !st.can_capture) || ply >= MAX_PLY - 2 || qdepth >= 12 {
            return stand;
        }
        let defended = info
            .as_ref()
            .map_or(0, |info| info.att[pos.turn().other() as usize]);
        let mut moves = std::mem::take(&mut self.lists[ply]);
        self.generate(pos, info.as_ref(), !evade, &mut moves);
        if evade && moves.is_empty() {
            self.lists[ply] = moves;
            return self.draw_score(pos, pos.turn());
        }
        let mut best = -INF;
        if !evade {
            alpha = alpha.max(stand);
            best = stand;
        }
        let n = moves.len();
        let mut keys = [i32::MIN; MAX_MOVES];
        let mut candidates = 0;
        for (k, m) in keys[..n].iter_mut().zip(moves.iter()) {
            if evade || m.capture.is_some() {
                *k = self.order_score(m, PackedMove::NONE, ply);
                candidates += 1;
            }
        }
        for _ in 0..candidates {
            let i = pick(&mut keys[..n]);
            let m = moves[i];
            if !evade {
                if let Some(victim) = m.capture {
                    let royal = matches!(victim, Role::Chief | Role::Princess);
                    let victim_value = eval::value_in(pos, pos.turn().other(), victim);
                    if !royal && stand + victim_value + 150 <= alpha {
                        continue;
                    }
                    // A capture that gives a more valuable piece for a defended one
                    // loses material (the Chief's captures are kept: being taken draws).
                    if !royal
                        && defended & m.to.bit() != 0
                        && eval::value_in(pos, pos.turn(), m.role) > victim_value
                    {
                        continue;
                    }
                }
            }
            let v = self.value_of(pos, hash, m, -(qdepth + 1), ply, alpha, beta);
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        best
    }

    /// The static evaluation of `pos` and, with the engine's own generator, what it
    /// computed on the way (for [`generate`](Self::generate)).
    #[inline]
    fn node(&self, pos: &Position) -> (Static, Option<NodeInfo>) {
        let (mut st, info) = if self.fast {
            let info = Generator::info(pos);
            (
                eval::evaluate_with(pos, info.att, info.att_without_chief),
                Some(info),
            )
        } else {
            (eval::evaluate_static(pos), None)
        };
        if self.stale {
            // Whoever is ahead has shown it cannot win: a draw that ends the game is
            // worth more than any position short of a win (which the search still finds).
            // What is left of the evaluation leads the engine's pieces towards such a
            // draw: its Chief towards enemy pieces that may take it, its pieces towards
            // the enemy Chief.
            let meet = eval::stale_meeting(pos, self.root_color);
            let meet = if pos.turn() == self.root_color {
                meet
            } else {
                -meet
            };
            st.score = (st.score / 8).clamp(-STALE_SPREAD, STALE_SPREAD) + meet;
        }
        if pos.countdown().is_some() && self.dead(pos) {
            // With so little on the board nothing is won in ten plies: the countdown
            // ends the game drawn.
            st.score = self.draw_score(pos, pos.turn());
        }
        (st, info)
    }

    /// The legal moves of `pos` into `out` (only captures if `captures_only`).
    #[inline]
    fn generate(
        &self,
        pos: &Position,
        info: Option<&NodeInfo>,
        captures_only: bool,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        match info {
            Some(info) => Generator::moves(pos, info, captures_only, out),
            None => out.extend(
                pos.legal_moves()
                    .iter()
                    .filter(|m| !captures_only || m.capture.is_some()),
            ),
        }
    }
}

/// The index of the highest key, which is then marked taken.
#[inline]
fn pick(keys: &mut [i32]) -> usize {
    let mut best = 0;
    for (i, &k) in keys.iter().enumerate() {
        if k > keys[best] {
            best = i;
        }
    }
    keys[best] = i32::MIN;
    best
}

/// Win and loss scores count plies from the root; stored, they count from the position.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
