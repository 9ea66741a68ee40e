//! Seeded randomness for levels, openings and the baseline players: ChaCha20, with our own
//! sampling so results do not change with a `rand` release.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// A seeded random source.
#[derive(Clone, Debug)]
pub struct SearchRng(ChaCha20Rng);

impl SearchRng {
    /// A source that starts from `seed`: the same seed gives the same numbers on every machine.
    pub fn new(seed: u64) -> SearchRng {
        SearchRng(ChaCha20Rng::seed_from_u64(seed))
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// The next 64 random bits (two draws of 32).
    pub fn next_u64(&mut self) -> u64 {
        (u64::from(self.0.next_u32()) << 32) | u64::from(self.0.next_u32())
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift with rejection (no bias).
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }
}
