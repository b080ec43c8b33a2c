//! The scopes of a personal API token, as lichess names them: what a request made with the
//! token may do. A token carries a set of them ([`Scope`]); a request whose route needs a
//! scope the token lacks is refused (403).
//!
//! ```
//! use protocol::scope::{Scope, UnknownScope};
//!
//! let s: Scope = "board:play".parse().unwrap();
//! assert_eq!(s, Scope::BoardPlay);
//! assert_eq!(s.to_string(), "board:play");
//! assert_eq!("email:read".parse::<Scope>(), Err(UnknownScope("email:read".into())));
//! ```

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One scope of a token. Serialized as its lichess name (`board:play`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// `board:play`: play games with the Board API (a physical board, a person at an app).
    BoardPlay,
    /// `bot:play`: play games with the Bot API (an engine on a bot account).
    BotPlay,
    /// `challenge:read`: read incoming challenges.
    ChallengeRead,
    /// `challenge:write`: send, accept and decline challenges.
    ChallengeWrite,
    /// `preference:read`: read the account's preferences.
    PreferenceRead,
}

impl Scope {
    /// Every scope, in the order the page lists them.
    pub const ALL: [Scope; 5] = [
        Scope::BoardPlay,
        Scope::BotPlay,
        Scope::ChallengeRead,
        Scope::ChallengeWrite,
        Scope::PreferenceRead,
    ];

    /// The lichess name (`board:play`...).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Scope::BoardPlay => "board:play",
            Scope::BotPlay => "bot:play",
            Scope::ChallengeRead => "challenge:read",
            Scope::ChallengeWrite => "challenge:write",
            Scope::PreferenceRead => "preference:read",
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no [`Scope`] (the name as given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownScope(pub String);

impl fmt::Display for UnknownScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown scope {:?}: the scopes are board:play, bot:play, challenge:read, \
             challenge:write and preference:read",
            self.0
        )
    }
}

impl std::error::Error for UnknownScope {}

impl FromStr for Scope {
    type Err = UnknownScope;

    fn from_str(s: &str) -> Result<Scope, UnknownScope> {
        Scope::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or_else(|| UnknownScope(s.to_owned()))
    }
}

impl Serialize for Scope {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Scope {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scope, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scope_round_trips_and_others_are_named_in_the_error() {
        for s in Scope::ALL {
            assert_eq!(s.as_str().parse::<Scope>(), Ok(s));
            assert_eq!(
                serde_json::to_string(&s).ok(),
                Some(format!("\"{}\"", s.as_str()))
            );
        }
        for bad in ["", "board", "BOARD:PLAY", "board:play ", "email:read"] {
            let e = bad.parse::<Scope>().expect_err(bad);
            assert!(e.to_string().contains(&format!("{bad:?}")), "{e}");
        }
        assert!(serde_json::from_str::<Scope>("\"web:mod\"").is_err());
    }
}
