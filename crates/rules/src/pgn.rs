//! PGN export and import: a game in the Portable Game Notation, as Fairy-Stockfish and
//! pychess-variants read it for this game (`[Variant "asean"]`), with SAN in the reference dialect
//! ([`crate::san`]).
//!
//! # Export ([`write()`])
//! The seven standard tags come first (Event, Site, Date, Round, White, Black, Result), then
//! `Variant`, `SetUp` and `FEN` for a game that did not start from the initial position,
//! `TimeControl` when there is one ([`TimeControlTag`]: `300+3`, or a value the rules do not
//! play kept as it was read), `Termination`, and any extra tags. The movetext is wrapped
//! at 80 characters and ends with a comment that names the result in words (`{The count ran
//! out: draw.}`) and the result token.
//!
//! ```
//! use rules::{Game, Rules, pgn};
//! let mut game = Game::new(Rules::default());
//! for uci in ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"] {
//!     game.play_uci(uci).unwrap();
//! }
//! let text = pgn::write(&game, &pgn::Tags::default(), &pgn::End::of(&game));
//! assert!(text.contains("[Variant \"asean\"]"));
//! assert!(text.ends_with("1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6# {Checkmate: White wins.} 1-0\n"));
//! ```
//!
//! # Import ([`read()`])
//! [`read()`] takes the first game of a text: its tags ([`Tags`]), the main line replayed as a
//! [`Game`] (from the `FEN` tag when there is one), the result token ([`Score`]), the
//! `Termination` tag and the final comment, as an [`Imported`]. A result the rules do not show
//! (`1-0` after a resignation, `1/2-1/2` agreed) is reported, not applied: [`Imported::verdict`]
//! tells how the token fits the game and [`Imported::apply_result`] applies the end it implies.
//! Every error is a [`ReadError`] that names the line, and for a move its number, side and text.
//!
//! The tokenizer is this crate's own, not the `pgn-reader` crate: `pgn-reader` (0.29) hands its
//! visitor a parsed chess `SanPlus`, without the token's text or its place in the input, and
//! silently skips any token it cannot parse as chess SAN (`Zz9`, `e9`, `M@e4`), so a typo would
//! shift every later move to the other side instead of being named with its line and move.

use core::fmt::{self, Write as _};

use crate::{Color, Decider, DrawReason, Game, Outcome, Position, TimeControl, WinReason};

mod reader;

pub use reader::{Imported, MoveAt, ReadError, Verdict, read};

/// The result token of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game goes on (or was abandoned without a result).
    Unfinished,
}

impl Score {
    /// The token as PGN writes it.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
            Score::Unfinished => "*",
        }
    }

    /// The score of a result token: `1-0`, `0-1`, `1/2-1/2` (or `½-½`) or `*`; `None` for any
    /// other text.
    ///
    /// ```
    /// use rules::pgn::Score;
    /// assert_eq!(Score::from_token("1/2-1/2"), Some(Score::Draw));
    /// assert_eq!(Score::from_token("1-1"), None);
    /// ```
    #[must_use]
    pub fn from_token(token: &str) -> Option<Score> {
        match token {
            "1-0" => Some(Score::WhiteWins),
            "0-1" => Some(Score::BlackWins),
            "1/2-1/2" | "\u{bd}-\u{bd}" => Some(Score::Draw),
            "*" => Some(Score::Unfinished),
            _ => None,
        }
    }

    /// The win of `winner`, or a draw for `None`.
    #[must_use]
    pub const fn of_winner(winner: Option<Color>) -> Score {
        match winner {
            Some(Color::White) => Score::WhiteWins,
            Some(Color::Black) => Score::BlackWins,
            None => Score::Draw,
        }
    }
}

/// The `Termination` tag's standard values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Ended by the rules or the players: mate, resignation, a draw of any kind.
    Normal,
    /// A player's clock ran out.
    TimeForfeit,
    /// A player left (an aborted game, or a win claimed over an absent opponent).
    Abandoned,
    /// Decided by a third party: here the server's ply cap (a draw).
    Adjudication,
    /// Not over yet.
    Unterminated,
}

impl Termination {
    /// The tag's value.
    #[must_use]
    pub const fn value(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
            Termination::Unterminated => "unterminated",
        }
    }

    /// The value of a `Termination` tag, in any case and spacing (`Time forfeit`,
    /// `time-forfeit`); `None` for another value (`rules infraction`, free text).
    ///
    /// ```
    /// use rules::pgn::Termination;
    /// assert_eq!(Termination::from_value("Time forfeit"), Some(Termination::TimeForfeit));
    /// assert_eq!(Termination::from_value("White resigned"), None);
    /// ```
    #[must_use]
    pub fn from_value(value: &str) -> Option<Termination> {
        let words: Vec<String> = value
            .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect();
        [
            Termination::Normal,
            Termination::TimeForfeit,
            Termination::Abandoned,
            Termination::Adjudication,
            Termination::Unterminated,
        ]
        .into_iter()
        .find(|t| t.value().split(' ').eq(words.iter().map(String::as_str)))
    }
}

/// How a game ended, as PGN says it: the result token, the `Termination` tag and the words of
/// the final comment (empty for none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    /// The result token.
    pub score: Score,
    /// The `Termination` tag.
    pub termination: Termination,
    /// The final comment, e.g. `The count ran out: draw.` (no braces).
    pub comment: String,
}

impl End {
    /// The end of `game` as its rules know it: its outcome, or unfinished.
    #[must_use]
    pub fn of(game: &Game) -> End {
        End::of_outcome(game.outcome())
    }

    /// The end of a game with `outcome` (`None`: not over), the server's ends included: a flag
    /// is a time forfeit, an abandonment or an abort is abandoned (an abort has no result: `*`).
    #[must_use]
    pub fn of_outcome(outcome: Option<Outcome>) -> End {
        let Some(outcome) = outcome else {
            return End {
                score: Score::Unfinished,
                termination: Termination::Unterminated,
                comment: String::new(),
            };
        };
        let name = |c: Color| match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        let comment = match outcome {
            Outcome::Win { winner, reason } => {
                let (winner, loser) = (name(winner), name(winner.other()));
                match reason {
                    WinReason::Checkmate => format!("Checkmate: {winner} wins."),
                    WinReason::Resignation => format!("{loser} resigned: {winner} wins."),
                    WinReason::Timeout => format!("{loser} ran out of time: {winner} wins."),
                    WinReason::Abandonment => format!("{loser} left the game: {winner} wins."),
                }
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate => "Stalemate: draw.",
                DrawReason::DeadPosition => "Neither side can mate: draw.",
                DrawReason::CountingExpired => "The count ran out: draw.",
                DrawReason::FiftyMoves => "Draw claimed under the 50-move rule.",
                DrawReason::Threefold => "Draw claimed by threefold repetition.",
                DrawReason::Agreement => "Draw agreed.",
                DrawReason::Timeout => "A flag fell, but the other side cannot mate: draw.",
                DrawReason::PlyCap => "The game reached the server's move limit: draw.",
            }
            .to_owned(),
            Outcome::Aborted => "Aborted before both sides had moved.".to_owned(),
        };
        let termination = match outcome.decided_by() {
            Decider::Board | Decider::Player => Termination::Normal,
            Decider::Clock => Termination::TimeForfeit,
            Decider::Absence => Termination::Abandoned,
            Decider::Limit => Termination::Adjudication,
        };
        End {
            score: outcome.score(),
            termination,
            comment,
        }
    }
}

/// The tags a game's context gives (the rest come from the game itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tags {
    /// `Event`, e.g. `Casual game`.
    pub event: String,
    /// `Site`: where it was played (`?` when unknown).
    pub site: String,
    /// `Date` as year, month and day (`????.??.??` when unknown; a partial date read from a
    /// text, such as `2026.??.??`, is kept as written in [`Tags::extra`] and written in its
    /// place).
    pub date: Option<(u16, u8, u8)>,
    /// `Round` (`-` when it does not apply).
    pub round: String,
    /// `White`: the player's name.
    pub white: String,
    /// `Black`: the player's name.
    pub black: String,
    /// `TimeControl`, when timed: a time control the rules play (written in PGN's form,
    /// `300+3`), or, read from a text, a value they cannot represent, kept as it came.
    pub time_control: Option<TimeControlTag>,
    /// More tags, written last in this order.
    pub extra: Vec<(String, String)>,
}

impl Default for Tags {
    fn default() -> Tags {
        Tags {
            event: "Casual game".into(),
            site: "?".into(),
            date: None,
            round: "-".into(),
            white: "?".into(),
            black: "?".into(),
            time_control: None,
            extra: Vec::new(),
        }
    }
}

/// The value of a `TimeControl` tag.
///
/// A value in the form [`TimeControl::pgn`] writes that the rules' constructor accepts is read
/// as a time control; any other (a PGN time control the rules do not play, such as
/// `40/7200:3600` or `300`, or `-` and `?` for none and unknown) is kept as its raw text, and
/// both are written back exactly as they were read.
///
/// ```
/// use rules::{TimeControl, pgn::TimeControlTag};
/// let tag = TimeControlTag::from_value("300+3");
/// assert_eq!(tag, TimeControlTag::Control(TimeControl::fischer(300, 3).unwrap()));
/// let raw = TimeControlTag::from_value("40/7200:3600");
/// assert_eq!(raw.control(), None);
/// assert_eq!(raw.to_string(), "40/7200:3600");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControlTag {
    /// A time control the rules play.
    Control(TimeControl),
    /// A value the rules cannot represent, as the text had it.
    Raw(String),
}

impl TimeControlTag {
    /// The tag for a tag's `value`: [`TimeControlTag::Control`] when [`TimeControl::from_pgn`]
    /// reads it, else [`TimeControlTag::Raw`].
    #[must_use]
    pub fn from_value(value: &str) -> TimeControlTag {
        TimeControl::from_pgn(value).map_or_else(
            || TimeControlTag::Raw(value.to_owned()),
            TimeControlTag::Control,
        )
    }

    /// The time control, unless the value was kept raw.
    #[must_use]
    pub fn control(&self) -> Option<TimeControl> {
        match self {
            TimeControlTag::Control(tc) => Some(*tc),
            TimeControlTag::Raw(_) => None,
        }
    }
}

impl From<TimeControl> for TimeControlTag {
    fn from(tc: TimeControl) -> TimeControlTag {
        TimeControlTag::Control(tc)
    }
}

/// The tag's value: PGN's form of a time control, or the raw text.
impl fmt::Display for TimeControlTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlTag::Control(tc) => tc.pgn().fmt(f),
            TimeControlTag::Raw(text) => f.write_str(text),
        }
    }
}

/// The variant's name in PGN (the one Fairy-Stockfish and pychess-variants use).
pub const VARIANT: &str = "asean";

/// Movetext lines are at most this long.
const LINE: usize = 80;

/// A tag pair, its value escaped (`\` and `"` take a backslash; line breaks become spaces).
fn tag(out: &mut String, name: &str, value: &str) {
    let mut v = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                v.push('\\');
                v.push(c);
            }
            '\n' | '\r' | '\t' => v.push(' '),
            c => v.push(c),
        }
    }
    let _ = writeln!(out, "[{name} \"{v}\"]");
}

/// A comment's text made safe inside braces (a `}` would end it early).
fn comment_text(text: &str) -> String {
    text.replace('}', ")").replace('{', "(")
}

/// Writes `game` as PGN with `tags`, ending as `end` says (use [`End::of`] for the game's own
/// outcome). The text ends with a line break.
#[must_use]
pub fn write(game: &Game, tags: &Tags, end: &End) -> String {
    let mut out = String::new();
    tag(&mut out, "Event", &tags.event);
    tag(&mut out, "Site", &tags.site);
    // A partial date read from a text is among the extra tags, written here in its place.
    let is_date = |name: &str| name.eq_ignore_ascii_case("Date");
    let date = tags.date.map_or_else(
        || {
            tags.extra
                .iter()
                .find(|(n, _)| is_date(n))
                .map_or_else(|| "????.??.??".to_owned(), |(_, v)| v.clone())
        },
        |(y, m, d)| format!("{y:04}.{m:02}.{d:02}"),
    );
    tag(&mut out, "Date", &date);
    tag(&mut out, "Round", &tags.round);
    tag(&mut out, "White", &tags.white);
    tag(&mut out, "Black", &tags.black);
    tag(&mut out, "Result", end.score.token());
    tag(&mut out, "Variant", VARIANT);
    let start = game.initial_fen();
    if start != Position::new(game.rules()).fen() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &start);
    }
    if let Some(tc) = &tags.time_control {
        tag(&mut out, "TimeControl", &tc.to_string());
    }
    tag(&mut out, "Termination", end.termination.value());
    for (name, value) in tags.extra.iter().filter(|(n, _)| !is_date(n)) {
        // A tag name is one symbol: letters, digits and `_`.
        let name: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            tag(&mut out, &name, value);
        }
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(game.moves().len() * 3 / 2 + 2);
    let setup = game.positions()[0].to_setup();
    let mut number = setup.fullmoves.max(1);
    let mut turn = setup.turn;
    for (i, san) in game.san_moves().into_iter().enumerate() {
        match turn {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(san);
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    if !end.comment.is_empty() {
        tokens.push(format!("{{{}}}", comment_text(&end.comment)));
    }
    tokens.push(end.score.token().to_owned());

    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    #[test]
    fn a_game_from_a_position_says_so_and_numbers_from_it() {
        let fen = "4k3/8/8/8/8/8/4R3/4K3 b - - 0 30";
        let mut game = Game::from_fen(fen, Rules::default()).expect("fen");
        game.play_uci("e8d8").expect("move");
        game.play_uci("e2e7").expect("move");
        let tags = Tags {
            white: "Ann \"the rook\"".into(),
            time_control: TimeControl::fischer(300, 3).ok().map(TimeControlTag::from),
            extra: vec![("Link".into(), "https://example.org/#/room/1".into())],
            ..Tags::default()
        };
        let text = write(&game, &tags, &End::of(&game));
        assert!(
            text.contains("[White \"Ann \\\"the rook\\\"\"]\n"),
            "{text}"
        );
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4R3/4K3 b - - 0 30\"]\n"));
        assert!(text.contains("[TimeControl \"300+3\"]\n[Termination \"unterminated\"]\n"));
        assert!(text.contains("[Link \"https://example.org/#/room/1\"]\n"));
        assert!(text.ends_with("\n\n30... Kd8 31. Re7 *\n"), "{text}");
    }

    #[test]
    fn the_seven_tags_come_first_in_order() {
        let game = Game::new(Rules::default());
        let text = write(&game, &Tags::default(), &End::of(&game));
        let names: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with('['))
            .filter_map(|l| l[1..].split(' ').next())
            .collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "Variant",
                "Termination"
            ]
        );
        assert!(text.contains("[Date \"????.??.??\"]"));
        assert!(text.ends_with("\n\n*\n"));
    }

    #[test]
    fn long_games_wrap_and_results_are_named() {
        let mut game = Game::new(Rules::default());
        for _ in 0..10 {
            for uci in ["g1e2", "g8e7", "e2g1", "e7g8"] {
                game.play_uci(uci).expect("move");
            }
        }
        game.agree_draw().expect("draw");
        let end = End::of(&game);
        assert_eq!(end.score, Score::Draw);
        let text = write(&game, &Tags::default(), &end);
        let movetext: Vec<&str> = text
            .split("\n\n")
            .nth(1)
            .expect("movetext")
            .lines()
            .collect();
        assert!(movetext.len() > 1);
        assert!(movetext.iter().all(|l| l.len() <= LINE), "{movetext:?}");
        assert!(text.ends_with("{Draw agreed.} 1/2-1/2\n"), "{text}");
        let resigned = End::of_outcome(Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        }));
        assert_eq!(resigned.comment, "White resigned: Black wins.");
        assert_eq!(resigned.score.token(), "0-1");
    }

    #[test]
    fn a_comment_cannot_end_itself_early() {
        let game = Game::new(Rules::default());
        let end = End {
            score: Score::WhiteWins,
            termination: Termination::TimeForfeit,
            comment: "Black ran out of time } 0-1 {".into(),
        };
        let text = write(&game, &Tags::default(), &end);
        assert!(
            text.ends_with("{Black ran out of time ) 0-1 (} 1-0\n"),
            "{text}"
        );
        assert!(text.contains("[Termination \"time forfeit\"]"));
    }
}
