//! An online room's life outside a played game, through the real server and two browsers: the
//! creator cancels the invitation (and the link then says so), an invitation expires, a public
//! room leaves the lobby while its creator is away, and a game is aborted before both sides have
//! moved (then opened again from its link, read-only).

mod common;

use std::time::Duration;

use anyhow::{Result, ensure};
use common::{
    START_FEN, assert_shows, create_room, displayed, drop_connection, finish, replay, room_of,
    seat_two, stored_seat, wait_dialog,
};
use e2e::{Browser, TestServer, Viewport};

/// The fragment of the page's address (`#/room/<id>`, or empty).
async fn location_hash(b: &Browser) -> Result<String> {
    Ok(b.js("return window.location.hash;")
        .await?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

/// Checks that nothing on the board can be picked up: a click on `square` selects nothing.
/// Waits until the closed-room card shows `reason` with its title and text.
async fn expect_closed(b: &Browser, reason: &str, title: &str, text: &str) -> Result<()> {
    b.wait_for(&format!(
        r#"#room-closed[data-reason="{reason}"]:not([hidden])"#
    ))
    .await?;
    b.wait_for_text("#room-closed-title", title).await?;
    b.wait_for_text("#room-closed-text", text).await
}

async fn board_is_read_only(b: &Browser, square: &str) -> Result<()> {
    b.click_square(square).await?;
    ensure!(
        !b.exists("#board .sel").await?,
        "a piece on {square} could be selected"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creator_cancels_and_the_link_then_says_cancelled() -> Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;

    let link = create_room(&a, "white", "none", "private").await?;
    let room = room_of(&link)?;
    ensure!(
        stored_seat(&a, &room).await?.as_deref() == Some("white"),
        "the creator's seat is stored"
    );
    a.wait_for("#waiting-cancel:not([disabled])").await?;
    ensure!(
        displayed(&a, "#waiting-cancel").await?,
        "the waiting card offers to cancel"
    );
    a.wait_for_text("#waiting-info", "The link stays open until")
        .await?;
    a.screenshot("online-waiting-cancel-desktop").await?;
    a.set_viewport(Viewport::PHONE).await?;
    a.screenshot("online-waiting-cancel-phone").await?;
    a.set_viewport(Viewport::DESKTOP).await?;

    // A cancels: back to a local board, with a toast; the seat and the address are dropped.
    a.click("#waiting-cancel").await?;
    a.wait_for_text("#toasts", "Invitation cancelled").await?;
    a.wait_for("#waiting[hidden]").await?;
    a.wait_for(r#"#app[data-mode="hotseat"]"#).await?;
    ensure!(
        !location_hash(&a).await?.contains(&room),
        "the address still names the cancelled room"
    );
    ensure!(
        stored_seat(&a, &room).await?.is_none(),
        "the cancelled room's seat is still stored"
    );
    // A reload does not bring the room back.
    a.reload().await?;
    a.wait_for(r#"#app[data-mode="hotseat"]"#).await?;
    ensure!(
        a.find("#room-closed")
            .await?
            .attr("hidden")
            .await?
            .is_some(),
        "the creator sees no closed card after reloading"
    );

    // B opens the link: the invitation was cancelled, nothing can be played, a way on.
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for(r#"#room-closed[data-reason="cancelled"]:not([hidden])"#)
        .await?;
    b.wait_for_text("#room-closed-title", "This invitation was cancelled")
        .await?;
    b.wait_for_text("#status", "This invitation was cancelled")
        .await?;
    ensure!(
        b.find("#waiting").await?.attr("hidden").await?.is_some(),
        "the guest sees no waiting card"
    );
    ensure!(
        stored_seat(&b, &room).await?.is_none(),
        "the guest took a seat in a cancelled room"
    );
    b.screenshot("online-cancelled-link-phone").await?;
    b.set_viewport(Viewport::DESKTOP).await?;
    b.screenshot("online-cancelled-link-desktop").await?;
    b.set_viewport(Viewport::PHONE).await?;
    // The card covers the board; the board underneath is not playable either.
    b.js("document.getElementById('room-closed').hidden = true; return true;")
        .await?;
    board_is_read_only(&b, "e3").await?;
    b.js("document.getElementById('room-closed').hidden = false; return true;")
        .await?;

    // "New game" opens the dialog with online play chosen; "Leave this room" goes home.
    b.click("#room-closed-new").await?;
    wait_dialog(&b, "new-game", true).await?;
    ensure!(
        b.js(r#"return document.querySelector('#new-game input[name="mode"][value="online"]').checked;"#)
            .await?
            .as_bool()
            == Some(true),
        "the new-game dialog proposes online play"
    );
    b.click("#new-game-cancel").await?;
    wait_dialog(&b, "new-game", false).await?;
    b.click("#room-closed-leave").await?;
    b.wait_for("#room-closed[hidden]").await?;
    b.wait_for(r#"#app[data-mode="hotseat"]"#).await?;
    ensure!(
        !location_hash(&b).await?.contains(&room),
        "the address still names the closed room"
    );
    finish(a).await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_invitation_says_so() -> Result<()> {
    let server = TestServer::start_with(|c| {
        c.lobby.room.invite_ttl = Duration::from_secs(2);
    })
    .await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    a.open_app().await?;
    let link = create_room(&a, "black", "none", "private").await?;
    let room = room_of(&link)?;

    // Nobody comes: the creator's page says the invitation has expired and forgets the seat.
    expect_closed(
        &a,
        "expired",
        "This invitation has expired",
        "Nobody opened your link in time",
    )
    .await?;
    a.wait_for("#waiting[hidden]").await?;
    ensure!(
        stored_seat(&a, &room).await?.is_none(),
        "the expired room's seat is still stored"
    );
    finish(a).await?;

    // A friend opening the link later reads the same.
    let b = server.browser(Viewport::PHONE).await?;
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    expect_closed(
        &b,
        "expired",
        "This invitation has expired",
        "Ask your friend for a new link",
    )
    .await?;
    ensure!(
        stored_seat(&b, &room).await?.is_none(),
        "the guest took a seat in an expired room"
    );
    b.screenshot("online-expired-link-phone").await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_room_leaves_the_lobby_while_its_creator_is_away() -> Result<()> {
    let server = TestServer::start_with(|c| {
        c.lobby.room.unlist_after = Duration::from_secs(1);
    })
    .await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    b.open_app().await?;
    let link = create_room(&a, "white", "none", "public").await?;
    let room = room_of(&link)?;
    let item = format!(r#"#lobby-rooms [data-room-id="{room}"]"#);
    b.wait_for(&item).await?;
    a.wait_for(r#"#waiting-info[data-listed="true"]:not([hidden])"#)
        .await?;
    a.wait_for_text("#waiting-info", "listed in the lobby")
        .await?;

    // A's connection drops for a few seconds: the room leaves the list, and comes back.
    drop_connection(&a, 4000).await?;
    a.wait_for("#reconnecting:not([hidden])").await?;
    b.wait_gone(&item).await?;
    a.wait_for("#reconnecting[hidden]").await?;
    b.wait_for(&item).await?;
    a.wait_for(r#"#waiting-info[data-listed="true"]"#).await?;
    finish(a).await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_aborted_before_both_sides_have_moved() -> Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    seat_two(&a, &b).await?;

    // Before any move both players may abort; nobody may resign.
    for p in [&a, &b] {
        p.wait_for("#btn-abort:not([hidden]):not([disabled])")
            .await?;
        ensure!(
            !displayed(p, "#btn-resign").await?,
            "resign is offered before both sides have moved"
        );
    }
    a.screenshot("online-abort-offered-desktop").await?;

    // B is away before both have moved: A's countdown is to an abort, not to a win.
    drop_connection(&b, 3000).await?;
    b.wait_for("#reconnecting:not([hidden])").await?;
    a.wait_for(r#"#opponent-status[data-state="away"]"#).await?;
    a.wait_for_text("#opponent-status", "aborted in").await?;
    ensure!(
        !a.text("#opponent-status").await?.contains("claim victory"),
        "a win is on offer before both sides have moved"
    );
    b.wait_for("#reconnecting[hidden]").await?;
    a.wait_for(r#"#opponent-status[data-state="online"]"#)
        .await?;

    // One move is not enough to make it a game: B aborts after White's first move.
    a.click_move("e3", "e4").await?;
    b.wait_for_plies(1).await?;
    b.wait_for("#btn-abort:not([hidden]):not([disabled])")
        .await?;
    b.click("#btn-abort").await?;
    let played = replay(START_FEN, "any", &["e3e4"]);
    for p in [&a, &b] {
        p.wait_for_attr("#status", "data-outcome", "aborted")
            .await?;
        p.wait_for_text("#status", "Game aborted").await?;
        wait_dialog(p, "game-over", true).await?;
        p.wait_for_attr("#game-over", "data-outcome", "aborted")
            .await?;
        ensure!(
            p.text("#game-over-text").await?.contains("aborted"),
            "the game-over dialog says aborted"
        );
        ensure!(
            !p.text("#game-over-text").await?.contains("wins"),
            "an aborted game has a winner"
        );
    }
    a.screenshot("online-aborted-desktop").await?;
    b.screenshot("online-aborted-phone").await?;
    for p in [&a, &b] {
        p.click("#game-over-close").await?;
        wait_dialog(p, "game-over", false).await?;
        p.wait_for("#btn-abort[hidden]").await?;
        assert_shows(p, &played).await?;
        ensure!(
            !displayed(p, "#btn-claim-victory").await?,
            "victory can be claimed in an aborted game"
        );
    }
    board_is_read_only(&b, "d6").await?;
    a.screenshot("online-aborted-board-desktop").await?;
    b.screenshot("online-aborted-board-phone").await?;

    // The finished game opened again from its link: moves and result, read-only.
    a.reload().await?;
    a.wait_for_attr("#status", "data-outcome", "aborted")
        .await?;
    a.wait_for_plies(1).await?;
    assert_shows(&a, &played).await?;
    a.wait_for_text("#status", "Game aborted").await?;
    a.wait_for("#btn-abort[hidden]").await?;
    ensure!(
        !displayed(&a, "#btn-resign").await?
            || a.find("#btn-resign")
                .await?
                .attr("disabled")
                .await?
                .is_some(),
        "the reopened game can be resigned"
    );
    finish(a).await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_open_rooms_are_refused_clearly() -> Result<()> {
    let server = TestServer::start_with(|c| {
        c.lobby.max_rooms_per_address = 1;
    })
    .await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    a.open_app().await?;
    let link = create_room(&a, "white", "none", "private").await?;
    let first = room_of(&link)?;

    // A second room while the first still waits: refused, back to the own board.
    a.click("#btn-new").await?;
    wait_dialog(&a, "new-game", true).await?;
    a.click(r#"#new-game input[name="mode"][value="online"]"#)
        .await?;
    a.click("#new-game-start").await?;
    a.wait_for_text("#toasts", "Too many rooms are open")
        .await?;
    a.wait_for("#waiting[hidden]").await?;
    a.wait_for(r#"#app[data-mode="hotseat"]"#).await?;
    ensure!(
        stored_seat(&a, &first).await?.as_deref() == Some("white"),
        "the first room's seat is kept"
    );

    // The first invitation is still there to go back to, and to cancel.
    a.open(&format!("/#/room/{first}")).await?;
    a.reload().await?;
    a.wait_for("#waiting:not([hidden])").await?;
    a.wait_for("#waiting-cancel:not([disabled])").await?;
    a.click("#waiting-cancel").await?;
    a.wait_for_text("#toasts", "Invitation cancelled").await?;
    a.wait_for(r#"#app[data-mode="hotseat"]"#).await?;
    finish(a).await
}
