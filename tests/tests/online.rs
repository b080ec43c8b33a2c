//! Online play between two browsers through the real server: a private room shared by its
//! invite link, a game to checkmate by clicks with a reload in the middle, and the lobby panel
//! (a public room listed with live counts, joined from the list, clocks, draw offer, resignation
//! and rematch); a move sent on a connection gone silent shows as pending and goes through
//! once the page has connected again.

mod common;

use anyhow::{Result, ensure};
use common::{
    START_FEN, assert_shows, create_room, displayed, drop_connection, finish, replay, room_of,
    squares, stored_seat, wait_dialog,
};
use e2e::{TestServer, Viewport};

/// Nd2 Nd7 Nc4 Ne7 Nxd6#: the shortest mate from the start.
const MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_play_through_an_invite_link_with_a_reload() -> Result<()> {
    let game = replay(START_FEN, "any", &MATE);
    assert!(game.position().is_checkmate(), "the sequence ends in mate");

    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;

    // A creates a private room and gets the invite link.
    let link = create_room(&a, "white", "none", "private").await?;
    let room = room_of(&link)?;
    ensure!(
        link == server.url(&format!("/#/room/{room}")),
        "invite link {link:?}"
    );
    ensure!(
        stored_seat(&a, &room).await?.as_deref() == Some("white"),
        "A's seat secret is stored"
    );
    ensure!(
        displayed(&a, "#btn-copy-link").await?,
        "copy button on the waiting screen"
    );
    a.click("#btn-copy-link").await?;
    a.screenshot("online-waiting-desktop").await?;
    a.set_viewport(Viewport::PHONE).await?;
    a.screenshot("online-waiting-phone").await?;
    a.set_viewport(Viewport::DESKTOP).await?;

    // B opens the link: seated as Black, board turned for Black.
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for(r#"#app[data-mode="online"]"#).await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    b.wait_for("#board.flipped").await?;
    a.wait_for("#waiting[hidden]").await?;
    a.wait_for_text("#mode-setting", "you play White").await?;
    a.wait_for(r#"#opponent-status[data-state="online"]"#)
        .await?;
    ensure!(
        stored_seat(&b, &room).await?.as_deref() == Some("black"),
        "B's seat secret is stored"
    );

    // A third visitor of the full room watches: no player's buttons, no move box.
    let c = server.browser(Viewport::PHONE).await?;
    c.open(&format!("/#/room/{room}")).await?;
    c.wait_app_ready().await?;
    c.wait_for(r#"#app[data-mode="online"]"#).await?;
    c.wait_for("#move-form[hidden]").await?;
    for id in [
        "#btn-resign",
        "#btn-draw",
        "#btn-undo",
        "#btn-hint",
        "#btn-abort",
    ] {
        ensure!(!displayed(&c, id).await?, "a spectator sees no {id}");
    }
    ensure!(
        displayed(&a, "#move-form").await?,
        "a player has the move box"
    );
    ensure!(
        displayed(&a, "#btn-abort").await? || displayed(&a, "#btn-resign").await?,
        "a player has the game's buttons"
    );
    c.screenshot("online-spectator-phone").await?;
    finish(c).await?;

    // B cannot move on White's turn, nor White's pieces.
    b.click_square("b3").await?;
    ensure!(!b.exists("#board .sel").await?, "B selected a white piece");

    for (ply, uci) in MATE.iter().enumerate() {
        let (from, to) = squares(uci);
        let (mover, other) = if ply % 2 == 0 { (&a, &b) } else { (&b, &a) };
        if ply == 4 {
            // B's network drops for a few seconds: B shows it, A sees B away, A's mating move
            // reaches B after the reconnection.
            drop_connection(&b, 3000).await?;
            b.wait_for("#reconnecting:not([hidden])").await?;
            b.screenshot("online-reconnecting-phone").await?;
            a.wait_for(r#"#opponent-status[data-state="away"]"#).await?;
            ensure!(
                a.text("#opponent-status")
                    .await?
                    .contains("claim victory in"),
                "A sees the countdown"
            );
        }
        mover.click_move(from, to).await?;
        other.wait_for_plies(ply + 1).await?;
        let so_far = replay(START_FEN, "any", &MATE[..=ply]);
        assert_shows(other, &so_far).await?;
        if ply == 2 {
            // B reloads mid-game: same seat, the board and moves caught up.
            b.reload().await?;
            b.wait_for_text("#mode-setting", "you play Black").await?;
            b.wait_for_plies(3).await?;
            assert_shows(&b, &so_far).await?;
            b.wait_for("#board.flipped").await?;
            b.wait_for_attr("#status", "data-turn", "black").await?;
        }
    }

    b.wait_for("#reconnecting[hidden]").await?;
    for p in [&a, &b] {
        p.wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
            .await?;
        wait_dialog(p, "game-over", true).await?;
        let text = p.text("#game-over-text").await?;
        ensure!(text.contains("Checkmate"), "game-over text {text:?}");
        assert_shows(p, &game).await?;
    }
    a.screenshot("online-finished-desktop").await?;
    b.screenshot("online-finished-phone").await?;
    finish(a).await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_lists_a_public_room_with_live_counts() -> Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    b.open_app().await?;
    // Nobody waits yet: the empty state offers both ways out.
    b.wait_for("#lobby-empty:not([hidden])").await?;
    b.wait_for_text("#lobby-counts", " online · ").await?;
    ensure!(
        b.text("#lobby-empty").await?.contains("Nobody is waiting"),
        "empty lobby text"
    );
    ensure!(displayed(&b, "#lobby-create").await?, "create button");
    ensure!(displayed(&b, "#lobby-play-ai").await?, "play-the-AI button");
    b.click("#lobby-play-ai").await?;
    wait_dialog(&b, "new-game", true).await?;
    ensure!(
        b.js(
            r#"return document.querySelector('#new-game input[name="mode"][value="ai"]').checked;"#
        )
        .await?
        .as_bool()
            == Some(true),
        "play the AI preselects the AI"
    );
    b.click("#new-game-cancel").await?;
    wait_dialog(&b, "new-game", false).await?;

    a.open_app().await?;
    let link = create_room(&a, "white", "5+3", "public").await?;
    let room = room_of(&link)?;

    // B sees the room and the counts live.
    let item = format!(r#"#lobby-rooms [data-room-id="{room}"]"#);
    b.wait_for(&item).await?;
    b.wait_for_text("#lobby-counts", "2 players online · 0 games in progress")
        .await?;
    b.wait_for("#lobby-empty[hidden]").await?;
    ensure!(
        b.text(&item).await?.contains("5+3"),
        "the room shows its time control"
    );
    b.screenshot("online-lobby-phone").await?;
    a.wait_for(&item).await?;
    a.screenshot("online-lobby-desktop").await?;

    // B joins from the list: the game starts with clocks.
    b.click(&format!(r#"{item} [data-action="join"]"#)).await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for("#waiting[hidden]").await?;
    for p in [&a, &b] {
        p.wait_for("#clocks:not([hidden])").await?;
        p.wait_for_text("#clock-white", "5:00").await?;
        p.wait_for_text("#clock-black", "5:00").await?;
        p.wait_for_text("#lobby-counts", "1 game in progress")
            .await?;
    }
    b.wait_gone(&item).await?;

    // White's clock runs after the first move... and Black's after the reply.
    a.click_move("e3", "e4").await?;
    b.wait_for_plies(1).await?;
    b.wait_for("#clock-black.running").await?;

    // A draw offer, declined.
    a.click("#btn-draw").await?;
    b.wait_for("#draw-offer:not([hidden])").await?;
    b.click("#btn-draw-decline").await?;
    b.wait_for("#draw-offer[hidden]").await?;

    // Until both sides have moved the game can be aborted, not resigned; after Black's reply
    // it is a real game.
    ensure!(
        displayed(&b, "#btn-abort").await? && !displayed(&b, "#btn-resign").await?,
        "abort instead of resign after one move"
    );
    b.click_move("d6", "d5").await?;
    a.wait_for_plies(2).await?;
    for p in [&a, &b] {
        p.wait_for("#btn-abort[hidden]").await?;
        ensure!(
            displayed(p, "#btn-resign").await?,
            "resign after both moved"
        );
    }

    // B resigns: White wins; both may ask for a rematch, which swaps the colours.
    b.click("#btn-resign").await?;
    wait_dialog(&b, "confirm", true).await?;
    b.click("#confirm-yes").await?;
    for p in [&a, &b] {
        p.wait_for_attr("#status", "data-outcome", "resign-white-wins")
            .await?;
        wait_dialog(p, "game-over", true).await?;
        p.click("#game-over-close").await?;
        wait_dialog(p, "game-over", false).await?;
        p.wait_for("#btn-rematch:not([hidden])").await?;
    }
    a.click("#btn-rematch").await?;
    b.wait_for_text("#btn-rematch", "Accept the rematch")
        .await?;
    b.click("#btn-rematch").await?;
    a.wait_for_text("#mode-setting", "you play Black").await?;
    b.wait_for_text("#mode-setting", "you play White").await?;
    a.wait_for("#board.flipped").await?;
    ensure!(b.sans().await?.is_empty(), "the rematch starts afresh");
    b.click_move("e3", "e4").await?;
    a.wait_for_plies(1).await?;

    // The server out of reach (the connection dropped, the next attempt a minute away): the
    // lobby says so and offers to try at once, which reconnects.
    drop_connection(&a, 60_000).await?;
    a.wait_for("#lobby-unreachable:not([hidden])").await?;
    a.wait_for_text("#lobby-counts", "cannot be reached")
        .await?;
    a.screenshot("lobby-unreachable-desktop").await?;
    a.click("#lobby-retry").await?;
    a.wait_for("#lobby-unreachable[hidden]").await?;
    a.wait_for_text("#lobby-counts", "in progress").await?;
    finish(a).await?;
    finish(b).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_a_silent_connection_shows_as_pending_and_goes_through_after_reconnecting()
-> Result<()> {
    let server = TestServer::start().await?;
    let white = server.browser(Viewport::DESKTOP).await?;
    let black = server.browser(Viewport::DESKTOP).await?;
    white.open_app().await?;
    common::seat_two(&white, &black).await?;
    white.set_viewport(Viewport::PHONE).await?;

    // White's network goes silent (the socket stays open, nothing gets through either way),
    // then White moves.
    white
        .js("window.dispatchEvent(new CustomEvent('asean-mute-connection')); return true;")
        .await?;
    white.click_move("e3", "e4").await?;
    // The move is shown as pending, not as played: its squares marked, the status says so.
    white.wait_for(r#"[data-square="e4"].pending"#).await?;
    ensure!(white.exists(r#"[data-square="e3"].pending"#).await?);
    white.wait_for_text("#status", "Sending your move").await?;
    white.screenshot("online-move-pending-phone").await?;
    ensure!(
        black.piece_at("e4").await?.is_none(),
        "Black has not seen a move that never left"
    );
    // Unanswered for a few seconds, the page connects again and sends it: Black gets it, and
    // White's mark goes.
    black.wait_for_plies(1).await?;
    ensure!(black.piece_at("e4").await?.as_deref() == Some("wP"));
    white.wait_gone(".sq.pending").await?;
    ensure!(
        !white.text("#status").await?.contains("Sending"),
        "confirmed"
    );
    // The game goes on.
    black.click_move("d6", "d5").await?;
    white.wait_for_plies(2).await?;
    finish(white).await?;
    finish(black).await
}
