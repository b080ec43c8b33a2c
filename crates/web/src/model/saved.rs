//! The saved-game schema: a game as this device stores it ([`SavedGame`], versioned), the
//! online seats it holds ([`SeatBook`]), and what reading or writing them may report
//! ([`ReadError`], [`Quarantined`], [`WriteError`]). The store that keeps them in
//! `localStorage` is the runtime's (`effects::storage`).
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
use crate::model::{AiGame, apply_result};
use engine::Level;
use protocol::{Outcome, RoomId};
use rules::{Color, Game, PromotionRule, Rules};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

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
    /// The PGN an imported game was read from (absent: not imported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<SavedRecord>,
}

/// The PGN of an imported game: its text (tags and end are read from it again) and how its end
/// is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRecord {
    /// The text as imported (at most [`MAX_RECORD_BYTES`](crate::model::export::MAX_RECORD_BYTES)).
    pub pgn: String,
    /// How its end is shown.
    pub shown: crate::model::export::RecordEnd,
    /// The record's plies (the end is the record's while the game has exactly these).
    pub plies: usize,
}

impl SavedGame {
    /// How the saved list shows the end of an imported game still at its record's end
    /// (`None` for any other game).
    #[must_use]
    pub fn record_end(&self) -> Option<crate::model::export::RecordEnd> {
        self.record
            .as_ref()
            .filter(|r| r.plies == self.moves.len())
            .map(|r| r.shown)
    }
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
    /// The counting trainer's drill (`rook`, `khon-met`...), absent for a game of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drill: Option<super::drill::DrillKind>,
}

impl SavedAi {
    /// The stored form of `game`.
    pub fn from_ai(game: AiGame) -> SavedAi {
        SavedAi {
            level: game.level.number(),
            human: game.human,
            drill: game.drill,
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
            drill: self.drill,
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
            record: None,
        }
    }

    /// The record with the PGN an imported game came from.
    #[must_use]
    pub fn with_record(mut self, record: Option<&crate::model::export::Record>) -> SavedGame {
        self.record = record.map(|r| SavedRecord {
            pgn: r.text.clone(),
            shown: r.shown,
            plies: r.plies,
        });
        self
    }

    /// The imported game's record, read again under the game's rules.
    #[must_use]
    pub fn to_record(&self) -> Option<crate::model::export::Record> {
        let r = self.record.as_ref()?;
        crate::model::export::Record::restore(&r.pgn, r.shown, self.rules.to_rules())
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
        // An online game may have ended by time, abandonment, abort or the ply cap, which the
        // moves do not show: the record keeps the server's result as it is.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn room_id(n: u8) -> RoomId {
        RoomId::from_bytes([n; 10])
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
