//! The web pages in a real browser: `jetan console --web 127.0.0.1:0` serves them, and
//! `node` drives Debian's `chromium` through `playwright-core` (the script
//! `bot/tests/browser/live.cjs`). A live page sees a move typed in the console appear
//! without a reload; Bob plays a move by clicking two squares on his own page (by
//! keyboard first), and the console prints its public reply as if typed; a foreign token
//! gets a clear page and plays nothing; the page fits 360 px. Screenshots at 1280 and
//! 360 px are kept under `target/browser-shots/`.
//!
//! Needs `node`, `chromium` (`CHROMIUM` names another binary) and `npm ci` run in
//! `bot/tests/browser` (`.ci/run` installs all three): when one is missing the test
//! FAILS saying how to install it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// The lines a child prints, as they come.
fn lines_of(out: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for a line that `pick` accepts, within `limit` (generous: a busy machine);
/// everything seen is kept in `seen` for the failure message.
fn wait_for<T>(
    rx: &Receiver<String>,
    seen: &mut Vec<String>,
    limit: Duration,
    what: &str,
    pick: impl Fn(&str) -> Option<T>,
) -> T {
    let end = Instant::now() + limit;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                let found = pick(&line);
                seen.push(line);
                if let Some(v) = found {
                    return v;
                }
            }
            Err(_) => panic!(
                "waited {limit:?} for {what}; output so far:\n{}",
                seen.join("\n")
            ),
        }
    }
}

fn tool_missing(what: &str, how: &str) -> ! {
    panic!(
        "the browser test needs {what}, which is missing: {how} (.ci/run installs it; this \
         test fails rather than skips without it)"
    )
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn say(stdin: &mut ChildStdin, line: &str) {
    writeln!(stdin, "{line}").unwrap();
    stdin.flush().unwrap();
}

#[test]
fn a_live_page_follows_the_console_and_a_player_moves_by_clicking() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scripts = manifest.join("tests/browser");
    // The tools, or a failure saying how to get them.
    if Command::new("node").arg("--version").output().is_err() {
        tool_missing("node", "apt-get install -y nodejs npm");
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        tool_missing("chromium", "apt-get install -y chromium");
    }
    if !scripts.join("node_modules/playwright-core").exists() {
        tool_missing(
            "playwright-core",
            &format!("cd {} && npm ci", scripts.display()),
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let shots: PathBuf = manifest.join("../target/browser-shots");
    std::fs::create_dir_all(&shots).unwrap();

    let mut console = Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["console", "--web", "127.0.0.1:0", "--think-ms", "50"])
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .env_remove("JETAN_PUBLIC_URL")
        .env_remove("JETAN_WEB_SECRET")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdin = console.stdin.take().unwrap();
    let out = lines_of(console.stdout.take().unwrap());
    let _console = Killed(console);
    let mut seen = Vec::new();
    let long = Duration::from_secs(60);
    wait_for(&out, &mut seen, long, "the web pages' address", |l| {
        l.starts_with("--- web pages at http://127.0.0.1:")
            .then_some(())
    });

    for line in [
        "#general @alice challenge opponent:@bob stake:0 piece_price:0 first:me",
        "#general @bob accept",
        "#general @bob click Confirm",
    ] {
        say(&mut stdin, line);
    }
    let link = |label: &'static str| {
        move |l: &str| {
            l.strip_prefix(&format!("[link] {label} → "))
                .map(str::to_string)
        }
    };
    say(&mut stdin, "#general @alice web");
    let alice = wait_for(
        &out,
        &mut seen,
        long,
        "Alice's link",
        link("Play in the browser"),
    );
    let watch = wait_for(&out, &mut seen, long, "the game's page", link("Watch"));
    say(&mut stdin, "#general @bob web");
    let bob = wait_for(
        &out,
        &mut seen,
        long,
        "Bob's link",
        link("Play in the browser"),
    );
    assert!(watch.contains("/s/") && watch.contains("/g/"), "{watch}");
    assert!(bob.contains("/p/") && bob != alice, "{bob} {alice}");

    let mut node = Command::new("node")
        .arg(scripts.join("live.cjs"))
        .args([&watch, &bob, &alice])
        .arg(&shots)
        .env("CHROMIUM", &chromium)
        .current_dir(&scripts)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut to_node = node.stdin.take().unwrap();
    let from_node = lines_of(node.stdout.take().unwrap());
    let _node = Killed(node);
    let mut said = Vec::new();
    let step = |said: &mut Vec<String>, word: &str| {
        wait_for(&from_node, said, long, word, |l| {
            assert!(!l.starts_with("ERROR"), "the browser script failed: {l}");
            l.starts_with(word).then(|| l.to_string())
        })
    };
    step(&mut said, "READY");
    say(&mut stdin, "#general @alice move from:e2 to:e3");
    wait_for(&out, &mut seen, long, "Alice's move in the console", |l| {
        l.contains("e2").then_some(())
    });
    say(&mut to_node, "MOVED e2 e3");
    let seen_after = step(&mut said, "SEEN");
    println!("the live page showed the console's move {seen_after} ms after it was told");
    step(&mut said, "CLICKED");
    // The console shows Bob's web move as a reply in the channel, as if typed.
    wait_for(&out, &mut seen, long, "the web move's public reply", |l| {
        l.starts_with("--- reply to a move on the web")
            .then_some(())
    });
    let refused = step(&mut said, "REFUSED");
    step(&mut said, "DONE");
    // Nothing was played with the foreign token: the board is still at the version
    // after the two moves (the start is 1 or more; two moves later, the same as before
    // the refusals).
    assert!(refused.split(' ').nth(1).is_some(), "{refused}");
    say(&mut stdin, "#general @alice board");
    wait_for(&out, &mut seen, long, "the board after the refusal", |l| {
        l.contains("move 2,").then_some(())
    });
    for shot in ["watch-1280.png", "play-1280.png", "watch-360.png"] {
        let meta = std::fs::metadata(shots.join(shot)).unwrap();
        assert!(meta.len() > 1000, "{shot} is empty");
    }
}

/// A finished game's stepping page in the browser: Home, →, Enter on the End button, a
/// click on Back and on a move of the list each show their board without a reload; the
/// record downloads as `game-<id>.txt`; the page fits 360 px (`moves-360.png`).
#[test]
fn a_finished_game_steps_by_keyboard_in_the_browser() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scripts = manifest.join("tests/browser");
    if Command::new("node").arg("--version").output().is_err() {
        tool_missing("node", "apt-get install -y nodejs npm");
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        tool_missing("chromium", "apt-get install -y chromium");
    }
    if !scripts.join("node_modules/playwright-core").exists() {
        tool_missing(
            "playwright-core",
            &format!("cd {} && npm ci", scripts.display()),
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let shots: PathBuf = manifest.join("../target/browser-shots");
    std::fs::create_dir_all(&shots).unwrap();
    let mut console = Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["console", "--web", "127.0.0.1:0", "--think-ms", "50"])
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .env_remove("JETAN_PUBLIC_URL")
        .env_remove("JETAN_WEB_SECRET")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdin = console.stdin.take().unwrap();
    let out = lines_of(console.stdout.take().unwrap());
    let _console = Killed(console);
    let mut seen = Vec::new();
    let long = Duration::from_secs(60);
    wait_for(&out, &mut seen, long, "the web pages' address", |l| {
        l.starts_with("--- web pages at http://127.0.0.1:")
            .then_some(())
    });
    for line in [
        "#general @alice challenge opponent:@bob stake:0 piece_price:0 first:me",
        "#general @bob accept",
        "#general @bob click Confirm",
        "#general @alice move from:f1 to:e4",
        "#general @bob move notation:e9-d8",
        "#general @alice move from:a2 to:b4",
        "#general @alice web",
    ] {
        say(&mut stdin, line);
    }
    let watch = wait_for(&out, &mut seen, long, "the game's page", |l| {
        l.strip_prefix("[link] Watch → ").map(str::to_string)
    });
    say(&mut stdin, "#general @bob resign");
    let confirm = wait_for(&out, &mut seen, long, "the resignation's button", |l| {
        l.split(" → click ")
            .nth(1)
            .filter(|_| l.contains("resign") || l.contains("Resign"))
            .map(str::to_string)
    });
    say(&mut stdin, &format!("#general @bob click {confirm}"));
    wait_for(&out, &mut seen, long, "the end of the game", |l| {
        l.contains("@alice wins").then_some(())
    });
    let node = Command::new("node")
        .arg(scripts.join("archive.cjs"))
        .arg(format!("{watch}/moves"))
        .arg("3")
        .arg(&shots)
        .env("CHROMIUM", &chromium)
        .current_dir(&scripts)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let output = node.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && said.lines().any(|l| l == "DONE"),
        "the browser script failed: {said}"
    );
    let meta = std::fs::metadata(shots.join("moves-360.png")).unwrap();
    assert!(meta.len() > 1000, "moves-360.png is empty");
}
