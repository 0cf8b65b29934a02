//! The README's console lines, read from README.md itself so the manual and the program
//! cannot drift: the Quick start pasted into `jetan console` starts a game and plays the
//! move, the examples of "The offline console" all run, and every command form of the
//! command tables reads in the console, with the options and choices the tables list being
//! the grammar's.

use std::io::Write;
use std::process::{Command, Stdio};

use jetan::console::{bot_user, Console, Line};
use jetan::grammar::{self, Kind};
use jetan_core::Core;
use jetan_store::Store;

const README: &str = include_str!("../../README.md");

/// The text of the README section headed `## {title}`, up to the next `## ` heading.
fn section(title: &str) -> &'static str {
    let head = format!("\n## {title}\n");
    let start = README
        .find(&head)
        .unwrap_or_else(|| panic!("README has `## {title}`"))
        + 1;
    let end = README[start + head.len()..]
        .find("\n## ")
        .map_or(README.len(), |e| start + head.len() + e);
    &README[start..end]
}

/// The console lines of a section's indented code blocks (not the shell commands).
fn console_lines(title: &str) -> Vec<&'static str> {
    let lines: Vec<&str> = section(title)
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| {
            l.starts_with('@') || l.starts_with(':') || l.starts_with("//") || {
                l.starts_with('#') && l[1..].starts_with(|c: char| c.is_alphanumeric())
            }
        })
        .collect();
    assert!(lines.len() >= 4, "{title}: {lines:?}");
    lines
}

fn console(script: &str) -> String {
    let data = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["console", "--think-ms", "50", "--data"])
        .arg(data.path())
        .arg("--out")
        .arg(out.path())
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

/// The reply blocks of a console run, one per `--- ` head, with the line that caused it.
fn blocks(out: &str) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for l in out.lines() {
        if l.starts_with("--- ") || v.is_empty() {
            v.push(String::new());
        }
        let b = v.last_mut().unwrap();
        b.push_str(l);
        b.push('\n');
    }
    v
}

#[test]
fn the_quick_start_pasted_into_the_console_starts_a_game_and_moves() {
    let lines = console_lines("Quick start");
    assert!(lines[0].contains("challenge opponent:@bob"), "{lines:?}");
    let out = console(&(lines.join("\n") + "\n"));
    assert!(!out.contains("--- error"), "{out}");
    assert!(!out.contains("There is no game"), "{out}");
    let blocks = blocks(&out);
    assert!(
        blocks
            .iter()
            .any(|b| b.starts_with("--- reply to @bob\n") && b.contains("@bob accepts")),
        "Confirm starts the game: {out}"
    );
    assert!(out.contains("the game is on"), "{out}");
    let last = blocks.last().unwrap();
    assert!(last.starts_with("--- reply to @alice\n"), "{out}");
    assert!(last.contains("e2-e3"), "the move is played: {last}");
    assert!(!last.contains("[ephemeral]"), "the move is public: {last}");
}

#[test]
fn the_offline_console_examples_all_run() {
    let lines = console_lines("The offline console");
    let out = console(&(lines.join("\n") + "\n"));
    assert!(!out.contains("--- error"), "{out}");
    // Every command line is answered, the comment and the clock line aside.
    let answered = out
        .lines()
        .filter(|l| l.starts_with("--- reply to"))
        .count();
    let commands = lines
        .iter()
        .filter(|l| !l.starts_with("//") && !l.starts_with(':'))
        .count();
    assert!(
        answered >= commands,
        "{answered} replies to {commands} lines: {out}"
    );
    assert!(out.contains("--- the clock moves forward 90000 s"), "{out}");
    for (line, expect) in [
        ("@bob click Confirm", "@bob accepts"),
        ("@alice /jetan move from:e2 to:e3", "e2-e3"),
        ("@bob move notation:e9-e8", "e9-e8"),
        ("@alice click draw-decline", "@alice declines the draw"),
        ("@carol challenge opponent:@jetan", "Practice game"),
        ("@carol move notation:e2-e3", "@jetan plays"),
        ("@dan!member admin abort", "Manage Server"),
        (":advance 25h", "abandoned"),
    ] {
        assert!(
            lines.iter().any(|l| l.contains(line)),
            "README has `{line}`"
        );
        assert!(out.contains(expect), "{line} → {expect}: {out}");
    }
}

/// A concrete console line for a README command form: placeholders (`<square>`, `…`,
/// `1-5`, a bare `[stake]`) become the grammar's example for that option; a list of
/// choices (`first:me|opponent|random`) becomes each choice in turn, and must be the
/// option's choices, all of them.
fn instances(form: &str) -> Vec<String> {
    let form = form.replace("\\|", "|");
    let form = form.trim_start_matches("/jetan ");
    let words: Vec<&str> = form.split_whitespace().collect();
    let n = words
        .iter()
        .position(|w| w.contains(':') || w.starts_with('['))
        .unwrap_or(words.len());
    let (spec, path, rest) =
        grammar::find(&words[..n]).unwrap_or_else(|e| panic!("README form `{form}`: {e}"));
    assert!(rest.is_empty(), "{form}");
    let mut fixed = vec![path.clone()];
    let mut variants: Vec<Vec<String>> = Vec::new();
    for w in &words[n..] {
        let w = w.trim_start_matches('[').trim_end_matches(']');
        let (name, value) = w.split_once(':').unwrap_or((w, "…"));
        let opt = spec
            .lookup(&path, name)
            .unwrap_or_else(|e| panic!("README form `{form}`: {e}"));
        let is_range = value
            .split_once('-')
            .is_some_and(|(a, b)| a.parse::<i64>().is_ok() && b.parse::<i64>().is_ok());
        if value.contains('|') {
            let listed: Vec<&str> = value.split('|').collect();
            let Kind::Choice(choices) = opt.kind else {
                panic!("README lists choices for `{name}`, which takes none: `{form}`");
            };
            assert_eq!(listed, choices, "README's choices of {path} {name}");
            variants.push(listed.iter().map(|c| format!("{name}:{c}")).collect());
        } else if value.contains('<') || value.contains('…') || is_range {
            fixed.push(format!("{name}:{}", opt.example));
        } else {
            fixed.push(format!("{name}:{value}"));
        }
    }
    let mut lines = vec![fixed.join(" ")];
    for v in variants {
        lines = lines
            .iter()
            .flat_map(|l| v.iter().map(move |c| format!("{l} {c}")))
            .collect();
    }
    lines
}

/// The command forms in the first column of a section's command table (each backquoted
/// span of it).
fn table_forms(title: &str) -> Vec<String> {
    let forms: Vec<String> = section(title)
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| {
            let cell = l[1..].split(" | ").next().unwrap_or_default();
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(forms.len() >= 8, "{title}: {forms:?}");
    forms
}

#[test]
fn every_command_form_of_the_readme_reads_in_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let core = Core::new(Store::open(dir.path()).unwrap(), bot_user(), 1);
    let mut console = Console::new(&core, dir.path().join("out"));
    let mut forms = table_forms("Commands");
    forms.extend(table_forms("Martian Chess in the bot"));
    let martian = section("Martian Chess in the bot");
    let challenge = martian
        .split('`')
        .find(|s| s.starts_with("/jetan challenge"))
        .expect("the Martian Chess challenge form");
    forms.push(challenge.to_string());
    let mut read = 0;
    for form in &forms {
        for line in instances(form) {
            match console.parse(&format!("#c @alice {line}")) {
                Ok(Line::Command { .. }) => read += 1,
                other => panic!("README form `{form}` as `{line}`: {other:?}"),
            }
        }
    }
    assert!(read > 40, "{read} lines");
    // Every command of the grammar is in a table.
    for (path, _) in grammar::leaves() {
        assert!(
            forms
                .iter()
                .map(|f| f.trim_start_matches('/'))
                .any(|f| f == path
                    || f.starts_with(&format!("{path} "))
                    || f.starts_with(&format!("jetan {path} "))),
            "the README's tables lack `{path}`"
        );
    }
}
