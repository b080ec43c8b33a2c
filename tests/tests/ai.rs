//! Playing against the AI: a game started through the new-game dialog, human moves by clicks
//! answered by the AI (running in a Web Worker), undo of a move pair, the page staying
//! responsive while the AI thinks, reload in the middle of the AI's turn, hints, and resigning.

mod common;

use anyhow::{Context, Result, ensure};
use common::{START_FEN, finish, new_ai_game, pick_move, replay, thinking_shown, wait_dialog};
use e2e::{Browser, Viewport, start_app};
use rules::Game;

/// The game the page shows, replayed from its move list by the rules crate.
async fn page_game(browser: &Browser) -> Result<Game> {
    let mut game = replay(START_FEN, "any", &[]);
    for san in browser.sans().await? {
        game.play_san(&san)
            .with_context(|| format!("the page's move {san} is legal"))?;
    }
    Ok(game)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_against_the_ai_by_clicks_undo_reload_and_resign() -> Result<()> {
    let (_server, mut browser) = start_app(Viewport::PHONE).await?;
    browser.set_timeout(std::time::Duration::from_secs(30));
    new_ai_game(&browser, 1, "white").await?;
    let mode = browser.text("#mode-setting").await?;
    ensure!(
        mode.contains("White") && mode.contains("level 1"),
        "mode line: {mode:?}"
    );
    ensure!(
        !common::displayed(&browser, "#btn-draw").await?,
        "no draw by agreement against the AI"
    );

    // Four human moves, each answered by the AI.
    for round in 0..4 {
        let game = page_game(&browser).await?;
        ensure!(
            game.position().turn() == rules::Color::White,
            "the human (White) is to move"
        );
        let (from, to) = pick_move(&game).context("a legal move")?;
        // Not `click_move`: the AI may answer before the human's move alone is seen.
        browser.click_square(&from).await?;
        browser
            .wait_for(&format!(r#"[data-square="{to}"].dest"#))
            .await?;
        browser.click_square(&to).await?;
        browser
            .wait_for_plies(2 * round + 2)
            .await
            .with_context(|| format!("the AI answered the human's move {}", round + 1))?;
        browser
            .wait_for_attr("#status", "data-turn", "white")
            .await?;
        if round == 0 {
            browser.screenshot("ai-first-reply-phone").await?;
        }
    }
    let game = page_game(&browser).await?;
    ensure!(
        game.moves().len() == 8,
        "eight plies: {:?}",
        game.san_moves()
    );
    ensure!(
        !thinking_shown(&browser).await?,
        "the AI is not thinking on the human's turn"
    );

    // The AI's pieces cannot be picked up.
    browser.click_square("a6").await?;
    ensure!(
        !browser.exists(".sq.sel").await? && !browser.exists(".dest").await?,
        "clicking the AI's piece selects nothing"
    );

    // Undo takes back the AI's reply and the human's move together.
    browser.click("#btn-undo").await?;
    browser.wait_for_plies(6).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    ensure!(
        page_game(&browser).await?.san_moves() == game.san_moves()[..6],
        "undo went back to the human's previous turn"
    );

    // A hint highlights two squares, the from and to of a legal move.
    browser.click("#btn-hint").await?;
    browser
        .wait_until("two hint squares", async |b| {
            Ok(b.find_all("#board .sq.hint").await?.len() == 2)
        })
        .await?;
    browser.screenshot("ai-hint-phone").await?;

    // Reload on the human's turn: the game and mode survive, the AI does not move for us.
    browser.reload().await?;
    browser.wait_for(r#"#app[data-mode="ai"]"#).await?;
    browser.wait_for_plies(6).await?;
    ensure!(
        page_game(&browser).await?.san_moves() == game.san_moves()[..6],
        "the game survived the reload"
    );

    // The human resigns; the AI never moves afterwards.
    browser.click("#btn-resign").await?;
    wait_dialog(&browser, "confirm", true).await?;
    browser.click("#confirm-yes").await?;
    browser
        .wait_for_attr("#status", "data-outcome", "resign-black-wins")
        .await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    ensure!(
        browser.sans().await?.len() == 6,
        "no AI move after the resignation"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_stays_responsive_while_the_ai_thinks_and_a_reload_resumes_its_turn() -> Result<()>
{
    let (_server, mut browser) = start_app(Viewport::DESKTOP).await?;
    browser.set_timeout(std::time::Duration::from_secs(30));
    // Level 8 thinks for seconds; the human plays Black, so the AI (White) moves first.
    new_ai_game(&browser, 8, "black").await?;
    browser
        .wait_until("the AI thinking", async |b| thinking_shown(b).await)
        .await?;

    // While the AI thinks: the flip button works at once, the AI's pieces cannot be picked
    // up, and the player's own are picked up for a premove (put back by a second press); the
    // indicator says the AI is thinking. All in one script, as soon as the AI has started, so
    // that it all happens while the AI still thinks (level 8 may answer its first move in
    // half a second when its best move holds).
    let seen = browser
        .js("const q = (s) => document.querySelector(s); \
             const key = (sq) => q(`[data-square=\"${sq}\"]`).dispatchEvent(\
                 new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})); \
             const flipped = q('#btn-flip').getAttribute('aria-pressed'); \
             q('#btn-flip').click(); \
             const flip = q('#btn-flip').getAttribute('aria-pressed') !== flipped; \
             key('e3'); const theirs = !q('.sq.sel') && !q('.dest'); \
             key('e6'); const mine = !!q('#board.premoving [data-square=\"e6\"].sel'); \
             key('e6'); const back = !q('.sq.sel'); \
             const thinking = !q('#ai-thinking').hidden \
                 && q('#ai-thinking').textContent.includes('thinking'); \
             const moves = document.querySelectorAll('#moves .san').length; \
             return {flip, theirs, mine, back, thinking, moves};")
        .await?;
    ensure!(
        seen == serde_json::json!({"flip": true, "theirs": true, "mine": true, "back": true,
            "thinking": true, "moves": 0}),
        "while the AI thinks: {seen}"
    );
    browser.screenshot("ai-thinking-desktop").await?;
    // Reload in the middle of the AI's turn: the game, mode and level survive, and the AI
    // resumes its turn.
    browser.reload().await?;
    browser.wait_for(r#"#app[data-mode="ai"]"#).await?;
    let mode = browser.text("#mode-setting").await?;
    ensure!(
        mode.contains("Black") && mode.contains("level 8"),
        "mode line after reload: {mode:?}"
    );
    browser
        .wait_for_plies(1)
        .await
        .context("the AI moved after the reload")?;
    browser
        .wait_for_attr("#status", "data-turn", "black")
        .await?;
    ensure!(!thinking_shown(&browser).await?, "done thinking");
    browser.screenshot("ai-after-reload-desktop").await?;

    // The saved-games list names the AI game.
    new_ai_game(&browser, 2, "white").await?;
    browser
        .wait_until("the level-8 game listed as vs AI", async |b| {
            Ok(b.text("#saved-games").await?.contains("vs AI (level 8)"))
        })
        .await?;
    browser.screenshot("ai-new-game-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;
    browser.click("#btn-new").await?;
    wait_dialog(&browser, "new-game", true).await?;
    browser.screenshot("ai-dialog-phone").await?;
    browser.click("#new-game-cancel").await?;
    finish(browser).await
}
