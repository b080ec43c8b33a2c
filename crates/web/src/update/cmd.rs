//! What [`update`](super::update) asks of the effects: one [`Cmd`] variant per effect of the
//! runtime, each holding that effect's own commands (the lobby socket has two: a message to
//! send, and a new connection). The runtime routes a `Cmd` by its variant
//! and each effect matches its own enum in full, so a new command does not compile until the
//! effect that runs it handles it.

use super::{CopyWhat, LoadPurpose};
use crate::i18n::Lang;
use crate::model::looks::LookChoice;
use crate::model::saved::{SavedGame, SeatBook};
use crate::model::sound::Sound;
use engine::Level;
use protocol::{ClientMsg, RoomId};
use rules::{Game, PromotionRule, Square};

/// Something for the effects to do, by the effect that does it.
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    /// For the store (`localStorage`): saved games, settings, seats.
    Storage(StorageCmd),
    /// Send to the lobby server (queued while disconnected).
    Socket(ClientMsg),
    /// For the lobby socket too: close the connection and open a new one at once, which then
    /// goes as after a drop ([`NetEvent::Connected`](super::NetEvent::Connected) joins the
    /// room again from the last event seen). The server reads who is signed in from the
    /// session cookie when a connection opens, so the page asks for this when that changed.
    /// Nothing happens while no connection is open or opening (the next attempt, already
    /// planned, carries the new cookie).
    Reconnect,
    /// For the AI worker.
    Worker(WorkerCmd),
    /// Play a sound (asked only while sounds are on; see [`super::feedback::cue`]).
    Audio(Sound),
    /// Make the language's texts ready (its catalog fetched and read, unless English or read
    /// before), then answer [`Msg::SetLang`](super::Msg::SetLang) (also when the catalog cannot be had: its texts
    /// then stay English).
    Catalog(Lang),
    /// For the browser: the address bar, the clipboard, sharing, downloads.
    Browser(BrowserCmd),
    /// For the views, outside the model they draw.
    View(ViewCmd),
    /// A request of the accounts' HTTP routes (answered by
    /// [`AccountMsg::Answer`](super::AccountMsg::Answer)).
    Http(crate::model::account::HttpRequest),
    /// For the stream of the signed-in player's events (`GET /api/stream/event`): its lines
    /// come back as [`ChallengeMsg`](super::ChallengeMsg)s.
    Events(EventsCmd),
    /// Write to the console.
    Log(String),
}

/// What the event stream does. One stream at a time: opening one ends the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventsCmd {
    /// Open the stream after `after_ms` milliseconds (0: at once); its lines and its end are
    /// told with `epoch`.
    Open {
        /// Tells this stream's messages from an older one's.
        epoch: u32,
        /// The wait before opening, in milliseconds.
        after_ms: u32,
    },
    /// End the stream (and drop a planned opening).
    Close,
}

/// What the store does.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageCmd {
    /// Save a game unless another tab stored a newer version of it that this one does not
    /// extend (answered by [`Msg::StoredNewer`](super::Msg::StoredNewer)); then make it the game to resume.
    Save {
        /// The record.
        saved: SavedGame,
        /// The stored version this tab knows: its `updated` time and moves (UCI).
        synced: Option<(f64, Vec<String>)>,
    },
    /// Store a saved game as it is (an online game's copy: not the game to resume).
    Record(SavedGame),
    /// Delete a saved game.
    Delete(String),
    /// Make this game the one to resume after a reload.
    SetCurrent(String),
    /// Read a saved game (answered by [`Msg::Loaded`](super::Msg::Loaded)).
    Load {
        /// Its id.
        id: String,
        /// Why.
        purpose: LoadPurpose,
    },
    /// Read the game to resume after a reload (answered by [`Msg::Loaded`](super::Msg::Loaded) with
    /// [`LoadPurpose::BackToLocal`]).
    LoadCurrent,
    /// Read the saved games again (answered by [`Msg::SavedList`](super::Msg::SavedList)).
    ListSaved,
    /// Remember the interface language.
    SaveLang(Lang),
    /// Remember the counting trainer's best results (`asean.drills.v1`).
    SaveDrills(crate::model::drill::Records),
    /// Remember the lessons' best stars (`asean.lessons.v1`).
    SaveLessons(crate::model::lesson::Progress),
    /// Remember the board's orientation for the game on the board (`asean.flip.v1`).
    SaveFlip {
        /// The game's id (a saved game's or a room's).
        game: String,
        /// Black at the bottom.
        flipped: bool,
    },
    /// Remember a choice of the looks (its own key: `asean.theme.v1`, `asean.pieces.v1` or
    /// `asean.board.v1`).
    SaveLook(LookChoice),
    /// Store the seats.
    SaveSeats(SeatBook),
    /// Remember whether sounds are on.
    SaveSound(bool),
}

/// What the AI worker does.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerCmd {
    /// Start the AI worker again (the old one, if any, is ended).
    Restart,
    /// Ask for a move (answered by [`Msg::AiReply`](super::Msg::AiReply)).
    Ask {
        /// The request's id.
        id: u32,
        /// The game (its first position and moves).
        game: Game,
        /// The level.
        level: Level,
        /// Varies the low levels' deliberate errors.
        seed: u32,
        /// Overrides the level's thinking time when not 0 (milliseconds).
        movetime_ms: u32,
    },
    /// Evaluate a position (answered by [`Msg::AnalysisReply`](super::Msg::AnalysisReply)).
    Analyse {
        /// The request's id.
        id: u32,
        /// The game's first position (FEN).
        initial_fen: String,
        /// The promotion rule.
        promotion: PromotionRule,
        /// The moves to the position.
        moves: Vec<rules::Move>,
        /// How long to think, in milliseconds.
        movetime_ms: u32,
    },
}

/// What the browser does.
#[derive(Clone, Debug, PartialEq)]
pub enum BrowserCmd {
    /// Show `#/room/<id>` in the address bar, or clear it.
    SetLocation(Option<RoomId>),
    /// Copy to the clipboard (answered by [`Msg::Copied`](super::Msg::Copied) or [`Msg::CopyFailed`](super::Msg::CopyFailed)).
    Copy {
        /// The text.
        text: String,
        /// What it is.
        what: CopyWhat,
    },
    /// Open the system's share sheet for a link.
    Share {
        /// The title.
        title: String,
        /// A line about it.
        text: String,
        /// The link.
        url: String,
    },
    /// Offer a file to download.
    Download {
        /// The file name.
        name: String,
        /// Its text.
        text: String,
        /// Its media type.
        mime: &'static str,
    },
}

/// What the views do outside the model they draw.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewCmd {
    /// Show a short message.
    Toast {
        /// The text.
        text: String,
        /// Styled as a problem.
        error: bool,
    },
    /// Give the keyboard focus to a square of the board.
    FocusSquare(Square),
    /// Show a problem that signing in solves, with a link to the sign-in view
    /// (`#/account`).
    SignInToast {
        /// The text.
        text: String,
        /// The link's text.
        link: String,
    },
}
