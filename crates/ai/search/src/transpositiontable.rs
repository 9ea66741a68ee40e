//! The transposition table: one entry per slot, replaced by depth and age.

use crate::search::MATE_BOUND;
use messhall_rules::Move;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is this.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
/// One stored search result.
pub struct Entry {
    /// The position's full key (the slot is chosen by its low bits).
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// The score, mates counted from this position.
    pub score: i32,
    /// The depth searched.
    pub depth: i16,
    /// What the score says about the true score.
    pub bound: Bound,
    age: u8,
}

/// A fixed-size hash table of search results.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    age: u8,
}

/// A table the process could not allocate, and the largest that it could.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a hash table of {wanted_mb} MB cannot be had here; {available_mb} MB could be")]
pub struct HashError {
    /// The size asked for.
    pub wanted_mb: usize,
    /// The largest power of two of MB (or 0) that could be allocated when it was asked for.
    pub available_mb: usize,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one entry); where that much cannot be had, the
    /// largest that can (see [`TranspositionTable::try_new`] to refuse instead).
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable::try_new(megabytes)
            .or_else(|e| TranspositionTable::try_new(e.available_mb))
            .unwrap_or_else(|_| TranspositionTable::with_entries(Vec::from([None])))
    }

    /// A table of about `megabytes` MB (at least one entry), allocated without aborting the
    /// process when the memory is not there.
    ///
    /// # Errors
    /// [`HashError`] with the largest size that could be had, when the allocation fails.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, HashError> {
        match entries(megabytes) {
            Some(entries) => Ok(TranspositionTable::with_entries(entries)),
            None => {
                let mut available_mb = megabytes.checked_next_power_of_two().unwrap_or(1 << (usize::BITS - 1)) / 2;
                while available_mb > 0 && !can_reserve(available_mb) {
                    available_mb /= 2;
                }
                Err(HashError {
                    wanted_mb: megabytes,
                    available_mb,
                })
            }
        }
    }

    fn with_entries(entries: Vec<Option<Entry>>) -> TranspositionTable {
        TranspositionTable { entries, age: 0 }
    }

    /// Empties every slot.
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

    /// Stores a result for `key` found at `ply` (mate scores made relative to this position), unless
    /// the slot holds another position's deeper result of this search. Without a move, the slot's
    /// move for the same key is kept.
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

/// The entries of a table of about `megabytes` MB (at least one), reserved but not yet written,
/// or `None` when the allocation fails (or the size does not fit the address space).
fn reserve(megabytes: usize) -> Option<(Vec<Option<Entry>>, usize)> {
    let bytes = megabytes.checked_mul(1024 * 1024)?;
    let count = (bytes / size_of::<Option<Entry>>()).max(1);
    let mut entries = Vec::new();
    entries.try_reserve_exact(count).ok()?;
    Some((entries, count))
}

/// Whether a table of `megabytes` MB could be allocated now (nothing is written to it).
fn can_reserve(megabytes: usize) -> bool {
    reserve(megabytes).is_some()
}

/// The empty entries of a table of about `megabytes` MB, or `None` as [`reserve`].
fn entries(megabytes: usize) -> Option<Vec<Option<Entry>>> {
    let (mut entries, count) = reserve(megabytes)?;
    entries.resize(count, None);
    Some(entries)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_beyond_the_address_space_is_an_error_not_an_abort() {
        // More bytes than a 64-bit address space holds: refused at the multiplication or the
        // allocation, with a size that could be had instead.
        let e = TranspositionTable::try_new(usize::MAX / 1024).unwrap_err();
        assert_eq!(e.wanted_mb, usize::MAX / 1024);
        assert!(e.available_mb > 0 && e.available_mb < e.wanted_mb, "{e:?}");
        assert!(e.to_string().contains("MB could be"), "{e}");
        assert_eq!(
            TranspositionTable::try_new(1).unwrap().entries.len(),
            1024 * 1024 / size_of::<Option<Entry>>()
        );
    }
}
