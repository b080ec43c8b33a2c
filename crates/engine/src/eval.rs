//! The static evaluation, in centipawns from the side to move's point of view.
//!
//! Made for ASEAN chess rather than Western chess: the met (one step diagonally) and the khon
//! (one step diagonally or forward) are short-range pieces worth well under a bishop or queen;
//! pawns gain value as they near the last rank, where they promote; the king walks out in the
//! endgame. With a lone king on the board it drives the lone king to the edge and brings the
//! kings together (mate must come before the count runs out); a side without mating material
//! cannot be better than a draw.
//!
//! Elsewhere the score is a tapered linear sum of weighted terms, fitted by the tuner (see
//! `crate::tuning`): material and piece-square tables, each piece's mobility (its safe squares),
//! pawn structure (passed by rank, doubled, isolated, protected, in a phalanx), rooks on open and
//! half-open files, attacks on each king's ring and its pawn shelter, threats (pieces attacked by
//! pawns, rooks by lesser pieces, pieces and pawns left hanging) and the tempo of the side to move.

use rules::{Bitboard, Color, Piece, Position, Role, Square};

use crate::endgame::{self, centre_distance, distance};

/// Material values in centipawns, indexed by [`Role`] order (pawn, knight, khon, met, rook, king).
pub const VALUES: [i32; 6] = [100, 320, 290, 190, 520, 0];

/// Non-pawn material of both sides at the start, for the game phase.
pub(crate) const START_MATERIAL: i32 = 2 * (2 * 520 + 2 * 320 + 2 * 290 + 190);

mod cache;
mod weights;

pub(crate) use cache::EvalCache;

/// The groups of weighted terms after the piece-square tables, in the tuner's layout order:
/// a name (for the weights file) and how many weights the group holds. A group of more than one
/// weight is a table indexed by a count (mobility, attacks on the king's ring) or by a rank
/// (passed pawns); a group of one weighs a count.
pub(crate) const GROUPS: [(&str, usize); 18] = [
    // Each piece's safe squares: attacked, not holding a piece of its own side, not attacked by
    // an enemy pawn.
    ("knight mobility (safe squares 0..=8)", 9),
    ("khon mobility (safe squares 0..=5)", 6),
    ("met mobility (safe squares 0..=4)", 5),
    ("rook mobility (safe squares 0..=14)", 15),
    // Pawns.
    ("passed pawn, by rank from its owner's side (1st..8th)", 8),
    ("doubled pawn (an own pawn ahead on its file)", 1),
    ("isolated pawn (no own pawn on a neighbouring file)", 1),
    ("protected pawn (attacked by an own pawn)", 1),
    ("pawn phalanx (an own pawn beside it)", 1),
    // Rooks.
    ("rook on an open file", 1),
    ("rook on a half-open file (only enemy pawns)", 1),
    // The king: its ring is the king's square and the squares it attacks.
    (
        "enemy attacks on the king's ring (0..=15, each piece's attacked squares)",
        16,
    ),
    (
        "king shelter (own pawns up to two ranks ahead on its and the neighbouring files)",
        1,
    ),
    // Threats against a side's pieces.
    ("piece attacked by an enemy pawn", 1),
    ("rook attacked by an enemy knight, khon or met", 1),
    ("hanging piece (attacked, not defended)", 1),
    ("hanging pawn (attacked, not defended)", 1),
    // The side to move.
    ("tempo (the side to move)", 1),
];

/// Where group `g` of [`GROUPS`] starts in a phase's block of weights.
const fn group(g: usize) -> usize {
    let mut at = PSQ_LEN;
    let mut i = 0;
    while i < g {
        at += GROUPS[i].1;
        i += 1;
    }
    at
}

/// The piece-square part of a phase's block: six roles × (64 squares + the material value).
pub(crate) const PSQ_LEN: usize = 6 * 65;
/// The weights after the piece-square part in a phase's block.
pub(crate) const EXTRA_LEN: usize = group(GROUPS.len()) - PSQ_LEN;
/// One phase's block of weights.
pub(crate) const BLOCK: usize = PSQ_LEN + EXTRA_LEN;
/// The number of weights the tuner fits: a middle-game and an endgame block.
pub(crate) const PARAMS: usize = 2 * BLOCK;

/// The mobility table of each role (`None` for pawns and kings).
const MOBILITY: [Option<(usize, usize)>; 6] = [
    None,
    Some((group(0), GROUPS[0].1)),
    Some((group(1), GROUPS[1].1)),
    Some((group(2), GROUPS[2].1)),
    Some((group(3), GROUPS[3].1)),
    None,
];
const PASSED: usize = group(4);
const DOUBLED: usize = group(5);
const ISOLATED: usize = group(6);
const PROTECTED: usize = group(7);
const PHALANX: usize = group(8);
const ROOK_OPEN: usize = group(9);
const ROOK_HALF_OPEN: usize = group(10);
const KING_RING: (usize, usize) = (group(11), GROUPS[11].1);
const SHELTER: usize = group(12);
const THREAT_PAWN: usize = group(13);
const THREAT_ROOK: usize = group(14);
const HANGING: usize = group(15);
const HANGING_PAWN: usize = group(16);
const TEMPO: usize = group(17);

/// Both phases' weights in the flat layout, built from the weights file.
static FLAT: [[i32; BLOCK]; 2] = flat();

const fn flat() -> [[i32; BLOCK]; 2] {
    let mut t = [[0; BLOCK]; 2];
    let mut phase = 0;
    while phase < 2 {
        let mut i = 0;
        while i < BLOCK {
            t[phase][i] = if i >= PSQ_LEN {
                weights::EXTRA[phase][i - PSQ_LEN]
            } else if i % 65 == 64 {
                weights::MATERIAL[phase][i / 65]
            } else {
                weights::PSQ[phase][i / 65][i % 65]
            };
            i += 1;
        }
        phase += 1;
    }
    t
}

/// The weight at `index` of the tuner's flat layout: `phase * BLOCK + i`, where `i` is
/// `role * 65 + k` (`k` a square from its owner's side, `0..64`, or 64 for the material value)
/// below [`PSQ_LEN`], and a weight of [`GROUPS`] from there on.
pub(crate) fn weight(index: usize) -> i32 {
    FLAT[index / BLOCK][index % BLOCK]
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

/// The squares the pawns `pawns` of `color` attack.
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A) << 7) | ((p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9) | ((p & NOT_H) >> 7),
    })
}

/// The ranks strictly ahead of `rank` for `color`'s pawns.
fn ahead(color: Color, rank: u8) -> Bitboard {
    Bitboard(match color {
        Color::White if rank >= 7 => 0,
        Color::White => !0u64 << (8 * (u32::from(rank) + 1)),
        Color::Black => (1u64 << (8 * u32::from(rank))) - 1,
    })
}

/// The files next to `file`.
fn neighbour_files(file: u8) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if file > 0 {
        b |= Bitboard::file(file - 1);
    }
    if file < 7 {
        b |= Bitboard::file(file + 1);
    }
    b
}

/// Calls `add(i, n)` for each weighted term of `pos`: the weight `i` of a phase's block (see
/// [`weight`]) counted `n` times from White's side (a White piece's term +1, a Black piece's
/// -1). The middle-game weight of a term is at `i`, its endgame weight at `BLOCK + i`.
#[allow(clippy::too_many_lines)]
pub(crate) fn terms(pos: &Position, mut add: impl FnMut(usize, i32)) {
    let occupied = pos.occupied();
    let side = |c: Color| usize::from(!c.is_white());
    let pawns = Color::ALL.map(|c| {
        pos.by_piece(Piece {
            color: c,
            role: Role::Pawn,
        })
    });
    let pawn_attacked = Color::ALL.map(|c| pawn_attacks(c, pawns[side(c)]));
    let rings = Color::ALL.map(|c| {
        let k = pos.king_square(c);
        Piece {
            color: c,
            role: Role::King,
        }
        .attacks(k, occupied)
            | Bitboard::from_square(k)
    });
    let mut attacked = pawn_attacked;
    let mut minor_attacked = [Bitboard::EMPTY; 2];
    let mut ring_attacks = [0u32; 2];
    for color in Color::ALL {
        let (us, them) = (side(color), 1 - side(color));
        let sign = if color.is_white() { 1 } else { -1 };
        let own = pos.by_color(color);
        let safe = !own & !pawn_attacked[them];
        for role in Role::ALL {
            let r = role as usize;
            let piece = Piece { color, role };
            for sq in pos.by_piece(piece) {
                add(r * 65 + relative(color, sq), sign);
                if role == Role::King {
                    attacked[us] |= piece.attacks(sq, occupied);
                    continue;
                }
                add(r * 65 + 64, sign);
                if role == Role::Pawn {
                    let (file, rank) = (sq.file(), sq.rank());
                    let front = ahead(color, rank);
                    let beside = neighbour_files(file);
                    let on_file = Bitboard::file(file);
                    if (pawns[them] & (on_file | beside) & front).is_empty() {
                        let rel = if color.is_white() { rank } else { 7 - rank };
                        add(PASSED + usize::from(rel), sign);
                    }
                    if (pawns[us] & on_file & front).any() {
                        add(DOUBLED, sign);
                    }
                    if (pawns[us] & beside).is_empty() {
                        add(ISOLATED, sign);
                    }
                    if pawn_attacked[us].contains(sq) {
                        add(PROTECTED, sign);
                    }
                    if (pawns[us] & beside & Bitboard::rank(rank)).any() {
                        add(PHALANX, sign);
                    }
                    continue;
                }
                let a = piece.attacks(sq, occupied);
                attacked[us] |= a;
                if role != Role::Rook {
                    minor_attacked[us] |= a;
                }
                if let Some((at, len)) = MOBILITY[r] {
                    add(at + ((a & safe).count() as usize).min(len - 1), sign);
                }
                ring_attacks[them] += (a & rings[them]).count();
                if role == Role::Rook {
                    let on_file = Bitboard::file(sq.file());
                    if (pawns[us] & on_file).is_empty() {
                        if (pawns[them] & on_file).is_empty() {
                            add(ROOK_OPEN, sign);
                        } else {
                            add(ROOK_HALF_OPEN, sign);
                        }
                    }
                }
            }
        }
        ring_attacks[them] += (pawn_attacked[us] & rings[them]).count();
    }
    for color in Color::ALL {
        let (us, them) = (side(color), 1 - side(color));
        let sign = if color.is_white() { 1 } else { -1 };
        let own = pos.by_color(color);
        let (kr, ka) = KING_RING;
        add(kr + (ring_attacks[us] as usize).min(ka - 1), sign);
        let k = pos.king_square(color);
        let shelter_files = Bitboard::file(k.file()) | neighbour_files(k.file());
        let two_ahead = ahead(color, k.rank())
            & !ahead(
                color,
                if color.is_white() {
                    k.rank().saturating_add(2).min(7)
                } else {
                    k.rank().saturating_sub(2)
                },
            );
        let shelter = (pawns[us] & shelter_files & two_ahead).count() as i32;
        if shelter > 0 {
            add(SHELTER, sign * shelter);
        }
        let pieces = own & !pawns[us] & !pos.by_role(Role::King);
        let counted = |b: Bitboard| b.count() as i32;
        let by_pawn = counted(pieces & pawn_attacked[them]);
        if by_pawn > 0 {
            add(THREAT_PAWN, sign * by_pawn);
        }
        let rooks = counted(
            pos.by_piece(Piece {
                color,
                role: Role::Rook,
            }) & minor_attacked[them],
        );
        if rooks > 0 {
            add(THREAT_ROOK, sign * rooks);
        }
        let hanging = counted(pieces & attacked[them] & !attacked[us]);
        if hanging > 0 {
            add(HANGING, sign * hanging);
        }
        let hanging_pawns = counted(pawns[us] & attacked[them] & !attacked[us]);
        if hanging_pawns > 0 {
            add(HANGING_PAWN, sign * hanging_pawns);
        }
    }
    add(TEMPO, if pos.turn().is_white() { 1 } else { -1 });
}

/// The tapered sum of the weighted terms of `pos`, in centipawns from White's side.
pub(crate) fn linear(pos: &Position) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    terms(pos, |i, n| {
        mg += n * FLAT[0][i];
        eg += n * FLAT[1][i];
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

/// [`evaluate`], with the linear part from `cache` (the same score, sooner).
pub(crate) fn evaluate_cached(pos: &Position, cache: &mut EvalCache) -> i32 {
    let white = white_score_with(pos, |p| cache.linear(p));
    if pos.turn().is_white() { white } else { -white }
}

/// The evaluation of `pos` in centipawns from White's side.
pub(crate) fn white_score(pos: &Position) -> i32 {
    white_score_with(pos, linear)
}

/// [`white_score`], taking the linear part of the evaluation from `linear`.
fn white_score_with(pos: &Position, linear: impl FnOnce(&Position) -> i32) -> i32 {
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
        // The same for either side to move: only the tempo, which is the mover's.
        let white = Position::new(Rules::default());
        let black = Position::from_fen(
            "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR b - - 0 1",
            Rules::default(),
        )
        .expect("fen");
        assert_eq!(evaluate(&white), evaluate(&black));
        assert!(evaluate(&white).abs() < 20);
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

    /// The terms of `fen` among the groups (not the piece-square part): index and count.
    fn group_terms(fen: &str) -> Vec<(usize, i32)> {
        let pos = Position::from_fen(fen, Rules::default()).expect("fen");
        let mut t: Vec<(usize, i32)> = Vec::new();
        terms(&pos, |i, n| {
            if i >= PSQ_LEN {
                match t.iter_mut().find(|(j, _)| *j == i) {
                    Some(e) => e.1 += n,
                    None => t.push((i, n)),
                }
            }
        });
        t.retain(|&(_, n)| n != 0);
        t.sort_unstable();
        t
    }

    #[test]
    fn pawn_structure_terms() {
        // White: a passed, isolated pawn on e5 (the 5th rank). Black: pawns on a7, b7 and a6;
        // a7 is behind a6 on its file, and b7 protects a6.
        let t = group_terms("4k3/pp6/p7/4P3/8/8/8/4K3 w - - 0 1");
        assert!(t.contains(&(PASSED + 4, 1)), "{t:?}");
        // White's e5 is isolated; Black has no isolated pawn: +1 in all.
        assert!(t.contains(&(ISOLATED, 1)), "{t:?}");
        // a7 has a6 ahead on its file (Black's forward is down the board).
        assert!(t.contains(&(DOUBLED, -1)), "{t:?}");
        // a6 is attacked by b7 (a Black pawn captures diagonally down).
        assert!(t.contains(&(PROTECTED, -1)), "{t:?}");
        // a7 and b7 stand side by side: both are in a phalanx.
        assert!(t.contains(&(PHALANX, -2)), "{t:?}");
        // Black's a- and b-pawns are passed too (no White pawn on files a to c), on the 2nd and
        // 3rd ranks from Black's side: a7 and b7 on the 2nd, a6 on the 3rd.
        assert!(
            t.contains(&(PASSED + 1, -2)) && t.contains(&(PASSED + 2, -1)),
            "{t:?}"
        );
    }

    #[test]
    fn rook_file_mobility_and_threat_terms() {
        // White's rook on d1: the d-file is open; it sees d2..d8 (7, d8 holds nothing) and
        // a1..c1, e1..h1 less its own king's square: e1 holds the king, so a1, b1, c1 = 3; 10 safe
        // squares in all. Black's knight on c6 is attacked by nothing; White's khon on f4 is
        // attacked by Black's pawn on g5 and undefended: attacked by a pawn and hanging.
        let t = group_terms("4k3/8/2n5/6p1/5B2/8/8/3RK3 w - - 0 1");
        assert!(t.contains(&(ROOK_OPEN, 1)), "{t:?}");
        assert!(
            t.contains(&(MOBILITY[Role::Rook as usize].expect("rook").0 + 10, 1)),
            "{t:?}"
        );
        assert!(t.contains(&(THREAT_PAWN, 1)), "{t:?}");
        assert!(t.contains(&(HANGING, 1)), "{t:?}");
        assert!(t.contains(&(TEMPO, 1)), "{t:?}");
    }

    #[test]
    fn lone_met_is_no_win() {
        let pos =
            Position::from_fen("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", Rules::default()).expect("fen");
        assert!(evaluate(&pos) < 50);
    }
}
