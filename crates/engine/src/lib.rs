//! The ASEAN chess AI: an alpha-beta searcher over an evaluation made for this game.
//!
//! - [`Engine::search`] runs an iterative-deepening principal variation search with
//!   aspiration windows, quiescence, a transposition table keyed by the rules crate's Zobrist
//!   hash, move ordering (table move, captures by static exchange, killers, counter-move,
//!   butterfly and continuation histories) and the usual pruning and reductions, each a switch
//!   of [`SearchFeatures`] (against a lone king too). It is interruptible through
//!   an `AtomicBool` and bounded by [`Limits`]; time comes from an injected [`Clock`], since
//!   `std::time::Instant` does not work on `wasm32-unknown-unknown`.
//! - [`evaluate`] scores a position for this game: khon and met values, piece-square tables,
//!   pawns nearing promotion, king placement by phase, and the endgame with a lone king (mate
//!   before the count runs out; no win without mating material).
//! - [`tuning`] fits the evaluation's material and piece-square weights to self-play results
//!   (Texel's method); the `asean-tune` bin makes the data and runs the fit.
//! - [`Level`] 1 to 8 fixes depth, time and deliberate error.
//! - [`analysis`] evaluates a game's positions from White's side, turns scores into win chances
//!   and judges each move (inaccuracy, mistake, blunder).
//! - [`speed`] measures nodes per second and depth in a fixed time, natively and in wasm.
//! - [`uci`] is the engine's UCI session (the `asean-engine` program); [`uci_client`] the
//!   other side, for programs that drive UCI engines (native only).
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use engine::{Engine, Limits, NoClock};
//! use rules::{Position, Rules};
//!
//! let pos = Position::from_fen("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", Rules::default()).unwrap();
//! let mut engine = Engine::new(1);
//! let result = engine.search(&[pos], Limits::Depth(3), &NoClock, &AtomicBool::new(false), &mut |_| {});
//! assert_eq!(result.best_move.unwrap().to_uci(), "c1c8"); // mate in one
//! ```

pub mod analysis;
mod clock;
mod correction;
mod endgame;
mod eval;
mod features;
mod history;
mod level;
mod limits;
mod ordering;
mod reductions;
mod score;
mod search;
mod see;
pub mod speed;
mod tt;
pub mod tuning;
pub mod uci;
#[cfg(not(target_arch = "wasm32"))]
pub mod uci_client;

#[cfg(not(target_arch = "wasm32"))]
pub use clock::StdClock;
pub use clock::{Clock, FnClock, NoClock};
pub use eval::{evaluate, value};
pub use features::{SearchFeatures, UnknownFeature};
pub use level::{LONE_KING_MOVE_TIME, Level};
pub use limits::{Limits, MAX_DEPTH};
pub use score::{MATE, MATE_BOUND, Score};
pub use search::{BLUNDER_LOSS, Engine, SearchInfo, SearchResult, Style};
pub use tt::TranspositionTable;
