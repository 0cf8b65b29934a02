use std::time::Duration;

use jetan_engine::players::{play_game, start_position, GameEnd, PlayerKind};
use jetan_engine::{Engine, Level, Limits};
use jetan_rules::{Color, Position, Variant};

#[test]
fn greedy_takes_the_most_valuable_piece() {
    // The Flier on g7 can take the Chief on j10; the Panthan on e5 the Princess on e6.
    let p: Position = "9c/10/10/6F3/4p5/4N5/10/10/10/CP8 b - - 0".parse().unwrap();
    let mut greedy = PlayerKind::Greedy.build(1, Duration::ZERO);
    let m = greedy.choose(&p).unwrap();
    assert_eq!(m.to.to_string(), "e6");
}

#[test]
fn games_end_and_alternate_first_movers() {
    let start = start_position(Variant::Classic, Color::Orange);
    assert_eq!(start.turn(), Color::Orange);
    let mut a = PlayerKind::Random.build(1, Duration::ZERO);
    let mut b = PlayerKind::Random.build(2, Duration::ZERO);
    let game = play_game(start, a.as_mut(), b.as_mut(), 7, 30).unwrap();
    assert!(game.moves.len() <= 30);
    if game.moves.len() == 30 {
        assert_eq!(game.end, GameEnd::PlyCap(30));
    }
}

#[test]
fn the_engine_beats_random_play() {
    // Level 2 stops at 2 plies; the generous budget only keeps a loaded machine from
    // cutting it shorter.
    let mut engine = PlayerKind::Engine(Level::new(2).unwrap()).build(3, Duration::from_secs(5));
    let mut random = PlayerKind::Random.build(4, Duration::ZERO);
    let game = play_game(Position::start(), engine.as_mut(), random.as_mut(), 0, 400).unwrap();
    assert_eq!(game.end.winner(), Some(Color::Black), "{}", game.end);
    // What its searches added up to: one search per move it made, each to depth 2 (or
    // 1 for the move that takes the Princess: a win in one ply ends the search).
    let stats = engine.stats().expect("the engine searches");
    let own_moves = game.moves.len().div_ceil(2) as u64;
    assert_eq!(stats.searches, own_moves);
    assert!((2 * own_moves - 1..=2 * own_moves).contains(&stats.depth_sum));
    assert!(stats.nodes >= stats.searches);
    assert!(stats.mean_depth() > 1.0 && stats.mean_depth() <= 2.0);
    assert_eq!(random.stats(), None);
}

#[test]
fn noise_is_deterministic_for_a_seed() {
    let pos = Position::start();
    let limits = Level::new(1)
        .unwrap()
        .limits(Duration::from_secs(5))
        .with_seed(42);
    let a = Engine::new(1).search(&pos, &limits).best;
    let b = Engine::new(1).search(&pos, &limits).best;
    assert_eq!(a, b);
    let spread: std::collections::HashSet<_> = (0..20)
        .map(|seed| {
            Engine::new(1)
                .search(&pos, &limits.clone().with_seed(seed))
                .best
        })
        .collect();
    assert!(
        spread.len() > 3,
        "level 1 should vary its moves: {spread:?}"
    );
    let _ = Limits::default();
}

#[test]
fn the_engine_plays_the_circular_board() {
    // Ninth-Ray Jetan (RULES.md §11): the engine's own move generator knows only the flat
    // board, so the search uses the rules crate's moves; every move it picks is legal,
    // Classic and Manator, whoever moves first.
    for variant in [Variant::Classic, Variant::Manator] {
        for first in [Color::Black, Color::Orange] {
            let mut pos = Position::start_on(variant, jetan_rules::Topology::Circular);
            if first == Color::Orange {
                let mut setup = pos.to_setup();
                setup.turn = Color::Orange;
                pos = Position::from_setup(setup, variant).unwrap();
            }
            let mut engine = Engine::new(4);
            for _ in 0..8 {
                let Some(m) = engine.search(&pos, &Limits::depth(1)).best else {
                    break;
                };
                assert!(pos.legal_moves().contains(&m), "{m} in {pos}");
                let (next, report) = pos.clone().play(m, &mut jetan_rules::AttackerWins).unwrap();
                if report.outcome.is_some() {
                    break;
                }
                pos = next;
            }
            assert!(pos.to_string().ends_with("circular"), "{pos}");
        }
    }
}
