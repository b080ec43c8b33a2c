//! Findings of a QA review: move-count wording and "Open" in the saved list, coordinate
//! contrast, toasts (no duplicates, at most two, clear of the board's bottom rank), counters
//! hidden after the game, square labels for selection and destinations, no needless scrollbar
//! on the desktop, and translated toolbar label.

mod common;

use anyhow::{Context, Result, ensure};
use common::{CURRENT_KEY, START_FEN, displayed, finish, game_key, saved_game_json, wait_dialog};
use e2e::{Browser, Viewport, start_app};

/// Plants saved games that are not on the board and reloads.
async fn plant_list(browser: &Browser) -> Result<()> {
    browser
        .storage_set(
            &game_key("oneply"),
            &saved_game_json("oneply", START_FEN, "any", &["e3e4"]),
        )
        .await?;
    browser
        .storage_set(
            &game_key("threeply"),
            &saved_game_json("threeply", START_FEN, "any", &["e3e4", "d6d5", "e4d5"]),
        )
        .await?;
    let mut done: serde_json::Value =
        serde_json::from_str(&saved_game_json("done", START_FEN, "any", &["e3e4"]))?;
    done["result"] = serde_json::json!("resign-white-wins");
    browser
        .storage_set(&game_key("done"), &done.to_string())
        .await?;
    browser.reload().await?;
    browser
        .wait_for(r#"#saved-games [data-game-id="done"]"#)
        .await?;
    Ok(())
}

async fn saved_text(browser: &Browser, id: &str) -> Result<String> {
    browser
        .text(&format!(
            r#"#saved-games [data-game-id="{id}"] .saved-date"#
        ))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_list_counts_moves_and_opens_finished_games() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    plant_list(&browser).await?;
    // The games were saved on 29 November 2024: Thai dates are in the Buddhist Era (2567).
    for (lang, one, two, open, resume, year) in [
        ("en", "· 1 move", "· 2 moves", "Open", "Resume", "2024"),
        ("fr", "· 1 coup", "· 2 coups", "Ouvrir", "Reprendre", "2024"),
        ("pt", "· 1 lance", "· 2 lances", "Abrir", "Retomar", "2024"),
        ("de", "· 1 Zug", "· 2 Züge", "Öffnen", "Fortsetzen", "2024"),
        ("th", "· 1 ตา", "· 2 ตา", "เปิด", "เล่นต่อ", "2567"),
        (
            "vi",
            "· 1 nước đi",
            "· 2 nước đi",
            "Mở",
            "Chơi tiếp",
            "2024",
        ),
    ] {
        browser.select_value("#lang", lang).await?;
        browser.wait_for_attr("html", "lang", lang).await?;
        let t = saved_text(&browser, "oneply").await?;
        ensure!(t.ends_with(one), "{lang}: {t:?}");
        ensure!(t.contains(year), "{lang}: the date of {t:?}");
        let t = saved_text(&browser, "threeply").await?;
        ensure!(t.ends_with(two), "{lang}: {t:?}");
        let b = browser
            .text(r#"#saved-games [data-game-id="done"] [data-action="resume"]"#)
            .await?;
        ensure!(b == open, "{lang}: finished game button {b:?}");
        let b = browser
            .text(r#"#saved-games [data-game-id="oneply"] [data-action="resume"]"#)
            .await?;
        ensure!(b == resume, "{lang}: ongoing game button {b:?}");
        let label = browser.attr(".controls", "aria-label").await?;
        ensure!(
            (lang == "en") == (label.as_deref() == Some("Game")),
            "{lang}: toolbar label {label:?}"
        );
    }
    browser.select_value("#lang", "en").await?;
    finish(browser).await
}

/// The lowest contrast ratio of the board's coordinate letters against their squares.
async fn coordinate_contrast(browser: &Browser) -> Result<f64> {
    let v = browser
        .js(r#"
            const lum = (css) => {
              const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((c) => {
                c /= 255;
                return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
              });
              return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            let worst = 100;
            for (const c of document.querySelectorAll('#board .coord')) {
              const sq = c.closest('.sq');
              const a = lum(getComputedStyle(c).color);
              const b = lum(getComputedStyle(sq).backgroundColor);
              const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
              worst = Math.min(worst, ratio);
            }
            return worst;
        "#)
        .await?;
    v.as_f64().context("a ratio")
}

/// Whether a toast overlaps the bottom rank of the board on screen.
async fn toast_covers_bottom_rank(browser: &Browser) -> Result<bool> {
    let v = browser
        .js(r#"
            const b = document.getElementById('board').getBoundingClientRect();
            const rank = { top: b.bottom - b.height / 8, bottom: b.bottom, left: b.left, right: b.right };
            return [...document.querySelectorAll('#toasts .toast')].some((t) => {
              const r = t.getBoundingClientRect();
              return r.left < rank.right && r.right > rank.left && r.top < rank.bottom && r.bottom > rank.top;
            });
        "#)
        .await?;
    Ok(v.as_bool().unwrap_or(true))
}

async fn toast_count(browser: &Browser) -> Result<usize> {
    let v = browser
        .js("return document.querySelectorAll('#toasts .toast').length;")
        .await?;
    Ok(v.as_u64().unwrap_or(99) as usize)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn coordinates_toasts_counters_and_labels() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let ratio = coordinate_contrast(&browser).await?;
    ensure!(ratio >= 4.5, "coordinate contrast {ratio:.2}");

    // Square labels say what is selected and where it may go.
    browser.click_square("e3").await?;
    browser.wait_for(r#"[data-square="e3"].sel"#).await?;
    let sel = browser.attr(r#"[data-square="e3"]"#, "aria-label").await?;
    ensure!(
        sel.as_deref() == Some("e3: pawn, White, selected"),
        "{sel:?}"
    );
    let dest = browser.attr(r#"[data-square="e4"]"#, "aria-label").await?;
    ensure!(dest.as_deref() == Some("e4: empty, legal move"), "{dest:?}");
    browser.click_square("e3").await?;

    // Toasts: never more than two at once, clear of the bottom rank.
    browser.click_move("e3", "e4").await?;
    browser.click("#btn-undo").await?;
    browser.wait_for_plies(0).await?;
    browser.click("#btn-new").await?;
    wait_dialog(&browser, "new-game", true).await?;
    browser.click("#new-game-start").await?;
    wait_dialog(&browser, "new-game", false).await?;
    browser.wait_for("#toasts .toast").await?;
    ensure!(toast_count(&browser).await? <= 2, "at most two toasts");
    ensure!(
        !toast_covers_bottom_rank(&browser).await?,
        "toasts clear of the bottom rank (phone)"
    );
    browser.screenshot("qa-toasts-phone").await?;

    // After the game, the 50-move and repetition counters are gone.
    browser.click_move("e3", "e4").await?;
    browser.click("#btn-resign").await?;
    wait_dialog(&browser, "confirm", true).await?;
    browser.click("#confirm-yes").await?;
    wait_dialog(&browser, "game-over", true).await?;
    browser.click("#game-over-close").await?;
    wait_dialog(&browser, "game-over", false).await?;
    ensure!(
        !displayed(&browser, "#fifty-counter").await?,
        "50-move counter hidden"
    );
    ensure!(
        !displayed(&browser, "#repetition-counter").await?,
        "repetition counter hidden"
    );
    // Repeated clicks on a finished game: one toast, refreshed, not three.
    for _ in 0..3 {
        browser.click_square("d6").await?;
    }
    let v = browser
        .js("return [...document.querySelectorAll('#toasts .toast')].filter(t => t.textContent.startsWith('The game is over')).length;")
        .await?;
    ensure!(v.as_u64() == Some(1), "one 'game is over' toast, found {v}");
    ensure!(toast_count(&browser).await? <= 2, "at most two toasts");
    browser.screenshot("qa-game-over-phone").await?;

    // Desktop: no scrollbar, toasts beside the board.
    browser.set_viewport(Viewport::DESKTOP).await?;
    let v = browser
        .js("return [document.documentElement.scrollHeight, window.innerHeight, document.documentElement.scrollWidth, window.innerWidth];")
        .await?;
    let n: Vec<u64> = v
        .as_array()
        .context("sizes")?
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    ensure!(
        n.len() == 4 && n[0] <= n[1] && n[2] <= n[3],
        "page fits 1280x800: {n:?}"
    );
    let ratio = coordinate_contrast(&browser).await?;
    ensure!(
        ratio >= 4.5,
        "coordinate contrast on the desktop {ratio:.2}"
    );
    browser.click_square("d6").await?;
    browser.wait_for("#toasts .toast").await?;
    ensure!(
        !toast_covers_bottom_rank(&browser).await?,
        "toasts clear of the bottom rank (desktop)"
    );
    browser.screenshot("qa-game-over-desktop").await?;
    let id = browser.storage_get(CURRENT_KEY).await?;
    ensure!(id.is_some(), "the finished game is saved");
    finish(browser).await
}
