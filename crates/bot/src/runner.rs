//! The runner: the bot's account, its event stream (`GET /api/stream/event`), its answers to
//! challenges and a task per game ([`crate::game`]).
//!
//! It checks the account first (`GET /api/account`: a bot, or upgraded when the config says
//! so), then reads the event stream: a `challenge` to the bot is accepted or declined by the
//! config's rules ([`crate::decide::challenge`], with lichess's reason key), a `gameStart`
//! starts the game's task unless it runs already. When the server goes away the runner tries
//! again after a wait that starts at [`Backoff::FIRST`] and doubles up to the config's
//! `reconnect_max_ms`; on opening, the server announces again the games in progress and the
//! open challenges, so the runner picks up where it was. A refused token, or an account that
//! is no bot, stops it with an error.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use tokio::task::JoinHandle;

use crate::api::{Api, ApiError, encode};
use crate::config::Config;
use crate::game::{self, Shared};

/// Waits between attempts to reach the server: [`Backoff::FIRST`], doubling, capped.
#[derive(Debug, Clone)]
pub struct Backoff {
    next: Duration,
    max: Duration,
}

impl Backoff {
    /// The first wait.
    pub const FIRST: Duration = Duration::from_millis(250);

    /// Waits capped at `max_ms` milliseconds (at least [`Backoff::FIRST`]).
    #[must_use]
    pub fn new(max_ms: u64) -> Backoff {
        Backoff {
            next: Backoff::FIRST,
            max: Duration::from_millis(max_ms).max(Backoff::FIRST),
        }
    }

    /// The wait before the next attempt.
    pub fn next_wait(&mut self) -> Duration {
        let w = self.next;
        self.next = (self.next * 2).min(self.max);
        w
    }

    /// After a success: the next wait is the first again.
    pub fn reset(&mut self) {
        self.next = Backoff::FIRST;
    }
}

/// Why a session with the server ended.
enum Ended {
    /// Try again after a wait.
    Retry(String),
    /// Stop the runner.
    Fatal(String),
}

/// How long an accepted challenge counts among the games before its `gameStart` arrives.
const PENDING_FOR: Duration = Duration::from_secs(30);

/// The runner's games.
#[derive(Debug, Default)]
struct Games {
    running: HashMap<String, JoinHandle<()>>,
    /// Games of `running` whose `gameFinish` came while their task is still finishing (its
    /// engine stopping): they no longer count.
    finished: std::collections::HashSet<String>,
    /// Challenges accepted whose game has not started yet, and since when.
    pending: HashMap<String, Instant>,
}

impl Games {
    /// Games in progress or about to start.
    fn count(&mut self) -> usize {
        self.running.retain(|_, h| !h.is_finished());
        let running = &self.running;
        self.finished.retain(|id| running.contains_key(id));
        self.pending.retain(|_, at| at.elapsed() < PENDING_FOR);
        self.running.len() - self.finished.len() + self.pending.len()
    }
}

/// Runs the bot until the server refuses its token or its account (an error), or for ever.
///
/// # Errors
/// The token is unreadable or refused; the account is no bot and `upgrade` is off, or its
/// upgrade is refused.
pub async fn run(config: Config) -> Result<(), String> {
    let token = config.token()?;
    let api = Api::new(config.base_url(), token)?;
    let mut backoff = Backoff::new(config.server.reconnect_max_ms);
    let me = loop {
        let e = match account(&api, config.server.upgrade).await {
            Ok(me) => break me,
            Err(Ended::Fatal(e)) => return Err(e),
            Err(Ended::Retry(e)) => e,
        };
        wait(&mut backoff, &e).await;
    };
    let shared = Arc::new(Shared { api, config, me });
    let mut games = Games::default();
    loop {
        match events(&shared, &mut games, &mut backoff).await {
            Ended::Fatal(e) => return Err(e),
            Ended::Retry(e) => wait(&mut backoff, &e).await,
        }
    }
}

async fn wait(backoff: &mut Backoff, why: &str) {
    let wait = backoff.next_wait();
    tracing::warn!("{why}; trying again in {} ms", wait.as_millis());
    tokio::time::sleep(wait).await;
}

/// The bot's account id, upgraded to a bot account first when `upgrade` allows.
async fn account(api: &Api, upgrade: bool) -> Result<String, Ended> {
    let fatal_or_retry = |e: ApiError| match e {
        ApiError::Status(StatusCode::UNAUTHORIZED, m) => {
            Ended::Fatal(format!("the server refuses the token: {m}"))
        }
        other => Ended::Retry(other.to_string()),
    };
    let me = api.get("/api/account").await.map_err(fatal_or_retry)?;
    let Some(id) = me["id"].as_str().map(str::to_owned) else {
        return Err(Ended::Retry("/api/account answered no id".into()));
    };
    if me["title"] != "BOT" {
        if !upgrade {
            return Err(Ended::Fatal(format!(
                "the account {id} is no bot account: upgrade it (POST /api/bot/account/upgrade, \
                 or `upgrade = true` in [server])"
            )));
        }
        match api.post("/api/bot/account/upgrade", "").await {
            Ok(_) => tracing::info!("the account {id} is a bot account now"),
            Err(ApiError::Status(s, m)) => {
                return Err(Ended::Fatal(format!(
                    "the upgrade of {id} to a bot account was refused ({s}): {m}"
                )));
            }
            Err(e) => return Err(Ended::Retry(e.to_string())),
        }
    }
    tracing::info!("signed in as {id}");
    Ok(id)
}

/// Reads the event stream until it ends or breaks.
async fn events(shared: &Arc<Shared>, games: &mut Games, backoff: &mut Backoff) -> Ended {
    let mut lines = match shared.api.stream("/api/stream/event").await {
        Ok(l) => l,
        Err(ApiError::Status(StatusCode::UNAUTHORIZED, m)) => {
            return Ended::Fatal(format!("the server refuses the token: {m}"));
        }
        Err(e) => return Ended::Retry(e.to_string()),
    };
    backoff.reset();
    tracing::info!("listening for challenges");
    loop {
        match lines.next().await {
            Ok(Some(v)) => on_event(shared, games, &v).await,
            Ok(None) => return Ended::Retry("the event stream ended".into()),
            Err(e) => return Ended::Retry(e.to_string()),
        }
    }
}

async fn on_event(shared: &Arc<Shared>, games: &mut Games, v: &Value) {
    match v["type"].as_str() {
        Some("challenge") => on_challenge(shared, games, &v["challenge"]).await,
        Some("gameStart") => {
            let game = &v["game"];
            let Some(id) = game["gameId"].as_str().or(game["id"].as_str()) else {
                tracing::warn!("a gameStart without a game id, skipped");
                return;
            };
            games.pending.remove(id);
            games.count();
            if games.running.contains_key(id) {
                return;
            }
            let task = tokio::spawn(game::play(shared.clone(), id.to_owned()));
            games.running.insert(id.to_owned(), task);
        }
        Some("gameFinish") => {
            let game = &v["game"];
            let id = game["gameId"]
                .as_str()
                .or(game["id"].as_str())
                .unwrap_or("?");
            tracing::debug!("game {id} finished");
            if games.running.contains_key(id) {
                games.finished.insert(id.to_owned());
            }
        }
        Some(kind @ ("challengeCanceled" | "challengeDeclined")) => {
            let id = v["challenge"]["id"].as_str().unwrap_or("?");
            games.pending.remove(id);
            tracing::info!("challenge {id}: {kind}");
        }
        Some(other) => tracing::debug!("an event of type {other} skipped"),
        None => tracing::warn!("an event without a type skipped"),
    }
}

async fn on_challenge(shared: &Arc<Shared>, games: &mut Games, c: &Value) {
    let Some(id) = c["id"].as_str() else {
        tracing::warn!("a challenge without an id, skipped");
        return;
    };
    if c["challenger"]["id"].as_str() == Some(shared.me.as_str())
        || c["status"].as_str().is_some_and(|s| s != "created")
    {
        return;
    }
    let from = c["challenger"]["name"].as_str().unwrap_or("?");
    let playing = games.count();
    let api = &shared.api;
    let id_path = encode(id);
    match crate::decide::challenge(&shared.config.challenge, c, playing) {
        Ok(()) => match api
            .post(&format!("/api/challenge/{id_path}/accept"), "")
            .await
        {
            Ok(_) => {
                tracing::info!("challenge {id} from {from}: accepted");
                games.pending.insert(id.to_owned(), Instant::now());
            }
            Err(e) => tracing::warn!("challenge {id} from {from}: not accepted: {e}"),
        },
        Err(reason) => {
            match api
                .post(
                    &format!("/api/challenge/{id_path}/decline"),
                    &format!("reason={reason}"),
                )
                .await
            {
                Ok(_) => tracing::info!("challenge {id} from {from}: declined ({reason})"),
                Err(e) => tracing::warn!("challenge {id} from {from}: not declined: {e}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waits_double_up_to_the_cap_and_start_over_after_a_success() {
        let mut b = Backoff::new(1_000);
        let waits: Vec<u128> = (0..6).map(|_| b.next_wait().as_millis()).collect();
        assert_eq!(waits, vec![250, 500, 1_000, 1_000, 1_000, 1_000]);
        b.reset();
        assert_eq!(b.next_wait(), Backoff::FIRST);
        assert_eq!(Backoff::new(0).next_wait(), Backoff::FIRST);
    }
}
