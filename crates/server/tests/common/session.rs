//! The session cookie a sign-up or sign-in sets, shared by the integration tests and the
//! benchmarks (included there with `#[path]`).

/// The `asean_session=<value>` pair (without its attributes) among the `Set-Cookie`
/// headers of `headers`; `None` when no session cookie is set.
pub fn session_cookie(headers: &reqwest::header::HeaderMap) -> Option<String> {
    headers
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("asean_session="))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}
