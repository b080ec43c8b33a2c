//! The analysis of the game on the board: started and stopped by the player, fed one position
//! at a time to the AI worker, dropped when the board shows another game.

use super::{Cmd, WorkerCmd};
use crate::model::Model;
use crate::model::analysis::{GameAnalysis, MOVETIME_MS};
use engine::analysis::Eval;

/// Whether the engine may look at the game on the board: not for a player of an online game
/// still being played (no engine help against a person), and not without a worker.
pub fn allowed(model: &Model) -> bool {
    let playing_online = model.room().is_some_and(|v| v.you.is_some()) && !model.ended();
    !playing_online && model.ai.unavailable.is_none()
}

/// Starts (or resumes) the analysis of the game on the board.
pub fn start(model: &mut Model, out: &mut Vec<Cmd>) {
    if matches!(model.dialog, Some(crate::model::Dialog::GameOver(_))) {
        model.dialog = None;
    }
    if model.ai.unavailable.is_some() {
        super::toast(model, crate::i18n::Key::ToastAiUnavailable, true, out);
        return;
    }
    if !allowed(model) {
        super::toast(model, crate::i18n::Key::AnalysisAfterGame, true, out);
        return;
    }
    match &mut model.analysis {
        Some(a) if a.is_of(&model.game) => {
            a.stopped = false;
            a.error = None;
            a.follow(&model.game);
        }
        _ => model.analysis = Some(GameAnalysis::new(&model.game)),
    }
}

/// Stops asking; the answer on its way is still taken.
pub fn stop(model: &mut Model) {
    if let Some(a) = &mut model.analysis {
        a.stopped = true;
    }
}

/// An evaluation from the worker.
pub fn reply(model: &mut Model, id: u32, result: Result<Eval, String>, out: &mut Vec<Cmd>) {
    let Some(a) = &mut model.analysis else { return };
    let Some((_, ply)) = a.pending.take_if(|(p, _)| *p == id) else {
        return; // An answer for an analysis that is gone.
    };
    match result {
        Ok(eval) => {
            if let Some(slot) = a.evals.get_mut(ply) {
                *slot = Some(eval);
            }
        }
        Err(e) => {
            out.push(Cmd::Log(format!("analysis of ply {ply}: {e}")));
            // A position the worker cannot analyse stops the run rather than looping on it.
            a.error = Some(e);
            a.stopped = true;
        }
    }
}

/// After every message: drops an analysis of another game, follows a game that grew, and
/// asks for the next position.
pub fn schedule(model: &mut Model, out: &mut Vec<Cmd>) {
    let allowed = allowed(model);
    let Some(a) = &mut model.analysis else { return };
    if !a.is_of(&model.game) {
        model.analysis = None;
        return;
    }
    if !allowed {
        return;
    }
    a.follow(&model.game);
    let Some(ply) = a.next(model.review.unwrap_or(model.game.moves().len())) else {
        return;
    };
    model.ai.last_request = model.ai.last_request.wrapping_add(1);
    let id = model.ai.last_request;
    a.pending = Some((id, ply));
    out.push(Cmd::Worker(WorkerCmd::Analyse {
        id,
        initial_fen: a.initial_fen.clone(),
        promotion: model.game.rules().promotion,
        moves: a.moves[..ply].to_vec(),
        movetime_ms: MOVETIME_MS,
    }));
}
