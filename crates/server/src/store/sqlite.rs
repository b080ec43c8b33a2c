//! [`SqliteStore`]: rooms in an embedded SQLite database (WAL journal), migrated on open.
//!
//! Three connections share the file:
//!
//! - the *writer* thread owns one and commits every job waiting at that moment in one
//!   transaction (group commit), each [`Append`] in its own savepoint so that one refused
//!   append does not fail the others; liveness stamps ride in the same transactions;
//! - the *checkpoint* thread owns one and copies the write-ahead log into the database about
//!   every second (`PASSIVE`, never blocking the writer), truncating the log to zero bytes
//!   every 30 seconds (`TRUNCATE`) and at [`Store::close`];
//! - the store keeps one for reads ([`Store::load_live`], [`Store::load_room`]).
//!
//! The async runtime never waits on the disk: [`Store::append`] and [`Store::stamp_alive`]
//! only queue a job.
//!
//! Schema (`PRAGMA user_version` counts the migrations that ran):
//!
//! - `rooms`: one row per room with its settings, the seats' secret hashes and its `phase`
//!   ([`Phase::name`]), indexed by phase so that start-up reads the live rooms only;
//! - `events`: `(room, seq, event)` with `PRIMARY KEY (room, seq)`, the event as JSON: the
//!   key is the fence between writers (event N is stored once);
//! - `alive`: a single row, the last liveness stamp;
//! - `lobby_meta`: key/value counters; `rooms_created` counts the rooms ever created, so that
//!   an emptied database is noticed at start-up.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use protocol::{PromotionRule, RoomEvent, RoomId, TimeControl};
use rules::{ByColor, Color};
use rusqlite::types::{FromSql, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, Transaction, TransactionBehavior, params};
use tokio::sync::oneshot;

use super::{Append, Loaded, Phase, RoomMeta, SecretHash, Store, StoreError, StoredRoom};

/// How long a connection waits for a lock held by another connection before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How long the checkpoint connection waits for a lock. Short, because a `TRUNCATE`
/// checkpoint that waits for readers holds off the writer meanwhile; one that gives up simply
/// runs again later.
const CHECKPOINT_BUSY_TIMEOUT: Duration = Duration::from_millis(500);

/// The size, in bytes, the write-ahead log is cut back to after a checkpoint resets it.
const JOURNAL_SIZE_LIMIT: i64 = 4 * 1024 * 1024;

/// The time between two checkpoints of the write-ahead log.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Every how many checkpoints one is a `TRUNCATE` checkpoint (the others are `PASSIVE`).
const TRUNCATE_EVERY: u32 = 30;

/// The most jobs committed in one transaction.
const MAX_BATCH: usize = 512;

/// Schema migrations, applied in order; `PRAGMA user_version` records how many ran.
///
/// Migration 1 is the schema of the first servers: it must never change.
const MIGRATIONS: &[&str] = &[
    "
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
",
    // Phases (derived from the events of the rooms already stored: a game over is finished,
    // two taken seats are playing, anything else waits), the liveness stamp and the counter of
    // rooms created. `instr` rather than JSON functions: an unreadable event must not stop the
    // migration (its room is skipped when loaded instead).
    r#"
    ALTER TABLE rooms ADD COLUMN phase TEXT NOT NULL DEFAULT 'waiting';
    UPDATE rooms SET phase = 'playing'
        WHERE white_secret IS NOT NULL AND black_secret IS NOT NULL;
    UPDATE rooms SET phase = 'finished'
        WHERE id IN (SELECT room FROM events WHERE instr(event, '"kind":"game_over"') > 0);
    CREATE INDEX rooms_by_phase ON rooms (phase, created_ms, id);
    CREATE TABLE alive (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        at_ms INTEGER NOT NULL
    );
    CREATE TABLE lobby_meta (
        key TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    );
    INSERT INTO lobby_meta (key, value) SELECT 'rooms_created', count(*) FROM rooms;
"#,
];

/// The columns of a room row, in the order [`decode_room`] reads them.
const ROOM_COLUMNS: &str = "id, created_ms, public, promotion, clock_initial_secs, \
                            clock_increment_secs, initial_fen, white_secret, black_secret, phase";

/// The answer to one append.
type Reply = oneshot::Sender<Result<(), StoreError>>;

/// A job for the writer thread.
enum Job {
    /// Write an append, then answer.
    Append(Append, Reply),
    /// Write the liveness stamp (ms since the Unix epoch).
    Stamp(u64),
}

/// The background threads, until [`Store::close`] joins them.
struct Threads {
    writer: Option<JoinHandle<()>>,
    /// Dropping it stops the checkpoint thread.
    stop_checkpoints: Option<mpsc::Sender<()>>,
    checkpointer: Option<JoinHandle<()>>,
    closed: bool,
}

/// Rooms in an embedded SQLite database (WAL journal), migrated on open; see the module
/// documentation for its threads and schema.
///
/// Closing ([`Store::close`], or dropping the store) finishes the queued writes, stops the
/// threads and truncates the write-ahead log.
pub struct SqliteStore {
    path: PathBuf,
    /// The connection for reads (and the final checkpoint).
    reader: Mutex<Connection>,
    /// The writer's queue; `None` once closed.
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    threads: Mutex<Threads>,
    /// The failure of the latest write batch, `None` while writes succeed.
    failure: Arc<Mutex<Option<String>>>,
    /// Set when the writer thread ends (closed, or panicked).
    writer_done: Arc<AtomicBool>,
    /// The liveness stamp found when the store was opened.
    last_alive_ms: Option<u64>,
}

impl fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// Locks `m`, going on with the data of a poisoned lock (connections and queues stay usable
/// when a thread panicked while holding them).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `true` when `e` is a constraint violation (a unique key or foreign key refused the row).
fn is_constraint(e: &rusqlite::Error) -> bool {
    e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation)
}

/// Opens a connection to `path` with the settings every connection of the store uses.
fn connect(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "journal_size_limit", JOURNAL_SIZE_LIMIT)?;
    // Checkpoints are the checkpoint thread's job, never a committing writer's.
    conn.pragma_update(None, "wal_autocheckpoint", 0)?;
    Ok(conn)
}

/// The number of migrations this server knows: the newest schema version.
fn supported_version() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// Runs the pending migrations, each in its own transaction (taken with the write lock, so
/// that two servers opening the same file do not both migrate).
///
/// # Errors
/// [`StoreError::NewerSchema`] when the database is newer than this server, or the failure
/// of a migration (which then leaves the database at the previous version).
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let supported = supported_version();
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version > supported {
            return Err(StoreError::NewerSchema {
                found: version,
                supported,
            });
        }
        let Some(sql) = usize::try_from(version)
            .ok()
            .and_then(|v| MIGRATIONS.get(v))
        else {
            return Ok(());
        };
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
        tracing::info!("database migrated to schema version {}", version + 1);
    }
}

/// `true` when the database says rooms were created but holds none: rooms were lost.
fn rooms_lost(conn: &Connection) -> Result<bool, StoreError> {
    let created: Option<i64> = conn
        .query_row(
            "SELECT value FROM lobby_meta WHERE key = 'rooms_created'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    let any: bool = conn.query_row("SELECT EXISTS (SELECT 1 FROM rooms)", [], |r| r.get(0))?;
    Ok(created.unwrap_or(0) > 0 && !any)
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, runs pending migrations, and starts
    /// the writer and checkpoint threads.
    ///
    /// An existing file of zero bytes is opened as a new database, with a loud error in the
    /// log (a lost database should not go unnoticed); so is a database that counts created
    /// rooms but holds none.
    ///
    /// # Errors
    /// [`StoreError::NewerSchema`] when the database was written by a newer server (it is left
    /// untouched), [`StoreError::Database`] when the file cannot be opened, is not a database,
    /// or a migration fails.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0) {
            tracing::error!(
                "the lobby database {} is an EMPTY file (0 bytes): starting a NEW, EMPTY lobby. \
                 If this server had rooms, the database was lost or truncated: stop the server \
                 and restore a backup",
                path.display()
            );
        }
        let mut conn = connect(path)?;
        // Refuse a newer database before changing anything in it (even its journal mode).
        let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let supported = supported_version();
        if found > supported {
            return Err(StoreError::NewerSchema { found, supported });
        }
        if found < 0 {
            return Err(StoreError::Corrupt {
                room: None,
                what: format!("negative schema version {found}"),
            });
        }
        let mode: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            tracing::warn!(
                "the lobby database {} is in journal mode {mode}, not WAL",
                path.display()
            );
        }
        migrate(&mut conn)?;
        let last_alive_ms = match conn
            .query_row("SELECT at_ms FROM alive WHERE id = 1", [], |r| {
                r.get::<_, i64>(0)
            })
            .optional()?
        {
            Some(at) => {
                let at = u64::try_from(at).ok();
                if at.is_none() {
                    tracing::error!("the stored liveness stamp is negative: ignored");
                }
                at
            }
            None => None,
        };
        if rooms_lost(&conn)? {
            tracing::error!(
                "the lobby database {} counts created rooms but holds NONE: its rooms were \
                 lost (deleted or replaced); a NEW, EMPTY lobby is starting. Stop the server \
                 and restore a backup if that is wrong",
                path.display()
            );
        }

        let failure = Arc::new(Mutex::new(None));
        let writer_done = Arc::new(AtomicBool::new(false));
        let checkpoint_conn = connect(path)?;
        checkpoint_conn.busy_timeout(CHECKPOINT_BUSY_TIMEOUT)?;
        let writer_conn = connect(path)?;
        let (stop_checkpoints, stopped) = mpsc::channel::<()>();
        let checkpointer = std::thread::Builder::new()
            .name("lobby-checkpoint".into())
            .spawn(move || run_checkpoints(&checkpoint_conn, &stopped))
            .map_err(|e| StoreError::Database(format!("cannot start a thread: {e}")))?;
        let (jobs, queue) = mpsc::channel::<Job>();
        let writer = {
            let failure = Arc::clone(&failure);
            let done = SetOnDrop(Arc::clone(&writer_done));
            std::thread::Builder::new()
                .name("lobby-store".into())
                .spawn(move || {
                    let _done = done;
                    run_writer(writer_conn, &queue, &failure);
                })
                .map_err(|e| StoreError::Database(format!("cannot start a thread: {e}")))?
        };
        Ok(SqliteStore {
            path: path.to_owned(),
            reader: Mutex::new(conn),
            jobs: Mutex::new(Some(jobs)),
            threads: Mutex::new(Threads {
                writer: Some(writer),
                stop_checkpoints: Some(stop_checkpoints),
                checkpointer: Some(checkpointer),
                closed: false,
            }),
            failure,
            writer_done,
            last_alive_ms,
        })
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Sets its flag when dropped: when the thread that holds it ends, even by a panic.
struct SetOnDrop(Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// A checkpoint mode of `PRAGMA wal_checkpoint`.
#[derive(Debug, Clone, Copy)]
enum Checkpoint {
    /// Copies what it can without waiting for anyone.
    Passive,
    /// Copies everything, waits for readers, then truncates the log to zero bytes.
    Truncate,
}

/// Runs one checkpoint; `Ok(false)` when it could not finish (another connection was busy).
fn checkpoint(conn: &Connection, mode: Checkpoint) -> Result<bool, rusqlite::Error> {
    let sql = match mode {
        Checkpoint::Passive => "PRAGMA wal_checkpoint(PASSIVE)",
        Checkpoint::Truncate => "PRAGMA wal_checkpoint(TRUNCATE)",
    };
    conn.query_row(sql, [], |r| r.get::<_, i64>(0))
        .map(|busy| busy == 0)
}

/// The checkpoint thread: a checkpoint every [`CHECKPOINT_EVERY`] until `stop`'s sender is
/// dropped. In WAL mode the writer goes on during a passive checkpoint.
fn run_checkpoints(conn: &Connection, stop: &mpsc::Receiver<()>) {
    let mut ticks: u32 = 0;
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY) {
        ticks = ticks.wrapping_add(1);
        let mode = if ticks.is_multiple_of(TRUNCATE_EVERY) {
            Checkpoint::Truncate
        } else {
            Checkpoint::Passive
        };
        match checkpoint(conn, mode) {
            Ok(true) => {}
            Ok(false) => tracing::debug!("{mode:?} checkpoint of the lobby database was busy"),
            Err(e) => tracing::warn!("{mode:?} checkpoint of the lobby database failed: {e}"),
        }
    }
}

/// The writer thread: group commit of the queued jobs until the queue's sender is dropped
/// and the queue is empty.
fn run_writer(mut conn: Connection, queue: &mpsc::Receiver<Job>, failure: &Mutex<Option<String>>) {
    while let Ok(first) = queue.recv() {
        let mut appends = Vec::new();
        let mut stamp: Option<u64> = None;
        let mut next = Some(first);
        let mut taken = 0;
        while let Some(job) = next {
            match job {
                Job::Append(a, reply) => appends.push((a, reply)),
                Job::Stamp(at) => stamp = Some(stamp.map_or(at, |s| s.max(at))),
            }
            taken += 1;
            next = if taken < MAX_BATCH {
                queue.try_recv().ok()
            } else {
                None
            };
        }
        write_batch(&mut conn, appends, stamp, failure);
    }
}

/// Runs `f` in a savepoint of `tx`: kept when `f` succeeds, rolled back when it fails.
///
/// The inner result is `f`'s; the outer error means the whole transaction is lost (the
/// savepoint could not be released or rolled back, or SQLite rolled the transaction back).
fn in_savepoint(
    tx: &mut Transaction<'_>,
    f: impl FnOnce(&Connection) -> Result<(), StoreError>,
) -> Result<Result<(), StoreError>, StoreError> {
    let sp = tx.savepoint()?;
    let r = f(&sp);
    if r.is_ok() {
        sp.commit()?;
    } else {
        // Rolls back to the savepoint and releases it.
        sp.finish()?;
    }
    if tx.is_autocommit() {
        return Err(StoreError::Database(
            "the transaction was rolled back by the database".into(),
        ));
    }
    Ok(r)
}

/// Writes one batch in one transaction, records its health, then answers every append.
fn write_batch(
    conn: &mut Connection,
    appends: Vec<(Append, Reply)>,
    stamp: Option<u64>,
    failure: &Mutex<Option<String>>,
) {
    let mut results: Vec<Result<(), StoreError>> = Vec::with_capacity(appends.len());
    let mut stamp_failed: Option<StoreError> = None;
    let outcome = (|| -> Result<(), StoreError> {
        let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        for (a, _) in &appends {
            let r = in_savepoint(&mut tx, |c| write_append(c, a))?;
            results.push(r);
        }
        if let Some(at) = stamp
            && let Err(e) = in_savepoint(&mut tx, |c| write_stamp(c, at))?
        {
            stamp_failed = Some(e);
        }
        tx.commit()?;
        Ok(())
    })();
    // The health of this batch: a database error (not a refused append) is a failure.
    let now_failing = match &outcome {
        Err(e) => Some(e.to_string()),
        Ok(()) => results
            .iter()
            .filter_map(|r| r.as_ref().err())
            .chain(stamp_failed.as_ref())
            .find(|e| matches!(e, StoreError::Database(_)))
            .map(ToString::to_string),
    };
    {
        let mut f = lock(failure);
        match (&*f, &now_failing) {
            (None, Some(e)) => tracing::error!("writes to the lobby database fail: {e}"),
            (Some(_), None) => tracing::info!("writes to the lobby database succeed again"),
            _ => {}
        }
        *f = now_failing;
    }
    let batch_error = outcome.err().map(|e| e.to_string());
    let mut results = results.into_iter();
    for (_, reply) in appends {
        let r = match (results.next(), &batch_error) {
            (None | Some(Ok(())), None) => Ok(()),
            // A refused append stays refused (nothing of it was written either way).
            (Some(Err(e)), _) if !matches!(e, StoreError::Database(_)) => Err(e),
            (Some(Err(e)), None) => Err(e),
            (_, Some(batch)) => Err(StoreError::Database(batch.clone())),
        };
        let _ = reply.send(r);
    }
}

/// Writes the liveness stamp `at_ms` (ms since the Unix epoch).
fn write_stamp(conn: &Connection, at_ms: u64) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO alive (id, at_ms) VALUES (1, ?1) \
         ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms",
    )?
    .execute([i64::try_from(at_ms).unwrap_or(i64::MAX)])?;
    Ok(())
}

/// Writes one append (in the caller's savepoint: on an error, the caller rolls it back).
fn write_append(conn: &Connection, a: &Append) -> Result<(), StoreError> {
    let room = a.room.as_str();
    let conflict = |seq: u64| StoreError::Conflict {
        room: a.room.clone(),
        seq,
    };
    let first = i64::try_from(a.first_seq).map_err(|_| conflict(a.first_seq))?;
    if let Some(m) = &a.create {
        let created_ms = i64::try_from(m.created_ms).map_err(|_| StoreError::Corrupt {
            room: Some(m.id.to_string()),
            what: format!("creation time {} out of range", m.created_ms),
        })?;
        let inserted = conn
            .prepare_cached(
                "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
                 clock_increment_secs, initial_fen, phase) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                m.id.as_str(),
                created_ms,
                m.public,
                m.promotion.name(),
                m.clock.map(|c| c.initial_secs),
                m.clock.map(|c| c.increment_secs),
                m.initial_fen,
                Phase::Waiting.name(),
            ]);
        match inserted {
            Err(e) if is_constraint(&e) => return Err(conflict(a.first_seq)),
            r => r?,
        };
        conn.prepare_cached(
            "INSERT INTO lobby_meta (key, value) VALUES ('rooms_created', 1) \
             ON CONFLICT (key) DO UPDATE SET value = value + 1",
        )?
        .execute([])?;
    }
    // The fence: the new events must follow the stored ones exactly.
    let (exists, last): (bool, Option<i64>) = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM rooms WHERE id = ?1), \
             (SELECT max(seq) FROM events WHERE room = ?1)",
        )?
        .query_row([room], |r| Ok((r.get(0)?, r.get(1)?)))?;
    if !exists {
        return Err(StoreError::UnknownRoom(a.room.clone()));
    }
    if last.unwrap_or(0).checked_add(1) != Some(first) {
        return Err(conflict(a.first_seq));
    }
    for (seat, hash) in &a.seats {
        let sql = match seat {
            Color::White => "UPDATE rooms SET white_secret = ?1 WHERE id = ?2",
            Color::Black => "UPDATE rooms SET black_secret = ?1 WHERE id = ?2",
        };
        conn.prepare_cached(sql)?.execute([hash.0.as_str(), room])?;
    }
    let mut insert =
        conn.prepare_cached("INSERT INTO events (room, seq, event) VALUES (?1, ?2, ?3)")?;
    for (seq, e) in (a.first_seq..).zip(&a.events) {
        let json = serde_json::to_string(e).map_err(|e| StoreError::Corrupt {
            room: Some(room.to_owned()),
            what: format!("event {seq} cannot be encoded: {e}"),
        })?;
        let n = i64::try_from(seq).map_err(|_| conflict(seq))?;
        match insert.execute(params![room, n, json]) {
            Err(e) if is_constraint(&e) => return Err(conflict(seq)),
            r => r?,
        };
    }
    if let Some(p) = a.phase {
        conn.prepare_cached("UPDATE rooms SET phase = ?1 WHERE id = ?2")?
            .execute([p.name(), room])?;
    }
    Ok(())
}

/// A room row that cannot be decoded: its id as stored (for the log) and what is wrong.
#[derive(Debug)]
struct BadRow {
    id: String,
    what: String,
}

/// Column `i` of `row` as a `T`, or what is wrong with it.
fn column<T: FromSql>(row: &Row<'_>, i: usize, name: &str) -> Result<T, String> {
    row.get(i).map_err(|e| format!("bad {name}: {e}"))
}

/// The text of a column, whatever its type, for the log.
fn column_text(row: &Row<'_>, i: usize) -> String {
    match row.get_ref(i) {
        Ok(ValueRef::Text(t)) => String::from_utf8_lossy(t).into_owned(),
        Ok(ValueRef::Integer(n)) => n.to_string(),
        Ok(v) => format!("{v:?}"),
        Err(e) => format!("? ({e})"),
    }
}

/// Decodes a row of [`ROOM_COLUMNS`] (without its events).
fn decode_room(row: &Row<'_>) -> Result<StoredRoom, BadRow> {
    let raw_id = column_text(row, 0);
    let decode = || -> Result<StoredRoom, String> {
        let id: RoomId = match row.get_ref(0) {
            Ok(ValueRef::Text(t)) => std::str::from_utf8(t).ok().and_then(|s| s.parse().ok()),
            _ => None,
        }
        .ok_or("the id is not a room id (20 lower-case hex digits)")?;
        let created: i64 = column(row, 1, "creation time")?;
        let created_ms =
            u64::try_from(created).map_err(|_| format!("negative creation time {created}"))?;
        let public: bool = column(row, 2, "public flag")?;
        let promotion: String = column(row, 3, "promotion rule")?;
        let promotion: PromotionRule = promotion
            .parse()
            .map_err(|_| format!("unknown promotion rule {promotion:?}"))?;
        let initial: Option<u32> = column(row, 4, "initial clock time")?;
        let increment: Option<u32> = column(row, 5, "clock increment")?;
        let clock = match (initial, increment) {
            (Some(initial_secs), Some(increment_secs)) => Some(TimeControl {
                initial_secs,
                increment_secs,
            }),
            (None, None) => None,
            _ => return Err("a clock with only one of its two times".into()),
        };
        let initial_fen: String = column(row, 6, "start position")?;
        let white: Option<String> = column(row, 7, "White's secret hash")?;
        let black: Option<String> = column(row, 8, "Black's secret hash")?;
        let phase: String = column(row, 9, "phase")?;
        let phase = Phase::from_name(&phase).ok_or_else(|| format!("unknown phase {phase:?}"))?;
        Ok(StoredRoom {
            meta: RoomMeta {
                id,
                created_ms,
                public,
                promotion,
                clock,
                initial_fen,
            },
            phase,
            secrets: ByColor {
                white: white.map(SecretHash),
                black: black.map(SecretHash),
            },
            events: Vec::new(),
        })
    };
    decode().map_err(|what| BadRow { id: raw_id, what })
}

/// Decodes an event from columns 1 (`seq`) and 2 (`event`) of `row`, which must be event
/// number `expected` (events are numbered from 1 without gaps).
fn decode_event(row: &Row<'_>, expected: usize) -> Result<RoomEvent, String> {
    let seq: i64 = column(row, 1, "event number")?;
    if usize::try_from(seq).ok() != Some(expected) {
        return Err(format!("event {expected} is missing (found event {seq})"));
    }
    let text = match row.get_ref(2) {
        Ok(ValueRef::Text(t)) => {
            std::str::from_utf8(t).map_err(|e| format!("event {seq} is not UTF-8: {e}"))?
        }
        _ => return Err(format!("event {seq} is not text")),
    };
    serde_json::from_str(text).map_err(|e| {
        format!(
            "event {seq} cannot be read ({e}): {}",
            shortened(text, LOGGED_TEXT_CHARS)
        )
    })
}

/// How much of an unreadable event is quoted in the log, in characters.
const LOGGED_TEXT_CHARS: usize = 200;

/// `text`, cut after `max` characters (marked with `…`).
fn shortened(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// `WHERE` terms selecting the rows whose phase is none of [`Phase::ALL`], as ranges between
/// the known names (so that the phase index answers them without reading the known rows).
fn unknown_phase_condition() -> String {
    let mut names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
    names.sort_unstable();
    let mut terms = Vec::with_capacity(names.len() + 1);
    let mut below: Option<&str> = None;
    for name in names {
        terms.push(match below {
            None => format!("phase < '{name}'"),
            Some(b) => format!("(phase > '{b}' AND phase < '{name}')"),
        });
        below = Some(name);
    }
    if let Some(b) = below {
        terms.push(format!("phase > '{b}'"));
    }
    terms.join(" OR ")
}

/// Reads the live rooms in one read transaction; see [`Store::load_live`].
fn load_live(conn: &mut Connection) -> Result<Loaded, StoreError> {
    let tx = conn.transaction()?;
    let live = [Phase::Waiting.name(), Phase::Playing.name()];
    let mut rooms: Vec<Option<StoredRoom>> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut skipped: u64 = 0;
    {
        let mut stmt = tx.prepare(&format!(
            "SELECT {ROOM_COLUMNS} FROM rooms WHERE phase IN (?1, ?2) ORDER BY created_ms, id"
        ))?;
        let mut rows = stmt.query(live)?;
        while let Some(row) = rows.next()? {
            match decode_room(row) {
                Ok(room) => {
                    index.insert(room.meta.id.as_str().to_owned(), rooms.len());
                    rooms.push(Some(room));
                }
                Err(bad) => {
                    tracing::error!("room {:?} skipped: {}", bad.id, bad.what);
                    skipped += 1;
                }
            }
        }
    }
    {
        let mut stmt = tx.prepare(&format!(
            "SELECT id, phase FROM rooms WHERE {}",
            unknown_phase_condition()
        ))?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            tracing::error!(
                "room {:?} skipped: unknown phase {:?}",
                column_text(row, 0),
                column_text(row, 1)
            );
            skipped += 1;
        }
    }
    {
        // Every event of the live rooms in one query: rooms first (through the phase index),
        // then each room's events through the (room, seq) key.
        let mut stmt = tx.prepare(
            "SELECT r.id, e.seq, e.event FROM rooms AS r CROSS JOIN events AS e ON e.room = r.id \
             WHERE r.phase IN (?1, ?2) ORDER BY r.id, e.seq",
        )?;
        let mut rows = stmt.query(live)?;
        while let Some(row) = rows.next()? {
            let Ok(ValueRef::Text(id)) = row.get_ref(0) else {
                continue; // a room whose id is not text was skipped above
            };
            let Some(&i) = std::str::from_utf8(id).ok().and_then(|id| index.get(id)) else {
                continue;
            };
            let Some(room) = rooms.get_mut(i).and_then(Option::as_mut) else {
                continue; // already skipped for an earlier event
            };
            match decode_event(row, room.events.len() + 1) {
                Ok(e) => room.events.push(e),
                Err(what) => {
                    tracing::error!("room {} skipped: {what}", room.meta.id);
                    skipped += 1;
                    rooms[i] = None;
                }
            }
        }
    }
    tx.commit()?;
    Ok(Loaded {
        rooms: rooms.into_iter().flatten().collect(),
        skipped,
    })
}

/// Reads one room in one read transaction; see [`Store::load_room`].
fn load_room(conn: &mut Connection, id: &RoomId) -> Result<Option<StoredRoom>, StoreError> {
    let tx = conn.transaction()?;
    let row = tx
        .query_row(
            &format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = ?1"),
            [id.as_str()],
            |row| Ok(decode_room(row)),
        )
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    let mut room = row.map_err(|bad| StoreError::Corrupt {
        room: Some(bad.id),
        what: bad.what,
    })?;
    {
        let mut stmt =
            tx.prepare_cached("SELECT room, seq, event FROM events WHERE room = ?1 ORDER BY seq")?;
        let mut rows = stmt.query([id.as_str()])?;
        while let Some(row) = rows.next()? {
            let e =
                decode_event(row, room.events.len() + 1).map_err(|what| StoreError::Corrupt {
                    room: Some(id.to_string()),
                    what,
                })?;
            room.events.push(e);
        }
    }
    tx.commit()?;
    Ok(Some(room))
}

impl Store for SqliteStore {
    fn append(&self, append: Append) -> oneshot::Receiver<Result<(), StoreError>> {
        let (reply, rx) = oneshot::channel();
        match lock(&self.jobs).as_ref() {
            Some(jobs) => {
                if let Err(mpsc::SendError(Job::Append(_, reply))) =
                    jobs.send(Job::Append(append, reply))
                {
                    let _ = reply.send(Err(StoreError::Stopped));
                }
            }
            None => {
                let _ = reply.send(Err(StoreError::Stopped));
            }
        }
        rx
    }

    fn load_live(&self) -> Result<Loaded, StoreError> {
        load_live(&mut lock(&self.reader))
    }

    fn load_room(&self, id: &RoomId) -> Result<Option<StoredRoom>, StoreError> {
        load_room(&mut lock(&self.reader), id)
    }

    fn stamp_alive(&self, at_ms: u64) {
        let sent = lock(&self.jobs)
            .as_ref()
            .is_some_and(|jobs| jobs.send(Job::Stamp(at_ms)).is_ok());
        if !sent {
            tracing::debug!("liveness stamp not written: the store is closed");
        }
    }

    fn last_alive_ms(&self) -> Result<Option<u64>, StoreError> {
        Ok(self.last_alive_ms)
    }

    fn health(&self) -> Result<(), String> {
        if lock(&self.jobs).is_none() {
            return Err(StoreError::Stopped.to_string());
        }
        if self.writer_done.load(Ordering::SeqCst) {
            return Err("the store's writer thread stopped".into());
        }
        match &*lock(&self.failure) {
            None => Ok(()),
            Some(e) => Err(e.clone()),
        }
    }

    fn close(&self) {
        // Later appends get `Stopped`; the writer ends once the queue is empty.
        drop(lock(&self.jobs).take());
        let mut threads = lock(&self.threads);
        if threads.closed {
            return;
        }
        threads.closed = true;
        if let Some(writer) = threads.writer.take()
            && writer.join().is_err()
        {
            tracing::error!("the lobby database's writer thread panicked");
        }
        drop(threads.stop_checkpoints.take());
        if let Some(c) = threads.checkpointer.take()
            && c.join().is_err()
        {
            tracing::error!("the lobby database's checkpoint thread panicked");
        }
        match checkpoint(&lock(&self.reader), Checkpoint::Truncate) {
            Ok(true) => {}
            Ok(false) => tracing::warn!("the final checkpoint of the lobby database was busy"),
            Err(e) => tracing::warn!("the final checkpoint of the lobby database failed: {e}"),
        }
    }
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{CloseReason, GameResult, ResultReason};

    fn id(n: u8) -> RoomId {
        RoomId::from_bytes([n; 10])
    }

    fn meta(n: u8) -> RoomMeta {
        RoomMeta {
            id: id(n),
            created_ms: 1_000 + u64::from(n),
            public: n.is_multiple_of(2),
            promotion: PromotionRule::MetOnly,
            clock: (n % 2 == 1).then_some(TimeControl {
                initial_secs: 300,
                increment_secs: 3,
            }),
            initial_fen: format!("fen {n}"),
        }
    }

    fn hash(s: &str) -> SecretHash {
        SecretHash(s.into())
    }

    fn seated(seat: Color) -> RoomEvent {
        RoomEvent::Seated { seat }
    }

    fn moved(ply: u32) -> RoomEvent {
        RoomEvent::Moved {
            ply,
            uci: "e3e4".into(),
            san: "e4".into(),
            clocks: None,
            at_ms: Some(5_000 + u64::from(ply)),
        }
    }

    fn game_over() -> RoomEvent {
        RoomEvent::GameOver {
            result: GameResult::win(Color::White, ResultReason::Resignation),
            winner: Some(Color::White),
            at_ms: None,
        }
    }

    /// The first append of room `n`: created, White seated.
    fn create(n: u8) -> Append {
        let mut a = Append::events(id(n), 1, vec![seated(Color::White)]);
        a.create = Some(meta(n));
        a.seats = vec![(Color::White, hash("w"))];
        a
    }

    /// Black takes the seat of room `n` (event 2): playing.
    fn join(n: u8) -> Append {
        let mut a = Append::events(id(n), 2, vec![seated(Color::Black)]);
        a.seats = vec![(Color::Black, hash("b"))];
        a.phase = Some(Phase::Playing);
        a
    }

    fn write(s: &SqliteStore, a: Append) -> Result<(), StoreError> {
        s.append(a)
            .blocking_recv()
            .unwrap_or(Err(StoreError::Stopped))
    }

    fn raw(path: &Path) -> Connection {
        let c = Connection::open(path).expect("raw connection");
        c.busy_timeout(BUSY_TIMEOUT).expect("busy timeout");
        c
    }

    fn ids(loaded: &Loaded) -> Vec<RoomId> {
        loaded.rooms.iter().map(|r| r.meta.id.clone()).collect()
    }

    #[test]
    fn round_trip_and_reopen() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        {
            let s = SqliteStore::open(&path).expect("open");
            assert_eq!(s.last_alive_ms().expect("alive"), None);
            write(&s, create(1)).expect("create");
            write(&s, join(1)).expect("join");
            write(&s, Append::events(id(1), 3, vec![moved(0), moved(1)])).expect("moves");
            s.stamp_alive(1_234);
            s.close();
        }
        let s = SqliteStore::open(&path).expect("reopen");
        assert_eq!(s.last_alive_ms().expect("alive"), Some(1_234));
        let expected = StoredRoom {
            meta: meta(1),
            phase: Phase::Playing,
            secrets: ByColor {
                white: Some(hash("w")),
                black: Some(hash("b")),
            },
            events: vec![
                seated(Color::White),
                seated(Color::Black),
                moved(0),
                moved(1),
            ],
        };
        let loaded = s.load_live().expect("load");
        assert_eq!(loaded.skipped, 0);
        assert_eq!(loaded.rooms, vec![expected.clone()]);
        assert_eq!(s.load_room(&id(1)).expect("room"), Some(expected));
        assert_eq!(s.load_room(&id(2)).expect("room"), None);
        // A new stamp is written, but the one found at opening is kept.
        s.stamp_alive(9_999);
        write(&s, Append::events(id(1), 5, vec![moved(2)])).expect("move");
        assert_eq!(s.last_alive_ms().expect("alive"), Some(1_234));
        let stamp: i64 = raw(&path)
            .query_row("SELECT at_ms FROM alive", [], |r| r.get(0))
            .expect("stamp");
        assert_eq!(stamp, 9_999);
        let created: i64 = raw(&path)
            .query_row(
                "SELECT value FROM lobby_meta WHERE key = 'rooms_created'",
                [],
                |r| r.get(0),
            )
            .expect("counter");
        assert_eq!(created, 1);
        assert!(s.health().is_ok());
    }

    #[test]
    fn dropping_the_store_finishes_queued_appends() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        {
            let s = SqliteStore::open(&path).expect("open");
            let _answers: Vec<_> = (1..=20).map(|n| s.append(create(n))).collect();
        }
        let s = SqliteStore::open(&path).expect("reopen");
        assert_eq!(s.load_live().expect("load").rooms.len(), 20);
    }

    #[test]
    fn the_fence_refuses_duplicates_and_gaps_and_writes_nothing_of_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        write(&s, create(1)).expect("create");
        // Event 1 again, carrying a seat and a phase: refused, and neither is written.
        let mut twice = join(1);
        twice.first_seq = 1;
        twice.phase = Some(Phase::Finished);
        assert!(matches!(
            write(&s, twice),
            Err(StoreError::Conflict { seq: 1, .. })
        ));
        // A gap.
        let mut gap = join(1);
        gap.first_seq = 3;
        assert!(matches!(
            write(&s, gap),
            Err(StoreError::Conflict { seq: 3, .. })
        ));
        // The same room created twice.
        assert!(matches!(
            write(&s, create(1)),
            Err(StoreError::Conflict { .. })
        ));
        // A room that was never created.
        assert!(matches!(
            write(&s, Append::events(id(9), 1, vec![moved(0)])),
            Err(StoreError::UnknownRoom(r)) if r == id(9)
        ));
        let room = s.load_room(&id(1)).expect("read").expect("kept");
        assert_eq!(room.phase, Phase::Waiting);
        assert_eq!(room.secrets.black, None);
        assert_eq!(room.events, vec![seated(Color::White)]);
        // Refusals are not failures of the store.
        assert!(s.health().is_ok());

        // Queued together (one batch, most likely): the refused one fails alone.
        let a = s.append(join(1));
        let b = s.append(Append::events(id(1), 2, vec![moved(0)]));
        let c = s.append(create(2));
        assert!(matches!(a.blocking_recv(), Ok(Ok(()))));
        assert!(matches!(
            b.blocking_recv(),
            Ok(Err(StoreError::Conflict { seq: 2, .. }))
        ));
        assert!(matches!(c.blocking_recv(), Ok(Ok(()))));
        let room = s.load_room(&id(1)).expect("read").expect("kept");
        assert_eq!(room.phase, Phase::Playing);
        assert_eq!(
            room.events,
            vec![seated(Color::White), seated(Color::Black)]
        );
        assert_eq!(ids(&s.load_live().expect("load")), vec![id(1), id(2)]);
    }

    #[test]
    fn load_live_skips_ended_rooms_and_counts_corrupt_ones() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        // Created newest first: the load is oldest first all the same.
        for n in (1..=8).rev() {
            write(&s, create(n)).expect("create");
        }
        write(&s, join(2)).expect("join");
        let mut over = Append::events(id(3), 2, vec![seated(Color::Black), game_over()]);
        over.phase = Some(Phase::Finished);
        write(&s, over).expect("finish");
        let mut closed = Append::events(
            id(4),
            2,
            vec![RoomEvent::Closed {
                reason: CloseReason::Cancelled,
            }],
        );
        closed.phase = Some(Phase::Closed);
        write(&s, closed).expect("close");
        write(&s, Append::events(id(6), 2, vec![moved(0), moved(1)])).expect("moves");
        write(&s, Append::events(id(8), 2, vec![moved(0), moved(1)])).expect("moves");

        let c = raw(&path);
        let corrupt = |sql: &str, n: u8| {
            c.execute(sql, [id(n).as_str()]).expect("corrupt");
        };
        corrupt("UPDATE rooms SET promotion = 'sideways' WHERE id = ?1", 5);
        corrupt(
            "UPDATE events SET event = '{\"kind\":\"teleported\"}' WHERE room = ?1 AND seq = 2",
            6,
        );
        corrupt("UPDATE rooms SET phase = 'limbo' WHERE id = ?1", 7);
        corrupt("UPDATE rooms SET created_ms = -5 WHERE id = ?1", 1);
        corrupt("DELETE FROM events WHERE room = ?1 AND seq = 2", 8);
        c.execute(
            "INSERT INTO rooms (id, created_ms, public, promotion, initial_fen) \
             VALUES ('../etc/passwd', 1, 1, 'any', 'fen')",
            [],
        )
        .expect("bad id");

        let loaded = s.load_live().expect("load");
        assert_eq!(ids(&loaded), vec![id(2)]);
        assert_eq!(loaded.rooms[0].events.len(), 2);
        // 1 (negative time), 5 (promotion), 6 (event), 7 (phase), 8 (gap), the bad id.
        assert_eq!(loaded.skipped, 6);
        assert!(matches!(
            s.load_room(&id(5)),
            Err(StoreError::Corrupt { room: Some(_), .. })
        ));
        assert!(matches!(
            s.load_room(&id(6)),
            Err(StoreError::Corrupt { .. })
        ));
    }

    #[test]
    fn load_room_reads_a_finished_room() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        write(&s, create(3)).expect("create");
        let mut over = Append::events(id(3), 2, vec![seated(Color::Black), game_over()]);
        over.seats = vec![(Color::Black, hash("b"))];
        over.phase = Some(Phase::Finished);
        write(&s, over).expect("finish");
        assert!(s.load_live().expect("load").rooms.is_empty());
        let room = s.load_room(&id(3)).expect("read").expect("kept");
        assert_eq!(room.phase, Phase::Finished);
        assert_eq!(room.meta, meta(3));
        assert_eq!(room.secrets.black, Some(hash("b")));
        assert_eq!(
            room.events,
            vec![seated(Color::White), seated(Color::Black), game_over()]
        );
    }

    #[test]
    fn a_version_1_database_is_migrated_with_phases() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        {
            let c = raw(&path);
            c.execute_batch(MIGRATIONS[0]).expect("v1");
            c.pragma_update(None, "user_version", 1).expect("version");
            let room = |n: u8, white: Option<&str>, black: Option<&str>| {
                c.execute(
                    "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
                     clock_increment_secs, initial_fen, white_secret, black_secret) \
                     VALUES (?1, ?2, 1, 'any', 60, 0, 'fen', ?3, ?4)",
                    params![id(n).as_str(), i64::from(n), white, black],
                )
                .expect("room");
            };
            let event = |n: u8, seq: i64, json: &str| {
                c.execute(
                    "INSERT INTO events (room, seq, event) VALUES (?1, ?2, ?3)",
                    params![id(n).as_str(), seq, json],
                )
                .expect("event");
            };
            let white = r#"{"kind":"seated","seat":"white"}"#;
            let black = r#"{"kind":"seated","seat":"black"}"#;
            room(1, Some("w"), None);
            event(1, 1, white);
            room(2, Some("w"), Some("b"));
            event(2, 1, white);
            event(2, 2, black);
            event(
                2,
                3,
                r#"{"kind":"presence","seat":"white","online":false,"claim_in_ms":60000}"#,
            );
            event(
                2,
                4,
                r#"{"kind":"moved","ply":0,"uci":"e3e4","san":"e4","clocks":null}"#,
            );
            room(3, Some("w"), Some("b"));
            event(3, 1, white);
            event(3, 2, black);
            event(
                3,
                3,
                r#"{"kind":"game_over","result":"resign-white-wins","winner":"white"}"#,
            );
        }
        let s = SqliteStore::open(&path).expect("open");
        let loaded = s.load_live().expect("load");
        assert_eq!(loaded.skipped, 0);
        assert_eq!(ids(&loaded), vec![id(1), id(2)]);
        assert_eq!(loaded.rooms[0].phase, Phase::Waiting);
        assert_eq!(loaded.rooms[1].phase, Phase::Playing);
        assert_eq!(loaded.rooms[1].events.len(), 4);
        assert!(matches!(
            loaded.rooms[1].events[2],
            RoomEvent::Presence { online: false, .. }
        ));
        assert_eq!(
            loaded.rooms[1].meta.clock,
            Some(TimeControl {
                initial_secs: 60,
                increment_secs: 0
            })
        );
        let finished = s.load_room(&id(3)).expect("read").expect("kept");
        assert_eq!(finished.phase, Phase::Finished);
        assert_eq!(finished.events[2], game_over());
        let c = raw(&path);
        let version: i64 = c
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .expect("version");
        assert_eq!(version, supported_version());
        let created: i64 = c
            .query_row(
                "SELECT value FROM lobby_meta WHERE key = 'rooms_created'",
                [],
                |r| r.get(0),
            )
            .expect("counter");
        assert_eq!(created, 3);
        // The migrated rooms go on.
        write(&s, Append::events(id(2), 5, vec![moved(1)])).expect("move");
    }

    #[test]
    fn a_newer_database_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        raw(&path)
            .execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .expect("future");
        assert!(matches!(
            SqliteStore::open(&path),
            Err(StoreError::NewerSchema {
                found: 99,
                supported: 2
            })
        ));
        let mode: String = raw(&path)
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .expect("mode");
        assert_eq!(mode, "delete");
    }

    #[test]
    fn an_empty_file_opens_as_a_new_database() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        std::fs::write(&path, b"").expect("empty file");
        {
            let s = SqliteStore::open(&path).expect("open");
            write(&s, create(1)).expect("create");
        }
        let s = SqliteStore::open(&path).expect("reopen");
        assert_eq!(ids(&s.load_live().expect("load")), vec![id(1)]);
    }

    #[test]
    fn a_database_that_lost_its_rooms_is_noticed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        let c = raw(&path);
        assert!(!rooms_lost(&c).expect("check"));
        write(&s, create(1)).expect("create");
        assert!(!rooms_lost(&c).expect("check"));
        c.execute_batch("DELETE FROM events; DELETE FROM rooms;")
            .expect("lose");
        assert!(rooms_lost(&c).expect("check"));
        drop(s);
        // Still opens (with a loud error in the log).
        SqliteStore::open(&path).expect("reopen");
    }

    #[test]
    fn the_write_ahead_log_is_truncated() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let wal = dir.path().join("lobby.sqlite3-wal");
        let wal_len = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        let s = SqliteStore::open(&path).expect("open");
        write(&s, create(1)).expect("create");
        let answers: Vec<_> = (0..2_000u32)
            .map(|i| s.append(Append::events(id(1), 2 + u64::from(i), vec![moved(i)])))
            .collect();
        for a in answers {
            assert!(matches!(a.blocking_recv(), Ok(Ok(()))));
        }
        assert!(wal_len() > 0);
        s.close();
        assert_eq!(wal_len(), 0);
        drop(s);
        assert_eq!(wal_len(), 0);
        let s = SqliteStore::open(&path).expect("reopen");
        assert_eq!(s.load_live().expect("load").rooms[0].events.len(), 2_001);
    }

    #[test]
    fn health_follows_the_latest_write() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        write(&s, create(1)).expect("create");
        assert_eq!(s.health(), Ok(()));
        let c = raw(&path);
        c.execute_batch("DROP TABLE events").expect("drop");
        assert!(matches!(
            write(&s, Append::events(id(1), 2, vec![moved(0)])),
            Err(StoreError::Database(_))
        ));
        let failing = s.health().expect_err("failing");
        assert!(failing.contains("events"), "{failing}");
        c.execute_batch(
            "CREATE TABLE events (
                room TEXT NOT NULL REFERENCES rooms(id),
                seq INTEGER NOT NULL,
                event TEXT NOT NULL,
                PRIMARY KEY (room, seq)
            );",
        )
        .expect("recreate");
        write(&s, Append::events(id(1), 1, vec![moved(0)])).expect("append");
        assert_eq!(s.health(), Ok(()));

        // A failing liveness stamp (the write probe) fails the health too.
        c.execute_batch("DROP TABLE alive").expect("drop");
        s.stamp_alive(5);
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while s.health().is_ok() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(s.health().is_err());
    }

    #[test]
    fn appends_after_close_are_stopped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        write(&s, create(1)).expect("create");
        s.close();
        s.close();
        assert!(matches!(write(&s, create(2)), Err(StoreError::Stopped)));
        s.stamp_alive(1);
        assert!(s.health().is_err());
        // Reads still work.
        assert_eq!(ids(&s.load_live().expect("load")), vec![id(1)]);
    }

    #[test]
    fn the_unknown_phase_condition_excludes_exactly_the_known_names() {
        let c = Connection::open_in_memory().expect("memory");
        c.execute_batch("CREATE TABLE rooms (id TEXT, phase TEXT NOT NULL)")
            .expect("table");
        for p in [
            "waiting", "playing", "finished", "closed", "limbo", "", "zzz", "a", "g",
        ] {
            c.execute("INSERT INTO rooms VALUES (?1, ?1)", [p])
                .expect("row");
        }
        let mut stmt = c
            .prepare(&format!(
                "SELECT phase FROM rooms WHERE {} ORDER BY phase",
                unknown_phase_condition()
            ))
            .expect("prepare");
        let found: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows");
        assert_eq!(found, vec!["", "a", "g", "limbo", "zzz"]);
    }

    /// By hand: `cargo test -p server --lib -- --ignored --nocapture load_live_timing`.
    /// 50,000 finished rooms of 40 events each and 200 live ones.
    #[test]
    #[ignore = "a timing, run by hand"]
    fn load_live_timing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        drop(SqliteStore::open(&path).expect("create"));
        let started = std::time::Instant::now();
        {
            let mut c = raw(&path);
            let tx = c.transaction().expect("tx");
            {
                let mut room = tx
                    .prepare(
                        "INSERT INTO rooms (id, created_ms, public, promotion, \
                         initial_fen, white_secret, black_secret, phase) \
                         VALUES (?1, ?2, 1, 'any', 'fen', 'w', 'b', ?3)",
                    )
                    .expect("prepare");
                let mut event = tx
                    .prepare("INSERT INTO events (room, seq, event) VALUES (?1, ?2, ?3)")
                    .expect("prepare");
                let json = serde_json::to_string(&moved(7)).expect("json");
                for n in 0..50_200u32 {
                    let mut bytes = [0u8; 10];
                    bytes[..4].copy_from_slice(&n.to_be_bytes());
                    // Live rooms spread among the finished ones.
                    let phase = if n % 251 == 0 && n / 251 < 200 {
                        "playing"
                    } else {
                        "finished"
                    };
                    let rid = RoomId::from_bytes(bytes);
                    room.execute(params![rid.as_str(), i64::from(n), phase])
                        .expect("room");
                    for seq in 1..=40 {
                        event
                            .execute(params![rid.as_str(), seq, json])
                            .expect("event");
                    }
                }
            }
            tx.commit().expect("commit");
        }
        eprintln!("seeded in {:?}", started.elapsed());
        let started = std::time::Instant::now();
        let s = SqliteStore::open(&path).expect("open");
        let opened = started.elapsed();
        let loaded = s.load_live().expect("load");
        let total = started.elapsed();
        eprintln!(
            "open {opened:?}, open + load_live {total:?}: {} live rooms, {} events",
            loaded.rooms.len(),
            loaded.rooms.iter().map(|r| r.events.len()).sum::<usize>()
        );
        assert_eq!(loaded.rooms.len(), 200);
        assert_eq!(loaded.skipped, 0);
        let c = raw(&path);
        for sql in [
            format!(
                "SELECT {ROOM_COLUMNS} FROM rooms WHERE phase IN ('waiting', 'playing') \
                 ORDER BY created_ms, id"
            ),
            format!(
                "SELECT id, phase FROM rooms WHERE {}",
                unknown_phase_condition()
            ),
            "SELECT r.id, e.seq, e.event FROM rooms AS r CROSS JOIN events AS e \
             ON e.room = r.id WHERE r.phase IN ('waiting', 'playing') ORDER BY r.id, e.seq"
                .to_owned(),
        ] {
            let mut stmt = c
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .expect("explain");
            let plan: Vec<String> = stmt
                .query_map([], |r| r.get::<_, String>(3))
                .expect("plan")
                .collect::<Result<_, _>>()
                .expect("rows");
            eprintln!("{sql}\n  {}", plan.join("\n  "));
        }
    }
}
