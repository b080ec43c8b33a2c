//! Rules that the reference corpus does not spell out move by move: claims, resignation,
//! agreement, undo, the met-only setting and error cases.

use rules::{
    ClaimError, Color, DrawClaim, DrawReason, FenError, Game, Outcome, ParseFenError, PlayError,
    Position, PositionError, PromotionRule, Rules, SanError, UciError, WinReason,
};

#[test]
fn threefold_is_claimable_not_automatic() {
    let mut game = Game::new(Rules::default());
    for uci in [
        "b1d2", "b8d7", "d2b1", "d7b8", "b1d2", "b8d7", "d2b1", "d7b8",
    ] {
        assert!(!game.can_claim(DrawClaim::Threefold) || game.repetitions() >= 3);
        game.play_uci(uci).expect("legal");
    }
    assert_eq!(game.repetitions(), 3);
    assert!(!game.is_over(), "repetition never ends the game by itself");
    assert!(game.can_claim(DrawClaim::Threefold));
    assert_eq!(
        game.claim_draw(DrawClaim::FiftyMoves),
        Err(ClaimError::NotClaimable(DrawClaim::FiftyMoves))
    );
    game.claim_draw(DrawClaim::Threefold).expect("valid claim");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Threefold
        })
    );
    assert_eq!(game.play_uci("b1d2"), Err(PlayError::GameOver));
    // Undo takes the claim back first, then moves.
    assert_eq!(game.undo().map(|m| m.to_uci()), Some("d7b8".to_owned()));
    assert!(!game.is_over());
    assert_eq!(game.undo().map(|m| m.to_uci()), Some("d7b8".to_owned()));
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn fifty_move_claim_from_the_clock() {
    let mut game =
        Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", Rules::default()).expect("fen");
    assert!(!game.can_claim(DrawClaim::FiftyMoves));
    game.play_uci("a1a2").expect("legal");
    assert!(game.can_claim(DrawClaim::FiftyMoves));
    assert!(!game.is_over());
}

#[test]
fn resignation_and_agreement() {
    let mut game = Game::new(Rules::default());
    game.resign(Color::White).expect("ongoing");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert!(game.agree_draw().is_err());
    game.undo();
    game.agree_draw().expect("ongoing");
    assert_eq!(game.outcome().map(|o| o.label()), Some("agreement"));
}

#[test]
fn met_only_promotes_to_met_only() {
    let pos = Position::from_fen("k7/6P1/1K6/8/8/8/8/8 w - - 0 1", Rules::LAWS_2011).expect("fen");
    let promos: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.promotion.is_some())
        .map(|m| m.to_uci())
        .collect();
    assert_eq!(promos, ["g7g8q"]);
    assert!(matches!(pos.parse_uci("g7g8r"), Err(UciError::Illegal(_))));
    // Under met-only, a lone pawn is no mating material (it can only become a met).
    let dead = Position::from_fen("k7/8/1K6/8/8/6P1/8/8 w - - 0 1", Rules::LAWS_2011).expect("fen");
    assert!(dead.is_dead());
    let live = Position::from_fen("k7/8/1K6/8/8/6P1/8/8 w - - 0 1", Rules::default()).expect("fen");
    assert!(!live.is_dead());
    assert_eq!(
        PromotionRule::MetOnly.to_string().parse(),
        Ok(PromotionRule::MetOnly)
    );
}

#[test]
fn promotion_needs_a_role() {
    let pos = Position::from_fen("k7/6P1/1K6/8/8/8/8/8 w - - 0 1", Rules::default()).expect("fen");
    assert!(pos.parse_uci("g7g8").is_err(), "promotion is mandatory");
    assert_eq!(pos.parse_san("g8"), Err(SanError::Ambiguous));
    assert_eq!(
        pos.parse_san("g8=R").map(|m| m.to_uci()),
        Ok("g7g8r".to_owned())
    );
    let laws = Position::from_fen("k7/6P1/1K6/8/8/8/8/8 w - - 0 1", Rules::LAWS_2011).expect("fen");
    assert_eq!(
        laws.parse_san("g8").map(|m| m.to_uci()),
        Ok("g7g8q".to_owned())
    );
}

#[test]
fn fen_errors_name_the_field() {
    let r = Rules::default();
    let err = |fen: &str| Position::from_fen(fen, r).expect_err(fen);
    assert_eq!(err(""), FenError::Parse(ParseFenError::Empty));
    assert_eq!(
        err("8/8/8 w - - 0 1"),
        FenError::Parse(ParseFenError::InvalidBoard)
    );
    assert_eq!(
        err("9/8/8/8/8/8/8/8 w"),
        FenError::Parse(ParseFenError::InvalidBoard)
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/7K x"),
        FenError::Parse(ParseFenError::InvalidTurn)
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/7K w KQ"),
        FenError::Parse(ParseFenError::InvalidCastling)
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/7K w - e3"),
        FenError::Parse(ParseFenError::InvalidCounting)
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/7K w - - x"),
        FenError::Parse(ParseFenError::InvalidHalfmoveClock)
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/7K w - - 0 0"),
        FenError::Parse(ParseFenError::InvalidFullmoves)
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/7K w - - 0 1 9"),
        FenError::Parse(ParseFenError::TooManyFields)
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/7K w"),
        FenError::Position(PositionError::MissingKing(Color::Black))
    );
    assert_eq!(
        err("kk6/8/8/8/8/8/8/7K w"),
        FenError::Position(PositionError::TooManyKings(Color::Black))
    );
    assert!(matches!(
        err("k5P1/8/8/8/8/8/8/7K w"),
        FenError::Position(PositionError::PawnOnLastRank(_))
    ));
    assert_eq!(
        err("k7/8/8/8/8/8/P7/R6K w - 32 0 1"),
        FenError::Position(PositionError::InvalidCounting),
        "a count needs a lone king and no pawns"
    );
    // Short FENs are read with default clocks.
    assert_eq!(
        Position::from_fen("k7/8/1K6/8/8/8/8/2R5 w", r)
            .expect("short FEN")
            .fen(),
        "k7/8/1K6/8/8/8/8/2R5 w - - 0 1"
    );
}

#[test]
fn count_starts_only_after_the_attackers_move() {
    // The lone king captures the last pawn: the count is set only after White's next move (as the
    // reference engine does), and that move is counted ply 0.
    let mut game =
        Game::from_fen("8/8/8/8/8/2k5/2P5/R3K3 b - - 0 1", Rules::default()).expect("fen");
    game.play_uci("c3c2").expect("legal");
    assert_eq!(game.position().counting(), None);
    game.play_uci("a1a2").expect("legal");
    assert_eq!(game.position().fen(), "8/8/8/8/8/8/R1k5/4K3 b - 32 0 2");
    game.play_uci("c2b3").expect("legal");
    assert_eq!(game.position().fen(), "8/8/8/8/8/1k6/R7/4K3 w - 32 1 3");
    let c = game.position().counting().expect("count");
    assert_eq!(
        (c.limit_moves(), c.moves_used(), c.limiting_role()),
        (16, 1, rules::Role::Rook)
    );
}

#[test]
fn san_errors() {
    let pos = Position::new(Rules::default());
    assert_eq!(pos.parse_san("O-O"), Err(SanError::Syntax));
    assert_eq!(pos.parse_san("e5"), Err(SanError::Illegal));
    assert_eq!(pos.parse_san("Qd2"), Err(SanError::Illegal));
    assert_eq!(
        pos.parse_san("Qe2+").map(|m| m.to_uci()),
        Ok("d1e2".to_owned())
    );
}

#[test]
fn count_survives_when_the_lone_king_takes_the_last_piece() {
    // Regression: a FEN with a count and two bare kings is valid (the count stays as set).
    let mut game =
        Game::from_fen("8/3k4/3B4/8/8/8/8/1K6 b - 88 3 1", Rules::default()).expect("fen");
    game.play_uci("d7d6").expect("legal");
    assert_eq!(game.position().fen(), "8/8/3k4/8/8/8/8/1K6 w - 88 4 2");
    assert!(Position::from_fen("8/8/3k4/8/8/8/8/1K6 w - 88 4 2", Rules::default()).is_ok());
    assert_eq!(game.outcome().map(|o| o.label()), Some("dead-position"));
}

#[test]
fn a_lone_met_can_help_mate_beside_the_opponents_rook() {
    // Regression, checked with pyffish: in K+R vs K+met the met's side still has mating material
    // (help-mate with the opponent's rook); the position is not dead either way.
    let pos =
        Position::from_fen("4k3/3q4/8/8/8/8/1R6/4K3 b - - 0 4", Rules::default()).expect("fen");
    assert!(pos.has_mating_material(Color::Black));
    assert!(pos.has_mating_material(Color::White));
    assert!(!pos.is_dead());
    // K+met vs K: dead.
    let dead =
        Position::from_fen("4k3/3q4/8/8/8/8/8/4K3 b - - 0 4", Rules::default()).expect("fen");
    assert!(!dead.has_mating_material(Color::Black));
    assert!(dead.is_dead());
}
