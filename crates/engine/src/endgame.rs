//! The evaluation of pawnless endings against a lone king: how to mate before the count runs
//! out.
//!
//! When one side has nothing but its king and no pawn is left, ordinary terms (piece-square
//! tables, phase) say little: what matters is the technique of the mate. [`lone_king`] replaces
//! them with terms that measure progress towards it, from the attacker's side:
//! - the **room** of the lone king: the squares it could reach by king steps through squares the
//!   attacker does not cover (a rook's ray passes through the lone king: it cannot step back
//!   along the line that checks it). A rook boxes the king in; the box shrinks as the technique
//!   works. Minor pieces cover few squares, so for them the room matters less than the edge;
//! - the **edge**: the lone king's distance from the centre (a rook mates on any edge; knights
//!   and mets push the king into any corner);
//! - with a khon, the **far side**: the lone king's distance to the rank the khon moves towards
//!   and to a side file, and a wall of khon and met between it and the near side (see
//!   [`khon_drive`]);
//! - the **kings' distance**: the attacking king must come close, for every mate needs it;
//! - the **helpers' distance**: khons, mets and knights must stand near the lone king to cover
//!   its squares;
//! - **loose pieces**: a short piece near the lone king with no guard may be trapped and taken;
//! - **urgency**: the drive terms weigh more as the count runs (see [`urgency`]), so that among
//!   equal material the engine prefers the lines that make progress soon.
//!
//! Material that cannot force mate (a lone khon, one or two knights, mets of one square colour,
//! a single met) is scored as a draw-ish small edge: [`can_force_mate`] says which material
//! wins by force, as checked with Fairy-Stockfish (see `tests/endgames.fen`).

use rules::{Bitboard, Color, Piece, Position, Role, Square};

/// The bonus in centipawns for a position that is won by force, on top of the material.
const WON: i32 = 2000;
/// The most the drive terms may take off [`WON`], so that a won ending always scores far above
/// any ending that is not won (material that cannot force mate scores a sixteenth of itself).
const DRIVE_FLOOR: i32 = 1500;
/// Centipawns per square of the lone king's room.
const ROOM: i32 = 8;
/// Centipawns per square of the lone king's room when the attacker has no rook: short pieces
/// rarely close a wall, so the room only counts a little until they do.
const SHORT_ROOM: i32 = 3;
/// Centipawns per step of the lone king away from the centre (Manhattan, `0..=6`).
const EDGE: i32 = 16;
/// Centipawns per step of the lone king towards a corner (Chebyshev distance, `0..=3`), for
/// knights and mets without a khon.
const CORNER: i32 = 30;
/// With a khon: centipawns per rank between the lone king and the far rank (the khon's forward
/// side, where it mates).
const FAR_RANK: i32 = 20;
/// With a khon: centipawns per file between the lone king and the nearest side file.
const SIDE_FILE: i32 = 20;
/// With a khon: centipawns for each khon or met between the lone king and the near side.
const WALL: i32 = 20;
/// Centipawns per step between the kings.
const KINGS: i32 = 20;
/// Centipawns per step between a short piece (khon, met, knight) and the lone king.
const HELPER: i32 = 8;

/// Centipawns for a short piece within two steps of the lone king that no other piece guards.
const LOOSE: i32 = 40;

/// The material of the attacking side, as the mate sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Material {
    rooks: u32,
    khons: u32,
    knights: u32,
    mets: u32,
    /// Mets on light squares and on dark squares.
    light_mets: u32,
    dark_mets: u32,
}

impl Material {
    fn of(pos: &Position, color: Color) -> Material {
        let n = |role| pos.by_piece(Piece { color, role }).count();
        let mets = pos.by_piece(Piece {
            color,
            role: Role::Met,
        });
        Material {
            rooks: n(Role::Rook),
            khons: n(Role::Khon),
            knights: n(Role::Knight),
            mets: mets.count(),
            light_mets: (mets & Bitboard::LIGHT).count(),
            dark_mets: (mets & Bitboard::DARK).count(),
        }
    }
}

/// `true` when this material (with its king, no pawns) mates a lone king by force within the
/// count from ordinary positions. Checked with Fairy-Stockfish (`tests/endgames.fen`):
/// - any rook; a khon with any other piece; a knight with a met and another short piece;
///   three mets not all on one square colour: wins;
/// - a lone khon, one or two knights alone, a knight with one met, two khons, mets of one
///   square colour: no forced mate (Fairy-Stockfish finds none, and does not mate against
///   itself within the count).
fn can_force_mate(m: Material) -> bool {
    let minors = m.khons + m.knights + m.mets;
    if m.rooks > 0 {
        return true;
    }
    if m.khons >= 1 && m.khons + m.mets + m.knights >= 2 && !(m.khons == 2 && minors == 2) {
        return true;
    }
    if m.knights >= 1 && m.mets >= 1 && minors >= 3 {
        return true;
    }
    m.mets >= 3 && m.light_mets > 0 && m.dark_mets > 0
}

/// King-step neighbours of every square in `b`, and `b` itself.
fn king_spread(b: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let x = b.0;
    let row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    Bitboard(row | (row << 8) | (row >> 8))
}

fn steps(from: Square, deltas: &[(i32, i32)]) -> Bitboard {
    let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
    deltas
        .iter()
        .filter_map(|&(df, dr)| Square::try_new(f + df, r + dr))
        .collect()
}

const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (2, -1),
    (2, 1),
    (-1, -2),
    (1, -2),
    (-1, 2),
    (1, 2),
];
const MET_STEPS: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];

fn rook_rays(from: Square, occupied: Bitboard) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut r) = (i32::from(from.file()) + df, i32::from(from.rank()) + dr);
        while let Some(sq) = Square::try_new(f, r) {
            bb |= Bitboard::from_square(sq);
            if occupied.contains(sq) {
                break;
            }
            f += df;
            r += dr;
        }
    }
    bb
}

/// The squares `attacker` covers, with the lone king of the other side taken off the board.
fn covered(pos: &Position, attacker: Color, lone_king: Square) -> Bitboard {
    let occupied = pos.occupied() & !Bitboard::from_square(lone_king);
    let forward = if attacker.is_white() { 1 } else { -1 };
    let khon = [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, forward)];
    let pawn = [(-1, forward), (1, forward)];
    let mut bb = Bitboard::EMPTY;
    for role in Role::ALL {
        for sq in pos.by_piece(Piece {
            color: attacker,
            role,
        }) {
            bb |= match role {
                Role::King => steps(sq, &KING_STEPS),
                Role::Knight => steps(sq, &KNIGHT_STEPS),
                Role::Met => steps(sq, &MET_STEPS),
                Role::Khon => steps(sq, &khon),
                Role::Pawn => steps(sq, &pawn),
                Role::Rook => rook_rays(sq, occupied),
            };
        }
    }
    bb
}

/// The squares the lone king on `king` could walk to through squares not in `covered`.
fn room(king: Square, covered: Bitboard) -> Bitboard {
    let free = !covered | Bitboard::from_square(king);
    let mut reach = Bitboard::from_square(king);
    loop {
        let next = king_spread(reach) & free;
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// Distance from the centre, `0..=6` (Manhattan distance to the nearest of d4, e4, d5, e5).
pub(crate) fn centre_distance(sq: Square) -> i32 {
    let d = |x: i32| if x <= 3 { 3 - x } else { x - 4 };
    d(i32::from(sq.file())) + d(i32::from(sq.rank()))
}

/// Chebyshev distance to the nearest corner, `0..=3`: knights and mets mate in any corner.
fn corner_distance(sq: Square) -> i32 {
    let d = |x: i32| x.min(7 - x);
    d(i32::from(sq.file())).max(d(i32::from(sq.rank())))
}

/// Chebyshev distance between two squares (king steps), `0..=7`.
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

/// How much the drive terms weigh as the count runs, in sixteenths: 16 with no count or at its
/// start, growing linearly to 32 when the count runs out.
#[must_use]
pub(crate) fn urgency(pos: &Position) -> i32 {
    pos.counting().map_or(16, |c| {
        16 + (16 * i32::from(c.ply.min(c.limit_plies))) / i32::from(c.limit_plies.max(1))
    })
}

/// The score in centipawns, from the side of `attacker`, of a position where the other side has
/// only its king and no pawn is on the board; `material` is the attacker's material in
/// centipawns. `None` when the position is not such an ending (the attacker has pawns, or the
/// defender has more than its king).
#[must_use]
pub(crate) fn lone_king(pos: &Position, attacker: Color, material: i32) -> Option<i32> {
    let defender = attacker.other();
    if pos.by_color(defender).count() != 1 || pos.by_role(Role::Pawn).any() {
        return None;
    }
    let m = Material::of(pos, attacker);
    if !can_force_mate(m) {
        // No forced mate: worth little more than a draw, a small edge for having pieces.
        return Some(material / 16);
    }
    let lone = pos.king_square(defender);
    let king = pos.king_square(attacker);
    let cover = covered(pos, attacker, lone);
    let room = room(lone, cover).count() as i32;
    let mut drive = EDGE * centre_distance(lone) - KINGS * distance(king, lone);
    if m.rooks > 0 {
        drive -= ROOM * room;
    } else {
        drive -= SHORT_ROOM * room;
        if m.khons > 0 {
            drive -= khon_drive(pos, attacker, lone);
        } else {
            drive -= CORNER * corner_distance(lone);
        }
        for role in [Role::Khon, Role::Met, Role::Knight] {
            for sq in pos.by_piece(Piece {
                color: attacker,
                role,
            }) {
                drive -= HELPER * distance(sq, lone);
                // A short piece near the lone king with no guard can be trapped and taken.
                if distance(sq, lone) <= 2 && !cover.contains(sq) {
                    drive -= LOOSE;
                }
            }
        }
    }
    Some(WON + material + (drive * urgency(pos) / 16).max(-DRIVE_FLOOR))
}

/// The drive of the khon's mate, as a cost: the lone king's distance to the far rank (the rank
/// the khon moves towards) and to the nearest side file, less a bonus for each khon and met
/// that stands between the lone king and the near side (a wall that pushes it forward).
///
/// The khon mates on a corner of the far side: with the lone king on a8, White's khon on b7
/// (guarded by the king on b6) checks it and its forward step covers b8; on a near corner such
/// as a1 the khon checks from b2 but cannot cover b1, which only a met of the right colour can.
fn khon_drive(pos: &Position, attacker: Color, lone: Square) -> i32 {
    let rank = i32::from(lone.rank());
    let to_far = if attacker.is_white() { 7 - rank } else { rank };
    let file = i32::from(lone.file());
    let mut cost = FAR_RANK * to_far + SIDE_FILE * file.min(7 - file);
    for role in [Role::Khon, Role::Met] {
        for sq in pos.by_piece(Piece {
            color: attacker,
            role,
        }) {
            let behind = if attacker.is_white() {
                sq.rank() < lone.rank()
            } else {
                sq.rank() > lone.rank()
            };
            if behind {
                cost -= WALL;
            }
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Rules::default()).expect("fen")
    }

    #[test]
    fn a_rook_boxes_the_king_in() {
        // The rook on d4, guarded by the king, leaves the lone king the a5..c8 box.
        let p = pos("8/8/1k6/8/3R4/4K3/8/8 b - 32 0 1");
        let lone = p.king_square(Color::Black);
        assert_eq!(room(lone, covered(&p, Color::White, lone)).count(), 12);
        // Unguarded, the rook can be taken: the king's room takes in the whole board but the
        // rook's lines.
        let p = pos("8/8/1k6/8/3R4/8/8/7K b - 32 0 1");
        assert!(room(lone, covered(&p, Color::White, lone)).count() > 40);
    }

    #[test]
    fn the_rooks_ray_passes_through_the_king() {
        // Checked along the 6th rank from a6, the king may not step to g6 either.
        let p = pos("8/8/R4k2/8/8/8/8/7K b - 32 0 1");
        let lone = p.king_square(Color::Black);
        assert!(covered(&p, Color::White, lone).contains("g6".parse().expect("square")));
    }

    #[test]
    fn which_material_wins() {
        let m = |fen: &str| {
            let p = pos(fen);
            can_force_mate(Material::of(&p, Color::White))
        };
        assert!(m("8/8/8/3k4/8/8/8/R6K b - 32 0 1"));
        assert!(m("8/8/8/3k4/8/8/8/B2Q3K b - 88 0 1"));
        assert!(m("8/8/8/3k4/8/8/8/1NQQ3K b - 128 0 1"));
        assert!(!m("8/8/8/3k4/8/8/8/B6K b - 88 0 1"));
        assert!(!m("8/8/8/3k4/8/8/8/NN5K b - 128 0 1"));
    }

    #[test]
    fn a_smaller_box_and_the_edge_score_higher() {
        let score = |fen: &str| lone_king(&pos(fen), Color::White, 520).expect("lone king");
        // The a5..b8 box against the a5..c8 box, the kings as far apart.
        assert!(
            score("8/8/1k6/8/2R5/3K4/8/8 b - 32 0 1") > score("8/8/1k6/8/3R4/4K3/8/8 b - 32 0 1")
        );
        // With a khon and a met, the lone king nearer the far rank.
        assert!(
            score("3k4/8/3K4/8/8/8/8/2BQ4 b - 88 0 1") > score("8/8/8/3k4/8/3K4/8/2BQ4 b - 88 0 1")
        );
        assert_eq!(
            lone_king(&pos("4k3/8/8/3r4/8/8/8/4K3 w - - 0 1"), Color::White, 0),
            None
        );
    }
}
