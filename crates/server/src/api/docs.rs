//! The API's reference page, `GET /api`: `docs/api.md` of the repository, built into the
//! binary and written as HTML once (with `pulldown-cmark`), with two tables filled from the
//! code so that they cannot drift from it: the limits (from the constants the routes
//! enforce) and how each ending maps onto lichess's `status` (from the rules crate's list of
//! outcomes, [`rules::Outcome::ALL`], and [`rules::Outcome::game_status`]).

use std::sync::LazyLock;
use std::time::Duration;

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;
use rules::{Color, DrawReason, Outcome, WinReason};

use super::events::{MAX_STREAMS_PER_ACCOUNT, STREAM_LINES};
use super::{KEEP_ALIVE, MAX_GAME_STREAMS_PER_ACCOUNT, STREAM_OUTBOX_BYTES};
use crate::accounts::{API_ADDRESS_BURST, API_ADDRESS_PERIOD, API_TOKEN_BURST, API_TOKEN_PERIOD};
use crate::store::challenges::{CHALLENGE_TTL_MS, MAX_OPEN_PER_CHALLENGER};

/// The reference, as written.
const SOURCE: &str = include_str!("../../../../docs/api.md");

/// What an ending is, in a sentence of the table.
fn ending(o: Outcome) -> &'static str {
    match o {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => "checkmate",
            WinReason::Resignation => "a player resigned",
            WinReason::Timeout => "a flag fell, and the other side could still mate",
            WinReason::Abandonment => "a player left, and the other claimed the game",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Stalemate => "stalemate",
            DrawReason::DeadPosition => "a dead position: neither side can mate (automatic)",
            DrawReason::CountingExpired => "the count ran out (automatic)",
            DrawReason::Timeout => "a flag fell against a side that cannot mate",
            DrawReason::FiftyMoves => "the 50-move rule, claimed",
            DrawReason::Threefold => "threefold repetition, claimed",
            DrawReason::Agreement => "agreed",
            DrawReason::PlyCap => "the server's cap on a game's length",
        },
        Outcome::Aborted => "aborted before both sides moved",
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{} a second", (1.0 / s).round())
    } else if (s - 1.0).abs() < f64::EPSILON {
        "one a second".to_owned()
    } else {
        format!("one every {s} s")
    }
}

/// The limits table (Markdown).
fn limits() -> String {
    let rows = [
        (
            "API requests of one token".to_owned(),
            format!("{API_TOKEN_BURST}, then {}", seconds(API_TOKEN_PERIOD)),
        ),
        (
            "API requests (with a token) from one address".to_owned(),
            format!("{API_ADDRESS_BURST}, then {}", seconds(API_ADDRESS_PERIOD)),
        ),
        (
            "game streams (`/api/board/game/stream/…`, `/api/bot/game/stream/…`) open at once, per account and node"
                .to_owned(),
            MAX_GAME_STREAMS_PER_ACCOUNT.to_string(),
        ),
        (
            "event streams (`/api/stream/event`) open at once, per account and node".to_owned(),
            MAX_STREAMS_PER_ACCOUNT.to_string(),
        ),
        (
            "unread data a game stream may hold before it ends (a client that stopped reading)"
                .to_owned(),
            format!("{} KiB", STREAM_OUTBOX_BYTES / 1024),
        ),
        (
            "unread lines an event stream may hold before it ends".to_owned(),
            STREAM_LINES.to_string(),
        ),
        (
            "a stream's keep-alive (an empty line while nothing happens)".to_owned(),
            format!("every {} s", KEEP_ALIVE.as_secs()),
        ),
        (
            "open challenges per challenger".to_owned(),
            MAX_OPEN_PER_CHALLENGER.to_string(),
        ),
        (
            "how long a challenge waits for its answer".to_owned(),
            format!("{} minutes", CHALLENGE_TTL_MS / 60_000),
        ),
    ];
    let mut t = String::from("| What | Bound |\n|---|---|\n");
    for (what, bound) in rows {
        t.push_str(&format!("| {what} | {bound} |\n"));
    }
    t
}

/// The `status` table (Markdown): each ending once (a win for either side is one row).
fn statuses() -> String {
    let mut t = String::from("| Ending | `status` | `winner` |\n|---|---|---|\n");
    for o in Outcome::ALL {
        if matches!(
            o,
            Outcome::Win {
                winner: Color::Black,
                ..
            }
        ) {
            continue;
        }
        let winner = match o {
            Outcome::Win { .. } => "the winner's colour",
            _ => "absent",
        };
        t.push_str(&format!(
            "| {} | `{}` | {winner} |\n",
            ending(o),
            o.game_status().name()
        ));
    }
    t
}

/// The page's HTML: the reference with its tables, in a plain, readable document.
#[must_use]
pub fn page() -> String {
    let text = SOURCE
        .replace("<!-- limits -->", &limits())
        .replace("<!-- statuses -->", &statuses());
    let mut options = pulldown_cmark::Options::empty();
    options.insert(pulldown_cmark::Options::ENABLE_TABLES);
    let parser = pulldown_cmark::Parser::new_ext(&text, options);
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, parser);
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>API · ASEAN chess</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <nav><a href=\"/\">← ASEAN chess</a></nav>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )
}

const STYLE: &str = "\
:root{color-scheme:light dark;--ink:#2b2118;--bg:#fbf7ef;--soft:#f1e8d8;--line:#d9c9ad;--accent:#8a4a1f}\
@media(prefers-color-scheme:dark){:root{--ink:#eee3d0;--bg:#1d1813;--soft:#2a231c;--line:#4a3d2f;--accent:#e0a36f}}\
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.55 system-ui,sans-serif}\
nav{padding:12px 20px;border-bottom:1px solid var(--line)}\
a{color:var(--accent)}\
main{max-width:860px;margin:0 auto;padding:8px 20px 48px}\
h1{font-size:1.8rem}h2{margin-top:2em;border-bottom:1px solid var(--line);padding-bottom:4px}\
code{background:var(--soft);padding:1px 4px;border-radius:4px;font-size:.9em;overflow-wrap:anywhere}\
pre{background:var(--soft);padding:12px 14px;border-radius:8px;overflow-x:auto}\
pre code{background:none;padding:0}\
table{border-collapse:collapse;width:100%;margin:8px 0}\
th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}\
th{background:var(--soft)}";

static PAGE: LazyLock<String> = LazyLock::new(page);

/// `GET /api`: the reference page.
pub async fn serve() -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, "text/html; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=300"),
        ],
        PAGE.as_str(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_states_the_bounds_the_routes_enforce_and_every_ending() {
        let html = page();
        assert!(html.contains("<table>"), "the tables are written as tables");
        for bound in [
            format!("{API_TOKEN_BURST}, then one a second"),
            format!("{API_ADDRESS_BURST}, then 2 a second"),
            format!("<td>{MAX_GAME_STREAMS_PER_ACCOUNT}</td>"),
            format!("<td>{MAX_OPEN_PER_CHALLENGER}</td>"),
        ] {
            assert!(html.contains(&bound), "{bound} is on the page");
        }
        for status in [
            "mate",
            "resign",
            "stalemate",
            "outoftime",
            "timeout",
            "draw",
            "variantEnd",
            "aborted",
        ] {
            assert!(
                html.contains(&format!("<code>{status}</code></td>")),
                "{status} has its row"
            );
        }
        // Every ending has a row: one per outcome, a win counted once for both colours.
        let rows = Outcome::ALL
            .iter()
            .filter(|o| {
                !matches!(
                    o,
                    Outcome::Win {
                        winner: Color::Black,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(statuses().lines().count(), rows + 2);
        assert!(!html.contains("<!-- limits -->") && !html.contains("<!-- statuses -->"));
    }
}
