//! A private Redis server on loopback: `redis-server --daemonize yes` with its own directory,
//! pid file and log, without persistence; ready when it answers `PING`; stopped with
//! `redis-cli shutdown nosave` (or, failing that, by its pid).

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use super::Port;
use crate::signals;

/// Start attempts: a port found free may be taken before the server binds it.
const ATTEMPTS: u32 = 3;
/// How long a started server may take to answer `PING`.
const READY_WITHIN: Duration = Duration::from_secs(10);
/// How long a server may take to exit once asked to.
const STOP_WITHIN: Duration = Duration::from_secs(10);

/// How to run a Redis server.
#[derive(Debug, Clone)]
pub struct RedisConfig {
    /// The `redis-server` binary.
    pub server: PathBuf,
    /// The `redis-cli` binary.
    pub cli: PathBuf,
    /// Its directory (working directory, pid file `pid`, log `log`); created when missing.
    pub dir: PathBuf,
    /// The TCP port on 127.0.0.1.
    pub port: Port,
    /// Remove the directory once the server has stopped.
    pub remove_on_stop: bool,
}

/// A running Redis server, stopped by [`Redis::stop`] or when dropped.
#[derive(Debug)]
pub struct Redis {
    cli: PathBuf,
    dir: PathBuf,
    port: u16,
    pid: Option<i32>,
    remove_on_stop: bool,
    running: bool,
}

impl Redis {
    /// Starts the server described by `config` and waits until it answers `PING`.
    pub fn start(config: &RedisConfig) -> Result<Redis> {
        let started = Instant::now();
        let dir = std::path::absolute(&config.dir).unwrap_or_else(|_| config.dir.clone());
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let mut redis = Redis {
            cli: config.cli.clone(),
            dir,
            port: 0,
            pid: None,
            remove_on_stop: config.remove_on_stop,
            running: false,
        };
        // A server left running by an xtask that was killed holds the directory: stop it.
        stop_stale(&redis.dir);
        let mut port = config.port.pick()?;
        let mut attempt = 1;
        loop {
            match redis.launch(&config.server, port) {
                Ok(()) => break,
                Err(err) if attempt < ATTEMPTS => {
                    println!("xtask: Redis did not start on port {port} ({err:#}); trying another");
                    port = Port::Free.pick()?;
                    attempt += 1;
                }
                Err(err) => return Err(err),
            }
        }
        redis.port = port;
        redis.pid = read_pid(&redis.dir);
        redis.running = true;
        println!(
            "xtask: Redis on 127.0.0.1:{port} (directory {}, log {}; started in {:.2} s)",
            redis.dir.display(),
            redis.dir.join("log").display(),
            started.elapsed().as_secs_f64()
        );
        Ok(redis)
    }

    /// The URL of the server, e.g. `redis://127.0.0.1:6379`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts `redis-server` on `port` and waits until it answers `PING` (or fails).
    fn launch(&self, server: &Path, port: u16) -> Result<()> {
        let log = self.dir.join("log");
        let log_start = std::fs::metadata(&log).map_or(0, |m| m.len());
        let status = Command::new(server)
            .arg("--port")
            .arg(port.to_string())
            .args(["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .args(["--daemonize", "yes"])
            .arg("--dir")
            .arg(&self.dir)
            .arg("--pidfile")
            .arg(self.dir.join("pid"))
            .arg("--logfile")
            .arg(&log)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .status()
            .with_context(|| format!("could not start {}", server.display()))?;
        if !status.success() {
            bail!(
                "redis-server failed ({status}); see {}",
                self.dir.join("log").display()
            );
        }
        // The daemon binds its port after detaching: its log tells a failure, PING success.
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            if ping(port) {
                return Ok(());
            }
            if let Some(line) = failure_in_log(&log, log_start) {
                bail!("{line}");
            }
            if Instant::now() >= deadline {
                bail!(
                    "no answer to PING within {} s; see {}",
                    READY_WITHIN.as_secs(),
                    log.display()
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Stops the server (`redis-cli shutdown nosave`; SIGTERM, then SIGKILL, to its pid if it
    /// does not go) and removes its directory if asked to (also after a failed start). Does
    /// nothing the second time.
    pub fn stop(&mut self) -> Result<()> {
        let was_running = std::mem::take(&mut self.running);
        if was_running {
            let started = Instant::now();
            // Whatever runs on our private port is ours (a test may have restarted it).
            let _ = Command::new(&self.cli)
                .args(["-h", "127.0.0.1", "-p", &self.port.to_string()])
                .args(["shutdown", "nosave"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            if let Some(pid) = self.pid {
                stop_pid(pid, self.port)?;
            }
            println!(
                "xtask: Redis on 127.0.0.1:{} stopped ({:.2} s)",
                self.port,
                started.elapsed().as_secs_f64()
            );
        } else {
            stop_stale(&self.dir);
        }
        if std::mem::take(&mut self.remove_on_stop) && self.dir.exists() {
            std::fs::remove_dir_all(&self.dir)
                .with_context(|| format!("removing {}", self.dir.display()))?;
        }
        Ok(())
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        if let Err(err) = self.stop() {
            eprintln!("xtask: warning: {err:#}");
        }
    }
}

/// Stops a server left running in `dir` (by an xtask that was killed), if its pid file names
/// a live `redis-server`.
pub(super) fn stop_stale(dir: &Path) {
    let Some(pid) = read_pid(dir) else {
        return;
    };
    if is_redis(pid) {
        println!(
            "xtask: stopping a Redis left running in {} (pid {pid})",
            dir.display()
        );
        signals::terminate(pid);
        if let Err(err) = stop_pid(pid, 0) {
            println!("xtask: warning: {err:#}");
        }
    }
}

/// Waits for the daemon `pid` to exit; sends it SIGTERM, then SIGKILL, if it does not.
fn stop_pid(pid: i32, port: u16) -> Result<()> {
    if signals::wait_gone(pid, STOP_WITHIN) || !is_redis(pid) {
        return Ok(());
    }
    signals::terminate(pid);
    if signals::wait_gone(pid, STOP_WITHIN) {
        return Ok(());
    }
    signals::kill(pid);
    if signals::wait_gone(pid, STOP_WITHIN) {
        return Ok(());
    }
    bail!("Redis (pid {pid}, port {port}) did not stop")
}

/// The pid in `dir/pid`, if any.
fn read_pid(dir: &Path) -> Option<i32> {
    std::fs::read_to_string(dir.join("pid"))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Whether `pid` is a live `redis-server` (so a pid reused by another process is left alone).
fn is_redis(pid: i32) -> bool {
    signals::alive(pid)
        && std::fs::read(format!("/proc/{pid}/cmdline"))
            .is_ok_and(|cmdline| String::from_utf8_lossy(&cmdline).contains("redis-server"))
}

/// Whether a Redis server on 127.0.0.1:`port` answers `PING` (what `redis-cli ping` does).
fn ping(port: u16) -> bool {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let Ok(mut stream) = TcpStream::connect_timeout(&addr, Duration::from_millis(200)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    if stream.write_all(b"PING\r\n").is_err() {
        return false;
    }
    let mut answer = [0u8; 7];
    stream.read_exact(&mut answer).is_ok() && &answer == b"+PONG\r\n"
}

/// The line of the log (from byte `from` on) that says the server gave up, if any.
fn failure_in_log(log: &Path, from: u64) -> Option<String> {
    let bytes = std::fs::read(log).ok()?;
    let start = usize::try_from(from).ok()?.min(bytes.len());
    let text = String::from_utf8_lossy(&bytes[start..]);
    text.lines()
        .find(|line| line.contains("aborting") || line.contains("Fatal error"))
        .map(|line| line.trim().to_owned())
}
