//! The shape of the house, read from the sources (docs/ARCHITECTURE.md):
//!
//! - **No import circle** inside any crate: the files of a crate, with an arrow from a
//!   file to each file whose items it names (`use crate::…`, `use super::…`, or a path
//!   such as `crate::games::of(…)` in its code), have no cycle. Names reached through the
//!   crate root (`crate::Core`, the root's re-exports) are the crate's index, not an
//!   arrow; a `mod` declaration is not an arrow either.
//! - **The host names no game**: a host file of `store`, `core`, `render` or `bot` uses a
//!   game's crate (`jetan_rules`, `jetan_engine`, `martian_chess`) only inside that
//!   game's modules (`…/jetan/…`, `…/martian/…`), in a registration file, or in a file
//!   still listed below as not yet moved. The list only shrinks: a new host file that
//!   names a game fails, and so does a listed file that no longer does (take it off).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("bot/ is inside the workspace")
        .to_path_buf()
}

/// Every `.rs` file under `dir`, relative to `dir`, with `/` separators.
fn sources(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(base, &p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(base).expect("under base");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

/// The module path of a source file of `src/` (`games/jetan/mod.rs` → `games::jetan`;
/// `lib.rs` → the root, empty).
fn module_of(file: &str) -> Vec<String> {
    let trimmed = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(str::to_string).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments, strings and `#[cfg(test)]` modules' contents
/// kept apart: comments and string literals are blanked, so that a path in a doc comment
/// or a message is not read as an import.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'r' && b.get(i + 1) == Some(&b'#') && b.get(i + 2) == Some(&b'"') {
            // A raw string r#"…"#.
            i += 3;
            while i + 1 < b.len() && !(b[i] == b'"' && b[i + 1] == b'#') {
                i += 1;
            }
            i += 2;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A character literal such as '{'.
            i += 3;
            out.push_str("' '");
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The code without its inline `#[cfg(test)] mod … { … }` modules: their `super` is the
/// file's own module, and tests may name what they like.
fn without_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let after = at + "#[cfg(test)]".len();
        let is_mod = out[after..].trim_start().starts_with("mod ");
        let Some(open) = out[after..].find('{').map(|i| after + i) else {
            break;
        };
        if !is_mod {
            // An attribute on something else: keep it, look further.
            out.replace_range(at..after, "");
            continue;
        }
        let mut depth = 0;
        let mut end = out.len();
        for (i, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(at..end, "");
    }
    out
}

/// The paths a file names from its own crate, as module paths from the root: every
/// `use` tree expanded, and every `crate::a::b` or `super::a` path in the code.
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    // `use` statements, groups expanded.
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let Some(end) = after.find(';') else { break };
        for path in expand_use(after[..end].trim()) {
            out.push(path);
        }
        rest = &after[end..];
    }
    // Paths in the code.
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let before = code[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push(path.split("::").map(str::to_string).collect());
        }
    }
    out.into_iter()
        .filter_map(|p| absolute(module, &p))
        .collect()
}

/// `X as Y` → `X` in a `use` tree.
fn without_renames(tree: &str) -> String {
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "as" && i + 1 < words.len() {
            // Keep what follows the new name (`,` or `}`).
            let rest = words[i + 1].trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
            out.push_str(rest);
            i += 2;
        } else {
            out.push_str(words[i]);
            i += 1;
        }
    }
    out
}

/// The position of `word` as a whole word at the start of a statement.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().last();
        let after = text[at + word.len()..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || c == ';' || c == '}' || c == '{');
        if starts && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e` (each as its segments).
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    let tree = without_renames(tree);
    let mut out = Vec::new();
    expand_into(&tree, &mut Vec::new(), &mut out);
    out
}

fn expand_into(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    // Split at top-level commas.
    let mut depth = 0;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&tree[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&tree[start..]);
    for item in items.into_iter().filter(|s| !s.is_empty()) {
        if let Some(open) = item.find('{') {
            let head = item[..open].trim_end_matches("::");
            let inner = &item[open + 1..item.len() - 1];
            let n = prefix.len();
            prefix.extend(
                head.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string),
            );
            expand_into(inner, prefix, out);
            prefix.truncate(n);
        } else {
            let mut path = prefix.clone();
            path.extend(item.split("::").map(str::to_string));
            out.push(path);
        }
    }
}

/// A path as seen from `module`, made absolute from the crate root; `None` for a path
/// into another crate.
fn absolute(module: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &rest[1..],
        // A path from this module (`use answer::Target` naming a child), or another
        // crate's (`use std::…`): which one is for the caller to tell.
        Some(_) => base.push("?".to_string()),
        None => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self" && *s != "*").cloned());
    Some(base)
}

/// The arrows between the files of one crate's `src/`.
fn arrows(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = sources(src);
    let by_module: BTreeMap<Vec<String>, String> =
        files.iter().map(|f| (module_of(f), f.clone())).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let module = module_of(file);
        let text = fs::read_to_string(src.join(file)).expect("readable source");
        let mut to = BTreeSet::new();
        for mut path in named_paths(&module, &without_test_modules(&code_only(&text))) {
            if let Some(q) = path.iter().position(|s| s == "?") {
                // Relative to this module: a child module's file, or another crate.
                path.remove(q);
                if !by_module.contains_key(&path[..=q.min(path.len() - 1)]) {
                    continue;
                }
            }
            // The longest prefix of the path that is a file of the crate.
            let target = (1..=path.len())
                .rev()
                .find_map(|n| by_module.get(&path[..n]));
            if let Some(t) = target {
                if t != file && !module_of(t).is_empty() {
                    to.insert(t.clone());
                }
            }
        }
        graph.insert(file.clone(), to);
    }
    graph
}

/// A cycle of the graph, if it has one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(n.to_string(), Mark::Open);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match marks.get(m).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let from = stack.iter().position(|s| s == m).unwrap_or(0);
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(m, graph, marks, stack) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        stack.pop();
        marks.insert(n.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in graph.keys() {
        if marks.get(n).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(n, graph, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The crates of the house. The fake Discord of the end-to-end tests (`tests/src`) is
/// test code and is left out (its `fake`, `gateway` and `model` share one state).
const CRATES: [&str; 8] = [
    "rules", "martian", "pairing", "engine", "render", "store", "core", "bot",
];

#[test]
fn no_crate_has_an_import_circle() {
    for krate in CRATES {
        let graph = arrows(&root().join(krate).join("src"));
        assert!(graph.len() > 1, "{krate}: no sources read");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{krate}/src has an import circle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn a_planted_circle_is_found() {
    // The checker itself: two files naming each other, and a chain that closes.
    let mut g = BTreeMap::new();
    g.insert("a.rs".to_string(), BTreeSet::from(["b.rs".to_string()]));
    g.insert("b.rs".to_string(), BTreeSet::from(["c.rs".to_string()]));
    g.insert("c.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    assert_eq!(
        find_cycle(&g),
        Some(vec![
            "a.rs".into(),
            "b.rs".into(),
            "c.rs".into(),
            "a.rs".into()
        ])
    );
    g.insert("c.rs".to_string(), BTreeSet::new());
    assert_eq!(find_cycle(&g), None);
    // Reading the imports: groups, `super`, and paths in the code; not comments.
    let module = vec!["games".to_string(), "jetan".to_string()];
    let code = code_only(
        "use super::{lobby::{a, b}, game::Cx};\n// use crate::nope::X;\nfn f() { crate::move_menu::open(\"crate::s::t\"); }",
    );
    let named = named_paths(&module, &code);
    for want in [
        vec!["games", "lobby", "a"],
        vec!["games", "game", "Cx"],
        vec!["move_menu", "open"],
    ] {
        assert!(
            named.iter().any(|p| p == &want),
            "{want:?} not in {named:?}"
        );
    }
    assert!(!named
        .iter()
        .any(|p| p.first().is_some_and(|s| s == "nope" || s == "s")));
}

/// No file of the host crates outside a game's own modules names a game's crate: the
/// games are listed by module (`games/jetan`, `games/martian`), never by crate.
#[test]
fn host_files_name_no_game_outside_its_modules() {
    let games = ["jetan_rules", "jetan_engine", "martian_chess"];
    let mut naming = BTreeSet::new();
    for krate in ["store", "core", "render", "bot"] {
        let src = root().join(krate).join("src");
        for file in sources(&src) {
            let path = format!("{krate}/src/{file}");
            let in_game_module = path.contains("/jetan/")
                || path.contains("/martian/")
                || path.ends_with("/jetan.rs")
                || path.ends_with("/martian.rs");
            if in_game_module {
                continue;
            }
            let code = code_only(&fs::read_to_string(src.join(&file)).expect("readable"));
            if games.iter().any(|g| code.contains(g)) {
                naming.insert(path);
            }
        }
    }
    assert!(
        naming.is_empty(),
        "host files that name a game's crate outside its modules: {naming:?} \
         (put the game's code in its module under games/, jetan/ or martian/)"
    );
}
