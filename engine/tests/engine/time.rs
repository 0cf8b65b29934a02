//! The time limit and the stop flag, checked on what the search did (nodes, depth), not
//! on the wall clock: a loaded machine (tests run in parallel on two shared cores) must
//! not make these fail. How late searches return is measured by the bench
//! (`cargo bench -p jetan-engine --bench search`: "worst overrun").

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jetan_engine::{Engine, Level, Limits, MAX_DEPTH};
use jetan_rules::{Position, Variant};

/// The clock is read every 256 nodes: a search past its deadline stops within that many
/// nodes (plus the few its callers unwind through).
const NODES_AFTER_DEADLINE: u64 = 2_000;

#[test]
fn an_expired_time_limit_stops_the_search_within_a_few_hundred_nodes() {
    for variant in [Variant::Classic, Variant::Manator] {
        let pos = Position::start_of(variant);
        let r = Engine::new(4).search(&pos, &Limits::time(Duration::ZERO));
        assert!(
            r.nodes < NODES_AFTER_DEADLINE,
            "{variant}: {} nodes",
            r.nodes
        );
        assert!(pos.legal_moves().contains(&r.best.unwrap()));
    }
}

#[test]
fn level_5_stops_at_its_time_limit_deep_in_a_game() {
    let pos: Position =
        "w1dfpcfd1w/t1nn1nn1nt/2a2n4/1n8/4N5/2N2a4/1N2N5/3T1NNNN1/A2F1T4/W1D1CPFDAW o Bo - 12"
            .parse()
            .unwrap();
    let r = Engine::new(4).search(&pos, &Level::MAX.limits(Duration::ZERO));
    assert!(r.nodes < NODES_AFTER_DEADLINE, "{} nodes", r.nodes);
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn a_time_limit_ends_iterative_deepening() {
    // Without the limit this would search to depth 64 for hours.
    let pos = Position::start();
    let r = Engine::new(4).search(&pos, &Limits::time(Duration::from_millis(100)));
    assert!(r.depth < MAX_DEPTH);
    assert!(r.best.is_some());
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_once() {
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits::time(Duration::from_secs(3600)).with_stop(stop);
    let r = Engine::new(4).search(&Position::start(), &limits);
    assert!(r.nodes < NODES_AFTER_DEADLINE, "{} nodes", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn the_stop_flag_ends_a_search_from_another_thread() {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::time(Duration::from_secs(3600)).with_stop(stop.clone());
    let started = Instant::now();
    let thinker = std::thread::spawn(move || Engine::new(4).search(&Position::start(), &limits));
    std::thread::sleep(Duration::from_millis(50));
    stop.store(true, Ordering::Relaxed);
    let r = thinker.join().unwrap();
    // Only a search that ignored the flag would take anywhere near an hour.
    assert!(started.elapsed() < Duration::from_secs(600));
    assert!(r.depth < MAX_DEPTH);
    assert!(r.best.is_some());
}

#[test]
fn the_engine_is_send() {
    fn is_send<T: Send + 'static>() {}
    is_send::<Engine>();
    is_send::<Limits>();
}
