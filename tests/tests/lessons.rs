//! The lessons (`#/learn`): the list of ten, the rook's first task done in its fewest moves
//! (three stars, kept across a reload), a check refused, a missed mate set back and then
//! found; and the lessons with the server stopped after one visit, in Thai and Vietnamese.

mod common;

use anyhow::{Context, Result, ensure};
use common::{displayed, finish, wait_controlled};
use e2e::{Browser, TestServer, Viewport, start_app};

/// The lessons of the list, in its order.
const LESSONS: [&str; 10] = [
    "rook",
    "knight",
    "khon",
    "met",
    "king",
    "pawn",
    "mate",
    "stalemate",
    "dead",
    "count",
];

/// Opens the list by the top bar's link, or on a phone by the panel's.
async fn open_lessons(browser: &Browser) -> Result<()> {
    if displayed(browser, "#lessons-link").await? {
        browser.click("#lessons-link").await?;
    } else {
        browser.click("#panel-lessons").await?;
    }
    browser.wait_for("#lessons:not([hidden])").await?;
    Ok(())
}

async fn start_lesson(browser: &Browser, name: &str) -> Result<()> {
    open_lessons(browser).await?;
    browser
        .click(&format!(r#"button[data-lesson-start="{name}"]"#))
        .await?;
    browser
        .wait_for(&format!(
            r#"#lesson[data-lesson="{name}"][data-state="play"]:not([hidden])"#
        ))
        .await?;
    Ok(())
}

/// Moves `from`-`to` by two clicks and waits until the piece stands on `to` (the lesson's
/// board keeps no move list).
async fn lesson_move(browser: &Browser, from: &str, to: &str) -> Result<()> {
    let piece = browser
        .board_pieces()
        .await?
        .get(from)
        .cloned()
        .with_context(|| format!("a piece on {from}"))?;
    browser.click_square(from).await?;
    browser
        .wait_for(&format!("{}.dest", e2e::square_selector(to)?))
        .await
        .with_context(|| format!("{to} offered after clicking {from}"))?;
    browser.click_square(to).await?;
    browser
        .wait_until("the move shown", async |b: &Browser| {
            Ok(b.board_pieces().await?.get(to) == Some(&piece))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_is_done_with_its_stars_kept_and_wrong_moves_set_back() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    open_lessons(&browser).await?;
    let items = browser.find_all("#lesson-items li[data-lesson]").await?;
    ensure!(items.len() == LESSONS.len(), "{} lessons", items.len());
    for (i, name) in LESSONS.iter().enumerate() {
        let sel = format!("#lesson-items li:nth-child({}) ", i + 1);
        ensure!(
            browser.attr(sel.trim(), "data-lesson").await?.as_deref() == Some(name),
            "lesson {i} is {name}"
        );
    }
    browser.screenshot("lessons-list-desktop").await?;
    browser.click(r#"button[data-lesson-start="rook"]"#).await?;
    browser
        .wait_for(r#"#lesson[data-lesson="rook"][data-task="1"][data-state="play"]"#)
        .await?;
    let status = browser.text("#lesson-status").await?;
    ensure!(
        status == "Capture every black pawn. Black does not move.",
        "{status:?}"
    );
    lesson_move(&browser, "d4", "d7").await?;
    // Black passes: White moves again.
    lesson_move(&browser, "d7", "b7").await?;
    browser
        .wait_for_attr("#lesson", "data-state", "passed")
        .await?;
    ensure!(
        browser
            .attr("#lesson-stars", "data-stars")
            .await?
            .as_deref()
            == Some("3"),
        "three stars in the fewest moves"
    );
    browser.screenshot("lesson-passed-desktop").await?;
    browser.click("#lesson-next").await?;
    browser
        .wait_for(r#"#lesson[data-task="2"][data-state="play"]"#)
        .await?;
    // A check is refused: the board is set back.
    browser.click_square("d1").await?;
    browser
        .wait_for(&format!("{}.dest", e2e::square_selector("h1")?))
        .await?;
    browser.click_square("h1").await?;
    browser
        .wait_for_text("#lesson-status", "The black king only watches here")
        .await?;
    ensure!(
        browser.board_pieces().await?.get("d1").map(String::as_str) == Some("wR"),
        "the rook is back on d1"
    );

    // The mate lesson: a missed mate is set back, the mate found.
    start_lesson(&browser, "mate").await?;
    browser.click_square("a1").await?;
    browser
        .wait_for(&format!("{}.dest", e2e::square_selector("a7")?))
        .await?;
    browser.click_square("a7").await?;
    browser
        .wait_for_text("#lesson-status", "That is not mate.")
        .await?;
    browser
        .wait_until("the rook back on a1", async |b: &Browser| {
            Ok(b.board_pieces().await?.get("a1").map(String::as_str) == Some("wR"))
        })
        .await?;
    lesson_move(&browser, "a1", "a8").await?;
    browser
        .wait_for_attr("#lesson", "data-state", "passed")
        .await?;
    ensure!(
        browser
            .attr("#lesson-stars", "data-stars")
            .await?
            .as_deref()
            == Some("2"),
        "two stars at the second try"
    );
    ensure!(
        !common::dialog_open(&browser, "game-over").await?,
        "the lesson's card says the end, not the game-over dialog"
    );

    // The stars are kept across a reload.
    browser.reload().await?;
    open_lessons(&browser).await?;
    browser
        .wait_for_attr(r#"li[data-lesson="rook"]"#, "data-stars", "3")
        .await?;
    browser
        .wait_for_attr(r#"li[data-lesson="mate"]"#, "data-stars", "2")
        .await?;
    let stored = browser.storage_get("asean.lessons.v1").await?;
    ensure!(
        stored.as_deref() == Some(r#"{"mate":[2,0,0],"rook":[3,0]}"#),
        "{stored:?}"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lessons_work_with_the_server_stopped_after_one_visit() -> Result<()> {
    let mut server = TestServer::start().await?;
    let browser = server.browser(Viewport::PHONE).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    server.stop().await?;
    browser.reload().await?;
    browser.select_value("#lang", "th").await?;
    browser.wait_for_attr("html", "lang", "th").await?;
    open_lessons(&browser).await?;
    let title = browser.text("#lessons-title").await?;
    ensure!(title == "บทเรียน", "{title:?}");
    browser.screenshot("lessons-list-th-phone").await?;
    browser.click(r#"button[data-lesson-start="khon"]"#).await?;
    browser
        .wait_for(r#"#lesson[data-lesson="khon"][data-state="play"]"#)
        .await?;
    browser.screenshot("lesson-khon-th-phone").await?;
    browser.select_value("#lang", "vi").await?;
    browser.wait_for_attr("html", "lang", "vi").await?;
    lesson_move(&browser, "d4", "d5").await?;
    browser
        .wait_for_attr("#lesson", "data-state", "passed")
        .await?;
    let status = browser.text("#lesson-status").await?;
    ensure!(status == "Giỏi lắm!", "{status:?}");
    browser.screenshot("lesson-passed-vi-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("lesson-passed-vi-desktop").await?;
    finish(browser).await
}
