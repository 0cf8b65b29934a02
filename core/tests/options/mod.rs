//! Jetan's rule options (RULES.md §12) through the core: a challenge's `rules:` in words,
//! casual unless the server rates them (then in a pool of their own), the moves they
//! allow, the record's tag, `/jetan rules` during the game, autocomplete, and the
//! refusals, which change nothing.

use jetan_core::GameKind;
use jetan_rules::Position;

use super::*;

fn rules_challenge(opponent: UserRef, rules: &str) -> Command {
    Command::Challenge {
        opponent,
        args: ChallengeArgs {
            stake: Some(0),
            piece_price: Some(0),
            first: Some(FirstMover::Challenger),
            options: vec![("rules".into(), rules.into())],
            ..Default::default()
        },
    }
}

/// A move legal under `pos`'s options and not in the same position under the standard
/// rules, if there is one.
fn options_only_move(pos: &Position) -> Option<jetan_rules::Move> {
    let standard = pos.clone().with_rules(jetan_rules::Rules::STANDARD);
    let legal_standard = standard.legal_moves();
    pos.legal_moves().iter().copied().find(|m| {
        !legal_standard
            .iter()
            .any(|s| (s.from, s.to) == (m.from, m.to))
    })
}

#[test]
fn a_challenge_with_rule_options_words_them_and_the_game_follows_them() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), rules_challenge(bob(), "w:upto+mixed,t:jump"));
    let text = c.text.plain();
    assert!(
        text.contains(
            "Rule options (`W:upto+mixed,T:jump`): both sides: Warrior moves 1 to 2 steps; \
             Warrior may mix straight and diagonal steps; Thoat jumps over pieces."
        ),
        "{text}"
    );
    assert!(
        text.contains("Casual: games with rule options are not rated"),
        "{text}"
    );
    let accepted = h.ok(&bob(), Command::Button(button(&c, "Accept")));
    assert!(
        accepted
            .text
            .plain()
            .contains("Rule options (`W:upto+mixed,T:jump`)"),
        "{}",
        accepted.text.plain()
    );
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    assert!(
        game.terms.casual,
        "casual unless the server rates rule options"
    );
    assert_eq!(
        game.position().unwrap().rules().to_string(),
        "W:upto+mixed,T:jump"
    );
    // Quiet moves until a move only the options allow comes up: `/jetan moves` lists it
    // and playing it works.
    let mut found = false;
    for _ in 0..12 {
        let game = h.core().store().game(CHANNEL).unwrap().unwrap();
        let pos = game.position().unwrap();
        let player = if game.to_move() == alice().id {
            alice()
        } else {
            bob()
        };
        if let Some(m) = options_only_move(&pos) {
            h.private(
                &player,
                Command::Moves {
                    square: m.from.to_string(),
                },
                &m.to.to_string(),
            );
            h.mv(&player, &format!("{}-{}", m.from, m.to));
            found = true;
            break;
        }
        let quiet = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| !m.is_capture())
            .unwrap();
        h.mv(&player, &format!("{}-{}", quiet.from, quiet.to));
    }
    assert!(found, "a move only the options allow, within 12 plies");
    // `/jetan rules` in the game's channel starts with its options.
    let rules = h.private(
        &carol(),
        Command::Rules,
        "Rule options (`W:upto+mixed,T:jump`)",
    );
    assert!(rules.text.plain().starts_with("Rule options"));
    // The record carries the rules, and its replay follows them.
    h.resign(&bob());
    let record = h.ok(&carol(), Command::Record { game: None });
    let file = String::from_utf8(record.attachments[0].bytes.clone()).unwrap();
    assert!(file.contains("[Rules \"W:upto+mixed,T:jump\"]"), "{file}");
    let parsed: jetan_rules::GameRecord = file.parse().unwrap();
    assert_eq!(parsed.rules().unwrap().to_string(), "W:upto+mixed,T:jump");
    assert!(
        parsed.replay().is_ok(),
        "the record replays under its rules"
    );
}

#[test]
fn asymmetric_options_are_worded_per_side_in_both_languages() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), rules_challenge(bob(), "standard;D:upto"));
    let text = c.text.plain();
    assert!(
        text.contains(
            "Rule options (`standard;D:upto`): Black plays the standard rules. \
             Orange: Dwar moves 1 to 3 steps."
        ),
        "{text}"
    );
    h.ok(&alice(), Command::Cancel);
    h.settings(SettingsArgs {
        language: Some("es".into()),
        ..Default::default()
    });
    let c = h.ok(
        &alice(),
        rules_challenge(bob(), "P:brave+noescape;standard"),
    );
    let text = c.text.plain();
    assert!(
        text.contains("Opciones de reglas (`P:brave+noescape;standard`): Negras: "),
        "{text}"
    );
    assert!(text.contains("no tiene huida"), "{text}");
    assert!(
        text.contains("Naranjas juegan con las reglas estándar"),
        "{text}"
    );
}

#[test]
fn a_bad_rules_string_is_refused_privately_naming_the_culprit_and_nothing_is_held() {
    let mut h = Harness::new();
    for (typed, culprit) in [
        ("N:upto", "N:upto"),
        ("T:mixed", "T:mixed"),
        ("W:upto+exact", "W:upto+exact"),
        ("X:jump", "`X`"),
        ("W:upto,W:mixed", "named twice"),
    ] {
        h.refused(&alice(), rules_challenge(bob(), typed), "not valid");
        let r = h.send(&alice(), rules_challenge(bob(), typed)).reply;
        assert!(
            r.text.plain().contains(culprit),
            "{typed}: {}",
            r.text.plain()
        );
    }
    // Martian Chess takes no rule options.
    h.refused(
        &alice(),
        Command::Challenge {
            opponent: bob(),
            args: ChallengeArgs {
                game: Some(GameKind::MartianChess),
                options: vec![("rules".into(), "T:jump".into())],
                ..Default::default()
            },
        },
        "no rule options",
    );
}

#[test]
fn a_server_that_rates_rule_options_rates_them_in_a_pool_per_rules_string() {
    let mut h = Harness::new();
    let r = h.settings(SettingsArgs {
        rated_options: Some(true),
        ..Default::default()
    });
    assert!(
        r.text
            .plain()
            .contains("games with a rules string are rated"),
        "{}",
        r.text.plain()
    );
    let c = h.ok(&alice(), rules_challenge(bob(), "T:jump"));
    assert!(!c.text.plain().contains("Casual"), "{}", c.text.plain());
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    assert!(!game.terms.casual);
    assert_eq!(
        jetan_store::games::rating_pool(&game.terms).name(),
        "classic/T:jump"
    );
    let end = h.resign(&bob());
    assert!(
        end.text
            .plain()
            .contains("Ratings (Classic Jetan (`T:jump`))"),
        "{}",
        end.text.plain()
    );
    let finished = h.core().store().last_finished(CHANNEL).unwrap().unwrap();
    let change = finished.rating.expect("a rated game");
    assert_eq!(change.pool.name(), "classic/T:jump");
}

#[test]
fn the_rules_option_autocompletes_common_readings_and_what_is_typed() {
    let h = Harness::new();
    let core = h.core();
    let all = core.suggest_game_option(None, "rules", "en-US", "");
    assert_eq!(all[0].1, "standard");
    assert!(all.iter().any(|(_, v)| v == "W:upto+mixed"), "{all:?}");
    assert!(all
        .iter()
        .all(|(n, v)| n.chars().count() <= 100 && v.len() <= 100));
    let typed = core.suggest_game_option(None, "rules", "en-US", "t:jump;standard");
    assert_eq!(typed[0].1, "T:jump;standard");
    assert!(
        typed[0].0.contains("Black: Thoat jumps over pieces"),
        "{typed:?}"
    );
    let bad = core.suggest_game_option(None, "rules", "en-US", "N:upto");
    assert!(
        bad[0].0.starts_with('✗') && bad[0].0.contains("N:upto"),
        "{bad:?}"
    );
    let none = core.suggest_game_option(Some(GameKind::MartianChess), "rules", "en-US", "T");
    assert!(none.is_empty());
}

#[test]
fn the_computer_plays_rule_options_in_practice() {
    let mut h = Harness::new();
    let r = h.send(
        &alice(),
        practice(ChallengeArgs {
            first: Some(FirstMover::Challenged),
            level: Some(2),
            options: vec![("rules".into(), "W:upto+mixed,T:jump;P:brave".into())],
            ..Default::default()
        }),
    );
    assert!(
        r.reply.text.plain().contains("Rule options"),
        "{}",
        r.reply.text.plain()
    );
    for _ in 0..4 {
        let before = h.core().store().game(CHANNEL).unwrap().unwrap();
        assert_eq!(before.to_move(), h.core().bot().id, "the computer's turn");
        h.core()
            .computer_turn(GUILD, CHANNEL, || T0)
            .expect("the computer moves");
        let after = h.core().store().game(CHANNEL).unwrap().unwrap();
        let played = after.moves().last().unwrap();
        // The store accepted it, so it is legal under the options; it is one of them.
        let legal = before.position().unwrap().legal_moves();
        assert!(legal
            .iter()
            .any(|m| (m.from, m.to) == (played.from, played.to)));
        let pos = after.position().unwrap();
        let quiet = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| !m.is_capture())
            .unwrap();
        h.ok(
            &alice(),
            Command::Move {
                from: None,
                to: None,
                notation: Some(format!("{}-{}", quiet.from, quiet.to)),
            },
        );
    }
}

#[test]
fn the_standings_of_a_rules_string_are_its_own_pool() {
    let mut h = Harness::new();
    let standings = |pool: &str| Command::Standings {
        page: None,
        rating: Some(jetan_store::RatingPool::owned(pool.to_string())),
    };
    // Typed in any case; shown in the canonical form.
    let r = h.ok(&alice(), standings("classic/t:jump"));
    assert!(
        r.text.plain().contains("Classic Jetan (`T:jump`)"),
        "{}",
        r.text.plain()
    );
    h.refused(&alice(), standings("classic/N:upto"), "not valid");
    h.refused(
        &alice(),
        standings("martian_chess/T:jump"),
        "no rule options",
    );
}
