//! What the bot answers: plain data that the Discord adapter and the console present.

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
    pub title: String,
    /// The body.
    pub description: String,
    /// Named fields, shown in order.
    pub fields: Vec<(String, String)>,
    /// The small print.
    pub footer: Option<String>,
}

/// A reply to one request.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reply {
    /// The message text (may mention users as `<@id>`).
    pub text: String,
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
    pub pings: Vec<u64>,
}

impl Reply {
    /// A public text reply.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A reply only the asker sees.
    pub fn ephemeral(text: impl Into<String>) -> Reply {
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
    pub fn pinging(mut self, user: u64) -> Reply {
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
    pub channel: u64,
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
    Challenge(u64),
    /// The draw offer in the game with this id.
    DrawOffer(u64),
}
