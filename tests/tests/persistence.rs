//! Saved games: reload mid-game with the repetition count intact and claim threefold; damaged
//! entries set aside (quarantined), reported, and never deleted; a browser that refuses
//! storage is told what will not be kept, and the page plays on.

mod common;

use anyhow::{Context, Result, ensure};
use common::{
    CURRENT_KEY, START_FEN, assert_shows, displayed, finish, game_key, inject_game, replay,
    saved_game_json, wait_dialog,
};
use e2e::{Browser, Viewport, start_app};
use rules::DrawClaim;

/// Knights out and back: after 4 plies the start position occurs a second time, after 8 a third.
const SHUFFLE: [&str; 8] = [
    "g1e2", "g8e7", "e2g1", "e7g8", "g1e2", "g8e7", "e2g1", "e7g8",
];

/// Checks the repetition counter and the claim button against the rules crate after `plies`
/// moves of [`SHUFFLE`]: the button is shown and enabled exactly when the claim is valid.
async fn check_counters(browser: &Browser, plies: usize) -> Result<()> {
    let game = replay(START_FEN, "any", &SHUFFLE[..plies]);
    let reps = game.repetitions().to_string();
    browser
        .wait_for_attr("#repetition-counter", "data-value", &reps)
        .await
        .with_context(|| format!("after {plies} plies"))?;
    let valid = game.can_claim(DrawClaim::Threefold);
    let shown = displayed(browser, "#btn-claim").await?;
    let enabled = browser.attr("#btn-claim", "disabled").await?.is_none();
    let hidden = browser.attr("#btn-claim", "hidden").await?.is_some();
    ensure!(
        shown == valid && enabled == valid && hidden != valid,
        "after {plies} plies: claim valid {valid}, button shown {shown}, enabled {enabled}, hidden {hidden}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reload_keeps_the_repetition_count_and_threefold_is_claimed() -> Result<()> {
    let full = replay(START_FEN, "any", &SHUFFLE);
    assert_eq!(full.repetitions(), 3);
    assert!(full.can_claim(DrawClaim::Threefold));
    assert!(!replay(START_FEN, "any", &SHUFFLE[..7]).can_claim(DrawClaim::Threefold));

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    check_counters(&browser, 0).await?;
    for plies in 1..=4 {
        let uci = SHUFFLE[plies - 1];
        browser.click_move(&uci[0..2], &uci[2..4]).await?;
        check_counters(&browser, plies).await?;
    }
    browser
        .wait_for_attr("#repetition-counter", "data-value", "2")
        .await?;

    // Reload mid-game: moves, board and repetition count come back.
    browser.reload().await?;
    let half = replay(START_FEN, "any", &SHUFFLE[..4]);
    browser.wait_for_plies(4).await?;
    assert_shows(&browser, &half).await?;
    check_counters(&browser, 4).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    browser.screenshot("reload-repetition-2-phone").await?;

    for plies in 5..=8 {
        let uci = SHUFFLE[plies - 1];
        browser.click_move(&uci[0..2], &uci[2..4]).await?;
        check_counters(&browser, plies).await?;
    }
    browser
        .wait_for_attr("#repetition-counter", "data-value", "3")
        .await?;
    browser.wait_for_text("#btn-claim", "repetition").await?;
    ensure!(
        browser.attr("#status", "data-outcome").await?.as_deref() == Some(""),
        "threefold is never automatic"
    );

    // Once more across a reload: the claim is still offered.
    browser.reload().await?;
    browser.wait_for_plies(8).await?;
    assert_shows(&browser, &full).await?;
    check_counters(&browser, 8).await?;
    browser.screenshot("threefold-claimable-phone").await?;

    browser.click("#btn-claim").await?;
    browser
        .wait_for_attr("#status", "data-outcome", "threefold")
        .await?;
    wait_dialog(&browser, "game-over", true).await?;
    browser
        .wait_for_attr("#game-over", "data-outcome", "threefold")
        .await?;
    let reason = browser.text("#game-over-text").await?;
    ensure!(
        reason.contains("three times"),
        "game-over reason: {reason:?}"
    );
    browser.screenshot("threefold-claimed-phone").await?;
    browser.click("#game-over-close").await?;
    wait_dialog(&browser, "game-over", false).await?;
    ensure!(
        !displayed(&browser, "#btn-claim").await?,
        "no claim once the game is over"
    );
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("threefold-claimed-desktop").await?;

    // The claimed result is saved with the game.
    let id = browser
        .storage_get(CURRENT_KEY)
        .await?
        .context("current game id")?;
    let stored: serde_json::Value = serde_json::from_str(
        &browser
            .storage_get(&game_key(&id))
            .await?
            .context("saved game")?,
    )?;
    ensure!(stored["result"] == "threefold", "stored: {stored}");
    browser.reload().await?;
    browser
        .wait_for_attr("#status", "data-outcome", "threefold")
        .await?;

    // Undo takes back the claim, not a move: the claim is offered again.
    if common::dialog_open(&browser, "game-over").await? {
        browser.click("#game-over-close").await?;
        wait_dialog(&browser, "game-over", false).await?;
    }
    browser.click("#btn-undo").await?;
    browser.wait_for_attr("#status", "data-outcome", "").await?;
    browser.wait_for_plies(8).await?;
    check_counters(&browser, 8).await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_saved_games_are_quarantined_and_reported() -> Result<()> {
    const GARBAGE: &str = "{\"version\": 1, \"id\": \"garbage\", \"moves\": [oops";
    const FUTURE: &str = r#"{"version": 99, "id": "future", "board": "from a later app"}"#;
    let good = saved_game_json("goodone", START_FEN, "any", &["e3e4", "d6d5"]);

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    browser.storage_set(&game_key("garbage"), GARBAGE).await?;
    browser.storage_set(&game_key("future"), FUTURE).await?;
    browser.storage_set(&game_key("goodone"), &good).await?;
    browser.storage_set(CURRENT_KEY, "garbage").await?;
    browser.reload().await?;

    // The notice explains both problems and names where the entries went.
    browser.wait_for("#notice:not([hidden])").await?;
    ensure!(displayed(&browser, "#notice").await?);
    let items: Vec<String> = serde_json::from_value(
        browser
            .js("return [...document.querySelectorAll('#notice-list li')].map(e => e.textContent);")
            .await?,
    )?;
    ensure!(items.len() == 2, "notice items: {items:?}");
    ensure!(
        items
            .iter()
            .any(|t| t.contains("could not be read") && t.contains("asean.quarantine.garbage.")),
        "notice items: {items:?}"
    );
    ensure!(
        items
            .iter()
            .any(|t| t.contains("schema 99") && t.contains("asean.quarantine.future.")),
        "notice items: {items:?}"
    );
    browser.screenshot("corrupt-notice-phone").await?;

    // Moved, not deleted: the untouched text sits under a quarantine key.
    let keys = browser.storage_keys().await?;
    ensure!(!keys.contains(&game_key("garbage")), "keys: {keys:?}");
    ensure!(!keys.contains(&game_key("future")), "keys: {keys:?}");
    for (name, text) in [("garbage", GARBAGE), ("future", FUTURE)] {
        let key = keys
            .iter()
            .find(|k| k.starts_with(&format!("asean.quarantine.{name}.")))
            .with_context(|| format!("a quarantine key for {name} among {keys:?}"))?;
        ensure!(
            browser.storage_get(key).await?.as_deref() == Some(text),
            "{key} keeps the original text"
        );
    }
    ensure!(
        browser.storage_get(&game_key("goodone")).await?.as_deref() == Some(good.as_str()),
        "the readable game is untouched"
    );

    // The page still works: a fresh game on the board, moves can be played, the good game is
    // listed and can be resumed.
    ensure!(browser.sans().await?.is_empty());
    browser.click_move("e3", "e4").await?;
    browser
        .wait_for_attr("#status", "data-turn", "black")
        .await?;
    browser
        .wait_for(r#"#saved-games [data-game-id="goodone"] [data-action="resume"]"#)
        .await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("corrupt-notice-desktop").await?;
    browser.click("#notice-dismiss").await?;
    browser.wait_for("#notice[hidden]").await?;
    browser
        .click(r#"#saved-games [data-game-id="goodone"] [data-action="resume"]"#)
        .await?;
    browser.wait_for_plies(2).await?;
    assert_shows(&browser, &replay(START_FEN, "any", &["e3e4", "d6d5"])).await?;

    // Nothing new is reported after a reload: the quarantined entries stay aside.
    browser.reload().await?;
    browser.wait_for_plies(2).await?;
    ensure!(
        !displayed(&browser, "#notice").await?,
        "the notice does not come back once the entries are set aside"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_planted_game_resumes() -> Result<()> {
    // The schema as documented in crates/web/src/model/saved.rs is what the page reads.
    let moves = ["e3e4", "d6d5", "e4d5"];
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    inject_game(&browser, "planted", START_FEN, "any", &moves).await?;
    assert_shows(&browser, &replay(START_FEN, "any", &moves)).await?;
    browser
        .wait_for_attr("#status", "data-turn", "black")
        .await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_storage_refused_the_page_says_what_is_not_kept_and_plays_on() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    // As a browser that blocks the site's data: every use of localStorage throws, from the
    // first script of the page on.
    browser
        .driver()
        .cdp()
        .send_raw(
            "Page.addScriptToEvaluateOnNewDocument",
            serde_json::json!({ "source": "Object.defineProperty(window, 'localStorage', {
                configurable: true,
                get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
            });" }),
        )
        .await?;
    browser.reload().await?;
    browser.wait_for("#notice:not([hidden])").await?;
    let said = browser.text("#notice-list").await?;
    for words in ["games", "settings", "online"] {
        ensure!(said.contains(words), "the notice names {words}: {said}");
    }
    browser.screenshot("storage-refused-phone").await?;
    // It plays on: a move, a changed setting (for this visit), another move.
    browser.click_move("e3", "e4").await?;
    browser.click("#btn-sound").await?;
    browser.click_move("d6", "d5").await?;
    ensure!(
        browser.sans().await? == ["e4", "d5"],
        "the moves: {:?}",
        browser.sans().await?
    );
    browser.assert_no_page_errors().await?;
    finish(browser).await
}
