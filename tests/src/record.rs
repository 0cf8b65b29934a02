//! What the fake remembers of each HTTP request the bot made.

use std::time::Instant;

use serde_json::Value;

/// A file uploaded in a multipart request (`files[N]` fields).
#[derive(Clone, Debug)]
pub struct File {
    /// The multipart field name, e.g. `files[0]`.
    pub field: String,
    /// The file name the bot gave.
    pub filename: String,
    /// The part's content type, if the bot sent one.
    pub content_type: Option<String>,
    /// The raw bytes (cheap to clone).
    pub data: axum::body::Bytes,
}

impl File {
    /// The image dimensions, if the file is an image `image` can read.
    #[must_use]
    pub fn image_dimensions(&self) -> Option<(u32, u32)> {
        image::ImageReader::new(std::io::Cursor::new(&self.data[..]))
            .with_guessed_format()
            .ok()?
            .into_dimensions()
            .ok()
    }

    /// Whether the bytes start with the PNG signature.
    #[must_use]
    pub fn is_png(&self) -> bool {
        self.data.starts_with(b"\x89PNG\r\n\x1a\n")
    }
}

/// One HTTP request, as received, with the fake's answer.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Position in arrival order, from 0.
    pub index: usize,
    /// When the request arrived.
    pub at: Instant,
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path without the query and without a `/p/{client}` prefix, e.g.
    /// `/api/v10/users/@me`.
    pub path: String,
    /// The process that made it: the `{client}` of a `/p/{client}` prefix (see
    /// [`FakeDiscord::client_url`](crate::FakeDiscord::client_url)), `None` without one.
    pub client: Option<String>,
    /// The query string, if any.
    pub query: Option<String>,
    /// The JSON body, or the multipart `payload_json`.
    pub json: Option<Value>,
    /// Uploaded files.
    pub files: Vec<File>,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON the fake answered with (`Null` for 204).
    pub response: Value,
}

impl Recorded {
    /// `METHOD /path`, for messages.
    #[must_use]
    pub fn line(&self) -> String {
        format!("{} {} -> {}", self.method, self.path, self.status)
    }

    /// The path split on `/` after `/api/v10`, or after `/api/v9` and so on.
    #[must_use]
    pub fn route(&self) -> Vec<&str> {
        api_segments(&self.path).unwrap_or_default()
    }
}

/// Splits `/api/v10/a/b` into `["a", "b"]`; `None` if the path is not under `/api/v*`.
pub(crate) fn api_segments(path: &str) -> Option<Vec<&str>> {
    let rest = path.strip_prefix("/api/")?;
    let (version, rest) = rest.split_once('/').unwrap_or((rest, ""));
    if !version.starts_with('v') {
        return None;
    }
    Some(rest.split('/').filter(|s| !s.is_empty()).collect())
}
