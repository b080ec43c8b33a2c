//! [`PostgresStore`]: rooms in a PostgreSQL database, shared by the nodes of a cluster.
//!
//! The store holds a pool of connections (deadpool); every operation takes one for the time
//! of one transaction:
//!
//! - each [`Append`] is one transaction, run by a task on the runtime: appends to different
//!   rooms run side by side (as many at once as the pool has connections), appends to one
//!   room one after the other in the order they were made. The room's row is locked first
//!   (`FOR NO KEY UPDATE`), so that its fence ([`Store::take_over`]) and its last event are
//!   read and written by one writer at a time, across nodes too; a unique violation
//!   (SQLSTATE 23505) of a room or an event means another writer came first:
//!   [`StoreError::Conflict`];
//! - the reads run in `REPEATABLE READ` read-only transactions (one consistent snapshot);
//!   [`Store::load_live`] makes three queries whatever the number of rooms, and streams the
//!   events;
//! - a liveness stamp is one statement that keeps the greatest stamp (several nodes stamp
//!   the same row); a stamp is skipped while the previous one is in flight.
//!
//! The schema is [`super::SqliteStore`]'s, with the same meaning: `rooms` (settings, the
//! seats' secret hashes, `phase` indexed with the creation time, the ownership `fence`),
//! `events` (`PRIMARY KEY (room, seq)`, the event as JSON text), `alive` (one row: the
//! greatest liveness stamp), `lobby_meta` (`rooms_created`), `users` and `sessions`
//! ([`super::AccountStore`]; `users.bot` the bot accounts), `api_tokens` ([`super::TokenStore`]). Ids and phases compare in byte
//! order (`COLLATE "C"`), as in SQLite. Migrations are numbered; `schema_version` records
//! those that ran. They run under a transaction-scoped advisory lock, so that nodes starting
//! at once migrate one after the other (the later ones find nothing left to do).
//!
//! Connections are not encrypted (no TLS): the database is meant to be reached over a
//! private network or the loopback.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use futures_util::TryStreamExt;
use protocol::{RoomEvent, RoomId};
use rules::Color;
use tokio::sync::oneshot;
use tokio_postgres::config::Host;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::FromSql;
use tokio_postgres::{IsolationLevel, NoTls, Row};
use tokio_util::task::TaskTracker;

use super::common::{self, BadRow, LIVE, LiveRooms, ROOM_COLUMNS, RoomRow, WriteHealth, lock};
use super::{Append, CloseFuture, Loaded, Phase, Store, StoreError, StoreFuture, StoredRoom};

mod accounts;
mod challenges;
mod pairing;
mod profiles;
mod tokens;

/// The connections of a store's pool unless told otherwise.
pub const DEFAULT_POOL_SIZE: usize = 8;

/// How long opening a connection may take (unless the URL sets `connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an operation waits for a free connection of the pool before failing.
const POOL_WAIT: Duration = Duration::from_secs(30);

/// The key of the advisory lock that migrations run under (the bytes of `asean-lb`).
const MIGRATION_LOCK: i64 = 0x6173_6561_6e2d_6c62;

/// Schema migrations, applied in order; `schema_version` has a row for each that ran.
///
/// A migration that has shipped must never change: add a new one.
const MIGRATIONS: &[&str] = &[
    r#"
    CREATE TABLE rooms (
        id TEXT COLLATE "C" PRIMARY KEY,
        created_ms BIGINT NOT NULL,
        public BOOLEAN NOT NULL,
        promotion TEXT NOT NULL,
        clock_initial_secs BIGINT,
        clock_increment_secs BIGINT,
        initial_fen TEXT NOT NULL,
        white_secret TEXT,
        black_secret TEXT,
        phase TEXT COLLATE "C" NOT NULL DEFAULT 'waiting',
        fence BIGINT NOT NULL DEFAULT 0
    );
    CREATE INDEX rooms_by_phase ON rooms (phase, created_ms, id);
    CREATE TABLE events (
        room TEXT COLLATE "C" NOT NULL REFERENCES rooms (id),
        seq BIGINT NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (room, seq)
    );
    CREATE TABLE alive (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        at_ms BIGINT NOT NULL
    );
    CREATE TABLE lobby_meta (
        key TEXT PRIMARY KEY,
        value BIGINT NOT NULL
    );
"#,
    // When a room ended and whether it may be purged (closed, or aborted), for
    // `Store::purge` (rooms that ended before this migration count as ending now); the away
    // countdown of a game in progress (JSON, see `AwayRecord`).
    r#"
    ALTER TABLE rooms ADD COLUMN ended_ms BIGINT;
    ALTER TABLE rooms ADD COLUMN purgeable BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE rooms ADD COLUMN away TEXT;
    UPDATE rooms SET ended_ms = (extract(epoch FROM now()) * 1000)::BIGINT
        WHERE phase IN ('finished', 'closed');
    UPDATE rooms SET purgeable = TRUE WHERE phase = 'closed';
    UPDATE rooms SET purgeable = TRUE WHERE phase = 'finished' AND id IN (SELECT room FROM events
        WHERE strpos(event, '"kind":"game_over"') > 0 AND strpos(event, '"result":"aborted"') > 0);
    CREATE INDEX rooms_purgeable ON rooms (ended_ms) WHERE purgeable;
"#,
    // Accounts and their sessions (see `accounts::AccountStore`).
    r#"
    CREATE TABLE users (
        id TEXT COLLATE "C" PRIMARY KEY,
        username TEXT NOT NULL,
        password_hash TEXT,
        created_ms BIGINT NOT NULL,
        closed_ms BIGINT
    );
    CREATE TABLE sessions (
        hash BYTEA PRIMARY KEY,
        public_id TEXT COLLATE "C" NOT NULL UNIQUE,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        created_ms BIGINT NOT NULL,
        last_seen_ms BIGINT NOT NULL,
        user_agent TEXT
    );
    CREATE INDEX sessions_by_user ON sessions (user_id, last_seen_ms);
"#,
    // Rated games and ratings (see `accounts::AccountStore::perfs` and `Append::ratings`).
    r#"
    ALTER TABLE rooms ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
    CREATE TABLE perfs (
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        perf TEXT COLLATE "C" NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        last_ms BIGINT,
        PRIMARY KEY (user_id, perf)
    );
    CREATE TABLE rating_changes (
        room TEXT COLLATE "C" NOT NULL REFERENCES rooms (id),
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        perf TEXT COLLATE "C" NOT NULL,
        at_ms BIGINT NOT NULL,
        before DOUBLE PRECISION NOT NULL,
        after DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (room, user_id)
    );
    CREATE INDEX rating_changes_by_user ON rating_changes (user_id, perf, at_ms);
"#,
    // Quick pairing: each pool ticket paired, once (see `pairing::PairingStore`).
    r#"
    CREATE TABLE pool_tickets (
        ticket TEXT COLLATE "C" PRIMARY KEY,
        room TEXT COLLATE "C" NOT NULL,
        color TEXT COLLATE "C" NOT NULL
    );
    CREATE INDEX pool_tickets_by_room ON pool_tickets (room);
"#,
    // 6: a listed room's seeker and rating range (JSON, see `SeekTerms`).
    "ALTER TABLE rooms ADD COLUMN seek TEXT;",
    // Each signed-in seat, for profiles (see `profiles::ProfileStore`), filled from the rooms
    // already stored: the seats of signed-in players, and the end of their finished games
    // (aborted games and closed rooms keep no row). Events are read as JSON through a
    // session-local function that answers NULL for an unreadable one, so that it never stops
    // the migration (as SQLite's `json_valid`).
    r#"
    CREATE TABLE player_games (
        room TEXT COLLATE "C" NOT NULL REFERENCES rooms (id),
        color TEXT COLLATE "C" NOT NULL,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        ended_ms BIGINT,
        outcome TEXT COLLATE "C",
        PRIMARY KEY (room, color)
    );
    CREATE INDEX player_games_by_user ON player_games (user_id, ended_ms, room);
    CREATE INDEX perfs_by_rating ON perfs (perf, rating);
    CREATE FUNCTION pg_temp.json_or_null(t TEXT) RETURNS JSON AS $f$
    BEGIN
        RETURN t::json;
    EXCEPTION WHEN others THEN
        RETURN NULL;
    END;
    $f$ LANGUAGE plpgsql IMMUTABLE;
    INSERT INTO player_games (room, color, user_id)
        SELECT DISTINCT ON (e.room, e.seat) e.room, e.seat, u.id FROM (
            SELECT room, seq, pg_temp.json_or_null(event) ->> 'seat' AS seat,
                lower(pg_temp.json_or_null(event) ->> 'user') AS uid
            FROM events
            WHERE strpos(event, '"kind":"seated"') > 0 AND strpos(event, '"user":') > 0
        ) e JOIN users u ON u.id = e.uid
        WHERE e.seat IN ('white', 'black')
        ORDER BY e.room, e.seat, e.seq DESC;
    UPDATE player_games SET
        ended_ms = (SELECT ended_ms FROM rooms WHERE rooms.id = player_games.room),
        outcome = (SELECT pg_temp.json_or_null(event) ->> 'result' FROM events
            WHERE events.room = player_games.room AND strpos(event, '"kind":"game_over"') > 0
            LIMIT 1)
        WHERE room IN (SELECT id FROM rooms WHERE phase = 'finished');
    DELETE FROM player_games WHERE room IN (SELECT id FROM rooms WHERE purgeable
        OR phase = 'closed') OR (ended_ms IS NULL) <> (outcome IS NULL);
"#,
    // 8: personal API tokens (see `tokens::TokenStore`).
    r#"
    CREATE TABLE api_tokens (
        hash BYTEA PRIMARY KEY,
        public_id TEXT COLLATE "C" NOT NULL UNIQUE,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        description TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        last_used_ms BIGINT
    );
    CREATE INDEX api_tokens_by_user ON api_tokens (user_id, created_ms);
"#,
    // 9: challenges (see `challenges::ChallengeStore`).
    r#"
    CREATE TABLE challenges (
        id TEXT COLLATE "C" PRIMARY KEY,
        challenger TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        dest TEXT COLLATE "C" NOT NULL REFERENCES users (id),
        status TEXT NOT NULL,
        reason TEXT,
        terms TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL
    );
    CREATE INDEX challenges_by_challenger ON challenges (challenger, status, expires_ms);
    CREATE INDEX challenges_by_dest ON challenges (dest, status, expires_ms);
"#,
    // 10: bot accounts (see `accounts::AccountStore::upgrade_to_bot`).
    "ALTER TABLE users ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;",
];

/// The answer to one append.
type Reply = oneshot::Sender<Result<(), StoreError>>;

/// Rooms in a PostgreSQL database shared by several nodes; see the module documentation for
/// its pool, transactions and schema.
///
/// [`Store::close`] finishes the queued writes. Dropping the store without closing it
/// leaves the writes in flight to finish on the runtime.
pub struct PostgresStore {
    inner: Arc<Inner>,
}

/// What the store's tasks share.
struct Inner {
    pool: Pool,
    /// The database, for messages (no password).
    target: String,
    /// Where the writes run.
    runtime: tokio::runtime::Handle,
    /// Every write task, so that closing can wait for them.
    tasks: TaskTracker,
    queues: Mutex<Queues>,
    health: WriteHealth,
    /// Set while a liveness stamp is in flight.
    stamping: AtomicBool,
    /// The liveness stamp found when the store was opened.
    last_alive_ms: Option<u64>,
}

/// The appends waiting, per room.
#[derive(Default)]
struct Queues {
    /// Set by [`Store::close`]: no write is taken any more.
    closed: bool,
    /// A room is here while a task writes its appends; the appends made meanwhile wait in
    /// its queue.
    rooms: HashMap<RoomId, VecDeque<(Append, Reply)>>,
}

impl fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PostgresStore")
            .field("target", &self.inner.target)
            .finish_non_exhaustive()
    }
}

/// The text of `e` and of its sources (each once), on one line.
fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let more = s.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = s.source();
    }
    text.replace('\n', "; ")
}

/// The text of a tokio-postgres error: the server's own message when the server refused.
fn pg_text(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => db.to_string().replace('\n', "; "),
        None => chain(e),
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        StoreError::Database(pg_text(&e))
    }
}

/// A connection of the pool could not be had.
fn pool_error(e: PoolError) -> StoreError {
    StoreError::Database(match e {
        PoolError::Backend(e) => format!("cannot connect: {}", pg_text(&e)),
        PoolError::Timeout(_) => format!(
            "no database connection free or opened within {} s",
            POOL_WAIT.as_secs()
        ),
        e => chain(&e),
    })
}

/// `true` when `e` is a unique violation (SQLSTATE 23505).
fn is_unique_violation(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

/// The database a connection configuration names, without its password:
/// `postgres://USER@HOST:PORT/DATABASE`.
fn describe(config: &tokio_postgres::Config) -> String {
    let ports = config.get_ports();
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let host = match h {
                Host::Tcp(name) => name.clone(),
                #[cfg(unix)]
                Host::Unix(dir) => dir.display().to_string(),
            };
            match ports.get(i).or_else(|| ports.first()) {
                Some(port) => format!("{host}:{port}"),
                None => host,
            }
        })
        .collect();
    let user = config.get_user().map_or(String::new(), |u| format!("{u}@"));
    format!(
        "postgres://{user}{}/{}",
        hosts.join(","),
        config.get_dbname().unwrap_or("")
    )
}

/// What the PostgreSQL URL `url` names, without its password (see [`super::describe`]).
pub(super) fn describe_url(url: &str) -> String {
    match url.parse::<tokio_postgres::Config>() {
        Ok(config) => describe(&config),
        Err(_) => "(a PostgreSQL URL that does not parse)".into(),
    }
}

/// Milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The number of migrations this server knows: the newest schema version.
fn supported_version() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// Runs the pending migrations, each in its own transaction under the migration lock.
///
/// # Errors
/// [`StoreError::NewerSchema`] when the database is newer than this server (nothing is
/// changed), or the failure of a migration (which leaves the database at the previous
/// version).
async fn migrate(client: &mut deadpool_postgres::Client) -> Result<(), StoreError> {
    let supported = supported_version();
    loop {
        let tx = client.transaction().await?;
        tx.batch_execute(&format!(
            "SELECT pg_advisory_xact_lock({MIGRATION_LOCK}); \
             CREATE TABLE IF NOT EXISTS schema_version (\
                 version BIGINT PRIMARY KEY, \
                 applied_ms BIGINT NOT NULL\
             );"
        ))
        .await?;
        let version: i64 = tx
            .query_one("SELECT coalesce(max(version), 0) FROM schema_version", &[])
            .await?
            .try_get(0)?;
        if version > supported {
            // Dropping the transaction rolls it back: the database is left as it was.
            return Err(StoreError::NewerSchema {
                found: version,
                supported,
            });
        }
        let Some(sql) = usize::try_from(version)
            .ok()
            .and_then(|v| MIGRATIONS.get(v))
        else {
            if version < 0 {
                return Err(StoreError::Corrupt {
                    room: None,
                    what: format!("negative schema version {version}"),
                });
            }
            tx.commit().await?;
            return Ok(());
        };
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO schema_version (version, applied_ms) VALUES ($1, $2)",
            &[&(version + 1), &now_ms()],
        )
        .await?;
        tx.commit().await?;
        tracing::info!("database migrated to schema version {}", version + 1);
    }
}

impl PostgresStore {
    /// Opens the PostgreSQL database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`,
    /// with any of tokio-postgres's `?key=value` options) with a pool of
    /// [`DEFAULT_POOL_SIZE`] connections; see [`PostgresStore::open_with_pool`].
    ///
    /// # Errors
    /// As [`PostgresStore::open_with_pool`].
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::open_with_pool(url, DEFAULT_POOL_SIZE).await
    }

    /// Opens the PostgreSQL database at `url` with a pool of at most `pool_size`
    /// connections (at least 1), and runs the pending migrations. Must run inside a Tokio
    /// runtime (the store's writes run on it).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the URL does not parse, the server cannot be reached
    /// or refuses the connection, or a migration fails: the message says which, never with
    /// the password (name the database with [`super::describe`]);
    /// [`StoreError::NewerSchema`] when the database was written by a newer server (it is
    /// left untouched).
    pub async fn open_with_pool(url: &str, pool_size: usize) -> Result<PostgresStore, StoreError> {
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| {
            StoreError::Database(format!("the PostgreSQL URL does not parse: {}", chain(&e)))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        PostgresStore::connect(config, pool_size).await
    }

    /// Opens the database `config` names; see [`PostgresStore::open_with_pool`].
    pub(super) async fn connect(
        config: tokio_postgres::Config,
        pool_size: usize,
    ) -> Result<PostgresStore, StoreError> {
        let target = describe(&config);
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(pool_size.max(1))
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| StoreError::Database(format!("cannot make a connection pool: {e}")))?;
        let mut client = pool.get().await.map_err(pool_error)?;
        migrate(&mut client).await?;
        let opened = async {
            let at: Option<i64> = client
                .query_opt("SELECT at_ms FROM alive WHERE id = 1", &[])
                .await?
                .map(|r| r.try_get(0))
                .transpose()?;
            let created: Option<i64> = client
                .query_opt(common::ROOMS_CREATED_SQL, &[])
                .await?
                .map(|r| r.try_get(0))
                .transpose()?;
            let any: bool = client
                .query_one(common::ANY_ROOM_SQL, &[])
                .await?
                .try_get(0)?;
            Ok::<_, StoreError>((at, created, any))
        };
        let (at, created, any) = opened.await?;
        drop(client);
        let last_alive_ms = at.and_then(|at| {
            let at = u64::try_from(at).ok();
            if at.is_none() {
                tracing::error!("the stored liveness stamp is negative: ignored");
            }
            at
        });
        common::warn_if_rooms_lost(created, any, &target);
        Ok(PostgresStore {
            inner: Arc::new(Inner {
                pool,
                target,
                runtime: tokio::runtime::Handle::current(),
                tasks: TaskTracker::new(),
                queues: Mutex::new(Queues::default()),
                health: WriteHealth::default(),
                stamping: AtomicBool::new(false),
                last_alive_ms,
            }),
        })
    }

    /// The database, without its password: `postgres://USER@HOST:PORT/DATABASE`.
    #[must_use]
    pub fn target(&self) -> &str {
        &self.inner.target
    }

    /// Runs `read` with the pool.
    fn read<T, F>(&self, read: impl FnOnce(Pool) -> F) -> StoreFuture<T>
    where
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        Box::pin(read(self.inner.pool.clone()))
    }
}

/// A room's turn to write: its task writes the room's appends one after the other until its
/// queue is empty. Dropped before the end (the task was cancelled), it gives the turn up,
/// dropping the appends waiting (their callers hear that the store went away).
struct Turn {
    inner: Arc<Inner>,
    room: RoomId,
    done: bool,
}

impl Turn {
    /// The room's next append; `None`, ending the turn, when none waits.
    fn next(&mut self) -> Option<(Append, Reply)> {
        let mut queues = lock(&self.inner.queues);
        let next = queues
            .rooms
            .get_mut(&self.room)
            .and_then(VecDeque::pop_front);
        if next.is_none() {
            queues.rooms.remove(&self.room);
            self.done = true;
        }
        next
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if !self.done {
            lock(&self.inner.queues).rooms.remove(&self.room);
        }
    }
}

/// Writes the appends of one room, `first` first, then those made meanwhile.
async fn write_room(mut turn: Turn, first: (Append, Reply)) {
    let mut job = Some(first);
    while let Some((append, reply)) = job {
        let r = write_append(&turn.inner.pool, &append).await;
        turn.inner
            .health
            .record(common::failure_of(&r).map(ToString::to_string));
        let _ = reply.send(r);
        job = turn.next();
    }
}

/// Writes one append in one transaction; see [`Store::append`].
async fn write_append(pool: &Pool, a: &Append) -> Result<(), StoreError> {
    let conflict = |seq: u64| StoreError::Conflict {
        room: a.room.clone(),
        seq,
    };
    let room = a.room.as_str();
    let mut client = pool.get().await.map_err(pool_error)?;
    let tx = client.transaction().await?;
    if let Some(m) = &a.create {
        let insert = tx
            .prepare_cached(
                "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
                 clock_increment_secs, initial_fen, phase, fence, rated, seek) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .await?;
        let (initial, increment) = common::clock_columns(m.clock);
        let inserted = tx
            .execute(
                &insert,
                &[
                    &m.id.as_str(),
                    &common::stored_created_ms(m)?,
                    &m.public,
                    &m.promotion.name(),
                    &initial,
                    &increment,
                    &m.initial_fen,
                    &Phase::Waiting.name(),
                    &common::stored_fence(a)?,
                    &m.rated,
                    &common::seek_column(m),
                ],
            )
            .await;
        match inserted {
            Err(e) if is_unique_violation(&e) => return Err(conflict(a.first_seq)),
            r => r?,
        };
    }
    // The fences: the room's row is locked, so that its fence and last event stay as read
    // until this transaction ends.
    let locked = tx
        .prepare_cached("SELECT fence FROM rooms WHERE id = $1 FOR NO KEY UPDATE")
        .await?;
    let fence: Option<i64> = tx
        .query_opt(&locked, &[&room])
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
    let found = match fence {
        None => None,
        Some(fence) => {
            let last = tx
                .prepare_cached("SELECT max(seq) FROM events WHERE room = $1")
                .await?;
            let last: Option<i64> = tx.query_one(&last, &[&room]).await?.try_get(0)?;
            Some((fence, last))
        }
    };
    common::check_position(a, found)?;
    if !a.seats.is_empty() || a.phase.is_some() {
        let secret = |c: Color| {
            a.seats
                .iter()
                .rev()
                .find(|(seat, _)| *seat == c)
                .map(|(_, h)| h.0.as_str())
        };
        let update = tx
            .prepare_cached(
                "UPDATE rooms SET white_secret = coalesce($2, white_secret), \
                 black_secret = coalesce($3, black_secret), phase = coalesce($4, phase) \
                 WHERE id = $1",
            )
            .await?;
        tx.execute(
            &update,
            &[
                &room,
                &secret(Color::White),
                &secret(Color::Black),
                &a.phase.map(Phase::name),
            ],
        )
        .await?;
    }
    let insert = tx
        .prepare_cached("INSERT INTO events (room, seq, event) VALUES ($1, $2, $3)")
        .await?;
    for (seq, e) in (a.first_seq..).zip(&a.events) {
        let json = common::encode_event(a, seq, e)?;
        let n = common::stored_seq(a, seq)?;
        match tx.execute(&insert, &[&room, &n, &json]).await {
            Err(e) if is_unique_violation(&e) => return Err(conflict(seq)),
            r => r?,
        };
    }
    if let Some(end) = common::ending(a) {
        let update = tx
            .prepare_cached("UPDATE rooms SET ended_ms = $2, purgeable = $3 WHERE id = $1")
            .await?;
        let ended = i64::try_from(end.ended_ms).unwrap_or(i64::MAX);
        tx.execute(&update, &[&room, &ended, &end.purgeable])
            .await?;
    }
    if let Some(r) = &a.ratings {
        accounts::write_ratings(&tx, &a.room, r).await?;
    }
    if let Some(p) = &a.pairing {
        pairing::write_tickets(&tx, &a.room, p).await?;
    }
    profiles::write_seats(&tx, a).await?;
    if a.create.is_some() {
        // Last, because every creation waits for this row's lock until it commits.
        let count = tx
            .prepare_cached(
                "INSERT INTO lobby_meta (key, value) VALUES ('rooms_created', 1) \
                 ON CONFLICT (key) DO UPDATE SET value = lobby_meta.value + 1",
            )
            .await?;
        tx.execute(&count, &[]).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Deletes purgeable rooms that ended before `before_ms` with their events, a batch of
/// [`super::PURGE_BATCH`] rooms a transaction (rows another node is purging are skipped),
/// and counts them in `lobby_meta`.
async fn purge(pool: Pool, before_ms: u64) -> Result<u64, StoreError> {
    let before = i64::try_from(before_ms).unwrap_or(i64::MAX);
    let batch = i64::try_from(super::PURGE_BATCH).unwrap_or(i64::MAX);
    let mut client = pool.get().await.map_err(pool_error)?;
    let mut total = 0u64;
    loop {
        let tx = client.transaction().await?;
        let select = tx
            .prepare_cached(
                "SELECT id FROM rooms WHERE purgeable AND ended_ms < $1 LIMIT $2 \
                 FOR UPDATE SKIP LOCKED",
            )
            .await?;
        let ids: Vec<String> = tx
            .query(&select, &[&before, &batch])
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
        if !ids.is_empty() {
            let events = tx
                .prepare_cached("DELETE FROM events WHERE room = ANY($1)")
                .await?;
            tx.execute(&events, &[&ids]).await?;
            let tickets = tx
                .prepare_cached("DELETE FROM pool_tickets WHERE room = ANY($1)")
                .await?;
            tx.execute(&tickets, &[&ids]).await?;
            let seats = tx
                .prepare_cached("DELETE FROM player_games WHERE room = ANY($1)")
                .await?;
            tx.execute(&seats, &[&ids]).await?;
            let rooms = tx
                .prepare_cached("DELETE FROM rooms WHERE id = ANY($1)")
                .await?;
            tx.execute(&rooms, &[&ids]).await?;
            let count = tx
                .prepare_cached(
                    "INSERT INTO lobby_meta (key, value) VALUES ('rooms_purged', $1) \
                     ON CONFLICT (key) DO UPDATE SET value = lobby_meta.value + excluded.value",
                )
                .await?;
            let n = i64::try_from(ids.len()).unwrap_or(i64::MAX);
            tx.execute(&count, &[&n]).await?;
        }
        tx.commit().await?;
        total += ids.len() as u64;
        if ids.len() < super::PURGE_BATCH {
            return Ok(total);
        }
    }
}

/// Writes the liveness stamp `at_ms` (ms since the Unix epoch), unless a later one is stored.
async fn write_stamp(pool: &Pool, at_ms: u64) -> Result<(), StoreError> {
    let client = pool.get().await.map_err(pool_error)?;
    let stamp = client
        .prepare_cached(
            "INSERT INTO alive (id, at_ms) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET at_ms = GREATEST(alive.at_ms, excluded.at_ms)",
        )
        .await?;
    let at = i64::try_from(at_ms).unwrap_or(i64::MAX);
    client.execute(&stamp, &[&at]).await?;
    Ok(())
}

/// Column `i` of `row` as a `T`, or what is wrong with it.
fn column<'r, T: FromSql<'r>>(row: &'r Row, i: usize, name: &str) -> Result<T, String> {
    row.try_get(i)
        .map_err(|e| format!("bad {name}: {}", pg_text(&e)))
}

/// Decodes a row of [`ROOM_COLUMNS`] (without its events).
fn decode_room(row: &Row) -> Result<StoredRoom, BadRow> {
    let Ok(id) = row.try_get::<_, String>(0) else {
        return Err(BadRow {
            id: "?".into(),
            what: common::NOT_A_ROOM_ID.into(),
        });
    };
    let read = || -> Result<RoomRow, String> {
        Ok(RoomRow {
            id: id.clone(),
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
        id: id.clone(),
        what,
    })?;
    common::decode_room(row)
}

/// Decodes an event from columns 1 (`seq`) and 2 (`event`) of `row`, which must be event
/// number `expected`.
fn decode_event(row: &Row, expected: usize) -> Result<RoomEvent, String> {
    let seq: i64 = column(row, 1, "event number")?;
    let text: &str = column(row, 2, "event")?;
    common::decode_event(seq, text, expected)
}

/// A read-only transaction on one snapshot.
async fn snapshot(
    client: &mut deadpool_postgres::Client,
) -> Result<deadpool_postgres::Transaction<'_>, StoreError> {
    Ok(client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?)
}

/// Reads the live rooms; see [`Store::load_live`].
async fn load_live(pool: Pool) -> Result<Loaded, StoreError> {
    let mut client = pool.get().await.map_err(pool_error)?;
    let tx = snapshot(&mut client).await?;
    let mut live = LiveRooms::default();
    let rooms =
        format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE phase IN ($1, $2) ORDER BY created_ms, id");
    for row in tx.query(&rooms, &[&LIVE[0], &LIVE[1]]).await? {
        live.room(decode_room(&row));
    }
    let unknown = format!(
        "SELECT id, phase FROM rooms WHERE {}",
        common::unknown_phase_condition()
    );
    for row in tx.query(&unknown, &[]).await? {
        let text = |i| column::<String>(&row, i, "text").unwrap_or_else(|e| e);
        live.unknown_phase(&text(0), &text(1));
    }
    // Every event of the live rooms in one query, streamed.
    let events = tx
        .query_raw(
            "SELECT e.room, e.seq, e.event FROM rooms AS r JOIN events AS e ON e.room = r.id \
             WHERE r.phase IN ($1, $2) ORDER BY e.room, e.seq",
            LIVE,
        )
        .await?;
    let mut events = std::pin::pin!(events);
    while let Some(row) = events.try_next().await? {
        if let Ok(id) = row.try_get::<_, &str>(0) {
            live.event(id, |expected| decode_event(&row, expected));
        }
    }
    tx.commit().await?;
    Ok(live.finish())
}

/// Reads one room in the caller's transaction.
async fn read_room(
    tx: &deadpool_postgres::Transaction<'_>,
    id: &RoomId,
) -> Result<Option<StoredRoom>, StoreError> {
    let room = tx
        .prepare_cached(&format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = $1"))
        .await?;
    let Some(row) = tx.query_opt(&room, &[&id.as_str()]).await? else {
        return Ok(None);
    };
    let mut room = decode_room(&row)?;
    let events = tx
        .prepare_cached("SELECT room, seq, event FROM events WHERE room = $1 ORDER BY seq")
        .await?;
    for row in tx.query(&events, &[&id.as_str()]).await? {
        common::push_event(&mut room, |expected| decode_event(&row, expected))?;
    }
    Ok(Some(room))
}

/// Reads one room; see [`Store::load_room`].
async fn load_room(pool: Pool, id: RoomId) -> Result<Option<StoredRoom>, StoreError> {
    let mut client = pool.get().await.map_err(pool_error)?;
    let tx = snapshot(&mut client).await?;
    let room = read_room(&tx, &id).await?;
    tx.commit().await?;
    Ok(room)
}

/// Raises the fence of room `id` and reads it, in one transaction; see [`Store::take_over`].
async fn take_over(pool: Pool, id: RoomId) -> Result<Option<(u64, StoredRoom)>, StoreError> {
    let mut client = pool.get().await.map_err(pool_error)?;
    // Read committed: the reads after the update see every append committed before it.
    let tx = client.transaction().await?;
    let raise = tx
        .prepare_cached("UPDATE rooms SET fence = fence + 1 WHERE id = $1 RETURNING fence")
        .await?;
    let Some(row) = tx.query_opt(&raise, &[&id.as_str()]).await? else {
        return Ok(None);
    };
    let fence = common::read_fence(&id, row.try_get(0)?)?;
    let Some(room) = read_room(&tx, &id).await? else {
        return Ok(None);
    };
    tx.commit().await?;
    Ok(Some((fence, room)))
}

impl Store for PostgresStore {
    fn append(&self, append: Append) -> oneshot::Receiver<Result<(), StoreError>> {
        let (reply, rx) = oneshot::channel();
        let mut queues = lock(&self.inner.queues);
        if queues.closed {
            let _ = reply.send(Err(StoreError::Stopped));
            return rx;
        }
        match queues.rooms.entry(append.room.clone()) {
            Entry::Occupied(mut waiting) => waiting.get_mut().push_back((append, reply)),
            Entry::Vacant(free) => {
                free.insert(VecDeque::new());
                let turn = Turn {
                    inner: Arc::clone(&self.inner),
                    room: append.room.clone(),
                    done: false,
                };
                self.inner
                    .tasks
                    .spawn_on(write_room(turn, (append, reply)), &self.inner.runtime);
            }
        }
        rx
    }

    fn load_live(&self) -> StoreFuture<Loaded> {
        self.read(load_live)
    }

    fn load_room(&self, id: &RoomId) -> StoreFuture<Option<StoredRoom>> {
        let id = id.clone();
        self.read(move |pool| load_room(pool, id))
    }

    fn take_over(&self, id: &RoomId) -> StoreFuture<Option<(u64, StoredRoom)>> {
        let id = id.clone();
        self.read(move |pool| take_over(pool, id))
    }

    fn stamp_alive(&self, at_ms: u64) {
        let queues = lock(&self.inner.queues);
        if queues.closed {
            tracing::debug!("liveness stamp not written: the store is closed");
            return;
        }
        if self.inner.stamping.swap(true, Ordering::AcqRel) {
            tracing::debug!("liveness stamp skipped: the previous one is still being written");
            return;
        }
        let inner = Arc::clone(&self.inner);
        self.inner.tasks.spawn_on(
            async move {
                let r = write_stamp(&inner.pool, at_ms).await;
                inner
                    .health
                    .record(common::failure_of(&r).map(ToString::to_string));
                inner.stamping.store(false, Ordering::Release);
            },
            &self.inner.runtime,
        );
        drop(queues);
    }

    /// Written by a task of its own, outside the room's queue of appends and its fence (a
    /// record is only the countdown's state, rewritten whole at each change).
    fn save_away(&self, room: &RoomId, away: super::AwayRecord) {
        let queues = lock(&self.inner.queues);
        if queues.closed {
            tracing::debug!("away record not written: the store is closed");
            return;
        }
        let json = match serde_json::to_string(&away) {
            Ok(j) => j,
            Err(e) => {
                tracing::error!("room {room}: away record not encoded: {e}");
                return;
            }
        };
        let inner = Arc::clone(&self.inner);
        let room = room.clone();
        self.inner.tasks.spawn_on(
            async move {
                let written = async {
                    let client = inner.pool.get().await.map_err(pool_error)?;
                    client
                        .execute(
                            // Saves run as tasks of their own, in any order: an older
                            // record (a lower event number) never replaces a newer one.
                            "UPDATE rooms SET away = $2 WHERE id = $1 AND (away IS NULL \
                             OR (away::jsonb->>'seq')::bigint <= $3)",
                            &[
                                &room.as_str(),
                                &json,
                                &i64::try_from(away.seq).unwrap_or(i64::MAX),
                            ],
                        )
                        .await?;
                    Ok::<(), StoreError>(())
                };
                if let Err(e) = written.await {
                    tracing::warn!("room {room}: away record not written: {e}");
                }
            },
            &self.inner.runtime,
        );
        drop(queues);
    }

    fn purge(&self, now_ms: u64) -> StoreFuture<u64> {
        let before = now_ms.saturating_sub(super::PURGE_AFTER_MS);
        self.read(move |pool| purge(pool, before))
    }

    /// The stamp found when the store was opened.
    fn last_alive_ms(&self) -> StoreFuture<Option<u64>> {
        Box::pin(std::future::ready(Ok(self.inner.last_alive_ms)))
    }

    fn health(&self) -> Result<(), String> {
        if lock(&self.inner.queues).closed {
            return Err(StoreError::Stopped.to_string());
        }
        self.inner.health.get()
    }

    /// `SELECT 1` on a connection of the pool (a new one if none is idle).
    fn probe(&self) -> StoreFuture<()> {
        self.read(|pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            client.simple_query("SELECT 1").await?;
            Ok(())
        })
    }

    fn close(&self) -> CloseFuture {
        lock(&self.inner.queues).closed = true;
        self.inner.tasks.close();
        let inner = Arc::clone(&self.inner);
        Box::pin(async move { inner.tasks.wait().await })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::suite::{PgFixture, create, ids, moved, pg_connect, write};

    #[tokio::test]
    #[cfg_attr(not(asean_test_postgres), ignore = "needs PostgreSQL")]
    async fn a_newer_database_is_refused_and_left_alone() {
        let f = PgFixture::new().await;
        let c = pg_connect(&f.config).await;
        c.batch_execute(
            "CREATE TABLE schema_version (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL);
             INSERT INTO schema_version VALUES (1, 0), (99, 0);",
        )
        .await
        .expect("future");
        assert!(matches!(
            PostgresStore::connect(f.config.clone(), 2).await,
            Err(StoreError::NewerSchema {
                found: 99,
                supported: 10
            })
        ));
        let tables: i64 = c
            .query_one(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
                &[],
            )
            .await
            .expect("tables")
            .get(0);
        assert_eq!(tables, 1, "only schema_version");
    }

    /// Migration 7 fills `player_games` from the rooms stored before it: the signed-in seats,
    /// the end of finished games; aborted games keep no row, unreadable events stop nothing.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[cfg_attr(not(asean_test_postgres), ignore = "needs PostgreSQL")]
    async fn a_version_6_database_gets_its_players_games() {
        use crate::store::ProfileStore;
        use crate::store::suite::id;
        let f = PgFixture::new().await;
        let c = pg_connect(&f.config).await;
        let mut setup = String::from(
            "CREATE TABLE schema_version (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL);
             INSERT INTO schema_version VALUES (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0);",
        );
        for m in &MIGRATIONS[..6] {
            setup.push_str(m);
        }
        setup.push_str(
            "INSERT INTO users (id, username, created_ms) VALUES ('ploy', 'Ploy', 1), \
             ('krit', 'Krit', 1);",
        );
        c.batch_execute(&setup).await.expect("version 6");
        let ploy = r#"{"kind":"seated","seat":"white","user":"Ploy"}"#;
        let krit = r#"{"kind":"seated","seat":"black","user":"Krit"}"#;
        // Room, phase, end, purgeable, events.
        type Row<'a> = (u8, &'a str, Option<i64>, bool, Vec<&'a str>);
        let rooms: [Row; 4] = [
            (
                1,
                "finished",
                Some(9_000),
                false,
                vec![
                    ploy,
                    krit,
                    r#"{"kind":"game_over","result":"resign-white-wins","winner":"white","at_ms":9000}"#,
                ],
            ),
            (2, "playing", None, false, vec![ploy, krit]),
            (
                3,
                "finished",
                Some(8_000),
                true,
                vec![
                    ploy,
                    krit,
                    r#"{"kind":"game_over","result":"aborted","winner":null}"#,
                ],
            ),
            (
                4,
                "playing",
                None,
                false,
                vec![r#"{"kind":"seated","seat":"white","user":"Ploy""#],
            ),
        ];
        for (n, phase, ended, purgeable, events) in rooms {
            let room = id(n).as_str().to_owned();
            c.execute(
                "INSERT INTO rooms (id, created_ms, public, promotion, clock_initial_secs, \
                 clock_increment_secs, initial_fen, phase, ended_ms, purgeable) \
                 VALUES ($1, $2, TRUE, 'any', 180, 2, 'fen', $3, $4, $5)",
                &[&room, &i64::from(n), &phase, &ended, &purgeable],
            )
            .await
            .expect("room");
            for (seq, e) in (1i64..).zip(events) {
                c.execute(
                    "INSERT INTO events (room, seq, event) VALUES ($1, $2, $3)",
                    &[&room, &seq, &e],
                )
                .await
                .expect("event");
            }
        }
        let s = PostgresStore::connect(f.config.clone(), 2)
            .await
            .expect("migrated");
        let krit = "krit".parse().expect("id");
        let games = s.games_of(&krit, None, 10).await.expect("games");
        assert_eq!(games.len(), 1, "{games:?}");
        assert_eq!(
            (games[0].room.clone(), games[0].color),
            (id(1), Color::Black)
        );
        assert_eq!(games[0].ended_ms, 9_000);
        let ploy = "ploy".parse().expect("id");
        let now = s.ongoing(&ploy).await.expect("ongoing");
        assert_eq!(
            now.iter().map(|o| o.room.clone()).collect::<Vec<_>>(),
            vec![id(2)]
        );
        assert_eq!(s.game_counts(&ploy).await.expect("counts").win, 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[cfg_attr(not(asean_test_postgres), ignore = "needs PostgreSQL")]
    async fn nodes_starting_at_once_migrate_once() {
        let f = PgFixture::new().await;
        let opened = futures_util::future::join_all(
            (0..4).map(|_| PostgresStore::connect(f.config.clone(), 2)),
        )
        .await;
        let stores: Vec<PostgresStore> = opened.into_iter().map(|s| s.expect("open")).collect();
        let c = pg_connect(&f.config).await;
        let versions: Vec<i64> = c
            .query("SELECT version FROM schema_version ORDER BY version", &[])
            .await
            .expect("versions")
            .iter()
            .map(|r| r.get(0))
            .collect();
        assert_eq!(versions, (1..=supported_version()).collect::<Vec<_>>());
        // Every node works on the same rooms.
        let first: Arc<dyn Store> = Arc::new(
            PostgresStore::connect(f.config.clone(), 2)
                .await
                .expect("open"),
        );
        write(&first, create(1)).await.expect("create");
        for s in &stores {
            assert_eq!(
                ids(&s.load_live().await.expect("load")),
                vec![create(1).room]
            );
        }
    }

    #[tokio::test]
    async fn failures_to_open_say_what_failed_without_the_password() {
        let database = |r: Result<PostgresStore, StoreError>| match r {
            Err(StoreError::Database(e)) => e,
            other => panic!("expected a database error, got {other:?}"),
        };
        // Nothing listens on port 1.
        let unreachable = "postgres://lobby:hunter2@127.0.0.1:1/lobby";
        let e = database(PostgresStore::open(unreachable).await);
        assert!(e.contains("cannot connect") && e.contains("refused"), "{e}");
        assert!(!e.contains("hunter2"), "{e}");
        assert_eq!(
            crate::store::describe(unreachable),
            "postgres://lobby@127.0.0.1:1/lobby"
        );
        for url in [
            "postgres://lobby:hunter2@[::1/lobby",
            "postgres://lobby:hunter2@host:port/lobby",
            "postgresql://lobby:hunter2@host/lobby?sslmode=sometimes",
        ] {
            let e = database(PostgresStore::open(url).await);
            assert!(e.contains("URL does not parse"), "{e}");
            assert!(!e.contains("hunter2"), "{e}");
            assert!(!crate::store::describe(url).contains("hunter2"));
        }
        assert_eq!(
            crate::store::describe("postgres://lobby:hunter2@db.internal:6000/games"),
            "postgres://lobby@db.internal:6000/games"
        );
    }

    #[tokio::test]
    #[cfg_attr(not(asean_test_postgres), ignore = "needs PostgreSQL")]
    async fn a_missing_database_is_named() {
        let f = PgFixture::new().await;
        let mut config = f.config.clone();
        config.password("hunter2");
        config.dbname("no_such_database");
        let e = PostgresStore::connect(config, 1)
            .await
            .expect_err("no database");
        let e = e.to_string();
        assert!(
            e.contains("no_such_database") && e.contains("does not exist"),
            "{e}"
        );
        assert!(!e.contains("hunter2"), "{e}");
    }

    /// By hand, with `ASEAN_TEST_POSTGRES` set:
    /// `cargo test -p server --lib -- --ignored --nocapture postgres_load_live_timing`.
    /// 50,000 finished rooms of 40 events each and 200 live ones.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "a timing, run by hand"]
    async fn postgres_load_live_timing() {
        let f = PgFixture::new().await;
        drop(
            PostgresStore::connect(f.config.clone(), 1)
                .await
                .expect("create"),
        );
        let started = std::time::Instant::now();
        let json = serde_json::to_string(&moved(7)).expect("json");
        pg_connect(&f.config)
            .await
            .batch_execute(&format!(
                "INSERT INTO rooms (id, created_ms, public, promotion, initial_fen, \
                     white_secret, black_secret, phase) \
                 SELECT lpad(to_hex(n), 20, '0'), n, TRUE, 'any', 'fen', 'w', 'b', \
                     CASE WHEN n % 251 = 0 AND n / 251 < 200 THEN 'playing' ELSE 'finished' END \
                 FROM generate_series(0, 50199) AS n;
                 INSERT INTO events (room, seq, event) \
                 SELECT lpad(to_hex(n), 20, '0'), s, '{json}' \
                 FROM generate_series(0, 50199) AS n, generate_series(1, 40) AS s;
                 ANALYZE;"
            ))
            .await
            .expect("seed");
        eprintln!("seeded in {:?}", started.elapsed());
        let started = std::time::Instant::now();
        let s = PostgresStore::connect(f.config.clone(), 2)
            .await
            .expect("open");
        let opened = started.elapsed();
        let loaded = s.load_live().await.expect("load");
        eprintln!(
            "open {opened:?}, open + load_live {:?}: {} live rooms, {} events",
            started.elapsed(),
            loaded.rooms.len(),
            loaded.rooms.iter().map(|r| r.events.len()).sum::<usize>()
        );
        assert_eq!(loaded.rooms.len(), 200);
        assert_eq!(loaded.skipped, 0);
    }
}
