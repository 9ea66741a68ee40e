//! Seeds for shared play: 256 bits from the operating system, so nobody can work out the dice
//! from the seed's few possible values. `--seed N` stays for reproducible local games and tests.

use messhall_dice::Seed;

/// A secret seed drawn from the operating system's random source.
///
/// # Panics
/// When the operating system cannot give random bytes at all (no source of entropy): no game
/// with hidden dice can be played safely then.
pub fn secret() -> Seed {
    let mut key = [0u8; 32];
    if let Err(e) = getrandom::fill(&mut key) {
        panic!("the operating system gives no random bytes for a secret seed: {e}");
    }
    Seed::from_key(key)
}

#[cfg(test)]
mod tests {
    #[test]
    fn secret_seeds_differ_and_are_not_numbers() {
        let (a, b) = (super::secret(), super::secret());
        assert_ne!(a, b);
        assert!(a.number().is_none() || b.number().is_none());
    }
}
