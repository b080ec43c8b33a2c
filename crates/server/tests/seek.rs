//! `POST /api/board/seek` against a real server: a seek waits in the quick-pairing pools
//! with the page's players, its stream ends when it is paired and the game starts on the
//! event stream with `source: "pool"`; and what a hostile or careless client does: no token,
//! a wrong scope, a time control that is no pool, a second seek of the account, a stream
//! closed or never read. And `berserk` (unchanged) seeks with two accounts, plays the game
//! they are paired into through the Board API, and exports it.

mod common;

use std::time::Duration;

use common::api::{Stream, seek, token};
use common::{Server, metric, metric_reaches};
use protocol::{ClientMsg, ServerMsg, TimeControl};
use reqwest::StatusCode;
use serde_json::Value;

/// White mates in three: the line berserk plays.
const MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];

async fn server() -> Server {
    Server::start_with(None, |c| {
        c.lobby.pool_wave = Duration::from_millis(100);
    })
    .await
}

fn blitz() -> TimeControl {
    TimeControl::fischer(300, 3).expect("5+3")
}

/// The event stream of `token`.
async fn events(addr: std::net::SocketAddr, token: &str) -> Stream {
    let r = Stream::get(addr, "/api/stream/event", Some(token)).await;
    assert_eq!(r.status(), StatusCode::OK);
    Stream::new(r)
}

/// Reads `r` to its end (empty keep-alive lines only), failing after 15 s.
async fn ends(r: reqwest::Response) -> String {
    tokio::time::timeout(Duration::from_secs(15), r.text())
        .await
        .expect("the seek's stream ends")
        .expect("body")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_is_paired_with_a_page_player_and_its_game_starts_from_the_pool() {
    let s = server().await;
    let seeker_cookie = common::sign_up(s.addr, "Seeker").await;
    let page_cookie = common::sign_up(s.addr, "Tapper").await;
    let t = token(s.addr, &seeker_cookie, &["board:play"]).await;
    let mut seeker_events = events(s.addr, &t).await;

    let r = seek(s.addr, Some(&t), "rated=true&time=5&increment=3").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok()),
        Some("application/x-ndjson")
    );
    assert!(metric_reaches(s.addr, "asean_api_seeks", 1.0).await);
    // The page's player taps 5+3: one of two in the rated pool, then paired with the seek.
    let mut page = common::signed_in(s.addr, &page_cookie).await;
    page.send(&ClientMsg::JoinPool { pool: blitz() }).await;
    let players = match page
        .until("the pool", |m| matches!(m, ServerMsg::Pool { .. }))
        .await
    {
        ServerMsg::Pool { players, rated, .. } => {
            assert!(rated);
            players
        }
        _ => unreachable!(),
    };
    assert_eq!(players, 2, "the seek waits in the page's pool");
    let (room, seat) = match page
        .until("paired", |m| matches!(m, ServerMsg::Seated { .. }))
        .await
    {
        ServerMsg::Seated { room, seat, .. } => (room, seat),
        _ => unreachable!(),
    };
    // The seek's stream ends, with nothing but keep-alive lines.
    assert!(ends(r).await.trim().is_empty());
    let start = seeker_events.expect("gameStart").await;
    let game = &start["game"];
    assert_eq!(game["gameId"], room.as_str(), "{start}");
    assert_eq!(game["source"], "pool", "{start}");
    assert_eq!(game["rated"], true, "{start}");
    assert_eq!(game["opponent"]["username"], "Tapper", "{start}");
    assert_eq!(
        game["color"],
        if seat == protocol::Color::White {
            "black"
        } else {
            "white"
        },
        "{start}"
    );
    // A stream opened later announces the game in progress: from the pool too.
    let mut later = events(s.addr, &t).await;
    let again = later.expect("gameStart").await;
    assert_eq!(again["game"]["source"], "pool", "{again}");
    // The seeker plays it with the Board API: its own seat.
    let mut game_stream = Stream::new(Stream::open(s.addr, &room, Some(&t)).await);
    let full = game_stream.expect("gameFull").await;
    let mine = if seat == protocol::Color::White {
        "black"
    } else {
        "white"
    };
    assert_eq!(full[mine]["name"], "Seeker", "{full}");
    assert!(metric_reaches(s.addr, "asean_api_seeks", 0.0).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_needs_a_token_with_board_play_and_a_pool_s_time_control() {
    let s = server().await;
    let cookie = common::sign_up(s.addr, "Careful").await;
    let reader = token(s.addr, &cookie, &["challenge:read"]).await;
    let t = token(s.addr, &cookie, &["board:play"]).await;
    let form = "time=5&increment=3";
    let r = seek(s.addr, None, form).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = seek(s.addr, Some(&reader), form).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        r.text().await.expect("body"),
        r#"{"error":"Missing scope"}"#
    );
    for (form, says) in [
        ("time=4&increment=0", "1+0, 3+0, 3+2, 5+3"),
        ("days=3", "correspondence"),
        ("time=5&increment=3&variant=standard", "asean"),
        ("time=5&increment=3&color=white", "colours"),
    ] {
        let r = seek(s.addr, Some(&t), form).await;
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{form}");
        let v: Value = serde_json::from_str(&r.text().await.expect("body")).expect("json");
        let text = v["error"].as_str().expect("an error");
        assert!(text.contains(says), "{form}: {text}");
    }
    assert_eq!(metric(s.addr, "asean_api_seeks").await, Some(0.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_seek_replaces_the_first_and_a_closed_one_leaves_the_pool() {
    let s = server().await;
    let cookie = common::sign_up(s.addr, "Twice").await;
    let t = token(s.addr, &cookie, &["board:play"]).await;
    let first = seek(s.addr, Some(&t), "time=5&increment=3&rated=true").await;
    assert_eq!(first.status(), StatusCode::OK);
    assert!(metric_reaches(s.addr, "asean_api_seeks", 1.0).await);
    // A second seek of the account (another time control): the first ends without a game.
    let second = seek(s.addr, Some(&t), "time=3&increment=2&rated=true").await;
    assert_eq!(second.status(), StatusCode::OK);
    assert!(ends(first).await.trim().is_empty());
    assert!(metric_reaches(s.addr, "asean_api_seeks", 1.0).await);
    // A page player in the first one's pool waits alone: the account left it.
    let other = common::sign_up(s.addr, "Alone").await;
    let mut page = common::signed_in(s.addr, &other).await;
    page.send(&ClientMsg::JoinPool { pool: blitz() }).await;
    match page
        .until("the pool", |m| matches!(m, ServerMsg::Pool { .. }))
        .await
    {
        ServerMsg::Pool { players, .. } => assert_eq!(players, 1),
        _ => unreachable!(),
    }
    page.send(&ClientMsg::LeavePool).await;
    // The client closes the second seek: its place goes with it, within a keep-alive line.
    let at = std::time::Instant::now();
    drop(second);
    assert!(metric_reaches(s.addr, "asean_api_seeks", 0.0).await);
    eprintln!("a closed seek left the pool after {:?}", at.elapsed());
    let mut page = common::signed_in(s.addr, &other).await;
    page.send(&ClientMsg::JoinPool {
        pool: TimeControl::fischer(180, 2).expect("3+2"),
    })
    .await;
    match page
        .until("the pool", |m| matches!(m, ServerMsg::Pool { .. }))
        .await
    {
        ServerMsg::Pool { players, .. } => assert_eq!(players, 1, "the closed seek left"),
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_whose_client_never_reads_is_paired_all_the_same() {
    let s = server().await;
    let (a, b) = (
        common::sign_up(s.addr, "Idle_A").await,
        common::sign_up(s.addr, "Idle_B").await,
    );
    let ta = token(s.addr, &a, &["board:play"]).await;
    let tb = token(s.addr, &b, &["board:play"]).await;
    let mut a_events = events(s.addr, &ta).await;
    // A never reads its seek's stream; B's seek is read to its end.
    let idle = seek(s.addr, Some(&ta), "time=1&increment=0").await;
    assert_eq!(idle.status(), StatusCode::OK);
    let read = seek(s.addr, Some(&tb), "time=1&increment=0").await;
    assert_eq!(read.status(), StatusCode::OK);
    assert!(ends(read).await.trim().is_empty());
    let start = a_events.expect("gameStart").await;
    assert_eq!(
        (&start["game"]["source"], &start["game"]["rated"]),
        (&"pool".into(), &false.into()),
        "{start}"
    );
    assert_eq!(start["game"]["opponent"]["username"], "Idle_B", "{start}");
    // The idle stream ended on the server's side too.
    assert!(metric_reaches(s.addr, "asean_api_seeks", 0.0).await);
    drop(idle);
}

/// berserk, unchanged: two accounts seek 3+2 with `client.board.seek`, are paired, play the
/// game to mate through the Board API and export it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_seeks_plays_and_exports_a_pool_game() {
    let Some(python) = common::api::berserk_python() else {
        return;
    };
    let s = server().await;
    let scopes = ["board:play", "challenge:read"];
    let one = token(
        s.addr,
        &common::sign_up(s.addr, "Berserk_One").await,
        &scopes,
    )
    .await;
    let two = token(
        s.addr,
        &common::sign_up(s.addr, "Berserk_Two").await,
        &scopes,
    )
    .await;
    let line = MATE.join(" ");
    let v = common::api::run_berserk(
        python,
        "seek_game.py",
        vec![format!("http://{}", s.addr), line],
        vec![("ASEAN_TOKEN_ONE", one), ("ASEAN_TOKEN_TWO", two)],
    )
    .await;
    assert_eq!(v["berserk"], "0.14.0", "{v}");
    assert_eq!(v["same_game"], true, "{v}");
    assert_eq!(v["sources"], serde_json::json!(["pool", "pool"]), "{v}");
    assert_eq!(v["status"], "mate", "{v}");
    assert_eq!(v["export"]["status"], "mate", "{v}");
    assert_eq!(v["export"]["rated"], true, "{v}");
    assert_eq!(v["export"]["moves"], MATE.join(" "), "{v}");
}
