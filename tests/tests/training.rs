//! The counting trainer (`#/training/counting`): the list of drills, a rook drill passed with
//! the page's hints against the AI's full-strength defence (its best kept across a reload), a
//! drill failed when slow play lets the count run out, and the trainer with the server stopped
//! after one visit, in Thai and Vietnamese.

mod common;

use std::collections::HashSet;

use anyhow::{Context, Result, bail, ensure};
use common::{displayed, finish, wait_controlled};
use e2e::{Browser, TestServer, Viewport, start_app};
use rules::{Color, Position, Role, Rules};

/// The drills the list offers, in its order.
const DRILLS: [&str; 6] = [
    "rook",
    "khon-met",
    "khon-knight",
    "knight-mets",
    "knights-met",
    "mets",
];

/// The position of the drill on the board (`#drill[data-fen]`).
async fn drill_position(browser: &Browser) -> Result<Position> {
    let fen = browser
        .attr("#drill", "data-fen")
        .await?
        .context("#drill has data-fen")?;
    Position::from_fen(&fen, Rules::default()).with_context(|| format!("reading {fen}"))
}

/// The player's colour in a drill: the side with more than its king.
fn attacker(pos: &Position) -> Color {
    if pos.by_color(Color::White).count() > 1 {
        Color::White
    } else {
        Color::Black
    }
}

/// Opens the trainer by its link in the top bar, or on a phone (where the top bar has no room
/// for it) by the panel's.
async fn open_trainer(browser: &Browser) -> Result<()> {
    if displayed(browser, "#training-link").await? {
        browser.click("#training-link").await?;
    } else {
        browser.click("#panel-training").await?;
    }
    Ok(())
}

/// Opens the trainer and starts the drill `name`; the player's
/// colour.
async fn start_drill(browser: &Browser, name: &str) -> Result<Color> {
    open_trainer(browser).await?;
    browser.wait_for("#training:not([hidden])").await?;
    browser
        .click(&format!(r#"button[data-drill-start="{name}"]"#))
        .await?;
    browser.wait_for_attr("#drill", "data-drill", name).await?;
    browser
        .wait_for_attr("#drill", "data-state", "play")
        .await?;
    ensure!(
        !displayed(browser, "#training").await?,
        "the list gives way to the board"
    );
    Ok(attacker(&drill_position(browser).await?))
}

/// Waits until it is `us` to move in the drill or the drill is over; `false` when over.
async fn wait_our_turn(browser: &Browser, us: Color) -> Result<bool> {
    browser
        .wait_until("the lone king's move or the drill's end", async |b| {
            let state = b.attr("#drill", "data-state").await?;
            if state.as_deref() != Some("play") {
                return Ok(true);
            }
            Ok(drill_position(b).await?.turn() == us)
        })
        .await?;
    Ok(browser.attr("#drill", "data-state").await?.as_deref() == Some("play"))
}

/// Asks for a hint and plays it: the two `.sq.hint` squares, the player's piece on one.
async fn play_hint(browser: &Browser, us: Color) -> Result<()> {
    browser.click("#btn-hint").await?;
    browser
        .wait_until("two hint squares", async |b| {
            Ok(b.find_all("#board .sq.hint").await?.len() == 2)
        })
        .await?;
    let mut squares = Vec::new();
    for e in browser.find_all("#board .sq.hint").await? {
        squares.push(e.attr("data-square").await?.context("data-square")?);
    }
    let pos = drill_position(browser).await?;
    let ours = |s: &String| {
        s.parse()
            .ok()
            .and_then(|sq| pos.piece_at(sq))
            .is_some_and(|p| p.color == us)
    };
    let (from, to) = match (ours(&squares[0]), ours(&squares[1])) {
        (true, false) => (&squares[0], &squares[1]),
        (false, true) => (&squares[1], &squares[0]),
        _ => bail!("the hint's squares {squares:?} in {}", pos.fen()),
    };
    browser.click_move(from, to).await
}

/// A slow move: one that neither mates, stalemates, leaves a piece to the lone king nor
/// repeats a position this side made before (the lone king would claim the repetition).
fn slow_move(pos: &Position, seen: &mut HashSet<String>) -> Option<(String, String)> {
    let us = pos.turn();
    let lone = us.other();
    for m in pos.legal_moves().iter() {
        let Ok(after) = pos.play(*m) else { continue };
        let placement: String = after.fen().split(' ').take(2).collect();
        if after.is_checkmate() || after.is_stalemate() || after.is_dead() {
            continue;
        }
        let hangs = (after.by_color(us) & !after.by_role(Role::King))
            .into_iter()
            .any(|sq| {
                !after.attackers_to(sq, lone).is_empty() && after.attackers_to(sq, us).is_empty()
            });
        if hangs || seen.contains(&placement) {
            continue;
        }
        seen.insert(placement);
        let uci = m.to_uci();
        return Some((uci[0..2].to_owned(), uci[2..4].to_owned()));
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rook_drill_is_passed_with_hints_and_its_best_survives_a_reload() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    browser.click("#training-link").await?;
    browser.wait_for("#training:not([hidden])").await?;
    let mut names = Vec::new();
    for li in browser.find_all("#drill-items li[data-drill]").await? {
        names.push(li.attr("data-drill").await?.unwrap_or_default());
    }
    ensure!(names == DRILLS, "the drills listed: {names:?}");
    ensure!(
        browser.find_all("#drill-items .mini-board").await?.len() == DRILLS.len(),
        "each drill has its picture"
    );
    let rook = browser.text(r#"li[data-drill="rook"]"#).await?;
    ensure!(
        rook.contains("Mate within 16 moves") && rook.contains("Not passed yet"),
        "the rook drill's entry: {rook:?}"
    );
    browser.screenshot("training-list-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;
    browser.screenshot("training-list-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.click("#training-back").await?;
    browser.wait_for("#training[hidden]").await?;

    let us = start_drill(&browser, "rook").await?;
    // The technique, in words and drawn, a tap away.
    browser.click("#drill summary").await?;
    ensure!(
        browser
            .find_all("#drill-picture .mini-board .piece")
            .await?
            .len()
            == 3,
        "the rook's box drawn: two kings and the rook"
    );
    let tip = browser.text("#drill-tip").await?;
    ensure!(tip.starts_with("Cut the king off with the rook"), "{tip:?}");
    browser.screenshot("drill-technique-desktop").await?;
    let left = browser.text("#drill-left").await?;
    ensure!(left.contains("of 16 moves left"), "{left:?}");
    ensure!(
        !displayed(&browser, "#counting").await?,
        "the drill's card says the count, not #counting as well"
    );
    let mut moves = 0;
    while wait_our_turn(&browser, us).await? {
        ensure!(moves < 16, "the hints did not mate within the count");
        if moves == 3 {
            let left = browser.text("#drill-left").await?;
            ensure!(left == "13 of 16 moves left", "after three moves: {left:?}");
            browser.screenshot("drill-play-desktop").await?;
        }
        play_hint(&browser, us).await?;
        moves += 1;
    }
    browser
        .wait_for_attr("#drill", "data-state", "passed")
        .await?;
    let status = browser.text("#drill-status").await?;
    ensure!(
        status == format!("Passed: mate in {moves} moves."),
        "{status:?} after {moves} moves"
    );
    browser
        .wait_for_text("#toasts", "A new best for this drill!")
        .await?;
    ensure!(
        !common::dialog_open(&browser, "game-over").await?,
        "the drill's card says the end, not the game-over dialog"
    );
    browser.screenshot("drill-passed-desktop").await?;

    // A reload resumes the drill as it ended, and the list shows the best.
    browser.reload().await?;
    browser
        .wait_for_attr("#drill", "data-state", "passed")
        .await?;
    browser.click("#drill-all").await?;
    browser.wait_for("#training:not([hidden])").await?;
    browser
        .wait_for_attr(
            r#"li[data-drill="rook"] .drill-best"#,
            "data-passed",
            "true",
        )
        .await?;
    let best = browser.text(r#"li[data-drill="rook"] .drill-best"#).await?;
    ensure!(
        best == format!("Your best: mate in {moves} moves"),
        "{best:?}"
    );
    let stored = browser.storage_get("asean.drills.v1").await?;
    ensure!(
        stored == Some(format!(r#"{{"rook":{moves}}}"#)),
        "{stored:?}"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drill_fails_when_slow_play_lets_the_count_run_out() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let us = start_drill(&browser, "rook").await?;
    let mut seen = HashSet::new();
    let mut moves = 0;
    while wait_our_turn(&browser, us).await? {
        ensure!(moves < 16, "still in play after 16 moves");
        let pos = drill_position(&browser).await?;
        let (from, to) = slow_move(&pos, &mut seen).context("a slow move")?;
        browser.click_move(&from, &to).await?;
        moves += 1;
        if moves == 15 {
            let left = browser.text("#drill-left").await?;
            ensure!(left == "1 of 16 moves left", "{left:?}");
        }
    }
    browser
        .wait_for_attr("#drill", "data-state", "failed")
        .await?;
    let status = browser.text("#drill-status").await?;
    ensure!(
        status == "Failed: the count ran out before mate.",
        "{status:?} after {moves} moves"
    );
    ensure!(moves == 16, "the count allowed {moves} moves");
    browser.screenshot("drill-failed-phone").await?;
    // Try again: the same position, in play.
    let first = browser.attr("#drill", "data-fen").await?;
    browser.click("#drill-retry").await?;
    browser
        .wait_for_attr("#drill", "data-state", "play")
        .await?;
    browser
        .wait_until("the lone king's first move again", async |b| {
            Ok(b.sans().await?.len() <= 1)
        })
        .await?;
    ensure!(first.is_some(), "the failed drill had a position");
    // No best is recorded for a failure.
    ensure!(
        browser.storage_get("asean.drills.v1").await?.is_none(),
        "nothing stored"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trainer_works_with_the_server_stopped_after_one_visit() -> Result<()> {
    let mut server = TestServer::start().await?;
    let browser = server.browser(Viewport::PHONE).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    server.stop().await?;
    browser.reload().await?;

    browser.select_value("#lang", "th").await?;
    browser
        .wait_for_attr("html", "lang", "th")
        .await
        .context("the page in Thai")?;
    open_trainer(&browser).await?;
    browser.wait_for("#training:not([hidden])").await?;
    let title = browser.text("#training-title").await?;
    ensure!(title == "ฝึกการนับ", "{title:?}");
    browser.screenshot("training-list-th-phone").await?;
    browser.click("#training-back").await?;

    browser.select_value("#lang", "vi").await?;
    browser.wait_for_attr("html", "lang", "vi").await?;
    let us = start_drill(&browser, "khon-met").await?;
    ensure!(
        wait_our_turn(&browser, us).await?,
        "the lone king moved offline"
    );
    play_hint(&browser, us).await?;
    ensure!(
        wait_our_turn(&browser, us).await?,
        "the lone king answered offline"
    );
    let left = browser.text("#drill-left").await?;
    ensure!(left == "Còn 43/44 nước", "{left:?}");
    browser.screenshot("drill-play-vi-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("drill-play-vi-desktop").await?;
    finish(browser).await
}
