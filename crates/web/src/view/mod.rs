//! The views: each draws its own elements from the [`Model`] (and no other view's), skips
//! the DOM when what it would draw has not changed, and turns its elements' events into
//! messages, sent through the [`Emit`] given to [`View::wire`] (in the page the runtime's
//! `effects::Dispatch`). The views import the model, `update`, the texts (`i18n`, `intl`) and
//! `dom`; never the runtime (`effects`), which builds them, wires them and calls
//! [`View::render`] and [`View::run`].
//!
//! | view | elements |
//! |---|---|
//! | [`texts`] | `[data-i18n]`, `<html lang>`, title, `#rules-link`, `#lang` |
//! | [`board`] | `#board` and its squares, `#board-arrows` |
//! | [`panel`] | `#app[data-mode]`, `#status`, `#ai-thinking`, `#ai-unavailable`, `#rule-setting`, `#mode-setting`, `#counting`, the counters, `#btn-claim`, the game's buttons, `#btn-rematch` |
//! | [`moves`] | `#moves` (with the judgements), `#moves-empty`, the review buttons |
//! | [`saved`] | `#saved-games`, `#saved-empty` |
//! | [`online`] | `#reconnecting`, `#waiting`, `#room-closed`, `#draw-offer`, `#opponent-status`, `#btn-claim-victory` |
//! | [`clocks`] | `#clocks`, `#clock-white`, `#clock-black`, `[data-player]` |
//! | [`lobby`] | `#lobby-counts`, `#lobby-rooms`, `#lobby-empty` |
//! | [`pools`] | `#start-pools-grid`, `#lobby-pools-grid` (`[data-pool]`), `#pool-wait` |
//! | [`dialogs`] | the `<dialog>`s and `#notice` |
//! | [`analysis`] | `#btn-analyse`, `#btn-analysis-stop`, `#analysis-progress`, `#analysis-status`, `#eval`, `#eval-graph`, `#analysis-summary` |
//! | [`start`] | `#start`, `#app.starting`, `#start-rules` |
//! | [`toasts`] | `#toasts` |
//! | [`sound`] | `#btn-sound` |
//! | [`announce`] | `#announce` (the live region saying each move) |
//! | [`entry`] | `#move-form`, `#move-input`, `#move-suggestions`, `#move-input-error` |
//! | [`account`] | `#btn-signin`, `#account-link`, `#signin`, `#account`, `#account-profile`, `#app[data-screen]` |
//! | [`profile`] | `#profile`, `#leaderboard` |
//! | [`training`] | `#training` (the counting trainer's list), `#drill` (the drill on the board) |
//! | [`learn`] | `#btn-learn`, `#learn` (Learn from your mistakes) |
//! | [`lessons`] | `#lessons` (the lessons' list), `#lesson` (the lesson on the board) |
//! | [`looks`] | `<html data-theme data-pieces data-board>`, `meta[name=theme-color]`, `#btn-theme`, `#theme`, `#piece-set`, `#board-theme` |
//!
//! [`speech`] puts moves and results into words for them (no element of its own).

pub mod account;
pub mod analysis;
pub mod announce;
pub mod board;
pub mod bots;
pub mod challenges;
pub mod clocks;
pub mod dialogs;
pub mod entry;
pub mod learn;
pub mod lessons;
pub mod lobby;
pub mod looks;
pub mod moves;
pub mod online;
pub mod panel;
pub mod pools;
pub mod profile;
pub mod saved;
pub mod sound;
pub mod speech;
pub mod start;
pub mod texts;
pub mod toasts;
pub mod training;

use crate::dom;
use crate::model::Model;
use crate::update::{Emit, Msg, ViewCmd};
use rules::Square;
use web_sys::Event;

/// Every view of the page.
pub struct View {
    texts: texts::TextsView,
    board: board::BoardView,
    panel: panel::PanelView,
    moves: moves::MovesView,
    saved: saved::SavedView,
    online: online::OnlineView,
    lobby: lobby::LobbyView,
    pools: pools::PoolsView,
    dialogs: dialogs::DialogsView,
    analysis: analysis::AnalysisView,
    start: start::StartView,
    clocks: clocks::ClocksView,
    sound: sound::SoundView,
    announce: announce::AnnounceView,
    entry: entry::EntryView,
    looks: looks::LooksView,
    account: account::AccountView,
    profile: profile::ProfileView,
    challenges: challenges::ChallengesView,
    bots: bots::BotsView,
    training: training::TrainingView,
    learn: learn::LearnView,
    lessons: lessons::LessonsView,
}

/// The elements the views need.
const REQUIRED: [&str; 21] = [
    "app",
    "board",
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
];

impl View {
    /// Builds the views over the page's markup.
    ///
    /// # Errors
    /// The id of a required element the page lacks.
    pub fn new() -> Result<View, String> {
        for id in REQUIRED {
            if dom::by_id(id).is_none() {
                return Err(format!("no #{id} element"));
            }
        }
        Ok(View {
            texts: texts::TextsView::default(),
            board: board::BoardView::new().ok_or("could not build the board")?,
            panel: panel::PanelView::default(),
            moves: moves::MovesView::default(),
            saved: saved::SavedView::default(),
            online: online::OnlineView::default(),
            lobby: lobby::LobbyView::default(),
            pools: pools::PoolsView::default(),
            dialogs: dialogs::DialogsView::default(),
            analysis: analysis::AnalysisView::default(),
            start: start::StartView::default(),
            clocks: clocks::ClocksView::default(),
            sound: sound::SoundView::default(),
            announce: announce::AnnounceView::default(),
            entry: entry::EntryView::default(),
            looks: looks::LooksView::default(),
            account: account::AccountView::default(),
            profile: profile::ProfileView::default(),
            challenges: challenges::ChallengesView::default(),
            bots: bots::BotsView::default(),
            training: training::TrainingView::default(),
            learn: learn::LearnView::default(),
            lessons: lessons::LessonsView::default(),
        })
    }

    /// Draws the page of `m`.
    pub fn render(&mut self, m: &Model) {
        self.texts.render(m);
        self.board.render(m);
        self.panel.render(m);
        self.moves.render(m);
        self.saved.render(m);
        self.online.render(m);
        self.lobby.render(m);
        self.pools.render(m);
        self.dialogs.render(m);
        self.analysis.render(m);
        self.start.render(m);
        self.clocks.render(m);
        self.sound.render(m);
        self.announce.render(m);
        self.entry.render(m);
        self.looks.render(m);
        self.account.render(m);
        self.profile.render(m);
        self.challenges.render(m);
        self.bots.render(m);
        self.training.render(m);
        self.learn.render(m);
        self.lessons.render(m);
    }

    /// Gives the keyboard focus to a square of the board.
    pub fn focus_square(&self, sq: Square) {
        self.board.focus(sq);
    }

    /// Runs a command of the views'.
    pub fn run(&self, cmd: ViewCmd) {
        match cmd {
            ViewCmd::Toast { text, error } => toasts::show(&text, error),
            ViewCmd::SignInToast { text, link } => toasts::show_sign_in(&text, &link),
            ViewCmd::FocusSquare(sq) => self.focus_square(sq),
        }
    }

    /// Connects every view's events to `d`: each event becomes a [`Msg`] given to
    /// [`Emit::emit`].
    pub fn wire(&self, d: &impl Emit) {
        self.texts.wire(d);
        self.board.wire(d);
        self.moves.wire(d);
        self.saved.wire(d);
        self.online.wire(d);
        self.lobby.wire(d);
        self.pools.wire(d);
        self.dialogs.wire(d);
        self.analysis.wire(d);
        self.start.wire(d);
        self.sound.wire(d);
        self.entry.wire(d);
        self.looks.wire(d);
        self.account.wire(d);
        self.profile.wire(d);
        self.challenges.wire(d);
        self.training.wire(d);
        self.learn.wire(d);
        self.lessons.wire(d);
        // The game's buttons (drawn by the panel).
        for (id, msg) in [
            ("btn-new", Msg::NewGameOpen(None)),
            ("btn-undo", Msg::Undo),
            ("btn-flip", Msg::Flip),
            ("btn-resign", Msg::ResignAsk),
            ("btn-draw", Msg::DrawAsk),
            ("btn-claim", Msg::Claim),
            ("btn-hint", Msg::Hint),
            ("btn-export", Msg::ExportOpen),
            ("btn-import", Msg::ImportOpen),
            ("btn-ai-retry", Msg::AiRetry),
        ] {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(msg.clone()));
            }
        }
    }
}
