//! Benchmark (not part of the test run): the time from navigation start to the first board on a
//! slow phone connection, a first visit with nothing cached.
//!
//! Run it with the bundle built (`cargo xtask build`):
//!
//! ```text
//! cargo test -p e2e --test first_board -- --ignored --nocapture
//! ```
//!
//! The network is Chrome DevTools' "Slow 4G" preset (called "Fast 3G" before Chrome 119):
//! 562.5 ms of latency (150 ms × 3.75), 180,000 bytes/s down (1.6 Mbit/s × 0.9) and 84,375
//! bytes/s up (750 kbit/s × 0.9), set through CDP's `Network.emulateNetworkConditions`, with the
//! CPU slowed 4 times (`Emulation.setCPUThrottlingRate`) and the HTTP cache disabled. The time
//! is read in the page: a script installed before any other records `performance.now()` (which
//! counts from the navigation start) when the first piece appears on `#board` and when
//! `#app[data-ready="true"]` is set. `FIRST_BOARD_RUNS` (default 3) runs are made in fresh
//! browsers; each run and the median are printed, with the bytes fetched per resource.

use std::time::Duration;

use anyhow::{Context, Result, ensure};
use e2e::{TestServer, Viewport};
use serde_json::{Value, json};

/// Records, in `window.__firstBoard`, when the board first shows a piece and when the app says
/// it is ready (milliseconds since the navigation started).
const RECORDER: &str = r#"
window.__firstBoard = {};
(() => {
  const check = () => {
    const t = performance.now();
    const marks = window.__firstBoard;
    if (marks.board === undefined && document.querySelector('#board [data-piece]')) marks.board = t;
    const app = document.getElementById('app');
    if (marks.ready === undefined && app && app.getAttribute('data-ready') === 'true') marks.ready = t;
    return marks.board !== undefined && marks.ready !== undefined;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: run with --ignored"]
async fn first_board_on_slow_4g() -> Result<()> {
    let runs: usize = std::env::var("FIRST_BOARD_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let server = TestServer::start().await?;
    let mut boards = Vec::new();
    for run in 1..=runs {
        let mut browser = server.browser(Viewport::PHONE).await?;
        browser.set_timeout(Duration::from_secs(120));
        let cdp = browser.driver().cdp();
        cdp.send_raw(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": RECORDER }),
        )
        .await?;
        cdp.send_raw("Network.enable", json!({})).await?;
        cdp.send_raw("Network.setCacheDisabled", json!({ "cacheDisabled": true }))
            .await?;
        cdp.send_raw(
            "Network.emulateNetworkConditions",
            json!({
                "offline": false,
                "latency": 562.5,
                "downloadThroughput": 180_000.0,
                "uploadThroughput": 84_375.0,
            }),
        )
        .await?;
        cdp.send_raw("Emulation.setCPUThrottlingRate", json!({ "rate": 4 }))
            .await?;
        browser.open("/").await?;
        browser
            .wait_until("the first board", async |b| {
                Ok(b.js("const m = window.__firstBoard || {}; return m.board !== undefined && m.ready !== undefined;")
                    .await?
                    .as_bool()
                    .unwrap_or(false))
            })
            .await?;
        let marks = browser.js("return window.__firstBoard;").await?;
        let board = marks["board"].as_f64().context("board time")?;
        let ready = marks["ready"].as_f64().context("ready time")?;
        let resources = browser
            .js("return performance.getEntriesByType('resource').map((r) => \
                 [r.name.replace(location.origin, ''), r.transferSize, Math.round(r.responseEnd)]);")
            .await?;
        println!("run {run}: first board at {board:.0} ms, app ready at {ready:.0} ms");
        if let Value::Array(list) = resources {
            for r in list {
                println!(
                    "  {:<28} {:>8} bytes, done at {:>5} ms",
                    r[0].as_str().unwrap_or_default(),
                    r[1],
                    r[2]
                );
            }
        }
        boards.push(board);
        browser.quit().await?;
    }
    ensure!(!boards.is_empty(), "no run made");
    boards.sort_by(f64::total_cmp);
    let median = boards[boards.len() / 2];
    println!(
        "first board on Slow 4G with 4x CPU throttling: median {median:.0} ms over {runs} runs \
         ({boards:.0?})"
    );
    Ok(())
}
