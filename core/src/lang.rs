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
use fluent_syntax::ast;

use crate::reply::{Span, Text};

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

    /// The message `key` with `args` as bare words (no markup: [`Text::unmarked`]), for
    /// where nothing is marked up: a command's name and description, a label. Text is
    /// written with [`Lang::text`].
    pub fn tr(self, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let args = args
            .iter()
            .map(|(name, value)| {
                let arg = match value {
                    FluentValue::String(s) => Arg::Text(Text::words(s.to_string())),
                    FluentValue::Number(n) => Arg::Value(FluentValue::Number(n.clone())),
                    _ => Arg::Text(Text::new()),
                };
                (*name, arg)
            })
            .collect();
        self.text(key, args).unmarked()
    }

    /// The message `key` with `args`, in this language, as [`Text`]: English when this
    /// language lacks it; the key itself when no language has it.
    ///
    /// The message's own emphasis (`**strong**`, `*emphasis*`, `~~struck~~`,
    /// `` `code` ``) becomes typed parts; an argument that is text (a mention, words a
    /// user typed, text composed elsewhere) is put in whole, its words never read as
    /// markup. To do so the message is formatted with each text argument replaced by a
    /// placeholder that exists only inside this function, then read back into parts. An
    /// argument the message selects on (`{ $unit -> … }`) is given to Fluent as its
    /// words: it is a keyword of the core's, not something a user typed.
    pub fn text(self, key: &str, args: Vec<(&str, Arg)>) -> Text {
        for lang in [self, Lang::En] {
            let bundle = lang.bundle();
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
                continue;
            };
            let mut selectors = Vec::new();
            selector_variables(pattern, &mut selectors);
            let mut fargs = FluentArgs::new();
            let mut texts = Vec::new();
            for (name, arg) in args {
                match arg {
                    Arg::Value(v) => fargs.set(name, v),
                    Arg::Text(t) if selectors.contains(&name) => fargs.set(name, t.unmarked()),
                    Arg::Text(t) => {
                        fargs.set(name, format!("{OPEN}{}{CLOSE}", texts.len()));
                        texts.push(t);
                    }
                }
            }
            let mut errors = Vec::new();
            let formatted = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
            if !errors.is_empty() {
                tracing::warn!(key, lang = lang.code(), "message errors: {errors:?}");
            }
            return markup::read(&formatted, &texts);
        }
        tracing::error!(key, "no such message");
        Text::words(key)
    }

    /// Whether this language has the message `key` (the Discord adapter's command
    /// localizations are optional per key).
    pub fn has(self, key: &str) -> bool {
        self.bundle().has_message(key)
    }
}

/// Where a text argument goes in a formatted message, inside [`Lang::text`] only: the
/// argument's number between these two control characters, which no message file holds
/// (a test makes sure).
const OPEN: char = '\u{1}';
const CLOSE: char = '\u{2}';

/// The variables a pattern selects on.
fn selector_variables<'s>(pattern: &ast::Pattern<&'s str>, out: &mut Vec<&'s str>) {
    fn inline<'s>(e: &ast::InlineExpression<&'s str>, out: &mut Vec<&'s str>) {
        match e {
            ast::InlineExpression::VariableReference { id } => out.push(id.name),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, out);
                }
            }
            ast::InlineExpression::Placeable { expression } => expression_(expression, out),
            _ => {}
        }
    }
    fn expression_<'s>(e: &ast::Expression<&'s str>, out: &mut Vec<&'s str>) {
        if let ast::Expression::Select { selector, variants } = e {
            inline(selector, out);
            for v in variants {
                selector_variables(&v.value, out);
            }
        } else if let ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) = e {
            expression_(expression, out);
        }
    }
    for el in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_(expression, out);
        }
    }
}

/// Reading a formatted message into [`Text`].
mod markup {
    use super::{CLOSE, OPEN};
    use crate::reply::{Span, Text};

    /// One character of the message, or a text argument.
    #[derive(Clone, Copy, PartialEq)]
    enum Tok {
        Char(char),
        Arg(usize),
    }

    /// What a frame of the reader is collecting.
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Top,
        Strong,
        Emphasis,
        Strike,
    }

    impl Kind {
        fn marker(self) -> &'static str {
            match self {
                Kind::Top => "",
                Kind::Strong => "**",
                Kind::Emphasis => "*",
                Kind::Strike => "~~",
            }
        }
    }

    fn tokens(formatted: &str, texts: &[Text]) -> Vec<Tok> {
        let mut out = Vec::new();
        let mut chars = formatted.chars().peekable();
        while let Some(c) = chars.next() {
            if c == OPEN {
                let mut n = String::new();
                while let Some(&d) = chars.peek() {
                    chars.next();
                    if d == CLOSE {
                        break;
                    }
                    n.push(d);
                }
                match n.parse::<usize>() {
                    Ok(i) if i < texts.len() => out.push(Tok::Arg(i)),
                    _ => {}
                }
            } else {
                out.push(Tok::Char(c));
            }
        }
        out
    }

    /// The formatted message `formatted`, whose placeholders stand for `texts`, as text:
    /// `**…**`, `*…*`, `~~…~~` and `` `…` `` of the message become parts; a marker that
    /// opens nothing or is never closed stays words.
    pub(super) fn read(formatted: &str, texts: &[Text]) -> Text {
        let toks = tokens(formatted, texts);
        let is_space = |t: Option<&Tok>| match t {
            None => true,
            Some(Tok::Char(c)) => c.is_whitespace(),
            Some(Tok::Arg(_)) => false,
        };
        let mut stack: Vec<(Kind, Text)> = vec![(Kind::Top, Text::new())];
        let mut i = 0;
        while i < toks.len() {
            let next = toks.get(i + 1);
            let kind = match toks[i] {
                Tok::Arg(k) => {
                    top(&mut stack).push(texts[k].clone());
                    i += 1;
                    continue;
                }
                Tok::Char('`') => {
                    if let Some(len) = toks[i + 1..].iter().position(|t| *t == Tok::Char('`')) {
                        let code: String = toks[i + 1..i + 1 + len]
                            .iter()
                            .map(|t| match t {
                                Tok::Char(c) => c.to_string(),
                                Tok::Arg(k) => texts[*k].unmarked(),
                            })
                            .collect();
                        top(&mut stack).push_span(Span::Code(code));
                        i += len + 2;
                        continue;
                    }
                    None
                }
                Tok::Char('*') if next == Some(&Tok::Char('*')) => Some(Kind::Strong),
                Tok::Char('~') if next == Some(&Tok::Char('~')) => Some(Kind::Strike),
                Tok::Char('*') => Some(Kind::Emphasis),
                Tok::Char(_) => None,
            };
            let Some(kind) = kind else {
                if let Tok::Char(c) = toks[i] {
                    top(&mut stack).push_span(Span::Words(c.to_string()));
                }
                i += 1;
                continue;
            };
            let width = kind.marker().chars().count();
            let before = i.checked_sub(1).and_then(|b| toks.get(b));
            let after = toks.get(i + width);
            if stack.last().is_some_and(|(k, _)| *k == kind) && !is_space(before) {
                let (_, inner) = stack.pop().unwrap_or((Kind::Top, Text::new()));
                let span = match kind {
                    Kind::Strong => Span::Strong(inner),
                    Kind::Emphasis => Span::Emphasis(inner),
                    _ => Span::Strike(inner),
                };
                top(&mut stack).push_span(span);
            } else if !is_space(after) {
                stack.push((kind, Text::new()));
            } else {
                top(&mut stack).push_span(Span::Words(kind.marker().to_string()));
            }
            i += width;
        }
        // Markers never closed are words.
        while stack.len() > 1 {
            let (kind, inner) = stack.pop().unwrap_or((Kind::Top, Text::new()));
            let parent = top(&mut stack);
            parent.push_span(Span::Words(kind.marker().to_string()));
            parent.push(inner);
        }
        stack.pop().map(|(_, t)| t).unwrap_or_default()
    }

    fn top(stack: &mut [(Kind, Text)]) -> &mut Text {
        &mut stack
            .last_mut()
            .expect("the reader's stack keeps its bottom")
            .1
    }
}

/// An argument of a message ([`Lang::text`]): a number, which the message may count
/// with (plurals), or text.
#[derive(Debug, Clone)]
pub enum Arg {
    /// A number (or another value Fluent formats).
    Value(FluentValue<'static>),
    /// Text: words, a mention, text composed elsewhere.
    Text(Text),
}

/// What can be an argument of a message.
pub trait IntoArg {
    /// The argument.
    fn into_arg(self) -> Arg;
}

impl IntoArg for Text {
    fn into_arg(self) -> Arg {
        Arg::Text(self)
    }
}

impl IntoArg for &Text {
    fn into_arg(self) -> Arg {
        Arg::Text(self.clone())
    }
}

impl IntoArg for Span {
    fn into_arg(self) -> Arg {
        Arg::Text(self.into())
    }
}

impl IntoArg for String {
    fn into_arg(self) -> Arg {
        Arg::Text(self.into())
    }
}

impl IntoArg for &String {
    fn into_arg(self) -> Arg {
        Arg::Text(self.into())
    }
}

impl IntoArg for &str {
    fn into_arg(self) -> Arg {
        Arg::Text(self.into())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self) -> Arg {
                Arg::Value(FluentValue::from(self))
            }
        }
        impl IntoArg for &$t {
            fn into_arg(self) -> Arg {
                Arg::Value(FluentValue::from(*self))
            }
        }
    )*};
}
number_args!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);

/// `tr!(lang, "key", name = value, …)`: a message with its arguments, as [`Text`]
/// ([`Lang::text`]).
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::lang::Lang::text(
            $lang,
            $key,
            vec![$((stringify!($name), $crate::lang::IntoArg::into_arg($value))),*],
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

    /// Every words part of a text, nested ones included.
    fn all_words(t: &Text, out: &mut Vec<String>) {
        for span in t.spans() {
            match span {
                Span::Words(w) => out.push(w.clone()),
                Span::Strong(t) | Span::Emphasis(t) | Span::Strike(t) => all_words(t, out),
                _ => {}
            }
        }
    }

    #[test]
    fn every_message_reads_into_parts_with_no_marker_left() {
        for lang in Lang::ALL {
            // The placeholders of text arguments are characters no file holds.
            assert!(
                !lang.source().chars().any(|c| c.is_control() && c != '\n'),
                "{lang:?}: a control character in the message file"
            );
            for (key, vars) in messages(lang.source()) {
                let args = vars
                    .iter()
                    .map(|v| (v.as_str(), Arg::Text(Text::words("x"))))
                    .collect();
                let text = lang.text(&key, args);
                let mut words = Vec::new();
                all_words(&text, &mut words);
                for w in words {
                    assert!(
                        !w.contains(['*', '`', OPEN, CLOSE]) && !w.contains("~~"),
                        "{lang:?} {key}: a marker left in the words {w:?} of {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_message_reads_its_emphasis_and_its_text_arguments_into_parts() {
        let alice = Text::user(jetan_store::UserId(101));
        // A mention in an argument is a mention; the message's `**` is strong text.
        let t = tr!(
            Lang::En,
            "result-win",
            who = alice.clone(),
            reason = "time ran out"
        );
        assert_eq!(
            t.spans(),
            [
                Span::Strong(alice.clone().and(" wins")),
                Span::Words(" — time ran out.".into())
            ]
        );
        assert_eq!(t.users(), [jetan_store::UserId(101)]);
        // Code keeps its words whatever they are.
        let t = tr!(Lang::En, "move-bad-text", text = "**x** <@1>");
        assert_eq!(t.spans()[0], Span::Code("**x** <@1>".into()));
        // What a user typed stays words: no emphasis, code or mention comes out of it.
        for typed in ["**bold**", "`tick`", "<@1>", "@everyone", "~~x~~", "*a*"] {
            let t = tr!(Lang::En, "pay-note", note = typed);
            let mut words = Vec::new();
            all_words(&t, &mut words);
            assert!(words.concat().contains(typed), "{typed}: {t:?}");
            assert!(t.users().is_empty(), "{typed}: {t:?}");
            assert!(
                t.spans().iter().all(|s| matches!(s, Span::Words(_))),
                "{typed}: {t:?}"
            );
        }
        // Text composed elsewhere keeps its parts inside another message's emphasis.
        let game = Text::words("Classic Jetan (")
            .and(Text::code("T:jump"))
            .and(")");
        let t = tr!(
            Lang::En,
            "rating-head",
            game = game.clone(),
            page = 1,
            pages = 2
        );
        assert_eq!(
            t.spans()[0],
            Span::Strong(Text::words("Ratings: ").and(game))
        );
        // An argument the message selects on chooses the variant.
        assert_eq!(
            tr!(Lang::En, "time-up", unit = "turn").unmarked(),
            Lang::En.tr("time-up", &[("unit", "turn".into())])
        );
        assert!(Lang::En
            .tr("time-up", &[("unit", "turn".into())])
            .contains("this turn"));
        assert_ne!(
            tr!(Lang::En, "time-up", unit = "turn").plain(),
            tr!(Lang::En, "time-up", unit = "move").plain()
        );
    }

    #[test]
    fn markers_that_open_nothing_stay_words() {
        let read = |s: &str| markup::read(s, &[]);
        assert_eq!(
            read("5 * 3 ** 2").spans(),
            [Span::Words("5 * 3 ** 2".into())]
        );
        assert_eq!(read("**open").spans(), [Span::Words("**open".into())]);
        assert_eq!(read("a `b").spans(), [Span::Words("a `b".into())]);
        assert_eq!(read("*a* **b** ~~c~~ `d`").plain(), "*a* **b** ~~c~~ `d`");
        assert_eq!(read("*a* **b** ~~c~~ `d`").unmarked(), "a b c d");
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(tr!(Lang::En, "moves-count", n = 1), "1 move");
        assert_eq!(tr!(Lang::En, "moves-count", n = 2), "2 moves");
        assert_eq!(tr!(Lang::Es, "moves-count", n = 1), "1 jugada");
        assert_eq!(tr!(Lang::Es, "moves-count", n = 17), "17 jugadas");
        // No isolation marks around arguments.
        assert!(!tr!(Lang::Es, "moves-count", n = 3)
            .plain()
            .contains('\u{2068}'));
    }
}
