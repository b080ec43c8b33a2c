//! Profiles, game exports and leaderboards over HTTP against a real server: a rated game
//! between two signed-up players shows in both profiles' counts and rating histories, in the
//! PGN and NDJSON exports with its ratings, in the games in progress while it lasts; the
//! leaderboard lists only established, active, open accounts; bad input is a clear 4xx and
//! a flood from one address a 429.

mod common;

use std::time::Duration;

use common::Server;
use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, RETRY_AFTER};
use serde_json::Value;
use server::store::Store;
use server::store::accounts::NewAccount;

struct Answer {
    status: StatusCode,
    headers: reqwest::header::HeaderMap,
    text: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
}

async fn get(s: &Server, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut req = reqwest::Client::new().get(format!("http://{}{path}", s.addr));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.expect("request");
    let status = r.status();
    let headers = r.headers().clone();
    let text = r.text().await.expect("body");
    Answer {
        status,
        headers,
        text,
    }
}

/// Signs `name` up and answers the session cookie (`name=value`).
async fn signed_up(s: &Server, name: &str) -> String {
    let r = reqwest::Client::new()
        .post(format!("http://{}/signup", s.addr))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(format!("username={name}&password=a+long+password"))
        .send()
        .await
        .expect("signup");
    assert_eq!(r.status(), StatusCode::OK, "sign-up of {name}");
    common::session::session_cookie(r.headers()).expect("a session cookie")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_shows_on_profiles_exports_and_games_in_progress() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let white_cookie = signed_up(&s, "Somchai").await;
    let black_cookie = signed_up(&s, "Mali_7").await;
    let local = std::net::Ipv4Addr::LOCALHOST;
    let mut white = common::connect_with_headers(s.addr, local, &[("cookie", &white_cookie)]).await;
    let mut black = common::connect_with_headers(s.addr, local, &[("cookie", &black_cookie)]).await;
    white
        .send(&common::rated_room(
            protocol::TimeControl::fischer(300, 3).ok(),
        ))
        .await;
    let room = white.seated_room().await;
    black.take_seat(&room).await;
    // A mate in three for White; the games in progress are looked at after White's first move.
    let line = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
    common::play_line(&mut white, &mut black, &room, 0, &line[..1]).await;
    let now = get(&s, "/api/account/playing", &[("cookie", &black_cookie)]).await;
    assert_eq!(now.status, StatusCode::OK, "{}", now.text);
    let now = now.json();
    let games = now["nowPlaying"].as_array().expect("nowPlaying");
    assert_eq!(games.len(), 1, "{now}");
    let g = &games[0];
    assert_eq!(g["gameId"], room.as_str());
    assert_eq!(g["color"], "black");
    assert_eq!(g["isMyTurn"], true);
    assert_eq!(g["hasMoved"], false);
    assert_eq!(g["lastMove"], "b1d2");
    assert_eq!(g["rated"], true);
    assert_eq!(g["speed"], "blitz");
    assert_eq!(g["opponent"]["username"], "Somchai");
    assert_eq!(g["opponent"]["rating"], 1500);
    let left = g["secondsLeft"].as_u64().expect("secondsLeft");
    assert!((295..=300).contains(&left), "{g}");
    let mine = get(&s, "/api/account/playing", &[("cookie", &white_cookie)]).await;
    assert_eq!(mine.json()["nowPlaying"][0]["isMyTurn"], false);
    assert_eq!(mine.json()["nowPlaying"][0]["hasMoved"], true);
    common::play_line(&mut white, &mut black, &room, 1, &line[1..]).await;
    let r = white.rated_game_over().await;
    let anonymous = get(&s, "/api/account/playing", &[]).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let done = get(&s, "/api/account/playing", &[("cookie", &white_cookie)]).await;
    assert_eq!(done.json()["nowPlaying"], serde_json::json!([]));

    // The profiles count the game.
    let somchai = get(&s, "/api/user/somchai", &[]).await.json();
    assert_eq!(
        somchai["count"],
        serde_json::json!({"all": 1, "rated": 1, "win": 1, "loss": 0, "draw": 0})
    );
    assert!(somchai["createdAt"].as_u64().is_some(), "{somchai}");
    assert!(
        somchai["seenAt"].as_u64() >= somchai["createdAt"].as_u64(),
        "{somchai}"
    );
    let mali = get(&s, "/api/user/MALI_7", &[]).await.json();
    assert_eq!(mali["count"]["loss"], 1, "{mali}");
    assert_eq!(mali["count"]["win"], 0, "{mali}");
    let missing = get(&s, "/api/user/nobody_here", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.json()["error"].as_str().is_some());

    // The rating history: one blitz point at the new rating, month counted from zero.
    let history = get(&s, "/api/user/somchai/rating-history", &[])
        .await
        .json();
    let names: Vec<&str> = history
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["Bullet", "Blitz", "Rapid", "Classical"]);
    let points = history[1]["points"].as_array().expect("points");
    assert_eq!(points.len(), 1, "{history}");
    assert_eq!(points[0][3], r.white.after);
    assert!(points[0][1].as_u64().is_some_and(|m| m < 12), "{history}");

    // The PGN export, with the ratings.
    let pgn = get(&s, "/api/games/user/mali_7?max=20", &[]).await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert_eq!(
        pgn.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()),
        Some("application/x-chess-pgn")
    );
    let diff = |d: i32| format!("{d:+}");
    for tag in [
        "[Event \"Rated blitz game\"]".to_owned(),
        "[White \"Somchai\"]".to_owned(),
        "[Black \"Mali_7\"]".to_owned(),
        "[Result \"1-0\"]".to_owned(),
        "[Variant \"asean\"]".to_owned(),
        "[TimeControl \"300+3\"]".to_owned(),
        "[Termination \"normal\"]".to_owned(),
        "[WhiteElo \"1500\"]".to_owned(),
        "[BlackElo \"1500\"]".to_owned(),
        format!("[WhiteRatingDiff \"{}\"]", diff(r.white.diff())),
        format!("[BlackRatingDiff \"{}\"]", diff(r.black.diff())),
    ] {
        assert!(pgn.text.contains(&tag), "{tag} missing from:\n{}", pgn.text);
    }
    assert!(pgn.text.contains("3. Nxd6#"), "{}", pgn.text);
    // Compressed, the stream ends as well (the gzip layer polls past its end).
    let gzip = get(
        &s,
        "/api/games/user/mali_7?max=20",
        &[("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(gzip.status, StatusCode::OK);
    assert_eq!(
        gzip.headers
            .get("content-encoding")
            .and_then(|v| v.to_str().ok()),
        Some("gzip")
    );
    assert!(pgn.text.contains("[Date \""), "{}", pgn.text);
    // NDJSON: one line a game, in lichess's shape.
    let nd = get(
        &s,
        "/api/games/user/somchai?max=20",
        &[("accept", "application/x-ndjson")],
    )
    .await;
    let lines: Vec<Value> = nd
        .text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 1, "{}", nd.text);
    let g = &lines[0];
    assert_eq!(g["id"], room.as_str());
    assert_eq!(g["status"], "mate");
    assert_eq!(g["winner"], "white");
    assert_eq!(g["perf"], "blitz");
    assert_eq!(g["players"]["black"]["user"]["name"], "Mali_7");
    assert_eq!(g["players"]["black"]["rating"], 1500);
    assert_eq!(g["players"]["black"]["ratingDiff"], r.black.diff());
    // `max` and `until` bound it; bad input is a 400.
    let none = get(&s, "/api/games/user/somchai?max=0", &[]).await;
    assert_eq!((none.status, none.text.as_str()), (StatusCode::OK, ""));
    let ended = g["lastMoveAt"].as_u64().expect("lastMoveAt");
    let before = get(
        &s,
        &format!("/api/games/user/somchai?max=20&until={}", ended - 1),
        &[],
    )
    .await;
    assert_eq!(before.text, "");
    let at = get(
        &s,
        &format!("/api/games/user/somchai?max=20&until={ended}"),
        &[],
    )
    .await;
    assert!(at.text.contains("[Variant \"asean\"]"));
    let bad = get(&s, "/api/games/user/somchai?max=many", &[]).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        get(&s, "/api/games/user/nobody_here?max=20", &[])
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // The leaderboard: both are provisional after one game, so nobody is listed.
    let top = get(&s, "/api/player/top/10/blitz", &[]).await;
    assert_eq!(top.status, StatusCode::OK);
    assert_eq!(top.json(), serde_json::json!({"users": []}));
    for (path, status) in [
        ("/api/player/top/0/blitz", StatusCode::BAD_REQUEST),
        ("/api/player/top/201/blitz", StatusCode::BAD_REQUEST),
        ("/api/player/top/ten/blitz", StatusCode::BAD_REQUEST),
        ("/api/player/top/10/atomic", StatusCode::NOT_FOUND),
    ] {
        let a = get(&s, path, &[]).await;
        assert_eq!(a.status, status, "{path}: {}", a.text);
        assert!(a.json()["error"].as_str().is_some(), "{path}");
    }
    s.stop().await;
}

/// Writes into `store` a rated blitz game of room `n` that `players.0` won, leaving both at
/// `ratings` (established), rated at `at_ms`.
async fn seed_game(
    store: &dyn Store,
    n: u8,
    players: (&str, &str),
    ratings: (f64, f64),
    at_ms: u64,
) {
    common::seed::seed_rated_game(store, n, players, ratings, at_ms)
        .await
        .unwrap_or_else(|e| panic!("a seeded game: {e}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_lists_established_active_open_accounts_best_first() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let now = common::seed::wall_ms();
    let day = 24 * 3_600_000;
    {
        let store = server::store::open(db.to_str().expect("utf-8"), 2)
            .await
            .expect("store");
        for n in ["Arun", "Bua", "Chai", "Dao", "Ekk"] {
            store
                .create_account(NewAccount {
                    username: n.parse().expect("name"),
                    password_hash: "x".into(),
                    created_ms: 1,
                })
                .await
                .expect("account");
        }
        // Arun 1700 (+ then +), Bua 1600, Chai 1650 but played 40 days ago, Dao closed.
        seed_game(
            &*store,
            1,
            ("Arun", "Chai"),
            (1650.0, 1650.0),
            now - 40 * day,
        )
        .await;
        seed_game(&*store, 2, ("Arun", "Bua"), (1700.0, 1600.0), now - 2 * day).await;
        seed_game(&*store, 3, ("Arun", "Dao"), (1720.0, 1900.0), now - day).await;
        store
            .close_account(&"dao".parse().expect("id"), now)
            .await
            .expect("closed");
        store.close().await;
    }
    let s = Server::start(Some(&db), Duration::from_secs(60)).await;
    let top = get(&s, "/api/player/top/10/blitz", &[]).await.json();
    let users = top["users"].as_array().expect("users");
    let names: Vec<&str> = users
        .iter()
        .filter_map(|u| u["username"].as_str())
        .collect();
    assert_eq!(names, ["Arun", "Bua"], "{top}");
    assert_eq!(users[0]["id"], "arun");
    assert_eq!(users[0]["perfs"]["blitz"]["rating"], 1720);
    // Arun went 1500 -> 1650 -> 1700 -> 1720 over his games: +220.
    assert_eq!(users[0]["perfs"]["blitz"]["progress"], 220);
    assert_eq!(users[1]["perfs"]["blitz"]["progress"], 100);
    let one = get(&s, "/api/player/top/1/blitz", &[]).await.json();
    assert_eq!(one["users"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        get(&s, "/api/player/top/10/rapid", &[]).await.json()["users"],
        serde_json::json!([])
    );
    // The closed account's games keep its name; its profile says it is closed.
    let dao = get(&s, "/api/user/dao", &[]).await.json();
    assert_eq!(dao["disabled"], true, "{dao}");
    assert_eq!(dao["count"]["win"], 0);
    assert_eq!(dao["count"]["loss"], 1);
    let arun = get(&s, "/api/games/user/arun", &[]).await.text;
    assert_eq!(arun.matches("[Variant \"asean\"]").count(), 3, "{arun}");
    assert!(arun.contains("[Black \"Dao\"]"), "{arun}");
    // Newest first.
    let dao_at = arun.find("[Black \"Dao\"]").expect("Dao");
    let chai_at = arun.find("[Black \"Chai\"]").expect("Chai");
    assert!(dao_at < chai_at);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_profile_requests_from_one_address_is_limited() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    signed_up(&s, "Nok").await;
    let mut refused = None;
    for i in 0..60 {
        let a = get(&s, "/api/user/nok", &[]).await;
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some((i, a));
            break;
        }
        assert_eq!(a.status, StatusCode::OK);
    }
    let (i, a) = refused.expect("a 429 within 60 requests");
    assert!(i >= 30, "refused after only {i} requests");
    assert!(a.headers.get(RETRY_AFTER).is_some());
    assert!(a.json()["error"].as_str().is_some());
    // An export of 300 games costs more of the budget than a profile.
    assert_eq!(
        get(&s, "/api/games/user/nok", &[]).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert!(
        common::metric(s.addr, "asean_rate_limited_total{action=\"profile\"}")
            .await
            .is_some_and(|n| n >= 2.0)
    );
    s.stop().await;
}
