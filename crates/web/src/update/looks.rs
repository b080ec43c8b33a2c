//! The looks: the player's choices of colour theme, piece set and board colours, and the
//! system's colour scheme.

use super::{Cmd, StorageCmd};
use crate::model::Model;
use crate::model::looks::LookChoice;

/// A change of the looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LooksMsg {
    /// The player chose (a select of the looks card): applied and remembered.
    Choose(LookChoice),
    /// The top bar's toggle: switches to the opposite of the scheme shown, remembered.
    ToggleTheme,
    /// The system's colour scheme is (now) dark or not (`prefers-color-scheme`).
    SystemDark(bool),
    /// Another tab remembered a choice: applied here, not written again.
    Stored(LookChoice),
}

/// Handles a change of the looks.
pub fn handle(model: &mut Model, msg: LooksMsg, out: &mut Vec<Cmd>) {
    match msg {
        LooksMsg::Choose(choice) => choose(model, choice, out),
        LooksMsg::ToggleTheme => {
            let theme = model.looks.toggled_theme();
            choose(model, LookChoice::Theme(theme), out);
        }
        LooksMsg::SystemDark(dark) => model.looks.system_dark = dark,
        LooksMsg::Stored(choice) => model.looks.set(choice),
    }
}

fn choose(model: &mut Model, choice: LookChoice, out: &mut Vec<Cmd>) {
    model.looks.set(choice);
    out.push(Cmd::Storage(StorageCmd::SaveLook(choice)));
}
