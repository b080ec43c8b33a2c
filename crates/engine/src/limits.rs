use core::time::Duration;

/// How long a search may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limits {
    /// Search to this depth in plies (1..=64).
    Depth(u8),
    /// Stop after about this many nodes.
    Nodes(u64),
    /// Think for this long, the whole of it (UCI's `go movetime`): time a fixed budget leaves
    /// unused is lost, so the search runs on until the time is up, and the last, unfinished
    /// iteration counts if it has found a better move.
    MoveTime(Duration),
    /// Think at most this long, and less when the best move is obvious: an iteration is not
    /// started after half the time, nor, once the best move has held for a few iterations, after
    /// a quarter or an eighth of it (say a recapture). The playing levels use it, so that an
    /// obvious move is answered at once.
    AtMost(Duration),
    /// Play on a clock: the mover's remaining time, its increment per move, and optionally the
    /// moves left until the next time control.
    Clock {
        /// Time left on the mover's clock.
        remaining: Duration,
        /// Time added after each move.
        increment: Duration,
        /// Moves until the next time control, if the clock has one.
        moves_to_go: Option<u32>,
    },
    /// Until stopped from outside (or the maximum depth).
    Infinite,
}

/// The budget a search derives from [`Limits`] and an optional depth cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Budget {
    pub max_depth: u8,
    pub max_nodes: u64,
    /// Do not start a new iteration after this, or after a fraction of it once the best move
    /// has held (see `search::soft_limit`).
    pub soft_time: Option<Duration>,
    /// Abort the search after this.
    pub hard_time: Option<Duration>,
}

/// The deepest search in plies.
pub const MAX_DEPTH: u8 = 64;

impl Limits {
    pub(crate) fn budget(self) -> Budget {
        let mut b = Budget {
            max_depth: MAX_DEPTH,
            max_nodes: u64::MAX,
            soft_time: None,
            hard_time: None,
        };
        match self {
            Limits::Depth(d) => b.max_depth = d.clamp(1, MAX_DEPTH),
            Limits::Nodes(n) => b.max_nodes = n.max(1),
            Limits::MoveTime(t) => b.hard_time = Some(t),
            Limits::AtMost(t) => {
                // An iteration started after half the time would rarely finish: stop there.
                b.soft_time = Some(t / 2);
                b.hard_time = Some(t);
            }
            Limits::Clock {
                remaining,
                increment,
                moves_to_go,
            } => {
                // Spend a share of the remaining time plus most of the increment, keep a safety
                // margin, and never more than a quarter of what is left.
                let moves = moves_to_go.unwrap_or(30).clamp(1, 50);
                let margin = Duration::from_millis(50).min(remaining / 10);
                let usable = remaining.saturating_sub(margin);
                let target = usable / moves + increment * 3 / 4;
                let hard = (usable / 4).max(target.min(usable));
                let target = target.min(hard);
                b.soft_time = Some(target / 2);
                b.hard_time = Some(hard.min(target * 2));
            }
            Limits::Infinite => {}
        }
        b
    }
}
