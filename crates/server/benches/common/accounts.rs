//! Players with accounts for the benchmarks: each from a loopback address of its own (four
//! players an address, within the sign-ups the server allows an address), signed up over
//! HTTP, and, for the API, a personal token.

use std::net::{Ipv4Addr, SocketAddr};

/// Player `n`'s own loopback address (four players an address).
#[must_use]
pub fn address(n: usize) -> Ipv4Addr {
    let k = n / 4;
    Ipv4Addr::new(
        127,
        2,
        u8::try_from(k / 250).unwrap_or(0),
        u8::try_from(k % 250 + 2).unwrap_or(2),
    )
}

/// An HTTP client whose requests leave from `from`.
///
/// # Panics
/// When the client cannot be built (no TLS is asked: it can).
#[must_use]
pub fn http_from(from: Ipv4Addr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(from))
        .build()
        .expect("http client")
}

/// Signs player `n` up on `node` as `{prefix}{n}`; its session cookie.
///
/// # Errors
/// The status or the failure, naming the player.
pub async fn sign_up(node: SocketAddr, n: usize, prefix: &str) -> Result<String, String> {
    let r = http_from(address(n))
        .post(format!("http://{node}/signup"))
        .header(
            reqwest::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(format!(
            "username={prefix}{n}&password={prefix}{n}-password"
        ))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !r.status().is_success() {
        return Err(format!("sign-up {n}: {}", r.status()));
    }
    super::session::session_cookie(r.headers()).ok_or_else(|| format!("sign-up {n}: no cookie"))
}

/// A personal API token of player `n` (signed in with `cookie`) with `scope`.
///
/// # Errors
/// The status or the failure, naming the player.
pub async fn api_token(
    node: SocketAddr,
    n: usize,
    cookie: &str,
    scope: &str,
) -> Result<String, String> {
    let r = http_from(address(n))
        .post(format!("http://{node}/account/oauth/token/create"))
        .header(reqwest::header::COOKIE, cookie)
        .header(reqwest::header::ACCEPT, "application/json")
        .header(
            reqwest::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(format!("description=bench&scopes%5B%5D={scope}"))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !r.status().is_success() {
        return Err(format!("token {n}: {}", r.status()));
    }
    let text = r.text().await.map_err(|e| e.to_string())?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    v["token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("token {n}: no token in the answer"))
}
