//! Offline play: the service worker (`www/sw.js`) serves a reload with the server stopped, and
//! the AI (its own wasm module in a Web Worker) still plays; a new build is picked up; an AI
//! worker that cannot load is said in words and can be retried; online play without a server
//! says it needs a connection.

mod common;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, ensure};
use e2e::{Browser, TestServer, Viewport};
use sha2::{Digest, Sha256};

use common::{displayed, finish, new_ai_game, thinking_shown, wait_dialog};

/// How long the service worker may take to install (it fetches, hashes and stores every file).
const SLOW: std::time::Duration = std::time::Duration::from_secs(60);

/// Waits until the service worker controls the page (it has precached every file and taken
/// over: `navigator.serviceWorker.controller` is set).
async fn wait_controlled(browser: &Browser) -> Result<()> {
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

/// The names of the page origin's caches.
async fn cache_names(browser: &Browser) -> Result<Vec<String>> {
    let v = browser
        .driver()
        .execute_async(
            "const done = arguments[arguments.length - 1]; caches.keys().then(done, () => done([]));",
            Vec::new(),
        )
        .await?;
    serde_json::from_value(v.json().clone()).context("the cache names")
}

/// A copy of `www/` (with the built bundle) under `target/e2e/`, removed when dropped.
struct WwwCopy(PathBuf);

impl WwwCopy {
    fn new(name: &str) -> Result<WwwCopy> {
        let dir = e2e::output_dir().join(format!("www-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(&e2e::www_dir(), &dir)?;
        Ok(WwwCopy(dir))
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for WwwCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    Ok(())
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_server_stopped_a_reload_shows_the_board_and_the_ai_plays() -> Result<()> {
    let mut server = TestServer::start().await?;
    let browser = server.browser(Viewport::PHONE).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    let caches = cache_names(&browser).await?;
    ensure!(caches.len() == 1, "one cache for the version: {caches:?}");

    server.stop().await?;
    browser.reload().await?;
    let pieces = browser.board_pieces().await?;
    ensure!(
        pieces.len() == 32,
        "the board after an offline reload: {pieces:?}"
    );
    ensure!(
        !displayed(&browser, "#ai-unavailable").await?,
        "the AI worker loaded from the cache"
    );

    new_ai_game(&browser, 1, "white").await?;
    // The AI may answer before the move list is read between the moves: wait for both.
    browser.click_square("e3").await?;
    browser.wait_for(r#"[data-square="e4"].dest"#).await?;
    browser.click_square("e4").await?;
    browser
        .wait_for_plies(2)
        .await
        .context("the AI answers offline")?;
    ensure!(!thinking_shown(&browser).await?, "the AI is done thinking");
    browser.screenshot("offline-ai-phone").await?;

    // Online play says it needs a connection rather than waiting for a link.
    browser
        .wait_until("the socket to have failed", async |b| {
            b.click("#btn-new").await?;
            wait_dialog(b, "new-game", true).await?;
            b.click(r#"#new-game input[name="mode"][value="online"]"#)
                .await?;
            let shown = displayed(b, "#online-offline").await?;
            if !shown {
                b.click("#new-game-cancel").await?;
                wait_dialog(b, "new-game", false).await?;
            }
            Ok(shown)
        })
        .await?;
    let note = browser.text("#online-offline").await?;
    ensure!(note.contains("needs a connection"), "{note:?}");
    browser.screenshot("offline-online-option-phone").await?;
    browser.click("#new-game-start").await?;
    browser.wait_for_text("#toasts", "No connection").await?;
    ensure!(
        !displayed(&browser, "#waiting").await?,
        "no waiting screen without a server"
    );
    ensure!(
        common::dialog_open(&browser, "new-game").await?,
        "the dialog stays open"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_build_is_picked_up_on_the_next_load() -> Result<()> {
    let www = WwwCopy::new("update")?;
    let dir = www.0.clone();
    let mut server = TestServer::start_with(move |c| c.www = dir).await?;
    let browser = server.browser(Viewport::DESKTOP).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    let before = cache_names(&browser).await?;
    ensure!(before.len() == 1, "{before:?}");
    let marker =
        "return getComputedStyle(document.documentElement).getPropertyValue('--e2e-build').trim();";
    ensure!(browser.js(marker).await? == "", "no marker yet");

    // A new build: style.css changes, and so does its hash in the list `cargo xtask build`
    // writes (the same change a rebuild makes).
    let css_path = www.path("style.css");
    let old_css = std::fs::read(&css_path)?;
    let mut new_css = old_css.clone();
    new_css.extend_from_slice(b"\n:root { --e2e-build: 2; }\n");
    std::fs::write(&css_path, &new_css)?;
    let list_path = www.path("pkg/assets.js");
    let list = std::fs::read_to_string(&list_path)?;
    let (old_hash, new_hash) = (sha256_hex(&old_css), sha256_hex(&new_css));
    ensure!(list.contains(&old_hash), "style.css's hash is in the list");
    std::fs::write(&list_path, list.replace(&old_hash, &new_hash))?;

    // The next load finds the new service worker, which takes over and drops the old cache;
    // the load after it runs the new build (the cache never serves the old one for ever).
    browser.reload().await?;
    // Installing hashes and stores every file: a loaded machine may take a while.
    browser
        .wait_until_for(
            "the new version's cache to replace the old one",
            SLOW,
            async |b| {
                let now = cache_names(b).await?;
                Ok(now.len() == 1 && now != before)
            },
        )
        .await?;
    browser.reload().await?;
    ensure!(
        browser.js(marker).await? == "2",
        "the new style.css is served"
    );
    // And offline too, from the new cache.
    server.stop().await?;
    browser.reload().await?;
    ensure!(
        browser.js(marker).await? == "2",
        "the new style.css is served offline"
    );
    finish(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_worker_that_cannot_load_is_said_and_retried() -> Result<()> {
    let www = WwwCopy::new("broken-worker")?;
    // The worker's module is missing: `ai-worker.js` cannot load its import.
    let module = www.path("pkg/worker.js");
    let kept = std::fs::read(&module)?;
    std::fs::remove_file(&module)?;
    let dir = www.0.clone();
    let server = TestServer::start_with(move |c| c.www = dir).await?;
    let browser = server.browser(Viewport::PHONE).await?;
    browser.open_app().await?;

    browser.wait_for("#ai-unavailable:not([hidden])").await?;
    let text = browser.text("#ai-unavailable-text").await?;
    ensure!(
        text.contains("could not start") && text.contains("could not be loaded"),
        "the reason in words: {text:?}"
    );
    ensure!(
        displayed(&browser, "#btn-ai-retry").await?,
        "a retry button"
    );
    browser.wait_for_text("#toasts", "could not start").await?;

    // A game where the AI moves first does not spin.
    new_ai_game(&browser, 1, "black").await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    ensure!(!thinking_shown(&browser).await?, "no endless thinking");
    ensure!(
        browser.sans().await?.is_empty(),
        "no move from a missing AI"
    );
    browser.screenshot("ai-unavailable-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;
    browser.screenshot("ai-unavailable-desktop").await?;

    // The module is back: a retry starts the worker and the AI plays its move.
    std::fs::write(&module, kept)?;
    browser.click("#btn-ai-retry").await?;
    browser
        .wait_for_plies(1)
        .await
        .context("the AI plays after the retry")?;
    browser.wait_for("#ai-unavailable[hidden]").await?;
    // The failed load was reported on the console as a warning, not an error of the page.
    finish(browser).await
}
