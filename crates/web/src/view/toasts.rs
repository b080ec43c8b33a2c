//! `#toasts`: short messages that leave by themselves.

use crate::dom;

/// Shows `text` for a few seconds (6 s for a problem, 2.6 s otherwise); `error` styles it as a
/// problem. Taps go through a toast to what is under it (only its link takes them), so a toast
/// over a button never blocks it. Toasts are announced politely to screen readers. A toast with the same text already
/// on screen is refreshed (its timer starts again) rather than repeated, and at most two are
/// shown.
pub fn show(text: &str, error: bool) {
    show_toast(text, error);
}

/// Shows the problem `text` with a link to the sign-in view (`#/account`, `a.toast-link`)
/// reading `link`, for refusals that signing in solves.
pub fn show_sign_in(text: &str, link: &str) {
    let Some(t) = show_toast(text, true) else {
        return;
    };
    if t.query_selector("a.toast-link").ok().flatten().is_some() {
        return;
    }
    if let Some(a) = dom::el("a", "toast-link") {
        dom::set_attr(&a, "href", "#/account");
        dom::set_text(&a, link);
        let _ = t.append_with_str_1(" ");
        let _ = t.append_child(&a);
    }
}

/// [`show`], answering the toast shown.
fn show_toast(text: &str, error: bool) -> Option<web_sys::Element> {
    let area = dom::by_id("toasts")?;
    let mut same = None;
    let mut child = area.first_element_child();
    while let Some(c) = child {
        child = c.next_element_sibling();
        if c.get_attribute("data-text").as_deref() == Some(text) {
            same = Some(c);
        }
    }
    let t = match same {
        Some(t) => {
            dom::set_class(&t, "leaving", false);
            dom::set_class(&t, "error", error);
            t
        }
        None => {
            let t = dom::el("div", if error { "toast error" } else { "toast" })?;
            dom::set_text(&t, text);
            dom::set_attr(&t, "data-text", text);
            // Keep at most two on screen.
            while area.child_element_count() >= 2 {
                match area.first_element_child() {
                    Some(old) => old.remove(),
                    None => break,
                }
            }
            let _ = area.append_child(&t);
            t
        }
    };
    // Each showing gets a generation: only the timer of the latest one removes the toast.
    let generation = t
        .get_attribute("data-gen")
        .and_then(|g| g.parse::<u32>().ok())
        .unwrap_or(0)
        .wrapping_add(1)
        .to_string();
    dom::set_attr(&t, "data-gen", &generation);
    let shown = t.clone();
    dom::after_ms(if error { 6000 } else { 2600 }, move || {
        if t.get_attribute("data-gen").as_deref() != Some(generation.as_str()) {
            return;
        }
        dom::set_class(&t, "leaving", true);
        dom::after_ms(300, move || {
            if t.get_attribute("data-gen").as_deref() == Some(generation.as_str()) {
                t.remove();
            }
        });
    });
    Some(shown)
}
