//! What players' profiles and the leaderboards read ([`ProfileStore`], a part of every
//! [`super::Store`]): each player's games, their counts, the history of their ratings, the
//! best players of a perf, and the games a player is in now.
//!
//! Every signed-in seat is a row of `player_games` (room, colour, account), written in the
//! same transaction as the event that seats the player ([`protocol::RoomEvent::Seated`] with
//! a user); the game's end ([`protocol::RoomEvent::GameOver`]) writes its time and outcome
//! on the room's rows in the same transaction as the event, and an end that leaves nothing
//! to keep (an aborted game, a cancelled or expired invitation: what [`super::Store::purge`]
//! deletes later) deletes the rows instead. A seat whose account does not exist writes no
//! row. The ratings before and after a rated game are the `rating_changes` of
//! [`super::Append::ratings`].
//!
//! Every read is bounded: at most [`MAX_GAMES_PAGE`] games, [`MAX_LEADERS`] leaders,
//! [`MAX_HISTORY`] rating points, [`MAX_ONGOING`] games in progress.

use protocol::user::{UserId, Username};
use protocol::{RoomId, TimeControl};
use rules::{ByColor, Color, Outcome};

use super::{StoreError, StoreFuture};

/// The most games one [`ProfileStore::games_of`] call answers.
pub const MAX_GAMES_PAGE: usize = 100;

/// The most players one [`ProfileStore::leaders`] call answers.
pub const MAX_LEADERS: usize = 200;

/// The most rating changes of one perf [`ProfileStore::rating_history`] reads (the latest
/// ones).
pub const MAX_HISTORY: usize = 500;

/// The most games in progress [`ProfileStore::ongoing`] answers.
pub const MAX_ONGOING: usize = 50;

/// How many of a player's latest rated games [`Leader::progress`] covers (as lichess's
/// leaderboard shows it).
pub const PROGRESS_GAMES: usize = 12;

/// A rated game's rating for one player: before and after it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingMove {
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// A finished game a signed-in player sat in, as their profile lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerGame {
    /// The room (its replay is `#/room/<id>`).
    pub room: RoomId,
    /// The colour the player had.
    pub color: Color,
    /// Each side's account, when it was signed in (as the name is written).
    pub players: ByColor<Option<Username>>,
    /// How it ended (never [`Outcome::Aborted`]: aborted games are not kept).
    pub outcome: Outcome,
    /// The time control, when timed.
    pub clock: Option<TimeControl>,
    /// Whether it was rated.
    pub rated: bool,
    /// Each side's rating before and after, in a rated game.
    pub ratings: ByColor<Option<RatingMove>>,
    /// When it ended (ms since the Unix epoch).
    pub ended_ms: u64,
}

impl PlayerGame {
    /// The perf of the game ([`rating::Perf::of`] its clock; untimed games count as
    /// correspondence would elsewhere: classical).
    #[must_use]
    pub fn perf(&self) -> rating::Perf {
        self.clock.map_or(rating::Perf::Classical, rating::Perf::of)
    }
}

/// Where a page of [`ProfileStore::games_of`] starts: before the game that ended at `ended_ms`
/// in room `room` (the last one of the page before).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamesCursor {
    /// The end time of the last game read.
    pub ended_ms: u64,
    /// Its room.
    pub room: RoomId,
}

/// A player's finished games counted (aborted games are not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameCounts {
    /// Every game.
    pub all: u64,
    /// The rated ones.
    pub rated: u64,
    /// Won.
    pub win: u64,
    /// Lost.
    pub loss: u64,
    /// Drawn.
    pub draw: u64,
}

/// One rating change of a player's history.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingPoint {
    /// The perf.
    pub perf: rating::Perf,
    /// When (ms since the Unix epoch).
    pub at_ms: u64,
    /// The rating after the game.
    pub rating: f64,
}

/// A player of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Leader {
    /// The name as written.
    pub username: Username,
    /// The rating in the perf.
    pub rated: rating::Rated,
    /// How the rating moved over the player's last [`PROGRESS_GAMES`] rated games of the perf.
    pub progress: f64,
}

/// A game in progress of a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ongoing {
    /// The room.
    pub room: RoomId,
    /// The player's colour.
    pub color: Color,
}

/// What profiles and leaderboards read; see the module documentation. Like
/// [`super::Store`], nothing blocks.
pub trait ProfileStore: Send + Sync {
    /// The finished games of `user`, newest first (by end time, then room id, both
    /// descending), starting after `after` (`None`: from the newest), at most `limit`
    /// (capped at [`MAX_GAMES_PAGE`]).
    fn games_of(
        &self,
        user: &UserId,
        after: Option<GamesCursor>,
        limit: usize,
    ) -> StoreFuture<Vec<PlayerGame>>;

    /// The counts of the finished games of `user`.
    fn game_counts(&self, user: &UserId) -> StoreFuture<GameCounts>;

    /// The latest [`MAX_HISTORY`] rating changes of `user` in each perf, oldest first.
    fn rating_history(&self, user: &UserId) -> StoreFuture<Vec<RatingPoint>>;

    /// The open accounts with the highest ratings in `perf` among those whose stored
    /// deviation is at most `max_deviation` and whose last rated game of the perf was at or
    /// after `active_since_ms`, best first, at most `nb` (capped at [`MAX_LEADERS`]).
    fn leaders(
        &self,
        perf: rating::Perf,
        max_deviation: f64,
        active_since_ms: u64,
        nb: usize,
    ) -> StoreFuture<Vec<Leader>>;

    /// The games `user` is playing now (both seats taken, not over), newest room first, at
    /// most [`MAX_ONGOING`].
    fn ongoing(&self, user: &UserId) -> StoreFuture<Vec<Ongoing>>;

    /// When `user` was last seen: the latest use of any of their sessions (to within
    /// [`super::accounts::LAST_SEEN_GRANULARITY_MS`]); `None` without a session.
    fn seen_ms(&self, user: &UserId) -> StoreFuture<Option<u64>>;
}

/// The SQL of [`ProfileStore::seen_ms`]: user.
pub(super) const SEEN_SQL: &str = "SELECT max(last_seen_ms) FROM sessions WHERE user_id = $1";

/// The name a colour is stored by.
pub(super) const fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colour of a stored name.
pub(super) fn color_of(name: &str) -> Result<Color, StoreError> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(super::accounts::corrupt(format!("colour {name:?}"))),
    }
}

/// The outcome of a stored label.
pub(super) fn outcome_of(label: &str) -> Result<Outcome, StoreError> {
    Outcome::from_label(label).ok_or_else(|| super::accounts::corrupt(format!("outcome {label:?}")))
}

/// The page size asked, within bounds.
pub(super) fn page(limit: usize) -> i64 {
    i64::try_from(limit.min(MAX_GAMES_PAGE)).unwrap_or(0)
}

/// The SQL of [`ProfileStore::games_of`] for both databases (`$n` parameters, SQLite reads
/// them too): the user, the cursor's end time and room, the page size.
pub(super) const GAMES_SQL: &str = "SELECT g.room, g.color, g.ended_ms, g.outcome, \
    r.clock_initial_secs, r.clock_increment_secs, r.rated, \
    (SELECT u.username FROM player_games o JOIN users u ON u.id = o.user_id \
        WHERE o.room = g.room AND o.color = 'white'), \
    (SELECT u.username FROM player_games o JOIN users u ON u.id = o.user_id \
        WHERE o.room = g.room AND o.color = 'black'), \
    (SELECT c.before FROM rating_changes c JOIN player_games o ON o.user_id = c.user_id \
        AND o.room = c.room WHERE c.room = g.room AND o.color = 'white'), \
    (SELECT c.after FROM rating_changes c JOIN player_games o ON o.user_id = c.user_id \
        AND o.room = c.room WHERE c.room = g.room AND o.color = 'white'), \
    (SELECT c.before FROM rating_changes c JOIN player_games o ON o.user_id = c.user_id \
        AND o.room = c.room WHERE c.room = g.room AND o.color = 'black'), \
    (SELECT c.after FROM rating_changes c JOIN player_games o ON o.user_id = c.user_id \
        AND o.room = c.room WHERE c.room = g.room AND o.color = 'black') \
    FROM player_games g JOIN rooms r ON r.id = g.room \
    WHERE g.user_id = $1 AND g.ended_ms IS NOT NULL AND (g.ended_ms, g.room) < ($2, $3) \
    ORDER BY g.ended_ms DESC, g.room DESC LIMIT $4";

/// The SQL of [`ProfileStore::game_counts`]: outcome, colour, rated flag and how many.
pub(super) const COUNTS_SQL: &str = "SELECT g.outcome, g.color, r.rated, count(*) \
    FROM player_games g JOIN rooms r ON r.id = g.room \
    WHERE g.user_id = $1 AND g.ended_ms IS NOT NULL GROUP BY g.outcome, g.color, r.rated";

/// The SQL of [`ProfileStore::rating_history`] for one perf: user, perf, limit; newest first.
pub(super) const HISTORY_SQL: &str = "SELECT at_ms, after FROM rating_changes \
    WHERE user_id = $1 AND perf = $2 ORDER BY at_ms DESC LIMIT $3";

/// The SQL of [`ProfileStore::leaders`]: perf, deviation, active since, limit, progress games.
pub(super) const LEADERS_SQL: &str = "SELECT u.username, p.rating, p.deviation, p.volatility, \
    p.games, p.last_ms, p.rating - coalesce((SELECT t.before FROM (SELECT c.before, c.at_ms \
        FROM rating_changes c WHERE c.user_id = p.user_id AND c.perf = p.perf \
        ORDER BY c.at_ms DESC LIMIT $5) t ORDER BY t.at_ms ASC LIMIT 1), p.rating) \
    FROM perfs p JOIN users u ON u.id = p.user_id \
    WHERE p.perf = $1 AND p.deviation <= $2 AND p.last_ms >= $3 AND u.closed_ms IS NULL \
    ORDER BY p.rating DESC, p.user_id LIMIT $4";

/// The SQL of [`ProfileStore::ongoing`]: user, limit.
pub(super) const ONGOING_SQL: &str = "SELECT g.room, g.color FROM player_games g \
    JOIN rooms r ON r.id = g.room \
    WHERE g.user_id = $1 AND g.ended_ms IS NULL AND r.phase = 'playing' \
    ORDER BY r.created_ms DESC, g.room DESC LIMIT $2";

/// The cursor's two parameters (from the newest when `None`: after every end time and id).
pub(super) fn cursor_params(after: Option<&GamesCursor>) -> (i64, String) {
    after.map_or_else(
        || (i64::MAX, "~".to_owned()),
        |c| {
            (
                super::accounts::db_ms(c.ended_ms),
                c.room.as_str().to_owned(),
            )
        },
    )
}

/// A row of [`GAMES_SQL`], as read.
pub(super) struct GameRow {
    pub room: String,
    pub color: String,
    pub ended_ms: i64,
    pub outcome: String,
    pub clock: (Option<i64>, Option<i64>),
    pub rated: bool,
    pub names: (Option<String>, Option<String>),
    pub white: (Option<f64>, Option<f64>),
    pub black: (Option<f64>, Option<f64>),
}

impl GameRow {
    /// The game of the row.
    pub(super) fn decode(self) -> Result<PlayerGame, StoreError> {
        let corrupt =
            |what: String| super::accounts::corrupt(format!("game {}: {what}", self.room));
        let room: RoomId = self
            .room
            .parse()
            .map_err(|_| corrupt("not a room id".into()))?;
        let clock = match self.clock {
            (Some(i), Some(n)) => Some(
                u32::try_from(i)
                    .ok()
                    .zip(u32::try_from(n).ok())
                    .and_then(|(i, n)| TimeControl::fischer(i, n).ok())
                    .ok_or_else(|| corrupt(format!("clock {i}+{n}")))?,
            ),
            _ => None,
        };
        let name = |n: Option<String>| -> Result<Option<Username>, StoreError> {
            n.map(|n| n.parse().map_err(|_| corrupt(format!("username {n:?}"))))
                .transpose()
        };
        let moved = |(before, after): (Option<f64>, Option<f64>)| {
            before
                .zip(after)
                .map(|(before, after)| RatingMove { before, after })
        };
        Ok(PlayerGame {
            room,
            color: color_of(&self.color)?,
            players: ByColor {
                white: name(self.names.0)?,
                black: name(self.names.1)?,
            },
            outcome: outcome_of(&self.outcome)?,
            clock,
            rated: self.rated,
            ratings: ByColor {
                white: moved(self.white),
                black: moved(self.black),
            },
            ended_ms: super::accounts::ms(self.ended_ms, "ended_ms")?,
        })
    }
}

/// Adds one row of [`COUNTS_SQL`] to `c`.
pub(super) fn count_row(
    c: &mut GameCounts,
    outcome: &str,
    color: &str,
    rated: bool,
    n: i64,
) -> Result<(), StoreError> {
    let n = u64::try_from(n).unwrap_or(0);
    let (outcome, color) = (outcome_of(outcome)?, color_of(color)?);
    c.all += n;
    if rated {
        c.rated += n;
    }
    match outcome.winner() {
        Some(w) if w == color => c.win += n,
        Some(_) => c.loss += n,
        None => c.draw += n,
    }
    Ok(())
}

/// A row of [`LEADERS_SQL`] decoded.
pub(super) fn leader(
    username: &str,
    glicko: rating::Glicko,
    games: i64,
    last_ms: Option<i64>,
    progress: f64,
) -> Result<Leader, StoreError> {
    Ok(Leader {
        username: username
            .parse()
            .map_err(|_| super::accounts::corrupt(format!("username {username:?}")))?,
        rated: super::accounts::rated_from_row(
            glicko.rating,
            glicko.deviation,
            glicko.volatility,
            games,
            last_ms,
        )?,
        progress,
    })
}

/// What an append writes of `player_games`: the signed-in seats it takes, and its end.
#[derive(Debug, Default)]
pub(super) struct SeatWrites<'a> {
    /// Seats taken by signed-in players.
    pub seated: Vec<(Color, UserId)>,
    /// The end: the outcome and time to write, or `None` when the rows go (aborted,
    /// cancelled, expired).
    pub end: Option<Option<(&'a str, u64)>>,
}

/// What `a` writes of `player_games`.
pub(super) fn seat_writes(a: &super::Append) -> SeatWrites<'_> {
    let seated = a
        .events
        .iter()
        .filter_map(|e| match e {
            protocol::RoomEvent::Seated {
                seat,
                user: Some(u),
                ..
            } => Some((*seat, u.id())),
            _ => None,
        })
        .collect();
    let end = super::common::ending(a).map(|end| {
        if end.purgeable {
            return None;
        }
        a.events.iter().find_map(|e| match e {
            protocol::RoomEvent::GameOver { result, .. } => Some((result.label(), end.ended_ms)),
            _ => None,
        })
    });
    SeatWrites { seated, end }
}

/// One rated-game row of `rating_changes` as the memory store keeps it.
#[derive(Debug, Clone)]
pub(super) struct MemoryChange {
    pub room: RoomId,
    pub user: UserId,
    pub perf: rating::Perf,
    pub at_ms: u64,
    pub before: f64,
    pub after: f64,
}

/// A `player_games` row of the memory store.
#[derive(Debug, Clone)]
pub(super) struct MemorySeat {
    pub room: RoomId,
    pub color: Color,
    pub user: UserId,
    pub end: Option<(Outcome, u64)>,
}

/// What the memory store keeps for profiles.
#[derive(Debug, Default)]
pub(super) struct MemoryProfiles {
    pub seats: Vec<MemorySeat>,
    pub changes: Vec<MemoryChange>,
}

impl MemoryProfiles {
    /// Writes what `a` (already written) changes, for the accounts in `exists`.
    pub(super) fn record(&mut self, a: &super::Append, exists: impl Fn(&UserId) -> bool) {
        let w = seat_writes(a);
        for (color, user) in w.seated {
            if !exists(&user) {
                continue;
            }
            self.seats
                .retain(|s| !(s.room == a.room && s.color == color));
            self.seats.push(MemorySeat {
                room: a.room.clone(),
                color,
                user,
                end: None,
            });
        }
        match w.end {
            Some(None) => self.seats.retain(|s| s.room != a.room),
            Some(Some((label, at))) => {
                let outcome = Outcome::from_label(label);
                for s in self.seats.iter_mut().filter(|s| s.room == a.room) {
                    s.end = outcome.map(|o| (o, at));
                }
            }
            None => {}
        }
        if let Some(r) = &a.ratings {
            for (user, before, after) in [&r.players.white, &r.players.black] {
                self.changes.push(MemoryChange {
                    room: a.room.clone(),
                    user: user.clone(),
                    perf: r.perf,
                    at_ms: r.at_ms,
                    before: before.glicko.rating,
                    after: after.glicko.rating,
                });
            }
        }
    }
}

impl ProfileStore for super::MemoryStore {
    fn seen_ms(&self, user: &UserId) -> StoreFuture<Option<u64>> {
        let seen = super::common::lock(&self.accounts).seen_ms(user);
        Box::pin(std::future::ready(Ok(seen)))
    }

    fn games_of(
        &self,
        user: &UserId,
        after: Option<GamesCursor>,
        limit: usize,
    ) -> StoreFuture<Vec<PlayerGame>> {
        let rooms = match self.rooms.lock() {
            Ok(r) => r,
            Err(_) => return Box::pin(std::future::ready(Err(StoreError::Stopped))),
        };
        let acc = super::common::lock(&self.accounts);
        let p = super::common::lock(&self.profiles);
        let mut mine: Vec<&MemorySeat> = p
            .seats
            .iter()
            .filter(|s| &s.user == user && s.end.is_some())
            .filter(|s| {
                after.as_ref().is_none_or(|c| {
                    let at = s.end.map_or(0, |e| e.1);
                    (at, &s.room) < (c.ended_ms, &c.room)
                })
            })
            .collect();
        mine.sort_by(|a, b| {
            (b.end.map(|e| e.1), &b.room, b.color).cmp(&(a.end.map(|e| e.1), &a.room, a.color))
        });
        mine.truncate(limit.min(MAX_GAMES_PAGE));
        let name = |u: &UserId| acc.username(u);
        let out = mine
            .into_iter()
            .filter_map(|s| {
                let (outcome, ended_ms) = s.end?;
                let meta = &rooms.iter().find(|r| r.room.meta.id == s.room)?.room.meta;
                let seat = |c: Color| {
                    p.seats
                        .iter()
                        .find(|o| o.room == s.room && o.color == c)
                        .map(|o| o.user.clone())
                };
                let players = ByColor::new_with(|c| seat(c).and_then(|u| name(&u)));
                let ratings = ByColor::new_with(|c| {
                    let u = seat(c)?;
                    p.changes
                        .iter()
                        .find(|ch| ch.room == s.room && ch.user == u)
                        .map(|ch| RatingMove {
                            before: ch.before,
                            after: ch.after,
                        })
                });
                Some(PlayerGame {
                    room: s.room.clone(),
                    color: s.color,
                    players,
                    outcome,
                    clock: meta.clock,
                    rated: meta.rated,
                    ratings,
                    ended_ms,
                })
            })
            .collect();
        Box::pin(std::future::ready(Ok(out)))
    }

    fn game_counts(&self, user: &UserId) -> StoreFuture<GameCounts> {
        let rooms = match self.rooms.lock() {
            Ok(r) => r,
            Err(_) => return Box::pin(std::future::ready(Err(StoreError::Stopped))),
        };
        let p = super::common::lock(&self.profiles);
        let mut c = GameCounts::default();
        for s in p.seats.iter().filter(|s| &s.user == user) {
            let Some((outcome, _)) = s.end else { continue };
            c.all += 1;
            if rooms
                .iter()
                .any(|r| r.room.meta.id == s.room && r.room.meta.rated)
            {
                c.rated += 1;
            }
            match outcome.winner() {
                Some(w) if w == s.color => c.win += 1,
                Some(_) => c.loss += 1,
                None => c.draw += 1,
            }
        }
        Box::pin(std::future::ready(Ok(c)))
    }

    fn rating_history(&self, user: &UserId) -> StoreFuture<Vec<RatingPoint>> {
        let p = super::common::lock(&self.profiles);
        let mut out: Vec<RatingPoint> = p
            .changes
            .iter()
            .filter(|c| &c.user == user)
            .map(|c| RatingPoint {
                perf: c.perf,
                at_ms: c.at_ms,
                rating: c.after,
            })
            .collect();
        out.sort_by_key(|c| std::cmp::Reverse(c.at_ms));
        let mut kept = Vec::new();
        for perf in rating::Perf::ALL {
            kept.extend(out.iter().filter(|c| c.perf == perf).take(MAX_HISTORY));
        }
        kept.sort_by_key(|c: &RatingPoint| c.at_ms);
        let out = kept;
        Box::pin(std::future::ready(Ok(out)))
    }

    fn leaders(
        &self,
        perf: rating::Perf,
        max_deviation: f64,
        active_since_ms: u64,
        nb: usize,
    ) -> StoreFuture<Vec<Leader>> {
        let acc = super::common::lock(&self.accounts);
        let p = super::common::lock(&self.profiles);
        let mut out: Vec<Leader> = acc
            .rated_in(perf)
            .filter(|(_, r)| {
                r.glicko.deviation <= max_deviation
                    && r.last_ms.is_some_and(|l| l >= active_since_ms)
            })
            .filter_map(|(u, r)| {
                let username = acc.open_username(u)?;
                let mut mine: Vec<&MemoryChange> = p
                    .changes
                    .iter()
                    .filter(|c| &c.user == u && c.perf == perf)
                    .collect();
                mine.sort_by_key(|c| std::cmp::Reverse(c.at_ms));
                let first = mine.get(..PROGRESS_GAMES.min(mine.len()))?.last();
                let progress = first.map_or(0.0, |c| r.glicko.rating - c.before);
                Some(Leader {
                    username,
                    rated: *r,
                    progress,
                })
            })
            .collect();
        out.sort_by(|a, b| {
            b.rated
                .glicko
                .rating
                .total_cmp(&a.rated.glicko.rating)
                .then_with(|| a.username.id().cmp(&b.username.id()))
        });
        out.truncate(nb.min(MAX_LEADERS));
        Box::pin(std::future::ready(Ok(out)))
    }

    fn ongoing(&self, user: &UserId) -> StoreFuture<Vec<Ongoing>> {
        let rooms = match self.rooms.lock() {
            Ok(r) => r,
            Err(_) => return Box::pin(std::future::ready(Err(StoreError::Stopped))),
        };
        let p = super::common::lock(&self.profiles);
        let mut out: Vec<(u64, Ongoing)> = p
            .seats
            .iter()
            .filter(|s| &s.user == user && s.end.is_none())
            .filter_map(|s| {
                let r = rooms.iter().find(|r| r.room.meta.id == s.room)?;
                (r.room.phase == super::Phase::Playing).then(|| {
                    (
                        r.room.meta.created_ms,
                        Ongoing {
                            room: s.room.clone(),
                            color: s.color,
                        },
                    )
                })
            })
            .collect();
        out.sort_by(|a, b| (b.0, &b.1.room).cmp(&(a.0, &a.1.room)));
        out.truncate(MAX_ONGOING);
        Box::pin(std::future::ready(Ok(out
            .into_iter()
            .map(|(_, o)| o)
            .collect())))
    }
}
