//! What one move costs as a game grows: bytes written (the `write` calls of this
//! process, from `/proc/self/io`, so sled's log included) and time per acknowledged
//! (flushed) move, at ply 10 and ply 400 of one game; then opening the directory, reading
//! the 400-ply game and replaying it.
//!
//! `cargo run -p jetan-store --example move_cost` (add `--release` for optimized figures)
//!
//! For comparison it also prints what format 1 wrote per move: the whole game record,
//! moves included.

use std::time::{Duration, Instant};

use jetan_rules::{AttackerWins, Position, Variant};
use jetan_store::{Records, Stamp, Store, Terms};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const GUILD: jetan_store::GuildId = jetan_store::GuildId(1);
const CH: jetan_store::ChannelId = jetan_store::ChannelId(10);
const ALICE: jetan_store::UserId = jetan_store::UserId(100);
const BOB: jetan_store::UserId = jetan_store::UserId(200);
const PLIES: usize = 400;
/// Moves averaged around each measuring point.
const WINDOW: usize = 20;

/// Bytes this process has passed to `write` so far (Linux).
fn written() -> u64 {
    std::fs::read_to_string("/proc/self/io")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("wchar:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut id = 0;
    let mut req = |user| {
        id += 1;
        Stamp::new(id, user, id)
    };
    let terms = Terms {
        stake: 10,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    };
    store.challenge(req(ALICE), GUILD, CH, BOB, terms).unwrap();
    store.accept(req(BOB), CH, None, 0, 1).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    // (bytes, time, format-1 record size) per ply.
    let mut cost: Vec<(u64, Duration, usize)> = Vec::new();
    let mut game = store.game(CH).unwrap().unwrap();
    for _ in 0..PLIES {
        let pos = game.position().unwrap();
        let all = pos.legal_moves();
        let quiet: Vec<_> = all.iter().filter(|m| !m.is_capture()).collect();
        let m = quiet[rng.gen_range(0..quiet.len())];
        let (w0, t0) = (written(), Instant::now());
        let r = store
            .play(
                req(game.to_move()),
                CH,
                (game.id, game.version),
                m.from,
                m.to,
            )
            .unwrap();
        let (dt, dw) = (t0.elapsed(), written() - w0);
        assert!(r.finished.is_none(), "the game ended at ply {}", r.ply);
        // What format 1 re-encoded for this move: the whole game, moves included.
        let mv = *r.record.as_move().unwrap();
        match &mut game.records {
            Records::Jetan(v) => v.push(mv),
            other => *other = Records::Jetan(vec![mv]),
        }
        game.position = r.after.clone();
        game.version = r.version;
        game.last_move_at = mv.at;
        let v1 = 1 + serde_json::to_vec(&game).unwrap().len();
        cost.push((dw, dt, v1));
    }
    assert_eq!(store.game(CH).unwrap().unwrap(), game);
    let at = |ply: usize| {
        let w = &cost[ply.saturating_sub(WINDOW / 2)..(ply + WINDOW / 2).min(PLIES)];
        let n = w.len() as u64;
        let bytes = w.iter().map(|c| c.0).sum::<u64>() / n;
        let mut times: Vec<Duration> = w.iter().map(|c| c.1).collect();
        times.sort();
        let v1 = w.iter().map(|c| c.2).sum::<usize>() / w.len();
        (bytes, times[times.len() / 2], v1)
    };
    for ply in [10, 100, 200, 300, 390] {
        let (bytes, time, v1) = at(ply);
        println!(
            "ply {ply:>3}: {bytes:>6} bytes written per move, {:>7.1} µs per flushed move (mean bytes, median time, of {WINDOW} moves); format 1 re-encoded a {v1}-byte game record",
            time.as_secs_f64() * 1e6
        );
    }
    drop(store);

    let t0 = Instant::now();
    let store = Store::open(dir.path()).unwrap();
    let open = t0.elapsed();
    let t1 = Instant::now();
    let g = store.game(CH).unwrap().unwrap();
    let read = t1.elapsed();
    assert_eq!(g.moves().len(), PLIES);
    let t2 = Instant::now();
    let mut pos = Position::start_of(jetan_store::games::jetan::options(&g.terms).variant);
    for rec in g.moves() {
        let m = pos.find_move(rec.from, rec.to).unwrap();
        pos = pos.play(m, &mut AttackerWins).unwrap().0;
    }
    let replay = t2.elapsed();
    assert_eq!(pos.to_string(), g.position);
    let t3 = Instant::now();
    let report = store.verify().unwrap();
    let verify = t3.elapsed();
    assert!(report.is_clean(), "{report}");
    println!(
        "{PLIES}-ply game: open {:.2} ms, read with its moves {:.0} µs, replay {:.0} µs, verify {:.2} ms",
        open.as_secs_f64() * 1e3,
        read.as_secs_f64() * 1e6,
        replay.as_secs_f64() * 1e6,
        verify.as_secs_f64() * 1e3
    );
}
