#![allow(clippy::unwrap_used)]

use super::*;
use crate::address::TrustedProxies;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use prometheus_client::registry::Registry;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::time::Instant;

use axum::extract::{State, WebSocketUpgrade};
use axum::routing::{get, post};
use axum::{Extension, extract::ws::Message};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpSocket;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Longest a test waits for something that should happen.
const PATIENCE: Duration = Duration::from_secs(5);

/// Timeouts long enough not to get in the way of a test that is not about them.
fn relaxed() -> Limits {
    Limits {
        max_connections: 100,
        max_per_address: 100,
        header_read_timeout: Duration::from_secs(30),
        pressure_header_timeout: Duration::from_secs(30),
        handshake_deadline: Duration::from_secs(30),
        idle_timeout: Duration::from_secs(30),
        shutdown_grace: Duration::from_secs(30),
    }
}

struct TestServer {
    addr: SocketAddr,
    metrics: Arc<ListenMetrics>,
    /// What the handlers share with the test.
    state: TestState,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<io::Result<()>>,
}

impl TestServer {
    async fn start(limits: Limits) -> TestServer {
        let state = TestState::default();
        let app = Router::new()
            .route("/", get(|| async { "hello" }))
            .route(
                "/peer",
                get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.to_string() }),
            )
            .route("/hold", get(hold))
            .route("/pending", get(std::future::pending::<&'static str>))
            .route("/echo", post(|body: String| async move { body }))
            .route("/upload", post(upload))
            .route("/ws", get(websocket))
            .with_state(state.clone());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let metrics = Arc::new(ListenMetrics::default());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve(
            listener,
            app,
            limits,
            TrustedProxies::default(),
            metrics.clone(),
            async {
                let _ = stopped.await;
            },
        ));
        TestServer {
            addr,
            metrics,
            state,
            stop: Some(stop),
            task,
        }
    }

    fn open(&self) -> i64 {
        self.metrics.connections_open.get()
    }

    async fn connect(&self) -> TcpStream {
        TcpStream::connect(self.addr).await.unwrap()
    }

    /// Connects from another loopback address, e.g. `127.0.0.2`.
    async fn connect_from(&self, ip: &str) -> TcpStream {
        let socket = TcpSocket::new_v4().unwrap();
        socket.bind(format!("{ip}:0").parse().unwrap()).unwrap();
        socket.connect(self.addr).await.unwrap()
    }

    /// Completes the shutdown future given to `serve`.
    fn begin_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Shuts down and waits (up to [`PATIENCE`]) for `serve` to return.
    async fn stop(mut self) -> io::Result<()> {
        self.begin_stop();
        tokio::time::timeout(PATIENCE, &mut self.task)
            .await
            .expect("serve returns promptly after shutdown")
            .unwrap()
    }
}

#[derive(Clone, Default)]
struct TestState {
    /// Lets the tasks that `/hold` spawned end.
    release: Arc<Notify>,
    /// Told by `/upload` when its handler starts.
    upload_started: Arc<Notify>,
}

/// `GET /hold`: keeps the connection counted, from a task, until `release`.
async fn hold(
    Extension(permit): Extension<ConnPermit>,
    State(state): State<TestState>,
) -> &'static str {
    tokio::spawn(async move {
        state.release.notified().await;
        drop(permit);
    });
    "held"
}

/// `POST /upload`: tells `upload_started`, then echoes the body.
async fn upload(State(state): State<TestState>, request: Request<Body>) -> String {
    state.upload_started.notify_one();
    let body = axum::body::to_bytes(request.into_body(), 1024)
        .await
        .unwrap();
    String::from_utf8(body.to_vec()).unwrap()
}

/// `GET /ws`: echoes text messages.
async fn websocket(ws: WebSocketUpgrade) -> axum::response::Response {
    ws.on_upgrade(|mut socket| async move {
        while let Some(Ok(message)) = socket.recv().await {
            if let Message::Text(text) = message
                && socket.send(Message::Text(text)).await.is_err()
            {
                break;
            }
        }
    })
}

/// Waits (up to [`PATIENCE`]) until `done`.
async fn eventually(what: &str, done: impl Fn() -> bool) {
    let give_up = Instant::now() + PATIENCE;
    while !done() {
        assert!(Instant::now() < give_up, "gave up waiting: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Sends a keep-alive `GET path` and reads one response: (status, body).
async fn request(stream: &mut TcpStream, path: &str) -> (u16, String) {
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    tokio::time::timeout(PATIENCE, read_response(stream))
        .await
        .expect("a response in time")
}

/// Reads one response with a `Content-Length`: (status, body).
async fn read_response(stream: &mut TcpStream) -> (u16, String) {
    let mut data = Vec::new();
    let mut buffer = [0; 4096];
    let head_end = loop {
        if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let read = stream.read(&mut buffer).await.unwrap();
        assert!(read > 0, "connection closed before a response head");
        data.extend_from_slice(&buffer[..read]);
    };
    let head = String::from_utf8(data[..head_end].to_vec()).unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().unwrap())
        })
        .expect("a Content-Length");
    while data.len() < head_end + length {
        let read = stream.read(&mut buffer).await.unwrap();
        assert!(read > 0, "connection closed inside a response body");
        data.extend_from_slice(&buffer[..read]);
    }
    let body = String::from_utf8(data[head_end..head_end + length].to_vec()).unwrap();
    (status, body)
}

/// Reads until the server closes the connection (end of stream or reset); what was read.
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut data = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut buffer = [0; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(read) => data.extend_from_slice(&buffer[..read]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server did not close the connection");
    String::from_utf8_lossy(&data).into_owned()
}

#[tokio::test]
async fn a_request_is_answered_and_the_connection_kept_alive() {
    let server = TestServer::start(relaxed()).await;
    let mut stream = server.connect().await;
    assert_eq!(request(&mut stream, "/").await, (200, "hello".to_owned()));
    assert_eq!(request(&mut stream, "/").await, (200, "hello".to_owned()));
    assert_eq!(server.open(), 1);
    assert_eq!(server.metrics.connections_accepted.get(), 1);
    drop(stream);
    eventually("the closed connection no longer counts", || {
        server.open() == 0
    })
    .await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_peer_address_reaches_the_handler() {
    let server = TestServer::start(relaxed()).await;
    let mut stream = server.connect().await;
    let local = stream.local_addr().unwrap();
    assert_eq!(
        request(&mut stream, "/peer").await,
        (200, local.to_string())
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_silent_connection_is_closed_after_the_header_timeout() {
    let server = TestServer::start(Limits {
        header_read_timeout: Duration::from_millis(300),
        ..relaxed()
    })
    .await;
    let mut stream = server.connect().await;
    until_closed(&mut stream).await;
    eventually("the timeout is counted", || {
        server.metrics.refused(RefusedReason::HeaderTimeout) == 1
    })
    .await;
    eventually("the connection no longer counts", || server.open() == 0).await;
    assert_eq!(server.metrics.refused(RefusedReason::HandshakeTimeout), 0);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn half_a_request_head_is_closed_after_the_header_timeout() {
    let server = TestServer::start(Limits {
        header_read_timeout: Duration::from_millis(300),
        ..relaxed()
    })
    .await;
    let mut stream = server.connect().await;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: test\r\n")
        .await
        .unwrap();
    let answer = until_closed(&mut stream).await;
    assert!(!answer.contains("hello"), "{answer}");
    eventually("the timeout is counted", || {
        server.metrics.refused(RefusedReason::HeaderTimeout) == 1
    })
    .await;
    eventually("the connection no longer counts", || server.open() == 0).await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_unanswered_first_request_is_dropped_at_the_handshake_deadline() {
    let server = TestServer::start(Limits {
        handshake_deadline: Duration::from_millis(300),
        ..relaxed()
    })
    .await;
    // A handler that never answers.
    let mut pending = server.connect().await;
    pending
        .write_all(b"GET /pending HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .unwrap();
    // A body that never comes.
    let mut slow_body = server.connect().await;
    slow_body
        .write_all(b"POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\nabc")
        .await
        .unwrap();
    until_closed(&mut pending).await;
    until_closed(&mut slow_body).await;
    eventually("both are counted", || {
        server.metrics.refused(RefusedReason::HandshakeTimeout) == 2
    })
    .await;
    assert_eq!(server.metrics.refused(RefusedReason::HeaderTimeout), 0);
    eventually("the connections no longer count", || server.open() == 0).await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_handshake_deadline_spares_an_answered_connection() {
    let server = TestServer::start(Limits {
        handshake_deadline: Duration::from_millis(200),
        ..relaxed()
    })
    .await;
    let mut stream = server.connect().await;
    assert_eq!(request(&mut stream, "/").await.0, 200);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(request(&mut stream, "/").await, (200, "hello".to_owned()));
    assert_eq!(server.metrics.refused(RefusedReason::HandshakeTimeout), 0);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_without_counting_a_refusal() {
    let server = TestServer::start(Limits {
        idle_timeout: Duration::from_millis(300),
        ..relaxed()
    })
    .await;
    let mut stream = server.connect().await;
    assert_eq!(request(&mut stream, "/").await.0, 200);
    until_closed(&mut stream).await;
    eventually("the connection no longer counts", || server.open() == 0).await;
    for reason in RefusedReason::ALL {
        assert_eq!(server.metrics.refused(reason), 0, "{reason}");
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_per_address_cap_refuses_with_a_503_until_a_slot_frees() {
    let server = TestServer::start(Limits {
        max_per_address: 2,
        ..relaxed()
    })
    .await;
    let mut first = server.connect().await;
    let mut second = server.connect().await;
    assert_eq!(request(&mut first, "/").await.0, 200);
    assert_eq!(request(&mut second, "/").await.0, 200);

    let mut third = server.connect().await;
    let answer = until_closed(&mut third).await;
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{answer}"
    );
    assert!(answer.contains("\r\nRetry-After: 5\r\n"), "{answer}");
    assert!(answer.contains("\r\nConnection: close\r\n"), "{answer}");
    assert!(answer.contains("per-address limit"), "{answer}");
    assert_eq!(server.metrics.refused(RefusedReason::AddressCap), 1);

    // Another address is not held back.
    let mut other = server.connect_from("127.0.0.2").await;
    assert_eq!(request(&mut other, "/").await.0, 200);
    assert_eq!(server.open(), 3);

    drop(first);
    eventually("the closed connection frees its slot", || {
        server.open() == 2
    })
    .await;
    let mut fourth = server.connect().await;
    assert_eq!(request(&mut fourth, "/").await, (200, "hello".to_owned()));
    assert_eq!(server.metrics.refused(RefusedReason::AddressCap), 1);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_total_cap_refuses_with_a_503_until_a_slot_frees() {
    let server = TestServer::start(Limits {
        max_connections: 2,
        ..relaxed()
    })
    .await;
    let mut first = server.connect().await;
    let mut second = server.connect_from("127.0.0.2").await;
    assert_eq!(request(&mut first, "/").await.0, 200);
    assert_eq!(request(&mut second, "/").await.0, 200);

    // A request already sent is read and dropped, so the 503 is not lost to a reset.
    let mut third = server.connect_from("127.0.0.3").await;
    third
        .write_all(b"GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .unwrap();
    let answer = until_closed(&mut third).await;
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{answer}"
    );
    assert!(answer.contains("total limit"), "{answer}");
    assert_eq!(server.metrics.refused(RefusedReason::TotalCap), 1);
    assert_eq!(server.metrics.refused(RefusedReason::AddressCap), 0);

    drop(second);
    eventually("the closed connection frees its slot", || {
        server.open() == 1
    })
    .await;
    let mut fourth = server.connect_from("127.0.0.3").await;
    assert_eq!(request(&mut fourth, "/").await, (200, "hello".to_owned()));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_task_holding_a_permit_keeps_the_connection_counted() {
    let server = TestServer::start(Limits {
        max_per_address: 1,
        ..relaxed()
    })
    .await;
    let mut stream = server.connect().await;
    stream
        .write_all(b"GET /hold HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = until_closed(&mut stream).await;
    assert!(answer.ends_with("held"), "{answer}");
    // The connection is gone; give its task time to end, then it must still count.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(server.open(), 1);
    let mut refused = server.connect().await;
    assert!(
        until_closed(&mut refused)
            .await
            .contains("per-address limit")
    );

    server.state.release.notify_one();
    eventually("the permit is released with the task", || {
        server.open() == 0
    })
    .await;
    let mut next = server.connect().await;
    assert_eq!(request(&mut next, "/").await.0, 200);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn shutdown_returns_promptly_with_idle_connections_open() {
    let server = TestServer::start(relaxed()).await;
    let mut idle = Vec::new();
    for _ in 0..3 {
        let mut stream = server.connect().await;
        assert_eq!(request(&mut stream, "/").await.0, 200);
        idle.push(stream);
    }
    let silent = server.connect().await;
    eventually("all four are open", || server.open() == 4).await;
    let metrics = server.metrics.clone();
    // `stop` fails unless `serve` returns within PATIENCE, far less than the 30 s grace.
    server.stop().await.unwrap();
    for stream in &mut idle {
        until_closed(stream).await;
    }
    drop(silent);
    eventually("nothing counts as open", || {
        metrics.connections_open.get() == 0
    })
    .await;
}

#[tokio::test]
async fn shutdown_lets_a_request_in_flight_finish() {
    let server = TestServer::start(relaxed()).await;
    let mut stream = server.connect().await;
    // The body arrives after shutdown has begun; the response must still come.
    stream
        .write_all(b"POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 4\r\n\r\nab")
        .await
        .unwrap();
    tokio::time::timeout(PATIENCE, server.state.upload_started.notified())
        .await
        .unwrap();
    let mut server = server;
    server.begin_stop();
    tokio::time::sleep(Duration::from_millis(100)).await;
    stream.write_all(b"cd").await.unwrap();
    let (status, body) = tokio::time::timeout(PATIENCE, read_response(&mut stream))
        .await
        .unwrap();
    assert_eq!((status, body.as_str()), (200, "abcd"));
    until_closed(&mut stream).await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_websocket_works_and_counts_while_it_lives() {
    let server = TestServer::start(Limits {
        handshake_deadline: Duration::from_millis(200),
        idle_timeout: Duration::from_millis(200),
        ..relaxed()
    })
    .await;
    let (mut socket, response) =
        tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
            .await
            .unwrap();
    assert_eq!(response.status(), 101);
    use tokio_tungstenite::tungstenite::Message as Frame;
    socket.send(Frame::text("first")).await.unwrap();
    let echo = tokio::time::timeout(PATIENCE, socket.next()).await.unwrap();
    assert_eq!(echo.unwrap().unwrap(), Frame::text("first"));
    // Past the handshake deadline and the idle timeout: an upgraded connection is not
    // subject to them, and still counts.
    tokio::time::sleep(Duration::from_millis(500)).await;
    socket.send(Frame::text("second")).await.unwrap();
    let echo = tokio::time::timeout(PATIENCE, socket.next()).await.unwrap();
    assert_eq!(echo.unwrap().unwrap(), Frame::text("second"));
    assert_eq!(server.open(), 1);
    assert_eq!(server.metrics.refused(RefusedReason::HandshakeTimeout), 0);

    socket.close(None).await.unwrap();
    drop(socket);
    eventually("the closed WebSocket no longer counts", || {
        server.open() == 0
    })
    .await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_flood_of_silent_sockets_is_shed_then_timed_out_and_players_get_back_in() {
    let server = TestServer::start(Limits {
        max_connections: 40,
        header_read_timeout: Duration::from_millis(300),
        ..relaxed()
    })
    .await;
    let mut flood = Vec::new();
    for _ in 0..100 {
        flood.push(server.connect().await);
    }
    // Each is shed to make room for a later one, or times out: none is refused.
    eventually("every silent socket is shed or timed out", || {
        server.metrics.refused(RefusedReason::Shed)
            + server.metrics.refused(RefusedReason::HeaderTimeout)
            == 100
    })
    .await;
    assert_eq!(server.metrics.refused(RefusedReason::TotalCap), 0);
    eventually("nothing counts as open", || server.open() == 0).await;
    let mut player = server.connect().await;
    assert_eq!(request(&mut player, "/").await, (200, "hello".to_owned()));
    assert_eq!(server.metrics.connections_accepted.get(), 101);
    drop(flood);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn at_the_cap_the_oldest_silent_connection_makes_room_for_a_request() {
    let server = TestServer::start(Limits {
        max_connections: 8,
        ..relaxed()
    })
    .await;
    let mut silent = Vec::new();
    for _ in 0..8 {
        silent.push(server.connect().await);
        // One at a time, so that their order is the order of `accept`.
        eventually("the silent socket is counted", || {
            server.open() == i64::try_from(silent.len()).unwrap()
        })
        .await;
    }
    let mut player = server.connect().await;
    assert_eq!(request(&mut player, "/").await, (200, "hello".to_owned()));
    // The oldest silent socket made room.
    until_closed(&mut silent[0]).await;
    assert_eq!(server.metrics.refused(RefusedReason::Shed), 1);
    assert_eq!(server.metrics.refused(RefusedReason::TotalCap), 0);
    assert_eq!(server.open(), 8);

    // Once no connection is silent, a newcomer is refused as before.
    for stream in &mut silent[1..] {
        assert_eq!(request(stream, "/").await.0, 200);
    }
    let mut refused = server.connect().await;
    let answer = until_closed(&mut refused).await;
    assert!(answer.contains("total limit"), "{answer}");
    assert_eq!(server.metrics.refused(RefusedReason::TotalCap), 1);
    assert_eq!(server.metrics.refused(RefusedReason::Shed), 1);
    assert_eq!(request(&mut player, "/").await.0, 200);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_address_with_the_most_silent_connections_is_shed_first() {
    let server = TestServer::start(Limits {
        max_connections: 8,
        ..relaxed()
    })
    .await;
    let mut opened = 0;
    let mut open_from = async |ip: &str| {
        let stream = server.connect_from(ip).await;
        opened += 1;
        let want = opened;
        eventually("the socket is counted", || server.open() == want).await;
        stream
    };
    // The two oldest silent sockets are from 127.0.0.2, the most from 127.0.0.3; one
    // connection from 127.0.0.5 is busy (it sent a request).
    let mut two = vec![open_from("127.0.0.2").await, open_from("127.0.0.2").await];
    let mut busy = open_from("127.0.0.5").await;
    assert_eq!(request(&mut busy, "/").await.0, 200);
    let mut three = Vec::new();
    for _ in 0..5 {
        three.push(open_from("127.0.0.3").await);
    }
    let mut player = server.connect_from("127.0.0.4").await;
    assert_eq!(request(&mut player, "/").await.0, 200);
    until_closed(&mut three[0]).await;
    assert_eq!(server.metrics.refused(RefusedReason::Shed), 1);
    assert_eq!(server.open(), 8);
    // The next one evens the two addresses out (4 silent sockets from 127.0.0.3 against
    // 2), then the one after it again takes the oldest from 127.0.0.3.
    let mut second = server.connect_from("127.0.0.4").await;
    assert_eq!(request(&mut second, "/").await.0, 200);
    until_closed(&mut three[1]).await;
    assert_eq!(server.metrics.refused(RefusedReason::Shed), 2);
    // The sockets of 127.0.0.2 are still served.
    for stream in &mut two {
        assert_eq!(request(stream, "/").await.0, 200);
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn near_the_cap_silent_connections_get_the_short_header_timeout_until_three_quarters() {
    let server = TestServer::start(Limits {
        max_connections: 8,
        pressure_header_timeout: Duration::from_millis(300),
        ..relaxed()
    })
    .await;
    let mut streams = Vec::new();
    for _ in 0..4 {
        streams.push(server.connect().await);
    }
    eventually("half the cap is open", || server.open() == 4).await;
    // Far below the cap the usual (30 s) header timeout holds.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(server.open(), 4);
    assert_eq!(server.metrics.refused(RefusedReason::HeaderTimeout), 0);

    // At the cap (90 % of 8 rounds up to 8) silent sockets get 300 ms from their `accept`,
    // the older ones at once, until 6 (75 %) are left open.
    for _ in 0..4 {
        streams.push(server.connect().await);
    }
    eventually(
        "silent sockets are timed out down to three quarters",
        || server.metrics.refused(RefusedReason::HeaderTimeout) == 2 && server.open() == 6,
    )
    .await;
    let mut closed = 0;
    for stream in &mut streams {
        let mut buffer = [0; 16];
        if let Ok(Ok(0) | Err(_)) =
            tokio::time::timeout(Duration::from_millis(100), stream.read(&mut buffer)).await
        {
            closed += 1;
        }
    }
    assert_eq!(closed, 2, "the server closed two of the silent sockets");
    // Below three quarters the usual timeout is back.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(server.open(), 6);
    assert_eq!(server.metrics.refused(RefusedReason::HeaderTimeout), 2);
    assert_eq!(server.metrics.refused(RefusedReason::Shed), 0);
    let mut player = server.connect().await;
    assert_eq!(request(&mut player, "/").await, (200, "hello".to_owned()));
    server.stop().await.unwrap();
}

#[test]
fn the_tracker_sheds_only_silent_connections_and_counts_each_once() {
    let metrics = Arc::new(ListenMetrics::default());
    let tracker = Arc::new(Tracker::new(
        &Limits {
            max_connections: 2,
            ..relaxed()
        },
        TrustedProxies::default(),
        metrics.clone(),
    ));
    let peer = |port: u16| SocketAddr::from(([127, 0, 0, 1], port));
    let first = tracker.acquire(peer(1)).unwrap();
    let second = tracker.acquire(peer(2)).unwrap();
    assert!(first.shed.is_none() && second.shed.is_none());
    assert!(*tracker.pressure.borrow(), "at the cap");
    first.permit.heard();
    assert_eq!(tracker.lock().silent(), 1);

    // At the cap the silent one makes room: its token is cancelled, its place given away.
    let third = tracker.acquire(peer(3)).unwrap();
    assert_eq!(third.shed, Some(peer(2)));
    assert!(second.permit.shed_token().is_cancelled());
    assert!(!first.permit.shed_token().is_cancelled());
    assert_eq!(tracker.lock().total, 2);
    assert_eq!(metrics.connections_open.get(), 2);
    // The shed connection's permit dropping does not free its place a second time.
    drop(second);
    assert_eq!(tracker.lock().total, 2);
    assert_eq!(metrics.connections_open.get(), 2);

    // None silent: refused.
    third.permit.heard();
    assert_eq!(tracker.lock().silent(), 0);
    assert_eq!(
        tracker.acquire(peer(4)).err(),
        Some(RefusedReason::TotalCap)
    );
    drop(first);
    drop(third);
    assert_eq!(tracker.lock().total, 0);
    assert_eq!(metrics.connections_open.get(), 0);
    assert!(!*tracker.pressure.borrow(), "no longer under pressure");
}

#[tokio::test]
async fn zero_limits_are_refused() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let served = serve(
        listener,
        Router::new(),
        Limits {
            max_connections: 0,
            ..relaxed()
        },
        TrustedProxies::default(),
        Arc::new(ListenMetrics::default()),
        async {},
    )
    .await;
    assert_eq!(served.unwrap_err().kind(), io::ErrorKind::InvalidInput);
}

#[test]
fn limits_follow_the_open_file_limit() {
    let limits = Limits::for_open_file_limit(Some(1024));
    assert_eq!(limits.max_connections, 1024 - 64);
    assert_eq!(limits.max_per_address, 256);
    let small = Limits::for_open_file_limit(Some(100));
    assert_eq!((small.max_connections, small.max_per_address), (36, 36));
    assert_eq!(Limits::for_open_file_limit(Some(10)).max_connections, 16);
    assert_eq!(
        Limits::for_open_file_limit(None).max_connections,
        UNLIMITED_MAX_CONNECTIONS
    );
    assert_eq!(
        Limits::for_this_machine(),
        Limits::for_open_file_limit(open_file_limit())
    );
    assert!(Limits::for_this_machine().check().is_ok());
}

#[test]
fn log_lines_are_rate_limited_with_a_count_of_the_rest() {
    let limit = RateLimit::new();
    let start = Instant::now();
    assert_eq!(limit.allow(start), Some(0));
    assert_eq!(limit.allow(start + Duration::from_millis(10)), None);
    assert_eq!(limit.allow(start + Duration::from_millis(900)), None);
    assert_eq!(limit.allow(start + Duration::from_millis(1000)), Some(2));
    assert_eq!(limit.allow(start + Duration::from_millis(3000)), Some(0));
}

#[test]
fn metrics_are_exported_with_every_reason() {
    let metrics = ListenMetrics::default();
    let mut registry = Registry::default();
    metrics.register(&mut registry);
    metrics.count_refused(RefusedReason::AddressCap);
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, &registry).unwrap();
    assert!(
        text.contains("asean_connections_refused_total{reason=\"address_cap\"} 1"),
        "{text}"
    );
    for reason in RefusedReason::ALL {
        assert!(text.contains(&format!("reason=\"{reason}\"")), "{text}");
    }
    assert!(text.contains("asean_tcp_connections_open 0"), "{text}");
    assert!(
        text.contains("asean_tcp_connections_accepted_total 0"),
        "{text}"
    );
}

#[test]
fn a_refusal_is_a_complete_response() {
    for reason in [RefusedReason::TotalCap, RefusedReason::AddressCap] {
        let response = refusal_response(reason);
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("Content-Length: {}", body.len())));
    }
}
