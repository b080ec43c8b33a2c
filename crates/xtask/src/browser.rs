//! Headless Chromium and chromedriver: finding them, what to install on a fresh machine, and
//! the flags every browser started by this project must use.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::install;

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

/// What the browser tests need: Chromium and chromedriver (Debian's `chromium` and
/// `chromium-driver`), installed by [`install::ensure`] when missing.
pub const NEED: install::Need = install::Need {
    why: "the browser tests need Chromium and chromedriver",
    packages: &["chromium", "chromium-driver"],
    present: || chromium().is_some() && chromedriver().is_some(),
    otherwise: "or point ASEAN_CHROMIUM and CHROMEDRIVER at existing binaries",
};

/// What the Thai screenshots need: a font with Thai letters (Debian's `fonts-thai-tlwg`; a
/// bare Debian has none, and Chromium then draws boxes). Found through fontconfig's
/// `fc-list :lang=th`.
pub const THAI_FONTS: install::Need = install::Need {
    why: "the Thai pages need a Thai font for Chromium to draw",
    packages: &["fonts-thai-tlwg"],
    present: || {
        Command::new("fc-list")
            .arg(":lang=th")
            .output()
            .is_ok_and(|out| out.status.success() && !out.stdout.is_empty())
    },
    otherwise: "or install any font with Thai letters that fontconfig lists",
};
