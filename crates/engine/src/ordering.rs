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

/// What the ordering of one node knows, apart from its table move.
pub(crate) struct OrderingContext<'a> {
    pub(crate) killers: [Option<Move>; 2],
    pub(crate) counter: Option<Move>,
    pub(crate) history: &'a History,
    pub(crate) followed: Followed,
    pub(crate) features: SearchFeatures,
}

/// Hands out moves best-first by selection (the later moves are often never needed). The table
/// move comes first before any other move is scored: when it cuts off, as it mostly does where
/// the table has one, the node pays for no static exchanges or history lookups.
pub(crate) struct MoveOrder {
    moves: Vec<(i32, Move)>,
    /// The table move, until it is handed out.
    tt_move: Option<Move>,
    /// `true` once the moves other than the table move have their scores.
    scored: bool,
}

/// The capture-and-promotion part of a score: victim first, then the cheaper attacker.
fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.piece_at(m.to).map_or(0, |p| value(p.role));
    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
    let promo = m.promotion.map_or(0, |r| value(r) - value(Role::Pawn));
    (victim + promo) * 16 - attacker
}

/// The ordering score of `m`, a move other than the table move.
fn score(pos: &Position, m: Move, ctx: &OrderingContext<'_>) -> i32 {
    if pos.is_capture(m) || m.promotion.is_some() {
        if !ctx.features.contains(SearchFeatures::SEE_ORDERING) || see_ge(pos, m, 0) {
            GOOD_CAPTURE + mvv_lva(pos, m)
        } else {
            BAD_CAPTURE + mvv_lva(pos, m)
        }
    } else if ctx.killers[0] == Some(m) {
        KILLER
    } else if ctx.killers[1] == Some(m) {
        KILLER - 1
    } else if ctx.features.contains(SearchFeatures::CONTINUATION_HISTORY) && ctx.counter == Some(m)
    {
        KILLER - 2
    } else {
        let followed = if ctx.features.contains(SearchFeatures::CONTINUATION_HISTORY) {
            ctx.followed
        } else {
            Followed::default()
        };
        pos.piece_at(m.from).map_or(0, |piece| {
            ctx.history.quiet_score(pos.turn(), piece, m, followed)
        })
    }
}

impl MoveOrder {
    /// The legal `moves` of a node, `tt_move` (if legal there) to come first.
    pub(crate) fn new(moves: &[Move], tt_move: Option<Move>) -> MoveOrder {
        MoveOrder {
            moves: moves.iter().map(|&m| (0, m)).collect(),
            tt_move,
            scored: false,
        }
    }

    /// The best remaining move of `pos` and its ordering score; `ctx` scores the moves after
    /// the table move (it is read once, when the table move has been handed out).
    pub(crate) fn next(
        &mut self,
        pos: &Position,
        ctx: &OrderingContext<'_>,
    ) -> Option<(Move, i32)> {
        if !self.scored {
            if let Some(t) = self.tt_move.take()
                && let Some(i) = self.moves.iter().position(|&(_, m)| m == t)
            {
                self.moves.swap_remove(i);
                return Some((t, TABLE_MOVE));
            }
            for (s, m) in &mut self.moves {
                *s = score(pos, *m, ctx);
            }
            self.scored = true;
        }
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
