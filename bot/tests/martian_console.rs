//! A whole game of Martian Chess through the offline console, under fixed seeds: two
//! players (the rules crate's computer player choosing for each, from their own view)
//! type every action as a console line; every public reply is checked for hidden cards.

use jetan::console::{bot_user, id_of, Console, CONSOLE_GUILD};
use jetan_core::Core;
use jetan_store::{GameResult, Store};
use martian_chess::{ai, Action, Card, State};

/// The console line for an action.
fn line(user: &str, a: Action) -> String {
    let cmd = match a {
        Action::Move {
            from,
            to,
            promotion,
        } => match promotion {
            Some(r) => format!(
                "move notation:{from}-{to}={}",
                r.char().to_ascii_uppercase()
            ),
            None => format!("move from:{from} to:{to}"),
        },
        Action::Drop { role, to } => {
            format!(
                "drop piece:{} square:{to}",
                role.char().to_ascii_uppercase()
            )
        }
        Action::Exchange(role) => format!("exchange piece:{}", role.name()),
        Action::Discard(c) => format!("discard card:{c}"),
        Action::Play(c) => format!("card card:{c}"),
        Action::End => "end".to_string(),
    };
    format!("#mars @{user} {cmd}")
}

/// The cards a text names (two-character words that read as cards).
fn cards_named(text: &str) -> Vec<Card> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 2)
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The public blocks of a console output (replies not marked `[ephemeral]`).
fn public_blocks(out: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for l in out.lines() {
        if let Some(head) = l.strip_prefix("--- ") {
            if let Some(b) = current.take() {
                blocks.push(b);
            }
            if !head.contains("[ephemeral]") {
                current = Some(String::new());
            }
        } else if let Some(b) = current.as_mut() {
            b.push_str(l);
            b.push('\n');
        }
    }
    blocks.extend(current);
    blocks
}

/// The game in `#mars`, who must act there (`alice` or `bob`), and the computer
/// player's choice for them; `None` once the game is over.
fn next(core: &Core, n: u64, level: ai::Level) -> Option<(State, &'static str, Action)> {
    let game = core.store().game(id_of("mars")).unwrap()?;
    let state = game.martian_state().unwrap();
    let side = state.player_to_act().unwrap();
    let name = if game.martian_player(side) == id_of("alice") {
        "alice"
    } else {
        "bob"
    };
    let a = ai::choose(&state.public_view(side), level, n).unwrap();
    Some((state, name, a))
}

fn run(console: &mut Console<'_>, l: &str) -> String {
    let mut out = Vec::new();
    console.run_line(l, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn whole_game(core_seed: u64, level: ai::Level) {
    let data = tempfile::tempdir().unwrap();
    let pics = tempfile::tempdir().unwrap();
    let store = Store::open(data.path()).unwrap();
    let core = Core::new(store, bot_user(), core_seed);
    let mut console = Console::new(&core, pics.path());
    let channel = id_of("mars");
    let out = run(
        &mut console,
        "#mars @alice challenge opponent:@bob game:martian-chess stake:20 piece_price:1 first:me",
    );
    assert!(out.contains("Martian Chess"), "{out}");
    let accept = out
        .lines()
        .find_map(|l| l.strip_prefix("[button] Accept → click "))
        .expect("an Accept button")
        .to_string();
    let out = run(&mut console, &format!("#mars @bob click {accept}"));
    assert!(out.contains("rolls a"), "the first die is posted: {out}");
    assert!(out.contains("[attachment]"), "with the board: {out}");
    let mut actions = 0;
    let mut battles = 0;
    while let Some((state, name, a)) = next(&core, actions, level) {
        // A player looks at their hand privately now and then.
        if actions % 25 == 0 {
            let out = run(&mut console, &format!("#mars @{name} hand"));
            assert!(
                out.contains("[ephemeral]") && out.contains("Your hand"),
                "{out}"
            );
        }
        if matches!(a, Action::Play(_)) {
            battles += 1;
        }
        let out = run(&mut console, &line(name, a));
        assert!(
            !out.contains("[ephemeral]"),
            "action {actions} ({a}) was refused: {out}"
        );
        // No card of either hand appears in public before it is played.
        let own = match a {
            Action::Play(c) | Action::Discard(c) => Some(c),
            _ => None,
        };
        for block in public_blocks(&out) {
            for c in cards_named(&block) {
                let held = martian_chess::Color::ALL
                    .into_iter()
                    .any(|p| state.hand(p).contains(&c));
                assert!(
                    !held || Some(c) == own,
                    "action {actions} ({a}): the public reply names {c}, still in a hand: {block}"
                );
            }
        }
        actions += 1;
        assert!(actions < 5000, "the game does not end");
    }
    assert!(battles > 0, "the game had battles");
    let last = core.store().last_finished(channel).unwrap().unwrap();
    assert_eq!(last.game.actions().len() as u64, actions);
    let (a, b) = (
        core.store().wallet(CONSOLE_GUILD, id_of("alice")).unwrap(),
        core.store().wallet(CONSOLE_GUILD, id_of("bob")).unwrap(),
    );
    assert_eq!((a.escrow, b.escrow), (0, 0));
    assert_eq!(a.balance + b.balance, 2000, "money is conserved");
    assert_eq!(a.net_won, -b.net_won);
    assert_eq!(a.balance as i64, 1000 + a.net_won);
    match last.result {
        GameResult::Win { winner, .. } => {
            let w = if winner == id_of("alice") { &a } else { &b };
            assert_eq!(w.wins, 1);
        }
        GameResult::Draw => assert_eq!(a.draws, 1),
        GameResult::Aborted => panic!("not aborted"),
    }
    assert!(core.store().verify().unwrap().is_clean());
    // The replay is a text file of public actions.
    let out = run(&mut console, "#mars @alice replay");
    assert!(out.contains("replay.txt"), "{out}");
}

#[test]
fn a_whole_greedy_game_through_the_console() {
    whole_game(7, ai::Level::Greedy);
}

#[test]
fn a_whole_careful_game_through_the_console() {
    whole_game(11, ai::Level::Lookahead);
}

/// Plays (in this process, through the console) until a battle waits for the
/// defender's first card; returns that card's console line.
fn to_mid_battle(console: &mut Console<'_>, core: &Core) -> String {
    let mut n = 0;
    loop {
        let (state, name, a) = next(core, n, ai::Level::Greedy).expect("a battle before the end");
        if state.battle().is_some_and(|b| b.cards().len() == 1) {
            return line(name, a);
        }
        let out = run(console, &line(name, a));
        assert!(!out.contains("[ephemeral]"), "{out}");
        n += 1;
    }
}

#[test]
fn a_sigkill_in_the_middle_of_a_battle_loses_nothing_acknowledged() {
    use std::io::{BufRead, BufReader, Write};
    let data = tempfile::tempdir().unwrap();
    let pics = tempfile::tempdir().unwrap();
    let card_line = {
        let core = Core::new(Store::open(data.path()).unwrap(), bot_user(), 5);
        let mut console = Console::new(&core, pics.path());
        let out = run(
            &mut console,
            "#mars @alice challenge opponent:@bob game:martian-chess stake:10 piece_price:1 first:me",
        );
        let accept = out
            .lines()
            .find_map(|l| l.strip_prefix("[button] Accept → click "))
            .unwrap()
            .to_string();
        run(&mut console, &format!("#mars @bob click {accept}"));
        to_mid_battle(&mut console, &core)
    };
    // The bot process plays the defender's card, says so, and is killed at once.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["console", "--data"])
        .arg(data.path())
        .arg("--out")
        .arg(pics.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{card_line}").unwrap();
    stdin.flush().unwrap();
    let card = card_line.rsplit(':').next().unwrap().to_string();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut l = String::new();
        assert!(
            reader.read_line(&mut l).unwrap() > 0,
            "the console ended: {seen}"
        );
        seen.push_str(&l);
        if l.contains(&format!("plays **{card}**")) {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    drop(stdin);
    // After the restart the battle goes on with the acknowledged card in it.
    let core = Core::new(Store::open(data.path()).unwrap(), bot_user(), 6);
    let game = core.store().game(id_of("mars")).unwrap().unwrap();
    let state = game.martian_state().unwrap();
    let battle = state.battle().expect("still in the battle");
    assert_eq!(battle.cards().len(), 2);
    assert_eq!(battle.cards()[1].to_string(), card);
    let mut console = Console::new(&core, pics.path());
    let mut n = 0;
    while let Some((_, name, a)) = next(&core, n, ai::Level::Greedy) {
        let out = run(&mut console, &line(name, a));
        assert!(!out.contains("[ephemeral]"), "{out}");
        n += 1;
        assert!(n < 5000);
    }
    assert!(core.store().verify().unwrap().is_clean());
}

#[test]
fn selfplay_plays_martian_chess() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args([
            "selfplay",
            "--game",
            "martian-chess",
            "--black",
            "greedy",
            "--orange",
            "random",
            "--games",
            "4",
            "--max-plies",
            "4000",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 4);
    // The greedy player beats the random one.
    assert!(text.ends_with("white 4, black 0, draws 0\n"), "{text}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args([
            "selfplay", "--game", "go", "--black", "greedy", "--orange", "random",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a game"));
}
