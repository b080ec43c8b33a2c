//! Saved games in `localStorage`: a versioned schema, quarantine of unreadable entries, quota errors.
//!
//! # Keys (with the default prefix `asean`)
//! - `asean.games.v1.<id>`: one saved game, a JSON [`SavedGame`] (`version` 1).
//! - `asean.current.v1`: the id of the game on the board, resumed after a reload.
//! - `asean.lang.v1`: the chosen interface language (`en`, `fr`, `pt`, `de`).
//! - `asean.sound.v1`: whether the page's sounds are on: `on` or `off` (absent: on).
//! - `asean.theme.v1` (`auto`, `light`, `dark`), `asean.pieces.v1` (`thai`, `western`) and
//!   `asean.board.v1` (`teak`, `jade`, `slate`): the looks ([`crate::model::looks`]); a
//!   missing or unknown value reads as the default (`auto`, `thai`, `teak`). The page's inline
//!   script in `index.html` reads them too, before the first paint.
//! - `asean.seats.v1`: the online seats this browser holds, by room id: `{"<id>": {"seat":
//!   "white"|"black", "secret": "…", "at": <millis>}}` ([`SeatBook`]).
//! - `asean.quarantine.<id>.<millis>`: the untouched text of an entry that could not be read
//!   (invalid JSON, wrong shape, moves that do not replay, or an unknown `version`). Entries are
//!   moved there, never silently deleted, and the UI says so.
//!
//! # Schema, version 1
//! ```json
//! {"version": 1, "id": "m3x9k2", "created": 1732880000000, "updated": 1732880100000,
//!  "initial_fen": "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
//!  "rules": {"promotion": "any"}, "moves": ["e3e4", "d6d5"], "result": null}
//! ```
//! `created`/`updated` are milliseconds since the Unix epoch. `rules.promotion` is `any` or
//! `met-only`. `moves` is the full move list in UCI, so replaying it through [`rules::Game`]
//! restores repetitions, the 50-move clock and the count. `result` is `null` while the game goes
//! on, else the result's label (`checkmate-white-wins`, `agreement`…; needed for the ends that are not in the moves:
//! resignation, agreement and claimed draws).
//!
//! Games against the AI add `"mode": "ai"` and `"ai": {"level": 3, "human": "white"}` (level
//! 1..=8, the human's colour `white` or `black`). These fields are optional, so entries written
//! before they existed (and hot-seat games, written without them) read as hot-seat games.

use crate::model::clock::LocalClock;
use crate::model::looks::{BoardTheme, LookChoice, Looks, PieceSet, Theme};
use crate::model::{AiGame, apply_result};
use engine::Level;
use protocol::{Outcome, RoomId};
use rules::{Color, Game, PromotionRule, Rules};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

/// The names of the looks' keys (`asean.<name>.v1`).
const LOOK_KEYS: [&str; 3] = ["theme", "pieces", "board"];

/// The choice that `value` names for the look `name`.
fn look_choice(name: &str, value: &str) -> Option<LookChoice> {
    match name {
        "theme" => Theme::from_name(value).map(LookChoice::Theme),
        "pieces" => PieceSet::from_name(value).map(LookChoice::Pieces),
        "board" => BoardTheme::from_name(value).map(LookChoice::Board),
        _ => None,
    }
}

/// The look stored as `value` under `key` (a full key such as `asean.theme.v1`, with the
/// store's `prefix`), when `key` is one of the looks' keys and `value` a known name: for other
/// tabs' changes, seen in `storage` events.
///
/// ```
/// use web::model::looks::{LookChoice, Theme};
/// use web::storage::look_at;
/// assert_eq!(look_at("asean", "asean.theme.v1", "dark"), Some(LookChoice::Theme(Theme::Dark)));
/// assert_eq!(look_at("asean", "asean.theme.v1", "dusk"), None);
/// assert_eq!(look_at("asean", "asean.lang.v1", "dark"), None);
/// ```
pub fn look_at(prefix: &str, key: &str, value: &str) -> Option<LookChoice> {
    LOOK_KEYS
        .into_iter()
        .find(|name| format!("{prefix}.{name}.v1") == key)
        .and_then(|name| look_choice(name, value))
}

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: u64 = 1;

/// One saved game, exactly as stored (schema version 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always [`SCHEMA_VERSION`] when written by this build.
    pub version: u64,
    /// The game's id: short, `[a-z0-9]`, unique on this device.
    pub id: String,
    /// When the game was started, in milliseconds since the Unix epoch.
    pub created: f64,
    /// When the game was last changed, in milliseconds since the Unix epoch.
    pub updated: f64,
    /// The starting position (FEN, reference dialect).
    pub initial_fen: String,
    /// The game's settings.
    pub rules: SavedRules,
    /// Every move from the start, in UCI (`e3e4`, `a7a8r`).
    pub moves: Vec<String>,
    /// The result once the game is over (its label, e.g. `checkmate-white-wins`), else `None`.
    pub result: Option<Outcome>,
    /// [`SavedMode::Ai`] for a game against the AI; absent (or `hotseat`) for two players on
    /// one device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<SavedMode>,
    /// The AI's settings in a game against the AI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai: Option<SavedAi>,
    /// The room of an online game: the server keeps the game, this is the list's copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<SavedOnline>,
    /// The clocks of a timed game of this device (absent: untimed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<LocalClock>,
}

/// The online side of a saved game: its room and the seat held there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedOnline {
    /// The room (its invite link is `/#/room/<id>`).
    pub room: RoomId,
    /// The seat this browser held (`None`: watched).
    pub seat: Option<Color>,
    /// The time control, if timed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<protocol::TimeControl>,
}

/// The stored mode of play: `hotseat` or `ai`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SavedMode {
    /// Two players on one device.
    Hotseat,
    /// Against the AI.
    Ai,
    /// Online, in a room of the lobby server.
    Online,
}

/// The AI settings of a saved game against the AI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedAi {
    /// The AI's level, 1..=8.
    pub level: u8,
    /// The human's colour: `white` or `black`.
    pub human: Color,
}

impl SavedAi {
    /// The stored form of `game`.
    pub fn from_ai(game: AiGame) -> SavedAi {
        SavedAi {
            level: game.level.number(),
            human: game.human,
        }
    }

    /// The settings these stand for.
    ///
    /// # Errors
    /// A level outside 1..=8.
    pub fn to_ai(&self) -> Result<AiGame, String> {
        let level = Level::new(self.level)
            .ok_or_else(|| format!("AI level {} is not in 1..=8", self.level))?;
        Ok(AiGame {
            level,
            human: self.human,
        })
    }
}

/// The settings of a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRules {
    /// `any` (rook, knight, khon or met) or `met-only`.
    pub promotion: PromotionRule,
}

impl SavedRules {
    /// The stored form of `rules`.
    pub fn from_rules(rules: Rules) -> SavedRules {
        SavedRules {
            promotion: rules.promotion,
        }
    }

    /// The rules these settings stand for.
    pub fn to_rules(&self) -> Rules {
        Rules {
            promotion: self.promotion,
        }
    }
}

/// Why a stored entry could not be turned back into a game.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// Not JSON, or not the shape of a saved game; the text says what was wrong.
    Corrupt(String),
    /// A `version` this build does not know.
    UnknownVersion(u64),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Corrupt(why) => write!(f, "unreadable saved game: {why}"),
            ReadError::UnknownVersion(v) => write!(f, "unknown saved-game schema version {v}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl SavedGame {
    /// A record of `game`, with the given id and creation time, updated at `now`.
    pub fn from_game(id: &str, created: f64, now: f64, game: &Game) -> SavedGame {
        SavedGame {
            version: SCHEMA_VERSION,
            id: id.to_owned(),
            created,
            updated: now,
            initial_fen: game.initial_fen(),
            rules: SavedRules::from_rules(game.rules()),
            moves: game.moves().iter().map(|m| m.to_uci()).collect(),
            result: game.outcome(),
            mode: None,
            ai: None,
            online: None,
            clock: None,
        }
    }

    /// The record with the clocks of a timed local game.
    #[must_use]
    pub fn with_clock(mut self, clock: Option<LocalClock>) -> SavedGame {
        self.clock = clock;
        self
    }

    /// The record as an online game of `room` (with the room's own result, which may be one
    /// that only a server decides).
    #[must_use]
    pub fn with_online(mut self, online: SavedOnline, result: Option<Outcome>) -> SavedGame {
        self.mode = Some(SavedMode::Online);
        self.online = Some(online);
        self.result = result;
        self
    }

    /// The record with the mode of play: `Some` against the AI, `None` for hot-seat.
    #[must_use]
    pub fn with_ai(mut self, ai: Option<AiGame>) -> SavedGame {
        self.mode = ai.map(|_| SavedMode::Ai);
        self.ai = ai.map(SavedAi::from_ai);
        self
    }

    /// The mode of play: `Some` against the AI, `None` for hot-seat (also for entries written
    /// before the mode was stored).
    ///
    /// # Errors
    /// [`ReadError::Corrupt`] for an unknown mode or bad AI settings.
    pub fn ai_game(&self) -> Result<Option<AiGame>, ReadError> {
        match self.mode {
            None | Some(SavedMode::Hotseat | SavedMode::Online) => Ok(None),
            Some(SavedMode::Ai) => self
                .ai
                .as_ref()
                .ok_or_else(|| ReadError::Corrupt("mode ai without ai settings".to_owned()))?
                .to_ai()
                .map(Some)
                .map_err(ReadError::Corrupt),
        }
    }

    /// Parses stored text: checks the version first, then the shape.
    ///
    /// # Errors
    /// [`ReadError::UnknownVersion`] for another `version`, [`ReadError::Corrupt`] otherwise.
    pub fn parse(text: &str) -> Result<SavedGame, ReadError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ReadError::Corrupt(e.to_string()))?;
        let version = value
            .get("version")
            .ok_or_else(|| ReadError::Corrupt("no version field".to_owned()))?
            .as_u64()
            .ok_or_else(|| ReadError::Corrupt("version is not a whole number".to_owned()))?;
        if version != SCHEMA_VERSION {
            return Err(ReadError::UnknownVersion(version));
        }
        serde_json::from_value(value).map_err(|e| ReadError::Corrupt(e.to_string()))
    }

    /// Replays the record into a [`Game`]: the moves one by one, then a stored result that the
    /// moves alone do not produce (resignation, agreement, claimed draw).
    ///
    /// # Errors
    /// [`ReadError::Corrupt`] when the settings, the FEN, a move or the result does not fit.
    pub fn to_game(&self) -> Result<Game, ReadError> {
        self.ai_game()?;
        let rules = self.rules.to_rules();
        let mut game = Game::from_fen(&self.initial_fen, rules)
            .map_err(|e| ReadError::Corrupt(format!("initial_fen: {e}")))?;
        for (i, uci) in self.moves.iter().enumerate() {
            game.play_uci(uci)
                .map_err(|e| ReadError::Corrupt(format!("move {} ({uci}): {e}", i + 1)))?;
        }
        if self.mode == Some(SavedMode::Online) && self.online.is_none() {
            return Err(ReadError::Corrupt(
                "mode online without its room".to_owned(),
            ));
        }
        // An online game may have ended by time, abandonment or abort, which the moves do not
        // show: the record keeps the server's result as it is.
        let server_only =
            self.online.is_some() && self.result.is_some_and(crate::model::room::is_server_only);
        if let Some(result) = self.result.filter(|_| !server_only) {
            let replayed = game.outcome();
            if replayed != Some(result) {
                apply_result(&mut game, result)
                    .map_err(|e| ReadError::Corrupt(format!("result {result}: {e}")))?;
            }
        }
        Ok(game)
    }
}

/// How many seat secrets are kept (the oldest are forgotten first).
const MAX_SEATS: usize = 64;

/// A seat held in a room: its colour and secret.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatEntry {
    /// The seat.
    pub seat: Color,
    /// The secret that resumes it.
    pub secret: String,
    /// When it was stored (milliseconds since the epoch), to forget the oldest first.
    #[serde(default)]
    pub at: f64,
}

/// The seats this browser holds, by room id (stored under `<prefix>.seats.v1`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatBook {
    /// Room id to seat.
    pub seats: BTreeMap<RoomId, SeatEntry>,
}

impl SeatBook {
    /// Reads the stored JSON; anything unreadable is an empty book, and an entry that is not a
    /// room id with a seat is skipped (the others are kept).
    pub fn parse(text: &str) -> SeatBook {
        let raw: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(text).unwrap_or_default();
        let seats = raw
            .into_iter()
            .filter_map(|(room, entry)| {
                let room = room.parse::<RoomId>().ok()?;
                let entry = serde_json::from_value::<SeatEntry>(entry).ok()?;
                Some((room, entry))
            })
            .collect();
        SeatBook { seats }
    }

    /// The JSON to store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.seats).unwrap_or_else(|_| "{}".into())
    }

    /// Remembers a seat, forgetting the oldest ones beyond the limit.
    pub fn insert(&mut self, room: &RoomId, seat: Color, secret: &str, now: f64) {
        self.seats.insert(
            room.clone(),
            SeatEntry {
                seat,
                secret: secret.to_owned(),
                at: now,
            },
        );
        while self.seats.len() > MAX_SEATS {
            let oldest = self
                .seats
                .iter()
                .min_by(|a, b| a.1.at.total_cmp(&b.1.at))
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => self.seats.remove(&k),
                None => break,
            };
        }
    }

    /// The seat held in `room`, if any.
    pub fn get(&self, room: &RoomId) -> Option<&SeatEntry> {
        self.seats.get(room)
    }

    /// Forgets the seat held in `room` (a closed room has nothing left to resume); returns
    /// whether there was one.
    pub fn remove(&mut self, room: &RoomId) -> bool {
        self.seats.remove(room).is_some()
    }
}

/// Why a write failed.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteError {
    /// The browser's storage quota is used up (`QuotaExceededError`).
    QuotaExceeded,
    /// Any other failure, with the browser's message.
    Other(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::QuotaExceeded => write!(f, "storage quota exceeded"),
            WriteError::Other(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for WriteError {}

/// A key-value store of strings: `localStorage`, or memory when the browser refuses storage
/// (and in native unit tests).
pub trait Backend {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value` under `key`.
    ///
    /// # Errors
    /// [`WriteError::QuotaExceeded`] when full, [`WriteError::Other`] otherwise.
    fn set(&self, key: &str, value: &str) -> Result<(), WriteError>;
    /// Removes `key` (no-op when absent).
    fn remove(&self, key: &str);
    /// Every key present.
    fn keys(&self) -> Vec<String>;
}

/// `window.localStorage`, through `web_sys::Storage` directly: gloo-storage's `raw()` throws when
/// the browser refuses storage and its `set` would JSON-encode our already-encoded text.
#[derive(Debug)]
pub struct LocalBackend {
    raw: web_sys::Storage,
}

impl LocalBackend {
    /// The page's `localStorage`, or `None` when there is no window or the browser refuses it.
    pub fn open() -> Option<LocalBackend> {
        let raw = web_sys::window()?.local_storage().ok().flatten()?;
        Some(LocalBackend { raw })
    }
}

impl Backend for LocalBackend {
    fn get(&self, key: &str) -> Option<String> {
        self.raw.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), WriteError> {
        self.raw.set_item(key, value).map_err(|err| {
            let name = js_sys::Reflect::get(&err, &"name".into())
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
                WriteError::QuotaExceeded
            } else {
                let message = js_sys::Reflect::get(&err, &"message".into())
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or(name);
                WriteError::Other(message)
            }
        })
    }

    fn remove(&self, key: &str) {
        let _ = self.raw.remove_item(key);
    }

    fn keys(&self) -> Vec<String> {
        let n = self.raw.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| self.raw.key(i).ok().flatten())
            .collect()
    }
}

/// An in-memory store (when `localStorage` is unavailable, and for tests).
#[derive(Debug, Default)]
pub struct MemoryBackend {
    map: RefCell<BTreeMap<String, String>>,
    /// When set, writes fail with [`WriteError::QuotaExceeded`] (to test the UI's report).
    pub full: std::cell::Cell<bool>,
}

impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Option<String> {
        self.map.borrow().get(key).cloned()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), WriteError> {
        if self.full.get() {
            return Err(WriteError::QuotaExceeded);
        }
        self.map
            .borrow_mut()
            .insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&self, key: &str) {
        self.map.borrow_mut().remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.map.borrow().keys().cloned().collect()
    }
}

/// A problem found while reading saved games; the entry has been set aside.
#[derive(Clone, Debug, PartialEq)]
pub struct Quarantined {
    /// The key the entry was read from.
    pub key: String,
    /// Where its text now is (equal to `key` when it could not even be moved, e.g. storage full).
    pub moved_to: String,
    /// What was wrong.
    pub error: ReadError,
}

/// The saved games of this device, over any [`Backend`].
pub struct Store {
    backend: Box<dyn Backend>,
    prefix: String,
    persistent: bool,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("prefix", &self.prefix)
            .field("persistent", &self.persistent)
            .finish()
    }
}

impl Store {
    /// A store over `backend` whose keys start with `prefix` (the app uses `asean`).
    /// `persistent` says whether what is written survives a reload.
    pub fn new(backend: Box<dyn Backend>, prefix: &str, persistent: bool) -> Store {
        Store {
            backend,
            prefix: prefix.to_owned(),
            persistent,
        }
    }

    /// The page's `localStorage` under `prefix`, or memory when the browser refuses it.
    pub fn browser(prefix: &str) -> Store {
        match LocalBackend::open() {
            Some(local) => Store::new(Box::new(local), prefix, true),
            None => Store::new(Box::<MemoryBackend>::default(), prefix, false),
        }
    }

    /// Whether saved data survives a reload (false when storage is unavailable).
    pub fn is_persistent(&self) -> bool {
        self.persistent
    }

    /// The key of the game `id`.
    pub fn game_key(&self, id: &str) -> String {
        format!("{}.games.v1.{id}", self.prefix)
    }

    fn games_prefix(&self) -> String {
        format!("{}.games.v1.", self.prefix)
    }

    fn current_key(&self) -> String {
        format!("{}.current.v1", self.prefix)
    }

    fn lang_key(&self) -> String {
        format!("{}.lang.v1", self.prefix)
    }

    fn sound_key(&self) -> String {
        format!("{}.sound.v1", self.prefix)
    }

    /// Writes `game` under its id.
    ///
    /// # Errors
    /// [`WriteError::QuotaExceeded`] when storage is full.
    pub fn save(&self, game: &SavedGame) -> Result<(), WriteError> {
        let text = serde_json::to_string(game).map_err(|e| WriteError::Other(e.to_string()))?;
        self.backend.set(&self.game_key(&game.id), &text)
    }

    /// Reads the game `id`: `Ok(None)` when absent. An unreadable entry is moved to quarantine
    /// and reported.
    ///
    /// # Errors
    /// The [`Quarantined`] report of an unreadable entry.
    pub fn load(&self, id: &str) -> Result<Option<(SavedGame, Game)>, Quarantined> {
        let key = self.game_key(id);
        match self.backend.get(&key) {
            None => Ok(None),
            Some(text) => self.read_entry(&key, &text).map(Some),
        }
    }

    fn read_entry(&self, key: &str, text: &str) -> Result<(SavedGame, Game), Quarantined> {
        let result = SavedGame::parse(text).and_then(|saved| {
            if self.game_key(&saved.id) != key {
                return Err(ReadError::Corrupt(format!(
                    "id \"{}\" does not match its key",
                    saved.id
                )));
            }
            let game = saved.to_game()?;
            Ok((saved, game))
        });
        result.map_err(|error| {
            let moved_to = self.quarantine(key, text);
            Quarantined {
                key: key.to_owned(),
                moved_to,
                error,
            }
        })
    }

    /// Moves the text of `key` to a quarantine key and returns that key; if the copy cannot be
    /// written, the entry stays where it is and `key` is returned.
    fn quarantine(&self, key: &str, text: &str) -> String {
        let suffix = key.rsplit('.').next().unwrap_or("entry");
        let stamp = js_now().max(0.0) as u64;
        let target = format!("{}.quarantine.{suffix}.{stamp}", self.prefix);
        match self.backend.set(&target, text) {
            Ok(()) => {
                self.backend.remove(key);
                if self.current_id().as_deref() == Some(suffix) {
                    self.backend.remove(&self.current_key());
                }
                target
            }
            Err(_) => key.to_owned(),
        }
    }

    /// Every readable saved game, most recently updated first, and the reports of the entries
    /// that were set aside.
    pub fn list(&self) -> (Vec<SavedGame>, Vec<Quarantined>) {
        let prefix = self.games_prefix();
        let mut games = Vec::new();
        let mut problems = Vec::new();
        for key in self.backend.keys() {
            if !key.starts_with(&prefix) {
                continue;
            }
            let Some(text) = self.backend.get(&key) else {
                continue;
            };
            match self.read_entry(&key, &text) {
                Ok((saved, _)) => games.push(saved),
                Err(q) => problems.push(q),
            }
        }
        games.sort_by(|a, b| b.updated.total_cmp(&a.updated));
        (games, problems)
    }

    /// Deletes the game `id` (no-op when absent).
    pub fn delete(&self, id: &str) {
        self.backend.remove(&self.game_key(id));
        if self.current_id().as_deref() == Some(id) {
            self.backend.remove(&self.current_key());
        }
    }

    /// The id of the game to resume after a reload.
    pub fn current_id(&self) -> Option<String> {
        self.backend.get(&self.current_key())
    }

    /// Remembers `id` as the game to resume after a reload.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn set_current_id(&self, id: &str) -> Result<(), WriteError> {
        self.backend.set(&self.current_key(), id)
    }

    /// The remembered interface language code, if any.
    pub fn lang(&self) -> Option<String> {
        self.backend.get(&self.lang_key())
    }

    /// Remembers the interface language code.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn set_lang(&self, code: &str) -> Result<(), WriteError> {
        self.backend.set(&self.lang_key(), code)
    }

    /// The board's orientation as last set: the id of the game it was set for (a saved
    /// game's id or a room's) and whether Black is at the bottom. Stored as `<id>:1` or
    /// `<id>:0` under `asean.flip.v1`; anything else reads as `None`.
    pub fn flip(&self) -> Option<(String, bool)> {
        let text = self.backend.get(&format!("{}.flip.v1", self.prefix))?;
        let (id, flipped) = text.rsplit_once(':')?;
        let flipped = match flipped {
            "1" => true,
            "0" => false,
            _ => return None,
        };
        (!id.is_empty()).then(|| (id.to_owned(), flipped))
    }

    /// Remembers the board's orientation for the game `id`.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn set_flip(&self, id: &str, flipped: bool) -> Result<(), WriteError> {
        let value = format!("{id}:{}", u8::from(flipped));
        self.backend
            .set(&format!("{}.flip.v1", self.prefix), &value)
    }

    /// Whether sounds are on, if remembered: `on` is `true`, `off` is `false`, anything else
    /// (or nothing) `None`.
    pub fn sound(&self) -> Option<bool> {
        match self.backend.get(&self.sound_key()).as_deref() {
            Some("on") => Some(true),
            Some("off") => Some(false),
            _ => None,
        }
    }

    /// Remembers whether sounds are on (`on` or `off`).
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn set_sound(&self, on: bool) -> Result<(), WriteError> {
        self.backend
            .set(&self.sound_key(), if on { "on" } else { "off" })
    }

    /// The remembered looks (the system's scheme is not stored: `system_dark` is `false`).
    pub fn looks(&self) -> Looks {
        let mut looks = Looks::default();
        for name in LOOK_KEYS {
            if let Some(choice) = self
                .backend
                .get(&self.look_key(name))
                .and_then(|value| look_choice(name, &value))
            {
                looks.set(choice);
            }
        }
        looks
    }

    /// Remembers one choice of the looks under its own key.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn save_look(&self, choice: LookChoice) -> Result<(), WriteError> {
        let (name, value) = match choice {
            LookChoice::Theme(t) => ("theme", t.name()),
            LookChoice::Pieces(p) => ("pieces", p.name()),
            LookChoice::Board(b) => ("board", b.name()),
        };
        self.backend.set(&self.look_key(name), value)
    }

    /// The key of a look (`theme`, `pieces` or `board`): `<prefix>.<name>.v1`.
    pub fn look_key(&self, name: &str) -> String {
        format!("{}.{name}.v1", self.prefix)
    }

    /// The seats this browser holds online (an unreadable book is empty).
    pub fn seats(&self) -> SeatBook {
        self.backend
            .get(&self.seats_key())
            .map(|t| SeatBook::parse(&t))
            .unwrap_or_default()
    }

    /// Writes the seats this browser holds.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn save_seats(&self, book: &SeatBook) -> Result<(), WriteError> {
        self.backend.set(&self.seats_key(), &book.to_json())
    }

    /// The key of the seat book.
    pub fn seats_key(&self) -> String {
        format!("{}.seats.v1", self.prefix)
    }

    /// The keys of the quarantined entries.
    pub fn quarantined_keys(&self) -> Vec<String> {
        let prefix = format!("{}.quarantine.", self.prefix);
        self.backend
            .keys()
            .into_iter()
            .filter(|k| k.starts_with(&prefix))
            .collect()
    }

    /// Writes raw text under a key of this store (used by tests to plant damaged entries).
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn put_raw(&self, key: &str, text: &str) -> Result<(), WriteError> {
        self.backend.set(key, text)
    }

    /// Reads raw text (used by tests).
    pub fn get_raw(&self, key: &str) -> Option<String> {
        self.backend.get(key)
    }
}

/// Milliseconds since the Unix epoch: `Date.now()` in the browser, 0 on native targets
/// (`std::time` is not available on `wasm32-unknown-unknown`).
pub fn js_now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room_id(n: u8) -> RoomId {
        RoomId::from_bytes([n; 10])
    }

    fn store() -> Store {
        Store::new(Box::<MemoryBackend>::default(), "t", true)
    }

    #[test]
    fn the_sound_setting_is_remembered_as_on_or_off() {
        let s = store();
        assert_eq!(s.sound(), None);
        s.set_sound(false).expect("written");
        assert_eq!(s.get_raw("t.sound.v1").as_deref(), Some("off"));
        assert_eq!(s.sound(), Some(false));
        s.set_sound(true).expect("written");
        assert_eq!(s.sound(), Some(true));
        s.put_raw("t.sound.v1", "loud").expect("written");
        assert_eq!(s.sound(), None, "an unknown value is no setting");
    }

    #[test]
    fn round_trip() {
        let s = store();
        let mut game = Game::new(Rules::default());
        game.play_uci("e3e4").expect("legal");
        let saved = SavedGame::from_game("abc", 1.0, 2.0, &game);
        s.save(&saved).expect("saved");
        let (back, replayed) = s.load("abc").expect("readable").expect("present");
        assert_eq!(back, saved);
        assert_eq!(replayed.moves(), game.moves());
    }

    #[test]
    fn looks_have_their_own_keys() {
        let s = store();
        assert_eq!(s.looks(), Looks::default());
        s.save_look(LookChoice::Theme(Theme::Dark))
            .expect("written");
        s.save_look(LookChoice::Pieces(PieceSet::Western))
            .expect("written");
        assert_eq!(s.get_raw("t.theme.v1").as_deref(), Some("dark"));
        assert_eq!(s.get_raw("t.pieces.v1").as_deref(), Some("western"));
        assert_eq!(s.get_raw("t.board.v1"), None);
        s.put_raw("t.board.v1", "plaid").expect("written");
        let looks = s.looks();
        assert_eq!(
            (looks.theme, looks.pieces, looks.board),
            (Theme::Dark, PieceSet::Western, BoardTheme::Teak)
        );
        assert_eq!(
            look_at("t", "t.board.v1", "jade"),
            Some(LookChoice::Board(BoardTheme::Jade))
        );
        assert_eq!(look_at("t", "t.board.v1", "plaid"), None);
    }

    #[test]
    fn corrupt_is_quarantined() {
        let s = store();
        s.put_raw(&s.game_key("bad"), "{not json").expect("written");
        let q = s.load("bad").expect_err("corrupt");
        assert!(matches!(q.error, ReadError::Corrupt(_)));
        assert_eq!(s.get_raw(&q.moved_to).as_deref(), Some("{not json"));
        assert_eq!(s.get_raw(&s.game_key("bad")), None);
    }

    #[test]
    fn unknown_version() {
        let s = store();
        s.put_raw(&s.game_key("v9"), r#"{"version": 9, "id": "v9"}"#)
            .expect("written");
        let (games, problems) = s.list();
        assert!(games.is_empty());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].error, ReadError::UnknownVersion(9));
    }

    #[test]
    fn ai_mode_round_trips_and_old_entries_are_hot_seat() {
        let s = store();
        let mut game = Game::new(Rules::default());
        game.play_uci("e3e4").expect("legal");
        let ai = AiGame {
            level: Level::new(5).expect("a level"),
            human: Color::Black,
        };
        let saved = SavedGame::from_game("vsai", 1.0, 2.0, &game).with_ai(Some(ai));
        s.save(&saved).expect("saved");
        let (back, _) = s.load("vsai").expect("readable").expect("present");
        assert_eq!(back.ai_game(), Ok(Some(ai)));
        let text = s.get_raw(&s.game_key("vsai")).expect("stored");
        assert!(
            text.contains(r#""mode":"ai""#) && text.contains(r#""level":5"#),
            "{text}"
        );

        // An entry from before the mode existed is a hot-seat game.
        let old = r#"{"version":1,"id":"old","created":1,"updated":2,
            "initial_fen":"rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
            "rules":{"promotion":"any"},"moves":["e3e4"],"result":null}"#;
        s.put_raw(&s.game_key("old"), old).expect("stored");
        let (back, _) = s.load("old").expect("readable").expect("present");
        assert_eq!(back.ai_game(), Ok(None));
        let hot = serde_json::to_string(&SavedGame::from_game("h", 1.0, 2.0, &game)).expect("json");
        assert!(
            !hot.contains("mode"),
            "hot-seat entries keep the old shape: {hot}"
        );

        // Bad AI settings are reported like any other damage.
        let bad = old.replace(
            r#""result":null"#,
            r#""result":null,"mode":"ai","ai":{"level":12,"human":"white"}"#,
        );
        s.put_raw(&s.game_key("bad"), &bad).expect("stored");
        assert!(s.load("bad").is_err());
    }

    #[test]
    fn seat_book_round_trips_and_forgets_the_oldest() {
        let mut b = SeatBook::default();
        for i in 0..70u8 {
            b.insert(&room_id(i), Color::Black, "s", f64::from(i));
        }
        assert_eq!(b.seats.len(), MAX_SEATS);
        assert!(b.get(&room_id(0)).is_none());
        assert_eq!(b.get(&room_id(69)).map(|e| e.seat), Some(Color::Black));
        let again = SeatBook::parse(&b.to_json());
        assert_eq!(again, b);
        assert_eq!(SeatBook::parse("garbage"), SeatBook::default());
        assert!(b.to_json().contains(r#""seat":"black""#));
        assert!(b.remove(&room_id(69)));
        assert!(!b.remove(&room_id(69)));
        assert!(b.get(&room_id(69)).is_none());
    }

    #[test]
    fn a_damaged_seat_entry_does_not_lose_the_others() {
        let good = room_id(7);
        let text = format!(
            r#"{{"{good}": {{"seat": "white", "secret": "s1"}}, "../etc": {{"seat": "black", "secret": "x"}}, "{}": {{"seat": "purple"}}}}"#,
            room_id(8)
        );
        let b = SeatBook::parse(&text);
        assert_eq!(b.seats.len(), 1);
        assert_eq!(b.get(&good).map(|e| e.secret.as_str()), Some("s1"));
    }
}
