//! The listener's counters: refusals by reason, open and accepted connections.

use std::fmt;

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

/// Why a connection was refused or closed early: the `reason` label of
/// [`ListenMetrics::connections_refused`].
#[derive(Debug, Clone, Copy, Hash, PartialEq, Eq)]
pub enum RefusedReason {
    /// `total_cap`: [`Limits::max_connections`](super::Limits::max_connections) were open.
    TotalCap,
    /// `address_cap`: [`Limits::max_per_address`](super::Limits::max_per_address) were open from the peer's address.
    AddressCap,
    /// `header_timeout`: no first request head within [`Limits::header_read_timeout`](super::Limits::header_read_timeout)
    /// (or [`Limits::pressure_header_timeout`](super::Limits::pressure_header_timeout) near
    /// the cap).
    HeaderTimeout,
    /// `shed`: a connection that had not sent a complete request head yet, closed at the
    /// total cap to make room for a new one (the oldest of the address with the most such
    /// connections).
    Shed,
    /// `handshake_timeout`: the first request not answered within
    /// [`Limits::handshake_deadline`](super::Limits::handshake_deadline).
    HandshakeTimeout,
    /// `accept_error`: `accept` itself failed (e.g. out of file descriptors).
    AcceptError,
    /// `origin`: a WebSocket upgrade from a page of another site (counted by the `/ws`
    /// handler, answered with 403).
    Origin,
}

impl RefusedReason {
    /// Every reason, in label order.
    pub const ALL: [RefusedReason; 7] = [
        RefusedReason::TotalCap,
        RefusedReason::AddressCap,
        RefusedReason::HeaderTimeout,
        RefusedReason::Shed,
        RefusedReason::HandshakeTimeout,
        RefusedReason::AcceptError,
        RefusedReason::Origin,
    ];

    /// The label value: `total_cap`, `address_cap`, `header_timeout`, `shed`,
    /// `handshake_timeout` or `accept_error` (or `origin`).
    pub fn as_str(self) -> &'static str {
        match self {
            RefusedReason::TotalCap => "total_cap",
            RefusedReason::AddressCap => "address_cap",
            RefusedReason::HeaderTimeout => "header_timeout",
            RefusedReason::Shed => "shed",
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
