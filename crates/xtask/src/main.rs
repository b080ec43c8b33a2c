//! Project automation for ASEAN chess, run as `cargo xtask <command>`.
//!
//! * `build`: the browser bundle (`crates/web` and `crates/worker` -> wasm -> wasm-bindgen glue
//!   -> `www/pkg/`, with the service worker's asset list).
//! * `serve`: `build`, then the server on <http://127.0.0.1:8080>.
//! * `test`: every test (host tests, end-to-end tests in headless Chromium, wasm tests), with
//!   private PostgreSQL and Redis servers for the several-node tests and lichess's Python client
//!   `berserk` in a venv under `target/` for the API tests.
//! * `cluster`: `build`, then two server nodes sharing PostgreSQL and Redis (8081 and 8082).
//! * `bench`: the criterion benchmarks of the rules (perft) and engine (search) crates.
//! * `bench-lobby`: the lobby load generator (simulated players over loopback WebSockets); with
//!   `--scenario NAME` (or `--scenario hostile` for all) the hostile-clients benchmark instead.
//! * `wasm-test-runner`: the `wasm32-unknown-unknown` test runner configured in
//!   `.cargo/config.toml` (wasm-bindgen's runner, embedded, driving headless Chromium).

mod assets;
mod browser;
mod build;
mod cluster;
mod cmd;
mod install;
mod python;
mod services;
mod signals;
mod summary;
mod wasm_runner;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

/// Command line of `cargo xtask`.
#[derive(Debug, Parser)]
#[command(
    name = "cargo xtask",
    about = "Build, serve, test and benchmark ASEAN chess"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Build the browser bundle into `www/pkg/`: the first board's module (first.js +
    /// first_bg.wasm), the page's module (web.js + web_bg.wasm), the AI worker's (worker.js +
    /// worker_bg.wasm) and the service worker's asset list.
    Build(build::BuildOptions),
    /// Build the bundle, then serve the game (default http://127.0.0.1:8080).
    Serve {
        /// Address to listen on.
        #[arg(long, env = "ASEAN_ADDR", default_value = "127.0.0.1:8080")]
        addr: String,
        #[command(flatten)]
        build: build::BuildOptions,
    },
    /// Run every test: host tests, end-to-end browser tests and wasm tests (with private
    /// PostgreSQL and Redis servers on loopback for the several-node tests).
    Test,
    /// Build the bundle, then run two server nodes (http://127.0.0.1:8081 and :8082) that
    /// share PostgreSQL and Redis, as several machines would; Ctrl-C stops everything.
    Cluster(cluster::ClusterOptions),
    /// Run the benchmarks of the rules and engine crates (criterion); extra arguments go to
    /// criterion.
    Bench {
        /// Arguments for the benchmark harness (e.g. a benchmark name filter, `--test`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<OsString>,
    },
    /// Run the lobby load generator against the real server binary (arguments such as
    /// `--clients 10000 --seconds 20 --move-interval-ms 10000` go to it); with `--scenario
    /// hostile` (every scenario) or `--scenario idle,flicker` (some: idle, slow-readers,
    /// idle-tcp, room-spam, flicker, finished-startup) the hostile-clients benchmark instead;
    /// with `--pools` the quick-pairing benchmark (`--players 2000 --seconds 60 --nodes 2`).
    BenchLobby {
        /// Arguments for the load generator (or, with `--scenario`, the hostile-clients bench).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<OsString>,
    },
    /// Run a wasm test binary in headless Chromium (used by `cargo test --target wasm32-...`).
    WasmTestRunner {
        /// The `.wasm` test binary built by cargo.
        wasm: PathBuf,
        /// Arguments for the test harness (filters, `--nocapture`, ...).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<OsString>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("xtask: error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Build(opts) => {
            build::build(&opts)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve { addr, build: opts } => {
            build::build(&opts)?;
            serve(&addr)
        }
        Command::Test => test(),
        Command::Cluster(opts) => cluster::run(&opts),
        Command::Bench { args } => {
            let mut cargo = cmd::cargo();
            cargo
                .args(["bench", "--package", "rules", "--package", "engine", "--"])
                .args(args);
            cmd::run(&mut cargo, "cargo bench")?;
            Ok(ExitCode::SUCCESS)
        }
        Command::BenchLobby { args } => {
            // `--scenario` picks the hostile-clients bench; the load generator is the default.
            let hostile = args.iter().any(|a| {
                let a = a.to_string_lossy();
                a == "--scenario" || a.starts_with("--scenario=")
            });
            // `--pools` picks the quick-pairing bench (the flag is the xtask's own).
            let pools = args.iter().any(|a| a == "--pools");
            let args: Vec<OsString> = args.into_iter().filter(|a| a != "--pools").collect();
            let bench = if hostile {
                "lobby_hostile"
            } else if pools {
                "pools"
            } else {
                "lobby_load"
            };
            // Several nodes (`--nodes`, and the hostile scenario `cross-slow`) need PostgreSQL
            // and Redis: private, durable ones for the run.
            let nodes = hostile
                || args.iter().any(|a| {
                    let a = a.to_string_lossy();
                    a == "--nodes" || a.starts_with("--nodes=")
                });
            let services = if nodes {
                install::ensure(&[&services::POSTGRES, &services::REDIS])?;
                let binaries = services::binaries().context("PostgreSQL or Redis not found")?;
                Some(services::TestServices::start(binaries, false)?)
            } else {
                None
            };
            let mut cargo = cmd::cargo();
            cargo
                .args(["bench", "--package", "server", "--bench", bench, "--"])
                .args(args);
            if let Some(s) = &services {
                s.apply(&mut cargo);
            }
            let ran = cmd::run(&mut cargo, "cargo bench");
            if let Some(s) = services {
                s.stop()?;
            }
            ran?;
            Ok(ExitCode::SUCCESS)
        }
        Command::WasmTestRunner { wasm, args } => wasm_runner::run(&wasm, &args),
    }
}

/// Runs the server binary (release build) on `addr`, serving `www/`.
fn serve(addr: &str) -> Result<ExitCode> {
    let root = cmd::workspace_root();
    println!("xtask: starting the server: open http://{addr}/ (Ctrl-C stops it)");
    let mut cargo = cmd::cargo();
    cargo
        .current_dir(&root)
        .args(["run", "--package", "server", "--release", "--"])
        .arg("--addr")
        .arg(addr)
        .arg("--www")
        .arg(root.join("www"));
    cmd::run(&mut cargo, "the server")?;
    Ok(ExitCode::SUCCESS)
}

/// The full test run: prerequisites (browser, PostgreSQL, Redis), bundle, private PostgreSQL
/// and Redis servers, host tests (with e2e), wasm tests. The servers are stopped at the end,
/// whatever happened (their guard's `Drop`); Ctrl-C ends the tests, then stops them.
fn test() -> Result<ExitCode> {
    let started = std::time::Instant::now();
    install::ensure(&[
        &browser::NEED,
        &browser::THAI_FONTS,
        &services::POSTGRES,
        &services::REDIS,
    ])?;
    let binaries = services::binaries().context("PostgreSQL or Redis not found")?;
    // berserk in a venv for the API tests (skipped, with a word why, when it cannot be had).
    let python_env = python::test_env();
    build::build(&build::BuildOptions::default())?;

    // Ctrl-C reaches the running `cargo test` too; the xtask outlives it to stop the servers.
    let interrupted = signals::catch()?;
    let services = services::TestServices::start(binaries, true)?;

    let mut totals = summary::Totals::default();
    let root = cmd::workspace_root();

    println!("xtask: host tests (cargo test --workspace --exclude web)");
    let mut host = cmd::cargo();
    host.current_dir(&root)
        .args(["test", "--workspace", "--exclude", "web", "--no-fail-fast"]);
    services.apply(&mut host);
    host.envs(python_env);
    let mut host_ok = summary::run_counting(&mut host, &mut totals)?;

    // The UI crate's unit tests that need no browser (storage schema, move replay) run natively.
    if !interrupted.is_set() {
        println!("xtask: UI unit tests on the host (cargo test -p web --lib)");
        let mut web_host = cmd::cargo();
        web_host
            .current_dir(&root)
            .args(["test", "--package", "web", "--lib"]);
        services.apply(&mut web_host);
        host_ok &= summary::run_counting(&mut web_host, &mut totals)?;
    }

    let mut wasm_ok = true;
    if !interrupted.is_set() {
        println!(
            "xtask: wasm tests in headless Chromium (cargo test -p web -p worker --target wasm32-unknown-unknown)"
        );
        let mut wasm = cmd::cargo();
        wasm.current_dir(&root).args([
            "test",
            "--package",
            "web",
            "--package",
            "worker",
            "--target",
            "wasm32-unknown-unknown",
            "--lib",
            "--tests",
        ]);
        services.apply(&mut wasm);
        wasm_ok = summary::run_counting(&mut wasm, &mut totals)?;
    }
    if let Err(err) = services.stop() {
        eprintln!("xtask: warning: {err:#}");
    }

    println!(
        "xtask: test run finished in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    println!("{}", totals.closing_line());
    if interrupted.is_set() {
        eprintln!("xtask: INTERRUPTED: the tests did not all run");
        return Ok(ExitCode::FAILURE);
    }
    if host_ok && wasm_ok && totals.failed == 0 {
        Ok(ExitCode::SUCCESS)
    } else {
        let mut failed = Vec::new();
        if !host_ok {
            failed.push("host tests");
        }
        if !wasm_ok {
            failed.push("wasm tests");
        }
        eprintln!("xtask: FAILED: {}", failed.join(", "));
        Ok(ExitCode::FAILURE)
    }
}
