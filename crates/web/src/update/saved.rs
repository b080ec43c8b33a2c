//! Saved games and tab sync: the local game saved after each change, a saved game resumed or
//! put back after a room, and other tabs' versions followed.

use super::{Cmd, LoadPurpose, StorageCmd, new_game, online, report, toast};
use crate::i18n::Key;
use crate::model::saved::{Quarantined, SavedGame};
use crate::model::{Local, Mode, Model};
use rules::{Game, Move, Rules};

/// Puts a saved game on the board (resume, reload, another tab's version).
pub fn adopt(model: &mut Model, saved: SavedGame, game: Game) {
    let ai = saved.ai_game().ok().flatten();
    let local = Local {
        id: saved.id.clone(),
        created: saved.created,
        synced: Some((saved.updated, game.moves().to_vec())),
        clock: saved.clock.clone(),
        record: saved.to_record(),
    };
    new_game::set_local(model, local, ai, game);
}

/// Whether a game is worth keeping: it has a move or a result, is against the AI (which may
/// move first), or starts from a position of its own.
fn worth_keeping(model: &Model) -> bool {
    !model.game.moves().is_empty()
        || model.game.outcome().is_some()
        || model.mode.ai().is_some()
        || model.game.initial_fen() != Game::new(model.game.rules()).initial_fen()
}

/// Saves the local game on the board and remembers it as the one to resume.
pub fn persist(model: &mut Model, out: &mut Vec<Cmd>) {
    let lesson_board = model
        .lesson
        .as_ref()
        .is_some_and(|l| model.mode.local().is_some_and(|local| local.id == l.board));
    if lesson_board {
        return; // A lesson's board is not a game to keep.
    }
    let keep = worth_keeping(model);
    let ai = model.mode.ai();
    let now = model.now;
    let Some(local) = model.mode.local_mut() else {
        return; // The server keeps online games.
    };
    if !keep {
        // Nothing worth keeping yet; an empty record would only clutter the list.
        out.push(Cmd::Storage(StorageCmd::Delete(local.id.clone())));
        let id = local.id.clone();
        model.saved.retain(|g| g.id != id);
        return;
    }
    let saved = SavedGame::from_game(&local.id, local.created, now, &model.game)
        .with_ai(ai)
        .with_clock(local.clock.clone())
        .with_record(local.record.as_ref());
    let synced = local
        .synced
        .take()
        .map(|(t, moves)| (t, moves.iter().map(Move::to_uci).collect()));
    local.synced = Some((saved.updated, model.game.moves().to_vec()));
    // The list shows the new version at once.
    model.saved.retain(|g| g.id != saved.id);
    model.saved.insert(0, saved.clone());
    out.push(Cmd::Storage(StorageCmd::Save { saved, synced }));
}

/// A saved game was read: resumed, or put back after leaving a room.
pub fn loaded(
    model: &mut Model,
    purpose: LoadPurpose,
    result: Result<Option<(SavedGame, Game)>, Quarantined>,
    out: &mut Vec<Cmd>,
) {
    match (purpose, result) {
        // The player opened another room meanwhile: that one stays.
        (LoadPurpose::BackToLocal, _) if matches!(model.mode, Mode::Online(_)) => {}
        (_, Ok(Some((saved, game)))) => {
            let id = saved.id.clone();
            online::leave(model, out);
            adopt(model, saved, game);
            out.push(Cmd::Storage(StorageCmd::SetCurrent(id)));
            if purpose == LoadPurpose::Resume {
                toast(model, Key::ToastResumed, false, out);
            }
        }
        (LoadPurpose::Resume, Ok(None)) => out.push(Cmd::Storage(StorageCmd::ListSaved)),
        (LoadPurpose::Resume, Err(q)) => {
            report(model, &q, out);
            out.push(Cmd::Storage(StorageCmd::ListSaved));
        }
        (LoadPurpose::BackToLocal, other) => {
            if let Err(q) = other {
                report(model, &q, out);
            }
            online::leave(model, out);
            model.board.flipped = false;
            new_game::fresh_board(model, Game::new(Rules::default()), None, None);
        }
    }
}

/// Another tab changed the saved game `id`: follow it when it is the one on the board.
pub fn stored_game_changed(model: &mut Model, id: &str, value: Option<String>, out: &mut Vec<Cmd>) {
    out.push(Cmd::Storage(StorageCmd::ListSaved));
    let Some(local) = model.mode.local_mut().filter(|l| l.id == id) else {
        // Another game: keep the view; a later save checks for a newer version first.
        return;
    };
    let Some(text) = value else {
        // Deleted there: keep the game on screen (it is saved again on the next change).
        local.synced = None;
        return;
    };
    let Ok(stored) = SavedGame::parse(&text) else {
        return;
    };
    let Ok(game) = stored.to_game() else { return };
    let same = game.moves() == model.game.moves() && stored.result == model.game.outcome();
    if same {
        local.synced = Some((stored.updated, game.moves().to_vec()));
        return;
    }
    let flipped = model.board.flipped;
    adopt(model, stored, game);
    model.board.flipped = flipped;
    toast(model, Key::ToastSynced, false, out);
}
