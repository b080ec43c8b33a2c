//! Learn from your mistakes (see [`crate::model::learn`]): started from the analysis once it is
//! complete, a move tried on each mistake's position is judged at once when it is the best or
//! the move played, else by the worker's evaluation of the position it leads to.

use super::{Cmd, WorkerCmd};
use crate::model::analysis::MOVETIME_MS;
use crate::model::learn::{Learn, LearnState, accepts};
use crate::model::{Mode, Model};
use engine::analysis::Eval;
use rules::{Color, Move};

/// What the learn card asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnMsg {
    /// Start with the first mistake (`#btn-learn`).
    Start,
    /// Show the best move and the engine's line (`#learn-solution`).
    Solution,
    /// On to the next mistake (`#learn-next`, also a skip).
    Next,
    /// Leave (`#learn-close`).
    Close,
}

/// The side whose mistakes the player learns from: theirs against the AI or online, else the
/// side at the bottom of the board.
pub fn side(model: &Model) -> Color {
    match &model.mode {
        Mode::Ai(_, a) => a.settings.human,
        Mode::Online(o) => o.view.as_ref().and_then(|v| v.you).unwrap_or(bottom(model)),
        Mode::HotSeat(_) => bottom(model),
    }
}

fn bottom(model: &Model) -> Color {
    if model.board.flipped {
        Color::Black
    } else {
        Color::White
    }
}

/// Whether there is something to learn: the analysis of the game on the board is complete and
/// the side has a mistake or a blunder in it.
pub fn available(model: &Model) -> bool {
    model.learn.is_none()
        && model.analysis.as_ref().is_some_and(|a| {
            a.complete()
                && a.is_of(&model.game)
                && !crate::model::learn::mistakes(&model.game, a, side(model)).is_empty()
        })
}

/// Handles a message of the learn card.
pub fn handle(model: &mut Model, msg: LearnMsg) {
    match msg {
        LearnMsg::Start => {
            if !available(model) {
                return;
            }
            let side = side(model);
            model.learn = model
                .analysis
                .as_ref()
                .and_then(|a| Learn::new(&model.game, a, side));
            show(model);
        }
        LearnMsg::Solution => {
            if let Some(l) = &mut model.learn
                && l.ply().is_some()
                && !l.state.answered()
            {
                l.state = LearnState::Solution;
            }
        }
        LearnMsg::Next => {
            if let Some(l) = &mut model.learn {
                l.next();
            }
            show(model);
        }
        LearnMsg::Close => {
            model.learn = None;
            model.board.selected = None;
            if matches!(model.dialog, Some(crate::model::Dialog::Promotion { .. })) {
                model.dialog = None;
            }
        }
    }
}

/// Shows the position of the exercise on the board.
fn show(model: &mut Model) {
    if let Some(p) = model.learn.as_ref().and_then(Learn::ply)
        && model.review != Some(p - 1)
    {
        model.review = Some(p - 1);
        model.board.selected = None;
        model.board.drag = None;
        if matches!(model.dialog, Some(crate::model::Dialog::Promotion { .. })) {
            model.dialog = None;
        }
    }
}

/// The worker went away (or is started again): a move being checked will get no answer, and
/// may be tried again.
pub fn worker_lost(model: &mut Model) {
    if let Some(l) = &mut model.learn
        && matches!(l.state, LearnState::Checking(..))
    {
        l.state = LearnState::Find;
    }
}

/// The player tried `m` in the exercise's position.
pub fn attempt(model: &mut Model, m: Move, out: &mut Vec<Cmd>) {
    let Some(ply) = model.learn.as_ref().and_then(Learn::ply) else {
        return;
    };
    // A promotion chosen after the exercise changed is not this exercise's.
    if !model.shown_position().is_legal(m) {
        return;
    }
    let Some(a) = &model.analysis else { return };
    let best = a.eval(ply - 1).and_then(|e| e.best);
    let played = model.game.moves().get(ply - 1).copied();
    let verdict = if Some(m) == best {
        Some(true)
    } else if Some(m) == played {
        Some(false)
    } else {
        None
    };
    let initial_fen = a.initial_fen.clone();
    let mut moves = a.moves[..ply - 1].to_vec();
    let Some(l) = &mut model.learn else { return };
    match verdict {
        Some(true) => {
            l.found += 1;
            l.state = LearnState::Right(m);
        }
        Some(false) => l.state = LearnState::Wrong(m),
        None if model.ai.unavailable.is_some() => {
            super::toast(model, crate::i18n::Key::ToastAiUnavailable, true, out);
        }
        None => {
            model.ai.last_request = model.ai.last_request.wrapping_add(1);
            let id = model.ai.last_request;
            l.state = LearnState::Checking(id, m);
            moves.push(m);
            out.push(Cmd::Worker(WorkerCmd::Analyse {
                id,
                initial_fen,
                promotion: model.game.rules().promotion,
                moves,
                movetime_ms: MOVETIME_MS,
            }));
        }
    }
}

/// The worker's evaluation of a tried move's position: `true` if it was this card's (else it
/// is the analysis').
pub fn reply(
    model: &mut Model,
    id: u32,
    result: &Result<Eval, String>,
    out: &mut Vec<Cmd>,
) -> bool {
    let Some(l) = &mut model.learn else {
        return false;
    };
    let LearnState::Checking(pending, m) = l.state else {
        return false;
    };
    if pending != id {
        return false;
    }
    let best = l
        .ply()
        .and_then(|p| model.analysis.as_ref()?.eval(p - 1).cloned());
    match (result, best) {
        (Ok(after), Some(best)) => {
            if accepts(&best, after, l.side) {
                l.found += 1;
                l.state = LearnState::Right(m);
            } else {
                l.state = LearnState::Wrong(m);
            }
        }
        (Err(e), _) => {
            out.push(Cmd::Log(format!(
                "learn: the tried move's evaluation failed: {e}"
            )));
            l.state = LearnState::Find;
        }
        (Ok(_), None) => l.state = LearnState::Find,
    }
    true
}

/// After every message: the exercise stays on the board while a move is to be found, and
/// learning ends when the game on the board is no longer the analysed one.
pub fn schedule(model: &mut Model) {
    if model.learn.is_none() {
        return;
    }
    if !model
        .analysis
        .as_ref()
        .is_some_and(|a| a.is_of(&model.game))
        || model
            .analysis
            .as_ref()
            .is_some_and(|a| a.moves.len() != model.game.moves().len())
    {
        model.learn = None;
        return;
    }
    if model
        .learn
        .as_ref()
        .is_some_and(|l| !l.state.answered() && l.state != LearnState::Done)
    {
        show(model);
    }
}
