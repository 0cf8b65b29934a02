//! Wins on time through the offline console, one test body for every game: the player
//! who let their own time run out cannot claim, the one who waited can, and the
//! once-a-minute upkeep ends a stalled game against the player who stalled. (Martian
//! Chess once gave the win to the player out of time, in both paths.)

use jetan::console::{bot_user, id_of, Console};
use jetan_core::Core;
use jetan_store::{GameResult, Store};

fn run(console: &mut Console<'_>, l: &str) -> String {
    let mut out = Vec::new();
    console.run_line(l, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Each game with the console lines by which `@alice` (the first mover) plays one whole
/// turn, so that `@bob` must act.
const GAMES: [(&str, &[&str]); 2] = [
    ("game:jetan", &["#g @alice move from:e2 to:e3"]),
    (
        "game:martian-chess",
        &["#g @alice move from:e2 to:e4", "#g @alice end"],
    ),
];

/// A console over a fresh store, with `@alice` and `@bob` in a game of `game` with a
/// stake and a five-minute move time, after `@alice`'s first turn.
fn after_first_turn<'a>(
    core: &'a Core,
    pics: &std::path::Path,
    game: &str,
    turn: &[&str],
) -> Console<'a> {
    let mut console = Console::new(core, pics);
    let out = run(
        &mut console,
        &format!(
            "#g @alice challenge opponent:@bob {game} stake:50 piece_price:0 first:me move_time:5"
        ),
    );
    let accept = out
        .lines()
        .find_map(|l| l.strip_prefix("[button] Accept → click "))
        .unwrap_or_else(|| panic!("an Accept button: {out}"))
        .to_string();
    run(&mut console, &format!("#g @bob click {accept}"));
    for line in turn {
        let out = run(&mut console, line);
        assert!(!out.contains("[ephemeral]"), "{line}: {out}");
    }
    let g = core.store().game(id_of("g")).unwrap().expect("a game");
    assert_eq!(g.to_move(), id_of("bob"), "{game}: bob must act");
    console
}

/// The game in `#g` is over and `@alice` beat `@bob`, and `verify` agrees.
fn assert_alice_won(core: &Core, game: &str) {
    let last = core.store().last_finished(id_of("g")).unwrap().unwrap();
    assert_eq!(
        last.result,
        GameResult::Win {
            winner: id_of("alice"),
            loser: id_of("bob")
        },
        "{game}"
    );
    assert!(core.store().verify().unwrap().is_clean(), "{game}");
}

#[test]
fn only_the_player_who_waited_claims_the_win() {
    for (game, turn) in GAMES {
        let data = tempfile::tempdir().unwrap();
        let pics = tempfile::tempdir().unwrap();
        let core = Core::new(Store::open(data.path()).unwrap(), bot_user(), 11);
        let mut console = after_first_turn(&core, pics.path(), game, turn);
        run(&mut console, ":advance 10m");
        let out = run(&mut console, "#g @bob claim");
        assert!(
            out.contains("[ephemeral]"),
            "{game}: bob's claim is refused: {out}"
        );
        assert!(
            out.contains("only your opponent can claim"),
            "{game}: {out}"
        );
        assert!(core.store().game(id_of("g")).unwrap().is_some());
        let out = run(&mut console, "#g @alice claim");
        assert!(out.contains("bob ran out of time"), "{game}: {out}");
        assert!(out.contains("alice claims the win"), "{game}: {out}");
        assert_alice_won(&core, game);
    }
}

#[test]
fn the_upkeep_ends_a_stalled_game_against_the_player_who_stalled() {
    for (game, turn) in GAMES {
        let data = tempfile::tempdir().unwrap();
        let pics = tempfile::tempdir().unwrap();
        let core = Core::new(Store::open(data.path()).unwrap(), bot_user(), 11);
        let mut console = after_first_turn(&core, pics.path(), game, turn);
        let out = run(&mut console, ":advance 16m");
        assert!(
            out.contains("bob"),
            "{game}: the sweep posts the result: {out}"
        );
        assert_alice_won(&core, game);
        let wallet = core
            .store()
            .wallet(jetan::console::CONSOLE_GUILD, id_of("alice"));
        assert_eq!(
            wallet.unwrap().balance,
            1050,
            "{game}: alice won bob's stake"
        );
    }
}
