//! [`ProfileStore`] on SQLite: reads on the read connection, on a blocking thread; the
//! seats' rows are written by the writer with their append ([`write_seats`]).

use protocol::user::UserId;
use rusqlite::{Connection, params};

use super::SqliteStore;
use crate::store::accounts::db_ms;
use crate::store::profiles::{
    COUNTS_SQL, GAMES_SQL, GameCounts, GameRow, GamesCursor, HISTORY_SQL, LEADERS_SQL, Leader,
    MAX_HISTORY, MAX_LEADERS, MAX_ONGOING, ONGOING_SQL, Ongoing, PROGRESS_GAMES, PlayerGame,
    ProfileStore, RatingPoint, SEEN_SQL, color_name, color_of, count_row, cursor_params, leader,
    page, seat_writes,
};
use crate::store::{Append, StoreError, StoreFuture};

/// The shared SQL with SQLite's numbered parameters (`?1` for `$1`).
fn sql(text: &str) -> String {
    text.replace('$', "?")
}

/// Writes the `player_games` rows of `a` (in the append's savepoint).
pub(super) fn write_seats(conn: &Connection, a: &Append) -> Result<(), StoreError> {
    let w = seat_writes(a);
    let room = a.room.as_str();
    for (color, user) in &w.seated {
        conn.prepare_cached(
            "INSERT INTO player_games (room, color, user_id) \
             SELECT ?1, ?2, id FROM users WHERE id = ?3 \
             ON CONFLICT (room, color) DO UPDATE SET user_id = excluded.user_id, \
                 ended_ms = NULL, outcome = NULL",
        )?
        .execute(params![room, color_name(*color), user.as_str()])?;
    }
    match w.end {
        Some(None) => {
            conn.prepare_cached("DELETE FROM player_games WHERE room = ?1")?
                .execute([room])?;
        }
        Some(Some((outcome, at))) => {
            conn.prepare_cached(
                "UPDATE player_games SET ended_ms = ?1, outcome = ?2 WHERE room = ?3",
            )?
            .execute(params![db_ms(at), outcome, room])?;
        }
        None => {}
    }
    Ok(())
}

impl ProfileStore for SqliteStore {
    fn seen_ms(&self, user: &UserId) -> StoreFuture<Option<u64>> {
        let user = user.clone();
        self.read(move |conn| {
            let seen: Option<i64> =
                conn.query_row(&sql(SEEN_SQL), [user.as_str()], |r| r.get(0))?;
            seen.map(|s| crate::store::accounts::ms(s, "last_seen_ms"))
                .transpose()
        })
    }

    fn games_of(
        &self,
        user: &UserId,
        after: Option<GamesCursor>,
        limit: usize,
    ) -> StoreFuture<Vec<PlayerGame>> {
        let user = user.clone();
        self.read(move |conn| {
            let (at, room) = cursor_params(after.as_ref());
            let mut stmt = conn.prepare_cached(&sql(GAMES_SQL))?;
            let rows = stmt.query_map(params![user.as_str(), at, room, page(limit)], |r| {
                Ok(GameRow {
                    room: r.get(0)?,
                    color: r.get(1)?,
                    ended_ms: r.get(2)?,
                    outcome: r.get(3)?,
                    clock: (r.get(4)?, r.get(5)?),
                    rated: r.get(6)?,
                    names: (r.get(7)?, r.get(8)?),
                    white: (r.get(9)?, r.get(10)?),
                    black: (r.get(11)?, r.get(12)?),
                })
            })?;
            let mut out = Vec::new();
            for row in rows {
                out.push(row?.decode()?);
            }
            Ok(out)
        })
    }

    fn game_counts(&self, user: &UserId) -> StoreFuture<GameCounts> {
        let user = user.clone();
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(&sql(COUNTS_SQL))?;
            let rows = stmt.query_map([user.as_str()], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, bool>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            })?;
            let mut c = GameCounts::default();
            for row in rows {
                let (outcome, color, rated, n) = row?;
                count_row(&mut c, &outcome, &color, rated, n)?;
            }
            Ok(c)
        })
    }

    fn rating_history(&self, user: &UserId) -> StoreFuture<Vec<RatingPoint>> {
        let user = user.clone();
        self.read(move |conn| {
            let mut out = Vec::new();
            let mut stmt = conn.prepare_cached(&sql(HISTORY_SQL))?;
            for perf in rating::Perf::ALL {
                let limit = i64::try_from(MAX_HISTORY).unwrap_or(0);
                let rows = stmt.query_map(params![user.as_str(), perf.name(), limit], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, f64>(1)?))
                })?;
                for row in rows {
                    let (at, rating) = row?;
                    out.push(RatingPoint {
                        perf,
                        at_ms: crate::store::accounts::ms(at, "at_ms")?,
                        rating,
                    });
                }
            }
            out.sort_by_key(|p| p.at_ms);
            Ok(out)
        })
    }

    fn leaders(
        &self,
        perf: rating::Perf,
        max_deviation: f64,
        active_since_ms: u64,
        nb: usize,
    ) -> StoreFuture<Vec<Leader>> {
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(&sql(LEADERS_SQL))?;
            let rows = stmt.query_map(
                params![
                    perf.name(),
                    max_deviation,
                    db_ms(active_since_ms),
                    i64::try_from(nb.min(MAX_LEADERS)).unwrap_or(0),
                    i64::try_from(PROGRESS_GAMES).unwrap_or(0)
                ],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        rating::Glicko {
                            rating: r.get(1)?,
                            deviation: r.get(2)?,
                            volatility: r.get(3)?,
                        },
                        r.get::<_, i64>(4)?,
                        r.get::<_, Option<i64>>(5)?,
                        r.get::<_, f64>(6)?,
                    ))
                },
            )?;
            let mut out = Vec::new();
            for row in rows {
                let (name, glicko, games, last, progress) = row?;
                out.push(leader(&name, glicko, games, last, progress)?);
            }
            Ok(out)
        })
    }

    fn ongoing(&self, user: &UserId) -> StoreFuture<Vec<Ongoing>> {
        let user = user.clone();
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(&sql(ONGOING_SQL))?;
            let limit = i64::try_from(MAX_ONGOING).unwrap_or(0);
            let rows = stmt.query_map(params![user.as_str(), limit], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (room, color) = row?;
                out.push(Ongoing {
                    room: room.parse().map_err(|_| {
                        crate::store::accounts::corrupt(format!("room id {room:?}"))
                    })?,
                    color: color_of(&color)?,
                });
            }
            Ok(out)
        })
    }
}
