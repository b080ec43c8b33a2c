use crate::Position;

/// Counts the leaves of the legal-move tree of depth `depth` (plies) from `pos`.
///
/// No game-end rule (counting, 50-move, repetition, dead position) is applied inside perft, as in
/// the reference. The last ply is counted in bulk without playing the moves.
///
/// ```
/// use rules::{perft, Position, Rules};
/// assert_eq!(perft(&Position::new(Rules::default()), 2), 529);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}
