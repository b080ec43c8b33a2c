//! Accounts in the page, against the real server: a newcomer signs up from the top bar, stays
//! signed in across a reload, sees this device in the account view, signs out, and signs in
//! again after a wrong password; on a phone and on a desktop.

use e2e::{Browser, Viewport, start_app};

/// Types `text` into the field `selector` (cleared first).
async fn fill(browser: &Browser, selector: &str, text: &str) -> anyhow::Result<()> {
    let field = browser.find(selector).await?;
    field.clear().await?;
    field.send_keys(text).await?;
    Ok(())
}

async fn signed_in_as(browser: &Browser, name: &str) -> anyhow::Result<()> {
    browser
        .wait_for(&format!("#account-link[data-username=\"{name}\"]"))
        .await?;
    Ok(())
}

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
