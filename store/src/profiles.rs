//! Cosmetic data the bot likes to keep across restarts but that moves no money: the
//! display names of players (for pictures), the computer's level in practice games, and
//! where the bot posted a challenge or a draw offer (to edit that message once answered).
//! Not part of exports or `verify`; written without waiting for a flush (the next
//! acknowledged operation flushes it along).

use crate::kv::PROFILES;
use crate::{ChannelId, GameId, Result, Store, UserId};

fn name_key(user: UserId) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[0] = b'n';
    k[1..].copy_from_slice(&user.get().to_be_bytes());
    k
}

fn level_key(game: GameId) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[0] = b'l';
    k[1..].copy_from_slice(&game.get().to_be_bytes());
    k
}

fn message_key(kind: u8, id: GameId) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[0] = kind;
    k[1..].copy_from_slice(&id.get().to_be_bytes());
    k
}

/// The message that shows a challenge (kind `b'c'`) or a draw offer (kind `b'd'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageRef {
    /// The channel it is in.
    pub channel: ChannelId,
    /// The message id.
    pub message: u64,
}

impl Store {
    /// Remembers where the message about `id` (a challenge: `kind` `b'c'`; a draw offer:
    /// `b'd'`) was posted.
    ///
    /// # Errors
    /// Storage failures.
    pub fn remember_message(&self, kind: u8, id: GameId, at: MessageRef) -> Result<()> {
        let mut v = [0u8; 16];
        v[..8].copy_from_slice(&at.channel.get().to_be_bytes());
        v[8..].copy_from_slice(&at.message.to_be_bytes());
        self.kv().insert(PROFILES, &message_key(kind, id), &v)?;
        Ok(())
    }

    /// Where the message about `id` was posted, if remembered; forgets it (a message is
    /// edited once, when its challenge or offer is answered).
    pub fn take_message(&self, kind: u8, id: GameId) -> Option<MessageRef> {
        let v = self.kv().remove(PROFILES, &message_key(kind, id)).ok()??;
        let part = |i: usize| Some(u64::from_be_bytes(v.get(i..i + 8)?.try_into().ok()?));
        Some(MessageRef {
            channel: ChannelId(part(0)?),
            message: part(8)?,
        })
    }

    /// The display name last remembered for `user`.
    pub fn display_name(&self, user: UserId) -> Option<String> {
        let v = self.kv().get(PROFILES, &name_key(user)).ok()??;
        String::from_utf8(v.to_vec()).ok()
    }

    /// Remembers `user`'s display name (written only when it changed).
    ///
    /// # Errors
    /// Storage failures.
    pub fn remember_name(&self, user: UserId, name: &str) -> Result<()> {
        if self.display_name(user).as_deref() != Some(name) {
            self.kv()
                .insert(PROFILES, &name_key(user), name.as_bytes())?;
        }
        Ok(())
    }

    /// The computer's level (1–5) in the practice game `game`, if one was set.
    pub fn practice_level(&self, game: GameId) -> Option<u8> {
        let v = self.kv().get(PROFILES, &level_key(game)).ok()??;
        v.first().copied()
    }

    /// Sets the computer's level in the practice game `game` (call it before accepting,
    /// so the accept's flush writes it too).
    ///
    /// # Errors
    /// Storage failures.
    pub fn set_practice_level(&self, game: GameId, level: u8) -> Result<()> {
        self.kv().insert(PROFILES, &level_key(game), &[level])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_levels_survive_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = Store::open(dir.path()).unwrap();
            assert_eq!(store.display_name(UserId(7)), None);
            store.remember_name(UserId(7), "Tars Tarkas").unwrap();
            store.remember_name(UserId(7), "Tars Tarkas").unwrap();
            store.set_practice_level(GameId(3), 5).unwrap();
            store.flush().unwrap();
        }
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(
            store.display_name(UserId(7)).as_deref(),
            Some("Tars Tarkas")
        );
        assert_eq!(store.practice_level(GameId(3)), Some(5));
        assert_eq!(store.practice_level(GameId(4)), None);
    }
}
