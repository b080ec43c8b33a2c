//! `#lessons`, the list of lessons shown instead of the board while `#app[data-screen]` is
//! `lessons` (each `li[data-lesson]` with its title, what it teaches, its stars and a
//! `button[data-lesson-start]`), and `#lesson`, the card beside the board during a lesson:
//! `data-lesson`, `data-task` (from 1) and `data-state` (`play`, `passed`), the task's number
//! `#lesson-task`, what it teaches `#lesson-intro`, what to do or how it went
//! `#lesson-status`, the stars earned `#lesson-stars` (`data-stars`), and the buttons
//! `#lesson-next`, `#lesson-retry` and `#lesson-all`.

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::model::account::Screen;
use crate::model::lesson::{Goal, LessonId, LessonRun, Progress, Refusal, TaskState};
use crate::update::{AccountMsg, Emit, LessonMsg, Msg};
use web_sys::Event;

/// The lessons' list and card.
#[derive(Default)]
pub struct LessonsView {
    list: Option<(bool, Progress, Lang)>,
    card: Option<(Option<LessonRun>, Lang)>,
}

/// The title of a lesson.
pub fn title(id: LessonId) -> Key {
    match id {
        LessonId::Rook => Key::LessonRook,
        LessonId::Knight => Key::LessonKnight,
        LessonId::Khon => Key::LessonKhon,
        LessonId::Met => Key::LessonMet,
        LessonId::King => Key::LessonKing,
        LessonId::Pawn => Key::LessonPawn,
        LessonId::Mate => Key::LessonMate,
        LessonId::Stalemate => Key::LessonStalemate,
        LessonId::Dead => Key::LessonDead,
        LessonId::Count => Key::LessonCount,
    }
}

fn intro(id: LessonId) -> Key {
    match id {
        LessonId::Rook => Key::LessonRookIntro,
        LessonId::Knight => Key::LessonKnightIntro,
        LessonId::Khon => Key::LessonKhonIntro,
        LessonId::Met => Key::LessonMetIntro,
        LessonId::King => Key::LessonKingIntro,
        LessonId::Pawn => Key::LessonPawnIntro,
        LessonId::Mate => Key::LessonMateIntro,
        LessonId::Stalemate => Key::LessonStalemateIntro,
        LessonId::Dead => Key::LessonDeadIntro,
        LessonId::Count => Key::LessonCountIntro,
    }
}

fn goal(g: Goal) -> Key {
    match g {
        Goal::Capture => Key::GoalCapture,
        Goal::Promote => Key::GoalPromote,
        Goal::Mate => Key::GoalMate,
        Goal::Stalemate => Key::GoalStalemate,
        Goal::Dead => Key::GoalDead,
    }
}

/// `n` stars of 3, drawn: "★★☆".
fn star_text(n: u8) -> String {
    (0..3).map(|i| if i < n { '★' } else { '☆' }).collect()
}

impl LessonsView {
    /// Draws the list when shown and the card of the lesson on the board.
    pub fn render(&mut self, m: &Model) {
        let shown = matches!(m.accounts.screen, Some(Screen::Lessons));
        let list = (shown, m.lessons.clone(), m.lang);
        if self.list.as_ref() != Some(&list) {
            let was = self.list.as_ref().is_some_and(|l| l.0);
            if let Some(section) = dom::by_id("lessons") {
                dom::set_hidden(&section, !shown);
            }
            if shown {
                draw_list(&m.lessons, m.lang);
                if !was && let Some(h) = dom::by_id("lessons-title") {
                    dom::focus(&h);
                }
            }
            self.list = Some(list);
        }
        let run = m.lesson.clone().filter(|_| m.accounts.screen.is_none());
        let card = (run, m.lang);
        if self.card.as_ref() == Some(&card) {
            return;
        }
        let appeared = card.0.is_some() && self.card.as_ref().is_none_or(|c| c.0.is_none());
        draw_card(card.0.as_ref(), m.lang);
        if appeared && let Some(card) = dom::by_id("lesson") {
            // The card says what to do (the panel may have scrolled away from it).
            dom::reveal_card(&card);
        }
        self.card = Some(card);
    }

    /// Connects the list's start buttons and the card's buttons.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(items) = dom::by_id("lesson-items") {
            let d = d.clone();
            dom::on(&items, "click", move |ev: Event| {
                if let Some(id) = dom::closest_attr(&ev, "data-lesson-start")
                    .as_deref()
                    .and_then(LessonId::from_name)
                {
                    d.emit(Msg::Lesson(LessonMsg::Start(id)));
                }
            });
        }
        for (id, msg) in [
            ("lesson-retry", Msg::Lesson(LessonMsg::Retry)),
            ("lesson-next", Msg::Lesson(LessonMsg::Next)),
            ("lessons-back", Msg::Account(AccountMsg::Back)),
        ] {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(msg.clone()));
            }
        }
    }
}

fn draw_list(progress: &Progress, lang: Lang) {
    let Some(items) = dom::by_id("lesson-items") else {
        return;
    };
    dom::clear(&items);
    for &id in LessonId::ALL {
        let Some(li) = dom::child(&items, "li", "lesson-item", "") else {
            continue;
        };
        dom::set_attr(&li, "data-lesson", id.name());
        let stars = progress.stars(id);
        let earned: u32 = stars.iter().map(|&s| u32::from(s)).sum();
        let total = 3 * stars.len();
        dom::set_attr(&li, "data-stars", &earned.to_string());
        let Some(body) = dom::child(&li, "div", "lesson-body", "") else {
            continue;
        };
        dom::child(&body, "h3", "lesson-name", lang.t(title(id)));
        dom::child(&body, "p", "lesson-text", lang.t(intro(id)));
        let stars_text: String = stars
            .iter()
            .map(|&s| star_text(s))
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(p) = dom::child(&body, "p", "lesson-progress", &stars_text) {
            let label = lang.fmt(
                Key::LessonStars,
                &[("n", &earned.to_string()), ("total", &total.to_string())],
            );
            dom::set_attr(&p, "aria-label", &label);
            dom::set_attr(&p, "title", &label);
        }
        if let Some(btn) = dom::child(
            &body,
            "button",
            "btn primary lesson-start",
            lang.t(Key::BtnLessonStart),
        ) {
            dom::set_attr(&btn, "type", "button");
            dom::set_attr(&btn, "data-lesson-start", id.name());
            let label = format!("{}: {}", lang.t(Key::BtnLessonStart), lang.t(title(id)));
            dom::set_attr(&btn, "aria-label", &label);
        }
    }
}

fn draw_card(run: Option<&LessonRun>, lang: Lang) {
    let Some(section) = dom::by_id("lesson") else {
        return;
    };
    let Some((run, task)) = run.and_then(|r| r.current().map(|t| (r, t))) else {
        dom::set_hidden(&section, true);
        dom::set_attr(&section, "data-lesson", "");
        dom::set_attr(&section, "data-state", "");
        return;
    };
    dom::set_hidden(&section, false);
    dom::set_attr(&section, "data-lesson", run.id.name());
    dom::set_attr(&section, "data-task", &(run.task + 1).to_string());
    let passed = match run.state {
        TaskState::Play => None,
        TaskState::Passed(n) => Some(n),
    };
    dom::set_attr(
        &section,
        "data-state",
        if passed.is_some() { "passed" } else { "play" },
    );
    let total = run.id.tasks().len();
    let texts = [
        ("lesson-title", lang.t(title(run.id)).to_owned()),
        (
            "lesson-task",
            lang.fmt(
                Key::LessonTask,
                &[
                    ("n", &(run.task + 1).to_string()),
                    ("total", &total.to_string()),
                ],
            ),
        ),
        ("lesson-intro", lang.t(intro(run.id)).to_owned()),
        (
            "lesson-status",
            match (passed, run.refused) {
                (Some(_), _) => lang.t(Key::LessonPassed).to_owned(),
                (None, Some(Refusal::Missed)) if task.goal == Goal::Mate => {
                    format!(
                        "{} {}",
                        lang.t(Key::LessonMissedMate),
                        lang.t(goal(task.goal))
                    )
                }
                (None, Some(Refusal::Missed)) => {
                    format!("{} {}", lang.t(Key::LessonMissed), lang.t(goal(task.goal)))
                }
                (None, Some(Refusal::Check)) => {
                    format!("{} {}", lang.t(Key::LessonNoCheck), lang.t(goal(task.goal)))
                }
                (None, None) => lang.t(goal(task.goal)).to_owned(),
            },
        ),
    ];
    for (id, text) in texts {
        if let Some(e) = dom::by_id(id) {
            dom::set_text(&e, &text);
        }
    }
    if let Some(e) = dom::by_id("lesson-stars") {
        dom::set_hidden(&e, passed.is_none());
        let n = passed.unwrap_or(0);
        dom::set_attr(&e, "data-stars", &n.to_string());
        dom::set_text(&e, &star_text(n));
        let label = lang.fmt(Key::LessonStars, &[("n", &n.to_string()), ("total", "3")]);
        dom::set_attr(&e, "aria-label", &label);
    }
    if let Some(e) = dom::by_id("lesson-moves") {
        let show = matches!(task.goal, Goal::Capture | Goal::Promote) && run.moves > 0;
        dom::set_hidden(&e, !show);
        dom::set_text(
            &e,
            &lang.fmt(Key::LessonMoves, &[("n", &run.moves.to_string())]),
        );
    }
    if let Some(e) = dom::by_id("lesson-next") {
        dom::set_hidden(&e, passed.is_none());
        let label = if !run.last_task() {
            Key::BtnLessonNext
        } else if run.id.next().is_some() {
            Key::BtnLessonNextLesson
        } else {
            Key::BtnLessonAll
        };
        dom::set_text(&e, lang.t(label));
    }
}
