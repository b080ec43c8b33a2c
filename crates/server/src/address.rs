//! Who a client is, as far as the limits go: the address a request comes from (the peer, or
//! behind a trusted reverse proxy the client its `X-Forwarded-For` names) and the key that
//! address counts under (an IPv4 address, or an IPv6 `/64`: one household or phone, as a
//! provider hands them out), with the wider IPv6 networks (`/56`, `/48`) one subscriber or site
//! may hold.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr};

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The key an address counts under: an IPv4 address (unmapped from IPv6), or the `/64` of an
/// IPv6 address. Two addresses with the same key share every per-address limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddressKey(IpAddr);

impl AddressKey {
    /// The key of `ip`.
    #[must_use]
    pub fn of(ip: IpAddr) -> AddressKey {
        match ip.to_canonical() {
            IpAddr::V6(v6) => AddressKey(IpAddr::V6(prefix(v6, 64))),
            v4 => AddressKey(v4),
        }
    }

    /// The wider networks this key belongs to, narrowest first: for IPv6 its `/56` and its
    /// `/48` (as keys of their own, with their prefix length), for IPv4 none.
    #[must_use]
    pub fn networks(self) -> Vec<(u32, AddressKey)> {
        match self.0 {
            IpAddr::V6(v6) => [56, 48]
                .into_iter()
                .map(|len| (len, AddressKey(IpAddr::V6(prefix(v6, len)))))
                .collect(),
            IpAddr::V4(_) => Vec::new(),
        }
    }

    /// The address the key stands for (the network's first address for IPv6).
    #[must_use]
    pub fn ip(self) -> IpAddr {
        self.0
    }
}

impl fmt::Display for AddressKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
            v4 => write!(f, "{v4}"),
        }
    }
}

/// The first `len` bits of `ip`, the rest zero.
fn prefix(ip: Ipv6Addr, len: u32) -> Ipv6Addr {
    let mask = u128::MAX.checked_shl(128 - len).unwrap_or(0);
    Ipv6Addr::from_bits(ip.to_bits() & mask)
}

/// The reverse proxies whose `X-Forwarded-For` header is believed (`--trusted-proxy`); empty,
/// the default, believes nobody's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Proxies at these addresses or networks.
    #[must_use]
    pub fn new(nets: Vec<IpNet>) -> TrustedProxies {
        TrustedProxies(nets)
    }

    /// Whether `ip` is one of the proxies.
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// Whether no proxy is trusted.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Reads one `--trusted-proxy`: an address (`10.0.0.2`, `::1`) or a network in CIDR notation
/// (`10.0.0.0/8`, `fd00::/8`).
///
/// # Errors
/// A message naming what was expected, for anything else.
pub fn parse_trusted_proxy(s: &str) -> Result<IpNet, String> {
    let s = s.trim();
    if let Ok(net) = s.parse::<IpNet>() {
        return Ok(net.trunc());
    }
    s.parse::<IpAddr>()
        .map(IpNet::from)
        .map_err(|_| format!("`{s}` is neither an address (10.0.0.2) nor a network (10.0.0.0/8)"))
}

/// The client a request comes from. The peer itself, unless it is a trusted proxy: then the
/// `X-Forwarded-For` chain is read from the right (each proxy appends the address it got the
/// request from) past the trusted proxies, and the first address that is not one is the
/// client. An entry that is not an address ends the walk at the last trusted hop (whatever is
/// left of it was written by the client and proves nothing); a chain of trusted proxies only
/// gives its leftmost.
#[must_use]
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &TrustedProxies) -> IpAddr {
    let peer = peer.to_canonical();
    if !trusted.contains(peer) {
        return peer;
    }
    let mut client = peer;
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .rev()
        .flat_map(|v| v.to_str().unwrap_or("?").rsplit(','));
    for hop in hops {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) => {
                client = ip.to_canonical();
                if !trusted.contains(client) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("address")
    }

    #[test]
    fn addresses_are_keyed_by_ipv4_address_and_ipv6_slash_64() {
        for (address, key) in [
            ("192.0.2.7", "192.0.2.7"),
            ("::ffff:192.0.2.7", "192.0.2.7"),
            ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
            ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
            ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
            ("::1", "::/64"),
        ] {
            assert_eq!(AddressKey::of(ip(address)).to_string(), key, "{address}");
        }
        assert_eq!(
            AddressKey::of(ip("2001:db8::1")),
            AddressKey::of(ip("2001:db8::2"))
        );
        assert_ne!(
            AddressKey::of(ip("192.0.2.7")),
            AddressKey::of(ip("192.0.2.8"))
        );
    }

    #[test]
    fn ipv6_keys_belong_to_their_slash_56_and_slash_48() {
        for (address, n56, n48) in [
            ("2001:db8:aa:bbcc::1", "2001:db8:aa:bb00::", "2001:db8:aa::"),
            (
                "2001:db8:aa:bbff:1::",
                "2001:db8:aa:bb00::",
                "2001:db8:aa::",
            ),
            ("2001:db8:aa:cc00::", "2001:db8:aa:cc00::", "2001:db8:aa::"),
            ("2001:db8:ab::", "2001:db8:ab::", "2001:db8:ab::"),
        ] {
            let nets = AddressKey::of(ip(address)).networks();
            assert_eq!(
                nets,
                vec![(56, AddressKey(ip(n56))), (48, AddressKey(ip(n48))),],
                "{address}"
            );
        }
        assert!(AddressKey::of(ip("192.0.2.7")).networks().is_empty());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        assert_eq!(
            parse_trusted_proxy("10.0.0.2"),
            Ok("10.0.0.2/32".parse().expect("net"))
        );
        assert_eq!(
            parse_trusted_proxy("10.1.2.3/8"),
            Ok("10.0.0.0/8".parse().expect("net"))
        );
        assert_eq!(
            parse_trusted_proxy(" ::1 "),
            Ok("::1/128".parse().expect("net"))
        );
        for bad in ["", "10.0.0", "10.0.0.0/33", "localhost", "fd00::/129"] {
            assert!(parse_trusted_proxy(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_client_is_the_rightmost_address_no_trusted_proxy_wrote() {
        let trusted = TrustedProxies::new(vec![
            parse_trusted_proxy("10.0.0.0/8").expect("net"),
            parse_trusted_proxy("::1").expect("net"),
        ]);
        let proxy = "10.0.0.2";
        for (peer, forwarded, client) in [
            // Nobody believes an untrusted peer's header.
            ("192.0.2.1", Some("198.51.100.9"), "192.0.2.1"),
            ("192.0.2.1", None, "192.0.2.1"),
            // A trusted proxy's client; left of it is what the client claimed.
            (proxy, Some("198.51.100.9"), "198.51.100.9"),
            (proxy, Some("203.0.113.5, 198.51.100.9"), "198.51.100.9"),
            // Two proxies of ours in a row.
            (
                proxy,
                Some("203.0.113.5, 198.51.100.9, 10.0.0.7"),
                "198.51.100.9",
            ),
            ("::1", Some("2001:db8::5"), "2001:db8::5"),
            (
                "::ffff:10.0.0.2",
                Some("::ffff:198.51.100.9"),
                "198.51.100.9",
            ),
            // No header, or garbage where the client should be: the last trusted hop.
            (proxy, None, proxy),
            (proxy, Some(""), proxy),
            (proxy, Some("198.51.100.9, not-an-address"), proxy),
            (proxy, Some("198.51.100.9, 10.0.0.7, unknown"), proxy),
            (proxy, Some("10.0.0.8, 10.0.0.7"), "10.0.0.8"),
        ] {
            let mut headers = HeaderMap::new();
            if let Some(f) = forwarded {
                headers.insert("x-forwarded-for", f.parse().expect("header"));
            }
            assert_eq!(
                client_address(ip(peer), &headers, &trusted),
                ip(client),
                "{peer} forwarding {forwarded:?}"
            );
        }
        // Several header lines are one list, in order.
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "203.0.113.5".parse().expect("header"));
        headers.append("x-forwarded-for", "198.51.100.9".parse().expect("header"));
        assert_eq!(
            client_address(ip(proxy), &headers, &trusted),
            ip("198.51.100.9")
        );
        // Trusting nobody, the peer is the client.
        assert_eq!(
            client_address(ip(proxy), &headers, &TrustedProxies::default()),
            ip(proxy)
        );
    }
}
