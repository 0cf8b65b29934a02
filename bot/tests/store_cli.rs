//! `jetan verify`, `export`, `import` and `migrate` as a user runs them: their exit
//! statuses, an import killed at random moments, and data moved to a throwaway
//! PostgreSQL server and back.

use jetan_core::{ChannelId, GuildId, UserId};

#[path = "../../store/tests/store/cluster.rs"]
mod cluster;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use jetan_rules::Variant;
use jetan_store::{Stamp, Store, Terms};
use rand::{Rng, SeedableRng};

const GUILD: u64 = 1;

fn jetan(args: &[&str], data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(args)
        .arg("--data")
        .arg(data)
        .stdin(Stdio::null())
        .output()
        .expect("the jetan binary runs")
}

fn jetan_args(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the jetan binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout: {}\nstderr: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A data directory with wallets, ledger entries, games in progress and finished games
/// (some with many moves).
fn fill(dir: &Path, players: u64) {
    let s = Store::open(dir).unwrap();
    let mut id = 1;
    let mut req = |user| {
        id += 1;
        Stamp::new(id, user, id)
    };
    for u in 0..players {
        s.grant(req(UserId(1)), GuildId(GUILD), UserId(1000 + u), 10, "gift")
            .unwrap();
    }
    for ch in 0..6u64 {
        let (a, b) = (1000 + 2 * ch, 1001 + 2 * ch);
        let terms = Terms {
            stake: 5,
            piece_price: 1,
            ..Terms::friendly(if ch % 2 == 0 {
                Variant::Classic
            } else {
                Variant::Manator
            })
        };
        s.challenge(
            req(UserId(a)),
            GuildId(GUILD),
            ChannelId(ch),
            UserId(b),
            terms,
        )
        .unwrap();
        s.accept(req(UserId(b)), ChannelId(ch), None, 0, 7 + ch)
            .unwrap();
        for ply in 0..30 {
            let Some(g) = s.game(ChannelId(ch)).unwrap() else {
                break;
            };
            let pos = g.position().unwrap();
            let moves = pos.legal_moves();
            let m = moves[(ply * 7 + ch as usize) % moves.len()];
            s.play(
                req(g.to_move()),
                ChannelId(ch),
                (g.id, g.version),
                m.from,
                m.to,
            )
            .unwrap();
        }
        if ch % 3 == 0 {
            if let Some(g) = s.game(ChannelId(ch)).unwrap() {
                s.resign(req(g.players.first), ChannelId(ch), g.id).unwrap();
            }
        }
    }
    assert!(s.verify().unwrap().is_clean());
}

#[test]
fn verify_exit_statuses_say_clean_inconsistent_locked_and_not_data() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    fill(&data, 20);

    let clean = jetan(&["verify"], &data);
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean));
    assert!(String::from_utf8_lossy(&clean.stdout).contains("clean"));

    // Not a data directory: refused, and not created.
    let missing = root.path().join("typo");
    let o = jetan(&["verify"], &missing);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("no jetan data in"), "{}", text(&o));
    assert!(!missing.exists(), "verify created the directory");
    let other = root.path().join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "hello").unwrap();
    let o = jetan(&["verify"], &other);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let o = jetan(&["export"], &missing);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));

    // Locked: another process (this one) has it open.
    {
        let _open = Store::open(&data).unwrap();
        let o = jetan(&["verify"], &data);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(
            text(&o).contains("in use by another process"),
            "{}",
            text(&o)
        );
        let o = jetan(&["export"], &data);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    }

    // Inconsistent: a wallet whose balance disagrees with the ledger (made by editing
    // an export and importing it).
    let export = root.path().join("export.jsonl");
    let mut o = jetan(&["export", "--out", export.to_str().unwrap()], &data);
    for _ in 0..100 {
        // A child process forked meanwhile by the other test may hold the lock until it
        // execs.
        if o.status.code() != Some(2) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        o = jetan(&["export", "--out", export.to_str().unwrap()], &data);
    }
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let mut edited = String::new();
    let mut done = false;
    for line in std::fs::read_to_string(&export).unwrap().lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        if !done && v["type"] == "wallet" {
            v["wallet"]["balance"] =
                serde_json::json!(v["wallet"]["balance"].as_u64().unwrap() + 1);
            done = true;
        }
        edited.push_str(&v.to_string());
        edited.push('\n');
    }
    std::fs::write(&export, edited).unwrap();
    let bad = root.path().join("bad");
    let o = jetan(&["import", export.to_str().unwrap()], &bad);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = jetan(&["verify"], &bad);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("PROBLEM"), "{}", text(&o));
}

#[test]
fn an_import_killed_at_any_moment_leaves_no_directory_or_a_complete_one() {
    let root = tempfile::tempdir().unwrap();
    let source = root.path().join("source");
    fill(&source, 1500);
    let export = root.path().join("export.jsonl");
    let o = jetan(&["export", "--out", export.to_str().unwrap()], &source);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let original = std::fs::read(&export).unwrap();

    // How long a whole import takes, to kill within it.
    let t0 = Instant::now();
    let whole = root.path().join("whole");
    let o = jetan(&["import", export.to_str().unwrap()], &whole);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let span = t0.elapsed().as_micros().max(1000) as u64;

    // The kill moments, as fractions of the time an import takes: drawn from a fixed
    // seed, so a failure replays with the same fractions (the line it prints);
    // `JETAN_STORE_CLI_SEED` tries others.
    let seed = match std::env::var("JETAN_STORE_CLI_SEED") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("JETAN_STORE_CLI_SEED={v}: not a u64")),
        Err(_) => 0x6a65_7461_6e5f_636c,
    };
    eprintln!("seed {seed}, an import takes {span} µs");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut complete, mut absent) = (0, 0);
    for round in 0..8 {
        let permille = rng.gen_range(0..1100u64);
        // Every failure below names the seed that replays it.
        let at = format!(
            "round {round}, killed at {permille}‰ of an import (replay: JETAN_STORE_CLI_SEED={seed} cargo test -p jetan --test \
             store_cli an_import_killed)"
        );
        let target = root.path().join(format!("data{round}"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_jetan"))
            .args(["import", "--data"])
            .arg(&target)
            .arg(&export)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(span * permille / 1000));
        let _ = child.kill();
        child.wait().unwrap();
        if target.exists() {
            // Complete: it verifies clean and exports the same records.
            complete += 1;
            let o = jetan(&["verify"], &target);
            assert_eq!(o.status.code(), Some(0), "{at}: {}", text(&o));
            let again = root.path().join(format!("again{round}.jsonl"));
            let o = jetan(&["export", "--out", again.to_str().unwrap()], &target);
            assert_eq!(o.status.code(), Some(0), "{at}: {}", text(&o));
            assert!(std::fs::read(&again).unwrap() == original, "{at}");
            // And a second import into it is refused.
            let o = jetan(&["import", export.to_str().unwrap()], &target);
            assert_eq!(o.status.code(), Some(1), "{at}: {}", text(&o));
            assert!(text(&o).contains("not empty"), "{at}: {}", text(&o));
        } else {
            absent += 1;
            let o = jetan(&["verify"], &target);
            assert_eq!(o.status.code(), Some(3), "{at}: {}", text(&o));
        }
        // Importing again (over whatever the kill left beside it) works.
        let retry = if target.exists() {
            root.path().join(format!("retry{round}"))
        } else {
            target.clone()
        };
        let o = jetan(&["import", export.to_str().unwrap()], &retry);
        assert_eq!(o.status.code(), Some(0), "{at}: {}", text(&o));
        let o = jetan(&["verify"], &retry);
        assert_eq!(o.status.code(), Some(0), "{at}: {}", text(&o));
    }
    eprintln!("{complete} complete, {absent} absent");
}

#[test]
fn migrate_moves_a_data_directory_to_postgresql_and_back() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    fill(&data, 10);
    let dir = data.to_str().unwrap();
    let url = cluster::fresh_url();

    // A database the store never used holds no jetan data.
    let o = jetan_args(&["verify", "--data", &url]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));

    let o = jetan_args(&["migrate", "--from", dir, "--to", &url]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("verify clean"), "{}", text(&o));
    let o = jetan_args(&["verify", "--data", &url]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // Into a database that holds data: refused, nothing changed.
    let o = jetan_args(&["migrate", "--from", dir, "--to", &url]);
    assert_ne!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("not empty"), "{}", text(&o));

    // And back, into a new directory: the same records.
    let back = root.path().join("back");
    let o = jetan_args(&["migrate", "--from", &url, "--to", back.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let first = jetan(&["export"], &data);
    let last = jetan(&["export"], &back);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first));
    assert!(
        first.stdout == last.stdout,
        "the round trip changed the data"
    );
    let o = jetan(&["verify"], &back);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// `jetan export-ledger --server ID --csv`: one server's ledger for a spreadsheet, every
/// entry in order, nothing of another server.
#[test]
fn export_ledger_writes_one_servers_ledger_as_csv() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    {
        let s = Store::open(&data).unwrap();
        s.pay(
            Stamp::new(5, UserId(101), 1_000),
            GuildId(GUILD),
            UserId(102),
            40,
            "rent, \"May\"",
        )
        .unwrap();
        s.grant(
            Stamp::new(6, UserId(1), 2_000),
            GuildId(2),
            UserId(103),
            10,
            "other server",
        )
        .unwrap();
    }
    let o = jetan(&["export-ledger", "--server", "1", "--csv"], &data);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let csv = String::from_utf8_lossy(&o.stdout).to_string();
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines,
        vec![
            "seq,time_utc,at_ms,server,user,kind,balance_delta,escrow_delta,game,request,reason",
            "0,1970-01-01 00:00:01,1000,1,101,starting_grant,1000,0,,5,starting grant",
            "1,1970-01-01 00:00:01,1000,1,102,starting_grant,1000,0,,5,starting grant",
            "2,1970-01-01 00:00:01,1000,1,101,payment,-40,0,,5,\"payment to 102: rent, \"\"May\"\"\"",
            "3,1970-01-01 00:00:01,1000,1,102,payment,40,0,,5,\"payment from 101: rent, \"\"May\"\"\"",
        ],
        "{csv}"
    );
    let json = jetan(&["export-ledger", "--server", "2"], &data);
    assert_eq!(json.status.code(), Some(0), "{}", text(&json));
    let out = String::from_utf8_lossy(&json.stdout).to_string();
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.contains("\"kind\":\"grant\""), "{out}");
    let missing = jetan(
        &["export-ledger", "--server", "1"],
        &root.path().join("typo"),
    );
    assert_eq!(missing.status.code(), Some(3), "{}", text(&missing));
}
