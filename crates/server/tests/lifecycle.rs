//! The room lifecycle and the lobby's bounds over real WebSockets on loopback: cancel, a
//! public room unlisted while its creator is gone, invitations that expire (also across a
//! restart), no result before both sides have moved, away time that adds up over reconnects,
//! finished rooms that leave memory and load again from the store, clocks after a `kill -9`,
//! the caps on rooms per address (rematches included), and the hello deadline.

use std::time::Duration;

use protocol::{
    ClientMsg, CloseReason, ErrorCode, Outcome, RoomCommand, RoomEvent, RoomId, SeatChoice,
    ServerMsg, TimeControl, WinReason,
};
use rules::Color;

mod common;
use common::{Client, Server, metric, metric_reaches};

fn is_event(m: &ServerMsg, pred: impl Fn(&RoomEvent) -> bool) -> bool {
    matches!(m, ServerMsg::Event { event, .. } if pred(event))
}

async fn game_over(c: &mut Client) -> Outcome {
    match c
        .until("game over", |m| {
            is_event(m, |e| matches!(e, RoomEvent::GameOver { .. }))
        })
        .await
    {
        ServerMsg::Event {
            event: RoomEvent::GameOver { result, winner, .. },
            ..
        } => {
            assert_eq!(winner, result.winner());
            result
        }
        _ => unreachable!(),
    }
}

/// White and Black each play a first move (so the game has started).
async fn both_move(white: &mut Client, black: &mut Client, room: &RoomId) {
    white.play(room, 0, "e3e4").await;
    black.moved(0).await;
    black.play(room, 1, "e6e5").await;
    white.moved(1).await;
}

/// A game with both players seated: (white, black, room, black's secret).
async fn seated(server: &Server) -> (Client, Client, RoomId, String) {
    let mut white = server.client().await;
    let (room, _, _) = white.create(SeatChoice::White, false, None).await;
    let mut black = server.client().await;
    let secret = black.take_seat(&room).await;
    (white, black, room, secret)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_invitation_leaves_the_listing_and_its_link_says_so() {
    let server = Server::start(None, Duration::from_secs(60)).await;
    let mut watcher = server.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let mut creator = server.client().await;
    let (room, _, _) = creator.create(SeatChoice::White, true, None).await;
    watcher.lobby_until("listed", |l| l.lists(&room)).await;
    creator.send(&RoomCommand::Cancel.to(room.clone())).await;
    creator
        .until("closed", |m| {
            is_event(m, |e| {
                *e == RoomEvent::Closed {
                    reason: CloseReason::Cancelled,
                }
            })
        })
        .await;
    watcher
        .lobby_until("unlisted", |l| l.rooms.is_some() && !l.lists(&room))
        .await;
    // The invitee's link: the room says it was cancelled, and no seat is taken.
    let mut stranger = server.client().await;
    match stranger.join(&room, None, None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, None);
            assert_eq!(state.closed, Some(CloseReason::Cancelled));
            assert!(!state.seats.black.taken);
        }
        m => panic!("{m:?}"),
    }
    stranger.play(&room, 0, "e3e4").await;
    assert_eq!(stranger.error().await, ErrorCode::RoomClosed);
    creator.send(&RoomCommand::Cancel.to(room.clone())).await;
    assert_eq!(creator.error().await, ErrorCode::RoomClosed);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_room_is_unlisted_while_its_creator_is_gone_and_relisted_on_return() {
    let server = Server::start_with(None, |c| {
        c.lobby.room.unlist_after = Duration::from_millis(300);
    })
    .await;
    let mut watcher = server.client().await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let mut creator = server.client().await;
    let (room, _, secret) = creator.create(SeatChoice::Black, true, None).await;
    watcher.lobby_until("listed", |l| l.lists(&room)).await;
    drop(creator);
    watcher
        .lobby_until("unlisted after 300 ms", |l| {
            l.rooms.is_some() && !l.lists(&room)
        })
        .await;
    // A stranger with the link still finds it, unlisted.
    let mut creator = server.client().await;
    match creator.join(&room, Some(&secret), None).await {
        ServerMsg::Snapshot { you, .. } => assert_eq!(you, Some(Color::Black)),
        m => panic!("{m:?}"),
    }
    creator
        .until("relisted", |m| {
            is_event(m, |e| *e == RoomEvent::Listed { listed: true })
        })
        .await;
    watcher
        .lobby_until("listed again", |l| l.lists(&room))
        .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_expires_and_a_restart_closes_expired_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let server = Server::start_with(Some(&db), |c| {
        c.lobby.room.invite_ttl = Duration::from_millis(500);
    })
    .await;
    let mut creator = server.client().await;
    let (room, _, _) = creator.create(SeatChoice::White, false, None).await;
    creator
        .until("expired", |m| {
            is_event(m, |e| {
                *e == RoomEvent::Closed {
                    reason: CloseReason::Expired,
                }
            })
        })
        .await;
    let mut stranger = server.client().await;
    match stranger.join(&room, None, None).await {
        ServerMsg::Snapshot { state, .. } => {
            assert_eq!(state.closed, Some(CloseReason::Expired));
        }
        m => panic!("{m:?}"),
    }
    // A room left waiting while the server was down is closed when it comes back.
    let mut creator = server.client().await;
    let (room, _, _) = creator.create(SeatChoice::White, false, None).await;
    drop(creator);
    drop(stranger);
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let server = Server::start_with(Some(&db), |c| {
        c.lobby.room.invite_ttl = Duration::from_millis(500);
    })
    .await;
    let mut stranger = server.client().await;
    match stranger.join(&room, None, None).await {
        ServerMsg::Snapshot { state, you, .. } => {
            assert_eq!(you, None);
            assert_eq!(state.closed, Some(CloseReason::Expired));
        }
        m => panic!("{m:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_result_before_both_sides_have_moved() {
    let server = Server::start(None, Duration::from_millis(400)).await;
    // Either player may abort: no winner.
    let (mut white, mut black, room, _) = seated(&server).await;
    black.send(&RoomCommand::Abort.to(room.clone())).await;
    assert_eq!(game_over(&mut white).await, Outcome::Aborted);

    // A player who leaves before both have moved aborts the game; no win is on offer.
    let (mut white, mut black, room, _) = seated(&server).await;
    white.play(&room, 0, "e3e4").await;
    black.moved(0).await;
    drop(black);
    white.away(Color::Black).await;
    white
        .send(&RoomCommand::ClaimVictory.to(room.clone()))
        .await;
    assert_eq!(white.error().await, ErrorCode::NotAllowed);
    assert_eq!(game_over(&mut white).await, Outcome::Aborted);

    // Once both have moved, the game can no longer be aborted.
    let (mut white, mut black, room, _) = seated(&server).await;
    both_move(&mut white, &mut black, &room).await;
    white.send(&RoomCommand::Abort.to(room.clone())).await;
    assert_eq!(white.error().await, ErrorCode::NotAllowed);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_time_adds_up_over_brief_reconnects() {
    let server = Server::start(None, Duration::from_millis(1_500)).await;
    let (mut white, mut black, room, secret) = seated(&server).await;
    both_move(&mut white, &mut black, &room).await;
    // Black flickers: away 400 ms, back for a moment, four times (1.6 s away in all, no single
    // absence near the 1.5 s countdown).
    for _ in 0..4 {
        drop(black);
        tokio::time::sleep(Duration::from_millis(400)).await;
        black = server.client().await;
        black.join(&room, Some(&secret), None).await;
    }
    drop(black);
    // The last absence: the countdown has run out although it lasted only a moment.
    white
        .until("black away for good", |m| {
            matches!(
                m,
                ServerMsg::Presence {
                    seat: Color::Black,
                    online: false,
                    claim_in_ms: Some(0),
                    ..
                }
            )
        })
        .await;
    white
        .send(&RoomCommand::ClaimVictory.to(room.clone()))
        .await;
    assert_eq!(
        game_over(&mut white).await,
        Outcome::win(Color::White, WinReason::Abandonment),
        "the absences added up past the countdown"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_room_leaves_memory_and_its_link_loads_the_record() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let server = Server::start(Some(&db), Duration::from_secs(60)).await;
    let (mut white, mut black, room, black_secret) = seated(&server).await;
    both_move(&mut white, &mut black, &room).await;
    black.send(&RoomCommand::Resign.to(room.clone())).await;
    game_over(&mut white).await;
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(1.0)
    );
    drop(white);
    drop(black);
    assert!(
        metric_reaches(server.addr, "asean_rooms_in_memory", 0.0).await,
        "the finished room left memory"
    );
    let mut visitor = server.client().await;
    match visitor.join(&room, None, None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, None);
            assert_eq!(common::ucis(&state.moves), ["e3e4", "e6e5"]);
            assert_eq!(
                state.outcome,
                Some(Outcome::win(Color::White, WinReason::Resignation))
            );
        }
        m => panic!("{m:?}"),
    }
    // A spectator sees the record: no room comes back into memory for it, and a command to
    // the room is refused without loading it.
    assert_eq!(
        metric(server.addr, "asean_records_served_total").await,
        Some(1.0)
    );
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(0.0)
    );
    visitor.play(&room, 2, "d3d4").await;
    assert_eq!(visitor.error().await, ErrorCode::UnknownRoom);
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(0.0)
    );
    // A player who comes back gets the room in memory (for a rematch).
    let mut back = server.client().await;
    match back.join(&room, Some(&black_secret), None).await {
        ServerMsg::Snapshot { you, .. } => assert_eq!(you, Some(Color::Black)),
        m => panic!("{m:?}"),
    }
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(1.0)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_per_address_are_capped_counting_rematches() {
    let server = Server::start_with(None, |c| c.lobby.max_rooms_per_address = 2).await;
    let (mut white, mut black, room, _) = seated(&server).await;
    let (waiting, _, _) = white.create(SeatChoice::White, false, None).await;
    // Two open rooms: a third is refused, on this connection and on a new one.
    white
        .send(&ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: protocol::PromotionRule::Any,
            clock: None,
            public: true,
            rating_range: None,
        })
        .await;
    assert_eq!(white.error().await, ErrorCode::TooManyRooms);
    let mut again = server.client().await;
    again
        .send(&ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: protocol::PromotionRule::Any,
            clock: None,
            public: true,
            rating_range: None,
        })
        .await;
    assert_eq!(again.error().await, ErrorCode::TooManyRooms);
    // The game ends (aborted): one slot frees, and the rematch takes it.
    white.send(&RoomCommand::Abort.to(room.clone())).await;
    game_over(&mut black).await;
    white.send(&RoomCommand::Rematch.to(room.clone())).await;
    black
        .until("rematch offered", |m| {
            is_event(m, |e| matches!(e, RoomEvent::RematchOffered { .. }))
        })
        .await;
    black.send(&RoomCommand::Rematch.to(room.clone())).await;
    white
        .until("rematch ready", |m| {
            is_event(m, |e| matches!(e, RoomEvent::RematchReady { .. }))
        })
        .await;
    again
        .send(&ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: protocol::PromotionRule::Any,
            clock: None,
            public: true,
            rating_range: None,
        })
        .await;
    assert_eq!(again.error().await, ErrorCode::TooManyRooms);
    // Cancelling the waiting room frees its slot.
    white.send(&RoomCommand::Cancel.to(waiting)).await;
    white
        .until("closed", |m| {
            is_event(m, |e| matches!(e, RoomEvent::Closed { .. }))
        })
        .await;
    again.create(SeatChoice::White, false, None).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_says_hello_is_closed() {
    let server = Server::start_with(None, |c| {
        c.ws.hello_within = Duration::from_millis(300);
    })
    .await;
    let mut c = common::welcomed(server.addr).await;
    assert_eq!(c.error().await, ErrorCode::HelloTimeout);
    use futures_util::StreamExt as _;
    let end = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match c.ws.next().await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)))
                | None
                | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(end.is_ok(), "the server closed the connection");
    let text = common::http_get(server.addr, "/metrics").await;
    assert!(
        text.contains(r#"asean_clients_dropped_total{reason="hello_timeout"} 1"#),
        "{text}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_after_a_kill_is_charged_up_to_the_last_moment_the_server_was_alive() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let www = dir.path().join("www");
    std::fs::create_dir(&www).expect("www");
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("port");
        l.local_addr().expect("addr").port()
    };
    let spawn = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_server"))
            .args(["--addr", &format!("127.0.0.1:{port}")])
            .arg("--db")
            .arg(&db)
            .arg("--www")
            .arg(&www)
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("server binary")
    };
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let mut child = spawn();
    let server = common::Remote::wait(addr).await;
    let mut white = server.client().await;
    let tc = TimeControl::fischer(60, 0).expect("a time control");
    let (room, _, white_secret) = white.create(SeatChoice::White, false, Some(tc)).await;
    let mut black = server.client().await;
    black.join(&room, None, None).await;
    both_move(&mut white, &mut black, &room).await;
    // White thinks 2.5 s, then the server dies without a word and stays down 3 s.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    child.kill().expect("kill -9");
    let _ = child.wait();
    drop(white);
    drop(black);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut child = spawn();
    let server = common::Remote::wait(addr).await;
    let mut white = server.client().await;
    let clocks = match white.join(&room, Some(&white_secret), None).await {
        ServerMsg::Snapshot { state, .. } => state.clocks.expect("timed"),
        m => panic!("{m:?}"),
    };
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(clocks.running, Some(Color::White));
    assert!(
        clocks.left.black.as_millis() > 59_000,
        "black replied at once"
    );
    // Liveness is stamped every second: White is charged between 1.5 s and 2.5 s of its
    // think, and none of the 3 s of downtime.
    assert!(
        (57_000..=58_800).contains(&clocks.left.white.as_millis()),
        "white has {} ms",
        clocks.left.white.as_millis()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_player_whose_connection_goes_silent_is_away() {
    let server = Server::start_with(None, |c| {
        c.ws.read_timeout = Duration::from_millis(800);
    })
    .await;
    let (mut white, black, _room, _) = seated(&server).await;
    // Black's socket stays open but sends nothing (a half-open connection); White pings.
    let mut away = false;
    for _ in 0..40 {
        white.send(&ClientMsg::Ping).await;
        let m = white
            .until("pong or presence", |m| {
                matches!(m, ServerMsg::Pong | ServerMsg::Presence { .. })
            })
            .await;
        if matches!(
            m,
            ServerMsg::Presence {
                seat: Color::Black,
                online: false,
                ..
            }
        ) {
            away = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(away, "the silent player was taken for away");
    let text = common::http_get(server.addr, "/metrics").await;
    assert!(
        text.contains(r#"asean_clients_dropped_total{reason="read_timeout"} 1"#),
        "{text}"
    );
    drop(black);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_far_behind_catches_up_with_a_snapshot() {
    let server = Server::start(None, Duration::from_secs(60)).await;
    let (mut white, mut black, room, _) = seated(&server).await;
    // 80 plies of knights going back and forth (repetitions are only claimable).
    let shuffle = ["b1d2", "b8d7", "d2b1", "d7b8"];
    for ply in 0..80u32 {
        let uci = shuffle[ply as usize % 4];
        let (mover, other) = if ply % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        mover.play(&room, ply, uci).await;
        other.moved(ply).await;
        // Acknowledge as the page does, so that nothing is sent again.
        for c in [&mut *mover, &mut *other] {
            let seq = c.seq;
            c.send(&ClientMsg::Ack {
                room: room.clone(),
                seq,
            })
            .await;
        }
    }
    let mut late = server.client().await;
    late.send(&ClientMsg::Join {
        room: room.clone(),
        secret: None,
        after: Some(0),
        watch: true,
    })
    .await;
    // The gap is too long to replay: the snapshot comes first and alone brings it up to date.
    match late.recv().await {
        ServerMsg::Snapshot { seq, state, .. } => {
            assert!(seq > 80);
            assert_eq!(state.moves.len(), 80);
        }
        m => panic!("expected a snapshot first, got {m:?}"),
    }
    late.send(&ClientMsg::Ping).await;
    late.until("pong", |m| *m == ServerMsg::Pong).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joins_of_unknown_rooms_do_not_use_up_the_rooms_a_connection_may_join() {
    let server = Server::start_with(None, |c| c.ws.max_joined = 3).await;
    let mut creator = server.client().await;
    let (room, _, _) = creator.create(SeatChoice::White, false, None).await;
    let mut c = server.client().await;
    for n in 0..5 {
        c.send(&ClientMsg::Join {
            room: RoomId::from_bytes([n; 10]),
            secret: None,
            after: None,
            watch: true,
        })
        .await;
        assert_eq!(c.error().await, ErrorCode::UnknownRoom);
    }
    match c.join(&room, None, None).await {
        ServerMsg::Snapshot { .. } => {}
        m => panic!("{m:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untimed_game_both_players_left_waits_in_the_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let server = Server::start_with(Some(&db), |c| {
        c.lobby.room.finished_ttl = Duration::from_millis(500);
    })
    .await;
    let (mut white, mut black, room, black_secret) = seated(&server).await;
    both_move(&mut white, &mut black, &room).await;
    drop(white);
    drop(black);
    assert!(
        metric_reaches(server.addr, "asean_rooms_in_memory", 0.0).await,
        "the abandoned untimed game left memory"
    );
    // A player comes back: the game is loaded again and goes on.
    let mut black = server.client().await;
    match black.join(&room, Some(&black_secret), None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, Some(Color::Black));
            assert_eq!(common::ucis(&state.moves), ["e3e4", "e6e5"]);
            assert_eq!(state.outcome, None);
        }
        m => panic!("{m:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_games_loaded_on_demand_leave_a_tenth_of_the_rooms_to_new_games() {
    let server = Server::start_with(None, |c| {
        c.lobby.max_rooms = 10;
        c.lobby.room.finished_ttl = Duration::from_millis(500);
    })
    .await;
    let (mut white, mut black, room, black_secret) = seated(&server).await;
    both_move(&mut white, &mut black, &room).await;
    drop(white);
    drop(black);
    assert!(metric_reaches(server.addr, "asean_rooms_in_memory", 0.0).await);
    // Nine live rooms: the old game is not loaded again (the tenth is new games' headroom).
    let mut creator = server.client().await;
    for _ in 0..9 {
        creator.create(SeatChoice::White, false, None).await;
    }
    let mut black = server.client().await;
    black
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: Some(black_secret.clone()),
            after: None,
            watch: false,
        })
        .await;
    assert_eq!(black.error().await, ErrorCode::TooManyRooms);
    // A new game still gets the tenth room; past it even new games wait.
    let mut other = common::connect_from(server.addr, std::net::Ipv4Addr::new(127, 0, 0, 3)).await;
    other.create(SeatChoice::White, false, None).await;
    other
        .send(&ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: protocol::PromotionRule::Any,
            clock: None,
            public: false,
            rating_range: None,
        })
        .await;
    assert_eq!(other.error().await, ErrorCode::TooManyRooms);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_rooms_past_their_cap_leave_memory_least_recently_used_first() {
    let server = Server::start_with(None, |c| c.lobby.max_finished_rooms = 1).await;
    let (mut white1, mut black1, room1, secret1) = seated(&server).await;
    white1.send(&RoomCommand::Resign.to(room1.clone())).await;
    assert_eq!(game_over(&mut black1).await, Outcome::Aborted);
    let (mut white2, mut black2, room2, _) = seated(&server).await;
    white2.send(&RoomCommand::Resign.to(room2.clone())).await;
    game_over(&mut black2).await;
    // Both games are open on their players' pages, but one finished room fits: the older goes.
    assert!(metric_reaches(server.addr, "asean_rooms_evicted_total", 1.0).await);
    assert!(metric_reaches(server.addr, "asean_rooms_in_memory", 1.0).await);
    // Its player's next command is refused without loading it (the page then joins again),
    // and joining again with the seat's secret brings it back, evicting the other.
    black1.send(&RoomCommand::Rematch.to(room1.clone())).await;
    assert_eq!(black1.error().await, ErrorCode::UnknownRoom);
    match black1.join(&room1, Some(&secret1), None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, Some(Color::Black));
            assert_eq!(state.outcome, Some(Outcome::Aborted));
        }
        m => panic!("{m:?}"),
    }
    assert!(metric_reaches(server.addr, "asean_rooms_evicted_total", 2.0).await);
    assert!(metric_reaches(server.addr, "asean_rooms_in_memory", 1.0).await);
    // The room back in memory takes commands again.
    black1.send(&RoomCommand::Rematch.to(room1.clone())).await;
    black1
        .until("the rematch offer", |m| {
            is_event(m, |e| matches!(e, RoomEvent::RematchOffered { .. }))
        })
        .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_away_countdown_survives_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let countdown = Duration::from_secs(20);
    let server = Server::start(Some(&db), countdown).await;
    let mut white = server.client().await;
    let (room, _, white_secret) = white.create(SeatChoice::White, false, None).await;
    let mut black = server.client().await;
    black.take_seat(&room).await;
    both_move(&mut white, &mut black, &room).await;
    drop(black);
    white.away(Color::Black).await;
    tokio::time::sleep(Duration::from_secs(4)).await;
    drop(white);
    server.stop().await;
    // Black was away 4 s before the restart (at least 3 s of it before the last liveness
    // stamp): the countdown goes on from there instead of starting again at 20 s.
    let server = Server::start(Some(&db), countdown).await;
    let mut white = server.client().await;
    match white.join(&room, Some(&white_secret), None).await {
        ServerMsg::Snapshot { state, .. } => {
            let claim = state.claim_in_ms.expect("Black is away");
            assert!(claim <= 17_000, "{claim} ms left of 20 s");
            assert!(claim >= 10_000, "{claim} ms left of 20 s");
        }
        m => panic!("{m:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_loads_no_more_live_rooms_than_the_cap_games_first() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let server = Server::start(Some(&db), Duration::from_secs(60)).await;
    // A game in progress, made first (the oldest room), then twelve invitations.
    let mut white = server.client().await;
    let (game, _, white_secret) = white.create(SeatChoice::White, false, None).await;
    let mut black = server.client().await;
    black.take_seat(&game).await;
    let mut hosts = Vec::new();
    let mut invitations = Vec::new();
    for _ in 0..12 {
        let mut host = server.client().await;
        let (room, _, _) = host.create(SeatChoice::White, false, None).await;
        invitations.push(room);
        hosts.push(host);
    }
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(13.0)
    );
    drop((white, black, hosts));
    server.stop().await;

    // With room for 10 live rooms (9 loaded, a tenth kept for new games): the game and the
    // eight newest invitations, not all thirteen.
    let server = Server::start_with(Some(&db), |c| c.lobby.max_rooms = 10).await;
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(9.0)
    );
    let mut white = server.client().await;
    match white.join(&game, Some(&white_secret), None).await {
        ServerMsg::Snapshot { .. } => {}
        m => panic!("the game in progress is back: {m:?}"),
    }
    let mut guest = server.client().await;
    match guest.join(&invitations[11], None, None).await {
        ServerMsg::Snapshot { .. } => {}
        m => panic!("the newest invitation is back: {m:?}"),
    }
    // An old one stays in the store while the live rooms are at the cap; it is not lost.
    let mut late = server.client().await;
    late.send(&ClientMsg::Join {
        room: invitations[0].clone(),
        secret: None,
        after: None,
        watch: false,
    })
    .await;
    let refused = late
        .until("a refusal", |m| {
            matches!(m, ServerMsg::Error { .. } | ServerMsg::Snapshot { .. })
        })
        .await;
    assert!(
        matches!(refused, ServerMsg::Error { .. }),
        "at the cap: {refused:?}"
    );
    assert_eq!(
        metric(server.addr, "asean_rooms_in_memory").await,
        Some(9.0)
    );
    server.stop().await;
    let server = Server::start(Some(&db), Duration::from_secs(60)).await;
    let mut late = server.client().await;
    match late.join(&invitations[0], None, None).await {
        ServerMsg::Snapshot { .. } => {}
        m => panic!("with room again, the oldest invitation loads: {m:?}"),
    }
    server.stop().await;
}
