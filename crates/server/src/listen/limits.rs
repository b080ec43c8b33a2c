//! What a client may hold: the caps on connections and the timeouts ([`Limits`]), fitted to
//! the process's open-file limit.

use std::io;
use std::time::Duration;

/// Open files kept free of connections by [`Limits::for_this_machine`]: the listener, the
/// database, static files being served, logs, and the refusals being written
/// ([`REFUSALS_IN_FLIGHT`](super::REFUSALS_IN_FLIGHT)).
pub const FD_RESERVE: u64 = 64;

/// Connections allowed per peer address by [`Limits::for_this_machine`].
pub const DEFAULT_MAX_PER_ADDRESS: usize = 256;

/// Connections allowed in total by [`Limits::for_this_machine`] when the open-file limit is
/// unlimited.
pub const UNLIMITED_MAX_CONNECTIONS: usize = 1 << 20;

/// Open connections of the monitoring listener at most ([`Limits::for_admin`]).
pub const ADMIN_MAX_CONNECTIONS: usize = 64;

/// The smallest open-connection cap [`Limits::for_open_file_limit`] picks, however low the
/// open-file limit.
pub(super) const MIN_CONNECTIONS: u64 = 16;

/// What a client may hold, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Open TCP connections in all (HTTP connections and upgraded WebSockets); at least 1.
    pub max_connections: usize,
    /// Open TCP connections per peer address; at least 1. IPv4 addresses (and IPv4-mapped
    /// IPv6 ones) count one by one; IPv6 addresses count by their `/64` prefix, the usual
    /// share of one household or host.
    pub max_per_address: usize,
    /// Time from `accept` until the head of the first request has been read; a connection
    /// without one by then is closed (and counted as `header_timeout`). Non-zero.
    pub header_read_timeout: Duration,
    /// The header timeout while the listener is under pressure (from
    /// [`PRESSURE_ON_PERCENT`](super::PRESSURE_ON_PERCENT) of
    /// [`Limits::max_connections`] open until
    /// [`PRESSURE_OFF_PERCENT`](super::PRESSURE_OFF_PERCENT)): connections without a complete
    /// request head by then, counted from `accept` (those open longer at once), are closed and
    /// counted as `header_timeout`. Used only if shorter than
    /// [`Limits::header_read_timeout`]. Non-zero.
    pub pressure_header_timeout: Duration,
    /// Time from `accept` until the first request has been answered (its handler returned
    /// a response, e.g. `101 Switching Protocols`): covers a slow request body and a slow
    /// upgrade. A connection not answered by then is dropped (and counted as
    /// `handshake_timeout`, or `header_timeout` if the head never came). Non-zero.
    pub handshake_deadline: Duration,
    /// Time a keep-alive connection with no request in flight (the last response fully
    /// handed to the socket) may wait for the head of its next request before it is closed.
    /// Not counted as a refusal. Non-zero.
    pub idle_timeout: Duration,
    /// On shutdown, how long the requests in flight may take to finish before their
    /// connections are dropped.
    pub shutdown_grace: Duration,
}

impl Limits {
    /// Limits fit for this process: [`Limits::for_open_file_limit`] of its current (soft)
    /// open-file limit, `RLIMIT_NOFILE`. Call [`raise_open_file_limit`] first to make the most
    /// of the hard limit.
    pub fn for_this_machine() -> Limits {
        Limits::for_open_file_limit(open_file_limit())
    }

    /// Limits for a process that may open `nofile` files (`None`: no limit): at most
    /// `nofile - `[`FD_RESERVE`] connections (never fewer than 16;
    /// [`UNLIMITED_MAX_CONNECTIONS`] without a limit), [`DEFAULT_MAX_PER_ADDRESS`] per
    /// address (or the total cap if smaller), a 10 s header timeout (2 s under pressure), a
    /// 15 s handshake deadline, a 30 s keep-alive idle timeout and 5 s to finish on shutdown.
    pub fn for_open_file_limit(nofile: Option<u64>) -> Limits {
        let max_connections = match nofile {
            Some(files) => usize::try_from(files.saturating_sub(FD_RESERVE).max(MIN_CONNECTIONS))
                .unwrap_or(usize::MAX),
            None => UNLIMITED_MAX_CONNECTIONS,
        };
        Limits {
            max_connections,
            max_per_address: DEFAULT_MAX_PER_ADDRESS.min(max_connections),
            header_read_timeout: Duration::from_secs(10),
            pressure_header_timeout: Duration::from_secs(2),
            handshake_deadline: Duration::from_secs(15),
            idle_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(5),
        }
    }

    /// Limits for the monitoring listener (`--admin-addr`: `/healthz` and `/metrics` only),
    /// which must stay reachable and cheap whatever the main port goes through:
    /// [`ADMIN_MAX_CONNECTIONS`] in all and from one address, 5 s for a request head (1 s
    /// under pressure), 10 s to answer, 30 s idle between scrapes, 1 s to finish on shutdown.
    pub fn for_admin() -> Limits {
        Limits {
            max_connections: ADMIN_MAX_CONNECTIONS,
            max_per_address: ADMIN_MAX_CONNECTIONS,
            header_read_timeout: Duration::from_secs(5),
            pressure_header_timeout: Duration::from_secs(1),
            handshake_deadline: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(1),
        }
    }

    /// Checks the limits can be served.
    ///
    /// # Errors
    /// `InvalidInput` when a cap is 0 or a timeout is zero.
    pub(super) fn check(&self) -> io::Result<()> {
        let problem = if self.max_connections == 0 {
            "max_connections must be at least 1"
        } else if self.max_per_address == 0 {
            "max_per_address must be at least 1"
        } else if self.header_read_timeout.is_zero() {
            "header_read_timeout must not be zero"
        } else if self.pressure_header_timeout.is_zero() {
            "pressure_header_timeout must not be zero"
        } else if self.handshake_deadline.is_zero() {
            "handshake_deadline must not be zero"
        } else if self.idle_timeout.is_zero() {
            "idle_timeout must not be zero"
        } else {
            return Ok(());
        };
        Err(io::Error::new(io::ErrorKind::InvalidInput, problem))
    }
}

/// This process's current (soft) limit of open files, `None` when unlimited. Where it
/// cannot be read (not a Unix system), 1,024.
pub fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::Nofile).current
    }
    #[cfg(not(unix))]
    {
        Some(1024)
    }
}

/// Raises this process's soft open-file limit to its hard limit (many systems start
/// processes at 1,024 with a much higher hard limit). Returns the soft limit in force after
/// it (`None`: unlimited).
///
/// # Errors
/// The operating system's error if the limit cannot be changed; `Unsupported` on a system
/// other than Unix.
pub fn raise_open_file_limit() -> io::Result<Option<u64>> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let limit = getrlimit(Resource::Nofile);
        if limit.current != limit.maximum {
            setrlimit(
                Resource::Nofile,
                Rlimit {
                    current: limit.maximum,
                    maximum: limit.maximum,
                },
            )?;
        }
        Ok(getrlimit(Resource::Nofile).current)
    }
    #[cfg(not(unix))]
    {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "open-file limits are only read on Unix",
        ))
    }
}
