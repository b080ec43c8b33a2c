//! The game on the board as PGN (with the tags its mode gives), its file name, and the reading
//! of a pasted PGN or FEN.

use super::room::is_server_only;
use super::{Mode, Model};
use crate::i18n::{Key, Lang};
use crate::intl::utc_date;
use protocol::Outcome;
use rules::pgn::{self, End, Score, Termination, Verdict};
use rules::{Color, DrawReason, Game, Rules, WinReason};
use serde::{Deserialize, Serialize};

/// How a game with `result` ends in PGN: the rules' words for every end
/// ([`End::of_outcome`]), the server's included (time, abandonment, abort, the ply cap).
pub fn end_of(game: &Game, result: Option<Outcome>) -> End {
    match result {
        // An end of the board or of a player that the game on the board does not show (a
        // damaged record): its score alone.
        Some(r) if !is_server_only(r) && game.outcome() != Some(r) => End {
            score: r.score(),
            termination: Termination::Normal,
            comment: String::new(),
        },
        _ => End::of_outcome(result),
    }
}

/// When the online game on the board began, as far as this browser knows: its saved record's
/// creation, else now.
fn online_started(model: &Model) -> f64 {
    model
        .current_id()
        .and_then(|id| model.saved.iter().find(|g| g.id == id))
        .map_or(model.now, |g| g.created)
}

/// The tags of the game on the board: an imported game's own (kept even when the players go
/// on from its end), else the ones its mode gives.
pub fn tags(model: &Model) -> pgn::Tags {
    if let Some(r) = model.mode.local().and_then(|l| l.record.as_ref()) {
        return r.tags.clone();
    }
    let mut tags = pgn::Tags {
        site: if model.env.origin.is_empty() {
            "?".to_owned()
        } else {
            model.env.origin.clone()
        },
        ..pgn::Tags::default()
    };
    match &model.mode {
        Mode::HotSeat(l) => {
            tags.date = utc_date(l.created);
            tags.time_control = l.clock.as_ref().map(|c| c.control.into());
        }
        Mode::Ai(l, a) => {
            tags.event = "Game against the AI".to_owned();
            tags.date = utc_date(l.created);
            tags.time_control = l.clock.as_ref().map(|c| c.control.into());
            let ai = format!("ASEAN chess AI, level {}", a.settings.level.number());
            match a.settings.human {
                Color::White => tags.black = ai,
                Color::Black => tags.white = ai,
            }
        }
        Mode::Online(o) => {
            tags.event = "Online game".to_owned();
            tags.date = utc_date(online_started(model));
            tags.time_control = o.view.as_ref().and_then(|v| v.state.clock).map(Into::into);
            if let Some(room) = &o.room {
                tags.site = super::room::invite_link(&model.env.origin, room);
            }
        }
    }
    tags
}

/// The game on the board as PGN: an imported game at its record's end ends as the record
/// says (its result, `Termination` and final comment).
pub fn pgn(model: &Model) -> String {
    let recorded = model
        .record_end()
        .and_then(|_| model.mode.local()?.record.as_ref())
        .map(|r| r.end.clone());
    let end = recorded.unwrap_or_else(|| end_of(&model.game, model.result()));
    pgn::write(&model.game, &tags(model), &end)
}

/// The download's file name: `asean-<date>-<id>.pgn`.
pub fn file_name(model: &Model) -> String {
    let date = utc_date(match &model.mode {
        Mode::HotSeat(l) | Mode::Ai(l, _) => l.created,
        Mode::Online(_) => online_started(model),
    })
    .map_or_else(
        || "game".to_owned(),
        |(y, m, d)| format!("{y:04}-{m:02}-{d:02}"),
    );
    let id = match &model.mode {
        Mode::HotSeat(l) | Mode::Ai(l, _) => l.id.clone(),
        Mode::Online(o) => o.room.as_ref().map(ToString::to_string).unwrap_or_default(),
    };
    format!("asean-{date}-{id}.pgn")
}

/// A game read from pasted text.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The game.
    pub game: Game,
    /// It came from a PGN (a game record) rather than a FEN (a position to play from).
    pub from_pgn: bool,
    /// What the PGN says beyond its moves (its tags and its end), kept with the game.
    pub record: Option<Record>,
}

/// The longest PGN text kept with an imported game, in bytes: a longer record keeps its moves,
/// and its tags and end are then written as for any game.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// How an imported game's end is shown while its moves are the record's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "score")]
pub enum RecordEnd {
    /// As the game ended: by the rules, or as the text says (a resignation, an agreement, a
    /// valid claim, a flag the position confirms).
    AsPlayed,
    /// A result whose reason the text does not give (`1-0` alone): shown as the record's
    /// result, never as a resignation or an agreement it did not say.
    Unstated(RecordScore),
    /// The record says the loser left the game (`Termination "abandoned"`): the winner.
    Abandoned(Color),
    /// The result contradicts the moves (a mate scored the other way, a win on time the
    /// position cannot give): the game is shown as played, with a warning.
    Contradicts(RecordScore),
}

/// A record's result token, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecordScore {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`.
    Unfinished,
}

impl RecordScore {
    fn of(score: Score) -> RecordScore {
        match score {
            Score::WhiteWins => RecordScore::WhiteWins,
            Score::BlackWins => RecordScore::BlackWins,
            Score::Draw => RecordScore::Draw,
            Score::Unfinished => RecordScore::Unfinished,
        }
    }

    /// The token as players write it (`1-0`, `0-1`, `½-½`, `*`).
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            RecordScore::WhiteWins => "1-0",
            RecordScore::BlackWins => "0-1",
            RecordScore::Draw => "½-½",
            RecordScore::Unfinished => "*",
        }
    }
}

/// What an imported PGN says beyond its moves: its tags as the text had them, its end as the
/// text says it, and how that end is shown; kept (and saved, and written back on export)
/// while the game's moves are the record's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The tags (roster, `TimeControl` raw where it is not one of ours, unknown tags).
    pub tags: pgn::Tags,
    /// The result token, `Termination` and final comment, as the text has them.
    pub end: End,
    /// The record's plies: past them the game is a continuation of the player's own.
    pub plies: usize,
    /// How its end is shown.
    pub shown: RecordEnd,
    /// The text, for the saved game (at most [`MAX_RECORD_BYTES`]).
    pub text: String,
}

impl Record {
    /// The record of `read` (after [`pgn::Imported::apply_result`] gave `verdict`) from `text`.
    fn of(read: &pgn::Imported, verdict: Verdict, text: &str) -> Record {
        let score = RecordScore::of(read.score);
        let shown = match verdict {
            Verdict::Agrees => RecordEnd::AsPlayed,
            Verdict::Contradicts => RecordEnd::Contradicts(score),
            Verdict::Implies(rules::Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            }) => {
                if read.termination == Some(Termination::Abandoned) {
                    RecordEnd::Abandoned(winner)
                } else if read.says(&["resign"]) {
                    RecordEnd::AsPlayed
                } else {
                    RecordEnd::Unstated(score)
                }
            }
            Verdict::Implies(rules::Outcome::Draw {
                reason: DrawReason::Agreement,
            }) if !read.says(&["agree"]) => RecordEnd::Unstated(score),
            Verdict::Implies(_) => RecordEnd::AsPlayed,
        };
        Record {
            tags: read.tags.clone(),
            end: read.end(),
            plies: read.game.moves().len(),
            shown,
            text: text.to_owned(),
        }
    }

    /// The record kept with a saved game: its text read again under `rules`, with the shown
    /// end as saved; `None` when the text no longer reads (it was read once: never, unless
    /// storage was edited).
    #[must_use]
    pub fn restore(text: &str, shown: RecordEnd, rules: Rules) -> Option<Record> {
        let read = pgn::read(text, rules).ok()?;
        Some(Record {
            tags: read.tags.clone(),
            end: read.end(),
            plies: read.game.moves().len(),
            shown,
            text: text.to_owned(),
        })
    }
}

/// Whether `text` looks like a FEN rather than a PGN: one line, no tag pair, ranks separated
/// by `/`.
fn looks_like_fen(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && !t.contains('\n') && !t.starts_with('[') && t.contains('/')
}

/// Reads a pasted PGN or FEN under `rules` (the FEN's promotion setting is the page's).
///
/// # Errors
/// A sentence in `lang` saying what is wrong and where (the PGN's line and move).
pub fn read(text: &str, rules: Rules, lang: Lang) -> Result<Imported, String> {
    if text.trim().is_empty() {
        return Err(lang.t(Key::ImportEmpty).to_owned());
    }
    if looks_like_fen(text) {
        return Game::from_fen(text.trim(), rules)
            .map(|game| Imported {
                game,
                from_pgn: false,
                record: None,
            })
            .map_err(|e| lang.fmt(Key::ImportBadFen, &[("error", &e.to_string())]));
    }
    let mut read = pgn::read(text, rules)
        .map_err(|e| lang.fmt(Key::ImportBadPgn, &[("error", &e.to_string())]))?;
    // A result the moves do not show (a resignation, an agreement, a claim, a flag) is
    // applied; one that contradicts them leaves the game as played.
    let verdict = read.apply_result();
    let record = (text.len() <= MAX_RECORD_BYTES).then(|| Record::of(&read, verdict, text));
    Ok(Imported {
        game: read.game,
        from_pgn: true,
        record,
    })
}
