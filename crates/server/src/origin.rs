//! The server's public origin (`--public-url`) and the origins whose pages may open the
//! WebSocket: a browser's `Origin` header is checked against what the operator said the
//! server is, never against the request's own `Host` header (which the page's script does not
//! choose, but a DNS-rebinding page controls).

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use axum::http::Uri;

/// An origin in its normal form: `scheme://host[:port]`, scheme and host in lower case, the
/// scheme's default port left out, no path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin(String);

impl Origin {
    /// Parses `s` as an origin (`https://chess.example.org`), or a URL whose path is `/`
    /// (`https://chess.example.org/`).
    ///
    /// # Errors
    /// A message saying what is wrong: no `http` or `https` scheme, no host, user
    /// information, a path, a query or a fragment.
    pub fn parse(s: &str) -> Result<Origin, String> {
        let uri: Uri = s
            .trim()
            .parse()
            .map_err(|e| format!("`{s}` is not a URL: {e}"))?;
        let scheme = uri
            .scheme_str()
            .map(str::to_ascii_lowercase)
            .ok_or_else(|| format!("`{s}` has no scheme: write http://… or https://…"))?;
        let default_port = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            _ => return Err(format!("`{s}`: the scheme must be http or https")),
        };
        let authority = uri
            .authority()
            .ok_or_else(|| format!("`{s}` has no host"))?;
        if authority.as_str().contains('@') {
            return Err(format!("`{s}`: an origin carries no user name or password"));
        }
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() || s.contains('#') {
            return Err(format!(
                "`{s}`: an origin has no path, query or fragment (write {scheme}://{authority})"
            ));
        }
        let host = authority.host().to_ascii_lowercase();
        if host.is_empty() {
            return Err(format!("`{s}` has no host"));
        }
        Ok(match authority.port_u16() {
            Some(p) if p != default_port => Origin(format!("{scheme}://{host}:{p}")),
            _ => Origin(format!("{scheme}://{host}")),
        })
    }

    /// The origin as a browser writes it in `Origin`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the origin is `https`.
    #[must_use]
    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The origin the server is reached at when `--public-url` is not given: `http://` and the
/// address it listens on; on a loopback or unspecified address, each of the names a browser
/// on this machine uses for it (`127.0.0.1`, `localhost`, `[::1]`) with the port.
#[must_use]
pub fn derived_origins(addr: SocketAddr) -> Vec<Origin> {
    let port = addr.port();
    let ip = addr.ip();
    let origin = |host: &str| Origin(format!("http://{host}:{port}")).normal();
    if ip.is_loopback() || ip.is_unspecified() {
        vec![
            origin(&Ipv4Addr::LOCALHOST.to_string()),
            origin("localhost"),
            origin(&format!("[{}]", Ipv6Addr::LOCALHOST)),
        ]
    } else {
        match ip {
            IpAddr::V4(v4) => vec![origin(&v4.to_string())],
            IpAddr::V6(v6) => vec![origin(&format!("[{v6}]"))],
        }
    }
}

impl Origin {
    /// Drops a default port (for origins built here rather than parsed).
    fn normal(self) -> Origin {
        Origin::parse(&self.0).unwrap_or(self)
    }
}

/// The origins whose pages may talk to the server: the server's own (public) origin(s), whose
/// pages may open the WebSocket and send requests that act with a player's session cookie,
/// and the operator's `--allow-origin`s, whose pages may only open the WebSocket (a page of
/// another site never acts with our cookie: signing in, creating a token, closing an account).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowedOrigins {
    own: Vec<Origin>,
    extra: Vec<Origin>,
}

impl AllowedOrigins {
    /// The server's `own` origins and the `extra` ones allowed to open the WebSocket.
    #[must_use]
    pub fn new(own: Vec<Origin>, extra: Vec<Origin>) -> AllowedOrigins {
        AllowedOrigins { own, extra }
    }

    /// Whether a request with this `Origin` header (`None`: no header, a client that is not
    /// a browser) may open the WebSocket: an own or an extra origin. A header that is not an
    /// origin (`null`, garbage) is refused.
    #[must_use]
    pub fn allow(&self, header: Option<&str>) -> bool {
        let Some(header) = header else {
            return true;
        };
        Origin::parse(header).is_ok_and(|o| self.own.contains(&o) || self.extra.contains(&o))
    }

    /// The server's own origin that `candidate` (`http://host:port`) names, else the first
    /// of them (the public one): links the server writes never lead elsewhere.
    #[must_use]
    pub fn own_or_public(&self, candidate: Option<&str>) -> Option<&Origin> {
        candidate
            .and_then(|c| Origin::parse(c).ok())
            .and_then(|c| self.own.iter().find(|o| **o == c))
            .or_else(|| self.own.first())
    }

    /// Whether a request with this `Origin` header may act with a session cookie: no header
    /// (a client that is not a browser) or one of the server's own origins.
    #[must_use]
    pub fn allow_own(&self, header: Option<&str>) -> bool {
        let Some(header) = header else {
            return true;
        };
        Origin::parse(header).is_ok_and(|o| self.own.contains(&o))
    }

    /// The origins, for the log.
    #[must_use]
    pub fn list(&self) -> String {
        self.own
            .iter()
            .chain(&self.extra)
            .map(Origin::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_normalised_and_anything_else_is_refused_with_a_reason() {
        for (given, normal) in [
            ("https://chess.example.org", "https://chess.example.org"),
            ("https://Chess.Example.ORG/", "https://chess.example.org"),
            ("HTTPS://chess.example.org:443", "https://chess.example.org"),
            ("http://chess.example.org:80/", "http://chess.example.org"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            (
                "https://chess.example.org:8443",
                "https://chess.example.org:8443",
            ),
            ("http://[::1]:8080", "http://[::1]:8080"),
        ] {
            assert_eq!(
                Origin::parse(given).map(|o| o.0),
                Ok(normal.to_owned()),
                "{given}"
            );
        }
        for bad in [
            "",
            "chess.example.org",
            "ftp://chess.example.org",
            "https://",
            "https://user:pw@chess.example.org",
            "https://chess.example.org/play",
            "https://chess.example.org/?x=1",
            "https://chess.example.org/#top",
            "null",
        ] {
            assert!(Origin::parse(bad).is_err(), "{bad:?}");
        }
        assert!(Origin::parse("https://a.example").is_ok_and(|o| o.is_https()));
        assert!(Origin::parse("http://a.example").is_ok_and(|o| !o.is_https()));
    }

    #[test]
    fn the_derived_origin_names_the_listening_address_and_loopbacks_names() {
        let names = |addr: &str| {
            derived_origins(addr.parse().expect("addr"))
                .into_iter()
                .map(|o| o.0)
                .collect::<Vec<_>>()
        };
        let local = vec![
            "http://127.0.0.1:8080".to_owned(),
            "http://localhost:8080".to_owned(),
            "http://[::1]:8080".to_owned(),
        ];
        assert_eq!(names("127.0.0.1:8080"), local);
        assert_eq!(names("0.0.0.0:8080"), local);
        assert_eq!(names("[::]:8080"), local);
        assert_eq!(names("192.0.2.4:9000"), vec!["http://192.0.2.4:9000"]);
        assert_eq!(
            names("[2001:db8::4]:9000"),
            vec!["http://[2001:db8::4]:9000"]
        );
        assert_eq!(names("192.0.2.4:80"), vec!["http://192.0.2.4"]);
    }

    #[test]
    fn only_the_allowed_origins_open_the_websocket_and_only_our_own_act_with_cookies() {
        let allowed = AllowedOrigins::new(
            vec![Origin::parse("https://chess.example.org").expect("origin")],
            vec![Origin::parse("http://127.0.0.1:8080").expect("origin")],
        );
        assert!(allowed.allow(None));
        assert!(allowed.allow(Some("https://chess.example.org")));
        assert!(allowed.allow(Some("https://CHESS.example.org:443")));
        assert!(allowed.allow(Some("http://127.0.0.1:8080")));
        for refused in [
            "http://chess.example.org",
            "https://evil.example",
            "https://chess.example.org.evil.example",
            "http://127.0.0.1:8081",
            "null",
            "",
        ] {
            assert!(!allowed.allow(Some(refused)), "{refused:?}");
            assert!(!allowed.allow_own(Some(refused)), "{refused:?}");
        }
        // An extra origin opens the WebSocket, and never acts with a player's cookie.
        assert!(allowed.allow_own(None));
        assert!(allowed.allow_own(Some("https://chess.example.org")));
        assert!(!allowed.allow_own(Some("http://127.0.0.1:8080")));
    }
}
