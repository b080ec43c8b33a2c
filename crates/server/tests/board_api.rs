//! The Board API against a real server: two players with API tokens play a rated game to
//! mate through `GET /api/board/game/stream/{id}` and `POST .../move/{uci}`, the same game
//! the page plays (created and joined on the WebSocket); and what a hostile client tries: no
//! token, a token without `board:play`, another player's game, a move for the wrong side,
//! garbage for a move. A stream idle past the room's resend delay gets no event twice. And
//! `berserk` (from PyPI, unchanged) plays a whole game through the
//! Board API (when the test command's venv is there: `ASEAN_TEST_PYTHON`).

mod common;

use std::time::Duration;

use common::Server;
use common::api::{Stream, post, token};
use protocol::RoomId;
use reqwest::StatusCode;
use reqwest::header::CONTENT_TYPE;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_rated_game_to_mate_through_the_board_api() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let white_cookie = common::sign_up(s.addr, "Board_W").await;
    let black_cookie = common::sign_up(s.addr, "Board_B").await;
    let other_cookie = common::sign_up(s.addr, "Board_X").await;
    let white_token = token(s.addr, &white_cookie, &["board:play"]).await;
    let black_token = token(s.addr, &black_cookie, &["board:play"]).await;
    let other_token = token(s.addr, &other_cookie, &["board:play"]).await;
    let reader_token = token(s.addr, &white_cookie, &["challenge:read"]).await;

    // The game, made on the WebSocket as the page makes it.
    let mut white = common::signed_in(s.addr, &white_cookie).await;
    let mut black = common::signed_in(s.addr, &black_cookie).await;
    white
        .send(&common::rated_room(
            protocol::TimeControl::fischer(300, 3).ok(),
        ))
        .await;
    let game = white.seated_room().await;
    black.take_seat(&game).await;

    // Who may stream it: a player with board:play, nobody else.
    assert_eq!(
        Stream::open(s.addr, &game, None).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let r = Stream::open(s.addr, &game, Some(&reader_token)).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        r.text().await.expect("body"),
        r#"{"error":"Missing scope"}"#
    );
    assert_eq!(
        Stream::open(s.addr, &game, Some(&other_token))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let unknown = RoomId::from_bytes([9; 10]);
    assert_eq!(
        Stream::open(s.addr, &unknown, Some(&white_token))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );

    let r = Stream::open(s.addr, &game, Some(&white_token)).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()),
        Some("application/x-ndjson")
    );
    let mut stream = Stream::new(r);
    let full = stream.line().await.expect("gameFull");
    assert_eq!(full["type"], "gameFull", "{full}");
    assert_eq!(full["id"], game.as_str());
    assert_eq!(full["rated"], true);
    assert_eq!(full["speed"], "blitz");
    assert_eq!(full["white"]["name"], "Board_W");
    assert_eq!(full["black"]["name"], "Board_B");
    assert_eq!(full["white"]["rating"], 1500);
    assert_eq!(full["state"]["status"], "started");
    assert_eq!(full["state"]["moves"], "");

    // Not Black's turn; not a move; not a player.
    let path = |uci: &str| format!("/api/board/game/{game}/move/{uci}");
    let (status, v) = post(s.addr, &path("d6d5"), Some(&black_token)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    assert_eq!(
        post(s.addr, &path("e9e4"), Some(&white_token)).await.0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        post(s.addr, &path("e3e4"), Some(&other_token)).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        post(s.addr, &path("e3e5"), Some(&white_token)).await.0,
        StatusCode::BAD_REQUEST
    );

    // A mate in three for White, each move through the API, each seen on the stream.
    let line = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
    for (ply, uci) in line.iter().enumerate() {
        let mover = if ply % 2 == 0 {
            &white_token
        } else {
            &black_token
        };
        let (status, v) = post(s.addr, &path(uci), Some(mover)).await;
        assert_eq!(status, StatusCode::OK, "{uci}: {v}");
        assert_eq!(v, serde_json::json!({"ok": true}));
        let state = stream.line().await.expect("gameState");
        assert_eq!(state["type"], "gameState", "{state}");
        assert_eq!(state["moves"], line[..=ply].join(" "), "{state}");
        if ply == 0 {
            // Longer than the room waits for an acknowledgement before sending its events
            // again: the stream acknowledges what it read, and reads nothing twice.
            tokio::time::sleep(Duration::from_secs(4)).await;
        }
    }
    // The mate ends the game: a last state, then the stream ends.
    let end = stream.line().await.expect("the last state");
    assert_eq!(
        (&end["status"], &end["winner"]),
        (&Value::from("mate"), &Value::from("white")),
        "{end}"
    );
    assert_eq!(stream.line().await, None, "the stream ends with the game");
    // The page's players saw the same game.
    white.moved(4).await;
    black.game_over().await;
    // A finished game takes no more commands.
    assert_eq!(
        post(
            s.addr,
            &format!("/api/board/game/{game}/resign"),
            Some(&black_token)
        )
        .await
        .0,
        StatusCode::BAD_REQUEST
    );
    s.stop().await;
}

/// berserk, unchanged, plays both sides of a rated game to mate through the Board API.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_plays_a_whole_game_through_the_board_api() {
    let Some(python) = common::api::berserk_python() else {
        return;
    };
    let s = Server::start(None, Duration::from_secs(60)).await;
    let white_cookie = common::sign_up(s.addr, "Berserk_W").await;
    let black_cookie = common::sign_up(s.addr, "Berserk_B").await;
    let white_token = token(s.addr, &white_cookie, &["board:play"]).await;
    let black_token = token(s.addr, &black_cookie, &["board:play"]).await;
    let mut white = common::signed_in(s.addr, &white_cookie).await;
    let mut black = common::signed_in(s.addr, &black_cookie).await;
    white
        .send(&common::rated_room(
            protocol::TimeControl::fischer(300, 3).ok(),
        ))
        .await;
    let game = white.seated_room().await;
    black.take_seat(&game).await;
    let v = common::api::run_berserk(
        python,
        "board_game.py",
        vec![
            format!("http://{}", s.addr),
            game.to_string(),
            "b1d2 b8d7 d2c4 g8e7 c4d6".to_owned(),
        ],
        vec![
            ("ASEAN_TOKEN_WHITE", white_token),
            ("ASEAN_TOKEN_BLACK", black_token),
        ],
    )
    .await;
    assert_eq!(v["out_of_turn"], 400, "{v}");
    for side in ["white", "black"] {
        assert_eq!(v[format!("{side}_full")]["white"], "Berserk_W", "{v}");
        assert_eq!(v[format!("{side}_full")]["variant"], "asean", "{v}");
        assert_eq!(v[side]["status"], "mate", "{v}");
        assert_eq!(v[side]["winner"], "white", "{v}");
        assert_eq!(v[side]["moves"], "b1d2 b8d7 d2c4 g8e7 c4d6", "{v}");
    }
    white.game_over().await;
    s.stop().await;
}

/// An account has at most 16 game streams open at once: the next is 429 until one closes
/// (counted in `/metrics`, with the streams open).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_s_open_streams_are_bounded() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let white_cookie = common::sign_up(s.addr, "Streams_W").await;
    let black_cookie = common::sign_up(s.addr, "Streams_B").await;
    let white_token = token(s.addr, &white_cookie, &["board:play"]).await;
    let mut white = common::signed_in(s.addr, &white_cookie).await;
    let mut black = common::signed_in(s.addr, &black_cookie).await;
    white
        .send(&common::rated_room(
            protocol::TimeControl::fischer(300, 3).ok(),
        ))
        .await;
    let game = white.seated_room().await;
    black.take_seat(&game).await;
    let mut open = Vec::new();
    for _ in 0..16 {
        let r = Stream::open(s.addr, &game, Some(&white_token)).await;
        assert_eq!(r.status(), StatusCode::OK);
        let mut stream = Stream::new(r);
        assert_eq!(stream.line().await.expect("gameFull")["type"], "gameFull");
        open.push(stream);
    }
    assert_eq!(
        common::metric(s.addr, "asean_api_streams").await,
        Some(16.0)
    );
    let refused = Stream::open(s.addr, &game, Some(&white_token)).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().get("retry-after").is_some());
    // One closes: its place is free again once the server sees it gone (at its next line at
    // the latest: a keep-alive comes every 7 s).
    drop(open.pop());
    let mut reopened = false;
    for _ in 0..150 {
        let r = Stream::open(s.addr, &game, Some(&white_token)).await;
        if r.status() == StatusCode::OK {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reopened, "a closed stream's place comes back");
    let metrics = common::http_get(s.addr, "/metrics").await;
    assert!(
        metrics.contains("asean_rate_limited_total{action=\"api_stream\"}"),
        "{metrics}"
    );
    s.stop().await;
}
