//! Names nobody may sign up with: the site's own words and names that would pass for staff
//! or for the computer.

use protocol::user::UserId;

/// Reserved names, in lower case.
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
    "asean-chess",
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

/// Whether nobody may take `id`.
#[must_use]
pub fn is_reserved(id: &UserId) -> bool {
    RESERVED.contains(&id.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_without_regard_to_case() {
        let id = |s: &str| s.parse::<UserId>().expect("id");
        assert!(is_reserved(&id("Admin")));
        assert!(is_reserved(&id("GUEST")));
        assert!(!is_reserved(&id("somchai")));
        assert!(!is_reserved(&id("admin2")));
        // Every entry is a valid id in lower case (else it could never match).
        for r in RESERVED {
            assert_eq!(id(r).as_str(), *r);
        }
    }
}
