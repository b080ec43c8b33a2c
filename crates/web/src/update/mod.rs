//! What happens: every user action, browser event and effect result is a [`Msg`];
//! [`update`] changes the [`Model`] and returns the [`Cmd`]s for the effects to run.
//!
//! `update` is pure: no DOM, no storage, no clock (the time is `model.now`, set by the
//! runtime), no randomness but the model's own generator. So every rule of the page (who may
//! move, what undo takes back, when the AI is asked, what is saved, how a room's events are
//! followed) is tested on the host (`update/tests.rs`).
//!
//! The views send their events as [`Msg`]s through [`Emit`], which the runtime
//! ([`crate::effects`]) implements: `update` imports the model and the texts, and is imported
//! by the views and the runtime above it.

#[cfg(test)]
mod a11y_tests;
mod account;
mod ai;
mod analysis;
mod board;
mod challenge;
mod cmd;
mod drill;
mod export;
pub mod feedback;
mod learn;
mod lesson;
mod looks;
mod new_game;
mod online;
mod play;
mod profile;
mod saved;
#[cfg(test)]
mod tests;

use crate::i18n::{Key, Lang};
use crate::model::saved::{Quarantined, SavedGame, SeatBook, WriteError};
use crate::model::{Dialog, DialogKind, Model, Notice};
use engine::Level;
use protocol::{ClientMsg, RoomId, ServerMsg};
use rules::{Color, Game, PromotionRule, Role, Square};

pub use account::AccountMsg;
pub use analysis::allowed as analysis_allowed;
pub use board::{BoardKey, ReviewStep};
pub use challenge::ChallengeMsg;
pub use cmd::{BrowserCmd, Cmd, EventsCmd, StorageCmd, ViewCmd, WorkerCmd};
pub use drill::{DEFENCE_MILLIS, DrillMsg};
pub use learn::{LearnMsg, available as learn_available};
pub use lesson::LessonMsg;
pub use looks::LooksMsg;
pub use online::{OnlineMsg, RangeChoice, RoomSettings, SeekTake, rated_refusal, seek_take};
pub use play::valid_claim;

/// What the new-game dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGameChoice {
    /// Two players on this device.
    HotSeat {
        /// The promotion rule.
        promotion: PromotionRule,
        /// The time control, if timed.
        clock: Option<protocol::TimeControl>,
    },
    /// Against the AI.
    Ai {
        /// The promotion rule.
        promotion: PromotionRule,
        /// Its level.
        level: Level,
        /// The human's colour; `None` draws it at random.
        human: Option<Color>,
        /// The time control, if timed (the AI paces itself on its clock).
        clock: Option<protocol::TimeControl>,
    },
    /// A room online.
    Online(RoomSettings),
}

/// Why a saved game is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadPurpose {
    /// The player chose it in the saved games.
    Resume,
    /// Back from a room to this device's own game.
    BackToLocal,
}

/// What an effect copies to the clipboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyWhat {
    /// The room's invite link.
    InviteLink,
    /// The game's PGN.
    Pgn,
    /// The shown position's FEN.
    Fen,
}

/// What the connection tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// Connected (again) and `Hello` sent: join the rooms again.
    Connected,
    /// The connection dropped; a reconnection is scheduled.
    Disconnected,
    /// A message from the server.
    Message(ServerMsg),
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The page started: what storage holds and the room of the address, if any.
    Started {
        /// The game that was on the board, read back (or why it could not be).
        current: Option<Result<(SavedGame, Game), Quarantined>>,
        /// The saved games.
        saved: Vec<SavedGame>,
        /// Entries set aside while listing.
        problems: Vec<Quarantined>,
        /// The online seats.
        seats: SeatBook,
        /// The room of an invite link in the address.
        room: Option<RoomId>,
        /// The seat that link names (an open challenge's link for one colour).
        seat: Option<protocol::Color>,
        /// The board's orientation as last set, and the game it was set for.
        flip: Option<(String, bool)>,
    },
    /// A pointer went down on the board, over `square` (`None`: outside the squares).
    PointerDown {
        /// The square under the pointer.
        square: Option<Square>,
        /// Client x, pixels.
        x: f64,
        /// Client y, pixels.
        y: f64,
        /// The pointer's id.
        pointer: i32,
    },
    /// A pointer moved.
    PointerMove {
        /// The square under the pointer.
        square: Option<Square>,
        /// Client x, pixels.
        x: f64,
        /// Client y, pixels.
        y: f64,
        /// The pointer's id.
        pointer: i32,
    },
    /// A pointer went up.
    PointerUp {
        /// The square under the pointer.
        square: Option<Square>,
        /// Client x, pixels.
        x: f64,
        /// Client y, pixels.
        y: f64,
        /// The pointer's id.
        pointer: i32,
    },
    /// The browser took the pointer away (e.g. a scroll gesture).
    PointerCancel,
    /// A key on the board, with the square that had the focus.
    BoardKey(BoardKey, Option<Square>),
    /// Step through the game's positions.
    Review(ReviewStep),
    /// The player chose the promotion piece.
    Promote(Role),
    /// A dialog was closed (its cancel button, Escape, or its own close).
    DialogClosed(DialogKind),
    /// Open the new-game dialog, with this mode chosen (else the current one).
    NewGameOpen(Option<crate::model::ModeKind>),
    /// A way to play picked on the start screen (`[data-start]`): it starts at once, with the
    /// default settings.
    StartPlay(crate::model::ModeKind),
    /// Start a new game.
    NewGameStart(NewGameChoice),
    /// Take back the last move (or a resignation, agreement or claim).
    Undo,
    /// Turn the board around.
    Flip,
    /// Ask to confirm a resignation.
    ResignAsk,
    /// Ask to confirm a draw by agreement (online: offer one).
    DrawAsk,
    /// The confirmation dialog was accepted.
    ConfirmYes,
    /// Claim a draw (threefold repetition or 50 moves).
    Claim,
    /// Ask the AI for a hint.
    Hint,
    /// The player picked an interface language: its texts are made ready
    /// ([`Cmd::Catalog`]), then [`Msg::SetLang`] switches to it.
    PickLang(Lang),
    /// Switch the interface language (its texts are ready).
    SetLang(Lang),
    /// Open the saved game with this id.
    Resume(String),
    /// Delete the saved game with this id.
    Delete(String),
    /// Hide the notice area.
    DismissNotice,
    /// "New game" in the game-over dialog.
    GameOverNew,
    /// Open the export dialog.
    ExportOpen,
    /// Copy from the export dialog or the invite link.
    Copy(CopyWhat),
    /// Download the game's PGN.
    Download,
    /// Open the import dialog.
    ImportOpen,
    /// Import this PGN or FEN.
    ImportStart(String),
    /// The AI worker answered request `id` with a move (UCI) or an error.
    AiReply {
        /// The request's id.
        id: u32,
        /// The move in UCI, or what went wrong.
        result: Result<String, String>,
    },
    /// The AI worker cannot answer: its module failed to load (the worker's `error` event, or
    /// its own report that the wasm could not start) or it could not be created; with the
    /// browser's reason. Pending AI requests fail at once.
    AiUnavailable(String),
    /// The player asks to start the AI worker again (`#btn-ai-retry`).
    AiRetry,
    /// The browser went online (`true`) or offline (`navigator.onLine`, its `online` and
    /// `offline` events).
    BrowserOnline(bool),
    /// Something from the lobby connection.
    Net(NetEvent),
    /// A user action of online play.
    Online(OnlineMsg),
    /// Another tab changed the saved game `id` (`None`: removed).
    StoredGameChanged {
        /// The game's id.
        id: String,
        /// Its new text.
        value: Option<String>,
    },
    /// Another tab changed the seats.
    SeatsChanged(SeatBook),
    /// Another tab changed something else in storage (or cleared it).
    StorageChanged,
    /// A saved game was read.
    Loaded {
        /// Why it was read.
        purpose: LoadPurpose,
        /// The game, `None` when it is gone, or the report of an entry set aside.
        result: Result<Option<(SavedGame, Game)>, Quarantined>,
    },
    /// The saved games, read again.
    SavedList {
        /// Readable games, most recent first.
        games: Vec<SavedGame>,
        /// Entries set aside.
        problems: Vec<Quarantined>,
    },
    /// A save worked.
    Wrote,
    /// A write failed.
    WriteFailed(WriteError),
    /// Before a save: another tab stored a newer version of the game on the board that ours
    /// does not extend. It is adopted instead of overwritten.
    StoredNewer {
        /// The stored version.
        saved: SavedGame,
        /// It, replayed.
        game: Game,
    },
    /// The clipboard took the text.
    Copied(CopyWhat),
    /// The clipboard refused.
    CopyFailed(CopyWhat),
    /// Analyse every position of the game on the board (again, after a stop).
    AnalyseStart,
    /// Stop the analysis (what is evaluated stays).
    AnalyseStop,
    /// The AI worker evaluated a position for request `id`.
    AnalysisReply {
        /// The request's id.
        id: u32,
        /// The evaluation, or what went wrong.
        result: Result<engine::analysis::Eval, String>,
    },
    /// Time passed (clocks, countdowns).
    Tick,
    /// Turn the sounds on or off (`#btn-sound`).
    ToggleSound,
    /// A move typed in the move box (SAN or UCI), Enter pressed.
    MoveTyped(String),
    /// The looks changed (theme, piece set, board colours, the system's scheme).
    Looks(LooksMsg),
    /// Accounts: signing in and out, the account view, the server's answers.
    Account(AccountMsg),
    /// The tab went to the background (`true`) or came back.
    Visibility(bool),
    /// Challenges: the event stream's lines, the challenge form, answering a challenge.
    Challenge(ChallengeMsg),
    /// The address's fragment changed (or asks for something at start-up).
    Route(crate::model::Route),
    /// The counting trainer: start a drill, try it again, another position.
    Drill(DrillMsg),
    /// Learn from your mistakes: start, the solution, the next one, leave.
    Learn(LearnMsg),
    /// The lessons: start one, a task again, the next.
    Lesson(LessonMsg),
}

/// Where the views send their elements' events as [`Msg`]s: the runtime's
/// [`Dispatch`](crate::effects::Dispatch), which queues each message and hands it to
/// [`update`]. The views are generic over it, so they import `update` and not the runtime,
/// which builds and wires them (no circle between the two).
pub trait Emit: Clone + 'static {
    /// Sends `msg` to be handled (after the message being handled, if any).
    fn emit(&self, msg: Msg);
}

/// How long the AI thinks about a hint, in milliseconds (at full strength).
const HINT_MILLIS: u32 = 700;

/// Handles one message: changes `model`, returns what the effects must do.
pub fn update(model: &mut Model, msg: Msg) -> Vec<Cmd> {
    let mut out = Vec::new();
    let schedule = !matches!(msg, Msg::PointerMove { .. } | Msg::Tick);
    handle(model, msg, &mut out);
    challenge::sync_stream(model, &mut out);
    play::play_premove(model, &mut out);
    if schedule {
        // A drill passes on the player's own mate, never on a pointer's move or a tick: its
        // state (a legal-move generation) is not read on those.
        drill::note_result(model, &mut out);
        lesson::after_move(model, &mut out);
        ai::schedule_ai(model, &mut out);
        analysis::schedule(model, &mut out);
        learn::schedule(model);
    }
    out
}

fn handle(model: &mut Model, msg: Msg, out: &mut Vec<Cmd>) {
    match msg {
        Msg::Started {
            current,
            saved,
            problems,
            seats,
            room,
            seat,
            flip,
        } => {
            model.saved = saved;
            model.seats = seats;
            model.start = current.is_none() && room.is_none();
            match current {
                Some(Ok((saved, game))) => saved::adopt(model, saved, game),
                Some(Err(q)) => report(model, &q, out),
                None => {}
            }
            for q in &problems {
                report(model, q, out);
            }
            // The orientation the player last chose for this game.
            if let Some((id, flipped)) = flip
                && room.is_none()
                && model.mode.local().is_some_and(|l| l.id == id)
            {
                model.board.flipped = flipped;
            }
            out.push(Cmd::Socket(ClientMsg::WatchLobby));
            account::started(model, out);
            if let Some(room) = room {
                online::join_room_as(model, &room, seat, out);
            }
        }
        Msg::PointerDown {
            square,
            x,
            y,
            pointer,
        } => board::pointer_down(model, square, (x, y), pointer, out),
        Msg::PointerMove {
            square,
            x,
            y,
            pointer,
        } => board::pointer_move(model, square, (x, y), pointer),
        Msg::PointerUp {
            square,
            x,
            y,
            pointer,
        } => board::pointer_up(model, square, (x, y), pointer, out),
        Msg::PointerCancel => {
            model.board.drag = None;
            model.board.swipe = None;
        }
        Msg::BoardKey(key, focused) => board::key(model, key, focused, out),
        Msg::Review(step) => board::review(model, step),
        Msg::Promote(role) => {
            if let Some(Dialog::Promotion {
                from,
                to,
                animate,
                premove,
                ..
            }) = model.dialog.take()
            {
                let m = rules::Move {
                    from,
                    to,
                    promotion: Some(role),
                };
                if premove {
                    model.board.selected = None;
                    model.board.premove = Some(m);
                } else {
                    play::play(model, m, animate, out);
                }
            }
        }
        Msg::DialogClosed(kind) => {
            if model.dialog.as_ref().is_some_and(|d| d.kind() == kind) {
                if kind == DialogKind::Promotion {
                    model.board.selected = None;
                }
                model.dialog = None;
            }
        }
        Msg::NewGameOpen(mode) => new_game::open_new_game(model, mode),
        Msg::StartPlay(kind) => new_game::start_play(model, kind, out),
        Msg::NewGameStart(choice) => new_game::new_game(model, choice, out),
        Msg::Undo => play::undo(model, out),
        Msg::Flip => {
            model.board.flipped = !model.board.flipped;
            model.board.drag = None;
            // The chooser stands over a square that moves: Flip cancels it.
            if matches!(model.dialog, Some(Dialog::Promotion { .. })) {
                model.dialog = None;
                model.board.selected = None;
            }
            if let Some(id) = model.mode.local().map(|l| l.id.clone()) {
                out.push(Cmd::Storage(StorageCmd::SaveFlip {
                    game: id,
                    flipped: model.board.flipped,
                }));
            }
        }
        Msg::ResignAsk => play::resign_ask(model, out),
        Msg::DrawAsk => play::draw_ask(model, out),
        Msg::ConfirmYes => play::confirm_yes(model, out),
        Msg::Claim => play::claim(model, out),
        Msg::Hint => ai::ask_hint(model, out),
        Msg::PickLang(lang) => out.push(Cmd::Catalog(lang)),
        Msg::SetLang(lang) => {
            model.lang = lang;
            out.push(Cmd::Storage(StorageCmd::SaveLang(lang)));
        }
        Msg::Resume(id) => {
            let current = model.mode.local().is_some_and(|l| l.id == id);
            let room = model
                .saved
                .iter()
                .find(|g| g.id == id)
                .and_then(|g| g.online.as_ref())
                .map(|o| o.room.clone());
            if let Some(room) = room {
                online::user(model, OnlineMsg::Join(room), out);
            } else if !current {
                out.push(Cmd::Storage(StorageCmd::Load {
                    id,
                    purpose: LoadPurpose::Resume,
                }));
            }
        }
        Msg::Delete(id) => {
            if model.current_id() != Some(id.as_str()) && model.saved.iter().any(|g| g.id == id) {
                model.dialog = Some(Dialog::Confirm(crate::model::Confirm::Delete(id)));
            }
        }
        Msg::DismissNotice => model.notices.clear(),
        Msg::GameOverNew => new_game::open_new_game(model, None),
        Msg::ExportOpen => model.dialog = Some(Dialog::Export),
        Msg::Copy(what) => export::copy(model, what, out),
        Msg::Download => export::download(model, out),
        Msg::ImportOpen => model.dialog = Some(Dialog::Import { error: None }),
        Msg::ImportStart(text) => export::import(model, &text, out),
        Msg::AiReply { id, result } => ai::ai_reply(model, id, result, out),
        Msg::AiUnavailable(reason) => {
            if model.ai.unavailable.is_none() {
                toast(model, Key::ToastAiUnavailable, true, out);
            }
            model.ai.unavailable = Some(reason);
            learn::worker_lost(model);
            if let crate::model::Mode::Ai(_, a) = &mut model.mode {
                a.pending = None;
            }
            model.ai.hint_pending = None;
            if let Some(a) = &mut model.analysis
                && !a.complete()
            {
                a.pending = None;
                a.stopped = true;
                a.error = Some(model.lang.t(Key::ToastAiUnavailable).to_owned());
            }
        }
        Msg::AiRetry => {
            model.ai.unavailable = None;
            learn::worker_lost(model);
            out.push(Cmd::Worker(WorkerCmd::Restart));
            // The AI's move, if it is its turn, is asked of the new worker (which takes
            // requests while it loads).
            ai::schedule_ai(model, out);
        }
        Msg::BrowserOnline(online) => model.net.browser_offline = !online,
        Msg::Net(e) => online::net_event(model, e, out),
        Msg::Online(m) => online::user(model, m, out),
        Msg::StoredGameChanged { id, value } => saved::stored_game_changed(model, &id, value, out),
        Msg::SeatsChanged(seats) => model.seats = seats,
        Msg::StorageChanged => out.push(Cmd::Storage(StorageCmd::ListSaved)),
        Msg::Loaded { purpose, result } => saved::loaded(model, purpose, result, out),
        Msg::SavedList { games, problems } => {
            model.saved = games;
            for q in &problems {
                report(model, q, out);
            }
        }
        Msg::Wrote => {
            if model.quota_reported {
                model.quota_reported = false;
                model.notices.retain(|n| *n != Notice::Full);
            }
        }
        Msg::WriteFailed(e) => write_failed(model, &e, out),
        Msg::StoredNewer { saved, game } => {
            let flipped = model.board.flipped;
            saved::adopt(model, saved, game);
            model.board.flipped = flipped;
            toast(model, Key::ToastConflict, true, out);
        }
        Msg::Copied(what) => {
            let key = match what {
                CopyWhat::InviteLink => {
                    model.invite_copied = true;
                    Key::ToastCopied
                }
                CopyWhat::Pgn => Key::ToastCopiedPgn,
                CopyWhat::Fen => Key::ToastCopiedFen,
            };
            toast(model, key, false, out);
        }
        Msg::CopyFailed(what) => {
            let key = match what {
                CopyWhat::InviteLink => Key::ToastCopyFailed,
                CopyWhat::Pgn | CopyWhat::Fen => Key::ToastCopyFailedText,
            };
            toast(model, key, true, out);
        }
        Msg::AnalyseStart => analysis::start(model, out),
        Msg::AnalyseStop => analysis::stop(model),
        Msg::AnalysisReply { id, result } => {
            if !learn::reply(model, id, &result, out) {
                analysis::reply(model, id, result, out);
            }
        }
        Msg::Tick => {
            play::tick(model, out);
            online::check_pending(model, out);
            profile::poll_bots(model, out);
        }
        Msg::ToggleSound => feedback::toggle_sound(model, out),
        Msg::MoveTyped(text) => feedback::typed(model, &text, out),
        Msg::Looks(m) => looks::handle(model, m, out),
        Msg::Account(m) => account::handle(model, m, out),
        Msg::Challenge(m) => challenge::handle(model, m, out),
        Msg::Visibility(hidden) => model.hidden = hidden,
        Msg::Route(route) => match route {
            crate::model::Route::Account => account::route_account(model, out),
            crate::model::Route::Room(room, seat) => {
                account::route_away(model);
                online::user(model, OnlineMsg::JoinAs(room, seat), out);
            }
            crate::model::Route::Profile(name) => profile::route_profile(model, &name, out),
            crate::model::Route::Leaderboard(perf) => {
                profile::route_leaderboard(model, perf, out);
            }
            crate::model::Route::Training => drill::route(model),
            crate::model::Route::Lessons => lesson::route(model),
            crate::model::Route::Board => account::route_away(model),
        },
        Msg::Drill(m) => drill::handle(model, m, out),
        Msg::Learn(m) => learn::handle(model, m),
        Msg::Lesson(m) => lesson::handle(model, m, out),
    }
}

/// Queues a toast of `key`.
fn toast(model: &Model, key: Key, error: bool, out: &mut Vec<Cmd>) {
    out.push(Cmd::View(ViewCmd::Toast {
        text: model.lang.t(key).to_owned(),
        error,
    }));
}

/// Notes an entry set aside (once) and logs it.
fn report(model: &mut Model, q: &Quarantined, out: &mut Vec<Cmd>) {
    out.push(Cmd::Log(format!("{}: {}", q.key, q.error)));
    let notice = Notice::quarantined(&q.moved_to, &q.error);
    if !model.notices.contains(&notice) {
        model.notices.push(notice);
    }
}

fn write_failed(model: &mut Model, e: &WriteError, out: &mut Vec<Cmd>) {
    out.push(Cmd::Log(format!("storage: {e}")));
    let notice = match e {
        WriteError::QuotaExceeded => Notice::Full,
        WriteError::Other(why) => Notice::WriteFailed(why.clone()),
    };
    if !model.quota_reported || notice != Notice::Full {
        out.push(Cmd::View(ViewCmd::Toast {
            text: notice.text(model.lang, model.has_other_saved()),
            error: true,
        }));
    }
    if notice == Notice::Full {
        model.quota_reported = true;
    }
    if !model.notices.contains(&notice) {
        model.notices.push(notice);
    }
}
