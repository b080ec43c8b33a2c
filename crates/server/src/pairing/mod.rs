//! Quick pairing: one tap on a time control puts a player in that pool, and every
//! [`LobbyConfig::pool_wave`](crate::lobby::LobbyConfig::pool_wave) the pools pair their
//! players by rating ([`wave`]) into new rooms with both seats taken.
//!
//! Signed-in players wait in the rated pool of a time control and play rated games; anonymous
//! players wait in its casual pool. A connection holds one place at a time, and an account
//! one place across its connections (a newer one replaces the older, whose connection is told
//! [`ServerMsg::PoolLeft`]).
//!
//! One writer for each piece: the player's node owns the player's place (it made the place's
//! ticket and seat secret, it writes the place into the [`Registry`] and takes it out when
//! the player leaves or disconnects); the pairing authority (the only node that pairs: every
//! node on one server, the holder of a Redis lease on several) claims two places at once in
//! the registry, then writes the room and both tickets in one transaction of the store.
//! A ticket can be paired once only ([`crate::store::StoreError::TicketUsed`]), so:
//! - a player is never in two new games for one place, even when an authority dies between
//!   writing a room and telling its players and its successor pairs the same places again
//!   (it then finds the room the ticket went to, and tells the player that one);
//! - a place is never lost: each node writes its places back after a claim that led nowhere
//!   ([`registry::CLAIM_GRACE_MS`]), and the places of a dead node leave with it (their
//!   players reconnect to another node and join again).
//!
//! When paired, the player's connection receives [`ServerMsg::Seated`] with the room, the
//! seat and the seat's secret, and joins the room with it as with any seat it holds.

pub mod registry;
pub mod wave;

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use protocol::user::Username;
use protocol::{Color, ErrorCode, PromotionRule, RoomEvent, RoomId, ServerMsg, TimeControl};
use rules::{ByColor, Position, Rules};

use crate::cluster::{BusMsg, NodeId};
use crate::ids::{random_hex, random_room_id, random_secret};
use crate::lobby::{ConnId, Lobby};
use crate::outbox::Outbox;
use crate::room::actor::Subscriber;
use crate::room::state::Refusal;
use crate::room::state::hash_secret;
use crate::store::pairing::{Pairing, Ticket};
use crate::store::{Append, Phase, RoomMeta, SecretHash, StoreError, StoredRoom};
pub use registry::{Place, Registry};

/// How often the pools pair their players unless told otherwise.
pub const DEFAULT_WAVE: Duration = Duration::from_secs(2);
/// The shortest wave taken (tests use short ones).
pub const MIN_WAVE: Duration = Duration::from_millis(20);
/// Pairs whose rooms are written at once by one wave.
const PAIRS_AT_ONCE: usize = 32;

/// One pool: a time control, rated (signed-in players) or casual (anonymous ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PoolKey {
    /// The time control.
    pub clock: TimeControl,
    /// Rated or casual.
    pub rated: bool,
}

impl PoolKey {
    /// The pool's name in the registry: `3+2r` (rated) or `3+2c` (casual).
    #[must_use]
    pub fn name(&self) -> String {
        format!("{}{}", self.clock, if self.rated { 'r' } else { 'c' })
    }

    /// Every pool: each time control of [`protocol::POOLS`], rated and casual.
    pub fn all() -> Vec<PoolKey> {
        protocol::pools()
            .flat_map(|clock| [true, false].map(|rated| PoolKey { clock, rated }))
            .collect()
    }
}

/// A place of this node's player.
#[derive(Debug)]
struct Mine {
    pool: PoolKey,
    place: Place,
    /// The seat secret the player gets when paired.
    secret: String,
    outbox: Outbox,
    /// The number of players last told.
    told: Option<u32>,
}

/// The pools, as one node sees them.
pub struct Pools {
    registry: Registry,
    /// This node's name on several nodes.
    node: Option<NodeId>,
    /// The places of this node's connections.
    mine: Mutex<HashMap<ConnId, Mine>>,
    wave: Duration,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn unreachable() -> Refusal {
    Refusal::new(
        ErrorCode::Internal,
        "the pools cannot be reached now: try again in a moment",
    )
}

impl Pools {
    /// The pools of a node: `registry` where places live, `node` its name on several nodes.
    #[must_use]
    pub fn new(registry: Registry, node: Option<NodeId>, wave: Duration) -> Pools {
        Pools {
            registry,
            node,
            mine: Mutex::new(HashMap::new()),
            wave: wave.max(MIN_WAVE),
        }
    }

    /// How often waves run.
    #[must_use]
    pub fn wave(&self) -> Duration {
        self.wave
    }

    /// The players of this node waiting in pools.
    #[must_use]
    pub fn waiting_here(&self) -> usize {
        lock(&self.mine).len()
    }

    fn player_key(&self, sub: &Subscriber) -> String {
        match &sub.user {
            Some(u) => format!("u:{}", u.id().as_str()),
            None => format!(
                "c:{}:{}",
                self.node.as_ref().map_or("local", NodeId::as_str),
                sub.conn
            ),
        }
    }

    /// Puts `sub` in the pool of `clock` (rated when signed in), replacing its place in any
    /// other pool, and tells it [`ServerMsg::Pool`].
    ///
    /// # Errors
    /// [`ErrorCode::InvalidSettings`] for a time control that is not a pool's;
    /// [`ErrorCode::NotAllowed`] for a bot account (bots play through challenges, as on
    /// lichess);
    /// [`ErrorCode::Internal`] when the store or the registry does not answer.
    pub async fn join(
        &self,
        lobby: &Lobby,
        sub: &Subscriber,
        clock: TimeControl,
    ) -> Result<(), Refusal> {
        let pool = PoolKey {
            clock,
            rated: sub.user.is_some(),
        };
        self.join_pool(lobby, sub, pool).await
    }

    /// Puts `sub` in `pool`, replacing its place in any other pool and the place of its
    /// account on another connection of this node, and tells it [`ServerMsg::Pool`]. The
    /// page's players join through [`Pools::join`]; `POST /api/board/seek` joins here with
    /// a connection of its own ([`crate::api::seek`]), in the casual pool when asked, so a
    /// signed-in player may wait there too (seated by their account all the same).
    ///
    /// # Errors
    /// [`ErrorCode::InvalidSettings`] for a time control that is not a pool's, or a rated
    /// pool without an account; [`ErrorCode::Internal`] when the store or the registry does
    /// not answer.
    pub async fn join_pool(
        &self,
        lobby: &Lobby,
        sub: &Subscriber,
        pool: PoolKey,
    ) -> Result<(), Refusal> {
        let clock = pool.clock;
        if !protocol::is_pool(clock) {
            return Err(Refusal::new(
                ErrorCode::InvalidSettings,
                format!("{clock} is not a pool: choose one of the listed time controls"),
            ));
        }
        if pool.rated && sub.user.is_none() {
            return Err(Refusal::new(
                ErrorCode::InvalidSettings,
                "the rated pools are for signed-in players",
            ));
        }
        if let Some(u) = &sub.user {
            let account = lobby.store().account(&u.id()).await.map_err(|e| {
                tracing::warn!("account {u} not read: {e}");
                unreachable()
            })?;
            if account.is_some_and(|a| a.bot) {
                lobby.metrics.account_refused("bot");
                return Err(Refusal::new(
                    ErrorCode::NotAllowed,
                    "a bot account cannot join the pools: bots play through challenges",
                ));
            }
        }
        let now = lobby.now_ms();
        let rating = match &sub.user {
            Some(u) => rating_of(lobby, u, clock, now).await?,
            None => protocol::SeatRating {
                rating: 1500,
                provisional: false,
            },
        };
        self.leave(sub.conn).await;
        let key = self.player_key(sub);
        // The account's place on another connection of this node goes.
        let replaced: Vec<(ConnId, Mine)> = {
            let mut mine = lock(&self.mine);
            let conns: Vec<ConnId> = mine
                .iter()
                .filter(|(_, m)| m.place.key == key)
                .map(|(c, _)| *c)
                .collect();
            conns
                .into_iter()
                .filter_map(|c| mine.remove(&c).map(|m| (c, m)))
                .collect()
        };
        for (_, m) in replaced {
            // Out of the registry too: in another pool than the new place, it would stay
            // there and be paired with nobody to tell.
            if let Err(e) = self
                .registry
                .remove(m.pool, &m.place.key, &m.place.ticket)
                .await
            {
                tracing::warn!("replaced pool place not removed: {e}");
            }
            m.outbox.send(&ServerMsg::PoolLeft { pool: m.pool.clock });
        }
        let secret = random_secret();
        let place = Place {
            ticket: random_hex(16),
            key,
            node: self.node.as_ref().map(|n| n.as_str().to_owned()),
            user: sub.user.clone(),
            rating: rating.rating,
            provisional: rating.provisional,
            joined_ms: now,
            secret_hash: hash_secret(&secret).0,
        };
        if let Err(e) = self.registry.put(pool, &place).await {
            tracing::warn!("pool place not written: {e}");
            return Err(unreachable());
        }
        let players = self
            .registry
            .counts(&[pool])
            .await
            .ok()
            .and_then(|c| c.get(&pool.name()).copied())
            .unwrap_or(1);
        sub.outbox.send(&ServerMsg::Pool {
            pool: clock,
            rated: pool.rated,
            players,
        });
        lobby.metrics.pool_joins.inc();
        lock(&self.mine).insert(
            sub.conn,
            Mine {
                pool,
                place,
                secret,
                outbox: sub.outbox.clone(),
                told: Some(players),
            },
        );
        Ok(())
    }

    /// Takes `conn`'s place out of its pool, if it has one (it left, or disconnected).
    pub async fn leave(&self, conn: ConnId) {
        let Some(m) = lock(&self.mine).remove(&conn) else {
            return;
        };
        if let Err(e) = self
            .registry
            .remove(m.pool, &m.place.key, &m.place.ticket)
            .await
        {
            // The place stays until its node is gone or it is paired; a pairing then finds
            // nobody to tell, and the game is aborted when nobody comes.
            tracing::warn!("pool place not removed: {e}");
        }
    }

    /// Tells this node's player of place `ticket` that it was paired into `room` as `seat`.
    pub fn deliver(&self, ticket: &str, room: &RoomId, seat: Color) {
        let found = {
            let mut mine = lock(&self.mine);
            let conn = mine
                .iter()
                .find(|(_, m)| m.place.ticket == ticket)
                .map(|(c, _)| *c);
            conn.and_then(|c| mine.remove(&c))
        };
        if let Some(m) = found {
            m.outbox.send(&ServerMsg::Seated {
                room: room.clone(),
                seat,
                secret: m.secret,
            });
        }
    }

    /// Tells the player of `place` where it plays: here, or on its node over the bus.
    async fn notify(&self, lobby: &Lobby, place: &Place, room: &RoomId, seat: Color) {
        let here = match (&place.node, &self.node) {
            (Some(theirs), Some(me)) => theirs == me.as_str(),
            _ => true,
        };
        if here {
            self.deliver(&place.ticket, room, seat);
            return;
        }
        let (Some(cluster), Some(node)) = (lobby.cluster(), &place.node) else {
            return;
        };
        let msg = BusMsg::Paired {
            ticket: place.ticket.clone(),
            room: room.clone(),
            seat,
        };
        if let Err(e) = cluster.send(&NodeId::from(node.clone()), &msg).await {
            // The place comes back after the grace, and its next pairing finds this room.
            tracing::warn!("pairing into {room} not sent to node {node}: {e}");
        }
    }

    /// One wave: this node's places written back where they went missing (several nodes),
    /// the pools paired when this node is the authority, and the waiting players told the
    /// pools' sizes when they changed.
    pub async fn tick(&self, lobby: &Lobby) {
        let now = lobby.now_ms();
        let pools = PoolKey::all();
        if matches!(self.registry, Registry::Redis(_)) {
            self.reassert(&pools, now).await;
        }
        let ttl = u64::try_from(self.wave.as_millis())
            .unwrap_or(u64::MAX)
            .saturating_mul(3);
        match self.registry.authority(ttl).await {
            Ok(true) => {
                for pool in &pools {
                    self.pair_pool(lobby, *pool, now).await;
                }
            }
            Ok(false) => {}
            Err(e) => tracing::warn!("pool authority not renewed: {e}"),
        }
        self.tell_counts(&pools).await;
    }

    async fn reassert(&self, pools: &[PoolKey], now: u64) {
        for pool in pools {
            let places: Vec<Place> = lock(&self.mine)
                .values()
                .filter(|m| m.pool == *pool)
                .map(|m| m.place.clone())
                .collect();
            match self.registry.reassert(*pool, &places, now).await {
                Ok(moved) => {
                    let mut mine = lock(&self.mine);
                    for t in moved {
                        let conn = mine
                            .iter()
                            .find(|(_, m)| m.place.ticket == t)
                            .map(|(c, _)| *c);
                        if let Some(m) = conn.and_then(|c| mine.remove(&c)) {
                            m.outbox.send(&ServerMsg::PoolLeft { pool: m.pool.clock });
                        }
                    }
                }
                Err(e) => tracing::warn!("pool places not written back: {e}"),
            }
        }
    }

    async fn tell_counts(&self, pools: &[PoolKey]) {
        let wanted: Vec<PoolKey> = {
            let mine = lock(&self.mine);
            pools
                .iter()
                .copied()
                .filter(|p| mine.values().any(|m| m.pool == *p))
                .collect()
        };
        if wanted.is_empty() {
            return;
        }
        let Ok(counts) = self.registry.counts(&wanted).await else {
            return;
        };
        let mut mine = lock(&self.mine);
        for m in mine.values_mut() {
            let n = counts.get(&m.pool.name()).copied().unwrap_or(0).max(1);
            if m.told != Some(n) {
                m.told = Some(n);
                m.outbox.send(&ServerMsg::Pool {
                    pool: m.pool.clock,
                    rated: m.pool.rated,
                    players: n,
                });
            }
        }
    }

    /// Pairs the players of `pool` and starts their games.
    async fn pair_pool(&self, lobby: &Lobby, pool: PoolKey, now: u64) {
        let places = match self.registry.snapshot(pool).await {
            Ok(p) if p.len() >= 2 => p,
            Ok(_) => return,
            Err(e) => {
                tracing::warn!("pool {} not read: {e}", pool.name());
                return;
            }
        };
        let keys: Vec<&str> = places.iter().map(|p| p.key.as_str()).collect();
        let history = self.registry.history(&keys, now).await.unwrap_or_default();
        let candidates: Vec<wave::Candidate> = places
            .iter()
            .map(|p| {
                let h = history.get(&p.key).cloned().unwrap_or_default();
                wave::Candidate {
                    key: p.key.clone(),
                    rating: p.rating,
                    waited_ms: now.saturating_sub(p.joined_ms),
                    last_opponent: h.last_opponent,
                    color_balance: h.balance,
                }
            })
            .collect();
        let pairs = wave::pair(&candidates);
        let mut games = Vec::with_capacity(pairs.len());
        for (a, b) in pairs {
            let mut byte = [0u8; 1];
            let _ = getrandom::fill(&mut byte);
            let coin = byte[0] & 1 == 0;
            let (white, black) = match wave::colors(&candidates[a], &candidates[b], coin) {
                Color::White => (a, b),
                Color::Black => (b, a),
            };
            let hist = |i: usize| history.get(&places[i].key).cloned().unwrap_or_default();
            games.push((
                places[white].clone(),
                places[black].clone(),
                (hist(white), hist(black)),
            ));
        }
        for chunk in games.chunks(PAIRS_AT_ONCE) {
            let starts = chunk
                .iter()
                .map(|(w, b, h)| self.start_game(lobby, pool, w, b, h, now));
            futures_util::future::join_all(starts).await;
        }
    }

    /// Claims `white` and `black`, writes their room with both tickets, starts it and tells
    /// both players.
    async fn start_game(
        &self,
        lobby: &Lobby,
        pool: PoolKey,
        white: &Place,
        black: &Place,
        history: &(registry::History, registry::History),
        now: u64,
    ) {
        match self.registry.claim(pool, white, black, now).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!("pool places not claimed: {e}");
                return;
            }
        }
        let rules = Rules::default();
        let meta = RoomMeta {
            id: random_room_id(),
            created_ms: now,
            public: false,
            promotion: PromotionRule::default(),
            clock: Some(pool.clock),
            initial_fen: Position::new(rules).fen(),
            rated: pool.rated,
            seek: crate::store::SeekTerms {
                pool: true,
                ..crate::store::SeekTerms::default()
            },
        };
        let places = ByColor {
            white: white.clone(),
            black: black.clone(),
        };
        let events: Vec<RoomEvent> = Color::ALL
            .into_iter()
            .map(|seat| {
                let place = places.get(seat);
                RoomEvent::Seated {
                    seat,
                    user: place.user.clone(),
                    seat_rating: place.user.as_ref().map(|_| protocol::SeatRating {
                        rating: place.rating,
                        provisional: place.provisional,
                    }),
                }
            })
            .collect();
        let secrets = ByColor::new_with(|c| Some(SecretHash(places.get(c).secret_hash.clone())));
        let append = Append {
            room: meta.id.clone(),
            first_seq: 1,
            events: events.clone(),
            create: Some(meta.clone()),
            seats: Color::ALL
                .into_iter()
                .map(|c| (c, SecretHash(places.get(c).secret_hash.clone())))
                .collect(),
            phase: Some(Phase::Playing),
            fence: lobby.cluster().map(|_| 0),
            ratings: None,
            pairing: Some(Box::new(Pairing {
                tickets: ByColor::new_with(|c| Ticket(places.get(c).ticket.clone())),
            })),
        };
        let written = lobby
            .store()
            .append(append)
            .await
            .unwrap_or(Err(StoreError::Stopped));
        let tickets = [white.ticket.as_str(), black.ticket.as_str()];
        match written {
            Ok(()) => {
                let id = meta.id.clone();
                lobby.start_paired(StoredRoom {
                    meta,
                    phase: Phase::Playing,
                    secrets,
                    events,
                    away: None,
                });
                crate::room::actor::RoomHost::game_phase(lobby, &id, Phase::Playing, Some("pool"));
                lobby.metrics.pool_games.inc();
                let _ = self
                    .registry
                    .record(&white.key, &black.key, (&history.0, &history.1), now)
                    .await;
                for c in Color::ALL {
                    self.notify(lobby, places.get(c), &id, c).await;
                }
                if let Err(e) = self.registry.unclaim(&tickets).await {
                    tracing::warn!("pool claims not cleared: {e}");
                }
            }
            Err(StoreError::TicketUsed(_)) => {
                // An earlier authority paired (one of) these places and died before telling
                // the players: tell them that room; the other place goes back to its pool.
                for c in Color::ALL {
                    let place = places.get(c);
                    let ticket = Ticket(place.ticket.clone());
                    match lobby.store().paired_room(&ticket).await {
                        Ok(Some((room, seat))) => self.notify(lobby, place, &room, seat).await,
                        Ok(None) => {
                            let _ = self.registry.put(pool, place).await;
                        }
                        Err(e) => tracing::warn!("pool ticket {ticket} not read: {e}"),
                    }
                }
                let _ = self.registry.unclaim(&tickets).await;
            }
            Err(e) => {
                tracing::error!("paired room not written: {e}");
                lobby.metrics.errors.inc();
                for c in Color::ALL {
                    let _ = self.registry.put(pool, places.get(c)).await;
                }
                let _ = self.registry.unclaim(&tickets).await;
            }
        }
    }
}

/// The rating of `user` for the perf of `clock` as of `now`.
async fn rating_of(
    lobby: &Lobby,
    user: &Username,
    clock: TimeControl,
    now: u64,
) -> Result<protocol::SeatRating, Refusal> {
    let rated =
        crate::store::accounts::rated_in(&**lobby.store(), &user.id(), rating::Perf::of(clock))
            .await
            .map_err(|e| {
                tracing::warn!("ratings of {user} not read: {e}");
                unreachable()
            })?;
    Ok(crate::store::accounts::seat_rating(&rated, now))
}
