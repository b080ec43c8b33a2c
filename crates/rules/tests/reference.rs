//! Every case of `shared/reference/` (read in place, beside the project): perft counts with a
//! node limit, game outcomes with the FEN after the last move, and SAN.

use std::path::PathBuf;

use rules::{DrawClaim, Game, Position, Rules, perft, pgn};
use serde_json::Value;

/// Perft depths whose leaf count exceeds this are left to the benchmark.
const NODE_LIMIT: u64 = 2_000_000;

fn reference(name: &str) -> Value {
    let dir = std::env::var_os("ASEAN_REFERENCE_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference"),
        PathBuf::from,
    );
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (set ASEAN_REFERENCE_DIR)",
            path.display()
        )
    });
    serde_json::from_str(&text).expect("reference file is JSON")
}

#[test]
fn perft_matches_reference() {
    let data = reference("perft.json");
    let mut checked = 0;
    for p in data["positions"].as_array().expect("positions") {
        let name = p["name"].as_str().expect("name");
        let pos = Position::from_fen(p["fen"].as_str().expect("fen"), Rules::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci()).collect();
        legal.sort();
        let mut expected: Vec<String> = p["legal_moves_uci"]
            .as_array()
            .expect("legal moves")
            .iter()
            .map(|m| m.as_str().expect("uci").to_owned())
            .collect();
        expected.sort();
        assert_eq!(legal, expected, "{name}: legal moves");
        let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
        let mut exp_checkers: Vec<String> = p["checkers"]
            .as_array()
            .expect("checkers")
            .iter()
            .map(|s| s.as_str().expect("sq").to_owned())
            .collect();
        exp_checkers.sort();
        assert_eq!(checkers, exp_checkers, "{name}: checkers");
        for (depth, count) in p["perft"].as_object().expect("perft") {
            let depth: u32 = depth.parse().expect("depth");
            let count = count.as_u64().expect("count");
            if count <= NODE_LIMIT {
                assert_eq!(perft(&pos, depth), count, "{name}: perft({depth})");
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} perft counts checked");
}

fn outcome_label(game: &Game) -> &'static str {
    match game.outcome() {
        None => "ongoing",
        Some(o) => match o.label() {
            "dead-position" => "insufficient-material",
            other => other,
        },
    }
}

#[test]
fn outcomes_match_reference() {
    let data = reference("outcomes.json");
    let cases = data["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let mut game = Game::from_fen(case["fen"].as_str().expect("fen"), Rules::default())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let moves = case["moves"].as_array().expect("moves");
        let mut first_terminal = None;
        // Replay every move on a position (the reference keeps replaying after the end) and note
        // the first automatic end the game reports.
        let mut pos = game.position().clone();
        for (i, m) in moves.iter().enumerate() {
            let uci = m.as_str().expect("uci");
            if first_terminal.is_none() && game.is_over() {
                first_terminal = Some((i, outcome_label(&game)));
            }
            if first_terminal.is_none() {
                game.play_uci(uci)
                    .unwrap_or_else(|e| panic!("{id}: move {i} {uci}: {e}"));
            }
            let mv = pos
                .parse_uci(uci)
                .unwrap_or_else(|e| panic!("{id}: move {i} {uci}: {e}"));
            pos.play_unchecked(mv);
        }
        if first_terminal.is_none() && game.is_over() {
            first_terminal = Some((moves.len(), outcome_label(&game)));
        }
        let expected = case["expected"].as_str().expect("expected");
        assert_eq!(
            first_terminal.map_or("ongoing", |t| t.1),
            expected,
            "{id}: outcome"
        );
        assert_eq!(
            first_terminal.map(|t| t.0 as u64),
            case["first_terminal_ply"].as_u64(),
            "{id}: first terminal ply"
        );
        let ff = &case["pyffish"];
        assert_eq!(
            pos.fen(),
            ff["fen_after"].as_str().expect("fen_after"),
            "{id}: fen_after"
        );
        assert_eq!(
            pos.legal_moves().len() as u64,
            ff["legal_move_count"].as_u64().expect("count"),
            "{id}: legal move count"
        );
        assert_eq!(
            pos.is_check(),
            ff["side_to_move_in_check"].as_bool().expect("check"),
            "{id}"
        );
        assert_eq!(
            u64::from(pos.halfmoves()),
            case["rule50_after"].as_u64().expect("rule50"),
            "{id}: 50-move clock"
        );
        for (color, key) in [
            (rules::Color::White, "white"),
            (rules::Color::Black, "black"),
        ] {
            assert_eq!(
                !pos.has_mating_material(color),
                ff["has_insufficient_material"][key]
                    .as_bool()
                    .expect("bool"),
                "{id}: insufficient material of {key}"
            );
        }
        match case["counting"].as_object() {
            None => assert_eq!(pos.counting(), None, "{id}: counting"),
            Some(c) => {
                let counting = pos.counting().unwrap_or_else(|| panic!("{id}: no count"));
                assert_eq!(
                    u64::from(counting.limit_plies),
                    c["limit_plies"].as_u64().expect("l"),
                    "{id}"
                );
                assert_eq!(
                    u64::from(counting.ply),
                    c["ply"].as_u64().expect("p"),
                    "{id}"
                );
            }
        }
        // Repetitions and claims are judged on the final position of a game that reaches it: a
        // game refuses the moves after its end.
        let mut replay =
            Game::from_fen(case["fen"].as_str().expect("fen"), Rules::default()).expect("fen");
        for m in moves {
            if replay.play_uci(m.as_str().expect("uci")).is_err() {
                break;
            }
        }
        assert_eq!(
            replay.moves().len(),
            first_terminal.map_or(moves.len(), |t| t.0),
            "{id}: the game stops at its end"
        );
        if replay.moves().len() == moves.len() {
            assert_eq!(
                u64::from(replay.fifty_move_plies()),
                u64::from(pos.halfmoves()),
                "{id}: the game's 50-move clock"
            );
            assert_eq!(
                replay.repetitions() as u64,
                case["repetitions_of_final_position"]
                    .as_u64()
                    .expect("reps"),
                "{id}: repetitions"
            );
            if !replay.is_over() {
                let mut claims = vec![];
                if replay.can_claim(DrawClaim::FiftyMoves) {
                    claims.push("fifty-move");
                }
                if replay.can_claim(DrawClaim::Threefold) {
                    claims.push("threefold");
                }
                let expected: Vec<&str> = case["claimable"]
                    .as_array()
                    .expect("claimable")
                    .iter()
                    .map(|c| c.as_str().expect("claim"))
                    .collect();
                assert_eq!(claims, expected, "{id}: claimable");
            }
        }
    }
}

#[test]
fn san_matches_reference() {
    let data = reference("san.json");
    for item in data["items"].as_array().expect("items") {
        let fen = item["fen"].as_str().expect("fen");
        let uci = item["uci"].as_str().expect("uci");
        let san = item["san"].as_str().expect("san");
        let pos =
            Position::from_fen(fen, Rules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let m = pos
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        assert_eq!(pos.san(m), san, "{fen} {uci}");
        assert_eq!(pos.parse_san(san), Ok(m), "{fen} {san}: parse");
    }
}

/// Writes `game` with [`pgn::write`], reads it back with [`pgn::read`] (applying the end the
/// result implies) and checks the same moves, outcome and final position.
fn round_trip(id: &str, game: &Game) {
    let end = pgn::End::of(game);
    let text = pgn::write(game, &pgn::Tags::default(), &end);
    assert!(
        text.contains(&format!("[Result \"{}\"]", end.score.token())),
        "{id}: {text}"
    );
    let mut back = pgn::read(&text, game.rules()).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
    assert_eq!(back.score, end.score, "{id}: score");
    assert_eq!(back.termination, Some(end.termination), "{id}: termination");
    assert_eq!(
        back.comment.as_deref().unwrap_or_default(),
        end.comment,
        "{id}: final comment"
    );
    let verdict = back.apply_result();
    if back.game.automatic_outcome().is_some() || end.score == pgn::Score::Unfinished {
        assert_eq!(verdict, pgn::Verdict::Agrees, "{id}: verdict");
    } else {
        assert!(
            matches!(verdict, pgn::Verdict::Implies(_)),
            "{id}: {verdict:?}"
        );
    }
    let uci = |g: &Game| g.moves().iter().map(|m| m.to_uci()).collect::<Vec<_>>();
    assert_eq!(uci(&back.game), uci(game), "{id}: moves");
    assert_eq!(back.game.outcome(), game.outcome(), "{id}: outcome");
    assert_eq!(back.game.initial_fen(), game.initial_fen(), "{id}: start");
    assert_eq!(
        back.game.position().fen(),
        game.position().fen(),
        "{id}: final FEN"
    );
    assert_eq!(
        pgn::write(&back.game, &back.tags, &pgn::End::of(&back.game)),
        text,
        "{id}: written again"
    );
}

#[test]
fn every_reference_game_exports_to_pgn_and_reads_back() {
    let data = reference("outcomes.json");
    let (mut from_fen, mut counted, mut ended_by_players) = (0, 0, 0);
    for case in data["cases"].as_array().expect("cases") {
        let id = case["id"].as_str().expect("id");
        let mut game = Game::from_fen(case["fen"].as_str().expect("fen"), Rules::default())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for m in case["moves"].as_array().expect("moves") {
            if game.is_over() {
                break;
            }
            game.play_uci(m.as_str().expect("uci"))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        if game.initial_fen() != Position::new(Rules::default()).fen() {
            from_fen += 1;
        }
        if game.outcome()
            == Some(rules::Outcome::Draw {
                reason: rules::DrawReason::CountingExpired,
            })
        {
            counted += 1;
        }
        round_trip(id, &game);
        // A game the rules have not ended, ended by the players: each claim that is valid,
        // a resignation of either side and an agreement.
        if !game.is_over() {
            let mut ends = vec![];
            for claim in game.claimable() {
                let mut g = game.clone();
                g.claim_draw(claim).expect("claimable");
                ends.push(g);
            }
            for loser in [rules::Color::White, rules::Color::Black] {
                let mut g = game.clone();
                g.resign(loser).expect("resign");
                ends.push(g);
            }
            let mut g = game.clone();
            g.agree_draw().expect("agree");
            ends.push(g);
            for g in ends {
                round_trip(&format!("{id} ({})", g.outcome().expect("ended")), &g);
                ended_by_players += 1;
            }
        }
    }
    assert!(from_fen > 10, "only {from_fen} games from a FEN");
    assert!(counted > 3, "only {counted} games ended by the count");
    eprintln!(
        "{from_fen} from a FEN, {counted} ended by the count, {ended_by_players} ended by the players"
    );
    assert!(
        ended_by_players > 10,
        "only {ended_by_players} ended by the players"
    );
}
