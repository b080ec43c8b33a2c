//! Online play in the app: creating a room, joining by invite link, the waiting screen (with
//! the invitation's cancellation), a closed invitation's card, moves sent to the server,
//! presence, abort, draw offers, rematch, clocks and the lobby panel.
//!
//! The server's room is the authority: the board shows the game rebuilt from the room's
//! moves ([`RoomView`]); a move made here is shown at once and sent, and taken back when the
//! server refuses it.

use super::{APP, App, Msg, dispatch};
use crate::dialogs::{self, Dialog};
use crate::dom;
use crate::i18n::Key;
use crate::lobby::Opponent;
use crate::lobby::{self, NetEvent, RoomView, SeatBook, Step};
use protocol::{
    ClientMsg, CloseReason, Color, ErrorCode, GameResult, PromotionRule, ResultReason, RoomEvent,
    RoomId, RoomSummary, SeatChoice, ServerMsg, TimeControl,
};
use rules::{DrawClaim, Game, Move, Rules};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use web_sys::{Event, HtmlInputElement};

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
}

/// A user action of online play.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineMsg {
    /// Create a room with these settings.
    Create(RoomSettings),
    /// Open this room (invite link, lobby list).
    Join(RoomId),
    /// The location's fragment changed.
    HashChanged,
    /// Copy the invite link.
    CopyLink,
    /// Share the invite link (Web Share API).
    Share,
    /// Cancel this page's invitation while nobody has taken the other seat.
    CancelInvite,
    /// Abort the game (allowed until both sides have moved).
    Abort,
    /// "New game" on a closed invitation's card.
    ClosedNewGame,
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
    /// "Create a room" from the lobby's empty state.
    LobbyCreate,
    /// "Play the AI" from the lobby's empty state.
    LobbyPlayAi,
}

/// The room this page plays or watches.
#[derive(Clone, Debug, Default)]
pub struct Online {
    /// The room id (`None` while a room is being created).
    pub room: Option<RoomId>,
    /// The room as last known; `None` until the first snapshot.
    pub view: Option<RoomView>,
    /// A move shown on the board and sent, not yet confirmed by the server.
    pub pending: Option<String>,
    /// This page asked to cancel its invitation: when the room closes, the page goes back to
    /// its own board.
    pub cancelling: bool,
    /// The page joined again after the server said it was not in the room (the room had left
    /// the server's memory); cleared by the next snapshot, so it happens once, never in a loop.
    pub rejoined: bool,
}

/// What the lobby panel shows.
#[derive(Clone, Debug, Default)]
pub struct LobbyInfo {
    /// Connected to the server.
    pub connected: bool,
    /// Was connected once (the "Reconnecting…" banner is for later drops).
    pub was_connected: bool,
    /// The last lobby message: rooms, players online, games in progress.
    pub listing: Option<(Vec<RoomSummary>, u32, u32)>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The location's fragment (`#/room/<id>`), or empty.
fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

fn location_origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// Shows `#/room/<id>` in the address bar (so a reload resumes the room), or clears it.
fn set_location_room(room: Option<&RoomId>) {
    let Some(w) = web_sys::window() else { return };
    let target = room.map(|r| format!("#/room/{r}"));
    if lobby::room_from_hash(&location_hash()).as_ref() == room {
        return;
    }
    let url = match &target {
        Some(t) => t.clone(),
        None => w.location().pathname().unwrap_or_else(|_| "/".into()),
    };
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The result sentence of an online game's result (including time, abandonment and abort).
pub fn online_result_key(result: GameResult) -> Key {
    use Color::{Black, White};
    use ResultReason as R;
    match (result.reason(), result.winner()) {
        (R::Checkmate, Some(White)) => Key::ResCheckmateWhite,
        (R::Checkmate, Some(Black)) => Key::ResCheckmateBlack,
        (R::Resignation, Some(White)) => Key::ResResignWhite,
        (R::Resignation, Some(Black)) => Key::ResResignBlack,
        (R::Timeout, Some(White)) => Key::ResTimeoutWhite,
        (R::Timeout, Some(Black)) => Key::ResTimeoutBlack,
        (R::Timeout, None) => Key::ResTimeoutDraw,
        (R::Abandoned, Some(White)) => Key::ResAbandonedWhite,
        (R::Abandoned, Some(Black)) => Key::ResAbandonedBlack,
        (R::Stalemate, _) => Key::ResStalemate,
        (R::DeadPosition, _) => Key::ResDead,
        (R::CountingExpired, _) => Key::ResCounting,
        (R::FiftyMoves, _) => Key::ResFifty,
        (R::Threefold, _) => Key::ResThreefold,
        (R::Agreement, _) => Key::ResAgreement,
        (R::Aborted, _) => Key::ResAborted,
        // The protocol's constructors never make these (a win without a winner).
        (R::Checkmate | R::Resignation | R::Abandoned, None) => Key::SavedFinished,
    }
}

/// The game of a room: its moves replayed from its first position, with the end the local
/// rules know of (resignation, agreement, claims) applied. The other ends (time, abandonment,
/// abort) are the server's alone: the board shows the position, the status line the result.
pub fn rebuild(view: &RoomView) -> Game {
    let rules = Rules {
        promotion: view.state.promotion,
    };
    let mut game =
        Game::from_fen(&view.state.initial_fen, rules).unwrap_or_else(|_| Game::new(rules));
    for uci in &view.state.moves {
        if game.play_uci(uci).is_err() {
            dom::log(&format!("online: the server's move {uci} does not apply"));
            break;
        }
    }
    if !game.is_over()
        && let Some(result) = view.state.outcome
    {
        let applied = match (result.reason(), result.winner()) {
            (ResultReason::Resignation, Some(winner)) => {
                game.resign(winner.other()).map_err(|e| e.to_string())
            }
            (ResultReason::Agreement, _) => game.agree_draw().map_err(|e| e.to_string()),
            (ResultReason::Threefold, _) => game
                .claim_draw(DrawClaim::Threefold)
                .map_err(|e| e.to_string()),
            (ResultReason::FiftyMoves, _) => game
                .claim_draw(DrawClaim::FiftyMoves)
                .map_err(|e| e.to_string()),
            _ => Ok(()),
        };
        if let Err(e) = applied {
            dom::log(&format!("online: the result {result} does not apply: {e}"));
        }
    }
    game
}

impl App {
    /// At start: connects to the lobby and opens the room of an invite link.
    pub(super) fn online_start(&mut self) {
        lobby::start(|e| dispatch(Msg::Net(e)));
        lobby::send(ClientMsg::WatchLobby);
        if let Some(room) = lobby::room_from_hash(&location_hash()) {
            self.join_room(&room);
        }
    }

    /// The online room as last known, if any.
    fn room_view(&self) -> Option<&RoomView> {
        self.online.as_ref().and_then(|o| o.view.as_ref())
    }

    /// Whether it is this page's turn in the online game (always true offline).
    pub(super) fn online_my_turn(&self) -> bool {
        let Some(o) = &self.online else { return true };
        let Some(v) = &o.view else { return false };
        !v.over()
            && v.closed().is_none()
            && v.full()
            && o.pending.is_none()
            && v.you == Some(self.game.position().turn())
    }

    /// Whether the online room has ended: a result (the server's own included) or closed
    /// without a game.
    pub(super) fn online_ended(&self) -> bool {
        self.room_view()
            .is_some_and(|v| v.over() || v.closed().is_some())
    }

    /// The online room's result once it is over.
    pub(super) fn online_outcome(&self) -> Option<GameResult> {
        self.room_view().and_then(|v| v.state.outcome)
    }

    fn secret_of(room: &RoomId) -> Option<String> {
        SeatBook::load().get(room).map(|e| e.secret.clone())
    }

    /// Forgets the seat held in `room` (it closed: a reload must not resume it).
    fn forget_seat(room: &RoomId) {
        let mut book = SeatBook::load();
        if book.remove(room) && !book.save() {
            dom::log("online: the seat of a closed room could not be forgotten");
        }
    }

    /// Opens `room`: resumes a stored seat, else takes the free seat or watches.
    fn join_room(&mut self, room: &RoomId) {
        if self
            .online
            .as_ref()
            .is_some_and(|o| o.room.as_ref() == Some(room) && o.view.is_some())
        {
            return;
        }
        self.enter_online(Some(room));
        lobby::send(ClientMsg::Join {
            room: room.clone(),
            secret: Self::secret_of(room),
            after: None,
            watch: false,
        });
    }

    /// Switches the page to the online room `room` (`None` while creating one).
    fn enter_online(&mut self, room: Option<&RoomId>) {
        if let Some(old) = self
            .online
            .as_ref()
            .and_then(|o| o.room.as_ref())
            .filter(|old| Some(*old) != room)
        {
            lobby::send(ClientMsg::Leave { room: old.clone() });
        }
        Dialog::GameOver.close();
        Dialog::NewGame.close();
        self.online = Some(Online {
            room: room.cloned(),
            ..Default::default()
        });
        self.ai = None;
        self.ai_pending = None;
        self.hint = None;
        self.selected = None;
        self.pending_promotion = None;
        self.rendered_moves = None;
        self.saved_dirty = true;
        self.game = Game::new(Rules::default());
        if room.is_some() {
            set_location_room(room);
        }
    }

    /// Leaves online play (a local game starts): stops following the room; its seat stays
    /// stored so the link resumes it.
    pub(super) fn leave_online(&mut self) {
        if let Some(o) = self.online.take() {
            if let Some(room) = o.room {
                lobby::send(ClientMsg::Leave { room });
            }
            set_location_room(None);
            self.rendered_moves = None;
        }
    }

    /// Leaves online play for this device's own board: the game stored as the one to resume
    /// (the board before the room was opened), else a fresh hot-seat game.
    fn back_to_local(&mut self) {
        self.leave_online();
        Dialog::GameOver.close();
        Dialog::Confirm.close();
        self.flipped = false;
        let stored = self.store.current_id().map(|id| self.store.load(&id));
        match stored {
            Some(Ok(Some((saved, game)))) => self.adopt(saved, game),
            other => {
                if let Some(Err(q)) = other {
                    self.report(&q);
                }
                self.fresh_board(Rules::default(), None);
            }
        }
    }

    /// A user action of online play.
    pub(super) fn online_msg(&mut self, msg: OnlineMsg) {
        match msg {
            OnlineMsg::Create(s) => {
                self.enter_online(None);
                lobby::send(ClientMsg::CreateRoom {
                    seat: s.seat,
                    promotion: s.promotion,
                    clock: s.clock,
                    public: s.public,
                });
            }
            OnlineMsg::Join(room) => self.join_room(&room),
            OnlineMsg::HashChanged => {
                if let Some(room) = lobby::room_from_hash(&location_hash())
                    && self
                        .online
                        .as_ref()
                        .is_none_or(|o| o.room.as_ref() != Some(&room))
                {
                    self.join_room(&room);
                }
            }
            OnlineMsg::CopyLink => self.copy_link(),
            OnlineMsg::Share => self.share_link(),
            OnlineMsg::CancelInvite => {
                if !self.room_view().is_some_and(RoomView::waiting_for_opponent) {
                    return;
                }
                // The room's `Closed` event takes the page back to its own board.
                if lobby::is_open()
                    && let Some(o) = self.online.as_mut()
                {
                    o.cancelling = true;
                }
                self.send_room(|room| ClientMsg::Cancel { room });
            }
            OnlineMsg::Abort => {
                if self.room_view().is_some_and(RoomView::can_abort) {
                    self.send_room(|room| ClientMsg::Abort { room });
                }
            }
            OnlineMsg::ClosedNewGame => {
                self.open_new_game();
                check_radio("mode", "online");
            }
            OnlineMsg::LeaveRoom => self.back_to_local(),
            OnlineMsg::ClaimVictory => self.send_room(|room| ClientMsg::ClaimVictory { room }),
            OnlineMsg::Rematch => self.send_room(|room| ClientMsg::Rematch { room }),
            OnlineMsg::AcceptDraw => self.send_room(|room| ClientMsg::OfferDraw { room }),
            OnlineMsg::DeclineDraw => self.send_room(|room| ClientMsg::DeclineDraw { room }),
            OnlineMsg::LobbyCreate => {
                self.open_new_game();
                check_radio("mode", "online");
            }
            OnlineMsg::LobbyPlayAi => {
                self.open_new_game();
                check_radio("mode", "ai");
            }
        }
    }

    /// Sends a room command when connected; toasts otherwise.
    pub(super) fn send_room(&mut self, make: impl FnOnce(RoomId) -> ClientMsg) {
        let Some(room) = self.online.as_ref().and_then(|o| o.room.clone()) else {
            return;
        };
        if !lobby::is_open() {
            dialogs::toast(self.lang.t(Key::ToastOffline), true);
            return;
        }
        lobby::send(make(room));
    }

    /// Plays `m` on the board at once and sends it; the server confirms or refuses it.
    pub(super) fn online_play(&mut self, m: Move, animate: bool) {
        if !lobby::is_open() {
            dialogs::toast(self.lang.t(Key::ToastOffline), true);
            return;
        }
        let Some(o) = self.online.as_mut() else {
            return;
        };
        let Some(room) = o.room.clone() else { return };
        let ply = u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX);
        if self.game.play(m).is_err() {
            dialogs::toast(self.lang.t(Key::ToastIllegal), true);
            return;
        }
        let uci = m.to_uci();
        o.pending = Some(uci.clone());
        lobby::send(ClientMsg::Move { room, ply, uci });
        self.selected = None;
        if animate {
            self.animate = Some((m.from, m.to));
        }
    }

    /// Shows the room's game on the board (after a snapshot, an event or a refusal).
    fn sync_board(&mut self) {
        let Some(view) = self.room_view() else {
            return;
        };
        let game = rebuild(view);
        let before: Vec<String> = self.game.moves().iter().map(|m| m.to_uci()).collect();
        let after: Vec<String> = game.moves().iter().map(|m| m.to_uci()).collect();
        if before != after {
            // Animate the opponent's new move (ours is already in place).
            if after.len() == before.len() + 1 && after.starts_with(&before) {
                self.animate = game.last_move().map(|m| (m.from, m.to));
            }
            self.selected = None;
            self.pending_promotion = None;
            Dialog::Promotion.close();
        }
        self.game = game;
        self.rendered_moves = None;
    }

    /// Something from the connection.
    pub(super) fn net_event(&mut self, e: NetEvent) {
        match e {
            NetEvent::Connected => {
                self.lobby.connected = true;
                self.lobby.was_connected = true;
                lobby::send(ClientMsg::WatchLobby);
                // Join the room again and catch up from the last event seen.
                if let Some(o) = self.online.as_mut()
                    && let Some(room) = o.room.clone()
                {
                    o.pending = None;
                    lobby::send(ClientMsg::Join {
                        secret: Self::secret_of(&room),
                        room,
                        after: o.view.as_ref().map(|v| v.seq),
                        watch: false,
                    });
                }
                self.sync_board();
            }
            NetEvent::Disconnected => {
                self.lobby.connected = false;
                if let Some(o) = self.online.as_mut()
                    && o.pending.take().is_some()
                {
                    self.sync_board();
                }
            }
            NetEvent::Message(m) => self.server_msg(m),
        }
    }

    /// Whether `room` is the room this page shows.
    fn is_our_room(&self, room: &RoomId) -> bool {
        self.online
            .as_ref()
            .is_some_and(|o| o.room.as_ref() == Some(room))
    }

    fn server_msg(&mut self, m: ServerMsg) {
        match m {
            ServerMsg::Welcome { .. } | ServerMsg::Pong => {}
            ServerMsg::Lobby {
                rooms,
                players_online,
                games_in_progress,
            } => self.lobby.listing = Some((rooms, players_online, games_in_progress)),
            ServerMsg::Seated { room, seat, secret } => {
                let mut book = SeatBook::load();
                book.insert(&room, seat, &secret, now());
                if !book.save() {
                    dom::log("online: the seat secret could not be stored");
                }
                if let Some(o) = self.online.as_mut()
                    && o.room.is_none()
                {
                    // The room we created.
                    o.room = Some(room.clone());
                    set_location_room(Some(&room));
                }
                if self.is_our_room(&room) {
                    self.flipped = seat == Color::Black;
                }
            }
            ServerMsg::Snapshot {
                room,
                seq,
                you,
                state,
            } => {
                if let Some(o) = self.online.as_mut()
                    && o.room.as_ref() == Some(&room)
                {
                    o.rejoined = false;
                }
                self.snapshot(&room, seq, you, state);
            }
            ServerMsg::Event { room, seq, event } => self.room_event(&room, seq, &event),
            ServerMsg::Presence {
                room,
                seat,
                online,
                claim_in_ms,
            } => {
                // Before the first snapshot there is nothing to update: the snapshot carries
                // the seats' presence.
                if let Some(o) = self
                    .online
                    .as_mut()
                    .filter(|o| o.room.as_ref() == Some(&room))
                    && let Some(view) = o.view.as_mut()
                {
                    view.apply_presence(seat, online, claim_in_ms, now());
                }
            }
            ServerMsg::Error {
                code,
                message,
                room,
            } => self.server_error(code, &message, room.as_ref()),
        }
    }

    fn snapshot(
        &mut self,
        room: &RoomId,
        seq: u64,
        you: Option<Color>,
        state: protocol::RoomState,
    ) {
        let Some(o) = self
            .online
            .as_mut()
            .filter(|o| o.room.as_ref() == Some(room))
        else {
            return;
        };
        let first = o.view.is_none();
        let was_full = o.view.as_ref().is_some_and(RoomView::full);
        let rematch = state.rematch_room.clone();
        let view = RoomView::from_snapshot(room, seq, you, state, now());
        let full = view.full();
        let closed = view.closed();
        let cancelled_here = o.cancelling && closed == Some(CloseReason::Cancelled);
        o.view = Some(view);
        o.pending = None;
        if first {
            self.flipped = you == Some(Color::Black);
        }
        lobby::send(ClientMsg::Ack {
            room: room.clone(),
            seq,
        });
        if closed.is_some() {
            Self::forget_seat(room);
            if cancelled_here {
                // Our cancellation, whose event this page missed (e.g. a reconnection).
                self.back_to_local();
                dialogs::toast(self.lang.t(Key::ToastInviteCancelled), false);
                return;
            }
        }
        self.sync_board();
        if !first && !was_full && full {
            dialogs::toast(self.lang.t(Key::ToastFriendJoined), false);
        }
        // A rematch agreed while this page was away (or before a reload): keep the seat
        // (colours swap, the secret stays) and follow it, as the live event would.
        if let (Some(me), Some(new_room)) = (you, rematch)
            && let Some(secret) = Self::secret_of(room)
        {
            let mut book = SeatBook::load();
            if Self::secret_of(&new_room).is_none() {
                book.insert(&new_room, me.other(), &secret, now());
                book.save();
            }
            self.join_room(&new_room);
        }
    }

    fn room_event(&mut self, room: &RoomId, seq: u64, event: &RoomEvent) {
        let lang = self.lang;
        let Some(o) = self
            .online
            .as_mut()
            .filter(|o| o.room.as_ref() == Some(room))
        else {
            return;
        };
        let Some(view) = o.view.as_mut() else {
            return; // The snapshot follows.
        };
        let was_full = view.full();
        match view.apply(seq, event, now()) {
            Step::Duplicate => return,
            Step::Gap => {
                lobby::send(ClientMsg::Join {
                    room: room.clone(),
                    secret: Self::secret_of(room),
                    after: Some(view.seq),
                    watch: false,
                });
                return;
            }
            Step::Applied => {}
        }
        let you = view.you;
        let full = view.full();
        lobby::send(ClientMsg::Ack {
            room: room.clone(),
            seq,
        });
        match event {
            RoomEvent::Moved { uci, .. } => {
                if o.pending.as_deref() == Some(uci.as_str()) {
                    o.pending = None;
                }
                self.sync_board();
            }
            RoomEvent::Seated { .. } if !was_full && full => {
                dialogs::toast(lang.t(Key::ToastFriendJoined), false);
            }
            RoomEvent::DrawOffered { by } if Some(*by) == you => {
                dialogs::toast(lang.t(Key::ToastDrawOffered), false);
            }
            RoomEvent::DrawDeclined { by } if Some(*by) != you && you.is_some() => {
                dialogs::toast(lang.t(Key::ToastDrawDeclined), false);
            }
            RoomEvent::GameOver { result, .. } => {
                o.pending = None;
                self.sync_board();
                self.selected = None;
                dialogs::show_game_over(lang.t(online_result_key(*result)), result.label());
            }
            RoomEvent::RematchOffered { by } if Some(*by) != you && you.is_some() => {
                dialogs::toast(lang.t(Key::ToastRematchOffered), false);
            }
            RoomEvent::RematchReady { room: new_room } => {
                if let Some(me) = you
                    && let Some(secret) = Self::secret_of(room)
                {
                    // Colours swap; the seat keeps its secret.
                    let mut book = SeatBook::load();
                    book.insert(new_room, me.other(), &secret, now());
                    book.save();
                }
                let new_room = new_room.clone();
                self.join_room(&new_room);
                dialogs::toast(lang.t(Key::ToastRematchStarted), false);
            }
            RoomEvent::Closed { reason } => {
                Self::forget_seat(room);
                if *reason == CloseReason::Cancelled && you.is_some() {
                    // The creator cancelled (here or in another tab): back to the own board.
                    self.back_to_local();
                    dialogs::toast(lang.t(Key::ToastInviteCancelled), false);
                } else {
                    // The room's card says why; nothing more happens in it.
                    self.selected = None;
                    self.pending_promotion = None;
                    Dialog::Promotion.close();
                }
            }
            _ => {}
        }
    }

    fn server_error(&mut self, code: ErrorCode, message: &str, room: Option<&RoomId>) {
        dom::log(&format!("server: {code:?}: {message}"));
        let Some(o) = self.online.as_mut() else {
            return;
        };
        if room.is_some_and(|r| o.room.as_ref() != Some(r)) {
            return;
        }
        // A refused cancellation (e.g. the friend took the seat meanwhile) is not pending.
        o.cancelling = false;
        let unopened = o.view.is_none();
        if code == ErrorCode::UnknownRoom
            && !o.rejoined
            && let (Some(r), Some(view)) = (room, o.view.as_ref())
        {
            o.rejoined = true;
            // The room left the server's memory while this page showed it (a finished game
            // watched for a long time): join it again, which loads it from the server's store.
            let after = Some(view.seq);
            if o.pending.take().is_some() {
                self.sync_board();
            }
            lobby::send(ClientMsg::Join {
                room: r.clone(),
                secret: Self::secret_of(r),
                after,
                watch: false,
            });
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
            ErrorCode::HelloTimeout | ErrorCode::SlowClient => Key::ErrConnectionReset,
            _ => Key::ErrServer,
        };
        if o.pending.take().is_some() {
            // Take back the move shown before the server's answer.
            self.sync_board();
        }
        match code {
            // A dead invite link, or a room that could not be created: back to a local game.
            ErrorCode::UnknownRoom | ErrorCode::RoomClosed if unopened => {
                if let Some(r) = room {
                    Self::forget_seat(r);
                }
                self.back_to_local();
            }
            ErrorCode::TooManyRooms if self.online.as_ref().is_some_and(|o| o.room.is_none()) => {
                self.back_to_local();
            }
            ErrorCode::RoomClosed => {
                if let Some(r) = room {
                    Self::forget_seat(r);
                }
            }
            _ => {}
        }
        dialogs::toast(&self.lang.fmt(key, &[("error", message)]), true);
    }

    fn invite(&self) -> Option<String> {
        let room = self.online.as_ref()?.room.as_ref()?;
        Some(lobby::invite_link(&location_origin(), room))
    }

    fn copy_link(&self) {
        let Some(link) = self.invite() else { return };
        let lang = self.lang;
        // Select the text too, so a manual copy is one keystroke away if the clipboard fails.
        if let Some(input) = dom::by_id_as::<HtmlInputElement>("invite-link") {
            input.select();
        }
        let clipboard = web_sys::window()
            .map(|w| w.navigator())
            .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok())
            .filter(|c| !c.is_undefined() && !c.is_null());
        let promise = clipboard.and_then(|c| {
            let write = js_sys::Reflect::get(&c, &"writeText".into()).ok()?;
            let write = write.dyn_into::<js_sys::Function>().ok()?;
            write
                .call1(&c, &link.into())
                .ok()?
                .dyn_into::<js_sys::Promise>()
                .ok()
        });
        let Some(promise) = promise else {
            dialogs::toast(lang.t(Key::ToastCopyFailed), true);
            return;
        };
        let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
            dialogs::toast(lang.t(Key::ToastCopied), false);
            if let Some(b) = dom::by_id("btn-copy-link") {
                dom::set_attr(&b, "data-copied", "true");
            }
        });
        let failed = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
            dialogs::toast(lang.t(Key::ToastCopyFailed), true);
        });
        let _ = promise.then2(&ok, &failed);
        ok.forget();
        failed.forget();
    }

    fn share_link(&self) {
        let Some(link) = self.invite() else { return };
        let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
            return;
        };
        let Some(share) = js_sys::Reflect::get(&nav, &"share".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        else {
            self.copy_link();
            return;
        };
        let data = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&data, &"title".into(), &self.lang.t(Key::AppTitle).into());
        let _ = js_sys::Reflect::set(&data, &"text".into(), &self.lang.t(Key::ShareText).into());
        let _ = js_sys::Reflect::set(&data, &"url".into(), &link.into());
        if let Ok(p) = share
            .call1(&nav, &data)
            .and_then(|p| p.dyn_into::<js_sys::Promise>())
        {
            // A cancelled share is not an error worth showing.
            let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
            let _ = p.catch(&ignore);
            ignore.forget();
        }
    }

    /// The part of the page that depends on time (clocks, the absence countdown): also run by
    /// a timer between messages.
    pub(super) fn render_clocks(&self) {
        let lang = self.lang;
        let view = self.online.as_ref().and_then(|o| o.view.as_ref());
        let t = now();
        let clocks = view.and_then(|v| v.clocks_at(t));
        if let Some(box_) = dom::by_id("clocks") {
            dom::set_hidden(&box_, clocks.is_none());
        }
        if let Some(c) = clocks {
            for (id, color, ms) in [
                ("clock-white", Color::White, c.left_ms.white),
                ("clock-black", Color::Black, c.left_ms.black),
            ] {
                let Some(e) = dom::by_id(id) else { continue };
                let name = lang.t(if color == Color::White {
                    Key::White
                } else {
                    Key::Black
                });
                if let Some(label) = e.query_selector(".clock-side").ok().flatten() {
                    dom::set_text(&label, name);
                }
                if let Some(time) = e.query_selector(".clock-time").ok().flatten() {
                    dom::set_text(&time, &lobby::clock_text(ms));
                }
                dom::set_attr(&e, "data-ms", &ms.to_string());
                dom::set_class(&e, "running", c.running == Some(color));
                dom::set_class(&e, "low", ms < 20_000);
            }
        }
        // Presence of the opponent; while this page is offline it is unknown.
        let presence = view
            .filter(|_| self.lobby.connected)
            .and_then(|v| v.opponent_presence(t));
        let mut can_claim = false;
        if let Some(e) = dom::by_id("opponent-status") {
            match presence {
                Some(p) => {
                    let countdown = |key: Key, ms: u64| {
                        lang.fmt(key, &[("time", &lobby::clock_text(ms.max(10_000)))])
                    };
                    let (text, state) = match p {
                        Opponent::Online => (lang.t(Key::OpponentOnline).to_owned(), "online"),
                        Opponent::Away => (lang.t(Key::OpponentOffline).to_owned(), "away"),
                        Opponent::Countdown { ms, aborts: false } => {
                            (countdown(Key::OpponentAway, ms), "away")
                        }
                        Opponent::Countdown { ms, aborts: true } => {
                            (countdown(Key::OpponentAwayAbort, ms), "away")
                        }
                        Opponent::Gone { aborts: false } => {
                            can_claim = true;
                            (lang.t(Key::OpponentGone).to_owned(), "gone")
                        }
                        // No win is on offer before both sides have moved: the server aborts.
                        Opponent::Gone { aborts: true } => {
                            (lang.t(Key::OpponentGoneAbort).to_owned(), "gone")
                        }
                    };
                    dom::set_text(&e, &text);
                    dom::set_attr(&e, "data-state", state);
                    dom::set_hidden(&e, false);
                }
                None => dom::set_hidden(&e, true),
            }
        }
        if let Some(b) = dom::by_id("btn-claim-victory") {
            dom::set_hidden(&b, !can_claim);
            dom::set_disabled(&b, !can_claim);
        }
    }

    /// Draws everything online play adds to the page.
    pub(super) fn render_online(&mut self) {
        let lang = self.lang;
        let online = self.online.as_ref();
        let view = online.and_then(|o| o.view.as_ref());
        let over = view.is_some_and(RoomView::over);
        let closed = view.and_then(RoomView::closed);
        if online.is_some()
            && let Some(app) = dom::by_id("app")
        {
            dom::set_attr(&app, "data-mode", "online");
        }
        if let Some(e) = dom::by_id("reconnecting") {
            let down = !self.lobby.connected && self.lobby.was_connected;
            dom::set_hidden(&e, online.is_none() || !down);
        }
        // Waiting for the friend: while the room is being made, then while its other seat is
        // free.
        let creating = online.is_some_and(|o| o.room.is_none());
        let waiting = creating || view.is_some_and(RoomView::waiting_for_opponent);
        if let Some(w) = dom::by_id("waiting") {
            dom::set_hidden(&w, !waiting);
        }
        if waiting {
            if let Some(input) = dom::by_id_as::<HtmlInputElement>("invite-link") {
                let link = self.invite().unwrap_or_default();
                if input.value() != link {
                    input.set_value(&link);
                }
            }
            if let Some(b) = dom::by_id("btn-share") {
                let can_share = web_sys::window()
                    .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"share".into()).ok())
                    .is_some_and(|f| f.is_function());
                dom::set_hidden(&b, !can_share);
            }
            if let Some(b) = dom::by_id("waiting-cancel") {
                // Nothing to cancel before the server has made the room; one request at a time.
                let asked = online.is_some_and(|o| o.cancelling);
                dom::set_disabled(&b, creating || asked);
            }
            if let Some(e) = dom::by_id("waiting-info") {
                let info = view.and_then(|v| {
                    let s = &v.state;
                    if s.public {
                        Some(
                            lang.t(if s.listed {
                                Key::WaitingListed
                            } else {
                                Key::WaitingUnlisted
                            })
                            .to_owned(),
                        )
                    } else {
                        s.expires_at_ms.map(|ms| {
                            let when = super::date_time_text(lang, ms as f64);
                            lang.fmt(Key::WaitingExpires, &[("time", &when)])
                        })
                    }
                });
                dom::set_text(&e, info.as_deref().unwrap_or(""));
                dom::set_hidden(&e, info.is_none());
                let listed = view.is_some_and(|v| v.state.public && v.state.listed);
                dom::set_attr(&e, "data-listed", if listed { "true" } else { "false" });
            }
        }
        // A closed invitation: why, and the ways on.
        if let Some(card) = dom::by_id("room-closed") {
            dom::set_hidden(&card, closed.is_none());
            dom::set_attr(
                &card,
                "data-reason",
                match closed {
                    Some(CloseReason::Cancelled) => "cancelled",
                    Some(CloseReason::Expired) => "expired",
                    None => "",
                },
            );
        }
        if let Some(reason) = closed {
            let host = view.is_some_and(|v| v.you.is_some());
            if let Some(e) = dom::by_id("room-closed-title") {
                dom::set_text(&e, lang.t(closed_title(reason)));
            }
            if let Some(e) = dom::by_id("room-closed-text") {
                let key = match (reason, host) {
                    (CloseReason::Expired, true) => Key::ClosedExpiredHost,
                    (CloseReason::Cancelled, true) => Key::ClosedCancelledHost,
                    (_, false) => Key::ClosedGuest,
                };
                dom::set_text(&e, lang.t(key));
            }
        }
        if let Some(b) = dom::by_id("board") {
            dom::set_class(&b, "waiting-friend", waiting || closed.is_some());
        }
        // The mode line.
        if online.is_some()
            && let Some(e) = dom::by_id("mode-setting")
        {
            let you = view.and_then(|v| v.you);
            let mut text = lang
                .t(match (view, you) {
                    (None, _) => Key::OnlineConnecting,
                    (Some(_), _) if closed.is_some() => Key::OnlineClosed,
                    (Some(_), Some(Color::White)) => Key::OnlineYouWhite,
                    (Some(_), Some(Color::Black)) => Key::OnlineYouBlack,
                    (Some(_), None) => Key::OnlineWatching,
                })
                .to_owned();
            if let Some(tc) = view.and_then(|v| v.state.clock) {
                text.push_str(" · ");
                text.push_str(&lobby::time_control_text(tc));
            }
            dom::set_text(&e, &text);
        }
        // Status: the server's result (time, abandonment, abort) when the local rules do not
        // know it, or why the room closed without a game.
        if let Some(status) = dom::by_id("status") {
            if let Some(result) = self.online_outcome() {
                dom::set_text(&status, lang.t(online_result_key(result)));
                dom::set_attr(&status, "data-outcome", result.label());
                dom::set_class(&status, "over", true);
            } else if let Some(reason) = closed {
                dom::set_text(&status, lang.t(closed_title(reason)));
                dom::set_attr(&status, "data-outcome", "");
                dom::set_class(&status, "over", true);
            }
        }
        let seated = view.is_some_and(|v| v.you.is_some() && v.full());
        // Until both sides have moved a seated player aborts rather than resigns.
        let abortable = view.is_some_and(RoomView::can_abort);
        if online.is_some() {
            for (id, enabled) in [
                ("btn-undo", false),
                ("btn-hint", false),
                ("btn-resign", seated && !over && !abortable),
                ("btn-draw", seated && !over),
                ("btn-abort", abortable),
            ] {
                if let Some(b) = dom::by_id(id) {
                    dom::set_disabled(&b, !enabled);
                }
            }
            if let Some(b) = dom::by_id("btn-draw") {
                dom::set_hidden(&b, false);
                if let Some(label) = b.query_selector("[data-i18n]").ok().flatten() {
                    dom::set_text(&label, lang.t(Key::BtnOfferDraw));
                }
            }
            if let Some(b) = dom::by_id("btn-claim")
                && (over || !self.online_my_turn())
            {
                dom::set_hidden(&b, true);
                dom::set_disabled(&b, true);
            }
        } else if let Some(label) =
            dom::by_id("btn-draw").and_then(|b| b.query_selector("[data-i18n]").ok().flatten())
        {
            dom::set_text(&label, lang.t(Key::BtnDraw));
        }
        if let Some(b) = dom::by_id("btn-resign") {
            dom::set_hidden(&b, abortable);
        }
        if let Some(b) = dom::by_id("btn-abort") {
            dom::set_hidden(&b, !abortable);
        }
        // A draw offered by the opponent.
        let offer = view.is_some_and(|v| {
            !over && v.you.is_some() && v.state.draw_offer.is_some_and(|by| Some(by) != v.you)
        });
        if let Some(e) = dom::by_id("draw-offer") {
            dom::set_hidden(&e, !offer);
        }
        // Rematch.
        if let Some(b) = dom::by_id("btn-rematch") {
            let me = view.and_then(|v| v.you);
            let show = over && me.is_some() && view.is_some_and(|v| v.state.rematch_room.is_none());
            dom::set_hidden(&b, !show);
            let offered = view.and_then(|v| v.state.rematch_offer);
            let (key, enabled) = match offered {
                Some(by) if Some(by) == me => (Key::RematchWaiting, false),
                Some(_) => (Key::BtnRematchAccept, true),
                None => (Key::BtnRematch, true),
            };
            dom::set_text(&b, lang.t(key));
            dom::set_disabled(&b, !enabled);
        }
        self.render_clocks();
        self.render_lobby();
    }

    fn render_lobby(&self) {
        let lang = self.lang;
        if let Some(e) = dom::by_id("lobby-counts") {
            let text = match &self.lobby.listing {
                Some((_, players, games)) if self.lobby.connected => {
                    lang.lobby_counts(*players as usize, *games as usize)
                }
                _ => lang.t(Key::LobbyConnecting).to_owned(),
            };
            dom::set_text(&e, &text);
        }
        let Some(list) = dom::by_id("lobby-rooms") else {
            return;
        };
        let rooms: &[RoomSummary] = match &self.lobby.listing {
            Some((rooms, _, _)) if self.lobby.connected => rooms,
            _ => &[],
        };
        let key = format!(
            "{}|{}",
            lang.code(),
            rooms
                .iter()
                .map(|r| r.id.as_str())
                .collect::<Vec<_>>()
                .join(",")
        );
        if let Some(empty) = dom::by_id("lobby-empty") {
            dom::set_hidden(&empty, !rooms.is_empty() || !self.lobby.connected);
        }
        if list.get_attribute("data-key").as_deref() == Some(key.as_str()) {
            return;
        }
        dom::set_attr(&list, "data-key", &key);
        dom::clear(&list);
        for r in rooms {
            let Some(li) = dom::el("li", "lobby-room") else {
                continue;
            };
            dom::set_attr(&li, "data-room-id", r.id.as_str());
            if let Some(info) = dom::el("span", "lobby-room-info") {
                let seat = lang.t(if r.open_seat == Color::White {
                    Key::LobbySeatWhite
                } else {
                    Key::LobbySeatBlack
                });
                let clock = r.clock.map_or_else(
                    || lang.t(Key::ClockUntimed).to_owned(),
                    lobby::time_control_text,
                );
                let promo = lang.t(match r.promotion {
                    PromotionRule::MetOnly => Key::PromotionRuleMet,
                    _ => Key::PromotionRuleAny,
                });
                dom::set_text(&info, &format!("{seat} · {clock} · {promo}"));
                let _ = li.append_child(&info);
            }
            if let Some(b) = dom::el("button", "btn small primary") {
                dom::set_attr(&b, "type", "button");
                dom::set_attr(&b, "data-action", "join");
                dom::set_text(&b, lang.t(Key::BtnJoin));
                let _ = li.append_child(&b);
            }
            let _ = list.append_child(&li);
        }
    }
}

/// The title of a closed invitation's card (and of the status line).
fn closed_title(reason: CloseReason) -> Key {
    match reason {
        CloseReason::Cancelled => Key::ClosedCancelledTitle,
        CloseReason::Expired => Key::ClosedExpiredTitle,
    }
}

/// Checks the new-game dialog's radio `name` with `value`.
fn check_radio(name: &str, value: &str) {
    let selector = format!("#new-game input[name=\"{name}\"][value=\"{value}\"]");
    if let Some(input) = dom::document()
        .and_then(|d| d.query_selector(&selector).ok().flatten())
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    {
        input.set_checked(true);
    }
}

/// The online settings of the new-game dialog.
pub fn read_room_settings(promotion: PromotionRule) -> RoomSettings {
    let checked = |name: &str| {
        dom::document()
            .and_then(|d| {
                d.query_selector(&format!("#new-game input[name=\"{name}\"]:checked"))
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.get_attribute("value"))
            .unwrap_or_default()
    };
    let seat = match checked("human").as_str() {
        "white" => SeatChoice::White,
        "black" => SeatChoice::Black,
        _ => SeatChoice::Random,
    };
    let clock = dom::by_id_as::<web_sys::HtmlSelectElement>("time-control")
        .and_then(|s| lobby::parse_time_control(&s.value()));
    RoomSettings {
        seat,
        promotion,
        clock,
        public: checked("visibility") == "public",
    }
}

/// Connects the online controls' events, and a timer for clocks and countdowns.
pub fn wire_events() {
    let click = |id: &str, msg: OnlineMsg| {
        if let Some(e) = dom::by_id(id) {
            dom::on(&e, "click", move |_: Event| {
                dispatch(Msg::Online(msg.clone()))
            });
        }
    };
    click("btn-copy-link", OnlineMsg::CopyLink);
    click("btn-share", OnlineMsg::Share);
    click("waiting-cancel", OnlineMsg::CancelInvite);
    click("btn-abort", OnlineMsg::Abort);
    click("room-closed-new", OnlineMsg::ClosedNewGame);
    click("room-closed-leave", OnlineMsg::LeaveRoom);
    click("btn-claim-victory", OnlineMsg::ClaimVictory);
    click("btn-rematch", OnlineMsg::Rematch);
    click("btn-draw-accept", OnlineMsg::AcceptDraw);
    click("btn-draw-decline", OnlineMsg::DeclineDraw);
    click("lobby-create", OnlineMsg::LobbyCreate);
    click("lobby-play-ai", OnlineMsg::LobbyPlayAi);
    if let Some(list) = dom::by_id("lobby-rooms") {
        dom::on(&list, "click", |ev: Event| {
            if dom::closest_attr(&ev, "data-action").as_deref() != Some("join") {
                return;
            }
            match dom::closest_attr(&ev, "data-room-id").map(|id| id.parse::<RoomId>()) {
                Some(Ok(room)) => dispatch(Msg::Online(OnlineMsg::Join(room))),
                Some(Err(e)) => dom::log(&format!("lobby: a listed room has a bad id: {e}")),
                None => {}
            }
        });
    }
    if let Some(w) = web_sys::window() {
        dom::on(&w, "hashchange", |_: Event| {
            dispatch(Msg::Online(OnlineMsg::HashChanged));
        });
        let tick = Closure::<dyn FnMut()>::new(|| {
            APP.with(|cell| {
                if let Ok(guard) = cell.try_borrow()
                    && let Some(app) = guard.as_ref()
                    && app.online.is_some()
                {
                    app.render_clocks();
                }
            });
        });
        let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
            tick.as_ref().unchecked_ref(),
            200,
        );
        tick.forget();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{RoomState, Seats};

    fn view(moves: &[&str], outcome: Option<GameResult>) -> RoomView {
        let state = RoomState {
            initial_fen: "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1".into(),
            promotion: PromotionRule::Any,
            clock: None,
            public: false,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            seats: Seats(protocol::ByColor {
                white: protocol::Seat {
                    taken: true,
                    online: true,
                },
                black: protocol::Seat {
                    taken: true,
                    online: true,
                },
            }),
            outcome,
            draw_offer: None,
            rematch_offer: None,
            rematch_room: None,
            clocks: None,
            claim_in_ms: None,
            closed: None,
            listed: false,
            expires_at_ms: None,
        };
        RoomView::from_snapshot(&RoomId::from_bytes([9; 10]), 3, None, state, 0.0)
    }

    #[test]
    fn every_online_result_has_its_sentence() {
        for r in GameResult::ALL {
            let key = online_result_key(r);
            assert_ne!(key, Key::SavedFinished, "{r} has no sentence");
            // The results a local game knows read the same online.
            if let Some(local) = super::super::result_key_from_code(r.label()) {
                assert_eq!(key, local, "{r}");
            }
        }
        assert_eq!(online_result_key(GameResult::ABORTED), Key::ResAborted);
    }

    #[test]
    fn rebuild_applies_the_ends_the_rules_know_and_keeps_an_abort_off_the_board() {
        let resigned = GameResult::win(Color::Black, ResultReason::Resignation);
        let game = rebuild(&view(&["e3e4", "d6d5"], Some(resigned)));
        assert_eq!(game.moves().len(), 2);
        assert_eq!(
            game.outcome(),
            Some(rules::Outcome::Win {
                winner: Color::Black,
                reason: rules::WinReason::Resignation
            })
        );
        let agreed = GameResult::draw(ResultReason::Agreement).expect("a draw");
        assert!(rebuild(&view(&["e3e4"], Some(agreed))).is_over());
        // An abort is no result of the rules: the moves stay, the game is not "over" locally,
        // and the page reads the end from the room.
        let aborted = view(&["e3e4"], Some(GameResult::ABORTED));
        let game = rebuild(&aborted);
        assert_eq!(game.moves().len(), 1);
        assert!(!game.is_over());
        assert!(aborted.over());
        assert!(!aborted.can_abort());
    }
}
