//! The counting trainer: `#training` (`#/training/counting`), the list of drills shown instead
//! of the board while `#app[data-screen]` is `training`, and `#drill`, the card beside the board
//! while a drill is played.
//!
//! Test contract: `#drill-items li[data-drill]` (one a drill, its start button `button.drill-start`,
//! its best result `.drill-best`); `#drill[data-drill][data-fen][data-state]` (`data-fen` the
//! position now, `data-state` `play`, `passed` or `failed`), `#drill-left` (the moves left in
//! words), `#drill-status`, `#drill-picture` (the technique drawn on a small board, beside its
//! words in `#drill-tip`), `#drill-retry`, `#drill-next`, `#drill-all`.

use crate::dom;
use crate::i18n::{Counted, Key, Lang};
use crate::model::Model;
use crate::model::account::Screen;
use crate::model::drill::{self, DrillKind, DrillState, Records};
use crate::update::{AccountMsg, DrillMsg, Emit, Msg};
use rules::{DrawReason, Outcome, Position, Rules, Square};
use web_sys::{Element, Event};

/// What the drill card shows: the drill, the position now (FEN), its state, the moves left and
/// the limit.
type Card = (DrillKind, String, DrillState, (u16, u16));

/// The trainer's list and the drill card.
#[derive(Default)]
pub struct TrainingView {
    list: Option<(bool, Records, Lang)>,
    card: Option<Option<Card>>,
    card_lang: Option<Lang>,
    /// The drill whose picture `#drill-picture` holds, in which language.
    picture: Option<(DrillKind, Lang)>,
}

/// The name of a drill.
pub fn drill_name(kind: DrillKind) -> Key {
    match kind {
        DrillKind::Rook => Key::DrillRook,
        DrillKind::KhonMet => Key::DrillKhonMet,
        DrillKind::KhonKnight => Key::DrillKhonKnight,
        DrillKind::KnightMets => Key::DrillKnightMets,
        DrillKind::KnightsMet => Key::DrillKnightsMet,
        DrillKind::Mets => Key::DrillMets,
    }
}

/// How a drill is done.
pub fn drill_tip(kind: DrillKind) -> Key {
    match kind {
        DrillKind::Rook => Key::DrillRookTip,
        DrillKind::KhonMet => Key::DrillKhonMetTip,
        DrillKind::KhonKnight => Key::DrillKhonKnightTip,
        DrillKind::KnightMets => Key::DrillKnightMetsTip,
        DrillKind::KnightsMet => Key::DrillKnightsMetTip,
        DrillKind::Mets => Key::DrillMetsTip,
    }
}

/// What a failed drill says of its end.
fn failure(outcome: Outcome) -> Key {
    match outcome {
        Outcome::Draw { reason } => match reason {
            DrawReason::CountingExpired => Key::DrillFailedCount,
            DrawReason::FiftyMoves => Key::DrillFailedFifty,
            DrawReason::Threefold => Key::DrillFailedRepetition,
            DrawReason::Stalemate => Key::DrillFailedStalemate,
            DrawReason::DeadPosition => Key::DrillFailedDead,
            _ => Key::DrillFailed,
        },
        _ => Key::DrillFailed,
    }
}

impl TrainingView {
    /// Draws the list when shown and the card of the drill on the board.
    pub fn render(&mut self, m: &Model) {
        let shown = matches!(m.accounts.screen, Some(Screen::Training));
        let list = (shown, m.drills.clone(), m.lang);
        if self.list.as_ref() != Some(&list) {
            let was = self.list.as_ref().is_some_and(|l| l.0);
            if let Some(section) = dom::by_id("training") {
                dom::set_hidden(&section, !shown);
            }
            if shown {
                draw_list(&m.drills, m.lang);
                if !was && let Some(h) = dom::by_id("training-title") {
                    dom::focus(&h);
                }
            }
            self.list = Some(list);
        }
        let card = drill::current(m)
            .filter(|_| m.accounts.screen.is_none())
            .map(|(kind, human)| {
                (
                    kind,
                    m.game.position().fen(),
                    drill::state(&m.game, human),
                    drill::moves_left(&m.game, kind),
                )
            });
        if self.card.as_ref() == Some(&card) && self.card_lang == Some(m.lang) {
            return;
        }
        draw_card(card.as_ref(), m.lang);
        if let Some((kind, ..)) = &card
            && self.picture != Some((*kind, m.lang))
            && let Some(slot) = dom::by_id("drill-picture")
        {
            dom::clear(&slot);
            if let Some(pic) = picture(*kind, m.lang) {
                let _ = slot.append_child(&pic);
            }
            self.picture = Some((*kind, m.lang));
        }
        self.card = Some(card);
        self.card_lang = Some(m.lang);
    }

    /// Connects the list's start buttons and the card's buttons.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(items) = dom::by_id("drill-items") {
            let d = d.clone();
            dom::on(&items, "click", move |ev: Event| {
                if let Some(kind) = dom::closest_attr(&ev, "data-drill-start")
                    .as_deref()
                    .and_then(DrillKind::from_name)
                {
                    d.emit(Msg::Drill(DrillMsg::Start(kind)));
                }
            });
        }
        for (id, msg) in [
            ("drill-retry", Msg::Drill(DrillMsg::Retry)),
            ("drill-next", Msg::Drill(DrillMsg::Next)),
            ("training-back", Msg::Account(AccountMsg::Back)),
        ] {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(msg.clone()));
            }
        }
    }
}

/// The limit of a drill in words: "Mate within 16 moves".
fn limit_text(kind: DrillKind, lang: Lang) -> String {
    match kind.count_moves() {
        _ if kind.counted() => {
            lang.count(Counted::DrillLimitMoves, u64::from(kind.limit_moves()), &[])
        }
        Some(count) => lang.fmt(Key::DrillLimitKnight, &[("count", &count.to_string())]),
        None => lang.t(Key::DrillLimitFifty).to_owned(),
    }
}

fn draw_list(records: &Records, lang: Lang) {
    let Some(items) = dom::by_id("drill-items") else {
        return;
    };
    dom::clear(&items);
    for &kind in DrillKind::ALL {
        let Some(li) = dom::child(&items, "li", "drill-item", "") else {
            continue;
        };
        dom::set_attr(&li, "data-drill", kind.name());
        if let Some(pic) = picture(kind, lang) {
            let _ = li.append_child(&pic);
        }
        let Some(body) = dom::child(&li, "div", "drill-body", "") else {
            continue;
        };
        dom::child(&body, "h3", "drill-name", lang.t(drill_name(kind)));
        dom::child(&body, "p", "drill-limit", &limit_text(kind, lang));
        dom::child(&body, "p", "drill-tip", lang.t(drill_tip(kind)));
        let best = match records.best(kind) {
            Some(n) => lang.count(Counted::DrillBest, u64::from(n), &[]),
            None => lang.t(Key::DrillNotPassed).to_owned(),
        };
        if let Some(b) = dom::child(&body, "p", "drill-best", &best) {
            dom::set_attr(
                &b,
                "data-passed",
                if records.best(kind).is_some() {
                    "true"
                } else {
                    "false"
                },
            );
        }
        if let Some(btn) = dom::child(
            &body,
            "button",
            "btn primary drill-start",
            lang.t(Key::BtnDrillStart),
        ) {
            dom::set_attr(&btn, "type", "button");
            dom::set_attr(&btn, "data-drill-start", kind.name());
            let label = format!(
                "{}: {}",
                lang.t(Key::BtnDrillStart),
                lang.t(drill_name(kind))
            );
            dom::set_attr(&btn, "aria-label", &label);
        }
    }
}

/// The technique's picture: a small board with the drill's pieces and the squares it marks.
fn picture(kind: DrillKind, lang: Lang) -> Option<Element> {
    let (fen, marks) = kind.picture();
    let pos = Position::from_fen(fen, Rules::default()).ok()?;
    let board = dom::el("div", "mini-board")?;
    dom::set_attr(&board, "role", "img");
    dom::set_attr(&board, "aria-label", lang.t(Key::DrillPictureLabel));
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            let light = sq.is_light();
            let marked = marks.iter().any(|m| m.parse::<Square>().ok() == Some(sq));
            let class = match (light, marked) {
                (true, true) => "mini-sq light mark",
                (true, false) => "mini-sq light",
                (false, true) => "mini-sq dark mark",
                (false, false) => "mini-sq dark",
            };
            let cell = dom::child(&board, "div", class, "")?;
            if let Some(p) = pos.piece_at(sq)
                && let Some(piece) = dom::child(&cell, "span", "piece", "")
            {
                dom::set_attr(&piece, "data-piece", &super::board::piece_code(p));
            }
        }
    }
    Some(board)
}

fn draw_card(card: Option<&Card>, lang: Lang) {
    let Some(section) = dom::by_id("drill") else {
        return;
    };
    let Some((kind, fen, state, (left, limit))) = card else {
        dom::set_hidden(&section, true);
        dom::set_attr(&section, "data-drill", "");
        dom::set_attr(&section, "data-state", "");
        return;
    };
    dom::set_hidden(&section, false);
    dom::set_attr(&section, "data-drill", kind.name());
    dom::set_attr(&section, "data-fen", fen);
    dom::set_attr(&section, "data-state", state.name());
    if let Some(e) = dom::by_id("drill-title") {
        dom::set_text(&e, lang.t(drill_name(*kind)));
    }
    if let Some(e) = dom::by_id("drill-left") {
        let text = lang.count(
            Counted::DrillMovesLeft,
            u64::from(*left),
            &[("limit", &limit.to_string())],
        );
        dom::set_text(&e, &text);
        dom::set_hidden(&e, *state != DrillState::Play);
    }
    if let Some(e) = dom::by_id("drill-status") {
        let text = match state {
            DrillState::Play if kind.counted() => lang.t(Key::DrillPlay).to_owned(),
            DrillState::Play => lang.t(Key::DrillPlayFifty).to_owned(),
            DrillState::Passed(n) => lang.count(Counted::DrillPassed, u64::from(*n), &[]),
            DrillState::Failed(outcome) => lang.t(failure(*outcome)).to_owned(),
        };
        dom::set_text(&e, &text);
    }
    if let Some(e) = dom::by_id("drill-tip") {
        dom::set_text(&e, lang.t(drill_tip(*kind)));
    }
    if let Some(e) = dom::by_id("drill-next") {
        // After the end, going on is the main thing to do.
        dom::set_class(&e, "primary", *state != DrillState::Play);
    }
}
