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

/// The saved-game JSON of schema version 1 (see `crates/web/src/storage.rs`).
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
