//! Secrets: seat tokens and join codes (256 bits from the operating system, given out once and
//! stored only as their SHA-256), and game ids.

use sha2::{Digest, Sha256};

/// A new secret: 32 random bytes from the operating system, as 64 hex digits.
///
/// # Errors
/// When the operating system gives no random bytes.
pub fn secret() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// A new game id: 12 random bytes as 24 hex digits (unguessable, so a game's URL is private to
/// those it is given to).
///
/// # Errors
/// When the operating system gives no random bytes.
pub fn game_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The stored form of a secret.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Whether `secret` is the one stored as `stored` (compared in constant time).
pub fn matches(secret: &str, stored: &str) -> bool {
    let given = hash(secret);
    given.len() == stored.len() && given.bytes().zip(stored.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_distinct_and_checked_by_their_hash() {
        let (a, b) = (secret().unwrap(), secret().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        let stored = hash(&a);
        assert_ne!(stored, a);
        assert!(matches(&a, &stored));
        assert!(!matches(&b, &stored));
        assert!(!matches("", &stored));
    }
}
