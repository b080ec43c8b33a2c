//! Rate limits per client address ([`AddressKey`]), across all of its connections: room
//! creations, joins by id, other messages and protocol upkeep (pings, acknowledgements) each
//! have a budget per address, and for IPv6 a larger one per `/56` and per `/48`, so neither
//! many connections from one address nor many addresses of one network multiply what one
//! client may do. Each budget is a burst and a steady rate (GCRA, the `governor` crate).

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::address::AddressKey;

/// What a client asks for, as the limits count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Creating a room.
    CreateRoom,
    /// Joining a room by its id (a database lookup when it is not in memory).
    Join,
    /// Any other message (moves, lobby watching, leaving).
    Message,
    /// Pings and acknowledgements.
    Upkeep,
    /// Taking a place in a quick-pairing pool.
    JoinPool,
}

impl Action {
    /// Every action, in the order of [`RateConfig`]'s budgets.
    pub const ALL: [Action; 5] = [
        Action::CreateRoom,
        Action::Join,
        Action::Message,
        Action::Upkeep,
        Action::JoinPool,
    ];

    /// The label of the action in `/metrics` (`asean_rate_limited{action=...}`).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Action::CreateRoom => "create_room",
            Action::Join => "join",
            Action::Message => "message",
            Action::Upkeep => "upkeep",
            Action::JoinPool => "join_pool",
        }
    }

    /// What the refusal says the client did too often.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Action::CreateRoom => "rooms created",
            Action::Join => "joins",
            Action::Message => "messages",
            Action::Upkeep => "pings and acknowledgements",
            Action::JoinPool => "pool joins",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One budget: `burst` at once, then `per_minute` a minute, refilled evenly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// How many may come at once after a quiet spell.
    pub burst: u32,
    /// How many a minute, on average, after the burst.
    pub per_minute: u32,
}

impl Budget {
    fn quota(self, times: u32) -> Option<Quota> {
        let per_minute = NonZeroU32::new(self.per_minute.saturating_mul(times))?;
        let burst = NonZeroU32::new(self.burst.saturating_mul(times))?;
        Some(Quota::per_minute(per_minute).allow_burst(burst))
    }
}

/// The budgets of one address (an IPv4 address or an IPv6 `/64`); an IPv6 `/56` has
/// [`RateConfig::per_56`] times them, a `/48` [`RateConfig::per_48`] times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateConfig {
    /// Rooms created.
    pub create_room: Budget,
    /// Joins by room id.
    pub join: Budget,
    /// Other messages (moves among them; each seat also has its own move budget).
    pub message: Budget,
    /// Pings and acknowledgements.
    pub upkeep: Budget,
    /// Places taken in pools.
    pub join_pool: Budget,
    /// How many addresses' worth an IPv6 `/56` gets.
    pub per_56: u32,
    /// How many addresses' worth an IPv6 `/48` gets.
    pub per_48: u32,
}

impl RateConfig {
    /// No limit at all (for load benchmarks that play thousands of games from one address).
    pub const UNLIMITED: RateConfig = RateConfig {
        create_room: Budget::ZERO,
        join: Budget::ZERO,
        message: Budget::ZERO,
        upkeep: Budget::ZERO,
        join_pool: Budget::ZERO,
        per_56: 0,
        per_48: 0,
    };

    fn budget(&self, action: Action) -> Budget {
        match action {
            Action::CreateRoom => self.create_room,
            Action::Join => self.join,
            Action::Message => self.message,
            Action::Upkeep => self.upkeep,
            Action::JoinPool => self.join_pool,
        }
    }
}

impl Budget {
    /// A budget of nothing, which [`AddressRates`] takes for no limit.
    pub const ZERO: Budget = Budget {
        burst: 0,
        per_minute: 0,
    };
}

impl Default for RateConfig {
    /// A player behind a shared address (a family, a school) is far inside these; one
    /// address that opens hundreds of connections is not.
    fn default() -> RateConfig {
        RateConfig {
            create_room: Budget {
                burst: 30,
                per_minute: 30,
            },
            join: Budget {
                burst: 100,
                per_minute: 600,
            },
            message: Budget {
                burst: 300,
                per_minute: 3_600,
            },
            upkeep: Budget {
                burst: 1_000,
                per_minute: 12_000,
            },
            // A player joins a pool, cancels, joins another: a few a minute. A school behind
            // one address, a few dozen.
            join_pool: Budget {
                burst: 20,
                per_minute: 60,
            },
            per_56: 4,
            per_48: 16,
        }
    }
}

/// A budget per client address that an IPv6 network cannot multiply: each address (an IPv4
/// address or an IPv6 `/64`) has its quota, and each IPv6 `/56` and `/48` a multiple of it,
/// so a client holding a whole network gets a few addresses' worth, not millions. Checked
/// narrowest first: an address refused spends nothing of its networks' budgets.
pub struct NetworkLimiter {
    /// Per address, per `/56`, per `/48` (`None`: no limit at that level).
    levels: [Option<DefaultKeyedRateLimiter<AddressKey>>; 3],
}

impl NetworkLimiter {
    /// `quota` per address, `per_56` times it per `/56` and `per_48` times it per `/48` (0: no
    /// limit at that level).
    #[must_use]
    pub fn new(quota: Quota, per_56: u32, per_48: u32) -> NetworkLimiter {
        let times = |k: u32| -> Option<Quota> {
            let k = NonZeroU32::new(k)?;
            let burst = quota.burst_size().saturating_mul(k);
            Quota::with_period(quota.replenish_interval() / k.get()).map(|q| q.allow_burst(burst))
        };
        NetworkLimiter {
            levels: [Some(quota), times(per_56), times(per_48)].map(|q| q.map(RateLimiter::keyed)),
        }
    }

    /// `budget` per address, and its multiples of `config` per network (a zero budget: none).
    fn of_budget(budget: Budget, config: &RateConfig) -> NetworkLimiter {
        NetworkLimiter {
            levels: [1, config.per_56, config.per_48]
                .map(|k| budget.quota(k).map(RateLimiter::keyed)),
        }
    }

    /// Whether `key` may act once now; counts it when so.
    #[must_use]
    pub fn check(&self, key: AddressKey) -> bool {
        self.check_n(key, NonZeroU32::MIN)
    }

    /// Whether `key` may act `n` times now (all or none); counts them when so.
    #[must_use]
    pub fn check_n(&self, key: AddressKey, n: NonZeroU32) -> bool {
        let keys = std::iter::once(key).chain(key.networks().into_iter().map(|(_, net)| net));
        keys.zip(&self.levels).all(|(k, level)| {
            level
                .as_ref()
                .is_none_or(|l| matches!(l.check_key_n(&k, n), Ok(Ok(()))))
        })
    }

    /// Forgets the keys whose budget is full again.
    pub fn retain_recent(&self) {
        for l in self.levels.iter().flatten() {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }

    /// Keys held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.levels.iter().flatten().map(RateLimiter::len).sum()
    }

    /// Whether no key is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How many checks between two sweeps of the keys no longer limited (they are at full budget
/// again), so the limiters hold only the addresses active lately.
const SWEEP_EVERY: u64 = 4_096;

/// The rate limiters of every address, for every [`Action`].
pub struct AddressRates {
    levels: [NetworkLimiter; 5],
    checks: AtomicU64,
}

impl std::fmt::Debug for AddressRates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AddressRates")
            .field("keys", &self.len())
            .finish()
    }
}

impl AddressRates {
    /// Limiters with `config`'s budgets.
    #[must_use]
    pub fn new(config: &RateConfig) -> AddressRates {
        AddressRates {
            levels: Action::ALL.map(|a| NetworkLimiter::of_budget(config.budget(a), config)),
            checks: AtomicU64::new(0),
        }
    }

    /// Whether the client at `ip` may do `action` now; counts it when so. The address is
    /// checked first, then (IPv6) its `/56` and `/48`, so a refused address does not spend
    /// its network's budget.
    pub fn allow(&self, ip: IpAddr, action: Action) -> bool {
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.sweep();
        }
        self.levels[action.index()].check(AddressKey::of(ip))
    }

    /// Forgets the keys whose budget is full again.
    fn sweep(&self) {
        for l in &self.levels {
            l.retain_recent();
        }
    }

    /// Keys held in all the limiters (for tests and benchmarks).
    #[must_use]
    pub fn len(&self) -> usize {
        self.levels.iter().map(NetworkLimiter::len).sum()
    }

    /// Whether no key is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("address")
    }

    fn config(burst: u32) -> RateConfig {
        let b = Budget {
            burst,
            per_minute: 1,
        };
        RateConfig {
            create_room: b,
            join: b,
            message: b,
            upkeep: b,
            join_pool: b,
            per_56: 2,
            per_48: 3,
        }
    }

    /// How many of `n` tries at `action` from `ip` pass.
    fn passed(rates: &AddressRates, ip: IpAddr, action: Action, n: usize) -> usize {
        (0..n).filter(|_| rates.allow(ip, action)).count()
    }

    #[test]
    fn an_address_has_its_burst_whatever_its_connections() {
        let rates = AddressRates::new(&config(5));
        assert_eq!(passed(&rates, ip("192.0.2.1"), Action::Join, 50), 5);
        // Another action, another address: budgets of their own.
        assert_eq!(passed(&rates, ip("192.0.2.1"), Action::CreateRoom, 50), 5);
        assert_eq!(passed(&rates, ip("192.0.2.2"), Action::Join, 50), 5);
        // The IPv4-mapped form is the same address.
        assert_eq!(passed(&rates, ip("::ffff:192.0.2.1"), Action::Join, 50), 0);
    }

    #[test]
    fn ipv6_addresses_share_their_slash_64_and_networks_have_caps_of_their_own() {
        let rates = AddressRates::new(&config(5));
        // One /64: every address in it is the same client.
        assert_eq!(passed(&rates, ip("2001:db8:0:1::1"), Action::Join, 3), 3);
        assert_eq!(passed(&rates, ip("2001:db8:0:1::2"), Action::Join, 50), 2);
        // A second /64 of the same /56 gets its own 5; the /56 (2 × 5) is then spent.
        assert_eq!(passed(&rates, ip("2001:db8:0:2::1"), Action::Join, 50), 5);
        assert_eq!(passed(&rates, ip("2001:db8:0:3::1"), Action::Join, 50), 0);
        // Another /56 of the same /48 has room for the /48's last 5 (3 × 5 in all).
        assert_eq!(passed(&rates, ip("2001:db8:0:100::1"), Action::Join, 50), 5);
        assert_eq!(passed(&rates, ip("2001:db8:0:200::1"), Action::Join, 50), 0);
        // Another /48 is untouched.
        assert_eq!(passed(&rates, ip("2001:db8:1::1"), Action::Join, 50), 5);
    }

    #[test]
    fn a_refused_address_does_not_spend_its_networks_budget() {
        let rates = AddressRates::new(&config(5));
        assert_eq!(passed(&rates, ip("2001:db8::1"), Action::Join, 1_000), 5);
        // The /56 spent only the 5 that passed: a neighbour still gets its 5.
        assert_eq!(passed(&rates, ip("2001:db8:0:1::1"), Action::Join, 50), 5);
    }

    #[test]
    fn a_zero_budget_is_no_limit() {
        let rates = AddressRates::new(&RateConfig::UNLIMITED);
        assert_eq!(
            passed(&rates, ip("192.0.2.1"), Action::Message, 10_000),
            10_000
        );
        assert!(rates.is_empty());
    }

    #[test]
    fn the_default_budgets_let_a_page_through_and_stop_a_flood() {
        let rates = AddressRates::new(&RateConfig::default());
        let a = ip("192.0.2.1");
        // A page's start: a room, a few joins, some moves and pings.
        assert_eq!(passed(&rates, a, Action::CreateRoom, 3), 3);
        assert_eq!(passed(&rates, a, Action::Join, 10), 10);
        assert_eq!(passed(&rates, a, Action::Message, 100), 100);
        assert_eq!(passed(&rates, a, Action::Upkeep, 100), 100);
        // The flood of the finding: 5,000 joins and 278 rooms in a second.
        assert!(passed(&rates, a, Action::Join, 5_000) <= 100);
        assert!(passed(&rates, a, Action::CreateRoom, 278) <= 30);
    }
}
