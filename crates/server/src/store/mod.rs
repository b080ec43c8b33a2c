//! Where rooms and their numbered events are kept, so that a restart loses no game.
//!
//! [`Store`] is the narrow interface the room actors write through: one [`Append`] carries a
//! room's new events together with everything that must be written with them in the same
//! transaction (the room's creation, the hashes of seats those events take, the room's new
//! [`Phase`]). Two fences keep two writers of one room apart:
//!
//! - `(room, seq)` is unique in every store: two writers can never both append event N
//!   ([`StoreError::Conflict`]);
//! - each room has an ownership *fence*, a number that [`Store::take_over`] raises: an append
//!   that carries an older fence is refused ([`StoreError::Fenced`]), so a node that takes a
//!   room over from a dead or paused node knows the old owner can never append again.
//!
//! [`SqliteStore`] (an embedded SQLite database with migrations) is the default for one
//! machine, [`PostgresStore`] is shared by the nodes of a cluster, and [`MemoryStore`] serves
//! tests and throwaway servers. [`open`] picks the database store from `--db`.
//!
//! Only live rooms ([`Phase::is_live`]) are loaded at start-up ([`Store::load_live`]); finished
//! and closed rooms stay in the store as game records and are loaded on demand
//! ([`Store::load_room`]) when an old link is opened.

use std::fmt;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use protocol::{PromotionRule, RoomEvent, RoomId, TimeControl};
use rules::{ByColor, Color};
use tokio::sync::oneshot;

pub mod accounts;
pub mod challenges;
mod common;
pub mod pairing;
mod postgres;
pub mod profiles;
mod sqlite;
#[cfg(test)]
mod suite;
pub mod tokens;

pub use accounts::AccountStore;
pub use challenges::ChallengeStore;
pub use pairing::PairingStore;
pub use postgres::{DEFAULT_POOL_SIZE, PostgresStore};
pub use profiles::ProfileStore;
pub use sqlite::SqliteStore;
pub use tokens::TokenStore;

/// What a room is, apart from its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomMeta {
    /// The room id.
    pub id: RoomId,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// Listed in the lobby while waiting.
    pub public: bool,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
    /// The start position (FEN).
    pub initial_fen: String,
    /// A rated game: its result changes both players' ratings.
    pub rated: bool,
    /// Who waits in it and on what terms, for a listed room (a seek).
    pub seek: SeekTerms,
}

/// A seek's player and conditions, kept with its room (stored as JSON, `NULL` when empty):
/// the signed-in creator of a listed room with their rating when it was created, the
/// ratings that may take the free seat, and whether the pools paired the game.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeekTerms {
    /// The signed-in creator of a listed room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeker: Option<protocol::Seeker>,
    /// The ratings that may take the free seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<protocol::RatingRange>,
    /// A game the quick-pairing pools started ([`crate::pairing`]; absent: not).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub pool: bool,
}

impl SeekTerms {
    /// Whether there is nothing to keep (stored as `NULL`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.seeker.is_none() && self.rating_range.is_none() && !self.pool
    }
}

/// SHA-256 of a seat's secret, in lower-case hex: what the store keeps instead of the secret.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SecretHash(pub String);

/// Where a room is in its life; stored with the room so that start-up reads live rooms only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// One seat is free: an invitation, listed in the lobby when public.
    Waiting,
    /// Both seats are taken and the game is not over.
    Playing,
    /// The game is over (including aborted games): a game record.
    Finished,
    /// Cancelled or expired before anyone took the other seat.
    Closed,
}

impl Phase {
    /// Every phase.
    pub const ALL: [Phase; 4] = [
        Phase::Waiting,
        Phase::Playing,
        Phase::Finished,
        Phase::Closed,
    ];

    /// `true` for the phases loaded at start-up (waiting and playing).
    #[must_use]
    pub const fn is_live(self) -> bool {
        matches!(self, Phase::Waiting | Phase::Playing)
    }

    /// The name stored in the database: `waiting`, `playing`, `finished` or `closed`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Finished => "finished",
            Phase::Closed => "closed",
        }
    }

    /// The phase of a stored name (see [`Phase::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How long one seat has been away, as stored (see [`AwayRecord`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct SeatAway {
    /// Time away in closed absences since the player's last move, in ms.
    pub away_ms: u64,
    /// Start of the current absence (ms since the Unix epoch), `None` while connected.
    pub offline_since_ms: Option<u64>,
}

/// The away countdown of a game in progress, stored when it changes so that a restart does
/// not reset it: each seat's time away as it stood after event `seq`. A seat that moved
/// after event `seq` has been back since (its time away starts again from zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct AwayRecord {
    /// The number of the room's last event when this was recorded.
    pub seq: u64,
    /// White's time away.
    pub white: SeatAway,
    /// Black's time away.
    pub black: SeatAway,
}

/// How long after it ended a cancelled, expired or aborted room is deleted by
/// [`Store::purge`]: a day, in ms.
pub const PURGE_AFTER_MS: u64 = 24 * 3600 * 1000;

/// Rooms [`Store::purge`] deletes in one transaction at most.
pub const PURGE_BATCH: usize = 1_000;

/// A room as stored: its settings, phase, the hashes of its seats' secrets and its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRoom {
    /// The settings.
    pub meta: RoomMeta,
    /// The room's phase after its last event.
    pub phase: Phase,
    /// The hash of each taken seat's secret.
    pub secrets: ByColor<Option<SecretHash>>,
    /// Every event, event 1 first.
    pub events: Vec<RoomEvent>,
    /// The away countdown last recorded ([`Store::save_away`]), if any.
    pub away: Option<AwayRecord>,
}

/// One atomic write of a room: all of it is stored, or none of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Append {
    /// The room.
    pub room: RoomId,
    /// The number of the first event (1-based; must follow the stored events exactly).
    pub first_seq: u64,
    /// The events, in order.
    pub events: Vec<RoomEvent>,
    /// Creates the room first: its first append.
    pub create: Option<RoomMeta>,
    /// Seats taken by these events, with the hash of the new secret.
    pub seats: Vec<(Color, SecretHash)>,
    /// The room's phase after these events, when it changes.
    pub phase: Option<Phase>,
    /// The ownership fence the writer holds (see [`Store::take_over`]): when `Some(f)`, the
    /// append is written only if the room's stored fence is `f` (a room created by this
    /// append is stored with fence `f`), and refused with [`StoreError::Fenced`] otherwise.
    /// `None` writes without checking (a single server; a created room gets fence 0).
    pub fence: Option<u64>,
    /// A rated game's new ratings, written with its game-over event (see [`RatingUpdate`]).
    pub ratings: Option<Box<RatingUpdate>>,
    /// A room created by quick pairing: its two pool tickets, each of which may be paired
    /// once only ([`StoreError::TicketUsed`]; see [`pairing`]).
    pub pairing: Option<Box<pairing::Pairing>>,
}

/// The ratings a rated game's result gives its players, written in the same transaction as
/// the game-over event: only if each player's stored rating in `perf` is still `before`
/// (else nothing of the append is written: [`StoreError::RatingsMoved`]), so that a result
/// is rated exactly once and two games ending at once for one player do not lose either.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingUpdate {
    /// The perf of the game.
    pub perf: rating::Perf,
    /// When the game was rated (ms since the Unix epoch).
    pub at_ms: u64,
    /// Each player: the account, the rating read before ([`rating::Rated::new`] for a first
    /// game of this perf) and the rating after.
    pub players: ByColor<(protocol::user::UserId, rating::Rated, rating::Rated)>,
}

impl Append {
    /// An append of `events` numbered from `first_seq`, changing nothing else, unfenced.
    #[must_use]
    pub fn events(room: RoomId, first_seq: u64, events: Vec<RoomEvent>) -> Append {
        Append {
            pairing: None,
            room,
            first_seq,
            events,
            create: None,
            seats: Vec::new(),
            phase: None,
            fence: None,
            ratings: None,
        }
    }
}

/// What start-up read: the live rooms, and how many rooms could not be read (each logged).
#[derive(Debug, Default)]
pub struct Loaded {
    /// Live rooms, oldest first (by creation time, then id).
    pub rooms: Vec<StoredRoom>,
    /// Rooms skipped because a row or an event of theirs could not be decoded.
    pub skipped: u64,
}

/// A storage failure.
#[derive(Debug)]
pub enum StoreError {
    /// The database cannot be reached or answered with an error; the text says what failed
    /// (never a password).
    Database(String),
    /// Event `seq` of `room` is already stored (or would leave a gap), or the room of a
    /// creating append already exists: another writer appended first, or the caller's count
    /// is wrong. Nothing was written.
    Conflict {
        /// The room.
        room: RoomId,
        /// The number of the first refused event.
        seq: u64,
    },
    /// The append carried an ownership fence that is not the room's: another node has taken
    /// the room over ([`Store::take_over`]). Nothing was written.
    Fenced {
        /// The room.
        room: RoomId,
        /// The room's stored fence.
        fence: u64,
    },
    /// No such room (an append to a room that was never created).
    UnknownRoom(RoomId),
    /// A stored row or event cannot be decoded.
    Corrupt {
        /// The room, if known.
        room: Option<String>,
        /// What is wrong.
        what: String,
    },
    /// The database was written by a newer server (its schema version is higher than ours).
    NewerSchema {
        /// The database's schema version.
        found: i64,
        /// The newest version this server knows.
        supported: i64,
    },
    /// The database file is held by another server (SQLite: one server a file; several
    /// nodes share PostgreSQL instead). Nothing was changed.
    InUse(String),
    /// The store has been closed, or its writer stopped.
    Stopped,
    /// A player's stored rating is no longer the one an append's [`RatingUpdate`] was
    /// computed from (another game of theirs was rated meanwhile). Nothing was written: read
    /// the ratings again and retry.
    RatingsMoved(String),
    /// A pool ticket of the append was paired into another room already (see
    /// [`pairing`]). Nothing was written: [`PairingStore::paired_room`] says where it went.
    TicketUsed(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Conflict { room, seq } => {
                write!(
                    f,
                    "room {room}: event {seq} is already stored or out of order"
                )
            }
            StoreError::Fenced { room, fence } => write!(
                f,
                "room {room} has been taken over (its fence is now {fence}): this writer no \
                 longer owns it"
            ),
            StoreError::UnknownRoom(room) => write!(f, "no stored room {room}"),
            StoreError::Corrupt {
                room: Some(r),
                what,
            } => write!(f, "room {r}: {what}"),
            StoreError::Corrupt { room: None, what } => write!(f, "corrupt database: {what}"),
            StoreError::NewerSchema { found, supported } => write!(
                f,
                "the database has schema version {found}, newer than this server's {supported}: \
                 it was written by a newer server; run that version, or restore a backup"
            ),
            StoreError::InUse(path) => write!(
                f,
                "another server has it open (it holds {path}.lock): stop that server first, or \
                 give this one its own --db (several nodes share a PostgreSQL database instead)"
            ),
            StoreError::Stopped => f.write_str("the store is closed"),
            StoreError::RatingsMoved(user) => write!(
                f,
                "the rating of {user} changed since it was read: read it again"
            ),
            StoreError::TicketUsed(ticket) => {
                write!(
                    f,
                    "pool ticket {ticket} was paired into another room already"
                )
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// The answer of a store read: resolved off the async runtime's threads (a database store
/// reads on a blocking thread or over the network), `'static` so that it can be awaited
/// anywhere. It must be polled inside a Tokio runtime.
pub type StoreFuture<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'static>>;

/// The future of [`Store::close`].
pub type CloseFuture = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Persistent storage of rooms and their event logs, and of accounts ([`AccountStore`]).
/// Every method may be called from any thread and none of them blocks: writes are queued,
/// reads return a [`StoreFuture`].
pub trait Store:
    AccountStore + ChallengeStore + PairingStore + ProfileStore + TokenStore + Send + Sync
{
    /// Writes `append` atomically without blocking the caller; the answer arrives on the
    /// receiver once it is durable (the receiver closing unanswered means the store went
    /// away). Appends to one room are written in the order they were made.
    ///
    /// Refusals, after which nothing of the append is stored: [`StoreError::Conflict`] (event
    /// `first_seq` is not the next one, or a created room exists), [`StoreError::Fenced`] (see
    /// [`Append::fence`]), [`StoreError::UnknownRoom`]; [`StoreError::Stopped`] once closed;
    /// [`StoreError::Database`] when the write failed.
    fn append(&self, append: Append) -> oneshot::Receiver<Result<(), StoreError>>;

    /// Every live room (waiting or playing), oldest first. A room whose row or events cannot
    /// be decoded is skipped, logged and counted, never stops the others.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the database cannot be read at all.
    fn load_live(&self) -> StoreFuture<Loaded>;

    /// One room, whatever its phase (`None` when there is no such room).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the read fails, [`StoreError::Corrupt`] when the room
    /// cannot be decoded.
    fn load_room(&self, id: &RoomId) -> StoreFuture<Option<StoredRoom>>;

    /// Takes room `id` over: in one transaction raises its ownership fence by one and reads
    /// the room. Returns the new fence and the room (`None`, changing nothing, when there is
    /// no such room). Once it has returned, every append carrying an older fence is refused
    /// with [`StoreError::Fenced`]; the new owner appends with the new fence.
    ///
    /// # Errors
    /// As [`Store::load_room`]; on an error the fence is not raised.
    fn take_over(&self, id: &RoomId) -> StoreFuture<Option<(u64, StoredRoom)>>;

    /// Records that the server is alive at `at_ms` (ms since the Unix epoch), without
    /// blocking; the stored stamp never moves back (the greatest of all stamps is kept). A
    /// restart charges running clocks up to the last such stamp.
    fn stamp_alive(&self, at_ms: u64);

    /// The last liveness stamp written before this process opened the store, ms since the
    /// Unix epoch (`None` when there is none).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the read fails.
    fn last_alive_ms(&self) -> StoreFuture<Option<u64>>;

    /// Records the away countdown of room `room` without blocking (queued like an append,
    /// unanswered; a failure is logged): [`Store::load_room`] and [`Store::load_live`] give
    /// back the latest one in [`StoredRoom::away`].
    fn save_away(&self, room: &RoomId, away: AwayRecord);

    /// Deletes the rooms, with their events, that were cancelled, expired or aborted (so with
    /// at most one move) and ended more than [`PURGE_AFTER_MS`] before `now_ms` (ms since
    /// the Unix epoch), [`PURGE_BATCH`] rooms a transaction; finished games with a result
    /// are kept. Returns how many rooms were deleted.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a batch fails (the batches before it stay deleted).
    fn purge(&self, now_ms: u64) -> StoreFuture<u64>;

    /// `Ok` while writes succeed (a refused append is not a failure); the error of the
    /// latest write while they fail, or [`StoreError::Stopped`] once closed.
    ///
    /// # Errors
    /// The latest write's failure, as text.
    fn health(&self) -> Result<(), String>;

    /// Checks, without writing, that the database is still there and answers: a trivial
    /// query (SQLite also checks that its path still names the file it opened: a deleted or
    /// replaced file takes writes that nobody will read again). Cheap enough to call every
    /// few seconds; the lobby does ([`crate::Lobby::health`]). Works after
    /// [`Store::close`] too.
    ///
    /// # Errors
    /// [`StoreError::Database`] saying what failed.
    fn probe(&self) -> StoreFuture<()>;

    /// Stops taking writes (later appends fail with [`StoreError::Stopped`] at once) and
    /// returns a future that completes once every write queued before is finished. Reads go
    /// on working. Calling it again does nothing more.
    fn close(&self) -> CloseFuture;
}

/// `true` when `spec` (a `--db` value) names a PostgreSQL database: it starts with
/// `postgres://` or `postgresql://` (in any case).
#[must_use]
pub fn is_postgres_url(spec: &str) -> bool {
    ["postgres://", "postgresql://"].iter().any(|scheme| {
        spec.get(..scheme.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
    })
}

/// What `spec` (a `--db` value) names, for messages: the SQLite file, or the PostgreSQL
/// database without its password.
#[must_use]
pub fn describe(spec: &str) -> String {
    if is_postgres_url(spec) {
        postgres::describe_url(spec)
    } else {
        Path::new(spec).display().to_string()
    }
}

/// Opens the database store that `spec` names: a `postgres://` or `postgresql://` URL opens
/// a [`PostgresStore`] with a pool of `pool_size` connections; anything else is the path of
/// a SQLite file, opened (created if missing) as a [`SqliteStore`].
///
/// # Errors
/// As [`SqliteStore::open`] and [`PostgresStore::open_with_pool`].
pub async fn open(spec: &str, pool_size: usize) -> Result<Arc<dyn Store>, StoreError> {
    if is_postgres_url(spec) {
        let store = PostgresStore::open_with_pool(spec, pool_size).await?;
        return Ok(Arc::new(store));
    }
    let path = Path::new(spec).to_owned();
    let store = tokio::task::spawn_blocking(move || SqliteStore::open(&path))
        .await
        .map_err(|e| StoreError::Database(format!("the opening task failed: {e}")))??;
    Ok(Arc::new(store))
}

/// A room of a [`MemoryStore`]: the room, its ownership fence, and when it ended with
/// whether it may be purged (see [`Store::purge`]).
#[derive(Debug)]
struct MemoryRoom {
    room: StoredRoom,
    fence: u64,
    ended: Option<(u64, bool)>,
}

/// Rooms kept in memory only (lost on restart).
#[derive(Debug, Default)]
pub struct MemoryStore {
    rooms: Mutex<Vec<MemoryRoom>>,
    accounts: Mutex<accounts::MemoryAccounts>,
    pairings: Mutex<pairing::MemoryPairings>,
    profiles: Mutex<profiles::MemoryProfiles>,
    challenges: Mutex<challenges::MemoryChallenges>,
}

impl MemoryStore {
    fn write(rooms: &mut Vec<MemoryRoom>, a: Append) -> Result<(), StoreError> {
        if let Some(meta) = &a.create {
            if meta.id != a.room {
                return Err(StoreError::UnknownRoom(a.room));
            }
            if rooms.iter().any(|r| r.room.meta.id == meta.id) {
                return Err(StoreError::Conflict {
                    room: meta.id.clone(),
                    seq: a.first_seq,
                });
            }
            rooms.push(MemoryRoom {
                room: StoredRoom {
                    meta: meta.clone(),
                    phase: Phase::Waiting,
                    secrets: ByColor::default(),
                    events: Vec::new(),
                    away: None,
                },
                fence: a.fence.unwrap_or(0),
                ended: None,
            });
        }
        let Some(r) = rooms.iter_mut().find(|r| r.room.meta.id == a.room) else {
            return Err(StoreError::UnknownRoom(a.room));
        };
        let last = i64::try_from(r.room.events.len()).ok();
        let fence = i64::try_from(r.fence).unwrap_or(i64::MAX);
        common::check_position(&a, Some((fence, last)))?;
        if let Some(end) = common::ending(&a) {
            r.ended = Some((end.ended_ms, end.purgeable));
        }
        let r = &mut r.room;
        r.events.extend(a.events);
        for (seat, hash) in a.seats {
            *r.secrets.get_mut(seat) = Some(hash);
        }
        if let Some(p) = a.phase {
            r.phase = p;
        }
        Ok(())
    }

    fn read<T>(&self, f: impl FnOnce(&mut Vec<MemoryRoom>) -> T) -> StoreFuture<T>
    where
        T: Send + 'static,
    {
        let r = match self.rooms.lock() {
            Ok(mut rooms) => Ok(f(&mut rooms)),
            Err(_) => Err(StoreError::Stopped),
        };
        Box::pin(std::future::ready(r))
    }
}

impl Store for MemoryStore {
    fn append(&self, append: Append) -> oneshot::Receiver<Result<(), StoreError>> {
        let (tx, rx) = oneshot::channel();
        let r = match self.rooms.lock() {
            Ok(mut rooms) => {
                let mut accounts = common::lock(&self.accounts);
                let mut pairings = common::lock(&self.pairings);
                let kept = append.clone();
                let pairing = append.pairing.clone();
                let room = append.room.clone();
                let checked = kept
                    .ratings
                    .as_deref()
                    .map_or(Ok(()), |r| accounts.check_ratings(r))
                    .and_then(|()| pairing.as_deref().map_or(Ok(()), |p| pairings.check(p)));
                checked
                    .and_then(|()| MemoryStore::write(&mut rooms, append))
                    .map(|()| {
                        if let Some(r) = &kept.ratings {
                            accounts.apply_ratings(r);
                        }
                        if let Some(p) = &pairing {
                            pairings.record(&room, p);
                        }
                        common::lock(&self.profiles).record(&kept, |u| accounts.exists(u));
                    })
            }
            Err(_) => Err(StoreError::Stopped),
        };
        let _ = tx.send(r);
        rx
    }

    fn load_live(&self) -> StoreFuture<Loaded> {
        self.read(|rooms| {
            let mut live: Vec<StoredRoom> = rooms
                .iter()
                .map(|r| &r.room)
                .filter(|r| r.phase.is_live())
                .cloned()
                .collect();
            live.sort_by(|a, b| {
                (a.meta.created_ms, &a.meta.id).cmp(&(b.meta.created_ms, &b.meta.id))
            });
            Loaded {
                rooms: live,
                skipped: 0,
            }
        })
    }

    fn load_room(&self, id: &RoomId) -> StoreFuture<Option<StoredRoom>> {
        let id = id.clone();
        self.read(move |rooms| {
            rooms
                .iter()
                .find(|r| r.room.meta.id == id)
                .map(|r| r.room.clone())
        })
    }

    fn take_over(&self, id: &RoomId) -> StoreFuture<Option<(u64, StoredRoom)>> {
        let id = id.clone();
        self.read(move |rooms| {
            let r = rooms.iter_mut().find(|r| r.room.meta.id == id)?;
            r.fence = r.fence.saturating_add(1);
            Some((r.fence, r.room.clone()))
        })
    }

    fn save_away(&self, room: &RoomId, away: AwayRecord) {
        if let Ok(mut rooms) = self.rooms.lock()
            && let Some(r) = rooms.iter_mut().find(|r| &r.room.meta.id == room)
        {
            r.room.away = Some(away);
        }
    }

    fn purge(&self, now_ms: u64) -> StoreFuture<u64> {
        let before = now_ms.saturating_sub(PURGE_AFTER_MS);
        let Ok(mut rooms) = self.rooms.lock() else {
            return Box::pin(std::future::ready(Err(StoreError::Stopped)));
        };
        let mut purged = std::collections::HashSet::new();
        rooms.retain(|r| {
            let gone = r
                .ended
                .is_some_and(|(at, purgeable)| purgeable && at < before);
            if gone {
                purged.insert(r.room.meta.id.clone());
            }
            !gone
        });
        common::lock(&self.pairings).forget(&purged);
        Box::pin(std::future::ready(Ok(purged.len() as u64)))
    }

    /// Memory does not outlive the process: there is nothing to stamp.
    fn stamp_alive(&self, _at_ms: u64) {}

    /// Always `None`: a memory store starts empty.
    fn last_alive_ms(&self) -> StoreFuture<Option<u64>> {
        Box::pin(std::future::ready(Ok(None)))
    }

    fn health(&self) -> Result<(), String> {
        Ok(())
    }

    /// Memory is always there.
    fn probe(&self) -> StoreFuture<()> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// Nothing to finish: every append is written when it is made.
    fn close(&self) -> CloseFuture {
        Box::pin(std::future::ready(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> RoomId {
        RoomId::from_bytes([n; 10])
    }

    fn meta(n: u8) -> RoomMeta {
        RoomMeta {
            rated: false,
            seek: crate::store::SeekTerms::default(),
            id: id(n),
            created_ms: u64::from(n),
            public: true,
            promotion: PromotionRule::Any,
            clock: None,
            initial_fen: "fen".into(),
        }
    }

    #[tokio::test]
    async fn memory_store_fences_and_keeps_phases() {
        let s = MemoryStore::default();
        let seat = RoomEvent::Seated {
            seat: Color::White,
            user: None,
            seat_rating: None,
        };
        let mut first = Append::events(id(1), 1, vec![seat.clone()]);
        first.create = Some(meta(1));
        first.seats = vec![(Color::White, SecretHash("h".into()))];
        assert!(matches!(s.append(first.clone()).await, Ok(Ok(()))));
        // The same room twice, and event 1 twice, are refused.
        assert!(matches!(
            s.append(first).await,
            Ok(Err(StoreError::Conflict { .. }))
        ));
        assert!(matches!(
            s.append(Append::events(id(1), 1, vec![seat.clone()])).await,
            Ok(Err(StoreError::Conflict { seq: 1, .. }))
        ));
        // Taken over: the old fence is refused, the new one writes.
        let (fence, room) = s.take_over(&id(1)).await.expect("read").expect("kept");
        assert_eq!((fence, room.events.len()), (1, 1));
        let mut old = Append::events(id(1), 2, vec![seat.clone()]);
        old.fence = Some(0);
        assert!(matches!(
            s.append(old).await,
            Ok(Err(StoreError::Fenced { fence: 1, .. }))
        ));
        assert!(s.take_over(&id(2)).await.expect("read").is_none());
        let mut close = Append::events(
            id(1),
            2,
            vec![RoomEvent::Closed {
                reason: protocol::CloseReason::Cancelled,
            }],
        );
        close.phase = Some(Phase::Closed);
        close.fence = Some(1);
        assert!(matches!(s.append(close).await, Ok(Ok(()))));
        assert!(s.load_live().await.expect("live").rooms.is_empty());
        let room = s.load_room(&id(1)).await.expect("read").expect("kept");
        assert_eq!(room.phase, Phase::Closed);
        assert_eq!(room.events.len(), 2);
        assert_eq!(room.secrets.white, Some(SecretHash("h".into())));
        assert!(s.load_room(&id(2)).await.expect("read").is_none());
    }

    #[test]
    fn phase_names_round_trip() {
        for p in Phase::ALL {
            assert_eq!(Phase::from_name(p.name()), Some(p));
        }
        assert_eq!(Phase::from_name("live"), None);
    }

    #[test]
    fn postgres_urls_are_told_from_paths() {
        for url in [
            "postgres://u@h/db",
            "postgresql://h",
            "POSTGRES://h/db",
            "PostgreSQL://u:p@h:1/db?x=y",
        ] {
            assert!(is_postgres_url(url), "{url}");
        }
        for path in [
            "asean-lobby.sqlite3",
            "./postgres://x",
            "postgres:/x",
            "postgres",
            "",
            "/var/lib/postgres/lobby.sqlite3",
        ] {
            assert!(!is_postgres_url(path), "{path}");
        }
        assert_eq!(describe("data/lobby.sqlite3"), "data/lobby.sqlite3");
    }
}
