//! The storage effects: saved games, the game to resume, the language, the sound setting,
//! the looks, the board's orientation and the seats, in `localStorage` through [`Store`]; and
//! other tabs' changes, followed through the `storage` event.

use super::Dispatch;
use crate::STORAGE_PREFIX;
use crate::dom;
use crate::storage::{SavedGame, Store};
use crate::update::{LoadPurpose, LooksMsg, Msg, StorageCmd};
use protocol::RoomId;

/// Whether a stored version of the game (`stored`) must not be overwritten by ours (`ours`,
/// its moves in UCI): it was written after the version this tab knows (`synced`: its `updated`
/// time and moves) and it is not a prefix of ours (our moves do not extend it).
pub fn stored_is_newer(
    synced: Option<&(f64, Vec<String>)>,
    stored: &SavedGame,
    ours: &[String],
) -> bool {
    let newer = match synced {
        Some((updated, moves)) => stored.updated > *updated || stored.moves != *moves,
        // A version this tab never saw (e.g. written after the other tab deleted ours).
        None => true,
    };
    newer && !ours.starts_with(&stored.moves)
}

/// The first message of the page: what storage holds, and the room of the address.
pub fn started(store: &Store, room: Option<RoomId>) -> Msg {
    let current = store
        .current_id()
        .and_then(|id| store.load(&id).transpose());
    let (saved, problems) = store.list();
    Msg::Started {
        current,
        saved,
        problems,
        seats: store.seats(),
        room,
        flip: store.flip(),
    }
}

/// Runs a storage command.
pub fn run(store: &Store, cmd: StorageCmd, dispatch: &Dispatch) {
    match cmd {
        StorageCmd::Save { saved, synced } => {
            if let Ok(Some((stored, game))) = store.load(&saved.id)
                && stored_is_newer(synced.as_ref(), &stored, &saved.moves)
            {
                dispatch.send(Msg::StoredNewer {
                    saved: stored,
                    game,
                });
                return;
            }
            let result = store
                .save(&saved)
                .and_then(|()| store.set_current_id(&saved.id));
            dispatch.send(match result {
                Ok(()) => Msg::Wrote,
                Err(e) => Msg::WriteFailed(e),
            });
        }
        StorageCmd::Record(saved) => {
            if let Err(e) = store.save(&saved) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::Delete(id) => store.delete(&id),
        StorageCmd::SetCurrent(id) => {
            if let Err(e) = store.set_current_id(&id) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::Load { id, purpose } => dispatch.send(Msg::Loaded {
            purpose,
            result: store.load(&id),
        }),
        StorageCmd::LoadCurrent => dispatch.send(Msg::Loaded {
            purpose: LoadPurpose::BackToLocal,
            result: match store.current_id() {
                Some(id) => store.load(&id),
                None => Ok(None),
            },
        }),
        StorageCmd::ListSaved => {
            let (games, problems) = store.list();
            dispatch.send(Msg::SavedList { games, problems });
        }
        StorageCmd::SaveLang(lang) => {
            if let Err(e) = store.set_lang(lang.code()) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveFlip { game, flipped } => {
            if let Err(e) = store.set_flip(&game, flipped) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveSound(on) => {
            if let Err(e) = store.set_sound(on) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveLook(choice) => {
            if let Err(e) = store.save_look(choice) {
                dispatch.send(Msg::WriteFailed(e));
            }
        }
        StorageCmd::SaveSeats(book) => {
            if let Err(e) = store.save_seats(&book) {
                dom::log(&format!("online: the seats could not be stored: {e}"));
            }
        }
    }
}

/// Follows other tabs' changes of this site's storage (the `storage` event never fires for
/// this tab's own writes).
pub fn watch(dispatch: &Dispatch) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let dispatch = dispatch.clone();
    let games = format!("{STORAGE_PREFIX}.games.v1.");
    let seats = format!("{STORAGE_PREFIX}.seats.v1");
    let ours = format!("{STORAGE_PREFIX}.");
    dom::on(&window, "storage", move |ev: web_sys::StorageEvent| {
        if let (Some(k), Some(v)) = (ev.key(), ev.new_value())
            && let Some(choice) = crate::storage::look_at(STORAGE_PREFIX, &k, &v)
        {
            dispatch.send(Msg::Looks(LooksMsg::Stored(choice)));
            return;
        }
        let msg = match ev.key() {
            Some(k) if !k.starts_with(&ours) => return,
            Some(k) if k == seats => Msg::SeatsChanged(
                ev.new_value()
                    .map(|t| crate::storage::SeatBook::parse(&t))
                    .unwrap_or_default(),
            ),
            Some(k) => match k.strip_prefix(&games) {
                Some(id) => Msg::StoredGameChanged {
                    id: id.to_owned(),
                    value: ev.new_value(),
                },
                None => Msg::StorageChanged,
            },
            // The whole storage was cleared.
            None => Msg::StorageChanged,
        };
        dispatch.send(msg);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Game, Rules};

    fn stored(updated: f64, moves: &[&str]) -> SavedGame {
        let mut game = Game::new(Rules::default());
        for m in moves {
            game.play_uci(m).expect("legal");
        }
        SavedGame::from_game("g", 1.0, updated, &game)
    }

    fn ucis(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn a_newer_diverging_version_is_not_overwritten() {
        let synced = (10.0, ucis(&["e3e4"]));
        // Our own last write, extended by our next move: save.
        assert!(!stored_is_newer(
            Some(&synced),
            &stored(10.0, &["e3e4"]),
            &ucis(&["e3e4", "d6d5"])
        ));
        // After our undo the stored game is longer but it is the one we wrote: save.
        assert!(!stored_is_newer(
            Some(&(10.0, ucis(&["e3e4", "d6d5"]))),
            &stored(10.0, &["e3e4", "d6d5"]),
            &ucis(&["e3e4"])
        ));
        // Another tab moved on: adopt theirs.
        assert!(stored_is_newer(
            Some(&synced),
            &stored(20.0, &["e3e4", "c6c5"]),
            &ucis(&["e3e4", "d6d5"])
        ));
        // Another tab's newer version that ours extends: save.
        assert!(!stored_is_newer(
            Some(&synced),
            &stored(20.0, &["e3e4", "d6d5"]),
            &ucis(&["e3e4", "d6d5", "e4d5"])
        ));
        // A version this tab never saw, diverging: adopt.
        assert!(stored_is_newer(
            None,
            &stored(5.0, &["c3c4"]),
            &ucis(&["e3e4"])
        ));
    }
}
