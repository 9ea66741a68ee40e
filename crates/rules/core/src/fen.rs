//! FEN for every game: multi-digit empties, ranks above 9, holdings in brackets, per-piece state in
//! braces, and extra fields for game state.
//!
//! `board[hand] side castling ep halfmoves fullmoves [extra...]`, where `*` is a neutral piece
//! (the PieceEater), a piece may carry
//! `{7}` (its counter), `{m}`/`{u}` (moved / never moved, where that differs from "never moved iff
//! on its start square"), or both (`{3,m}`); `ep` is `-` or squares joined by commas, followed by
//! `>` and the square of the piece an en passant capture removes when that is not the first piece
//! of the side that just moved standing one rank beyond a listed square (a sideways double step
//! gives `i3>j3`); extra fields are `passed` (the last move was a pass) and `rN=value` (game
//! registers).

use crate::piece::{NEUTRAL_CODE, NEUTRAL_LETTER};
use crate::position::REGISTERS;
use crate::{Color, Piece, Position, Variant};
use messhall_geometry::{Square, SquareSet};
use std::fmt::Write;

/// Why a FEN was rejected: one line naming the field and the place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("FEN {where_}: {why}")]
pub struct FenError {
    pub where_: String,
    pub why: String,
}

fn fail<T>(where_: impl Into<String>, why: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        where_: where_.into(),
        why: why.into(),
    })
}

struct Placed {
    sq: Square,
    piece: Piece,
    counter: Option<u16>,
    unmoved: Option<bool>,
}

struct Board {
    placed: Vec<Placed>,
    neutrals: Vec<Square>,
    hand: Vec<Piece>,
}

fn parse_board(v: &Variant, field: &str) -> Result<Board, FenError> {
    let (ranks_text, hand_text) = match field.find('[') {
        Some(i) => {
            if !field.ends_with(']') {
                return fail("board", "holdings start with '[' but do not end with ']'");
            }
            (&field[..i], Some(&field[i + 1..field.len() - 1]))
        }
        None => (field, None),
    };
    let rows: Vec<&str> = ranks_text.split('/').collect();
    let (files, ranks) = (v.size.files(), v.size.ranks());
    if rows.len() != usize::from(ranks) {
        return fail("board", format!("{} ranks, but {} has {ranks}", rows.len(), v.name));
    }
    let mut placed = Vec::new();
    let mut neutrals = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let rank = ranks - 1 - row as u8;
        let here = |col: usize| format!("board rank {} (\"{text}\"), character {}", rank + 1, col + 1);
        let bytes = text.as_bytes();
        let mut file: u32 = 0;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i] as char;
            if c.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n: u32 = text[start..i].parse().unwrap_or(0);
                if n == 0 || text[start..].starts_with('0') {
                    return fail(
                        here(start),
                        format!("empty-square count \"{}\" must be 1 or more", &text[start..i]),
                    );
                }
                file += n;
                if file > u32::from(files) {
                    return fail(here(start), format!("rank is longer than {files} squares"));
                }
                continue;
            }
            if c == NEUTRAL_LETTER {
                let sq = Square::new(file as u8, rank)
                    .filter(|_| file < u32::from(files))
                    .ok_or_else(|| FenError {
                        where_: here(i),
                        why: format!("rank is longer than {files} squares"),
                    })?;
                neutrals.push(sq);
                file += 1;
                i += 1;
                continue;
            }
            let Some(role) = v.role_by_letter(c) else {
                return fail(here(i), format!("'{c}' is not a piece of {}", v.name));
            };
            if file >= u32::from(files) {
                return fail(here(i), format!("rank is longer than {files} squares"));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let sq = Square::new(file as u8, rank).ok_or_else(|| FenError {
                where_: here(i),
                why: "off the board".into(),
            })?;
            i += 1;
            let (mut counter, mut unmoved) = (None, None);
            if bytes.get(i) == Some(&b'{') {
                let Some(len) = text[i..].find('}') else {
                    return fail(here(i), "'{' without a closing '}'");
                };
                for item in text[i + 1..i + len].split(',') {
                    match item.trim() {
                        "m" => unmoved = Some(false),
                        "u" => unmoved = Some(true),
                        n => match n.parse::<u16>() {
                            Ok(n) if n < 0x8000 => counter = Some(n),
                            _ => {
                                return fail(
                                    here(i),
                                    format!("\"{n}\" in braces is not a counter (0-32767), 'm' or 'u'"),
                                );
                            }
                        },
                    }
                }
                i += len + 1;
            }
            placed.push(Placed {
                sq,
                piece: Piece::new(color, role),
                counter,
                unmoved,
            });
            file += 1;
        }
        if file != u32::from(files) {
            return fail(
                format!("board rank {} (\"{text}\")", rank + 1),
                format!("{file} squares, but the board has {files} files"),
            );
        }
    }
    let mut hand = Vec::new();
    if let Some(h) = hand_text {
        let mut count: Option<u32> = None;
        for (i, c) in h.char_indices() {
            if let Some(d) = c.to_digit(10) {
                count = Some(count.unwrap_or(0) * 10 + d);
                if count > Some(64) {
                    return fail(format!("holdings, character {}", i + 1), "a count above 64");
                }
                continue;
            }
            if c == '-' && h.len() == 1 {
                continue;
            }
            let Some(role) = v.role_by_letter(c) else {
                return fail(
                    format!("holdings, character {}", i + 1),
                    format!("'{c}' is not a piece of {}", v.name),
                );
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            for _ in 0..count.take().unwrap_or(1) {
                hand.push(Piece::new(color, role));
            }
        }
        if count.is_some() {
            return fail("holdings", "a count with no piece after it");
        }
    }
    Ok(Board { placed, neutrals, hand })
}

/// The piece an en passant capture on `squares` removes, as a FEN without `>victim` means it:
/// the first piece of `mover` standing just beyond one of them, in the direction its side moves.
fn default_ep_victim(v: &Variant, pos: &Position, mover: Color, squares: SquareSet) -> Option<Square> {
    let dy = if mover == Color::White { 1 } else { -1 };
    squares
        .iter()
        .filter_map(|s| v.size.offset(s, 0, dy))
        .find(|&t| !squares.contains(t) && pos.piece_at(t).is_some_and(|p| p.color() == mover))
}

/// Just the pieces of a FEN's board field, as codes per square.
pub(crate) fn parse_board_only(v: &Variant, fen: &str) -> Result<[u8; 256], FenError> {
    let field = fen.split_whitespace().next().unwrap_or("");
    let board = parse_board(v, field)?;
    let mut codes = [0u8; 256];
    for p in board.placed {
        codes[p.sq.index()] = p.piece.code();
    }
    for sq in board.neutrals {
        codes[sq.index()] = NEUTRAL_CODE;
    }
    Ok(codes)
}

impl Position {
    /// Reads a FEN for `variant`.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and place of the first problem.
    pub fn from_fen(v: &Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return fail("text", "empty");
        }
        let board = parse_board(v, fields[0])?;
        let mut pos = Position::empty(v);
        for p in &board.placed {
            let counter = p.counter.unwrap_or(v.role(p.piece.role()).counter);
            let unmoved = p.unmoved.unwrap_or(v.start_board[p.sq.index()] == p.piece.code());
            pos.put(v, p.sq, p.piece, counter, unmoved);
        }
        for &sq in &board.neutrals {
            pos.put_neutral(v, sq);
        }
        for piece in &board.hand {
            let n = pos.hand(piece.color(), piece.role());
            pos.set_hand(piece.color(), piece.role(), n.saturating_add(1));
        }
        let side = match fields.get(1).copied() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return fail("side to move", format!("\"{s}\" is neither 'w' nor 'b'")),
        };
        pos.set_side(side);
        let mut rights = 0u8;
        if let Some(&text) = fields.get(2) {
            if text != "-" {
                for c in text.chars() {
                    let (color, kingside) = match c {
                        'K' => (Color::White, true),
                        'Q' => (Color::White, false),
                        'k' => (Color::Black, true),
                        'q' => (Color::Black, false),
                        _ => return fail("castling", format!("'{c}' is not one of K Q k q")),
                    };
                    let right = color.index() * 2 + usize::from(!kingside);
                    let Some(side) = v.castling.iter().find(|s| s.right == right) else {
                        return fail("castling", format!("'{c}': {} has no such castling", v.name));
                    };
                    let king_there = pos
                        .piece_at(side.king_from)
                        .is_some_and(|p| p.color() == color && v.castling_king(p.role()));
                    let rook_there = pos
                        .piece_at(side.rook_from)
                        .is_some_and(|p| p.color() == color && v.castling_rook(p.role()));
                    if !king_there || !rook_there {
                        return fail(
                            "castling",
                            format!(
                                "'{c}' needs the king on {} and the rook on {}",
                                side.king_from, side.rook_from
                            ),
                        );
                    }
                    rights |= 1 << right;
                }
            }
        }
        pos.set_castling(rights);
        if let Some(&text) = fields.get(3) {
            if text != "-" {
                // `c3,c4` or, naming the piece to remove when it is not the default, `i3>j3`.
                let (list, named) = match text.split_once('>') {
                    Some((list, victim)) => (list, Some(victim)),
                    None => (text, None),
                };
                let mut squares = SquareSet::EMPTY;
                for name in list.split(',') {
                    match name.parse::<Square>() {
                        Ok(s) if v.size.contains(s) && pos.board[s.index()] == 0 => squares.insert(s),
                        Ok(s) if v.size.contains(s) => {
                            return fail("en passant", format!("{s} is not empty"));
                        }
                        _ => {
                            return fail("en passant", format!("\"{name}\" is not a square of the board"));
                        }
                    }
                }
                let mover = !side;
                let victim = match named {
                    None => default_ep_victim(v, &pos, mover, squares),
                    Some(name) => match name.parse::<Square>() {
                        Ok(t)
                            if v.size.contains(t)
                                && !squares.contains(t)
                                && pos.piece_at(t).is_some_and(|p| p.color() == mover) =>
                        {
                            Some(t)
                        }
                        _ => {
                            return fail(
                                "en passant",
                                format!("\"{name}\" after '>' is not a square with a {} piece", mover.name()),
                            );
                        }
                    },
                };
                if victim.is_none() {
                    return fail(
                        "en passant",
                        format!("no {} piece stands just beyond {text}", mover.name()),
                    );
                }
                pos.set_ep(squares, victim);
            }
        }
        let number = |i: usize, name: &str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse().map_err(|_| FenError {
                    where_: name.into(),
                    why: format!("\"{t}\" is not a number"),
                }),
            }
        };
        pos.halfmoves = number(4, "halfmove clock", 0)?;
        pos.fullmoves = number(5, "fullmove number", 1)?.max(1);
        for extra in fields.iter().skip(6) {
            if *extra == "passed" {
                pos.set_passed(true);
            } else if let Some((key, value)) = extra.split_once('=') {
                let index = key
                    .strip_prefix('r')
                    .and_then(|i| i.parse::<usize>().ok())
                    .filter(|&i| i < REGISTERS);
                let value = value.parse::<u16>().ok();
                match (index, value) {
                    (Some(i), Some(val)) => pos.set_register(i, val),
                    _ => {
                        return fail(
                            format!("extra field \"{extra}\""),
                            format!("expected r0..r{}=number", REGISTERS - 1),
                        );
                    }
                }
            } else {
                return fail(format!("extra field \"{extra}\""), "expected \"passed\" or rN=value");
            }
        }
        let royal_rule = v.end.royal;
        let them = !side;
        if royal_rule == crate::spec::RoyalRule::Checkmate
            || (royal_rule == crate::spec::RoyalRule::Last && pos.royals[them].count() == 1)
        {
            // Unless the game's own rules call that a win for the side to move (the PieceEater
            // uncovering an attack).
            if pos.royals[them].iter().any(|r| v.is_attacked(&pos, r, side)) && v.rules.decided(v, &pos).is_none() {
                return fail(
                    "position",
                    format!("{} is to move but {} is in check", side.name(), them.name()),
                );
            }
        }
        Ok(pos)
    }

    /// Writes the position as FEN; [`Position::from_fen`] reads it back to the same position.
    pub fn to_fen(&self, v: &Variant) -> String {
        let mut s = String::new();
        for rank in (0..v.size.ranks()).rev() {
            let mut empty = 0;
            for file in 0..v.size.files() {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let Some(piece) = self.piece_at(sq) else {
                    if self.is_neutral(sq) {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push(NEUTRAL_LETTER);
                    } else {
                        empty += 1;
                    }
                    continue;
                };
                if empty > 0 {
                    let _ = write!(s, "{empty}");
                    empty = 0;
                }
                s.push(v.piece_letter(piece));
                let mut notes = Vec::new();
                if self.counters[sq.index()] != v.role(piece.role()).counter {
                    notes.push(self.counters[sq.index()].to_string());
                }
                if v.tracks_unmoved >> piece.role().0 & 1 == 1 {
                    let derived = v.start_board[sq.index()] == piece.code();
                    if self.unmoved.contains(sq) != derived {
                        notes.push(if self.unmoved.contains(sq) { "u" } else { "m" }.to_string());
                    }
                }
                if !notes.is_empty() {
                    let _ = write!(s, "{{{}}}", notes.join(","));
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if !v.drops.is_empty() {
            s.push('[');
            for color in Color::ALL {
                for (role, _) in v.roles() {
                    for _ in 0..self.hand(color, role) {
                        s.push(v.piece_letter(Piece::new(color, role)));
                    }
                }
            }
            s.push(']');
        }
        let _ = write!(s, " {} ", self.side.fen_char());
        if self.castling == 0 {
            s.push('-');
        }
        for (i, c) in "KQkq".chars().enumerate() {
            if self.castling >> i & 1 == 1 {
                s.push(c);
            }
        }
        s.push(' ');
        if self.ep_squares.is_empty() {
            s.push('-');
        } else {
            let names: Vec<String> = self.ep_squares.iter().map(|q| q.to_string()).collect();
            s.push_str(&names.join(","));
            if let Some(victim) = self
                .ep_victim
                .filter(|&t| default_ep_victim(v, self, !self.side, self.ep_squares) != Some(t))
            {
                let _ = write!(s, ">{victim}");
            }
        }
        let _ = write!(s, " {} {}", self.halfmoves, self.fullmoves);
        if self.passed {
            s.push_str(" passed");
        }
        for (i, r) in self.registers.iter().enumerate() {
            if *r != 0 {
                let _ = write!(s, " r{i}={r}");
            }
        }
        s
    }
}

impl Variant {
    pub(crate) fn castling_king(&self, role: crate::Role) -> bool {
        self.castling
            .iter()
            .any(|c| self.start_board[c.king_from.index()] == Piece::new(c.color, role).code())
    }

    pub(crate) fn castling_rook(&self, role: crate::Role) -> bool {
        self.castling
            .iter()
            .any(|c| self.start_board[c.rook_from.index()] == Piece::new(c.color, role).code())
    }
}
