//! How a core [`Reply`] looks on Discord: content, embed, buttons, files and the allowed
//! mentions, for each of serenity's message builders.

use poise::serenity_prelude as serenity;

use jetan_core::{ButtonStyle, ChannelId, Markup, Reply, Text, UserId};

/// Discord allows 2000 characters of content.
const MAX_CONTENT: usize = 2000;

/// How Discord writes a core text's parts: a user mention as `<@id>`, a channel as
/// `<#id>`, emphasis and code as Discord's Markdown, and words escaped so that nothing
/// in them reads as markup — a tournament's name, a note or a currency a user typed
/// can neither forge a mention (`<@1>` shows as typed) nor turn into emphasis, code,
/// a spoiler, a masked link, a heading, a quote or a list.
struct Discord;

impl Markup for Discord {
    fn user(&self, id: UserId) -> String {
        format!("<@{id}>")
    }
    fn channel(&self, id: ChannelId) -> String {
        format!("<#{id}>")
    }
    fn words(&self, words: &str) -> String {
        escape(words)
    }
}

/// `words` with a backslash before every character Discord's Markdown reads (`\`, `*`,
/// `_`, `~`, `` ` ``, `|`, `<`, `[`, `]`), and before a heading's `#`, a quote's `>` or a
/// list's `-` at the start of a line.
fn escape(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    let mut line_start = true;
    let mut chars = words.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let block = line_start
            && match c {
                '#' | '>' => true,
                '-' => matches!(next, Some(' ' | '#')),
                _ => false,
            };
        if block || matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '<' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
        line_start = c == '\n' || (line_start && c == ' ');
    }
    out
}

/// A core text as Discord writes it ([`Discord`]).
pub(crate) fn discord(text: &Text) -> String {
    text.render_with(&Discord)
}

/// The message text: the embed carries tables, so the content keeps its first line then.
pub(crate) fn content(reply: &Reply) -> String {
    let all = discord(&reply.text);
    let mut text = if reply.embed.is_some() {
        all.lines().next().unwrap_or_default().to_string()
    } else {
        all
    };
    if text.chars().count() > MAX_CONTENT {
        text = text.chars().take(MAX_CONTENT - 10).collect::<String>() + " …";
    }
    text
}

/// Only the users the reply names in `pings` are pinged: never a role, @everyone or
/// @here, whatever the text (display names and the currency are user-supplied).
pub(crate) fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(reply.pings.iter().map(|u| serenity::UserId::new(u.get())))
        .replied_user(false)
}

fn files(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    reply
        .attachments
        .iter()
        .map(|a| serenity::CreateAttachment::bytes(a.bytes.clone(), a.name.clone()))
        .collect()
}

pub(crate) fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let mut rows = Vec::new();
    if let Some(m) = &reply.menu {
        let options = m
            .options
            .iter()
            .take(25)
            .map(|(value, label)| {
                serenity::CreateSelectMenuOption::new(label.clone(), value.clone())
            })
            .collect();
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                m.id.clone(),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(m.placeholder.clone()),
        ));
    }
    if reply.buttons.is_empty() {
        return rows;
    }
    let buttons = reply
        .buttons
        .iter()
        .map(|b| match b.style {
            // A link button opens its address (a web page); it has no custom id.
            ButtonStyle::Link => {
                serenity::CreateButton::new_link(b.id.clone()).label(b.label.clone())
            }
            style => serenity::CreateButton::new(b.id.clone())
                .label(b.label.clone())
                .style(match style {
                    ButtonStyle::Success => serenity::ButtonStyle::Success,
                    ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                    _ => serenity::ButtonStyle::Secondary,
                }),
        })
        .collect();
    rows.push(serenity::CreateActionRow::Buttons(buttons));
    rows
}

fn embeds(reply: &Reply) -> Vec<serenity::CreateEmbed> {
    let Some(e) = &reply.embed else {
        return Vec::new();
    };
    let mut out = serenity::CreateEmbed::new()
        .title(discord(&e.title))
        .colour(0xD9_7A_1E);
    if !e.description.is_empty() {
        out = out.description(discord(&e.description));
    }
    for (name, value) in &e.fields {
        let value = if value.is_empty() {
            "—".to_string()
        } else {
            discord(value)
        };
        out = out.field(discord(name), value, true);
    }
    if let Some(f) = &e.footer {
        out = out.footer(serenity::CreateEmbedFooter::new(discord(f)));
    }
    vec![out]
}

/// Fills one of serenity's message builders from a reply. serenity has a builder per
/// endpoint with the same methods but no common trait, hence this macro: one place says
/// what a reply puts into a message.
macro_rules! fill {
    ($builder:expr, $reply:expr, $files:ident) => {{
        let reply: &Reply = $reply;
        let mut b = $builder
            .content(content(reply))
            .components(components(reply))
            .embeds(embeds(reply))
            .allowed_mentions(mentions(reply));
        for f in files(reply) {
            b = b.$files(f);
        }
        b
    }};
}

/// An interaction's first answer (or a component's message update).
pub(crate) fn response_message(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    fill!(
        serenity::CreateInteractionResponseMessage::new().ephemeral(reply.ephemeral),
        reply,
        add_file
    )
}

/// A follow-up message (a new message after a deferral, or the computer's move).
pub(crate) fn followup(reply: &Reply) -> serenity::CreateInteractionResponseFollowup {
    fill!(
        serenity::CreateInteractionResponseFollowup::new().ephemeral(reply.ephemeral),
        reply,
        add_file
    )
}

/// The edit of a deferred answer ("thinking…") into the reply.
pub(crate) fn edit_response(reply: &Reply) -> serenity::EditInteractionResponse {
    fill!(
        serenity::EditInteractionResponse::new().clear_attachments(),
        reply,
        new_attachment
    )
}

/// A message posted in a channel without an interaction (the computer's move after a
/// restart).
pub(crate) fn channel_message(reply: &Reply) -> serenity::CreateMessage {
    fill!(serenity::CreateMessage::new(), reply, add_file)
}

/// An edit of an earlier message of the bot's (an answered challenge).
pub(crate) fn edit_message(reply: &Reply) -> serenity::EditMessage {
    let b = serenity::EditMessage::new()
        .content(content(reply))
        .components(components(reply))
        .embeds(embeds(reply))
        .allowed_mentions(mentions(reply));
    if reply.attachments.is_empty() {
        b
    } else {
        let mut a = serenity::EditAttachments::new();
        for f in files(reply) {
            a = a.add(f);
        }
        b.attachments(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_core::UserId;

    #[test]
    fn long_text_is_cut_to_discords_limit() {
        let reply = Reply::public("é".repeat(5000));
        assert!(content(&reply).chars().count() <= MAX_CONTENT);
    }

    #[test]
    fn typed_words_stay_words_and_the_cores_parts_are_markdown() {
        // What a user typed, put into a message as words, shows as typed: no mention, no
        // emphasis, no code, no spoiler, no link, no heading or quote.
        for typed in [
            "<@1>",
            "<@&5>",
            "<#7>",
            "@everyone",
            "**bold**",
            "*it*",
            "__u__",
            "~~s~~",
            "`tick`",
            "||spoiler||",
            "[click](https://example.com)",
            "# heading",
            "> quote",
            "- item",
            "a\\b",
        ] {
            let text = Text::words("Note: ").and(typed).and("\n").and(typed);
            let shown = discord(&text);
            let unescaped: String = {
                let mut out = String::new();
                let mut chars = shown.chars();
                while let Some(c) = chars.next() {
                    out.push(if c == '\\' {
                        chars.next().unwrap_or(c)
                    } else {
                        c
                    });
                }
                out
            };
            assert_eq!(unescaped, format!("Note: {typed}\n{typed}"), "{shown}");
            // Every markup character is escaped, and no line starts a block.
            let mut chars = shown.chars().peekable();
            let mut line_start = true;
            while let Some(c) = chars.next() {
                if c == '\\' {
                    chars.next();
                    line_start = false;
                    continue;
                }
                assert!(
                    !"*_~`|<[]".contains(c),
                    "{typed}: {c} unescaped in {shown:?}"
                );
                let next = chars.peek().copied();
                assert!(
                    !(line_start && (c == '#' || c == '>' || (c == '-' && next == Some(' ')))),
                    "{typed}: a line starts a block in {shown:?}"
                );
                line_start = c == '\n';
            }
        }
        // The core's own parts are Discord's Markdown and mentions.
        let text = Text::user(UserId(101))
            .and(" paid ")
            .and(Text::strong("3 coins"))
            .and(" in ")
            .and(Text::channel(ChannelId(7)))
            .and(": ")
            .and(Text::code("a`b"))
            .and(" ")
            .and(Text::strike("Challenge"))
            .and(" ")
            .and(Text::emphasis("diagonal"));
        assert_eq!(
            discord(&text),
            "<@101> paid **3 coins** in <#7>: `` a`b `` ~~Challenge~~ *diagonal*"
        );
        // Words that only look like Markdown in numbers and signs are left alone.
        assert_eq!(
            discord(&Text::words("-3 coins · 1½ · e2-e3 · 38 %")),
            "-3 coins · 1½ · e2-e3 · 38 %"
        );
    }

    #[test]
    fn only_named_users_are_pinged() {
        let reply = Reply::public("<@1> @everyone <@&5>").pinging(UserId(2));
        let json = serde_json::to_value(mentions(&reply)).unwrap();
        assert_eq!(json["parse"], serde_json::json!([]));
        assert_eq!(json["users"], serde_json::json!(["2"]));
        assert_eq!(json["roles"], serde_json::json!([]));
    }
}
