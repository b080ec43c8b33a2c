//! The task that owns one room while it is in memory: the only writer of that room. It
//! serialises every command of the room's players and spectators, writes each change to the
//! store before applying and broadcasting it (seats taken are events too, written with their
//! secret's hash in the same append), runs the room's timers (flag, unlisting, expiry, abort,
//! resends) and leaves memory once the room is over and nobody watches it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use protocol::{ErrorCode, RoomCommand, RoomEvent, RoomId, ServerMsg};
use rules::Color;
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::state::{Plan, Refusal, Room, RoomConfig, RoomStatus, hash_secret};
use crate::address::AddressKey;
use crate::clock::ServerClock;
use crate::ids::{random_room_id, random_secret};
use crate::metrics::Metrics;
use crate::outbox::{Outbox, frame};
use crate::store::{Append, Phase, RoomMeta, SeatAway, SecretHash, Store, StoreError, StoredRoom};

/// A connection's number, unique while the server runs.
pub type ConnId = u64;

/// How long a finished room with nobody in it stays in memory (a reload comes back to it).
const IDLE_GRACE: Duration = Duration::from_secs(2);
/// How long a subscriber's events may stay unacknowledged before they are sent again.
const RESEND_AFTER: Duration = Duration::from_secs(3);
/// Events sent again per round.
const RESEND_BATCH: usize = 64;
/// Rounds of resends without an acknowledgement after which a subscriber is dropped.
const MAX_RESEND_ROUNDS: u32 = 10;
/// What a client hears of a room whose stored record does not read.
const DAMAGED: &str = "this room's record is damaged and cannot be opened";
/// Pause after a failed write before a timer tries again.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// What the lobby does for its rooms: the only calls a room makes outside itself.
pub trait RoomHost: Send + Sync + 'static {
    /// The room's status changed (listing, counts, caps).
    fn status_changed(&self, id: &RoomId, status: RoomStatus);
    /// The room leaves memory: forget its channel if it is still generation `generation`.
    fn unloaded(&self, id: &RoomId, generation: u64);
    /// The room is about to leave memory: let another node own it (several nodes). Awaited
    /// before [`RoomHost::unloaded`], while the registry still sends this room's commands to
    /// its task, so that a new claim of the room by this node can only come after.
    fn release(&self, id: &RoomId) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>>;
    /// A command reached a room that was leaving memory: deliver it again.
    fn redispatch(&self, id: RoomId, cmd: RoomCmd);
    /// Whether one more room may be opened for `owner` (caps per address and overall).
    ///
    /// # Errors
    /// [`ErrorCode::TooManyRooms`] when a cap is reached.
    fn admit_room(&self, owner: Option<AddressKey>) -> Result<(), Refusal>;
    /// Registers and starts a room that is already stored (a rematch), owned by `owner`.
    fn spawn(&self, start: Start, owner: Option<AddressKey>);
    /// The game of room `id` started (`phase` [`Phase::Playing`]) or ended
    /// ([`Phase::Finished`]), from `source` (lichess's word: `friend`, `lobby`, `pool`;
    /// `None`: as the room tells): its players' event streams hear it.
    fn game_phase(&self, id: &RoomId, phase: Phase, source: Option<&'static str>) {
        let _ = (id, phase, source);
    }
}

/// What a room task needs: where to write, the time rules, the clock, the counters and the
/// host. Nothing else of the server is reachable from a room.
#[derive(Clone)]
pub struct RoomEnv {
    /// Where the room's events go.
    pub store: Arc<dyn Store>,
    /// The time rules.
    pub config: RoomConfig,
    /// The server's clock.
    pub clock: ServerClock,
    /// Counters.
    pub metrics: Arc<Metrics>,
    /// The lobby.
    pub host: Arc<dyn RoomHost>,
    /// The last liveness stamp before this process started (for clocks after a crash).
    pub last_alive_ms: Option<u64>,
    /// Several nodes share the store: every append carries the room's fence, and a room whose
    /// fence another node raised stops here without writing (see [`Start::TakeOver`]).
    pub fenced: bool,
}

impl RoomEnv {
    /// Writes `append` and waits until it is durable.
    ///
    /// # Errors
    /// The store's error, or [`StoreError::Stopped`] when the store has gone away.
    pub async fn write(&self, append: Append) -> Result<(), StoreError> {
        self.store
            .append(append)
            .await
            .unwrap_or(Err(StoreError::Stopped))
    }
}

/// Takes the rating changes out of `events`' game-over event (the game ends unrated).
fn unrate(events: &mut [RoomEvent]) {
    for e in events {
        if let RoomEvent::GameOver { ratings, .. } = e {
            *ratings = None;
        }
    }
}

/// How many times a rated game's end is written with ratings read again, when another game
/// of a player was rated between the read and the write. Each round of a player's games
/// ending at once writes at least one of them (the others read again after a random pause),
/// so this many of one player's rated games may end in the same instant and all be rated
/// (the test `many_rated_games_of_one_player_ending_at_once_are_all_rated` ends 16).
const RATING_ATTEMPTS: u32 = 64;

/// A random pause before attempt `attempt` at writing a rated game's end: up to 4 ms times
/// the attempts made, so that games racing for one player's rating spread out.
fn rating_backoff(attempt: u32) -> Duration {
    let mut b = [0u8; 2];
    let _ = getrandom::fill(&mut b);
    let spread = u64::from(attempt.min(RATING_ATTEMPTS)) * 4 + 1;
    Duration::from_millis(u64::from(u16::from_le_bytes(b)) % spread)
}

/// A subscriber of the room: where its messages go.
#[derive(Debug, Clone)]
pub struct Subscriber {
    /// The connection.
    pub conn: ConnId,
    /// Its outbox.
    pub outbox: Outbox,
    /// Its peer address (for the caps on rooms per address).
    pub addr: Option<IpAddr>,
    /// The signed-in player of the connection, if any.
    pub user: Option<protocol::user::Username>,
}

/// How a connection opens a room ([`RoomCmd::Join`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JoinMode {
    /// Watch only.
    Watch,
    /// Its own seat (by its secret, the connection's earlier seat, or the signed-in
    /// player's account), else the free seat, else watch (the page's join).
    Play,
    /// Its own seat only, else watch: never takes a free seat (the API's game streams and
    /// commands, which act only in the caller's own games).
    Resume,
    /// Its own seat, else this seat if it is free, else watch (an open challenge's link for
    /// one colour, [`protocol::ClientMsg::TakeSeat`]).
    Take(Color),
}

impl JoinMode {
    /// Whether the join may take a free seat, and which (`None`: either).
    fn takes(self) -> Option<Option<Color>> {
        match self {
            JoinMode::Play => Some(None),
            JoinMode::Take(c) => Some(Some(c)),
            JoinMode::Watch | JoinMode::Resume => None,
        }
    }
}

/// How a room task starts.
#[derive(Debug)]
pub enum Start {
    /// A new room: store it with its creator seated, then tell the creator.
    New {
        /// The settings.
        meta: RoomMeta,
        /// The creator's seat.
        seat: Color,
        /// The creator.
        creator: Subscriber,
    },
    /// A room read from the store (at start-up, or a rematch just written).
    Stored(StoredRoom),
    /// A room to read from the store first (an old link opened).
    Load(RoomId),
    /// A room this node just claimed (several nodes): raise its fence in the store, so that
    /// its previous owner can no longer write it, then read it. A running clock is charged up
    /// to `alive_ms` (when the previous owner was last known alive).
    TakeOver {
        /// The room.
        id: RoomId,
        /// Ms since the Unix epoch; `None` charges nothing since the last move.
        alive_ms: Option<u64>,
    },
}

impl Start {
    /// The room that starts.
    #[must_use]
    pub fn id(&self) -> &RoomId {
        match self {
            Start::New { meta, .. } => &meta.id,
            Start::Stored(s) => &s.meta.id,
            Start::Load(id) | Start::TakeOver { id, .. } => id,
        }
    }
}

/// A command to a room's task.
#[derive(Debug)]
pub enum RoomCmd {
    /// A connection opens the room (see [`protocol::ClientMsg::Join`]).
    Join {
        /// The connection.
        sub: Subscriber,
        /// A seat secret, if the client has one.
        secret: Option<String>,
        /// The last event number the client saw.
        after: Option<u64>,
        /// Watch, play, or resume one's own seat only.
        mode: JoinMode,
        /// Told `true` once the connection is subscribed (dropped unanswered when there is
        /// no such room), so that the connection counts only the rooms it really joined.
        joined: Option<tokio::sync::oneshot::Sender<bool>>,
    },
    /// A joined connection's command to the game.
    Command {
        /// The connection (and where a refusal goes).
        sub: Subscriber,
        /// The command.
        command: RoomCommand,
    },
    /// A joined connection acknowledges the events up to `seq`.
    Ack {
        /// The connection.
        conn: ConnId,
        /// The highest event number it received.
        seq: u64,
    },
    /// A connection stops receiving the room's events (its seat is kept).
    Leave {
        /// The connection.
        conn: ConnId,
    },
    /// A connection closed.
    Disconnect {
        /// The connection.
        conn: ConnId,
    },
    /// Another node owns the room now (several nodes): leave memory without writing; the
    /// subscribers reconnect and find the new owner.
    Relinquish,
    /// A finished room leaves memory to make room for others (the cap on finished rooms):
    /// its subscribers stay connected; their next command to it is refused as an unknown
    /// room, and joining again opens it anew.
    Evict,
}

impl RoomCmd {
    /// `true` when the command is worth loading a room from the store for (a join or a
    /// command that expects an answer; not an acknowledgement or a goodbye).
    #[must_use]
    pub fn needs_room(&self) -> bool {
        match self {
            RoomCmd::Join { .. } | RoomCmd::Command { .. } => true,
            RoomCmd::Ack { .. }
            | RoomCmd::Leave { .. }
            | RoomCmd::Disconnect { .. }
            | RoomCmd::Relinquish
            | RoomCmd::Evict => false,
        }
    }
}

/// Shows a finished or closed room to a spectator from its stored record, without a room
/// task: the events after `after` when they are few, then a snapshot, as a spectator of the
/// room in memory gets them (`not_seated` adds the refusal of a seat secret that is not the
/// room's, as the room's task says it).
pub fn send_record(
    room: &Room,
    sub: &Subscriber,
    after: Option<u64>,
    not_seated: bool,
    now_ms: u64,
    config: &RoomConfig,
) {
    let id = room.id().clone();
    if not_seated {
        sub.outbox.send(&ServerMsg::error(
            ErrorCode::NotSeated,
            "this seat secret does not belong to the room; watching instead",
            Some(&id),
        ));
    }
    let top = room.seq();
    if let Some(n) = after
        && n <= top
        && top - n <= RESEND_BATCH as u64
    {
        for (seq, event) in room.events_after(n) {
            sub.outbox.send(&ServerMsg::Event {
                room: id.clone(),
                seq,
                event: event.clone(),
            });
        }
    }
    sub.outbox.send(&ServerMsg::Snapshot {
        room: id,
        seq: top,
        you: None,
        state: room.state(None, now_ms, config),
    });
}

struct Sub {
    outbox: Outbox,
    seat: Option<Color>,
    acked: u64,
    last_sent: Instant,
    resend_rounds: u32,
}

/// The task's state: the room and its subscribers.
struct Actor {
    room: Room,
    subs: HashMap<ConnId, Sub>,
    env: RoomEnv,
    reported: Option<RoomStatus>,
    idle_since: Option<Instant>,
    retry_at: Option<Instant>,
    /// The room's fence in the store when several nodes share it.
    fence: Option<u64>,
    /// Another node took the room over: leave memory now.
    relinquished: bool,
    /// The lobby evicted this finished room: leave memory now, subscribers kept connected.
    evicted: bool,
    /// The seats' time away as last stored (without its event number).
    saved_away: Option<(SeatAway, SeatAway)>,
    /// The command budget of each seat (White's, then Black's), across its connections.
    seat_rates: [SeatRate; 2],
}

/// Commands one seat may send in a burst, and then a second, whatever its connections: far
/// beyond a bullet player's premoves, far below a script's flood (each command is a write).
pub const SEAT_COMMANDS_BURST: u32 = 100;
/// See [`SEAT_COMMANDS_BURST`].
pub const SEAT_COMMANDS_PER_SECOND: u32 = 10;

type SeatRate = governor::DefaultDirectRateLimiter;

fn seat_rate() -> SeatRate {
    let per_second =
        std::num::NonZeroU32::new(SEAT_COMMANDS_PER_SECOND).unwrap_or(std::num::NonZeroU32::MIN);
    let burst = std::num::NonZeroU32::new(SEAT_COMMANDS_BURST).unwrap_or(std::num::NonZeroU32::MIN);
    governor::RateLimiter::direct(governor::Quota::per_second(per_second).allow_burst(burst))
}

/// Runs a room until it leaves memory (or the server stops). `generation` tells this task
/// apart from an earlier or later task of the same room in the lobby's registry.
pub async fn run(
    start: Start,
    mut rx: mpsc::Receiver<Box<RoomCmd>>,
    env: RoomEnv,
    generation: u64,
) {
    // The work of a command or a timer is boxed: a room waiting for its next command then
    // holds only its state and its timer, not the largest future it may ever await (memory
    // per room matters with tens of thousands of rooms).
    // No such room, or it cannot be read: the task has already let go of its claim on it
    // (`Actor::refuse_all`).
    let Some(mut actor) = Box::pin(Actor::start(start, &mut rx, env, generation)).await else {
        return;
    };
    actor.report();
    actor.save_away();
    loop {
        let wake = actor.next_wake();
        tokio::select! {
            cmd = rx.recv() => {
                let Some(cmd) = cmd else { break };
                Box::pin(actor.handle(*cmd)).await;
            }
            () = sleep_until(wake) => {
                if Box::pin(actor.tick()).await {
                    break;
                }
            }
        }
        if actor.relinquished {
            // Its subscribers reconnect and find the room's new owner.
            for sub in actor.subs.values() {
                sub.outbox.close_to_reconnect();
            }
            break;
        }
        if actor.evicted {
            break;
        }
        actor.save_away();
    }
    // Leaving memory: commands that arrived meanwhile go to the room's next task.
    actor.env.host.release(actor.room.id()).await;
    actor.env.host.unloaded(actor.room.id(), generation);
    rx.close();
    while let Ok(cmd) = rx.try_recv() {
        if cmd.needs_room() {
            actor.env.host.redispatch(actor.room.id().clone(), *cmd);
        }
    }
    actor.env.metrics.rooms_in_memory.dec();
}

/// The fence of a room created by this node (several nodes), `None` on a single server.
fn env_fence(env: &RoomEnv) -> Option<u64> {
    env.fenced.then_some(0)
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn refusal_msg(r: &Refusal, room: &RoomId) -> ServerMsg {
    ServerMsg::error(r.code, r.message.clone(), Some(room))
}

impl Actor {
    async fn start(
        start: Start,
        rx: &mut mpsc::Receiver<Box<RoomCmd>>,
        env: RoomEnv,
        generation: u64,
    ) -> Option<Actor> {
        env.metrics.rooms_in_memory.inc();
        let now = env.clock.now_ms();
        let mut fence = env_fence(&env);
        let mut alive_ms = env.last_alive_ms;
        let id = start.id().clone();
        // A room read from the store (taking it over raises its fence first).
        let read = match start {
            Start::Stored(stored) => Ok(Some(stored)),
            Start::TakeOver {
                id,
                alive_ms: alive,
            } => {
                alive_ms = alive;
                env.store.take_over(&id).await.map(|taken| {
                    taken.map(|(f, stored)| {
                        fence = Some(f);
                        stored
                    })
                })
            }
            Start::Load(id) => env.store.load_room(&id).await,
            Start::New {
                meta,
                seat,
                creator,
            } => return Actor::create(meta, seat, creator, rx, env, generation).await,
        };
        let stored = match read {
            Ok(Some(stored)) => stored,
            Ok(None) => {
                Actor::refuse_all(
                    &id,
                    rx,
                    &env,
                    generation,
                    ErrorCode::UnknownRoom,
                    "no such room: check the invite link",
                )
                .await;
                return None;
            }
            Err(e) => {
                tracing::error!("room {id} not read: {e}");
                let corrupt = matches!(e, StoreError::Corrupt { .. });
                if corrupt {
                    env.metrics.rooms_skipped.inc();
                }
                let message = if corrupt {
                    DAMAGED
                } else {
                    "the room cannot be read right now: try again in a moment"
                };
                Actor::refuse_all(&id, rx, &env, generation, ErrorCode::Internal, message).await;
                return None;
            }
        };
        match Room::restore(stored, now, alive_ms) {
            Ok(room) => {
                let mut actor = Actor::new(room, env);
                actor.fence = fence;
                Some(actor)
            }
            Err(e) => {
                tracing::error!("room {id} skipped: {e}");
                env.metrics.rooms_skipped.inc();
                Actor::refuse_all(&id, rx, &env, generation, ErrorCode::Internal, DAMAGED).await;
                None
            }
        }
    }

    fn new(room: Room, env: RoomEnv) -> Actor {
        let fence = env_fence(&env);
        Actor {
            room,
            subs: HashMap::new(),
            env,
            reported: None,
            idle_since: Some(Instant::now()),
            retry_at: None,
            fence,
            relinquished: false,
            evicted: false,
            saved_away: None,
            seat_rates: [seat_rate(), seat_rate()],
        }
    }

    /// Ends a task that has no room: refuses what is queued and leaves the registry.
    ///
    /// With several nodes it first lets go of its claim on the room, while the registry still
    /// sends the room's commands here (as [`RoomHost::release`] requires) and before anyone
    /// hears the refusal: a client told that the room does not exist finds no owner key of it.
    async fn refuse_all(
        id: &RoomId,
        rx: &mut mpsc::Receiver<Box<RoomCmd>>,
        env: &RoomEnv,
        generation: u64,
        code: ErrorCode,
        message: &str,
    ) {
        env.host.release(id).await;
        env.host.unloaded(id, generation);
        rx.close();
        while let Ok(cmd) = rx.try_recv() {
            if let RoomCmd::Join { sub, .. } | RoomCmd::Command { sub, .. } = *cmd {
                sub.outbox.send(&ServerMsg::error(code, message, Some(id)));
            }
        }
        env.metrics.rooms_in_memory.dec();
    }

    /// Stores a new room with its creator seated, then tells the creator.
    async fn create(
        meta: RoomMeta,
        seat: Color,
        creator: Subscriber,
        rx: &mut mpsc::Receiver<Box<RoomCmd>>,
        env: RoomEnv,
        generation: u64,
    ) -> Option<Actor> {
        let id = meta.id.clone();
        let secret = random_secret();
        let rating = seat_rating(&env, &meta, creator.user.as_ref()).await;
        let planned = Room::create(
            meta.clone(),
            seat,
            secret.clone(),
            creator.user.clone(),
            rating,
        );
        let (room, plan) = match planned {
            Ok(p) => p,
            Err(r) => {
                creator.outbox.send(&refusal_msg(&r, &id));
                Actor::refuse_all(&id, rx, &env, generation, r.code, &r.message).await;
                return None;
            }
        };
        let hash = hash_secret(&secret);
        let append = Append {
            pairing: None,
            ratings: None,
            room: id.clone(),
            first_seq: 1,
            events: plan.events.clone(),
            create: Some(meta),
            seats: vec![(seat, hash.clone())],
            phase: Some(Phase::Waiting),
            fence: env_fence(&env),
        };
        let written = env.write(append).await;
        if let Err(e) = written {
            tracing::error!("room {id} not created: {e}");
            env.metrics.errors.inc();
            let r = Refusal::new(ErrorCode::Internal, "the server could not save the room");
            creator.outbox.send(&refusal_msg(&r, &id));
            Actor::refuse_all(&id, rx, &env, generation, r.code, &r.message).await;
            return None;
        }
        let mut actor = Actor::new(room, env);
        actor.room.set_secret(seat, hash);
        let now = actor.env.clock.now_ms();
        for e in &plan.events {
            if let Err(err) = actor.room.apply(e, now) {
                tracing::error!("room {id}: {err}");
            }
        }
        creator.outbox.send(&ServerMsg::Seated {
            room: id.clone(),
            seat,
            secret,
        });
        actor.subscribe(&creator, Some(seat));
        actor.send_snapshot(creator.conn);
        actor.presence(seat, true);
        Some(actor)
    }

    fn config(&self) -> &RoomConfig {
        &self.env.config
    }

    /// Stores the seats' time away when it changed (a game in progress only), so that a
    /// restart goes on with it.
    fn save_away(&mut self) {
        let Some(rec) = self.room.away_record() else {
            return;
        };
        let seats = (rec.white, rec.black);
        if self.saved_away != Some(seats) {
            self.saved_away = Some(seats);
            self.env.store.save_away(self.room.id(), rec);
        }
    }

    fn now_ms(&self) -> u64 {
        self.env.clock.now_ms()
    }

    fn subscribe(&mut self, sub: &Subscriber, seat: Option<Color>) {
        self.subs.insert(
            sub.conn,
            Sub {
                outbox: sub.outbox.clone(),
                seat,
                acked: 0,
                last_sent: Instant::now(),
                resend_rounds: 0,
            },
        );
        self.idle_since = None;
    }

    /// Tells the lobby the room's status when it changed.
    fn report(&mut self) {
        let status = self.room.status();
        if self.reported.as_ref() != Some(&status) {
            self.reported = Some(status.clone());
            self.env.host.status_changed(self.room.id(), status);
        }
    }

    fn send_snapshot(&self, conn: ConnId) {
        if let Some(sub) = self.subs.get(&conn) {
            sub.outbox.send(&ServerMsg::Snapshot {
                room: self.room.id().clone(),
                seq: self.room.seq(),
                you: sub.seat,
                state: self.room.state(sub.seat, self.now_ms(), self.config()),
            });
        }
    }

    /// Records a seat's connection state and, when it changed, tells everyone.
    fn presence(&mut self, seat: Color, online: bool) {
        if self.room.set_online(seat, online, self.now_ms()) {
            self.broadcast_presence(seat);
        }
    }

    /// Tells every subscriber a seat's connection state.
    fn broadcast_presence(&self, seat: Color) {
        let now = self.now_ms();
        let online = self.room.online(seat);
        let msg = frame(&ServerMsg::Presence {
            room: self.room.id().clone(),
            seat,
            online,
            claim_in_ms: self.room.claim_in_ms(seat, now, self.config()),
        });
        for sub in self.subs.values() {
            sub.outbox.send_frame(msg.clone());
        }
    }

    /// Stores, applies and broadcasts events; on a storage failure tells `requester` and
    /// changes nothing. Returns whether the events were committed.
    async fn commit(
        &mut self,
        events: Vec<RoomEvent>,
        seats: Vec<(Color, SecretHash)>,
        requester: Option<&Subscriber>,
    ) -> bool {
        if events.is_empty() {
            return true;
        }
        let id = self.room.id().clone();
        let phase = self.room.phase_after(&events);
        let mut events = events;
        let mut written = Ok(());
        // A rated game's result is rated with the ratings as they are when it is written: if
        // another game of a player was rated meanwhile, read them again. A game whose ratings
        // cannot be written still ends (unrated, logged): the result matters more.
        for attempt in 1..=RATING_ATTEMPTS + 1 {
            let ratings = if attempt > RATING_ATTEMPTS {
                tracing::error!("room {id}: the ratings kept moving: the game ends unrated");
                self.env.metrics.errors.inc();
                unrate(&mut events);
                None
            } else {
                match self.rate(&mut events).await {
                    Ok(r) => r.map(Box::new),
                    Err(e) => {
                        tracing::error!("room {id}: ratings not read ({e}): the game ends unrated");
                        self.env.metrics.errors.inc();
                        unrate(&mut events);
                        None
                    }
                }
            };
            let append = Append {
                pairing: None,
                ratings,
                room: id.clone(),
                first_seq: self.room.seq() + 1,
                events: events.clone(),
                create: None,
                seats: seats.clone(),
                phase: (phase != self.room.phase()).then_some(phase),
                fence: self.fence,
            };
            written = self.env.write(append).await;
            match &written {
                Err(StoreError::RatingsMoved(user)) if attempt <= RATING_ATTEMPTS => {
                    tracing::debug!("room {id}: the rating of {user} moved meanwhile: again");
                    tokio::time::sleep(rating_backoff(attempt)).await;
                }
                _ => break,
            }
        }
        if let Err(StoreError::Fenced { fence, .. }) = &written {
            tracing::warn!("room {id}: another node owns it now (fence {fence}): leaving");
            self.relinquished = true;
            return false;
        }
        if let Err(e) = written {
            tracing::error!("room {id}: {e}");
            self.env.metrics.errors.inc();
            if let Some(sub) = requester {
                sub.outbox.send(&ServerMsg::error(
                    ErrorCode::Internal,
                    "the server could not save this; nothing changed",
                    Some(&id),
                ));
            }
            return false;
        }
        // Before the secrets: the room's phase follows its seats taken.
        let phase_changed = phase != self.room.phase();
        for (seat, hash) in seats {
            self.room.set_secret(seat, hash);
        }
        let now = self.now_ms();
        for e in events {
            let seq = self.room.seq() + 1;
            if let Err(err) = self.room.apply(&e, now) {
                tracing::error!("room {id}: planned event does not apply: {err}");
                break;
            }
            if matches!(e, RoomEvent::Moved { .. }) {
                self.env.metrics.moves.inc();
            }
            let msg = frame(&ServerMsg::Event {
                room: id.clone(),
                seq,
                event: e,
            });
            let sent = Instant::now();
            for sub in self.subs.values_mut() {
                sub.outbox.send_frame(msg.clone());
                sub.last_sent = sent;
            }
        }
        self.report();
        if phase_changed && matches!(phase, Phase::Playing | Phase::Finished) {
            self.env.host.game_phase(&id, phase, None);
        }
        true
    }

    /// When `events` end a rated game with a result, the players' new ratings: read from the
    /// store now, computed by Glicko-2 ([`rating::rate_game`]), and shown in the game-over
    /// event (its `ratings`); `None` for any other events.
    async fn rate(
        &self,
        events: &mut [RoomEvent],
    ) -> Result<Option<crate::store::RatingUpdate>, StoreError> {
        let meta = self.room.meta();
        let (true, Some(clock)) = (meta.rated, meta.clock) else {
            return Ok(None);
        };
        let Some(RoomEvent::GameOver {
            result, ratings, ..
        }) = events
            .iter_mut()
            .find(|e| matches!(e, RoomEvent::GameOver { .. }))
        else {
            return Ok(None);
        };
        let Some(score) = rating::Score::of(*result) else {
            return Ok(None);
        };
        let players = self.room.players();
        let (Some(white), Some(black)) = (players.white.as_ref(), players.black.as_ref()) else {
            return Ok(None);
        };
        // A closed account keeps no ratings: its games (and its opponents') end unrated.
        for user in [white, black] {
            if self
                .env
                .store
                .account(&user.id())
                .await?
                .is_none_or(|a| a.is_closed())
            {
                tracing::info!(
                    "room {}: {user}'s account is closed: unrated",
                    self.room.id()
                );
                return Ok(None);
            }
        }
        let perf = rating::Perf::of(clock);
        let mut before = rules::ByColor::<rating::Rated>::default();
        for (c, user) in [(Color::White, white), (Color::Black, black)] {
            *before.get_mut(c) =
                crate::store::accounts::rated_in(&*self.env.store, &user.id(), perf).await?;
        }
        let now = self.now_ms();
        let (w, b) = rating::rate_game(&before.white, &before.black, score, now);
        let change = |before: &rating::Rated, after: &rating::Rated| protocol::RatingChange {
            before: before.glicko.rounded(),
            after: after.glicko.rounded(),
            provisional: after.glicko.provisional(),
        };
        *ratings = Some(rules::ByColor {
            white: change(&before.white, &w),
            black: change(&before.black, &b),
        });
        Ok(Some(crate::store::RatingUpdate {
            perf,
            at_ms: now,
            players: rules::ByColor {
                white: (white.id(), before.white, w),
                black: (black.id(), before.black, b),
            },
        }))
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Join {
                sub,
                secret,
                after,
                mode,
                joined,
            } => {
                if let Some(j) = joined {
                    let _ = j.send(true);
                }
                self.join(sub, secret, after, mode).await;
            }
            RoomCmd::Command { sub, command } => self.command(sub, command).await,
            RoomCmd::Ack { conn, seq } => self.ack(conn, seq),
            RoomCmd::Leave { conn } | RoomCmd::Disconnect { conn } => self.leave(conn),
            RoomCmd::Relinquish => self.relinquished = true,
            RoomCmd::Evict => self.evicted = self.room.is_done(),
        }
    }

    /// The rating of signed-in `user` for this room's speed as of now ([`seat_rating`]).
    async fn seat_rating(
        &self,
        user: Option<&protocol::user::Username>,
    ) -> Option<protocol::SeatRating> {
        seat_rating(&self.env, self.room.meta(), user).await
    }

    async fn join(
        &mut self,
        sub: Subscriber,
        secret: Option<String>,
        after: Option<u64>,
        mode: JoinMode,
    ) {
        let id = self.room.id().clone();
        let prior = self.subs.get(&sub.conn).and_then(|s| s.seat);
        let mut seat = secret
            .as_deref()
            .and_then(|s| self.room.seat_of(s))
            .or(prior);
        if seat.is_none() && secret.is_none() && mode != JoinMode::Watch {
            // The player's account holds its seat (checked again by the connection first).
            seat = self.room.seat_of_user(sub.user.as_ref());
        }
        if secret.is_some() && seat.is_none() {
            sub.outbox.send(&ServerMsg::error(
                ErrorCode::NotSeated,
                "this seat secret does not belong to the room; watching instead",
                Some(&id),
            ));
        }
        // Joining again on the same connection (a resync) replaces the subscription.
        self.subscribe(&sub, seat);
        let wanted = mode.takes();
        let free = match wanted {
            Some(Some(c)) => self.room.free_seat().is_some() && self.room.seat_free(c),
            Some(None) => self.room.free_seat().is_some(),
            None => false,
        };
        if seat.is_none() && secret.is_none() && !free && matches!(mode, JoinMode::Take(_)) {
            sub.outbox.send(&ServerMsg::error(
                ErrorCode::NotAllowed,
                "this seat is taken: watching instead",
                Some(&id),
            ));
        }
        let taking = seat.is_none() && secret.is_none() && free;
        let rating = if taking {
            self.seat_rating(sub.user.as_ref()).await
        } else {
            None
        };
        let refusal = taking
            .then(|| {
                self.room
                    .seat_refusal(sub.user.as_ref(), rating.map(|r| r.rating))
            })
            .flatten();
        if let Some(r) = &refusal {
            if self.room.meta().seek.rating_range.is_some() {
                self.env.metrics.seek_refused(if sub.user.is_some() {
                    "out_of_range"
                } else {
                    "range_anonymous"
                });
            }
            sub.outbox.send(&refusal_msg(r, &id));
        }
        if taking && refusal.is_none() {
            let secret = random_secret();
            if let Some(Plan {
                events,
                new_seat: Some((s, secret)),
                ..
            }) = self
                .room
                .plan_take_seat_as(secret, sub.user.clone(), rating, wanted.flatten())
            {
                let hash = hash_secret(&secret);
                if self.commit(events, vec![(s, hash)], Some(&sub)).await {
                    seat = Some(s);
                    if let Some(entry) = self.subs.get_mut(&sub.conn) {
                        entry.seat = Some(s);
                    }
                    sub.outbox.send(&ServerMsg::Seated {
                        room: id.clone(),
                        seat: s,
                        secret,
                    });
                }
            }
        }
        // Catch up: the missing events when the client says what it saw and they are few, then a
        // snapshot (which alone brings a client that is far behind up to date, as lila-ws's
        // resync does: replaying thousands of events would overflow its outbox).
        let top = self.room.seq();
        if let (Some(n), Some(entry)) = (after, self.subs.get_mut(&sub.conn))
            && n <= top
        {
            entry.acked = n;
            if top - n <= RESEND_BATCH as u64 {
                for (seq, event) in self.room.events_after(n) {
                    entry.outbox.send(&ServerMsg::Event {
                        room: id.clone(),
                        seq,
                        event: event.clone(),
                    });
                }
            } else {
                entry.acked = top;
            }
        }
        // The snapshot already shows the joining seat present; the others hear it after.
        let arrived = seat.filter(|&s| self.room.set_online(s, true, self.now_ms()));
        self.send_snapshot(sub.conn);
        if let Some(s) = arrived {
            self.broadcast_presence(s);
        }
        if let Some(s) = seat {
            let back = self.room.plan_return(s);
            self.commit(back, Vec::new(), None).await;
        }
    }

    /// Plans and commits a joined connection's command, or tells it why not.
    async fn command(&mut self, sub: Subscriber, command: RoomCommand) {
        let id = self.room.id().clone();
        // A spectator shown the record of this closed or finished room (not subscribed here)
        // is answered as a spectator: why nothing can be done.
        let spectator = self.room.is_done().then_some(None);
        let Some(seat) = self.subs.get(&sub.conn).map(|s| s.seat).or(spectator) else {
            sub.outbox.send(&ServerMsg::error(
                ErrorCode::UnknownRoom,
                "join the room first",
                Some(&id),
            ));
            return;
        };
        if let Some(s) = seat
            && self.seat_rates[usize::from(s == Color::Black)]
                .check()
                .is_err()
        {
            self.env.metrics.limited("seat");
            sub.outbox.send(&ServerMsg::error(
                ErrorCode::RateLimited,
                format!(
                    "too many commands from your seat: at most {SEAT_COMMANDS_PER_SECOND} a second"
                ),
                Some(&id),
            ));
            return;
        }
        if let (RoomCommand::Rematch, Some(s)) = (&command, seat)
            && let Some(r) = self.room.rematch_refusal(s, sub.user.as_ref())
        {
            sub.outbox.send(&refusal_msg(&r, &id));
            return;
        }
        match self.room.plan(seat, &command, self.now_ms(), self.config()) {
            Ok(plan) if plan.rematch => self.rematch(&sub).await,
            Ok(plan) => {
                self.commit(plan.events, Vec::new(), Some(&sub)).await;
            }
            Err(r) => {
                self.env.metrics.errors.inc();
                sub.outbox.send(&refusal_msg(&r, &id));
            }
        }
    }

    /// Records a subscriber's acknowledgement (never beyond the last event); unknown
    /// connections are ignored.
    fn ack(&mut self, conn: ConnId, seq: u64) {
        let top = self.room.seq();
        if let Some(entry) = self.subs.get_mut(&conn) {
            let acked = seq.min(top);
            if acked > entry.acked {
                entry.acked = acked;
                entry.resend_rounds = 0;
            }
        }
    }

    /// Creates the rematch (colours swapped, the same seat secrets), then announces it.
    async fn rematch(&mut self, sub: &Subscriber) {
        let id = self.room.id().clone();
        if let Err(r) = self.env.host.admit_room(sub.addr.map(AddressKey::of)) {
            sub.outbox.send(&refusal_msg(&r, &id));
            return;
        }
        let (Some(white), Some(black)) = (
            self.room.secrets().white.clone(),
            self.room.secrets().black.clone(),
        ) else {
            return;
        };
        let meta = self.room.rematch_meta(random_room_id(), self.now_ms());
        // The old White plays Black in the rematch and the other way round.
        let players = self.room.players().clone();
        let mut events = Vec::with_capacity(2);
        for (seat, user) in [
            (Color::White, &players.black),
            (Color::Black, &players.white),
        ] {
            // The ratings as this game left them (its change is already stored).
            events.push(RoomEvent::Seated {
                seat,
                user: user.clone(),
                seat_rating: seat_rating(&self.env, &meta, user.as_ref()).await,
            });
        }
        // The old White plays Black in the rematch and the other way round.
        let secrets = rules::ByColor {
            white: Some(black),
            black: Some(white),
        };
        let seats = Color::ALL
            .into_iter()
            .filter_map(|c| secrets.get(c).clone().map(|h| (c, h)))
            .collect();
        let append = Append {
            pairing: None,
            ratings: None,
            room: meta.id.clone(),
            first_seq: 1,
            events: events.clone(),
            create: Some(meta.clone()),
            seats,
            phase: Some(Phase::Playing),
            // A new room: its fence starts where a created room's does.
            fence: env_fence(&self.env),
        };
        let written = self.env.write(append).await;
        if let Err(e) = written {
            tracing::error!("room {id}: rematch not created: {e}");
            self.env.metrics.errors.inc();
            sub.outbox.send(&ServerMsg::error(
                ErrorCode::Internal,
                "the rematch could not be created",
                Some(&id),
            ));
            return;
        }
        let new_id = meta.id.clone();
        self.env.host.spawn(
            Start::Stored(StoredRoom {
                meta,
                phase: Phase::Playing,
                secrets,
                events,
                away: None,
            }),
            sub.addr.map(AddressKey::of),
        );
        self.env
            .host
            .game_phase(&new_id, Phase::Playing, Some("friend"));
        self.commit(
            vec![RoomEvent::RematchReady { room: new_id }],
            Vec::new(),
            Some(sub),
        )
        .await;
    }

    fn leave(&mut self, conn: ConnId) {
        let Some(sub) = self.subs.remove(&conn) else {
            return;
        };
        if let Some(s) = sub.seat
            && !self.subs.values().any(|o| o.seat == Some(s))
        {
            self.presence(s, false);
        }
        if self.subs.is_empty() {
            self.idle_since = Some(Instant::now());
        }
    }

    /// When the task must wake up next: a timer of the room, a resend, or leaving memory.
    fn next_wake(&self) -> Option<Instant> {
        let clock = self.env.clock;
        let due = self
            .room
            .next_due_ms(self.config())
            .map(|ms| clock.instant_of(ms));
        let due = match (due, self.retry_at) {
            (Some(d), Some(r)) => Some(d.max(r)),
            (d, _) => d,
        };
        let resend = self
            .subs
            .values()
            .filter(|s| s.acked < self.room.seq())
            .map(|s| s.last_sent + RESEND_AFTER)
            .min();
        let unload = if let Some(since) = self.room.both_away_since() {
            Some(clock.instant_of(since.saturating_add(ms_of(self.config().finished_ttl))))
        } else if self.room.is_done() {
            let ended = self
                .room
                .ended_ms()
                .map(|ms| clock.instant_of(ms.saturating_add(ms_of(self.config().finished_ttl))));
            let idle = self.idle_since.map(|t| t + IDLE_GRACE);
            match (ended, idle) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        } else {
            None
        };
        [due, resend, unload].into_iter().flatten().min()
    }

    /// Does what is due; returns `true` when the room leaves memory.
    async fn tick(&mut self) -> bool {
        let now = Instant::now();
        if self.retry_at.is_none_or(|r| r <= now) {
            let events = self.room.due(self.now_ms(), self.config());
            if !events.is_empty() {
                self.retry_at = if self.commit(events, Vec::new(), None).await {
                    None
                } else {
                    // The store failed: try again shortly rather than spinning.
                    Some(Instant::now() + RETRY_AFTER)
                };
            }
        }
        self.resend_unacked(now);
        if let Some(since) = self.room.both_away_since() {
            // An untimed game both players have left: it waits in the store (its link or a
            // player's return loads it again) instead of holding memory and a room slot.
            let clock = self.env.clock;
            if clock.instant_of(since.saturating_add(ms_of(self.config().finished_ttl))) <= now {
                return true;
            }
        }
        if self.room.is_done() {
            let clock = self.env.clock;
            let expired = self.room.ended_ms().is_some_and(|ms| {
                clock.instant_of(ms.saturating_add(ms_of(self.config().finished_ttl))) <= now
            });
            let idle = self.idle_since.is_some_and(|t| t + IDLE_GRACE <= now);
            if expired || idle {
                return true;
            }
        }
        false
    }

    /// Sends unacknowledged events again (lazily, a batch at a time); drops subscribers that
    /// never acknowledge.
    fn resend_unacked(&mut self, now: Instant) {
        let id = self.room.id().clone();
        let seq = self.room.seq();
        let mut dropped = Vec::new();
        for (conn, sub) in &mut self.subs {
            if sub.acked >= seq || now.duration_since(sub.last_sent) < RESEND_AFTER {
                continue;
            }
            sub.resend_rounds += 1;
            if sub.resend_rounds > MAX_RESEND_ROUNDS {
                sub.outbox.send(&ServerMsg::error(
                    ErrorCode::SlowClient,
                    "events were never acknowledged: join the room again",
                    Some(&id),
                ));
                dropped.push(*conn);
                continue;
            }
            for (n, event) in self.room.events_after(sub.acked).take(RESEND_BATCH) {
                sub.outbox.send(&ServerMsg::Event {
                    room: id.clone(),
                    seq: n,
                    event: event.clone(),
                });
            }
            sub.last_sent = now;
        }
        for conn in dropped {
            self.env.metrics.dropped("no_acks");
            self.leave(conn);
        }
    }
}

fn ms_of(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The rating of signed-in `user` for the speed of the room `meta` as of now: what stands beside
/// their name by the clock (`None` for an anonymous player, an untimed room, or when the store
/// cannot be read: the seat is taken without it, and a log line says why).
async fn seat_rating(
    env: &RoomEnv,
    meta: &RoomMeta,
    user: Option<&protocol::user::Username>,
) -> Option<protocol::SeatRating> {
    let (Some(clock), Some(user)) = (meta.clock, user) else {
        return None;
    };
    match crate::store::accounts::rated_in(&*env.store, &user.id(), rating::Perf::of(clock)).await {
        Ok(rated) => Some(crate::store::accounts::seat_rating(
            &rated,
            env.clock.now_ms(),
        )),
        Err(e) => {
            tracing::warn!("room {}: the rating of {user} not read: {e}", meta.id);
            None
        }
    }
}
