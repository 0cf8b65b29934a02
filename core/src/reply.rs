//! What the bot answers: plain data that the Discord adapter and the console present.
//!
//! # The presentation boundary
//! Reply text is a [`Text`]: words, with typed parts in it — a mention of a user or a
//! channel ([`Part`]) — that each front end presents its own way (the Discord adapter as
//! `<@id>` and `<#id>`, the console as `@name` and `#name`) through [`Text::parts`] or
//! [`Text::render`]. The core writes no Discord mention syntax, and no front end has to
//! parse one back out of the words. Emphasis and code are the message files' own
//! Markdown subset (`**strong**`, `` `code` ``), which Discord and a terminal both read.
use jetan_store::GameId;

use jetan_store::{ChannelId, UserId};

use std::fmt;

/// The mark that starts a typed part in a [`Text`]: then `@` and a user id, or `#` and a
/// channel id, up to the first character that is not a digit. A private-use character,
/// which nothing else the core writes holds.
const MARK: char = '\u{E000}';

/// One part of a [`Text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    /// Words, as they are shown.
    Words(&'a str),
    /// A mention of a user.
    User(UserId),
    /// A mention of a channel.
    Channel(ChannelId),
}

/// Reply text: words with typed parts (mentions) in them, for each front end to present.
/// Reading it as a `str` (it derefs to one) shows a part as `@id` or `#id` after an
/// invisible mark; [`Text::plain`] shows it as `@id` or `#id` alone; a front end presents
/// it with [`Text::parts`] or [`Text::render`].
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Text(String);

impl Text {
    /// A mention of `user`, to write into text.
    pub fn user(id: UserId) -> String {
        format!("{MARK}@{id}")
    }

    /// A mention of `channel`, to write into text.
    pub fn channel(id: ChannelId) -> String {
        format!("{MARK}#{id}")
    }

    /// The parts, in order.
    pub fn parts(&self) -> impl Iterator<Item = Part<'_>> + '_ {
        let mut rest = self.0.as_str();
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            match rest.find(MARK) {
                Some(0) => {
                    let after = &rest[MARK.len_utf8()..];
                    let kind = after.chars().next();
                    let body = &after[kind.map_or(0, char::len_utf8)..];
                    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
                    let id = body[..digits].parse::<u64>().ok();
                    let part = match (kind, id) {
                        (Some('@'), Some(id)) => Part::User(UserId(id)),
                        (Some('#'), Some(id)) => Part::Channel(ChannelId(id)),
                        // A mark without a part (never written by the core): skipped.
                        _ => {
                            rest = after;
                            return Some(Part::Words(""));
                        }
                    };
                    rest = &body[digits..];
                    Some(part)
                }
                Some(at) => {
                    let (words, tail) = rest.split_at(at);
                    rest = tail;
                    Some(Part::Words(words))
                }
                None => {
                    let words = rest;
                    rest = "";
                    Some(Part::Words(words))
                }
            }
        })
        .filter(|p| *p != Part::Words(""))
    }

    /// The text with each user mention written by `user` and each channel mention by
    /// `channel`.
    pub fn render(
        &self,
        user: impl Fn(UserId) -> String,
        channel: impl Fn(ChannelId) -> String,
    ) -> String {
        let mut out = String::with_capacity(self.0.len());
        for part in self.parts() {
            match part {
                Part::Words(w) => out.push_str(w),
                Part::User(id) => out.push_str(&user(id)),
                Part::Channel(id) => out.push_str(&channel(id)),
            }
        }
        out
    }

    /// The text with mentions as `@id` and `#id`, for logs and tests (a front end
    /// presents them its own way, with [`Text::render`]). There is deliberately no
    /// `Display`: formatting a text into other words would lose its parts.
    pub fn plain(&self) -> String {
        self.render(|id| format!("@{id}"), |id| format!("#{id}"))
    }

    /// The users the text mentions, in order, each once.
    pub fn users(&self) -> Vec<UserId> {
        let mut out = Vec::new();
        for p in self.parts() {
            if let Part::User(id) = p {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }

    /// Appends text in the core's encoding.
    pub(crate) fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }

    /// Appends a character.
    pub(crate) fn push(&mut self, c: char) {
        self.0.push(c);
    }

    /// The text in the core's encoding, owned (to join with other text).
    pub(crate) fn to_owned_encoded(&self) -> String {
        self.0.clone()
    }

    /// Puts `s` (in the core's encoding) and a line break before the text.
    pub(crate) fn prepend_line(&mut self, s: &str) {
        self.0 = format!("{s}\n{}", self.0);
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.plain(), f)
    }
}

impl From<String> for Text {
    /// The core's own words (mentions written with [`Text::user`]).
    fn from(s: String) -> Text {
        Text(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(s.to_string())
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
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

    /// Adds a button.
    #[must_use]
    pub fn with_button(mut self, id: String, label: &str, style: ButtonStyle) -> Reply {
        self.buttons.push(Button {
            id,
            label: label.to_string(),
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
        let t = Text::from(format!(
            "{} paid {} in {}: **3 coins**.",
            Text::user(UserId(101)),
            Text::user(UserId(102)),
            Text::channel(ChannelId(7))
        ));
        assert_eq!(
            t.parts().collect::<Vec<_>>(),
            vec![
                Part::User(UserId(101)),
                Part::Words(" paid "),
                Part::User(UserId(102)),
                Part::Words(" in "),
                Part::Channel(ChannelId(7)),
                Part::Words(": **3 coins**."),
            ]
        );
        assert_eq!(
            t.render(|id| format!("<@{id}>"), |id| format!("<#{id}>")),
            "<@101> paid <@102> in <#7>: **3 coins**."
        );
        assert_eq!(t.plain(), "@101 paid @102 in #7: **3 coins**.");
        assert_eq!(t.users(), vec![UserId(101), UserId(102)]);
        // Words that look like Discord's mentions are words, not mentions.
        let typed = Text::from("<@1> @everyone");
        assert_eq!(
            typed.parts().collect::<Vec<_>>(),
            vec![Part::Words("<@1> @everyone")]
        );
        assert!(typed.users().is_empty());
        // A stray mark (never written by the core) is dropped, not read as a mention.
        let stray = Text::from(format!("a{MARK}b{MARK}@x"));
        assert_eq!(stray.plain(), "ab@x");
    }
}
