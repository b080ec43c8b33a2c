//! End-to-end test harness: the real server (in-process, on a free loopback port) serving
//! `www/` with the built bundle, and headless Chromium driven through chromedriver.
//!
//! ```no_run
//! use e2e::{Viewport, start_app};
//!
//! #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
//! async fn plays_a_move() -> anyhow::Result<()> {
//!     let (_server, browser) = start_app(Viewport::PHONE).await?; // page loaded, app ready
//!     browser.drag("e3", "e4").await?;
//!     browser.wait_for_text("#status", "Black to move").await?;
//!     browser.screenshot("plays_a_move").await?; // target/e2e/plays_a_move.png
//!     browser.quit().await
//! }
//! ```
//!
//! Every wait has a timeout ([`DEFAULT_TIMEOUT`], or `E2E_TIMEOUT_SECS`), and its error says
//! what was awaited, plus the page's JavaScript errors when there were any.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde_json::Value;
use thirtyfour::prelude::*;
use tokio::sync::oneshot;

pub use thirtyfour::{WebDriver, WebElement};

pub mod nodes;

/// Chromium flags mandatory for every headless browser started by the project's tests.
pub const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// How long waits last unless told otherwise (override with `E2E_TIMEOUT_SECS`).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(15);

/// The selector of the app root once the wasm app has started.
pub const APP_READY: &str = r#"#app[data-ready="true"]"#;

/// How often waits poll.
const POLL: Duration = Duration::from_millis(50);

/// The size of the page's viewport in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewport {
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
}

impl Viewport {
    /// A phone in portrait (360 x 640).
    pub const PHONE: Viewport = Viewport {
        width: 360,
        height: 640,
    };
    /// A desktop window (1280 x 800).
    pub const DESKTOP: Viewport = Viewport {
        width: 1280,
        height: 800,
    };
}

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Cargo's target directory (`$CARGO_TARGET_DIR` or `<workspace>/target`).
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                workspace_root().join(dir)
            }
        }
        None => workspace_root().join("target"),
    }
}

/// Where screenshots, browser profiles and chromedriver logs go: `target/e2e/`.
pub fn output_dir() -> PathBuf {
    target_dir().join("e2e")
}

/// The static files served to the browser: `<workspace>/www`.
pub fn www_dir() -> PathBuf {
    workspace_root().join("www")
}

/// Fails with a clear message unless the bundle (`www/pkg/web.js`, the AI worker's
/// `www/pkg/worker.js` and the service worker's list `www/pkg/assets.js`) has been built.
pub fn check_bundle() -> Result<()> {
    let pkg = www_dir().join("pkg");
    let js = pkg.join("web.js");
    if ["web.js", "worker.js", "assets.js"]
        .iter()
        .all(|f| pkg.join(f).is_file())
    {
        Ok(())
    } else {
        bail!(
            "the browser bundle {} is missing: run `cargo xtask build` first \
             (`cargo xtask test` builds it before running the tests)",
            js.display()
        )
    }
}

/// The wait timeout: `E2E_TIMEOUT_SECS` or [`DEFAULT_TIMEOUT`].
pub fn default_timeout() -> Duration {
    std::env::var("E2E_TIMEOUT_SECS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(DEFAULT_TIMEOUT, Duration::from_secs)
}

/// Starts a server and a browser, opens the page and waits until the app is ready.
///
/// # Errors
/// If the bundle is missing, the server or browser cannot start, or the app never becomes
/// ready.
pub async fn start_app(viewport: Viewport) -> Result<(TestServer, Browser)> {
    let server = TestServer::start().await?;
    let browser = server.browser(viewport).await?;
    browser.open_app().await?;
    Ok((server, browser))
}

/// The real server (the `server` library) serving `www/`, in-process on a free loopback port.
/// Stops when dropped. Must be used inside a tokio runtime (use
/// `#[tokio::test(flavor = "multi_thread", worker_threads = 2)]`).
#[derive(Debug)]
pub struct TestServer {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    /// Starts the server on `127.0.0.1:0`, after checking that the bundle is built.
    ///
    /// # Errors
    /// If the bundle is missing or no port can be bound.
    pub async fn start() -> Result<Self> {
        Self::start_with(|_| {}).await
    }

    /// [`TestServer::start`] with a configuration changed by `configure` first, e.g. short
    /// lobby timings:
    ///
    /// ```no_run
    /// # async fn demo() -> anyhow::Result<()> {
    /// use std::time::Duration;
    /// let server = e2e::TestServer::start_with(|c| {
    ///     c.lobby.room.invite_ttl = Duration::from_secs(2);
    /// })
    /// .await?;
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// If the bundle is missing or no port can be bound.
    pub async fn start_with(configure: impl FnOnce(&mut server::Config)) -> Result<Self> {
        check_bundle()?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .context("binding a loopback port for the server")?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let mut config = server::Config::new(www_dir());
        configure(&mut config);
        let task = tokio::spawn(async move {
            let shutdown = async {
                let _ = stopped.await;
            };
            if let Err(err) = server::serve(listener, &config, shutdown).await {
                eprintln!("e2e: server error: {err}");
            }
        });
        Ok(Self {
            addr,
            stop: Some(stop),
            task: Some(task),
        })
    }

    /// Stops the server as a machine going away would: it stops listening and closes its
    /// connections (WebSockets included); afterwards its port refuses connections. The
    /// browsers keep running. Stopping twice does nothing more.
    ///
    /// # Errors
    /// If the server does not stop within 15 s, or its port still answers.
    pub async fn stop(&mut self) -> Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            tokio::time::timeout(Duration::from_secs(15), task)
                .await
                .context("the server did not stop within 15 s")?
                .context("the server task failed")?;
        }
        if tokio::net::TcpStream::connect(self.addr).await.is_ok() {
            bail!("the stopped server's port {} still answers", self.addr);
        }
        Ok(())
    }

    /// The server's address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The absolute URL of `path` (which starts with `/`) on this server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Starts a headless Chromium for this server (nothing is loaded yet).
    ///
    /// # Errors
    /// If chromedriver or Chromium cannot start.
    pub async fn browser(&self, viewport: Viewport) -> Result<Browser> {
        Browser::start(&self.url(""), viewport).await
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// A chromedriver child process, killed when dropped.
#[derive(Debug)]
struct DriverProcess {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl DriverProcess {
    /// Starts chromedriver on a free loopback port, logging to `log`.
    async fn start(log: &Path) -> Result<Self> {
        let chromedriver = locate("CHROMEDRIVER", "/usr/bin/chromedriver").context(
            "chromedriver not found: install Debian's `chromium-driver` (`cargo xtask test` \
             does it when run as root) or set CHROMEDRIVER",
        )?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let log_file =
            std::fs::File::create(log).with_context(|| format!("creating {}", log.display()))?;
        let child = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(log_file.try_clone()?)
            .stderr(log_file)
            .spawn()
            .with_context(|| format!("starting {}", chromedriver.display()))?;
        let mut driver = Self {
            child,
            port,
            log: log.to_path_buf(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Ok(driver);
            }
            if let Some(status) = driver.child.try_wait()? {
                bail!(
                    "chromedriver exited at start ({status}); see {}",
                    log.display()
                );
            }
            if Instant::now() > deadline {
                bail!("chromedriver did not listen on port {port} within 20 s");
            }
            tokio::time::sleep(POLL).await;
        }
    }
}

impl Drop for DriverProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Finds a binary: `$var` if set, else `default` if it exists.
fn locate(var: &str, default: &str) -> Option<PathBuf> {
    match std::env::var_os(var) {
        Some(path) => Some(PathBuf::from(path)),
        None => Path::new(default).is_file().then(|| default.into()),
    }
}

/// Records the page's uncaught errors, rejected promises and `console.error` calls in
/// `window.__e2eErrors`, before any page script runs.
const ERROR_RECORDER: &str = r"
window.__e2eErrors = [];
window.addEventListener('error', e => window.__e2eErrors.push(String(e.message || e)));
window.addEventListener('unhandledrejection', e => window.__e2eErrors.push('unhandled rejection: ' + String(e.reason)));
(() => { const log = console.error.bind(console);
  console.error = (...a) => { window.__e2eErrors.push(a.map(String).join(' ')); log(...a); }; })();
";

/// A headless Chromium session. Dropping it closes the browser; [`Browser::quit`] does so
/// without blocking.
pub struct Browser {
    // Field order matters: the session must end before chromedriver is killed.
    driver: WebDriver,
    chromedriver: DriverProcess,
    profile: ProfileDir,
    base_url: String,
    timeout: Duration,
    /// Leave the start screen of a first visit up (else [`Browser::wait_app_ready`] picks
    /// "two players on this device" on it, as the tests written before it expect).
    keep_start: bool,
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser")
            .field("base_url", &self.base_url)
            .field("profile", &self.profile.0)
            .finish_non_exhaustive()
    }
}

/// Distinguishes the profiles and logs of browsers started by one test process.
static BROWSER_COUNT: AtomicUsize = AtomicUsize::new(0);

impl Browser {
    /// Starts chromedriver and a headless Chromium (mandatory flags, a fresh profile under
    /// `target/e2e/`, the given viewport) for pages under `base_url`.
    ///
    /// # Errors
    /// If chromedriver or Chromium cannot start.
    pub async fn start(base_url: &str, viewport: Viewport) -> Result<Self> {
        let n = BROWSER_COUNT.fetch_add(1, Ordering::Relaxed);
        let id = format!("{}-{n}", std::process::id());
        let out = output_dir();
        let profile = out.join("profiles").join(&id);
        std::fs::create_dir_all(&profile)
            .with_context(|| format!("creating {}", profile.display()))?;
        let chromedriver =
            DriverProcess::start(&out.join(format!("chromedriver-{id}.log"))).await?;

        let mut caps = DesiredCapabilities::chrome();
        if let Some(chromium) = locate("ASEAN_CHROMIUM", "/usr/bin/chromium") {
            caps.set_binary(&chromium.to_string_lossy())?;
        }
        for flag in CHROMIUM_FLAGS {
            caps.add_arg(flag)?;
        }
        caps.add_arg(&format!("--user-data-dir={}", profile.display()))?;
        caps.add_arg(&format!(
            "--window-size={},{}",
            viewport.width, viewport.height
        ))?;
        // Deterministic language for text assertions.
        caps.add_arg("--lang=en-US")?;
        // A browser that fails to start (rare, e.g. on a loaded machine) gets one more chance.
        let driver_url = format!("http://127.0.0.1:{}", chromedriver.port);
        let driver = match WebDriver::new(driver_url.clone(), caps.clone()).await {
            Ok(driver) => driver,
            Err(first) => {
                eprintln!("e2e: Chromium did not start ({first}); trying again");
                tokio::time::sleep(Duration::from_millis(500)).await;
                WebDriver::new(driver_url, caps)
                    .await
                    .context("starting headless Chromium through chromedriver")?
            }
        };

        let browser = Self {
            driver,
            chromedriver,
            profile: ProfileDir(profile),
            base_url: base_url.trim_end_matches('/').to_owned(),
            timeout: default_timeout(),
            keep_start: false,
        };
        browser
            .driver
            .cdp()
            .send_raw(
                "Page.addScriptToEvaluateOnNewDocument",
                serde_json::json!({ "source": ERROR_RECORDER }),
            )
            .await
            .context("installing the page error recorder")?;
        browser.set_viewport(viewport).await?;
        Ok(browser)
    }

    /// The underlying WebDriver session, for anything the helpers do not cover.
    pub fn driver(&self) -> &WebDriver {
        &self.driver
    }

    /// The absolute URL of `path` on the server under test.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// Keeps the start screen `#start` of a first visit up when the app becomes ready (by
    /// default [`Browser::wait_app_ready`] picks two players on this device on it).
    pub fn keep_start_screen(&mut self, keep: bool) {
        self.keep_start = keep;
    }

    /// Changes the timeout of this browser's waits.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Resizes the window so that the page's viewport is `viewport`.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn set_viewport(&self, viewport: Viewport) -> Result<()> {
        let (w, h) = (i64::from(viewport.width), i64::from(viewport.height));
        let mut window = (w, h);
        for _ in 0..3 {
            self.driver
                .set_window_rect(
                    0,
                    0,
                    u32::try_from(window.0).unwrap_or(viewport.width),
                    u32::try_from(window.1).unwrap_or(viewport.height),
                )
                .await?;
            let inner: Vec<i64> = self
                .js("return [window.innerWidth, window.innerHeight];")
                .await
                .and_then(|v| serde_json::from_value(v).context("viewport size"))?;
            let (iw, ih) = (inner.first().copied(), inner.get(1).copied());
            match (iw, ih) {
                (Some(iw), Some(ih)) if iw == w && ih == h => return Ok(()),
                (Some(iw), Some(ih)) => window = (window.0 + w - iw, window.1 + h - ih),
                _ => bail!("could not read the viewport size"),
            }
        }
        // Close enough: Chromium may clamp tiny windows; the page still renders.
        Ok(())
    }

    /// Loads `path` (e.g. `/` or `/#/room/abc`) from the server under test.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn open(&self, path: &str) -> Result<()> {
        let url = self.url(path);
        self.driver
            .goto(&url)
            .await
            .with_context(|| format!("opening {url}"))
    }

    /// Loads `/` and waits until the app is ready ([`Browser::wait_app_ready`]).
    ///
    /// # Errors
    /// If the page does not load or the app never becomes ready.
    pub async fn open_app(&self) -> Result<()> {
        self.open("/").await?;
        self.wait_app_ready().await
    }

    /// Waits until `#app[data-ready="true"]` exists: the wasm app has started. On timeout the
    /// error shows the page's JavaScript errors and the start of `#app`. When the start screen
    /// of a first visit is up, picks two players on this device on it (a fresh hot-seat board,
    /// as before the start screen existed) unless [`Browser::keep_start_screen`] was set.
    ///
    /// # Errors
    /// If the app does not become ready in time.
    pub async fn wait_app_ready(&self) -> Result<()> {
        if let Err(err) = self.wait_for(APP_READY).await {
            let app = self
                .js("const a = document.getElementById('app'); return a ? a.outerHTML.slice(0, 400) : '(no #app element)';")
                .await
                .map(|v| v.as_str().unwrap_or_default().to_owned())
                .unwrap_or_default();
            bail!("the app did not start: {err:#}\n#app: {app}");
        }
        if !self.keep_start && self.exists("#start:not([hidden])").await? {
            self.click(r#"[data-start="hotseat"]"#).await?;
            self.wait_for("#start[hidden]").await?;
        }
        Ok(())
    }

    /// Reloads the page and waits until the app is ready again.
    ///
    /// # Errors
    /// If the reload fails or the app does not become ready.
    pub async fn reload(&self) -> Result<()> {
        self.driver.refresh().await.context("reloading the page")?;
        self.wait_app_ready().await
    }

    /// Runs `script` (a function body; use `return` for a value) in the page.
    ///
    /// # Errors
    /// If the script throws or WebDriver fails.
    pub async fn js(&self, script: &str) -> Result<Value> {
        self.js_with(script, Vec::new()).await
    }

    /// Runs `script` with `args` (available as `arguments[0]`, ...).
    ///
    /// # Errors
    /// If the script throws or WebDriver fails.
    pub async fn js_with(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        let ret = self
            .driver
            .execute(script, args)
            .await
            .with_context(|| format!("running script: {}", abbreviate(script)))?;
        Ok(ret.json().clone())
    }

    /// The errors the page reported so far (uncaught errors, rejected promises,
    /// `console.error`).
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn page_errors(&self) -> Result<Vec<String>> {
        let v = self.js("return window.__e2eErrors || [];").await?;
        Ok(serde_json::from_value(v).unwrap_or_default())
    }

    /// The first element matching the CSS `selector`, now (no waiting).
    ///
    /// # Errors
    /// If there is none.
    pub async fn find(&self, selector: &str) -> Result<WebElement> {
        self.driver
            .find(By::Css(selector))
            .await
            .with_context(|| format!("no element matches `{selector}`"))
    }

    /// All elements matching the CSS `selector`, now.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn find_all(&self, selector: &str) -> Result<Vec<WebElement>> {
        Ok(self.driver.find_all(By::Css(selector)).await?)
    }

    /// Whether an element matches `selector` now.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn exists(&self, selector: &str) -> Result<bool> {
        Ok(!self.find_all(selector).await?.is_empty())
    }

    /// Waits until an element matches `selector` and returns it.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for(&self, selector: &str) -> Result<WebElement> {
        let what = format!("an element matching `{selector}`");
        self.wait_until(&what, async |b| b.exists(selector).await)
            .await?;
        self.find(selector).await
    }

    /// Waits until no element matches `selector`.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_gone(&self, selector: &str) -> Result<()> {
        let what = format!("no element matching `{selector}`");
        self.wait_until(&what, async |b| Ok(!b.exists(selector).await?))
            .await
    }

    /// Waits until the element matching `selector` has a text containing `text`.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_text(&self, selector: &str, text: &str) -> Result<()> {
        let what = format!("`{selector}` to contain the text {text:?}");
        self.wait_until(&what, async |b| Ok(b.text(selector).await?.contains(text)))
            .await
    }

    /// Waits, up to this browser's timeout, until `condition` returns `Ok(true)`. Errors of the
    /// condition count as "not yet" (elements come and go while the page renders); the last
    /// one is reported on timeout, with the page's JavaScript errors.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_until<F>(&self, what: &str, condition: F) -> Result<()>
    where
        F: AsyncFnMut(&Browser) -> Result<bool>,
    {
        self.wait_until_for(what, self.timeout, condition).await
    }

    /// [`Browser::wait_until`] with an explicit timeout.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_until_for<F>(
        &self,
        what: &str,
        timeout: Duration,
        mut condition: F,
    ) -> Result<()>
    where
        F: AsyncFnMut(&Browser) -> Result<bool>,
    {
        let deadline = Instant::now() + timeout;
        let mut last_error = None;
        loop {
            match condition(self).await {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(err) => last_error = Some(err),
            }
            if Instant::now() >= deadline {
                let mut message = format!("timed out after {timeout:?} waiting for {what}");
                if let Some(err) = last_error {
                    message.push_str(&format!("\nlast error: {err:#}"));
                }
                if let Ok(errors) = self.page_errors().await
                    && !errors.is_empty()
                {
                    message.push_str(&format!("\npage errors:\n  {}", errors.join("\n  ")));
                }
                bail!(message);
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// The visible text of the element matching `selector`.
    ///
    /// # Errors
    /// If there is no such element.
    pub async fn text(&self, selector: &str) -> Result<String> {
        Ok(self.find(selector).await?.text().await?)
    }

    /// The value of attribute `name` of the element matching `selector`.
    ///
    /// # Errors
    /// If there is no such element.
    pub async fn attr(&self, selector: &str, name: &str) -> Result<Option<String>> {
        Ok(self.find(selector).await?.attr(name).await?)
    }

    /// Clicks the element matching `selector`, waiting for it to appear first.
    ///
    /// # Errors
    /// If it never appears or cannot be clicked.
    pub async fn click(&self, selector: &str) -> Result<()> {
        let element = self.wait_for(selector).await?;
        element
            .click()
            .await
            .with_context(|| format!("clicking `{selector}`"))
    }

    /// Clicks the board square `square` (e.g. `"e3"`): the element `[data-square="e3"]`.
    ///
    /// # Errors
    /// If the square is not on the page or cannot be clicked.
    pub async fn click_square(&self, square: &str) -> Result<()> {
        self.click(&square_selector(square)?).await
    }

    /// Drags from square `from` to square `to` with real pointer actions (press, move in
    /// steps, release).
    ///
    /// # Errors
    /// If a square is missing or WebDriver fails.
    pub async fn drag(&self, from: &str, to: &str) -> Result<()> {
        let source = self.wait_for(&square_selector(from)?).await?;
        let target = self.wait_for(&square_selector(to)?).await?;
        self.driver
            .action_chain()
            .move_to_element_center(&source)
            .click_and_hold()
            .move_by_offset(3, 3)
            .move_to_element_center(&target)
            .release()
            .perform()
            .await
            .with_context(|| format!("dragging {from} to {to}"))
    }

    /// Chooses the option with value `value` in the `<select>` matching `selector`, as a user
    /// would (the page gets its `change` event).
    ///
    /// # Errors
    /// If there is no such select or option.
    pub async fn select_value(&self, selector: &str, value: &str) -> Result<()> {
        let element = self.wait_for(selector).await?;
        thirtyfour::components::SelectElement::new(&element)
            .await?
            .select_by_value(value)
            .await
            .with_context(|| format!("choosing {value:?} in `{selector}`"))
    }

    /// Saves a PNG of the page as `target/e2e/<name>.png` and returns its path.
    ///
    /// # Errors
    /// If `name` is not a plain file name, or the screenshot cannot be taken or written.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf> {
        if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
            bail!("screenshot name {name:?} must be a plain file name");
        }
        let dir = output_dir();
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join(format!("{name}.png"));
        let png = self
            .driver
            .screenshot_as_png()
            .await
            .context("taking a screenshot")?;
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }

    /// Waits until attribute `name` of the element matching `selector` equals `value`.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_attr(&self, selector: &str, name: &str, value: &str) -> Result<()> {
        let what = format!("`{selector}` to have {name}={value:?}");
        self.wait_until(&what, async |b| {
            Ok(b.attr(selector, name).await?.as_deref() == Some(value))
        })
        .await
    }

    /// The SAN moves shown in the move list (`#moves .san`), in order.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn sans(&self) -> Result<Vec<String>> {
        let v = self
            .js("return [...document.querySelectorAll('#moves .san')].map(e => e.textContent.trim());")
            .await?;
        serde_json::from_value(v).context("reading the move list")
    }

    /// Waits until the move list holds exactly `n` moves.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_plies(&self, n: usize) -> Result<()> {
        let what = format!("{n} moves in the move list");
        self.wait_until(&what, async |b| Ok(b.sans().await?.len() == n))
            .await
    }

    /// Waits until the move list holds at least `n` moves (an opponent that answers at once,
    /// such as a bot, may already have added its own).
    async fn wait_for_played(&self, n: usize) -> Result<()> {
        let what = format!("at least {n} moves in the move list");
        self.wait_until(&what, async |b| Ok(b.sans().await?.len() >= n))
            .await
    }

    /// The piece code (`data-piece`, e.g. `wK`) on `square`, or `None` when it is empty.
    ///
    /// # Errors
    /// If `square` is not a square name or WebDriver fails.
    pub async fn piece_at(&self, square: &str) -> Result<Option<String>> {
        let selector = square_selector(square)?;
        let v = self
            .js_with(
                "const p = document.querySelector(arguments[0] + ' [data-piece]'); \
                 return p ? p.getAttribute('data-piece') : null;",
                vec![Value::String(selector)],
            )
            .await?;
        Ok(v.as_str().map(str::to_owned))
    }

    /// Every piece on the board: square name to piece code (`e1` -> `wK`), in one round trip.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn board_pieces(&self) -> Result<std::collections::BTreeMap<String, String>> {
        let v = self
            .js("const out = {}; for (const s of document.querySelectorAll('#board [data-square]')) { \
                 const p = s.querySelector('[data-piece]'); \
                 if (p) out[s.getAttribute('data-square')] = p.getAttribute('data-piece'); } \
                 return out;")
            .await?;
        serde_json::from_value(v).context("reading the board")
    }

    /// Plays `from`-`to` by two clicks (select, then destination) and waits until the move
    /// list has grown (by one, or more when the opponent answers at once). For a promotion,
    /// click the squares and the panel instead.
    ///
    /// # Errors
    /// If `to` is not offered as a destination or the move is not played in time.
    pub async fn click_move(&self, from: &str, to: &str) -> Result<()> {
        let before = self.sans().await?.len();
        self.click_square(from).await?;
        self.wait_for(&format!("{}.dest", square_selector(to)?))
            .await
            .with_context(|| format!("{to} offered as a destination after clicking {from}"))?;
        self.click_square(to).await?;
        self.wait_for_played(before + 1)
            .await
            .with_context(|| format!("playing {from}-{to} by clicks"))
    }

    /// Plays `from`-`to` by a pointer drag ([`Browser::drag`]) and waits until the move list has
    /// grown by one.
    ///
    /// # Errors
    /// If the move is not played in time.
    pub async fn drag_move(&self, from: &str, to: &str) -> Result<()> {
        let before = self.sans().await?.len();
        self.drag(from, to).await?;
        self.wait_for_played(before + 1)
            .await
            .with_context(|| format!("playing {from}-{to} by drag"))
    }

    /// The `localStorage` value under `key`.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn storage_get(&self, key: &str) -> Result<Option<String>> {
        let v = self
            .js_with(
                "return window.localStorage.getItem(arguments[0]);",
                vec![Value::String(key.to_owned())],
            )
            .await?;
        Ok(v.as_str().map(str::to_owned))
    }

    /// Writes `value` under `key` in `localStorage` (the page must be open on the server's
    /// origin; reload for the app to see it).
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn storage_set(&self, key: &str, value: &str) -> Result<()> {
        self.js_with(
            "window.localStorage.setItem(arguments[0], arguments[1]);",
            vec![
                Value::String(key.to_owned()),
                Value::String(value.to_owned()),
            ],
        )
        .await?;
        Ok(())
    }

    /// Every `localStorage` key, sorted.
    ///
    /// # Errors
    /// On WebDriver errors.
    pub async fn storage_keys(&self) -> Result<Vec<String>> {
        let v = self
            .js("return Object.keys(window.localStorage).sort();")
            .await?;
        serde_json::from_value(v).context("reading localStorage keys")
    }

    /// Fails when the page reported errors ([`Browser::page_errors`]).
    ///
    /// # Errors
    /// If there were page errors, listing them.
    pub async fn assert_no_page_errors(&self) -> Result<()> {
        let errors = self.page_errors().await?;
        if errors.is_empty() {
            Ok(())
        } else {
            bail!("page errors:\n  {}", errors.join("\n  "))
        }
    }

    /// Closes the browser and chromedriver and removes the profile.
    ///
    /// # Errors
    /// If WebDriver fails to end the session.
    pub async fn quit(self) -> Result<()> {
        let Browser {
            driver,
            chromedriver,
            profile,
            ..
        } = self;
        let result = driver.quit().await.context("closing the browser");
        let log = chromedriver.log.clone();
        drop(chromedriver);
        if result.is_ok() {
            // Kept only when something went wrong.
            let _ = std::fs::remove_file(log);
        }
        drop(profile);
        result
    }
}

/// A browser profile directory, removed when dropped.
#[derive(Debug)]
struct ProfileDir(PathBuf);

impl Drop for ProfileDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The CSS selector of board square `square`, which must look like `a1`..`h8`.
///
/// # Errors
/// If `square` is not a square name.
pub fn square_selector(square: &str) -> Result<String> {
    let bytes = square.as_bytes();
    match bytes {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Ok(format!(
            r#"[data-square="{}{}"]"#,
            char::from(*file),
            char::from(*rank)
        )),
        _ => bail!("{square:?} is not a square name (a1..h8)"),
    }
}

fn abbreviate(script: &str) -> String {
    let one_line = script.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 80 {
        format!("{}...", one_line.chars().take(80).collect::<String>())
    } else {
        one_line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_selectors() {
        assert_eq!(
            square_selector("e3").expect("valid"),
            r#"[data-square="e3"]"#
        );
        assert!(square_selector("i1").is_err());
        assert!(square_selector("e9").is_err());
        assert!(square_selector("e").is_err());
        assert!(square_selector("\"]").is_err());
    }
}
