//! The pure room: its game, seats, numbered events, clocks, presence and lifecycle, with no
//! I/O. A command is planned against the current state without changing it ([`Room::plan`]);
//! the actor stores the planned events and only then applies them ([`Room::apply`]), so a failed
//! write changes nothing. Replaying the stored events rebuilds the room ([`Room::restore`]).
//!
//! Times are milliseconds on the server's clock (Unix milliseconds, monotonic within one
//! process), passed in by the caller.
//!
//! The lifecycle: *waiting* (one seat free: listed while public and its creator is present;
//! cancelled by the creator or expired after [`RoomConfig::invite_ttl`]) -> *playing* (both
//! seats taken) -> *finished* (a result; [`Outcome::Aborted`] while fewer than two moves
//! were played, so no game that was not played has a winner).
//!
//! Presence is not part of the log: it is state of the live room only. A seat's time away
//! adds up over reconnects until that player moves again, so brief reconnects cannot hold the
//! countdown back; it is stored apart from the log ([`AwayRecord`], [`Room::away_record`])
//! so that a restart does not reset it.

use std::time::Duration;

use protocol::user::Username;
use protocol::{
    ClockSnapshot, CloseReason, ErrorCode, RatingRange, RoomCommand, RoomEvent, RoomId, RoomState,
    Seat, Seats, Seeker, UciMove,
};
use rules::{ByColor, Clock, Color, DrawReason, Game, Outcome, Position, Rules, WinReason};
use sha2::{Digest, Sha256};

use crate::store::{AwayRecord, Phase, RoomMeta, SeatAway, SecretHash, StoredRoom};

/// A refused command: the error code and a message for the client (English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The code the client sees.
    pub code: ErrorCode,
    /// A human-readable reason.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

impl std::error::Error for Refusal {}

fn refuse<T>(code: ErrorCode, msg: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, msg))
}

/// A stored event that does not fit the room it is replayed into (a corrupt log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError(pub String);

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReplayError {}

/// SHA-256 of a seat secret, in hex: what is stored instead of the secret.
#[must_use]
pub fn hash_secret(secret: &str) -> SecretHash {
    SecretHash(format!("{:x}", Sha256::digest(secret.as_bytes())))
}

/// [`RoomConfig::countdown`] unless told otherwise: a minute.
pub const DEFAULT_COUNTDOWN: Duration = Duration::from_secs(60);
/// [`RoomConfig::unlist_after`] unless told otherwise: 30 s.
pub const DEFAULT_UNLIST_AFTER: Duration = Duration::from_secs(30);
/// [`RoomConfig::invite_ttl`] unless told otherwise: a day.
pub const DEFAULT_INVITE_TTL: Duration = Duration::from_secs(24 * 3600);
/// [`RoomConfig::finished_ttl`] unless told otherwise: 10 minutes.
pub const DEFAULT_FINISHED_TTL: Duration = Duration::from_secs(600);
/// [`RoomConfig::max_plies`] unless told otherwise: 1,000 plies (500 moves each), several
/// times the longest games players play (the count ends a lone king's defence within 64
/// moves, the 50-move rule may be claimed), so only a game kept going on purpose reaches it.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// The time rules of rooms and the cap on a game's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomConfig {
    /// How long a seated player may be away (added up until they move again) before the
    /// opponent may claim the win, or, before both sides have moved, before the game is
    /// aborted.
    pub countdown: Duration,
    /// How long the creator of a public waiting room may be gone before it leaves the listing.
    pub unlist_after: Duration,
    /// How long an invitation nobody has taken stays open.
    pub invite_ttl: Duration,
    /// How long a finished room stays in memory at most (it leaves earlier once nobody watches).
    pub finished_ttl: Duration,
    /// The plies a game may have: the move that reaches this number ends the game drawn
    /// ([`DrawReason::PlyCap`]) unless it ends it otherwise, so no game's log grows without
    /// end.
    pub max_plies: u32,
}

impl Default for RoomConfig {
    fn default() -> RoomConfig {
        RoomConfig {
            countdown: DEFAULT_COUNTDOWN,
            unlist_after: DEFAULT_UNLIST_AFTER,
            invite_ttl: DEFAULT_INVITE_TTL,
            finished_ttl: DEFAULT_FINISHED_TTL,
            max_plies: DEFAULT_MAX_PLIES,
        }
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A time on the server's clock (milliseconds) as an instant of the rules' [`Clock`], whose
/// origin is the Unix epoch here.
fn instant(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// One seat's presence: whether it is connected and how long it has been away since its
/// player last moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Presence {
    online: bool,
    /// Time away in closed periods since the player's last move.
    away_ms: u64,
    /// Start of the current absence, when offline.
    offline_since_ms: Option<u64>,
}

impl Presence {
    fn away_at(&self, now_ms: u64) -> u64 {
        self.away_ms
            + self
                .offline_since_ms
                .map_or(0, |s| now_ms.saturating_sub(s))
    }
}

/// What a planned command does.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Events to store and apply, in order.
    pub events: Vec<RoomEvent>,
    /// A seat taken, with its new secret (stored as a hash, told to the client once).
    pub new_seat: Option<(Color, String)>,
    /// Both players want a rematch: create it.
    pub rematch: bool,
}

impl Plan {
    fn events(events: Vec<RoomEvent>) -> Plan {
        Plan {
            events,
            ..Plan::default()
        }
    }
}

/// What the lobby needs to know of a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomStatus {
    /// The phase.
    pub phase: Phase,
    /// The free seat, while waiting.
    pub open_seat: Option<Color>,
    /// Shown in the lobby listing now.
    pub listed: bool,
    /// The promotion rule.
    pub promotion: rules::PromotionRule,
    /// The time control.
    pub clock: Option<protocol::TimeControl>,
    /// Creation time (ms since the Unix epoch).
    pub created_ms: u64,
    /// Listed while waiting and its creator present.
    pub public: bool,
    /// A rated game.
    pub rated: bool,
    /// The signed-in creator of a listed room, with their rating when it was created.
    pub seeker: Option<Seeker>,
    /// The ratings that may take the free seat.
    pub rating_range: Option<RatingRange>,
}

/// The state of a room (no I/O): see the module docs.
#[derive(Debug, Clone)]
pub struct Room {
    meta: RoomMeta,
    game: Game,
    secrets: ByColor<Option<SecretHash>>,
    events: Vec<RoomEvent>,
    result: Option<Outcome>,
    closed: Option<CloseReason>,
    /// Public, waiting and not unlisted by the creator's absence.
    listed: bool,
    draw_offer: Option<Color>,
    rematch_offer: Option<Color>,
    rematch_room: Option<RoomId>,
    clocks: Option<Clock>,
    presence: ByColor<Presence>,
    /// The signed-in player of each seat, from the seats' events.
    players: ByColor<Option<Username>>,
    /// Each signed-in player's rating for the room's speed as they sat down.
    seat_ratings: ByColor<Option<protocol::SeatRating>>,
    /// When the game ended or the room closed.
    ended_ms: Option<u64>,
}

/// The seat taken first in a room (the creator's), from its log.
fn creator_seat(events: &[RoomEvent]) -> Option<Color> {
    events.iter().find_map(|e| match e {
        RoomEvent::Seated { seat, .. } => Some(*seat),
        _ => None,
    })
}

impl Room {
    /// Checks a room's settings and plans the creator's seat: the new room (not yet stored)
    /// and the plan of its first events.
    ///
    /// # Errors
    /// [`ErrorCode::InvalidSettings`] for a start position that does not read (a time
    /// control is within its bounds by its type).
    pub fn create(
        meta: RoomMeta,
        seat: Color,
        secret: String,
        user: Option<Username>,
        seat_rating: Option<protocol::SeatRating>,
    ) -> Result<(Room, Plan), Refusal> {
        let room = Room::empty(meta).map_err(|e| Refusal::new(ErrorCode::InvalidSettings, e.0))?;
        let plan = Plan {
            events: vec![RoomEvent::Seated {
                seat,
                user,
                seat_rating,
            }],
            new_seat: Some((seat, secret)),
            rematch: false,
        };
        Ok((room, plan))
    }

    fn empty(meta: RoomMeta) -> Result<Room, ReplayError> {
        let rules = Rules {
            promotion: meta.promotion,
        };
        let game = Game::from_fen(&meta.initial_fen, rules)
            .map_err(|e| ReplayError(format!("start position: {e}")))?;
        let clocks = meta.clock.map(Clock::new);
        Ok(Room {
            listed: meta.public,
            meta,
            game,
            secrets: ByColor::default(),
            events: Vec::new(),
            result: None,
            closed: None,
            draw_offer: None,
            rematch_offer: None,
            rematch_room: None,
            clocks,
            presence: ByColor::default(),
            players: ByColor::default(),
            seat_ratings: ByColor::default(),
            ended_ms: None,
        })
    }

    /// Rebuilds a room from the store at `now_ms`.
    ///
    /// Clocks after a crash: each move's event carries the time it was accepted, and the
    /// server stamps its liveness every second (`last_alive_ms`). The side whose clock was
    /// running is charged from its clock's start up to the last moment the server was known
    /// alive; the downtime itself (from that stamp to the restart) is charged to nobody, and
    /// the clock runs again from `now_ms`.
    ///
    /// Time away after a restart: each seat's time away as last recorded
    /// ([`StoredRoom::away`]), plus, for a seat that was away then, the time up to the last
    /// moment the server was known alive; the downtime is charged to nobody and the absence
    /// goes on from `now_ms`. A seat that moved after the record was made starts from zero,
    /// as does every seat of a room without a record.
    ///
    /// # Errors
    /// [`ReplayError`] when the stored room does not replay (a corrupt record).
    pub fn restore(
        stored: StoredRoom,
        now_ms: u64,
        last_alive_ms: Option<u64>,
    ) -> Result<Room, ReplayError> {
        let mut room = Room::empty(stored.meta)?;
        room.secrets = stored.secrets;
        let away = stored.away;
        // Seats that moved after the away record was made: back since then.
        let mut moved_since = ByColor::new_with(|_| false);
        for (i, e) in stored.events.iter().enumerate() {
            if let (Some(rec), RoomEvent::Moved { .. }) = (&away, e)
                && i as u64 + 1 > rec.seq
            {
                *moved_since.get_mut(room.game.position().turn()) = true;
            }
            // An end without its time (logs written before it was recorded) charges no time:
            // the clocks show what was left at the last move.
            let at = match e {
                RoomEvent::GameOver { at_ms: None, .. } => {
                    room.clocks.map_or(now_ms, |c| ms(c.since()))
                }
                _ => now_ms,
            };
            room.apply(e, at)?;
        }
        if let Some(c) = &mut room.clocks
            && c.running().is_some()
        {
            let alive = last_alive_ms
                .map_or(c.since(), instant)
                .min(instant(now_ms));
            *c = Clock::resume(c.control(), c.snapshot(alive), instant(now_ms));
        }
        if room.is_over() || room.closed.is_some() {
            room.ended_ms = Some(now_ms);
        }
        // Nobody is connected after a restart; absences go on from now.
        let alive = last_alive_ms.map_or(now_ms, |a| a.min(now_ms));
        for c in Color::ALL {
            let carried = match &away {
                Some(rec) if !*moved_since.get(c) => {
                    let seat = if c == Color::White {
                        rec.white
                    } else {
                        rec.black
                    };
                    seat.away_ms
                        + seat
                            .offline_since_ms
                            .map_or(0, |since| alive.saturating_sub(since))
                }
                _ => 0,
            };
            *room.presence.get_mut(c) = Presence {
                online: false,
                away_ms: carried,
                offline_since_ms: Some(now_ms),
            };
        }
        Ok(room)
    }

    /// The seats' time away now, to store ([`crate::store::Store::save_away`]) while the
    /// game is in progress (`None` otherwise: it matters in no other phase).
    #[must_use]
    pub fn away_record(&self) -> Option<AwayRecord> {
        if self.phase() != Phase::Playing {
            return None;
        }
        let seat = |c: Color| {
            let p = self.presence.get(c);
            SeatAway {
                away_ms: p.away_ms,
                offline_since_ms: p.offline_since_ms.filter(|_| !p.online),
            }
        };
        Some(AwayRecord {
            seq: self.seq(),
            white: seat(Color::White),
            black: seat(Color::Black),
        })
    }

    /// The room's id.
    #[must_use]
    pub fn id(&self) -> &RoomId {
        &self.meta.id
    }

    /// The number of the latest event (0 before any).
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.events.len() as u64
    }

    /// Events after number `after`, numbered, without copying the log.
    pub fn events_after(&self, after: u64) -> impl Iterator<Item = (u64, &RoomEvent)> {
        self.events
            .iter()
            .enumerate()
            .skip(usize::try_from(after).unwrap_or(usize::MAX))
            .map(|(i, e)| (i as u64 + 1, e))
    }

    /// The seat whose secret is `secret`, if any.
    #[must_use]
    pub fn seat_of(&self, secret: &str) -> Option<Color> {
        let h = hash_secret(secret);
        Color::ALL
            .into_iter()
            .find(|&c| self.secrets.get(c).as_ref() == Some(&h))
    }

    /// The seat `user`'s account holds in this room, if any: a signed-in player opening their
    /// own game without its secret (from another device, or through the API) holds their
    /// seat, as on sites where the account is the player.
    #[must_use]
    pub fn seat_of_user(&self, user: Option<&Username>) -> Option<Color> {
        let user = user?.id();
        Color::ALL
            .into_iter()
            .find(|&c| self.players.get(c).as_ref().is_some_and(|p| p.id() == user))
    }

    /// The room's settings.
    #[must_use]
    pub fn meta(&self) -> &RoomMeta {
        &self.meta
    }

    /// The signed-in player of each seat.
    #[must_use]
    pub fn players(&self) -> &ByColor<Option<Username>> {
        &self.players
    }

    /// The hashes of the seats' secrets.
    #[must_use]
    pub fn secrets(&self) -> &ByColor<Option<SecretHash>> {
        &self.secrets
    }

    /// `true` when the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// `true` when the room is over or closed: nothing more will happen in it but a rematch.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.is_over() || self.closed.is_some()
    }

    /// When the game ended or the room closed, on the server's clock.
    #[must_use]
    pub fn ended_ms(&self) -> Option<u64> {
        self.ended_ms
    }

    /// Whether nobody holds seat `c` yet.
    #[must_use]
    pub fn seat_free(&self, c: Color) -> bool {
        self.secrets.get(c).is_none()
    }

    /// The seat nobody holds yet, if any (White first).
    #[must_use]
    pub fn free_seat(&self) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.secrets.get(c).is_none())
    }

    /// The phase of the room now.
    #[must_use]
    pub fn phase(&self) -> Phase {
        if self.closed.is_some() {
            Phase::Closed
        } else if self.is_over() {
            Phase::Finished
        } else if self.free_seat().is_some() {
            Phase::Waiting
        } else {
            Phase::Playing
        }
    }

    /// The phase after `events` would be applied (to store with them).
    #[must_use]
    pub fn phase_after(&self, events: &[RoomEvent]) -> Phase {
        let mut seats = ByColor {
            white: self.secrets.white.is_some(),
            black: self.secrets.black.is_some(),
        };
        let mut phase = self.phase();
        for e in events {
            match e {
                RoomEvent::GameOver { .. } => phase = Phase::Finished,
                RoomEvent::Closed { .. } => phase = Phase::Closed,
                RoomEvent::Seated { seat, .. } if phase == Phase::Waiting => {
                    *seats.get_mut(*seat) = true;
                    if seats.white && seats.black {
                        phase = Phase::Playing;
                    }
                }
                _ => {}
            }
        }
        phase
    }

    /// The status shown in the lobby.
    #[must_use]
    pub fn status(&self) -> RoomStatus {
        let phase = self.phase();
        RoomStatus {
            phase,
            open_seat: if phase == Phase::Waiting {
                self.free_seat()
            } else {
                None
            },
            listed: self.is_listed(),
            promotion: self.meta.promotion,
            clock: self.meta.clock,
            created_ms: self.meta.created_ms,
            public: self.meta.public,
            rated: self.meta.rated,
            seeker: self.meta.seek.seeker.clone(),
            rating_range: self.meta.seek.rating_range,
        }
    }

    fn is_listed(&self) -> bool {
        self.listed && self.meta.public && self.phase() == Phase::Waiting
    }

    /// `true` before both sides have made a move: a game that ends then is aborted.
    #[must_use]
    pub fn before_both_moved(&self) -> bool {
        self.game.moves().len() < 2
    }

    fn clocks_at(&self, now_ms: u64) -> Option<ClockSnapshot> {
        self.clocks.map(|c| c.snapshot(instant(now_ms)))
    }

    /// Whether a seat has an open connection.
    #[must_use]
    pub fn online(&self, seat: Color) -> bool {
        self.presence.get(seat).online
    }

    /// The full state as seen by `you`.
    #[must_use]
    pub fn state(&self, you: Option<Color>, now_ms: u64, config: &RoomConfig) -> RoomState {
        RoomState {
            initial_fen: self.meta.initial_fen.clone(),
            promotion: self.meta.promotion,
            clock: self.meta.clock,
            public: self.meta.public,
            moves: self.game.moves().iter().map(|&m| m.into()).collect(),
            seats: Seats(ByColor::new_with(|c| Seat {
                taken: self.secrets.get(c).is_some(),
                online: self.presence.get(c).online,
            })),
            outcome: self.result,
            draw_offer: self.draw_offer,
            rematch_offer: self.rematch_offer,
            rematch_room: self.rematch_room.clone(),
            clocks: self.clocks_at(now_ms),
            claim_in_ms: you.and_then(|y| self.claim_in_ms(y.other(), now_ms, config)),
            closed: self.closed,
            listed: self.is_listed(),
            expires_at_ms: (self.phase() == Phase::Waiting)
                .then(|| self.meta.created_ms.saturating_add(ms(config.invite_ttl))),
            players: self.players.clone(),
            seat_ratings: self.seat_ratings,
            rated: self.meta.rated,
        }
    }

    /// Milliseconds until `seat`'s absence lets the opponent claim the win (or, before both
    /// sides have moved, aborts the game); `None` while `seat` is present or the game is not
    /// on.
    #[must_use]
    pub fn claim_in_ms(&self, seat: Color, now_ms: u64, config: &RoomConfig) -> Option<u64> {
        let p = self.presence.get(seat);
        if self.is_done() || p.online || self.phase() != Phase::Playing {
            return None;
        }
        Some(ms(config.countdown).saturating_sub(p.away_at(now_ms)))
    }

    /// Since when both players of an untimed game in progress have been away (`None` while
    /// either is present, or the game is timed, waiting or over): such a game may leave memory.
    #[must_use]
    pub fn both_away_since(&self) -> Option<u64> {
        if self.clocks.is_some() || self.phase() != Phase::Playing {
            return None;
        }
        let w = self.presence.white;
        let b = self.presence.black;
        if w.online || b.online {
            return None;
        }
        Some(w.offline_since_ms?.max(b.offline_since_ms?))
    }

    /// When the running clock falls, on the server's clock.
    #[must_use]
    pub fn flag_at_ms(&self) -> Option<u64> {
        let at = self.clocks?.flag_at()?;
        (!self.is_done()).then(|| ms(at))
    }

    /// The end by time at `now_ms`, if a flag has fallen: the rules' decision
    /// ([`Clock::timeout`]: a win for the other side, a draw when it cannot mate), and an
    /// abort before both sides have moved.
    fn timeout(&self, now_ms: u64) -> Option<RoomEvent> {
        let outcome = self.clocks?.timeout(&self.game, instant(now_ms))?;
        let result = if self.before_both_moved() {
            Outcome::Aborted
        } else {
            outcome
        };
        Some(game_over(result, now_ms))
    }

    /// What the passing of time does by `now_ms`: a fallen flag, an absence that aborts a game
    /// not yet started, a public room unlisted in its creator's absence, an invitation
    /// expired. Empty when nothing is due.
    #[must_use]
    pub fn due(&self, now_ms: u64, config: &RoomConfig) -> Vec<RoomEvent> {
        if self.is_done() {
            return Vec::new();
        }
        match self.phase() {
            Phase::Waiting => {
                if now_ms >= self.meta.created_ms.saturating_add(ms(config.invite_ttl)) {
                    return vec![RoomEvent::Closed {
                        reason: CloseReason::Expired,
                    }];
                }
                // The listing follows the creator's current absence (a creator whose
                // connection flickers is still there).
                if self.is_listed()
                    && let Some(seat) = creator_seat(&self.events)
                {
                    let p = self.presence.get(seat);
                    let gone_since = p.offline_since_ms.filter(|_| !p.online);
                    if gone_since.is_some_and(|since| {
                        now_ms.saturating_sub(since) >= ms(config.unlist_after)
                    }) {
                        return vec![RoomEvent::Listed { listed: false }];
                    }
                }
                Vec::new()
            }
            Phase::Playing => {
                if let Some(end) = self.timeout(now_ms) {
                    return vec![end];
                }
                if self.before_both_moved()
                    && Color::ALL
                        .into_iter()
                        .any(|c| self.claim_in_ms(c, now_ms, config) == Some(0))
                {
                    return vec![game_over(Outcome::Aborted, now_ms)];
                }
                Vec::new()
            }
            Phase::Finished | Phase::Closed => Vec::new(),
        }
    }

    /// The next time [`Room::due`] may have something to do, on the server's clock.
    #[must_use]
    pub fn next_due_ms(&self, config: &RoomConfig) -> Option<u64> {
        if self.is_done() {
            return None;
        }
        match self.phase() {
            Phase::Waiting => {
                let expiry = self.meta.created_ms.saturating_add(ms(config.invite_ttl));
                let unlist = if self.is_listed() {
                    creator_seat(&self.events).and_then(|s| {
                        let p = self.presence.get(s);
                        p.offline_since_ms
                            .filter(|_| !p.online)
                            .map(|since| since.saturating_add(ms(config.unlist_after)))
                    })
                } else {
                    None
                };
                Some(unlist.map_or(expiry, |u| u.min(expiry)))
            }
            Phase::Playing => {
                let abort = if self.before_both_moved() {
                    Color::ALL
                        .into_iter()
                        .filter_map(|c| {
                            let p = self.presence.get(c);
                            p.offline_since_ms.filter(|_| !p.online).map(|since| {
                                since.saturating_add(ms(config.countdown).saturating_sub(p.away_ms))
                            })
                        })
                        .min()
                } else {
                    None
                };
                match (self.flag_at_ms(), abort) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                }
            }
            Phase::Finished | Phase::Closed => None,
        }
    }

    /// Plans a seat-holder's (or spectator's, `seat = None`) command. Never changes `self`.
    ///
    /// # Errors
    /// A [`Refusal`] saying why the command is not valid now.
    pub fn plan(
        &self,
        seat: Option<Color>,
        command: &RoomCommand,
        now_ms: u64,
        config: &RoomConfig,
    ) -> Result<Plan, Refusal> {
        let seated = || {
            seat.ok_or_else(|| {
                Refusal::new(ErrorCode::NotSeated, "you do not hold a seat in this room")
            })
        };
        if self.closed.is_some() {
            return refuse(ErrorCode::RoomClosed, self.closed_message());
        }
        let mut plan = Plan::default();
        match command {
            RoomCommand::Move { ply, uci } => {
                let me = seated()?;
                self.ensure_playing()?;
                let due = self.due(now_ms, config);
                if !due.is_empty() {
                    return Ok(Plan::events(due));
                }
                return self.plan_move(me, *ply, *uci, now_ms, config);
            }
            RoomCommand::Resign => {
                let me = seated()?;
                self.ensure_playing()?;
                // Before both sides have moved there is no game to lose: resigning aborts.
                let result = if self.before_both_moved() {
                    Outcome::Aborted
                } else {
                    Outcome::win(me.other(), WinReason::Resignation)
                };
                plan.events.push(game_over(result, now_ms));
            }
            RoomCommand::Abort => {
                seated()?;
                self.ensure_playing()?;
                if !self.before_both_moved() {
                    return refuse(
                        ErrorCode::NotAllowed,
                        "both sides have moved: the game can no longer be aborted (resign or \
                         offer a draw)",
                    );
                }
                plan.events.push(game_over(Outcome::Aborted, now_ms));
            }
            RoomCommand::Cancel => {
                seated()?;
                if self.is_over() {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                if self.phase() != Phase::Waiting {
                    return refuse(
                        ErrorCode::NotAllowed,
                        "your opponent has joined: abort the game instead",
                    );
                }
                plan.events.push(RoomEvent::Closed {
                    reason: CloseReason::Cancelled,
                });
            }
            RoomCommand::OfferDraw => {
                let me = seated()?;
                self.ensure_playing()?;
                match self.draw_offer {
                    Some(by) if by == me => {
                        return refuse(ErrorCode::NotAllowed, "you already offered a draw");
                    }
                    Some(_) => plan
                        .events
                        .push(game_over(Outcome::draw(DrawReason::Agreement), now_ms)),
                    None => plan.events.push(RoomEvent::DrawOffered { by: me }),
                }
            }
            RoomCommand::DeclineDraw => {
                let me = seated()?;
                self.ensure_playing()?;
                if self.draw_offer != Some(me.other()) {
                    return refuse(ErrorCode::NotAllowed, "there is no draw offer to decline");
                }
                plan.events.push(RoomEvent::DrawDeclined { by: me });
            }
            RoomCommand::ClaimDraw { claim } => {
                let me = seated()?;
                self.ensure_playing()?;
                if self.game.position().turn() != me {
                    return refuse(ErrorCode::NotYourTurn, "a draw is claimed on your own turn");
                }
                if !self.game.can_claim(*claim) {
                    return refuse(ErrorCode::NotAllowed, "that draw cannot be claimed now");
                }
                plan.events
                    .push(game_over(Outcome::draw((*claim).into()), now_ms));
            }
            RoomCommand::ClaimVictory => {
                let me = seated()?;
                self.ensure_playing()?;
                if self.before_both_moved() {
                    return refuse(
                        ErrorCode::NotAllowed,
                        "the game has not started (both sides must move): abort it instead",
                    );
                }
                match self.claim_in_ms(me.other(), now_ms, config) {
                    Some(0) => plan
                        .events
                        .push(game_over(Outcome::win(me, WinReason::Abandonment), now_ms)),
                    Some(left) => {
                        return refuse(
                            ErrorCode::NotAllowed,
                            format!(
                                "your opponent may come back: {} s left",
                                left.div_ceil(1000)
                            ),
                        );
                    }
                    None => return refuse(ErrorCode::NotAllowed, "your opponent is here"),
                }
            }
            RoomCommand::Rematch => {
                let me = seated()?;
                if !self.is_over() {
                    return refuse(ErrorCode::NotAllowed, "a rematch is offered after the game");
                }
                if self.rematch_room.is_some() {
                    return refuse(ErrorCode::NotAllowed, "the rematch has already started");
                }
                if self.secrets.white.is_none() || self.secrets.black.is_none() {
                    return refuse(ErrorCode::NotAllowed, "there is no opponent to play again");
                }
                match self.rematch_offer {
                    Some(by) if by == me => {
                        return refuse(ErrorCode::NotAllowed, "you already asked for a rematch");
                    }
                    Some(_) => plan.rematch = true,
                    None => plan.events.push(RoomEvent::RematchOffered { by: me }),
                }
            }
        }
        Ok(plan)
    }

    fn plan_move(
        &self,
        me: Color,
        ply: u32,
        uci: UciMove,
        now_ms: u64,
        config: &RoomConfig,
    ) -> Result<Plan, Refusal> {
        if self.game.position().turn() != me {
            return refuse(ErrorCode::NotYourTurn, "it is your opponent's turn");
        }
        if ply as usize != self.game.moves().len() {
            return refuse(
                ErrorCode::WrongPly,
                format!(
                    "move number {ply} does not match: {} moves were played",
                    self.game.moves().len()
                ),
            );
        }
        let pos: &Position = self.game.position();
        let m = uci
            .to_move(pos)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, format!("{uci}: {e}")))?;
        let san = pos.san(m);
        let mut after = self.game.clone();
        after
            .play(m)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, e.to_string()))?;
        // The rules' own end comes first; a game that goes on past the cap is drawn by it.
        let capped = after.moves().len() >= config.max_plies as usize;
        let end = after
            .outcome()
            .or(capped.then_some(Outcome::draw(DrawReason::PlyCap)));
        // The rules' clock: the first move is free, then each move pays and earns the
        // increment; the clocks stop when the move ends the game.
        let clocks = self.clocks.map(|mut c| {
            let now = instant(now_ms);
            c.press(me, now);
            if end.is_some() {
                c.stop(now);
            }
            c.snapshot(now)
        });
        let mut plan = Plan::default();
        if self.draw_offer == Some(me.other()) {
            plan.events.push(RoomEvent::DrawDeclined { by: me });
        }
        plan.events.push(RoomEvent::Moved {
            ply,
            uci,
            san,
            clocks,
            at_ms: Some(now_ms),
        });
        if let Some(o) = end {
            plan.events.push(game_over(o, now_ms));
        }
        Ok(plan)
    }

    fn closed_message(&self) -> &'static str {
        match self.closed {
            Some(CloseReason::Expired) => "this invitation has expired",
            _ => "this invitation was cancelled",
        }
    }

    fn ensure_playing(&self) -> Result<(), Refusal> {
        if self.is_over() {
            return refuse(ErrorCode::GameOver, "the game is over");
        }
        if self.secrets.white.is_none() || self.secrets.black.is_none() {
            return refuse(
                ErrorCode::NotAllowed,
                "the game starts when both players are seated",
            );
        }
        Ok(())
    }

    /// Why `user`, whose rating for this room's speed is `rating` (`None` when unknown or
    /// anonymous), may not take a seat of this room: a rated game or a seek with a rating
    /// range is for a signed-in player, never the one already seated, and a range only for
    /// a rating inside it.
    #[must_use]
    pub fn seat_refusal(&self, user: Option<&Username>, rating: Option<i32>) -> Option<Refusal> {
        let range = self.meta.seek.rating_range;
        if !self.meta.rated && range.is_none() {
            return None;
        }
        let Some(user) = user else {
            return Some(Refusal::new(
                ErrorCode::SignInRequired,
                if self.meta.rated {
                    "sign in to play rated games; watching instead"
                } else {
                    "sign in to take a seek with a rating range; watching instead"
                },
            ));
        };
        let taken = Color::ALL.into_iter().any(|c| {
            self.players
                .get(c)
                .as_ref()
                .is_some_and(|p| p.id() == user.id())
        });
        if taken {
            return Some(Refusal::new(
                ErrorCode::NotAllowed,
                if self.meta.rated {
                    "you cannot play a rated game against yourself; watching instead"
                } else {
                    "this is your own seek; watching instead"
                },
            ));
        }
        let (range, clock) = (range?, self.meta.clock?);
        let perf = rating::Perf::of(clock).name();
        match rating {
            Some(r) if range.contains(r) => None,
            Some(r) => Some(Refusal::new(
                ErrorCode::NotAllowed,
                format!(
                    "your {perf} rating {r} is outside this seek's range {range}; watching instead"
                ),
            )),
            None => Some(Refusal::new(
                ErrorCode::NotAllowed,
                format!("your {perf} rating could not be read; watching instead"),
            )),
        }
    }

    /// Why the player of `seat`, signed in now as `user` (`None`: anonymous, or their session
    /// ended), may not offer or accept a rematch: a rated room's rematch is rated too, so it
    /// needs the seat's own account still signed in.
    #[must_use]
    pub fn rematch_refusal(&self, seat: Color, user: Option<&Username>) -> Option<Refusal> {
        let player = self.players.get(seat).as_ref()?;
        let same = user.is_some_and(|u| u.id() == player.id());
        (self.meta.rated && !same).then(|| {
            Refusal::new(
                ErrorCode::SignInRequired,
                format!("sign in again as {player} to play a rated rematch"),
            )
        })
    }

    /// Plans taking the free seat with `secret` for `user` (signed in, or `None`, with their
    /// rating for the room's speed), if the room is waiting for an opponent.
    #[must_use]
    pub fn plan_take_seat(
        &self,
        secret: String,
        user: Option<Username>,
        seat_rating: Option<protocol::SeatRating>,
    ) -> Option<Plan> {
        self.plan_take_seat_as(secret, user, seat_rating, None)
    }

    /// [`RoomState::plan_take_seat`] of the seat `wanted` (`None`: the free one, White
    /// first), if it is free.
    #[must_use]
    pub fn plan_take_seat_as(
        &self,
        secret: String,
        user: Option<Username>,
        seat_rating: Option<protocol::SeatRating>,
        wanted: Option<Color>,
    ) -> Option<Plan> {
        if self.phase() != Phase::Waiting {
            return None;
        }
        let seat = match wanted {
            Some(c) => Some(c).filter(|&c| self.seat_free(c))?,
            None => self.free_seat()?,
        };
        Some(Plan {
            events: vec![RoomEvent::Seated {
                seat,
                user,
                seat_rating,
            }],
            new_seat: Some((seat, secret)),
            rematch: false,
        })
    }

    /// Plans what a returning creator brings back: the public room's place in the listing.
    #[must_use]
    pub fn plan_return(&self, seat: Color) -> Vec<RoomEvent> {
        let back = self.meta.public
            && !self.listed
            && self.phase() == Phase::Waiting
            && creator_seat(&self.events) == Some(seat);
        if back {
            vec![RoomEvent::Listed { listed: true }]
        } else {
            Vec::new()
        }
    }

    /// Records that `seat` connected (`online`) or lost its last connection at `now_ms`;
    /// returns whether anything changed (presence is live state, not an event of the log).
    pub fn set_online(&mut self, seat: Color, online: bool, now_ms: u64) -> bool {
        let p = self.presence.get_mut(seat);
        if p.online == online {
            return false;
        }
        p.online = online;
        if online {
            if let Some(since) = p.offline_since_ms.take() {
                p.away_ms += now_ms.saturating_sub(since);
            }
        } else {
            p.offline_since_ms = Some(now_ms);
        }
        true
    }

    /// Applies a stored or planned event at `now_ms` and appends it to the log.
    ///
    /// # Errors
    /// [`ReplayError`] when the event does not fit the room (only for corrupt stored logs).
    pub fn apply(&mut self, e: &RoomEvent, now_ms: u64) -> Result<(), ReplayError> {
        match e {
            RoomEvent::Seated { .. } | RoomEvent::Presence { .. } => {}
            RoomEvent::Moved {
                uci, clocks, at_ms, ..
            } => {
                // The opponent's clock starts when the move was accepted.
                let now_ms = at_ms.unwrap_or(now_ms);
                let mover = self.game.position().turn();
                self.game
                    .play((*uci).into())
                    .map_err(|err| ReplayError(format!("stored move {uci}: {err}")))?;
                // A move answers the opponent's offer (declined, with its own event); one's own
                // offer stands until the opponent replies, as in the FIDE Laws.
                if self.draw_offer == Some(mover.other()) {
                    self.draw_offer = None;
                }
                // Time away counts until the player moves again.
                let p = self.presence.get_mut(mover);
                p.away_ms = 0;
                if p.offline_since_ms.is_some() {
                    p.offline_since_ms = Some(now_ms);
                }
                if let (Some(clock), Some(c)) = (&mut self.clocks, clocks) {
                    *clock = Clock::resume(clock.control(), *c, instant(now_ms));
                }
            }
            RoomEvent::DrawOffered { by } => self.draw_offer = Some(*by),
            RoomEvent::DrawDeclined { .. } => self.draw_offer = None,
            RoomEvent::GameOver { result, at_ms, .. } => {
                let now_ms = at_ms.unwrap_or(now_ms);
                if let Some(c) = &mut self.clocks {
                    c.stop(instant(now_ms));
                }
                self.result = Some(*result);
                self.draw_offer = None;
                self.ended_ms = Some(now_ms);
            }
            RoomEvent::RematchOffered { by } => self.rematch_offer = Some(*by),
            RoomEvent::RematchReady { room } => {
                self.rematch_room = Some(room.clone());
                self.rematch_offer = None;
            }
            RoomEvent::Listed { listed } => self.listed = *listed,
            RoomEvent::Closed { reason } => {
                self.closed = Some(*reason);
                self.ended_ms = Some(now_ms);
            }
        }
        if let RoomEvent::Seated {
            seat,
            user,
            seat_rating,
        } = e
        {
            *self.players.get_mut(*seat) = user.clone();
            *self.seat_ratings.get_mut(*seat) = *seat_rating;
            if self.secrets.get(*seat).is_none() {
                // A log replayed without its seat table: the seat is taken by a secret unknown
                // here, which keeps the seat taken (nobody else can sit there).
                *self.secrets.get_mut(*seat) = Some(SecretHash(String::new()));
            }
            if self.secrets.white.is_some() && self.secrets.black.is_some() {
                // The game starts now: absences count from here, not from before the
                // opponent arrived (a friend who opens an old link gives the creator a full
                // countdown to come back).
                for c in Color::ALL {
                    let p = self.presence.get_mut(c);
                    p.away_ms = 0;
                    if !p.online {
                        p.offline_since_ms = Some(now_ms);
                    }
                }
            }
        }
        self.events.push(e.clone());
        Ok(())
    }

    /// Records a seat's secret hash that a planned `Seated` event takes (applied with it).
    pub fn set_secret(&mut self, seat: Color, hash: SecretHash) {
        *self.secrets.get_mut(seat) = Some(hash);
    }

    /// The settings of a rematch room with id `id` (colours swapped, private).
    #[must_use]
    pub fn rematch_meta(&self, id: RoomId, created_ms: u64) -> RoomMeta {
        RoomMeta {
            rated: self.meta.rated,
            seek: crate::store::SeekTerms::default(),
            id,
            created_ms,
            public: false,
            promotion: self.meta.promotion,
            clock: self.meta.clock,
            initial_fen: self.meta.initial_fen.clone(),
        }
    }
}

fn game_over(result: Outcome, at_ms: u64) -> RoomEvent {
    RoomEvent::GameOver {
        ratings: None,
        result,
        winner: result.winner(),
        at_ms: Some(at_ms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{PromotionRule, TimeControl};

    fn id() -> RoomId {
        RoomId::from_bytes([7; 10])
    }

    fn meta(clock: Option<TimeControl>, public: bool) -> RoomMeta {
        RoomMeta {
            rated: false,
            seek: crate::store::SeekTerms::default(),
            id: id(),
            created_ms: 0,
            public,
            promotion: PromotionRule::Any,
            clock,
            initial_fen: Position::new(Rules::default()).fen(),
        }
    }

    fn cfg() -> RoomConfig {
        RoomConfig::default()
    }

    fn apply_plan(room: &mut Room, plan: Plan, now: u64) {
        if let Some((seat, secret)) = &plan.new_seat {
            room.set_secret(*seat, hash_secret(secret));
        }
        for e in plan.events {
            room.apply(&e, now).expect("apply");
        }
    }

    fn waiting_room(clock: Option<TimeControl>, public: bool) -> Room {
        let (mut room, plan) =
            Room::create(meta(clock, public), Color::White, "w".into(), None, None).expect("room");
        apply_plan(&mut room, plan, 0);
        room.set_online(Color::White, true, 0);
        room
    }

    fn seated_room(clock: Option<TimeControl>) -> Room {
        let mut room = waiting_room(clock, true);
        let plan = room
            .plan_take_seat("b".into(), None, None)
            .expect("free seat");
        apply_plan(&mut room, plan, 0);
        room.set_online(Color::Black, true, 0);
        room
    }

    /// Who may take the free seat of a casual or rated room, with or without a rating range:
    /// the code of the refusal (`None`: seated).
    #[test]
    fn seat_rules_of_rated_rooms_and_rating_ranges() {
        use protocol::RatingRange;
        let name = |n: &str| n.parse::<Username>().expect("name");
        let range = RatingRange::new(1400, 1600).ok();
        let blitz = TimeControl::fischer(300, 3).ok();
        // (rated, range, creator, taker, taker's rating, refusal)
        type Case<'a> = (
            bool,
            Option<RatingRange>,
            Option<&'a str>,
            Option<&'a str>,
            Option<i32>,
            Option<ErrorCode>,
        );
        let table: &[Case] = &[
            // Casual, no range: anyone, even the creator's own account.
            (false, None, None, None, None, None),
            (false, None, Some("Somchai"), None, None, None),
            (false, None, Some("Somchai"), Some("somchai"), None, None),
            // Rated: two different signed-in players.
            (
                true,
                None,
                Some("Somchai"),
                None,
                None,
                Some(ErrorCode::SignInRequired),
            ),
            (
                true,
                None,
                Some("Somchai"),
                Some("SOMCHAI"),
                Some(1500),
                Some(ErrorCode::NotAllowed),
            ),
            (true, None, Some("Somchai"), Some("Malee"), Some(900), None),
            // A range: signed in, inside it (both bounds included).
            (
                false,
                range,
                Some("Somchai"),
                None,
                None,
                Some(ErrorCode::SignInRequired),
            ),
            (
                false,
                range,
                Some("Somchai"),
                Some("Malee"),
                Some(1400),
                None,
            ),
            (
                false,
                range,
                Some("Somchai"),
                Some("Malee"),
                Some(1600),
                None,
            ),
            (
                false,
                range,
                Some("Somchai"),
                Some("Malee"),
                Some(1399),
                Some(ErrorCode::NotAllowed),
            ),
            (
                false,
                range,
                Some("Somchai"),
                Some("Malee"),
                Some(1601),
                Some(ErrorCode::NotAllowed),
            ),
            (
                false,
                range,
                Some("Somchai"),
                Some("Malee"),
                None,
                Some(ErrorCode::NotAllowed),
            ),
            (
                false,
                range,
                Some("Somchai"),
                Some("somchai"),
                Some(1500),
                Some(ErrorCode::NotAllowed),
            ),
            (
                true,
                range,
                Some("Somchai"),
                Some("Malee"),
                Some(1500),
                None,
            ),
            (
                true,
                range,
                Some("Somchai"),
                Some("Malee"),
                Some(1700),
                Some(ErrorCode::NotAllowed),
            ),
            (
                true,
                range,
                Some("Somchai"),
                None,
                None,
                Some(ErrorCode::SignInRequired),
            ),
        ];
        for (i, &(rated, rating_range, creator, taker, rating, want)) in table.iter().enumerate() {
            let mut m = meta(blitz, true);
            m.rated = rated;
            m.seek.rating_range = rating_range;
            let (mut room, plan) =
                Room::create(m, Color::White, "w".into(), creator.map(name), None).expect("room");
            apply_plan(&mut room, plan, 0);
            let taker = taker.map(name);
            let got = room.seat_refusal(taker.as_ref(), rating);
            assert_eq!(got.as_ref().map(|r| r.code), want, "case {i}: {got:?}");
            if let Some(r) = got {
                assert!(r.message.ends_with("watching instead"), "case {i}: {r}");
            }
        }
        // The message names the speed, the rating and the range.
        let mut m = meta(blitz, true);
        m.seek.rating_range = range;
        let (room, _) = Room::create(m, Color::White, "w".into(), None, None).expect("room");
        let r = room
            .seat_refusal(Some(&name("Malee")), Some(1700))
            .expect("refused");
        assert_eq!(
            r.message,
            "your blitz rating 1700 is outside this seek's range 1400–1600; watching instead"
        );
    }

    /// A rated room's rematch needs each seat's own account still signed in; a casual one
    /// anybody seated.
    #[test]
    fn a_rated_rematch_needs_the_seats_account() {
        let name = |n: &str| n.parse::<Username>().expect("name");
        for rated in [false, true] {
            let mut m = meta(TimeControl::fischer(300, 3).ok(), false);
            m.rated = rated;
            let (mut room, plan) =
                Room::create(m, Color::White, "w".into(), Some(name("Somchai")), None)
                    .expect("room");
            apply_plan(&mut room, plan, 0);
            let plan = room
                .plan_take_seat("b".into(), Some(name("Malee")), None)
                .expect("seat");
            apply_plan(&mut room, plan, 0);
            let code = |seat, user: Option<&str>| {
                room.rematch_refusal(seat, user.map(name).as_ref())
                    .map(|r| r.code)
            };
            let refused = rated.then_some(ErrorCode::SignInRequired);
            assert_eq!(code(Color::White, Some("somchai")), None, "rated {rated}");
            assert_eq!(code(Color::Black, Some("Malee")), None, "rated {rated}");
            assert_eq!(code(Color::White, None), refused, "rated {rated}");
            assert_eq!(
                code(Color::Black, Some("Somchai")),
                refused,
                "rated {rated}"
            );
        }
    }

    /// The lobby's view of a seek: its terms, rated flag and visibility.
    #[test]
    fn the_status_carries_the_seek() {
        let mut m = meta(TimeControl::fischer(300, 3).ok(), true);
        m.rated = true;
        m.seek.rating_range = protocol::RatingRange::new(1400, 1600).ok();
        m.seek.seeker = Some(protocol::Seeker {
            username: "Somchai".parse().expect("name"),
            rating: Some(1500),
            provisional: true,
        });
        let (mut room, plan) =
            Room::create(m.clone(), Color::White, "w".into(), None, None).expect("room");
        apply_plan(&mut room, plan, 0);
        room.set_online(Color::White, true, 0);
        let s = room.status();
        assert!(s.public && s.rated && s.listed);
        assert_eq!(
            (s.seeker, s.rating_range),
            (m.seek.seeker, m.seek.rating_range)
        );
    }

    fn mv(ply: u32, uci: &str) -> RoomCommand {
        RoomCommand::Move {
            ply,
            uci: uci.parse().expect("uci"),
        }
    }

    fn play(room: &mut Room, seat: Color, command: RoomCommand, now: u64) -> Result<(), Refusal> {
        let plan = room.plan(Some(seat), &command, now, &cfg())?;
        apply_plan(room, plan, now);
        Ok(())
    }

    fn code(r: Result<(), Refusal>) -> ErrorCode {
        r.expect_err("refused").code
    }

    fn outcome(room: &Room) -> Option<&'static str> {
        room.state(None, 0, &cfg()).outcome.map(Outcome::label)
    }

    #[test]
    fn a_game_that_reaches_the_ply_cap_ends_drawn_by_it() {
        let config = RoomConfig {
            max_plies: 4,
            ..RoomConfig::default()
        };
        let mut room = seated_room(Some(TimeControl::fischer(300, 0).expect("control")));
        for (ply, (seat, uci)) in [
            (Color::White, "b1d2"),
            (Color::Black, "b8d7"),
            (Color::White, "d2b1"),
            (Color::Black, "d7b8"),
        ]
        .into_iter()
        .enumerate()
        {
            assert_eq!(outcome(&room), None, "over before ply {ply}");
            let ply = u32::try_from(ply).expect("ply");
            let plan = room
                .plan(Some(seat), &mv(ply, uci), 0, &config)
                .expect("legal");
            apply_plan(&mut room, plan, 0);
        }
        assert_eq!(outcome(&room), Some("ply-cap"));
        // The capping move stops the clocks, as every end does.
        let moved_clocks = room.events.iter().rev().find_map(|e| match e {
            RoomEvent::Moved { clocks, .. } => Some(*clocks),
            _ => None,
        });
        assert_eq!(
            moved_clocks.flatten().map(|c| c.running),
            Some(None),
            "{moved_clocks:?}"
        );
        assert_eq!(
            room.state(None, 0, &config).outcome,
            Some(Outcome::draw(DrawReason::PlyCap))
        );
        // No move is taken after it.
        let refused = room
            .plan(Some(Color::White), &mv(4, "b1d2"), 0, &config)
            .expect_err("over");
        assert_eq!(refused.code, ErrorCode::GameOver);
    }

    #[test]
    fn moves_are_checked() {
        let mut room = seated_room(None);
        assert_eq!(
            code(play(&mut room, Color::Black, mv(0, "e6e5"), 0)),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            code(play(&mut room, Color::White, mv(1, "e3e4"), 0)),
            ErrorCode::WrongPly
        );
        assert_eq!(
            code(play(&mut room, Color::White, mv(0, "e3e5"), 0)),
            ErrorCode::IllegalMove
        );
        // Text that is no UCI move never reaches the room (the protocol refuses it); a
        // promotion letter where no promotion happens is an illegal move.
        assert_eq!(
            code(play(&mut room, Color::White, mv(0, "e3e4r"), 0)),
            ErrorCode::IllegalMove
        );
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("legal");
        assert_eq!(
            code(play(&mut room, Color::White, mv(0, "e3e4"), 0)),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            room.plan(None, &mv(1, "e6e5"), 0, &cfg())
                .expect_err("spectator")
                .code,
            ErrorCode::NotSeated
        );
    }

    #[test]
    fn clocks_run_and_fall() {
        let tc = TimeControl::fischer(10, 2).expect("a time control");
        let mut room = seated_room(Some(tc));
        play(&mut room, Color::White, mv(0, "e3e4"), 1_000).expect("move");
        // White's first move is free; Black's clock runs now.
        assert_eq!(
            room.state(None, 4_000, &cfg()).clocks.map(|c| c.left.black),
            Some(Duration::from_millis(7_000))
        );
        play(&mut room, Color::Black, mv(1, "e6e5"), 4_000).expect("move");
        let c = room.state(None, 4_000, &cfg()).clocks.expect("clocks");
        assert_eq!(
            (c.left.white, c.left.black, c.running),
            (
                Duration::from_millis(10_000),
                Duration::from_millis(9_000),
                Some(Color::White)
            )
        );
        assert_eq!(room.flag_at_ms(), Some(14_000));
        assert!(room.due(13_999, &cfg()).is_empty());
        assert_eq!(
            room.due(14_000, &cfg()),
            vec![RoomEvent::GameOver {
                ratings: None,
                result: Outcome::win(Color::Black, WinReason::Timeout),
                winner: Some(Color::Black),
                at_ms: Some(14_000),
            }]
        );
    }

    #[test]
    fn a_flag_before_both_moved_aborts() {
        let tc = TimeControl::fischer(5, 0).expect("a time control");
        let mut room = seated_room(Some(tc));
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        let due = room.due(5_000, &cfg());
        assert_eq!(due, vec![game_over(Outcome::Aborted, 5_000)]);
    }

    #[test]
    fn a_restart_charges_the_running_side_up_to_the_last_liveness_stamp() {
        let tc = TimeControl::fischer(60, 0).expect("a time control");
        let mut room = seated_room(Some(tc));
        play(&mut room, Color::White, mv(0, "e3e4"), 1_000).expect("move");
        play(&mut room, Color::Black, mv(1, "e6e5"), 2_000).expect("move");
        // White thinks from 2 000; the server was last alive at 5 500 and restarts at 100 000.
        let stored = StoredRoom {
            meta: room.meta.clone(),
            phase: room.phase(),
            secrets: room.secrets.clone(),
            events: room.events.clone(),
            away: None,
        };
        let back = Room::restore(stored.clone(), 100_000, Some(5_500)).expect("restore");
        let c = back.state(None, 100_000, &cfg()).clocks.expect("clocks");
        assert_eq!(c.left.white, Duration::from_millis(60_000 - 3_500));
        assert_eq!(c.running, Some(Color::White));
        // And it runs on from the restart.
        let c = back.state(None, 101_000, &cfg()).clocks.expect("clocks");
        assert_eq!(c.left.white, Duration::from_millis(60_000 - 4_500));
        // Without a stamp (an old database), nothing is charged.
        let back = Room::restore(stored, 100_000, None).expect("restore");
        let c = back.state(None, 100_000, &cfg()).clocks.expect("clocks");
        assert_eq!(c.left.white, Duration::from_millis(60_000));
    }

    #[test]
    fn draw_offer_and_claims() {
        let mut room = seated_room(None);
        let offer = RoomCommand::OfferDraw;
        play(&mut room, Color::White, offer.clone(), 0).expect("offer");
        assert_eq!(
            code(play(&mut room, Color::White, offer.clone(), 0)),
            ErrorCode::NotAllowed
        );
        play(&mut room, Color::Black, offer, 0).expect("accept");
        assert!(room.is_over());
        assert_eq!(outcome(&room), Some("agreement"));
        assert_eq!(
            code(play(&mut room, Color::White, mv(0, "e3e4"), 0)),
            ErrorCode::GameOver
        );
    }

    #[test]
    fn an_offer_stands_after_the_offerers_own_move() {
        let mut room = seated_room(None);
        let offer = RoomCommand::OfferDraw;
        play(&mut room, Color::White, offer.clone(), 0).expect("offer");
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        assert_eq!(room.state(None, 0, &cfg()).draw_offer, Some(Color::White));
        let plan = room
            .plan(Some(Color::Black), &mv(1, "e6e5"), 0, &cfg())
            .expect("move");
        assert_eq!(plan.events[0], RoomEvent::DrawDeclined { by: Color::Black });
        play(&mut room, Color::Black, offer, 0).expect("accept");
        assert_eq!(outcome(&room), Some("agreement"));
    }

    #[test]
    fn no_result_before_both_sides_have_moved() {
        // Abort by either player, resignation that aborts, and the absence that aborts.
        let abort = RoomCommand::Abort;
        let mut room = seated_room(None);
        play(&mut room, Color::Black, abort.clone(), 0).expect("abort");
        assert_eq!(outcome(&room), Some("aborted"));
        assert_eq!(
            room.state(None, 0, &cfg())
                .outcome
                .and_then(Outcome::winner),
            None
        );

        let mut room = seated_room(None);
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        play(&mut room, Color::White, RoomCommand::Resign, 0).expect("resign");
        assert_eq!(outcome(&room), Some("aborted"));

        let mut room = seated_room(None);
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        room.set_online(Color::Black, false, 1_000);
        assert_eq!(
            code(play(
                &mut room,
                Color::White,
                RoomCommand::ClaimVictory,
                90_000
            )),
            ErrorCode::NotAllowed
        );
        assert_eq!(room.next_due_ms(&cfg()), Some(61_000));
        assert!(room.due(60_999, &cfg()).is_empty());
        assert_eq!(
            room.due(61_000, &cfg()),
            vec![game_over(Outcome::Aborted, 61_000)]
        );

        // After both have moved: no abort, and resignation is a loss.
        let mut room = seated_room(None);
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        play(&mut room, Color::Black, mv(1, "e6e5"), 0).expect("move");
        assert_eq!(
            code(play(&mut room, Color::White, abort, 0)),
            ErrorCode::NotAllowed
        );
        play(&mut room, Color::White, RoomCommand::Resign, 0).expect("resign");
        assert_eq!(outcome(&room), Some("resign-black-wins"));
    }

    #[test]
    fn away_time_adds_up_over_reconnects_until_the_player_moves() {
        let mut room = seated_room(None);
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        play(&mut room, Color::Black, mv(1, "e6e5"), 0).expect("move");
        // White flickers: away 2.3 s, back 0.2 s, 25 times = 57.5 s away.
        let mut t = 1_000;
        for _ in 0..25 {
            room.set_online(Color::White, false, t);
            t += 2_300;
            room.set_online(Color::White, true, t);
            t += 200;
        }
        room.set_online(Color::White, false, t);
        assert_eq!(room.claim_in_ms(Color::White, t, &cfg()), Some(2_500));
        let claim = RoomCommand::ClaimVictory;
        assert_eq!(
            code(play(&mut room, Color::Black, claim.clone(), t)),
            ErrorCode::NotAllowed
        );
        play(&mut room, Color::Black, claim, t + 2_500).expect("claim");
        assert_eq!(outcome(&room), Some("abandoned-black-wins"));

        // A move of the absent player's own resets its away time.
        let mut room = seated_room(None);
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        play(&mut room, Color::Black, mv(1, "e6e5"), 0).expect("move");
        room.set_online(Color::White, false, 0);
        room.set_online(Color::White, true, 50_000);
        play(&mut room, Color::White, mv(2, "d3d4"), 50_000).expect("move");
        room.set_online(Color::White, false, 50_000);
        assert_eq!(room.claim_in_ms(Color::White, 50_000, &cfg()), Some(60_000));
    }

    #[test]
    fn cancel_unlist_relist_and_expiry() {
        let mut room = waiting_room(None, true);
        assert!(room.status().listed);
        // The creator leaves: unlisted after 30 s, relisted on return.
        room.set_online(Color::White, false, 10_000);
        assert_eq!(room.next_due_ms(&cfg()), Some(40_000));
        assert!(room.due(39_999, &cfg()).is_empty());
        let due = room.due(40_000, &cfg());
        assert_eq!(due, vec![RoomEvent::Listed { listed: false }]);
        room.apply(&due[0], 40_000).expect("apply");
        assert!(!room.status().listed);
        room.set_online(Color::White, true, 50_000);
        let back = room.plan_return(Color::White);
        assert_eq!(back, vec![RoomEvent::Listed { listed: true }]);
        room.apply(&back[0], 50_000).expect("apply");
        assert!(room.status().listed);
        // Only the creator brings it back; a second return plans nothing.
        assert!(room.plan_return(Color::White).is_empty());

        // Cancel: closed, unlisted, commands refused, nobody can sit.
        let cancel = RoomCommand::Cancel;
        assert_eq!(
            room.plan(None, &cancel, 0, &cfg())
                .expect_err("spectator")
                .code,
            ErrorCode::NotSeated
        );
        play(&mut room, Color::White, cancel.clone(), 60_000).expect("cancel");
        assert_eq!(room.phase(), Phase::Closed);
        assert!(!room.status().listed);
        assert_eq!(
            room.state(None, 0, &cfg()).closed,
            Some(CloseReason::Cancelled)
        );
        assert!(room.plan_take_seat("x".into(), None, None).is_none());
        assert_eq!(
            code(play(&mut room, Color::White, cancel.clone(), 0)),
            ErrorCode::RoomClosed
        );

        // A private invitation expires after a day; one taken cannot be cancelled.
        let room = waiting_room(None, false);
        let day = 24 * 3600 * 1000;
        assert_eq!(room.next_due_ms(&cfg()), Some(day));
        assert_eq!(
            room.due(day, &cfg()),
            vec![RoomEvent::Closed {
                reason: CloseReason::Expired
            }]
        );
        let mut room = seated_room(None);
        assert_eq!(
            code(play(&mut room, Color::White, cancel, 0)),
            ErrorCode::NotAllowed
        );
    }

    #[test]
    fn an_old_invitation_taken_late_gives_the_creator_a_full_countdown() {
        let mut room = waiting_room(None, false);
        room.set_online(Color::White, false, 1_000);
        // An hour later a friend opens the link.
        let t = 3_600_000;
        let plan = room
            .plan_take_seat("b".into(), None, None)
            .expect("free seat");
        apply_plan(&mut room, plan, t);
        room.set_online(Color::Black, true, t);
        assert_eq!(room.claim_in_ms(Color::White, t, &cfg()), Some(60_000));
        assert!(room.due(t, &cfg()).is_empty());
        assert_eq!(room.next_due_ms(&cfg()), Some(t + 60_000));
        assert_eq!(
            room.due(t + 60_000, &cfg()),
            vec![game_over(Outcome::Aborted, t + 60_000)]
        );
    }

    #[test]
    fn a_flickering_creator_keeps_the_room_listed() {
        let mut room = waiting_room(None, true);
        for i in 0..40 {
            room.set_online(Color::White, false, i * 2_000);
            room.set_online(Color::White, true, i * 2_000 + 1_500);
        }
        assert!(room.due(80_000, &cfg()).is_empty());
        assert!(room.status().listed);
    }

    #[test]
    fn phases_follow_the_events() {
        let room = waiting_room(None, true);
        assert_eq!(room.phase(), Phase::Waiting);
        assert_eq!(
            room.phase_after(&[RoomEvent::Seated {
                seat: Color::Black,
                user: None,
                seat_rating: None,
            }]),
            Phase::Playing
        );
        assert_eq!(
            room.phase_after(&[RoomEvent::Closed {
                reason: CloseReason::Cancelled
            }]),
            Phase::Closed
        );
        let room = seated_room(None);
        assert_eq!(
            room.phase_after(&[game_over(Outcome::Aborted, 0)]),
            Phase::Finished
        );
    }

    #[test]
    fn an_old_log_with_presence_events_replays() {
        let room = seated_room(None);
        let mut events = room.events.clone();
        events.push(RoomEvent::Presence {
            seat: Color::Black,
            online: false,
            claim_in_ms: Some(60_000),
        });
        events.push(RoomEvent::Moved {
            ply: 0,
            uci: "e3e4".parse().expect("uci"),
            san: "e4".into(),
            clocks: None,
            at_ms: None,
        });
        let stored = StoredRoom {
            meta: room.meta.clone(),
            phase: Phase::Playing,
            secrets: room.secrets.clone(),
            events,
            away: None,
        };
        let back = Room::restore(stored, 5, None).expect("restore");
        assert_eq!(back.seq(), 4);
        assert_eq!(back.phase(), Phase::Playing);
        assert_eq!(
            back.state(None, 5, &cfg()).moves,
            vec!["e3e4".parse::<UciMove>().expect("uci")]
        );
    }
}
