//! Accounts over HTTP against a real server: sign up, sign in and out, sessions listed and
//! revoked, closing an account, public profiles; and what a hostile client tries: a forged or
//! revoked cookie, another site's page, a flood of sign-ins or sign-ups.

mod common;

use std::time::Duration;

use common::Server;
use protocol::{ByColor, ServerMsg};
use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, COOKIE, HeaderMap, ORIGIN, SET_COOKIE};
use serde_json::Value;

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    json: Value,
}

impl Answer {
    /// The `name=value` of the session cookie set, if any.
    fn cookie(&self) -> Option<String> {
        common::session::session_cookie(&self.headers)
    }

    fn error(&self) -> &str {
        self.json["error"].as_str().unwrap_or_default()
    }
}

struct Http {
    base: String,
    client: reqwest::Client,
}

impl Http {
    fn new(server: &Server) -> Http {
        Http {
            base: format!("http://{}", server.addr),
            client: reqwest::Client::new(),
        }
    }

    async fn send(&self, req: reqwest::RequestBuilder) -> Answer {
        let r = req.send().await.expect("request");
        let status = r.status();
        let headers = r.headers().clone();
        let text = r.text().await.expect("body");
        let json = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
        };
        Answer {
            status,
            headers,
            json,
        }
    }

    async fn post(&self, path: &str, form: &[(&str, &str)], cookie: Option<&str>) -> Answer {
        self.post_from(path, form, cookie, None).await
    }

    async fn post_from(
        &self,
        path: &str,
        form: &[(&str, &str)],
        cookie: Option<&str>,
        origin: Option<&str>,
    ) -> Answer {
        let body: Vec<String> = form
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect();
        let mut req = self
            .client
            .post(format!("{}{path}", self.base))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body.join("&"));
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        if let Some(o) = origin {
            req = req.header(ORIGIN, o);
        }
        self.send(req).await
    }

    async fn get(&self, path: &str, cookie: Option<&str>) -> Answer {
        let mut req = self.client.get(format!("{}{path}", self.base));
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        self.send(req).await
    }

    async fn signup(&self, name: &str, password: &str) -> Answer {
        self.post(
            "/signup",
            &[("username", name), ("password", password)],
            None,
        )
        .await
    }

    /// Signs `name` up and answers the session cookie.
    async fn signed_up(&self, name: &str, password: &str) -> String {
        self.signup(name, password)
            .await
            .cookie()
            .expect("a session cookie")
    }

    async fn login(&self, name: &str, password: &str) -> Answer {
        self.post(
            "/login",
            &[("username", name), ("password", password)],
            None,
        )
        .await
    }
}

/// Percent-encodes a form value (everything but unreserved characters).
fn encode(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn server() -> Server {
    Server::start(None, Duration::from_secs(60)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_sign_in_sessions_and_sign_out() {
    let s = server().await;
    let h = Http::new(&s);
    let up = h.signup("Somchai_99", "a good long password").await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.json);
    assert_eq!(up.json["id"], "somchai_99");
    assert_eq!(up.json["username"], "Somchai_99");
    let set = up
        .headers
        .get(SET_COOKIE)
        .and_then(|v| v.to_str().ok())
        .expect("a session cookie");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    assert!(!set.contains("Secure"), "plain http here: {set}");
    let first = up.cookie().expect("cookie");

    let me = h.get("/api/account", Some(&first)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json["username"], "Somchai_99");
    for perf in ["bullet", "blitz", "rapid", "classical"] {
        let p = &me.json["perfs"][perf];
        assert_eq!(
            (
                p["rating"].as_i64(),
                p["rd"].as_i64(),
                p["prov"].as_bool(),
                p["games"].as_i64()
            ),
            (Some(1500), Some(500), Some(true), Some(0)),
            "{perf}: {p}"
        );
    }
    assert_eq!(
        h.get("/api/account", None).await.status,
        StatusCode::UNAUTHORIZED
    );

    // The same name in other letters is taken; a bad name, a short password, a reserved
    // name are refused with the reason.
    let taken = h.signup("SOMCHAI_99", "another password").await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.json);
    assert!(taken.error().contains("taken"), "{}", taken.error());
    for (name, password, why) in [
        ("a", "a good long password", "2 to 20"),
        ("no spaces", "a good long password", "letters"),
        ("fresh_name", "short", "at least 8"),
        ("Admin", "a good long password", "reserved"),
        ("Ad_min", "a good long password", "reserved"),
        ("g-u-e-s-t", "a good long password", "reserved"),
    ] {
        let r = h.signup(name, password).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.json);
        assert!(r.error().contains(why), "{name}: {}", r.error());
    }
    let r = h.post("/signup", &[("username", "x_y")], None).await;
    assert_eq!(
        r.status,
        StatusCode::BAD_REQUEST,
        "a field missing: {}",
        r.json
    );

    // Sign in from a second device; both sessions listed, this one marked.
    let wrong = h.login("somchai_99", "not the password").await;
    let unknown = h.login("nobody_here", "not the password").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        (unknown.status, unknown.json.clone()),
        (wrong.status, wrong.json.clone()),
        "the same answer for an unknown name and a wrong password"
    );
    let second = h.login("SomChai_99", "a good long password").await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.json);
    let second = second.cookie().expect("cookie");
    assert_ne!(first, second);
    let list = h.get("/api/account/sessions", Some(&second)).await;
    let sessions = list.json["sessions"].as_array().expect("sessions").clone();
    assert_eq!(sessions.len(), 2, "{}", list.json);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
    let other = sessions
        .iter()
        .find(|s| s["current"] == false)
        .and_then(|s| s["id"].as_str())
        .expect("the other session")
        .to_owned();

    // Revoke the first device's session from the second: its cookie signs nobody in.
    let revoked = h
        .post(
            &format!("/api/account/sessions/{other}/revoke"),
            &[],
            Some(&second),
        )
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    assert_eq!(
        h.get("/api/account", Some(&first)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let again = h
        .post(
            &format!("/api/account/sessions/{other}/revoke"),
            &[],
            Some(&second),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // Sign out everywhere else, then sign out.
    let third = h
        .login("somchai_99", "a good long password")
        .await
        .cookie()
        .expect("cookie");
    let everywhere = h
        .post("/api/account/logout-everywhere", &[], Some(&third))
        .await;
    assert_eq!(everywhere.json["revoked"], 1);
    assert_eq!(
        h.get("/api/account", Some(&second)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let out = h.post("/logout", &[], Some(&third)).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    let cleared = out
        .headers
        .get(SET_COOKIE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(
        h.get("/api/account", Some(&third)).await.status,
        StatusCode::UNAUTHORIZED
    );

    // The public profile.
    let profile = h.get("/api/user/SOMCHAI_99", None).await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.json["username"], "Somchai_99");
    assert!(profile.json.get("disabled").is_none());
    assert_eq!(
        h.get("/api/user/nobody_here", None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        h.get("/api/user/..%2Fetc", None).await.status,
        StatusCode::NOT_FOUND
    );

    let metrics = common::http_get(s.addr, "/metrics").await;
    assert!(
        metrics.contains("asean_accounts_created_total 1"),
        "{metrics}"
    );
    assert!(metrics.contains("asean_sign_ins_total 2"), "{metrics}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_an_account_keeps_no_password_nor_session_and_the_name_stays_taken() {
    let s = server().await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Malee", "malee's password").await;
    let other = h
        .login("malee", "malee's password")
        .await
        .cookie()
        .expect("cookie");
    let wrong = h
        .post(
            "/api/account/close",
            &[("password", "not it")],
            Some(&cookie),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let closed = h
        .post(
            "/api/account/close",
            &[("password", "malee's password")],
            Some(&cookie),
        )
        .await;
    assert_eq!(closed.status, StatusCode::NO_CONTENT, "{}", closed.json);
    for c in [&cookie, &other] {
        assert_eq!(
            h.get("/api/account", Some(c)).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        h.login("malee", "malee's password").await.status,
        StatusCode::UNAUTHORIZED,
        "no password is kept"
    );
    assert_eq!(
        h.signup("MALEE", "a new password").await.status,
        StatusCode::CONFLICT
    );
    let profile = h.get("/api/user/malee", None).await;
    assert_eq!(profile.json["disabled"], true, "{}", profile.json);
    s.stop().await;
}

/// Behind https (`--public-url https://...`) the session cookie is Secure and `__Host-`
/// named; a cookie of the plain name (planted by a neighbouring subdomain) signs nobody in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_https_the_session_cookie_is_a_secure_host_cookie() {
    let s = Server::start_with(None, |c| {
        c.public_url =
            Some(server::origin::Origin::parse("https://chess.example.org").expect("url"));
    })
    .await;
    let h = Http::new(&s);
    let up = h.signup("Secure_1", "a good long password").await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.json);
    let set = up
        .headers
        .get(SET_COOKIE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(set.starts_with("__Host-asean_session="), "{set}");
    assert!(
        set.contains("Secure") && set.contains("Path=/") && !set.contains("Domain"),
        "{set}"
    );
    let pair = set.split(';').next().unwrap_or_default().to_owned();
    assert_eq!(
        h.get("/api/account", Some(&pair)).await.status,
        StatusCode::OK
    );
    let planted = pair.replacen("__Host-", "", 1);
    assert_eq!(
        h.get("/api/account", Some(&planted)).await.status,
        StatusCode::UNAUTHORIZED
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_cookies_and_other_sites_pages_get_nothing() {
    // A page of another origin that the operator allowed to open the WebSocket.
    let friend = "https://friend.example";
    let s = Server::start_with(None, |c| {
        c.allowed_origins = vec![server::origin::Origin::parse(friend).expect("origin")];
    })
    .await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Niran", "niran's password").await;
    for forged in [
        "asean_session=0000000000000000000000000000000000000000000000000000000000000000",
        "asean_session=not-hex",
        "asean_session=",
        &format!("{cookie}0"),
    ] {
        assert_eq!(
            h.get("/api/account", Some(forged)).await.status,
            StatusCode::UNAUTHORIZED,
            "{forged}"
        );
    }
    // Another site's page cannot act with the player's cookie, nor sign anyone up: not even a
    // page allowed to open the WebSocket.
    for (origin, (path, form)) in ["https://evil.example", friend].into_iter().flat_map(|o| {
        [
            ("/logout", vec![]),
            ("/api/account/logout-everywhere", vec![]),
            ("/api/account/close", vec![("password", "niran's password")]),
            (
                "/signup",
                vec![("username", "evil_twin"), ("password", "evil's password")],
            ),
        ]
        .map(|p| (o, p))
    }) {
        let r = h.post_from(path, &form, Some(&cookie), Some(origin)).await;
        assert_eq!(
            r.status,
            StatusCode::FORBIDDEN,
            "{origin} {path}: {}",
            r.json
        );
    }
    let local = std::net::Ipv4Addr::LOCALHOST;
    // The allowed page opens the WebSocket (welcomed, or this waits in vain).
    let ws = common::connect_with_headers(s.addr, local, &[("origin", friend)]).await;
    assert!(ws.user.is_none());
    assert_eq!(
        h.get("/api/account", Some(&cookie)).await.status,
        StatusCode::OK
    );
    // The page's own origin is welcome.
    let own = format!("http://{}", s.addr);
    let r = h.post_from("/logout", &[], Some(&cookie), Some(&own)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let metrics = common::http_get(s.addr, "/metrics").await;
    assert!(
        metrics.contains("asean_account_refusals_total{reason=\"cross_origin\"} 8"),
        "{metrics}"
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_and_sign_up_floods_are_limited() {
    let s = server().await;
    let h = Http::new(&s);
    h.signed_up("Target", "target's password").await;
    // Per account: ten wrong guesses, then 429 even for the right password.
    for i in 0..10 {
        let r = h.login("target", &format!("guess number {i}")).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "guess {i}");
    }
    let r = h.login("target", "target's password").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.json);
    assert!(r.headers.get("retry-after").is_some());
    // The player, from an address of their own, is not locked out by the guesser.
    let player = Http {
        base: h.base.clone(),
        client: reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
            .build()
            .expect("client"),
    };
    let own = player.login("target", "target's password").await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.json);
    // Per address: other names, up to thirty attempts from one address in all.
    let mut limited_at = None;
    for i in 0..40 {
        if h.login(&format!("name_{i}"), "whatever it is").await.status
            == StatusCode::TOO_MANY_REQUESTS
        {
            limited_at = Some(i);
            break;
        }
    }
    // 11 attempts were spent on the target (the 11th refused by the account's limit, after
    // the address counted it).
    assert_eq!(
        limited_at,
        Some(30 - 11),
        "attempts before the address's limit"
    );
    // Sign-ups: five from one address, then 429.
    for i in 0..4 {
        let r = h.signup(&format!("new_{i}"), "a good long password").await;
        assert_eq!(r.status, StatusCode::OK, "sign-up {i}: {}", r.json);
    }
    let r = h.signup("new_5", "a good long password").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.json);
    let metrics = common::http_get(s.addr, "/metrics").await;
    assert!(
        metrics.contains("asean_rate_limited_total{action=\"signup\"} 1"),
        "{metrics}"
    );
    s.stop().await;
}

/// A player in many rated games that all end in the same instant (resigned together) has
/// every one rated, each once: the games racing for the player's rating take turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_rated_games_of_one_player_ending_at_once_are_all_rated() {
    const GAMES: usize = 16;
    // On SQLite, whose writes take turns on their own thread while the games read ratings.
    let dir = tempfile::tempdir().expect("tempdir");
    let s = Server::start(
        Some(&dir.path().join("lobby.sqlite3")),
        Duration::from_secs(60),
    )
    .await;
    // Accounts from several addresses (each has a budget of new accounts).
    let http = |n: u8| Http {
        base: format!("http://{}", s.addr),
        client: reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 1, n]))
            .build()
            .expect("client"),
    };
    let local = std::net::Ipv4Addr::LOCALHOST;
    let hub_cookie = http(0).signed_up("Hub_Player", "hub's password").await;
    let mut hub = common::connect_with_headers(s.addr, local, &[("cookie", &hub_cookie)]).await;
    let mut rooms = Vec::new();
    let mut opponents = Vec::new();
    for i in 0..GAMES {
        let h = http(u8::try_from(1 + i / 4).expect("address"));
        let cookie = h
            .signed_up(&format!("Opponent_{i}"), "opponent's password")
            .await;
        let mut o = common::connect_with_headers(s.addr, local, &[("cookie", &cookie)]).await;
        o.send(&common::rated_room(
            protocol::TimeControl::fischer(300, 3).ok(),
        ))
        .await;
        let room = o.seated_room().await;
        hub.take_seat(&room).await;
        o.play(&room, 0, "e3e4").await;
        hub.moved(0).await;
        hub.play(&room, 1, "d6d5").await;
        o.moved(1).await;
        rooms.push(room);
        opponents.push(o);
    }
    for room in &rooms {
        hub.send(&protocol::RoomCommand::Resign.to(room.clone()))
            .await;
    }
    let mut rated = 0;
    for o in &mut opponents {
        let r = o.rated_game_over().await;
        assert!(r.white.diff() > 0, "{r:?}");
        rated += 1;
    }
    assert_eq!(rated, GAMES);
    let p = http(0).get("/api/user/hub_player", None).await.json;
    assert_eq!(p["perfs"]["blitz"]["games"], GAMES, "{p}");
    s.stop().await;
}

/// Seeks sent back to back, without waiting for the answers, cannot pass the cap together:
/// of six, three are made and three refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_sent_at_once_stop_at_the_cap() {
    use protocol::{ClientMsg, ErrorCode, PromotionRule, SeatChoice};
    let s = server().await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Racer_1", "racer's password").await;
    let local = std::net::Ipv4Addr::LOCALHOST;
    let mut c = common::connect_with_headers(s.addr, local, &[("cookie", &cookie)]).await;
    let seek = ClientMsg::CreateRoom {
        rated: true,
        seat: SeatChoice::Random,
        promotion: PromotionRule::Any,
        clock: protocol::TimeControl::fischer(300, 3).ok(),
        public: true,
        rating_range: None,
    };
    for _ in 0..6 {
        c.send(&seek).await;
    }
    let (mut made, mut refused) = (0, 0);
    while made + refused < 6 {
        match c
            .until("an answer", |m| {
                matches!(m, ServerMsg::Seated { .. } | ServerMsg::Error { .. })
            })
            .await
        {
            ServerMsg::Seated { .. } => made += 1,
            ServerMsg::Error { code, .. } => {
                assert_eq!(code, ErrorCode::TooManySeeks);
                refused += 1;
            }
            _ => unreachable!("matched above"),
        }
    }
    assert_eq!((made, refused), (3, 3));
    s.stop().await;
}

/// A rated game whose player closes their account before it ends is not rated: a closed
/// account keeps no ratings, and its opponent's rating does not move for it either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ending_after_an_account_closed_is_not_rated() {
    let s = server().await;
    let h = Http::new(&s);
    let white_cookie = h.signed_up("Closing_W", "white's password").await;
    let black_cookie = h.signed_up("Closing_B", "black's password").await;
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
    white.play(&room, 0, "e3e4").await;
    black.moved(0).await;
    black.play(&room, 1, "d6d5").await;
    white.moved(1).await;
    let r = h
        .post(
            "/api/account/close",
            &[("password", "black's password")],
            Some(&black_cookie),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.json);
    white
        .send(&protocol::RoomCommand::Resign.to(room.clone()))
        .await;
    let over = white.game_over().await;
    assert!(
        matches!(
            over,
            ServerMsg::Event {
                event: protocol::RoomEvent::GameOver { ratings: None, .. },
                ..
            }
        ),
        "{over:?}"
    );
    let p = h.get("/api/user/closing_w", None).await.json;
    assert_eq!(p["perfs"]["blitz"]["games"], 0, "{p}");
    s.stop().await;
}

/// Whether a name is taken cannot be probed without end from one address (thirty answers,
/// then 429), and new names that pass for others (`-ab`, `a__b`) are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probing_names_is_limited_and_lookalike_names_are_refused() {
    let s = server().await;
    let h = Http::new(&s);
    h.signed_up("Taken_1", "taken's password").await;
    for bad in ["-ab", "ab_", "a__b", "a-_b"] {
        let r = h.signup(bad, "a good long password").await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}: {}", r.json);
    }
    let mut answers = Vec::new();
    for _ in 0..35 {
        answers.push(h.signup("taken_1", "a good long password").await.status);
    }
    let conflicts = answers
        .iter()
        .filter(|s| **s == StatusCode::CONFLICT)
        .count();
    assert!(
        (25..=30).contains(&conflicts),
        "{conflicts} names checked before the limit"
    );
    assert_eq!(answers.last(), Some(&StatusCode::TOO_MANY_REQUESTS));
    s.stop().await;
}

/// A signed-in player opening their own game on another device, without its seat secret,
/// holds their seat there (the account is the player) and plays from it; another account
/// or an anonymous player only watches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_player_holds_their_seat_from_another_device() {
    use protocol::{ClientMsg, ErrorCode};
    let s = server().await;
    let h = Http::new(&s);
    let white_cookie = h.signed_up("Device_W", "white's password").await;
    let black_cookie = h.signed_up("Device_B", "black's password").await;
    let other_cookie = h.signed_up("Device_X", "other's password").await;
    let local = std::net::Ipv4Addr::LOCALHOST;
    let connect = |cookie: String| async move {
        common::connect_with_headers(s.addr, local, &[("cookie", &cookie)]).await
    };
    let mut white = connect(white_cookie.clone()).await;
    let mut black = connect(black_cookie).await;
    white
        .send(&common::rated_room(
            protocol::TimeControl::fischer(300, 3).ok(),
        ))
        .await;
    let room = white.seated_room().await;
    black.take_seat(&room).await;
    let join = ClientMsg::Join {
        room: room.clone(),
        secret: None,
        after: None,
        watch: false,
    };
    // White's phone: no secret, the same account.
    let mut phone = connect(white_cookie).await;
    phone.send(&join).await;
    let snapshot = phone
        .until("the snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
        .await;
    assert!(
        matches!(
            snapshot,
            ServerMsg::Snapshot {
                you: Some(protocol::Color::White),
                ..
            }
        ),
        "{snapshot:?}"
    );
    phone.play(&room, 0, "e3e4").await;
    black.moved(0).await;
    // Another account and an anonymous player watch, and cannot move for anyone.
    let mut other = connect(other_cookie).await;
    let mut anonymous = common::connect(s.addr).await;
    for c in [&mut other, &mut anonymous] {
        c.send(&join).await;
        let snapshot = c
            .until("the snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
            .await;
        assert!(
            matches!(snapshot, ServerMsg::Snapshot { you: None, .. }),
            "{snapshot:?}"
        );
        c.play(&room, 1, "d6d5").await;
        assert_eq!(c.error().await, ErrorCode::NotSeated);
    }
    black.play(&room, 1, "d6d5").await;
    phone.moved(1).await;
    s.stop().await;
}

/// A client holding a whole IPv6 network gets a few addresses' worth of new accounts, not
/// five for each of its 256 `/64`s: a `/56` has four addresses' budget (behind a trusted
/// proxy that names the client in `X-Forwarded-For`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ups_from_one_ipv6_network_share_its_budget() {
    let s = Server::start_with(None, |c| {
        c.trusted_proxies =
            server::address::TrustedProxies::new(vec!["127.0.0.1/32".parse().expect("network")]);
    })
    .await;
    let client = reqwest::Client::new();
    let mut created = 0;
    // Five /64s of one /56, five sign-ups each: the /56 stops them at twenty.
    for net in 1..=5 {
        for i in 0..5 {
            let r = client
                .post(format!("http://{}/signup", s.addr))
                .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header("x-forwarded-for", format!("2001:db8:0:{net}::{i}"))
                .body(format!(
                    "username=net{net}_{i}&password=a+good+long+password"
                ))
                .send()
                .await
                .expect("request");
            match r.status() {
                StatusCode::OK => created += 1,
                StatusCode::TOO_MANY_REQUESTS => {}
                other => panic!("{other}: {}", r.text().await.unwrap_or_default()),
            }
        }
    }
    assert_eq!(created, 20, "four addresses' worth");
    // Another /56 of the same /48 still has its own.
    let r = client
        .post(format!("http://{}/signup", s.addr))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header("x-forwarded-for", "2001:db8:0:100::1")
        .body("username=other_net&password=a+good+long+password")
        .send()
        .await
        .expect("request");
    assert_eq!(r.status(), StatusCode::OK);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_players_socket_and_seat_carry_the_name() {
    use protocol::{ClientMsg, RoomEvent, SeatChoice, ServerMsg};
    let s = server().await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Kanya", "kanya's password").await;
    let local = std::net::Ipv4Addr::LOCALHOST;
    let mut kanya = common::connect_with_headers(s.addr, local, &[("cookie", &cookie)]).await;
    assert_eq!(kanya.user.as_ref().map(|u| u.as_str()), Some("Kanya"));
    let (room, _, _) = kanya.create(SeatChoice::White, false, None).await;
    // An anonymous opponent (and a forged cookie is anonymous).
    let forged = "asean_session=1111111111111111111111111111111111111111111111111111111111111111";
    let mut guest = common::connect_with_headers(s.addr, local, &[("cookie", forged)]).await;
    assert_eq!(guest.user, None);
    guest
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
    let state = match guest
        .until("a snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
        .await
    {
        ServerMsg::Snapshot { state, .. } => state,
        _ => unreachable!(),
    };
    assert_eq!(
        state.players.white.as_ref().map(|u| u.as_str()),
        Some("Kanya")
    );
    assert_eq!(state.players.black, None);
    // The creator hears the anonymous seat taken, with no name.
    let seated = kanya
        .until("black seated", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: RoomEvent::Seated { .. },
                    ..
                }
            )
        })
        .await;
    assert!(
        matches!(
            seated,
            ServerMsg::Event {
                event: RoomEvent::Seated {
                    seat: rules::Color::Black,
                    user: None,
                    seat_rating: None
                },
                ..
            }
        ),
        "{seated:?}"
    );
    s.stop().await;
}

/// A rated game needs two signed-in players and a time control; its result moves both
/// ratings once, shown in the game-over event and in the players' profiles.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_once() {
    use protocol::{ClientMsg, ErrorCode};
    let s = server().await;
    let h = Http::new(&s);
    let white_cookie = h.signed_up("White_1", "white's password").await;
    let black_cookie = h.signed_up("Black_1", "black's password").await;
    let local = std::net::Ipv4Addr::LOCALHOST;
    let mut white = common::connect_with_headers(s.addr, local, &[("cookie", &white_cookie)]).await;
    let mut black = common::connect_with_headers(s.addr, local, &[("cookie", &black_cookie)]).await;
    let mut anonymous = common::connect(s.addr).await;
    let blitz = protocol::TimeControl::fischer(300, 3).ok();
    anonymous.send(&common::rated_room(blitz)).await;
    assert_eq!(
        anonymous.error().await,
        ErrorCode::SignInRequired,
        "anonymous rated"
    );
    white.send(&common::rated_room(None)).await;
    assert_eq!(
        white.error().await,
        ErrorCode::InvalidSettings,
        "rated untimed"
    );
    white.send(&common::rated_room(blitz)).await;
    let room = white.seated_room().await;
    // An anonymous player may watch, not sit.
    anonymous
        .send(&ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
    assert_eq!(anonymous.error().await, ErrorCode::SignInRequired);
    black.take_seat(&room).await;
    // A mate in three for White.
    let line = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
    common::play_line(&mut white, &mut black, &room, 0, &line).await;
    let r = white.rated_game_over().await;
    assert_eq!((r.white.before, r.black.before), (1500, 1500));
    assert!(r.white.diff() > 0 && r.black.diff() < 0, "{r:?}");
    assert_eq!(r.white.diff(), -r.black.diff(), "two new players: {r:?}");
    assert!(r.white.provisional && r.black.provisional);
    // The profiles: one blitz game each, at the new ratings.
    for (name, change) in [("white_1", r.white), ("black_1", r.black)] {
        let p = h.get(&format!("/api/user/{name}"), None).await.json;
        assert_eq!(p["perfs"]["blitz"]["games"], 1, "{p}");
        assert_eq!(p["perfs"]["blitz"]["rating"], change.after, "{p}");
        assert_eq!(p["perfs"]["bullet"]["games"], 0, "{p}");
    }
    // Beside the names by the clocks: the ratings the players sat down with, for anyone who
    // watches (the game's own, not the ratings it left).
    let seat = |rating, provisional| {
        Some(protocol::SeatRating {
            rating,
            provisional,
        })
    };
    let ratings = watched_seat_ratings(s.addr, &room).await;
    assert_eq!(
        ratings,
        ByColor {
            white: seat(1500, true),
            black: seat(1500, true)
        }
    );
    // The rematch (colours swapped) seats them with the ratings this game left.
    white
        .send(&protocol::RoomCommand::Rematch.to(room.clone()))
        .await;
    black
        .until("the offer", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: protocol::RoomEvent::RematchOffered { .. },
                    ..
                }
            )
        })
        .await;
    black
        .send(&protocol::RoomCommand::Rematch.to(room.clone()))
        .await;
    let ready = white
        .until("the rematch", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: protocol::RoomEvent::RematchReady { .. },
                    ..
                }
            )
        })
        .await;
    let ServerMsg::Event {
        event: protocol::RoomEvent::RematchReady { room: rematch },
        ..
    } = ready
    else {
        unreachable!("matched above")
    };
    let ratings = watched_seat_ratings(s.addr, &rematch).await;
    assert_eq!(
        ratings,
        ByColor {
            white: seat(r.black.after, true),
            black: seat(r.white.after, true)
        },
        "{r:?}"
    );
    s.stop().await;
}

/// The seat ratings of `room` in the snapshot a new spectator gets on joining it.
async fn watched_seat_ratings(
    addr: std::net::SocketAddr,
    room: &protocol::RoomId,
) -> ByColor<Option<protocol::SeatRating>> {
    let mut c = common::connect(addr).await;
    c.send(&protocol::ClientMsg::Join {
        room: room.clone(),
        secret: None,
        after: None,
        watch: true,
    })
    .await;
    let snapshot = c
        .until(
            "the snapshot",
            |m| matches!(m, ServerMsg::Snapshot { room: r, .. } if r == room),
        )
        .await;
    let ServerMsg::Snapshot { state, .. } = snapshot else {
        unreachable!("matched above")
    };
    state.seat_ratings
}

/// A socket's identity is checked again before it acts on it: after its session is signed
/// out (or its account closed), an open socket can neither create a rated room nor take a
/// rated seat (it watches instead); it plays on as an anonymous player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_session_stops_rated_play_on_its_open_socket() {
    use protocol::{ClientMsg, ErrorCode, ServerMsg};
    let s = server().await;
    let h = Http::new(&s);
    let host_cookie = h.signed_up("Host_1", "host's password").await;
    let out_cookie = h.signed_up("Signed_Out", "signed out's password").await;
    let closed_cookie = h.signed_up("Closed_1", "closed's password").await;
    let local = std::net::Ipv4Addr::LOCALHOST;
    let connect = |cookie: String| async move {
        common::connect_with_headers(s.addr, local, &[("cookie", &cookie)]).await
    };
    let mut host = connect(host_cookie).await;
    let mut out = connect(out_cookie.clone()).await;
    let mut closed = connect(closed_cookie.clone()).await;
    assert_eq!(out.user.as_ref().map(|u| u.as_str()), Some("Signed_Out"));
    let rated = common::rated_room(protocol::TimeControl::fischer(300, 3).ok());
    host.send(&rated).await;
    let room = host.seated_room().await;

    // Signed out elsewhere: the open socket is anonymous from its next rated action on.
    let r = h.post("/logout", &[], Some(&out_cookie)).await;
    assert!(r.status.is_success(), "{}", r.json);
    let r = h
        .post(
            "/api/account/close",
            &[("password", "closed's password")],
            Some(&closed_cookie),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.json);
    for c in [&mut out, &mut closed] {
        c.send(&rated).await;
        assert_eq!(c.error().await, ErrorCode::SignInRequired, "create");
        c.send(&ClientMsg::Join {
            room: room.clone(),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
        assert_eq!(c.error().await, ErrorCode::SignInRequired, "take the seat");
        let snapshot = c
            .until("a snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
            .await;
        assert!(
            matches!(snapshot, ServerMsg::Snapshot { you: None, .. }),
            "watching: {snapshot:?}"
        );
    }
    assert_eq!(
        common::metric(s.addr, "asean_sessions_ended_total").await,
        Some(2.0)
    );

    // A rated game whose Black signs out before it ends: no rated rematch for that socket.
    let rematch_cookie = h.signed_up("Rematch_1", "rematch's password").await;
    let mut black = connect(rematch_cookie.clone()).await;
    black.take_seat(&room).await;
    host.play(&room, 0, "e3e4").await;
    black.moved(0).await;
    black.play(&room, 1, "d6d5").await;
    host.moved(1).await;
    host.send(&protocol::RoomCommand::Resign.to(room.clone()))
        .await;
    black.game_over().await;
    let r = h.post("/logout", &[], Some(&rematch_cookie)).await;
    assert!(r.status.is_success(), "{}", r.json);
    black
        .send(&protocol::RoomCommand::Rematch.to(room.clone()))
        .await;
    assert_eq!(black.error().await, ErrorCode::SignInRequired, "rematch");
    // The host, still signed in, may ask.
    host.send(&protocol::RoomCommand::Rematch.to(room.clone()))
        .await;
    host.until("the offer", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: protocol::RoomEvent::RematchOffered { .. },
                ..
            }
        )
    })
    .await;

    // A socket whose first act after its session ended is a pool place or a private room:
    // the place is casual, the seat nameless (no rated games in the name of a stolen cookie).
    // (Signed up from another address: this one has used its budget of new accounts.)
    let h = Http {
        base: h.base.clone(),
        client: reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, 3]))
            .build()
            .expect("client"),
    };
    for end in ["/logout", "/api/account/close"] {
        let name = if end == "/logout" {
            "Pool_Out"
        } else {
            "Pool_Closed"
        };
        let cookie = h.signed_up(name, "a good long password").await;
        let mut socket = connect(cookie.clone()).await;
        let form: &[(&str, &str)] = if end == "/logout" {
            &[]
        } else {
            &[("password", "a good long password")]
        };
        let r = h.post(end, form, Some(&cookie)).await;
        assert!(r.status.is_success(), "{end}: {}", r.json);
        socket
            .send(&ClientMsg::JoinPool {
                pool: protocol::TimeControl::fischer(60, 0).expect("1+0"),
            })
            .await;
        let pool = socket
            .until("the pool", |m| matches!(m, ServerMsg::Pool { .. }))
            .await;
        assert!(
            matches!(pool, ServerMsg::Pool { rated: false, .. }),
            "{end}: {pool:?}"
        );
        socket.send(&ClientMsg::LeavePool).await;
        socket
            .send(&common::rated_room(
                protocol::TimeControl::fischer(300, 3).ok(),
            ))
            .await;
        assert_eq!(socket.error().await, ErrorCode::SignInRequired, "{end}");
    }
    {
        let cookie = h.signed_up("Private_Out", "a good long password").await;
        let mut socket = connect(cookie.clone()).await;
        let r = h.post("/logout", &[], Some(&cookie)).await;
        assert!(r.status.is_success(), "{}", r.json);
        socket
            .send(&ClientMsg::CreateRoom {
                rated: false,
                seat: protocol::SeatChoice::White,
                promotion: protocol::PromotionRule::Any,
                clock: None,
                public: false,
                rating_range: None,
            })
            .await;
        let snapshot = socket
            .until("the snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
            .await;
        let ServerMsg::Snapshot { state, .. } = snapshot else {
            unreachable!("matched above")
        };
        assert_eq!(state.players.white, None, "a nameless seat");
    }
    s.stop().await;
}

/// Seeks in the lobby: a signed-in player's public room is listed with their name, rating,
/// rated mark and rating range; only signed-in players inside the range take it; at most
/// three wait per player; a seek leaves the listing when its player leaves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_are_listed_with_the_seeker_and_only_taken_within_their_range() {
    use protocol::{
        ClientMsg, ErrorCode, PromotionRule, RatingRange, RoomSummary, SeatChoice, ServerMsg,
    };
    let s = Server::start_with(None, |c| {
        c.lobby.room.countdown = Duration::from_secs(60);
        c.lobby.room.unlist_after = Duration::from_millis(300);
    })
    .await;
    let h = Http::new(&s);
    let local = std::net::Ipv4Addr::LOCALHOST;
    let seeker_cookie = h.signed_up("Seeker_1", "seeker's password").await;
    let taker_cookie = h.signed_up("Taker_1", "taker's password").await;
    let mut seeker =
        common::connect_with_headers(s.addr, local, &[("cookie", &seeker_cookie)]).await;
    let mut taker = common::connect_with_headers(s.addr, local, &[("cookie", &taker_cookie)]).await;
    let mut guest = common::connect(s.addr).await;
    let mut watcher = common::connect(s.addr).await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let blitz = protocol::TimeControl::fischer(300, 3).ok();
    let seek = |rated, rating_range, clock| ClientMsg::CreateRoom {
        seat: SeatChoice::White,
        promotion: PromotionRule::Any,
        clock,
        public: true,
        rated,
        rating_range,
    };

    // Ranges refused: anonymous, untimed, upside down, out of bounds.
    let range = RatingRange::new(1600, 1800).ok();
    guest.send(&seek(false, range, blitz)).await;
    assert_eq!(guest.error().await, ErrorCode::SignInRequired);
    for bad in [
        seek(false, range, None),
        seek(
            false,
            Some(RatingRange {
                min: 1800,
                max: 1600,
            }),
            blitz,
        ),
        seek(
            false,
            Some(RatingRange {
                min: 100,
                max: 1600,
            }),
            blitz,
        ),
    ] {
        seeker.send(&bad).await;
        assert_eq!(seeker.error().await, ErrorCode::InvalidSettings, "{bad:?}");
    }

    // A rated seek for 1600-1800: listed with the seeker's provisional 1500.
    seeker.send(&seek(true, range, blitz)).await;
    let high = seeker.seated_room().await;
    let seen = watcher
        .lobby_until("the seek listed", |l| l.lists(&high))
        .await;
    let listed: &RoomSummary = seen
        .rooms
        .as_ref()
        .and_then(|r| r.iter().find(|r| r.id == high))
        .expect("listed");
    assert!(listed.rated);
    assert_eq!(listed.rating_range, range);
    let who = listed.seeker.as_ref().expect("a seeker");
    assert_eq!(
        (who.username.as_str(), who.rating, who.provisional),
        ("Seeker_1", Some(1500), true)
    );
    // On the wire, as a page reads it.
    let text = ServerMsg::Lobby {
        rooms: vec![listed.clone()],
    }
    .to_json();
    assert!(
        text.contains(r#""rated":true,"seeker":{"username":"Seeker_1","rating":1500,"provisional":true},"rating_range":{"min":1600,"max":1800}"#),
        "{text}"
    );

    // The taker (1500) and the guest may not take it: both watch.
    for (c, code) in [
        (&mut taker, ErrorCode::NotAllowed),
        (&mut guest, ErrorCode::SignInRequired),
    ] {
        c.send(&ClientMsg::Join {
            room: high.clone(),
            secret: None,
            after: None,
            watch: false,
        })
        .await;
        assert_eq!(c.error().await, code);
        let snap = c
            .until("a snapshot", |m| matches!(m, ServerMsg::Snapshot { .. }))
            .await;
        assert!(
            matches!(snap, ServerMsg::Snapshot { you: None, .. }),
            "{snap:?}"
        );
    }

    // A casual seek without a range: anyone; an anonymous room lists no seeker.
    seeker.send(&seek(false, None, None)).await;
    let casual = seeker.seated_room().await;
    guest.send(&seek(false, None, blitz)).await;
    let anonymous = guest.seated_room().await;
    let seen = watcher
        .lobby_until("both listed", |l| l.lists(&casual) && l.lists(&anonymous))
        .await;
    let rooms = seen.rooms.expect("listing");
    let find = |id| rooms.iter().find(|r| &r.id == id).expect("listed");
    let c = find(&casual);
    assert!(!c.rated && c.rating_range.is_none());
    assert_eq!(
        c.seeker.as_ref().map(|k| (k.username.as_str(), k.rating)),
        Some(("Seeker_1", None)),
        "untimed: no speed, no rating"
    );
    assert_eq!(find(&anonymous).seeker, None);

    // The cap: a third seek, then a fourth refused (a private room is no seek).
    seeker.send(&seek(false, None, blitz)).await;
    let third = seeker.seated_room().await;
    seeker.send(&seek(false, None, blitz)).await;
    assert_eq!(seeker.error().await, ErrorCode::TooManySeeks);
    let (_private, _, _) = seeker.create(SeatChoice::Black, false, blitz).await;
    let metrics = common::http_get(s.addr, "/metrics").await;
    for (reason, n) in [
        ("too_many_seeks", 1),
        ("range_anonymous", 2),
        ("out_of_range", 1),
    ] {
        assert!(
            metrics.contains(&format!(
                "asean_seek_refusals_total{{reason=\"{reason}\"}} {n}"
            )),
            "{reason}: {metrics}"
        );
    }

    // A seek taken leaves the listing, and frees a place under the cap.
    taker.take_seat(&third).await;
    watcher
        .lobby_until("the taken seek gone", |l| !l.lists(&third))
        .await;
    seeker.send(&seek(false, None, blitz)).await;
    let again = seeker.seated_room().await;

    // The seeker leaves: their seeks leave the listing.
    drop(seeker);
    watcher
        .lobby_until("the seeker's seeks gone", |l| {
            !l.lists(&high) && !l.lists(&casual) && !l.lists(&again) && l.lists(&anonymous)
        })
        .await;
    // Back with a new connection: a seek whose player left no longer counts.
    let mut back = common::connect_with_headers(s.addr, local, &[("cookie", &seeker_cookie)]).await;
    back.send(&seek(false, None, blitz)).await;
    back.seated_room().await;
    s.stop().await;
}
