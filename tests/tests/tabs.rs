//! The same game open in two tabs of one browser: each tab follows the other's moves through
//! the `storage` event, and a tab never overwrites a newer stored version it has not seen.

mod common;

use anyhow::{Context, Result, ensure};
use common::{CURRENT_KEY, START_FEN, assert_shows, finish, game_key, replay, saved_game_json};
use e2e::{Browser, Viewport, start_app};

/// The UCI moves stored for the game on the board.
async fn stored_moves(browser: &Browser) -> Result<Vec<String>> {
    let id = browser
        .storage_get(CURRENT_KEY)
        .await?
        .context("current game id")?;
    let text = browser
        .storage_get(&game_key(&id))
        .await?
        .context("stored game")?;
    let v: serde_json::Value = serde_json::from_str(&text)?;
    Ok(v["moves"]
        .as_array()
        .context("moves")?
        .iter()
        .filter_map(|m| m.as_str().map(str::to_owned))
        .collect())
}

/// Waits until a toast with this text is on screen.
async fn wait_toast(browser: &Browser, text: &str) -> Result<()> {
    let what = format!("a toast {text:?}");
    browser
        .wait_until(&what, async |b| {
            let v = b
                .js_with(
                    "return [...document.querySelectorAll('#toasts .toast')].some(t => t.textContent.includes(arguments[0]));",
                    vec![serde_json::Value::String(text.to_owned())],
                )
                .await?;
            Ok(v.as_bool().unwrap_or(false))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tabs_of_one_game_lose_no_moves() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let driver = browser.driver().clone();
    let tab_a = driver.window().await?;
    browser.click_move("e3", "e4").await?;
    browser.wait_for_plies(1).await?;

    // Tab B opens the same game.
    let tab_b = driver.new_tab().await?;
    driver.switch_to_window(tab_b.clone()).await?;
    browser.open_app().await?;
    browser.wait_for_plies(1).await?;
    browser.click_move("d6", "d5").await?;
    browser.wait_for_plies(2).await?;

    // Tab A follows without a reload, and says so.
    driver.switch_to_window(tab_a.clone()).await?;
    browser.wait_for_plies(2).await?;
    wait_toast(&browser, "Updated from another tab").await?;
    browser.screenshot("tabs-updated-phone").await?;
    browser.click_move("e4", "d5").await?;
    browser.wait_for_plies(3).await?;

    // Tab B follows in turn, and plays on from there.
    driver.switch_to_window(tab_b.clone()).await?;
    browser.wait_for_plies(3).await?;
    browser.click_move("c6", "c5").await?;
    browser.wait_for_plies(4).await?;
    let all = ["e3e4", "d6d5", "e4d5", "c6c5"];
    ensure!(
        stored_moves(&browser).await? == all,
        "stored moves after tab B"
    );

    driver.switch_to_window(tab_a.clone()).await?;
    browser.wait_for_plies(4).await?;
    assert_shows(&browser, &replay(START_FEN, "any", &all)).await?;
    ensure!(stored_moves(&browser).await? == all, "no move lost");
    driver.switch_to_window(tab_b.clone()).await?;
    driver.close_window().await?;
    driver.switch_to_window(tab_a).await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_diverging_stored_version_is_adopted_not_overwritten() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    browser.click_move("e3", "e4").await?;
    browser.wait_for_plies(1).await?;
    let id = browser
        .storage_get(CURRENT_KEY)
        .await?
        .context("current game id")?;
    // Another tab wrote a longer, different game under the same id (as if its storage event
    // was missed): written from this page, so no event reaches it.
    let theirs = ["c3c4", "d6d5", "c4d5"];
    let mut other: serde_json::Value =
        serde_json::from_str(&saved_game_json(&id, START_FEN, "any", &theirs))?;
    other["updated"] = serde_json::json!(4_102_444_800_000_u64);
    browser
        .storage_set(&game_key(&id), &other.to_string())
        .await?;

    // Our next move would overwrite it: the page adopts the stored game instead and says so.
    browser.click_square("d6").await?;
    browser.wait_for(r#"[data-square="d6"].sel"#).await?;
    browser.click_square("d5").await?;
    browser.wait_for_plies(3).await?;
    assert_shows(&browser, &replay(START_FEN, "any", &theirs)).await?;
    wait_toast(&browser, "changed in another tab").await?;
    ensure!(
        stored_moves(&browser).await? == theirs,
        "the newer version is kept"
    );

    // Playing on from the adopted game saves normally.
    browser.click_move("e6", "d5").await?;
    browser.wait_for_plies(4).await?;
    ensure!(
        stored_moves(&browser).await? == ["c3c4", "d6d5", "c4d5", "e6d5"],
        "saved after adopting"
    );
    finish(browser).await
}
