//! `#btn-learn` (in the analysis card, once there is something to learn) and `#learn`, the
//! card of Learn from your mistakes: `data-state` (`find`, `checking`, `wrong`, `right`,
//! `solution`, `done`) and `data-ply` (the mistake's ply), the exercise's number
//! `#learn-progress`, what to do or how it went `#learn-prompt`, the best move's line
//! `#learn-line` once answered, and the buttons `#learn-solution`, `#learn-next` (Skip before
//! an answer) and `#learn-close`.

use crate::dom;
use crate::i18n::Key;
use crate::model::Model;
use crate::model::analysis::pv_san;
use crate::model::learn::LearnState;
use crate::update::{Emit, LearnMsg, Msg};
use rules::Color;
use web_sys::Event;

#[derive(Clone, Debug, PartialEq)]
struct Scene {
    can_start: bool,
    card: Option<Card>,
}

#[derive(Clone, Debug, PartialEq)]
struct Card {
    state: &'static str,
    ply: Option<usize>,
    progress: String,
    prompt: String,
    line: Option<String>,
    solution: bool,
    next: &'static str,
    close: &'static str,
}

/// The learn card.
#[derive(Default)]
pub struct LearnView {
    scene: Option<Scene>,
}

impl LearnView {
    /// Draws the card of `m`.
    pub fn render(&mut self, m: &Model) {
        let scene = Scene {
            can_start: crate::update::learn_available(m),
            card: card(m),
        };
        if self.scene.as_ref() == Some(&scene) {
            return;
        }
        let appeared = scene.card.is_some() && self.scene.as_ref().is_none_or(|s| s.card.is_none());
        draw(&scene);
        if appeared && let Some(card) = dom::by_id("learn") {
            // The card says what to do (the panel may have scrolled away from it).
            dom::reveal_card(&card);
        }
        self.scene = Some(scene);
    }

    /// Connects the buttons.
    pub fn wire(&self, d: &impl Emit) {
        for (id, msg) in [
            ("btn-learn", LearnMsg::Start),
            ("learn-solution", LearnMsg::Solution),
            ("learn-next", LearnMsg::Next),
            ("learn-close", LearnMsg::Close),
        ] {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(Msg::Learn(msg)));
            }
        }
    }
}

fn card(m: &Model) -> Option<Card> {
    let l = m.learn.as_ref()?;
    let lang = m.lang;
    let total = l.plies.len();
    let ply = l.ply();
    let side = lang.t(if l.side == Color::White {
        Key::White
    } else {
        Key::Black
    });
    // The exercise's position and the SAN of a move in it.
    let pos = ply.and_then(|p| m.game.positions().get(p - 1));
    let san = |mv: rules::Move| pos.map(|p| p.san(mv)).unwrap_or_default();
    let played = ply
        .and_then(|p| m.game.moves().get(p - 1).copied())
        .map(san)
        .unwrap_or_default();
    let eval = ply.and_then(|p| m.analysis.as_ref()?.eval(p - 1));
    let best = eval.and_then(|e| e.best).map(san).unwrap_or_default();
    let prompt = match &l.state {
        LearnState::Find => lang.fmt(Key::LearnFind, &[("move", &played), ("side", side)]),
        LearnState::Checking(_, mv) => lang.fmt(Key::LearnChecking, &[("move", &san(*mv))]),
        LearnState::Wrong(mv)
            if Some(*mv) == ply.and_then(|p| m.game.moves().get(p - 1).copied()) =>
        {
            lang.t(Key::LearnWrongPlayed).to_owned()
        }
        LearnState::Wrong(mv) => lang.fmt(Key::LearnWrong, &[("move", &san(*mv))]),
        LearnState::Right(mv) if Some(*mv) == eval.and_then(|e| e.best) => {
            lang.fmt(Key::LearnRightBest, &[("move", &san(*mv))])
        }
        LearnState::Right(mv) => lang.fmt(Key::LearnRight, &[("move", &san(*mv)), ("best", &best)]),
        LearnState::Solution => lang.fmt(Key::LearnSolution, &[("move", &best)]),
        LearnState::Done => lang.fmt(
            Key::LearnDone,
            &[
                ("found", &crate::intl::integer(lang, l.found as u64)),
                ("total", &crate::intl::integer(lang, total as u64)),
            ],
        ),
    };
    let line = if l.state.answered() {
        eval.zip(pos)
            .map(|(e, p)| pv_san(p, &e.pv))
            .filter(|s| !s.is_empty())
            .map(|s| lang.fmt(Key::LearnLine, &[("line", &s)]))
    } else {
        None
    };
    let progress = if l.state == LearnState::Done {
        String::new()
    } else {
        lang.fmt(
            Key::LearnProgress,
            &[
                ("n", &crate::intl::integer(lang, (l.at + 1) as u64)),
                ("total", &crate::intl::integer(lang, total as u64)),
            ],
        )
    };
    Some(Card {
        state: l.state.name(),
        ply,
        progress,
        prompt,
        line,
        solution: matches!(l.state, LearnState::Find | LearnState::Wrong(_)),
        next: lang.t(if l.state.answered() {
            Key::BtnLearnNext
        } else {
            Key::BtnLearnSkip
        }),
        close: lang.t(if l.state == LearnState::Done {
            Key::BtnLearnDone
        } else {
            Key::BtnLearnClose
        }),
    })
}

fn draw(s: &Scene) {
    if let Some(b) = dom::by_id("btn-learn") {
        dom::set_hidden(&b, !s.can_start);
    }
    let Some(section) = dom::by_id("learn") else {
        return;
    };
    let Some(c) = &s.card else {
        dom::set_hidden(&section, true);
        dom::set_attr(&section, "data-state", "");
        dom::set_attr(&section, "data-ply", "");
        return;
    };
    dom::set_hidden(&section, false);
    dom::set_attr(&section, "data-state", c.state);
    dom::set_attr(
        &section,
        "data-ply",
        &c.ply.map(|p| p.to_string()).unwrap_or_default(),
    );
    for (id, text) in [
        ("learn-progress", c.progress.as_str()),
        ("learn-prompt", c.prompt.as_str()),
        ("learn-line", c.line.as_deref().unwrap_or("")),
    ] {
        if let Some(e) = dom::by_id(id) {
            dom::set_text(&e, text);
            dom::set_hidden(&e, text.is_empty());
        }
    }
    if let Some(e) = dom::by_id("learn-solution") {
        dom::set_hidden(&e, !c.solution);
    }
    if let Some(e) = dom::by_id("learn-next") {
        dom::set_text(&e, c.next);
        dom::set_hidden(&e, c.state == "done");
        dom::set_class(&e, "primary", c.state == "right" || c.state == "solution");
    }
    if let Some(e) = dom::by_id("learn-close") {
        dom::set_text(&e, c.close);
        dom::set_class(&e, "primary", c.state == "done");
    }
}
