//! The first board (crates/first): drawn before the full app has started, with the same markup
//! as the app's; clicks made on it are played once the app takes over, and stored.
//!
//! The app is held back with the page's test hook `window.__aseanHoldApp` (a promise that
//! `index.html` waits for before starting the full app), installed before the page's scripts.

mod common;

use anyhow::{Context, Result, ensure};
use common::{CURRENT_KEY, START_FEN, expected_board, finish, game_key, replay, saved_game_json};
use e2e::{Browser, Viewport, start_app};
use serde_json::{Value, json};

/// Holds the app's start until `window.__aseanReleaseApp()` is called.
const HOLD: &str =
    "window.__aseanHoldApp = new Promise((resolve) => { window.__aseanReleaseApp = resolve; });";

/// Every square of `#board` in document order: its name, classes, tabindex, coordinates and
/// piece (what the eye and the tests see; the squares' spoken labels are the app's alone).
const SNAPSHOT: &str = "return [...document.querySelectorAll('#board > *')].map((s) => [\
    s.getAttribute('data-square'), s.className, s.getAttribute('tabindex'), s.getAttribute('role'), \
    [...s.children].map((c) => c.className + '=' + (c.getAttribute('data-piece') || c.textContent)).join(' ')]);";

/// Installs the hold for the next loads and reloads the page without waiting for the app;
/// returns the script's identifier, to remove it.
async fn reload_held(browser: &Browser) -> Result<Value> {
    let cdp = browser.driver().cdp();
    let added = cdp
        .send_raw(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": HOLD }),
        )
        .await?;
    browser.driver().refresh().await.context("reloading")?;
    Ok(added["identifier"].clone())
}

async fn unhold(browser: &Browser, identifier: Value) -> Result<()> {
    browser
        .driver()
        .cdp()
        .send_raw(
            "Page.removeScriptToEvaluateOnNewDocument",
            json!({ "identifier": identifier }),
        )
        .await?;
    Ok(())
}

async fn ready(browser: &Browser) -> Result<bool> {
    Ok(browser
        .attr("#app", "data-ready")
        .await?
        .is_some_and(|v| v == "true"))
}

async fn owner(browser: &Browser) -> Result<Value> {
    browser
        .js("return window.__aseanFirst ? window.__aseanFirst.owner : null;")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_board_shows_the_saved_game_and_keeps_its_clicks() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let opening = ["e3e4", "d6d5", "b3b4", "g6g5"];
    browser
        .storage_set(
            &game_key("g1"),
            &saved_game_json("g1", START_FEN, "any", &opening),
        )
        .await?;
    browser.storage_set(CURRENT_KEY, "g1").await?;

    // The saved game, drawn by the first module while the app is held back.
    let hold = reload_held(&browser).await?;
    browser.wait_for("#board [data-piece]").await?;
    ensure!(!ready(&browser).await?, "the app is held back");
    ensure!(
        owner(&browser).await? == json!("first"),
        "the first module drew"
    );
    let game = replay(START_FEN, "any", &opening);
    ensure!(
        browser.board_pieces().await? == expected_board(&game),
        "the first board shows the saved position"
    );
    let first_board = browser.js(SNAPSHOT).await?;
    ensure!(
        browser.exists(r#"[data-square="g6"].last"#).await?
            && browser.exists(r#"[data-square="g5"].last"#).await?,
        "the last move is marked"
    );
    ensure!(
        browser.exists("#start[hidden]").await?,
        "no start screen for a returning player"
    );

    // A move clicked at once: the first board selects and plays it, without storing it.
    browser.click_square("e4").await?;
    browser.wait_for(r#"[data-square="e4"].sel"#).await?;
    browser
        .wait_for(r#"[data-square="d5"].dest.capture"#)
        .await?;
    browser.click_square("d5").await?;
    browser
        .wait_until("the move drawn on the first board", async |b| {
            Ok(b.piece_at("d5").await?.as_deref() == Some("wP"))
        })
        .await?;
    ensure!(!ready(&browser).await?, "still held back");
    let stored = browser
        .storage_get(&game_key("g1"))
        .await?
        .unwrap_or_default();
    ensure!(
        !stored.contains("e4d5"),
        "the first module writes nothing: {stored}"
    );

    // The app takes over and plays the queued clicks through its own click path.
    browser
        .js("window.__aseanReleaseApp(); return null;")
        .await?;
    browser.wait_app_ready().await?;
    browser.wait_for_plies(5).await?;
    ensure!(
        owner(&browser).await? == json!("app"),
        "the app owns the board"
    );
    let played = replay(START_FEN, "any", &["e3e4", "d6d5", "b3b4", "g6g5", "e4d5"]);
    ensure!(
        browser.board_pieces().await? == expected_board(&played),
        "the app shows the move played on the first board"
    );
    browser
        .wait_until("the move stored", async |b| {
            Ok(b.storage_get(&game_key("g1"))
                .await?
                .is_some_and(|s| s.contains("e4d5")))
        })
        .await?;

    // The same position drawn by the first module and then by the app: the same squares.
    let again = reload_held(&browser).await?;
    unhold(&browser, hold).await?;
    browser
        .wait_for(r#"[data-square="d5"] [data-piece="wP"]"#)
        .await?;
    ensure!(!ready(&browser).await?, "held back again");
    let drawn_first = browser.js(SNAPSHOT).await?;
    browser
        .js("window.__aseanReleaseApp(); return null;")
        .await?;
    browser.wait_app_ready().await?;
    let drawn_by_app = browser.js(SNAPSHOT).await?;
    ensure!(
        drawn_first == drawn_by_app,
        "the first board's markup is the app's:\n{drawn_first}\n{drawn_by_app}"
    );
    ensure!(first_board != drawn_first, "the snapshots see the move");

    // A reload without the hold: the move survived.
    unhold(&browser, again).await?;
    browser.reload().await?;
    browser.wait_for_plies(5).await?;
    ensure!(browser.board_pieces().await? == expected_board(&played));
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_visit_shows_the_start_screen_and_keeps_its_choice() -> Result<()> {
    let (_server, mut browser) = start_app(Viewport::PHONE).await?;
    browser.keep_start_screen(true);
    browser.js("localStorage.clear(); return null;").await?;
    let hold = reload_held(&browser).await?;
    browser.wait_for("#start:not([hidden])").await?;
    ensure!(!ready(&browser).await?, "the app is held back");
    ensure!(
        browser.exists("#app.starting").await?,
        "the board is hidden under the start screen"
    );
    browser.click(r#"[data-start="hotseat"]"#).await?;
    browser
        .js("window.__aseanReleaseApp(); return null;")
        .await?;
    unhold(&browser, hold).await?;
    browser.wait_app_ready().await?;
    browser.wait_for("#start[hidden]").await?;
    browser.wait_for(r#"#app[data-mode="hotseat"]"#).await?;
    ensure!(
        !browser.exists("#app.starting").await?,
        "the queued choice started a game"
    );
    browser.click_move("e3", "e4").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_app_cannot_load_its_failure_is_shown_over_the_first_board() -> Result<()> {
    let server = e2e::TestServer::start().await?;
    let browser = server.browser(Viewport::PHONE).await?;
    let cdp = browser.driver().cdp();
    cdp.send_raw("Network.enable", json!({})).await?;
    cdp.send_raw(
        "Network.setBlockedURLs",
        json!({ "urls": ["*/pkg/web_bg.wasm"] }),
    )
    .await?;
    // A first visit: the first module shows the start screen, which hides the panel.
    browser.open("/").await?;
    browser
        .wait_until("the failure message", async |b| {
            Ok(b.text("#status").await?.contains("could not load"))
        })
        .await?;
    ensure!(
        browser.exists("#start[hidden]").await? && !browser.exists("#app.starting").await?,
        "the start screen gave way to the message"
    );
    ensure!(
        common::displayed(&browser, "#status").await?,
        "the message is visible"
    );
    ensure!(!ready(&browser).await?, "the app did not start");
    // The page errors are the blocked module's: expected here.
    browser.quit().await
}
