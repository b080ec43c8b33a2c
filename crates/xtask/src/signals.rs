//! Signals: catching Ctrl-C (and SIGTERM, SIGHUP) so the xtask can stop what it started before
//! it exits, and ending the processes it started, by their id.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rustix::process::{Pid, Signal, kill_process, test_kill_process};

/// Set once SIGINT, SIGTERM or SIGHUP has arrived.
#[derive(Debug, Clone)]
pub struct Interrupted(Arc<AtomicBool>);

impl Interrupted {
    /// Whether a signal has arrived.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// From now on, SIGINT, SIGTERM and SIGHUP no longer end the xtask: they set the returned
/// flag, and the caller stops what it started. A second signal ends the xtask at once (exit
/// status 130), for a stop that hangs.
pub fn catch() -> Result<Interrupted> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        // The shutdown must be registered first: it only fires when the flag was already set.
        signal_hook::flag::register_conditional_shutdown(signal, 130, Arc::clone(&flag))
            .context("catching signals")?;
        signal_hook::flag::register(signal, Arc::clone(&flag)).context("catching signals")?;
    }
    Ok(Interrupted(flag))
}

/// Whether process `pid` exists and is not a zombie (an exited daemon that nobody has reaped
/// yet counts as gone).
pub fn alive(pid: i32) -> bool {
    let exists = Pid::from_raw(pid).is_some_and(|pid| test_kill_process(pid).is_ok());
    exists && !zombie(pid)
}

/// Whether `/proc` says `pid` is a zombie (state `Z` after the command's closing parenthesis).
fn zombie(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'))
    })
}

/// Sends SIGTERM to `pid`; returns whether it was sent.
pub fn terminate(pid: i32) -> bool {
    send(pid, Signal::TERM)
}

/// Sends SIGKILL to `pid`; returns whether it was sent.
pub fn kill(pid: i32) -> bool {
    send(pid, Signal::KILL)
}

fn send(pid: i32, signal: Signal) -> bool {
    Pid::from_raw(pid).is_some_and(|pid| kill_process(pid, signal).is_ok())
}

/// Waits up to `limit` for `pid` to be gone (a process that is not our child: a daemon);
/// returns whether it is gone.
pub fn wait_gone(pid: i32, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    while alive(pid) {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}
