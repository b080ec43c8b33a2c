//! Installing the Debian packages a command needs when they are missing: with apt-get when
//! running as root (one `apt-get update`, then one `apt-get install -y`), otherwise failing with
//! the exact packages to install.

use std::process::{Command, Stdio};

use anyhow::{Result, bail};

use crate::cmd;

/// Something a command needs from the system, and the Debian packages that provide it.
#[derive(Debug)]
pub struct Need {
    /// What it is for and what it is, e.g. "the browser tests need Chromium and chromedriver".
    pub why: &'static str,
    /// The Debian packages that provide it.
    pub packages: &'static [&'static str],
    /// Whether it is present now.
    pub present: fn() -> bool,
    /// How to do without installing, e.g. "or point X at ..." (the variables that name binaries).
    pub otherwise: &'static str,
}

/// Makes sure every need is met: installs the packages of the missing ones with apt-get when
/// running as root, otherwise fails saying exactly which packages to install.
pub fn ensure(needs: &[&Need]) -> Result<()> {
    let missing: Vec<&Need> = needs
        .iter()
        .copied()
        .filter(|need| !(need.present)())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let packages: Vec<&str> = missing
        .iter()
        .flat_map(|need| need.packages.iter().copied())
        .collect();
    let list = packages.join(" ");
    if !cmd::is_root() {
        let mut message = String::from("missing packages:");
        for need in &missing {
            message.push_str(&format!("\n  - {}; {}", need.why, need.otherwise));
        }
        message.push_str(&format!(
            "\nInstall them with:  sudo apt-get update && sudo apt-get install -y {list}"
        ));
        bail!(message);
    }
    for need in &missing {
        println!("xtask: {} (packages {})", need.why, need.packages.join(" "));
    }
    println!("xtask: installing {list} with apt-get");
    cmd::run(apt().arg("update"), "apt-get update")?;
    cmd::run(
        apt().args(["install", "-y"]).args(&packages),
        "apt-get install",
    )?;
    let still: Vec<&str> = missing
        .iter()
        .filter(|need| !(need.present)())
        .map(|need| need.why)
        .collect();
    if !still.is_empty() {
        bail!(
            "apt-get installed {list}, but some are still not found: {}",
            still.join("; ")
        );
    }
    Ok(())
}

/// A non-interactive `apt-get`.
fn apt() -> Command {
    let mut command = Command::new("apt-get");
    command
        .env("DEBIAN_FRONTEND", "noninteractive")
        .stdin(Stdio::null());
    command
}
