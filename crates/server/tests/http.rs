//! The server over real HTTP on a loopback port: pages, health check, 404, headers.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

/// Longest a test waits for something that should happen.
const PATIENCE: Duration = Duration::from_secs(20);

/// A server on a free loopback port serving a temporary `www` directory.
struct Running {
    addr: SocketAddr,
    /// The monitoring listener, when started with one.
    admin: Option<SocketAddr>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    _www: tempfile::TempDir,
}

impl Running {
    async fn start() -> Self {
        Self::start_with(false, |_| {}).await
    }

    /// A server whose configuration `tune` adjusts, with a monitoring listener if `admin`.
    async fn start_with(admin: bool, tune: impl FnOnce(&mut server::Config)) -> Self {
        let www = tempfile::tempdir().expect("temp dir");
        std::fs::write(
            www.path().join("index.html"),
            "<!doctype html><title>ASEAN chess</title><div id=app></div>",
        )
        .expect("write index.html");
        std::fs::create_dir(www.path().join("pkg")).expect("mkdir pkg");
        std::fs::write(www.path().join("pkg/web_bg.wasm"), b"\0asm\x01\0\0\0").expect("wasm");
        std::fs::write(www.path().join("pkg/web.js"), "export default 1;").expect("js");
        std::fs::write(www.path().join("sw.js"), "importScripts('pkg/assets.js');").expect("sw");
        std::fs::write(www.path().join("manifest.webmanifest"), "{}").expect("manifest");

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind port 0");
        let addr = listener.local_addr().expect("local addr");
        let admin_listener = if admin {
            Some(
                tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind port 0"),
            )
        } else {
            None
        };
        let admin = admin_listener
            .as_ref()
            .map(|l| l.local_addr().expect("local addr"));
        let (stop, stopped) = oneshot::channel::<()>();
        let mut config = server::Config::new(www.path());
        tune(&mut config);
        let task = tokio::spawn(async move {
            server::serve_with_admin(listener, admin_listener, &config, async {
                let _ = stopped.await;
            })
            .await
        });
        Self {
            addr,
            admin,
            stop: Some(stop),
            task,
            _www: www,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let result = (&mut self.task).await.expect("server task");
        result.expect("server stopped cleanly");
    }
}

async fn get(url: &str) -> reqwest::Response {
    reqwest::get(url).await.expect("request")
}

#[tokio::test]
async fn serves_index_health_and_404() {
    let server = Running::start().await;

    let page = get(&server.url("/")).await;
    assert_eq!(page.status(), 200);
    assert_eq!(header(&page, "cache-control"), "no-cache");
    assert!(header(&page, "content-type").starts_with("text/html"));
    assert!(page.text().await.expect("body").contains("id=app"));

    let health = get(&server.url("/healthz")).await;
    assert_eq!(health.status(), 200);
    assert_eq!(health.text().await.expect("body"), "ok");

    let missing = get(&server.url("/no/such/file.js")).await;
    assert_eq!(missing.status(), 404);

    // A name no file can have, or a path past a kilobyte: 414, not a failed read (500).
    let long_name = get(&server.url(&format!("/{}", "a".repeat(256)))).await;
    assert_eq!(long_name.status(), 414);
    let long_path = get(&server.url(&"/a".repeat(600))).await;
    assert_eq!(long_path.status(), 414);
    let fitting = get(&server.url(&format!("/{}", "a".repeat(255)))).await;
    assert_eq!(fitting.status(), 404);

    server.stop().await;
}

#[tokio::test]
async fn serves_the_bundle_with_the_right_types() {
    let server = Running::start().await;

    let wasm = get(&server.url("/pkg/web_bg.wasm")).await;
    assert_eq!(wasm.status(), 200);
    assert_eq!(header(&wasm, "content-type"), "application/wasm");
    assert_eq!(header(&wasm, "cache-control"), "no-cache");

    let js = get(&server.url("/pkg/web.js")).await;
    assert_eq!(js.status(), 200);
    assert!(header(&js, "content-type").contains("javascript"));
    assert_eq!(header(&js, "cache-control"), "no-cache");

    // The service worker and the manifest are revalidated on every load too, so a new build
    // is found on the next one.
    let sw = get(&server.url("/sw.js")).await;
    assert!(header(&sw, "content-type").contains("javascript"));
    assert_eq!(header(&sw, "cache-control"), "no-cache");
    let manifest = get(&server.url("/manifest.webmanifest")).await;
    assert_eq!(
        header(&manifest, "content-type"),
        "application/manifest+json"
    );
    assert_eq!(header(&manifest, "cache-control"), "no-cache");

    server.stop().await;
}

#[tokio::test]
async fn refuses_a_missing_www_directory() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind port 0");
    let config = server::Config::new("/definitely/not/here");
    let err = server::serve(listener, &config, async {})
        .await
        .expect_err("must refuse");
    assert!(err.to_string().contains("--www"), "{err}");
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// `GET path` on a fresh connection to `addr` (no keep-alive): (status, body).
async fn get_raw(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut answer))
        .await
        .expect("an answer in time")
        .expect("read");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {answer:?}"));
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// Waits (up to [`PATIENCE`]) until `done`.
async fn eventually<F: Future<Output = bool>>(what: &str, done: impl Fn() -> F) {
    let give_up = tokio::time::Instant::now() + PATIENCE;
    while !done().await {
        assert!(
            tokio::time::Instant::now() < give_up,
            "gave up waiting: {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The value of the sample `name` (with its labels) in a Prometheus text.
fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics.lines().find_map(|line| {
        let value = line.strip_prefix(name)?.strip_prefix(' ')?;
        value.trim().parse().ok()
    })
}

#[tokio::test]
async fn monitoring_answers_with_the_main_port_full_of_silent_sockets() {
    let server = Running::start_with(true, |c| {
        c.listen.max_connections = 8;
        c.listen.max_per_address = 100;
        // Long enough that only shedding frees places during the test.
        c.listen.header_read_timeout = Duration::from_secs(60);
        c.listen.pressure_header_timeout = Duration::from_secs(60);
    })
    .await;
    let open = || async {
        let (_, text) = get_raw(server.admin.expect("admin"), "/metrics").await;
        sample(&text, "asean_tcp_connections_open").unwrap_or(0.0)
    };
    // Fill the main port's cap with sockets that never send a request (counted through the
    // admin listener, which the cap does not hold).
    let mut silent = Vec::new();
    for _ in 0..8 {
        silent.push(TcpStream::connect(server.addr).await.expect("connect"));
        let want = silent.len() as f64;
        eventually("the silent socket is counted", || async {
            open().await >= want
        })
        .await;
    }

    // The monitoring listener answers whatever the main port holds.
    let (status, body) = get_raw(server.admin.expect("admin"), "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    // So does the main port: a silent socket makes room for the request.
    let (status, body) = get_raw(server.addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    let mut closed = Vec::new();
    tokio::time::timeout(PATIENCE, silent[0].read_to_end(&mut closed))
        .await
        .expect("the oldest silent socket is closed")
        .ok();
    let (status, metrics) = get_raw(server.admin.expect("admin"), "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(
        sample(&metrics, "asean_connections_refused_total{reason=\"shed\"}"),
        Some(1.0),
        "{metrics}"
    );
    assert_eq!(
        sample(
            &metrics,
            "asean_connections_refused_total{reason=\"total_cap\"}"
        ),
        Some(0.0),
        "{metrics}"
    );

    // Nothing but monitoring on the admin listener.
    assert_eq!(get_raw(server.admin.expect("admin"), "/").await.0, 404);
    assert_eq!(get_raw(server.admin.expect("admin"), "/ws").await.0, 404);
    drop(silent);
    server.stop().await;
}

#[tokio::test]
async fn monitoring_answers_with_the_main_port_full_of_busy_connections() {
    let server = Running::start_with(true, |c| {
        c.listen.max_connections = 4;
        c.listen.max_per_address = 100;
    })
    .await;
    // Four keep-alive connections that each had a request answered: none is silent.
    let mut busy = Vec::new();
    for _ in 0..4 {
        let mut stream = TcpStream::connect(server.addr).await.expect("connect");
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            .await
            .expect("write");
        let mut answer = [0; 256];
        let read = tokio::time::timeout(PATIENCE, stream.read(&mut answer))
            .await
            .expect("an answer")
            .expect("read");
        assert!(answer[..read].starts_with(b"HTTP/1.1 200"));
        busy.push(stream);
    }
    let (status, body) = get_raw(server.addr, "/healthz").await;
    assert_eq!(status, 503, "the main port is full: {body}");
    assert!(body.contains("total limit"), "{body}");
    let (status, body) = get_raw(server.admin.expect("admin"), "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    let (status, metrics) = get_raw(server.admin.expect("admin"), "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(
        sample(&metrics, "asean_tcp_connections_open"),
        Some(4.0),
        "the admin listener's connections are not the players': {metrics}"
    );
    drop(busy);
    server.stop().await;
}

#[tokio::test]
async fn health_turns_unhealthy_when_the_database_file_is_gone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("lobby.sqlite3");
    let server = Running::start_with(false, |c| {
        c.db = Some(db.display().to_string());
        c.lobby.store_probe_every = Duration::from_millis(100);
    })
    .await;
    let health = get(&server.url("/healthz")).await;
    assert_eq!(health.status(), 200);
    // Nothing is played: no room is written. Removing the file does not fail a write (the
    // server's handle still writes to it), only the probe sees it.
    std::fs::remove_file(&db).expect("remove the database");
    let url = server.url("/healthz");
    eventually("/healthz says unhealthy", || async {
        get(&url).await.status() == 503
    })
    .await;
    let body = get(&url).await.text().await.expect("body");
    assert!(body.starts_with("unhealthy: "), "{body}");
    assert!(body.contains("is gone"), "{body}");
    server.stop().await;
}

#[tokio::test]
async fn with_an_admin_listener_the_counters_are_served_there_only() {
    let plain = Running::start().await;
    assert_eq!(get(&plain.url("/metrics")).await.status(), 200);
    plain.stop().await;

    let server = Running::start_with(true, |_| {}).await;
    let admin = server.admin.expect("admin");
    assert_eq!(get(&server.url("/metrics")).await.status(), 404);
    assert_eq!(get(&server.url("/healthz")).await.status(), 200);
    let (status, metrics) = get_raw(admin, "/metrics").await;
    assert_eq!(status, 200);
    assert!(metrics.contains("asean_tcp_connections_open"), "{metrics}");
    assert_eq!(get_raw(admin, "/healthz").await.0, 200);
    server.stop().await;
}
