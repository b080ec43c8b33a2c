//! The lobby: the registry of rooms in memory (each owned by its task), the lobby listing kept
//! incrementally, the counts of players online and games in progress, and the caps on rooms.
//!
//! Rooms are loaded at start-up when live (waiting or playing) and on demand when an old link
//! is opened; finished rooms leave memory on their own (see [`crate::room::actor`]).

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use protocol::{ErrorCode, PromotionRule, RoomId, RoomSummary, SeatChoice, ServerMsg, TimeControl};
use rules::{Color, Position, Rules};
use tokio::sync::{Notify, mpsc, watch};

use crate::metrics::Metrics;
use crate::outbox::{Frame, frame};
use crate::room::{
    Refusal, Room, RoomCmd, RoomConfig, RoomEnv, RoomHost, RoomStatus, ServerClock, Start,
    actor::Subscriber, random_room_id,
};
use crate::store::{RoomMeta, Store, StoreError};

pub use crate::room::actor::ConnId;

/// Commands waiting for one room's task at most.
const ROOM_QUEUE: usize = 256;
/// Public rooms shown in the listing at most.
const LISTING_LEN: usize = 50;
/// How long listing changes are gathered before one update goes out.
const LISTING_COALESCE: Duration = Duration::from_millis(100);
/// How often the server stamps its liveness in the store.
const ALIVE_EVERY: Duration = Duration::from_secs(1);

/// Settings of the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LobbyConfig {
    /// How long a seated player may be away (added up until they move again) before the
    /// opponent may claim the win; before both sides have moved, the game is aborted then.
    pub countdown: Duration,
    /// How long the creator of a public waiting room may be gone before it leaves the listing.
    pub unlist_after: Duration,
    /// How long an invitation nobody has taken stays open.
    pub invite_ttl: Duration,
    /// How long a finished room stays in memory at most.
    pub finished_ttl: Duration,
    /// Rooms in memory at most (live rooms and finished ones being watched).
    pub max_rooms: usize,
    /// Open rooms (waiting or playing, rematches included) created from one address at most.
    pub max_rooms_per_address: u32,
}

impl Default for LobbyConfig {
    fn default() -> LobbyConfig {
        let room = RoomConfig::default();
        LobbyConfig {
            countdown: room.countdown,
            unlist_after: room.unlist_after,
            invite_ttl: room.invite_ttl,
            finished_ttl: room.finished_ttl,
            max_rooms: 200_000,
            max_rooms_per_address: 20,
        }
    }
}

impl LobbyConfig {
    /// The time rules of rooms.
    #[must_use]
    pub fn room(&self) -> RoomConfig {
        RoomConfig {
            countdown: self.countdown,
            unlist_after: self.unlist_after,
            invite_ttl: self.invite_ttl,
            finished_ttl: self.finished_ttl,
        }
    }
}

struct Entry {
    tx: mpsc::Sender<Box<RoomCmd>>,
    generation: u64,
    status: Option<RoomStatus>,
    /// The address whose cap this room counts against while it is live.
    owner: Option<IpAddr>,
}

#[derive(Default)]
struct Registry {
    rooms: HashMap<RoomId, Entry>,
    /// Listed rooms, newest first.
    listed: BTreeMap<(Reverse<u64>, RoomId), RoomSummary>,
    games: u32,
    per_address: HashMap<IpAddr, u32>,
}

impl Registry {
    fn release_owner(&mut self, owner: Option<IpAddr>) {
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
            if s.listed
                && let Some(open_seat) = s.open_seat
            {
                self.listed.insert(
                    key(&s),
                    RoomSummary {
                        id: id.clone(),
                        open_seat,
                        promotion: s.promotion,
                        clock: s.clock,
                    },
                );
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
    listing: watch::Sender<Frame>,
    dirty: Arc<Notify>,
    online: AtomicU64,
    next_conn: AtomicU64,
    next_generation: AtomicU64,
    last_alive_ms: Option<u64>,
    background: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lobby")
    }
}

impl Lobby {
    /// Opens the lobby on `store`: reads the live rooms (each gets its task), and starts the
    /// listing publisher and the liveness stamp. Must run inside a Tokio runtime.
    ///
    /// # Errors
    /// When the store cannot be read. A room that cannot be read is skipped, logged and
    /// counted (`asean_rooms_skipped`).
    pub async fn open(
        store: Arc<dyn Store>,
        config: LobbyConfig,
        metrics: Arc<Metrics>,
    ) -> Result<Arc<Lobby>, StoreError> {
        let last_alive_ms = store.last_alive_ms().await?;
        let loaded = store.load_live().await?;
        metrics.rooms_skipped.inc_by(loaded.skipped);
        let clock = ServerClock::start();
        let (listing, _) = watch::channel(frame(&ServerMsg::Lobby {
            rooms: Vec::new(),
            players_online: 0,
            games_in_progress: 0,
        }));
        let lobby = Arc::new_cyclic(|me| Lobby {
            me: me.clone(),
            registry: Mutex::new(Registry::default()),
            store,
            config,
            clock,
            metrics,
            listing,
            dirty: Arc::new(Notify::new()),
            online: AtomicU64::new(0),
            next_conn: AtomicU64::new(1),
            next_generation: AtomicU64::new(1),
            last_alive_ms,
            background: Mutex::new(Vec::new()),
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
                    l.publish();
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
        if let Ok(mut bg) = lobby.background.lock() {
            bg.push(publisher);
            bg.push(stamper);
        }
        lobby.dirty.notify_one();
        Ok(lobby)
    }

    /// Stops the background tasks and closes the store (queued writes are finished first).
    pub async fn close(&self) {
        if let Ok(mut bg) = self.background.lock() {
            for t in bg.drain(..) {
                t.abort();
            }
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
            config: self.config.room(),
            clock: self.clock,
            metrics: self.metrics.clone(),
            host,
            last_alive_ms: self.last_alive_ms,
        })
    }

    /// A new connection's id; counts it online.
    pub fn connect(&self) -> ConnId {
        self.online.fetch_add(1, Ordering::Relaxed);
        self.metrics.connections.inc();
        self.dirty.notify_one();
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A connection closed.
    pub fn disconnect(&self) {
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

    fn publish(&self) {
        let Ok(reg) = self.registry.lock() else {
            return;
        };
        let msg = ServerMsg::Lobby {
            rooms: reg.listed.values().take(LISTING_LEN).cloned().collect(),
            players_online: u32::try_from(self.online.load(Ordering::Relaxed)).unwrap_or(u32::MAX),
            games_in_progress: reg.games,
        };
        self.metrics.games.set(i64::from(reg.games));
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
    }

    fn spawn_room(
        &self,
        start: Start,
        owner: Option<IpAddr>,
    ) -> Option<mpsc::Sender<Box<RoomCmd>>> {
        let env = self.env()?;
        let id = match &start {
            Start::New { meta, .. } => meta.id.clone(),
            Start::Stored(s) => s.meta.id.clone(),
            Start::Load(id) => id.clone(),
        };
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
    /// [`Refusal`] for invalid settings ([`ErrorCode::InvalidSettings`]) or a cap reached
    /// ([`ErrorCode::TooManyRooms`]).
    pub fn create_room(
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
        Room::check_settings(&meta)?;
        let owner = creator.addr;
        self.admit_room(owner)?;
        let id = meta.id.clone();
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
            let Some(tx) = self.lookup(id, cmd.needs_room())? else {
                return Ok(());
            };
            match tx.send(cmd).await {
                Ok(()) => return Ok(()),
                // The task left memory between the lookup and the send: look up again.
                Err(mpsc::error::SendError(c)) => cmd = c,
            }
        }
        Err(Refusal::new(
            ErrorCode::Internal,
            "the room is not available right now",
        ))
    }

    fn lookup(
        &self,
        id: &RoomId,
        load: bool,
    ) -> Result<Option<mpsc::Sender<Box<RoomCmd>>>, Refusal> {
        {
            let reg = self
                .registry
                .lock()
                .map_err(|_| Refusal::new(ErrorCode::Internal, "the lobby is unavailable"))?;
            if let Some(e) = reg.rooms.get(id) {
                return Ok(Some(e.tx.clone()));
            }
            if !load {
                return Ok(None);
            }
            if reg.rooms.len() >= self.config.max_rooms {
                return Err(Refusal::new(
                    ErrorCode::TooManyRooms,
                    "the server holds as many rooms as it can: try again in a minute",
                ));
            }
        }
        // Two joins of the same unloaded room at once: the second finds the first's entry.
        Ok(self.spawn_room(Start::Load(id.clone()), None))
    }
}

impl RoomHost for Lobby {
    fn status_changed(&self, id: &RoomId, status: RoomStatus) {
        let changed = self
            .registry
            .lock()
            .is_ok_and(|mut reg| reg.update(id, Some(status)));
        if changed {
            self.dirty.notify_one();
        }
    }

    fn unloaded(&self, id: &RoomId, generation: u64) {
        let changed = self.registry.lock().is_ok_and(|mut reg| {
            if reg
                .rooms
                .get(id)
                .is_some_and(|e| e.generation == generation)
            {
                let changed = reg.update(id, None);
                if let Some(e) = reg.rooms.remove(id) {
                    reg.release_owner(e.owner);
                }
                changed
            } else {
                false
            }
        });
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
                RoomCmd::Join { sub, .. } | RoomCmd::Client { sub, .. } => Some(sub.outbox.clone()),
                RoomCmd::Disconnect { .. } => None,
            };
            if let Err(r) = lobby.send(&id, cmd).await
                && let Some(outbox) = reply
            {
                outbox.send(&ServerMsg::error(r.code, r.message, Some(&id)));
            }
        });
    }

    fn admit_room(&self, owner: Option<IpAddr>) -> Result<(), Refusal> {
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

    fn spawn(&self, start: Start, owner: Option<IpAddr>) {
        self.spawn_room(start, owner);
    }
}
