//! The accept loop of the server, in place of `axum::serve`: it bounds what clients can hold.
//!
//! `axum::serve` has no header-read timeout and no connection caps, so sockets that connect
//! and never send a request used up the process's open-file limit and locked every player out,
//! without a line in the log. [`serve`] instead:
//!
//! - caps the open TCP connections in total and per peer address ([`Limits`]); a connection
//!   over a cap gets a short `503 Service Unavailable` naming the limit and is closed, except
//!   that at the total cap a *silent* connection (no complete request head yet) is shed
//!   instead to make room, the oldest of the address holding the most (counted as `shed`);
//! - from [`PRESSURE_ON_PERCENT`] of the total cap until [`PRESSURE_OFF_PERCENT`], gives
//!   silent connections [`Limits::pressure_header_timeout`] instead of
//!   [`Limits::header_read_timeout`];
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
//! // No reverse proxy in front: every peer is a client.
//! let proxies = server::address::TrustedProxies::default();
//! listen::serve(listener, app, Limits::for_this_machine(), proxies, metrics, async {
//!     let _ = tokio::signal::ctrl_c().await;
//! })
//! .await
//! # }
//! ```

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::task::{JoinError, JoinSet};
use tokio::time::Instant;

mod connection;
mod limits;
pub(crate) mod log;
mod metrics;
mod permits;
mod refusal;
mod shared;
#[cfg(test)]
mod tests;

use connection::*;
pub use limits::*;
use log::*;
pub use metrics::*;
pub use permits::*;
pub use refusal::*;
use shared::Shared;

use crate::address::TrustedProxies;

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

/// How long the accept loop pauses after an accept error other than a connection's own
/// (out of file descriptors, out of memory), instead of spinning.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves `app` on `listener` until `shutdown` completes, within `limits` (the cap per
/// address does not apply to `trusted_proxies`), counting into `metrics`; then stops accepting (the listener is closed), lets the requests in flight
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
    trusted_proxies: TrustedProxies,
    metrics: Arc<ListenMetrics>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    limits.check()?;
    let shared = Arc::new(Shared {
        limits,
        http: http_builder(&limits),
        app,
        tracker: Arc::new(Tracker::new(&limits, trusted_proxies, metrics)),
        refusals: Arc::new(Semaphore::new(REFUSALS_IN_FLIGHT)),
        log_accept: RateLimit::new(),
        log_refused: RateLimit::new(),
        log_timeout: RateLimit::new(),
        log_shed: RateLimit::new(),
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
        Ok(Admitted { permit, shed }) => {
            if let Some(victim) = shed {
                shared.refused(RefusedReason::Shed, victim);
            }
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
pub(crate) fn out_of_files(error: &io::Error) -> bool {
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

/// Logs a connection task that panicked.
fn report_join(joined: Result<(), JoinError>) {
    if let Err(error) = joined
        && error.is_panic()
    {
        tracing::error!(%error, "a connection task panicked");
    }
}
