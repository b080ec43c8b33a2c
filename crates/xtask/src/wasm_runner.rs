//! `cargo xtask wasm-test-runner <file.wasm> [args]`: wasm-bindgen's test runner, embedded as a
//! library, so `cargo test --target wasm32-unknown-unknown` needs nothing installed but
//! Chromium and chromedriver.
//!
//! The runner is configured through environment variables, which a safe program cannot set on
//! itself; so this command prepares a fresh Chromium profile and a `webdriver.json` with the
//! project's mandatory flags, then runs itself again as a child with the environment set, and
//! removes the profile afterwards.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};

use crate::{browser, cmd};

/// Set in the child process that actually runs the tests.
const CHILD_MARKER: &str = "ASEAN_XTASK_WASM_RUNNER_CHILD";

/// The runner's environment variables that select where tests run; if none is set we choose
/// the browser (a `wasm_bindgen_test_configure!` in the tests overrides all of them).
const MODE_VARS: &[&str] = &[
    "WASM_BINDGEN_USE_BROWSER",
    "WASM_BINDGEN_USE_DEDICATED_WORKER",
    "WASM_BINDGEN_USE_SHARED_WORKER",
    "WASM_BINDGEN_USE_SERVICE_WORKER",
    "WASM_BINDGEN_USE_NODE_EXPERIMENTAL",
    "WASM_BINDGEN_USE_DENO",
];

/// Runs the tests in `wasm` with the harness arguments `args`.
pub fn run(wasm: &Path, args: &[OsString]) -> Result<ExitCode> {
    if std::env::var_os(CHILD_MARKER).is_some() {
        return Ok(run_embedded(wasm, args));
    }

    let chromedriver = browser::chromedriver().context(
        "chromedriver not found: install Debian's `chromium-driver` (`cargo xtask test` does so \
         when run as root) or set CHROMEDRIVER",
    )?;
    let chromium = browser::chromium().context(
        "Chromium not found: install Debian's `chromium` (`cargo xtask test` does so when run \
         as root) or set ASEAN_CHROMIUM",
    )?;

    let run_dir = cmd::target_dir()
        .join("wasm-test")
        .join(format!("run-{}", std::process::id()));
    let profile = run_dir.join("profile");
    std::fs::create_dir_all(&profile).with_context(|| format!("creating {}", profile.display()))?;
    let webdriver_json = run_dir.join("webdriver.json");
    std::fs::write(&webdriver_json, capabilities(&chromium, &profile))
        .with_context(|| format!("writing {}", webdriver_json.display()))?;

    let mut child = Command::new(std::env::current_exe().context("locating the xtask binary")?);
    child
        .arg("wasm-test-runner")
        .arg(wasm)
        .args(args)
        .env(CHILD_MARKER, "1")
        .env("CHROMEDRIVER", &chromedriver);
    if std::env::var_os("WASM_BINDGEN_TEST_WEBDRIVER_JSON").is_none() {
        child.env("WASM_BINDGEN_TEST_WEBDRIVER_JSON", &webdriver_json);
    }
    if MODE_VARS.iter().all(|var| std::env::var_os(var).is_none()) {
        child.env("WASM_BINDGEN_USE_BROWSER", "1");
    }
    let status = child.status().context("starting the embedded test runner");
    if let Err(err) = std::fs::remove_dir_all(&run_dir) {
        eprintln!(
            "xtask: warning: could not remove {}: {err}",
            run_dir.display()
        );
    }
    Ok(if status?.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Runs wasm-bindgen's test runner in this process.
fn run_embedded(wasm: &Path, args: &[OsString]) -> ExitCode {
    let argv = std::iter::once(OsStr::new("wasm-bindgen-test-runner"))
        .chain(std::iter::once(wasm.as_os_str()))
        .chain(args.iter().map(OsString::as_os_str));
    match wasm_bindgen_cli::wasm_bindgen_test_runner::run_cli_with_args(argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// The WebDriver capabilities: Chromium's binary, the mandatory flags and a fresh profile.
fn capabilities(chromium: &Path, profile: &Path) -> String {
    let mut args: Vec<String> = browser::CHROMIUM_FLAGS
        .iter()
        .map(|f| (*f).to_owned())
        .collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": args,
        }
    })
    .to_string()
}
