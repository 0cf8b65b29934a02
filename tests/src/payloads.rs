//! Discord JSON objects as Discord documents them, shaped so that serenity 0.12 deserializes
//! them (every field serenity requires is present; snowflakes are strings).

use serde_json::{json, Value};

/// Permissions given to every member and to the bot in the fake guild (all text permissions).
pub(crate) const ALL_PERMISSIONS: &str = "2251799813685247";
/// [`ALL_PERMISSIONS`] without Administrator (`1 << 3`) and Manage Server (`1 << 5`).
pub(crate) const WITHOUT_MANAGE_SERVER: &str = "2251799813685207";
/// Discord's `EPHEMERAL` message flag.
pub const FLAG_EPHEMERAL: u64 = 1 << 6;
/// Discord's `LOADING` message flag: a deferred response that has not been edited yet.
pub const FLAG_LOADING: u64 = 1 << 7;
/// A fixed timestamp: the fake has no clock of its own that tests would depend on.
pub(crate) const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

/// A Discord user as the fake knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserInfo {
    /// Snowflake.
    pub id: u64,
    /// Username (unique, lower case in practice).
    pub name: String,
    /// Whether the account is a bot.
    pub bot: bool,
}

/// A `user` object.
pub(crate) fn user(u: &UserInfo) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
    })
}

/// A guild `member` object without its `user` (as in `resolved.members`).
pub(crate) fn partial_member() -> Value {
    json!({
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": ALL_PERMISSIONS,
    })
}

/// A guild `member` object with its `user`.
pub(crate) fn member(u: &UserInfo) -> Value {
    let mut m = partial_member();
    m["user"] = user(u);
    m
}

/// A partial `channel` object as carried by interactions.
pub(crate) fn partial_channel(id: u64, name: &str, guild_id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "name": name,
        "guild_id": guild_id.to_string(),
        "permissions": ALL_PERMISSIONS,
    })
}

/// A public thread `channel` object (type 11), as Discord returns and dispatches it.
pub(crate) fn thread_channel(t: &crate::model::Thread, guild_id: u64, owner: u64) -> Value {
    json!({
        "id": t.id.to_string(),
        "type": 11,
        "guild_id": guild_id.to_string(),
        "name": t.name,
        "parent_id": t.parent.to_string(),
        "owner_id": owner.to_string(),
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": t.archived,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T00:00:00.000000+00:00",
            "locked": false,
        },
    })
}

/// A guild text `channel` object.
pub(crate) fn guild_channel(id: u64, name: &str, guild_id: u64, position: usize) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild_id.to_string(),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "parent_id": null,
        "flags": 0,
    })
}

/// The `@everyone` role of a guild.
fn everyone_role(guild_id: u64) -> Value {
    json!({
        "id": guild_id.to_string(),
        "name": "@everyone",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 0,
        "permissions": ALL_PERMISSIONS,
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

/// The `GUILD_CREATE` payload of a guild.
pub(crate) fn guild_create(
    guild_id: u64,
    owner: u64,
    channels: &[(u64, String)],
    members: &[UserInfo],
) -> Value {
    let mut guild = json!({
        "id": guild_id.to_string(),
        "name": "Barsoom",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": owner.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [everyone_role(guild_id)],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
    });
    let extra = json!({
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": TIMESTAMP,
        "large": false,
        "unavailable": false,
        "member_count": members.len(),
        "voice_states": [],
        "members": members.iter().map(member).collect::<Vec<_>>(),
        "channels": channels
            .iter()
            .enumerate()
            .map(|(i, (id, name))| guild_channel(*id, name, guild_id, i))
            .collect::<Vec<_>>(),
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    if let (Value::Object(g), Value::Object(extra)) = (&mut guild, extra) {
        g.extend(extra);
    }
    guild
}

/// The `READY` payload.
pub(crate) fn ready(
    bot: &UserInfo,
    app_id: u64,
    guilds: &[u64],
    session_id: &str,
    resume_url: &str,
    shard: [u32; 2],
) -> Value {
    let mut me = user(bot);
    me["verified"] = json!(true);
    me["mfa_enabled"] = json!(false);
    json!({
        "v": 10,
        "user": me,
        "guilds": guilds
            .iter()
            .map(|g| json!({"id": g.to_string(), "unavailable": true}))
            .collect::<Vec<_>>(),
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": {"id": app_id.to_string(), "flags": 0},
    })
}

/// The application object of `GET /oauth2/applications/@me`.
pub(crate) fn application(app_id: u64, bot: &UserInfo, owner: &UserInfo) -> Value {
    json!({
        "id": app_id.to_string(),
        "name": bot.name,
        "icon": null,
        "description": "Fake application",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "bot": user(bot),
        "owner": user(owner),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
        "tags": [],
        "approximate_guild_count": 1,
    })
}

/// Discord's JSON error body.
pub(crate) fn error(code: u32, message: &str) -> Value {
    json!({"message": message, "code": code})
}

/// Builds a `message` object from a create/edit payload.
pub(crate) struct MessageParts<'a> {
    pub id: u64,
    pub channel_id: u64,
    pub guild_id: u64,
    pub author: &'a UserInfo,
    pub app_id: Option<u64>,
    /// Message type: 0 default, 19 reply, 20 chat input command, 23 context menu.
    pub kind: u8,
    pub flags: u64,
    pub attachments: Vec<Value>,
}

pub(crate) fn message(parts: MessageParts<'_>, payload: &Value) -> Value {
    let field = |name: &str, default: Value| payload.get(name).cloned().unwrap_or(default);
    let mut m = json!({
        "id": parts.id.to_string(),
        "channel_id": parts.channel_id.to_string(),
        "guild_id": parts.guild_id.to_string(),
        "author": user(parts.author),
        "content": field("content", json!("")),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": field("tts", json!(false)),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": parts.attachments,
        "embeds": field("embeds", json!([])),
        "components": field("components", json!([])),
        "pinned": false,
        "type": parts.kind,
        "flags": parts.flags,
    });
    if let Some(app) = parts.app_id {
        m["webhook_id"] = json!(app.to_string());
        m["application_id"] = json!(app.to_string());
    }
    if m["content"].is_null() {
        m["content"] = json!("");
    }
    for list in ["embeds", "components"] {
        if m[list].is_null() {
            m[list] = json!([]);
        }
    }
    m
}

/// An `attachment` object for a stored file.
pub(crate) fn attachment(
    id: u64,
    filename: &str,
    size: usize,
    content_type: Option<&str>,
    dims: Option<(u32, u32)>,
    url: &str,
) -> Value {
    let mut a = json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    });
    if let Some((w, h)) = dims {
        a["width"] = json!(w);
        a["height"] = json!(h);
    }
    a
}
