//! The move path of every mode: a move tried on the board (or premoved), played here or sent
//! to the room, the clocks charged and the end announced; undo, resignation, draws by
//! agreement and claims.

use super::{Cmd, StorageCmd, ViewCmd, ai, feedback, online, saved, toast};
use crate::i18n::Key;
use crate::model::clock::is_low;
use crate::model::sound::Sound;
use crate::model::{Confirm, Dialog, Mode, Model, Slide};
use protocol::RoomCommand;
use rules::{Color, DrawClaim, Game, Move, Role, Square};

/// Tries the move `from`-`to` (on the opponent's turn, as a premove); asks for the promotion
/// piece when there is a choice.
pub fn try_move(model: &mut Model, from: Square, to: Square, animate: bool, out: &mut Vec<Cmd>) {
    let learning = model.learn_turn();
    let premove = !learning && !model.my_turn() && model.premover().is_some();
    if !learning && !model.my_turn() && !premove {
        if model.ended() {
            toast(model, Key::ToastGameOver, true, out);
        }
        return;
    }
    let moves = if premove {
        model.premoves_from(from)
    } else {
        model.playing_position().legal_moves_from(from).to_vec()
    };
    let candidates: Vec<Move> = moves.into_iter().filter(|m| m.to == to).collect();
    let pos = model.playing_position();
    let color = pos.piece_at(from).map_or(pos.turn(), |p| p.color);
    match candidates.as_slice() {
        [] => toast(model, Key::ToastIllegal, true, out),
        [m] if premove => {
            model.board.selected = None;
            model.board.premove = Some(*m);
        }
        // One move: played at once, also a promotion with nothing to choose (met-only).
        [m] => play(model, *m, animate, out),
        many => {
            let mut roles: Vec<Role> = many.iter().filter_map(|m| m.promotion).collect();
            roles.sort_by_key(|r| match r {
                Role::Rook => 0,
                Role::Knight => 1,
                Role::Khon => 2,
                _ => 3,
            });
            model.dialog = Some(Dialog::Promotion {
                from,
                to,
                animate,
                roles,
                color,
                premove,
            });
        }
    }
}

/// Plays the premove when it is the player's turn: at once if it is legal in the position the
/// opponent left, else it is dropped.
pub fn play_premove(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.board.premove.is_none() || model.premover().is_some() {
        return; // Nothing premoved, or still the opponent's turn.
    }
    if model.mode.online().is_some_and(|o| o.resend.is_some()) {
        // The board shows the player's turn only because a lost connection took their move
        // back: that move goes first (after the reconnection), the premove after the reply.
        return;
    }
    let Some(m) = model.board.premove.take() else {
        return;
    };
    if model.my_turn() && model.game.position().is_legal(m) {
        play(model, m, true, out);
    }
}

/// Starts the slide of a move on the board.
pub fn slide(model: &mut Model, m: Move) {
    model.slides += 1;
    model.board.slide = Some(Slide {
        from: m.from,
        to: m.to,
        number: model.slides,
    });
}

/// Plays `m` for the player (tries it, in a mistake's exercise).
pub fn play(model: &mut Model, m: Move, animate: bool, out: &mut Vec<Cmd>) {
    if model.learn_turn() {
        model.board.selected = None;
        super::learn::attempt(model, m, out);
        return;
    }
    if !model.my_turn() {
        return;
    }
    if matches!(model.mode, Mode::Online(_)) {
        online::play(model, m, animate, out);
        return;
    }
    let mover = model.game.position().turn();
    match model.game.play(m) {
        Ok(()) => {
            clock_moved(model, mover);
            model.board.selected = None;
            if animate {
                slide(model, m);
            }
            feedback::moved(model, out);
            after_change(model, out);
        }
        Err(e) => {
            out.push(Cmd::Log(format!("refused {}: {e}", m.to_uci())));
            toast(model, Key::ToastIllegal, true, out);
        }
    }
}

/// Charges the move just played by `mover` to the clocks of a timed local game.
pub fn clock_moved(model: &mut Model, mover: Color) {
    let now = model.now;
    if let Some(clock) = model.mode.local_mut().and_then(|l| l.clock.as_mut()) {
        clock.on_move(mover, now);
    }
}

/// Time passed: a held AI answer is played; a timed local game whose running clock reached
/// zero ends on time.
pub fn tick(model: &mut Model, out: &mut Vec<Cmd>) {
    ai::release_held(model, out);
    warn_low_time(model, out);
    let Some(flagged) = model
        .mode
        .local()
        .and_then(|l| l.clock.as_ref())
        .and_then(|c| c.flagged(&model.game, model.now))
    else {
        return;
    };
    if model.game.flag(flagged).is_ok() {
        model.dialog = model
            .dialog
            .take()
            .filter(|d| !matches!(d, Dialog::Promotion { .. }));
        after_change(model, out);
    }
}

/// Sounds the low-time warning once a turn, when the running clock is the player's (in
/// hot-seat, either side's) and has gone under the low-time mark.
fn warn_low_time(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some((clocks, initial)) = model.clocks() else {
        return;
    };
    let Some(side) = clocks.running else {
        return;
    };
    let mine = match &model.mode {
        Mode::HotSeat(_) => true,
        Mode::Ai(_, a) => a.settings.human == side,
        Mode::Online(o) => o.view.as_ref().and_then(|v| v.you) == Some(side),
    };
    let ply = model.game.moves().len();
    if mine && is_low(initial, *clocks.left.get(side)) && model.low_time_warned != Some(ply) {
        model.low_time_warned = Some(ply);
        super::feedback::cue(model, Sound::LowTime, out);
    }
}

/// After a move, resignation, agreement or claim: save, and announce the end of the game.
pub fn after_change(model: &mut Model, out: &mut Vec<Cmd>) {
    saved::persist(model, out);
    if let Some(result) = model.result() {
        model.board.selected = None;
        // A drill says its end in its own card (`#drill`), with what to do next.
        // So does a lesson (`#lesson`).
        if model.mode.ai().is_none_or(|a| a.drill.is_none()) && model.lesson.is_none() {
            model.dialog = Some(Dialog::GameOver(result));
        }
        // A lesson's task ends in a position, not a result to announce.
        if model.lesson.is_none() {
            feedback::ended(model, result, out);
        }
    }
}

/// Undo: hot-seat takes back one move; against the AI back to the human's previous turn.
pub fn undo(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.lesson.is_some() {
        toast(model, Key::LessonNoUndo, false, out);
        return;
    }
    let human = match &model.mode {
        Mode::Online(_) => return, // Moves played online are final.
        Mode::HotSeat(_) => None,
        Mode::Ai(_, a) if a.settings.drill.is_some() => {
            // A take-back would turn the count back: a drill is tried again instead.
            toast(model, Key::DrillNoUndo, false, out);
            return;
        }
        Mode::Ai(_, a) => Some(a.settings.human),
    };
    if matches!(model.dialog, Some(Dialog::GameOver(_))) {
        model.dialog = None;
    }
    model.review = None;
    let ended_without_move =
        model.game.outcome().is_some() && model.game.automatic_outcome().is_none();
    let plies = match human {
        _ if ended_without_move => 0,
        None => 1,
        Some(h) if model.game.position().turn() == h => 2,
        Some(_) => 1,
    };
    let on_time = model
        .game
        .outcome()
        .is_some_and(|o| o.decided_by() == protocol::Decider::Clock);
    if on_time || plies > model.game.moves().len() || (plies == 0 && !model.game.is_over()) {
        toast(model, Key::ToastNothingToUndo, false, out);
        return;
    }
    if plies == 0 {
        // Only a resignation, agreement or claim is taken back.
        model.game.undo();
    }
    for _ in 0..plies {
        model.game.undo();
    }
    let now = model.now;
    if let Some(clock) = model.mode.local_mut().and_then(|l| l.clock.as_mut()) {
        clock.on_undo(plies, now);
    }
    model.board.selected = None;
    // A premove was for the position taken back: played when the position comes back, it
    // would be a move nobody made.
    model.board.premove = None;
    model.board.drag = None;
    saved::persist(model, out);
    toast(model, Key::ToastUndone, false, out);
}

/// Whether the live game is over; toasts so when it is.
pub fn over_toast(model: &Model, out: &mut Vec<Cmd>) -> bool {
    let over = model.ended();
    if over {
        toast(model, Key::ToastGameOver, true, out);
    }
    over
}

/// Asks to confirm a resignation: of one's seat online, of the human against the AI, of the
/// side to move in hot-seat.
pub fn resign_ask(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.lesson.is_some() || over_toast(model, out) {
        return;
    }
    let side = match &model.mode {
        Mode::Online(_) => match model.room().and_then(|v| v.you) {
            Some(you) => you,
            None => return,
        },
        Mode::Ai(_, a) => a.settings.human,
        Mode::HotSeat(_) => model.game.position().turn(),
    };
    model.dialog = Some(Dialog::Confirm(Confirm::Resign(side)));
}

/// A draw by agreement: confirmed in hot-seat, offered online, not against the AI.
pub fn draw_ask(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.mode.ai().is_some() || model.lesson.is_some() || over_toast(model, out) {
        return;
    }
    if matches!(model.mode, Mode::Online(_)) {
        online::send_room(model, RoomCommand::OfferDraw, out);
        return;
    }
    model.dialog = Some(Dialog::Confirm(Confirm::Draw));
}

/// The confirmation was accepted.
pub fn confirm_yes(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(Dialog::Confirm(confirm)) = model.dialog.take() else {
        return;
    };
    if let Confirm::Delete(id) = confirm {
        if model.current_id() != Some(id.as_str()) {
            model.saved.retain(|g| g.id != id);
            out.push(Cmd::Storage(StorageCmd::Delete(id)));
            toast(model, Key::ToastDeleted, false, out);
        }
        return;
    }
    if matches!(model.mode, Mode::Online(_)) {
        if let Confirm::Resign(_) = confirm {
            online::send_room(model, RoomCommand::Resign, out);
        }
        return;
    }
    let result = match confirm {
        Confirm::Resign(side) => model.game.resign(side).map_err(|e| e.to_string()),
        Confirm::Draw => model.game.agree_draw().map_err(|e| e.to_string()),
        Confirm::Delete(_) => return,
    };
    match result {
        Ok(()) => {
            model.review = None;
            after_change(model, out);
        }
        Err(e) => out.push(Cmd::View(ViewCmd::Toast {
            text: e,
            error: true,
        })),
    }
}

/// The claim the side to move could make now, threefold first.
pub fn valid_claim(game: &Game) -> Option<DrawClaim> {
    [DrawClaim::Threefold, DrawClaim::FiftyMoves]
        .into_iter()
        .find(|&c| game.can_claim(c))
}

/// Claims a draw for the side to move.
pub fn claim(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(claim) = valid_claim(&model.game) else {
        toast(model, Key::ToastNoClaim, true, out);
        return;
    };
    if matches!(model.mode, Mode::Online(_)) {
        online::send_room(model, RoomCommand::ClaimDraw { claim }, out);
        return;
    }
    match model.game.claim_draw(claim) {
        Ok(()) => {
            model.review = None;
            after_change(model, out);
        }
        Err(e) => out.push(Cmd::View(ViewCmd::Toast {
            text: e.to_string(),
            error: true,
        })),
    }
}
