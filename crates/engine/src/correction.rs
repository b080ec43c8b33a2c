//! The correction history: how far the searches of a game have found the static evaluation off,
//! per side to move and pawn structure, added back to the evaluation of every position with
//! that structure.
//!
//! After a node's search, the difference between its score and its raw static evaluation (in
//! centipawns) moves the entry of its pawn structure towards it, as a running average weighted
//! by the depth: `entry += (difference - entry) * weight / 256`, `weight = min(4 * (depth + 1),
//! 64)`. Only scores that say something about the evaluation count: exact scores, lower bounds
//! above it and upper bounds below it, never a mate, never in check, never after a capture was
//! best (a capture's gain is not the structure's). While a count runs the evaluation grows
//! with the count's plies (see `endgame::urgency`), so no correction applies there.
//!
//! Entries are kept in sixteenths of a centipawn, within `±CORRECTION_MAX` centipawns.

use rules::{Color, Position, Role};

use crate::{score::is_mate, tt::Bound};

/// The entries per side: a power of two, indexed by the top bits of the pawn key.
const SIZE: usize = 1 << 14;
/// The largest correction, in centipawns.
const CORRECTION_MAX: i32 = 96;
/// Sixteenths of a centipawn per centipawn.
const GRAIN: i32 = 16;

/// A hash of where each side's pawns stand.
fn pawn_key(pos: &Position) -> usize {
    let pawns = pos.by_role(Role::Pawn);
    let white = (pawns & pos.by_color(Color::White)).0;
    let black = (pawns & pos.by_color(Color::Black)).0;
    let h = white.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ black.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    let h = h ^ (h >> 31);
    (h.wrapping_mul(0xff51_afd7_ed55_8ccd) >> (64 - SIZE.trailing_zeros())) as usize
}

/// The table, kept from move to move within a game.
#[derive(Debug, Clone)]
pub(crate) struct Correction(Box<[[i16; SIZE]; 2]>);

impl Default for Correction {
    fn default() -> Correction {
        Correction(Box::new([[0; SIZE]; 2]))
    }
}

/// `true` when the correction applies to `pos`: no count is running.
fn applies(pos: &Position) -> bool {
    pos.counting().is_none()
}

impl Correction {
    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.0.iter_mut().for_each(|side| side.fill(0));
    }

    /// The correction of `pos`'s static evaluation, in centipawns from the mover's side.
    pub(crate) fn get(&self, pos: &Position) -> i32 {
        if !applies(pos) {
            return 0;
        }
        i32::from(self.0[pos.turn() as usize][pawn_key(pos)]) / GRAIN
    }

    /// Learns from a search of `depth` plies at `pos` whose score `score` is `bound` and whose
    /// raw static evaluation was `raw`.
    pub(crate) fn update(
        &mut self,
        pos: &Position,
        depth: i32,
        raw: i32,
        score: i32,
        bound: Bound,
    ) {
        if !applies(pos) || is_mate(score) {
            return;
        }
        let corrected = raw + self.get(pos);
        match bound {
            Bound::Lower if score <= corrected => return,
            Bound::Upper if score >= corrected => return,
            _ => {}
        }
        let target = ((score - raw) * GRAIN).clamp(-CORRECTION_MAX * GRAIN, CORRECTION_MAX * GRAIN);
        let weight = (4 * (depth + 1)).min(64);
        let entry = &mut self.0[pos.turn() as usize][pawn_key(pos)];
        let v = i32::from(*entry);
        *entry = (v + (target - v) * weight / 256) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Rules::default()).expect("fen")
    }

    #[test]
    fn exact_scores_pull_the_structure_towards_them_and_stay_bounded() {
        let start = Position::new(Rules::default());
        let mut c = Correction::default();
        for _ in 0..200 {
            c.update(&start, 10, 0, 40, Bound::Exact);
        }
        assert!((35..=40).contains(&c.get(&start)), "{}", c.get(&start));
        for _ in 0..500 {
            c.update(&start, 10, 0, 5_000, Bound::Exact);
        }
        assert!((CORRECTION_MAX - 2..=CORRECTION_MAX).contains(&c.get(&start)));
        // The other side to move has its own entry, and so have other pawns.
        let moved = start.play(start.legal_moves()[0]).expect("legal");
        assert_eq!(c.get(&moved), 0);
        assert_eq!(c.get(&pos("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1")), 0);
        c.clear();
        assert_eq!(c.get(&start), 0);
    }

    #[test]
    fn bounds_on_the_wrong_side_and_counted_positions_teach_nothing() {
        let start = Position::new(Rules::default());
        let mut c = Correction::default();
        c.update(&start, 10, 50, 20, Bound::Lower);
        c.update(&start, 10, 50, 80, Bound::Upper);
        c.update(&start, 10, 50, crate::score::MATE - 3, Bound::Exact);
        assert_eq!(c.get(&start), 0);
        let counted = pos("8/8/8/4k3/8/8/8/R3K3 w - 32 1 1");
        assert!(counted.counting().is_some());
        c.update(&counted, 10, 0, 300, Bound::Exact);
        assert_eq!(c.get(&counted), 0);
    }
}
