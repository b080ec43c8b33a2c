//! What online play adds to the page: `#reconnecting`, the waiting screen `#waiting`, a
//! closed invitation's card `#room-closed`, the opponent's draw offer `#draw-offer`, the
//! opponent's presence `#opponent-status` and `#btn-claim-victory`; when a game of the player's
//! starts, it brings the board into view.

use super::panel::closed_title;
use crate::dom;
use crate::i18n::Key;
use crate::model::room::{Opponent, clock_text, invite_link};
use crate::model::{Model, RoomView};
use crate::update::{CopyWhat, Emit, Msg, OnlineMsg};
use protocol::CloseReason;
use web_sys::{Event, HtmlInputElement};

#[derive(Clone, Debug, PartialEq)]
struct Scene {
    reconnecting: bool,
    waiting: Option<Waiting>,
    closed: Option<(CloseReason, String, String)>,
    offer: bool,
    presence: Option<(String, &'static str)>,
    can_claim: bool,
}

#[derive(Clone, Debug, PartialEq)]
struct Waiting {
    link: String,
    can_share: bool,
    cancel_enabled: bool,
    info: Option<String>,
    listed: bool,
    copied: bool,
}

/// The online parts of the page.
#[derive(Default)]
pub struct OnlineView {
    scene: Option<Scene>,
    /// The last game of this page's player seen starting (both seats taken).
    started: Option<protocol::RoomId>,
}

/// Brings the board (with its clocks) into view when it is out of it: a game that starts
/// while the player looks at the lobby further down a phone's page (a quick pairing, a seek
/// taken) shows the board, not the list they tapped in.
fn show_board() {
    let Some(area) = dom::document().and_then(|d| d.query_selector(".board-area").ok().flatten())
    else {
        return;
    };
    let r = area.get_bounding_client_rect();
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(f64::MAX);
    if r.top() < 0.0 || r.top() > height * 0.5 {
        area.scroll_into_view();
    }
}

fn waiting(m: &Model) -> Option<Waiting> {
    let o = m.mode.online()?;
    let view = o.view.as_ref();
    let creating = o.room.is_none();
    if !creating && !view.is_some_and(RoomView::waiting_for_opponent) {
        return None;
    }
    let lang = m.lang;
    let info = view.and_then(|v| {
        let s = &v.state;
        if s.public {
            Some(
                lang.t(if s.listed {
                    Key::WaitingListed
                } else {
                    Key::WaitingUnlisted
                })
                .to_owned(),
            )
        } else {
            s.expires_at_ms.map(|ms| {
                let when = crate::intl::date_time(lang, ms as f64);
                lang.fmt(Key::WaitingExpires, &[("time", &when)])
            })
        }
    });
    Some(Waiting {
        link: o
            .room
            .as_ref()
            .map(|r| invite_link(&m.env.origin, r))
            .unwrap_or_default(),
        can_share: m.env.can_share,
        // Nothing to cancel before the server has made the room; one request at a time.
        cancel_enabled: !creating && !o.cancelling,
        info,
        listed: view.is_some_and(|v| v.state.public && v.state.listed),
        copied: m.invite_copied,
    })
}

fn presence(m: &Model, view: &RoomView) -> (Option<(String, &'static str)>, bool) {
    let lang = m.lang;
    // While this page is offline the opponent's presence is unknown.
    let Some(p) = view.opponent_presence(m.now).filter(|_| m.net.connected) else {
        return (None, false);
    };
    let countdown = |key: Key, ms: u64| {
        let left = core::time::Duration::from_millis(ms.max(10_000));
        lang.fmt(key, &[("time", &clock_text(left))])
    };
    let (text, state, claim) = match p {
        Opponent::Online => (lang.t(Key::OpponentOnline).to_owned(), "online", false),
        Opponent::Away => (lang.t(Key::OpponentOffline).to_owned(), "away", false),
        Opponent::Countdown { ms, aborts: false } => {
            (countdown(Key::OpponentAway, ms), "away", false)
        }
        Opponent::Countdown { ms, aborts: true } => {
            (countdown(Key::OpponentAwayAbort, ms), "away", false)
        }
        Opponent::Gone { aborts: false } => (lang.t(Key::OpponentGone).to_owned(), "gone", true),
        // No win is on offer before both sides have moved: the server aborts.
        Opponent::Gone { aborts: true } => {
            (lang.t(Key::OpponentGoneAbort).to_owned(), "gone", false)
        }
    };
    (Some((text, state)), claim)
}

impl OnlineView {
    /// Draws the online parts of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        let online = m.mode.online().is_some();
        let view = m.room();
        let over = view.is_some_and(RoomView::over);
        let closed = view.and_then(|v| {
            let reason = v.closed()?;
            let key = match (reason, v.you.is_some()) {
                (CloseReason::Expired, true) => Key::ClosedExpiredHost,
                (CloseReason::Cancelled, true) => Key::ClosedCancelledHost,
                (_, false) => Key::ClosedGuest,
            };
            Some((
                reason,
                lang.t(closed_title(reason)).to_owned(),
                lang.t(key).to_owned(),
            ))
        });
        let (presence, can_claim) = view.map_or((None, false), |v| presence(m, v));
        if let Some(v) = view.filter(|v| v.you.is_some() && v.full() && !v.over())
            && self.started.as_ref() != Some(&v.id)
        {
            self.started = Some(v.id.clone());
            show_board();
        }
        let scene = Scene {
            reconnecting: online && !m.net.connected && m.net.was_connected && !m.net.renewing,
            waiting: waiting(m),
            closed,
            offer: view.is_some_and(|v| {
                !over && v.you.is_some() && v.state.draw_offer.is_some_and(|by| Some(by) != v.you)
            }),
            presence,
            can_claim,
        };
        if self.scene.as_ref() == Some(&scene) {
            return;
        }
        draw(&scene);
        self.scene = Some(scene);
    }

    /// Connects the online controls.
    pub fn wire(&self, d: &impl Emit) {
        let click = |id: &str, msg: Msg| {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(msg.clone()));
            }
        };
        if let Some(b) = dom::by_id("btn-copy-link") {
            let d = d.clone();
            dom::on(&b, "click", move |_: Event| {
                // Select the text too, so a manual copy is one keystroke away if the clipboard
                // fails.
                if let Some(input) = dom::by_id_as::<HtmlInputElement>("invite-link") {
                    input.select();
                }
                d.emit(Msg::Copy(CopyWhat::InviteLink));
            });
        }
        click("btn-share", Msg::Online(OnlineMsg::Share));
        click("waiting-cancel", Msg::Online(OnlineMsg::CancelInvite));
        click("btn-abort", Msg::Online(OnlineMsg::Abort));
        click(
            "room-closed-new",
            Msg::NewGameOpen(Some(crate::model::ModeKind::Online)),
        );
        click("room-closed-leave", Msg::Online(OnlineMsg::LeaveRoom));
        click("btn-claim-victory", Msg::Online(OnlineMsg::ClaimVictory));
        click("btn-rematch", Msg::Online(OnlineMsg::Rematch));
        click("btn-draw-accept", Msg::Online(OnlineMsg::AcceptDraw));
        click("btn-draw-decline", Msg::Online(OnlineMsg::DeclineDraw));
    }
}

fn draw(s: &Scene) {
    if let Some(e) = dom::by_id("reconnecting") {
        dom::set_hidden(&e, !s.reconnecting);
    }
    if let Some(e) = dom::by_id("waiting") {
        dom::set_hidden(&e, s.waiting.is_none());
    }
    if let Some(w) = &s.waiting {
        if let Some(input) = dom::by_id_as::<HtmlInputElement>("invite-link")
            && input.value() != w.link
        {
            input.set_value(&w.link);
        }
        if let Some(b) = dom::by_id("btn-share") {
            dom::set_hidden(&b, !w.can_share);
        }
        if let Some(b) = dom::by_id("btn-copy-link") {
            if w.copied {
                dom::set_attr(&b, "data-copied", "true");
            } else {
                let _ = b.remove_attribute("data-copied");
            }
        }
        if let Some(b) = dom::by_id("waiting-cancel") {
            dom::set_disabled(&b, !w.cancel_enabled);
        }
        if let Some(e) = dom::by_id("waiting-info") {
            dom::set_text(&e, w.info.as_deref().unwrap_or(""));
            dom::set_hidden(&e, w.info.is_none());
            dom::set_attr(&e, "data-listed", if w.listed { "true" } else { "false" });
        }
    }
    if let Some(card) = dom::by_id("room-closed") {
        dom::set_hidden(&card, s.closed.is_none());
        dom::set_attr(
            &card,
            "data-reason",
            match s.closed.as_ref().map(|c| c.0) {
                Some(CloseReason::Cancelled) => "cancelled",
                Some(CloseReason::Expired) => "expired",
                None => "",
            },
        );
    }
    if let Some((_, title, text)) = &s.closed {
        if let Some(e) = dom::by_id("room-closed-title") {
            dom::set_text(&e, title);
        }
        if let Some(e) = dom::by_id("room-closed-text") {
            dom::set_text(&e, text);
        }
    }
    if let Some(e) = dom::by_id("draw-offer") {
        dom::set_hidden(&e, !s.offer);
    }
    if let Some(e) = dom::by_id("opponent-status") {
        match &s.presence {
            Some((text, state)) => {
                dom::set_text(&e, text);
                dom::set_attr(&e, "data-state", state);
                dom::set_hidden(&e, false);
            }
            None => dom::set_hidden(&e, true),
        }
    }
    if let Some(b) = dom::by_id("btn-claim-victory") {
        dom::set_hidden(&b, !s.can_claim);
        dom::set_disabled(&b, !s.can_claim);
    }
}
