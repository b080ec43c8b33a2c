//! The lobby: the registry of rooms in memory (each owned by its task), the lobby listing kept
//! incrementally, the counts of players online and games in progress, and the caps on rooms.
//!
//! Watchers of the lobby get the listing only when its rooms change, as a diff when that is
//! the smaller frame ([`ListingWatch`]), and the counts apart, at most once every
//! [`LobbyConfig::counts_every`]: a client that opens and closes connections changes the
//! count of players online, which reaches the watchers at that pace, never with the rooms.
//!
//! Rooms are loaded at start-up when live (waiting or playing) and on demand when an old link
//! is opened; finished rooms leave memory on their own (see [`crate::room::actor`]).
//!
//! Old games never take new games' room: a finished or closed room opened by a spectator is
//! shown from its stored record without a room task ([`crate::room::actor::send_record`]);
//! a player of a finished game who comes back gets it in memory again, among the finished
//! rooms, which have a cap of their own ([`LobbyConfig::max_finished_rooms`], the least
//! recently used leaves first). [`LobbyConfig::max_rooms`] counts live rooms only, and
//! on-demand loads of live rooms stop a tenth short of it, so new games keep headroom; so do
//! the loads at start-up (games in progress first, then the newest invitations). The
//! rooms a connection has open are counted per address ([`Lobby::watch`]).

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use protocol::{
    ErrorCode, ListingDiff, PromotionRule, RoomId, RoomSummary, SeatChoice, ServerMsg, TimeControl,
};
use rules::{Color, Position, Rules};
use tokio::sync::{Notify, mpsc, watch};

use crate::address::AddressKey;
use crate::clock::ServerClock;
use crate::cluster::{BusMsg, Cluster, ClusterConfig, ClusterError, ClusterEvent, Listed, Owner};
use crate::ids::random_room_id;
use crate::metrics::Metrics;
use crate::outbox::{Frame, frame};
use crate::rate::{AddressRates, RateConfig};
use crate::relay::{Relay, RelayHost};
use crate::room::{
    Refusal, Room, RoomCmd, RoomConfig, RoomEnv, RoomHost, RoomStatus, Start, actor::Subscriber,
    hash_secret,
};
use crate::store::{Phase, RoomMeta, Store, StoreError, StoredRoom};

/// Why the lobby did not open.
#[derive(Debug)]
pub enum OpenError {
    /// The store cannot be read.
    Store(StoreError),
    /// Redis cannot be reached (several nodes).
    Cluster(ClusterError),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Store(e) => write!(f, "{e}"),
            OpenError::Cluster(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OpenError {}

/// This server's part in a cluster of nodes.
struct Nodes {
    cluster: Arc<Cluster>,
    relay: Arc<Relay>,
    /// One resynchronisation at a time.
    resync: tokio::sync::Mutex<()>,
    /// Set once the first resynchronisation has adopted the live rooms nobody owned when this
    /// node started.
    started: std::sync::atomic::AtomicBool,
}

/// Where a room's commands go.
enum Target {
    /// The room's task here.
    Local(mpsc::Sender<Box<RoomCmd>>),
    /// The room's owner, another node.
    Remote(crate::cluster::NodeId),
    /// Nowhere: the room is not in memory (nor owned by another node).
    Nowhere,
}

/// What the listing shows of a room with `status` (`None` when it is not listed).
fn listing_entry(id: &RoomId, status: Option<&RoomStatus>) -> Option<Listed> {
    let s = status?;
    let open_seat = s.open_seat?;
    s.listed.then(|| Listed {
        created_ms: s.created_ms,
        summary: RoomSummary {
            id: id.clone(),
            open_seat,
            promotion: s.promotion,
            clock: s.clock,
            rated: s.rated,
            seeker: s.seeker.clone(),
            rating_range: s.rating_range,
        },
    })
}

pub use crate::room::actor::ConnId;

/// Records the outcome of a probe of the store (`None`: it answered), logging the turns
/// from answering to failing and back.
fn record_probe(probed: &Mutex<Option<String>>, failure: Option<String>) {
    let mut latest = probed.lock().unwrap_or_else(PoisonError::into_inner);
    match (&*latest, &failure) {
        (None, Some(e)) => tracing::error!("the lobby database does not answer: {e}"),
        (Some(_), None) => tracing::info!("the lobby database answers again"),
        _ => {}
    }
    *latest = failure;
}

/// Commands waiting for one room's task at most.
const ROOM_QUEUE: usize = 256;
/// Public rooms shown in the listing at most.
const LISTING_LEN: usize = 50;
/// How long listing changes are gathered before one update goes out: the listing is published
/// at most once per this, so a watcher gets at most one listing frame per this (besides the
/// full listing when it starts watching), however fast rooms come and go. A room created and
/// cancelled within it never reaches the watchers.
pub const LISTING_COALESCE: Duration = Duration::from_millis(250);
/// How often the counts (players online, games in progress) go to the lobby's watchers at
/// most, and to the other nodes ([`LobbyConfig::counts_every`] unless told otherwise). A
/// count frame is about 60 bytes: at most 12 bytes a second per watcher, however fast
/// connections come and go.
pub const COUNTS_EVERY: Duration = Duration::from_secs(5);
/// The shortest [`LobbyConfig::counts_every`] taken (a shorter one is this).
const COUNTS_EVERY_MIN: Duration = Duration::from_millis(10);
/// How often the server stamps its liveness in the store.
const ALIVE_EVERY: Duration = Duration::from_secs(1);
/// How often the store is probed ([`Store::probe`]) unless told otherwise
/// ([`LobbyConfig::store_probe_every`]).
pub const STORE_PROBE_EVERY: Duration = Duration::from_secs(5);
/// The shortest [`LobbyConfig::store_probe_every`] taken.
const STORE_PROBE_EVERY_MIN: Duration = Duration::from_millis(10);
/// How long a probe of the store may take before the store counts as not answering.
pub const STORE_PROBE_TIMEOUT: Duration = Duration::from_secs(10);
/// How often the store's cancelled, expired and aborted rooms, and the API's expired
/// challenges, are purged (also at start-up).
const PURGE_EVERY: Duration = Duration::from_secs(3600);

/// [`LobbyConfig::max_rooms`] unless told otherwise.
pub const DEFAULT_MAX_ROOMS: usize = 200_000;
/// [`LobbyConfig::max_rooms_per_address`] unless told otherwise.
pub const DEFAULT_MAX_ROOMS_PER_ADDRESS: u32 = 20;
/// [`LobbyConfig::max_finished_rooms`] unless told otherwise.
pub const DEFAULT_MAX_FINISHED_ROOMS: usize = 20_000;
/// [`LobbyConfig::max_watched_per_address`] unless told otherwise.
pub const DEFAULT_MAX_WATCHED_PER_ADDRESS: u32 = 256;
/// [`LobbyConfig::max_seeks_per_player`] unless told otherwise.
pub const DEFAULT_MAX_SEEKS_PER_PLAYER: u32 = 3;

/// What the creator of a room asks for ([`protocol::ClientMsg::CreateRoom`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewRoom {
    /// The creator's seat.
    pub seat: SeatChoice,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
    /// Listed in the lobby (a seek).
    pub public: bool,
    /// A rated game.
    pub rated: bool,
    /// The ratings that may take the free seat.
    pub rating_range: Option<protocol::RatingRange>,
}

/// What a room refused for an unknown room says.
const NO_SUCH_ROOM: &str = "no such room: check the invite link";
/// What a client hears of a room whose stored record does not read.
const DAMAGED: &str = "this room's record is damaged and cannot be opened";

/// The key under which an address's rooms are counted (the rooms it created, the rooms its
/// connections have open): [`AddressKey`], an IPv4 address or an IPv6 `/64`.
#[must_use]
pub fn address_key(addr: IpAddr) -> AddressKey {
    AddressKey::of(addr)
}

/// Counts of rooms open per address key.
type OpenCounts = Arc<Mutex<HashMap<AddressKey, u32>>>;

/// One room a connection has open (joined or created), counted against its address's cap
/// on rooms watched ([`LobbyConfig::max_watched_per_address`]) until dropped.
#[derive(Debug)]
pub struct WatchTicket {
    counted: Option<(OpenCounts, AddressKey)>,
}

impl WatchTicket {
    /// A ticket counted nowhere (a room created by the connection: the cap on rooms per
    /// address counts those).
    #[must_use]
    pub fn uncounted() -> WatchTicket {
        WatchTicket { counted: None }
    }
}

impl Drop for WatchTicket {
    fn drop(&mut self) {
        if let Some((counts, key)) = self.counted.take() {
            let mut counts = counts
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(n) = counts.get_mut(&key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    counts.remove(&key);
                }
            }
        }
    }
}

/// Settings of the lobby: its rooms' time rules and the caps on rooms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LobbyConfig {
    /// The time rules of every room (countdown, listing, invitations, finished rooms).
    pub room: RoomConfig,
    /// Live rooms (waiting or playing) in memory at most: a new room is refused at the cap,
    /// and a live room loaded on demand (an old link of a game not in memory) a tenth short
    /// of it, so new games keep headroom.
    pub max_rooms: usize,
    /// Finished or closed rooms in memory at most (players back at a finished game, for a
    /// rematch or a review); at the cap the least recently used one leaves memory. At least 1.
    pub max_finished_rooms: usize,
    /// Open rooms (waiting or playing, rematches included) created from one address at most;
    /// on a node of several, on all the live nodes together ([`Cluster::admit_address`]).
    pub max_rooms_per_address: u32,
    /// Rooms joined (watched or played) at once by the connections of one address at most,
    /// on this server.
    pub max_watched_per_address: u32,
    /// Seeks (public rooms listed, waiting for an opponent) of one signed-in player at most
    /// ([`DEFAULT_MAX_SEEKS_PER_PLAYER`]); counted over this node's rooms and the rooms the
    /// other nodes list. Anonymous players are bounded by [`LobbyConfig::max_rooms_per_address`].
    pub max_seeks_per_player: u32,
    /// How often the counts go to the lobby's watchers (and to the other nodes) at most, when
    /// they changed ([`COUNTS_EVERY`]; at least 10 ms).
    pub counts_every: Duration,
    /// The rate limits of each client address ([`crate::rate`]).
    pub rates: RateConfig,
    /// How often the quick-pairing pools pair their players ([`crate::pairing::DEFAULT_WAVE`];
    /// at least [`crate::pairing::MIN_WAVE`]).
    pub pool_wave: Duration,
    /// How often the store is probed ([`Store::probe`]: is the database still there, does
    /// it answer) for [`Lobby::health`], writes or not ([`STORE_PROBE_EVERY`]; at least
    /// 10 ms).
    pub store_probe_every: Duration,
}

impl Default for LobbyConfig {
    fn default() -> LobbyConfig {
        LobbyConfig {
            room: RoomConfig::default(),
            max_rooms: DEFAULT_MAX_ROOMS,
            max_finished_rooms: DEFAULT_MAX_FINISHED_ROOMS,
            max_rooms_per_address: DEFAULT_MAX_ROOMS_PER_ADDRESS,
            max_watched_per_address: DEFAULT_MAX_WATCHED_PER_ADDRESS,
            max_seeks_per_player: DEFAULT_MAX_SEEKS_PER_PLAYER,
            counts_every: COUNTS_EVERY,
            rates: RateConfig::default(),
            store_probe_every: STORE_PROBE_EVERY,
            pool_wave: crate::pairing::DEFAULT_WAVE,
        }
    }
}

struct Entry {
    tx: mpsc::Sender<Box<RoomCmd>>,
    generation: u64,
    status: Option<RoomStatus>,
    /// The address key whose cap this room counts against while it is live.
    owner: Option<AddressKey>,
    /// Finished or closed (as last reported).
    done: bool,
    /// Its place among the finished rooms by last use (`None` when live, or evicted).
    lru: Option<u64>,
}

/// A seek's place under its player's cap while its room is made ([`Lobby::pend_seek`]).
struct PendingSeek<'a> {
    lobby: &'a Lobby,
    user: protocol::user::UserId,
    room: RoomId,
    /// The room is made: the place stays counted until it is listed.
    keep: bool,
}

impl Drop for PendingSeek<'_> {
    fn drop(&mut self) {
        if !self.keep
            && let Ok(mut reg) = self.lobby.registry.lock()
        {
            reg.unpend_seek(&self.user, &self.room);
        }
    }
}

/// How long a seek being created counts against its player's cap before it is listed, at
/// most (ms): a creation that never lists its room gives its place back by then.
const PENDING_SEEK_MS: u64 = 10_000;

#[derive(Default)]
struct Registry {
    rooms: HashMap<RoomId, Entry>,
    /// Listed rooms, newest first.
    listed: BTreeMap<(Reverse<u64>, RoomId), RoomSummary>,
    /// The listed rooms of each signed-in seeker (kept with [`Registry::listed`]), for
    /// [`LobbyConfig::max_seeks_per_player`].
    seeks: HashMap<protocol::user::UserId, u32>,
    /// The seeks being created of each player (room id, since when in ms), counted with
    /// [`Registry::seeks`] until they are listed (or fail, or [`PENDING_SEEK_MS`] passes), so
    /// that creations racing one another cannot pass the cap together.
    pending_seeks: HashMap<protocol::user::UserId, Vec<(RoomId, u64)>>,
    games: u32,
    per_address: HashMap<AddressKey, u32>,
    /// Rooms in memory that are finished or closed.
    done: usize,
    /// The finished rooms not yet evicted, least recently used first.
    finished: BTreeMap<u64, RoomId>,
    /// The last use stamp given.
    tick: u64,
    /// Set on a node of several: the open-room counts per address are shared in Redis.
    shares_addresses: bool,
    /// The addresses whose open-room count changed since it was last written to Redis (kept
    /// only when [`Registry::shares_addresses`]).
    addresses_changed: HashSet<AddressKey>,
    /// Every address's count must be written again (after a resynchronisation).
    addresses_resync: bool,
}

impl Registry {
    /// Forgets `room` among `user`'s seeks being created.
    fn unpend_seek(&mut self, user: &protocol::user::UserId, room: &RoomId) {
        if let std::collections::hash_map::Entry::Occupied(mut e) =
            self.pending_seeks.entry(user.clone())
        {
            e.get_mut().retain(|(r, _)| r != room);
            if e.get().is_empty() {
                e.remove();
            }
        }
    }

    /// Rooms in memory that are live (or not yet read).
    fn live(&self) -> usize {
        self.rooms.len().saturating_sub(self.done)
    }

    /// Marks a finished room in memory as just used.
    fn touch(&mut self, id: &RoomId) {
        let Some(e) = self.rooms.get_mut(id) else {
            return;
        };
        if let Some(t) = e.lru {
            self.finished.remove(&t);
            self.tick += 1;
            e.lru = Some(self.tick);
            self.finished.insert(self.tick, id.clone());
        }
    }

    /// Takes the least recently used finished rooms out of the order until at most `cap`
    /// remain; answers their channels (each must be told to leave memory).
    fn over_cap(&mut self, cap: usize) -> Vec<mpsc::Sender<Box<RoomCmd>>> {
        let mut out = Vec::new();
        while self.finished.len() > cap {
            let Some((_, id)) = self.finished.pop_first() else {
                break;
            };
            if let Some(e) = self.rooms.get_mut(&id) {
                e.lru = None;
                out.push(e.tx.clone());
            }
        }
        out
    }

    fn release_owner(&mut self, owner: Option<AddressKey>) {
        if let Some(addr) = owner
            && let Some(n) = self.per_address.get_mut(&addr)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_address.remove(&addr);
            }
            self.address_changed(addr);
        }
    }

    /// Notes that `addr`'s open-room count is to be written to Redis again.
    fn address_changed(&mut self, addr: AddressKey) {
        if self.shares_addresses {
            self.addresses_changed.insert(addr);
        }
    }

    /// Applies a room's new status to the listing and counts; `true` when the listing changed.
    fn update(&mut self, id: &RoomId, new: Option<RoomStatus>) -> bool {
        let Some(entry) = self.rooms.get_mut(id) else {
            return false;
        };
        let old = std::mem::replace(&mut entry.status, new.clone());
        let done = new.as_ref().is_some_and(|s| !s.phase.is_live());
        if done != entry.done {
            entry.done = done;
            if done {
                self.done += 1;
                self.tick += 1;
                entry.lru = Some(self.tick);
                self.finished.insert(self.tick, id.clone());
            } else {
                self.done = self.done.saturating_sub(1);
                if let Some(t) = entry.lru.take() {
                    self.finished.remove(&t);
                }
            }
        }
        let freed = match &new {
            Some(s) if s.phase.is_live() => None,
            _ => entry.owner.take(),
        };
        self.release_owner(freed);
        let key = |s: &RoomStatus| (Reverse(s.created_ms), id.clone());
        let mut changed = false;
        if let Some(o) = old {
            if o.listed {
                if let Some(summary) = self.listed.remove(&key(&o))
                    && let Some(k) = summary.seeker
                    && let std::collections::hash_map::Entry::Occupied(mut n) =
                        self.seeks.entry(k.username.id())
                {
                    *n.get_mut() = n.get().saturating_sub(1);
                    if *n.get() == 0 {
                        n.remove();
                    }
                }
                changed = true;
            }
            if o.phase == crate::store::Phase::Playing {
                self.games = self.games.saturating_sub(1);
                changed = true;
            }
        }
        if let Some(s) = new {
            if let Some(entry) = listing_entry(id, Some(&s)) {
                if let Some(k) = &entry.summary.seeker {
                    let user = k.username.id();
                    self.unpend_seek(&user, id);
                    *self.seeks.entry(user).or_default() += 1;
                }
                self.listed.insert(key(&s), entry.summary);
                changed = true;
            }
            if s.phase == crate::store::Phase::Playing {
                self.games += 1;
                changed = true;
            }
        }
        changed
    }
}

/// One version of the lobby listing as published to its watchers.
#[derive(Debug)]
struct Published {
    /// 0 for the empty listing at start; one more at each change of the rooms.
    version: u64,
    /// The rooms listed, newest first.
    rooms: Vec<RoomSummary>,
    /// [`ServerMsg::Lobby`]: the rooms in full.
    full: Frame,
    /// [`ServerMsg::LobbyDiff`] from the previous version, when it is smaller than `full`.
    diff: Option<Frame>,
}

impl Published {
    fn first() -> Published {
        Published {
            version: 0,
            rooms: Vec::new(),
            full: frame(&ServerMsg::Lobby { rooms: Vec::new() }),
            diff: None,
        }
    }

    /// The version after `self`, listing `rooms`.
    fn next(&self, rooms: Vec<RoomSummary>) -> Published {
        let full = frame(&ServerMsg::Lobby {
            rooms: rooms.clone(),
        });
        let diff = ListingDiff::between(&self.rooms, &rooms)
            .map(|d| frame(&ServerMsg::LobbyDiff(d)))
            .filter(|d| d.len() < full.len());
        Published {
            version: self.version + 1,
            rooms,
            full,
            diff,
        }
    }
}

/// What one connection receives of the lobby while it watches it ([`Lobby::watch_listing`]):
/// the full listing first, then each change of the rooms as a diff from the listing it was
/// sent last when that is the smaller frame (the full listing otherwise), at most one per
/// [`LISTING_COALESCE`], and the counts when they changed, at most once every
/// [`LobbyConfig::counts_every`]. A connection slow to write skips versions of the listing:
/// it gets a diff from the last one it was sent to the latest, made for it.
#[derive(Debug)]
pub struct ListingWatch {
    rooms: watch::Receiver<Arc<Published>>,
    counts: watch::Receiver<Frame>,
    /// The listing this connection was sent last (`None` until the first since it started
    /// watching).
    sent: Option<Arc<Published>>,
}

/// The frame that takes a client from `sent` (the listing it has, if any) to `now`: the diff
/// published with `now` when `sent` is the version before it, else a diff made from `sent`;
/// the full listing when there is no `sent`, no diff, or the diff is not the smaller frame.
fn listing_frame(sent: Option<&Published>, now: &Published) -> Frame {
    let Some(sent) = sent else {
        return now.full.clone();
    };
    if sent.version + 1 == now.version {
        return now.diff.clone().unwrap_or_else(|| now.full.clone());
    }
    ListingDiff::between(&sent.rooms, &now.rooms)
        .map(|d| frame(&ServerMsg::LobbyDiff(d)))
        .filter(|d| d.len() < now.full.len())
        .unwrap_or_else(|| now.full.clone())
}

impl ListingWatch {
    /// Starts over (the connection starts watching): the next frames are the full listing and
    /// the counts.
    pub fn restart(&mut self) {
        self.sent = None;
        self.rooms.mark_changed();
        self.counts.mark_changed();
    }

    /// Stops (the connection stops watching): lets go of the listing it was sent last, so
    /// that a connection that no longer watches holds no old version of the listing.
    pub fn stop(&mut self) {
        self.sent = None;
    }

    /// The next frame for the connection; `None` once the lobby is gone. Cancel-safe.
    pub async fn next(&mut self) -> Option<Frame> {
        tokio::select! {
            changed = self.rooms.changed() => {
                changed.ok()?;
                let now = self.rooms.borrow_and_update().clone();
                let f = listing_frame(self.sent.as_deref(), &now);
                self.sent = Some(now);
                Some(f)
            }
            changed = self.counts.changed() => {
                changed.ok()?;
                Some(self.counts.borrow_and_update().clone())
            }
        }
    }
}

/// The shared state of the online service.
pub struct Lobby {
    me: Weak<Lobby>,
    registry: Mutex<Registry>,
    store: Arc<dyn Store>,
    config: LobbyConfig,
    clock: ServerClock,
    /// Counters.
    pub metrics: Arc<Metrics>,
    /// The rate limits of every client address, across its connections.
    pub rates: AddressRates,
    listing: watch::Sender<Arc<Published>>,
    counts: watch::Sender<Frame>,
    dirty: Arc<Notify>,
    online: AtomicU64,
    next_conn: AtomicU64,
    next_generation: AtomicU64,
    last_alive_ms: Option<u64>,
    background: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// The failure of the latest probe of the store (`None`: it answered).
    probed: Arc<Mutex<Option<String>>>,
    /// Set when this server is a node of several.
    nodes: Option<Nodes>,
    /// Rooms open per address key (see [`Lobby::watch`]).
    watched: OpenCounts,
    /// The quick-pairing pools ([`crate::pairing`]).
    pub pools: crate::pairing::Pools,
    /// The API's event streams open here, by account ([`crate::api::events`]).
    pub account_events: Arc<crate::api::events::Hub>,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lobby")
    }
}

impl Lobby {
    /// Opens the lobby on `store`: reads the live rooms (each gets its task), and starts the
    /// listing publisher and the liveness stamp. With `cluster`, this server becomes a node of
    /// several: it joins the cluster and adopts the live rooms that no live node owns, instead
    /// of loading every live room. Must run inside a Tokio runtime.
    ///
    /// # Errors
    /// When the store cannot be read, or Redis cannot be reached. A room that cannot be read
    /// is skipped, logged and counted (`asean_rooms_skipped`).
    pub async fn open(
        store: Arc<dyn Store>,
        config: LobbyConfig,
        metrics: Arc<Metrics>,
        cluster: Option<ClusterConfig>,
        outbox_bytes: usize,
    ) -> Result<Arc<Lobby>, OpenError> {
        let clock = ServerClock::start();
        let joined = match &cluster {
            Some(c) => Some(Cluster::join(c, clock).await.map_err(OpenError::Cluster)?),
            None => None,
        };
        let last_alive_ms = store.last_alive_ms().await.map_err(OpenError::Store)?;
        let loaded = if joined.is_some() {
            crate::store::Loaded::default()
        } else {
            store.load_live().await.map_err(OpenError::Store)?
        };
        metrics.rooms_skipped.inc_by(loaded.skipped);
        let (listing, _) = watch::channel(Arc::new(Published::first()));
        let (counts, _) = watch::channel(frame(&ServerMsg::LobbyCounts {
            players_online: 0,
            games_in_progress: 0,
        }));
        let (cluster, events) = joined.unzip();
        let pools_cluster = cluster.clone();
        let relay_metrics = metrics.clone();
        let lobby = Arc::new_cyclic(|me: &Weak<Lobby>| Lobby {
            me: me.clone(),
            registry: Mutex::new(Registry {
                shares_addresses: cluster.is_some(),
                ..Registry::default()
            }),
            store,
            config,
            clock,
            metrics,
            rates: AddressRates::new(&config.rates),
            listing,
            counts,
            dirty: Arc::new(Notify::new()),
            online: AtomicU64::new(0),
            next_conn: AtomicU64::new(1),
            next_generation: AtomicU64::new(1),
            last_alive_ms,
            background: Mutex::new(Vec::new()),
            probed: Arc::new(Mutex::new(None)),
            nodes: cluster.map(|cluster| Nodes {
                relay: Arc::new(Relay::new(
                    cluster.clone(),
                    me.clone(),
                    relay_metrics,
                    outbox_bytes,
                )),
                cluster,
                resync: tokio::sync::Mutex::new(()),
                started: std::sync::atomic::AtomicBool::new(false),
            }),
            watched: OpenCounts::default(),
            pools: crate::pairing::Pools::new(
                match &pools_cluster {
                    Some(c) => crate::pairing::Registry::Redis(c.clone()),
                    None => crate::pairing::Registry::Memory(std::sync::Mutex::default()),
                },
                pools_cluster.as_ref().map(|c| c.me().clone()),
                config.pool_wave,
            ),
            account_events: Arc::default(),
        });
        // No more live rooms than the on-demand loads may reach (`load_cap`): games in progress
        // first (their players are coming back), then the newest invitations; the others stay
        // in the store and load when their link is opened and there is room.
        let mut rooms = loaded.rooms;
        let cap = lobby.load_cap();
        let left = rooms.len().saturating_sub(cap);
        if left > 0 {
            rooms.reverse();
            rooms.sort_by_key(|r| r.phase != crate::store::Phase::Playing);
            rooms.truncate(cap);
        }
        let count = rooms.len();
        for room in rooms {
            lobby.spawn_room(Start::Stored(room), None);
        }
        if count > 0 || loaded.skipped > 0 {
            tracing::info!("restored {count} live rooms ({} skipped)", loaded.skipped);
        }
        if left > 0 {
            tracing::warn!(
                "{left} more live rooms stay in the store: past --max-rooms less its headroom \
                 ({cap}); each loads when its link is opened and there is room"
            );
        }
        let publisher = {
            let me = Arc::downgrade(&lobby);
            let dirty = lobby.dirty.clone();
            tokio::spawn(async move {
                loop {
                    dirty.notified().await;
                    tokio::time::sleep(LISTING_COALESCE).await;
                    let Some(l) = me.upgrade() else { break };
                    l.publish_rooms();
                }
            })
        };
        let counter = {
            let me = Arc::downgrade(&lobby);
            let mut every = tokio::time::interval(config.counts_every.max(COUNTS_EVERY_MIN));
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tokio::spawn(async move {
                loop {
                    every.tick().await;
                    let Some(l) = me.upgrade() else { break };
                    let (online, games) = l.publish_counts();
                    if let Some(n) = &l.nodes {
                        n.cluster.set_counts(online, games).await;
                    }
                }
            })
        };
        let stamper = {
            let store = lobby.store.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(ALIVE_EVERY);
                loop {
                    every.tick().await;
                    store.stamp_alive(clock.now_ms());
                }
            })
        };
        let purger = {
            let store = lobby.store.clone();
            let metrics = lobby.metrics.clone();
            tokio::spawn(async move {
                // The first tick is at once: a purge at start-up, then every hour.
                let mut every = tokio::time::interval(PURGE_EVERY);
                loop {
                    every.tick().await;
                    match store.purge(clock.now_ms()).await {
                        Ok(0) => {}
                        Ok(n) => {
                            metrics.rooms_purged.inc_by(n);
                            tracing::info!("purged {n} cancelled, expired or aborted rooms");
                        }
                        Err(e) => tracing::warn!("rooms not purged: {e}"),
                    }
                    // The API's challenges past their expiry (answered or not).
                    match store.purge_challenges(clock.now_ms()).await {
                        Ok(0) => {}
                        Ok(n) => {
                            metrics.challenges_purged.inc_by(n);
                            tracing::info!("purged {n} expired challenges");
                        }
                        Err(e) => tracing::warn!("challenges not purged: {e}"),
                    }
                }
            })
        };
        let prober = {
            let store = lobby.store.clone();
            let probed = lobby.probed.clone();
            let mut every =
                tokio::time::interval(config.store_probe_every.max(STORE_PROBE_EVERY_MIN));
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tokio::spawn(async move {
                loop {
                    every.tick().await;
                    let failure =
                        match tokio::time::timeout(STORE_PROBE_TIMEOUT, store.probe()).await {
                            Ok(Ok(())) => None,
                            Ok(Err(e)) => Some(e.to_string()),
                            Err(_) => Some(format!(
                                "no answer to a probe within {STORE_PROBE_TIMEOUT:?}"
                            )),
                        };
                    record_probe(&probed, failure);
                }
            })
        };
        let pairer = {
            let me = Arc::downgrade(&lobby);
            let mut every = tokio::time::interval(lobby.pools.wave());
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tokio::spawn(async move {
                loop {
                    every.tick().await;
                    let Some(l) = me.upgrade() else { break };
                    l.pools.tick(&l).await;
                    l.metrics
                        .pool_waiting
                        .set(i64::try_from(l.pools.waiting_here()).unwrap_or(i64::MAX));
                }
            })
        };
        let mut tasks = vec![publisher, counter, stamper, purger, prober, pairer];
        if let Some(events) = events {
            tasks.push(tokio::spawn(run_cluster_events(
                Arc::downgrade(&lobby),
                events,
            )));
            tasks.push(tokio::spawn(run_address_sync(Arc::downgrade(&lobby))));
        }
        if let Ok(mut bg) = lobby.background.lock() {
            bg.extend(tasks);
        }
        lobby.dirty.notify_one();
        Ok(lobby)
    }

    /// The time on the lobby's clock, in ms since the Unix epoch.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Starts a room the pools just wrote with both seats taken ([`crate::pairing`]).
    pub fn start_paired(&self, room: StoredRoom) {
        RoomHost::spawn(self, Start::Stored(room), None);
    }

    /// Starts a room just written for `owner` (an open challenge of the API), counted among
    /// the address's rooms as a room made on the WebSocket is; admit it first with
    /// [`RoomHost::admit_room`].
    pub fn start_owned(&self, room: StoredRoom, owner: AddressKey) {
        RoomHost::spawn(self, Start::Stored(room), Some(owner));
    }

    /// Sends `event` to the event streams of account `user` ([`crate::api::events`]).
    /// On several nodes the line crosses the bus to every other node
    /// ([`BusMsg::AccountEvent`]), whose streams of the account get it too.
    pub fn account_event(&self, user: &protocol::user::UserId, event: &serde_json::Value) {
        let line = event.to_string();
        self.account_events.publish_line(user, &line);
        let Some(n) = &self.nodes else {
            return;
        };
        let (cluster, metrics) = (n.cluster.clone(), self.metrics.clone());
        let msg = BusMsg::AccountEvent {
            user: user.clone(),
            line,
        };
        tokio::spawn(async move {
            let others = match cluster.others().await {
                Ok(o) => o,
                Err(e) => {
                    tracing::warn!("an account event not sent to the other nodes: {e}");
                    return;
                }
            };
            for node in others {
                match cluster.send(&node, &msg).await {
                    Ok(()) => {
                        metrics.bus_sent.inc();
                    }
                    Err(e) => tracing::warn!("an account event not sent to node {node}: {e}"),
                }
            }
        });
    }

    /// The store the lobby writes to (accounts share it).
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// This node's cluster, when it is one of several.
    #[must_use]
    pub fn cluster(&self) -> Option<&Arc<Cluster>> {
        self.nodes.as_ref().map(|n| &n.cluster)
    }

    /// Takes over `room` (its owner died, or nobody owned it), unless it is in memory here.
    fn adopt(&self, room: RoomId, alive_ms: Option<u64>) {
        let known = self
            .registry
            .lock()
            .is_ok_and(|reg| reg.rooms.contains_key(&room));
        if !known {
            tracing::info!("room {room}: taken over by this node");
            self.metrics.rooms_adopted.inc();
            self.spawn_room(Start::TakeOver { id: room, alive_ms }, None);
        }
    }

    /// After the bus reconnected or this node's lease lapsed: every connection across nodes
    /// reconnects, the rooms in memory are claimed again (those another node took are dropped
    /// without writing), this node's listing is written again, and live rooms that nobody
    /// owns are adopted.
    async fn resync(&self) {
        let Some(nodes) = &self.nodes else { return };
        let _one = nodes.resync.lock().await;
        self.metrics.resyncs.inc();
        if let Err(e) = nodes.cluster.renew().await {
            tracing::warn!("lease not renewed before resynchronising: {e}");
        }
        nodes.relay.resync();
        if let Ok(mut reg) = self.registry.lock() {
            reg.addresses_resync = true;
        }
        let ids: Vec<RoomId> = self
            .registry
            .lock()
            .map(|reg| reg.rooms.keys().cloned().collect())
            .unwrap_or_default();
        for room in nodes.cluster.reclaim(ids).await {
            let tx = self
                .registry
                .lock()
                .ok()
                .and_then(|reg| reg.rooms.get(&room).map(|e| e.tx.clone()));
            if let Some(tx) = tx {
                let _ = tx.send(Box::new(RoomCmd::Relinquish)).await;
            }
        }
        let listed: Vec<(RoomId, Listed)> = self
            .registry
            .lock()
            .map(|reg| {
                reg.rooms
                    .iter()
                    .filter_map(|(id, e)| Some((id.clone(), listing_entry(id, e.status.as_ref())?)))
                    .collect()
            })
            .unwrap_or_default();
        if let Err(e) = nodes.cluster.set_listing(listed).await {
            tracing::warn!("listing not shared again: {e}");
        }
        let live = match self.store.load_live().await {
            Ok(l) => l,
            Err(e) => {
                tracing::error!("live rooms not read for adoption: {e}");
                return;
            }
        };
        for room in live.rooms {
            let id = room.meta.id;
            let known = self
                .registry
                .lock()
                .is_ok_and(|reg| reg.rooms.contains_key(&id));
            if known {
                continue;
            }
            match nodes.cluster.claim(&id).await {
                Ok(Owner::Me) => self.adopt(id, Some(self.unowned_alive_ms())),
                Ok(Owner::Other(_)) => {}
                Err(e) => {
                    tracing::warn!("adoption of live rooms stopped: {e}");
                    return;
                }
            }
        }
        nodes
            .started
            .store(true, std::sync::atomic::Ordering::Release);
    }

    /// Up to when a running clock of a live room that nobody owns is charged, when this node
    /// takes it: until this node's first resynchronisation has adopted such rooms, the last
    /// sign of life found in the store at start-up (the whole cluster may have been down, and
    /// Redis with it: the downtime is charged to nobody, as on a single server); later, now.
    fn unowned_alive_ms(&self) -> u64 {
        let now = self.clock.now_ms();
        let started = self
            .nodes
            .as_ref()
            .is_none_or(|n| n.started.load(std::sync::atomic::Ordering::Acquire));
        match self.last_alive_ms {
            Some(at) if !started => at.min(now),
            _ => now,
        }
    }

    /// Stops the background tasks, leaves the cluster (its rooms go to the other nodes at
    /// once) and closes the store (queued writes are finished first).
    pub async fn close(&self) {
        if let Ok(mut bg) = self.background.lock() {
            for t in bg.drain(..) {
                t.abort();
            }
        }
        if let Some(n) = &self.nodes {
            n.cluster.leave().await;
        }
        self.store.close().await;
    }

    /// `Ok` while the store's writes succeed and its latest probe ([`Store::probe`], every
    /// [`LobbyConfig::store_probe_every`]) answered.
    ///
    /// # Errors
    /// What is wrong, as text: `the store fails to write: …` with the latest write failure
    /// (or that the store is closed), or `the store does not answer: …` with the probe's.
    pub fn health(&self) -> Result<(), String> {
        self.store
            .health()
            .map_err(|e| format!("the store fails to write: {e}"))?;
        match &*self.probed.lock().unwrap_or_else(PoisonError::into_inner) {
            None => Ok(()),
            Some(e) => Err(format!("the store does not answer: {e}")),
        }
    }

    fn env(&self) -> Option<RoomEnv> {
        let host: Arc<dyn RoomHost> = self.me.upgrade()?;
        Some(RoomEnv {
            store: self.store.clone(),
            config: self.config.room,
            clock: self.clock,
            metrics: self.metrics.clone(),
            host,
            last_alive_ms: self.last_alive_ms,
            fenced: self.nodes.is_some(),
        })
    }

    /// A new connection's id; counts it online (the watchers see the count within
    /// [`LobbyConfig::counts_every`]).
    pub fn connect(&self) -> ConnId {
        self.online.fetch_add(1, Ordering::Relaxed);
        self.metrics.connections.inc();
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A number for a stand-in of another node's connection (not counted online here: its
    /// own node counts it).
    pub fn conn_id(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Connection `conn` closed.
    pub fn disconnect(&self, conn: ConnId) {
        if let Some(n) = &self.nodes {
            n.relay.disconnect(conn);
        }
        self.online.fetch_sub(1, Ordering::Relaxed);
        self.metrics.connections.dec();
    }

    /// What a connection receives of the lobby while it watches it: call
    /// [`ListingWatch::restart`] when it starts watching.
    #[must_use]
    pub fn watch_listing(&self) -> ListingWatch {
        ListingWatch {
            rooms: self.listing.subscribe(),
            counts: self.counts.subscribe(),
            sent: None,
        }
    }

    /// Publishes the listing (of the whole cluster on a node) when its rooms changed.
    fn publish_rooms(&self) {
        let Ok(reg) = self.registry.lock() else {
            return;
        };
        self.metrics.games.set(i64::from(reg.games));
        let rooms: Vec<RoomSummary> = match &self.nodes {
            None => reg.listed.values().take(LISTING_LEN).cloned().collect(),
            Some(n) => {
                let local = reg.listed.iter().map(|((at, _), s)| (at.0, s.clone()));
                crate::cluster::merge_listing(local, n.cluster.remote_listing(), LISTING_LEN)
            }
        };
        drop(reg);
        self.listing.send_if_modified(|cur| {
            if cur.rooms == rooms {
                false
            } else {
                *cur = Arc::new(cur.next(rooms));
                true
            }
        });
    }

    /// Publishes the counts (of the whole cluster on a node) when they changed; answers this
    /// server's own counts (players online, games in progress).
    fn publish_counts(&self) -> (u64, u32) {
        let online = self.online.load(Ordering::Relaxed);
        let games = self.registry.lock().map_or(0, |reg| reg.games);
        let (o, g) = self
            .nodes
            .as_ref()
            .map_or((0, 0), |n| n.cluster.remote_counts());
        let f = frame(&ServerMsg::LobbyCounts {
            players_online: u32::try_from(online.saturating_add(o)).unwrap_or(u32::MAX),
            games_in_progress: games.saturating_add(g),
        });
        self.counts.send_if_modified(|cur| {
            if *cur == f {
                false
            } else {
                *cur = f;
                true
            }
        });
        (online, games)
    }

    fn spawn_room(
        &self,
        start: Start,
        owner: Option<AddressKey>,
    ) -> Option<mpsc::Sender<Box<RoomCmd>>> {
        self.spawn_counted(start, owner, false)
    }

    /// Counts a room of `owner` before it is opened (see [`Lobby::create_room`] on several
    /// nodes), so that a count written to Redis meanwhile includes it; the room must then be
    /// spawned with `counted`, or the count released ([`Registry::release_owner`]).
    /// Answers the owner's count with it.
    fn reserve(&self, owner: Option<AddressKey>) -> u32 {
        match (owner, self.registry.lock()) {
            (Some(addr), Ok(mut reg)) => {
                let n = reg.per_address.entry(addr).or_default();
                *n += 1;
                let n = *n;
                reg.address_changed(addr);
                n
            }
            _ => 0,
        }
    }

    /// Gives back a count [`Lobby::reserve`] took for a room that is not opened.
    fn unreserve(&self, owner: Option<AddressKey>) {
        if let Ok(mut reg) = self.registry.lock() {
            reg.release_owner(owner);
        }
    }

    /// [`Lobby::spawn_room`]; `counted`: the owner's count already includes the room
    /// ([`Lobby::reserve`]).
    fn spawn_counted(
        &self,
        start: Start,
        owner: Option<AddressKey>,
        counted: bool,
    ) -> Option<mpsc::Sender<Box<RoomCmd>>> {
        let Some(env) = self.env() else {
            if counted {
                self.unreserve(owner);
            }
            return None;
        };
        let id = start.id().clone();
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let generation = self.next_generation.fetch_add(1, Ordering::Relaxed);
        {
            let mut reg = self.registry.lock().ok()?;
            if let Some(e) = reg.rooms.get(&id) {
                // Only a load can meet an entry (new ids are random): that task serves it.
                let tx = e.tx.clone();
                if counted {
                    reg.release_owner(owner);
                }
                return Some(tx);
            }
            if let Some(addr) = owner
                && !counted
            {
                *reg.per_address.entry(addr).or_default() += 1;
                reg.address_changed(addr);
            }
            reg.rooms.insert(
                id,
                Entry {
                    tx: tx.clone(),
                    generation,
                    status: None,
                    owner,
                    done: false,
                    lru: None,
                },
            );
        }
        tokio::spawn(crate::room::run(start, rx, env, generation));
        Some(tx)
    }

    /// Creates a room with the creator seated; its task stores it, then sends `Seated` and a
    /// snapshot to the creator.
    ///
    /// A public room of a signed-in creator is a seek: it is listed with their name and their
    /// rating for the room's speed, and counts against [`LobbyConfig::max_seeks_per_player`].
    ///
    /// # Errors
    /// [`Refusal`] for a cap reached ([`ErrorCode::TooManyRooms`]) (a time control is within
    /// its bounds by its type); a rated room or a rating range without a time control, a
    /// rating range out of bounds or of order ([`ErrorCode::InvalidSettings`]); either from an
    /// anonymous player ([`ErrorCode::SignInRequired`]); a signed-in player with as many seeks
    /// waiting as allowed ([`ErrorCode::TooManySeeks`]).
    pub async fn create_room(&self, creator: Subscriber, new: NewRoom) -> Result<RoomId, Refusal> {
        let NewRoom {
            seat,
            promotion,
            clock,
            public,
            rated,
            rating_range,
        } = new;
        if rated && clock.is_none() {
            return Err(Refusal::new(
                ErrorCode::InvalidSettings,
                "a rated game needs a time control",
            ));
        }
        if rating_range.is_some() && clock.is_none() {
            return Err(Refusal::new(
                ErrorCode::InvalidSettings,
                "a rating range needs a time control (a rating is one of a speed)",
            ));
        }
        if let Some(Err(e)) = rating_range.map(protocol::RatingRange::checked) {
            return Err(Refusal::new(ErrorCode::InvalidSettings, e));
        }
        if rated && creator.user.is_none() {
            return Err(Refusal::new(
                ErrorCode::SignInRequired,
                "sign in to play rated games",
            ));
        }
        if rating_range.is_some() && creator.user.is_none() {
            self.metrics.seek_refused("range_anonymous");
            return Err(Refusal::new(
                ErrorCode::SignInRequired,
                "sign in to set a rating range",
            ));
        }
        let room_id = random_room_id();
        // A seek's place under its player's cap, held while the room is made (given back if
        // it is not).
        let mut pending = None;
        let seek = match (&creator.user, public) {
            (Some(user), true) => {
                pending = Some(self.pend_seek(user, &room_id)?);
                self.seek_terms(user, clock, rating_range).await?
            }
            // A private room's range still holds for its invitee.
            _ => crate::store::SeekTerms {
                seeker: None,
                rating_range,
                pool: false,
            },
        };
        let seat = match seat {
            SeatChoice::White => Color::White,
            SeatChoice::Black => Color::Black,
            SeatChoice::Random => {
                let mut b = [0u8; 1];
                let _ = getrandom::fill(&mut b);
                if b[0] & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        };
        let meta = RoomMeta {
            id: room_id,
            created_ms: self.clock.now_ms(),
            public,
            promotion,
            clock,
            initial_fen: Position::new(Rules { promotion }).fen(),
            rated,
            seek,
        };
        let owner = creator.addr.map(AddressKey::of);
        self.admit_room(owner)?;
        let id = meta.id.clone();
        // On several nodes the room is counted here first, before the waits on Redis: a count
        // of the address written meanwhile then includes it (an admission in Redis is never
        // undone by an older count), and creations racing here see it in the local check.
        let counted = self.nodes.is_some() && owner.is_some();
        if counted && self.reserve(owner) > self.config.max_rooms_per_address {
            // Another creation of the address took the last place since the check.
            self.unreserve(owner);
            return Err(too_many_rooms_per_address(
                self.config.max_rooms_per_address,
            ));
        }
        if let Some(n) = &self.nodes {
            if let Some(addr) = owner {
                match n
                    .cluster
                    .admit_address(addr, self.config.max_rooms_per_address)
                    .await
                {
                    Ok(true) => {}
                    Ok(false) => {
                        self.unreserve(owner);
                        tracing::info!(
                            "room refused: {addr} has {} open rooms on the nodes (the cap)",
                            self.config.max_rooms_per_address
                        );
                        return Err(too_many_rooms_per_address(
                            self.config.max_rooms_per_address,
                        ));
                    }
                    Err(e) => {
                        self.unreserve(owner);
                        tracing::error!("open rooms of {addr} not counted: {e}");
                        return Err(unreachable_cluster());
                    }
                }
            }
            // A new random id: nobody else claims it.
            let claimed = match n.cluster.claim(&id).await {
                Ok(Owner::Me) => Ok(()),
                Ok(Owner::Other(o)) => {
                    tracing::error!("new room {id} is already owned by node {o}");
                    Err(Refusal::new(ErrorCode::Internal, "try again"))
                }
                Err(e) => {
                    tracing::error!("room {id} not claimed: {e}");
                    Err(unreachable_cluster())
                }
            };
            if let Err(r) = claimed {
                // The room counted by the admission is not opened: the count is written again.
                self.unreserve(owner);
                return Err(r);
            }
        }
        self.spawn_counted(
            Start::New {
                meta,
                seat,
                creator,
            },
            owner,
            counted,
        )
        .ok_or_else(|| Refusal::new(ErrorCode::Internal, "the server is shutting down"))?;
        // The room is made: its place stays counted until it is listed.
        if let Some(p) = pending.as_mut() {
            p.keep = true;
        }
        Ok(id)
    }

    /// Holds a place under `user`'s cap of seeks for the seek `room` being created, after
    /// checking that they have fewer seeks waiting or being created than
    /// [`LobbyConfig::max_seeks_per_player`]; the place is given back when the guard drops,
    /// unless kept (the room is made: it stays counted until listed).
    fn pend_seek(
        &self,
        user: &protocol::user::Username,
        room: &RoomId,
    ) -> Result<PendingSeek<'_>, Refusal> {
        let id = user.id();
        let now = self.clock.now_ms();
        let remote = self
            .nodes
            .as_ref()
            .map_or(0, |n| n.cluster.remote_seeks(&id));
        let cap = self.config.max_seeks_per_player;
        let mut reg = self
            .registry
            .lock()
            .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
        let pending = reg.pending_seeks.entry(id.clone()).or_default();
        pending.retain(|(_, since)| now.saturating_sub(*since) < PENDING_SEEK_MS);
        let pending = pending.len();
        let local = reg.seeks.get(&id).map_or(0, |n| *n as usize);
        if local + pending + remote >= usize::try_from(cap).unwrap_or(usize::MAX) {
            if pending == 0 {
                reg.pending_seeks.remove(&id);
            }
            self.metrics.seek_refused("too_many_seeks");
            tracing::info!("seek refused: {user} has {cap} seeks waiting (the cap)");
            return Err(Refusal::new(
                ErrorCode::TooManySeeks,
                format!(
                    "you have {cap} seeks waiting, as many as allowed: cancel one or wait for \
                     an opponent"
                ),
            ));
        }
        reg.pending_seeks
            .entry(id.clone())
            .or_default()
            .push((room.clone(), now));
        Ok(PendingSeek {
            lobby: self,
            user: id,
            room: room.clone(),
            keep: false,
        })
    }

    /// The terms of a new seek of `user`: their rating for the speed of `clock`.
    async fn seek_terms(
        &self,
        user: &protocol::user::Username,
        clock: Option<TimeControl>,
        rating_range: Option<protocol::RatingRange>,
    ) -> Result<crate::store::SeekTerms, Refusal> {
        let id = user.id();
        let rating = match clock {
            None => None,
            Some(clock) => Some(
                crate::store::accounts::rated_in(&*self.store, &id, rating::Perf::of(clock))
                    .await
                    .map_err(|e| {
                        tracing::error!("the ratings of {user} not read: {e}");
                        Refusal::new(
                            ErrorCode::Internal,
                            "your rating could not be read: try again",
                        )
                    })?
                    .at(self.clock.now_ms()),
            ),
        };
        Ok(crate::store::SeekTerms {
            seeker: Some(protocol::Seeker {
                username: user.clone(),
                rating: rating.map(|g| u32::try_from(g.rounded()).unwrap_or(0)),
                provisional: rating.is_some_and(|g| g.provisional()),
            }),
            rating_range,
            pool: false,
        })
    }

    /// Delivers a command to a room's task. A join of a room not in memory opens it from the
    /// store ([`Lobby::open_stored`]); a room command to a room not in memory is refused as
    /// an unknown room (without loading it: the client joins again); an acknowledgement or a
    /// goodbye to a room that left memory is dropped.
    ///
    /// # Errors
    /// [`ErrorCode::UnknownRoom`] for a command to a room not in memory or a join of a room
    /// that does not exist, [`ErrorCode::TooManyRooms`] when a live room cannot be loaded
    /// (the cap), or [`ErrorCode::Internal`] when the room's task cannot be reached.
    pub async fn send(&self, id: &RoomId, cmd: RoomCmd) -> Result<(), Refusal> {
        let mut cmd = Box::new(cmd);
        for _ in 0..3 {
            match self.lookup(id, matches!(*cmd, RoomCmd::Join { .. }))? {
                Target::Nowhere => {
                    return match *cmd {
                        RoomCmd::Join { .. } => self.open_stored(id, *cmd).await,
                        RoomCmd::Command { .. } => Err(Refusal::new(
                            ErrorCode::UnknownRoom,
                            "this room is not open on the server now: join it again",
                        )),
                        _ => Ok(()),
                    };
                }
                Target::Remote(node) => {
                    let Some(n) = &self.nodes else {
                        return Ok(());
                    };
                    return n.relay.forward(node, id, *cmd).await;
                }
                Target::Local(tx) => match tx.send(cmd).await {
                    Ok(()) => return Ok(()),
                    // The task left memory between the lookup and the send: look up again.
                    Err(mpsc::error::SendError(c)) => cmd = c,
                },
            }
        }
        Err(Refusal::new(
            ErrorCode::Internal,
            "the room is not available right now",
        ))
    }

    /// Where a room's commands go now, without reading the store. A join of a closed room
    /// (cancelled or expired: nothing can happen in it any more) goes to its record
    /// ([`Target::Nowhere`]) even while the room is in memory, so that its spectators do not
    /// keep it there.
    fn lookup(&self, id: &RoomId, join: bool) -> Result<Target, Refusal> {
        let mut reg = self
            .registry
            .lock()
            .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
        if let Some(e) = reg.rooms.get(id)
            && join
            && e.status
                .as_ref()
                .is_some_and(|s| s.phase == crate::store::Phase::Closed)
        {
            return Ok(Target::Nowhere);
        }
        if let Some(tx) = reg.rooms.get(id).map(|e| e.tx.clone()) {
            reg.touch(id);
            return Ok(Target::Local(tx));
        }
        if let Some(n) = &self.nodes
            && let Some(owner) = n.relay.route(id)
        {
            return Ok(Target::Remote(owner));
        }
        Ok(Target::Nowhere)
    }

    /// The live rooms in memory past which none is loaded on demand: a tenth short of
    /// [`LobbyConfig::max_rooms`], the headroom of new games.
    fn load_cap(&self) -> usize {
        self.config.max_rooms - self.config.max_rooms / 10
    }

    /// Opens a room that is not in memory for a join: reads its record; a finished or closed
    /// room is shown to a spectator (anyone without its seat's secret) from the record, with
    /// no room task; a live room, or a finished one its player comes back to, gets its task
    /// (a live one only below [`Lobby::load_cap`]; a finished one among the finished rooms,
    /// evicting the least recently used past their cap).
    async fn open_stored(&self, id: &RoomId, cmd: RoomCmd) -> Result<(), Refusal> {
        let RoomCmd::Join {
            sub,
            secret,
            after,
            mode,
            joined,
        } = cmd
        else {
            return Ok(());
        };
        let stored = match self.store.load_room(id).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(Refusal::new(ErrorCode::UnknownRoom, NO_SUCH_ROOM)),
            Err(e) => {
                tracing::error!("room {id} not read: {e}");
                let corrupt = matches!(e, StoreError::Corrupt { .. });
                if corrupt {
                    self.metrics.rooms_skipped.inc();
                    return Err(Refusal::new(ErrorCode::Internal, DAMAGED));
                }
                return Err(Refusal::new(
                    ErrorCode::Internal,
                    "the room cannot be read right now: try again in a moment",
                ));
            }
        };
        let seated = secret.as_deref().is_some_and(|s| {
            let h = hash_secret(s);
            Color::ALL
                .into_iter()
                .any(|c| stored.secrets.get(c).as_ref() == Some(&h))
        });
        if !stored.phase.is_live() && !seated {
            let now = self.clock.now_ms();
            let room = Room::restore(stored, now, self.last_alive_ms).map_err(|e| {
                tracing::error!("room {id} skipped: {e}");
                self.metrics.rooms_skipped.inc();
                Refusal::new(ErrorCode::Internal, DAMAGED)
            })?;
            crate::room::actor::send_record(
                &room,
                &sub,
                after,
                secret.is_some(),
                now,
                &self.config.room,
            );
            if let Some(j) = joined {
                let _ = j.send(true);
            }
            self.metrics.records_served.inc();
            return Ok(());
        }
        if stored.phase.is_live() {
            let reg = self
                .registry
                .lock()
                .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
            if !reg.rooms.contains_key(id) && reg.live() >= self.load_cap() {
                tracing::warn!(
                    "room {id} not loaded: {} live rooms in memory (the cap less a tenth)",
                    reg.live()
                );
                return Err(Refusal::new(
                    ErrorCode::TooManyRooms,
                    "the server holds as many rooms as it can: try again in a minute",
                ));
            }
        }
        let cmd = RoomCmd::Join {
            sub,
            secret,
            after,
            mode,
            joined,
        };
        let start = match &self.nodes {
            None => Start::Stored(stored),
            Some(n) => match n.cluster.claim(id).await {
                Ok(Owner::Me) => Start::TakeOver {
                    id: id.clone(),
                    alive_ms: Some(self.unowned_alive_ms()),
                },
                Ok(Owner::Other(node)) => return n.relay.forward(node, id, cmd).await,
                Err(e) => {
                    tracing::warn!("owner of room {id} unknown: {e}");
                    return Err(unreachable_cluster());
                }
            },
        };
        // Two joins of the same unloaded room at once: the second finds the first's entry.
        let tx = self
            .spawn_room(start, None)
            .ok_or_else(|| Refusal::new(ErrorCode::Internal, "the server is shutting down"))?;
        tx.send(Box::new(cmd))
            .await
            .map_err(|_| Refusal::new(ErrorCode::Internal, "the room is not available right now"))
    }

    /// Counts one more room open on a connection from `addr` (joined to watch or to play),
    /// until the ticket is dropped.
    ///
    /// # Errors
    /// [`ErrorCode::TooManyRooms`] (counted in `asean_watches_refused`) when the connections
    /// of `addr` already have [`LobbyConfig::max_watched_per_address`] rooms open.
    pub fn watch(&self, addr: Option<IpAddr>) -> Result<WatchTicket, Refusal> {
        let Some(key) = addr.map(address_key) else {
            return Ok(WatchTicket::uncounted());
        };
        let mut counts = self
            .watched
            .lock()
            .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
        let n = counts.entry(key).or_default();
        if *n >= self.config.max_watched_per_address {
            drop(counts);
            self.metrics.watches_refused.inc();
            tracing::info!(
                "join refused: {key} has {} rooms open (the cap)",
                self.config.max_watched_per_address
            );
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                format!(
                    "at most {} rooms open at once from one address: leave one first",
                    self.config.max_watched_per_address
                ),
            ));
        }
        *n += 1;
        drop(counts);
        Ok(WatchTicket {
            counted: Some((self.watched.clone(), key)),
        })
    }
}

/// The refusal of a room over the cap of open rooms per address ([`LobbyConfig::max_rooms_per_address`]).
fn too_many_rooms_per_address(cap: u32) -> Refusal {
    Refusal::new(
        ErrorCode::TooManyRooms,
        format!("at most {cap} open rooms per player: finish or cancel one first"),
    )
}

/// The refusal when Redis does not answer.
fn unreachable_cluster() -> Refusal {
    Refusal::new(
        ErrorCode::Internal,
        "the servers cannot reach each other right now: try again in a moment",
    )
}

/// How often a node writes the open-room counts per address that changed to Redis.
const ADDRESS_SYNC_EVERY: Duration = Duration::from_millis(200);

/// Writes this node's open-room counts per address to Redis (see [`Cluster::admit_address`])
/// until the lobby goes away: those that changed, every [`ADDRESS_SYNC_EVERY`]; all of them
/// after a resynchronisation and every [`crate::cluster::ADDRESS_REFRESH`]. One writer, so a
/// count is never overwritten by an older one; what failed is written again next time.
async fn run_address_sync(lobby: Weak<Lobby>) {
    // The addresses with a count of this node in Redis (to be zeroed after a resync).
    let mut written: HashSet<AddressKey> = HashSet::new();
    let mut every = tokio::time::interval(ADDRESS_SYNC_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut refreshed = tokio::time::Instant::now();
    loop {
        every.tick().await;
        let Some(l) = lobby.upgrade() else { break };
        let Some(n) = &l.nodes else { break };
        let refresh = refreshed.elapsed() >= crate::cluster::ADDRESS_REFRESH;
        let batch: Vec<(AddressKey, u32)> = {
            let Ok(mut reg) = l.registry.lock() else {
                break;
            };
            if reg.addresses_resync || refresh {
                reg.addresses_resync = false;
                let all: Vec<AddressKey> = reg
                    .per_address
                    .keys()
                    .chain(written.iter())
                    .copied()
                    .collect();
                reg.addresses_changed.extend(all);
            }
            let changed = std::mem::take(&mut reg.addresses_changed);
            changed
                .into_iter()
                .map(|a| (a, reg.per_address.get(&a).copied().unwrap_or(0)))
                .collect()
        };
        if refresh {
            refreshed = tokio::time::Instant::now();
        }
        let mut left = batch.into_iter();
        while let Some((addr, rooms)) = left.next() {
            if let Err(e) = n.cluster.set_address_rooms(addr, rooms).await {
                tracing::warn!("open-room counts per address not shared: {e}");
                if let Ok(mut reg) = l.registry.lock() {
                    reg.addresses_changed.insert(addr);
                    reg.addresses_changed.extend(left.map(|(a, _)| a));
                }
                break;
            }
            if rooms == 0 {
                written.remove(&addr);
            } else {
                written.insert(addr);
            }
        }
    }
}

/// Hands the cluster's events to the lobby until either goes away.
async fn run_cluster_events(lobby: Weak<Lobby>, mut events: mpsc::Receiver<ClusterEvent>) {
    while let Some(event) = events.recv().await {
        let Some(l) = lobby.upgrade() else { break };
        let Some(nodes) = &l.nodes else { break };
        match event {
            ClusterEvent::Bus(BusMsg::Paired { ticket, room, seat }) => {
                l.metrics.bus_received.inc();
                l.pools.deliver(&ticket, &room, seat);
            }
            ClusterEvent::Bus(BusMsg::AccountEvent { user, line }) => {
                l.metrics.bus_received.inc();
                l.account_events.publish_line(&user, &line);
            }
            ClusterEvent::Bus(m) => {
                l.metrics.bus_received.inc();
                nodes.relay.receive(m);
            }
            ClusterEvent::NodeDead(node) => nodes.relay.node_dead(&node),
            ClusterEvent::Adopt { room, alive_ms } => l.adopt(room, alive_ms),
            ClusterEvent::Resync => {
                let l = l.clone();
                tokio::spawn(async move { l.resync().await });
            }
            ClusterEvent::LobbyChanged => l.dirty.notify_one(),
        }
    }
}

impl RelayHost for Lobby {
    fn conn_id(&self) -> ConnId {
        Lobby::conn_id(self)
    }

    fn deliver<'a>(
        &'a self,
        room: &'a RoomId,
        cmd: RoomCmd,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<(), Refusal>> + Send + 'a>> {
        Box::pin(self.send(room, cmd))
    }
}

impl RoomHost for Lobby {
    fn status_changed(&self, id: &RoomId, status: RoomStatus) {
        let Ok(mut reg) = self.registry.lock() else {
            return;
        };
        let before = reg
            .rooms
            .get(id)
            .and_then(|e| listing_entry(id, e.status.as_ref()));
        let after = listing_entry(id, Some(&status));
        let changed = reg.update(id, Some(status));
        let evict = reg.over_cap(self.config.max_finished_rooms);
        drop(reg);
        for tx in evict {
            self.metrics.rooms_evicted.inc();
            if let Err(mpsc::error::TrySendError::Full(cmd)) = tx.try_send(Box::new(RoomCmd::Evict))
            {
                tokio::spawn(async move {
                    let _ = tx.send(cmd).await;
                });
            }
        }
        if let Some(n) = &self.nodes
            && after != before
        {
            n.cluster.set_listed(id.clone(), after);
        }
        if changed {
            self.dirty.notify_one();
        }
    }

    fn game_phase(&self, id: &RoomId, phase: Phase, source: Option<&'static str>) {
        let Some(me) = self.me.upgrade() else {
            return;
        };
        let id = id.clone();
        tokio::spawn(async move {
            let now = me.now_ms();
            let lines = crate::api::events::game_lines(me.store(), &id, phase, source, now).await;
            for (user, line) in lines {
                me.account_event(&user, &line);
            }
        });
    }

    fn unloaded(&self, id: &RoomId, generation: u64) {
        let Ok(mut reg) = self.registry.lock() else {
            return;
        };
        let Some(entry) = reg.rooms.get(id).filter(|e| e.generation == generation) else {
            return;
        };
        let was_listed = listing_entry(id, entry.status.as_ref()).is_some();
        let changed = reg.update(id, None);
        if let Some(e) = reg.rooms.remove(id) {
            reg.release_owner(e.owner);
        }
        drop(reg);
        if let Some(n) = &self.nodes
            && was_listed
        {
            n.cluster.set_listed(id.clone(), None);
        }
        if changed {
            self.dirty.notify_one();
        }
    }

    fn redispatch(&self, id: RoomId, cmd: RoomCmd) {
        let Some(lobby) = self.me.upgrade() else {
            return;
        };
        tokio::spawn(async move {
            let reply = match &cmd {
                RoomCmd::Join { sub, .. } | RoomCmd::Command { sub, .. } => {
                    Some(sub.outbox.clone())
                }
                RoomCmd::Ack { .. }
                | RoomCmd::Leave { .. }
                | RoomCmd::Disconnect { .. }
                | RoomCmd::Relinquish
                | RoomCmd::Evict => None,
            };
            if let Err(r) = lobby.send(&id, cmd).await
                && let Some(outbox) = reply
            {
                outbox.send(&ServerMsg::error(r.code, r.message, Some(&id)));
            }
        });
    }

    fn admit_room(&self, owner: Option<AddressKey>) -> Result<(), Refusal> {
        let reg = self
            .registry
            .lock()
            .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
        if reg.live() >= self.config.max_rooms {
            tracing::warn!(
                "room refused: {} live rooms in memory (the cap)",
                reg.live()
            );
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                "the server holds as many rooms as it can: try again in a minute",
            ));
        }
        if let Some(addr) = owner
            && reg.per_address.get(&addr).copied().unwrap_or(0) >= self.config.max_rooms_per_address
        {
            tracing::info!(
                "room refused: {addr} has {} open rooms (the cap)",
                self.config.max_rooms_per_address
            );
            return Err(too_many_rooms_per_address(
                self.config.max_rooms_per_address,
            ));
        }
        Ok(())
    }

    fn release(&self, id: &RoomId) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>> {
        let cluster = self.nodes.as_ref().map(|n| n.cluster.clone());
        let id = id.clone();
        Box::pin(async move {
            if let Some(c) = cluster {
                c.release(&id).await;
            }
        })
    }

    fn spawn(&self, start: Start, owner: Option<AddressKey>) {
        let Some(n) = &self.nodes else {
            self.spawn_room(start, owner);
            return;
        };
        // A node claims the new room first (a new random id: the claim succeeds).
        let Some(lobby) = self.me.upgrade() else {
            return;
        };
        let cluster = n.cluster.clone();
        tokio::spawn(async move {
            let id = start.id().clone();
            match cluster.claim(&id).await {
                Ok(Owner::Me) => {
                    lobby.spawn_room(start, owner);
                }
                // Another node serves it when someone opens it.
                Ok(Owner::Other(_)) => {}
                Err(e) => tracing::error!("room {id} not claimed: {e}"),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(n: u8) -> RoomSummary {
        RoomSummary {
            id: RoomId::from_bytes([n; 10]),
            open_seat: Color::White,
            promotion: PromotionRule::Any,
            clock: None,
            rated: false,
            seeker: None,
            rating_range: None,
        }
    }

    /// The listing a client has after `frame`, from `rooms` (its listing before).
    fn applied(mut rooms: Vec<RoomSummary>, frame: &Frame) -> (Vec<RoomSummary>, bool) {
        match protocol::parse_server(frame) {
            Ok(ServerMsg::Lobby { rooms }) => (rooms, true),
            Ok(ServerMsg::LobbyDiff(d)) => {
                d.apply(&mut rooms);
                (rooms, false)
            }
            other => panic!("not a listing: {other:?}"),
        }
    }

    /// A connection that missed versions (slow to write) gets a diff from the listing it was
    /// sent last to the latest, not the full listing; the listing it then has is the latest.
    #[tokio::test]
    async fn a_watcher_that_missed_versions_gets_a_diff_from_its_last_listing() {
        let (tx, rx) = watch::channel(Arc::new(Published::first()));
        let (_counts_tx, counts) = watch::channel(Frame::from_static("{}"));
        let mut w = ListingWatch {
            rooms: rx,
            counts,
            sent: None,
        };
        let publish = |rooms: Vec<RoomSummary>| {
            tx.send_modify(|cur| *cur = Arc::new(cur.next(rooms)));
        };
        let ten: Vec<RoomSummary> = (1..=10).map(room).collect();
        publish(ten.clone());
        let first = w.next().await.expect("a frame");
        let (mut have, full) = applied(Vec::new(), &first);
        assert!(full, "the first listing is in full");
        assert_eq!(have, ten);
        // Three versions published while the connection did not take any: one frame, a diff.
        let mut truth = ten.clone();
        for n in 11..=13 {
            truth.insert(0, room(n));
            truth.retain(|r| r.id != room(n - 10).id);
            publish(truth.clone());
        }
        let f = w.next().await.expect("a frame");
        let full;
        (have, full) = applied(have, &f);
        assert!(!full, "a diff, not the full listing: {f}");
        assert_eq!(have, truth);
        assert!(f.len() < tx.borrow().full.len());
        // The next version follows the one sent: the diff published with it.
        truth.remove(0);
        publish(truth.clone());
        let f = w.next().await.expect("a frame");
        assert_eq!(Some(&f), tx.borrow().diff.as_ref());
        (have, _) = applied(have, &f);
        assert_eq!(have, truth);
        // Everything replaced while it was away: the full listing is the smaller frame.
        truth = vec![room(40)];
        publish(vec![room(30), room(31)]);
        publish(truth.clone());
        let f = w.next().await.expect("a frame");
        let (got, full) = applied(have, &f);
        assert!(full, "the full listing, being smaller: {f}");
        assert_eq!(got, truth);
        // Watching again starts with the full listing.
        w.restart();
        // (The counts come too: taken here, so that the listing is the next frame.)
        w.counts.borrow_and_update();
        let f = w.next().await.expect("a frame");
        assert_eq!(applied(Vec::new(), &f), (truth, true));
        // Once it stops watching, the connection holds no old listing.
        let last_sent = tx.borrow().clone();
        publish(vec![room(50)]);
        assert_eq!(Arc::strong_count(&last_sent), 2, "the watch holds it");
        w.stop();
        assert_eq!(Arc::strong_count(&last_sent), 1);
    }
}
