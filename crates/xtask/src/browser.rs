//! Headless Chromium and chromedriver: finding them, installing them on a fresh machine, and
//! the flags every browser started by this project must use.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Result, bail};

use crate::cmd;

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

/// The Debian packages that provide the browser and its WebDriver.
const APT_PACKAGES: &[&str] = &["chromium", "chromium-driver"];

/// The Chromium binary: `$ASEAN_CHROMIUM`, else `/usr/bin/chromium`, else `chromium` on `PATH`.
pub fn chromium() -> Option<PathBuf> {
    locate("ASEAN_CHROMIUM", "/usr/bin/chromium", "chromium")
}

/// The chromedriver binary: `$CHROMEDRIVER`, else `/usr/bin/chromedriver`, else on `PATH`.
pub fn chromedriver() -> Option<PathBuf> {
    locate("CHROMEDRIVER", "/usr/bin/chromedriver", "chromedriver")
}

fn locate(var: &str, default: &str, name: &str) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(var) {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    if Path::new(default).is_file() {
        return Some(default.into());
    }
    which(name)
}

/// Finds `name` on `PATH`.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Makes sure Chromium and chromedriver are installed: installs them with apt-get when running
/// as root, otherwise fails saying exactly what to install.
pub fn ensure_installed() -> Result<()> {
    if chromium().is_some() && chromedriver().is_some() {
        return Ok(());
    }
    let packages = APT_PACKAGES.join(" ");
    if !cmd::is_root() {
        bail!(
            "the browser tests need Chromium and chromedriver, which are missing.\n\
             Install them with:  sudo apt-get update && sudo apt-get install -y {packages}\n\
             (or point ASEAN_CHROMIUM and CHROMEDRIVER at existing binaries)"
        );
    }
    println!("xtask: installing {packages} with apt-get (needed by the browser tests)");
    cmd::run(
        Command::new("apt-get")
            .arg("update")
            .env("DEBIAN_FRONTEND", "noninteractive"),
        "apt-get update",
    )?;
    cmd::run(
        Command::new("apt-get")
            .args(["install", "-y"])
            .args(APT_PACKAGES)
            .env("DEBIAN_FRONTEND", "noninteractive"),
        "apt-get install",
    )?;
    if chromium().is_none() || chromedriver().is_none() {
        bail!("apt-get installed {packages}, but chromium or chromedriver is still not found");
    }
    Ok(())
}
