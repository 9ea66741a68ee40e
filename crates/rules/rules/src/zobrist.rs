//! Zobrist keys, made from a fixed generator so hashes are the same on every run and machine.

use crate::piece::MAX_ROLES;
use messhall_geometry::Square;

/// SplitMix64: a fixed, well-mixed function of its input.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Clone, Debug)]
pub(crate) struct Zobrist {
    /// Per piece code (`1 + 2 * role + color`) and square.
    piece_square: Vec<u64>,
}

const SIDE: u64 = 0x5;
const CASTLE: u64 = 0x6;
const EP: u64 = 0x7;
const HAND: u64 = 0x8;
const UNMOVED: u64 = 0x9;
const COUNTER: u64 = 0xA;
const PASSED: u64 = 0xB;
const REGISTER: u64 = 0xC;
const NEUTRAL: u64 = 0xD;

impl Zobrist {
    pub fn new(roles: usize) -> Zobrist {
        let codes = 1 + 2 * roles.min(MAX_ROLES);
        let piece_square = (0..codes * 256).map(|i| mix((i as u64) << 8 | 1)).collect();
        Zobrist { piece_square }
    }

    #[inline]
    pub fn piece(&self, code: u8, sq: Square) -> u64 {
        // Bounded operands (a u8 code, a square below 256): no overflow check needed.
        self.piece_square[usize::from(code).wrapping_mul(256).wrapping_add(sq.index())]
    }

    pub fn side() -> u64 {
        mix(SIDE)
    }

    pub fn castle(right: usize) -> u64 {
        mix(CASTLE << 32 | right as u64)
    }

    pub fn ep(sq: Square) -> u64 {
        mix(EP << 32 | sq.index() as u64)
    }

    pub fn hand(color: usize, role: usize, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            mix(HAND << 32 | (color as u64) << 24 | (role as u64) << 8 | u64::from(count))
        }
    }

    pub fn unmoved(sq: Square) -> u64 {
        mix(UNMOVED << 32 | sq.index() as u64)
    }

    /// 0 for a counter of 0, like an empty hand: a fresh `Position::empty` (hash 0) has every
    /// counter at 0, so the incremental hash and `recomputed_hash` agree.
    pub fn counter(sq: Square, value: u16) -> u64 {
        if value == 0 {
            0
        } else {
            mix(COUNTER << 32 | (sq.index() as u64) << 16 | u64::from(value))
        }
    }

    /// A neutral piece (the PieceEater) on `sq`.
    pub fn neutral(sq: Square) -> u64 {
        mix(NEUTRAL << 32 | sq.index() as u64)
    }

    pub fn passed() -> u64 {
        mix(PASSED)
    }

    /// 0 for a register at 0, for the same reason as [`Zobrist::counter`].
    pub fn register(index: usize, value: u16) -> u64 {
        if value == 0 {
            0
        } else {
            mix(REGISTER << 32 | (index as u64) << 16 | u64::from(value))
        }
    }
}
