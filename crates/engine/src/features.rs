//! The search's techniques, each one switchable, so that a match can measure what each gains:
//! `match --engine cmd=target/release/asean-engine,nodes=20000 --engine
//! "cmd=target/release/asean-engine,nodes=20000,option.Search Features=all/-lmp"` (the UCI
//! option `Search Features` takes a [`SearchFeatures`] list).
//!
//! The engine plays with [`SearchFeatures::ALL`], against a lone king too (see `search.rs`).

use core::fmt;
use core::str::FromStr;

/// Which techniques the search uses.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchFeatures {
    /// Aspiration windows at the root around the previous iteration's score.
    pub aspiration: bool,
    /// Null-move pruning (never in check, nor with only pawns, mets and the king).
    pub null_move: bool,
    /// Late-move reductions from the logarithmic table (off: one or two plies, as before).
    pub lmr_table: bool,
    /// Late-move pruning of quiet moves at low depth.
    pub lmp: bool,
    /// Futility pruning of quiet moves that cannot raise alpha.
    pub futility: bool,
    /// Reverse futility: a static evaluation far above beta returns at once.
    pub reverse_futility: bool,
    /// Razoring: a static evaluation far below alpha drops into quiescence.
    pub razoring: bool,
    /// Static exchange evaluation to order captures (losing ones after quiet moves).
    pub see_ordering: bool,
    /// Static exchange evaluation to prune losing captures and quiet moves (search and
    /// quiescence).
    pub see_pruning: bool,
    /// Counter-move and continuation histories in the ordering of quiet moves.
    pub continuation: bool,
    /// The "improving" signal (static evaluation above two plies ago) in pruning margins.
    pub improving: bool,
    /// Internal iterative reduction: one ply less without a table move.
    pub iir: bool,
    /// Singular extensions of a table move much better than every other.
    pub singular: bool,
    /// The correction history: static evaluations corrected by what searches found for the
    /// same pawn structure.
    pub correction: bool,
    /// History pruning: at low depth, a quiet move with a bad enough history is skipped.
    pub history_pruning: bool,
    /// The table's score in place of the static evaluation for the node's pruning (reverse
    /// futility, razoring, null move), where its bound says it is the better estimate.
    pub tt_eval: bool,
    /// One ply more of late-move reduction at nodes expected to fail high (cut nodes).
    pub cut_lmr: bool,
    /// Check extensions: a node in check searches one ply deeper.
    pub check_ext: bool,
    /// Futility and static-exchange pruning of a quiet move at the node's depth less the
    /// move's late-move reduction, at least 1 (off: at the node's depth).
    pub lmr_depth: bool,
}

/// The feature names of [`SearchFeatures`], in the order of its fields.
pub const FEATURE_NAMES: [&str; 19] = [
    "aspiration",
    "null",
    "lmr",
    "lmp",
    "futility",
    "rfp",
    "razor",
    "see-order",
    "see-prune",
    "continuation",
    "improving",
    "iir",
    "singular",
    "correction",
    "history-prune",
    "tt-eval",
    "cut-lmr",
    "check-ext",
    "lmr-depth",
];

impl SearchFeatures {
    /// What the engine plays with: every technique that gained in a measured match (the
    /// table's score for pruning, the last added: +40 ± 26 Elo over 400 games at 10,000 nodes a
    /// move). Five stay off, for want of a measured gain: singular extensions (−12 Elo at 20,000
    /// nodes), the correction history (+10 ± 26 over 400 games, in two matches of 200: +30 and
    /// −9), history pruning (−2 ± 39 over 200 games), the cut-node reduction (+16 ± 27 over 400
    /// games at 10,000 nodes) and pruning at the reduced depth (+3 ± 26, the same). Turning the
    /// check extension off measured +6 ± 26 (the same), so it stays on.
    pub const ALL: SearchFeatures = SearchFeatures {
        aspiration: true,
        null_move: true,
        lmr_table: true,
        lmp: true,
        futility: true,
        reverse_futility: true,
        razoring: true,
        see_ordering: true,
        see_pruning: true,
        continuation: true,
        improving: true,
        iir: true,
        singular: false,
        correction: false,
        history_pruning: false,
        tt_eval: true,
        cut_lmr: false,
        check_ext: true,
        lmr_depth: false,
    };

    /// None of the techniques: a plain principal variation search with quiescence, the table,
    /// killers, history and the simple reductions.
    pub const NONE: SearchFeatures = SearchFeatures {
        aspiration: false,
        null_move: false,
        lmr_table: false,
        lmp: false,
        futility: false,
        reverse_futility: false,
        razoring: false,
        see_ordering: false,
        see_pruning: false,
        continuation: false,
        improving: false,
        iir: false,
        singular: false,
        correction: false,
        history_pruning: false,
        tt_eval: false,
        cut_lmr: false,
        check_ext: false,
        lmr_depth: false,
    };

    fn flags_mut(&mut self) -> [&mut bool; 19] {
        [
            &mut self.aspiration,
            &mut self.null_move,
            &mut self.lmr_table,
            &mut self.lmp,
            &mut self.futility,
            &mut self.reverse_futility,
            &mut self.razoring,
            &mut self.see_ordering,
            &mut self.see_pruning,
            &mut self.continuation,
            &mut self.improving,
            &mut self.iir,
            &mut self.singular,
            &mut self.correction,
            &mut self.history_pruning,
            &mut self.tt_eval,
            &mut self.cut_lmr,
            &mut self.check_ext,
            &mut self.lmr_depth,
        ]
    }

    fn flags(self) -> [bool; 19] {
        let mut copy = self;
        copy.flags_mut().map(|f| *f)
    }
}

impl Default for SearchFeatures {
    fn default() -> SearchFeatures {
        SearchFeatures::ALL
    }
}

/// A feature list that could not be read: the unknown word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFeature(pub String);

impl fmt::Display for UnknownFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown search feature {:?} (known: all, none, {})",
            self.0,
            FEATURE_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownFeature {}

impl FromStr for SearchFeatures {
    type Err = UnknownFeature;

    /// Reads a list separated by commas or slashes (`/` fits inside the match tool's
    /// comma-separated engine specs), applied left to right: `all`, `none`, a feature name (on)
    /// or `-name` (off). `all,-lmp` (or `all/-lmp`) is everything but late-move pruning.
    ///
    /// ```
    /// use engine::SearchFeatures;
    /// let f: SearchFeatures = "all,-lmp".parse().unwrap();
    /// assert!(!f.lmp && f.aspiration);
    /// assert!("all,-nonsense".parse::<SearchFeatures>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<SearchFeatures, UnknownFeature> {
        let mut f = SearchFeatures::NONE;
        for word in s.split([',', '/']).map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "all" => f = SearchFeatures::ALL,
                "none" => f = SearchFeatures::NONE,
                _ => {
                    let (on, name) = match word.strip_prefix('-') {
                        Some(n) => (false, n),
                        None => (true, word),
                    };
                    let i = FEATURE_NAMES
                        .iter()
                        .position(|&n| n == name)
                        .ok_or_else(|| UnknownFeature(word.to_owned()))?;
                    *f.flags_mut()[i] = on;
                }
            }
        }
        Ok(f)
    }
}

impl fmt::Display for SearchFeatures {
    /// The names of the features that are on, comma-separated (`none` when none is).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on: Vec<&str> = FEATURE_NAMES
            .iter()
            .zip(self.flags())
            .filter_map(|(n, on)| on.then_some(*n))
            .collect();
        if on.is_empty() {
            write!(f, "none")
        } else {
            write!(f, "{}", on.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_reads_back() {
        for f in [
            SearchFeatures::ALL,
            SearchFeatures::NONE,
            SearchFeatures {
                null_move: false,
                lmp: false,
                ..SearchFeatures::ALL
            },
        ] {
            assert_eq!(f.to_string().parse::<SearchFeatures>(), Ok(f));
        }
        let only: SearchFeatures = "none,lmp,iir".parse().expect("list");
        assert_eq!(only.to_string(), "lmp,iir");
        assert_eq!("all/-lmp".parse(), "all,-lmp".parse::<SearchFeatures>());
    }
}
