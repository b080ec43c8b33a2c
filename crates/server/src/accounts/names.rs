//! Names nobody may sign up with: the site's own words and names that would pass for staff
//! or for the computer. A name is compared with its case and its separators (`_`, `-`)
//! folded away, so `Ad_min` and `a-d-m-i-n` are as reserved as `admin` (uniqueness itself
//! only folds case, as lichess does).

use protocol::user::UserId;

/// Reserved names, in lower case without separators.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "system",
    "sysop",
    "staff",
    "moderator",
    "mod",
    "support",
    "help",
    "contact",
    "info",
    "security",
    "abuse",
    "api",
    "www",
    "web",
    "mail",
    "asean",
    "aseanchess",
    "makruk",
    "anonymous",
    "anon",
    "guest",
    "player",
    "ai",
    "computer",
    "engine",
    "bot",
    "stockfish",
    "null",
    "undefined",
    "none",
    "me",
    "you",
    "login",
    "logout",
    "signup",
    "signin",
    "account",
    "accounts",
    "settings",
    "profile",
    "user",
    "users",
    "lobby",
    "room",
    "rooms",
    "tournament",
    "team",
    "official",
];

/// `id` without its separators (`_`, `-`): what is compared with the reserved names.
fn folded(id: &UserId) -> String {
    id.as_str()
        .chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .collect()
}

/// Whether nobody may take `id`: its letters and digits, separators left out, are a
/// reserved name.
#[must_use]
pub fn is_reserved(id: &UserId) -> bool {
    RESERVED.contains(&folded(id).as_str())
}

/// Why a name that reads as a username is still not taken for a new account: it must begin
/// and end with a letter or a digit and have no two separators in a row, so that `-ab`,
/// `ab_` and `a__b` cannot pass for `ab` and `a_b` (names taken before these rules keep
/// working).
///
/// # Errors
/// The reason, for the sign-up's refusal.
pub fn check_new(name: &str) -> Result<(), &'static str> {
    let separator = |c: char| matches!(c, '_' | '-');
    if name.starts_with(separator) || name.ends_with(separator) {
        return Err("a username begins and ends with a letter or a digit");
    }
    if name
        .chars()
        .zip(name.chars().skip(1))
        .any(|(a, b)| separator(a) && separator(b))
    {
        return Err("a username has no two of _ and - in a row");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_names_begin_and_end_with_a_letter_or_digit_and_have_single_separators() {
        for good in ["ab", "a-b", "a_b", "Som_chai-99", "9lives"] {
            assert_eq!(check_new(good), Ok(()), "{good}");
        }
        for bad in [
            "--", "__", "_-", "-ab", "ab-", "_ab", "ab_", "a__b", "a-_b", "a--b",
        ] {
            assert!(check_new(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn reserved_without_regard_to_case() {
        let id = |s: &str| s.parse::<UserId>().expect("id");
        assert!(is_reserved(&id("Admin")));
        assert!(is_reserved(&id("GUEST")));
        assert!(!is_reserved(&id("somchai")));
        assert!(!is_reserved(&id("admin2")));
        // Every entry is a valid id in lower case without separators (else it could never
        // match).
        for r in RESERVED {
            assert_eq!(folded(&id(r)), *r);
        }
    }

    #[test]
    fn reserved_with_separators_folded() {
        let id = |s: &str| s.parse::<UserId>().expect("id");
        for name in [
            "ad_min",
            "Ad-min",
            "a-d_m-i_n",
            "_admin_",
            "ASEAN-chess",
            "Asean_Chess",
        ] {
            assert!(is_reserved(&id(name)), "{name}");
        }
        for name in ["ad_min2", "some-chai", "play_er1"] {
            assert!(!is_reserved(&id(name)), "{name}");
        }
    }
}
