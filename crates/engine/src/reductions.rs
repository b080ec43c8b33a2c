//! How many plies late-move reductions take off, and after how many quiet moves late-move
//! pruning stops trying the rest.
//!
//! The reduction grows with the logarithms of the remaining depth and of the move's number in
//! the ordering: `ln(depth) * ln(move number) / 2.1`, rounded down, read from a table built once.
//! The search then adjusts it per move (less in principal-variation nodes, for killers and
//! moves with a good history; more when the position is not improving).

/// The deepest depth and the highest move number the table tells apart.
const SIZE: usize = 64;

/// The reduction table: `[depth][move number]`, in plies.
#[derive(Debug, Clone)]
pub(crate) struct Reductions(Box<[[u8; SIZE]; SIZE]>);

impl Default for Reductions {
    fn default() -> Reductions {
        let mut t = Box::new([[0u8; SIZE]; SIZE]);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                let v = (d as f64).ln() * (n as f64).ln() / 2.1;
                *r = v.max(0.0) as u8;
            }
        }
        Reductions(t)
    }
}

impl Reductions {
    /// The base reduction of the `number`-th move (1 = first) at `depth` plies.
    pub(crate) fn get(&self, depth: i32, number: usize) -> i32 {
        let d = (depth.max(0) as usize).min(SIZE - 1);
        let n = number.min(SIZE - 1);
        i32::from(self.0[d][n])
    }
}

/// The number of quiet moves after which late-move pruning skips the remaining quiet moves at
/// `depth` plies (fewer when the position is not improving).
pub(crate) fn late_move_count(depth: i32, improving: bool) -> usize {
    let base = 3 + depth * depth;
    (if improving { base } else { base / 2 }) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let r = Reductions::default();
        assert_eq!(r.get(1, 1), 0);
        assert_eq!(r.get(2, 2), 0);
        assert!(r.get(10, 20) >= 3);
        assert!(r.get(20, 40) > r.get(10, 20));
        for d in 1..40 {
            for n in 1..40 {
                assert!(r.get(d + 1, n) >= r.get(d, n) && r.get(d, n + 1) >= r.get(d, n));
            }
        }
        assert_eq!(r.get(1_000, 1_000), r.get(63, 63));
    }

    #[test]
    fn late_move_pruning_allows_more_moves_when_improving() {
        assert!(late_move_count(3, true) > late_move_count(3, false));
        assert!(late_move_count(4, false) > late_move_count(2, false));
    }
}
