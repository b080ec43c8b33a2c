//! Bot accounts against a real server, as lichess has them: `POST /api/bot/account/upgrade`
//! and its refusals (a wrong scope, an account that has played, one that is a bot already),
//! the title `BOT` in the account and profile, the Bot API for bots only and the Board API for
//! the others only, no pools for bots, a bot playing a rated game with a person through a
//! challenge, and `GET /api/bot/online`.

mod common;

use std::net::SocketAddr;

use common::Server;
use common::api::{Stream, token};
use protocol::{ClientMsg, ErrorCode, TimeControl};
use reqwest::StatusCode;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE};
use serde_json::Value;

const PLAYER: &[&str] = &["challenge:read", "challenge:write", "board:play"];
const BOT: &[&str] = &["bot:play"];

async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> (StatusCode, String) {
    let mut req = reqwest::Client::new().get(format!("http://{addr}{path}"));
    if let Some(t) = token {
        req = req.header(AUTHORIZATION, format!("Bearer {t}"));
    }
    let r = req.send().await.expect("request");
    (r.status(), r.text().await.expect("body"))
}

async fn get_json(addr: SocketAddr, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    let (status, text) = get(addr, path, token).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn post(addr: SocketAddr, path: &str, token: &str, form: &str) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}{path}"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(AUTHORIZATION, format!("Bearer {token}"))
        .body(form.to_owned())
        .send()
        .await
        .expect("request");
    let status = r.status();
    let text = r.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Challenges `dest` from `challenger` (a casual 5+3 game unless `form` says more) and
/// accepts it as `dest`: the game's id.
async fn play_challenge(addr: SocketAddr, challenger: &str, dest: &str, dest_name: &str) -> String {
    let (status, c) = post(
        addr,
        &format!("/api/challenge/{dest_name}"),
        challenger,
        "rated=true&clock.limit=300&clock.increment=3&color=white",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{c}");
    let id = c["id"].as_str().expect("id").to_owned();
    let (status, v) = post(addr, &format!("/api/challenge/{id}/accept"), dest, "").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    id
}

#[tokio::test]
async fn an_account_that_has_played_no_game_becomes_a_bot_once_and_shows_the_title() {
    let server = Server::start(None, std::time::Duration::from_secs(30)).await;
    let addr = server.addr;
    let cookie = common::sign_up(addr, "SomchaiBot").await;
    let player_token = token(addr, &cookie, PLAYER).await;
    let bot_token = token(addr, &cookie, BOT).await;
    // Without the scope `bot:play`: lichess's 403.
    let (status, v) = post(addr, "/api/bot/account/upgrade", &player_token, "").await;
    assert_eq!(
        (status, &v["error"]),
        (StatusCode::FORBIDDEN, &Value::from("Missing scope"))
    );
    let (_, account) = get_json(addr, "/api/account", Some(&bot_token)).await;
    assert_eq!(account["title"], Value::Null);
    let (status, v) = post(addr, "/api/bot/account/upgrade", &bot_token, "").await;
    assert_eq!((status, &v["ok"]), (StatusCode::OK, &Value::Bool(true)));
    let (_, account) = get_json(addr, "/api/account", Some(&bot_token)).await;
    assert_eq!(account["title"], "BOT", "{account}");
    let (_, profile) = get_json(addr, "/api/user/somchaibot", None).await;
    assert_eq!(profile["title"], "BOT", "{profile}");
    // Once only.
    let (status, v) = post(addr, "/api/bot/account/upgrade", &bot_token, "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"], "This account is already a Bot account.");

    // With the session cookie, another site's page cannot upgrade an account.
    let dara = common::sign_up(addr, "Dara").await;
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/bot/account/upgrade"))
        .header(reqwest::header::COOKIE, &dara)
        .header(reqwest::header::ORIGIN, "https://elsewhere.example")
        .send()
        .await
        .expect("upgrade");
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let dara_token = token(addr, &dara, BOT).await;
    let (_, account) = get_json(addr, "/api/account", Some(&dara_token)).await;
    assert_eq!(account["title"], Value::Null);

    // An account that has played a game (one in progress counts) stays a person.
    let malee = token(
        addr,
        &common::sign_up(addr, "Malee").await,
        &[PLAYER, BOT].concat(),
    )
    .await;
    let krit = token(addr, &common::sign_up(addr, "Krit").await, PLAYER).await;
    play_challenge(addr, &krit, &malee, "malee").await;
    let (status, v) = post(addr, "/api/bot/account/upgrade", &malee, "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v["error"],
        "You already have games played. Make a new account."
    );
    let (_, account) = get_json(addr, "/api/account", Some(&malee)).await;
    assert_eq!(account["title"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn the_bot_api_is_for_bots_and_the_board_api_for_the_others_and_bots_skip_the_pools() {
    let server = Server::start(None, std::time::Duration::from_secs(30)).await;
    let addr = server.addr;
    let bot_cookie = common::sign_up(addr, "KhonBot").await;
    // With `board:play` too, so that the Board API's refusal is the bot's, not the scope's.
    let bot = token(addr, &bot_cookie, &[BOT, &["board:play"]].concat()).await;
    let (status, _) = post(addr, "/api/bot/account/upgrade", &bot, "").await;
    assert_eq!(status, StatusCode::OK);
    let ploy = token(
        addr,
        &common::sign_up(addr, "Ploy").await,
        &[PLAYER, BOT].concat(),
    )
    .await;

    // A bot challenges a person to a rated game with its `bot:play` token: lichess allows it.
    let game = play_challenge(addr, &bot, &ploy, "ploy").await;
    // The bot plays White through the Bot API, the person through the Board API.
    let mut bot_stream =
        Stream::new(Stream::get(addr, &format!("/api/bot/game/stream/{game}"), Some(&bot)).await);
    let full = bot_stream.expect("gameFull").await;
    assert_eq!(full["rated"], true);
    let (status, v) = post(addr, &format!("/api/bot/game/{game}/move/e3e4"), &bot, "").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (status, v) = post(
        addr,
        &format!("/api/board/game/{game}/move/e6e5"),
        &ploy,
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");

    // The other way round: refused, in lichess's words.
    for path in [
        format!("/api/board/game/stream/{game}"),
        format!("/api/board/game/{game}/resign"),
    ] {
        let r = if path.contains("stream") {
            get_json(addr, &path, Some(&bot)).await
        } else {
            post(addr, &path, &bot, "").await
        };
        assert_eq!(r.0, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(r.1["error"], "This API endpoint is not for Bot accounts.");
    }
    for path in [
        format!("/api/bot/game/stream/{game}"),
        format!("/api/bot/game/{game}/move/e5e4"),
    ] {
        let r = if path.contains("stream") {
            get_json(addr, &path, Some(&ploy)).await
        } else {
            post(addr, &path, &ploy, "").await
        };
        assert_eq!(r.0, StatusCode::BAD_REQUEST, "{path}");
        let error = r.1["error"].as_str().unwrap_or_default().to_owned();
        assert!(
            error.starts_with("This endpoint can only be used with a Bot account."),
            "{error}"
        );
    }
    // Nothing of those reached the game: the bot's next move is still White's second.
    let (status, v) = post(addr, &format!("/api/bot/game/{game}/move/d3d4"), &bot, "").await;
    assert_eq!(status, StatusCode::OK, "{v}");

    // A bot signed in in the page cannot wait in a pool; a person can.
    let mut page = common::signed_in(addr, &bot_cookie).await;
    page.send(&ClientMsg::JoinPool {
        pool: TimeControl::fischer(300, 3).expect("tc"),
    })
    .await;
    assert_eq!(page.error().await, ErrorCode::NotAllowed);
    server.stop().await;
}

#[tokio::test]
async fn bots_with_an_event_stream_are_listed_online() {
    let server = Server::start(None, std::time::Duration::from_secs(30)).await;
    let addr = server.addr;
    let bot = token(addr, &common::sign_up(addr, "MetBot").await, BOT).await;
    assert_eq!(
        post(addr, "/api/bot/account/upgrade", &bot, "").await.0,
        StatusCode::OK
    );
    let person = token(addr, &common::sign_up(addr, "Dara").await, PLAYER).await;
    let online = |nb: &'static str| async move {
        let (status, text) = get(addr, &format!("/api/bot/online{nb}"), None).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        text.lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
            .collect::<Vec<Value>>()
    };
    assert!(online("").await.is_empty());
    // A person's stream does not list them.
    let _person_events = Stream::get(addr, "/api/stream/event", Some(&person)).await;
    let bot_events = Stream::get(addr, "/api/stream/event", Some(&bot)).await;
    assert_eq!(bot_events.status(), StatusCode::OK);
    let listed = online("?nb=10").await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(
        (
            &listed[0]["id"],
            &listed[0]["username"],
            &listed[0]["title"]
        ),
        (
            &Value::from("metbot"),
            &Value::from("MetBot"),
            &Value::from("BOT")
        )
    );
    assert!(listed[0]["perfs"]["blitz"]["rating"].is_number());
    for bad in ["?nb=0", "?nb=201", "?nb=x"] {
        assert_eq!(
            get(addr, &format!("/api/bot/online{bad}"), None).await.0,
            StatusCode::BAD_REQUEST,
            "{bad}"
        );
    }
    // Gone with its stream.
    drop(bot_events);
    let mut gone = false;
    for _ in 0..50 {
        if online("").await.is_empty() {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(gone, "the bot is still listed after its stream closed");
    server.stop().await;
}
