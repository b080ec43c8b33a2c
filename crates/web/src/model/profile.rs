//! Players' profiles (`#/@/<username>`) and the leaderboards (`#/leaderboard/<perf>`) on the
//! page: what the server's routes answer (`GET /api/user/{username}`, its `/rating-history`,
//! `GET /api/games/user/{username}` as NDJSON, `GET /api/player/top/{nb}/{perf}`), read into
//! typed values the view draws. The requests go through the accounts' HTTP effect
//! ([`super::account::Call`]).

use protocol::RoomId;
use protocol::user::Username;
use rules::Color;
use serde::Deserialize;

use super::account::Problem;

/// Players a leaderboard lists.
pub const LEADERBOARD_SIZE: u32 = 100;

/// Recent games a profile lists.
pub const RECENT_GAMES: u32 = 20;

/// A rating category, as lichess counts speeds (`bullet`, `blitz`, `rapid`, `classical`):
/// the rating crate's, whose [`Perf::name`] is the name in the server's routes and in
/// `[data-perf]`.
pub use rating::Perf;

/// The perf named `name`, in any case (`blitz`, `Blitz`: the rating history's series are
/// titled); `None` for another name.
#[must_use]
pub fn perf_named(name: &str) -> Option<Perf> {
    Perf::ALL
        .into_iter()
        .find(|p| p.name().eq_ignore_ascii_case(name))
}

/// One perf's rating on a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerfRating {
    /// The perf.
    pub perf: Perf,
    /// The rating, rounded.
    pub rating: i32,
    /// Provisional (shown `1500?`).
    pub provisional: bool,
    /// Rated games played in it.
    pub games: u32,
}

impl PerfRating {
    /// The rating as shown: `1500`, or `1500?` while provisional.
    pub fn shown(&self) -> String {
        if self.provisional {
            format!("{}?", self.rating)
        } else {
            self.rating.to_string()
        }
    }
}

/// The counts of a player's finished games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Counts {
    /// Every game.
    #[serde(default)]
    pub all: u64,
    /// The rated ones.
    #[serde(default)]
    pub rated: u64,
    /// Won.
    #[serde(default)]
    pub win: u64,
    /// Lost.
    #[serde(default)]
    pub loss: u64,
    /// Drawn.
    #[serde(default)]
    pub draw: u64,
}

/// A public profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The name as written.
    pub username: Username,
    /// The account was closed.
    pub closed: bool,
    /// When the account was made (ms since the Unix epoch).
    pub created_at: Option<i64>,
    /// Each perf's rating, fastest first.
    pub perfs: Vec<PerfRating>,
    /// The games counted.
    pub count: Counts,
    /// A bot account (lichess's title `BOT`): a program plays it.
    pub bot: bool,
}

/// One perf's rating history: `(day start in ms since the Unix epoch, rating)`, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The perf.
    pub perf: Perf,
    /// The points.
    pub points: Vec<(i64, i32)>,
}

/// How a game ended for the profile's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// Won.
    Win,
    /// Lost.
    Loss,
    /// Drawn.
    Draw,
}

impl Result {
    /// `[data-result]`: `win`, `loss` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Result::Win => "win",
            Result::Loss => "loss",
            Result::Draw => "draw",
        }
    }
}

/// A finished game of the profile's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The room (its replay is `#/room/<id>`).
    pub id: RoomId,
    /// Rated.
    pub rated: bool,
    /// The speed key (`blitz`, `correspondence` for an untimed game...).
    pub speed: String,
    /// When it ended (ms since the Unix epoch).
    pub ended_at: i64,
    /// The player's colour.
    pub color: Color,
    /// The opponent, when signed in.
    pub opponent: Option<Username>,
    /// The opponent's rating before the game, in a rated game.
    pub opponent_rating: Option<i32>,
    /// The result for the player.
    pub result: Result,
    /// The player's rating change, in a rated game.
    pub rating_diff: Option<i32>,
    /// The time control, `5+3`, when timed.
    pub clock: Option<String>,
}

/// A player of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leader {
    /// The name as written.
    pub username: Username,
    /// The rating.
    pub rating: i32,
    /// How it moved over the player's recent games.
    pub progress: i32,
}

/// Something asked of the server, as it stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Fetch<T> {
    /// Asked; no answer yet.
    #[default]
    Loading,
    /// The answer.
    Loaded(T),
    /// 404: no such player (or a name that cannot be one).
    Missing,
    /// It failed.
    Failed(Problem),
}

/// The profile view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfilePage {
    /// The name asked for, as in the address.
    pub name: String,
    /// The profile.
    pub profile: Fetch<Profile>,
    /// The rating history.
    pub history: Fetch<Vec<Series>>,
    /// The recent games.
    pub games: Fetch<Vec<GameLine>>,
}

impl ProfilePage {
    /// `#profile[data-state]`: `loading`, `ok`, `closed`, `missing` or `error`.
    pub fn state(&self) -> &'static str {
        match &self.profile {
            Fetch::Loading => "loading",
            Fetch::Loaded(p) if p.closed => "closed",
            Fetch::Loaded(_) => "ok",
            Fetch::Missing => "missing",
            Fetch::Failed(_) => "error",
        }
    }
}

/// The leaderboard view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardPage {
    /// The perf shown.
    pub perf: Perf,
    /// Its players, best first.
    pub leaders: Fetch<Vec<Leader>>,
}

/// The profile and leaderboard views' state in the model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profiles {
    /// The profile shown or last shown.
    pub profile: Option<ProfilePage>,
    /// The leaderboard shown or last shown.
    pub leaderboard: Option<LeaderboardPage>,
    /// The bots online, as last asked.
    pub bots: Fetch<Vec<Profile>>,
    /// When the bots were last asked for (`model.now`, ms).
    pub bots_asked: Option<f64>,
}

#[derive(Deserialize)]
struct PerfWire {
    rating: i32,
    #[serde(default)]
    prov: bool,
    #[serde(default)]
    games: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProfileWire {
    username: Username,
    #[serde(default)]
    disabled: bool,
    #[serde(default)]
    created_at: Option<i64>,
    #[serde(default)]
    perfs: std::collections::HashMap<String, PerfWire>,
    #[serde(default)]
    count: Counts,
    #[serde(default)]
    title: Option<String>,
}

/// The profile of `GET /api/user/{username}`'s answer.
///
/// # Errors
/// The JSON error when the body is not such an object.
pub fn read_profile(body: &str) -> core::result::Result<Profile, String> {
    let w: ProfileWire = serde_json::from_str(body).map_err(|e| e.to_string())?;
    let perfs = Perf::ALL
        .into_iter()
        .filter_map(|perf| {
            w.perfs.get(perf.name()).map(|p| PerfRating {
                perf,
                rating: p.rating,
                provisional: p.prov,
                games: p.games,
            })
        })
        .collect();
    Ok(Profile {
        username: w.username,
        closed: w.disabled,
        created_at: w.created_at,
        perfs,
        count: w.count,
        bot: w.title.as_deref() == Some("BOT"),
    })
}

/// The bots `GET /api/bot/online` is asked for, at most.
pub const BOTS_LISTED: u32 = 20;

/// How often the list of bots online is asked again, in milliseconds.
pub const BOTS_POLL_MS: f64 = 60_000.0;

/// The bots of `GET /api/bot/online?nb=N`'s answer (NDJSON, one profile a line), at most
/// [`BOTS_LISTED`]; a line that is not a bot's profile is skipped.
///
/// # Errors
/// Never for a line; kept a `Result` as the other readers for [`Fetch`].
pub fn read_bots(body: &str) -> core::result::Result<Vec<Profile>, String> {
    Ok(body
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| read_profile(l).ok())
        .filter(|p| p.bot && !p.closed)
        .take(BOTS_LISTED as usize)
        .collect())
}

#[derive(Deserialize)]
struct SeriesWire {
    name: String,
    points: Vec<[i64; 4]>,
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (`month` 1 to 12).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    // Howard Hinnant's algorithm (public domain), for dates as the server writes them.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The history of `GET /api/user/{username}/rating-history`'s answer (points
/// `[year, month from 0, day, rating]`), the perfs with points only.
///
/// # Errors
/// The JSON error when the body is not such a list.
pub fn read_history(body: &str) -> core::result::Result<Vec<Series>, String> {
    let w: Vec<SeriesWire> = serde_json::from_str(body).map_err(|e| e.to_string())?;
    Ok(w.into_iter()
        .filter_map(|s| {
            let perf = perf_named(&s.name)?;
            let points: Vec<(i64, i32)> = s
                .points
                .iter()
                .map(|[y, m, d, r]| {
                    let day = days_from_civil(*y, *m + 1, *d);
                    (day * 86_400_000, i32::try_from(*r).unwrap_or(0))
                })
                .collect();
            (!points.is_empty()).then_some(Series { perf, points })
        })
        .collect())
}

#[derive(Deserialize)]
struct UserWire {
    name: Username,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlayerWire {
    #[serde(default)]
    user: Option<UserWire>,
    #[serde(default)]
    rating: Option<i32>,
    #[serde(default)]
    rating_diff: Option<i32>,
}

#[derive(Deserialize)]
struct PlayersWire {
    white: PlayerWire,
    black: PlayerWire,
}

#[derive(Deserialize)]
struct ClockWire {
    initial: u32,
    increment: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameWire {
    id: RoomId,
    #[serde(default)]
    rated: bool,
    speed: String,
    last_move_at: i64,
    players: PlayersWire,
    #[serde(default)]
    winner: Option<Color>,
    #[serde(default)]
    clock: Option<ClockWire>,
}

/// A clock as players write it: `5+3` (minutes, or `½`/seconds under a minute), `+`
/// increment seconds.
fn clock_text(initial: u32, increment: u32) -> String {
    let minutes = match initial {
        30 => "½".to_owned(),
        15 => "¼".to_owned(),
        45 => "¾".to_owned(),
        s if s % 60 == 0 => (s / 60).to_string(),
        s => format!("{:.1}", f64::from(s) / 60.0),
    };
    format!("{minutes}+{increment}")
}

/// The games of `GET /api/games/user/{username}`'s NDJSON answer, as `user` (an id or a name
/// in any case) played them; a line that does not read is left out.
pub fn read_games(body: &str, user: &str) -> Vec<GameLine> {
    body.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| serde_json::from_str::<GameWire>(l).ok())
        .filter_map(|g| {
            let is = |p: &PlayerWire| {
                p.user
                    .as_ref()
                    .is_some_and(|u| u.name.as_str().eq_ignore_ascii_case(user))
            };
            let color = if is(&g.players.white) {
                Color::White
            } else if is(&g.players.black) {
                Color::Black
            } else {
                return None;
            };
            let (me, them) = match color {
                Color::White => (&g.players.white, &g.players.black),
                Color::Black => (&g.players.black, &g.players.white),
            };
            let result = match g.winner {
                None => Result::Draw,
                Some(w) if w == color => Result::Win,
                Some(_) => Result::Loss,
            };
            Some(GameLine {
                id: g.id.clone(),
                rated: g.rated,
                speed: g.speed.clone(),
                ended_at: g.last_move_at,
                color,
                opponent: them.user.as_ref().map(|u| u.name.clone()),
                opponent_rating: them.rating,
                result,
                rating_diff: me.rating_diff,
                clock: g.clock.as_ref().map(|c| clock_text(c.initial, c.increment)),
            })
        })
        .collect()
}

#[derive(Deserialize)]
struct LeaderPerfWire {
    rating: i32,
    #[serde(default)]
    progress: i32,
}

#[derive(Deserialize)]
struct LeaderWire {
    username: Username,
    perfs: std::collections::HashMap<String, LeaderPerfWire>,
}

#[derive(Deserialize)]
struct TopWire {
    users: Vec<LeaderWire>,
}

/// The players of `GET /api/player/top/{nb}/{perf}`'s answer, in its order.
///
/// # Errors
/// The JSON error when the body is not such an object.
pub fn read_top(body: &str, perf: Perf) -> core::result::Result<Vec<Leader>, String> {
    let w: TopWire = serde_json::from_str(body).map_err(|e| e.to_string())?;
    Ok(w.users
        .into_iter()
        .filter_map(|u| {
            let p = u.perfs.get(perf.name())?;
            Some(Leader {
                username: u.username,
                rating: p.rating,
                progress: p.progress,
            })
        })
        .collect())
}

/// The polyline of a rating graph: each series' points scaled into a `width` × `height`
/// box (time left to right over the span of every series, rating bottom to top with a margin
/// of a tenth of the range), with the range's rounded bounds for the axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    /// Each series' points in the box.
    pub lines: Vec<(Perf, Vec<(f64, f64)>)>,
    /// The lowest and highest rating of the axis.
    pub range: (i32, i32),
    /// The first and last day (ms since the Unix epoch).
    pub span: (i64, i64),
    /// Each series' last rating.
    pub last: Vec<(Perf, i32)>,
}

/// Scales `series` into a `width` × `height` box (see [`Graph`]); `None` without points.
pub fn graph(series: &[Series], width: f64, height: f64) -> Option<Graph> {
    let all = series.iter().flat_map(|s| s.points.iter());
    let (mut t0, mut t1, mut lo, mut hi) = (i64::MAX, i64::MIN, i32::MAX, i32::MIN);
    for &(t, r) in all {
        t0 = t0.min(t);
        t1 = t1.max(t);
        lo = lo.min(r);
        hi = hi.max(r);
    }
    if t0 > t1 {
        return None;
    }
    let margin = ((hi - lo) / 10).max(25);
    let (lo, hi) = (((lo - margin) / 50) * 50, ((hi + margin + 49) / 50) * 50);
    let x = |t: i64| {
        if t1 == t0 {
            width / 2.0
        } else {
            (t - t0) as f64 / (t1 - t0) as f64 * width
        }
    };
    let y = |r: i32| height - f64::from(r - lo) / f64::from((hi - lo).max(1)) * height;
    let lines = series
        .iter()
        .map(|s| {
            (
                s.perf,
                s.points.iter().map(|&(t, r)| (x(t), y(r))).collect(),
            )
        })
        .collect();
    let last = series
        .iter()
        .filter_map(|s| s.points.last().map(|&(_, r)| (s.perf, r)))
        .collect();
    Some(Graph {
        lines,
        range: (lo, hi),
        span: (t0, t1),
        last,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_is_read_with_its_counts_and_ratings() {
        let p = read_profile(
            r#"{"id":"somchai","username":"Somchai","createdAt":5,"perfs":{
                "bullet":{"rating":1500,"rd":500,"prov":true,"games":0},
                "blitz":{"rating":1662,"rd":80,"prov":false,"games":31}},
                "count":{"all":40,"rated":31,"win":20,"loss":15,"draw":5}}"#,
        )
        .expect("a profile");
        assert_eq!(p.username.as_str(), "Somchai");
        assert!(!p.closed);
        assert_eq!(p.perfs.len(), 2);
        assert_eq!(p.perfs[0].shown(), "1500?");
        assert_eq!(p.perfs[1].shown(), "1662");
        assert_eq!(p.count.win + p.count.loss + p.count.draw, p.count.all);
        let closed =
            read_profile(r#"{"id":"dao","username":"Dao","disabled":true}"#).expect("closed");
        assert!(closed.closed && closed.perfs.is_empty());
        assert!(read_profile("<html>").is_err());
    }

    #[test]
    fn the_history_reads_days_with_months_from_zero() {
        let s = read_history(
            r#"[{"name":"Bullet","points":[]},{"name":"Blitz","points":[[2026,0,31,1522],[2026,1,1,1500]]}]"#,
        )
        .expect("a history");
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].perf, Perf::Blitz);
        // 2026-01-31 and 2026-02-01 at midnight UTC.
        assert_eq!(
            s[0].points,
            vec![(1_769_817_600_000, 1522), (1_769_904_000_000, 1500)]
        );
    }

    #[test]
    fn games_are_read_from_the_players_side() {
        let line = r#"{"id":"0123456789abcdef0123","rated":true,"variant":"asean","speed":"blitz","perf":"blitz","lastMoveAt":9,"status":"mate","players":{"white":{"user":{"name":"Somchai","id":"somchai"},"rating":1500,"ratingDiff":12},"black":{"user":{"name":"Mali","id":"mali"},"rating":1490,"ratingDiff":-12}},"winner":"white","clock":{"initial":300,"increment":3}}"#;
        let anon = r#"{"id":"0123456789abcdef0124","rated":false,"speed":"correspondence","lastMoveAt":8,"status":"draw","players":{"white":{},"black":{"user":{"name":"Mali","id":"mali"}}}}"#;
        let body = format!("{line}\n{anon}\nnot json\n");
        let g = read_games(&body, "mali");
        assert_eq!(g.len(), 2);
        assert_eq!((g[0].color, g[0].result), (Color::Black, Result::Loss));
        assert_eq!(
            g[0].opponent.as_ref().map(Username::as_str),
            Some("Somchai")
        );
        assert_eq!(
            (g[0].opponent_rating, g[0].rating_diff),
            (Some(1500), Some(-12))
        );
        assert_eq!(g[0].clock.as_deref(), Some("5+3"));
        assert_eq!((g[1].result, g[1].opponent.clone()), (Result::Draw, None));
        assert_eq!(read_games(line, "SOMCHAI")[0].result, Result::Win);
    }

    #[test]
    fn the_leaderboard_is_read_in_order() {
        let l = read_top(
            r#"{"users":[{"id":"a","username":"A_1","perfs":{"blitz":{"rating":1900,"progress":12}}},{"id":"b","username":"Bb","perfs":{"blitz":{"rating":1800,"progress":-3}}}]}"#,
            Perf::Blitz,
        )
        .expect("leaders");
        assert_eq!(
            l.iter().map(|l| l.rating).collect::<Vec<_>>(),
            vec![1900, 1800]
        );
        assert_eq!(l[1].progress, -3);
    }

    #[test]
    fn the_graph_fits_every_series_in_its_box() {
        let s = vec![
            Series {
                perf: Perf::Blitz,
                points: vec![(0, 1500), (86_400_000, 1600)],
            },
            Series {
                perf: Perf::Rapid,
                points: vec![(2 * 86_400_000, 1400)],
            },
        ];
        let g = graph(&s, 600.0, 200.0).expect("a graph");
        assert!(g.range.0 <= 1400 && g.range.1 >= 1600, "{g:?}");
        assert_eq!(g.span, (0, 2 * 86_400_000));
        assert_eq!(g.last, vec![(Perf::Blitz, 1600), (Perf::Rapid, 1400)]);
        for (_, pts) in &g.lines {
            for &(x, y) in pts {
                assert!(
                    (0.0..=600.0).contains(&x) && (0.0..=200.0).contains(&y),
                    "{g:?}"
                );
            }
        }
        // Higher ratings are drawn higher (smaller y).
        assert!(g.lines[0].1[1].1 < g.lines[0].1[0].1);
        assert_eq!(g.lines[1].1[0].0, 600.0);
        assert!(graph(&[], 600.0, 200.0).is_none());
        let one = graph(&s[1..], 600.0, 200.0).expect("one point");
        assert_eq!(one.lines[0].1[0].0, 300.0);
    }
}
