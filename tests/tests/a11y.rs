//! Sound and accessibility on the page: each move said in words in the live region
//! `#announce`; the sounds observed through the test hook `window.__aseanSounds`, muted by
//! `#btn-sound` and remembered across a reload; the typed move box (SAN, UCI and a refusal);
//! the move list by keys; and the keyboard alone reaching the top bar, the board, the panel
//! and a dialog (which keeps the focus and closes on Escape), with the focus ring unlike the
//! hint's squares.

mod common;

use anyhow::{Context, Result, ensure};
use common::{
    SEATS_KEY, START_FEN, drop_connection, finish, inject_game, replay, seat_two, wait_dialog,
};
use e2e::{Browser, TestServer, Viewport, start_app};
use serde_json::Value;
use thirtyfour::Key;

/// The words in `#announce` (visually hidden, so read as its text content).
async fn announced(b: &Browser) -> Result<String> {
    let v = b
        .js("return document.getElementById('announce').textContent;")
        .await?;
    Ok(v.as_str().unwrap_or_default().trim().to_owned())
}

/// Waits until `#announce` says exactly `words`.
async fn wait_announced(b: &Browser, words: &str) -> Result<()> {
    b.wait_until(&format!("#announce to say {words:?}"), async |b| {
        Ok(announced(b).await? == words)
    })
    .await
}

/// Waits until the page's test hook has recorded exactly `want` (a sound waits for the end
/// of its burst); the error names what was heard.
async fn wait_sounds(b: &Browser, want: &[&str]) -> Result<()> {
    let heard = b
        .wait_until("the sounds", async |b| Ok(sounds(b).await? == want))
        .await;
    heard.with_context(|| format!("wanted {want:?}"))
}

/// The sounds recorded by the page's test hook.
async fn sounds(b: &Browser) -> Result<Vec<String>> {
    let v = b.js("return window.__aseanSounds || [];").await?;
    serde_json::from_value(v).context("reading window.__aseanSounds")
}

/// Types `text` into the move box and presses Enter.
async fn type_move(b: &Browser, text: &str) -> Result<()> {
    let input = b.find("#move-input").await?;
    input.clear().await?;
    input.send_keys(text).await?;
    input.send_keys(Key::Enter).await?;
    Ok(())
}

/// The value of the move box.
async fn typed(b: &Browser) -> Result<String> {
    let v = b
        .js("return document.getElementById('move-input').value;")
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

/// Where the board's top edge is in the viewport (CSS pixels).
async fn board_top(b: &Browser) -> Result<f64> {
    let v = b
        .js("return document.getElementById('board').getBoundingClientRect().top;")
        .await?;
    v.as_f64().context("the board's top")
}

/// Presses `key` wherever the keyboard focus is, as a user would.
async fn press(b: &Browser, key: Key) -> Result<()> {
    b.driver()
        .action_chain()
        .send_keys(key)
        .perform()
        .await
        .context("pressing a key")
}

/// What has the keyboard focus: `#id`, a square `[data-square=e3]`, a move `.san[data-ply=2]`,
/// else the tag name.
async fn focused(b: &Browser) -> Result<String> {
    let v = b
        .js("const e = document.activeElement; if (!e) return ''; \
             if (e.dataset.square) return '[data-square=' + e.dataset.square + ']'; \
             if (e.classList.contains('san')) return '.san[data-ply=' + e.dataset.ply + ']'; \
             return e.id ? '#' + e.id : e.tagName.toLowerCase();")
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_announced_and_sounds_follow_the_toggle_across_a_reload() -> Result<()> {
    let (_server, b) = start_app(Viewport::DESKTOP).await?;
    ensure!(
        b.attr("#btn-sound", "aria-pressed").await?.as_deref() == Some("true"),
        "sounds are on at first"
    );
    b.click_move("e3", "e4").await?;
    wait_announced(&b, "White: pawn to e4").await?;
    b.click_move("d6", "d5").await?;
    wait_announced(&b, "Black: pawn to d5").await?;
    b.click_move("e4", "d5").await?;
    wait_announced(&b, "White: pawn takes d5").await?;
    // A move's sound comes at the end of its burst (a few tens of milliseconds).
    wait_sounds(&b, &["move", "move", "capture"]).await?;

    // Muted: the move is still said, but nothing is played; the choice is stored.
    b.click("#btn-sound").await?;
    b.wait_for_attr("#btn-sound", "aria-pressed", "false")
        .await?;
    ensure!(b.storage_get("asean.sound.v1").await?.as_deref() == Some("off"));
    b.click_move("c6", "d5").await?;
    wait_announced(&b, "Black: pawn from c6 takes d5").await?;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    ensure!(
        sounds(&b).await?.len() == 3,
        "a muted move made a sound: {:?}",
        sounds(&b).await?
    );

    // After a reload the page is still muted.
    b.reload().await?;
    b.wait_for_attr("#btn-sound", "aria-pressed", "false")
        .await?;
    b.click_move("b1", "d2").await?;
    wait_announced(&b, "White: knight to d2").await?;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    ensure!(
        sounds(&b).await?.is_empty(),
        "muted after the reload, yet heard {:?}",
        sounds(&b).await?
    );
    // On again: the next move sounds, and that is remembered too.
    b.click("#btn-sound").await?;
    b.wait_for_attr("#btn-sound", "aria-pressed", "true")
        .await?;
    ensure!(b.storage_get("asean.sound.v1").await?.as_deref() == Some("on"));
    b.click_move("b8", "d7").await?;
    b.wait_until("the move's sound", async |b| {
        Ok(sounds(b).await? == ["move"])
    })
    .await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mate_is_announced_with_its_check_and_end_sounds() -> Result<()> {
    let (_server, b) = start_app(Viewport::PHONE).await?;
    for uci in ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"] {
        b.click_move(&uci[..2], &uci[2..]).await?;
    }
    wait_announced(&b, "White: knight takes d6, checkmate").await?;
    wait_sounds(&b, &["move", "move", "move", "move", "check", "win"]).await?;
    // A resignation is said as the result.
    wait_dialog(&b, "game-over", true).await?;
    b.click("#game-over-close").await?;
    b.click("#btn-undo").await?;
    b.wait_for_plies(4).await?;
    b.click("#btn-resign").await?;
    wait_dialog(&b, "confirm", true).await?;
    b.click("#confirm-yes").await?;
    wait_announced(&b, "White resigned: Black wins.").await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_move_box_plays_san_and_uci_and_refuses_a_bad_move() -> Result<()> {
    let (_server, b) = start_app(Viewport::PHONE).await?;
    // The suggestions are the legal moves in SAN, each labelled in words.
    let options = b
        .js("return [...document.querySelectorAll('#move-suggestions option')].map(o => [o.value, o.label]);")
        .await?;
    let options: Vec<(String, String)> = serde_json::from_value(options)?;
    let start = replay(START_FEN, "any", &[]);
    let mut legal: Vec<String> = start
        .position()
        .legal_moves()
        .iter()
        .map(|&m| start.position().san(m))
        .collect();
    legal.sort();
    let offered: Vec<String> = options.iter().map(|(v, _)| v.clone()).collect();
    ensure!(offered == legal, "suggestions {offered:?}, legal {legal:?}");
    ensure!(
        options.contains(&("Nd2".to_owned(), "knight to d2".to_owned())),
        "{options:?}"
    );

    let top = board_top(&b).await?;
    type_move(&b, "Nd2").await?;
    b.wait_for_plies(1).await?;
    wait_announced(&b, "White: knight to d2").await?;
    ensure!(
        typed(&b).await?.is_empty(),
        "the box is emptied once played"
    );
    type_move(&b, "d6d5").await?;
    b.wait_for_plies(2).await?;
    ensure!(b.sans().await? == ["Nd2", "d5"]);

    // A refusal says why, keeps the text and plays nothing.
    for (text, why) in [
        ("Ke5", "is not a legal move"),
        ("hello", "is not understood"),
    ] {
        type_move(&b, text).await?;
        b.wait_for_text("#move-input-error", why).await?;
        ensure!(b.text("#move-input-error").await?.contains(text));
        ensure!(typed(&b).await? == text, "the box keeps {text:?}");
        ensure!(
            b.attr("#move-input", "aria-invalid").await?.as_deref() == Some("true"),
            "{text} marks the box invalid"
        );
        ensure!(b.sans().await? == ["Nd2", "d5"], "{text} changed the game");
    }
    b.screenshot("move_input_phone").await?;
    let after = board_top(&b).await?;
    ensure!(
        (after - top).abs() < 0.5,
        "the board moved from {top} to {after} px while typing"
    );
    // The next good move clears the refusal.
    type_move(&b, "e3e4").await?;
    b.wait_for_plies(3).await?;
    b.wait_until("the refusal gone", async |b| {
        Ok(b.attr("#move-input-error", "hidden").await?.is_some())
    })
    .await?;
    ensure!(b.sans().await? == ["Nd2", "d5", "e4"]);
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_move_list_is_navigable_by_keys() -> Result<()> {
    let (_server, b) = start_app(Viewport::DESKTOP).await?;
    for text in ["e4", "d5", "exd5", "c6d5"] {
        type_move(&b, text).await?;
    }
    b.wait_for_plies(4).await?;
    // One tab stop: the shown (last) move.
    let stops = b
        .js("return [...document.querySelectorAll('#moves .san')].filter(e => e.tabIndex === 0).map(e => e.dataset.ply);")
        .await?;
    ensure!(stops == Value::from(vec!["4"]), "tab stops {stops}");
    ensure!(
        b.attr(".san[data-ply=\"3\"]", "aria-label")
            .await?
            .as_deref()
            == Some("2. White: pawn takes d5"),
        "the move's words"
    );
    b.js("document.querySelector('#moves .san[data-ply=\"4\"]').focus();")
        .await?;
    for (key, ply, focus) in [
        (Key::Left, Some("3"), "3"),
        (Key::Up, Some("2"), "2"),
        (Key::Home, Some("0"), "1"),
        (Key::Right, Some("1"), "1"),
        (Key::Down, Some("2"), "2"),
        (Key::End, None, "4"),
    ] {
        press(&b, key.clone()).await?;
        let want = ply.map(str::to_owned);
        b.wait_until(&format!("ply {ply:?} shown"), async |b| {
            Ok(b.attr("#board", "data-view-ply").await? == want)
        })
        .await?;
        let f = focused(&b).await?;
        ensure!(
            f == format!(".san[data-ply={focus}]"),
            "after {key:?} the focus is on {f}"
        );
    }
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyboard_alone_reaches_everything_and_the_focus_is_not_the_hint() -> Result<()> {
    let (_server, b) = start_app(Viewport::DESKTOP).await?;
    // A returning player's page, freshly loaded (no start screen was clicked away on it).
    inject_game(&b, "keys", START_FEN, "any", &[]).await?;
    // Tab from the top of the page: the top bar, the board (one stop), the move box, the
    // game's buttons, in that order.
    b.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
        .await?;
    let mut order = Vec::new();
    for _ in 0..12 {
        press(&b, Key::Tab).await?;
        order.push(focused(&b).await?);
    }
    let want = [
        "#rules-link",
        "#btn-sound",
        "#lang",
        "[data-square=e3]",
        "#move-input",
        "#move-play",
        "#btn-new",
    ];
    let positions: Vec<Option<usize>> = want
        .iter()
        .map(|w| order.iter().position(|f| f == w))
        .collect();
    ensure!(
        positions.iter().all(Option::is_some) && positions.windows(2).all(|p| p[0] < p[1]),
        "tab order {order:?}"
    );

    // A move by keys on the board: e3 is focused; Enter, ↑, Enter plays e4.
    b.js("document.querySelector('[data-square=\"e3\"]').focus();")
        .await?;
    press(&b, Key::Enter).await?;
    press(&b, Key::Up).await?;
    press(&b, Key::Enter).await?;
    b.wait_for_plies(1).await?;
    wait_announced(&b, "White: pawn to e4").await?;

    // The hint, asked by keys, and the focus on another square look different.
    b.js("document.getElementById('btn-hint').focus();").await?;
    press(&b, Key::Enter).await?;
    b.wait_until("the hint's two squares", async |b| {
        Ok(b.find_all("#board .sq.hint").await?.len() == 2)
    })
    .await?;
    let hinted = b
        .js("return [...document.querySelectorAll('#board .sq.hint')].map(e => e.dataset.square);")
        .await?;
    let hinted: Vec<String> = serde_json::from_value(hinted)?;
    // Focus a square next to neither hint square, by keys from e4.
    b.js("document.querySelector('[data-square=\"e4\"]').focus();")
        .await?;
    press(&b, Key::Right).await?;
    let f = focused(&b).await?;
    ensure!(f == "[data-square=f4]", "focus on {f}");
    ensure!(
        !hinted.iter().any(|s| s == "f4"),
        "the hint {hinted:?} is on the focused square"
    );
    let looks = b
        .js_with(
            "const look = (sq) => { const e = document.querySelector(`[data-square=\"${sq}\"]`); \
               const s = getComputedStyle(e), before = getComputedStyle(e, '::before'); \
               return [s.outlineStyle, s.outlineWidth, before.backgroundImage.split('(')[0]]; }; \
             return [look('f4'), look(arguments[0])];",
            vec![Value::String(hinted[0].clone())],
        )
        .await?;
    let looks: Vec<Vec<String>> = serde_json::from_value(looks)?;
    ensure!(
        looks[0][0] == "solid" && looks[0][1] == "4px",
        "the focus ring {looks:?}"
    );
    ensure!(
        looks[1][0] == "none" && looks[1][2] == "repeating-linear-gradient",
        "the hint's stripes, without a ring {looks:?}"
    );
    let hint_label = b
        .attr(&format!("[data-square=\"{}\"]", hinted[0]), "aria-label")
        .await?
        .unwrap_or_default();
    ensure!(
        hint_label.ends_with(", suggested move"),
        "hint label {hint_label:?}"
    );
    b.screenshot("a11y_focus_desktop").await?;

    // A dialog by keys: it keeps the focus inside while open, and Escape closes it.
    b.js("document.getElementById('btn-new').focus();").await?;
    press(&b, Key::Enter).await?;
    wait_dialog(&b, "new-game", true).await?;
    for _ in 0..10 {
        press(&b, Key::Tab).await?;
        let inside = b
            .js("const e = document.activeElement; return !!(e && e.closest('#new-game')) || e === document.body;")
            .await?;
        ensure!(
            inside.as_bool() == Some(true),
            "Tab left the dialog for {}",
            focused(&b).await?
        );
    }
    press(&b, Key::Escape).await?;
    wait_dialog(&b, "new-game", false).await?;
    ensure!(b.sans().await?.len() == 1, "Escape started no game");
    finish(b).await
}

/// Makes the page believe its tab went to the background (or came back), as a browser tells
/// it: `document.hidden` and the `visibilitychange` event.
async fn set_hidden(b: &Browser, hidden: bool) -> Result<()> {
    b.js(&format!(
        "Object.defineProperty(document, 'hidden', {{ configurable: true, get: () => {hidden} }}); \
         document.dispatchEvent(new Event('visibilitychange')); return true;"
    ))
    .await?;
    Ok(())
}

/// Forgets the sounds recorded so far.
async fn clear_sounds(b: &Browser) -> Result<()> {
    b.js("window.__aseanSounds = []; return true;").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_background_tab_sounds_the_opponents_move_alone_and_a_rejoin_once() -> Result<()> {
    let server = TestServer::start().await?;
    let white = server.browser(Viewport::DESKTOP).await?;
    let black = server.browser(Viewport::DESKTOP).await?;
    white.open_app().await?;
    seat_two(&white, &black).await?;
    // A sound is heard after the page's first gesture; the clicks of seating were those.
    clear_sounds(&white).await?;

    // White's tab in the background: its own move (made just before) is silent, Black's
    // answer sounds (it is White's turn), the end does not.
    set_hidden(&white, true).await?;
    white.click_move("e3", "e4").await?;
    black.wait_for_plies(1).await?;
    black.click_move("d6", "d5").await?;
    white.wait_for_plies(2).await?;
    wait_sounds(&white, &["move"]).await?;
    set_hidden(&white, false).await?;

    // A second page holding White's seat (another device of the same player) plays on while
    // the first is away: back, the first hears the latest of the missed moves once.
    let other = server.browser(Viewport::DESKTOP).await?;
    let seats = white.storage_get(SEATS_KEY).await?.context("seat book")?;
    other.open_app().await?;
    other.storage_set(SEATS_KEY, &seats).await?;
    let room = white
        .js("return window.location.hash.replace('#/room/', '');")
        .await?;
    other
        .open(&format!("/#/room/{}", room.as_str().unwrap_or_default()))
        .await?;
    other.reload().await?;
    other.wait_app_ready().await?;
    other
        .wait_for_text("#mode-setting", "you play White")
        .await?;
    other.wait_for_plies(2).await?;
    clear_sounds(&white).await?;
    drop_connection(&white, 6000).await?;
    white.wait_for("#reconnecting:not([hidden])").await?;
    for (page, from, to, plies) in [
        (&other, "e4", "d5", 3),
        (&black, "c6", "d5", 4),
        (&other, "b1", "d2", 5),
        (&black, "b8", "d7", 6),
    ] {
        page.click_move(from, to).await?;
        other.wait_for_plies(plies).await?;
        black.wait_for_plies(plies).await?;
    }
    ensure!(sounds(&white).await?.is_empty(), "heard while away");
    white.wait_for("#reconnecting[hidden]").await?;
    white.wait_for_plies(6).await?;
    wait_sounds(&white, &["move"]).await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    ensure!(
        sounds(&white).await? == ["move"],
        "a burst: {:?}",
        sounds(&white).await?
    );
    finish(other).await?;
    finish(white).await?;
    finish(black).await
}
