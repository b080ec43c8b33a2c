//! Passwords: argon2id hashes with OWASP's parameters, computed off the async runtime and a
//! few at a time.
//!
//! OWASP's Password Storage Cheat Sheet recommends argon2id with 19 MiB of memory, two passes
//! and one lane (m=19456, t=2, p=1): about 20 ms of one core here, and 19 MiB while it runs.
//! [`Hasher`] runs hashes and checks on Tokio's blocking threads, at most as many at once as
//! the machine has cores ([`Hasher::new`]), so a flood of sign-ins costs a bounded amount of
//! memory and leaves the game's tasks their threads. A check for an account that does not
//! exist runs against a hash made at start-up ([`Hasher::verify_or_dummy`]), so it takes as
//! long as a wrong password.

use std::sync::Arc;
use std::time::Duration;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// The shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;
/// The longest password, in bytes (hashing cost does not grow with it, but a request body
/// has no business being larger).
pub const MAX_PASSWORD: usize = 256;
/// How long a request waits for a free hashing slot before it is refused.
const SLOT_WAIT: Duration = Duration::from_secs(10);

/// Why a password is refused before any hashing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordError {
    /// Fewer than [`MIN_PASSWORD`] characters.
    TooShort,
    /// More than [`MAX_PASSWORD`] bytes.
    TooLong,
}

impl std::fmt::Display for PasswordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PasswordError::TooShort => {
                write!(f, "a password has at least {MIN_PASSWORD} characters")
            }
            PasswordError::TooLong => write!(f, "a password has at most {MAX_PASSWORD} bytes"),
        }
    }
}

/// Checks a new password's length.
///
/// # Errors
/// [`PasswordError`] when it is too short or too long.
pub fn check_new(password: &str) -> Result<(), PasswordError> {
    if password.len() > MAX_PASSWORD {
        Err(PasswordError::TooLong)
    } else if password.chars().count() < MIN_PASSWORD {
        Err(PasswordError::TooShort)
    } else {
        Ok(())
    }
}

/// The hasher is busy beyond [`SLOT_WAIT`], or a hashing task failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Busy(pub String);

/// argon2id with OWASP's parameters.
fn argon2() -> Argon2<'static> {
    // The parameters are constants within argon2's bounds: `Params::new` cannot fail on them.
    let params = Params::new(19_456, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes `password` with a fresh random salt, as a PHC string
/// (`$argon2id$v=19$m=19456,t=2,p=1$...`).
fn hash_now(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no random salt: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` matches the PHC string `hash` (a malformed hash matches nothing).
fn verify_now(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| argon2().verify_password(password.as_bytes(), &h).is_ok())
}

/// Hashes and checks passwords on blocking threads, a few at a time.
#[derive(Debug, Clone)]
pub struct Hasher {
    slots: Arc<Semaphore>,
    /// A hash of a random password, checked for accounts that do not exist.
    dummy: Arc<str>,
}

impl Hasher {
    /// A hasher running at most as many hashes at once as the machine has cores.
    ///
    /// # Errors
    /// When no random number can be had for the dummy hash.
    pub fn new() -> Result<Hasher, String> {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let mut random = [0u8; 24];
        getrandom::fill(&mut random).map_err(|e| format!("no random bytes: {e}"))?;
        Ok(Hasher {
            slots: Arc::new(Semaphore::new(cores.min(16))),
            dummy: hash_now(&hex::encode(random))?.into(),
        })
    }

    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let permit = tokio::time::timeout(SLOT_WAIT, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| Busy("too many sign-ins at once".into()))?
            .map_err(|_| Busy("the hasher is closed".into()))?;
        let out = tokio::task::spawn_blocking(move || {
            let out = f();
            drop(permit);
            out
        })
        .await
        .map_err(|e| Busy(format!("the hashing task failed: {e}")))?;
        Ok(out)
    }

    /// The PHC string of `password` with a fresh salt.
    ///
    /// # Errors
    /// [`Busy`] when no slot frees up in time or hashing fails.
    pub async fn hash(&self, password: &str) -> Result<String, Busy> {
        let password = password.to_owned();
        self.run(move || hash_now(&password)).await?.map_err(Busy)
    }

    /// Whether `password` matches `hash`; with no hash (no such account, or a closed one)
    /// the check runs against the dummy hash and answers `false`, taking as long.
    ///
    /// # Errors
    /// [`Busy`] when no slot frees up in time.
    pub async fn verify_or_dummy(&self, hash: Option<&str>, password: &str) -> Result<bool, Busy> {
        let (hash, real) = match hash {
            Some(h) => (h.to_owned(), true),
            None => (self.dummy.to_string(), false),
        };
        let password = password.to_owned();
        let ok = self.run(move || verify_now(&hash, &password)).await?;
        Ok(ok && real)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths() {
        assert_eq!(check_new("1234567"), Err(PasswordError::TooShort));
        assert_eq!(check_new("12345678"), Ok(()));
        // Characters, not bytes: eight Thai letters are a long enough password.
        assert_eq!(check_new("สมชายสมชาย"), Ok(()));
        assert_eq!(check_new(&"x".repeat(257)), Err(PasswordError::TooLong));
    }

    #[tokio::test]
    async fn hashes_are_argon2id_with_owasp_parameters_and_salted() {
        let h = Hasher::new().expect("hasher");
        let a = h.hash("correct horse").await.expect("hash");
        let b = h.hash("correct horse").await.expect("hash");
        assert!(a.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{a}");
        assert_ne!(a, b, "a fresh salt each time");
        assert!(
            h.verify_or_dummy(Some(&a), "correct horse")
                .await
                .expect("check")
        );
        assert!(
            !h.verify_or_dummy(Some(&a), "correct horsE")
                .await
                .expect("check")
        );
        assert!(
            !h.verify_or_dummy(Some("not a hash"), "x")
                .await
                .expect("check")
        );
        // No account: the dummy hash is checked, and the answer is no even for its password.
        assert!(
            !h.verify_or_dummy(None, "correct horse")
                .await
                .expect("check")
        );
    }
}
