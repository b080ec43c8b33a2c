//! An online room as this page knows it ([`RoomView`]: the last snapshot plus the events after
//! it, in order, and the presence reports since), the page's side of a room ([`Online`]), the
//! game rebuilt from a room's moves ([`rebuild`]) and small helpers (invite links, clock
//! texts; a time control's text is its `Display`, `5+3`). Plain Rust, tested on the host.

use core::time::Duration;

use protocol::user::Username;
use protocol::{
    ByColor, ClockSnapshot, CloseReason, Color, Decider, Outcome, RatingChange, RoomEvent, RoomId,
    RoomState,
};
use rules::{Game, Move, Rules};

/// The room id of an invite link's fragment (`#/room/<id>`), if it is one: 20 lower-case hex
/// digits, read once into a [`RoomId`].
///
/// ```
/// use web::model::room::room_from_hash;
/// let id = room_from_hash("#/room/0123456789abcdef0123").unwrap();
/// assert_eq!(id.as_str(), "0123456789abcdef0123");
/// assert_eq!(room_from_hash("#/room/nope"), None);
/// assert_eq!(room_from_hash(""), None);
/// ```
pub fn room_from_hash(hash: &str) -> Option<RoomId> {
    let (path, _) = split_query(hash);
    path.strip_prefix('#')
        .unwrap_or(path)
        .strip_prefix("/room/")?
        .trim_end_matches('/')
        .parse()
        .ok()
}

/// The seat an invite link's fragment names (`#/room/<id>?color=white` or `?color=black`,
/// an open challenge's links for one colour), if it is a room's link and names one.
///
/// ```
/// use web::model::room::seat_from_hash;
/// use protocol::Color;
/// assert_eq!(seat_from_hash("#/room/0123456789abcdef0123?color=black"), Some(Color::Black));
/// assert_eq!(seat_from_hash("#/room/0123456789abcdef0123"), None);
/// assert_eq!(seat_from_hash("#/room/0123456789abcdef0123?color=green"), None);
/// assert_eq!(seat_from_hash("#/account?color=white"), None);
/// ```
pub fn seat_from_hash(hash: &str) -> Option<Color> {
    room_from_hash(hash)?;
    let (_, query) = split_query(hash);
    query?.split('&').find_map(|kv| match kv {
        "color=white" => Some(Color::White),
        "color=black" => Some(Color::Black),
        _ => None,
    })
}

/// A fragment's path and its query (after `?`), if any.
fn split_query(hash: &str) -> (&str, Option<&str>) {
    match hash.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (hash, None),
    }
}

/// The invite link of `room` on the site at `origin` (e.g. `https://example.org`).
pub fn invite_link(origin: &str, room: &RoomId) -> String {
    format!("{}/#/room/{room}", origin.trim_end_matches('/'))
}

/// A clock reading: `m:ss`, or `h:mm:ss` from an hour (whole seconds rounded up), or `s.t`
/// under ten seconds (tenths rounded down).
///
/// ```
/// use core::time::Duration;
/// use web::model::room::clock_text;
/// let ms = Duration::from_millis;
/// assert_eq!(clock_text(ms(300_000)), "5:00");
/// assert_eq!(clock_text(ms(3_723_000)), "1:02:03");
/// assert_eq!(clock_text(ms(9_450)), "9.4");
/// ```
pub fn clock_text(left: Duration) -> String {
    let ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let secs = ms.div_ceil(1000);
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A rating change as the game-over dialog writes it: the sign always, a real minus sign
/// (U+2212) below zero, `±0` for none.
///
/// ```
/// use web::model::room::rating_diff_text;
/// assert_eq!(rating_diff_text(12), "+12");
/// assert_eq!(rating_diff_text(-12), "\u{2212}12");
/// assert_eq!(rating_diff_text(0), "±0");
/// ```
pub fn rating_diff_text(diff: i32) -> String {
    match diff {
        0 => "±0".to_owned(),
        d if d > 0 => format!("+{d}"),
        d => format!("\u{2212}{}", d.unsigned_abs()),
    }
}

/// A rating as players read it: its digits, with `?` after a provisional one (`1512?`).
///
/// ```
/// use web::model::room::rating_text;
/// assert_eq!(rating_text(1512, true), "1512?");
/// assert_eq!(rating_text(1488, false), "1488");
/// ```
pub fn rating_text(rating: i32, provisional: bool) -> String {
    if provisional {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// What an event did to a [`RoomView`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The next event: applied.
    Applied,
    /// Already seen: ignored.
    Duplicate,
    /// Events are missing before it: ignored; join again to catch up.
    Gap,
}

/// What this page knows of the opponent's presence, for `#opponent-status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Connected.
    Online,
    /// Away, with no countdown known (e.g. before the server said how long).
    Away,
    /// Away: the countdown has `ms` left. When it runs out the win may be claimed, or, before
    /// both sides have moved (`aborts`), the server aborts the game.
    Countdown {
        /// Milliseconds left.
        ms: u64,
        /// The game will be aborted rather than won.
        aborts: bool,
    },
    /// The countdown has run out: the win may be claimed, or (`aborts`) the game is being
    /// aborted.
    Gone {
        /// The game is aborted rather than won.
        aborts: bool,
    },
}

/// Who sits in a seat of a room, for the names by the clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player<'a> {
    /// Nobody yet.
    Empty,
    /// A player who is not signed in.
    Anonymous,
    /// A signed-in player.
    User(&'a Username),
}

/// A room as this browser knows it: the last snapshot plus the events after it, in order, and
/// the presence reports since.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomView {
    /// The room.
    pub id: RoomId,
    /// The seat held here (`None`: watching).
    pub you: Option<Color>,
    /// The number of the last event applied.
    pub seq: u64,
    /// The state.
    pub state: RoomState,
    /// When the clocks in `state` were read (milliseconds, the page's clock).
    pub clocks_at: f64,
    /// When the opponent's absence lets us claim the win, or aborts the game before both sides
    /// have moved (milliseconds, the page's clock).
    pub claim_at: Option<f64>,
    /// How a rated game moved each player's rating, when this page received its end
    /// ([`RoomEvent::GameOver`]); a snapshot does not carry it, so `None` after a reload.
    pub ratings: Option<ByColor<RatingChange>>,
}

impl RoomView {
    /// A room from a snapshot received at `now` (milliseconds).
    pub fn from_snapshot(
        id: &RoomId,
        seq: u64,
        you: Option<Color>,
        state: RoomState,
        now: f64,
    ) -> RoomView {
        let claim_at = state.claim_in_ms.map(|ms| now + ms as f64);
        RoomView {
            id: id.clone(),
            you,
            seq,
            state,
            clocks_at: now,
            claim_at,
            ratings: None,
        }
    }

    /// Who sits in `seat`: nobody, an anonymous player or a signed-in one (by name).
    pub fn player(&self, seat: Color) -> Player<'_> {
        match (
            self.state.seats.get(seat).taken,
            self.state.players.get(seat),
        ) {
            (_, Some(user)) => Player::User(user),
            (true, None) => Player::Anonymous,
            (false, None) => Player::Empty,
        }
    }

    /// The rating `seat`'s signed-in player sat down with (`None`: anonymous, empty, or an
    /// untimed room).
    #[must_use]
    pub fn seat_rating(&self, seat: Color) -> Option<protocol::SeatRating> {
        self.state
            .players
            .get(seat)
            .as_ref()
            .and(*self.state.seat_ratings.get(seat))
    }

    /// Applies event number `seq` received at `now`, if it is the next one.
    pub fn apply(&mut self, seq: u64, event: &RoomEvent, now: f64) -> Step {
        if seq <= self.seq {
            return Step::Duplicate;
        }
        if seq > self.seq + 1 {
            return Step::Gap;
        }
        self.seq = seq;
        let s = &mut self.state;
        match event {
            RoomEvent::Seated {
                seat,
                user,
                seat_rating,
            } => {
                s.seats.get_mut(*seat).taken = true;
                *s.players.get_mut(*seat) = user.clone();
                *s.seat_ratings.get_mut(*seat) = *seat_rating;
            }
            RoomEvent::Moved { uci, clocks, .. } => {
                s.moves.push(*uci);
                if clocks.is_some() {
                    s.clocks = *clocks;
                    self.clocks_at = now;
                }
            }
            RoomEvent::DrawOffered { by } => s.draw_offer = Some(*by),
            RoomEvent::DrawDeclined { .. } => s.draw_offer = None,
            RoomEvent::GameOver {
                result, ratings, ..
            } => {
                s.outcome = Some(*result);
                self.ratings = *ratings;
                s.draw_offer = None;
                // The clocks stop where they are.
                if let Some(c) = s.clocks {
                    let stopped = ClockSnapshot {
                        running: None,
                        ..c.after(elapsed(self.clocks_at, now))
                    };
                    s.clocks = Some(stopped);
                    self.clocks_at = now;
                }
                self.claim_at = None;
                s.claim_in_ms = None;
            }
            // Presence in the log comes from servers older than `ServerMsg::Presence`: it is
            // stale by now (the snapshot and the live reports say who is here), so it only
            // takes its number.
            RoomEvent::Presence { .. } => {}
            RoomEvent::RematchOffered { by } => s.rematch_offer = Some(*by),
            RoomEvent::RematchReady { room } => s.rematch_room = Some(room.clone()),
            RoomEvent::Listed { listed } => s.listed = *listed,
            RoomEvent::Closed { reason } => {
                s.closed = Some(*reason);
                s.listed = false;
                s.draw_offer = None;
                s.claim_in_ms = None;
                self.claim_at = None;
            }
        }
        Step::Applied
    }

    /// Applies a presence report ([`ServerMsg::Presence`], not numbered) received at `now`:
    /// whether `seat` is connected and, when it is the opponent who left, the countdown.
    pub fn apply_presence(
        &mut self,
        seat: Color,
        online: bool,
        claim_in_ms: Option<u64>,
        now: f64,
    ) {
        let s = &mut self.state;
        s.seats.get_mut(seat).online = online;
        // Our own presence never starts a countdown, and a game that is over has none.
        if Some(seat) == self.you || s.outcome.is_some() || s.closed.is_some() {
            return;
        }
        s.claim_in_ms = if online { None } else { claim_in_ms };
        self.claim_at = s.claim_in_ms.map(|ms| now + ms as f64);
    }

    /// The other seat.
    pub fn opponent(&self) -> Option<Color> {
        self.you.map(Color::other)
    }

    /// Whether both seats are taken.
    pub fn full(&self) -> bool {
        self.state.seats.white.taken && self.state.seats.black.taken
    }

    /// Whether the game is over (a result, including an abort).
    pub fn over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// Why the room closed without a game (cancelled or expired invitation), if it did.
    pub fn closed(&self) -> Option<CloseReason> {
        self.state.closed
    }

    /// Whether both sides have made a move: until then the game can only be aborted, not won
    /// by the opponent's absence.
    pub fn both_moved(&self) -> bool {
        self.state.moves.len() >= 2
    }

    /// Whether this page holds a seat and waits for the opponent to take the other one.
    pub fn waiting_for_opponent(&self) -> bool {
        self.you.is_some() && !self.full() && !self.over() && self.closed().is_none()
    }

    /// Whether this page may abort the game: seated, both seats taken, not over, and not both
    /// sides have moved yet.
    pub fn can_abort(&self) -> bool {
        self.you.is_some()
            && self.full()
            && !self.over()
            && self.closed().is_none()
            && !self.both_moved()
    }

    /// Whether `seat` has an open connection.
    pub fn online(&self, seat: Color) -> bool {
        self.state.seats.get(seat).online
    }

    /// The clocks as they read at `now`, counting down the running side locally (the server
    /// decides when a flag falls).
    pub fn clocks_at(&self, now: f64) -> Option<ClockSnapshot> {
        self.state
            .clocks
            .map(|c| c.after(elapsed(self.clocks_at, now)))
    }

    /// Milliseconds until the win may be claimed (or the game is aborted), while the opponent
    /// is away.
    pub fn claim_left(&self, now: f64) -> Option<u64> {
        self.claim_at.map(|at| (at - now).max(0.0) as u64)
    }

    /// The opponent's presence at `now`, for a seated player of a game in progress (`None`
    /// otherwise: watching, waiting, over or closed).
    pub fn opponent_presence(&self, now: f64) -> Option<Opponent> {
        let opp = self.opponent()?;
        if !self.full() || self.over() || self.closed().is_some() {
            return None;
        }
        if self.online(opp) {
            return Some(Opponent::Online);
        }
        let aborts = !self.both_moved();
        Some(match self.claim_left(now) {
            Some(0) => Opponent::Gone { aborts },
            Some(ms) => Opponent::Countdown { ms, aborts },
            None => Opponent::Away,
        })
    }
}

/// The page's time from `since` to `now` (zero when its clock went back).
fn elapsed(since: f64, now: f64) -> Duration {
    super::clock::instant(now).saturating_sub(super::clock::instant(since))
}

/// How long a move may go unconfirmed before the page takes its connection for dead (no close
/// came: a network that went away silently) and connects again, in ms. The server answers a
/// move within a round trip; a ping goes only every 25 s, so without this a silent connection
/// would hold the move for that long and more.
pub const PENDING_ANSWER_MS: f64 = 4_000.0;

/// The room this page plays or watches.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Online {
    /// The room id (`None` while a room is being created).
    pub room: Option<RoomId>,
    /// The room as last known; `None` until the first snapshot.
    pub view: Option<RoomView>,
    /// A move shown on the board and sent, not yet confirmed by the server.
    pub pending: Option<Move>,
    /// When the pending move was sent (the page's clock, ms): a connection that leaves it
    /// unanswered for [`PENDING_ANSWER_MS`] is taken for dead and replaced.
    pub pending_at: f64,
    /// A pending move a lost connection took back: the ply it was for and the move, played
    /// again once the room's snapshot after the reconnection shows the server never had it.
    pub resend: Option<(usize, Move)>,
    /// This page asked to cancel its invitation: when the room closes, the page goes back to
    /// its own board.
    pub cancelling: bool,
    /// The page joined again after the server said it was not in the room (the room had left
    /// the server's memory); cleared by the next snapshot, so it happens once, never in a loop.
    pub rejoined: bool,
    /// The seat the room's link named (an open challenge's link for one colour): asked for
    /// again when the page joins again before holding a seat.
    pub wanted: Option<Color>,
}

/// The game of a room: its moves replayed from its first position, with the end the local
/// rules know of (resignation, agreement, claims) applied. The other ends (time, abandonment,
/// abort, the ply cap) are the server's alone: the board shows the position, the status line the result.
///
/// # Errors
/// The game as far as it replays and what did not apply, when the server's record does not
/// fit the rules (a server of another version).
pub fn rebuild(view: &RoomView) -> Result<Game, (Game, String)> {
    let rules = Rules {
        promotion: view.state.promotion,
    };
    let mut game = match Game::from_fen(&view.state.initial_fen, rules) {
        Ok(g) => g,
        Err(e) => return Err((Game::new(rules), format!("the room's FEN: {e}"))),
    };
    for &uci in &view.state.moves {
        if let Err(e) = game.play(uci.into()) {
            return Err((game, format!("the server's move {uci}: {e}")));
        }
    }
    if let Some(result) = view.state.outcome
        && !game.is_over()
        && !is_server_only(result)
        && let Err(e) = super::apply_result(&mut game, result)
    {
        return Err((game, format!("the result {result}: {e}")));
    }
    Ok(game)
}

/// Whether only a server decides this end online (a clock, an absence or a limit: time,
/// abandonment, abort, the ply cap): the board shows the position and the status line the
/// result.
pub fn is_server_only(result: Outcome) -> bool {
    match result.decided_by() {
        Decider::Board | Decider::Player => false,
        Decider::Clock | Decider::Absence | Decider::Limit => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{ByColor, PromotionRule, Seat, Seats, ServerMsg, WinReason};

    fn id(n: u8) -> RoomId {
        RoomId::from_bytes([n; 10])
    }

    fn state() -> RoomState {
        RoomState {
            rated: false,
            seat_ratings: ByColor::default(),
            initial_fen: String::new(),
            promotion: PromotionRule::Any,
            clock: None,
            public: false,
            moves: vec![],
            seats: Seats(ByColor {
                white: Seat {
                    taken: true,
                    online: true,
                },
                black: Seat::default(),
            }),
            outcome: None,
            draw_offer: None,
            rematch_offer: None,
            rematch_room: None,
            clocks: Some(ClockSnapshot {
                left: ByColor {
                    white: Duration::from_secs(60),
                    black: Duration::from_secs(60),
                },
                running: None,
            }),
            claim_in_ms: None,
            closed: None,
            listed: false,
            expires_at_ms: None,
            players: ByColor::default(),
        }
    }

    /// A room with both seats taken and both players here, seen from White's seat.
    fn full_room(moves: &[&str]) -> RoomView {
        let mut s = state();
        s.seats.black = Seat {
            taken: true,
            online: true,
        };
        s.moves = moves.iter().map(|m| m.parse().expect("uci")).collect();
        RoomView::from_snapshot(&id(1), 1, Some(Color::White), s, 0.0)
    }

    fn moved(ply: u32, uci: &str, running: Color) -> RoomEvent {
        RoomEvent::Moved {
            ply,
            uci: uci.parse().expect("uci"),
            san: String::new(),
            clocks: Some(ClockSnapshot {
                left: ByColor {
                    white: Duration::from_secs(60),
                    black: Duration::from_secs(60),
                },
                running: Some(running),
            }),
            at_ms: Some(1_700_000_000_000),
        }
    }

    #[test]
    fn events_apply_in_order_once() {
        let mut r = RoomView::from_snapshot(&id(1), 2, Some(Color::White), state(), 0.0);
        assert!(r.waiting_for_opponent());
        assert_eq!(
            r.apply(
                2,
                &RoomEvent::Seated {
                    seat: Color::Black,
                    user: None,
                    seat_rating: None,
                },
                0.0
            ),
            Step::Duplicate
        );
        assert!(!r.full());
        assert_eq!(
            r.apply(
                3,
                &RoomEvent::Seated {
                    seat: Color::Black,
                    user: None,
                    seat_rating: None,
                },
                0.0
            ),
            Step::Applied
        );
        assert!(r.full());
        assert!(!r.waiting_for_opponent());
        assert_eq!(r.apply(5, &moved(1, "b8d7", Color::White), 0.0), Step::Gap);
        assert_eq!(
            r.apply(4, &moved(0, "b1d2", Color::Black), 0.0),
            Step::Applied
        );
        assert_eq!(
            r.apply(4, &moved(0, "b1d2", Color::Black), 0.0),
            Step::Duplicate
        );
        assert_eq!(
            r.apply(5, &moved(1, "b8d7", Color::White), 1000.0),
            Step::Applied
        );
        let ucis: Vec<String> = r.state.moves.iter().map(ToString::to_string).collect();
        assert_eq!(ucis, ["b1d2", "b8d7"]);
        assert_eq!(r.seq, 5);
        let c = r.clocks_at(3500.0).expect("clocks");
        assert_eq!(
            (c.left.white.as_millis(), c.left.black.as_millis()),
            (57_500, 60_000)
        );
        let resigned = Outcome::win(Color::Black, WinReason::Resignation);
        r.apply(
            6,
            &RoomEvent::GameOver {
                ratings: None,
                result: resigned,
                winner: Some(Color::Black),
                at_ms: None,
            },
            4000.0,
        );
        let c = r.clocks_at(9000.0).expect("clocks");
        assert_eq!((c.left.white.as_millis(), c.running), (57_000, None));
        assert_eq!(r.state.outcome, Some(resigned));
        assert_eq!(
            r.state.outcome.map(Outcome::label),
            Some("resign-black-wins")
        );
    }

    #[test]
    fn a_rated_end_keeps_the_rating_changes_until_a_snapshot() {
        let mut s = state();
        s.rated = true;
        s.seats.black = Seat {
            taken: true,
            online: true,
        };
        let mut r = RoomView::from_snapshot(&id(1), 1, Some(Color::White), s.clone(), 0.0);
        assert_eq!(r.ratings, None);
        let ratings = ByColor {
            white: RatingChange {
                before: 1500,
                after: 1488,
                provisional: true,
            },
            black: RatingChange {
                before: 1500,
                after: 1512,
                provisional: true,
            },
        };
        let over = RoomEvent::GameOver {
            result: Outcome::win(Color::Black, WinReason::Resignation),
            winner: Some(Color::Black),
            at_ms: None,
            ratings: Some(ratings),
        };
        // A duplicate or a gap changes nothing.
        assert_eq!(r.apply(3, &over, 10.0), Step::Gap);
        assert_eq!(r.ratings, None);
        assert_eq!(r.apply(2, &over, 10.0), Step::Applied);
        assert_eq!(r.ratings, Some(ratings));
        assert_eq!(rating_diff_text(ratings.white.diff()), "\u{2212}12");
        assert_eq!(rating_diff_text(ratings.black.diff()), "+12");
        assert_eq!(
            rating_text(ratings.black.after, ratings.black.provisional),
            "1512?"
        );
        // A reload's snapshot has no ratings.
        s.outcome = Some(Outcome::win(Color::Black, WinReason::Resignation));
        let reloaded = RoomView::from_snapshot(&id(1), 2, Some(Color::White), s, 20.0);
        assert_eq!(reloaded.ratings, None);
    }

    #[test]
    fn each_seat_says_who_sits_there() {
        let mut s = state();
        s.players.white = Some("Somchai".parse().expect("a username"));
        let mut r = RoomView::from_snapshot(&id(1), 1, Some(Color::White), s, 0.0);
        let somchai: Username = "Somchai".parse().expect("a username");
        assert_eq!(r.player(Color::White), Player::User(&somchai));
        assert_eq!(r.player(Color::Black), Player::Empty);
        let seated = |user: Option<&str>| RoomEvent::Seated {
            seat: Color::Black,
            user: user.map(|u| u.parse().expect("a username")),
            seat_rating: None,
        };
        assert_eq!(r.apply(2, &seated(None), 0.0), Step::Applied);
        assert_eq!(r.player(Color::Black), Player::Anonymous);
        assert_eq!(r.seat_rating(Color::Black), None);
        // A rematch's room: the seats as its snapshot says.
        let mut s = state();
        s.seats.black.taken = true;
        s.players.black = Some("Nok_1".parse().expect("a username"));
        r = RoomView::from_snapshot(&id(2), 1, Some(Color::White), s, 0.0);
        assert_eq!(r.player(Color::White), Player::Anonymous);
        assert!(matches!(r.player(Color::Black), Player::User(u) if u.as_str() == "Nok_1"));
    }

    #[test]
    fn a_signed_in_seat_carries_the_rating_it_sat_down_with() {
        let mut r = RoomView::from_snapshot(&id(1), 1, Some(Color::White), state(), 0.0);
        let rating = protocol::SeatRating {
            rating: 1642,
            provisional: true,
        };
        let seated = RoomEvent::Seated {
            seat: Color::Black,
            user: Some("Nok_1".parse().expect("a username")),
            seat_rating: Some(rating),
        };
        assert_eq!(r.apply(2, &seated, 0.0), Step::Applied);
        assert_eq!(r.seat_rating(Color::Black), Some(rating));
        assert_eq!(
            r.seat_rating(Color::Black)
                .map(|r| r.to_string())
                .as_deref(),
            Some("1642?")
        );
        // An anonymous seat shows no rating, whatever a damaged state says.
        let mut s = state();
        s.seat_ratings.white = Some(rating);
        let r = RoomView::from_snapshot(&id(2), 1, Some(Color::White), s, 0.0);
        assert_eq!(r.seat_rating(Color::White), None);
    }

    #[test]
    fn presence_of_the_opponent_starts_the_countdown() {
        let mut r = full_room(&["e3e4", "d6d5"]);
        assert_eq!(r.opponent_presence(0.0), Some(Opponent::Online));
        r.apply_presence(Color::Black, false, Some(30_000), 1000.0);
        assert_eq!(r.claim_left(11_000.0), Some(20_000));
        assert_eq!(
            r.opponent_presence(11_000.0),
            Some(Opponent::Countdown {
                ms: 20_000,
                aborts: false
            })
        );
        assert_eq!(r.claim_left(99_000.0), Some(0));
        assert_eq!(
            r.opponent_presence(99_000.0),
            Some(Opponent::Gone { aborts: false })
        );
        r.apply_presence(Color::Black, true, None, 12_000.0);
        assert_eq!(r.claim_left(13_000.0), None);
        assert!(r.online(Color::Black));
        // Presence is not numbered: the event count stays where it was.
        assert_eq!(r.seq, 1);
        // Our own presence never starts a countdown.
        r.apply_presence(Color::White, false, Some(5), 0.0);
        assert_eq!(r.claim_left(0.0), None);
        assert!(!r.online(Color::White));
        // Away without a countdown yet.
        r.apply_presence(Color::Black, false, None, 0.0);
        assert_eq!(r.opponent_presence(0.0), Some(Opponent::Away));
        // Nobody's presence matters to a spectator's page.
        let mut watching = full_room(&[]);
        watching.you = None;
        watching.apply_presence(Color::Black, false, Some(1000), 0.0);
        assert_eq!(watching.opponent_presence(0.0), None);
    }

    #[test]
    fn before_both_sides_moved_the_countdown_aborts() {
        let mut r = full_room(&["e3e4"]);
        assert!(r.can_abort());
        assert!(!r.both_moved());
        r.apply_presence(Color::Black, false, Some(20_000), 0.0);
        assert_eq!(
            r.opponent_presence(5_000.0),
            Some(Opponent::Countdown {
                ms: 15_000,
                aborts: true
            })
        );
        assert_eq!(
            r.opponent_presence(25_000.0),
            Some(Opponent::Gone { aborts: true })
        );
        // Once both have moved, the same absence is a claimable win.
        assert_eq!(
            r.apply(2, &moved(1, "d6d5", Color::White), 0.0),
            Step::Applied
        );
        assert!(r.both_moved());
        assert!(!r.can_abort());
        assert_eq!(
            r.opponent_presence(25_000.0),
            Some(Opponent::Gone { aborts: false })
        );
    }

    #[test]
    fn an_aborted_game_is_over_without_a_winner() {
        let mut r = full_room(&[]);
        assert!(r.can_abort());
        r.apply_presence(Color::Black, false, Some(1000), 0.0);
        let step = r.apply(
            2,
            &RoomEvent::GameOver {
                ratings: None,
                result: Outcome::Aborted,
                winner: None,
                at_ms: None,
            },
            10.0,
        );
        assert_eq!(step, Step::Applied);
        assert!(r.over());
        assert!(!r.can_abort());
        let result = r.state.outcome.expect("a result");
        assert!(result.is_aborted());
        assert_eq!(result.winner(), None);
        assert_eq!(result.label(), "aborted");
        // No countdown and no presence line once it is over.
        assert_eq!(r.claim_left(0.0), None);
        assert_eq!(r.opponent_presence(0.0), None);
        r.apply_presence(Color::Black, false, Some(1000), 20.0);
        assert_eq!(r.claim_left(20.0), None);
        // A waiting room cannot be aborted (its creator cancels it instead), nor can a
        // spectator abort.
        let waiting = RoomView::from_snapshot(&id(2), 1, Some(Color::White), state(), 0.0);
        assert!(!waiting.can_abort());
        let mut watching = full_room(&[]);
        watching.you = None;
        assert!(!watching.can_abort());
    }

    #[test]
    fn an_old_presence_event_only_takes_its_number() {
        let mut r = full_room(&["e3e4", "d6d5"]);
        let before = r.state.clone();
        let old = RoomEvent::Presence {
            seat: Color::Black,
            online: false,
            claim_in_ms: Some(5_000),
        };
        assert_eq!(r.apply(2, &old, 0.0), Step::Applied);
        assert_eq!(r.seq, 2);
        assert_eq!(r.state, before);
        assert_eq!(r.opponent_presence(10_000.0), Some(Opponent::Online));
        // The event read from an old log's JSON.
        let json = r#"{"type":"event","room":"0123456789abcdef0123","seq":3,"event":{"kind":"presence","seat":"white","online":false,"claim_in_ms":60000}}"#;
        let Ok(ServerMsg::Event { seq, event, .. }) = protocol::parse_server(json) else {
            panic!("an old presence event still reads");
        };
        assert_eq!(r.apply(seq, &event, 0.0), Step::Applied);
        assert_eq!(r.state, before);
    }

    #[test]
    fn listing_follows_the_listed_event() {
        let mut s = state();
        s.public = true;
        s.listed = true;
        let mut r = RoomView::from_snapshot(&id(3), 1, Some(Color::White), s, 0.0);
        assert_eq!(
            r.apply(2, &RoomEvent::Listed { listed: false }, 0.0),
            Step::Applied
        );
        assert!(!r.state.listed);
        assert!(r.waiting_for_opponent());
        assert_eq!(
            r.apply(3, &RoomEvent::Listed { listed: true }, 0.0),
            Step::Applied
        );
        assert!(r.state.listed);
        assert_eq!(
            r.apply(3, &RoomEvent::Listed { listed: false }, 0.0),
            Step::Duplicate
        );
        assert!(r.state.listed);
    }

    #[test]
    fn a_closed_room_waits_for_nothing() {
        let mut s = state();
        s.public = true;
        s.listed = true;
        let mut r = RoomView::from_snapshot(&id(4), 1, Some(Color::White), s, 0.0);
        assert!(r.waiting_for_opponent());
        let closed = RoomEvent::Closed {
            reason: CloseReason::Cancelled,
        };
        assert_eq!(r.apply(2, &closed, 0.0), Step::Applied);
        assert_eq!(r.closed(), Some(CloseReason::Cancelled));
        assert!(!r.state.listed);
        assert!(!r.waiting_for_opponent());
        assert!(!r.can_abort());
        assert!(!r.over());
        // An expired invitation opened from its link: the snapshot says so.
        let mut s = state();
        s.closed = Some(CloseReason::Expired);
        s.seats.white.online = false;
        let guest = RoomView::from_snapshot(&id(5), 3, None, s, 0.0);
        assert_eq!(guest.closed(), Some(CloseReason::Expired));
        assert!(!guest.waiting_for_opponent());
        assert_eq!(guest.opponent_presence(0.0), None);
    }

    #[test]
    fn helpers() {
        let room: RoomId = "0123456789abcdef0123".parse().expect("a room id");
        assert_eq!(
            invite_link("http://127.0.0.1:8080/", &room),
            "http://127.0.0.1:8080/#/room/0123456789abcdef0123"
        );
        assert_eq!(room_from_hash("#/room/0123456789ABCDEF0123"), None);
        assert_eq!(
            room_from_hash("#/room/0123456789abcdef0123/"),
            Some(room.clone())
        );
        assert_eq!(room_from_hash("/room/0123456789abcdef0123"), Some(room));
        assert_eq!(room_from_hash("#/room/../0123456789abcdef0"), None);
        assert_eq!(clock_text(Duration::ZERO), "0.0");
        assert_eq!(clock_text(Duration::from_millis(59_001)), "1:00");
        // The new-game dialog's values read as the time controls they show.
        for value in ["3+2", "5+3", "10+5", "15+10"] {
            let tc: protocol::TimeControl = value.parse().expect("a time control");
            assert_eq!(tc.to_string(), value);
        }
        assert!("none".parse::<protocol::TimeControl>().is_err());
    }
}
