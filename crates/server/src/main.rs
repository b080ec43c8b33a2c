//! The `server` binary: `server [--addr 127.0.0.1:8080] [--www www]`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;

/// Command line of the server.
#[derive(Debug, Parser)]
#[command(
    name = "server",
    about = "Serves ASEAN chess (the browser game) over HTTP"
)]
struct Args {
    /// Address to listen on.
    #[arg(long, env = "ASEAN_ADDR", default_value = server::DEFAULT_ADDR)]
    addr: SocketAddr,
    /// Directory of static files (index.html and the bundle in pkg/).
    #[arg(long, default_value = "www")]
    www: PathBuf,
    /// SQLite database of the lobby (rooms and move logs survive restarts).
    #[arg(long, env = "ASEAN_DB", default_value = "asean-lobby.sqlite3")]
    db: PathBuf,
    /// Keep the lobby in memory only (rooms are lost on restart).
    #[arg(long, conflicts_with = "db")]
    no_db: bool,
    /// Seconds a player may be gone before the opponent may claim the win.
    #[arg(long, default_value_t = 60)]
    countdown_secs: u64,
    /// Another origin allowed to open the WebSocket (repeatable), e.g. https://example.org.
    #[arg(long = "allow-origin")]
    allowed_origins: Vec<String>,
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        // Colour codes only on a terminal, never in a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("server=info,tower_http=info")),
        )
        .init();
    let args = Args::parse();
    let mut config = server::Config::new(args.www);
    config.db = (!args.no_db).then_some(args.db);
    config.lobby.countdown = std::time::Duration::from_secs(args.countdown_secs);
    config.allowed_origins = args.allowed_origins;
    let listener = match tokio::net::TcpListener::bind(args.addr).await {
        Ok(listener) => listener,
        Err(err) => {
            tracing::error!("cannot listen on {}: {err}", args.addr);
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().unwrap_or(args.addr);
    tracing::info!("serving {} on http://{addr}/", config.www.display());
    match server::serve(listener, &config, server::shutdown_signal()).await {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(err) => {
            tracing::error!("{err}");
            ExitCode::FAILURE
        }
    }
}
