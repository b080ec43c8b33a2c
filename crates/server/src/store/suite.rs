//! The behaviour every database store shares, as one suite run against [`SqliteStore`] and
//! [`PostgresStore`] (`store::suite::sqlite::*` and `store::suite::postgres::*`).
//!
//! The PostgreSQL tests need a running server: `ASEAN_TEST_POSTGRES` holds its URL (e.g.
//! `postgres://postgres@127.0.0.1:55432/postgres`, a user that may create databases); each
//! test creates a database of its own and drops it afterwards. `cargo xtask test` starts a
//! private server and sets the variable. Without it these tests are ignored (the build script
//! sets `cfg(asean_test_postgres)` only with it) and [`tests_left_out_without_the_private_servers`]
//! says so once; with it set, a server that does not answer fails them.

#![allow(clippy::unwrap_used)]

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use protocol::TimeControl;
use protocol::{CloseReason, Outcome, PromotionRule, RoomEvent, RoomId, WinReason};
use rules::{ByColor, Color};

use super::{Append, Loaded, Phase, PostgresStore, RoomMeta, SecretHash, SqliteStore, Store};
use super::{StoreError, StoredRoom};

/// The environment variable with the URL of the PostgreSQL server the tests use.
pub(super) const POSTGRES_VAR: &str = "ASEAN_TEST_POSTGRES";

/// A database for one test, and a way into it besides the store (to look or to damage).
pub(super) trait Fixture {
    /// Whether several stores (nodes) may have the database open at once: PostgreSQL yes;
    /// SQLite no, a second store on its file is refused with [`StoreError::InUse`].
    const SHARED: bool;
    /// A new store on the database: each call another instance, as a restart or another
    /// node would open it.
    fn open(&self) -> impl Future<Output = Arc<dyn Store>>;
    /// Like [`Fixture::open`], with the store's error.
    fn try_open(&self) -> impl Future<Output = Result<Arc<dyn Store>, StoreError>>;
    /// Runs `sql` (statements without parameters) on the database, not through the store.
    fn exec(&self, sql: &str) -> impl Future<Output = ()>;
    /// The integer in the first column of the first row `sql` answers (`None`: no row).
    fn query_i64(&self, sql: &str) -> impl Future<Output = Option<i64>>;
    /// Takes the database away under the stores open on it: SQLite deletes the file,
    /// PostgreSQL drops the database (closing its connections).
    fn remove(&self) -> impl Future<Output = ()>;
}

/// A SQLite file in a temporary directory.
pub(super) struct SqliteFixture {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl SqliteFixture {
    pub(super) fn new() -> SqliteFixture {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("lobby.sqlite3");
        SqliteFixture { _dir: dir, path }
    }

    fn raw(&self) -> rusqlite::Connection {
        let c = rusqlite::Connection::open(&self.path).expect("raw connection");
        c.busy_timeout(Duration::from_secs(5))
            .expect("busy timeout");
        c
    }
}

impl Fixture for SqliteFixture {
    const SHARED: bool = false;

    async fn open(&self) -> Arc<dyn Store> {
        self.try_open().await.expect("open")
    }

    async fn try_open(&self) -> Result<Arc<dyn Store>, StoreError> {
        Ok(Arc::new(SqliteStore::open(&self.path)?))
    }

    async fn exec(&self, sql: &str) {
        self.raw().execute_batch(sql).expect(sql);
    }

    async fn query_i64(&self, sql: &str) -> Option<i64> {
        use rusqlite::OptionalExtension;
        self.raw()
            .query_row(sql, [], |r| r.get(0))
            .optional()
            .expect(sql)
    }

    async fn remove(&self) {
        std::fs::remove_file(&self.path).expect("remove the database file");
    }
}

/// A database of its own on the server of [`POSTGRES_VAR`], dropped with the fixture.
pub(super) struct PgFixture {
    /// The server, as the variable gives it.
    admin: tokio_postgres::Config,
    /// The test's database.
    pub(super) config: tokio_postgres::Config,
    name: String,
}

/// Connects to `config`, the connection running on the current runtime.
pub(super) async fn pg_connect(config: &tokio_postgres::Config) -> tokio_postgres::Client {
    let (client, connection) = config
        .connect(tokio_postgres::NoTls)
        .await
        .expect("connect to the test server");
    tokio::spawn(connection);
    client
}

impl PgFixture {
    /// Creates the database; fails the test when [`POSTGRES_VAR`] is not set.
    pub(super) async fn new() -> PgFixture {
        let Ok(url) = std::env::var(POSTGRES_VAR) else {
            panic!(
                "set {POSTGRES_VAR} to a PostgreSQL URL, or run `cargo xtask test`, which starts \
                 a private server"
            );
        };
        let admin: tokio_postgres::Config = url
            .parse()
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR} is not a PostgreSQL URL: {e}"));
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("random");
        let name = format!("asean_test_{}", hex::encode(bytes));
        pg_connect(&admin)
            .await
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("create the test database");
        let mut config = admin.clone();
        config.dbname(&name);
        PgFixture {
            admin,
            config,
            name,
        }
    }
}

impl Drop for PgFixture {
    /// Drops the database (on a thread of its own: this may run outside a runtime, or on a
    /// runtime thread that must not block on itself).
    fn drop(&mut self) {
        let admin = self.admin.clone();
        let name = self.name.clone();
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async {
                pg_connect(&admin)
                    .await
                    .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .await
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("the test database {} was not dropped", self.name);
        }
    }
}

impl Fixture for PgFixture {
    const SHARED: bool = true;

    async fn try_open(&self) -> Result<Arc<dyn Store>, StoreError> {
        Ok(Arc::new(
            PostgresStore::connect(self.config.clone(), 4).await?,
        ))
    }

    async fn open(&self) -> Arc<dyn Store> {
        self.try_open().await.expect("open")
    }

    async fn exec(&self, sql: &str) {
        pg_connect(&self.config)
            .await
            .batch_execute(sql)
            .await
            .expect(sql);
    }

    async fn query_i64(&self, sql: &str) -> Option<i64> {
        pg_connect(&self.config)
            .await
            .query_opt(sql, &[])
            .await
            .expect(sql)
            .map(|r| r.get(0))
    }

    async fn remove(&self) {
        pg_connect(&self.admin)
            .await
            .batch_execute(&format!("DROP DATABASE {} WITH (FORCE)", self.name))
            .await
            .expect("drop the test database");
    }
}

pub(super) fn id(n: u8) -> RoomId {
    RoomId::from_bytes([n; 10])
}

pub(super) fn meta(n: u8) -> RoomMeta {
    RoomMeta {
        rated: false,
        // Every third room a seek with a rating range (the others store none).
        seek: if n.is_multiple_of(3) {
            crate::store::SeekTerms {
                seeker: Some(protocol::Seeker {
                    username: "Somchai".parse().expect("name"),
                    rating: Some(1500 + u32::from(n)),
                    provisional: n.is_multiple_of(2),
                }),
                rating_range: protocol::RatingRange::new(1200, 1800).ok(),
                pool: n.is_multiple_of(2),
            }
        } else {
            crate::store::SeekTerms::default()
        },
        id: id(n),
        created_ms: 1_000 + u64::from(n),
        public: n.is_multiple_of(2),
        promotion: PromotionRule::MetOnly,
        clock: (n % 2 == 1).then(|| TimeControl::fischer(300, 3).expect("a time control")),
        initial_fen: format!("fen {n}"),
    }
}

pub(super) fn hash(s: &str) -> SecretHash {
    SecretHash(s.into())
}

pub(super) fn seated(seat: Color) -> RoomEvent {
    RoomEvent::Seated {
        seat,
        user: None,
        seat_rating: None,
    }
}

pub(super) fn moved(ply: u32) -> RoomEvent {
    RoomEvent::Moved {
        ply,
        uci: "e3e4".parse().expect("uci"),
        san: "e4".into(),
        clocks: None,
        at_ms: Some(5_000 + u64::from(ply)),
    }
}

pub(super) fn game_over() -> RoomEvent {
    RoomEvent::GameOver {
        ratings: None,
        result: Outcome::win(Color::White, WinReason::Resignation),
        winner: Some(Color::White),
        at_ms: None,
    }
}

/// The first append of room `n`: created, White seated.
pub(super) fn create(n: u8) -> Append {
    let mut a = Append::events(id(n), 1, vec![seated(Color::White)]);
    a.create = Some(meta(n));
    a.seats = vec![(Color::White, hash("w"))];
    a
}

/// Black takes the seat of room `n` (event 2): playing.
pub(super) fn join(n: u8) -> Append {
    let mut a = Append::events(id(n), 2, vec![seated(Color::Black)]);
    a.seats = vec![(Color::Black, hash("b"))];
    a.phase = Some(Phase::Playing);
    a
}

/// `a` carrying the ownership fence `fence`.
fn fenced(mut a: Append, fence: u64) -> Append {
    a.fence = Some(fence);
    a
}

/// Writes `a` and waits for the answer.
pub(super) async fn write(s: &Arc<dyn Store>, a: Append) -> Result<(), StoreError> {
    s.append(a).await.unwrap_or(Err(StoreError::Stopped))
}

pub(super) fn ids(loaded: &Loaded) -> Vec<RoomId> {
    loaded.rooms.iter().map(|r| r.meta.id.clone()).collect()
}

/// Waits until `check` answers `true` (at most 10 s), and says whether it did.
async fn eventually<F: Future<Output = bool>>(mut check: impl FnMut() -> F) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

async fn round_trip_and_reopen<F: Fixture>(f: &F) {
    {
        let s = f.open().await;
        assert_eq!(s.last_alive_ms().await.expect("alive"), None);
        write(&s, create(1)).await.expect("create");
        write(&s, join(1)).await.expect("join");
        write(&s, Append::events(id(1), 3, vec![moved(0), moved(1)]))
            .await
            .expect("moves");
        s.stamp_alive(1_234);
        s.close().await;
    }
    let s = f.open().await;
    assert_eq!(s.last_alive_ms().await.expect("alive"), Some(1_234));
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
        away: None,
    };
    let loaded = s.load_live().await.expect("load");
    assert_eq!(loaded.skipped, 0);
    assert_eq!(loaded.rooms, vec![expected.clone()]);
    assert_eq!(s.load_room(&id(1)).await.expect("room"), Some(expected));
    assert_eq!(s.load_room(&id(2)).await.expect("room"), None);
    // A new stamp is written, but the one found at opening is kept.
    s.stamp_alive(9_999);
    write(&s, Append::events(id(1), 5, vec![moved(2)]))
        .await
        .expect("move");
    assert_eq!(s.last_alive_ms().await.expect("alive"), Some(1_234));
    let stamp = "SELECT at_ms FROM alive";
    assert!(eventually(|| async { f.query_i64(stamp).await == Some(9_999) }).await);
    if F::SHARED {
        // Another node whose clock is behind does not move the stamp back.
        let behind = f.open().await;
        behind.stamp_alive(5);
        behind.close().await;
    } else {
        // A second server on the same file is refused before it writes anything.
        assert!(matches!(f.try_open().await, Err(StoreError::InUse(_))));
    }
    assert_eq!(f.query_i64(stamp).await, Some(9_999));
    let created = f
        .query_i64("SELECT value FROM lobby_meta WHERE key = 'rooms_created'")
        .await;
    assert_eq!(created, Some(1));
    assert!(s.health().is_ok());
}

async fn closing_finishes_queued_appends(f: &impl Fixture) {
    {
        let s = f.open().await;
        let mut answers: Vec<_> = (1..=20).map(|n| s.append(create(n))).collect();
        // Appends to one room, made before the earlier ones are answered, are written in
        // the order they were made.
        answers.extend(
            (0..40u32).map(|i| s.append(Append::events(id(1), 2 + u64::from(i), vec![moved(i)]))),
        );
        s.close().await;
        for a in answers {
            assert!(matches!(a.await, Ok(Ok(()))));
        }
    }
    let s = f.open().await;
    let loaded = s.load_live().await.expect("load");
    assert_eq!(loaded.rooms.len(), 20);
    assert_eq!(loaded.rooms[0].events.len(), 41);
}

async fn the_fence_refuses_duplicates_and_gaps_and_writes_nothing_of_them(f: &impl Fixture) {
    let s = f.open().await;
    write(&s, create(1)).await.expect("create");
    // Event 1 again, carrying a seat and a phase: refused, and neither is written.
    let mut twice = join(1);
    twice.first_seq = 1;
    twice.phase = Some(Phase::Finished);
    assert!(matches!(
        write(&s, twice).await,
        Err(StoreError::Conflict { seq: 1, .. })
    ));
    // A gap.
    let mut gap = join(1);
    gap.first_seq = 3;
    assert!(matches!(
        write(&s, gap).await,
        Err(StoreError::Conflict { seq: 3, .. })
    ));
    // The same room created twice.
    assert!(matches!(
        write(&s, create(1)).await,
        Err(StoreError::Conflict { .. })
    ));
    // A room that was never created.
    assert!(matches!(
        write(&s, Append::events(id(9), 1, vec![moved(0)])).await,
        Err(StoreError::UnknownRoom(r)) if r == id(9)
    ));
    let room = s.load_room(&id(1)).await.expect("read").expect("kept");
    assert_eq!(room.phase, Phase::Waiting);
    assert_eq!(room.secrets.black, None);
    assert_eq!(room.events, vec![seated(Color::White)]);
    // Refusals are not failures of the store.
    assert!(s.health().is_ok());

    // Made together: the refused one fails alone.
    let a = s.append(join(1));
    let b = s.append(Append::events(id(1), 2, vec![moved(0)]));
    let c = s.append(create(2));
    assert!(matches!(a.await, Ok(Ok(()))));
    assert!(matches!(
        b.await,
        Ok(Err(StoreError::Conflict { seq: 2, .. }))
    ));
    assert!(matches!(c.await, Ok(Ok(()))));
    let room = s.load_room(&id(1)).await.expect("read").expect("kept");
    assert_eq!(room.phase, Phase::Playing);
    assert_eq!(
        room.events,
        vec![seated(Color::White), seated(Color::Black)]
    );
    assert_eq!(ids(&s.load_live().await.expect("load")), vec![id(1), id(2)]);
}

async fn load_live_skips_ended_rooms_and_counts_corrupt_ones(f: &impl Fixture) {
    let s = f.open().await;
    // Created newest first: the load is oldest first all the same.
    for n in (1..=8).rev() {
        write(&s, create(n)).await.expect("create");
    }
    write(&s, join(2)).await.expect("join");
    let mut over = Append::events(id(3), 2, vec![seated(Color::Black), game_over()]);
    over.phase = Some(Phase::Finished);
    write(&s, over).await.expect("finish");
    let mut closed = Append::events(
        id(4),
        2,
        vec![RoomEvent::Closed {
            reason: CloseReason::Cancelled,
        }],
    );
    closed.phase = Some(Phase::Closed);
    write(&s, closed).await.expect("close");
    for n in [6, 8] {
        write(&s, Append::events(id(n), 2, vec![moved(0), moved(1)]))
            .await
            .expect("moves");
    }

    for sql in [
        format!(
            "UPDATE rooms SET promotion = 'sideways' WHERE id = '{}'",
            id(5)
        ),
        format!(
            "UPDATE events SET event = '{{\"kind\":\"teleported\"}}' \
             WHERE room = '{}' AND seq = 2",
            id(6)
        ),
        format!("UPDATE rooms SET phase = 'limbo' WHERE id = '{}'", id(7)),
        format!("UPDATE rooms SET created_ms = -5 WHERE id = '{}'", id(1)),
        format!("DELETE FROM events WHERE room = '{}' AND seq = 2", id(8)),
        "INSERT INTO rooms (id, created_ms, public, promotion, initial_fen) \
         VALUES ('../etc/passwd', 1, TRUE, 'any', 'fen')"
            .to_owned(),
    ] {
        f.exec(&sql).await;
    }

    let loaded = s.load_live().await.expect("load");
    assert_eq!(ids(&loaded), vec![id(2)]);
    assert_eq!(loaded.rooms[0].events.len(), 2);
    // 1 (negative time), 5 (promotion), 6 (event), 7 (phase), 8 (gap), the bad id.
    assert_eq!(loaded.skipped, 6);
    assert!(matches!(
        s.load_room(&id(5)).await,
        Err(StoreError::Corrupt { room: Some(_), .. })
    ));
    assert!(matches!(
        s.load_room(&id(6)).await,
        Err(StoreError::Corrupt { .. })
    ));
    // A room that does not read is not taken over either (its fence stays).
    assert!(matches!(
        s.take_over(&id(6)).await,
        Err(StoreError::Corrupt { .. })
    ));
    let fence = format!("SELECT fence FROM rooms WHERE id = '{}'", id(6));
    assert_eq!(f.query_i64(&fence).await, Some(0));
}

async fn load_room_reads_a_finished_room(f: &impl Fixture) {
    let s = f.open().await;
    write(&s, create(3)).await.expect("create");
    let mut over = Append::events(id(3), 2, vec![seated(Color::Black), game_over()]);
    over.seats = vec![(Color::Black, hash("b"))];
    over.phase = Some(Phase::Finished);
    write(&s, over).await.expect("finish");
    assert!(s.load_live().await.expect("load").rooms.is_empty());
    let room = s.load_room(&id(3)).await.expect("read").expect("kept");
    assert_eq!(room.phase, Phase::Finished);
    assert_eq!(room.meta, meta(3));
    assert_eq!(room.secrets.black, Some(hash("b")));
    assert_eq!(
        room.events,
        vec![seated(Color::White), seated(Color::Black), game_over()]
    );
}

async fn health_follows_the_latest_write(f: &impl Fixture) {
    let s = f.open().await;
    write(&s, create(1)).await.expect("create");
    assert_eq!(s.health(), Ok(()));
    f.exec("ALTER TABLE events RENAME TO events_away").await;
    assert!(matches!(
        write(&s, Append::events(id(1), 2, vec![moved(0)])).await,
        Err(StoreError::Database(_))
    ));
    let failing = s.health().expect_err("failing");
    assert!(failing.contains("events"), "{failing}");
    f.exec("ALTER TABLE events_away RENAME TO events").await;
    write(&s, Append::events(id(1), 2, vec![moved(0)]))
        .await
        .expect("append");
    assert_eq!(s.health(), Ok(()));

    // A failing liveness stamp (the write probe) fails the health too.
    f.exec("DROP TABLE alive").await;
    s.stamp_alive(5);
    assert!(eventually(|| async { s.health().is_err() }).await);
}

async fn the_probe_notices_a_database_that_is_gone(f: &impl Fixture) {
    let s = f.open().await;
    s.probe().await.expect("a new database answers");
    write(&s, create(1)).await.expect("create");
    s.probe().await.expect("a written database answers");
    f.remove().await;
    assert!(
        eventually(|| async { s.probe().await.is_err() }).await,
        "the probe fails once the database is gone"
    );
    let Err(StoreError::Database(failure)) = s.probe().await else {
        panic!("a database error");
    };
    assert!(!failure.is_empty());
}

async fn appends_after_close_are_stopped(f: &impl Fixture) {
    let s = f.open().await;
    write(&s, create(1)).await.expect("create");
    s.close().await;
    s.close().await;
    assert!(matches!(
        write(&s, create(2)).await,
        Err(StoreError::Stopped)
    ));
    s.stamp_alive(1);
    assert!(s.health().is_err());
    // Reads still work.
    assert_eq!(ids(&s.load_live().await.expect("load")), vec![id(1)]);
}

async fn take_over_fences_the_old_owner<F: Fixture>(f: &F) {
    let old = f.open().await;
    if !F::SHARED {
        // One server a file: there is no other node to take a room over.
        assert!(matches!(f.try_open().await, Err(StoreError::InUse(_))));
        return;
    }
    let new = f.open().await;
    write(&old, fenced(create(1), 0)).await.expect("create");
    write(&old, fenced(join(1), 0)).await.expect("join");
    let (fence, room) = new.take_over(&id(1)).await.expect("read").expect("kept");
    assert_eq!(fence, 1);
    assert_eq!(room.phase, Phase::Playing);
    assert_eq!(
        room.events,
        vec![seated(Color::White), seated(Color::Black)]
    );

    // The old owner is refused, whatever it carries, and nothing of it is written.
    let mut late = fenced(Append::events(id(1), 3, vec![game_over()]), 0);
    late.phase = Some(Phase::Finished);
    late.seats = vec![(Color::White, hash("x"))];
    assert!(matches!(
        write(&old, late).await,
        Err(StoreError::Fenced { room, fence: 1 }) if room == id(1)
    ));
    // The fence is checked before the numbering.
    assert!(matches!(
        write(&old, fenced(Append::events(id(1), 9, vec![moved(0)]), 0)).await,
        Err(StoreError::Fenced { fence: 1, .. })
    ));
    let kept = old.load_room(&id(1)).await.expect("read").expect("kept");
    assert_eq!(kept, room);
    assert!(old.health().is_ok());

    // The new owner writes with the new fence; an unfenced append is not checked.
    write(&new, fenced(Append::events(id(1), 3, vec![moved(0)]), 1))
        .await
        .expect("new owner");
    write(&old, Append::events(id(1), 4, vec![moved(1)]))
        .await
        .expect("unfenced");
    // A take-over again: the fence goes on rising, and the previous owner is refused.
    let (fence, room) = old.take_over(&id(1)).await.expect("read").expect("kept");
    assert_eq!((fence, room.events.len()), (2, 4));
    assert!(matches!(
        write(&new, fenced(Append::events(id(1), 5, vec![moved(2)]), 1)).await,
        Err(StoreError::Fenced { fence: 2, .. })
    ));
    // No such room: nothing to take over.
    assert!(new.take_over(&id(9)).await.expect("read").is_none());

    // A room created with a fence is stored with it.
    write(&new, fenced(create(2), 7)).await.expect("create");
    assert!(matches!(
        write(&new, fenced(join(2), 6)).await,
        Err(StoreError::Fenced { fence: 7, .. })
    ));
    write(&new, fenced(join(2), 7)).await.expect("join");
    let (fence, room) = old.take_over(&id(2)).await.expect("read").expect("kept");
    assert_eq!((fence, room.events.len()), (8, 2));
    // And an unfenced creation with fence 0.
    write(&new, create(3)).await.expect("create");
    let (fence, _) = new.take_over(&id(3)).await.expect("read").expect("kept");
    assert_eq!(fence, 1);
}

async fn two_nodes_racing_for_event_n_one_wins<F: Fixture>(f: &F) {
    let a = f.open().await;
    if !F::SHARED {
        // One server a file: no second node races the first.
        assert!(matches!(f.try_open().await, Err(StoreError::InUse(_))));
        return;
    }
    let b = f.open().await;
    write(&a, create(1)).await.expect("create");
    let mut wins = [0u32; 2];
    for round in 0..30u32 {
        let seq = 2 + u64::from(round);
        let from_a = a.append(Append::events(id(1), seq, vec![moved(round)]));
        let from_b = b.append(Append::events(id(1), seq, vec![moved(1_000 + round)]));
        let (ra, rb) = tokio::join!(from_a, from_b);
        let results = [
            ra.unwrap_or(Err(StoreError::Stopped)),
            rb.unwrap_or(Err(StoreError::Stopped)),
        ];
        for (i, r) in results.iter().enumerate() {
            match r {
                Ok(()) => wins[i] += 1,
                Err(StoreError::Conflict { room, seq: s }) => {
                    assert_eq!((room, *s), (&id(1), seq));
                }
                Err(e) => panic!("round {round}: {e}"),
            }
        }
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "round {round}: {results:?}"
        );
    }
    assert_eq!(wins[0] + wins[1], 30);
    // No gap and no duplicate: the room reads (a gap would not), with one event a number.
    let room = b.load_room(&id(1)).await.expect("read").expect("kept");
    assert_eq!(room.events.len(), 31);
    let count = format!("SELECT count(*) FROM events WHERE room = '{}'", id(1));
    assert_eq!(f.query_i64(&count).await, Some(31));
    for (i, e) in room.events.iter().enumerate().skip(1) {
        let RoomEvent::Moved { ply, .. } = e else {
            panic!("event {}: {e:?}", i + 1)
        };
        assert_eq!(ply % 1_000, u32::try_from(i - 1).unwrap());
    }
}

/// Now on the wall clock, in ms since the Unix epoch.
fn wall_ms() -> u64 {
    u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}

/// A room id of its own for each `n`, apart from [`id`]'s.
fn many_id(n: u16) -> RoomId {
    let mut b = [0xee; 10];
    b[..2].copy_from_slice(&n.to_be_bytes());
    RoomId::from_bytes(b)
}

/// Room `r` (created by [`create`] or like it) ends at event `seq` with `result` at `at_ms`.
fn ended(r: RoomId, seq: u64, result: Outcome, at_ms: u64) -> Append {
    let mut a = Append::events(
        r,
        seq,
        vec![RoomEvent::GameOver {
            ratings: None,
            result,
            winner: result.winner(),
            at_ms: Some(at_ms),
        }],
    );
    a.phase = Some(Phase::Finished);
    a
}

/// Room `r` is cancelled at event `seq`.
fn cancelled(r: RoomId, seq: u64) -> Append {
    let mut a = Append::events(
        r,
        seq,
        vec![RoomEvent::Closed {
            reason: CloseReason::Cancelled,
        }],
    );
    a.phase = Some(Phase::Closed);
    a
}

async fn purge_deletes_ended_rooms_with_at_most_one_move_after_a_day<F: Fixture>(f: &F) {
    let s = f.open().await;
    let long_ago = 1_000_000;
    // 1: cancelled now. 2: aborted after one move, long ago. 3: resigned after two moves,
    // long ago. 4: drawn by agreement after one move, long ago. 5: waiting.
    write(&s, create(1)).await.unwrap();
    write(&s, cancelled(id(1), 2)).await.unwrap();
    for n in 2..=4 {
        write(&s, create(n)).await.unwrap();
        write(&s, join(n)).await.unwrap();
        write(&s, Append::events(id(n), 3, vec![moved(0)]))
            .await
            .unwrap();
    }
    write(&s, ended(id(2), 4, Outcome::Aborted, long_ago))
        .await
        .unwrap();
    write(&s, Append::events(id(3), 4, vec![moved(1)]))
        .await
        .unwrap();
    let resigned = Outcome::win(Color::White, WinReason::Resignation);
    write(&s, ended(id(3), 5, resigned, long_ago))
        .await
        .unwrap();
    let agreed = Outcome::draw(rules::DrawReason::Agreement);
    write(&s, ended(id(4), 4, agreed, long_ago)).await.unwrap();
    write(&s, create(5)).await.unwrap();
    let now = wall_ms();
    assert_eq!(s.purge(now).await.expect("purge"), 1, "the old abort only");
    assert_eq!(s.load_room(&id(2)).await.expect("read"), None);
    let events = format!("SELECT count(*) FROM events WHERE room = '{}'", id(2));
    assert_eq!(f.query_i64(&events).await, Some(0));
    assert!(s.load_room(&id(1)).await.expect("read").is_some());
    // A day later the cancelled room goes too; finished games and the waiting room stay.
    let later = now + super::PURGE_AFTER_MS + 60_000;
    assert_eq!(s.purge(later).await.expect("purge"), 1);
    assert_eq!(s.load_room(&id(1)).await.expect("read"), None);
    for n in 3..=5 {
        let room = s.load_room(&id(n)).await.expect("read");
        assert!(room.is_some(), "room {n} is kept");
    }
    assert_eq!(s.purge(later).await.expect("purge"), 0);
    // More rooms than a batch: every one goes, over several transactions.
    let many = u16::try_from(super::PURGE_BATCH).unwrap() + 5;
    let mut answers = Vec::new();
    for n in 0..many {
        let mut a = create(1);
        a.room = many_id(n);
        if let Some(m) = &mut a.create {
            m.id = many_id(n);
        }
        answers.push(s.append(a));
        answers.push(s.append(cancelled(many_id(n), 2)));
    }
    for a in answers {
        a.await.unwrap().unwrap();
    }
    assert_eq!(
        s.purge(later).await.expect("purge"),
        u64::from(many),
        "in batches"
    );
    let purged = f
        .query_i64("SELECT value FROM lobby_meta WHERE key = 'rooms_purged'")
        .await;
    assert_eq!(purged, Some(2 + i64::from(many)));
    assert_eq!(
        f.query_i64("SELECT count(*) FROM rooms").await,
        Some(3),
        "rooms 3, 4 and 5"
    );
    s.close().await;
}

async fn the_away_record_is_kept_with_the_room<F: Fixture>(f: &F) {
    let record = super::AwayRecord {
        seq: 2,
        white: super::SeatAway {
            away_ms: 1_500,
            offline_since_ms: Some(9_000),
        },
        black: super::SeatAway::default(),
    };
    {
        let s = f.open().await;
        write(&s, create(1)).await.unwrap();
        write(&s, join(1)).await.unwrap();
        assert_eq!(s.load_room(&id(1)).await.unwrap().unwrap().away, None);
        s.save_away(&id(1), super::AwayRecord::default());
        s.save_away(&id(1), record);
        // A room that does not exist: nothing happens.
        s.save_away(&id(9), record);
        s.close().await;
    }
    let s = f.open().await;
    assert_eq!(
        s.load_room(&id(1)).await.unwrap().unwrap().away,
        Some(record)
    );
    assert_eq!(
        s.load_live().await.unwrap().rooms[0].away,
        Some(record),
        "start-up reads it too"
    );
}

/// What every store does with accounts and sessions ([`super::AccountStore`]).
pub(super) async fn check_accounts(s: &dyn Store) {
    use super::accounts::{Created, NewAccount, NewSession, SessionHash, cut_user_agent};
    use protocol::user::Username;
    let name = |n: &str| n.parse::<Username>().unwrap();
    let new = |n: &str| NewAccount {
        username: name(n),
        password_hash: format!("$argon2id$v=19$m=19456,t=2,p=1$salt-of-{n}$hash"),
        created_ms: 1_000,
    };
    assert_eq!(
        s.create_account(new("Alice")).await.unwrap(),
        Created::Created
    );
    assert_eq!(
        s.create_account(new("bob_2")).await.unwrap(),
        Created::Created
    );
    // Unique without regard to case; nothing of the second is written.
    assert_eq!(
        s.create_account(new("ALICE")).await.unwrap(),
        Created::Taken
    );
    let alice = s.account(&name("aLiCe").id()).await.unwrap().unwrap();
    assert_eq!(alice.username.as_str(), "Alice");
    assert_eq!(alice.id.as_str(), "alice");
    assert_eq!(
        alice.password_hash.as_deref(),
        Some(new("Alice").password_hash.as_str())
    );
    assert_eq!((alice.created_ms, alice.closed_ms), (1_000, None));
    assert_eq!(s.account(&name("carol").id()).await.unwrap(), None);

    let session = |n: u8, user: &str, at: u64| NewSession {
        hash: SessionHash([n; 32]),
        public_id: format!("{n:016x}"),
        user: name(user).id(),
        created_ms: at,
        user_agent: Some(cut_user_agent(&format!("Browser {n} {}", "é".repeat(150)))),
    };
    assert!(s.create_session(session(1, "alice", 2_000)).await.unwrap());
    assert!(s.create_session(session(2, "alice", 3_000)).await.unwrap());
    assert!(s.create_session(session(3, "bob_2", 3_000)).await.unwrap());
    assert!(
        !s.create_session(session(4, "carol", 3_000)).await.unwrap(),
        "no account"
    );
    let found = s
        .session_account(SessionHash([1; 32]), 2_500)
        .await
        .unwrap();
    assert_eq!(found.map(|a| a.id), Some(alice.id.clone()));
    assert_eq!(
        s.session_account(SessionHash([9; 32]), 2_500)
            .await
            .unwrap(),
        None
    );
    // A use an hour and more after the last one noted is noted.
    let hour = super::accounts::LAST_SEEN_GRANULARITY_MS;
    s.session_account(SessionHash([1; 32]), 2_000 + hour)
        .await
        .unwrap();
    let listed = s
        .sessions(&alice.id, Some(SessionHash([2; 32])))
        .await
        .unwrap();
    assert_eq!(
        listed.iter().map(|l| l.current).collect::<Vec<_>>(),
        [false, true],
        "the asking session is marked"
    );
    assert_eq!(
        listed
            .iter()
            .map(|l| (l.public_id.as_str(), l.last_seen_ms))
            .collect::<Vec<_>>(),
        [
            (format!("{:016x}", 1).as_str(), 2_000 + hour),
            (format!("{:016x}", 2).as_str(), 3_000)
        ],
        "most recently used first"
    );
    let ua = listed[0].user_agent.as_deref().unwrap();
    assert!(ua.len() <= super::accounts::MAX_USER_AGENT && ua.starts_with("Browser 1 "));
    // Revoking by public id needs the owner.
    assert!(
        !s.revoke_session(&name("bob_2").id(), &format!("{:016x}", 2))
            .await
            .unwrap()
    );
    assert!(
        s.revoke_session(&alice.id, &format!("{:016x}", 2))
            .await
            .unwrap()
    );
    assert_eq!(
        s.session_account(SessionHash([2; 32]), 4_000)
            .await
            .unwrap(),
        None
    );
    // Sign out everywhere else.
    assert!(s.create_session(session(5, "alice", 5_000)).await.unwrap());
    assert_eq!(
        s.revoke_sessions(&alice.id, Some(SessionHash([5; 32])))
            .await
            .unwrap(),
        1
    );
    assert_eq!(s.sessions(&alice.id, None).await.unwrap().len(), 1);
    assert!(s.delete_session(SessionHash([5; 32])).await.unwrap());
    assert!(!s.delete_session(SessionHash([5; 32])).await.unwrap());
    // Closing: no hash, no session, the name stays taken.
    assert!(s.create_session(session(6, "bob_2", 6_000)).await.unwrap());
    let bob = name("bob_2").id();
    assert!(s.close_account(&bob, 7_000).await.unwrap());
    assert!(!s.close_account(&bob, 8_000).await.unwrap(), "closed once");
    let closed = s.account(&bob).await.unwrap().unwrap();
    assert_eq!(
        (closed.password_hash, closed.closed_ms),
        (None, Some(7_000))
    );
    assert!(s.sessions(&bob, None).await.unwrap().is_empty());
    assert_eq!(
        s.session_account(SessionHash([3; 32]), 9_000)
            .await
            .unwrap(),
        None
    );
    assert!(
        !s.create_session(session(7, "bob_2", 9_000)).await.unwrap(),
        "closed"
    );
    assert_eq!(
        s.create_account(new("Bob_2")).await.unwrap(),
        Created::Taken
    );
}

/// Makes the accounts Ploy and Krit in `s` (created at 1 ms); their ids.
async fn ploy_and_krit(s: &dyn Store) -> (protocol::user::UserId, protocol::user::UserId) {
    let names = ["Ploy", "Krit"].map(|n| n.parse::<protocol::user::Username>().unwrap());
    for username in &names {
        s.create_account(super::accounts::NewAccount {
            username: username.clone(),
            password_hash: "h".into(),
            created_ms: 1,
        })
        .await
        .unwrap();
    }
    (names[0].id(), names[1].id())
}

/// A rated game's ratings are written with its end, once: an append computed from ratings
/// that moved meanwhile is refused whole, and the retry with the ratings read again lands.
async fn ratings_are_written_with_the_game_end_only_from_the_ratings_read<F: Fixture>(f: &F) {
    use super::RatingUpdate;
    use super::accounts::all_perfs;
    use rating::{Perf, Rated, Score, rate_game};
    let s = f.open().await;
    let (ploy, krit) = ploy_and_krit(&*s).await;
    let update = |before: (Rated, Rated), at_ms: u64| {
        let (w, b) = rate_game(&before.0, &before.1, Score::WhiteWins, at_ms);
        Box::new(RatingUpdate {
            perf: Perf::Blitz,
            at_ms,
            players: ByColor {
                white: (ploy.clone(), before.0, w),
                black: (krit.clone(), before.1, b),
            },
        })
    };
    // Two rooms, both ending with Ploy beating Krit, both rated from the ratings at 1500.
    for n in [1, 3] {
        write(&s, create(n)).await.unwrap();
        write(&s, join(n)).await.unwrap();
    }
    let fresh = (Rated::new(), Rated::new());
    let mut end1 = Append::events(id(1), 3, vec![game_over()]);
    end1.phase = Some(Phase::Finished);
    end1.ratings = Some(update(fresh, 10_000));
    write(&s, end1).await.unwrap();
    let after1 = s.perfs(&ploy).await.unwrap();
    assert_eq!(after1.len(), 1, "{after1:?}");
    assert_eq!(after1[0].1.games, 1);
    assert!(after1[0].1.glicko.rating > 1500.0);
    let mut end3 = Append::events(id(3), 3, vec![game_over()]);
    end3.phase = Some(Phase::Finished);
    end3.ratings = Some(update(fresh, 20_000));
    assert!(matches!(
        write(&s, end3.clone()).await,
        Err(StoreError::RatingsMoved(_))
    ));
    // Nothing of it was written: the room has two events, the ratings are the first game's.
    let room3 = s.load_room(&id(3)).await.unwrap().unwrap();
    assert_eq!((room3.events.len(), room3.phase), (2, Phase::Playing));
    assert_eq!(s.perfs(&ploy).await.unwrap(), after1);
    // Read again and retried, it lands.
    let current = |v: Vec<(Perf, Rated)>| {
        all_perfs(&v)
            .into_iter()
            .find(|(p, _)| *p == Perf::Blitz)
            .unwrap()
            .1
    };
    let now = (
        current(s.perfs(&ploy).await.unwrap()),
        current(s.perfs(&krit).await.unwrap()),
    );
    end3.ratings = Some(update(now, 20_000));
    write(&s, end3).await.unwrap();
    let ploy_blitz = current(s.perfs(&ploy).await.unwrap());
    assert_eq!((ploy_blitz.games, ploy_blitz.last_ms), (2, Some(20_000)));
    assert_eq!(current(s.perfs(&krit).await.unwrap()).games, 2);
    // A fresh instance (a restart, another node) reads the same.
    s.close().await;
    drop(s);
    let again = f.open().await;
    assert_eq!(current(again.perfs(&ploy).await.unwrap()), ploy_blitz);
}

async fn accounts_and_sessions<F: Fixture>(f: &F) {
    check_accounts(&*f.open().await).await;
    // A corrupt row is an error, not a panic.
    f.exec("INSERT INTO users (id, username, created_ms) VALUES ('eve', 'e v e', 1)")
        .await;
    let s = f.open().await;
    let eve = "eve".parse::<protocol::user::UserId>().unwrap();
    assert!(matches!(
        s.account(&eve).await,
        Err(StoreError::Corrupt { .. })
    ));
}

#[tokio::test]
async fn accounts_and_sessions_in_memory() {
    check_accounts(&super::MemoryStore::default()).await;
}

/// What every store does with API tokens ([`super::TokenStore`]): created, listed without
/// their secret, looked up by hash with their scopes, their use noted at most once a
/// [`super::tokens::LAST_USED_GRANULARITY_MS`], revoked by their owner only, capped per
/// account, and gone with a closed account.
pub(super) async fn check_tokens(s: &dyn Store) {
    use super::tokens::{
        LAST_USED_GRANULARITY_MS, MAX_TOKENS_PER_USER, NewToken, TokenCreated, TokenHash,
    };
    use protocol::scope::Scope;
    let (ploy, krit) = ploy_and_krit(s).await;
    let token = |n: u16, user: &protocol::user::UserId, scopes: Vec<Scope>, at: u64| NewToken {
        hash: TokenHash({
            let mut h = [0u8; 32];
            h[..2].copy_from_slice(&n.to_be_bytes());
            h
        }),
        public_id: format!("{n:016x}"),
        user: user.clone(),
        description: format!("token {n}"),
        scopes,
        created_ms: at,
    };
    let hash = |n: u16| token(n, &ploy, vec![], 0).hash;
    assert_eq!(
        s.create_token(token(
            1,
            &ploy,
            vec![Scope::ChallengeRead, Scope::BoardPlay, Scope::BoardPlay],
            1_000
        ))
        .await
        .unwrap(),
        TokenCreated::Created
    );
    assert_eq!(
        s.create_token(token(2, &ploy, vec![], 2_000))
            .await
            .unwrap(),
        TokenCreated::Created
    );
    assert_eq!(
        s.create_token(token(3, &krit, vec![Scope::BotPlay], 2_000))
            .await
            .unwrap(),
        TokenCreated::Created
    );
    let nobody = "nobody".parse::<protocol::user::UserId>().unwrap();
    assert_eq!(
        s.create_token(token(4, &nobody, vec![], 2_000))
            .await
            .unwrap(),
        TokenCreated::NoAccount
    );
    // Listed newest first, scopes in order and once, never used yet.
    let listed = s.tokens(&ploy).await.unwrap();
    assert_eq!(
        listed
            .iter()
            .map(|t| t.public_id.as_str())
            .collect::<Vec<_>>(),
        [format!("{:016x}", 2), format!("{:016x}", 1)]
    );
    assert_eq!(listed[1].scopes, [Scope::BoardPlay, Scope::ChallengeRead]);
    assert_eq!(listed[1].description, "token 1");
    assert_eq!(
        (listed[1].created_ms, listed[1].last_used_ms),
        (1_000, None)
    );
    // Looked up by hash: the account and the scopes; the use noted, then not again within
    // the granularity.
    let (who, scopes) = s.token_account(hash(1), 5_000).await.unwrap().unwrap();
    assert_eq!(
        (who.id.clone(), scopes),
        (ploy.clone(), vec![Scope::BoardPlay, Scope::ChallengeRead])
    );
    s.token_account(hash(1), 5_000 + LAST_USED_GRANULARITY_MS - 1)
        .await
        .unwrap()
        .unwrap();
    let used = |l: Vec<super::tokens::TokenInfo>, id: u16| {
        l.into_iter()
            .find(|t| t.public_id == format!("{id:016x}"))
            .and_then(|t| t.last_used_ms)
    };
    assert_eq!(used(s.tokens(&ploy).await.unwrap(), 1), Some(5_000));
    s.token_account(hash(1), 5_000 + LAST_USED_GRANULARITY_MS)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        used(s.tokens(&ploy).await.unwrap(), 1),
        Some(5_000 + LAST_USED_GRANULARITY_MS)
    );
    assert!(s.token_account(hash(99), 5_000).await.unwrap().is_none());
    // Revoked by its owner only.
    assert!(!s.revoke_token(&krit, &format!("{:016x}", 1)).await.unwrap());
    assert!(s.revoke_token(&ploy, &format!("{:016x}", 1)).await.unwrap());
    assert!(s.token_account(hash(1), 9_000).await.unwrap().is_none());
    assert!(!s.revoke_token(&ploy, &format!("{:016x}", 1)).await.unwrap());
    // Deleted by hash (`DELETE /api/token`).
    assert!(s.delete_token(hash(2)).await.unwrap());
    assert!(!s.delete_token(hash(2)).await.unwrap());
    assert!(s.tokens(&ploy).await.unwrap().is_empty());
    // The cap per account.
    for n in 0..MAX_TOKENS_PER_USER {
        let n = u16::try_from(100 + n).unwrap();
        assert_eq!(
            s.create_token(token(n, &ploy, vec![], 10_000))
                .await
                .unwrap(),
            TokenCreated::Created
        );
    }
    assert_eq!(
        s.create_token(token(999, &ploy, vec![], 10_000))
            .await
            .unwrap(),
        TokenCreated::TooMany
    );
    assert_eq!(s.tokens(&ploy).await.unwrap().len(), MAX_TOKENS_PER_USER);
    // Closing the account deletes its tokens; the other account keeps its own.
    assert!(s.close_account(&ploy, 20_000).await.unwrap());
    assert!(s.token_account(hash(100), 20_001).await.unwrap().is_none());
    assert!(s.tokens(&ploy).await.unwrap().is_empty());
    assert_eq!(
        s.create_token(token(1_000, &ploy, vec![], 20_002))
            .await
            .unwrap(),
        TokenCreated::NoAccount
    );
    let krits = token(3, &krit, vec![], 0).hash;
    assert_eq!(
        s.token_account(krits, 20_003)
            .await
            .unwrap()
            .map(|(a, sc)| (a.id, sc)),
        Some((krit, vec![Scope::BotPlay]))
    );
}

async fn api_tokens<F: Fixture>(f: &F) {
    check_tokens(&*f.open().await).await;
    // A corrupt scope is an error, not a panic (krit's token is still there).
    f.exec("UPDATE api_tokens SET scopes = 'web:mod'").await;
    let s = f.open().await;
    let krit = "krit".parse::<protocol::user::UserId>().unwrap();
    assert!(matches!(
        s.tokens(&krit).await,
        Err(StoreError::Corrupt { .. })
    ));
}

#[tokio::test]
async fn api_tokens_in_memory() {
    check_tokens(&super::MemoryStore::default()).await;
}

/// What every store does with challenges ([`super::ChallengeStore`]): stored with their
/// terms, listed open to both players (oldest first) until answered or expired, answered
/// once only, capped per challenger, refused for a missing or closed account.
pub(super) async fn check_challenges(s: &dyn Store) {
    use super::challenges::{
        CHALLENGE_TTL_MS, Challenge, ChallengeCreated, ChallengeStatus, ChallengeTerms,
        ColorChoice, MAX_OPEN_PER_CHALLENGER,
    };
    let (ploy, krit) = ploy_and_krit(s).await;
    let rating = protocol::SeatRating {
        rating: 1500,
        provisional: true,
    };
    let name = |u: &protocol::user::UserId| u.as_str().parse::<protocol::user::Username>().unwrap();
    let challenge =
        |n: u8, from: &protocol::user::UserId, to: &protocol::user::UserId, at: u64| Challenge {
            id: protocol::RoomId::from_bytes([n; 10]),
            terms: ChallengeTerms {
                challenger: name(from),
                challenger_rating: rating,
                dest: name(to),
                dest_rating: rating,
                rated: n.is_multiple_of(2),
                clock: protocol::TimeControl::fischer(300, 3).ok(),
                color: ColorChoice::Black,
            },
            status: ChallengeStatus::Created,
            reason: None,
            created_ms: at,
            expires_ms: at + CHALLENGE_TTL_MS,
        };
    let id = |n: u8| protocol::RoomId::from_bytes([n; 10]);
    assert_eq!(
        s.create_challenge(challenge(1, &ploy, &krit, 1_000))
            .await
            .unwrap(),
        ChallengeCreated::Created
    );
    assert_eq!(
        s.create_challenge(challenge(2, &krit, &ploy, 2_000))
            .await
            .unwrap(),
        ChallengeCreated::Created
    );
    let nobody = "nobody".parse::<protocol::user::UserId>().unwrap();
    assert_eq!(
        s.create_challenge(challenge(3, &ploy, &nobody, 2_000))
            .await
            .unwrap(),
        ChallengeCreated::NoAccount
    );
    assert_eq!(s.challenge(&id(3)).await.unwrap(), None);
    // Kept as made; open to both players, oldest first.
    assert_eq!(
        s.challenge(&id(1)).await.unwrap(),
        Some(challenge(1, &ploy, &krit, 1_000))
    );
    let open = |u: &protocol::user::UserId, at: u64| {
        let f = s.open_challenges(u, at);
        async move {
            f.await
                .unwrap()
                .into_iter()
                .map(|c| c.id)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(open(&krit, 3_000).await, vec![id(1), id(2)]);
    assert_eq!(open(&ploy, 3_000).await, vec![id(1), id(2)]);
    // Answered once: the first answer wins.
    assert!(
        s.settle_challenge(
            &id(2),
            ChallengeStatus::Declined,
            Some("later".into()),
            3_000
        )
        .await
        .unwrap()
    );
    assert!(
        !s.settle_challenge(&id(2), ChallengeStatus::Accepted, None, 3_000)
            .await
            .unwrap()
    );
    let declined = s.challenge(&id(2)).await.unwrap().unwrap();
    assert_eq!(
        (declined.status, declined.reason.as_deref()),
        (ChallengeStatus::Declined, Some("later"))
    );
    assert_eq!(open(&ploy, 3_000).await, vec![id(1)]);
    // Expired: no longer open, no longer answerable.
    let late = 1_000 + CHALLENGE_TTL_MS;
    assert!(open(&krit, late).await.is_empty());
    assert!(
        !s.settle_challenge(&id(1), ChallengeStatus::Accepted, None, late)
            .await
            .unwrap()
    );
    // The cap counts the challenger's open challenges only.
    for n in 0..MAX_OPEN_PER_CHALLENGER {
        let n = u8::try_from(10 + n).unwrap();
        assert_eq!(
            s.create_challenge(challenge(n, &krit, &ploy, 5_000))
                .await
                .unwrap(),
            ChallengeCreated::Created
        );
    }
    assert_eq!(
        s.create_challenge(challenge(99, &krit, &ploy, 5_000))
            .await
            .unwrap(),
        ChallengeCreated::TooMany
    );
    assert_eq!(
        s.create_challenge(challenge(98, &ploy, &krit, 5_000))
            .await
            .unwrap(),
        ChallengeCreated::Created
    );
    assert!(
        s.settle_challenge(&id(10), ChallengeStatus::Canceled, None, 6_000)
            .await
            .unwrap()
    );
    assert_eq!(
        s.create_challenge(challenge(99, &krit, &ploy, 6_000))
            .await
            .unwrap(),
        ChallengeCreated::Created
    );
    // Purged past its expiry (answered or not), the others kept.
    assert_eq!(s.purge_challenges(late).await.unwrap(), 1);
    assert_eq!(s.challenge(&id(1)).await.unwrap(), None);
    assert!(s.challenge(&id(2)).await.unwrap().is_some());
    assert_eq!(s.purge_challenges(late).await.unwrap(), 0);
    // A closed account is challenged no more, and its open challenges are canceled, made
    // or received.
    assert_eq!(open(&krit, 7_000).await.len(), 21);
    assert!(s.close_account(&ploy, 7_000).await.unwrap());
    assert!(open(&krit, 7_000).await.is_empty());
    for n in [98, 99] {
        let c = s.challenge(&id(n)).await.unwrap().unwrap();
        assert_eq!(c.status, ChallengeStatus::Canceled, "{n}");
    }
    assert_eq!(
        s.create_challenge(challenge(97, &krit, &ploy, 7_000))
            .await
            .unwrap(),
        ChallengeCreated::NoAccount
    );
}

async fn challenges<F: Fixture>(f: &F) {
    check_challenges(&*f.open().await).await;
    // Kept across a reopening; a corrupt row is an error, not a panic.
    let s = f.open().await;
    // Canceled with Ploy's account, kept so.
    let c = s.challenge(&protocol::RoomId::from_bytes([99; 10])).await;
    assert!(matches!(c, Ok(Some(c)) if c.status == super::challenges::ChallengeStatus::Canceled));
    drop(s);
    f.exec("UPDATE challenges SET status = 'lost'").await;
    let s = f.open().await;
    let krit = "krit".parse::<protocol::user::UserId>().unwrap();
    assert!(matches!(
        s.open_challenges(&krit, 6_000).await,
        Ok(v) if v.is_empty()
    ));
    assert!(matches!(
        s.challenge(&protocol::RoomId::from_bytes([2; 10])).await,
        Err(StoreError::Corrupt { .. })
    ));
}

#[tokio::test]
async fn challenges_in_memory() {
    check_challenges(&super::MemoryStore::default()).await;
}

/// What every store does with bot accounts: an account that has sat in no game becomes a bot
/// once; one that has (even a game in progress), one that is a bot already, a closed or unknown
/// one are refused and nothing is written.
async fn check_bot_accounts(s: &dyn Store) {
    use super::accounts::BotUpgrade;
    let (ploy, krit) = ploy_and_krit(s).await;
    let mut a = Append::events(
        id(41),
        1,
        vec![RoomEvent::Seated {
            seat: Color::White,
            user: Some("Krit".parse().unwrap()),
            seat_rating: None,
        }],
    );
    a.create = Some(meta(41));
    a.seats = vec![(Color::White, hash("s"))];
    s.append(a).await.unwrap().unwrap();
    assert!(!s.account(&ploy).await.unwrap().unwrap().bot);
    assert_eq!(s.upgrade_to_bot(&ploy).await.unwrap(), BotUpgrade::Upgraded);
    assert!(s.account(&ploy).await.unwrap().unwrap().bot);
    assert_eq!(
        s.upgrade_to_bot(&ploy).await.unwrap(),
        BotUpgrade::AlreadyBot
    );
    assert_eq!(
        s.upgrade_to_bot(&krit).await.unwrap(),
        BotUpgrade::PlayedGames
    );
    assert!(!s.account(&krit).await.unwrap().unwrap().bot);
    let nobody = "nobody".parse::<protocol::user::UserId>().unwrap();
    assert_eq!(
        s.upgrade_to_bot(&nobody).await.unwrap(),
        BotUpgrade::NoAccount
    );
    // Closed: refused as unknown.
    let dara: protocol::user::Username = "Dara".parse().unwrap();
    s.create_account(super::accounts::NewAccount {
        username: dara.clone(),
        password_hash: "h".into(),
        created_ms: 1,
    })
    .await
    .unwrap();
    assert!(s.close_account(&dara.id(), 2).await.unwrap());
    assert_eq!(
        s.upgrade_to_bot(&dara.id()).await.unwrap(),
        BotUpgrade::NoAccount
    );
}

async fn bot_accounts<F: Fixture>(f: &F) {
    check_bot_accounts(&*f.open().await).await;
    // Kept across a reopening.
    let s = f.open().await;
    let ploy = "ploy".parse::<protocol::user::UserId>().unwrap();
    assert!(s.account(&ploy).await.unwrap().unwrap().bot);
}

#[tokio::test]
async fn bot_accounts_in_memory() {
    check_bot_accounts(&super::MemoryStore::default()).await;
}

/// A paired room (room `n`, both seats) created with the pool tickets `white` and `black`.
fn paired(n: u8, white: &str, black: &str) -> Append {
    use super::pairing::{Pairing, Ticket};
    let mut a = Append::events(id(n), 1, vec![seated(Color::White), seated(Color::Black)]);
    a.create = Some(meta(n));
    a.seats = vec![(Color::White, hash("w")), (Color::Black, hash("b"))];
    a.phase = Some(Phase::Playing);
    a.pairing = Some(Box::new(Pairing {
        tickets: ByColor {
            white: Ticket(white.into()),
            black: Ticket(black.into()),
        },
    }));
    a
}

async fn check_pairings(s: &Arc<dyn Store>) {
    use super::pairing::Ticket;
    let t = |x: &str| Ticket(x.into());
    assert_eq!(s.paired_room(&t("t1")).await.unwrap(), None);
    write(s, paired(1, "t1", "t2")).await.unwrap();
    assert_eq!(
        s.paired_room(&t("t1")).await.unwrap(),
        Some((id(1), Color::White))
    );
    assert_eq!(
        s.paired_room(&t("t2")).await.unwrap(),
        Some((id(1), Color::Black))
    );
    // A ticket paired again (by a second authority): nothing of the room is written.
    let again = write(s, paired(2, "t3", "t2")).await;
    assert!(
        matches!(&again, Err(StoreError::TicketUsed(t)) if t == "t2"),
        "{again:?}"
    );
    assert_eq!(s.load_room(&id(2)).await.unwrap(), None);
    assert_eq!(s.paired_room(&t("t3")).await.unwrap(), None);
    // The unused ticket pairs later.
    write(s, paired(3, "t4", "t3")).await.unwrap();
    assert_eq!(
        s.paired_room(&t("t3")).await.unwrap(),
        Some((id(3), Color::Black))
    );
}

async fn a_pool_ticket_is_paired_once<F: Fixture>(f: &F) {
    let s = f.open().await;
    check_pairings(&s).await;
    s.close().await;
    // Kept across a restart.
    let s = f.open().await;
    assert_eq!(
        s.paired_room(&super::pairing::Ticket("t1".into()))
            .await
            .unwrap(),
        Some((id(1), Color::White))
    );
}

#[tokio::test]
async fn a_pool_ticket_is_paired_once_in_memory() {
    let s: Arc<dyn Store> = Arc::new(super::MemoryStore::default());
    check_pairings(&s).await;
}

/// Sessions unused for [`super::accounts::SESSION_IDLE_MS`] sign nobody in and are deleted;
/// a sign-in past [`super::accounts::MAX_SESSIONS_PER_USER`] deletes the least recently used.
pub(super) async fn check_session_bounds(s: &dyn Store) {
    use super::accounts::{
        MAX_SESSIONS_PER_USER, NewAccount, NewSession, SESSION_IDLE_MS, SessionHash,
    };
    let user = |n: &str| n.parse::<protocol::user::Username>().unwrap();
    for n in ["dara", "kiri"] {
        s.create_account(NewAccount {
            username: user(n),
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$salt$hash".into(),
            created_ms: 1_000,
        })
        .await
        .unwrap();
    }
    let session = |n: usize, who: &str, at: u64| NewSession {
        hash: SessionHash({
            let mut h = [0u8; 32];
            h[..8].copy_from_slice(&(n as u64).to_be_bytes());
            h
        }),
        public_id: format!("{n:016x}"),
        user: user(who).id(),
        created_ms: at,
        user_agent: None,
    };
    let hash = |n: usize| session(n, "dara", 0).hash;
    // Used a day short of a year later: still good, and noted.
    assert!(s.create_session(session(1, "dara", 10_000)).await.unwrap());
    let day = 24 * 3_600_000;
    let later = 10_000 + SESSION_IDLE_MS - day;
    assert!(s.session_account(hash(1), later).await.unwrap().is_some());
    // A year unused after that: expired, and deleted.
    assert!(
        s.session_account(hash(1), later + SESSION_IDLE_MS)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        s.sessions(&user("dara").id(), None)
            .await
            .unwrap()
            .is_empty()
    );
    // One unused for a year is deleted at the account's next sign-in.
    assert!(s.create_session(session(2, "dara", 20_000)).await.unwrap());
    assert!(
        s.create_session(session(3, "dara", 20_000 + SESSION_IDLE_MS))
            .await
            .unwrap()
    );
    let left: Vec<String> = s
        .sessions(&user("dara").id(), None)
        .await
        .unwrap()
        .into_iter()
        .map(|i| i.public_id)
        .collect();
    assert_eq!(left, [format!("{:016x}", 3)]);
    // The cap: the least recently used go first, other accounts keep theirs.
    assert!(
        s.create_session(session(1_000, "kiri", 30_000))
            .await
            .unwrap()
    );
    let base = 30_000 + SESSION_IDLE_MS;
    for n in 0..MAX_SESSIONS_PER_USER + 2 {
        assert!(
            s.create_session(session(4 + n, "dara", base + n as u64))
                .await
                .unwrap()
        );
    }
    let listed = s.sessions(&user("dara").id(), None).await.unwrap();
    assert_eq!(listed.len(), MAX_SESSIONS_PER_USER);
    let oldest_kept = format!("{:016x}", 4 + 2);
    assert_eq!(
        listed.last().map(|i| i.public_id.clone()),
        Some(oldest_kept)
    );
    assert!(
        s.session_account(hash(3), base + 200)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        s.session_account(hash(4), base + 200)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        s.session_account(hash(6), base + 200)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(s.sessions(&user("kiri").id(), None).await.unwrap().len(), 1);
}

async fn sessions_expire_and_are_capped<F: Fixture>(f: &F) {
    check_session_bounds(&*f.open().await).await;
}

#[tokio::test]
async fn sessions_expire_and_are_capped_in_memory() {
    check_session_bounds(&super::MemoryStore::default()).await;
}

/// What profiles read: each signed-in player's finished games newest first (paged), their
/// counts, the rating history, the leaderboard and the games in progress; aborted games and
/// unknown accounts leave no row, closed accounts leave the leaderboard and keep their games.
pub(super) async fn check_profiles(s: &dyn Store) {
    use super::RatingUpdate;
    use super::profiles::{GameCounts, GamesCursor};
    use protocol::user::Username;
    use rating::{Perf, Rated, Score, rate_game};
    let name = |n: &str| n.parse::<Username>().unwrap();
    let (ploy, krit) = ploy_and_krit(s).await;
    let w = |a: Append| async { s.append(a).await.unwrap_or(Err(StoreError::Stopped)) };
    let sit = |n: u8, seq: u64, seat: Color, user: Option<&str>| {
        let mut a = Append::events(
            id(n),
            seq,
            vec![RoomEvent::Seated {
                seat,
                user: user.map(name),
                seat_rating: None,
            }],
        );
        a.seats = vec![(seat, hash("s"))];
        if seq == 1 {
            let mut m = meta(n);
            m.rated = n == 1;
            a.create = Some(m);
        } else {
            a.phase = Some(Phase::Playing);
        }
        a
    };
    let over = |n: u8, result: Outcome, at_ms: u64| {
        let mut a = Append::events(
            id(n),
            3,
            vec![RoomEvent::GameOver {
                winner: result.winner(),
                result,
                at_ms: Some(at_ms),
                ratings: None,
            }],
        );
        a.phase = Some(Phase::Finished);
        a
    };
    // Room 1: rated, Ploy (White) beats Krit. Room 3: casual, Krit against an anonymous
    // player, drawn. Room 5: Ploy and Krit, aborted. Room 7: Ploy and Krit, playing. Room 9:
    // Ploy waits. Room 11: a name with no account (no row, nothing refused).
    for (n, white, black) in [
        (1, Some("Ploy"), Some("Krit")),
        (3, Some("Krit"), None),
        (5, Some("Ploy"), Some("Krit")),
        (7, Some("Ploy"), Some("Krit")),
        (11, Some("Ghost"), Some("Krit")),
    ] {
        w(sit(n, 1, Color::White, white)).await.unwrap();
        w(sit(n, 2, Color::Black, black)).await.unwrap();
    }
    w(sit(9, 1, Color::White, Some("Ploy"))).await.unwrap();
    let (pw, kb) = rate_game(&Rated::new(), &Rated::new(), Score::WhiteWins, 10_000);
    let mut end1 = over(
        1,
        Outcome::win(Color::White, WinReason::Resignation),
        10_000,
    );
    end1.ratings = Some(Box::new(RatingUpdate {
        perf: Perf::Blitz,
        at_ms: 10_000,
        players: ByColor {
            white: (ploy.clone(), Rated::new(), pw),
            black: (krit.clone(), Rated::new(), kb),
        },
    }));
    w(end1).await.unwrap();
    w(over(3, Outcome::draw(rules::DrawReason::Agreement), 20_000))
        .await
        .unwrap();
    w(over(5, Outcome::Aborted, 30_000)).await.unwrap();

    let krits = s.games_of(&krit, None, 10).await.unwrap();
    let rooms: Vec<RoomId> = krits.iter().map(|g| g.room.clone()).collect();
    assert_eq!(rooms, vec![id(3), id(1)], "newest first, aborted left out");
    let (draw, rated) = (&krits[0], &krits[1]);
    assert_eq!(
        (draw.color, draw.rated, draw.ended_ms),
        (Color::White, false, 20_000)
    );
    assert_eq!(
        draw.players.white.as_ref().map(Username::as_str),
        Some("Krit")
    );
    assert_eq!(draw.players.black, None);
    assert_eq!(draw.ratings, ByColor::default());
    assert_eq!(draw.perf(), Perf::Blitz);
    assert_eq!((rated.color, rated.rated), (Color::Black, true));
    assert_eq!(
        rated.players.white.as_ref().map(Username::as_str),
        Some("Ploy")
    );
    let white = rated.ratings.white.unwrap();
    let black = rated.ratings.black.unwrap();
    assert_eq!((white.before, black.before), (1500.0, 1500.0));
    assert!(
        white.after > 1500.0 && black.after < 1500.0,
        "{white:?} {black:?}"
    );
    // Pages follow each other with nothing left out or repeated.
    let first = s.games_of(&krit, None, 1).await.unwrap();
    assert_eq!(first.len(), 1);
    let cursor = GamesCursor {
        ended_ms: first[0].ended_ms,
        room: first[0].room.clone(),
    };
    let second = s.games_of(&krit, Some(cursor), 5).await.unwrap();
    assert_eq!(
        second.iter().map(|g| g.room.clone()).collect::<Vec<_>>(),
        vec![id(1)]
    );
    assert_eq!(
        s.game_counts(&krit).await.unwrap(),
        GameCounts {
            all: 2,
            rated: 1,
            win: 0,
            loss: 1,
            draw: 1
        }
    );
    assert_eq!(
        s.game_counts(&ploy).await.unwrap(),
        GameCounts {
            all: 1,
            rated: 1,
            win: 1,
            loss: 0,
            draw: 0
        }
    );
    let history = s.rating_history(&ploy).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!((history[0].perf, history[0].at_ms), (Perf::Blitz, 10_000));
    assert!((history[0].rating - pw.glicko.rating).abs() < 1e-9);

    // The leaderboard: both are provisional after one game (deviation above 110).
    assert!(
        s.leaders(Perf::Blitz, 110.0, 0, 10)
            .await
            .unwrap()
            .is_empty()
    );
    let all = s.leaders(Perf::Blitz, 500.0, 0, 10).await.unwrap();
    let names: Vec<&str> = all.iter().map(|l| l.username.as_str()).collect();
    assert_eq!(names, vec!["Ploy", "Krit"]);
    assert!(all[0].progress > 0.0 && all[1].progress < 0.0, "{all:?}");
    assert!((all[0].progress - (pw.glicko.rating - 1500.0)).abs() < 1e-9);
    assert_eq!(
        s.leaders(Perf::Blitz, 500.0, 10_001, 10).await.unwrap(),
        vec![]
    );
    assert_eq!(s.leaders(Perf::Rapid, 500.0, 0, 10).await.unwrap(), vec![]);
    assert_eq!(s.leaders(Perf::Blitz, 500.0, 0, 1).await.unwrap().len(), 1);

    // In progress: room 7 only (room 9 waits, rooms 1, 3 and 5 are over).
    let now = s.ongoing(&ploy).await.unwrap();
    assert_eq!(now.len(), 1);
    assert_eq!((now[0].room.clone(), now[0].color), (id(7), Color::White));
    assert_eq!(s.ongoing(&krit).await.unwrap()[0].color, Color::Black);

    // Last seen: the latest use of a session; none without one.
    assert_eq!(s.seen_ms(&krit).await.unwrap(), None);
    for (n, at) in [(1u8, 7_000), (2, 9_000)] {
        s.create_session(super::accounts::NewSession {
            hash: super::accounts::SessionHash([n; 32]),
            public_id: format!("{n:016x}"),
            user: krit.clone(),
            created_ms: at,
            user_agent: None,
        })
        .await
        .unwrap();
    }
    assert_eq!(s.seen_ms(&krit).await.unwrap(), Some(9_000));
    assert_eq!(s.seen_ms(&ploy).await.unwrap(), None);

    // A closed account leaves the leaderboard; its games keep its name.
    s.close_account(&krit, 40_000).await.unwrap();
    assert_eq!(s.seen_ms(&krit).await.unwrap(), None);
    let names: Vec<String> = s
        .leaders(Perf::Blitz, 500.0, 0, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.username.to_string())
        .collect();
    assert_eq!(names, vec!["Ploy"]);
    let ploys = s.games_of(&ploy, None, 10).await.unwrap();
    assert_eq!(ploys.len(), 1);
    assert_eq!(
        ploys[0].players.black.as_ref().map(Username::as_str),
        Some("Krit")
    );
    // The aborted room is purged without a row in the way.
    assert!(s.purge(30_000 + super::PURGE_AFTER_MS + 1).await.unwrap() >= 1);
    assert!(s.load_room(&id(5)).await.unwrap().is_none());
}

async fn profiles<F: Fixture>(f: &F) {
    check_profiles(&*f.open().await).await;
}

#[tokio::test]
async fn profiles_in_memory() {
    check_profiles(&super::MemoryStore::default()).await;
}

/// Runs each test of the suite against both stores.
macro_rules! both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(&super::SqliteFixture::new()).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                #[cfg_attr(not(asean_test_postgres), ignore = "needs PostgreSQL")]
                async fn $name() {
                    super::$name(&super::PgFixture::new().await).await;
                }
            )*
        }
    };
}

both_stores!(
    round_trip_and_reopen,
    closing_finishes_queued_appends,
    the_fence_refuses_duplicates_and_gaps_and_writes_nothing_of_them,
    load_live_skips_ended_rooms_and_counts_corrupt_ones,
    load_room_reads_a_finished_room,
    health_follows_the_latest_write,
    the_probe_notices_a_database_that_is_gone,
    appends_after_close_are_stopped,
    take_over_fences_the_old_owner,
    two_nodes_racing_for_event_n_one_wins,
    purge_deletes_ended_rooms_with_at_most_one_move_after_a_day,
    the_away_record_is_kept_with_the_room,
    accounts_and_sessions,
    api_tokens,
    challenges,
    bot_accounts,
    sessions_expire_and_are_capped,
    ratings_are_written_with_the_game_end_only_from_the_ratings_read,
    a_pool_ticket_is_paired_once,
    profiles,
);

/// The environment variable with the URL of the Redis server the cluster tests use.
const REDIS_VAR: &str = "ASEAN_TEST_REDIS";

/// On a machine without the private servers, says once which tests were left out and how to
/// run them (written to stderr directly, past the harness's capture). Fails when this binary
/// was built with other variables than it runs with (a test binary run by hand), since it then
/// ignores tests it could run or runs tests without their server.
#[test]
fn tests_left_out_without_the_private_servers() {
    use std::io::Write as _;
    let postgres = std::env::var_os(POSTGRES_VAR).is_some();
    let redis = std::env::var_os(REDIS_VAR).is_some();
    assert_eq!(
        (cfg!(asean_test_postgres), cfg!(asean_test_redis)),
        (postgres, redis),
        "built with other variables than it runs with: run it through `cargo test`, which \
         rebuilds it when {POSTGRES_VAR} or {REDIS_VAR} changes"
    );
    let unset: Vec<&str> = [(POSTGRES_VAR, postgres), (REDIS_VAR, redis)]
        .into_iter()
        .filter_map(|(var, set)| (!set).then_some(var))
        .collect();
    if unset.is_empty() {
        return;
    }
    let store = if postgres {
        ""
    } else {
        "the PostgreSQL store's (`server --lib`, `store::suite::postgres::*` and \
         `store::postgres::tests::*`) and "
    };
    let note = format!(
        "\nnote: {} not set, so the tests that need them are ignored: {store}the cluster's \
         (`server --test cluster` and `e2e --test cluster`). `cargo xtask test` starts private \
         PostgreSQL and Redis servers and runs them.\n",
        unset.join(" and ")
    );
    // Unlike `eprintln!`, a write to the handle is not captured by the test harness.
    let _ = std::io::stderr().write_all(note.as_bytes());
}
