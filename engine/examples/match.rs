//! A match between two players, the way engine authors measure strength:
//!
//! ```text
//! cargo run --release -p jetan-engine --example match -- A B GAMES SEED MS [classic|manator] [MAX_PLIES]
//! # e.g. engine:5 engine:3 40 1 200
//! ```
//!
//! Player A plays Black in odd games and Orange in even ones, and who moves first changes
//! every two games, so each player gets both colours and both first moves equally often.
//! One line per game, then A's score (win 1, draw ½), the draw ratio, how the games
//! ended, the Elo difference of A over B with its 95 % error bars (trinomial model), and
//! the log-likelihood ratio of an SPRT of H0: Elo 0 against H1: Elo 50 (α = β = 0.05:
//! accept H1 above 2.94, H0 below −2.94). Set `SHOW_DRAWS` / `SHOW_LOSSES` to print the
//! positions of A's draws / losses. `MATCH_THREADS=N` plays N games at a time (one per
//! core; each search is single-threaded): the lines then come in the order the games end.
//! `MATCH_RULES=STRING` plays by a rules string (RULES.md §12, e.g. `standard;D:upto`);
//! A and B swap colours, so each plays each side's rules equally often.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use jetan_engine::players::{play_game, start_position, GameEnd, PlayerKind, SearchStats};
use jetan_rules::{Color, Rules, Variant};

/// The rule options of `MATCH_RULES` (standard without it).
fn rules() -> Rules {
    std::env::var("MATCH_RULES").map_or(Rules::default(), |r| {
        r.parse().unwrap_or_else(|e| panic!("MATCH_RULES: {e}"))
    })
}

/// The expected score of a player `elo` points stronger.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives an expected score `s`.
fn elo(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        eprintln!("usage: match A B GAMES SEED MS [classic|manator] [MAX_PLIES]");
        std::process::exit(2);
    }
    let a: PlayerKind = args[1].parse().expect("player A");
    let b: PlayerKind = args[2].parse().expect("player B");
    let games: u64 = args[3].parse().expect("games");
    let seed: u64 = args[4].parse().expect("seed");
    let budget = Duration::from_millis(args[5].parse().expect("ms"));
    let variant = if args.get(6).is_some_and(|v| v == "manator") {
        Variant::Manator
    } else {
        Variant::Classic
    };
    let max_plies: u32 = args.get(7).map_or(400, |m| m.parse().expect("max plies"));
    let threads: u64 = std::env::var("MATCH_THREADS")
        .ok()
        .map_or(1, |t| t.parse().expect("MATCH_THREADS: a number"))
        .clamp(1, 64);
    let started = Instant::now();
    // Games are handed out in order to `threads` workers; each line is printed as its
    // game ends, the totals once all have.
    let next = AtomicU64::new(1);
    let done: Mutex<Vec<Played>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game > games {
                    break;
                }
                let played = play(game, a, b, seed, budget, variant, max_plies);
                let mut done = done.lock().expect("no worker panicked");
                print!("{}", played.text);
                done.push(played);
            });
        }
    });
    let done = done.into_inner().expect("no worker panicked");
    let (mut wins, mut draws, mut losses, mut capped) = (0u64, 0u64, 0u64, 0u64);
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    let mut plies = 0u64;
    let (mut stats_a, mut stats_b) = (SearchStats::default(), SearchStats::default());
    for p in &done {
        match p.score {
            Score::Win => wins += 1,
            Score::Draw => draws += 1,
            Score::Loss => losses += 1,
        }
        capped += u64::from(p.capped);
        plies += p.plies;
        *ends.entry(p.end.clone()).or_default() += 1;
        stats_a = stats_a + p.stats_a;
        stats_b = stats_b + p.stats_b;
    }
    let n = (wins + draws + losses) as f64;
    let score = (wins as f64 + 0.5 * draws as f64) / n;
    let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
    // Per-game variance of the score, and the standard error of the mean.
    let var = w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2);
    let se = (var / n).sqrt();
    let (lo, hi) = (score - 1.96 * se, score + 1.96 * se);
    let (s0, s1) = (expected(0.0), expected(50.0));
    let llr = if var > 0.0 {
        n * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * var)
    } else {
        0.0
    };
    println!(
        "{games} {variant} games by `{}`, A {a} vs B {b}, {} ms per move, {threads} at a time, {:.1} min, {:.0} plies per game",
        rules(),
        budget.as_millis(),
        started.elapsed().as_secs_f64() / 60.0,
        plies as f64 / n
    );
    for (name, st) in [("A", stats_a), ("B", stats_b)] {
        if st.searches > 0 {
            println!(
                "  {name}: mean depth {:.1}, {:.0} k nodes per second (wall clock, under the machine's load)",
                st.mean_depth(),
                st.nps() / 1000.0
            );
        }
    }
    for (end, count) in &ends {
        println!("  {count:>3} × {end}");
    }
    println!(
        "A: +{wins} ={draws} -{losses}: score {:.1} % (95 %: {:.1}–{:.1} %), draws {:.0} %, ply cap {capped} ({:.1} %)",
        100.0 * score,
        100.0 * lo.max(0.0),
        100.0 * hi.min(1.0),
        100.0 * d,
        100.0 * capped as f64 / n
    );
    println!(
        "Elo A − B: {:+.0} ± {:.0} (95 %: {:+.0} … {:+.0}); SPRT(0, 50) LLR {llr:.2} ({})",
        elo(score),
        (elo(hi.min(1.0 - 1e-6)) - elo(lo.max(1e-6))) / 2.0,
        elo(lo.max(1e-6)),
        elo(hi.min(1.0 - 1e-6)),
        if llr >= 2.94 {
            "H1 accepted: A is stronger"
        } else if llr <= -2.94 {
            "H0 accepted"
        } else {
            "continue"
        }
    );
}

/// A's result in one game.
#[derive(Clone, Copy)]
enum Score {
    Win,
    Draw,
    Loss,
}

/// One game, played.
struct Played {
    score: Score,
    capped: bool,
    plies: u64,
    end: String,
    stats_a: SearchStats,
    stats_b: SearchStats,
    /// Its line (and positions, if asked for), ready to print.
    text: String,
}

/// Plays game number `game` of the match: A plays Black in odd games and Orange in even
/// ones, and who moves first changes every two games.
fn play(
    game: u64,
    a: PlayerKind,
    b: PlayerKind,
    seed: u64,
    budget: Duration,
    variant: Variant,
    max_plies: u32,
) -> Played {
    let a_color = if game % 2 == 1 {
        Color::Black
    } else {
        Color::Orange
    };
    let first = if (game - 1) % 4 < 2 {
        Color::Black
    } else {
        Color::Orange
    };
    let s = seed.wrapping_mul(1000).wrapping_add(game * 10);
    let mut pa = a.build(s + 1, budget);
    let mut pb = b.build(s + 2, budget);
    let (black, orange) = match a_color {
        Color::Black => (pa.as_mut(), pb.as_mut()),
        Color::Orange => (pb.as_mut(), pa.as_mut()),
    };
    let r = play_game(
        start_position(variant, first).with_rules(rules()),
        black,
        orange,
        s + 3,
        max_plies,
    )
    .expect("game");
    let (score, result) = match r.end.winner() {
        Some(c) if c == a_color => (Score::Win, "A wins"),
        Some(_) => (Score::Loss, "B wins"),
        None => (Score::Draw, "draw"),
    };
    let board = r.last.board();
    let (ma, mb) = (board.material(a_color), board.material(a_color.other()));
    let last = if r.last.turn() == a_color { "B" } else { "A" };
    let mut text = format!(
        "game {game}: A {a} as {a_color}, {first} first: {result}: {} ({} plies; last move by {last}; material A {ma} B {mb})\n",
        r.end,
        r.moves.len()
    );
    let show = match score {
        Score::Draw => std::env::var_os("SHOW_DRAWS").is_some(),
        Score::Loss => std::env::var_os("SHOW_LOSSES").is_some(),
        Score::Win => false,
    };
    if show {
        let mut pos = start_position(variant, first);
        let mut dice = jetan_rules::DuelStream::new(s + 3);
        for m in &r.moves {
            let (next, report) = pos.clone().play(*m, &mut dice).expect("legal");
            let duel = report.duel.map_or(String::new(), |d| {
                format!(" duel won by attacker: {}", d.attacker_won)
            });
            text += &format!("    {pos}    {}{duel}\n", m.notation());
            pos = next;
        }
    }
    Played {
        score,
        capped: matches!(r.end, GameEnd::PlyCap(_)),
        plies: r.moves.len() as u64,
        end: r.end.to_string(),
        stats_a: pa.stats().unwrap_or_default(),
        stats_b: pb.stats().unwrap_or_default(),
        text,
    }
}
