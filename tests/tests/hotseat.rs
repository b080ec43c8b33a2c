//! Hot-seat play on one device: a game to checkmate by clicks, another by pointer drags, and the
//! undo and flip buttons.

mod common;

use anyhow::{Result, ensure};
use common::{START_FEN, assert_shows, finish, replay, wait_dialog};
use e2e::{Viewport, start_app};

/// Nd2 Nd7 Nc4 Ne7 Nxd6#: the smothered mate in three, the shortest mate from the start.
const CLICK_MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
/// Nd2 Nd7 Ne4 Ne7 Nxd6#: the same mate through e4.
const DRAG_MATE: [&str; 5] = ["b1d2", "b8d7", "d2e4", "g8e7", "e4d6"];

fn squares(uci: &str) -> (&str, &str) {
    (&uci[0..2], &uci[2..4])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_game_to_checkmate_by_clicks() -> Result<()> {
    // The sequence is legal and ends in mate according to the rules crate.
    let game = replay(START_FEN, "any", &CLICK_MATE);
    assert_eq!(game.san_moves(), ["Nd2", "Nd7", "Nc4", "Ne7", "Nxd6#"]);
    assert!(game.position().is_checkmate());

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    ensure!(
        browser.sans().await?.is_empty(),
        "a fresh game has no moves"
    );
    for (ply, uci) in CLICK_MATE.iter().enumerate() {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
        let so_far = replay(START_FEN, "any", &CLICK_MATE[..=ply]);
        assert_shows(&browser, &so_far).await?;
        if ply == 0 {
            browser
                .screenshot("hotseat-clicks-first-move-phone")
                .await?;
        }
    }

    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    wait_dialog(&browser, "game-over", true).await?;
    browser
        .wait_for_attr("#game-over", "data-outcome", "checkmate-white-wins")
        .await?;
    let reason = browser.text("#game-over-text").await?;
    ensure!(
        reason.contains("Checkmate") && reason.contains("White wins"),
        "game-over reason: {reason:?}"
    );
    ensure!(
        browser.text("#status").await?.contains("Checkmate"),
        "status line names the checkmate"
    );
    ensure!(
        browser.exists(r#"[data-square="e8"].check"#).await?,
        "the mated king's square is marked"
    );
    browser.screenshot("hotseat-clicks-mate-phone").await?;

    // Close the dialog and try to move on: nothing moves, a toast says the game is over.
    browser.click("#game-over-close").await?;
    wait_dialog(&browser, "game-over", false).await?;
    let before = browser.board_pieces().await?;
    browser.click_square("a6").await?;
    browser.wait_for_text("#toasts", "The game is over").await?;
    ensure!(
        !browser.exists(".dest").await?,
        "no destinations are offered after the mate"
    );
    browser.click_square("a5").await?;
    browser.click_square("e8").await?;
    browser.click_square("d7").await?;
    browser.click_square("c5").await?;
    ensure!(browser.board_pieces().await? == before, "a piece moved");
    ensure!(
        browser.sans().await? == game.san_moves(),
        "the move list changed after the mate"
    );
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    browser
        .screenshot("hotseat-clicks-after-mate-phone")
        .await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_game_to_checkmate_by_drags() -> Result<()> {
    let game = replay(START_FEN, "any", &DRAG_MATE);
    assert_eq!(game.san_moves(), ["Nd2", "Nd7", "Ne4", "Ne7", "Nxd6#"]);
    assert!(game.position().is_checkmate());

    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    for (ply, uci) in DRAG_MATE.iter().enumerate() {
        let (from, to) = squares(uci);
        browser.drag_move(from, to).await?;
        let so_far = replay(START_FEN, "any", &DRAG_MATE[..=ply]);
        assert_shows(&browser, &so_far).await?;
        // The drop leaves no square framed as under the dragged piece.
        ensure!(
            !browser.exists("#board .hover").await?,
            "a hover frame stays after the drop of {uci}"
        );
    }
    // The last move captured the pawn on d6.
    ensure!(browser.piece_at("d6").await?.as_deref() == Some("wN"));
    ensure!(browser.piece_at("e4").await?.is_none());
    ensure!(browser.exists(r#"[data-square="d6"].last"#).await?);
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    wait_dialog(&browser, "game-over", true).await?;
    browser.screenshot("hotseat-drags-mate-desktop").await?;

    // A drag after the mate moves nothing either.
    browser.click("#game-over-close").await?;
    wait_dialog(&browser, "game-over", false).await?;
    let before = browser.board_pieces().await?;
    browser.drag("a6", "a5").await?;
    browser.wait_for_text("#toasts", "The game is over").await?;
    ensure!(browser.board_pieces().await? == before, "a piece moved");
    ensure!(browser.sans().await?.len() == 5);

    // Undo takes the mate back; the game goes on and the same mate can be given again.
    browser.click("#btn-undo").await?;
    browser.wait_for_plies(4).await?;
    browser.wait_for_attr("#status", "data-outcome", "").await?;
    assert_shows(&browser, &replay(START_FEN, "any", &DRAG_MATE[..4])).await?;
    browser.drag_move("e4", "d6").await?;
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    assert_shows(&browser, &game).await?;
    finish(browser).await
}

/// The page position (client rectangle centre) of a square.
async fn centre(browser: &e2e::Browser, square: &str) -> Result<(f64, f64)> {
    let v = browser
        .js_with(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2];",
            vec![serde_json::Value::String(e2e::square_selector(square)?)],
        )
        .await?;
    let xy: Vec<f64> = serde_json::from_value(v)?;
    Ok((xy[0], xy[1]))
}

/// The squares in document order (the CSS grid lays them out in that order).
async fn square_order(browser: &e2e::Browser) -> Result<Vec<String>> {
    let v = browser
        .js("return [...document.querySelectorAll('#board [data-square]')].map(e => e.getAttribute('data-square'));")
        .await?;
    Ok(serde_json::from_value(v)?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_and_flip() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    ensure!(
        browser.attr("#btn-undo", "disabled").await?.is_some(),
        "undo is disabled before the first move"
    );
    browser.click_move("e3", "e4").await?;
    browser.click_move("d6", "d5").await?;
    assert_shows(&browser, &replay(START_FEN, "any", &["e3e4", "d6d5"])).await?;

    // White at the bottom: a1 bottom left, h8 top right.
    let order = square_order(&browser).await?;
    ensure!(order.first().map(String::as_str) == Some("a8"), "{order:?}");
    ensure!(order.last().map(String::as_str) == Some("h1"), "{order:?}");
    let (a1, h8) = (centre(&browser, "a1").await?, centre(&browser, "h8").await?);
    ensure!(a1.0 < h8.0 && a1.1 > h8.1, "a1 {a1:?} h8 {h8:?}");

    browser.click("#btn-flip").await?;
    browser
        .wait_for_attr("#btn-flip", "aria-pressed", "true")
        .await?;
    let order = square_order(&browser).await?;
    ensure!(order.first().map(String::as_str) == Some("h1"), "{order:?}");
    ensure!(order.last().map(String::as_str) == Some("a8"), "{order:?}");
    let (a1, h8) = (centre(&browser, "a1").await?, centre(&browser, "h8").await?);
    ensure!(a1.0 > h8.0 && a1.1 < h8.1, "flipped: a1 {a1:?} h8 {h8:?}");
    // Flipping changes no piece.
    assert_shows(&browser, &replay(START_FEN, "any", &["e3e4", "d6d5"])).await?;

    // Moves still land on the right squares with the board turned round.
    browser.click_move("e4", "d5").await?;
    browser.drag_move("c6", "d5").await?;
    let four = replay(START_FEN, "any", &["e3e4", "d6d5", "e4d5", "c6d5"]);
    assert_eq!(four.san_moves(), ["e4", "d5", "exd5", "cxd5"]);
    assert_shows(&browser, &four).await?;
    browser.screenshot("undo-flip-flipped-phone").await?;

    // Undo takes back the last move, one at a time.
    browser.click("#btn-undo").await?;
    browser.wait_for_plies(3).await?;
    assert_shows(
        &browser,
        &replay(START_FEN, "any", &["e3e4", "d6d5", "e4d5"]),
    )
    .await?;
    browser
        .wait_for_attr("#status", "data-turn", "black")
        .await?;
    for n in (0..3).rev() {
        browser.click("#btn-undo").await?;
        browser.wait_for_plies(n).await?;
    }
    assert_shows(&browser, &replay(START_FEN, "any", &[])).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    browser
        .wait_until("undo disabled with no moves", async |b| {
            Ok(b.attr("#btn-undo", "disabled").await?.is_some())
        })
        .await?;

    browser.click("#btn-flip").await?;
    browser
        .wait_for_attr("#btn-flip", "aria-pressed", "false")
        .await?;
    let (a1, h8) = (centre(&browser, "a1").await?, centre(&browser, "h8").await?);
    ensure!(a1.0 < h8.0 && a1.1 > h8.1, "unflipped: a1 {a1:?} h8 {h8:?}");
    browser.screenshot("undo-flip-start-phone").await?;
    finish(browser).await
}
