//! Clients of the lichess-shaped API: tokens made with a session cookie, requests with a
//! token, and NDJSON streams read line by line.

use std::time::Duration;

use protocol::RoomId;
use reqwest::StatusCode;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, COOKIE};
use serde_json::Value;

/// A token of the player of `cookie` with `scopes`.
pub async fn token(addr: std::net::SocketAddr, cookie: &str, scopes: &[&str]) -> String {
    let mut body = "description=test".to_owned();
    for s in scopes {
        body.push_str(&format!("&scopes%5B%5D={s}"));
    }
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/account/oauth/token/create"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(COOKIE, cookie)
        .body(body)
        .send()
        .await
        .expect("token");
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = serde_json::from_str(&r.text().await.expect("body")).expect("json");
    v["token"].as_str().expect("token").to_owned()
}

/// `POST path` with `token` (if any): the status and the JSON body.
pub async fn post(
    addr: std::net::SocketAddr,
    path: &str,
    token: Option<&str>,
) -> (StatusCode, Value) {
    let mut req = reqwest::Client::new().post(format!("http://{addr}{path}"));
    if let Some(t) = token {
        req = req.header(AUTHORIZATION, format!("Bearer {t}"));
    }
    let r = req.send().await.expect("request");
    let status = r.status();
    let text = r.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// `POST path` with `token` and the form `form`: the status and the JSON body.
pub async fn post_form(
    addr: std::net::SocketAddr,
    path: &str,
    token: &str,
    form: &str,
) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}{path}"))
        .header(AUTHORIZATION, format!("Bearer {token}"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form.to_owned())
        .send()
        .await
        .expect("request");
    let status = r.status();
    let text = r.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// `POST /api/board/seek` with `token` (if any) and the form `form`: the answer, its stream
/// still to be read.
pub async fn seek(
    addr: std::net::SocketAddr,
    token: Option<&str>,
    form: &str,
) -> reqwest::Response {
    let mut req = reqwest::Client::new()
        .post(format!("http://{addr}/api/board/seek"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form.to_owned());
    if let Some(t) = token {
        req = req.header(AUTHORIZATION, format!("Bearer {t}"));
    }
    req.send().await.expect("seek")
}

/// A game stream being read: its lines, as they come.
pub struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    /// The stream of an answer.
    #[must_use]
    pub fn new(response: reqwest::Response) -> Stream {
        Stream {
            response,
            buffer: String::new(),
        }
    }

    pub async fn open(
        addr: std::net::SocketAddr,
        game: &RoomId,
        token: Option<&str>,
    ) -> reqwest::Response {
        Stream::get(addr, &format!("/api/board/game/stream/{game}"), token).await
    }

    /// `GET path` on `addr` with `token` (if any): the answer, its body still to be read.
    pub async fn get(
        addr: std::net::SocketAddr,
        path: &str,
        token: Option<&str>,
    ) -> reqwest::Response {
        let mut req = reqwest::Client::new().get(format!("http://{addr}{path}"));
        if let Some(t) = token {
            req = req.header(AUTHORIZATION, format!("Bearer {t}"));
        }
        req.send().await.expect("stream")
    }

    /// The next line, which must be of type `kind`; keep-alive lines do not count, the line
    /// itself must come within 15 s.
    pub async fn expect(&mut self, kind: &str) -> Value {
        let v = tokio::time::timeout(Duration::from_secs(15), self.line())
            .await
            .unwrap_or_else(|_| panic!("no {kind} line in time"))
            .expect("a line");
        assert_eq!(v["type"], kind, "{v}");
        v
    }

    /// The next line that is not empty (`None` at the stream's end).
    pub async fn line(&mut self) -> Option<Value> {
        loop {
            if let Some(i) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=i).collect();
                if line.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(line.trim()).expect("a JSON line"));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.response.chunk())
                .await
                .expect("a line in time")
                .expect("read");
            match chunk {
                Some(bytes) => self
                    .buffer
                    .push_str(std::str::from_utf8(&bytes).expect("utf-8")),
                None => return None,
            }
        }
    }
}

/// The python of the venv that has berserk (`ASEAN_TEST_PYTHON`, set by `cargo xtask test`),
/// or `None` after saying why berserk is not run.
#[must_use]
pub fn berserk_python() -> Option<std::ffi::OsString> {
    let python = std::env::var_os("ASEAN_TEST_PYTHON");
    if python.is_none() {
        eprintln!(
            "note: ASEAN_TEST_PYTHON is not set, so berserk is not run: `cargo xtask test` \
             installs it into a venv under target/ and sets the variable"
        );
    }
    python
}

/// Runs `tests/berserk/<script>` with `python`, its `args`, and `env` (tokens travel in the
/// environment, never on the command line), on a blocking thread while the server runs on
/// this runtime; answers the one JSON object the script prints, failing the test with its
/// error output when it fails.
pub async fn run_berserk(
    python: std::ffi::OsString,
    script: &str,
    args: Vec<String>,
    env: Vec<(&'static str, String)>,
) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/berserk")
        .join(script);
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(&python)
            .arg(&path)
            .args(&args)
            .envs(env)
            .output()
    })
    .await
    .expect("joined")
    .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "berserk failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}
