//! Seat tokens and game ids: 128 bits from the operating system's random number generator.
//!
//! A token is shown once, in the answer to the create call, and stored only as its SHA-256
//! hash. Lookups go through the hash, so the server never compares secret bytes directly and
//! a stolen database reveals no token.

use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::fmt;

/// The SHA-256 hash of a seat token: what the server keeps.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash(pub [u8; 32]);

impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenHash({}…)", &to_hex(&self.0)[..8])
    }
}

/// A fresh token: 128 random bits as 32 lowercase hex digits.
pub fn new_token() -> String {
    random_hex()
}

/// A fresh game id: 128 random bits as 32 lowercase hex digits (unguessable, so the spectator
/// link needs no further secret).
pub fn new_game_id() -> String {
    random_hex()
}

/// The token of a seat of game `game` that a rematch gives to whoever holds `old_token`, the
/// token of the same seat of the game before. Anyone with the old token can work it out, and
/// nobody else: the server stores neither token, only their hashes.
pub fn rematch_token(old_token: &str, game: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"tabletop rematch\0")
        .chain_update(old_token.as_bytes())
        .chain_update(b"\0")
        .chain_update(game.as_bytes())
        .finalize();
    to_hex(&digest[..16])
}

/// The hash under which `token` is stored.
pub fn hash_token(token: &str) -> TokenHash {
    TokenHash(Sha256::digest(token.as_bytes()).into())
}

fn random_hex() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    to_hex(&bytes)
}

fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_distinct() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn rematch_tokens_follow_from_the_old_token_and_the_new_game() {
        let t = rematch_token("a", "g1");
        assert_eq!(t.len(), 32);
        assert_eq!(t, rematch_token("a", "g1"));
        assert_ne!(t, rematch_token("b", "g1"));
        assert_ne!(t, rematch_token("a", "g2"));
    }

    #[test]
    fn hash_is_sha256() {
        // SHA-256("abc"), from FIPS 180-2.
        assert_eq!(
            to_hex(&hash_token("abc").0),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
