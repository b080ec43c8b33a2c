//! Hostile clients against the real server binary: each scenario starts a fresh server (with its
//! SQLite store in a temporary directory) on a free loopback port, attacks it, and reports the
//! server's resident memory (VmRSS before, peak sampled every 100 ms, and 3 s after the attack),
//! its CPU time (utime + stime, in ms and in % of one core over the scenario) and what the
//! attacking clients saw (refusals, closes, error codes).
//!
//! ```text
//! cargo xtask bench-lobby -- --scenario hostile          (every scenario, one after another)
//! cargo xtask bench-lobby -- --scenario idle,flicker     (some of them)
//! cargo bench -p server --bench lobby_hostile -- --scenario room-spam --seconds 10
//! ```
//!
//! Scenarios (and the options that scale them, with their defaults):
//!
//! * `idle`: `--idle 10000` WebSockets that say hello and then only ping every 25 s, opened
//!   `--parallel 200` at a time from `--per-addr 200` sockets per loopback source address
//!   (127.1.x.y), held `--hold-secs 30`. Target: server RSS under 250 MB.
//! * `slow-readers`: `--slow 250` clients that send hello + watch_lobby with a small receive
//!   buffer and never read, while `--churn 5000` clients (10 per source address) connect, say
//!   hello, create a public room and disconnect. Target: under 50 MB added. At the end every
//!   slow reader reads what it was sent: closed by the server, or still open.
//! * `idle-tcp`: `--idle-tcp 1100` raw TCP sockets that never send a byte and `--half-head 100`
//!   that send half a request head; a real client connects and plays (create, join, move)
//!   while they are held and after; reports how long the server held them (waiting at most
//!   `--tcp-wait-secs 40`). A socket still open then that the server's side does not have
//!   (not in `/proc/net/tcp`: its handshake was dropped in a full listen queue, which SYN
//!   cookies hide from the client) is counted apart from the ones the server holds.
//! * `room-spam`: one source address (127.5.0.1) creates rooms as fast as it is allowed for
//!   `--seconds 30` through `--spam-conns 32` connections that reconnect on every refusal, plus
//!   two pairs that chain rematches (started first, so that they hold a game before any cap
//!   fills); stops at `--spam-max 20000` rooms. Reports the rooms it got, the refusals
//!   (`too_many_rooms`...) and the server's rooms-in-memory gauge.
//! * `flicker`: a seated player (both sides have moved) reconnects for 0.2 s every 2.5 s for
//!   `--seconds 30` against a server started with `--countdown-secs 20`; the opponent records
//!   the `claim_in_ms` of every presence message and claims the win when it runs out. The
//!   countdown should add up over the short visits.
//! * `finished-startup`: a database with `--finished 50000` finished games of
//!   `--finished-plies 40` plies (written with rusqlite into the schema the server itself
//!   creates), then the time from spawn until `/healthz` answers and the RSS then, and that
//!   the last game opens (watched: its snapshot has the result). Targets: under 1 s and 60 MB.
//! * `cross-slow` (several nodes: needs `ASEAN_TEST_POSTGRES` and `ASEAN_TEST_REDIS`, which
//!   `cargo xtask bench-lobby -- --scenario ...` sets): two nodes; `--cross-rooms 10` rooms on
//!   node 1 whose two players (on node 1) play knight moves out and back (30 plies a second) for
//!   `--seconds 30`, watched by `--slow 250` spectators that joined from node 2 and never read
//!   (SO_RCVBUF 4 KiB). Every event crosses the bus to node 2, where the spectators' outboxes
//!   fill. Targets: both nodes under 50 MB added, the spectators cut off, and nothing left of
//!   them in either node's relay (`asean_relayed_connections`, `asean_proxies`) at the end.
//!
//! * `listing-churn`: `--watchers 20` clients watch the lobby (and read everything) while
//!   `--listed 50` public rooms wait in it and one more room is created, or cancelled, every
//!   `--room-every-ms 1000`; one source address (127.10.0.1) opens and closes WebSockets (hello,
//!   then close) `--churn-parallel 8` at a time for `--seconds 30`. Reports what each watcher
//!   received of the lobby (frames and bytes per second, by message type). Target: under
//!   1 KiB per watcher per second (the listing is not an amplifier of connections).
//!
//! * `launch`: the server as shipped (default flags) on a store of `--launch-finished 20000`
//!   finished games of 40 to 80 plies (written with rusqlite, as `finished-startup` does),
//!   for `--seconds 30`: `--games 1000` honest games, each player from a loopback address
//!   of its own (127.20.x.y, as distinct players are in real life), set up `--parallel 200`
//!   pairs at a time (one creates a room, public for every other pair, the other joins it)
//!   and playing random legal moves, a ply every `--ply-every-ms 2000` a game; `--watchers 20`
//!   clients watching the lobby; and an attacker on `--attackers 16` addresses (127.0.0.2 and
//!   up) doing everything at once from each: rooms created and cancelled (2 connections),
//!   old games watched up to the caps (5), joins of made-up ids (1), connections that watch
//!   the lobby and leave (2), a flood of pings, malformed JSON and commands for rooms it is
//!   not in at `--flood-per-sec 200` (1), and `--attack-silent 200` silent connections (half
//!   raw TCP, half WebSockets without hello), reopened when the server closes them. Reports
//!   the honest rooms created of those attempted, the send-to-echo latency of the honest
//!   moves (p50, p90, p99, max), the listing's bytes per watcher per second, what the attacker
//!   saw and the server's refusals and drops by kind (`/metrics`). Target: every honest room
//!   created and joined, no honest failure. The bench then holds about 2 × games + attackers
//!   × (attack-silent + 11) + watchers sockets, the server as many: `ulimit -n` 20000 fits the
//!   defaults.
//!
//! `LOBBY_SERVER_BIN=/path/to/server` runs another build of the server than the one cargo built
//! for the bench (to compare two builds with the same harness).
//!
//! Every loop is bounded in count and time; only loopback addresses are used. The machine
//! needs an open-file limit above the largest scenario (`ulimit -n` 20000 fits `--idle 10000`:
//! the client and the server each hold one end).

#![allow(missing_docs)]

#[path = "../tests/common/backing.rs"]
mod backing;

use std::collections::BTreeMap;
use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMsg, PROTOCOL_VERSION, PromotionRule, RoomCommand, RoomId, SeatChoice};
use rules::{Game, Rules};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

const SCENARIOS: [&str; 9] = [
    "idle",
    "slow-readers",
    "idle-tcp",
    "room-spam",
    "flicker",
    "finished-startup",
    "listing-churn",
    "cross-slow",
    "launch",
];

/// The address of the "real" clients (and of the server).
const LOCAL: Ipv4Addr = Ipv4Addr::LOCALHOST;

/// The hostile-clients benchmark's command line (`cargo xtask bench-lobby -- --scenario hostile
/// --help`).
#[derive(Debug, clap::Parser)]
#[command(
    name = "lobby_hostile",
    about = "Hostile clients against the real server binary, one scenario at a time"
)]
struct Options {
    /// Scenarios to run, comma-separated (hostile or all: every one) [default: all].
    #[arg(long = "scenario", value_delimiter = ',', value_parser = scenario)]
    named: Vec<String>,
    /// The scenarios `named` stands for, in order.
    #[arg(skip)]
    scenarios: Vec<String>,
    /// WebSockets held open by `idle`.
    #[arg(long, default_value_t = 10_000, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    idle: usize,
    /// Sockets per loopback source address (`idle`).
    #[arg(long, default_value_t = 200, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    per_addr: usize,
    /// Connections opened at a time (`idle`).
    #[arg(long, default_value_t = 200, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    parallel: usize,
    /// Seconds the `idle` sockets are held.
    #[arg(long, default_value_t = 30)]
    hold_secs: u64,
    /// Clients that never read (`slow-readers`, `cross-slow`).
    #[arg(long, default_value_t = 250, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    slow: usize,
    /// Clients that connect, create a room and leave (`slow-readers`).
    #[arg(long, default_value_t = 5000, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    churn: usize,
    /// Raw TCP sockets that never send a byte (`idle-tcp`).
    #[arg(long, default_value_t = 1100, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    idle_tcp: usize,
    /// Sockets that send half a request head (`idle-tcp`).
    #[arg(long, default_value_t = 100, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    half_head: usize,
    /// Seconds to wait for the server to close the `idle-tcp` sockets at most.
    #[arg(long, default_value_t = 40)]
    tcp_wait_secs: u64,
    /// Length of `room-spam`, `flicker` and `cross-slow`, in seconds.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// The server's --countdown-secs in `flicker`.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    countdown_secs: u64,
    /// Connections creating rooms (`room-spam`).
    #[arg(long, default_value_t = 32, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    spam_conns: usize,
    /// Rooms `room-spam` stops at.
    #[arg(long, default_value_t = 20_000)]
    spam_max: u64,
    /// Finished games in the database (`finished-startup`).
    #[arg(long, default_value_t = 50_000, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    finished: usize,
    /// Plies of each finished game (`finished-startup`).
    #[arg(long, default_value_t = 40, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    finished_plies: usize,
    /// Lobby watchers that read everything (`listing-churn`).
    #[arg(long, default_value_t = 20, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    watchers: usize,
    /// Public rooms waiting in the listing (`listing-churn`; 20 per creating address).
    #[arg(long, default_value_t = 50, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    listed: usize,
    /// Milliseconds between two changes of the listing, a room created or cancelled
    /// (`listing-churn`; 0: none).
    #[arg(long, default_value_t = 1000)]
    room_every_ms: u64,
    /// Connections the churning address opens at a time (`listing-churn`).
    #[arg(long, default_value_t = 8, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    churn_parallel: usize,
    /// Rooms played on node 1 and watched from node 2 (`cross-slow`).
    #[arg(long, default_value_t = 10, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    cross_rooms: usize,
    /// Honest games played at once, two players each from addresses of their own (`launch`).
    #[arg(long, default_value_t = 1000, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    games: usize,
    /// Finished games in the store (`launch`), of 40 to 80 plies.
    #[arg(long, default_value_t = 20_000, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    launch_finished: usize,
    /// Milliseconds between two plies of one honest game (`launch`).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    ply_every_ms: u64,
    /// Attacking addresses, 127.0.0.2 and up (`launch`).
    #[arg(long, default_value_t = 16, value_parser = RangedU64ValueParser::<usize>::new().range(0..=250))]
    attackers: usize,
    /// Silent connections each attacking address holds (`launch`): half raw TCP that never
    /// sends, half WebSockets that never say hello.
    #[arg(long, default_value_t = 200, value_parser = RangedU64ValueParser::<usize>::new().range(0..))]
    attack_silent: usize,
    /// Messages a second each attacking address floods with (`launch`).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    flood_per_sec: u64,
}

/// A word of `--scenario`: a scenario's name, or hostile or all.
fn scenario(word: &str) -> Result<String, String> {
    if word == "hostile" || word == "all" || SCENARIOS.contains(&word) {
        Ok(word.to_owned())
    } else {
        Err(format!(
            "unknown scenario {word}: hostile, {}",
            SCENARIOS.join(", ")
        ))
    }
}

/// The options from the command line (cargo bench's own `--bench` left out), every scenario
/// when none is named.
fn options() -> Options {
    let mut o = Options::parse_from(std::env::args().filter(|a| a != "--bench"));
    for word in &o.named {
        match word.as_str() {
            "hostile" | "all" => o.scenarios.extend(SCENARIOS.map(String::from)),
            s => o.scenarios.push(s.to_owned()),
        }
    }
    if o.scenarios.is_empty() {
        o.scenarios.extend(SCENARIOS.map(String::from));
    }
    o
}

// ---------------------------------------------------------------------------------------------
// Protocol helpers. The room id is built in one place (`RoomId` is `String` in the old protocol
// and a checked newtype in the new one: `str::parse` makes either). Server messages are read as
// JSON values, so that a message or an error code this protocol version does not know (a
// `presence` message, `too_many_rooms`) is still seen and reported.
// ---------------------------------------------------------------------------------------------

fn room_id(s: &str) -> RoomId {
    s.parse().expect("a room id from the server")
}

fn hello() -> ClientMsg {
    ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
    }
}

fn create(public: bool) -> ClientMsg {
    ClientMsg::CreateRoom {
        rated: false,
        seat: SeatChoice::White,
        promotion: PromotionRule::Any,
        clock: None,
        public,
        rating_range: None,
    }
}

fn join(room: &str, secret: Option<&str>) -> ClientMsg {
    ClientMsg::Join {
        room: room_id(room),
        secret: secret.map(str::to_owned),
        after: None,
        watch: false,
    }
}

fn kind(v: &Value) -> &str {
    v["type"].as_str().unwrap_or("")
}

fn is(t: &'static str) -> impl Fn(&Value) -> bool {
    move |v| kind(v) == t
}

fn event_kind(v: &Value) -> &str {
    if kind(v) == "event" {
        v["event"]["kind"].as_str().unwrap_or("")
    } else {
        ""
    }
}

fn error_code(v: &Value) -> Option<&str> {
    (kind(v) == "error").then(|| v["code"].as_str().unwrap_or("?"))
}

/// A presence change, from the new `presence` message or the old numbered `presence` event:
/// (seat, online, claim_in_ms).
fn presence_of(v: &Value) -> Option<(String, bool, Option<u64>)> {
    let p = if kind(v) == "presence" {
        v
    } else if event_kind(v) == "presence" {
        &v["event"]
    } else {
        return None;
    };
    Some((
        p["seat"].as_str()?.to_owned(),
        p["online"].as_bool()?,
        p["claim_in_ms"].as_u64(),
    ))
}

/// The first two plies of a fixed opening (for games where both sides must have moved).
fn opening() -> (String, String) {
    let mut g = Game::new(Rules::default());
    let m1 = g.position().legal_moves()[0];
    g.play(m1).expect("a legal move");
    let m2 = g.position().legal_moves()[0];
    (m1.to_uci(), m2.to_uci())
}

// ---------------------------------------------------------------------------------------------
// Connections.
// ---------------------------------------------------------------------------------------------

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A loopback source address: 127.`block`.`n / 254`.`n % 254 + 1` (never 127.0.0.1).
fn source(block: u8, n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, block, (n / 254) as u8, (n % 254 + 1) as u8)
}

fn io_kind(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::ConnectionRefused => "refused".into(),
        io::ErrorKind::ConnectionReset => "reset".into(),
        io::ErrorKind::ConnectionAborted => "aborted".into(),
        io::ErrorKind::BrokenPipe => "broken-pipe".into(),
        io::ErrorKind::TimedOut => "timeout".into(),
        io::ErrorKind::UnexpectedEof => "eof".into(),
        io::ErrorKind::AddrNotAvailable => "addr-not-available".into(),
        k => format!("{k:?}"),
    }
}

fn ws_err(e: &tokio_tungstenite::tungstenite::Error) -> String {
    use tokio_tungstenite::tungstenite::Error as E;
    use tokio_tungstenite::tungstenite::error::ProtocolError as P;
    match e {
        E::Http(r) => format!("http {}", r.status().as_u16()),
        E::Io(io) => io_kind(io),
        E::ConnectionClosed | E::AlreadyClosed => "closed".into(),
        E::Protocol(P::ResetWithoutClosingHandshake) => "eof (no close frame)".into(),
        E::Protocol(p) => format!("protocol: {p}"),
        other => other.to_string(),
    }
}

async fn tcp_connect(
    server: SocketAddr,
    src: Ipv4Addr,
    rcvbuf: Option<u32>,
) -> Result<TcpStream, String> {
    let go = async {
        let sock = TcpSocket::new_v4()?;
        if let Some(n) = rcvbuf {
            sock.set_recv_buffer_size(n)?;
        }
        sock.bind(SocketAddr::new(src.into(), 0))?;
        sock.connect(server).await
    };
    match tokio::time::timeout(Duration::from_secs(10), go).await {
        Ok(Ok(s)) => Ok(s),
        Ok(Err(e)) => Err(io_kind(&e)),
        Err(_) => Err("connect timeout".into()),
    }
}

async fn ws_connect(server: SocketAddr, src: Ipv4Addr, rcvbuf: Option<u32>) -> Result<Ws, String> {
    let stream = tcp_connect(server, src, rcvbuf).await?;
    // Small buffers: thousands of these live in this process.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let handshake = tokio_tungstenite::client_async_with_config(
        format!("ws://{server}/ws"),
        stream,
        Some(config),
    );
    match tokio::time::timeout(Duration::from_secs(10), handshake).await {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(ws_err(&e)),
        Err(_) => Err("handshake timeout".into()),
    }
}

enum Got {
    Msg(Value),
    Closed(String),
}

/// The next text message, or how the connection ended (cancel-safe).
async fn recv(ws: &mut Ws) -> Got {
    loop {
        match ws.next().await {
            None => return Got::Closed("eof".into()),
            Some(Ok(Message::Text(t))) => {
                if let Ok(v) = serde_json::from_str(&t) {
                    return Got::Msg(v);
                }
            }
            Some(Ok(Message::Close(f))) => {
                return Got::Closed(match f {
                    Some(f) => format!("close {}", u16::from(f.code)),
                    None => "close (no code)".into(),
                });
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Got::Closed(ws_err(&e)),
        }
    }
}

/// A protocol client: connected, hello sent, events acknowledged as they are read.
struct Client {
    ws: Ws,
}

impl Client {
    async fn connect(server: SocketAddr, src: Ipv4Addr) -> Result<Client, String> {
        let mut c = Client {
            ws: ws_connect(server, src, None).await?,
        };
        c.send(&hello()).await?;
        Ok(c)
    }

    async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.ws
            .send(Message::Text(msg.to_json().into()))
            .await
            .map_err(|e| ws_err(&e))
    }

    async fn ack(&mut self, v: &Value) {
        if kind(v) == "event"
            && let (Some(room), Some(seq)) = (v["room"].as_str(), v["seq"].as_u64())
        {
            let _ = self
                .send(&ClientMsg::Ack {
                    room: room_id(room),
                    seq,
                })
                .await;
        }
    }

    /// Reads until a message `want`s; an error message it does not want is `Err("error
    /// <code>")`, a closed connection `Err(<how>)`.
    async fn wait(
        &mut self,
        limit: Duration,
        want: impl Fn(&Value) -> bool,
    ) -> Result<Value, String> {
        let end = tokio::time::Instant::now() + limit;
        loop {
            let got = tokio::time::timeout_at(end, recv(&mut self.ws))
                .await
                .map_err(|_| "timeout".to_string())?;
            let v = match got {
                Got::Msg(v) => v,
                Got::Closed(how) => return Err(how),
            };
            self.ack(&v).await;
            if want(&v) {
                return Ok(v);
            }
            if let Some(code) = error_code(&v) {
                return Err(format!("error {code}"));
            }
        }
    }
}

async fn raw_write(s: &TcpStream, mut buf: &[u8]) -> io::Result<()> {
    while !buf.is_empty() {
        s.writable().await?;
        match s.try_write(buf) {
            Ok(n) => buf = &buf[n..],
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

async fn raw_read(s: &TcpStream, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        s.readable().await?;
        match s.try_read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
}

/// A plain HTTP GET (connection: close); the whole response, or `None`.
async fn http_get(server: SocketAddr, path: &str, limit: Duration) -> Option<String> {
    let go = async {
        let s = TcpStream::connect(server).await.ok()?;
        let req = format!("GET {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n");
        raw_write(&s, req.as_bytes()).await.ok()?;
        let mut out = Vec::new();
        let mut buf = [0u8; 8192];
        loop {
            match raw_read(&s, &mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
            }
        }
        Some(String::from_utf8_lossy(&out).into_owned())
    };
    tokio::time::timeout(limit, go).await.ok().flatten()
}

async fn healthz(server: SocketAddr, limit: Duration) -> bool {
    http_get(server, "/healthz", limit)
        .await
        .is_some_and(|r| r.starts_with("HTTP/1.1 200"))
}

/// The rooms the server holds in memory (the gauge's name changed in the rewrite).
async fn rooms_in_memory(server: SocketAddr) -> Option<f64> {
    for name in ["asean_rooms_in_memory", "asean_rooms"] {
        if let Some(v) = metric(server, name).await {
            return Some(v);
        }
    }
    None
}

/// A gauge or counter from `/metrics` (`None` when the server does not export it).
async fn metric(server: SocketAddr, name: &str) -> Option<f64> {
    let text = http_get(server, "/metrics", Duration::from_secs(5)).await?;
    text.lines()
        .filter_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .find_map(|v| v.trim().parse().ok())
}

/// Counts of what happened, by label.
#[derive(Default)]
struct Tally(Mutex<BTreeMap<String, u64>>);

impl Tally {
    fn add(&self, what: impl Into<String>) {
        if let Ok(mut m) = self.0.lock() {
            *m.entry(what.into()).or_default() += 1;
        }
    }

    fn get(&self, what: &str) -> u64 {
        self.0
            .lock()
            .map(|m| m.get(what).copied().unwrap_or(0))
            .unwrap_or(0)
    }

    fn total(&self) -> u64 {
        self.0.lock().map(|m| m.values().sum()).unwrap_or(0)
    }

    fn show(&self) -> String {
        let Ok(m) = self.0.lock() else {
            return String::new();
        };
        if m.is_empty() {
            return "none".into();
        }
        m.iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

// ---------------------------------------------------------------------------------------------
// The server process and what /proc says about it.
// ---------------------------------------------------------------------------------------------

struct Server {
    child: Child,
    pid: u32,
    addr: SocketAddr,
    log: PathBuf,
    spawned: Instant,
    _dir: tempfile::TempDir,
}

impl Server {
    /// Spawns the server on a free port (a temporary `www` directory, the database `db` or one
    /// in the temporary directory) without waiting for it.
    fn spawn(extra: &[String], db: Option<&Path>) -> Server {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = db.map_or_else(|| dir.path().join("lobby.sqlite3"), Path::to_path_buf);
        Server::spawn_on(extra, &db.display().to_string(), dir)
    }

    /// Spawns the server with `--db db` (a file or a `postgres://` URL), serving `dir`.
    fn spawn_on(extra: &[String], db: &str, dir: tempfile::TempDir) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("port")
            .local_addr()
            .expect("addr")
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
        let log = dir.path().join("server.log");
        let spawned = Instant::now();
        let child = Command::new(server_bin())
            .args(["--addr", &addr.to_string(), "--www"])
            .arg(dir.path())
            .args(["--db", db])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start the server");
        Server {
            pid: child.id(),
            child,
            addr,
            log,
            spawned,
            _dir: dir,
        }
    }

    /// Polls `/healthz` until it answers (the time since spawn) or `limit` passes.
    async fn ready(&mut self, limit: Duration) -> Option<Duration> {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "the server exited ({status}): {}",
                    std::fs::read_to_string(&self.log).unwrap_or_default()
                );
            }
            // A connection may be accepted before the server serves: wait for the answer.
            if healthz(self.addr, end.saturating_duration_since(Instant::now())).await {
                return Some(self.spawned.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        None
    }

    async fn start(extra: &[String]) -> Server {
        let mut s = Server::spawn(extra, None);
        s.ready(Duration::from_secs(60))
            .await
            .expect("the server did not answer /healthz in 60 s");
        s
    }

    fn log_summary(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        match lines.first() {
            None => "server log: empty".into(),
            Some(first) => format!(
                "server log: {} lines, first: {}",
                lines.len(),
                first.chars().take(160).collect::<String>()
            ),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server binary: `$LOBBY_SERVER_BIN` when set (to compare two builds), else the one cargo
/// built for this bench.
fn server_bin() -> PathBuf {
    std::env::var_os("LOBBY_SERVER_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_server")),
        PathBuf::from,
    )
}

fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn getconf(name: &str, default: u64) -> u64 {
    Command::new("getconf")
        .arg(name)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

/// The kernel's count of connections dropped because a listen queue was full (system-wide,
/// `TcpExt: ListenOverflows` in `/proc/net/netstat`). A client whose handshake was dropped
/// there may believe it is connected while the server never accepted it.
fn listen_overflows() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/net/netstat").ok()?;
    let mut lines = text.lines().filter(|l| l.starts_with("TcpExt:"));
    let (names, values) = (lines.next()?, lines.next()?);
    let i = names
        .split_whitespace()
        .position(|n| n == "ListenOverflows")?;
    values.split_whitespace().nth(i)?.parse().ok()
}

/// Open file descriptors of the process (its sockets, mostly).
fn fd_count(pid: u32) -> Option<usize> {
    Some(std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count())
}

fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| getconf("CLK_TCK", 100))
}

/// The kernel's TCP buffer memory, system-wide (`/proc/net/sockstat`, `TCP: ... mem` pages):
/// what queued socket data costs outside any process's RSS.
fn tcp_mem_kb() -> Option<u64> {
    static PAGE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let page = *PAGE.get_or_init(|| getconf("PAGESIZE", 4096));
    let text = std::fs::read_to_string("/proc/net/sockstat").ok()?;
    let tcp = text.lines().find(|l| l.starts_with("TCP:"))?;
    let mut words = tcp.split_whitespace();
    words.find(|w| *w == "mem")?;
    Some(words.next()?.parse::<u64>().ok()? * page / 1024)
}

/// utime + stime of the process, in ms.
fn cpu_ms(pid: u32) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    // The fields after the command name (which is in parentheses and may hold spaces).
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0;
    };
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| f.get(i)?.parse::<u64>().ok())
        .sum();
    ticks * 1000 / clock_ticks()
}

/// Samples the server's RSS every 100 ms on its own thread (not delayed by the clients).
struct Measure {
    pid: u32,
    t0: Instant,
    before_kb: Option<u64>,
    cpu0: u64,
    overflows0: Option<u64>,
    stop: Arc<AtomicBool>,
    peak: Arc<AtomicU64>,
    thread: Option<std::thread::JoinHandle<()>>,
}

#[derive(Clone, Copy, Default)]
struct Figures {
    before_kb: Option<u64>,
    peak_kb: u64,
    after_kb: u64,
    cpu_ms: u64,
    wall_ms: u64,
    listen_overflows: u64,
}

impl Figures {
    fn cpu_pct(self) -> f64 {
        self.cpu_ms as f64 * 100.0 / self.wall_ms.max(1) as f64
    }

    fn added_kb(self) -> u64 {
        self.peak_kb.saturating_sub(self.before_kb.unwrap_or(0))
    }
}

impl Measure {
    fn begin(server: &Server) -> Measure {
        Measure::begin_pid(server.pid, rss_kb(server.pid), cpu_ms(server.pid))
    }

    fn begin_pid(pid: u32, before_kb: Option<u64>, cpu0: u64) -> Measure {
        let stop = Arc::new(AtomicBool::new(false));
        let peak = Arc::new(AtomicU64::new(before_kb.unwrap_or(0)));
        let thread = {
            let (stop, peak) = (stop.clone(), peak.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if let Some(kb) = rss_kb(pid) {
                        peak.fetch_max(kb, Ordering::Relaxed);
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        };
        Measure {
            pid,
            t0: Instant::now(),
            before_kb,
            cpu0,
            overflows0: listen_overflows(),
            stop,
            peak,
            thread: Some(thread),
        }
    }

    fn peak_now(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Call when the attack is over: waits 3 s (or `$LOBBY_AFTER_SECS`), then reads the RSS and
    /// the CPU time.
    async fn end(mut self) -> Figures {
        let after = std::env::var("LOBBY_AFTER_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        tokio::time::sleep(Duration::from_secs(after)).await;
        let after_kb = rss_kb(self.pid).unwrap_or(0);
        let cpu = cpu_ms(self.pid).saturating_sub(self.cpu0);
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        Figures {
            before_kb: self.before_kb,
            peak_kb: self.peak.load(Ordering::Relaxed).max(after_kb),
            after_kb,
            cpu_ms: cpu,
            wall_ms: self.t0.elapsed().as_millis() as u64,
            listen_overflows: listen_overflows()
                .zip(self.overflows0)
                .map_or(0, |(b, a)| b.saturating_sub(a)),
        }
    }
}

fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

struct Row {
    name: &'static str,
    fig: Figures,
    result: String,
    target: String,
}

fn print_figures(fig: Figures) {
    println!(
        "  server RSS: before {}, peak {}, 3 s after {}; CPU {} ms ({:.0} % of one core over {:.1} s)",
        fig.before_kb.map_or_else(|| "-".into(), mb),
        mb(fig.peak_kb),
        mb(fig.after_kb),
        fig.cpu_ms,
        fig.cpu_pct(),
        fig.wall_ms as f64 / 1000.0
    );
    if fig.listen_overflows > 0 {
        println!(
            "  kernel listen-queue overflows meanwhile (system-wide): {} (handshakes dropped: the server accepts too slowly or its backlog is small)",
            fig.listen_overflows
        );
    }
}

fn verdict(ok: bool, what: String) -> String {
    format!("{} {what}", if ok { "ok:" } else { "MISSED:" })
}

fn percentiles(mut v: Vec<u64>) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.sort_unstable();
    let at = |p: f64| v[((v.len() as f64 * p) as usize).min(v.len() - 1)];
    format!(
        "min {:.1} s, median {:.1} s, max {:.1} s",
        at(0.0) as f64 / 1000.0,
        at(0.5) as f64 / 1000.0,
        at(1.0) as f64 / 1000.0
    )
}

// ---------------------------------------------------------------------------------------------
// Scenario 1: idle WebSockets.
// ---------------------------------------------------------------------------------------------

async fn idle(o: &Options) -> Row {
    let server = Server::start(&[]).await;
    let addr = server.addr;
    let m = Measure::begin(&server);
    let (stop_tx, stop_rx) = watch::channel(false);
    let refused = Arc::new(Tally::default());
    let closed = Arc::new(Tally::default());
    let connected = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    let pings = Arc::new(AtomicU64::new(0));
    let pongs = Arc::new(AtomicU64::new(0));
    let limit = Arc::new(Semaphore::new(o.parallel));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(o.idle);
    for i in 0..o.idle {
        let src = source(1, i / o.per_addr);
        let (limit, refused, closed, connected, done, pings, pongs) = (
            limit.clone(),
            refused.clone(),
            closed.clone(),
            connected.clone(),
            done.clone(),
            pings.clone(),
            pongs.clone(),
        );
        let mut stop = stop_rx.clone();
        tasks.push(tokio::spawn(async move {
            let permit = limit.acquire_owned().await.expect("semaphore");
            let mut c = match Client::connect(addr, src).await {
                Ok(c) => c,
                Err(e) => {
                    refused.add(e);
                    done.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            };
            if let Err(e) = c.wait(Duration::from_secs(10), is("welcome")).await {
                refused.add(format!("no welcome: {e}"));
                done.fetch_add(1, Ordering::Relaxed);
                return;
            }
            drop(permit);
            connected.fetch_add(1, Ordering::Relaxed);
            done.fetch_add(1, Ordering::Relaxed);
            let period = Duration::from_secs(25);
            let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
            loop {
                tokio::select! {
                    _ = stop.changed() => break,
                    _ = ping.tick() => {
                        if let Err(e) = c.send(&ClientMsg::Ping).await {
                            closed.add(format!("ping failed: {e}"));
                            break;
                        }
                        pings.fetch_add(1, Ordering::Relaxed);
                    }
                    got = recv(&mut c.ws) => match got {
                        Got::Msg(v) if kind(&v) == "pong" => { pongs.fetch_add(1, Ordering::Relaxed); }
                        Got::Msg(v) => {
                            if let Some(code) = error_code(&v) {
                                closed.add(format!("error {code}"));
                            }
                        }
                        Got::Closed(how) => {
                            closed.add(how);
                            break;
                        }
                    }
                }
            }
        }));
    }
    let connect_end = Instant::now() + Duration::from_secs(300);
    while done.load(Ordering::Relaxed) < o.idle && Instant::now() < connect_end {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let connect_secs = started.elapsed().as_secs_f64();
    let n = connected.load(Ordering::Relaxed);
    println!(
        "  {n} of {} connected in {connect_secs:.1} s from {} source addresses; refused: {}",
        o.idle,
        o.idle.div_ceil(o.per_addr),
        refused.show()
    );
    let rss_connected = rss_kb(server.pid).unwrap_or(0);
    tokio::time::sleep(Duration::from_secs(o.hold_secs)).await;
    let _ = stop_tx.send(true);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(10), t).await;
    }
    let fig = m.end().await;
    println!(
        "  after the attack: the server counts {} WebSockets and {} TCP connections open",
        metric(addr, "asean_connections").await.unwrap_or(-1.0),
        metric(addr, "asean_tcp_connections_open")
            .await
            .unwrap_or(-1.0),
    );
    println!(
        "  held {} s: {} pings, {} pongs; closed by the server while held: {}; server RSS once all were connected {} ({:.1} KB per connection)",
        o.hold_secs,
        pings.load(Ordering::Relaxed),
        pongs.load(Ordering::Relaxed),
        closed.show(),
        mb(rss_connected),
        rss_connected.saturating_sub(fig.before_kb.unwrap_or(0)) as f64 / n.max(1) as f64
    );
    print_figures(fig);
    println!("  {}", server.log_summary());
    Row {
        name: "idle",
        fig,
        result: format!(
            "{n}/{} connected ({:.0} s); refused {}; closed {}",
            o.idle,
            connect_secs,
            refused.total(),
            closed.total()
        ),
        target: verdict(fig.peak_kb < 250 * 1024, "peak < 250 MB".into()),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 2: slow readers watching the lobby while rooms churn.
// ---------------------------------------------------------------------------------------------

/// Reads what a slow reader was sent: how its connection stands, messages and bytes read.
async fn drain(mut ws: Ws) -> (String, u64, u64) {
    let (mut msgs, mut bytes) = (0u64, 0u64);
    let end = tokio::time::Instant::now() + Duration::from_secs(20);
    let mut error: Option<String> = None;
    loop {
        if tokio::time::Instant::now() >= end {
            return ("still sending after 20 s".into(), msgs, bytes);
        }
        match tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
            Err(_) => return ("open".into(), msgs, bytes),
            Ok(None) => return (format!("closed: eof{}", show_err(&error)), msgs, bytes),
            Ok(Some(Ok(Message::Text(t)))) => {
                msgs += 1;
                bytes += t.len() as u64;
                if t.starts_with(r#"{"type":"error""#)
                    && let Ok(v) = serde_json::from_str::<Value>(&t)
                {
                    error = error_code(&v).map(str::to_owned);
                }
            }
            Ok(Some(Ok(Message::Close(f)))) => {
                let code = f.map_or_else(|| "no code".into(), |f| u16::from(f.code).to_string());
                return (
                    format!("closed: close {code}{}", show_err(&error)),
                    msgs,
                    bytes,
                );
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(e))) => {
                return (
                    format!("closed: {}{}", ws_err(&e), show_err(&error)),
                    msgs,
                    bytes,
                );
            }
        }
    }
}

fn show_err(e: &Option<String>) -> String {
    e.as_ref()
        .map(|c| format!(" after error {c}"))
        .unwrap_or_default()
}

/// A client with a 4 KiB receive buffer that says hello, then `msg`, and never reads.
async fn slow_reader(server: SocketAddr, src: Ipv4Addr, msg: ClientMsg) -> Result<Ws, String> {
    let mut ws = ws_connect(server, src, Some(4096)).await?;
    for m in [hello(), msg] {
        if ws.send(Message::Text(m.to_json().into())).await.is_err() {
            return Err("send failed".into());
        }
    }
    Ok(ws)
}

async fn slow_readers(o: &Options) -> Row {
    let server = Server::start(&[]).await;
    let addr = server.addr;
    let m = Measure::begin(&server);
    let tcp_mem_before = tcp_mem_kb();
    let refused = Tally::default();
    let mut slow = Vec::with_capacity(o.slow);
    for i in 0..o.slow {
        match slow_reader(addr, source(2, i / 50), ClientMsg::WatchLobby).await {
            Ok(ws) => slow.push(ws),
            Err(e) => refused.add(e),
        }
    }
    println!(
        "  {} slow readers watching the lobby (never reading, SO_RCVBUF 4 KiB); refused: {}",
        slow.len(),
        refused.show()
    );
    let churn = Arc::new(Tally::default());
    let limit = Arc::new(Semaphore::new(50));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(o.churn);
    for i in 0..o.churn {
        let (churn, limit) = (churn.clone(), limit.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire_owned().await.expect("semaphore");
            let mut c = match Client::connect(addr, source(3, i / 10)).await {
                Ok(c) => c,
                Err(e) => return churn.add(format!("connect: {e}")),
            };
            if let Err(e) = c.send(&create(true)).await {
                return churn.add(format!("send: {e}"));
            }
            match c.wait(Duration::from_secs(10), is("seated")).await {
                Ok(_) => churn.add("created"),
                Err(e) => churn.add(e),
            }
            let _ = c.ws.close(None).await;
        }));
    }
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(60), t).await;
    }
    let churn_secs = started.elapsed().as_secs_f64();
    println!(
        "  {} churning clients (connect, hello, create a public room, leave) in {churn_secs:.1} s: {}",
        o.churn,
        churn.show()
    );
    let tcp_mem_end = tcp_mem_kb();
    let rooms_gauge = rooms_in_memory(addr).await;
    let fig = m.end().await;
    print_figures(fig);
    if let (Some(a), Some(b)) = (tcp_mem_before, tcp_mem_end) {
        println!(
            "  kernel TCP buffers (system-wide, /proc/net/sockstat): {} before, {} when the churn ended",
            mb(a),
            mb(b)
        );
    }
    println!(
        "  rooms in memory after the churn: {} (run with --slow 0 to see what the rooms alone cost)",
        rooms_gauge.map_or_else(|| "n/a".into(), |g| format!("{g}"))
    );
    let states = Tally::default();
    let (mut msgs, mut bytes) = (0u64, 0u64);
    let drains: Vec<_> = slow.into_iter().map(|ws| tokio::spawn(drain(ws))).collect();
    for d in drains {
        if let Ok((state, m, b)) = d.await {
            states.add(state);
            msgs += m;
            bytes += b;
        }
    }
    println!(
        "  slow readers at the end: {}; they then read {msgs} messages, {} (what was queued for them)",
        states.show(),
        mb(bytes / 1024)
    );
    println!("  {}", server.log_summary());
    let still_open = states.get("open") + states.get("still sending after 20 s");
    Row {
        name: "slow-readers",
        fig,
        result: format!(
            "{} of {} slow readers still open; {} queued to them; churn created {}",
            still_open,
            o.slow,
            mb(bytes / 1024),
            churn.get("created")
        ),
        target: verdict(
            fig.added_kb() < 50 * 1024,
            format!("adds {} < 50 MB", mb(fig.added_kb())),
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 3: idle TCP sockets (no request, or half a request head).
// ---------------------------------------------------------------------------------------------

/// A real player: create a room, a second client joins, the creator moves, the joiner sees it.
async fn play_check(server: SocketAddr, m1: &str) -> Result<Duration, String> {
    let t = Instant::now();
    let go = async {
        let mut a = Client::connect(server, LOCAL)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        a.send(&create(false)).await?;
        let seated = a
            .wait(Duration::from_secs(10), is("seated"))
            .await
            .map_err(|e| format!("create: {e}"))?;
        let room = seated["room"].as_str().unwrap_or_default().to_owned();
        let mut b = Client::connect(server, LOCAL)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        b.send(&join(&room, None)).await?;
        b.wait(Duration::from_secs(10), is("seated"))
            .await
            .map_err(|e| format!("join: {e}"))?;
        a.send(
            &RoomCommand::Move {
                ply: 0,
                uci: m1.parse().expect("uci"),
            }
            .to(room_id(&room)),
        )
        .await?;
        b.wait(Duration::from_secs(10), |v| event_kind(v) == "moved")
            .await
            .map_err(|e| format!("move: {e}"))?;
        Ok::<(), String>(())
    };
    tokio::time::timeout(Duration::from_secs(30), go)
        .await
        .map_err(|_| "timeout".to_string())??;
    Ok(t.elapsed())
}

fn show_check(r: &Result<Duration, String>) -> String {
    match r {
        Ok(d) => format!("ok in {} ms", d.as_millis()),
        Err(e) => format!("FAILED ({e})"),
    }
}

const HALF_HEAD: &[u8] = b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n";

/// How an idle socket ended.
enum TcpEnd {
    /// The server closed it after this long.
    Closed(Duration, String),
    /// Still open at the end of the wait.
    Open(TcpStream),
}

/// The peers of the established (or half-closed) TCP sockets whose local end is
/// `127.0.0.1:port`, from `/proc/net/tcp`: the connections the server's side knows. A client
/// socket missing here believes it is connected, but its handshake was dropped in a full
/// listen queue (SYN cookies hide that from the client until it sends).
fn server_side_peers(port: u16) -> std::collections::HashSet<SocketAddr> {
    let parse = |hex: &str| -> Option<SocketAddr> {
        let (ip, port) = hex.split_once(':')?;
        let ip = u32::from_str_radix(ip, 16).ok()?;
        let port = u16::from_str_radix(port, 16).ok()?;
        Some(SocketAddr::new(
            Ipv4Addr::from(ip.to_le_bytes()).into(),
            port,
        ))
    };
    let local = SocketAddr::new(LOCAL.into(), port);
    std::fs::read_to_string("/proc/net/tcp")
        .unwrap_or_default()
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            // 01 ESTABLISHED, 08 CLOSE_WAIT.
            (f.len() > 3 && matches!(f[3], "01" | "08") && parse(f[1]) == Some(local))
                .then(|| parse(f[2]))
                .flatten()
        })
        .collect()
}

async fn idle_tcp(o: &Options, m1: &str) -> Row {
    let server = Server::start(&[]).await;
    let addr = server.addr;
    let m = Measure::begin(&server);
    let total = o.idle_tcp + o.half_head;
    let limit = Arc::new(Semaphore::new(o.parallel));
    let opened = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(Tally::default());
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(o.tcp_wait_secs);
    let mut tasks = Vec::with_capacity(total);
    for i in 0..total {
        let half = i >= o.idle_tcp;
        let (limit, opened, failed) = (limit.clone(), opened.clone(), failed.clone());
        tasks.push(tokio::spawn(async move {
            let permit = limit.acquire_owned().await.expect("semaphore");
            let s = match tcp_connect(addr, source(4, i / 100), None).await {
                Ok(s) => s,
                Err(e) => {
                    failed.add(e);
                    opened.fetch_add(1, Ordering::Relaxed);
                    return None;
                }
            };
            let t = Instant::now();
            if half && let Err(e) = raw_write(&s, HALF_HEAD).await {
                failed.add(format!("write: {}", io_kind(&e)));
            }
            drop(permit);
            opened.fetch_add(1, Ordering::Relaxed);
            let mut buf = [0u8; 2048];
            let mut answer: Option<String> = None;
            loop {
                match tokio::time::timeout_at(deadline, raw_read(&s, &mut buf)).await {
                    Err(_) => return Some((half, TcpEnd::Open(s), answer)),
                    Ok(Ok(0)) => {
                        return Some((half, TcpEnd::Closed(t.elapsed(), "eof".into()), answer));
                    }
                    Ok(Ok(n)) => {
                        if answer.is_none() {
                            let text = String::from_utf8_lossy(&buf[..n]);
                            answer = text.lines().next().map(str::to_owned);
                        }
                    }
                    Ok(Err(e)) => {
                        return Some((half, TcpEnd::Closed(t.elapsed(), io_kind(&e)), answer));
                    }
                }
            }
        }));
    }
    let open_end = Instant::now() + Duration::from_secs(60);
    while opened.load(Ordering::Relaxed) < total && Instant::now() < open_end {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!(
        "  {} silent + {} half-head sockets opened in {:.1} s; failed: {}",
        o.idle_tcp,
        o.half_head,
        started.elapsed().as_secs_f64(),
        failed.show()
    );
    println!(
        "  the server holds {} open files; asean_tcp_connections_open = {}",
        fd_count(server.pid).map_or_else(|| "?".into(), |n| n.to_string()),
        metric(addr, "asean_tcp_connections_open")
            .await
            .map_or_else(|| "n/a".into(), |v| v.to_string())
    );
    let during = play_check(addr, m1).await;
    println!(
        "  a real player while they are held: {}",
        show_check(&during)
    );
    let closes = Tally::default();
    let answers = Tally::default();
    let mut held_ms = [Vec::new(), Vec::new()];
    let mut ends = Vec::with_capacity(total);
    for t in tasks {
        if let Ok(Some(end)) = t.await {
            ends.push(end);
        }
    }
    // Every task is done by the deadline: what the server's side still has, now.
    let known = server_side_peers(addr.port());
    let server_fds = fd_count(server.pid);
    let mut still_open = Vec::new();
    let mut not_accepted = 0usize;
    for (half, end, answer) in ends {
        let what = if half { "half-head" } else { "silent" };
        if let Some(a) = answer {
            answers.add(format!("{what}: {a}"));
        }
        match end {
            TcpEnd::Closed(after, how) => {
                closes.add(format!("{what}: {how}"));
                held_ms[usize::from(half)].push(after.as_millis() as u64);
            }
            TcpEnd::Open(stream) if stream.local_addr().is_ok_and(|a| known.contains(&a)) => {
                closes.add(format!("{what}: still open after {} s", o.tcp_wait_secs));
                still_open.push(stream);
            }
            TcpEnd::Open(_) => {
                closes.add(format!(
                    "{what}: no server-side socket (handshake dropped in the listen queue)"
                ));
                not_accepted += 1;
            }
        }
    }
    println!(
        "  closed by the server: {}; server answered: {}",
        closes.show(),
        answers.show()
    );
    println!(
        "  held: silent {}; half-head {}; after {} s the server holds {} open files",
        percentiles(held_ms[0].clone()),
        percentiles(held_ms[1].clone()),
        o.tcp_wait_secs,
        server_fds.map_or_else(|| "?".into(), |n| n.to_string())
    );
    let after = play_check(addr, m1).await;
    println!("  a real player afterwards: {}", show_check(&after));
    let open_count = still_open.len();
    drop(still_open);
    let fig = m.end().await;
    print_figures(fig);
    println!("  {}", server.log_summary());
    let max_held = held_ms.iter().flatten().max().copied();
    Row {
        name: "idle-tcp",
        fig,
        result: format!(
            "{open_count} of {total} still open after {} s{}; held max {}; player during {}, after {}",
            o.tcp_wait_secs,
            if not_accepted > 0 {
                format!(" (+{not_accepted} never reached the server)")
            } else {
                String::new()
            },
            max_held.map_or_else(|| "-".into(), |ms| format!("{:.1} s", ms as f64 / 1000.0)),
            if during.is_ok() { "ok" } else { "FAILED" },
            if after.is_ok() { "ok" } else { "FAILED" },
        ),
        target: verdict(
            open_count == 0 && during.is_ok() && after.is_ok(),
            "all closed by the server, player unaffected".into(),
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 4: one address creating as many rooms as it can.
// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct Spam {
    created: AtomicU64,
    by_rematch: AtomicU64,
    /// Rematch chains that got their first room.
    chains: AtomicU64,
    connections: AtomicU64,
    refusals: Tally,
    /// Rooms created when `too_many_rooms` was first seen, and when (ms since the start).
    first_cap: Mutex<Option<(u64, u64)>>,
}

impl Spam {
    fn note_refusal(&self, e: &str, started: Instant) {
        self.refusals.add(e);
        if e.ends_with("error too_many_rooms")
            && let Ok(mut f) = self.first_cap.lock()
            && f.is_none()
        {
            *f = Some((
                self.created.load(Ordering::Relaxed),
                started.elapsed().as_millis() as u64,
            ));
        }
    }
}

async fn spam_creator(
    server: SocketAddr,
    src: Ipv4Addr,
    end: Instant,
    max: u64,
    s: Arc<Spam>,
    started: Instant,
) {
    let mut n = 0u64;
    'connect: while Instant::now() < end && s.created.load(Ordering::Relaxed) < max {
        let mut c = match Client::connect(server, src).await {
            Ok(c) => c,
            Err(e) => {
                s.note_refusal(&format!("connect: {e}"), started);
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        s.connections.fetch_add(1, Ordering::Relaxed);
        while Instant::now() < end && s.created.load(Ordering::Relaxed) < max {
            n += 1;
            if let Err(e) = c.send(&create(n.is_multiple_of(2))).await {
                s.note_refusal(&format!("send: {e}"), started);
                continue 'connect;
            }
            match c.wait(Duration::from_secs(10), is("seated")).await {
                Ok(_) => {
                    s.created.fetch_add(1, Ordering::Relaxed);
                }
                Err(e) if e == "error rate_limited" => {
                    s.note_refusal(&e, started);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => {
                    // Refused (or closed): try again on a new connection, a little later when
                    // the address is at its cap.
                    s.note_refusal(&e, started);
                    if e == "error too_many_rooms" {
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                    continue 'connect;
                }
            }
        }
        break;
    }
}

/// Two clients chaining games: create, join, a move each, resign, rematch, join the rematch...
async fn spam_rematch(
    server: SocketAddr,
    src: Ipv4Addr,
    end: Instant,
    max: u64,
    s: Arc<Spam>,
    started: Instant,
    m: (String, String),
) {
    let t = Duration::from_secs(10);
    while Instant::now() < end && s.created.load(Ordering::Relaxed) < max {
        let chain = async {
            let mut a = Client::connect(server, src).await?;
            let mut b = Client::connect(server, src).await?;
            s.connections.fetch_add(2, Ordering::Relaxed);
            a.send(&create(false)).await?;
            let seated = a.wait(t, is("seated")).await?;
            s.created.fetch_add(1, Ordering::Relaxed);
            s.chains.fetch_add(1, Ordering::Relaxed);
            let mut room = seated["room"].as_str().unwrap_or_default().to_owned();
            let secret_a = seated["secret"].as_str().unwrap_or_default().to_owned();
            b.send(&join(&room, None)).await?;
            let secret_b = b.wait(t, is("seated")).await?["secret"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            // `a` is White in the first game; colours swap in every rematch.
            let mut a_white = true;
            while Instant::now() < end && s.created.load(Ordering::Relaxed) < max {
                let (w, bl) = if a_white {
                    (&mut a, &mut b)
                } else {
                    (&mut b, &mut a)
                };
                let mv = |ply, uci: &str| {
                    RoomCommand::Move {
                        ply,
                        uci: uci.parse().expect("uci"),
                    }
                    .to(room_id(&room))
                };
                w.send(&mv(0, &m.0)).await?;
                bl.wait(t, |v| event_kind(v) == "moved").await?;
                bl.send(&mv(1, &m.1)).await?;
                w.wait(t, |v| event_kind(v) == "moved" && v["event"]["ply"] == 1)
                    .await?;
                w.send(&RoomCommand::Resign.to(room_id(&room))).await?;
                for c in [&mut *w, &mut *bl] {
                    c.wait(t, |v| event_kind(v) == "game_over").await?;
                    c.send(&RoomCommand::Rematch.to(room_id(&room))).await?;
                }
                // The second asker's rematch makes the room, or is the one refused.
                let ready = bl.wait(t, |v| event_kind(v) == "rematch_ready").await?;
                room = ready["event"]["room"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                s.created.fetch_add(1, Ordering::Relaxed);
                s.by_rematch.fetch_add(1, Ordering::Relaxed);
                a.send(&join(&room, Some(&secret_a))).await?;
                a.wait(t, is("snapshot")).await?;
                b.send(&join(&room, Some(&secret_b))).await?;
                b.wait(t, is("snapshot")).await?;
                a_white = !a_white;
            }
            Ok::<(), String>(())
        };
        if let Err(e) = chain.await {
            s.note_refusal(&format!("rematch chain: {e}"), started);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

async fn room_spam(o: &Options, opening: &(String, String)) -> Row {
    let server = Server::start(&[]).await;
    let addr = server.addr;
    let m = Measure::begin(&server);
    let src = source(5, 0);
    let s = Arc::new(Spam::default());
    let started = Instant::now();
    let end = started + Duration::from_secs(o.seconds);
    let mut tasks = Vec::new();
    // The rematch chains first (each gets its first room before the creators fill any cap):
    // rematches are the way around a cap on creations.
    for _ in 0..2 {
        tasks.push(tokio::spawn(spam_rematch(
            addr,
            src,
            end,
            o.spam_max,
            s.clone(),
            started,
            opening.clone(),
        )));
    }
    let chains_by = Instant::now() + Duration::from_secs(3);
    while s.chains.load(Ordering::Relaxed) < 2 && Instant::now() < chains_by {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for _ in 0..o.spam_conns {
        tasks.push(tokio::spawn(spam_creator(
            addr,
            src,
            end,
            o.spam_max,
            s.clone(),
            started,
        )));
    }
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(o.seconds + 30), t).await;
    }
    let secs = started.elapsed().as_secs_f64();
    let created = s.created.load(Ordering::Relaxed);
    let rooms_gauge = rooms_in_memory(addr).await;
    let rss_end = rss_kb(server.pid).unwrap_or(0);
    let fig = m.end().await;
    println!(
        "  from {src}: {created} rooms in {secs:.1} s ({} by rematch) over {} connections{}",
        s.by_rematch.load(Ordering::Relaxed),
        s.connections.load(Ordering::Relaxed),
        if created >= o.spam_max {
            format!(" (stopped at --spam-max {})", o.spam_max)
        } else {
            String::new()
        }
    );
    println!("  refusals: {}", s.refusals.show());
    let first_cap = s.first_cap.lock().ok().and_then(|f| *f);
    match first_cap {
        Some((n, ms)) => println!(
            "  first too_many_rooms at {:.1} s, {n} rooms confirmed by then (approximate: creations run in parallel)",
            ms as f64 / 1000.0
        ),
        None => println!("  never refused with too_many_rooms"),
    }
    println!(
        "  server: rooms in memory (asean_rooms_in_memory or asean_rooms) = {}; RSS at the end of the attack {} ({:.1} KB per room created)",
        rooms_gauge.map_or_else(|| "n/a".into(), |g| format!("{g}")),
        mb(rss_end),
        rss_end.saturating_sub(fig.before_kb.unwrap_or(0)) as f64 / created.max(1) as f64
    );
    print_figures(fig);
    println!("  {}", server.log_summary());
    Row {
        name: "room-spam",
        fig,
        result: format!(
            "{created} rooms created (server holds {}); too_many_rooms {}{}",
            rooms_gauge.map_or_else(|| "n/a".into(), |g| format!("{g}")),
            s.refusals.get("error too_many_rooms"),
            first_cap.map_or_else(String::new, |(_, ms)| format!(
                " (first at {:.1} s)",
                ms as f64 / 1000.0
            ))
        ),
        target: verdict(
            first_cap.is_some() && created < o.spam_max,
            "capped with too_many_rooms".into(),
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 5: a player who keeps coming back for a moment.
// ---------------------------------------------------------------------------------------------

async fn flicker(o: &Options, opening: &(String, String)) -> Row {
    let countdown_ms = o.countdown_secs * 1000;
    let server = Server::start(&["--countdown-secs".into(), o.countdown_secs.to_string()]).await;
    let addr = server.addr;
    let m = Measure::begin(&server);
    let t = Duration::from_secs(10);
    let setup = async {
        let mut a = Client::connect(addr, LOCAL).await?;
        a.send(&create(false)).await?;
        let seated = a.wait(t, is("seated")).await?;
        let room = seated["room"].as_str().unwrap_or_default().to_owned();
        let secret = seated["secret"].as_str().unwrap_or_default().to_owned();
        let mut b = Client::connect(addr, LOCAL).await?;
        b.send(&join(&room, None)).await?;
        b.wait(t, is("seated")).await?;
        let mv = |ply, uci: &str| {
            RoomCommand::Move {
                ply,
                uci: uci.parse().expect("uci"),
            }
            .to(room_id(&room))
        };
        a.send(&mv(0, &opening.0)).await?;
        b.wait(t, |v| event_kind(v) == "moved").await?;
        b.send(&mv(1, &opening.1)).await?;
        a.wait(t, |v| event_kind(v) == "moved" && v["event"]["ply"] == 1)
            .await?;
        Ok::<_, String>((room, secret, b))
    };
    let (room, secret, mut b) = setup
        .await
        .expect("flicker: set up a game where both sides moved");
    // White (the creator) is gone now: its connection was dropped with the setup.
    let started = Instant::now();
    let end = started + Duration::from_secs(o.seconds);
    let over = Arc::new(AtomicBool::new(false));
    let visits = Arc::new(Tally::default());
    let flickerer = {
        let (over, visits, room, secret) =
            (over.clone(), visits.clone(), room.clone(), secret.clone());
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(2300)).await;
            while Instant::now() < end && !over.load(Ordering::Relaxed) {
                let cycle = Instant::now();
                match Client::connect(addr, LOCAL).await {
                    Ok(mut a) => {
                        let r = match a.send(&join(&room, Some(&secret))).await {
                            Ok(()) => a
                                .wait(Duration::from_secs(2), is("snapshot"))
                                .await
                                .map(|_| ()),
                            Err(e) => Err(e),
                        };
                        visits.add(match r {
                            Ok(()) => "rejoined".to_string(),
                            Err(e) => format!("rejoin failed: {e}"),
                        });
                        tokio::time::sleep_until((cycle + Duration::from_millis(200)).into()).await;
                        // Dropped without a close frame, like a lost network.
                    }
                    Err(e) => visits.add(format!("connect failed: {e}")),
                }
                tokio::time::sleep_until((cycle + Duration::from_millis(2500)).into()).await;
            }
        })
    };
    // The opponent: records White's presence and claims the win when the countdown runs out.
    let mut offline_claims: Vec<(f64, u64)> = Vec::new();
    let mut online_events = 0u32;
    let mut claim_at: Option<Instant> = None;
    let mut claims_sent = 0u32;
    let claim_errors = Tally::default();
    let mut result: Option<(f64, String)> = None;
    let stop = end + Duration::from_millis(500);
    while Instant::now() < stop {
        let wake = claim_at.map_or(stop, |c| c.min(stop));
        tokio::select! {
            got = recv(&mut b.ws) => match got {
                Got::Msg(v) => {
                    b.ack(&v).await;
                    if let Some((seat, online, claim)) = presence_of(&v) && seat == "white" {
                        if online {
                            online_events += 1;
                            claim_at = None;
                        } else if let Some(ms) = claim {
                            offline_claims.push((started.elapsed().as_secs_f64(), ms));
                            claim_at = Some(Instant::now() + Duration::from_millis(ms + 100));
                        }
                    } else if event_kind(&v) == "game_over" {
                        let r = v["event"]["result"].as_str().unwrap_or("?").to_owned();
                        result = Some((started.elapsed().as_secs_f64(), r));
                        over.store(true, Ordering::Relaxed);
                        break;
                    } else if let Some(code) = error_code(&v) {
                        claim_errors.add(code);
                    }
                }
                Got::Closed(how) => {
                    claim_errors.add(format!("opponent's connection closed: {how}"));
                    break;
                }
            },
            () = tokio::time::sleep_until(wake.into()) => {
                if claim_at.is_some_and(|c| Instant::now() >= c) {
                    claim_at = None;
                    claims_sent += 1;
                    let _ = b.send(&RoomCommand::ClaimVictory.to(room_id(&room))).await;
                }
            }
        }
    }
    over.store(true, Ordering::Relaxed);
    let _ = tokio::time::timeout(Duration::from_secs(10), flickerer).await;
    let fig = m.end().await;
    let secs = |ms: u64| format!("{:.1}", ms as f64 / 1000.0);
    println!(
        "  {} s of visits (0.2 s every 2.5 s, countdown {} s): {}",
        o.seconds,
        o.countdown_secs,
        visits.show()
    );
    println!(
        "  the opponent saw {} 'online' and {} 'offline' presences; claim_in_ms when offline (s): {}",
        online_events,
        offline_claims.len(),
        offline_claims
            .iter()
            .map(|&(at, ms)| format!("{}@{at:.0}s", secs(ms)))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let first = offline_claims.first().map(|c| c.1);
    let last = offline_claims.last().map(|c| c.1);
    let decreasing = offline_claims
        .windows(2)
        .filter(|w| w[1].1 + 500 < w[0].1)
        .count();
    let accumulates = result
        .as_ref()
        .is_some_and(|(_, r)| r.starts_with("abandoned"))
        || (offline_claims.len() >= 3 && decreasing * 5 >= (offline_claims.len() - 1) * 4);
    let summary = match (&result, first, last) {
        (Some((at, r)), _, _) => format!("game over at {at:.1} s: {r}"),
        (None, Some(f), Some(l)) if accumulates => format!(
            "countdown ran down {} -> {} s, no claim yet",
            secs(f),
            secs(l)
        ),
        (None, Some(f), Some(l)) => format!(
            "countdown restarts: {} -> {} s over {} visits (of {countdown_ms} ms)",
            secs(f),
            secs(l),
            offline_claims.len()
        ),
        _ => "no offline presence seen".into(),
    };
    println!(
        "  {summary}; claims sent {claims_sent}, refusals: {}",
        claim_errors.show()
    );
    print_figures(fig);
    println!("  {}", server.log_summary());
    Row {
        name: "flicker",
        fig,
        result: summary,
        target: verdict(accumulates, "away time accumulates".into()),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 6: start-up on a database of finished games.
// ---------------------------------------------------------------------------------------------

/// The events of one finished game (as JSON, in the wire form both protocol versions read):
/// both seats, `plies` plies of the pseudo-random game `seed` (fewer when a move would end it
/// on the board), White resigns.
fn finished_game(plies: usize, seed: u64) -> Vec<String> {
    let mut events = vec![
        r#"{"kind":"seated","seat":"white"}"#.to_owned(),
        r#"{"kind":"seated","seat":"black"}"#.to_owned(),
    ];
    let mut g = Game::new(Rules::default());
    let mut rng = 0x9e37_79b9_7f4a_7c15u64 ^ seed.wrapping_mul(0x2545_f491_4f6c_dd1d);
    for ply in 0..plies {
        let moves = g.position().legal_moves();
        if moves.is_empty() || g.is_over() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = moves[(rng % moves.len() as u64) as usize];
        let san = g.position().san(m);
        // A move that would end the game on the board is left out: the game ends by resignation.
        if g.play(m).is_err() || g.is_over() {
            break;
        }
        events.push(
            serde_json::json!({"kind": "moved", "ply": ply, "uci": m.to_uci(), "san": san, "clocks": null})
                .to_string(),
        );
    }
    events.push(r#"{"kind":"game_over","result":"resign-black-wins","winner":"black"}"#.to_owned());
    events
}

/// The room id of finished game `i`.
fn finished_id(i: usize) -> String {
    format!("{:020x}", 0x00ab_0000_0000_0000_0000u128 + i as u128)
}

/// Opens a stored game as a spectator: its result, as the snapshot says.
async fn open_old_game(server: SocketAddr, id: &str) -> Result<String, String> {
    let mut c = Client::connect(server, LOCAL).await?;
    c.send(&ClientMsg::Join {
        room: room_id(id),
        secret: None,
        after: None,
        watch: true,
    })
    .await?;
    let snap = c.wait(Duration::from_secs(10), is("snapshot")).await?;
    Ok(snap["state"]["outcome"]
        .as_str()
        .unwrap_or("no outcome")
        .to_owned())
}

struct Column {
    name: String,
    notnull: bool,
    default: bool,
    pk: bool,
}

fn columns(db: &rusqlite::Connection, table: &str) -> Vec<Column> {
    let mut stmt = db
        .prepare(&format!("PRAGMA table_info({table})"))
        .expect("table_info");
    stmt.query_map([], |r| {
        Ok(Column {
            name: r.get(1)?,
            notnull: r.get::<_, i64>(3)? != 0,
            default: r.get::<_, Option<String>>(4)?.is_some(),
            pk: r.get::<_, i64>(5)? != 0,
        })
    })
    .expect("table_info")
    .filter_map(Result::ok)
    .collect()
}

/// Writes `n` finished games into the (migrated, empty) database at `path`, in the columns the
/// server's schema has: cycles through up to 64 different games whose lengths cover `plies`
/// (one game for a range of one). Answers the games and their average number of events;
/// panics, showing the schema, when it has a required column this does not know.
fn write_finished(path: &Path, n: usize, plies: std::ops::Range<usize>) -> (usize, usize) {
    let mut db = rusqlite::Connection::open(path).expect("open the database");
    db.pragma_update(None, "synchronous", "OFF")
        .expect("pragma");
    let schema: Vec<String> = db
        .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .expect("schema");
    let schema = schema.join(";\n");
    let rooms = columns(&db, "rooms");
    let events_cols = columns(&db, "events");
    let rules = Rules::default();
    let fen = rules::Position::new(rules).fen();
    // The values this bench knows how to fill, per column name.
    let room_value = |col: &str, i: usize, id: &str| -> Option<rusqlite::types::Value> {
        use rusqlite::types::Value as V;
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        Some(match col {
            "id" => V::Text(id.to_owned()),
            "created_ms" => V::Integer(now_ms - ((n - i) as i64) * 60_000),
            "public" => V::Integer((i % 2) as i64),
            "promotion" => V::Text(rules.promotion.name().to_owned()),
            "clock_initial_secs" | "clock_increment_secs" => V::Null,
            "initial_fen" => V::Text(fen.clone()),
            "white_secret" => V::Text(format!("{:064x}", 2 * i)),
            "black_secret" => V::Text(format!("{:064x}", 2 * i + 1)),
            "phase" => V::Text("finished".into()),
            _ => return None,
        })
    };
    let known = |cols: &[Column], probe: &dyn Fn(&str) -> bool| -> (Vec<String>, Vec<String>) {
        let mut use_cols = Vec::new();
        let mut unknown = Vec::new();
        for c in cols {
            if probe(&c.name) {
                use_cols.push(c.name.clone());
            } else if c.notnull && !c.default && !c.pk {
                panic!(
                    "finished-startup: the server's schema has a required column {} this bench \
                     cannot fill; adapt write_finished to it. Schema:\n{schema}",
                    c.name
                );
            } else {
                unknown.push(c.name.clone());
            }
        }
        (use_cols, unknown)
    };
    assert!(
        !rooms.is_empty() && !events_cols.is_empty(),
        "finished-startup: the server's schema has no rooms/events tables; adapt write_finished. Schema:\n{schema}"
    );
    let (room_cols, room_unknown) = known(&rooms, &|c| room_value(c, 0, "").is_some());
    let (event_cols, event_unknown) =
        known(&events_cols, &|c| matches!(c, "room" | "seq" | "event"));
    if !room_unknown.is_empty() || !event_unknown.is_empty() {
        println!(
            "  note: columns left to their defaults: rooms {room_unknown:?}, events {event_unknown:?}"
        );
    }
    let kinds = plies.len().clamp(1, 64);
    let games: Vec<Vec<String>> = (0..kinds)
        .map(|k| finished_game(plies.start + k * plies.len() / kinds, k as u64))
        .collect();
    let tx = db.transaction().expect("transaction");
    {
        let marks = |k: usize| {
            (1..=k)
                .map(|i| format!("?{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut insert_room = tx
            .prepare(&format!(
                "INSERT INTO rooms ({}) VALUES ({})",
                room_cols.join(", "),
                marks(room_cols.len())
            ))
            .expect("insert rooms");
        let mut insert_event = tx
            .prepare(&format!(
                "INSERT INTO events ({}) VALUES ({})",
                event_cols.join(", "),
                marks(event_cols.len())
            ))
            .expect("insert events");
        for i in 0..n {
            let game = &games[i % kinds];
            let id = finished_id(i);
            let values: Vec<_> = room_cols
                .iter()
                .map(|c| room_value(c, i, &id).expect("known column"))
                .collect();
            insert_room
                .execute(rusqlite::params_from_iter(values))
                .expect("insert a room");
            for (seq, e) in game.iter().enumerate() {
                let values: Vec<rusqlite::types::Value> = event_cols
                    .iter()
                    .map(|c| match c.as_str() {
                        "room" => rusqlite::types::Value::Text(id.clone()),
                        "seq" => rusqlite::types::Value::Integer(seq as i64 + 1),
                        _ => rusqlite::types::Value::Text(e.clone()),
                    })
                    .collect();
                insert_event
                    .execute(rusqlite::params_from_iter(values))
                    .expect("insert an event");
            }
        }
    }
    tx.commit().expect("commit");
    db.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .expect("checkpoint");
    let events: usize = (0..n).map(|i| games[i % kinds].len()).sum();
    (n, events / n.max(1))
}

/// A new database (in a new temporary directory) of `n` finished games written by
/// [`write_finished`] into the schema the server itself creates: the directory, the file,
/// the games and their average events, and how long writing them took.
async fn finished_database(
    n: usize,
    plies: std::ops::Range<usize>,
) -> (tempfile::TempDir, PathBuf, (usize, usize), Duration) {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("finished.sqlite3");
    {
        let mut s = Server::spawn(&[], Some(&db));
        s.ready(Duration::from_secs(60))
            .await
            .expect("the server did not start on an empty database");
    }
    let t = Instant::now();
    let written = write_finished(&db, n, plies);
    (dir, db, written, t.elapsed())
}

async fn finished_startup(o: &Options) -> Row {
    let (_dir, db, (games, events), took) =
        finished_database(o.finished, o.finished_plies..o.finished_plies + 1).await;
    let size = std::fs::metadata(&db).map_or(0, |m| m.len());
    println!(
        "  wrote {games} finished games of {events} events each ({} on disk) in {:.1} s",
        mb(size / 1024),
        took.as_secs_f64()
    );
    let mut server = Server::spawn(&[], Some(&db));
    let m = Measure::begin_pid(server.pid, None, 0);
    let ready = server.ready(Duration::from_secs(120)).await;
    let rss_ready = rss_kb(server.pid).unwrap_or(0);
    let cpu_ready = cpu_ms(server.pid);
    let peak_ready = m.peak_now().max(rss_ready);
    let rooms_gauge = rooms_in_memory(server.addr).await;
    // The games must be there (a fast start on rows the server skipped would prove nothing).
    let t_open = Instant::now();
    let old = open_old_game(server.addr, &finished_id(o.finished.saturating_sub(1))).await;
    let open_ms = t_open.elapsed().as_millis();
    let fig = m.end().await;
    let ready_ms = ready.map(|d| d.as_millis() as u64);
    println!(
        "  /healthz answered {} after spawn; RSS then {} (peak so far {}), CPU then {} ms; rooms in memory = {}",
        ready_ms.map_or_else(|| "NEVER (120 s)".into(), |ms| format!("{ms} ms")),
        mb(rss_ready),
        mb(peak_ready),
        cpu_ready,
        rooms_gauge.map_or_else(|| "n/a".into(), |g| format!("{g}"))
    );
    println!(
        "  the last stored game opens (watch): {}",
        match &old {
            Ok(outcome) => format!("ok in {open_ms} ms, outcome {outcome}"),
            Err(e) => format!("FAILED ({e})"),
        }
    );
    print_figures(fig);
    println!("  {}", server.log_summary());
    let ok = ready_ms.is_some_and(|ms| ms < 1000) && rss_ready < 60 * 1024 && old.is_ok();
    Row {
        name: "finished-startup",
        fig,
        result: format!(
            "{games} games: ready in {} with RSS {}",
            ready_ms.map_or_else(|| "never".into(), |ms| format!("{ms} ms")),
            mb(rss_ready)
        ),
        target: verdict(ok, "ready < 1 s, RSS < 60 MB, old games open".into()),
    }
}

#[tokio::main]
async fn main() {
    let o = options();
    let open_files = Command::new("sh")
        .args(["-c", "ulimit -n"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_default();
    println!(
        "lobby hostile-clients bench: {} (open-file limit {}, server {})",
        o.scenarios.join(", "),
        open_files.trim(),
        server_bin().display()
    );
    let opening = opening();
    let mut rows = Vec::new();
    for name in &o.scenarios {
        println!("== {name}");
        let row = match name.as_str() {
            "idle" => idle(&o).await,
            "slow-readers" => slow_readers(&o).await,
            "idle-tcp" => idle_tcp(&o, &opening.0).await,
            "room-spam" => room_spam(&o, &opening).await,
            "flicker" => flicker(&o, &opening).await,
            "finished-startup" => finished_startup(&o).await,
            "listing-churn" => listing_churn(&o).await,
            "cross-slow" => cross_slow(&o).await,
            "launch" => launch(&o).await,
            _ => unreachable!("checked by options()"),
        };
        rows.push(row);
    }
    println!();
    println!(
        "{:<17} {:>10} {:>10} {:>10} {:>8} {:>6}  result / target",
        "scenario", "RSS before", "peak", "+3 s", "CPU ms", "CPU %"
    );
    for r in &rows {
        println!(
            "{:<17} {:>10} {:>10} {:>10} {:>8} {:>5.0}%  {}",
            r.name,
            r.fig.before_kb.map_or_else(|| "-".into(), mb),
            mb(r.fig.peak_kb),
            mb(r.fig.after_kb),
            r.fig.cpu_ms,
            r.fig.cpu_pct(),
            r.result
        );
        println!("{:69}{}", "", r.target);
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 7: one address churning connections against lobby watchers.
// ---------------------------------------------------------------------------------------------

/// What one watcher received of the lobby: (frames, bytes) by message type.
type LobbyTally = BTreeMap<String, (u64, u64)>;

/// A watcher: hello, watch_lobby, then reads until `stop`, counting the lobby's messages
/// (any type starting with `lobby`) from the moment `counting` turns true.
async fn lobby_watcher(
    server: SocketAddr,
    mut stop: watch::Receiver<bool>,
    counting: watch::Receiver<bool>,
) -> Result<LobbyTally, String> {
    let mut c = Client::connect(server, LOCAL).await?;
    c.send(&ClientMsg::WatchLobby).await?;
    let mut seen = LobbyTally::new();
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    loop {
        tokio::select! {
            _ = stop.changed() => return Ok(seen),
            _ = ping.tick() => { c.send(&ClientMsg::Ping).await?; }
            got = c.ws.next() => match got {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).map_err(|e| e.to_string())?;
                    let k = kind(&v);
                    if k.starts_with("lobby") && *counting.borrow() {
                        let e = seen.entry(k.to_owned()).or_default();
                        e.0 += 1;
                        e.1 += t.len() as u64;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(ws_err(&e)),
                None => return Err("eof".into()),
            }
        }
    }
}

/// What the watchers received, added up: by message type, how many watchers finished, and
/// how the others failed.
async fn gather_watchers(
    watchers: Vec<tokio::task::JoinHandle<Result<LobbyTally, String>>>,
) -> (LobbyTally, u64, Tally) {
    let mut total = LobbyTally::new();
    let failed = Tally::default();
    let mut n = 0u64;
    for w in watchers {
        match w.await {
            Ok(Ok(seen)) => {
                n += 1;
                for (k, (f, b)) in seen {
                    let e = total.entry(k).or_default();
                    e.0 += f;
                    e.1 += b;
                }
            }
            Ok(Err(e)) => failed.add(e),
            Err(e) => failed.add(e.to_string()),
        }
    }
    (total, n, failed)
}

async fn listing_churn(o: &Options) -> Row {
    let server = Server::start(&[]).await;
    let addr = server.addr;
    // The rooms in the listing, their creators connected throughout.
    let mut creators = Vec::new();
    let mut listed = 0;
    while listed < o.listed {
        let Ok(mut c) = Client::connect(addr, source(9, creators.len())).await else {
            break;
        };
        for _ in 0..20.min(o.listed - listed) {
            if c.send(&create(true)).await.is_err()
                || c.wait(Duration::from_secs(10), is("seated")).await.is_err()
            {
                break;
            }
            listed += 1;
        }
        creators.push(c);
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    let (count_tx, count_rx) = watch::channel(false);
    let watchers: Vec<_> = (0..o.watchers)
        .map(|_| tokio::spawn(lobby_watcher(addr, stop_rx.clone(), count_rx.clone())))
        .collect();
    // Room changes: one room created, or cancelled, every `room_every_ms`.
    let room_changes = Arc::new(AtomicU64::new(0));
    let changer = (o.room_every_ms > 0).then(|| {
        let (mut stop, changes, every) = (
            stop_rx.clone(),
            room_changes.clone(),
            Duration::from_millis(o.room_every_ms),
        );
        tokio::spawn(async move {
            let Ok(mut c) = Client::connect(addr, source(9, 100)).await else {
                return;
            };
            let mut tick = tokio::time::interval(every);
            let mut open: Option<RoomId> = None;
            loop {
                tokio::select! {
                    _ = stop.changed() => return,
                    _ = tick.tick() => {}
                }
                // One change a tick: the room created, or (at the next tick) cancelled.
                if let Some(room) = open.take() {
                    if c.send(&RoomCommand::Cancel.to(room)).await.is_err() {
                        return;
                    }
                } else {
                    if c.send(&create(true)).await.is_err() {
                        return;
                    }
                    let Ok(seated) = c.wait(Duration::from_secs(10), is("seated")).await else {
                        return;
                    };
                    open = seated["room"].as_str().map(room_id);
                }
                changes.fetch_add(1, Ordering::Relaxed);
            }
        })
    });
    tokio::time::sleep(Duration::from_secs(2)).await;
    let m = Measure::begin(&server);
    let _ = count_tx.send(true);
    let started = Instant::now();
    let end = started + Duration::from_secs(o.seconds);
    let churned = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(Tally::default());
    let churners: Vec<_> = (0..o.churn_parallel)
        .map(|_| {
            let (churned, refused) = (churned.clone(), refused.clone());
            tokio::spawn(async move {
                while Instant::now() < end {
                    match Client::connect(addr, Ipv4Addr::new(127, 10, 0, 1)).await {
                        Ok(mut c) => {
                            let _ = c.wait(Duration::from_secs(5), is("welcome")).await;
                            let _ = c.ws.close(None).await;
                            churned.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => {
                            refused.add(e);
                            tokio::time::sleep(Duration::from_millis(10)).await;
                        }
                    }
                }
            })
        })
        .collect();
    for t in churners {
        let _ = t.await;
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = count_tx.send(false);
    let _ = stop_tx.send(true);
    if let Some(t) = changer {
        let _ = t.await;
    }
    let (total, n, failed) = gather_watchers(watchers).await;
    drop(creators);
    let fig = m.end().await;
    let churned = churned.load(Ordering::Relaxed);
    let per = |x: u64| x as f64 / n.max(1) as f64 / secs;
    let bytes: u64 = total.values().map(|&(_, b)| b).sum();
    let frames: u64 = total.values().map(|&(f, _)| f).sum();
    println!(
        "  {listed} public rooms listed; {} room changes; {churned} connections opened and closed by one address in {secs:.1} s ({:.0}/s); refused: {}",
        room_changes.load(Ordering::Relaxed),
        churned as f64 / secs,
        refused.show()
    );
    println!(
        "  {n} watchers each received {:.2} lobby frames/s, {:.0} bytes/s; failed: {}",
        per(frames),
        per(bytes),
        failed.show()
    );
    for (k, (f, b)) in &total {
        println!(
            "    {k}: {:.2} frames/s, {:.0} bytes/s per watcher ({:.0} bytes a frame)",
            per(*f),
            per(*b),
            *b as f64 / (*f).max(1) as f64
        );
    }
    print_figures(fig);
    println!("  {}", server.log_summary());
    Row {
        name: "listing-churn",
        fig,
        result: format!(
            "{:.0} churns/s; per watcher {:.0} bytes/s, {:.2} frames/s",
            churned as f64 / secs,
            per(bytes),
            per(frames)
        ),
        target: verdict(per(bytes) < 1024.0, "< 1 KiB/s per watcher".into()),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 8: spectators on another node that never read.
// ---------------------------------------------------------------------------------------------

/// A fresh PostgreSQL database (its URL) and the flags that make a server a node of a new
/// cluster on the test Redis.
async fn cluster_backing() -> (String, Vec<String>) {
    let (db, name) = backing::fresh_database("hostile").await;
    let redis = backing::env("ASEAN_TEST_REDIS", "Redis");
    (
        db,
        vec!["--redis".into(), redis, "--cluster-name".into(), name],
    )
}

/// Two players of a new room on node `at` (its id is sent on `room`) playing knight moves out
/// and back until `stop`; answers the plies played.
async fn shuffle_pair(
    at: SocketAddr,
    src: Ipv4Addr,
    stop: Instant,
    room: tokio::sync::oneshot::Sender<String>,
) -> Result<u64, String> {
    const OUT_AND_BACK: [&str; 4] = ["g1e2", "g8e7", "e2g1", "e7g8"];
    let mut white = Client::connect(at, src).await?;
    white.send(&create(false)).await?;
    let seated = white.wait(Duration::from_secs(10), is("seated")).await?;
    let id = seated["room"].as_str().unwrap_or_default().to_owned();
    let mut other = Client::connect(at, src).await?;
    other.send(&join(&id, None)).await?;
    other.wait(Duration::from_secs(10), is("seated")).await?;
    // The creator's seat is drawn at random.
    let (mut white, mut black) = if seated["seat"] == "white" {
        (white, other)
    } else {
        (other, white)
    };
    let _ = room.send(id.clone());
    let id = room_id(&id);
    let mut ply = 0u64;
    // Each player moves 15 times a second: inside the server's 20 messages a second.
    let mut every = tokio::time::interval(Duration::from_millis(33));
    while Instant::now() < stop {
        every.tick().await;
        let uci = OUT_AND_BACK[(ply % 4) as usize];
        let mover = if ply.is_multiple_of(2) {
            &mut white
        } else {
            &mut black
        };
        let msg = RoomCommand::Move {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            uci: uci.parse().expect("uci"),
        }
        .to(id.clone());
        mover.send(&msg).await?;
        // This ply's event (the other player's earlier ones may still be queued).
        mover
            .wait(Duration::from_secs(10), |v| {
                event_kind(v) == "moved" && v["event"]["ply"].as_u64() == Some(ply)
            })
            .await
            .map_err(|e| format!("ply {ply}: {e}"))?;
        ply += 1;
    }
    Ok(ply)
}

async fn cross_slow(o: &Options) -> Row {
    let (db, mut flags) = cluster_backing().await;
    // The players shuffle knights about 30 plies a second for the whole run: no ply cap may
    // end their games before it does.
    flags.extend(["--max-plies".to_owned(), u32::MAX.to_string()]);
    let mut nodes = Vec::new();
    for _ in 0..2 {
        let mut s = Server::spawn_on(&flags, &db, tempfile::tempdir().expect("tempdir"));
        s.ready(Duration::from_secs(60))
            .await
            .expect("a node did not answer /healthz");
        nodes.push(s);
    }
    let (n1, n2) = (&nodes[0], &nodes[1]);
    let (m1, m2) = (Measure::begin(n1), Measure::begin(n2));
    let stop = Instant::now() + Duration::from_secs(o.seconds);
    // The rooms, on node 1, with their players playing on node 1.
    let mut rooms = Vec::new();
    let mut players = Vec::new();
    for i in 0..o.cross_rooms {
        let (tx, rx) = tokio::sync::oneshot::channel();
        players.push(tokio::spawn(shuffle_pair(n1.addr, source(8, i), stop, tx)));
        if let Ok(r) = rx.await {
            rooms.push(r);
        }
    }
    let refused = Tally::default();
    let mut slow = Vec::with_capacity(o.slow);
    for i in 0..o.slow {
        let Some(room) = rooms.get(i % rooms.len().max(1)) else {
            break;
        };
        let watch = ClientMsg::Join {
            room: room_id(room),
            secret: None,
            after: None,
            watch: true,
        };
        match slow_reader(n2.addr, source(9, i / 50), watch).await {
            Ok(ws) => slow.push(ws),
            Err(e) => refused.add(e),
        }
    }
    println!(
        "  {} rooms on node 1; {} spectators on node 2 that never read (refused: {})",
        rooms.len(),
        slow.len(),
        refused.show()
    );
    let mut plies = 0;
    let played = Tally::default();
    for p in players {
        match p.await {
            Ok(Ok(n)) => {
                plies += n;
                played.add("played");
            }
            Ok(Err(e)) => played.add(e),
            Err(e) => played.add(e.to_string()),
        }
    }
    println!(
        "  {plies} plies played in {} s ({:.0}/s), every event sent across to node 2; pairs: {}",
        o.seconds,
        plies as f64 / o.seconds.max(1) as f64,
        played.show()
    );
    let (f1, f2) = (m1.end().await, m2.end().await);
    println!("  node 1 (the rooms):");
    print_figures(f1);
    println!("  node 2 (the spectators):");
    print_figures(f2);
    let states = Tally::default();
    let drains: Vec<_> = slow.into_iter().map(|ws| tokio::spawn(drain(ws))).collect();
    for d in drains {
        if let Ok((state, _, _)) = d.await {
            states.add(state);
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let relayed = metric(n2.addr, "asean_relayed_connections").await;
    let proxies = metric(n1.addr, "asean_proxies").await;
    println!(
        "  spectators at the end: {}; left in the relays: {} on node 2, {} proxies on node 1",
        states.show(),
        relayed.map_or_else(|| "n/a".into(), |v| v.to_string()),
        proxies.map_or_else(|| "n/a".into(), |v| v.to_string())
    );
    println!("  {}", n1.log_summary());
    let still_open = states.get("open") + states.get("still sending after 20 s");
    let empty = relayed == Some(0.0) && proxies == Some(0.0);
    Row {
        name: "cross-slow",
        fig: f2,
        result: format!(
            "{still_open} of {} cross-node spectators still open; {plies} plies; node 1 added {}",
            o.slow,
            mb(f1.added_kb())
        ),
        target: verdict(
            f1.added_kb() < 50 * 1024 && f2.added_kb() < 50 * 1024 && empty,
            format!(
                "adds {} and {} < 50 MB; relays empty: {empty}",
                mb(f1.added_kb()),
                mb(f2.added_kb())
            ),
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario 9: the launch: honest games, listing watchers and an attacker all at once, on a
// store of finished games.
// ---------------------------------------------------------------------------------------------

/// A xorshift step: the bench's cheap pseudo-random numbers.
fn next_rand(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// What the honest players saw.
#[derive(Default)]
struct Honest {
    /// Rooms the pairs tried to create, and got.
    attempted: AtomicU64,
    created: AtomicU64,
    /// Rooms whose second seat was taken.
    joined: AtomicU64,
    /// Pairs with both players connected.
    connected: AtomicU64,
    /// Microseconds from sending a move to reading its `moved` event (the mover's echo).
    latency_us: Mutex<Vec<u64>>,
    /// Games that ended on the board (the pair then creates another room).
    ended: AtomicU64,
    failures: Tally,
}

/// One honest game's plies, every `every` from `first` until `end`, in the room `room` whose
/// seats `white` and `black` hold; `false` when the game ended on the board.
async fn honest_plies(
    room: &str,
    white: &mut Client,
    black: &mut Client,
    (first, every, end): (tokio::time::Instant, Duration, Instant),
    rng: &mut u64,
    h: &Honest,
) -> Result<bool, String> {
    let t = Duration::from_secs(10);
    let mut g = Game::new(Rules::default());
    let mut at = first;
    for ply in 0u32.. {
        tokio::time::sleep_until(at).await;
        at += every;
        if Instant::now() >= end {
            return Ok(true);
        }
        let moves = g.position().legal_moves();
        if moves.is_empty() || g.is_over() {
            return Ok(false);
        }
        let m = moves[(next_rand(rng) % moves.len() as u64) as usize];
        let (mover, other) = if ply.is_multiple_of(2) {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let msg = RoomCommand::Move {
            ply,
            uci: m.to_uci().parse().expect("uci"),
        }
        .to(room_id(room));
        let sent = Instant::now();
        mover.send(&msg).await?;
        let is_ply = |v: &Value| event_kind(v) == "moved" && v["event"]["ply"] == ply;
        mover
            .wait(t, is_ply)
            .await
            .map_err(|e| format!("move echo: {e}"))?;
        let us = sent.elapsed().as_micros() as u64;
        if let Ok(mut l) = h.latency_us.lock() {
            l.push(us);
        }
        other
            .wait(t, is_ply)
            .await
            .map_err(|e| format!("opponent's move: {e}"))?;
        if g.play(m).is_err() || g.is_over() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// An honest pair (from 127.20.x.y, an address each): connects, then creates a room (public
/// for even pairs), the other joins it, and they play a ply every `every` until `end`; a new
/// room when a game ends on the board.
async fn honest_pair(
    server: SocketAddr,
    i: usize,
    setup: Arc<Semaphore>,
    (every, end): (Duration, Instant),
    h: Arc<Honest>,
) {
    let t = Duration::from_secs(10);
    let permit = setup.acquire_owned().await.expect("semaphore");
    let pair = async {
        let a = Client::connect(server, source(20, 2 * i)).await?;
        let b = Client::connect(server, source(20, 2 * i + 1)).await?;
        Ok::<_, String>((a, b))
    };
    let (mut a, mut b) = match pair.await {
        Ok(p) => p,
        Err(e) => return h.failures.add(format!("connect: {e}")),
    };
    h.connected.fetch_add(1, Ordering::Relaxed);
    let mut rng = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut permit = Some(permit);
    while Instant::now() < end {
        h.attempted.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = a.send(&create(i.is_multiple_of(2))).await {
            return h.failures.add(format!("create: {e}"));
        }
        let seated = match a.wait(t, is("seated")).await {
            Ok(v) => v,
            Err(e) => return h.failures.add(format!("create: {e}")),
        };
        h.created.fetch_add(1, Ordering::Relaxed);
        let room = seated["room"].as_str().unwrap_or_default().to_owned();
        let joined = async {
            b.send(&join(&room, None)).await?;
            b.wait(t, is("seated")).await
        };
        if let Err(e) = joined.await {
            return h.failures.add(format!("join: {e}"));
        }
        h.joined.fetch_add(1, Ordering::Relaxed);
        // The next pair may set up while this one plays.
        drop(permit.take());
        // The first ply at a random moment of the first period: the games do not move in step.
        let first = tokio::time::Instant::now()
            + Duration::from_millis(next_rand(&mut rng) % (every.as_millis() as u64).max(1));
        let (white, black) = if seated["seat"] == "white" {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        match honest_plies(&room, white, black, (first, every, end), &mut rng, &h).await {
            Ok(true) => return,
            Ok(false) => {
                h.ended.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => return h.failures.add(e),
        }
    }
}

/// What an attacking connection does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Attack {
    /// Creates a public room and cancels it, again and again.
    CreateCancel,
    /// Watches old (stored) games, as many as it is let.
    WatchOld,
    /// Joins rooms by made-up ids.
    JoinFlood,
    /// Connects, watches the lobby until the listing arrives, leaves.
    Churn,
    /// Sends pings, malformed JSON and commands for rooms it is not in, `--flood-per-sec`.
    Flood,
}

impl Attack {
    fn name(self) -> &'static str {
        match self {
            Attack::CreateCancel => "create-cancel",
            Attack::WatchOld => "watch-old",
            Attack::JoinFlood => "join-flood",
            Attack::Churn => "churn",
            Attack::Flood => "flood",
        }
    }
}

/// A pause after a refusal, so that a refused loop does not spin.
async fn after_refusal() {
    tokio::time::sleep(Duration::from_millis(50)).await;
}

/// One attacking connection's work until `end` or until the server closes it: how it ended.
async fn attack_on(
    c: &mut Client,
    what: Attack,
    end: Instant,
    (finished, flood_per_sec): (usize, u64),
    rng: &mut u64,
    seen: &Tally,
) -> String {
    let t = Duration::from_secs(10);
    let name = what.name();
    let mut n = 0u64;
    while Instant::now() < end {
        n += 1;
        let result = match what {
            Attack::CreateCancel => {
                if let Err(e) = c.send(&create(true)).await {
                    return e;
                }
                match c.wait(t, is("seated")).await {
                    Ok(v) => {
                        let room = room_id(v["room"].as_str().unwrap_or_default());
                        c.send(&RoomCommand::Cancel.to(room))
                            .await
                            .map(|()| "created and cancelled".to_owned())
                    }
                    Err(e) => Err(e),
                }
            }
            Attack::WatchOld | Attack::JoinFlood => {
                let (id, watch, want) = if what == Attack::WatchOld {
                    let i = (next_rand(rng) % finished as u64) as usize;
                    (finished_id(i), true, "snapshot")
                } else {
                    (format!("{:020x}", next_rand(rng) >> 1), false, "seated")
                };
                let msg = ClientMsg::Join {
                    room: room_id(&id),
                    secret: None,
                    after: None,
                    watch,
                };
                if let Err(e) = c.send(&msg).await {
                    return e;
                }
                c.wait(t, is(want)).await.map(|_| format!("got a {want}"))
            }
            Attack::Churn => {
                if let Err(e) = c.send(&ClientMsg::WatchLobby).await {
                    return e;
                }
                let r = c.wait(t, is("lobby")).await;
                let _ = c.ws.close(None).await;
                if let Err(e) = r {
                    seen.add(format!("{name}: {e}"));
                    after_refusal().await;
                } else {
                    seen.add(format!("{name}: listing received"));
                }
                return "left".into();
            }
            Attack::Flood => return flood(c, end, flood_per_sec, seen).await,
        };
        match result {
            Ok(ok) => seen.add(format!("{name}: {ok}")),
            Err(e) if e.starts_with("error ") => {
                seen.add(format!("{name}: {e}"));
                after_refusal().await;
            }
            Err(e) => return e,
        }
        if n.is_multiple_of(50) {
            tokio::task::yield_now().await;
        }
    }
    "end of the run".into()
}

/// Sends `per_sec` messages a second (a ping, malformed JSON, a resignation in a room it is
/// not in, in turn) and reads the answers, until `end` or the server closes the connection.
async fn flood(c: &mut Client, end: Instant, per_sec: u64, seen: &Tally) -> String {
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / per_sec.max(1)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let resign = RoomCommand::Resign.to(room_id(&finished_id(0))).to_json();
    let mut n = 0u64;
    loop {
        tokio::select! {
            _ = tick.tick() => {
                if Instant::now() >= end {
                    return "end of the run".into();
                }
                n += 1;
                let text = match n % 3 {
                    0 => ClientMsg::Ping.to_json(),
                    1 => r#"{"type":"nonsense"}"#.to_owned(),
                    _ => resign.clone(),
                };
                if let Err(e) = c.ws.send(Message::Text(text.into())).await {
                    return ws_err(&e);
                }
            }
            got = recv(&mut c.ws) => match got {
                Got::Msg(v) => {
                    if let Some(code) = error_code(&v) {
                        seen.add(format!("flood: error {code}"));
                    } else {
                        seen.add(format!("flood: {}", kind(&v)));
                    }
                }
                Got::Closed(how) => return how,
            }
        }
    }
}

/// One attacking connection after another from `src` doing `what` until `end`.
async fn attacker(
    server: SocketAddr,
    src: Ipv4Addr,
    what: Attack,
    end: Instant,
    params: (usize, u64),
    seed: u64,
    seen: Arc<Tally>,
) {
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    while Instant::now() < end {
        match Client::connect(server, src).await {
            Ok(mut c) => {
                let how = attack_on(&mut c, what, end, params, &mut rng, &seen).await;
                if what != Attack::Churn {
                    seen.add(format!("{}: connection ended: {how}", what.name()));
                }
            }
            Err(e) => {
                seen.add(format!("{}: connect: {e}", what.name()));
                after_refusal().await;
            }
        }
    }
}

/// A silent connection from `src` held until `end` (raw TCP that never sends, or a WebSocket
/// that never says hello), opened again whenever the server closes it.
async fn silent(server: SocketAddr, src: Ipv4Addr, ws: bool, end: Instant, seen: Arc<Tally>) {
    let what = if ws { "silent ws" } else { "silent tcp" };
    let deadline = tokio::time::Instant::from_std(end);
    while Instant::now() < end {
        let how = if ws {
            match ws_connect(server, src, None).await {
                Ok(mut w) => loop {
                    match tokio::time::timeout_at(deadline, recv(&mut w)).await {
                        Err(_) => break "held to the end".to_owned(),
                        Ok(Got::Closed(how)) => break how,
                        Ok(Got::Msg(_)) => {}
                    }
                },
                Err(e) => format!("connect: {e}"),
            }
        } else {
            match tcp_connect(server, src, None).await {
                Ok(s) => {
                    let mut buf = [0u8; 512];
                    loop {
                        match tokio::time::timeout_at(deadline, raw_read(&s, &mut buf)).await {
                            Err(_) => break "held to the end".to_owned(),
                            Ok(Ok(0)) => break "closed by the server".to_owned(),
                            Ok(Ok(_)) => {}
                            Ok(Err(e)) => break io_kind(&e),
                        }
                    }
                }
                Err(e) => format!("connect: {e}"),
            }
        };
        seen.add(format!("{what}: {how}"));
        if how != "held to the end" {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// The lines of `/metrics` that count refusals and drops, without the zeros.
async fn refusal_metrics(server: SocketAddr) -> Vec<String> {
    let text = http_get(server, "/metrics", Duration::from_secs(5))
        .await
        .unwrap_or_default();
    let body = text
        .split_once("\r\n\r\n")
        .map_or(text.as_str(), |(_, b)| b);
    body.lines()
        .filter(|l| {
            [
                "asean_rate_limited",
                "asean_clients_dropped",
                "asean_connections_refused",
                "asean_watches_refused",
                "asean_errors",
                "asean_records_served",
            ]
            .iter()
            .any(|p| l.starts_with(p))
                && l.rsplit(' ').next().is_some_and(|v| v != "0")
        })
        .map(str::to_owned)
        .collect()
}

/// The value at quantile `q` of sorted microseconds, in ms.
fn quantile_ms(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)] as f64 / 1000.0
}

async fn launch(o: &Options) -> Row {
    let (_dir, db, (stored, events), took) = finished_database(o.launch_finished, 40..81).await;
    println!(
        "  wrote {stored} finished games (40 to 80 plies, {events} events on average) in {:.1} s",
        took.as_secs_f64()
    );
    let mut server = Server::spawn(&[], Some(&db));
    server
        .ready(Duration::from_secs(60))
        .await
        .expect("the server did not answer /healthz in 60 s");
    let addr = server.addr;
    let m = Measure::begin(&server);
    let started = Instant::now();
    let end = started + Duration::from_secs(o.seconds);
    // The listing watchers, counting from the start.
    let (stop_tx, stop_rx) = watch::channel(false);
    let (count_tx, count_rx) = watch::channel(true);
    let watchers: Vec<_> = (0..o.watchers)
        .map(|_| tokio::spawn(lobby_watcher(addr, stop_rx.clone(), count_rx.clone())))
        .collect();
    // The attacker, on every front at once from each of its addresses.
    let seen = Arc::new(Tally::default());
    let mut attack = Vec::new();
    let plan = [
        (Attack::CreateCancel, 2),
        (Attack::WatchOld, 5),
        (Attack::JoinFlood, 1),
        (Attack::Churn, 2),
        (Attack::Flood, 1),
    ];
    for a in 0..o.attackers {
        let src = Ipv4Addr::new(127, 0, 0, 2 + a as u8);
        for (k, &(what, conns)) in plan.iter().enumerate() {
            for j in 0..conns {
                let seed = (a * 100 + k * 10 + j) as u64 + 1;
                let params = (o.launch_finished, o.flood_per_sec);
                attack.push(tokio::spawn(attacker(
                    addr,
                    src,
                    what,
                    end,
                    params,
                    seed,
                    seen.clone(),
                )));
            }
        }
        for s in 0..o.attack_silent {
            attack.push(tokio::spawn(silent(
                addr,
                src,
                s.is_multiple_of(2),
                end,
                seen.clone(),
            )));
        }
    }
    // The honest games, a second into the attack, `--parallel` pairs setting up at a time.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let h = Arc::new(Honest::default());
    let setup = Arc::new(Semaphore::new(o.parallel));
    let every = Duration::from_millis(o.ply_every_ms);
    let pairs: Vec<_> = (0..o.games)
        .map(|i| tokio::spawn(honest_pair(addr, i, setup.clone(), (every, end), h.clone())))
        .collect();
    let mut setup_secs = None;
    while Instant::now() < end {
        if setup_secs.is_none() && h.joined.load(Ordering::Relaxed) >= o.games as u64 {
            setup_secs = Some(started.elapsed().as_secs_f64() - 1.0);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let fds_during = fd_count(server.pid);
    let tcp_open = metric(addr, "asean_tcp_connections_open").await;
    let ws_open = metric(addr, "asean_connections").await;
    for p in pairs {
        let _ = tokio::time::timeout(Duration::from_secs(30), p).await;
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = count_tx.send(false);
    let _ = stop_tx.send(true);
    let (lobby, n_watchers, failed) = gather_watchers(watchers).await;
    for a in attack {
        if tokio::time::timeout(Duration::from_secs(20), a)
            .await
            .is_err()
        {
            seen.add("attack task still running 20 s after the end");
        }
    }
    let refusals = refusal_metrics(addr).await;
    let fig = m.end().await;
    let mut lat = h.latency_us.lock().map(|l| l.clone()).unwrap_or_default();
    lat.sort_unstable();
    let (attempted, created) = (
        h.attempted.load(Ordering::Relaxed),
        h.created.load(Ordering::Relaxed),
    );
    let joined = h.joined.load(Ordering::Relaxed);
    println!(
        "  {} honest pairs asked for (one address per player, 127.20.x.y), {} connected; all set up in {}",
        o.games,
        h.connected.load(Ordering::Relaxed),
        setup_secs.map_or_else(|| "NOT within the run".into(), |s| format!("{s:.1} s"))
    );
    println!(
        "  honest rooms: {created} created of {attempted} attempted, {joined} joined; {} games ended on the board; failures: {}",
        h.ended.load(Ordering::Relaxed),
        h.failures.show()
    );
    println!(
        "  honest moves (a ply every {} ms a game): {} in {secs:.1} s ({:.0}/s); send to echo p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        o.ply_every_ms,
        lat.len(),
        lat.len() as f64 / secs,
        quantile_ms(&lat, 0.5),
        quantile_ms(&lat, 0.9),
        quantile_ms(&lat, 0.99),
        quantile_ms(&lat, 1.0),
    );
    let per = |x: u64| x as f64 / n_watchers.max(1) as f64 / secs;
    let bytes: u64 = lobby.values().map(|&(_, b)| b).sum();
    let frames: u64 = lobby.values().map(|&(f, _)| f).sum();
    println!(
        "  {n_watchers} listing watchers each received {:.2} lobby frames/s, {:.0} bytes/s ({}); failed: {}",
        per(frames),
        per(bytes),
        lobby
            .iter()
            .map(|(k, &(f, b))| format!("{k} {:.2} frames/s {:.0} B/s", per(f), per(b)))
            .collect::<Vec<_>>()
            .join(", "),
        failed.show()
    );
    println!(
        "  at the end of the run: server holds {} open files, {} TCP connections, {} WebSockets",
        fds_during.map_or_else(|| "?".into(), |n| n.to_string()),
        tcp_open.map_or_else(|| "?".into(), |v| v.to_string()),
        ws_open.map_or_else(|| "?".into(), |v| v.to_string()),
    );
    println!(
        "  the attacker ({} addresses from 127.0.0.2, {} silent connections each) saw:",
        o.attackers, o.attack_silent
    );
    if let Ok(map) = seen.0.lock() {
        for (k, v) in map.iter() {
            println!("    {k}: {v}");
        }
    }
    println!("  the server's refusals and drops (/metrics, nonzero):");
    for l in &refusals {
        println!("    {l}");
    }
    print_figures(fig);
    println!("  {}", server.log_summary());
    let all_rooms = created == attempted && joined == created && attempted >= o.games as u64;
    Row {
        name: "launch",
        fig,
        result: format!(
            "{created}/{attempted} honest rooms; move p50 {:.1} ms p99 {:.1} ms; listing {:.0} B/s a watcher",
            quantile_ms(&lat, 0.5),
            quantile_ms(&lat, 0.99),
            per(bytes)
        ),
        target: verdict(
            all_rooms && h.failures.total() == 0,
            "every honest room created and joined, no honest failure".into(),
        ),
    }
}
