//! The keys of the web pages, all HMAC-SHA256 under `JETAN_WEB_SECRET`, checked in
//! constant time (`ring::hmac::verify`):
//!
//! - a server's address, `<guild>.<tag>`: the guild id and the tag of `server:<guild>`,
//!   so its pages cannot be guessed from the (public) guild id;
//! - a player's token, `<guild>.<game>.<user>.<until>.<tag>`: the tag of
//!   `play:<guild>:<game>:<user>:<until>`, bound to that player of that game until
//!   `until` (unix ms; the game's end ends it sooner).
//!
//! Tags are base64url without padding.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jetan_core::{GameId, GuildId, UserId};
use ring::hmac;

/// The signing key.
#[derive(Clone)]
pub struct Keys {
    key: hmac::Key,
}

/// What a valid player's token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claims {
    /// The server.
    pub guild: GuildId,
    /// The game.
    pub game: GameId,
    /// The player.
    pub user: UserId,
    /// Valid until (unix ms).
    pub until: u64,
}

/// Why a token or address was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Not one of ours (malformed, or signed by another key, or altered).
    Bad,
    /// Ours, but past its time.
    Expired,
}

impl Keys {
    /// Keys from a secret.
    pub fn new(secret: &[u8]) -> Keys {
        Keys {
            key: hmac::Key::new(hmac::HMAC_SHA256, secret),
        }
    }

    fn tag(&self, message: &str) -> String {
        URL_SAFE_NO_PAD.encode(hmac::sign(&self.key, message.as_bytes()).as_ref())
    }

    fn verify(&self, message: &str, tag: &str) -> bool {
        match URL_SAFE_NO_PAD.decode(tag) {
            Ok(bytes) => hmac::verify(&self.key, message.as_bytes(), &bytes).is_ok(),
            Err(_) => false,
        }
    }

    /// A server's address.
    pub fn server(&self, guild: GuildId) -> String {
        format!("{guild}.{}", self.tag(&format!("server:{guild}")))
    }

    /// The server an address names, if it is one of ours.
    pub fn server_of(&self, address: &str) -> Option<GuildId> {
        let (guild, tag) = address.split_once('.')?;
        let guild: u64 = guild.parse().ok()?;
        self.verify(&format!("server:{guild}"), tag)
            .then_some(GuildId(guild))
    }

    /// A player's token.
    pub fn token(&self, guild: GuildId, game: GameId, user: UserId, until: u64) -> String {
        let body = format!("{guild}.{game}.{user}.{until}");
        let tag = self.tag(&format!("play:{}", body.replace('.', ":")));
        format!("{body}.{tag}")
    }

    /// What a player's token says, if it is ours and still valid at `now`.
    ///
    /// # Errors
    /// [`Refused::Bad`] for a token that is not ours, [`Refused::Expired`] past its time.
    pub fn check(&self, token: &str, now: u64) -> Result<Claims, Refused> {
        let parts: Vec<&str> = token.split('.').collect();
        let [guild, game, user, until, tag] = parts[..] else {
            return Err(Refused::Bad);
        };
        let number = |s: &str| s.parse::<u64>().map_err(|_| Refused::Bad);
        let claims = Claims {
            guild: GuildId(number(guild)?),
            game: GameId(number(game)?),
            user: UserId(number(user)?),
            until: number(until)?,
        };
        // The numbers as signed: no leading zeros or signs slipped in.
        let body = format!(
            "{}.{}.{}.{}",
            claims.guild, claims.game, claims.user, claims.until
        );
        if body != token[..token.len() - tag.len() - 1] {
            return Err(Refused::Bad);
        }
        if !self.verify(&format!("play:{}", body.replace('.', ":")), tag) {
            return Err(Refused::Bad);
        }
        if now >= claims.until {
            return Err(Refused::Expired);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_and_any_change_or_other_key_is_refused() {
        let keys = Keys::new(b"a secret of the tests, long enough");
        let t = keys.token(GuildId(7), GameId(42), UserId(1001), 5_000);
        let claims = keys.check(&t, 4_999).unwrap();
        assert_eq!(
            claims,
            Claims {
                guild: GuildId(7),
                game: GameId(42),
                user: UserId(1001),
                until: 5_000
            }
        );
        assert_eq!(keys.check(&t, 5_000), Err(Refused::Expired));
        // Another player, game, server or time under the same tag: refused.
        for (i, _) in t.split('.').enumerate().take(4) {
            let mut parts: Vec<String> = t.split('.').map(str::to_string).collect();
            parts[i] = format!("{}1", parts[i]);
            assert_eq!(keys.check(&parts.join("."), 0), Err(Refused::Bad), "{i}");
        }
        let padded = t.replacen("7.", "07.", 1);
        assert_eq!(keys.check(&padded, 0), Err(Refused::Bad));
        let other = Keys::new(b"another secret entirely, also long");
        assert_eq!(other.check(&t, 0), Err(Refused::Bad));
        for junk in ["", "1.2.3.4", "a.b.c.d.e", "1.2.3.4.!!!", "1.2.3.4.5.6"] {
            assert_eq!(keys.check(junk, 0), Err(Refused::Bad), "{junk:?}");
        }
    }

    #[test]
    fn a_server_address_names_its_server_under_its_key_only() {
        let keys = Keys::new(b"a secret of the tests, long enough");
        let a = keys.server(GuildId(99));
        assert_eq!(keys.server_of(&a), Some(GuildId(99)));
        let (_, tag) = a.split_once('.').unwrap();
        assert_eq!(keys.server_of(&format!("98.{tag}")), None);
        assert_eq!(Keys::new(b"another").server_of(&a), None);
        assert_eq!(keys.server_of("99"), None);
        assert!(!a.contains(['/', '+', '=']), "URL-safe: {a}");
    }
}
