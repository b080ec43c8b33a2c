//! Challenges between accounts in the page, against the real server: a signed-in player
//! challenges another from their profile (3+2, White, rated); the other sees it on whatever
//! screen they are, with its terms, and accepts; both land in the game with the colours asked
//! and play. A second challenge is declined (the challenger is told and the list empties)
//! and a third withdrawn (it leaves the other player's list). Screenshots at 360x640 (the
//! challenge received) and 1280x800 (the form, then the challenge sent).

mod common;

use anyhow::ensure;
use common::{finish, sign_up};
use e2e::{Browser, TestServer, Viewport};

/// Opens `name`'s profile and sends a challenge with the form's `clock` and `color`, rated
/// or not; waits until the page lists it as sent.
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
    b.wait_for("#challenges:not([hidden]) li.challenge[data-direction=\"out\"]")
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
