//! The accept loop of the server, in place of `axum::serve`: it bounds what clients can hold.
//!
//! `axum::serve` has no header-read timeout and no connection caps, so sockets that connect
//! and never send a request used up the process's open-file limit and locked every player out,
//! without a line in the log. [`serve`] instead:
//!
//! - caps the open TCP connections in total and per peer address ([`Limits`]); a connection
//!   over a cap gets a short `503 Service Unavailable` naming the limit and is closed;
//! - closes a connection whose first request head has not arrived within
//!   [`Limits::header_read_timeout`], or whose first request has not been answered within
//!   [`Limits::handshake_deadline`] (a slow body, a stuck upgrade), and a keep-alive
//!   connection that waits longer than [`Limits::idle_timeout`] for its next request;
//! - counts every refusal by reason, and the open connections, in [`ListenMetrics`], and logs
//!   them at most once a second per kind (with the number of lines left out);
//! - gives each request its peer address (`axum::extract::ConnectInfo<SocketAddr>`) and the
//!   connection's [`ConnPermit`] in its extensions;
//! - on shutdown stops accepting, lets the requests in flight finish (up to
//!   [`Limits::shutdown_grace`]) and returns.
//!
//! A connection counts as open from `accept` until its socket is closed: an upgraded
//! WebSocket keeps counting while the WebSocket lives, with nothing for its handler to do (the
//! permit rides with the socket), and a handler can keep a connection counted longer by
//! holding a clone of its [`ConnPermit`].
//!
//! ```no_run
//! # async fn demo(app: axum::Router) -> std::io::Result<()> {
//! use std::sync::Arc;
//! use server::listen::{self, Limits, ListenMetrics};
//!
//! let metrics = Arc::new(ListenMetrics::default());
//! let mut registry = prometheus_client::registry::Registry::default();
//! metrics.register(&mut registry);
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! listen::serve(listener, app, Limits::for_this_machine(), metrics, async {
//!     let _ = tokio::signal::ctrl_c().await;
//! })
//! .await
//! # }
//! ```

use std::collections::HashMap;
use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{Request, Response};
use http_body::{Body as HttpBody, Frame, SizeHint};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore, watch};
use tokio::task::{JoinError, JoinSet};
use tokio::time::Instant;
use tower_service::Service;

/// Open files kept free of connections by [`Limits::for_this_machine`]: the listener, the
/// database, static files being served, logs, and the refusals being written
/// ([`REFUSALS_IN_FLIGHT`]).
pub const FD_RESERVE: u64 = 64;

/// Connections allowed per peer address by [`Limits::for_this_machine`].
pub const DEFAULT_MAX_PER_ADDRESS: usize = 256;

/// Connections allowed in total by [`Limits::for_this_machine`] when the open-file limit is
/// unlimited.
pub const UNLIMITED_MAX_CONNECTIONS: usize = 1 << 20;

/// The listen backlog [`bind`] asks for (the kernel caps it at `net.core.somaxconn`).
pub const LISTEN_BACKLOG: u32 = 4096;

/// A listener on `addr` with a backlog of [`LISTEN_BACKLOG`]: the standard library's (and
/// Tokio's) 128 drops handshakes when a few hundred players connect at once.
///
/// # Errors
/// When the address cannot be bound (in use, not local...).
pub fn bind(addr: SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Refused connections that may be answered (a `503` written, then a lingering close) at
/// once; past that a refused connection gets what fits in its socket buffer without waiting,
/// then is closed. Each holds an open file for up to about two seconds.
pub const REFUSALS_IN_FLIGHT: usize = 16;

/// The smallest open-connection cap [`Limits::for_open_file_limit`] picks, however low the
/// open-file limit.
const MIN_CONNECTIONS: u64 = 16;

/// Largest request head hyper buffers (its minimum is 8 KiB); a larger head gets a `431`.
const MAX_BUF_SIZE: usize = 16 * 1024;

/// Most header lines in a request head.
const MAX_HEADERS: usize = 64;

/// How long the accept loop pauses after an accept error other than a connection's own
/// (out of file descriptors, out of memory), instead of spinning.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How long writing a `503` to a refused connection may take.
const REFUSAL_WRITE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long a refused connection is read from (and the bytes dropped) after its `503`, so
/// that closing it does not reset it and lose the response on the client's side.
const REFUSAL_LINGER: Duration = Duration::from_secs(1);

/// Most bytes read from a refused connection during its lingering close.
const REFUSAL_DRAIN_MAX: usize = 64 * 1024;

/// How long a connection asked to close because it was idle may take to do so.
const IDLE_CLOSE_GRACE: Duration = Duration::from_secs(1);

/// `Retry-After` of a `503` for a connection over a cap, in seconds.
const RETRY_AFTER_SECS: u32 = 5;

/// Shortest interval between two log lines of one kind.
const LOG_INTERVAL: Duration = Duration::from_secs(1);

/// What a client may hold, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Open TCP connections in all (HTTP connections and upgraded WebSockets); at least 1.
    pub max_connections: usize,
    /// Open TCP connections per peer address; at least 1. IPv4 addresses (and IPv4-mapped
    /// IPv6 ones) count one by one; IPv6 addresses count by their `/64` prefix, the usual
    /// share of one household or host.
    pub max_per_address: usize,
    /// Time from `accept` until the head of the first request has been read; a connection
    /// without one by then is closed (and counted as `header_timeout`). Non-zero.
    pub header_read_timeout: Duration,
    /// Time from `accept` until the first request has been answered (its handler returned
    /// a response, e.g. `101 Switching Protocols`): covers a slow request body and a slow
    /// upgrade. A connection not answered by then is dropped (and counted as
    /// `handshake_timeout`, or `header_timeout` if the head never came). Non-zero.
    pub handshake_deadline: Duration,
    /// Time a keep-alive connection with no request in flight (the last response fully
    /// handed to the socket) may wait for the head of its next request before it is closed.
    /// Not counted as a refusal. Non-zero.
    pub idle_timeout: Duration,
    /// On shutdown, how long the requests in flight may take to finish before their
    /// connections are dropped.
    pub shutdown_grace: Duration,
}

impl Limits {
    /// Limits fit for this process: [`Limits::for_open_file_limit`] of its current (soft)
    /// open-file limit, `RLIMIT_NOFILE`. Call [`raise_open_file_limit`] first to make the most
    /// of the hard limit.
    pub fn for_this_machine() -> Limits {
        Limits::for_open_file_limit(open_file_limit())
    }

    /// Limits for a process that may open `nofile` files (`None`: no limit): at most
    /// `nofile - `[`FD_RESERVE`] connections (never fewer than 16;
    /// [`UNLIMITED_MAX_CONNECTIONS`] without a limit), [`DEFAULT_MAX_PER_ADDRESS`] per
    /// address (or the total cap if smaller), a 10 s header timeout, a 15 s handshake
    /// deadline, a 30 s keep-alive idle timeout and 5 s to finish on shutdown.
    pub fn for_open_file_limit(nofile: Option<u64>) -> Limits {
        let max_connections = match nofile {
            Some(files) => usize::try_from(files.saturating_sub(FD_RESERVE).max(MIN_CONNECTIONS))
                .unwrap_or(usize::MAX),
            None => UNLIMITED_MAX_CONNECTIONS,
        };
        Limits {
            max_connections,
            max_per_address: DEFAULT_MAX_PER_ADDRESS.min(max_connections),
            header_read_timeout: Duration::from_secs(10),
            handshake_deadline: Duration::from_secs(15),
            idle_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(5),
        }
    }

    /// Checks the limits can be served.
    ///
    /// # Errors
    /// `InvalidInput` when a cap is 0 or a timeout is zero.
    fn check(&self) -> io::Result<()> {
        let problem = if self.max_connections == 0 {
            "max_connections must be at least 1"
        } else if self.max_per_address == 0 {
            "max_per_address must be at least 1"
        } else if self.header_read_timeout.is_zero() {
            "header_read_timeout must not be zero"
        } else if self.handshake_deadline.is_zero() {
            "handshake_deadline must not be zero"
        } else if self.idle_timeout.is_zero() {
            "idle_timeout must not be zero"
        } else {
            return Ok(());
        };
        Err(io::Error::new(io::ErrorKind::InvalidInput, problem))
    }
}

/// This process's current (soft) limit of open files, `None` when unlimited. Where it
/// cannot be read (not a Unix system), 1,024.
pub fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::Nofile).current
    }
    #[cfg(not(unix))]
    {
        Some(1024)
    }
}

/// Raises this process's soft open-file limit to its hard limit (many systems start
/// processes at 1,024 with a much higher hard limit). Returns the soft limit in force after
/// it (`None`: unlimited).
///
/// # Errors
/// The operating system's error if the limit cannot be changed; `Unsupported` on a system
/// other than Unix.
pub fn raise_open_file_limit() -> io::Result<Option<u64>> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let limit = getrlimit(Resource::Nofile);
        if limit.current != limit.maximum {
            setrlimit(
                Resource::Nofile,
                Rlimit {
                    current: limit.maximum,
                    maximum: limit.maximum,
                },
            )?;
        }
        Ok(getrlimit(Resource::Nofile).current)
    }
    #[cfg(not(unix))]
    {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "open-file limits are only read on Unix",
        ))
    }
}

/// Why a connection was refused or closed early: the `reason` label of
/// [`ListenMetrics::connections_refused`].
#[derive(Debug, Clone, Copy, Hash, PartialEq, Eq)]
pub enum RefusedReason {
    /// `total_cap`: [`Limits::max_connections`] were open.
    TotalCap,
    /// `address_cap`: [`Limits::max_per_address`] were open from the peer's address.
    AddressCap,
    /// `header_timeout`: no first request head within [`Limits::header_read_timeout`].
    HeaderTimeout,
    /// `handshake_timeout`: the first request not answered within
    /// [`Limits::handshake_deadline`].
    HandshakeTimeout,
    /// `accept_error`: `accept` itself failed (e.g. out of file descriptors).
    AcceptError,
    /// `origin`: a WebSocket upgrade from a page of another site (counted by the `/ws`
    /// handler, answered with 403).
    Origin,
}

impl RefusedReason {
    /// Every reason, in label order.
    pub const ALL: [RefusedReason; 6] = [
        RefusedReason::TotalCap,
        RefusedReason::AddressCap,
        RefusedReason::HeaderTimeout,
        RefusedReason::HandshakeTimeout,
        RefusedReason::AcceptError,
        RefusedReason::Origin,
    ];

    /// The label value: `total_cap`, `address_cap`, `header_timeout`, `handshake_timeout` or
    /// `accept_error` (or `origin`).
    pub fn as_str(self) -> &'static str {
        match self {
            RefusedReason::TotalCap => "total_cap",
            RefusedReason::AddressCap => "address_cap",
            RefusedReason::HeaderTimeout => "header_timeout",
            RefusedReason::HandshakeTimeout => "handshake_timeout",
            RefusedReason::AcceptError => "accept_error",
            RefusedReason::Origin => "origin",
        }
    }
}

impl fmt::Display for RefusedReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl EncodeLabelValue for RefusedReason {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), fmt::Error> {
        fmt::Write::write_str(encoder, self.as_str())
    }
}

/// The labels of [`ListenMetrics::connections_refused`].
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RefusedLabels {
    /// Why.
    pub reason: RefusedReason,
}

/// The listener's counters, for `/metrics`.
#[derive(Debug, Default)]
pub struct ListenMetrics {
    /// Connections refused or closed early, by reason
    /// (`asean_connections_refused_total{reason="…"}`).
    pub connections_refused: Family<RefusedLabels, Counter>,
    /// Open TCP connections: served HTTP connections and upgraded WebSockets, not the
    /// refused ones being answered (`asean_tcp_connections_open`).
    pub connections_open: Gauge,
    /// Connections accepted, refused ones included (`asean_tcp_connections_accepted_total`).
    pub connections_accepted: Counter,
}

impl ListenMetrics {
    /// Adds the counters to `registry` (every refusal reason shows, at 0 until it happens).
    pub fn register(&self, registry: &mut Registry) {
        for reason in RefusedReason::ALL {
            drop(
                self.connections_refused
                    .get_or_create(&RefusedLabels { reason }),
            );
        }
        registry.register(
            "asean_connections_refused",
            "Connections refused or closed early, by reason",
            self.connections_refused.clone(),
        );
        registry.register(
            "asean_tcp_connections_open",
            "Open TCP connections (HTTP and upgraded WebSockets)",
            self.connections_open.clone(),
        );
        registry.register(
            "asean_tcp_connections_accepted",
            "TCP connections accepted, refused ones included",
            self.connections_accepted.clone(),
        );
    }

    /// How many connections were refused for `reason` so far.
    pub fn refused(&self, reason: RefusedReason) -> u64 {
        self.connections_refused
            .get_or_create(&RefusedLabels { reason })
            .get()
    }

    /// Counts a connection refused for `reason`.
    pub fn count_refused(&self, reason: RefusedReason) {
        self.connections_refused
            .get_or_create(&RefusedLabels { reason })
            .inc();
    }
}

/// One open connection's place under the caps. [`serve`] puts a clone in each request's
/// extensions (take it with `axum::Extension<ConnPermit>`); the connection counts as open
/// until its socket is closed and every clone is dropped, so a task that outlives the
/// connection and should count against the caps moves a clone in.
#[derive(Clone)]
pub struct ConnPermit(Arc<PermitInner>);

struct PermitInner {
    peer: SocketAddr,
    key: IpAddr,
    tracker: Arc<Tracker>,
}

impl ConnPermit {
    /// The peer's address and port, as `accept` gave them.
    pub fn peer(&self) -> SocketAddr {
        self.0.peer
    }
}

impl fmt::Debug for ConnPermit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConnPermit")
            .field("peer", &self.0.peer)
            .finish()
    }
}

impl Drop for PermitInner {
    fn drop(&mut self) {
        self.tracker.release(self.key);
    }
}

/// The open connections, in all and per address.
struct Tracker {
    counts: Mutex<Counts>,
    max_connections: usize,
    max_per_address: usize,
    metrics: Arc<ListenMetrics>,
}

#[derive(Default)]
struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

impl Tracker {
    fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A permit for a connection from `peer`, or the cap it would break.
    fn acquire(self: &Arc<Self>, peer: SocketAddr) -> Result<ConnPermit, RefusedReason> {
        let key = address_key(peer.ip());
        let mut counts = self.lock();
        if counts.total >= self.max_connections {
            return Err(RefusedReason::TotalCap);
        }
        let from_address = counts.per_address.entry(key).or_insert(0);
        if *from_address >= self.max_per_address {
            return Err(RefusedReason::AddressCap);
        }
        *from_address += 1;
        counts.total += 1;
        drop(counts);
        self.metrics.connections_open.inc();
        Ok(ConnPermit(Arc::new(PermitInner {
            peer,
            key,
            tracker: self.clone(),
        })))
    }

    /// Called once per permit, when its last clone drops.
    fn release(&self, key: IpAddr) {
        let mut counts = self.lock();
        counts.total = counts.total.saturating_sub(1);
        if let Some(from_address) = counts.per_address.get_mut(&key) {
            *from_address = from_address.saturating_sub(1);
            if *from_address == 0 {
                counts.per_address.remove(&key);
            }
        }
        drop(counts);
        self.metrics.connections_open.dec();
    }
}

/// The key a peer address counts under: IPv4 as is (unmapped from IPv6), IPv6 by `/64`.
fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let prefix = v6.to_bits() & !u128::from(u64::MAX);
            IpAddr::V6(Ipv6Addr::from_bits(prefix))
        }
        v4 => v4,
    }
}

/// At most one log line per [`LOG_INTERVAL`], counting the ones left out.
struct RateLimit {
    state: Mutex<RateState>,
}

struct RateState {
    last: Option<Instant>,
    suppressed: u64,
}

impl RateLimit {
    const fn new() -> Self {
        RateLimit {
            state: Mutex::new(RateState {
                last: None,
                suppressed: 0,
            }),
        }
    }

    /// Whether a line may be logged at `now`: `Some(lines left out since the last one)`,
    /// or `None` (and this one is counted as left out).
    fn allow(&self, now: Instant) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let due = state
            .last
            .is_none_or(|last| now.saturating_duration_since(last) >= LOG_INTERVAL);
        if due {
            state.last = Some(now);
            Some(std::mem::take(&mut state.suppressed))
        } else {
            state.suppressed += 1;
            None
        }
    }
}

/// What every connection task shares.
struct Shared {
    limits: Limits,
    http: http1::Builder,
    app: Router,
    tracker: Arc<Tracker>,
    refusals: Arc<Semaphore>,
    log_accept: RateLimit,
    log_refused: RateLimit,
    log_timeout: RateLimit,
}

impl Shared {
    fn metrics(&self) -> &ListenMetrics {
        &self.tracker.metrics
    }

    /// Counts and logs (rate-limited) a connection closed for `reason`.
    fn refused(&self, reason: RefusedReason, peer: SocketAddr) {
        self.metrics().count_refused(reason);
        let log = match reason {
            RefusedReason::HeaderTimeout | RefusedReason::HandshakeTimeout => &self.log_timeout,
            _ => &self.log_refused,
        };
        if let Some(suppressed) = log.allow(Instant::now()) {
            let open = self.tracker.lock().total;
            match reason {
                RefusedReason::TotalCap => tracing::warn!(
                    %peer, reason = reason.as_str(), open, suppressed,
                    "connection refused: at the cap of {} open connections",
                    self.limits.max_connections
                ),
                RefusedReason::AddressCap => tracing::warn!(
                    %peer, reason = reason.as_str(), open, suppressed,
                    "connection refused: at the cap of {} open connections from one address",
                    self.limits.max_per_address
                ),
                RefusedReason::HeaderTimeout => tracing::warn!(
                    %peer, reason = reason.as_str(), open, suppressed,
                    "connection closed: no request head within {:?}",
                    self.limits.header_read_timeout
                ),
                RefusedReason::HandshakeTimeout => tracing::warn!(
                    %peer, reason = reason.as_str(), open, suppressed,
                    "connection closed: first request not answered within {:?}",
                    self.limits.handshake_deadline
                ),
                RefusedReason::AcceptError | RefusedReason::Origin => {}
            }
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, within `limits`, counting into
/// `metrics`; then stops accepting (the listener is closed), lets the requests in flight
/// finish for up to [`Limits::shutdown_grace`] (idle keep-alive connections close at once),
/// drops the connections left, and returns. Upgraded WebSockets are not waited for: their
/// tasks belong to the application, which should close them on shutdown.
///
/// Each connection is served as HTTP/1.1 (keep-alive, upgrades) with the peer's
/// `ConnectInfo<SocketAddr>` and its [`ConnPermit`] in every request's extensions.
/// `TCP_NODELAY` is set on every accepted socket.
///
/// # Errors
/// `InvalidInput` if `limits` has a zero cap or timeout. Errors of `accept` are logged,
/// counted as `accept_error` and retried, never returned.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    metrics: Arc<ListenMetrics>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    limits.check()?;
    let shared = Arc::new(Shared {
        limits,
        http: http_builder(&limits),
        app,
        tracker: Arc::new(Tracker {
            counts: Mutex::new(Counts::default()),
            max_connections: limits.max_connections,
            max_per_address: limits.max_per_address,
            metrics,
        }),
        refusals: Arc::new(Semaphore::new(REFUSALS_IN_FLIGHT)),
        log_accept: RateLimit::new(),
        log_refused: RateLimit::new(),
        log_timeout: RateLimit::new(),
    });
    let (stop, stopped) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        tokio::select! {
            biased;
            () = &mut shutdown => break,
            Some(joined) = tasks.join_next(), if !tasks.is_empty() => report_join(joined),
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => on_accept(&shared, stream, peer, &stopped, &mut tasks),
                Err(error) => {
                    if on_accept_error(&shared, &error) {
                        tokio::time::sleep(ACCEPT_BACKOFF).await;
                    }
                }
            },
        }
    }
    drop(listener);
    stop.send_replace(true);
    let open = tasks.len();
    tracing::info!(
        open,
        "shutting down: no longer accepting; finishing open connections"
    );
    let finished = tokio::time::timeout(limits.shutdown_grace, async {
        while let Some(joined) = tasks.join_next().await {
            report_join(joined);
        }
    })
    .await;
    if finished.is_err() {
        tracing::warn!(
            left = tasks.len(),
            "shutdown: connections still busy after {:?} are dropped",
            limits.shutdown_grace
        );
        tasks.shutdown().await;
    }
    Ok(())
}

/// The HTTP/1.1 settings of every connection. Hyper's own header timer runs from the moment
/// it waits for a request head, also between keep-alive requests; it is set to the longer of
/// the header and idle timeouts, as a backstop to the connection task's own timers.
fn http_builder(limits: &Limits) -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout.max(limits.idle_timeout))
        .keep_alive(true)
        .max_buf_size(MAX_BUF_SIZE)
        .max_headers(MAX_HEADERS);
    builder
}

/// Serves an accepted connection, or refuses it if it is over a cap.
fn on_accept(
    shared: &Arc<Shared>,
    stream: TcpStream,
    peer: SocketAddr,
    stopped: &watch::Receiver<bool>,
    tasks: &mut JoinSet<()>,
) {
    shared.metrics().connections_accepted.inc();
    match shared.tracker.acquire(peer) {
        Ok(permit) => {
            if let Err(error) = stream.set_nodelay(true) {
                tracing::debug!(%peer, %error, "could not set TCP_NODELAY");
            }
            tasks.spawn(run_connection(
                shared.clone(),
                stream,
                permit,
                stopped.clone(),
            ));
        }
        Err(reason) => {
            shared.refused(reason, peer);
            let response = refusal_response(reason);
            match shared.refusals.clone().try_acquire_owned() {
                Ok(slot) => {
                    tasks.spawn(async move {
                        write_refusal(stream, &response).await;
                        drop(slot);
                    });
                }
                // Too many refusals being written: what fits in the socket buffer (all of
                // it, on a fresh connection), then close.
                Err(_) => {
                    let _ = stream.try_write(response.as_bytes());
                }
            }
        }
    }
}

/// Counts and logs (rate-limited) an accept error; whether to back off before the next
/// accept (the error is not just one connection's).
fn on_accept_error(shared: &Shared, error: &io::Error) -> bool {
    shared.metrics().count_refused(RefusedReason::AcceptError);
    let own_error = matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    );
    if let Some(suppressed) = shared.log_accept.allow(Instant::now()) {
        if out_of_files(error) {
            tracing::warn!(
                %error, suppressed,
                "accept failed: out of file descriptors; backing off {ACCEPT_BACKOFF:?}"
            );
        } else if own_error {
            tracing::warn!(%error, suppressed, "accept failed for one connection");
        } else {
            tracing::warn!(%error, suppressed, "accept failed; backing off {ACCEPT_BACKOFF:?}");
        }
    }
    !own_error
}

/// Whether `error` is `EMFILE` or `ENFILE`.
fn out_of_files(error: &io::Error) -> bool {
    #[cfg(unix)]
    {
        use rustix::io::Errno;
        matches!(
            Errno::from_io_error(error),
            Some(Errno::MFILE | Errno::NFILE)
        )
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}

/// The `503` for a connection over a cap.
fn refusal_response(reason: RefusedReason) -> String {
    let body = match reason {
        RefusedReason::AddressCap => {
            "503: too many open connections from your address (per-address limit); try again shortly\n"
        }
        _ => "503: the server has too many open connections (total limit); try again shortly\n",
    };
    format!(
        "HTTP/1.1 503 Service Unavailable\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\n\
         Retry-After: {RETRY_AFTER_SECS}\r\n\
         Connection: close\r\n\
         \r\n\
         {body}",
        body.len()
    )
}

/// Writes `response` (within [`REFUSAL_WRITE_TIMEOUT`]), ends the write side, and reads what
/// the client sends until it closes (within [`REFUSAL_LINGER`]) so that the close is a clean
/// one, not a reset that could lose the response.
async fn write_refusal(mut stream: TcpStream, response: &str) {
    let written = tokio::time::timeout(REFUSAL_WRITE_TIMEOUT, async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
    if !matches!(written, Ok(Ok(()))) {
        return;
    }
    let _ = tokio::time::timeout(REFUSAL_LINGER, async {
        let mut buffer = [0; 1024];
        let mut drained = 0;
        while drained < REFUSAL_DRAIN_MAX {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(read) => drained += read,
            }
        }
    })
    .await;
}

/// Logs a connection task that panicked.
fn report_join(joined: Result<(), JoinError>) {
    if let Err(error) = joined
        && error.is_panic()
    {
        tracing::error!(%error, "a connection task panicked");
    }
}

/// What the connection task waits for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expiry {
    /// The first request head is due.
    Header,
    /// The first response is due.
    Handshake,
    /// The connection has been idle too long.
    Idle,
    /// The connection asked to close has not.
    Close,
}

/// What the requests of one connection are doing, for its timers.
struct Activity {
    state: Mutex<ActivityState>,
    changed: Notify,
}

struct ActivityState {
    /// Requests whose head has been read.
    requests: u64,
    /// Requests not yet answered to the end (their response body not yet all handed over).
    in_flight: u64,
    /// Whether the first request has been answered.
    answered: bool,
    /// When the last request in flight ended.
    idle_since: Instant,
}

impl Activity {
    fn new(accepted: Instant) -> Self {
        Activity {
            state: Mutex::new(ActivityState {
                requests: 0,
                in_flight: 0,
                answered: false,
                idle_since: accepted,
            }),
            changed: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, ActivityState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A request's head has been read; it is in flight until the guard drops.
    fn request_started(self: &Arc<Self>) -> InFlight {
        let mut state = self.lock();
        state.requests += 1;
        state.in_flight += 1;
        drop(state);
        self.changed.notify_one();
        InFlight(self.clone())
    }

    /// A request has been answered (its handler returned a response).
    fn answered(&self) {
        let mut state = self.lock();
        if !state.answered {
            state.answered = true;
            drop(state);
            self.changed.notify_one();
        }
    }

    fn requests(&self) -> u64 {
        self.lock().requests
    }

    /// The earliest deadline of the connection, if any.
    fn next_deadline(
        &self,
        limits: &Limits,
        accepted: Instant,
        closing: Option<Instant>,
    ) -> Option<(Instant, Expiry)> {
        let state = self.lock();
        let header =
            (state.requests == 0).then(|| (accepted + limits.header_read_timeout, Expiry::Header));
        let handshake =
            (!state.answered).then(|| (accepted + limits.handshake_deadline, Expiry::Handshake));
        let idle = (state.answered && state.in_flight == 0 && closing.is_none())
            .then(|| (state.idle_since + limits.idle_timeout, Expiry::Idle));
        let close = closing.map(|at| (at, Expiry::Close));
        [header, handshake, idle, close]
            .into_iter()
            .flatten()
            .min_by_key(|(at, _)| *at)
    }
}

/// A request in flight; dropped with its response body (or with the request, unanswered).
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.in_flight = state.in_flight.saturating_sub(1);
        if state.in_flight == 0 {
            state.idle_since = Instant::now();
        }
        drop(state);
        self.0.changed.notify_one();
    }
}

/// A response body that keeps its request in flight until hyper has taken all of it.
struct GuardedBody {
    inner: Body,
    _in_flight: InFlight,
}

impl HttpBody for GuardedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The socket of a served connection, holding its permit: the connection counts as open as
/// long as the socket does, through an upgrade too.
struct PermitStream {
    stream: TcpStream,
    _permit: ConnPermit,
}

impl AsyncRead for PermitStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for PermitStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Hands each request to the app, with the connection's details in its extensions.
#[derive(Clone)]
struct RequestService {
    app: Router,
    permit: ConnPermit,
    activity: Arc<Activity>,
}

type ResponseFuture =
    Pin<Box<dyn Future<Output = Result<Response<GuardedBody>, Infallible>> + Send>>;

impl hyper::service::Service<Request<Incoming>> for RequestService {
    type Response = Response<GuardedBody>;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn call(&self, mut request: Request<Incoming>) -> Self::Future {
        let in_flight = self.activity.request_started();
        let extensions = request.extensions_mut();
        extensions.insert(ConnectInfo(self.permit.peer()));
        extensions.insert(self.permit.clone());
        let mut app = self.app.clone();
        let activity = self.activity.clone();
        Box::pin(async move {
            let response = match app.call(request).await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            activity.answered();
            Ok(response.map(|inner| GuardedBody {
                inner,
                _in_flight: in_flight,
            }))
        })
    }
}

/// Serves one connection until it closes, is upgraded, times out, or (on shutdown) has
/// finished its request in flight.
async fn run_connection(
    shared: Arc<Shared>,
    stream: TcpStream,
    permit: ConnPermit,
    mut stopped: watch::Receiver<bool>,
) {
    let accepted = Instant::now();
    let peer = permit.peer();
    let activity = Arc::new(Activity::new(accepted));
    let service = RequestService {
        app: shared.app.clone(),
        permit: permit.clone(),
        activity: activity.clone(),
    };
    let io = TokioIo::new(PermitStream {
        stream,
        _permit: permit,
    });
    let mut connection = pin!(shared.http.serve_connection(io, service).with_upgrades());
    let limits = &shared.limits;
    let mut closing = None;
    let mut stopping = false;
    loop {
        let changed = activity.changed.notified();
        let deadline = activity.next_deadline(limits, accepted, closing);
        let sleep = tokio::time::sleep_until(deadline.map_or_else(far_future, |(at, _)| at));
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    if error.is_timeout() && activity.requests() == 0 {
                        shared.refused(RefusedReason::HeaderTimeout, peer);
                    } else {
                        tracing::debug!(%peer, %error, "connection ended with an error");
                    }
                }
                return;
            }
            () = changed => {}
            () = sleep, if deadline.is_some() => {
                // Look again: a request may have come in just now.
                let Some((at, expiry)) = activity.next_deadline(limits, accepted, closing) else {
                    continue;
                };
                if at > Instant::now() {
                    continue;
                }
                match expiry {
                    Expiry::Header => {
                        shared.refused(RefusedReason::HeaderTimeout, peer);
                        return;
                    }
                    Expiry::Handshake => {
                        let reason = if activity.requests() == 0 {
                            RefusedReason::HeaderTimeout
                        } else {
                            RefusedReason::HandshakeTimeout
                        };
                        shared.refused(reason, peer);
                        return;
                    }
                    Expiry::Idle => {
                        tracing::debug!(%peer, "closing an idle keep-alive connection");
                        connection.as_mut().graceful_shutdown();
                        closing = Some(Instant::now() + IDLE_CLOSE_GRACE);
                    }
                    Expiry::Close => return,
                }
            }
            _ = stopped.changed(), if !stopping => {
                stopping = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// An instant that never comes (for a disabled timer branch).
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

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
            let app =
                Router::new()
                    .route("/", get(|| async { "hello" }))
                    .route(
                        "/peer",
                        get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move {
                            peer.to_string()
                        }),
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
            let task = tokio::spawn(serve(listener, app, limits, metrics.clone(), async {
                let _ = stopped.await;
            }));
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
    async fn a_flood_of_silent_sockets_is_refused_then_timed_out_and_players_get_back_in() {
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
        eventually("the connections over the cap are refused", || {
            server.metrics.refused(RefusedReason::TotalCap) == 60
        })
        .await;
        eventually("the silent ones are timed out", || {
            server.metrics.refused(RefusedReason::HeaderTimeout) == 40
        })
        .await;
        eventually("nothing counts as open", || server.open() == 0).await;
        let mut player = server.connect().await;
        assert_eq!(request(&mut player, "/").await, (200, "hello".to_owned()));
        assert_eq!(server.metrics.connections_accepted.get(), 101);
        drop(flood);
        server.stop().await.unwrap();
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
    fn addresses_count_by_host_and_ipv6_by_prefix() {
        let key = |s: &str| address_key(s.parse().unwrap());
        assert_eq!(key("192.0.2.7"), key("::ffff:192.0.2.7"));
        assert_ne!(key("192.0.2.7"), key("192.0.2.8"));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:bbbb::2"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
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
}
