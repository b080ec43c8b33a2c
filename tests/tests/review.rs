//! Review, export and import on the page: stepping through a game by keys, buttons and the move
//! list (hot-seat, against the AI, online while the other player moves), exporting a finished
//! game as PGN and FEN and importing it back, importing a FEN with a running count, and the
//! refusal of a bad import.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{Context, Result, ensure};
use common::{
    CURRENT_KEY, START_FEN, assert_shows, displayed, expected_board, finish, game_key, new_ai_game,
    pick_move, replay, seat_two, squares, thinking_shown, wait_dialog,
};
use e2e::{Browser, TestServer, Viewport, start_app};
use rules::{Game, Rules};
use serde_json::Value;
use thirtyfour::Key;

/// e4 d5 exd5 cxd5 Nd2: five plies with captures, so that every position differs.
const OPENING: [&str; 5] = ["e3e4", "d6d5", "e4d5", "c6d5", "b1d2"];
/// Nd2 Nd7 Nc4 Ne7 Nxd6#: the smothered mate in three.
const MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
/// Rook and king against a lone king, 10 of the count's 32 plies used.
const COUNT_FEN: &str = "8/8/8/4k3/8/8/8/R3K3 w - 32 10 30";
/// A PGN whose second White move is impossible (on line 3).
const BAD_PGN: &str = "[Variant \"asean\"]\n\n1. e4 d5 2. Kxe5 *";

/// Presses `key` with the focus on the page's body (not on a board square, whose arrows move
/// the keyboard focus between squares).
async fn press(b: &Browser, key: Key) -> Result<()> {
    b.js("if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();")
        .await?;
    b.find("body")
        .await?
        .send_keys(key)
        .await
        .context("sending a key to the body")
}

/// The squares marked `last`, sorted.
async fn last_squares(b: &Browser) -> Result<Vec<String>> {
    let v = b
        .js("return [...document.querySelectorAll('#board [data-square].last')].map(e => e.getAttribute('data-square')).sort();")
        .await?;
    Ok(serde_json::from_value(v)?)
}

/// The `data-ply` of the moves marked `current` in `#moves`.
async fn current_plies(b: &Browser) -> Result<Vec<String>> {
    let v = b
        .js("return [...document.querySelectorAll('#moves .san.current')].map(e => e.getAttribute('data-ply'));")
        .await?;
    Ok(serde_json::from_value(v)?)
}

/// The game of `sans` replayed from the start, its first `ply` moves only.
fn game_upto(sans: &[String], ply: usize) -> Game {
    let mut game = Game::new(Rules::default());
    for san in &sans[..ply] {
        game.play_san(san)
            .unwrap_or_else(|e| panic!("{san} after {:?}: {e}", game.san_moves()));
    }
    game
}

/// The two squares of the `ply`-th move (1-based) of `game`, sorted; none for ply 0.
fn move_squares(game: &Game, ply: usize) -> Vec<String> {
    if ply == 0 {
        return vec![];
    }
    let uci = game.moves()[ply - 1].to_uci();
    let (a, b) = squares(&uci);
    let mut v = vec![a.to_owned(), b.to_owned()];
    v.sort();
    v
}

/// Checks that the page reviews ply `ply` of `game` (the whole game, `game.moves()` long):
/// `data-view-ply`, `#app.reviewing`, the board, the `last` squares, the current move and
/// `#btn-live`; the move list still holds the whole game.
async fn check_review(b: &Browser, game: &Game, ply: usize) -> Result<()> {
    b.wait_for_attr("#board", "data-view-ply", &ply.to_string())
        .await?;
    let sans = game.san_moves();
    let shown = game_upto(&sans, ply);
    let expected = expected_board(&shown);
    b.wait_until(&format!("the board showing ply {ply}"), async |b| {
        Ok(b.board_pieces().await? == expected)
    })
    .await?;
    let last = last_squares(b).await?;
    ensure!(
        last == move_squares(game, ply),
        "ply {ply}: squares marked last {last:?}, expected {:?}",
        move_squares(game, ply)
    );
    let current = current_plies(b).await?;
    let want: Vec<String> = if ply == 0 {
        vec![]
    } else {
        vec![ply.to_string()]
    };
    ensure!(
        current == want,
        "ply {ply}: current moves {current:?}, expected {want:?}"
    );
    ensure!(b.exists("#app.reviewing").await?, "#app.reviewing");
    ensure!(
        displayed(b, "#btn-live").await?,
        "#btn-live is shown while reviewing ply {ply}"
    );
    ensure!(
        b.sans().await? == sans,
        "the move list still holds the whole game while reviewing"
    );
    Ok(())
}

/// Checks that the page shows `game` live: no `data-view-ply`, not reviewing, `#btn-live`
/// hidden, the whole game on the board with its last move marked and current.
async fn check_live(b: &Browser, game: &Game) -> Result<()> {
    b.wait_until("the board live (no data-view-ply)", async |b| {
        Ok(b.attr("#board", "data-view-ply").await?.is_none())
    })
    .await?;
    let expected = expected_board(game);
    b.wait_until("the board showing the live position", async |b| {
        Ok(b.board_pieces().await? == expected)
    })
    .await?;
    ensure!(b.sans().await? == game.san_moves(), "the move list");
    let plies = game.moves().len();
    let last = last_squares(b).await?;
    ensure!(
        last == move_squares(game, plies),
        "live: squares marked last {last:?}"
    );
    let current = current_plies(b).await?;
    ensure!(
        current == [plies.to_string()] || plies == 0,
        "live: current moves {current:?}"
    );
    ensure!(!b.exists("#app.reviewing").await?, "#app is not reviewing");
    b.wait_until("#btn-live hidden", async |b| {
        Ok(!displayed(b, "#btn-live").await?)
    })
    .await?;
    Ok(())
}

/// Tries to play `from`-`to` on the board by clicks and by a drag, then checks that nothing
/// moved and nothing is selected.
async fn try_to_move(b: &Browser, from: &str, to: &str) -> Result<()> {
    let (board, sans) = (b.board_pieces().await?, b.sans().await?);
    b.click_square(from).await?;
    ensure!(
        !b.exists("#board .sel").await? && !b.exists("#board .dest").await?,
        "clicking {from} while reviewing selects nothing"
    );
    b.click_square(to).await?;
    b.drag(from, to).await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    ensure!(
        b.board_pieces().await? == board,
        "a piece moved while reviewing ({from}-{to})"
    );
    ensure!(b.sans().await? == sans, "a move was played while reviewing");
    ensure!(
        !b.exists("#board .sel").await? && !b.exists("#board .dest").await?,
        "nothing is selected after {from}-{to} while reviewing"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_a_hot_seat_game_by_keys_clicks_and_buttons() -> Result<()> {
    let game = replay(START_FEN, "any", &OPENING);
    assert_eq!(game.san_moves(), ["e4", "d5", "exd5", "cxd5", "Nd2"]);

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    for uci in OPENING {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    assert_shows(&browser, &game).await?;
    check_live(&browser, &game).await?;

    // ← steps back one ply at a time.
    press(&browser, Key::Left).await?;
    check_review(&browser, &game, 4).await?;
    press(&browser, Key::Left).await?;
    check_review(&browser, &game, 3).await?;
    browser.screenshot("review-hotseat-phone").await?;

    // Home: the first position, no move marked; → one forward.
    press(&browser, Key::Home).await?;
    check_review(&browser, &game, 0).await?;
    ensure!(
        browser.attr("#btn-prev", "disabled").await?.is_some()
            && browser.attr("#btn-first", "disabled").await?.is_some(),
        "no step back from the first position"
    );
    press(&browser, Key::Left).await?;
    check_review(&browser, &game, 0).await?;
    press(&browser, Key::Right).await?;
    check_review(&browser, &game, 1).await?;

    // A click on a move in the list shows the position after it.
    browser.click(r#"#moves .san[data-ply="2"]"#).await?;
    check_review(&browser, &game, 2).await?;

    // Nothing can be played while reviewing: neither the live side to move (Black: Nc6) nor
    // the side to move in the shown position (White: exd5).
    try_to_move(&browser, "b8", "c6").await?;
    try_to_move(&browser, "e4", "d5").await?;
    check_review(&browser, &game, 2).await?;

    // The arrows of a focused board square move the focus, they do not step through the game.
    let focused = browser
        .find(r#"#board [data-square][tabindex="0"]"#)
        .await?;
    focused.focus().await?;
    focused.send_keys(Key::Left).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    ensure!(
        browser.attr("#board", "data-view-ply").await?.as_deref() == Some("2"),
        "an arrow on a board square changed the reviewed ply"
    );

    // #btn-live returns to the game as it stands.
    browser.click("#btn-live").await?;
    check_live(&browser, &game).await?;
    // → at the live position stays live.
    press(&browser, Key::Right).await?;
    check_live(&browser, &game).await?;

    // End returns too.
    press(&browser, Key::Left).await?;
    press(&browser, Key::Left).await?;
    check_review(&browser, &game, 3).await?;
    press(&browser, Key::End).await?;
    check_live(&browser, &game).await?;

    // On the phone a sideways swipe across empty squares steps: to the right back, to the
    // left forward (a4 and c4 are two squares apart on one rank).
    browser.drag("a4", "c4").await?;
    check_review(&browser, &game, 4).await?;
    browser.drag("c4", "a4").await?;
    check_live(&browser, &game).await?;

    // The buttons under the list, at desktop size.
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.click("#btn-first").await?;
    check_review(&browser, &game, 0).await?;
    browser.click("#btn-next").await?;
    check_review(&browser, &game, 1).await?;
    browser.click("#btn-next").await?;
    browser.click("#btn-next").await?;
    check_review(&browser, &game, 3).await?;
    browser.click("#btn-prev").await?;
    check_review(&browser, &game, 2).await?;
    browser.click(r#"#moves .san[data-ply="3"]"#).await?;
    check_review(&browser, &game, 3).await?;
    browser.screenshot("review-hotseat-desktop").await?;
    browser.click("#btn-last").await?;
    check_live(&browser, &game).await?;

    // Live again, the board is playable.
    browser.click_move("b8", "c6").await?;
    let six = replay(START_FEN, "any", &[&OPENING[..], &["b8c6"]].concat());
    assert_shows(&browser, &six).await?;
    check_live(&browser, &six).await?;
    finish(browser).await
}

/// The board's rectangle in the viewport: top, bottom, and the viewport's height.
async fn board_in_viewport(b: &Browser) -> Result<(f64, f64, f64)> {
    let v = b
        .js(
            "const r = document.getElementById('board').getBoundingClientRect(); \
             return [r.top, r.bottom, window.innerHeight];",
        )
        .await?;
    let v: Vec<f64> = serde_json::from_value(v)?;
    Ok((v[0], v[1], v[2]))
}

/// On a phone the move list is below the board: stepping through the game by keys must not
/// scroll the board (what is being reviewed) out of view.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviewing_on_a_phone_keeps_the_board_in_view() -> Result<()> {
    let moves = [&OPENING[..], &["b8c6", "a3a4", "a6a5"]].concat();
    let game = replay(START_FEN, "any", &moves);
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    for uci in &moves {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    browser.js("window.scrollTo(0, 0);").await?;
    let (top, bottom, height) = board_in_viewport(&browser).await?;
    ensure!(
        top >= 0.0 && bottom <= height,
        "the board is in view at the top of the page: {top}..{bottom} of {height}"
    );
    for (key, ply) in [(Key::Left, 7), (Key::Left, 6), (Key::Right, 7)] {
        press(&browser, key).await?;
        check_review(&browser, &game, ply).await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (top, bottom, height) = board_in_viewport(&browser).await?;
        if top < 0.0 || bottom > height + 1.0 {
            browser
                .screenshot("review-phone-board-scrolled-away")
                .await?;
        }
        ensure!(
            top >= 0.0 && bottom <= height + 1.0,
            "reviewing ply {ply} by keys scrolled the board out of view: its top at {top} px, \
             bottom at {bottom} px, viewport {height} px high (scrollY {})",
            browser.js("return window.scrollY;").await?
        );
    }
    finish(browser).await
}

/// The game the page shows, replayed from its move list.
async fn page_game(browser: &Browser) -> Result<Game> {
    let sans = browser.sans().await?;
    Ok(game_upto(&sans, sans.len()))
}

/// Plays the human's move (White) by clicks, without waiting for the AI.
async fn human_move(browser: &Browser) -> Result<()> {
    let game = page_game(browser).await?;
    let (from, to) = pick_move(&game).context("a legal move")?;
    browser.click_square(&from).await?;
    browser
        .wait_for(&format!(r#"[data-square="{to}"].dest"#))
        .await?;
    browser.click_square(&to).await
}

/// Waits a while and checks that the AI neither thinks nor moves: still `plies` moves.
async fn ai_stays_still(browser: &Browser, plies: usize, what: &str) -> Result<()> {
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        ensure!(
            browser.sans().await?.len() == plies,
            "{what}: a move was played ({:?})",
            browser.sans().await?
        );
        ensure!(
            !thinking_shown(browser).await?,
            "{what}: the AI is thinking"
        );
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_against_the_ai_never_plays_a_move() -> Result<()> {
    let (_server, mut browser) = start_app(Viewport::PHONE).await?;
    browser.set_timeout(Duration::from_secs(30));
    new_ai_game(&browser, 1, "white").await?;
    for round in 0..2 {
        human_move(&browser).await?;
        browser
            .wait_for_plies(2 * round + 2)
            .await
            .with_context(|| format!("the AI answered the human's move {}", round + 1))?;
    }
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    let game = page_game(&browser).await?;
    check_live(&browser, &game).await?;

    // Back to a position where the AI was to move: it does not move there.
    press(&browser, Key::Left).await?;
    check_review(&browser, &game, 3).await?;
    ai_stays_still(&browser, 4, "reviewing ply 3 (the AI to move there)").await?;
    check_review(&browser, &game, 3).await?;

    // The first position, the human to move there: the board is not playable.
    press(&browser, Key::Home).await?;
    check_review(&browser, &game, 0).await?;
    browser.click_square("e3").await?;
    ensure!(
        !browser.exists("#board .sel").await? && !browser.exists("#board .dest").await?,
        "clicking e3 while reviewing selects nothing"
    );
    press(&browser, Key::Right).await?;
    check_review(&browser, &game, 1).await?;
    ai_stays_still(&browser, 4, "reviewing ply 1").await?;
    press(&browser, Key::Right).await?;
    press(&browser, Key::Right).await?;
    check_review(&browser, &game, 3).await?;
    press(&browser, Key::Right).await?;
    check_live(&browser, &game).await?;
    ai_stays_still(&browser, 4, "back live on the human's turn").await?;

    // The AI's reply arriving while the human reviews: the reviewed ply stays on the board.
    human_move(&browser).await?;
    press(&browser, Key::Left).await?;
    let mut reviewed = String::new();
    browser
        .wait_until("reviewing after the human's move", async |b| {
            reviewed = b.attr("#board", "data-view-ply").await?.unwrap_or_default();
            Ok(!reviewed.is_empty())
        })
        .await?;
    browser.wait_for_plies(6).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let full = page_game(&browser).await?;
    let ply: usize = reviewed.parse()?;
    check_review(&browser, &full, ply).await?;
    browser.screenshot("review-ai-phone").await?;
    press(&browser, Key::End).await?;
    check_live(&browser, &full).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    // And the game goes on.
    human_move(&browser).await?;
    browser.wait_for_plies(8).await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_during_an_online_game_while_the_other_moves() -> Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    seat_two(&a, &b).await?;
    a.wait_for_text("#mode-setting", "you play White").await?;

    for (ply, uci) in OPENING[..3].iter().enumerate() {
        let (from, to) = squares(uci);
        let (mover, other) = if ply % 2 == 0 { (&a, &b) } else { (&b, &a) };
        mover.click_move(from, to).await?;
        other.wait_for_plies(ply + 1).await?;
    }
    let three = replay(START_FEN, "any", &OPENING[..3]);
    let four = replay(START_FEN, "any", &OPENING[..4]);
    let five = replay(START_FEN, "any", &OPENING);

    // A reviews the first move while B (to move) plays.
    a.click(r#"#moves .san[data-ply="1"]"#).await?;
    check_review(&a, &three, 1).await?;
    b.click_move("c6", "d5").await?;
    a.wait_for_plies(4).await?;
    check_review(&a, &four, 1).await?;
    ensure!(
        a.exists(r#"#moves .san[data-ply="4"]"#).await?,
        "the new move is in A's list"
    );
    // A's turn now, but the reviewed board is not playable.
    try_to_move(&a, "b1", "d2").await?;
    check_review(&a, &four, 1).await?;
    a.screenshot("review-online-desktop").await?;
    press(&a, Key::Right).await?;
    check_review(&a, &four, 2).await?;

    // #btn-live: the live position with B's move.
    a.click("#btn-live").await?;
    check_live(&a, &four).await?;
    ensure!(
        last_squares(&a).await? == ["c6", "d5"],
        "B's move is marked"
    );
    a.click_move("b1", "d2").await?;
    b.wait_for_plies(5).await?;
    check_live(&b, &five).await?;

    // B reviews on its own turn, then returns and plays.
    press(&b, Key::Home).await?;
    check_review(&b, &five, 0).await?;
    press(&b, Key::Right).await?;
    press(&b, Key::Right).await?;
    check_review(&b, &five, 2).await?;
    b.screenshot("review-online-phone").await?;
    try_to_move(&b, "b8", "c6").await?;
    press(&b, Key::End).await?;
    check_live(&b, &five).await?;
    b.click_move("b8", "c6").await?;
    a.wait_for_plies(6).await?;
    finish(a).await?;
    finish(b).await
}

/// Puts `text` into `#import-text` as a paste would (value, then an input event).
async fn paste(b: &Browser, text: &str) -> Result<()> {
    b.js_with(
        "const t = document.getElementById('import-text'); t.value = arguments[0]; \
         t.dispatchEvent(new Event('input', {bubbles: true}));",
        vec![Value::String(text.to_owned())],
    )
    .await?;
    Ok(())
}

/// The value of the input or textarea `id`.
async fn value_of(b: &Browser, id: &str) -> Result<String> {
    let v = b
        .js_with(
            "return document.getElementById(arguments[0]).value;",
            vec![Value::String(id.to_owned())],
        )
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

/// Opens the export dialog with `button`, returns the PGN and the FEN, closes it.
async fn export(b: &Browser, button: &str) -> Result<(String, String)> {
    b.click(button).await?;
    wait_dialog(b, "export", true).await?;
    b.wait_until("the PGN in #export-pgn", async |b| {
        Ok(value_of(b, "export-pgn").await?.contains("[Variant"))
    })
    .await?;
    Ok((
        value_of(b, "export-pgn").await?,
        value_of(b, "export-fen").await?,
    ))
}

/// The ids of the saved games listed, and the current one.
async fn saved_games(b: &Browser) -> Result<(Vec<String>, Option<String>)> {
    let v = b
        .js("const l = [...document.querySelectorAll('#saved-games [data-game-id]')]; \
             const c = document.querySelector('#saved-games [data-game-id].current'); \
             return [l.map(e => e.getAttribute('data-game-id')), c ? c.getAttribute('data-game-id') : null];")
        .await?;
    Ok(serde_json::from_value(v)?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_a_finished_game_then_import_it() -> Result<()> {
    let game = replay(START_FEN, "any", &MATE);
    assert!(game.position().is_checkmate());

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    for uci in MATE {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    wait_dialog(&browser, "game-over", true).await?;

    // Export from the game-over dialog.
    let (pgn, fen) = export(&browser, "#game-over-export").await?;
    ensure!(
        !common::dialog_open(&browser, "game-over").await?,
        "the game-over dialog gave way to the export"
    );
    for want in [
        "[Variant \"asean\"]",
        "[Result \"1-0\"]",
        "3. Nxd6#",
        "{Checkmate: White wins.}",
    ] {
        ensure!(pgn.contains(want), "#export-pgn lacks {want:?}:\n{pgn}");
    }
    ensure!(
        fen == game.position().fen(),
        "#export-fen {fen:?}, expected {:?}",
        game.position().fen()
    );
    // The rules crate reads the page's PGN back to the same game.
    let mut back = rules::pgn::read(&pgn, Rules::default()).context("the exported PGN reads")?;
    back.apply_result();
    ensure!(back.game.san_moves() == game.san_moves(), "{pgn}");
    ensure!(back.game.outcome() == game.outcome(), "{pgn}");
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;

    // Export while reviewing: the whole game, the shown position's FEN.
    browser.click(r#"#moves .san[data-ply="3"]"#).await?;
    check_review(&browser, &game, 3).await?;
    let (pgn3, fen3) = export(&browser, "#btn-export").await?;
    ensure!(pgn3 == pgn, "the PGN is the whole game while reviewing");
    let at3 = replay(START_FEN, "any", &MATE[..3]);
    ensure!(
        fen3 == at3.position().fen(),
        "#export-fen while reviewing ply 3: {fen3:?}, expected {:?}",
        at3.position().fen()
    );
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;
    press(&browser, Key::End).await?;
    check_live(&browser, &game).await?;

    // The dialog at both sizes (live position).
    let (_, fen_live) = export(&browser, "#btn-export").await?;
    ensure!(fen_live == game.position().fen(), "#export-fen live again");
    browser.screenshot("export-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("export-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;

    // A new hot-seat game, then the PGN imported into it.
    browser.click("#btn-new").await?;
    wait_dialog(&browser, "new-game", true).await?;
    browser
        .click(r#"#new-game input[name="mode"][value="hotseat"]"#)
        .await?;
    browser.click("#new-game-start").await?;
    wait_dialog(&browser, "new-game", false).await?;
    browser.wait_for_plies(0).await?;
    browser.wait_for_attr("#status", "data-outcome", "").await?;
    let (before, _) = saved_games(&browser).await?;

    browser.click("#btn-import").await?;
    wait_dialog(&browser, "import", true).await?;
    ensure!(
        value_of(&browser, "import-text").await?.is_empty(),
        "#import-text starts empty"
    );
    ensure!(
        !displayed(&browser, "#import-error").await?,
        "no error before the import"
    );
    paste(&browser, &pgn).await?;
    browser.screenshot("import-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("import-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;
    browser.click("#import-start").await?;
    wait_dialog(&browser, "import", false).await?;
    browser.wait_for_plies(5).await?;
    assert_shows(&browser, &game).await?;
    check_live(&browser, &game).await?;
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    ensure!(
        browser.sans().await? == ["Nd2", "Nd7", "Nc4", "Ne7", "Nxd6#"],
        "the five moves"
    );
    browser.wait_for_text("#toasts", "Game imported").await?;

    // The imported game is saved and current.
    let mut current = None;
    browser
        .wait_until("the imported game current in the saved list", async |b| {
            current = saved_games(b).await?.1;
            Ok(current.as_ref().is_some_and(|c| !before.contains(c)))
        })
        .await?;
    let id = current.context("a current game")?;
    ensure!(
        browser.storage_get(CURRENT_KEY).await?.as_deref() == Some(id.as_str()),
        "the imported game is the one to resume"
    );
    let saved: Value = serde_json::from_str(
        &browser
            .storage_get(&game_key(&id))
            .await?
            .context("the imported game is stored")?,
    )?;
    ensure!(
        saved["moves"] == serde_json::json!(MATE),
        "stored moves {}",
        saved["moves"]
    );
    ensure!(
        saved["result"].is_string() || saved["result"].is_object(),
        "the stored game has its result: {saved}"
    );
    ensure!(
        browser.exists(r#"[data-square="e8"].check"#).await?,
        "the mated king is marked"
    );
    ensure!(
        browser.text("#status").await?.contains("Checkmate"),
        "status names the mate"
    );
    // It survives a reload.
    browser.reload().await?;
    browser.wait_for_plies(5).await?;
    assert_shows(&browser, &game).await?;
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    finish(browser).await
}

/// Imports `text` through the import dialog and waits for its `plies`.
async fn import_text(browser: &Browser, text: &str, plies: usize) -> Result<()> {
    browser.click("#btn-import").await?;
    wait_dialog(browser, "import", true).await?;
    paste(browser, text).await?;
    browser.click("#import-start").await?;
    wait_dialog(browser, "import", false).await?;
    browser.wait_for_plies(plies).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_pgn_keeps_its_tags_and_shows_its_result_as_the_record_says() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let text = "[Event \"Club championship\"]\n[Site \"Khon Kaen\"]\n[Date \"2026.11.30\"]\n\
                [Round \"3\"]\n[White \"Anong\"]\n[Black \"Boon\"]\n[WhiteElo \"1850\"]\n\
                [TimeControl \"40/7200:3600\"]\n[Annotator \"Chai\"]\n[Result \"1-0\"]\n\n\
                1. e4 d5 2. Nd2 Nd7 1-0\n";
    import_text(&browser, text, 4).await?;
    let status = browser.text("#status").await?;
    ensure!(
        status.contains("White wins") && status.contains("1-0") && !status.contains("resigned"),
        "a result alone is shown as the record's, with no resignation made up: {status}"
    );
    let (pgn, _) = export(&browser, "#btn-export").await?;
    for tag in [
        "[Event \"Club championship\"]",
        "[Site \"Khon Kaen\"]",
        "[Date \"2026.11.30\"]",
        "[Round \"3\"]",
        "[White \"Anong\"]",
        "[Black \"Boon\"]",
        "[WhiteElo \"1850\"]",
        "[TimeControl \"40/7200:3600\"]",
        "[Annotator \"Chai\"]",
        "[Result \"1-0\"]",
    ] {
        ensure!(pgn.contains(tag), "the export keeps {tag}:\n{pgn}");
    }
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;
    // After a reload, the same.
    browser.reload().await?;
    browser.wait_for_plies(4).await?;
    let again = browser.text("#status").await?;
    ensure!(again == status, "after a reload: {again}");

    // A time forfeit stays a time forfeit.
    import_text(
        &browser,
        "[Termination \"time forfeit\"]\n\n1. e4 d5 0-1\n",
        2,
    )
    .await?;
    browser
        .wait_for_attr("#status", "data-outcome", "timeout-black-wins")
        .await?;
    // A mate scored the other way: as played, with the record's word against it.
    import_text(&browser, "1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6# 0-1\n", 5).await?;
    browser
        .wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
        .await?;
    let warned = browser.text("#status").await?;
    ensure!(
        warned.contains("Checkmate") && warned.contains("0-1"),
        "the warning: {warned}"
    );
    browser.wait_for_text("#toasts", "does not match").await?;
    browser.screenshot("import-contradicted-phone").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn import_a_fen_with_a_running_count() -> Result<()> {
    let start = replay(COUNT_FEN, "any", &[]);
    let c = start.position().counting().expect("a count runs");
    assert_eq!((c.moves_used(), c.limit_moves()), (5, 16));
    assert_eq!(start.position().fen(), COUNT_FEN);

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    browser.click_move("e3", "e4").await?;
    browser.click("#btn-import").await?;
    wait_dialog(&browser, "import", true).await?;
    paste(&browser, COUNT_FEN).await?;
    browser.click("#import-start").await?;
    wait_dialog(&browser, "import", false).await?;
    browser.wait_for_plies(0).await?;
    assert_shows(&browser, &start).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    browser.wait_for_attr("#counting", "data-used", "5").await?;
    browser
        .wait_for_attr("#counting", "data-limit", "16")
        .await?;
    ensure!(
        displayed(&browser, "#counting").await?,
        "#counting is shown"
    );
    let text = browser.text("#counting").await?;
    ensure!(text.contains("Count 5 of 16"), "#counting text {text:?}");
    browser.screenshot("import-fen-count-phone").await?;

    // The export gives the same FEN back, and a PGN that starts from it.
    let (pgn, fen) = export(&browser, "#btn-export").await?;
    ensure!(fen == COUNT_FEN, "#export-fen {fen:?}");
    ensure!(
        pgn.contains("[SetUp \"1\"]") && pgn.contains(&format!("[FEN \"{COUNT_FEN}\"]")),
        "the PGN names its start:\n{pgn}"
    );
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;

    // The count goes on with the moves.
    browser.click_move("a1", "a2").await?;
    let after = replay(COUNT_FEN, "any", &["a1a2"]);
    let c = after.position().counting().expect("a count runs");
    browser
        .wait_for_attr("#counting", "data-used", &c.moves_used().to_string())
        .await?;
    browser
        .wait_for_attr("#counting", "data-limit", &c.limit_moves().to_string())
        .await?;
    assert_shows(&browser, &after).await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_import_is_refused_with_a_message() -> Result<()> {
    let game = replay(START_FEN, "any", &OPENING[..2]);
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    for uci in &OPENING[..2] {
        let (from, to) = squares(uci);
        browser.click_move(from, to).await?;
    }
    let (pgn_before, fen_before) = export(&browser, "#btn-export").await?;
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;
    let board_before: BTreeMap<String, String> = browser.board_pieces().await?;
    let saved_before = saved_games(&browser).await?;

    browser.click("#btn-import").await?;
    wait_dialog(&browser, "import", true).await?;
    paste(&browser, BAD_PGN).await?;
    browser.click("#import-start").await?;
    browser.wait_for("#import-error:not([hidden])").await?;
    ensure!(
        displayed(&browser, "#import-error").await?,
        "#import-error is shown"
    );
    let error = browser.text("#import-error").await?;
    ensure!(
        error.contains("line 3") && error.contains("2. Kxe5"),
        "#import-error {error:?} names line 3 and the move 2. Kxe5"
    );
    ensure!(
        common::dialog_open(&browser, "import").await?,
        "the dialog stays open"
    );
    ensure!(
        value_of(&browser, "import-text").await? == BAD_PGN,
        "the pasted text stays for correcting"
    );
    browser.screenshot("import-error-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("import-error-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;

    // Nothing changed behind the dialog.
    ensure!(
        browser.sans().await? == game.san_moves(),
        "the moves changed"
    );
    ensure!(
        browser.board_pieces().await? == board_before,
        "the board changed"
    );
    ensure!(
        board_before == expected_board(&game),
        "the board shows the game"
    );

    // A bad FEN is refused too.
    paste(&browser, "8/8/8/8 w - - 0 1").await?;
    browser.click("#import-start").await?;
    browser
        .wait_for_text("#import-error", "This FEN cannot be read")
        .await?;

    // Cancel: the game is as it was.
    browser.click("#import-cancel").await?;
    wait_dialog(&browser, "import", false).await?;
    let (pgn_after, fen_after) = export(&browser, "#btn-export").await?;
    ensure!(
        fen_after == fen_before && fen_after == game.position().fen(),
        "FEN {fen_after:?}, before {fen_before:?}"
    );
    ensure!(pgn_after == pgn_before, "the PGN changed");
    browser.click("#export-close").await?;
    wait_dialog(&browser, "export", false).await?;
    assert_shows(&browser, &game).await?;
    ensure!(
        saved_games(&browser).await? == saved_before,
        "the saved games changed"
    );

    // An empty paste (reopened: the text and the old error are gone).
    browser.click("#btn-import").await?;
    wait_dialog(&browser, "import", true).await?;
    ensure!(
        value_of(&browser, "import-text").await?.is_empty(),
        "#import-text empty on reopening"
    );
    ensure!(
        !displayed(&browser, "#import-error").await?,
        "the old error is gone on reopening"
    );
    browser.click("#import-start").await?;
    browser.wait_for("#import-error:not([hidden])").await?;
    let error = browser.text("#import-error").await?;
    ensure!(
        error.contains("Paste a PGN or a FEN first"),
        "empty import: {error:?}"
    );
    paste(&browser, "   \n ").await?;
    browser.click("#import-start").await?;
    browser
        .wait_for_text("#import-error", "Paste a PGN or a FEN first")
        .await?;
    browser.click("#import-cancel").await?;
    wait_dialog(&browser, "import", false).await?;
    assert_shows(&browser, &game).await?;
    // The game still plays on.
    browser.click_move("e4", "d5").await?;
    ensure!(
        browser.piece_at("d5").await?.as_deref() == Some("wP"),
        "exd5 played after the refused imports"
    );
    finish(browser).await
}
