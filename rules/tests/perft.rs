//! Perft against the reference data in `tests/data/perft.txt`, up to a node limit so the
//! suite stays quick (set `JETAN_PERFT_LIMIT` to raise it).

use jetan_rules::{divide, perft, AttackerWins, Position};

const DEFAULT_LIMIT: u64 = 40_000_000;

fn cases() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("data/perft.txt");
    let mut cases: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(pos) = line.strip_prefix("position ") {
            cases.push((pos.to_string(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace().map(|n| n.parse::<u64>().unwrap());
            let (depth, nodes) = (it.next().unwrap(), it.next().unwrap());
            cases.last_mut().unwrap().1.push((depth as u32, nodes));
        }
    }
    cases
}

#[test]
fn perft_matches_reference_data() {
    let limit = std::env::var("JETAN_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_LIMIT);
    let mut checked = 0;
    for (text, depths) in cases() {
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_string(), text, "position strings round-trip");
        for (depth, nodes) in depths {
            if nodes > limit {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "perft({depth}) of {text}");
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} perft cases ran");
}

#[test]
fn divide_sums_to_perft_and_lists_every_move_once() {
    let pos = Position::start();
    let split = divide(&pos, 3);
    assert_eq!(split.len(), 78);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 446_808);
    let mut pairs: Vec<_> = split.iter().map(|(m, _)| (m.from, m.to)).collect();
    pairs.dedup();
    assert_eq!(pairs.len(), 78, "one move per (from, to)");
}

/// Perft through the checked `play` equals perft through the fast path.
fn perft_checked(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let (next, report) = pos.clone().play(m, &mut AttackerWins).unwrap();
            assert_eq!(report.outcome.is_some(), next.is_game_over());
            perft_checked(&next, depth - 1)
        })
        .sum()
}

#[test]
fn checked_play_gives_the_same_tree() {
    for (text, _) in cases() {
        let pos: Position = text.parse().unwrap();
        assert_eq!(perft_checked(&pos, 2), perft(&pos, 2), "{text}");
    }
}

#[test]
fn start_position_first_moves_are_as_the_rule_book_counts() {
    use jetan_rules::Role;
    let moves = Position::start().legal_moves();
    let count = |role: Role| moves.iter().filter(|m| m.role == role).count();
    assert_eq!(count(Role::Panthan), 24);
    assert_eq!(count(Role::Thoat), 6);
    assert_eq!(count(Role::Flier), 8);
    assert_eq!(count(Role::Princess), 40);
    assert_eq!(moves.iter().filter(|m| m.escape).count(), 26);
    for role in [Role::Warrior, Role::Padwar, Role::Dwar, Role::Chief] {
        assert_eq!(count(role), 0, "{role} is blocked at the start");
    }
}
