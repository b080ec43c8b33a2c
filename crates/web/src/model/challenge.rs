//! Challenges between accounts, in the page: the signed-in player's challenges received and
//! sent, as the server's stream of the player's events tells them (`GET /api/stream/event`,
//! NDJSON, the same stream boards and bots read: see the server's `api::events`), and the
//! form that sends one from a profile (`POST /api/challenge/{username}`).
//!
//! The stream's lines are read here into typed values ([`read_event`]); a line of another
//! type (`gameFinish`, a type added later) is [`Event::Other`], a line that is not JSON or
//! lacks a field an error the page logs and skips.

use protocol::RoomId;
use protocol::TimeControl;
use protocol::user::Username;
use serde::Deserialize;

use super::account::Problem;

/// The longest line of the event stream read (a challenge is well under 1 KB): past it the
/// stream is dropped and opened again, so a broken server cannot make the page hold memory.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The challenges the page lists at most, each way (the server keeps 20 open per
/// challenger; many challengers could send more).
pub const MAX_LISTED: usize = 20;

/// Milliseconds before the stream is opened again after it ended or failed, doubled each time
/// up to [`RETRY_MAX_MS`].
pub const RETRY_FIRST_MS: u32 = 2_000;
/// The longest wait before opening the stream again.
pub const RETRY_MAX_MS: u32 = 60_000;

/// The colour a challenger asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeColor {
    /// White for the challenger.
    White,
    /// Black for the challenger.
    Black,
    /// Drawn when accepted.
    Random,
}

impl ChallengeColor {
    /// lichess's name (`white`, `black`, `random`), as the form sends it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ChallengeColor::White => "white",
            ChallengeColor::Black => "black",
            ChallengeColor::Random => "random",
        }
    }

    /// The colour named `name`; `None` for another name.
    #[must_use]
    pub fn named(name: &str) -> Option<ChallengeColor> {
        [
            ChallengeColor::White,
            ChallengeColor::Black,
            ChallengeColor::Random,
        ]
        .into_iter()
        .find(|c| c.name() == name)
    }
}

/// One side of a challenge: the account and its rating when the challenge was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeSide {
    /// The account's name, as its owner writes it.
    pub name: Username,
    /// Its rating in the challenge's perf.
    pub rating: i32,
    /// Whether that rating is still provisional.
    pub provisional: bool,
}

/// A challenge, as the stream tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id, which is also the id of the game's room once accepted.
    pub id: RoomId,
    /// Who sent it.
    pub challenger: ChallengeSide,
    /// Who it is for.
    pub dest: ChallengeSide,
    /// The time control; `None` for a game without clocks.
    pub clock: Option<TimeControl>,
    /// Rated or casual.
    pub rated: bool,
    /// The colour the challenger asked for.
    pub color: ChallengeColor,
}

/// A line of the stream, as the page uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A challenge made or received (`challenge`).
    Challenge(Challenge),
    /// A challenge withdrawn by its challenger (`challengeCanceled`).
    Canceled(Challenge),
    /// A challenge declined by the player it was for (`challengeDeclined`), with the reason's
    /// key (`generic`, `later`, `timeControl`, ...).
    Declined(Challenge, String),
    /// A game of the player started (`gameStart`): its room.
    GameStart(RoomId),
    /// Any other line (`gameFinish`, a type this page does not know).
    Other,
}

#[derive(Deserialize)]
struct SideWire {
    name: String,
    #[serde(default)]
    rating: i32,
    #[serde(default)]
    provisional: bool,
}

#[derive(Deserialize)]
struct TimeControlWire {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    limit: u32,
    #[serde(default)]
    increment: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChallengeWire {
    id: String,
    challenger: SideWire,
    dest_user: SideWire,
    time_control: TimeControlWire,
    #[serde(default)]
    rated: bool,
    color: String,
    #[serde(default)]
    decline_reason_key: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameWire {
    game_id: String,
}

#[derive(Deserialize)]
struct EventWire {
    #[serde(rename = "type")]
    kind: String,
    challenge: Option<ChallengeWire>,
    game: Option<GameWire>,
}

fn side(w: SideWire) -> Result<ChallengeSide, String> {
    Ok(ChallengeSide {
        name: w
            .name
            .parse()
            .map_err(|_| format!("`{}` is not a username", w.name))?,
        rating: w.rating,
        provisional: w.provisional,
    })
}

fn challenge(w: ChallengeWire) -> Result<(Challenge, Option<String>), String> {
    let id =
        w.id.parse()
            .map_err(|_| format!("`{}` is not a challenge id", w.id))?;
    let clock = match w.time_control.kind.as_str() {
        "clock" => Some(
            TimeControl::fischer(w.time_control.limit, w.time_control.increment)
                .map_err(|e| e.to_string())?,
        ),
        "unlimited" => None,
        other => return Err(format!("a `{other}` time control is not played here")),
    };
    let color =
        ChallengeColor::named(&w.color).ok_or_else(|| format!("`{}` is not a colour", w.color))?;
    Ok((
        Challenge {
            id,
            challenger: side(w.challenger)?,
            dest: side(w.dest_user)?,
            clock,
            rated: w.rated,
            color,
        },
        w.decline_reason_key,
    ))
}

/// Reads one line of the stream: `None` for an empty line (the stream's keep-alive).
///
/// # Errors
/// What is wrong with the line: not JSON, a field missing or of another shape.
pub fn read_event(line: &str) -> Result<Option<Event>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let w: EventWire = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let need =
        |c: Option<ChallengeWire>| c.ok_or_else(|| format!("a `{}` without its challenge", w.kind));
    let event = match w.kind.as_str() {
        "challenge" => Event::Challenge(challenge(need(w.challenge)?)?.0),
        "challengeCanceled" => Event::Canceled(challenge(need(w.challenge)?)?.0),
        "challengeDeclined" => {
            let (c, reason) = challenge(need(w.challenge)?)?;
            Event::Declined(c, reason.unwrap_or_else(|| "generic".to_owned()))
        }
        "gameStart" => {
            let g = w.game.ok_or("a `gameStart` without its game")?;
            Event::GameStart(
                g.game_id
                    .parse()
                    .map_err(|_| format!("`{}` is not a game id", g.game_id))?,
            )
        }
        _ => Event::Other,
    };
    Ok(Some(event))
}

/// The state of the page's event stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StreamState {
    /// Not open (nobody signed in).
    #[default]
    Closed,
    /// Open or opening.
    Open,
    /// Ended: opened again after this many milliseconds (the wait doubles each time).
    Waiting(u32),
}

/// The form that sends a challenge (from a profile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeForm {
    /// Who is challenged.
    pub to: Username,
    /// The time control chosen; `None` for no clocks.
    pub clock: Option<TimeControl>,
    /// The colour asked for.
    pub color: ChallengeColor,
    /// Rated (only with a clock).
    pub rated: bool,
    /// Sent and not answered yet.
    pub busy: bool,
    /// Why the last try failed.
    pub problem: Option<Problem>,
}

impl ChallengeForm {
    /// A new form for `to`: 5+3, random colour, casual.
    #[must_use]
    pub fn new(to: Username) -> ChallengeForm {
        ChallengeForm {
            to,
            clock: TimeControl::fischer(300, 3).ok(),
            color: ChallengeColor::Random,
            rated: false,
            busy: false,
            problem: None,
        }
    }

    /// The form's fields as the server reads them (`rated`, `clock.limit`,
    /// `clock.increment`, `color`, `variant`); a game without clocks is never rated.
    #[must_use]
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        let mut f = vec![
            ("rated", (self.rated && self.clock.is_some()).to_string()),
            ("color", self.color.name().to_owned()),
            ("variant", "asean".to_owned()),
        ];
        if let Some(tc) = self.clock {
            f.push(("clock.limit", tc.initial().as_secs().to_string()));
            f.push(("clock.increment", tc.increment().as_secs().to_string()));
        }
        f
    }
}

/// The signed-in player's challenges.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Challenges {
    /// Received and open, oldest first.
    pub incoming: Vec<Challenge>,
    /// Sent and open, oldest first.
    pub outgoing: Vec<Challenge>,
    /// The challenge form, while open.
    pub form: Option<ChallengeForm>,
    /// The challenges answered from this page and not yet known to the stream (an accept
    /// whose game is opened when its answer comes).
    pub answering: Vec<RoomId>,
    /// The event stream.
    pub stream: StreamState,
    /// The accounts' epoch ([`super::account::Accounts::epoch`]) the stream was opened for;
    /// `None` while it is closed.
    pub opened_for: Option<u32>,
    /// Counts the streams opened: lines of an older one are dropped.
    pub stream_epoch: u32,
}

impl Challenges {
    /// Notes challenge `c` (made or received by `me`), replacing an older copy; past
    /// [`MAX_LISTED`] the oldest leaves the list.
    pub fn note(&mut self, me: &Username, c: Challenge) {
        let list = if c.dest.name.id() == me.id() {
            &mut self.incoming
        } else if c.challenger.name.id() == me.id() {
            &mut self.outgoing
        } else {
            return;
        };
        list.retain(|o| o.id != c.id);
        list.push(c);
        if list.len() > MAX_LISTED {
            list.remove(0);
        }
    }

    /// Takes challenge `id` out of both lists; the one taken, if any.
    pub fn forget(&mut self, id: &RoomId) -> Option<Challenge> {
        let mut taken = None;
        for list in [&mut self.incoming, &mut self.outgoing] {
            if let Some(i) = list.iter().position(|c| &c.id == id) {
                taken = Some(list.remove(i));
            }
        }
        taken
    }

    /// Whether `id` is one of the challenges listed.
    #[must_use]
    pub fn has(&self, id: &RoomId) -> bool {
        self.incoming
            .iter()
            .chain(&self.outgoing)
            .any(|c| &c.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"type":"challenge","challenge":{"id":"0123456789abcdef0123","url":"http://x/#/room/0123456789abcdef0123","status":"created","challenger":{"id":"alice","name":"Alice","rating":1612,"provisional":false},"destUser":{"id":"bob","name":"bob","rating":1500,"provisional":true},"variant":{"key":"asean","name":"ASEAN","short":"ASEAN"},"rated":true,"speed":"blitz","timeControl":{"type":"clock","limit":300,"increment":3,"show":"5+3"},"color":"random","perf":{"name":"blitz"}}}"#;

    fn me(name: &str) -> Username {
        name.parse().expect("test data")
    }

    #[test]
    fn a_challenge_line_is_read_with_its_clock_colour_and_sides() {
        let Some(Event::Challenge(c)) = read_event(LINE).expect("test data") else {
            panic!("not a challenge");
        };
        assert_eq!(c.id.to_string(), "0123456789abcdef0123");
        assert_eq!(c.challenger.name.as_str(), "Alice");
        assert_eq!(c.challenger.rating, 1612);
        assert!(c.dest.provisional);
        assert_eq!(c.clock, TimeControl::fischer(300, 3).ok());
        assert!(c.rated);
        assert_eq!(c.color, ChallengeColor::Random);
    }

    #[test]
    fn other_lines_are_read_or_refused_with_a_reason() {
        assert_eq!(read_event("").expect("test data"), None);
        assert_eq!(
            read_event(r#"{"type":"gameFinish","game":{"gameId":"0123456789abcdef0123"}}"#)
                .expect("test data"),
            Some(Event::Other)
        );
        assert_eq!(
            read_event(r#"{"type":"gameStart","game":{"gameId":"0123456789abcdef0123"}}"#)
                .expect("test data"),
            Some(Event::GameStart(
                "0123456789abcdef0123".parse().expect("test data")
            ))
        );
        let declined = LINE
            .replace("\"type\":\"challenge\"", "\"type\":\"challengeDeclined\"")
            .replace("\"perf\":{", "\"declineReasonKey\":\"later\",\"perf\":{");
        assert!(matches!(
            read_event(&declined).expect("test data"),
            Some(Event::Declined(_, r)) if r == "later"
        ));
        assert!(read_event("not json").is_err());
        assert!(read_event(r#"{"type":"challenge"}"#).is_err());
        let bad_clock = LINE.replace("\"type\":\"clock\"", "\"type\":\"correspondence\"");
        assert!(read_event(&bad_clock).is_err());
    }

    #[test]
    fn challenges_are_listed_by_direction_once_each_and_bounded() {
        let Some(Event::Challenge(c)) = read_event(LINE).expect("test data") else {
            panic!("not a challenge");
        };
        let mut list = Challenges::default();
        list.note(&me("BOB"), c.clone());
        list.note(&me("bob"), c.clone());
        assert_eq!((list.incoming.len(), list.outgoing.len()), (1, 0));
        list.note(&me("alice"), c.clone());
        assert_eq!(list.outgoing.len(), 1);
        list.note(&me("carol"), c.clone());
        assert_eq!((list.incoming.len(), list.outgoing.len()), (1, 1));
        assert!(list.forget(&c.id).is_some());
        assert!(!list.has(&c.id));
        for i in 0..(MAX_LISTED + 5) {
            let mut other = c.clone();
            other.id = format!("{i:020}").parse().expect("test data");
            list.note(&me("bob"), other);
        }
        assert_eq!(list.incoming.len(), MAX_LISTED);
        assert_eq!(list.incoming[0].id.to_string(), "00000000000000000005");
    }

    #[test]
    fn the_form_sends_a_clock_only_when_timed_and_never_rates_an_untimed_game() {
        let mut f = ChallengeForm::new(me("bob"));
        f.rated = true;
        let fields = f.fields();
        assert!(fields.contains(&("rated", "true".to_owned())));
        assert!(fields.contains(&("clock.limit", "300".to_owned())));
        assert!(fields.contains(&("clock.increment", "3".to_owned())));
        f.clock = None;
        let fields = f.fields();
        assert!(fields.contains(&("rated", "false".to_owned())));
        assert!(!fields.iter().any(|(k, _)| k.starts_with("clock")));
    }
}
