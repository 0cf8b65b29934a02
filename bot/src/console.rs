//! The offline console: one command per line on standard input, replies on standard output,
//! through the same command core as Discord.
//!
//! ```text
//! #general @alice challenge opponent:@bob stake:50 piece_price:1 first:me
//! #general @bob accept                    # the terms, with a Confirm button
//! #general @bob click Confirm             # press a button by its label…
//! #general @bob click jetan:accept:12     # …or by its action (click accept) or id
//! #general @alice /jetan move from:e2 to:e3
//! #general @bob choose card AS            # choose in a select menu (or by its id)
//! #general @bob click 2                   # pick option 2 of the last menu printed
//! :advance 20m                            # move the console's clock forward
//! :leave @bob                             # bob leaves the server (for admin purge)
//! ```
//!
//! The commands, their options and choices are [`crate::grammar`]'s, the same the Discord
//! adapter registers: an unknown option, a missing required one, a bad choice or a number
//! out of bounds is refused with the same words. `#channel` and `@user` name the context;
//! when omitted, the previous line's are used. `@jetan` is the bot itself (challenge it for
//! a practice game). Options are `name:value`; quote values with spaces
//! (`currency:"gold pieces"`). Lines starting with `//` are comments; so is the rest of a
//! line from a `#` that starts a word (`accept   # shows the terms`), unless only
//! `#channel` and `@user` words come before it and a name follows it: then it names the
//! channel. A console user is a server manager (may use `admin …`) unless
//! written `@bob!member`; `@carol:es` acts with Discord locale `es` (her private answers
//! are in Spanish; `admin settings language:es` puts the server's public messages in
//! Spanish).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use jetan_core::{
    ButtonAction, ChannelId, Command, Core, GuildId, MessageEdit, Reply, Request, Text, UserId,
    UserRef,
};

use crate::grammar::{self, Kind, Value};

/// The server id every console command runs in.
pub const CONSOLE_GUILD: GuildId = GuildId(1);
/// The bot's user name in the console.
pub const BOT_NAME: &str = "jetan";

/// A stable id for a console name (FNV-1a, never 0, top bit clear like Discord snowflakes).
pub fn id_of<Id: From<u64>>(name: &str) -> Id {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(name.to_lowercase().as_bytes());
    Id::from((h.finish() >> 1).max(2))
}

/// The console's bot user.
pub fn bot_user() -> UserRef {
    UserRef {
        id: UserId(id_of(BOT_NAME)),
        name: BOT_NAME.into(),
        bot: true,
        outside: false,
    }
}

/// A line the console understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Nothing to do (blank or comment).
    Empty,
    /// Move the clock forward by this many milliseconds.
    Advance(u64),
    /// This user (a console name) leaves the server.
    Leave(String),
    /// From now on the bot may (`true`) or may not open threads, as Discord's
    /// permissions would say (`:threads on|off`; off at first).
    Threads(bool),
    /// A command from a user in a channel.
    Command {
        /// The channel's name (without `#`).
        channel: String,
        /// The user's name (without `@`).
        user: String,
        /// The command.
        command: Box<Command>,
    },
}

/// The console's state across lines.
pub struct Console<'a> {
    core: &'a Core,
    out_dir: PathBuf,
    offset_ms: u64,
    channel: Option<String>,
    user: Option<String>,
    names: HashMap<UserId, String>,
    channels: HashMap<ChannelId, String>,
    files: usize,
    request_seed: u64,
    /// The ids given to posted messages (challenges, draw offers), to show their edits.
    messages: u64,
    /// The buttons printed lately (label, custom id), oldest first: `click` finds one by
    /// its label or action.
    buttons: Vec<(String, String)>,
    /// The select menus printed lately (placeholder, custom id), oldest first.
    menus: Vec<(String, String)>,
    /// The last menu printed: its custom id and its options' values, in the order
    /// numbered (`click 2` picks the second).
    last_menu: Option<(String, Vec<String>)>,
    /// The users who left the server (`:leave`), as Discord would say of them.
    left: std::collections::HashSet<UserId>,
    /// Whether the bot may open threads (`:threads on`), as Discord's permissions say.
    threads: bool,
}

/// How many printed buttons (and menus) `click` (and `choose`) look back through.
const REMEMBERED: usize = 32;

/// Who speaks on a line: `@alice` (a server manager, English), `@bob!member` (a member
/// without Manage Server), `@carol:es` (Discord locale `es`), or both: `@dan:es-ES!member`.
struct Speaker<'a> {
    name: &'a str,
    locale: &'a str,
    member: bool,
}

impl<'a> Speaker<'a> {
    fn parse(token: &'a str) -> Speaker<'a> {
        let (rest, member) = match token.strip_suffix("!member") {
            Some(r) => (r, true),
            None => (token, false),
        };
        let (name, locale) = rest.split_once(':').unwrap_or((rest, "en-US"));
        Speaker {
            name,
            locale: if locale.is_empty() { "en-US" } else { locale },
            member,
        }
    }
}

/// Whether a word names the line's context (`#general`, `@bob`).
fn is_context(word: &str) -> bool {
    word.len() > 1 && (word.starts_with('#') || word.starts_with('@'))
}

/// Splits a line into words; double quotes group (`currency:"gold pieces"`). A `#` that
/// starts a word begins a comment, which runs to the end of the line — unless only context
/// words come before it and a name follows it (`#general`: a channel). Hand-written rather
/// than `shlex`, whose comments would swallow every channel.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            '#' if !quoted && !any => {
                let channel = words.iter().all(|w| is_context(w))
                    && chars
                        .peek()
                        .is_some_and(|n| !n.is_whitespace() && *n != '#');
                if !channel {
                    break;
                }
                cur.push(c);
                any = true;
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err("a quote is not closed".into());
    }
    if any {
        words.push(cur);
    }
    Ok(words)
}

fn duration_ms(text: &str) -> Option<u64> {
    let (num, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let n: u64 = num.parse().ok()?;
    let per = match unit {
        "" | "m" | "min" => 60_000,
        "s" => 1000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    n.checked_mul(per)
}

impl<'a> Console<'a> {
    /// A console over `core`, saving attachments under `out_dir`.
    pub fn new(core: &'a Core, out_dir: impl Into<PathBuf>) -> Console<'a> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        let mut names = HashMap::new();
        names.insert(id_of(BOT_NAME), BOT_NAME.to_string());
        Console {
            core,
            out_dir: out_dir.into(),
            offset_ms: 0,
            channel: None,
            user: None,
            names,
            channels: HashMap::new(),
            files: 0,
            request_seed: seed,
            messages: 0,
            buttons: Vec::new(),
            menus: Vec::new(),
            last_menu: None,
            left: std::collections::HashSet::new(),
            threads: false,
        }
    }

    fn now(&self) -> u64 {
        let real = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        real.saturating_add(self.offset_ms)
    }

    fn user_ref(&mut self, name: &str) -> UserRef {
        let name = name.trim_start_matches('@');
        if name.eq_ignore_ascii_case(BOT_NAME) {
            return bot_user();
        }
        let id = id_of(name);
        self.names.insert(UserId(id), name.to_string());
        UserRef::new(id, name)
    }

    /// A channel named in an option (`allow_channel:#general`), remembered for printing.
    fn channel_ref(&mut self, name: &str) -> u64 {
        let name = name.trim_start_matches('#');
        let id = id_of(name);
        self.channels.insert(ChannelId(id), name.to_string());
        id
    }

    /// Reads one line.
    ///
    /// # Errors
    /// What is wrong with the line, in words.
    pub fn parse(&mut self, line: &str) -> Result<Line, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            return Ok(Line::Empty);
        }
        let words = split_words(line)?;
        if words.is_empty() {
            return Ok(Line::Empty);
        }
        if words[0] == ":advance" {
            let ms = words
                .get(1)
                .and_then(|w| duration_ms(w))
                .ok_or("write :advance 90m (s, m, h or d)")?;
            return Ok(Line::Advance(ms));
        }
        if words[0] == ":threads" {
            return match words.get(1).map(String::as_str) {
                Some("on") => Ok(Line::Threads(true)),
                Some("off") => Ok(Line::Threads(false)),
                _ => Err("write :threads on (or off)".into()),
            };
        }
        if words[0] == ":leave" {
            let name = words
                .get(1)
                .and_then(|w| w.strip_prefix('@'))
                .filter(|n| !n.is_empty())
                .ok_or("write :leave @bob")?;
            return Ok(Line::Leave(name.to_string()));
        }
        let mut rest = words.as_slice();
        while let Some(w) = rest.first() {
            if let Some(c) = w.strip_prefix('#').filter(|c| !c.is_empty()) {
                self.channel = Some(c.to_string());
            } else if let Some(u) = w.strip_prefix('@').filter(|u| !u.is_empty()) {
                self.user = Some(u.to_string());
            } else {
                break;
            }
            rest = &rest[1..];
        }
        if rest.first().map(String::as_str) == Some("/jetan")
            || rest.first().map(String::as_str) == Some("jetan")
        {
            rest = &rest[1..];
        }
        let channel = self
            .channel
            .clone()
            .ok_or("name the channel first, like #general")?;
        let user = self
            .user
            .clone()
            .ok_or("name the user first, like @alice")?;
        let Some((name, options)) = rest.split_first() else {
            return Err(
                "which command? Try `rules`, `challenge opponent:@bob`, `move from:e2 to:e3`"
                    .into(),
            );
        };
        let command = match name.to_lowercase().as_str() {
            "click" => self.click(options)?,
            "choose" => self.choose(options)?,
            _ => self.command(rest)?,
        };
        Ok(Line::Command {
            channel,
            user,
            command: Box::new(command),
        })
    }

    /// A command of the grammar: its name (and an `admin` tool's), then `name:value`
    /// options.
    fn command(&mut self, words: &[String]) -> Result<Command, String> {
        let (spec, path, options) = grammar::find(words).map_err(|e| e.to_string())?;
        let mut given = Vec::with_capacity(options.len());
        for word in options {
            let Some((name, text)) = word.split_once(':').filter(|(k, _)| !k.is_empty()) else {
                return Err(format!("write options as name:value (`{word}` is not)"));
            };
            let opt = spec.lookup(&path, name).map_err(|e| e.to_string())?;
            let value = match opt.kind {
                Kind::User => Value::User(self.user_ref(text)),
                Kind::Channel => Value::Channel(self.channel_ref(text)),
                _ => opt.read(text).map_err(|e| e.to_string())?,
            };
            given.push((name.to_string(), value));
        }
        spec.command(&path, given).map_err(|e| e.to_string())
    }

    /// `click` and what it presses: a button's id as printed, or a button printed lately by
    /// its label (`click Confirm`, `click "Confirm resignation"`) or its action
    /// (`click accept`), the latest first.
    fn click(&self, words: &[String]) -> Result<Command, String> {
        let which = words.join(" ");
        if let Ok(n) = which.parse::<usize>() {
            // A numbered option of the last menu printed.
            let Some((menu, values)) = &self.last_menu else {
                return Err(format!("no menu was printed to pick option {n} from"));
            };
            let value = n
                .checked_sub(1)
                .and_then(|i| values.get(i))
                .ok_or_else(|| {
                    format!("the last menu has options 1 to {}, not {n}", values.len())
                })?;
            let menu = ButtonAction::parse(menu).ok_or("the last menu is not the bot's")?;
            return Ok(Command::Choose {
                menu,
                value: value.clone(),
            });
        }
        if which.is_empty() {
            return Err(
                "click needs a button: its label (click Confirm), its action \
                 (click accept) or the id the reply printed (click jetan:accept:12)"
                    .into(),
            );
        }
        find_component(&which, &self.buttons, "button")
            .map(Command::Button)
            .map_err(|e| format!("{e}; click a button by its label, like click Confirm"))
    }

    /// `choose <menu> <value>`: a select menu by its id as printed, or one printed lately
    /// by its action (`choose card AS`).
    fn choose(&self, words: &[String]) -> Result<Command, String> {
        let [menu @ .., value] = words else {
            return Err("choose needs a menu and a value, like choose card AS".into());
        };
        if menu.is_empty() {
            return Err("choose needs a menu and a value, like choose card AS".into());
        }
        let menu = find_component(&menu.join(" "), &self.menus, "menu")
            .map_err(|e| format!("{e}; write choose card AS"))?;
        Ok(Command::Choose {
            menu,
            value: value.clone(),
        })
    }

    /// A core text as the console shows it: a user as `@name` (the names typed in this
    /// session, else the display names the data directory keeps, else the id) and a
    /// channel as `#name`.
    fn readable(&self, text: &Text) -> String {
        text.render(
            |id| {
                let name = self.names.get(&id).cloned();
                format!(
                    "@{}",
                    name.or_else(|| self.core.display_name(id))
                        .unwrap_or_else(|| id.to_string())
                )
            },
            |id| match self.channels.get(&id) {
                Some(name) => format!("#{name}"),
                None => format!("#{id}"),
            },
        )
    }

    fn print_edits(&mut self, w: &mut impl Write, edits: &[MessageEdit]) -> std::io::Result<()> {
        for e in edits {
            writeln!(w, "--- message {} is edited", e.message)?;
            writeln!(w, "{}", self.readable(&e.reply.text))?;
        }
        Ok(())
    }

    /// Messages posted in channels besides the answer (the upkeep's, a payment's notice).
    fn print_posts(
        &mut self,
        w: &mut impl Write,
        posts: &[(ChannelId, Reply)],
    ) -> std::io::Result<()> {
        for (channel, reply) in posts {
            let name = self.channels.get(channel).cloned().unwrap_or_default();
            self.print(w, reply, &format!("#{name}"))?;
        }
        Ok(())
    }

    /// Prints what the store's outbox owes (a tournament's news), then opens its
    /// pairings' threads, and marks it delivered.
    fn announce(
        &mut self,
        w: &mut impl Write,
        announcements: &[jetan_core::Announcement],
    ) -> std::io::Result<()> {
        for a in announcements {
            self.print_posts(w, &a.posts)?;
            self.print_posts(w, &a.boards)?;
            self.open_pairings(w, &a.pairings)?;
            self.core.announced(a.key);
        }
        Ok(())
    }

    /// Opens a thread for each tournament pairing the core listed, as Discord would:
    /// its own channel, `#general/t12r2b1`, where the pairing's game starts.
    fn open_pairings(
        &mut self,
        w: &mut impl Write,
        pairings: &[jetan_core::PairingPlan],
    ) -> std::io::Result<()> {
        for p in pairings {
            let parent = self.channels.get(&p.channel).cloned().unwrap_or_default();
            let name = format!("{parent}/t{}r{}b{}", p.tournament, p.round, p.board);
            let thread = ChannelId(id_of(&name));
            self.channels.insert(thread, name.clone());
            if let Some(board) = self.core.start_pairing(p, thread, self.now()) {
                writeln!(w, "--- thread #{name} opened: {}", p.name)?;
                self.print(w, &board, &format!("#{name}"))?;
            }
        }
        Ok(())
    }

    fn print(&mut self, w: &mut impl Write, reply: &Reply, to: &str) -> std::io::Result<()> {
        let mark = match (reply.ephemeral, reply.pin) {
            (true, _) => " [ephemeral]",
            (false, true) => " [pinned]",
            (false, false) => "",
        };
        writeln!(w, "--- reply to {to}{mark}")?;
        writeln!(w, "{}", self.readable(&reply.text))?;
        for a in &reply.attachments {
            self.files += 1;
            std::fs::create_dir_all(&self.out_dir)?;
            let path = self.out_dir.join(format!("{:04}-{}", self.files, a.name));
            std::fs::write(&path, &a.bytes)?;
            writeln!(w, "[attachment] {}", path.display())?;
        }
        for b in &reply.buttons {
            if b.style == jetan_core::ButtonStyle::Link {
                writeln!(w, "[link] {} → {}", b.label, b.id)?;
                continue;
            }
            writeln!(w, "[button] {} → click {}", b.label, b.id)?;
            remember(&mut self.buttons, &b.label, &b.id);
        }
        if let Some(m) = &reply.menu {
            remember(&mut self.menus, &m.placeholder, &m.id);
            let values: Vec<&str> = m.options.iter().map(|(v, _)| v.as_str()).collect();
            writeln!(
                w,
                "[menu] {} → choose {} <{}>, or click a number",
                m.placeholder,
                m.id,
                values.join("|")
            )?;
            for (i, (value, label)) in m.options.iter().enumerate() {
                writeln!(w, "  {}. {label} ({value})", i + 1)?;
            }
            self.last_menu = Some((
                m.id.clone(),
                m.options.iter().map(|(v, _)| v.clone()).collect(),
            ));
        }
        Ok(())
    }

    /// Runs one line and prints its replies.
    ///
    /// # Errors
    /// Only output failures; a bad line is answered in the output.
    pub fn run_line(&mut self, line: &str, w: &mut impl Write) -> std::io::Result<()> {
        match self.parse(line) {
            Ok(Line::Empty) => Ok(()),
            Ok(Line::Threads(on)) => {
                self.threads = on;
                writeln!(
                    w,
                    "--- the bot {} open threads",
                    if on { "may" } else { "may not" }
                )
            }
            Ok(Line::Leave(name)) => {
                let user = self.user_ref(&name);
                self.left.insert(UserId(user.id.get()));
                writeln!(w, "--- @{name} leaves the server")
            }
            Ok(Line::Advance(ms)) => {
                self.offset_ms = self.offset_ms.saturating_add(ms);
                writeln!(w, "--- the clock moves forward {} s", ms / 1000)?;
                // The bot's once-a-minute upkeep, as `serve` runs it.
                let sweep = self.core.sweep(self.now());
                self.print_posts(w, &sweep.posts)?;
                for dm in &sweep.dms {
                    let name = self.names.get(&dm.user).cloned().unwrap_or_default();
                    self.print(w, &dm.reply, &format!("direct message to @{name}"))?;
                }
                for thread in &sweep.archive {
                    let name = self.channels.get(thread).cloned().unwrap_or_default();
                    writeln!(w, "--- thread #{name} archived")?;
                }
                self.announce(w, &sweep.announcements)?;
                self.print_edits(w, &sweep.edits)
            }
            Err(e) => writeln!(w, "--- error: {e}"),
            Ok(Line::Command {
                channel,
                user,
                command,
            }) => {
                self.request_seed = self
                    .request_seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let channel_id = id_of(&channel);
                self.channels.insert(ChannelId(channel_id), channel.clone());
                let who = Speaker::parse(&user);
                let user = self.user_ref(who.name);
                let req = Request {
                    guild: GuildId(CONSOLE_GUILD.get()),
                    channel: ChannelId(channel_id),
                    user: user.clone(),
                    manager: !who.member,
                    locale: who.locale.to_string(),
                    guild_locale: None,
                    id: self.request_seed >> 1,
                    now: self.now(),
                    command: *command,
                };
                let mut response = self.core.handle(req);
                if let Some(plan) = response.thread.take().filter(|_| self.threads) {
                    // A thread, as Discord opens one: its own channel, `#general/42`.
                    let name = format!("{channel}/{}", plan.game);
                    let thread = id_of(&name);
                    self.channels.insert(ChannelId(thread), name.clone());
                    if let Some(line) = self.core.into_thread(&plan, ChannelId(thread), self.now())
                    {
                        let board = std::mem::replace(&mut response.reply, line);
                        response.posts.insert(0, (ChannelId(thread), board));
                        writeln!(w, "--- thread #{name} opened: {}", plan.name)?;
                    }
                }
                self.print(w, &response.reply, &format!("@{}", user.name))?;
                if let (Some(shown), false) = (response.shows, response.reply.ephemeral) {
                    self.messages += 1;
                    self.core
                        .remember_message(shown, ChannelId(channel_id), self.messages);
                }
                self.print_edits(w, &response.edits)?;
                if let Some(job) = &response.analysis {
                    // The console waits for it: one thing at a time.
                    let reply = self.core.run_analysis(job);
                    self.print(w, &reply, &format!("#{channel}"))?;
                }
                self.print_posts(w, &response.posts)?;
                for thread in &response.archive {
                    let name = self.channels.get(thread).cloned().unwrap_or_default();
                    writeln!(w, "--- thread #{name} archived")?;
                }
                self.open_pairings(w, &response.pairings)?;
                self.announce(w, &response.announcements)?;
                if let Some(job) = &response.purge {
                    // Discord, as the console knows it: who left with `:leave`.
                    let left = job
                        .candidates
                        .iter()
                        .copied()
                        .filter(|u| self.left.contains(u))
                        .collect();
                    let done = self
                        .core
                        .handle(job.checked(jetan_core::Departures { left, unchecked: 0 }));
                    self.print(w, &done.reply, &format!("@{}", user.name))?;
                    self.print_posts(w, &done.posts)?;
                }
                let mut next = response.computer_moves_in;
                while let Some(ch) = next {
                    let offset = self.offset_ms;
                    let now = move || {
                        std::time::SystemTime::now()
                            .duration_since(std::time::UNIX_EPOCH)
                            .map(|d| d.as_millis() as u64)
                            .unwrap_or(0)
                            .saturating_add(offset)
                    };
                    next = None;
                    if let Some(r) = self
                        .core
                        .computer_turn(GuildId(CONSOLE_GUILD.get()), ch, now)
                    {
                        self.print(w, &r.reply, &format!("#{channel}"))?;
                        next = r.computer_moves_in;
                    }
                }
                Ok(())
            }
        }
    }

    /// Runs every line of `input`.
    ///
    /// # Errors
    /// Input or output failures.
    pub fn run(&mut self, input: impl BufRead, mut w: impl Write) -> std::io::Result<()> {
        for line in input.lines() {
            let line = line?;
            self.run_line(&line, &mut w)?;
            w.flush()?;
        }
        Ok(())
    }
}

/// Keeps a printed button or menu for `click` and `choose`, forgetting the oldest.
fn remember(list: &mut Vec<(String, String)>, label: &str, id: &str) {
    list.retain(|(_, old)| old != id);
    list.push((label.to_string(), id.to_string()));
    if list.len() > REMEMBERED {
        list.remove(0);
    }
}

/// The button (or menu) `which` names: its id, or among those printed (`shown`, oldest
/// first) the latest with that label, else the latest with that action (the middle of
/// `jetan:accept:12`), case-insensitively.
fn find_component(
    which: &str,
    shown: &[(String, String)],
    what: &str,
) -> Result<ButtonAction, String> {
    if let Some(action) = ButtonAction::parse(which) {
        return Ok(action);
    }
    if which.starts_with("jetan:") || which.contains('<') {
        return Err(format!(
            "`{which}` is not a {what} id: copy the id the reply printed \
             (like jetan:accept:12), with its number"
        ));
    }
    let action_of = |id: &str| id.split(':').nth(1).map(str::to_string);
    let latest = |matches: &dyn Fn(&(String, String)) -> bool| {
        shown.iter().rev().find(|c| matches(c)).cloned()
    };
    latest(&|(label, _)| label.eq_ignore_ascii_case(which))
        .or_else(|| latest(&|(_, id)| action_of(id).is_some_and(|a| a.eq_ignore_ascii_case(which))))
        .and_then(|(_, id)| ButtonAction::parse(&id))
        .ok_or_else(|| {
            if shown.is_empty() {
                format!("no {what} has been shown yet to match `{which}`")
            } else {
                let recent: Vec<String> = shown
                    .iter()
                    .rev()
                    .take(6)
                    .map(|(label, id)| format!("{label} ({id})"))
                    .collect();
                format!(
                    "no {what} shown lately is `{which}` (lately: {})",
                    recent.join(", ")
                )
            }
        })
}

/// The default folder for console attachments.
pub fn default_out_dir() -> &'static Path {
    Path::new("./jetan-console-out")
}

/// Prints the moves made on the web pages (`jetan console --web`) as the console prints
/// a reply, and lets the computer answer in a practice game.
pub struct WebPrinter {
    core: std::sync::Arc<Core>,
}

impl WebPrinter {
    /// A printer over `core`.
    pub fn new(core: std::sync::Arc<Core>) -> WebPrinter {
        WebPrinter { core }
    }

    fn block(&self, to: &str, reply: &Reply) -> String {
        let name = |id: UserId| {
            self.core
                .display_name(id)
                .unwrap_or_else(|| id.get().to_string())
        };
        let text = reply
            .text
            .render(|id| format!("@{}", name(id)), |id| format!("#{id}"));
        let mut out = format!("--- reply to {to}\n{text}\n");
        for b in &reply.buttons {
            if b.style == jetan_core::ButtonStyle::Link {
                out.push_str(&format!("[link] {} → {}\n", b.label, b.id));
            } else {
                out.push_str(&format!("[button] {} → click {}\n", b.label, b.id));
            }
        }
        out
    }
}

impl crate::web::Front for WebPrinter {
    fn deliver(
        &self,
        guild: GuildId,
        channel: ChannelId,
        request: u64,
        response: jetan_core::Response,
    ) {
        let core = self.core.clone();
        let mut out = self.block(&format!("a move on the web in #{channel}"), &response.reply);
        for (ch, post) in &response.posts {
            out.push_str(&self.block(&format!("#{ch}"), post));
        }
        core.announced(request);
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(out.as_bytes());
        let _ = stdout.flush();
        drop(stdout);
        if let Some(first) = response.computer_moves_in {
            let printer = WebPrinter { core };
            // The computer thinks off the web server's threads.
            std::thread::spawn(move || {
                let mut next = Some(first);
                while let Some(ch) = next.take() {
                    let now = || {
                        std::time::SystemTime::now()
                            .duration_since(std::time::UNIX_EPOCH)
                            .map_or(0, |d| d.as_millis() as u64)
                    };
                    if let Some(r) = printer.core.computer_turn(guild, ch, now) {
                        let block = printer.block(&format!("#{ch}"), &r.reply);
                        let mut stdout = std::io::stdout().lock();
                        let _ = stdout.write_all(block.as_bytes());
                        let _ = stdout.flush();
                        next = r.computer_moves_in;
                    }
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_core::GameId;

    fn words(line: &str) -> Vec<String> {
        split_words(line).unwrap()
    }

    #[test]
    fn a_hash_after_the_command_starts_a_comment() {
        assert_eq!(
            words("#general @bob accept   # shows the terms… and a #tag"),
            ["#general", "@bob", "accept"]
        );
        assert_eq!(
            words("@bob #general accept"),
            ["@bob", "#general", "accept"]
        );
        assert_eq!(words(":advance 25h # the clock"), [":advance", "25h"]);
        assert_eq!(words("# a whole comment"), Vec::<String>::new());
        assert_eq!(words("#general # no command"), ["#general"]);
        // Not at the start of a word, or quoted: kept.
        assert_eq!(
            words("admin settings allow_channel:#general currency:\"a # b\""),
            [
                "admin",
                "settings",
                "allow_channel:#general",
                "currency:a # b"
            ]
        );
        assert_eq!(
            split_words("challenge currency:\"gold"),
            Err("a quote is not closed".to_string())
        );
    }

    fn shown() -> Vec<(String, String)> {
        vec![
            ("Accept".into(), "jetan:accept:3".into()),
            ("Decline".into(), "jetan:decline:3".into()),
            ("Confirm".into(), "jetan:accept:4".into()),
            ("Confirm resignation".into(), "jetan:resign:9".into()),
        ]
    }

    #[test]
    fn click_finds_a_button_by_label_action_or_id_latest_first() {
        let find = |w: &str| find_component(w, &shown(), "button");
        assert_eq!(find("Confirm"), Ok(ButtonAction::Accept(GameId(4))));
        assert_eq!(
            find("confirm resignation"),
            Ok(ButtonAction::Resign(GameId(9)))
        );
        // A label before an action: `Accept` is the challenge's button, not the newer
        // Confirm (whose action is also accept).
        assert_eq!(find("accept"), Ok(ButtonAction::Accept(GameId(3))));
        assert_eq!(find("resign"), Ok(ButtonAction::Resign(GameId(9))));
        assert_eq!(find("decline"), Ok(ButtonAction::Decline(GameId(3))));
        assert_eq!(
            find("jetan:accept:77"),
            Ok(ButtonAction::Accept(GameId(77)))
        );
        let placeholder = find("jetan:accept:<id>").unwrap_err();
        assert!(placeholder.contains("with its number"), "{placeholder}");
        let missing = find("Rematch").unwrap_err();
        assert!(
            missing.contains("lately: Confirm resignation (jetan:resign:9)"),
            "{missing}"
        );
        let none = find_component("Confirm", &[], "button").unwrap_err();
        assert_eq!(none, "no button has been shown yet to match `Confirm`");
    }

    #[test]
    fn only_the_latest_buttons_are_remembered() {
        let mut list = Vec::new();
        for i in 0..(REMEMBERED + 5) {
            remember(&mut list, "Accept", &format!("jetan:accept:{i}"));
        }
        remember(
            &mut list,
            "Accept",
            &format!("jetan:accept:{}", REMEMBERED + 2),
        );
        assert_eq!(list.len(), REMEMBERED);
        assert_eq!(
            find_component("Accept", &list, "button"),
            Ok(ButtonAction::Accept(GameId(REMEMBERED as u64 + 2)))
        );
    }
}
