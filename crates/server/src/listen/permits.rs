//! Counting open connections in all and per peer address: each holds a [`ConnPermit`] until
//! its socket closes. The tracker also knows which connections are *silent* (no complete
//! request head yet): at the total cap the oldest silent connection of the address holding
//! the most of them is shed to make room, and near the cap silent connections get a shorter
//! header timeout ([`Limits::pressure_header_timeout`](super::Limits::pressure_header_timeout)).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::limits::Limits;
use super::metrics::{ListenMetrics, RefusedReason};
use crate::address::{AddressKey, TrustedProxies};

/// The share of [`Limits::max_connections`] (in percent) at which the listener comes under
/// pressure: silent connections then get [`Limits::pressure_header_timeout`] for their
/// request head.
pub const PRESSURE_ON_PERCENT: usize = 90;

/// The share of [`Limits::max_connections`] (in percent) the open connections must fall to
/// for the pressure to end.
pub const PRESSURE_OFF_PERCENT: usize = 75;

/// One open connection's place under the caps. [`serve`](super::serve) puts a clone in each request's
/// extensions (take it with `axum::Extension<ConnPermit>`); the connection counts as open
/// until its socket is closed and every clone is dropped, so a task that outlives the
/// connection and should count against the caps moves a clone in.
#[derive(Clone)]
pub struct ConnPermit(Arc<PermitInner>);

pub(super) struct PermitInner {
    peer: SocketAddr,
    /// The key counted against the cap per address (`None`: a trusted proxy).
    key: Option<AddressKey>,
    /// The connection's number, in the order of `accept`.
    id: u64,
    /// Set until the first request head has been read.
    silent: AtomicBool,
    /// Cancelled when the connection is shed.
    shed: CancellationToken,
    tracker: Arc<Tracker>,
}

impl ConnPermit {
    /// The peer's address and port, as `accept` gave them.
    pub fn peer(&self) -> SocketAddr {
        self.0.peer
    }

    /// The connection has read a complete request head: it is no longer silent (and can
    /// no longer be shed).
    pub(super) fn heard(&self) {
        if self.0.silent.swap(false, Ordering::AcqRel) {
            self.0.tracker.heard(self.0.peer, self.0.id);
        }
    }

    /// Cancelled when the connection is shed to make room for a new one: its task then
    /// closes it (its place under the caps is already given up).
    pub(super) fn shed_token(&self) -> &CancellationToken {
        &self.0.shed
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
        self.tracker.release(self.peer, self.key, self.id);
    }
}

/// The open connections, in all and per address.
pub(super) struct Tracker {
    pub(super) counts: Mutex<Counts>,
    pub(super) max_connections: usize,
    pub(super) max_per_address: usize,
    /// Open connections at which the pressure starts ([`PRESSURE_ON_PERCENT`]).
    pressure_on: usize,
    /// Open connections at which it ends ([`PRESSURE_OFF_PERCENT`]).
    pressure_off: usize,
    /// Whether the listener is under pressure; connections waiting for their first request
    /// head watch it.
    pub(super) pressure: watch::Sender<bool>,
    /// Reverse proxies: every client behind one shares its address, so the cap per address
    /// does not hold them (the WebSocket's limits key the client it forwards).
    pub(super) trusted_proxies: TrustedProxies,
    pub(super) metrics: Arc<ListenMetrics>,
}

#[derive(Default)]
pub(super) struct Counts {
    pub(super) total: usize,
    pub(super) per_address: HashMap<AddressKey, usize>,
    /// The silent connections.
    silent: SilentSet,
    /// The number of the next connection.
    next_id: u64,
    /// Connections shed whose permit has not dropped yet: their counts were given up when
    /// they were shed.
    shed: HashSet<u64>,
}

impl Counts {
    /// Gives up one connection's place: in all, and under `key` if counted per address.
    fn free(&mut self, key: Option<AddressKey>) {
        self.total = self.total.saturating_sub(1);
        if let Some(key) = key
            && let Some(from_address) = self.per_address.get_mut(&key)
        {
            *from_address = from_address.saturating_sub(1);
            if *from_address == 0 {
                self.per_address.remove(&key);
            }
        }
    }

    /// How many connections are silent.
    #[cfg(test)]
    pub(super) fn silent(&self) -> usize {
        self.silent.groups.values().map(BTreeMap::len).sum()
    }
}

/// A silent connection, as the tracker keeps it.
struct Silent {
    peer: SocketAddr,
    /// Its key under the cap per address (`None`: a trusted proxy).
    counted: Option<AddressKey>,
    shed: CancellationToken,
}

/// The silent connections by peer address (every peer, trusted proxies too, by the key of
/// its address), each group by age, and the groups ranked for shedding.
#[derive(Default)]
struct SilentSet {
    groups: HashMap<AddressKey, BTreeMap<u64, Silent>>,
    /// `(silent connections, oldest one reversed, address)`: the last is the address with
    /// the most, and among equals the one with the oldest.
    ranked: BTreeSet<(usize, Reverse<u64>, AddressKey)>,
}

impl SilentSet {
    fn rank(
        group: &BTreeMap<u64, Silent>,
        key: AddressKey,
    ) -> Option<(usize, Reverse<u64>, AddressKey)> {
        let (&oldest, _) = group.first_key_value()?;
        Some((group.len(), Reverse(oldest), key))
    }

    fn insert(&mut self, key: AddressKey, id: u64, silent: Silent) {
        let group = self.groups.entry(key).or_default();
        if let Some(rank) = SilentSet::rank(group, key) {
            self.ranked.remove(&rank);
        }
        group.insert(id, silent);
        if let Some(rank) = SilentSet::rank(group, key) {
            self.ranked.insert(rank);
        }
    }

    fn remove(&mut self, key: AddressKey, id: u64) -> Option<Silent> {
        let group = self.groups.get_mut(&key)?;
        let before = SilentSet::rank(group, key);
        let removed = group.remove(&id)?;
        if let Some(rank) = before {
            self.ranked.remove(&rank);
        }
        match SilentSet::rank(group, key) {
            Some(rank) => {
                self.ranked.insert(rank);
            }
            None => {
                self.groups.remove(&key);
            }
        }
        Some(removed)
    }

    /// Takes out the connection to shed: the oldest of the address with the most.
    fn pop_victim(&mut self) -> Option<(u64, Silent)> {
        let &(_, Reverse(id), key) = self.ranked.last()?;
        self.remove(key, id).map(|silent| (id, silent))
    }
}

/// A connection let in: its permit, and the peer of the silent connection shed to make room
/// for it, if one was.
pub(super) struct Admitted {
    pub(super) permit: ConnPermit,
    pub(super) shed: Option<SocketAddr>,
}

impl Tracker {
    pub(super) fn new(
        limits: &Limits,
        trusted_proxies: TrustedProxies,
        metrics: Arc<ListenMetrics>,
    ) -> Tracker {
        let max = limits.max_connections;
        let pressure_on = max
            .saturating_mul(PRESSURE_ON_PERCENT)
            .div_ceil(100)
            .clamp(1, max.max(1));
        let pressure_off = (max.saturating_mul(PRESSURE_OFF_PERCENT) / 100).min(pressure_on - 1);
        Tracker {
            counts: Mutex::new(Counts::default()),
            max_connections: max,
            max_per_address: limits.max_per_address,
            pressure_on,
            pressure_off,
            pressure: watch::Sender::new(false),
            trusted_proxies,
            metrics,
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A permit for a new connection from `peer` (silent until [`ConnPermit::heard`]), or
    /// the cap it would break. At the total cap the oldest silent connection of the address
    /// with the most silent ones is shed (its token cancelled, its place given to the new
    /// one); only when none is silent is the new one refused.
    pub(super) fn acquire(self: &Arc<Self>, peer: SocketAddr) -> Result<Admitted, RefusedReason> {
        let address = AddressKey::of(peer.ip());
        let key = (!self.trusted_proxies.contains(peer.ip())).then_some(address);
        let mut counts = self.lock();
        if let Some(key) = key
            && counts.per_address.get(&key).copied().unwrap_or(0) >= self.max_per_address
        {
            return Err(RefusedReason::AddressCap);
        }
        let mut shed = None;
        if counts.total >= self.max_connections {
            let Some((victim, silent)) = counts.silent.pop_victim() else {
                return Err(RefusedReason::TotalCap);
            };
            counts.free(silent.counted);
            counts.shed.insert(victim);
            silent.shed.cancel();
            shed = Some(silent.peer);
        }
        if let Some(key) = key {
            *counts.per_address.entry(key).or_insert(0) += 1;
        }
        counts.total += 1;
        let id = counts.next_id;
        counts.next_id += 1;
        let token = CancellationToken::new();
        counts.silent.insert(
            address,
            id,
            Silent {
                peer,
                counted: key,
                shed: token.clone(),
            },
        );
        let turned = self.follow_pressure(counts.total);
        drop(counts);
        self.log_pressure(turned);
        // A shed connection's place is the new one's: the number open stays.
        if shed.is_none() {
            self.metrics.connections_open.inc();
        }
        Ok(Admitted {
            permit: ConnPermit(Arc::new(PermitInner {
                peer,
                key,
                id,
                silent: AtomicBool::new(true),
                shed: token,
                tracker: self.clone(),
            })),
            shed,
        })
    }

    /// Connection `id` from `peer` has read its first request head.
    fn heard(&self, peer: SocketAddr, id: u64) {
        self.lock().silent.remove(AddressKey::of(peer.ip()), id);
    }

    /// Called once per permit, when its last clone drops.
    fn release(&self, peer: SocketAddr, key: Option<AddressKey>, id: u64) {
        let mut counts = self.lock();
        if counts.shed.remove(&id) {
            // Given up when it was shed.
            return;
        }
        counts.silent.remove(AddressKey::of(peer.ip()), id);
        counts.free(key);
        let turned = self.follow_pressure(counts.total);
        drop(counts);
        self.log_pressure(turned);
        self.metrics.connections_open.dec();
    }

    /// Turns the pressure on at [`PRESSURE_ON_PERCENT`] of the cap and off at
    /// [`PRESSURE_OFF_PERCENT`], given `total` open connections (called with the counts
    /// locked, so that turns follow the counts in order). Returns the turn, if any:
    /// `Some((on, total))`.
    fn follow_pressure(&self, total: usize) -> Option<(bool, usize)> {
        let mut now = false;
        let turned = self.pressure.send_if_modified(|on| {
            now = if *on {
                total > self.pressure_off
            } else {
                total >= self.pressure_on
            };
            std::mem::replace(on, now) != now
        });
        turned.then_some((now, total))
    }

    /// Logs a turn of the pressure (outside the lock).
    fn log_pressure(&self, turned: Option<(bool, usize)>) {
        match turned {
            Some((true, total)) => tracing::warn!(
                open = total,
                "{total} of at most {} connections open: connections without a request get \
                 a shorter header timeout until {} or fewer are open",
                self.max_connections,
                self.pressure_off
            ),
            Some((false, total)) => tracing::info!(
                open = total,
                "down to {total} open connections: the usual header timeout again"
            ),
            None => {}
        }
    }
}
