//! The app: long-lived state, the message enum, the controller (`update`) and rendering.
//!
//! Every DOM event becomes a [`Msg`] passed to [`dispatch`]; messages are queued, so a handler
//! that fires while another message is being handled never re-enters the state. After each
//! message the page is re-rendered from the state (the board, status, counters, move list,
//! saved games); only drag movement touches the DOM directly, for speed.

use crate::ai::{self, AiGame, Pending};
use crate::board::{self, BoardScene, BoardView};
use crate::dialogs::{self, Dialog};
use crate::dom;
use crate::i18n::{self, Key, Lang};
use crate::storage::{self, Quarantined, ReadError, SavedGame, Store, WriteError};
use rules::{Color, DrawClaim, Game, Move, Outcome, PromotionRule, Role, Rules, Square};
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlSelectElement, KeyboardEvent, PointerEvent};

mod online;

pub use online::{OnlineMsg, RoomSettings};

/// The prefix of every storage key of the app.
pub const STORAGE_PREFIX: &str = "asean";

/// Something that happened: a user action or a pointer event.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A pointer went down on the board at client `(x, y)`.
    PointerDown {
        /// Client x.
        x: f64,
        /// Client y.
        y: f64,
        /// The pointer's id.
        id: i32,
    },
    /// A pointer moved (only matters while a piece is held).
    PointerMove {
        /// Client x.
        x: f64,
        /// Client y.
        y: f64,
        /// The pointer's id.
        id: i32,
    },
    /// A pointer went up.
    PointerUp {
        /// Client x.
        x: f64,
        /// Client y.
        y: f64,
        /// The pointer's id.
        id: i32,
    },
    /// The browser took the pointer away (e.g. a scroll gesture).
    PointerCancel,
    /// A key went down on the board: the `KeyboardEvent.key` value and the focused square.
    BoardKey(String, Option<Square>),
    /// The player chose the promotion piece.
    Promote(Role),
    /// The promotion panel was cancelled (button, Escape or closed).
    PromotionCancel,
    /// Open the new-game dialog.
    NewGameOpen,
    /// Start a new game with these settings.
    NewGameStart(NewGame),
    /// The AI worker answered request `id` with a move (UCI) or an error.
    AiReply {
        /// The request's id.
        id: u32,
        /// The move in UCI, or what went wrong.
        result: Result<String, String>,
    },
    /// Ask the AI for a hint for the side to move.
    Hint,
    /// Take back the last move (or a resignation, agreement or claim).
    Undo,
    /// Turn the board around.
    Flip,
    /// Ask to confirm the resignation of the side to move.
    ResignAsk,
    /// Ask to confirm a draw by agreement.
    DrawAsk,
    /// The confirmation dialog was accepted.
    ConfirmYes,
    /// Claim a draw (50 moves or threefold repetition) for the side to move.
    Claim,
    /// Switch the interface language (a code from the picker).
    SetLang(String),
    /// Continue the saved game with this id.
    Resume(String),
    /// Delete the saved game with this id.
    Delete(String),
    /// Hide the notice area.
    DismissNotice,
    /// "New game" from the game-over dialog.
    GameOverNew,
    /// Something from the lobby connection.
    Net(crate::lobby::NetEvent),
    /// A user action of online play.
    Online(OnlineMsg),
    /// Another tab changed `localStorage`: the key and its new value (`None` when removed;
    /// the key is `None` when the whole storage was cleared).
    StorageChanged {
        /// The changed key.
        key: Option<String>,
        /// Its new value.
        value: Option<String>,
    },
}

/// The settings of a new game, from the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewGame {
    /// The promotion setting.
    pub promotion: PromotionRule,
    /// `Some` against the AI (its level and the human's colour), `None` for hot-seat.
    pub ai: Option<AiGame>,
}

/// How long the AI thinks about a hint, in milliseconds (at full strength).
const HINT_MILLIS: u32 = 700;

/// What the confirmation dialog is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Confirm {
    Resign(Color),
    Draw,
}

/// A message of the notice area, kept structured so it follows language changes.
#[derive(Clone, Debug, PartialEq)]
enum Notice {
    /// The browser refuses storage: games are not kept across reloads.
    Unavailable,
    /// An entry was set aside: its new key, and the unknown version if that was the reason.
    Quarantined { key: String, version: Option<u64> },
    /// The storage quota is used up.
    Full,
    /// Another write failure, with the browser's message.
    WriteFailed(String),
}

impl Notice {
    /// The message; `has_saved` says whether there are saved games the user could delete.
    fn text(&self, lang: Lang, has_saved: bool) -> String {
        match self {
            Notice::Unavailable => lang.t(Key::StorageUnavailable).to_owned(),
            Notice::Quarantined {
                key,
                version: Some(v),
            } => lang.fmt(
                Key::StorageVersion,
                &[("version", &v.to_string()), ("key", key)],
            ),
            Notice::Quarantined { key, version: None } => {
                lang.fmt(Key::StorageCorrupt, &[("key", key)])
            }
            Notice::Full if has_saved => lang.t(Key::StorageFull).to_owned(),
            Notice::Full => lang.t(Key::StorageFullNoGames).to_owned(),
            Notice::WriteFailed(why) => lang.fmt(Key::StorageError, &[("error", why)]),
        }
    }
}

/// A piece held by a pointer.
#[derive(Clone, Copy, Debug)]
struct Drag {
    id: i32,
    from: Square,
    start: (f64, f64),
    active: bool,
    deselect_on_up: bool,
}

/// The whole state of the page.
pub struct App {
    store: Store,
    lang: Lang,
    game: Game,
    id: String,
    created: f64,
    flipped: bool,
    selected: Option<Square>,
    pending_promotion: Option<(Square, Square, bool)>,
    confirm: Option<Confirm>,
    drag: Option<Drag>,
    animate: Option<(Square, Square)>,
    board: BoardView,
    notices: Vec<Notice>,
    quota_reported: bool,
    saved_dirty: bool,
    rendered_moves: Option<(usize, Lang, usize)>,
    /// `Some` in a game against the AI.
    ai: Option<AiGame>,
    /// The AI move being computed, if any.
    ai_pending: Option<Pending>,
    /// The hint being computed, if any.
    hint_pending: Option<Pending>,
    /// A hint for the position of key `.0`: from and to squares.
    hint: Option<(String, Square, Square)>,
    /// The id of the last request to the AI worker.
    last_request: u32,
    /// The AI worker could not start (reported once).
    ai_broken: bool,
    /// `Some` while playing or watching a game online.
    online: Option<online::Online>,
    /// The lobby panel's data.
    lobby: online::LobbyInfo,
    /// The stored version of the game on the board that this tab last read or wrote: its
    /// `updated` time and moves. Another tab's newer, diverging version is never overwritten.
    synced: Option<(f64, Vec<String>)>,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
    static QUEUE: RefCell<VecDeque<Msg>> = const { RefCell::new(VecDeque::new()) };
}

/// Queues `msg` and handles the queue unless a message is already being handled (then that
/// loop picks it up).
pub fn dispatch(msg: Msg) {
    QUEUE.with(|q| q.borrow_mut().push_back(msg));
    APP.with(|cell| {
        let Ok(mut guard) = cell.try_borrow_mut() else {
            return;
        };
        let Some(app) = guard.as_mut() else { return };
        let mut render = false;
        while let Some(msg) = QUEUE.with(|q| q.borrow_mut().pop_front()) {
            // Drag movement updates the dragged piece directly; everything else re-renders.
            render |= !matches!(msg, Msg::PointerMove { .. });
            app.update(msg);
        }
        if render {
            app.schedule_ai();
            app.render();
        }
    });
}

/// Starts the app on the current page: reads settings and saved games, draws everything, wires
/// the events and marks `#app[data-ready="true"]`.
///
/// # Errors
/// A description of what is missing when the page lacks an element the app needs.
pub fn start() -> Result<(), String> {
    let root = dom::by_id("app").ok_or("no #app element")?;
    let board_el = dom::by_id("board").ok_or("no #board element")?;
    for id in [
        "status",
        "moves",
        "counting",
        "fifty-counter",
        "repetition-counter",
        "btn-new",
        "btn-undo",
        "btn-flip",
        "btn-resign",
        "btn-draw",
        "btn-claim",
        "lang",
        "saved-games",
        "notice",
        "promotion",
        "game-over",
        "new-game",
        "confirm",
        "ai-thinking",
        "btn-hint",
    ] {
        if dom::by_id(id).is_none() {
            return Err(format!("no #{id} element"));
        }
    }
    let board = BoardView::new(board_el).ok_or("could not build the board")?;
    let store = Store::browser(STORAGE_PREFIX);
    let lang = store
        .lang()
        .and_then(|code| Lang::from_tag(&code))
        .unwrap_or_else(|| i18n::negotiate(&dom::browser_languages()));

    let mut app = App {
        store,
        lang,
        game: Game::new(Rules::default()),
        id: storage::new_id(),
        created: storage::js_now(),
        flipped: false,
        selected: None,
        pending_promotion: None,
        confirm: None,
        drag: None,
        animate: None,
        board,
        notices: Vec::new(),
        quota_reported: false,
        saved_dirty: true,
        rendered_moves: None,
        ai: None,
        ai_pending: None,
        hint_pending: None,
        hint: None,
        last_request: 0,
        ai_broken: false,
        online: None,
        lobby: online::LobbyInfo::default(),
        synced: None,
    };
    if !app.store.is_persistent() {
        app.notices.push(Notice::Unavailable);
    }
    // Resume the game that was on the board, reporting (not hiding) a damaged entry.
    if let Some(id) = app.store.current_id() {
        match app.store.load(&id) {
            Ok(Some((saved, game))) => app.adopt(saved, game),
            Ok(None) => {}
            Err(q) => app.report(&q),
        }
    }
    // Surface damaged entries among the other saved games too.
    let (_, problems) = app.store.list();
    for q in &problems {
        app.report(q);
    }

    app.apply_texts();
    app.online_start();
    app.schedule_ai();
    app.render();
    APP.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            *slot = Some(app);
        }
    });
    wire_events();
    online::wire_events();
    dom::set_attr(&root, "data-ready", "true");
    Ok(())
}

impl App {
    fn adopt(&mut self, saved: SavedGame, game: Game) {
        self.ai = saved.ai_game().ok().flatten();
        self.id = saved.id;
        self.created = saved.created;
        if let Some(a) = self.ai {
            self.flipped = a.human == Color::Black;
        }
        self.synced = Some((saved.updated, saved.moves.clone()));
        self.game = game;
        self.selected = None;
        self.pending_promotion = None;
        self.animate = None;
        self.ai_pending = None;
        self.hint = None;
        self.saved_dirty = true;
        self.rendered_moves = None;
    }

    /// A new game on the board (not saved until it has a move, or the AI's first one): hot-seat,
    /// or against the AI with `ai`'s settings.
    fn fresh_board(&mut self, rules: Rules, ai: Option<AiGame>) {
        self.game = Game::new(rules);
        self.ai = ai;
        self.ai_pending = None;
        self.hint = None;
        if let Some(a) = ai {
            // Show the human's side at the bottom.
            self.flipped = a.human == Color::Black;
        }
        self.id = storage::new_id();
        self.created = storage::js_now();
        self.synced = None;
        self.selected = None;
        self.pending_promotion = None;
        self.animate = None;
        self.rendered_moves = None;
        self.saved_dirty = true;
    }

    fn report(&mut self, q: &Quarantined) {
        let notice = Notice::Quarantined {
            key: q.moved_to.clone(),
            version: match q.error {
                ReadError::UnknownVersion(v) => Some(v),
                ReadError::Corrupt(_) => None,
            },
        };
        dom::log(&format!("{}: {}", q.key, q.error));
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// Handles one message.
    fn update(&mut self, msg: Msg) {
        match msg {
            Msg::PointerDown { x, y, id } => self.pointer_down(x, y, id),
            Msg::PointerMove { x, y, id } => self.pointer_move(x, y, id),
            Msg::PointerUp { x, y, id } => self.pointer_up(x, y, id),
            Msg::PointerCancel => {
                if let Some(d) = self.drag.take() {
                    self.board.end_drag_visual(d.from);
                }
            }
            Msg::BoardKey(key, focused) => {
                if let Some(sq) = focused {
                    self.board.set_focus(sq, false);
                }
                self.board_key(&key);
            }
            Msg::Promote(role) => {
                Dialog::Promotion.close();
                if let Some((from, to, animate)) = self.pending_promotion.take() {
                    let m = Move {
                        from,
                        to,
                        promotion: Some(role),
                    };
                    self.play(m, animate);
                }
            }
            Msg::PromotionCancel => {
                Dialog::Promotion.close();
                if self.pending_promotion.take().is_some() {
                    self.selected = None;
                }
            }
            Msg::NewGameOpen => self.open_new_game(),
            Msg::NewGameStart(NewGame { promotion, ai }) => {
                self.leave_online();
                Dialog::NewGame.close();
                Dialog::GameOver.close();
                self.fresh_board(Rules { promotion }, ai);
                self.persist();
                dialogs::toast(self.lang.t(Key::ToastNewGame), false);
            }
            Msg::Undo => self.undo(),
            Msg::Flip => {
                self.flipped = !self.flipped;
                self.drag = None;
            }
            Msg::ResignAsk => {
                if self.game_over_toast() {
                    return;
                }
                // Online, one's own seat; against the AI, the human; in hot-seat, the side
                // to move.
                let side = match &self.online {
                    Some(o) => match o.view.as_ref().and_then(|v| v.you) {
                        Some(you) => you,
                        None => return,
                    },
                    None => self.ai.map_or(self.game.position().turn(), |a| a.human),
                };
                self.confirm = Some(Confirm::Resign(side));
                let text = self.lang.t(if side == Color::White {
                    Key::ConfirmResignWhite
                } else {
                    Key::ConfirmResignBlack
                });
                dialogs::show_confirm(
                    self.lang.t(Key::ConfirmResignTitle),
                    text,
                    self.lang.t(Key::ConfirmResignYes),
                );
            }
            Msg::DrawAsk => {
                // Against the AI there is no draw by agreement (the button is hidden).
                if self.ai.is_some() || self.game_over_toast() {
                    return;
                }
                // Online, the offer goes to the opponent.
                if self.online.is_some() {
                    self.send_room(|room| protocol::ClientMsg::OfferDraw { room });
                    return;
                }
                self.confirm = Some(Confirm::Draw);
                dialogs::show_confirm(
                    self.lang.t(Key::ConfirmDrawTitle),
                    self.lang.t(Key::ConfirmDrawText),
                    self.lang.t(Key::ConfirmDrawYes),
                );
            }
            Msg::ConfirmYes => {
                Dialog::Confirm.close();
                if self.online.is_some() {
                    if let Some(Confirm::Resign(_)) = self.confirm.take() {
                        self.send_room(|room| protocol::ClientMsg::Resign { room });
                    }
                    return;
                }
                let result = match self.confirm.take() {
                    Some(Confirm::Resign(side)) => {
                        self.game.resign(side).map_err(|e| e.to_string())
                    }
                    Some(Confirm::Draw) => self.game.agree_draw().map_err(|e| e.to_string()),
                    None => Ok(()),
                };
                match result {
                    Ok(()) => self.after_change(),
                    Err(e) => dialogs::toast(&e, true),
                }
            }
            Msg::Claim => {
                let claim = if self.game.can_claim(DrawClaim::Threefold) {
                    Some(DrawClaim::Threefold)
                } else if self.game.can_claim(DrawClaim::FiftyMoves) {
                    Some(DrawClaim::FiftyMoves)
                } else {
                    None
                };
                if self.online.is_some() {
                    match claim {
                        Some(claim) => {
                            self.send_room(|room| protocol::ClientMsg::ClaimDraw { room, claim });
                        }
                        None => dialogs::toast(self.lang.t(Key::ToastNoClaim), true),
                    }
                    return;
                }
                match claim.map(|c| self.game.claim_draw(c)) {
                    Some(Ok(())) => self.after_change(),
                    Some(Err(e)) => dialogs::toast(&e.to_string(), true),
                    None => dialogs::toast(self.lang.t(Key::ToastNoClaim), true),
                }
            }
            Msg::SetLang(code) => {
                if let Some(lang) = Lang::from_tag(&code) {
                    self.lang = lang;
                    if let Err(e) = self.store.set_lang(lang.code()) {
                        self.write_failed(&e);
                    }
                    self.apply_texts();
                    self.saved_dirty = true;
                    self.rendered_moves = None;
                }
            }
            Msg::Resume(id) => {
                if id == self.id && self.online.is_none() {
                    return;
                }
                match self.store.load(&id) {
                    Ok(Some((saved, game))) => {
                        self.leave_online();
                        self.adopt(saved, game);
                        Dialog::GameOver.close();
                        if let Err(e) = self.store.set_current_id(&self.id) {
                            self.write_failed(&e);
                        }
                        dialogs::toast(self.lang.t(Key::ToastResumed), false);
                    }
                    Ok(None) => self.saved_dirty = true,
                    Err(q) => {
                        self.report(&q);
                        self.saved_dirty = true;
                    }
                }
            }
            Msg::Delete(id) => {
                if id != self.id {
                    self.store.delete(&id);
                    self.saved_dirty = true;
                    dialogs::toast(self.lang.t(Key::ToastDeleted), false);
                }
            }
            Msg::DismissNotice => self.notices.clear(),
            Msg::GameOverNew => {
                Dialog::GameOver.close();
                self.open_new_game();
            }
            Msg::AiReply { id, result } => self.ai_reply(id, result),
            Msg::StorageChanged { key, value } => self.storage_changed(key, value),
            Msg::Hint => self.ask_hint(),
            Msg::Net(e) => self.net_event(e),
            Msg::Online(m) => self.online_msg(m),
        }
    }

    /// Which game and position the board shows: the game id and its moves.
    fn position_key(&self) -> String {
        let mut key = self.id.clone();
        for m in self.game.moves() {
            key.push(' ');
            key.push_str(&m.to_uci());
        }
        key
    }

    /// Whether the human may move now: always in hot-seat, on their own turn against the AI.
    fn human_turn(&self) -> bool {
        self.online_my_turn()
            && self
                .ai
                .is_none_or(|a| a.human == self.game.position().turn())
    }

    /// Whether the AI is computing its move for the position on the board.
    fn ai_thinking(&self) -> bool {
        self.ai_pending
            .as_ref()
            .is_some_and(|p| p.key == self.position_key())
            && !self.game.is_over()
    }

    /// Asks the AI worker for its move when it is the AI's turn and no request for this
    /// position is on its way (start, reload, after the human's move, undo, resume).
    fn schedule_ai(&mut self) {
        let Some(a) = self.ai else {
            self.ai_pending = None;
            return;
        };
        if self.game.is_over() || self.game.position().turn() == a.human || self.ai_broken {
            self.ai_pending = None;
            return;
        }
        let key = self.position_key();
        if self.ai_pending.as_ref().is_some_and(|p| p.key == key) {
            return;
        }
        self.last_request = self.last_request.wrapping_add(1);
        let id = self.last_request;
        if ai::post(id, &self.game, a.level, ai::seed_of(&self.id), 0) {
            self.ai_pending = Some(Pending { id, key });
        } else {
            self.ai_pending = None;
            self.ai_broken = true;
            dialogs::toast(self.lang.t(Key::ToastAiUnavailable), true);
        }
    }

    /// An answer of the AI worker: plays the AI's move if it is still wanted, shows a hint.
    fn ai_reply(&mut self, id: u32, result: Result<String, String>) {
        let key = self.position_key();
        if let Some(p) = self.ai_pending.take_if(|p| p.id == id) {
            let wanted = p.key == key
                && !self.game.is_over()
                && self
                    .ai
                    .is_some_and(|a| a.human != self.game.position().turn());
            if !wanted {
                return; // Stale: the position changed meanwhile.
            }
            match result.and_then(|uci| self.game.play_uci(&uci).map_err(|e| e.to_string())) {
                Ok(m) => {
                    self.selected = None;
                    self.pending_promotion = None;
                    self.animate = Some((m.from, m.to));
                    self.after_change();
                }
                Err(e) => {
                    dom::log(&format!("AI: {e}"));
                    dialogs::toast(&self.lang.fmt(Key::ToastAiFailed, &[("error", &e)]), true);
                    // Keep the request so that the same position is not asked again and again.
                    self.ai_pending = Some(p);
                }
            }
        } else if let Some(p) = self.hint_pending.take_if(|p| p.id == id) {
            if p.key != key {
                return;
            }
            match result {
                Ok(uci) => {
                    let from = uci.get(0..2).and_then(|s| s.parse::<Square>().ok());
                    let to = uci.get(2..4).and_then(|s| s.parse::<Square>().ok());
                    if let (Some(from), Some(to)) = (from, to) {
                        self.hint = Some((key, from, to));
                    }
                }
                Err(e) => dom::log(&format!("hint: {e}")),
            }
        }
    }

    /// Asks the AI (full strength, a short think) for the best move of the human to move.
    fn ask_hint(&mut self) {
        if self.online.is_some() {
            return;
        }
        if self.game_over_toast() {
            return;
        }
        if !self.human_turn() {
            dialogs::toast(self.lang.t(Key::ToastWaitAi), false);
            return;
        }
        let key = self.position_key();
        if self.hint.as_ref().is_some_and(|h| h.0 == key)
            || self.hint_pending.as_ref().is_some_and(|p| p.key == key)
        {
            return;
        }
        self.last_request = self.last_request.wrapping_add(1);
        let id = self.last_request;
        if ai::post(id, &self.game, 8, ai::seed_of(&self.id), HINT_MILLIS) {
            self.hint_pending = Some(Pending { id, key });
        } else {
            dialogs::toast(self.lang.t(Key::ToastAiUnavailable), true);
        }
    }

    fn open_new_game(&self) {
        let value = match self.game.rules().promotion {
            PromotionRule::MetOnly => "met-only",
            _ => "any",
        };
        let mode = if self.online.is_some() {
            "online"
        } else if self.ai.is_some() {
            "ai"
        } else {
            "hotseat"
        };
        let mut radios = vec![("promotion", value), ("mode", mode)];
        if let Some(a) = self.ai {
            radios.push((
                "human",
                if a.human == Color::White {
                    "white"
                } else {
                    "black"
                },
            ));
            if let Some(select) = dom::by_id_as::<HtmlSelectElement>("ai-level") {
                select.set_value(&a.level.to_string());
            }
        }
        if let Some(doc) = dom::document() {
            for (name, value) in radios {
                let selector = format!("#new-game input[name=\"{name}\"][value=\"{value}\"]");
                if let Some(input) = doc
                    .query_selector(&selector)
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
                {
                    input.set_checked(true);
                }
            }
        }
        Dialog::NewGame.open();
    }

    /// Toasts "the game is over" and returns true when it is.
    fn game_over_toast(&self) -> bool {
        let over = self.game.is_over();
        if over {
            dialogs::toast(self.lang.t(Key::ToastGameOver), true);
        }
        over
    }

    /// Whether `sq` holds a piece the user may pick up now (never the AI's, nor while the AI
    /// is to move).
    fn own_piece(&self, sq: Square) -> bool {
        let pos = self.game.position();
        self.human_turn() && pos.piece_at(sq).is_some_and(|p| p.color == pos.turn())
    }

    fn dests(&self, from: Square) -> Vec<Square> {
        let mut v: Vec<Square> = self
            .game
            .position()
            .legal_moves_from(from)
            .iter()
            .map(|m| m.to)
            .collect();
        v.dedup();
        v
    }

    fn is_dest(&self, to: Square) -> bool {
        self.selected
            .is_some_and(|from| self.dests(from).contains(&to))
    }

    /// Plays the selected piece to `sq` when that is one of its destinations; `true` if it did.
    fn move_selected_to(&mut self, sq: Square) -> bool {
        match self.selected {
            Some(from) if self.is_dest(sq) => {
                self.try_move(from, sq, true);
                true
            }
            _ => false,
        }
    }

    /// A click or key press on `sq` (not a drag).
    fn activate(&mut self, sq: Square) {
        if self.move_selected_to(sq) {
            return;
        }
        if self.own_piece(sq) {
            if self.game_over_toast() {
                return;
            }
            self.selected = if self.selected == Some(sq) {
                None
            } else {
                Some(sq)
            };
        } else {
            self.selected = None;
        }
    }

    fn pointer_down(&mut self, x: f64, y: f64, id: i32) {
        if self.pending_promotion.is_some() {
            return;
        }
        let Some(sq) = self.board.square_at(x, y) else {
            return;
        };
        self.board.set_focus(sq, false);
        if self.move_selected_to(sq) {
            return;
        }
        if self.own_piece(sq) {
            if self.game_over_toast() {
                return;
            }
            let deselect_on_up = self.selected == Some(sq);
            self.selected = Some(sq);
            self.drag = Some(Drag {
                id,
                from: sq,
                start: (x, y),
                active: false,
                deselect_on_up,
            });
            let _ = self.board.root().set_pointer_capture(id);
        } else {
            self.selected = None;
        }
    }

    fn pointer_move(&mut self, x: f64, y: f64, id: i32) {
        let Some(mut d) = self.drag.filter(|d| d.id == id) else {
            return;
        };
        let (dx, dy) = (x - d.start.0, y - d.start.1);
        if !d.active && dx.hypot(dy) > 5.0 {
            d.active = true;
        }
        if d.active {
            let over = self
                .board
                .square_at(x, y)
                .map(|s| (s, s != d.from && self.dests(d.from).contains(&s)));
            self.board.drag_visual(d.from, dx, dy, over);
        }
        self.drag = Some(d);
    }

    fn pointer_up(&mut self, x: f64, y: f64, id: i32) {
        let Some(d) = self.drag.filter(|d| d.id == id) else {
            return;
        };
        self.drag = None;
        let _ = self.board.root().release_pointer_capture(id);
        if d.active {
            self.board.end_drag_visual(d.from);
            match self.board.square_at(x, y) {
                Some(to) if to != d.from => {
                    if self.dests(d.from).contains(&to) {
                        self.try_move(d.from, to, false);
                    } else {
                        dialogs::toast(self.lang.t(Key::ToastIllegal), true);
                    }
                }
                _ => {}
            }
        } else if d.deselect_on_up {
            self.selected = None;
        }
    }

    fn board_key(&mut self, key: &str) {
        let (dx, dy) = match key {
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, -1),
            "ArrowDown" => (0, 1),
            "Enter" | " " => {
                let sq = self.board.focus_square();
                self.activate(sq);
                return;
            }
            "Escape" => {
                self.selected = None;
                return;
            }
            _ => return,
        };
        self.board.move_focus(dx, dy);
    }

    /// Tries the move `from`-`to`; asks for the promotion piece when there is a choice.
    fn try_move(&mut self, from: Square, to: Square, animate: bool) {
        if self.game_over_toast() || !self.human_turn() {
            return;
        }
        let candidates: Vec<Move> = self
            .game
            .position()
            .legal_moves_from(from)
            .iter()
            .copied()
            .filter(|m| m.to == to)
            .collect();
        match candidates.as_slice() {
            [] => dialogs::toast(self.lang.t(Key::ToastIllegal), true),
            [m] if m.promotion.is_none() => self.play(*m, animate),
            many => {
                let roles: Vec<Role> = many.iter().filter_map(|m| m.promotion).collect();
                let color = self.game.position().turn();
                self.pending_promotion = Some((from, to, animate));
                dialogs::show_promotion(self.lang, color, &roles);
            }
        }
    }

    fn play(&mut self, m: Move, animate: bool) {
        if self.online.is_some() {
            self.online_play(m, animate);
            return;
        }
        match self.game.play(m) {
            Ok(()) => {
                self.selected = None;
                if animate {
                    self.animate = Some((m.from, m.to));
                }
                self.after_change();
            }
            Err(e) => {
                dom::log(&format!("refused {}: {e}", m.to_uci()));
                dialogs::toast(self.lang.t(Key::ToastIllegal), true);
            }
        }
    }

    fn undo(&mut self) {
        if self.online.is_some() {
            // Moves played online are final.
            return;
        }
        Dialog::GameOver.close();
        if let Some(a) = self.ai {
            self.undo_against_ai(a.human);
            return;
        }
        if self.game.undo().is_some() {
            self.selected = None;
            self.persist();
            dialogs::toast(self.lang.t(Key::ToastUndone), false);
        } else if self.game.is_over() {
            // Only a resignation or agreement without moves was taken back.
            self.persist();
        } else {
            dialogs::toast(self.lang.t(Key::ToastNothingToUndo), false);
        }
    }

    /// Undo against the AI: back to the human's previous turn, so the AI's reply and the
    /// human's move go together (only the human's move while the AI is thinking); a resignation
    /// or claim alone is taken back by itself.
    fn undo_against_ai(&mut self, human: Color) {
        let ended_without_move =
            self.game.outcome().is_some() && self.game.automatic_outcome().is_none();
        let plies = if ended_without_move {
            0
        } else if self.game.position().turn() == human {
            2
        } else {
            1
        };
        if plies > self.game.moves().len() || (plies == 0 && !self.game.is_over()) {
            dialogs::toast(self.lang.t(Key::ToastNothingToUndo), false);
            return;
        }
        if plies == 0 {
            self.game.undo();
        }
        for _ in 0..plies {
            self.game.undo();
        }
        self.selected = None;
        self.pending_promotion = None;
        self.persist();
        dialogs::toast(self.lang.t(Key::ToastUndone), false);
    }

    /// After a move, resignation, agreement or claim: save, and announce the end of the game.
    fn after_change(&mut self) {
        self.persist();
        if let Some(outcome) = self.game.outcome() {
            self.selected = None;
            dialogs::show_game_over(
                self.lang.t(result_key(outcome)),
                storage::outcome_code(outcome),
            );
        }
    }

    /// Saves the game on the board and remembers it as the one to resume.
    fn persist(&mut self) {
        if self.online.is_some() {
            // The server keeps online games.
            return;
        }
        self.saved_dirty = true;
        // A game against the AI is kept from the start: the AI may be the one to move first.
        let empty =
            self.game.moves().is_empty() && self.game.outcome().is_none() && self.ai.is_none();
        if empty {
            // Nothing worth keeping yet; an empty record would only clutter the list.
            self.store.delete(&self.id);
            return;
        }
        if self.newer_elsewhere() {
            return;
        }
        let saved = SavedGame::from_game(&self.id, self.created, storage::js_now(), &self.game)
            .with_ai(self.ai);
        self.synced = Some((saved.updated, saved.moves.clone()));
        let result = self
            .store
            .save(&saved)
            .and_then(|()| self.store.set_current_id(&self.id));
        match result {
            Ok(()) => {
                if self.quota_reported {
                    self.quota_reported = false;
                    self.notices.retain(|n| *n != Notice::Full);
                }
            }
            Err(e) => self.write_failed(&e),
        }
    }

    /// Before saving: when another tab stored a newer version of this game that our moves do
    /// not extend, adopts that version instead of overwriting it, tells the user and returns
    /// true.
    fn newer_elsewhere(&mut self) -> bool {
        let Ok(Some((stored, game))) = self.store.load(&self.id) else {
            return false;
        };
        let ours: Vec<String> = self.game.moves().iter().map(|m| m.to_uci()).collect();
        if !stored_is_newer(self.synced.as_ref(), &stored, &ours) {
            return false;
        }
        let flipped = self.flipped;
        self.adopt(stored, game);
        self.flipped = flipped;
        Dialog::GameOver.close();
        dialogs::toast(self.lang.t(Key::ToastConflict), true);
        true
    }

    /// Another tab changed storage: follow changes of the game on the board, refresh the list.
    fn storage_changed(&mut self, key: Option<String>, value: Option<String>) {
        self.saved_dirty = true;
        if key.as_deref() != Some(self.store.game_key(&self.id).as_str()) {
            // The other tab switched games, cleared storage or changed another game: keep the
            // view; a later save checks for a newer version first.
            return;
        }
        let Some(text) = value else {
            // Deleted there: keep the game on screen (it is saved again on the next change).
            self.synced = None;
            return;
        };
        let Ok(stored) = SavedGame::parse(&text) else {
            return;
        };
        let Ok(game) = stored.to_game() else { return };
        let ours: Vec<String> = self.game.moves().iter().map(|m| m.to_uci()).collect();
        let same = stored.moves == ours
            && stored.result
                == self
                    .game
                    .outcome()
                    .map(|o| storage::outcome_code(o).to_owned());
        if same {
            self.synced = Some((stored.updated, stored.moves));
            return;
        }
        let flipped = self.flipped;
        self.adopt(stored, game);
        self.flipped = flipped;
        Dialog::GameOver.close();
        Dialog::Promotion.close();
        dialogs::toast(self.lang.t(Key::ToastSynced), false);
    }

    fn write_failed(&mut self, e: &WriteError) {
        dom::log(&format!("storage: {e}"));
        let notice = match e {
            WriteError::QuotaExceeded => Notice::Full,
            WriteError::Other(why) => Notice::WriteFailed(why.clone()),
        };
        if !self.quota_reported || notice != Notice::Full {
            dialogs::toast(&notice.text(self.lang, self.has_other_saved()), true);
        }
        if notice == Notice::Full {
            self.quota_reported = true;
        }
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// Fills every `[data-i18n]` element and the language-dependent attributes.
    fn apply_texts(&self) {
        let lang = self.lang;
        let Some(doc) = dom::document() else { return };
        if let Some(html) = doc.document_element() {
            dom::set_attr(&html, "lang", lang.code());
        }
        doc.set_title(lang.t(Key::AppTitle));
        if let Ok(list) = doc.query_selector_all("[data-i18n]") {
            for i in 0..list.length() {
                let Some(e) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                let Some(key) = e
                    .get_attribute("data-i18n")
                    .and_then(|k| Key::from_name(&k))
                else {
                    continue;
                };
                match e.get_attribute("data-i18n-attr") {
                    Some(attr) => dom::set_attr(&e, &attr, lang.t(key)),
                    None => dom::set_text(&e, lang.t(key)),
                }
            }
        }
        if let Some(link) = dom::by_id("rules-link") {
            dom::set_attr(&link, "href", &format!("rules/{}.html", lang.code()));
        }
        if let Some(select) = dom::by_id_as::<HtmlSelectElement>("lang") {
            select.set_value(lang.code());
        }
    }

    /// Draws the whole page from the state.
    fn render(&mut self) {
        let lang = self.lang;
        let pos = self.game.position().clone();
        let over = self.game.outcome();
        // Also ended: an online game the server ended (time, abandonment, abort) or a room
        // closed without a game, which the local rules know nothing of.
        let ended = over.is_some() || self.online_ended();

        // Board.
        let pieces = (0..64)
            .map(|i| board::square(i).and_then(|sq| pos.piece_at(sq)))
            .collect();
        let check = (over.is_none() || matches!(over, Some(Outcome::Win { .. })))
            .then(|| pos.is_check())
            .filter(|&c| c)
            .map(|_| pos.king_square(pos.turn()));
        let scene = BoardScene {
            pieces,
            flipped: self.flipped,
            selected: self.selected,
            dests: self.selected.map(|s| self.dests(s)).unwrap_or_default(),
            last: self.game.last_move().map(|m| (m.from, m.to)),
            check,
            animate: self.animate.take(),
        };
        self.board.render(&scene, lang);
        self.render_hint();
        if let Some(b) = dom::by_id("board") {
            dom::set_attr(&b, "aria-label", lang.t(Key::BoardLabel));
            dom::set_class(&b, "flipped", self.flipped);
            dom::set_class(&b, "over", ended);
        }

        // Status line.
        if let Some(status) = dom::by_id("status") {
            let (text, code) = match over {
                Some(o) => (lang.t(result_key(o)), storage::outcome_code(o)),
                None => {
                    let key = match (pos.turn(), pos.is_check()) {
                        (Color::White, false) => Key::TurnWhite,
                        (Color::Black, false) => Key::TurnBlack,
                        (Color::White, true) => Key::CheckWhite,
                        (Color::Black, true) => Key::CheckBlack,
                    };
                    (lang.t(key), "")
                }
            };
            dom::set_text(&status, text);
            dom::set_attr(&status, "data-outcome", code);
            dom::set_attr(
                &status,
                "data-turn",
                if pos.turn() == Color::White {
                    "white"
                } else {
                    "black"
                },
            );
            dom::set_class(&status, "check", over.is_none() && pos.is_check());
            dom::set_class(&status, "over", over.is_some());
        }
        if let Some(rule) = dom::by_id("rule-setting") {
            dom::set_text(
                &rule,
                lang.t(match self.game.rules().promotion {
                    PromotionRule::MetOnly => Key::PromotionRuleMet,
                    _ => Key::PromotionRuleAny,
                }),
            );
        }

        // Mode of play and the AI's thinking.
        if let Some(e) = dom::by_id("mode-setting") {
            let text = match self.ai {
                None => lang.t(Key::HotSeat).to_owned(),
                Some(a) => lang.fmt(
                    if a.human == Color::White {
                        Key::AiYouWhite
                    } else {
                        Key::AiYouBlack
                    },
                    &[("level", &a.level.to_string())],
                ),
            };
            dom::set_text(&e, &text);
        }
        if let Some(app) = dom::by_id("app") {
            dom::set_attr(
                &app,
                "data-mode",
                if self.ai.is_some() { "ai" } else { "hotseat" },
            );
        }
        let thinking = self.ai_thinking();
        if let Some(e) = dom::by_id("ai-thinking") {
            dom::set_text(
                &e,
                if thinking {
                    lang.t(Key::AiThinking)
                } else {
                    ""
                },
            );
            dom::set_hidden(&e, !thinking);
        }
        if let Some(b) = dom::by_id("board") {
            dom::set_class(&b, "waiting", thinking);
            dom::set_attr(&b, "aria-busy", if thinking { "true" } else { "false" });
        }

        // Counting indicator.
        if let Some(counting) = dom::by_id("counting") {
            match pos.counting().filter(|_| over.is_none()) {
                Some(c) => {
                    let used = c.moves_used();
                    let limit = c.limit_moves();
                    // The side that must mate: the one without the lone king.
                    let attacker_white = lone_side(&pos)
                        .map_or(pos.turn() == Color::Black, |lone| lone == Color::Black);
                    let key = match (used == 0, attacker_white) {
                        (true, true) => Key::CountingStartWhite,
                        (true, false) => Key::CountingStartBlack,
                        (false, true) => Key::CountingWhite,
                        (false, false) => Key::CountingBlack,
                    };
                    let text = lang.fmt(
                        key,
                        &[
                            ("used", &used.to_string()),
                            ("limit", &limit.to_string()),
                            ("left", &limit.saturating_sub(used).to_string()),
                        ],
                    );
                    let by = lang.t(match c.limiting_role() {
                        Role::Rook => Key::CountByRook,
                        Role::Khon => Key::CountByKhon,
                        _ => Key::CountByKnight,
                    });
                    dom::set_text(&counting, &format!("{text} {by}"));
                    dom::set_attr(&counting, "data-used", &used.to_string());
                    dom::set_attr(&counting, "data-limit", &limit.to_string());
                    dom::set_hidden(&counting, false);
                }
                None => {
                    dom::set_text(&counting, "");
                    dom::set_hidden(&counting, true);
                }
            }
        }

        // Counters and claim.
        let fifty = self.game.fifty_move_plies() / 2;
        if let Some(e) = dom::by_id("fifty-counter") {
            dom::set_text(
                &e,
                &lang.fmt(Key::FiftyCounter, &[("n", &fifty.to_string())]),
            );
            dom::set_attr(&e, "data-value", &fifty.to_string());
            // Once the game is over the counters no longer matter.
            dom::set_hidden(&e, ended);
        }
        let reps = self.game.repetitions();
        if let Some(e) = dom::by_id("repetition-counter") {
            dom::set_text(
                &e,
                &lang.fmt(Key::RepetitionCounter, &[("n", &reps.to_string())]),
            );
            dom::set_attr(&e, "data-value", &reps.to_string());
            dom::set_hidden(&e, ended);
        }
        let claim = if self.game.can_claim(DrawClaim::Threefold) {
            Some(Key::ClaimThreefold)
        } else if self.game.can_claim(DrawClaim::FiftyMoves) {
            Some(Key::ClaimFifty)
        } else {
            None
        };
        if let Some(b) = dom::by_id("btn-claim") {
            dom::set_hidden(&b, claim.is_none());
            dom::set_disabled(&b, claim.is_none());
            dom::set_text(&b, lang.t(claim.unwrap_or(Key::BtnClaim)));
        }

        // Buttons.
        let can_undo = !self.game.moves().is_empty() || over.is_some();
        for (id, enabled) in [
            ("btn-undo", can_undo),
            ("btn-resign", over.is_none()),
            ("btn-draw", over.is_none()),
            ("btn-hint", over.is_none() && self.human_turn()),
        ] {
            if let Some(b) = dom::by_id(id) {
                dom::set_disabled(&b, !enabled);
            }
        }
        if let Some(b) = dom::by_id("btn-draw") {
            // No draw by agreement against the AI.
            dom::set_hidden(&b, self.ai.is_some());
        }
        if let Some(b) = dom::by_id("btn-flip") {
            dom::set_attr(
                &b,
                "aria-pressed",
                if self.flipped { "true" } else { "false" },
            );
        }

        self.render_moves();
        self.render_online();
        if self.saved_dirty {
            self.saved_dirty = false;
            self.render_saved();
        }
        let has_saved = self.notices.contains(&Notice::Full) && self.has_other_saved();
        let notices: Vec<String> = self
            .notices
            .iter()
            .map(|n| n.text(lang, has_saved))
            .collect();
        dialogs::show_notices(&notices);
    }

    /// Whether saved games other than the one on the board exist (that could be deleted).
    fn has_other_saved(&self) -> bool {
        self.store.list().0.iter().any(|g| g.id != self.id)
    }

    /// Marks the hint's squares with the class `hint` while the hinted position is on the board.
    fn render_hint(&self) {
        let Some(doc) = dom::document() else { return };
        if let Ok(list) = doc.query_selector_all("#board .hint") {
            for i in 0..list.length() {
                if let Some(e) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    dom::set_class(&e, "hint", false);
                }
            }
        }
        let Some((key, from, to)) = &self.hint else {
            return;
        };
        if *key != self.position_key() || self.game.is_over() {
            return;
        }
        for sq in [from, to] {
            let selector = format!("#board [data-square=\"{sq}\"]");
            if let Some(e) = doc.query_selector(&selector).ok().flatten() {
                dom::set_class(&e, "hint", true);
            }
        }
    }

    fn render_moves(&mut self) {
        let sans = self.game.san_moves();
        let key = (sans.len(), self.lang, self.game.positions().len());
        if self.rendered_moves == Some(key) {
            return;
        }
        self.rendered_moves = Some(key);
        let Some(list) = dom::by_id("moves") else {
            return;
        };
        dom::clear(&list);
        if let Some(empty) = dom::by_id("moves-empty") {
            dom::set_hidden(&empty, !sans.is_empty());
        }
        // The first move may be Black's when the game starts from such a FEN.
        let first = self
            .game
            .positions()
            .first()
            .map(|p| (p.turn(), p.fullmoves()));
        let (first_turn, first_number) = first.unwrap_or((Color::White, 1));
        let mut row: Option<Element> = None;
        let last = sans.len().checked_sub(1);
        for (ply, san) in sans.iter().enumerate() {
            let white = (ply % 2 == 0) == (first_turn == Color::White);
            let offset = usize::from(first_turn == Color::Black);
            let number = first_number as usize + (ply + offset) / 2;
            if white || row.is_none() {
                let Some(li) = dom::el("li", "move-row") else {
                    return;
                };
                if let Some(num) = dom::el("span", "num") {
                    dom::set_text(&num, &format!("{number}."));
                    let _ = li.append_child(&num);
                }
                if !white && let Some(gap) = dom::el("span", "gap") {
                    dom::set_text(&gap, "…");
                    let _ = li.append_child(&gap);
                }
                let _ = list.append_child(&li);
                row = Some(li);
            }
            if let Some(li) = &row
                && let Some(s) = dom::el(
                    "span",
                    if Some(ply) == last {
                        "san current"
                    } else {
                        "san"
                    },
                )
            {
                dom::set_text(&s, san);
                dom::set_attr(&s, "data-ply", &(ply + 1).to_string());
                let _ = li.append_child(&s);
            }
        }
        if let Some(scroller) = dom::by_id("moves-box") {
            scroller.set_scroll_top(scroller.scroll_height());
        }
    }

    fn render_saved(&mut self) {
        let lang = self.lang;
        let (games, problems) = self.store.list();
        for q in &problems {
            self.report(q);
        }
        let Some(list) = dom::by_id("saved-games") else {
            return;
        };
        dom::clear(&list);
        let mut shown = 0;
        for g in &games {
            let current = g.id == self.id && self.online.is_none();
            let Some(li) = dom::el("li", if current { "saved current" } else { "saved" }) else {
                continue;
            };
            dom::set_attr(&li, "data-game-id", &g.id);
            let Some(info) = dom::el("div", "saved-info") else {
                continue;
            };
            let when = date_time_text(lang, g.updated);
            let mut summary = lang.moves_summary(&when, g.moves.len().div_ceil(2));
            if let Ok(Some(a)) = g.ai_game() {
                summary.push_str(" · ");
                summary.push_str(&lang.fmt(Key::SavedVsAi, &[("level", &a.level.to_string())]));
            }
            if let Some(s) = dom::el("span", "saved-date") {
                dom::set_text(&s, &summary);
                let _ = info.append_child(&s);
            }
            let state = if current {
                lang.t(Key::SavedCurrent).to_owned()
            } else {
                match g.result.as_deref().and_then(result_key_from_code) {
                    Some(k) => lang.t(k).to_owned(),
                    None => lang.t(Key::SavedOngoing).to_owned(),
                }
            };
            if let Some(s) = dom::el("span", "saved-state") {
                dom::set_text(&s, &state);
                let _ = info.append_child(&s);
            }
            let _ = li.append_child(&info);
            if !current && let Some(actions) = dom::el("div", "saved-actions") {
                // A finished game is opened to be looked at, not resumed.
                let open = if g.result.is_some() {
                    Key::BtnOpen
                } else {
                    Key::BtnResume
                };
                for (action, key, class) in [
                    ("resume", open, "btn small"),
                    ("delete", Key::BtnDelete, "btn small quiet"),
                ] {
                    if let Some(b) = dom::el("button", class) {
                        dom::set_attr(&b, "type", "button");
                        dom::set_attr(&b, "data-action", action);
                        dom::set_text(&b, lang.t(key));
                        let _ = actions.append_child(&b);
                    }
                }
                let _ = li.append_child(&actions);
            }
            let _ = list.append_child(&li);
            shown += usize::from(!current);
        }
        if let Some(empty) = dom::by_id("saved-empty") {
            dom::set_hidden(&empty, shown > 0);
        }
    }
}

/// A moment (milliseconds since the Unix epoch) as the language writes a date and time, e.g.
/// "Dec 1, 2026, 2:13 PM".
fn date_time_text(lang: Lang, ms: f64) -> String {
    let date = js_sys::Date::new(&ms.into());
    let options = js_sys::Object::new();
    for (k, v) in [("dateStyle", "medium"), ("timeStyle", "short")] {
        let _ = js_sys::Reflect::set(&options, &k.into(), &v.into());
    }
    date.to_locale_string(lang.code(), &options).into()
}

/// Whether a stored version of the game (`stored`) must not be overwritten by ours
/// (`ours`, its moves in UCI): it was written after the version this tab knows (`synced`:
/// its `updated` time and moves) and it is not a prefix of ours (our moves do not extend it).
pub fn stored_is_newer(
    synced: Option<&(f64, Vec<String>)>,
    stored: &SavedGame,
    ours: &[String],
) -> bool {
    let newer = match synced {
        Some((updated, moves)) => stored.updated > *updated || stored.moves != *moves,
        // A version this tab never saw (e.g. written after the other tab deleted ours).
        None => true,
    };
    newer && !ours.starts_with(&stored.moves)
}

/// The side left with a lone king, if exactly one side is.
fn lone_side(pos: &rules::Position) -> Option<Color> {
    let mut count = [0u32; 2];
    for i in 0..64 {
        if let Some(p) = board::square(i).and_then(|sq| pos.piece_at(sq)) {
            count[usize::from(p.color == Color::Black)] += 1;
        }
    }
    match count {
        [1, n] if n > 1 => Some(Color::White),
        [n, 1] if n > 1 => Some(Color::Black),
        _ => None,
    }
}

/// The result sentence of an outcome.
fn result_key(o: Outcome) -> Key {
    result_key_from_code(storage::outcome_code(o)).unwrap_or(Key::SavedFinished)
}

fn result_key_from_code(code: &str) -> Option<Key> {
    Some(match code {
        "checkmate-white-wins" => Key::ResCheckmateWhite,
        "checkmate-black-wins" => Key::ResCheckmateBlack,
        "resign-white-wins" => Key::ResResignWhite,
        "resign-black-wins" => Key::ResResignBlack,
        "stalemate" => Key::ResStalemate,
        "dead-position" => Key::ResDead,
        "counting-draw" => Key::ResCounting,
        "fifty-move" => Key::ResFifty,
        "threefold" => Key::ResThreefold,
        "agreement" => Key::ResAgreement,
        _ => return None,
    })
}

/// Connects the page's events to [`dispatch`].
fn wire_events() {
    let click = |id: &str, msg: Msg| {
        if let Some(e) = dom::by_id(id) {
            dom::on(&e, "click", move |_: Event| dispatch(msg.clone()));
        }
    };
    click("btn-new", Msg::NewGameOpen);
    click("btn-undo", Msg::Undo);
    click("btn-flip", Msg::Flip);
    click("btn-resign", Msg::ResignAsk);
    click("btn-draw", Msg::DrawAsk);
    click("btn-claim", Msg::Claim);
    click("btn-hint", Msg::Hint);
    click("promotion-cancel", Msg::PromotionCancel);
    click("confirm-yes", Msg::ConfirmYes);
    click("notice-dismiss", Msg::DismissNotice);
    click("game-over-new", Msg::GameOverNew);
    for (id, dialog) in [
        ("confirm-no", Dialog::Confirm),
        ("new-game-cancel", Dialog::NewGame),
        ("game-over-close", Dialog::GameOver),
    ] {
        if let Some(e) = dom::by_id(id) {
            dom::on(&e, "click", move |_: Event| dialog.close());
        }
    }
    if let Some(e) = dom::by_id("promotion") {
        // Escape or any other way of closing the panel cancels the promotion.
        dom::on(&e, "close", |_: Event| dispatch(Msg::PromotionCancel));
        dom::on(&e, "click", |ev: Event| {
            let role =
                dom::closest_attr(&ev, "data-role").and_then(|v| dialogs::role_from_attr(&v));
            if let Some(role) = role {
                dispatch(Msg::Promote(role));
            }
        });
    }
    if let Some(form) = dom::by_id("new-game-form") {
        dom::on(&form, "submit", |ev: Event| {
            ev.prevent_default();
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
            let promotion = if checked("promotion") == "met-only" {
                PromotionRule::MetOnly
            } else {
                PromotionRule::Any
            };
            if checked("mode") == "online" {
                let settings = online::read_room_settings(promotion);
                dispatch(Msg::Online(OnlineMsg::Create(settings)));
                return;
            }
            let ai = (checked("mode") == "ai").then(|| {
                let level = dom::by_id_as::<HtmlSelectElement>("ai-level")
                    .and_then(|s| s.value().parse::<u8>().ok())
                    .filter(|l| (1..=8).contains(l))
                    .unwrap_or(3);
                let human = match checked("human").as_str() {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ if js_sys::Math::random() < 0.5 => Color::White,
                    _ => Color::Black,
                };
                AiGame { level, human }
            });
            dispatch(Msg::NewGameStart(NewGame { promotion, ai }));
        });
    }
    if let Some(select) = dom::by_id("lang") {
        dom::on(&select, "change", |ev: Event| {
            if let Some(s) = ev
                .target()
                .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
            {
                dispatch(Msg::SetLang(s.value()));
            }
        });
    }
    if let Some(list) = dom::by_id("saved-games") {
        dom::on(&list, "click", |ev: Event| {
            let action = dom::closest_attr(&ev, "data-action");
            let id = dom::closest_attr(&ev, "data-game-id");
            match (action.as_deref(), id) {
                (Some("resume"), Some(id)) => dispatch(Msg::Resume(id)),
                (Some("delete"), Some(id)) => dispatch(Msg::Delete(id)),
                _ => {}
            }
        });
    }
    if let Some(window) = web_sys::window() {
        // Another tab of this site changed localStorage (never fired for our own writes).
        dom::on(&window, "storage", |ev: web_sys::StorageEvent| {
            let key = ev.key();
            if key
                .as_deref()
                .is_some_and(|k| !k.starts_with(&format!("{STORAGE_PREFIX}.")))
            {
                return;
            }
            dispatch(Msg::StorageChanged {
                key,
                value: ev.new_value(),
            });
        });
    }
    if let Some(board) = dom::by_id("board") {
        dom::on(&board, "pointerdown", |ev: PointerEvent| {
            if ev.button() != 0 {
                return;
            }
            ev.prevent_default();
            dispatch(Msg::PointerDown {
                x: f64::from(ev.client_x()),
                y: f64::from(ev.client_y()),
                id: ev.pointer_id(),
            });
        });
        dom::on(&board, "pointermove", |ev: PointerEvent| {
            dispatch(Msg::PointerMove {
                x: f64::from(ev.client_x()),
                y: f64::from(ev.client_y()),
                id: ev.pointer_id(),
            });
        });
        dom::on(&board, "pointerup", |ev: PointerEvent| {
            dispatch(Msg::PointerUp {
                x: f64::from(ev.client_x()),
                y: f64::from(ev.client_y()),
                id: ev.pointer_id(),
            });
        });
        dom::on(&board, "pointercancel", |_: PointerEvent| {
            dispatch(Msg::PointerCancel);
        });
        dom::on(&board, "keydown", |ev: KeyboardEvent| {
            let key = ev.key();
            if matches!(
                key.as_str(),
                "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Enter" | " " | "Escape"
            ) {
                ev.prevent_default();
                let focused = dom::closest_attr(&ev, "data-square")
                    .and_then(|name| name.parse::<Square>().ok());
                dispatch(Msg::BoardKey(key, focused));
            }
        });
        dom::on(&board, "contextmenu", |ev: Event| ev.prevent_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(updated: f64, moves: &[&str]) -> SavedGame {
        let mut game = Game::new(Rules::default());
        for m in moves {
            game.play_uci(m).expect("legal");
        }
        SavedGame::from_game("g", 1.0, updated, &game)
    }

    fn ucis(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn a_newer_diverging_version_is_not_overwritten() {
        let synced = (10.0, ucis(&["e3e4"]));
        // Our own last write, extended by our next move: save.
        assert!(!stored_is_newer(
            Some(&synced),
            &stored(10.0, &["e3e4"]),
            &ucis(&["e3e4", "d6d5"])
        ));
        // After our undo the stored game is longer but it is the one we wrote: save.
        assert!(!stored_is_newer(
            Some(&(10.0, ucis(&["e3e4", "d6d5"]))),
            &stored(10.0, &["e3e4", "d6d5"]),
            &ucis(&["e3e4"])
        ));
        // Another tab moved on: adopt theirs.
        assert!(stored_is_newer(
            Some(&synced),
            &stored(20.0, &["e3e4", "c6c5"]),
            &ucis(&["e3e4", "d6d5"])
        ));
        // Another tab's newer version that ours extends: save.
        assert!(!stored_is_newer(
            Some(&synced),
            &stored(20.0, &["e3e4", "d6d5"]),
            &ucis(&["e3e4", "d6d5", "e4d5"])
        ));
        // A version this tab never saw, diverging: adopt.
        assert!(stored_is_newer(
            None,
            &stored(5.0, &["c3c4"]),
            &ucis(&["e3e4"])
        ));
    }
}
