//! Where rooms and their events are kept, so that a restart loses no game.
//!
//! [`Store`] is a small trait so that a shared store can serve several server nodes later;
//! [`SqliteStore`] (an embedded SQLite database with migrations) is the default and
//! [`MemoryStore`] serves tests and throwaway servers.

use std::fmt;
use std::path::Path;
use std::sync::{Mutex, mpsc};

use tokio::sync::oneshot;

use protocol::{PromotionRule, RoomEvent, TimeControl};
use rules::Color;

/// What a room is, apart from its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomMeta {
    /// The room id.
    pub id: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// Listed in the lobby.
    pub public: bool,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
    /// The start position.
    pub initial_fen: String,
}

/// A room as stored: its settings, the hashes of its seats' secrets and its events in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRoom {
    /// The settings.
    pub meta: RoomMeta,
    /// SHA-256 (hex) of White's seat secret, once taken.
    pub white_secret: Option<String>,
    /// SHA-256 (hex) of Black's seat secret, once taken.
    pub black_secret: Option<String>,
    /// Every event, event 1 first.
    pub events: Vec<RoomEvent>,
}

/// A storage failure.
#[derive(Debug)]
pub struct StoreError(String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage error: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// The store stopped answering.
    #[must_use]
    pub fn stopped() -> StoreError {
        StoreError("the store stopped".into())
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// Persistent storage of rooms and their event logs.
pub trait Store: Send + Sync {
    /// Records a new room.
    ///
    /// # Errors
    /// When the write fails.
    fn create_room(&self, meta: &RoomMeta) -> Result<(), StoreError>;
    /// Records the hash of a seat's secret.
    ///
    /// # Errors
    /// When the write fails.
    fn set_seat(&self, room: &str, seat: Color, secret_hash: &str) -> Result<(), StoreError>;
    /// Appends events numbered from `first_seq` (1-based, contiguous with what is stored).
    ///
    /// # Errors
    /// When the write fails; then nothing is appended.
    fn append_events(
        &self,
        room: &str,
        first_seq: u64,
        events: &[RoomEvent],
    ) -> Result<(), StoreError>;
    /// Appends events without blocking the caller: the answer arrives on the receiver. Stores
    /// that write to disk batch concurrent appends into one transaction (group commit).
    fn append_events_queued(
        &self,
        room: &str,
        first_seq: u64,
        events: Vec<RoomEvent>,
    ) -> oneshot::Receiver<Result<(), StoreError>> {
        let (tx, rx) = oneshot::channel();
        let _ = tx.send(self.append_events(room, first_seq, &events));
        rx
    }
    /// Every stored room, oldest first.
    ///
    /// # Errors
    /// When the read fails or a stored event cannot be decoded.
    fn load_all(&self) -> Result<Vec<StoredRoom>, StoreError>;
}

/// Rooms kept in memory only (lost on restart).
#[derive(Debug, Default)]
pub struct MemoryStore(Mutex<Vec<StoredRoom>>);

impl MemoryStore {
    fn find<'a>(rooms: &'a mut [StoredRoom], room: &str) -> Result<&'a mut StoredRoom, StoreError> {
        rooms
            .iter_mut()
            .find(|r| r.meta.id == room)
            .ok_or_else(|| StoreError(format!("no room {room}")))
    }
}

impl Store for MemoryStore {
    fn create_room(&self, meta: &RoomMeta) -> Result<(), StoreError> {
        let mut rooms = self.0.lock().map_err(|_| StoreError("poisoned".into()))?;
        rooms.push(StoredRoom {
            meta: meta.clone(),
            white_secret: None,
            black_secret: None,
            events: Vec::new(),
        });
        Ok(())
    }

    fn set_seat(&self, room: &str, seat: Color, secret_hash: &str) -> Result<(), StoreError> {
        let mut rooms = self.0.lock().map_err(|_| StoreError("poisoned".into()))?;
        let r = MemoryStore::find(&mut rooms, room)?;
        *match seat {
            Color::White => &mut r.white_secret,
            Color::Black => &mut r.black_secret,
        } = Some(secret_hash.to_owned());
        Ok(())
    }

    fn append_events(
        &self,
        room: &str,
        first_seq: u64,
        events: &[RoomEvent],
    ) -> Result<(), StoreError> {
        let mut rooms = self.0.lock().map_err(|_| StoreError("poisoned".into()))?;
        let r = MemoryStore::find(&mut rooms, room)?;
        if r.events.len() as u64 + 1 != first_seq {
            return Err(StoreError(format!(
                "event {first_seq} out of order in {room}"
            )));
        }
        r.events.extend_from_slice(events);
        Ok(())
    }

    fn load_all(&self) -> Result<Vec<StoredRoom>, StoreError> {
        Ok(self
            .0
            .lock()
            .map_err(|_| StoreError("poisoned".into()))?
            .clone())
    }
}

/// An append waiting for the writer thread.
struct Job {
    room: String,
    first_seq: u64,
    events: Vec<RoomEvent>,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// Rooms in an embedded SQLite database (WAL journal), migrated on open.
///
/// Event appends from the rooms go to a writer thread with its own connection, which commits
/// every append waiting at that moment in one transaction (group commit); a third connection
/// checkpoints the write-ahead log every second. The async runtime never waits on the disk.
pub struct SqliteStore {
    conn: Mutex<rusqlite::Connection>,
    writer: Mutex<mpsc::Sender<Job>>,
    /// Dropping it stops the checkpoint thread.
    _stop_checkpoints: mpsc::Sender<()>,
}

impl fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SqliteStore")
    }
}

/// Schema migrations, applied in order; `PRAGMA user_version` records how many ran.
const MIGRATIONS: &[&str] = &["
    CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        created_ms INTEGER NOT NULL,
        public INTEGER NOT NULL,
        promotion TEXT NOT NULL,
        clock_initial_secs INTEGER,
        clock_increment_secs INTEGER,
        initial_fen TEXT NOT NULL,
        white_secret TEXT,
        black_secret TEXT
    );
    CREATE TABLE events (
        room TEXT NOT NULL REFERENCES rooms(id),
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (room, seq)
    );
"];

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and runs pending migrations.
    ///
    /// # Errors
    /// When the file cannot be opened or a migration fails.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let mut conn = rusqlite::Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        for (i, sql) in MIGRATIONS
            .iter()
            .enumerate()
            .skip(usize::try_from(version).unwrap_or(0))
        {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.commit()?;
        }
        // Checkpoints are left to the writer thread.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mut writer_conn = rusqlite::Connection::open(path)?;
        writer_conn.pragma_update(None, "synchronous", "NORMAL")?;
        writer_conn.pragma_update(None, "foreign_keys", "ON")?;
        writer_conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        writer_conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // Checkpoints (which wait for the disk) run on their own connection and thread, so that
        // appends never wait for them: in WAL mode writers go on during a passive checkpoint.
        let checkpoint_conn = rusqlite::Connection::open(path)?;
        let (stop_checkpoints, stopped) = mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("lobby-checkpoint".into())
            .spawn(move || {
                // Runs until the store is dropped (the sender goes away).
                while let Err(mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(std::time::Duration::from_secs(1))
                {
                    let _ = checkpoint_conn.execute_batch("PRAGMA wal_checkpoint(PASSIVE);");
                }
            })
            .map_err(|e| StoreError(e.to_string()))?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("lobby-store".into())
            .spawn(move || writer(&mut writer_conn, &rx))
            .map_err(|e| StoreError(e.to_string()))?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            writer: Mutex::new(tx),
            _stop_checkpoints: stop_checkpoints,
        })
    }

    fn conn(&self) -> Result<std::sync::MutexGuard<'_, rusqlite::Connection>, StoreError> {
        self.conn.lock().map_err(|_| StoreError("poisoned".into()))
    }
}

fn insert_events(
    conn: &rusqlite::Connection,
    room: &str,
    first_seq: u64,
    events: &[RoomEvent],
) -> Result<(), StoreError> {
    let mut stmt =
        conn.prepare_cached("INSERT INTO events (room, seq, event) VALUES (?1, ?2, ?3)")?;
    for (i, e) in events.iter().enumerate() {
        let json = serde_json::to_string(e).map_err(|e| StoreError(e.to_string()))?;
        stmt.execute(rusqlite::params![room, (first_seq + i as u64) as i64, json])?;
    }
    Ok(())
}

/// The writer thread: group commit of queued appends until every sender is gone.
fn writer(conn: &mut rusqlite::Connection, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < 512
            && let Ok(job) = jobs.try_recv()
        {
            batch.push(job);
        }
        // Each append in its own savepoint, so that one failure does not fail the others.
        let mut results = Vec::with_capacity(batch.len());
        let outcome = (|| -> Result<(), StoreError> {
            let mut tx = conn.transaction()?;
            for job in &batch {
                let sp = tx.savepoint()?;
                let r = insert_events(&sp, &job.room, job.first_seq, &job.events);
                if r.is_ok() {
                    sp.commit()?;
                }
                results.push(r);
            }
            tx.commit()?;
            Ok(())
        })();
        match outcome {
            Ok(()) => {
                for (job, r) in batch.into_iter().zip(results) {
                    let _ = job.reply.send(r);
                }
            }
            Err(e) => {
                for job in batch {
                    let _ = job.reply.send(Err(StoreError(e.0.clone())));
                }
            }
        }
    }
}

impl Store for SqliteStore {
    fn create_room(&self, m: &RoomMeta) -> Result<(), StoreError> {
        self.conn()?.execute(
            "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
             clock_increment_secs, initial_fen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            rusqlite::params![
                m.id,
                m.created_ms as i64,
                m.public,
                m.promotion.name(),
                m.clock.map(|c| c.initial_secs),
                m.clock.map(|c| c.increment_secs),
                m.initial_fen
            ],
        )?;
        Ok(())
    }

    fn set_seat(&self, room: &str, seat: Color, secret_hash: &str) -> Result<(), StoreError> {
        let sql = match seat {
            Color::White => "UPDATE rooms SET white_secret = ?1 WHERE id = ?2",
            Color::Black => "UPDATE rooms SET black_secret = ?1 WHERE id = ?2",
        };
        self.conn()?
            .execute(sql, rusqlite::params![secret_hash, room])?;
        Ok(())
    }

    fn append_events(
        &self,
        room: &str,
        first_seq: u64,
        events: &[RoomEvent],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction()?;
        insert_events(&tx, room, first_seq, events)?;
        tx.commit()?;
        Ok(())
    }

    fn append_events_queued(
        &self,
        room: &str,
        first_seq: u64,
        events: Vec<RoomEvent>,
    ) -> oneshot::Receiver<Result<(), StoreError>> {
        let (reply, rx) = oneshot::channel();
        let job = Job {
            room: room.to_owned(),
            first_seq,
            events,
            reply,
        };
        match self.writer.lock() {
            Ok(w) => {
                if let Err(mpsc::SendError(job)) = w.send(job) {
                    let _ = job
                        .reply
                        .send(Err(StoreError("the store's writer has stopped".into())));
                }
            }
            Err(_) => {
                let _ = job.reply.send(Err(StoreError("poisoned".into())));
            }
        }
        rx
    }

    fn load_all(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let conn = self.conn()?;
        let mut rooms = Vec::new();
        let mut stmt = conn.prepare(
            "SELECT id, created_ms, public, promotion, clock_initial_secs, clock_increment_secs, \
             initial_fen, white_secret, black_secret FROM rooms ORDER BY created_ms, id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, bool>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<u32>>(4)?,
                r.get::<_, Option<u32>>(5)?,
                r.get::<_, String>(6)?,
                r.get::<_, Option<String>>(7)?,
                r.get::<_, Option<String>>(8)?,
            ))
        })?;
        for row in rows {
            let (id, created, public, promotion, ci, cinc, fen, ws, bs) = row?;
            let promotion = promotion
                .parse()
                .map_err(|_| StoreError(format!("room {id}: bad promotion {promotion}")))?;
            rooms.push(StoredRoom {
                meta: RoomMeta {
                    id,
                    created_ms: u64::try_from(created).unwrap_or(0),
                    public,
                    promotion,
                    clock: ci
                        .zip(cinc)
                        .map(|(initial_secs, increment_secs)| TimeControl {
                            initial_secs,
                            increment_secs,
                        }),
                    initial_fen: fen,
                },
                white_secret: ws,
                black_secret: bs,
                events: Vec::new(),
            });
        }
        let mut ev = conn.prepare("SELECT event FROM events WHERE room = ?1 ORDER BY seq")?;
        let mut unreadable = Vec::new();
        for room in &mut rooms {
            let texts = ev.query_map([&room.meta.id], |r| r.get::<_, String>(0))?;
            for t in texts {
                let t = t?;
                match serde_json::from_str(&t) {
                    Ok(e) => room.events.push(e),
                    Err(e) => {
                        // One unreadable room must not keep the others from loading.
                        tracing::error!("room {} skipped: unreadable event {t}: {e}", room.meta.id);
                        unreadable.push(room.meta.id.clone());
                        break;
                    }
                }
            }
        }
        rooms.retain(|r| !unreadable.contains(&r.meta.id));
        Ok(rooms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_round_trip_and_reopen() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let meta = RoomMeta {
            id: "abc".into(),
            created_ms: 5,
            public: true,
            promotion: PromotionRule::MetOnly,
            clock: Some(TimeControl {
                initial_secs: 300,
                increment_secs: 3,
            }),
            initial_fen: "fen".into(),
        };
        {
            let s = SqliteStore::open(&path).expect("open");
            s.create_room(&meta).expect("create");
            s.set_seat("abc", Color::Black, "hash").expect("seat");
            s.append_events("abc", 1, &[RoomEvent::Seated { seat: Color::Black }])
                .expect("append");
            assert!(
                s.append_events("abc", 1, &[RoomEvent::Seated { seat: Color::White }])
                    .is_err()
            );
        }
        let s = SqliteStore::open(&path).expect("reopen");
        let rooms = s.load_all().expect("load");
        assert_eq!(rooms.len(), 1);
        assert_eq!(rooms[0].meta, meta);
        assert_eq!(rooms[0].black_secret.as_deref(), Some("hash"));
        assert_eq!(
            rooms[0].events,
            vec![RoomEvent::Seated { seat: Color::Black }]
        );
    }
}
