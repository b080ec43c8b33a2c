//! The `server` binary: `server [--addr 127.0.0.1:8080] [--www www] [--db FILE|URL | --no-db]`
//! and the lobby's limits (see `server --help`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// jemalloc with its background thread gives memory back to the system after a burst
/// (thousands of sockets that come and go): unused pages are returned within seconds, where
/// glibc's allocator (and mimalloc, whose idle threads never purge) kept an attack's peak.
#[cfg(unix)]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
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
    /// A second address serving only /healthz and /metrics (for monitoring), outside the caps
    /// of --addr, so that they answer when players' connections fill them; keep it on
    /// loopback or a private network. Off by default (/healthz and /metrics are on --addr
    /// either way).
    #[arg(long, env = "ASEAN_ADMIN_ADDR", value_name = "ADDR")]
    admin_addr: Option<SocketAddr>,
    /// Directory of static files (index.html and the bundle in pkg/).
    #[arg(long, default_value = "www")]
    www: PathBuf,
    /// Database of the lobby (rooms and move logs survive restarts): the path of a SQLite file
    /// (created if missing), or a PostgreSQL URL, postgres://USER[:PASSWORD]@HOST[:PORT]/DB
    /// (a database several servers share; better given in ASEAN_DB than on the command line,
    /// where other users can see a password).
    #[arg(
        long,
        env = "ASEAN_DB",
        hide_env_values = true,
        default_value = "asean-lobby.sqlite3",
        value_name = "FILE|URL"
    )]
    db: String,
    /// Connections to PostgreSQL at most (with a postgres:// --db).
    #[arg(long, default_value_t = server::store::DEFAULT_POOL_SIZE)]
    db_pool_size: usize,
    /// Keep the lobby in memory only (rooms are lost on restart).
    #[arg(long, conflicts_with = "db")]
    no_db: bool,
    /// Seconds a player may be away (added up until they move again) before the opponent may
    /// claim the win; before both sides have moved, the game is aborted instead.
    #[arg(long, default_value_t = server::room::DEFAULT_COUNTDOWN.as_secs())]
    countdown_secs: u64,
    /// Seconds the creator of a public room may be gone before it leaves the lobby listing.
    #[arg(long, default_value_t = server::room::DEFAULT_UNLIST_AFTER.as_secs())]
    unlist_after_secs: u64,
    /// Seconds an invitation nobody has taken stays open (default: a day).
    #[arg(long, default_value_t = server::room::DEFAULT_INVITE_TTL.as_secs())]
    invite_ttl_secs: u64,
    /// Seconds a finished game stays in memory at most (it leaves earlier once nobody
    /// watches; it is always kept in the database).
    #[arg(long, default_value_t = server::room::DEFAULT_FINISHED_TTL.as_secs())]
    finished_ttl_secs: u64,
    /// Plies a game may have: the move that reaches the cap ends the game drawn (its own end,
    /// `ply-cap`), so no game's record grows without end.
    #[arg(long, default_value_t = server::room::DEFAULT_MAX_PLIES, value_parser = clap::value_parser!(u32).range(1..))]
    max_plies: u32,
    /// Live rooms (waiting or playing) in memory at most; an old link of a live game not in
    /// memory is loaded only up to a tenth short of it, so new games keep headroom.
    #[arg(long, default_value_t = server::lobby::DEFAULT_MAX_ROOMS)]
    max_rooms: usize,
    /// Finished rooms in memory at most (players back at a finished game); past it the least
    /// recently used leaves memory. Spectators of finished games are shown the stored record
    /// without a room in memory.
    #[arg(long, default_value_t = server::lobby::DEFAULT_MAX_FINISHED_ROOMS as u64, value_parser = clap::value_parser!(u64).range(1..))]
    max_finished_rooms: u64,
    /// Rooms the connections of one address may have open (watched or played) at once.
    #[arg(long, default_value_t = server::lobby::DEFAULT_MAX_WATCHED_PER_ADDRESS)]
    max_watched_per_address: u32,
    /// Open rooms (waiting or playing, rematches included) one address may create: on all the
    /// nodes together when there are several (counted in Redis).
    #[arg(long, default_value_t = server::lobby::DEFAULT_MAX_ROOMS_PER_ADDRESS)]
    max_rooms_per_address: u32,
    /// Milliseconds between two sendings of the lobby's counts (players online, games in
    /// progress) to its watchers and to the other nodes, at most (sent only when they changed).
    #[arg(long, default_value_t = millis(server::lobby::COUNTS_EVERY), value_parser = clap::value_parser!(u64).range(10..))]
    counts_every_ms: u64,
    /// Milliseconds between two waves of the quick-pairing pools (each wave pairs the players
    /// waiting; on several nodes, on the node holding the pairing lease).
    #[arg(long, default_value_t = millis(server::pairing::DEFAULT_WAVE), value_parser = clap::value_parser!(u64).range(20..))]
    pool_wave_ms: u64,
    /// Open connections at most (default: what the open-file limit allows).
    #[arg(long)]
    max_connections: Option<usize>,
    /// Open connections from one address at most.
    #[arg(long, default_value_t = server::listen::DEFAULT_MAX_PER_ADDRESS)]
    max_connections_per_address: usize,
    /// Bytes waiting to be written to one client at most before it is disconnected.
    #[arg(long, default_value_t = server::outbox::DEFAULT_OUTBOX_BYTES)]
    max_outbox_bytes: usize,
    /// The URL players reach this server at, e.g. https://chess.example.org: only its pages
    /// (and --allow-origin's) may open the WebSocket. Default: http:// and --addr (on a
    /// loopback or unspecified address also its names localhost, 127.0.0.1 and [::1]).
    #[arg(long, env = "ASEAN_PUBLIC_URL", value_parser = server::origin::Origin::parse)]
    public_url: Option<server::origin::Origin>,
    /// Another origin allowed to open the WebSocket (repeatable), e.g. https://example.org;
    /// never to send requests that act with a player's session cookie.
    #[arg(long = "allow-origin", value_parser = server::origin::Origin::parse)]
    allowed_origins: Vec<server::origin::Origin>,
    /// A reverse proxy (an address, or a network like 10.0.0.0/8; repeatable) whose
    /// X-Forwarded-For header names the client: the limits per address then hold for the
    /// client, and the proxy is not held to --max-connections-per-address. Off by default:
    /// nobody's header is believed.
    #[arg(long = "trusted-proxy", value_name = "ADDR|CIDR", value_parser = server::address::parse_trusted_proxy)]
    trusted_proxies: Vec<ipnet::IpNet>,
    /// Redis (redis://host:port[/db]): makes this server a node of several that share rooms
    /// through it, with the store on PostgreSQL (--db postgres://…).
    #[arg(long, env = "ASEAN_REDIS")]
    redis: Option<String>,
    /// The cluster's name: nodes with the same Redis and name share rooms (the prefix of every
    /// Redis key).
    #[arg(long, default_value = server::cluster::DEFAULT_CLUSTER_NAME, requires = "redis")]
    cluster_name: String,
    /// Milliseconds a node's lease lives without renewal: after it, another node takes its
    /// rooms over.
    #[arg(long, default_value_t = millis(server::cluster::DEFAULT_NODE_TTL), requires = "redis")]
    node_ttl_ms: u64,
}

/// `d` in whole milliseconds, as the command line takes it.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
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
    if let Err(e) = server::listen::raise_open_file_limit() {
        tracing::warn!("cannot raise the open-file limit: {e}");
    }
    let mut config = server::Config::new(args.www);
    if let Some(n) = args.max_connections {
        config.listen.max_connections = n;
    }
    config.listen.max_per_address = args.max_connections_per_address;
    config.db = (!args.no_db).then_some(args.db);
    config.db_pool_size = args.db_pool_size;
    let secs = std::time::Duration::from_secs;
    config.lobby.room.countdown = secs(args.countdown_secs);
    config.lobby.room.unlist_after = secs(args.unlist_after_secs);
    config.lobby.room.invite_ttl = secs(args.invite_ttl_secs);
    config.lobby.room.finished_ttl = secs(args.finished_ttl_secs);
    config.lobby.room.max_plies = args.max_plies;
    config.lobby.max_rooms = args.max_rooms;
    config.lobby.max_rooms_per_address = args.max_rooms_per_address;
    config.lobby.max_finished_rooms =
        usize::try_from(args.max_finished_rooms).unwrap_or(usize::MAX);
    config.lobby.max_watched_per_address = args.max_watched_per_address;
    config.lobby.counts_every = std::time::Duration::from_millis(args.counts_every_ms);
    config.lobby.pool_wave = std::time::Duration::from_millis(args.pool_wave_ms);
    config.ws.outbox_bytes = args.max_outbox_bytes;
    config.public_url = args.public_url;
    config.allowed_origins = args.allowed_origins;
    config.trusted_proxies = server::address::TrustedProxies::new(args.trusted_proxies);
    config.cluster = args.redis.map(|url| server::cluster::ClusterConfig {
        redis_url: url,
        name: args.cluster_name,
        node_ttl: Duration::from_millis(args.node_ttl_ms),
    });
    let listener = match server::listen::bind(args.addr) {
        Ok(listener) => listener,
        Err(err) => {
            tracing::error!("cannot listen on {}: {err}", args.addr);
            return ExitCode::FAILURE;
        }
    };
    let admin = match args.admin_addr.map(server::listen::bind).transpose() {
        Ok(admin) => admin,
        Err(err) => {
            tracing::error!(
                "cannot listen on --admin-addr {}: {err}",
                args.admin_addr.map(|a| a.to_string()).unwrap_or_default()
            );
            return ExitCode::FAILURE;
        }
    };
    match server::serve_with_admin(listener, admin, &config, server::shutdown_signal()).await {
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

#[cfg(test)]
mod tests {
    use super::Args;
    use clap::Parser;

    #[test]
    fn the_cap_on_finished_rooms_is_at_least_one() {
        let parse = |n: &str| Args::try_parse_from(["server", "--max-finished-rooms", n]);
        let err = parse("0").expect_err("0 is refused").to_string();
        assert!(err.contains("--max-finished-rooms"), "{err}");
        assert!(err.contains("0 is not in 1.."), "{err}");
        assert_eq!(parse("1").expect("1").max_finished_rooms, 1);
        let defaults = Args::try_parse_from(["server"]).expect("defaults");
        assert_eq!(defaults.max_finished_rooms, 20_000);
        assert_eq!(defaults.max_watched_per_address, 256);
    }

    #[test]
    fn the_admin_listener_is_off_unless_given_an_address() {
        let defaults = Args::try_parse_from(["server"]).expect("defaults");
        assert_eq!(defaults.admin_addr, None);
        let given =
            Args::try_parse_from(["server", "--admin-addr", "127.0.0.1:9100"]).expect("an address");
        assert_eq!(given.admin_addr, Some(([127, 0, 0, 1], 9100).into()));
        let err = Args::try_parse_from(["server", "--admin-addr", "9100"])
            .expect_err("a port alone is not an address")
            .to_string();
        assert!(err.contains("--admin-addr"), "{err}");
    }
}
