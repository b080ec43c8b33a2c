//! Accounts in the page, against the real server: a newcomer signs up from the top bar, stays
//! signed in across a reload, sees this device in the account view, signs out, and signs in
//! again after a wrong password; on a phone and on a desktop. Online, the names by the clocks:
//! a player who signed up after the page connected is named by their clock (the lobby's
//! connection was renewed), an anonymous one is "Anonymous", and signing out mid-game loses
//! nothing. Rated: the new-game dialog offers a rated game only signed in with a clock, and a
//! rated game's end shows each side's rating change. Seeks: a rated seek with a rating range
//! is listed with its seeker's name and rating, taken from the lobby by another signed-up
//! player, and shown to an anonymous viewer with a link to sign in. API tokens: made on the
//! account screen with a scope, shown once, working as a Bearer token, revoked by its button.

mod common;

use anyhow::ensure;
use common::{
    create_room, displayed, fill, finish, invite_link, new_online_game, room_of, sign_up,
    signed_in_as, two_moves_then_white_resigns, wait_dialog,
};
use e2e::{Browser, TestServer, Viewport, start_app};

async fn newcomer_signs_up_and_back_in(viewport: Viewport, name: &str) -> anyhow::Result<()> {
    let (_server, browser) = start_app(viewport).await?;
    // Anonymous at first, with nothing in the way of playing.
    browser.wait_for("#btn-signin").await?;
    browser.click("#btn-signin").await?;
    browser.wait_for("#signin[data-mode=\"signin\"]").await?;
    browser.click("#signin-switch").await?;
    browser.wait_for("#signin[data-mode=\"signup\"]").await?;
    fill(&browser, "#signin-username", name).await?;
    fill(&browser, "#signin-password", "a long enough password").await?;
    // A mismatch is caught by the page itself.
    fill(&browser, "#signin-confirm", "a different password").await?;
    browser.click("#signin-submit").await?;
    browser
        .wait_for("#signin-error[data-error=\"mismatch\"]")
        .await?;
    fill(&browser, "#signin-confirm", "a long enough password").await?;
    browser
        .screenshot(&format!("accounts-signup-{}", viewport.width))
        .await?;
    browser.click("#signin-submit").await?;
    signed_in_as(&browser, name).await?;
    browser
        .screenshot(&format!("accounts-signed-in-{}", viewport.width))
        .await?;

    // A reload keeps the player signed in (the cookie).
    browser.reload().await?;
    signed_in_as(&browser, name).await?;

    // The account view: this device's session, then sign out.
    browser.click("#account-link").await?;
    browser.wait_for("#account").await?;
    browser
        .wait_for("#account-sessions li.session[data-current=\"true\"]")
        .await?;
    assert_eq!(browser.text("#account-username").await?, name);
    browser
        .screenshot(&format!("accounts-account-{}", viewport.width))
        .await?;
    browser.click("#account-signout").await?;
    browser.wait_for("#btn-signin").await?;

    // A wrong password, then the right one.
    browser.click("#btn-signin").await?;
    browser.wait_for("#signin[data-mode=\"signin\"]").await?;
    fill(&browser, "#signin-username", &name.to_lowercase()).await?;
    fill(&browser, "#signin-password", "not the password").await?;
    browser.click("#signin-submit").await?;
    browser
        .wait_for("#signin-error[data-error=\"wrong\"]")
        .await?;
    fill(&browser, "#signin-password", "a long enough password").await?;
    browser.click("#signin-submit").await?;
    signed_in_as(&browser, name).await?;
    let errors = browser.page_errors().await?;
    assert!(errors.is_empty(), "page errors: {errors:?}");
    browser.quit().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_signs_up_on_a_phone() -> anyhow::Result<()> {
    newcomer_signs_up_and_back_in(Viewport::PHONE, "Nok_1").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_signs_up_on_a_desktop() -> anyhow::Result<()> {
    newcomer_signs_up_and_back_in(Viewport::DESKTOP, "Desk-Player").await
}

/// The name shown by `side`'s clock, and its `data-seat`.
async fn name_by_clock(browser: &Browser, side: &str) -> anyhow::Result<(String, String)> {
    let selector = format!("#clock-{side} [data-player=\"{side}\"]");
    // Its text even where the waiting screen covers the strips.
    let text = browser
        .js(&format!(
            "return document.querySelector('{selector}').textContent;"
        ))
        .await?;
    Ok((
        text.as_str().unwrap_or_default().to_owned(),
        browser
            .attr(&selector, "data-seat")
            .await?
            .unwrap_or_default(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_the_signed_in_player_is_named_by_the_clock() -> anyhow::Result<()> {
    // The longest name an account may have: cut short by an ellipsis on a phone.
    const NAME: &str = "Somchai_Kittisak2024";
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    // A signs up after the page connected: the connection is renewed, so the seat A takes
    // next carries the name.
    sign_up(&a, NAME).await?;
    let link = create_room(&a, "white", "5+3", "private").await?;
    let room = room_of(&link)?;
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for("#waiting[hidden]").await?;
    let named = format!("#clock-white [data-player=\"white\"][data-username=\"{NAME}\"]");
    let anonymous = "#clock-black [data-player=\"black\"][data-seat=\"anonymous\"]";
    for p in [&a, &b] {
        p.wait_for(&named).await?;
        p.wait_for(anonymous).await?;
        ensure!(
            name_by_clock(p, "white").await? == (NAME.to_owned(), "user".to_owned()),
            "White's name"
        );
        ensure!(
            name_by_clock(p, "black").await?.0 == "Anonymous",
            "Black is anonymous"
        );
        ensure!(
            !p.exists("#clock-black [data-player][data-username]")
                .await?,
            "no username for an anonymous player"
        );
    }
    // On a phone the long name is cut short, never the side or the time.
    let cut = b
        .js(&format!(
            "const e = document.querySelector('{}'); \
             const strip = document.getElementById('clock-white').getBoundingClientRect(); \
             const time = document.querySelector('#clock-white .clock-time').getBoundingClientRect(); \
             return [e.scrollWidth > e.clientWidth, strip.right >= time.right, \
                     document.documentElement.scrollWidth <= window.innerWidth];",
            named
        ))
        .await?;
    ensure!(
        cut == serde_json::json!([true, true, true]),
        "the phone's strip: {cut}"
    );
    a.screenshot("accounts-names-desktop").await?;
    b.screenshot("accounts-names-phone").await?;
    a.click_move("e3", "e4").await?;
    b.wait_for_plies(1).await?;

    // The texts in the other languages.
    for (lang, anon) in [("th", "ไม่ระบุชื่อ"), ("de", "Anonym")] {
        b.select_value("#lang", lang).await?;
        b.wait_for_text(anonymous, anon).await?;
        b.screenshot(&format!("accounts-names-phone-{lang}"))
            .await?;
    }
    a.select_value("#lang", "fr").await?;
    a.wait_for_text(anonymous, "Anonyme").await?;
    a.screenshot("accounts-names-desktop-fr").await?;
    a.select_value("#lang", "en").await?;
    b.select_value("#lang", "en").await?;

    // A signs out mid-game: the new connection rejoins the room and the game goes on.
    a.click("#account-link").await?;
    a.wait_for("#account").await?;
    a.click("#account-signout").await?;
    a.wait_for("#btn-signin").await?;
    b.click_move("d6", "d5").await?;
    a.wait_for_plies(2).await?;
    a.click_move("e4", "d5").await?;
    b.wait_for_plies(3).await?;
    ensure!(
        a.exists("#reconnecting[hidden]").await?,
        "no reconnection banner"
    );
    // The seat keeps the name it was taken with.
    a.wait_for(&named).await?;

    // An untimed game between two anonymous players: the strips without clocks.
    let link = create_room(&a, "black", "none", "private").await?;
    a.screenshot("accounts-names-waiting-desktop").await?;
    ensure!(
        name_by_clock(&a, "white").await?
            == ("Waiting for an opponent".to_owned(), "empty".to_owned()),
        "the empty seat"
    );
    let room = room_of(&link)?;
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for_text("#mode-setting", "you play White").await?;
    for p in [&a, &b] {
        p.wait_for("#clocks:not([hidden])").await?;
        p.wait_for("#clock-white [data-seat=\"anonymous\"]").await?;
        p.wait_for("#clock-black [data-seat=\"anonymous\"]").await?;
        ensure!(
            !p.exists("#clock-white .clock-time:not([hidden])").await?,
            "no time in an untimed game"
        );
    }
    wait_dialog(&a, "game-over", false).await?;
    a.screenshot("accounts-names-untimed-desktop").await?;
    b.screenshot("accounts-names-untimed-phone").await?;
    finish(a).await?;
    finish(b).await
}

/// Whether `#opt-rated` is enabled, and which of its hints is shown (`signin`, `clock`, or
/// empty).
async fn rated_box(browser: &Browser) -> anyhow::Result<(bool, String)> {
    let state = browser
        .js("const b = document.getElementById('opt-rated'); \
             const hint = ['signin', 'clock'].filter(h => \
               !document.getElementById('opt-rated-' + h).hidden); \
             return [!b.disabled, hint.join(' ')];")
        .await?;
    Ok((
        state[0].as_bool().unwrap_or_default(),
        state[1].as_str().unwrap_or_default().to_owned(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_a_rated_game_shows_each_sides_rating_change() -> anyhow::Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    b.open_app().await?;

    // Anonymous: the box is disabled and says why.
    a.click("#btn-new").await?;
    wait_dialog(&a, "new-game", true).await?;
    a.click(r#"#new-game input[name="mode"][value="online"]"#)
        .await?;
    a.select_value("#time-control", "5+3").await?;
    ensure!(
        rated_box(&a).await? == (false, "signin".to_owned()),
        "anonymous: {:?}",
        rated_box(&a).await?
    );
    ensure!(
        displayed(&a, "#opt-rated-signin").await?,
        "the sign-in hint"
    );
    a.click("#new-game-cancel").await?;
    wait_dialog(&a, "new-game", false).await?;

    sign_up(&a, "Rated-White").await?;
    sign_up(&b, "Rated-Black").await?;

    // Signed in: untimed says a clock is needed; 5+3 enables it.
    new_online_game(&a, "white", "none").await?;
    ensure!(
        rated_box(&a).await? == (false, "clock".to_owned()),
        "untimed: {:?}",
        rated_box(&a).await?
    );
    a.select_value("#time-control", "5+3").await?;
    ensure!(
        rated_box(&a).await? == (true, String::new()),
        "timed: {:?}",
        rated_box(&a).await?
    );
    a.click("#opt-rated").await?;
    a.click(r#"#new-game input[name="visibility"][value="private"]"#)
        .await?;
    a.screenshot("accounts-rated-new-game").await?;
    a.click("#new-game-start").await?;
    wait_dialog(&a, "new-game", false).await?;
    let link = invite_link(&a).await?;
    let room = room_of(&link)?;
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for("#waiting[hidden]").await?;
    for p in [&a, &b] {
        p.wait_for("#rated-badge:not([hidden])").await?;
        p.wait_for("#clock-black [data-username=\"Rated-Black\"]")
            .await?;
    }
    // Two moves, so that the game can be resigned rather than aborted; White resigns.
    two_moves_then_white_resigns(&a, &b).await?;
    for p in [&a, &b] {
        wait_dialog(p, "game-over", true).await?;
        p.wait_for("#game-over-ratings:not([hidden]) li[data-rating=\"black\"]")
            .await?;
        let rows = p
            .js(
                "return [...document.querySelectorAll('#game-over-ratings li')].map(li => \
                 [li.dataset.rating, Number(li.dataset.diff), \
                  li.querySelector('.rating-name').textContent, \
                  li.querySelector('.rating-diff').textContent, \
                  li.querySelector('.rating-after').textContent]);",
            )
            .await?;
        let rows = rows.as_array().cloned().unwrap_or_default();
        ensure!(rows.len() == 2, "two rows: {rows:?}");
        for (row, side, name, sign) in [
            (&rows[0], "white", "Rated-White", "\u{2212}"),
            (&rows[1], "black", "Rated-Black", "+"),
        ] {
            let diff = row[1].as_i64().unwrap_or_default();
            let text = row[3].as_str().unwrap_or_default();
            let after = row[4].as_str().unwrap_or_default();
            ensure!(
                row[0] == side && row[2] == name,
                "the {side} row names its player: {row:?}"
            );
            ensure!(
                text == format!("{sign}{}", diff.unsigned_abs()) && diff != 0,
                "the {side} change is signed: {row:?}"
            );
            // Newcomers start provisional at 1500.
            ensure!(
                after.ends_with('?')
                    && after.trim_end_matches('?').parse::<i64>().ok() == Some(1500 + diff),
                "the {side} new rating: {row:?}"
            );
        }
    }
    a.screenshot("accounts-rated-over-desktop").await?;
    b.screenshot("accounts-rated-over-phone").await?;
    finish(a).await?;
    finish(b).await
}

/// Scrolls the lobby panel into view (for a screenshot).
async fn scroll_to_lobby(browser: &Browser) -> anyhow::Result<()> {
    browser
        .js("document.getElementById('lobby').scrollIntoView({block: 'start'});")
        .await?;
    Ok(())
}

/// The seek's row in the lobby as a viewer sees it: `data-take`, `data-rated`, the seeker's
/// name, its link, the rating shown, the Rated/Casual mark, the range, whether Join is
/// enabled, and the reason shown beside it.
async fn seek_row(browser: &Browser, room: &str) -> anyhow::Result<serde_json::Value> {
    browser
        .js(&format!(
            "const li = document.querySelector('#lobby-rooms [data-room-id=\"{room}\"]'); \
             const t = s => (li.querySelector(s) || {{}}).textContent || null; \
             const a = li.querySelector('a.lobby-seeker-name'); \
             return [li.dataset.take, li.dataset.rated, t('.lobby-seeker-name'), \
               a && a.getAttribute('href'), t('.lobby-seeker-rating'), t('.lobby-mode'), \
               t('.lobby-range'), !li.querySelector('[data-action=\"join\"]').disabled, \
               t('.lobby-room-why')];"
        ))
        .await
}

/// A signed-up player creates a rated 5+3 seek for opponents within 100 points of their
/// rating; a second signed-up player sees it in the lobby with the seeker's name and
/// provisional rating, the Rated mark and the range, and takes it: the rated game starts. An
/// anonymous viewer sees the same seek with a link to sign in instead of a Join it could use.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_a_rated_seek_is_listed_with_its_seeker_and_taken_from_the_lobby()
-> anyhow::Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    let c = server.browser(Viewport::DESKTOP).await?;
    for p in [&a, &b, &c] {
        p.open_app().await?;
    }
    sign_up(&a, "Seek-Host").await?;
    sign_up(&b, "Seek-Taker").await?;

    // The seek: rated, public, 5+3, 100 points either side of the host's 1500.
    new_online_game(&a, "white", "none").await?;
    let range_enabled = async |p: &Browser| -> anyhow::Result<bool> {
        Ok(
            p.js("return !document.getElementById('opt-range-below').disabled;")
                .await?
                .as_bool()
                == Some(true),
        )
    };
    ensure!(!range_enabled(&a).await?, "no range without a clock");
    a.select_value("#time-control", "5+3").await?;
    ensure!(range_enabled(&a).await?, "a range with a clock, signed in");
    a.click("#opt-rated").await?;
    a.click(r#"#new-game input[name="visibility"][value="public"]"#)
        .await?;
    a.select_value("#opt-range-below", "100").await?;
    a.select_value("#opt-range-above", "100").await?;
    a.screenshot("seeks-new-game-desktop").await?;
    a.click("#new-game-start").await?;
    wait_dialog(&a, "new-game", false).await?;
    let room = room_of(&invite_link(&a).await?)?;

    // The taker sees it, with everything a seek says, and may take it.
    let item = format!(r#"#lobby-rooms [data-room-id="{room}"]"#);
    b.wait_for(&item).await?;
    let row = seek_row(&b, &room).await?;
    ensure!(
        row == serde_json::json!([
            "open",
            "true",
            "Seek-Host",
            "#/@/Seek-Host",
            "1500?",
            "Rated",
            "Rating 1400–1600",
            true,
            null
        ]),
        "the taker's row: {row}"
    );

    // The anonymous viewer sees the same seek, and how to take it.
    c.wait_for(&item).await?;
    let row = seek_row(&c, &room).await?;
    ensure!(
        row[0] == "sign-in" && row[2] == "Seek-Host" && row[7] == false,
        "the anonymous row: {row}"
    );
    ensure!(
        row[8] == "Sign in to take it"
            && c.attr(&format!("{item} a.lobby-sign-in"), "href")
                .await?
                .as_deref()
                == Some("#/account"),
        "the anonymous row links to the sign-in view: {row}"
    );
    scroll_to_lobby(&c).await?;
    c.screenshot("seeks-lobby-desktop").await?;
    // An anonymous casual seek beside it: no name, no rating, Casual.
    let casual = room_of(&create_room(&c, "black", "10+5", "public").await?)?;
    let other = format!(r#"#lobby-rooms [data-room-id="{casual}"]"#);
    b.wait_for(&other).await?;
    let row = seek_row(&b, &casual).await?;
    ensure!(
        row[0] == "open" && row[1] == "false" && row[2].is_null() && row[5] == "Casual",
        "the anonymous casual row: {row}"
    );
    ensure!(
        b.text(&format!("{other} .lobby-seeker")).await? == "Anonymous",
        "an anonymous seeker"
    );
    scroll_to_lobby(&b).await?;
    b.screenshot("seeks-lobby-phone").await?;

    // Taken: the rated game starts, and the seek leaves the lobby.
    b.click(&format!(r#"{item} [data-action="join"]"#)).await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for("#waiting[hidden]").await?;
    for p in [&a, &b] {
        p.wait_for("#rated-badge:not([hidden])").await?;
        p.wait_for("#clock-white [data-username=\"Seek-Host\"]")
            .await?;
        p.wait_for("#clock-black [data-username=\"Seek-Taker\"]")
            .await?;
    }
    c.wait_gone(&item).await?;
    finish(a).await?;
    finish(b).await?;
    finish(c).await
}

/// The status of `GET path` with `Authorization: Bearer token`, sent by hand (HTTP/1.1, no
/// cookie): what a program holding the token gets.
async fn bearer_status(server: &TestServer, path: &str, token: &str) -> anyhow::Result<u16> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut tcp = tokio::net::TcpStream::connect(server.addr()).await?;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
         Connection: close\r\n\r\n",
        server.addr()
    );
    tcp.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await?;
    let head = String::from_utf8_lossy(&answer);
    head.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no status in {head}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_makes_an_api_token_sees_it_once_and_revokes_it() -> anyhow::Result<()> {
    let (server, browser) = start_app(Viewport::PHONE).await?;
    sign_up(&browser, "Token-Maker").await?;
    browser.click("#account-link").await?;
    browser.wait_for("#tokens").await?;
    browser
        .wait_for_text("#tokens-status", "You have no API tokens.")
        .await?;
    // An empty description is caught by the page.
    browser.click("#token-create-submit").await?;
    browser
        .wait_for("#token-error[data-error=\"token-description\"]")
        .await?;
    fill(&browser, "#token-description", "My DGT board").await?;
    browser
        .click(r#"#token-create input[name="scope"][value="board:play"]"#)
        .await?;
    browser.click("#token-create-submit").await?;
    browser.wait_for("#token-new:not([hidden])").await?;
    let token = browser.text("#token-new-value").await?;
    ensure!(
        token.starts_with("lip_") && token.len() == 44,
        "the token shown: {token:?}"
    );
    let row = r#"#token-list li.token[data-scopes="board:play"]"#;
    browser.wait_for(row).await?;
    ensure!(
        browser.text(&format!("{row} .token-description")).await? == "My DGT board",
        "the row's description"
    );
    let typed = browser
        .js("return document.getElementById('token-description').value")
        .await?;
    ensure!(
        typed == "",
        "the form is emptied for the next token: {typed}"
    );
    browser
        .js("document.getElementById('tokens').scrollIntoView()")
        .await?;
    browser.screenshot("accounts-api-token-phone").await?;
    ensure!(
        bearer_status(&server, "/api/account", &token).await? == 200,
        "the token signs a program in"
    );
    // Shown once: not after the view is left and opened again.
    browser.click("#account-back").await?;
    browser.click("#account-link").await?;
    browser.wait_for(row).await?;
    browser.wait_for("#token-new[hidden]").await?;
    // Revoked by its button: gone from the list, refused to programs.
    browser
        .click(&format!(r#"{row} [data-action="revoke-token"]"#))
        .await?;
    browser.wait_gone(row).await?;
    ensure!(
        bearer_status(&server, "/api/account", &token).await? == 401,
        "a revoked token is refused"
    );
    browser.assert_no_page_errors().await?;
    browser.quit().await
}
