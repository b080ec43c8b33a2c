//! The static evaluation, in centipawns from the side to move's point of view.
//!
//! Made for ASEAN chess rather than Western chess: the met (one step diagonally) and the khon
//! (one step diagonally or forward) are short-range pieces worth well under a bishop or queen;
//! pawns gain value as they near the last rank, where they promote; the king walks out in the
//! endgame. With a lone king on the board it drives the lone king to the edge and brings the
//! kings together (mate must come before the count runs out); a side without mating material
//! cannot be better than a draw.

use rules::{Bitboard, Color, Piece, Position, Role, Square};

use crate::endgame::{self, centre_distance, distance};

/// Material values in centipawns, indexed by [`Role`] order (pawn, knight, khon, met, rook, king).
pub const VALUES: [i32; 6] = [100, 320, 290, 190, 520, 0];

/// Non-pawn material of both sides at the start, for the game phase.
const START_MATERIAL: i32 = 2 * (2 * 520 + 2 * 320 + 2 * 290 + 190);

/// Piece-square tables from White's side, a1 first (rank 1 is the first row).
#[rustfmt::skip]
const PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  2,  4,  4,  2,  0,  0,
     6,  8, 12, 16, 16, 12,  8,  6,
    20, 24, 30, 36, 36, 30, 24, 20,
    45, 50, 56, 62, 62, 56, 50, 45,
    80, 85, 90, 95, 95, 90, 85, 80,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
   -40,-25,-15,-10,-10,-15,-25,-40,
   -25,-10,  0,  5,  5,  0,-10,-25,
   -15,  5, 12, 16, 16, 12,  5,-15,
   -10,  8, 18, 24, 24, 18,  8,-10,
   -10,  8, 18, 24, 24, 18,  8,-10,
   -15,  5, 14, 18, 18, 14,  5,-15,
   -25,-10,  0,  5,  5,  0,-10,-25,
   -40,-25,-15,-10,-10,-15,-25,-40,
];
#[rustfmt::skip]
const KHON: [i32; 64] = [
   -15, -8, -4,  0,  0, -4, -8,-15,
    -8,  0,  6,  8,  8,  6,  0, -8,
    -4,  6, 12, 14, 14, 12,  6, -4,
     0,  8, 14, 18, 18, 14,  8,  0,
     0,  8, 14, 18, 18, 14,  8,  0,
    -4,  6, 12, 14, 14, 12,  6, -4,
    -8,  0,  4,  6,  6,  4,  0, -8,
   -15, -8, -4,  0,  0, -4, -8,-15,
];
#[rustfmt::skip]
const MET: [i32; 64] = [
   -10, -5, -2,  0,  0, -2, -5,-10,
    -5,  2,  6,  8,  8,  6,  2, -5,
    -2,  6, 10, 12, 12, 10,  6, -2,
     0,  8, 12, 15, 15, 12,  8,  0,
     0,  8, 12, 15, 15, 12,  8,  0,
    -2,  6, 10, 12, 12, 10,  6, -2,
    -5,  2,  6,  8,  8,  6,  2, -5,
   -10, -5, -2,  0,  0, -2, -5,-10,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
     0,  0,  4,  6,  6,  4,  0,  0,
     0,  0,  4,  6,  6,  4,  0,  0,
     0,  0,  4,  6,  6,  4,  0,  0,
     0,  0,  4,  6,  6,  4,  0,  0,
     2,  2,  6,  8,  8,  6,  2,  2,
     8, 10, 12, 12, 12, 12, 10,  8,
    12, 14, 16, 16, 16, 16, 14, 12,
     4,  4,  6,  8,  8,  6,  4,  4,
];
#[rustfmt::skip]
const KING_MIDDLE: [i32; 64] = [
     8, 12,  6,  0,  0,  6, 12,  8,
     4,  6,  0, -6, -6,  0,  6,  4,
    -8,-10,-14,-18,-18,-14,-10, -8,
   -18,-22,-26,-30,-30,-26,-22,-18,
   -26,-30,-34,-38,-38,-34,-30,-26,
   -30,-34,-38,-42,-42,-38,-34,-30,
   -34,-38,-42,-46,-46,-42,-38,-34,
   -38,-42,-46,-50,-50,-46,-42,-38,
];
#[rustfmt::skip]
const KING_END: [i32; 64] = [
   -30,-20,-12, -8, -8,-12,-20,-30,
   -20, -8,  0,  4,  4,  0, -8,-20,
   -12,  0, 10, 14, 14, 10,  0,-12,
    -8,  4, 14, 20, 20, 14,  4, -8,
    -8,  4, 14, 20, 20, 14,  4, -8,
   -12,  0, 10, 14, 14, 10,  0,-12,
   -20, -8,  0,  4,  4,  0, -8,-20,
   -30,-20,-12, -8, -8,-12,-20,-30,
];

fn table(role: Role) -> &'static [i32; 64] {
    match role {
        Role::Pawn => &PAWN,
        Role::Knight => &KNIGHT,
        Role::Khon => &KHON,
        Role::Met => &MET,
        Role::Rook => &ROOK,
        Role::King => &KING_MIDDLE,
    }
}

/// The value in centipawns of a role (the king counts 0).
#[must_use]
pub fn value(role: Role) -> i32 {
    VALUES[role as usize]
}

fn relative(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    }
}

/// Evaluates `pos` in centipawns for the side to move (positive: the side to move is better).
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let mut material = [0i32; 2];
    let mut psq = [0i32; 2];
    let mut king_sq = [0usize; 2];
    for color in Color::ALL {
        let ci = color as usize;
        for role in Role::ALL {
            let bb = pos.by_piece(Piece { color, role });
            for sq in bb {
                let rel = relative(color, sq);
                if role == Role::King {
                    king_sq[ci] = rel;
                } else {
                    material[ci] += value(role);
                    psq[ci] += table(role)[rel];
                }
            }
        }
    }
    let non_pawn = |c: Color| {
        material[c as usize]
            - (pos
                .by_piece(Piece {
                    color: c,
                    role: Role::Pawn,
                })
                .count() as i32)
                * value(Role::Pawn)
    };
    let phase_material = (non_pawn(Color::White) + non_pawn(Color::Black)).min(START_MATERIAL);
    // Tapered king placement: the middle-game table while pieces remain, the endgame one after.
    for c in Color::ALL {
        let k = king_sq[c as usize];
        psq[c as usize] += (KING_MIDDLE[k] * phase_material
            + KING_END[k] * (START_MATERIAL - phase_material))
            / START_MATERIAL;
    }
    // A lone king in a pawnless ending: the technique of the mate decides (see `endgame`).
    for attacker in Color::ALL {
        if let Some(score) = endgame::lone_king(pos, attacker, material[attacker as usize]) {
            return if pos.turn() == attacker {
                score
            } else {
                -score
            };
        }
    }
    let mut white = material[0] + psq[0] - material[1] - psq[1];

    // A lone king with pawns still on the board: drive it to the edge and bring the attacking
    // king close while the pawns promote.
    for attacker in Color::ALL {
        let defender = attacker.other();
        if pos.by_color(defender).count() == 1 && pos.by_color(attacker).count() > 1 {
            let dk = pos.king_square(defender);
            let ak = pos.king_square(attacker);
            let mop = 12 * centre_distance(dk) + 6 * (7 - distance(ak, dk));
            white += if attacker.is_white() { mop } else { -mop };
        }
    }

    // Without mating material a side cannot win: its advantage is worth nothing.
    if white > 0 && !pos.has_mating_material(Color::White) {
        white /= 16;
    }
    if white < 0 && !pos.has_mating_material(Color::Black) {
        white /= 16;
    }
    // Pawnless endings with little material are hard to win (and a count may run): damp them.
    if pos.by_role(Role::Pawn) == Bitboard::EMPTY
        && (non_pawn(Color::White) - non_pawn(Color::Black)).abs() < 300
    {
        white /= 2;
    }
    if pos.turn().is_white() { white } else { -white }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Position::new(Rules::default())), 0);
    }

    #[test]
    fn symmetric_for_both_sides() {
        let w =
            Position::from_fen("4k3/8/8/3r4/8/8/8/4K3 w - - 0 1", Rules::default()).expect("fen");
        let b =
            Position::from_fen("4k3/8/8/8/3R4/8/8/4K3 b - - 0 1", Rules::default()).expect("fen");
        assert_eq!(evaluate(&w), evaluate(&b));
        assert!(evaluate(&w) < -300);
    }

    #[test]
    fn lone_met_is_no_win() {
        let pos =
            Position::from_fen("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", Rules::default()).expect("fen");
        assert!(evaluate(&pos) < 50);
    }
}
