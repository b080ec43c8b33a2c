//! Shared by the end-to-end test files: expected positions computed with the rules crate (the
//! same code the page runs), saved games planted in `localStorage`, and the end of a test.

#![allow(dead_code)] // Each test file uses its own subset.

use std::collections::BTreeMap;

use anyhow::{Context, Result, ensure};
use e2e::Browser;
use rules::{Color, Game, PromotionRule, Rules, Square};

/// The start position.
pub const START_FEN: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

/// The storage key of the game `id`.
pub fn game_key(id: &str) -> String {
    format!("asean.games.v1.{id}")
}

/// The storage key of the game to resume.
pub const CURRENT_KEY: &str = "asean.current.v1";

/// The rules of a promotion setting as stored (`any` or `met-only`).
pub fn rules_of(promotion: &str) -> Rules {
    Rules {
        promotion: if promotion == "met-only" {
            PromotionRule::MetOnly
        } else {
            PromotionRule::Any
        },
    }
}

/// `moves` (UCI) replayed from `fen` by the rules crate; panics on an illegal move, so a
/// sequence used by a test is always checked before the browser sees it.
pub fn replay(fen: &str, promotion: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_fen(fen, rules_of(promotion)).expect("a valid FEN");
    for m in moves {
        game.play_uci(m)
            .unwrap_or_else(|e| panic!("{m} is illegal after {:?}: {e}", game.san_moves()));
    }
    game
}

/// The pieces of the game's current position as the page shows them: square to
/// `data-piece` code (`e1` -> `wK`).
pub fn expected_board(game: &Game) -> BTreeMap<String, String> {
    let pos = game.position();
    let mut out = BTreeMap::new();
    for rank in 0..8 {
        for file in 0..8 {
            let sq = Square::new(file, rank);
            if let Some(p) = pos.piece_at(sq) {
                let colour = if p.color == Color::White { 'w' } else { 'b' };
                out.insert(sq.to_string(), format!("{colour}{}", p.role.upper_char()));
            }
        }
    }
    out
}

/// The saved-game JSON of schema version 1 (see `crates/web/src/model/saved.rs`).
pub fn saved_game_json(id: &str, fen: &str, promotion: &str, moves: &[&str]) -> String {
    serde_json::json!({
        "version": 1,
        "id": id,
        "created": 1_732_880_000_000_u64,
        "updated": 1_732_880_100_000_u64,
        "initial_fen": fen,
        "rules": { "promotion": promotion },
        "moves": moves,
        "result": null,
    })
    .to_string()
}

/// Plants a saved game as the one on the board and reloads the page, which resumes it.
pub async fn inject_game(
    browser: &Browser,
    id: &str,
    fen: &str,
    promotion: &str,
    moves: &[&str],
) -> Result<()> {
    browser
        .storage_set(&game_key(id), &saved_game_json(id, fen, promotion, moves))
        .await?;
    browser.storage_set(CURRENT_KEY, id).await?;
    browser.reload().await?;
    browser
        .wait_for(&format!(r#"#saved-games [data-game-id="{id}"].current"#))
        .await
        .with_context(|| format!("the planted game {id} resumed"))?;
    Ok(())
}

/// Checks that the page shows the board and move list of `game`.
pub async fn assert_shows(browser: &Browser, game: &Game) -> Result<()> {
    let sans = browser.sans().await?;
    ensure!(
        sans == game.san_moves(),
        "move list {sans:?}, expected {:?}",
        game.san_moves()
    );
    let board = browser.board_pieces().await?;
    let expected = expected_board(game);
    ensure!(board == expected, "board {board:?}\nexpected {expected:?}");
    Ok(())
}

/// Whether the `<dialog>` with this id is open.
pub async fn dialog_open(browser: &Browser, id: &str) -> Result<bool> {
    let v = browser
        .js_with(
            "const d = document.getElementById(arguments[0]); return !!(d && d.open);",
            vec![serde_json::Value::String(id.to_owned())],
        )
        .await?;
    Ok(v.as_bool().unwrap_or(false))
}

/// Waits until the `<dialog>` with this id is open (or closed, when `open` is false).
pub async fn wait_dialog(browser: &Browser, id: &str, open: bool) -> Result<()> {
    let what = format!("dialog #{id} {}", if open { "open" } else { "closed" });
    browser
        .wait_until(&what, async |b| Ok(dialog_open(b, id).await? == open))
        .await
}

/// Whether the element matching `selector` is rendered (WebDriver's notion of displayed).
pub async fn displayed(browser: &Browser, selector: &str) -> Result<bool> {
    Ok(browser.find(selector).await?.is_displayed().await?)
}

/// The end of every test: no page errors, then close the browser.
pub async fn finish(browser: Browser) -> Result<()> {
    let errors = browser.assert_no_page_errors().await;
    let quit = browser.quit().await;
    errors?;
    quit
}

/// The storage key of the online seat secrets.
pub const SEATS_KEY: &str = "asean.seats.v1";

/// The two squares of a UCI move (`e3e4` -> `e3`, `e4`).
pub fn squares(uci: &str) -> (&str, &str) {
    (&uci[0..2], &uci[2..4])
}

/// In a game between the pages `white` and `black` that has just started, plays e3-e4 and
/// d6-d5 (so that the game can be resigned rather than aborted) and resigns for White,
/// confirming it.
pub async fn two_moves_then_white_resigns(white: &Browser, black: &Browser) -> Result<()> {
    white.click_move("e3", "e4").await?;
    black.wait_for_plies(1).await?;
    black.click_move("d6", "d5").await?;
    white.wait_for_plies(2).await?;
    white.wait_for("#btn-resign:not([hidden])").await?;
    white.click("#btn-resign").await?;
    wait_dialog(white, "confirm", true).await?;
    white.click("#confirm-yes").await
}

/// Opens the new-game dialog for an online game with `seat` (`white`, `black` or `random`)
/// and `clock` (`none`, `5+3`...) chosen, and leaves it open for the other choices.
pub async fn new_online_game(b: &Browser, seat: &str, clock: &str) -> Result<()> {
    b.click("#btn-new").await?;
    wait_dialog(b, "new-game", true).await?;
    b.click(r#"#new-game input[name="mode"][value="online"]"#)
        .await?;
    b.click(&format!(r#"#new-game input[name="human"][value="{seat}"]"#))
        .await?;
    b.select_value("#time-control", clock).await?;
    Ok(())
}

/// Opens the new-game dialog and creates an online room with these choices (`seat`: `white`,
/// `black` or `random`; `clock`: `none`, `5+3`...; `visibility`: `private` or `public`);
/// returns the invite link once the server has made the room.
pub async fn create_room(b: &Browser, seat: &str, clock: &str, visibility: &str) -> Result<String> {
    b.click("#btn-new").await?;
    wait_dialog(b, "new-game", true).await?;
    b.click(r#"#new-game input[name="mode"][value="online"]"#)
        .await?;
    ensure!(
        displayed(b, "#time-control").await?,
        "the online options are shown for online play"
    );
    ensure!(
        !displayed(b, "#ai-level").await?,
        "the AI level is hidden for online play"
    );
    b.click(&format!(r#"#new-game input[name="human"][value="{seat}"]"#))
        .await?;
    b.select_value("#time-control", clock).await?;
    b.click(&format!(
        r#"#new-game input[name="visibility"][value="{visibility}"]"#
    ))
    .await?;
    b.click("#new-game-start").await?;
    wait_dialog(b, "new-game", false).await?;
    b.wait_for("#waiting:not([hidden])").await?;
    invite_link(b).await
}

/// The invite link of the room the page is waiting in, once the server has made it.
pub async fn invite_link(b: &Browser) -> Result<String> {
    let mut link = String::new();
    b.wait_until("the invite link", async |b| {
        link = b
            .js("return document.getElementById('invite-link').value;")
            .await?
            .as_str()
            .unwrap_or_default()
            .to_owned();
        Ok(link.contains("/#/room/"))
    })
    .await?;
    Ok(link)
}

/// Seats two players in a new private, untimed room: `white` creates it from the new-game
/// dialog, `black` opens the invite link; returns the room id once both pages show their seat
/// and the creator's waiting screen has closed.
pub async fn seat_two(white: &Browser, black: &Browser) -> Result<String> {
    let link = create_room(white, "white", "none", "private").await?;
    let room = room_of(&link)?;
    black.open(&format!("/#/room/{room}")).await?;
    black.wait_app_ready().await?;
    black
        .wait_for_text("#mode-setting", "you play Black")
        .await?;
    white.wait_for("#waiting[hidden]").await?;
    Ok(room)
}

/// The room id of an invite link.
pub fn room_of(link: &str) -> Result<String> {
    let id = link
        .rsplit_once("/#/room/")
        .map(|(_, id)| id.to_owned())
        .context("invite link without a room")?;
    ensure!(
        id.len() == 20 && id.bytes().all(|c| c.is_ascii_hexdigit()),
        "room id {id:?}"
    );
    Ok(id)
}

/// The seat stored for `room` in the browser's seat book.
pub async fn stored_seat(b: &Browser, room: &str) -> Result<Option<String>> {
    let Some(text) = b.storage_get(SEATS_KEY).await? else {
        return Ok(None);
    };
    let book: serde_json::Value = serde_json::from_str(&text)?;
    Ok(book[room]["seat"].as_str().map(str::to_owned))
}

/// Drops the page's lobby connection as a network failure would; it reconnects after at least
/// `hold_ms` milliseconds.
pub async fn drop_connection(b: &Browser, hold_ms: u32) -> Result<()> {
    b.js(&format!(
        "return import('/pkg/web.js').then((m) => {{ m.lobby_drop_connection({hold_ms}); return true; }});"
    ))
    .await?;
    Ok(())
}

/// A legal non-promoting move of the side to move: the first in UCI order, preferring pawn
/// pushes and knight moves that keep the test short and simple.
pub fn pick_move(game: &Game) -> Option<(String, String)> {
    let mut moves: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .filter(|m| m.promotion.is_none())
        .map(|m| m.to_uci())
        .collect();
    moves.sort();
    moves
        .first()
        .map(|uci| (uci[0..2].to_owned(), uci[2..4].to_owned()))
}

/// Whether `#ai-thinking` is shown.
pub async fn thinking_shown(browser: &Browser) -> Result<bool> {
    Ok(browser
        .js("const e = document.getElementById('ai-thinking'); return !!e && !e.hidden;")
        .await?
        .as_bool()
        .unwrap_or(false))
}

/// Starts a new game against the AI through the dialog.
pub async fn new_ai_game(browser: &Browser, level: u8, human: &str) -> Result<()> {
    browser.click("#btn-new").await?;
    wait_dialog(browser, "new-game", true).await?;
    browser
        .click(r#"#new-game input[name="mode"][value="ai"]"#)
        .await?;
    // The AI options appear once the mode is chosen.
    browser
        .wait_until("the AI options shown", async |b| {
            Ok(b.find("#ai-level").await?.is_displayed().await?)
        })
        .await?;
    browser
        .js_with(
            "const s = document.getElementById('ai-level'); s.value = arguments[0]; \
             s.dispatchEvent(new Event('change', {bubbles: true}));",
            vec![serde_json::Value::String(level.to_string())],
        )
        .await?;
    browser
        .click(&format!(
            r#"#new-game input[name="human"][value="{human}"]"#
        ))
        .await?;
    browser.click("#new-game-start").await?;
    wait_dialog(browser, "new-game", false).await?;
    browser.wait_for(r#"#app[data-mode="ai"]"#).await?;
    Ok(())
}

/// Types `text` into the field `selector` (cleared first).
pub async fn fill(browser: &Browser, selector: &str, text: &str) -> Result<()> {
    let field = browser.find(selector).await?;
    field.clear().await?;
    field.send_keys(text).await?;
    Ok(())
}

/// Waits until the top bar names `name` as signed in.
pub async fn signed_in_as(browser: &Browser, name: &str) -> Result<()> {
    browser
        .wait_for(&format!("#account-link[data-username=\"{name}\"]"))
        .await?;
    Ok(())
}

/// Signs `name` up from the top bar (the password is long enough) and waits until signed in.
pub async fn sign_up(browser: &Browser, name: &str) -> Result<()> {
    browser.click("#btn-signin").await?;
    browser.wait_for("#signin[data-mode=\"signin\"]").await?;
    browser.click("#signin-switch").await?;
    browser.wait_for("#signin[data-mode=\"signup\"]").await?;
    fill(browser, "#signin-username", name).await?;
    fill(browser, "#signin-password", "a long enough password").await?;
    fill(browser, "#signin-confirm", "a long enough password").await?;
    browser.click("#signin-submit").await?;
    signed_in_as(browser, name).await
}

/// How long the service worker may take to install (it fetches, hashes and stores every file).
pub const SLOW: std::time::Duration = std::time::Duration::from_secs(60);

/// Waits until the service worker controls the page (it has precached every file and taken
/// over: `navigator.serviceWorker.controller` is set).
pub async fn wait_controlled(browser: &Browser) -> Result<()> {
    browser
        .wait_until_for("the service worker to control the page", SLOW, async |b| {
            Ok(
                b.js("return !!(navigator.serviceWorker && navigator.serviceWorker.controller);")
                    .await?
                    .as_bool()
                    .unwrap_or(false),
            )
        })
        .await
}
