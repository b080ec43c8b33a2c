//! The servers of the several-node setup, PostgreSQL (the shared store) and Redis (the bus
//! between nodes): finding their binaries, what to install on a fresh machine, choosing ports,
//! and private instances on loopback. `cargo xtask test` starts one of each per run under
//! `target/services/<name>-<pid>/` (see [`TestServices`]); `cargo xtask cluster` starts the
//! same [`Postgres`] and [`Redis`] with persistent data.

mod postgres;
mod redis;

use std::ffi::OsString;
use std::net::{Ipv4Addr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};

pub use postgres::{Postgres, PostgresConfig};
pub use redis::{Redis, RedisConfig};

use crate::{browser, cmd, install, signals};

/// The binaries of PostgreSQL and Redis.
#[derive(Debug, Clone)]
pub struct Binaries {
    /// The directory of `initdb`, `pg_ctl` and `psql` (the highest version installed).
    pub pg_bin: PathBuf,
    /// `redis-server`.
    pub redis_server: PathBuf,
    /// `redis-cli`.
    pub redis_cli: PathBuf,
}

/// What the several-node tests (and `cargo xtask cluster`) need from PostgreSQL: Debian's
/// `postgresql`, installed by [`install::ensure`] when missing.
pub const POSTGRES: install::Need = install::Need {
    why: "the several-node tests need PostgreSQL (initdb, pg_ctl)",
    packages: &["postgresql"],
    present: || pg_bin().is_some(),
    otherwise: "or point ASEAN_PG_BIN at a directory with initdb, pg_ctl and psql",
};

/// What the several-node tests (and `cargo xtask cluster`) need from Redis: Debian's
/// `redis-server` (which brings `redis-cli`), installed by [`install::ensure`] when missing.
pub const REDIS: install::Need = install::Need {
    why: "the several-node tests need Redis (redis-server, redis-cli)",
    packages: &["redis-server"],
    present: || redis_bins().is_some(),
    otherwise: "or point ASEAN_REDIS_SERVER at redis-server, with redis-cli beside it or on PATH",
};

/// Finds the binaries: `$ASEAN_PG_BIN`, else the highest `/usr/lib/postgresql/<version>/bin`,
/// else `pg_ctl` on `PATH`; `$ASEAN_REDIS_SERVER`, else `redis-server` on `PATH`, with
/// `redis-cli` beside it or on `PATH`.
pub fn binaries() -> Option<Binaries> {
    let pg_bin = pg_bin()?;
    let (redis_server, redis_cli) = redis_bins()?;
    Some(Binaries {
        pg_bin,
        redis_server,
        redis_cli,
    })
}

/// Installs PostgreSQL and Redis when missing (see [`POSTGRES`], [`REDIS`]) and returns their
/// binaries.
pub fn ensure_installed() -> Result<Binaries> {
    install::ensure(&[&POSTGRES, &REDIS])?;
    binaries().context("PostgreSQL or Redis not found")
}

fn redis_bins() -> Option<(PathBuf, PathBuf)> {
    let server = match std::env::var_os("ASEAN_REDIS_SERVER") {
        Some(path) => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        None => browser::which("redis-server"),
    }?;
    let cli = server
        .parent()
        .map(|dir| dir.join("redis-cli"))
        .filter(|p| p.is_file())
        .or_else(|| browser::which("redis-cli"))?;
    Some((server, cli))
}

fn pg_bin() -> Option<PathBuf> {
    let has_tools = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("ASEAN_PG_BIN") {
        return Some(PathBuf::from(dir)).filter(|dir| has_tools(dir));
    }
    let debian = std::fs::read_dir("/usr/lib/postgresql")
        .ok()
        .and_then(|entries| {
            entries
                .filter_map(|entry| {
                    let entry = entry.ok()?;
                    let version = parse_version(&entry.file_name().to_string_lossy())?;
                    Some((version, entry.path().join("bin")))
                })
                .filter(|(_, bin)| has_tools(bin))
                .max()
                .map(|(_, bin)| bin)
        });
    debian.or_else(|| {
        browser::which("pg_ctl")
            .and_then(|pg_ctl| pg_ctl.parent().map(Path::to_path_buf))
            .filter(|dir| has_tools(dir))
    })
}

/// `"15"` -> `[15]`, `"9.6"` -> `[9, 6]`; `None` for names that are not versions.
fn parse_version(name: &str) -> Option<Vec<u32>> {
    name.split('.').map(|part| part.parse().ok()).collect()
}

/// Which TCP port a server listens on (always on 127.0.0.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Port {
    /// Any free port.
    Free,
    /// This port if it is free, else any free port.
    Prefer(u16),
}

impl Port {
    /// A port that is free now: the preferred one if it can be bound, else one the system
    /// picks (bound on 127.0.0.1:0 and released).
    pub fn pick(self) -> Result<u16> {
        if let Port::Prefer(port) = self {
            if TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok() {
                return Ok(port);
            }
            println!("xtask: port {port} is taken; using a free one");
        }
        let listener =
            TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("finding a free port")?;
        Ok(listener.local_addr().context("finding a free port")?.port())
    }
}

/// Private PostgreSQL and Redis servers for one test run, on free loopback ports, with their
/// data under `target/services/<name>-<pid>/`; stopped and removed when dropped (also when the
/// tests fail or the xtask errors).
#[derive(Debug)]
pub struct TestServices {
    binaries: Binaries,
    postgres: Postgres,
    redis: Redis,
}

impl TestServices {
    /// Starts both servers after stopping and removing any left by earlier runs that were
    /// killed: for tests (`fast`: speed over durability) or benchmarks (durable, as in
    /// production).
    pub fn start(binaries: Binaries, fast: bool) -> Result<TestServices> {
        let root = test_root()?;
        sweep(&root, &binaries);
        let pid = std::process::id();
        let postgres = Postgres::start(&PostgresConfig {
            bin: binaries.pg_bin.clone(),
            dir: root.join(format!("postgres-{pid}")),
            port: Port::Free,
            fast,
            remove_on_stop: true,
        })?;
        let redis = Redis::start(&RedisConfig {
            server: binaries.redis_server.clone(),
            cli: binaries.redis_cli.clone(),
            dir: root.join(format!("redis-{pid}")),
            port: Port::Free,
            remove_on_stop: true,
        })?;
        Ok(TestServices {
            binaries,
            postgres,
            redis,
        })
    }

    /// The environment the tests find the servers in.
    pub fn env(&self) -> Vec<(&'static str, OsString)> {
        vec![
            ("ASEAN_TEST_POSTGRES", self.postgres.url("postgres").into()),
            ("ASEAN_TEST_REDIS", self.redis.url().into()),
            (
                "ASEAN_REDIS_SERVER",
                self.binaries.redis_server.clone().into(),
            ),
            ("ASEAN_PG_BIN", self.postgres.bin().to_path_buf().into()),
        ]
    }

    /// Sets [`TestServices::env`] on `command`.
    pub fn apply(&self, command: &mut Command) {
        command.envs(self.env());
    }

    /// Stops both servers and removes their data; reports the first failure.
    pub fn stop(mut self) -> Result<()> {
        let redis = self.redis.stop();
        let postgres = self.postgres.stop();
        redis.and(postgres)
    }
}

/// Where the test servers live: `target/services/`, unless PostgreSQL's user cannot enter it
/// (a checkout under a private directory such as `/root`, with the xtask run as root): then
/// `services/` in the system's temporary directory.
fn test_root() -> Result<PathBuf> {
    let root = cmd::target_dir().join("services");
    std::fs::create_dir_all(&root).with_context(|| format!("creating {}", root.display()))?;
    if postgres::may_live_under(&root) {
        return Ok(root);
    }
    let fallback = std::env::temp_dir().join("asean-xtask-services");
    println!(
        "xtask: the `postgres` user cannot enter {}; the test servers live in {}",
        root.display(),
        fallback.display()
    );
    std::fs::create_dir_all(&fallback)
        .with_context(|| format!("creating {}", fallback.display()))?;
    Ok(fallback)
}

/// Stops and removes what runs in `root/<name>-<pid>/` for runs whose process is gone (an
/// xtask that was killed, so its guards never ran). Directories of live runs are left alone.
fn sweep(root: &Path, binaries: &Binaries) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some((kind, pid)) = name.rsplit_once('-') else {
            continue;
        };
        let Ok(pid) = pid.parse::<i32>() else {
            continue;
        };
        if signals::alive(pid) {
            continue;
        }
        let dir = entry.path();
        match kind {
            "postgres" => postgres::stop_stale(&binaries.pg_bin, &dir),
            "redis" => redis::stop_stale(&dir),
            _ => continue,
        }
        if let Err(err) = std::fs::remove_dir_all(&dir) {
            println!("xtask: warning: could not remove {}: {err}", dir.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_postgres_versions() {
        assert_eq!(parse_version("15"), Some(vec![15]));
        assert_eq!(parse_version("9.6"), Some(vec![9, 6]));
        assert_eq!(parse_version("main"), None);
        assert!(parse_version("9.6") < parse_version("15"));
    }

    #[test]
    fn picks_free_ports() {
        let port = Port::Free.pick().expect("a free port");
        assert_ne!(port, 0);
        let taken = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bind");
        let taken_port = taken.local_addr().expect("addr").port();
        assert_ne!(Port::Prefer(taken_port).pick().expect("a port"), taken_port);
    }
}
