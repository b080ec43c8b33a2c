//! One WebSocket connection: reads client messages (size- and rate-limited, validated),
//! routes them to the lobby or to room tasks, and writes server messages back.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use protocol::{
    ClientMsg, ErrorCode, MAX_CLIENT_MESSAGE_BYTES, PROTOCOL_VERSION, ServerMsg, parse_client,
};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::lobby::Lobby;
use crate::room::RoomCmd;

/// Messages a client may send per second on average, and in a burst.
const RATE_PER_SEC: f64 = 20.0;
const BURST: f64 = 40.0;
/// Refused messages (less accepted ones) after which the connection is closed.
const MAX_STRIKES: u32 = 200;
/// Silence after which a connection is taken for dead.
const READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(70);
/// Rooms one connection may create.
const MAX_ROOMS_PER_CONNECTION: u32 = 20;

/// A token bucket: `RATE_PER_SEC` tokens a second, at most `BURST` saved.
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.last).as_secs_f64() * RATE_PER_SEC).min(BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn room_of(msg: &ClientMsg) -> Option<&str> {
    match msg {
        ClientMsg::Move { room, .. }
        | ClientMsg::Resign { room }
        | ClientMsg::OfferDraw { room }
        | ClientMsg::DeclineDraw { room }
        | ClientMsg::ClaimDraw { room, .. }
        | ClientMsg::ClaimVictory { room }
        | ClientMsg::Rematch { room }
        | ClientMsg::Ack { room, .. }
        | ClientMsg::Leave { room } => Some(room),
        _ => None,
    }
}

/// `true` for a well-formed room id: 20 lower-case hex digits.
fn valid_room_id(id: &str) -> bool {
    id.len() == 20
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Serves one connection until it closes.
pub async fn connection(socket: WebSocket, lobby: Arc<Lobby>) {
    let conn = lobby.connect();
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<ServerMsg>(512);
    let writer = tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            if sink
                .send(Message::Text(msg.to_json().into()))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let _ = tx.try_send(ServerMsg::Welcome {
        protocol: PROTOCOL_VERSION,
    });

    let mut hello = false;
    let mut joined: HashSet<String> = HashSet::new();
    let mut watcher: Option<JoinHandle<()>> = None;
    let mut bucket = Bucket {
        tokens: BURST,
        last: Instant::now(),
    };
    let mut strikes = 0u32;
    let refuse =
        |tx: &mpsc::Sender<ServerMsg>, code: ErrorCode, message: String, room: Option<&str>| {
            lobby.metrics.errors.inc();
            let _ = tx.try_send(ServerMsg::error(code, message, room));
        };

    let mut created = 0u32;
    loop {
        // A client that vanishes without closing is noticed: live clients ping every 25 s.
        let frame = match tokio::time::timeout(READ_TIMEOUT, stream.next()).await {
            Ok(Some(Ok(frame))) => frame,
            Ok(Some(Err(_)) | None) | Err(_) => break,
        };
        if strikes > MAX_STRIKES {
            break;
        }
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                strikes += 1;
                refuse(
                    &tx,
                    ErrorCode::BadMessage,
                    "binary frames are not accepted: send JSON text".into(),
                    None,
                );
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        lobby.metrics.messages.inc();
        if text.len() > MAX_CLIENT_MESSAGE_BYTES {
            strikes += 1;
            refuse(
                &tx,
                ErrorCode::TooLarge,
                format!(
                    "message of {} bytes; the limit is {MAX_CLIENT_MESSAGE_BYTES}",
                    text.len()
                ),
                None,
            );
            continue;
        }
        let msg = match parse_client(&text) {
            Ok(m) => m,
            Err(e) => {
                strikes += 1;
                refuse(&tx, ErrorCode::BadMessage, e.to_string(), None);
                continue;
            }
        };
        // Acknowledgements and pings are protocol upkeep: they do not count against the rate.
        if !matches!(msg, ClientMsg::Ack { .. } | ClientMsg::Ping) {
            if !bucket.take() {
                strikes += 1;
                refuse(
                    &tx,
                    ErrorCode::RateLimited,
                    "too many messages: slow down".into(),
                    None,
                );
                continue;
            }
            strikes = strikes.saturating_sub(1);
        }
        if let ClientMsg::Hello { protocol } = msg {
            if protocol == PROTOCOL_VERSION {
                hello = true;
            } else {
                refuse(
                    &tx,
                    ErrorCode::UnsupportedVersion,
                    format!(
                        "protocol {protocol} is not supported; this server speaks {PROTOCOL_VERSION}"
                    ),
                    None,
                );
            }
            continue;
        }
        if !hello {
            refuse(
                &tx,
                ErrorCode::UnsupportedVersion,
                format!("send hello with protocol {PROTOCOL_VERSION} first"),
                None,
            );
            continue;
        }
        match msg {
            ClientMsg::Ping => {
                let _ = tx.try_send(ServerMsg::Pong);
            }
            ClientMsg::WatchLobby => {
                if watcher.is_none() {
                    let mut listing = lobby.watch_listing();
                    let tx = tx.clone();
                    watcher = Some(tokio::spawn(async move {
                        loop {
                            let msg = (**listing.borrow_and_update()).clone();
                            if tx.send(msg).await.is_err() || listing.changed().await.is_err() {
                                break;
                            }
                        }
                    }));
                }
            }
            ClientMsg::UnwatchLobby => {
                if let Some(w) = watcher.take() {
                    w.abort();
                }
            }
            ClientMsg::CreateRoom { .. } if created >= MAX_ROOMS_PER_CONNECTION => refuse(
                &tx,
                ErrorCode::NotAllowed,
                format!("at most {MAX_ROOMS_PER_CONNECTION} rooms per connection"),
                None,
            ),
            ClientMsg::CreateRoom {
                seat,
                promotion,
                clock,
                public,
            } => match lobby.create_room(conn, tx.clone(), seat, promotion, clock, public) {
                Ok(id) => {
                    created += 1;
                    joined.insert(id);
                }
                Err(r) => refuse(&tx, r.0, r.1, None),
            },
            ClientMsg::Join {
                room,
                secret,
                after,
                watch,
            } => {
                let target = valid_room_id(&room).then(|| lobby.room(&room)).flatten();
                match target {
                    Some(room_tx) => {
                        // Joining again on the same connection (a resync) replaces the
                        // subscription in the room and keeps the seat.
                        let cmd = RoomCmd::Join {
                            conn,
                            tx: tx.clone(),
                            secret,
                            after,
                            watch,
                        };
                        if room_tx.send(cmd).await.is_ok() {
                            joined.insert(room);
                        } else {
                            refuse(
                                &tx,
                                ErrorCode::Internal,
                                "the room is not available right now".into(),
                                Some(&room),
                            );
                        }
                    }
                    None => refuse(
                        &tx,
                        ErrorCode::UnknownRoom,
                        "no such room: check the invite link".into(),
                        Some(&room),
                    ),
                }
            }
            msg => {
                let Some(room) = room_of(&msg).map(str::to_owned) else {
                    continue;
                };
                match lobby.room(&room).filter(|_| joined.contains(&room)) {
                    Some(room_tx) => {
                        if let ClientMsg::Leave { .. } = msg {
                            joined.remove(&room);
                        }
                        let _ = room_tx.send(RoomCmd::Client { conn, msg }).await;
                    }
                    None => refuse(
                        &tx,
                        ErrorCode::UnknownRoom,
                        "join the room first".into(),
                        Some(&room),
                    ),
                }
            }
        }
    }

    for room in joined {
        if let Some(room_tx) = lobby.room(&room) {
            let _ = room_tx.send(RoomCmd::Disconnect { conn }).await;
        }
    }
    if let Some(w) = watcher {
        w.abort();
    }
    drop(tx);
    // The writer ends once the rooms have dropped their senders; do not wait on a stuck peer.
    if tokio::time::timeout(std::time::Duration::from_secs(2), writer)
        .await
        .is_err()
    {
        tracing::debug!("connection {conn}: writer did not finish in time");
    }
    lobby.disconnect();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_ids_are_checked() {
        assert!(valid_room_id("0123456789abcdef0123"));
        assert!(!valid_room_id("0123456789ABCDEF0123"));
        assert!(!valid_room_id("../etc/passwd"));
        assert!(!valid_room_id(""));
    }
}
