//! Premoves: made while the opponent is to move (the AI thinking, the friend online), shown on
//! the board, played the moment the turn comes back when still legal, cancelled by a click
//! elsewhere.

mod common;

use anyhow::{Context, Result, ensure};
use common::{finish, new_ai_game, seat_two};
use e2e::{TestServer, Viewport};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_online_is_played_as_soon_as_the_friend_has_moved() -> Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    seat_two(&a, &b).await?;
    b.wait_for("#board.flipped").await?;

    a.drag("e3", "e4").await?;
    a.wait_for_plies(1).await?;
    b.wait_for_plies(1).await?;

    // Black to move: White premoves d3-d4, shown and not played.
    a.click_square("d3").await?;
    a.wait_for(r#"#board.premoving [data-square="d4"].dest"#)
        .await
        .context("the premove's destinations are shown")?;
    a.click_square("d4").await?;
    a.wait_for(r#"[data-square="d3"].premove"#).await?;
    a.wait_for(r#"[data-square="d4"].premove"#).await?;
    ensure!(a.sans().await? == ["e4"], "a premove is not played early");
    a.screenshot("premove_online_desktop").await?;

    // Black moves: White's premove follows by itself.
    b.drag("a6", "a5").await?;
    a.wait_for_plies(3).await.context("the premove is played")?;
    b.wait_for_plies(3).await?;
    ensure!(
        a.sans().await? == ["e4", "a5", "d4"],
        "{:?}",
        a.sans().await?
    );
    ensure!(!a.exists(".sq.premove").await?, "the premove mark is gone");

    // A premove cancelled by a click elsewhere is not played.
    b.drag("b6", "b5").await?;
    a.wait_for_plies(4).await?;
    a.drag("c3", "c4").await?;
    a.wait_for_plies(5).await?;
    a.click_square("h3").await?;
    a.click_square("h4").await?;
    a.wait_for(r#"[data-square="h4"].premove"#).await?;
    a.click_square("e6").await?;
    a.wait_gone(".sq.premove").await?;
    b.drag("h6", "h5").await?;
    a.wait_for_plies(6).await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    ensure!(
        a.sans().await?.len() == 6,
        "the cancelled premove is not played: {:?}",
        a.sans().await?
    );
    finish(b).await?;
    finish(a).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_against_the_ai_is_played_on_its_reply() -> Result<()> {
    let server = TestServer::start().await?;
    let browser = server.browser(Viewport::PHONE).await?;
    browser.open_app().await?;
    // Level 8 thinks for a while on its first move; the premove is made by keys in one go
    // right after the player's move, well inside that time.
    new_ai_game(&browser, 8, "white").await?;
    browser.drag("e3", "e4").await?;
    browser.wait_for_plies(1).await?;
    let made = browser
        .js(
            "const key = (sq) => document.querySelector(`[data-square=\"${sq}\"]`)\
                 .dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})); \
             key('d3'); key('d4'); \
             return [!!document.querySelector('[data-square=\"d4\"].premove'), \
                     document.querySelectorAll('#moves .san').length];",
        )
        .await?;
    ensure!(
        made == serde_json::json!([true, 1]),
        "the premove is made while the AI thinks: {made}"
    );
    browser.screenshot("premove_ai_phone").await?;
    browser
        .wait_for_plies(3)
        .await
        .context("the AI replies and the premove follows")?;
    let sans = browser.sans().await?;
    ensure!(
        sans.first().map(String::as_str) == Some("e4")
            && sans.get(2).map(String::as_str) == Some("d4"),
        "moves {sans:?}"
    );
    finish(browser).await
}
