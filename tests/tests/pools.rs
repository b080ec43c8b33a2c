//! Quick pairing in the page, against the real server: two newcomers sign up, one on a phone
//! and one on a desktop, tap 5+3 and are paired into a rated game; the wait shows meanwhile
//! (the pool, the players waiting, Cancel); they play to mate and both game-over dialogs show
//! the rating changes; each rating stands beside its player's name by the clocks. Cancelling
//! leaves the pool.

mod common;

use anyhow::ensure;
use common::{displayed, finish, sign_up, wait_dialog};
use e2e::{Browser, TestServer, Viewport};

const POOL: &str = r#"#lobby-pools-grid [data-pool="5+3"]"#;

/// Which colour `b` plays, from its mode line.
async fn plays_white(b: &Browser) -> anyhow::Result<bool> {
    b.wait_until("the seat is known", async |b: &Browser| {
        let t = b.text("#mode-setting").await?;
        Ok(t.contains("you play White") || t.contains("you play Black"))
    })
    .await?;
    Ok(b.text("#mode-setting").await?.contains("you play White"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_newcomers_tap_5_3_and_play_a_rated_game() -> anyhow::Result<()> {
    let server = TestServer::start_with(|c| {
        c.lobby.pool_wave = std::time::Duration::from_millis(300);
    })
    .await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    b.open_app().await?;
    sign_up(&a, "Pool-One").await?;
    sign_up(&b, "Pool-Two").await?;

    // Alone in the pool: the wait shows, and Cancel leaves it.
    a.click(POOL).await?;
    a.wait_for(r#"#pool-wait[data-pool="5+3"]:not([hidden])"#)
        .await?;
    a.wait_for_attr(POOL, "aria-pressed", "true").await?;
    a.wait_for_text("#pool-wait-info", "1 player waiting")
        .await?;
    ensure!(
        a.text("#pool-wait-title").await?.contains("Rated"),
        "signed in: a rated pool"
    );
    a.screenshot("pools-waiting-desktop").await?;
    a.click("#pool-cancel").await?;
    a.wait_for("#pool-wait[hidden]").await?;

    // Both tap 5+3: paired into one room.
    a.click(POOL).await?;
    a.wait_for("#pool-wait:not([hidden])").await?;
    b.click(POOL).await?;
    for p in [&a, &b] {
        p.wait_for("#pool-wait[hidden]").await?;
        p.wait_for("#rated-badge:not([hidden])").await?;
        p.wait_for(r#"[data-username="Pool-One"]"#).await?;
        p.wait_for(r#"[data-username="Pool-Two"]"#).await?;
        // Beside each name, the rating the player came with: new, so provisional.
        for side in ["white", "black"] {
            let rating = format!("#clock-{side} .clock-rating:not([hidden])");
            p.wait_for_text(&rating, "1500?").await?;
        }
    }
    let room_a = a.js("return location.hash;").await?;
    let room_b = b.js("return location.hash;").await?;
    ensure!(
        room_a == room_b && room_a.as_str().is_some_and(|h| h.starts_with("#/room/")),
        "one room: {room_a} {room_b}"
    );
    // The phone's player tapped in the lobby, further down: the game shows the board.
    let top = b
        .js(
            "const t = document.querySelector('.board-area').getBoundingClientRect().top;\
             return t >= 0 && t < innerHeight / 2;",
        )
        .await?;
    ensure!(top == serde_json::json!(true), "the board is in view");
    b.screenshot("pools-paired-phone").await?;
    let (white, black) = if plays_white(&a).await? {
        (&a, &b)
    } else {
        (&b, &a)
    };
    ensure!(!plays_white(black).await?, "one White, one Black");
    // A mate in three for White.
    let line = [
        ("b1", "d2"),
        ("b8", "d7"),
        ("d2", "c4"),
        ("g8", "e7"),
        ("c4", "d6"),
    ];
    for (ply, (from, to)) in line.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (white, black)
        } else {
            (black, white)
        };
        mover.click_move(from, to).await?;
        other.wait_for_plies(ply + 1).await?;
    }
    for p in [&a, &b] {
        wait_dialog(p, "game-over", true).await?;
        p.wait_for(r#"#game-over-ratings:not([hidden]) li[data-rating="black"]"#)
            .await?;
        let diffs = p
            .js(
                "return [...document.querySelectorAll('#game-over-ratings li')]\
                 .map(li => Number(li.dataset.diff));",
            )
            .await?;
        let diffs: Vec<i64> = diffs
            .as_array()
            .map(|v| v.iter().filter_map(serde_json::Value::as_i64).collect())
            .unwrap_or_default();
        ensure!(
            diffs.len() == 2 && diffs[0] > 0 && diffs[1] < 0,
            "White won: {diffs:?}"
        );
    }
    ensure!(
        !displayed(&a, "#pool-wait").await?,
        "no wait after the pairing"
    );
    a.screenshot("pools-over-desktop").await?;
    finish(a).await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anonymous_players_pair_from_the_start_screen_into_a_casual_game() -> anyhow::Result<()> {
    let server = TestServer::start_with(|c| {
        c.lobby.pool_wave = std::time::Duration::from_millis(300);
    })
    .await?;
    let mut phone = server.browser(Viewport::PHONE).await?;
    phone.keep_start_screen(true);
    phone.open_app().await?;
    phone.wait_for("#start:not([hidden])").await?;
    let buttons = phone
        .js(
            "return [...document.querySelectorAll('#start-pools-grid [data-pool]')]\
             .map(b => b.dataset.pool);",
        )
        .await?;
    ensure!(
        buttons == serde_json::json!(["1+0", "3+0", "3+2", "5+3", "10+0", "10+5", "15+10", "30+0"]),
        "the pools offered: {buttons}"
    );
    phone.screenshot("pools-start-phone").await?;
    // On a phone the first row of time controls shows without scrolling.
    let bottom = phone
        .js(
            "return document.querySelector('#start-pools-grid [data-pool=\"5+3\"]')\
             .getBoundingClientRect().bottom - innerHeight;",
        )
        .await?;
    ensure!(
        bottom.as_f64().is_some_and(|b| b <= 0.0),
        "quick pairing is above the fold: {bottom} px below it"
    );
    phone
        .click(r#"#start-pools-grid [data-pool="3+2"]"#)
        .await?;
    phone.wait_for("#start[hidden]").await?;
    phone
        .wait_for(r#"#pool-wait[data-pool="3+2"]:not([hidden])"#)
        .await?;
    phone.wait_for_text("#pool-wait-title", "Casual").await?;
    phone.screenshot("pools-waiting-phone").await?;
    // Play the computer while waiting: the place is kept, and the pairing takes the player
    // to the room.
    phone.click("#pool-play-ai").await?;
    phone.wait_for(r#"#app[data-mode="ai"]"#).await?;
    ensure!(
        displayed(&phone, "#pool-wait").await?,
        "the wait stays shown"
    );
    let desk = server.browser(Viewport::DESKTOP).await?;
    desk.open_app().await?;
    desk.click(r#"#lobby-pools-grid [data-pool="3+2"]"#).await?;
    for p in [&phone, &desk] {
        p.wait_for(r#"#app[data-mode="online"]"#).await?;
        p.wait_for("#pool-wait[hidden]").await?;
        p.wait_until("a seat", async |b: &Browser| {
            Ok(b.text("#mode-setting").await?.contains("you play"))
        })
        .await?;
        p.wait_for("#rated-badge[hidden]").await?;
    }
    finish(phone).await?;
    finish(desk).await
}
