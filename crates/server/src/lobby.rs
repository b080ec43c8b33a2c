//! The lobby: the registry of rooms in memory (each owned by its task), the lobby listing kept
//! incrementally, the counts of players online and games in progress, and the caps on rooms.
//!
//! Rooms are loaded at start-up when live (waiting or playing) and on demand when an old link
//! is opened; finished rooms leave memory on their own (see [`crate::room::actor`]).

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use protocol::{ErrorCode, PromotionRule, RoomId, RoomSummary, SeatChoice, ServerMsg, TimeControl};
use rules::{Color, Position, Rules};
use tokio::sync::{Notify, mpsc, watch};

use crate::address::AddressKey;
use crate::clock::ServerClock;
use crate::cluster::{Cluster, ClusterConfig, ClusterError, ClusterEvent, Listed, Owner};
use crate::ids::random_room_id;
use crate::metrics::Metrics;
use crate::outbox::{Frame, frame};
use crate::rate::{AddressRates, RateConfig};
use crate::relay::{Relay, RelayHost};
use crate::room::{
    Refusal, RoomCmd, RoomConfig, RoomEnv, RoomHost, RoomStatus, Start, actor::Subscriber,
};
use crate::store::{RoomMeta, Store, StoreError};

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
    /// Nowhere: the room is not in memory and the command does not need it.
    Nowhere,
}

/// What the listing shows of a room with `status` (`None` when it is not listed).
fn listing_entry(id: &RoomId, status: Option<RoomStatus>) -> Option<Listed> {
    let s = status?;
    let open_seat = s.open_seat?;
    s.listed.then(|| Listed {
        created_ms: s.created_ms,
        summary: RoomSummary {
            id: id.clone(),
            open_seat,
            promotion: s.promotion,
            clock: s.clock,
        },
    })
}

pub use crate::room::actor::ConnId;

/// Commands waiting for one room's task at most.
const ROOM_QUEUE: usize = 256;
/// Public rooms shown in the listing at most.
const LISTING_LEN: usize = 50;
/// How long listing changes are gathered before one update goes out.
const LISTING_COALESCE: Duration = Duration::from_millis(100);
/// How often the server stamps its liveness in the store.
const ALIVE_EVERY: Duration = Duration::from_secs(1);

/// [`LobbyConfig::max_rooms`] unless told otherwise.
pub const DEFAULT_MAX_ROOMS: usize = 200_000;
/// [`LobbyConfig::max_rooms_per_address`] unless told otherwise.
pub const DEFAULT_MAX_ROOMS_PER_ADDRESS: u32 = 20;

/// Settings of the lobby: its rooms' time rules and the caps on rooms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LobbyConfig {
    /// The time rules of every room (countdown, listing, invitations, finished rooms).
    pub room: RoomConfig,
    /// Rooms in memory at most (live rooms and finished ones being watched).
    pub max_rooms: usize,
    /// Open rooms (waiting or playing, rematches included) created from one address at most.
    pub max_rooms_per_address: u32,
    /// The rate limits of each client address ([`crate::rate`]).
    pub rates: RateConfig,
}

impl Default for LobbyConfig {
    fn default() -> LobbyConfig {
        LobbyConfig {
            room: RoomConfig::default(),
            max_rooms: DEFAULT_MAX_ROOMS,
            max_rooms_per_address: DEFAULT_MAX_ROOMS_PER_ADDRESS,
            rates: RateConfig::default(),
        }
    }
}

struct Entry {
    tx: mpsc::Sender<Box<RoomCmd>>,
    generation: u64,
    status: Option<RoomStatus>,
    /// The address whose cap this room counts against while it is live.
    owner: Option<AddressKey>,
}

#[derive(Default)]
struct Registry {
    rooms: HashMap<RoomId, Entry>,
    /// Listed rooms, newest first.
    listed: BTreeMap<(Reverse<u64>, RoomId), RoomSummary>,
    games: u32,
    per_address: HashMap<AddressKey, u32>,
}

impl Registry {
    fn release_owner(&mut self, owner: Option<AddressKey>) {
        if let Some(addr) = owner
            && let Some(n) = self.per_address.get_mut(&addr)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_address.remove(&addr);
            }
        }
    }

    /// Applies a room's new status to the listing and counts; `true` when the listing changed.
    fn update(&mut self, id: &RoomId, new: Option<RoomStatus>) -> bool {
        let Some(entry) = self.rooms.get_mut(id) else {
            return false;
        };
        let old = std::mem::replace(&mut entry.status, new);
        let freed = match new {
            Some(s) if s.phase.is_live() => None,
            _ => entry.owner.take(),
        };
        self.release_owner(freed);
        let key = |s: &RoomStatus| (Reverse(s.created_ms), id.clone());
        let mut changed = false;
        if let Some(o) = old {
            if o.listed {
                self.listed.remove(&key(&o));
                changed = true;
            }
            if o.phase == crate::store::Phase::Playing {
                self.games = self.games.saturating_sub(1);
                changed = true;
            }
        }
        if let Some(s) = new {
            if let Some(entry) = listing_entry(id, new) {
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
    listing: watch::Sender<Frame>,
    dirty: Arc<Notify>,
    online: AtomicU64,
    next_conn: AtomicU64,
    next_generation: AtomicU64,
    last_alive_ms: Option<u64>,
    background: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// Set when this server is a node of several.
    nodes: Option<Nodes>,
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
        let (listing, _) = watch::channel(frame(&ServerMsg::Lobby {
            rooms: Vec::new(),
            players_online: 0,
            games_in_progress: 0,
        }));
        let (cluster, events) = joined.unzip();
        let relay_metrics = metrics.clone();
        let lobby = Arc::new_cyclic(|me: &Weak<Lobby>| Lobby {
            me: me.clone(),
            registry: Mutex::new(Registry::default()),
            store,
            config,
            clock,
            metrics,
            rates: AddressRates::new(&config.rates),
            listing,
            dirty: Arc::new(Notify::new()),
            online: AtomicU64::new(0),
            next_conn: AtomicU64::new(1),
            next_generation: AtomicU64::new(1),
            last_alive_ms,
            background: Mutex::new(Vec::new()),
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
        });
        let count = loaded.rooms.len();
        for room in loaded.rooms {
            lobby.spawn_room(Start::Stored(room), None);
        }
        if count > 0 || loaded.skipped > 0 {
            tracing::info!("restored {count} live rooms ({} skipped)", loaded.skipped);
        }
        let publisher = {
            let me = Arc::downgrade(&lobby);
            let dirty = lobby.dirty.clone();
            tokio::spawn(async move {
                loop {
                    dirty.notified().await;
                    tokio::time::sleep(LISTING_COALESCE).await;
                    let Some(l) = me.upgrade() else { break };
                    let (online, games) = l.publish();
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
        let mut tasks = vec![publisher, stamper];
        if let Some(events) = events {
            tasks.push(tokio::spawn(run_cluster_events(
                Arc::downgrade(&lobby),
                events,
            )));
        }
        if let Ok(mut bg) = lobby.background.lock() {
            bg.extend(tasks);
        }
        lobby.dirty.notify_one();
        Ok(lobby)
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
                    .filter_map(|(id, e)| Some((id.clone(), listing_entry(id, e.status)?)))
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

    /// `Ok` while the store's writes succeed.
    ///
    /// # Errors
    /// The latest write failure, as text.
    pub fn health(&self) -> Result<(), String> {
        self.store.health()
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

    /// A new connection's id; counts it online.
    pub fn connect(&self) -> ConnId {
        self.online.fetch_add(1, Ordering::Relaxed);
        self.metrics.connections.inc();
        self.dirty.notify_one();
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
        self.dirty.notify_one();
    }

    /// The lobby listing (a serialised [`ServerMsg::Lobby`]) now and on every change; a
    /// watcher only ever sees the latest one.
    #[must_use]
    pub fn watch_listing(&self) -> watch::Receiver<Frame> {
        self.listing.subscribe()
    }

    /// Publishes the listing and the counts (of the whole cluster on a node); answers this
    /// server's own counts (players online, games in progress).
    fn publish(&self) -> (u64, u32) {
        let online = self.online.load(Ordering::Relaxed);
        let Ok(reg) = self.registry.lock() else {
            return (online, 0);
        };
        let games = reg.games;
        let msg = match &self.nodes {
            None => ServerMsg::Lobby {
                rooms: reg.listed.values().take(LISTING_LEN).cloned().collect(),
                players_online: u32::try_from(online).unwrap_or(u32::MAX),
                games_in_progress: games,
            },
            Some(n) => {
                let local = reg.listed.iter().map(|((at, _), s)| (at.0, s.clone()));
                let rooms =
                    crate::cluster::merge_listing(local, n.cluster.remote_listing(), LISTING_LEN);
                let (o, g) = n.cluster.remote_counts();
                ServerMsg::Lobby {
                    rooms,
                    players_online: u32::try_from(online + o).unwrap_or(u32::MAX),
                    games_in_progress: games.saturating_add(g),
                }
            }
        };
        self.metrics.games.set(i64::from(games));
        drop(reg);
        let f = frame(&msg);
        self.listing.send_if_modified(|cur| {
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
        let env = self.env()?;
        let id = start.id().clone();
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let generation = self.next_generation.fetch_add(1, Ordering::Relaxed);
        {
            let mut reg = self.registry.lock().ok()?;
            if let Some(e) = reg.rooms.get(&id) {
                // Only a load can meet an entry (new ids are random): that task serves it.
                return Some(e.tx.clone());
            }
            if let Some(addr) = owner {
                *reg.per_address.entry(addr).or_default() += 1;
            }
            reg.rooms.insert(
                id,
                Entry {
                    tx: tx.clone(),
                    generation,
                    status: None,
                    owner,
                },
            );
        }
        tokio::spawn(crate::room::run(start, rx, env, generation));
        Some(tx)
    }

    /// Creates a room with the creator seated; its task stores it, then sends `Seated` and a
    /// snapshot to the creator.
    ///
    /// # Errors
    /// [`Refusal`] for a cap reached ([`ErrorCode::TooManyRooms`]) (a time control is within
    /// its bounds by its type).
    pub async fn create_room(
        &self,
        creator: Subscriber,
        seat: SeatChoice,
        promotion: PromotionRule,
        clock: Option<TimeControl>,
        public: bool,
    ) -> Result<RoomId, Refusal> {
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
            id: random_room_id(),
            created_ms: self.clock.now_ms(),
            public,
            promotion,
            clock,
            initial_fen: Position::new(Rules { promotion }).fen(),
        };
        let owner = creator.addr.map(AddressKey::of);
        self.admit_room(owner)?;
        let id = meta.id.clone();
        if let Some(n) = &self.nodes {
            // A new random id: nobody else claims it.
            match n.cluster.claim(&id).await {
                Ok(Owner::Me) => {}
                Ok(Owner::Other(o)) => {
                    tracing::error!("new room {id} is already owned by node {o}");
                    return Err(Refusal::new(ErrorCode::Internal, "try again"));
                }
                Err(e) => {
                    tracing::error!("room {id} not claimed: {e}");
                    return Err(unreachable_cluster());
                }
            }
        }
        self.spawn_room(
            Start::New {
                meta,
                seat,
                creator,
            },
            owner,
        )
        .ok_or_else(|| Refusal::new(ErrorCode::Internal, "the server is shutting down"))?;
        Ok(id)
    }

    /// Delivers a command to a room's task, loading the room from the store first when it is
    /// not in memory and the command needs it (an acknowledgement or a goodbye to a room that
    /// left memory is dropped).
    ///
    /// # Errors
    /// [`ErrorCode::TooManyRooms`] when the server holds as many rooms as allowed, or
    /// [`ErrorCode::Internal`] when the room's task cannot be reached.
    pub async fn send(&self, id: &RoomId, cmd: RoomCmd) -> Result<(), Refusal> {
        let mut cmd = Box::new(cmd);
        for _ in 0..3 {
            match self.lookup(id, cmd.needs_room()).await? {
                Target::Nowhere => return Ok(()),
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

    async fn lookup(&self, id: &RoomId, load: bool) -> Result<Target, Refusal> {
        {
            let reg = self
                .registry
                .lock()
                .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
            if let Some(e) = reg.rooms.get(id) {
                return Ok(Target::Local(e.tx.clone()));
            }
            if let Some(n) = &self.nodes
                && let Some(owner) = n.relay.route(id)
            {
                return Ok(Target::Remote(owner));
            }
            if !load {
                return Ok(Target::Nowhere);
            }
            if reg.rooms.len() >= self.config.max_rooms {
                return Err(Refusal::new(
                    ErrorCode::TooManyRooms,
                    "the server holds as many rooms as it can: try again in a minute",
                ));
            }
        }
        let start = match &self.nodes {
            None => Start::Load(id.clone()),
            Some(n) => match n.cluster.claim(id).await {
                Ok(Owner::Me) => Start::TakeOver {
                    id: id.clone(),
                    alive_ms: Some(self.unowned_alive_ms()),
                },
                Ok(Owner::Other(node)) => return Ok(Target::Remote(node)),
                Err(e) => {
                    tracing::warn!("owner of room {id} unknown: {e}");
                    return Err(unreachable_cluster());
                }
            },
        };
        // Two joins of the same unloaded room at once: the second finds the first's entry.
        Ok(self
            .spawn_room(start, None)
            .map_or(Target::Nowhere, Target::Local))
    }
}

/// The refusal when Redis does not answer.
fn unreachable_cluster() -> Refusal {
    Refusal::new(
        ErrorCode::Internal,
        "the servers cannot reach each other right now: try again in a moment",
    )
}

/// Hands the cluster's events to the lobby until either goes away.
async fn run_cluster_events(lobby: Weak<Lobby>, mut events: mpsc::Receiver<ClusterEvent>) {
    while let Some(event) = events.recv().await {
        let Some(l) = lobby.upgrade() else { break };
        let Some(nodes) = &l.nodes else { break };
        match event {
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
        let before = reg.rooms.get(id).and_then(|e| listing_entry(id, e.status));
        let changed = reg.update(id, Some(status));
        drop(reg);
        if let Some(n) = &self.nodes {
            let after = listing_entry(id, Some(status));
            if after != before {
                n.cluster.set_listed(id.clone(), after);
            }
        }
        if changed {
            self.dirty.notify_one();
        }
    }

    fn unloaded(&self, id: &RoomId, generation: u64) {
        let Ok(mut reg) = self.registry.lock() else {
            return;
        };
        let Some(entry) = reg.rooms.get(id).filter(|e| e.generation == generation) else {
            return;
        };
        let was_listed = listing_entry(id, entry.status).is_some();
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
                | RoomCmd::Relinquish => None,
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
        if reg.rooms.len() >= self.config.max_rooms {
            tracing::warn!(
                "room refused: {} rooms in memory (the cap)",
                reg.rooms.len()
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
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                format!(
                    "at most {} open rooms per player: finish or cancel one first",
                    self.config.max_rooms_per_address
                ),
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
