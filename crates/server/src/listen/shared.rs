//! What every connection task shares: the limits, the HTTP settings, the app, the counts of
//! open connections and the rate-limited logs.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use hyper::server::conn::http1;
use tokio::sync::Semaphore;
use tokio::time::Instant;

use super::limits::Limits;
use super::log::RateLimit;
use super::metrics::{ListenMetrics, RefusedReason};
use super::permits::Tracker;

/// What every connection task shares.
pub(super) struct Shared {
    pub(super) limits: Limits,
    pub(super) http: http1::Builder,
    pub(super) app: Router,
    pub(super) tracker: Arc<Tracker>,
    pub(super) refusals: Arc<Semaphore>,
    pub(super) log_accept: RateLimit,
    pub(super) log_refused: RateLimit,
    pub(super) log_timeout: RateLimit,
    pub(super) log_shed: RateLimit,
}

impl Shared {
    pub(super) fn metrics(&self) -> &ListenMetrics {
        &self.tracker.metrics
    }

    /// Counts and logs (rate-limited) a connection closed for `reason`.
    pub(super) fn refused(&self, reason: RefusedReason, peer: SocketAddr) {
        self.metrics().count_refused(reason);
        let log = match reason {
            RefusedReason::HeaderTimeout | RefusedReason::HandshakeTimeout => &self.log_timeout,
            RefusedReason::Shed => &self.log_shed,
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
                    "connection closed: no request head within {:?} ({:?} near the cap)",
                    self.limits.header_read_timeout,
                    self.limits.pressure_header_timeout.min(self.limits.header_read_timeout)
                ),
                RefusedReason::Shed => tracing::warn!(
                    %peer, reason = reason.as_str(), open, suppressed,
                    "connection closed: no request yet, at the cap of {} open connections; \
                     shed to make room for a new one",
                    self.limits.max_connections
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
