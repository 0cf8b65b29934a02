//! Discord localizations of `/jetan`, from the core's message files: every command,
//! option and choice gets its Spanish name and description for `es-ES` and `es-419`, and
//! its English description (the code keeps the English names, which the files repeat: a
//! test checks they agree).
//!
//! Keys: `cmd-<path>` and `cmd-<path>-desc` for a command (`path` is `challenge`, or
//! `admin-grant` for a subcommand of a group), `opt-<path>-<option>` and
//! `opt-<path>-<option>-desc` for an option, `choice-<name>` for a choice.

use std::borrow::Cow;

use jetan_core::Lang;

use super::{Data, Error};

/// The Discord locales that get the Spanish names.
pub const SPANISH: [&str; 2] = ["es-ES", "es-419"];

type Localized = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// The Spanish text of `key` for every Spanish locale.
fn spanish(key: &str) -> Localized {
    let text = Lang::Es.tr(key, &[]);
    Cow::Owned(
        SPANISH
            .iter()
            .map(|l| (Cow::Borrowed(*l), Cow::Owned(text.clone())))
            .collect(),
    )
}

/// Sets the descriptions and localizations of `command` and everything below it.
pub fn localize(command: &mut poise::Command<Data, Error>) {
    walk(command, None);
}

/// The key path of a command: its name, after its group's for a group's subcommand.
fn path(parent: Option<&str>, name: &str) -> String {
    match parent {
        None | Some("jetan") => name.to_string(),
        Some(p) => format!("{p}-{name}"),
    }
}

fn walk(command: &mut poise::Command<Data, Error>, parent: Option<&str>) {
    let path = path(parent, &command.name);
    let key = format!("cmd-{path}");
    command.description = Some(Lang::En.tr(&format!("{key}-desc"), &[]).into());
    command.name_localizations = spanish(&key);
    command.description_localizations = spanish(&format!("{key}-desc"));
    for p in &mut command.parameters {
        let key = format!("opt-{path}-{}", p.name);
        p.description = Some(Lang::En.tr(&format!("{key}-desc"), &[]).into());
        p.name_localizations = spanish(&key);
        p.description_localizations = spanish(&format!("{key}-desc"));
        for choice in p.choices.to_mut() {
            choice.localizations = spanish(&format!("choice-{}", choice.name));
        }
    }
    for sub in &mut command.subcommands {
        walk(sub, Some(&path));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's rule for command and option names: 1–32 lower-case letters, digits, `-`
    /// or `_`.
    fn valid_name(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_numeric() || c.is_lowercase())
    }

    fn check(command: &poise::Command<Data, Error>, parent: Option<&str>, seen: &mut usize) {
        let path = path(parent, &command.name);
        let key = format!("cmd-{path}");
        assert_eq!(Lang::En.tr(&key, &[]), command.name, "en.ftl names {key}");
        check_texts(
            &key,
            &command.name_localizations,
            &command.description_localizations,
        );
        let desc = command.description.as_deref().unwrap_or_default();
        assert!((1..=100).contains(&desc.chars().count()), "{key}: {desc}");
        for p in &command.parameters {
            let key = format!("opt-{path}-{}", p.name);
            assert_eq!(Lang::En.tr(&key, &[]), p.name, "en.ftl names {key}");
            check_texts(&key, &p.name_localizations, &p.description_localizations);
            for choice in p.choices.iter() {
                let key = format!("choice-{}", choice.name);
                assert!(Lang::Es.has(&key), "{key}");
                assert_eq!(choice.localizations.len(), SPANISH.len(), "{key}");
                for (_, name) in choice.localizations.iter() {
                    assert!((1..=100).contains(&name.chars().count()), "{key}");
                }
            }
            *seen += 1;
        }
        for sub in &command.subcommands {
            check(sub, Some(&path), seen);
        }
        *seen += 1;
    }

    fn check_texts(key: &str, names: &Localized, descriptions: &Localized) {
        assert!(Lang::Es.has(key), "es.ftl lacks {key}");
        let locales: Vec<&str> = names.iter().map(|(l, _)| l.as_ref()).collect();
        assert_eq!(locales, SPANISH, "{key}");
        for (_, name) in names.iter() {
            assert!(
                valid_name(name),
                "{key}: `{name}` is not a valid Discord name"
            );
        }
        for (_, d) in descriptions.iter() {
            assert!((1..=100).contains(&d.chars().count()), "{key}: {d}");
        }
    }

    #[test]
    fn every_command_option_and_choice_is_localized_with_valid_names() {
        let mut jetan = super::super::commands::jetan();
        localize(&mut jetan);
        let mut seen = 0;
        check(&jetan, None, &mut seen);
        assert!(seen > 50, "{seen} commands and options");
        let es = |c: &poise::Command<Data, Error>| c.name_localizations[0].1.to_string();
        let names: Vec<String> = jetan.subcommands.iter().map(es).collect();
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
        let mover = jetan.subcommands.iter().find(|c| c.name == "move").unwrap();
        let options: Vec<String> = mover
            .parameters
            .iter()
            .map(|p| p.name_localizations[0].1.to_string())
            .collect();
        assert_eq!(options, ["desde", "hasta", "notación", "coronar"]);
    }
}
