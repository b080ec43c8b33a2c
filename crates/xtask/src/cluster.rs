//! `cargo xtask cluster`: the several-node setup on one machine, for people. Builds the bundle
//! and the server (release), starts PostgreSQL (the shared store) and Redis (the bus between
//! nodes) with persistent data under `target/cluster/`, creates the database if missing, then
//! runs two server nodes, on 127.0.0.1:8081 and 127.0.0.1:8082, each with its monitoring
//! (`--admin-addr`: `/healthz`, `/metrics`) on a free loopback port. Ctrl-C stops the nodes, then
//! Redis, then PostgreSQL; a node that exits by itself stops everything else and the command
//! fails.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::services::{Port, Postgres, PostgresConfig, Redis, RedisConfig};
use crate::{build, cmd, services, signals};

/// The nodes' addresses.
const NODES: [&str; 2] = ["127.0.0.1:8081", "127.0.0.1:8082"];
/// PostgreSQL's port, when free.
const POSTGRES_PORT: u16 = 55432;
/// Redis's port, when free.
const REDIS_PORT: u16 = 56379;
/// The database the nodes share.
const DATABASE: &str = "asean";
/// How long a node may take to accept connections before the URLs are printed anyway.
const READY_WITHIN: Duration = Duration::from_secs(30);
/// How long a node may take to stop after SIGTERM before it is killed.
const STOP_WITHIN: Duration = Duration::from_secs(10);

/// Options of `cargo xtask cluster`.
#[derive(Debug, Default, Clone, clap::Args)]
pub struct ClusterOptions {
    #[command(flatten)]
    build: build::BuildOptions,
}

/// Runs the cluster until Ctrl-C (success) or until a node exits by itself (failure).
pub fn run(opts: &ClusterOptions) -> Result<ExitCode> {
    let binaries = services::ensure_installed()?;
    build::build(&opts.build)?;
    let server = build_server()?;
    let root = cmd::workspace_root();
    let www = root.join("www");

    let interrupted = signals::catch()?;
    let data = cmd::target_dir().join("cluster");
    // Declared before the nodes, so dropped after them: nodes first, then Redis, then
    // PostgreSQL, also on an error.
    let mut postgres = Postgres::start(&PostgresConfig {
        bin: binaries.pg_bin.clone(),
        dir: data.join("postgres"),
        port: Port::Prefer(POSTGRES_PORT),
        fast: false,
        remove_on_stop: false,
    })?;
    let mut redis = Redis::start(&RedisConfig {
        server: binaries.redis_server.clone(),
        cli: binaries.redis_cli.clone(),
        dir: data.join("redis"),
        port: Port::Prefer(REDIS_PORT),
        remove_on_stop: false,
    })?;
    if postgres.create_database(DATABASE)? {
        println!("xtask: created the database {DATABASE}");
    }
    let db = postgres.url(DATABASE);
    let bus = redis.url();

    let mut nodes = Vec::new();
    for addr in NODES {
        nodes.push(Node::start(&server, addr, &db, &bus, &www)?);
    }
    let mut failure = wait_ready(&mut nodes, &interrupted);
    if failure.is_none() && !interrupted.is_set() {
        println!("xtask: cluster running (Ctrl-C stops it):");
        for node in &nodes {
            println!(
                "xtask:   http://{}/  (health http://{}/healthz, metrics http://{}/metrics)",
                node.addr, node.admin, node.admin
            );
        }
        println!(
            "xtask: open one browser on each node: a game created on one and joined from the \
             other is played across the nodes (store {db}, bus {bus})"
        );
        failure = watch(&mut nodes, &interrupted);
    }

    if let Some((addr, status)) = &failure {
        eprintln!("xtask: the node on {addr} exited ({status}); stopping the cluster");
    } else {
        println!("xtask: stopping the cluster");
    }
    // All at once: each node's graceful shutdown runs while the others' do.
    for node in &mut nodes {
        node.ask_to_stop();
    }
    for node in &mut nodes {
        node.stop();
    }
    let redis_stopped = redis.stop();
    let postgres_stopped = postgres.stop();
    redis_stopped.and(postgres_stopped)?;
    Ok(if failure.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Waits until every node accepts connections, a node exits (returned), Ctrl-C, or
/// [`READY_WITHIN`] has passed.
fn wait_ready(nodes: &mut [Node], interrupted: &signals::Interrupted) -> Option<(String, String)> {
    let deadline = Instant::now() + READY_WITHIN;
    let mut ready = vec![false; nodes.len()];
    while !interrupted.is_set() {
        if let Some(exit) = exited(nodes) {
            return Some(exit);
        }
        for (node, ready) in nodes.iter().zip(&mut ready) {
            *ready = *ready || node.accepts();
        }
        if ready.iter().all(|r| *r) {
            return None;
        }
        if Instant::now() >= deadline {
            println!(
                "xtask: warning: a node does not accept connections after {} s",
                READY_WITHIN.as_secs()
            );
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// Waits for Ctrl-C (returns `None`) or for a node to exit (returned).
fn watch(nodes: &mut [Node], interrupted: &signals::Interrupted) -> Option<(String, String)> {
    while !interrupted.is_set() {
        if let Some(exit) = exited(nodes) {
            return Some(exit);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    None
}

/// The address and exit status of a node that has exited, if any.
fn exited(nodes: &mut [Node]) -> Option<(String, String)> {
    nodes.iter_mut().find_map(|node| {
        let status = node.exited()?;
        Some((node.addr.clone(), status))
    })
}

/// Builds the server binary (release) and returns its path.
fn build_server() -> Result<PathBuf> {
    println!("xtask: building the server (release)");
    let mut cargo = cmd::cargo();
    cargo
        .args([
            "build",
            "--package",
            "server",
            "--bin",
            "server",
            "--release",
        ])
        .arg("--message-format=json-render-diagnostics")
        .stdout(Stdio::piped());
    let mut child = cargo
        .spawn()
        .with_context(|| format!("could not start {cargo:?}"))?;
    let mut server = None;
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines() {
            let line = line.context("reading cargo's output")?;
            if let Some(path) = server_executable(&line) {
                server = Some(path);
            }
        }
    }
    let status = child.wait().context("waiting for cargo build")?;
    if !status.success() {
        bail!("building the server failed ({status})");
    }
    server.context("cargo build succeeded but reported no server executable")
}

/// The executable named by a cargo `compiler-artifact` JSON message for the server binary.
fn server_executable(line: &str) -> Option<PathBuf> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message.get("reason")?.as_str()? != "compiler-artifact"
        || message.get("target")?.get("name")?.as_str()? != "server"
    {
        return None;
    }
    message.get("executable")?.as_str().map(PathBuf::from)
}

/// One server node: a child process in its own process group (so Ctrl-C reaches only the
/// xtask, which stops the nodes before the servers they use), its output prefixed with its
/// port. Stopped (SIGTERM, then SIGKILL) when dropped.
struct Node {
    addr: String,
    /// Where its `/healthz` and `/metrics` are served (`--admin-addr`).
    admin: SocketAddr,
    child: Child,
    pumps: Vec<JoinHandle<()>>,
    status: Option<ExitStatus>,
    stop_asked: Option<Instant>,
}

impl Node {
    fn start(server: &Path, addr: &str, db: &str, bus: &str, www: &Path) -> Result<Node> {
        let admin = SocketAddr::from(([127, 0, 0, 1], Port::Free.pick()?));
        let mut command = Command::new(server);
        command
            .arg("--addr")
            .arg(addr)
            .arg("--admin-addr")
            .arg(admin.to_string())
            .arg("--db")
            .arg(db)
            .arg("--redis")
            .arg(bus)
            .arg("--www")
            .arg(www)
            .current_dir(cmd::workspace_root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .with_context(|| format!("could not start the node on {addr} ({command:?})"))?;
        let port = addr.rsplit(':').next().unwrap_or(addr);
        let prefix = format!("[{port}] ");
        let mut pumps = Vec::new();
        if let Some(out) = child.stdout.take() {
            pumps.push(pump(out, prefix.clone(), false));
        }
        if let Some(err) = child.stderr.take() {
            pumps.push(pump(err, prefix, true));
        }
        Ok(Node {
            addr: addr.to_owned(),
            admin,
            child,
            pumps,
            status: None,
            stop_asked: None,
        })
    }

    /// Whether the node accepts TCP connections.
    fn accepts(&self) -> bool {
        self.addr
            .parse::<SocketAddr>()
            .is_ok_and(|addr| TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok())
    }

    /// The exit status, once the node has exited by itself (after its output is printed).
    fn exited(&mut self) -> Option<String> {
        if self.status.is_none() {
            self.status = self.child.try_wait().ok().flatten();
            self.status?;
            self.join_pumps();
        }
        self.status.map(|s| s.to_string())
    }

    /// Sends SIGTERM (the signal of its graceful shutdown) unless the node has exited.
    fn ask_to_stop(&mut self) {
        if self.status.is_none() && self.stop_asked.is_none() {
            if let Ok(pid) = i32::try_from(self.child.id()) {
                signals::terminate(pid);
            }
            self.stop_asked = Some(Instant::now());
        }
    }

    /// Stops the node: SIGTERM, then SIGKILL after [`STOP_WITHIN`].
    fn stop(&mut self) {
        if self.status.is_some() {
            return;
        }
        self.ask_to_stop();
        let deadline = self.stop_asked.unwrap_or_else(Instant::now) + STOP_WITHIN;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                _ => {
                    println!("xtask: the node on {} does not stop; killing it", self.addr);
                    let _ = self.child.kill();
                    break self.child.wait().ok();
                }
            }
        };
        self.join_pumps();
        if let Some(status) = status {
            println!("xtask: node on {} stopped ({status})", self.addr);
        }
        self.status = status;
    }

    fn join_pumps(&mut self) {
        for pump in self.pumps.drain(..) {
            let _ = pump.join();
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A thread copying `from` line by line to our stdout (or stderr), each line after `prefix`.
fn pump(from: impl Read + Send + 'static, prefix: String, to_stderr: bool) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(from).split(b'\n') {
            let Ok(line) = line else { break };
            let mut text = prefix.clone().into_bytes();
            text.extend_from_slice(&line);
            text.push(b'\n');
            // Echo even if our own stdout is gone.
            let _ = if to_stderr {
                std::io::stderr().lock().write_all(&text)
            } else {
                std::io::stdout().lock().write_all(&text)
            };
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_server_executable() {
        let line = r#"{"reason":"compiler-artifact","target":{"name":"server"},"executable":"/t/release/server"}"#;
        assert_eq!(
            server_executable(line),
            Some(PathBuf::from("/t/release/server"))
        );
        let lib = r#"{"reason":"compiler-artifact","target":{"name":"server"},"executable":null}"#;
        assert_eq!(server_executable(lib), None);
        assert_eq!(server_executable("not json"), None);
    }
}
