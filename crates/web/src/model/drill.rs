//! The counting trainer (`#/training/counting`): one drill per way to mate a lone king, each
//! started from a position drawn at the moment the count begins, the AI defending at full
//! strength.
//!
//! A drill is a game against the AI ([`super::AiGame::drill`] names it), saved and resumed as
//! any other; what is the drill's own is derived from that game: its state ([`state`]), the
//! moves left ([`moves_left`]). The player's best result of each drill ([`Records`]) is kept on
//! the device (`asean.drills.v1`).
//!
//! The positions come from `drills.fen`, written by the engine's `asean-drills` (see its docs):
//! each is legal, leaves no piece en prise, and our engine (level 8's style on both sides)
//! mated from it within three quarters of the count.

use rules::{Color, DrawReason, Game, Outcome, WinReason};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The moves of each side after which the lone king claims the 50-move draw.
const FIFTY_MOVES: u16 = 50;

/// The drills' positions: `kind | FEN | moves the engine needed`, one a line.
const POSITIONS: &str = include_str!("drills.fen");

/// A way to mate a lone king, as a drill.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum DrillKind {
    /// King and rook: mate within 16 moves.
    Rook,
    /// King, khon and met: within 44 moves.
    KhonMet,
    /// King, khon and knight: within 44 moves.
    KhonKnight,
    /// King, knight and two mets: within 64 moves (the 50-move claim comes first).
    KnightMets,
    /// King, two knights and a met: within 64 moves (the 50-move claim comes first).
    KnightsMet,
    /// King and three mets: no count, the 50-move rule.
    Mets,
}

impl DrillKind {
    /// Every drill, in the order the list shows them.
    pub const ALL: &'static [DrillKind] = <DrillKind as strum::VariantArray>::VARIANTS;

    /// The name used by `[data-drill]`, the saved game and `drills.fen`.
    pub fn name(self) -> &'static str {
        match self {
            DrillKind::Rook => "rook",
            DrillKind::KhonMet => "khon-met",
            DrillKind::KhonKnight => "khon-knight",
            DrillKind::KnightMets => "knight-mets",
            DrillKind::KnightsMet => "knights-met",
            DrillKind::Mets => "mets",
        }
    }

    /// The drill named `name`.
    ///
    /// ```
    /// use web::model::drill::DrillKind;
    /// assert_eq!(DrillKind::from_name("khon-met"), Some(DrillKind::KhonMet));
    /// assert_eq!(DrillKind::from_name("queen"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<DrillKind> {
        DrillKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The count's limit in moves (16, 44 or 64); `None` for mets, which have no count.
    pub fn count_moves(self) -> Option<u16> {
        match self {
            DrillKind::Rook => Some(16),
            DrillKind::KhonMet | DrillKind::KhonKnight => Some(44),
            DrillKind::KnightMets | DrillKind::KnightsMet => Some(64),
            DrillKind::Mets => None,
        }
    }

    /// The moves the player has to mate: the count's, or 50 when the lone king's 50-move
    /// claim comes first (a knight's count of 64; mets, which have no count).
    ///
    /// ```
    /// use web::model::drill::DrillKind;
    /// assert_eq!(DrillKind::Rook.limit_moves(), 16);
    /// assert_eq!(DrillKind::KnightMets.limit_moves(), 50);
    /// ```
    pub fn limit_moves(self) -> u16 {
        self.count_moves()
            .map_or(FIFTY_MOVES, |n| n.min(FIFTY_MOVES))
    }

    /// Whether the count, not the 50-move claim, ends the drill (a rook or a khon).
    pub fn counted(self) -> bool {
        self.limit_moves() < FIFTY_MOVES
    }

    /// The drill's starting positions (FEN), in the file's order.
    pub fn positions(self) -> Vec<&'static str> {
        POSITIONS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut fields = l.split('|').map(str::trim);
                let kind = fields.next()?;
                let fen = fields.next()?;
                (kind == self.name()).then_some(fen)
            })
            .collect()
    }

    /// The technique's picture: a position (FEN) and the squares it marks. For the rook, the
    /// box: the rook's rank is a wall the lone king cannot cross, and the kings face each other.
    /// For the others, the mate the drill ends in: the lone king in a corner, the squares
    /// around it taken.
    pub fn picture(self) -> (&'static str, &'static [&'static str]) {
        match self {
            DrillKind::Rook => (
                "8/4k3/8/R7/8/4K3/8/8 w - 32 1 1",
                &["a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5"],
            ),
            // The met checks, the khon takes the square beside the king, the king the rest.
            DrillKind::KhonMet => ("7k/5BQ1/6K1/8/8/8/8/8 b - 88 1 1", &["h8", "g8", "h7"]),
            // The knight checks, the khon takes a7, the king b7 and b8.
            DrillKind::KhonKnight => ("k7/2K5/BN6/8/8/8/8/8 b - 88 1 1", &["a8", "a7", "b7", "b8"]),
            // The knight checks, a met beside the king takes a7, the king guards it.
            DrillKind::KnightMets => (
                "kQ6/2K5/1N6/8/3Q4/8/8/8 b - 128 1 1",
                &["a8", "a7", "b7", "b8"],
            ),
            DrillKind::KnightsMet => (
                "kQ6/2K5/1N6/3N4/8/8/8/8 b - 128 1 1",
                &["a8", "a7", "b7", "b8"],
            ),
            // Mets of both colours side by side: one checks, one takes b8, the king the rest.
            DrillKind::Mets => ("k7/1QQ5/1K6/3Q4/8/8/8/8 b - - 0 1", &["a8", "a7", "b8"]),
        }
    }
}

/// Where a drill stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillState {
    /// The player is mating.
    Play,
    /// Mated within the limit, in this many moves.
    Passed(u16),
    /// The game ended otherwise: how.
    Failed(Outcome),
}

impl DrillState {
    /// `#drill[data-state]`: `play`, `passed` or `failed`.
    pub fn name(self) -> &'static str {
        match self {
            DrillState::Play => "play",
            DrillState::Passed(_) => "passed",
            DrillState::Failed(_) => "failed",
        }
    }
}

/// The drill on the board and its player's colour, if the game is one.
pub fn current(model: &super::Model) -> Option<(DrillKind, Color)> {
    let ai = model.mode.ai()?;
    Some((ai.drill?, ai.human))
}

/// The state of a drill whose player (the attacker) is `human`, from its game.
pub fn state(game: &Game, human: Color) -> DrillState {
    match game.outcome() {
        None => DrillState::Play,
        Some(Outcome::Win {
            winner,
            reason: WinReason::Checkmate,
        }) if winner == human => DrillState::Passed(moves_made(game)),
        Some(outcome) => DrillState::Failed(outcome),
    }
}

/// The moves the player has made: the lone king moves first, so every second ply.
pub fn moves_made(game: &Game) -> u16 {
    u16::try_from(game.moves().len() / 2).unwrap_or(u16::MAX)
}

/// The player's moves left before the count or the lone king's 50-move claim ends the drill,
/// whichever comes first, and the limit: `(16, 16)` before the first move of a rook drill. Both
/// are read from the position, so a drill resumed from storage counts on.
pub fn moves_left(game: &Game, kind: DrillKind) -> (u16, u16) {
    let fifty_plies = u16::try_from(game.fifty_move_plies()).unwrap_or(u16::MAX);
    let by_fifty = FIFTY_MOVES.saturating_sub(fifty_plies / 2);
    let by_count = game
        .position()
        .counting()
        .map_or(u16::MAX, |c| c.limit_moves().saturating_sub(c.ply / 2));
    (by_fifty.min(by_count), kind.limit_moves())
}

/// Whether the game ended the way a drill fails through slowness (the count ran out, or the
/// 50-move draw was claimed), as opposed to a stalemate or a piece lost.
pub fn ran_out(outcome: Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Draw {
            reason: DrawReason::CountingExpired | DrawReason::FiftyMoves
        }
    )
}

/// The best result of each drill passed on this device: the fewest moves to mate.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Records(pub BTreeMap<DrillKind, u16>);

impl Records {
    /// The best result of `kind`, if it was passed.
    pub fn best(&self, kind: DrillKind) -> Option<u16> {
        self.0.get(&kind).copied()
    }

    /// Notes a pass in `moves`; `true` when it is a new best.
    pub fn pass(&mut self, kind: DrillKind, moves: u16) -> bool {
        match self.0.get(&kind) {
            Some(&best) if best <= moves => false,
            _ => {
                self.0.insert(kind, moves);
                true
            }
        }
    }

    /// Reads the stored text (`{"rook": 9, ...}`); drills this build does not know and
    /// values that are not a number of moves are left out.
    pub fn parse(text: &str) -> Records {
        let Ok(map) = serde_json::from_str::<BTreeMap<String, serde_json::Value>>(text) else {
            return Records::default();
        };
        Records(
            map.iter()
                .filter_map(|(k, v)| {
                    let kind = DrillKind::from_name(k)?;
                    let n = u16::try_from(v.as_u64()?).ok().filter(|&n| n > 0)?;
                    Some((kind, n))
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Position, Rules};

    #[test]
    fn every_drill_has_positions_that_start_when_the_count_begins() {
        for &kind in DrillKind::ALL {
            let fens = kind.positions();
            assert!(
                fens.len() >= 10,
                "{}: {} positions",
                kind.name(),
                fens.len()
            );
            for fen in fens {
                let pos = Position::from_fen(fen, Rules::default()).expect(fen);
                let lone = pos.turn();
                assert_eq!(
                    pos.by_color(lone).count(),
                    1,
                    "{fen}: the lone king moves first"
                );
                assert_eq!(
                    pos.counting().map(|c| (c.limit_moves(), c.ply)),
                    kind.count_moves().map(|n| (n, 0)),
                    "{fen}"
                );
                assert_eq!(pos.halfmoves(), 0, "{fen}");
                assert!(
                    !pos.is_check() && pos.has_legal_moves() && !pos.is_dead(),
                    "{fen}"
                );
            }
        }
    }

    #[test]
    fn every_picture_but_the_rooks_box_is_the_drills_mate() {
        for &kind in DrillKind::ALL {
            let (fen, marks) = kind.picture();
            let pos = Position::from_fen(fen, Rules::default()).expect(fen);
            assert!(
                marks.iter().all(|m| m.parse::<rules::Square>().is_ok()),
                "{fen}"
            );
            if kind == DrillKind::Rook {
                assert!(!pos.is_check(), "{fen}");
                continue;
            }
            assert!(pos.is_checkmate(), "{}: {fen} is not mate", kind.name());
            // The attacker's material is the drill's.
            let attacker = pos.turn().other();
            let count = |role| (pos.by_color(attacker) & pos.by_role(role)).count();
            let material = (
                count(rules::Role::Rook),
                count(rules::Role::Khon),
                count(rules::Role::Knight),
                count(rules::Role::Met),
            );
            let expected = match kind {
                DrillKind::KhonMet => (0, 1, 0, 1),
                DrillKind::KhonKnight => (0, 1, 1, 0),
                DrillKind::KnightMets => (0, 0, 1, 2),
                DrillKind::KnightsMet => (0, 0, 2, 1),
                _ => (0, 0, 0, 3),
            };
            assert_eq!(material, expected, "{}: {fen}", kind.name());
        }
    }

    #[test]
    fn moves_left_follow_the_count_and_the_fifty_move_clock() {
        let mut game =
            Game::from_fen("8/8/8/8/8/1k6/8/4K2R b - 32 0 1", Rules::default()).expect("fen");
        assert_eq!(moves_left(&game, DrillKind::Rook), (16, 16));
        game.play_uci("b3c3").expect("legal");
        assert_eq!(moves_left(&game, DrillKind::Rook), (16, 16));
        game.play_uci("h1h2").expect("legal");
        assert_eq!(moves_left(&game, DrillKind::Rook), (15, 16));
        let mut mets =
            Game::from_fen("8/8/8/3k4/8/8/8/1QQQ3K b - - 0 1", Rules::default()).expect("fen");
        mets.play_uci("d5e5").expect("legal");
        mets.play_uci("h1g2").expect("legal");
        assert_eq!(moves_left(&mets, DrillKind::Mets), (49, 50));
        // A knight's count of 64: the 50-move claim comes first.
        let knight =
            Game::from_fen("8/8/8/4k3/8/8/8/1NQQ3K b - 128 0 1", Rules::default()).expect("fen");
        assert_eq!(moves_left(&knight, DrillKind::KnightMets), (50, 50));
    }

    #[test]
    fn a_drill_passes_on_the_players_mate_only() {
        let mut mate =
            Game::from_fen("k7/8/1K6/8/8/8/8/7R b - 32 0 1", Rules::default()).expect("fen");
        assert_eq!(state(&mate, Color::White), DrillState::Play);
        mate.play_uci("a8b8").expect("legal");
        let mut drawn = mate.clone();
        mate.play_uci("h1h8").expect("legal");
        assert_eq!(state(&mate, Color::White), DrillState::Passed(1));
        // Any other end fails.
        drawn.agree_draw().expect("in play");
        assert!(matches!(
            state(&drawn, Color::White),
            DrillState::Failed(Outcome::Draw { .. })
        ));
    }

    #[test]
    fn records_keep_the_best_and_read_what_they_can() {
        let mut r = Records::default();
        assert!(r.pass(DrillKind::Rook, 12));
        assert!(!r.pass(DrillKind::Rook, 13));
        assert!(r.pass(DrillKind::Rook, 9));
        assert_eq!(r.best(DrillKind::Rook), Some(9));
        let text = serde_json::to_string(&r).expect("json");
        assert_eq!(text, r#"{"rook":9}"#);
        assert_eq!(Records::parse(&text), r);
        let odd = Records::parse(r#"{"rook":"x","mets":0,"queen":3,"khon-met":30}"#);
        assert_eq!(odd.0.len(), 1);
        assert_eq!(odd.best(DrillKind::KhonMet), Some(30));
        assert_eq!(Records::parse("not json"), Records::default());
    }
}
