//! Challenges and the event stream against a real server, as lichess's clients use them: a
//! challenge reaches the challenged player's `GET /api/stream/event`, is accepted, both
//! streams hear `gameStart`, the players play through the Board API and a resignation ends
//! the game with `gameFinish`; a decline and a cancel reach both streams; and what a hostile
//! client tries: answering another's challenge, challenging oneself or nobody, a variant
//! that is not played here, a flood of challenges, no token, a wrong scope, too many
//! streams. And `berserk` (from PyPI, unchanged) challenges, streams its events and accepts
//! (when the test command's venv is there: `ASEAN_TEST_PYTHON`).

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::Server;
use common::api::Stream;
use reqwest::StatusCode;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, COOKIE};
use serde_json::{Value, json};

const ALL: &[&str] = &["challenge:read", "challenge:write", "board:play"];

/// A token of the player of `cookie` with `scopes`.
async fn token(addr: SocketAddr, cookie: &str, scopes: &[&str]) -> String {
    let mut body = "description=test".to_owned();
    for s in scopes {
        body.push_str(&format!("&scopes%5B%5D={s}"));
    }
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/account/oauth/token/create"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(COOKIE, cookie)
        .body(body)
        .send()
        .await
        .expect("token");
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = serde_json::from_str(&r.text().await.expect("body")).expect("json");
    v["token"].as_str().expect("token").to_owned()
}

/// A player: signed up, with a token of every scope these tests use.
async fn player(addr: SocketAddr, name: &str) -> String {
    let cookie = common::sign_up(addr, name).await;
    token(addr, &cookie, ALL).await
}

/// `POST path` with the form `form` and `token` (if any): the status and the JSON body.
async fn post(
    addr: SocketAddr,
    path: &str,
    token: Option<&str>,
    form: &str,
) -> (StatusCode, Value) {
    let mut req = reqwest::Client::new()
        .post(format!("http://{addr}{path}"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form.to_owned());
    if let Some(t) = token {
        req = req.header(AUTHORIZATION, format!("Bearer {t}"));
    }
    let r = req.send().await.expect("request");
    let status = r.status();
    let text = r.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// The event stream of `token`'s player.
async fn events(addr: SocketAddr, token: &str) -> Stream {
    let response = Stream::get(addr, "/api/stream/event", Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok()),
        Some("application/x-ndjson")
    );
    Stream::new(response)
}

async fn challenge(addr: SocketAddr, token: &str, to: &str, form: &str) -> (StatusCode, Value) {
    post(addr, &format!("/api/challenge/{to}"), Some(token), form).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_accepted_is_played_through_the_board_api_and_both_streams_follow_it() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let a = player(s.addr, "Chal_A").await;
    let b = player(s.addr, "Chal_B").await;
    let c = player(s.addr, "Chal_C").await;
    let mut a_events = events(s.addr, &a).await;
    let mut b_events = events(s.addr, &b).await;

    let (status, made) = challenge(
        s.addr,
        &a,
        "chal_b",
        "rated=true&clock.limit=300&clock.increment=3&color=white&variant=asean",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_str().expect("an id").to_owned();
    assert_eq!(made["status"], "created");
    assert_eq!(
        made["challenger"],
        json!({"id": "chal_a", "name": "Chal_A", "rating": 1500, "provisional": true})
    );
    assert_eq!(made["destUser"]["name"], "Chal_B");
    assert_eq!(made["variant"]["key"], "asean");
    assert_eq!(made["rated"], true);
    assert_eq!(made["speed"], "blitz");
    assert_eq!(
        made["timeControl"],
        json!({"type": "clock", "limit": 300, "increment": 3, "show": "5+3"})
    );
    assert_eq!(made["color"], "white");
    assert!(
        made["url"]
            .as_str()
            .is_some_and(|u| u.ends_with(&format!("/#/room/{id}"))),
        "{made}"
    );
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("challenge").await;
        assert_eq!(v["challenge"]["id"], id.as_str(), "{v}");
    }

    // Only the challenged player accepts; the challenger cannot, nor a third player.
    let accept = format!("/api/challenge/{id}/accept");
    for t in [&c, &a] {
        let (status, v) = post(s.addr, &accept, Some(t), "").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
        assert_eq!(v, json!({"error": "No such challenge"}));
    }
    let (status, v) = post(s.addr, &accept, Some(&b), "").await;
    assert_eq!((status, &v), (StatusCode::OK, &json!({"ok": true})));
    // Answered: it cannot be answered again.
    assert_eq!(
        post(s.addr, &accept, Some(&b), "").await.0,
        StatusCode::NOT_FOUND
    );

    for (events, color, opponent) in [
        (&mut a_events, "white", "chal_b"),
        (&mut b_events, "black", "chal_a"),
    ] {
        let v = events.expect("gameStart").await;
        let g = &v["game"];
        assert_eq!(g["gameId"], id.as_str(), "{v}");
        assert_eq!(g["fullId"], id.as_str(), "{v}");
        assert_eq!(g["color"], color, "{v}");
        assert_eq!(g["isMyTurn"], color == "white", "{v}");
        assert_eq!(g["opponent"]["id"], opponent, "{v}");
        assert_eq!(g["rated"], true, "{v}");
        assert_eq!(g["source"], "friend", "{v}");
        assert_eq!(g["variant"]["key"], "asean", "{v}");
        assert_eq!(g["status"], json!({"id": 20, "name": "started"}), "{v}");
    }

    // The game is the Board API's too: both players hold their seats by their accounts.
    let r = Stream::get(s.addr, &format!("/api/board/game/stream/{id}"), Some(&b)).await;
    assert_eq!(r.status(), StatusCode::OK);
    let mut game = Stream::new(r);
    let full = game.expect("gameFull").await;
    assert_eq!(
        (
            &full["white"]["name"],
            &full["black"]["name"],
            &full["rated"]
        ),
        (&json!("Chal_A"), &json!("Chal_B"), &json!(true)),
        "{full}"
    );
    for (uci, t) in [("b1d2", &a), ("b8d7", &b), ("d2c4", &a)] {
        let (status, v) = post(
            s.addr,
            &format!("/api/board/game/{id}/move/{uci}"),
            Some(t),
            "",
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{uci}: {v}");
        // The mover's command comes and goes: `opponentGone` lines may come between.
        loop {
            let v = game.line().await.expect("a line");
            if v["type"] == "gameState" {
                assert!(v["moves"].as_str().is_some_and(|m| m.ends_with(uci)), "{v}");
                break;
            }
            assert_eq!(v["type"], "opponentGone", "{v}");
        }
    }
    // A stream opened now starts with the game in progress.
    let mut late = events(s.addr, &a).await;
    let v = late.expect("gameStart").await;
    assert_eq!(
        (
            &v["game"]["gameId"],
            &v["game"]["lastMove"],
            &v["game"]["hasMoved"]
        ),
        (&json!(id), &json!("d2c4"), &json!(true)),
        "{v}"
    );
    drop(late);

    let (status, v) = post(
        s.addr,
        &format!("/api/board/game/{id}/resign"),
        Some(&b),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("gameFinish").await;
        assert_eq!(v["game"]["gameId"], id.as_str(), "{v}");
        assert_eq!(
            v["game"]["status"],
            json!({"id": 31, "name": "resign"}),
            "{v}"
        );
        assert_eq!(v["game"]["winner"], "white", "{v}");
    }
    assert_eq!(
        common::metric(s.addr, "asean_challenges_total{event=\"accepted\"}").await,
        Some(1.0)
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decline_and_a_cancel_reach_both_players() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let a = player(s.addr, "Dec_A").await;
    let b = player(s.addr, "Dec_B").await;
    let mut a_events = events(s.addr, &a).await;

    let (status, first) = challenge(s.addr, &a, "Dec_B", "").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(
        (
            &first["rated"],
            &first["timeControl"],
            &first["color"],
            &first["speed"]
        ),
        (
            &json!(false),
            &json!({"type": "unlimited"}),
            &json!("random"),
            &json!("correspondence")
        )
    );
    let (_, second) = challenge(s.addr, &a, "Dec_B", "clock.limit=60&clock.increment=0").await;
    let (first, second) = (
        first["id"].as_str().expect("id"),
        second["id"].as_str().expect("id"),
    );
    for id in [first, second] {
        assert_eq!(a_events.expect("challenge").await["challenge"]["id"], id);
    }
    // A stream opened now starts with both open challenges (oldest first; these two may
    // share their millisecond).
    let mut b_events = events(s.addr, &b).await;
    let mut seen = Vec::new();
    for _ in 0..2 {
        seen.push(b_events.expect("challenge").await["challenge"]["id"].clone());
    }
    seen.sort_by_key(ToString::to_string);
    let mut want = vec![json!(first), json!(second)];
    want.sort_by_key(ToString::to_string);
    assert_eq!(seen, want);

    // Only the challenged player declines, only the challenger cancels.
    assert_eq!(
        post(
            s.addr,
            &format!("/api/challenge/{first}/decline"),
            Some(&a),
            ""
        )
        .await
        .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        post(
            s.addr,
            &format!("/api/challenge/{second}/cancel"),
            Some(&b),
            ""
        )
        .await
        .0,
        StatusCode::NOT_FOUND
    );
    let (status, v) = post(
        s.addr,
        &format!("/api/challenge/{first}/decline"),
        Some(&b),
        "reason=later",
    )
    .await;
    assert_eq!((status, &v), (StatusCode::OK, &json!({"ok": true})));
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("challengeDeclined").await;
        let c = &v["challenge"];
        assert_eq!(
            (&c["id"], &c["status"], &c["declineReasonKey"]),
            (&json!(first), &json!("declined"), &json!("later")),
            "{v}"
        );
        assert!(c["declineReason"].as_str().is_some_and(|r| !r.is_empty()));
    }
    let (status, _) = post(
        s.addr,
        &format!("/api/challenge/{second}/cancel"),
        Some(&a),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("challengeCanceled").await;
        assert_eq!(
            (&v["challenge"]["id"], &v["challenge"]["status"]),
            (&json!(second), &json!("canceled")),
            "{v}"
        );
    }
    // Neither can be accepted now; an unknown id and an unknown action are 404 too.
    for path in [
        format!("/api/challenge/{first}/accept"),
        format!("/api/challenge/{second}/accept"),
        "/api/challenge/0123456789abcdef0123/accept".to_owned(),
        format!("/api/challenge/{first}/frobnicate"),
    ] {
        assert_eq!(
            post(s.addr, &path, Some(&b), "").await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    for (event, n) in [
        ("created", 2.0),
        ("declined", 1.0),
        ("canceled", 1.0),
        ("accepted", 0.0),
    ] {
        assert_eq!(
            common::metric(
                s.addr,
                &format!("asean_challenges_total{{event=\"{event}\"}}")
            )
            .await,
            Some(n),
            "{event}"
        );
    }
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_challengers_are_refused() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let cookie = common::sign_up(s.addr, "Host_A").await;
    let a = token(s.addr, &cookie, ALL).await;
    let reader = token(s.addr, &cookie, &["challenge:read"]).await;
    let prefs = token(s.addr, &cookie, &["preference:read"]).await;
    let _b = player(s.addr, "Host_B").await;

    // No token, a wrong scope.
    assert_eq!(
        post(s.addr, "/api/challenge/host_b", None, "").await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, v) = challenge(s.addr, &reader, "host_b", "").await;
    assert_eq!(
        (status, &v),
        (StatusCode::FORBIDDEN, &json!({"error": "Missing scope"}))
    );
    assert_eq!(
        Stream::get(s.addr, "/api/stream/event", None)
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        Stream::get(s.addr, "/api/stream/event", Some(&prefs))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    // Oneself, nobody, a variant not played here, a rated game without a clock.
    let (status, v) = challenge(s.addr, &a, "Host_A", "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("yourself")),
        "{v}"
    );
    let (status, v) = challenge(s.addr, &a, "nobody_here", "").await;
    assert_eq!(
        (status, &v),
        (StatusCode::NOT_FOUND, &json!({"error": "No such user"}))
    );
    let (status, v) = challenge(s.addr, &a, "host_b", "variant=chess960").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("chess960")),
        "{v}"
    );
    let (status, v) = challenge(s.addr, &a, "host_b", "rated=true").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");

    // A flood stops at the cap of open challenges.
    let mut codes = Vec::new();
    for _ in 0..22 {
        codes.push(challenge(s.addr, &a, "host_b", "").await.0);
    }
    assert_eq!(
        codes.iter().filter(|c| **c == StatusCode::OK).count(),
        20,
        "{codes:?}"
    );
    assert_eq!(codes[20..], [StatusCode::TOO_MANY_REQUESTS; 2]);

    // Streams of one account are capped (each opening sends the 20 challenges first).
    let mut open = Vec::new();
    for _ in 0..8 {
        open.push(events(s.addr, &a).await);
    }
    assert_eq!(
        Stream::get(s.addr, "/api/stream/event", Some(&a))
            .await
            .status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    drop(open);
    s.stop().await;
}

/// berserk, unchanged: one player challenges, the other sees it on
/// `board.stream_incoming_events` and accepts; both see the game start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_challenges_and_accepts() {
    let Some(python) = common::api::berserk_python() else {
        return;
    };
    let s = Server::start(None, Duration::from_secs(60)).await;
    let a = player(s.addr, "Bz_A").await;
    let b = player(s.addr, "Bz_B").await;
    let v = common::api::run_berserk(
        python,
        "challenge.py",
        vec![format!("http://{}", s.addr), "Bz_B".to_owned()],
        vec![("ASEAN_TOKEN_CHALLENGER", a), ("ASEAN_TOKEN_CHALLENGED", b)],
    )
    .await;
    let id = v["created"]["id"].as_str().expect("an id");
    assert_eq!(v["seen"]["challenge"]["id"], id, "{v}");
    // berserk's accept returns nothing (it raises on an error status).
    assert_eq!(v["created"]["timeControl"]["show"], "5+3", "{v}");
    assert_eq!(v["challenged_start"]["game"]["gameId"], id, "{v}");
    assert_eq!(v["challenger_start"]["game"]["gameId"], id, "{v}");
    assert_eq!(
        v["challenger_start"]["game"]["opponent"]["username"], "Bz_B",
        "{v}"
    );
    s.stop().await;
}

/// A game begun in the page (an invitation taken) starts and ends on the players' event
/// streams too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_the_page_starts_and_ends_on_the_event_streams() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let a_cookie = common::sign_up(s.addr, "Page_A").await;
    let b_cookie = common::sign_up(s.addr, "Page_B").await;
    let a = token(s.addr, &a_cookie, ALL).await;
    let b = token(s.addr, &b_cookie, ALL).await;
    let mut a_events = events(s.addr, &a).await;
    let mut b_events = events(s.addr, &b).await;
    let mut white = common::signed_in(s.addr, &a_cookie).await;
    let mut black = common::signed_in(s.addr, &b_cookie).await;
    white
        .send(&common::rated_room(
            protocol::TimeControl::fischer(180, 2).ok(),
        ))
        .await;
    let game = white.seated_room().await;
    black.take_seat(&game).await;
    for (events, color) in [(&mut a_events, "white"), (&mut b_events, "black")] {
        let v = events.expect("gameStart").await;
        assert_eq!(
            (
                &v["game"]["gameId"],
                &v["game"]["color"],
                &v["game"]["source"]
            ),
            (&json!(game.as_str()), &json!(color), &json!("friend")),
            "{v}"
        );
    }
    let (status, v) = post(
        s.addr,
        &format!("/api/board/game/{game}/abort"),
        Some(&a),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    for events in [&mut a_events, &mut b_events] {
        let v = events.expect("gameFinish").await;
        assert_eq!(
            v["game"]["status"],
            json!({"id": 25, "name": "aborted"}),
            "{v}"
        );
    }
    s.stop().await;
}

/// Challenges are stored: an open one is still there after a restart, and can be accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_outlives_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let s = Server::start(Some(&db), Duration::from_secs(60)).await;
    let a = player(s.addr, "Keep_A").await;
    let b = player(s.addr, "Keep_B").await;
    let (status, made) = challenge(s.addr, &a, "keep_b", "clock.limit=600&clock.increment=5").await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_str().expect("id").to_owned();
    s.stop().await;

    let s = Server::start(Some(&db), Duration::from_secs(60)).await;
    let mut b_events = events(s.addr, &b).await;
    let v = b_events.expect("challenge").await;
    assert_eq!(
        (
            &v["challenge"]["id"],
            &v["challenge"]["timeControl"]["show"]
        ),
        (&json!(id), &json!("10+5")),
        "{v}"
    );
    let (status, v) = post(s.addr, &format!("/api/challenge/{id}/accept"), Some(&b), "").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        b_events.expect("gameStart").await["game"]["gameId"],
        id.as_str()
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_streams_of_a_revoked_token_end() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let t = player(s.addr, "Revoked_A").await;
    let mut ev = events(s.addr, &t).await;
    let r = reqwest::Client::new()
        .delete(format!("http://{}/api/token", s.addr))
        .header(AUTHORIZATION, format!("Bearer {t}"))
        .send()
        .await
        .expect("revoke");
    assert!(r.status().is_success(), "{}", r.status());
    // The token is checked again at most a keep-alive period (7 s) apart.
    let ended = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(v) = ev.line().await {
            assert_ne!(v["type"], Value::Null, "{v}");
        }
    })
    .await;
    assert!(ended.is_ok(), "the event stream of a revoked token went on");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_holds_at_most_eight_event_streams_on_a_node() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let t = player(s.addr, "Streams_A").await;
    let mut open = Vec::new();
    for _ in 0..server::api::events::MAX_STREAMS_PER_ACCOUNT {
        open.push(events(s.addr, &t).await);
    }
    let refused = Stream::get(s.addr, "/api/stream/event", Some(&t)).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        refused
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()),
        Some("60")
    );
    let body: Value = serde_json::from_str(&refused.text().await.expect("body")).expect("JSON");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("event streams")),
        "{body}"
    );
    let limited = common::metric(s.addr, r#"asean_rate_limited_total{action="api_stream"}"#).await;
    assert_eq!(limited, Some(1.0));
    // One closed, one more opens.
    drop(open.pop());
    let reopened = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let r = Stream::get(s.addr, "/api/stream/event", Some(&t)).await;
            if r.status() == StatusCode::OK {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(reopened.is_ok(), "a closed stream's place is given back");
    drop(open);
    s.stop().await;
}
