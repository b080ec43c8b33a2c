//! The AI's requests: its move when it is its turn (paced on the clock, never played sooner
//! than [`MIN_AI_REPLY_MS`] after the request) and hints.

use super::{Cmd, HINT_MILLIS, ViewCmd, WorkerCmd, feedback, play, toast};
use crate::i18n::Key;
use crate::model::{Dialog, Hint, Mode, Model, Pending};
use engine::Level;

/// A stable seed for a game's AI noise, from its id (so a reload replays the same choices).
pub fn seed_of(game_id: &str) -> u32 {
    game_id.bytes().fold(2_166_136_261_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    })
}

fn next_request(model: &mut Model) -> u32 {
    model.ai.last_request = model.ai.last_request.wrapping_add(1);
    model.ai.last_request
}

/// Asks the AI worker for its move when it is the AI's turn and no request for this position
/// is on its way (start, reload, after the human's move, undo, resume).
pub fn schedule_ai(model: &mut Model, out: &mut Vec<Cmd>) {
    if super::drill::defender_claims(model, out) {
        return;
    }
    let broken = model.ai.unavailable.is_some();
    let over = model.game.is_over();
    let turn = model.game.position().turn();
    let Mode::Ai(local, a) = &model.mode else {
        return;
    };
    if over || turn == a.settings.human || broken {
        if let Mode::Ai(_, a) = &mut model.mode {
            a.pending = None;
        }
        return;
    }
    let (game_id, settings) = (local.id.clone(), a.settings);
    // On the clock the AI paces itself: its level's time at most. A drill's defence has its
    // own time.
    let drill_time = settings.drill.map(|_| super::DEFENCE_MILLIS);
    let movetime_ms = drill_time.unwrap_or_else(|| {
        local.clock.as_ref().map_or(0, |c| {
            let t = settings.level.move_time_at(model.game.position());
            let cap = u32::try_from(t.as_millis()).unwrap_or(u32::MAX);
            c.ai_budget_ms(&model.game, turn, model.now, cap)
        })
    });
    let asked = a
        .pending
        .as_ref()
        .is_some_and(|p| p.game == game_id && p.moves == model.game.moves());
    if asked {
        return;
    }
    let id = next_request(model);
    let pending = Pending {
        id,
        game: game_id.clone(),
        moves: model.game.moves().to_vec(),
    };
    let now = model.now;
    if let Mode::Ai(_, a) = &mut model.mode {
        a.pending = Some(pending);
        a.asked_at = now;
        a.held = None;
    }
    out.push(Cmd::Worker(WorkerCmd::Ask {
        id,
        game: model.game.clone(),
        level: settings.level,
        seed: seed_of(&game_id),
        movetime_ms,
    }));
}

/// The AI's move is never played sooner than this after the page asked for it
/// (milliseconds): the low levels answer in a few milliseconds, and their move would land
/// before the player's own move has finished sliding.
pub const MIN_AI_REPLY_MS: f64 = 450.0;

/// An answer of the AI worker: plays the AI's move if it is still wanted (held back until
/// [`MIN_AI_REPLY_MS`] after the request), or keeps a hint.
pub fn ai_reply(model: &mut Model, id: u32, result: Result<String, String>, out: &mut Vec<Cmd>) {
    let now = model.now;
    if let Mode::Ai(_, a) = &mut model.mode
        && a.pending.as_ref().is_some_and(|p| p.id == id)
        && now < a.asked_at + MIN_AI_REPLY_MS
    {
        a.held = Some((id, result));
        return;
    }
    apply_ai_reply(model, id, result, out);
}

/// Plays a held AI answer once its pause is over (on the page's tick).
pub fn release_held(model: &mut Model, out: &mut Vec<Cmd>) {
    let now = model.now;
    let Mode::Ai(_, a) = &mut model.mode else {
        return;
    };
    if now < a.asked_at + MIN_AI_REPLY_MS {
        return;
    }
    if let Some((id, result)) = a.held.take() {
        apply_ai_reply(model, id, result, out);
    }
}

fn apply_ai_reply(model: &mut Model, id: u32, result: Result<String, String>, out: &mut Vec<Cmd>) {
    let moves = model.game.moves().to_vec();
    let over = model.game.is_over();
    let turn = model.game.position().turn();
    if let Mode::Ai(local, a) = &mut model.mode
        && let Some(p) = a.pending.take_if(|p| p.id == id)
    {
        let wanted = p.game == local.id && p.moves == moves && !over && a.settings.human != turn;
        if !wanted {
            return; // Stale: the position changed meanwhile.
        }
        let mover = model.game.position().turn();
        match result.and_then(|uci| model.game.play_uci(&uci).map_err(|e| e.to_string())) {
            Ok(m) => {
                play::clock_moved(model, mover);
                model.board.selected = None;
                // A premove's promotion panel stays open: its move is for this turn.
                model.dialog = model
                    .dialog
                    .take()
                    .filter(|d| !matches!(d, Dialog::Promotion { premove: false, .. }));
                play::slide(model, m);
                feedback::moved(model, out);
                play::after_change(model, out);
            }
            Err(e) => {
                out.push(Cmd::Log(format!("AI: {e}")));
                out.push(Cmd::View(ViewCmd::Toast {
                    text: model.lang.fmt(Key::ToastAiFailed, &[("error", &e)]),
                    error: true,
                }));
                // Keep the request so that the same position is not asked again and again.
                if let Mode::Ai(_, a) = &mut model.mode {
                    a.pending = Some(p);
                }
            }
        }
        return;
    }
    let Some(p) = model.ai.hint_pending.take_if(|p| p.id == id) else {
        return;
    };
    if p.moves != moves {
        return;
    }
    match result {
        Ok(uci) => match model.game.position().parse_uci(&uci) {
            Ok(best) => {
                model.ai.hint = Some(Hint {
                    game: p.game,
                    moves: p.moves,
                    best,
                });
            }
            Err(e) => out.push(Cmd::Log(format!("hint {uci}: {e}"))),
        },
        Err(e) => out.push(Cmd::Log(format!("hint: {e}"))),
    }
}

/// Asks the AI (full strength, a short think) for the best move of the player to move.
pub fn ask_hint(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(local) = model.mode.local() else {
        return; // No help online.
    };
    let game_id = local.id.clone();
    if play::over_toast(model, out) {
        return;
    }
    if !model.my_turn() {
        if model.review.is_none() {
            toast(model, Key::ToastWaitAi, false, out);
        }
        return;
    }
    let moves = model.game.moves().to_vec();
    let known = model.hint().is_some()
        || model
            .ai
            .hint_pending
            .as_ref()
            .is_some_and(|p| p.game == game_id && p.moves == moves);
    if known {
        return;
    }
    let id = next_request(model);
    model.ai.hint_pending = Some(Pending {
        id,
        game: game_id.clone(),
        moves,
    });
    out.push(Cmd::Worker(WorkerCmd::Ask {
        id,
        game: model.game.clone(),
        level: Level::MAX,
        seed: seed_of(&game_id),
        movetime_ms: HINT_MILLIS,
    }));
}
