//! The typed move box (`#move-input`): what a typed move names in a position, or why it names
//! nothing.
//!
//! # What is read
//! - UCI, in either case: `e3e4`, `e7e8q` (promotion letters `r n b q`: rook, knight, khon,
//!   met). A promotion without its letter asks for the piece, as a click does.
//! - SAN as the rules crate reads it (`Nf4`, `exd6`, `e8=Q`, `Nbd2`), with the signs players
//!   add after a move ignored (`+`, `#`, `!`, `?`, and the evaluation glyphs `±`, `∓`, `⩲`,
//!   `⩱`, `∞`, `=`, `+-`, `-+`), plus kindnesses: a piece letter typed in lower case (`nf4`),
//!   the pieces' own initials `M` (met) and `S` (khon) besides the dialect's `Q` and `B`
//!   (`Me2`, `e8=M`), and any case at all (`BXC4`, `ND2`) when only one move fits: `b` is the
//!   b-file's pawn as SAN says (`bxc4`) and `B` the khon (`Bxc4`); typed in a case that could
//!   be either, the one legal reading is taken, and two legal readings are ambiguous. A pawn
//!   move to the last rank without its piece (`e8` when several are allowed) asks for it.
//!
//! Nothing here plays: [`read`] returns the move, and the page plays it through the same
//! path as a click.

use rules::san::San;
use rules::{Move, Position, Role, SanError, Square, UciMove};

/// What a typed entry names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// This legal move.
    Move(Move),
    /// A promotion from `from` to `to` whose piece is still to be chosen.
    Promotion {
        /// The pawn's square.
        from: Square,
        /// Its square on the last rank.
        to: Square,
    },
}

/// Why a typed entry was not played (the text stays in the box).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// Neither SAN nor UCI.
    NotUnderstood,
    /// Well formed, but no legal move matches.
    Illegal,
    /// Several legal moves match.
    Ambiguous,
    /// It is not the player's turn (the opponent or the AI moves).
    NotYourTurn,
    /// The game is over.
    GameOver,
    /// An earlier position is shown.
    Reviewing,
}

/// The move box's state in the model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEntry {
    /// The last refusal and the text refused; cleared by the next move played.
    pub error: Option<(EntryError, String)>,
    /// Counts the entries taken (played, or sent to the promotion panel): the box is emptied
    /// each time it changes.
    pub taken: u64,
}

/// The move `text` names in `pos`.
///
/// # Errors
/// [`EntryError::NotUnderstood`] for text that is neither SAN nor UCI,
/// [`EntryError::Illegal`] when no legal move matches, [`EntryError::Ambiguous`] when several
/// do (and they are not one promotion's choices).
///
/// ```
/// use rules::{Position, Rules};
/// use web::model::entry::{Entry, EntryError, read};
/// let pos = Position::new(Rules::default());
/// assert_eq!(read(&pos, "Nd2"), Ok(Entry::Move(pos.parse_uci("b1d2").unwrap())));
/// assert_eq!(read(&pos, "E3E4"), Ok(Entry::Move(pos.parse_uci("e3e4").unwrap())));
/// assert_eq!(read(&pos, "e5"), Err(EntryError::Illegal));
/// assert_eq!(read(&pos, "hello"), Err(EntryError::NotUnderstood));
/// ```
pub fn read(pos: &Position, text: &str) -> Result<Entry, EntryError> {
    let text = text.trim().trim_end_matches([
        '+', '#', '!', '?', '±', '∓', '⩲', '⩱', '∞', '=', '-', '−', ' ',
    ]);
    if let Ok(uci) = text.to_ascii_lowercase().parse::<UciMove>() {
        return match uci.to_move(pos) {
            Ok(m) => Ok(Entry::Move(m)),
            Err(_) if uci.promotion.is_none() && promotes(pos, uci.from, uci.to) => {
                Ok(Entry::Promotion {
                    from: uci.from,
                    to: uci.to,
                })
            }
            Err(_) => Err(EntryError::Illegal),
        };
    }
    let exact = read_san(pos, &normalise(text));
    let Err(first) = exact else { return exact };
    if first == EntryError::Ambiguous {
        return exact;
    }
    // Typed in another case than SAN's: every reading of its letters in lower case, the
    // first one as a piece or as a file, that names a move.
    let lower = text.to_lowercase();
    let mut capital = lower.clone();
    if let Some(c) = capital.get_mut(..1) {
        c.make_ascii_uppercase();
    }
    let mut found: Vec<Entry> = Vec::new();
    for reading in [normalise(&lower), normalise(&capital)] {
        if let Ok(e) = read_san(pos, &reading)
            && !found.contains(&e)
        {
            found.push(e);
        }
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(first),
        _ => Err(EntryError::Ambiguous),
    }
}

/// The move the SAN `text` (in the dialect's letters) names in `pos`.
fn read_san(pos: &Position, text: &str) -> Result<Entry, EntryError> {
    let san = San::parse(text).map_err(|_| EntryError::NotUnderstood)?;
    match san.to_move(pos) {
        Ok(m) => Ok(Entry::Move(m)),
        Err(SanError::Ambiguous) if san.role == Role::Pawn && san.promotion.is_none() => {
            // "e8" with several pieces allowed: the pawn is known, its piece is not.
            let choices: Vec<Move> = [Role::Rook, Role::Knight, Role::Khon, Role::Met]
                .into_iter()
                .filter_map(|r| {
                    San {
                        promotion: Some(r),
                        ..san
                    }
                    .to_move(pos)
                    .ok()
                })
                .collect();
            match choices.as_slice() {
                [first, rest @ ..]
                    if rest
                        .iter()
                        .all(|m| (m.from, m.to) == (first.from, first.to)) =>
                {
                    Ok(Entry::Promotion {
                        from: first.from,
                        to: first.to,
                    })
                }
                _ => Err(EntryError::Ambiguous),
            }
        }
        Err(SanError::Ambiguous) => Err(EntryError::Ambiguous),
        Err(SanError::Illegal) => Err(EntryError::Illegal),
    }
}

/// Whether a pawn on `from` promotes by moving to `to`.
fn promotes(pos: &Position, from: Square, to: Square) -> bool {
    pos.legal_moves_from(from)
        .iter()
        .any(|m| m.to == to && m.promotion.is_some())
}

/// The SAN dialect's letters for what a player may type: an upper-case piece letter first
/// (never for `b`: the b-file), `Q` for `M` (met) and `B` for `S` (khon), as the piece or as
/// the promotion's letter (the last letter, after `=` or right after the last rank's digit).
fn normalise(text: &str) -> String {
    let piece = |c: char| match c.to_ascii_uppercase() {
        'M' => 'Q',
        'S' => 'B',
        u => u,
    };
    let mut chars: Vec<char> = text
        .trim_end_matches(['+', '#', '!', '?'])
        .chars()
        .collect();
    if let Some(c) = chars.first_mut()
        && matches!(c.to_ascii_uppercase(), 'K' | 'Q' | 'N' | 'R' | 'M' | 'S')
    {
        *c = piece(*c);
    }
    if let [.., before, last] = chars.as_mut_slice()
        && last.is_ascii_alphabetic()
        && matches!(before, '=' | '1' | '8')
    {
        *last = piece(*last);
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Game, PromotionRule, Rules};

    fn at(fen: &str, rule: PromotionRule) -> Position {
        Game::from_fen(fen, Rules { promotion: rule })
            .expect("a position")
            .position()
            .clone()
    }

    fn uci(pos: &Position, text: &str) -> Result<Entry, EntryError> {
        Ok(Entry::Move(pos.parse_uci(text).expect("legal")))
    }

    #[test]
    fn san_and_uci_name_the_same_moves() {
        let pos = Position::new(Rules::default());
        assert_eq!(read(&pos, "e4"), uci(&pos, "e3e4"));
        assert_eq!(read(&pos, " e3e4 "), uci(&pos, "e3e4"));
        assert_eq!(read(&pos, "Nd2"), uci(&pos, "b1d2"));
        assert_eq!(
            read(&pos, "nd2"),
            uci(&pos, "b1d2"),
            "a lower-case piece letter"
        );
        assert_eq!(read(&pos, "Bc2"), uci(&pos, "c1c2"), "the dialect's khon");
        assert_eq!(read(&pos, "Sc2"), uci(&pos, "c1c2"), "the khon's initial");
        assert_eq!(read(&pos, "Me2"), uci(&pos, "d1e2"), "the met's initial");
        assert_eq!(read(&pos, "Qe2"), uci(&pos, "d1e2"));
    }

    #[test]
    fn any_case_and_the_signs_after_a_move_are_read() {
        let pos = Position::new(Rules::default());
        assert_eq!(read(&pos, "ND2"), uci(&pos, "b1d2"));
        assert_eq!(read(&pos, "E4"), uci(&pos, "e3e4"));
        assert_eq!(
            read(&pos, "bc2"),
            uci(&pos, "c1c2"),
            "no b-pawn goes to c2: the khon"
        );
        for signs in [
            "Nd2+", "Nd2#", "Nd2!?", "Nd2 ±", "Nd2∓", "Nd2⩲", "Nd2 +-", "Nd2-+", "Nd2=",
        ] {
            assert_eq!(read(&pos, signs), uci(&pos, "b1d2"), "{signs}");
        }
        // A b-pawn and a khon can both take on c4: SAN's case decides, another case is
        // ambiguous.
        let pos = at("4k3/8/8/8/2p5/1P1B4/8/4K3 w - - 0 1", PromotionRule::Any);
        assert_eq!(
            read(&pos, "bxc4"),
            uci(&pos, "b3c4"),
            "the b-pawn, as SAN says"
        );
        assert_eq!(read(&pos, "Bxc4"), uci(&pos, "d3c4"), "the khon");
        assert_eq!(read(&pos, "BXC4"), Err(EntryError::Ambiguous));
        // Only the khon can: any case names it.
        let pos = at("4k3/8/8/8/2p5/3B4/8/4K3 w - - 0 1", PromotionRule::Any);
        assert_eq!(read(&pos, "BXC4"), uci(&pos, "d3c4"));
        assert_eq!(read(&pos, "bxc4"), uci(&pos, "d3c4"), "no b-pawn: the khon");
    }

    #[test]
    fn refusals_say_why() {
        let pos = Position::new(Rules::default());
        assert_eq!(read(&pos, "e5"), Err(EntryError::Illegal));
        assert_eq!(read(&pos, "e3e5"), Err(EntryError::Illegal));
        assert_eq!(read(&pos, "Nf4"), Err(EntryError::Illegal));
        assert_eq!(read(&pos, "zz9"), Err(EntryError::NotUnderstood));
        assert_eq!(read(&pos, ""), Err(EntryError::NotUnderstood));
        assert_eq!(read(&pos, "O-O"), Err(EntryError::NotUnderstood));
        // Both rooks reach d1: Rd1 is ambiguous.
        let pos = at("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", PromotionRule::Any);
        assert_eq!(read(&pos, "Rd1"), Err(EntryError::Ambiguous));
        assert_eq!(read(&pos, "Rad1"), uci(&pos, "a1d1"));
    }

    #[test]
    fn a_promotion_is_named_or_asked_for() {
        let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        let pos = at(fen, PromotionRule::Any);
        assert_eq!(read(&pos, "b8=R"), uci(&pos, "b7b8r"));
        assert_eq!(read(&pos, "b8=M"), uci(&pos, "b7b8q"));
        assert_eq!(read(&pos, "b8m"), uci(&pos, "b7b8q"));
        assert_eq!(read(&pos, "b8S"), uci(&pos, "b7b8b"));
        assert_eq!(read(&pos, "b7b8n"), uci(&pos, "b7b8n"));
        let asked = Ok(Entry::Promotion {
            from: "b7".parse().expect("a square"),
            to: "b8".parse().expect("a square"),
        });
        assert_eq!(read(&pos, "b8"), asked);
        assert_eq!(read(&pos, "b7b8"), asked);
        // Met only: the pawn's one choice needs no letter.
        let pos = at(fen, PromotionRule::MetOnly);
        assert_eq!(read(&pos, "b8"), uci(&pos, "b7b8q"));
        assert_eq!(read(&pos, "b8=R"), Err(EntryError::Illegal));
    }
}
