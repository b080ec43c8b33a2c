//! Challenges between accounts: the stream of the signed-in player's events, the challenge
//! form of a profile, and the answers to challenges ([`crate::model::challenge`]).
//!
//! The stream is open while somebody is signed in ([`sync_stream`], after every message):
//! opened again after it ends, with a wait that doubles from
//! [`RETRY_FIRST_MS`](crate::model::challenge::RETRY_FIRST_MS) to
//! [`RETRY_MAX_MS`](crate::model::challenge::RETRY_MAX_MS) (or the server's `Retry-After`),
//! and back to the shortest once a stream is open. A challenge accepted here opens its game
//! when the server says yes; a challenge sent from here opens its game when the stream says it
//! started (the other player accepted it, on any device).

use super::{BrowserCmd, Cmd, EventsCmd, OnlineMsg};
use crate::i18n::Key;
use crate::model::Model;
use crate::model::account::{Call, Problem};
use crate::model::challenge::{
    ChallengeColor, ChallengeForm, Event, MAX_LINE_BYTES, RETRY_FIRST_MS, RETRY_MAX_MS,
    StreamState, read_event,
};
use protocol::{RoomId, TimeControl};

/// What happens to challenges.
#[derive(Clone, Debug, PartialEq)]
pub enum ChallengeMsg {
    /// The stream of `epoch` is open (the server answered 200).
    Opened {
        /// The stream's epoch.
        epoch: u32,
    },
    /// A line of the stream of `epoch`.
    Line {
        /// The stream's epoch.
        epoch: u32,
        /// The line, without its newline.
        line: String,
    },
    /// The stream of `epoch` ended, or could not be opened: the answer's status (0 when there
    /// was none) and `Retry-After` in seconds.
    Ended {
        /// The stream's epoch.
        epoch: u32,
        /// The HTTP status; 200 for a stream that was open.
        status: u16,
        /// The server's wait, in seconds.
        retry_after: Option<u32>,
    },
    /// Accept a challenge received.
    Accept(RoomId),
    /// Decline a challenge received.
    Decline(RoomId),
    /// Withdraw a challenge sent.
    Cancel(RoomId),
    /// Open the challenge form for the profile shown.
    OpenForm,
    /// Close the form.
    CloseForm,
    /// The form's time control (`None`: no clocks).
    SetClock(Option<TimeControl>),
    /// The form's colour.
    SetColor(ChallengeColor),
    /// The form's rated box.
    SetRated(bool),
    /// Send the form.
    Send,
}

/// Opens the stream when somebody is signed in and it is not open for them; closes it, and
/// forgets their challenges, when nobody is.
pub(super) fn sync_stream(model: &mut Model, out: &mut Vec<Cmd>) {
    let account_epoch = model.accounts.epoch;
    let signed_in = model.accounts.user.is_some();
    let c = &mut model.challenges;
    let open_for_now = c.opened_for == Some(account_epoch);
    if signed_in && !open_for_now {
        c.incoming.clear();
        c.outgoing.clear();
        c.answering.clear();
        c.form = None;
        c.opened_for = Some(account_epoch);
        c.stream_epoch = c.stream_epoch.wrapping_add(1);
        c.stream = StreamState::Open;
        out.push(Cmd::Events(EventsCmd::Open {
            epoch: c.stream_epoch,
            after_ms: 0,
        }));
    } else if !signed_in && c.opened_for.is_some() {
        *c = crate::model::challenge::Challenges {
            stream_epoch: c.stream_epoch.wrapping_add(1),
            ..Default::default()
        };
        out.push(Cmd::Events(EventsCmd::Close));
    }
}

/// Opens room `id`, as its address would.
fn open_game(model: &mut Model, id: RoomId, out: &mut Vec<Cmd>) {
    super::account::route_away(model);
    super::online::user(model, OnlineMsg::Join(id.clone()), out);
    out.push(Cmd::Browser(BrowserCmd::SetLocation(Some(id))));
}

/// Handles `msg`.
pub(super) fn handle(model: &mut Model, msg: ChallengeMsg, out: &mut Vec<Cmd>) {
    match msg {
        ChallengeMsg::Opened { epoch } => {
            if epoch == model.challenges.stream_epoch {
                model.challenges.stream = StreamState::Open;
            }
        }
        ChallengeMsg::Line { epoch, line } => {
            if epoch == model.challenges.stream_epoch {
                line_read(model, &line, out);
            }
        }
        ChallengeMsg::Ended {
            epoch,
            status,
            retry_after,
        } => ended(model, epoch, status, retry_after, out),
        ChallengeMsg::Accept(id) => {
            if model.challenges.incoming.iter().any(|c| c.id == id)
                && !model.challenges.answering.contains(&id)
            {
                model.challenges.answering.push(id.clone());
                request(model, Call::AcceptChallenge(id), Vec::new(), out);
            }
        }
        ChallengeMsg::Decline(id) => {
            if model.challenges.incoming.iter().any(|c| c.id == id) {
                model.challenges.forget(&id);
                request(model, Call::DeclineChallenge(id), Vec::new(), out);
            }
        }
        ChallengeMsg::Cancel(id) => {
            if model.challenges.outgoing.iter().any(|c| c.id == id) {
                model.challenges.forget(&id);
                request(model, Call::CancelChallenge(id), Vec::new(), out);
            }
        }
        ChallengeMsg::OpenForm => {
            let me = model.accounts.user.as_ref().map(|u| u.id.clone());
            let to = model
                .profiles
                .profile
                .as_ref()
                .and_then(|p| p.name.parse::<protocol::user::Username>().ok());
            if let (Some(me), Some(to)) = (me, to)
                && to.id() != me
            {
                model.challenges.form = Some(ChallengeForm::new(to));
            }
        }
        ChallengeMsg::CloseForm => model.challenges.form = None,
        ChallengeMsg::SetClock(clock) => {
            if let Some(f) = &mut model.challenges.form {
                f.clock = clock;
                f.rated &= clock.is_some();
            }
        }
        ChallengeMsg::SetColor(color) => {
            if let Some(f) = &mut model.challenges.form {
                f.color = color;
            }
        }
        ChallengeMsg::SetRated(rated) => {
            if let Some(f) = &mut model.challenges.form {
                f.rated = rated && f.clock.is_some();
            }
        }
        ChallengeMsg::Send => {
            let Some(f) = &mut model.challenges.form else {
                return;
            };
            if f.busy {
                return;
            }
            f.busy = true;
            f.problem = None;
            let (to, fields) = (f.to.clone(), f.fields());
            request(model, Call::Challenge(to), fields, out);
        }
    }
}

fn request(model: &Model, call: Call, form: Vec<(&'static str, String)>, out: &mut Vec<Cmd>) {
    out.push(Cmd::Http(crate::model::account::HttpRequest {
        call,
        epoch: model.accounts.epoch,
        form,
    }));
}

fn line_read(model: &mut Model, line: &str, out: &mut Vec<Cmd>) {
    if line.len() > MAX_LINE_BYTES {
        return;
    }
    let Some(me) = model.accounts.user.as_ref().map(|u| u.username.clone()) else {
        return;
    };
    let event = match read_event(line) {
        Ok(Some(e)) => e,
        Ok(None) => return,
        Err(e) => {
            out.push(Cmd::Log(format!("GET /api/stream/event: {e}")));
            return;
        }
    };
    let c = &mut model.challenges;
    match event {
        Event::Challenge(ch) => c.note(&me, ch),
        Event::Canceled(ch) => {
            c.forget(&ch.id);
        }
        Event::Declined(ch, _reason) => {
            let mine = c.forget(&ch.id).is_some() && ch.challenger.name.id() == me.id();
            if mine {
                out.push(Cmd::View(super::ViewCmd::Toast {
                    text: model
                        .lang
                        .fmt(Key::ChallengeDeclined, &[("name", ch.dest.name.as_str())]),
                    error: false,
                }));
            }
        }
        Event::GameStart(id) => {
            // A challenge of this page's lists became a game: its players go to it. (The
            // stream also tells games that started otherwise, and every game in progress
            // when it opens: those are left alone.)
            let sent = c.outgoing.iter().any(|o| o.id == id);
            let accepted_here = c.answering.contains(&id);
            c.forget(&id);
            c.answering.retain(|a| a != &id);
            if sent || accepted_here {
                open_game(model, id, out);
            }
        }
        Event::Other => {}
    }
}

fn ended(model: &mut Model, epoch: u32, status: u16, retry_after: Option<u32>, out: &mut Vec<Cmd>) {
    let c = &mut model.challenges;
    if epoch != c.stream_epoch || c.opened_for.is_none() {
        return;
    }
    if status == 401 {
        // The session no longer signs anybody in: the account's question says so, and
        // `sync_stream` then closes the stream.
        c.stream = StreamState::Waiting(RETRY_MAX_MS);
        super::account::refresh(model, out);
        return;
    }
    let wait = match (retry_after, c.stream) {
        (Some(secs), _) => secs.saturating_mul(1000).min(10 * RETRY_MAX_MS),
        (None, StreamState::Waiting(ms)) => ms.saturating_mul(2).min(RETRY_MAX_MS),
        (None, _) => RETRY_FIRST_MS,
    };
    c.stream = StreamState::Waiting(wait.max(RETRY_FIRST_MS));
    c.stream_epoch = c.stream_epoch.wrapping_add(1);
    out.push(Cmd::Events(EventsCmd::Open {
        epoch: c.stream_epoch,
        after_ms: wait,
    }));
}

/// The answer to a challenge's call ([`Call::is_challenge`]); `problem` is `None` when it
/// succeeded. (A session that ended is handled by the accounts.)
pub(super) fn answered(
    model: &mut Model,
    call: Call,
    problem: Option<Problem>,
    _body: &str,
    out: &mut Vec<Cmd>,
) {
    match call {
        Call::Challenge(_) => {
            let Some(f) = &mut model.challenges.form else {
                return;
            };
            f.busy = false;
            match problem {
                // The stream lists the challenge sent.
                None => model.challenges.form = None,
                Some(p) => f.problem = Some(p),
            }
        }
        Call::AcceptChallenge(id) => {
            model.challenges.answering.retain(|a| a != &id);
            model.challenges.forget(&id);
            match problem {
                None => open_game(model, id, out),
                Some(_) => super::toast(model, Key::ChallengeGone, true, out),
            }
        }
        // Taken off the list when asked; a challenge already gone is gone either way.
        Call::DeclineChallenge(_) | Call::CancelChallenge(_) => {}
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::account::Call;
    use crate::update::tests::{http_answer, model};
    use crate::update::{AccountMsg, Msg, update};

    const ALICE_ME: &str =
        r#"{"id":"alice","username":"Alice","createdAt":1700000000000,"perfs":{}}"#;
    const ID: &str = "0123456789abcdef0123";

    fn challenge_line(kind: &str, from: &str, to: &str) -> String {
        format!(
            r#"{{"type":"{kind}","challenge":{{"id":"{ID}","status":"created","challenger":{{"id":"{f}","name":"{from}","rating":1500,"provisional":true}},"destUser":{{"id":"{t}","name":"{to}","rating":1600,"provisional":false}},"rated":false,"timeControl":{{"type":"clock","limit":180,"increment":2}},"color":"white"}}}}"#,
            f = from.to_lowercase(),
            t = to.to_lowercase(),
        )
    }

    fn events(cmds: &[Cmd]) -> Vec<EventsCmd> {
        cmds.iter()
            .filter_map(|c| match c {
                Cmd::Events(e) => Some(*e),
                _ => None,
            })
            .collect()
    }

    fn opened_room(cmds: &[Cmd]) -> Option<RoomId> {
        cmds.iter().find_map(|c| match c {
            Cmd::Browser(BrowserCmd::SetLocation(Some(r))) => Some(r.clone()),
            _ => None,
        })
    }

    /// A page signed in as Alice, its stream open: the epoch of the stream.
    fn signed_in() -> (Model, u32) {
        let mut m = model();
        let epoch = m.accounts.epoch;
        let cmds = http_answer(&mut m, Call::Me, epoch, 200, ALICE_ME);
        let opened = events(&cmds);
        let [EventsCmd::Open { epoch, after_ms: 0 }] = opened[..] else {
            panic!("signing in opens the stream once: {opened:?}");
        };
        (m, epoch)
    }

    fn line(m: &mut Model, epoch: u32, line: &str) -> Vec<Cmd> {
        update(
            m,
            Msg::Challenge(ChallengeMsg::Line {
                epoch,
                line: line.to_owned(),
            }),
        )
    }

    #[test]
    fn a_challenge_received_is_listed_and_accepting_it_opens_its_game() {
        let (mut m, epoch) = signed_in();
        line(&mut m, epoch, &challenge_line("challenge", "Bob", "Alice"));
        assert_eq!(m.challenges.incoming.len(), 1);
        assert!(m.challenges.outgoing.is_empty());
        let id: RoomId = ID.parse().expect("test data");
        let cmds = update(&mut m, Msg::Challenge(ChallengeMsg::Accept(id.clone())));
        assert!(
            cmds.iter()
                .any(|c| matches!(c, Cmd::Http(r) if r.call == Call::AcceptChallenge(id.clone())))
        );
        // A second tap while the first is on its way asks nothing more.
        let again = update(&mut m, Msg::Challenge(ChallengeMsg::Accept(id.clone())));
        assert!(!again.iter().any(|c| matches!(c, Cmd::Http(_))));
        let epoch_now = m.accounts.epoch;
        let cmds = http_answer(
            &mut m,
            Call::AcceptChallenge(id.clone()),
            epoch_now,
            200,
            r#"{"ok":true}"#,
        );
        assert_eq!(opened_room(&cmds), Some(id));
        assert!(m.challenges.incoming.is_empty());
    }

    #[test]
    fn a_challenge_sent_opens_its_game_when_the_stream_says_it_started_and_no_other_game_does() {
        let (mut m, epoch) = signed_in();
        line(&mut m, epoch, &challenge_line("challenge", "Alice", "Bob"));
        assert_eq!(m.challenges.outgoing.len(), 1);
        // Another game of the player (a pool's, one in progress) leaves the page where it is.
        let other = r#"{"type":"gameStart","game":{"gameId":"ffffffffffffffffffff"}}"#;
        assert_eq!(opened_room(&line(&mut m, epoch, other)), None);
        let started = format!(r#"{{"type":"gameStart","game":{{"gameId":"{ID}"}}}}"#);
        assert_eq!(opened_room(&line(&mut m, epoch, &started)), ID.parse().ok());
        assert!(m.challenges.outgoing.is_empty());
    }

    #[test]
    fn a_declined_challenge_leaves_the_list_with_a_toast_and_a_canceled_one_quietly() {
        let (mut m, epoch) = signed_in();
        line(&mut m, epoch, &challenge_line("challenge", "Alice", "Bob"));
        let cmds = line(
            &mut m,
            epoch,
            &challenge_line("challengeDeclined", "Alice", "Bob"),
        );
        assert!(m.challenges.outgoing.is_empty());
        assert!(cmds.iter().any(
            |c| matches!(c, Cmd::View(super::super::ViewCmd::Toast { text, .. }) if text.contains("Bob"))
        ));
        line(&mut m, epoch, &challenge_line("challenge", "Bob", "Alice"));
        let cmds = line(
            &mut m,
            epoch,
            &challenge_line("challengeCanceled", "Bob", "Alice"),
        );
        assert!(m.challenges.incoming.is_empty());
        assert!(!cmds.iter().any(|c| matches!(c, Cmd::View(_))));
    }

    #[test]
    fn lines_of_an_older_stream_and_garbage_are_dropped() {
        let (mut m, epoch) = signed_in();
        line(
            &mut m,
            epoch.wrapping_sub(1),
            &challenge_line("challenge", "Bob", "Alice"),
        );
        assert!(m.challenges.incoming.is_empty());
        let cmds = line(&mut m, epoch, "{not json");
        assert!(cmds.iter().any(|c| matches!(c, Cmd::Log(_))));
        let long = format!(
            "{}{}",
            challenge_line("challenge", "Bob", "Alice"),
            " ".repeat(MAX_LINE_BYTES)
        );
        line(&mut m, epoch, &long);
        assert!(m.challenges.incoming.is_empty());
    }

    #[test]
    fn an_ended_stream_is_opened_again_after_a_wait_that_doubles_and_resets_once_open() {
        let (mut m, mut epoch) = signed_in();
        let mut waits = Vec::new();
        for _ in 0..8 {
            let cmds = update(
                &mut m,
                Msg::Challenge(ChallengeMsg::Ended {
                    epoch,
                    status: 0,
                    retry_after: None,
                }),
            );
            let [EventsCmd::Open { epoch: e, after_ms }] = events(&cmds)[..] else {
                panic!("one reopening");
            };
            epoch = e;
            waits.push(after_ms);
        }
        assert_eq!(&waits[..4], &[2_000, 4_000, 8_000, 16_000]);
        assert_eq!(*waits.last().expect("test data"), RETRY_MAX_MS);
        update(&mut m, Msg::Challenge(ChallengeMsg::Opened { epoch }));
        let cmds = update(
            &mut m,
            Msg::Challenge(ChallengeMsg::Ended {
                epoch,
                status: 429,
                retry_after: Some(60),
            }),
        );
        assert!(matches!(
            events(&cmds)[..],
            [EventsCmd::Open {
                after_ms: 60_000,
                ..
            }]
        ));
        // An end of a stream this page no longer follows changes nothing.
        let stale = update(
            &mut m,
            Msg::Challenge(ChallengeMsg::Ended {
                epoch: epoch.wrapping_sub(5),
                status: 0,
                retry_after: None,
            }),
        );
        assert!(events(&stale).is_empty());
    }

    #[test]
    fn signing_out_closes_the_stream_and_forgets_the_challenges() {
        let (mut m, epoch) = signed_in();
        line(&mut m, epoch, &challenge_line("challenge", "Bob", "Alice"));
        let e = m.accounts.epoch;
        let cmds = http_answer(&mut m, Call::SignOut, e, 200, "{}");
        assert_eq!(events(&cmds), vec![EventsCmd::Close]);
        assert!(m.challenges.incoming.is_empty());
        // Nothing signed in, nothing opened again.
        let cmds = update(&mut m, Msg::Account(AccountMsg::Back));
        assert!(events(&cmds).is_empty());
    }

    #[test]
    fn the_form_opens_only_on_another_players_profile_and_sends_its_fields() {
        let (mut m, _) = signed_in();
        update(
            &mut m,
            Msg::Route(crate::model::Route::Profile("Alice".into())),
        );
        update(&mut m, Msg::Challenge(ChallengeMsg::OpenForm));
        assert!(m.challenges.form.is_none(), "nobody challenges themself");
        update(
            &mut m,
            Msg::Route(crate::model::Route::Profile("Bob".into())),
        );
        update(&mut m, Msg::Challenge(ChallengeMsg::OpenForm));
        assert!(m.challenges.form.is_some());
        update(&mut m, Msg::Challenge(ChallengeMsg::SetRated(true)));
        update(&mut m, Msg::Challenge(ChallengeMsg::SetClock(None)));
        assert!(
            !m.challenges.form.as_ref().expect("test data").rated,
            "no clock, no rating"
        );
        let cmds = update(&mut m, Msg::Challenge(ChallengeMsg::Send));
        let sent: Vec<_> = cmds
            .iter()
            .filter_map(|c| match c {
                Cmd::Http(r) => Some(r.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(sent.len(), 1);
        assert_eq!(
            sent[0].call,
            Call::Challenge("Bob".parse().expect("test data"))
        );
        assert_eq!(sent[0].call.path(), "/api/challenge/Bob");
        assert!(sent[0].form.contains(&("rated", "false".to_owned())));
        // Refused (a 429 with the server's sentence): the form stays open with the problem.
        let e = m.accounts.epoch;
        http_answer(
            &mut m,
            Call::Challenge("Bob".parse().expect("test data")),
            e,
            429,
            r#"{"error":"You have 20 open challenges"}"#,
        );
        let f = m.challenges.form.as_ref().expect("test data");
        assert!(!f.busy);
        assert!(matches!(f.problem, Some(Problem::TooMany(_))));
    }
}
