//! Property tests from random playouts.

use jetan_rules::{
    perft, AttackerWins, DuelStream, MoveText, Position, Setup, Square, Topology, Variant,
};
use proptest::prelude::*;

/// A position reached by playing `choices` (indices into the legal move lists) from the
/// start of `variant` on a board of `shape`, stopping before the game ends.
fn playout(variant: Variant, shape: Topology, choices: &[usize], seed: u64) -> Position {
    let mut pos = Position::start_on(variant, shape);
    let mut dice = DuelStream::new(seed);
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[c % moves.len()];
        let (next, report) = pos
            .clone()
            .play(m, &mut dice)
            .expect("generated moves are legal");
        if report.outcome.is_some() {
            break;
        }
        pos = next;
    }
    pos
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Classic), Just(Variant::Manator)]
}

fn shape() -> impl Strategy<Value = Topology> {
    prop_oneof![Just(Topology::Flat), Just(Topology::Circular)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_generated_move_is_accepted_and_strings_round_trip(
        v in variant(),
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..120),
        seed in any::<u64>(),
    ) {
        let mut pos = Position::start_on(v, t);
        let mut dice = DuelStream::new(seed);
        for c in choices {
            prop_assert_eq!(pos.topology(), t);
            let text = pos.to_string();
            let back = Position::from_position_str(&text, v).unwrap();
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.to_string(), text);
            let moves = pos.legal_moves();
            prop_assert_eq!(moves.len(), pos.count_moves());
            if moves.is_empty() {
                prop_assert!(pos.is_game_over());
                break;
            }
            for m in moves.iter() {
                prop_assert_eq!(pos.find_move(m.from, m.to), Ok(*m));
                let text: MoveText = m.to_string().parse().unwrap();
                prop_assert_eq!(text.resolve(&pos), Ok(*m));
            }
            let m = moves[c % moves.len()];
            let (next, report) = pos.play(m, &mut dice).unwrap();
            if report.outcome.is_some() {
                prop_assert!(next.is_game_over());
                prop_assert_eq!(next.legal_moves().len(), 0);
                break;
            }
            pos = next;
        }
    }

    #[test]
    fn play_never_panics_on_any_squares(
        v in variant(),
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..60),
        pairs in prop::collection::vec((0u8..100, 0u8..100), 1..50),
    ) {
        let pos = playout(v, t, &choices, 1);
        let legal = pos.legal_moves();
        for (a, b) in pairs {
            let (from, to) = (Square::from_index(a).unwrap(), Square::from_index(b).unwrap());
            match pos.find_move(from, to) {
                Ok(m) => {
                    prop_assert!(legal.contains(&m));
                    prop_assert!(pos.clone().play(m, &mut AttackerWins).is_ok());
                }
                Err(reason) => {
                    prop_assert!(!legal.iter().any(|m| m.from == from && m.to == to));
                    prop_assert!(!reason.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn perft_is_the_same_through_play_and_the_fast_path(
        v in variant(),
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..80),
    ) {
        let pos = playout(v, t, &choices, 7);
        let slow: u64 = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let (next, _) = pos.clone().play(m, &mut AttackerWins).unwrap();
                next.legal_moves().len() as u64
            })
            .sum();
        prop_assert_eq!(perft(&pos, 2), slow);
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in ".{0,120}") {
        let _ = text.parse::<Position>();
        let _ = Setup::from_position_str(&text);
        let _ = text.parse::<MoveText>();
        let _ = text.parse::<Square>();
    }

    #[test]
    fn parsing_mangled_position_strings_never_panics(
        t in shape(),
        choices in prop::collection::vec(any::<usize>(), 0..40),
        cut in any::<usize>(),
        insert in "[0-9a-zA-Z/ -]{0,3}",
    ) {
        let text = playout(Variant::Classic, t, &choices, 3).to_string();
        let at = cut % (text.len() + 1);
        let mangled = format!("{}{}{}", &text[..at], insert, &text[at..]);
        if let Ok(pos) = mangled.parse::<Position>() {
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        }
    }
}

/// A random board: each side's Chief and Princess (usually), then up to `n` random pieces
/// of random kinds on random squares (later pieces replace earlier ones).
fn random_setup(
    royals: &[(u8, u8, bool)],
    pieces: &[(u8, u8)],
    turn: bool,
    escapes: (bool, bool),
    countdown: Option<u8>,
    topology: Topology,
    variant: Variant,
) -> Setup {
    use jetan_rules::{Board, ByColor, Color, Piece};
    // Mostly the variant's own pieces, so that many boards validate; now and then a
    // Chief or Princess too many, or the other variant's piece.
    const LETTERS: &[u8] = b"NNNNWATDFnnnnwatdf";
    const RARE: &[u8] = b"CPOFcpof";
    let mut board = Board::empty();
    for (i, &(a, b, present)) in royals.iter().enumerate() {
        if present {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::Orange
            };
            let role = if i < 2 {
                jetan_rules::Role::Chief
            } else {
                jetan_rules::Role::Princess
            };
            let sq = Square::from_index(a % 100).unwrap();
            let _ = b;
            board.set(sq, Piece { color, role });
        }
    }
    for &(at, kind) in pieces {
        let sq = Square::from_index(at % 100).unwrap();
        if board.piece_at(sq).is_some_and(|p| {
            matches!(
                p.role,
                jetan_rules::Role::Chief | jetan_rules::Role::Princess
            )
        }) {
            continue;
        }
        let mut c = if kind == 255 {
            RARE[at as usize % RARE.len()] as char
        } else {
            LETTERS[kind as usize % LETTERS.len()] as char
        };
        if variant == Variant::Manator && kind != 255 {
            c = match c {
                'F' => 'O',
                'f' => 'o',
                c => c,
            };
        }
        board.set(sq, Piece::from_char(c).unwrap());
    }
    Setup {
        board,
        turn: if turn { Color::Black } else { Color::Orange },
        escapes: ByColor {
            black: escapes.0,
            orange: escapes.1,
        },
        countdown,
        ply: 0,
        topology,
    }
}

proptest! {
    // About a third of the boards validate (too much material is the usual refusal).
    #![proptest_config(ProptestConfig::with_cases(768))]

    // The issue "no panic on any position validation accepts": whatever board passes
    // validation, generating, explaining and playing moves never panics.
    #[test]
    fn every_position_validation_accepts_can_be_played(
        royals in prop::collection::vec((any::<u8>(), any::<u8>(), prop::bool::weighted(0.95)), 4),
        pieces in prop::collection::vec((any::<u8>(), any::<u8>()), 0..40),
        turn in any::<bool>(),
        escapes in (any::<bool>(), any::<bool>()),
        countdown in prop::option::weighted(0.1, 0u8..12),
        t in shape(),
        v in variant(),
        seed in any::<u64>(),
    ) {
        let setup = random_setup(&royals, &pieces, turn, escapes, countdown, t, v);
        let Ok(pos) = Position::from_setup(setup.clone(), v) else {
            return Ok(());
        };
        let moves = pos.legal_moves();
        prop_assert!(moves.len() <= jetan_rules::MAX_MOVES);
        prop_assert_eq!(moves.len(), pos.count_moves());
        prop_assert_eq!(pos.outcome().is_some(), moves.is_empty());
        let text = pos.to_string();
        prop_assert_eq!(&Position::from_position_str(&text, v).unwrap(), &pos);
        for sq in Square::all() {
            let _ = pos.threatened_squares(jetan_rules::Color::Black);
            let from = Square::from_index(((sq.index() * 37) % 100) as u8).unwrap();
            if let Err(e) = pos.find_move(from, sq) {
                prop_assert!(!e.to_string().is_empty());
            }
        }
        let mut dice = DuelStream::new(seed);
        for m in moves.iter() {
            let (next, report) = pos.clone().play(*m, &mut dice).unwrap();
            prop_assert_eq!(report.outcome.is_some(), next.is_game_over());
            let _ = next.legal_moves();
            let _ = next.to_string();
        }
    }
}
