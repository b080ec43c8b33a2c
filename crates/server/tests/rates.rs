//! Rate limits per client address, across connections, and per seat, on a real server over
//! loopback: hundreds of connections from one address share one budget; behind a trusted
//! proxy each forwarded client has its own; an untrusted peer's `X-Forwarded-For` is ignored.

mod common;

use std::net::Ipv4Addr;

use common::Client;
use protocol::{ClientMsg, ErrorCode, RoomId, ServerMsg};
use server::rate::{Budget, RateConfig};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Joins a budget of `burst` at once (and next to nothing after).
fn joins(burst: u32) -> RateConfig {
    RateConfig {
        join: Budget {
            burst,
            per_minute: 1,
        },
        ..RateConfig::default()
    }
}

/// Sends a join of a room that does not exist on `c` and says whether the answer was a rate
/// limit (`true`) or the room's absence (`false`).
async fn join_limited(c: &mut Client, n: usize) -> bool {
    let room: RoomId = format!("{n:020x}").parse().expect("room id");
    c.send(&ClientMsg::Join {
        room,
        secret: None,
        after: None,
        watch: true,
    })
    .await;
    loop {
        match c.recv().await {
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            } => return true,
            ServerMsg::Error { .. } | ServerMsg::Snapshot { .. } => return false,
            _ => {}
        }
    }
}

/// Joins `each` times on every connection; how many were refused by a rate limit.
async fn limited(conns: &mut [Client], each: usize) -> usize {
    let mut n = 0;
    for (i, c) in conns.iter_mut().enumerate() {
        for j in 0..each {
            if join_limited(c, i * each + j).await {
                n += 1;
            }
        }
    }
    n
}

#[tokio::test]
async fn an_address_with_hundreds_of_connections_has_one_budget() {
    let server = common::Server::start_with(None, |c| c.lobby.rates = joins(20)).await;
    let here = Ipv4Addr::new(127, 0, 0, 1);
    let mut conns = Vec::new();
    for _ in 0..200 {
        conns.push(common::connect_from(server.addr, here).await);
    }
    // 200 connections × 1 join: today's per-connection buckets would let all 200 through.
    assert_eq!(limited(&mut conns, 1).await, 180);
    // Another address has its own budget.
    let mut other = vec![common::connect_from(server.addr, Ipv4Addr::new(127, 0, 0, 2)).await];
    assert_eq!(limited(&mut other, 25).await, 5);
    let metrics = common::http_get(server.addr, "/metrics").await;
    assert!(
        metrics.contains("asean_rate_limited_total{action=\"join\"} 185"),
        "{metrics}"
    );
    drop(conns);
    server.stop().await;
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_budget() {
    let server = common::Server::start_with(None, |c| {
        c.lobby.rates = joins(5);
        c.trusted_proxies = server::address::TrustedProxies::new(vec![
            server::address::parse_trusted_proxy("127.0.0.1").expect("net"),
        ]);
    })
    .await;
    let proxy = Ipv4Addr::new(127, 0, 0, 1);
    // Two clients through the proxy: five joins each.
    let mut a = vec![common::connect_forwarded(server.addr, proxy, Some("198.51.100.1")).await];
    let mut b = vec![
        common::connect_forwarded(server.addr, proxy, Some("203.0.113.9, 198.51.100.2")).await,
    ];
    assert_eq!(limited(&mut a, 8).await, 3);
    assert_eq!(limited(&mut b, 8).await, 3);
    // A client claiming to be 198.51.100.2 in its own header, through the proxy: the proxy
    // appends the real one, which is what counts.
    let mut c = vec![
        common::connect_forwarded(server.addr, proxy, Some("198.51.100.2, 198.51.100.3")).await,
    ];
    assert_eq!(limited(&mut c, 8).await, 3);
    // An untrusted peer's header is ignored: 127.0.0.2 is one client whatever it says.
    let mut liar = vec![
        common::connect_forwarded(server.addr, Ipv4Addr::new(127, 0, 0, 2), Some("192.0.2.1"))
            .await,
        common::connect_forwarded(server.addr, Ipv4Addr::new(127, 0, 0, 2), Some("192.0.2.2"))
            .await,
    ];
    assert_eq!(limited(&mut liar, 4).await, 3);
    server.stop().await;
}

#[tokio::test]
async fn a_page_of_another_origin_may_not_open_the_websocket() {
    let server = common::Server::start_with(None, |c| {
        c.public_url =
            Some(server::origin::Origin::parse("https://chess.example.org").expect("url"));
    })
    .await;
    let attempt = |origin: &'static str, host: &'static str| {
        let addr = server.addr;
        async move {
            let mut request = format!("ws://{addr}/ws")
                .into_client_request()
                .expect("request");
            request
                .headers_mut()
                .insert("origin", origin.parse().expect("header"));
            request
                .headers_mut()
                .insert("host", host.parse().expect("header"));
            tokio_tungstenite::connect_async(request).await.is_ok()
        }
    };
    assert!(attempt("https://chess.example.org", "chess.example.org").await);
    // The old check compared the Origin with the request's own Host: a page that names
    // itself in both got in.
    assert!(!attempt("https://evil.example", "evil.example").await);
    assert!(!attempt("http://chess.example.org", "chess.example.org").await);
    server.stop().await;
}
