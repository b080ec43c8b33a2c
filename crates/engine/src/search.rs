//! Iterative-deepening principal variation search with aspiration windows, quiescence, a
//! transposition table (probed and filled by quiescence too), check extensions, and the pruning
//! and reductions of strong alpha-beta engines: null move (with verification at depth), reverse
//! futility, razoring, futility, late-move pruning, history pruning, static-exchange pruning,
//! late-move reductions from a table, internal iterative reductions, and static evaluations
//! corrected by the correction history ([`crate::correction`]). Each is a switch in
//! [`SearchFeatures`]. They stay on against a lone king too: over the endgame suite and
//! 48 random won positions, each at several node budgets, the forward pruning converted 257 of 280
//! games against 247 of 280 without it (the deeper search outweighs the moves it skips).
//!
//! Draws inside the tree follow the rules of the game: a repeated position (from the game's
//! history or the search path), a 50-move clock at 100 plies (either side could claim), a dead
//! position and an expired count all score 0; a checkmate on the ply that exceeds the count
//! still wins, as in the rules.

use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

use rules::{Color, Move, Piece, Position, Role};

use crate::{
    Clock, Limits,
    correction::Correction,
    eval::{EvalCache, evaluate_cached},
    features::SearchFeatures,
    history::{Followed, HISTORY_MAX, History, PieceTo},
    limits::{Budget, MAX_DEPTH},
    ordering::{Killers, MoveOrder, OrderingContext, order_tactical},
    reductions::{Reductions, late_move_count},
    score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, Score, is_mate},
    see::see_ge,
    tt::{Bound, TranspositionTable},
};

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
    /// Chance per move, in thousandths, of a deliberate blunder: a move that loses
    /// [`BLUNDER_LOSS`] centipawns against the best (seeded like the noise; see
    /// [`crate::Level`]).
    pub blunders_per_mille: u16,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            max_depth: MAX_DEPTH,
            noise_cp: 0,
            seed: 0,
            blunders_per_mille: 0,
        }
    }
}

/// What a deliberate blunder loses against the best move, in centipawns, as a depth-1 search
/// without noise sees it: a pawn and a half to a rook and a half (a piece left hanging, a
/// capture that loses the exchange), never a mate.
pub const BLUNDER_LOSS: core::ops::RangeInclusive<i32> = 150..=750;

/// The search engine: its tables persist between moves of one game.
#[derive(Debug, Clone)]
pub struct Engine {
    tt: TranspositionTable,
    killers: Killers,
    history: History,
    correction: Correction,
    reductions: Reductions,
    /// The evaluations met so far (they do not change between games).
    eval_cache: EvalCache,
    /// How the engine plays.
    pub style: Style,
    /// Which search techniques it uses ([`SearchFeatures::DEFAULT`] unless changed for a match).
    pub features: SearchFeatures,
}

/// What the search keeps per ply of the current line.
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    /// The static evaluation at this ply (`None` in check).
    eval: Option<i32>,
    /// The move played from this ply, as piece and destination (`None`: a null move).
    moved: Option<PieceTo>,
    /// `true` when the move played from this ply was a null move.
    null: bool,
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
    /// The techniques of this search (the engine's).
    features: SearchFeatures,
    stack: Vec<Frame>,
    /// Null moves are tried only from this ply on (raised while a null move is verified).
    null_min_ply: usize,
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

    /// The moves one and two plies before the node at `ply`, for the continuation histories.
    fn followed(&self, ply: usize) -> Followed {
        Followed {
            one: ply.checked_sub(1).and_then(|p| self.stack[p].moved),
            two: ply.checked_sub(2).and_then(|p| self.stack[p].moved),
        }
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16)
    }
}

/// `true` when `side` has a knight, khon or rook: with only pawns, mets and the king, passing
/// would often be the best move (zugzwang), so a null move proves nothing.
fn has_long_pieces(pos: &Position, side: Color) -> bool {
    (pos.by_color(side)
        & (pos.by_role(Role::Knight) | pos.by_role(Role::Khon) | pos.by_role(Role::Rook)))
    .any()
}

/// Margins, in centipawns and plies, of the forward pruning.
mod margin {
    /// Reverse futility: a static evaluation this far above beta at `depth` returns.
    pub(super) fn reverse_futility(depth: i32, improving: bool) -> i32 {
        85 * depth - if improving { 60 } else { 0 }
    }
    /// Reverse futility applies up to this depth.
    pub(super) const REVERSE_FUTILITY_DEPTH: i32 = 8;
    /// Razoring: a static evaluation this far below alpha drops into quiescence.
    pub(super) fn razor(depth: i32) -> i32 {
        300 + 200 * depth
    }
    pub(super) const RAZOR_DEPTH: i32 = 3;
    /// Futility: a quiet move whose position is this far below alpha is skipped.
    pub(super) fn futility(depth: i32) -> i32 {
        100 + 100 * depth
    }
    pub(super) const FUTILITY_DEPTH: i32 = 6;
    pub(super) const LATE_MOVE_DEPTH: i32 = 8;
    /// Static-exchange pruning: a capture losing more than this is skipped.
    pub(super) fn see_capture(depth: i32) -> i32 {
        -100 * depth
    }
    /// Static-exchange pruning: a quiet move losing more than this is skipped.
    pub(super) fn see_quiet(depth: i32) -> i32 {
        -30 * depth * depth
    }
    pub(super) const SEE_DEPTH: i32 = 6;
    /// History pruning: a quiet move whose history score (butterfly and continuations, see
    /// `crate::history`) is below this is skipped.
    pub(super) fn history(depth: i32) -> i32 {
        -(super::HISTORY_MAX / 4) * depth
    }
    pub(super) const HISTORY_DEPTH: i32 = 4;
    /// The first aspiration window's half-width.
    pub(super) const ASPIRATION: i32 = 25;
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MiB (and 1 MiB of cached
    /// evaluations).
    #[must_use]
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(tt_megabytes),
            killers: Killers::default(),
            history: History::default(),
            correction: Correction::default(),
            reductions: Reductions::default(),
            eval_cache: EvalCache::default(),
            style: Style::default(),
            features: SearchFeatures::DEFAULT,
        }
    }

    /// Forgets what earlier searches learnt (call between games).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.correction.clear();
    }

    /// Searches the last position of `game` (the positions of the game so far, oldest first, so
    /// that repetitions count) within `limits`, or until `stop` is set. `on_info` hears about
    /// every completed depth.
    ///
    /// Returns a legal move whenever one exists, even when stopped at once.
    ///
    /// The [`Style`] may be adjusted to the root first (a low level far ahead plays with care:
    /// see [`crate::Level`]); with [`Style::blunders_per_mille`], the move may then be a
    /// deliberate blunder instead of the search's.
    pub fn search(
        &mut self,
        game: &[Position],
        limits: Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_among(game, &[], limits, clock, stop, on_info)
    }

    /// [`Engine::search`] among the moves `only` of the last position of `game` (UCI's
    /// `searchmoves`): the best move and the score are the best of those; empty, or naming no
    /// legal move, is every move. No deliberate blunder is played among chosen moves.
    pub fn search_among(
        &mut self,
        game: &[Position],
        only: &[Move],
        limits: Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let kept = self.style;
        if let Some(root) = game.last() {
            self.style = crate::level::style_at(root, kept);
        }
        let mut result = self.search_styled(game, only, limits, clock, stop, on_info);
        if only.is_empty()
            && let Some(blunder) = self.blunder(game, &result, clock, stop)
        {
            result.best_move = Some(blunder);
            result.pv = vec![blunder];
        }
        self.style = kept;
        result
    }

    /// A deliberate blunder in the last position of `game` instead of `played` (the search's
    /// result), when the style's chance of one falls on this position and a move losing
    /// [`BLUNDER_LOSS`] exists: one of those, chosen by the seed.
    fn blunder(
        &mut self,
        game: &[Position],
        played: &SearchResult,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Option<Move> {
        let style = self.style;
        let root = game.last()?;
        if style.blunders_per_mille == 0 || matches!(played.score, Score::Mate(_)) {
            return None;
        }
        let draw = |salt: u64| {
            let mut h = (root.zobrist() ^ style.seed ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^= h >> 31;
            h.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 11
        };
        if draw(0x0062_6c75_6e64_6572) % 1000 >= u64::from(style.blunders_per_mille) {
            return None;
        }
        if root.legal_moves().len() < 2 {
            return None;
        }
        let scored = self.shallow_scores(game, clock, stop);
        let best = scored.iter().map(|&(_, s)| s).max()?;
        let losing: Vec<Move> = scored
            .iter()
            .filter(|&&(_, s)| BLUNDER_LOSS.contains(&(best - s)))
            .map(|&(m, _)| m)
            .collect();
        if losing.is_empty() {
            return None;
        }
        let pick = usize::try_from(draw(0x7069_636b) % losing.len() as u64).unwrap_or(0);
        losing.get(pick).copied()
    }

    /// Each legal move of the last position of `game` with its score for the side to move as a
    /// plain depth-1 search (with quiescence, no noise) sees the position after it: what a
    /// move gives away ([`BLUNDER_LOSS`] is measured with it). Mates count as ±[`crate::MATE`].
    pub fn shallow_scores(
        &mut self,
        game: &[Position],
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Vec<(Move, i32)> {
        let Some(root) = game.last() else {
            return Vec::new();
        };
        let kept = self.style;
        self.style = Style {
            max_depth: 1,
            noise_cp: 0,
            blunders_per_mille: 0,
            ..kept
        };
        let mut line = game.to_vec();
        let mut scored = Vec::new();
        for m in root.legal_moves() {
            let Ok(next) = root.play(m) else {
                continue;
            };
            line.push(next);
            let reply = self.search_styled(&line, &[], Limits::Depth(1), clock, stop, &mut |_| {});
            line.pop();
            let score = match reply.score {
                Score::Cp(cp) => -cp,
                Score::Mate(n) if n > 0 => -crate::MATE,
                Score::Mate(_) => crate::MATE,
            };
            scored.push((m, score));
        }
        self.style = kept;
        scored
    }

    /// [`Engine::search_among`] with the style as it is.
    fn search_styled(
        &mut self,
        game: &[Position],
        only: &[Move],
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
        let features = self.features;
        let mut ctx = Ctx {
            budget,
            clock,
            stop,
            nodes: 0,
            aborted: false,
            keys,
            root: root_index,
            features,
            stack: vec![Frame::default(); MAX_PLY + 2],
            null_min_ply: 0,
        };
        self.tt.new_search();
        self.killers = Killers::default();
        self.history.age();

        let mut root_moves: Vec<Move> = root.legal_moves().to_vec();
        if root_moves.iter().any(|m| only.contains(m)) {
            root_moves.retain(|m| only.contains(m));
        }
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
        let mut previous = 0;
        for depth in 1..=budget.max_depth {
            let (best, score) = self.aspiration(root, &mut root_moves, depth, previous, &mut ctx);
            if ctx.aborted {
                // A partial iteration counts only if its first (previous best) move was searched
                // and a better move displaced it; it reports nothing (its score is a bound of a
                // part of the moves, and at depth 1 there is no earlier score to report).
                if let Some(best) = best
                    && Some(best) != result.best_move
                {
                    result.best_move = Some(best);
                    result.score = Score::from_internal(score);
                    result.pv = vec![best];
                }
                break;
            }
            previous = score;
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
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) < i32::from(depth)
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

    /// One iteration at the root within aspiration windows around the previous iteration's
    /// score `previous`, widened on each failure until the score falls inside.
    fn aspiration(
        &mut self,
        root: &Position,
        moves: &mut [Move],
        depth: u8,
        previous: i32,
        ctx: &mut Ctx<'_>,
    ) -> (Option<Move>, i32) {
        if !ctx.features.contains(SearchFeatures::ASPIRATION) || depth < 4 || is_mate(previous) {
            return self.search_root(root, moves, depth, -INFINITY, INFINITY, ctx);
        }
        let mut delta = margin::ASPIRATION;
        let mut alpha = (previous - delta).max(-INFINITY);
        let mut beta = (previous + delta).min(INFINITY);
        loop {
            let (best, score) = self.search_root(root, moves, depth, alpha, beta, ctx);
            if ctx.aborted {
                return (best, score);
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return (best, score);
            }
            delta += delta;
            if delta > 1_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// One iteration at the root in the window `alpha..beta`; moves the best move to the front
    /// of `moves`. Returns the move that raised alpha (`None` if none did) and the score
    /// (fail-soft: at most alpha on a fail low).
    fn search_root(
        &mut self,
        root: &Position,
        moves: &mut [Move],
        depth: u8,
        mut alpha: i32,
        beta: i32,
        ctx: &mut Ctx<'_>,
    ) -> (Option<Move>, i32) {
        let original_alpha = alpha;
        let mut best: Option<(usize, Move)> = None;
        let mut best_score = -INFINITY;
        ctx.stack[0].eval = None;
        for (i, &m) in moves.iter().enumerate() {
            let Some(piece) = root.piece_at(m.from) else {
                continue;
            };
            let mut child = root.clone();
            child.play_unchecked(m);
            ctx.keys.push(child.zobrist());
            ctx.stack[0].moved = Some(PieceTo::new(piece, m));
            let d = i32::from(depth) - 1;
            let score = if i == 0 {
                -self.negamax(&child, d, -beta, -alpha, 1, false, ctx)
            } else {
                let s = -self.negamax(&child, d, -alpha - 1, -alpha, 1, true, ctx);
                if s > alpha && s < beta && !ctx.aborted {
                    -self.negamax(&child, d, -beta, -alpha, 1, false, ctx)
                } else {
                    s
                }
            };
            ctx.keys.pop();
            // A move whose search was cut short has no trustworthy score.
            if ctx.aborted {
                break;
            }
            best_score = best_score.max(score);
            if score > alpha {
                alpha = score;
                best = Some((i, m));
                if alpha >= beta {
                    break;
                }
            }
        }
        match best {
            Some((i, m)) => {
                moves[..=i].rotate_right(1);
                let bound = if best_score >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                if !ctx.aborted {
                    self.tt.store(
                        root.zobrist() ^ count_key(root),
                        0,
                        Some(m),
                        best_score,
                        table_depth(root, i32::from(depth)),
                        bound,
                    );
                }
                (Some(m), best_score)
            }
            None => (None, best_score.min(original_alpha)),
        }
    }

    fn evaluate(&mut self, pos: &Position) -> i32 {
        let e = evaluate_cached(pos, &mut self.eval_cache);
        let noise = crate::level::noise_cp(pos, self.style.noise_cp, self.style.max_depth);
        if noise == 0 {
            return e;
        }
        let mut h = (pos.zobrist() ^ self.style.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        let span = (2 * noise + 1) as u64;
        e + (h % span) as i32 - noise
    }

    /// The correction history's correction of `pos`'s static evaluation (0 with the feature
    /// off). Quiescence keeps the raw evaluation: correcting its stand-pat scores lost (−28 ±
    /// 36 Elo at 20,000 nodes a move over 200 games, against +30 ± 37 for the search alone).
    fn correction_of(&self, pos: &Position, features: SearchFeatures) -> i32 {
        if features.contains(SearchFeatures::CORRECTION_HISTORY) {
            self.correction.get(pos)
        } else {
            0
        }
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

    /// The principal variation search below the root. `cut`: a zero-window node expected to
    /// fail high (the later moves of its parent are searched there first).
    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cut: bool,
        ctx: &mut Ctx<'_>,
    ) -> i32 {
        if ctx.check_abort() {
            return 0;
        }
        ctx.nodes += 1;
        let pv = beta - alpha > 1;
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
        if in_check && ctx.features.contains(SearchFeatures::CHECK_EXTENSION) {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, ctx);
        }
        // Mate distance pruning.
        let alpha_floor = -MATE + ply as i32;
        if alpha_floor >= beta {
            return alpha_floor;
        }
        let features = ctx.features;

        let key = pos.zobrist() ^ count_key(pos);
        let entry = self.tt.probe(key, ply);
        if !pv
            && let Some(e) = entry
            && i32::from(e.depth) >= depth
            && let Some(score) = e.cutoff(alpha, beta)
        {
            return score;
        }
        let tt_move = entry.and_then(|e| e.best);

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let side = pos.turn();
        let raw_eval = (!in_check).then(|| self.evaluate(pos));
        let eval = raw_eval.map(|e| e + self.correction_of(pos, features));
        ctx.stack[ply].eval = eval;
        let improving = features.contains(SearchFeatures::IMPROVING)
            && eval.is_some_and(|e| {
                ply < 2
                    || match ctx.stack[ply - 2].eval {
                        Some(before) => e > before,
                        None => true,
                    }
            });

        // The table's score, where its bound says it is the better estimate, stands in for the
        // static evaluation in the pruning of the node.
        let node_eval = match (eval, entry) {
            (Some(e), Some(t))
                if features.contains(SearchFeatures::TT_EVAL) && !is_mate(t.score) =>
            {
                Some(match t.bound {
                    Bound::Exact => t.score,
                    Bound::Lower => e.max(t.score),
                    Bound::Upper => e.min(t.score),
                })
            }
            _ => eval,
        };
        if let Some(eval) = node_eval
            && !pv
            && !is_mate(beta)
        {
            if features.contains(SearchFeatures::REVERSE_FUTILITY)
                && depth <= margin::REVERSE_FUTILITY_DEPTH
                && eval - margin::reverse_futility(depth, improving) >= beta
            {
                return eval;
            }
            if features.contains(SearchFeatures::RAZORING)
                && depth <= margin::RAZOR_DEPTH
                && eval + margin::razor(depth) < alpha
            {
                let v = self.quiesce(pos, alpha, alpha + 1, ply, ctx);
                if ctx.aborted {
                    return 0;
                }
                if v <= alpha {
                    return v;
                }
            }
            if features.contains(SearchFeatures::NULL_MOVE)
                && depth >= 3
                && eval >= beta
                && ply >= ctx.null_min_ply
                && !ctx.stack[ply - 1].null
                && has_long_pieces(pos, side)
            {
                let r = 2 + depth / 5 + ((eval - beta) / 200).min(2);
                let mut child = pos.clone();
                child.play_null();
                ctx.keys.push(child.zobrist());
                ctx.stack[ply].moved = None;
                ctx.stack[ply].null = true;
                let v = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, !cut, ctx);
                ctx.stack[ply].null = false;
                ctx.keys.pop();
                if ctx.aborted {
                    return 0;
                }
                if v >= beta {
                    let v = if is_mate(v) { beta } else { v };
                    if depth < 10 {
                        return v;
                    }
                    // Deep: verify with a reduced search that may not pass in turn.
                    let saved = ctx.null_min_ply;
                    ctx.null_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    let w = self.negamax(pos, depth - r, beta - 1, beta, ply, true, ctx);
                    ctx.null_min_ply = saved;
                    if ctx.aborted {
                        return 0;
                    }
                    if w >= beta {
                        return v;
                    }
                }
            }
        }
        if features.contains(SearchFeatures::IIR) && depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }
        let followed = ctx.followed(ply);
        let mut order = MoveOrder::new(&moves, tt_move);
        let killers = self.killers.get(ply);
        let counter = self.history.counter(followed.one);
        self.killers.clear_from(ply + 1);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: Vec<(Piece, Move)> = Vec::new();
        while let Some((m, order_score)) = order.next(
            pos,
            &OrderingContext {
                killers,
                counter,
                history: &self.history,
                followed,
                features,
            },
        ) {
            let Some(piece) = pos.piece_at(m.from) else {
                continue;
            };
            let quiet = !pos.is_capture(m) && m.promotion.is_none();
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.is_check();
            // Forward pruning, once a move has secured a score above being mated.
            if best_score > -MATE_BOUND && !gives_check {
                if quiet {
                    // With `lmr_depth`, futility and static-exchange pruning look at the node's
                    // depth less the move's late-move reduction (unclamped, at least 1).
                    let prune_depth = if features.contains(SearchFeatures::LMR_DEPTH) {
                        let r = self.reduction(
                            depth,
                            searched,
                            true,
                            pv,
                            improving,
                            in_check,
                            false,
                            order_score,
                            cut,
                            features,
                        );
                        (depth - r).max(1)
                    } else {
                        depth
                    };
                    if features.contains(SearchFeatures::LMP)
                        && depth <= margin::LATE_MOVE_DEPTH
                        && quiets.len() >= late_move_count(depth, improving)
                    {
                        continue;
                    }
                    if features.contains(SearchFeatures::FUTILITY)
                        && !in_check
                        && prune_depth <= margin::FUTILITY_DEPTH
                        && eval.is_some_and(|e| e + margin::futility(prune_depth) <= alpha)
                    {
                        continue;
                    }
                    if features.contains(SearchFeatures::HISTORY_PRUNING)
                        && depth <= margin::HISTORY_DEPTH
                        && order_score < margin::history(depth)
                    {
                        continue;
                    }
                    if features.contains(SearchFeatures::SEE_PRUNING)
                        && prune_depth <= margin::SEE_DEPTH
                        && !see_ge(pos, m, margin::see_quiet(prune_depth))
                    {
                        continue;
                    }
                } else if features.contains(SearchFeatures::SEE_PRUNING)
                    && depth <= margin::SEE_DEPTH
                    && !see_ge(pos, m, margin::see_capture(depth))
                {
                    continue;
                }
            }
            ctx.keys.push(child.zobrist());
            ctx.stack[ply].moved = Some(PieceTo::new(piece, m));
            let new_depth = depth - 1;
            let score = if searched == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, !pv && !cut, ctx)
            } else {
                let reduction = self.reduction(
                    depth,
                    searched,
                    quiet || order_score < 0,
                    pv,
                    improving,
                    in_check,
                    gives_check,
                    order_score,
                    cut,
                    features,
                );
                let reduction = reduction.clamp(0, (new_depth - 1).max(0));
                let mut s = -self.negamax(
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                    ctx,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, !cut, ctx);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false, ctx);
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
                            self.history
                                .update_quiets(side, (piece, m), &quiets, depth, followed);
                        }
                        break;
                    }
                }
            }
            if quiet && quiets.len() < 64 {
                quiets.push((piece, m));
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        if features.contains(SearchFeatures::CORRECTION_HISTORY)
            && let Some(raw) = raw_eval
            && best_move.is_none_or(|m| !pos.is_capture(m) && m.promotion.is_none())
        {
            self.correction.update(pos, depth, raw, best_score, bound);
        }
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

    /// The late-move reduction, in plies, of the `searched`-th move (0-based) at `depth`.
    /// `reducible`: a quiet move or a losing capture; `order_score`: its ordering score.
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn reduction(
        &self,
        depth: i32,
        searched: usize,
        reducible: bool,
        pv: bool,
        improving: bool,
        in_check: bool,
        gives_check: bool,
        order_score: i32,
        cut: bool,
        features: SearchFeatures,
    ) -> i32 {
        if depth < 3 || !reducible {
            return 0;
        }
        if !features.contains(SearchFeatures::LMR_TABLE) {
            // The simple scheme: one ply from the fourth quiet move, two from the ninth.
            return if searched >= 3 && !in_check && !gives_check {
                if searched >= 8 { 2 } else { 1 }
            } else {
                0
            };
        }
        if searched < 2 {
            return 0;
        }
        let mut r = self.reductions.get(depth, searched + 1);
        if pv {
            r -= 1;
        }
        if !improving {
            r += 1;
        }
        if cut && features.contains(SearchFeatures::CUT_NODE_LMR) {
            r += 1;
        }
        if gives_check || in_check {
            r -= 1;
        }
        if order_score >= crate::ordering::KILLER_FLOOR {
            // Killers and the counter-move.
            r -= 1;
        } else if order_score > -HISTORY_MAX * 3 && order_score < HISTORY_MAX * 3 {
            r -= order_score / (HISTORY_MAX / 2);
        }
        r.max(0)
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
        // The table: quiescence's own results (depth 0) and any deeper search's; not while a
        // count runs, since the evaluation then grows with the count's plies (see
        // `endgame::urgency`), which the key tells apart only near the end: a stand-pat score
        // from an earlier move would be compared with fresh ones (and the endgame suite's
        // khon-and-met wins ran out of count).
        let key = pos.zobrist() ^ count_key(pos);
        let use_table = pos.counting().is_none();
        let entry = if use_table {
            self.tt.probe(key, ply)
        } else {
            None
        };
        if let Some(score) = entry.and_then(|e| e.cutoff(alpha, beta)) {
            return score;
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let moves = if in_check {
            let all = pos.legal_moves();
            if all.is_empty() {
                return -MATE + ply as i32;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate(pos);
            }
            all
        } else {
            // Stalemate is the rule's answer for a bare king, or one with only pawns, that
            // cannot move; elsewhere it is too rare to pay a move count at every leaf.
            let side = pos.by_color(pos.turn());
            if (side & !pos.by_role(Role::King) & !pos.by_role(Role::Pawn)).is_empty()
                && !pos.has_legal_moves()
            {
                return 0;
            }
            // Standing pat: the side to move may decline every capture. The captures are
            // generated only when it does not already fail high.
            let stand = self.evaluate(pos);
            if stand >= beta || ply >= MAX_PLY - 1 {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            pos.captures_and_promotions()
        };
        let prune = ctx.features.contains(SearchFeatures::SEE_PRUNING) && !in_check;
        let mut best_move = None;
        for (_, m) in order_tactical(pos, &moves) {
            if prune && !see_ge(pos, m, 0) {
                continue;
            }
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
                    best_move = Some(m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        // A deeper search's entry for this position stays.
        if use_table && entry.is_none_or(|e| e.depth == 0) {
            self.tt.store(key, ply, best_move, best, 0, bound);
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
