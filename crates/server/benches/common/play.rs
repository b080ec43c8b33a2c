//! Players over loopback WebSockets, as the page plays: connecting from a chosen loopback
//! address (with a session cookie when signed in), reading the server's messages, and playing
//! random legal moves one interval apart (the load generator's and the API benchmark's
//! players).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMsg, PROTOCOL_VERSION, RoomCommand, RoomEvent, ServerMsg, parse_server};
use rules::{Color, Position, Rules};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A player's socket.
pub type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// Opens a socket to `node` from `from` (a loopback address), with `cookie` (a session) if
/// given, and says hello.
///
/// # Errors
/// What failed: the bind, the connection, the handshake or the hello.
pub async fn connect(node: SocketAddr, from: Ipv4Addr, cookie: Option<&str>) -> Result<Ws, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::from((from, 0)))
        .map_err(|e| format!("bind a loopback source address: {e}"))?;
    let stream = socket.connect(node).await.map_err(|e| e.to_string())?;
    let mut request = format!("ws://{node}/ws")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(c) = cookie {
        request
            .headers_mut()
            .insert("cookie", c.parse().map_err(|_| "cookie".to_owned())?);
    }
    let (mut ws, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .map_err(|e| e.to_string())?;
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
    };
    ws.send(Message::Text(hello.to_json().into()))
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// The next message of the server (frames that are not text skipped); `None` once closed.
pub async fn next_msg(ws: &mut Ws) -> Option<ServerMsg> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return parse_server(&t).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// What the players measured: moves confirmed, errors, and the latency of each move (sent
/// until the server's `Moved` event for it came back), in microseconds.
#[derive(Default)]
pub struct Stats {
    /// Moves confirmed in the measured window.
    pub moves: AtomicU64,
    /// The server's errors.
    pub errors: AtomicU64,
    /// Each measured move's latency, µs.
    pub latencies_us: Mutex<Vec<u64>>,
}

/// When each ply of a game was sent (index: the ply), for measuring what follows a move
/// elsewhere (the API streams).
pub type SentLog = std::sync::Mutex<Vec<Option<Instant>>>;

/// How one player plays.
pub struct Plan {
    /// Moves are measured from this instant on.
    pub measure_from: Instant,
    /// The player stops here.
    pub deadline: Instant,
    /// Pause between a confirmed move (and the opponent's reply) and the next one.
    pub interval: Duration,
    /// Seeds the player's random moves and its first pause.
    pub seed: u64,
}

/// One player: plays its colour's random legal moves, one per interval, until the plan's
/// deadline or the game's end; notes when each of its moves was sent in `sent`, if given.
pub async fn player(
    mut ws: Ws,
    room: protocol::RoomId,
    me: Color,
    stats: Arc<Stats>,
    plan: Plan,
    sent: Option<Arc<SentLog>>,
) {
    let mut pos = Position::new(Rules::default());
    let mut ply = 0u32;
    let mut rng = plan.seed | 1;
    let mut sent_at: Option<Instant> = None;
    let mut seen = 0u64;
    let first_pause = plan.seed % u64::try_from(plan.interval.as_millis().max(1)).unwrap_or(1);
    let mut next_move = Instant::now() + Duration::from_millis(first_pause);
    loop {
        let my_turn = pos.turn() == me && sent_at.is_none();
        let wake = if my_turn { next_move } else { plan.deadline };
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
                        let Ok(m) = uci.to_move(&pos) else { return };
                        let mover = pos.turn();
                        pos.play_unchecked(m);
                        ply += 1;
                        if mover == me && let Some(t) = sent_at.take() {
                            let now = Instant::now();
                            if now >= plan.measure_from {
                                stats.moves.fetch_add(1, Ordering::Relaxed);
                                let us = u64::try_from(now.duration_since(t).as_micros()).unwrap_or(u64::MAX);
                                stats.latencies_us.lock().await.push(us);
                            }
                            next_move = now + plan.interval;
                        }
                    }
                    ServerMsg::Event { event: RoomEvent::GameOver { .. }, .. } => return,
                    ServerMsg::Error { .. } => { stats.errors.fetch_add(1, Ordering::Relaxed); }
                    _ => {}
                }
            }
            () = tokio::time::sleep_until(wake.into()) => {
                if Instant::now() >= plan.deadline { return; }
                if pos.turn() == me && sent_at.is_none() {
                    let moves = pos.legal_moves();
                    if moves.is_empty() { return; }
                    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
                    let pick = usize::try_from(rng % moves.len() as u64).unwrap_or(0);
                    let m = moves[pick];
                    let msg = RoomCommand::Move { ply, uci: m.into() }.to(room.clone());
                    let now = Instant::now();
                    sent_at = Some(now);
                    if let Some(log) = &sent
                        && let Ok(mut log) = log.lock()
                    {
                        let i = ply as usize;
                        if log.len() <= i {
                            log.resize(i + 1, None);
                        }
                        log[i] = Some(now);
                    }
                    if ws.send(Message::Text(msg.to_json().into())).await.is_err() { return; }
                }
            }
        }
    }
}

/// The value at fraction `p` (0 to 1) of `sorted`, in milliseconds from microseconds.
#[must_use]
pub fn percentile_ms(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    #[allow(clippy::cast_precision_loss)]
    let ms = sorted[i.min(sorted.len() - 1)] as f64 / 1000.0;
    ms
}
