//! The offline console as a user runs it: `jetan console` reading a script on stdin,
//! including a restart (a second process on the same data directory) mid-game.

use std::io::Write;
use std::process::{Command, Stdio};

fn console(data: &std::path::Path, out: &std::path::Path, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["console", "--think-ms", "50", "--data"])
        .arg(data)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the jetan binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_scripted_game_survives_a_restart_and_old_buttons_work() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    // A typed accept shows the terms privately, with a Confirm button bound to the
    // challenge.
    let terms = console(
        data.path(),
        out.path(),
        "// alice challenges bob, who asks to accept\n\
         #general @alice challenge opponent:@bob stake:50 piece_price:1 first:me\n\
         #general @bob accept\n",
    );
    assert!(terms.contains("@alice challenges @bob"), "{terms}");
    assert!(
        terms.contains("Accept this challenge from @alice?"),
        "{terms}"
    );
    let confirm = terms
        .lines()
        .filter_map(|l| l.strip_prefix("[button] Confirm → click "))
        .next()
        .expect("the typed accept has a Confirm button")
        .to_string();
    let first = console(
        data.path(),
        out.path(),
        &format!(
            "// bob confirms; two moves; then a draw offer\n\
             #general @bob click {confirm}\n\
             #general @alice /jetan move from:f1 to:e4\n\
             @bob move notation:e9-d8\n\
             @alice draw\n\
             @carol move from:a2 to:a3\n\
             @alice wallet\n"
        ),
    );
    assert!(first.contains("@bob accepts"), "{first}");
    assert!(
        first.contains("[ephemeral]"),
        "refusals and wallets are private: {first}"
    );
    assert!(
        first.contains("You are not playing in this game"),
        "{first}"
    );
    assert!(
        first.contains("908 coins"),
        "alice's stake and reserve are held: {first}"
    );
    let decline = first
        .lines()
        .filter_map(|l| l.strip_prefix("[button] Decline → click "))
        .find(|id| id.contains("draw-decline"))
        .expect("the draw offer has a Decline button")
        .to_string();
    let pictures: Vec<&str> = first
        .lines()
        .filter_map(|l| l.strip_prefix("[attachment] "))
        .collect();
    assert_eq!(
        pictures.len(),
        3,
        "accept and two moves show the board: {first}"
    );
    for p in &pictures {
        let bytes = std::fs::read(p).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
    }

    // A new process on the same data: the game goes on, the old button still works.
    let second = console(
        data.path(),
        out.path(),
        &format!(
            "#general @bob click {decline}\n\
             @alice move from:a2 to:b4\n\
             @bob move from:g10 to:h7\n\
             @alice move from:d1 to:g4\n\
             @bob move from:d10 to:a7\n\
             @alice move from:g4 to:h7\n\
             @bob move from:a7 to:b4\n\
             @alice move from:h7 to:e10\n\
             @alice wallet\n\
             @bob wallet user:@alice\n\
             standings\n\
             :advance 25h\n\
             @bob daily\n"
        ),
    );
    assert!(second.contains("@bob declines the draw"), "{second}");
    assert!(second.contains("@alice wins"), "{second}");
    assert!(second.contains("1052 coins"), "alice's winnings: {second}");
    assert!(second.contains("You receive 100 coins"), "{second}");
    assert!(!second.contains("error"), "{second}");
}

#[test]
fn bad_lines_are_answered_not_fatal() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let text = console(data.path(), out.path(), "rules\n#c rules\n#c @a fly\n#c @a challenge\n#c @a move from:e2 to:e3 extra\n#c @a rules\n");
    assert!(text.contains("name the user first"), "{text}");
    assert!(text.contains("there is no command `fly`"), "{text}");
    assert!(text.contains("challenge needs opponent"), "{text}");
    assert!(text.contains("**Jetan**"), "{text}");
    let twice = console(
        data.path(),
        out.path(),
        "#c @a challenge opponent:@b opponent:@c\n",
    );
    assert!(twice.contains("given twice"), "{twice}");
}

/// Menus offline: the console numbers a menu's options and `click N` picks one, so a
/// whole move is played with the Move button and its two menus, without typing squares.
#[test]
fn a_move_by_button_and_numbered_menus() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let text = console(
        data.path(),
        out.path(),
        "#general @alice challenge opponent:@bob stake:0 piece_price:0 first:me\n\
         @bob accept\n@bob click Confirm\n\
         @alice click Move\n@alice click 1\n@alice click 1\n@alice click 99\n",
    );
    assert!(text.contains("  1. "), "the options are numbered: {text}");
    assert!(
        text.contains("the last menu has options 1 to"),
        "a number out of range is refused: {text}"
    );
    assert!(
        text.contains("@alice plays **") && text.contains("@bob, your move."),
        "alice's move was played: {text}"
    );
}

/// `admin purge` in the console: `:leave` makes a member depart; the purge empties the
/// wallet of the one who left and leaves the one who stayed.
#[test]
fn a_purge_empties_the_wallet_of_a_member_who_left() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let text = console(
        data.path(),
        out.path(),
        "#bank @bob!member daily
@carol!member daily
:leave @bob
@admin admin purge reason:gone
@bob!member wallet
@carol!member wallet
",
    );
    assert!(text.contains("@bob leaves the server"), "{text}");
    assert!(
        text.contains("Asking Discord which of the 2 members"),
        "{text}"
    );
    assert!(
        text.contains("Purged the wallet of one member who left"),
        "{text}"
    );
    assert!(
        text.contains("@bob's wallet: **0 coins** available"),
        "{text}"
    );
    assert!(!text.contains("@carol's wallet: **0 coins**"), "{text}");
}

/// The once-a-minute sweep (which `:advance` runs as `serve` does): an unanswered challenge
/// expires, the challenger is refunded and the challenge message is edited (its buttons
/// gone); neither a typed accept nor the old button accepts it any more. (The end-to-end tests leave this to the console:
/// the real bot sweeps once a minute and the shortest expiry is a minute.)
#[test]
fn the_sweep_expires_challenges_and_edits_their_message() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let text = console(
        data.path(),
        out.path(),
        "#general @alice challenge opponent:@bob stake:10\n\
         @alice wallet\n\
         :advance 5m\n\
         :advance 6m\n\
         @alice wallet\n\
         @bob accept\n\
         #general @bob click jetan:accept:0\n",
    );
    let expired = text
        .find("expired unanswered")
        .unwrap_or_else(|| panic!("the challenge expires after 10 minutes: {text}"));
    let first_advance = text.find("the clock moves forward 300 s").unwrap();
    assert!(first_advance < expired, "not before 10 minutes: {text}");
    let edited = text
        .find("--- message 1 is edited")
        .unwrap_or_else(|| panic!("the challenge message is edited: {text}"));
    assert!(edited < expired, "the edit says it expired: {text}");
    assert!(
        text.contains("**948 coins** available, 52 coins in escrow")
            && text.contains("**1000 coins** available, 0 coins in escrow"),
        "escrow held, then refunded: {text}"
    );
    assert!(
        text.contains("There is no open challenge"),
        "an expired challenge cannot be accepted by typing: {text}"
    );
    assert!(
        text.contains("This challenge is no longer open."),
        "nor by its old button: {text}"
    );
}

/// A game nobody plays: after three times its move time the bot's sweep settles it as a
/// loss on time for the player to move, and a practice game nobody touches for its move
/// time ends as abandoned. (The console runs the sweep on `:advance`.)
#[test]
fn the_sweep_settles_games_nobody_plays() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let first = console(
        data.path(),
        out.path(),
        "#general @alice challenge opponent:@bob stake:10 move_time:1 first:me\n",
    );
    let accept = first
        .lines()
        .filter_map(|l| l.strip_prefix("[button] Accept → click "))
        .next()
        .expect("the challenge has an Accept button")
        .to_string();
    let text = console(
        data.path(),
        out.path(),
        &format!(
            "#general @bob click {accept}\n\
             @alice move from:e2 to:e3\n\
             :advance 2m\n\
             @alice board\n\
             :advance 2m\n\
             @alice wallet\n\
             #practice @carol challenge opponent:@jetan first:opponent move_time:5\n\
             :advance 6m\n\
             #practice @carol board\n"
        ),
    );
    let board = text.find("--- reply to @alice").unwrap();
    let settled = text
        .find("@bob loses on time and @alice wins")
        .unwrap_or_else(|| panic!("settled after three move times: {text}"));
    assert!(board < settled, "not before three move times: {text}");
    assert!(
        text.contains("**1010 coins** available"),
        "alice won bob's stake: {text}"
    );
    assert!(
        text.contains("practice game of @jetan and @carol was abandoned")
            || text.contains("practice game of @carol and @jetan was abandoned"),
        "{text}"
    );
    assert!(
        text.contains("There is no game in this channel"),
        "the channel is free: {text}"
    );
}

#[test]
fn a_spanish_player_and_server_and_every_user_by_name() {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let first = console(
        data.path(),
        out.path(),
        "#mesa @alice admin settings language:es\n\
         #mesa @carol:es challenge opponent:@dave stake:10 piece_price:1 first:me\n\
         #mesa @dave accept\n\
         #mesa @carol:es move notation:e2-e3 notation:e2-e4\n",
    );
    assert!(
        first.contains("Language of public messages: Spanish"),
        "{first}"
    );
    assert!(first.contains("@carol desafía a @dave"), "{first}");
    assert!(
        first.contains("Accept this challenge from @carol?"),
        "{first}"
    );
    assert!(
        first.contains("--- error: the option `notation` is given twice"),
        "{first}"
    );
    // A later session on the same data directory has not seen dave typed: he is still
    // printed by name, never as a raw mention.
    let confirm = first
        .lines()
        .filter_map(|l| l.strip_prefix("[button] Confirm → click "))
        .next()
        .expect("the typed accept has a Confirm button")
        .to_string();
    let second = console(
        data.path(),
        out.path(),
        &format!("#mesa @dave click {confirm}\n"),
    );
    assert!(
        second.contains("@carol juega con Negras y empieza"),
        "{second}"
    );
    let third = console(
        data.path(),
        out.path(),
        "#mesa @carol:es move from:e2 to:e3\n#mesa @carol:es moves square:E5\n",
    );
    assert!(third.contains("(jugada 1, Negras)"), "{third}");
    assert!(third.contains("@dave, te toca."), "{third}");
    assert!(third.contains("e5 está vacía."), "{third}");
    assert!(!third.contains("<@"), "{third}");
}

/// The console reads the same grammar Discord registers: Discord's `promote` option, its
/// bounds and choices, refused in the same words.
#[test]
fn the_console_takes_every_option_discord_offers_and_refuses_alike() {
    use jetan::console::{bot_user, Console, Line};
    let dir = tempfile::tempdir().unwrap();
    let core = jetan_core::Core::new(
        jetan_store::Store::open(dir.path().join("data")).unwrap(),
        bot_user(),
        1,
    );
    let mut console = Console::new(&core, dir.path().join("out"));
    let command = |c: &mut Console<'_>, line: &str| match c.parse(line) {
        Ok(Line::Command { command, .. }) => Ok(*command),
        Ok(other) => panic!("{line}: {other:?}"),
        Err(e) => Err(e),
    };
    assert_eq!(
        command(
            &mut console,
            "#mars @alice move from:f2 to:f1 promote:knight"
        ),
        Ok(jetan_core::Command::Move {
            from: Some("f2".into()),
            to: Some("f1=N".into()),
            notation: None
        })
    );
    for (line, refusal) in [
        (
            "move from:f2 to:f1 promotion:knight",
            "`move` has no option `promotion`; its options are from, to, notation and promote",
        ),
        (
            "move from:f2 to:f1 promote:king",
            "`king` is not a choice for promote: write queen, rook, bishop or knight",
        ),
        (
            "challenge opponent:@bob level:9",
            "level must be from 1 to 5, not 9",
        ),
        (
            "admin grant user:@bob reason:x",
            "jetan-admin grant needs amount:50",
        ),
        (
            "jetan-admin fire",
            "there is no `jetan-admin fire`: write jetan-admin abort, grant, take, reset, purge or settings",
        ),
        (
            "admin settings language:fr",
            "`fr` is not a choice for language: write en, es or auto",
        ),
        ("accept now", "write options as name:value (`now` is not)"),
    ] {
        assert_eq!(
            command(&mut console, line),
            Err(refusal.to_string()),
            "{line}"
        );
    }
    // A refused line changes nothing: no challenge was made.
    let mut out = Vec::new();
    console.run_line("#mars @bob accept", &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(!out.contains("--- error"), "{out}");
    assert!(!out.contains("Confirm"), "no challenge is open: {out}");
}
