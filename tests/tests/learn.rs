//! Learn from your mistakes, after an analysis: White's blunder in a short hot-seat game is
//! offered as an exercise on the board; the move of the game is refused, another move is
//! checked by the worker, the analysis' best move is accepted with the engine's line, and the
//! end says how many were found. Again with the server stopped after one visit, in Thai and
//! Vietnamese, through the solution.

mod common;

use anyhow::{Context, Result, ensure};
use common::{START_FEN, finish, replay, squares, wait_controlled, wait_dialog};
use e2e::{Browser, TestServer, Viewport, start_app};

/// 1. a4 Nd7 2. Nd2 Nc5 3. Ne2?? Nxd3#: White's third move allows a mate in one.
const LEARN_GAME: [&str; 6] = ["a3a4", "b8d7", "b1d2", "d7c5", "g1e2", "c5d3"];

/// Plays [`LEARN_GAME`] on the board, analyses it from the game-over dialog and waits for the
/// analysis to end.
async fn play_and_analyse(browser: &Browser) -> Result<()> {
    for uci in LEARN_GAME {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    wait_dialog(browser, "game-over", true).await?;
    browser.click("#game-over-analyse").await?;
    wait_dialog(browser, "game-over", false).await?;
    browser
        .wait_until("every position analysed", async |b: &Browser| {
            Ok(b.attr("#analysis-progress", "data-done").await?.as_deref() == Some("7"))
        })
        .await
}

/// The analysis' best move before the blunder, as board squares: the first move of the
/// line `#eval` shows for the position after four plies.
async fn best_before_blunder(browser: &Browser) -> Result<(String, String)> {
    browser.click(r#"#moves .san[data-ply="4"]"#).await?;
    browser
        .wait_for_attr("#board", "data-view-ply", "4")
        .await?;
    let pv = browser.text("#eval .eval-pv").await?;
    // "3. Kf2 ..." : the SAN after the move number.
    let san = pv
        .split_whitespace()
        .find(|w| !w.ends_with('.'))
        .with_context(|| format!("a move in the line {pv:?}"))?
        .to_owned();
    let mut game = replay(START_FEN, "any", &LEARN_GAME[..4]);
    let m = game
        .play_san(&san)
        .with_context(|| format!("the line's move {san:?}"))?;
    Ok((m.from.to_string(), m.to.to_string()))
}

/// Tries `from`-`to` in the exercise by two clicks (the game's move list does not grow).
async fn try_move(browser: &Browser, from: &str, to: &str) -> Result<()> {
    browser.click_square(from).await?;
    browser
        .wait_for(&format!("{}.dest", e2e::square_selector(to)?))
        .await
        .with_context(|| format!("{to} offered after clicking {from}"))?;
    browser.click_square(to).await
}

async fn state(browser: &Browser) -> Result<String> {
    Ok(browser
        .attr("#learn", "data-state")
        .await?
        .unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blunder_is_learnt_from_after_the_analysis() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    play_and_analyse(&browser).await?;
    let (from, to) = best_before_blunder(&browser).await?;
    browser.wait_for("#btn-learn:not([hidden])").await?;
    browser.click("#btn-learn").await?;
    browser
        .wait_for_attr("#learn", "data-state", "find")
        .await?;
    ensure!(
        browser.attr("#learn", "data-ply").await?.as_deref() == Some("5"),
        "the exercise is White's 3. Ne2??"
    );
    browser
        .wait_for_attr("#board", "data-view-ply", "4")
        .await?;
    let prompt = browser.text("#learn-prompt").await?;
    ensure!(
        prompt == "You played Ne2 here. Find a better move for White.",
        "{prompt:?}"
    );
    ensure!(
        browser.text("#learn-progress").await? == "Mistake 1 of 1",
        "the progress"
    );
    // Neither the arrow nor the evaluation gives the answer away.
    ensure!(
        !browser.exists("#board-arrows line.arrow").await?,
        "no arrow of the best move while it is to be found"
    );
    ensure!(
        browser.exists("#eval[hidden]").await?,
        "no evaluation while the move is to be found"
    );
    browser.screenshot("learn-find-desktop").await?;

    // The move of the game is refused at once.
    try_move(&browser, "g1", "e2").await?;
    browser
        .wait_for_attr("#learn", "data-state", "wrong")
        .await?;
    let prompt = browser.text("#learn-prompt").await?;
    ensure!(
        prompt == "That is the move played in the game. Try another one.",
        "{prompt:?}"
    );
    // Another move than the best is evaluated by the worker, then judged.
    let other = if from == "a4" {
        ("d2", "b1")
    } else {
        ("a4", "a5")
    };
    try_move(&browser, other.0, other.1).await?;
    browser
        .wait_until("the tried move judged", async |b: &Browser| {
            Ok(matches!(state(b).await?.as_str(), "right" | "wrong"))
        })
        .await?;
    let judged = state(&browser).await?;
    let prompt = browser.text("#learn-prompt").await?;
    let san = if other.0 == "a4" { "a5" } else { "Nb1" };
    ensure!(prompt.contains(san), "{judged}: {prompt:?}");
    if judged == "right" {
        browser.click("#learn-close").await?;
        browser.click("#btn-learn").await?;
        browser
            .wait_for_attr("#learn", "data-state", "find")
            .await?;
    }
    // The analysis' best move is accepted, and the engine's line shown.
    try_move(&browser, &from, &to).await?;
    browser
        .wait_for_attr("#learn", "data-state", "right")
        .await?;
    let prompt = browser.text("#learn-prompt").await?;
    ensure!(
        prompt.starts_with("Well done!") && prompt.ends_with("is the best move."),
        "{prompt:?}"
    );
    let line = browser.text("#learn-line").await?;
    ensure!(line.starts_with("The engine’s line: 3. "), "{line:?}");
    ensure!(
        browser.exists("#board-arrows line.arrow").await?,
        "the best move drawn once found"
    );
    browser.screenshot("learn-right-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;
    browser.screenshot("learn-right-phone").await?;
    browser.click("#learn-next").await?;
    browser
        .wait_for_attr("#learn", "data-state", "done")
        .await?;
    let done = browser.text("#learn-prompt").await?;
    ensure!(
        done == "Done: you found a better move for 1 of 1 mistakes.",
        "{done:?}"
    );
    browser.click("#learn-close").await?;
    browser.wait_for("#learn[hidden]").await?;
    ensure!(
        browser.exists("#btn-learn:not([hidden])").await?,
        "it may be started again"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn learning_works_with_the_server_stopped_after_one_visit() -> Result<()> {
    let mut server = TestServer::start().await?;
    let browser = server.browser(Viewport::DESKTOP).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    server.stop().await?;
    browser.reload().await?;
    browser.select_value("#lang", "th").await?;
    browser.wait_for_attr("html", "lang", "th").await?;
    play_and_analyse(&browser).await?;
    browser.click("#btn-learn").await?;
    browser
        .wait_for_attr("#learn", "data-state", "find")
        .await?;
    let title = browser.text("#learn-title").await?;
    ensure!(title == "เรียนรู้จากตาพลาด", "{title:?}");
    browser.set_viewport(Viewport::PHONE).await?;
    browser.screenshot("learn-find-th-phone").await?;
    browser.click("#learn-solution").await?;
    browser
        .wait_for_attr("#learn", "data-state", "solution")
        .await?;
    ensure!(
        browser
            .text("#learn-prompt")
            .await?
            .starts_with("ตาที่ดีที่สุดคือ "),
        "the solution in Thai"
    );
    ensure!(
        browser.exists("#board-arrows line.arrow").await?,
        "the solution drawn on the board"
    );
    browser.screenshot("learn-solution-th-phone").await?;
    browser.select_value("#lang", "vi").await?;
    browser.wait_for_attr("html", "lang", "vi").await?;
    browser.click("#learn-next").await?;
    browser
        .wait_for_attr("#learn", "data-state", "done")
        .await?;
    let done = browser.text("#learn-prompt").await?;
    ensure!(
        done == "Xong: bạn đã tìm được nước tốt hơn cho 0 trên 1 sai lầm.",
        "{done:?}"
    );
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("learn-done-vi-desktop").await?;
    finish(browser).await
}
