//! The page's state: one [`Model`], changed only by [`crate::update::update`] and drawn by
//! [`crate::view`].
//!
//! The model holds no DOM node and no browser handle, so everything here (and `update`) runs
//! and is tested on the host. The mode of play is one enum ([`Mode`]); the game on the board is
//! a [`rules::Game`] in every mode; a result is a [`rules::Outcome`] (every end: the rules' own
//! and the server's, classified by [`rules::Decider`]).
//!
//! Of the page's modules the model imports only those below it: the texts ([`crate::i18n`],
//! for its notices and the import's refusals) and [`crate::intl`] (a score's number, the PGN's
//! UTC date). `update`, the views and the runtime import it, and it imports none of them.

pub mod account;
pub mod analysis;
pub mod challenge;
pub mod clock;
pub mod drill;
pub mod entry;
pub mod export;
pub mod learn;
pub mod lesson;
pub mod looks;
pub mod profile;
pub mod room;
pub mod saved;
pub mod sound;

use crate::i18n::{Key, Lang};
use engine::Level;
use protocol::{CloseReason, DrawReason, Outcome, RoomSummary, WinReason};
pub use room::{Online, RoomView};
use rules::{Color, DrawClaim, Game, Move, Position, Role, Rules, Square};
use saved::{ReadError, SavedGame, SeatBook};

/// The AI side of a game: its level and the human's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiGame {
    /// How strongly the AI plays.
    pub level: Level,
    /// The human's colour; the AI plays the other.
    pub human: Color,
    /// The counting trainer's drill this game is, if it is one: the AI defends a lone king
    /// at full strength and claims every draw it may ([`drill`]).
    pub drill: Option<drill::DrillKind>,
}

/// A game of this device (hot-seat or against the AI) as it is saved: its id, when it began,
/// and the stored version this tab last read or wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Local {
    /// The saved game's id (`[a-z0-9]`, unique on this device).
    pub id: String,
    /// When the game began, in milliseconds since the Unix epoch.
    pub created: f64,
    /// The stored version this tab last read or wrote: its `updated` time and its moves.
    /// Another tab's newer, diverging version is never overwritten.
    pub synced: Option<(f64, Vec<Move>)>,
    /// The clocks of a timed game (`None`: untimed).
    pub clock: Option<clock::LocalClock>,
    /// What the PGN it was imported from says beyond its moves (tags, end), if it was.
    pub record: Option<export::Record>,
}

/// A request to the AI worker that the page still waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The request's id, echoed by the worker.
    pub id: u32,
    /// The game it is about (its saved id).
    pub game: String,
    /// The moves of the position asked about: a late answer to another position is dropped.
    pub moves: Vec<Move>,
}

/// A game against the AI: its settings and the AI move being computed.
#[derive(Clone, Debug, PartialEq)]
pub struct AiPlay {
    /// Level and colours.
    pub settings: AiGame,
    /// The request for the AI's move, if one is on its way.
    pub pending: Option<Pending>,
    /// When the request was made (milliseconds since the Unix epoch).
    pub asked_at: f64,
    /// An answer that came too soon, held back until the player has seen their own move
    /// (the update's least AI reply time, `MIN_AI_REPLY_MS`, after the request): its id and move.
    pub held: Option<(u32, Result<String, String>)>,
}

/// How the game on the board is played.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// Two players share this device.
    HotSeat(Local),
    /// Against the AI of the Web Worker.
    Ai(Local, AiPlay),
    /// A room of the lobby server, played or watched.
    Online(Online),
}

/// The kinds of play, without their state: what the new-game dialog offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeKind {
    /// Two players on this device.
    HotSeat,
    /// Against the AI.
    Ai,
    /// Online.
    Online,
}

impl ModeKind {
    /// The name used by `#app[data-mode]` and the new-game dialog's `mode` radios: `hotseat`,
    /// `ai` or `online`.
    pub fn name(self) -> &'static str {
        match self {
            ModeKind::HotSeat => "hotseat",
            ModeKind::Ai => "ai",
            ModeKind::Online => "online",
        }
    }
}

impl Mode {
    /// Which kind of play this is.
    pub fn kind(&self) -> ModeKind {
        match self {
            Mode::HotSeat(_) => ModeKind::HotSeat,
            Mode::Ai(..) => ModeKind::Ai,
            Mode::Online(_) => ModeKind::Online,
        }
    }

    /// The `#app[data-mode]` value: `hotseat`, `ai` or `online`.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The saved game of a local mode.
    pub fn local(&self) -> Option<&Local> {
        match self {
            Mode::HotSeat(l) | Mode::Ai(l, _) => Some(l),
            Mode::Online(_) => None,
        }
    }

    /// The saved game of a local mode, to change.
    pub fn local_mut(&mut self) -> Option<&mut Local> {
        match self {
            Mode::HotSeat(l) | Mode::Ai(l, _) => Some(l),
            Mode::Online(_) => None,
        }
    }

    /// The AI's settings in a game against it.
    pub fn ai(&self) -> Option<AiGame> {
        match self {
            Mode::Ai(_, a) => Some(a.settings),
            _ => None,
        }
    }

    /// The room, online.
    pub fn online(&self) -> Option<&Online> {
        match self {
            Mode::Online(o) => Some(o),
            _ => None,
        }
    }

    /// The room, online, to change.
    pub fn online_mut(&mut self) -> Option<&mut Online> {
        match self {
            Mode::Online(o) => Some(o),
            _ => None,
        }
    }
}

/// What the address's fragment asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `#/room/<id>`: an invite link; `#/room/<id>?color=white` (or `black`): an open
    /// challenge's link for one seat.
    Room(protocol::RoomId, Option<protocol::Color>),
    /// `#/account`: the account view (the sign-in view when signed out).
    Account,
    /// `#/@/<username>`: a player's profile (the name as in the address).
    Profile(String),
    /// `#/leaderboard` (blitz) or `#/leaderboard/<perf>`: the leaderboard of a perf.
    Leaderboard(profile::Perf),
    /// `#/training/counting` (or `#/training`): the counting trainer's drills.
    Training,
    /// `#/learn`: the lessons.
    Lessons,
    /// Anything else: the page's own board.
    Board,
}

impl Route {
    /// The route of a location's fragment (`#/account`, `#/room/<id>`, ...).
    ///
    /// ```
    /// use web::model::Route;
    /// assert_eq!(Route::from_hash("#/account"), Route::Account);
    /// assert_eq!(Route::from_hash("#/account/"), Route::Account);
    /// assert_eq!(Route::from_hash("#/accounts"), Route::Board);
    /// assert!(matches!(Route::from_hash("#/room/0123456789abcdef0123"), Route::Room(_, None)));
    /// assert_eq!(Route::from_hash(""), Route::Board);
    /// assert_eq!(Route::from_hash("#/@/Somchai"), Route::Profile("Somchai".into()));
    /// use web::model::profile::Perf;
    /// assert_eq!(Route::from_hash("#/leaderboard"), Route::Leaderboard(Perf::Blitz));
    /// assert_eq!(Route::from_hash("#/leaderboard/rapid/"), Route::Leaderboard(Perf::Rapid));
    /// assert_eq!(Route::from_hash("#/training/counting"), Route::Training);
    /// assert_eq!(Route::from_hash("#/learn"), Route::Lessons);
    /// ```
    pub fn from_hash(hash: &str) -> Route {
        if let Some(room) = room::room_from_hash(hash) {
            return Route::Room(room, room::seat_from_hash(hash));
        }
        let path = hash.trim_start_matches('#').trim_end_matches('/');
        if path == "/account" {
            return Route::Account;
        }
        if path == "/training" || path == "/training/counting" {
            return Route::Training;
        }
        if path == "/learn" {
            return Route::Lessons;
        }
        if let Some(name) = path.strip_prefix("/@/") {
            // The address may carry the name percent-encoded: only a valid name is asked for.
            return Route::Profile(name.to_owned());
        }
        match path.strip_prefix("/leaderboard") {
            Some("") => Route::Leaderboard(profile::Perf::Blitz),
            Some(rest) => match rest.strip_prefix('/').and_then(profile::perf_named) {
                Some(perf) => Route::Leaderboard(perf),
                None => Route::Board,
            },
            None => Route::Board,
        }
    }
}

/// A piece held by a pointer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    /// The pointer's id.
    pub pointer: i32,
    /// The square the piece was lifted from.
    pub from: Square,
    /// Where the pointer went down (client pixels).
    pub start: (f64, f64),
    /// How far the piece has moved from its square (client pixels).
    pub offset: (f64, f64),
    /// Moved far enough to be a drag rather than a click.
    pub active: bool,
    /// The square under the pointer, when it is a legal destination.
    pub over: Option<Square>,
    /// The piece was already selected: a click without a drag deselects it.
    pub deselect_on_up: bool,
}

/// A move to animate, numbered so the board view animates each one once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Increases with every new slide.
    pub number: u64,
}

/// What the board shows besides the position: orientation, selection, drag, focus.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardUi {
    /// Black at the bottom.
    pub flipped: bool,
    /// The selected square (a piece the player may move).
    pub selected: Option<Square>,
    /// A piece held by a pointer.
    pub drag: Option<Drag>,
    /// The square holding keyboard focus (roving tabindex).
    pub focus: Square,
    /// The last move to animate.
    pub slide: Option<Slide>,
    /// A press that may become a swipe (not on a piece the player can move): its pointer and
    /// where it started (client pixels).
    pub swipe: Option<(i32, (f64, f64))>,
    /// The move the player premoved while the opponent (the AI, or the other player online)
    /// is to move: played at once when it is legal on the player's turn, else dropped.
    pub premove: Option<Move>,
}

impl Default for BoardUi {
    fn default() -> BoardUi {
        BoardUi {
            flipped: false,
            selected: None,
            drag: None,
            focus: Square::new(4, 2),
            slide: None,
            swipe: None,
            premove: None,
        }
    }
}

/// What the confirmation dialog asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// That side resigns.
    Resign(Color),
    /// Both players agree a draw (hot-seat).
    Draw,
    /// Delete the saved game with this id.
    Delete(String),
}

/// The preset choices of the new-game dialog when it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    /// The kind of play chosen.
    pub mode: ModeKind,
    /// The promotion rule.
    pub promotion: rules::PromotionRule,
    /// The AI level shown.
    pub level: Level,
    /// The human's colour shown (`None`: random).
    pub human: Option<Color>,
}

/// The modal dialog that is open (at most one).
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Choose the piece a pawn becomes: the move and the offered roles.
    Promotion {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Animate the move once chosen (a click, not a drop).
        animate: bool,
        /// The offered roles, in the order of the panel.
        roles: Vec<Role>,
        /// The pawn's colour.
        color: Color,
        /// A premove: the choice is kept as the premove rather than played.
        premove: bool,
    },
    /// The settings of a new game.
    NewGame(NewGameForm),
    /// Resign or agree a draw.
    Confirm(Confirm),
    /// The result of the game that just ended.
    GameOver(Outcome),
    /// The game's PGN and the shown position's FEN.
    Export,
    /// Paste or pick a PGN or FEN; the last refusal, if any.
    Import {
        /// Why the last attempt was refused.
        error: Option<String>,
    },
}

/// Which dialog a [`Dialog`] is (its element).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKind {
    /// `#promotion`.
    Promotion,
    /// `#new-game`.
    NewGame,
    /// `#confirm`.
    Confirm,
    /// `#game-over`.
    GameOver,
    /// `#export`.
    Export,
    /// `#import`.
    Import,
}

impl DialogKind {
    /// Every dialog.
    pub const ALL: [DialogKind; 6] = [
        DialogKind::Promotion,
        DialogKind::NewGame,
        DialogKind::Confirm,
        DialogKind::GameOver,
        DialogKind::Export,
        DialogKind::Import,
    ];

    /// The element id.
    pub fn id(self) -> &'static str {
        match self {
            DialogKind::Promotion => "promotion",
            DialogKind::NewGame => "new-game",
            DialogKind::Confirm => "confirm",
            DialogKind::GameOver => "game-over",
            DialogKind::Export => "export",
            DialogKind::Import => "import",
        }
    }
}

impl Dialog {
    /// Which dialog this is.
    pub fn kind(&self) -> DialogKind {
        match self {
            Dialog::Promotion { .. } => DialogKind::Promotion,
            Dialog::NewGame(_) => DialogKind::NewGame,
            Dialog::Confirm(_) => DialogKind::Confirm,
            Dialog::GameOver(_) => DialogKind::GameOver,
            Dialog::Export => DialogKind::Export,
            Dialog::Import { .. } => DialogKind::Import,
        }
    }
}

/// A message of the notice area, kept structured so that it follows language changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The browser refuses storage: games are not kept across reloads.
    Unavailable,
    /// An entry was set aside: its new key, and the unknown version if that was the reason.
    Quarantined {
        /// Where its text now is.
        key: String,
        /// The unknown schema version, when that was the problem.
        version: Option<u64>,
    },
    /// The storage quota is used up.
    Full,
    /// Another write failure, with the browser's message.
    WriteFailed(String),
}

impl Notice {
    /// The notice of an entry set aside.
    pub fn quarantined(moved_to: &str, error: &ReadError) -> Notice {
        Notice::Quarantined {
            key: moved_to.to_owned(),
            version: match error {
                ReadError::UnknownVersion(v) => Some(*v),
                ReadError::Corrupt(_) => None,
            },
        }
    }

    /// The message; `has_saved` says whether there are saved games the user could delete.
    pub fn text(&self, lang: Lang, has_saved: bool) -> String {
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

/// A suggested move for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The game (saved id) and the moves of the position it is for.
    pub game: String,
    /// The moves of that position.
    pub moves: Vec<Move>,
    /// The suggested move.
    pub best: Move,
}

/// The AI worker as the page uses it, apart from a game's own move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AiService {
    /// The id of the last request.
    pub last_request: u32,
    /// Why the AI worker cannot answer (its module failed to load, or it could not be
    /// created), as the browser said it; `None` while it is starting or ready. Set by
    /// [`crate::update::Msg::AiUnavailable`], cleared by a retry.
    pub unavailable: Option<String>,
    /// The hint being computed.
    pub hint_pending: Option<Pending>,
    /// The last hint.
    pub hint: Option<Hint>,
}

/// The lobby's public rooms, as the server sent them: in full when the page starts watching
/// the lobby, then as diffs applied here ([`protocol::ListingDiff::apply`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    /// Public rooms waiting for a player, newest first.
    pub rooms: Vec<RoomSummary>,
}

/// The lobby's counts, as last sent by the server (every few seconds at most).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LobbyCounts {
    /// Players connected to the server.
    pub players: u32,
    /// Games being played.
    pub games: u32,
}

/// The connection to the lobby server.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Net {
    /// Connected (and `Hello` sent).
    pub connected: bool,
    /// Was connected once: the "Reconnecting…" banner is for later drops.
    pub was_connected: bool,
    /// The last connection attempt failed or the connection dropped (cleared on connecting).
    pub failed: bool,
    /// The page closed the connection itself to open a new one at once (who is signed in
    /// changed): not a drop, so no "Reconnecting…" banner; cleared by the next
    /// [`NetEvent`](crate::update::NetEvent) of the connection.
    pub renewing: bool,
    /// The browser says it is offline (`navigator.onLine` false).
    pub browser_offline: bool,
    /// The lobby's listing.
    pub listing: Option<Listing>,
    /// The lobby's last counts.
    pub counts: Option<LobbyCounts>,
    /// The quick-pairing pool this page waits in, if any.
    pub pool: Option<PoolWait>,
}

/// Waiting in a quick-pairing pool (the place is the server's; the page asks again after a
/// reconnection).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PoolWait {
    /// The pool's time control.
    pub clock: protocol::TimeControl,
    /// Rated (signed in) or casual, as the server said (`None` before it answered).
    pub rated: Option<bool>,
    /// The players waiting in the pool, this one included, as the server last said.
    pub players: Option<u32>,
    /// When the player tapped the pool ([`Model::now`], ms).
    pub since: f64,
}

impl Net {
    /// Online play cannot work now: the browser is offline, or the server cannot be reached
    /// (a failed attempt and no connection since).
    #[must_use]
    pub fn unreachable(&self) -> bool {
        !self.connected && (self.browser_offline || self.failed)
    }
}

/// What the page knows of its surroundings, given once at start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Env {
    /// The site's origin (`https://example.org`), for invite links and the PGN's `Site`.
    pub origin: String,
    /// The Web Share API exists.
    pub can_share: bool,
    /// Storage survives a reload.
    pub persistent: bool,
}

/// What the live region `#announce` says, as typed values (the view puts them into words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// The move of this ply (1-based) of the game on the board was just played.
    Move(usize),
    /// The game just ended this way, without a move that says so (a resignation, an
    /// agreement, a claim, the clock, an abort).
    Result(Outcome),
}

/// The last announcement, numbered so that the view says each one once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// Increases with every announcement.
    pub number: u64,
    /// What to say.
    pub said: Said,
}

/// The whole state of the page.
#[derive(Clone, Debug)]
pub struct Model {
    /// The interface language.
    pub lang: Lang,
    /// The time of the message being handled (milliseconds since the Unix epoch), set by the
    /// runtime before each message.
    pub now: f64,
    /// Surroundings.
    pub env: Env,
    /// The game on the board.
    pub game: Game,
    /// How it is played.
    pub mode: Mode,
    /// Board interaction.
    pub board: BoardUi,
    /// The ply shown while reviewing (`0` is the first position); `None` shows the game live.
    pub review: Option<usize>,
    /// The open modal dialog.
    pub dialog: Option<Dialog>,
    /// Storage problems shown in `#notice`.
    pub notices: Vec<Notice>,
    /// The storage quota problem was toasted (it is not toasted again until a write works).
    pub quota_reported: bool,
    /// The saved games of this device, most recent first.
    pub saved: Vec<SavedGame>,
    /// The seats this browser holds online.
    pub seats: SeatBook,
    /// The lobby connection.
    pub net: Net,
    /// Hints and the worker's health.
    pub ai: AiService,
    /// The invite link was copied (`#btn-copy-link[data-copied]`).
    pub invite_copied: bool,
    /// The state of the random numbers (xorshift): new game ids, random colours.
    pub rng: u64,
    /// Counts slides, so each gets a new number.
    pub slides: u64,
    /// The analysis of the game on the board, once asked for.
    pub analysis: Option<analysis::GameAnalysis>,
    /// Learning from the mistakes of the analysed game, once asked for.
    pub learn: Option<learn::Learn>,
    /// The start screen (`#start`) is shown: a first visit, with no game to resume and no
    /// room in the address, until the player picks a way to play.
    pub start: bool,
    /// The ply at which the low-time warning last sounded (once per turn).
    pub low_time_warned: Option<usize>,
    /// Sounds are on (`#btn-sound`, remembered in `asean.sound.v1`).
    pub sound_on: bool,
    /// The tab is in the background (`document.hidden`): only the opponent's move sounds.
    pub hidden: bool,
    /// The last thing said in `#announce`.
    pub announcement: Option<Announcement>,
    /// The typed move box.
    pub entry: entry::MoveEntry,
    /// Colour theme, piece set and board colours.
    pub looks: looks::Looks,
    /// Who is signed in, and the sign-in and account views.
    pub accounts: account::Accounts,
    /// The profile and leaderboard views' data.
    pub profiles: profile::Profiles,
    /// The signed-in player's challenges, received and sent, and the challenge form.
    pub challenges: challenge::Challenges,
    /// The counting trainer's best results on this device (`asean.drills.v1`).
    pub drills: drill::Records,
    /// The lesson on the board, if one is.
    pub lesson: Option<lesson::LessonRun>,
    /// The lessons' best stars on this device (`asean.lessons.v1`).
    pub lessons: lesson::Progress,
}

impl Model {
    /// A page with a fresh hot-seat game.
    pub fn new(lang: Lang, env: Env, now: f64, seed: u64) -> Model {
        let mut model = Model {
            lang,
            now,
            env,
            game: Game::new(Rules::default()),
            mode: Mode::HotSeat(Local {
                id: String::new(),
                created: now,
                synced: None,
                clock: None,
                record: None,
            }),
            board: BoardUi::default(),
            review: None,
            dialog: None,
            notices: Vec::new(),
            quota_reported: false,
            saved: Vec::new(),
            seats: SeatBook::default(),
            net: Net::default(),
            ai: AiService::default(),
            invite_copied: false,
            rng: seed | 1,
            slides: 0,
            analysis: None,
            learn: None,
            start: false,
            low_time_warned: None,
            sound_on: true,
            hidden: false,
            announcement: None,
            entry: entry::MoveEntry::default(),
            looks: looks::Looks::default(),
            accounts: account::Accounts::default(),
            profiles: profile::Profiles::default(),
            challenges: challenge::Challenges::default(),
            drills: drill::Records::default(),
            lesson: None,
            lessons: lesson::Progress::default(),
        };
        let id = model.new_id();
        if let Some(l) = model.mode.local_mut() {
            l.id = id;
        }
        if !model.env.persistent {
            model.notices.push(Notice::Unavailable);
        }
        model
    }

    /// The next random number (xorshift64).
    pub fn random(&mut self) -> u64 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        x
    }

    /// A fresh game id: 10 characters of `[a-z0-9]` from the clock and the random numbers.
    pub fn new_id(&mut self) -> String {
        const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        let (mut r, mut t) = (self.random(), self.now.max(0.0) as u64);
        let mut id = String::with_capacity(10);
        for _ in 0..5 {
            id.push(char::from(DIGITS[(r % 36) as usize]));
            r /= 36;
        }
        for _ in 0..5 {
            id.push(char::from(DIGITS[(t % 36) as usize]));
            t /= 36;
        }
        id
    }

    /// The room's view, online.
    pub fn room(&self) -> Option<&RoomView> {
        self.mode.online().and_then(|o| o.view.as_ref())
    }

    /// The result of the game on the board: the room's (the server's ends included) online,
    /// else the rules'.
    pub fn result(&self) -> Option<Outcome> {
        match &self.mode {
            Mode::Online(o) => o.view.as_ref().and_then(|v| v.state.outcome),
            _ => self.game.outcome(),
        }
    }

    /// How the end of an imported game is shown, while its moves are its record's (see
    /// [`export::RecordEnd`]); `None` for any other game.
    pub fn record_end(&self) -> Option<export::RecordEnd> {
        let r = self.mode.local()?.record.as_ref()?;
        (self.game.moves().len() == r.plies).then_some(r.shown)
    }

    /// Why the online room closed without a game.
    pub fn closed(&self) -> Option<CloseReason> {
        self.room().and_then(RoomView::closed)
    }

    /// The clocks of the game on the board at [`Model::now`] and the initial time of each
    /// side: the room's online, the local clock's in a timed local game; `None` for an
    /// untimed game.
    pub fn clocks(&self) -> Option<(protocol::ClockSnapshot, core::time::Duration)> {
        match &self.mode {
            Mode::Online(o) => {
                let v = o.view.as_ref()?;
                Some((v.clocks_at(self.now)?, v.state.clock?.initial()))
            }
            Mode::HotSeat(l) | Mode::Ai(l, _) => {
                let c = l.clock.as_ref()?;
                Some((c.snapshot(&self.game, self.now), c.control.initial()))
            }
        }
    }

    /// Whether nothing more can be played: a result, or a room closed without a game.
    pub fn ended(&self) -> bool {
        self.result().is_some() || self.closed().is_some()
    }

    /// The ply shown on the board: the reviewed one, else the last.
    pub fn shown_ply(&self) -> usize {
        let last = self.game.moves().len();
        self.review.map_or(last, |p| p.min(last))
    }

    /// The position shown on the board.
    pub fn shown_position(&self) -> &Position {
        let positions = self.game.positions();
        positions
            .get(self.shown_ply())
            .unwrap_or_else(|| self.game.position())
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        self.shown_ply()
            .checked_sub(1)
            .and_then(|i| self.game.moves().get(i).copied())
    }

    /// Whether the board shows a mistake's exercise the player may try a move on (the game's
    /// position before the mistake, while reviewing).
    pub fn learn_turn(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| {
            l.state.playable() && l.ply().is_some_and(|p| self.review == Some(p - 1))
        })
    }

    /// The position moves are made in: the shown one in a mistake's exercise, else the
    /// game's.
    pub fn playing_position(&self) -> &Position {
        if self.learn_turn() {
            self.shown_position()
        } else {
            self.game.position()
        }
    }

    /// Whether the player may move now: the game goes on, the board shows it live, and in the
    /// mode's terms it is their turn (always in hot-seat; their colour against the AI; their
    /// seat online, with no move of theirs waiting for the server).
    pub fn my_turn(&self) -> bool {
        if self.review.is_some() || self.ended() {
            return false;
        }
        // A lesson's task done: the board waits for the next one.
        if self
            .lesson
            .as_ref()
            .is_some_and(|l| l.state != lesson::TaskState::Play)
        {
            return false;
        }
        let turn = self.game.position().turn();
        match &self.mode {
            Mode::HotSeat(_) => true,
            Mode::Ai(_, a) => a.settings.human == turn,
            Mode::Online(o) => o.view.as_ref().is_some_and(|v| {
                v.closed().is_none() && v.full() && o.pending.is_none() && v.you == Some(turn)
            }),
        }
    }

    /// Whether the page watches an online game it holds no seat in (a spectator): the game's
    /// buttons and the move box are not for it.
    pub fn spectating(&self) -> bool {
        matches!(&self.mode, Mode::Online(o) if o.view.as_ref().is_some_and(|v| v.you.is_none()))
    }

    /// Whether the AI computes its move for the position on the board.
    pub fn ai_thinking(&self) -> bool {
        match &self.mode {
            Mode::Ai(l, a) => {
                a.pending
                    .as_ref()
                    .is_some_and(|p| p.game == l.id && p.moves == self.game.moves())
                    && !self.game.is_over()
            }
            _ => false,
        }
    }

    /// The destinations of the piece on `from`: its legal moves on the player's turn (or in
    /// the shown position of a mistake's exercise), its premoves ([`Model::premoves_from`])
    /// while the opponent is to move.
    pub fn dests(&self, from: Square) -> Vec<Square> {
        let moves: Vec<Move> = if self.learn_turn() || self.my_turn() {
            self.playing_position().legal_moves_from(from).to_vec()
        } else {
            self.premoves_from(from)
        };
        let mut v: Vec<Square> = moves.iter().map(|m| m.to).collect();
        v.dedup();
        v
    }

    /// The side that may premove now: the player's, while the opponent is to move (the AI,
    /// or the other player of an online game this page is seated in); `None` otherwise.
    pub fn premover(&self) -> Option<Color> {
        if self.review.is_some() || self.ended() || self.start {
            return None;
        }
        let turn = self.game.position().turn();
        let me = match &self.mode {
            Mode::HotSeat(_) => None,
            Mode::Ai(_, a) => Some(a.settings.human),
            Mode::Online(o) => o
                .view
                .as_ref()
                .filter(|v| v.closed().is_none() && v.full())
                .and_then(|v| v.you),
        }?;
        (me != turn).then_some(me)
    }

    /// The premoves of the piece on `from`: the moves it would have if its side were to move
    /// in the position on the board (whether one is legal is known only once the opponent
    /// has moved). Empty when the player may not premove or the piece is not theirs.
    pub fn premoves_from(&self, from: Square) -> Vec<Move> {
        let Some(me) = self.premover() else {
            return Vec::new();
        };
        let pos = self.game.position();
        if pos.piece_at(from).is_none_or(|p| p.color != me) {
            return Vec::new();
        }
        let mut setup = pos.to_setup();
        setup.turn = me;
        setup.counting = None;
        // A position where the opponent stands in check cannot be set up: no premoves then.
        Position::from_setup(&setup, self.game.rules())
            .map(|p| p.legal_moves_from(from).to_vec())
            .unwrap_or_default()
    }

    /// The saved id of the game on the board: a local game's, or the online room's.
    pub fn current_id(&self) -> Option<&str> {
        match &self.mode {
            Mode::HotSeat(l) | Mode::Ai(l, _) => Some(l.id.as_str()),
            Mode::Online(o) => o.room.as_ref().map(protocol::RoomId::as_str),
        }
    }

    /// Whether a saved game other than the one on the board exists (one that could be deleted).
    pub fn has_other_saved(&self) -> bool {
        let current = self.current_id();
        self.saved.iter().any(|g| Some(g.id.as_str()) != current)
    }

    /// The player's side on this device, when there is one: the human's against the AI, the
    /// seat online (`None` in hot-seat and when watching).
    pub fn side(&self) -> Option<Color> {
        match &self.mode {
            Mode::HotSeat(_) => None,
            Mode::Ai(_, a) => Some(a.settings.human),
            Mode::Online(_) => self.room().and_then(|v| v.you),
        }
    }

    /// Announces `said` in `#announce`.
    pub fn announce(&mut self, said: Said) {
        let number = self.announcement.map_or(1, |a| a.number + 1);
        self.announcement = Some(Announcement { number, said });
    }

    /// The hint for the live position, if one was computed.
    pub fn hint(&self) -> Option<Move> {
        let id = self.mode.local()?.id.as_str();
        self.ai
            .hint
            .as_ref()
            .filter(|h| h.game == id && h.moves == self.game.moves() && self.review.is_none())
            .map(|h| h.best)
    }
}

/// Applies to `game` an end that its moves do not produce: one a player decides (a
/// resignation, an agreement, a claimed draw) or a clock (a flag that the position confirms).
///
/// # Errors
/// What does not fit: an end decided by the board that the moves do not show (mate,
/// stalemate, a dead position, an expired count), an absence or a limit (abandonment, abort,
/// the ply cap: only a server knows of it), a claim that is not valid in the final position, or a flag whose
/// result the position contradicts.
pub fn apply_result(game: &mut Game, result: Outcome) -> Result<(), String> {
    let done = match result {
        Outcome::Win {
            winner,
            reason: WinReason::Resignation,
        } => game.resign(winner.other()).map_err(|e| e.to_string()),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => game.agree_draw().map_err(|e| e.to_string()),
        Outcome::Draw {
            reason: DrawReason::FiftyMoves,
        } => game
            .claim_draw(DrawClaim::FiftyMoves)
            .map_err(|e| e.to_string()),
        Outcome::Draw {
            reason: DrawReason::Threefold,
        } => game
            .claim_draw(DrawClaim::Threefold)
            .map_err(|e| e.to_string()),
        Outcome::Win {
            winner,
            reason: WinReason::Timeout,
        } => game.flag(winner.other()).map_err(|e| e.to_string()),
        // A draw on time: the flag of the side to move fell.
        Outcome::Draw {
            reason: DrawReason::Timeout,
        } => game.flag(game.position().turn()).map_err(|e| e.to_string()),
        Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::Stalemate | DrawReason::DeadPosition | DrawReason::CountingExpired,
        } => Err("it does not follow from the moves".to_owned()),
        Outcome::Win {
            reason: WinReason::Abandonment,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::PlyCap,
        }
        | Outcome::Aborted => Err("only the server decides it".to_owned()),
    };
    done?;
    if game.outcome() == Some(result) {
        Ok(())
    } else {
        Err("the flag's result does not follow from the position".to_owned())
    }
}

/// The side left with a lone king, if exactly one side is.
pub fn lone_side(pos: &Position) -> Option<Color> {
    let white = pos.by_color(Color::White).count();
    let black = pos.by_color(Color::Black).count();
    match (white, black) {
        (1, n) if n > 1 => Some(Color::White),
        (n, 1) if n > 1 => Some(Color::Black),
        _ => None,
    }
}
