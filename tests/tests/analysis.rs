//! Analysis in the browser: a short game with a losing blunder is analysed by the AI worker,
//! position by position, with the progress shown; the evaluation graph is drawn, the blunder
//! is marked on its move, the shown position's evaluation follows the review, and a click on
//! the graph goes to a move.

mod common;

use anyhow::{Result, ensure};
use common::{START_FEN, finish, replay, squares, wait_dialog};
use e2e::{Viewport, start_app};

/// Nd2 Nd7 Nc4 Ne7?? Nxd6#: Black's second move allows a mate in one.
const BLUNDER_GAME: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_game_is_analysed_with_its_blunder_marked() -> Result<()> {
    let game = replay(START_FEN, "any", &BLUNDER_GAME);
    assert!(game.position().is_checkmate());
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    for uci in BLUNDER_GAME {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    wait_dialog(&browser, "game-over", true).await?;
    // "Analyse" from the game-over dialog closes it and starts the run.
    browser.click("#game-over-analyse").await?;
    wait_dialog(&browser, "game-over", false).await?;
    browser
        .wait_for_attr("#analysis-progress", "data-total", "6")
        .await?;
    browser
        .wait_until("every position analysed", async |b: &e2e::Browser| {
            Ok(b.attr("#analysis-progress", "data-done").await?.as_deref() == Some("6"))
        })
        .await?;
    // The blunder is Black's 2...Ne7 (ply 4), and only it is marked as one.
    browser
        .wait_for(r#"#moves .san[data-ply="4"][data-judgement="blunder"]"#)
        .await?;
    let blunders = browser
        .find_all(r#"#moves .san[data-judgement="blunder"]"#)
        .await?;
    ensure!(blunders.len() == 1, "one blunder, found {}", blunders.len());
    // The graph: a line and a mark on the blunder.
    ensure!(
        browser.exists("#eval-graph path.graph-line").await?,
        "the evaluation graph is drawn"
    );
    ensure!(
        browser
            .exists(r#"#eval-graph circle.graph-mark.blunder[data-ply="4"]"#)
            .await?,
        "the graph marks the blunder"
    );
    browser.screenshot("analysis-desktop").await?;

    // Review the position before the blunder: its evaluation is shown, with the better move
    // as an arrow on the board.
    browser.click(r#"#moves .san[data-ply="3"]"#).await?;
    browser
        .wait_for_attr("#board", "data-view-ply", "3")
        .await?;
    browser
        .wait_until(
            "the shown position's evaluation",
            async |b: &e2e::Browser| {
                Ok(b.attr("#eval", "data-cp").await?.is_some()
                    || b.attr("#eval", "data-mate").await?.is_some())
            },
        )
        .await?;
    ensure!(
        browser.exists("#board-arrows line.arrow").await?,
        "the best move is drawn as an arrow"
    );
    ensure!(
        !browser.text("#eval .eval-pv").await?.is_empty(),
        "the principal variation is written in SAN"
    );
    // After the blunder White mates in one.
    browser.click(r#"#moves .san[data-ply="4"]"#).await?;
    browser.wait_for_attr("#eval", "data-mate", "1").await?;

    // A click on the graph's left edge goes to the first position.
    browser
        .js(r#"const g = document.getElementById("eval-graph");
               const r = g.getBoundingClientRect();
               g.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: r.left + 1, clientY: r.top + r.height / 2}));"#)
        .await?;
    browser
        .wait_for_attr("#board", "data-view-ply", "0")
        .await?;

    browser.set_viewport(Viewport::PHONE).await?;
    browser
        .js("document.getElementById('analysis').scrollIntoView()")
        .await?;
    browser.screenshot("analysis-phone").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_can_be_stopped_and_resumed() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    // Sixteen plies: seventeen positions of 300 ms each, so that the stop comes well before
    // the end even on a loaded machine (with six plies it once came too late).
    for uci in [
        "e3e4", "d6d5", "e4d5", "c6c5", "b1d2", "b8d7", "a3a4", "a6a5", "h3h4", "h6h5", "g1e2",
        "g8e7", "b3b4", "g6g5", "g3g4", "b6b5",
    ] {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    browser.click("#btn-analyse").await?;
    browser
        .wait_for_attr("#analysis-progress", "data-total", "17")
        .await?;
    browser.click("#btn-analysis-stop:not([hidden])").await?;
    browser.wait_for("#btn-analyse:not([hidden])").await?;
    // Nothing more is asked once stopped: the answer on its way (300 ms of thinking) is still
    // taken, then the count stays where it is.
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    let stopped_at = browser.attr("#analysis-progress", "data-done").await?;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    ensure!(
        browser.attr("#analysis-progress", "data-done").await? == stopped_at,
        "a stopped analysis stays stopped"
    );
    ensure!(
        stopped_at.as_deref() != Some("17"),
        "the stop came before the end"
    );
    browser.click("#btn-analyse").await?;
    browser
        .wait_until("the analysis completes", async |b: &e2e::Browser| {
            Ok(b.attr("#analysis-progress", "data-done").await?.as_deref() == Some("17"))
        })
        .await?;
    finish(browser).await
}
