//! Zobrist keys: a 64-bit hash of the piece placement and the side to move.
//!
//! Two positions with the same placement and side to move have the same key, which is what the
//! repetition rule compares. The clocks and the count are not part of the key.

use crate::{Color, Piece};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 64]; 12] {
    let mut keys = [[0u64; 64]; 12];
    let mut state = 0x5eed_a5ea_2011_0001_u64;
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            keys[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    keys
}

static PIECE_KEYS: [[u64; 64]; 12] = piece_keys();

/// The key XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0x0b1a_c4c0_10e5_0002).1;

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: usize) -> u64 {
    PIECE_KEYS[piece.color.index() * 6 + piece.role.index()][sq]
}

#[inline]
pub(crate) fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
