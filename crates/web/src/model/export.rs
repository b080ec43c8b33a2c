//! The game on the board as PGN (with the tags its mode gives), its file name, and the reading
//! of a pasted PGN or FEN.

use super::room::is_server_only;
use super::{Mode, Model};
use crate::i18n::{Key, Lang};
use crate::intl::utc_date;
use protocol::Outcome;
use rules::pgn::{self, End, Termination};
use rules::{Color, Game, Rules};

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

/// The tags of the game on the board.
pub fn tags(model: &Model) -> pgn::Tags {
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

/// The game on the board as PGN.
pub fn pgn(model: &Model) -> String {
    pgn::write(
        &model.game,
        &tags(model),
        &end_of(&model.game, model.result()),
    )
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
            })
            .map_err(|e| lang.fmt(Key::ImportBadFen, &[("error", &e.to_string())]));
    }
    let mut read = pgn::read(text, rules)
        .map_err(|e| lang.fmt(Key::ImportBadPgn, &[("error", &e.to_string())]))?;
    // A result the moves do not show (a resignation, an agreement, a claim) is applied; one
    // that contradicts them leaves the game as played.
    read.apply_result();
    Ok(Imported {
        game: read.game,
        from_pgn: true,
    })
}
