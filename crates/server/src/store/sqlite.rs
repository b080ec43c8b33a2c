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
//! - the store keeps one for reads ([`Store::load_live`], [`Store::load_room`]) and for
//!   [`Store::take_over`] (a short write transaction of its own), used on Tokio's blocking
//!   threads (`spawn_blocking`).
//!
//! The async runtime never waits on the disk: [`Store::append`] and [`Store::stamp_alive`]
//! only queue a job, the reads run on a blocking thread and [`Store::close`] joins the
//! threads on one.
//!
//! Schema (`PRAGMA user_version` counts the migrations that ran):
//!
//! - `rooms`: one row per room with its settings, the seats' secret hashes and its `phase`
//!   ([`Phase::name`]), indexed by phase so that start-up reads the live rooms only, and its
//!   ownership `fence` (see [`Append::fence`]);
//! - `events`: `(room, seq, event)` with `PRIMARY KEY (room, seq)`, the event as JSON: the
//!   key is the fence between writers (event N is stored once);
//! - `alive`: a single row, the greatest liveness stamp;
//! - `lobby_meta`: key/value counters; `rooms_created` counts the rooms ever created, so that
//!   an emptied database is noticed at start-up;
//! - `users` and `sessions`: accounts and their sign-in sessions ([`super::AccountStore`],
//!   written on the read connection in short transactions of their own, as take-overs are);
//!   `api_tokens` their personal API tokens, `users.bot` the bot accounts ([`super::TokenStore`], the same way).

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use protocol::{RoomEvent, RoomId};
use rules::Color;
use rusqlite::types::{FromSql, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, Transaction, TransactionBehavior, params};
use tokio::sync::oneshot;

use super::common::{self, BadRow, LIVE, LiveRooms, ROOM_COLUMNS, RoomRow, WriteHealth, lock};
use super::{Append, CloseFuture, Loaded, Phase, Store, StoreError, StoreFuture, StoredRoom};

mod accounts;
mod challenges;
mod pairing;
mod profiles;
mod tokens;

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
/// A migration that has shipped must never change (1 and 2 are the schemas of the first
/// servers): add a new one.
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
    // The ownership fence of each room (see `Append::fence`).
    "ALTER TABLE rooms ADD COLUMN fence INTEGER NOT NULL DEFAULT 0;",
    // When a room ended and whether it may be purged (closed, or aborted), for
    // `Store::purge` (rooms that ended before this migration count as ending now); the away
    // countdown of a game in progress (JSON, see `AwayRecord`).
    r#"
    ALTER TABLE rooms ADD COLUMN ended_ms INTEGER;
    ALTER TABLE rooms ADD COLUMN purgeable INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE rooms ADD COLUMN away TEXT;
    UPDATE rooms SET ended_ms = CAST(strftime('%s', 'now') AS INTEGER) * 1000
        WHERE phase IN ('finished', 'closed');
    UPDATE rooms SET purgeable = 1 WHERE phase = 'closed';
    UPDATE rooms SET purgeable = 1 WHERE phase = 'finished' AND id IN (SELECT room FROM events
        WHERE instr(event, '"kind":"game_over"') > 0 AND instr(event, '"result":"aborted"') > 0);
    CREATE INDEX rooms_purgeable ON rooms (ended_ms) WHERE purgeable = 1;
"#,
    // Accounts and their sessions (see `accounts::AccountStore`).
    "
    CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        password_hash TEXT,
        created_ms INTEGER NOT NULL,
        closed_ms INTEGER
    );
    CREATE TABLE sessions (
        hash BLOB PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users (id),
        created_ms INTEGER NOT NULL,
        last_seen_ms INTEGER NOT NULL,
        user_agent TEXT
    );
    CREATE INDEX sessions_by_user ON sessions (user_id, last_seen_ms);
",
    // Rated games and ratings (see `accounts::AccountStore::perfs` and `Append::ratings`).
    "
    ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE perfs (
        user_id TEXT NOT NULL REFERENCES users (id),
        perf TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        last_ms INTEGER,
        PRIMARY KEY (user_id, perf)
    );
    CREATE TABLE rating_changes (
        room TEXT NOT NULL REFERENCES rooms (id),
        user_id TEXT NOT NULL REFERENCES users (id),
        perf TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        before REAL NOT NULL,
        after REAL NOT NULL,
        deviation REAL NOT NULL,
        PRIMARY KEY (room, user_id)
    );
    CREATE INDEX rating_changes_by_user ON rating_changes (user_id, perf, at_ms);
",
    // Quick pairing: each pool ticket paired, once (see `pairing::PairingStore`).
    "
    CREATE TABLE pool_tickets (
        ticket TEXT PRIMARY KEY,
        room TEXT NOT NULL,
        color TEXT NOT NULL
    );
    CREATE INDEX pool_tickets_by_room ON pool_tickets (room);
",
    // 8: a listed room's seeker and rating range (JSON, see `SeekTerms`).
    "ALTER TABLE rooms ADD COLUMN seek TEXT;",
    // Each signed-in seat, for profiles (see `profiles::ProfileStore`), filled from the rooms
    // already stored: the seats of signed-in players, and the end of their finished games
    // (aborted games and closed rooms keep no row). JSON functions only on valid events
    // (`CASE` decides the order), so an unreadable event never stops the migration.
    r#"
    CREATE TABLE player_games (
        room TEXT NOT NULL REFERENCES rooms (id),
        color TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users (id),
        ended_ms INTEGER,
        outcome TEXT,
        PRIMARY KEY (room, color)
    );
    CREATE INDEX player_games_by_user ON player_games (user_id, ended_ms, room);
    CREATE INDEX perfs_by_rating ON perfs (perf, rating);
    INSERT OR REPLACE INTO player_games (room, color, user_id)
        SELECT e.room, e.seat, u.id FROM (
            SELECT room, seq,
                CASE WHEN json_valid(event) THEN json_extract(event, '$.seat') END AS seat,
                CASE WHEN json_valid(event) THEN lower(json_extract(event, '$.user')) END AS uid
            FROM events
            WHERE instr(event, '"kind":"seated"') > 0 AND instr(event, '"user":') > 0
            ORDER BY room, seq
        ) e JOIN users u ON u.id = e.uid
        WHERE e.seat IN ('white', 'black');
    UPDATE player_games SET
        ended_ms = (SELECT ended_ms FROM rooms WHERE rooms.id = player_games.room),
        outcome = (SELECT CASE WHEN json_valid(event) THEN json_extract(event, '$.result') END
            FROM events WHERE events.room = player_games.room
                AND instr(event, '"kind":"game_over"') > 0 LIMIT 1)
        WHERE room IN (SELECT id FROM rooms WHERE phase = 'finished');
    DELETE FROM player_games WHERE room IN (SELECT id FROM rooms WHERE purgeable = 1
        OR phase = 'closed') OR (ended_ms IS NULL) <> (outcome IS NULL);
"#,
    // 10: personal API tokens (see `tokens::TokenStore`).
    "
    CREATE TABLE api_tokens (
        hash BLOB PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users (id),
        description TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        last_used_ms INTEGER
    );
    CREATE INDEX api_tokens_by_user ON api_tokens (user_id, created_ms);
",
    // 11: challenges (see `challenges::ChallengeStore`).
    "
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        challenger TEXT NOT NULL REFERENCES users (id),
        dest TEXT NOT NULL REFERENCES users (id),
        status TEXT NOT NULL,
        reason TEXT,
        terms TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL
    );
    CREATE INDEX challenges_by_challenger ON challenges (challenger, status, expires_ms);
    CREATE INDEX challenges_by_dest ON challenges (dest, status, expires_ms);
",
    // 12: bot accounts (see `accounts::AccountStore::upgrade_to_bot`).
    "ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;",
];

/// The answer to one append.
type Reply = oneshot::Sender<Result<(), StoreError>>;

/// A job for the writer thread.
enum Job {
    /// Write an append, then answer.
    Append(Append, Reply),
    /// Write the liveness stamp (ms since the Unix epoch).
    Stamp(u64),
    /// Write a room's away record (JSON).
    Away(RoomId, String),
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
    /// The connection for reads, take-overs and the final checkpoint.
    reader: Arc<Mutex<Connection>>,
    /// The writer's queue; `None` once closed.
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    threads: Arc<Mutex<Threads>>,
    /// The health of the latest write batch.
    health: Arc<WriteHealth>,
    /// Set when the writer thread ends (closed, or panicked).
    writer_done: Arc<AtomicBool>,
    /// The liveness stamp found when the store was opened.
    last_alive_ms: Option<u64>,
    /// An exclusive lock on the database file, held until the store is closed, so that a
    /// second server refuses the same file ([`StoreError::InUse`]).
    file_lock: Mutex<Option<std::fs::File>>,
    /// Which file the path named when the store opened it (`None` if that could not be
    /// read), for [`Store::probe`].
    file: Option<FileId>,
}

impl fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e.to_string())
    }
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

/// Takes an exclusive advisory lock on `<database>.lock` beside the database (created if
/// missing, never removed), released when the returned file is dropped or the process ends,
/// even by a crash. A file of its own, so this lock never meets SQLite's own locks on the
/// database file (on systems where `flock` and POSIX locks interact).
///
/// # Errors
/// [`StoreError::InUse`] when another process (or another store in this one) holds it,
/// [`StoreError::Database`] when the lock file cannot be opened.
fn lock_file(path: &Path) -> Result<std::fs::File, StoreError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StoreError::Database(format!("{}: {e}", lock_path.display())))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => {
            Err(StoreError::InUse(path.display().to_string()))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(StoreError::Database(format!(
            "cannot lock {}: {e}",
            lock_path.display()
        ))),
    }
}

/// `true` (and a loud log line) when the database says rooms were created but holds none:
/// rooms were lost.
fn rooms_lost(conn: &Connection, path: &Path) -> Result<bool, StoreError> {
    let created: Option<i64> = conn
        .query_row(common::ROOMS_CREATED_SQL, [], |r| r.get(0))
        .optional()?;
    let any: bool = conn.query_row(common::ANY_ROOM_SQL, [], |r| r.get(0))?;
    Ok(common::warn_if_rooms_lost(
        created,
        any,
        &path.display().to_string(),
    ))
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
    /// [`StoreError::InUse`] when another server has the file open (nothing is changed),
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
        // One server a file: a second one refuses to start before it changes anything (two
        // writers would interleave their rooms' events and fight over the liveness stamp).
        let file_lock = lock_file(path)?;
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
        rooms_lost(&conn, path)?;
        let file = match FileId::of(path) {
            Ok(id) => Some(id),
            Err(e) => {
                tracing::warn!(
                    "the lobby database {} cannot be looked at ({e}): the probe will not \
                     notice if it is deleted",
                    path.display()
                );
                None
            }
        };

        let health = Arc::new(WriteHealth::default());
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
            let health = Arc::clone(&health);
            let done = SetOnDrop(Arc::clone(&writer_done));
            std::thread::Builder::new()
                .name("lobby-store".into())
                .spawn(move || {
                    let _done = done;
                    run_writer(writer_conn, &queue, &health);
                })
                .map_err(|e| StoreError::Database(format!("cannot start a thread: {e}")))?
        };
        Ok(SqliteStore {
            path: path.to_owned(),
            reader: Arc::new(Mutex::new(conn)),
            jobs: Mutex::new(Some(jobs)),
            threads: Arc::new(Mutex::new(Threads {
                writer: Some(writer),
                stop_checkpoints: Some(stop_checkpoints),
                checkpointer: Some(checkpointer),
                closed: false,
            })),
            health,
            writer_done,
            last_alive_ms,
            file_lock: Mutex::new(Some(file_lock)),
            file,
        })
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on the read connection on a blocking thread.
    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> StoreFuture<T> {
        let reader = Arc::clone(&self.reader);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || f(&mut lock(&reader)))
                .await
                .map_err(|e| StoreError::Database(format!("the read task failed: {e}")))?
        })
    }
}

/// What tells one file from another at the same path: its device and inode number on Unix
/// (elsewhere every file is the same: only a missing one is noticed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileId(u64, u64);

impl FileId {
    /// The file `path` names now.
    fn of(path: &Path) -> std::io::Result<FileId> {
        let meta = std::fs::metadata(path)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            Ok(FileId(meta.dev(), meta.ino()))
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            Ok(FileId(0, 0))
        }
    }
}

/// Checks that `path` still names the file `opened` (if known), then reads through `conn`.
fn probe(conn: &Connection, path: &Path, opened: Option<FileId>) -> Result<(), StoreError> {
    if let Some(opened) = opened {
        match FileId::of(path) {
            Ok(now) if now == opened => {}
            Ok(_) => {
                return Err(StoreError::Database(format!(
                    "the database file {} was replaced by another file since the server \
                     opened it: writes go to the old one; restart the server",
                    path.display()
                )));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(StoreError::Database(format!(
                    "the database file {} is gone (deleted or moved): writes go to a file \
                     nobody will read again; put it back, or restore a backup and restart",
                    path.display()
                )));
            }
            Err(e) => {
                return Err(StoreError::Database(format!(
                    "the database file {} cannot be looked at: {e}",
                    path.display()
                )));
            }
        }
    }
    // A read of a table: it goes through SQLite's pager (and the write-ahead log's index).
    conn.query_row("SELECT count(*) FROM alive", [], |r| r.get::<_, i64>(0))?;
    Ok(())
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
fn run_writer(mut conn: Connection, queue: &mpsc::Receiver<Job>, health: &WriteHealth) {
    while let Ok(first) = queue.recv() {
        let mut appends = Vec::new();
        let mut stamp: Option<u64> = None;
        let mut aways: Vec<(RoomId, String)> = Vec::new();
        let mut next = Some(first);
        let mut taken = 0;
        while let Some(job) = next {
            match job {
                Job::Append(a, reply) => appends.push((a, reply)),
                Job::Stamp(at) => stamp = Some(stamp.map_or(at, |s| s.max(at))),
                Job::Away(room, json) => aways.push((room, json)),
            }
            taken += 1;
            next = if taken < MAX_BATCH {
                queue.try_recv().ok()
            } else {
                None
            };
        }
        write_batch(&mut conn, appends, stamp, &aways, health);
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
    aways: &[(RoomId, String)],
    health: &WriteHealth,
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
        // In the order they were made: a room's latest record is written last.
        for (room, json) in aways {
            if let Err(e) = in_savepoint(&mut tx, |c| write_away(c, room, json))? {
                tracing::warn!("room {room}: away record not written: {e}");
            }
        }
        tx.commit()?;
        Ok(())
    })();
    // The health of this batch: a database error (not a refused append) is a failure.
    let stamped = stamp_failed.map_or(Ok(()), Err);
    let now_failing = match &outcome {
        Err(e) => Some(e.to_string()),
        Ok(()) => results
            .iter()
            .chain([&stamped])
            .find_map(common::failure_of)
            .map(ToString::to_string),
    };
    health.record(now_failing);
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

/// Writes the liveness stamp `at_ms` (ms since the Unix epoch), unless a later one is stored.
fn write_stamp(conn: &Connection, at_ms: u64) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO alive (id, at_ms) VALUES (1, ?1) \
         ON CONFLICT (id) DO UPDATE SET at_ms = max(at_ms, excluded.at_ms)",
    )?
    .execute([i64::try_from(at_ms).unwrap_or(i64::MAX)])?;
    Ok(())
}

/// Writes a room's away record (JSON).
fn write_away(conn: &Connection, room: &RoomId, json: &str) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE rooms SET away = ?2 WHERE id = ?1")?
        .execute([room.as_str(), json])?;
    Ok(())
}

/// Deletes purgeable rooms that ended before `before_ms` with their events, a batch of
/// [`super::PURGE_BATCH`] rooms a transaction, and counts them in `lobby_meta`.
fn purge(conn: &mut Connection, before_ms: u64) -> Result<u64, StoreError> {
    let before = i64::try_from(before_ms).unwrap_or(i64::MAX);
    let batch = i64::try_from(super::PURGE_BATCH).unwrap_or(i64::MAX);
    let mut total = 0u64;
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ids: Vec<String> = tx
            .prepare_cached("SELECT id FROM rooms WHERE purgeable = 1 AND ended_ms < ?1 LIMIT ?2")?
            .query_map(params![before, batch], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        {
            let mut events = tx.prepare_cached("DELETE FROM events WHERE room = ?1")?;
            let mut tickets = tx.prepare_cached("DELETE FROM pool_tickets WHERE room = ?1")?;
            let mut seats = tx.prepare_cached("DELETE FROM player_games WHERE room = ?1")?;
            let mut rooms = tx.prepare_cached("DELETE FROM rooms WHERE id = ?1")?;
            for id in &ids {
                events.execute([id])?;
                tickets.execute([id])?;
                seats.execute([id])?;
                rooms.execute([id])?;
            }
        }
        let n = ids.len() as u64;
        if n > 0 {
            tx.prepare_cached(
                "INSERT INTO lobby_meta (key, value) VALUES ('rooms_purged', ?1) \
                 ON CONFLICT (key) DO UPDATE SET value = value + excluded.value",
            )?
            .execute([i64::try_from(n).unwrap_or(i64::MAX)])?;
        }
        tx.commit()?;
        total += n;
        if ids.len() < super::PURGE_BATCH {
            return Ok(total);
        }
    }
}

/// Writes one append (in the caller's savepoint: on an error, the caller rolls it back).
fn write_append(conn: &Connection, a: &Append) -> Result<(), StoreError> {
    let room = a.room.as_str();
    let conflict = |seq: u64| StoreError::Conflict {
        room: a.room.clone(),
        seq,
    };
    if let Some(m) = &a.create {
        let (initial, increment) = common::clock_columns(m.clock);
        let inserted = conn
            .prepare_cached(
                "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
                 clock_increment_secs, initial_fen, phase, fence, rated, seek) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?
            .execute(params![
                m.id.as_str(),
                common::stored_created_ms(m)?,
                m.public,
                m.promotion.name(),
                initial,
                increment,
                m.initial_fen,
                Phase::Waiting.name(),
                common::stored_fence(a)?,
                m.rated,
                common::seek_column(m),
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
    // The fences: the writer's ownership, and the new events must follow the stored ones.
    let found: Option<(i64, Option<i64>)> = conn
        .prepare_cached(
            "SELECT fence, (SELECT max(seq) FROM events WHERE room = ?1) \
             FROM rooms WHERE id = ?1",
        )?
        .query_row([room], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    common::check_position(a, found)?;
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
        let json = common::encode_event(a, seq, e)?;
        match insert.execute(params![room, common::stored_seq(a, seq)?, json]) {
            Err(e) if is_constraint(&e) => return Err(conflict(seq)),
            r => r?,
        };
    }
    if let Some(p) = a.phase {
        conn.prepare_cached("UPDATE rooms SET phase = ?1 WHERE id = ?2")?
            .execute([p.name(), room])?;
    }
    if let Some(end) = common::ending(a) {
        conn.prepare_cached("UPDATE rooms SET ended_ms = ?1, purgeable = ?2 WHERE id = ?3")?
            .execute(params![
                i64::try_from(end.ended_ms).unwrap_or(i64::MAX),
                end.purgeable,
                room
            ])?;
    }
    if let Some(r) = &a.ratings {
        accounts::write_ratings(conn, &a.room, r)?;
    }
    if let Some(p) = &a.pairing {
        pairing::write_tickets(conn, &a.room, p)?;
    }
    profiles::write_seats(conn, a)?;
    Ok(())
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

/// Column `i` of `row` when it is UTF-8 text.
fn text<'r>(row: &'r Row<'_>, i: usize) -> Option<&'r str> {
    match row.get_ref(i) {
        Ok(ValueRef::Text(t)) => std::str::from_utf8(t).ok(),
        _ => None,
    }
}

/// Decodes a row of [`ROOM_COLUMNS`] (without its events).
fn decode_room(row: &Row<'_>) -> Result<StoredRoom, BadRow> {
    let Some(id) = text(row, 0) else {
        return Err(BadRow {
            id: column_text(row, 0),
            what: common::NOT_A_ROOM_ID.into(),
        });
    };
    let read = || -> Result<RoomRow, String> {
        Ok(RoomRow {
            id: id.to_owned(),
            created_ms: column(row, 1, "creation time")?,
            public: column(row, 2, "public flag")?,
            promotion: column(row, 3, "promotion rule")?,
            clock_initial_secs: column(row, 4, "initial clock time")?,
            clock_increment_secs: column(row, 5, "clock increment")?,
            initial_fen: column(row, 6, "start position")?,
            white_secret: column(row, 7, "White's secret hash")?,
            black_secret: column(row, 8, "Black's secret hash")?,
            phase: column(row, 9, "phase")?,
            away: column(row, 10, "away record")?,
            rated: column(row, 11, "rated flag")?,
            seek: column(row, 12, "seek")?,
        })
    };
    let row = read().map_err(|what| BadRow {
        id: id.to_owned(),
        what,
    })?;
    common::decode_room(row)
}

/// Decodes an event from columns 1 (`seq`) and 2 (`event`) of `row`, which must be event
/// number `expected`.
fn decode_event(row: &Row<'_>, expected: usize) -> Result<RoomEvent, String> {
    let seq: i64 = column(row, 1, "event number")?;
    let text = match row.get_ref(2) {
        Ok(ValueRef::Text(t)) => {
            std::str::from_utf8(t).map_err(|e| format!("event {seq} is not UTF-8: {e}"))?
        }
        _ => return Err(format!("event {seq} is not text")),
    };
    common::decode_event(seq, text, expected)
}

/// Reads the live rooms in one read transaction; see [`Store::load_live`].
fn load_live(conn: &mut Connection) -> Result<Loaded, StoreError> {
    let tx = conn.transaction()?;
    let mut live = LiveRooms::default();
    {
        let mut stmt = tx.prepare(&format!(
            "SELECT {ROOM_COLUMNS} FROM rooms WHERE phase IN (?1, ?2) ORDER BY created_ms, id"
        ))?;
        let mut rows = stmt.query(LIVE)?;
        while let Some(row) = rows.next()? {
            live.room(decode_room(row));
        }
    }
    {
        let mut stmt = tx.prepare(&format!(
            "SELECT id, phase FROM rooms WHERE {}",
            common::unknown_phase_condition()
        ))?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            live.unknown_phase(&column_text(row, 0), &column_text(row, 1));
        }
    }
    {
        // Every event of the live rooms in one query: rooms first (through the phase index),
        // then each room's events through the (room, seq) key.
        let mut stmt = tx.prepare(
            "SELECT r.id, e.seq, e.event FROM rooms AS r CROSS JOIN events AS e ON e.room = r.id \
             WHERE r.phase IN (?1, ?2) ORDER BY r.id, e.seq",
        )?;
        let mut rows = stmt.query(LIVE)?;
        while let Some(row) = rows.next()? {
            // A room whose id is not text was skipped above.
            if let Some(id) = text(row, 0) {
                live.event(id, |expected| decode_event(row, expected));
            }
        }
    }
    tx.commit()?;
    Ok(live.finish())
}

/// Reads one room, in the caller's transaction.
fn read_room(conn: &Connection, id: &RoomId) -> Result<Option<StoredRoom>, StoreError> {
    let row = conn
        .query_row(
            &format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = ?1"),
            [id.as_str()],
            |row| Ok(decode_room(row)),
        )
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    let mut room = row?;
    let mut stmt =
        conn.prepare_cached("SELECT room, seq, event FROM events WHERE room = ?1 ORDER BY seq")?;
    let mut rows = stmt.query([id.as_str()])?;
    while let Some(row) = rows.next()? {
        common::push_event(&mut room, |expected| decode_event(row, expected))?;
    }
    Ok(Some(room))
}

/// Reads one room in one read transaction; see [`Store::load_room`].
fn load_room(conn: &mut Connection, id: &RoomId) -> Result<Option<StoredRoom>, StoreError> {
    let tx = conn.transaction()?;
    let room = read_room(&tx, id)?;
    tx.commit()?;
    Ok(room)
}

/// Raises the fence of room `id` and reads it, in one write transaction; see
/// [`Store::take_over`].
fn take_over(conn: &mut Connection, id: &RoomId) -> Result<Option<(u64, StoredRoom)>, StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let fence: Option<i64> = tx
        .query_row(
            "UPDATE rooms SET fence = fence + 1 WHERE id = ?1 RETURNING fence",
            [id.as_str()],
            |r| r.get(0),
        )
        .optional()?;
    let Some(fence) = fence else {
        return Ok(None);
    };
    let fence = common::read_fence(id, fence)?;
    let Some(room) = read_room(&tx, id)? else {
        return Ok(None);
    };
    tx.commit()?;
    Ok(Some((fence, room)))
}

/// Finishes what [`Store::close`] started once the writer's queue is gone: joins the writer
/// (which ends once the queue is empty) and the checkpoint thread, then truncates the
/// write-ahead log. Does nothing the second time.
fn finish(threads: &Mutex<Threads>, reader: &Mutex<Connection>) {
    let mut threads = lock(threads);
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
    match checkpoint(&lock(reader), Checkpoint::Truncate) {
        Ok(true) => {}
        Ok(false) => tracing::warn!("the final checkpoint of the lobby database was busy"),
        Err(e) => tracing::warn!("the final checkpoint of the lobby database failed: {e}"),
    }
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

    fn load_live(&self) -> StoreFuture<Loaded> {
        self.read(load_live)
    }

    fn load_room(&self, id: &RoomId) -> StoreFuture<Option<StoredRoom>> {
        let id = id.clone();
        self.read(move |c| load_room(c, &id))
    }

    fn take_over(&self, id: &RoomId) -> StoreFuture<Option<(u64, StoredRoom)>> {
        let id = id.clone();
        self.read(move |c| take_over(c, &id))
    }

    fn stamp_alive(&self, at_ms: u64) {
        let sent = lock(&self.jobs)
            .as_ref()
            .is_some_and(|jobs| jobs.send(Job::Stamp(at_ms)).is_ok());
        if !sent {
            tracing::debug!("liveness stamp not written: the store is closed");
        }
    }

    fn save_away(&self, room: &RoomId, away: super::AwayRecord) {
        let json = match serde_json::to_string(&away) {
            Ok(j) => j,
            Err(e) => {
                tracing::error!("room {room}: away record not encoded: {e}");
                return;
            }
        };
        let sent = lock(&self.jobs)
            .as_ref()
            .is_some_and(|jobs| jobs.send(Job::Away(room.clone(), json)).is_ok());
        if !sent {
            tracing::debug!("away record not written: the store is closed");
        }
    }

    fn purge(&self, now_ms: u64) -> StoreFuture<u64> {
        let before = now_ms.saturating_sub(super::PURGE_AFTER_MS);
        self.read(move |conn| purge(conn, before))
    }

    /// The stamp found when the store was opened.
    fn last_alive_ms(&self) -> StoreFuture<Option<u64>> {
        Box::pin(std::future::ready(Ok(self.last_alive_ms)))
    }

    fn health(&self) -> Result<(), String> {
        if lock(&self.jobs).is_none() {
            return Err(StoreError::Stopped.to_string());
        }
        if self.writer_done.load(Ordering::SeqCst) {
            return Err("the store's writer thread stopped".into());
        }
        self.health.get()
    }

    fn probe(&self) -> StoreFuture<()> {
        let path = self.path.clone();
        let opened = self.file;
        self.read(move |conn| probe(conn, &path, opened))
    }

    fn close(&self) -> CloseFuture {
        // Later appends get `Stopped`; the writer ends once the queue is empty.
        drop(lock(&self.jobs).take());
        let threads = Arc::clone(&self.threads);
        let reader = Arc::clone(&self.reader);
        let file_lock = lock(&self.file_lock).take();
        Box::pin(async move {
            if let Err(e) = tokio::task::spawn_blocking(move || finish(&threads, &reader)).await {
                tracing::error!("closing the lobby database failed: {e}");
            }
            // The file is free for the next server once the last write is in.
            drop(file_lock);
        })
    }
}

impl Drop for SqliteStore {
    /// Closes the store, waiting for the queued writes.
    fn drop(&mut self) {
        drop(lock(&self.jobs).take());
        finish(&self.threads, &self.reader);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::suite::{create, game_over, id, ids, join, moved};
    use protocol::TimeControl;
    use protocol::user::UserId;

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

    /// Writes `json` as event `seq` of room `n`, as an older server stored it.
    fn insert_event(c: &Connection, n: u8, seq: i64, json: &str) {
        c.execute(
            "INSERT INTO events (room, seq, event) VALUES (?1, ?2, ?3)",
            params![id(n).as_str(), seq, json],
        )
        .expect("event");
    }

    /// Waits for `f` on a runtime of its own (these tests are not async).
    fn wait<T>(f: impl std::future::Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(f)
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
        assert_eq!(wait(s.load_live()).expect("load").rooms.len(), 20);
    }

    /// Migration 9 fills `player_games` from the rooms stored before it: the signed-in seats,
    /// the end of finished games; aborted games keep no row, unreadable events stop nothing.
    #[test]
    fn a_version_8_database_gets_its_players_games() {
        use crate::store::ProfileStore;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        {
            let c = raw(&path);
            for m in &MIGRATIONS[..8] {
                c.execute_batch(m).expect("migration");
            }
            c.pragma_update(None, "user_version", 8).expect("version");
            c.execute_batch(
                "INSERT INTO users (id, username, created_ms) VALUES ('ploy', 'Ploy', 1), \
                 ('krit', 'Krit', 1)",
            )
            .expect("users");
            let room = |n: u8, phase: &str, ended: Option<i64>, purgeable: bool| {
                c.execute(
                    "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
                     clock_increment_secs, initial_fen, phase, ended_ms, purgeable) \
                     VALUES (?1, ?2, 1, 'any', 180, 2, 'fen', ?3, ?4, ?5)",
                    params![id(n).as_str(), i64::from(n), phase, ended, purgeable],
                )
                .expect("room");
            };
            let event = |n: u8, seq: i64, json: &str| insert_event(&c, n, seq, json);
            let ploy = r#"{"kind":"seated","seat":"white","user":"Ploy"}"#;
            let krit = r#"{"kind":"seated","seat":"black","user":"Krit"}"#;
            room(1, "finished", Some(9_000), false);
            event(1, 1, ploy);
            event(1, 2, krit);
            event(
                1,
                3,
                r#"{"kind":"game_over","result":"resign-white-wins","winner":"white","at_ms":9000}"#,
            );
            room(2, "playing", None, false);
            event(2, 1, ploy);
            event(2, 2, krit);
            room(3, "finished", Some(8_000), true);
            event(3, 1, ploy);
            event(3, 2, krit);
            event(
                3,
                3,
                r#"{"kind":"game_over","result":"aborted","winner":null}"#,
            );
            room(4, "playing", None, false);
            event(4, 1, r#"{"kind":"seated","seat":"white","user":"Ploy""#);
        }
        let s = SqliteStore::open(&path).expect("open");
        let krit = "krit".parse().expect("id");
        let games = wait(s.games_of(&krit, None, 10)).expect("games");
        assert_eq!(games.len(), 1, "{games:?}");
        assert_eq!(
            (games[0].room.clone(), games[0].color),
            (id(1), Color::Black)
        );
        assert_eq!(games[0].ended_ms, 9_000);
        assert_eq!(games[0].outcome.winner(), Some(Color::White));
        let ploy = "ploy".parse().expect("id");
        let now = wait(s.ongoing(&ploy)).expect("ongoing");
        assert_eq!(
            now.iter().map(|o| o.room.clone()).collect::<Vec<_>>(),
            vec![id(2)]
        );
        assert_eq!(wait(s.game_counts(&ploy)).expect("counts").win, 1);
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
            let event = |n: u8, seq: i64, json: &str| insert_event(&c, n, seq, json);
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
        let loaded = wait(s.load_live()).expect("load");
        assert_eq!(loaded.skipped, 0);
        assert_eq!(ids(&loaded), vec![id(1), id(2)]);
        assert_eq!(loaded.rooms[0].phase, Phase::Waiting);
        assert_eq!(loaded.rooms[1].phase, Phase::Playing);
        assert_eq!(loaded.rooms[1].events.len(), 4);
        assert!(matches!(
            loaded.rooms[1].events[2],
            RoomEvent::Presence { online: false, .. }
        ));
        assert_eq!(loaded.rooms[1].meta.clock, TimeControl::fischer(60, 0).ok());
        let finished = wait(s.load_room(&id(3))).expect("read").expect("kept");
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
        // The migrated rooms go on, with fence 0.
        write(&s, Append::events(id(2), 5, vec![moved(1)])).expect("move");
        let (fence, room) = wait(s.take_over(&id(2))).expect("read").expect("kept");
        assert_eq!((fence, room.events.len()), (1, 5));
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
                supported: 12
            })
        ));
        let mode: String = raw(&path)
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .expect("mode");
        assert_eq!(mode, "delete");
    }

    #[test]
    fn a_second_store_on_the_same_file_is_refused_until_the_first_closes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        let first = SqliteStore::open(&path).expect("open");
        write(&first, create(1)).expect("create");
        let second = SqliteStore::open(&path);
        assert!(
            matches!(&second, Err(StoreError::InUse(p)) if p.ends_with("lobby.sqlite3")),
            "{second:?}"
        );
        // The refused server changed nothing: the first one goes on writing.
        write(&first, join(1)).expect("still the writer");
        // Closing (or a crash, which ends the process) frees the file.
        first.stamp_alive(5);
        rt.block_on(first.close());
        let again = SqliteStore::open(&path).expect("free after close");
        drop(first);
        let room = rt.block_on(again.load_room(&id(1))).expect("load");
        assert_eq!(room.map(|r| r.events.len()), Some(2));
    }

    #[test]
    fn the_probe_notices_a_database_file_deleted_or_replaced() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        write(&s, create(1)).expect("create");
        wait(s.probe()).expect("the file is there");

        let away = dir.path().join("moved.sqlite3");
        std::fs::rename(&path, &away).expect("move the file away");
        let Err(StoreError::Database(gone)) = wait(s.probe()) else {
            panic!("a moved file fails the probe");
        };
        assert!(gone.contains("is gone"), "{gone}");
        assert!(gone.contains("lobby.sqlite3"), "{gone}");
        // Writes still succeed (into the moved file): only the probe tells.
        write(&s, Append::events(id(1), 2, vec![moved(0)])).expect("append");
        assert_eq!(s.health(), Ok(()));

        // Another file at the path is not the store's.
        std::fs::copy(&away, &path).expect("a copy at the path");
        let Err(StoreError::Database(replaced)) = wait(s.probe()) else {
            panic!("a replaced file fails the probe");
        };
        assert!(replaced.contains("replaced"), "{replaced}");

        std::fs::remove_file(&path).expect("remove the copy");
        std::fs::rename(&away, &path).expect("put the file back");
        wait(s.probe()).expect("the file is back");
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
        assert_eq!(ids(&wait(s.load_live()).expect("load")), vec![id(1)]);
    }

    #[test]
    fn a_database_that_lost_its_rooms_is_noticed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        let s = SqliteStore::open(&path).expect("open");
        let c = raw(&path);
        assert!(!rooms_lost(&c, &path).expect("check"));
        write(&s, create(1)).expect("create");
        assert!(!rooms_lost(&c, &path).expect("check"));
        c.execute_batch("DELETE FROM events; DELETE FROM rooms;")
            .expect("lose");
        assert!(rooms_lost(&c, &path).expect("check"));
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
        wait(s.close());
        assert_eq!(wal_len(), 0);
        drop(s);
        assert_eq!(wal_len(), 0);
        let s = SqliteStore::open(&path).expect("reopen");
        assert_eq!(
            wait(s.load_live()).expect("load").rooms[0].events.len(),
            2_001
        );
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
                common::unknown_phase_condition()
            ))
            .expect("prepare");
        let found: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows");
        assert_eq!(found, vec!["", "a", "g", "limbo", "zzz"]);
    }

    /// The figure of the README: bytes on disk per finished 80-ply timed game. By hand:
    /// `cargo test -p server --release --lib -- --ignored --nocapture disk_per_finished_game`.
    /// Writes 2,000 games as the server does (creation, the second seat, each move its own
    /// append with its clocks, an away record, the end), then measures the database file
    /// after the store is closed (write-ahead log checkpointed and truncated).
    #[test]
    #[ignore = "a measurement, run by hand"]
    fn disk_per_finished_game() {
        use protocol::{Outcome, WinReason};
        const GAMES: u32 = 2_000;
        const PLIES: u32 = 80;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        drop(SqliteStore::open(&path).expect("create"));
        let empty = std::fs::metadata(&path).expect("size").len();
        let s = SqliteStore::open(&path).expect("open");
        let ucis = [
            "e3e4", "e6e5", "g1f3", "b8c6", "f1e2", "g8f6", "b1c3", "f8e7",
        ];
        let sans = ["e4", "e5", "Nf3", "Nc6", "Me2", "Nf6", "Nc3", "Me7"];
        let mut answers = Vec::new();
        for g in 0..GAMES {
            let mut bytes = [0u8; 10];
            bytes[..4].copy_from_slice(&g.to_be_bytes());
            bytes[4..].copy_from_slice(&[0x5a, 0x17, 0x33, 0x90, 0x0c, 0xd2]);
            let room = RoomId::from_bytes(bytes);
            let start = 1_780_000_000_000 + u64::from(g) * 1_000_000;
            let mut first = Append::events(
                room.clone(),
                1,
                vec![RoomEvent::Seated {
                    seat: Color::White,
                    user: None,
                    seat_rating: None,
                }],
            );
            first.create = Some(crate::store::RoomMeta {
                rated: false,
                seek: crate::store::SeekTerms::default(),
                id: room.clone(),
                created_ms: start,
                public: g % 2 == 0,
                promotion: protocol::PromotionRule::Any,
                clock: TimeControl::fischer(300, 3).ok(),
                initial_fen: "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1".into(),
            });
            first.seats = vec![(Color::White, crate::room::hash_secret(&format!("w{g}")))];
            first.phase = Some(Phase::Waiting);
            answers.push(s.append(first));
            let mut second = Append::events(
                room.clone(),
                2,
                vec![RoomEvent::Seated {
                    seat: Color::Black,
                    user: None,
                    seat_rating: None,
                }],
            );
            second.seats = vec![(Color::Black, crate::room::hash_secret(&format!("b{g}")))];
            second.phase = Some(Phase::Playing);
            answers.push(s.append(second));
            for ply in 0..PLIES {
                let i = ply as usize % ucis.len();
                let left = |c: u64| Duration::from_millis(300_000 - c * 1_537);
                let clocks = rules::ClockSnapshot {
                    left: rules::ByColor {
                        white: left(u64::from(ply / 2)),
                        black: left(u64::from(ply.div_ceil(2))),
                    },
                    running: Some(if ply % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    }),
                };
                let moved = RoomEvent::Moved {
                    ply,
                    uci: ucis[i].parse().expect("uci"),
                    san: sans[i].into(),
                    clocks: Some(clocks),
                    at_ms: Some(start + 5_000 + u64::from(ply) * 3_271),
                };
                answers.push(s.append(Append::events(
                    room.clone(),
                    3 + u64::from(ply),
                    vec![moved],
                )));
            }
            s.save_away(
                &room,
                crate::store::AwayRecord {
                    seq: 2 + u64::from(PLIES),
                    white: crate::store::SeatAway {
                        away_ms: 4_211,
                        offline_since_ms: None,
                    },
                    black: crate::store::SeatAway::default(),
                },
            );
            let mut end = Append::events(
                room,
                3 + u64::from(PLIES),
                vec![RoomEvent::GameOver {
                    ratings: None,
                    result: Outcome::win(Color::White, WinReason::Resignation),
                    winner: Some(Color::White),
                    at_ms: Some(start + 300_000),
                }],
            );
            end.phase = Some(Phase::Finished);
            answers.push(s.append(end));
        }
        for a in answers {
            assert!(matches!(a.blocking_recv(), Ok(Ok(()))));
        }
        wait(s.close());
        drop(s);
        let size = std::fs::metadata(&path).expect("size").len();
        let per_game = (size - empty) / u64::from(GAMES);
        eprintln!(
            "{GAMES} finished games of {PLIES} plies: {size} bytes ({empty} empty), {per_game} \
             bytes a game, {:.2} GB a million games",
            per_game as f64 * 1e6 / 1e9
        );
        assert!(per_game > 0);
    }

    /// By hand: `cargo test -p server --lib -- --ignored --nocapture load_live_timing`.
    /// The profile reads on a large database: 20,000 accounts with an established, active
    /// blitz rating, 100,000 finished games of two signed-in players (a rating change each),
    /// one of the players in 2,000 of them. Prints each read's time (median of 20).
    #[test]
    #[ignore = "a timing, run by hand"]
    fn profile_reads_timing() {
        use crate::store::ProfileStore;
        use crate::store::profiles::GamesCursor;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        drop(SqliteStore::open(&path).expect("create"));
        let (players, games) = (20_000u32, 100_000u32);
        let started = std::time::Instant::now();
        {
            let mut c = raw(&path);
            let tx = c.transaction().expect("tx");
            {
                let mut user = tx
                    .prepare("INSERT INTO users (id, username, created_ms) VALUES (?1, ?1, 1)")
                    .expect("prepare");
                let mut perf = tx
                    .prepare(
                        "INSERT INTO perfs (user_id, perf, rating, deviation, volatility, games, \
                         last_ms) VALUES (?1, 'blitz', ?2, 60, 0.06, 50, ?3)",
                    )
                    .expect("prepare");
                for n in 0..players {
                    let id = format!("p{n}");
                    user.execute([&id]).expect("user");
                    let rating = 1000.0 + f64::from(n % 1500);
                    perf.execute(params![id, rating, 1_000_000_000i64 + i64::from(n)])
                        .expect("perf");
                }
                let mut room = tx
                    .prepare(
                        "INSERT INTO rooms (id, created_ms, public, promotion, \
                         clock_initial_secs, clock_increment_secs, initial_fen, phase, \
                         ended_ms, rated) VALUES (?1, ?2, 0, 'any', 300, 3, 'fen', 'finished', \
                         ?2, 1)",
                    )
                    .expect("prepare");
                let mut seat = tx
                    .prepare(
                        "INSERT INTO player_games (room, color, user_id, ended_ms, outcome) \
                         VALUES (?1, ?2, ?3, ?4, 'resign-white-wins')",
                    )
                    .expect("prepare");
                let mut change = tx
                    .prepare(
                        "INSERT INTO rating_changes (room, user_id, perf, at_ms, before, after, \
                         deviation) VALUES (?1, ?2, 'blitz', ?3, 1500, 1510, 60)",
                    )
                    .expect("prepare");
                for g in 0..games {
                    let mut bytes = [0u8; 10];
                    bytes[..4].copy_from_slice(&g.to_be_bytes());
                    let rid = RoomId::from_bytes(bytes);
                    let at = 1_000_000_000i64 + i64::from(g) * 1_000;
                    // Player p0 is in one game of 50; the others spread over every account.
                    let white = if g % 50 == 0 {
                        "p0".to_owned()
                    } else {
                        format!("p{}", 1 + g % (players - 1))
                    };
                    let mut black = format!("p{}", 1 + (g * 7 + 3) % (players - 1));
                    if black == white {
                        black = format!("p{}", 1 + (g * 7 + 4) % (players - 1));
                    }
                    room.execute(params![rid.as_str(), at]).expect("room");
                    for (color, user) in [("white", &white), ("black", &black)] {
                        seat.execute(params![rid.as_str(), color, user, at])
                            .expect("seat");
                        change
                            .execute(params![rid.as_str(), user, at])
                            .expect("change");
                    }
                }
            }
            tx.commit().expect("commit");
        }
        eprintln!("seeded in {:?}", started.elapsed());
        let s = SqliteStore::open(&path).expect("open");
        let p0: UserId = "p0".parse().expect("id");
        let median = |what: &str, f: &dyn Fn() -> usize| {
            let mut times = Vec::new();
            let mut n = 0;
            for _ in 0..20 {
                let t = std::time::Instant::now();
                n = f();
                times.push(t.elapsed());
            }
            times.sort();
            eprintln!("{what}: {:?} ({n} rows)", times[times.len() / 2]);
        };
        median("games_of, first page of 100", &|| {
            wait(s.games_of(&p0, None, 100)).expect("games").len()
        });
        let oldest = GamesCursor {
            ended_ms: 1_000_000_000 + 2_000,
            room: RoomId::from_bytes([0xff; 10]),
        };
        median("games_of, the last page", &|| {
            wait(s.games_of(&p0, Some(oldest.clone()), 100))
                .expect("games")
                .len()
        });
        median("game_counts (2,000 games)", &|| {
            usize::try_from(wait(s.game_counts(&p0)).expect("counts").all).unwrap_or(0)
        });
        median("rating_history (2,000 changes)", &|| {
            wait(s.rating_history(&p0)).expect("history").len()
        });
        median("leaders, top 200 of 20,000", &|| {
            wait(s.leaders(rating::Perf::Blitz, 110.0, 0, 200))
                .expect("leaders")
                .len()
        });
        median("ongoing", &|| wait(s.ongoing(&p0)).expect("ongoing").len());
    }

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
        let loaded = wait(s.load_live()).expect("load");
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
                common::unknown_phase_condition()
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
