//! The interface language: chosen in `#lang`, applied at once, remembered across reloads.

mod common;

use anyhow::{Result, ensure};
use common::finish;
use e2e::{Browser, Viewport, start_app};

/// What the page shows in a language with Black to move: code, status, Undo label, title.
struct Texts {
    code: &'static str,
    status: &'static str,
    undo: &'static str,
    title: &'static str,
}

const LANGS: [Texts; 4] = [
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
    check(&browser, &LANGS[3]).await?;

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
