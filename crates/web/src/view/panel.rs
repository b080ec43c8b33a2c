//! The panel beside the board: `#app[data-mode]`, the status line, the AI's thinking (or why
//! it cannot play, with `#btn-ai-retry`), the settings line, the count, the counters, the
//! claim, and the game's buttons.

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::export::{RecordEnd, RecordScore};
use crate::model::{Mode, Model, RoomView, lone_side};
use crate::update::valid_claim;
use protocol::{CloseReason, Color, DrawReason, Outcome, WinReason};
use rules::pgn::Score;
use rules::{DrawClaim, PromotionRule, Role};

/// The sentence of a result, e.g. "Checkmate: White wins."
pub fn result_key(result: Outcome) -> Key {
    use Color::{Black, White};
    match result {
        Outcome::Win { winner, reason } => match (reason, winner) {
            (WinReason::Checkmate, White) => Key::ResCheckmateWhite,
            (WinReason::Checkmate, Black) => Key::ResCheckmateBlack,
            (WinReason::Resignation, White) => Key::ResResignWhite,
            (WinReason::Resignation, Black) => Key::ResResignBlack,
            (WinReason::Timeout, White) => Key::ResTimeoutWhite,
            (WinReason::Timeout, Black) => Key::ResTimeoutBlack,
            (WinReason::Abandonment, White) => Key::ResAbandonedWhite,
            (WinReason::Abandonment, Black) => Key::ResAbandonedBlack,
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Stalemate => Key::ResStalemate,
            DrawReason::DeadPosition => Key::ResDead,
            DrawReason::CountingExpired => Key::ResCounting,
            DrawReason::FiftyMoves => Key::ResFifty,
            DrawReason::Threefold => Key::ResThreefold,
            DrawReason::Agreement => Key::ResAgreement,
            DrawReason::Timeout => Key::ResTimeoutDraw,
            DrawReason::PlyCap => Key::ResPlyCap,
        },
        Outcome::Aborted => Key::ResAborted,
    }
}

/// The sentence of an imported game's end as its record says it ([`RecordEnd`]): `None` when
/// it is the rules' own sentence ([`result_key`]).
pub fn record_sentence(shown: RecordEnd, lang: Lang) -> Option<String> {
    match shown {
        RecordEnd::AsPlayed => None,
        RecordEnd::Unstated(score) => Some(lang.fmt(
            match score {
                RecordScore::WhiteWins => Key::ResRecordWhite,
                RecordScore::BlackWins => Key::ResRecordBlack,
                _ => Key::ResRecordDraw,
            },
            &[("score", score.text())],
        )),
        RecordEnd::Abandoned(winner) => Some(
            lang.t(match winner {
                Color::White => Key::ResAbandonedWhite,
                Color::Black => Key::ResAbandonedBlack,
            })
            .to_owned(),
        ),
        RecordEnd::Contradicts(score) => {
            Some(lang.fmt(Key::ResRecordContradicts, &[("score", score.text())]))
        }
    }
}

/// The score of a result as players write it: `1-0`, `0-1`, `½-½`, or `–` for an abort.
pub fn score_text(result: Outcome) -> &'static str {
    match result.score() {
        Score::WhiteWins => "1-0",
        Score::BlackWins => "0-1",
        Score::Draw => "½-½",
        Score::Unfinished => "–",
    }
}

/// The title of a closed invitation's card (and of the status line).
pub fn closed_title(reason: CloseReason) -> Key {
    match reason {
        CloseReason::Cancelled => Key::ClosedCancelledTitle,
        CloseReason::Expired => Key::ClosedExpiredTitle,
    }
}

/// The promotion rule's line.
pub fn rule_key(rule: PromotionRule) -> Key {
    match rule {
        PromotionRule::MetOnly => Key::PromotionRuleMet,
        _ => Key::PromotionRuleAny,
    }
}

/// Everything the panel shows: drawn again only when it changes.
#[derive(Clone, Debug, PartialEq)]
struct Scene {
    mode: &'static str,
    status: (String, &'static str, &'static str, bool, bool),
    thinking: Option<String>,
    /// Why the AI cannot play, in words.
    ai_unavailable: Option<String>,
    rule: &'static str,
    mode_line: String,
    counting: Option<(String, u16, u16)>,
    fifty: (String, u32),
    reps: (String, usize),
    ended: bool,
    claim: Option<&'static str>,
    buttons: Vec<(&'static str, bool, bool)>,
    draw_label: &'static str,
    flipped: bool,
    rematch: Option<(&'static str, bool)>,
    reviewing: bool,
    /// A rated room: `#rated-badge` is shown.
    rated: bool,
}

/// The panel.
#[derive(Default)]
pub struct PanelView {
    scene: Option<Scene>,
}

fn status(m: &Model, lang: Lang) -> (String, &'static str, &'static str, bool, bool) {
    let pos = m.game.position();
    let turn = if pos.turn() == Color::White {
        "white"
    } else {
        "black"
    };
    let recorded = m.record_end().and_then(|e| record_sentence(e, lang));
    if let Some(r) = m.result() {
        let text = match (&recorded, m.record_end()) {
            // A contradicted record: the game as played, and the record's word against it.
            (Some(warning), Some(RecordEnd::Contradicts(_))) => {
                format!("{} {warning}", lang.t(result_key(r)))
            }
            (Some(sentence), _) => sentence.clone(),
            (None, _) => lang.t(result_key(r)).to_owned(),
        };
        return (text, r.label(), turn, false, true);
    }
    if let Some(reason) = m.closed() {
        return (
            lang.t(closed_title(reason)).to_owned(),
            "",
            turn,
            false,
            true,
        );
    }
    if let Some(warning) = recorded {
        // A record whose result the moves do not give (a win on time a bare king cannot
        // have): the game goes on, and says so.
        let key = if pos.turn() == Color::White {
            Key::TurnWhite
        } else {
            Key::TurnBlack
        };
        return (
            format!("{} {warning}", lang.t(key)),
            "",
            turn,
            pos.is_check(),
            false,
        );
    }
    // A move sent and not yet confirmed is not the other side's turn yet.
    if m.mode.online().is_some_and(|o| o.pending.is_some()) {
        return (lang.t(Key::MovePending).to_owned(), "", turn, false, false);
    }
    let key = match (pos.turn(), pos.is_check()) {
        (Color::White, false) => Key::TurnWhite,
        (Color::Black, false) => Key::TurnBlack,
        (Color::White, true) => Key::CheckWhite,
        (Color::Black, true) => Key::CheckBlack,
    };
    (lang.t(key).to_owned(), "", turn, pos.is_check(), false)
}

fn mode_line(m: &Model, lang: Lang) -> String {
    match &m.mode {
        Mode::HotSeat(_) => lang.t(Key::HotSeat).to_owned(),
        Mode::Ai(_, a) => lang.fmt(
            if a.settings.human == Color::White {
                Key::AiYouWhite
            } else {
                Key::AiYouBlack
            },
            &[("level", &a.settings.level.number().to_string())],
        ),
        Mode::Online(o) => {
            let view = o.view.as_ref();
            let mut text = lang
                .t(match (view, view.and_then(|v| v.you)) {
                    (None, _) => Key::OnlineConnecting,
                    (Some(v), _) if v.closed().is_some() => Key::OnlineClosed,
                    (Some(_), Some(Color::White)) => Key::OnlineYouWhite,
                    (Some(_), Some(Color::Black)) => Key::OnlineYouBlack,
                    (Some(_), None) => Key::OnlineWatching,
                })
                .to_owned();
            if let Some(tc) = view.and_then(|v| v.state.clock) {
                text.push_str(" · ");
                text.push_str(&tc.to_string());
            }
            text
        }
    }
}

fn counting(m: &Model, lang: Lang) -> Option<(String, u16, u16)> {
    // In a drill its card (`#drill-left`) says the moves the player has left, the move to play
    // included; the count's own words here ("15 left" after this one) would seem to contradict it.
    if crate::model::drill::current(m).is_some() {
        return None;
    }
    // A lesson's task is no game: its count is taught only in the count's lesson.
    if m.lesson
        .as_ref()
        .is_some_and(|l| l.id != crate::model::lesson::LessonId::Count)
    {
        return None;
    }
    let pos = m.game.position();
    let c = pos.counting().filter(|_| !m.ended())?;
    let (used, limit) = (c.moves_used(), c.limit_moves());
    // The side that must mate: the one without the lone king.
    let attacker_white =
        lone_side(pos).map_or(pos.turn() == Color::Black, |lone| lone == Color::Black);
    let key = match (used == 0, attacker_white) {
        (true, true) => Key::CountingStartWhite,
        (true, false) => Key::CountingStartBlack,
        (false, true) => Key::CountingWhite,
        (false, false) => Key::CountingBlack,
    };
    let text = lang.fmt(
        key,
        &[
            ("used", &used.to_string()),
            ("limit", &limit.to_string()),
            ("left", &limit.saturating_sub(used).to_string()),
        ],
    );
    let by = lang.t(match c.limiting_role() {
        Role::Rook => Key::CountByRook,
        Role::Khon => Key::CountByKhon,
        _ => Key::CountByKnight,
    });
    Some((format!("{text} {by}"), used, limit))
}

impl PanelView {
    /// Draws the panel of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        let ended = m.ended();
        let over = m.result().is_some();
        let room = m.room();
        let online = matches!(m.mode, Mode::Online(_));
        let seated = room.is_some_and(|v| v.you.is_some() && v.full());
        let abortable = room.is_some_and(RoomView::can_abort);
        // A claim is for the player to move, in the live game.
        let claim = valid_claim(&m.game)
            .filter(|_| !ended && m.review.is_none() && (!online || m.my_turn()))
            .map(|c| match c {
                DrawClaim::Threefold => "threefold",
                DrawClaim::FiftyMoves => "fifty",
            });
        let fifty = m.game.fifty_move_plies() / 2;
        let reps = m.game.repetitions();
        // A spectator has none of the players' buttons (greyed, they read as broken).
        let watching = m.spectating();
        // (id, hidden, enabled)
        let mut buttons = vec![
            (
                "btn-undo",
                watching,
                !online && (!m.game.moves().is_empty() || over),
            ),
            ("btn-hint", watching, !online && !ended && m.my_turn()),
            (
                "btn-draw",
                m.mode.ai().is_some() || watching || m.lesson.is_some(),
                !ended && (!online || seated),
            ),
            (
                "btn-resign",
                abortable || watching || m.lesson.is_some(),
                !ended && (!online || seated) && !abortable,
            ),
            ("btn-abort", !abortable || watching, abortable),
        ];
        buttons.push(("btn-live", m.review.is_none(), m.review.is_some()));
        let rematch = room
            .filter(|v| v.over() && v.you.is_some() && v.state.rematch_room.is_none())
            .map(|v| match v.state.rematch_offer {
                Some(by) if Some(by) == v.you => ("waiting", false),
                Some(_) => ("accept", true),
                None => ("offer", true),
            });
        let scene = Scene {
            mode: m.mode.name(),
            status: status(m, lang),
            thinking: m.ai_thinking().then(|| lang.t(Key::AiThinking).to_owned()),
            ai_unavailable: m
                .ai
                .unavailable
                .as_ref()
                .map(|e| lang.fmt(Key::AiUnavailableText, &[("error", e)])),
            rule: lang.t(rule_key(m.game.rules().promotion)),
            mode_line: mode_line(m, lang),
            counting: counting(m, lang),
            fifty: (
                lang.fmt(Key::FiftyCounter, &[("n", &fifty.to_string())]),
                fifty,
            ),
            reps: (
                lang.fmt(Key::RepetitionCounter, &[("n", &reps.to_string())]),
                reps,
            ),
            ended,
            claim: claim.map(|c| {
                lang.t(if c == "threefold" {
                    Key::ClaimThreefold
                } else {
                    Key::ClaimFifty
                })
            }),
            buttons,
            draw_label: lang.t(if online {
                Key::BtnOfferDraw
            } else {
                Key::BtnDraw
            }),
            flipped: m.board.flipped,
            rated: m.room().is_some_and(|v| v.state.rated),
            rematch: rematch.map(|(state, enabled)| {
                (
                    lang.t(match state {
                        "waiting" => Key::RematchWaiting,
                        "accept" => Key::BtnRematchAccept,
                        _ => Key::BtnRematch,
                    }),
                    enabled,
                )
            }),
            reviewing: m.review.is_some(),
        };
        if self.scene.as_ref() == Some(&scene) {
            return;
        }
        draw(&scene);
        self.scene = Some(scene);
    }
}

fn draw(s: &Scene) {
    if let Some(app) = dom::by_id("app") {
        dom::set_attr(&app, "data-mode", s.mode);
        dom::set_class(&app, "reviewing", s.reviewing);
    }
    if let Some(e) = dom::by_id("status") {
        let (text, outcome, turn, check, over) = &s.status;
        dom::set_text(&e, text);
        dom::set_attr(&e, "data-outcome", outcome);
        dom::set_attr(&e, "data-turn", turn);
        dom::set_class(&e, "check", *check);
        dom::set_class(&e, "over", *over);
    }
    if let Some(e) = dom::by_id("ai-thinking") {
        dom::set_text(&e, s.thinking.as_deref().unwrap_or(""));
        dom::set_hidden(&e, s.thinking.is_none());
    }
    if let Some(e) = dom::by_id("ai-unavailable") {
        dom::set_hidden(&e, s.ai_unavailable.is_none());
    }
    if let Some(e) = dom::by_id("ai-unavailable-text") {
        dom::set_text(&e, s.ai_unavailable.as_deref().unwrap_or(""));
    }
    if let Some(e) = dom::by_id("rule-setting") {
        dom::set_text(&e, s.rule);
    }
    if let Some(e) = dom::by_id("mode-setting") {
        dom::set_text(&e, &s.mode_line);
    }
    if let Some(e) = dom::by_id("rated-badge") {
        dom::set_hidden(&e, !s.rated);
    }
    if let Some(e) = dom::by_id("counting") {
        match &s.counting {
            Some((text, used, limit)) => {
                dom::set_text(&e, text);
                dom::set_attr(&e, "data-used", &used.to_string());
                dom::set_attr(&e, "data-limit", &limit.to_string());
                dom::set_hidden(&e, false);
            }
            None => {
                dom::set_text(&e, "");
                dom::set_hidden(&e, true);
            }
        }
    }
    for (id, (text, value)) in [
        ("fifty-counter", (&s.fifty.0, s.fifty.1 as usize)),
        ("repetition-counter", (&s.reps.0, s.reps.1)),
    ] {
        if let Some(e) = dom::by_id(id) {
            dom::set_text(&e, text);
            dom::set_attr(&e, "data-value", &value.to_string());
            // Once the game is over the counters no longer matter.
            dom::set_hidden(&e, s.ended);
        }
    }
    if let Some(b) = dom::by_id("btn-claim") {
        dom::set_hidden(&b, s.claim.is_none());
        dom::set_disabled(&b, s.claim.is_none());
        dom::set_text(&b, s.claim.unwrap_or(""));
    }
    for (id, hidden, enabled) in &s.buttons {
        if let Some(b) = dom::by_id(id) {
            dom::set_hidden(&b, *hidden);
            dom::set_disabled(&b, !enabled);
        }
    }
    if let Some(e) = dom::by_id("btn-draw-label") {
        dom::set_text(&e, s.draw_label);
    }
    if let Some(b) = dom::by_id("btn-flip") {
        dom::set_attr(&b, "aria-pressed", if s.flipped { "true" } else { "false" });
    }
    if let Some(b) = dom::by_id("btn-rematch") {
        dom::set_hidden(&b, s.rematch.is_none());
        if let Some((text, enabled)) = s.rematch {
            dom::set_text(&b, text);
            dom::set_disabled(&b, !enabled);
        }
    }
}
