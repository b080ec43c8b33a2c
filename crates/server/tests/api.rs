//! The API of lichess's shape against a real server: personal tokens made and revoked over
//! HTTP, requests authenticated by them, the game export; a real client nobody here wrote
//! (`berserk`, from PyPI, unchanged) reading an account and exporting a game; and what a
//! hostile client tries: no token, a forged or revoked one, one of a closed account, another
//! site's page making a token, a flood of requests with one token.
//!
//! The berserk test needs the venv the test command makes (`cargo xtask test` installs
//! berserk into `target/berserk-venv` and sets `ASEAN_TEST_PYTHON` to its python); without
//! it, the test says why and passes without running berserk.

mod common;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::Server;
use protocol::RoomId;
use reqwest::StatusCode;
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, COOKIE, HeaderMap, ORIGIN};
use serde_json::Value;
use server::store::accounts::NewAccount;

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    text: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or_default().to_owned()
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
        Answer {
            status,
            headers,
            text,
        }
    }

    /// A form POST (`body` already encoded) with a cookie and an `Origin`, if given.
    async fn post(
        &self,
        path: &str,
        body: &str,
        cookie: Option<&str>,
        origin: Option<&str>,
    ) -> Answer {
        let mut req = self
            .client
            .post(format!("{}{path}", self.base))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(ACCEPT, "application/json")
            .body(body.to_owned());
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        if let Some(o) = origin {
            req = req.header(ORIGIN, o);
        }
        self.send(req).await
    }

    /// A GET with a bearer token or a cookie, if given.
    async fn get(&self, path: &str, token: Option<&str>, cookie: Option<&str>) -> Answer {
        let mut req = self.client.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header(AUTHORIZATION, format!("Bearer {t}"));
        }
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        self.send(req).await
    }

    /// Signs `name` up; the session cookie.
    async fn signed_up(&self, name: &str) -> String {
        let r = self
            .client
            .post(format!("{}/signup", self.base))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(format!("username={name}&password={name}-s-password"))
            .send()
            .await
            .expect("signup");
        assert_eq!(r.status(), StatusCode::OK);
        common::session::session_cookie(r.headers()).expect("a session cookie")
    }

    /// A new token of the player of `cookie` with `scopes`; the token.
    async fn token(&self, cookie: &str, description: &str, scopes: &[&str]) -> String {
        let mut body = format!("description={description}");
        for s in scopes {
            body.push_str(&format!("&scopes%5B%5D={s}"));
        }
        let r = self
            .post("/account/oauth/token/create", &body, Some(cookie), None)
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        r.json()["token"].as_str().expect("token").to_owned()
    }
}

/// Log lines the server wrote while the tests of this binary ran (every level).
fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: std::sync::OnceLock<Arc<Mutex<Vec<u8>>>> = std::sync::OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .with_writer(move || Sink(sink.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");
        logs
    })
    .clone()
}

/// A writer into the captured logs.
struct Sink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("logs").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_made_listed_checked_and_revoked_and_never_logged() {
    let logs = captured_logs();
    let s = Server::start(None, Duration::from_secs(60)).await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Ploy").await;

    // Made from the page's session; an unknown scope is named; another site's page cannot.
    let token = h
        .token(&cookie, "My+board", &["board%3Aplay", "challenge:read"])
        .await;
    assert!(token.starts_with("lip_") && token.len() == 44, "{token}");
    let r = h
        .post(
            "/account/oauth/token/create",
            "description=x&scopes[]=board:play&scopes[]=email:read",
            Some(&cookie),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("\"email:read\""), "{}", r.text);
    let r = h
        .post(
            "/account/oauth/token/create",
            "description=evil",
            Some(&cookie),
            Some("https://evil.example"),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let r = h
        .post("/account/oauth/token/create", "description=x", None, None)
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "signed out: {}", r.text);

    // Listed without the secret.
    let list = h.get("/api/account/tokens", None, Some(&cookie)).await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(!list.text.contains(&token[4..]), "the secret is not listed");
    let tokens = list.json()["tokens"].as_array().expect("tokens").clone();
    assert_eq!(tokens.len(), 1, "{}", list.text);
    assert_eq!(tokens[0]["description"], "My board");
    assert_eq!(
        tokens[0]["scopes"],
        serde_json::json!(["board:play", "challenge:read"])
    );
    assert!(tokens[0]["lastUsedAt"].is_null(), "never used yet");

    // The token reads the account (no scope needed); without it, or with a forged one, 401.
    let me = h.get("/api/account", Some(&token), None).await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text);
    assert_eq!(me.json()["username"], "Ploy");
    let used = h
        .get("/api/account/tokens", None, Some(&cookie))
        .await
        .json();
    assert!(used["tokens"][0]["lastUsedAt"].as_u64().is_some(), "{used}");
    let playing = h.get("/api/account/playing", Some(&token), None).await;
    assert_eq!(playing.status, StatusCode::OK, "{}", playing.text);
    assert_eq!(playing.json(), serde_json::json!({ "nowPlaying": [] }));
    let nobody = h.get("/api/account", None, None).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    let forged_tail = format!("lip_{}", "0".repeat(40));
    for forged in [
        forged_tail.as_str(),
        &token[..43],
        "lip_",
        "not a token at all",
    ] {
        let r = h.get("/api/account", Some(forged), None).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{forged}");
        assert_eq!(r.error(), "No such token", "{forged}");
    }
    // A bad token is refused even beside a good cookie: the header alone decides.
    let r = h
        .get("/api/account", Some(&forged_tail), Some(&cookie))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    // A token's list of tokens is the page's business only.
    let r = h.get("/api/account/tokens", Some(&token), None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    // Revoked from the page: refused at once; the id of another's token is a 404.
    let id = tokens[0]["id"].as_str().expect("id").to_owned();
    let krit = h.signed_up("Krit").await;
    let r = h
        .post(
            &format!("/api/account/tokens/{id}/revoke"),
            "",
            Some(&krit),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "another's token");
    assert_eq!(
        h.get("/api/account", Some(&token), None).await.status,
        StatusCode::OK
    );
    let r = h
        .post(
            &format!("/api/account/tokens/{id}/revoke"),
            "",
            Some(&cookie),
            Some("https://evil.example"),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "another site's page");
    let r = h
        .post(
            &format!("/api/account/tokens/{id}/revoke"),
            "",
            Some(&cookie),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text);
    let r = h.get("/api/account", Some(&token), None).await;
    assert_eq!(
        (r.status, r.error()),
        (StatusCode::UNAUTHORIZED, "No such token".to_owned())
    );

    // `DELETE /api/token` revokes the token it carries, with no cookie and no Origin check.
    let second = h.token(&cookie, "script", &[]).await;
    let r = h
        .send(
            h.client
                .delete(format!("{}/api/token", h.base))
                .header(AUTHORIZATION, format!("Bearer {second}"))
                .header(ORIGIN, "https://elsewhere.example"),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text);
    assert_eq!(
        h.get("/api/account", Some(&second), None).await.status,
        StatusCode::UNAUTHORIZED
    );
    let r = h
        .send(h.client.delete(format!("{}/api/token", h.base)))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "no token");

    // Closing the account ends its tokens.
    let third = h.token(&krit, "bot", &["bot:play"]).await;
    assert_eq!(
        h.get("/api/account", Some(&third), None).await.status,
        StatusCode::OK
    );
    let r = h
        .post(
            "/api/account/close",
            "password=Krit-s-password",
            Some(&krit),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text);
    let r = h.get("/api/account", Some(&third), None).await;
    assert_eq!(
        (r.status, r.error()),
        (StatusCode::UNAUTHORIZED, "No such token".to_owned())
    );

    // No token appeared in a log line, though the requests did.
    let text = String::from_utf8_lossy(&logs.lock().expect("logs")).into_owned();
    assert!(text.contains("/api/account"), "the requests were logged");
    for t in [&token, &second, &third] {
        assert!(!text.contains(&t[4..]), "a token in the logs");
    }
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_with_tokens_are_limited_and_an_account_has_at_most_100_tokens() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Dao").await;
    let token = h.token(&cookie, "flood", &[]).await;
    let mut refused = None;
    for n in 0..200 {
        let r = h.get("/api/account", Some(&token), None).await;
        if r.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some((n, r));
            break;
        }
        assert_eq!(r.status, StatusCode::OK);
    }
    let (n, r) = refused.expect("a 429 within 200 requests");
    assert!((60..=70).contains(&n), "refused after {n} requests");
    assert_eq!(
        r.headers.get("retry-after").and_then(|v| v.to_str().ok()),
        Some("60")
    );
    assert!(!r.error().is_empty());
    let limited = common::metric(s.addr, r#"asean_rate_limited_total{action="api"}"#).await;
    assert!(limited.is_some_and(|n| n >= 1.0), "{limited:?}");
    // The address's budget covers every token it uses: two fresh tokens run out of it.
    let fresh = [
        h.token(&cookie, "fresh1", &[]).await,
        h.token(&cookie, "fresh2", &[]).await,
    ];
    let mut used = n + 1;
    let refusal = loop {
        let r = h.get("/api/account", Some(&fresh[used % 2]), None).await;
        used += 1;
        if r.status == StatusCode::TOO_MANY_REQUESTS {
            break r;
        }
        assert!(used < 300, "no refusal from the address's budget");
    };
    assert!((120..=140).contains(&used), "refused after {used} requests");
    assert!(refusal.error().contains("address"), "{}", refusal.text);
    // The page's cookie is not an API client: not limited by the token's budget.
    assert_eq!(
        h.get("/api/account", None, Some(&cookie)).await.status,
        StatusCode::OK
    );

    // 100 tokens an account (three made above), then a clear 400.
    for n in 3..100 {
        h.token(&cookie, &format!("t{n}"), &[]).await;
    }
    let r = h
        .post(
            "/account/oauth/token/create",
            "description=one+more",
            Some(&cookie),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("100"), "{}", r.text);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_export_answers_pgn_or_json_and_404_for_no_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    let game = seeded(&db).await;
    let s = Server::start(Some(&db), Duration::from_secs(60)).await;
    let h = Http::new(&s);
    let path = format!("/game/export/{game}");
    let pgn = h.get(&path, None, None).await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert_eq!(
        pgn.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()),
        Some("application/x-chess-pgn")
    );
    for tag in [
        "[White \"Arun\"]",
        "[Black \"Bua\"]",
        "[Result \"1-0\"]",
        "[Variant \"asean\"]",
        "[WhiteElo \"1500\"]",
    ] {
        assert!(pgn.text.contains(tag), "{tag} in {}", pgn.text);
    }
    let json = h
        .send(
            h.client
                .get(format!("{}{path}", h.base))
                .header(ACCEPT, "application/json"),
        )
        .await;
    assert_eq!(json.status, StatusCode::OK);
    let v = json.json();
    assert_eq!(v["id"], game.as_str());
    assert_eq!(v["variant"], "asean");
    assert_eq!(v["status"], "resign");
    assert_eq!(v["winner"], "white");
    assert_eq!(v["speed"], "blitz");
    assert_eq!(v["rated"], true);
    assert_eq!(v["players"]["white"]["user"]["name"], "Arun");
    assert_eq!(v["players"]["black"]["user"]["id"], "bua");
    assert_eq!(v["clock"]["initial"], 180);
    assert_eq!(v["moves"], "");
    assert!(v["createdAt"].as_u64() < v["lastMoveAt"].as_u64(), "{v}");
    for missing in ["zzzzzzzzzzzz", "nope", "-"] {
        let r = h.get(&format!("/game/export/{missing}"), None, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{missing}");
        assert_eq!(r.error(), "Not found");
    }
    // A bad token is refused here too.
    let r = h.get(&path, Some("lip_nope"), None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    s.stop().await;
}

/// Writes into the SQLite file `db` the accounts Arun and Bua and a rated game Arun won (room
/// byte 7), as a server would have stored them; the game's id.
async fn seeded(db: &Path) -> RoomId {
    let store = server::store::open(db.to_str().expect("utf-8"), 2)
        .await
        .expect("store");
    for n in ["Arun", "Bua"] {
        store
            .create_account(NewAccount {
                username: n.parse().expect("name"),
                password_hash: "x".into(),
                created_ms: 1,
            })
            .await
            .expect("account");
    }
    let now = common::seed::wall_ms();
    common::seed::seed_rated_game(&*store, 7, ("Arun", "Bua"), (1512.0, 1488.0), now)
        .await
        .expect("a seeded game");
    store.close().await;
    RoomId::from_bytes([7; 10])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_reads_the_account_and_exports_a_game() {
    let Some(python) = common::api::berserk_python() else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("lobby.sqlite3");
    // A player signs up and makes a token over HTTP; the game is stored while the server is
    // down (SQLite has one server at a time), as one it had recorded.
    let s = Server::start(Some(&db), Duration::from_secs(60)).await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Chai").await;
    let token = h.token(&cookie, "berserk", &["board:play"]).await;
    s.stop().await;
    let game = seeded(&db).await;
    let s = Server::start(Some(&db), Duration::from_secs(60)).await;
    let v = common::api::run_berserk(
        python,
        "account_and_export.py",
        vec![format!("http://{}", s.addr), game.to_string()],
        vec![("ASEAN_TOKEN", token)],
    )
    .await;
    assert_eq!(v["account"]["username"], "Chai", "{v}");
    assert_eq!(v["account"]["id"], "chai");
    assert!(
        v["account"]["createdAt"]
            .as_u64()
            .is_some_and(|t| t > 1_000_000_000_000)
    );
    let g = &v["game"];
    assert_eq!(g["id"], game.as_str(), "{v}");
    assert_eq!(g["variant"], "asean");
    assert_eq!(g["status"], "resign");
    assert_eq!(g["winner"], "white");
    assert_eq!(g["players"]["white"]["user"]["name"], "Arun");
    assert_eq!(g["players"]["white"]["rating"], 1500);
    assert_eq!(g["players"]["white"]["ratingDiff"], 12);
    assert_eq!(g["players"]["black"]["ratingDiff"], -12);
    assert!(g["createdAt"].as_u64() < g["lastMoveAt"].as_u64(), "{v}");
    let pgn = v["pgn"].as_str().expect("pgn");
    assert!(
        pgn.contains("[White \"Arun\"]") && pgn.contains("1-0"),
        "{pgn}"
    );
    assert_eq!(v["missing"], 404, "{v}");
    assert_eq!(v["stranger"], 401, "{v}");
    println!(
        "berserk {} read the account and exported game {game}",
        v["berserk"]
    );
    s.stop().await;
}

/// `GET /api` is the reference page, HTML, with the limits and the `status` table filled in.
#[tokio::test]
async fn the_api_reference_is_served_at_slash_api() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let h = Http::new(&s);
    let page = h.get("/api", None, None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()),
        Some("text/html; charset=utf-8")
    );
    for text in [
        "<h1>The HTTP API for boards and bots</h1>",
        "Authorization: Bearer",
        "<code>variantEnd</code>",
        "<code>board:play</code>",
        "berserk.Client",
    ] {
        assert!(page.text.contains(text), "{text} is on the page");
    }
    assert!(!page.text.contains("<!-- limits -->"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_under_api_is_json() {
    let s = Server::start(None, Duration::from_secs(60)).await;
    let h = Http::new(&s);
    let cookie = h.signed_up("Jsonerr").await;
    let token = h.token(&cookie, "errors", &["board:play"]).await;
    let json_error = |a: &Answer, status: StatusCode| {
        assert_eq!(a.status, status, "{}", a.text);
        assert_eq!(
            a.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()),
            Some("application/json"),
            "{status}: {}",
            a.text
        );
        let error = a.error();
        assert!(!error.is_empty(), "{status}: {}", a.text);
        error
    };
    // A method the route lacks: 405, its Allow header kept.
    let a = h.get("/api/board/seek", Some(&token), None).await;
    assert_eq!(
        json_error(&a, StatusCode::METHOD_NOT_ALLOWED),
        "Method Not Allowed"
    );
    assert!(
        a.headers
            .get("allow")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("POST")),
        "{:?}",
        a.headers
    );
    // No such route.
    let a = h.get("/api/no/such/route", Some(&token), None).await;
    json_error(&a, StatusCode::NOT_FOUND);
    // A path past the limit: 414 with its reason.
    let long = format!("/api/{}", "a".repeat(server::MAX_PATH_BYTES));
    let a = h.get(&long, Some(&token), None).await;
    assert_eq!(
        json_error(&a, StatusCode::URI_TOO_LONG),
        "the path is too long"
    );
    // A body past the limit.
    let big = "x".repeat(3 * 1024 * 1024);
    let a = h
        .send(
            h.client
                .post(format!("{}/api/board/seek", h.base))
                .header(AUTHORIZATION, format!("Bearer {token}"))
                .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(big),
        )
        .await;
    json_error(&a, StatusCode::PAYLOAD_TOO_LARGE);
    // Outside /api/ the page's answers stay as they are.
    let a = h.get("/no-such-file", None, None).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_ne!(
        a.headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()),
        Some("application/json")
    );
}
