//! The looks: the dark theme (the top bar's toggle, the `#theme` select, the system's
//! `prefers-color-scheme` emulated through the DevTools protocol), the two piece sets and the
//! board colours, each remembered across a reload; with their screenshots.

mod common;

use anyhow::{Context, Result, ensure};
use common::{finish, inject_game, wait_dialog};
use e2e::{Browser, Viewport, start_app};

/// A middle game with a capture and the last move marked, so screenshots show the marks.
const MOVES: &[&str] = &["e3e4", "d6d5", "e4d5", "c6c5", "b1d2", "g8e7"];

/// White pawn on b7 about to promote (the promotion panel shows the set's pieces).
const PROMOTION_FEN: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";

/// Makes the page see `prefers-color-scheme: dark` (or light).
async fn emulate_scheme(browser: &Browser, dark: bool) -> Result<()> {
    // Checked by the rules crate before any browser sees it (panics when illegal).
    common::replay(common::START_FEN, "any", MOVES);
    let value = if dark { "dark" } else { "light" };
    browser
        .driver()
        .cdp()
        .send_raw(
            "Emulation.setEmulatedMedia",
            serde_json::json!({ "features": [{ "name": "prefers-color-scheme", "value": value }] }),
        )
        .await
        .context("emulating prefers-color-scheme")?;
    Ok(())
}

/// The relative luminance (0 black .. 1 white) of an element's computed CSS colour property.
async fn luminance(browser: &Browser, selector: &str, property: &str) -> Result<f64> {
    let v = browser
        .js_with(
            "const e = document.querySelector(arguments[0]);
             if (!e) return null;
             const c = getComputedStyle(e)[arguments[1]].match(/[\\d.]+/g).slice(0, 3).map(Number);
             const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
             return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);",
            vec![selector.into(), property.into()],
        )
        .await?;
    v.as_f64()
        .with_context(|| format!("no colour for `{selector}` {property}"))
}

/// Checks that the page is drawn dark (`dark`) or light: the attribute, the page background,
/// the panel's cards and the text.
async fn assert_drawn(browser: &Browser, dark: bool) -> Result<()> {
    let want = if dark { "dark" } else { "light" };
    browser.wait_for_attr("html", "data-theme", want).await?;
    let bg = luminance(browser, "body", "backgroundColor").await?;
    let card = luminance(browser, ".status-card", "backgroundColor").await?;
    let text = luminance(browser, "#status", "color").await?;
    if dark {
        ensure!(
            bg < 0.02 && card < 0.03,
            "a dark page: body {bg}, card {card}"
        );
        ensure!(text > 0.6, "light text on dark: {text}");
    } else {
        ensure!(
            bg > 0.8 && card > 0.8,
            "a light page: body {bg}, card {card}"
        );
        ensure!(text < 0.05, "dark text on light: {text}");
    }
    Ok(())
}

/// The computed image of the first element matching `selector`.
async fn image_of(browser: &Browser, selector: &str) -> Result<String> {
    let v = browser
        .js_with(
            "const e = document.querySelector(arguments[0]); return e ? getComputedStyle(e).backgroundImage : '';",
            vec![selector.into()],
        )
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

/// Whether the white king is drawn from the Western set (else the Thai one).
async fn western_shown(browser: &Browser) -> Result<bool> {
    let image = image_of(browser, r#"#board [data-piece="wK"]"#).await?;
    ensure!(image.contains("wK.svg"), "the king's image: {image}");
    Ok(image.contains("/pieces/western/wK.svg"))
}

/// A screenshot `target/e2e/<name>.png` once the colour transitions (.15 s on buttons) are over.
async fn shot(browser: &Browser, name: &str) -> Result<()> {
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    browser.screenshot(name).await?;
    Ok(())
}

/// Scrolls the looks card into view (the panel scrolls on a desktop, the page on a phone).
async fn show_looks_card(browser: &Browser) -> Result<()> {
    browser
        .js("document.getElementById('looks').scrollIntoView({block: 'end'});")
        .await?;
    Ok(())
}

/// Scrolls back to the top of the page and of the panel.
async fn scroll_top(browser: &Browser) -> Result<()> {
    browser
        .js("window.scrollTo(0, 0); document.querySelector('.panel').scrollTop = 0;")
        .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_theme_toggle_switches_and_is_remembered() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    emulate_scheme(&browser, false).await?;
    common::inject_game(&browser, "looksdark", common::START_FEN, "any", MOVES).await?;
    assert_drawn(&browser, false).await?;
    browser
        .wait_for_attr("#btn-theme", "aria-pressed", "false")
        .await?;
    ensure!(browser.storage_get("asean.theme.v1").await?.is_none());

    browser.click("#btn-theme").await?;
    assert_drawn(&browser, true).await?;
    browser
        .wait_for_attr("#btn-theme", "aria-pressed", "true")
        .await?;
    ensure!(browser.storage_get("asean.theme.v1").await?.as_deref() == Some("dark"));
    ensure!(
        browser
            .attr(r#"meta[name="theme-color"][media*="light"]"#, "content")
            .await?
            .as_deref()
            == Some("#211c18"),
        "the browser bar follows the forced theme"
    );

    // Remembered: the reload is dark from the first paint (the inline script) and after. The
    // attribute is read the moment `<body>` is parsed: before anything is painted, and long
    // before the app's module runs.
    browser
        .driver()
        .cdp()
        .send_raw(
            "Page.addScriptToEvaluateOnNewDocument",
            serde_json::json!({ "source": "new MutationObserver((_, o) => { if (document.body) {
                window.__themeAtBody = document.documentElement.getAttribute('data-theme');
                o.disconnect(); } }).observe(document, { childList: true, subtree: true });" }),
        )
        .await?;
    browser.reload().await?;
    let at_body = browser.js("return window.__themeAtBody;").await?;
    ensure!(
        at_body == "dark",
        "data-theme when <body> was parsed: {at_body}"
    );
    assert_drawn(&browser, true).await?;
    ensure!(
        browser
            .find("#theme")
            .await?
            .prop("value")
            .await?
            .as_deref()
            == Some("dark"),
        "#theme shows the choice"
    );
    shot(&browser, "dark_phone").await?;

    // The dialogs and the toasts are dark too.
    browser.click("#btn-new").await?;
    wait_dialog(&browser, "new-game", true).await?;
    let dialog = luminance(&browser, "#new-game", "backgroundColor").await?;
    ensure!(dialog < 0.03, "a dark dialog: {dialog}");
    shot(&browser, "dark_phone_dialog").await?;
    browser.click("#new-game-cancel").await?;
    wait_dialog(&browser, "new-game", false).await?;

    // The rules page (no app there: its own first-paint script) is dark as well.
    browser.open("/rules/en.html").await?;
    browser.wait_for_attr("html", "data-theme", "dark").await?;
    let bg = luminance(&browser, "body", "backgroundColor").await?;
    ensure!(bg < 0.02, "a dark rules page: {bg}");
    shot(&browser, "dark_phone_rules").await?;

    // And back to light with one tap.
    browser.open_app().await?;
    browser.click("#btn-theme").await?;
    assert_drawn(&browser, false).await?;
    ensure!(browser.storage_get("asean.theme.v1").await?.as_deref() == Some("light"));
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auto_follows_the_system_colour_scheme() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    emulate_scheme(&browser, false).await?;
    assert_drawn(&browser, false).await?;

    // The system turns dark while the page is open: auto follows at once.
    emulate_scheme(&browser, true).await?;
    assert_drawn(&browser, true).await?;
    ensure!(
        browser.storage_get("asean.theme.v1").await?.is_none(),
        "following the system stores nothing"
    );
    inject_game(&browser, "looksauto", common::START_FEN, "any", MOVES).await?;
    assert_drawn(&browser, true).await?;
    browser.click("#btn-analyse").await?;
    browser
        .wait_for(r#"#analysis-progress[data-done]:not([data-done="0"])"#)
        .await?;
    browser
        .wait_until("the analysis to finish", async |b| {
            let done = b.attr("#analysis-progress", "data-done").await?;
            let total = b.attr("#analysis-progress", "data-total").await?;
            Ok(done.is_some() && done == total)
        })
        .await?;
    browser.wait_for("#eval-graph:not([hidden])").await?;
    shot(&browser, "dark_desktop").await?;
    show_looks_card(&browser).await?;
    shot(&browser, "dark_desktop_looks").await?;

    // An explicit light theme wins over the system, and a tap on the toggle goes dark.
    browser.select_value("#theme", "light").await?;
    assert_drawn(&browser, false).await?;
    browser.select_value("#theme", "auto").await?;
    assert_drawn(&browser, true).await?;
    ensure!(browser.storage_get("asean.theme.v1").await?.as_deref() == Some("auto"));
    browser.click("#btn-theme").await?;
    assert_drawn(&browser, false).await?;
    ensure!(browser.storage_get("asean.theme.v1").await?.as_deref() == Some("light"));
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_piece_set_changes_the_images_and_is_remembered() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    emulate_scheme(&browser, false).await?;
    inject_game(&browser, "lookspieces", common::START_FEN, "any", MOVES).await?;
    ensure!(!western_shown(&browser).await?, "the Thai set by default");
    browser.wait_for_attr("html", "data-pieces", "thai").await?;
    shot(&browser, "pieces_thai_phone").await?;

    show_looks_card(&browser).await?;
    browser
        .click(r#"#piece-set input[name="piece-set"][value="western"]"#)
        .await?;
    browser
        .wait_for_attr("html", "data-pieces", "western")
        .await?;
    ensure!(western_shown(&browser).await?, "the Western king");
    for code in ["bQ", "bB", "wN", "wR", "bP"] {
        let image = image_of(&browser, &format!(r#"#board [data-piece="{code}"]"#)).await?;
        ensure!(
            image.contains(&format!("/pieces/western/{code}.svg")),
            "{code}: {image}"
        );
    }
    ensure!(browser.storage_get("asean.pieces.v1").await?.as_deref() == Some("western"));
    shot(&browser, "pieces_western_phone_looks").await?;

    browser.reload().await?;
    ensure!(western_shown(&browser).await?, "remembered across a reload");
    ensure!(
        browser
            .find(r#"#piece-set input[value="western"]"#)
            .await?
            .is_selected()
            .await?,
        "the Western choice is checked"
    );
    scroll_top(&browser).await?;
    shot(&browser, "pieces_western_phone").await?;

    // The promotion panel draws the same set.
    inject_game(&browser, "lookspromo", PROMOTION_FEN, "any", &[]).await?;
    browser.click_square("b7").await?;
    browser.wait_for(r#"[data-square="b8"].dest"#).await?;
    browser.click_square("b8").await?;
    wait_dialog(&browser, "promotion", true).await?;
    let met = image_of(&browser, r#"#promotion [data-role="met"] .piece"#).await?;
    ensure!(met.contains("/pieces/western/wQ.svg"), "the met: {met}");
    shot(&browser, "pieces_western_phone_promotion").await?;
    browser.click("#promotion-cancel").await?;
    wait_dialog(&browser, "promotion", false).await?;

    // The rules page shows the chosen set too.
    browser.open("/rules/en.html").await?;
    browser
        .wait_for_attr("html", "data-pieces", "western")
        .await?;
    let khon = browser
        .js("const i = document.querySelector('.doc img[src$=\"pieces/wB.svg\"]'); return getComputedStyle(i).content;")
        .await?;
    ensure!(
        khon.as_str().unwrap_or_default().contains("western/wB.svg"),
        "the rules page's khon: {khon}"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_western_set_on_a_desktop() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    emulate_scheme(&browser, false).await?;
    browser.storage_set("asean.pieces.v1", "western").await?;
    inject_game(&browser, "lookswest", common::START_FEN, "any", MOVES).await?;
    ensure!(western_shown(&browser).await?, "the stored set is used");
    shot(&browser, "pieces_western_desktop").await?;
    browser.click("#btn-theme").await?;
    assert_drawn(&browser, true).await?;
    shot(&browser, "pieces_western_dark_desktop").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_themes_change_the_squares_and_are_remembered() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    emulate_scheme(&browser, false).await?;
    inject_game(&browser, "looksboard", common::START_FEN, "any", MOVES).await?;
    let colour = async |b: &Browser| -> Result<String> {
        let v = b
            .js("return getComputedStyle(document.querySelector('[data-square=\"a8\"]')).backgroundColor;")
            .await?;
        Ok(v.as_str().unwrap_or_default().to_owned())
    };
    let teak = colour(&browser).await?;
    let mut seen = vec![teak.clone()];
    for theme in ["jade", "slate"] {
        browser.select_value("#board-theme", theme).await?;
        browser.wait_for_attr("html", "data-board", theme).await?;
        let now = colour(&browser).await?;
        ensure!(!seen.contains(&now), "{theme} has its own squares: {now}");
        seen.push(now);
        ensure!(browser.storage_get("asean.board.v1").await?.as_deref() == Some(theme));
        shot(&browser, &format!("board_theme_{theme}_desktop")).await?;
    }
    // Dark variants are their own colours too.
    browser.click("#btn-theme").await?;
    assert_drawn(&browser, true).await?;
    let slate_dark = colour(&browser).await?;
    ensure!(!seen.contains(&slate_dark), "slate, dark: {slate_dark}");
    shot(&browser, "board_theme_slate_dark_desktop").await?;
    browser.click("#btn-theme").await?;

    browser.select_value("#board-theme", "jade").await?;
    browser.reload().await?;
    browser.wait_for_attr("html", "data-board", "jade").await?;
    ensure!(
        browser
            .find("#board-theme")
            .await?
            .prop("value")
            .await?
            .as_deref()
            == Some("jade")
    );
    show_looks_card(&browser).await?;
    shot(&browser, "board_themes_desktop").await?;
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_tab_s_choice_is_followed() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    emulate_scheme(&browser, false).await?;
    // A second document of the site (a frame here) writes the choices, as another tab would:
    // this page hears them through the `storage` event.
    browser
        .js("const f = document.createElement('iframe');
             f.src = '/rules/en.html';
             f.onload = () => {
               f.contentWindow.localStorage.setItem('asean.pieces.v1', 'western');
               f.contentWindow.localStorage.setItem('asean.theme.v1', 'dark');
               f.contentWindow.localStorage.setItem('asean.board.v1', 'nonsense');
             };
             document.body.append(f);")
        .await?;
    browser
        .wait_for_attr("html", "data-pieces", "western")
        .await?;
    assert_drawn(&browser, true).await?;
    ensure!(western_shown(&browser).await?);
    // An unknown value changes nothing.
    browser.wait_for_attr("html", "data-board", "teak").await?;
    finish(browser).await
}

/// Measures, in the page, every mark the board draws on a square (legal-move dot, capture ring,
/// last move, check, premove stripes, and the dots and rings of a premove) on a light and a dark
/// square of the board as it is drawn now: each colour the mark paints (its background colour,
/// every stop of its gradients, its border, its shadows), composited by its alpha over the
/// square, against the square's own colour (WCAG's contrast ratio); a mark's contrast is that
/// of its strongest colour (a two-tone mark reads by one of them). Returns
/// `[mark, square, ratio]` rows. The classes are set and restored within this one script, so no
/// render of the app's comes between.
const MEASURE_MARKS: &str = r#"
const board = document.getElementById('board');
const squares = { light: board.querySelector('.sq.light'), dark: board.querySelector('.sq:not(.light)') };
const marks = [
  ['legal-move dot', ['dest'], '::after', false],
  ['capture ring', ['dest', 'capture'], '::after', false],
  ['last move', ['last'], '::before', false],
  ['check', ['check'], '::before', false],
  ['premove', ['premove'], '::before', true],
  ['premove dot', ['dest'], '::after', true],
  ['premove capture ring', ['dest', 'capture'], '::after', true],
];
const lin = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
const colours = (text) => [...String(text).matchAll(/rgba?\(([^)]*)\)/g)].map((m) => {
  const v = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
  return { rgb: v.slice(0, 3), a: v.length > 3 ? v[3] : 1 };
});
const rows = [];
const boardClass = board.className;
for (const [name, sq] of Object.entries(squares)) {
  const kept = sq.className;
  for (const [mark, classes, pseudo, premoving] of marks) {
    board.className = boardClass.replace(/\bpremoving\b/g, '') + (premoving ? ' premoving' : '');
    sq.className = (name === 'light' ? 'sq light ' : 'sq ') + classes.join(' ');
    const under = colours(getComputedStyle(sq).backgroundColor)[0].rgb;
    const s = getComputedStyle(sq, pseudo);
    const painted = [s.backgroundColor, s.backgroundImage, s.boxShadow];
    if (parseFloat(s.borderTopWidth) > 0) painted.push(s.borderTopColor);
    let best = 1;
    for (const c of colours(painted.join(' '))) {
      if (c.a <= 0) continue;
      const over = c.rgb.map((x, i) => x * c.a + under[i] * (1 - c.a));
      const [hi, lo] = [lum(over), lum(under)].sort((p, q) => q - p);
      best = Math.max(best, (hi + 0.05) / (lo + 0.05));
    }
    rows.push([mark, name, s.content === 'none' ? 0 : best]);
  }
  sq.className = kept;
}
board.className = boardClass;
return rows;
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_mark_on_the_board_reads_at_3_to_1_on_its_square_in_every_theme() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    inject_game(&browser, "looksmarks", common::START_FEN, "any", MOVES).await?;
    // The d5 pawn's legal moves shown (a dot, and a ring on the capture), for the screenshots.
    browser.click_square("d5").await?;
    browser
        .wait_for(r#"[data-square="e6"].dest.capture"#)
        .await?;
    let mut weak = Vec::new();
    let mut rows_seen = 0;
    let mut least = f64::MAX;
    for scheme in ["light", "dark"] {
        browser.select_value("#theme", scheme).await?;
        browser.wait_for_attr("html", "data-theme", scheme).await?;
        for theme in ["teak", "jade", "slate"] {
            browser.select_value("#board-theme", theme).await?;
            browser.wait_for_attr("html", "data-board", theme).await?;
            let rows: Vec<(String, String, f64)> =
                serde_json::from_value(browser.js(MEASURE_MARKS).await?)
                    .context("the measured marks")?;
            ensure!(rows.len() == 14, "7 marks on 2 squares: {rows:?}");
            shot(&browser, &format!("marks_{theme}_{scheme}_desktop")).await?;
            for (mark, square, ratio) in rows {
                rows_seen += 1;
                least = least.min(ratio);
                if ratio < 3.0 {
                    weak.push(format!(
                        "{theme} {scheme}: {mark} on a {square} square {ratio:.2}:1"
                    ));
                }
            }
        }
    }
    ensure!(rows_seen == 84);
    eprintln!("the weakest mark on its square: {least:.2}:1");
    ensure!(
        weak.is_empty(),
        "marks under 3:1 against their square:\n{}",
        weak.join("\n")
    );
    finish(browser).await
}
