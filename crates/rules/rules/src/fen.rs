//! FEN for every game: multi-digit empties, ranks above 9, holdings in brackets, per-piece state in
//! braces, and extra fields for game state.
//!
//! `board[hand] side castling ep halfmoves fullmoves [extra...]`, where `*` is a neutral piece
//! (the PieceEater), a piece may carry
//! `{7}` (its counter), `{m}`/`{u}` (moved / never moved, where that differs from "never moved iff
//! on its start square"), or both (`{3,m}`); `ep` is `-` or squares joined by commas, followed by
//! `>` and the square of the piece an en passant capture removes when that is not the first piece
//! of the side that just moved standing one rank beyond a listed square (a sideways double step
//! gives `i3>j3`); extra fields are `passed` (the last move was a pass) and the game's registers,
//! `name=value` by the names the game's hooks give them (`forbidden=d5`) or `rN=value`.
//!
//! Reading is in two steps: the text becomes a [`Setup`] (each field well formed), which
//! [`Setup::position`] checks as a whole.

use crate::piece::{NEUTRAL_CODE, NEUTRAL_LETTER};
use crate::position::REGISTERS;
use crate::setup::{EpField, Placed, Setup, SetupProblem};
use crate::{Color, Piece, Position, Variant, echo};
use messhall_geometry::{Square, SquareSet};
use std::fmt::Write;

/// Why a FEN was rejected: one line naming the field and the place, or at "position" every
/// problem of a well-formed FEN that is no position of its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("FEN {where_}: {why}")]
pub struct FenError {
    /// The field or place at fault (`board`, `side to move`, `rank 3`, `position`).
    pub where_: String,
    /// What is wrong there, in one line.
    pub why: String,
    /// The kinds of the problems when the FEN is well formed but not a position (see
    /// [`Setup::position`]); empty for a malformed FEN.
    pub problems: Vec<SetupProblem>,
}

/// The highest halfmove clock and fullmove number a FEN may give: far beyond any game, and far
/// enough below `u32::MAX` that playing on can never wrap the count.
pub const MAX_MOVE_COUNT: u32 = 100_000_000;

fn fail<T>(where_: impl Into<String>, why: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        where_: where_.into(),
        why: why.into(),
        problems: Vec::new(),
    })
}

struct Board {
    placed: Vec<Placed>,
    neutrals: Vec<Square>,
    hand: Vec<Piece>,
}

fn color_of(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// The state in braces after a piece (`{7}`, `{m}`, `{3,u}`): its counter and never-moved flag.
fn parse_braces(inner: &str) -> Result<(Option<u16>, Option<bool>), String> {
    let (mut counter, mut unmoved) = (None, None);
    for item in inner.split(',') {
        match item.trim() {
            "m" => unmoved = Some(false),
            "u" => unmoved = Some(true),
            n => match n.parse::<u16>() {
                Ok(n) if n < 0x8000 => counter = Some(n),
                _ => {
                    return Err(format!(
                        "\"{}\" in braces is not a counter (0-32767), 'm' or 'u'",
                        echo(n)
                    ));
                }
            },
        }
    }
    Ok((counter, unmoved))
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
        // Columns count characters, not bytes, from 1.
        let here = |col: usize| format!("board rank {} (\"{}\"), character {}", rank + 1, echo(text), col + 1);
        let chars: Vec<char> = text.chars().collect();
        let too_long = |col: usize| fail(here(col), format!("rank is longer than {files} squares"));
        let mut file: u32 = 0;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let n: u32 = digits.parse().unwrap_or(u32::MAX);
                if n == 0 || digits.starts_with('0') {
                    return fail(
                        here(start),
                        format!("empty-square count \"{}\" must be 1 or more", echo(&digits)),
                    );
                }
                file = file.saturating_add(n);
                if file > u32::from(files) {
                    return too_long(start);
                }
                continue;
            }
            let square = Square::new(file as u8, rank).filter(|_| file < u32::from(files));
            if c == NEUTRAL_LETTER {
                let Some(sq) = square else { return too_long(i) };
                neutrals.push(sq);
                file += 1;
                i += 1;
                continue;
            }
            let Some(role) = v.role_by_letter(c) else {
                return fail(here(i), format!("'{c}' is not a piece of {}", v.name));
            };
            let Some(sq) = square else { return too_long(i) };
            i += 1;
            let (mut counter, mut unmoved) = (None, None);
            if chars.get(i) == Some(&'{') {
                let Some(len) = chars[i..].iter().position(|&c| c == '}') else {
                    return fail(here(i), "'{' without a closing '}'");
                };
                let inner: String = chars[i + 1..i + len].iter().collect();
                (counter, unmoved) = parse_braces(&inner).map_err(|why| FenError {
                    where_: here(i),
                    why,
                    problems: Vec::new(),
                })?;
                i += len + 1;
            }
            placed.push(Placed {
                sq,
                piece: Piece::new(color_of(c), role),
                counter,
                unmoved,
            });
            file += 1;
        }
        if file != u32::from(files) {
            return fail(
                format!("board rank {} (\"{}\")", rank + 1, echo(text)),
                format!("{file} squares, but the board has {files} files"),
            );
        }
    }
    let hand = match hand_text {
        Some(h) => parse_hand(v, h)?,
        None => Vec::new(),
    };
    Ok(Board { placed, neutrals, hand })
}

/// The holdings in brackets: piece letters, each maybe after a count (`2P`), or `-` for none.
fn parse_hand(v: &Variant, h: &str) -> Result<Vec<Piece>, FenError> {
    let mut hand = Vec::new();
    let mut count: Option<u32> = None;
    for (i, c) in h.chars().enumerate() {
        let here = || format!("holdings, character {}", i + 1);
        if let Some(d) = c.to_digit(10) {
            count = Some(count.unwrap_or(0) * 10 + d);
            if count > Some(64) {
                return fail(here(), "a count above 64");
            }
            continue;
        }
        if c == '-' && h.len() == 1 {
            continue;
        }
        let Some(role) = v.role_by_letter(c) else {
            return fail(here(), format!("'{c}' is not a piece of {}", v.name));
        };
        for _ in 0..count.take().unwrap_or(1) {
            hand.push(Piece::new(color_of(c), role));
        }
    }
    if count.is_some() {
        return fail("holdings", "a count with no piece after it");
    }
    Ok(hand)
}

/// The piece an en passant capture on `squares` removes, as a FEN without `>victim` means it:
/// the first piece of `mover` standing just beyond one of them, in the direction its side moves.
pub(crate) fn default_ep_victim(v: &Variant, pos: &Position, mover: Color, squares: SquareSet) -> Option<Square> {
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

/// A square of `v`'s board named in `field`.
fn board_square(v: &Variant, field: &str, name: &str) -> Result<Square, FenError> {
    match name.parse::<Square>() {
        Ok(s) if v.size.contains(s) => Ok(s),
        _ => fail(field, format!("\"{}\" is not a square of the board", echo(name))),
    }
}

fn parse_castling(text: &str) -> Result<Vec<(char, usize)>, FenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut rights = Vec::new();
    for c in text.chars() {
        let (color, kingside) = match c {
            'K' => (Color::White, true),
            'Q' => (Color::White, false),
            'k' => (Color::Black, true),
            'q' => (Color::Black, false),
            _ => return fail("castling", format!("'{c}' is not one of K Q k q")),
        };
        if rights.iter().any(|&(given, _)| given == c) {
            return fail("castling", format!("'{c}' is given twice"));
        }
        rights.push((c, color.index() * 2 + usize::from(!kingside)));
    }
    Ok(rights)
}

/// `c3,c4` or, naming the piece to remove when it is not the default, `i3>j3`.
fn parse_ep(v: &Variant, text: &str) -> Result<Option<EpField>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let (list, named) = match text.split_once('>') {
        Some((list, victim)) => (list, Some(victim)),
        None => (text, None),
    };
    let mut squares = SquareSet::EMPTY;
    for name in list.split(',') {
        squares.insert(board_square(v, "en passant", name)?);
    }
    let victim = named.map(|name| board_square(v, "en passant", name)).transpose()?;
    if victim.is_some_and(|t| squares.contains(t)) {
        return fail("en passant", "the piece after '>' stands on a skipped square");
    }
    Ok(Some(EpField {
        squares,
        victim,
        text: text.to_string(),
    }))
}

fn parse_count(fields: &[&str], i: usize, name: &str, default: u32) -> Result<u32, FenError> {
    let Some(t) = fields.get(i) else {
        return Ok(default);
    };
    match t.parse::<u32>() {
        Ok(n) if n <= MAX_MOVE_COUNT => Ok(n),
        Ok(_) => fail(name, format!("{} is above {MAX_MOVE_COUNT}", echo(t))),
        Err(_) => fail(name, format!("\"{}\" is not a number", echo(t))),
    }
}

/// An extra field: `passed`, a register by the name the game gives it (`forbidden=d5`), or by
/// number (`r0=52`, as older records write it).
fn parse_extra(v: &Variant, extra: &str, setup: &mut Setup) -> Result<(), FenError> {
    let where_ = || format!("extra field \"{}\"", echo(extra));
    if extra == "passed" {
        setup.passed = true;
        return Ok(());
    }
    let Some((key, value)) = extra.split_once('=') else {
        return fail(where_(), "expected \"passed\" or name=value");
    };
    if let Some(i) = key
        .strip_prefix('r')
        .and_then(|i| i.parse::<usize>().ok())
        .filter(|&i| i < REGISTERS)
    {
        let Ok(n) = value.parse::<u16>() else {
            return fail(where_(), format!("r{i} takes a number 0-{}", u16::MAX));
        };
        // A register the game names holds only values it can write back by that name.
        if let Some(name) = v.rules.register_name(i)
            && v.rules.register_value(v, i, &v.rules.register_text(v, i, n)) != Some(n)
        {
            return fail(where_(), format!("{n} is not a value of {name}"));
        }
        setup.registers[i] = n;
        return Ok(());
    }
    let Some(i) = (0..REGISTERS).find(|&i| v.rules.register_name(i) == Some(key)) else {
        let names: Vec<String> = (0..REGISTERS)
            .map(|i| v.rules.register_name(i).map_or_else(|| format!("r{i}"), str::to_string))
            .collect();
        return fail(where_(), format!("expected \"passed\" or one of {}", names.join(" ")));
    };
    let Some(n) = v.rules.register_value(v, i, value) else {
        return fail(where_(), format!("\"{}\" is not a value of {key}", echo(value)));
    };
    setup.registers[i] = n;
    Ok(())
}

/// Reads a FEN's fields into a [`Setup`].
pub(crate) fn parse(v: &Variant, fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return fail("text", "empty");
    }
    let board = parse_board(v, fields[0])?;
    let side = match fields.get(1).copied() {
        None | Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(s) => return fail("side to move", format!("\"{}\" is neither 'w' nor 'b'", echo(s))),
    };
    let mut setup = Setup {
        placed: board.placed,
        neutrals: board.neutrals,
        hand: board.hand,
        side,
        castling: fields.get(2).map_or(Ok(Vec::new()), |t| parse_castling(t))?,
        ep: fields.get(3).map_or(Ok(None), |t| parse_ep(v, t))?,
        halfmoves: parse_count(&fields, 4, "halfmove clock", 0)?,
        fullmoves: parse_count(&fields, 5, "fullmove number", 1)?.max(1),
        passed: false,
        registers: [0; REGISTERS],
    };
    for extra in fields.iter().skip(6) {
        parse_extra(v, extra, &mut setup)?;
    }
    Ok(setup)
}

impl Position {
    /// Reads a FEN for `variant` and checks that it is a position of the game: [`Setup::from_fen`]
    /// then [`Setup::position`] with nothing waived.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and place of the first malformed part, or every problem
    /// of a well-formed FEN that is no position of the game.
    pub fn from_fen(v: &Variant, fen: &str) -> Result<Position, FenError> {
        parse(v, fen)?.position(v, &[])
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
        for (i, &r) in self.registers.iter().enumerate() {
            if r != 0 {
                match v.rules.register_name(i) {
                    Some(name) => {
                        let _ = write!(s, " {name}={}", v.rules.register_text(v, i, r));
                    }
                    None => {
                        let _ = write!(s, " r{i}={r}");
                    }
                }
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
