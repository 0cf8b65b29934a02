//! The upgrade fixture's data directory (written by an earlier release:
//! `store/tests/fixtures/format2`, docs/STORAGE.md "Upgrade fixtures") as an admin
//! handles it after replacing the binary: `jetan verify` finds it clean and counts
//! what it holds, and `jetan migrate` moves it to PostgreSQL whole. The store's own
//! upgrade tests (`store/tests/store/upgrade.rs`) check every record and that
//! everything goes on.

#[path = "../../store/tests/store/cluster.rs"]
mod cluster;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn jetan(args: &[&str]) -> Output {
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

/// The fixture's data directory, unpacked into `root`.
fn unpack(root: &Path) -> PathBuf {
    let archive =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../store/tests/fixtures/format2/sled.tar.gz");
    let out = Command::new("tar")
        .arg("-xzf")
        .arg(archive)
        .arg("-C")
        .arg(root)
        .output()
        .expect("running tar");
    assert!(
        out.status.success(),
        "tar: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    root.join("sled")
}

/// What the fixture's manifest says `verify` counts.
fn counts() -> String {
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../store/tests/fixtures/format2/manifest.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = &manifest["facts"]["verify"];
    format!(
        "{} wallets, {} ledger entries, {} games in progress, {} open challenges, {} finished games, {} in circulation: clean",
        v["wallets"], v["ledger_entries"], v["games"], v["challenges"], v["finished"],
        v["money"].as_str().unwrap()
    )
}

#[test]
fn verify_finds_the_old_data_clean() {
    let root = tempfile::tempdir().unwrap();
    let data = unpack(root.path());
    let o = jetan(&["verify", "--data", data.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(&counts()),
        "want {}\n{}",
        counts(),
        text(&o)
    );
}

#[test]
fn migrate_moves_the_old_data_to_postgresql_whole() {
    let root = tempfile::tempdir().unwrap();
    let data = unpack(root.path());
    let url = cluster::fresh_url();
    let o = jetan(&["migrate", "--from", data.to_str().unwrap(), "--to", &url]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("verify clean"), "{}", text(&o));
    let o = jetan(&["verify", "--data", &url]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(&counts()),
        "want {}\n{}",
        counts(),
        text(&o)
    );
}
