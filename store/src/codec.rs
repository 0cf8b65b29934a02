//! Record encoding (a format-version byte, then JSON), big-endian keys, and serde
//! adapters for the rules crate's types (which do not implement serde themselves).

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{ChannelId, Result, StoreError, UserId};

/// The format version written before every record. A reader that meets another one
/// refuses the record (clearly) instead of misreading it; [`Store::open`](crate::Store::open)
/// migrates older records first.
///
/// - 1: games in progress and finished games held their whole move list inline.
/// - 2: each move is its own record in the `moves` tree, keyed (game id, ply); game
///   records hold the move and duel counts instead. Other records are unchanged
///   (same JSON, new version byte).
pub const FORMAT_VERSION: u8 = 2;

/// The first format (moves inline), still read by the migration.
pub(crate) const FORMAT_V1: u8 = 1;

/// A record as stored: the version byte, then its JSON.
pub(crate) fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    out.push(FORMAT_VERSION);
    serde_json::to_writer(&mut out, value).expect("records always serialize");
    out
}

/// Reads a stored record; `what` names it for the error message.
pub(crate) fn decode<T: DeserializeOwned>(
    bytes: &[u8],
    what: impl FnOnce() -> String,
) -> Result<T> {
    match bytes.split_first() {
        Some((&FORMAT_VERSION, json)) => {
            serde_json::from_slice(json).map_err(|e| StoreError::Corrupt {
                what: what(),
                detail: e.to_string(),
            })
        }
        Some((v, _)) => Err(StoreError::Corrupt {
            what: what(),
            detail: format!("unknown format version {v} (this program reads {FORMAT_VERSION})"),
        }),
        None => Err(StoreError::Corrupt {
            what: what(),
            detail: "empty record".into(),
        }),
    }
}

/// Reads a format-1 record's JSON (for the migration).
pub(crate) fn decode_v1<T: DeserializeOwned>(
    bytes: &[u8],
    what: impl FnOnce() -> String,
) -> Result<T> {
    match bytes.split_first() {
        Some((&FORMAT_V1, json)) => serde_json::from_slice(json).map_err(|e| StoreError::Corrupt {
            what: what(),
            detail: e.to_string(),
        }),
        _ => Err(StoreError::Corrupt {
            what: what(),
            detail: "not a format-1 record".into(),
        }),
    }
}

/// A one-part key.
pub(crate) fn key1(a: impl Into<u64>) -> [u8; 8] {
    a.into().to_be_bytes()
}

/// A two-part key, ordered by `a` then `b`.
pub(crate) fn key2(a: impl Into<u64>, b: impl Into<u64>) -> [u8; 16] {
    let (a, b): (u64, u64) = (a.into(), b.into());
    let mut k = [0; 16];
    k[..8].copy_from_slice(&a.to_be_bytes());
    k[8..].copy_from_slice(&b.to_be_bytes());
    k
}

/// A three-part key.
pub(crate) fn key3(a: impl Into<u64>, b: impl Into<u64>, c: impl Into<u64>) -> [u8; 24] {
    let (a, b, c): (u64, u64, u64) = (a.into(), b.into(), c.into());
    let mut k = [0; 24];
    k[..8].copy_from_slice(&a.to_be_bytes());
    k[8..16].copy_from_slice(&b.to_be_bytes());
    k[16..].copy_from_slice(&c.to_be_bytes());
    k
}

/// The `i`-th u64 of a key.
pub(crate) fn key_part<T: From<u64>>(key: &[u8], i: usize) -> Option<T> {
    key.get(i * 8..i * 8 + 8)
        .map(|b| T::from(u64::from_be_bytes(b.try_into().expect("8 bytes"))))
}

/// The key of an open challenge: its channel, then its challenger (a challenger has at
/// most one open challenge per channel; a channel holds any number).
pub(crate) fn challenge_key(channel: ChannelId, challenger: UserId) -> [u8; 16] {
    key2(channel, challenger)
}
