//! Property tests: invariants of move generation, notation round trips, and games that never
//! panic, over random games from the start and from random placements.

use proptest::prelude::*;
use rules::{
    Color, DrawClaim, Game, Move, Piece, Position, PromotionRule, Role, Rules, Setup, Square,
};

/// Plays a random game of up to `choices.len()` plies, calling `check` on every position.
fn random_walk(mut pos: Position, choices: &[u16], mut check: impl FnMut(&Position)) {
    for &c in choices {
        check(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(c) % moves.len()];
        pos = pos.play(m).expect("generated moves are legal");
    }
}

fn check_invariants(pos: &Position) {
    let moves = pos.legal_moves();
    assert_eq!(moves.len() as u64, pos.count_legal_moves(), "{pos:?}");
    let us = pos.turn();
    for &m in &moves {
        // Every generated move leaves the mover's king safe and moves one of its own pieces.
        let piece = pos.piece_at(m.from).expect("a piece on the origin");
        assert_eq!(piece.color, us);
        assert!(pos.is_legal(m));
        let after = pos.play(m).expect("legal");
        assert!(
            after
                .attackers_to(after.king_square(us), us.other())
                .is_empty(),
            "{pos:?} {m}: king left in check"
        );
        // Notation round trips.
        assert_eq!(pos.parse_uci(&m.to_uci()), Ok(m));
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "{pos:?} {san}");
        // Promotions happen exactly on the last rank, to an allowed role.
        let last = if us.is_white() { 7 } else { 0 };
        if piece.role == Role::Pawn && m.to.rank() == last {
            assert!(
                pos.rules()
                    .promotion
                    .roles()
                    .contains(&m.promotion.expect("promotion"))
            );
        } else {
            assert_eq!(m.promotion, None);
        }
    }
    // The quiescence moves are exactly the legal captures and promotions, in the same order.
    let tactical: Vec<_> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m) || m.promotion.is_some())
        .collect();
    assert_eq!(pos.captures_and_promotions().to_vec(), tactical, "{pos:?}");
    // A null move (out of check) hands the turn over and keeps the hash incremental.
    if !pos.is_check() {
        let mut null = pos.clone();
        null.play_null();
        assert_eq!(null.turn(), us.other());
        let rebuilt = Position::from_setup(&null.to_setup(), null.rules()).expect("valid");
        assert_eq!(rebuilt.zobrist(), null.zobrist(), "{pos:?}: null move hash");
    }
    // FEN round trip.
    let fen = pos.fen();
    let back = Position::from_fen(&fen, pos.rules()).expect("own FEN reads back");
    assert_eq!(back.fen(), fen);
    assert_eq!(back.zobrist(), pos.zobrist());
    // The incremental hash equals the hash of the same position built from scratch.
    let rebuilt = Position::from_setup(&pos.to_setup(), pos.rules()).expect("valid");
    assert_eq!(rebuilt.zobrist(), pos.zobrist());
}

fn arb_rules() -> impl Strategy<Value = Rules> {
    prop_oneof![Just(PromotionRule::Any), Just(PromotionRule::MetOnly)]
        .prop_map(|promotion| Rules { promotion })
}

/// A random legal-looking placement: two kings plus a handful of other pieces.
fn arb_position() -> impl Strategy<Value = Option<Position>> {
    (
        prop::collection::vec((0u8..64, 0usize..5, any::<bool>()), 0..12),
        0u8..64,
        0u8..64,
        any::<bool>(),
        arb_rules(),
    )
        .prop_map(|(pieces, wk, bk, black, rules)| {
            let mut setup = Setup::empty();
            for (sq, role, white) in pieces {
                let color = if white { Color::White } else { Color::Black };
                setup.board[usize::from(sq)] = Some(Piece {
                    color,
                    role: Role::ALL[role],
                });
            }
            setup.board[usize::from(wk)] = Some(Piece {
                color: Color::White,
                role: Role::King,
            });
            setup.board[usize::from(bk)] = Some(Piece {
                color: Color::Black,
                role: Role::King,
            });
            if black {
                setup.turn = Color::Black;
            }
            Position::from_setup(&setup, rules).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_from_start_keep_invariants(
        rules in arb_rules(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        random_walk(Position::new(rules), &choices, check_invariants);
    }

    #[test]
    fn random_placements_keep_invariants(
        pos in arb_position(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        if let Some(pos) = pos {
            random_walk(pos, &choices, check_invariants);
        }
    }

    #[test]
    fn random_games_never_panic(
        rules in arb_rules(),
        actions in prop::collection::vec((0u8..12, any::<u16>()), 0..300),
    ) {
        let mut game = Game::new(rules);
        for (action, choice) in actions {
            match action {
                0 => { game.undo(); }
                1 => { let _ = game.claim_draw(DrawClaim::Threefold); }
                2 => { let _ = game.claim_draw(DrawClaim::FiftyMoves); }
                3 if choice % 50 == 0 => { let _ = game.resign(game.position().turn()); }
                4 if choice % 50 == 0 => { let _ = game.agree_draw(); }
                _ => {
                    let moves = game.position().legal_moves();
                    if moves.is_empty() {
                        prop_assert!(game.is_over());
                        continue;
                    }
                    let m = moves[usize::from(choice) % moves.len()];
                    match game.play(m) {
                        Ok(()) => {}
                        Err(rules::PlayError::GameOver) => prop_assert!(game.is_over()),
                        Err(e) => prop_assert!(false, "{e}"),
                    }
                }
            }
            prop_assert_eq!(game.repetitions(), repetitions_by_fen(&game));
            let _ = game.outcome();
        }
        // The moves, written in SAN, read back as the same moves.
        for ((pos, san), &m) in game.positions().iter().zip(game.san_moves()).zip(game.moves()) {
            prop_assert_eq!(pos.parse_san(&san), Ok(m), "{}", san);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let pos = Position::new(Rules::default());
        let _ = Position::from_fen(&text, Rules::default());
        let _ = pos.parse_uci(&text);
        let _ = pos.parse_san(&text);
        let _ = text.parse::<Square>();
    }

    #[test]
    fn mutated_fens_never_panic(
        idx in prop::collection::vec((0usize..80, prop::sample::select(
            "pnbqrkPNBQRK12345678/ -wb0123456789x".chars().collect::<Vec<_>>())), 1..6),
        seed_fen in prop::sample::select(vec![
            "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
            "k7/8/1K6/2R5/8/8/8/8 b - 32 5 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w - - 0 1",
        ]),
    ) {
        let mut chars: Vec<char> = seed_fen.chars().collect();
        for (i, ch) in idx {
            if i < chars.len() { chars[i] = ch; } else { chars.push(ch); }
        }
        let fen: String = chars.into_iter().collect();
        if let Ok(pos) = Position::from_fen(&fen, Rules::default()) {
            // Whatever validates must be fully usable.
            for m in pos.legal_moves() {
                let _ = pos.san(m);
                let _ = pos.play(m).expect("legal");
            }
            let game = Game::from_position(pos);
            let _ = game.outcome();
        }
    }

    #[test]
    fn arbitrary_moves_are_refused_cleanly(from in 0u8..64, to in 0u8..64, promo in 0usize..7) {
        let mut game = Game::new(Rules::default());
        let m = Move {
            from: Square::from_index(from).expect("square"),
            to: Square::from_index(to).expect("square"),
            promotion: Role::ALL.get(promo).copied(),
        };
        let legal = game.position().is_legal(m);
        prop_assert_eq!(game.play(m).is_ok(), legal);
        prop_assert_eq!(game.moves().len(), usize::from(legal));
    }
}

/// How often the current position's placement and side to move (the first two fields of its
/// FEN) occur since the last capture or pawn move: what [`Game::repetitions`] counts by hash.
fn repetitions_by_fen(game: &Game) -> usize {
    let placement = |pos: &Position| {
        let fen = pos.fen();
        fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
    };
    let positions = game.positions();
    let since = positions
        .iter()
        .rposition(|p| p.halfmoves() == 0)
        .unwrap_or(0);
    let current = placement(game.position());
    positions[since..]
        .iter()
        .filter(|p| placement(p) == current)
        .count()
}

/// Reads `text` as PGN: it must return, never panic, and an error's line must be in the text.
fn read_pgn_cleanly(text: &str, rules: Rules) {
    match rules::pgn::read(text, rules) {
        Ok(imported) => {
            let mut imported = imported;
            let _ = imported.verdict();
            let _ = imported.apply_result();
            let _ = rules::pgn::write(&imported.game, &imported.tags, &imported.end());
        }
        Err(e) => {
            let lines = text.split(['\n', '\r']).count();
            assert!(
                e.line().is_none_or(|l| (1..=lines).contains(&l)),
                "{e}: {lines} lines"
            );
            assert!(!e.to_string().is_empty());
        }
    }
}

/// A random game written as PGN, with tags and the players' ends.
fn arb_pgn() -> impl Strategy<Value = (String, Game)> {
    (
        arb_rules(),
        prop::collection::vec(any::<u16>(), 0..80),
        0u8..4,
    )
        .prop_map(|(rules, choices, end)| {
            let mut game = Game::new(rules);
            for c in choices {
                let moves = game.position().legal_moves();
                if game.is_over() || moves.is_empty() {
                    break;
                }
                game.play(moves[usize::from(c) % moves.len()])
                    .expect("legal");
            }
            match end {
                0 => {
                    let _ = game.resign(Color::White);
                }
                1 => {
                    let _ = game.agree_draw();
                }
                _ => {}
            }
            let tags = rules::pgn::Tags {
                white: "A \"b\" \\ c".into(),
                extra: vec![("Annotator".into(), "x".into())],
                ..rules::pgn::Tags::default()
            };
            let text = rules::pgn::write(&game, &tags, &rules::pgn::End::of(&game));
            (text, game)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pgn_read_never_panics_on_arbitrary_text(text in any::<String>(), rules in arb_rules()) {
        read_pgn_cleanly(&text, rules);
    }

    #[test]
    fn pgn_read_never_panics_on_pgn_like_text(
        text in "[\\[\\]{}();%$!?.\" \\\\\n\r\tabcdefghKQBNRPx1-8=+#*/\u{feff}]{0,200}",
        rules in arb_rules(),
    ) {
        read_pgn_cleanly(&text, rules);
    }

    #[test]
    fn pgn_reads_back_and_never_panics_when_mutated(
        (text, game) in arb_pgn(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(
            vec!['[', ']', '{', '}', '(', ')', ';', '%', '$', '"', '\\', '\n', '\r', ' ', '.', '1', 'x', 'K', 'e', '*', '#', '\u{e9}']
        )), 0..6),
    ) {
        let back = rules::pgn::read(&text, game.rules()).expect("own PGN reads back");
        prop_assert_eq!(back.game.moves(), game.moves());
        let mut chars: Vec<char> = text.chars().collect();
        for (at, op, ch) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 => chars.insert(i, ch),
                1 if i < chars.len() => { chars.remove(i); }
                _ if i < chars.len() => chars[i] = ch,
                _ => chars.push(ch),
            }
        }
        let mutated: String = chars.into_iter().collect();
        read_pgn_cleanly(&mutated, game.rules());
    }
}
