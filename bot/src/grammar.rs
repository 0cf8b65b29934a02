//! The `/jetan` command grammar, declared once: every subcommand, its options (name, kind,
//! bounds, whether required, which suggestions it offers) and every choice, with the one
//! function per command that turns its typed options into the core's [`Command`].
//!
//! Both front ends derive from [`JETAN`]:
//! - the Discord adapter builds the slash command it registers (names, types, bounds,
//!   choices, autocomplete flags; the words come from the core's message files) and poise's
//!   dispatch tree from it, and every slash command runs through [`Spec::command`];
//! - the offline [console](crate::console) reads `name:value` words against it and runs the
//!   same [`Spec::command`], so an unknown option, a missing required one, a bad choice, a
//!   number out of bounds or a text too long gets the same answer whichever way the
//!   command came (Discord's client checks the last three before sending, from the
//!   registration).
//!
//! A choice is declared once, as a table of names and the core values they stand for
//! ([`FIRST`], [`GAME`], …); the option's list of names is computed from it. Discord sends a
//! choice as its index in that list (as poise registers choices), the console as its name.

use std::fmt;

use jetan_core::{
    AdminCommand, ChallengeArgs, ChannelId, Command, FirstMover, GameCommand, GameKind, OptionDecl,
    SettingsArgs, Takes, TournamentArgs, TournamentCommand, TournamentKind, UserRef,
};
use jetan_store::RatingPool;

/// What kind of value an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A member of the server (`@bob` in the console).
    User,
    /// A whole number, within bounds (both included).
    Integer {
        /// The smallest value allowed.
        min: Option<i64>,
        /// The largest value allowed.
        max: Option<i64>,
    },
    /// Free text, at most this many characters.
    Text {
        /// The longest text allowed.
        max_length: Option<u16>,
    },
    /// A channel of the server (`#general` in the console).
    Channel,
    /// One name of a fixed list.
    Choice(&'static [&'static str]),
}

/// The suggestions an option's autocomplete offers (the Discord adapter binds each to its
/// handler; the console has no autocomplete).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suggest {
    /// The squares of the asker's pieces that can move.
    From,
    /// The destinations of the piece on the `from` option's square.
    To,
    /// The asker's legal battle cards (Martian Chess).
    BattleCard,
    /// The asker's cards to discard (Martian Chess).
    Discard,
    /// A game's own challenge option as typed so far (Jetan's `rules`): common values,
    /// and what was typed in its canonical form or why it is wrong.
    GameOption,
}

/// One option of a command.
#[derive(Debug, Clone, Copy)]
pub struct Opt {
    /// Its name, as typed (`piece_price`).
    pub name: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// Whether the command needs it.
    pub required: bool,
    /// What its autocomplete suggests, if it has one.
    pub suggest: Option<Suggest>,
    /// A value to show in a console hint (`e2`, `@bob`).
    pub example: &'static str,
}

/// The core command an option map turns into.
type Build = fn(&mut Args) -> Result<Command, Error>;

/// A command, or a group of subcommands (`jetan`, `admin`).
#[derive(Debug)]
pub struct Spec {
    /// Its name, as typed.
    pub name: &'static str,
    /// Its options, in the order Discord shows them.
    pub options: &'static [Opt],
    /// A group's subcommands (then it has no options and no `build`).
    pub subcommands: &'static [Spec],
    build: Option<Build>,
}

/// A typed option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A user.
    User(UserRef),
    /// A whole number.
    Integer(i64),
    /// Text.
    Text(String),
    /// A channel's id.
    Channel(u64),
    /// The name of a choice (one of the option's [`Kind::Choice`] list).
    Choice(&'static str),
}

/// What is wrong with a command as given. Displayed in English (the console's language);
/// the Discord adapter answers in the user's language, naming [`Error::input`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// No such command.
    UnknownCommand(String),
    /// A group (`admin`) without its subcommand.
    MissingSubcommand {
        /// The group.
        group: &'static str,
        /// Its subcommands.
        choices: Vec<&'static str>,
    },
    /// A group's subcommand that does not exist.
    UnknownSubcommand {
        /// The group.
        group: &'static str,
        /// What was given.
        name: String,
        /// Its subcommands.
        choices: Vec<&'static str>,
    },
    /// An option the command does not have.
    UnknownOption {
        /// The command (`admin grant`).
        command: String,
        /// The option given.
        option: String,
        /// The options it has.
        known: Vec<&'static str>,
    },
    /// A required option left out.
    Missing {
        /// The command.
        command: String,
        /// The option.
        option: &'static str,
        /// A value to show.
        example: &'static str,
    },
    /// An option given twice.
    Twice(String),
    /// A choice not in the list.
    BadChoice {
        /// The option.
        option: &'static str,
        /// What was given.
        value: String,
        /// The choices.
        choices: &'static [&'static str],
    },
    /// Not a whole number.
    NotANumber {
        /// The option.
        option: &'static str,
        /// What was given.
        value: String,
    },
    /// A number outside the option's bounds.
    OutOfRange {
        /// The option.
        option: &'static str,
        /// What was given.
        value: i64,
        /// The smallest allowed.
        min: Option<i64>,
        /// The largest allowed.
        max: Option<i64>,
    },
    /// Text longer than the option takes.
    TooLong {
        /// The option.
        option: &'static str,
        /// The most characters allowed.
        max: u16,
    },
    /// A value of another kind than the option takes (only a client out of step with the
    /// registered commands sends one).
    WrongKind {
        /// The option.
        option: &'static str,
    },
}

/// `a, b or c`.
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCommand(name) => {
                write!(f, "there is no command `{name}`; try `rules` for help")
            }
            Error::MissingSubcommand { group, choices } => {
                write!(f, "{group} needs one of {}", or_list(choices))
            }
            Error::UnknownSubcommand {
                group,
                name,
                choices,
            } => write!(
                f,
                "there is no `{group} {name}`: write {group} {}",
                or_list(choices)
            ),
            Error::UnknownOption {
                command,
                option,
                known,
            } if known.is_empty() => {
                write!(f, "`{command}` has no option `{option}` (it takes none)")
            }
            Error::UnknownOption {
                command,
                option,
                known,
            } => write!(
                f,
                "`{command}` has no option `{option}`; its options are {}",
                or_list(known).replace(" or ", " and ")
            ),
            Error::Missing {
                command,
                option,
                example,
            } => write!(f, "{command} needs {option}:{example}"),
            Error::Twice(option) => write!(f, "the option `{option}` is given twice"),
            Error::BadChoice {
                option,
                value,
                choices,
            } => write!(
                f,
                "`{value}` is not a choice for {option}: write {}",
                or_list(choices)
            ),
            Error::NotANumber { option, value } => {
                write!(f, "{option} must be a whole number, not `{value}`")
            }
            Error::OutOfRange {
                option,
                value,
                min,
                max,
            } => match (min, max) {
                (Some(lo), Some(hi)) => {
                    write!(f, "{option} must be from {lo} to {hi}, not {value}")
                }
                (Some(lo), None) => write!(f, "{option} must be at least {lo}, not {value}"),
                (None, Some(hi)) => write!(f, "{option} must be at most {hi}, not {value}"),
                (None, None) => write!(f, "{option} cannot be {value}"),
            },
            Error::TooLong { option, max } => {
                write!(f, "{option} must be at most {max} characters long")
            }
            Error::WrongKind { option } => write!(f, "the option `{option}` has the wrong type"),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The value the user gave that could not be read, when the error is about one.
    pub fn input(&self) -> Option<String> {
        match self {
            Error::BadChoice { value, .. } | Error::NotANumber { value, .. } => Some(value.clone()),
            Error::OutOfRange { value, .. } => Some(value.to_string()),
            _ => None,
        }
    }
}

impl Opt {
    /// Reads typed text as this option's value: a number, text or a choice by name
    /// (case-insensitive). Users and channels are named differently by each front end, so
    /// they are read there.
    ///
    /// # Errors
    /// Not a number, not a choice, or an option that takes a user or a channel.
    pub fn read(&self, text: &str) -> Result<Value, Error> {
        match self.kind {
            Kind::Integer { .. } => {
                text.parse::<i64>()
                    .map(Value::Integer)
                    .map_err(|_| Error::NotANumber {
                        option: self.name,
                        value: text.to_string(),
                    })
            }
            Kind::Text { .. } => Ok(Value::Text(text.to_string())),
            Kind::Choice(choices) => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(text))
                .map(|c| Value::Choice(c))
                .ok_or_else(|| Error::BadChoice {
                    option: self.name,
                    value: text.to_string(),
                    choices,
                }),
            Kind::User | Kind::Channel => Err(Error::WrongKind { option: self.name }),
        }
    }

    /// The choice at `index` of this option's list, as Discord sends a choice.
    ///
    /// # Errors
    /// Not a choice option, or no such index.
    pub fn choice_at(&self, index: i64) -> Result<Value, Error> {
        let Kind::Choice(choices) = self.kind else {
            return Err(Error::WrongKind { option: self.name });
        };
        usize::try_from(index)
            .ok()
            .and_then(|i| choices.get(i))
            .map(|c| Value::Choice(c))
            .ok_or_else(|| Error::BadChoice {
                option: self.name,
                value: index.to_string(),
                choices,
            })
    }

    /// Checks a value against the option's kind and bounds.
    fn check(&self, value: &Value) -> Result<(), Error> {
        let wrong = Error::WrongKind { option: self.name };
        match (self.kind, value) {
            (Kind::User, Value::User(_)) | (Kind::Channel, Value::Channel(_)) => Ok(()),
            (Kind::Integer { min, max }, Value::Integer(n)) => {
                if min.is_some_and(|lo| *n < lo) || max.is_some_and(|hi| *n > hi) {
                    Err(Error::OutOfRange {
                        option: self.name,
                        value: *n,
                        min,
                        max,
                    })
                } else {
                    Ok(())
                }
            }
            (Kind::Text { max_length }, Value::Text(t)) => match max_length {
                Some(max) if t.chars().count() > usize::from(max) => Err(Error::TooLong {
                    option: self.name,
                    max,
                }),
                _ => Ok(()),
            },
            (Kind::Choice(choices), Value::Choice(c)) if choices.contains(c) => Ok(()),
            _ => Err(wrong),
        }
    }
}

impl Spec {
    /// The option called `name` (case-insensitive).
    pub fn option(&'static self, name: &str) -> Option<&'static Opt> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The option called `name`, or the error that names this command's options.
    ///
    /// # Errors
    /// The command has no such option.
    pub fn lookup(&'static self, path: &str, name: &str) -> Result<&'static Opt, Error> {
        self.option(name).ok_or_else(|| Error::UnknownOption {
            command: path.to_string(),
            option: name.to_string(),
            known: self.options.iter().map(|o| o.name).collect(),
        })
    }

    /// The subcommand called `name` (case-insensitive).
    pub fn subcommand(&'static self, name: &str) -> Option<&'static Spec> {
        self.subcommands
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The names of the subcommands.
    fn subcommand_names(&self) -> Vec<&'static str> {
        self.subcommands.iter().map(|s| s.name).collect()
    }

    /// Turns the options given to this command into the core's command: every option must
    /// be one of this command's, given once, of its kind and within its bounds, and every
    /// required option must be there. `path` names the command in messages (`admin grant`).
    ///
    /// # Errors
    /// The first thing wrong, in the order above.
    pub fn command(
        &'static self,
        path: &str,
        given: Vec<(String, Value)>,
    ) -> Result<Command, Error> {
        let mut values: Vec<(&'static str, Value)> = Vec::with_capacity(given.len());
        for (name, value) in given {
            let opt = self.lookup(path, &name)?;
            if values.iter().any(|(n, _)| *n == opt.name) {
                return Err(Error::Twice(opt.name.to_string()));
            }
            opt.check(&value)?;
            values.push((opt.name, value));
        }
        for opt in self.options.iter().filter(|o| o.required) {
            if !values.iter().any(|(n, _)| *n == opt.name) {
                return Err(Error::Missing {
                    command: path.to_string(),
                    option: opt.name,
                    example: opt.example,
                });
            }
        }
        let Some(build) = self.build else {
            return Err(Error::MissingSubcommand {
                group: self.name,
                choices: self.subcommand_names(),
            });
        };
        let mut args = Args {
            spec: self,
            command: path.to_string(),
            values,
        };
        build(&mut args)
    }
}

/// The top-level command that `word` names as typed in the console: its name with or
/// without the slash (`/jetan-admin`, `martian`), or its name without the bot's prefix
/// (`admin` for `jetan-admin`).
fn top_level(word: &str) -> Option<&'static Spec> {
    let word = word.strip_prefix('/').unwrap_or(word);
    COMMANDS.into_iter().find(|c| {
        c.name.eq_ignore_ascii_case(word)
            || c.name
                .strip_prefix("jetan-")
                .is_some_and(|short| short.eq_ignore_ascii_case(word))
    })
}

/// How a command under the top-level `top` is named in messages: `/jetan`'s subcommands
/// by their own names (`challenge`, `tournament create`), the others' with their command
/// (`jetan-admin grant`, `martian drop`).
fn path_under(top: &Spec, sub: &str) -> String {
    if std::ptr::eq(top, &JETAN) {
        sub.to_string()
    } else if sub.is_empty() {
        top.name.to_string()
    } else {
        format!("{} {sub}", top.name)
    }
}

/// Finds the command that `words` name, as the console reads them: a top-level command
/// and its subcommands (`jetan-admin grant …`, `martian drop …`), `/jetan`'s subcommands
/// without `/jetan` (`challenge …`), or a subcommand that only one other command has
/// without that command (`drop …`). Returns the command, its path for messages and the
/// words after it.
///
/// # Errors
/// No such command or subcommand, or a group without its subcommand.
pub fn find<S: AsRef<str>>(words: &[S]) -> Result<(&'static Spec, String, &[S]), Error> {
    let Some(first) = words.first().map(AsRef::as_ref) else {
        return Err(Error::UnknownCommand(String::new()));
    };
    let (top, mut rest) = match top_level(first) {
        Some(top) => (top, &words[1..]),
        _ => {
            let first = first.strip_prefix('/').unwrap_or(first);
            let owners: Vec<&'static Spec> = COMMANDS
                .into_iter()
                .filter(|c| c.subcommand(first).is_some())
                .collect();
            match owners.as_slice() {
                [] => return Err(Error::UnknownCommand(first.to_string())),
                // `/jetan`'s own first, then a subcommand that one other command has.
                [top, ..] if std::ptr::eq(*top, &JETAN) => (*top, words),
                [top] => (*top, words),
                _ => return Err(Error::UnknownCommand(first.to_string())),
            }
        }
    };
    let mut spec: &'static Spec = top;
    let mut sub = String::new();
    loop {
        if spec.subcommands.is_empty() {
            return Ok((spec, path_under(top, &sub), rest));
        }
        let Some((name, tail)) = rest.split_first() else {
            return Err(if std::ptr::eq(spec, &JETAN) {
                Error::UnknownCommand(String::new())
            } else {
                Error::MissingSubcommand {
                    group: spec.name,
                    choices: spec.subcommand_names(),
                }
            });
        };
        let name = name.as_ref();
        spec = match spec.subcommand(name) {
            Some(s) => s,
            None if std::ptr::eq(spec, &JETAN) => {
                return Err(Error::UnknownCommand(name.to_string()))
            }
            None => {
                return Err(Error::UnknownSubcommand {
                    group: spec.name,
                    name: name.to_string(),
                    choices: spec.subcommand_names(),
                })
            }
        };
        if !sub.is_empty() {
            sub.push(' ');
        }
        sub.push_str(spec.name);
        rest = tail;
    }
}

/// The command at `path`, its top-level command first (`["jetan-admin", "grant"]`), and
/// its path for messages, for the Discord adapter, which knows it from the interaction.
pub fn at(path: &[&str]) -> Option<(&'static Spec, String)> {
    let (first, subs) = path.split_first()?;
    let top = COMMANDS.into_iter().find(|c| c.name == *first)?;
    let spec = subs
        .iter()
        .try_fold(top, |spec, name| spec.subcommand(name))?;
    Some((spec, path_under(top, &subs.join(" "))))
}

/// Every command that runs (not a group), with its path for messages: `challenge`, …,
/// `tournament create`, …, `jetan-admin grant`, …, `martian drop`.
pub fn leaves() -> Vec<(String, &'static Spec)> {
    fn walk(spec: &'static Spec, path: &str, out: &mut Vec<(String, &'static Spec)>) {
        for sub in spec.subcommands {
            let p = if path.is_empty() {
                sub.name.to_string()
            } else {
                format!("{path} {}", sub.name)
            };
            if sub.subcommands.is_empty() {
                out.push((p, sub));
            } else {
                walk(sub, &p, out);
            }
        }
    }
    let mut out = Vec::new();
    for top in COMMANDS {
        walk(top, &path_under(top, ""), &mut out);
    }
    out
}

/// The options of one command as its [`Build`] takes them; each is taken once.
#[derive(Debug)]
pub struct Args {
    spec: &'static Spec,
    command: String,
    values: Vec<(&'static str, Value)>,
}

impl Args {
    fn take(&mut self, name: &str) -> Option<Value> {
        let i = self.values.iter().position(|(n, _)| *n == name)?;
        Some(self.values.remove(i).1)
    }

    fn missing(&self, name: &'static str) -> Error {
        Error::Missing {
            command: self.command.clone(),
            option: name,
            example: self.spec.option(name).map_or("…", |o| o.example),
        }
    }

    fn user(&mut self, name: &str) -> Option<UserRef> {
        match self.take(name)? {
            Value::User(u) => Some(u),
            _ => None,
        }
    }

    fn int(&mut self, name: &str) -> Option<i64> {
        match self.take(name)? {
            Value::Integer(n) => Some(n),
            _ => None,
        }
    }

    fn text(&mut self, name: &str) -> Option<String> {
        match self.take(name)? {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    fn channel(&mut self, name: &str) -> Option<ChannelId> {
        match self.take(name)? {
            Value::Channel(c) => Some(ChannelId(c)),
            _ => None,
        }
    }

    /// The core value of a choice, from the option's table.
    /// The name of the choice made for option `name`, if any.
    fn choice_name(&mut self, name: &str) -> Option<&'static str> {
        match self.take(name)? {
            Value::Choice(c) => Some(c),
            _ => None,
        }
    }

    fn choice<T: Copy>(&mut self, name: &str, table: &[(&str, T)]) -> Option<T> {
        let Value::Choice(c) = self.take(name)? else {
            return None;
        };
        table.iter().find(|(n, _)| *n == c).map(|(_, v)| *v)
    }

    fn need_user(&mut self, name: &'static str) -> Result<UserRef, Error> {
        self.user(name).ok_or_else(|| self.missing(name))
    }

    fn need_int(&mut self, name: &'static str) -> Result<i64, Error> {
        self.int(name).ok_or_else(|| self.missing(name))
    }

    fn need_text(&mut self, name: &'static str) -> Result<String, Error> {
        self.text(name).ok_or_else(|| self.missing(name))
    }
}

/// The names of a choice table, in order (computed at compile time, so each choice is
/// written once).
use jetan_core::choice_names as names;

/// `first`: who moves first, relative to the challenger.
pub const FIRST: [(&str, FirstMover); 3] = [
    ("me", FirstMover::Challenger),
    ("opponent", FirstMover::Challenged),
    ("random", FirstMover::Random),
];
static FIRST_NAMES: [&str; 3] = names(&FIRST);

/// `game`: which game.
pub const GAME: [(&str, GameKind); 2] = [
    ("jetan", GameKind::Jetan),
    ("martian-chess", GameKind::MartianChess),
];
static GAME_NAMES: [&str; 2] = names(&GAME);

/// A game's own challenge option (Jetan's `variant`, `board`, `rules`) as an option of
/// the challenge: the game declares it ([`jetan_core::CHALLENGE_OPTIONS`]), and reads
/// its value back as typed.
const fn game_option(d: OptionDecl) -> Opt {
    match d.takes {
        Takes::Choice(choices) => opt(d.name, Kind::Choice(choices), d.example),
        Takes::Text {
            max_length,
            suggested: false,
        } => opt(d.name, text_max(max_length), d.example),
        Takes::Text {
            max_length,
            suggested: true,
        } => suggesting(
            opt(d.name, text_max(max_length), d.example),
            Suggest::GameOption,
        ),
    }
}

/// The options of a command that takes the games' own options: `head`, then every
/// game's, then `tail` (`N` is their number: a wrong one does not compile).
const fn with_game_options<const N: usize>(head: &[Opt], tail: &[Opt]) -> [Opt; N] {
    let games = &jetan_core::CHALLENGE_OPTIONS;
    assert!(head.len() + games.len() + tail.len() == N);
    let mut out = [head[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < head.len() {
            head[i]
        } else if i < head.len() + games.len() {
            game_option(games[i - head.len()])
        } else {
            tail[i - head.len() - games.len()]
        };
        i += 1;
    }
    out
}

/// The games' own options as given, by name, for the game to read.
fn game_options(a: &mut Args) -> Vec<(String, String)> {
    jetan_core::CHALLENGE_OPTIONS
        .iter()
        .filter_map(|d| {
            let value = match d.takes {
                Takes::Choice(_) => a.choice_name(d.name)?.to_string(),
                Takes::Text { .. } => a.text(d.name)?,
            };
            Some((d.name.to_string(), value))
        })
        .collect()
}

/// The options of `challenge`.
static CHALLENGE: [Opt; 8 + jetan_core::CHALLENGE_OPTIONS.len()] = with_game_options(
    &[
        req("opponent", Kind::User, "@bob"),
        opt("stake", COINS, "50"),
        opt("piece_price", COINS, "1"),
        opt("first", Kind::Choice(&FIRST_NAMES), "me"),
        opt("game", Kind::Choice(&GAME_NAMES), "jetan"),
    ],
    &[
        opt("move_time", MINUTES, "60"),
        opt("level", int(Some(1), Some(5)), "3"),
        opt("rating", Kind::Choice(&RATED_NAMES), "casual"),
    ],
);

/// The options of `tournament create`.
static TOURNAMENT_CREATE: [Opt; 10 + jetan_core::CHALLENGE_OPTIONS.len()] = with_game_options(
    &[
        req("name", text_max(100), "\"Spring Swiss\""),
        req("format", Kind::Choice(&FORMAT_NAMES), "swiss"),
        opt("rounds", int(Some(1), Some(63)), "3"),
        opt("entry", COINS, "50"),
        opt("prizes", text_max(100), "60,30,10"),
        opt("game", Kind::Choice(&GAME_NAMES), "jetan"),
    ],
    &[
        opt("move_time", MINUTES, "1440"),
        opt("rating", Kind::Choice(&RATED_NAMES), "casual"),
        opt("max_players", int(Some(3), Some(64)), "16"),
        opt("double", Kind::Choice(&YES_NAMES), "yes"),
    ],
);

/// `rating` of a challenge: rated (the default) or casual.
pub const RATED: [(&str, bool); 2] = [("rated", true), ("casual", false)];
static RATED_NAMES: [&str; 2] = names(&RATED);

/// `show` of a profile: only to the asker (the default) or in the channel.
pub const SHOW: [(&str, bool); 2] = [("me", false), ("channel", true)];
static SHOW_NAMES: [&str; 2] = names(&SHOW);

/// `order` of the standings: by money (the default) or by rating.
pub const ORDER: [(&str, bool); 2] = [("money", false), ("rating", true)];
static ORDER_NAMES: [&str; 2] = names(&ORDER);

/// `game` of the standings by rating: the pools of ratings as typed
/// ([`RatingPool::typed`]; every game's pools, `jetan_store::games::pools`).
static POOL_NAMES: [&str; 4] = ["classic", "manator", "ninth-ray", "martian-chess"];

/// `promote`: what a Martian Chess pawn reaching the last rank becomes (its letter).
pub const PROMOTE: [(&str, char); 4] = [
    ("queen", 'Q'),
    ("rook", 'R'),
    ("bishop", 'B'),
    ("knight", 'N'),
];
static PROMOTE_NAMES: [&str; 4] = names(&PROMOTE);

/// `language`: of the server's public messages (`auto`: the server's preferred locale).
pub const LANGUAGE: [(&str, &str); 3] = [("en", "en"), ("es", "es"), ("auto", "auto")];
static LANGUAGE_NAMES: [&str; 3] = names(&LANGUAGE);

/// `threads`: a switch.
pub const ON_OFF: [(&str, bool); 2] = [("on", true), ("off", false)];
static ON_OFF_NAMES: [&str; 2] = names(&ON_OFF);

/// `how` of `notify`: reminders by direct message or in the game's channel.
pub const NOTIFY: [(&str, bool); 2] = [("channel", false), ("dm", true)];
static NOTIFY_NAMES: [&str; 2] = names(&NOTIFY);

/// `format` of a tournament: its pairing system.
pub const FORMAT: [(&str, TournamentKind); 2] = [
    ("swiss", TournamentKind::Swiss),
    ("round-robin", TournamentKind::RoundRobin),
];
static FORMAT_NAMES: [&str; 2] = names(&FORMAT);

/// `result` of a tournament adjudication (the store's board results, as the core reads
/// them).
static RESULT_NAMES: [&str; 6] = [
    "first",
    "second",
    "draw",
    "first-forfeits",
    "second-forfeits",
    "double-forfeit",
];

/// The `tournament` option: an event's id.
const TOURNAMENT_ID: Opt = opt("tournament", int(Some(0), None), "12");

/// `audit_off`: a switch with one position.
pub const YES: [(&str, ()); 1] = [("yes", ())];
static YES_NAMES: [&str; 1] = names(&YES);

const fn int(min: Option<i64>, max: Option<i64>) -> Kind {
    Kind::Integer { min, max }
}

const TEXT: Kind = Kind::Text { max_length: None };

const fn text_max(n: u16) -> Kind {
    Kind::Text {
        max_length: Some(n),
    }
}

const fn opt(name: &'static str, kind: Kind, example: &'static str) -> Opt {
    Opt {
        name,
        kind,
        required: false,
        suggest: None,
        example,
    }
}

const fn req(name: &'static str, kind: Kind, example: &'static str) -> Opt {
    Opt {
        required: true,
        ..opt(name, kind, example)
    }
}

const fn suggesting(o: Opt, s: Suggest) -> Opt {
    Opt {
        suggest: Some(s),
        ..o
    }
}

const fn cmd(name: &'static str, options: &'static [Opt], build: Build) -> Spec {
    Spec {
        name,
        options,
        subcommands: &[],
        build: Some(build),
    }
}

const MINUTES: Kind = int(Some(1), Some(10080));
const COINS: Kind = int(Some(0), None);

/// `/jetan` and everything under it.
pub static JETAN: Spec = Spec {
    name: "jetan",
    options: &[],
    build: None,
    subcommands: &[
        cmd("challenge", &CHALLENGE, |a| {
            let opponent = a.need_user("opponent")?;
            let options = game_options(a);
            let args = ChallengeArgs {
                game: a.choice("game", &GAME),
                stake: a.int("stake"),
                piece_price: a.int("piece_price"),
                first: a.choice("first", &FIRST),
                options,
                move_time: a.int("move_time"),
                level: a.int("level"),
                casual: a.choice("rating", &RATED) == Some(false),
            };
            Ok(Command::Challenge { opponent, args })
        }),
        cmd("accept", &[], |_| Ok(Command::Accept)),
        cmd("decline", &[], |_| Ok(Command::Decline)),
        cmd("cancel", &[], |_| Ok(Command::Cancel)),
        cmd(
            "move",
            &[
                suggesting(opt("from", TEXT, "e2"), Suggest::From),
                suggesting(opt("to", TEXT, "e3"), Suggest::To),
                opt("notation", TEXT, "e2-e3"),
                opt("promote", Kind::Choice(&PROMOTE_NAMES), "queen"),
            ],
            |a| {
                let (from, to, notation) = (a.text("from"), a.text("to"), a.text("notation"));
                // A promotion rides on the destination (`e8=N`), which Martian Chess reads.
                let (to, notation) = match a.choice("promote", &PROMOTE) {
                    Some(p) if notation.is_some() => (to, notation.map(|n| format!("{n}={p}"))),
                    Some(p) => (to.map(|t| format!("{t}={p}")), None),
                    None => (to, notation),
                };
                Ok(Command::Move { from, to, notation })
            },
        ),
        cmd("board", &[], |_| Ok(Command::Board)),
        cmd(
            "moves",
            &[suggesting(req("square", TEXT, "e2"), Suggest::From)],
            |a| {
                Ok(Command::Moves {
                    square: a.need_text("square")?,
                })
            },
        ),
        cmd("resign", &[], |_| Ok(Command::Resign)),
        cmd("draw", &[], |_| Ok(Command::Draw)),
        cmd("claim", &[], |_| Ok(Command::Claim)),
        cmd(
            "rematch",
            &[opt("first", Kind::Choice(&FIRST_NAMES), "me")],
            |a| {
                Ok(Command::Rematch {
                    first: a.choice("first", &FIRST),
                })
            },
        ),
        cmd("replay", &[opt("game", text_max(24), "42")], |a| {
            Ok(Command::Replay {
                game: a.text("game"),
            })
        }),
        cmd("record", &[opt("game", text_max(24), "42")], |a| {
            Ok(Command::Record {
                game: a.text("game"),
            })
        }),
        cmd("wallet", &[opt("user", Kind::User, "@bob")], |a| {
            Ok(Command::Wallet {
                user: a.user("user"),
            })
        }),
        cmd(
            "standings",
            &[
                opt("page", int(Some(1), None), "2"),
                opt("order", Kind::Choice(&ORDER_NAMES), "rating"),
                opt("game", Kind::Choice(&POOL_NAMES), "manator"),
                opt("rules", text_max(100), "T:jump"),
            ],
            |a| {
                // Ranked by rating when the order says so or a game is named; `rules`
                // names the pool of a game's rule options (`classic/T:jump`), which the
                // game reads.
                let rules = a.text("rules");
                let pool = match (a.choice_name("game"), rules) {
                    (Some(p), Some(r)) => Some(format!("{}/{r}", p.replace('-', "_"))),
                    (Some(p), None) => Some(p.replace('-', "_")),
                    (None, Some(r)) => Some(format!("classic/{r}")),
                    (None, None) => None,
                }
                .map(RatingPool::owned);
                let rating = match a.choice("order", &ORDER) {
                    Some(true) | None if pool.is_some() => pool,
                    // The first game's first pool (Classic Jetan).
                    Some(true) => jetan_store::games::pools().into_iter().next(),
                    _ => None,
                };
                Ok(Command::Standings {
                    page: a.int("page"),
                    rating,
                })
            },
        ),
        cmd("daily", &[], |_| Ok(Command::Daily)),
        cmd(
            "pay",
            &[
                req("user", Kind::User, "@bob"),
                req("amount", int(Some(1), None), "50"),
                opt("note", text_max(200), "\"for the lesson\""),
            ],
            |a| {
                Ok(Command::Pay {
                    user: a.need_user("user")?,
                    amount: a.need_int("amount")?,
                    note: a.text("note"),
                })
            },
        ),
        cmd("history", &[opt("user", Kind::User, "@bob")], |a| {
            Ok(Command::History {
                user: a.user("user"),
            })
        }),
        cmd(
            "profile",
            &[
                opt("user", Kind::User, "@bob"),
                opt("show", Kind::Choice(&SHOW_NAMES), "channel"),
            ],
            |a| {
                Ok(Command::Profile {
                    user: a.user("user"),
                    share: a.choice("show", &SHOW) == Some(true),
                })
            },
        ),
        cmd("analyse", &[opt("game", text_max(24), "42")], |a| {
            Ok(Command::Analyse {
                game: a.text("game"),
            })
        }),
        cmd("rules", &[], |_| Ok(Command::Rules)),
        cmd("games", &[], |_| Ok(Command::Games)),
        cmd(
            "notify",
            &[opt("how", Kind::Choice(&NOTIFY_NAMES), "dm")],
            |a| {
                Ok(Command::Notify {
                    dm: a.choice("how", &NOTIFY),
                })
            },
        ),
        Spec {
            name: "tournament",
            options: &[],
            build: None,
            subcommands: &[
                cmd("create", &TOURNAMENT_CREATE, |a| {
                    let options = game_options(a);
                    let format = a.choice("format", &FORMAT).unwrap_or(TournamentKind::Swiss);
                    Ok(Command::Tournament(TournamentCommand::Create(
                        TournamentArgs {
                            name: a.need_text("name")?,
                            format,
                            rounds: a.int("rounds"),
                            entry: a.int("entry"),
                            prizes: a.text("prizes"),
                            max_players: a.int("max_players"),
                            double: a.choice("double", &YES).is_some(),
                            game: ChallengeArgs {
                                game: a.choice("game", &GAME),
                                options,
                                move_time: a.int("move_time"),
                                casual: a.choice("rating", &RATED) == Some(false),
                                ..ChallengeArgs::default()
                            },
                        },
                    )))
                }),
                cmd("join", &[TOURNAMENT_ID], |a| {
                    Ok(Command::Tournament(TournamentCommand::Join {
                        tournament: a.int("tournament"),
                    }))
                }),
                cmd("leave", &[TOURNAMENT_ID], |a| {
                    Ok(Command::Tournament(TournamentCommand::Leave {
                        tournament: a.int("tournament"),
                    }))
                }),
                cmd("start", &[TOURNAMENT_ID], |a| {
                    Ok(Command::Tournament(TournamentCommand::Start {
                        tournament: a.int("tournament"),
                    }))
                }),
                cmd("standings", &[TOURNAMENT_ID], |a| {
                    Ok(Command::Tournament(TournamentCommand::Standings {
                        tournament: a.int("tournament"),
                    }))
                }),
                cmd(
                    "pairings",
                    &[opt("round", int(Some(1), None), "2"), TOURNAMENT_ID],
                    |a| {
                        Ok(Command::Tournament(TournamentCommand::Pairings {
                            tournament: a.int("tournament"),
                            round: a.int("round"),
                        }))
                    },
                ),
                cmd("info", &[TOURNAMENT_ID], |a| {
                    Ok(Command::Tournament(TournamentCommand::Info {
                        tournament: a.int("tournament"),
                    }))
                }),
                cmd("list", &[], |_| {
                    Ok(Command::Tournament(TournamentCommand::List))
                }),
                cmd("withdraw", &[TOURNAMENT_ID], |a| {
                    Ok(Command::Tournament(TournamentCommand::Withdraw {
                        tournament: a.int("tournament"),
                    }))
                }),
                cmd(
                    "cancel",
                    &[req("reason", text_max(200), "\"why\""), TOURNAMENT_ID],
                    |a| {
                        Ok(Command::Tournament(TournamentCommand::Cancel {
                            tournament: a.int("tournament"),
                            reason: a.need_text("reason")?,
                        }))
                    },
                ),
                cmd(
                    "adjudicate",
                    &[
                        req("result", Kind::Choice(&RESULT_NAMES), "draw"),
                        opt("game", int(Some(0), None), "42"),
                        opt("board", int(Some(1), Some(64)), "2"),
                        opt("round", int(Some(1), Some(126)), "3"),
                        TOURNAMENT_ID,
                    ],
                    |a| {
                        // A game by its id, or a pairing by its board (one whose game
                        // never started has no id).
                        let result = a.choice_name("result").unwrap_or("draw").to_string();
                        let tournament = a.int("tournament");
                        let round = a.int("round");
                        Ok(Command::Tournament(match (a.int("board"), a.int("game")) {
                            (Some(board), _) => TournamentCommand::AdjudicateBoard {
                                tournament,
                                round,
                                board,
                                result,
                            },
                            (None, Some(game)) => TournamentCommand::Adjudicate { game, result },
                            (None, None) => return Err(a.missing("game")),
                        }))
                    },
                ),
                cmd(
                    "remove",
                    &[req("player", Kind::User, "@bob"), TOURNAMENT_ID],
                    |a| {
                        Ok(Command::Tournament(TournamentCommand::Remove {
                            tournament: a.int("tournament"),
                            player: a.need_user("player")?,
                        }))
                    },
                ),
            ],
        },
        cmd("web", &[], |_| Ok(Command::Web)),
    ],
};

/// `/jetan-admin`: the server managers' tools, a top-level command of its own (Discord
/// shows it only to members who may manage the server, unless the server changes that).
pub static ADMIN: Spec = Spec {
    name: "jetan-admin",
    options: &[],
    build: None,
    subcommands: &[
        cmd("abort", &[opt("reason", text_max(200), "\"why\"")], |a| {
            Ok(Command::Admin(AdminCommand::Abort {
                reason: a.text("reason"),
            }))
        }),
        cmd(
            "grant",
            &[
                req("user", Kind::User, "@bob"),
                req("amount", int(Some(1), None), "50"),
                req("reason", text_max(200), "\"why\""),
            ],
            |a| {
                Ok(Command::Admin(AdminCommand::Grant {
                    user: a.need_user("user")?,
                    amount: a.need_int("amount")?,
                    reason: a.need_text("reason")?,
                }))
            },
        ),
        cmd(
            "take",
            &[
                req("user", Kind::User, "@bob"),
                req("amount", int(Some(1), None), "50"),
                req("reason", text_max(200), "\"why\""),
            ],
            |a| {
                Ok(Command::Admin(AdminCommand::Take {
                    user: a.need_user("user")?,
                    amount: a.need_int("amount")?,
                    reason: a.need_text("reason")?,
                }))
            },
        ),
        cmd(
            "reset",
            &[
                req("user", Kind::User, "@bob"),
                req("reason", text_max(200), "\"why\""),
            ],
            |a| {
                Ok(Command::Admin(AdminCommand::Reset {
                    user: a.need_user("user")?,
                    reason: a.need_text("reason")?,
                }))
            },
        ),
        cmd("purge", &[opt("reason", text_max(200), "\"why\"")], |a| {
            Ok(Command::Admin(AdminCommand::Purge {
                reason: a.text("reason").unwrap_or_default(),
                checked: None,
            }))
        }),
        cmd(
            "settings",
            &[
                opt("starting_grant", COINS, "1000"),
                opt("daily_allowance", COINS, "100"),
                opt("currency", text_max(40), "\"gold pieces\""),
                opt("piece_price", COINS, "1"),
                opt("stake", COINS, "0"),
                opt("challenge_expiry", MINUTES, "10"),
                opt("move_time", MINUTES, "1440"),
                opt("allow_channel", Kind::Channel, "#general"),
                opt("disallow_channel", Kind::Channel, "#general"),
                opt("language", Kind::Choice(&LANGUAGE_NAMES), "es"),
                opt("max_stake", COINS, "500"),
                opt("max_piece_price", COINS, "10"),
                opt("max_balance", COINS, "100000"),
                opt("pay_cap", COINS, "1000"),
                opt("min_account_age", int(Some(0), Some(3650)), "30"),
                opt("min_games", int(Some(0), Some(10_000)), "3"),
                opt("audit_channel", Kind::Channel, "#audit"),
                opt("audit_pot", COINS, "500"),
                opt("audit_off", Kind::Choice(&YES_NAMES), "yes"),
                opt("threads", Kind::Choice(&ON_OFF_NAMES), "off"),
                opt("reminders", Kind::Choice(&ON_OFF_NAMES), "off"),
                opt("rated_options", Kind::Choice(&ON_OFF_NAMES), "on"),
                opt(
                    "tournaments",
                    Kind::Choice(&jetan_core::TOURNAMENT_CREATOR_NAMES),
                    "anyone",
                ),
            ],
            |a| {
                let args = SettingsArgs {
                    starting_grant: a.int("starting_grant"),
                    daily_allowance: a.int("daily_allowance"),
                    currency: a.text("currency"),
                    piece_price: a.int("piece_price"),
                    stake: a.int("stake"),
                    challenge_expiry: a.int("challenge_expiry"),
                    move_time: a.int("move_time"),
                    allow_channel: a.channel("allow_channel"),
                    disallow_channel: a.channel("disallow_channel"),
                    language: a.choice("language", &LANGUAGE).map(str::to_string),
                    max_stake: a.int("max_stake"),
                    max_piece_price: a.int("max_piece_price"),
                    max_balance: a.int("max_balance"),
                    pay_cap: a.int("pay_cap"),
                    min_account_age: a.int("min_account_age"),
                    min_games: a.int("min_games"),
                    audit_channel: a.channel("audit_channel"),
                    audit_pot: a.int("audit_pot"),
                    audit_off: a.choice("audit_off", &YES).is_some(),
                    threads: a.choice("threads", &ON_OFF),
                    reminders: a.choice("reminders", &ON_OFF),
                    rated_options: a.choice("rated_options", &ON_OFF),
                    tournaments: a.choice("tournaments", &jetan_core::TOURNAMENT_CREATORS),
                };
                // Without a change it reads the settings, which anyone may do.
                Ok(if args == SettingsArgs::default() {
                    Command::Settings
                } else {
                    Command::Admin(AdminCommand::Settings(args))
                })
            },
        ),
    ],
};

/// `/martian`: Martian Chess's own turn commands, a top-level command of its own (the
/// game reads them by name, `jetan_core::GameCommand`).
pub static MARTIAN: Spec = Spec {
    name: "martian",
    options: &[],
    build: None,
    subcommands: &[
        cmd(
            "drop",
            &[req("piece", TEXT, "N"), req("square", TEXT, "e4")],
            |a| {
                Ok(Command::Game(
                    GameCommand::new("drop")
                        .with("piece", a.need_text("piece")?)
                        .with("square", a.need_text("square")?),
                ))
            },
        ),
        cmd("exchange", &[req("piece", TEXT, "N")], |a| {
            Ok(Command::Game(
                GameCommand::new("exchange").with("piece", a.need_text("piece")?),
            ))
        }),
        cmd(
            "discard",
            &[suggesting(opt("card", TEXT, "7H"), Suggest::Discard)],
            |a| {
                Ok(Command::Game(with_card(
                    GameCommand::new("discard"),
                    a.text("card"),
                )))
            },
        ),
        cmd("end", &[], |_| Ok(Command::Game(GameCommand::new("end")))),
        cmd("hand", &[], |_| {
            Ok(Command::Game(GameCommand::new("hand").private()))
        }),
        cmd(
            "card",
            &[suggesting(opt("card", TEXT, "AS"), Suggest::BattleCard)],
            |a| {
                Ok(Command::Game(with_card(
                    GameCommand::new("card"),
                    a.text("card"),
                )))
            },
        ),
    ],
};

/// Every top-level command the bot registers, `/jetan` first.
///
/// Discord takes at most 25 subcommands under one command and 8,000 characters of names,
/// descriptions and choices in one command (its longest localization counted): `/jetan`
/// could not hold the managers' tools and Martian Chess's turn commands too. The limits
/// are checked by a test of the registration.
pub static COMMANDS: [&Spec; 3] = [&JETAN, &ADMIN, &MARTIAN];

/// A card command with its card, or without one: then its answer is a private menu.
fn with_card(c: GameCommand, card: Option<String>) -> GameCommand {
    match card {
        Some(card) => c.with("card", card),
        None => c.private(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bob() -> UserRef {
        UserRef::new(7, "bob")
    }

    /// A value of the option's kind within its bounds.
    fn sample(o: &Opt) -> Value {
        match o.kind {
            Kind::User => Value::User(bob()),
            Kind::Integer { min, .. } => Value::Integer(min.unwrap_or(0).max(1)),
            Kind::Text { .. } => Value::Text("e2".into()),
            Kind::Channel => Value::Channel(9),
            Kind::Choice(c) => Value::Choice(c[0]),
        }
    }

    fn run(words: &[&str], given: &[(&str, Value)]) -> Result<Command, Error> {
        let (spec, path, rest) = find(words)?;
        assert!(rest.is_empty());
        let given = given
            .iter()
            .map(|(n, v)| ((*n).to_string(), v.clone()))
            .collect();
        spec.command(&path, given)
    }

    #[test]
    fn every_command_builds_with_every_option_and_every_choice() {
        let leaves = leaves();
        assert_eq!(
            leaves.len(),
            48,
            "{:?}",
            leaves.iter().map(|l| &l.0).collect::<Vec<_>>()
        );
        for (path, spec) in leaves {
            // Only the required options, then every option.
            let required: Vec<(String, Value)> = spec
                .options
                .iter()
                .filter(|o| o.required)
                .map(|o| (o.name.to_string(), sample(o)))
                .collect();
            match spec.command(&path, required) {
                // A command that takes one of two options (a game by id or by board).
                Err(Error::Missing { .. }) if path == "tournament adjudicate" => {}
                other => {
                    other.unwrap();
                }
            }
            let all: Vec<(String, Value)> = spec
                .options
                .iter()
                .map(|o| (o.name.to_string(), sample(o)))
                .collect();
            spec.command(&path, all).unwrap();
            for o in spec.options {
                let Kind::Choice(choices) = o.kind else {
                    continue;
                };
                for (i, c) in choices.iter().enumerate() {
                    assert_eq!(o.read(&c.to_uppercase()), Ok(Value::Choice(c)));
                    assert_eq!(o.choice_at(i as i64), Ok(Value::Choice(c)));
                    let mut given: Vec<(String, Value)> = spec
                        .options
                        .iter()
                        .filter(|p| (p.required || p.name == "game") && p.name != o.name)
                        .map(|p| (p.name.to_string(), sample(p)))
                        .collect();
                    given.push((o.name.to_string(), Value::Choice(c)));
                    spec.command(&path, given).unwrap();
                }
                assert!(o.choice_at(choices.len() as i64).is_err());
            }
        }
    }

    /// The standings' `game` choices are every game's pools of ratings, as typed.
    #[test]
    fn the_standings_offer_every_games_pools() {
        let pools: Vec<String> = jetan_store::games::pools()
            .iter()
            .map(|p| p.typed())
            .collect();
        assert_eq!(POOL_NAMES.to_vec(), pools);
    }

    #[test]
    fn choices_mean_what_they_say() {
        let c = run(
            &["challenge"],
            &[
                ("opponent", Value::User(bob())),
                ("first", Value::Choice("opponent")),
                ("game", Value::Choice("martian-chess")),
                ("variant", Value::Choice("manator")),
                ("board", Value::Choice("circular")),
            ],
        )
        .unwrap();
        let Command::Challenge { opponent, args } = c else {
            panic!("{c:?}")
        };
        assert_eq!(opponent, bob());
        assert_eq!(args.first, Some(FirstMover::Challenged));
        assert_eq!(args.game, Some(GameKind::MartianChess));
        assert_eq!(
            args.options,
            [("variant", "manator"), ("board", "circular")]
                .map(|(k, v)| (k.to_string(), v.to_string()))
        );
        let c = run(
            &["admin", "settings"],
            &[
                ("language", Value::Choice("es")),
                ("allow_channel", Value::Channel(5)),
            ],
        )
        .unwrap();
        let Command::Admin(AdminCommand::Settings(s)) = c else {
            panic!("{c:?}")
        };
        assert_eq!(s.language.as_deref(), Some("es"));
        assert_eq!(s.allow_channel, Some(ChannelId(5)));
    }

    /// The console names a command by its top-level command and path, or by a short form
    /// (`admin` for `jetan-admin`, a subcommand only one other command has); Discord by
    /// its whole path.
    #[test]
    fn every_top_level_command_is_found_by_its_path() {
        for words in [
            &["jetan-admin", "grant"][..],
            &["/jetan-admin", "grant"],
            &["admin", "grant"],
        ] {
            let (spec, path, _) = find(words).unwrap();
            assert!(std::ptr::eq(spec, ADMIN.subcommand("grant").unwrap()));
            assert_eq!(path, "jetan-admin grant");
        }
        for words in [&["martian", "hand"][..], &["/martian", "hand"], &["hand"]] {
            let (_, path, _) = find(words).unwrap();
            assert_eq!(path, "martian hand");
            assert_eq!(
                run(words, &[]),
                Ok(Command::Game(GameCommand::new("hand").private()))
            );
        }
        // `/jetan`'s own subcommands come first, with or without `/jetan`.
        for words in [&["jetan", "board"][..], &["/jetan", "board"], &["board"]] {
            let (_, path, _) = find(words).unwrap();
            assert_eq!(path, "board");
        }
        // `settings` alone reads the settings (anyone); with an option it changes them.
        assert_eq!(
            run(&["jetan-admin", "settings"], &[]),
            Ok(Command::Settings)
        );
        assert_eq!(run(&["settings"], &[]), Ok(Command::Settings));
        assert!(matches!(
            run(&["admin", "settings"], &[("stake", Value::Integer(5))]),
            Ok(Command::Admin(AdminCommand::Settings(_)))
        ));
        let (spec, path) = at(&["jetan-admin", "settings"]).unwrap();
        assert_eq!(path, "jetan-admin settings");
        assert!(spec.option("rated_options").is_some());
        assert_eq!(
            at(&["jetan", "tournament", "create"]).unwrap().1,
            "tournament create"
        );
        assert_eq!(at(&["martian", "drop"]).unwrap().1, "martian drop");
        assert!(at(&["jetan", "admin", "grant"]).is_none());
        assert!(at(&["jetan", "drop"]).is_none());
        assert_eq!(
            find(&["martian"]).unwrap_err().to_string(),
            "martian needs one of drop, exchange, discard, end, hand or card"
        );
    }

    #[test]
    fn a_promotion_rides_on_the_destination() {
        let text = |s: &str| Value::Text(s.into());
        let c = run(
            &["move"],
            &[
                ("from", text("f2")),
                ("to", text("f1")),
                ("promote", Value::Choice("knight")),
            ],
        );
        assert_eq!(
            c,
            Ok(Command::Move {
                from: Some("f2".into()),
                to: Some("f1=N".into()),
                notation: None
            })
        );
        let c = run(
            &["move"],
            &[
                ("notation", text("e7-e8")),
                ("promote", Value::Choice("rook")),
            ],
        );
        assert_eq!(
            c,
            Ok(Command::Move {
                from: None,
                to: None,
                notation: Some("e7-e8=R".into())
            })
        );
    }

    #[test]
    fn bad_commands_are_refused_in_words() {
        let msg =
            |words: &[&str], given: &[(&str, Value)]| run(words, given).unwrap_err().to_string();
        assert_eq!(
            msg(&["fly"], &[]),
            "there is no command `fly`; try `rules` for help"
        );
        assert_eq!(
            msg(&["admin"], &[]),
            "jetan-admin needs one of abort, grant, take, reset, purge or settings"
        );
        assert_eq!(
            msg(&["admin", "fire"], &[]),
            "there is no `jetan-admin fire`: write jetan-admin abort, grant, take, reset, purge or settings"
        );
        assert_eq!(
            msg(&["move"], &[("promotion", Value::Text("q".into()))]),
            "`move` has no option `promotion`; its options are from, to, notation and promote"
        );
        assert_eq!(
            msg(&["accept"], &[("now", Value::Text("yes".into()))]),
            "`accept` has no option `now` (it takes none)"
        );
        assert_eq!(msg(&["challenge"], &[]), "challenge needs opponent:@bob");
        assert_eq!(
            msg(&["admin", "grant"], &[("user", Value::User(bob()))]),
            "jetan-admin grant needs amount:50"
        );
        assert_eq!(
            msg(
                &["challenge"],
                &[
                    ("opponent", Value::User(bob())),
                    ("level", Value::Integer(9))
                ]
            ),
            "level must be from 1 to 5, not 9"
        );
        assert_eq!(
            msg(
                &["challenge"],
                &[
                    ("opponent", Value::User(bob())),
                    ("stake", Value::Integer(-5))
                ]
            ),
            "stake must be at least 0, not -5"
        );
        assert_eq!(
            msg(
                &["wallet"],
                &[("user", Value::User(bob())), ("user", Value::User(bob()))]
            ),
            "the option `user` is given twice"
        );
        let first = JETAN
            .subcommand("rematch")
            .unwrap()
            .option("first")
            .unwrap();
        assert_eq!(
            first.read("nobody").unwrap_err().to_string(),
            "`nobody` is not a choice for first: write me, opponent or random"
        );
        let stake = JETAN
            .subcommand("challenge")
            .unwrap()
            .option("stake")
            .unwrap();
        let e = stake.read("lots").unwrap_err();
        assert_eq!(e.to_string(), "stake must be a whole number, not `lots`");
        assert_eq!(e.input().as_deref(), Some("lots"));
        assert_eq!(
            msg(&["replay"], &[("game", Value::Text("9".repeat(25)))]),
            "game must be at most 24 characters long"
        );
        assert_eq!(
            msg(&["wallet"], &[("user", Value::Integer(3))]),
            "the option `user` has the wrong type"
        );
    }
}
