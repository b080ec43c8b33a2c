//! Session tokens and their cookie.
//!
//! A session token is 32 random bytes, sent to the browser as 64 hex digits in the cookie
//! [`COOKIE`] (HttpOnly, SameSite=Lax, Path=/, a year; when the server's public URL is https,
//! Secure and named [`SECURE_COOKIE`], whose `__Host-` prefix makes browsers refuse it from
//! any other host or path, so a neighbouring subdomain cannot plant a session) and kept by the
//! store only as its SHA-256 ([`SessionHash`]): a copy of the database signs nobody in.

use axum::http::HeaderMap;
use axum::http::header::COOKIE as COOKIE_HEADER;
use cookie::{Cookie, SameSite};
use sha2::{Digest, Sha256};

use crate::store::accounts::SessionHash;

/// The name of the session cookie over http (a server on a private network, or localhost).
pub const COOKIE: &str = "asean_session";
/// The name of the session cookie over https: browsers take a `__Host-` cookie only when it
/// is Secure, for Path=/ and without a Domain.
pub const SECURE_COOKIE: &str = "__Host-asean_session";

/// The session cookie's name: [`SECURE_COOKIE`] when `secure`, else [`COOKIE`].
#[must_use]
pub const fn cookie_name(secure: bool) -> &'static str {
    if secure { SECURE_COOKIE } else { COOKIE }
}
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

    /// The token of the request's session cookie ([`cookie_name`] of `secure`: over https a
    /// cookie without the `__Host-` prefix is ignored), if it has one that looks like a token
    /// (64 lower-case hex digits; anything else is ignored).
    #[must_use]
    pub fn from_headers(headers: &HeaderMap, secure: bool) -> Option<Token> {
        headers
            .get_all(COOKIE_HEADER)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(Cookie::split_parse)
            .filter_map(Result::ok)
            .find(|c| c.name() == cookie_name(secure))
            .map(|c| c.value().to_owned())
            .filter(|v| v.len() == 64 && v.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .map(Token)
    }

    /// The `Set-Cookie` value that hands this token to the browser.
    #[must_use]
    pub fn set_cookie(&self, secure: bool) -> String {
        Cookie::build((cookie_name(secure), self.0.clone()))
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
    Cookie::build((cookie_name(secure), ""))
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
    fn the_cookie_round_trips_under_its_name_and_garbage_is_ignored() {
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
        assert!(set.starts_with("__Host-asean_session="), "{set}");
        assert!(!set.contains("Domain"), "{set}");
        let plain = t.set_cookie(false);
        assert!(
            !plain.contains("Secure") && plain.starts_with("asean_session="),
            "{plain}"
        );
        for (secure, set) in [(true, &set), (false, &plain)] {
            let mut h = HeaderMap::new();
            let pair = set.split(';').next().expect("pair");
            h.insert(
                COOKIE_HEADER,
                HeaderValue::from_str(&format!("theme=dark; {pair}; lang=th")).expect("header"),
            );
            assert_eq!(Token::from_headers(&h, secure), Some(t.clone()));
            assert_eq!(
                Token::from_headers(&h, secure).map(|t| t.hash()),
                Some(t.hash())
            );
            // The other server's name is not this one's session: over https a cookie planted
            // without the prefix (by a neighbouring subdomain) signs nobody in.
            assert_eq!(Token::from_headers(&h, !secure), None, "{set}");
        }
        for garbage in [
            "asean_session=",
            "asean_session=XYZ",
            "asean_session=../../etc",
            "x",
        ] {
            let mut h = HeaderMap::new();
            h.insert(COOKIE_HEADER, HeaderValue::from_static(garbage));
            assert_eq!(Token::from_headers(&h, false), None, "{garbage}");
        }
        assert!(clear_cookie(false).contains("Max-Age=0"));
        assert!(clear_cookie(true).starts_with("__Host-asean_session=;"));
        assert_ne!(Token::new().expect("token"), t, "random");
    }
}
