//! One test per rule and Decision of RULES.md.

mod common;

use common::*;
use jetan_rules::{
    AttackerWins, Color, DrawReason, IllegalMove, Outcome, Position, Role, Variant, WinReason,
};

fn count_from(extra: &[(&str, char)], from: &str) -> usize {
    with_pieces(extra, Color::Black).moves_from(sq(from)).len()
}

fn play(pos: Position, from: &str, to: &str) -> (Position, jetan_rules::Report) {
    let m = pos
        .find_move(sq(from), sq(to))
        .unwrap_or_else(|e| panic!("{from}-{to}: {e}"));
    pos.play(m, &mut AttackerWins).unwrap()
}

// §3: the table of end squares on an empty board, far from the edges.
#[test]
fn single_pieces_in_the_middle_match_the_rule_book_table() {
    for (letter, expected) in [
        ('N', 5),
        ('W', 8),
        ('A', 8),
        ('T', 12),
        ('D', 16),
        ('F', 16),
        ('C', 0),
    ] {
        if letter == 'C' {
            continue;
        }
        assert_eq!(
            count_from(&[("e5", letter)], "e5"),
            expected,
            "{letter} on e5"
        );
    }
    // The Chief and Princess need a side with one of each: move the tucked-away royals.
    let chief = build(
        &[("e5", 'C'), ("j1", 'P'), ("a10", 'c'), ("c10", 'p')],
        &[],
        Color::Black,
        (false, false),
    );
    assert_eq!(chief.moves_from(sq("e5")).len(), 48);
    // The Orange Chief on j10 is walled in by Black Panthans, so nothing threatens her.
    let princess = build(
        &[("a1", 'C'), ("e5", 'P'), ("j10", 'c'), ("a10", 'p')],
        &[("i10", 'N'), ("i9", 'N'), ("j9", 'N')],
        Color::Black,
        (false, false),
    );
    assert_eq!(princess.moves_from(sq("e5")).len(), 48);
}

// Hand-counted next to an edge: a1, the south-west corner.
#[test]
fn single_pieces_in_the_corner() {
    assert_eq!(
        targets(&with_pieces(&[("a1", 'N')], Color::Black), "a1"),
        ["a2", "b1", "b2"]
    );
    assert_eq!(
        targets(&with_pieces(&[("a1", 'W')], Color::Black), "a1"),
        ["a3", "b2", "c1"]
    );
    assert_eq!(
        targets(&with_pieces(&[("a1", 'A')], Color::Black), "a1"),
        ["a3", "c1", "c3"]
    );
    assert_eq!(
        targets(&with_pieces(&[("a1", 'T')], Color::Black), "a1"),
        ["a2", "b1", "b3", "c2"]
    );
    assert_eq!(
        targets(&with_pieces(&[("a1", 'D')], Color::Black), "a1"),
        ["a2", "a4", "b1", "b3", "c2", "d1"]
    );
    // b2 would need a step back onto a visited square: a Flier in the corner has three moves.
    assert_eq!(
        targets(&with_pieces(&[("a1", 'F')], Color::Black), "a1"),
        ["b4", "d2", "d4"]
    );
    let chief = build(
        &[("a1", 'C'), ("j1", 'P'), ("a10", 'c'), ("c10", 'p')],
        &[],
        Color::Black,
        (false, false),
    );
    assert_eq!(chief.moves_from(sq("a1")).len(), 15);
}

#[test]
fn panthans_move_forward_for_their_own_side() {
    let black = with_pieces(&[("e5", 'N')], Color::Black);
    assert_eq!(targets(&black, "e5"), ["d5", "d6", "e6", "f5", "f6"]);
    let orange = with_pieces(&[("e5", 'n')], Color::Orange);
    assert_eq!(targets(&orange, "e5"), ["d4", "d5", "e4", "f4", "f5"]);
    assert_eq!(
        black.find_move(sq("e5"), sq("e4")).unwrap_err(),
        IllegalMove::PanthanBackwards {
            from: sq("e5"),
            to: sq("e4")
        }
    );
    assert_eq!(
        black.find_move(sq("e5"), sq("e4")).unwrap_err().to_string(),
        "the Panthan on e5 cannot move backwards"
    );
    // An Orange Panthan on its last rank still moves sideways.
    let last = with_pieces(&[("e1", 'n')], Color::Orange);
    assert_eq!(targets(&last, "e1"), ["d1", "f1"]);
}

// Decision: exact count, not "up to".
#[test]
fn the_step_count_is_exact() {
    let pos = with_pieces(&[("e5", 'D')], Color::Black);
    assert!(matches!(
        pos.find_move(sq("e5"), sq("e7")),
        Err(IllegalMove::OutOfReach { .. })
    ));
    assert!(pos.find_move(sq("e5"), sq("e8")).is_ok());
    let pos = with_pieces(&[("e5", 'W')], Color::Black);
    assert!(
        pos.find_move(sq("e5"), sq("e6")).is_err(),
        "a Warrior cannot stop after one step"
    );
}

// Decision: paths never revisit a square, but U-turns over new squares are fine.
#[test]
fn a_dwar_may_turn_and_end_next_to_its_start() {
    let pos = with_pieces(&[("e5", 'D')], Color::Black);
    for to in ["e6", "f5", "e4", "d5"] {
        assert!(pos.find_move(sq("e5"), sq(to)).is_ok(), "Dwar e5-{to}");
    }
}

// Decision (appendix over chapter II): the Warrior moves orthogonally only.
#[test]
fn the_warrior_moves_orthogonally_only() {
    let pos = with_pieces(&[("e5", 'W')], Color::Black);
    assert!(pos.find_move(sq("e5"), sq("g7")).is_err());
    assert_eq!(
        targets(&pos, "e5"),
        ["c5", "d4", "d6", "e3", "e7", "f4", "f6", "g5"]
    );
}

#[test]
fn non_jumpers_are_blocked_and_jumpers_are_not() {
    // A Dwar's only way straight north goes through e6.
    let pos = with_pieces(&[("e5", 'D'), ("e6", 'N')], Color::Black);
    let err = pos.find_move(sq("e5"), sq("e8")).unwrap_err();
    assert!(matches!(err, IllegalMove::Blocked { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "the Dwar on e5 cannot reach e8: the way is blocked at e6"
    );
    // Surrounded on all eight sides, a Flier still flies; a Thoat is stuck.
    let ring = ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"];
    let mut extra: Vec<(&str, char)> = ring.iter().map(|s| (*s, 'N')).collect();
    extra.push(("e5", 'F'));
    // Sixteen squares, less the four diagonal neighbours held by its own Panthans.
    assert_eq!(
        with_pieces(&extra, Color::Black).moves_from(sq("e5")).len(),
        12
    );
    extra.pop();
    extra.push(("e5", 'T'));
    assert_eq!(
        with_pieces(&extra, Color::Black).moves_from(sq("e5")).len(),
        0
    );
}

// Decision: the Thoat does not jump; either order of its two steps.
#[test]
fn the_thoat_needs_one_open_middle_square() {
    // Orthogonal neighbours blocked: knight squares are still reached diagonal-first.
    let pos = with_pieces(
        &[
            ("e5", 'T'),
            ("e6", 'N'),
            ("d5", 'N'),
            ("f5", 'N'),
            ("e4", 'n'),
        ],
        Color::Black,
    );
    let t = targets(&pos, "e5");
    for knight in ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"] {
        assert!(t.contains(&knight.to_string()), "{knight} in {t:?}");
    }
    assert!(
        t.contains(&"e4".to_string()),
        "captures the Orange Panthan on e4 via a diagonal"
    );
    assert_eq!(t.len(), 9);
}

#[test]
fn captures_remove_the_enemy_and_never_own_pieces() {
    let pos = with_pieces(&[("e5", 'D'), ("e8", 'n'), ("h5", 'N')], Color::Black);
    let err = pos.find_move(sq("e5"), sq("h5")).unwrap_err();
    assert_eq!(err.to_string(), "your own Panthan stands on h5");
    let (after, report) = play(pos, "e5", "e8");
    assert_eq!(report.killed.map(|p| p.role), Some(Role::Panthan));
    assert_eq!(role_at(&after, "e8"), Some(Role::Dwar));
    assert_eq!(role_at(&after, "e5"), None);
}

// §4: the Princess never captures.
#[test]
fn the_princess_does_not_capture() {
    let pos = build(
        &[("a1", 'C'), ("e5", 'P'), ("j10", 'c'), ("h10", 'p')],
        &[("e6", 'n')],
        Color::Black,
        (true, true),
    );
    let err = pos.find_move(sq("e5"), sq("e6")).unwrap_err();
    assert!(
        matches!(err, IllegalMove::PrincessCannotCapture { .. }),
        "{err:?}"
    );
}

// §4: threatened squares are judged on the board after her move.
#[test]
fn the_princess_may_not_step_into_a_line_she_was_blocking() {
    // The Orange Dwar on e8 reaches e5 only through e7 and e6, where she stands.
    let pos = build(
        &[("a1", 'C'), ("e6", 'P'), ("j10", 'c'), ("h10", 'p')],
        &[("e8", 'd')],
        Color::Black,
        (false, false),
    );
    assert!(!pos.threatened_squares(Color::Black).contains(sq("a3")));
    let err = pos.find_move(sq("e6"), sq("e5")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "your Princess may not move onto threatened e5"
    );
    assert!(pos.find_move(sq("e6"), sq("d5")).is_ok());
}

// §4: the enemy Princess threatens nothing.
#[test]
fn the_enemy_princess_does_not_threaten() {
    let pos = build(
        &[("a1", 'C'), ("e5", 'P'), ("j10", 'c'), ("e8", 'p')],
        &[],
        Color::Black,
        (false, false),
    );
    assert!(pos.find_move(sq("e5"), sq("e7")).is_ok());
}

// §4: the escape, once per game, to any empty unthreatened square.
#[test]
fn the_escape_is_used_once_and_ordinary_moves_do_not_use_it() {
    let pos = build(
        &[("a1", 'C'), ("b2", 'P'), ("j10", 'c'), ("h10", 'p')],
        &[("f5", 'd')],
        Color::Black,
        (true, true),
    );
    let ordinary = pos.find_move(sq("b2"), sq("c3")).unwrap();
    assert!(!ordinary.escape);
    let far = pos.find_move(sq("b2"), sq("j5")).unwrap();
    assert!(far.escape);
    // An escape onto a threatened square is refused: the Dwar on f5 reaches f8.
    assert!(pos.find_move(sq("b2"), sq("f8")).is_err());
    let (after, _) = play(pos.clone(), "b2", "c3");
    assert!(
        after.escape_available(Color::Black),
        "an ordinary move keeps the escape"
    );
    let (after, _) = play(pos, "b2", "j5");
    assert!(!after.escape_available(Color::Black));
    assert!(after.escape_available(Color::Orange));
    // Orange passes with its Chief; Black's Princess can no longer go far.
    let (after, _) = play(after, "j10", "j7");
    let err = after.find_move(sq("j5"), sq("a5")).unwrap_err();
    assert!(matches!(err, IllegalMove::EscapeUsed { .. }), "{err:?}");
    assert!(err
        .to_string()
        .starts_with("you have already used your escape"));
}

// §4: there is no check; a player may leave the Princess en prise.
#[test]
fn there_is_no_check() {
    // Black's Princess on e5 is attacked by the Orange Dwar on e8; Black may play elsewhere.
    let pos = build(
        &[("a1", 'C'), ("e5", 'P'), ("j10", 'c'), ("h10", 'p')],
        &[("e8", 'd'), ("j2", 'N')],
        Color::Black,
        (false, false),
    );
    assert!(pos.princess_in_danger(Color::Black));
    let (after, _) = play(pos, "j2", "j3");
    let (end, report) = play(after, "e8", "e5");
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Color::Orange,
            reason: WinReason::PrincessCaptured
        })
    );
    assert!(end.legal_moves().is_empty());
    assert!(end.is_game_over());
}

#[test]
fn chief_takes_chief_wins_and_a_lesser_piece_taking_a_chief_draws() {
    let pos = build(
        &[("e5", 'C'), ("a1", 'P'), ("e8", 'c'), ("j10", 'p')],
        &[("h8", 'D')],
        Color::Black,
        (false, false),
    );
    let (_, report) = play(pos.clone(), "e5", "e8");
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::ChiefTakesChief
        })
    );
    let (_, report) = play(pos, "h8", "e8");
    assert_eq!(
        report.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::ChiefCaptured
        })
    );
}

#[test]
fn a_player_without_legal_moves_draws() {
    // Black's Chief on a1 is boxed in by Orange Panthans (it cannot take a first step);
    // its Princess on j1 is hemmed in by Panthans on g1-i1, which she may not capture, and
    // once the Orange Chief comes to h5 every other square she reaches is threatened.
    let text = "p9/10/7c2/10/10/10/10/10/nn8/Cn4nnnP o - - 0";
    let pos: Position = text.parse().unwrap();
    assert!(!pos.is_game_over(), "Orange can move");
    let (after, report) = play(pos, "h8", "h5");
    assert_eq!(after.count_moves(), 0);
    assert_eq!(
        report.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::NoLegalMoves
        })
    );
    assert_eq!(
        after.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoLegalMoves
        })
    );
}

// §6: the ten-move countdown.
#[test]
fn the_countdown_starts_runs_ten_moves_and_draws() {
    // Black: Chief, Princess, Panthan (12); Orange: Chief, Princess, Panthan (12): the
    // condition holds, so the countdown starts after the next move.
    let mut pos: Position = "c8p/10/7n2/10/10/10/10/2N7/10/C8P b - - 0".parse().unwrap();
    assert_eq!(pos.countdown(), None);
    let mut started = false;
    let mut plies = 0;
    loop {
        let moves = pos.legal_moves();
        // Shuffle Chiefs back and forth so nothing is captured.
        let m = *moves
            .iter()
            .find(|m| m.role == Role::Chief && m.capture.is_none())
            .expect("a quiet Chief move");
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        plies += 1;
        if plies == 1 {
            assert!(report.countdown_started);
            assert_eq!(next.countdown(), Some(10));
            started = true;
        }
        if let Some(outcome) = report.outcome {
            assert_eq!(
                outcome,
                Outcome::Draw {
                    reason: DrawReason::TenMoveRule
                }
            );
            break;
        }
        pos = next;
        assert!(plies < 20);
    }
    assert!(started);
    assert_eq!(plies, 11, "the starting move, then ten more");
}

#[test]
fn unequal_values_do_not_start_the_countdown() {
    let pos: Position = "c8p/10/7d2/10/10/10/10/2N7/10/C8P b - - 0".parse().unwrap();
    let m = pos
        .legal_moves()
        .iter()
        .find(|m| m.role == Role::Chief)
        .copied()
        .unwrap();
    let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
    assert!(!report.countdown_started);
    assert_eq!(next.countdown(), None);
}

// §7: the setup is point-symmetric; §8 the Manator setup is mirrored.
#[test]
fn start_positions() {
    let classic = Position::start();
    assert_eq!(role_at(&classic, "e1"), Some(Role::Chief));
    assert_eq!(role_at(&classic, "f10"), Some(Role::Chief));
    assert_eq!(role_at(&classic, "f1"), Some(Role::Princess));
    assert_eq!(role_at(&classic, "e10"), Some(Role::Princess));
    let manator = Position::start_of(Variant::Manator);
    assert_eq!(role_at(&manator, "e1"), Some(Role::Chief));
    assert_eq!(role_at(&manator, "e10"), Some(Role::Chief));
    assert_eq!(role_at(&manator, "d10"), Some(Role::Odwar));
    assert_eq!(manator.board().by_role(Role::Flier).count(), 0);
    assert_eq!(manator.variant(), Variant::Manator);
    assert_eq!(Position::start().turn(), Color::Black);
}

// §8: duels.
#[test]
fn manator_duels_follow_the_dice() {
    let pos = Position::from_position_str(
        "9p/10/10/10/5n4/4O5/10/10/10/C3c4P b - - 0",
        Variant::Manator,
    )
    .unwrap();
    // The Odwar on e5 attacks the Panthan on f6 (three diagonal steps, e.g. d6-e7-f6).
    let odwar_moves = pos.moves_from(sq("e5"));
    let attack = *odwar_moves
        .iter()
        .find(|m| m.capture.is_some())
        .expect("the Odwar can attack");
    let (won, report) = pos
        .clone()
        .play(attack, &mut |_: Role, _: Role| true)
        .unwrap();
    let duel = report.duel.unwrap();
    assert!(duel.attacker_won);
    assert_eq!(role_at(&won, &attack.to.to_string()), Some(Role::Odwar));
    let (lost, report) = pos.play(attack, &mut |_: Role, _: Role| false).unwrap();
    assert!(!report.duel.unwrap().attacker_won);
    assert_eq!(report.killed.map(|p| p.role), Some(Role::Odwar));
    assert_eq!(role_at(&lost, &attack.to.to_string()), Some(Role::Panthan));
    assert_eq!(role_at(&lost, "e5"), None);
}

#[test]
fn manator_chief_duels() {
    // Black's Chief attacks Orange's Chief and loses: Orange wins.
    let pos =
        Position::from_position_str("9p/10/10/10/4c5/10/10/4C5/10/9P b - - 0", Variant::Manator)
            .unwrap();
    let (_, report) = pos
        .clone()
        .play(
            pos.find_move(sq("e3"), sq("e6")).unwrap(),
            &mut |_: Role, _: Role| false,
        )
        .unwrap();
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Color::Orange,
            reason: WinReason::ChiefTakesChief
        })
    );
    // A Chief that loses a duel against a Panthan: a draw.
    let pos =
        Position::from_position_str("9p/4c5/10/10/4n5/10/10/4C5/10/9P b - - 0", Variant::Manator)
            .unwrap();
    let (_, report) = pos
        .clone()
        .play(
            pos.find_move(sq("e3"), sq("e6")).unwrap(),
            &mut |_: Role, _: Role| false,
        )
        .unwrap();
    assert_eq!(
        report.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::ChiefCaptured
        })
    );
    // The Princess is taken without a duel.
    let pos =
        Position::from_position_str("10/4c5/10/10/4p5/10/10/4C5/10/9P b - - 0", Variant::Manator)
            .unwrap();
    let (_, report) = pos
        .clone()
        .play(
            pos.find_move(sq("e3"), sq("e6")).unwrap(),
            &mut |_: Role, _: Role| false,
        )
        .unwrap();
    assert!(report.duel.is_none());
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PrincessCaptured
        })
    );
}

#[test]
fn play_hands_back_the_position_on_an_illegal_move() {
    let pos = Position::start();
    let m = pos.find_move(sq("e2"), sq("e3")).unwrap();
    let after = pos.clone().play(m, &mut AttackerWins).unwrap().0;
    let err = after.clone().play(m, &mut AttackerWins).unwrap_err();
    assert_eq!(*err.position, after);
    assert_eq!(err.reason.to_string(), "e2 is empty");
}

#[test]
fn moves_of_the_wrong_side_are_refused() {
    let pos = Position::start();
    assert_eq!(
        pos.find_move(sq("e9"), sq("e8")).unwrap_err().to_string(),
        "the Panthan on e9 is not yours"
    );
}
