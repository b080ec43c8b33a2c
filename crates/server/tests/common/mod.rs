//! The test harness of the lobby's integration tests: a real server on a free loopback port
//! and WebSocket clients that speak the protocol.

#![allow(dead_code, missing_docs)]

pub mod api;
pub mod backing;
pub mod seed;
pub mod session;

use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use protocol::{
    ClientMsg, ErrorCode, PROTOCOL_VERSION, PromotionRule, RatingChange, RoomCommand, RoomEvent,
    RoomId, RoomSummary, SeatChoice, ServerMsg, TimeControl, parse_server,
};
use rules::{ByColor, Color};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A server on a free loopback port; stops when dropped.
pub struct Server {
    pub addr: std::net::SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<()>>,
}

impl Server {
    pub async fn start(db: Option<&Path>, countdown: Duration) -> Server {
        Server::start_with(db, |c| c.lobby.room.countdown = countdown).await
    }

    /// A server whose configuration `tune` adjusts first.
    pub async fn start_with(db: Option<&Path>, tune: impl FnOnce(&mut server::Config)) -> Server {
        let www = tempfile::tempdir().expect("tempdir").keep();
        let mut config = server::Config::new(www);
        config.db = db.map(|p| p.display().to_string());
        // The tests wait for counts: sent often (a server as shipped sends them every 5 s).
        config.lobby.counts_every = Duration::from_millis(200);
        tune(&mut config);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let done = tokio::spawn(async move {
            server::serve(listener, &config, async {
                let _ = stopped.await;
            })
            .await
            .expect("serve");
        });
        Server {
            addr,
            stop: Some(stop),
            done: Some(done),
        }
    }

    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(d) = self.done.take() {
            let _ = d.await;
        }
    }

    pub async fn client(&self) -> Client {
        connect(self.addr).await
    }
}

pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub seq: u64,
    /// The lobby as the frames received so far make it.
    pub lobby: LobbySeen,
    /// The signed-in player the server's welcome named.
    pub user: Option<protocol::user::Username>,
}

/// The lobby as a watching client has it, from the `lobby`, `lobby_diff` and `lobby_counts`
/// frames it received.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LobbySeen {
    /// The listing, once a full one arrived.
    pub rooms: Option<Vec<RoomSummary>>,
    /// (players online, games in progress), once sent.
    pub counts: Option<(u32, u32)>,
    /// Frames received: full listings, diffs, counts.
    pub full: u32,
    pub diffs: u32,
    pub counted: u32,
}

impl LobbySeen {
    /// Applies a message (other messages change nothing); `true` for a lobby message.
    pub fn apply(&mut self, m: &ServerMsg) -> bool {
        match m {
            ServerMsg::Lobby { rooms } => {
                self.full += 1;
                self.rooms = Some(rooms.clone());
            }
            ServerMsg::LobbyDiff(d) => {
                self.diffs += 1;
                d.apply(self.rooms.as_mut().expect("a diff after a full listing"));
            }
            ServerMsg::LobbyCounts {
                players_online,
                games_in_progress,
            } => {
                self.counted += 1;
                self.counts = Some((*players_online, *games_in_progress));
            }
            _ => return false,
        }
        true
    }

    /// The listing shows `room`.
    pub fn lists(&self, room: &RoomId) -> bool {
        self.rooms
            .as_ref()
            .is_some_and(|rooms| rooms.iter().any(|r| &r.id == room))
    }

    pub fn players_online(&self) -> Option<u32> {
        self.counts.map(|c| c.0)
    }

    pub fn games_in_progress(&self) -> Option<u32> {
        self.counts.map(|c| c.1)
    }
}

impl Client {
    pub async fn send(&mut self, msg: &ClientMsg) {
        self.ws
            .send(Message::Text(msg.to_json().into()))
            .await
            .expect("send");
    }

    pub async fn raw(&mut self, msg: Message) {
        self.ws.send(msg).await.expect("send");
    }

    pub async fn recv(&mut self) -> ServerMsg {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a message within 10 s")
                .expect("open")
                .expect("frame");
            if let Message::Text(t) = frame {
                let msg = parse_server(&t).expect("valid server message");
                if let ServerMsg::Event { seq, .. } = &msg {
                    self.seq = self.seq.max(*seq);
                }
                self.lobby.apply(&msg);
                return msg;
            }
        }
    }

    /// Waits until `seat`'s player is reported away.
    pub async fn away(&mut self, seat: Color) {
        self.until(
            "the opponent away",
            |m| matches!(m, ServerMsg::Presence { seat: s, online: false, .. } if *s == seat),
        )
        .await;
    }

    /// Joins `room` without a secret, takes its free seat and returns the seat's secret.
    pub async fn take_seat(&mut self, room: &RoomId) -> String {
        self.send(&ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
        match self
            .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await
        {
            ServerMsg::Seated { secret, .. } => secret,
            m => panic!("{m:?}"),
        }
    }

    /// Receives until `pred` holds, returning that message.
    pub async fn until(&mut self, what: &str, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        for _ in 0..100 {
            let m = self.recv().await;
            if std::env::var("DEBUG_UNTIL").is_ok() {
                eprintln!("{what}: {m:?}");
            }
            if pred(&m) {
                return m;
            }
        }
        panic!("never received {what}");
    }

    /// Receives until a lobby message leaves the lobby as `pred` wants it; the lobby then.
    pub async fn lobby_until(
        &mut self,
        what: &str,
        pred: impl Fn(&LobbySeen) -> bool,
    ) -> LobbySeen {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let m = self.recv().await;
            if std::env::var("DEBUG_UNTIL").is_ok() {
                eprintln!("{what}: {m:?}");
            }
            if matches!(
                m,
                ServerMsg::Lobby { .. } | ServerMsg::LobbyDiff(_) | ServerMsg::LobbyCounts { .. }
            ) && pred(&self.lobby)
            {
                return self.lobby.clone();
            }
            assert!(tokio::time::Instant::now() < deadline, "never: {what}");
        }
    }

    pub async fn error(&mut self) -> ErrorCode {
        match self
            .until("an error", |m| matches!(m, ServerMsg::Error { .. }))
            .await
        {
            ServerMsg::Error { code, .. } => code,
            _ => unreachable!(),
        }
    }

    pub async fn create(
        &mut self,
        seat: SeatChoice,
        public: bool,
        clock: Option<TimeControl>,
    ) -> (RoomId, Color, String) {
        self.send(&ClientMsg::CreateRoom {
            rated: false,
            seat,
            promotion: PromotionRule::Any,
            clock,
            public,
            rating_range: None,
        })
        .await;
        match self
            .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await
        {
            ServerMsg::Seated { room, seat, secret } => (room, seat, secret),
            _ => unreachable!(),
        }
    }

    pub async fn join(
        &mut self,
        room: &RoomId,
        secret: Option<&str>,
        after: Option<u64>,
    ) -> ServerMsg {
        self.send(&ClientMsg::Join {
            room: room.clone(),
            secret: secret.map(Into::into),
            after,
            watch: false,
        })
        .await;
        self.until("a snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
            .await
    }

    pub async fn play(&mut self, room: &RoomId, ply: u32, uci: &str) {
        self.send(
            &RoomCommand::Move {
                ply,
                uci: uci.parse().expect("uci"),
            }
            .to(room.clone()),
        )
        .await;
    }

    /// Waits for the `Moved` event of `ply`.
    pub async fn moved(&mut self, ply: u32) -> String {
        match self
            .until("a move", |m| matches!(m, ServerMsg::Event { event: RoomEvent::Moved { ply: p, .. }, .. } if *p == ply))
            .await
        {
            ServerMsg::Event { event: RoomEvent::Moved { san, .. }, .. } => san,
            _ => unreachable!(),
        }
    }

    /// Waits for `Seated` (after creating a room) and answers its room.
    pub async fn seated_room(&mut self) -> RoomId {
        match self
            .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await
        {
            ServerMsg::Seated { room, .. } => room,
            m => panic!("{m:?}"),
        }
    }

    /// Waits for the game-over event and answers that message.
    pub async fn game_over(&mut self) -> ServerMsg {
        self.until("game over", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: RoomEvent::GameOver { .. },
                    ..
                }
            )
        })
        .await
    }

    /// Waits for the game-over event of a rated game and answers how it moved both ratings;
    /// panics when the event carries no ratings.
    pub async fn rated_game_over(&mut self) -> ByColor<RatingChange> {
        let over = self.game_over().await;
        let ServerMsg::Event {
            event: RoomEvent::GameOver {
                ratings: Some(r), ..
            },
            ..
        } = over
        else {
            panic!("a rated game over without ratings: {over:?}");
        };
        r
    }
}

/// The message that creates a private rated room with `clock`, its creator White, any
/// promotion allowed.
pub fn rated_room(clock: Option<TimeControl>) -> ClientMsg {
    ClientMsg::CreateRoom {
        seat: SeatChoice::White,
        promotion: PromotionRule::Any,
        clock,
        public: false,
        rated: true,
        rating_range: None,
    }
}

/// Plays `line` (UCI) in `room` from ply `first` on, White's plies by `white` and Black's
/// by `black`; each move is waited for by both players before the next.
pub async fn play_line(
    white: &mut Client,
    black: &mut Client,
    room: &RoomId,
    first: u32,
    line: &[&str],
) {
    for (ply, uci) in (first..).zip(line) {
        let (mover, other) = if ply % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        mover.play(room, ply, uci).await;
        mover.moved(ply).await;
        other.moved(ply).await;
    }
}

/// The body of `GET path` on the server.
/// A snapshot's moves as text, to compare with literals.
pub fn ucis(moves: &[protocol::UciMove]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

pub async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    reqwest::get(format!("http://{addr}{path}"))
        .await
        .expect("get")
        .text()
        .await
        .expect("text")
}

/// The value of a metric without labels in `/metrics`.
pub async fn metric(addr: std::net::SocketAddr, name: &str) -> Option<f64> {
    let text = http_get(addr, "/metrics").await;
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

/// A client connected to `addr` that has received the welcome and said nothing yet.
pub async fn welcomed(addr: std::net::SocketAddr) -> Client {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("connect");
    welcome(ws).await
}

/// The client of the WebSocket `ws`, once it has received the server's welcome.
async fn welcome(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
    let mut c = Client {
        ws,
        seq: 0,
        lobby: LobbySeen::default(),
        user: None,
    };
    match c.recv().await {
        ServerMsg::Welcome { protocol, user } => {
            assert_eq!(protocol, PROTOCOL_VERSION);
            c.user = user;
        }
        other => panic!("not a welcome: {other:?}"),
    }
    c
}

/// Polls a metric without labels until it reads `value` (for up to 10 s); whether it did.
pub async fn metric_reaches(addr: std::net::SocketAddr, name: &str, value: f64) -> bool {
    for _ in 0..50 {
        if metric(addr, name).await == Some(value) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    false
}

/// A client connected to `addr` from the loopback address `from` (another address than
/// 127.0.0.1, for the caps per address), that has said hello.
pub async fn connect_from(addr: std::net::SocketAddr, from: std::net::Ipv4Addr) -> Client {
    connect_forwarded(addr, from, None).await
}

/// A client connected to `addr` from the loopback address `from` whose upgrade request says
/// `X-Forwarded-For: forwarded` when given (as a reverse proxy's does), that has said hello.
pub async fn connect_forwarded(
    addr: std::net::SocketAddr,
    from: std::net::Ipv4Addr,
    forwarded: Option<&str>,
) -> Client {
    let headers: Vec<(&str, &str)> = forwarded
        .map(|f| ("x-forwarded-for", f))
        .into_iter()
        .collect();
    connect_with_headers(addr, from, &headers).await
}

/// A client connected to `addr` from the loopback address `from` whose upgrade request has
/// `headers` besides the usual ones (a `Cookie`, an `X-Forwarded-For`), that has said hello.
pub async fn connect_with_headers(
    addr: std::net::SocketAddr,
    from: std::net::Ipv4Addr,
    headers: &[(&str, &str)],
) -> Client {
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket
        .bind(std::net::SocketAddr::from((from, 0)))
        .expect("bind the source address");
    let stream = socket.connect(addr).await.expect("connect");
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("request");
    for (name, value) in headers {
        request.headers_mut().insert(
            tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                .expect("header name"),
            value.parse().expect("header value"),
        );
    }
    let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream))
        .await
        .expect("handshake");
    let mut c = welcome(ws).await;
    c.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
    })
    .await;
    c
}

/// A client connected to `addr` that has said hello.
pub async fn connect(addr: std::net::SocketAddr) -> Client {
    let mut c = welcomed(addr).await;
    c.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
    })
    .await;
    c
}

/// A server in another process (the binary), known by its address.
pub struct Remote {
    pub addr: std::net::SocketAddr,
}

impl Remote {
    /// Waits (up to 20 s) until the server at `addr` answers `/healthz`.
    pub async fn wait(addr: std::net::SocketAddr) -> Remote {
        for _ in 0..200 {
            if let Ok(r) = reqwest::get(format!("http://{addr}/healthz")).await
                && r.status().is_success()
            {
                return Remote { addr };
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the server at {addr} never answered");
    }

    pub async fn client(&self) -> Client {
        connect(self.addr).await
    }
}

/// Signs `name` (letters and digits) up on the server at `addr`, password `<name>-password`,
/// and answers
/// the session cookie (`asean_session=...`).
pub async fn sign_up(addr: std::net::SocketAddr, name: &str) -> String {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/signup"))
        .header(
            reqwest::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(format!("username={name}&password={name}-password"))
        .send()
        .await
        .expect("sign up");
    assert!(r.status().is_success(), "sign up {name}: {}", r.status());
    session::session_cookie(r.headers()).expect("a session cookie")
}

/// A client of `addr` signed in with `cookie`, that has said hello.
pub async fn signed_in(addr: std::net::SocketAddr, cookie: &str) -> Client {
    connect_with_headers(addr, std::net::Ipv4Addr::LOCALHOST, &[("cookie", cookie)]).await
}
