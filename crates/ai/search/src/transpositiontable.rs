//! The transposition table: one entry per slot, replaced by depth and age.

use crate::search::MATE_BOUND;
use messhall_rules::Move;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

/// A fixed-size hash table of search results.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one entry).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes * 1024 * 1024 / size_of::<Option<Entry>>()).max(1);
        TranspositionTable {
            entries: vec![None; count],
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.age = 0;
    }

    /// Marks the start of a new search (older entries are replaced first).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, its score adjusted from "mate from here" to "mate from the root".
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.entries[self.slot(key)]?;
        (e.key == key).then(|| Entry {
            score: from_tt(e.score, ply),
            ..e
        })
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound, ply: usize) {
        let slot = self.slot(key);
        let age = self.age;
        if let Some(old) = &self.entries[slot]
            && old.age == age
            && old.key != key
            && i32::from(old.depth) > depth
        {
            return;
        }
        let mv = mv.or_else(|| self.entries[slot].filter(|o| o.key == key).and_then(|o| o.mv));
        self.entries[slot] = Some(Entry {
            key,
            mv,
            score: to_tt(score, ply),
            depth: depth.clamp(-1, i32::from(i16::MAX)) as i16,
            bound,
            age,
        });
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
