//! The state of a game at one moment, and playing a move on it.

use crate::hooks::MoveEffects;
use crate::moves::{Move, MoveError, MoveKind};
use crate::piece::NEUTRAL_CODE;
use crate::zobrist::Zobrist;
use crate::{ByColor, Color, Piece, Role, Variant};
use messhall_geometry::{Square, SquareSet};

/// Number of small game registers a game's hooks may use (hashed, compared, in FEN).
pub const REGISTERS: usize = 4;

/// A position: pieces, side to move, rights, counters. Positions are plain values: playing a move
/// makes a new one (copy-make), so nothing needs undoing.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; 256],
    pub(crate) by_color: ByColor<SquareSet>,
    pub(crate) royals: ByColor<SquareSet>,
    /// Squares of neutral pieces (code [`NEUTRAL_CODE`] on the board; in no side's set).
    pub(crate) neutrals: SquareSet,
    /// Pieces that have never moved (only kept for roles where it matters).
    pub(crate) unmoved: SquareSet,
    /// Per-square counter of the piece standing there (Calorie's energy).
    pub(crate) counters: [u16; 256],
    pub(crate) hands: ByColor<[u8; 64]>,
    pub(crate) side: Color,
    /// Castling rights, bit `i` for [`crate::CastlingSide::right`] `i`.
    pub(crate) castling: u8,
    /// Squares the last move skipped, which an en passant capture may land on.
    pub(crate) ep_squares: SquareSet,
    /// The piece an en passant capture removes.
    pub(crate) ep_victim: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// The last move was a pass.
    pub(crate) passed: bool,
    pub(crate) registers: [u16; REGISTERS],
    pub(crate) hash: u64,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("hash", &format_args!("{:016x}", self.hash))
            .finish_non_exhaustive()
    }
}

impl Position {
    /// An empty board, White to move.
    pub fn empty(_variant: &Variant) -> Position {
        Position {
            board: [0; 256],
            by_color: ByColor::default(),
            royals: ByColor::default(),
            neutrals: SquareSet::EMPTY,
            unmoved: SquareSet::EMPTY,
            counters: [0; 256],
            hands: ByColor([[0; 64]; 2]),
            side: Color::White,
            castling: 0,
            ep_squares: SquareSet::EMPTY,
            ep_victim: None,
            halfmoves: 0,
            fullmoves: 1,
            passed: false,
            registers: [0; REGISTERS],
            hash: 0,
        }
    }

    #[inline]
    /// The piece of a side on `sq`; `None` for an empty square and for a neutral piece (see
    /// [`Position::is_empty`] and [`Position::is_neutral`]).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// Whether nothing at all stands on `sq`: no piece of either side and no neutral piece.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.board[sq.index()] == 0
    }

    /// Whether a neutral piece (the PieceEater) stands on `sq`.
    #[inline]
    pub fn is_neutral(&self, sq: Square) -> bool {
        self.board[sq.index()] == NEUTRAL_CODE
    }

    /// Squares of the neutral pieces. A neutral piece belongs to neither side: it blocks every
    /// line (and is a hurdle for hoppers), cannot be captured, never attacks and is never
    /// attacked; only a game's hooks move it ([`Position::move_neutral`]).
    pub fn neutrals(&self) -> SquareSet {
        self.neutrals
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The squares holding a piece of either side (neutral pieces are in [`Position::neutrals`]).
    pub fn occupied(&self) -> SquareSet {
        self.by_color[Color::White].union(self.by_color[Color::Black])
    }

    /// The squares holding `color`'s pieces.
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        self.by_color[color]
    }

    /// Squares of `color`'s royal pieces.
    pub fn royals(&self, color: Color) -> SquareSet {
        self.royals[color]
    }

    /// The Zobrist key of the position, for repetitions and the search's table.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture or pawn move, for the fifty-move rule.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, from 1, counted up after Black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// Whether the last move was a pass.
    pub fn last_move_was_pass(&self) -> bool {
        self.passed
    }

    /// How many pieces of `role` `color` holds in hand to drop.
    pub fn hand(&self, color: Color, role: Role) -> u8 {
        self.hands[color][role.index()]
    }

    /// The counter of the piece on `sq` (Calorie's energy), 0 where none is kept.
    pub fn counter(&self, sq: Square) -> u16 {
        self.counters[sq.index()]
    }

    /// Whether the piece on `sq` has not moved yet (castling, double steps, first-move-only moves).
    pub fn is_unmoved(&self, sq: Square) -> bool {
        self.unmoved.contains(sq)
    }

    /// The castling rights as bits: 1 White kingside, 2 White queenside, 4 Black kingside, 8 Black queenside.
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The squares a pawn may take en passant on this move.
    pub fn ep_squares(&self) -> SquareSet {
        self.ep_squares
    }

    /// The game's own register `i` (a number its rules keep between moves, such as the PieceEater's state).
    pub fn register(&self, i: usize) -> u16 {
        self.registers[i]
    }

    /// Sets a piece's counter, keeping the hash right.
    pub fn set_counter(&mut self, sq: Square, value: u16) {
        let old = self.counters[sq.index()];
        self.hash ^= Zobrist::counter(sq, old) ^ Zobrist::counter(sq, value);
        self.counters[sq.index()] = value;
    }

    /// Sets a game register, keeping the hash right.
    pub fn set_register(&mut self, i: usize, value: u16) {
        self.hash ^= Zobrist::register(i, self.registers[i]) ^ Zobrist::register(i, value);
        self.registers[i] = value;
    }

    /// Puts `piece` on the empty square `sq` with `counter`, unmoved or not.
    pub(crate) fn put(&mut self, v: &Variant, sq: Square, piece: Piece, counter: u16, unmoved: bool) {
        debug_assert_eq!(self.board[sq.index()], 0);
        self.board[sq.index()] = piece.code();
        self.by_color[piece.color()].insert(sq);
        if v.is_royal(piece.role()) {
            self.royals[piece.color()].insert(sq);
        }
        self.hash ^= v.zobrist.piece(piece.code(), sq);
        self.set_counter(sq, counter);
        if unmoved && piece.role().in_mask(v.tracks_unmoved) {
            self.unmoved.insert(sq);
            self.hash ^= Zobrist::unmoved(sq);
        }
    }

    /// Puts a neutral piece on `sq`, eating whatever piece stands there, and returns the eaten
    /// piece. Nothing happens on a square that already holds a neutral piece. See
    /// [`Position::move_neutral`] for what eating does to the rest of the state.
    pub fn put_neutral(&mut self, v: &Variant, sq: Square) -> Option<Piece> {
        if self.is_neutral(sq) {
            return None;
        }
        let eaten = self.eat(v, sq);
        self.board[sq.index()] = NEUTRAL_CODE;
        self.neutrals.insert(sq);
        self.hash ^= Zobrist::neutral(sq);
        eaten
    }

    /// Takes the neutral piece off `sq`; returns whether there was one.
    pub fn remove_neutral(&mut self, sq: Square) -> bool {
        if !self.is_neutral(sq) {
            return false;
        }
        self.board[sq.index()] = 0;
        self.neutrals.remove(sq);
        self.hash ^= Zobrist::neutral(sq);
        true
    }

    /// Moves the neutral piece on `from` to `to`, eating the piece standing there, and returns the
    /// eaten piece (it is gone: it goes to no hand). Does nothing unless a neutral piece stands on
    /// `from` and `to` holds none. Eating resets the 50-move count and ends the castling rights
    /// of an eaten king or rook; eating the pawn that just double-stepped, or standing on a
    /// square it skipped, ends those en passant rights (as do rights no piece can use any more).
    pub fn move_neutral(&mut self, v: &Variant, from: Square, to: Square) -> Option<Piece> {
        if from == to || !self.is_neutral(from) || self.is_neutral(to) {
            return None;
        }
        self.remove_neutral(from);
        self.put_neutral(v, to)
    }

    /// Removes whatever piece stands on `sq` for a neutral piece arriving there, keeping the
    /// 50-move count, castling and en passant rights right.
    fn eat(&mut self, v: &Variant, sq: Square) -> Option<Piece> {
        let eaten = self.take(v, sq).map(|(p, _)| p);
        if eaten.is_some() {
            self.halfmoves = 0;
        }
        self.lose_castling_rights(v, |s| s == sq);
        if !self.ep_squares.is_empty() {
            let victim = self.ep_victim.filter(|&t| t != sq);
            let mut left = self.ep_squares;
            left.remove(sq);
            let left: SquareSet = left
                .iter()
                .filter(|&s| v.ep_capture_possible(self, self.side, s))
                .collect();
            match victim {
                Some(t) if !left.is_empty() => self.set_ep(left, Some(t)),
                _ => self.set_ep(SquareSet::EMPTY, None),
            }
        }
        eaten
    }

    /// Removes and returns the piece on `sq` with its counter.
    pub(crate) fn take(&mut self, v: &Variant, sq: Square) -> Option<(Piece, u16)> {
        let piece = Piece::from_code(self.board[sq.index()])?;
        let counter = self.counters[sq.index()];
        self.set_counter(sq, 0);
        self.board[sq.index()] = 0;
        self.by_color[piece.color()].remove(sq);
        self.royals[piece.color()].remove(sq);
        self.hash ^= v.zobrist.piece(piece.code(), sq);
        if self.unmoved.contains(sq) {
            self.unmoved.remove(sq);
            self.hash ^= Zobrist::unmoved(sq);
        }
        Some((piece, counter))
    }

    pub(crate) fn set_hand(&mut self, color: Color, role: Role, count: u8) {
        let (c, r) = (color.index(), role.index());
        self.hash ^= Zobrist::hand(c, r, self.hands[color][r]) ^ Zobrist::hand(c, r, count);
        self.hands[color][r] = count;
    }

    /// Ends the castling rights whose royal or rook starts on a square `touched` holds.
    fn lose_castling_rights(&mut self, v: &Variant, touched: impl Fn(Square) -> bool) {
        if self.castling != 0 {
            let mut rights = self.castling;
            for side in v
                .castling
                .iter()
                .filter(|c| touched(c.king_from) || touched(c.rook_from))
            {
                rights &= !(1 << side.right);
            }
            self.set_castling(rights);
        }
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        for i in 0..4 {
            if (self.castling ^ rights) >> i & 1 == 1 {
                self.hash ^= Zobrist::castle(i);
            }
        }
        self.castling = rights;
    }

    pub(crate) fn set_ep(&mut self, squares: SquareSet, victim: Option<Square>) {
        for s in self.ep_squares.union(squares) {
            if self.ep_squares.contains(s) != squares.contains(s) {
                self.hash ^= Zobrist::ep(s);
            }
        }
        self.ep_squares = squares;
        self.ep_victim = victim;
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= Zobrist::side();
        }
        self.side = side;
    }

    pub(crate) fn set_passed(&mut self, passed: bool) {
        if passed != self.passed {
            self.hash ^= Zobrist::passed();
        }
        self.passed = passed;
    }

    /// Whether `self` and `other` are the same position for repetition: equal in everything but
    /// the halfmove clock and the move number.
    pub(crate) fn same_state(&self, other: &Position) -> bool {
        let mut a = self.clone();
        a.halfmoves = other.halfmoves;
        a.fullmoves = other.fullmoves;
        a == *other
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn recomputed_hash(&self, v: &Variant) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            h ^= v.zobrist.piece(self.board[sq.index()], sq);
        }
        for sq in self.neutrals {
            h ^= Zobrist::neutral(sq);
        }
        for i in 0..256 {
            let sq = Square::from_index(i as u8);
            h ^= Zobrist::counter(sq, self.counters[i]);
        }
        for sq in self.unmoved {
            h ^= Zobrist::unmoved(sq);
        }
        for c in Color::ALL {
            for r in 0..64 {
                h ^= Zobrist::hand(c.index(), r, self.hands[c][r]);
            }
        }
        if self.side == Color::Black {
            h ^= Zobrist::side();
        }
        for i in 0..4 {
            if self.castling >> i & 1 == 1 {
                h ^= Zobrist::castle(i);
            }
        }
        for s in self.ep_squares {
            h ^= Zobrist::ep(s);
        }
        if self.passed {
            h ^= Zobrist::passed();
        }
        for (i, &r) in self.registers.iter().enumerate() {
            h ^= Zobrist::register(i, r);
        }
        h
    }

    /// The position after `mv`, if it is legal here.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] saying why when it is not.
    pub fn try_play(&self, v: &Variant, mv: &Move) -> Result<Position, MoveError> {
        if !v.is_legal(self, mv) {
            return Err(v.refusal(self, mv));
        }
        Ok(self.play_unchecked(v, mv))
    }

    /// The position after `mv`, with no check: the fast path of move generation and search. The
    /// caller guarantees that `mv` is legal (or at least pseudo-legal) here; for a move from
    /// outside use [`Position::try_play`] or [`Variant::try_play`].
    pub fn play_unchecked(&self, v: &Variant, mv: &Move) -> Position {
        let mut next = self.clone();
        next.apply(v, mv);
        next
    }

    /// Plays `mv` in place.
    pub fn apply(&mut self, v: &Variant, mv: &Move) {
        let us = self.side;
        self.set_ep(SquareSet::EMPTY, None);
        self.set_passed(false);
        self.halfmoves += 1;
        let mut captured = None;
        let mut castle_rook = None;
        let mover;
        match mv.kind {
            MoveKind::Pass => {
                self.set_passed(true);
                mover = Piece::new(us, Role(0));
            }
            MoveKind::Drop(role) => {
                mover = Piece::new(us, role);
                let count = self.hands[us][role.index()];
                self.set_hand(us, role, count.saturating_sub(1));
                self.put(v, mv.to, mover, v.role(role).counter, true);
                if v.is_pawn(role) {
                    self.halfmoves = 0;
                }
            }
            _ => {
                let Some((piece, counter)) = self.take(v, mv.from) else {
                    // Not a move of this position; leave the board as it is.
                    self.set_side(!us);
                    return;
                };
                mover = piece;
                // Whatever the kind of move, a castling piece that moves, acts or goes loses its rights.
                self.lose_castling_rights(v, |s| s == mv.from || s == mv.to || s == mv.extra);
                if matches!(mv.kind, MoveKind::Rifle | MoveKind::Swap) {
                    self.apply_in_place(v, mv, piece, counter, &mut captured);
                    if us == Color::Black {
                        self.fullmoves += 1;
                    }
                    self.set_side(!us);
                    let effects = MoveEffects {
                        mover,
                        captured,
                        castle_rook,
                    };
                    v.rules.after_move(v, self, mv, &effects);
                    return;
                }
                if mv.kind == MoveKind::Castle {
                    let side = v.castling.iter().find(|c| c.rook_from == mv.extra && c.color == us);
                    if let Some(side) = side {
                        if let Some((rook, rc)) = self.take(v, mv.extra) {
                            self.put(v, side.rook_to, rook, rc, false);
                            castle_rook = Some(side.rook_to);
                        }
                    }
                } else {
                    if mv.extra != mv.to {
                        if let Some((p, c)) = self.take(v, mv.extra) {
                            captured = Some((p, mv.extra, c));
                        }
                    }
                    if let Some((p, c)) = self.take(v, mv.to) {
                        captured = Some((p, mv.to, c));
                    }
                }
                let (piece, counter) = match mv.promotion {
                    Some(role) => (Piece::new(us, role), v.role(role).counter),
                    None => (piece, counter),
                };
                if !mv.poisoned {
                    self.put(v, mv.to, piece, counter, false);
                }
                if captured.is_some() || v.is_pawn(mover.role()) {
                    self.halfmoves = 0;
                }
                if mv.kind == MoveKind::DoubleStep {
                    let skipped: SquareSet = crate::tables::lame_path(
                        i32::from(mv.to.file()) - i32::from(mv.from.file()),
                        i32::from(mv.to.rank()) - i32::from(mv.from.rank()),
                    )
                    .filter_map(|(dx, dy)| v.size.offset(mv.from, dx, dy))
                    .collect();
                    let skipped = skipped
                        .iter()
                        .filter(|&s| v.ep_capture_possible(self, !us, s))
                        .collect::<SquareSet>();
                    if !skipped.is_empty() {
                        self.set_ep(skipped, Some(mv.to));
                    }
                }
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.set_side(!us);
        let effects = MoveEffects {
            mover,
            captured,
            castle_rook,
        };
        v.rules.after_move(v, self, mv, &effects);
    }

    /// The moves after which the mover stays put or trades places: a rifle shot (the victim on
    /// `to` goes) and a swap (the partner on `to` comes to `from`, promoted if the move says so).
    fn apply_in_place(
        &mut self,
        v: &Variant,
        mv: &Move,
        piece: Piece,
        counter: u16,
        captured: &mut Option<(Piece, Square, u16)>,
    ) {
        if mv.kind == MoveKind::Rifle {
            if let Some((p, c)) = self.take(v, mv.to) {
                *captured = Some((p, mv.to, c));
                self.halfmoves = 0;
            }
            self.put(v, mv.from, piece, counter, false);
            return;
        }
        let Some((partner, partner_counter)) = self.take(v, mv.to) else {
            self.put(v, mv.from, piece, counter, false);
            return;
        };
        if v.is_pawn(piece.role()) || v.is_pawn(partner.role()) {
            self.halfmoves = 0;
        }
        let (partner, partner_counter) = match mv.promotion {
            Some(role) => (Piece::new(partner.color(), role), v.role(role).counter),
            None => (partner, partner_counter),
        };
        self.put(v, mv.to, piece, counter, false);
        self.put(v, mv.from, partner, partner_counter, false);
    }
}
