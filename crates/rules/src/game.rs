use core::fmt;

use crate::{
    Color, DrawReason, FenError, Move, Outcome, PlayError, Position, Rules, WinReason,
    san::ReadSanError, uci::ReadUciError,
};

/// A draw the player to move may claim; never automatic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DrawClaim {
    /// 50 moves by each side (100 plies) with no capture and no pawn move.
    FiftyMoves,
    /// The current position (placement and side to move) has occurred three times since the last
    /// capture or pawn move.
    Threefold,
}

/// A draw claim that is not valid now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimError {
    /// The game has already ended.
    GameOver,
    /// The condition of the claim does not hold in the current position.
    NotClaimable(DrawClaim),
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::GameOver => f.write_str("the game is over"),
            ClaimError::NotClaimable(DrawClaim::FiftyMoves) => f.write_str(
                "no 50-move draw to claim: fewer than 100 plies without capture or pawn move",
            ),
            ClaimError::NotClaimable(DrawClaim::Threefold) => f.write_str(
                "no repetition draw to claim: the position has not occurred three times",
            ),
        }
    }
}

impl std::error::Error for ClaimError {}

/// The error returned when resigning or agreeing a draw in a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOverError;

impl fmt::Display for GameOverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the game is over")
    }
}

impl std::error::Error for GameOverError {}

/// A game: a start position, the moves played, and how it ended.
///
/// It reports automatic ends (checkmate, stalemate, dead position, expired count) as soon as they
/// happen, refuses moves after the end, and offers the claimable draws (50-move, threefold) to the
/// player to move without ever applying them by itself.
///
/// ```
/// use rules::{Game, Outcome, Rules, WinReason, Color};
/// let mut game = Game::from_fen("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", Rules::default()).unwrap();
/// game.play_uci("c1c8").unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
/// assert!(game.play_uci("a8a7").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    end: Option<Outcome>,
}

impl Game {
    /// A new game from the start position.
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A new game from a validated position.
    #[must_use]
    pub fn from_position(pos: Position) -> Game {
        Game {
            positions: vec![pos],
            moves: Vec::new(),
            end: None,
        }
    }

    /// A new game from a FEN.
    ///
    /// # Errors
    /// The [`FenError`] of [`Position::from_fen`].
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(fen, rules)?))
    }

    /// The FEN of the start position of this game.
    #[must_use]
    pub fn initial_fen(&self) -> String {
        self.positions[0].fen()
    }

    /// The rule settings of this game.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.positions[0].rules()
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position of the game: the start, then the position after each move.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The moves played, in SAN.
    #[must_use]
    pub fn san_moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, pos)| pos.san(m))
            .collect()
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended, [`PlayError::Move`] with the
    /// [`IllegalMoveError`](crate::IllegalMoveError) for a move not legal in the current position.
    /// The game is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let next = self.position().play(m).map_err(PlayError::Move)?;
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Plays a move given in UCI notation and returns it.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended, else [`PlayError::Move`] with the
    /// [`ReadUciError`]: text that is not a UCI move, or a move not legal in the current position.
    /// The game is unchanged on error.
    ///
    /// ```
    /// use rules::{Game, PlayError, uci::ReadUciError};
    /// let mut game = Game::default();
    /// assert!(matches!(game.play_uci("e3e9"), Err(PlayError::Move(ReadUciError::Parse(_)))));
    /// assert!(matches!(game.play_uci("e3e5"), Err(PlayError::Move(ReadUciError::Illegal(_)))));
    /// ```
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, PlayError<ReadUciError>> {
        self.play_read(|pos| pos.parse_uci(uci))
    }

    /// Plays a move given in SAN and returns it.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended, else [`PlayError::Move`] with the
    /// [`ReadSanError`]: text that is not SAN, or SAN that names no legal move of the current
    /// position or several. The game is unchanged on error.
    ///
    /// ```
    /// use rules::{Game, PlayError, san::{ReadSanError, SanError}};
    /// let mut game = Game::default();
    /// assert!(matches!(game.play_san("O-O"), Err(PlayError::Move(ReadSanError::Parse(_)))));
    /// let illegal = game.play_san("e5");
    /// assert_eq!(illegal, Err(PlayError::Move(ReadSanError::San(SanError::Illegal))));
    /// ```
    pub fn play_san(&mut self, san: &str) -> Result<Move, PlayError<ReadSanError>> {
        self.play_read(|pos| pos.parse_san(san))
    }

    /// Plays the move `read` finds in the current position, once the game is known to go on;
    /// `read` returns a legal move of the position it is given (as `parse_uci` and `parse_san`
    /// do).
    fn play_read<E>(
        &mut self,
        read: impl FnOnce(&Position) -> Result<Move, E>,
    ) -> Result<Move, PlayError<E>> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let m = read(self.position()).map_err(PlayError::Move)?;
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.positions.push(next);
        self.moves.push(m);
        Ok(m)
    }

    /// Takes back the last move and returns it; a resignation, agreement or claim is taken back
    /// first (without removing a move). Returns `None` when there is nothing to take back.
    pub fn undo(&mut self) -> Option<Move> {
        if self.end.take().is_some() {
            return self.last_move();
        }
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// The automatic end of the current position, if any: checkmate, stalemate, dead position
    /// or an expired count (checkmate wins even on the ply that exceeds the count).
    #[must_use]
    pub fn automatic_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if !pos.has_legal_moves() {
            return Some(if pos.is_check() {
                Outcome::Win {
                    winner: pos.turn().other(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::Stalemate,
                }
            });
        }
        if pos.is_dead() {
            return Some(Outcome::Draw {
                reason: DrawReason::DeadPosition,
            });
        }
        if pos.counting().is_some_and(|c| c.is_expired()) {
            return Some(Outcome::Draw {
                reason: DrawReason::CountingExpired,
            });
        }
        None
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.or_else(|| self.automatic_outcome())
    }

    /// `true` once the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// How many times the current position (placement and side to move) has occurred since the
    /// last capture or pawn move, counting the current one (so at least 1).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let mut count = 0;
        for pos in self.positions.iter().rev() {
            if pos.zobrist() == current.zobrist() && pos.same_placement(current) {
                count += 1;
            }
            if pos.halfmoves() == 0 {
                break;
            }
        }
        count
    }

    /// The 50-move clock of the current position, in plies.
    #[must_use]
    pub fn fifty_move_plies(&self) -> u32 {
        self.position().halfmoves()
    }

    /// `true` when the player to move may claim `claim` now.
    #[must_use]
    pub fn can_claim(&self, claim: DrawClaim) -> bool {
        !self.is_over()
            && match claim {
                DrawClaim::FiftyMoves => self.fifty_move_plies() >= 100,
                DrawClaim::Threefold => self.repetitions() >= 3,
            }
    }

    /// The draws the player to move may claim now (none, one or both).
    #[must_use]
    pub fn claimable(&self) -> Vec<DrawClaim> {
        [DrawClaim::FiftyMoves, DrawClaim::Threefold]
            .into_iter()
            .filter(|&c| self.can_claim(c))
            .collect()
    }

    /// Ends the game drawn on a valid claim of the player to move.
    ///
    /// # Errors
    /// [`ClaimError::GameOver`] after the end, [`ClaimError::NotClaimable`] when the condition
    /// does not hold.
    pub fn claim_draw(&mut self, claim: DrawClaim) -> Result<(), ClaimError> {
        if self.is_over() {
            return Err(ClaimError::GameOver);
        }
        if !self.can_claim(claim) {
            return Err(ClaimError::NotClaimable(claim));
        }
        self.end = Some(Outcome::draw(claim.into()));
        Ok(())
    }

    /// `loser` resigns.
    ///
    /// # Errors
    /// [`GameOverError`] when the game has already ended.
    pub fn resign(&mut self, loser: Color) -> Result<(), GameOverError> {
        if self.is_over() {
            return Err(GameOverError);
        }
        self.end = Some(Outcome::Win {
            winner: loser.other(),
            reason: WinReason::Resignation,
        });
        Ok(())
    }

    /// `flagged`'s clock ran out: the other side wins if it has mating material
    /// ([`Position::has_mating_material`]), else the game is drawn.
    ///
    /// ```
    /// use rules::{Color, DrawReason, Game, Outcome, WinReason};
    /// let mut game = Game::default();
    /// game.play_uci("e3e4").unwrap();
    /// game.flag(Color::Black).unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Timeout }));
    ///
    /// let mut bare = Game::from_fen("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", Default::default()).unwrap();
    /// bare.flag(Color::White).unwrap(); // Black has a lone king: it cannot win on time.
    /// assert_eq!(bare.outcome(), Some(Outcome::Draw { reason: DrawReason::Timeout }));
    /// ```
    ///
    /// # Errors
    /// [`GameOverError`] when the game has already ended.
    pub fn flag(&mut self, flagged: Color) -> Result<(), GameOverError> {
        if self.is_over() {
            return Err(GameOverError);
        }
        let winner = flagged.other();
        self.end = Some(if self.position().has_mating_material(winner) {
            Outcome::Win {
                winner,
                reason: WinReason::Timeout,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::Timeout,
            }
        });
        Ok(())
    }

    /// Both players agree to a draw.
    ///
    /// # Errors
    /// [`GameOverError`] when the game has already ended.
    pub fn agree_draw(&mut self) -> Result<(), GameOverError> {
        if self.is_over() {
            return Err(GameOverError);
        }
        self.end = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        Ok(())
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Rules::default())
    }
}

impl Position {
    /// `true` when both positions have the same pieces on the same squares and the same side to
    /// move (what the repetition rule compares).
    #[must_use]
    pub fn same_placement(&self, other: &Position) -> bool {
        self.turn() == other.turn()
            && Color::ALL
                .into_iter()
                .all(|c| self.by_color(c) == other.by_color(c))
            && crate::Role::ALL
                .into_iter()
                .all(|r| self.by_role(r) == other.by_role(r))
    }
}
