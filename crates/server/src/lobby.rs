//! The lobby: the registry of rooms (each owned by its task), the live lobby listing, the
//! count of players online, and the server's metrics.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use protocol::{PromotionRule, RoomEvent, RoomSummary, SeatChoice, ServerMsg, TimeControl};
use rules::{Color, Position, Rules};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use crate::room::{self, Refusal, Room, RoomCmd};
use crate::store::{RoomMeta, Store, StoreError};

/// A connection's number, unique while the server runs.
pub type ConnId = u64;

/// Settings of the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LobbyConfig {
    /// How long a seated player may be gone before the opponent may claim the win.
    pub countdown: Duration,
}

impl Default for LobbyConfig {
    fn default() -> LobbyConfig {
        LobbyConfig {
            countdown: Duration::from_secs(60),
        }
    }
}

/// What the lobby needs to know of a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomStatus {
    /// The free seat, while the game has not started.
    pub open_seat: Option<Color>,
    /// Listed in the lobby.
    pub public: bool,
    /// Both seated, not over.
    pub in_progress: bool,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control.
    pub clock: Option<TimeControl>,
    /// Creation time (ms since the Unix epoch).
    pub created_ms: u64,
}

struct Entry {
    tx: mpsc::Sender<RoomCmd>,
    status: RoomStatus,
}

/// The server's counters, exported at `/metrics` in the Prometheus text format.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// Rooms in memory.
    pub rooms: Gauge,
    /// Games with both seats taken and not over.
    pub games: Gauge,
    /// Moves played.
    pub moves: Counter,
    /// Refused messages and internal errors.
    pub errors: Counter,
    /// Client messages received.
    pub messages: Counter,
}

impl Metrics {
    fn register(&self, registry: &mut Registry) {
        registry.register(
            "asean_connections",
            "Open WebSocket connections",
            self.connections.clone(),
        );
        registry.register("asean_rooms", "Rooms in memory", self.rooms.clone());
        registry.register(
            "asean_games_in_progress",
            "Games in progress",
            self.games.clone(),
        );
        registry.register("asean_moves", "Moves played", self.moves.clone());
        registry.register(
            "asean_errors",
            "Refused messages and internal errors",
            self.errors.clone(),
        );
        registry.register(
            "asean_messages",
            "Client messages received",
            self.messages.clone(),
        );
    }
}

/// The shared state of the online service.
pub struct Lobby {
    rooms: Mutex<HashMap<String, Entry>>,
    /// Where rooms are kept.
    pub store: Arc<dyn Store>,
    /// Settings.
    pub config: LobbyConfig,
    /// Counters.
    pub metrics: Metrics,
    registry: Registry,
    listing: watch::Sender<Arc<ServerMsg>>,
    next_conn: AtomicU64,
    online: AtomicU64,
    epoch: Instant,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lobby")
    }
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl Lobby {
    /// Opens the lobby on `store`, restoring every stored room (each gets its task).
    ///
    /// # Errors
    /// When the store cannot be read. A room whose log does not replay is skipped and logged.
    pub fn open(store: Arc<dyn Store>, config: LobbyConfig) -> Result<Arc<Lobby>, StoreError> {
        let stored = store.load_all()?;
        let metrics = Metrics::default();
        let mut registry = Registry::default();
        metrics.register(&mut registry);
        let (listing, _) = watch::channel(Arc::new(ServerMsg::Lobby {
            rooms: Vec::new(),
            players_online: 0,
            games_in_progress: 0,
        }));
        let lobby = Arc::new(Lobby {
            rooms: Mutex::new(HashMap::new()),
            store,
            config,
            metrics,
            registry,
            listing,
            next_conn: AtomicU64::new(1),
            online: AtomicU64::new(0),
            epoch: Instant::now(),
        });
        let now = lobby.now_ms();
        let mut restored = 0;
        for s in stored {
            let id = s.meta.id.clone();
            match Room::restore(s, now) {
                Ok(room) => {
                    lobby.spawn_room(room, None);
                    restored += 1;
                }
                Err(e) => tracing::error!("room {id} not restored: {e}"),
            }
        }
        if restored > 0 {
            tracing::info!("restored {restored} rooms");
        }
        Ok(lobby)
    }

    /// Milliseconds since the lobby opened (the rooms' monotonic time base).
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// The instant of a time in the rooms' time base.
    #[must_use]
    pub fn instant_of(&self, ms: u64) -> Instant {
        self.epoch + Duration::from_millis(ms)
    }

    /// A new connection's id; counts it online.
    pub fn connect(&self) -> ConnId {
        self.online.fetch_add(1, Ordering::Relaxed);
        self.metrics.connections.inc();
        self.publish();
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A connection closed.
    pub fn disconnect(&self) {
        self.online.fetch_sub(1, Ordering::Relaxed);
        self.metrics.connections.dec();
        self.publish();
    }

    /// Receives the lobby listing now and on every change.
    pub fn watch_listing(&self) -> watch::Receiver<Arc<ServerMsg>> {
        self.listing.subscribe()
    }

    /// The current lobby listing.
    #[must_use]
    pub fn listing(&self) -> Arc<ServerMsg> {
        self.listing.borrow().clone()
    }

    fn publish(&self) {
        let Ok(rooms) = self.rooms.lock() else { return };
        let mut waiting: Vec<(u64, RoomSummary)> = rooms
            .iter()
            .filter(|(_, e)| e.status.public)
            .filter_map(|(id, e)| {
                e.status.open_seat.map(|open_seat| {
                    (
                        e.status.created_ms,
                        RoomSummary {
                            id: id.clone(),
                            open_seat,
                            promotion: e.status.promotion,
                            clock: e.status.clock,
                        },
                    )
                })
            })
            .collect();
        waiting.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.id.cmp(&b.1.id)));
        let games = rooms.values().filter(|e| e.status.in_progress).count();
        self.metrics.rooms.set(rooms.len() as i64);
        self.metrics.games.set(games as i64);
        let msg = ServerMsg::Lobby {
            rooms: waiting.into_iter().take(50).map(|(_, r)| r).collect(),
            players_online: u32::try_from(self.online.load(Ordering::Relaxed)).unwrap_or(u32::MAX),
            games_in_progress: u32::try_from(games).unwrap_or(u32::MAX),
        };
        self.listing.send_if_modified(|cur| {
            if **cur == msg {
                false
            } else {
                *cur = Arc::new(msg);
                true
            }
        });
    }

    /// Records a room's new status and, when it changed, updates the listing (a move does not
    /// change it, so moves never walk the room list).
    pub fn update_room(&self, id: &str, status: RoomStatus) {
        let changed = match self.rooms.lock() {
            Ok(mut rooms) => match rooms.get_mut(id) {
                Some(e) if e.status != status => {
                    e.status = status;
                    true
                }
                _ => false,
            },
            Err(_) => false,
        };
        if changed {
            self.publish();
        }
    }

    /// The command channel of a room.
    #[must_use]
    pub fn room(&self, id: &str) -> Option<mpsc::Sender<RoomCmd>> {
        self.rooms.lock().ok()?.get(id).map(|e| e.tx.clone())
    }

    fn spawn_room(
        self: &Arc<Self>,
        room: Room,
        creator: Option<(ConnId, mpsc::Sender<ServerMsg>, Color, String)>,
    ) {
        let (tx, rx) = mpsc::channel(256);
        let id = room.meta.id.clone();
        let status = room.status();
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.insert(id, Entry { tx, status });
        }
        self.publish();
        tokio::spawn(room::run(room, rx, self.clone(), creator));
    }

    /// Creates a room with the creator seated; its task sends `Seated` and a snapshot to `tx`.
    ///
    /// # Errors
    /// [`Refusal`] for invalid settings or a storage failure.
    pub fn create_room(
        self: &Arc<Self>,
        conn: ConnId,
        tx: mpsc::Sender<ServerMsg>,
        seat: SeatChoice,
        promotion: PromotionRule,
        clock: Option<TimeControl>,
        public: bool,
    ) -> Result<String, Refusal> {
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
            id: room::random_hex(10),
            created_ms: unix_ms(),
            public,
            promotion,
            clock,
            initial_fen: Position::new(Rules { promotion }).fen(),
        };
        let (mut room, plan) = Room::create(meta.clone(), seat)?;
        let (seat, secret) = plan
            .new_seat
            .clone()
            .ok_or_else(|| Refusal(protocol::ErrorCode::Internal, "no seat".into()))?;
        let internal = |e: StoreError| {
            tracing::error!("{e}");
            Refusal(
                protocol::ErrorCode::Internal,
                "the server could not save the room".into(),
            )
        };
        let hash = room::hash_secret(&secret);
        self.store.create_room(&meta).map_err(internal)?;
        self.store
            .set_seat(&meta.id, seat, &hash)
            .map_err(internal)?;
        self.store
            .append_events(&meta.id, 1, &plan.events)
            .map_err(internal)?;
        room.set_secret_hash(seat, hash);
        let now = self.now_ms();
        for e in &plan.events {
            room.apply(e, now)
                .map_err(|e| Refusal(protocol::ErrorCode::Internal, e))?;
        }
        let id = meta.id.clone();
        self.spawn_room(room, Some((conn, tx, seat, secret)));
        Ok(id)
    }

    /// Creates the rematch of a finished room: colours swapped, the same seat secrets.
    pub async fn create_rematch(self: &Arc<Self>, old: &Room) -> Option<String> {
        let meta = old.rematch_meta(room::random_hex(10), unix_ms());
        let (Some(white_hash), Some(black_hash)) =
            (old.secret_hash(Color::White), old.secret_hash(Color::Black))
        else {
            return None;
        };
        let events = [
            RoomEvent::Seated { seat: Color::White },
            RoomEvent::Seated { seat: Color::Black },
        ];
        let saved = self.store.create_room(&meta).and_then(|()| {
            // The old White plays Black in the rematch and the other way round.
            self.store.set_seat(&meta.id, Color::Black, white_hash)?;
            self.store.set_seat(&meta.id, Color::White, black_hash)?;
            self.store.append_events(&meta.id, 1, &events)
        });
        if let Err(e) = saved {
            tracing::error!("rematch: {e}");
            return None;
        }
        let stored = crate::store::StoredRoom {
            meta: meta.clone(),
            white_secret: Some(black_hash.to_owned()),
            black_secret: Some(white_hash.to_owned()),
            events: events.to_vec(),
        };
        let room = Room::restore(stored, self.now_ms()).ok()?;
        self.spawn_room(room, None);
        Some(meta.id)
    }

    /// The metrics in the Prometheus text format.
    #[must_use]
    pub fn metrics_text(&self) -> String {
        let mut out = String::new();
        if prometheus_client::encoding::text::encode(&mut out, &self.registry).is_err() {
            out.clear();
        }
        out
    }
}
