//! The page's first board: a small wasm module (`www/pkg/first.js` + `first_bg.wasm`) that
//! `www/index.html` starts before the full app (`crates/web`, a module several times larger,
//! fetched at the same time), so a returning player sees their game while the rest loads.
//!
//! # What it reads
//! `localStorage` only, never writing it (the full app is the one writer of every key):
//! `asean.current.v1` (the id of the game on the board), that game's `asean.games.v1.<id>`
//! (read by [`saved::read`], a small reader of the fields it needs, without serde) and
//! `asean.flip.v1` (`<id>:1` / `<id>:0`, the orientation last set for that game); and the
//! address' fragment (`#/room/<id>`: an invite link).
//!
//! # What it draws ([`board::first_view`])
//! The view the full app draws first, with the same markup as `crates/web/src/view/board.rs`
//! (64 `.sq` squares in display order with `data-square`, `role`, `tabindex`, the coordinates
//! `.coord.file` / `.coord.rank`, pieces `.piece[data-piece="wK"]`, the classes `last`,
//! `check`, `sel`, `dest`, `capture`, and `#board.flipped` / `#board.over`):
//! - a game to resume: its position (the last move marked, a checked king marked unless the
//!   game ended drawn), Black at the bottom when the stored flip says so or, without one, when
//!   the human plays Black against the AI;
//! - an entry the full app cannot read (it sets it aside and says so): the start position;
//! - a first visit (no game to resume): the start screen `#start` shown (`#app.starting`) over
//!   the start position, as the full app does;
//! - an invite link or an online game: nothing (the full app opens the room);
//! - the account view's address (`#/account`): nothing (the full app shows that view, no
//!   board).
//!
//! # Clicks before the handover
//! A click on a square (or on a start-screen button `[data-start]`) is pushed onto
//! `window.__aseanFirst.clicks`: the square's name (`"e3"`) or `"start:<online|ai|hotseat>"`.
//! On the board the click also does what the full app's would (selects a piece of the side
//! to move with its destinations `dest`, or plays a legal move on the board without storing
//! it: a promotion with a choice of pieces is only queued); the full app replays the clicks
//! through its own click path, which plays and stores the move.
//!
//! # The handover contract (`window.__aseanFirst`, an object `{owner, clicks}`)
//! - This module creates it as `{owner: "first", clicks: []}` and draws, unless it already
//!   exists with `owner` `"app"` (the full app started first: nothing is drawn).
//! - The full app sets `owner` to `"app"` before it builds its board (from then on this module
//!   never touches the page: its clicks are still queued, not drawn), and once it has shown its
//!   first view it takes the queue and sets `clicks` to `null` (from then on this module's
//!   listeners do nothing at all). See `crates/web/src/effects/first.rs`.

pub mod board;
pub mod saved;

#[cfg(target_arch = "wasm32")]
mod page;
