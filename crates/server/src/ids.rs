//! Random identifiers from the operating system's random source: room ids, seat secrets and
//! node ids. A leaf: it uses nothing else of the server.

/// Bytes of a seat's secret (32 hex digits).
pub const SECRET_BYTES: usize = 16;

/// `n` random bytes from the operating system, in lowercase hex (`2 * n` digits).
///
/// # Panics
/// If the operating system's random source fails (nothing sensible can go on then).
#[must_use]
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    hex::encode(bytes)
}

/// A new seat secret: [`SECRET_BYTES`] random bytes in hex.
///
/// # Panics
/// If the operating system's random source fails.
#[must_use]
pub fn random_secret() -> String {
    random_hex(SECRET_BYTES)
}

/// A new random room id.
///
/// # Panics
/// If the operating system's random source fails.
#[must_use]
pub fn random_room_id() -> protocol::RoomId {
    let mut bytes = [0u8; protocol::ROOM_ID_LEN / 2];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    protocol::RoomId::from_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_has_two_lowercase_digits_a_byte_and_differs_between_calls() {
        let a = random_hex(8);
        assert_eq!(a.len(), 16);
        assert!(
            a.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
            "{a}"
        );
        assert_ne!(a, random_hex(8));
        assert_eq!(random_secret().len(), 2 * SECRET_BYTES);
        assert_ne!(random_room_id(), random_room_id());
    }
}
