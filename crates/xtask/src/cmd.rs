//! Running child processes with clear errors.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The workspace root (two levels above this crate's manifest).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map(PathBuf::from)
        .unwrap_or(manifest)
}

/// Cargo's target directory (`$CARGO_TARGET_DIR` or `<workspace>/target`), absolute.
pub fn target_dir() -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"));
    std::path::absolute(&dir).unwrap_or(dir)
}

/// A `cargo` command using the same cargo that runs the xtask (`$CARGO`), rooted at the
/// workspace.
pub fn cargo() -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(program);
    command.current_dir(workspace_root());
    command
}

/// Runs `command` to completion with inherited stdio; fails unless it exits successfully.
pub fn run(command: &mut Command, what: &str) -> Result<()> {
    let status = command
        .status()
        .with_context(|| format!("could not start {what} ({command:?})"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// Runs `command` and returns its trimmed stdout, or `None` if it cannot be started or fails.
pub fn output(command: &mut Command) -> Option<String> {
    let out = command.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Whether this process runs as root (Unix; `false` elsewhere or when `id` is missing).
pub fn is_root() -> bool {
    output(Command::new("id").arg("-u")).is_some_and(|uid| uid == "0")
}
