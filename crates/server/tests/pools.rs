//! Quick pairing against a real server: players who tap a time control are paired into one
//! room with both seats taken (rated between accounts, casual between anonymous players),
//! a place can be left, an account holds one place at a time, and a time control that is not
//! a pool is refused.

mod common;

use std::time::Duration;

use common::{Client, Server};
use protocol::{ClientMsg, Color, ErrorCode, RoomId, ServerMsg, TimeControl};

async fn server() -> Server {
    Server::start_with(None, |c| {
        c.lobby.pool_wave = Duration::from_millis(100);
    })
    .await
}

fn tc(initial: u32, increment: u32) -> TimeControl {
    TimeControl::fischer(initial, increment).expect("time control")
}

/// Joins the pool of `clock` and answers what the server says of the place.
async fn join(c: &mut Client, clock: TimeControl) -> (bool, u32) {
    c.send(&ClientMsg::JoinPool { pool: clock }).await;
    match c
        .until("the pool", |m| matches!(m, ServerMsg::Pool { .. }))
        .await
    {
        ServerMsg::Pool {
            pool,
            rated,
            players,
        } => {
            assert_eq!(pool, clock);
            (rated, players)
        }
        _ => unreachable!(),
    }
}

/// Waits for the pairing and joins the room with the seat's secret: the room, the seat and
/// the snapshot's state.
async fn paired(c: &mut Client) -> (RoomId, Color, protocol::RoomState) {
    let (room, seat, secret) = match c
        .until("paired", |m| matches!(m, ServerMsg::Seated { .. }))
        .await
    {
        ServerMsg::Seated { room, seat, secret } => (room, seat, secret),
        _ => unreachable!(),
    };
    match c.join(&room, Some(&secret), None).await {
        ServerMsg::Snapshot { you, state, .. } => {
            assert_eq!(you, Some(seat), "the secret holds the seat");
            (room, seat, state)
        }
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_anonymous_players_are_paired_into_a_casual_game() {
    let s = server().await;
    let (mut a, mut b) = (s.client().await, s.client().await);
    let blitz = tc(180, 2);
    assert!(!join(&mut a, blitz).await.0, "anonymous: casual");
    join(&mut b, blitz).await;
    let (room_a, seat_a, state) = paired(&mut a).await;
    let (room_b, seat_b, _) = paired(&mut b).await;
    assert_eq!(room_a, room_b);
    assert_ne!(seat_a, seat_b);
    assert_eq!(state.clock, Some(blitz));
    assert!(!state.rated);
    assert!(!state.public, "a paired game is not listed");
    // The game is on: White moves.
    let (white, black) = if seat_a == Color::White {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    white.play(&room_a, 0, "e3e4").await;
    black.moved(0).await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_are_paired_into_a_rated_game_and_not_with_anonymous_players() {
    let s = server().await;
    let malee = common::sign_up(s.addr, "Malee").await;
    let somchai = common::sign_up(s.addr, "Somchai").await;
    let mut m = common::signed_in(s.addr, &malee).await;
    let mut anon = s.client().await;
    let rapid = tc(600, 5);
    assert_eq!(join(&mut m, rapid).await, (true, 1), "signed in: rated");
    assert_eq!(
        join(&mut anon, rapid).await,
        (false, 1),
        "anonymous: casual"
    );
    // Different pools: nobody is paired over several waves.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut k = common::signed_in(s.addr, &somchai).await;
    assert_eq!(join(&mut k, rapid).await, (true, 2));
    let (room, _, state) = paired(&mut m).await;
    let (room_k, _, _) = paired(&mut k).await;
    assert_eq!(room, room_k);
    assert!(state.rated);
    let names: Vec<String> = [state.players.white, state.players.black]
        .into_iter()
        .flatten()
        .map(|u| u.to_string())
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Malee".to_owned()) && names.contains(&"Somchai".to_owned()));
    // Their ratings as they were paired stand beside their names.
    let new_player = Some(protocol::SeatRating {
        rating: 1500,
        provisional: true,
    });
    assert_eq!(
        [state.seat_ratings.white, state.seat_ratings.black],
        [new_player, new_player]
    );
    // The anonymous player still waits, told nothing else.
    anon.send(&ClientMsg::Ping).await;
    let next = anon
        .until("pong", |m| !matches!(m, ServerMsg::LobbyCounts { .. }))
        .await;
    assert_eq!(next, ServerMsg::Pong);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_left_the_pool_is_not_paired() {
    let s = server().await;
    let (mut a, mut b, mut c) = (s.client().await, s.client().await, s.client().await);
    let bullet = tc(60, 0);
    join(&mut a, bullet).await;
    a.send(&ClientMsg::LeavePool).await;
    // A disconnected player leaves too.
    join(&mut b, bullet).await;
    drop(b);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(join(&mut c, bullet).await.1, 1, "c waits alone");
    tokio::time::sleep(Duration::from_millis(400)).await;
    a.send(&ClientMsg::Ping).await;
    let next = a
        .until("pong", |m| !matches!(m, ServerMsg::LobbyCounts { .. }))
        .await;
    assert_eq!(next, ServerMsg::Pong, "a was not paired after leaving");
    // Another player comes: c is paired with them.
    let mut d = s.client().await;
    join(&mut d, bullet).await;
    let (room_c, _, _) = paired(&mut c).await;
    let (room_d, _, _) = paired(&mut d).await;
    assert_eq!(room_c, room_d);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_holds_one_place_and_a_time_control_must_be_a_pool() {
    let s = server().await;
    let cookie = common::sign_up(s.addr, "Kanya").await;
    let mut first = common::signed_in(s.addr, &cookie).await;
    let mut second = common::signed_in(s.addr, &cookie).await;
    join(&mut first, tc(300, 3)).await;
    join(&mut second, tc(300, 3)).await;
    match first
        .until("pool left", |m| matches!(m, ServerMsg::PoolLeft { .. }))
        .await
    {
        ServerMsg::PoolLeft { pool } => assert_eq!(pool, tc(300, 3)),
        _ => unreachable!(),
    }
    // Never paired with itself: the pool counts one player.
    tokio::time::sleep(Duration::from_millis(300)).await;
    second.send(&ClientMsg::JoinPool { pool: tc(300, 3) }).await;
    match second
        .until("pool", |m| matches!(m, ServerMsg::Pool { .. }))
        .await
    {
        ServerMsg::Pool { players, .. } => assert_eq!(players, 1),
        _ => unreachable!(),
    }
    second.send(&ClientMsg::JoinPool { pool: tc(300, 4) }).await;
    assert_eq!(second.error().await, ErrorCode::InvalidSettings);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_pool_joins_from_one_address_is_refused_and_counted() {
    let s = server().await;
    // Three connections of one address, eight joins each: past the address's budget of 20.
    let mut clients = vec![s.client().await, s.client().await, s.client().await];
    let pools: Vec<TimeControl> = protocol::pools().collect();
    for (i, c) in clients.iter_mut().enumerate() {
        for k in 0..8 {
            c.send(&ClientMsg::JoinPool {
                pool: pools[(i + k) % pools.len()],
            })
            .await;
        }
    }
    let mut refused = 0;
    for c in &mut clients {
        c.send(&ClientMsg::Ping).await;
        loop {
            match c.recv().await {
                ServerMsg::Pong => break,
                ServerMsg::Error {
                    code: ErrorCode::RateLimited,
                    message,
                    ..
                } => {
                    assert!(message.contains("pool joins"), "{message}");
                    refused += 1;
                }
                _ => {}
            }
        }
    }
    assert!(refused >= 4, "refused {refused} of 24");
    let counted = common::metric(s.addr, r#"asean_rate_limited_total{action="join_pool"}"#).await;
    assert_eq!(counted, Some(f64::from(refused)));
    s.stop().await;
}
