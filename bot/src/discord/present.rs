//! How a core [`Reply`] looks on Discord: content, embed, buttons, files and the allowed
//! mentions, for each of serenity's message builders.

use poise::serenity_prelude as serenity;

use jetan_core::{ButtonStyle, Reply, Text};

/// Discord allows 2000 characters of content.
const MAX_CONTENT: usize = 2000;

/// A core text as Discord writes it: a user mention as `<@id>`, a channel as `<#id>`.
pub(crate) fn discord(text: &Text) -> String {
    text.render(|id| format!("<@{id}>"), |id| format!("<#{id}>"))
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
    fn only_named_users_are_pinged() {
        let reply = Reply::public("<@1> @everyone <@&5>").pinging(UserId(2));
        let json = serde_json::to_value(mentions(&reply)).unwrap();
        assert_eq!(json["parse"], serde_json::json!([]));
        assert_eq!(json["users"], serde_json::json!(["2"]));
        assert_eq!(json["roles"], serde_json::json!([]));
    }
}
