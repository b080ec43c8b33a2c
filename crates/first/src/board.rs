//! What the first board shows, decided from the stored values exactly as the full app decides
//! its first view (`Msg::Started` in `crates/web/src/update/mod.rs`).

use crate::saved::{self, Mode};
use rules::{Color, Game, Move, Position, Rules, Square};

/// What the page shows first.
#[derive(Clone, Debug)]
pub enum FirstView {
    /// Nothing to draw here: an invite link (`#/room/<id>`) or an online game, which the full
    /// app opens itself, or the account view (`#/account`), which shows no board.
    Nothing,
    /// A first visit (no game to resume): the start screen `#start`, over the start position
    /// (the full app draws that board too, hidden under the start screen).
    Start(Board),
    /// The game on the board.
    Board(Board),
}

/// A board to draw and to click on.
#[derive(Clone, Debug)]
pub struct Board {
    /// The game as it stands.
    pub game: Game,
    /// Black at the bottom.
    pub flipped: bool,
    /// The human's side in a game against the AI (`None`: both sides play here).
    pub human: Option<Color>,
    /// The game is over (a result stored or reached on the board).
    pub over: bool,
    /// The stored result is a draw (no winner).
    pub drawn: bool,
}

impl Board {
    fn new(game: Game) -> Board {
        Board {
            game,
            flipped: false,
            human: None,
            over: false,
            drawn: false,
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The last move's squares.
    pub fn last(&self) -> Option<(Square, Square)> {
        self.game.last_move().map(|m| (m.from, m.to))
    }

    /// Whether the game has ended.
    pub fn ended(&self) -> bool {
        self.over || self.game.is_over()
    }

    /// The checked king's square, unless the game ended in a draw.
    pub fn check(&self) -> Option<Square> {
        let pos = self.position();
        let drawn = self.drawn || self.game.outcome().is_some_and(|o| o.winner().is_none());
        (pos.is_check() && !drawn).then(|| pos.king_square(pos.turn()))
    }

    /// Whether the player may pick up the piece on `sq` now (their piece, on their turn).
    pub fn movable(&self, sq: Square) -> bool {
        let pos = self.position();
        !self.ended()
            && self.human.is_none_or(|h| h == pos.turn())
            && pos.piece_at(sq).is_some_and(|p| p.color == pos.turn())
    }

    /// The legal destinations of the piece on `from`.
    pub fn dests(&self, from: Square) -> Vec<Square> {
        let mut out: Vec<Square> = self
            .position()
            .legal_moves_from(from)
            .iter()
            .map(|m| m.to)
            .collect();
        out.dedup();
        out
    }

    /// Plays `from`-`to` when it is one legal move (a promotion with a choice is left to the
    /// full app, which asks for the piece); `true` if played.
    pub fn play(&mut self, from: Square, to: Square) -> bool {
        let moves: Vec<Move> = self
            .position()
            .legal_moves_from(from)
            .iter()
            .copied()
            .filter(|m| m.to == to)
            .collect();
        match moves.as_slice() {
            [m] => self.game.play(*m).is_ok(),
            _ => false,
        }
    }
}

/// Whether the address' fragment names a room (`#/room/<id>`).
fn is_room(hash: &str) -> bool {
    hash.strip_prefix('#')
        .unwrap_or(hash)
        .strip_prefix("/room/")
        .is_some_and(|id| !id.trim_end_matches('/').is_empty())
}

/// Whether the address' fragment is the account view's (`#/account`, as the full app's
/// `Route::from_hash` reads it).
fn is_account(hash: &str) -> bool {
    hash.trim_start_matches('#').trim_end_matches('/') == "/account"
}

/// The first view from the address' fragment `hash`, the stored current game id `current`
/// (`asean.current.v1`), that game's entry `entry` (`asean.games.v1.<id>`) and the stored
/// orientation `flip` (`asean.flip.v1`: `<id>:1` or `<id>:0`).
///
/// An entry that cannot be read (the full app sets it aside and says so) gives the start
/// position, as the full app shows then.
pub fn first_view(
    hash: &str,
    current: Option<&str>,
    entry: Option<&str>,
    flip: Option<&str>,
) -> FirstView {
    if is_room(hash) || is_account(hash) {
        return FirstView::Nothing;
    }
    let fresh = || Board::new(Game::new(Rules::default()));
    let (Some(id), Some(text)) = (current, entry) else {
        return FirstView::Start(fresh());
    };
    let Some(saved) = saved::read(text).filter(|s| s.id == id) else {
        return FirstView::Board(fresh());
    };
    if saved.mode == Mode::Online {
        return FirstView::Nothing;
    }
    let Some(game) = replay(&saved) else {
        return FirstView::Board(fresh());
    };
    let stored_flip = flip
        .and_then(|f| f.rsplit_once(':'))
        .filter(|(fid, _)| *fid == saved.id)
        .and_then(|(_, v)| match v {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        });
    FirstView::Board(Board {
        game,
        flipped: stored_flip.unwrap_or(saved.human == Some(Color::Black)),
        human: saved.human,
        over: saved.result.is_some(),
        drawn: saved.result_drawn(),
    })
}

/// The game of a saved entry: its moves played from its first position.
fn replay(saved: &saved::Entry) -> Option<Game> {
    let rules = Rules {
        promotion: saved.promotion,
    };
    let mut game = Game::from_fen(&saved.initial_fen, rules).ok()?;
    for uci in &saved.moves {
        game.play_uci(uci).ok()?;
    }
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

    fn entry(id: &str, moves: &str, extra: &str) -> String {
        format!(
            r#"{{"version":1,"id":"{id}","created":1,"updated":2,"initial_fen":"{FEN}",
             "rules":{{"promotion":"any"}},"moves":[{moves}],"result":null{extra}}}"#
        )
    }

    fn board(view: FirstView) -> Board {
        match view {
            FirstView::Board(b) => b,
            other => panic!("not a board: {other:?}"),
        }
    }

    #[test]
    fn a_first_visit_is_the_start_screen() {
        assert!(matches!(
            first_view("", None, None, None),
            FirstView::Start(_)
        ));
        // The current game's entry is gone: the full app shows the start screen too.
        assert!(matches!(
            first_view("", Some("g1"), None, None),
            FirstView::Start(_)
        ));
    }

    #[test]
    fn an_invite_link_or_an_online_game_is_left_to_the_app() {
        let text = entry("g1", "", "");
        assert!(matches!(
            first_view("#/room/abc123", Some("g1"), Some(&text), None),
            FirstView::Nothing
        ));
        let online = entry("g1", "", r#","mode":"online","online":{"room":"abc"}"#);
        assert!(matches!(
            first_view("", Some("g1"), Some(&online), None),
            FirstView::Nothing
        ));
    }

    #[test]
    fn the_account_view_shows_no_board() {
        let text = entry("g1", r#""e3e4""#, "");
        for hash in ["#/account", "#/account/"] {
            assert!(matches!(
                first_view(hash, Some("g1"), Some(&text), None),
                FirstView::Nothing
            ));
            assert!(matches!(
                first_view(hash, None, None, None),
                FirstView::Nothing
            ));
        }
        assert!(matches!(
            first_view("#/accounts", Some("g1"), Some(&text), None),
            FirstView::Board(_)
        ));
    }

    #[test]
    fn a_saved_game_is_replayed() {
        let text = entry("g1", r#""e3e4","d6d5","e4d5""#, "");
        let b = board(first_view("#", Some("g1"), Some(&text), None));
        assert_eq!(b.game.moves().len(), 3);
        let d5: Square = "d5".parse().expect("square");
        assert_eq!(b.last(), Some(("e4".parse().expect("square"), d5)));
        assert!(!b.flipped);
        assert_eq!(b.check(), None);
        assert!(!b.ended());
    }

    #[test]
    fn the_orientation_follows_the_ai_side_and_the_stored_flip() {
        let ai = entry("g1", "", r#","mode":"ai","ai":{"level":3,"human":"black"}"#);
        let b = board(first_view("", Some("g1"), Some(&ai), None));
        assert!(b.flipped);
        assert_eq!(b.human, Some(Color::Black));
        assert!(!b.movable("e3".parse().expect("square")), "the AI's move");
        let b = board(first_view("", Some("g1"), Some(&ai), Some("g1:0")));
        assert!(!b.flipped);
        let b = board(first_view("", Some("g1"), Some(&ai), Some("other:0")));
        assert!(b.flipped, "another game's flip does not apply");
        let hot = entry("g1", "", "");
        assert!(board(first_view("", Some("g1"), Some(&hot), Some("g1:1"))).flipped);
        assert!(!board(first_view("", Some("g1"), Some(&hot), Some("g1:x"))).flipped);
    }

    #[test]
    fn an_unreadable_entry_is_the_start_position() {
        for text in [
            "not json".to_owned(),
            entry("other", "", ""),
            entry("g1", r#""e3e5""#, ""),
        ] {
            let b = board(first_view("", Some("g1"), Some(&text), Some("g1:1")));
            assert!(b.game.moves().is_empty());
            assert!(!b.flipped);
        }
    }

    #[test]
    fn clicks_play_only_legal_moves_of_the_side_to_move() {
        let text = entry("g1", "", "");
        let mut b = board(first_view("", Some("g1"), Some(&text), None));
        let sq = |s: &str| s.parse::<Square>().expect("square");
        assert!(b.movable(sq("e3")));
        assert!(!b.movable(sq("e6")));
        assert_eq!(b.dests(sq("e3")), [sq("e4")]);
        assert!(!b.play(sq("e3"), sq("e5")));
        assert!(b.play(sq("e3"), sq("e4")));
        assert!(b.movable(sq("d6")));
    }
}
