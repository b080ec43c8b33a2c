//! Static exchange evaluation: what a capture wins or loses once both sides have recaptured on
//! its square with their least valuable attackers, each side free to stop when going on would
//! lose. It orders captures (winning and even exchanges before quiet moves, losing ones after)
//! and prunes captures and quiet moves that lose material in the search and quiescence.
//!
//! Only rooks slide in this game, so the only hidden attackers an exchange uncovers are rooks
//! behind a piece that leaves the rank or file; the rules crate's
//! [`Position::attackers`](rules::Position::attackers) with the shrinking occupancy finds them.
//! Pins and a king's own safety are ignored (a king never captures into an attacked square,
//! though). Promotions count their gain. Values are [`crate::eval::value`], in centipawns.

use rules::{Bitboard, Color, Move, Position, Role};

use crate::eval::value;

/// A king's value in an exchange: no other gain makes up for it.
const KING: i32 = 20_000;

fn see_value(role: Role) -> i32 {
    if role == Role::King {
        KING
    } else {
        value(role)
    }
}

/// `true` when the exchange `m` starts on its square gains at least `threshold` centipawns for
/// the side to move (with a negative threshold: loses at most `-threshold`). `m` must be legal.
///
/// ```text
/// rook takes a pawn defended by a pawn: gain 100, then lose 520  ->  see >= 0 is false
/// ```
pub(crate) fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let Some(mover) = pos.piece_at(m.from) else {
        return false;
    };
    let promotion_gain = m.promotion.map_or(0, |r| value(r) - value(Role::Pawn));
    // `swap`: what the side that captured last stands to lose if the exchange goes on.
    let mut swap = pos.piece_at(m.to).map_or(0, |p| see_value(p.role)) + promotion_gain - threshold;
    if swap < 0 {
        return false;
    }
    swap = see_value(m.promotion.unwrap_or(mover.role)) - swap;
    if swap <= 0 {
        return true;
    }
    let to = m.to;
    let mut occupied = (pos.occupied() ^ Bitboard::from_square(m.from)) | Bitboard::from_square(to);
    let mut side = mover.color;
    // `wins`: whether the mover comes out at or above the threshold if the exchange stops here.
    let mut wins = true;
    loop {
        side = side.other();
        let attackers = (pos.attackers(to, Color::White, occupied)
            | pos.attackers(to, Color::Black, occupied))
            & occupied;
        let ours = attackers & pos.by_color(side);
        let Some((role, from)) = least_valuable(pos, ours) else {
            break;
        };
        wins = !wins;
        if role == Role::King {
            // The king takes only when nothing guards the square any more.
            return if (attackers & pos.by_color(side.other())).any() {
                !wins
            } else {
                wins
            };
        }
        swap = see_value(role) - swap;
        if swap < i32::from(wins) {
            break;
        }
        occupied ^= Bitboard::from_square(from);
    }
    wins
}

/// The least valuable of `attackers` (pieces of one side): its role and square.
fn least_valuable(pos: &Position, attackers: Bitboard) -> Option<(Role, rules::Square)> {
    const ORDER: [Role; 6] = [
        Role::Pawn,
        Role::Met,
        Role::Khon,
        Role::Knight,
        Role::Rook,
        Role::King,
    ];
    ORDER
        .into_iter()
        .find_map(|role| (attackers & pos.by_role(role)).first().map(|sq| (role, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen, Rules::default()).expect("fen");
        let m = pos.parse_uci(uci).expect("legal move");
        see_ge(&pos, m, threshold)
    }

    /// The exact exchange value, found by bisection over the threshold.
    fn value_of(fen: &str, uci: &str) -> i32 {
        let (mut lo, mut hi): (i32, i32) = (-2_000, 2_000);
        while lo < hi {
            let mid = (lo + hi + 1).div_euclid(2);
            if see(fen, uci, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    #[test]
    fn free_piece_wins_its_value() {
        assert_eq!(value_of("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"), 320);
    }

    #[test]
    fn defended_pawn_costs_the_rook() {
        // Rook takes a pawn that a pawn defends: +100 -520.
        assert_eq!(
            value_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            100 - 520
        );
    }

    #[test]
    fn equal_trade_is_even() {
        // Knight takes a knight that a pawn defends.
        assert_eq!(value_of("4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5"), 0);
    }

    #[test]
    fn a_rook_behind_joins_the_exchange() {
        // Rook takes a rook defended by a rook, with a second white rook behind the first.
        let fen = "3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(value_of(fen, "d2d5"), 520);
        // Without the rook behind, black recaptures and white has nothing left: an even trade.
        assert_eq!(value_of("3rk3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 0);
    }

    #[test]
    fn quiet_move_onto_an_attacked_square_loses_the_piece() {
        // Rook to d5, where a pawn takes it.
        assert_eq!(value_of("4k3/8/4p3/8/8/8/8/3RK3 w - - 0 1", "d1d5"), -520);
        assert!(see("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d5", 0));
    }

    #[test]
    fn a_king_does_not_take_a_defended_piece() {
        // Met takes a pawn defended only by the king, and a white pawn guards the met.
        assert_eq!(value_of("8/8/3k4/4p3/3Q1P2/8/8/4K3 w - - 0 1", "d4e5"), 100);
    }

    #[test]
    fn promotion_counts_its_gain() {
        assert_eq!(
            value_of("4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "g2g1q"),
            value(Role::Met) - value(Role::Pawn)
        );
    }
}
