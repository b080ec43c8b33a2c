//! Two nodes sharing PostgreSQL and Redis, one browser on each: a game across the nodes
//! through the real page, and the loss of the room's owner node mid-game (its browser comes
//! back through the front, which now sends it to the other node). Ignored unless
//! `ASEAN_TEST_POSTGRES` and `ASEAN_TEST_REDIS` name the servers (`cargo xtask test` sets them).

mod common;

use anyhow::{Result, ensure};
use common::{START_FEN, assert_shows, create_room, finish, replay, room_of, squares, wait_dialog};
use e2e::Viewport;
use e2e::nodes::Backing;

/// Nd2 Nd7 Nc4 Ne7 Nxd6#, after two knight moves out and back each.
const GAME: [&str; 9] = [
    "g1e2", "g8e7", "e2g1", "e7g8", "b1d2", "b8d7", "d2c4", "g8e7", "c4d6",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(asean_test_postgres, asean_test_redis)),
    ignore = "needs PostgreSQL and Redis"
)]
async fn a_game_across_two_nodes_survives_the_loss_of_the_owner() -> Result<()> {
    let game = replay(START_FEN, "any", &GAME);
    assert!(game.position().is_checkmate(), "the sequence ends in mate");
    let backing = Backing::new().await?;
    let mut n1 = backing.node().await?;
    let n2 = backing.node().await?;
    // A reaches the cluster through a front that prefers node 1; B talks to node 2.
    let front = backing.front(vec![n1.addr(), n2.addr()]).await?;
    let a = front.browser(Viewport::DESKTOP).await?;
    let b = n2.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    let link = create_room(&a, "white", "none", "private").await?;
    let room = room_of(&link)?;
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for(r#"#opponent-status[data-state="online"]"#)
        .await?;

    for (ply, uci) in GAME.iter().enumerate() {
        if ply == 4 {
            // The room's owner (node 1, where A created it) dies without a word.
            let crashed = std::time::Instant::now();
            n1.crash();
            a.wait_for("#reconnecting:not([hidden])").await?;
            a.screenshot("cluster-owner-lost-desktop").await?;
            // Node 2 notices that node 1 is gone and takes the room over from the store.
            while n2.metric("asean_rooms_adopted_total").await.unwrap_or(0.0) < 1.0 {
                ensure!(
                    crashed.elapsed() < std::time::Duration::from_secs(10),
                    "node 2 never took the room over"
                );
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            eprintln!("room taken over after {} ms", crashed.elapsed().as_millis());
            // Both pages reconnect (the connections node 2 held for node 1's room were closed
            // with "reconnect"): A through the front, now to node 2, and B to node 2.
            tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
            a.wait_for("#reconnecting[hidden]").await?;
            b.wait_for("#reconnecting[hidden]").await?;
            a.wait_for(r#"#opponent-status[data-state="online"]"#)
                .await?;
            let so_far = replay(START_FEN, "any", &GAME[..4]);
            assert_shows(&a, &so_far).await?;
            assert_shows(&b, &so_far).await?;
        }
        let (from, to) = squares(uci);
        let (mover, other) = if ply % 2 == 0 { (&a, &b) } else { (&b, &a) };
        mover.click_move(from, to).await?;
        other.wait_for_plies(ply + 1).await?;
    }
    for p in [&a, &b] {
        p.wait_for_attr("#status", "data-outcome", "checkmate-white-wins")
            .await?;
        wait_dialog(p, "game-over", true).await?;
        assert_shows(p, &game).await?;
    }
    let errors = a.page_errors().await?;
    ensure!(errors.is_empty(), "page errors: {errors:?}");
    a.screenshot("cluster-finished-desktop").await?;
    b.screenshot("cluster-finished-phone").await?;
    finish(a).await?;
    finish(b).await
}
