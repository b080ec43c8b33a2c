//! One served connection: its HTTP/1.1 requests, their timers (header, handshake, idle)
//! and its permit, through an upgrade too.

use std::convert::Infallible;
use std::future::Future;
use std::io;
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
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;
use tower_service::Service;

use super::limits::Limits;
use super::metrics::RefusedReason;
use super::permits::ConnPermit;
use super::shared::Shared;

/// Largest request head hyper buffers (its minimum is 8 KiB); a larger head gets a `431`.
pub(super) const MAX_BUF_SIZE: usize = 16 * 1024;

/// Most header lines in a request head.
pub(super) const MAX_HEADERS: usize = 64;

/// How long a connection asked to close because it was idle may take to do so.
pub(super) const IDLE_CLOSE_GRACE: Duration = Duration::from_secs(1);

/// The HTTP/1.1 settings of every connection. Hyper's own header timer runs from the moment
/// it waits for a request head, also between keep-alive requests; it is set to the longer of
/// the header and idle timeouts, as a backstop to the connection task's own timers.
pub(super) fn http_builder(limits: &Limits) -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout.max(limits.idle_timeout))
        .keep_alive(true)
        .max_buf_size(MAX_BUF_SIZE)
        .max_headers(MAX_HEADERS);
    builder
}

/// What the connection task waits for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Expiry {
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
pub(super) struct Activity {
    state: Mutex<ActivityState>,
    changed: Notify,
}

pub(super) struct ActivityState {
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

    /// The earliest deadline of the connection, if any; `pressure`: the listener is near its
    /// cap (a shorter header timeout).
    fn next_deadline(
        &self,
        limits: &Limits,
        accepted: Instant,
        closing: Option<Instant>,
        pressure: bool,
    ) -> Option<(Instant, Expiry)> {
        let state = self.lock();
        let header_timeout = if pressure {
            limits
                .pressure_header_timeout
                .min(limits.header_read_timeout)
        } else {
            limits.header_read_timeout
        };
        let header = (state.requests == 0).then(|| (accepted + header_timeout, Expiry::Header));
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
pub(super) struct InFlight(Arc<Activity>);

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
pub(super) struct GuardedBody {
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
pub(super) struct PermitStream {
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
pub(super) struct RequestService {
    app: Router,
    permit: ConnPermit,
    activity: Arc<Activity>,
}

pub(super) type ResponseFuture =
    Pin<Box<dyn Future<Output = Result<Response<GuardedBody>, Infallible>> + Send>>;

impl hyper::service::Service<Request<Incoming>> for RequestService {
    type Response = Response<GuardedBody>;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn call(&self, mut request: Request<Incoming>) -> Self::Future {
        // Hyper calls the service once it has read a request head.
        self.permit.heard();
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
pub(super) async fn run_connection(
    shared: Arc<Shared>,
    stream: TcpStream,
    permit: ConnPermit,
    mut stopped: watch::Receiver<bool>,
) {
    let accepted = Instant::now();
    let peer = permit.peer();
    let shed = permit.shed_token().clone();
    let mut pressure = shared.tracker.pressure.subscribe();
    let mut watch_pressure = true;
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
        let under_pressure = *pressure.borrow_and_update();
        let silent = activity.requests() == 0;
        let deadline = activity.next_deadline(limits, accepted, closing, under_pressure);
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
            // Shed at the cap to make room for a new connection (counted by the accept loop,
            // which has given its place away).
            () = shed.cancelled() => return,
            changed = pressure.changed(), if silent && watch_pressure => {
                watch_pressure = changed.is_ok();
            }
            () = sleep, if deadline.is_some() => {
                // Look again: a request may have come in just now.
                let under_pressure = *pressure.borrow();
                let Some((at, expiry)) =
                    activity.next_deadline(limits, accepted, closing, under_pressure)
                else {
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
pub(super) fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}
