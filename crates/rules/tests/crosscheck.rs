//! Random games checked against the reference engine (pyffish 0.0.90), ply by ply: FEN, number
//! of legal moves, insufficient material per side, and the SAN of the move played. The data
//! file is ours (`tests/data/pyffish-random.txt`, made by `tests/data/gen_crosscheck.py`).

use rules::{Color, Position, Rules};

#[test]
fn random_games_agree_with_the_reference_engine() {
    let text = include_str!("data/pyffish-random.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(" | ").collect();
        let [fen, count, ins, uci, san] = f[..] else {
            panic!("malformed line: {line}");
        };
        let pos =
            Position::from_fen(fen, Rules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        assert_eq!(
            pos.legal_moves().len().to_string(),
            count,
            "{fen}: legal move count"
        );
        let ours = format!(
            "{},{}",
            u8::from(!pos.has_mating_material(Color::White)),
            u8::from(!pos.has_mating_material(Color::Black))
        );
        assert_eq!(ours, ins, "{fen}: insufficient material");
        if uci != "-" {
            let m = pos
                .parse_uci(uci)
                .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
            assert_eq!(pos.san(m), san, "{fen} {uci}");
            assert_eq!(pos.parse_san(san), Ok(m), "{fen} {san}");
        }
        checked += 1;
    }
    assert!(checked > 5000, "only {checked} plies");
}
