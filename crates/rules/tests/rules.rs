//! Rules that the reference corpus does not spell out move by move: claims, resignation,
//! agreement, undo, the met-only setting and error cases.

use rules::{
    ClaimError, Color, DrawClaim, DrawReason, FenError, Game, IllegalMoveError, Move, Outcome,
    ParseFenError, ParseSanError, ParseUciMoveError, PlayError, Position, PositionError,
    PromotionRule, ReadSanError, ReadUciError, Rules, SanError, UciMove, WinReason, san::San,
};

#[test]
fn threefold_is_claimable_not_automatic() {
    let mut game = Game::new(Rules::default());
    // Each position comes back four plies later: the start position after the 4th and the 8th
    // ply, the others once from the 5th.
    for (uci, repetitions) in [
        ("b1d2", 1),
        ("b8d7", 1),
        ("d2b1", 1),
        ("d7b8", 2),
        ("b1d2", 2),
        ("b8d7", 2),
        ("d2b1", 2),
        ("d7b8", 3),
    ] {
        assert!(
            !game.can_claim(DrawClaim::Threefold),
            "no claim before {uci}"
        );
        game.play_uci(uci).expect("legal");
        assert_eq!(game.repetitions(), repetitions, "after {uci}");
    }
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
    assert!(matches!(
        pos.parse_uci("g7g8r"),
        Err(ReadUciError::Illegal(_))
    ));
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
    assert_eq!(
        pos.parse_san("g8"),
        Err(ReadSanError::San(SanError::Ambiguous))
    );
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
    // The kings side by side, in every direction, whoever is to move.
    for fen in [
        "8/8/8/3kK3/8/8/8/8 w",
        "8/8/8/3k4/3K4/8/8/8 b",
        "8/8/8/3k4/4K3/8/8/8 w",
        "8/8/8/3k4/2K5/8/8/8 b",
        "7k/6K1/8/8/8/8/8/8 w",
    ] {
        assert!(
            matches!(
                err(fen),
                FenError::Position(PositionError::KingsSideBySide(_, _))
            ),
            "{fen}"
        );
    }
    assert_eq!(
        err("8/8/8/3kK3/8/8/8/8 w").to_string(),
        "illegal position: the kings stand side by side on e5 and d5"
    );
    // One square between them is a position like any other; so is the side not to move in
    // check (a composed position, as the reference accepts it).
    assert!(Position::from_fen("8/8/8/2k1K3/8/8/8/8 w", r).is_ok());
    assert!(Position::from_fen("k7/8/8/8/8/8/8/R6K w", r).is_ok());
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
    // Not SAN, whatever the position.
    for text in ["O-O", "", "e", "e9", "Kx", "Ke2=R", "i3", "Nb1d2e3", "é4"] {
        assert_eq!(San::parse(text), Err(ParseSanError), "{text:?}");
        assert_eq!(
            pos.parse_san(text),
            Err(ReadSanError::Parse(ParseSanError)),
            "{text:?}"
        );
    }
    // SAN, naming no legal move here.
    for text in ["e5", "Qd2", "Nxd2", "exd4"] {
        let san: San = text.parse().expect("SAN");
        assert_eq!(san.to_move(&pos), Err(SanError::Illegal), "{text}");
        assert_eq!(
            pos.parse_san(text),
            Err(ReadSanError::San(SanError::Illegal)),
            "{text}"
        );
    }
    assert_eq!(
        pos.parse_san("Qe2+").map(|m| m.to_uci()),
        Ok("d1e2".to_owned())
    );
    // SAN naming two legal moves: either knight may go to d4.
    let two =
        Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", Rules::default()).expect("fen");
    let nd2: San = "Nd2".parse().expect("SAN");
    assert_eq!(nd2.to_move(&two), Err(SanError::Ambiguous));
    assert_eq!(
        two.parse_san("Nd2"),
        Err(ReadSanError::San(SanError::Ambiguous))
    );
    assert_eq!(
        two.parse_san("Nbd2").map(|m| m.to_uci()),
        Ok("b1d2".to_owned())
    );
    // Each kind of error says so in words, for logs.
    assert_eq!(ParseSanError.to_string(), "invalid SAN");
    assert_eq!(
        ReadSanError::San(SanError::Ambiguous).to_string(),
        "this SAN matches several legal moves"
    );
}

#[test]
fn uci_errors() {
    let pos = Position::new(Rules::default());
    // Not a UCI move, whatever the position.
    for text in [
        "", "e3", "e3e", "e3e9", "i3e4", "E3E4", "e3e4k", "e7e8Q", "e3e4r5", "0000",
    ] {
        assert_eq!(text.parse::<UciMove>(), Err(ParseUciMoveError), "{text:?}");
        assert_eq!(
            pos.parse_uci(text),
            Err(ReadUciError::Parse(ParseUciMoveError)),
            "{text:?}"
        );
    }
    // A UCI move, not legal here: a pawn's double step, a missing piece, a promotion letter
    // on a move that does not promote.
    for text in ["e3e5", "e4e5", "e3e4r"] {
        let uci: UciMove = text.parse().expect("a UCI move");
        let illegal = IllegalMoveError(Move::from(uci));
        assert_eq!(uci.to_move(&pos), Err(illegal), "{text}");
        assert_eq!(
            pos.parse_uci(text),
            Err(ReadUciError::Illegal(illegal)),
            "{text}"
        );
        assert_eq!(pos.play(Move::from(uci)), Err(illegal), "{text}");
        assert_eq!(illegal.to_string(), format!("illegal move {text}"));
    }
    assert_eq!(
        ParseUciMoveError.to_string(),
        "invalid UCI move (expected e.g. e3e4 or a7a8r)"
    );
}

#[test]
fn play_errors_say_which_step_refused_the_move() {
    let mut game = Game::new(Rules::default());
    assert_eq!(
        game.play_uci("e3e9"),
        Err(PlayError::Move(ReadUciError::Parse(ParseUciMoveError)))
    );
    let e3e5 = Move::from("e3e5".parse::<UciMove>().expect("a UCI move"));
    assert_eq!(
        game.play_uci("e3e5"),
        Err(PlayError::Move(ReadUciError::Illegal(IllegalMoveError(
            e3e5
        ))))
    );
    assert_eq!(
        game.play(e3e5),
        Err(PlayError::Move(IllegalMoveError(e3e5)))
    );
    assert_eq!(
        game.play_san("e3-e4"),
        Err(PlayError::Move(ReadSanError::Parse(ParseSanError)))
    );
    assert_eq!(
        game.play_san("e5"),
        Err(PlayError::Move(ReadSanError::San(SanError::Illegal)))
    );
    assert!(
        game.moves().is_empty(),
        "refused moves leave the game as it was"
    );
    // The same texts, once the game is over, are refused for that first.
    game.resign(Color::White).expect("ongoing");
    assert_eq!(game.play_uci("e3e9"), Err(PlayError::GameOver));
    assert_eq!(game.play_uci("e3e4"), Err(PlayError::GameOver));
    assert_eq!(game.play_san("e3-e4"), Err(PlayError::GameOver));
    assert_eq!(game.play_san("e4"), Err(PlayError::GameOver));
    assert_eq!(
        game.play(Move::from("e3e4".parse::<UciMove>().expect("uci"))),
        Err(PlayError::GameOver)
    );
    assert_eq!(
        PlayError::<ReadSanError>::GameOver.to_string(),
        "the game is over"
    );
    let ambiguous = Game::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", Rules::default());
    let mut ambiguous = ambiguous.expect("fen");
    let refused = ambiguous.play_san("Nd2");
    assert_eq!(
        refused,
        Err(PlayError::Move(ReadSanError::San(SanError::Ambiguous)))
    );
    assert_eq!(
        refused.map_err(|e| e.to_string()),
        Err("this SAN matches several legal moves".to_owned())
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
