//! The first visit and the clocks of local games: the start screen `#start` starts each way
//! to play in one tap (and is gone for a returning player); a hot-seat game on the clock runs
//! its clocks at the players' edges of the board and ends on time; the new-game dialog fits
//! the window with its buttons in view.

mod common;

use anyhow::{Context, Result, ensure};
use common::{CURRENT_KEY, displayed, finish, game_key, wait_dialog};
use e2e::{Browser, TestServer, Viewport};

/// A fresh browser on the first visit, the start screen left up.
async fn first_visit(server: &TestServer, viewport: Viewport) -> Result<Browser> {
    let mut browser = server.browser(viewport).await?;
    browser.keep_start_screen(true);
    browser.open_app().await?;
    browser.wait_for("#start:not([hidden])").await?;
    Ok(browser)
}

/// Whether `selector`'s element lies wholly inside the window (CSS pixels).
async fn in_window(browser: &Browser, selector: &str) -> Result<bool> {
    let v = browser
        .js_with(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); \
             return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight \
                 && r.right <= window.innerWidth && r.height > 0;",
            vec![serde_json::Value::String(selector.to_owned())],
        )
        .await?;
    Ok(v.as_bool().unwrap_or(false))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_screen_starts_each_way_to_play_in_one_tap() -> Result<()> {
    let server = TestServer::start().await?;

    // On a phone: the three choices and the rules link are on the first screen.
    let browser = first_visit(&server, Viewport::PHONE).await?;
    for kind in ["online", "ai", "hotseat"] {
        let selector = format!(r#"[data-start="{kind}"]"#);
        ensure!(
            in_window(&browser, &selector).await?,
            "{selector} is on the first screen of a phone"
        );
    }
    ensure!(displayed(&browser, "#start-rules").await?);
    ensure!(
        !displayed(&browser, "#board").await?,
        "the board waits behind the start screen"
    );
    let rules = browser
        .attr("#start-rules", "href")
        .await?
        .unwrap_or_default();
    ensure!(rules.ends_with("rules/en.html"), "rules link {rules}");
    browser.screenshot("start_phone").await?;

    // Two players: one tap, and the board is there.
    browser.click(r#"[data-start="hotseat"]"#).await?;
    browser.wait_for("#start[hidden]").await?;
    browser
        .wait_for_attr("#app", "data-mode", "hotseat")
        .await?;
    ensure!(displayed(&browser, "#board").await?);
    browser.drag("e3", "e4").await?;
    browser.wait_for_text("#status", "Black to move").await?;
    // A returning player lands in the last game.
    browser.reload().await?;
    ensure!(
        browser.exists("#start[hidden]").await?,
        "no start screen for a returning player"
    );
    ensure!(browser.sans().await? == ["e4"]);
    finish(browser).await?;

    // The computer: one tap, a game at the gentle level with the player as White.
    let browser = first_visit(&server, Viewport::DESKTOP).await?;
    browser.screenshot("start_desktop").await?;
    browser.click(r#"[data-start="ai"]"#).await?;
    browser.wait_for("#start[hidden]").await?;
    browser.wait_for_attr("#app", "data-mode", "ai").await?;
    browser.drag("e3", "e4").await?;
    browser.wait_for_plies(2).await.context("the AI answers")?;
    finish(browser).await?;

    // A friend online: one tap, and the invite link is there to send.
    let browser = first_visit(&server, Viewport::PHONE).await?;
    browser.click(r#"[data-start="online"]"#).await?;
    browser.wait_for("#waiting:not([hidden])").await?;
    let link = browser
        .js("return document.getElementById('invite-link').value;")
        .await?;
    ensure!(
        link.as_str().is_some_and(|l| l.contains("#/room/")),
        "invite link {link}"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hot_seat_game_on_the_clock_ends_on_time() -> Result<()> {
    let server = TestServer::start().await?;
    let browser = server.browser(Viewport::PHONE).await?;
    browser.open_app().await?;

    // A timed game from the dialog: both clocks at 3:00, Black's at the top.
    browser.click("#btn-new").await?;
    wait_dialog(&browser, "new-game", true).await?;
    browser.select_value("#time-control", "3+2").await?;
    browser.click("#new-game-start").await?;
    wait_dialog(&browser, "new-game", false).await?;
    browser.wait_for("#clocks:not([hidden])").await?;
    browser
        .wait_for_text("#clock-white .clock-time", "3:00")
        .await?;
    browser
        .wait_for_text("#clock-black .clock-time", "3:00")
        .await?;
    let order = browser
        .js(
            "const b = document.querySelector('.board-frame').getBoundingClientRect(); \
             const w = document.getElementById('clock-white').getBoundingClientRect(); \
             const k = document.getElementById('clock-black').getBoundingClientRect(); \
             return [k.bottom <= b.top + 1, w.top >= b.bottom - 1];",
        )
        .await?;
    ensure!(
        order == serde_json::json!([true, true]),
        "Black's clock above the board, White's below: {order}"
    );
    // White's first move is free; then Black's clock runs.
    browser.drag("e3", "e4").await?;
    browser.wait_for("#clock-black.running").await?;
    ensure!(!browser.exists("#clock-white.running").await?);
    browser.click("#btn-flip").await?;
    browser
        .wait_for_attr("#clocks", "data-bottom", "black")
        .await?;
    browser.click("#btn-flip").await?;

    // The same game with Black down to its last three seconds: a reload keeps the time that
    // passed, the clock turns low, and the flag falls.
    let id = browser
        .storage_get(CURRENT_KEY)
        .await?
        .context("a current game")?;
    let key = game_key(&id);
    let stored = browser
        .storage_get(&key)
        .await?
        .context("the game is saved")?;
    let mut saved: serde_json::Value = serde_json::from_str(&stored)?;
    ensure!(
        saved["clock"]["control"] == serde_json::json!({"initial_secs": 180, "increment_secs": 2}),
        "stored clock: {}",
        saved["clock"]
    );
    saved["clock"]["history"] = serde_json::json!([{"white": 170_000, "black": 3_000}]);
    browser
        .js_with(
            "const s = JSON.parse(arguments[1]); s.clock.since = Date.now(); \
             localStorage.setItem(arguments[0], JSON.stringify(s));",
            vec![key.clone().into(), saved.to_string().into()],
        )
        .await?;
    browser.reload().await?;
    browser.wait_for("#clock-black.low.running").await?;
    browser.screenshot("clock_low_phone").await?;
    browser
        .wait_for_attr("#status", "data-outcome", "timeout-white-wins")
        .await?;
    wait_dialog(&browser, "game-over", true).await?;
    browser
        .wait_for_text("#clock-black .clock-time", "0.0")
        .await?;
    browser.screenshot("clock_timeout_phone").await?;
    let stored = browser.storage_get(&key).await?.context("still saved")?;
    ensure!(
        stored.contains("timeout-white-wins"),
        "the result is saved: {stored}"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_new_game_dialog_fits_the_window() -> Result<()> {
    let server = TestServer::start().await?;
    for (viewport, name) in [(Viewport::DESKTOP, "desktop"), (Viewport::PHONE, "phone")] {
        let browser = server.browser(viewport).await?;
        browser.open_app().await?;
        browser.click("#btn-new").await?;
        wait_dialog(&browser, "new-game", true).await?;
        browser
            .click(r#"#new-game input[name="mode"][value="online"]"#)
            .await?;
        for button in ["#new-game-start", "#new-game-cancel"] {
            ensure!(
                in_window(&browser, button).await?,
                "{button} is in view at {name} size in online mode"
            );
        }
        browser
            .screenshot(&format!("new_game_online_{name}"))
            .await?;
        browser.click("#new-game-cancel").await?;
        wait_dialog(&browser, "new-game", false).await?;
        finish(browser).await?;
    }
    Ok(())
}
