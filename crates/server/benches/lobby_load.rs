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
//! ```text
//! ```
//! Each player moves one interval after its own previous move was confirmed (and once the
//! opponent has replied), so the offered load is about clients / interval moves per second.

#![allow(missing_docs)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use protocol::{
    ClientMsg, PROTOCOL_VERSION, PromotionRule, RoomEvent, SeatChoice, ServerMsg, parse_server,
};
use rules::{Color, Position, Rules};
use tokio::sync::{Mutex, Semaphore};
use tokio_tungstenite::tungstenite::Message;

struct Options {
    memory: bool,
    clients: usize,
    seconds: u64,
    interval_ms: u64,
}

fn options() -> Options {
    let mut o = Options {
        memory: false,
        clients: 1000,
        seconds: 20,
        interval_ms: 1000,
    };
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if let Some(i) = args.iter().position(|a| a == "--memory") {
        o.memory = true;
        args.remove(i);
    }
    let mut i = 0;
    while i + 1 < args.len() {
        let v = &args[i + 1];
        match args[i].as_str() {
            "--clients" => o.clients = v.parse().expect("--clients N"),
            "--seconds" => o.seconds = v.parse().expect("--seconds N"),
            "--move-interval-ms" => o.interval_ms = v.parse().expect("--move-interval-ms N"),
            _ => {}
        }
        i += 2;
    }
    o.clients = (o.clients / 2 * 2).max(2);
    o
}

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
}

type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

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
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::from((source_ip(n), 0)))
        .expect("bind a loopback source address");
    let stream = socket.connect(addr).await.expect("connect");
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), stream)
        .await
        .expect("handshake");
    ws.send(Message::Text(
        ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
        }
        .to_json()
        .into(),
    ))
    .await
    .expect("hello");
    ws
}

async fn next_msg(ws: &mut Ws) -> Option<ServerMsg> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return parse_server(&t).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// One player: plays its colour's random legal moves, one per interval, until `deadline`.
#[allow(clippy::too_many_arguments)]
async fn player(
    mut ws: Ws,
    room: protocol::RoomId,
    me: Color,
    stats: Arc<Stats>,
    measure_from: Instant,
    deadline: Instant,
    interval: Duration,
    seed: u64,
) {
    let mut pos = Position::new(Rules::default());
    let mut ply = 0u32;
    let mut rng = seed | 1;
    let mut sent_at: Option<Instant> = None;
    let mut seen = 0u64;
    let mut next_move =
        Instant::now() + Duration::from_millis(seed % interval.as_millis().max(1) as u64);
    loop {
        let my_turn = pos.turn() == me && sent_at.is_none();
        let wake = if my_turn { next_move } else { deadline };
        tokio::select! {
            msg = next_msg(&mut ws) => {
                let Some(msg) = msg else { return };
                // Like the page: every event is acknowledged once, duplicates are skipped.
                if let ServerMsg::Event { seq, .. } = &msg {
                    if *seq <= seen {
                        continue;
                    }
                    seen = *seq;
                    let ack = ClientMsg::Ack { room: room.clone(), seq: *seq };
                    let _ = ws.send(Message::Text(ack.to_json().into())).await;
                }
                match msg {
                    ServerMsg::Event { event: RoomEvent::Moved { uci, .. }, .. } => {
                        let Ok(m) = pos.parse_uci(&uci) else { return };
                        let mover = pos.turn();
                        pos.play_unchecked(m);
                        ply += 1;
                        if mover == me && let Some(t) = sent_at.take() {
                            let now = Instant::now();
                            if now >= measure_from {
                                stats.moves.fetch_add(1, Ordering::Relaxed);
                                stats.latencies_us.lock().await.push(now.duration_since(t).as_micros() as u64);
                            }
                            next_move = now + interval;
                        }
                    }
                    ServerMsg::Event { event: RoomEvent::GameOver { .. }, .. } => return,
                    ServerMsg::Error { .. } => { stats.errors.fetch_add(1, Ordering::Relaxed); }
                    _ => {}
                }
            }
            () = tokio::time::sleep_until(wake.into()) => {
                if Instant::now() >= deadline { return; }
                if pos.turn() == me && sent_at.is_none() {
                    let moves = pos.legal_moves();
                    if moves.is_empty() { return; }
                    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
                    let m = moves[(rng % moves.len() as u64) as usize];
                    let msg = ClientMsg::Move { room: room.clone(), ply, uci: m.to_uci() };
                    sent_at = Some(Instant::now());
                    if ws.send(Message::Text(msg.to_json().into())).await.is_err() { return; }
                }
            }
        }
    }
}

#[tokio::main]
async fn main() {
    let o = options();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("port")
        .local_addr()
        .expect("addr")
        .port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_server"))
        .args(["--addr", &addr.to_string(), "--www"])
        .arg(dir.path())
        .args(if o.memory {
            vec!["--no-db".into()]
        } else {
            vec![
                "--db".into(),
                dir.path().join("lobby.sqlite3").into_os_string(),
            ]
        })
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("start the server");
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let started = Instant::now();
    let stats = Arc::new(Stats::default());
    let limit = Arc::new(Semaphore::new(256));
    let mut pairs = Vec::new();
    for p in 0..o.clients / 2 {
        let limit = limit.clone();
        pairs.push(tokio::spawn(async move {
            let _permit = limit.acquire().await.expect("semaphore");
            let mut a = connect(addr, 2 * p).await;
            let create = ClientMsg::CreateRoom {
                seat: SeatChoice::White,
                promotion: PromotionRule::Any,
                clock: None,
                public: false,
            };
            a.send(Message::Text(create.to_json().into()))
                .await
                .expect("create");
            let room = loop {
                if let Some(ServerMsg::Seated { room, .. }) = next_msg(&mut a).await {
                    break room;
                }
            };
            let mut b = connect(addr, 2 * p + 1).await;
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
    let connect_time = started.elapsed();
    let measure_from = Instant::now() + Duration::from_secs(2);
    let deadline = measure_from + Duration::from_secs(o.seconds);
    let interval = Duration::from_millis(o.interval_ms);
    let mut tasks = Vec::new();
    for (p, room, a, b) in ready {
        let seed = (p as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        tasks.push(tokio::spawn(player(
            a,
            room.clone(),
            Color::White,
            stats.clone(),
            measure_from,
            deadline,
            interval,
            seed,
        )));
        tasks.push(tokio::spawn(player(
            b,
            room,
            Color::Black,
            stats.clone(),
            measure_from,
            deadline,
            interval,
            seed ^ 0xff,
        )));
    }
    for t in tasks {
        let _ = t.await;
    }
    let _ = server.kill();
    let _ = server.wait();

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
        "{} clients in {} rooms (connected in {:.1} s); {} moves in {} s: {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
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
}
