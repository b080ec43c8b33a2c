//! The lobby over real WebSockets on loopback: a full game, every kind of bad input refused
//! while the game goes on, reconnect and catch-up, a server restart with no loss, strangers
//! kept out of seats, the origin check, the lobby listing and the metrics.

use std::time::Duration;

use protocol::{
    ClientMsg, ErrorCode, RoomCommand, RoomEvent, RoomId, SeatChoice, ServerMsg, TimeControl,
};
use rules::Color;
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest};

mod common;
use common::{Client, Server, ucis};

const MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_with_bad_input_refused_along_the_way() {
    let server = Server::start(None, Duration::from_secs(60)).await;
    let mut white = server.client().await;
    let (room, seat, _secret) = white.create(SeatChoice::White, false, None).await;
    assert_eq!(seat, Color::White);
    let mut black = server.client().await;
    match black.join(&room, None, None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(
                you,
                Some(Color::Black),
                "the invitee takes the free seat on the first click"
            );
            assert!(state.seats.white.taken && state.seats.black.taken);
        }
        m => panic!("{m:?}"),
    }
    // A stranger gets no seat and cannot move.
    let mut stranger = server.client().await;
    match stranger.join(&room, None, None).await {
        ServerMsg::Snapshot { you, .. } => assert_eq!(you, None),
        m => panic!("{m:?}"),
    }
    stranger.play(&room, 0, "b1d2").await;
    assert_eq!(stranger.error().await, ErrorCode::NotSeated);
    stranger
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: Some("00".repeat(16)),
            after: None,
            watch: false,
        })
        .await;
    assert_eq!(
        stranger.error().await,
        ErrorCode::NotSeated,
        "a wrong secret takes no seat"
    );

    // Bad input, each refused with an error while the game goes on.
    black.play(&room, 0, "b8d7").await;
    assert_eq!(
        black.error().await,
        ErrorCode::NotYourTurn,
        "a move for the other seat"
    );
    white.play(&room, 0, "e3e5").await;
    assert_eq!(white.error().await, ErrorCode::IllegalMove);
    white.raw(Message::Text("{not json".into())).await;
    assert_eq!(white.error().await, ErrorCode::BadMessage);
    white
        .raw(Message::Text(r#"{"type":"teleport","room":"x"}"#.into()))
        .await;
    assert_eq!(white.error().await, ErrorCode::BadMessage);
    white
        .raw(Message::Text(
            format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(10_000)).into(),
        ))
        .await;
    assert_eq!(white.error().await, ErrorCode::TooLarge);
    white.raw(Message::Binary(vec![0, 1, 2].into())).await;
    assert_eq!(white.error().await, ErrorCode::BadMessage);
    white
        .raw(Message::Text(
            r#"{"type":"join","room":"../../etc","secret":null,"after":null}"#.into(),
        ))
        .await;
    assert_eq!(white.error().await, ErrorCode::BadMessage);
    white
        .send(&ClientMsg::Join {
            room: RoomId::from_bytes([0; 10]),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
    assert_eq!(white.error().await, ErrorCode::UnknownRoom);

    common::play_line(&mut white, &mut black, &room, 0, &MATE[..3]).await;
    // A replayed ply is refused.
    white.play(&room, 2, "d2c4").await;
    assert_eq!(white.error().await, ErrorCode::NotYourTurn);
    black.play(&room, 2, "g8e7").await;
    assert_eq!(black.error().await, ErrorCode::WrongPly);
    common::play_line(&mut white, &mut black, &room, 3, &MATE[3..]).await;
    for c in [&mut white, &mut black, &mut stranger] {
        let over = c.game_over().await;
        assert!(
            matches!(&over, ServerMsg::Event { event: RoomEvent::GameOver { result, winner: Some(Color::White), .. }, .. } if result.label() == "checkmate-white-wins"),
            "{over:?}"
        );
    }
    black.play(&room, 5, "a6a5").await;
    assert_eq!(black.error().await, ErrorCode::GameOver);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_loses_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let server = Server::start(Some(&db), Duration::from_secs(60)).await;
    let mut white = server.client().await;
    let tc = TimeControl::fischer(300, 3).expect("a time control");
    let (room, _, white_secret) = white.create(SeatChoice::White, true, Some(tc)).await;
    let mut black = server.client().await;
    let black_secret = black.take_seat(&room).await;
    white.play(&room, 0, "e3e4").await;
    black.moved(0).await;
    black.play(&room, 1, "d6d5").await;
    white.moved(1).await;
    let seen = black.seq;
    server.stop().await;

    // Restart on the same database: the room, its moves, clocks and seats are all there.
    let server = Server::start(Some(&db), Duration::from_secs(60)).await;
    let mut white = server.client().await;
    match white.join(&room, Some(&white_secret), None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, Some(Color::White));
            assert_eq!(ucis(&state.moves), ["e3e4", "d6d5"]);
            assert!(state.clocks.is_some_and(
                |c| c.left.white.as_millis() > 290_000 && c.left.black.as_millis() > 290_000
            ));
        }
        m => panic!("{m:?}"),
    }
    // Text that is no UCI move is a malformed message; a UCI move that is not legal is refused
    // by the room.
    let garbled = format!(r#"{{"type":"move","room":"{room}","ply":2,"uci":"e4xd5"}}"#);
    white.raw(Message::Text(garbled.into())).await;
    assert_eq!(white.error().await, ErrorCode::BadMessage);
    white.play(&room, 2, "e4e6").await;
    assert_eq!(white.error().await, ErrorCode::IllegalMove);
    white.play(&room, 2, "e4d5").await;
    white.moved(2).await;
    // Black comes back with its secret and catches up on what it missed.
    let mut black = server.client().await;
    black
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: Some(black_secret),
            after: Some(seen),
            watch: false,
        })
        .await;
    assert_eq!(black.moved(2).await, "exd5");
    match black
        .until("snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
        .await
    {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, Some(Color::Black));
            assert_eq!(ucis(&state.moves), ["e3e4", "d6d5", "e4d5"]);
        }
        _ => unreachable!(),
    }
    // A stranger cannot take a seat: both are held.
    let mut stranger = server.client().await;
    match stranger.join(&room, None, None).await {
        ServerMsg::Snapshot { you, .. } => assert_eq!(you, None),
        m => panic!("{m:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_resumes_with_its_secret_after_a_drop() {
    let server = Server::start(None, Duration::from_millis(300)).await;
    let mut white = server.client().await;
    let (room, _, _) = white.create(SeatChoice::White, false, None).await;
    let mut black = server.client().await;
    black
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
    let secret = match black
        .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
        .await
    {
        ServerMsg::Seated { secret, seat, .. } => {
            assert_eq!(seat, Color::Black);
            secret
        }
        _ => unreachable!(),
    };
    white.play(&room, 0, "e3e4").await;
    black.moved(0).await;
    let seen = black.seq;
    drop(black);
    white.play(&room, 1, "d3d4").await;
    assert_eq!(white.error().await, ErrorCode::NotYourTurn);
    let mut black = server.client().await;
    black
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: Some(secret.clone()),
            after: Some(seen),
            watch: false,
        })
        .await;
    match black
        .until("snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
        .await
    {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, Some(Color::Black));
            assert_eq!(ucis(&state.moves), ["e3e4"]);
        }
        _ => unreachable!(),
    }
    black.play(&room, 1, "e6e5").await;
    white.moved(1).await;
    // Black leaves for good: after the (short) countdown White may claim the win.
    drop(black);
    white.away(Color::Black).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    white
        .send(&RoomCommand::ClaimVictory.to(room.clone()))
        .await;
    let over = white.game_over().await;
    assert!(
        matches!(over, ServerMsg::Event { event: RoomEvent::GameOver { result, .. }, .. } if result.label() == "abandoned-white-wins")
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_listing_counts_and_metrics() {
    let server = Server::start(None, Duration::from_secs(60)).await;
    let mut watcher = server.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let mut creator = server.client().await;
    let (room, _, _) = creator.create(SeatChoice::Black, true, None).await;
    let listed = watcher
        .lobby_until("the room listed, two players", |l| {
            l.lists(&room) && l.players_online() == Some(2)
        })
        .await;
    assert_eq!(
        listed.rooms.as_ref().map(|r| r[0].open_seat),
        Some(Color::White)
    );
    let mut joiner = server.client().await;
    joiner.join(&room, None, None).await;
    watcher
        .lobby_until("a game in progress", |l| {
            l.rooms.as_ref().is_some_and(Vec::is_empty) && l.games_in_progress() == Some(1)
        })
        .await;
    // A private room is never listed.
    creator.create(SeatChoice::White, false, None).await;
    creator.send(&ClientMsg::Ping).await;
    creator.until("pong", |m| *m == ServerMsg::Pong).await;
    assert_eq!(server_listing(&mut watcher).await, Some(Vec::new()));
    let text = common::http_get(server.addr, "/metrics").await;
    for name in [
        "asean_connections",
        "asean_rooms",
        "asean_games_in_progress",
        "asean_moves",
        "asean_errors",
    ] {
        assert!(text.contains(name), "{name} missing in {text}");
    }
    server.stop().await;
}

/// The listing a watcher gets when it starts watching again: the full one.
async fn server_listing(c: &mut Client) -> Option<Vec<protocol::RoomSummary>> {
    c.send(&ClientMsg::UnwatchLobby).await;
    c.send(&ClientMsg::WatchLobby).await;
    match c
        .until("listing", |m| matches!(m, ServerMsg::Lobby { .. }))
        .await
    {
        ServerMsg::Lobby { rooms } => Some(rooms),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_applies_diffs_to_the_listing_a_new_watcher_gets_in_full() {
    let server = Server::start(None, Duration::from_secs(60)).await;
    let mut creator = server.client().await;
    // Five rooms listed first: a diff is smaller than the listing (with one or two rooms, the
    // full listing can be the smaller frame, and is sent instead).
    let mut older = Vec::new();
    for _ in 0..5 {
        older.push(creator.create(SeatChoice::White, true, None).await.0);
    }
    let first = older[0].clone();
    let mut watcher = server.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let start = watcher
        .lobby_until("five rooms, in full", |l| {
            l.rooms.as_ref().is_some_and(|r| r.len() == 5)
        })
        .await;
    // Two rooms added (newest first), then the first one cancelled: diffs, no full listing.
    let (second, _, _) = creator.create(SeatChoice::Black, true, None).await;
    let (third, _, _) = creator.create(SeatChoice::White, true, None).await;
    watcher
        .lobby_until("seven rooms", |l| l.lists(&second) && l.lists(&third))
        .await;
    creator.send(&RoomCommand::Cancel.to(first.clone())).await;
    let seen = watcher
        .lobby_until("the first room gone", |l| !l.lists(&first))
        .await;
    assert_eq!(
        seen.full, start.full,
        "after the first listing, only diffs: {seen:?}"
    );
    assert!(seen.diffs >= 2, "{seen:?}");
    let mut ids: Vec<RoomId> = seen
        .rooms
        .as_ref()
        .map(|r| r.iter().map(|s| s.id.clone()).collect())
        .unwrap_or_default();
    ids.sort();
    let mut want = vec![third, second];
    want.extend(older[1..].iter().cloned());
    want.sort();
    assert_eq!(ids, want);
    // A new watcher gets the same listing (in the same order), in full.
    let mut other = server.client().await;
    other.send(&ClientMsg::WatchLobby).await;
    let fresh = other
        .lobby_until("six rooms", |l| {
            l.rooms.as_ref().is_some_and(|r| r.len() == 6)
        })
        .await;
    assert_eq!(fresh.rooms, seen.rooms);
    assert_eq!(fresh.diffs, 0);
    server.stop().await;
}

/// A burst of room changes (a room created every 40 ms, the one before cancelled) reaches a
/// watcher as at most one listing frame per `LISTING_COALESCE` (counted against the time the
/// burst took), all diffs after the first listing, and leaves the watcher with the listing a
/// new watcher gets (on main a publication every 100 ms sent about two and a half times as
/// many frames).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_room_changes_reaches_a_watcher_as_few_diffs() {
    let server = Server::start_with(None, |c| {
        c.lobby.rates = server::rate::RateConfig::UNLIMITED;
    })
    .await;
    let mut creator = server.client().await;
    for _ in 0..10 {
        creator.create(SeatChoice::White, true, None).await;
    }
    let mut watcher = server.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let before = watcher
        .lobby_until("ten rooms", |l| {
            l.rooms.as_ref().is_some_and(|r| r.len() == 10)
        })
        .await;
    let started = tokio::time::Instant::now();
    let mut open: Option<RoomId> = None;
    let mut cancelled = Vec::new();
    for _ in 0..20 {
        let (room, _, _) = creator.create(SeatChoice::Black, true, None).await;
        tokio::time::sleep(Duration::from_millis(40)).await;
        if let Some(prev) = open.replace(room) {
            creator.send(&RoomCommand::Cancel.to(prev.clone())).await;
            cancelled.push(prev);
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }
    let last = open.expect("a room open");
    let seen = watcher
        .lobby_until("the last room listed, the others gone", |l| {
            l.lists(&last) && !cancelled.iter().any(|r| l.lists(r))
        })
        .await;
    let took = started.elapsed();
    let frames = (seen.full + seen.diffs) - (before.full + before.diffs);
    let most = took.as_millis() / server::lobby::LISTING_COALESCE.as_millis() + 2;
    assert!(
        u128::from(frames) <= most,
        "{frames} listing frames for 39 changes in {took:?}: {seen:?}"
    );
    assert_eq!(seen.full, before.full, "no full listing after the first");
    assert_eq!(seen.rooms.as_ref().map(Vec::len), Some(11));
    let mut other = server.client().await;
    other.send(&ClientMsg::WatchLobby).await;
    let fresh = other
        .lobby_until("eleven rooms", |l| {
            l.rooms.as_ref().is_some_and(|r| r.len() == 11)
        })
        .await;
    assert_eq!(fresh.rooms, seen.rooms);
    server.stop().await;
}

/// One address opening and closing connections makes no listing go to the watchers: the
/// count of players online reaches them at most once every `COUNTS_EVERY`, in a frame of its
/// own (on main every count change sent the whole listing to every watcher, up to ten a
/// second).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_churning_client_sends_watchers_no_listing_and_few_counts() {
    let server = Server::start_with(None, |c| {
        c.lobby.counts_every = server::lobby::COUNTS_EVERY;
    })
    .await;
    let mut creator = server.client().await;
    for _ in 0..5 {
        creator.create(SeatChoice::White, true, None).await;
    }
    let mut watcher = server.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let before = watcher
        .lobby_until("five rooms and the counts", |l| {
            l.rooms.as_ref().is_some_and(|r| r.len() == 5) && l.counts.is_some()
        })
        .await;
    let started = std::time::Instant::now();
    // 200 connections, four open at a time: the count online never rests at its first value.
    let mut open = std::collections::VecDeque::new();
    for _ in 0..200 {
        open.push_back(common::connect(server.addr).await);
        if open.len() > 4
            && let Some(mut c) = open.pop_front()
        {
            let _ = c.ws.close(None).await;
        }
    }
    for mut c in open {
        let _ = c.ws.close(None).await;
    }
    let churned = started.elapsed();
    // What the watcher was sent meanwhile, and what followed the churn's end (the listing is
    // published 250 ms after a change): everything until a pong sent after that.
    tokio::time::sleep(Duration::from_millis(500)).await;
    watcher.send(&ClientMsg::Ping).await;
    let mut bytes = 0;
    loop {
        use futures_util::StreamExt as _;
        let frame = tokio::time::timeout(Duration::from_secs(10), watcher.ws.next())
            .await
            .expect("a frame")
            .expect("open")
            .expect("frame");
        if let Message::Text(t) = frame {
            let m = protocol::parse_server(&t).expect("valid");
            if m == ServerMsg::Pong {
                break;
            }
            if watcher.lobby.apply(&m) {
                bytes += t.len();
            }
        }
    }
    let seen = &watcher.lobby;
    assert_eq!(seen.full, before.full, "no full listing: {seen:?}");
    assert_eq!(seen.diffs, before.diffs, "no diff: {seen:?}");
    let counts = seen.counted - before.counted;
    let intervals = churned.as_millis() / server::lobby::COUNTS_EVERY.as_millis();
    assert!(
        u128::from(counts) <= intervals + 2,
        "{counts} count frames over {churned:?}"
    );
    assert!(bytes <= 100 * (intervals as usize + 2), "{bytes} bytes");
    assert_eq!(seen.rooms, before.rooms);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_and_missing_hello_are_refused() {
    let server = Server::start(None, Duration::from_secs(60)).await;
    let mut req = format!("ws://{}/ws", server.addr)
        .into_client_request()
        .expect("request");
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().expect("header"));
    assert!(
        tokio_tungstenite::connect_async(req).await.is_err(),
        "a foreign origin is refused"
    );
    let mut req = format!("ws://{}/ws", server.addr)
        .into_client_request()
        .expect("request");
    req.headers_mut().insert(
        "origin",
        format!("http://{}", server.addr).parse().expect("header"),
    );
    let (ws, _) = tokio_tungstenite::connect_async(req)
        .await
        .expect("own origin is fine");
    let mut c = Client {
        ws,
        seq: 0,
        lobby: common::LobbySeen::default(),
        user: None,
    };
    c.recv().await;
    c.send(&ClientMsg::WatchLobby).await;
    assert_eq!(
        c.error().await,
        ErrorCode::UnsupportedVersion,
        "hello comes first"
    );
    c.send(&ClientMsg::Hello { protocol: 99 }).await;
    assert_eq!(c.error().await, ErrorCode::UnsupportedVersion);
    server.stop().await;
}

/// The attack of issue 36: connections of one address create and cancel rooms, then watch
/// them (on main every watched cancelled room was loaded into memory and counted against
/// `--max-rooms`, so nobody could create a room or open an old link any more). Now a
/// spectator of a closed room is shown its record without a room in memory, and the rooms
/// one address has open are capped: a player from another address still creates a room
/// and opens an old game's link.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_cancel_and_watch_to_the_cap_locks_nobody_out() {
    const ROOMS: usize = 24;
    const WATCH_CAP: u32 = 40;
    let server = Server::start_with(None, |c| {
        c.lobby.max_rooms = 16;
        c.lobby.max_watched_per_address = WATCH_CAP;
    })
    .await;
    let honest_address = std::net::Ipv4Addr::new(127, 0, 0, 2);
    // An old game, finished before the attack.
    let mut white = common::connect_from(server.addr, honest_address).await;
    let (old, _, _) = white.create(SeatChoice::White, false, None).await;
    let mut black = common::connect_from(server.addr, honest_address).await;
    black.take_seat(&old).await;
    white.play(&old, 0, "e3e4").await;
    black.moved(0).await;
    black.play(&old, 1, "e6e5").await;
    white.moved(1).await;
    white.send(&RoomCommand::Resign.to(old.clone())).await;
    black.game_over().await;
    drop(white);
    drop(black);

    // Two connections create and cancel rooms (each message within the burst allowed).
    let mut cancelled = Vec::new();
    for _ in 0..2 {
        let mut c = server.client().await;
        for _ in 0..ROOMS / 2 {
            c.send(&ClientMsg::CreateRoom {
                rated: false,
                seat: SeatChoice::White,
                promotion: protocol::PromotionRule::Any,
                clock: None,
                public: false,
                rating_range: None,
            })
            .await;
            let created = c
                .until("seated or refused", |m| {
                    matches!(m, ServerMsg::Seated { .. } | ServerMsg::Error { .. })
                })
                .await;
            let ServerMsg::Seated { room, .. } = created else {
                // The attack has already filled the server (as it did before).
                break;
            };
            c.send(&RoomCommand::Cancel.to(room.clone())).await;
            c.until("closed", |m| {
                matches!(
                    m,
                    ServerMsg::Event {
                        event: RoomEvent::Closed { .. },
                        ..
                    }
                )
            })
            .await;
            cancelled.push(room);
        }
    }
    // Watchers from the same address open every cancelled room until the cap refuses them.
    let mut watchers = Vec::new();
    let mut watching = 0u32;
    let mut refused = Vec::new();
    for _ in 0..2 {
        let mut w = server.client().await;
        for room in &cancelled {
            w.send(&ClientMsg::Join {
                room: room.clone(),
                secret: None,
                after: None,
                watch: true,
            })
            .await;
            match w
                .until("a snapshot or a refusal", |m| {
                    matches!(m, ServerMsg::Snapshot { .. } | ServerMsg::Error { .. })
                })
                .await
            {
                ServerMsg::Snapshot { state, .. } => {
                    assert_eq!(state.closed, Some(protocol::CloseReason::Cancelled));
                    watching += 1;
                }
                ServerMsg::Error { code, message, .. } => refused.push((code, message)),
                _ => unreachable!(),
            }
        }
        watchers.push(w);
    }
    assert_eq!(cancelled.len(), ROOMS, "every cancelled room was created");
    assert_eq!(watching, WATCH_CAP, "the address watches up to its cap");
    assert_eq!(refused.len(), 2 * ROOMS - WATCH_CAP as usize);
    let (code, message) = &refused[0];
    assert_eq!(*code, ErrorCode::TooManyRooms);
    assert!(message.contains("from one address"), "{message}");
    assert_eq!(
        common::metric(server.addr, "asean_watches_refused_total").await,
        Some(refused.len() as f64)
    );
    assert!(
        common::metric_reaches(server.addr, "asean_rooms_in_memory", 0.0).await,
        "no cancelled room stays in memory for its spectators: {:?}",
        common::metric(server.addr, "asean_rooms_in_memory").await
    );

    // A player from another address creates a room and opens the old game's link.
    let mut honest = common::connect_from(server.addr, honest_address).await;
    let (_, seat, _) = honest.create(SeatChoice::Black, false, None).await;
    assert_eq!(seat, Color::Black);
    let mut visitor = common::connect_from(server.addr, honest_address).await;
    match visitor.join(&old, None, None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, None);
            assert_eq!(ucis(&state.moves), ["e3e4", "e6e5"]);
            assert_eq!(
                state.outcome,
                Some(protocol::Outcome::win(
                    Color::Black,
                    protocol::WinReason::Resignation
                ))
            );
        }
        m => panic!("{m:?}"),
    }
    // A watcher that leaves frees its place for its address.
    let w = &mut watchers[0];
    w.send(&ClientMsg::Leave {
        room: cancelled[0].clone(),
    })
    .await;
    w.send(&ClientMsg::Join {
        room: old.clone(),
        secret: None,
        after: None,
        watch: true,
    })
    .await;
    w.until(
        "the old game",
        |m| matches!(m, ServerMsg::Snapshot { room, .. } if *room == old),
    )
    .await;
    server.stop().await;
}
