//! Where rooms and their events are kept, so that a restart loses no game.
//!
//! [`Store`] is a small trait so that a shared store can serve several server nodes later;
//! [`SqliteStore`] (an embedded SQLite database with migrations) is the default and
//! [`MemoryStore`] serves tests and throwaway servers.

use std::fmt;
use std::path::Path;
use std::sync::Mutex;

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
    /// Every stored room, oldest first.
    ///
    /// # Errors
    /// When the read fails or a stored event cannot be decoded.
    fn load_all(&self) -> Result<Vec<StoredRoom>, StoreError>;
}

/// Rooms kept in memory only (lost on restart).
#[derive(Debug, Default)]
pub struct MemoryStore(Mutex<Vec<StoredRoom>>);

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
        let r = rooms
            .iter_mut()
            .find(|r| r.meta.id == room)
            .ok_or_else(|| StoreError(format!("no room {room}")))?;
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
        let r = rooms
            .iter_mut()
            .find(|r| r.meta.id == room)
            .ok_or_else(|| StoreError(format!("no room {room}")))?;
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

/// Rooms in an embedded SQLite database (WAL journal), migrated on open.
pub struct SqliteStore(Mutex<rusqlite::Connection>);

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
        Ok(SqliteStore(Mutex::new(conn)))
    }

    fn conn(&self) -> Result<std::sync::MutexGuard<'_, rusqlite::Connection>, StoreError> {
        self.0.lock().map_err(|_| StoreError("poisoned".into()))
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
        for (i, e) in events.iter().enumerate() {
            let json = serde_json::to_string(e).map_err(|e| StoreError(e.to_string()))?;
            tx.execute(
                "INSERT INTO events (room, seq, event) VALUES (?1, ?2, ?3)",
                rusqlite::params![room, (first_seq + i as u64) as i64, json],
            )?;
        }
        tx.commit()?;
        Ok(())
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
        for room in &mut rooms {
            let texts = ev.query_map([&room.meta.id], |r| r.get::<_, String>(0))?;
            for t in texts {
                let t = t?;
                room.events.push(serde_json::from_str(&t).map_err(|e| {
                    StoreError(format!("room {}: bad event {t}: {e}", room.meta.id))
                })?);
            }
        }
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
