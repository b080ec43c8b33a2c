//! A private PostgreSQL server on loopback: `initdb` (when its data directory is new), `pg_ctl
//! start`, `pg_ctl stop`. PostgreSQL refuses to run as root, so when the xtask runs as root
//! every server command runs as the `postgres` user (`runuser -u postgres --`) on a data
//! directory owned by that user.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::Port;
use crate::cmd;

/// The user that runs the server when the xtask runs as root (Debian's package creates it).
const SERVICE_USER: &str = "postgres";
/// The superuser created by `initdb` (trusted on loopback: no password).
const SUPERUSER: &str = "postgres";
/// Start attempts: a port found free may be taken before the server binds it.
const ATTEMPTS: u32 = 3;
/// The longest Unix socket path (`sun_path` is 108 bytes with the terminating zero).
const MAX_SOCKET_PATH: usize = 107;

/// How to run a PostgreSQL server.
#[derive(Debug, Clone)]
pub struct PostgresConfig {
    /// The directory of `initdb`, `pg_ctl` and `psql`.
    pub bin: PathBuf,
    /// The data directory: created (with `initdb`) when it is missing or empty, reused otherwise.
    pub dir: PathBuf,
    /// The TCP port on 127.0.0.1.
    pub port: Port,
    /// Speed over durability (tests only): no fsync, no synchronous commit, no full-page writes.
    pub fast: bool,
    /// Remove the data directory once the server has stopped.
    pub remove_on_stop: bool,
}

/// A running PostgreSQL server, stopped (`pg_ctl stop`) by [`Postgres::stop`] or when
/// dropped.
#[derive(Debug)]
pub struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_service_user: bool,
    remove_on_stop: bool,
    running: bool,
}

impl Postgres {
    /// Starts the server described by `config` and waits until it accepts connections.
    pub fn start(config: &PostgresConfig) -> Result<Postgres> {
        let started = Instant::now();
        let dir = std::path::absolute(&config.dir).unwrap_or_else(|_| config.dir.clone());
        let as_service_user = cmd::is_root();
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        if as_service_user {
            hand_over(&dir)?;
        }
        let bin = matching_bin(&config.bin, &dir)?;
        let mut server = Postgres {
            bin,
            dir,
            port: 0,
            as_service_user,
            remove_on_stop: config.remove_on_stop,
            running: false,
        };
        if server.dir.join("PG_VERSION").is_file() {
            // A server left running by an xtask that was killed holds the directory: stop it.
            stop_stale(&server.bin, &server.dir);
        } else {
            server.initdb(config.fast)?;
        }
        let mut port = config.port.pick()?;
        let mut attempt = 1;
        loop {
            match server.pg_ctl_start(port, config.fast) {
                Ok(()) => break,
                Err(err) if attempt < ATTEMPTS => {
                    println!("xtask: PostgreSQL did not start on port {port}; trying another port");
                    log_detail(&err);
                    port = Port::Free.pick()?;
                    attempt += 1;
                }
                Err(err) => return Err(err),
            }
        }
        server.port = port;
        server.running = true;
        println!(
            "xtask: PostgreSQL {} on 127.0.0.1:{port} (data {}, log {}; started in {:.1} s)",
            version(&server.bin).unwrap_or_default(),
            server.dir.display(),
            server.log().display(),
            started.elapsed().as_secs_f64()
        );
        Ok(server)
    }

    /// The directory of the PostgreSQL binaries this server runs with.
    pub fn bin(&self) -> &Path {
        &self.bin
    }

    /// The URL of `database` as the superuser, e.g. `postgres://postgres@127.0.0.1:5432/asean`.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{database}", self.port)
    }

    /// Creates `database` unless it exists; returns whether it was created.
    pub fn create_database(&self, database: &str) -> Result<bool> {
        let query = format!("SELECT 1 FROM pg_database WHERE datname = '{database}'");
        let out = self.psql(&["-d", "postgres", "-tAc", &query])?;
        if out.trim() == "1" {
            return Ok(false);
        }
        let create = format!("CREATE DATABASE \"{database}\"");
        self.psql(&["-d", "postgres", "-c", &create])?;
        Ok(true)
    }

    /// Runs `psql` against this server (over TCP, as the superuser) and returns its stdout.
    fn psql(&self, args: &[&str]) -> Result<String> {
        let port = self.port.to_string();
        let out = Command::new(self.bin.join("psql"))
            .args(["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1"])
            .args(["-p", &port, "-U", SUPERUSER])
            .args(args)
            .stdin(Stdio::null())
            .output()
            .context("running psql")?;
        if !out.status.success() {
            bail!("psql {args:?} failed: {}", output_text(&out));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Stops the server (`pg_ctl stop -m fast`, then `-m immediate` if that fails; at once
    /// with `-m immediate` when its data is to be removed) and removes its data directory if
    /// asked to (also after a failed start). Does nothing the second time.
    pub fn stop(&mut self) -> Result<()> {
        let started = Instant::now();
        let was_running = std::mem::take(&mut self.running);
        if was_running && self.remove_on_stop {
            // Its data is thrown away: no shutdown checkpoint needed.
            self.pg_ctl(&["stop", "-m", "immediate", "-w", "-t", "30"])
                .context("stopping PostgreSQL")?;
        } else if was_running {
            let fast = self.pg_ctl(&["stop", "-m", "fast", "-w", "-t", "30"]);
            if let Err(err) = fast {
                println!("xtask: PostgreSQL did not stop in fast mode; stopping it immediately");
                log_detail(&err);
                self.pg_ctl(&["stop", "-m", "immediate", "-w", "-t", "30"])
                    .context("stopping PostgreSQL")?;
            }
        } else if self.remove_on_stop {
            // After a failed start: make sure nothing runs on the directory about to go.
            stop_stale(&self.bin, &self.dir);
        }
        if std::mem::take(&mut self.remove_on_stop) && self.dir.exists() {
            std::fs::remove_dir_all(&self.dir)
                .with_context(|| format!("removing {}", self.dir.display()))?;
        }
        if was_running {
            println!(
                "xtask: PostgreSQL on 127.0.0.1:{} stopped ({:.1} s)",
                self.port,
                started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }

    fn log(&self) -> PathBuf {
        self.dir.join("server.log")
    }

    /// `initdb`: a cluster with a trusted superuser `postgres`, UTF-8, locale C.
    fn initdb(&self, fast: bool) -> Result<()> {
        let mut initdb = tool(&self.bin, "initdb", self.as_service_user, &self.dir);
        initdb.arg("-D").arg(&self.dir).args([
            "-A",
            "trust",
            "-U",
            SUPERUSER,
            "-E",
            "UTF8",
            "--locale=C",
        ]);
        if fast {
            initdb.arg("--no-sync");
        }
        run_quiet(&mut initdb, "initdb")
    }

    /// `pg_ctl start` on `port`, waiting until the server accepts connections.
    fn pg_ctl_start(&self, port: u16, fast: bool) -> Result<()> {
        let mut options = format!("-p {port} -c listen_addresses=127.0.0.1");
        // The socket lives in the data directory; a path too long for a socket means TCP only.
        let socket = self.dir.join(format!(".s.PGSQL.{port}"));
        if socket.as_os_str().len() <= MAX_SOCKET_PATH {
            let _ = write!(options, " -k {}", shell_quote(&self.dir.to_string_lossy()));
        } else {
            options.push_str(" -k ''");
        }
        if fast {
            options.push_str(
                " -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
                 -c max_connections=300",
            );
        }
        let log = self.log();
        let log = log.to_string_lossy();
        let result = self.pg_ctl(&["start", "-w", "-t", "30", "-l", &log, "-o", &options]);
        result.map_err(|err| {
            let tail = log_tail(&self.log(), 15);
            err.context(format!("PostgreSQL did not start; end of its log:\n{tail}"))
        })
    }

    fn pg_ctl(&self, args: &[&str]) -> Result<()> {
        let mut pg_ctl = tool(&self.bin, "pg_ctl", self.as_service_user, &self.dir);
        pg_ctl.arg("-D").arg(&self.dir).args(args);
        run_quiet(&mut pg_ctl, "pg_ctl")
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Err(err) = self.stop() {
            eprintln!("xtask: warning: {err:#}");
        }
    }
}

/// Stops a server left running in `dir` (by an xtask that was killed), if any.
pub(super) fn stop_stale(bin: &Path, dir: &Path) {
    if !dir.join("postmaster.pid").is_file() {
        return;
    }
    let as_service_user = cmd::is_root();
    // `pg_ctl status` exits with 0 only when a server runs on this directory.
    let running = tool(bin, "pg_ctl", as_service_user, dir)
        .arg("status")
        .arg("-D")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if running {
        println!(
            "xtask: stopping a PostgreSQL left running in {}",
            dir.display()
        );
        let mut stop = tool(bin, "pg_ctl", as_service_user, dir);
        stop.arg("-D")
            .arg(dir)
            .args(["stop", "-m", "fast", "-w", "-t", "30"]);
        if let Err(err) = run_quiet(&mut stop, "pg_ctl stop") {
            println!("xtask: warning: {err:#}");
        }
    }
}

/// A PostgreSQL program, run as the service user when `as_service_user`, in `dir` (a directory
/// that user may enter).
fn tool(bin: &Path, program: &str, as_service_user: bool, dir: &Path) -> Command {
    let path = bin.join(program);
    let mut command = if as_service_user {
        let mut runuser = Command::new("runuser");
        runuser.args(["-u", SERVICE_USER, "--"]).arg(path);
        runuser
    } else {
        Command::new(path)
    };
    command.current_dir(dir).stdin(Stdio::null());
    command
}

/// Gives `dir` to the service user and checks that this user can reach it (every parent
/// directory must let others through).
fn hand_over(dir: &Path) -> Result<()> {
    let user = format!("{SERVICE_USER}:{SERVICE_USER}");
    let mut chown = Command::new("chown");
    chown.arg("-R").arg(&user).arg(dir);
    run_quiet(&mut chown, "chown").with_context(|| {
        format!(
            "giving {} to the `{SERVICE_USER}` user (PostgreSQL refuses to run as root; \
             Debian's `postgresql` package creates that user)",
            dir.display()
        )
    })?;
    if !service_user_may(&["-w"], dir) {
        bail!(
            "the `{SERVICE_USER}` user cannot write to {}: a parent directory keeps others out \
             (chmod o+x on each parent, or set CARGO_TARGET_DIR elsewhere)",
            dir.display()
        );
    }
    Ok(())
}

/// Whether the server may live under `dir`: always when the xtask is not root, else when the
/// service user can enter `dir` (every parent directory lets others through).
pub(super) fn may_live_under(dir: &Path) -> bool {
    !cmd::is_root() || service_user_may(&["-x"], dir)
}

/// Whether `test <check> <dir>` succeeds for the service user.
fn service_user_may(check: &[&str], dir: &Path) -> bool {
    Command::new("runuser")
        .args(["-u", SERVICE_USER, "--", "test"])
        .args(check)
        .arg(dir)
        .stdin(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The binaries for the data directory `dir`: `bin` itself, unless `dir` was made by another
/// major version that Debian has installed beside it.
fn matching_bin(bin: &Path, dir: &Path) -> Result<PathBuf> {
    let Ok(data) = std::fs::read_to_string(dir.join("PG_VERSION")) else {
        return Ok(bin.to_path_buf());
    };
    let data = data.trim();
    let Some(ours) = version(bin) else {
        return Ok(bin.to_path_buf());
    };
    if ours.split('.').next() == Some(data) {
        return Ok(bin.to_path_buf());
    }
    let debian = PathBuf::from(format!("/usr/lib/postgresql/{data}/bin"));
    if debian.join("pg_ctl").is_file() {
        return Ok(debian);
    }
    bail!(
        "{} holds a PostgreSQL {data} cluster, but the installed PostgreSQL is {ours}: remove \
         that directory (its data is lost) or install postgresql-{data}",
        dir.display()
    )
}

/// The version of the PostgreSQL in `bin`, e.g. `15.8` (from `pg_ctl --version`).
fn version(bin: &Path) -> Option<String> {
    let text = cmd::output(Command::new(bin.join("pg_ctl")).arg("--version"))?;
    // "pg_ctl (PostgreSQL) 15.8 (Debian 15.8-0+deb12u1)"
    let after = text.split(')').nth(1)?;
    after.split_whitespace().next().map(str::to_owned)
}

/// Runs `command` with its output captured; fails with that output unless it succeeds.
fn run_quiet(command: &mut Command, what: &str) -> Result<()> {
    let out = command
        .output()
        .with_context(|| format!("could not start {what} ({command:?})"))?;
    if !out.status.success() {
        bail!("{what} failed ({}): {}", out.status, output_text(&out));
    }
    Ok(())
}

/// A command's stderr and stdout, trimmed, for an error message.
fn output_text(out: &Output) -> String {
    let mut text = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !stdout.trim().is_empty() {
        text.push('\n');
        text.push_str(stdout.trim());
    }
    text
}

/// The last `lines` lines of the file at `path` (or a note that it cannot be read).
fn log_tail(path: &Path, lines: usize) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let all: Vec<&str> = text.lines().collect();
            all[all.len().saturating_sub(lines)..].join("\n")
        }
        Err(err) => format!("({}: {err})", path.display()),
    }
}

/// Prints the detail of a failure that is retried.
fn log_detail(err: &anyhow::Error) {
    for line in format!("{err:#}").lines() {
        println!("xtask:   {line}");
    }
}

/// `text` quoted for the shell that `pg_ctl -o` goes through.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_for_the_shell() {
        assert_eq!(shell_quote("/a b/c"), "'/a b/c'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }
}
