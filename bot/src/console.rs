//! The offline console: one command per line on standard input, replies on standard output,
//! through the same command core as Discord.
//!
//! ```text
//! #general @alice challenge opponent:@bob stake:50 piece_price:1 first:me
//! #general @bob accept
//! #general @alice /jetan move from:e2 to:e3
//! #general @bob click jetan:accept:12     (press a button by its id)
//! #general @bob choose jetan:card:12 AS   (choose in a select menu by its id)
//! :advance 20m                            (move the console's clock forward)
//! ```
//!
//! `#channel` and `@user` name the context; when omitted, the previous line's are used.
//! `@jetan` is the bot itself (challenge it for a practice game). Options are `name:value`;
//! quote values with spaces (`currency:"gold pieces"`). Lines starting with `//` are
//! comments. A console user is a server manager (may use `admin …`) unless written
//! `@bob!member`; `@carol:es` acts with Discord locale `es` (her private answers are in
//! Spanish; `admin settings language:es` puts the server's public messages in Spanish).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use jetan_rules::{Topology, Variant};

use jetan_core::{
    AdminCommand, ButtonAction, ChallengeArgs, Command, Core, FirstMover, GameKind, MartianCommand,
    MessageEdit, Reply, Request, SettingsArgs, UserRef,
};

/// The server id every console command runs in.
pub const CONSOLE_GUILD: u64 = 1;
/// The bot's user name in the console.
pub const BOT_NAME: &str = "jetan";

/// A stable id for a console name (FNV-1a, never 0, top bit clear like Discord snowflakes).
pub fn id_of(name: &str) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(name.to_lowercase().as_bytes());
    (h.finish() >> 1).max(2)
}

/// The console's bot user.
pub fn bot_user() -> UserRef {
    UserRef {
        id: id_of(BOT_NAME),
        name: BOT_NAME.into(),
        bot: true,
    }
}

/// A line the console understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Nothing to do (blank or comment).
    Empty,
    /// Move the clock forward by this many milliseconds.
    Advance(u64),
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
    names: HashMap<u64, String>,
    channels: HashMap<u64, String>,
    files: usize,
    request_seed: u64,
    /// The ids given to posted messages (challenges, draw offers), to show their edits.
    messages: u64,
}

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

/// `first:` as typed: me, opponent or random (relative to the challenger).
fn parse_first(text: &str) -> Result<FirstMover, String> {
    match text.to_ascii_lowercase().as_str() {
        "me" => Ok(FirstMover::Challenger),
        "opponent" => Ok(FirstMover::Challenged),
        "random" => Ok(FirstMover::Random),
        _ => Err(format!(
            "`{text}` is not a choice for first: write me, opponent or random"
        )),
    }
}

/// Splits a line into words; double quotes group (`currency:"gold pieces"`). Hand-written
/// rather than `shlex`: a shell treats `#` as the start of a comment, and here `#general`
/// names a channel.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
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
        self.names.insert(id, name.to_string());
        UserRef::new(id, name)
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
        let mut opts: HashMap<String, String> = HashMap::new();
        let mut positional = Vec::new();
        for o in options {
            match o.split_once(':') {
                Some((k, v))
                    if !k.is_empty()
                        && !name.eq_ignore_ascii_case("click")
                        && !name.eq_ignore_ascii_case("choose") =>
                {
                    if opts.insert(k.to_lowercase(), v.to_string()).is_some() {
                        return Err(format!("the option `{k}` is given twice"));
                    }
                }
                _ => positional.push(o.clone()),
            }
        }
        let command = self.command(&name.to_lowercase(), &mut opts, &positional)?;
        if let Some(k) = opts.keys().next() {
            return Err(format!("`{name}` has no option `{k}`"));
        }
        Ok(Line::Command {
            channel,
            user,
            command: Box::new(command),
        })
    }

    fn command(
        &mut self,
        name: &str,
        o: &mut HashMap<String, String>,
        positional: &[String],
    ) -> Result<Command, String> {
        fn int(o: &mut HashMap<String, String>, k: &str) -> Result<Option<i64>, String> {
            o.remove(k)
                .map(|v| {
                    v.parse::<i64>()
                        .map_err(|_| format!("{k} must be a whole number, not `{v}`"))
                })
                .transpose()
        }
        let text = |o: &mut HashMap<String, String>, k: &str| o.remove(k);
        let words = match name {
            "click" | "admin" => 1,
            "choose" => 2,
            _ => 0,
        };
        if positional.len() > words {
            return Err(format!(
                "write options as name:value (`{}` is not)",
                positional[0]
            ));
        }
        Ok(match name {
            "challenge" => {
                let opponent = text(o, "opponent").ok_or("challenge needs opponent:@name")?;
                let opponent = self.user_ref(&opponent);
                let args = ChallengeArgs {
                    game: text(o, "game")
                        .map(|g| match g.to_ascii_lowercase().as_str() {
                            "jetan" => Ok(GameKind::Jetan),
                            "martian-chess" | "martian" => Ok(GameKind::MartianChess),
                            _ => Err(format!("`{g}` is not a game: write jetan or martian-chess")),
                        })
                        .transpose()?,
                    stake: int(o, "stake")?,
                    piece_price: int(o, "piece_price")?,
                    first: text(o, "first").map(|f| parse_first(&f)).transpose()?,
                    variant: text(o, "variant")
                        .map(|v| v.parse::<Variant>())
                        .transpose()?,
                    board: text(o, "board")
                        .map(|b| match b.to_ascii_lowercase().as_str() {
                            "flat" => Ok(Topology::Flat),
                            "circular" => Ok(Topology::Circular),
                            _ => Err(format!("`{b}` is not a board: write flat or circular")),
                        })
                        .transpose()?,
                    move_time: int(o, "move_time")?,
                    level: int(o, "level")?,
                };
                Command::Challenge { opponent, args }
            }
            "accept" => Command::Accept,
            "decline" => Command::Decline,
            "cancel" => Command::Cancel,
            "move" => Command::Move {
                from: text(o, "from"),
                to: text(o, "to"),
                notation: text(o, "notation"),
            },
            "board" => Command::Board,
            "moves" => Command::Moves {
                square: text(o, "square").ok_or("moves needs square:e2")?,
            },
            "resign" => Command::Resign,
            "draw" => Command::Draw,
            "claim" => Command::Claim,
            "rematch" => Command::Rematch {
                first: text(o, "first").map(|f| parse_first(&f)).transpose()?,
            },
            "replay" => Command::Replay {
                game: text(o, "game"),
            },
            "wallet" => Command::Wallet {
                user: text(o, "user").map(|u| self.user_ref(&u)),
            },
            "standings" => Command::Standings {
                page: int(o, "page")?,
            },
            "daily" => Command::Daily,
            "history" => Command::History {
                user: text(o, "user").map(|u| self.user_ref(&u)),
            },
            "rules" => Command::Rules,
            "settings" => Command::Settings,
            "drop" => Command::Martian(MartianCommand::Drop {
                piece: text(o, "piece").ok_or("drop needs piece:N and square:e4")?,
                square: text(o, "square").ok_or("drop needs piece:N and square:e4")?,
            }),
            "exchange" => Command::Martian(MartianCommand::Exchange {
                piece: text(o, "piece").ok_or("exchange needs piece:N")?,
            }),
            "discard" => Command::Martian(MartianCommand::Discard {
                card: text(o, "card"),
            }),
            "end" => Command::Martian(MartianCommand::End),
            "hand" => Command::Martian(MartianCommand::Hand),
            "card" => Command::Martian(MartianCommand::Card {
                card: text(o, "card"),
            }),
            "choose" => {
                let (Some(id), Some(value)) = (positional.first(), positional.get(1)) else {
                    return Err(
                        "choose needs a menu id and a value, like choose jetan:card:12 AS".into(),
                    );
                };
                Command::Choose {
                    menu: ButtonAction::parse(id)
                        .ok_or_else(|| format!("`{id}` is not a menu id"))?,
                    value: value.clone(),
                }
            }
            "admin" => {
                let sub = positional
                    .first()
                    .ok_or("admin needs a tool: abort, grant, take or settings")?;
                match sub.to_lowercase().as_str() {
                    "abort" => Command::Admin(AdminCommand::Abort {
                        reason: text(o, "reason"),
                    }),
                    "grant" | "take" => {
                        let user = text(o, "user").ok_or("name the player: user:@bob")?;
                        let user = self.user_ref(&user);
                        let amount = int(o, "amount")?.ok_or("say how much: amount:50")?;
                        let reason = text(o, "reason").ok_or("give a reason: reason:\"why\"")?;
                        if sub.eq_ignore_ascii_case("grant") {
                            Command::Admin(AdminCommand::Grant {
                                user,
                                amount,
                                reason,
                            })
                        } else {
                            Command::Admin(AdminCommand::Take {
                                user,
                                amount,
                                reason,
                            })
                        }
                    }
                    "settings" => {
                        let mut channel = |o: &mut HashMap<String, String>, k: &str| {
                            text(o, k).map(|c| {
                                let c = c.trim_start_matches('#').to_string();
                                let id = id_of(&c);
                                self.channels.insert(id, c);
                                id
                            })
                        };
                        let allow_channel = channel(o, "allow_channel");
                        let disallow_channel = channel(o, "disallow_channel");
                        Command::Admin(AdminCommand::Settings(SettingsArgs {
                            starting_grant: int(o, "starting_grant")?,
                            daily_allowance: int(o, "daily_allowance")?,
                            currency: text(o, "currency"),
                            piece_price: int(o, "piece_price")?,
                            stake: int(o, "stake")?,
                            challenge_expiry: int(o, "challenge_expiry")?,
                            move_time: int(o, "move_time")?,
                            allow_channel,
                            disallow_channel,
                            language: text(o, "language"),
                        }))
                    }
                    other => {
                        return Err(format!(
                            "there is no admin tool `{other}`: abort, grant, take or settings"
                        ))
                    }
                }
            }
            "click" => {
                let id = positional
                    .first()
                    .ok_or("click needs a button id, like click jetan:accept:12")?;
                Command::Button(
                    ButtonAction::parse(id).ok_or_else(|| format!("`{id}` is not a button id"))?,
                )
            }
            other => {
                return Err(format!(
                    "there is no command `{other}`; try `rules` for help"
                ))
            }
        })
    }

    /// Replaces every `<@id>` with `@name` (the names typed in this session, else the
    /// display names the data directory keeps) and `<#id>` with `#name`.
    fn readable(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find('<') {
            out.push_str(&rest[..at]);
            let tail = &rest[at..];
            let mention = tail.find('>').and_then(|end| {
                let inner = &tail[1..end];
                let (kind, digits) = match inner.strip_prefix('@') {
                    Some(d) => ('@', d.strip_prefix('!').unwrap_or(d)),
                    None => ('#', inner.strip_prefix('#')?),
                };
                let id: u64 = digits.parse().ok()?;
                let name = if kind == '@' {
                    self.names
                        .get(&id)
                        .cloned()
                        .or_else(|| self.core.store().display_name(id))?
                } else {
                    self.channels.get(&id)?.clone()
                };
                Some((format!("{kind}{name}"), end + 1))
            });
            match mention {
                Some((name, len)) => {
                    out.push_str(&name);
                    rest = &tail[len..];
                }
                None => {
                    out.push('<');
                    rest = &tail[1..];
                }
            }
        }
        out.push_str(rest);
        out
    }

    fn print_edits(&mut self, w: &mut impl Write, edits: &[MessageEdit]) -> std::io::Result<()> {
        for e in edits {
            writeln!(w, "--- message {} is edited", e.message)?;
            writeln!(w, "{}", self.readable(&e.reply.text))?;
        }
        Ok(())
    }

    fn print(&mut self, w: &mut impl Write, reply: &Reply, to: &str) -> std::io::Result<()> {
        let mark = if reply.ephemeral { " [ephemeral]" } else { "" };
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
            writeln!(w, "[button] {} → click {}", b.label, b.id)?;
        }
        if let Some(m) = &reply.menu {
            let values: Vec<&str> = m.options.iter().map(|(v, _)| v.as_str()).collect();
            writeln!(
                w,
                "[menu] {} → choose {} <{}>",
                m.placeholder,
                m.id,
                values.join("|")
            )?;
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
            Ok(Line::Advance(ms)) => {
                self.offset_ms = self.offset_ms.saturating_add(ms);
                writeln!(w, "--- the clock moves forward {} s", ms / 1000)?;
                // The bot's once-a-minute upkeep, as `serve` runs it.
                let sweep = self.core.sweep(self.now());
                for (channel, reply) in &sweep.posts {
                    let name = self.channels.get(channel).cloned().unwrap_or_default();
                    self.print(w, reply, &format!("#{name}"))?;
                }
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
                self.channels.insert(channel_id, channel.clone());
                let who = Speaker::parse(&user);
                let user = self.user_ref(who.name);
                let req = Request {
                    guild: CONSOLE_GUILD,
                    channel: channel_id,
                    user: user.clone(),
                    manager: !who.member,
                    locale: who.locale.to_string(),
                    guild_locale: None,
                    id: self.request_seed >> 1,
                    now: self.now(),
                    command: *command,
                };
                let response = self.core.handle(req);
                self.print(w, &response.reply, &format!("@{}", user.name))?;
                if let (Some(shown), false) = (response.shows, response.reply.ephemeral) {
                    self.messages += 1;
                    self.core.remember_message(shown, channel_id, self.messages);
                }
                self.print_edits(w, &response.edits)?;
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
                    if let Some(r) = self.core.computer_turn(CONSOLE_GUILD, ch, now) {
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

/// The default folder for console attachments.
pub fn default_out_dir() -> &'static Path {
    Path::new("./jetan-console-out")
}
