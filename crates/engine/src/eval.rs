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
pub(crate) const START_MATERIAL: i32 = 2 * (2 * 520 + 2 * 320 + 2 * 290 + 190);

mod weights;

/// The number of weights the tuner fits: for each of the two phases (middle game, endgame) and
/// each role, 64 piece-square entries and the material value.
pub(crate) const PARAMS: usize = 2 * 6 * 65;

/// The weight at `index` of the tuner's flat layout: `phase * 390 + role * 65 + k`, with `k` a
/// square from its owner's side (`0..64`) or 64 for the material value.
pub(crate) fn weight(index: usize) -> i32 {
    let (phase, rest) = (index / 390, index % 390);
    let (role, k) = (rest / 65, rest % 65);
    if k == 64 {
        weights::MATERIAL[phase][role]
    } else {
        weights::PSQ[phase][role][k]
    }
}

/// The game phase of `pos`, `0..=START_MATERIAL`: the non-pawn material left on the board (at
/// the fixed [`VALUES`]), capped at the starting amount. The middle-game weights count in
/// proportion to it, the endgame weights to the rest.
pub(crate) fn phase(pos: &Position) -> i32 {
    let non_pawn: i32 = [Role::Knight, Role::Khon, Role::Met, Role::Rook]
        .into_iter()
        .map(|role| pos.by_role(role).count() as i32 * value(role))
        .sum();
    non_pawn.min(START_MATERIAL)
}

/// Calls `add(role, k, sign)` for each weighted term of `pos`: each piece's square from its
/// owner's side (`k` in `0..64`) and its material (`k` = 64, not for kings), `role` in [`Role`]
/// order, `sign` +1 for White's pieces and -1 for Black's. (In the tuner's layout the term's
/// middle-game weight is at `role * 65 + k`, its endgame weight 390 higher.)
pub(crate) fn terms(pos: &Position, mut add: impl FnMut(usize, usize, i32)) {
    for color in Color::ALL {
        let sign = if color.is_white() { 1 } else { -1 };
        for role in Role::ALL {
            let r = role as usize;
            for sq in pos.by_piece(Piece { color, role }) {
                add(r, relative(color, sq), sign);
                if role != Role::King {
                    add(r, 64, sign);
                }
            }
        }
    }
}

/// The tapered sum of the weighted terms of `pos`, in centipawns from White's side.
pub(crate) fn linear(pos: &Position) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    terms(pos, |role, k, sign| {
        let (m, e) = if k == 64 {
            (weights::MATERIAL[0][role], weights::MATERIAL[1][role])
        } else {
            (weights::PSQ[0][role][k], weights::PSQ[1][role][k])
        };
        mg += sign * m;
        eg += sign * e;
    });
    let p = phase(pos);
    (mg * p + eg * (START_MATERIAL - p)) / START_MATERIAL
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
    let white = white_score(pos);
    if pos.turn().is_white() { white } else { -white }
}

/// The evaluation of `pos` in centipawns from White's side.
pub(crate) fn white_score(pos: &Position) -> i32 {
    let material = |color: Color| -> i32 {
        Role::ALL
            .into_iter()
            .map(|role| pos.by_piece(Piece { color, role }).count() as i32 * value(role))
            .sum()
    };
    let non_pawn = |c: Color| {
        material(c)
            - (pos
                .by_piece(Piece {
                    color: c,
                    role: Role::Pawn,
                })
                .count() as i32)
                * value(Role::Pawn)
    };
    // A lone king in a pawnless ending: the technique of the mate decides (see `endgame`).
    for attacker in Color::ALL {
        if let Some(score) = endgame::lone_king(pos, attacker, material(attacker)) {
            return if attacker.is_white() { score } else { -score };
        }
    }
    let mut white = linear(pos);

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
    white
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
