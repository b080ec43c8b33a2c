//! One room: its game, seats, numbered events, clocks and presence, owned by a single task
//! that serialises every command (the authoritative copy of the game).
//!
//! Commands are planned against the current state without changing it ([`Room::plan`]), the
//! resulting events are written to the store, and only then applied ([`Room::apply`]); a
//! failed write changes nothing. Replaying the stored events rebuilds the room after a restart.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use protocol::{ClientMsg, Clocks, ErrorCode, RoomEvent, RoomState, Seats, ServerMsg};
use rules::{ByColor, Color, DrawClaim, Game, Outcome, Position, Rules};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::lobby::{ConnId, Lobby, RoomStatus};
use crate::store::{RoomMeta, StoredRoom};

/// A refused command: the error code and a message for the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub ErrorCode, pub String);

fn refuse<T>(code: ErrorCode, msg: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(code, msg.into()))
}

/// SHA-256 of a seat secret, in hex: what is stored instead of the secret.
#[must_use]
pub fn hash_secret(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `n` random bytes from the operating system, in hex.
///
/// # Panics
/// If the operating system's random source fails (nothing sensible can go on then).
#[must_use]
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ClockState {
    left_ms: ByColor<u64>,
    running: Option<Color>,
    /// When the running clock last started, in milliseconds of the room's time base.
    since_ms: u64,
}

/// The state of a room (no I/O): see the module docs.
#[derive(Debug, Clone)]
pub struct Room {
    /// The settings.
    pub meta: RoomMeta,
    game: Game,
    secrets: ByColor<Option<String>>,
    events: Vec<RoomEvent>,
    outcome: Option<(String, Option<Color>)>,
    draw_offer: Option<Color>,
    rematch_offer: Option<Color>,
    rematch_room: Option<String>,
    clocks: Option<ClockState>,
    online: ByColor<bool>,
    offline_since_ms: ByColor<Option<u64>>,
}

/// What a planned command does.
#[derive(Debug, Default)]
pub struct Plan {
    /// Events to store and apply, in order.
    pub events: Vec<RoomEvent>,
    /// A seat taken with its new secret (to store as a hash and tell the client).
    pub new_seat: Option<(Color, String)>,
    /// Both players want a rematch: create it.
    pub rematch: bool,
}

impl Room {
    /// A new room with the creator seated at `seat`; returns the room and the creator's secret.
    ///
    /// # Errors
    /// [`ErrorCode::InvalidSettings`] for a time control out of range.
    pub fn create(meta: RoomMeta, seat: Color) -> Result<(Room, Plan), Refusal> {
        if let Some(tc) = meta.clock
            && (!(1..=10_800).contains(&tc.initial_secs) || tc.increment_secs > 180)
        {
            return refuse(
                ErrorCode::InvalidSettings,
                "time control out of range (1 s to 3 h, increment up to 180 s)",
            );
        }
        let room = Room::empty(meta).map_err(|e| Refusal(ErrorCode::InvalidSettings, e))?;
        let secret = random_hex(16);
        let plan = Plan {
            events: vec![RoomEvent::Seated { seat }],
            new_seat: Some((seat, secret)),
            rematch: false,
        };
        Ok((room, plan))
    }

    fn empty(meta: RoomMeta) -> Result<Room, String> {
        let rules = Rules {
            promotion: meta.promotion,
        };
        let game = Game::from_fen(&meta.initial_fen, rules).map_err(|e| e.to_string())?;
        let clocks = meta.clock.map(|tc| ClockState {
            left_ms: ByColor {
                white: u64::from(tc.initial_secs) * 1000,
                black: u64::from(tc.initial_secs) * 1000,
            },
            running: None,
            since_ms: 0,
        });
        Ok(Room {
            meta,
            game,
            secrets: ByColor::default(),
            events: Vec::new(),
            outcome: None,
            draw_offer: None,
            rematch_offer: None,
            rematch_room: None,
            clocks,
            online: ByColor::default(),
            offline_since_ms: ByColor::default(),
        })
    }

    /// Rebuilds a room from the store; `now_ms` restarts clocks and countdowns.
    ///
    /// # Errors
    /// A message when the stored room does not replay (a corrupt record).
    pub fn restore(stored: StoredRoom, now_ms: u64) -> Result<Room, String> {
        let mut room = Room::empty(stored.meta)?;
        room.secrets = ByColor {
            white: stored.white_secret,
            black: stored.black_secret,
        };
        for e in &stored.events {
            room.apply(e, now_ms)?;
        }
        // Nobody is connected after a restart: countdowns start now.
        for c in Color::ALL {
            *room.online.get_mut(c) = false;
            *room.offline_since_ms.get_mut(c) = room.secrets.get(c).as_ref().map(|_| now_ms);
        }
        if let Some(cl) = &mut room.clocks {
            cl.since_ms = now_ms;
        }
        Ok(room)
    }

    /// The number of the latest event (0 before any).
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.events.len() as u64
    }

    /// Events after `after`, numbered.
    #[must_use]
    pub fn events_after(&self, after: u64) -> Vec<(u64, RoomEvent)> {
        self.events
            .iter()
            .enumerate()
            .skip(usize::try_from(after).unwrap_or(usize::MAX))
            .map(|(i, e)| (i as u64 + 1, e.clone()))
            .collect()
    }

    /// The seat whose secret is `secret`, if any.
    #[must_use]
    pub fn seat_of(&self, secret: &str) -> Option<Color> {
        let h = hash_secret(secret);
        Color::ALL
            .into_iter()
            .find(|&c| self.secrets.get(c).as_deref() == Some(h.as_str()))
    }

    /// The hash of a seat's secret.
    #[must_use]
    pub fn secret_hash(&self, seat: Color) -> Option<&str> {
        self.secrets.get(seat).as_deref()
    }

    /// Sets a seat's secret hash (after it is stored).
    pub fn set_secret_hash(&mut self, seat: Color, hash: String) {
        *self.secrets.get_mut(seat) = Some(hash);
    }

    /// `true` when the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The status shown in the lobby.
    #[must_use]
    pub fn status(&self) -> RoomStatus {
        let open = Color::ALL
            .into_iter()
            .find(|&c| self.secrets.get(c).is_none());
        RoomStatus {
            open_seat: if self.is_over() { None } else { open },
            public: self.meta.public,
            in_progress: open.is_none() && !self.is_over(),
            promotion: self.meta.promotion,
            clock: self.meta.clock,
            created_ms: self.meta.created_ms,
        }
    }

    fn clocks_at(&self, now_ms: u64) -> Option<Clocks> {
        self.clocks.map(|c| {
            let mut left = c.left_ms;
            if let Some(r) = c.running {
                let l = left.get_mut(r);
                *l = l.saturating_sub(now_ms.saturating_sub(c.since_ms));
            }
            Clocks {
                white_ms: left.white,
                black_ms: left.black,
                running: c.running,
            }
        })
    }

    /// The full state as seen by `you`.
    #[must_use]
    pub fn state(&self, you: Option<Color>, now_ms: u64, countdown: Duration) -> RoomState {
        RoomState {
            initial_fen: self.meta.initial_fen.clone(),
            promotion: self.meta.promotion,
            clock: self.meta.clock,
            public: self.meta.public,
            moves: self.game.moves().iter().map(|m| m.to_uci()).collect(),
            seats: Seats {
                white_taken: self.secrets.white.is_some(),
                black_taken: self.secrets.black.is_some(),
                white_online: self.online.white,
                black_online: self.online.black,
            },
            outcome: self.outcome.as_ref().map(|o| o.0.clone()),
            draw_offer: self.draw_offer,
            rematch_offer: self.rematch_offer,
            rematch_room: self.rematch_room.clone(),
            clocks: self.clocks_at(now_ms),
            claim_in_ms: you.and_then(|y| self.claim_in_ms(y.other(), now_ms, countdown)),
        }
    }

    /// Milliseconds until the opponent may claim the win because `seat` has been away.
    fn claim_in_ms(&self, seat: Color, now_ms: u64, countdown: Duration) -> Option<u64> {
        if self.is_over() || *self.online.get(seat) || self.secrets.get(seat).is_none() {
            return None;
        }
        let since = (*self.offline_since_ms.get(seat))?;
        Some(
            since
                .saturating_add(countdown.as_millis() as u64)
                .saturating_sub(now_ms),
        )
    }

    /// When the running clock falls, in milliseconds of the room's time base.
    #[must_use]
    pub fn flag_at_ms(&self) -> Option<u64> {
        let c = self.clocks?;
        let r = c.running?;
        (!self.is_over()).then(|| c.since_ms + *c.left_ms.get(r))
    }

    fn game_over(result: String, winner: Option<Color>) -> RoomEvent {
        RoomEvent::GameOver { result, winner }
    }

    /// The end by time of `flagged`: a win for the other side, or a draw when it cannot mate.
    fn timeout(&self, flagged: Color) -> RoomEvent {
        let winner = flagged.other();
        if self.game.position().has_mating_material(winner) {
            Room::game_over(format!("timeout-{winner}-wins"), Some(winner))
        } else {
            Room::game_over("timeout-draw".into(), None)
        }
    }

    /// Events when the running clock has fallen by `now_ms`.
    #[must_use]
    pub fn check_flag(&self, now_ms: u64) -> Vec<RoomEvent> {
        match (self.flag_at_ms(), self.clocks.and_then(|c| c.running)) {
            (Some(at), Some(r)) if now_ms >= at => vec![self.timeout(r)],
            _ => Vec::new(),
        }
    }

    /// Plans a seat-holder's (or spectator's, `seat = None`) command. Never changes `self`.
    ///
    /// # Errors
    /// A [`Refusal`] saying why the command is not valid now.
    pub fn plan(
        &self,
        seat: Option<Color>,
        msg: &ClientMsg,
        now_ms: u64,
        countdown: Duration,
    ) -> Result<Plan, Refusal> {
        let seated = || {
            seat.ok_or_else(|| {
                Refusal(
                    ErrorCode::NotSeated,
                    "you do not hold a seat in this room".into(),
                )
            })
        };
        let mut plan = Plan::default();
        match msg {
            ClientMsg::Move { ply, uci, .. } => {
                let me = seated()?;
                self.ensure_playing()?;
                let flag = self.check_flag(now_ms);
                if !flag.is_empty() {
                    plan.events = flag;
                    return Ok(plan);
                }
                if self.game.position().turn() != me {
                    return refuse(ErrorCode::NotYourTurn, "it is your opponent's turn");
                }
                if *ply as usize != self.game.moves().len() {
                    return refuse(
                        ErrorCode::WrongPly,
                        format!(
                            "move number {ply} does not match: {} moves were played",
                            self.game.moves().len()
                        ),
                    );
                }
                let pos: &Position = self.game.position();
                let m = pos
                    .parse_uci(uci)
                    .map_err(|e| Refusal(ErrorCode::IllegalMove, format!("{uci}: {e}")))?;
                let san = pos.san(m);
                let mut after = self.game.clone();
                after
                    .play(m)
                    .map_err(|e| Refusal(ErrorCode::IllegalMove, e.to_string()))?;
                let clocks = self.clocks.map(|c| {
                    let mut left = c.left_ms;
                    if c.running == Some(me) {
                        let l = left.get_mut(me);
                        *l = l.saturating_sub(now_ms.saturating_sub(c.since_ms));
                    }
                    let inc = u64::from(self.meta.clock.map_or(0, |t| t.increment_secs)) * 1000;
                    // The clocks start with Black's first move (White's first move is free).
                    let started = c.running.is_some() || me == Color::Black;
                    if started {
                        *left.get_mut(me) += inc;
                    }
                    Clocks {
                        white_ms: left.white,
                        black_ms: left.black,
                        running: (started || me == Color::White)
                            .then_some(me.other())
                            .filter(|_| after.outcome().is_none()),
                    }
                });
                if self.draw_offer == Some(me.other()) {
                    plan.events.push(RoomEvent::DrawDeclined { by: me });
                }
                plan.events.push(RoomEvent::Moved {
                    ply: *ply,
                    uci: m.to_uci(),
                    san,
                    clocks,
                });
                if let Some(o) = after.outcome() {
                    plan.events
                        .push(Room::game_over(o.label().to_owned(), o.winner()));
                }
            }
            ClientMsg::Resign { .. } => {
                let me = seated()?;
                self.ensure_playing()?;
                let w = me.other();
                plan.events
                    .push(Room::game_over(format!("resign-{w}-wins"), Some(w)));
            }
            ClientMsg::OfferDraw { .. } => {
                let me = seated()?;
                self.ensure_playing()?;
                match self.draw_offer {
                    Some(by) if by == me => {
                        return refuse(ErrorCode::NotAllowed, "you already offered a draw");
                    }
                    Some(_) => plan.events.push(Room::game_over(
                        Outcome::Draw {
                            reason: rules::DrawReason::Agreement,
                        }
                        .label()
                        .to_owned(),
                        None,
                    )),
                    None => plan.events.push(RoomEvent::DrawOffered { by: me }),
                }
            }
            ClientMsg::DeclineDraw { .. } => {
                let me = seated()?;
                self.ensure_playing()?;
                if self.draw_offer != Some(me.other()) {
                    return refuse(ErrorCode::NotAllowed, "there is no draw offer to decline");
                }
                plan.events.push(RoomEvent::DrawDeclined { by: me });
            }
            ClientMsg::ClaimDraw { claim, .. } => {
                let me = seated()?;
                self.ensure_playing()?;
                if self.game.position().turn() != me {
                    return refuse(ErrorCode::NotYourTurn, "a draw is claimed on your own turn");
                }
                if !self.game.can_claim(*claim) {
                    return refuse(ErrorCode::NotAllowed, "that draw cannot be claimed now");
                }
                let label = match claim {
                    DrawClaim::FiftyMoves => "fifty-move",
                    DrawClaim::Threefold => "threefold",
                };
                plan.events.push(Room::game_over(label.into(), None));
            }
            ClientMsg::ClaimVictory { .. } => {
                let me = seated()?;
                self.ensure_playing()?;
                match self.claim_in_ms(me.other(), now_ms, countdown) {
                    Some(0) => plan
                        .events
                        .push(Room::game_over(format!("abandoned-{me}-wins"), Some(me))),
                    Some(ms) => {
                        return refuse(
                            ErrorCode::NotAllowed,
                            format!("your opponent may come back: {} s left", ms.div_ceil(1000)),
                        );
                    }
                    None => return refuse(ErrorCode::NotAllowed, "your opponent is here"),
                }
            }
            ClientMsg::Rematch { .. } => {
                let me = seated()?;
                if !self.is_over() {
                    return refuse(ErrorCode::NotAllowed, "a rematch is offered after the game");
                }
                if self.rematch_room.is_some() {
                    return refuse(ErrorCode::NotAllowed, "the rematch has already started");
                }
                match self.rematch_offer {
                    Some(by) if by == me => {
                        return refuse(ErrorCode::NotAllowed, "you already asked for a rematch");
                    }
                    Some(_) => plan.rematch = true,
                    None => plan.events.push(RoomEvent::RematchOffered { by: me }),
                }
            }
            _ => return refuse(ErrorCode::BadMessage, "not a room command"),
        }
        Ok(plan)
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

    /// Plans taking the free seat (a new secret) if there is one.
    #[must_use]
    pub fn plan_take_seat(&self) -> Option<Plan> {
        if self.is_over() {
            return None;
        }
        let seat = Color::ALL
            .into_iter()
            .find(|&c| self.secrets.get(c).is_none())?;
        Some(Plan {
            events: vec![RoomEvent::Seated { seat }],
            new_seat: Some((seat, random_hex(16))),
            rematch: false,
        })
    }

    /// The presence event when `seat`'s connection state changes (none if unchanged).
    #[must_use]
    pub fn plan_presence(
        &self,
        seat: Color,
        online: bool,
        countdown: Duration,
    ) -> Option<RoomEvent> {
        (*self.online.get(seat) != online).then(|| RoomEvent::Presence {
            seat,
            online,
            claim_in_ms: (!online && !self.is_over()).then_some(countdown.as_millis() as u64),
        })
    }

    /// Applies a stored or planned event.
    ///
    /// # Errors
    /// A message when the event does not fit the room (only for corrupt stored logs).
    pub fn apply(&mut self, e: &RoomEvent, now_ms: u64) -> Result<(), String> {
        match e {
            RoomEvent::Seated { .. } => {}
            RoomEvent::Moved { uci, clocks, .. } => {
                let mover = self.game.position().turn();
                self.game
                    .play_uci(uci)
                    .map_err(|err| format!("stored move {uci}: {err}"))?;
                // A move answers the opponent's offer (declined, with its own event); one's own
                // offer stands until the opponent replies, as in the FIDE Laws.
                if self.draw_offer == Some(mover.other()) {
                    self.draw_offer = None;
                }
                if let (Some(state), Some(c)) = (&mut self.clocks, clocks) {
                    state.left_ms = ByColor {
                        white: c.white_ms,
                        black: c.black_ms,
                    };
                    state.running = c.running;
                    state.since_ms = now_ms;
                }
            }
            RoomEvent::DrawOffered { by } => self.draw_offer = Some(*by),
            RoomEvent::DrawDeclined { .. } => self.draw_offer = None,
            RoomEvent::GameOver { result, winner } => {
                if let Some(c) = &mut self.clocks {
                    if let Some(r) = c.running {
                        let l = c.left_ms.get_mut(r);
                        *l = l.saturating_sub(now_ms.saturating_sub(c.since_ms));
                    }
                    c.running = None;
                }
                self.outcome = Some((result.clone(), *winner));
                self.draw_offer = None;
            }
            RoomEvent::Presence { seat, online, .. } => {
                *self.online.get_mut(*seat) = *online;
                *self.offline_since_ms.get_mut(*seat) = (!online).then_some(now_ms);
            }
            RoomEvent::RematchOffered { by } => self.rematch_offer = Some(*by),
            RoomEvent::RematchReady { room } => {
                self.rematch_room = Some(room.clone());
                self.rematch_offer = None;
            }
        }
        self.events.push(e.clone());
        Ok(())
    }

    /// The position's promotion rule and the settings of a rematch room (colours swapped).
    #[must_use]
    pub fn rematch_meta(&self, id: String, created_ms: u64) -> RoomMeta {
        RoomMeta {
            id,
            created_ms,
            public: false,
            promotion: self.meta.promotion,
            clock: self.meta.clock,
            initial_fen: self.meta.initial_fen.clone(),
        }
    }
}

/// A command to a room's task.
#[derive(Debug)]
pub enum RoomCmd {
    /// A connection opens the room (see [`ClientMsg::Join`]).
    Join {
        /// The connection.
        conn: ConnId,
        /// Where its messages go.
        tx: mpsc::Sender<ServerMsg>,
        /// A seat secret, if the client has one.
        secret: Option<String>,
        /// The last event number the client saw.
        after: Option<u64>,
        /// Watch only.
        watch: bool,
    },
    /// A connection's message for this room.
    Client {
        /// The connection.
        conn: ConnId,
        /// The message.
        msg: ClientMsg,
    },
    /// A connection closed.
    Disconnect {
        /// The connection.
        conn: ConnId,
    },
}

struct Sub {
    tx: mpsc::Sender<ServerMsg>,
    seat: Option<Color>,
    acked: u64,
    last_sent: Instant,
}

/// The task that owns a room until the server stops.
pub async fn run(
    mut room: Room,
    mut rx: mpsc::Receiver<RoomCmd>,
    lobby: Arc<Lobby>,
    creator: Option<(ConnId, mpsc::Sender<ServerMsg>, Color, String)>,
) {
    let id = room.meta.id.clone();
    let mut subs: HashMap<ConnId, Sub> = HashMap::new();
    if let Some((conn, tx, seat, secret)) = creator {
        let _ = tx.try_send(ServerMsg::Seated {
            room: id.clone(),
            seat,
            secret,
        });
        subs.insert(
            conn,
            Sub {
                tx,
                seat: Some(seat),
                acked: 0,
                last_sent: Instant::now(),
            },
        );
        let events = room
            .plan_presence(seat, true, lobby.config.countdown)
            .into_iter()
            .collect();
        commit(&mut room, events, &mut subs, &lobby, None).await;
        send_snapshot(&room, &lobby, subs.get(&conn), &id);
    }
    let mut resend = tokio::time::interval(Duration::from_secs(2));
    loop {
        let flag = room.flag_at_ms().map(|at| lobby.instant_of(at));
        tokio::select! {
            cmd = rx.recv() => {
                let Some(cmd) = cmd else { break };
                handle(&mut room, cmd, &mut subs, &lobby).await;
            }
            () = async {
                match flag {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            } => {
                let events = room.check_flag(lobby.now_ms());
                if !commit(&mut room, events, &mut subs, &lobby, None).await {
                    // The store failed: try again in a second rather than spinning.
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
            _ = resend.tick() => resend_unacked(&room, &mut subs, &id),
        }
    }
}

fn send(sub: &Sub, msg: ServerMsg) {
    // A full queue means a stalled client: the acknowledgement resend catches it up.
    let _ = sub.tx.try_send(msg);
}

fn send_snapshot(room: &Room, lobby: &Lobby, sub: Option<&Sub>, id: &str) {
    if let Some(sub) = sub {
        send(
            sub,
            ServerMsg::Snapshot {
                room: id.to_owned(),
                seq: room.seq(),
                you: sub.seat,
                state: room.state(sub.seat, lobby.now_ms(), lobby.config.countdown),
            },
        );
    }
}

fn resend_unacked(room: &Room, subs: &mut HashMap<ConnId, Sub>, id: &str) {
    let now = Instant::now();
    for sub in subs.values_mut() {
        if sub.acked < room.seq() && now.duration_since(sub.last_sent) >= Duration::from_secs(3) {
            for (seq, event) in room.events_after(sub.acked).into_iter().take(64) {
                send(
                    sub,
                    ServerMsg::Event {
                        room: id.to_owned(),
                        seq,
                        event,
                    },
                );
            }
            sub.last_sent = now;
        }
    }
}

/// Stores, applies and broadcasts events; on a storage failure tells `requester` and changes
/// nothing. Returns whether the events were committed.
async fn commit(
    room: &mut Room,
    events: Vec<RoomEvent>,
    subs: &mut HashMap<ConnId, Sub>,
    lobby: &Lobby,
    requester: Option<ConnId>,
) -> bool {
    if events.is_empty() {
        return true;
    }
    let id = room.meta.id.clone();
    let saved = lobby
        .store
        .append_events_queued(&id, room.seq() + 1, events.clone())
        .await
        .unwrap_or_else(|_| Err(crate::store::StoreError::stopped()));
    if let Err(e) = saved {
        tracing::error!("room {id}: {e}");
        lobby.metrics.errors.inc();
        if let Some(sub) = requester.and_then(|c| subs.get(&c)) {
            send(
                sub,
                ServerMsg::error(
                    ErrorCode::Internal,
                    "the server could not save this; nothing changed",
                    Some(&id),
                ),
            );
        }
        return false;
    }
    let now_ms = lobby.now_ms();
    for e in events {
        let seq = room.seq() + 1;
        if let Err(err) = room.apply(&e, now_ms) {
            tracing::error!("room {id}: planned event does not apply: {err}");
            break;
        }
        if matches!(e, RoomEvent::Moved { .. }) {
            lobby.metrics.moves.inc();
        }
        for sub in subs.values_mut() {
            send(
                sub,
                ServerMsg::Event {
                    room: id.clone(),
                    seq,
                    event: e.clone(),
                },
            );
            sub.last_sent = Instant::now();
        }
    }
    lobby.update_room(&id, room.status());
    true
}

async fn handle(
    room: &mut Room,
    cmd: RoomCmd,
    subs: &mut HashMap<ConnId, Sub>,
    lobby: &Arc<Lobby>,
) {
    let id = room.meta.id.clone();
    let countdown = lobby.config.countdown;
    match cmd {
        RoomCmd::Join {
            conn,
            tx,
            secret,
            after,
            watch,
        } => {
            let prior = subs.get(&conn).and_then(|s| s.seat);
            let mut seat = secret.as_deref().and_then(|s| room.seat_of(s)).or(prior);
            if secret.is_some() && seat.is_none() {
                let _ = tx.try_send(ServerMsg::error(
                    ErrorCode::NotSeated,
                    "this seat secret does not belong to the room; watching instead",
                    Some(&id),
                ));
            }
            subs.insert(
                conn,
                Sub {
                    tx,
                    seat,
                    acked: 0,
                    last_sent: Instant::now(),
                },
            );
            if seat.is_none()
                && !watch
                && secret.is_none()
                && let Some(plan) = room.plan_take_seat()
                && let Some((s, secret)) = plan.new_seat.clone()
            {
                let hash = hash_secret(&secret);
                if let Err(e) = lobby.store.set_seat(&id, s, &hash) {
                    tracing::error!("room {id}: {e}");
                    if let Some(sub) = subs.get(&conn) {
                        send(
                            sub,
                            ServerMsg::error(
                                ErrorCode::Internal,
                                "the server could not save your seat",
                                Some(&id),
                            ),
                        );
                    }
                } else {
                    room.set_secret_hash(s, hash);
                    if commit(room, plan.events, subs, lobby, Some(conn)).await {
                        seat = Some(s);
                        if let Some(sub) = subs.get_mut(&conn) {
                            sub.seat = Some(s);
                            send(
                                sub,
                                ServerMsg::Seated {
                                    room: id.clone(),
                                    seat: s,
                                    secret,
                                },
                            );
                        }
                    } else {
                        // The seat was not recorded as taken: free it again.
                        *room.secrets.get_mut(s) = None;
                    }
                }
            }
            // Catch up: the missing events when the client says what it saw, else a snapshot.
            match (after, subs.get_mut(&conn)) {
                (Some(n), Some(sub)) if n <= room.seq() && seat.is_some() == sub.seat.is_some() => {
                    sub.acked = n;
                    for (seq, event) in room.events_after(n) {
                        send(
                            sub,
                            ServerMsg::Event {
                                room: id.clone(),
                                seq,
                                event,
                            },
                        );
                    }
                    send_snapshot(room, lobby, Some(sub), &id);
                }
                _ => send_snapshot(room, lobby, subs.get(&conn), &id),
            }
            if let Some(s) = seat
                && let Some(e) = room.plan_presence(s, true, countdown)
            {
                commit(room, vec![e], subs, lobby, None).await;
            }
        }
        RoomCmd::Client { conn, msg } => {
            let Some(seat) = subs.get(&conn).map(|s| s.seat) else {
                return;
            };
            match msg {
                ClientMsg::Ack { seq, .. } => {
                    if let Some(sub) = subs.get_mut(&conn) {
                        sub.acked = sub.acked.max(seq.min(room.seq()));
                    }
                }
                ClientMsg::Leave { .. } => {
                    subs.remove(&conn);
                    presence_after_leave(room, seat, subs, lobby).await;
                }
                msg => match room.plan(seat, &msg, lobby.now_ms(), countdown) {
                    Ok(plan) if plan.rematch => {
                        let new_id = lobby.create_rematch(room).await;
                        match new_id {
                            Some(new_id) => {
                                commit(
                                    room,
                                    vec![RoomEvent::RematchReady { room: new_id }],
                                    subs,
                                    lobby,
                                    Some(conn),
                                )
                                .await;
                            }
                            None => {
                                if let Some(sub) = subs.get(&conn) {
                                    send(
                                        sub,
                                        ServerMsg::error(
                                            ErrorCode::Internal,
                                            "the rematch could not be created",
                                            Some(&id),
                                        ),
                                    );
                                }
                            }
                        }
                    }
                    Ok(plan) => {
                        commit(room, plan.events, subs, lobby, Some(conn)).await;
                    }
                    Err(Refusal(code, message)) => {
                        lobby.metrics.errors.inc();
                        if let Some(sub) = subs.get(&conn) {
                            send(sub, ServerMsg::error(code, message, Some(&id)));
                        }
                    }
                },
            }
        }
        RoomCmd::Disconnect { conn } => {
            if let Some(sub) = subs.remove(&conn) {
                presence_after_leave(room, sub.seat, subs, lobby).await;
            }
        }
    }
}

async fn presence_after_leave(
    room: &mut Room,
    seat: Option<Color>,
    subs: &mut HashMap<ConnId, Sub>,
    lobby: &Lobby,
) {
    if let Some(s) = seat
        && !subs.values().any(|o| o.seat == Some(s))
        && let Some(e) = room.plan_presence(s, false, lobby.config.countdown)
    {
        commit(room, vec![e], subs, lobby, None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{PromotionRule, TimeControl};

    fn meta(clock: Option<TimeControl>) -> RoomMeta {
        RoomMeta {
            id: "r".into(),
            created_ms: 0,
            public: true,
            promotion: PromotionRule::Any,
            clock,
            initial_fen: Position::new(Rules::default()).fen(),
        }
    }

    fn seated_room(clock: Option<TimeControl>) -> Room {
        let (mut room, plan) = Room::create(meta(clock), Color::White).expect("room");
        room.set_secret_hash(Color::White, "w".into());
        room.set_secret_hash(Color::Black, "b".into());
        for e in plan.events {
            room.apply(&e, 0).expect("apply");
        }
        room
    }

    fn mv(ply: u32, uci: &str) -> ClientMsg {
        ClientMsg::Move {
            room: "r".into(),
            ply,
            uci: uci.into(),
        }
    }

    fn play(room: &mut Room, seat: Color, msg: ClientMsg, now: u64) -> Result<(), Refusal> {
        let plan = room.plan(Some(seat), &msg, now, Duration::from_secs(60))?;
        for e in plan.events {
            room.apply(&e, now).expect("apply");
        }
        Ok(())
    }

    #[test]
    fn moves_are_checked() {
        let mut room = seated_room(None);
        let err = |r: Result<(), Refusal>| r.expect_err("refused").0;
        assert_eq!(
            err(play(&mut room, Color::Black, mv(0, "e6e5"), 0)),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            err(play(&mut room, Color::White, mv(1, "e3e4"), 0)),
            ErrorCode::WrongPly
        );
        assert_eq!(
            err(play(&mut room, Color::White, mv(0, "e3e5"), 0)),
            ErrorCode::IllegalMove
        );
        assert_eq!(
            err(play(&mut room, Color::White, mv(0, "zzz"), 0)),
            ErrorCode::IllegalMove
        );
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("legal");
        assert_eq!(
            err(play(&mut room, Color::White, mv(0, "e3e4"), 0)),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            room.plan(None, &mv(1, "e6e5"), 0, Duration::ZERO)
                .map(|_| ())
                .expect_err("spectator")
                .0,
            ErrorCode::NotSeated
        );
    }

    #[test]
    fn clocks_run_and_fall() {
        let tc = TimeControl {
            initial_secs: 10,
            increment_secs: 2,
        };
        let mut room = seated_room(Some(tc));
        play(&mut room, Color::White, mv(0, "e3e4"), 1_000).expect("move");
        // White's first move is free; Black's clock runs now.
        assert_eq!(
            room.state(None, 4_000, Duration::ZERO)
                .clocks
                .map(|c| c.black_ms),
            Some(7_000)
        );
        play(&mut room, Color::Black, mv(1, "e6e5"), 4_000).expect("move");
        let c = room
            .state(None, 4_000, Duration::ZERO)
            .clocks
            .expect("clocks");
        assert_eq!(
            (c.white_ms, c.black_ms, c.running),
            (10_000, 9_000, Some(Color::White))
        );
        assert_eq!(room.flag_at_ms(), Some(14_000));
        assert!(room.check_flag(13_999).is_empty());
        assert_eq!(
            room.check_flag(14_000),
            vec![RoomEvent::GameOver {
                result: "timeout-black-wins".into(),
                winner: Some(Color::Black)
            }]
        );
    }

    #[test]
    fn draw_offer_and_claims() {
        let mut room = seated_room(None);
        play(
            &mut room,
            Color::White,
            ClientMsg::OfferDraw { room: "r".into() },
            0,
        )
        .expect("offer");
        assert_eq!(
            play(
                &mut room,
                Color::White,
                ClientMsg::OfferDraw { room: "r".into() },
                0
            )
            .expect_err("twice")
            .0,
            ErrorCode::NotAllowed
        );
        play(
            &mut room,
            Color::Black,
            ClientMsg::OfferDraw { room: "r".into() },
            0,
        )
        .expect("accept");
        assert!(room.is_over());
        assert_eq!(
            room.state(None, 0, Duration::ZERO).outcome.as_deref(),
            Some("agreement")
        );
        assert_eq!(
            play(&mut room, Color::White, mv(0, "e3e4"), 0)
                .expect_err("over")
                .0,
            ErrorCode::GameOver
        );
    }

    #[test]
    fn an_offer_stands_after_the_offerers_own_move() {
        // Regression: the offer made before one's own move must still be there to accept.
        let mut room = seated_room(None);
        play(
            &mut room,
            Color::White,
            ClientMsg::OfferDraw { room: "r".into() },
            0,
        )
        .expect("offer");
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        assert_eq!(
            room.state(None, 0, Duration::ZERO).draw_offer,
            Some(Color::White)
        );
        play(
            &mut room,
            Color::Black,
            ClientMsg::OfferDraw { room: "r".into() },
            0,
        )
        .expect("accept");
        assert_eq!(
            room.state(None, 0, Duration::ZERO).outcome.as_deref(),
            Some("agreement")
        );
        // A move by the other side declines it, with its own event.
        let mut room = seated_room(None);
        play(
            &mut room,
            Color::White,
            ClientMsg::OfferDraw { room: "r".into() },
            0,
        )
        .expect("offer");
        play(&mut room, Color::White, mv(0, "e3e4"), 0).expect("move");
        let plan = room
            .plan(Some(Color::Black), &mv(1, "e6e5"), 0, Duration::ZERO)
            .expect("move");
        assert_eq!(plan.events[0], RoomEvent::DrawDeclined { by: Color::Black });
    }

    #[test]
    fn abandonment_countdown() {
        let mut room = seated_room(None);
        for seat in Color::ALL {
            let e = room
                .plan_presence(seat, true, Duration::from_secs(60))
                .expect("change");
            room.apply(&e, 0).expect("apply");
        }
        let e = room
            .plan_presence(Color::Black, false, Duration::from_secs(60))
            .expect("left");
        room.apply(&e, 1_000).expect("apply");
        let claim = ClientMsg::ClaimVictory { room: "r".into() };
        assert_eq!(
            play(&mut room, Color::White, claim.clone(), 30_000)
                .expect_err("early")
                .0,
            ErrorCode::NotAllowed
        );
        play(&mut room, Color::White, claim, 61_000).expect("claim");
        assert_eq!(
            room.state(None, 0, Duration::ZERO).outcome.as_deref(),
            Some("abandoned-white-wins")
        );
    }
}
