//! PGN import: the tokenizer and the replay of the movetext (see [`crate::pgn`]).

use core::fmt;

use super::{End, Score, Tags, Termination, TimeControlTag, VARIANT};
use crate::{
    Color, DrawClaim, DrawReason, FenError, Game, Outcome, PlayError, ReadSanError, Rules,
    SanError, WinReason,
};

/// A game read from PGN by [`read`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The tags: the roster (`Event`, `Site`, `Date`, `Round`, `White`, `Black`; `?` when
    /// absent, and `date` is `None` unless the tag is a full `YYYY.MM.DD`), `TimeControl`, and
    /// every other tag in `extra`, in the order of the text. `Result`, `Variant`, `SetUp`, `FEN`
    /// and a recognised `Termination` are interpreted instead (see the other fields); an
    /// unrecognised `Termination` value stays in `extra`.
    pub tags: Tags,
    /// The main line replayed under the caller's rules, from the `FEN` tag when there is one,
    /// else from the start. It ends only as the rules end it (mate, stalemate, dead position,
    /// count): a resignation or agreement the result implies is not applied (see
    /// [`Imported::verdict`] and [`Imported::apply_result`]).
    pub game: Game,
    /// The result token of the movetext; when the movetext has none, the `Result` tag's; else
    /// [`Score::Unfinished`].
    pub score: Score,
    /// The `Termination` tag, when it is one of the values [`Termination::from_value`] knows.
    pub termination: Option<Termination>,
    /// The comments after the last move of the main line (before the result token), joined by
    /// a space, without `[%...]` commands (clocks, evaluations); `None` when there are none.
    pub comment: Option<String>,
}

/// How the result token fits the game the rules replayed ([`Imported::verdict`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The token says what the rules say: `*` for a game that goes on, or the winner (or draw)
    /// of the game's own end.
    Agrees,
    /// The rules have not ended the game, but the token says it ended: this is the end it
    /// implies. With `Termination "time forfeit"` a flag (a win on time, or a draw on time when
    /// the token is a draw; a win the position cannot give, the winner having no mating
    /// material, is [`Verdict::Contradicts`]); otherwise a win is the loser's resignation (also
    /// for an abandoned game: the [`Game`] knows no other way to lose; [`Imported::says`] tells
    /// what the text said); a draw is an agreement, unless the final comment (or an
    /// unrecognised `Termination` value) names a claim (`repetition`/`threefold`,
    /// `50-move`/`fifty`) that is valid in the final position.
    Implies(Outcome),
    /// The token contradicts the rules' end (`0-1` after White mated, `1-0` after a stalemate,
    /// `*` after a mate); the game is left as played.
    Contradicts,
}

impl Imported {
    /// How [`Imported::score`] fits [`Imported::game`].
    ///
    /// ```
    /// use rules::{Color, Outcome, Rules, WinReason, pgn::{self, Verdict}};
    /// let imported = pgn::read("1. e4 d5 1-0", Rules::default()).unwrap();
    /// assert_eq!(imported.game.outcome(), None);
    /// assert_eq!(
    ///     imported.verdict(),
    ///     Verdict::Implies(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
    /// );
    /// ```
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        let on_time = self.termination == Some(Termination::TimeForfeit);
        let win = |winner: Color| {
            // A time forfeit is a flag, which the position must confirm (a side that cannot
            // mate does not win on time); any other win is the loser's resignation.
            if on_time {
                let mut flagged = self.game.clone();
                return match flagged.flag(winner.other()).ok().and(flagged.outcome()) {
                    Some(o @ Outcome::Win { .. }) => Verdict::Implies(o),
                    _ => Verdict::Contradicts,
                };
            }
            Verdict::Implies(Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            })
        };
        match (self.game.outcome(), self.score) {
            (None, Score::Unfinished) => Verdict::Agrees,
            (None, Score::WhiteWins) => win(Color::White),
            (None, Score::BlackWins) => win(Color::Black),
            (None, Score::Draw) if on_time => {
                if self.flag_for_draw().is_some() {
                    Verdict::Implies(Outcome::Draw {
                        reason: DrawReason::Timeout,
                    })
                } else {
                    Verdict::Contradicts
                }
            }
            (None, Score::Draw) => Verdict::Implies(Outcome::Draw {
                reason: self.claim().map_or(DrawReason::Agreement, DrawReason::from),
            }),
            (Some(o), score) if o.score() == score => Verdict::Agrees,
            (Some(_), _) => Verdict::Contradicts,
        }
    }

    /// Applies the end the result implies ([`Verdict::Implies`]) to [`Imported::game`]
    /// (resignation, agreement or claim) and returns the verdict it acted on; for
    /// [`Verdict::Agrees`] and [`Verdict::Contradicts`] the game is unchanged.
    ///
    /// ```
    /// use rules::{DrawReason, Outcome, Rules, pgn};
    /// let mut imported = pgn::read("1. e4 d5 {Draw agreed.} 1/2-1/2", Rules::default()).unwrap();
    /// imported.apply_result();
    /// assert_eq!(imported.game.outcome(), Some(Outcome::Draw { reason: DrawReason::Agreement }));
    /// ```
    pub fn apply_result(&mut self) -> Verdict {
        let verdict = self.verdict();
        if let Verdict::Implies(outcome) = verdict {
            // The verdict checked that the game goes on and that a claim is valid.
            let _ = match outcome {
                Outcome::Win {
                    winner,
                    reason: WinReason::Timeout,
                } => self.game.flag(winner.other()).is_ok(),
                // A draw on time: the flag of a side whose opponent cannot mate fell.
                Outcome::Draw {
                    reason: DrawReason::Timeout,
                } => self.flag_for_draw().map(|g| self.game = g).is_some(),
                Outcome::Win { winner, .. } => self.game.resign(winner.other()).is_ok(),
                Outcome::Draw {
                    reason: DrawReason::FiftyMoves,
                } => self.game.claim_draw(DrawClaim::FiftyMoves).is_ok(),
                Outcome::Draw {
                    reason: DrawReason::Threefold,
                } => self.game.claim_draw(DrawClaim::Threefold).is_ok(),
                Outcome::Draw { .. } => self.game.agree_draw().is_ok(),
                // A verdict never implies an abort: `*` leaves the game going on.
                Outcome::Aborted => true,
            };
        }
        verdict
    }

    /// The end as the PGN says it, for [`super::write()`]: the score, the `Termination` tag (when
    /// absent, `unterminated` for `*`, else `normal`) and the final comment (empty for none).
    #[must_use]
    pub fn end(&self) -> End {
        End {
            score: self.score,
            termination: self.termination.unwrap_or(match self.score {
                Score::Unfinished => Termination::Unterminated,
                _ => Termination::Normal,
            }),
            comment: self.comment.clone().unwrap_or_default(),
        }
    }

    /// Whether the final comment or an unrecognised `Termination` value holds one of `words`
    /// (ASCII, lower case), in any case: `says(&["resign"])` for a game the text says was
    /// resigned, rather than a result alone.
    ///
    /// ```
    /// use rules::{Rules, pgn};
    /// let read = pgn::read("1. e4 d5 {White resigns.} 0-1", Rules::default()).unwrap();
    /// assert!(read.says(&["resign"]));
    /// assert!(!pgn::read("1. e4 d5 0-1", Rules::default()).unwrap().says(&["resign"]));
    /// ```
    #[must_use]
    pub fn says(&self, words: &[&str]) -> bool {
        // The words looked for are ASCII: ASCII case folding finds them as well as Unicode's
        // would, without its tables in the browser bundle.
        let mut text = self
            .comment
            .clone()
            .unwrap_or_default()
            .to_ascii_lowercase();
        for (name, value) in &self.tags.extra {
            if name.eq_ignore_ascii_case("Termination") {
                text.push(' ');
                text.push_str(&value.to_ascii_lowercase());
            }
        }
        words.iter().any(|w| text.contains(w))
    }

    /// The game after the flag of a side whose opponent cannot mate (the side to move's
    /// first): a draw on time; `None` when both sides could still mate.
    fn flag_for_draw(&self) -> Option<Game> {
        let turn = self.game.position().turn();
        [turn, turn.other()].into_iter().find_map(|side| {
            let mut g = self.game.clone();
            let drawn = g.flag(side).is_ok()
                && g.outcome()
                    == Some(Outcome::Draw {
                        reason: DrawReason::Timeout,
                    });
            drawn.then_some(g)
        })
    }

    /// The draw claim the text names, when it is valid in the final position.
    fn claim(&self) -> Option<DrawClaim> {
        let says = |words: &[&str]| self.says(words);
        [
            (
                DrawClaim::Threefold,
                says(&["repetition", "threefold", "3-fold", "3fold"]),
            ),
            (
                DrawClaim::FiftyMoves,
                says(&["50-move", "50 move", "fifty"]),
            ),
        ]
        .into_iter()
        .find(|&(claim, said)| said && self.game.can_claim(claim))
        .map(|(claim, _)| claim)
    }
}

/// Where a move of the main line stands: its line, its number and side, and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAt {
    /// The line of the text (1-based).
    pub line: usize,
    /// The move number, as the position counts it (the FEN's, or 1 at the start).
    pub number: u32,
    /// The side whose move it is.
    pub side: Color,
    /// The token as written, annotations included (`Kxe5+!`).
    pub token: String,
}

impl fmt::Display for MoveAt {
    /// `move 23... Kxe5` (three dots for Black).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = match self.side {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(f, "move {}{dots} {}", self.number, self.token)
    }
}

/// A PGN that could not be read, and where: every error but [`ReadError::Empty`] names the line
/// (1-based), and the move errors name the move ([`MoveAt`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The text holds no tag and no move (blank, or only comments and a result).
    Empty,
    /// A tag pair is not closed on its line (`[Event "Club`).
    UnterminatedTag {
        /// Its line.
        line: usize,
    },
    /// A tag pair is not `[Name "value"]` (`[Event Club]`).
    MalformedTag {
        /// Its line.
        line: usize,
    },
    /// A `{` comment is never closed.
    UnterminatedComment {
        /// The line of its `{`.
        line: usize,
    },
    /// A `(` variation is never closed.
    UnterminatedVariation {
        /// The line of its `(`.
        line: usize,
    },
    /// A `)` closes no variation.
    UnmatchedParenthesis {
        /// Its line.
        line: usize,
    },
    /// The `Variant` tag names another game (Makruk, chess…): its rules differ.
    UnknownVariant {
        /// The tag's line.
        line: usize,
        /// The tag's value.
        variant: String,
    },
    /// The `FEN` tag is not a legal position.
    Fen {
        /// The tag's line.
        line: usize,
        /// Why.
        error: FenError,
    },
    /// `[SetUp "1"]` without a `FEN` tag.
    MissingFen {
        /// The `SetUp` tag's line.
        line: usize,
    },
    /// A movetext token that is not SAN (nor a move number, comment, annotation or result).
    NotAMove(MoveAt),
    /// A SAN move no legal move of the position matches.
    IllegalMove(MoveAt),
    /// A SAN move several legal moves match.
    AmbiguousMove(MoveAt),
    /// A move after the rules ended the game.
    MoveAfterEnd {
        /// The move.
        at: MoveAt,
        /// How the game had ended.
        outcome: Outcome,
    },
}

impl ReadError {
    /// The line (1-based) the error is on; `None` for [`ReadError::Empty`].
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        match self {
            ReadError::Empty => None,
            ReadError::UnterminatedTag { line }
            | ReadError::MalformedTag { line }
            | ReadError::UnterminatedComment { line }
            | ReadError::UnterminatedVariation { line }
            | ReadError::UnmatchedParenthesis { line }
            | ReadError::UnknownVariant { line, .. }
            | ReadError::Fen { line, .. }
            | ReadError::MissingFen { line } => Some(*line),
            ReadError::NotAMove(at)
            | ReadError::IllegalMove(at)
            | ReadError::AmbiguousMove(at)
            | ReadError::MoveAfterEnd { at, .. } => Some(at.line),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line() {
            write!(f, "line {line}: ")?;
        }
        match self {
            ReadError::Empty => f.write_str("no game found: the text has no tags and no moves"),
            ReadError::UnterminatedTag { .. } => {
                f.write_str("unterminated tag (a tag is [Name \"value\"] on one line)")
            }
            ReadError::MalformedTag { .. } => {
                f.write_str("malformed tag (expected [Name \"value\"])")
            }
            ReadError::UnterminatedComment { .. } => {
                f.write_str("the comment opened here with { is never closed")
            }
            ReadError::UnterminatedVariation { .. } => {
                f.write_str("the variation opened here with ( is never closed")
            }
            ReadError::UnmatchedParenthesis { .. } => f.write_str(") without a matching ("),
            ReadError::UnknownVariant { variant, .. } => write!(
                f,
                "the variant \"{variant}\" is not ASEAN chess (expected [Variant \"{VARIANT}\"])"
            ),
            ReadError::Fen { error, .. } => write!(f, "bad FEN tag: {error}"),
            ReadError::MissingFen { .. } => f.write_str("[SetUp \"1\"] but no FEN tag"),
            ReadError::NotAMove(at) => {
                let side = match at.side {
                    Color::White => "White",
                    Color::Black => "Black",
                };
                write!(
                    f,
                    "\"{}\" is not a move ({side}'s move {})",
                    at.token, at.number
                )
            }
            ReadError::IllegalMove(at) => write!(f, "{at} is not legal in this position"),
            ReadError::AmbiguousMove(at) => write!(
                f,
                "{at} is ambiguous: several pieces can make it (name the origin file or rank, \
                 or the promotion)"
            ),
            ReadError::MoveAfterEnd { at, outcome } => write!(
                f,
                "{at} comes after the end of the game ({})",
                End::of_outcome(Some(*outcome)).comment
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the first game of a PGN text under `rules` (the promotion setting is the caller's:
/// PGN has no tag for it).
///
/// Accepted: a byte-order mark, blank lines, CRLF or CR line ends; tag pairs (`\"` and `\\`
/// escapes); `%` escape lines; `{ }` and `;` comments; move numbers (`12.`, `12...`, `1.e4`);
/// NAGs (`$1`) and annotations (`!`, `?`, `!?`, `+`, `#`); variations `( )`, nested, skipped
/// unread. `[Variant]` must be absent or `asean` (any case). The game ends at the result token
/// (`1-0`, `0-1`, `1/2-1/2`, `*`), or at the next game's first tag; the rest is ignored.
///
/// # Errors
/// A [`ReadError`] naming the line, and for a move its number, side and text: malformed tags,
/// comments or variations, another variant, a bad `FEN`, a token that is not a move, an
/// illegal or ambiguous move or one after the end, or a text with neither tags nor moves.
///
/// ```
/// use rules::{Rules, pgn};
/// let text = "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6# 1-0\n";
/// let imported = pgn::read(text, Rules::default()).unwrap();
/// assert_eq!(imported.tags.white, "Ann");
/// assert_eq!(imported.score, pgn::Score::WhiteWins);
/// assert!(imported.game.position().is_checkmate());
///
/// let err = pgn::read("1. e4 d5\n2. Kxe5 *", Rules::default()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: move 2. Kxe5 is not legal in this position");
/// ```
pub fn read(text: &str, rules: Rules) -> Result<Imported, ReadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut scan = Scanner {
        s: text,
        pos: 0,
        line: 1,
    };

    // Tags.
    let mut tags: Vec<(usize, String, String)> = Vec::new();
    loop {
        scan.skip_space();
        if scan.peek() != Some('[') {
            break;
        }
        let line = scan.line;
        let (name, value) = scan.tag()?;
        tags.push((line, name, value));
    }
    let head = Head::of(tags, rules)?;
    let mut game = head.game;

    // Movetext.
    let mut score = None;
    let mut depth = 0usize;
    let mut variation_line = 0;
    let mut moves = 0usize;
    let mut comments: Vec<String> = Vec::new();
    loop {
        scan.skip_space();
        let line = scan.line;
        let Some(c) = scan.peek() else { break };
        match c {
            '{' => {
                scan.bump();
                let start = scan.pos;
                loop {
                    match scan.bump() {
                        None => return Err(ReadError::UnterminatedComment { line }),
                        Some('}') => break,
                        Some(_) => {}
                    }
                }
                if depth == 0 {
                    comments.push(scan.s[start..scan.pos - 1].to_owned());
                }
            }
            ';' => {
                let start = scan.pos + 1;
                scan.skip_line();
                if depth == 0 {
                    comments.push(scan.s[start..scan.pos].to_owned());
                }
            }
            '(' => {
                scan.bump();
                if depth == 0 {
                    variation_line = line;
                }
                depth += 1;
            }
            ')' => {
                scan.bump();
                if depth == 0 {
                    return Err(ReadError::UnmatchedParenthesis { line });
                }
                depth -= 1;
            }
            // The next game's tags.
            '[' => break,
            '.' => {
                scan.bump();
            }
            _ => {
                let word = scan.word();
                if depth > 0 {
                    continue;
                }
                if let Some(s) = Score::from_token(word) {
                    score = Some(s);
                    break;
                }
                if is_move_number(word) || is_nag(word) || word.chars().all(|c| "!?+#".contains(c))
                {
                    continue;
                }
                let pos = game.position();
                let at = MoveAt {
                    line,
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    token: word.to_owned(),
                };
                match game.play_san(word) {
                    Ok(_) => {}
                    // A game that is over has its outcome; the other arm only keeps this total.
                    Err(PlayError::GameOver) => {
                        return Err(match game.outcome() {
                            Some(outcome) => ReadError::MoveAfterEnd { at, outcome },
                            None => ReadError::IllegalMove(at),
                        });
                    }
                    Err(PlayError::Move(ReadSanError::Parse(_))) => {
                        return Err(ReadError::NotAMove(at));
                    }
                    Err(PlayError::Move(ReadSanError::San(SanError::Illegal))) => {
                        return Err(ReadError::IllegalMove(at));
                    }
                    Err(PlayError::Move(ReadSanError::San(SanError::Ambiguous))) => {
                        return Err(ReadError::AmbiguousMove(at));
                    }
                }
                moves += 1;
                comments.clear();
            }
        }
    }
    if depth > 0 {
        return Err(ReadError::UnterminatedVariation {
            line: variation_line,
        });
    }
    if head.empty && moves == 0 {
        return Err(ReadError::Empty);
    }
    let comment = final_comment(&comments);
    Ok(Imported {
        tags: head.tags,
        game,
        score: score.or(head.result).unwrap_or(Score::Unfinished),
        termination: head.termination,
        comment,
    })
}

/// What the tags say.
struct Head {
    tags: Tags,
    game: Game,
    result: Option<Score>,
    termination: Option<Termination>,
    /// No tag at all.
    empty: bool,
}

impl Head {
    fn of(pairs: Vec<(usize, String, String)>, rules: Rules) -> Result<Head, ReadError> {
        let empty = pairs.is_empty();
        let unknown = || "?".to_owned();
        let mut tags = Tags {
            event: unknown(),
            site: unknown(),
            date: None,
            round: unknown(),
            white: unknown(),
            black: unknown(),
            time_control: None,
            extra: Vec::new(),
        };
        let mut result = None;
        let mut termination = None;
        let mut setup = None;
        let mut fen = None;
        for (line, name, value) in pairs {
            match name.to_ascii_lowercase().as_str() {
                "event" => tags.event = value,
                "site" => tags.site = value,
                "date" => match parse_date(&value) {
                    Some(date) => tags.date = Some(date),
                    // A partial date (`2026.??.??`) is kept as written.
                    None if value.trim().is_empty() || value.trim() == "????.??.??" => {}
                    None => tags.extra.push((name, value)),
                },
                "round" => tags.round = value,
                "white" => tags.white = value,
                "black" => tags.black = value,
                "timecontrol" => tags.time_control = Some(TimeControlTag::from_value(&value)),
                "result" => result = Score::from_token(value.trim()),
                "variant" => {
                    let v = value.trim();
                    if !v.is_empty() && !v.eq_ignore_ascii_case(VARIANT) {
                        return Err(ReadError::UnknownVariant {
                            line,
                            variant: value,
                        });
                    }
                }
                "setup" => setup = Some((line, value.trim() == "1")),
                "fen" => fen = Some((line, value)),
                "termination" => match Termination::from_value(&value) {
                    Some(t) => termination = Some(t),
                    None => tags.extra.push((name, value)),
                },
                _ => tags.extra.push((name, value)),
            }
        }
        let game = match (fen, setup) {
            (Some((line, fen)), _) => {
                Game::from_fen(&fen, rules).map_err(|error| ReadError::Fen { line, error })?
            }
            (None, Some((line, true))) => return Err(ReadError::MissingFen { line }),
            (None, _) => Game::new(rules),
        };
        Ok(Head {
            tags,
            game,
            result,
            termination,
            empty,
        })
    }
}

/// `YYYY.MM.DD` (also with `-` or `/`); `None` for an unknown or partial date.
fn parse_date(value: &str) -> Option<(u16, u8, u8)> {
    let mut parts = value.trim().split(['.', '-', '/']);
    let mut number = |max: u16| -> Option<u16> {
        let p = parts.next()?;
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        p.parse().ok().filter(|&n| n <= max)
    };
    let year = number(9999)?;
    let month = u8::try_from(number(12)?).ok().filter(|&m| m >= 1)?;
    let day = u8::try_from(number(31)?).ok().filter(|&d| d >= 1)?;
    if parts.next().is_some() {
        return None;
    }
    Some((year, month, day))
}

/// `12`, `12.` or `12...` (the dots may also come as their own token).
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `$` and digits.
fn is_nag(word: &str) -> bool {
    word.strip_prefix('$')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// The comments after the last move, joined, without `[%...]` commands and with the white space
/// of several lines made single spaces.
fn final_comment(comments: &[String]) -> Option<String> {
    let mut words = Vec::new();
    for c in comments {
        let mut rest = c.as_str();
        let mut text = String::with_capacity(c.len());
        while let Some(i) = rest.find("[%") {
            text.push_str(&rest[..i]);
            text.push(' ');
            match rest[i..].find(']') {
                Some(j) => rest = &rest[i + j + 1..],
                None => {
                    rest = "";
                }
            }
        }
        text.push_str(rest);
        words.extend(text.split_whitespace().map(str::to_owned));
    }
    (!words.is_empty()).then(|| words.join(" "))
}

/// A cursor over the text that counts lines (`\n`, `\r\n` or a lone `\r` each end one).
struct Scanner<'a> {
    s: &'a str,
    pos: usize,
    line: usize,
}

/// Characters that end a movetext word (besides white space).
const DELIMITERS: &str = "{}()[];\".$";

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.s.get(self.pos..)?.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' || (c == '\r' && self.peek() != Some('\n')) {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.s[..self.pos].ends_with(['\n', '\r'])
    }

    /// Skips to the end of the line (not past its line break).
    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
    }

    /// Skips white space and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && self.at_line_start() {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    /// Skips white space within the line.
    fn skip_inline_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() && c != '\n' && c != '\r' {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// A tag pair, at its `[`.
    fn tag(&mut self) -> Result<(String, String), ReadError> {
        let line = self.line;
        let unterminated = ReadError::UnterminatedTag { line };
        let malformed = ReadError::MalformedTag { line };
        let end_of_line = |c: Option<char>| matches!(c, None | Some('\n' | '\r'));
        self.bump();
        self.skip_inline_space();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        let name = self.s[start..self.pos].to_owned();
        self.skip_inline_space();
        match self.peek() {
            Some('"') if !name.is_empty() => {
                self.bump();
            }
            c if end_of_line(c) => return Err(unterminated),
            _ => return Err(malformed),
        }
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n' | '\r') => return Err(unterminated),
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            value.push(c);
                        }
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        self.skip_inline_space();
        match self.peek() {
            Some(']') => {
                self.bump();
                Ok((name, value))
            }
            c if end_of_line(c) => Err(unterminated),
            _ => Err(malformed),
        }
    }

    /// A movetext word: up to white space or a delimiter (a NAG's `$` starts a word); a lone
    /// delimiter that starts no construct (`"`, `]`) is a word of its own.
    fn word(&mut self) -> &str {
        let start = self.pos;
        if self.peek() == Some('$') {
            self.bump();
        }
        while let Some(c) = self.peek() {
            if c.is_whitespace() || DELIMITERS.contains(c) {
                break;
            }
            self.bump();
        }
        if self.pos == start {
            self.bump();
        }
        &self.s[start..self.pos]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PromotionRule, pgn::write};

    fn ok(text: &str) -> Imported {
        read(text, Rules::default()).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn err(text: &str) -> String {
        match read(text, Rules::default()) {
            Ok(i) => panic!("read: {:?}\n{text}", i.game.san_moves()),
            Err(e) => e.to_string(),
        }
    }

    fn sans(i: &Imported) -> Vec<String> {
        i.game.san_moves()
    }

    #[test]
    fn comments_variations_nags_and_annotations_are_skipped() {
        let text = "\u{feff}\r\n\r\n[Event \"Club\"]\r\n% a private line\r\n[Site \"Here\"]\r\n\r\n\
            {Before.} 1. e4! $1 d5?! + (1... d5 {in the line} (1... a5 2. a4) 2. c4) 2. exd5 ; eol\r\n\
            2... exd5!?$14 { [%clk 0:01:00] Black took\r\n back. [%eval 0.3] } 1/2-1/2 junk after";
        let i = ok(text);
        assert_eq!(sans(&i), ["e4", "d5", "exd5", "exd5"]);
        assert_eq!(i.tags.event, "Club");
        assert_eq!(i.tags.site, "Here");
        assert_eq!(i.score, Score::Draw);
        assert_eq!(i.comment.as_deref(), Some("Black took back."));
        assert_eq!(i.termination, None);
        assert_eq!(
            i.verdict(),
            Verdict::Implies(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
    }

    #[test]
    fn a_game_from_a_fen_tag() {
        let text =
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4R3/4K3 b - - 0 30\"]\n\n30... Kd8 31. Re7 *";
        let i = ok(text);
        assert_eq!(i.game.initial_fen(), "4k3/8/8/8/8/8/4R3/4K3 b - - 0 30");
        assert_eq!(sans(&i), ["Kd8", "Re7"]);
        assert_eq!(i.score, Score::Unfinished);
        assert_eq!(i.verdict(), Verdict::Agrees);
        // A FEN tag without SetUp is used too.
        let i = ok("[FEN \"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1\"]\n1. Re7+ *");
        assert_eq!(sans(&i), ["Re7+"]);
    }

    #[test]
    fn escaped_tag_values_and_other_tags_in_order() {
        let text = "[White \"Ann \\\"the rook\\\" \\\\ B\"]\n[Black \"C:\\games\"]\n[Zeta \"1\"]\n\
            [Alpha \"2\"]\n[Date \"2024.05.01\"]\n[TimeControl \"300+3\"]\n[Termination \"rules infraction\"]\n\n*";
        let i = ok(text);
        assert_eq!(i.tags.white, "Ann \"the rook\" \\ B");
        assert_eq!(i.tags.black, "C:\\games");
        assert_eq!(i.tags.date, Some((2024, 5, 1)));
        assert_eq!(
            i.tags.time_control,
            Some(TimeControlTag::Control(
                crate::TimeControl::fischer(300, 3).expect("a time control")
            ))
        );
        assert_eq!(
            i.tags.extra,
            [
                ("Zeta".to_owned(), "1".to_owned()),
                ("Alpha".to_owned(), "2".to_owned()),
                ("Termination".to_owned(), "rules infraction".to_owned())
            ]
        );
        assert_eq!(i.termination, None);
        assert_eq!(i.tags.event, "?");
        assert_eq!(parse_date("2024.??.??"), None);
        assert_eq!(parse_date("2024-13-01"), None);
    }

    #[test]
    fn a_pgn_written_by_hand_in_another_programs_style() {
        let text = "[Event \"Online\"]\n[Site \"pychess\"]\n[Date \"2025.01.02\"]\n[Round \"?\"]\n\
            [White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[Variant \"ASEAN\"]\n\n\
            1.Nd2 {Develops.} Nd7 2.Nc4 {[%clk 0:05:00]} 2...Ne7\n3.Nxd6# 1-0\n";
        let i = ok(text);
        assert_eq!(sans(&i), ["Nd2", "Nd7", "Nc4", "Ne7", "Nxd6#"]);
        assert_eq!(i.score, Score::WhiteWins);
        assert_eq!(i.verdict(), Verdict::Agrees);
        assert_eq!(i.comment, None);
        assert_eq!(i.end().termination, Termination::Normal);
    }

    #[test]
    fn only_the_first_game_and_the_result_tag_without_a_token() {
        let text = "[Result \"0-1\"]\n\n1. e4 d5\n\n[Event \"Second\"]\n\n1. a4 *";
        let i = ok(text);
        assert_eq!(sans(&i), ["e4", "d5"]);
        assert_eq!(i.score, Score::BlackWins);
        let mut i = i;
        assert_eq!(
            i.apply_result(),
            Verdict::Implies(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Resignation
            })
        );
        assert_eq!(
            i.game.outcome().map(Outcome::label),
            Some("resign-black-wins")
        );
        assert_eq!(i.verdict(), Verdict::Agrees);
    }

    #[test]
    fn a_result_against_the_rules_contradicts() {
        let i = ok("1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6# 0-1");
        assert_eq!(i.verdict(), Verdict::Contradicts);
        let mut i = ok("1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6# *");
        assert_eq!(i.apply_result(), Verdict::Contradicts);
        assert!(i.game.position().is_checkmate());
    }

    #[test]
    fn a_partial_date_is_kept_as_written_in_its_place() {
        let i = ok("[Event \"x\"]\n[Date \"2026.??.??\"]\n[Round \"1\"]\n\n1. e4 *");
        assert_eq!(i.tags.date, None);
        let text = super::super::write(&i.game, &i.tags, &i.end());
        assert!(
            text.contains("[Date \"2026.??.??\"]\n[Round \"1\"]"),
            "{text}"
        );
        assert_eq!(text.matches("[Date ").count(), 1, "{text}");
        let unknown = ok("[Date \"????.??.??\"]\n\n1. e4 *");
        assert!(unknown.tags.extra.is_empty());
    }

    #[test]
    fn a_time_forfeit_is_a_flag_that_the_position_must_confirm() {
        let mut i = ok("[Termination \"time forfeit\"]\n\n1. e4 d5 1-0");
        assert_eq!(
            i.apply_result(),
            Verdict::Implies(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Timeout
            })
        );
        assert_eq!(
            i.game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Timeout
            })
        );
        // A draw on time needs a side that cannot mate; from the start, both can.
        let i = ok("[Termination \"Time forfeit\"]\n\n1. e4 d5 1/2-1/2");
        assert_eq!(i.verdict(), Verdict::Contradicts);
        let lone = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/3P4/8/4K3 w - - 0 1\"]\n[Termination \"time forfeit\"]\n\n1. Kf2 Kf7 1/2-1/2";
        let mut i = ok(lone);
        i.apply_result();
        assert_eq!(
            i.game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Timeout
            })
        );
        // A bare king cannot win on time: the result contradicts the position.
        let bare = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/3P4/8/4K3 w - - 0 1\"]\n[Termination \"time forfeit\"]\n\n1. Kf2 Kf7 0-1";
        let mut i = ok(bare);
        assert_eq!(i.apply_result(), Verdict::Contradicts);
        assert_eq!(i.game.outcome(), None);
        // Without the tag, a win is still a resignation, and the text says whether it was one.
        let i = ok("1. e4 d5 1-0");
        assert!(matches!(
            i.verdict(),
            Verdict::Implies(Outcome::Win {
                reason: WinReason::Resignation,
                ..
            })
        ));
        assert!(!i.says(&["resign"]));
    }

    #[test]
    fn a_draw_names_a_valid_claim_or_is_agreed() {
        // Knights out and back from the start, twice: the start position for the third time.
        let text = "1. Ne2 Ne7 2. Ng1 Ng8 3. Ne2 Ne7 4. Ng1 Ng8 {Draw claimed by threefold repetition.} 1/2-1/2";
        let mut i = ok(text);
        assert_eq!(
            i.apply_result(),
            Verdict::Implies(Outcome::Draw {
                reason: DrawReason::Threefold
            })
        );
        // The comment names a claim that is not valid: agreement.
        let i = ok("1. Ne2 Ne7 {Draw by repetition} 1/2-1/2");
        assert_eq!(
            i.verdict(),
            Verdict::Implies(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
    }

    #[test]
    fn each_error_names_its_line_and_move() {
        assert_eq!(
            err("[Event \"x\"]\n\n1. e4 d5\n2. Nd2 Nd7 3. Kxe5 *"),
            "line 4: move 3. Kxe5 is not legal in this position"
        );
        assert_eq!(
            err("1. e4 d5 2. Nd2\n2... Kxe5+ *"),
            "line 2: move 2... Kxe5+ is not legal in this position"
        );
        assert_eq!(
            err("[Event \"x\"]\n\n\n\n1. e4 Zz9"),
            "line 5: \"Zz9\" is not a move (Black's move 1)"
        );
        assert_eq!(
            err("1. O-O"),
            "line 1: \"O-O\" is not a move (White's move 1)"
        );
        assert_eq!(
            err("[Event \"x\"]\n[Site \"y\n"),
            "line 2: unterminated tag (a tag is [Name \"value\"] on one line)"
        );
        assert!(err("[Event \"x\"\n").starts_with("line 1: unterminated tag"));
        assert_eq!(
            err("\n[Event x]"),
            "line 2: malformed tag (expected [Name \"value\"])"
        );
        assert_eq!(
            err("[Variant \"makruk\"]\n1. e4 *"),
            "line 1: the variant \"makruk\" is not ASEAN chess (expected [Variant \"asean\"])"
        );
        assert_eq!(
            err(
                "[Event \"x\"]\n[FEN \"rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w KQkq - 0 1\"]\n*"
            ),
            "line 2: bad FEN tag: invalid castling field in FEN (expected -)"
        );
        assert_eq!(
            err("[SetUp \"1\"]\n*"),
            "line 1: [SetUp \"1\"] but no FEN tag"
        );
        assert_eq!(
            err("1. e4 {open\n\n d5"),
            "line 1: the comment opened here with { is never closed"
        );
        assert_eq!(
            err("1. e4\n(1. a4 d5 *"),
            "line 2: the variation opened here with ( is never closed"
        );
        assert_eq!(err("1. e4 ) d5"), "line 1: ) without a matching (");
        assert_eq!(err(""), "no game found: the text has no tags and no moves");
        assert_eq!(err(" \r\n {only a comment} *"), err("\u{feff}"));
        assert_eq!(
            err("1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6#\n3... Ke8 1-0"),
            "line 2: move 3... Ke8 comes after the end of the game (Checkmate: White wins.)"
        );
        // Both knights reach e2.
        let ambiguous = read(
            "[FEN \"4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1\"]\n1. Ne2 *",
            Rules::default(),
        )
        .expect_err("two knights reach e2");
        assert_eq!(
            ambiguous.to_string(),
            "line 2: move 1. Ne2 is ambiguous: several pieces can make it (name the origin \
             file or rank, or the promotion)"
        );
        assert!(matches!(
            ambiguous,
            ReadError::AmbiguousMove(MoveAt {
                number: 1,
                side: Color::White,
                ..
            })
        ));
    }

    #[test]
    fn a_promotion_follows_the_callers_rules() {
        let text = "[FEN \"4k2r/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n1. a8 *";
        let i = read(text, Rules::LAWS_2011).expect("met-only: the letter may be left out");
        assert_eq!(sans(&i), ["a8=Q"]);
        assert!(matches!(
            read(text, Rules::default()),
            Err(ReadError::AmbiguousMove(_))
        ));
        let rook = "[FEN \"4k2r/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n1. a8=R+ *";
        assert!(read(rook, Rules::default()).is_ok());
        assert!(matches!(
            read(
                rook,
                Rules {
                    promotion: PromotionRule::MetOnly
                }
            ),
            Err(ReadError::IllegalMove(_))
        ));
    }

    #[test]
    fn our_own_pgn_reads_back_to_the_same_text() {
        let mut game = Game::new(Rules::default());
        for uci in [
            "g1e2", "g8e7", "e2g1", "e7g8", "g1e2", "g8e7", "e2g1", "e7g8",
        ] {
            game.play_uci(uci).expect("move");
        }
        game.claim_draw(DrawClaim::Threefold).expect("claim");
        let tags = Tags {
            white: "Ann \"the rook\"".into(),
            date: Some((2025, 3, 4)),
            time_control: Some(TimeControlTag::Raw("40/7200:3600".into())),
            extra: vec![("Link".into(), "https://example.org/#/room/1".into())],
            ..Tags::default()
        };
        let text = write(&game, &tags, &End::of(&game));
        let mut back = ok(&text);
        assert_eq!(back.tags, tags);
        assert_eq!(back.termination, Some(Termination::Normal));
        assert_eq!(write(&back.game, &back.tags, &back.end()), {
            let mut g = game.clone();
            g.undo();
            write(&g, &tags, &End::of(&game))
        });
        back.apply_result();
        assert_eq!(back.game, game);
        assert_eq!(write(&back.game, &back.tags, &End::of(&back.game)), text);
    }

    #[test]
    fn time_control_tags_the_rules_cannot_play_are_written_back_unchanged() {
        for (value, control) in [
            ("300+3", crate::TimeControl::fischer(300, 3).ok()),
            ("15+0", crate::TimeControl::fischer(15, 0).ok()),
            ("40/7200:3600", None),
            ("-", None),
            ("?", None),
            ("300", None),
            ("*180", None),
            ("0+0", None),
            ("300+03", None),
        ] {
            let text = format!("[TimeControl \"{value}\"]\n\n*");
            let i = ok(&text);
            let tag = i.tags.time_control.clone().expect("the tag");
            assert_eq!(tag.control(), control, "{value}");
            let written = write(&i.game, &i.tags, &i.end());
            assert!(
                written.contains(&format!("[TimeControl \"{value}\"]\n")),
                "{value}: {written}"
            );
        }
    }
}
