//! [`ProfileStore`] on PostgreSQL: each read one statement (the history, one a perf) on a
//! connection of the pool; the seats' rows are written in their append's transaction
//! ([`write_seats`]).

use protocol::user::UserId;

use super::{PostgresStore, pool_error};
use crate::store::accounts::{corrupt, db_ms, ms};
use crate::store::profiles::{
    COUNTS_SQL, GAMES_SQL, GameCounts, GameRow, GamesCursor, HISTORY_SQL, LEADERS_SQL, Leader,
    MAX_HISTORY, MAX_LEADERS, MAX_ONGOING, ONGOING_SQL, Ongoing, PROGRESS_GAMES, PlayerGame,
    ProfileStore, RatingPoint, SEEN_SQL, color_name, color_of, count_row, cursor_params, leader,
    page, seat_writes,
};
use crate::store::{Append, StoreError, StoreFuture};

/// Writes the `player_games` rows of `a` in its transaction.
pub(super) async fn write_seats(
    tx: &deadpool_postgres::Transaction<'_>,
    a: &Append,
) -> Result<(), StoreError> {
    let w = seat_writes(a);
    let room = a.room.as_str();
    for (color, user) in &w.seated {
        let insert = tx
            .prepare_cached(
                "INSERT INTO player_games (room, color, user_id) \
                 SELECT $1, $2, id FROM users WHERE id = $3 \
                 ON CONFLICT (room, color) DO UPDATE SET user_id = excluded.user_id, \
                     ended_ms = NULL, outcome = NULL",
            )
            .await?;
        tx.execute(&insert, &[&room, &color_name(*color), &user.as_str()])
            .await?;
    }
    match w.end {
        Some(None) => {
            let delete = tx
                .prepare_cached("DELETE FROM player_games WHERE room = $1")
                .await?;
            tx.execute(&delete, &[&room]).await?;
        }
        Some(Some((outcome, at))) => {
            let update = tx
                .prepare_cached(
                    "UPDATE player_games SET ended_ms = $1, outcome = $2 WHERE room = $3",
                )
                .await?;
            tx.execute(&update, &[&db_ms(at), &outcome, &room]).await?;
        }
        None => {}
    }
    Ok(())
}

impl ProfileStore for PostgresStore {
    fn seen_ms(&self, user: &UserId) -> StoreFuture<Option<u64>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let stmt = client.prepare_cached(SEEN_SQL).await?;
            let seen: Option<i64> = client
                .query_one(&stmt, &[&user.as_str()])
                .await?
                .try_get(0)?;
            seen.map(|s| ms(s, "last_seen_ms")).transpose()
        })
    }

    fn games_of(
        &self,
        user: &UserId,
        after: Option<GamesCursor>,
        limit: usize,
    ) -> StoreFuture<Vec<PlayerGame>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let (at, room) = cursor_params(after.as_ref());
            let stmt = client.prepare_cached(GAMES_SQL).await?;
            let rows = client
                .query(&stmt, &[&user.as_str(), &at, &room, &page(limit)])
                .await?;
            rows.iter()
                .map(|r| {
                    GameRow {
                        room: r.try_get(0)?,
                        color: r.try_get(1)?,
                        ended_ms: r.try_get(2)?,
                        outcome: r.try_get(3)?,
                        clock: (r.try_get(4)?, r.try_get(5)?),
                        rated: r.try_get(6)?,
                        names: (r.try_get(7)?, r.try_get(8)?),
                        white: (r.try_get(9)?, r.try_get(10)?),
                        black: (r.try_get(11)?, r.try_get(12)?),
                    }
                    .decode()
                })
                .collect()
        })
    }

    fn game_counts(&self, user: &UserId) -> StoreFuture<GameCounts> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let stmt = client.prepare_cached(COUNTS_SQL).await?;
            let mut c = GameCounts::default();
            for r in client.query(&stmt, &[&user.as_str()]).await? {
                let (outcome, color): (String, String) = (r.try_get(0)?, r.try_get(1)?);
                count_row(&mut c, &outcome, &color, r.try_get(2)?, r.try_get(3)?)?;
            }
            Ok(c)
        })
    }

    fn rating_history(&self, user: &UserId) -> StoreFuture<Vec<RatingPoint>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let stmt = client.prepare_cached(HISTORY_SQL).await?;
            let limit = i64::try_from(MAX_HISTORY).unwrap_or(0);
            let mut out = Vec::new();
            for perf in rating::Perf::ALL {
                for r in client
                    .query(&stmt, &[&user.as_str(), &perf.name(), &limit])
                    .await?
                {
                    out.push(RatingPoint {
                        perf,
                        at_ms: ms(r.try_get(0)?, "at_ms")?,
                        rating: r.try_get(1)?,
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
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let stmt = client.prepare_cached(LEADERS_SQL).await?;
            let rows = client
                .query(
                    &stmt,
                    &[
                        &perf.name(),
                        &max_deviation,
                        &db_ms(active_since_ms),
                        &i64::try_from(nb.min(MAX_LEADERS)).unwrap_or(0),
                        &i64::try_from(PROGRESS_GAMES).unwrap_or(0),
                    ],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    let name: String = r.try_get(0)?;
                    let glicko = rating::Glicko {
                        rating: r.try_get(1)?,
                        deviation: r.try_get(2)?,
                        volatility: r.try_get(3)?,
                    };
                    leader(&name, glicko, r.try_get(4)?, r.try_get(5)?, r.try_get(6)?)
                })
                .collect()
        })
    }

    fn ongoing(&self, user: &UserId) -> StoreFuture<Vec<Ongoing>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let stmt = client.prepare_cached(ONGOING_SQL).await?;
            let limit = i64::try_from(MAX_ONGOING).unwrap_or(0);
            client
                .query(&stmt, &[&user.as_str(), &limit])
                .await?
                .iter()
                .map(|r| {
                    let room: String = r.try_get(0)?;
                    let color: String = r.try_get(1)?;
                    Ok(Ongoing {
                        room: room
                            .parse()
                            .map_err(|_| corrupt(format!("room id {room:?}")))?,
                        color: color_of(&color)?,
                    })
                })
                .collect()
        })
    }
}
