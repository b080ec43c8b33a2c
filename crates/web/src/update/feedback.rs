//! What the player hears and what a screen reader is told when a move is applied (the
//! player's, the AI's, the opponent's online) and when the game ends; the sound toggle; and
//! the typed move box.

use super::{Cmd, StorageCmd, play};
use crate::model::entry::{self, Entry, EntryError};
use crate::model::sound::{self, Sound};
use crate::model::{Model, Said};
use protocol::Outcome;

/// Asks the audio effect for `sound`, unless sounds are off or the tab is in the background
/// (where only the opponent's move sounds online: [`moved`]). The clock code asks for
/// [`Sound::LowTime`] this way.
pub fn cue(model: &Model, sound: Sound, out: &mut Vec<Cmd>) {
    if model.sound_on && !model.hidden {
        out.push(Cmd::Audio(sound));
    }
}

/// Whether the last move of the game on the board is the opponent's in an online game where
/// this page holds a seat.
fn opponents_move(model: &Model) -> bool {
    let mover = model.game.position().turn().other();
    model.mode.online().is_some() && model.side().is_some_and(|me| me != mover)
}

/// The last move of the game on the board was just applied: its sound (and the count's tick
/// in its last three moves) and its announcement.
pub fn moved(model: &mut Model, out: &mut Vec<Cmd>) {
    let ply = model.game.moves().len();
    let (Some(&m), Some(before)) = (
        model.game.moves().last(),
        ply.checked_sub(1)
            .and_then(|i| model.game.positions().get(i)),
    ) else {
        return;
    };
    let after = model.game.position();
    let sound = Sound::of_move(before, m, after);
    if model.hidden && model.sound_on && opponents_move(model) {
        // In the background, the opponent's move alone: the player knows it is their turn.
        out.push(Cmd::Audio(sound));
    } else {
        cue(model, sound, out);
    }
    if model.game.outcome().is_none()
        && let Some(tick) = Sound::count_tick(after)
    {
        cue(model, tick, out);
    }
    model.announce(Said::Move(ply));
    model.entry.error = None;
}

/// The game just ended with `result`: its sound, from the player's side; and its
/// announcement unless the last move already says it (mate, stalemate...).
pub fn ended(model: &mut Model, result: Outcome, out: &mut Vec<Cmd>) {
    cue(model, Sound::of_result(result, model.side()), out);
    if !sound::by_moves(result) {
        model.announce(Said::Result(result));
    }
}

/// Turns the sounds on or off, and remembers it.
pub fn toggle_sound(model: &mut Model, out: &mut Vec<Cmd>) {
    model.sound_on = !model.sound_on;
    out.push(Cmd::Storage(StorageCmd::SaveSound(model.sound_on)));
}

/// A move typed in the move box: played through the same path as a click, or refused with
/// the reason (the text stays in the box).
pub fn typed(model: &mut Model, text: &str, out: &mut Vec<Cmd>) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    // A move typed in a mistake's exercise is tried on the position shown.
    let learning = model.learn_turn();
    let now = if learning {
        Ok(())
    } else if model.review.is_some() {
        Err(EntryError::Reviewing)
    } else if model.ended() {
        Err(EntryError::GameOver)
    } else if !model.my_turn() {
        Err(EntryError::NotYourTurn)
    } else {
        Ok(())
    };
    let pos = model.playing_position();
    let plies = model.game.moves().len();
    match now.and_then(|()| entry::read(pos, text)) {
        Ok(Entry::Move(m)) => {
            model.board.selected = None;
            play::play(model, m, true, out);
            // A try is taken whatever its verdict; a game's move once played.
            if learning || model.game.moves().len() != plies {
                model.entry.taken += 1;
            }
        }
        Ok(Entry::Promotion { from, to }) => {
            model.entry.error = None;
            play::try_move(model, from, to, true, out);
            model.entry.taken += 1;
        }
        Err(e) => model.entry.error = Some((e, text.to_owned())),
    }
}
