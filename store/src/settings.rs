//! A server's settings, changes to them, and their validation.

use crate::model::MAX_AMOUNT;
use crate::model::{Settings, Terms};
use crate::{ChannelId, Result, StoreError};

/// The largest minimum account age a server may ask for, in days (ten years).
pub const MAX_ACCOUNT_DAYS: u64 = 3650;
/// The largest minimum of finished games a server may ask for.
pub const MAX_MIN_GAMES: u64 = 10_000;

/// A change to a server's settings: each field set replaces the current value
/// ([`Store::change_settings`](crate::Store::change_settings)).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// New starting grant.
    pub starting_grant: Option<u64>,
    /// New daily allowance.
    pub daily_allowance: Option<u64>,
    /// New currency name.
    pub currency: Option<String>,
    /// New default piece price.
    pub default_piece_price: Option<u64>,
    /// New default stake.
    pub default_stake: Option<u64>,
    /// New challenge expiry, in milliseconds.
    pub challenge_expiry_ms: Option<u64>,
    /// New default move time, in milliseconds.
    pub move_time_ms: Option<u64>,
    /// Allow games in this channel (and take it off the deny list).
    pub allow_channel: Option<ChannelId>,
    /// Stop games in this channel: off the allow list, onto the deny list.
    pub disallow_channel: Option<ChannelId>,
    /// A new public language: `Some(None)` goes back to the server's own.
    pub language: Option<Option<String>>,
    /// New largest stake (0: no limit).
    pub max_stake: Option<u64>,
    /// New largest piece price (0: no limit).
    pub max_piece_price: Option<u64>,
    /// New maximum balance (0: no limit).
    pub max_balance: Option<u64>,
    /// New daily cap on payments sent (0: no cap).
    pub daily_pay_cap: Option<u64>,
    /// New minimum account age in days (0: any).
    pub min_account_days: Option<u64>,
    /// New minimum of finished games (0: none).
    pub min_games: Option<u64>,
    /// A new audit channel: `Some(None)` stops the audit posts.
    pub audit_channel: Option<Option<ChannelId>>,
    /// New audit threshold for game pots.
    pub audit_pot: Option<u64>,
    /// Games in threads of their own (`true`) or in the challenge's channel.
    pub threads: Option<bool>,
    /// Reminders to the player to move on (`true`) or off.
    pub reminders: Option<bool>,
    /// Games with rule options rated (`true`, each rules string in its own pool) or
    /// always casual.
    pub rated_options: Option<bool>,
    /// Who may create tournaments.
    pub tournaments: Option<crate::model::TournamentCreators>,
}

impl SettingsChange {
    /// Applies the change to `s`.
    pub fn apply(&self, s: &mut Settings) {
        let set = |field: &mut u64, v: Option<u64>| {
            if let Some(v) = v {
                *field = v;
            }
        };
        set(&mut s.starting_grant, self.starting_grant);
        set(&mut s.daily_allowance, self.daily_allowance);
        set(&mut s.default_piece_price, self.default_piece_price);
        set(&mut s.default_stake, self.default_stake);
        set(&mut s.challenge_expiry_ms, self.challenge_expiry_ms);
        set(&mut s.move_time_ms, self.move_time_ms);
        set(&mut s.max_stake, self.max_stake);
        set(&mut s.max_piece_price, self.max_piece_price);
        set(&mut s.max_balance, self.max_balance);
        set(&mut s.daily_pay_cap, self.daily_pay_cap);
        set(&mut s.min_account_days, self.min_account_days);
        set(&mut s.min_games, self.min_games);
        set(&mut s.audit_pot, self.audit_pot);
        if let Some(c) = self.audit_channel {
            s.audit_channel = c;
        }
        if let Some(on) = self.threads {
            s.threads = on;
        }
        if let Some(on) = self.reminders {
            s.reminders = on;
        }
        if let Some(on) = self.rated_options {
            s.rated_options = on;
        }
        if let Some(who) = self.tournaments {
            s.tournaments = who;
        }
        if let Some(c) = &self.currency {
            s.currency.clone_from(c);
        }
        if let Some(l) = &self.language {
            s.language.clone_from(l);
        }
        if let Some(c) = self.allow_channel {
            s.denied_channels.retain(|&x| x != c);
            if !s.allowed_channels.contains(&c) {
                s.allowed_channels.push(c);
            }
        }
        if let Some(c) = self.disallow_channel {
            s.allowed_channels.retain(|&x| x != c);
            if !s.denied_channels.contains(&c) {
                s.denied_channels.push(c);
            }
        }
    }
}

impl Settings {
    /// Whether games may be played in `channel`.
    pub fn allows(&self, channel: ChannelId) -> bool {
        !self.denied_channels.contains(&channel)
            && (self.allowed_channels.is_empty() || self.allowed_channels.contains(&channel))
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// [`StoreError::InvalidAmount`] for an amount above [`MAX_AMOUNT`] or an empty
    /// currency name.
    pub fn validate(&self) -> Result<()> {
        for (name, v) in [
            ("starting grant", self.starting_grant),
            ("daily allowance", self.daily_allowance),
            ("default piece price", self.default_piece_price),
            ("default stake", self.default_stake),
            ("largest stake", self.max_stake),
            ("largest piece price", self.max_piece_price),
            ("maximum balance", self.max_balance),
            ("daily cap on payments", self.daily_pay_cap),
            ("audit threshold", self.audit_pot),
        ] {
            if v > MAX_AMOUNT {
                return Err(StoreError::InvalidAmount(format!(
                    "the {name} is too large"
                )));
            }
        }
        if self.min_account_days > MAX_ACCOUNT_DAYS || self.min_games > MAX_MIN_GAMES {
            return Err(StoreError::InvalidAmount(
                "the minimum account age or number of games is too large".into(),
            ));
        }
        // The defaults must be within the limits, or every challenge naming none fails.
        for (what, v, max) in [
            ("stake", self.default_stake, self.max_stake),
            (
                "piece price",
                self.default_piece_price,
                self.max_piece_price,
            ),
        ] {
            if max > 0 && v > max {
                return Err(StoreError::AboveLimit { what, max });
            }
        }
        if self.currency.trim().is_empty() {
            return Err(StoreError::InvalidAmount(
                "the currency needs a name".into(),
            ));
        }
        // The defaults must make a valid challenge, or every challenge naming none fails.
        for options in crate::games::option_samples() {
            Terms {
                stake: self.default_stake,
                piece_price: self.default_piece_price,
                ..Terms::friendly(options)
            }
            .validate()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GuildId, UserId};

    #[test]
    fn the_language_is_optional_on_disk_and_changes_both_ways() {
        let mut s = Settings::default();
        let json = serde_json::to_value(&s).unwrap();
        assert!(json.get("language").is_none(), "unset: not written");
        let mut old = json.clone();
        old.as_object_mut().unwrap().remove("move_time_ms");
        let read: Settings = serde_json::from_value(old).unwrap();
        assert_eq!(read.language, None, "records written before it read");
        let change = SettingsChange {
            language: Some(Some("es".into())),
            ..SettingsChange::default()
        };
        change.apply(&mut s);
        assert_eq!(s.language.as_deref(), Some("es"));
        let back: Settings = serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
        assert_eq!(back, s);
        SettingsChange {
            language: Some(None),
            ..SettingsChange::default()
        }
        .apply(&mut s);
        assert_eq!(s.language, None, "auto again");
        SettingsChange::default().apply(&mut s);
        assert_eq!(s.language, None);
    }

    #[test]
    fn the_guild_locale_is_written_once_and_survives_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = crate::Store::open(dir.path()).unwrap();
            assert_eq!(store.settings(GuildId(5)).unwrap().discord_locale, None);
            assert!(store.remember_guild_locale(GuildId(5), "es-ES", 1).unwrap());
            assert!(
                !store.remember_guild_locale(GuildId(5), "es-ES", 2).unwrap(),
                "unchanged: nothing written"
            );
            // The other settings are untouched, and a settings change keeps the locale.
            let s = store.settings(GuildId(5)).unwrap();
            assert_eq!(
                Settings {
                    discord_locale: None,
                    ..s.clone()
                },
                Settings::default()
            );
            store
                .change_settings(
                    crate::Stamp::new(9, UserId(1), 3),
                    GuildId(5),
                    &SettingsChange {
                        currency: Some("tanpi".into()),
                        ..SettingsChange::default()
                    },
                )
                .unwrap();
            assert_eq!(
                store
                    .settings(GuildId(5))
                    .unwrap()
                    .discord_locale
                    .as_deref(),
                Some("es-ES")
            );
            assert_eq!(store.settings(GuildId(6)).unwrap().discord_locale, None);
        }
        let store = crate::Store::open(dir.path()).unwrap();
        let s = store.settings(GuildId(5)).unwrap();
        assert_eq!(s.discord_locale.as_deref(), Some("es-ES"));
        assert_eq!(s.currency, "tanpi");
        assert!(store.remember_guild_locale(GuildId(5), "en-US", 4).unwrap());
        assert_eq!(
            store
                .settings(GuildId(5))
                .unwrap()
                .discord_locale
                .as_deref(),
            Some("en-US")
        );
        let json = serde_json::to_value(Settings::default()).unwrap();
        assert!(json.get("discord_locale").is_none(), "unset: not written");
    }
}
