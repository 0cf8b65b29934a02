use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jetan_engine::{Engine, Level, Limits};
use jetan_rules::{Position, Variant};

/// Machines are noisy (and tests run in parallel): allow generous slack.
const SLACK: Duration = Duration::from_millis(200);

#[test]
fn respects_the_time_limit() {
    for variant in [Variant::Classic, Variant::Manator] {
        let pos = Position::start_of(variant);
        let budget = Duration::from_millis(150);
        let mut engine = Engine::new(4);
        let started = Instant::now();
        let r = engine.search(&pos, &Limits::time(budget));
        let took = started.elapsed();
        assert!(took < budget + SLACK, "{variant}: took {took:?}");
        assert!(r.best.is_some());
    }
}

#[test]
fn level_5_respects_the_time_limit_deep_in_a_game() {
    let pos: Position =
        "w1dfpcfd1w/t1nn1nn1nt/2a2n4/1n8/4N5/2N2a4/1N2N5/3T1NNNN1/A2F1T4/W1D1CPFDAW o Bo - 12"
            .parse()
            .unwrap();
    let budget = Duration::from_millis(120);
    let started = Instant::now();
    let r = Engine::new(4).search(&pos, &Level::MAX.limits(budget));
    assert!(
        started.elapsed() < budget + SLACK,
        "took {:?}",
        started.elapsed()
    );
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn a_zero_budget_still_gives_a_legal_move() {
    let pos = Position::start();
    let r = Engine::new(1).search(&pos, &Limits::time(Duration::ZERO));
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn the_stop_flag_ends_the_search() {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::time(Duration::from_secs(30)).with_stop(stop.clone());
    let started = Instant::now();
    let thinker = std::thread::spawn(move || Engine::new(4).search(&Position::start(), &limits));
    std::thread::sleep(Duration::from_millis(50));
    stop.store(true, Ordering::Relaxed);
    let r = thinker.join().unwrap();
    assert!(started.elapsed() < Duration::from_millis(50) + SLACK);
    assert!(r.best.is_some());
}

#[test]
fn the_engine_is_send() {
    fn is_send<T: Send + 'static>() {}
    is_send::<Engine>();
    is_send::<Limits>();
}
