//! Session tokens and their cookie.
//!
//! A session token is 32 random bytes, sent to the browser as 64 hex digits in the cookie
//! [`COOKIE`] (HttpOnly, SameSite=Lax, Path=/, a year, Secure when the server's public URL is
//! https) and kept by the store only as its SHA-256 ([`SessionHash`]): a copy of the database
//! signs nobody in.

use axum::http::HeaderMap;
use axum::http::header::COOKIE as COOKIE_HEADER;
use cookie::{Cookie, SameSite};
use sha2::{Digest, Sha256};

use crate::store::accounts::SessionHash;

/// The name of the session cookie.
pub const COOKIE: &str = "asean_session";
/// How long the browser keeps the cookie, in seconds (a year; each sign-in makes a new one).
pub const COOKIE_MAX_AGE_SECS: i64 = 365 * 24 * 3600;

/// A session token as the browser holds it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(..)")
    }
}

impl Token {
    /// A new random token.
    ///
    /// # Errors
    /// When the system has no random numbers to give.
    pub fn new() -> Result<Token, String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random token: {e}"))?;
        Ok(Token(hex::encode(bytes)))
    }

    /// What the store keeps of it.
    #[must_use]
    pub fn hash(&self) -> SessionHash {
        SessionHash(sha256(&self.0))
    }

    /// The token of the request's session cookie, if it has one that looks like a token
    /// (64 lower-case hex digits; anything else is ignored).
    #[must_use]
    pub fn from_headers(headers: &HeaderMap) -> Option<Token> {
        headers
            .get_all(COOKIE_HEADER)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(Cookie::split_parse)
            .filter_map(Result::ok)
            .find(|c| c.name() == COOKIE)
            .map(|c| c.value().to_owned())
            .filter(|v| v.len() == 64 && v.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .map(Token)
    }

    /// The `Set-Cookie` value that hands this token to the browser.
    #[must_use]
    pub fn set_cookie(&self, secure: bool) -> String {
        Cookie::build((COOKIE, self.0.clone()))
            .http_only(true)
            .same_site(SameSite::Lax)
            .path("/")
            .secure(secure)
            .max_age(cookie::time::Duration::seconds(COOKIE_MAX_AGE_SECS))
            .build()
            .to_string()
    }
}

/// The SHA-256 of a secret (a session token, an API token): what the store keeps of it.
#[must_use]
pub fn sha256(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

/// The `Set-Cookie` value that removes the session cookie.
#[must_use]
pub fn clear_cookie(secure: bool) -> String {
    Cookie::build((COOKIE, ""))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(secure)
        .max_age(cookie::time::Duration::ZERO)
        .build()
        .to_string()
}

/// A new public id of a session: 16 random hex digits.
///
/// # Errors
/// When the system has no random numbers to give.
pub fn public_id() -> Result<String, String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random id: {e}"))?;
    Ok(hex::encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_cookie_round_trips_and_garbage_is_ignored() {
        let t = Token::new().expect("token");
        let set = t.set_cookie(true);
        for part in [
            "HttpOnly",
            "SameSite=Lax",
            "Path=/",
            "Secure",
            "Max-Age=31536000",
        ] {
            assert!(set.contains(part), "{set} lacks {part}");
        }
        assert!(!t.set_cookie(false).contains("Secure"));
        let mut h = HeaderMap::new();
        let pair = set.split(';').next().expect("pair");
        h.insert(
            COOKIE_HEADER,
            HeaderValue::from_str(&format!("theme=dark; {pair}; lang=th")).expect("header"),
        );
        assert_eq!(Token::from_headers(&h), Some(t.clone()));
        assert_eq!(Token::from_headers(&h).map(|t| t.hash()), Some(t.hash()));
        for garbage in [
            "asean_session=",
            "asean_session=XYZ",
            "asean_session=../../etc",
            "x",
        ] {
            let mut h = HeaderMap::new();
            h.insert(COOKIE_HEADER, HeaderValue::from_static(garbage));
            assert_eq!(Token::from_headers(&h), None, "{garbage}");
        }
        assert!(clear_cookie(false).contains("Max-Age=0"));
        assert_ne!(Token::new().expect("token"), t, "random");
    }
}
