//! The Python client the API tests run: `berserk` (lichess's Python client, from PyPI through
//! pip, version [`BERSERK`]) in a venv under the target directory ([`venv_dir`]), made once and
//! reused (a marker file names the version installed, so a later run checks one file).
//!
//! The venv needs `python3 -m venv` (Debian's `python3-venv`, installed when missing and
//! running as root: [`VENV`]). When it cannot be made (no Python, no venv module, no network
//! to PyPI), the xtask says why and the tests that need it skip themselves: they find no
//! `ASEAN_TEST_PYTHON` ([`PYTHON_VAR`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use crate::{cmd, install};

/// The berserk release the tests pin.
pub const BERSERK: &str = "0.14.0";

/// The environment variable that gives the tests the venv's python.
pub const PYTHON_VAR: &str = "ASEAN_TEST_PYTHON";

/// What the berserk tests need: a python3 that can make a venv (`ensurepip`, Debian's
/// `python3-venv`).
pub const VENV: install::Need = install::Need {
    why: "the berserk tests need python3 with its venv module",
    packages: &["python3-venv"],
    present: can_make_venvs,
    otherwise: "or skip them (they are skipped when ASEAN_TEST_PYTHON is unset)",
};

/// Whether `python3 -m venv` can make a venv with pip (`ensurepip` is there).
fn can_make_venvs() -> bool {
    Command::new("python3")
        .args(["-c", "import ensurepip, venv"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Where the venv lives: `target/berserk-venv`.
pub fn venv_dir() -> PathBuf {
    cmd::target_dir().join("berserk-venv")
}

/// The venv's python, once berserk [`BERSERK`] is installed in it: at once when it is there
/// already, else after making the venv and installing berserk with pip.
///
/// # Errors
/// When python3, the venv or pip fails: the error says which step.
pub fn berserk_python() -> Result<PathBuf> {
    let dir = venv_dir();
    let python = dir.join("bin").join("python");
    let marker = dir.join(format!("berserk-{BERSERK}.installed"));
    if marker.is_file() && python.is_file() {
        return Ok(python);
    }
    if dir.exists() {
        // Half made, or another version: made again from nothing.
        std::fs::remove_dir_all(&dir).with_context(|| format!("removing {}", dir.display()))?;
    }
    if !can_make_venvs() {
        bail!("python3 cannot make a venv (no python3, or no ensurepip: Debian's python3-venv)");
    }
    println!(
        "xtask: installing berserk {BERSERK} from PyPI into {}",
        dir.display()
    );
    cmd::run(
        Command::new("python3").args(["-m", "venv"]).arg(&dir),
        "python3 -m venv",
    )?;
    cmd::run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-input",
            ])
            .arg(format!("berserk=={BERSERK}")),
        "pip install berserk",
    )?;
    check(&python)?;
    std::fs::write(&marker, BERSERK).with_context(|| format!("writing {}", marker.display()))?;
    Ok(python)
}

/// Fails unless `python` imports berserk [`BERSERK`].
fn check(python: &Path) -> Result<()> {
    let version = cmd::output(
        Command::new(python).args(["-c", "import berserk; print(berserk.__version__)"]),
    );
    match version {
        Some(v) if v == BERSERK => Ok(()),
        other => bail!("the venv's berserk is {other:?}, not {BERSERK}"),
    }
}

/// The environment of the tests that run berserk: [`PYTHON_VAR`] when the venv is ready;
/// otherwise nothing, after saying why those tests will skip.
pub fn test_env() -> Vec<(&'static str, PathBuf)> {
    if let Err(err) = install::ensure(&[&VENV]) {
        println!("xtask: warning: {err:#}\nxtask: the berserk tests will be skipped");
        return Vec::new();
    }
    match berserk_python() {
        Ok(python) => vec![(PYTHON_VAR, python)],
        Err(err) => {
            println!(
                "xtask: warning: berserk {BERSERK} is not installed ({err:#}): the berserk \
                 tests will be skipped"
            );
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Makes the venv (or finds it made): `cargo test -p xtask -- --ignored berserk`.
    /// Ignored by default: it needs PyPI the first time.
    #[test]
    #[ignore = "installs berserk from PyPI the first time"]
    fn berserk_is_installed_once_then_found() {
        let python = berserk_python().expect("berserk installed");
        check(&python).expect("berserk imports");
        let again = std::time::Instant::now();
        assert_eq!(berserk_python().expect("found"), python);
        println!("found again in {:?}", again.elapsed());
    }
}
