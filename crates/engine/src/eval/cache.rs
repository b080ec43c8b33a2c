//! A cache of the evaluation's linear part (see [`super::linear`]), the costliest step of a
//! node: the search meets many positions more than once (transpositions, re-searches, the
//! iterations of iterative deepening), and the linear sum depends on the pieces and the side to
//! move only, which is what the Zobrist key covers. The lone-king and counting terms read the
//! count, which the key does not hold, so they are not cached.

use rules::Position;

/// How many slots the cache has, as a power of two: 2^16 slots of 16 bytes, 1 MiB.
const BITS: u32 = 16;

/// A direct-mapped table from Zobrist key to the linear evaluation in centipawns from White's
/// side; a slot is overwritten by the newest position that maps to it.
#[derive(Debug, Clone)]
pub(crate) struct EvalCache {
    slots: Vec<Slot>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    white: i32,
    /// `false` until the slot is first written (a key of 0 is a valid key).
    filled: bool,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            slots: vec![Slot::default(); 1 << BITS],
        }
    }
}

impl EvalCache {
    /// [`super::linear`] of `pos`, from the cache when `pos`'s key is there.
    pub(crate) fn linear(&mut self, pos: &Position) -> i32 {
        let key = pos.zobrist();
        let slot = &mut self.slots[(key >> (64 - BITS)) as usize];
        if slot.filled && slot.key == key {
            return slot.white;
        }
        let white = super::linear(pos);
        *slot = Slot {
            key,
            white,
            filled: true,
        };
        white
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    #[test]
    fn a_cached_value_is_the_linear_evaluation_of_its_position() {
        let mut cache = EvalCache::default();
        let mut pos = Position::new(Rules::default());
        // A line of moves, each position looked up twice: the second answer (from the cache)
        // equals the first and the evaluation computed afresh.
        for _ in 0..24 {
            let fresh = super::super::linear(&pos);
            assert_eq!(cache.linear(&pos), fresh);
            assert_eq!(cache.linear(&pos), fresh);
            let Some(&m) = pos.legal_moves().iter().max_by_key(|m| m.to.index()) else {
                break;
            };
            pos = pos.play(m).expect("legal");
        }
    }
}
