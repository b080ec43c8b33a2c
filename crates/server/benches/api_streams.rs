//! The API's game streams under load: N players with accounts, in N/2 games made as the page
//! makes them (over WebSockets, signed in), each player also following its own game as a board
//! or a bot does, with a personal API token on `GET /api/board/game/stream/{id}`: N streaming
//! API clients. The players play random legal moves on their sockets, one every interval, and
//! the run reports the latency from a move sent on a page's socket to the `gameState` line
//! that carries it on each of the game's two streams (p50, p99, max), the lines read, the
//! latency of the moves on the sockets for comparison, and the server's memory (RSS) at the
//! end.
//!
//! ```text
//! cargo bench -p server --bench api_streams -- [--clients 500] [--seconds 20]
//!     [--move-interval-ms 2000]
//! ```

#![allow(missing_docs)]

mod common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use common::accounts::{self, address, http_from};
use common::play::{self, Plan, SentLog, Stats, next_msg, percentile_ms, player};
use futures_util::SinkExt;
use protocol::{ClientMsg, PromotionRule, RoomId, SeatChoice, ServerMsg};
use rules::Color;
use tokio::sync::{Barrier, Mutex};
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug, clap::Parser)]
#[command(
    name = "api_streams",
    about = "Players stream their own games through the Board API while they play on the page's sockets; latency from a move to its line"
)]
struct Options {
    /// Players (each with an account, a socket and an API stream), rounded down to an even
    /// number.
    #[arg(long, default_value_t = 500, value_parser = RangedU64ValueParser::<usize>::new().range(2..=20_000))]
    clients: usize,
    /// Length of the measured run, in seconds.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Pause of each player between its confirmed move (and the reply) and its next move, ms.
    #[arg(long = "move-interval-ms", default_value_t = 2000)]
    interval_ms: u64,
}

/// What the streams measured.
#[derive(Default)]
struct StreamStats {
    /// Lines read (keep-alives left out).
    lines: AtomicU64,
    /// Streams that failed, or ended before the run did while their game went on.
    failed: AtomicU64,
    /// Streams that ended with their game (a mate or a draw of the random moves).
    finished: AtomicU64,
    /// From a move sent on a socket to its `gameState` line, µs.
    latencies_us: Mutex<Vec<u64>>,
}

/// Plies in a `gameState` line (its `moves`, UCI separated by spaces) and whether the game is
/// over (its `status` other than `started`); `None` for another line.
fn state_of(line: &str) -> Option<(usize, bool)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let state = match v["type"].as_str()? {
        "gameState" => &v,
        "gameFull" => &v["state"],
        _ => return None,
    };
    let plies = state["moves"].as_str()?.split_whitespace().count();
    Some((plies, state["status"].as_str() != Some("started")))
}

/// Player `n`'s stream of `room`: once it answers, waits at `ready` (every stream open) and
/// `go` (the window set), then notes, for each ply its lines bring within the window, the
/// time since the move was sent.
#[allow(clippy::too_many_arguments)]
async fn stream(
    node: SocketAddr,
    n: usize,
    token: String,
    room: RoomId,
    sent: Arc<SentLog>,
    stats: Arc<StreamStats>,
    [ready, go]: [Arc<Barrier>; 2],
    window: Arc<OnceLock<(Instant, Instant)>>,
) {
    let answer = http_from(address(n))
        .get(format!("http://{node}/api/board/game/stream/{room}"))
        .bearer_auth(&token)
        .send()
        .await;
    let mut r = match answer {
        Ok(r) if r.status().is_success() => r,
        Ok(r) => {
            eprintln!("stream {n}: {}", r.status());
            stats.failed.fetch_add(1, Ordering::Relaxed);
            ready.wait().await;
            go.wait().await;
            return;
        }
        Err(e) => {
            eprintln!("stream {n}: {e}");
            stats.failed.fetch_add(1, Ordering::Relaxed);
            ready.wait().await;
            go.wait().await;
            return;
        }
    };
    ready.wait().await;
    go.wait().await;
    let Some(&(measure_from, deadline)) = window.get() else {
        return;
    };
    let mut pending: Vec<u8> = Vec::new();
    let mut seen = 0usize;
    let mut over = false;
    loop {
        let chunk = tokio::time::timeout_at(deadline.into(), r.chunk()).await;
        let chunk = match chunk {
            Err(_) => return,
            Ok(Ok(Some(c))) => c,
            Ok(_) => {
                if over {
                    stats.finished.fetch_add(1, Ordering::Relaxed);
                } else if Instant::now() < deadline {
                    stats.failed.fetch_add(1, Ordering::Relaxed);
                }
                return;
            }
        };
        let now = Instant::now();
        pending.extend_from_slice(&chunk);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]);
            if text.trim().is_empty() {
                continue;
            }
            stats.lines.fetch_add(1, Ordering::Relaxed);
            let Some((plies, ended)) = state_of(&text) else {
                continue;
            };
            over |= ended;
            if plies > seen {
                seen = plies;
                let at = sent
                    .lock()
                    .ok()
                    .and_then(|log| log.get(plies - 1).copied().flatten());
                if let Some(at) = at
                    && at >= measure_from
                {
                    let us = u64::try_from(now.duration_since(at).as_micros()).unwrap_or(u64::MAX);
                    stats.latencies_us.lock().await.push(us);
                }
            }
        }
    }
}

/// The server's resident memory, in MiB (Linux).
fn rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

#[tokio::main]
async fn main() {
    let o = Options::parse_from(std::env::args().filter(|a| a != "--bench"));
    let players = o.clients / 2 * 2;
    let dir = tempfile::tempdir().expect("tempdir");
    let flags = vec![
        "--db".to_owned(),
        dir.path().join("lobby.sqlite3").display().to_string(),
    ];
    let node = common::free_addr();
    let mut servers = common::start_nodes(&[node], dir.path(), &flags).await;

    // Accounts and tokens, before the measured run (a few at once: each sign-up hashes a
    // password).
    let made = Instant::now();
    let mut creds: Vec<(String, String)> = Vec::with_capacity(players);
    for start in (0..players).step_by(32) {
        let batch: Vec<usize> = (start..players.min(start + 32)).collect();
        let done = futures_util::future::join_all(batch.iter().map(|&n| async move {
            let cookie = accounts::sign_up(node, n, "api").await?;
            let token = accounts::api_token(node, n, &cookie, "board:play").await?;
            Ok::<_, String>((cookie, token))
        }))
        .await;
        for r in done {
            creds.push(r.unwrap_or_else(|e| panic!("{e}")));
        }
    }
    println!(
        "{players} accounts with tokens made in {:.1} s",
        made.elapsed().as_secs_f64()
    );

    // The games, as the page makes them: White creates a room, Black joins it.
    let mut games = Vec::new();
    for g in 0..players / 2 {
        let (w, b) = (2 * g, 2 * g + 1);
        let mut a = play::connect(node, address(w), Some(&creds[w].0))
            .await
            .expect("connect");
        let create = ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: PromotionRule::Any,
            clock: None,
            public: false,
            rating_range: None,
        };
        a.send(Message::Text(create.to_json().into()))
            .await
            .expect("create");
        let room = loop {
            match next_msg(&mut a).await {
                Some(ServerMsg::Seated { room, .. }) => break room,
                Some(_) => {}
                None => panic!("game {g}: the socket closed before the room was made"),
            }
        };
        let mut bws = play::connect(node, address(b), Some(&creds[b].0))
            .await
            .expect("connect");
        let join = ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: false,
        };
        bws.send(Message::Text(join.to_json().into()))
            .await
            .expect("join");
        loop {
            match next_msg(&mut bws).await {
                Some(ServerMsg::Snapshot { .. }) => break,
                Some(_) => {}
                None => panic!("game {g}: the socket closed before the join"),
            }
        }
        games.push((g, room, a, bws));
    }

    let stream_stats = Arc::new(StreamStats::default());
    // The streams open first, all of them; then the window is set and the moves start.
    let ready = Arc::new(Barrier::new(players + 1));
    let go = Arc::new(Barrier::new(players + 1));
    let window: Arc<OnceLock<(Instant, Instant)>> = Arc::default();
    let opened = Instant::now();
    let mut streams = Vec::new();
    let mut sent_logs = Vec::new();
    for (g, room, ..) in &games {
        let sent: Arc<SentLog> = Arc::default();
        for n in [2 * g, 2 * g + 1] {
            streams.push(tokio::spawn(stream(
                node,
                n,
                creds[n].1.clone(),
                room.clone(),
                sent.clone(),
                stream_stats.clone(),
                [ready.clone(), go.clone()],
                window.clone(),
            )));
        }
        sent_logs.push(sent);
    }
    ready.wait().await;
    let measure_from = Instant::now() + Duration::from_secs(2);
    let deadline = measure_from + Duration::from_secs(o.seconds);
    let _ = window.set((measure_from, deadline));
    go.wait().await;
    println!(
        "{players} API streams open in {:.1} s ({} failed)",
        opened.elapsed().as_secs_f64(),
        stream_stats.failed.load(Ordering::Relaxed)
    );

    let stats = Arc::new(Stats::default());
    let interval = Duration::from_millis(o.interval_ms);
    let mut tasks = Vec::new();
    for ((g, room, a, b), sent) in games.into_iter().zip(sent_logs) {
        let seed = (g as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let plan = |seed| Plan {
            measure_from,
            deadline,
            interval,
            seed,
        };
        tasks.push(tokio::spawn(player(
            a,
            room.clone(),
            Color::White,
            stats.clone(),
            plan(seed),
            Some(sent.clone()),
        )));
        tasks.push(tokio::spawn(player(
            b,
            room,
            Color::Black,
            stats.clone(),
            plan(seed ^ 0xff),
            Some(sent),
        )));
    }
    for t in tasks {
        let _ = t.await;
    }
    for s in streams {
        let _ = s.await;
    }
    let rss = servers.first().and_then(|s| rss_mib(s.id()));
    for s in &mut servers {
        let _ = s.kill();
        let _ = s.wait();
    }

    let mut lines = stream_stats.latencies_us.lock().await.clone();
    lines.sort_unstable();
    let mut moves = stats.latencies_us.lock().await.clone();
    moves.sort_unstable();
    println!(
        "{players} players in {} games, {} s at a move every {} ms a player: {} moves; {} stream lines",
        players / 2,
        o.seconds,
        o.interval_ms,
        moves.len(),
        stream_stats.lines.load(Ordering::Relaxed)
    );
    println!(
        "move on a socket to its line on the API streams: {} lines, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lines.len(),
        percentile_ms(&lines, 0.5),
        percentile_ms(&lines, 0.99),
        percentile_ms(&lines, 1.0)
    );
    println!(
        "move on a socket to its echo on the socket: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
        percentile_ms(&moves, 0.5),
        percentile_ms(&moves, 0.99),
        percentile_ms(&moves, 1.0),
        stats.errors.load(Ordering::Relaxed)
    );
    println!(
        "streams ended with their game: {}; failed or ended early: {}; server memory at the end: {}",
        stream_stats.finished.load(Ordering::Relaxed),
        stream_stats.failed.load(Ordering::Relaxed),
        rss.map_or_else(|| "unknown".to_owned(), |m| format!("{m:.0} MiB"))
    );
}
