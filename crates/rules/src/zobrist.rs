//! Zobrist keys: a 64-bit hash of the piece placement and the side to move.
//!
//! Two positions with the same placement and side to move have the same key, which is what the
//! repetition rule compares. The clocks and the count are not part of the key.
//!
//! The keys are the outputs of a SplitMix64 generator with a fixed seed, one per (piece,
//! square) in the order White pawn a1..h8, White met..., Black pawn...: the `i`-th output of
//! SplitMix64 is a pure function of `i` (its state advances by a constant), so each key is
//! computed when needed (a few multiplications) instead of being stored as a 6 KiB table in
//! every binary, the browser's module included. The keys, and so every hash, are the same as
//! those of the table this replaces (a test keeps them so).

use crate::{Color, Piece};

/// SplitMix64's increment (the golden ratio in 64 bits).
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// The generator's seed for the piece keys.
const PIECE_SEED: u64 = 0x5eed_a5ea_2011_0001;

/// SplitMix64's output function for the state `state` (already advanced).
#[inline]
const fn mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `i`-th output (from 0) of SplitMix64 seeded with `seed`.
#[inline]
const fn nth(seed: u64, i: u64) -> u64 {
    mix(seed.wrapping_add(GOLDEN.wrapping_mul(i.wrapping_add(1))))
}

/// The key XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = nth(0x0b1a_c4c0_10e5_0002, 0);

/// The key of `piece` on the square of index `sq` (0..64).
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: usize) -> u64 {
    let index = (piece.color.index() * 6 + piece.role.index()) * 64 + sq;
    nth(PIECE_SEED, index as u64)
}

#[inline]
pub(crate) fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    /// SplitMix64 run step by step, as the stored table was filled: (next state, output).
    const fn splitmix(state: u64) -> (u64, u64) {
        let state = state.wrapping_add(GOLDEN);
        (state, mix(state))
    }

    #[test]
    fn keys_are_the_sequential_generators_outputs() {
        let mut state = PIECE_SEED;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in 0..64 {
                    let (s, k) = splitmix(state);
                    state = s;
                    assert_eq!(piece_key(Piece { color, role }, sq), k, "{role:?} on {sq}");
                }
            }
        }
        assert_eq!(BLACK_TO_MOVE, splitmix(0x0b1a_c4c0_10e5_0002).1);
    }

    #[test]
    fn keys_are_stable() {
        // Written out from the stored table these keys replace: every hash stays the same.
        let key = |color, role, sq| piece_key(Piece { color, role }, sq);
        assert_eq!(key(Color::White, Role::Pawn, 0), 0x0fe5_0328_dcbc_6079);
        assert_eq!(key(Color::Black, Role::Rook, 27), 0xdd38_0815_3881_204f);
        assert_eq!(key(Color::Black, Role::King, 63), 0x6f21_4e47_7c30_5c55);
        assert_eq!(BLACK_TO_MOVE, 0xa8aa_5b78_acfa_a6f5);
    }
}
