//! `asean-bot`: connects a UCI engine (our `asean-engine`, or Fairy-Stockfish with
//! `UCI_Variant asean`) to a bot account of an ASEAN chess server, through the server's
//! lichess-compatible Bot API, in the spirit of lichess-bot.
//!
//! ```text
//! asean-bot --config asean-bot.toml      # RUST_LOG=debug for more
//! ```
//!
//! The runner ([`runner`]) streams the account's events (`GET /api/stream/event`), accepts or
//! declines each challenge by the config's rules ([`decide::challenge`]; a decline carries
//! lichess's reason key: `variant`, `timeControl`, `tooFast`, `tooSlow`, `rated`, `casual`,
//! `later`), and plays each game in a task of its own ([`game`]) with an engine process of
//! its own: `position startpos|fen <initial> moves ...` and `go wtime <ms> btime <ms> winc
//! <ms> binc <ms>` on its turn, the move posted to `/api/bot/game/{id}/move/{uci}`, draws
//! offered, accepted and declined and resignations by the engine's scores ([`decide::Scores`]).
//! After the server goes away (a restart) it reconnects with a wait that doubles up to a cap,
//! and goes on with its games in progress: the server announces them again when the event
//! stream opens, and each game's stream gives its whole state. A line that is no JSON object
//! is logged and skipped; an engine that exits, hangs or answers an illegal move is started
//! again (and the bot resigns when it fails twice on one move); nothing of it panics. The
//! token never appears in a log line.
//!
//! # The config file (TOML)
//!
//! `[server]`
//! - `url` (string, required): `http://host:port` of the server. Plain HTTP only in this
//!   build (reach an HTTPS server through a local proxy).
//! - exactly one of `token` (string: the personal API token, `lip_...`), `token_file` (path
//!   of a file whose first line is the token), `token_env` (name of an environment variable
//!   holding it). The token needs the scope `bot:play`.
//! - `upgrade` (bool, default `false`): upgrade the account to a bot account on start when
//!   it is not one (for good: only an account that has played no game can be upgraded).
//! - `reconnect_max_ms` (integer, ms, default 30000): the longest wait between attempts to
//!   reach the server; the first is 250 ms, each next one twice the last.
//!
//! `[engine]`
//! - `command` (string, required): the engine program; `args` (strings, default none).
//! - `[engine.options]`: UCI options, `Name = value` (string, integer or boolean), sent with
//!   `setoption` after `uciok`: `UCI_Variant` first, then the others by name. E.g. `Hash = 64`
//!   (MiB), `Threads = 1`, `UCI_Variant = "asean"` (Fairy-Stockfish), `"Skill Level" = 8`
//!   (`asean-engine`, 1 to 8).
//! - `depth` (integer, plies), `movetime_ms` (integer, ms), `nodes` (integer): added to every
//!   `go` after the clock (default none: the engine's own time management).
//! - `start_timeout_ms` (integer, ms, default 10000): the time the engine has to answer
//!   `uciok` and `readyok`.
//!
//! `[challenge]` (all optional)
//! - `variants` (strings, default `["asean"]`): otherwise declined `variant`.
//! - `rated`, `casual` (bools, default `true`): a rated challenge when `rated = false` is
//!   declined `casual`, a casual one when `casual = false` is declined `rated`.
//! - `unlimited` (bool, default `false`): a challenge without a clock is declined
//!   `timeControl`.
//! - `min_base_s`, `max_base_s` (integers, seconds, defaults 0 and 10800): the initial time
//!   allowed; below is declined `tooFast`, above `tooSlow`.
//! - `min_increment_s`, `max_increment_s` (integers, seconds, defaults 0 and 180): otherwise
//!   declined `timeControl`.
//! - `max_games` (integer ≥ 1, default 1): games at once; a challenge past it is declined
//!   `later`.
//!
//! `[draw]` (all optional)
//! - `enabled` (bool, default `true`; `false` declines every offer and never offers).
//! - `max_score_cp` (integer, centipawns, default 20), `min_move` (integer, full moves,
//!   default 40), `consecutive_moves` (integer, default 5): the bot offers a draw once its
//!   engine's score has been within ±`max_score_cp` for `consecutive_moves` of its moves in a
//!   row from move `min_move` on (again 10 of its moves later at the soonest), and accepts
//!   the opponent's offer when its last score is within that margin from move `min_move` on.
//!
//! `[resign]` (all optional)
//! - `enabled` (bool, default `true`), `score_cp` (integer, centipawns, default -1000),
//!   `consecutive_moves` (integer, default 3): the bot resigns once its engine's score has
//!   been at most `score_cp` for `consecutive_moves` of its moves in a row (a mate against
//!   it counts as below any score).
//!
//! `crates/bot/asean-bot.example.toml` is a whole file with every key.

pub mod api;
pub mod config;
pub mod decide;
pub mod game;
pub mod runner;
