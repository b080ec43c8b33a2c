//! `POST /api/challenge/open` against a real server: the answer in lichess's shape, with
//! links to the page (`#/room/<id>`, `?color=white`, `?color=black`); the page's players who
//! open them take the seats the links name (`take_seat`) or the free one (`join`), and the
//! game starts; a link for a seat already taken watches. What it refuses: no token, a rated
//! open challenge, a variant not played here. The links lead to `--public-url` when set.

mod common;

use common::Server;
use common::api::{Stream, post_form, token};
use protocol::{ClientMsg, Color, ErrorCode, RoomId, ServerMsg};
use reqwest::StatusCode;

/// The seat `c` took after `msg`.
async fn seated(c: &mut common::Client) -> Color {
    match c
        .until("seated", |m| matches!(m, ServerMsg::Seated { .. }))
        .await
    {
        ServerMsg::Seated { seat, .. } => seat,
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_s_links_seat_whoever_opens_them_in_the_page() {
    let s = Server::start(None, std::time::Duration::from_secs(60)).await;
    let maker = common::sign_up(s.addr, "Opener").await;
    let black_cookie = common::sign_up(s.addr, "Black_Link").await;
    // Any token of an account: no scope needed.
    let t = token(s.addr, &maker, &[]).await;
    let (status, v) = post_form(
        s.addr,
        "/api/challenge/open",
        &t,
        "clock.limit=300&clock.increment=3",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let id: RoomId = v["id"].as_str().expect("id").parse().expect("a room id");
    let url = format!("http://{}/#/room/{id}", s.addr);
    assert_eq!(v["url"], url.as_str(), "{v}");
    assert_eq!(v["urlWhite"], format!("{url}?color=white"), "{v}");
    assert_eq!(v["urlBlack"], format!("{url}?color=black"), "{v}");
    assert_eq!(v["challenger"], serde_json::Value::Null, "{v}");
    assert_eq!(v["destUser"], serde_json::Value::Null, "{v}");
    assert_eq!(v["status"], "created", "{v}");
    assert_eq!(v["rated"], false, "{v}");
    assert_eq!(v["speed"], "blitz", "{v}");
    assert_eq!(v["timeControl"]["show"], "5+3", "{v}");
    assert_eq!(v["variant"]["key"], "asean", "{v}");
    assert_eq!(v["open"], serde_json::json!({}), "{v}");

    // The signed-in player of urlBlack, streaming their events, takes Black.
    let bt = token(s.addr, &black_cookie, &["board:play"]).await;
    let mut black_events = Stream::new(Stream::get(s.addr, "/api/stream/event", Some(&bt)).await);
    let mut black = common::signed_in(s.addr, &black_cookie).await;
    black
        .send(&ClientMsg::TakeSeat {
            room: id.clone(),
            seat: Color::Black,
        })
        .await;
    assert_eq!(seated(&mut black).await, Color::Black);
    // An anonymous visitor of urlBlack afterwards only watches, told so.
    let mut late = s.client().await;
    late.send(&ClientMsg::TakeSeat {
        room: id.clone(),
        seat: Color::Black,
    })
    .await;
    assert_eq!(late.error().await, ErrorCode::NotAllowed);
    match late
        .until("a snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
        .await
    {
        ServerMsg::Snapshot { you, .. } => assert_eq!(you, None, "watching"),
        _ => unreachable!(),
    }
    // An anonymous visitor of the plain url takes the seat left: White; the game starts.
    let mut white = s.client().await;
    assert_eq!(seated_by_join(&mut white, &id).await, Color::White);
    let start = black_events.expect("gameStart").await;
    assert_eq!(start["game"]["gameId"], id.as_str(), "{start}");
    assert_eq!(start["game"]["color"], "black", "{start}");
    assert_eq!(start["game"]["rated"], false, "{start}");
    white.play(&id, 0, "b1d2").await;
    black.moved(0).await;
}

/// Opens `room` as the plain link does and answers the seat taken.
async fn seated_by_join(c: &mut common::Client, room: &RoomId) -> Color {
    c.send(&ClientMsg::Join {
        room: room.clone(),
        secret: None,
        after: None,
        watch: false,
    })
    .await;
    seated(c).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_needs_a_token_is_casual_and_links_to_the_public_url() {
    let s = Server::start_with(None, |c| {
        c.public_url = server::origin::Origin::parse("http://chess.example.org").ok();
    })
    .await;
    let maker = common::sign_up(s.addr, "Opener_Two").await;
    let t = token(s.addr, &maker, &["challenge:read"]).await;
    let (status, _) = common::api::post(s.addr, "/api/challenge/open", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    for (form, says) in [
        ("rated=true&clock.limit=300&clock.increment=3", "casual"),
        ("variant=standard", "asean"),
        ("days=3", "correspondence"),
        ("fen=8/8/8/8/8/8/8/8", "initial position"),
    ] {
        let (status, v) = post_form(s.addr, "/api/challenge/open", &t, form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form}: {v}");
        let text = v["error"].as_str().expect("an error");
        assert!(text.contains(says), "{form}: {text}");
    }
    // An untimed one, its link on the public origin whatever Host the request named.
    let r = reqwest::Client::new()
        .post(format!("http://{}/api/challenge/open", s.addr))
        .header("authorization", format!("Bearer {t}"))
        .header("host", "evil.example.com")
        .send()
        .await
        .expect("open");
    assert_eq!(r.status(), StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&r.text().await.expect("body")).expect("json");
    let id = v["id"].as_str().expect("id");
    assert_eq!(
        v["url"],
        format!("http://chess.example.org/#/room/{id}"),
        "{v}"
    );
    assert_eq!(v["timeControl"]["type"], "unlimited", "{v}");
    assert_eq!(v["speed"], "correspondence", "{v}");
}

/// `POST path` with the session `cookie`, the `Origin` header `origin` (if any), the `Host`
/// header `host` (if any) and the form `form`: the status and the JSON body.
async fn post_as_page(
    addr: std::net::SocketAddr,
    path: &str,
    cookie: &str,
    origin: Option<&str>,
    host: Option<&str>,
    form: &str,
) -> (StatusCode, serde_json::Value) {
    let mut req = reqwest::Client::new()
        .post(format!("http://{addr}{path}"))
        .header(reqwest::header::COOKIE, cookie)
        .header(
            reqwest::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(form.to_owned());
    if let Some(o) = origin {
        req = req.header(reqwest::header::ORIGIN, o);
    }
    if let Some(h) = host {
        req = req.header(reqwest::header::HOST, h);
    }
    let r = req.send().await.expect("request");
    let status = r.status();
    let text = r.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_site_s_page_cannot_act_with_the_cookie_nor_an_address_open_rooms_without_end() {
    let s = Server::start_with(None, |c| c.lobby.max_rooms_per_address = 3).await;
    let cookie = common::sign_up(s.addr, "Victim").await;
    common::sign_up(s.addr, "Attacker").await;
    let own = format!("http://{}", s.addr);
    // Another site's page (another port of the same host is another origin, though the
    // browser sends the cookie to it): refused, with a word, and nothing made.
    for (path, form) in [
        ("/api/challenge/attacker", "rated=false"),
        ("/api/challenge/open", ""),
        ("/api/board/seek", "time=5&increment=3"),
    ] {
        let foreign = Some("http://127.0.0.1:9");
        let (status, v) = post_as_page(s.addr, path, &cookie, foreign, None, form).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {v}");
        assert!(
            v["error"]
                .as_str()
                .is_some_and(|e| e.contains("another site")),
            "{v}"
        );
    }
    // The server's own page may; a Host naming another site never reaches a link.
    let (status, v) = post_as_page(
        s.addr,
        "/api/challenge/attacker",
        &cookie,
        Some(&own),
        Some("evil.example:666"),
        "rated=false",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let url = v["url"].as_str().expect("url");
    assert!(url.starts_with(&format!("{own}/#/room/")), "{url}");
    // Open challenges are waiting rooms: within the address's cap of rooms.
    for n in 0..3 {
        let (status, v) =
            post_as_page(s.addr, "/api/challenge/open", &cookie, Some(&own), None, "").await;
        assert_eq!(status, StatusCode::OK, "open challenge {n}: {v}");
    }
    let (status, v) =
        post_as_page(s.addr, "/api/challenge/open", &cookie, Some(&own), None, "").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    s.stop().await;
}
