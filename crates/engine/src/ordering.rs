//! Move ordering, best first: the table's move; captures and promotions that do not lose
//! material by static exchange ([`crate::see`]), most valuable victim first and least valuable
//! attacker first among equals; the two killer moves of the ply and the counter-move to the
//! opponent's last move; the other quiet moves by their history scores ([`crate::history`]);
//! and last the captures that lose material.

use rules::{Move, Position, Role};

use crate::{
    eval::value,
    features::SearchFeatures,
    history::{Followed, History},
    score::MAX_PLY,
    see::see_ge,
};

/// Two quiet moves per ply that recently caused a beta cut-off.
#[derive(Debug, Clone)]
pub(crate) struct Killers(Box<[[Option<Move>; 2]; MAX_PLY]>);

impl Default for Killers {
    fn default() -> Killers {
        Killers(Box::new([[None; 2]; MAX_PLY]))
    }
}

impl Killers {
    pub(crate) fn add(&mut self, ply: usize, m: Move) {
        if let Some(slot) = self.0.get_mut(ply)
            && slot[0] != Some(m)
        {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
    }

    pub(crate) fn get(&self, ply: usize) -> [Option<Move>; 2] {
        self.0.get(ply).copied().unwrap_or([None; 2])
    }

    /// Forgets the killers of the plies below `ply` (their positions belong to another line).
    pub(crate) fn clear_from(&mut self, ply: usize) {
        if let Some(slot) = self.0.get_mut(ply) {
            *slot = [None; 2];
        }
    }
}

const TABLE_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// The lowest ordering score of a killer or counter-move.
pub(crate) const KILLER_FLOOR: i32 = KILLER - 2;
const BAD_CAPTURE: i32 = -(1 << 26);

/// What the ordering of one node knows.
pub(crate) struct OrderingContext<'a> {
    pub(crate) tt_move: Option<Move>,
    pub(crate) killers: [Option<Move>; 2],
    pub(crate) counter: Option<Move>,
    pub(crate) history: &'a History,
    pub(crate) followed: Followed,
    pub(crate) features: SearchFeatures,
}

/// Hands out moves best-first by selection (the later moves are often never needed).
pub(crate) struct MoveOrder {
    moves: Vec<(i32, Move)>,
}

/// The capture-and-promotion part of a score: victim first, then the cheaper attacker.
fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.piece_at(m.to).map_or(0, |p| value(p.role));
    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
    let promo = m.promotion.map_or(0, |r| value(r) - value(Role::Pawn));
    (victim + promo) * 16 - attacker
}

impl MoveOrder {
    pub(crate) fn new(pos: &Position, moves: &[Move], ctx: &OrderingContext<'_>) -> MoveOrder {
        let side = pos.turn();
        let moves = moves
            .iter()
            .map(|&m| {
                let score = if Some(m) == ctx.tt_move {
                    TABLE_MOVE
                } else if pos.is_capture(m) || m.promotion.is_some() {
                    if !ctx.features.see_ordering || see_ge(pos, m, 0) {
                        GOOD_CAPTURE + mvv_lva(pos, m)
                    } else {
                        BAD_CAPTURE + mvv_lva(pos, m)
                    }
                } else if ctx.killers[0] == Some(m) {
                    KILLER
                } else if ctx.killers[1] == Some(m) {
                    KILLER - 1
                } else if ctx.features.continuation && ctx.counter == Some(m) {
                    KILLER - 2
                } else {
                    let followed = if ctx.features.continuation {
                        ctx.followed
                    } else {
                        Followed::default()
                    };
                    pos.piece_at(m.from)
                        .map_or(0, |piece| ctx.history.quiet_score(side, piece, m, followed))
                };
                (score, m)
            })
            .collect();
        MoveOrder { moves }
    }

    /// The best remaining move and its ordering score.
    pub(crate) fn next(&mut self) -> Option<(Move, i32)> {
        let (i, _) = self.moves.iter().enumerate().max_by_key(|(_, (s, _))| *s)?;
        let (s, m) = self.moves.swap_remove(i);
        Some((m, s))
    }
}

/// Quiescence's order: the tactical moves by victim and attacker, `(score, move)` best first.
pub(crate) fn order_tactical(pos: &Position, moves: &[Move]) -> Vec<(i32, Move)> {
    let mut v: Vec<(i32, Move)> = moves.iter().map(|&m| (mvv_lva(pos, m), m)).collect();
    v.sort_unstable_by_key(|&(s, _)| -s);
    v
}
