//! One game: its stream (`GET /api/bot/game/stream/{id}`), its engine (a UCI process of its
//! own), and the bot's moves, draw offers and answers, and resignation.
//!
//! The task follows the game until it ends. When the stream breaks (the server went away) it
//! opens it again, waiting longer each time ([`crate::runner::Backoff`]), and goes on from the
//! `gameFull` line the server sends on opening: a game survives a restart of the server. An
//! engine that fails (exits, hangs past its time, answers no move or one the server refuses)
//! is started again and asked once more; when that fails too the bot resigns, so that its
//! opponent never waits for nothing.

use std::sync::Arc;
use std::time::Duration;

use engine::uci_client::{Answer, Fault, UciEngine};
use reqwest::StatusCode;
use serde_json::Value;

use crate::api::{Api, ApiError, Lines};
use crate::config::Config;
use crate::decide::{Scores, Verdict};
use crate::runner::Backoff;

/// What the game's task shares with the runner.
#[derive(Debug)]
pub struct Shared {
    /// The server's API with the bot's token.
    pub api: Api,
    /// The config.
    pub config: Config,
    /// The bot's account id.
    pub me: String,
}

/// How long the task keeps trying to reach a game whose stream broke.
const GIVE_UP_AFTER: Duration = Duration::from_secs(15 * 60);

/// The time the engine may take past the clock's before it counts as hung.
const THINK_GRACE: Duration = Duration::from_secs(10);

/// The longest the engine is given for one move (a game without a clock).
const MAX_THINK: Duration = Duration::from_secs(600);

/// A game as the bot follows it.
#[derive(Debug, Default)]
struct Game {
    /// The bot plays White.
    white: bool,
    /// `position startpos` or `position fen <fen>`.
    start: String,
    /// Whether White moves first.
    white_first: bool,
    /// The plies played when the bot last moved (so that a state seen twice is not played
    /// twice).
    moved_at: Option<usize>,
    /// The plies played when the bot last offered a draw.
    offered_at: Option<usize>,
    scores: Scores,
}

/// How following a stream ended.
enum Followed {
    /// The game is over, or not the bot's: nothing more to do.
    Over,
    /// The stream broke: open it again.
    Broken(String),
}

/// Plays game `id` to its end (see the module documentation).
pub async fn play(shared: Arc<Shared>, id: String) {
    let mut game = Game::default();
    let mut engine: Option<UciEngine> = None;
    let mut backoff = Backoff::new(shared.config.server.reconnect_max_ms);
    let mut failing_since: Option<std::time::Instant> = None;
    let path = format!("/api/bot/game/stream/{id}");
    loop {
        let broken = match shared.api.stream(&path).await {
            Ok(lines) => {
                backoff.reset();
                failing_since = None;
                match follow(&shared, &id, lines, &mut game, &mut engine).await {
                    Followed::Over => break,
                    Followed::Broken(e) => e,
                }
            }
            Err(ApiError::Status(status, e)) if status.is_client_error() => {
                tracing::warn!("game {id}: its stream is refused ({status}: {e}); leaving it");
                break;
            }
            Err(e) => e.to_string(),
        };
        let since = *failing_since.get_or_insert_with(std::time::Instant::now);
        if since.elapsed() > GIVE_UP_AFTER {
            tracing::error!("game {id}: unreachable for {GIVE_UP_AFTER:?}; leaving it");
            break;
        }
        let wait = backoff.next_wait();
        tracing::warn!("game {id}: {broken}; again in {} ms", wait.as_millis());
        tokio::time::sleep(wait).await;
    }
    if let Some(e) = engine.take() {
        // `quit`, and a kill if it lingers: blocking, so not on the runtime's threads.
        let _ = tokio::task::spawn_blocking(move || drop(e)).await;
    }
    tracing::info!("game {id}: done");
}

/// Follows one opening of the game's stream.
async fn follow(
    shared: &Shared,
    id: &str,
    mut lines: Lines,
    game: &mut Game,
    engine: &mut Option<UciEngine>,
) -> Followed {
    loop {
        let line = match lines.next().await {
            Ok(Some(v)) => v,
            Ok(None) => return Followed::Broken("the stream ended".to_owned()),
            Err(e) => return Followed::Broken(e.to_string()),
        };
        let state = match line["type"].as_str() {
            Some("gameFull") => {
                game.white = line["white"]["id"].as_str() == Some(shared.me.as_str());
                if !game.white && line["black"]["id"].as_str() != Some(shared.me.as_str()) {
                    tracing::warn!("game {id}: the bot has no seat in it; leaving it");
                    return Followed::Over;
                }
                let fen = line["initialFen"].as_str().unwrap_or("startpos");
                if fen == "startpos" {
                    game.start = "position startpos".to_owned();
                    game.white_first = true;
                } else {
                    game.start = format!("position fen {fen}");
                    game.white_first = fen.split_whitespace().nth(1) != Some("b");
                }
                tracing::info!(
                    "game {id}: playing {} against {}",
                    if game.white { "White" } else { "Black" },
                    line[if game.white { "black" } else { "white" }]["name"]
                        .as_str()
                        .unwrap_or("?")
                );
                line["state"].clone()
            }
            Some("gameState") => line,
            Some("opponentGone") => {
                if line["gone"] == true
                    && let Some(secs) = line["claimWinInSeconds"].as_u64()
                {
                    claim_later(shared, id, secs);
                }
                continue;
            }
            Some(other) => {
                tracing::debug!("game {id}: a line of type {other} skipped");
                continue;
            }
            None => {
                tracing::warn!("game {id}: a line without a type skipped");
                continue;
            }
        };
        if game.start.is_empty() {
            tracing::warn!("game {id}: a state before the gameFull line, skipped");
            continue;
        }
        match on_state(shared, id, &state, game, engine).await {
            Ok(true) => {}
            Ok(false) => return Followed::Over,
            Err(e) => return Followed::Broken(e),
        }
    }
}

/// Claims the win `secs` seconds from now, if the opponent is still away then (the server
/// refuses it otherwise, which is logged and harmless).
fn claim_later(shared: &Shared, id: &str, secs: u64) {
    let api = shared.api.clone();
    let id = id.to_owned();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(secs) + Duration::from_millis(200)).await;
        match api
            .post(&format!("/api/bot/game/{id}/claim-victory"), "")
            .await
        {
            Ok(_) => tracing::info!("game {id}: the opponent left; victory claimed"),
            Err(e) => tracing::debug!("game {id}: no victory to claim: {e}"),
        }
    });
}

/// Acts on one state of the game: `Ok(false)` once it is over.
async fn on_state(
    shared: &Shared,
    id: &str,
    state: &Value,
    game: &mut Game,
    engine: &mut Option<UciEngine>,
) -> Result<bool, String> {
    let status = state["status"].as_str().unwrap_or("started");
    if !matches!(status, "created" | "started") {
        let winner = state["winner"].as_str().unwrap_or("none");
        tracing::info!("game {id}: over ({status}, winner {winner})");
        return Ok(false);
    }
    let moves: Vec<&str> = state["moves"]
        .as_str()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let plies = moves.len();
    let white_to_move = game.white_first == plies.is_multiple_of(2);
    if white_to_move != game.white || game.moved_at == Some(plies) {
        return Ok(true);
    }
    let mut position = game.start.clone();
    if !moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&moves.join(" "));
    }
    let ms = |k: &str| state[k].as_u64().unwrap_or(0);
    let (mine, inc) = if game.white {
        (ms("wtime"), ms("winc"))
    } else {
        (ms("btime"), ms("binc"))
    };
    let go = format!(
        "go wtime {} btime {} winc {} binc {}{}",
        ms("wtime"),
        ms("btime"),
        ms("winc"),
        ms("binc"),
        shared.config.engine.go_limits()
    );
    let deadline = Duration::from_millis(mine + inc).min(MAX_THINK) + THINK_GRACE;
    let move_number = u32::try_from(plies / 2 + 1).unwrap_or(u32::MAX);
    let their_offer = state[if game.white { "bdraw" } else { "wdraw" }] == true;
    let api = &shared.api;
    tracing::debug!("game {id}: thinking on {position} ({go})");
    let mut tries = 0;
    loop {
        tries += 1;
        let answer = match think(shared, engine, &position, &go, deadline).await {
            Ok(a) => a,
            Err(fault) if tries < 2 => {
                tracing::error!("game {id}: the engine failed ({fault}); starting it again");
                continue;
            }
            Err(fault) => {
                tracing::error!("game {id}: the engine failed again ({fault}); resigning");
                resign(api, id).await?;
                return Ok(true);
            }
        };
        let verdict = game.scores.after_move(
            answer.score,
            move_number,
            &shared.config.draw,
            &shared.config.resign,
        );
        if their_offer {
            if game.scores.accepts_draw(move_number, &shared.config.draw) {
                tracing::info!("game {id}: accepting the opponent's draw offer");
                post(api, &format!("/api/bot/game/{id}/draw/yes")).await?;
                return Ok(true);
            }
            tracing::info!("game {id}: declining the opponent's draw offer");
            post(api, &format!("/api/bot/game/{id}/draw/no")).await?;
        }
        if verdict == Verdict::Resign {
            tracing::info!(
                "game {id}: resigning (the engine's score {:?})",
                answer.score
            );
            resign(api, id).await?;
            return Ok(true);
        }
        let uci = answer.best_move.trim();
        let playable = !uci.is_empty()
            && uci != "(none)"
            && uci != "0000"
            && uci.bytes().all(|b| b.is_ascii_alphanumeric());
        let refused = if playable {
            post_move(api, id, uci).await?
        } else {
            Some("not a move".to_owned())
        };
        match refused {
            None => {
                game.moved_at = Some(plies);
                tracing::debug!("game {id}: played {uci} (score {:?})", answer.score);
                if verdict == Verdict::OfferDraw && game.offered_at.is_none_or(|p| plies >= p + 20)
                {
                    game.offered_at = Some(plies);
                    tracing::info!("game {id}: offering a draw");
                    post(api, &format!("/api/bot/game/{id}/draw/yes")).await?;
                }
                return Ok(true);
            }
            Some(why) if tries < 2 => {
                tracing::error!(
                    "game {id}: the engine answered {uci:?}, refused ({why}); starting it again"
                );
                if let Some(e) = engine.take() {
                    let _ = tokio::task::spawn_blocking(move || drop(e)).await;
                }
            }
            Some(why) => {
                tracing::error!(
                    "game {id}: the engine answered {uci:?} again, refused ({why}); resigning"
                );
                resign(api, id).await?;
                return Ok(true);
            }
        }
    }
}

/// How many times a request the server answered 429 (too many requests) is sent again, a
/// second apart (the token's budget grows by one request a second).
const RETRIES_WHEN_LIMITED: u32 = 30;

/// Posts the move `uci`: `Ok(None)` once played, `Ok(Some(why))` when the server refuses
/// it; a transport failure breaks the stream.
async fn post_move(api: &Api, id: &str, uci: &str) -> Result<Option<String>, String> {
    post_refusable(api, &format!("/api/bot/game/{id}/move/{uci}")).await
}

/// Posts `path`: `Ok(None)` once taken, `Ok(Some(why))` when the server refuses it (a 4xx);
/// a transport failure is the `Err`. Past the request budget (a 429) it waits a second and
/// sends it again, [`RETRIES_WHEN_LIMITED`] times at most: a resignation or a move lost to
/// a budget shared with other clients of the address would leave the game waiting.
async fn post_refusable(api: &Api, path: &str) -> Result<Option<String>, String> {
    let mut limited = 0;
    loop {
        match api.post(path, "").await {
            Ok(_) => return Ok(None),
            Err(ApiError::Status(StatusCode::TOO_MANY_REQUESTS, e))
                if limited < RETRIES_WHEN_LIMITED =>
            {
                limited += 1;
                tracing::warn!("{path}: too many requests ({e}); again in 1 s");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(ApiError::Status(s, e)) if s.is_client_error() => return Ok(Some(e)),
            Err(e) => return Err(e.to_string()),
        }
    }
}

/// A command whose refusal is logged only (after the retries past a 429); a transport
/// failure breaks the stream.
async fn post(api: &Api, path: &str) -> Result<(), String> {
    if let Some(why) = post_refusable(api, path).await? {
        tracing::warn!("{path}: refused ({why})");
    }
    Ok(())
}

async fn resign(api: &Api, id: &str) -> Result<(), String> {
    post(api, &format!("/api/bot/game/{id}/resign")).await
}

/// Asks the game's engine (started first when there is none) for a move within `deadline`.
/// A failed engine is dropped, so that the next call starts another.
async fn think(
    shared: &Shared,
    engine: &mut Option<UciEngine>,
    position: &str,
    go: &str,
    deadline: Duration,
) -> Result<Answer, Fault> {
    let command = shared.config.engine.command();
    let start_within = Duration::from_millis(shared.config.engine.start_timeout_ms);
    let current = engine.take();
    let (position, go) = (position.to_owned(), go.to_owned());
    let joined = tokio::task::spawn_blocking(move || {
        let mut e = match current {
            Some(e) => e,
            None => {
                let mut e = UciEngine::start(&command, start_within)?;
                e.new_game(start_within)?;
                e
            }
        };
        let answer = e.go(&position, &go, deadline)?;
        Ok::<_, Fault>((e, answer))
    })
    .await;
    match joined {
        Ok(Ok((e, answer))) => {
            *engine = Some(e);
            Ok(answer)
        }
        Ok(Err(fault)) => Err(fault),
        Err(e) => Err(Fault::Spawn(format!("the engine's thread failed: {e}"))),
    }
}
