//! One WebSocket connection: reads client messages (size- and rate-limited, validated, with a
//! deadline for `hello` and a read timeout that notices vanished clients), routes them to the
//! lobby or to room tasks, and writes server messages from the client's byte-bounded
//! [`Outbox`] and the lobby listing ([`ListingWatch`]: the listing when its rooms change, as a
//! diff when smaller, and the counts at most every few seconds).
//!
//! The loop is generic over any `Sink`/`Stream` of [`Message`]s, so it is unit-tested with
//! channels; reader and writer run in one task, so neither outlives the connection.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, close_code};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use protocol::user::Username;

use crate::store::accounts::SessionHash;
use protocol::{
    ClientMsg, ErrorCode, MAX_CLIENT_MESSAGE_BYTES, PROTOCOL_VERSION, RoomCommand, RoomId,
    ServerMsg, parse_client,
};
use tokio::sync::watch;

use crate::lobby::{ListingWatch, Lobby, NewRoom, WatchTicket};
use crate::outbox::{DEFAULT_OUTBOX_BYTES, Outbox, OutboxReader};
use crate::rate::Action;
use crate::room::actor::Subscriber;
use crate::room::{JoinMode, RoomCmd};

/// Messages a client may send per second on average, and in a burst.
const RATE_PER_SEC: f64 = 20.0;
const BURST: f64 = 40.0;
/// Refused messages (less accepted ones) after which the connection is closed.
const MAX_STRIKES: u32 = 200;
/// Acknowledgements and pings per second on average, and in a burst: protocol upkeep, not
/// counted against the rate above, but bounded all the same.
const UPKEEP_PER_SEC: f64 = 100.0;
const UPKEEP_BURST: f64 = 400.0;
/// How long a join waits for the room to say it exists.
const JOIN_ANSWER: Duration = Duration::from_secs(10);

/// The deadlines and sizes of one connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WsLimits {
    /// `hello` must arrive within this time of the upgrade.
    pub hello_within: Duration,
    /// Silence after which a client is taken for gone (the page pings every 25 s).
    pub read_timeout: Duration,
    /// The longest one frame may take to be written.
    pub write_timeout: Duration,
    /// Bytes waiting to be written at most before the client is cut off.
    pub outbox_bytes: usize,
    /// Rooms one connection may have joined at once.
    pub max_joined: usize,
}

impl Default for WsLimits {
    fn default() -> WsLimits {
        WsLimits {
            hello_within: Duration::from_secs(10),
            read_timeout: Duration::from_secs(35),
            write_timeout: Duration::from_secs(10),
            outbox_bytes: DEFAULT_OUTBOX_BYTES,
            max_joined: 64,
        }
    }
}

/// A token bucket: `rate` tokens a second, at most `burst` saved.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: Instant::now(),
            rate,
            burst,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Why a connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// The client closed it (or the socket failed).
    Closed,
    /// Nothing arrived for the read timeout.
    ReadTimeout,
    /// No `hello` in time.
    HelloTimeout,
    /// Too many refused messages.
    Strikes,
    /// The outbox overflowed: the client does not read.
    SlowReader,
    /// A frame could not be written in time.
    WriteTimeout,
    /// A room of the client moved to another node: it must reconnect.
    Moved,
    /// The client broke the WebSocket protocol: the Close code that says how (1002 a
    /// malformed frame, 1007 text that is not UTF-8, 1009 a message over the size limit).
    Violation(u16),
}

impl End {
    /// The reason label of a drop by the server (`None` when the client left).
    fn dropped(self) -> Option<&'static str> {
        match self {
            End::Closed => None,
            End::ReadTimeout => Some("read_timeout"),
            End::HelloTimeout => Some("hello_timeout"),
            End::Strikes => Some("strikes"),
            End::SlowReader => Some("slow_reader"),
            End::WriteTimeout => Some("write_timeout"),
            End::Moved => Some("room_moved"),
            End::Violation(_) => Some("protocol_violation"),
        }
    }
}

/// The Close code for a read error that is the client's breach of the WebSocket protocol
/// (found in `error`'s chain of sources), or `None` for a failed or closed socket.
fn violation(error: &(dyn std::error::Error + 'static)) -> Option<u16> {
    use tungstenite::Error as WsError;
    let mut cause = Some(error);
    while let Some(e) = cause {
        if let Some(ws) = e.downcast_ref::<WsError>() {
            return match ws {
                WsError::Capacity(_) => Some(close_code::SIZE),
                WsError::Utf8(_) => Some(close_code::INVALID),
                // A socket reset without a Close frame is a tab closed or a network lost,
                // not a breach.
                WsError::Protocol(
                    tungstenite::error::ProtocolError::ResetWithoutClosingHandshake,
                ) => None,
                WsError::Protocol(_) | WsError::AttackAttempt => Some(close_code::PROTOCOL),
                _ => None,
            };
        }
        cause = e.source();
    }
    None
}

/// The signed-in player of a connection, as its session cookie named it at the handshake.
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The player's name.
    pub username: Username,
    /// Their session, checked again against the store before the connection acts on the
    /// player's identity ([`needs_identity`]).
    pub session: SessionHash,
}

/// Serves one connection until it closes: `sink` and `stream` are the two halves of the
/// WebSocket; `addr` is the peer's address (for the caps on rooms per address); `signed_in`
/// the signed-in player of the connection (its session cookie), if any: its seats carry the
/// name.
pub async fn connection<Si, St, E>(
    mut sink: Si,
    mut stream: St,
    lobby: Arc<Lobby>,
    addr: Option<IpAddr>,
    signed_in: Option<SignedIn>,
    limits: WsLimits,
) where
    Si: Sink<Message> + Unpin + Send,
    St: Stream<Item = Result<Message, E>> + Unpin + Send,
    E: std::error::Error + 'static,
{
    let conn = lobby.connect();
    let (user, session) = signed_in.map_or((None, None), |s| (Some(s.username), Some(s.session)));
    let (outbox, mut reader) = Outbox::new(limits.outbox_bytes);
    outbox.send(&ServerMsg::Welcome {
        protocol: PROTOCOL_VERSION,
        user: user.clone(),
    });
    let (watching_tx, watching_rx) = watch::channel(false);
    let mut sub = Subscriber {
        conn,
        outbox: outbox.clone(),
        addr,
        user,
    };
    let mut joined: Joined = HashMap::new();
    let listing = lobby.watch_listing();
    let end = tokio::select! {
        end = write_loop(&mut sink, &mut reader, listing, watching_rx, limits.write_timeout) => end,
        end = read_loop(&mut stream, &mut sub, session, &lobby, &watching_tx, &mut joined, limits) => end,
    };
    outbox.close();
    if let Some(reason) = end.dropped() {
        lobby.metrics.dropped(reason);
        tracing::info!("connection {conn} from {addr:?} dropped: {reason}");
    }
    // Flush what is left (a last error, say) briefly, then say goodbye; a peer that does not
    // read gets neither.
    if !matches!(end, End::SlowReader | End::WriteTimeout | End::Closed) {
        let flush = async {
            while let Some(f) = reader.next().await {
                if sink.send(Message::Text(f)).await.is_err() {
                    break;
                }
            }
            let (code, reason) = match end {
                End::HelloTimeout => (close_code::POLICY, "hello did not arrive in time"),
                End::Strikes => (close_code::POLICY, "too many refused messages"),
                End::Moved => (
                    close_code::RESTART,
                    "a room moved to another server: reconnect",
                ),
                End::Violation(code) if code == close_code::SIZE => {
                    (code, "message too big for this server")
                }
                End::Violation(code) if code == close_code::INVALID => {
                    (code, "a text message that is not UTF-8")
                }
                End::Violation(code) => (code, "a frame that breaks the WebSocket protocol"),
                _ => (close_code::POLICY, "no message for too long"),
            };
            let _ = sink
                .send(Message::Close(Some(CloseFrame {
                    code,
                    reason: reason.into(),
                })))
                .await;
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), flush).await;
    } else if end == End::SlowReader {
        let close = sink.send(Message::Close(Some(CloseFrame {
            code: close_code::POLICY,
            reason: "the client does not read its messages".into(),
        })));
        let _ = tokio::time::timeout(Duration::from_millis(200), close).await;
    }
    for room in joined.into_keys() {
        let _ = lobby.send(&room, RoomCmd::Disconnect { conn }).await;
    }
    lobby.pools.leave(conn).await;
    lobby.disconnect(conn);
}

/// The rooms a connection has open, each with its place in its address's count.
type Joined = HashMap<RoomId, WatchTicket>;

/// Writes frames from the outbox and, while watching, the lobby's listing and counts.
async fn write_loop<Si>(
    sink: &mut Si,
    reader: &mut OutboxReader,
    mut listing: ListingWatch,
    mut watching: watch::Receiver<bool>,
    write_timeout: Duration,
) -> End
where
    Si: Sink<Message> + Unpin,
{
    loop {
        let frame = tokio::select! {
            f = reader.next() => match f {
                Some(f) => f,
                None if reader.overflowed().is_err() => return End::SlowReader,
                None if reader.moved() => return End::Moved,
                None => return End::Closed,
            },
            f = listing.next(), if *watching.borrow() => match f {
                Some(f) => f,
                None => return End::Closed,
            },
            changed = watching.changed() => {
                if changed.is_err() {
                    return End::Closed;
                }
                if *watching.borrow_and_update() {
                    // Watching starts with the listing and the counts as they are now.
                    listing.restart();
                } else {
                    listing.stop();
                }
                continue;
            }
        };
        match tokio::time::timeout(write_timeout, sink.send(Message::Text(frame))).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => return End::Closed,
            Err(_) => return End::WriteTimeout,
        }
    }
}

/// Reads and routes client messages until the client leaves or breaks a limit.
#[allow(clippy::too_many_arguments)]
async fn read_loop<St, E>(
    stream: &mut St,
    sub: &mut Subscriber,
    mut session: Option<SessionHash>,
    lobby: &Lobby,
    watching: &watch::Sender<bool>,
    joined: &mut Joined,
    limits: WsLimits,
) -> End
where
    St: Stream<Item = Result<Message, E>> + Unpin,
    E: std::error::Error + 'static,
{
    let outbox = sub.outbox.clone();
    let tx = &outbox;
    let started = tokio::time::Instant::now();
    let mut hello = false;
    let mut bucket = Bucket::new(RATE_PER_SEC, BURST);
    let mut upkeep = Bucket::new(UPKEEP_PER_SEC, UPKEEP_BURST);
    let mut strikes = 0u32;
    let refuse = |code: ErrorCode, message: String, room: Option<&RoomId>| {
        lobby.metrics.errors.inc();
        tx.send(&ServerMsg::error(code, message, room));
    };
    loop {
        let wait = if hello {
            limits.read_timeout
        } else {
            limits
                .hello_within
                .saturating_sub(started.elapsed())
                .min(limits.read_timeout)
        };
        let frame = match tokio::time::timeout(wait, stream.next()).await {
            Ok(Some(Ok(frame))) => frame,
            Ok(Some(Err(e))) => return violation(&e).map_or(End::Closed, End::Violation),
            Ok(None) => return End::Closed,
            Err(_) if !hello => {
                refuse(
                    ErrorCode::HelloTimeout,
                    format!(
                        "send hello with protocol {PROTOCOL_VERSION} within {} s of connecting",
                        limits.hello_within.as_secs()
                    ),
                    None,
                );
                return End::HelloTimeout;
            }
            Err(_) => return End::ReadTimeout,
        };
        if strikes > MAX_STRIKES {
            return End::Strikes;
        }
        if tx.is_closed() {
            // Only an overflow closes the outbox while the connection runs.
            return End::SlowReader;
        }
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                strikes += 1;
                refuse(
                    ErrorCode::BadMessage,
                    "binary frames are not accepted: send JSON text".into(),
                    None,
                );
                continue;
            }
            Message::Close(_) => return End::Closed,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        lobby.metrics.messages.inc();
        if text.len() > MAX_CLIENT_MESSAGE_BYTES {
            strikes += 1;
            refuse(
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
                refuse(ErrorCode::BadMessage, e.to_string(), None);
                continue;
            }
        };
        // Acknowledgements and pings are protocol upkeep: they have their own, larger bucket.
        if matches!(msg, ClientMsg::Ack { .. } | ClientMsg::Ping) {
            if !upkeep.take() {
                strikes += 1;
                refuse(
                    ErrorCode::RateLimited,
                    "too many acknowledgements or pings: slow down".into(),
                    None,
                );
                continue;
            }
        } else {
            if !bucket.take() {
                strikes += 1;
                refuse(
                    ErrorCode::RateLimited,
                    "too many messages: slow down".into(),
                    None,
                );
                continue;
            }
            strikes = strikes.saturating_sub(1);
        }
        // The same budgets per address, across all of its connections.
        let action = action_of(&msg);
        if let Some(addr) = sub.addr
            && !lobby.rates.allow(addr, action)
        {
            strikes += 1;
            lobby.metrics.limited(action.label());
            refuse(
                ErrorCode::RateLimited,
                format!(
                    "too many {} from your address: slow down",
                    action.describe()
                ),
                msg.room(),
            );
            continue;
        }
        if let ClientMsg::Hello { protocol } = msg {
            if protocol == PROTOCOL_VERSION {
                hello = true;
            } else {
                refuse(
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
                ErrorCode::UnsupportedVersion,
                format!("send hello with protocol {PROTOCOL_VERSION} first"),
                None,
            );
            continue;
        }
        if needs_identity(&msg) && recheck_session(sub, &mut session, lobby).await.is_err() {
            refuse(
                ErrorCode::Internal,
                "your session could not be checked: try again".into(),
                msg.room(),
            );
            continue;
        }
        route(msg, sub, lobby, watching, joined, limits, &refuse).await;
    }
}

/// Whether `msg` acts on the connection's signed-in identity: it creates a room (its seat
/// carries the creator's name; a seek shows their rating), takes a place in a pool (rated for
/// an account), takes a seat (a join without a seat secret, not to watch: a free seat, or the
/// account's own), or asks for a rematch (rated after a rated game).
fn needs_identity(msg: &ClientMsg) -> bool {
    match msg {
        ClientMsg::CreateRoom { .. } | ClientMsg::JoinPool { .. } => true,
        ClientMsg::Join { secret, watch, .. } => secret.is_none() && !watch,
        ClientMsg::TakeSeat { .. } => true,
        // A rated room's rematch is a new rated game.
        ClientMsg::Room {
            command: RoomCommand::Rematch,
            ..
        } => true,
        _ => false,
    }
}

/// Checks the connection's session against the store again: a session revoked, signed out,
/// expired, or of a closed account since the handshake makes the connection anonymous from
/// now on (its seats already taken keep their names). Re-checking at the few actions that
/// use the identity is one read of the store each, on whichever node the socket is; closing
/// the sockets of a revoked session instead would need every node to keep its sockets by
/// session and hear every revocation, sign-out and closing.
///
/// # Errors
/// When the store cannot answer (nothing changed).
async fn recheck_session(
    sub: &mut Subscriber,
    session: &mut Option<SessionHash>,
    lobby: &Lobby,
) -> Result<(), ()> {
    let (Some(user), Some(hash)) = (&sub.user, *session) else {
        return Ok(());
    };
    match lobby.store().session_account(hash, lobby.now_ms()).await {
        Ok(Some(account)) if account.id == user.id() => Ok(()),
        Ok(_) => {
            tracing::info!(
                "connection {}: the session of {user} ended; anonymous from now on",
                sub.conn
            );
            lobby.metrics.session_ended();
            sub.user = None;
            *session = None;
            Ok(())
        }
        Err(e) => {
            tracing::warn!("connection {}: session not checked: {e}", sub.conn);
            Err(())
        }
    }
}

/// What a message counts as under the rate limits per address.
fn action_of(msg: &ClientMsg) -> Action {
    match msg {
        ClientMsg::CreateRoom { .. } => Action::CreateRoom,
        ClientMsg::JoinPool { .. } => Action::JoinPool,
        ClientMsg::Join { .. } | ClientMsg::TakeSeat { .. } => Action::Join,
        ClientMsg::Ack { .. } | ClientMsg::Ping => Action::Upkeep,
        _ => Action::Message,
    }
}

/// Handles one valid message after `hello`.
async fn route(
    msg: ClientMsg,
    sub: &Subscriber,
    lobby: &Lobby,
    watching: &watch::Sender<bool>,
    joined: &mut Joined,
    limits: WsLimits,
    refuse: &impl Fn(ErrorCode, String, Option<&RoomId>),
) {
    match msg {
        ClientMsg::Ping => {
            sub.outbox.send(&ServerMsg::Pong);
        }
        ClientMsg::JoinPool { pool } => {
            if let Err(r) = lobby.pools.join(lobby, sub, pool).await {
                refuse(r.code, r.message, None);
            }
        }
        ClientMsg::LeavePool => lobby.pools.leave(sub.conn).await,
        ClientMsg::WatchLobby => {
            watching.send_replace(true);
        }
        ClientMsg::UnwatchLobby => {
            watching.send_replace(false);
        }
        ClientMsg::CreateRoom { .. } | ClientMsg::Join { .. } | ClientMsg::TakeSeat { .. }
            if joined.len() >= limits.max_joined
                && !msg.room().is_some_and(|r| joined.contains_key(r)) =>
        {
            refuse(
                ErrorCode::NotAllowed,
                format!(
                    "at most {} rooms open on one connection: leave one first",
                    limits.max_joined
                ),
                msg.room(),
            );
        }
        ClientMsg::CreateRoom {
            seat,
            promotion,
            clock,
            public,
            rated,
            rating_range,
        } => match lobby
            .create_room(
                sub.clone(),
                NewRoom {
                    seat,
                    promotion,
                    clock,
                    public,
                    rated,
                    rating_range,
                },
            )
            .await
        {
            Ok(id) => {
                joined.insert(id, WatchTicket::uncounted());
            }
            Err(r) => refuse(r.code, r.message, None),
        },
        ClientMsg::Join {
            room,
            secret,
            after,
            watch,
        } => {
            let mode = if watch {
                JoinMode::Watch
            } else {
                JoinMode::Play
            };
            join(lobby, sub, joined, room, secret, after, mode, refuse).await;
        }
        ClientMsg::TakeSeat { room, seat } => {
            let mode = JoinMode::Take(seat);
            join(lobby, sub, joined, room, None, None, mode, refuse).await;
        }
        ClientMsg::Room { room, command } => {
            let cmd = RoomCmd::Command {
                sub: sub.clone(),
                command,
            };
            to_joined(lobby, joined, room, cmd, refuse).await;
        }
        ClientMsg::Ack { room, seq } => {
            let cmd = RoomCmd::Ack {
                conn: sub.conn,
                seq,
            };
            to_joined(lobby, joined, room, cmd, refuse).await;
        }
        ClientMsg::Leave { room } => {
            let cmd = RoomCmd::Leave { conn: sub.conn };
            if to_joined(lobby, joined, room.clone(), cmd, refuse).await {
                joined.remove(&room);
            }
        }
        // Read before routing: the connection loop answers every hello itself.
        ClientMsg::Hello { .. } => {}
    }
}

/// Opens `room` for the connection ([`ClientMsg::Join`], [`ClientMsg::TakeSeat`]).
#[allow(clippy::too_many_arguments)]
async fn join(
    lobby: &Lobby,
    sub: &Subscriber,
    joined: &mut Joined,
    room: RoomId,
    secret: Option<String>,
    after: Option<u64>,
    mode: JoinMode,
    refuse: &impl Fn(ErrorCode, String, Option<&RoomId>),
) {
    // A room not open yet counts against the address's rooms open (a join again of an open
    // room, a resync, keeps its place).
    let ticket = if joined.contains_key(&room) {
        None
    } else {
        match lobby.watch(sub.addr) {
            Ok(t) => Some(t),
            Err(r) => {
                refuse(r.code, r.message, Some(&room));
                return;
            }
        }
    };
    let (told, answer) = tokio::sync::oneshot::channel();
    let cmd = RoomCmd::Join {
        sub: sub.clone(),
        secret,
        after,
        mode,
        joined: Some(told),
    };
    match lobby.send(&room, cmd).await {
        // Only a room that exists counts against the rooms joined; the room answers once it
        // is loaded (an unknown room answers the client itself).
        Ok(()) => {
            if let Ok(Ok(true)) = tokio::time::timeout(JOIN_ANSWER, answer).await
                && let Some(t) = ticket
            {
                joined.insert(room, t);
            }
        }
        Err(r) => refuse(r.code, r.message, Some(&room)),
    }
}

/// Sends a command to a room the connection has joined, or refuses it ("join the room first");
/// `true` when the connection had joined the room.
async fn to_joined(
    lobby: &Lobby,
    joined: &Joined,
    room: RoomId,
    cmd: RoomCmd,
    refuse: &impl Fn(ErrorCode, String, Option<&RoomId>),
) -> bool {
    if !joined.contains_key(&room) {
        refuse(
            ErrorCode::UnknownRoom,
            "join the room first".into(),
            Some(&room),
        );
        return false;
    }
    if let Err(r) = lobby.send(&room, cmd).await {
        refuse(r.code, r.message, Some(&room));
    }
    true
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::LobbyConfig;
    use crate::metrics::Metrics;
    use crate::store::MemoryStore;
    use futures_channel::mpsc;
    use protocol::{PromotionRule, SeatChoice, parse_server};

    type Incoming = mpsc::UnboundedSender<Result<Message, std::io::Error>>;

    /// A connection over channels: what the test sends, and what the server wrote.
    struct Fake {
        to_server: Incoming,
        from_server: mpsc::UnboundedReceiver<Message>,
        task: tokio::task::JoinHandle<()>,
    }

    fn open(lobby: &Arc<Lobby>, limits: WsLimits) -> Fake {
        let (to_server, stream) = mpsc::unbounded();
        let (sink, from_server) = mpsc::unbounded();
        let task = tokio::spawn(connection(
            sink,
            stream,
            lobby.clone(),
            Some(IpAddr::from([127, 0, 0, 1])),
            None,
            limits,
        ));
        Fake {
            to_server,
            from_server,
            task,
        }
    }

    impl Fake {
        fn send(&self, msg: &ClientMsg) {
            let _ = self
                .to_server
                .unbounded_send(Ok(Message::Text(msg.to_json().into())));
        }

        async fn recv(&mut self) -> Option<Message> {
            tokio::time::timeout(Duration::from_secs(5), self.from_server.next())
                .await
                .expect("a frame within 5 s")
        }

        async fn msg(&mut self) -> ServerMsg {
            loop {
                match self.recv().await.expect("open") {
                    Message::Text(t) => return parse_server(&t).expect("valid"),
                    _ => continue,
                }
            }
        }
    }

    async fn lobby() -> Arc<Lobby> {
        Lobby::open(
            Arc::new(MemoryStore::default()),
            LobbyConfig::default(),
            Arc::new(Metrics::default()),
            None,
            crate::outbox::DEFAULT_OUTBOX_BYTES,
        )
        .await
        .expect("lobby")
    }

    #[tokio::test]
    async fn hello_then_ping_and_a_room() {
        let lobby = lobby().await;
        let mut c = open(&lobby, WsLimits::default());
        assert_eq!(
            c.msg().await,
            ServerMsg::Welcome {
                protocol: PROTOCOL_VERSION,
                user: None,
            }
        );
        c.send(&ClientMsg::Ping);
        assert!(matches!(
            c.msg().await,
            ServerMsg::Error {
                code: ErrorCode::UnsupportedVersion,
                ..
            }
        ));
        c.send(&ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
        });
        c.send(&ClientMsg::Ping);
        assert_eq!(c.msg().await, ServerMsg::Pong);
        c.send(&ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: PromotionRule::Any,
            clock: None,
            public: false,
            rating_range: None,
        });
        assert!(matches!(
            c.msg().await,
            ServerMsg::Seated {
                seat: rules::Color::White,
                ..
            }
        ));
        assert!(matches!(c.msg().await, ServerMsg::Snapshot { .. }));
        drop(c.to_server);
        tokio::time::timeout(Duration::from_secs(5), c.task)
            .await
            .expect("ends when the client goes")
            .expect("no panic");
    }

    #[tokio::test]
    async fn no_hello_in_time_closes_the_connection() {
        let lobby = lobby().await;
        let limits = WsLimits {
            hello_within: Duration::from_millis(300),
            ..WsLimits::default()
        };
        let mut c = open(&lobby, limits);
        c.msg().await; // welcome
        assert!(matches!(
            c.msg().await,
            ServerMsg::Error {
                code: ErrorCode::HelloTimeout,
                ..
            }
        ));
        assert!(matches!(c.recv().await, Some(Message::Close(_))));
        tokio::time::timeout(Duration::from_secs(5), c.task)
            .await
            .expect("ended")
            .expect("no panic");
        assert!(lobby.metrics.text().contains("hello_timeout"));
    }

    #[tokio::test]
    async fn a_client_that_does_not_read_is_cut_off_and_watchers_get_the_latest_listing() {
        let lobby = lobby().await;
        let limits = WsLimits {
            outbox_bytes: 2_000,
            ..WsLimits::default()
        };
        // A sink that never takes a frame: the writer is stuck on the first write.
        let (to_server, stream) = mpsc::unbounded::<Result<Message, std::io::Error>>();
        let stuck = futures_util::sink::unfold((), |(), _m: Message| async {
            std::future::pending::<Result<(), std::io::Error>>().await
        });
        let task = tokio::spawn(connection(
            Box::pin(stuck),
            stream,
            lobby.clone(),
            None,
            None,
            limits,
        ));
        let hello = ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
        };
        let _ = to_server.unbounded_send(Ok(Message::Text(hello.to_json().into())));
        // Pings pile up answers that are never written, until the outbox overflows.
        for _ in 0..200 {
            let _ = to_server.unbounded_send(Ok(Message::Text(ClientMsg::Ping.to_json().into())));
        }
        tokio::time::timeout(Duration::from_secs(5), task)
            .await
            .expect("the connection ends by itself")
            .expect("no panic");
        assert!(lobby.metrics.text().contains("slow_reader"));
    }
}
