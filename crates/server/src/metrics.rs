//! The server's counters, exported at `/metrics` in the Prometheus (OpenMetrics) text format.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

use crate::listen::{ListenMetrics, RefusedReason};

/// The label of a refusal or a drop: why.
#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
pub struct Reason {
    /// A short snake-case reason, e.g. `address_cap`, `slow_reader`.
    pub reason: &'static str,
}

/// Counters by reason.
pub type ByReason = Family<Reason, Counter>;

/// The label of a challenge's step: `created`, `accepted`, `declined` or `canceled`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
pub struct ChallengeStep {
    /// The step.
    pub event: &'static str,
}

/// The label of a rate-limited request: what was asked too often.
#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
pub struct Limited {
    /// `create_room`, `join`, `message`, `upkeep` (per address) or `seat` (commands of one
    /// seat in a room).
    pub action: &'static str,
}

/// Every counter of the server.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// Rooms held in memory (live rooms and finished ones still open).
    pub rooms_in_memory: Gauge,
    /// Games with both seats taken and not over.
    pub games: Gauge,
    /// Moves played.
    pub moves: Counter,
    /// Refused messages and internal errors.
    pub errors: Counter,
    /// Client messages received.
    pub messages: Counter,
    /// Stored rooms that could not be read at start-up or on demand.
    pub rooms_skipped: Counter,
    /// The listener's counters: connections refused by reason (`total_cap`, `address_cap`,
    /// `header_timeout`, `handshake_timeout`, `accept_error`, `origin`), open TCP connections.
    pub listen: std::sync::Arc<ListenMetrics>,
    /// Clients disconnected by the server, by reason (`slow_reader`, `write_timeout`,
    /// `read_timeout`, `hello_timeout`, `strikes`, `no_acks`, `room_moved`,
    /// `protocol_violation`).
    pub clients_dropped: ByReason,
    /// Messages this node sent to other nodes (several nodes only).
    pub bus_sent: Counter,
    /// Messages this node received from other nodes.
    pub bus_received: Counter,
    /// Rooms this node took over from a dead node, or found without an owner.
    pub rooms_adopted: Counter,
    /// Times this node resynchronised with the cluster (the bus reconnected, or its lease
    /// had lapsed).
    pub resyncs: Counter,
    /// Local connections in rooms of other nodes.
    pub relayed_connections: Gauge,
    /// Rooms of other nodes that local connections are in.
    pub relayed_rooms: Gauge,
    /// Stand-ins here for connections of other nodes.
    pub proxies: Gauge,
    /// Finished or closed rooms shown to spectators from the store, without a room task.
    pub records_served: Counter,
    /// Finished rooms sent out of memory because the cap on finished rooms was reached.
    pub rooms_evicted: Counter,
    /// Joins refused because the address watches as many rooms as allowed.
    pub watches_refused: Counter,
    /// Rooms deleted from the store (cancelled, expired or aborted, ended over a day ago).
    pub rooms_purged: Counter,
    /// Requests refused by a rate limit per address or per seat, by action.
    pub rate_limited: Family<Limited, Counter>,
    /// Accounts created.
    pub accounts_created: Counter,
    /// Sign-ins with a right password.
    pub sign_ins: Counter,
    /// Account requests refused, by reason ([`Metrics::ACCOUNT_REFUSALS`]).
    pub account_refusals: Family<Reason, Counter>,
    /// Places taken in the quick-pairing pools.
    pub pool_joins: Counter,
    /// Games started by the pools (on the pairing authority).
    pub pool_games: Counter,
    /// Players of this node waiting in the pools.
    pub pool_waiting: Gauge,
    /// The API's streams open on this node (game streams of the Board and Bot API).
    pub api_streams: Gauge,
    /// Seeks of the API (`POST /api/board/seek`) waiting in the pools on this node.
    pub api_seeks: Gauge,
    /// Challenges of the API deleted from the store past their expiry.
    pub challenges_purged: Counter,
    /// Connections whose session had ended (signed out, revoked, expired, account closed)
    /// when checked again before a rated or listed room or a seat: anonymous from then on.
    pub sessions_ended: Counter,
    /// Seeks (listed rooms) refused at creation or at taking their seat, by reason
    /// ([`Metrics::SEEK_REFUSALS`]).
    pub seek_refusals: Family<Reason, Counter>,
    /// Challenges by step ([`Metrics::CHALLENGE_STEPS`]).
    pub challenges: Family<ChallengeStep, Counter>,
}

impl Metrics {
    /// Counts a refused connection.
    pub fn refused(&self, reason: RefusedReason) {
        self.listen.count_refused(reason);
    }

    /// Counts a client the server disconnected.
    pub fn dropped(&self, reason: &'static str) {
        self.clients_dropped.get_or_create(&Reason { reason }).inc();
    }

    /// Counts a request refused by a rate limit.
    pub fn limited(&self, action: &'static str) {
        self.rate_limited.get_or_create(&Limited { action }).inc();
    }

    /// The actions of [`Metrics::rate_limited`], all exported from the start (at 0).
    pub const LIMITED_ACTIONS: [&'static str; 11] = [
        "create_room",
        "join",
        "message",
        "upkeep",
        "join_pool",
        "seat",
        "signup",
        "login",
        "profile",
        "api",
        "api_stream",
    ];

    /// Counts a refused account request.
    pub fn account_refused(&self, reason: &'static str) {
        self.account_refusals
            .get_or_create(&Reason { reason })
            .inc();
    }

    /// The reasons of [`Metrics::account_refusals`], all exported from the start (at 0):
    /// a malformed form or name or password, a name taken, a wrong name or password, an
    /// account closed while signing in, a request from another site's page, an API token
    /// that is malformed, unknown or revoked, a token without the scope a route needs, an
    /// account with as many API tokens as allowed, a Bot API route for an account that is no
    /// bot (`not_bot`), a Board API route or a pool for a bot account (`bot`), an upgrade to
    /// a bot account refused (`bot_upgrade`).
    pub const ACCOUNT_REFUSALS: [&'static str; 11] = [
        "bad_input",
        "taken",
        "wrong_credentials",
        "closed",
        "cross_origin",
        "no_such_token",
        "missing_scope",
        "too_many_tokens",
        "not_bot",
        "bot",
        "bot_upgrade",
    ];

    /// Counts a connection whose session had ended.
    pub fn session_ended(&self) {
        self.sessions_ended.inc();
    }

    /// Counts a refused seek or seat of a seek.
    pub fn seek_refused(&self, reason: &'static str) {
        self.seek_refusals.get_or_create(&Reason { reason }).inc();
    }

    /// The steps of [`Metrics::challenges`], all exported from the start (at 0).
    pub const CHALLENGE_STEPS: [&'static str; 5] =
        ["created", "accepted", "declined", "canceled", "open"];

    /// Counts a challenge's step.
    pub fn challenge(&self, event: &'static str) {
        self.challenges
            .get_or_create(&ChallengeStep { event })
            .inc();
    }

    /// The reasons of [`Metrics::seek_refusals`], all exported from the start (at 0): a
    /// player with as many seeks waiting as allowed, a rating range from an anonymous player,
    /// a seat taken by a player outside the seek's range (or anonymous, of a ranged seek).
    pub const SEEK_REFUSALS: [&'static str; 3] =
        ["too_many_seeks", "range_anonymous", "out_of_range"];

    /// Every counter in the OpenMetrics text format.
    #[must_use]
    pub fn text(&self) -> String {
        let mut registry = Registry::default();
        self.register(&mut registry);
        let mut out = String::new();
        if prometheus_client::encoding::text::encode(&mut out, &registry).is_err() {
            out.clear();
        }
        out
    }

    /// The reasons of [`Metrics::clients_dropped`], all exported from the start (at 0).
    pub const DROP_REASONS: [&'static str; 8] = [
        "slow_reader",
        "write_timeout",
        "read_timeout",
        "hello_timeout",
        "strikes",
        "no_acks",
        "room_moved",
        "protocol_violation",
    ];

    /// Registers every counter in `registry`.
    pub fn register(&self, registry: &mut Registry) {
        for reason in Metrics::DROP_REASONS {
            drop(self.clients_dropped.get_or_create(&Reason { reason }));
        }
        for action in Metrics::LIMITED_ACTIONS {
            drop(self.rate_limited.get_or_create(&Limited { action }));
        }
        for reason in Metrics::ACCOUNT_REFUSALS {
            drop(self.account_refusals.get_or_create(&Reason { reason }));
        }
        for reason in Metrics::SEEK_REFUSALS {
            drop(self.seek_refusals.get_or_create(&Reason { reason }));
        }
        for event in Metrics::CHALLENGE_STEPS {
            drop(self.challenges.get_or_create(&ChallengeStep { event }));
        }
        registry.register(
            "asean_connections",
            "Open WebSocket connections",
            self.connections.clone(),
        );
        registry.register(
            "asean_rooms_in_memory",
            "Rooms held in memory",
            self.rooms_in_memory.clone(),
        );
        registry.register(
            "asean_games_in_progress",
            "Games in progress",
            self.games.clone(),
        );
        registry.register("asean_moves", "Moves played", self.moves.clone());
        registry.register(
            "asean_errors",
            "Refused messages and internal errors",
            self.errors.clone(),
        );
        registry.register(
            "asean_messages",
            "Client messages received",
            self.messages.clone(),
        );
        registry.register(
            "asean_rooms_skipped",
            "Stored rooms that could not be read",
            self.rooms_skipped.clone(),
        );
        self.listen.register(registry);
        registry.register(
            "asean_clients_dropped",
            "Clients disconnected by the server, by reason",
            self.clients_dropped.clone(),
        );
        registry.register(
            "asean_rate_limited",
            "Requests refused by a rate limit per address or per seat, by action",
            self.rate_limited.clone(),
        );
        registry.register(
            "asean_accounts_created",
            "Accounts created",
            self.accounts_created.clone(),
        );
        registry.register(
            "asean_sign_ins",
            "Sign-ins with a right password",
            self.sign_ins.clone(),
        );
        registry.register(
            "asean_account_refusals",
            "Account requests refused, by reason",
            self.account_refusals.clone(),
        );
        registry.register(
            "asean_pool_joins",
            "Places taken in the quick-pairing pools",
            self.pool_joins.clone(),
        );
        registry.register(
            "asean_pool_games",
            "Games started by the quick-pairing pools on this node",
            self.pool_games.clone(),
        );
        registry.register(
            "asean_pool_waiting",
            "Players of this node waiting in the quick-pairing pools",
            self.pool_waiting.clone(),
        );
        registry.register(
            "asean_api_streams",
            "The API's streams open on this node (game streams of the Board and Bot API)",
            self.api_streams.clone(),
        );
        registry.register(
            "asean_api_seeks",
            "Seeks of the API (POST /api/board/seek) waiting in the pools on this node",
            self.api_seeks.clone(),
        );
        registry.register(
            "asean_challenges_purged",
            "Challenges of the API deleted from the store past their expiry",
            self.challenges_purged.clone(),
        );
        registry.register(
            "asean_sessions_ended",
            "Connections whose session had ended when checked again: anonymous from then on",
            self.sessions_ended.clone(),
        );
        registry.register(
            "asean_seek_refusals",
            "Seeks or seats of seeks refused, by reason",
            self.seek_refusals.clone(),
        );
        registry.register(
            "asean_challenges",
            "Challenges created, accepted, declined and canceled",
            self.challenges.clone(),
        );
        registry.register(
            "asean_bus_sent",
            "Messages sent to other nodes",
            self.bus_sent.clone(),
        );
        registry.register(
            "asean_bus_received",
            "Messages received from other nodes",
            self.bus_received.clone(),
        );
        registry.register(
            "asean_rooms_adopted",
            "Rooms taken over from dead nodes or found without an owner",
            self.rooms_adopted.clone(),
        );
        registry.register(
            "asean_resyncs",
            "Resynchronisations with the cluster",
            self.resyncs.clone(),
        );
        registry.register(
            "asean_relayed_connections",
            "Local connections in rooms of other nodes",
            self.relayed_connections.clone(),
        );
        registry.register(
            "asean_relayed_rooms",
            "Rooms of other nodes that local connections are in",
            self.relayed_rooms.clone(),
        );
        registry.register(
            "asean_proxies",
            "Stand-ins for connections of other nodes",
            self.proxies.clone(),
        );
        registry.register(
            "asean_records_served",
            "Finished or closed rooms shown to spectators from the store",
            self.records_served.clone(),
        );
        registry.register(
            "asean_rooms_evicted",
            "Finished rooms sent out of memory by the cap on finished rooms",
            self.rooms_evicted.clone(),
        );
        registry.register(
            "asean_watches_refused",
            "Joins refused by the cap on rooms watched per address",
            self.watches_refused.clone(),
        );
        registry.register(
            "asean_rooms_purged",
            "Cancelled, expired or aborted rooms deleted from the store",
            self.rooms_purged.clone(),
        );
    }
}
