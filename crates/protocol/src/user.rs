//! Players' names: a [`Username`] as its player wrote it, and its [`UserId`], the same name
//! in lower case, which is what is unique (`Alice` and `alice` are one account) and what
//! URLs and the store use.
//!
//! ```
//! use protocol::user::{Username, UsernameError};
//!
//! let name: Username = "Som_Chai-99".parse().unwrap();
//! assert_eq!(name.id().as_str(), "som_chai-99");
//! assert_eq!("x".parse::<Username>(), Err(UsernameError::Length(1)));
//! assert_eq!("no spaces".parse::<Username>(), Err(UsernameError::Character(' ')));
//! ```

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize};

/// The shortest username, in characters.
pub const MIN_USERNAME: usize = 2;
/// The longest username, in characters.
pub const MAX_USERNAME: usize = 20;

/// A player's name as they wrote it: 2 to 20 of `A-Z a-z 0-9 _ -`. Serialized as the
/// string; reading one checks it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Username(String);

/// An account's id: its [`Username`] in lower case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct UserId(String);

/// Why a text is not a username.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsernameError {
    /// Shorter than [`MIN_USERNAME`] or longer than [`MAX_USERNAME`] (the length found, in
    /// characters).
    Length(usize),
    /// A character other than `A-Z a-z 0-9 _ -`.
    Character(char),
}

impl fmt::Display for UsernameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsernameError::Length(n) => write!(
                f,
                "a username has {MIN_USERNAME} to {MAX_USERNAME} characters, not {n}"
            ),
            UsernameError::Character(c) => write!(
                f,
                "a username has only letters A-Z, digits, _ and -, not {c:?}"
            ),
        }
    }
}

impl std::error::Error for UsernameError {}

impl Username {
    /// The account id of this name (lower case).
    #[must_use]
    pub fn id(&self) -> UserId {
        UserId(self.0.to_ascii_lowercase())
    }

    /// The name as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Username {
    type Err = UsernameError;

    fn from_str(s: &str) -> Result<Username, UsernameError> {
        if let Some(c) = s
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
        {
            return Err(UsernameError::Character(c));
        }
        // ASCII only from here: bytes are characters.
        if !(MIN_USERNAME..=MAX_USERNAME).contains(&s.len()) {
            return Err(UsernameError::Length(s.len()));
        }
        Ok(Username(s.to_owned()))
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Username {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Username, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl UserId {
    /// The id as text (lower case).
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Reads an id: a username in lower case ([`Username`]'s rules; upper-case letters are
/// lowered, as lichess reads `/@/Alice`).
impl FromStr for UserId {
    type Err = UsernameError;

    fn from_str(s: &str) -> Result<UserId, UsernameError> {
        Ok(s.parse::<Username>()?.id())
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for UserId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UserId, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_by_length_and_alphabet() {
        let table: &[(&str, Result<&str, UsernameError>)] = &[
            ("ab", Ok("ab")),
            ("A_b-9", Ok("a_b-9")),
            ("abcdefghij0123456789", Ok("abcdefghij0123456789")),
            ("abcdefghij0123456789x", Err(UsernameError::Length(21))),
            ("a", Err(UsernameError::Length(1))),
            ("", Err(UsernameError::Length(0))),
            ("a b", Err(UsernameError::Character(' '))),
            ("émile", Err(UsernameError::Character('é'))),
            ("ab.cd", Err(UsernameError::Character('.'))),
            ("ab\0", Err(UsernameError::Character('\0'))),
            ("สมชาย", Err(UsernameError::Character('ส'))),
        ];
        for (text, want) in table {
            let got = text.parse::<Username>().map(|u| u.id().as_str().to_owned());
            assert_eq!(got, want.map(str::to_owned), "{text:?}");
        }
    }

    #[test]
    fn json_is_the_string_and_reading_checks_it() {
        let u: Username = "Alice".parse().expect("name");
        assert_eq!(serde_json::to_string(&u).expect("json"), "\"Alice\"");
        assert_eq!(
            serde_json::from_str::<Username>("\"Alice\"").expect("read"),
            u
        );
        assert!(serde_json::from_str::<Username>("\"a\"").is_err());
        assert_eq!(
            serde_json::from_str::<UserId>("\"Alice\"").expect("read"),
            u.id()
        );
    }
}
