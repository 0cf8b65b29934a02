//! Languages: every word the bot says comes from a Fluent message file per language
//! (`core/locales/en.ftl`, `core/locales/es.ftl`, embedded), English the fallback.
//!
//! A private answer is in the asker's Discord locale; a public message in the server's
//! `language` setting, else the server's preferred locale Discord sends, else English
//! ([`Core::public_lang`](crate::Core)). Numbers and plurals follow each language's rules
//! (Fluent's plural categories).

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the fallback).
    #[default]
    En,
    /// Spanish.
    Es,
}

/// The message files, embedded.
const SOURCES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Es, include_str!("../locales/es.ftl")),
];

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    /// The language of a Discord locale (`es`, `es-ES`, `es-419` are Spanish; `en-US`,
    /// `en-GB` English), or `None` for one the bot does not speak.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The language to answer a user of `locale` in: theirs if the bot speaks it, else
    /// English.
    pub fn of(locale: &str) -> Lang {
        Lang::from_locale(locale).unwrap_or_default()
    }

    /// The code used in settings: `en`, `es`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The message file's text.
    pub fn source(self) -> &'static str {
        SOURCES[self as usize].1
    }

    fn bundle(self) -> &'static FluentBundle<FluentResource> {
        static BUNDLES: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
        let bundles = BUNDLES.get_or_init(|| {
            SOURCES
                .iter()
                .map(|(lang, source)| {
                    let id = lang.code().parse().unwrap_or_default();
                    let mut bundle = FluentBundle::new_concurrent(vec![id]);
                    // Discord shows Unicode isolation marks as garbage.
                    bundle.set_use_isolating(false);
                    // The files are checked by the tests; an error is a bug in a file.
                    let resource = FluentResource::try_new((*source).to_string())
                        .unwrap_or_else(|(res, _)| res);
                    let _ = bundle.add_resource(resource);
                    bundle
                })
                .collect()
        });
        &bundles[self as usize]
    }

    /// The message `key` with `args`, in this language; English when this language lacks
    /// it; the key itself when no language has it (a test makes sure it never happens).
    pub fn tr(self, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fargs = FluentArgs::new();
        for (name, value) in args {
            fargs.set(*name, value.clone());
        }
        for lang in [self, Lang::En] {
            let bundle = lang.bundle();
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
                if !errors.is_empty() {
                    tracing::warn!(key, lang = lang.code(), "message errors: {errors:?}");
                }
                return text.into_owned();
            }
        }
        tracing::error!(key, "no such message");
        key.to_string()
    }

    /// Whether this language has the message `key` (the Discord adapter's command
    /// localizations are optional per key).
    pub fn has(self, key: &str) -> bool {
        self.bundle().has_message(key)
    }
}

/// `tr!(lang, "key", name = value, …)`: a message with its arguments.
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::lang::Lang::tr(
            $lang,
            $key,
            &[$((stringify!($name), fluent_bundle::FluentValue::from($value))),*],
        )
    };
}
pub(crate) use tr;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    /// Every message of a file with the variables it uses.
    fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
        fn walk_pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
            for el in &p.elements {
                if let ast::PatternElement::Placeable { expression } = el {
                    walk_expr(expression, out);
                }
            }
        }
        fn walk_inline(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
            match e {
                ast::InlineExpression::VariableReference { id } => {
                    out.insert(id.name.to_string());
                }
                ast::InlineExpression::Placeable { expression } => walk_expr(expression, out),
                ast::InlineExpression::FunctionReference { arguments, .. } => {
                    for a in &arguments.positional {
                        walk_inline(a, out);
                    }
                }
                _ => {}
            }
        }
        fn walk_expr(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
            match e {
                ast::Expression::Select { selector, variants } => {
                    walk_inline(selector, out);
                    for v in variants {
                        walk_pattern(&v.value, out);
                    }
                }
                ast::Expression::Inline(i) => walk_inline(i, out),
            }
        }
        let res = fluent_syntax::parser::parse(source).expect("the file parses without errors");
        let mut out = BTreeMap::new();
        for entry in res.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(v) = &m.value {
                    walk_pattern(v, &mut vars);
                }
                assert!(
                    out.insert(m.id.name.to_string(), vars).is_none(),
                    "duplicate key {}",
                    m.id.name
                );
            }
        }
        out
    }

    #[test]
    fn every_key_is_in_every_language_with_the_same_variables() {
        let en = messages(Lang::En.source());
        assert!(en.len() > 100, "{} messages", en.len());
        for lang in Lang::ALL {
            let other = messages(lang.source());
            let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{lang:?} has keys English lacks: {extra:?}"
            );
            for (key, vars) in &en {
                assert_eq!(&other[key], vars, "{lang:?} {key}: variables differ");
            }
        }
    }

    #[test]
    fn locales_map_to_languages() {
        for l in ["es", "es-ES", "es-419", "ES"] {
            assert_eq!(Lang::from_locale(l), Some(Lang::Es), "{l}");
        }
        assert_eq!(Lang::of("en-US"), Lang::En);
        assert_eq!(Lang::of("fr"), Lang::En);
        assert_eq!(Lang::from_locale("fr"), None);
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(tr!(Lang::En, "moves-count", n = 1), "1 move");
        assert_eq!(tr!(Lang::En, "moves-count", n = 2), "2 moves");
        assert_eq!(tr!(Lang::Es, "moves-count", n = 1), "1 jugada");
        assert_eq!(tr!(Lang::Es, "moves-count", n = 17), "17 jugadas");
        // No isolation marks around arguments.
        assert!(!tr!(Lang::Es, "moves-count", n = 3).contains('\u{2068}'));
    }
}
