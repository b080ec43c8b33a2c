//! The counting trainer: its list (`#/training/counting`), starting a drill, trying it again or
//! another position, and keeping the best result of each.

use super::{BrowserCmd, Cmd, StorageCmd, new_game, online, saved, toast};
use crate::i18n::Key;
use crate::model::account::Screen;
use crate::model::drill::{self, DrillKind, DrillState};
use crate::model::{AiGame, Model};
use engine::Level;
use rules::{Game, Rules};

/// How long the AI defends each move of a drill, in milliseconds (at full strength: a lone
/// king has few moves to weigh, and the player should not wait).
pub const DEFENCE_MILLIS: u32 = 600;

/// What the player does in the counting trainer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillMsg {
    /// Start a drill of this kind from one of its positions, drawn at random.
    Start(DrillKind),
    /// The drill on the board again, from its first position.
    Retry,
    /// The drill on the board from another of its positions.
    Next,
}

/// Opens the trainer's list (`#/training/counting`).
pub(super) fn route(model: &mut Model) {
    model.dialog = None;
    model.accounts.screen = Some(Screen::Training);
}

/// Handles a message of the trainer.
pub(super) fn handle(model: &mut Model, msg: DrillMsg, out: &mut Vec<Cmd>) {
    match msg {
        DrillMsg::Start(kind) => {
            let fen = pick(model, kind, None);
            start(model, kind, fen, out);
        }
        DrillMsg::Retry => {
            if let Some((kind, _)) = drill::current(model) {
                let fen = model.game.initial_fen();
                start(model, kind, &fen, out);
            }
        }
        DrillMsg::Next => {
            if let Some((kind, _)) = drill::current(model) {
                let now = model.game.initial_fen();
                let fen = pick(model, kind, Some(&now));
                start(model, kind, fen, out);
            }
        }
    }
}

/// A position of `kind` at random, other than `not` when there is another.
fn pick(model: &mut Model, kind: DrillKind, not: Option<&str>) -> &'static str {
    let all = kind.positions();
    let others: Vec<&'static str> = all.iter().copied().filter(|f| Some(*f) != not).collect();
    let from = if others.is_empty() { &all } else { &others };
    let n = u64::try_from(from.len()).unwrap_or(1).max(1);
    let i = usize::try_from(model.random() % n).unwrap_or(0);
    from.get(i).copied().unwrap_or_default()
}

/// Puts a drill of `kind` from `fen` on the board, the player's side at the bottom.
fn start(model: &mut Model, kind: DrillKind, fen: &str, out: &mut Vec<Cmd>) {
    let Ok(game) = Game::from_fen(fen, Rules::default()) else {
        out.push(Cmd::Log(format!(
            "drill {}: bad position {fen}",
            kind.name()
        )));
        return;
    };
    let human = game.position().turn().other();
    online::leave(model, out);
    if model.accounts.screen.take().is_some() {
        out.push(Cmd::Browser(BrowserCmd::SetLocation(None)));
    }
    model.dialog = None;
    new_game::fresh_board(
        model,
        game,
        Some(AiGame {
            level: Level::MAX,
            human,
            drill: Some(kind),
        }),
        None,
    );
    saved::persist(model, out);
}

/// After a message that may have moved (not a pointer's move or a tick): a drill just passed
/// is noted in the records (once: a pass is kept only when it beats the best).
pub(super) fn note_result(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some((kind, human)) = drill::current(model) else {
        return;
    };
    if let DrillState::Passed(moves) = drill::state(&model.game, human)
        && model.drills.pass(kind, moves)
    {
        out.push(Cmd::Storage(StorageCmd::SaveDrills(model.drills.clone())));
        toast(model, Key::DrillNewBest, false, out);
    }
}

/// In a drill the lone king claims every draw it may (threefold, 50 moves) instead of
/// moving: `true` when it did.
pub(super) fn defender_claims(model: &mut Model, out: &mut Vec<Cmd>) -> bool {
    let Some((_, human)) = drill::current(model) else {
        return false;
    };
    if model.game.is_over() || model.game.position().turn() == human {
        return false;
    }
    let Some(claim) = super::valid_claim(&model.game) else {
        return false;
    };
    if model.game.claim_draw(claim).is_ok() {
        super::play::after_change(model, out);
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ai_answer, click_move, model};
    use super::*;
    use crate::model::Dialog;
    use crate::update::{Msg, WorkerCmd, update};
    use rules::{Color, DrawReason, Outcome};

    /// The AI's move request among `cmds`: its id and thinking time.
    fn asked(cmds: &[Cmd]) -> Option<(u32, u32)> {
        cmds.iter().find_map(|c| match c {
            Cmd::Worker(WorkerCmd::Ask {
                id,
                level,
                movetime_ms,
                ..
            }) if *level == Level::MAX => Some((*id, *movetime_ms)),
            _ => None,
        })
    }

    fn toasts(cmds: &[Cmd]) -> Vec<&str> {
        cmds.iter()
            .filter_map(|c| match c {
                Cmd::View(crate::update::ViewCmd::Toast { text, .. }) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// A drill of `kind` from `fen` on a fresh page: the commands and the AI's first request.
    fn drill_from(kind: DrillKind, fen: &str) -> (Model, Vec<Cmd>) {
        let mut m = model();
        let mut out = Vec::new();
        start(&mut m, kind, fen, &mut out);
        out.extend(update(&mut m, Msg::Tick));
        super::super::ai::schedule_ai(&mut m, &mut out);
        (m, out)
    }

    #[test]
    fn the_list_starts_a_drill_the_lone_king_defending_at_full_strength() {
        let mut m = model();
        update(&mut m, Msg::Route(crate::model::Route::Training));
        assert_eq!(m.accounts.screen, Some(Screen::Training));
        let cmds = update(&mut m, Msg::Drill(DrillMsg::Start(DrillKind::KhonMet)));
        assert_eq!(m.accounts.screen, None);
        assert!(cmds.contains(&Cmd::Browser(BrowserCmd::SetLocation(None))));
        let ai = m.mode.ai().expect("a game against the AI");
        assert_eq!((ai.level, ai.drill), (Level::MAX, Some(DrillKind::KhonMet)));
        assert!(
            DrillKind::KhonMet
                .positions()
                .contains(&m.game.initial_fen().as_str())
        );
        // The player is the attacker, at the bottom; the lone king moves first, at once.
        assert_ne!(m.game.position().turn(), ai.human);
        assert_eq!(m.board.flipped, ai.human == Color::Black);
        assert_eq!(asked(&cmds).map(|(_, t)| t), Some(DEFENCE_MILLIS));
        // Saved with its drill, so a reload resumes it.
        let saved = cmds
            .iter()
            .find_map(|c| match c {
                Cmd::Storage(StorageCmd::Save { saved, .. }) => Some(saved.clone()),
                _ => None,
            })
            .expect("saved");
        assert!(
            serde_json::to_string(&saved)
                .expect("json")
                .contains(r#""drill":"khon-met""#)
        );
        assert_eq!(
            saved.ai_game().expect("readable").and_then(|a| a.drill),
            Some(DrillKind::KhonMet)
        );
    }

    #[test]
    fn a_mate_passes_the_drill_keeps_the_best_and_opens_no_game_over_dialog() {
        let (mut m, cmds) = drill_from(DrillKind::Rook, "k7/8/1K6/8/8/8/8/7R b - 32 0 1");
        let (id, _) = asked(&cmds).expect("the lone king is asked to move");
        ai_answer(&mut m, id, Ok("a8b8".into()));
        // No take-backs in a drill.
        let undo = update(&mut m, Msg::Undo);
        assert_eq!(m.game.moves().len(), 1);
        assert_eq!(
            toasts(&undo),
            ["No take-backs in a drill: try the position again instead."]
        );
        let cmds = click_move(&mut m, "h1", "h8");
        assert_eq!(drill::state(&m.game, Color::White), DrillState::Passed(1));
        assert!(!matches!(m.dialog, Some(Dialog::GameOver(_))));
        assert_eq!(m.drills.best(DrillKind::Rook), Some(1));
        assert!(cmds.contains(&Cmd::Storage(StorageCmd::SaveDrills(m.drills.clone()))));
        assert_eq!(toasts(&cmds), ["A new best for this drill!"]);
        // Noted once: the next message changes nothing.
        let again = update(&mut m, Msg::Tick);
        assert!(
            !again
                .iter()
                .any(|c| matches!(c, Cmd::Storage(StorageCmd::SaveDrills(_))))
        );
        // Try again: the same position, the record kept.
        update(&mut m, Msg::Drill(DrillMsg::Retry));
        assert_eq!(m.game.initial_fen(), "k7/8/1K6/8/8/8/8/7R b - 32 0 1");
        assert!(m.game.moves().is_empty());
        assert_eq!(m.drills.best(DrillKind::Rook), Some(1));
    }

    #[test]
    fn the_lone_king_claims_the_fifty_move_draw_at_once() {
        let (mut m, cmds) = drill_from(DrillKind::Mets, "8/8/8/3k4/8/8/8/1QQQ3K b - - 98 1");
        let (id, _) = asked(&cmds).expect("asked");
        ai_answer(&mut m, id, Ok("d5e5".into()));
        let cmds = click_move(&mut m, "h1", "g2");
        assert_eq!(
            m.game.outcome(),
            Some(Outcome::draw(DrawReason::FiftyMoves)),
            "claimed instead of a move"
        );
        assert_eq!(asked(&cmds), None);
        assert!(matches!(
            drill::state(&m.game, Color::White),
            DrillState::Failed(_)
        ));
        assert_eq!(m.drills.best(DrillKind::Mets), None);
    }

    #[test]
    fn another_position_is_another_of_the_same_drill() {
        let mut m = model();
        update(&mut m, Msg::Drill(DrillMsg::Start(DrillKind::Rook)));
        for _ in 0..5 {
            let before = m.game.initial_fen();
            update(&mut m, Msg::Drill(DrillMsg::Next));
            assert_ne!(m.game.initial_fen(), before);
            assert!(
                DrillKind::Rook
                    .positions()
                    .contains(&m.game.initial_fen().as_str())
            );
            assert_eq!(m.mode.ai().and_then(|a| a.drill), Some(DrillKind::Rook));
        }
    }
}
