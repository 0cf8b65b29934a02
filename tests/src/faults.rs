//! Failures the fake can be told to make, as Discord makes them during its incidents: a
//! chosen REST call answered with a server error (before or after doing what it asks), a
//! rate limit with `retry_after`, or a delay (a callback that arrives past its 3 s
//! window gets `10062 Unknown interaction`).

use std::time::Duration;

use serde_json::{json, Value};

/// One failure, for the next calls that match it.
#[derive(Debug, Clone)]
pub struct Fault {
    /// The HTTP method it matches (`POST`), or any.
    pub method: Option<String>,
    /// A part of the path it matches (`/callback`, `/messages`, `/webhooks/`).
    pub path: String,
    /// What it does.
    pub kind: FaultKind,
    /// How many matching calls it fails.
    pub times: usize,
}

/// What a fault does to a call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FaultKind {
    /// Answers with this status (5xx), without doing the call.
    Status(u16),
    /// Does the call, then answers with this status as if it had failed: the answer
    /// is lost, the effect is not.
    StatusAfter(u16),
    /// Answers `429` with this `retry_after` (seconds), without doing the call.
    RateLimited(f64),
    /// Waits this long before doing the call.
    Delay(Duration),
}

impl Fault {
    /// A fault of `kind` for the next call whose path holds `path`.
    #[must_use]
    pub fn on(path: &str, kind: FaultKind) -> Fault {
        Fault {
            method: None,
            path: path.to_owned(),
            kind,
            times: 1,
        }
    }

    /// Only for calls with this method.
    #[must_use]
    pub fn method(mut self, method: &str) -> Fault {
        self.method = Some(method.to_owned());
        self
    }

    /// For the next `n` matching calls.
    #[must_use]
    pub fn times(mut self, n: usize) -> Fault {
        self.times = n;
        self
    }

    pub(crate) fn matches(&self, method: &str, path: &str) -> bool {
        self.times > 0
            && self.method.as_deref().is_none_or(|m| m == method)
            && path.contains(&self.path)
    }
}

/// The body Discord answers a failure with.
pub(crate) fn body(kind: FaultKind) -> (u16, Value) {
    match kind {
        FaultKind::Status(s) | FaultKind::StatusAfter(s) => (
            s,
            json!({"message": "500: Internal Server Error", "code": 0}),
        ),
        FaultKind::RateLimited(after) => (
            429,
            json!({"message": "You are being rate limited.", "retry_after": after, "global": false}),
        ),
        FaultKind::Delay(_) => (200, Value::Null),
    }
}
