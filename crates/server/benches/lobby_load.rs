//! Load generator for the lobby: N simulated players in N/2 rooms play random legal moves over
//! loopback WebSockets against the real server binary (with its SQLite store in a temporary
//! directory), and the run reports moves per second and the latency of a move (sent until the
//! server's `Moved` event for it arrives) at p50, p99 and max.
//!
//! ```text
//! cargo bench -p server --bench lobby_load -- [--clients 1000] [--seconds 20]
//!     [--move-interval-ms 1000] [--memory]      (or: cargo xtask bench-lobby -- ...)
//! ```
//! `--memory` runs the server without its database, to see what persistence costs.
//!
//! `--nodes 2` runs two server nodes instead, sharing a fresh PostgreSQL database and a Redis
//! (`ASEAN_TEST_POSTGRES` and `ASEAN_TEST_REDIS`: `cargo xtask bench-lobby` starts private
//! ones), with half of the games played across the nodes (White on one, Black on the other).
//! At the end, the node that owns half of the rooms is killed (`kill -9`) and the run reports
//! how long its rooms took to answer on the other node.
//! Each player moves one interval after its own previous move was confirmed (and once the
//! opponent has replied), so the offered load is about clients / interval moves per second.

#![allow(missing_docs)]

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use common::play::{self, Plan, Stats, Ws, next_msg, player};
use futures_util::SinkExt;
use protocol::{ClientMsg, PromotionRule, SeatChoice, ServerMsg};
use rules::Color;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;

/// The load generator's command line (`cargo xtask bench-lobby -- --help`).
#[derive(Debug, clap::Parser)]
#[command(
    name = "lobby_load",
    about = "Simulated players play random legal moves against the real server over loopback WebSockets"
)]
struct Options {
    /// Run the server without its database, to see what persistence costs.
    #[arg(long)]
    memory: bool,
    /// Server nodes (1 to 8); two or more share a fresh PostgreSQL database and a Redis
    /// (ASEAN_TEST_POSTGRES, ASEAN_TEST_REDIS), and the owner of half of the rooms is killed
    /// at the end.
    #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=8))]
    nodes: usize,
    /// Simulated players, two a room (an odd number is rounded down).
    #[arg(long, default_value_t = 1000, value_parser = RangedU64ValueParser::<usize>::new().range(2..))]
    clients: usize,
    /// Length of the run, in seconds.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Pause of each player between its confirmed move (and the opponent's reply) and its next
    /// move, in milliseconds.
    #[arg(long = "move-interval-ms", default_value_t = 1000)]
    interval_ms: u64,
}

/// The options from the command line (cargo bench's own `--bench` left out).
fn options() -> Options {
    let mut o = Options::parse_from(std::env::args().filter(|a| a != "--bench"));
    o.clients = o.clients / 2 * 2;
    o
}

/// Time until `room`, whose owner was just killed, answers a spectator on `addr`.
async fn time_to_answer(addr: SocketAddr, room: protocol::RoomId, from: Instant) -> Duration {
    loop {
        let mut ws = connect(addr, 0).await;
        let join = ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: true,
        };
        ws.send(Message::Text(join.to_json().into()))
            .await
            .expect("join");
        loop {
            match next_msg(&mut ws).await {
                Some(ServerMsg::Snapshot { .. }) => return from.elapsed(),
                Some(ServerMsg::Error { .. }) | None => break,
                Some(_) => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The loopback address client `n` connects from: ten clients (five rooms) per address, as
/// players behind their own addresses, well inside the server's caps per address.
fn source_ip(n: usize) -> std::net::Ipv4Addr {
    let k = n / 10;
    std::net::Ipv4Addr::new(
        127,
        1 + (k / 62_500) as u8,
        ((k / 250) % 250) as u8,
        (k % 250 + 2) as u8,
    )
}

async fn connect(addr: SocketAddr, n: usize) -> Ws {
    play::connect(addr, source_ip(n), None)
        .await
        .expect("connect")
}

#[tokio::main]
async fn main() {
    let o = options();
    let dir = tempfile::tempdir().expect("tempdir");
    let store: Vec<String> = if o.nodes > 1 {
        common::cluster_flags("bench").await
    } else if o.memory {
        vec!["--no-db".into()]
    } else {
        vec![
            "--db".into(),
            dir.path().join("lobby.sqlite3").display().to_string(),
        ]
    };
    let addrs: Vec<SocketAddr> = (0..o.nodes).map(|_| common::free_addr()).collect();
    let mut servers = common::start_nodes(&addrs, dir.path(), &store).await;

    let started = Instant::now();
    let stats = Arc::new(Stats::default());
    let limit = Arc::new(Semaphore::new(256));
    let mut pairs = Vec::new();
    for p in 0..o.clients / 2 {
        let limit = limit.clone();
        // The creator's node in turn; with several nodes, every other pair's Black plays
        // from the next node (half of the games cross nodes).
        let home = p % o.nodes;
        let away = if (p / o.nodes) % 2 == 1 {
            (home + 1) % o.nodes
        } else {
            home
        };
        let (addr, other) = (addrs[home], addrs[away]);
        pairs.push(tokio::spawn(async move {
            let _permit = limit.acquire().await.expect("semaphore");
            let mut a = connect(addr, 2 * p).await;
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
                if let Some(ServerMsg::Seated { room, .. }) = next_msg(&mut a).await {
                    break room;
                }
            };
            let mut b = connect(other, 2 * p + 1).await;
            let join = ClientMsg::Join {
                room: room.clone(),
                secret: None,
                after: None,
                watch: false,
            };
            b.send(Message::Text(join.to_json().into()))
                .await
                .expect("join");
            loop {
                if let Some(ServerMsg::Snapshot { .. }) = next_msg(&mut b).await {
                    break;
                }
            }
            (p, room, a, b)
        }));
    }
    let mut ready = Vec::new();
    for p in pairs {
        ready.push(p.await.expect("pair"));
    }
    // Rooms created on node 0, for the fail-over at the end.
    let on_first: Vec<protocol::RoomId> = ready
        .iter()
        .filter(|(p, ..)| p % o.nodes == 0)
        .map(|(_, room, ..)| room.clone())
        .take(50)
        .collect();
    let connect_time = started.elapsed();
    let measure_from = Instant::now() + Duration::from_secs(2);
    let deadline = measure_from + Duration::from_secs(o.seconds);
    let interval = Duration::from_millis(o.interval_ms);
    let mut tasks = Vec::new();
    for (p, room, a, b) in ready {
        let seed = (p as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
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
            None,
        )));
        tasks.push(tokio::spawn(player(
            b,
            room,
            Color::Black,
            stats.clone(),
            plan(seed ^ 0xff),
            None,
        )));
    }
    for t in tasks {
        let _ = t.await;
    }
    let failover = if o.nodes > 1 {
        let killed = Instant::now();
        let _ = servers[0].kill();
        let _ = servers[0].wait();
        let waits: Vec<_> = on_first
            .iter()
            .map(|room| tokio::spawn(time_to_answer(addrs[1], room.clone(), killed)))
            .collect();
        let mut times = Vec::new();
        for w in waits {
            times.push(w.await.expect("wait"));
        }
        times.sort_unstable();
        Some(times)
    } else {
        None
    };
    for s in &mut servers {
        let _ = s.kill();
        let _ = s.wait();
    }

    let mut lat = stats.latencies_us.lock().await.clone();
    lat.sort_unstable();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    let moves = stats.moves.load(Ordering::Relaxed);
    println!(
        "{} node(s); {} clients in {} rooms (connected in {:.1} s); {} moves in {} s: {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
        o.nodes,
        o.clients,
        o.clients / 2,
        connect_time.as_secs_f64(),
        moves,
        o.seconds,
        moves as f64 / o.seconds as f64,
        pct(0.5),
        pct(0.99),
        lat.last().copied().unwrap_or(0) as f64 / 1000.0,
        stats.errors.load(Ordering::Relaxed)
    );
    if let Some(times) = failover
        && let (Some(first), Some(last)) = (times.first(), times.last())
    {
        println!(
            "fail-over: node 0 killed; {} of its rooms answered on node 1 after {:.2} s (first) to {:.2} s (last), median {:.2} s",
            times.len(),
            first.as_secs_f64(),
            last.as_secs_f64(),
            times[times.len() / 2].as_secs_f64()
        );
    }
}
