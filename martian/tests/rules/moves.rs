//! §3 Moves: chess without check, castling, double steps, promotion, no en passant.

use crate::helpers::*;
use martian_chess::{Action, IllegalAction, Piece, Role, Square, State};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn start_position_has_twenty_moves_thirteen_discards_and_end() {
    let s = State::new(11);
    let legal = s.legal_actions();
    let moves = legal
        .iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .count();
    let discards = legal
        .iter()
        .filter(|a| matches!(a, Action::Discard(_)))
        .count();
    assert_eq!(moves, 20);
    assert_eq!(discards, 13);
    assert_eq!(legal.len(), 34);
    assert_eq!(legal.last(), Some(&Action::End));
}

#[test]
fn no_piece_moves_twice_in_a_turn() {
    let s = play(build().state(), W, &["e2-e4"]);
    assert_eq!(
        refuse(&s, W, "e4-e5"),
        IllegalAction::AlreadyMoved {
            square: sq("e4"),
            role: Role::Pawn
        }
    );
    // Another piece may move.
    let s = play(s, W, &["d2-d4"]);
    assert_eq!(s.moved_this_turn(), vec![sq("d4"), sq("e4")]);
    assert_eq!(s.actions_left(), 4);
}

#[test]
fn pieces_cannot_pass_through_others_but_knights_jump() {
    let s = build().state();
    assert_eq!(
        refuse(&s, W, "f1-c4"),
        IllegalAction::CannotReach {
            role: Role::Bishop,
            from: sq("f1"),
            to: sq("c4")
        }
    );
    assert_eq!(
        refuse(&s, W, "a1-a3"),
        IllegalAction::CannotReach {
            role: Role::Rook,
            from: sq("a1"),
            to: sq("a3")
        }
    );
    play(s, W, &["g1-f3"]);
}

#[test]
fn moving_onto_own_piece_and_empty_or_enemy_squares() {
    let s = build().state();
    assert_eq!(
        refuse(&s, W, "d1-d2"),
        IllegalAction::OwnPiece {
            to: sq("d2"),
            role: Role::Pawn
        }
    );
    assert_eq!(refuse(&s, W, "e4-e5"), IllegalAction::EmptySquare(sq("e4")));
    assert_eq!(
        refuse(&s, W, "e7-e5"),
        IllegalAction::NotYourPiece {
            square: sq("e7"),
            role: Role::Pawn
        }
    );
}

#[test]
fn there_is_no_check_a_king_may_step_onto_an_attacked_square() {
    // White King e1, black rook on d8 attacks d1..: King may go to d1 and stay attacked.
    let s = build().board("3rk3/8/8/8/8/8/8/4K3").castling("-").state();
    let s = play(s, W, &["e1-d1"]);
    assert_eq!(s.board().get(sq("d1")).unwrap().role, Role::King);
}

#[test]
fn castling_moves_king_and_rook_and_neither_moves_again() {
    let s = build().board("r3k2r/8/8/8/8/8/8/R3K2R").state();
    let s = play(s, W, &["e1-g1"]);
    assert_eq!(s.board().get(sq("g1")).unwrap().role, Role::King);
    assert_eq!(s.board().get(sq("f1")).unwrap().role, Role::Rook);
    assert_eq!(s.castling().to_string(), "kq");
    assert_eq!(s.actions_left(), 5, "castling is one action");
    assert!(matches!(
        refuse(&s, W, "f1-f5"),
        IllegalAction::AlreadyMoved { .. }
    ));
    assert!(matches!(
        refuse(&s, W, "g1-h2"),
        IllegalAction::AlreadyMoved { .. }
    ));
    // The other Rook may still move.
    play(s, W, &["a1-a5"]);
}

#[test]
fn castling_ignores_attacked_squares_but_needs_empty_ones_and_rights() {
    // Black rooks attack f1 and d1: castling is still allowed.
    let s = build()
        .board("4k3/8/8/8/8/8/3r1r2/R3K2R")
        .castling("KQ")
        .state();
    play(s.clone(), W, &["e1-c1"]);
    play(s, W, &["e1-g1"]);
    let s = build()
        .board("4k3/8/8/8/8/8/8/RN2K1NR")
        .castling("KQ")
        .state();
    assert_eq!(
        refuse(&s, W, "e1-g1"),
        IllegalAction::CastlingBlocked(sq("g1"))
    );
    assert_eq!(
        refuse(&s, W, "e1-c1"),
        IllegalAction::CastlingBlocked(sq("b1"))
    );
    let s = build().board("4k3/8/8/8/8/8/8/R3K2R").castling("Q").state();
    assert_eq!(refuse(&s, W, "e1-g1"), IllegalAction::NoCastlingRight);
}

#[test]
fn a_rook_move_loses_its_castling_right() {
    let s = build().board("r3k2r/8/8/8/8/8/8/R3K2R").state();
    let s = play(s, W, &["h1-h2"]);
    assert_eq!(s.castling().to_string(), "Qkq");
    let s = play(s, W, &["e1-e2"]);
    assert_eq!(s.castling().to_string(), "kq");
}

#[test]
fn pawns_double_step_from_their_second_rank_through_an_empty_square() {
    let s = build()
        .board("4k3/8/8/8/8/4n3/3P4/4K3")
        .castling("-")
        .state();
    let legal = s.legal_actions();
    assert!(legal.contains(&act("d2-d4")));
    let s = build()
        .board("4k3/8/8/8/8/3n4/3P4/4K3")
        .castling("-")
        .state();
    assert_eq!(
        refuse(&s, W, "d2-d4"),
        IllegalAction::CannotReach {
            role: Role::Pawn,
            from: sq("d2"),
            to: sq("d4")
        }
    );
}

#[test]
fn a_pawn_dropped_on_its_second_rank_may_double_step_next_turn() {
    let s = build()
        .board("4k3/8/8/8/8/8/8/4K3")
        .castling("-")
        .reserves("P/p")
        .state();
    let s = play(s, W, &["P@d2"]);
    assert_eq!(
        refuse(&s, W, "d2-d4"),
        IllegalAction::DroppedThisTurn {
            square: sq("d2"),
            role: Role::Pawn
        }
    );
    let s = play(s, W, &["end"]);
    let s = play(s, B, &["p@e7", "end"]);
    let s = play(s, W, &["d2-d4"]);
    assert!(s.board().get(sq("d4")).is_some());
}

#[test]
fn a_pawn_moving_straight_never_attacks() {
    let s = build()
        .board("4k3/8/8/8/3p4/3P4/8/4K3")
        .castling("-")
        .state();
    assert_eq!(refuse(&s, W, "d3-d4"), IllegalAction::PawnBlocked(sq("d4")));
}

#[test]
fn there_is_no_en_passant() {
    let s = build()
        .board("4k3/8/8/8/4p3/8/3P4/4K3")
        .castling("-")
        .state();
    let s = play(s, W, &["d2-d4", "end"]);
    assert!(!s.legal_actions().contains(&act("e4-d3")));
    assert_eq!(
        refuse(&s, B, "e4-d3"),
        IllegalAction::CannotReach {
            role: Role::Pawn,
            from: sq("e4"),
            to: sq("d3")
        }
    );
}

#[test]
fn promotion_defaults_to_a_queen_and_is_recorded_as_a_promoted_pawn() {
    let s = build().board("4k3/P7/8/8/8/8/8/4K3").castling("-").state();
    let q = play(s.clone(), W, &["a7-a8"]);
    assert_eq!(
        q.board().get(sq("a8")),
        Some(Piece {
            promoted: true,
            ..Piece::new(W, Role::Queen)
        })
    );
    assert!(q.to_string().starts_with("Q~3k3/"));
    let n = play(s.clone(), W, &["a7-a8=N"]);
    assert_eq!(n.board().get(sq("a8")).unwrap().role, Role::Knight);
    assert_eq!(
        refuse(&s, W, "a7-a8=K"),
        IllegalAction::BadPromotion(Role::King)
    );
    assert_eq!(
        refuse(&s, W, "a7-a8=P"),
        IllegalAction::BadPromotion(Role::Pawn)
    );
    assert_eq!(refuse(&s, W, "e1-e2=Q"), IllegalAction::NotAPromotion);
    // The list offers the four kinds.
    let promos = s
        .legal_actions()
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Move {
                    promotion: Some(_),
                    ..
                }
            )
        })
        .count();
    assert_eq!(promos, 4);
}

#[test]
fn black_pawns_promote_on_rank_one() {
    let s = build()
        .board("4k3/8/8/8/8/8/7p/K7")
        .castling("-")
        .side("b")
        .state();
    let s = play(s, B, &["h2-h1=R"]);
    assert_eq!(
        s.board().get(sq("h1")),
        Some(Piece {
            promoted: true,
            ..Piece::new(B, Role::Rook)
        })
    );
}
