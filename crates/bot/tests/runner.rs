//! `asean-bot` against a real server process with the workspace's `asean-engine`: two bots
//! play a rated game on a short clock to a result; a bot declines the challenges its rules
//! exclude with lichess's reason keys (and accepts the others); and a bot whose server is
//! killed and started again on the same port and database reconnects and finishes its game.

mod common;

use std::time::Duration;

use common::{BotProcess, ServerProcess, Stream, account, post};
use reqwest::StatusCode;
use serde_json::Value;

/// The statuses of a game played to a result.
const RESULTS: [&str; 7] = [
    "mate",
    "resign",
    "stalemate",
    "timeout",
    "draw",
    "outoftime",
    "variantEnd",
];

/// Waits until `n` bots are listed online.
async fn online(server: &ServerProcess, n: usize, bots: &[&BotProcess]) {
    for _ in 0..200 {
        let text = reqwest::get(format!("http://{}/api/bot/online", server.addr))
            .await
            .expect("online")
            .text()
            .await
            .expect("body");
        if text.lines().count() >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let logs: Vec<String> = bots.iter().map(|b| b.log()).collect();
    panic!("the bots never came online:\n{}", logs.join("\n-----\n"));
}

fn status(game: &Value) -> String {
    game["status"]["name"]
        .as_str()
        .or(game["status"].as_str())
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_a_rated_game_on_a_clock_to_a_result() {
    let server = ServerProcess::start().await;
    let addr = server.addr;
    let alpha = account(addr, "AlphaBot", &["bot:play"]).await;
    let beta = account(addr, "BetaBot", &["bot:play"]).await;
    // One upgraded through the API, the other by its runner (`upgrade = true`).
    let (s, v) = post(addr, "/api/bot/account/upgrade", &alpha, "").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let a = BotProcess::start(addr, &alpha, 8, "");
    let b = BotProcess::start(addr, &beta, 8, "upgrade = true");
    online(&server, 2, &[&a, &b]).await;
    let mut events = Stream::open(addr, "/api/stream/event", &alpha).await;
    let (s, c) = post(
        addr,
        "/api/challenge/betabot",
        &alpha,
        "rated=true&clock.limit=10&clock.increment=0",
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{c}");
    let finish = events
        .until(Duration::from_secs(120), |v| v["type"] == "gameFinish")
        .await;
    let game = &finish["game"];
    let logs = format!("{}\n-----\n{}", a.log(), b.log());
    assert_eq!(game["id"], c["id"], "{finish}\n{logs}");
    assert!(RESULTS.contains(&status(game).as_str()), "{finish}\n{logs}");
    assert_eq!(game["rated"], true);
    eprintln!(
        "the game ended {} (winner {}), last move {}; {} moves sent again past the budget",
        status(game),
        game["winner"],
        game["lastMove"],
        logs.matches("too many requests").count()
    );
    assert!(logs.contains("accepted"), "{logs}");
    for t in [&alpha, &beta] {
        assert!(!logs.contains(t.as_str()), "a token in the log");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_declines_the_challenges_its_rules_exclude_with_lichess_s_reasons() {
    let server = ServerProcess::start().await;
    let addr = server.addr;
    let bot = account(addr, "CasualBot", &["bot:play"]).await;
    let person = account(addr, "Somchai", &["challenge:read", "challenge:write"]).await;
    let b = BotProcess::start(
        addr,
        &bot,
        1,
        "upgrade = true\n[challenge]\nrated = false\nmax_base_s = 600\n",
    );
    online(&server, 1, &[&b]).await;
    let mut events = Stream::open(addr, "/api/stream/event", &person).await;
    for (form, reason) in [
        ("rated=true&clock.limit=300&clock.increment=3", "casual"),
        ("rated=false", "timeControl"),
        ("rated=false&clock.limit=900&clock.increment=0", "tooSlow"),
    ] {
        let (s, c) = post(addr, "/api/challenge/casualbot", &person, form).await;
        assert_eq!(s, StatusCode::OK, "{c}");
        let declined = events
            .until(Duration::from_secs(20), |v| {
                v["type"] == "challengeDeclined" && v["challenge"]["id"] == c["id"]
            })
            .await;
        assert_eq!(
            declined["challenge"]["declineReasonKey"],
            reason,
            "{form}: {declined}\n{}",
            b.log()
        );
    }
    // What the rules allow is accepted.
    let (s, c) = post(
        addr,
        "/api/challenge/casualbot",
        &person,
        "rated=false&clock.limit=300&clock.increment=3",
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{c}");
    let start = events
        .until(Duration::from_secs(20), |v| v["type"] == "gameStart")
        .await;
    assert_eq!(start["game"]["id"], c["id"], "{}", b.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_reconnects_after_its_server_restarts_and_finishes_its_game() {
    let mut server = ServerProcess::start().await;
    let addr = server.addr;
    let alpha = account(addr, "KhonBot", &["bot:play"]).await;
    let beta = account(addr, "MetBot", &["bot:play"]).await;
    for t in [&alpha, &beta] {
        let (s, v) = post(addr, "/api/bot/account/upgrade", t, "").await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let a = BotProcess::start(addr, &alpha, 8, "");
    let b = BotProcess::start(addr, &beta, 8, "");
    online(&server, 2, &[&a, &b]).await;
    let (s, c) = post(
        addr,
        "/api/challenge/metbot",
        &alpha,
        "rated=false&clock.limit=20&clock.increment=0",
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{c}");
    let id = c["id"].as_str().expect("id").to_owned();
    let mut events = Stream::open(addr, "/api/stream/event", &alpha).await;
    events
        .until(Duration::from_secs(20), |v| v["type"] == "gameStart")
        .await;
    let plies = |v: &Value| {
        v["moves"]
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .count()
    };
    let mut game = Stream::open(addr, &format!("/api/bot/game/stream/{id}"), &alpha).await;
    let before = game
        .until(Duration::from_secs(30), |v| {
            plies(v) >= 6 || plies(&v["state"]) >= 6
        })
        .await;
    assert_eq!(status(&before), "started", "{before}");
    let at_kill = plies(&before);
    drop((game, events));
    server.kill();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    server.restart().await;
    // The game goes on to its end.
    let mut game = Stream::open(addr, &format!("/api/bot/game/stream/{id}"), &alpha).await;
    let end = game
        .until(Duration::from_secs(120), |v| {
            let s = if v["type"] == "gameFull" {
                &v["state"]
            } else {
                v
            };
            !matches!(s["status"].as_str(), Some("started" | "created") | None)
        })
        .await;
    let end = if end["type"] == "gameFull" {
        end["state"].clone()
    } else {
        end
    };
    let logs = format!("{}\n-----\n{}", a.log(), b.log());
    assert!(RESULTS.contains(&status(&end).as_str()), "{end}\n{logs}");
    assert!(
        plies(&end) > at_kill + 2,
        "{at_kill} plies at the kill: {end}\n{logs}"
    );
    assert!(logs.contains("trying again"), "{logs}");
    eprintln!(
        "killed at ply {at_kill}; the game ended {} after {} plies",
        status(&end),
        plies(&end)
    );
}

/// A UCI engine in `sh` that answers its first `go` with `bestmove e6e5` (Black's legal
/// first move here) and the next ones with `later` (a command: `echo 'bestmove e6e5'`, an
/// illegal move by then, or `exit 3` to die).
fn fake_engine(later: &str) -> String {
    let script = format!(
        "n=0; while read line; do case \"$line\" in \
         uci) echo 'id name fake'; echo uciok;; \
         isready) echo readyok;; \
         go*) n=$((n+1)); echo 'info depth 1 score cp 0'; \
         if [ $n -ge 2 ]; then {later}; else echo 'bestmove e6e5'; fi;; \
         quit) exit 0;; esac; done"
    );
    format!("command = \"sh\"\nargs = [\"-c\", {script:?}]\n")
}

/// The bot's game against `person` (who plays White and opens, so that the bot's
/// resignation is one and not an abort) from a casual 5+3 challenge: the game's finish on the
/// person's event stream.
async fn lost_game(
    addr: std::net::SocketAddr,
    person: &str,
    events: &mut Stream,
    bot: &BotProcess,
) -> Value {
    let (s, c) = post(
        addr,
        "/api/challenge/fakebot",
        person,
        "rated=false&clock.limit=300&clock.increment=3&color=white",
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{c}");
    let id = c["id"].as_str().expect("id");
    tokio::time::timeout(
        Duration::from_secs(25),
        events.until(Duration::from_secs(30), |v| {
            v["type"] == "gameStart" && v["game"]["id"] == id
        }),
    )
    .await
    .unwrap_or_else(|_| panic!("no gameStart\n{}", bot.log()));
    // Two moves of White's each way, the second once the bot has answered the first.
    for uci in ["e3e4", "d3d4"] {
        post_until_ok(
            addr,
            &format!("/api/board/game/{id}/move/{uci}"),
            person,
            bot,
        )
        .await;
    }
    finished(events, id, bot).await
}

/// The `gameFinish` line of game `id` on the person's event stream, within 25 s; the
/// bot's log if none comes.
async fn finished(events: &mut Stream, id: &str, bot: &BotProcess) -> Value {
    tokio::time::timeout(
        Duration::from_secs(25),
        events.until(Duration::from_secs(30), |v| {
            v["type"] == "gameFinish" && v["game"]["id"] == id
        }),
    )
    .await
    .unwrap_or_else(|_| panic!("no gameFinish\n{}", bot.log()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_answers_an_illegal_move_or_dies_is_logged_and_the_bot_resigns() {
    let server = ServerProcess::start().await;
    let addr = server.addr;
    let bot = account(addr, "FakeBot", &["bot:play"]).await;
    let person = account(
        addr,
        "Malee",
        &["challenge:read", "challenge:write", "board:play"],
    )
    .await;
    let mut b = BotProcess::start_with_engine(
        addr,
        &bot,
        &fake_engine("echo 'bestmove e6e5'"),
        "upgrade = true",
    );
    online(&server, 1, &[&b]).await;
    let mut events = Stream::open(addr, "/api/stream/event", &person).await;
    let finish = lost_game(addr, &person, &mut events, &b).await;
    let log = b.log();
    assert_eq!(
        (status(&finish["game"]).as_str(), &finish["game"]["winner"]),
        ("resign", &Value::from("white")),
        "{finish}\n{log}"
    );
    assert!(
        log.contains("the engine answered \"e6e5\", refused"),
        "{log}"
    );
    assert!(!log.contains("panicked"), "{log}");
    assert!(!b.exited(), "{log}");
    drop(b);

    // An engine that dies at its second `go`: started again (whose first answer is illegal by
    // then), the bot resigns, and plays its next game with a new engine (which answers its
    // first move, then dies again).
    let mut b = BotProcess::start_with_engine(addr, &bot, &fake_engine("exit 3"), "");
    online(&server, 1, &[&b]).await;
    for _ in 0..2 {
        let finish = lost_game(addr, &person, &mut events, &b).await;
        assert_eq!(status(&finish["game"]), "resign", "{finish}\n{}", b.log());
    }
    let log = b.log();
    assert!(log.contains("the engine failed (exited"), "{log}");
    assert_eq!(log.matches("the engine failed (exited").count(), 2, "{log}");
    assert!(!log.contains("panicked"), "{log}");
    assert!(!b.exited(), "{log}");
}

/// Posts `path` as `token` until the server takes it (the bot may not have answered yet),
/// within 30 s. It asks four times a second, and once a second after a 429: the person's
/// token and the loopback address have budgets (60 and 120 requests at once, refilled 1 and 2
/// a second) that the bots share, and a faster poll on a slow machine spent them, so that
/// the bot's resignation was refused and the game never ended.
async fn post_until_ok(addr: std::net::SocketAddr, path: &str, token: &str, bot: &BotProcess) {
    let end = tokio::time::Instant::now() + Duration::from_secs(30);
    while tokio::time::Instant::now() < end {
        let wait = match post(addr, path, token, "").await.0 {
            StatusCode::OK => return,
            StatusCode::TOO_MANY_REQUESTS => 1_000,
            _ => 250,
        };
        tokio::time::sleep(Duration::from_millis(wait)).await;
    }
    panic!("{path} never taken\n{}", bot.log());
}

/// A casual 5+3 game of `person` (White) against the bot `bot_name`: its id, once started.
async fn game_with(
    addr: std::net::SocketAddr,
    person: &str,
    bot_name: &str,
    events: &mut Stream,
) -> String {
    let (s, c) = post(
        addr,
        &format!("/api/challenge/{bot_name}"),
        person,
        "rated=false&clock.limit=300&clock.increment=3&color=white",
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{c}");
    let id = c["id"].as_str().expect("id").to_owned();
    events
        .until(Duration::from_secs(20), |v| {
            v["type"] == "gameStart" && v["game"]["id"] == id.as_str()
        })
        .await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_answers_draw_offers_and_resigns_by_its_engine_s_scores() {
    let server = ServerProcess::start().await;
    let addr = server.addr;
    let person = account(
        addr,
        "Krit",
        &["challenge:read", "challenge:write", "board:play"],
    )
    .await;
    // The engine scores its first move 0, its next ones -5000 (and its third is illegal,
    // never reached).
    let engine = fake_engine("echo 'info depth 1 score cp -5000'; echo 'bestmove e5e4'");
    let willing = account(addr, "DrawBot", &["bot:play"]).await;
    let w = BotProcess::start_with_engine(
        addr,
        &willing,
        &engine,
        "upgrade = true\n[draw]\nmin_move = 1\n[resign]\nconsecutive_moves = 1\n",
    );
    let unwilling = account(addr, "StubbornBot", &["bot:play"]).await;
    let u = BotProcess::start_with_engine(
        addr,
        &unwilling,
        &engine,
        "upgrade = true\n[draw]\nenabled = false\n[resign]\nenabled = false\n",
    );
    online(&server, 2, &[&w, &u]).await;
    let mut events = Stream::open(addr, "/api/stream/event", &person).await;

    // A draw offered with White's first move: taken on a level score.
    let id = game_with(addr, &person, "drawbot", &mut events).await;
    post_until_ok(addr, &format!("/api/board/game/{id}/draw/yes"), &person, &w).await;
    post_until_ok(
        addr,
        &format!("/api/board/game/{id}/move/e3e4"),
        &person,
        &w,
    )
    .await;
    let end = finished(&mut events, &id, &w).await;
    assert_eq!(status(&end["game"]), "draw", "{end}\n{}", w.log());

    // A hopeless score: the bot resigns at once (`consecutive_moves = 1`).
    let id = game_with(addr, &person, "drawbot", &mut events).await;
    post_until_ok(
        addr,
        &format!("/api/board/game/{id}/move/e3e4"),
        &person,
        &w,
    )
    .await;
    post_until_ok(
        addr,
        &format!("/api/board/game/{id}/move/d3d4"),
        &person,
        &w,
    )
    .await;
    let end = finished(&mut events, &id, &w).await;
    assert_eq!(
        (status(&end["game"]).as_str(), &end["game"]["winner"]),
        ("resign", &Value::from("white")),
        "{end}\n{}",
        w.log()
    );
    assert!(
        w.log()
            .contains("resigning (the engine's score Some(Cp(-5000)))")
    );

    // Draws off, resigning off: the offer is declined, and the bot plays its second move
    // past its hopeless score (e5e4, legal here) until the person resigns.
    let id = game_with(addr, &person, "stubbornbot", &mut events).await;
    let mut game = Stream::open(addr, &format!("/api/board/game/stream/{id}"), &person).await;
    post_until_ok(addr, &format!("/api/board/game/{id}/draw/yes"), &person, &u).await;
    for uci in ["a3a4", "d3d4"] {
        post_until_ok(
            addr,
            &format!("/api/board/game/{id}/move/{uci}"),
            &person,
            &u,
        )
        .await;
    }
    game.until(Duration::from_secs(20), |v| {
        let moves = if v["type"] == "gameFull" {
            &v["state"]["moves"]
        } else {
            &v["moves"]
        };
        moves
            .as_str()
            .is_some_and(|m| m.split_whitespace().count() == 4)
    })
    .await;
    post(addr, &format!("/api/board/game/{id}/resign"), &person, "").await;
    let end = finished(&mut events, &id, &u).await;
    assert_eq!(
        (status(&end["game"]).as_str(), &end["game"]["winner"]),
        ("resign", &Value::from("black")),
        "{end}\n{}",
        u.log()
    );
    let log = u.log();
    assert!(log.contains("declining the opponent's draw offer"), "{log}");
    assert!(!log.contains("resigning"), "{log}");
}
