//! Iterative-deepening principal variation search with quiescence, a transposition table,
//! check extensions and late-move reductions.
//!
//! Draws inside the tree follow the rules of the game: a repeated position (from the game's
//! history or the search path), a 50-move clock at 100 plies (either side could claim), a dead
//! position and an expired count all score 0; a checkmate on the ply that exceeds the count
//! still wins, as in the rules.

use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

use rules::{Move, Position, Role};

use crate::{
    Clock, Limits,
    eval::{evaluate, value},
    limits::{Budget, MAX_DEPTH},
    ordering::{Killers, MoveOrder},
    tt::{Bound, TranspositionTable},
};

/// The score of a mate on the board (minus the plies to reach it).
pub const MATE: i32 = 30_000;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = 32_000;
/// The deepest ply the search reaches, quiescence included.
pub(crate) const MAX_PLY: usize = 128;

/// A score as reported to a user: centipawns, or moves to mate (negative when being mated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated in that many).
    Mate(i32),
}

impl Score {
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// Progress of a search, reported after each completed depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// The depth completed, in plies.
    pub depth: u8,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, or `None` when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// Its score.
    pub score: Score,
    /// The deepest depth completed.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// How the engine plays, apart from the time it gets: see [`crate::Level`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The deepest iteration, in plies.
    pub max_depth: u8,
    /// Amplitude in centipawns of the deterministic noise added to every evaluation (0: none).
    pub noise_cp: i32,
    /// The seed of that noise: the same seed gives the same moves.
    pub seed: u64,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            max_depth: MAX_DEPTH,
            noise_cp: 0,
            seed: 0,
        }
    }
}

/// The search engine: its tables persist between moves of one game.
#[derive(Debug, Clone)]
pub struct Engine {
    tt: TranspositionTable,
    killers: Killers,
    history: Box<[[i32; 64]; 64]>,
    /// How the engine plays.
    pub style: Style,
}

struct Ctx<'a> {
    budget: Budget,
    clock: &'a dyn Clock,
    stop: &'a AtomicBool,
    nodes: u64,
    aborted: bool,
    /// Zobrist keys from the last irreversible move of the game up to the current node.
    keys: Vec<u64>,
    /// The index in `keys` of the root.
    root: usize,
}

impl Ctx<'_> {
    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.budget.max_nodes
            || (self.nodes & 1023 == 0
                && (self.stop.load(Ordering::Relaxed)
                    || self
                        .budget
                        .hard_time
                        .is_some_and(|t| self.clock.elapsed() >= t)))
        {
            self.aborted = true;
        }
        self.aborted
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MiB.
    #[must_use]
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(tt_megabytes),
            killers: Killers::default(),
            history: Box::new([[0; 64]; 64]),
            style: Style::default(),
        }
    }

    /// Forgets what earlier searches learnt (call between games).
    pub fn new_game(&mut self) {
        self.tt.clear();
        *self.history = [[0; 64]; 64];
    }

    /// Searches the last position of `game` (the positions of the game so far, oldest first, so
    /// that repetitions count) within `limits`, or until `stop` is set. `on_info` hears about
    /// every completed depth.
    ///
    /// Returns a legal move whenever one exists, even when stopped at once.
    pub fn search(
        &mut self,
        game: &[Position],
        limits: Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let Some(root) = game.last() else {
            return SearchResult {
                best_move: None,
                score: Score::Cp(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        };
        let mut budget = limits.budget();
        budget.max_depth = budget
            .max_depth
            .min(crate::level::depth_cap(root, self.style.max_depth).max(1));
        let mut keys: Vec<u64> = Vec::with_capacity(256);
        // The game's history since the last irreversible move, oldest first.
        let since = game.iter().rposition(|p| p.halfmoves() == 0).unwrap_or(0);
        keys.extend(game[since..game.len() - 1].iter().map(Position::zobrist));
        keys.push(root.zobrist());
        let root_index = keys.len() - 1;
        let mut ctx = Ctx {
            budget,
            clock,
            stop,
            nodes: 0,
            aborted: false,
            keys,
            root: root_index,
        };
        self.tt.new_search();
        self.killers = Killers::default();
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }

        let mut root_moves: Vec<Move> = root.legal_moves().to_vec();
        let mut result = SearchResult {
            best_move: root_moves.first().copied(),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: root_moves.first().copied().into_iter().collect(),
        };
        if root_moves.len() <= 1 {
            return result;
        }
        // How many iterations in a row the best move has stayed the same.
        let mut stable: u8 = 0;
        for depth in 1..=budget.max_depth {
            let (best, score) = self.search_root(root, &mut root_moves, depth, &mut ctx);
            if ctx.aborted && depth > 1 {
                // A partial iteration counts only if its first (previous best) move was searched
                // and a better move displaced it.
                if let Some(best) = best
                    && Some(best) != result.best_move
                {
                    result.best_move = Some(best);
                    result.score = Score::from_internal(score);
                    result.pv = vec![best];
                }
                break;
            }
            if best.is_some() && best == result.best_move && depth > 1 {
                stable = stable.saturating_add(1);
            } else {
                stable = 0;
            }
            result.best_move = best.or(result.best_move);
            result.score = Score::from_internal(score);
            result.depth = depth;
            result.pv = self.principal_variation(root, depth);
            result.nodes = ctx.nodes;
            on_info(&SearchInfo {
                depth,
                score: result.score,
                nodes: ctx.nodes,
                time: clock.elapsed(),
                pv: result.pv.clone(),
            });
            if ctx.aborted
                || score.abs() >= MATE_BOUND && (MATE - score.abs()) < i32::from(depth)
                || ctx
                    .budget
                    .soft_time
                    .is_some_and(|t| clock.elapsed() >= soft_limit(t, depth, stable))
            {
                break;
            }
        }
        result.nodes = ctx.nodes;
        result
    }

    /// One iteration at the root; moves the best move to the front of `moves`.
    fn search_root(
        &mut self,
        root: &Position,
        moves: &mut [Move],
        depth: u8,
        ctx: &mut Ctx<'_>,
    ) -> (Option<Move>, i32) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(usize, Move)> = None;
        for (i, &m) in moves.iter().enumerate() {
            let mut child = root.clone();
            child.play_unchecked(m);
            ctx.keys.push(child.zobrist());
            let d = i32::from(depth) - 1;
            let score = if i == 0 {
                -self.negamax(&child, d, -beta, -alpha, 1, ctx)
            } else {
                let s = -self.negamax(&child, d, -alpha - 1, -alpha, 1, ctx);
                if s > alpha && !ctx.aborted {
                    -self.negamax(&child, d, -beta, -alpha, 1, ctx)
                } else {
                    s
                }
            };
            ctx.keys.pop();
            // A move whose search was cut short has no trustworthy score.
            if ctx.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((i, m));
            }
        }
        match best {
            Some((i, m)) => {
                moves[..=i].rotate_right(1);
                self.tt.store(
                    root.zobrist() ^ count_key(root),
                    0,
                    Some(m),
                    alpha,
                    table_depth(root, i32::from(depth)),
                    Bound::Exact,
                );
                (Some(m), alpha)
            }
            None => (None, alpha),
        }
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        let e = evaluate(pos);
        let noise = crate::level::noise_cp(pos, self.style.noise_cp, self.style.max_depth);
        if noise == 0 {
            return e;
        }
        let mut h = (pos.zobrist() ^ self.style.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        let span = (2 * noise + 1) as u64;
        e + (h % span) as i32 - noise
    }

    /// Draws by the rules (or by a repetition in the tree) at a node other than the root.
    fn is_draw(pos: &Position, ctx: &Ctx<'_>) -> bool {
        if pos.halfmoves() >= 100 || pos.is_dead() {
            return true;
        }
        // A repetition: the same key earlier within the reversible stretch, same side to move,
        // at the root or after it (a cycle the search can choose), or twice in the game before
        // the root (the third occurrence, which the opponent may claim). A single earlier
        // occurrence in the game is no draw: against a lone king, treating it as one forbids the
        // attacker every position it has seen and sends its king astray.
        let n = ctx.keys.len();
        let window = (pos.halfmoves() as usize).min(n.saturating_sub(1));
        let key = pos.zobrist();
        let mut before_root = 0;
        for back in (2..=window).step_by(2) {
            let i = n - 1 - back;
            if ctx.keys[i] == key {
                if i >= ctx.root {
                    return true;
                }
                before_root += 1;
                if before_root >= 2 {
                    return true;
                }
            }
        }
        false
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        ctx: &mut Ctx<'_>,
    ) -> i32 {
        if ctx.check_abort() {
            return 0;
        }
        ctx.nodes += 1;
        let in_check = pos.is_check();
        if Self::is_draw(pos, ctx) {
            return 0;
        }
        if let Some(score) = expired_count_score(pos, in_check, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, ctx);
        }
        // Mate distance pruning.
        let alpha_floor = -MATE + ply as i32;
        if alpha_floor >= beta {
            return alpha_floor;
        }

        let key = pos.zobrist() ^ count_key(pos);
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && i32::from(e.depth) >= depth
            && beta - alpha == 1
        {
            match e.bound {
                Bound::Exact => return e.score,
                Bound::Lower if e.score >= beta => return e.score,
                Bound::Upper if e.score <= alpha => return e.score,
                _ => {}
            }
        }

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut order = MoveOrder::new(
            pos,
            &moves,
            entry.and_then(|e| e.best),
            &self.killers,
            ply,
            &self.history,
        );
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        while let Some(m) = order.next() {
            let quiet = !pos.is_capture(m) && m.promotion.is_none();
            let mut child = pos.clone();
            child.play_unchecked(m);
            ctx.keys.push(child.zobrist());
            let gives_check = child.is_check();
            let mut reduction = 0;
            if depth >= 3 && searched >= 3 && quiet && !in_check && !gives_check {
                reduction = if searched >= 8 { 2 } else { 1 };
            }
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, ctx)
            } else {
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    ctx,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, ctx);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, ctx);
                }
                s
            };
            ctx.keys.pop();
            searched += 1;
            if ctx.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            self.killers.add(ply, m);
                            let h = &mut self.history[m.from.index()][m.to.index()];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            ply,
            best_move,
            best_score,
            table_depth(pos, depth),
            bound,
        );
        best_score
    }

    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        ctx: &mut Ctx<'_>,
    ) -> i32 {
        if ctx.check_abort() {
            return 0;
        }
        ctx.nodes += 1;
        if pos.is_dead() {
            return 0;
        }
        let in_check = pos.is_check();
        if let Some(score) = expired_count_score(pos, in_check, ply) {
            return score;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let mut best = -INFINITY;
        if !in_check {
            let stand = self.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut tactical: Vec<(i32, Move)> = moves
            .iter()
            .filter(|&&m| in_check || pos.is_capture(m) || m.promotion.is_some())
            .map(|&m| {
                let victim = pos.piece_at(m.to).map_or(0, |p| value(p.role));
                let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
                let promo = m.promotion.map_or(0, |r| value(r) - value(Role::Pawn));
                (victim * 16 + promo * 8 - attacker, m)
            })
            .collect();
        tactical.sort_unstable_by_key(|&(s, _)| -s);
        for (_, m) in tactical {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, ctx);
            if ctx.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The principal variation stored in the table, checked move by move.
    fn principal_variation(&self, root: &Position, depth: u8) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = root.clone();
        let mut seen = Vec::new();
        while pv.len() < usize::from(depth) {
            let key = pos.zobrist() ^ count_key(&pos);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(m) = self.tt.probe(key, 0).and_then(|e| e.best) else {
                break;
            };
            if !pos.is_legal(m) {
                break;
            }
            pos.play_unchecked(m);
            pv.push(m);
        }
        pv
    }
}

/// The score of a position whose count has run out: a draw, unless it is checkmate (mate on
/// the ply that exceeds the count still wins). `None` while no count has expired.
fn expired_count_score(pos: &Position, in_check: bool, ply: usize) -> Option<i32> {
    pos.counting().is_some_and(|c| c.is_expired()).then(|| {
        if in_check && !pos.has_legal_moves() {
            -MATE + ply as i32
        } else {
            0
        }
    })
}

/// Mixes the running count into the table key: the plies left before it runs out, all alike
/// from [`COUNT_HORIZON`] on. Two positions with the same placement and as many plies left are
/// the same for the search; so are two with the horizon or more left, as long as their entries
/// are not deeper than [`table_depth`] allows, so that the table serves from one move to the next
/// (each ply advances the count).
fn count_key(pos: &Position) -> u64 {
    pos.counting().map_or(0, |c| {
        let left = (i64::from(c.limit_plies) - i64::from(c.ply)).clamp(-1, COUNT_HORIZON);
        ((left + 2) as u64).wrapping_mul(0x2545_f491_4f6c_dd1d)
    })
}

/// Plies left on the count from which the table key no longer tells them apart.
const COUNT_HORIZON: i64 = 24;

/// The depth stored in the table for a search of `depth` at `pos`: with the count's horizon or
/// more left, at most half the horizon (a deeper result could depend on the count running out
/// inside its tree, which positions of that key may not share).
fn table_depth(pos: &Position, depth: i32) -> u8 {
    let far = pos
        .counting()
        .is_some_and(|c| i64::from(c.limit_plies) - i64::from(c.ply) >= COUNT_HORIZON);
    let cap = if far { COUNT_HORIZON as i32 / 2 } else { 255 };
    depth.clamp(0, cap) as u8
}

/// When to stop starting iterations, from the budget's soft limit `soft`, the depth just
/// completed and how many iterations in a row the best move has held (`stable`): an obvious
/// or forced move (say a recapture), which holds from the first iterations, is answered in a
/// fraction of the time; a best move that keeps changing gets the whole soft limit.
///
/// ```text
/// stable  < 3: soft        3..=5: soft / 2        >= 6 (depth >= 7): soft / 4
/// ```
pub(crate) fn soft_limit(soft: Duration, depth: u8, stable: u8) -> Duration {
    match stable {
        0..=2 => soft,
        3..=5 => soft / 2,
        _ if depth >= 7 => soft / 4,
        _ => soft / 2,
    }
}
