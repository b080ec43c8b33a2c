//! The page's sounds as typed values: which one a move, the game's end, a low clock or the
//! count's last moves calls for. `update` asks for them with [`crate::update::Cmd::Audio`];
//! the audio effect (`effects/audio.rs`) synthesises them.

use protocol::{Decider, Outcome};
use rules::{Color, Move, Position};

/// A sound of the page (each is short and synthesised: no sound file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A quiet move: a soft wooden tap.
    Move,
    /// A capture: a heavier tap.
    Capture,
    /// A move that gives check (mate included): two quick rising tones.
    Check,
    /// The game ended and the player won (or, with nobody's side on this device, somebody
    /// won): a rising arpeggio.
    Win,
    /// The game ended and the player lost: a falling line.
    Loss,
    /// A draw or an abort: an open fifth.
    Draw,
    /// The player's clock is low: a short beep. Requested by the clock code.
    LowTime,
    /// One of the last three moves of a count: a tick, higher as the end comes. The value is
    /// how many counted moves are left after the one being played (2, 1 or 0).
    Count(u16),
}

impl Sound {
    /// The sound's name, as the test hook `window.__aseanSounds` records it: `move`,
    /// `capture`, `check`, `win`, `loss`, `draw`, `low-time` or `count`.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Check => "check",
            Sound::Win => "win",
            Sound::Loss => "loss",
            Sound::Draw => "draw",
            Sound::LowTime => "low-time",
            Sound::Count(_) => "count",
        }
    }

    /// The sound of `m`, played from `before` to `after`: check (or mate) first, then a
    /// capture, else a quiet move.
    pub fn of_move(before: &Position, m: Move, after: &Position) -> Sound {
        if after.is_check() {
            Sound::Check
        } else if before.is_capture(m) {
            Sound::Capture
        } else {
            Sound::Move
        }
    }

    /// The tick of a count's last three moves, for the position `after` a move: a counted
    /// move begins with the lone king's move (an odd counted ply), and the last three are
    /// those with 2, 1 and 0 moves left after them.
    ///
    /// ```
    /// use rules::{Game, Rules};
    /// use web::model::sound::Sound;
    /// // A rook's count (16 moves): the lone king has just made the 16th counted move.
    /// let game = Game::from_fen("8/8/8/4k3/8/8/8/R3K3 w - 32 31 40", Rules::default()).unwrap();
    /// assert_eq!(Sound::count_tick(game.position()), Some(Sound::Count(0)));
    /// ```
    pub fn count_tick(after: &Position) -> Option<Sound> {
        let c = after.counting()?;
        if c.ply % 2 == 0 || c.is_expired() {
            return None;
        }
        let left = c.limit_moves().checked_sub(c.moves_used())?;
        (left <= 2).then_some(Sound::Count(left))
    }

    /// The sound of the game's end `result`, heard by the player of `side` (`None`: nobody's
    /// side is on this device, as in hot-seat or when watching).
    pub fn of_result(result: Outcome, side: Option<Color>) -> Sound {
        match (result.winner(), side) {
            (None, _) => Sound::Draw,
            (Some(w), Some(s)) if w != s => Sound::Loss,
            (Some(_), _) => Sound::Win,
        }
    }
}

/// Whether `result` follows from the moves themselves (mate, stalemate, a dead position, an
/// expired count): its move already says so.
pub fn by_moves(result: Outcome) -> bool {
    result.decided_by() == Decider::Board
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Game, Rules, WinReason};

    fn last(game: &Game) -> Sound {
        let n = game.moves().len();
        Sound::of_move(
            &game.positions()[n - 1],
            game.moves()[n - 1],
            game.position(),
        )
    }

    #[test]
    fn a_move_a_capture_and_a_check_sound_apart() {
        let mut g = Game::new(Rules::default());
        g.play_uci("e3e4").expect("legal");
        assert_eq!(last(&g), Sound::Move);
        g.play_uci("d6d5").expect("legal");
        g.play_uci("e4d5").expect("legal");
        assert_eq!(last(&g), Sound::Capture);
        // Nd2 Nd7 Nc4 Ne7 Nxd6#: mate is a check.
        let mut g = Game::new(Rules::default());
        for m in ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"] {
            g.play_uci(m).expect("legal");
        }
        assert_eq!(last(&g), Sound::Check);
    }

    #[test]
    fn the_count_ticks_on_its_last_three_moves_only() {
        // The rook's count (16 moves): the lone king moves at odd plies.
        let at = |ply: u16| {
            let fen = format!("8/8/8/4k3/8/8/8/R3K3 w - 32 {ply} 40");
            let g = Game::from_fen(&fen, Rules::default()).expect("a count");
            Sound::count_tick(g.position())
        };
        assert_eq!(at(25), None, "move 13 of 16: three left");
        assert_eq!(at(27), Some(Sound::Count(2)), "move 14 of 16");
        assert_eq!(at(28), None, "the attacker's half of move 14");
        assert_eq!(at(29), Some(Sound::Count(1)));
        assert_eq!(at(31), Some(Sound::Count(0)), "the last move to mate");
        assert_eq!(at(33), None, "expired");
    }

    #[test]
    fn the_end_sounds_from_the_players_side() {
        let mate = Outcome::win(Color::White, WinReason::Checkmate);
        assert_eq!(Sound::of_result(mate, Some(Color::White)), Sound::Win);
        assert_eq!(Sound::of_result(mate, Some(Color::Black)), Sound::Loss);
        assert_eq!(Sound::of_result(mate, None), Sound::Win);
        assert_eq!(Sound::of_result(Outcome::Aborted, None), Sound::Draw);
        assert!(by_moves(mate));
        assert!(!by_moves(Outcome::win(
            Color::Black,
            WinReason::Resignation
        )));
    }
}
