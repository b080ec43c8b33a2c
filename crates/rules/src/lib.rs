//! The rules of ASEAN chess, the standardised Makruk adopted by the ASEAN Chess Council in 2011.
//!
//! Pure Rust: no I/O, no allocation in move generation. The same code runs in the browser (wasm)
//! and on the server, so they never disagree about a move.
//!
//! - Vocabulary: [`Color`], [`Role`] (pawn, knight, khon, met, rook, king), [`Piece`],
//!   [`Square`], [`Bitboard`], [`Move`].
//! - Positions: a [`Setup`] (not necessarily legal) is validated into a [`Position`], which
//!   generates legal moves on bitboards ([`Position::legal_moves`]) and plays them.
//! - Notation: [`fen`] (the reference engine's dialect, with the counting fields), [`uci`],
//!   [`san`], and [`pgn`] for whole games (export and import). Reading a move tells text that
//!   is not a move ([`ParseUciMoveError`], [`ParseSanError`]) apart from a move not legal in the
//!   position ([`IllegalMoveError`], [`SanError`], which also says when SAN is ambiguous), and
//!   a game refuses moves after its end ([`PlayError::GameOver`]).
//! - Games: [`Game`] keeps the history and reports the [`Outcome`]: checkmate, stalemate, dead
//!   position, expired count, and the claimable draws (50-move, threefold), never automatic.
//! - Endings: [`Outcome`] names every way a game ends, the server's too (time, abandonment,
//!   abort, the ply cap), with its winner or none, its label (`checkmate-white-wins`, `timeout-draw`,
//!   `aborted`) and the one classification of who ended it ([`Decider`]); [`Outcome::ALL`] is
//!   derived from the reasons' variants.
//! - Settings: [`Rules`] with the [`PromotionRule`] (`any`, the default, or `met-only`).
//! - Time: [`clock`]: the [`TimeControl`] (`5+3`, its PGN form and [`Speed`]) and the players'
//!   [`Clock`] over `Duration`, with every instant passed in (the crate reads no clock).
//!
//! ```
//! use rules::{Game, Rules};
//! let mut game = Game::new(Rules::default());
//! game.play_san("e4").unwrap();
//! game.play_uci("d6d5").unwrap();
//! assert_eq!(game.san_moves(), ["e4", "d5"]);
//! assert_eq!(game.position().fen(), "rnbqkbnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNBQKBNR w - - 0 2");
//! ```

mod attacks;
mod bitboard;
pub mod clock;
mod color;
mod ending;
pub mod fen;
mod game;
mod moves;
mod perft;
pub mod pgn;
mod position;
mod role;
pub mod san;
mod settings;
mod setup;
mod square;
pub mod uci;
mod zobrist;

pub use bitboard::Bitboard;
pub use clock::{
    Clock, ClockSnapshot, Fischer, ParseTimeControlError, Speed, TimeControl, TimeControlError,
};
pub use color::{ByColor, Color};
pub use ending::{
    Decider, DrawReason, GameStatus, Outcome, OutcomeKind, ParseOutcomeError, WinReason,
};
pub use fen::{FenError, ParseFenError};
pub use game::{ClaimError, DrawClaim, Game, GameOverError};
pub use moves::{MAX_LEGAL_MOVES, Move, MoveList};
pub use perft::perft;
pub use position::{IllegalMoveError, PlayError, Position, PositionError};
pub use role::{Piece, Role};
pub use san::{ParseSanError, ReadSanError, SanError};
pub use settings::{ParsePromotionRuleError, PromotionRule, Rules};
pub use setup::{Counting, Setup};
pub use square::{ParseSquareError, Square};
pub use uci::{ParseUciMoveError, ReadUciError, UciMove};
