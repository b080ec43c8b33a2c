//! The harness of the bot runner's tests: the workspace's `server` and `asean-engine`
//! binaries (built with the test profile when missing, as `cargo test --workspace` builds
//! them), a server process on a loopback port with a SQLite file, accounts with tokens, and
//! `asean-bot` processes with a config written for them.

#![allow(dead_code, missing_docs, clippy::unwrap_used)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, COOKIE, SET_COOKIE};
use serde_json::Value;

/// The directory of the workspace's binaries (`target/debug`).
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_asean-bot"))
        .parent()
        .expect("the binaries' directory")
        .to_path_buf()
}

/// The newest modification time under `path` (a file, or a directory walked down).
fn newest(path: &Path) -> Option<std::time::SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| newest(&e.path()))
        .max()
}

/// The `server` and `asean-engine` binaries. `cargo test --workspace` has built them (the
/// server's and the engine's integration tests need them); when one is missing or older than
/// the sources it is made of (its crate and the workspace crates it uses), it is built here,
/// once per test run.
pub fn binaries() -> (PathBuf, PathBuf) {
    static BUILT: OnceLock<()> = OnceLock::new();
    let dir = bin_dir();
    let (server, engine) = (dir.join("server"), dir.join("asean-engine"));
    BUILT.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let newest_of = |crates: &[&str]| {
            crates
                .iter()
                .flat_map(|c| {
                    let c = root.join("crates").join(c);
                    [newest(&c.join("src")), newest(&c.join("Cargo.toml"))]
                })
                .chain([newest(&root.join("Cargo.lock"))])
                .flatten()
                .max()
        };
        let stale = |binary: &Path, crates: &[&str]| {
            let built = std::fs::metadata(binary).and_then(|m| m.modified()).ok();
            built.is_none() || built < newest_of(crates)
        };
        let mut build = Vec::new();
        if stale(&server, &["server", "rules", "protocol", "rating"]) {
            build.extend(["--package", "server", "--bin", "server"]);
        }
        if stale(&engine, &["engine", "rules"]) {
            build.extend(["--package", "engine", "--bin", "asean-engine"]);
        }
        if build.is_empty() {
            return;
        }
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .arg("build")
            .args(&build)
            .current_dir(root)
            .status()
            .expect("cargo build");
        assert!(status.success(), "building {build:?} failed");
    });
    (server, engine)
}

/// A free loopback port.
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    l.local_addr().expect("addr").port()
}

/// A server process with its SQLite file; killed when dropped.
pub struct ServerProcess {
    pub addr: SocketAddr,
    pub dir: tempfile::TempDir,
    child: Option<Child>,
}

impl ServerProcess {
    /// A server on a free port, its database in a new directory.
    pub async fn start() -> ServerProcess {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("www")).expect("www");
        let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().expect("addr");
        let mut s = ServerProcess {
            addr,
            dir,
            child: None,
        };
        s.restart().await;
        s
    }

    /// Kills the server without a word (as a crash would), at once.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts the server (again) on the same port with the same database, and waits until it
    /// answers.
    pub async fn restart(&mut self) {
        self.kill();
        let (server, _) = binaries();
        let child = Command::new(server)
            .args(["--addr", &self.addr.to_string()])
            .arg("--db")
            .arg(self.dir.path().join("lobby.sqlite3"))
            .arg("--www")
            .arg(self.dir.path().join("www"))
            .env(
                "RUST_LOG",
                std::env::var("SERVER_LOG").unwrap_or_else(|_| "error".into()),
            )
            .stderr(if std::env::var("SERVER_LOG").is_ok() {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .expect("the server binary");
        self.child = Some(child);
        let client = reqwest::Client::new();
        for _ in 0..200 {
            if let Ok(r) = client
                .get(format!("http://{}/healthz", self.addr))
                .send()
                .await
                && r.status().is_success()
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server at {} never answered", self.addr);
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Signs `name` up: a token of the account with `scopes`.
pub async fn account(addr: SocketAddr, name: &str, scopes: &[&str]) -> String {
    let client = reqwest::Client::new();
    let r = client
        .post(format!("http://{addr}/signup"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(format!("username={name}&password={name}-password"))
        .send()
        .await
        .expect("sign up");
    assert!(r.status().is_success(), "sign up {name}: {}", r.status());
    let cookie = r
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| {
            v.split(';')
                .next()
                .filter(|c| c.starts_with("asean_session="))
        })
        .expect("a session cookie")
        .to_owned();
    let mut body = "description=bot".to_owned();
    for s in scopes {
        body.push_str(&format!("&scopes%5B%5D={s}"));
    }
    let r = client
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

/// `POST path` with `token` and the form `form`: the status and the JSON.
pub async fn post(addr: SocketAddr, path: &str, token: &str, form: &str) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}{path}"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(AUTHORIZATION, format!("Bearer {token}"))
        .body(form.to_owned())
        .send()
        .await
        .expect("request");
    let status = r.status();
    let text = r.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// An NDJSON stream being read.
pub struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    /// `GET path` with `token`, as a stream.
    pub async fn open(addr: SocketAddr, path: &str, token: &str) -> Stream {
        let response = reqwest::Client::new()
            .get(format!("http://{addr}{path}"))
            .header(AUTHORIZATION, format!("Bearer {token}"))
            .send()
            .await
            .expect("stream");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        Stream {
            response,
            buffer: String::new(),
        }
    }

    /// The next line that is not empty, within `within`; `None` at the stream's end.
    pub async fn line(&mut self, within: Duration) -> Option<Value> {
        tokio::time::timeout(within, async {
            loop {
                if let Some(i) = self.buffer.find('\n') {
                    let line: String = self.buffer.drain(..=i).collect();
                    if line.trim().is_empty() {
                        continue;
                    }
                    return Some(serde_json::from_str(line.trim()).expect("a JSON line"));
                }
                match self.response.chunk().await.ok().flatten() {
                    Some(b) => self
                        .buffer
                        .push_str(std::str::from_utf8(&b).expect("utf-8")),
                    None => return None,
                }
            }
        })
        .await
        .expect("a line in time")
    }

    /// Reads lines until one that `pred` takes, within `within` in all.
    pub async fn until(&mut self, within: Duration, pred: impl Fn(&Value) -> bool) -> Value {
        let end = tokio::time::Instant::now() + within;
        loop {
            let left = end.saturating_duration_since(tokio::time::Instant::now());
            let v = self.line(left).await.expect("the stream ended");
            if pred(&v) {
                return v;
            }
        }
    }
}

/// An `asean-bot` process; killed when dropped. Its log is in its directory.
pub struct BotProcess {
    child: Child,
    pub log: PathBuf,
    _dir: tempfile::TempDir,
}

impl BotProcess {
    /// Runs `asean-bot` for `token` against the server at `addr`, with `extra` appended to
    /// its `[server]` section (more keys, and sections after them); the engine is the
    /// workspace's `asean-engine` at skill level `level`.
    pub fn start(addr: SocketAddr, token: &str, level: u8, extra: &str) -> BotProcess {
        let (_, engine) = binaries();
        let engine = format!(
            "command = {:?}\n[engine.options]\n\"Skill Level\" = {level}\nHash = 8\n",
            engine.display().to_string()
        );
        BotProcess::start_with_engine(addr, token, &engine, extra)
    }

    /// [`BotProcess::start`] with `engine` as the `[engine]` section's keys.
    pub fn start_with_engine(
        addr: SocketAddr,
        token: &str,
        engine: &str,
        extra: &str,
    ) -> BotProcess {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("token"), format!("{token}\n")).expect("token file");
        let config = format!(
            "[server]\nurl = \"http://{addr}\"\ntoken_file = {:?}\nreconnect_max_ms = 1000\n\
             {extra}\n[engine]\n{engine}\n",
            dir.path().join("token").display().to_string(),
        );
        let config_path = dir.path().join("bot.toml");
        std::fs::write(&config_path, config).expect("config");
        let log = dir.path().join("bot.log");
        let child = Command::new(env!("CARGO_BIN_EXE_asean-bot"))
            .arg("--config")
            .arg(&config_path)
            .env(
                "RUST_LOG",
                std::env::var("BOT_LOG")
                    .unwrap_or_else(|_| "bot=debug,asean_bot=debug,info".into()),
            )
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("asean-bot");
        BotProcess {
            child,
            log,
            _dir: dir,
        }
    }

    /// Its log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Whether it has exited.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
