//! The transposition table: one entry per slot, replaced by depth and age, shared by every thread
//! of a search.
//!
//! A slot is three atomic words: the entry's data in two (the move; the score, depth, bound and
//! age) and its key XORed with both in the third. Threads read and write slots without locks
//! (relaxed loads and stores), so one thread may read a slot while another writes it and see
//! words of two entries; the key then no longer matches (its XOR with the data words gives
//! another key) and the slot reads as a miss. The rare torn slot that does match costs only a
//! poor move order or bound: the table's move is looked up among the legal moves before it is
//! played, never played blindly.

use crate::search::MATE_BOUND;
use messhall_geometry::Square;
use messhall_rules::{Move, MoveKind, Role};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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

/// A fixed-size hash table of search results, safe to share between threads (`&self` methods).
#[derive(Debug)]
pub struct TranspositionTable {
    slots: Vec<Slot>,
    age: AtomicU8,
}

/// One entry: `[key ^ move ^ data, move, data]` (all 0: empty). Three words, as many bytes as
/// the entry they hold, so a table of a given size has as many slots as before it was shared.
type Slot = [AtomicU64; 3];

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
            .unwrap_or_else(|_| TranspositionTable::with_slots(vec![empty_slot()]))
    }

    /// A table of about `megabytes` MB (at least one entry), allocated without aborting the
    /// process when the memory is not there.
    ///
    /// # Errors
    /// [`HashError`] with the largest size that could be had, when the allocation fails.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, HashError> {
        match slots(megabytes) {
            Some(slots) => Ok(TranspositionTable::with_slots(slots)),
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

    fn with_slots(slots: Vec<Slot>) -> TranspositionTable {
        TranspositionTable {
            slots,
            age: AtomicU8::new(0),
        }
    }

    /// Empties the table (between games; no search may run meanwhile for it to be empty after).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.iter().for_each(|w| w.store(0, Ordering::Relaxed));
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search (older entries are replaced first).
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((u128::from(key) * self.slots.len() as u128) >> 64) as usize]
    }

    /// The entry in `slot` with its full key, `None` when the slot is empty.
    #[inline]
    fn read(slot: &Slot) -> Option<Entry> {
        let [check, mv, data] = [0, 1, 2].map(|i| slot[i].load(Ordering::Relaxed));
        if data & OCCUPIED == 0 {
            return None;
        }
        Some(Entry {
            key: check ^ mv ^ data,
            mv: decode_move(mv),
            score: data as u32 as i32,
            depth: (data >> 32) as u16 as i16,
            bound: match (data >> 48) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            age: (data >> 50) as u8,
        })
    }

    /// The entry for `key`, its score adjusted from "mate from here" to "mate from the root".
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = Self::read(self.slot(key))?;
        (e.key == key).then(|| Entry {
            score: from_tt(e.score, ply),
            ..e
        })
    }

    /// Stores a result for `key` found at `ply` (mate scores made relative to this position), unless
    /// the slot holds another position's deeper result of this search. Without a move, the slot's
    /// move for the same key is kept.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound, ply: usize) {
        let slot = self.slot(key);
        let age = self.age.load(Ordering::Relaxed);
        let old = Self::read(slot);
        if let Some(old) = &old
            && old.age == age
            && old.key != key
            && i32::from(old.depth) > depth
        {
            return;
        }
        let mv = mv.or_else(|| old.filter(|o| o.key == key).and_then(|o| o.mv));
        let depth = depth.clamp(-1, i32::from(i16::MAX)) as i16;
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let data = u64::from(to_tt(score, ply) as u32)
            | u64::from(depth as u16) << 32
            | bound << 48
            | u64::from(age) << 50
            | OCCUPIED;
        let mv = encode_move(mv);
        slot[0].store(key ^ mv ^ data, Ordering::Relaxed);
        slot[1].store(mv, Ordering::Relaxed);
        slot[2].store(data, Ordering::Relaxed);
    }
}

/// The data word's bit that says the slot holds an entry.
const OCCUPIED: u64 = 1 << 63;
/// The move word's bit that says the entry has a move.
const HAS_MOVE: u64 = 1 << 63;

/// A move in one word: its squares, kind (with a drop's role), promotion and poison.
fn encode_move(mv: Option<Move>) -> u64 {
    let Some(mv) = mv else {
        return 0;
    };
    let (kind, dropped) = match mv.kind() {
        MoveKind::Quiet => (0, 0),
        MoveKind::DoubleStep => (1, 0),
        MoveKind::Capture => (2, 0),
        MoveKind::EnPassant => (3, 0),
        MoveKind::Castle => (4, 0),
        MoveKind::Locust => (5, 0),
        MoveKind::Rifle => (6, 0),
        MoveKind::Withdrawal => (7, 0),
        MoveKind::Swap => (8, 0),
        MoveKind::Drop(role) => (9, role.0),
        MoveKind::Pass => (10, 0),
    };
    let promotion = mv.promotion().map_or(0, |r| 0x100 | u64::from(r.0));
    HAS_MOVE
        | mv.from().index() as u64
        | (mv.to().index() as u64) << 8
        | (mv.extra().index() as u64) << 16
        | kind << 24
        | u64::from(dropped) << 28
        | promotion << 36
        | u64::from(mv.poisoned()) << 45
}

/// The move [`encode_move`] wrote (`None` for a word no move was written as).
fn decode_move(word: u64) -> Option<Move> {
    if word & HAS_MOVE == 0 {
        return None;
    }
    let byte = |shift: u32| (word >> shift) as u8;
    let kind = match (word >> 24) & 0xf {
        0 => MoveKind::Quiet,
        1 => MoveKind::DoubleStep,
        2 => MoveKind::Capture,
        3 => MoveKind::EnPassant,
        4 => MoveKind::Castle,
        5 => MoveKind::Locust,
        6 => MoveKind::Rifle,
        7 => MoveKind::Withdrawal,
        8 => MoveKind::Swap,
        9 => MoveKind::Drop(Role(byte(28))),
        10 => MoveKind::Pass,
        _ => return None,
    };
    Some(
        Move::new(Square::from_index(byte(0)), Square::from_index(byte(8)), kind)
            .with_promotion((word & 0x100 << 36 != 0).then(|| Role(byte(36))))
            .with_extra(Square::from_index(byte(16)))
            .with_poisoned(word & 1 << 45 != 0),
    )
}

/// The slots of a table of about `megabytes` MB (at least one), reserved but not yet written,
/// or `None` when the allocation fails (or the size does not fit the address space).
fn reserve(megabytes: usize) -> Option<(Vec<Slot>, usize)> {
    let bytes = megabytes.checked_mul(1024 * 1024)?;
    let count = (bytes / size_of::<Slot>()).max(1);
    let mut slots = Vec::new();
    slots.try_reserve_exact(count).ok()?;
    Some((slots, count))
}

/// Whether a table of `megabytes` MB could be allocated now (nothing is written to it).
fn can_reserve(megabytes: usize) -> bool {
    reserve(megabytes).is_some()
}

fn empty_slot() -> Slot {
    [0, 0, 0].map(AtomicU64::new)
}

/// The empty slots of a table of about `megabytes` MB, or `None` as [`reserve`].
fn slots(megabytes: usize) -> Option<Vec<Slot>> {
    let (mut slots, count) = reserve(megabytes)?;
    slots.resize_with(count, empty_slot);
    Some(slots)
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
    use crate::search::MATE;

    #[test]
    fn a_table_beyond_the_address_space_is_an_error_not_an_abort() {
        // More bytes than a 64-bit address space holds: refused at the multiplication or the
        // allocation, with a size that could be had instead.
        let e = TranspositionTable::try_new(usize::MAX / 1024).unwrap_err();
        assert_eq!(e.wanted_mb, usize::MAX / 1024);
        assert!(e.available_mb > 0 && e.available_mb < e.wanted_mb, "{e:?}");
        assert!(e.to_string().contains("MB could be"), "{e}");
        assert_eq!(TranspositionTable::try_new(1).unwrap().slots.len(), 1024 * 1024 / 24);
    }

    fn sq(i: u8) -> Square {
        Square::from_index(i)
    }

    #[test]
    fn every_kind_of_move_comes_back_as_it_was_stored() {
        let kinds = [
            MoveKind::Quiet,
            MoveKind::DoubleStep,
            MoveKind::Capture,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::Locust,
            MoveKind::Rifle,
            MoveKind::Withdrawal,
            MoveKind::Swap,
            MoveKind::Drop(Role(63)),
            MoveKind::Pass,
        ];
        let table = TranspositionTable::new(1);
        for (i, kind) in kinds.into_iter().enumerate() {
            for (promotion, poisoned) in [(None, false), (Some(Role(0)), true), (Some(Role(63)), false)] {
                let mv = Move::new(sq(255), sq(i as u8), kind)
                    .with_promotion(promotion)
                    .with_extra(sq(143))
                    .with_poisoned(poisoned);
                let key = 0x9e37_79b9_7f4a_7c15 ^ i as u64;
                table.store(key, Some(mv), -31_000, 40, Bound::Upper, 7);
                let e = table.probe(key, 7).unwrap();
                assert_eq!((e.mv, e.score, e.depth, e.bound), (Some(mv), -31_000, 40, Bound::Upper));
            }
        }
        table.store(5, None, MATE - 3, -1, Bound::Lower, 2);
        let e = table.probe(5, 2).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound), (None, MATE - 3, -1, Bound::Lower));
        // Mates are kept relative to the node: found 2 plies from the root, read 4 plies from it.
        assert_eq!(table.probe(5, 4).unwrap().score, MATE - 5);
    }

    /// A slot left with words of two entries (one thread's store interrupted by another's) is a
    /// miss under either key.
    #[test]
    fn a_half_written_slot_is_a_miss() {
        let table = TranspositionTable::with_slots(vec![empty_slot()]);
        let words = |key: u64, score: i32| {
            table.store(
                key,
                Some(Move::new(sq(1), sq(2), MoveKind::Quiet)),
                score,
                3,
                Bound::Exact,
                0,
            );
            table.slots[0].each_ref().map(|w| w.load(Ordering::Relaxed))
        };
        let (a, b) = (words(0x1234_5678_9abc_def0, 10), words(0x0fed_cba9_8765_4321, -20));
        for torn in [
            [a[0], b[1], b[2]],
            [b[0], a[1], a[2]],
            [a[0], a[1], b[2]],
            [b[0], b[1], a[2]],
        ] {
            for (word, value) in table.slots[0].iter().zip(torn) {
                word.store(value, Ordering::Relaxed);
            }
            assert!(table.probe(0x1234_5678_9abc_def0, 0).is_none(), "{torn:x?}");
            assert!(table.probe(0x0fed_cba9_8765_4321, 0).is_none(), "{torn:x?}");
        }
    }

    /// Threads that write different entries to one slot at once never make another thread read
    /// an entry under a key it was not stored with: a slot caught half written reads as a miss.
    #[test]
    fn a_slot_written_by_several_threads_never_mixes_entries() {
        let table = TranspositionTable::with_slots(vec![empty_slot()]);
        let keys: [u64; 4] = [
            0x243f_6a88_85a3_08d3,
            0x1319_8a2e_0370_7344,
            0xa409_3822_299f_31d0,
            0x082e_fa98_ec4e_6c89,
        ];
        // Each key's own entry: a move, score and depth drawn from the key.
        let entry = |key: u64| {
            let mv = Move::new(sq(key as u8), sq((key >> 8) as u8), MoveKind::Capture);
            (Some(mv), (key >> 16) as i16 as i32, (key >> 32) as i32 & 0xff)
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let (mut hits, mut misses, mut mixed) = (0, 0, None);
        std::thread::scope(|scope| {
            for writer in 0..2 {
                let (table, stop, keys) = (&table, &stop, &keys);
                scope.spawn(move || {
                    let mut i = writer;
                    while !stop.load(Ordering::Relaxed) {
                        let key = keys[i % keys.len()];
                        let (mv, score, depth) = entry(key);
                        // A new search each time, so no entry is kept for its depth.
                        table.new_search();
                        table.store(key, mv, score, depth, Bound::Exact, 0);
                        i += 1 + writer;
                    }
                });
            }
            // Until the writers have been caught often (they may start late on a busy machine).
            let started = std::time::Instant::now();
            let mut round = 0;
            while (round < 400_000 || hits < 10_000) && started.elapsed().as_secs() < 20 {
                round += 1;
                let key = keys[round % keys.len()];
                match table.probe(key, 0) {
                    Some(e) if (e.mv, e.score, i32::from(e.depth)) == entry(key) => hits += 1,
                    Some(e) => {
                        mixed = Some(e);
                        break;
                    }
                    None => misses += 1,
                }
            }
            stop.store(true, Ordering::Relaxed);
        });
        assert!(mixed.is_none(), "an entry read under another's key: {mixed:?}");
        assert!(hits > 0, "{hits} hits, {misses} misses");
    }
}
