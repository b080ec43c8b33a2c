//! The storage effects: saved games, the game to resume, the language, the sound setting,
//! the looks, the board's orientation and the seats, in `localStorage` through [`Store`]; and
//! other tabs' changes, followed through the `storage` event.
//!
//! [`Store`] keeps the schema of [`crate::model::saved`] under these keys.
//!
//! # Keys (with the default prefix `asean`)
//! - `asean.games.v1.<id>`: one saved game, a JSON [`SavedGame`] (`version` 1).
//! - `asean.current.v1`: the id of the game on the board, resumed after a reload.
//! - `asean.lang.v1`: the chosen interface language (`en`, `fr`, `pt`, `de`).
//! - `asean.sound.v1`: whether the page's sounds are on: `on` or `off` (absent: on).
//! - `asean.drills.v1`: the counting trainer's best results, the fewest moves to mate of each
//!   drill passed: `{"rook": 9, "khon-met": 27}` ([`crate::model::drill::Records`]; what cannot
//!   be read is left out).
//! - `asean.lessons.v1`: the lessons' best stars, by lesson and task: `{"rook": [3, 2]}`
//!   ([`crate::model::lesson::Progress`]; what cannot be read is left out).
//! - `asean.theme.v1` (`auto`, `light`, `dark`), `asean.pieces.v1` (`thai`, `western`) and
//!   `asean.board.v1` (`teak`, `jade`, `slate`): the looks ([`crate::model::looks`]); a
//!   missing or unknown value reads as the default (`auto`, `thai`, `teak`). The page's inline
//!   script in `index.html` reads them too, before the first paint.
//! - `asean.seats.v1`: the online seats this browser holds, by room id: `{"<id>": {"seat":
//!   "white"|"black", "secret": "…", "at": <millis>}}` ([`SeatBook`]).
//! - `asean.quarantine.<id>.<millis>`: the untouched text of an entry that could not be read
//!   (invalid JSON, wrong shape, moves that do not replay, or an unknown `version`). Entries are
//!   moved there, never silently deleted, and the UI says so.

use super::Dispatch;
use crate::STORAGE_PREFIX;
use crate::dom;
use crate::model::looks::{BoardTheme, LookChoice, Looks, PieceSet, Theme};
use crate::model::saved::{Quarantined, ReadError, SavedGame, SeatBook, WriteError};
use crate::update::{LoadPurpose, LooksMsg, Msg, StorageCmd};
use protocol::RoomId;
use rules::Game;
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
/// use web::effects::storage::look_at;
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

    fn drills_key(&self) -> String {
        format!("{}.drills.v1", self.prefix)
    }

    /// The counting trainer's best results (none when absent or unreadable).
    pub fn drills(&self) -> crate::model::drill::Records {
        self.backend
            .get(&self.drills_key())
            .map(|text| crate::model::drill::Records::parse(&text))
            .unwrap_or_default()
    }

    /// Remembers the counting trainer's best results.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn set_drills(&self, records: &crate::model::drill::Records) -> Result<(), WriteError> {
        let text = serde_json::to_string(records).map_err(|e| WriteError::Other(e.to_string()))?;
        self.backend.set(&self.drills_key(), &text)
    }

    fn lessons_key(&self) -> String {
        format!("{}.lessons.v1", self.prefix)
    }

    /// The lessons' best stars (none when absent or unreadable).
    pub fn lessons(&self) -> crate::model::lesson::Progress {
        self.backend
            .get(&self.lessons_key())
            .map(|text| crate::model::lesson::Progress::from_json(&text))
            .unwrap_or_default()
    }

    /// Remembers the lessons' best stars.
    ///
    /// # Errors
    /// As [`Backend::set`].
    pub fn set_lessons(&self, progress: &crate::model::lesson::Progress) -> Result<(), WriteError> {
        self.backend.set(&self.lessons_key(), &progress.to_json())
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

/// Whether a stored version of the game (`stored`) must not be overwritten by ours (`ours`,
/// its moves in UCI): it was written after the version this tab knows (`synced`: its `updated`
/// time and moves) and it is not a prefix of ours (our moves do not extend it).
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

/// The first message of the page: what storage holds, and the room of the address.
pub fn started(store: &Store, room: Option<RoomId>, seat: Option<protocol::Color>) -> Msg {
    let current = store
        .current_id()
        .and_then(|id| store.load(&id).transpose());
    let (saved, problems) = store.list();
    Msg::Started {
        current,
        saved,
        problems,
        seats: store.seats(),
        room,
        seat,
        flip: store.flip(),
    }
}

/// Runs a storage command.
pub fn run(store: &Store, cmd: StorageCmd, dispatch: &Dispatch) {
    match cmd {
        StorageCmd::Save { saved, synced } => {
            if let Ok(Some((stored, game))) = store.load(&saved.id)
                && stored_is_newer(synced.as_ref(), &stored, &saved.moves)
            {
                dispatch.send(Msg::StoredNewer {
                    saved: stored,
                    game,
                });
                return;
            }
            let result = store
                .save(&saved)
                .and_then(|()| store.set_current_id(&saved.id));
            dispatch.send(match result {
                Ok(()) => Msg::Wrote,
                Err(e) => Msg::WriteFailed(e),
            });
        }
        StorageCmd::Record(saved) => {
            if let Err(e) = store.save(&saved) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::Delete(id) => store.delete(&id),
        StorageCmd::SetCurrent(id) => {
            if let Err(e) = store.set_current_id(&id) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::Load { id, purpose } => dispatch.send(Msg::Loaded {
            purpose,
            result: store.load(&id),
        }),
        StorageCmd::LoadCurrent => dispatch.send(Msg::Loaded {
            purpose: LoadPurpose::BackToLocal,
            result: match store.current_id() {
                Some(id) => store.load(&id),
                None => Ok(None),
            },
        }),
        StorageCmd::ListSaved => {
            let (games, problems) = store.list();
            dispatch.send(Msg::SavedList { games, problems });
        }
        StorageCmd::SaveLang(lang) => {
            if let Err(e) = store.set_lang(lang.code()) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveFlip { game, flipped } => {
            if let Err(e) = store.set_flip(&game, flipped) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveLessons(progress) => {
            if let Err(e) = store.set_lessons(&progress) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveDrills(records) => {
            if let Err(e) = store.set_drills(&records) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveSound(on) => {
            if let Err(e) = store.set_sound(on) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveLook(choice) => {
            if let Err(e) = store.save_look(choice) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveSeats(book) => {
            if let Err(e) = store.save_seats(&book) {
                dom::log(&format!("online: the seats could not be stored: {e}"));
            }
        }
    }
}

/// Follows other tabs' changes of this site's storage (the `storage` event never fires for
/// this tab's own writes).
pub fn watch(dispatch: &Dispatch) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let dispatch = dispatch.clone();
    let games = format!("{STORAGE_PREFIX}.games.v1.");
    let seats = format!("{STORAGE_PREFIX}.seats.v1");
    let ours = format!("{STORAGE_PREFIX}.");
    dom::on(&window, "storage", move |ev: web_sys::StorageEvent| {
        if let (Some(k), Some(v)) = (ev.key(), ev.new_value())
            && let Some(choice) = look_at(STORAGE_PREFIX, &k, &v)
        {
            dispatch.send(Msg::Looks(LooksMsg::Stored(choice)));
            return;
        }
        let msg = match ev.key() {
            Some(k) if !k.starts_with(&ours) => return,
            Some(k) if k == seats => Msg::SeatsChanged(
                ev.new_value()
                    .map(|t| SeatBook::parse(&t))
                    .unwrap_or_default(),
            ),
            Some(k) => match k.strip_prefix(&games) {
                Some(id) => Msg::StoredGameChanged {
                    id: id.to_owned(),
                    value: ev.new_value(),
                },
                None => Msg::StorageChanged,
            },
            // The whole storage was cleared.
            None => Msg::StorageChanged,
        };
        dispatch.send(msg);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::AiGame;
    use engine::Level;
    use rules::{Color, Game, Rules};

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

    fn store() -> Store {
        Store::new(Box::<MemoryBackend>::default(), "t", true)
    }

    #[test]
    fn the_drills_best_results_are_remembered_and_a_bad_entry_reads_as_none() {
        use crate::model::drill::{DrillKind, Records};
        let s = store();
        assert_eq!(s.drills(), Records::default());
        let mut r = Records::default();
        r.pass(DrillKind::KhonMet, 27);
        s.set_drills(&r).expect("written");
        assert_eq!(
            s.get_raw("t.drills.v1").as_deref(),
            Some(r#"{"khon-met":27}"#)
        );
        assert_eq!(s.drills(), r);
        s.put_raw("t.drills.v1", "[1,2").expect("written");
        assert_eq!(s.drills(), Records::default());
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
            drill: None,
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
}
