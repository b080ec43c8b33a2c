//! The search's techniques, each one switchable, so that a match can measure what each gains:
//! `match --engine cmd=target/release/asean-engine,nodes=20000 --engine
//! "cmd=target/release/asean-engine,nodes=20000,option.Search Features=all/-lmp"` (the UCI
//! option `Search Features` takes a [`SearchFeatures`] list; `all` is the default set).
//!
//! The engine plays with [`SearchFeatures::DEFAULT`], against a lone king too (see `search.rs`).
//!
//! # Measured and removed
//! Singular extensions (the table move searched one ply deeper when a reduced search with it left
//! out fails well below its score, with the multi-cut when it does not) lost 12 Elo at 20,000
//! nodes a move; they were never on, and are gone.

use core::fmt;
use core::str::FromStr;

bitflags::bitflags! {
    /// Which techniques the search uses, a set of switches.
    ///
    /// In a feature list (the UCI option, [`FromStr`] and [`Display`](fmt::Display)) each
    /// switch is written as its name in lower case with dashes: `null-move`, `lmr-table`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct SearchFeatures: u32 {
        /// Aspiration windows at the root around the previous iteration's score.
        const ASPIRATION = 1;
        /// Null-move pruning (never in check, nor with only pawns, mets and the king).
        const NULL_MOVE = 1 << 1;
        /// Late-move reductions from the logarithmic table (off: one or two plies, as before).
        const LMR_TABLE = 1 << 2;
        /// Late-move pruning of quiet moves at low depth.
        const LMP = 1 << 3;
        /// Futility pruning of quiet moves that cannot raise alpha.
        const FUTILITY = 1 << 4;
        /// Reverse futility: a static evaluation far above beta returns at once.
        const REVERSE_FUTILITY = 1 << 5;
        /// Razoring: a static evaluation far below alpha drops into quiescence.
        const RAZORING = 1 << 6;
        /// Static exchange evaluation to order captures (losing ones after quiet moves).
        const SEE_ORDERING = 1 << 7;
        /// Static exchange evaluation to prune losing captures and quiet moves (search and
        /// quiescence).
        const SEE_PRUNING = 1 << 8;
        /// Counter-move and continuation histories in the ordering of quiet moves.
        const CONTINUATION_HISTORY = 1 << 9;
        /// The "improving" signal (static evaluation above two plies ago) in pruning margins.
        const IMPROVING = 1 << 10;
        /// Internal iterative reduction: one ply less without a table move.
        const IIR = 1 << 11;
        /// The correction history: static evaluations corrected by what searches found for the
        /// same pawn structure.
        const CORRECTION_HISTORY = 1 << 12;
        /// History pruning: at low depth, a quiet move with a bad enough history is skipped.
        const HISTORY_PRUNING = 1 << 13;
        /// The table's score in place of the static evaluation for the node's pruning (reverse
        /// futility, razoring, null move), where its bound says it is the better estimate.
        const TT_EVAL = 1 << 14;
        /// One ply more of late-move reduction at nodes expected to fail high (cut nodes).
        const CUT_NODE_LMR = 1 << 15;
        /// Check extensions: a node in check searches one ply deeper.
        const CHECK_EXTENSION = 1 << 16;
        /// Futility and static-exchange pruning of a quiet move at the node's depth less the
        /// move's late-move reduction, at least 1 (off: at the node's depth).
        const LMR_DEPTH = 1 << 17;
    }
}

impl SearchFeatures {
    /// What the engine plays with (the list word `all`): every technique that gained in a
    /// measured match (the table's score for pruning, the last added: +40 ± 26 Elo over 400
    /// games at 10,000 nodes a move). Four stay off, for want of a measured gain, for the
    /// engine's next measurements: the correction history (+10 ± 26 over 400 games, in two
    /// matches of 200: +30 and −9), history pruning (−2 ± 39 over 200 games), the cut-node
    /// reduction (+16 ± 27 over 400 games at 10,000 nodes) and pruning at the reduced depth
    /// (+3 ± 26, the same). Turning the check extension off measured +6 ± 26 (the same), so it
    /// stays on.
    pub const DEFAULT: SearchFeatures = SearchFeatures::all()
        .difference(SearchFeatures::CORRECTION_HISTORY)
        .difference(SearchFeatures::HISTORY_PRUNING)
        .difference(SearchFeatures::CUT_NODE_LMR)
        .difference(SearchFeatures::LMR_DEPTH);

    /// Each switch with its word in a feature list, in the order of declaration.
    fn words() -> impl Iterator<Item = (String, SearchFeatures)> {
        SearchFeatures::all()
            .iter_names()
            .map(|(name, flag)| (name.to_ascii_lowercase().replace('_', "-"), flag))
    }
}

impl Default for SearchFeatures {
    /// [`SearchFeatures::DEFAULT`].
    fn default() -> SearchFeatures {
        SearchFeatures::DEFAULT
    }
}

/// A feature list that could not be read: the unknown word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFeature(pub String);

impl fmt::Display for UnknownFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<String> = SearchFeatures::words().map(|(w, _)| w).collect();
        write!(
            f,
            "unknown search feature {:?} (known: all, none, {})",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownFeature {}

impl FromStr for SearchFeatures {
    type Err = UnknownFeature;

    /// Reads a list separated by commas or slashes (`/` fits inside the match tool's
    /// comma-separated engine specs), applied left to right: `all` (the default set,
    /// [`SearchFeatures::DEFAULT`]), `none`, a feature's word (on) or `-word` (off).
    /// `all,-lmp` (or `all/-lmp`) is the default set without late-move pruning.
    ///
    /// # Errors
    /// [`UnknownFeature`] with the first word that is none of these.
    ///
    /// ```
    /// use engine::SearchFeatures;
    /// let f: SearchFeatures = "all,-lmp,cut-node-lmr".parse().unwrap();
    /// assert!(!f.contains(SearchFeatures::LMP) && f.contains(SearchFeatures::ASPIRATION));
    /// assert!(f.contains(SearchFeatures::CUT_NODE_LMR));
    /// assert!("all,-nonsense".parse::<SearchFeatures>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<SearchFeatures, UnknownFeature> {
        let mut f = SearchFeatures::empty();
        for word in s.split([',', '/']).map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "all" => f = SearchFeatures::DEFAULT,
                "none" => f = SearchFeatures::empty(),
                _ => {
                    let (on, name) = match word.strip_prefix('-') {
                        Some(n) => (false, n),
                        None => (true, word),
                    };
                    let flag = SearchFeatures::words()
                        .find_map(|(w, flag)| (w == name).then_some(flag))
                        .ok_or_else(|| UnknownFeature(word.to_owned()))?;
                    f.set(flag, on);
                }
            }
        }
        Ok(f)
    }
}

impl fmt::Display for SearchFeatures {
    /// The words of the features that are on, comma-separated (`none` when none is).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on: Vec<String> = SearchFeatures::words()
            .filter_map(|(w, flag)| self.contains(flag).then_some(w))
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
            SearchFeatures::DEFAULT,
            SearchFeatures::empty(),
            SearchFeatures::all(),
            SearchFeatures::DEFAULT - SearchFeatures::NULL_MOVE - SearchFeatures::LMP,
        ] {
            assert_eq!(f.to_string().parse::<SearchFeatures>(), Ok(f));
        }
        let only: SearchFeatures = "none,lmp,iir".parse().expect("list");
        assert_eq!(only, SearchFeatures::LMP | SearchFeatures::IIR);
        assert_eq!(only.to_string(), "lmp,iir");
        assert_eq!("all/-lmp".parse(), "all,-lmp".parse::<SearchFeatures>());
    }

    #[test]
    fn all_is_the_default_set() {
        assert_eq!("all".parse(), Ok(SearchFeatures::DEFAULT));
        assert_eq!(SearchFeatures::default(), SearchFeatures::DEFAULT);
        assert_eq!(
            SearchFeatures::DEFAULT.to_string(),
            "aspiration,null-move,lmr-table,lmp,futility,reverse-futility,razoring,\
             see-ordering,see-pruning,continuation-history,improving,iir,tt-eval,check-extension"
        );
        let off = SearchFeatures::all() - SearchFeatures::DEFAULT;
        assert_eq!(
            off.to_string(),
            "correction-history,history-pruning,cut-node-lmr,lmr-depth"
        );
    }

    #[test]
    fn every_switch_has_its_own_word() {
        let words: Vec<(String, SearchFeatures)> = SearchFeatures::words().collect();
        assert_eq!(words.len(), SearchFeatures::all().iter().count());
        for (w, flag) in &words {
            assert_eq!(flag.bits().count_ones(), 1, "{w}");
            assert_eq!(w.parse(), Ok(*flag), "{w}");
            assert_eq!(
                format!("all,-{w}").parse(),
                Ok(SearchFeatures::DEFAULT - *flag),
                "{w}"
            );
        }
        let err = "all,-singular".parse::<SearchFeatures>();
        assert_eq!(err, Err(UnknownFeature("-singular".to_owned())));
        let message = err.map_err(|e| e.to_string()).expect_err("an unknown word");
        assert!(
            message.starts_with(
                "unknown search feature \"-singular\" (known: all, none, aspiration, null-move,"
            ),
            "{message}"
        );
    }
}
