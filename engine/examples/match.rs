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
//! positions of A's draws / losses.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use jetan_engine::players::{play_game, start_position, GameEnd, PlayerKind, SearchStats};
use jetan_rules::{Color, Variant};

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
    let (mut wins, mut draws, mut losses, mut capped) = (0u64, 0u64, 0u64, 0u64);
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    let mut plies = 0u64;
    let (mut stats_a, mut stats_b) = (SearchStats::default(), SearchStats::default());
    let started = Instant::now();
    for game in 1..=games {
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
            start_position(variant, first),
            black,
            orange,
            s + 3,
            max_plies,
        )
        .expect("game");
        stats_a = stats_a + pa.stats().unwrap_or_default();
        stats_b = stats_b + pb.stats().unwrap_or_default();
        let result = match r.end.winner() {
            Some(c) if c == a_color => {
                wins += 1;
                "A wins"
            }
            Some(_) => {
                losses += 1;
                "B wins"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        if matches!(r.end, GameEnd::PlyCap(_)) {
            capped += 1;
        }
        plies += r.moves.len() as u64;
        *ends.entry(r.end.to_string()).or_default() += 1;
        let board = r.last.board();
        let (ma, mb) = (board.material(a_color), board.material(a_color.other()));
        let last = if r.last.turn() == a_color { "B" } else { "A" };
        println!(
            "game {game}: A {a} as {a_color}, {first} first: {result}: {} ({} plies; last move by {last}; material A {ma} B {mb})",
            r.end,
            r.moves.len()
        );
        let show = match result {
            "draw" => std::env::var_os("SHOW_DRAWS").is_some(),
            "B wins" => std::env::var_os("SHOW_LOSSES").is_some(),
            _ => false,
        };
        if show {
            let mut pos = start_position(variant, first);
            let mut dice = jetan_rules::DuelStream::new(s + 3);
            for m in &r.moves {
                let (next, report) = pos.clone().play(*m, &mut dice).expect("legal");
                let duel = report.duel.map_or(String::new(), |d| {
                    format!(" duel won by attacker: {}", d.attacker_won)
                });
                println!("    {pos}    {}{duel}", m.notation());
                pos = next;
            }
        }
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
        "{games} {variant} games, A {a} vs B {b}, {} ms per move, {:.1} min, {:.0} plies per game",
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
