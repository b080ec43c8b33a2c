//! Online play: creating a room, joining by invite link, the waiting screen (with the
//! invitation's cancellation), a closed invitation's card, moves sent to the server,
//! presence, abort, draw offers, rematch and the lobby's listing.
//!
//! The server's room is the authority: the board shows the game rebuilt from the room's moves
//! ([`room::rebuild`]); a move made here is shown at once and sent, and taken back when the
//! server refuses it.

use super::{BrowserCmd, Cmd, NetEvent, StorageCmd, ViewCmd, feedback, new_game, play, toast};
use crate::i18n::Key;
use crate::model::room::{self, Step};
use crate::model::saved::{SavedGame, SavedOnline};
use crate::model::{Dialog, Listing, LobbyCounts, Mode, Model, Online, RoomView};
use protocol::{
    ClientMsg, CloseReason, Color, ErrorCode, PromotionRule, RatingRange, RoomCommand, RoomEvent,
    RoomId, RoomState, RoomSummary, SeatChoice, ServerMsg, TimeControl, UciMove,
};
use rules::Move;

/// The settings of a room to create, from the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSettings {
    /// The creator's seat.
    pub seat: SeatChoice,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
    /// Listed in the lobby.
    pub public: bool,
    /// Asked for a rated game; sent only when [`rated_refusal`] allows it.
    pub rated: bool,
    /// The opponents' ratings asked for, around the player's own (sent only signed in with
    /// a time control, as a rated game).
    pub range: RangeChoice,
}

/// The new-game dialog's rating range, as lichess's seek form asks it: how far below and
/// above the player's own rating for the game's speed an opponent may be (`None`: no limit
/// on that side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RangeChoice {
    /// Points below the own rating at most.
    pub below: Option<u16>,
    /// Points above the own rating at most.
    pub above: Option<u16>,
}

impl RangeChoice {
    /// The absolute range around the rating `own` (bounds kept within
    /// [`RatingRange::LOWEST`]..=[`RatingRange::HIGHEST`]); `None` when neither side has a
    /// limit.
    ///
    /// ```
    /// use web::update::RangeChoice;
    /// let r = RangeChoice { below: Some(200), above: Some(100) };
    /// assert_eq!(r.around(1500).map(|r| (r.min, r.max)), Some((1300, 1600)));
    /// let open_above = RangeChoice { below: Some(500), above: None };
    /// assert_eq!(open_above.around(700).map(|r| (r.min, r.max)), Some((400, 4000)));
    /// assert_eq!(RangeChoice::default().around(1500), None);
    /// ```
    #[must_use]
    pub fn around(self, own: i32) -> Option<RatingRange> {
        if self.below.is_none() && self.above.is_none() {
            return None;
        }
        let (lowest, highest) = (
            i32::from(RatingRange::LOWEST),
            i32::from(RatingRange::HIGHEST),
        );
        let bound = |v: i32| u16::try_from(v.clamp(lowest, highest)).unwrap_or(RatingRange::LOWEST);
        let min = self.below.map_or(lowest, |d| own - i32::from(d));
        let max = self.above.map_or(highest, |d| own + i32::from(d));
        RatingRange::new(bound(min), bound(max)).ok()
    }
}

/// Whether the viewer of the lobby may take a listed room (a seek), and if not why: the
/// row says so instead of hiding the seek.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekTake {
    /// The free seat is the viewer's to take.
    Open,
    /// The viewer's own seek.
    Own,
    /// A rated seek, or one with a rating range, and the viewer is not signed in.
    NeedsSignIn,
    /// The viewer's rating for the seek's speed is outside its range.
    OutOfRange,
}

/// Whether `user` (signed in, or `None`) may take the listed room `r`: the server's rules
/// (`Room::seat_refusal`), with the viewer's rating as `GET /api/account` last said.
#[must_use]
pub fn seek_take(user: Option<&crate::model::account::Account>, r: &RoomSummary) -> SeekTake {
    let Some(user) = user else {
        return if r.rated || r.rating_range.is_some() {
            SeekTake::NeedsSignIn
        } else {
            SeekTake::Open
        };
    };
    if r.seeker
        .as_ref()
        .is_some_and(|s| s.username.id() == user.id)
    {
        return SeekTake::Own;
    }
    match (r.rating_range, r.clock) {
        (Some(range), Some(clock)) if !range.contains(user.rating_for(clock).rating) => {
            SeekTake::OutOfRange
        }
        _ => SeekTake::Open,
    }
}

/// Why a rated room cannot be asked for now, as the hint beside the new-game dialog's
/// "Rated" box: [`Key::RatedNeedsSignIn`] for an anonymous player, [`Key::RatedNeedsClock`]
/// without a time control (the server refuses both); `None` when it may.
pub fn rated_refusal(signed_in: bool, clock: Option<TimeControl>) -> Option<Key> {
    if !signed_in {
        Some(Key::RatedNeedsSignIn)
    } else if clock.is_none() {
        Some(Key::RatedNeedsClock)
    } else {
        None
    }
}

/// A user action of online play.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineMsg {
    /// Open this room (invite link, lobby list, the address's fragment).
    Join(RoomId),
    /// Open this room taking this seat if it is free (an open challenge's link for one
    /// colour), or as [`OnlineMsg::Join`] (`None`).
    JoinAs(RoomId, Option<protocol::Color>),
    /// Share the invite link (Web Share API).
    Share,
    /// Cancel this page's invitation while nobody has taken the other seat.
    CancelInvite,
    /// Abort the game (allowed until both sides have moved).
    Abort,
    /// "Leave this room" on a closed invitation's card: back to this device's own game.
    LeaveRoom,
    /// Claim the win after the opponent's absence.
    ClaimVictory,
    /// Ask for (or accept) a rematch.
    Rematch,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Wait in the quick-pairing pool of this time control (one of [`protocol::POOLS`]).
    JoinPool(protocol::TimeControl),
    /// Stop waiting in the pool.
    LeavePool,
    /// Play the computer while waiting in the pool (the place is kept).
    PoolPlayAi,
    /// Try to reach the server again now (it could not be reached).
    Retry,
}

/// The room's id, online.
fn room_id(model: &Model) -> Option<RoomId> {
    model.mode.online().and_then(|o| o.room.clone())
}

/// The secret of the seat held in `room`.
fn secret_of(model: &Model, room: &RoomId) -> Option<String> {
    model.seats.get(room).map(|e| e.secret.clone())
}

/// Forgets the seat held in `room` (it closed: a reload must not resume it).
fn forget_seat(model: &mut Model, room: &RoomId, out: &mut Vec<Cmd>) {
    if model.seats.remove(room) {
        out.push(Cmd::Storage(StorageCmd::SaveSeats(model.seats.clone())));
    }
}

/// The invite link of the room on the board.
pub fn invite(model: &Model) -> Option<String> {
    let room = model.mode.online()?.room.as_ref()?;
    Some(room::invite_link(&model.env.origin, room))
}

/// Switches the page to the online room `room` (`None` while creating one).
fn enter(model: &mut Model, room: Option<&RoomId>, out: &mut Vec<Cmd>) {
    model.start = false;
    if let Some(old) = room_id(model).filter(|old| Some(old) != room) {
        out.push(Cmd::Socket(ClientMsg::Leave { room: old }));
    }
    model.mode = Mode::Online(Online {
        room: room.cloned(),
        ..Online::default()
    });
    model.dialog = None;
    model.invite_copied = false;
    new_game::set_game(model, rules::Game::new(rules::Rules::default()));
    if room.is_some() {
        out.push(Cmd::Browser(BrowserCmd::SetLocation(room.cloned())));
    }
}

/// Creates a room with these settings.
pub fn create(model: &mut Model, s: RoomSettings, out: &mut Vec<Cmd>) {
    let rated = s.rated && rated_refusal(model.accounts.user.is_some(), s.clock).is_none();
    let rating_range = match (&model.accounts.user, s.clock) {
        (Some(user), Some(clock)) => s.range.around(user.rating_for(clock).rating),
        _ => None,
    };
    enter(model, None, out);
    out.push(Cmd::Socket(ClientMsg::CreateRoom {
        rated,
        seat: s.seat,
        promotion: s.promotion,
        clock: s.clock,
        public: s.public,
        rating_range,
    }));
}

/// Opens `room`: resumes a stored seat, else takes the free seat or watches.
pub fn join_room(model: &mut Model, room: &RoomId, out: &mut Vec<Cmd>) {
    join_room_as(model, room, None, out);
}

/// Opens `room`: resumes a stored seat, else takes the seat `wanted` if it is free
/// ([`ClientMsg::TakeSeat`]; `None`: the free seat) or watches.
pub fn join_room_as(
    model: &mut Model,
    room: &RoomId,
    wanted: Option<protocol::Color>,
    out: &mut Vec<Cmd>,
) {
    let open = model
        .mode
        .online()
        .is_some_and(|o| o.room.as_ref() == Some(room) && o.view.is_some());
    if open {
        return;
    }
    enter(model, Some(room), out);
    if let Some(o) = model.mode.online_mut() {
        o.wanted = wanted;
    }
    let secret = secret_of(model, room);
    out.push(Cmd::Socket(match (secret, wanted) {
        (None, Some(seat)) => ClientMsg::TakeSeat {
            room: room.clone(),
            seat,
        },
        (secret, _) => ClientMsg::Join {
            room: room.clone(),
            secret,
            after: None,
            watch: false,
        },
    }));
}

/// Waits in the pool of `clock` (the start screen closes; `#pool-wait` shows the wait); the
/// server pairs the player and sends the seat ([`ServerMsg::Seated`]) of the new room.
fn join_pool(model: &mut Model, clock: protocol::TimeControl, out: &mut Vec<Cmd>) {
    if !protocol::is_pool(clock) {
        return;
    }
    let again = model.net.pool.is_some_and(|p| p.clock == clock);
    if !again {
        model.net.pool = Some(crate::model::PoolWait {
            clock,
            rated: None,
            players: None,
            since: model.now,
        });
        out.push(Cmd::Socket(ClientMsg::JoinPool { pool: clock }));
    }
    // The wait shows on every screen, over whatever board is there (a game in progress goes
    // on; "play the computer meanwhile" starts one).
    model.start = false;
}

/// Leaves online play (a local game follows): stops following the room; its seat stays
/// stored so the link resumes it.
pub fn leave(model: &mut Model, out: &mut Vec<Cmd>) {
    if let Mode::Online(o) = &model.mode {
        if let Some(room) = o.room.clone() {
            out.push(Cmd::Socket(ClientMsg::Leave { room }));
        }
        out.push(Cmd::Browser(BrowserCmd::SetLocation(None)));
    }
}

/// Leaves online play for this device's own board: the game stored as the one to resume,
/// else a fresh hot-seat game.
fn back_to_local(model: &mut Model, out: &mut Vec<Cmd>) {
    model.dialog = None;
    model.board.flipped = false;
    // The room is left at once; the stored game replaces this board when `Msg::Loaded` comes.
    leave(model, out);
    new_game::fresh_board(model, rules::Game::new(rules::Rules::default()), None, None);
    out.push(Cmd::Storage(StorageCmd::LoadCurrent));
}

/// Keeps this browser's copy of a seated online game among the saved games, when its moves or
/// its result changed (the server keeps the game; the copy lists it and links back to it).
fn record(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(view) = model.room() else { return };
    let Some(seat) = view.you else { return };
    if view.closed().is_some() || (view.state.moves.is_empty() && view.state.outcome.is_none()) {
        return;
    }
    let id = view.id.to_string();
    let result = view.state.outcome;
    let online = SavedOnline {
        room: view.id.clone(),
        seat: Some(seat),
        clock: view.state.clock,
    };
    let moves: Vec<String> = model.game.moves().iter().map(Move::to_uci).collect();
    let existing = model.saved.iter().find(|g| g.id == id);
    if existing.is_some_and(|g| g.moves == moves && g.result == result) {
        return;
    }
    let created = existing.map_or(model.now, |g| g.created);
    let saved =
        SavedGame::from_game(&id, created, model.now, &model.game).with_online(online, result);
    model.saved.retain(|g| g.id != id);
    model.saved.insert(0, saved.clone());
    out.push(Cmd::Storage(StorageCmd::Record(saved)));
}

/// Sends a room command when connected; toasts otherwise.
pub fn send_room(model: &Model, command: RoomCommand, out: &mut Vec<Cmd>) {
    let Some(room) = room_id(model) else { return };
    if !model.net.connected {
        toast(model, Key::ToastOffline, true, out);
        return;
    }
    out.push(Cmd::Socket(command.to(room)));
}

/// Plays `m` on the board at once and sends it; the server confirms or refuses it.
pub fn play(model: &mut Model, m: Move, animate: bool, out: &mut Vec<Cmd>) {
    if !model.net.connected {
        toast(model, Key::ToastOffline, true, out);
        return;
    }
    let Some(room) = room_id(model) else { return };
    let ply = u32::try_from(model.game.moves().len()).unwrap_or(u32::MAX);
    if model.game.play(m).is_err() {
        toast(model, Key::ToastIllegal, true, out);
        return;
    }
    let now = model.now;
    if let Some(o) = model.mode.online_mut() {
        o.pending = Some(m);
        o.pending_at = now;
        o.resend = None;
    }
    out.push(Cmd::Socket(
        RoomCommand::Move { ply, uci: m.into() }.to(room),
    ));
    model.board.selected = None;
    if animate {
        play::slide(model, m);
    }
    feedback::moved(model, out);
}

/// A user action of online play.
pub fn user(model: &mut Model, msg: OnlineMsg, out: &mut Vec<Cmd>) {
    match msg {
        OnlineMsg::Join(room) => user(model, OnlineMsg::JoinAs(room, None), out),
        OnlineMsg::JoinAs(room, seat) => {
            let same = model
                .mode
                .online()
                .is_some_and(|o| o.room.as_ref() == Some(&room));
            if !same {
                join_room_as(model, &room, seat, out);
            }
        }
        OnlineMsg::JoinPool(clock) => join_pool(model, clock, out),
        OnlineMsg::LeavePool => {
            if model.net.pool.take().is_some() {
                out.push(Cmd::Socket(ClientMsg::LeavePool));
            }
        }
        OnlineMsg::PoolPlayAi => new_game::start_play(model, crate::model::ModeKind::Ai, out),
        OnlineMsg::Retry => {
            if !model.net.connected {
                out.push(Cmd::Reconnect);
            }
        }
        OnlineMsg::Share => {
            if let Some(url) = invite(model) {
                out.push(Cmd::Browser(BrowserCmd::Share {
                    title: model.lang.t(Key::AppTitle).to_owned(),
                    text: model.lang.t(Key::ShareText).to_owned(),
                    url,
                }));
            }
        }
        OnlineMsg::CancelInvite => {
            if !model.room().is_some_and(RoomView::waiting_for_opponent) {
                return;
            }
            // The room's `Closed` event takes the page back to its own board.
            if model.net.connected
                && let Some(o) = model.mode.online_mut()
            {
                o.cancelling = true;
            }
            send_room(model, RoomCommand::Cancel, out);
        }
        OnlineMsg::Abort => {
            if model.room().is_some_and(RoomView::can_abort) {
                send_room(model, RoomCommand::Abort, out);
            }
        }
        OnlineMsg::LeaveRoom => back_to_local(model, out),
        OnlineMsg::ClaimVictory => send_room(model, RoomCommand::ClaimVictory, out),
        OnlineMsg::Rematch => send_room(model, RoomCommand::Rematch, out),
        OnlineMsg::AcceptDraw => send_room(model, RoomCommand::OfferDraw, out),
        OnlineMsg::DeclineDraw => send_room(model, RoomCommand::DeclineDraw, out),
    }
}

/// Drops what the player was doing on the board (a selection, a held piece, the promotion
/// panel): the position changed under it.
fn drop_input(model: &mut Model) {
    model.board.selected = None;
    model.board.drag = None;
    // A premove's promotion panel stays: its move waits for the player's turn anyway.
    if matches!(model.dialog, Some(Dialog::Promotion { premove: false, .. })) {
        model.dialog = None;
    }
}

/// Shows the room's game on the board (after a snapshot, an event or a refusal).
fn sync_board(model: &mut Model, out: &mut Vec<Cmd>) {
    sync_board_after(model, false, out);
}

/// [`sync_board`]; `caught_up` when a snapshot of the room followed brings the moves missed
/// while away (a reconnection, a frozen tab): their latest sounds once, the others not.
fn sync_board_after(model: &mut Model, caught_up: bool, out: &mut Vec<Cmd>) {
    let Some(view) = model.room() else { return };
    let game = match room::rebuild(view) {
        Ok(g) => g,
        Err((g, why)) => {
            out.push(Cmd::Log(format!("online: {why}")));
            g
        }
    };
    let before = model.game.moves();
    let after = game.moves();
    let missed = caught_up && after.len() > before.len() + 1 && after.starts_with(before);
    let mut next = false;
    if before != after {
        // Slide the opponent's new move (ours is already in place).
        next = after.len() == before.len() + 1 && after.starts_with(before);
        let last = game.last_move();
        drop_input(model);
        if let (true, Some(m)) = (next, last) {
            play::slide(model, m);
        }
    }
    model.game = game;
    if next || missed {
        feedback::moved(model, out);
    }
    // A review stays on its position while moves arrive.
    if model.review.is_some_and(|p| p >= model.game.moves().len()) {
        model.review = None;
    }
}

/// Connects again at once (who is signed in changed: the server reads it when a connection
/// opens), as after a drop: the room on the board is joined again from the last event seen,
/// so a game in progress goes on. Meanwhile moves wait as while disconnected, without the
/// "Reconnecting…" banner.
pub fn renew_connection(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.net.connected {
        model.net.connected = false;
        model.net.renewing = true;
    }
    out.push(Cmd::Reconnect);
}

/// Takes the pending move off the connection that carried it: kept to be played again after
/// the reconnection's snapshot if the server never had it ([`resend_after_snapshot`]).
/// `true` when there was one.
fn take_back_pending(model: &mut Model) -> bool {
    let ply = model.game.moves().len().saturating_sub(1);
    let Some(o) = model.mode.online_mut() else {
        return false;
    };
    match o.pending.take() {
        Some(m) => {
            o.resend = Some((ply, m));
            true
        }
        None => false,
    }
}

/// After a snapshot: the move a lost connection took back is played again when the room is
/// still at its ply with this page to move and the game goes on (the server never had it);
/// else forgotten (a flag fell, the opponent resigned or the room closed meanwhile).
fn resend_after_snapshot(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some((ply, m)) = model.mode.online_mut().and_then(|o| o.resend.take()) else {
        return;
    };
    let mine = model.room().and_then(|v| v.you) == Some(model.game.position().turn());
    let on = !model.ended();
    if on && mine && model.game.moves().len() == ply && model.game.position().is_legal(m) {
        play(model, m, true, out);
    }
}

/// A move unconfirmed for [`crate::model::room::PENDING_ANSWER_MS`]: the connection is taken
/// for dead (no close came) and replaced; the "Reconnecting…" banner shows meanwhile.
pub fn check_pending(model: &mut Model, out: &mut Vec<Cmd>) {
    let now = model.now;
    let late = model.mode.online().is_some_and(|o| {
        o.pending.is_some() && now - o.pending_at >= crate::model::room::PENDING_ANSWER_MS
    });
    if late && model.net.connected {
        model.net.connected = false;
        model.net.renewing = false;
        if take_back_pending(model) {
            sync_board(model, out);
        }
        out.push(Cmd::Reconnect);
    }
}

/// Something from the connection.
pub fn net_event(model: &mut Model, e: NetEvent, out: &mut Vec<Cmd>) {
    match e {
        NetEvent::Connected => {
            model.net.renewing = false;
            model.net.connected = true;
            model.net.was_connected = true;
            model.net.failed = false;
            out.push(Cmd::Socket(ClientMsg::WatchLobby));
            // The server let the pool place go with the old connection: take it again.
            if let Some(p) = model.net.pool {
                out.push(Cmd::Socket(ClientMsg::JoinPool { pool: p.clock }));
            }
            // Join the room again and catch up from the last event seen.
            take_back_pending(model);
            let rejoin = model.mode.online_mut().and_then(|o| {
                o.room
                    .clone()
                    .map(|r| (r, o.view.as_ref().map(|v| v.seq), o.wanted))
            });
            if let Some((room, after, wanted)) = rejoin {
                let secret = secret_of(model, &room);
                out.push(Cmd::Socket(match (secret, wanted) {
                    (None, Some(seat)) => ClientMsg::TakeSeat { room, seat },
                    (secret, _) => ClientMsg::Join {
                        secret,
                        room,
                        after,
                        watch: false,
                    },
                }));
            }
            sync_board(model, out);
        }
        NetEvent::Disconnected => {
            model.net.renewing = false;
            model.net.connected = false;
            model.net.failed = true;
            if take_back_pending(model) {
                sync_board(model, out);
            }
        }
        NetEvent::Message(m) => server_msg(model, m, out),
    }
}

/// The page's side of `room`, when it is the room on the board.
fn room_mut<'m>(model: &'m mut Model, room: &RoomId) -> Option<&'m mut Online> {
    model
        .mode
        .online_mut()
        .filter(|o| o.room.as_ref() == Some(room))
}

fn is_our_room(model: &Model, room: &RoomId) -> bool {
    model
        .mode
        .online()
        .is_some_and(|o| o.room.as_ref() == Some(room))
}

fn server_msg(model: &mut Model, m: ServerMsg, out: &mut Vec<Cmd>) {
    match m {
        ServerMsg::Welcome { .. } | ServerMsg::Pong => {}
        ServerMsg::Lobby { rooms } => model.net.listing = Some(Listing { rooms }),
        // The server sends the full listing first: a diff without one has nothing to apply to.
        ServerMsg::LobbyDiff(diff) => match model.net.listing.as_mut() {
            Some(l) => diff.apply(&mut l.rooms),
            None => out.push(Cmd::Log("server: a lobby diff before the listing".into())),
        },
        ServerMsg::LobbyCounts {
            players_online,
            games_in_progress,
        } => {
            model.net.counts = Some(LobbyCounts {
                players: players_online,
                games: games_in_progress,
            });
        }
        ServerMsg::Pool {
            pool,
            rated,
            players,
        } => {
            if let Some(p) = model.net.pool.as_mut().filter(|p| p.clock == pool) {
                p.rated = Some(rated);
                p.players = Some(players);
            }
        }
        ServerMsg::PoolLeft { pool } => {
            if model.net.pool.is_some_and(|p| p.clock == pool) {
                model.net.pool = None;
                toast(model, Key::PoolLeftNotice, false, out);
            }
        }
        ServerMsg::Seated { room, seat, secret }
            if model.net.pool.is_some() && !is_our_room(model, &room) =>
        {
            // Paired: the new room's seat, joined as any seat held.
            model.net.pool = None;
            model.seats.insert(&room, seat, &secret, model.now);
            out.push(Cmd::Storage(StorageCmd::SaveSeats(model.seats.clone())));
            join_room(model, &room, out);
            model.board.flipped = seat == Color::Black;
        }
        ServerMsg::Seated { room, seat, secret } => {
            model.seats.insert(&room, seat, &secret, model.now);
            out.push(Cmd::Storage(StorageCmd::SaveSeats(model.seats.clone())));
            if let Some(o) = model.mode.online_mut()
                && o.room.is_none()
            {
                // The room we created.
                o.room = Some(room.clone());
                out.push(Cmd::Browser(BrowserCmd::SetLocation(Some(room.clone()))));
            }
            if is_our_room(model, &room) {
                model.board.flipped = seat == Color::Black;
            }
        }
        ServerMsg::Snapshot {
            room,
            seq,
            you,
            state,
        } => snapshot(model, &room, seq, you, state, out),
        ServerMsg::Event { room, seq, event } => room_event(model, &room, seq, &event, out),
        ServerMsg::Presence {
            room,
            seat,
            online,
            claim_in_ms,
        } => {
            // Before the first snapshot there is nothing to update: the snapshot carries the
            // seats' presence.
            let now = model.now;
            if let Some(o) = room_mut(model, &room)
                && let Some(view) = o.view.as_mut()
            {
                view.apply_presence(seat, online, claim_in_ms, now);
            }
        }
        ServerMsg::Error {
            code,
            message,
            room,
        } => server_error(model, code, &message, room.as_ref(), out),
    }
}

fn snapshot(
    model: &mut Model,
    room: &RoomId,
    seq: u64,
    you: Option<Color>,
    state: RoomState,
    out: &mut Vec<Cmd>,
) {
    let now = model.now;
    let Some(o) = room_mut(model, room) else {
        return;
    };
    o.rejoined = false;
    let first = o.view.is_none();
    let was_full = o.view.as_ref().is_some_and(RoomView::full);
    let rematch = state.rematch_room.clone();
    let view = RoomView::from_snapshot(room, seq, you, state, now);
    let full = view.full();
    let closed = view.closed();
    let cancelled_here = o.cancelling && closed == Some(CloseReason::Cancelled);
    o.view = Some(view);
    o.pending = None;
    if first {
        model.board.flipped = you == Some(Color::Black);
    }
    out.push(Cmd::Socket(ClientMsg::Ack {
        room: room.clone(),
        seq,
    }));
    if closed.is_some() {
        forget_seat(model, room, out);
        if cancelled_here {
            // Our cancellation, whose event this page missed (e.g. a reconnection).
            back_to_local(model, out);
            toast(model, Key::ToastInviteCancelled, false, out);
            return;
        }
    }
    sync_board_after(model, !first, out);
    resend_after_snapshot(model, out);
    record(model, out);
    if !first && !was_full && full {
        toast(model, Key::ToastFriendJoined, false, out);
    }
    // A rematch agreed while this page was away (or before a reload): keep the seat (colours
    // swap, the secret stays) and follow it, as the live event would.
    if let (Some(me), Some(new_room)) = (you, rematch)
        && let Some(secret) = secret_of(model, room)
    {
        if secret_of(model, &new_room).is_none() {
            model.seats.insert(&new_room, me.other(), &secret, now);
            out.push(Cmd::Storage(StorageCmd::SaveSeats(model.seats.clone())));
        }
        join_room(model, &new_room, out);
    }
}

fn room_event(model: &mut Model, room: &RoomId, seq: u64, event: &RoomEvent, out: &mut Vec<Cmd>) {
    let now = model.now;
    let Some(o) = room_mut(model, room) else {
        return;
    };
    let Some(view) = o.view.as_mut() else {
        return; // The snapshot follows.
    };
    let was_full = view.full();
    match view.apply(seq, event, now) {
        Step::Duplicate => return,
        Step::Gap => {
            let after = Some(view.seq);
            out.push(Cmd::Socket(ClientMsg::Join {
                room: room.clone(),
                secret: secret_of(model, room),
                after,
                watch: false,
            }));
            return;
        }
        Step::Applied => {}
    }
    let you = view.you;
    let full = view.full();
    out.push(Cmd::Socket(ClientMsg::Ack {
        room: room.clone(),
        seq,
    }));
    match event {
        RoomEvent::Moved { uci, .. } => {
            if o.pending.is_some_and(|m| UciMove::from(m) == *uci) {
                o.pending = None;
            }
            sync_board(model, out);
            record(model, out);
        }
        RoomEvent::Seated { .. } if !was_full && full => {
            toast(model, Key::ToastFriendJoined, false, out);
        }
        RoomEvent::DrawOffered { by } if Some(*by) == you => {
            toast(model, Key::ToastDrawOffered, false, out);
        }
        RoomEvent::DrawDeclined { by } if Some(*by) != you && you.is_some() => {
            toast(model, Key::ToastDrawDeclined, false, out);
        }
        RoomEvent::GameOver {
            result, ratings, ..
        } => {
            if ratings.is_some() && you.is_some() {
                // The player's own ratings moved: the lobby's ranges read them.
                super::account::refresh(model, out);
            }
            let Some(o) = model.mode.online_mut() else {
                return;
            };
            o.pending = None;
            sync_board(model, out);
            record(model, out);
            model.board.selected = None;
            // The result is announced unless the player is busy in another dialog (an export,
            // an import being pasted); the status line says it anyway.
            if matches!(model.dialog, None | Some(Dialog::Promotion { .. })) {
                model.dialog = Some(Dialog::GameOver(*result));
            }
            feedback::ended(model, *result, out);
        }
        RoomEvent::RematchOffered { by } if Some(*by) != you && you.is_some() => {
            toast(model, Key::ToastRematchOffered, false, out);
        }
        RoomEvent::RematchReady { room: new_room } => {
            if let Some(me) = you
                && let Some(secret) = secret_of(model, room)
            {
                // Colours swap; the seat keeps its secret.
                model.seats.insert(new_room, me.other(), &secret, now);
                out.push(Cmd::Storage(StorageCmd::SaveSeats(model.seats.clone())));
            }
            let new_room = new_room.clone();
            join_room(model, &new_room, out);
            toast(model, Key::ToastRematchStarted, false, out);
        }
        RoomEvent::Closed { reason } => {
            forget_seat(model, room, out);
            if *reason == CloseReason::Cancelled && you.is_some() {
                // The creator cancelled (here or in another tab): back to the own board.
                back_to_local(model, out);
                toast(model, Key::ToastInviteCancelled, false, out);
            } else {
                // The room's card says why; nothing more happens in it.
                drop_input(model);
            }
        }
        _ => {}
    }
}

fn server_error(
    model: &mut Model,
    code: ErrorCode,
    message: &str,
    room: Option<&RoomId>,
    out: &mut Vec<Cmd>,
) {
    out.push(Cmd::Log(format!("server: {code:?}: {message}")));
    let Some(o) = model.mode.online_mut() else {
        return;
    };
    if room.is_some_and(|r| o.room.as_ref() != Some(r)) {
        return;
    }
    // A refused cancellation (e.g. the friend took the seat meanwhile) is not pending.
    o.cancelling = false;
    let unopened = o.view.is_none();
    let creating = o.room.is_none();
    if code == ErrorCode::UnknownRoom
        && !o.rejoined
        && let (Some(r), Some(view)) = (room, o.view.as_ref())
    {
        o.rejoined = true;
        // The room left the server's memory while this page showed it (a finished game
        // watched for a long time): join it again, which loads it from the server's store.
        let after = Some(view.seq);
        let r = r.clone();
        if o.pending.take().is_some() {
            sync_board(model, out);
        }
        out.push(Cmd::Socket(ClientMsg::Join {
            secret: secret_of(model, &r),
            room: r,
            after,
            watch: false,
        }));
        return;
    }
    let key = match code {
        ErrorCode::NotYourTurn => Key::ErrNotYourTurn,
        ErrorCode::UnknownRoom => Key::ErrUnknownRoom,
        ErrorCode::WrongPly | ErrorCode::IllegalMove => Key::ToastIllegal,
        ErrorCode::NotSeated if room.is_some() => Key::ErrNotSeated,
        ErrorCode::GameOver => Key::ToastGameOver,
        ErrorCode::RateLimited => Key::ErrRateLimited,
        ErrorCode::RoomClosed => Key::ErrRoomClosed,
        ErrorCode::TooManyRooms => Key::ErrTooManyRooms,
        ErrorCode::TooManySeeks => Key::ErrTooManySeeks,
        ErrorCode::SignInRequired => Key::ErrSignInRequired,
        ErrorCode::HelloTimeout | ErrorCode::SlowClient => Key::ErrConnectionReset,
        _ => Key::ErrServer,
    };
    if o.pending.take().is_some() {
        // Take back the move shown before the server's answer.
        sync_board(model, out);
    }
    match code {
        // A dead invite link, or a room that could not be created: back to a local game.
        ErrorCode::UnknownRoom | ErrorCode::RoomClosed if unopened => {
            if let Some(r) = room {
                forget_seat(model, r, out);
            }
            back_to_local(model, out);
        }
        // A room refused at its creation (a rated one from a session that ended meanwhile,
        // too many rooms on the connection): nothing to wait for.
        ErrorCode::TooManyRooms
        | ErrorCode::TooManySeeks
        | ErrorCode::SignInRequired
        | ErrorCode::NotAllowed
        | ErrorCode::InvalidSettings
            if creating =>
        {
            back_to_local(model, out);
        }
        ErrorCode::RoomClosed => {
            if let Some(r) = room {
                forget_seat(model, r, out);
            }
        }
        _ => {}
    }
    let text = model.lang.fmt(key, &[("error", message)]);
    let view = if code == ErrorCode::SignInRequired {
        // Where to sign in, with the reason. A page that thinks it is signed in learns from
        // the server whether its session ended (signed out elsewhere, revoked, expired).
        super::account::refresh(model, out);
        ViewCmd::SignInToast {
            text,
            link: model.lang.t(Key::SignInLink).to_owned(),
        }
    } else {
        ViewCmd::Toast { text, error: true }
    };
    out.push(Cmd::View(view));
}
