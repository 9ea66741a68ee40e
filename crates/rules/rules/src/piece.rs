use crate::Color;

/// A piece type of a variant: an index into the variant's piece list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Role(pub u8);

impl Role {
    /// The role's number: an index into per-role tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the role's bit is set in `mask` (bit `i` for `Role(i)`). Roles are below
    /// [`MAX_ROLES`] (64), so the shift cannot overflow: it wraps instead of carrying the release
    /// build's overflow check, being on move generation's hottest path (attack tests).
    #[inline]
    pub(crate) const fn in_mask(self, mask: u64) -> bool {
        mask.wrapping_shr(self.0 as u32) & 1 == 1
    }
}

/// A coloured piece, packed in a byte so a board is 256 bytes: `1 + 2 * role + color`; 0 is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

/// Most piece types a variant may have (so a role fits in a 64-bit mask).
pub const MAX_ROLES: usize = 64;

/// The board code of a neutral piece (the PieceEater): no side's, never made by [`Piece::new`], so a
/// [`Piece`] always has a colour and a role below [`MAX_ROLES`]. See [`crate::Position::neutrals`].
pub const NEUTRAL_CODE: u8 = u8::MAX;

/// The FEN letter of a neutral piece.
pub const NEUTRAL_LETTER: char = '*';

// The highest code `Piece::new` can make (Black, role MAX_ROLES - 1) stays below the neutral code.
const _: () = assert!(1 + 2 * (MAX_ROLES - 1) + 1 < NEUTRAL_CODE as usize);

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(1 + 2 * role.0 + color as u8)
    }

    /// The piece stored as `code` on a board; `None` for the empty code 0 and for a neutral piece
    /// ([`NEUTRAL_CODE`]), which belongs to no side and has no role.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code == NEUTRAL_CODE {
            None
        } else {
            Some(Piece(code))
        }
    }

    #[inline]
    /// The byte that stands for this piece on a board (0 is an empty square).
    pub const fn code(self) -> u8 {
        self.0
    }

    // A piece's code is at least 1 (`Piece::new`): the subtractions below cannot wrap, and as
    // the hottest lookups of move generation they skip the release build's overflow checks.
    #[inline]
    /// The side the piece belongs to.
    pub const fn color(self) -> Color {
        if self.0.wrapping_sub(1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline]
    /// What kind of piece it is.
    pub const fn role(self) -> Role {
        Role(self.0.wrapping_sub(1) >> 1)
    }
}

/// A piece is written as its side and role (`{"color": "white", "role": 3}`), not as its board code.
#[cfg(feature = "serde")]
impl serde::Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut piece = serializer.serialize_struct("Piece", 2)?;
        piece.serialize_field("color", &self.color())?;
        piece.serialize_field("role", &self.role())?;
        piece.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Piece {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Parts {
            color: Color,
            role: Role,
        }
        let parts = Parts::deserialize(deserializer)?;
        if parts.role.index() >= MAX_ROLES {
            return Err(serde::de::Error::custom(format!(
                "piece role {} is beyond the {MAX_ROLES} roles a variant may have",
                parts.role.0
            )));
        }
        Ok(Piece::new(parts.color, parts.role))
    }
}
