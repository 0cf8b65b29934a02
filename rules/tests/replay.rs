//! Replaying game records, move reports, duel streams and notation.

mod common;

use common::*;
use jetan_rules::{
    replay, AttackerWins, Color, Dice, DuelStream, IllegalMove, Move, MoveText, Position, Role,
    Square, Topology, Variant,
};

fn texts(moves: &[&str]) -> Vec<MoveText> {
    moves.iter().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn replay_gives_every_position_and_report() {
    let moves = texts(&["e2-e3", "e9-e8", "Fd1-g4", "d9-d8", "g4-d7"]);
    let game = replay(Position::start(), moves.clone(), &mut AttackerWins).unwrap();
    assert_eq!(game.len(), 5);
    let positions: Vec<&Position> = game.positions().collect();
    assert_eq!(positions.len(), 6);
    assert_eq!(positions[0], &Position::start());
    // The same positions as playing the moves one by one.
    let mut pos = Position::start();
    for (i, t) in moves.iter().enumerate() {
        let m = t.resolve(&pos).unwrap();
        pos = pos.play(m, &mut AttackerWins).unwrap().0;
        assert_eq!(positions[i + 1], &pos);
    }
    // The last move: the Flier lands on the empty d7.
    let last = game.steps().last().unwrap();
    assert_eq!(last.report.mover().role, Role::Flier);
    assert_eq!(last.report.kill(), None);
    assert_eq!(game.last(), &pos);
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.to_string(),
        "Ne2-e3 ne9-e8 Fd1-g4 nd9-d8 Fg4-d7".replace('n', "N")
    );
}

#[test]
fn replay_reports_kills_with_their_square() {
    // A Black Dwar takes an Orange Panthan on e8.
    let pos = with_pieces(&[("e5", 'D'), ("e8", 'n')], Color::Black);
    let game = replay(pos, [(sq("e5"), sq("e8"))], &mut AttackerWins).unwrap();
    let report = game.reports().next().unwrap();
    assert_eq!(report.kill(), Some((sq("e8"), piece('n'))));
    assert_eq!(report.mover(), piece('D'));
    assert!(report.duel.is_none(), "no duels in Classic");
    assert_eq!(format!("{:#}", report.mv), "De5xe8");
}

#[test]
fn replay_reports_manator_duels_with_odds_and_winner() {
    // A Black Panthan attacks an Orange Odwar: odds 1 to 5.
    let pos = with_pieces(&[("e5", 'N'), ("e6", 'o')], Color::Black);
    assert_eq!(pos.variant(), Variant::Manator);
    let lost = replay(
        pos.clone(),
        [(sq("e5"), sq("e6"))],
        &mut |_: Role, _: Role| false,
    )
    .unwrap();
    let report = lost.reports().next().unwrap();
    let duel = report.duel.unwrap();
    assert_eq!(duel.odds(), (1, 5));
    assert_eq!(duel.square, sq("e6"));
    assert_eq!(duel.winner(), piece('o'));
    assert_eq!(duel.loser(), piece('N'));
    assert_eq!(
        report.kill(),
        Some((sq("e6"), piece('N'))),
        "the attacker died"
    );
    assert_eq!(lost.duels(), 1);
    let won = replay(pos, [(sq("e5"), sq("e6"))], &mut |_: Role, _: Role| true).unwrap();
    assert_eq!(
        won.reports().next().unwrap().kill(),
        Some((sq("e6"), piece('o')))
    );
}

#[test]
fn replay_reports_the_escape_and_the_outcome() {
    let royals = [("e1", 'C'), ("a5", 'P'), ("e10", 'c'), ("g10", 'p')];
    let pos = build(&royals, &[("h9", 'N')], Color::Black, (true, false));
    let game = replay(
        pos,
        texts(&["a5-g4", "e10-f7", "h9xg10"]),
        &mut AttackerWins,
    )
    .unwrap();
    let reports: Vec<_> = game.reports().collect();
    assert!(reports[0].is_escape());
    assert!(!reports[1].is_escape());
    assert_eq!(reports[2].kill(), Some((sq("g10"), piece('p'))));
    assert_eq!(
        reports[2].outcome.map(|o| o.summary()).as_deref(),
        Some("black wins: princess captured")
    );
    assert_eq!(game.outcome(), reports[2].outcome);
}

#[test]
fn replay_stops_at_the_first_illegal_move() {
    let err = replay(
        Position::start(),
        texts(&["e2-e3", "e9-e8", "Ae3-e4"]),
        &mut AttackerWins,
    )
    .unwrap_err();
    assert_eq!(err.number, 3);
    assert_eq!(
        err.reason,
        IllegalMove::WrongPiece {
            square: sq("e3"),
            named: Role::Padwar,
            actual: Role::Panthan
        }
    );
    assert_eq!(err.replayed.len(), 2);
    assert!(err
        .to_string()
        .starts_with("move 3 (Ae3-e4) does not replay: "));
}

#[test]
fn a_move_after_the_end_does_not_replay() {
    // The Black Dwar takes the Orange Princess on c10; nothing may follow.
    let pos = with_pieces(&[("c7", 'D')], Color::Black);
    let err = replay(pos, texts(&["c7-c10", "a10-a7"]), &mut AttackerWins).unwrap_err();
    assert_eq!(err.number, 2);
    assert!(matches!(err.reason, IllegalMove::GameOver(_)));
    assert_eq!(
        err.replayed.outcome().map(|o| o.summary()).as_deref(),
        Some("black wins: princess captured")
    );
}

#[test]
fn replay_of_a_random_manator_game_matches_play_with_the_same_seed() {
    for topology in Topology::ALL {
        let mut pos = Position::start_on(Variant::Manator, topology);
        let start = pos.clone();
        let mut dice = DuelStream::new(99);
        let mut pick = DuelStream::new(5);
        let mut moves: Vec<Move> = Vec::new();
        let mut duels = 0u64;
        for _ in 0..200 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(pick.next_u64() % legal.len() as u64) as usize];
            let (next, report) = pos.play(m, &mut dice).unwrap();
            duels += u64::from(report.duel.is_some());
            moves.push(m);
            pos = next;
            if report.outcome.is_some() {
                break;
            }
        }
        let game = replay(start, &moves, &mut DuelStream::new(99)).unwrap();
        assert_eq!(game.last(), &pos);
        assert_eq!(game.duels() as u64, duels);
        // The stream resumed after those duels is where play left it.
        assert_eq!(DuelStream::resume(99, duels), dice);
    }
}

#[test]
fn duel_streams_skip_in_constant_time() {
    let mut a = DuelStream::new(3);
    for _ in 0..1000 {
        a.attacker_wins(Role::Chief, Role::Chief);
    }
    let mut b = DuelStream::new(3);
    b.skip_duels(1000);
    assert_eq!(a, b);
    assert_eq!(DuelStream::resume(3, 1000), a);
    assert_eq!(DuelStream::resume(3, 0), DuelStream::new(3));
}

#[test]
fn moves_have_one_formatter() {
    let pos = with_pieces(&[("b3", 'A'), ("d5", 'n')], Color::Black);
    let m = pos.find_move(sq("b3"), sq("d5")).unwrap();
    assert_eq!(m.to_string(), "b3-d5");
    assert_eq!(format!("{m:#}"), "Ab3xd5");
    assert_eq!(m.notation(), "Ab3xd5");
    let text: MoveText = format!("{m:#}").parse().unwrap();
    assert_eq!(text.to_string(), "Ab3-d5");
    assert_eq!(text.resolve(&pos), Ok(m));
    let pair: MoveText = (sq("b3"), sq("d5")).into();
    assert_eq!(pair.to_string(), "b3-d5");
}

#[test]
fn start_positions_by_name() {
    for (name, variant, topology) in Position::START_NAMES {
        let pos = Position::named(name).unwrap();
        assert_eq!((pos.variant(), pos.topology()), (variant, topology));
        assert_eq!(pos, Position::start_on(variant, topology));
        assert_eq!(Position::from_name_or_str(name).unwrap(), pos);
        assert_eq!(Position::from_name_or_str(&pos.to_string()).unwrap(), pos);
    }
    assert_eq!(
        Position::start_of(Variant::Manator),
        Position::named("manator-start").unwrap()
    );
    assert!(Position::named("begin").is_none());
    assert!(Position::from_name_or_str("begin").is_err());
    let _: Square = Square::A1;
}
