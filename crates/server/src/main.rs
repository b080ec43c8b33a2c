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
    let config = server::Config::new(args.www);
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
