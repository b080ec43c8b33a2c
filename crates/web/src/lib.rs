//! The browser UI of ASEAN chess (hot-seat play, play against the AI and online play with a
//! friend; review, export and import of every game).
//!
//! Built for `wasm32-unknown-unknown` by `cargo xtask build` and loaded by `www/index.html`
//! through the wasm-bindgen glue `www/pkg/web.js`. The shape is model, update and views:
//! - [`model`]: the page's whole state, one [`model::Model`] with the mode of play as an enum;
//! - [`update`]: every event is an [`update::Msg`]; `update(&mut Model, Msg) -> Vec<Cmd>` is
//!   pure and tested on the host;
//! - [`effects`]: the runtime that holds the model and runs the [`update::Cmd`]s (storage, the
//!   lobby socket, the AI worker, sounds, clipboard, address bar, timers), builds the views and
//!   wires their events to its queue;
//! - [`view`]: each view draws its own elements from the model and sends their events through
//!   [`update::Emit`] (which the runtime implements), so the views never import the runtime;
//! - [`i18n`] (the texts), [`intl`] (numbers and dates as each language writes them),
//!   [`lang`] (the languages), [`dom`] (helpers that never panic).
//!
//! Imports go one way, from the top down, with no circle between these modules: [`effects`]
//! (the runtime) → [`view`] → [`update`] → [`model`] → [`i18n`] → [`intl`] → [`lang`], each
//! importing only modules after it, and [`dom`], a leaf like `lang`, used by the views and the
//! runtime. A module lower down that must reach one above takes what it needs as a parameter
//! or a trait: the views send their events through [`update::Emit`], which the runtime
//! implements.
//!
//! The AI runs in a Web Worker with its own wasm module (`crates/worker`, loaded by
//! `www/ai-worker.js`), so this module carries no search; the worker's replies are read with
//! the typed values of `protocol::worker`.
//!
//! The page's static markup is in `www/index.html` and its look in `www/style.css`.
//!
//! The first board is drawn before this module has loaded by the small module of
//! `crates/first` (started first by `index.html`; this one is fetched at the same time): it
//! draws what this app draws first, with the same markup, and queues the clicks made on it.
//! [`effects::start`] takes the page from it before building the views and replays the queued
//! clicks through the usual click path once the first view is shown ([`effects::first`]; the
//! contract is in that crate's docs). Test hook: a promise in `window.__aseanHoldApp`, set
//! before the page's scripts run, holds this module's start until it settles.
//!
//! # Stable DOM contract (used by the end-to-end tests: keep these stable)
//! - `#app[data-ready="true"]` once the app has started. Before that the first board's module
//!   may already show `#board` (same squares and pieces) or `#start`; `window.__aseanFirst`
//!   (`{owner: "first"|"app", clicks}`) says which module draws.
//! - Board squares: `[data-square="e3"]` (inside `#board`); a piece inside a square is an
//!   element `[data-piece="wK"]`: colour letter `w`/`b` plus the upper-case FEN letter
//!   (`K` king, `Q` met, `B` khon, `N` knight, `R` rook, `P` pawn).
//! - Legal destinations of the selected piece carry the class `dest` (also `capture` when
//!   occupied); the selected square `sel`, the last move's squares `last`, a checked king's
//!   square `check`.
//! - Status line `#status` with `data-outcome`: empty while the game goes on, else one of
//!   `checkmate-white-wins`, `checkmate-black-wins`, `resign-white-wins`, `resign-black-wins`,
//!   `stalemate`, `dead-position`, `counting-draw`, `fifty-move`, `threefold`, `agreement`;
//!   also `data-turn="white|black"`.
//! - Move list `#moves`: each SAN move is a button `.san` (with `data-ply`, 1-based; the shown
//!   one has the class `current` and `aria-current="true"`; its `aria-label` says the move in
//!   words, "3. White: knight to d2"); clicking it shows the position after it. The list is
//!   one tab stop: only the shown move's `.san` (the first one at the start) has
//!   `tabindex="0"`; with the focus in the list, ←/↑ and →/↓ step back and forward, Home and
//!   End go to the first position and to the game as it stands, and the focus follows.
//! - Review: ←/→ (outside the board and text fields), Home/End, the buttons `#btn-first`,
//!   `#btn-prev`, `#btn-next`, `#btn-last` and `#btn-live` (shown while reviewing) step through
//!   the game; while an earlier position is shown `#board[data-view-ply="N"]` (N plies from the
//!   start, `0` the first position; absent when live) and `#app.reviewing`; the board then
//!   shows that position with its move marked `last`, `#review-position` says which one
//!   ("Position after 2... cxd5 (4 of 9)"), and nothing can be played on it.
//! - Export `#btn-export` opens `#export`: the game's PGN in the readonly `#export-pgn`
//!   (seven tags, `[Variant "asean"]`, `SetUp`/`FEN`, `TimeControl` of a timed game,
//!   `Termination`), the shown position's FEN in the readonly `#export-fen`, buttons
//!   `#export-copy-pgn`, `#export-copy-fen`, `#export-download` (`asean-<date>-<id>.pgn`) and
//!   `#export-close`.
//! - Import `#btn-import` opens `#import`: `#import-text` (a PGN or a FEN), `#import-file`,
//!   `#import-start`, `#import-cancel`; a refusal is written in `#import-error` (shown) and
//!   changes nothing. A PGN becomes a saved hot-seat game shown at its end; a FEN starts a game
//!   from that position (against the AI when the board was against the AI, the human taking the
//!   side to move).
//! - Buttons `#btn-new`, `#btn-undo`, `#btn-flip`, `#btn-resign`, `#btn-draw` (draw by
//!   agreement, confirmed in `#confirm` with `#confirm-yes` / `#confirm-no`; resigning is
//!   confirmed there too), `#btn-claim` (visible and enabled exactly when a claim is valid).
//! - Promotion panel `#promotion` (a `<dialog>`) with buttons
//!   `[data-role="rook"|"knight"|"khon"|"met"]` (only the allowed ones are visible) and
//!   `#promotion-cancel`; under met-only the pawn becomes a met at once, with no panel.
//! - Start screen `#start` (a first visit: no game to resume, no room in the address): buttons
//!   `[data-start="online"|"ai"|"hotseat"]` start a private invitation without a clock, a game
//!   against the AI at level 3 as White, or two players on this device, at once;
//!   `#start-rules` opens the rules, `#start-leaderboard` the leaderboard, `#start-options` the
//!   new-game dialog. While it is shown `#app` has the class `starting` and the board and
//!   panel are hidden.
//! - Premoves (against the AI while it thinks, online while the friend is to move): the
//!   player's pieces can be picked up (`#board.premoving`, their destinations `dest`); the
//!   premove's two squares get the class `premove`; it is played on the player's turn if it is
//!   legal then (else dropped), and a click elsewhere or Escape cancels it.
//! - New-game dialog `#new-game`: radio inputs `name="promotion"` with values `any` and
//!   `met-only`, `name="mode"` with `hotseat`, `ai` and `online`, `name="human"` with `white`,
//!   `black` and `random` (the human's colour against the AI, the creator's seat online), the
//!   AI level `<select id="ai-level">` (values `1`..`8`, default 3; these AI options are shown
//!   only when `ai` is chosen), for `online` `name="visibility"` with `private` (link only)
//!   and `public` (listed in the lobby), and the checkbox `#opt-rated` (a rated game: enabled
//!   only when signed in and a time control is chosen; otherwise disabled, keeping its tick,
//!   with the hint `#opt-rated-signin` or `#opt-rated-clock` shown), and the rating range
//!   `#opt-range` of two selects `#opt-range-below` (values `any`, `500`, `300`, `200`,
//!   `100`, `0`: points below the own rating for the game's speed) and `#opt-range-above`
//!   (`0`, `100`, `200`, `300`, `500`, `any`), enabled on the same terms as `#opt-rated`
//!   and sent as absolute bounds (both `any`: no range); the time control
//!   `<select id="time-control">` (values `none`, `3+2`, `5+3`, `10+5`, `15+10`) is offered
//!   for every mode; submit button
//!   `#new-game-start`, `#new-game-cancel`. While the server cannot be reached (the browser
//!   is offline, or a connection attempt failed and none worked since) `#online-offline` says
//!   online play needs a connection, and starting an online game toasts so and keeps the
//!   dialog open.
//! - Clocks of a timed game (online, hot-seat or against the AI) `#clocks` with
//!   `#clock-white` and `#clock-black` (`.clock-side` the side and who plays it, `.clock-time`,
//!   `data-ms`, class `running`, class `low` under the low-time mark), each at its player's
//!   edge of the board (`#clocks[data-bottom="white"|"black"]`). A local game's flag ends it:
//!   `#status[data-outcome]` `timeout-white-wins`, `timeout-black-wins` or `timeout-draw`.
//!   Online the two strips are shown in an untimed game too (`.clock-time` hidden, `data-ms`
//!   empty), and each names its player in `[data-player="white"|"black"]` (inside
//!   `#clock-white` / `#clock-black`): a signed-in player's username (also in
//!   `data-username`), "Anonymous" for a player who is not signed in, "Waiting for an
//!   opponent" for an empty seat; `data-seat="user"|"anonymous"|"empty"` says which. A long
//!   name is cut short with an ellipsis (the whole of it in `title`). Hidden outside online
//!   play.
//! - Mode of play: `#app[data-mode="hotseat"|"ai"|"online"]`, described in `#mode-setting`
//!   (online with the time control, and beside it the badge `#rated-badge`, shown only in a
//!   rated room). Against the
//!   AI: `#ai-thinking` (aria-live, hidden unless the AI is computing its move; `#board` then
//!   has the class `waiting`), and `#btn-draw` is hidden (no draw by agreement against the AI).
//!   The AI runs in the module worker `www/ai-worker.js` (the `worker` crate's `ai_best_move`),
//!   started with the page. When it cannot start (its script or wasm module fails to load, or
//!   the worker cannot be created) `#ai-unavailable` (role `alert`) is shown with the reason in
//!   `#ai-unavailable-text` ("The computer opponent could not start (…)") and the button
//!   `#btn-ai-retry`, which starts the worker again; a move, hint or analysis asked meanwhile
//!   fails at once (no `#ai-thinking`) with a toast.
//! - Hint button `#btn-hint`: the suggested move's two squares get the class `hint` (a striped
//!   fill, unlike the keyboard focus's solid ring; their `aria-label` ends ", suggested move").
//! - Announcements: `#announce` (visually hidden, `aria-live="polite"`) says the move just
//!   played in words ("White: knight takes d6, checkmate", "Black: pawn to b1, promotes to
//!   met"; with the draw it makes, if any), or how the game ended otherwise ("White resigned:
//!   Black wins.").
//! - Typed moves: `#move-form` holds the text field `#move-input` (SAN such as `Nd2`, `exd5`,
//!   `e8=Q`, with `M`/`S` also taken for met/khon, or UCI such as `e3e4`, `e7e8q`), its
//!   suggestions `<datalist id="move-suggestions">` (the legal moves in SAN when the player
//!   may move, labelled in words) and the button `#move-play`; Enter plays the move as a
//!   click would (a promotion without its piece opens `#promotion`) and empties the field. A
//!   refusal is written in `#move-input-error` (shown; the field keeps its text and gets
//!   `aria-invalid="true"`): not understood, not legal, ambiguous, not your turn, game over,
//!   reviewing.
//! - Sounds: `#btn-sound` in the top bar (`aria-pressed="true"` while sounds are on; remembered
//!   in `asean.sound.v1`). Test hook: every sound the page plays (or would play before the
//!   first gesture allows audio) is pushed by name onto `window.__aseanSounds` (`move`,
//!   `capture`, `check`, `win`, `loss`, `draw`, `low-time`, `count`); nothing is pushed while
//!   sounds are off.
//! - Game-over dialog `#game-over` (with `data-outcome`), text `#game-over-text`, the score
//!   `#game-over-score` (`1-0`, `0-1`, `½-½`, `–` for an abort), in a rated room whose end
//!   this page received (not after a reload: the snapshot has no ratings) the list
//!   `#game-over-ratings` with `li[data-rating="white"|"black"][data-diff="<after − before>"]`
//!   holding `.rating-name`, `.rating-diff` (`+12`, `−12` with U+2212, `±0`) and
//!   `.rating-after` (the new rating, `1512?` while provisional), buttons `#game-over-close`
//!   (review the board), `#game-over-export`, `#game-over-new` (local) or `#game-over-rematch`
//!   (online, seated).
//! - Language picker `<select id="lang">` with values `en`, `fr`, `pt`, `de`, `th`, `vi`.
//! - Looks ([`model::looks`]): `<html data-theme="light|dark">` (the scheme shown: the
//!   choice, or the system's `prefers-color-scheme` for `auto`), `data-pieces="thai|western"`,
//!   `data-board="teak|jade|slate"`, set before the first paint by the inline script of
//!   `index.html` and kept by the app. The top bar's toggle `#btn-theme` (`aria-pressed="true"`
//!   while dark) switches to the other scheme; the looks card `#looks` has `<select
//!   id="theme">` (`auto`, `light`, `dark`), the radio group `#piece-set` (inputs
//!   `name="piece-set"`, values `thai`, `western`: the images of `[data-piece]`, from
//!   `pieces/` or `pieces/western/`) and `<select id="board-theme">` (`teak`, `jade`,
//!   `slate`).
//! - Saved games `#saved-games`, items `[data-game-id]`, their buttons
//!   `[data-action="resume"]` and `[data-action="delete"]` (confirmed in `#confirm`); the
//!   current game has class `current` and no buttons. Seated online games are listed too (the
//!   room id is their `data-game-id`; opening one follows its invite link).
//! - Analysis `#analysis`: `#btn-analyse` (also `#game-over-analyse`) evaluates every position
//!   in the AI worker, `#btn-analysis-stop` stops; `#analysis-progress` (`data-done`,
//!   `data-total`: positions evaluated and in all); `#eval` for the shown position (`data-cp`
//!   centipawns or `data-mate` moves to mate, both from White's side, or `data-won` for a
//!   finished position; `.eval-score`, `.eval-depth`, `.eval-pv` the line in SAN); the graph
//!   `#eval-graph` (SVG, `data-total`; `path.graph-line`, `circle.graph-mark.<judgement>
//!   [data-ply]`; a click goes to that move); judged moves `.san[data-judgement=
//!   "inaccuracy"|"mistake"|"blunder"]`; the engine's best move in the shown position is
//!   `#board-arrows line.arrow[data-from][data-to]`.
//! - A sideways swipe on the board (48 px or more, within about 22° of horizontal) steps back
//!   (to the right) or forward.
//! - Counting indicator `#counting` (hidden when no count runs; `data-used`, `data-limit`).
//! - Counters `#fifty-counter` and `#repetition-counter` (with `data-value`: full moves
//!   towards 50, times the position occurred).
//! - Storage problems: `#notice` (with the list `#notice-list`, dismissed by
//!   `#notice-dismiss`); transient messages are toasts in `#toasts`.
//! - Online play ([`lobby`]): the invite link is `<origin>/#/room/<id>` (opening it joins the
//!   room; the address bar shows it while a room is open). Waiting screen `#waiting` (shown to
//!   the creator until the other seat is taken) with the read-only `#invite-link`,
//!   `#btn-copy-link` (sets `data-copied="true"` once copied), `#btn-share` (only where the
//!   Web Share API exists), `#waiting-info` (a public room: listed in the lobby or not, with
//!   `data-listed="true"|"false"`; a private one: when the link expires) and `#waiting-cancel`
//!   (cancels the invitation: the page goes back to its own board with a toast, and the room's
//!   seat is dropped from `asean.seats.v1`). A cancelled or expired invitation opened from its
//!   link shows `#room-closed` (`data-reason="cancelled"|"expired"`) with `#room-closed-title`
//!   ("This invitation was cancelled" / "This invitation has expired"), `#room-closed-text`,
//!   `#room-closed-new` (the new-game dialog) and `#room-closed-leave` (back to the page's own
//!   board); the board is not playable there. `#reconnecting` is shown while the connection
//!   is down. `#opponent-status` (`data-state="online"|"away"|"gone"`, with the countdown:
//!   before both sides have moved it says the game will be aborted, after that when victory
//!   may be claimed), `#btn-claim-victory` (shown when the countdown has run out after both
//!   sides have moved), `#btn-abort` (shown to a seated player instead of `#btn-resign` while
//!   both seats are taken, the game is not over and fewer than two moves are played),
//!   `#draw-offer` (the opponent's offer) with `#btn-draw-accept` / `#btn-draw-decline`,
//!   `#btn-draw` offers a draw online, `#btn-rematch` after the game, the clocks (above).
//!   `#status[data-outcome]` also takes the server's `timeout-white-wins`,
//!   `timeout-black-wins`, `timeout-draw`, `abandoned-white-wins`, `abandoned-black-wins` and
//!   `aborted` (no winner; also in `#game-over[data-outcome]`). A finished game opened from
//!   its link shows its moves and result, read-only.
//! - Lobby panel `#lobby`: `#lobby-counts` ("N players online · M games in progress"), public
//!   rooms waiting (seeks) `#lobby-rooms li.lobby-room[data-room-id]` with `data-rated`
//!   (`true`/`false`) and `data-take` (`open`, `own`, `sign-in`, `out-of-range`): the seeker
//!   `a.lobby-seeker-name` (to `#/@/<name>`) and `.lobby-seeker-rating` (`1500?` while
//!   provisional), or "Anonymous"; `.lobby-mode` (Rated or Casual), `.lobby-range`; a
//!   `[data-action="join"]` button, disabled with `.lobby-room-why` beside it when the viewer
//!   may not take the seat (`a.lobby-sign-in` to `#/account` when signing in would let them);
//!   empty state `#lobby-empty` with `#lobby-create` and `#lobby-play-ai`. A refusal that
//!   signing in solves shows its toast with `a.toast-link` to `#/account`.
//! - Accounts ([`model::account`]; the server's routes are `POST /signup`, `/login`, `/logout`
//!   and `/api/account/...`, called with `fetch` on the page's origin, `credentials:
//!   "same-origin"`). At start-up the page asks `GET /api/account`; any failure (401,
//!   offline) is anonymous, silently, and play works as before. The top bar holds
//!   `#btn-signin` (shown once that answer is in and nobody is signed in) or, signed in,
//!   the link `#account-link` (`href="#/account"`, `data-username` the name as written, the
//!   name in `#account-name`; `aria-current="page"` while the account view is shown). While
//!   a view replaces the board `#app[data-screen="signin"|"account"]` (empty otherwise) and
//!   the board, the panel and `#start` are hidden.
//!   - Sign-in view `#signin` (`data-mode="signin"|"signup"`): `#signin-title`, the form
//!     `#signin-form` with `#signin-username`, `#signin-password`, `#signin-confirm` (in
//!     `#signin-confirm-field`, shown for `signup` only), `#signin-submit` (disabled with
//!     `aria-busy="true"` while the request is on its way), `#signin-switch` (between signing
//!     in and creating an account) and `#signin-back` (back to the board). A refusal is
//!     written in `#signin-error` (shown, role `alert`) with `data-error` one of `username`,
//!     `password-short`, `password-long`, `mismatch` (the page's own checks: 2 to 20 of
//!     `A-Z a-z 0-9 _ -`, 8 to 256 characters, the two passwords alike; nothing is sent),
//!     `refused` (400, the server's sentence in `.detail`), `wrong` (401), `taken` (409),
//!     `rate-limited` (429, with the minutes of `Retry-After`), `forbidden` (403), `server`
//!     (another status), `network` (no answer within 15 s), `session-ended`; the field at
//!     fault gets `aria-invalid="true"` and the focus. Signing in or up closes the view with a
//!     toast, unless it was opened by `#/account`, which then shows the account view.
//!   - Account view `#account`, the address `#/account` (opening it signed out shows the
//!     sign-in view first; the browser's Back or `#account-back` returns to the board and
//!     puts the room's link, if any, back in the address): `#account-title` (focused on
//!     opening), `#account-username`, `#account-created` ("Member since …"), the sessions
//!     `#account-sessions` (`aria-busy="true"` while loading) with items
//!     `li.session[data-session-id="<16 hex>"][data-current="true"|"false"]` (the device in
//!     words, "Firefox on Linux", the current one marked "This device", the others with a
//!     `[data-action="revoke"]` button), `#account-sessions-status` (loading, a failure, or
//!     "signed in on this device only"), `#account-signout-others` (disabled when there is no
//!     other session), `#account-signout`, `#account-error` (`data-error` as above, also
//!     `no-session`); closing: the warning `#account-close-warning`, the form
//!     `#account-close-form` with `#account-close-password` and `#account-close`, its refusal in
//!     `#account-close-error` (`wrong-password` for a 401). One action runs at a time (the
//!     buttons are disabled meanwhile; the running one has `aria-busy="true"`). Signing out
//!     and closing go back to the board, signed out, with a toast. `#account-profile` links
//!     to the player's own profile. API tokens, `#tokens` (`GET /api/account/tokens`,
//!     `POST /account/oauth/token/create`, `POST /api/account/tokens/{id}/revoke`): the list
//!     `#token-list` (`aria-busy="true"` while loading) with items
//!     `li.token[data-token-id="<16 hex>"][data-scopes="board:play ..."]` (the description, the
//!     scopes in words, created and last used, a `[data-action="revoke-token"]` button),
//!     `#tokens-status` (loading, a failure, or "no tokens"), the form `#token-create` with
//!     `#token-description` (1 to 100 characters, checked before sending) and one checkbox
//!     `input[name="scope"][value="<lichess scope>"]` per scope, `#token-create-submit`, its
//!     refusal in `#token-error` (`token-description`, `no-token`, or as above); a token made
//!     is shown once in `#token-new` (`#token-new-value`), until the view closes.
//! - Profiles and leaderboards ([`model::profile`]; `GET /api/user/{username}`, its
//!   `/rating-history`, `GET /api/games/user/{username}` as NDJSON, `GET
//!   /api/player/top/100/{perf}`), shown instead of the board with
//!   `#app[data-screen="profile"|"leaderboard"]`; the browser's Back, `#profile-back` or
//!   `#leaderboard-back` return to the board. A signed-in player's name by the clocks
//!   (`[data-player][href="#/@/<name>"]`) and in the game-over dialog
//!   (`#game-over-ratings a.rating-name`) opens their profile; `#start-leaderboard` opens the
//!   leaderboard.
//!   - Profile `#profile[data-username][data-state="loading"|"ok"|"closed"|"missing"|"error"]`,
//!     the address `#/@/<username>`: `#profile-name` (focused on opening), `#profile-since`,
//!     `#profile-status` (loading, "no such player", "closed", a failure), in
//!     `#profile-content`: `#profile-perfs li[data-perf][data-provisional][data-games]` (the
//!     rating in `.perf-rating`, `1500?` while provisional), `#profile-counts
//!     [data-count="all"|"win"|"draw"|"loss"] dd[data-n]`, `#rating-graph svg` (a
//!     `polyline[data-perf]` and `circle[data-perf]`s per rated speed, the last rating in
//!     `text.last`; `#rating-graph-empty` without rated games), `#profile-games
//!     li[data-game-id][data-result="win"|"loss"|"draw"]` holding `a[href="#/room/<id>"]` (the
//!     replay) with `.game-diff[data-diff]` in rated games, `#profile-games-empty`.
//!   - Leaderboard `#leaderboard[data-perf]`, the address `#/leaderboard` (blitz) or
//!     `#/leaderboard/<perf>`: the tabs `[data-perf-tab]` (`aria-current="page"` on the one
//!     shown), `#leaderboard-list li[data-rank][data-username]` (a link to the profile, the
//!     rating, `.leader-progress[data-diff]`), `#leaderboard-status` (loading, empty, a
//!     failure).
//! - Offline: `www/sw.js` (a service worker, registered by `index.html` once the page has
//!   loaded) precaches every file listed in `www/pkg/assets.js` with its SHA-256 (written by
//!   `cargo xtask build`) in one cache `asean-<16 hex digits>` per version; it controls the
//!   page once installed (`navigator.serviceWorker.controller`). A newer version waits: pages
//!   an older one opened keep their files (from its cache, kept while one of them is open); it
//!   takes over on the reload of the last such page, or when the player taps `#btn-update` in
//!   `#update-ready` (shown, by `index.html`, while a newer version waits).
//!   `www/manifest.webmanifest`
//!   and `www/icons/` make the page installable.
//! - Storage keys: `asean.games.v1.<id>`, `asean.current.v1`, `asean.lang.v1`, `asean.sound.v1`,
//!   `asean.theme.v1`, `asean.pieces.v1`, `asean.board.v1`,
//!   `asean.quarantine.<id>.<millis>`, `asean.seats.v1` (online seat secrets by room id: see
//!   [`effects::storage`]), `asean.flip.v1` (the board's orientation and the game it was set for).

pub mod dom;
pub mod effects;
pub mod i18n;
pub mod intl;
pub mod lang;
pub mod model;
pub mod update;
pub mod view;

use wasm_bindgen::prelude::wasm_bindgen;

/// The prefix of every storage key of the page.
pub const STORAGE_PREFIX: &str = "asean";

/// The module's entry point, run by wasm-bindgen when the module is instantiated.
///
/// Returns at once when there is no `window` (not a page). Otherwise starts the app; a failure is written into `#status` and the console
/// rather than thrown.
#[wasm_bindgen(start)]
pub fn start() {
    if web_sys::window().is_none() {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("ASEAN chess: {info}").into());
    }));
    if let Err(e) = effects::start() {
        dom::log(&format!("the app could not start: {e}"));
        if let Some(status) = dom::by_id("status") {
            let lang = i18n::negotiate(&dom::browser_languages());
            let text = lang.fmt(i18n::Key::AppFailed, &[("error", &e)]);
            dom::set_text(&status, &text);
        }
    }
}
