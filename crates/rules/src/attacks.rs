//! Attack tables, computed at compile time.
//!
//! Step pieces (king, knight, met, khon, pawn captures) use one table entry per square. The rook,
//! the only sliding piece of the game, uses ray tables: for each direction the squares up to the
//! edge; the first blocker is found with a bit scan and the ray beyond it removed.

use crate::{Bitboard, Color, Square};

const fn step_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
const KING: [u64; 64] = step_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
const MET: [u64; 64] = step_table(&[(1, 1), (-1, 1), (-1, -1), (1, -1)]);
const KHON: [[u64; 64]; 2] = [
    step_table(&[(1, 1), (-1, 1), (-1, -1), (1, -1), (0, 1)]),
    step_table(&[(1, 1), (-1, 1), (-1, -1), (1, -1), (0, -1)]),
];
const PAWN: [[u64; 64]; 2] = [
    step_table(&[(1, 1), (-1, 1)]),
    step_table(&[(1, -1), (-1, -1)]),
];

/// Rays in the four rook directions: north, east (increasing index), south, west (decreasing).
const fn ray_table(df: i32, dr: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            table[sq] |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        sq += 1;
    }
    table
}

const NORTH: [u64; 64] = ray_table(0, 1);
const EAST: [u64; 64] = ray_table(1, 0);
const SOUTH: [u64; 64] = ray_table(0, -1);
const WEST: [u64; 64] = ray_table(-1, 0);

const fn rook_empty_table() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = NORTH[sq] | EAST[sq] | SOUTH[sq] | WEST[sq];
        sq += 1;
    }
    t
}

const ROOK_EMPTY: [u64; 64] = rook_empty_table();

/// Squares strictly between two squares on a common rank or file; empty otherwise.
const fn between_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let rays = [NORTH, EAST, SOUTH, WEST];
            let mut d = 0;
            while d < 4 {
                if rays[d][a] & (1 << b) != 0 {
                    // The ray from a up to b, without b.
                    t[a][b] = rays[d][a] & !rays[d][b] & !(1 << b);
                }
                d += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

static BETWEEN: [[u64; 64]; 64] = between_table();

#[inline]
pub(crate) fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub(crate) fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

#[inline]
pub(crate) fn met(sq: Square) -> Bitboard {
    Bitboard(MET[sq.index()])
}

/// The squares a khon of `color` on `sq` attacks (diagonals and one step forward).
#[inline]
pub(crate) fn khon(color: Color, sq: Square) -> Bitboard {
    Bitboard(KHON[color.index()][sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
pub(crate) fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// The squares a rook on `sq` attacks with the board occupied by `occupied`.
#[inline]
pub(crate) fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let occ = occupied.0;
    let mut attacks = 0;
    // Increasing directions: the first blocker is the lowest set bit.
    for ray in [&NORTH, &EAST] {
        let r = ray[s];
        let blockers = r & occ;
        attacks |= if blockers == 0 {
            r
        } else {
            r & !ray[blockers.trailing_zeros() as usize]
        };
    }
    // Decreasing directions: the first blocker is the highest set bit.
    for ray in [&SOUTH, &WEST] {
        let r = ray[s];
        let blockers = r & occ;
        attacks |= if blockers == 0 {
            r
        } else {
            r & !ray[63 - blockers.leading_zeros() as usize]
        };
    }
    Bitboard(attacks)
}

/// The rook's squares from `sq` on an empty board.
#[inline]
pub(crate) fn rook_empty(sq: Square) -> Bitboard {
    Bitboard(ROOK_EMPTY[sq.index()])
}

/// The squares strictly between `a` and `b` when they share a rank or file, else empty.
#[inline]
pub(crate) fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    #[test]
    fn khon_moves_forward_for_its_colour() {
        let w: Vec<String> = khon(Color::White, sq("d4"))
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(w, ["c3", "e3", "c5", "d5", "e5"]);
        let b: Vec<String> = khon(Color::Black, sq("d4"))
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(b, ["c3", "d3", "e3", "c5", "e5"]);
    }

    #[test]
    fn rook_stops_at_blockers() {
        let occ = Bitboard::from_square(sq("d6")) | Bitboard::from_square(sq("b4"));
        let a = rook(sq("d4"), occ);
        assert!(a.contains(sq("d6")) && !a.contains(sq("d7")));
        assert!(a.contains(sq("b4")) && !a.contains(sq("a4")));
        assert!(a.contains(sq("h4")) && a.contains(sq("d1")));
        assert_eq!(a.count(), 2 + 2 + 4 + 3);
    }

    #[test]
    fn between_is_exclusive() {
        assert_eq!(between(sq("a1"), sq("a4")).count(), 2);
        assert_eq!(between(sq("a1"), sq("b2")).count(), 0);
        assert_eq!(between(sq("h8"), sq("a8")).count(), 6);
    }
}
