//! Export and import: the PGN and FEN copied or downloaded, a PGN or FEN read into a game.

use super::{BrowserCmd, Cmd, CopyWhat, new_game, online, saved, toast};
use crate::i18n::Key;
use crate::model::export::RecordEnd;
use crate::model::{AiGame, Dialog, Model, export};

/// Copies the PGN, the FEN or the invite link.
pub fn copy(model: &mut Model, what: CopyWhat, out: &mut Vec<Cmd>) {
    let text = match what {
        CopyWhat::Pgn => export::pgn(model),
        CopyWhat::Fen => model.shown_position().fen(),
        CopyWhat::InviteLink => match online::invite(model) {
            Some(link) => link,
            None => return,
        },
    };
    out.push(Cmd::Browser(BrowserCmd::Copy { text, what }));
}

/// Offers the PGN as a file.
pub fn download(model: &mut Model, out: &mut Vec<Cmd>) {
    out.push(Cmd::Browser(BrowserCmd::Download {
        name: export::file_name(model),
        text: export::pgn(model),
        mime: "application/x-chess-pgn",
    }));
}

/// Imports a pasted PGN or FEN: a PGN becomes a saved hot-seat game shown at its end; a FEN
/// starts a game from that position in the current local mode. A refusal says why in the
/// dialog and changes nothing.
pub fn import(model: &mut Model, text: &str, out: &mut Vec<Cmd>) {
    let rules = model.game.rules();
    match export::read(text, rules, model.lang) {
        Ok(imported) => {
            model.dialog = None;
            // From a position, the current opponent stays and the human takes the side to
            // move; a game record is opened as a hot-seat game.
            let ai = model
                .mode
                .ai()
                .filter(|_| !imported.from_pgn)
                .map(|a| AiGame {
                    human: imported.game.position().turn(),
                    drill: None,
                    ..a
                });
            // A composed position whose side not to move is in check is played as given, with
            // a word that no game reaches it.
            let composed = !imported.from_pgn && imported.game.position().waiting_side_in_check();
            online::leave(model, out);
            let contradicts = imported
                .record
                .as_ref()
                .is_some_and(|r| matches!(r.shown, RecordEnd::Contradicts(_)));
            new_game::fresh_board(model, imported.game, ai, None);
            if let Some(local) = model.mode.local_mut() {
                local.record = imported.record;
            }
            saved::persist(model, out);
            let key = if composed {
                Key::ToastImportedWaitingInCheck
            } else if contradicts {
                Key::ToastImportedContradicts
            } else {
                Key::ToastImported
            };
            toast(model, key, false, out);
        }
        Err(error) => model.dialog = Some(Dialog::Import { error: Some(error) }),
    }
}
