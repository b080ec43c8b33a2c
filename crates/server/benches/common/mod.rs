//! What the benchmarks that run the server binary as separate processes share: free
//! loopback addresses, the flags of a cluster's store and bus, starting the nodes and
//! waiting for them, and the session cookie of a sign-up.

#![allow(dead_code)]

pub mod accounts;
#[path = "../../tests/common/backing.rs"]
pub mod backing;
pub mod play;
#[path = "../../tests/common/session.rs"]
pub mod session;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Child;
use std::time::Duration;

/// A loopback address whose port was free a moment ago (bound once and let go).
pub fn free_addr() -> SocketAddr {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    SocketAddr::from(([127, 0, 0, 1], port))
}

/// The store and bus flags of the nodes of a cluster: a fresh PostgreSQL database (its name
/// starting with `prefix`), the Redis of `ASEAN_TEST_REDIS` and a cluster name.
pub async fn cluster_flags(prefix: &str) -> Vec<String> {
    let (db, name) = backing::fresh_database(prefix).await;
    let redis = backing::env("ASEAN_TEST_REDIS", "Redis");
    vec![
        "--db".into(),
        db,
        "--redis".into(),
        redis,
        "--cluster-name".into(),
        name,
    ]
}

/// Starts the server binary on each of `addrs`, serving the files of `www`, with `flags`
/// (store, bus, tuning) and warnings only in its log; then waits until each node answers
/// `/healthz` (for at most 10 s a node: a node that never answers shows in the run).
pub async fn start_nodes(addrs: &[SocketAddr], www: &Path, flags: &[String]) -> Vec<Child> {
    let nodes = addrs
        .iter()
        .map(|addr| {
            std::process::Command::new(env!("CARGO_BIN_EXE_server"))
                .args(["--addr", &addr.to_string(), "--www"])
                .arg(www)
                .args(flags)
                .env("RUST_LOG", "warn")
                .spawn()
                .expect("start the server")
        })
        .collect();
    for addr in addrs {
        for _ in 0..200 {
            if reqwest::get(format!("http://{addr}/healthz"))
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    nodes
}
