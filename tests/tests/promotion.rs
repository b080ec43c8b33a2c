//! Promotion through the panel: the four pieces under the default setting, the met at once (no panel)
//! under `met-only` (set in the new-game dialog, or stored with a saved game), and cancelling (Cancel,
//! a press outside, Escape, Flip); the chooser stands over the promotion square, mirrored on a
//! flipped board.

mod common;

use anyhow::{Context, Result, ensure};
use common::{
    CURRENT_KEY, assert_shows, dialog_open, finish, game_key, inject_game, replay, wait_dialog,
};
use e2e::{Browser, Viewport, start_app};

/// White pawn on b7 about to promote, both kings far away; no count yet (a pawn is left).
const PROMOTION_FEN: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";

/// The same with a black pawn on h6: under met-only a lone pawn could only become a met, so
/// without a second pawn the position would already be dead.
const MET_ONLY_FEN: &str = "4k3/1P6/7p/8/8/8/8/4K3 w - - 0 1";

/// The roles offered (visible buttons) in the open promotion panel, in panel order.
async fn offered_roles(browser: &Browser) -> Result<Vec<String>> {
    let mut roles = Vec::new();
    for button in browser.find_all("#promotion [data-role]").await? {
        if button.is_displayed().await? {
            roles.push(button.attr("data-role").await?.unwrap_or_default());
        }
    }
    Ok(roles)
}

/// Where the open chooser stands against the promotion square, in page pixels.
#[derive(Debug)]
struct Placement {
    edge: String,
    left: f64,
    right: f64,
    square_left: f64,
    square_right: f64,
    square_top: f64,
    square_bottom: f64,
    rook_top: f64,
    rook_bottom: f64,
}

impl Placement {
    /// The chooser is one square wide, over the square's file.
    fn over_the_file(&self) -> bool {
        (self.left - self.square_left).abs() < 2.0 && (self.right - self.square_right).abs() < 2.0
    }
}

async fn placement(browser: &Browser, square: &str) -> Result<Placement> {
    let v = browser
        .js_with(
            "const d = document.getElementById('promotion').getBoundingClientRect();
             const s = document.querySelector(`#board [data-square=\"${arguments[0]}\"]`).getBoundingClientRect();
             const r = document.querySelector('#promotion [data-role=\"rook\"]').getBoundingClientRect();
             return { edge: document.getElementById('promotion').dataset.edge || '',
                      left: d.left, right: d.right, square_left: s.left, square_right: s.right,
                      square_top: s.top, square_bottom: s.bottom, rook_top: r.top, rook_bottom: r.bottom };",
            vec![square.into()],
        )
        .await?;
    let n = |k: &str| v[k].as_f64().with_context(|| format!("{k} in {v}"));
    Ok(Placement {
        edge: v["edge"].as_str().unwrap_or_default().to_owned(),
        left: n("left")?,
        right: n("right")?,
        square_left: n("square_left")?,
        square_right: n("square_right")?,
        square_top: n("square_top")?,
        square_bottom: n("square_bottom")?,
        rook_top: n("rook_top")?,
        rook_bottom: n("rook_bottom")?,
    })
}

/// Clicks the b7 pawn, then b8: the chooser opens.
async fn open_chooser(browser: &Browser) -> Result<()> {
    browser.click_square("b7").await?;
    browser.wait_for(r#"[data-square="b8"].dest"#).await?;
    browser.click_square("b8").await?;
    wait_dialog(browser, "promotion", true).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn promotion_panel_offers_four_pieces_and_can_be_cancelled() -> Result<()> {
    let before = replay(PROMOTION_FEN, "any", &[]);
    let after = replay(PROMOTION_FEN, "any", &["b7b8b"]);
    assert_eq!(after.san_moves(), ["b8=B"]);
    let counting = after
        .position()
        .counting()
        .context("the khon sets a count")?;
    assert_eq!(counting.limit_moves(), 44);

    let (_server, browser) = start_app(Viewport::PHONE).await?;
    inject_game(&browser, "promoany", PROMOTION_FEN, "any", &[]).await?;
    assert_shows(&browser, &before).await?;

    // Clicks open the panel with the four pieces, in the mover's colour.
    open_chooser(&browser).await?;
    ensure!(
        offered_roles(&browser).await? == ["rook", "knight", "khon", "met"],
        "offered: {:?}",
        offered_roles(&browser).await?
    );
    ensure!(
        browser
            .attr(r#"#promotion [data-role="khon"] .piece"#, "data-piece")
            .await?
            .as_deref()
            == Some("wB")
    );
    browser.screenshot("promotion-panel-phone").await?;

    // Cancel: nothing moves.
    browser.click("#promotion-cancel").await?;
    wait_dialog(&browser, "promotion", false).await?;
    assert_shows(&browser, &before).await?;
    browser
        .wait_for_attr("#status", "data-turn", "white")
        .await?;
    ensure!(!browser.exists(".dest").await?, "the selection is dropped");
    // The typed-move box takes keys again after the chooser, and plays.
    let input = browser.find("#move-input").await?;
    input.click().await?;
    input.send_keys("Ke2").await?;
    input.send_keys(thirtyfour::Key::Enter).await?;
    browser.wait_for_plies(1).await?;
    ensure!(browser.piece_at("e2").await?.as_deref() == Some("wK"));
    browser.click("#btn-undo").await?;
    browser.wait_for_plies(0).await?;
    assert_shows(&browser, &before).await?;

    // The chooser stands over b8, hanging from the top edge, the rook next to the square.
    open_chooser(&browser).await?;
    let placed = placement(&browser, "b8").await?;
    ensure!(placed.edge == "top", "{placed:?}");
    ensure!(placed.over_the_file(), "{placed:?}");
    ensure!(
        (placed.rook_top - placed.square_top).abs() < 2.0,
        "{placed:?}"
    );

    // A click or tap outside the chooser (on the board) closes it the same way.
    browser.click_square("e4").await?;
    wait_dialog(&browser, "promotion", false).await?;
    assert_shows(&browser, &before).await?;
    ensure!(!browser.exists(".sel").await?, "nothing selected");

    // Flip is in reach while it is open, and closes it; on the flipped board the chooser rises
    // from the bottom edge, mirrored (the rook still next to b8).
    open_chooser(&browser).await?;
    browser.click("#btn-flip").await?;
    wait_dialog(&browser, "promotion", false).await?;
    assert_shows(&browser, &before).await?;
    open_chooser(&browser).await?;
    let placed = placement(&browser, "b8").await?;
    ensure!(placed.edge == "bottom", "{placed:?}");
    ensure!(placed.over_the_file(), "{placed:?}");
    ensure!(
        (placed.rook_bottom - placed.square_bottom).abs() < 2.0,
        "{placed:?}"
    );
    browser.screenshot("promotion-flipped-phone").await?;
    browser.click("#promotion-cancel").await?;
    wait_dialog(&browser, "promotion", false).await?;
    browser.click("#btn-flip").await?;

    // Escape closes the panel the same way.
    open_chooser(&browser).await?;
    browser
        .find(r#"#promotion [data-role="rook"]"#)
        .await?
        .send_keys(thirtyfour::Key::Escape)
        .await?;
    wait_dialog(&browser, "promotion", false).await?;
    assert_shows(&browser, &before).await?;

    // A drag onto the last rank opens the panel too (on a desktop this time).
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.drag("b7", "b8").await?;
    wait_dialog(&browser, "promotion", true).await?;
    ensure!(offered_roles(&browser).await?.len() == 4);
    browser.screenshot("promotion-panel-desktop").await?;
    browser.click(r#"#promotion [data-role="khon"]"#).await?;
    wait_dialog(&browser, "promotion", false).await?;
    browser.wait_for_plies(1).await?;
    assert_shows(&browser, &after).await?;
    ensure!(browser.piece_at("b8").await?.as_deref() == Some("wB"));
    ensure!(browser.piece_at("b7").await?.is_none());

    // The last pawn is gone: the khon's count (44 moves) is set.
    browser
        .wait_for_attr("#counting", "data-limit", "44")
        .await?;
    browser.wait_for_attr("#counting", "data-used", "0").await?;
    let stored = browser
        .storage_get(&game_key("promoany"))
        .await?
        .context("the game is saved")?;
    let stored: serde_json::Value = serde_json::from_str(&stored)?;
    ensure!(stored["moves"] == serde_json::json!(["b7b8b"]), "{stored}");
    browser.screenshot("promotion-khon-desktop").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn met_only_promotion() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;

    // The new-game dialog sets met-only, and the saved game records it.
    browser.click("#btn-new").await?;
    wait_dialog(&browser, "new-game", true).await?;
    browser
        .click(r#"#new-game input[name="promotion"][value="met-only"]"#)
        .await?;
    browser.screenshot("new-game-met-only-desktop").await?;
    browser.click("#new-game-start").await?;
    wait_dialog(&browser, "new-game", false).await?;
    browser.wait_for_text("#rule-setting", "met only").await?;
    browser.click_move("e3", "e4").await?;
    let id = browser
        .storage_get(CURRENT_KEY)
        .await?
        .context("the game on the board is remembered")?;
    let stored = browser
        .storage_get(&game_key(&id))
        .await?
        .context("the game is saved")?;
    let stored: serde_json::Value = serde_json::from_str(&stored)?;
    ensure!(
        stored["rules"]["promotion"] == "met-only",
        "stored rules: {stored}"
    );

    // A saved met-only game about to promote: the pawn becomes a met at once (a panel with
    // one button would only be in the way).
    let after = replay(MET_ONLY_FEN, "met-only", &["b7b8q"]);
    assert_eq!(after.san_moves(), ["b8=Q"]);
    assert!(after.outcome().is_none());
    let moves_from_b7: Vec<String> = replay(MET_ONLY_FEN, "met-only", &[])
        .position()
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == "b7")
        .map(|m| m.to_uci())
        .collect();
    assert_eq!(moves_from_b7, ["b7b8q"]);
    inject_game(&browser, "metonly", MET_ONLY_FEN, "met-only", &[]).await?;
    browser.wait_for_text("#rule-setting", "met only").await?;
    browser.click_square("b7").await?;
    browser.wait_for(r#"[data-square="b8"].dest"#).await?;
    browser.click_square("b8").await?;
    browser.wait_for_plies(1).await?;
    ensure!(
        !dialog_open(&browser, "promotion").await?,
        "no promotion panel when the met is the only choice"
    );
    assert_shows(&browser, &after).await?;
    ensure!(browser.piece_at("b8").await?.as_deref() == Some("wQ"));
    browser
        .wait_for_attr("#status", "data-turn", "black")
        .await?;
    ensure!(browser.attr("#status", "data-outcome").await?.as_deref() == Some(""));
    browser.screenshot("promotion-met-desktop").await?;
    finish(browser).await
}
