//! The interface language: chosen in `#lang`, applied at once, remembered across reloads; Thai
//! and Vietnamese complete (every static text and the status line, the rules page).

mod common;

use anyhow::{Context, Result, ensure};
use common::finish;
use e2e::{Browser, Viewport, start_app};
use serde_json::Value;

/// What the page shows in a language with Black to move: code, status, Undo label, title.
struct Texts {
    code: &'static str,
    status: &'static str,
    undo: &'static str,
    title: &'static str,
}

const LANGS: [Texts; 6] = [
    Texts {
        code: "fr",
        status: "Trait aux Noirs",
        undo: "Annuler le coup",
        title: "Échecs ASEAN",
    },
    Texts {
        code: "de",
        status: "Schwarz am Zug",
        undo: "Zurücknehmen",
        title: "ASEAN-Schach",
    },
    Texts {
        code: "pt",
        status: "Vez das pretas",
        undo: "Desfazer",
        title: "Xadrez ASEAN",
    },
    Texts {
        code: "th",
        status: "ตาฝ่ายดำเดิน",
        undo: "ย้อนตาเดิน",
        title: "หมากรุกอาเซียน",
    },
    Texts {
        code: "vi",
        status: "Đến lượt Đen",
        undo: "Đi lại",
        title: "Cờ ASEAN",
    },
    Texts {
        code: "en",
        status: "Black to move",
        undo: "Undo",
        title: "ASEAN chess",
    },
];

/// Checks that the page is in the language of `t`.
async fn check(browser: &Browser, t: &Texts) -> Result<()> {
    browser.wait_for_text("#status", t.status).await?;
    browser.wait_for_text("#btn-undo", t.undo).await?;
    browser.wait_for_attr("html", "lang", t.code).await?;
    let value = browser
        .js("return document.getElementById('lang').value;")
        .await?;
    ensure!(value == t.code, "#lang shows {value}, expected {}", t.code);
    let title = browser.js("return document.title;").await?;
    ensure!(title == t.title, "title {title}, expected {}", t.title);
    // Moves keep their SAN letters in every language.
    ensure!(browser.sans().await? == ["e4"], "move list in {}", t.code);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn language_switch_survives_reload() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    browser.click_move("e3", "e4").await?;
    check(&browser, &LANGS[5]).await?;

    for t in &LANGS {
        browser.select_value("#lang", t.code).await?;
        check(&browser, t).await?;
        ensure!(
            browser.storage_get("asean.lang.v1").await?.as_deref() == Some(t.code),
            "the choice {} is saved",
            t.code
        );
        browser.reload().await?;
        check(&browser, t).await?;
        if t.code != "en" {
            browser
                .screenshot(&format!("i18n-{}-phone", t.code))
                .await?;
        }
    }
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dialogs_follow_the_language() -> Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    browser.click_move("e3", "e4").await?;
    browser.select_value("#lang", "de").await?;
    check(&browser, &LANGS[1]).await?;
    browser.click("#btn-new").await?;
    browser.wait_for_text("#new-game-start", "Starten").await?;
    browser
        .wait_for_text("#new-game-title", "Neue Partie")
        .await?;
    browser.screenshot("i18n-de-new-game-desktop").await?;
    browser.click("#new-game-cancel").await?;
    browser.select_value("#lang", "fr").await?;
    browser.click("#btn-resign").await?;
    browser.wait_for_text("#confirm-no", "Annuler").await?;
    browser.screenshot("i18n-fr-confirm-desktop").await?;
    browser.click("#confirm-no").await?;
    browser.wait_for_text("#status", "Trait aux Noirs").await?;
    finish(browser).await
}

/// Every `[data-i18n]` element of the page in document order: its key and the text it shows
/// (its text, or the attribute named by `data-i18n-attr`).
async fn static_texts(browser: &Browser) -> Result<Vec<(String, String)>> {
    let value = browser
        .js(
            r#"return Array.from(document.querySelectorAll("[data-i18n]")).map((e) => {
            const attr = e.getAttribute("data-i18n-attr");
            return [e.getAttribute("data-i18n"), attr ? e.getAttribute(attr) || "" : e.textContent];
        });"#,
        )
        .await?;
    let texts: Vec<(String, String)> =
        serde_json::from_value(value).context("the [data-i18n] texts")?;
    ensure!(
        texts.len() > 50,
        "only {} [data-i18n] elements",
        texts.len()
    );
    Ok(texts)
}

/// Keys whose text is the same in English on purpose, by language: the title a bot's account
/// carries is written BOT in Vietnamese as it is on the sites Vietnamese players use.
const SAME_AS_ENGLISH: &[(&str, &str)] = &[("vi", "BotBadge")];

/// Checks that the page is wholly in `lang`: every static text and the status line differ from
/// the English ones of `english` (and, in Thai, are written in Thai script), the title and the
/// rules link follow.
async fn check_complete(
    browser: &Browser,
    t: &Texts,
    english: &[(String, String)],
    english_status: &str,
) -> Result<()> {
    browser.select_value("#lang", t.code).await?;
    check(browser, t).await?;
    let texts = static_texts(browser).await?;
    ensure!(
        texts.len() == english.len(),
        "the page changed its elements"
    );
    let thai = |s: &str| s.chars().any(|c| ('\u{0E00}'..='\u{0E7F}').contains(&c));
    for ((key, text), (en_key, en_text)) in texts.iter().zip(english) {
        ensure!(key == en_key, "element order changed at {key}");
        ensure!(!text.trim().is_empty(), "{key} is empty in {}", t.code);
        if !SAME_AS_ENGLISH.contains(&(t.code, key.as_str())) {
            ensure!(
                text != en_text,
                "{key} is still English in {}: {text}",
                t.code
            );
        }
        if t.code == "th" {
            ensure!(thai(text), "{key} has no Thai letter: {text}");
        }
    }
    let status = browser.text("#status").await?;
    ensure!(
        status != english_status && status.contains(t.status),
        "status in {}: {status}",
        t.code
    );
    let href = browser.attr("#rules-link", "href").await?;
    ensure!(
        href.as_deref() == Some(&format!("rules/{}.html", t.code)),
        "rules link {href:?}"
    );
    Ok(())
}

/// Opens the rules page from the page's link and checks that it is in `code` (its `lang`, its
/// heading, the language links marking it current), saves the screenshot `shot`, then goes
/// back to the game.
async fn check_rules_page(browser: &Browser, code: &str, heading: &str, shot: &str) -> Result<()> {
    browser.click("#rules-link").await?;
    browser.wait_for_attr("html", "lang", code).await?;
    browser.wait_for_text("h1", heading).await?;
    let current = browser
        .attr(r#"nav a[aria-current="page"]"#, "hreflang")
        .await?;
    ensure!(
        current.as_deref() == Some(code),
        "current rules link {current:?}"
    );
    let links: Value = browser
        .js("return Array.from(document.querySelectorAll('nav a[hreflang]')).map((a) => a.getAttribute('hreflang'));")
        .await?;
    ensure!(
        links == serde_json::json!(["en", "fr", "pt", "de", "th", "vi"]),
        "the rules page links {links}"
    );
    browser.screenshot(shot).await?;
    browser.driver().back().await?;
    browser.wait_app_ready().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thai_and_vietnamese_are_complete() -> Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    browser.click_move("e3", "e4").await?;
    check(&browser, &LANGS[5]).await?;
    let english = static_texts(&browser).await?;
    let english_status = browser.text("#status").await?;

    let [.., th, vi, _] = &LANGS;
    check_complete(&browser, th, &english, &english_status).await?;
    browser.screenshot("th_phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("th_desktop").await?;
    check_rules_page(&browser, "th", "กติกาหมากรุกอาเซียน", "th_rules_desktop").await?;
    check(&browser, th).await?;

    browser.set_viewport(Viewport::PHONE).await?;
    check_complete(&browser, vi, &english, &english_status).await?;
    browser.screenshot("vi_phone").await?;
    check_rules_page(&browser, "vi", "Luật cờ ASEAN", "vi_rules_phone").await?;
    check(&browser, vi).await?;
    finish(browser).await
}
