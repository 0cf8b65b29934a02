use jetan_engine::WIN;
use jetan_rules::{Color, Position};

use crate::{after, mv, pos, search};

#[test]
fn takes_the_princess_in_one_rather_than_the_chief() {
    // The Panthan on e5 takes the Princess on e6; the Flier on g7 could take the Chief
    // on j10, which only draws.
    let p = pos("9c/10/10/6F3/4p5/4N5/10/10/10/CP8 b - - 0");
    let r = search(&p, 3);
    assert_eq!(r.best, Some(mv(&p, "e5-e6")));
    assert_eq!(r.score.win_in(), Some(1));
}

#[test]
fn the_chief_takes_the_chief() {
    let p = pos("9p/10/4c5/10/10/4C5/10/10/10/P9 b - - 0");
    let r = search(&p, 3);
    assert_eq!(r.best, Some(mv(&p, "e5-e8")));
    assert_eq!(r.score.0, WIN - 1);
}

#[test]
fn does_not_unblock_an_attack_on_its_princess_for_a_flier() {
    // The Panthan on a2 shields the Princess on a1 from the Dwar on a4; taking the
    // Flier on b3 would lose her.
    let p = pos("4p4c/10/10/10/10/10/d9/1f8/N9/P8C b - - 0");
    let bait = mv(&p, "a2-b3");
    for depth in 1..=4 {
        let r = search(&p, depth);
        let best = r.best.expect("a move");
        assert_ne!(best, bait, "depth {depth}");
        assert!(
            !after(&p, best).princess_in_danger(Color::Black),
            "{best} at depth {depth} lets the Princess be taken"
        );
    }
}

#[test]
fn moves_its_princess_out_of_danger() {
    // The Orange Dwar on a4 attacks the Princess on a1 (a2, a3 empty): she must move
    // (or be shielded), and never onto a threatened square.
    let p = pos("4p4c/10/10/10/10/10/d9/10/10/P8C b - - 0");
    assert!(p.princess_in_danger(Color::Black));
    let r = search(&p, 3);
    let best = r.best.unwrap();
    assert!(!after(&p, best).princess_in_danger(Color::Black), "{best}");
    assert!(r.score.loss_in().is_none());
}

#[test]
fn takes_the_chief_for_a_draw_when_behind() {
    // Orange has two Dwars, a Padwar and a Flier more; the Panthan on e8 can take the
    // Orange Chief on e9: a draw, the best Black can hope for.
    let p = pos("dda4f1p/4c5/4N5/10/10/10/10/10/10/C1P7 b - - 0");
    let r = search(&p, 3);
    assert_eq!(r.best, Some(mv(&p, "e8-e9")));
    assert!(r.score.0 > 0, "a draw is good when behind: {}", r.score);
}

#[test]
fn does_not_take_the_chief_for_a_draw_when_ahead() {
    // The same, colours of the extra pieces swapped: Black is far ahead.
    let p = pos("9p/4c5/4N5/10/10/10/10/10/10/DDA1C1P1F1 b - - 0");
    let r = search(&p, 3);
    assert_ne!(r.best, Some(mv(&p, "e8-e9")));
    assert!(r.score.0 > 300, "{}", r.score);
}

#[test]
fn plays_manator_and_counts_duels_as_expected_values() {
    let p = Position::start_of(jetan_rules::Variant::Manator);
    let r = search(&p, 3);
    assert!(p.legal_moves().contains(&r.best.unwrap()));
    assert!(r.score.0.abs() < 200, "{}", r.score);
}

#[test]
fn a_game_over_position_has_no_best_move() {
    let p = pos("9p/10/4c5/10/10/4C5/10/10/10/P9 b - - 0");
    let (end, _) = p
        .clone()
        .play(mv(&p, "e5-e8"), &mut jetan_rules::AttackerWins)
        .unwrap();
    let r = search(&end, 3);
    assert_eq!(r.best, None);
}

/// A Manator position from its string.
fn manator(text: &str) -> Position {
    Position::from_position_str(text, jetan_rules::Variant::Manator)
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

#[test]
fn does_not_toss_a_coin_for_the_game_a_panthan_behind_in_manator() {
    // The Chiefs stand three steps apart: a duel between them decides the game at even
    // odds. Black is only a Panthan behind: it neither attacks nor stays within reach.
    let p = manator("9p/n9/4c5/10/10/4C5/10/10/10/P9 b - - 0");
    let duel = mv(&p, "e5-e8");
    for depth in 2..=4 {
        let r = search(&p, depth);
        let best = r.best.unwrap();
        assert_ne!(best, duel, "depth {depth}");
        let next = after(&p, best);
        let black_chief = next
            .board()
            .royal(Color::Black, jetan_rules::Role::Chief)
            .unwrap();
        assert!(
            !next.legal_moves().iter().any(|m| m.to == black_chief),
            "{best} leaves the Chief within the Orange Chief's reach (depth {depth})"
        );
        assert!(r.score.win_in().is_none() && r.score.loss_in().is_none());
    }
}

#[test]
fn tosses_the_coin_when_far_behind_in_manator() {
    // The same with Orange two Dwars and a Padwar up: the even duel is Black's best hope.
    let p = manator("dda6p/10/4c5/10/10/4C5/10/10/10/P9 b - - 0");
    let r = search(&p, 3);
    assert_eq!(r.best, Some(mv(&p, "e5-e8")));
}

#[test]
fn a_return_to_a_position_of_the_game_counts_as_a_draw() {
    // Black is far ahead, so a draw is bad for it. Told that the position after its best
    // move stood on the board earlier in the game, it plays another move.
    let p = pos("9p/4c5/10/10/10/10/10/10/10/DDA1C1P1F1 b - - 20");
    let first = search(&p, 3);
    let best = first.best.unwrap();
    assert!(best.capture.is_none(), "{best}");
    // The same position after `best`, earlier in the game (ply 11).
    let text = after(&p, best).to_string();
    let (board_etc, _ply) = text.rsplit_once(' ').unwrap();
    let earlier = pos(&format!("{board_etc} 11"));
    let mut engine = jetan_engine::Engine::new(4);
    engine.set_history([&earlier]);
    let second = engine.search(&p, &jetan_engine::Limits::depth(3));
    assert_ne!(second.best, Some(best));
    assert!(second.score.0 > 0, "{}", second.score);
    // An engine told nothing repeats it.
    let mut fresh = jetan_engine::Engine::new(4);
    assert_eq!(
        fresh.search(&p, &jetan_engine::Limits::depth(3)).best,
        Some(best)
    );
}

#[test]
fn manator_duels_keep_the_tree_small() {
    // A middlegame full of duels. Searching a duel's results again with a full window
    // (as the engine once did) turned off pruning below every duel: 8.4 million nodes to
    // depth 5 here; windows that decide the weighted sum need a few hundred thousand.
    let p =
        manator("wad1pc1daw/1nnnn1nnnt/6n3/5oo3/9O/4t4O/4C5/3N6/TNNN1NNNNT/WAD2P1DAW o Bo - 14");
    let r = search(&p, 5);
    assert_eq!(r.depth, 5);
    assert!(r.nodes < 2_000_000, "{} nodes", r.nodes);
    assert!(p.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn ends_a_dead_ending_with_a_draw() {
    // Black has a Panthan more and nothing else: too little to trap the Princess or the
    // Chief. Taking the Chief with it ends the game drawn, better than a ply cap.
    let p = pos("9p/4c5/4N5/10/10/10/10/10/10/C1P7 b - - 100");
    let r = search(&p, 4);
    assert_eq!(r.best, Some(mv(&p, "e8-e9")));
    // With a Dwar and a Padwar more, Black plays on.
    let p = pos("9p/4c5/4N5/10/10/10/10/10/10/C1PDA5 b - - 100");
    assert_ne!(search(&p, 4).best, Some(mv(&p, "e8-e9")));
}

#[test]
fn a_countdown_in_a_dead_ending_is_a_welcome_draw() {
    // Chief and Princess each, five moves of the countdown left: the game ends drawn,
    // which in a dead ending is worth a little to the engine's side.
    let p = pos("9p/4c5/10/10/10/10/10/10/10/C1P7 b - 5 100");
    let r = search(&p, 2);
    assert!(r.score.0 > 0, "{}", r.score);
}

#[test]
fn a_hundred_plies_without_a_capture_make_a_dead_ending() {
    // Black has a Dwar, a Padwar and a Panthan more: it plays on rather than take the
    // Chief with the Panthan, a draw (see above).
    let p = pos("9p/4c5/4N5/10/10/10/10/10/10/C1PDA5 b - - 120");
    let draw = mv(&p, "e8-e9");
    // Told that the same pieces stood on the board 100 plies ago, it takes the draw: the
    // game has shown it cannot win.
    let earlier = pos("9p/4c5/4N5/10/10/10/10/10/10/C1PDA5 b - - 20");
    let mut engine = jetan_engine::Engine::new(4);
    engine.set_history([&earlier]);
    assert_eq!(
        engine.search(&p, &jetan_engine::Limits::depth(4)).best,
        Some(draw)
    );
    // 80 plies ago: it plays on.
    let earlier = pos("9p/4c5/4N5/10/10/10/10/10/10/C1PDA5 b - - 40");
    let mut engine = jetan_engine::Engine::new(4);
    engine.set_history([&earlier]);
    assert_ne!(
        engine.search(&p, &jetan_engine::Limits::depth(4)).best,
        Some(draw)
    );
    // A capture since (fewer pieces then than now is impossible; more pieces then means
    // a capture came after): it plays on.
    let earlier = pos("9p/4c5/4N5/10/10/10/10/10/9n/C1PDA5 b - - 20");
    let mut engine = jetan_engine::Engine::new(4);
    engine.set_history([&earlier]);
    assert_ne!(
        engine.search(&p, &jetan_engine::Limits::depth(4)).best,
        Some(draw)
    );
}

#[test]
fn a_stale_game_is_ended_by_offering_the_chief() {
    // Black is a Dwar and a Padwar up, but no enemy Chief is near its pieces. After 100
    // plies without a capture it takes its opponent to welcome a draw as it does, and
    // puts its Chief where the Panthan may take it, which ends the game drawn. On both
    // board shapes (the circular one is searched with the rules crate's moves).
    for shape in ["", " circular"] {
        let board = "8cp/10/10/10/10/4n5/10/10/10/4C1PDA1";
        let p = pos(&format!("{board} b o - 120{shape}"));
        let offers = |m: jetan_rules::Move| {
            let next = after(&p, m);
            let chief = next
                .board()
                .royal(jetan_rules::Color::Black, jetan_rules::Role::Chief)
                .unwrap();
            next.legal_moves()
                .iter()
                .any(|t| t.to == chief && t.role == jetan_rules::Role::Panthan)
        };
        let earlier = pos(&format!("{board} b o - 20{shape}"));
        let mut engine = jetan_engine::Engine::new(4);
        engine.set_history([&earlier]);
        let r = engine.search(&p, &jetan_engine::Limits::depth(4));
        let best = r.best.unwrap();
        assert!(offers(best), "{best}{shape}");
        // It expects the draw (a draw in a dead ending is worth +0.30 to the engine),
        // not merely a Chief next to a Panthan.
        assert_eq!(r.score.to_string(), "+0.30", "{shape}");
        // Not stale: it keeps its Chief out of the Panthan's reach.
        let best = search(&p, 4).best.unwrap();
        assert!(!offers(best), "{best}{shape}");
        // Stale, but with a draw offered by its host: it no longer needs to offer its
        // Chief, and keeps it out of reach (the opponent may accept the offer instead).
        let mut engine = jetan_engine::Engine::new(4);
        engine.set_history([&earlier]);
        engine.set_draw_offered(true);
        let best = engine
            .search(&p, &jetan_engine::Limits::depth(4))
            .best
            .unwrap();
        assert!(!offers(best), "offered: {best}{shape}");
    }
}
