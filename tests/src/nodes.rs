//! Several server nodes for the end-to-end tests: nodes sharing a fresh PostgreSQL database and
//! a Redis (the private servers `cargo xtask test` starts, named by `ASEAN_TEST_POSTGRES` and
//! `ASEAN_TEST_REDIS`), each on its own runtime so that it can crash like a killed process, and
//! a TCP front that spreads connections over the nodes as a reverse proxy would.

use std::net::SocketAddr;
use std::sync::mpsc as std_mpsc;
use std::thread::JoinHandle;

use anyhow::{Context, Result, bail};

use crate::{Browser, Viewport, check_bundle, www_dir};

/// A fresh database and cluster name over the test servers.
#[derive(Debug)]
pub struct Backing {
    db_url: String,
    redis_url: String,
    name: String,
    /// The port of the front ([`Backing::front`]), bound now so that every node knows the
    /// origin its pages come from (as an operator names a proxy's URL with --public-url).
    front: std::sync::Mutex<Option<std::net::TcpListener>>,
    front_addr: SocketAddr,
}

fn env(name: &str, what: &str) -> Result<String> {
    std::env::var(name).with_context(|| {
        format!(
            "{name} is not set: this test needs {what}. Run `cargo xtask test`, which starts \
             private servers and sets it."
        )
    })
}

impl Backing {
    /// Creates a database of its own on the test PostgreSQL server.
    ///
    /// # Errors
    /// When the variables are unset or PostgreSQL refuses.
    pub async fn new() -> Result<Backing> {
        let admin = env("ASEAN_TEST_POSTGRES", "PostgreSQL")?;
        let redis_url = env("ASEAN_TEST_REDIS", "Redis")?;
        let mut b = [0u8; 6];
        getrandom::fill(&mut b).context("random")?;
        let name = format!("e2e_{}", hex::encode(b));
        let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
            .await
            .context("connecting to the test PostgreSQL")?;
        tokio::spawn(conn);
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .context("creating the test database")?;
        let Some((base, _)) = admin.rsplit_once('/') else {
            bail!("ASEAN_TEST_POSTGRES has no database part: {admin}");
        };
        let front = std::net::TcpListener::bind("127.0.0.1:0")?;
        front.set_nonblocking(true)?;
        let front_addr = front.local_addr()?;
        Ok(Backing {
            db_url: format!("{base}/{name}"),
            redis_url,
            name,
            front: std::sync::Mutex::new(Some(front)),
            front_addr,
        })
    }

    /// The front for `nodes` (tried in this order), on the port the nodes allow pages from.
    ///
    /// # Errors
    /// When the front was already started.
    pub async fn front(&self, nodes: Vec<SocketAddr>) -> Result<Front> {
        let listener = self
            .front
            .lock()
            .ok()
            .and_then(|mut f| f.take())
            .context("the front is already started")?;
        Front::serve(tokio::net::TcpListener::from_std(listener)?, nodes)
    }

    /// Starts a node: the real server on a runtime of its own, on a free loopback port.
    ///
    /// # Errors
    /// When the bundle is missing or the node does not start.
    pub async fn node(&self) -> Result<Node> {
        check_bundle()?;
        let mut config = server::Config::new(www_dir());
        config.db = Some(self.db_url.clone());
        config.allowed_origins = vec![
            server::origin::Origin::parse(&format!("http://{}", self.front_addr))
                .map_err(anyhow::Error::msg)?,
        ];
        config.cluster = Some(server::cluster::ClusterConfig {
            name: self.name.clone(),
            ..server::cluster::ClusterConfig::new(self.redis_url.clone())
        });
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let (crash_tx, crash_rx) = std_mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
            else {
                return;
            };
            rt.spawn(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                if let Err(e) = server::serve(listener, &config, std::future::pending()).await {
                    eprintln!("e2e: node error: {e}");
                }
            });
            let _ = crash_rx.recv();
            // Every task, socket and timer of the node goes at once, without a word to the
            // cluster: what a `kill -9` leaves behind.
            rt.shutdown_background();
        });
        let node = Node {
            addr,
            crash: Some(crash_tx),
            thread: Some(thread),
        };
        for _ in 0..200 {
            if healthy(addr).await {
                return Ok(node);
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        bail!("the node at {addr} never answered /healthz")
    }
}

/// The response (status line, headers and body) of `GET path` on the server at `addr`, or
/// `None` when it cannot be reached.
async fn get(addr: SocketAddr, path: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.ok()?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.ok()?;
    String::from_utf8(buf).ok()
}

/// `true` when the server at `addr` answers `GET /healthz` with 200.
async fn healthy(addr: SocketAddr) -> bool {
    get(addr, "/healthz")
        .await
        .is_some_and(|r| r.starts_with("HTTP/1.1 200"))
}

/// One node of the cluster, on its own runtime; crashed when dropped.
#[derive(Debug)]
pub struct Node {
    addr: SocketAddr,
    crash: Option<std_mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Node {
    /// The node's address.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The value of a counter without labels in the node's `/metrics` (`None` when the node
    /// does not answer or has no such counter).
    pub async fn metric(&self, name: &str) -> Option<f64> {
        let text = get(self.addr, "/metrics").await?;
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
    }

    /// A headless Chromium for this node (nothing loaded yet).
    ///
    /// # Errors
    /// If chromedriver or Chromium cannot start.
    pub async fn browser(&self, viewport: Viewport) -> Result<Browser> {
        Browser::start(&format!("http://{}", self.addr), viewport).await
    }

    /// Ends the node as a `kill -9` would: its runtime stops at once, so its sockets close and
    /// its lease is left to expire.
    pub fn crash(&mut self) {
        if let Some(c) = self.crash.take() {
            let _ = c.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.crash();
    }
}

/// A TCP front on a free loopback port: each connection goes to the first node that accepts
/// it, in order, as a reverse proxy with fail-over does. Stops when dropped.
#[derive(Debug)]
pub struct Front {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Front {
    /// A front for `nodes`, tried in this order.
    ///
    /// # Errors
    /// When no port can be bound.
    pub async fn start(nodes: Vec<SocketAddr>) -> Result<Front> {
        Front::serve(tokio::net::TcpListener::bind("127.0.0.1:0").await?, nodes)
    }

    /// A front on `listener` for `nodes`, tried in this order.
    ///
    /// # Errors
    /// When the listener has no local address.
    pub fn serve(listener: tokio::net::TcpListener, nodes: Vec<SocketAddr>) -> Result<Front> {
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let nodes = nodes.clone();
                tokio::spawn(async move {
                    for n in nodes {
                        if let Ok(mut upstream) = tokio::net::TcpStream::connect(n).await {
                            let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
                            return;
                        }
                    }
                });
            }
        });
        Ok(Front { addr, task })
    }

    /// The front's address.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A headless Chromium that reaches the nodes through this front.
    ///
    /// # Errors
    /// If chromedriver or Chromium cannot start.
    pub async fn browser(&self, viewport: Viewport) -> Result<Browser> {
        Browser::start(&format!("http://{}", self.addr), viewport).await
    }
}

impl Drop for Front {
    fn drop(&mut self) {
        self.task.abort();
    }
}
