//! Level 1 plays like a beginner who still finishes: it gives material away on about one move in
//! eight where it can (a deliberate blunder, seeded like its noise), the same early and late, and
//! none once far ahead (a rook up), where it plays with care. The figures over whole games come
//! from `match beginner` (README); this checks the mechanism on positions of a game.

use core::sync::atomic::AtomicBool;

use engine::{BLUNDER_LOSS, Engine, Level, Limits, NoClock, Style};
use rules::{Game, Move, Position, Rules};

/// The moves of `pos` that give material away (lose [`BLUNDER_LOSS`] against the best, as
/// [`Engine::shallow_scores`] sees them).
fn giveaways(pos: &Position) -> Vec<Move> {
    let scores =
        Engine::new(1).shallow_scores(std::slice::from_ref(pos), &NoClock, &AtomicBool::new(false));
    let best = scores.iter().map(|&(_, s)| s).max().unwrap_or(0);
    scores
        .into_iter()
        .filter(|&(_, s)| BLUNDER_LOSS.contains(&(best - s)))
        .map(|(m, _)| m)
        .collect()
}

/// The positions of a game two noiseless depth-3 searches play from the start (deterministic).
fn game_positions(plies: usize) -> Vec<Position> {
    let mut game = Game::new(Rules::default());
    let mut engine = Engine::new(4);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let r = engine.search(
            game.positions(),
            Limits::Depth(3),
            &NoClock,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        game.play(r.best_move.expect("a move")).expect("legal");
    }
    game.positions().to_vec()
}

/// How often `style` (over seeds `0..seeds`) plays a giveaway in each of `positions` that has one.
fn giveaway_rate(positions: &[Position], style: impl Fn(u64) -> Style, seeds: u64) -> (u32, u32) {
    let (mut tried, mut given) = (0, 0);
    for pos in positions {
        let away = giveaways(pos);
        if away.is_empty() {
            continue;
        }
        for seed in 0..seeds {
            let mut engine = Engine::new(1);
            engine.style = style(seed);
            let r = engine.search(
                std::slice::from_ref(pos),
                Limits::Depth(64),
                &NoClock,
                &AtomicBool::new(false),
                &mut |_| {},
            );
            tried += 1;
            given += u32::from(r.best_move.is_some_and(|m| away.contains(&m)));
        }
    }
    (tried, given)
}

#[test]
fn level_1_gives_material_away_on_about_one_move_in_eight_where_it_can() {
    let positions = game_positions(40);
    let level = Level::MIN;
    let (tried, given) = giveaway_rate(&positions[10..], |seed| level.style(seed), 40);
    assert!(tried >= 200, "positions with a giveaway at hand: {tried}");
    let rate = f64::from(given) / f64::from(tried);
    println!("level 1 gave material away in {given} of {tried} tries where it could");
    assert!(
        (0.06..=0.2).contains(&rate),
        "level 1 gave material away in {given} of {tried}"
    );
    // Without its deliberate blunders, its noise alone rarely does.
    let (tried0, given0) = giveaway_rate(
        &positions[10..],
        |seed| Style {
            blunders_per_mille: 0,
            ..level.style(seed)
        },
        40,
    );
    assert_eq!(tried0, tried);
    println!("without deliberate blunders: {given0} of {tried0}");
    assert!(
        given0 * 2 < given,
        "the noise alone gave material away in {given0} of {tried0}, with blunders {given}"
    );
}

#[test]
fn level_1_far_ahead_gives_nothing_away() {
    // A position of the game with Black's rooks taken off: White, to move, is far ahead.
    let positions = game_positions(24);
    let pos = positions.last().expect("positions");
    let fen = pos.fen();
    let (board, rest) = fen.split_once(' ').expect("fen");
    let ahead = Position::from_fen(
        &format!("{} {rest}", board.replace('r', "1")),
        Rules::default(),
    )
    .expect("a position without black rooks");
    assert_eq!(ahead.turn(), rules::Color::White);
    assert_eq!(
        ahead.by_role(rules::Role::Rook).count() + 2,
        pos.by_role(rules::Role::Rook).count(),
        "Black had both rooks: {fen}"
    );
    let (tried, given) = giveaway_rate(
        std::slice::from_ref(&ahead),
        |seed| Level::MIN.style(seed),
        100,
    );
    assert_eq!(tried, 100, "a giveaway is at hand in {}", ahead.fen());
    assert_eq!(
        given, 0,
        "far ahead, level 1 gave material away in {given} of 100"
    );
}
