//! What the bot answers: plain data that the Discord adapter and the console present.
//!
//! # The presentation boundary
//! Reply text is a [`Text`]: a sequence of typed parts ([`Span`]) — words, a mention of
//! a user or a channel, strong or emphasised text, struck-out text, code, a link — held
//! as data. Each front end presents the parts its own way through [`Text::render_with`]
//! and a [`Markup`] of its own: the Discord adapter writes mentions as `<@id>` and
//! `<#id>`, emphasis as Discord's Markdown, and escapes the words so that nothing in them
//! reads as markup; the console writes `@name` and `#name`; a web page would write HTML.
//! The core writes no Discord syntax, and no front end parses one back out of the words.
//!
//! Words are words: whatever a user typed (a tournament's name, a reason, a note) stays
//! [`Span::Words`] wherever it is put, so it can neither forge a mention nor turn into
//! emphasis. The message files' emphasis (`**strong**`, `*emphasis*`, `~~struck~~`,
//! `` `code` ``) is read into spans by [`Lang::text`](crate::Lang::text), which is the
//! only place that reads Markdown.
use jetan_store::GameId;

use jetan_store::{ChannelId, UserId};

use std::fmt;

/// One part of a [`Text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    /// Words, as they are shown: never read as markup.
    Words(String),
    /// A mention of a user.
    User(UserId),
    /// A mention of a channel.
    Channel(ChannelId),
    /// Strong text (bold).
    Strong(Text),
    /// Emphasised text (italics).
    Emphasis(Text),
    /// Struck-out text (an answered challenge).
    Strike(Text),
    /// Code: a command, a move as typed, an id.
    Code(String),
    /// A link.
    Link {
        /// The words shown.
        label: String,
        /// Where it leads.
        url: String,
    },
}

/// How a front end writes each kind of [`Span`] (see [`Text::render_with`]). The
/// defaults write Markdown's markers around the parts and the words as they are.
pub trait Markup {
    /// A mention of a user.
    fn user(&self, id: UserId) -> String;
    /// A mention of a channel.
    fn channel(&self, id: ChannelId) -> String;
    /// Words.
    fn words(&self, words: &str) -> String {
        words.to_string()
    }
    /// Strong text, already written.
    fn strong(&self, inner: String) -> String {
        format!("**{inner}**")
    }
    /// Emphasised text, already written.
    fn emphasis(&self, inner: String) -> String {
        format!("*{inner}*")
    }
    /// Struck-out text, already written.
    fn strike(&self, inner: String) -> String {
        format!("~~{inner}~~")
    }
    /// Code.
    fn code(&self, code: &str) -> String {
        markdown_code(code)
    }
    /// A link.
    fn link(&self, label: &str, url: &str) -> String {
        format!("[{}](<{url}>)", self.words(label))
    }
}

/// Code in Markdown: between as many backticks as it needs (one more than the longest run
/// of backticks inside), with a space inside the fence when the code starts or ends with
/// one.
pub fn markdown_code(code: &str) -> String {
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if longest > 0 {
        format!("{fence} {code} {fence}")
    } else {
        format!("{fence}{code}{fence}")
    }
}

/// Markdown with mentions written by two functions (see [`Text::render`]).
struct Markdown<U, C> {
    user: U,
    channel: C,
}

impl<U: Fn(UserId) -> String, C: Fn(ChannelId) -> String> Markup for Markdown<U, C> {
    fn user(&self, id: UserId) -> String {
        (self.user)(id)
    }
    fn channel(&self, id: ChannelId) -> String {
        (self.channel)(id)
    }
}

/// Every part as its bare words (see [`Text::unmarked`]).
struct Unmarked;

impl Markup for Unmarked {
    fn user(&self, id: UserId) -> String {
        format!("@{id}")
    }
    fn channel(&self, id: ChannelId) -> String {
        format!("#{id}")
    }
    fn strong(&self, inner: String) -> String {
        inner
    }
    fn emphasis(&self, inner: String) -> String {
        inner
    }
    fn strike(&self, inner: String) -> String {
        inner
    }
    fn code(&self, code: &str) -> String {
        code.to_string()
    }
    fn link(&self, label: &str, url: &str) -> String {
        format!("{label} ({url})")
    }
}

/// Reply text: a sequence of typed parts ([`Span`]) for each front end to present.
/// Adjacent words are kept as one part and empty words are dropped, so two texts that
/// read the same are equal.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Text(Vec<Span>);

impl Text {
    /// No text.
    pub fn new() -> Text {
        Text(Vec::new())
    }

    /// Words, as they are: never read as markup or mentions.
    pub fn words(words: impl Into<String>) -> Text {
        let mut t = Text::new();
        t.push_span(Span::Words(words.into()));
        t
    }

    /// A mention of `user`.
    pub fn user(id: UserId) -> Text {
        Text(vec![Span::User(id)])
    }

    /// A mention of `channel`.
    pub fn channel(id: ChannelId) -> Text {
        Text(vec![Span::Channel(id)])
    }

    /// `inner`, strong.
    pub fn strong(inner: impl Into<Text>) -> Text {
        Text::wrap(inner.into(), Span::Strong)
    }

    /// `inner`, emphasised.
    pub fn emphasis(inner: impl Into<Text>) -> Text {
        Text::wrap(inner.into(), Span::Emphasis)
    }

    /// `inner`, struck out.
    pub fn strike(inner: impl Into<Text>) -> Text {
        Text::wrap(inner.into(), Span::Strike)
    }

    fn wrap(inner: Text, span: fn(Text) -> Span) -> Text {
        if inner.is_empty() {
            inner
        } else {
            Text(vec![span(inner)])
        }
    }

    /// Code.
    pub fn code(code: impl Into<String>) -> Text {
        Text(vec![Span::Code(code.into())])
    }

    /// A link.
    pub fn link(label: impl Into<String>, url: impl Into<String>) -> Text {
        Text(vec![Span::Link {
            label: label.into(),
            url: url.into(),
        }])
    }

    /// The items one after the other with `separator` between them.
    pub fn join<T: Into<Text>>(items: impl IntoIterator<Item = T>, separator: &str) -> Text {
        let mut out = Text::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                out.push_span(Span::Words(separator.to_string()));
            }
            out.push(item);
        }
        out
    }

    /// The text with `more` after it.
    #[must_use]
    pub fn and(mut self, more: impl Into<Text>) -> Text {
        self.push(more);
        self
    }

    /// Appends `more`.
    pub fn push(&mut self, more: impl Into<Text>) {
        for span in more.into().0 {
            self.push_span(span);
        }
    }

    /// Appends a line break and `line`.
    pub fn line(&mut self, line: impl Into<Text>) {
        self.push_span(Span::Words("\n".to_string()));
        self.push(line);
    }

    /// Puts `line` and a line break before the text.
    pub fn prepend_line(&mut self, line: impl Into<Text>) {
        let mut head = line.into();
        head.line(std::mem::take(self));
        *self = head;
    }

    /// Appends one part (merging words with the words before).
    pub fn push_span(&mut self, span: Span) {
        match span {
            Span::Words(w) if w.is_empty() => {}
            Span::Words(w) => match self.0.last_mut() {
                Some(Span::Words(last)) => last.push_str(&w),
                _ => self.0.push(Span::Words(w)),
            },
            other => self.0.push(other),
        }
    }

    /// Whether there is no part.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The parts, in order.
    pub fn spans(&self) -> &[Span] {
        &self.0
    }

    /// The parts, in order.
    pub fn parts(&self) -> impl Iterator<Item = &Span> + '_ {
        self.0.iter()
    }

    /// The text without white space at its start and end.
    #[must_use]
    pub fn trimmed(mut self) -> Text {
        if let Some(Span::Words(w)) = self.0.first_mut() {
            *w = w.trim_start().to_string();
        }
        if let Some(Span::Words(w)) = self.0.last_mut() {
            *w = w.trim_end().to_string();
        }
        self.0
            .retain(|s| !matches!(s, Span::Words(w) if w.is_empty()));
        self
    }

    /// The text with its first letter in upper case (when it starts with words).
    #[must_use]
    pub fn capitalised(mut self) -> Text {
        if let Some(Span::Words(w)) = self.0.first_mut() {
            let mut chars = w.chars();
            if let Some(first) = chars.next() {
                *w = first.to_uppercase().collect::<String>() + chars.as_str();
            }
        }
        self
    }

    /// The text as a front end writes it: each part by `markup`.
    pub fn render_with(&self, markup: &(impl Markup + ?Sized)) -> String {
        let mut out = String::new();
        for span in &self.0 {
            match span {
                Span::Words(w) => out.push_str(&markup.words(w)),
                Span::User(id) => out.push_str(&markup.user(*id)),
                Span::Channel(id) => out.push_str(&markup.channel(*id)),
                Span::Strong(t) => out.push_str(&markup.strong(t.render_with(markup))),
                Span::Emphasis(t) => out.push_str(&markup.emphasis(t.render_with(markup))),
                Span::Strike(t) => out.push_str(&markup.strike(t.render_with(markup))),
                Span::Code(c) => out.push_str(&markup.code(c)),
                Span::Link { label, url } => out.push_str(&markup.link(label, url)),
            }
        }
        out
    }

    /// The text as Markdown, with each user mention written by `user` and each channel
    /// mention by `channel`, and the words as they are.
    pub fn render(
        &self,
        user: impl Fn(UserId) -> String,
        channel: impl Fn(ChannelId) -> String,
    ) -> String {
        self.render_with(&Markdown { user, channel })
    }

    /// The text as Markdown with mentions as `@id` and `#id`, for logs and tests (a front
    /// end presents them its own way, with [`Text::render_with`]). There is deliberately
    /// no `Display`: formatting a text into other words would lose its parts.
    pub fn plain(&self) -> String {
        self.render(|id| format!("@{id}"), |id| format!("#{id}"))
    }

    /// The text's lines: split at the line breaks of its words (a line break inside a
    /// strong or emphasised part stays in that part's line).
    pub fn lines(&self) -> Vec<Text> {
        let mut out = vec![Text::new()];
        for span in &self.0 {
            match span {
                Span::Words(w) => {
                    let mut pieces = w.split('\n');
                    if let Some(first) = pieces.next() {
                        if !first.is_empty() {
                            if let Some(l) = out.last_mut() {
                                l.push_span(Span::Words(first.into()))
                            }
                        }
                    }
                    for piece in pieces {
                        let mut line = Text::new();
                        if !piece.is_empty() {
                            line.push_span(Span::Words(piece.into()));
                        }
                        out.push(line);
                    }
                }
                other => {
                    if let Some(l) = out.last_mut() {
                        l.push_span(other.clone());
                    }
                }
            }
        }
        out
    }

    /// The text's bare words, without markup (mentions as `@id` and `#id`): for where
    /// nothing is marked up — a file name, a button's label, a picture.
    pub fn unmarked(&self) -> String {
        self.render_with(&Unmarked)
    }

    /// The users the text mentions, in order, each once.
    pub fn users(&self) -> Vec<UserId> {
        fn walk(t: &Text, out: &mut Vec<UserId>) {
            for span in &t.0 {
                match span {
                    Span::User(id) if !out.contains(id) => out.push(*id),
                    Span::Strong(t) | Span::Emphasis(t) | Span::Strike(t) => walk(t, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(self, &mut out);
        out
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.plain(), f)
    }
}

impl From<String> for Text {
    /// Words ([`Text::words`]): never read as markup or mentions.
    fn from(s: String) -> Text {
        Text::words(s)
    }
}

impl From<&String> for Text {
    /// Words ([`Text::words`]).
    fn from(s: &String) -> Text {
        Text::words(s.as_str())
    }
}

impl From<&str> for Text {
    /// Words ([`Text::words`]).
    fn from(s: &str) -> Text {
        Text::words(s)
    }
}

impl From<&Text> for Text {
    fn from(t: &Text) -> Text {
        t.clone()
    }
}

impl From<Span> for Text {
    fn from(span: Span) -> Text {
        let mut t = Text::new();
        t.push_span(span);
        t
    }
}

impl PartialEq<str> for Text {
    /// Whether the text reads `other` ([`Text::plain`]).
    fn eq(&self, other: &str) -> bool {
        self.plain() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.plain() == *other
    }
}
/// A file sent with a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// File name, e.g. `board.png`.
    pub name: String,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// The look of a button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    /// Green.
    Success,
    /// Red.
    Danger,
    /// Grey.
    Secondary,
    /// A link: the button's `id` is the address it opens (a web page), not a custom id.
    Link,
}

/// A button under a reply. Its id encodes what it acts on, so it still works after a restart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// The custom id (see [`ButtonAction`](super::buttons::ButtonAction)).
    pub id: String,
    /// The label.
    pub label: String,
    /// The colour.
    pub style: ButtonStyle,
}

/// A select menu under a reply (a game's private menus, such as battle cards).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    /// The custom id (see [`ButtonAction`](super::buttons::ButtonAction)).
    pub id: String,
    /// The text shown before a choice.
    pub placeholder: String,
    /// The options: (value, label), at most 25.
    pub options: Vec<(String, String)>,
}

/// A rich block of text (a Discord embed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Embed {
    /// The title.
    pub title: Text,
    /// The body.
    pub description: Text,
    /// Named fields, shown in order.
    pub fields: Vec<(Text, Text)>,
    /// The small print.
    pub footer: Option<Text>,
}

/// A reply to one request.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reply {
    /// The message text.
    pub text: Text,
    /// Seen only by the user who asked.
    pub ephemeral: bool,
    /// Pictures: the board PNG, a replay GIF.
    pub attachments: Vec<Attachment>,
    /// Buttons.
    pub buttons: Vec<Button>,
    /// A select menu.
    pub menu: Option<Menu>,
    /// An embed, for tables such as the standings.
    pub embed: Option<Embed>,
    /// Whether this reply should replace the message the pressed button belongs to
    /// (e.g. to remove Accept/Decline buttons once answered) rather than post a new one.
    pub update_message: bool,
    /// The users this message may ping (a move pings the player now to move, a challenge
    /// the challenged player). Every other mention in the text — users, roles, @everyone,
    /// @here — is shown but pings nobody.
    pub pings: Vec<UserId>,
    /// Pin the message once it is posted (a tournament's final standings). The front end
    /// pins it where it can; a pin refused (no Manage Messages, the channel's 50 pins)
    /// is logged and the message stays.
    pub pin: bool,
}

impl Reply {
    /// A public text reply.
    pub fn public(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A reply only the asker sees.
    pub fn ephemeral(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// Adds an attachment.
    #[must_use]
    pub fn with_file(mut self, name: &str, bytes: Vec<u8>) -> Reply {
        self.attachments.push(Attachment {
            name: name.to_string(),
            bytes,
        });
        self
    }

    /// Lets this message ping `user`.
    #[must_use]
    pub fn pinging(mut self, user: UserId) -> Reply {
        if !self.pings.contains(&user) {
            self.pings.push(user);
        }
        self
    }

    /// Asks the front end to pin the message once posted.
    #[must_use]
    pub fn pinned(mut self) -> Reply {
        self.pin = true;
        self
    }

    /// Adds a button (its label shows no markup: its bare words).
    #[must_use]
    pub fn with_button(mut self, id: String, label: impl Into<Text>, style: ButtonStyle) -> Reply {
        self.buttons.push(Button {
            id,
            label: label.into().unmarked(),
            style,
        });
        self
    }
}

/// An earlier message of the bot's to change: a challenge or a draw offer that has been
/// answered or has expired loses its buttons and says what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageEdit {
    /// The channel of the message.
    pub channel: ChannelId,
    /// The message.
    pub message: u64,
    /// Its new text (buttons and pings are taken from here too: usually none).
    pub reply: Reply,
}

/// What a posted message shows, so that the core can edit it later
/// ([`Core::remember_message`](crate::Core::remember_message)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The challenge with this id.
    Challenge(GameId),
    /// The draw offer in the game with this id.
    DrawOffer(GameId),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_parts_are_typed_and_each_front_end_presents_them() {
        let t = Text::user(UserId(101))
            .and(" paid ")
            .and(Text::user(UserId(102)))
            .and(" in ")
            .and(Text::channel(ChannelId(7)))
            .and(": ")
            .and(Text::strong("3 coins"))
            .and(".");
        assert_eq!(
            t.spans(),
            [
                Span::User(UserId(101)),
                Span::Words(" paid ".into()),
                Span::User(UserId(102)),
                Span::Words(" in ".into()),
                Span::Channel(ChannelId(7)),
                Span::Words(": ".into()),
                Span::Strong(Text::words("3 coins")),
                Span::Words(".".into()),
            ]
        );
        assert_eq!(
            t.render(|id| format!("<@{id}>"), |id| format!("<#{id}>")),
            "<@101> paid <@102> in <#7>: **3 coins**."
        );
        assert_eq!(t.plain(), "@101 paid @102 in #7: **3 coins**.");
        assert_eq!(t.unmarked(), "@101 paid @102 in #7: 3 coins.");
        assert_eq!(t.users(), vec![UserId(101), UserId(102)]);
        // Words that look like Discord's mentions are words, not mentions.
        let typed = Text::words("<@1> @everyone");
        assert_eq!(typed.spans(), [Span::Words("<@1> @everyone".into())]);
        assert!(typed.users().is_empty());
    }

    #[test]
    fn words_are_merged_and_empty_parts_dropped() {
        let mut t = Text::words("a");
        t.push("");
        t.push(Text::strong(""));
        t.push("b");
        t.line("c");
        assert_eq!(t.spans(), [Span::Words("ab\nc".into())]);
        let mut head = Text::words("x");
        head.prepend_line(Text::user(UserId(1)));
        assert_eq!(head.plain(), "@1\nx");
        assert_eq!(
            Text::join([Text::user(UserId(1)), Text::user(UserId(2))], ", ").plain(),
            "@1, @2"
        );
        assert_eq!(
            Text::words("it is")
                .and(Text::user(UserId(3)))
                .capitalised()
                .plain(),
            "It is@3"
        );
    }

    #[test]
    fn code_takes_the_fence_it_needs() {
        assert_eq!(markdown_code("e2-e3"), "`e2-e3`");
        assert_eq!(markdown_code("a`b"), "`` a`b ``");
        assert_eq!(Text::code("x``y").plain(), "``` x``y ```");
    }
}
