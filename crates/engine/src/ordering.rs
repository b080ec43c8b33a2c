//! Move ordering: the table's move first, then captures by victim value (least valuable
//! attacker first) and promotions, then the killer moves of this ply, then quiet moves by their
//! history score.

use rules::{Move, Position};

use crate::{eval::value, search::MAX_PLY};

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

    fn get(&self, ply: usize) -> [Option<Move>; 2] {
        self.0.get(ply).copied().unwrap_or([None; 2])
    }
}

/// Hands out moves best-first by selection (the later moves are often never needed).
pub(crate) struct MoveOrder {
    moves: Vec<(i32, Move)>,
}

impl MoveOrder {
    pub(crate) fn new(
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        killers: &Killers,
        ply: usize,
        history: &[[i32; 64]; 64],
    ) -> MoveOrder {
        let k = killers.get(ply);
        let moves = moves
            .iter()
            .map(|&m| {
                let score = if Some(m) == tt_move {
                    1 << 30
                } else if let Some(victim) = pos.piece_at(m.to) {
                    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
                    (1 << 26) + value(victim.role) * 16 - attacker
                } else if let Some(role) = m.promotion {
                    (1 << 26) + value(role)
                } else if k[0] == Some(m) {
                    1 << 25
                } else if k[1] == Some(m) {
                    (1 << 25) - 1
                } else {
                    history[m.from.index()][m.to.index()]
                };
                (score, m)
            })
            .collect();
        MoveOrder { moves }
    }

    pub(crate) fn next(&mut self) -> Option<Move> {
        let (i, _) = self.moves.iter().enumerate().max_by_key(|(_, (s, _))| *s)?;
        Some(self.moves.swap_remove(i).1)
    }
}
