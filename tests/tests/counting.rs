//! The counting rule on the page: `#counting` appears when the count starts, follows it move by
//! move (`data-used`, `data-limit`), survives a reload, and the game is drawn when it runs out.

mod common;

use anyhow::{Result, ensure};
use common::{assert_shows, displayed, finish, inject_game, replay, wait_dialog};
use e2e::{Browser, Viewport, start_app};
use rules::Outcome;

/// King and rook against a lone king, no pawns: the first move starts a 16-move count.
const ROOK_FEN: &str = "k7/8/1K6/8/8/8/8/2R5 w - - 0 1";
/// Quiet rook moves and king shuffles (Rc8 would mate at once: avoided).
const ROOK_MOVES: [&str; 6] = ["c1c2", "a8b8", "c2d2", "b8a8", "d2e2", "a8b8"];

/// A count about to run out: limit 32 plies, 30 counted, the lone king to move.
const LATE_FEN: &str = "k7/8/1K6/2R5/8/8/8/8 b - 32 30 1";
const LATE_MOVES: [&str; 3] = ["a8b8", "c5c4", "b8a8"];

/// Checks `#counting` against the rules crate after `plies` moves from `fen`.
async fn check_count(browser: &Browser, fen: &str, moves: &[&str]) -> Result<()> {
    let game = replay(fen, "any", moves);
    let running = game
        .position()
        .counting()
        .filter(|_| game.outcome().is_none());
    match running {
        Some(c) => {
            browser
                .wait_for_attr("#counting", "data-used", &c.moves_used().to_string())
                .await?;
            browser
                .wait_for_attr("#counting", "data-limit", &c.limit_moves().to_string())
                .await?;
            ensure!(displayed(browser, "#counting").await?, "#counting is shown");
            let text = browser.text("#counting").await?;
            // Before the lone king's first move the count has not begun: say what it will ask.
            let expected = if c.moves_used() == 0 {
                format!(
                    "Count starts with Black’s next move: White must mate within {} moves",
                    c.limit_moves()
                )
            } else {
                format!(
                    "Count {} of {}: White must mate by move {}",
                    c.moves_used(),
                    c.limit_moves(),
                    c.limit_moves()
                )
            };
            ensure!(
                text.contains(&expected),
                "#counting text {text:?} after {moves:?}, expected {expected:?}"
            );
        }
        None => {
            browser
                .wait_until("#counting hidden", async |b| {
                    Ok(!displayed(b, "#counting").await?)
                })
                .await?;
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counting_indicator_follows_the_count() -> Result<()> {
    // The rules crate's view: no count before the first move, then 16 moves; the lone king's
    // first move is counted move 1.
    assert!(replay(ROOK_FEN, "any", &[]).position().counting().is_none());
    let end = replay(ROOK_FEN, "any", &ROOK_MOVES);
    let c = end.position().counting().expect("a count runs");
    assert_eq!((c.moves_used(), c.limit_moves()), (3, 16));

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    inject_game(&browser, "count", ROOK_FEN, "any", &[]).await?;
    assert_shows(&browser, &replay(ROOK_FEN, "any", &[])).await?;
    check_count(&browser, ROOK_FEN, &[]).await?;

    for plies in 1..=ROOK_MOVES.len() {
        let uci = ROOK_MOVES[plies - 1];
        browser.click_move(&uci[0..2], &uci[2..4]).await?;
        check_count(&browser, ROOK_FEN, &ROOK_MOVES[..plies]).await?;
        if plies == 1 {
            browser.wait_for_attr("#counting", "data-used", "0").await?;
            browser
                .wait_for_attr("#counting", "data-limit", "16")
                .await?;
            ensure!(browser.text("#counting").await?.contains("rook"));
        }
    }
    browser.wait_for_attr("#counting", "data-used", "3").await?;
    browser.screenshot("counting-rook-phone").await?;

    // The count survives a reload.
    browser.reload().await?;
    browser.wait_for_plies(ROOK_MOVES.len()).await?;
    assert_shows(&browser, &end).await?;
    check_count(&browser, ROOK_FEN, &ROOK_MOVES).await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("counting-rook-desktop").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn count_running_out_draws_the_game() -> Result<()> {
    let end = replay(LATE_FEN, "any", &LATE_MOVES);
    assert!(matches!(end.outcome(), Some(Outcome::Draw { .. })));
    assert!(
        replay(LATE_FEN, "any", &LATE_MOVES[..2])
            .outcome()
            .is_none()
    );

    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    inject_game(&browser, "late", LATE_FEN, "any", &[]).await?;
    check_count(&browser, LATE_FEN, &[]).await?;
    browser
        .wait_for_attr("#counting", "data-used", "15")
        .await?;
    for plies in 1..=2 {
        let uci = LATE_MOVES[plies - 1];
        browser.click_move(&uci[0..2], &uci[2..4]).await?;
        check_count(&browser, LATE_FEN, &LATE_MOVES[..plies]).await?;
    }
    browser
        .wait_for_attr("#counting", "data-used", "16")
        .await?;
    browser.screenshot("counting-last-move-desktop").await?;

    // The lone king's 17th counted move ends the game drawn.
    browser.click_move("b8", "a8").await?;
    browser
        .wait_for_attr("#status", "data-outcome", "counting-draw")
        .await?;
    wait_dialog(&browser, "game-over", true).await?;
    browser
        .wait_for_attr("#game-over", "data-outcome", "counting-draw")
        .await?;
    ensure!(browser.text("#game-over-text").await?.contains("count"));
    check_count(&browser, LATE_FEN, &LATE_MOVES).await?;
    assert_shows(&browser, &end).await?;
    browser.screenshot("counting-draw-desktop").await?;
    finish(browser).await
}
