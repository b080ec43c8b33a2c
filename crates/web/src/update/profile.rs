//! Profiles (`#/@/<username>`) and leaderboards (`#/leaderboard/<perf>`): the address opens
//! them and asks the server ([`Call::User`], [`Call::History`], [`Call::Games`],
//! [`Call::Top`]); the answers fill [`crate::model::profile::Profiles`]. An answer for
//! another name or perf than the one shown now (the player moved on) is dropped.

use super::Cmd;
use crate::model::Model;
use crate::model::account::{Call, HttpAnswer, HttpRequest, Problem, Screen};
use crate::model::profile::{
    BOTS_POLL_MS, Fetch, LeaderboardPage, Perf, ProfilePage, read_bots, read_games, read_history,
    read_profile, read_top,
};
use protocol::user::Username;

fn request(model: &Model, call: Call, out: &mut Vec<Cmd>) {
    out.push(Cmd::Http(HttpRequest {
        call,
        epoch: model.accounts.epoch,
        form: Vec::new(),
    }));
}

/// The address asks for `name`'s profile: shown at once, filled as the answers come.
pub(super) fn route_profile(model: &mut Model, name: &str, out: &mut Vec<Cmd>) {
    // A link in a dialog (the game-over dialog's names) leaves the dialog behind.
    model.dialog = None;
    model.accounts.screen = Some(Screen::Profile);
    let valid = name.parse::<Username>().is_ok();
    let (profile, history, games) = if valid {
        (Fetch::Loading, Fetch::Loading, Fetch::Loading)
    } else {
        (Fetch::Missing, Fetch::Missing, Fetch::Missing)
    };
    model.profiles.profile = Some(ProfilePage {
        name: name.to_owned(),
        profile,
        history,
        games,
    });
    if valid {
        for call in [
            Call::User(name.to_owned()),
            Call::History(name.to_owned()),
            Call::Games(name.to_owned()),
        ] {
            request(model, call, out);
        }
    }
}

/// Asks for the bots online when they were never asked or [`BOTS_POLL_MS`] ago (at every
/// tick: the lobby lists them).
pub(super) fn poll_bots(model: &mut Model, out: &mut Vec<Cmd>) {
    let due = model
        .profiles
        .bots_asked
        .is_none_or(|at| model.now - at >= BOTS_POLL_MS || model.now < at);
    if due {
        model.profiles.bots_asked = Some(model.now);
        request(model, Call::BotsOnline, out);
    }
}

/// The address asks for the leaderboard of `perf`.
pub(super) fn route_leaderboard(model: &mut Model, perf: Perf, out: &mut Vec<Cmd>) {
    model.dialog = None;
    model.accounts.screen = Some(Screen::Leaderboard);
    model.profiles.leaderboard = Some(LeaderboardPage {
        perf,
        leaders: Fetch::Loading,
    });
    request(model, Call::Top(perf), out);
}

/// What an answer gives: the value read, 404 as missing, any other failure as a problem.
fn fetched<T>(
    call: &Call,
    answer: Result<HttpAnswer, String>,
    read: impl FnOnce(&str) -> Result<T, String>,
    out: &mut Vec<Cmd>,
) -> Fetch<T> {
    match answer {
        Ok(a) if a.ok() => match read(&a.body) {
            Ok(v) => Fetch::Loaded(v),
            Err(e) => {
                out.push(Cmd::Log(format!("{}: {e}", call.path())));
                Fetch::Failed(Problem::Server(a.status))
            }
        },
        Ok(a) if a.status == 404 => Fetch::Missing,
        Ok(a) => Fetch::Failed(Problem::of_status(call, &a)),
        Err(why) => {
            out.push(Cmd::Log(format!("GET {}: {why}", call.path())));
            Fetch::Failed(Problem::Network)
        }
    }
}

/// An answer of a profile's or leaderboard's call.
pub(super) fn answered(
    model: &mut Model,
    call: Call,
    answer: Result<HttpAnswer, String>,
    out: &mut Vec<Cmd>,
) {
    match &call {
        Call::User(name) | Call::History(name) | Call::Games(name) => {
            let Some(page) = model.profiles.profile.as_mut() else {
                return;
            };
            if !page.name.eq_ignore_ascii_case(name) {
                return;
            }
            match &call {
                Call::User(_) => page.profile = fetched(&call, answer, read_profile, out),
                Call::History(_) => page.history = fetched(&call, answer, read_history, out),
                _ => {
                    let user = name.clone();
                    page.games = fetched(&call, answer, |b| Ok(read_games(b, &user)), out);
                }
            }
        }
        Call::BotsOnline => {
            model.profiles.bots = fetched(&call, answer, read_bots, out);
        }
        Call::Top(perf) => {
            let Some(board) = model.profiles.leaderboard.as_mut() else {
                return;
            };
            if board.perf == *perf {
                let perf = *perf;
                board.leaders = fetched(&call, answer, |b| read_top(b, perf), out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{http_answer, model};
    use super::super::{AccountMsg, Msg, update};
    use super::*;
    use crate::model::Route;

    fn answer(m: &mut Model, call: Call, status: u16, body: &str) -> Vec<Cmd> {
        // Another epoch than the model's: profile answers do not depend on who is signed in.
        let epoch = m.accounts.epoch.wrapping_add(5);
        http_answer(m, call, epoch, status, body)
    }

    fn calls(cmds: &[Cmd]) -> Vec<Call> {
        cmds.iter()
            .filter_map(|c| match c {
                Cmd::Http(r) => Some(r.call.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_profile_asks_for_the_player_history_and_games_and_fills_in() {
        let mut m = model();
        let cmds = update(&mut m, Msg::Route(Route::Profile("Somchai".into())));
        assert_eq!(
            calls(&cmds),
            vec![
                Call::User("Somchai".into()),
                Call::History("Somchai".into()),
                Call::Games("Somchai".into())
            ]
        );
        assert_eq!(
            Call::Games("Somchai".into()).path(),
            "/api/games/user/Somchai?max=20"
        );
        assert_eq!(Call::Games("x".into()).accept(), "application/x-ndjson");
        assert_eq!(m.accounts.screen, Some(Screen::Profile));
        assert_eq!(
            m.profiles.profile.as_ref().map(ProfilePage::state),
            Some("loading")
        );
        answer(
            &mut m,
            Call::User("somchai".into()),
            200,
            r#"{"id":"somchai","username":"Somchai","perfs":{"blitz":{"rating":1512,"rd":200,"prov":true,"games":1}},"count":{"all":1,"rated":1,"win":1,"loss":0,"draw":0}}"#,
        );
        let page = m.profiles.profile.clone().expect("a page");
        assert_eq!(page.state(), "ok");
        let Fetch::Loaded(p) = &page.profile else {
            panic!("{page:?}")
        };
        assert_eq!(p.perfs[0].shown(), "1512?");
        // An answer for another player (the address moved on) changes nothing.
        answer(&mut m, Call::History("mali".into()), 200, "[]");
        assert_eq!(
            m.profiles.profile.as_ref().map(|p| p.history.clone()),
            Some(Fetch::Loading)
        );
        answer(
            &mut m,
            Call::History("Somchai".into()),
            503,
            r#"{"error":"x"}"#,
        );
        assert_eq!(
            m.profiles.profile.as_ref().map(|p| p.history.clone()),
            Some(Fetch::Failed(Problem::Server(503)))
        );
        // Back: the board again.
        update(&mut m, Msg::Account(AccountMsg::Back));
        assert_eq!(m.accounts.screen, None);
    }

    #[test]
    fn no_such_player_and_a_closed_account_are_told_apart() {
        let mut m = model();
        let cmds = update(&mut m, Msg::Route(Route::Profile("no such name!".into())));
        assert!(
            calls(&cmds).is_empty(),
            "a name that cannot be is not asked for"
        );
        assert_eq!(
            m.profiles.profile.as_ref().map(ProfilePage::state),
            Some("missing")
        );
        update(&mut m, Msg::Route(Route::Profile("ghost".into())));
        answer(
            &mut m,
            Call::User("ghost".into()),
            404,
            r#"{"error":"no player named ghost"}"#,
        );
        assert_eq!(
            m.profiles.profile.as_ref().map(ProfilePage::state),
            Some("missing")
        );
        update(&mut m, Msg::Route(Route::Profile("dao".into())));
        answer(
            &mut m,
            Call::User("dao".into()),
            200,
            r#"{"id":"dao","username":"Dao","disabled":true}"#,
        );
        assert_eq!(
            m.profiles.profile.as_ref().map(ProfilePage::state),
            Some("closed")
        );
    }

    #[test]
    fn a_leaderboard_asks_for_its_perf_and_drops_another_perfs_answer() {
        let mut m = model();
        let cmds = update(&mut m, Msg::Route(Route::Leaderboard(Perf::Rapid)));
        assert_eq!(calls(&cmds), vec![Call::Top(Perf::Rapid)]);
        assert_eq!(Call::Top(Perf::Rapid).path(), "/api/player/top/100/rapid");
        assert_eq!(m.accounts.screen, Some(Screen::Leaderboard));
        let body = r#"{"users":[{"id":"a_1","username":"A_1","perfs":{"rapid":{"rating":1900,"progress":5}}}]}"#;
        answer(&mut m, Call::Top(Perf::Blitz), 200, body);
        assert_eq!(
            m.profiles.leaderboard.as_ref().map(|b| b.leaders.clone()),
            Some(Fetch::Loading)
        );
        answer(&mut m, Call::Top(Perf::Rapid), 200, body);
        let Some(Fetch::Loaded(l)) = m.profiles.leaderboard.as_ref().map(|b| b.leaders.clone())
        else {
            panic!("not loaded")
        };
        assert_eq!((l.len(), l[0].rating), (1, 1900));
    }

    #[test]
    fn the_bots_online_are_asked_at_the_first_tick_then_each_minute_and_only_bots_listed() {
        let mut m = model();
        let asks = |cmds: &[Cmd]| {
            cmds.iter()
                .filter(|c| matches!(c, Cmd::Http(r) if r.call == Call::BotsOnline))
                .count()
        };
        let t0 = m.now;
        assert_eq!(asks(&update(&mut m, Msg::Tick)), 1);
        m.now = t0 + 1_000.0;
        assert_eq!(asks(&update(&mut m, Msg::Tick)), 0);
        m.now = t0 + BOTS_POLL_MS + 1.0;
        assert_eq!(asks(&update(&mut m, Msg::Tick)), 1);
        let body = concat!(
            r#"{"id":"anong-bot","username":"Anong-Bot","title":"BOT","perfs":{"blitz":{"rating":1830,"rd":60,"prov":false,"games":400}}}"#,
            "\n",
            r#"{"id":"malee","username":"Malee","perfs":{}}"#,
            "\n\n{not json\n"
        );
        let epoch = m.accounts.epoch;
        http_answer(&mut m, Call::BotsOnline, epoch, 200, body);
        let Fetch::Loaded(bots) = &m.profiles.bots else {
            panic!("not loaded")
        };
        assert_eq!(bots.len(), 1);
        assert_eq!(bots[0].username.as_str(), "Anong-Bot");
        assert!(bots[0].bot);
        assert_eq!(Call::BotsOnline.path(), "/api/bot/online?nb=20");
    }
}
