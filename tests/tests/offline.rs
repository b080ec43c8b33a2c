//! Offline play: the service worker (`www/sw.js`) serves a reload with the server stopped, and
//! the AI (its own wasm module in a Web Worker) still plays; a new build waits for the pages
//! of the old one and takes over on a reload or on "Update"; an AI
//! worker that cannot load is said in words and can be retried; online play without a server
//! says it needs a connection.

mod common;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, ensure};
use e2e::{Browser, TestServer, Viewport};
use sha2::{Digest, Sha256};

use common::{SLOW, displayed, finish, new_ai_game, thinking_shown, wait_controlled, wait_dialog};

/// The names of the page origin's caches of a version (`asean-<hash>`; not the record of which
/// page runs which version).
async fn cache_names(browser: &Browser) -> Result<Vec<String>> {
    let v = browser
        .driver()
        .execute_async(
            "const done = arguments[arguments.length - 1]; caches.keys().then(done, () => done([]));",
            Vec::new(),
        )
        .await?;
    let names: Vec<String> = serde_json::from_value(v.json().clone()).context("the cache names")?;
    Ok(names
        .into_iter()
        .filter(|n| n.starts_with("asean-"))
        .collect())
}

/// A promise's value in the page (`script` is a function body returning the promise).
async fn awaited(browser: &Browser, script: &str) -> Result<serde_json::Value> {
    let v = browser
        .driver()
        .execute_async(
            &format!(
                "const done = arguments[arguments.length - 1]; \
                 (async () => {{ {script} }})().then(done, (e) => done('error: ' + e));"
            ),
            Vec::new(),
        )
        .await?;
    Ok(v.json().clone())
}

/// The build the page runs: `--e2e-build` of its style.css ("" for the first).
async fn build_shown(browser: &Browser) -> Result<String> {
    let v = browser
        .js("return getComputedStyle(document.documentElement).getPropertyValue('--e2e-build').trim();")
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

/// The build of the style.css the page gets when it fetches it now ("" for the first; each
/// build appends its marker, the last one counts).
async fn build_fetched(browser: &Browser) -> Result<String> {
    let v = awaited(
        browser,
        "const css = await (await fetch('style.css')).text(); \
         const all = [...css.matchAll(/--e2e-build: (\\d+)/g)]; \
         return all.length ? all[all.length - 1][1] : '';",
    )
    .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

/// Writes build `n` into `www`: style.css gains `--e2e-build: n`, and its hash in the list
/// `cargo xtask build` writes changes with it (what a rebuild changes).
fn write_build(www: &WwwCopy, n: u32) -> Result<()> {
    let css_path = www.path("style.css");
    let old_css = std::fs::read(&css_path)?;
    let mut new_css = old_css.clone();
    new_css.extend_from_slice(format!("\n:root {{ --e2e-build: {n}; }}\n").as_bytes());
    std::fs::write(&css_path, &new_css)?;
    let list_path = www.path("pkg/assets.js");
    let list = std::fs::read_to_string(&list_path)?;
    let (old_hash, new_hash) = (sha256_hex(&old_css), sha256_hex(&new_css));
    ensure!(list.contains(&old_hash), "style.css's hash is in the list");
    std::fs::write(&list_path, list.replace(&old_hash, &new_hash))?;
    Ok(())
}

/// Has the browser look for a new service worker now (as the next load would) and waits until
/// the new version has installed and waits.
async fn wait_new_version_waiting(browser: &Browser) -> Result<()> {
    awaited(
        browser,
        "const r = await navigator.serviceWorker.getRegistration(); await r.update(); return true;",
    )
    .await?;
    // Installing hashes and stores every file: a loaded machine may take a while.
    browser
        .wait_until_for("the new version to install and wait", SLOW, async |b| {
            Ok(awaited(
                b,
                "const r = await navigator.serviceWorker.getRegistration(); return !!(r && r.waiting);",
            )
            .await?
                == serde_json::Value::Bool(true))
        })
        .await
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
async fn a_new_build_waits_for_the_pages_of_the_old_one_and_takes_over_on_update_or_reload()
-> Result<()> {
    let www = WwwCopy::new("update")?;
    let dir = www.0.clone();
    let mut server = TestServer::start_with(move |c| c.www = dir).await?;
    let browser = server.browser(Viewport::DESKTOP).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    let first = cache_names(&browser).await?;
    ensure!(first.len() == 1, "{first:?}");
    ensure!(build_shown(&browser).await?.is_empty(), "no marker yet");
    // A second tab of the same version.
    let driver = browser.driver();
    let tab_one = driver.window().await?;
    let tab_two = driver.new_tab().await?;
    driver.switch_to_window(tab_two.clone()).await?;
    browser.open_app().await?;
    wait_controlled(&browser).await?;
    driver.switch_to_window(tab_one.clone()).await?;

    // Build 2 is deployed and installs: it waits; neither page is taken over, both keep the files
    // of their version, the old cache stays, and the page offers the update.
    write_build(&www, 2)?;
    wait_new_version_waiting(&browser).await?;
    browser.wait_for("#update-ready:not([hidden])").await?;
    ensure!(build_shown(&browser).await?.is_empty());
    ensure!(
        build_fetched(&browser).await?.is_empty(),
        "the old page's fetch is served its own version's file"
    );
    ensure!(
        cache_names(&browser).await?.len() == 2,
        "both versions' caches"
    );
    browser.screenshot("update-ready-desktop").await?;
    browser.set_viewport(Viewport::PHONE).await?;
    browser.screenshot("update-ready-phone").await?;
    browser.set_viewport(Viewport::DESKTOP).await?;

    // "Update": this page reloads into build 2; the other tab is left as it was, its files still
    // served from the old cache.
    browser.click("#btn-update").await?;
    browser
        .wait_until_for("the page to reload into build 2", SLOW, async |b| {
            Ok(build_shown(b).await.unwrap_or_default() == "2")
        })
        .await?;
    browser.wait_app_ready().await?;
    ensure!(
        !displayed(&browser, "#update-ready").await?,
        "nothing to offer now"
    );
    ensure!(build_fetched(&browser).await? == "2");
    driver.switch_to_window(tab_two.clone()).await?;
    ensure!(
        build_shown(&browser).await?.is_empty(),
        "the other tab was not taken over"
    );
    ensure!(
        build_fetched(&browser).await?.is_empty(),
        "the other tab still gets its version's files"
    );
    ensure!(
        cache_names(&browser).await?.len() == 2,
        "the old cache stays while a page uses it"
    );
    // Its reload brings build 2, and the old cache goes with the last page that used it.
    browser.reload().await?;
    ensure!(build_shown(&browser).await? == "2");
    browser
        .wait_until_for("the old cache to be deleted", SLOW, async |b| {
            let now = cache_names(b).await?;
            Ok(now.len() == 1 && now != first)
        })
        .await?;
    driver.close_window().await?;
    driver.switch_to_window(tab_one).await?;

    // Build 3, one tab: a reload is enough, the new version taking over on it.
    write_build(&www, 3)?;
    wait_new_version_waiting(&browser).await?;
    browser.wait_for("#update-ready:not([hidden])").await?;
    ensure!(build_shown(&browser).await? == "2");
    browser.reload().await?;
    ensure!(
        build_shown(&browser).await? == "3",
        "the reload runs build 3"
    );
    browser
        .wait_until_for("build 3 to take over alone", SLOW, async |b| {
            let waiting = awaited(
                b,
                "const r = await navigator.serviceWorker.getRegistration(); return !!r.waiting;",
            )
            .await?;
            Ok(waiting == serde_json::Value::Bool(false) && cache_names(b).await?.len() == 1)
        })
        .await?;
    ensure!(build_fetched(&browser).await? == "3");
    // And offline too, from the new cache.
    server.stop().await?;
    browser.reload().await?;
    ensure!(
        build_shown(&browser).await? == "3",
        "build 3 is served offline"
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
