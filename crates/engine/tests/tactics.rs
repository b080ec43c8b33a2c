//! Tactics of ASEAN chess the engine must solve at a stated depth: mates with khon, met, rook and
//! knight, a winning promotion, and the count. Each mate was confirmed with Fairy-Stockfish
//! (variant asean); the test checks the score and plays the line out against the engine's own
//! best defence until checkmate.

use core::sync::atomic::AtomicBool;

use engine::{Engine, Limits, NoClock, Score};
use rules::{Game, Rules};

fn search(game: &Game, depth: u8) -> engine::SearchResult {
    let mut engine = Engine::new(8);
    engine.search(
        game.positions(),
        Limits::Depth(depth),
        &NoClock,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

/// Asserts a mate in `n` moves found at `depth`, then plays it out against the best defence.
fn assert_mate(fen: &str, n: i32, depth: u8) {
    let mut game = Game::from_fen(fen, Rules::default()).expect("fen");
    let first = search(&game, depth);
    assert_eq!(
        first.score,
        Score::Mate(n),
        "{fen}: score {:?}, pv {:?}",
        first.score,
        first.pv
    );
    for ply in 0..(2 * n - 1) {
        let r = search(&game, depth);
        let m = r
            .best_move
            .unwrap_or_else(|| panic!("{fen}: no move at ply {ply}"));
        game.play(m).expect("engine moves are legal");
    }
    assert!(
        game.position().is_checkmate(),
        "{fen}: not mate after {:?}",
        game.san_moves()
    );
}

#[test]
fn mate_in_one_with_each_piece() {
    assert_mate("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", 1, 3); // rook
    assert_mate("k7/8/BK6/8/8/8/8/8 w - - 0 1", 1, 3); // khon
    assert_mate("k7/Q7/1K2N3/8/8/8/8/8 w - - 0 1", 1, 3); // knight, beside the met
    assert_mate("k7/p2N4/Q1K5/8/8/8/8/8 w - - 0 1", 1, 3); // met
}

#[test]
fn mate_in_two_and_three() {
    assert_mate("1k6/8/2K5/8/8/8/8/7R w - - 0 1", 2, 5); // rook
    assert_mate("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2, 5); // rook, king steps up first
    assert_mate("k7/8/1K6/B7/8/8/8/8 w - - 0 1", 2, 5); // khon
    assert_mate("k7/8/8/1K6/8/8/8/R7 w - - 0 1", 3, 7); // rook
}

#[test]
fn long_mate_with_met_and_knight() {
    // Fairy-Stockfish reports mate in 6 at depth 14 and mate in 5 from depth 22.
    assert_mate("k7/p2N4/2K5/1Q6/8/8/8/8 w - - 0 1", 5, 11);
}

#[test]
fn promotes_to_the_piece_that_wins() {
    // A rook mates at once; a met would leave a dead position (K+met vs K).
    let game = Game::from_fen("k7/6P1/1K6/8/8/8/8/8 w - - 0 1", Rules::default()).expect("fen");
    let r = search(&game, 4);
    assert_eq!(r.best_move.map(|m| m.to_uci()).as_deref(), Some("g7g8r"));
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn met_only_pawn_ending_is_a_dead_draw() {
    // Under met-only the pawn can only become a met: K+met vs K is dead, so no win exists.
    let game = Game::from_fen("k7/6P1/1K6/8/8/8/8/8 w - - 0 1", Rules::LAWS_2011).expect("fen");
    let r = search(&game, 6);
    assert_eq!(r.score, Score::Cp(0), "{:?}", r.pv);
}

#[test]
fn mates_on_the_last_counted_move() {
    // Rook count at ply 31 of 32: mate now is still a win.
    assert_mate("k7/8/1K6/8/8/8/8/2R5 w - 32 31 17", 1, 4);
}

#[test]
fn knows_a_count_that_will_expire() {
    // Mate needs three moves but the count ends after the next two plies: a draw.
    let game = Game::from_fen("k7/8/8/1K6/8/8/8/R7 w - 32 31 17", Rules::default()).expect("fen");
    assert_eq!(search(&game, 8).score, Score::Cp(0));
    // The lone king heads for the count: with 16 moves it would be lost, near the limit it holds.
    let fresh = Game::from_fen("k7/8/8/1K6/8/8/8/R7 w - 32 0 1", Rules::default()).expect("fen");
    assert_eq!(search(&fresh, 8).score, Score::Mate(3));
}
