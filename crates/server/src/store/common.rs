//! What the database stores ([`super::SqliteStore`], [`super::PostgresStore`]) share: the
//! decoding and checking of stored rows, the checks an append passes before it is written,
//! and the health of writes. Each store only moves values between its database and these.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use protocol::{PromotionRule, RoomEvent, RoomId, TimeControl};
use rules::ByColor;

use super::{Append, Loaded, Phase, RoomMeta, SecretHash, StoreError, StoredRoom};

/// The names of the live phases, as stored.
pub(super) const LIVE: [&str; 2] = [Phase::Waiting.name(), Phase::Playing.name()];

/// The columns of a room row, in the order of [`RoomRow`]'s fields.
pub(super) const ROOM_COLUMNS: &str = "id, created_ms, public, promotion, clock_initial_secs, \
                                       clock_increment_secs, initial_fen, white_secret, \
                                       black_secret, phase, away, rated, seek";

/// Reads the count of rooms ever created less those purged (one row, or none).
pub(super) const ROOMS_CREATED_SQL: &str = "SELECT value - coalesce((SELECT value FROM \
     lobby_meta WHERE key = 'rooms_purged'), 0) FROM lobby_meta WHERE key = 'rooms_created'";

/// How a room's end is stored: when, and whether [`super::Store::purge`] may delete it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ending {
    /// Ms since the Unix epoch: the game's end as its event says, else the write's time.
    pub ended_ms: u64,
    /// Cancelled, expired or aborted (at most one move: an abort comes only before both
    /// sides have moved).
    pub purgeable: bool,
}

/// The end an append brings (its phase becomes finished or closed), if it does.
pub(super) fn ending(a: &Append) -> Option<Ending> {
    let phase = a.phase.filter(|p| !p.is_live())?;
    let over = a.events.iter().find_map(|e| match e {
        RoomEvent::GameOver { result, at_ms, .. } => Some((*result, *at_ms)),
        _ => None,
    });
    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    };
    let ended_ms = over.and_then(|(_, at)| at).unwrap_or_else(now);
    let purgeable =
        phase == Phase::Closed || over.is_some_and(|(result, _)| result == rules::Outcome::Aborted);
    Some(Ending {
        ended_ms,
        purgeable,
    })
}

/// Decodes a stored away record (JSON); one that does not read is logged and left out (the
/// countdown then starts again, as it did before such records were kept).
pub(super) fn decode_away(id: &str, text: Option<&str>) -> Option<super::AwayRecord> {
    let text = text?;
    match serde_json::from_str(text) {
        Ok(a) => Some(a),
        Err(e) => {
            tracing::warn!("room {id:?}: away record not read ({e}): ignored");
            None
        }
    }
}

/// `true` when the store holds a room.
pub(super) const ANY_ROOM_SQL: &str = "SELECT EXISTS (SELECT 1 FROM rooms)";

/// What is wrong with a room id that does not read.
pub(super) const NOT_A_ROOM_ID: &str = "the id is not a room id (20 lower-case hex digits)";

/// How much of an unreadable event is quoted in the log, in characters.
const LOGGED_TEXT_CHARS: usize = 200;

/// Locks `m`, going on with the data of a poisoned lock (connections, queues and flags stay
/// usable when a thread panicked while holding them).
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A room row as the database returned it ([`ROOM_COLUMNS`]), before it is checked.
#[derive(Debug)]
pub(super) struct RoomRow {
    /// The id as stored.
    pub id: String,
    /// Creation time, ms since the Unix epoch.
    pub created_ms: i64,
    pub public: bool,
    pub promotion: String,
    /// Seconds, both or neither.
    pub clock_initial_secs: Option<i64>,
    pub clock_increment_secs: Option<i64>,
    pub initial_fen: String,
    pub white_secret: Option<String>,
    pub black_secret: Option<String>,
    pub phase: String,
    /// The away record as JSON ([`super::AwayRecord`]).
    pub away: Option<String>,
    pub rated: bool,
    /// The seek's terms as JSON ([`super::SeekTerms`]), `None` when empty.
    pub seek: Option<String>,
}

/// The column of a room's [`super::SeekTerms`]: JSON, or `NULL` when empty.
pub(super) fn seek_column(m: &RoomMeta) -> Option<String> {
    (!m.seek.is_empty()).then(|| serde_json::to_string(&m.seek).unwrap_or_default())
}

/// A room row that cannot be decoded: its id as stored (for the log) and what is wrong.
#[derive(Debug)]
pub(super) struct BadRow {
    pub id: String,
    pub what: String,
}

impl From<BadRow> for StoreError {
    fn from(bad: BadRow) -> StoreError {
        StoreError::Corrupt {
            room: Some(bad.id),
            what: bad.what,
        }
    }
}

/// The two clock columns of a room (`clock_initial_secs`, `clock_increment_secs`), read back
/// by [`decode_room`]: both seconds of a Fischer control, or neither for an untimed room.
pub(super) fn clock_columns(clock: Option<TimeControl>) -> (Option<i64>, Option<i64>) {
    match clock {
        None => (None, None),
        Some(TimeControl::Fischer(f)) => (
            Some(i64::from(f.initial_secs())),
            Some(i64::from(f.increment_secs())),
        ),
    }
}

/// Checks a room row and makes the room of it (without its events).
pub(super) fn decode_room(row: RoomRow) -> Result<StoredRoom, BadRow> {
    let decode = |row: RoomRow| -> Result<StoredRoom, String> {
        let id: RoomId = row.id.parse().map_err(|_| NOT_A_ROOM_ID)?;
        let created_ms = u64::try_from(row.created_ms)
            .map_err(|_| format!("negative creation time {}", row.created_ms))?;
        let promotion: PromotionRule = row
            .promotion
            .parse()
            .map_err(|_| format!("unknown promotion rule {:?}", row.promotion))?;
        let secs =
            |n: i64, what: &str| u32::try_from(n).map_err(|_| format!("{what} {n} out of range"));
        let clock = match (row.clock_initial_secs, row.clock_increment_secs) {
            (Some(initial), Some(increment)) => Some(
                TimeControl::fischer(
                    secs(initial, "initial clock time")?,
                    secs(increment, "clock increment")?,
                )
                .map_err(|e| e.to_string())?,
            ),
            (None, None) => None,
            _ => return Err("a clock with only one of its two times".into()),
        };
        let phase =
            Phase::from_name(&row.phase).ok_or_else(|| format!("unknown phase {:?}", row.phase))?;
        let seek = match row.seek.as_deref() {
            None => super::SeekTerms::default(),
            Some(json) => serde_json::from_str(json).map_err(|e| format!("seek {json:?}: {e}"))?,
        };
        Ok(StoredRoom {
            meta: RoomMeta {
                id,
                created_ms,
                public: row.public,
                promotion,
                clock,
                initial_fen: row.initial_fen,
                rated: row.rated,
                seek,
            },
            phase,
            secrets: ByColor {
                white: row.white_secret.map(SecretHash),
                black: row.black_secret.map(SecretHash),
            },
            events: Vec::new(),
            away: decode_away(&row.id, row.away.as_deref()),
        })
    };
    let id = row.id.clone();
    decode(row).map_err(|what| BadRow { id, what })
}

/// Decodes stored event `seq` (JSON `text`), which must be event number `expected` (events
/// are numbered from 1 without gaps).
pub(super) fn decode_event(seq: i64, text: &str, expected: usize) -> Result<RoomEvent, String> {
    if usize::try_from(seq).ok() != Some(expected) {
        return Err(format!("event {expected} is missing (found event {seq})"));
    }
    serde_json::from_str(text).map_err(|e| {
        format!(
            "event {seq} cannot be read ({e}): {}",
            shortened(text, LOGGED_TEXT_CHARS)
        )
    })
}

/// `text`, cut after `max` characters (marked with `…`).
fn shortened(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Adds the next event to `room`, read from one room's events in order: `decode` gets the
/// number the event must have.
///
/// # Errors
/// [`StoreError::Corrupt`] when the event cannot be decoded.
pub(super) fn push_event(
    room: &mut StoredRoom,
    decode: impl FnOnce(usize) -> Result<RoomEvent, String>,
) -> Result<(), StoreError> {
    let e = decode(room.events.len() + 1).map_err(|what| StoreError::Corrupt {
        room: Some(room.meta.id.to_string()),
        what,
    })?;
    room.events.push(e);
    Ok(())
}

/// [`Loaded`] in the making, from the rows of [`Store::load_live`](super::Store::load_live)'s
/// queries: the live rooms in order, the rooms of unknown phases, then every event of the
/// live rooms, each room's in order. A room that does not decode is skipped, logged and
/// counted.
#[derive(Debug, Default)]
pub(super) struct LiveRooms {
    /// The rooms in order; `None` once skipped.
    rooms: Vec<Option<StoredRoom>>,
    /// The position of each room, by id.
    index: HashMap<String, usize>,
    skipped: u64,
}

impl LiveRooms {
    /// The next live room row.
    pub fn room(&mut self, room: Result<StoredRoom, BadRow>) {
        match room {
            Ok(room) => {
                self.index
                    .insert(room.meta.id.as_str().to_owned(), self.rooms.len());
                self.rooms.push(Some(room));
            }
            Err(bad) => self.skip(&bad.id, &bad.what),
        }
    }

    /// A room whose phase is none of [`Phase::ALL`].
    pub fn unknown_phase(&mut self, id: &str, phase: &str) {
        self.skip(id, &format!("unknown phase {phase:?}"));
    }

    /// An event of room `id` (as stored): `decode` gets the number the event must have.
    /// Events of rooms not read (or already skipped) are left alone.
    pub fn event(&mut self, id: &str, decode: impl FnOnce(usize) -> Result<RoomEvent, String>) {
        let Some(&i) = self.index.get(id) else {
            return;
        };
        let Some(room) = self.rooms.get_mut(i).and_then(Option::as_mut) else {
            return;
        };
        match decode(room.events.len() + 1) {
            Ok(e) => room.events.push(e),
            Err(what) => {
                let id = room.meta.id.to_string();
                self.rooms[i] = None;
                self.skip(&id, &what);
            }
        }
    }

    fn skip(&mut self, id: &str, what: &str) {
        tracing::error!("room {id:?} skipped: {what}");
        self.skipped += 1;
    }

    /// The rooms read and the count of those skipped.
    pub fn finish(self) -> Loaded {
        Loaded {
            rooms: self.rooms.into_iter().flatten().collect(),
            skipped: self.skipped,
        }
    }
}

/// `WHERE` terms selecting the rows whose phase is none of [`Phase::ALL`], as ranges between
/// the known names (so that the phase index answers them without reading the known rows).
/// The ranges exclude exactly the known names under any collation in which they sort as in
/// byte order (the stores compare phases in byte order).
pub(super) fn unknown_phase_condition() -> String {
    let mut names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
    names.sort_unstable();
    let mut terms = Vec::with_capacity(names.len() + 1);
    let mut below: Option<&str> = None;
    for name in names {
        terms.push(match below {
            None => format!("phase < '{name}'"),
            Some(b) => format!("(phase > '{b}' AND phase < '{name}')"),
        });
        below = Some(name);
    }
    if let Some(b) = below {
        terms.push(format!("phase > '{b}'"));
    }
    terms.join(" OR ")
}

/// Event number `seq` of `a` as stored (a number past `i64::MAX` cannot follow anything).
pub(super) fn stored_seq(a: &Append, seq: u64) -> Result<i64, StoreError> {
    i64::try_from(seq).map_err(|_| StoreError::Conflict {
        room: a.room.clone(),
        seq,
    })
}

/// The creation time of a new room as stored.
pub(super) fn stored_created_ms(m: &RoomMeta) -> Result<i64, StoreError> {
    i64::try_from(m.created_ms).map_err(|_| StoreError::Corrupt {
        room: Some(m.id.to_string()),
        what: format!("creation time {} out of range", m.created_ms),
    })
}

/// The fence a room created by `a` is stored with (0 for an unfenced append).
pub(super) fn stored_fence(a: &Append) -> Result<i64, StoreError> {
    let fence = a.fence.unwrap_or(0);
    i64::try_from(fence).map_err(|_| StoreError::Corrupt {
        room: Some(a.room.to_string()),
        what: format!("fence {fence} out of range"),
    })
}

/// A fence read from the database.
pub(super) fn read_fence(room: &RoomId, fence: i64) -> Result<u64, StoreError> {
    u64::try_from(fence).map_err(|_| StoreError::Corrupt {
        room: Some(room.to_string()),
        what: format!("negative fence {fence}"),
    })
}

/// The event `a`'s event `seq` as stored: JSON text.
pub(super) fn encode_event(a: &Append, seq: u64, e: &RoomEvent) -> Result<String, StoreError> {
    serde_json::to_string(e).map_err(|e| StoreError::Corrupt {
        room: Some(a.room.to_string()),
        what: format!("event {seq} cannot be encoded: {e}"),
    })
}

/// Whether `a` may be written, given what the database holds of its room (read in the
/// append's transaction, with the room's creation already written): `None` when there is no
/// such room, otherwise its stored fence and the number of its last event.
///
/// # Errors
/// [`StoreError::UnknownRoom`], [`StoreError::Fenced`] (checked first), or
/// [`StoreError::Conflict`] when `a.first_seq` does not follow the last event.
pub(super) fn check_position(
    a: &Append,
    found: Option<(i64, Option<i64>)>,
) -> Result<(), StoreError> {
    let Some((fence, last)) = found else {
        return Err(StoreError::UnknownRoom(a.room.clone()));
    };
    if let Some(held) = a.fence {
        let fence = read_fence(&a.room, fence)?;
        if fence != held {
            return Err(StoreError::Fenced {
                room: a.room.clone(),
                fence,
            });
        }
    }
    let first = stored_seq(a, a.first_seq)?;
    if last.unwrap_or(0).checked_add(1) != Some(first) {
        return Err(StoreError::Conflict {
            room: a.room.clone(),
            seq: a.first_seq,
        });
    }
    Ok(())
}

/// Logs loudly when the database counts `created` rooms (the `rooms_created` counter) but
/// holds none (`any` is `false`): its rooms were lost. `what` names the database.
pub(super) fn warn_if_rooms_lost(created: Option<i64>, any: bool, what: &str) -> bool {
    let lost = created.unwrap_or(0) > 0 && !any;
    if lost {
        tracing::error!(
            "the lobby database {what} counts created rooms but holds NONE: its rooms were \
             lost (deleted or replaced); a NEW, EMPTY lobby is starting. Stop the server and \
             restore a backup if that is wrong"
        );
    }
    lost
}

/// The failure that a write's result is for the store's health: a database error (a
/// refused append is not one).
pub(super) fn failure_of(r: &Result<(), StoreError>) -> Option<&StoreError> {
    r.as_ref()
        .err()
        .filter(|e| matches!(e, StoreError::Database(_)))
}

/// The health of a store's writes: the failure of the latest write, if it failed.
#[derive(Debug, Default)]
pub(super) struct WriteHealth(Mutex<Option<String>>);

impl WriteHealth {
    /// Records the latest write: `None` when it succeeded, else its failure. Logs the turns
    /// from succeeding to failing and back.
    pub fn record(&self, failure: Option<String>) {
        let mut f = lock(&self.0);
        match (&*f, &failure) {
            (None, Some(e)) => tracing::error!("writes to the lobby database fail: {e}"),
            (Some(_), None) => tracing::info!("writes to the lobby database succeed again"),
            _ => {}
        }
        *f = failure;
    }

    /// `Ok` while the latest write succeeded, else its failure.
    pub fn get(&self) -> Result<(), String> {
        match &*lock(&self.0) {
            None => Ok(()),
            Some(e) => Err(e.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> RoomRow {
        RoomRow {
            rated: false,
            seek: None,
            id: RoomId::from_bytes([7; 10]).to_string(),
            created_ms: 5,
            public: true,
            promotion: "any".into(),
            clock_initial_secs: Some(60),
            clock_increment_secs: Some(1),
            initial_fen: "fen".into(),
            white_secret: Some("w".into()),
            black_secret: None,
            phase: "playing".into(),
            away: None,
        }
    }

    #[test]
    fn rows_are_checked() {
        let room = decode_room(row()).expect("decodes");
        assert_eq!(room.phase, Phase::Playing);
        assert_eq!(room.meta.clock, TimeControl::fischer(60, 1).ok());
        assert_eq!(
            clock_columns(room.meta.clock),
            (row().clock_initial_secs, row().clock_increment_secs)
        );
        let bad = |change: fn(&mut RoomRow), what: &str| {
            let mut r = row();
            change(&mut r);
            let e = decode_room(r).expect_err("bad row");
            assert!(e.what.contains(what), "{} lacks {what}", e.what);
        };
        bad(|r| r.id = "../etc/passwd".into(), "room id");
        bad(|r| r.created_ms = -1, "negative creation time");
        bad(|r| r.promotion = "sideways".into(), "promotion");
        bad(|r| r.clock_increment_secs = None, "only one");
        bad(|r| r.clock_initial_secs = Some(-3), "out of range");
        // Decoded through the rules' constructor: no time control it would refuse.
        bad(|r| r.clock_initial_secs = Some(0), "an initial time of 0 s");
        bad(
            |r| r.clock_increment_secs = Some(181),
            "an increment of 181 s",
        );
        bad(|r| r.phase = "limbo".into(), "unknown phase");
    }

    #[test]
    fn events_are_numbered_without_gaps() {
        let text = r#"{"kind":"seated","seat":"white"}"#;
        assert!(decode_event(1, text, 1).is_ok());
        assert!(
            decode_event(2, text, 1)
                .expect_err("gap")
                .contains("missing")
        );
        let long = "x".repeat(1_000);
        let e = decode_event(1, &long, 1).expect_err("bad");
        assert!(e.chars().count() < 400, "{e}");
    }
}
