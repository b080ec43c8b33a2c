//! Counting open connections in all and per peer address: each holds a [`ConnPermit`] until
//! its socket closes.

use std::collections::HashMap;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::metrics::{ListenMetrics, RefusedReason};
use crate::address::{AddressKey, TrustedProxies};

/// One open connection's place under the caps. [`serve`](super::serve) puts a clone in each request's
/// extensions (take it with `axum::Extension<ConnPermit>`); the connection counts as open
/// until its socket is closed and every clone is dropped, so a task that outlives the
/// connection and should count against the caps moves a clone in.
#[derive(Clone)]
pub struct ConnPermit(Arc<PermitInner>);

pub(super) struct PermitInner {
    peer: SocketAddr,
    key: Option<AddressKey>,
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
pub(super) struct Tracker {
    pub(super) counts: Mutex<Counts>,
    pub(super) max_connections: usize,
    pub(super) max_per_address: usize,
    /// Reverse proxies: every client behind one shares its address, so the cap per address
    /// does not hold them (the WebSocket's limits key the client it forwards).
    pub(super) trusted_proxies: TrustedProxies,
    pub(super) metrics: Arc<ListenMetrics>,
}

#[derive(Default)]
pub(super) struct Counts {
    pub(super) total: usize,
    pub(super) per_address: HashMap<AddressKey, usize>,
}

impl Tracker {
    pub(super) fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A permit for a connection from `peer`, or the cap it would break.
    pub(super) fn acquire(self: &Arc<Self>, peer: SocketAddr) -> Result<ConnPermit, RefusedReason> {
        let key = (!self.trusted_proxies.contains(peer.ip())).then(|| AddressKey::of(peer.ip()));
        let mut counts = self.lock();
        if counts.total >= self.max_connections {
            return Err(RefusedReason::TotalCap);
        }
        if let Some(key) = key {
            let from_address = counts.per_address.entry(key).or_insert(0);
            if *from_address >= self.max_per_address {
                return Err(RefusedReason::AddressCap);
            }
            *from_address += 1;
        }
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
    pub(super) fn release(&self, key: Option<AddressKey>) {
        let mut counts = self.lock();
        counts.total = counts.total.saturating_sub(1);
        if let Some(key) = key
            && let Some(from_address) = counts.per_address.get_mut(&key)
        {
            *from_address = from_address.saturating_sub(1);
            if *from_address == 0 {
                counts.per_address.remove(&key);
            }
        }
        drop(counts);
        self.metrics.connections_open.dec();
    }
}
