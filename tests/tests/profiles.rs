//! Profiles and leaderboards in the page, against the real server: after a rated game
//! between two players who signed up, the winner's name in the game-over dialog opens their
//! profile with the game, the new (provisional) rating and the graph; a recent game opens its
//! replay; the account view links to the own profile; the leaderboard lists the established
//! players written into the database beforehand but not the two provisional newcomers; the
//! PGN export carries the ratings. Screenshots at 360x640 and 1280x800.

mod common;
#[path = "../../crates/server/tests/common/seed.rs"]
mod seed;

use anyhow::{Context, ensure};
use common::{
    finish, invite_link, new_online_game, room_of, sign_up, two_moves_then_white_resigns,
    wait_dialog,
};
use e2e::{Browser, TestServer, Viewport};
use seed::{seed_rated_game, wall_ms};
use server::store::accounts::NewAccount;

/// Waits until no toast is shown (they leave by themselves), for a clean screenshot.
async fn no_toasts(browser: &Browser) -> anyhow::Result<()> {
    browser
        .wait_until("the toasts to leave", async |b: &Browser| {
            Ok(
                b.js("return document.querySelectorAll('#toasts > *').length;")
                    .await?
                    .as_u64()
                    == Some(0),
            )
        })
        .await
}

/// A database with five established blitz players (Anong the best), for the leaderboard.
async fn seeded_database(dir: &std::path::Path) -> anyhow::Result<String> {
    let path = dir.join("lobby.sqlite3");
    let spec = path.to_str().context("a UTF-8 path")?.to_owned();
    let store = server::store::open(&spec, 2)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    for n in ["Anong", "Boonmee", "Chanida", "Decha", "Ekachai"] {
        store
            .create_account(NewAccount {
                username: n.parse()?,
                password_hash: "not a password".into(),
                created_ms: wall_ms() - 90 * 24 * 3_600_000,
            })
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let day = 24 * 3_600_000;
    for (n, players, ratings, days_ago) in [
        (1, ("Anong", "Boonmee"), (1610.0, 1540.0), 9),
        (2, ("Chanida", "Decha"), (1580.0, 1470.0), 7),
        (3, ("Anong", "Ekachai"), (1685.0, 1420.0), 5),
        (4, ("Boonmee", "Decha"), (1575.0, 1445.0), 3),
        (5, ("Anong", "Chanida"), (1742.0, 1551.0), 1),
    ] {
        let at_ms = wall_ms() - days_ago * day - u64::from(n) * 60_000;
        seed_rated_game(&*store, n, players, ratings, at_ms)
            .await
            .map_err(anyhow::Error::msg)?;
    }
    store.close().await;
    Ok(spec)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_a_rated_game_shows_on_the_profile_and_the_leaderboard_and_in_the_export()
-> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("asean-e2e-profiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    let db = seeded_database(&dir).await?;
    let server = TestServer::start_with(|c| c.db = Some(db)).await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    b.open_app().await?;
    sign_up(&a, "Prof-White").await?;
    sign_up(&b, "Prof-Black").await?;

    // A rated 5+3 game; after two moves White resigns.
    new_online_game(&a, "white", "5+3").await?;
    a.click("#opt-rated").await?;
    a.click(r#"#new-game input[name="visibility"][value="private"]"#)
        .await?;
    a.click("#new-game-start").await?;
    wait_dialog(&a, "new-game", false).await?;
    let room = room_of(&invite_link(&a).await?)?;
    b.open(&format!("/#/room/{room}")).await?;
    b.wait_app_ready().await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for("#waiting[hidden]").await?;
    // The name by the clock links to the profile.
    let href = a
        .attr("#clock-black [data-player=\"black\"]", "href")
        .await?;
    ensure!(
        href.as_deref() == Some("#/@/Prof-Black"),
        "the clock's name links to the profile: {href:?}"
    );
    two_moves_then_white_resigns(&a, &b).await?;
    wait_dialog(&a, "game-over", true).await?;
    a.wait_for("#game-over-ratings li[data-rating=\"black\"] a.rating-name")
        .await?;
    let diff = a
        .attr("#game-over-ratings li[data-rating=\"black\"]", "data-diff")
        .await?
        .and_then(|d| d.parse::<i64>().ok())
        .context("Black's rating change")?;
    ensure!(diff > 0, "the winner gains: {diff}");

    // The winner's name in the dialog opens the profile (and closes the dialog).
    a.click("#game-over-ratings li[data-rating=\"black\"] a.rating-name")
        .await?;
    a.wait_for("#profile[data-state=\"ok\"][data-username=\"Prof-Black\"]")
        .await?;
    wait_dialog(&a, "game-over", false).await?;
    let blitz = a
        .text("#profile-perfs li[data-perf=\"blitz\"] .perf-rating")
        .await?;
    ensure!(
        blitz == format!("{}?", 1500 + diff),
        "the new provisional rating: {blitz}"
    );
    ensure!(
        a.attr("#profile-perfs li[data-perf=\"blitz\"]", "data-provisional")
            .await?
            .as_deref()
            == Some("true"),
        "provisional"
    );
    for (count, n) in [("all", "1"), ("win", "1"), ("draw", "0"), ("loss", "0")] {
        let got = a
            .attr(
                &format!("#profile-counts [data-count=\"{count}\"] dd"),
                "data-n",
            )
            .await?;
        ensure!(got.as_deref() == Some(n), "{count}: {got:?}");
    }
    a.wait_for("#rating-graph svg circle[data-perf=\"blitz\"]")
        .await?;
    let game = format!("#profile-games li[data-game-id=\"{room}\"][data-result=\"win\"]");
    a.wait_for(&game).await?;
    let game_diff = a.attr(&format!("{game} .game-diff"), "data-diff").await?;
    ensure!(
        game_diff == Some(diff.to_string()),
        "the game's rating change: {game_diff:?}"
    );
    no_toasts(&a).await?;
    a.screenshot("profile-desktop").await?;

    // The phone: the account view links to the own profile.
    wait_dialog(&b, "game-over", true).await?;
    b.click("#game-over-close").await?;
    wait_dialog(&b, "game-over", false).await?;
    b.click("#account-link").await?;
    b.wait_for("#account:not([hidden])").await?;
    b.click("#account-profile").await?;
    b.wait_for("#profile[data-state=\"ok\"][data-username=\"Prof-Black\"]")
        .await?;
    b.wait_for(&game).await?;
    b.wait_for("#rating-graph svg").await?;
    no_toasts(&b).await?;
    b.screenshot("profile-phone").await?;

    // A recent game opens its replay.
    a.click(&format!("{game} a")).await?;
    a.wait_for("#profile[hidden]").await?;
    a.wait_for_plies(2).await?;

    // The leaderboard: the established players, best first; not the provisional newcomers.
    a.open("/#/leaderboard").await?;
    a.wait_app_ready().await?;
    a.wait_for("#leaderboard[data-perf=\"blitz\"] #leaderboard-list[aria-busy=\"false\"] li[data-rank=\"1\"]")
        .await?;
    let names = a
        .js(
            "return [...document.querySelectorAll('#leaderboard-list li')].map(li => \
             li.dataset.username);",
        )
        .await?;
    let names: Vec<&str> = names
        .as_array()
        .map(|v| v.iter().filter_map(|n| n.as_str()).collect())
        .unwrap_or_default();
    ensure!(
        names == ["Anong", "Boonmee", "Chanida", "Decha", "Ekachai"],
        "listed: {names:?}"
    );
    ensure!(
        a.text("#leaderboard-list li[data-rank=\"1\"] .leader-rating")
            .await?
            == "1742",
        "Anong's rating"
    );
    no_toasts(&a).await?;
    a.screenshot("leaderboard-desktop").await?;
    b.open("/#/leaderboard/blitz").await?;
    b.wait_app_ready().await?;
    b.wait_for("#leaderboard-list li[data-rank=\"5\"]").await?;
    no_toasts(&b).await?;
    b.screenshot("leaderboard-phone").await?;
    // Another speed: nobody yet, and it says so.
    b.click("[data-perf-tab=\"rapid\"]").await?;
    b.wait_for("#leaderboard[data-perf=\"rapid\"] #leaderboard-status:not([hidden])")
        .await?;
    ensure!(
        !b.exists("#leaderboard-list li").await?,
        "nobody plays rapid"
    );
    // No such player.
    b.open("/#/@/Nobody-Here").await?;
    b.wait_app_ready().await?;
    b.wait_for("#profile[data-state=\"missing\"] #profile-status:not([hidden])")
        .await?;
    no_toasts(&b).await?;
    b.screenshot("profile-missing-phone").await?;

    // The PGN export, with the ratings.
    let pgn = a
        .js("const x = new XMLHttpRequest(); \
             x.open('GET', '/api/games/user/prof-black?max=10', false); \
             x.send(); return x.responseText;")
        .await?;
    let pgn = pgn.as_str().unwrap_or_default();
    for tag in [
        "[Variant \"asean\"]".to_owned(),
        "[White \"Prof-White\"]".to_owned(),
        "[Black \"Prof-Black\"]".to_owned(),
        "[Result \"0-1\"]".to_owned(),
        "[WhiteElo \"1500\"]".to_owned(),
        "[BlackElo \"1500\"]".to_owned(),
        format!("[BlackRatingDiff \"+{diff}\"]"),
        format!("[WhiteRatingDiff \"-{diff}\"]"),
        "[TimeControl \"300+3\"]".to_owned(),
    ] {
        ensure!(pgn.contains(&tag), "{tag} missing from the export:\n{pgn}");
    }
    a.assert_no_page_errors().await?;
    b.assert_no_page_errors().await?;
    finish(a).await?;
    finish(b).await?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
