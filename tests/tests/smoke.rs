//! Smoke test: the page loads, the wasm app starts, and it renders on phone and desktop.

use e2e::{Viewport, start_app};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_starts_on_a_phone() -> anyhow::Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let size = browser
        .js("return [window.innerWidth, window.innerHeight];")
        .await?;
    assert_eq!(size, serde_json::json!([360, 640]));
    let shot = browser.screenshot("smoke-phone").await?;
    assert!(shot.is_file());
    let errors = browser.page_errors().await?;
    assert!(errors.is_empty(), "page errors: {errors:?}");
    browser.quit().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_starts_on_a_desktop() -> anyhow::Result<()> {
    let (_server, browser) = start_app(Viewport::DESKTOP).await?;
    let size = browser
        .js("return [window.innerWidth, window.innerHeight];")
        .await?;
    assert_eq!(size, serde_json::json!([1280, 800]));
    browser.screenshot("smoke-desktop").await?;
    browser.quit().await
}
