//! The commands Discord registers (`/jetan`, `/jetan-admin`, `/martian`), built from the
//! [grammar](crate::grammar) with their words from the core's message files: every
//! command, option and choice gets its English description, and its Spanish name and
//! description for `es-ES` and `es-419` (the grammar keeps the English names, which the
//! files repeat: a test checks they agree).
//!
//! Keys: `cmd-<name>` for a top-level command; `cmd-<path>` and `cmd-<path>-desc` for a
//! command under one (`path` is `challenge` under `/jetan`, `tournament-create` for a
//! subcommand of a group, `admin-grant` under `/jetan-admin`, `martian-drop` under
//! `/martian`), `opt-<path>-<option>` and `opt-<path>-<option>-desc` for an option,
//! `choice-<name>` for a choice.
//!
//! Discord refuses a registration that breaks its limits (25 subcommands or options under
//! one command, 25 choices, 8,000 characters of names, descriptions and choices in one
//! command, the longest localization counted): the tests check every one of them.
//!
//! The shape is the one poise registers for its own commands (its registration of the
//! earlier hand-written commands is kept in `registered.json`, and a test checks this
//! builds the same): a choice is an integer option whose values are the choices' indices,
//! an integer without bounds gets JavaScript's safe-integer bounds.

use poise::serenity_prelude as serenity;

use crate::grammar::{self, Kind, Opt, Spec};
use jetan_core::Lang;

/// The Discord locales that get the Spanish names.
pub const SPANISH: [&str; 2] = ["es-ES", "es-419"];

/// The largest integer Discord's clients (JavaScript) hold exactly: poise's default bounds
/// of an integer option.
const SAFE_INTEGER: i64 = 9_007_199_254_740_991;

/// The key path of a command: its name, after its parent's key path (`""` for
/// `/jetan` itself).
fn path(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_string()
    } else {
        format!("{parent}-{name}")
    }
}

/// The key path of a top-level command, which its subcommands' keys start with: its name
/// without the bot's prefix (`""` for `jetan`, `admin` for `jetan-admin`, `martian`).
fn top_prefix(name: &str) -> &str {
    match name.strip_prefix("jetan") {
        Some(rest) => rest.trim_start_matches('-'),
        None => name,
    }
}

/// The English text of `key`.
fn english(key: &str) -> String {
    Lang::En.tr(key, &[])
}

/// The Spanish text of `key`, for every Spanish locale.
fn spanish(key: &str) -> impl Iterator<Item = (&'static str, String)> {
    let text = Lang::Es.tr(key, &[]);
    SPANISH.into_iter().map(move |l| (l, text.clone()))
}

/// The commands as Discord registers them, `/jetan` first.
pub fn registration() -> Vec<serenity::CreateCommand> {
    grammar::COMMANDS
        .iter()
        .map(|spec| top_level(spec))
        .collect()
}

/// One top-level command as Discord registers it. Every member sees `/jetan-admin`, whose
/// `settings` without options reads the server's settings; the core checks Manage Server
/// on every change and tool.
fn top_level(spec: &'static Spec) -> serenity::CreateCommand {
    let key = format!("cmd-{}", spec.name);
    let mut c = serenity::CreateCommand::new(spec.name)
        .description(english(&format!("{key}-desc")))
        .contexts(vec![serenity::InteractionContext::Guild]);
    for (locale, name) in spanish(&key) {
        c = c.name_localized(locale, name);
    }
    for (locale, text) in spanish(&format!("{key}-desc")) {
        c = c.description_localized(locale, text);
    }
    for sub in spec.subcommands {
        c = c.add_option(subcommand(sub, top_prefix(spec.name)));
    }
    c
}

/// A subcommand (or a group of them) of the group `parent`.
fn subcommand(spec: &Spec, parent: &str) -> serenity::CreateCommandOption {
    let path = path(parent, spec.name);
    let key = format!("cmd-{path}");
    let kind = if spec.subcommands.is_empty() {
        serenity::CommandOptionType::SubCommand
    } else {
        serenity::CommandOptionType::SubCommandGroup
    };
    let mut o =
        serenity::CreateCommandOption::new(kind, spec.name, english(&format!("{key}-desc")));
    for (locale, name) in spanish(&key) {
        o = o.name_localized(locale, name);
    }
    for (locale, text) in spanish(&format!("{key}-desc")) {
        o = o.description_localized(locale, text);
    }
    for opt in spec.options {
        o = o.add_sub_option(option(opt, &path));
    }
    for sub in spec.subcommands {
        o = o.add_sub_option(subcommand(sub, &path));
    }
    o
}

/// One option of the command at `path`.
fn option(opt: &Opt, path: &str) -> serenity::CreateCommandOption {
    let key = format!("opt-{path}-{}", opt.name);
    let kind = match opt.kind {
        Kind::User => serenity::CommandOptionType::User,
        Kind::Integer { .. } | Kind::Choice(_) => serenity::CommandOptionType::Integer,
        Kind::Text { .. } => serenity::CommandOptionType::String,
        Kind::Channel => serenity::CommandOptionType::Channel,
    };
    let mut o = serenity::CreateCommandOption::new(kind, opt.name, english(&format!("{key}-desc")))
        .required(opt.required)
        .set_autocomplete(opt.suggest.is_some());
    for (locale, name) in spanish(&key) {
        o = o.name_localized(locale, name);
    }
    for (locale, text) in spanish(&format!("{key}-desc")) {
        o = o.description_localized(locale, text);
    }
    match opt.kind {
        Kind::Integer { min, max } => {
            // Discord's bounds are numbers; the grammar's are small enough to be exact.
            #[allow(clippy::cast_precision_loss)]
            let (lo, hi) = (
                min.unwrap_or(-SAFE_INTEGER) as f64,
                max.unwrap_or(SAFE_INTEGER) as f64,
            );
            o = o.min_number_value(lo).max_number_value(hi);
        }
        Kind::Text {
            max_length: Some(n),
        } => o = o.max_length(n),
        Kind::Choice(choices) => {
            for (i, name) in (0..).zip(choices.iter()) {
                let names: Vec<(&str, String)> = spanish(&format!("choice-{name}")).collect();
                o = o.add_int_choice_localized(
                    *name,
                    i,
                    names.iter().map(|(l, n)| (*l, n.as_str())),
                );
            }
        }
        Kind::Text { max_length: None } | Kind::User | Kind::Channel => {}
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value as Json;

    /// Discord's rule for command and option names: 1–32 lower-case letters, digits, `-`
    /// or `_`.
    fn valid_name(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_numeric() || c.is_lowercase())
    }

    fn check_texts(key: &str, name: &str) {
        assert_eq!(Lang::En.tr(key, &[]), name, "en.ftl names {key}");
        assert!(Lang::Es.has(key), "es.ftl lacks {key}");
        let es = Lang::Es.tr(key, &[]);
        assert!(valid_name(&es), "{key}: `{es}` is not a valid Discord name");
        for lang in [Lang::En, Lang::Es] {
            let d = lang.tr(&format!("{key}-desc"), &[]);
            assert!((1..=100).contains(&d.chars().count()), "{key}: {d}");
        }
    }

    fn check(spec: &Spec, parent: &str, seen: &mut usize) {
        let path = path(parent, spec.name);
        check_texts(&format!("cmd-{path}"), spec.name);
        for opt in spec.options {
            check_texts(&format!("opt-{path}-{}", opt.name), opt.name);
            if let Kind::Choice(choices) = opt.kind {
                for choice in choices {
                    let key = format!("choice-{choice}");
                    assert!(Lang::Es.has(&key), "{key}");
                    let es = Lang::Es.tr(&key, &[]);
                    assert!((1..=100).contains(&es.chars().count()), "{key}");
                }
            }
            *seen += 1;
        }
        for sub in spec.subcommands {
            check(sub, &path, seen);
        }
        *seen += 1;
    }

    #[test]
    fn every_command_option_and_choice_is_localized_with_valid_names() {
        let mut seen = 0;
        for top in grammar::COMMANDS {
            check_texts(&format!("cmd-{}", top.name), top.name);
            for sub in top.subcommands {
                check(sub, top_prefix(top.name), &mut seen);
            }
        }
        assert!(seen > 50, "{seen} commands and options");
        let jetan = serde_json::to_value(&registration()[0]).unwrap();
        let es = |c: &Json| {
            c["name_localizations"]["es-ES"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let subs = jetan["options"].as_array().unwrap();
        let names: Vec<String> = subs.iter().map(es).collect();
        for name in [
            "desafiar",
            "mover",
            "rendirse",
            "tablas",
            "cartera",
            "clasificación",
        ] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        let mover = subs.iter().find(|c| c["name"] == "move").unwrap();
        let options: Vec<String> = mover["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(es)
            .collect();
        assert_eq!(options, ["desde", "hasta", "notación", "coronar"]);
    }

    /// Discord's limits on what it registers, as its API enforces them (a registration
    /// that breaks one is refused whole, and the bot would have no commands): at most 100
    /// commands; per command, 25 options (subcommands, groups or options) at every level,
    /// 25 choices per option, names of 1–32 lower-case characters, descriptions of 1–100,
    /// required options before optional ones, unique names, and 8,000 characters of
    /// names, descriptions and choices in all, counting each field's longest localization.
    fn discord_refuses(commands: &[Json]) -> Option<String> {
        fn longest(o: &Json, field: &str) -> usize {
            let own = o[field].as_str().map_or(0, |s| s.chars().count());
            o[format!("{field}_localizations")]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(_, v)| v.as_str())
                .map(|s| s.chars().count())
                .fold(own, usize::max)
        }
        fn texts(o: &Json, field: &str) -> Vec<String> {
            let mut out: Vec<String> = o[field].as_str().map(str::to_string).into_iter().collect();
            if let Some(map) = o[format!("{field}_localizations")].as_object() {
                out.extend(map.values().filter_map(|v| v.as_str().map(str::to_string)));
            }
            out
        }
        fn size(o: &Json) -> usize {
            let mut n = longest(o, "name") + longest(o, "description");
            for c in o["choices"].as_array().into_iter().flatten() {
                n += longest(c, "name") + c["value"].as_str().map_or(0, |v| v.chars().count());
            }
            n + o["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(size)
                .sum::<usize>()
        }
        fn level(at: &str, o: &Json) -> Option<String> {
            for name in texts(o, "name") {
                if !valid_name(&name) {
                    return Some(format!("{at}: the name `{name}`"));
                }
            }
            for d in texts(o, "description") {
                if !(1..=100).contains(&d.chars().count()) {
                    return Some(format!("{at}: the description `{d}`"));
                }
            }
            let choices = o["choices"].as_array().map_or(0, Vec::len);
            if choices > 25 {
                return Some(format!("{at}: {choices} choices"));
            }
            let options = o["options"].as_array().cloned().unwrap_or_default();
            if options.len() > 25 {
                return Some(format!("{at}: {} options", options.len()));
            }
            let mut names = std::collections::HashSet::new();
            let mut optional_seen = false;
            for opt in &options {
                let name = opt["name"].as_str().unwrap_or_default();
                if !names.insert(name) {
                    return Some(format!("{at}: `{name}` twice"));
                }
                let required = opt["required"].as_bool().unwrap_or(false);
                if required && optional_seen {
                    return Some(format!("{at}: `{name}` is required after an optional one"));
                }
                optional_seen |= !required;
                // A group holds subcommands only; a subcommand holds no subcommand.
                let kind = o["type"].as_u64();
                let inner = opt["type"].as_u64();
                if (kind == Some(2) && inner != Some(1))
                    || (kind == Some(1) && matches!(inner, Some(1 | 2)))
                {
                    return Some(format!("{at}: `{name}` cannot be nested there"));
                }
                if let Some(why) = level(&format!("{at} {name}"), opt) {
                    return Some(why);
                }
            }
            None
        }
        if commands.len() > 100 {
            return Some(format!("{} commands", commands.len()));
        }
        let mut names = std::collections::HashSet::new();
        for c in commands {
            let name = c["name"].as_str().unwrap_or_default();
            if !names.insert(name) {
                return Some(format!("the command `{name}` twice"));
            }
            if let Some(why) = level(name, c) {
                return Some(why);
            }
            let chars = size(c);
            if chars > 8000 {
                return Some(format!("{name}: {chars} characters"));
            }
        }
        None
    }

    #[test]
    fn discord_accepts_the_registration() {
        let registered = serde_json::to_value(registration()).unwrap();
        let commands = registered.as_array().unwrap();
        assert_eq!(discord_refuses(commands), None);
        // The check refuses what Discord refuses: one subcommand too many, a command too
        // long, an option name it does not take.
        let mut jetan = commands[0].clone();
        let subs = jetan["options"].as_array_mut().unwrap();
        while subs.len() <= 25 {
            let mut extra = subs[0].clone();
            extra["name"] = Json::from(format!("extra{}", subs.len()));
            subs.push(extra);
        }
        assert_eq!(
            discord_refuses(&[jetan]).as_deref(),
            Some("jetan: 26 options")
        );
        let mut long = commands[0].clone();
        let subs = long["options"].as_array_mut().unwrap();
        for s in subs.iter_mut() {
            s["description"] = Json::from("d".repeat(100));
            for o in s["options"].as_array_mut().into_iter().flatten() {
                o["description"] = Json::from("d".repeat(100));
            }
        }
        assert!(discord_refuses(&[long])
            .is_some_and(|why| why.starts_with("jetan: ") && why.ends_with(" characters")));
        let mut bad = commands[1].clone();
        bad["options"][0]["name"] = Json::from("Abort");
        assert!(discord_refuses(&[bad]).is_some());
    }

    /// The registration is the one poise built from the hand-written commands this
    /// replaced (`registered.json`, poise's own serialization): the same names, types,
    /// bounds, choices and their values, autocomplete flags and words. A change to the
    /// commands changes both; regenerate the file with `JETAN_WRITE_REGISTERED=1 cargo test
    /// -p jetan registration` and review its diff.
    #[test]
    fn registration_is_what_discord_had() {
        // Both through the same text parser (serde_json's may round a large float).
        let text = serde_json::to_string(&registration()).unwrap();
        let built: Json = serde_json::from_str(&text).unwrap();
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/src/discord/registered.json");
        if std::env::var_os("JETAN_WRITE_REGISTERED").is_some() {
            let text = serde_json::to_string_pretty(&built).unwrap() + "\n";
            std::fs::write(file, text).unwrap();
        }
        let had: Json = serde_json::from_str(include_str!("registered.json")).unwrap();
        assert!(
            built == had,
            "the registration differs from registered.json: {}",
            diff(&had, &built, "jetan")
        );
    }

    /// The first place two JSON values differ.
    fn diff(a: &Json, b: &Json, at: &str) -> String {
        match (a, b) {
            (Json::Object(x), Json::Object(y)) => {
                for k in x.keys().chain(y.keys()) {
                    if x.get(k) != y.get(k) {
                        return diff(
                            x.get(k).unwrap_or(&Json::Null),
                            y.get(k).unwrap_or(&Json::Null),
                            &format!("{at}.{k}"),
                        );
                    }
                }
                String::new()
            }
            (Json::Array(x), Json::Array(y)) if x.len() == y.len() => x
                .iter()
                .zip(y)
                .enumerate()
                .find(|(_, (p, q))| p != q)
                .map(|(i, (p, q))| diff(p, q, &format!("{at}[{i}]")))
                .unwrap_or_default(),
            _ => format!("at {at}: {a} ≠ {b}"),
        }
    }
}
