//! Challenges between accounts in the page, against the real server: a signed-in player
//! challenges another from their profile (3+2, White, rated); the other sees it on whatever
//! screen they are, with its terms, and accepts; both land in the game with the colours asked
//! and play. A second challenge is declined (the challenger is told and the list empties)
//! and a third withdrawn (it leaves the other player's list). Screenshots at 360x640 (the
//! challenge received) and 1280x800 (the form, then the challenge sent).
//!
//! A bot: `asean-bot`'s runner with the workspace's `asean-engine` on an account made a bot;
//! a player finds it in the lobby's list of bots, challenges it from its profile and plays it
//! to a result (screenshots: the lobby's bots on a phone, the bot's profile and the game on a
//! desktop).

mod common;

use anyhow::{Context, ensure};
use common::{fill, finish, sign_up};
use e2e::{Browser, TestServer, Viewport};

/// Opens `name`'s profile and sends a challenge with the form's `clock` and `color`, rated
/// or not; waits until the page lists it as sent (or has opened its game).
async fn challenge(
    b: &Browser,
    name: &str,
    clock: &str,
    color: &str,
    rated: bool,
    shot: Option<&str>,
) -> anyhow::Result<()> {
    b.open(&format!("/#/@/{name}")).await?;
    b.wait_app_ready().await?;
    b.wait_for(&format!(
        "#profile[data-state=\"ok\"][data-username=\"{name}\"]"
    ))
    .await?;
    b.wait_for("#profile-challenge-box:not([hidden]) #profile-challenge:not([hidden])")
        .await?;
    b.click("#profile-challenge").await?;
    b.wait_for("#challenge-form:not([hidden])").await?;
    b.select_value("#challenge-clock", clock).await?;
    b.select_value("#challenge-color", color).await?;
    let checked = b
        .js("return document.getElementById('challenge-rated').checked;")
        .await?
        .as_bool()
        == Some(true);
    if checked != rated {
        b.click("#challenge-rated").await?;
    }
    if let Some(shot) = shot {
        b.screenshot(shot).await?;
    }
    b.click("#challenge-send").await?;
    b.wait_for("#challenge-form[hidden]").await?;
    // Listed as sent, or already accepted (a bot answers at once) and the game open.
    b.wait_until("the challenge sent", async |p: &Browser| {
        let out = "#challenges:not([hidden]) li.challenge[data-direction=\"out\"]";
        let hash = p.js("return location.hash;").await?;
        Ok(p.exists(out).await? || hash.as_str().is_some_and(|h| h.starts_with("#/room/")))
    })
    .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_challenges_another_from_their_profile_who_accepts_and_both_play()
-> anyhow::Result<()> {
    let server = TestServer::start().await?;
    let a = server.browser(Viewport::DESKTOP).await?;
    let b = server.browser(Viewport::PHONE).await?;
    a.open_app().await?;
    b.open_app().await?;
    sign_up(&a, "Somchai").await?;
    sign_up(&b, "Malee").await?;
    // A profile of one's own has no challenge button.
    a.open("/#/@/Somchai").await?;
    a.wait_app_ready().await?;
    a.wait_for("#profile[data-state=\"ok\"][data-username=\"Somchai\"]")
        .await?;
    ensure!(
        a.attr("#profile-challenge-box", "hidden").await?.is_some(),
        "no challenge button on one's own profile"
    );

    challenge(
        &a,
        "Malee",
        "3+2",
        "white",
        true,
        Some("challenge-form-desktop"),
    )
    .await?;
    let sent = a
        .text("#challenge-list li[data-direction=\"out\"] .challenge-who")
        .await?;
    ensure!(
        sent.contains("Malee"),
        "the challenge sent names Malee: {sent}"
    );
    a.screenshot("challenge-sent-desktop").await?;

    // Malee sees it on the board where she is, with its terms from her side.
    let item = "#challenge-list li[data-direction=\"in\"]";
    b.wait_for(item).await?;
    let who = b.text(&format!("{item} .challenge-who")).await?;
    ensure!(
        who.contains("Somchai") && who.contains("1500"),
        "the challenger and their rating: {who}"
    );
    let terms = b.text(&format!("{item} .challenge-terms")).await?;
    ensure!(
        terms.contains("3+2") && terms.contains("Rated") && terms.contains("you play Black"),
        "the terms: {terms}"
    );
    b.screenshot("challenge-received-phone").await?;
    let id = b.attr(item, "data-challenge-id").await?.unwrap_or_default();
    b.click(&format!("{item} .challenge-accept")).await?;

    // Both are taken to the game, with the colours asked.
    for page in [&a, &b] {
        page.wait_until("the game's address", async |p: &Browser| {
            Ok(p.js("return location.hash;").await?.as_str() == Some(&format!("#/room/{id}")))
        })
        .await?;
    }
    a.wait_for_text("#mode-setting", "you play White").await?;
    b.wait_for_text("#mode-setting", "you play Black").await?;
    a.wait_for("#challenges[hidden]").await?;
    b.wait_for("#challenges[hidden]").await?;
    a.click_move("e3", "e4").await?;
    b.wait_for_plies(1).await?;
    b.click_move("d6", "d5").await?;
    a.wait_for_plies(2).await?;

    // A second challenge, declined: the challenger is told, both lists empty.
    challenge(&a, "Malee", "5+3", "random", false, None).await?;
    b.wait_for(item).await?;
    b.click(&format!("{item} .challenge-decline")).await?;
    a.wait_for("#challenges[hidden]").await?;
    a.wait_until("the toast saying it was declined", async |p: &Browser| {
        let text = p
            .js("return document.getElementById('toasts').textContent;")
            .await?;
        Ok(text.as_str().is_some_and(|t| t.contains("Malee declined")))
    })
    .await?;
    b.wait_for("#challenges[hidden]").await?;

    // A third, withdrawn: it leaves Malee's list.
    challenge(&a, "Malee", "10+5", "black", false, None).await?;
    b.wait_for(item).await?;
    a.click("#challenge-list li[data-direction=\"out\"] .challenge-cancel")
        .await?;
    b.wait_for("#challenges[hidden]").await?;

    finish(a).await?;
    finish(b).await
}

/// The workspace's `asean-engine` (`cargo test --workspace` has built it; built here when
/// missing, as when this test runs alone).
fn engine_binary() -> anyhow::Result<std::path::PathBuf> {
    let path = e2e::target_dir().join("debug").join("asean-engine");
    if !path.exists() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = std::process::Command::new(cargo)
            .args(["build", "--package", "engine", "--bin", "asean-engine"])
            .current_dir(e2e::workspace_root())
            .status()?;
        ensure!(status.success(), "building asean-engine failed");
    }
    Ok(path)
}

/// Signs `name` up in `b` and makes a `bot:play` token on the account screen: the token.
async fn bot_token(b: &Browser, name: &str) -> anyhow::Result<String> {
    sign_up(b, name).await?;
    b.click("#account-link").await?;
    b.wait_for("#tokens").await?;
    fill(b, "#token-description", "asean-bot").await?;
    b.click(r#"#token-create input[name="scope"][value="bot:play"]"#)
        .await?;
    b.click("#token-create-submit").await?;
    b.wait_for("#token-new:not([hidden])").await?;
    b.text("#token-new-value").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_finds_a_bot_in_the_lobby_challenges_it_and_plays_it_to_a_result()
-> anyhow::Result<()> {
    let server = TestServer::start().await?;
    let owner = server.browser(Viewport::DESKTOP).await?;
    owner.open_app().await?;
    let token = bot_token(&owner, "Engine-Bot").await?;
    finish(owner).await?;

    // The bot runner, as `asean-bot --config` would run it: the account made a bot, casual
    // games with a clock accepted, the engine at its weakest level.
    let config = format!(
        "[server]\nurl = \"http://{}\"\ntoken = \"{token}\"\nupgrade = true\n\
         reconnect_max_ms = 1000\n[engine]\ncommand = {:?}\n\
         [engine.options]\n\"Skill Level\" = 1\nHash = 8\n",
        server.addr(),
        engine_binary()?.display().to_string(),
    );
    let config = bot::config::Config::parse(&config).map_err(anyhow::Error::msg)?;
    // Its log goes with the test's output (shown when it fails).
    let _ = tracing_subscriber::fmt()
        .with_env_filter("bot=debug")
        .with_test_writer()
        .try_init();
    let runner = tokio::spawn(bot::runner::run(config));

    let player = server.browser(Viewport::DESKTOP).await?;
    player.open_app().await?;
    sign_up(&player, "Malee").await?;
    // The bot is listed once its event stream is open; the page asks at its start.
    player
        .wait_until("the bot online", async |p: &Browser| {
            let v = p
                .js("return fetch('/api/bot/online').then((r) => r.text());")
                .await?;
            Ok(v.as_str().is_some_and(|t| t.contains("engine-bot")))
        })
        .await?;
    player.reload().await?;
    player.wait_app_ready().await?;
    let listed = r#"#lobby-bots:not([hidden]) #lobby-bots-list li[data-bot="Engine-Bot"]"#;
    player.wait_for(listed).await?;
    let show =
        "document.getElementById('lobby-bots').scrollIntoView({block: 'center'}); return true;";
    player.set_viewport(Viewport::PHONE).await?;
    player.js(show).await?;
    player.screenshot("bots-lobby-phone").await?;
    player.set_viewport(Viewport::DESKTOP).await?;
    player.click(&format!("{listed} a")).await?;
    player
        .wait_for(r#"#profile[data-state="ok"][data-username="Engine-Bot"]"#)
        .await?;
    player.wait_for("#profile-bot:not([hidden])").await?;
    player.screenshot("bots-profile-desktop").await?;

    // Challenged, it accepts: the player is taken to the game as White.
    challenge(&player, "Engine-Bot", "5+3", "white", false, None).await?;
    player
        .wait_until("the game's address", async |p: &Browser| {
            let hash = p.js("return location.hash;").await?;
            Ok(hash.as_str().is_some_and(|h| h.starts_with("#/room/")))
        })
        .await?;
    player
        .wait_for_text("#mode-setting", "you play White")
        .await?;
    // Two moves legal whatever the engine answers; each answered by the engine.
    for (n, (from, to)) in [("a3", "a4"), ("h3", "h4")].into_iter().enumerate() {
        if let Err(e) = player.click_move(from, to).await {
            player.screenshot("bots-debug-fail").await?;
            return Err(e);
        }
        player.wait_for_plies(2 * n + 2).await?;
    }
    player.screenshot("bots-game-desktop").await?;
    player.wait_for("#btn-resign:not([hidden])").await?;
    player.click("#btn-resign").await?;
    common::wait_dialog(&player, "confirm", true).await?;
    player.click("#confirm-yes").await?;
    common::wait_dialog(&player, "game-over", true).await?;
    let said = player.text("#game-over").await?;
    ensure!(said.contains("Black wins"), "the result: {said}");
    ensure!(!runner.is_finished(), "the bot runner stopped");
    runner.abort();
    let _ = runner.await;
    player
        .assert_no_page_errors()
        .await
        .context("page errors")?;
    finish(player).await
}
