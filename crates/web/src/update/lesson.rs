//! The lessons (see [`crate::model::lesson`]): their list (`#/learn`), a lesson's tasks put on
//! the board one after the other, each move judged, the stars kept.
//!
//! A task is played on a hot-seat board that is never saved (the game the player had stays in
//! their saved games). Black never moves: after a move that leaves the task going, the board
//! is set again from the position with White to move.

use super::{BrowserCmd, Cmd, StorageCmd, new_game, online, toast};
use crate::i18n::Key;
use crate::model::Model;
use crate::model::account::Screen;
use crate::model::lesson::{self, LessonId, LessonRun, Refusal, TaskState};
use rules::Game;

/// What the player does in the lessons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonMsg {
    /// Start a lesson from its first task.
    Start(LessonId),
    /// The task on the board again.
    Retry,
    /// The next task, or the next lesson after the last one.
    Next,
}

/// Opens the list of lessons (`#/learn`).
pub(super) fn route(model: &mut Model) {
    model.dialog = None;
    model.accounts.screen = Some(Screen::Lessons);
}

/// Handles a message of the lessons.
pub(super) fn handle(model: &mut Model, msg: LessonMsg, out: &mut Vec<Cmd>) {
    match msg {
        LessonMsg::Start(id) => start(model, LessonRun::new(id), out),
        LessonMsg::Retry => {
            if let Some(run) = &model.lesson {
                let run = LessonRun {
                    task: run.task,
                    ..LessonRun::new(run.id)
                };
                start(model, run, out);
            }
        }
        LessonMsg::Next => {
            let Some(run) = model.lesson.clone() else {
                return;
            };
            if !run.last_task() {
                let next = LessonRun {
                    task: run.task + 1,
                    ..LessonRun::new(run.id)
                };
                start(model, next, out);
            } else if let Some(id) = run.id.next() {
                start(model, LessonRun::new(id), out);
            } else {
                // The last lesson done: the game the player had back on the board (when it
                // loads), and the list.
                model.lesson = None;
                new_game::fresh_board(model, Game::new(rules::Rules::default()), None, None);
                out.push(Cmd::Storage(StorageCmd::LoadCurrent));
                route(model);
            }
        }
    }
}

/// Puts the task of `run` on the board.
fn start(model: &mut Model, run: LessonRun, out: &mut Vec<Cmd>) {
    let Some(pos) = run.current().and_then(lesson::position_of) else {
        out.push(Cmd::Log(format!(
            "lesson {}: no task {}",
            run.id.name(),
            run.task
        )));
        return;
    };
    online::leave(model, out);
    if model.accounts.screen.take().is_some() {
        out.push(Cmd::Browser(BrowserCmd::SetLocation(None)));
    }
    model.dialog = None;
    new_game::fresh_board(model, Game::from_position(pos), None, None);
    model.board.flipped = false;
    let board = model.mode.local().map(|l| l.id.clone()).unwrap_or_default();
    model.lesson = Some(LessonRun { board, ..run });
}

/// After a message that may have moved: judges the move played on a task's board, and ends
/// the lesson when the board holds another game.
pub(super) fn after_move(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(run) = &model.lesson else { return };
    let on_board = matches!(&model.mode, crate::model::Mode::HotSeat(l) if l.id == run.board)
        && model.game.moves().len() <= 1;
    if !on_board {
        model.lesson = None;
        return;
    }
    if run.state != TaskState::Play {
        return;
    }
    let (Some(task), Some(&m), Some(before)) = (
        run.current(),
        model.game.moves().first(),
        model.game.positions().first().cloned(),
    ) else {
        return;
    };
    match lesson::judge(task, &before, m) {
        Ok(Some(next)) => {
            if let Some(run) = &mut model.lesson {
                run.moves = run.moves.saturating_add(1);
                run.refused = None;
            }
            new_game::set_game(model, Game::from_position(next));
        }
        Ok(None) => {
            let Some(run) = &mut model.lesson else { return };
            run.moves = run.moves.saturating_add(1);
            run.refused = None;
            let stars = lesson::stars(task, run.moves, run.tries);
            run.state = TaskState::Passed(stars);
            let (id, task) = (run.id, run.task);
            if model.lessons.pass(id, task, stars) {
                out.push(Cmd::Storage(StorageCmd::SaveLessons(model.lessons.clone())));
            }
            model.board.selected = None;
        }
        Err(refusal) => {
            if let Some(run) = &mut model.lesson {
                run.refused = Some(refusal);
                if refusal == Refusal::Missed {
                    run.tries = run.tries.saturating_add(1);
                }
            }
            if refusal == Refusal::Check {
                toast(model, Key::LessonNoCheck, true, out);
            }
            model.dialog = None;
            new_game::set_game(model, Game::from_position(before));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{click_move, model};
    use super::*;
    use crate::model::Dialog;
    use crate::update::{Msg, update};

    fn saved_lessons(cmds: &[Cmd]) -> Option<&lesson::Progress> {
        cmds.iter().find_map(|c| match c {
            Cmd::Storage(StorageCmd::SaveLessons(p)) => Some(p),
            _ => None,
        })
    }

    #[test]
    fn a_capture_lesson_keeps_white_to_move_and_earns_its_stars() {
        let mut m = model();
        update(&mut m, Msg::Route(crate::model::Route::Lessons));
        assert_eq!(m.accounts.screen, Some(Screen::Lessons));
        let cmds = update(&mut m, Msg::Lesson(LessonMsg::Start(LessonId::Rook)));
        assert_eq!(m.accounts.screen, None);
        assert!(
            !cmds
                .iter()
                .any(|c| matches!(c, Cmd::Storage(StorageCmd::Save { .. }))),
            "a lesson is not saved as a game"
        );
        assert_eq!(m.lesson.as_ref().map(|l| l.task), Some(0));
        click_move(&mut m, "d4", "d7");
        assert_eq!(
            m.game.position().turn(),
            rules::Color::White,
            "Black passes"
        );
        assert!(m.my_turn());
        let cmds = click_move(&mut m, "d7", "b7");
        let run = m.lesson.as_ref().expect("on");
        assert_eq!(run.state, TaskState::Passed(3));
        assert!(!m.my_turn(), "the task is done");
        assert_eq!(
            saved_lessons(&cmds).map(|p| p.stars(LessonId::Rook)),
            Some(vec![3, 0])
        );
        assert!(
            !cmds
                .iter()
                .any(|c| matches!(c, Cmd::Storage(StorageCmd::Save { .. }))),
            "never saved as a game"
        );
        update(&mut m, Msg::Lesson(LessonMsg::Next));
        assert_eq!(m.lesson.as_ref().map(|l| l.task), Some(1));
        // A check is refused and the board set back.
        let before = m.game.position().fen();
        click_move(&mut m, "d1", "h1");
        let run = m.lesson.as_ref().expect("on");
        assert_eq!(run.refused, Some(Refusal::Check));
        assert_eq!(m.game.position().fen(), before);
        // The slow way: six moves, two stars.
        for (from, to) in [
            ("d1", "d2"),
            ("d2", "d5"),
            ("d5", "b5"),
            ("b5", "b3"),
            ("b3", "c3"),
            ("c3", "f3"),
        ] {
            click_move(&mut m, from, to);
        }
        assert_eq!(
            m.lesson.as_ref().map(|l| l.state),
            Some(TaskState::Passed(2))
        );
        // After the last task, the next lesson.
        update(&mut m, Msg::Lesson(LessonMsg::Next));
        assert_eq!(
            m.lesson.as_ref().map(|l| (l.id, l.task)),
            Some((LessonId::Knight, 0))
        );
    }

    #[test]
    fn the_stalemate_lesson_is_played_and_a_game_imported_from_a_lesson_is_saved() {
        let mut m = model();
        update(&mut m, Msg::Lesson(LessonMsg::Start(LessonId::Stalemate)));
        assert!(m.my_turn(), "the task's board is played");
        click_move(&mut m, "f5", "g6");
        assert_eq!(
            m.lesson.as_ref().map(|l| l.state),
            Some(TaskState::Passed(3))
        );
        assert!(m.dialog.is_none(), "no game-over dialog for a lesson");
        let cmds = update(&mut m, Msg::ImportStart("1. e4 d5 2. exd5 Nd7 1-0".into()));
        assert!(m.lesson.is_none(), "the import ends the lesson");
        assert!(
            cmds.iter()
                .any(|c| matches!(c, Cmd::Storage(StorageCmd::Save { .. }))),
            "the imported game is saved at once"
        );
    }

    #[test]
    fn a_mate_lesson_sets_a_missed_move_back_and_counts_the_tries() {
        let mut m = model();
        update(&mut m, Msg::Lesson(LessonMsg::Start(LessonId::Mate)));
        click_move(&mut m, "a1", "a7");
        let run = m.lesson.as_ref().expect("on");
        assert_eq!((run.refused, run.tries), (Some(Refusal::Missed), 2));
        assert_eq!(m.game.moves().len(), 0, "set back");
        let cmds = click_move(&mut m, "a1", "a8");
        assert_eq!(
            m.lesson.as_ref().map(|l| l.state),
            Some(TaskState::Passed(2))
        );
        assert!(
            !matches!(m.dialog, Some(Dialog::GameOver(_))),
            "the lesson's card says the end"
        );
        assert!(saved_lessons(&cmds).is_some());
        // Again: three stars now, kept.
        update(&mut m, Msg::Lesson(LessonMsg::Retry));
        let cmds = click_move(&mut m, "a1", "a8");
        assert_eq!(
            saved_lessons(&cmds).map(|p| p.stars(LessonId::Mate)),
            Some(vec![3, 0, 0])
        );
        // A new game ends the lesson.
        update(
            &mut m,
            Msg::NewGameStart(crate::update::NewGameChoice::HotSeat {
                promotion: rules::PromotionRule::Any,
                clock: None,
            }),
        );
        assert!(m.lesson.is_none());
    }
}
