//! Several nodes: server binaries sharing a private PostgreSQL database and a private Redis,
//! on loopback. Games across nodes, the cluster-wide listing and counts, the loss of the owner
//! node (`kill -9`), a paused owner that must never append again, and Redis restarting.
//!
//! `cargo xtask test` starts the servers and sets `ASEAN_TEST_POSTGRES` (a PostgreSQL URL whose
//! user may create databases), `ASEAN_TEST_REDIS` (a Redis URL) and `ASEAN_REDIS_SERVER` (the
//! `redis-server` binary, for the test that restarts its own Redis). Without the first two the
//! tests are ignored (see the build script); with them set, servers that do not answer fail them.

mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Client, Remote};
use protocol::{ClientMsg, RoomEvent, RoomId, SeatChoice, ServerMsg, TimeControl};
use rules::Color;

/// A mate in three moves for White (see tests/lobby.rs).
const MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
/// Moves that lead nowhere, for games that must go on for a while: knights out and back.
const SHUFFLE: [&str; 8] = [
    "g1e2", "g8e7", "e2g1", "e7g8", "g1e2", "g8e7", "e2g1", "e7g8",
];

use common::backing::env;

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("port");
    l.local_addr().expect("addr").port()
}

/// A fresh PostgreSQL database and a cluster name of one test, over the shared servers (or a
/// Redis of the test's own).
struct Backing {
    db_url: String,
    redis_url: String,
    name: String,
    www: tempfile::TempDir,
}

impl Backing {
    async fn new() -> Backing {
        Backing::with_redis(env("ASEAN_TEST_REDIS", "Redis")).await
    }

    async fn with_redis(redis_url: String) -> Backing {
        let (db_url, name) = common::backing::fresh_database("cluster").await;
        Backing {
            db_url,
            redis_url,
            name,
            www: tempfile::tempdir().expect("www"),
        }
    }

    /// Starts a node on a free port and waits until it answers.
    async fn node(&self) -> Node {
        self.node_with(&[]).await
    }

    /// [`Backing::node`] with more flags.
    async fn node_with(&self, extra: &[&str]) -> Node {
        let port = free_port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
        let child = Command::new(env!("CARGO_BIN_EXE_server"))
            .args(["--addr", &addr.to_string()])
            .args(["--db", &self.db_url])
            .args(["--redis", &self.redis_url])
            .args(["--cluster-name", &self.name])
            .arg("--www")
            .arg(self.www.path())
            // The tests wait for counts: sent often (every 5 s as shipped).
            .args(["--counts-every-ms", "200"])
            .args(extra)
            .env(
                "RUST_LOG",
                std::env::var("NODE_LOG").unwrap_or_else(|_| "error".into()),
            )
            .stderr(if std::env::var("NODE_LOG").is_ok() {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .expect("server binary");
        let remote = Remote::wait(addr).await;
        Node {
            addr: remote.addr,
            child,
        }
    }

    /// Checks that `room`'s stored events are numbered 1, 2, 3… with no gap or duplicate.
    async fn assert_numbered(&self, room: &RoomId) {
        let stored = self.stored_events(room).await;
        assert!(!stored.is_empty(), "room {room} has no stored events");
        for (i, (seq, _)) in stored.iter().enumerate() {
            assert_eq!(*seq, i as i64 + 1, "room {room}: event numbers {stored:?}");
        }
    }

    /// The events stored for `room`, in order (read straight from PostgreSQL).
    async fn stored_events(&self, room: &RoomId) -> Vec<(i64, String)> {
        let (client, conn) = tokio_postgres::connect(&self.db_url, tokio_postgres::NoTls)
            .await
            .expect("connect");
        tokio::spawn(conn);
        client
            .query(
                "SELECT seq, event FROM events WHERE room = $1 ORDER BY seq",
                &[&room.as_str()],
            )
            .await
            .expect("events")
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
    }
}

/// A server binary that is one node of the cluster; killed when dropped.
struct Node {
    addr: SocketAddr,
    child: Child,
}

impl Node {
    async fn client(&self) -> Client {
        common::connect(self.addr).await
    }

    fn signal(&self, signal: rustix::process::Signal) {
        self.try_signal(signal).expect("signal");
    }

    fn try_signal(&self, signal: rustix::process::Signal) -> rustix::io::Result<()> {
        let pid = rustix::process::Pid::from_raw(i32::try_from(self.child.id()).expect("pid"))
            .expect("pid");
        rustix::process::kill_process(pid, signal)
    }

    /// `kill -9`, and waits for the process to end.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        // A paused node must be resumed to die (a killed one is gone already).
        let _ = self.try_signal(rustix::process::Signal::CONT);
        self.kill();
    }
}

/// Plays `uci` as ply `ply` from `mover` and waits until both clients saw it.
async fn play(mover: &mut Client, other: &mut Client, room: &RoomId, ply: u32, uci: &str) {
    mover.play(room, ply, uci).await;
    mover.moved(ply).await;
    other.moved(ply).await;
}

/// A private room created by White on `white_at`, its other seat taken on `black_at`.
struct Opened {
    room: RoomId,
    white: Client,
    white_secret: String,
    black: Client,
    black_secret: String,
}

async fn open_game(white_at: &Node, black_at: &Node, clock: Option<TimeControl>) -> Opened {
    let mut white = white_at.client().await;
    let (room, _, white_secret) = white.create(SeatChoice::White, false, clock).await;
    let mut black = black_at.client().await;
    let black_secret = black.take_seat(&room).await;
    Opened {
        room,
        white,
        white_secret,
        black,
        black_secret,
    }
}

/// Plays `moves` from ply `first` on, each by the side to move (White on even plies), and
/// waits until both clients saw each.
async fn play_line(
    white: &mut Client,
    black: &mut Client,
    room: &RoomId,
    first: u32,
    moves: &[&str],
) {
    for (ply, uci) in (first..).zip(moves) {
        if ply % 2 == 0 {
            play(white, black, room, ply, uci).await;
        } else {
            play(black, white, room, ply, uci).await;
        }
    }
}

/// Waits for the game over in `c`, returning its result label.
async fn game_over(c: &mut Client) -> String {
    match c.game_over().await {
        ServerMsg::Event {
            event: RoomEvent::GameOver { result, .. },
            ..
        } => result.label().to_owned(),
        _ => unreachable!(),
    }
}

/// The next message of `c`, or `None` once the server closed the connection.
async fn next_or_closed(c: &mut Client) -> Option<ServerMsg> {
    use futures_util::StreamExt as _;
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), c.ws.next())
            .await
            .expect("a message within 10 s")?
            .ok()?;
        if let tokio_tungstenite::tungstenite::Message::Text(t) = frame {
            return Some(protocol::parse_server(&t).expect("valid server message"));
        }
    }
}

/// Joins `room` again on a (possibly other) node after a reconnection, with the seat's
/// secret; returns the client and the snapshot's moves so far. The room may still be moving to
/// its new owner: like the page, it tries again for a while.
async fn rejoin(node: SocketAddr, room: &RoomId, secret: &str) -> (Client, Vec<String>) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let mut c = common::connect(node).await;
        c.send(&ClientMsg::Join {
            room: room.clone(),
            secret: Some(secret.into()),
            after: None,
            watch: false,
        })
        .await;
        let answer = loop {
            match next_or_closed(&mut c).await {
                Some(ServerMsg::Snapshot { state, .. }) => break Some(state.moves),
                Some(ServerMsg::Error { message, .. }) => {
                    eprintln!("rejoin: {message}; trying again");
                    break None;
                }
                Some(_) => {}
                None => {
                    eprintln!("rejoin: closed; trying again");
                    break None;
                }
            }
        };
        if let Some(moves) = answer {
            return (c, common::ucis(&moves));
        }
        assert!(Instant::now() < deadline, "never rejoined room {room}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Waits until `c`'s connection is closed by the server (a room moved: reconnect).
async fn closed(c: &mut Client) {
    use futures_util::StreamExt as _;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        match tokio::time::timeout_at(deadline, c.ws.next()).await {
            Err(_) => panic!("the connection was never closed"),
            Ok(None | Some(Err(_))) => return,
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)))) => return,
            Ok(Some(Ok(_))) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_game_across_two_nodes_to_mate() {
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let Opened {
        room,
        mut white,
        white_secret: _,
        mut black,
        black_secret: _,
    } = open_game(&n1, &n2, None).await;
    play_line(&mut white, &mut black, &room, 0, &MATE).await;
    assert_eq!(game_over(&mut white).await, "checkmate-white-wins");
    assert_eq!(game_over(&mut black).await, "checkmate-white-wins");
    // A spectator on either node sees the same game.
    for n in [&n1, &n2] {
        let mut s = n.client().await;
        match s.join(&room, None, None).await {
            ServerMsg::Snapshot { state, .. } => {
                assert_eq!(state.moves.len(), MATE.len());
                assert!(state.outcome.is_some());
            }
            m => panic!("{m:?}"),
        }
    }
    b.assert_numbered(&room).await;
    // While Black plays from node 2, node 2 relays its connection and node 1 holds a stand-in
    // for it; once everyone has gone, neither node holds anything for the other.
    assert!(common::metric_reaches(n2.addr, "asean_relayed_connections", 1.0).await);
    assert!(common::metric_reaches(n1.addr, "asean_proxies", 1.0).await);
    drop((white, black));
    for (n, gauge) in [
        (&n2, "asean_relayed_connections"),
        (&n2, "asean_relayed_rooms"),
        (&n1, "asean_proxies"),
    ] {
        assert!(
            common::metric_reaches(n.addr, gauge, 0.0).await,
            "{gauge} stays above 0"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_public_room_on_one_node_is_listed_on_the_other_with_the_same_counts() {
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let mut watchers = Vec::new();
    for n in [&n1, &n2] {
        let mut w = n.client().await;
        w.send(&ClientMsg::WatchLobby).await;
        watchers.push(w);
    }
    let mut creator = n1.client().await;
    let (room, _, _) = creator.create(SeatChoice::White, true, None).await;
    // Two connections on node 1, one on node 2: three players online everywhere.
    for w in &mut watchers {
        w.lobby_until("the room listed with the counts", |l| {
            l.lists(&room) && l.counts == Some((3, 0))
        })
        .await;
    }
    // Taken from node 2: it leaves both listings, and one game is in progress everywhere.
    let mut black = n2.client().await;
    black.take_seat(&room).await;
    for w in &mut watchers {
        w.lobby_until("the room unlisted, one game", |l| {
            l.rooms.is_some() && !l.lists(&room) && l.counts == Some((4, 1))
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn the_owner_node_killed_mid_game_the_players_finish_on_the_other() {
    let b = Backing::new().await;
    let (mut n1, n2) = (b.node().await, b.node().await);
    let tc = TimeControl::fischer(300, 0).expect("a time control");
    // The room lives on node 1 (its creator's), Black plays from node 2.
    let Opened {
        room,
        mut white,
        white_secret,
        mut black,
        black_secret,
    } = open_game(&n1, &n2, Some(tc)).await;
    play_line(&mut white, &mut black, &room, 0, &SHUFFLE[..4]).await;
    let killed = Instant::now();
    n1.kill();
    // Node 2 notices that the room's owner died and tells its player to reconnect.
    closed(&mut black).await;
    let noticed = killed.elapsed();
    // Both players come back through node 2 (a proxy in front would send them there).
    let (mut black, moves) = rejoin(n2.addr, &room, &black_secret).await;
    let moved = killed.elapsed();
    assert_eq!(moves, SHUFFLE[..4], "every acknowledged move is kept");
    let (mut white, _) = rejoin(n2.addr, &room, &white_secret).await;
    eprintln!(
        "owner killed: node 2 noticed after {} ms, the room answered there after {} ms",
        noticed.as_millis(),
        moved.as_millis()
    );
    assert!(moved < Duration::from_secs(5), "taken over in {moved:?}");
    // The clocks are honest: White, to move, was charged for the time the owner was dead at
    // most, and Black's clock did not run.
    let mut probe = n2.client().await;
    match probe.join(&room, None, None).await {
        ServerMsg::Snapshot { state, .. } => {
            let clocks = state.clocks.expect("timed");
            assert_eq!(clocks.running, Some(Color::White));
            assert!(
                clocks.left.black.as_millis() > 299_000 - 10_000,
                "{clocks:?}"
            );
            assert!(
                clocks.left.white.as_millis() > 299_000 - 10_000,
                "{clocks:?}"
            );
        }
        m => panic!("{m:?}"),
    }
    play_line(&mut white, &mut black, &room, 4, &MATE).await;
    assert_eq!(game_over(&mut white).await, "checkmate-white-wins");
    b.assert_numbered(&room).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_paused_owner_never_appends_after_another_node_took_over() {
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let Opened {
        room,
        mut white,
        white_secret,
        mut black,
        black_secret,
    } = open_game(&n1, &n2, None).await;
    play(&mut white, &mut black, &room, 0, "g1e2").await;
    play(&mut black, &mut white, &room, 1, "g8e7").await;
    // The owner freezes past its lease; node 2 takes the room over.
    n1.signal(rustix::process::Signal::STOP);
    closed(&mut black).await;
    let (mut black2, moves) = rejoin(n2.addr, &room, &black_secret).await;
    assert_eq!(moves, ["g1e2", "g8e7"]);
    let (mut white2, _) = rejoin(n2.addr, &room, &white_secret).await;
    play(&mut white2, &mut black2, &room, 2, "e2g1").await;
    play(&mut black2, &mut white2, &room, 3, "e7g8").await;
    // The old owner wakes up still holding the room, and White's old connection to it plays
    // ply 2 differently: the store refuses the old owner's append.
    white.play(&room, 2, "b1d2").await;
    n1.signal(rustix::process::Signal::CONT);
    closed(&mut white).await;
    b.assert_numbered(&room).await;
    let (_, moves) = rejoin(n2.addr, &room, &white_secret).await;
    assert_eq!(moves, ["g1e2", "g8e7", "e2g1", "e7g8"]);
    let (_, moves) = rejoin(n1.addr, &room, &white_secret).await;
    assert_eq!(
        moves,
        ["g1e2", "g8e7", "e2g1", "e7g8"],
        "node 1 serves the same game"
    );
    drop(white2);
}

/// A Redis server of one test, on a free port, that the test may restart.
struct OwnRedis {
    port: u16,
    dir: tempfile::TempDir,
}

impl OwnRedis {
    fn start() -> OwnRedis {
        let r = OwnRedis {
            port: free_port(),
            dir: tempfile::tempdir().expect("dir"),
        };
        r.run();
        r
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn run(&self) {
        let bin = env("ASEAN_REDIS_SERVER", "the redis-server binary");
        let d = self.dir.path();
        let ok = Command::new(bin)
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "yes"])
            .arg("--dir")
            .arg(d)
            .arg("--pidfile")
            .arg(d.join("pid"))
            .arg("--logfile")
            .arg(d.join("log"))
            .status()
            .expect("redis-server")
            .success();
        assert!(ok, "redis-server did not start");
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("redis-server never listened");
    }

    fn stop(&self) {
        let pid_file = self.dir.path().join("pid");
        let Ok(pid) = std::fs::read_to_string(&pid_file) else {
            return;
        };
        let Some(pid) = pid
            .trim()
            .parse()
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        else {
            return;
        };
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = std::fs::remove_file(pid_file);
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_game_goes_on_after_redis_restarts() {
    let redis = OwnRedis::start();
    let b = Backing::with_redis(redis.url()).await;
    let (n1, n2) = (b.node().await, b.node().await);
    let Opened {
        room,
        mut white,
        white_secret,
        mut black,
        black_secret,
    } = open_game(&n1, &n2, None).await;
    play(&mut white, &mut black, &room, 0, "b1d2").await;
    play(&mut black, &mut white, &room, 1, "b8d7").await;
    // Redis dies and comes back empty: no owner, no lease, no subscription survives.
    redis.stop();
    tokio::time::sleep(Duration::from_secs(1)).await;
    redis.run();
    // The nodes resynchronise: the players reconnect (to either node) and go on.
    closed(&mut black).await;
    let (mut black, moves) = rejoin(n2.addr, &room, &black_secret).await;
    assert_eq!(moves, ["b1d2", "b8d7"]);
    let (mut white, _) = rejoin(n1.addr, &room, &white_secret).await;
    play_line(&mut white, &mut black, &room, 2, &MATE[2..]).await;
    assert_eq!(game_over(&mut black).await, "checkmate-white-wins");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_whole_cluster_down_charges_no_clock_for_the_downtime() {
    let b = Backing::new().await;
    let (mut n1, mut n2) = (b.node().await, b.node().await);
    let tc = TimeControl::fischer(60, 0).expect("a time control");
    let Opened {
        room,
        mut white,
        white_secret,
        mut black,
        black_secret: _,
    } = open_game(&n1, &n2, Some(tc)).await;
    play(&mut white, &mut black, &room, 0, "g1e2").await;
    play(&mut black, &mut white, &room, 1, "g8e7").await;
    // White thinks 2 s, then every node dies and the cluster stays down 4 s.
    tokio::time::sleep(Duration::from_secs(2)).await;
    n1.kill();
    n2.kill();
    drop((white, black));
    tokio::time::sleep(Duration::from_secs(4)).await;
    let n3 = b.node().await;
    let (_, moves) = rejoin(n3.addr, &room, &white_secret).await;
    assert_eq!(moves, ["g1e2", "g8e7"]);
    let mut probe = n3.client().await;
    let clocks = match probe.join(&room, None, None).await {
        ServerMsg::Snapshot { state, .. } => state.clocks.expect("timed"),
        m => panic!("{m:?}"),
    };
    assert_eq!(clocks.running, Some(Color::White));
    // Charged for its 2 s of thought (up to the last sign of life, stamped every second or
    // beat every half second), not for the 4 s the cluster was down.
    let spent = 60_000 - clocks.left.white.as_millis();
    assert!(
        (900..=3_500).contains(&spent),
        "White was charged {spent} ms"
    );
}

async fn lobby_within(
    c: &mut Client,
    secs: u64,
    pred: impl Fn(&common::LobbySeen) -> bool,
) -> bool {
    use futures_util::StreamExt as _;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    let mut last = None;
    loop {
        match tokio::time::timeout_at(deadline, c.ws.next()).await {
            Err(_) => {
                eprintln!("last lobby message: {last:?}");
                return false;
            }
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t)))) => {
                let m = protocol::parse_server(&t).expect("valid");
                if c.lobby.apply(&m) {
                    if pred(&c.lobby) {
                        return true;
                    }
                    last = Some(m);
                }
            }
            Ok(Some(Ok(_))) => {}
            Ok(_) => panic!("closed"),
        }
    }
}

fn online_is(n: u32) -> impl Fn(&common::LobbySeen) -> bool {
    move |l| l.players_online() == Some(n)
}

/// A node paused past its lease comes back: the other nodes must count its players again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn counts_of_a_node_back_from_a_long_pause() {
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let mut w2 = n2.client().await;
    w2.send(&ClientMsg::WatchLobby).await;
    let _c1 = n1.client().await;
    assert!(
        lobby_within(&mut w2, 10, online_is(2)).await,
        "2 online before"
    );
    n1.signal(rustix::process::Signal::STOP);
    assert!(
        lobby_within(&mut w2, 10, online_is(1)).await,
        "node 1 seen dead"
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    n1.signal(rustix::process::Signal::CONT);
    assert!(
        lobby_within(&mut w2, 8, online_is(2)).await,
        "node 1's player is never counted again on node 2"
    );
}

/// The whole cluster (one node) is down for a while: the clocks are charged only up to the
/// last sign of life, as on a single server.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_relay_through_a_stand_in_leaves_nothing_behind() {
    let b = Backing::new().await;
    let args = ["--finished-ttl-secs", "2"];
    let n1 = b.node_with(&args).await;
    let n2 = b.node_with(&args).await;
    let n3 = b.node_with(&args).await;
    let Opened {
        room,
        mut white,
        white_secret: _,
        mut black,
        black_secret: _,
    } = open_game(&n1, &n1, None).await;
    play_line(&mut white, &mut black, &room, 0, &MATE).await;
    drop((white, black));
    let mut s = n2.client().await;
    assert!(matches!(
        s.join(&room, None, None).await,
        ServerMsg::Snapshot { .. }
    ));
    // The finished room leaves node 1's memory (its time is up) ...
    assert!(common::metric_reaches(n1.addr, "asean_rooms_in_memory", 0.0).await);
    // ... and is opened again on node 3.
    let mut t = n3.client().await;
    assert!(matches!(
        t.join(&room, None, None).await,
        ServerMsg::Snapshot { .. }
    ));
    // The spectator on node 2 opens it again (its page resynchronising).
    assert!(matches!(
        s.join(&room, None, None).await,
        ServerMsg::Snapshot { .. }
    ));
    drop((s, t));
    tokio::time::sleep(Duration::from_secs(1)).await;
    for (n, gauge) in [
        (&n2, "asean_relayed_connections"),
        (&n2, "asean_relayed_rooms"),
        (&n1, "asean_proxies"),
        (&n1, "asean_relayed_connections"),
        (&n1, "asean_relayed_rooms"),
        (&n3, "asean_proxies"),
    ] {
        let ok = common::metric_reaches(n.addr, gauge, 0.0).await;
        eprintln!(
            "{gauge} on {}: {:?}",
            n.addr,
            common::metric(n.addr, gauge).await
        );
        assert!(ok, "{gauge} on {} stays above 0", n.addr);
    }
}

/// Kills the Redis pub/sub connection(s) of `node` (found from its process's sockets), so that
/// only that node resubscribes and resynchronises.
fn kill_pubsub_of(node: &Node, redis_port: u16) -> usize {
    // The node's sockets (inodes from /proc/PID/fd) connected to Redis (/proc/net/tcp): their
    // local ports name the node's connections in Redis's CLIENT LIST.
    let pid = node.child.id();
    let inodes: std::collections::HashSet<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .expect("the node's descriptors")
        .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
        .filter_map(|l| {
            let l = l.to_string_lossy().into_owned();
            Some(l.strip_prefix("socket:[")?.strip_suffix(']')?.to_owned())
        })
        .collect();
    let tcp = std::fs::read_to_string("/proc/net/tcp").expect("/proc/net/tcp");
    let ports: Vec<u16> = tcp
        .lines()
        .skip(1)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            let (local, remote, inode) = (cols.get(1)?, cols.get(2)?, cols.get(9)?);
            let port = |a: &str| u16::from_str_radix(a.rsplit(':').next()?, 16).ok();
            (port(remote)? == redis_port && inodes.contains(*inode)).then(|| port(local))?
        })
        .collect();
    let client = redis::Client::open(format!("redis://127.0.0.1:{redis_port}")).expect("redis");
    let mut con = client.get_connection().expect("redis connection");
    let list: String = redis::cmd("CLIENT")
        .arg(&["LIST", "TYPE", "pubsub"])
        .query(&mut con)
        .expect("client list");
    let mut killed = 0;
    for line in list.lines() {
        let id = line.split_whitespace().find_map(|f| f.strip_prefix("id="));
        let addr = line
            .split_whitespace()
            .find_map(|f| f.strip_prefix("addr="));
        if let (Some(id), Some(addr)) = (id, addr)
            && ports.iter().any(|p| addr.ends_with(&format!(":{p}")))
        {
            let _: redis::RedisResult<i64> = redis::cmd("CLIENT")
                .arg(&["KILL", "ID", id])
                .query(&mut con);
            killed += 1;
        }
    }
    killed
}

/// Node 2 alone loses its bus subscription (its connections cross nodes are closed): node 1
/// must not keep stand-ins of node 2's old connections seated in its rooms.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_node_that_resubscribes_leaves_no_stand_ins_behind() {
    let redis_url = env("ASEAN_TEST_REDIS", "Redis");
    let port: u16 = redis_url
        .rsplit(':')
        .next()
        .and_then(|p| p.trim_end_matches('/').parse().ok())
        .expect("port");
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let Opened {
        room,
        mut white,
        white_secret: _,
        mut black,
        black_secret: _,
    } = open_game(&n1, &n2, None).await;
    play(&mut white, &mut black, &room, 0, "g1e2").await;
    assert!(common::metric_reaches(n1.addr, "asean_proxies", 1.0).await);
    assert!(
        kill_pubsub_of(&n2, port) > 0,
        "no pub/sub connection of node 2 found"
    );
    // Node 2 resynchronises: Black's page is told to reconnect; it does not (yet).
    closed(&mut black).await;
    drop(black);
    // White must hear that Black is gone, and node 1 must drop its stand-in.
    let away = tokio::time::timeout(Duration::from_secs(8), white.away(Color::Black)).await;
    let proxies = common::metric_reaches(n1.addr, "asean_proxies", 0.0).await;
    eprintln!(
        "proxies on node 1: {:?}",
        common::metric(n1.addr, "asean_proxies").await
    );
    assert!(away.is_ok(), "White never hears that Black left");
    assert!(
        proxies,
        "node 1 keeps a stand-in of Black's closed connection"
    );
}

/// A Redis server of one test, on a free port, that the test may restart.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn downtime_with_redis_restarted_is_not_charged() {
    let redis = OwnRedis::start();
    let b = Backing::with_redis(redis.url()).await;
    let mut n1 = b.node().await;
    let tc = TimeControl::fischer(300, 0).expect("a time control");
    let Opened {
        room,
        mut white,
        white_secret: _,
        mut black,
        black_secret,
    } = open_game(&n1, &n1, Some(tc)).await;
    play_line(&mut white, &mut black, &room, 0, &SHUFFLE[..3]).await;
    n1.kill();
    drop((white, black));
    redis.stop();
    tokio::time::sleep(Duration::from_secs(6)).await;
    redis.run();
    let n2 = b.node().await;
    let (_black, _) = rejoin(n2.addr, &room, &black_secret).await;
    let mut probe = n2.client().await;
    match probe.join(&room, None, None).await {
        ServerMsg::Snapshot { state, .. } => {
            let clocks = state.clocks.expect("timed");
            eprintln!("{clocks:?}");
            assert!(
                clocks.left.black.as_millis() > 300_000 - 2_500,
                "Black was charged the downtime: {clocks:?}"
            );
        }
        m => panic!("{m:?}"),
    }
}

/// The owner pauses for 1 s (within its lease) while the player on the other node moves: the
/// move is applied once, when it wakes up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_short_pause_of_the_owner_loses_no_move() {
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let Opened {
        room,
        mut white,
        white_secret: _,
        mut black,
        black_secret: _,
    } = open_game(&n1, &n2, None).await;
    play(&mut white, &mut black, &room, 0, "g1e2").await;
    n1.signal(rustix::process::Signal::STOP);
    black.play(&room, 1, "g8e7").await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    n1.signal(rustix::process::Signal::CONT);
    black.moved(1).await;
    white.moved(1).await;
    play(&mut white, &mut black, &room, 2, "e2g1").await;
    play(&mut black, &mut white, &room, 3, "e7g8").await;
    b.assert_numbered(&room).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn joins_of_rooms_that_do_not_exist_leave_nothing_in_redis() {
    let b = Backing::new().await;
    let n1 = b.node().await;
    let mut c = n1.client().await;
    for i in 0..20u8 {
        c.send(&ClientMsg::Join {
            room: RoomId::from_bytes([i; 10]),
            secret: None,
            after: None,
            watch: true,
        })
        .await;
        assert_eq!(c.error().await, protocol::ErrorCode::UnknownRoom);
    }
    let client = redis::Client::open(b.redis_url.as_str()).expect("redis");
    let mut con = client.get_connection().expect("redis connection");
    let owners: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{}:owner:*", b.name))
        .query(&mut con)
        .expect("keys");
    assert_eq!(
        owners,
        Vec::<String>::new(),
        "owner keys of rooms that do not exist"
    );
    let sets: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{}:rooms:*", b.name))
        .query(&mut con)
        .expect("keys");
    for set in sets {
        let n: u64 = redis::cmd("SCARD")
            .arg(&set)
            .query(&mut con)
            .expect("scard");
        assert_eq!(n, 0, "{set} lists rooms that do not exist");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn the_cap_of_open_rooms_per_address_holds_across_nodes() {
    const CAP: usize = 3;
    let b = Backing::new().await;
    let flags = ["--max-rooms-per-address", "3"];
    let n1 = b.node_with(&flags).await;
    let n2 = b.node_with(&flags).await;
    let mut c1 = n1.client().await;
    let mut c2 = n2.client().await;
    // Two rooms on the first node and one on the second, from the same address.
    let (first, _, _) = c1.create(SeatChoice::White, false, None).await;
    c1.create(SeatChoice::White, false, None).await;
    c2.create(SeatChoice::White, false, None).await;
    let create = ClientMsg::CreateRoom {
        rated: false,
        seat: SeatChoice::White,
        promotion: protocol::PromotionRule::Any,
        clock: None,
        public: false,
        rating_range: None,
    };
    // One more is refused on either node: the cap counts the rooms of both.
    for c in [&mut c2, &mut c1] {
        c.send(&create).await;
        assert_eq!(
            c.error().await,
            protocol::ErrorCode::TooManyRooms,
            "room {} of one address",
            CAP + 1
        );
    }
    // A room cancelled on the first node makes room on the second.
    c1.send(&protocol::RoomCommand::Cancel.to(first.clone()))
        .await;
    create_until_seated(
        &mut c2,
        &create,
        Duration::from_millis(250),
        40,
        "the cancelled room never left the count",
    )
    .await;
    // The cap is reached again.
    c1.send(&create).await;
    assert_eq!(c1.error().await, protocol::ErrorCode::TooManyRooms);
    // A node that dies takes its count along once its lease lapses (its room is adopted by
    // the other node, no longer counted against the address).
    drop(c1);
    let mut n1 = n1;
    n1.kill();
    // One try a second: 15 creations at most, within the rate limit's burst.
    create_until_seated(
        &mut c2,
        &create,
        Duration::from_secs(1),
        15,
        "the dead node's rooms were never left out of the count",
    )
    .await;
}

/// Sends `create` every `pause` until the room is created, at most `tries` times; each refusal
/// must be the cap of rooms per address.
async fn create_until_seated(
    c: &mut Client,
    create: &ClientMsg,
    pause: Duration,
    tries: u32,
    never: &str,
) {
    for _ in 0..tries {
        c.send(create).await;
        match c
            .until("seated or refused", |m| {
                matches!(m, ServerMsg::Seated { .. } | ServerMsg::Error { .. })
            })
            .await
        {
            ServerMsg::Seated { .. } => return,
            ServerMsg::Error { code, .. } => {
                assert_eq!(code, protocol::ErrorCode::TooManyRooms);
                tokio::time::sleep(pause).await;
            }
            _ => unreachable!(),
        }
    }
    panic!("{never}");
}

/// Joins the pool of `clock` on `c` and waits until the server says it waits.
async fn join_pool(c: &mut Client, clock: TimeControl) {
    c.send(&ClientMsg::JoinPool { pool: clock }).await;
    c.until("in the pool", |m| matches!(m, ServerMsg::Pool { .. }))
        .await;
}

/// Waits for `c`'s pairing: the room, the seat and its secret.
async fn paired(c: &mut Client) -> (RoomId, Color, String) {
    match c
        .until("paired", |m| matches!(m, ServerMsg::Seated { .. }))
        .await
    {
        ServerMsg::Seated { room, seat, secret } => (room, seat, secret),
        _ => unreachable!(),
    }
}

/// Seeks across nodes: a signed-in player's seeks on both nodes are listed on each with the
/// seeker's name and rating, and their cap counts the seeks of every node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn players_of_two_nodes_in_one_pool_are_each_paired_exactly_once() {
    const PLAYERS: usize = 200;
    let b = Backing::new().await;
    let wave = ["--pool-wave-ms", "200"];
    let (n1, n2) = (b.node_with(&wave).await, b.node_with(&wave).await);
    let blitz = TimeControl::fischer(180, 0).expect("3+0");
    // Half on each node, all joining at once.
    let joins = (0..PLAYERS).map(|i| {
        let node = if i % 2 == 0 { n1.addr } else { n2.addr };
        async move {
            // Each from an address of its own, as players are (one address's budget of pool
            // joins is far smaller).
            let from = std::net::Ipv4Addr::new(127, 0, 1, u8::try_from(i + 1).expect("address"));
            let mut c = common::connect_from(node, from).await;
            join_pool(&mut c, blitz).await;
            c
        }
    });
    let mut clients = futures_util::future::join_all(joins).await;
    let pairings =
        futures_util::future::join_all(clients.iter_mut().map(|c| async { paired(c).await })).await;
    // Every room has exactly two players, one of each colour; and players of the two nodes
    // meet (pairing is not per node).
    let mut rooms: std::collections::HashMap<RoomId, Vec<(usize, Color)>> = Default::default();
    for (i, (room, seat, _)) in pairings.iter().enumerate() {
        rooms.entry(room.clone()).or_default().push((i, *seat));
    }
    assert_eq!(rooms.len(), PLAYERS / 2, "{} rooms", rooms.len());
    let mut across = 0;
    for (room, players) in &rooms {
        assert_eq!(players.len(), 2, "room {room}: {players:?}");
        assert_ne!(players[0].1, players[1].1, "room {room}: {players:?}");
        if players[0].0 % 2 != players[1].0 % 2 {
            across += 1;
        }
    }
    assert!(across > 0, "no pairing across the nodes");
    // Nobody is told a second room: a ping is answered next.
    for c in &mut clients {
        c.send(&ClientMsg::Ping).await;
        let next = c
            .until("pong or a second pairing", |m| {
                matches!(m, ServerMsg::Pong | ServerMsg::Seated { .. })
            })
            .await;
        assert_eq!(next, ServerMsg::Pong);
    }
    // The store holds one ticket per player, and the rooms' games are on.
    let (client, conn) = tokio_postgres::connect(&b.db_url, tokio_postgres::NoTls)
        .await
        .expect("connect");
    tokio::spawn(conn);
    let tickets: i64 = client
        .query_one("SELECT count(*) FROM pool_tickets", &[])
        .await
        .expect("count")
        .get(0);
    assert_eq!(tickets, PLAYERS as i64);
    // A room of players from both nodes: they join with their seats' secrets and play.
    let (room, players) = rooms
        .iter()
        .find(|(_, p)| p[0].0 % 2 != p[1].0 % 2)
        .expect("a room across the nodes");
    let by_seat = |seat: Color| players.iter().find(|(_, s)| *s == seat).expect("seat").0;
    let (wi, bi) = (by_seat(Color::White), by_seat(Color::Black));
    let mut white = clients.swap_remove(wi.max(bi));
    let mut black = clients.swap_remove(wi.min(bi));
    if wi < bi {
        std::mem::swap(&mut white, &mut black);
    }
    for (c, i) in [(&mut white, wi), (&mut black, bi)] {
        match c.join(room, Some(&pairings[i].2), None).await {
            ServerMsg::Snapshot { you, state, .. } => {
                assert_eq!(you, Some(pairings[i].1));
                assert_eq!(state.clock, Some(blitz));
            }
            m => panic!("{m:?}"),
        }
    }
    play(&mut white, &mut black, room, 0, "e3e4").await;
    b.assert_numbered(room).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn the_pools_pair_on_after_the_pairing_node_is_killed() {
    let b = Backing::new().await;
    let wave = ["--pool-wave-ms", "100"];
    let mut n1 = b.node_with(&wave).await;
    // The first node takes the pairing lease with its first wave.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let n2 = b.node_with(&wave).await;
    let bullet = TimeControl::fischer(60, 0).expect("1+0");
    let (mut a, mut c) = (n2.client().await, n2.client().await);
    join_pool(&mut a, bullet).await;
    join_pool(&mut c, bullet).await;
    assert_eq!(paired(&mut a).await.0, paired(&mut c).await.0);
    // Node 1 dies holding the pairing lease and a waiting player: node 2 pairs once the lease
    // lapses, and the dead node's player is not paired once its node's lease lapsed.
    let mut gone = n1.client().await;
    join_pool(&mut gone, bullet).await;
    n1.kill();
    drop(gone);
    // Its players count as waiting until its own lease lapses (the node's time to live).
    tokio::time::sleep(server::cluster::DEFAULT_NODE_TTL + Duration::from_millis(500)).await;
    let (mut d, mut e) = (n2.client().await, n2.client().await);
    join_pool(&mut d, bullet).await;
    join_pool(&mut e, bullet).await;
    let (room_d, seat_d, _) = paired(&mut d).await;
    let (room_e, seat_e, _) = paired(&mut e).await;
    assert_eq!(room_d, room_e);
    assert_ne!(seat_d, seat_e);
}

/// Seeks across nodes: a signed-in player's seeks on both nodes are listed on each with the
/// seeker's name and rating, and their cap counts the seeks of every node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn the_cap_of_seeks_per_player_holds_across_nodes() {
    use protocol::{ErrorCode, PromotionRule};
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    // Signed up on node 1; the session works on node 2 (one database).
    let answer = reqwest::Client::new()
        .post(format!("http://{}/signup", n1.addr))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("username=Far_Seeker&password=far+seeker%27s+password")
        .send()
        .await
        .expect("signup");
    assert!(answer.status().is_success(), "{}", answer.status());
    let cookie = common::session::session_cookie(answer.headers()).expect("a session cookie");
    let local = std::net::Ipv4Addr::LOCALHOST;
    let mut on1 = common::connect_with_headers(n1.addr, local, &[("cookie", &cookie)]).await;
    let mut on2 = common::connect_with_headers(n2.addr, local, &[("cookie", &cookie)]).await;
    let mut watcher = n2.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let seek = ClientMsg::CreateRoom {
        seat: SeatChoice::Random,
        promotion: PromotionRule::Any,
        clock: TimeControl::fischer(300, 3).ok(),
        public: true,
        rated: true,
        rating_range: None,
    };
    let mut rooms = Vec::new();
    for first in [true, true, false] {
        let c = if first { &mut on1 } else { &mut on2 };
        c.send(&seek).await;
        match c
            .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await
        {
            ServerMsg::Seated { room, .. } => rooms.push(room),
            _ => unreachable!(),
        }
    }
    let seen = watcher
        .lobby_until("the three seeks listed on node 2", |l| {
            rooms.iter().all(|r| l.lists(r))
        })
        .await;
    let far = seen
        .rooms
        .as_ref()
        .and_then(|all| all.iter().find(|r| r.id == rooms[0]))
        .expect("node 1's seek");
    assert_eq!(
        far.seeker.as_ref().map(|k| (k.username.as_str(), k.rating)),
        Some(("Far_Seeker", Some(1500)))
    );
    assert!(far.rated);
    // Node 1 hears of node 2's seek too.
    let mut watcher1 = n1.client().await;
    watcher1.send(&ClientMsg::WatchLobby).await;
    watcher1
        .lobby_until("node 2's seek listed on node 1", |l| l.lists(&rooms[2]))
        .await;
    for c in [&mut on1, &mut on2] {
        c.send(&seek).await;
        assert_eq!(c.error().await, ErrorCode::TooManySeeks);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn rated_games_ending_as_their_node_is_killed_are_rated_exactly_once() {
    const GAMES: usize = 5;
    let b = Backing::new().await;
    let mut n1 = b.node().await;
    let n2 = b.node().await;
    let blitz = TimeControl::fischer(300, 3).ok();
    // Five rated games owned by node 1, White there and Black on node 2.
    let mut games = Vec::new();
    for g in 0..GAMES {
        let white_cookie = common::sign_up(n1.addr, &format!("White{g}")).await;
        let black_cookie = common::sign_up(n2.addr, &format!("Black{g}")).await;
        let mut white = common::signed_in(n1.addr, &white_cookie).await;
        white
            .send(&ClientMsg::CreateRoom {
                seat: SeatChoice::White,
                promotion: protocol::PromotionRule::Any,
                clock: blitz,
                public: false,
                rated: true,
                rating_range: None,
            })
            .await;
        let (room, secret) = match white
            .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await
        {
            ServerMsg::Seated { room, secret, .. } => (room, secret),
            _ => unreachable!(),
        };
        let mut black = common::signed_in(n2.addr, &black_cookie).await;
        black.take_seat(&room).await;
        play_line(&mut white, &mut black, &room, 0, &SHUFFLE[..2]).await;
        games.push((room, secret, white, black));
    }
    // Every White resigns, and node 1 dies meanwhile: some ends are written, some not.
    for (room, _, white, _) in &mut games {
        white
            .send(&ClientMsg::Room {
                room: room.clone(),
                command: protocol::RoomCommand::Resign,
            })
            .await;
    }
    n1.kill();
    // Each White comes back on node 2 and resigns again where the game is still on.
    for (room, secret, _, _) in &games {
        let (mut again, _) = rejoin(n2.addr, room, secret).await;
        again
            .send(&ClientMsg::Room {
                room: room.clone(),
                command: protocol::RoomCommand::Resign,
            })
            .await;
        // Over already (the first resignation was written), or over now.
        let answer = again
            .until("the end", |m| {
                matches!(
                    m,
                    ServerMsg::Event {
                        event: RoomEvent::GameOver { .. },
                        ..
                    } | ServerMsg::Error {
                        code: protocol::ErrorCode::GameOver,
                        ..
                    }
                )
            })
            .await;
        if let ServerMsg::Event {
            event: RoomEvent::GameOver { result, .. },
            ..
        } = answer
        {
            assert_eq!(result.label(), "resign-black-wins", "room {room}");
        }
    }
    // Every game is rated once: two rating changes a room, one game a player, and each
    // player's rating is the one its game's change ended at.
    let (client, conn) = tokio_postgres::connect(&b.db_url, tokio_postgres::NoTls)
        .await
        .expect("connect");
    tokio::spawn(conn);
    for (room, ..) in &games {
        let n: i64 = client
            .query_one(
                "SELECT count(*) FROM rating_changes WHERE room = $1",
                &[&room.as_str()],
            )
            .await
            .expect("count")
            .get(0);
        assert_eq!(n, 2, "room {room}");
    }
    let rows = client
        .query(
            "SELECT p.user_id, p.games, p.rating, c.after FROM perfs p \
             JOIN rating_changes c ON c.user_id = p.user_id AND c.perf = p.perf",
            &[],
        )
        .await
        .expect("perfs");
    assert_eq!(rows.len(), 2 * GAMES);
    for r in rows {
        let (user, games, rating, after): (String, i64, f64, f64) =
            (r.get(0), r.get(1), r.get(2), r.get(3));
        assert_eq!(games, 1, "{user}");
        assert!((rating - after).abs() < 1e-9, "{user}: {rating} vs {after}");
    }
}

/// The Board API on either node plays a game whose room lives on the other: the stream on
/// node 2 follows a room of node 1, and moves posted to both nodes reach it, to mate.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn the_board_api_plays_a_game_across_two_nodes() {
    use common::api::{Stream, post, token};
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let white_cookie = common::sign_up(n1.addr, "Across_W").await;
    let black_cookie = common::sign_up(n2.addr, "Across_B").await;
    let white_token = token(n2.addr, &white_cookie, &["board:play"]).await;
    let black_token = token(n1.addr, &black_cookie, &["board:play"]).await;
    // The room is made on node 1, its second seat taken on node 2.
    let mut white = common::signed_in(n1.addr, &white_cookie).await;
    let mut black = common::signed_in(n2.addr, &black_cookie).await;
    white
        .send(&common::rated_room(TimeControl::fischer(300, 3).ok()))
        .await;
    let game = white.seated_room().await;
    black.take_seat(&game).await;
    // White streams on node 2; each side posts its moves to the other node than its socket.
    let r = Stream::open(n2.addr, &game, Some(&white_token)).await;
    assert_eq!(r.status(), reqwest::StatusCode::OK);
    let mut stream = Stream::new(r);
    let full = stream.line().await.expect("gameFull");
    assert_eq!(full["white"]["name"], "Across_W", "{full}");
    for (ply, uci) in MATE.iter().enumerate() {
        let (node, t) = if ply % 2 == 0 {
            (n2.addr, &white_token)
        } else {
            (n1.addr, &black_token)
        };
        let (status, v) = post(node, &format!("/api/board/game/{game}/move/{uci}"), Some(t)).await;
        assert_eq!(status, reqwest::StatusCode::OK, "{uci}: {v}");
        let state = stream.line().await.expect("gameState");
        assert_eq!(state["moves"], MATE[..=ply].join(" "), "{state}");
    }
    let end = stream.line().await.expect("the end");
    assert_eq!(end["status"], "mate", "{end}");
    assert_eq!(stream.line().await, None);
    white.game_over().await;
    b.assert_numbered(&game).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_challenge_made_on_one_node_is_seen_and_accepted_on_another() {
    use common::api::{Stream, post_form, token};
    const SCOPES: [&str; 3] = ["challenge:read", "challenge:write", "board:play"];
    const FORM: &str = "clock.limit=300&clock.increment=3&color=white";
    let b = Backing::new().await;
    let (n1, n2) = (b.node().await, b.node().await);
    let a = token(n1.addr, &common::sign_up(n1.addr, "Node_A").await, &SCOPES).await;
    let bt = token(n2.addr, &common::sign_up(n2.addr, "Node_B").await, &SCOPES).await;
    let stream = |node: SocketAddr, token: String| async move {
        let r = Stream::get(node, "/api/stream/event", Some(&token)).await;
        assert_eq!(r.status().as_u16(), 200);
        Stream::new(r)
    };
    // Each player streams on the other node than the one they act on.
    let mut a_events = stream(n2.addr, a.clone()).await;
    let mut b_events = stream(n1.addr, bt.clone()).await;
    let (status, made) = post_form(n1.addr, "/api/challenge/node_b", &a, FORM).await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().expect("id").to_owned();
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("challenge").await;
        assert_eq!(v["challenge"]["id"], id.as_str(), "{v}");
    }
    let path = format!("/api/challenge/{id}/accept");
    let (status, v) = post_form(n2.addr, &path, &bt, "").await;
    assert_eq!(status, 200, "{v}");
    for (events, color) in [(&mut a_events, "white"), (&mut b_events, "black")] {
        let v = events.expect("gameStart").await;
        assert_eq!(
            (&v["game"]["gameId"], &v["game"]["color"]),
            (&id.clone().into(), &color.into()),
            "{v}"
        );
    }
    // The game is played from either node: White moves on node 2, Black on node 1.
    for (node, uci, t) in [(n2.addr, "b1d2", &a), (n1.addr, "b8d7", &bt)] {
        let path = format!("/api/board/game/{id}/move/{uci}");
        let (status, v) = post_form(node, &path, t, "").await;
        assert_eq!(status, 200, "{uci}: {v}");
    }
    let path = format!("/api/board/game/{id}/resign");
    let (status, v) = post_form(n1.addr, &path, &bt, "").await;
    assert_eq!(status, 200, "{v}");
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("gameFinish").await;
        assert_eq!(v["game"]["winner"], "white", "{v}");
    }
}

/// `POST /api/board/seek` across nodes: a seek on node 1 is paired with a page player who
/// tapped the same pool on node 2, and a seek on node 2 with a seek on node 1; each seek's
/// stream ends, and its account's event stream (on the other node) starts the game from the
/// pool.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn seeks_are_paired_with_players_and_seeks_of_another_node() {
    use common::api::{Stream, seek, token};
    let b = Backing::new().await;
    let wave = ["--pool-wave-ms", "100"];
    let (n1, n2) = (b.node_with(&wave).await, b.node_with(&wave).await);
    let scopes = ["board:play"];
    let seeker = token(
        n1.addr,
        &common::sign_up(n1.addr, "Seek_One").await,
        &scopes,
    )
    .await;
    let tapper_cookie = common::sign_up(n2.addr, "Tap_Two").await;
    let events = |node: SocketAddr, t: String| async move {
        let r = Stream::get(node, "/api/stream/event", Some(&t)).await;
        assert_eq!(r.status().as_u16(), 200);
        Stream::new(r)
    };
    let mut seeker_events = events(n2.addr, seeker.clone()).await;
    let r = seek(n1.addr, Some(&seeker), "rated=true&time=5&increment=3").await;
    assert_eq!(r.status().as_u16(), 200);
    let mut page = common::signed_in(n2.addr, &tapper_cookie).await;
    join_pool(&mut page, TimeControl::fischer(300, 3).expect("5+3")).await;
    let (room, _, _) = paired(&mut page).await;
    let body = tokio::time::timeout(Duration::from_secs(15), r.text())
        .await
        .expect("the seek's stream ends")
        .expect("body");
    assert!(body.trim().is_empty(), "{body:?}");
    let start = seeker_events.expect("gameStart").await;
    assert_eq!(start["game"]["gameId"], room.as_str(), "{start}");
    assert_eq!(start["game"]["source"], "pool", "{start}");
    assert_eq!(start["game"]["opponent"]["username"], "Tap_Two", "{start}");

    // Two seeks, one on each node, casual 1+0.
    let other = token(
        n2.addr,
        &common::sign_up(n2.addr, "Seek_Two").await,
        &scopes,
    )
    .await;
    let mut other_events = events(n1.addr, other.clone()).await;
    let one = seek(n2.addr, Some(&other), "time=1&increment=0").await;
    let two = seek(n1.addr, Some(&seeker), "time=1&increment=0").await;
    for r in [one, two] {
        assert_eq!(r.status().as_u16(), 200);
        tokio::time::timeout(Duration::from_secs(15), r.text())
            .await
            .expect("the seek's stream ends")
            .expect("body");
    }
    let a = seeker_events.expect("gameStart").await;
    let b2 = other_events.expect("gameStart").await;
    assert_eq!(a["game"]["gameId"], b2["game"]["gameId"], "{a} {b2}");
    assert_ne!(a["game"]["color"], b2["game"]["color"], "{a} {b2}");
    assert_eq!(a["game"]["rated"], false, "{a}");
    assert_eq!(a["game"]["source"], "pool", "{a}");
}

/// berserk, unchanged, across nodes: one player seeks with `client.board.seek` on node 1, the
/// other on node 2; they are paired, play the game to mate through the Board API, each on
/// their own node, and export it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn berserk_seeks_on_two_nodes_and_plays_the_game_across_them() {
    let Some(python) = common::api::berserk_python() else {
        return;
    };
    let b = Backing::new().await;
    let wave = ["--pool-wave-ms", "100"];
    let (n1, n2) = (b.node_with(&wave).await, b.node_with(&wave).await);
    let scopes = ["board:play", "challenge:read"];
    let one = common::api::token(
        n1.addr,
        &common::sign_up(n1.addr, "Berserk_N1").await,
        &scopes,
    )
    .await;
    let two = common::api::token(
        n2.addr,
        &common::sign_up(n2.addr, "Berserk_N2").await,
        &scopes,
    )
    .await;
    let v = common::api::run_berserk(
        python,
        "seek_game.py",
        vec![
            format!("http://{}", n1.addr),
            MATE.join(" "),
            format!("http://{}", n2.addr),
        ],
        vec![("ASEAN_TOKEN_ONE", one), ("ASEAN_TOKEN_TWO", two)],
    )
    .await;
    assert_eq!(v["same_game"], true, "{v}");
    assert_eq!(v["sources"], serde_json::json!(["pool", "pool"]), "{v}");
    assert_eq!(v["status"], "mate", "{v}");
    assert_eq!(v["export"]["status"], "mate", "{v}");
    assert_eq!(v["export"]["moves"], MATE.join(" "), "{v}");
}
