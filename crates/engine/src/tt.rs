//! The transposition table: one entry per slot, always replaced by a newer or deeper result.
//!
//! Mate scores are stored relative to the node (distance to mate from the stored position) and
//! converted back to the root's distance on probing, so that a mate found through another path
//! keeps its correct length.

use rules::Move;

use crate::score::{MATE, MATE_BOUND};

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

impl Bound {
    /// What the fail-soft `score` of a search in the window `alpha..beta` says: a lower bound
    /// at or above `beta`, an upper bound at or below `alpha`, else the exact value.
    pub(crate) fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Entry {
    /// The stored score when it decides a search in the window `alpha..beta` by itself: an
    /// exact value, a lower bound at or above `beta` or an upper bound at or below `alpha`.
    pub(crate) fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        match self.bound {
            Bound::Exact => Some(self.score),
            Bound::Lower if self.score >= beta => Some(self.score),
            Bound::Upper if self.score <= alpha => Some(self.score),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

/// A fixed-size hash table of search results keyed by the Zobrist hash.
#[derive(Debug, Clone)]
pub struct TranspositionTable {
    slots: Vec<Option<Entry>>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least 1 024 entries).
    #[must_use]
    pub fn new(megabytes: usize) -> TranspositionTable {
        let entries = (megabytes * 1024 * 1024 / size_of::<Option<Entry>>()).max(1024);
        TranspositionTable {
            slots: vec![None; entries],
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(None);
        self.generation = 0;
    }

    /// Marks the start of a new search: entries of older searches are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.slots[self.index(key)]?;
        (e.key == key).then(|| Entry {
            score: score_from_tt(e.score, ply),
            ..e
        })
    }

    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        best: Option<Move>,
        score: i32,
        depth: u8,
        bound: Bound,
    ) {
        let i = self.index(key);
        if let Some(old) = self.slots[i]
            && old.generation == self.generation
            && old.key != key
            && old.depth > depth
        {
            return;
        }
        let best = best.or_else(|| self.slots[i].filter(|o| o.key == key).and_then(|o| o.best));
        self.slots[i] = Some(Entry {
            key,
            best,
            score: score_to_tt(score, ply),
            depth,
            bound,
            generation: self.generation,
        });
    }
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        (score - ply as i32).min(MATE)
    } else if score <= -MATE_BOUND {
        (score + ply as i32).max(-MATE)
    } else {
        score
    }
}
