//! Quick pairing under load: N players, each with an account made before the measured
//! minute, join the pools (the eight time controls in turn) evenly over `--seconds`, on one
//! server or on several nodes, and the run reports the time from a player's `join_pool` to
//! its seat in a new room (`seated`) at p50, p99 and max, with the waves as shipped (2 s)
//! unless `--pool-wave-ms` says otherwise. It checks that no player is told two rooms, that
//! every room has exactly its two players, and counts the players left waiting at the end
//! (at most one per pool can be).
//!
//! ```text
//! cargo xtask bench-lobby --pools --players 2000 --seconds 60 --nodes 2
//! cargo bench -p server --bench pools -- --players 200 --seconds 10   (one server, SQLite)
//! ```
//! Several nodes share a fresh PostgreSQL database and a Redis (`ASEAN_TEST_POSTGRES` and
//! `ASEAN_TEST_REDIS`; `cargo xtask bench-lobby` starts private ones).

#![allow(missing_docs)]

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use common::accounts;
use common::play::{self, Ws};
use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMsg, RoomId, ServerMsg, TimeControl, parse_server};
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug, clap::Parser)]
#[command(
    name = "pools",
    about = "Players with accounts join the quick-pairing pools over a minute; time to pair"
)]
struct Options {
    /// Players (each with an account), rounded down to an even number.
    #[arg(long, default_value_t = 2000, value_parser = RangedU64ValueParser::<usize>::new().range(2..=60_000))]
    players: usize,
    /// Seconds over which the players join, evenly.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Server nodes (1 to 8); two or more share PostgreSQL and Redis.
    #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=8))]
    nodes: usize,
    /// Milliseconds between two waves of the pools (the server's default when left out).
    #[arg(long)]
    pool_wave_ms: Option<u64>,
    /// Anonymous players (casual pools) instead of accounts.
    #[arg(long)]
    anonymous: bool,
}

async fn sign_up(node: SocketAddr, n: usize) -> Result<String, String> {
    accounts::sign_up(node, n, "pool").await
}

async fn connect(node: SocketAddr, n: usize, cookie: Option<&str>) -> Result<Ws, String> {
    play::connect(node, accounts::address(n), cookie).await
}

/// What one player saw: the time to its first seat, every room it was told, refusals.
#[derive(Default)]
struct Seen {
    to_pair: Option<Duration>,
    rooms: Vec<RoomId>,
    refusals: Vec<String>,
}

/// One player: joins `pool` at `start`, then listens until `end`.
async fn player(
    node: SocketAddr,
    n: usize,
    cookie: Option<String>,
    pool: TimeControl,
    start: Instant,
    end: Instant,
) -> Seen {
    tokio::time::sleep_until(start.into()).await;
    let mut seen = Seen::default();
    let mut ws = match connect(node, n, cookie.as_deref()).await {
        Ok(ws) => ws,
        Err(e) => {
            seen.refusals.push(format!("connect: {e}"));
            return seen;
        }
    };
    let sent = Instant::now();
    let join = ClientMsg::JoinPool { pool };
    if let Err(e) = ws.send(Message::Text(join.to_json().into())).await {
        seen.refusals.push(format!("send: {e}"));
        return seen;
    }
    loop {
        let next = tokio::time::timeout_at(end.into(), ws.next()).await;
        let Ok(Some(Ok(frame))) = next else { break };
        let Message::Text(t) = frame else { continue };
        match parse_server(&t) {
            Ok(ServerMsg::Seated { room, .. }) => {
                seen.to_pair.get_or_insert(sent.elapsed());
                seen.rooms.push(room);
            }
            Ok(ServerMsg::Error { message, .. }) => seen.refusals.push(message),
            _ => {}
        }
    }
    seen
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    // An index within the slice: p is in 0..=1.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

#[tokio::main]
async fn main() {
    let o = Options::parse_from(std::env::args().filter(|a| a != "--bench"));
    let players = o.players / 2 * 2;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut flags: Vec<String> = if o.nodes > 1 {
        common::cluster_flags("pools").await
    } else {
        vec![
            "--db".into(),
            dir.path().join("lobby.sqlite3").display().to_string(),
        ]
    };
    if let Some(w) = o.pool_wave_ms {
        flags.extend(["--pool-wave-ms".into(), w.to_string()]);
    }
    let nodes: Vec<SocketAddr> = (0..o.nodes).map(|_| common::free_addr()).collect();
    let mut servers = common::start_nodes(&nodes, dir.path(), &flags).await;

    // The accounts, before the measured minute (a few sign-ups at once: each hashes a
    // password).
    let made = Instant::now();
    let mut cookies: Vec<Option<String>> = vec![None; players];
    if !o.anonymous {
        let mut next = 0;
        while next < players {
            let batch: Vec<usize> = (next..players.min(next + 32)).collect();
            next += batch.len();
            let signed = futures_util::future::join_all(
                batch.iter().map(|&n| sign_up(nodes[n % nodes.len()], n)),
            )
            .await;
            for (n, r) in batch.into_iter().zip(signed) {
                match r {
                    Ok(c) => cookies[n] = Some(c),
                    Err(e) => panic!("{e}"),
                }
            }
        }
        println!(
            "{players} accounts made in {:.1} s",
            made.elapsed().as_secs_f64()
        );
    }

    let pools: Vec<TimeControl> = protocol::pools().collect();
    let begin = Instant::now() + Duration::from_millis(500);
    let spread = Duration::from_secs(o.seconds);
    // Listen until every player had time to be paired after the last one joined.
    let end = begin + spread + Duration::from_secs(15);
    let runs = cookies.into_iter().enumerate().map(|(n, cookie)| {
        let node = nodes[n % nodes.len()];
        let pool = pools[(n / 2) % pools.len()];
        #[allow(clippy::cast_possible_truncation)]
        let at = begin + spread.mul_f64(n as f64 / players as f64);
        tokio::spawn(player(node, n, cookie, pool, at, end))
    });
    let seen: Vec<Seen> = futures_util::future::join_all(runs)
        .await
        .into_iter()
        .map(|r| r.unwrap_or_default())
        .collect();

    let mut times: Vec<Duration> = seen.iter().filter_map(|s| s.to_pair).collect();
    times.sort();
    let twice = seen.iter().filter(|s| s.rooms.len() > 1).count();
    let unpaired = seen.iter().filter(|s| s.rooms.is_empty()).count();
    let mut rooms: HashMap<&RoomId, usize> = HashMap::new();
    for r in seen.iter().flat_map(|s| &s.rooms) {
        *rooms.entry(r).or_default() += 1;
    }
    let odd_rooms = rooms.values().filter(|&&n| n != 2).count();
    let refusals: Vec<&String> = seen.iter().flat_map(|s| &s.refusals).collect();
    println!(
        "{} players on {} node(s) joined {} pools over {} s: {} paired into {} rooms",
        players,
        nodes.len(),
        pools.len(),
        o.seconds,
        times.len(),
        rooms.len()
    );
    println!(
        "time to pair: p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        percentile(&times, 0.5).as_secs_f64() * 1000.0,
        percentile(&times, 0.99).as_secs_f64() * 1000.0,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
    );
    println!(
        "told two rooms: {twice}; rooms without exactly two players: {odd_rooms}; left \
         waiting: {unpaired} (at most {} can be: one per pool); refusals: {}",
        pools.len(),
        refusals.len()
    );
    if let Some(r) = refusals.first() {
        println!("first refusal: {r}");
    }
    for s in &mut servers {
        let _ = s.kill();
        let _ = s.wait();
    }
    let ok = twice == 0 && odd_rooms == 0 && unpaired <= pools.len();
    println!("{}", if ok { "OK" } else { "FAILED" });
    if !ok {
        std::process::exit(1);
    }
}
