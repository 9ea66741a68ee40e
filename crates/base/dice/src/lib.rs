//! Seeded randomness for messhall's games.
//!
//! Every random event of a game comes from a [`Dice`] source. [`SeededDice`] reads the raw ChaCha20
//! stream and turns it into numbers with this crate's own sampling (unbiased rejection sampling), so a
//! seed gives the same rolls in every version of messhall, whatever the `rand` crates do to their own
//! range helpers. [`ScriptedDice`] plays back chosen faces, for tests that need particular rolls.
//! [`Recorder`] wraps any source and keeps every outcome, and [`GameRecord`] stores a seed, a game's
//! setup, its actions and the outcomes, so a game can be replayed and checked.
//!
//! No number is drawn when there are zero or one options: `below(1)` and `pick` of a one-element
//! slice consume nothing from the stream.
//!
//! ```
//! use messhall_dice::{Dice, SeededDice};
//! let mut a = SeededDice::new(7);
//! let mut b = SeededDice::new(7);
//! let rolls: Vec<u8> = (0..5).map(|_| a.d6()).collect();
//! assert_eq!(rolls, (0..5).map(|_| b.d6()).collect::<Vec<u8>>());
//! assert!(rolls.iter().all(|r| (1..=6).contains(r)));
//! ```

#![warn(missing_docs)]

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A source of die rolls and uniform choices.
///
/// Only [`Dice::below`] must be written; everything else is built on it, so a scripted source and a
/// seeded source behave the same way.
pub trait Dice {
    /// A uniform number in `0..n`. For `n` of 0 or 1 it returns 0 and draws nothing.
    fn below(&mut self, n: u32) -> u32;

    /// One six-sided die, 1 to 6.
    fn d6(&mut self) -> u8 {
        // below(6) < 6, so the cast cannot truncate.
        (self.below(6) + 1) as u8
    }

    /// The sum of `count` dice with `sides` sides each (0 when `count` or `sides` is 0).
    fn roll(&mut self, count: u32, sides: u32) -> u32 {
        if sides == 0 {
            return 0;
        }
        (0..count).map(|_| self.below(sides) + 1).sum()
    }

    /// A uniform index into a collection of `len` items; `None` when `len` is 0. Nothing is drawn when
    /// `len` is 0 or 1.
    fn pick_index(&mut self, len: usize) -> Option<usize> {
        match len {
            0 => None,
            1 => Some(0),
            // More than u32::MAX options never happen in a game; clamp rather than panic.
            n => Some(self.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize),
        }
    }
}

impl<D: Dice + ?Sized> Dice for &mut D {
    fn below(&mut self, n: u32) -> u32 {
        (**self).below(n)
    }
}

/// Picks one element of `items` uniformly; `None` for an empty slice. Draws nothing for 0 or 1 items.
pub fn pick<'a, T, D: Dice + ?Sized>(dice: &mut D, items: &'a [T]) -> Option<&'a T> {
    dice.pick_index(items.len()).and_then(|i| items.get(i))
}

/// Shuffles `items` in place (Fisher-Yates from the end, using [`Dice::below`]).
pub fn shuffle<T, D: Dice + ?Sized>(dice: &mut D, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = dice.below(u32::try_from(i + 1).unwrap_or(u32::MAX)) as usize;
        items.swap(i, j);
    }
}

/// An unbiased number in `0..n` from a stream of 32-bit words, by rejection sampling.
///
/// Words at or above the largest multiple of `n` that fits in 2^32 are thrown away and the next word
/// is read, so every result is equally likely.
pub fn below_from_words(n: u32, mut next_word: impl FnMut() -> u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let span: u64 = 1 << 32;
    let limit = span - span % u64::from(n);
    loop {
        let word = u64::from(next_word());
        if word < limit {
            // word % n < n <= u32::MAX
            return (word % u64::from(n)) as u32;
        }
    }
}

/// The seed of a game's dice: the 32-byte ChaCha20 key.
///
/// A 64-bit number `n` (`--seed n`) is the key whose first eight bytes are `n` in little-endian
/// order and whose other bytes are zero; a secret seed for shared play fills all 32 bytes. Written
/// as the number when it is one (`42`), otherwise as 64 hexadecimal digits, so records keep the
/// form they were written in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed([u8; 32]);

impl Seed {
    /// The seed of the number `n`.
    pub const fn from_number(n: u64) -> Seed {
        let mut key = [0u8; 32];
        let bytes = n.to_le_bytes();
        let mut i = 0;
        while i < 8 {
            key[i] = bytes[i];
            i += 1;
        }
        Seed(key)
    }

    /// The seed whose key is `key`.
    pub const fn from_key(key: [u8; 32]) -> Seed {
        Seed(key)
    }

    /// The 32 bytes of the key.
    pub const fn key(&self) -> [u8; 32] {
        self.0
    }

    /// The number this seed was made from, when it was made from one.
    pub fn number(&self) -> Option<u64> {
        let (low, high) = self.0.split_at(8);
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(low);
        high.iter().all(|&b| b == 0).then(|| u64::from_le_bytes(bytes))
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number() {
            Some(n) => write!(f, "{n}"),
            None => self.0.iter().try_for_each(|b| write!(f, "{b:02x}")),
        }
    }
}

/// Why a seed's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedError(String);

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().take(40).collect();
        let more = if self.0.chars().count() > 40 { "..." } else { "" };
        write!(
            f,
            "seed \"{shown}{more}\": expected a number up to 18446744073709551615 or 64 hexadecimal digits"
        )
    }
}

impl std::error::Error for SeedError {}

impl FromStr for Seed {
    type Err = SeedError;

    fn from_str(text: &str) -> Result<Seed, SeedError> {
        let text = text.trim();
        if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            let mut key = [0u8; 32];
            for (i, byte) in key.iter_mut().enumerate() {
                *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| SeedError(text.into()))?;
            }
            return Ok(Seed(key));
        }
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return text
                .parse::<u64>()
                .map(Seed::from_number)
                .map_err(|_| SeedError(text.into()));
        }
        Err(SeedError(text.into()))
    }
}

impl Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.number() {
            Some(n) => serializer.serialize_u64(n),
            None => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Number(u64),
            Text(String),
        }
        match Form::deserialize(deserializer)? {
            Form::Number(n) => Ok(Seed::from_number(n)),
            Form::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// Dice driven by ChaCha20 from a [`Seed`]. The same seed gives the same rolls forever.
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: Seed,
    rng: ChaCha20Rng,
}

impl SeededDice {
    /// Dice for the number `seed`. The 32-byte ChaCha20 key is the seed's eight little-endian bytes
    /// followed by zeros (our own expansion, so it cannot change with the `rand` crates).
    pub fn new(seed: u64) -> Self {
        SeededDice::from_seed(Seed::from_number(seed))
    }

    /// Dice for any seed, a secret 256-bit one included.
    pub fn from_seed(seed: Seed) -> Self {
        SeededDice {
            seed,
            rng: ChaCha20Rng::from_seed(seed.key()),
        }
    }

    /// Dice for `seed` drawing from its numbered `stream`: stream 0 is [`SeededDice::from_seed`]'s,
    /// every other number a stream of its own that no other number's draws can foretell (ChaCha20's
    /// stream selector). A table takes a new stream after a take-back, so the rolls a player saw
    /// before taking a move back do not come again.
    pub fn from_seed_stream(seed: Seed, stream: u64) -> Self {
        let mut dice = SeededDice::from_seed(seed);
        dice.rng.set_stream(stream);
        dice
    }

    /// The number these dice were made from (the key's first eight bytes, for a 256-bit seed).
    pub fn seed(&self) -> u64 {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.seed.key()[..8]);
        u64::from_le_bytes(bytes)
    }

    /// The whole seed.
    pub fn full_seed(&self) -> Seed {
        self.seed
    }

    /// The next raw 32-bit word of the stream.
    pub fn next_word(&mut self) -> u32 {
        self.rng.next_u32()
    }
}

impl Dice for SeededDice {
    fn below(&mut self, n: u32) -> u32 {
        let rng = &mut self.rng;
        below_from_words(n, || rng.next_u32())
    }
}

/// Dice that play back faces chosen by a test, then fall back to a seeded stream.
///
/// Each scripted value is a face counted from 1: for `d6()` it is the face shown, for `below(n)` the
/// value `v` gives `v - 1`, and for a pick it chooses the `v`-th option. A value out of range wraps
/// around (`(v - 1) % n`). Calls with 0 or 1 options consume no script value, as with seeded dice.
#[derive(Clone, Debug)]
pub struct ScriptedDice {
    script: VecDeque<u32>,
    used: usize,
    fallback: SeededDice,
}

impl ScriptedDice {
    /// Dice that give `faces` in order, then seeded rolls from seed 0.
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        ScriptedDice {
            script: faces.into_iter().collect(),
            used: 0,
            fallback: SeededDice::new(0),
        }
    }

    /// Appends more faces to the script.
    pub fn push(&mut self, faces: impl IntoIterator<Item = u32>) {
        self.script.extend(faces);
    }

    /// How many scripted faces are still waiting.
    pub fn remaining(&self) -> usize {
        self.script.len()
    }

    /// How many scripted faces have been used.
    pub fn used(&self) -> usize {
        self.used
    }
}

impl Dice for ScriptedDice {
    fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        match self.script.pop_front() {
            Some(face) => {
                self.used += 1;
                face.saturating_sub(1) % n
            }
            None => self.fallback.below(n),
        }
    }
}

/// One outcome drawn from a [`Dice`] source: `value` in `0..options`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    /// How many options there were.
    pub options: u32,
    /// Which one came out, counted from 0.
    pub value: u32,
}

/// Wraps a [`Dice`] source and keeps every draw that consumed randomness.
#[derive(Clone, Debug)]
pub struct Recorder<D> {
    inner: D,
    draws: Vec<Draw>,
}

impl<D: Dice> Recorder<D> {
    /// Starts recording the draws of `inner`.
    pub fn new(inner: D) -> Self {
        Recorder {
            inner,
            draws: Vec::new(),
        }
    }

    /// The draws so far.
    pub fn draws(&self) -> &[Draw] {
        &self.draws
    }

    /// The inner source (to change it for another while the draws go on being kept).
    pub fn inner_mut(&mut self) -> &mut D {
        &mut self.inner
    }

    /// Gives back the inner source and the draws.
    pub fn into_parts(self) -> (D, Vec<Draw>) {
        (self.inner, self.draws)
    }
}

impl<D: Dice> Dice for Recorder<D> {
    fn below(&mut self, n: u32) -> u32 {
        let value = self.inner.below(n);
        if n > 1 {
            self.draws.push(Draw { options: n, value });
        }
        value
    }
}

/// A replayable game: the seed, the game's setup, every action in order, and (optionally) the
/// outcomes the dice gave, so a replay can prove it saw the same rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord<Setup, Action> {
    /// The seed of the game's [`SeededDice`].
    pub seed: u64,
    /// Everything chosen before the first action (players, options, …).
    pub setup: Setup,
    /// The actions of the players, in order.
    pub actions: Vec<Action>,
    /// The draws the dice gave while the game was played (empty if not kept).
    #[serde(default)]
    pub draws: Vec<Draw>,
}

impl<Setup, Action> GameRecord<Setup, Action> {
    /// An empty record for a game about to start.
    pub fn new(seed: u64, setup: Setup) -> Self {
        GameRecord {
            seed,
            setup,
            actions: Vec::new(),
            draws: Vec::new(),
        }
    }
}

#[cfg(test)]
mod seed_tests {
    use super::*;

    #[test]
    fn a_number_seed_is_the_old_key_and_reads_back() {
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::from_seed("42".parse().unwrap());
        assert_eq!(a.next_word(), b.next_word());
        let secret = Seed::from_key([7; 32]);
        let text = secret.to_string();
        assert_eq!(text.len(), 64);
        assert_eq!(text.parse::<Seed>().unwrap(), secret);
        assert_eq!(Seed::from_number(9).to_string(), "9");
        for bad in ["", "-1", "0x12", "18446744073709551616", &"g".repeat(64)] {
            assert!(bad.parse::<Seed>().is_err(), "{bad}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the stream: if these change, every recorded game changes meaning.
    #[test]
    fn seed_42_first_values_are_pinned() {
        let mut dice = SeededDice::new(42);
        let d6: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        let below: Vec<u32> = (0..6).map(|_| dice.below(1000)).collect();
        let mut raw = SeededDice::new(42);
        let words: Vec<u32> = (0..3).map(|_| raw.next_word()).collect();
        assert_eq!(words, PINNED_WORDS);
        assert_eq!(d6, PINNED_D6);
        assert_eq!(below, PINNED_BELOW);
    }

    const PINNED_WORDS: [u32; 3] = [652_572_191, 1_793_264_209, 1_552_637_026];
    const PINNED_D6: [u8; 12] = [6, 2, 5, 2, 1, 4, 1, 5, 2, 2, 1, 2];
    const PINNED_BELOW: [u32; 6] = [222, 638, 423, 965, 106, 757];

    /// Pins the streams a take-back moves to: stream 0 is the seed's own, others differ.
    #[test]
    fn streams_are_pinned() {
        let words = |mut dice: SeededDice| -> Vec<u32> { (0..3).map(|_| dice.next_word()).collect() };
        let seed = Seed::from_number(42);
        assert_eq!(words(SeededDice::from_seed_stream(seed, 0)), PINNED_WORDS);
        assert_eq!(words(SeededDice::from_seed_stream(seed, 1)), PINNED_STREAM_1);
        assert_ne!(words(SeededDice::from_seed_stream(seed, 2)), PINNED_STREAM_1);
    }

    const PINNED_STREAM_1: [u32; 3] = [280_335_053, 2_750_884_921, 3_685_515_547];

    #[test]
    fn no_draw_for_zero_or_one_option() {
        let mut a = SeededDice::new(5);
        let mut b = SeededDice::new(5);
        assert_eq!(a.below(0), 0);
        assert_eq!(a.below(1), 0);
        assert_eq!(pick(&mut a, &[9]), Some(&9));
        assert_eq!(pick::<u8, _>(&mut a, &[]), None);
        assert_eq!(a.next_word(), b.next_word());
    }

    #[test]
    fn rejection_sampling_skips_the_biased_tail() {
        // n = 3: 2^32 % 3 == 1, so only the word u32::MAX is rejected.
        let mut words = [u32::MAX, 7].into_iter();
        assert_eq!(below_from_words(3, || words.next().unwrap_or(0)), 1);
        let mut words = [u32::MAX - 1].into_iter();
        assert_eq!(below_from_words(3, || words.next().unwrap_or(0)), (u32::MAX - 1) % 3);
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut dice = SeededDice::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[dice.below(6) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (9_400..10_600).contains(&c)), "{counts:?}");
    }

    #[test]
    fn roll_sums_dice() {
        let mut dice = ScriptedDice::new([6, 6, 1]);
        assert_eq!(dice.roll(3, 6), 13);
        assert_eq!(dice.roll(0, 6), 0);
        assert_eq!(dice.roll(2, 0), 0);
    }

    #[test]
    fn scripted_faces_then_fallback() {
        let mut dice = ScriptedDice::new([3, 6, 2, 8]);
        assert_eq!(dice.d6(), 3);
        assert_eq!(dice.d6(), 6);
        assert_eq!(pick(&mut dice, &['a', 'b', 'c']), Some(&'b'));
        assert_eq!(dice.below(1), 0);
        assert_eq!(dice.remaining(), 1);
        assert_eq!(dice.d6(), 2, "8 wraps to face 2");
        assert_eq!(dice.used(), 4);
        let mut seeded = SeededDice::new(0);
        assert_eq!(dice.d6(), seeded.d6());
    }

    #[test]
    fn recorder_keeps_real_draws_only() {
        let mut rec = Recorder::new(ScriptedDice::new([4, 2]));
        assert_eq!(rec.d6(), 4);
        assert_eq!(rec.below(1), 0);
        assert_eq!(rec.below(2), 1);
        assert_eq!(
            rec.draws(),
            &[Draw { options: 6, value: 3 }, Draw { options: 2, value: 1 }]
        );
    }

    #[test]
    fn shuffle_is_a_permutation_and_replays() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        shuffle(&mut SeededDice::new(9), &mut a);
        shuffle(&mut SeededDice::new(9), &mut b);
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<u32>>());
        assert_ne!(a, sorted);
    }
}
