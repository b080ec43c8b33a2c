//! Smoke test: the page loads, the wasm app starts, and it renders on phone and desktop.

use std::collections::HashSet;
use std::path::Path;

use anyhow::Context as _;
use e2e::{Viewport, start_app};

/// The screenshot at `path`: its width and height in pixels and how many colours it shows.
fn picture(path: &Path) -> anyhow::Result<(u32, u32, usize)> {
    let file = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    // Eight bits a sample, whatever the file's depth and palette.
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().context("a PNG header")?;
    let size = reader
        .output_buffer_size()
        .context("a PNG too large to decode")?;
    let mut pixels = vec![0; size];
    let frame = reader.next_frame(&mut pixels).context("a PNG image")?;
    let colours: HashSet<&[u8]> = pixels[..frame.buffer_size()]
        .chunks_exact(frame.color_type.samples())
        .collect();
    Ok((frame.width, frame.height, colours.len()))
}

/// Checks that the screenshot at `path` shows a whole `viewport` of a drawn page (more
/// colours than a blank or half-loaded page: the board's squares, its pieces, the text).
fn assert_drawn(path: &Path, viewport: Viewport) -> anyhow::Result<()> {
    let (width, height, colours) = picture(path)?;
    assert_eq!(
        (width, height),
        (viewport.width, viewport.height),
        "{}",
        path.display()
    );
    assert!(colours > 16, "{}: {colours} colours", path.display());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_starts_on_a_phone() -> anyhow::Result<()> {
    let (_server, browser) = start_app(Viewport::PHONE).await?;
    let size = browser
        .js("return [window.innerWidth, window.innerHeight];")
        .await?;
    assert_eq!(size, serde_json::json!([360, 640]));
    let shot = browser.screenshot("smoke-phone").await?;
    assert_drawn(&shot, Viewport::PHONE)?;
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
    let shot = browser.screenshot("smoke-desktop").await?;
    assert_drawn(&shot, Viewport::DESKTOP)?;
    browser.quit().await
}
