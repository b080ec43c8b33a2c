//! Moves and results in words, as a screen reader says them ("White: knight takes e5, check"),
//! built from the rules' typed values (the piece, its squares, the capture, the check, the
//! mate, the promotion), never from SAN text. The pieces keep the names the text table gives
//! them (khon and met in every language). Pure: no DOM here.

use super::board::{color_name, role_name};
use super::panel::result_key;
use crate::i18n::{Key, Lang};
use crate::model::{Model, Said};
use rules::{Move, Outcome, Position, WinReason};

/// The move `m` of `before` in words, without the side: "knight takes e5, check", "pawn to
/// e8, promotes to met, checkmate". The origin is named only when another piece of the same
/// kind could go to the same square ("knight from b1 to d2").
///
/// ```
/// use rules::{Position, Rules};
/// use web::i18n::Lang;
/// use web::view::speech::move_phrase;
/// let pos = Position::new(Rules::default());
/// let m = pos.parse_uci("b1d2").unwrap();
/// assert_eq!(move_phrase(Lang::En, &pos, m), "knight to d2");
/// ```
pub fn move_phrase(lang: Lang, before: &Position, m: Move) -> String {
    let Some(piece) = before.piece_at(m.from) else {
        return m.to_uci();
    };
    let mut name = role_name(lang, piece.role).to_owned();
    let rival = before.legal_moves().iter().any(|o| {
        o.to == m.to
            && o.from != m.from
            && before
                .piece_at(o.from)
                .is_some_and(|p| p.role == piece.role)
    });
    if rival {
        name = lang.fmt(
            Key::SayPieceFrom,
            &[("piece", &name), ("square", &m.from.to_string())],
        );
    }
    let key = if before.is_capture(m) {
        Key::SayCapture
    } else {
        Key::SayMove
    };
    let mut words = lang.fmt(key, &[("piece", &name), ("square", &m.to.to_string())]);
    if let Some(role) = m.promotion {
        words = lang.fmt(
            Key::SayPromotion,
            &[("move", &words), ("piece", role_name(lang, role))],
        );
    }
    match before.play(m) {
        Ok(after) if after.is_checkmate() => lang.fmt(Key::SayMate, &[("move", &words)]),
        Ok(after) if after.is_check() => lang.fmt(Key::SayCheck, &[("move", &words)]),
        _ => words,
    }
}

/// The move `m` of `before` in words, with the side that played it: "White: knight to d2".
pub fn move_words(lang: Lang, before: &Position, m: Move) -> String {
    lang.fmt(
        Key::SaySide,
        &[
            ("side", color_name(lang, before.turn())),
            ("move", &move_phrase(lang, before, m)),
        ],
    )
}

/// What `#announce` says for the model's last announcement: the move just played (with the
/// draw it makes, if any: stalemate, a dead position, the count's end), or how the game ended.
pub fn announcement(m: &Model) -> Option<String> {
    let lang = m.lang;
    match m.announcement?.said {
        Said::Move(ply) => {
            let i = ply.checked_sub(1)?;
            let before = m.game.positions().get(i)?;
            let mv = *m.game.moves().get(i)?;
            let mut words = move_words(lang, before, mv);
            let last = ply == m.game.moves().len();
            match m.game.automatic_outcome() {
                Some(Outcome::Win {
                    reason: WinReason::Checkmate,
                    ..
                }) => {}
                Some(o) if last => {
                    words.push_str(". ");
                    words.push_str(lang.t(result_key(o)));
                }
                _ => {}
            }
            Some(words)
        }
        Said::Result(result) => Some(lang.t(result_key(result)).to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Game, Rules};

    /// The words of the last move of `moves` played from `fen`.
    fn said(lang: Lang, fen: &str, moves: &[&str]) -> String {
        let mut g = Game::from_fen(fen, Rules::default()).expect("a position");
        for m in moves {
            g.play_uci(m).expect("legal");
        }
        let n = g.moves().len();
        move_words(lang, &g.positions()[n - 1], g.moves()[n - 1])
    }

    const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

    #[test]
    fn moves_captures_checks_and_mates_in_words() {
        assert_eq!(said(Lang::En, START, &["e3e4"]), "White: pawn to e4");
        assert_eq!(
            said(Lang::En, START, &["e3e4", "d6d5", "e4d5"]),
            "White: pawn takes d5"
        );
        // Nd2 Nd7 Nc4 Ne7 Nxd6#: the smothered mate.
        let mate = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];
        assert_eq!(
            said(Lang::En, START, &mate),
            "White: knight takes d6, checkmate"
        );
        assert_eq!(
            said(Lang::Fr, START, &mate),
            "Blancs : cavalier prend en d6, échec et mat"
        );
        assert_eq!(
            said(Lang::Pt, START, &mate),
            "Brancas: cavalo captura em d6, xeque-mate"
        );
        assert_eq!(
            said(Lang::De, START, &mate),
            "Weiß: Springer schlägt auf d6, schachmatt"
        );
        // A rook checks the lone king.
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(said(Lang::En, fen, &["a1a8"]), "White: rook to a8, check");
        assert_eq!(said(Lang::De, fen, &["a1a8"]), "Weiß: Turm nach a8, Schach");
    }

    #[test]
    fn khon_met_promotions_and_origins_keep_their_names() {
        assert_eq!(said(Lang::En, START, &["c1c2"]), "White: khon to c2");
        assert_eq!(said(Lang::Fr, START, &["d1e2"]), "Blancs : met en e2");
        let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            said(Lang::En, fen, &["b7b8q"]),
            "White: pawn to b8, promotes to met"
        );
        assert_eq!(
            said(Lang::Pt, fen, &["b7b8b"]),
            "Brancas: peão para b8, promovido a khon"
        );
        // Two knights reach d2: the origin is named.
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(
            said(Lang::En, fen, &["b1d2"]),
            "White: knight from b1 to d2"
        );
        assert_eq!(
            said(Lang::En, START, &["e3e4", "d6d5"]),
            "Black: pawn to d5"
        );
    }
}
