//! `asean-bot`: connects a UCI engine to a bot account of an ASEAN chess server. See the
//! `bot` crate's documentation for the config file.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Connects a UCI engine to a bot account of an ASEAN chess server (its lichess-compatible
/// Bot API): accepts challenges by the config's rules and plays them.
#[derive(Parser, Debug)]
#[command(name = "asean-bot", version)]
struct Args {
    /// The config file (TOML; see asean-bot.example.toml).
    #[arg(long, short)]
    config: PathBuf,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let config = match bot::config::Config::load(&args.config) {
        Ok(c) => c,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::FAILURE;
        }
    };
    tokio::select! {
        r = bot::runner::run(config) => match r {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                tracing::error!("{e}");
                ExitCode::FAILURE
            }
        },
        _ = tokio::signal::ctrl_c() => {
            tracing::info!("interrupted: stopping");
            ExitCode::SUCCESS
        }
    }
}
