//! The server's lichess-compatible API as the bot uses it: requests with the bot's token
//! ([`Api`]) and NDJSON streams read line by line ([`Lines`]).

use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE};
use serde_json::Value;

use crate::config::Token;

/// How long a stream may stay silent before it counts as gone: the server sends an empty line
/// every 7 s.
pub const STREAM_SILENCE: Duration = Duration::from_secs(20);

/// How long a request (not a stream) may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// The longest line taken from a stream (a game's line with hundreds of moves is far
/// shorter).
const MAX_LINE: usize = 256 * 1024;

/// What went wrong with a request.
#[derive(Debug)]
pub enum ApiError {
    /// The server could not be reached, or the connection broke.
    Transport(String),
    /// The server answered this status, with its `error` (or its body).
    Status(StatusCode, String),
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::Transport(e) => write!(f, "the server cannot be reached: {e}"),
            ApiError::Status(s, e) => write!(f, "the server answered {s}: {e}"),
        }
    }
}

/// The API of one server with one token.
#[derive(Clone)]
pub struct Api {
    client: reqwest::Client,
    base: String,
    token: Token,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api").field("base", &self.base).finish()
    }
}

fn transport(e: &reqwest::Error) -> ApiError {
    // reqwest's message names the URL, never a header: no token in it.
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    ApiError::Transport(text)
}

impl Api {
    /// The API at `base` (`http://host:port`) with `token`.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(base: &str, token: Token) -> Result<Api, String> {
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .user_agent(concat!("asean-bot/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("the HTTP client: {e}"))?;
        Ok(Api {
            client,
            base: base.trim_end_matches('/').to_owned(),
            token,
        })
    }

    fn auth(&self, r: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        r.header(AUTHORIZATION, format!("Bearer {}", self.token.expose()))
    }

    /// The answer's JSON, or its status and `error`.
    async fn answer(r: reqwest::Response) -> Result<Value, ApiError> {
        let status = r.status();
        let text = r.text().await.map_err(|e| transport(&e))?;
        let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if status.is_success() {
            Ok(json)
        } else {
            let error = json["error"]
                .as_str()
                .map_or_else(|| text.chars().take(200).collect(), str::to_owned);
            Err(ApiError::Status(status, error))
        }
    }

    /// `GET path`: its JSON.
    ///
    /// # Errors
    /// [`ApiError`].
    pub async fn get(&self, path: &str) -> Result<Value, ApiError> {
        let r = self
            .auth(self.client.get(format!("{}{path}", self.base)))
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .map_err(|e| transport(&e))?;
        Api::answer(r).await
    }

    /// `POST path` with the form `form` (URL-encoded already): its JSON.
    ///
    /// # Errors
    /// [`ApiError`].
    pub async fn post(&self, path: &str, form: &str) -> Result<Value, ApiError> {
        let r = self
            .auth(self.client.post(format!("{}{path}", self.base)))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(form.to_owned())
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .map_err(|e| transport(&e))?;
        Api::answer(r).await
    }

    /// `GET path` as an NDJSON stream.
    ///
    /// # Errors
    /// [`ApiError`] when it does not open.
    pub async fn stream(&self, path: &str) -> Result<Lines, ApiError> {
        let r = self
            .auth(self.client.get(format!("{}{path}", self.base)))
            .send()
            .await
            .map_err(|e| transport(&e))?;
        if !r.status().is_success() {
            return Err(Api::answer(r)
                .await
                .err()
                .unwrap_or(ApiError::Transport("no answer".into())));
        }
        Ok(Lines {
            response: r,
            buffer: Vec::new(),
        })
    }
}

/// An NDJSON stream being read.
#[derive(Debug)]
pub struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next JSON object: `Ok(None)` at the stream's end; keep-alive lines are skipped, a
    /// line that is no JSON object is logged and skipped.
    ///
    /// # Errors
    /// [`ApiError::Transport`] when the connection breaks, or is silent for
    /// [`STREAM_SILENCE`], or a line is longer than any the server sends.
    pub async fn next(&mut self) -> Result<Option<Value>, ApiError> {
        loop {
            if let Some(i) = self.buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=i).collect();
                if let Some(v) = parse_line(&line) {
                    return Ok(Some(v));
                }
                continue;
            }
            if self.buffer.len() > MAX_LINE {
                return Err(ApiError::Transport(format!(
                    "a line of more than {MAX_LINE} bytes"
                )));
            }
            let chunk = tokio::time::timeout(STREAM_SILENCE, self.response.chunk())
                .await
                .map_err(|_| {
                    ApiError::Transport(format!(
                        "the stream was silent for {} s",
                        STREAM_SILENCE.as_secs()
                    ))
                })?
                .map_err(|e| transport(&e))?;
            match chunk {
                Some(bytes) => self.buffer.extend_from_slice(&bytes),
                None => {
                    let rest = std::mem::take(&mut self.buffer);
                    return Ok(parse_line(&rest));
                }
            }
        }
    }
}

/// The JSON object of one line; `None` for an empty one, and for one that is not a JSON
/// object (logged).
#[must_use]
pub fn parse_line(line: &[u8]) -> Option<Value> {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match serde_json::from_str::<Value>(text) {
        Ok(v) if v.is_object() => Some(v),
        _ => {
            let shown: String = text.chars().take(120).collect();
            tracing::warn!("a line from the server that is no JSON object, skipped: {shown:?}");
            None
        }
    }
}

/// `text` encoded for a URL's path or a form's value.
#[must_use]
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_are_no_json_objects_are_skipped() {
        assert_eq!(parse_line(b"\n"), None);
        assert_eq!(parse_line(b"garbage{\n"), None);
        assert_eq!(parse_line(b"[1, 2]\n"), None);
        assert_eq!(parse_line(b"\xff\xfe\n"), None);
        assert_eq!(
            parse_line(b"{\"type\": \"gameStart\"}\n"),
            Some(serde_json::json!({"type": "gameStart"}))
        );
        assert_eq!(encode("a b/é"), "a%20b%2F%C3%A9");
    }
}
