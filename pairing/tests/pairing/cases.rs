//! Hand-checked cases: Berger tables against the published ones, a 5-player Swiss worked
//! by hand, standings with every tie-break value, prize splits, settings.

use jetan_pairing::{
    pair_next_round, round_robin_schedule, split_pot, standings, Format, Outcome, Pairing,
    PairingError, Settings, MAX_PLAYERS,
};

use crate::{event, game, text, with_results};

use Outcome::*;

fn schedule(n: u64, double: bool) -> Vec<String> {
    let players: Vec<u64> = (1..=n).collect();
    round_robin_schedule(&players, double)
        .iter()
        .map(text)
        .collect()
}

#[test]
fn four_players_follow_the_published_berger_table() {
    // FIDE Handbook C.05 Annex 1, "3 or 4 players".
    assert_eq!(schedule(4, false), ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
    // And 3 players: number 4 is the dummy, its opponent rests.
    assert_eq!(schedule(3, false), ["2-3 1 bye", "1-2 3 bye", "3-1 2 bye"]);
}

#[test]
fn five_and_six_players_follow_the_published_berger_table() {
    // "5 or 6 players": 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1.
    assert_eq!(
        schedule(6, false),
        [
            "1-6 2-5 3-4",
            "6-4 5-3 1-2",
            "2-6 3-1 4-5",
            "6-5 1-4 2-3",
            "3-6 4-2 5-1"
        ]
    );
    assert_eq!(
        schedule(5, false),
        [
            "2-5 3-4 1 bye",
            "5-3 1-2 4 bye",
            "3-1 4-5 2 bye",
            "1-4 2-3 5 bye",
            "4-2 5-1 3 bye"
        ]
    );
    // "9 or 10 players", round 5: 3-10 4-2 5-1 6-9 7-8.
    assert_eq!(schedule(10, false)[4], "3-10 4-2 5-1 6-9 7-8");
}

#[test]
fn a_double_round_robin_swaps_seats_and_the_turn() {
    // First cycle: rounds 1, 3, 2 of the table (FIDE's swap of the last two); second cycle:
    // rounds 1, 2, 3 with the seats swapped.
    assert_eq!(
        schedule(4, true),
        ["1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2", "3-4 2-1", "4-2 1-3"]
    );
    // Without the swap player 1 would sit second in rounds 3, 4 and 5.
    assert_eq!(
        schedule(3, true),
        [
            "2-3 1 bye",
            "3-1 2 bye",
            "1-2 3 bye",
            "3-2 1 bye",
            "2-1 3 bye",
            "1-3 2 bye"
        ]
    );
    // Through pair_next_round, results entered round by round, until the event is over.
    let mut e = event(Format::RoundRobin { double: true }, 4);
    for _ in 0..6 {
        let round = pair_next_round(&e).unwrap();
        e.rounds.push(with_results(round, &[Draw, Draw]));
    }
    assert_eq!(
        e.rounds.iter().map(text).collect::<Vec<_>>(),
        schedule(4, true)
    );
    assert_eq!(pair_next_round(&e), Err(PairingError::EventOver(6)));
}

#[test]
fn a_withdrawn_player_leaves_the_round_robin_table() {
    let mut e = event(Format::RoundRobin { double: false }, 5);
    e.withdrawn = vec![2];
    // Round 1 of the 6-table: 1-6 2-5 3-4 → 1 rests, 2 is gone so 5 has nothing.
    assert_eq!(text(&pair_next_round(&e).unwrap()), "3-4 1 bye");
}

/// The 5-player Swiss of 3 rounds worked by hand (see the comments), with its standings.
#[test]
fn a_five_player_swiss_of_three_rounds_with_byes() {
    let mut e = event(Format::Swiss { rounds: 3 }, 5);
    // Round 1: all on 0; the bye to the lowest, 5. Group 1 2 3 4: S1 = 1 2, S2 = 3 4;
    // no seat preferences: the higher-ranked sits first on board 1, second on board 2.
    let r1 = pair_next_round(&e).unwrap();
    assert_eq!(text(&r1), "1-3 4-2 5 bye");
    e.rounds.push(with_results(r1, &[FirstWins, Draw]));
    // Scores 1:1 5:1 (bye) 2:½ 4:½ 3:0. Bye: 3 (lowest, none yet). 1 would meet 5 (same
    // score) but then 2-4 would repeat; so 1 floats to 2 (no seat clash: 1 wants second,
    // 2 first) rather than 4 (both want second), and 5 meets 4 (4 wants second).
    let r2 = pair_next_round(&e).unwrap();
    assert_eq!(text(&r2), "2-1 5-4 3 bye");
    e.rounds
        .push(with_results(r2, &[SecondWins, FirstWinsByForfeit]));
    // Scores 1:2 5:2 3:1 2:½ 4:½. Bye: 4 (the lower of 2 and 4, none yet). 1-5 (1 wants
    // first mildly, 5 second strongly), then 3-2 (3 wants first strongly).
    let r3 = pair_next_round(&e).unwrap();
    assert_eq!(text(&r3), "1-5 3-2 4 bye");
    e.rounds.push(with_results(r3, &[Draw, SecondWins]));
    assert_eq!(pair_next_round(&e), Err(PairingError::EventOver(3)));

    // Points: 1: 2½ (W 3, W 2, D 5); 5: 2½ (bye, forfeit win over 4, D 1);
    // 2: 1½ (D 4, L 1, W 3); 4: 1½ (D 2, forfeit loss, bye); 3: 1 (L 1, bye, L 2).
    // Buchholz cut-1 (half points; an unplayed round counts the player's own score):
    // 5: 5 5 5 → 10; 1: 2 3 5 → 8; 2: 3 5 2 → 8; 4: 3 3 3 → 6; 3: 5 2 3 → 8.
    // Sonneborn-Berger (quarter points): 1: 2·2 + 2·3 + 5 = 15; 5: 5; 2: 3 + 2·2 = 7;
    // 4: 3; 3: 0. So 5 is ahead of 1 on Buchholz, 2 of 4 likewise.
    let rows: Vec<_> = standings(&e)
        .unwrap()
        .into_iter()
        .map(|s| {
            (
                s.player,
                s.place,
                s.shared,
                s.score2,
                s.buchholz2,
                s.sonneborn_berger4,
                s.direct2,
                s.wins,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (5, 1, false, 5, 10, 5, None, 1),
            (1, 2, false, 5, 8, 15, None, 2),
            (2, 3, false, 3, 8, 7, None, 1),
            (4, 4, false, 3, 6, 3, None, 0),
            (3, 5, false, 2, 8, 0, None, 0),
        ]
    );
    // 1001 by 50/30/20: 500.5, 300.3, 200.2 floored; the one unit left to the winner.
    let table = standings(&e).unwrap();
    assert_eq!(
        split_pot(1001, &[50, 30, 20], &table).unwrap(),
        [(5, 501), (1, 300), (2, 200)]
    );
}

#[test]
fn players_equal_on_everything_share_a_place() {
    // 4-player round robin: 1-4 ½, 2-3 1-0; 4-3 1-0, 1-2 ½; 2-4 ½, 3-1 0-1.
    // 1, 2 and 4 have 2 points, Buchholz cut-1 4+4+0 = 8 half points, Sonneborn-Berger
    // 4+4+0 = 8 quarter points, direct encounter 1 point each, one win each.
    let mut e = event(Format::RoundRobin { double: false }, 4);
    e.rounds = vec![
        vec![game(1, 4, Draw), game(2, 3, FirstWins)],
        vec![game(4, 3, FirstWins), game(1, 2, Draw)],
        vec![game(2, 4, Draw), game(3, 1, SecondWins)],
    ];
    let rows = standings(&e).unwrap();
    let summary: Vec<_> = rows
        .iter()
        .map(|s| (s.player, s.place, s.shared, s.buchholz2, s.direct2))
        .collect();
    assert_eq!(
        summary,
        [
            (1, 1, true, 8, Some(2)),
            (2, 1, true, 8, Some(2)),
            (4, 1, true, 8, Some(2)),
            (3, 4, false, 8, None),
        ]
    );
    // The three split places 1-3 (60+30+10): 33 each, the unit left to the first listed.
    assert_eq!(
        split_pot(100, &[60, 30, 10], &rows).unwrap(),
        [(1, 34), (2, 33), (4, 33)]
    );
    // Places 1-3 share 100 % of 10: 3, 3, 3 and one unit to the first listed.
    assert_eq!(
        split_pot(10, &[0, 0, 100, 0], &rows).unwrap(),
        [(1, 4), (2, 3), (4, 3)]
    );
}

#[test]
fn direct_encounter_and_wins_break_ties() {
    // 4-player round robin: 1-4 0-1, 2-3 0-1; 4-3 ½, 1-2 ½; 2-4 ½, 3-1 0-1.
    // Points (half points): 4: 4, 1: 3, 3: 3, 2: 2.
    // Buchholz cut-1: 1: 4 2 3 → 7; 3: 2 4 3 → 7; 2: 3 3 4 → 7; 4: 3 3 2 → 6.
    // Sonneborn-Berger (quarter points): 1: 0 + 2 + 2·3 = 8; 3: 2·2 + 4 + 0 = 8;
    // 2: 3 + 0 + 4 = 7; 4: 2·3 + 3 + 2 = 11.
    // 1 and 3 are equal on all three and met: 1 won, so 1 is ahead.
    let mut e = event(Format::RoundRobin { double: false }, 4);
    e.rounds = vec![
        vec![game(1, 4, SecondWins), game(2, 3, SecondWins)],
        vec![game(4, 3, Draw), game(1, 2, Draw)],
        vec![game(2, 4, Draw), game(3, 1, SecondWins)],
    ];
    let rows = standings(&e).unwrap();
    assert_eq!(
        rows.iter()
            .map(|s| (
                s.player,
                s.place,
                s.score2,
                s.buchholz2,
                s.sonneborn_berger4,
                s.direct2
            ))
            .collect::<Vec<_>>(),
        [
            (4, 1, 4, 6, 11, None),
            (1, 2, 3, 7, 8, Some(2)),
            (3, 3, 3, 7, 8, Some(0)),
            (2, 4, 2, 7, 7, None)
        ]
    );
    // Swiss, two rounds: the unequal Buchholz of two players on one point.
    // R1: 1 beats 2, 3 draws 4. R2: 2 beats 3, 4 beats 1. Points: 4: 1½, 1: 1, 2: 1, 3: ½.
    // Buchholz cut-1: 4: 3 (½) and 1 (1) → 2; 1: 2 (1) and 4 (1½) → 3; 2: 1 (1) and 3
    // (½) → 2; 3: 4 (1½) and 2 (1) → 3 — in half points.
    let mut e = event(Format::Swiss { rounds: 3 }, 4);
    e.rounds = vec![
        vec![game(1, 2, FirstWins), game(3, 4, Draw)],
        vec![game(2, 3, FirstWins), game(4, 1, FirstWins)],
    ];
    let rows = standings(&e).unwrap();
    assert_eq!(
        rows.iter()
            .map(|s| (s.player, s.score2, s.buchholz2))
            .collect::<Vec<_>>(),
        [(4, 3, 2), (1, 2, 3), (2, 2, 2), (3, 1, 3)]
    );
    // Wins decide between two players equal on points, Buchholz and Sonneborn-Berger who
    // never met: 3 players, 1 beats 2, 3 has the bye (points 1, 0, 1; Buchholz cut-1 0
    // for both; Sonneborn-Berger 0 for both): 1 has a win, 3 none.
    let mut e = event(Format::Swiss { rounds: 2 }, 3);
    e.rounds = vec![vec![game(3, 2, SecondWins), Pairing::Bye { player: 1 }]];
    let rows = standings(&e).unwrap();
    assert_eq!(
        rows.iter()
            .map(|s| (s.player, s.place, s.score2, s.buchholz2, s.direct2, s.wins))
            .collect::<Vec<_>>(),
        [
            (2, 1, 2, 0, None, 1),
            (1, 2, 2, 0, None, 0),
            (3, 3, 0, 0, None, 0)
        ]
    );
}

#[test]
fn swiss_refuses_what_it_cannot_pair() {
    // 6 players after 3 rounds in which every one of 1 2 3 met every one of 4 5 6: the
    // only games left are inside two triangles, so no round 4 avoids a repeat.
    let mut e = event(Format::Swiss { rounds: 5 }, 6);
    e.rounds = vec![
        vec![game(1, 4, Draw), game(2, 5, Draw), game(3, 6, Draw)],
        vec![game(5, 1, Draw), game(6, 2, Draw), game(4, 3, Draw)],
        vec![game(1, 6, Draw), game(2, 4, Draw), game(3, 5, Draw)],
    ];
    assert_eq!(
        pair_next_round(&e),
        Err(PairingError::NoPairing { round: 4 })
    );
    // An unfinished game blocks the next Swiss round.
    let mut e = event(Format::Swiss { rounds: 3 }, 4);
    let r1 = pair_next_round(&e).unwrap();
    e.rounds.push(r1);
    assert_eq!(pair_next_round(&e), Err(PairingError::RoundUnfinished(1)));
    // Inconsistent data.
    let mut e = event(Format::Swiss { rounds: 3 }, 4);
    e.rounds = vec![vec![game(1, 2, Draw), game(2, 3, Draw)]];
    assert!(matches!(
        pair_next_round(&e),
        Err(PairingError::InvalidEvent(_))
    ));
    e.rounds = vec![vec![game(1, 9, Draw)]];
    assert!(matches!(
        pair_next_round(&e),
        Err(PairingError::InvalidEvent(_))
    ));
    // Everyone withdrawn but one.
    let mut e = event(Format::Swiss { rounds: 3 }, 4);
    e.withdrawn = vec![1, 2, 3];
    assert_eq!(pair_next_round(&e), Err(PairingError::TooFewActive(1)));
}

#[test]
fn settings_are_validated() {
    let swiss = |rounds, max_players| Settings {
        format: Format::Swiss { rounds },
        max_players,
    };
    assert_eq!(swiss(3, 16).validate(), Ok(()));
    assert_eq!(
        swiss(0, 16).validate(),
        Err(PairingError::BadRounds { got: 0, max: 15 })
    );
    assert_eq!(
        swiss(16, 16).validate(),
        Err(PairingError::BadRounds { got: 16, max: 15 })
    );
    assert_eq!(swiss(2, 2).validate(), Err(PairingError::BadPlayerLimit(2)));
    assert_eq!(
        swiss(2, MAX_PLAYERS + 1).validate(),
        Err(PairingError::BadPlayerLimit(MAX_PLAYERS + 1))
    );
    assert_eq!(
        swiss(5, 16).check_start(2),
        Err(PairingError::TooFewPlayers(2))
    );
    assert_eq!(
        swiss(5, 16).check_start(17),
        Err(PairingError::TooManyPlayers { got: 17, max: 16 })
    );
    assert_eq!(
        swiss(5, 16).check_start(5),
        Err(PairingError::BadRounds { got: 5, max: 4 })
    );
    assert_eq!(swiss(4, 16).check_start(5), Ok(()));
    let rr = Settings {
        format: Format::RoundRobin { double: true },
        max_players: 8,
    };
    assert_eq!(rr.check_start(3), Ok(()));
    assert_eq!(rr.total_rounds(3), 6);
    assert_eq!(rr.total_rounds(4), 6);
    // pair_next_round checks the start too.
    let mut e = event(Format::Swiss { rounds: 1 }, 2);
    assert_eq!(pair_next_round(&e), Err(PairingError::TooFewPlayers(2)));
    e.settings.max_players = 1;
    assert_eq!(pair_next_round(&e), Err(PairingError::BadPlayerLimit(1)));
}

#[test]
fn prize_percentages_must_add_up_to_100() {
    let mut e = event(Format::RoundRobin { double: false }, 3);
    e.rounds = vec![vec![game(2, 3, FirstWins), Pairing::Bye { player: 1 }]];
    let rows = standings(&e).unwrap();
    assert_eq!(split_pot(10, &[], &rows), Err(PairingError::BadPrizes(0)));
    assert_eq!(
        split_pot(10, &[50, 40], &rows),
        Err(PairingError::BadPrizes(90))
    );
    assert_eq!(
        split_pot(10, &[60, 50], &rows),
        Err(PairingError::BadPrizes(110))
    );
    assert_eq!(split_pot(10, &[100], &[]), Err(PairingError::NoWinners));
    // Zero entries are fine: 2 (1 point), then 1 and 3 share place 2 (nothing).
    assert_eq!(split_pot(10, &[100, 0, 0], &rows).unwrap(), [(2, 10)]);
}

#[test]
fn unreached_prize_places_go_to_the_reached_ones_in_proportion() {
    let mut e = event(Format::Swiss { rounds: 2 }, 3);
    e.rounds = vec![vec![game(1, 2, FirstWins), Pairing::Bye { player: 3 }]];
    // Standings: 1 (win, 1 point), 3 (bye, 1 point, no win), 2.
    let rows = standings(&e).unwrap();
    assert_eq!(rows.iter().map(|s| s.player).collect::<Vec<_>>(), [1, 3, 2]);
    // 50/20/20/10 with three players: 100 · 50/90 = 55.5…, 22.2…, 22.2… → 55 22 22 and
    // the unit left to the winner.
    assert_eq!(
        split_pot(100, &[50, 20, 20, 10], &rows).unwrap(),
        [(1, 56), (3, 22), (2, 22)]
    );
    // Only an unreached place had a share: all of it to the first place.
    assert_eq!(split_pot(7, &[0, 0, 0, 100], &rows).unwrap(), [(1, 7)]);
    // The largest pot, exact.
    let paid: u64 = split_pot(u64::MAX, &[33, 33, 34], &rows)
        .unwrap()
        .iter()
        .map(|p| p.1)
        .sum();
    assert_eq!(paid, u64::MAX);
}
