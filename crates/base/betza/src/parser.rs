//! The XBetza parser: text in, fully expanded [`PieceMoves`] out.
//!
//! The grammar is described in `docs/xbetza.md`. In short:
//!
//! ```text
//! piece    = { chain }
//! chain    = term { "a" term }
//! term     = { modifier } atom [ range ]
//! modifier = "f" | "b" | "l" | "r" | "v" | "s" | "h"      (directions)
//!          | "m" | "c" | "p" | "g" | "n" | "z" | "i" | "e"
//! atom     = "W" | "F" | "D" | "N" | "A" | "H" | "C" | "Z" | "G" | "K" | "R" | "B" | "Q"
//!          | "(" number "," number ")"
//! range    = same atom again | number
//! ```
//!
//! The parser never panics: every malformed input is a [`BetzaError`].

use std::cmp::Ordering;
use std::collections::HashSet;

use crate::ast::{Hop, Leg, Mode, Move, PieceMoves, Step, UNLIMITED};
use crate::error::BetzaError;

/// Most moves one string may expand to, duplicates included (`WWR` expands to 4 + 4 + 4): it
/// bounds the parser's work and memory whatever the input.
pub(crate) const MAX_MOVES: usize = 4096;
/// Largest coordinate of a bracketed leaper `(x,y)`.
const MAX_COORD: u32 = 15;
/// Largest range number (`R255`).
const MAX_RANGE: u32 = 255;
/// Lowercase letters that are modifiers (`a` is the leg joiner, handled apart).
const MODIFIERS: &str = "fblrvshmcpgnzie";

/// Builds a [`BetzaError`] variant pointing at the 0-based character index `$at`.
macro_rules! fail {
    ($p:expr, $variant:ident, $at:expr) => {{
        let at: usize = $at;
        BetzaError::$variant {
            text: $p.text.to_owned(),
            found: $p.char_at(at),
            position: at + 1,
        }
    }};
}

/// Parses an XBetza string into the fully expanded list of moves, seen from White's side.
///
/// The empty string is a piece without moves. Identical moves are listed once; the order is the
/// order of appearance in the string, and within one term the components of a compound atom in
/// order (W before F), each clockwise starting from straight forward (or from the first direction
/// clockwise from it).
///
/// ```
/// use messhall_betza::{parse, Step};
/// let pawn = parse("mfWcfF").unwrap();
/// assert_eq!(pawn.moves.len(), 3);
/// assert_eq!(pawn.moves[0].legs[0].step, Step::new(0, 1));
/// assert!(parse("mfWx").is_err());
/// ```
pub fn parse(text: &str) -> Result<PieceMoves, BetzaError> {
    let mut parser = Parser {
        text,
        chars: text.chars().collect(),
        pos: 0,
    };
    let mut moves = Vec::new();
    let mut seen = HashSet::new();
    // Moves expanded so far, duplicates included: the parser's work.
    let mut expanded = 0;
    while parser.pos < parser.chars.len() {
        let chain = parser.chain()?;
        let chain_moves = parser.expand(&chain, MAX_MOVES - expanded)?;
        expanded += chain_moves.len();
        for mv in chain_moves {
            if seen.insert(mv.clone()) {
                moves.push(mv);
            }
        }
    }
    Ok(PieceMoves { moves })
}

/// The 0-based index of a chain's first character.
fn chain_start(chain: &[Term]) -> usize {
    chain.first().map_or(0, |t| t.start)
}

/// A base atom. Leapers are stored normalised: `(a, b)` with `a <= b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Atom {
    Leaper(u8, u8),
    King,
    Rook,
    Bishop,
    Queen,
}

impl Atom {
    fn from_letter(c: char) -> Option<Atom> {
        Some(match c {
            'W' => Atom::Leaper(0, 1),
            'F' => Atom::Leaper(1, 1),
            'D' => Atom::Leaper(0, 2),
            'N' => Atom::Leaper(1, 2),
            'A' => Atom::Leaper(2, 2),
            'H' => Atom::Leaper(0, 3),
            'C' => Atom::Leaper(1, 3),
            'Z' => Atom::Leaper(2, 3),
            'G' => Atom::Leaper(3, 3),
            'K' => Atom::King,
            'R' => Atom::Rook,
            'B' => Atom::Bishop,
            'Q' => Atom::Queen,
            _ => return None,
        })
    }

    /// Whether writing the atom twice makes it a rider (`NN`, `KK`); `RR` is just `R` twice.
    fn doubles(self) -> bool {
        matches!(self, Atom::Leaper(..) | Atom::King)
    }

    /// The symmetric leapers the atom is made of, each with its default repetition count.
    fn components(self) -> Vec<((u8, u8), u8)> {
        match self {
            Atom::Leaper(a, b) => vec![((a, b), 1)],
            Atom::King => vec![((0, 1), 1), ((1, 1), 1)],
            Atom::Rook => vec![((0, 1), UNLIMITED)],
            Atom::Bishop => vec![((1, 1), UNLIMITED)],
            Atom::Queen => vec![((0, 1), UNLIMITED), ((1, 1), UNLIMITED)],
        }
    }
}

/// The repetition written after an atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Range {
    /// Nothing written: the atom's own default (1 for leapers, unlimited for R, B, Q).
    Default,
    /// Doubled atom or `0`.
    Unlimited,
    /// A number from 1 to 255.
    Limited(u8),
}

/// One leg as written: modifiers, atom, range.
#[derive(Clone, Debug)]
struct Term {
    /// Modifier letters with their 0-based character index, in order (they are contiguous).
    mods: Vec<(char, usize)>,
    atom: Atom,
    /// Index of the term's first character.
    start: usize,
    range: Range,
    /// Index of the `a` that joins this term to the previous one.
    joined_at: Option<usize>,
}

/// The symmetry class of a leaper, which decides how direction modifiers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// `(0, n)`: W, D, H, R.
    Orthogonal,
    /// `(n, n)`: F, A, G, B.
    Diagonal,
    /// `(a, b)` with `0 < a < b`: N, C, Z.
    Oblique,
}

fn classify((a, b): (u8, u8)) -> Class {
    if a == 0 {
        Class::Orthogonal
    } else if a == b {
        Class::Diagonal
    } else {
        Class::Oblique
    }
}

// Side bits.
const FWD: u8 = 1;
const BACK: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

fn side_mask(c: char) -> u8 {
    match c {
        'f' => FWD,
        'b' => BACK,
        'l' => LEFT,
        'r' => RIGHT,
        'v' => FWD | BACK,
        's' => LEFT | RIGHT,
        _ => 0,
    }
}

fn is_direction(c: char) -> bool {
    "fblrvsh".contains(c)
}

fn is_vertical(c: char) -> bool {
    "fbv".contains(c)
}

fn is_horizontal(c: char) -> bool {
    "lrs".contains(c)
}

/// One direction token (see the tokenisation rule in `docs/xbetza.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    /// A letter alone or doubled (`f`, `ff`, `v`).
    Letter(u8),
    /// Two perpendicular letters, first and second (`fr`, `rf`, `vs`).
    Pair(u8, u8),
    /// A letter followed by `h` (`fh`).
    Half(u8),
}

impl Dir {
    fn matches(self, class: Class, step: Step) -> bool {
        let vert = match step.dy.signum() {
            1 => FWD,
            -1 => BACK,
            _ => 0,
        };
        let horiz = match step.dx.signum() {
            1 => RIGHT,
            -1 => LEFT,
            _ => 0,
        };
        // For oblique steps: the side of the long component, then of the short one.
        let (primary, secondary) = if step.dy.unsigned_abs() > step.dx.unsigned_abs() {
            (vert, horiz)
        } else {
            (horiz, vert)
        };
        match (self, class) {
            (Dir::Half(m), _) => (vert | horiz) & m != 0,
            (Dir::Letter(m), Class::Oblique) => primary & m != 0,
            (Dir::Letter(m), _) => (vert | horiz) & m != 0,
            (Dir::Pair(a, b), Class::Orthogonal) => (vert | horiz) & (a | b) != 0,
            (Dir::Pair(a, b), Class::Diagonal) => vert & (a | b) != 0 && horiz & (a | b) != 0,
            (Dir::Pair(a, b), Class::Oblique) => primary & b != 0 && secondary & a != 0,
        }
    }
}

/// The distinct images of the leaper `(a, b)` under the 8 board symmetries, clockwise from
/// straight forward.
fn images((a, b): (u8, u8)) -> Vec<Step> {
    let (a, b) = (a as i8, b as i8);
    let mut out: Vec<Step> = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let s = Step::new(x * sx, y * sy);
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    out.sort_by(clockwise);
    out
}

/// Orders steps by angle, clockwise starting from straight forward `(0, 1)`.
fn clockwise(a: &Step, b: &Step) -> Ordering {
    let half = |s: &Step| u8::from(!(s.dx > 0 || (s.dx == 0 && s.dy > 0)));
    half(a).cmp(&half(b)).then_with(|| {
        let cross = i32::from(a.dx) * i32::from(b.dy) - i32::from(a.dy) * i32::from(b.dx);
        cross.cmp(&0)
    })
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl Parser<'_> {
    fn char_at(&self, at: usize) -> char {
        self.chars.get(at).copied().unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_digit(&self) -> Option<u32> {
        self.peek().and_then(|c| c.to_digit(10))
    }

    /// `term { "a" term }`.
    fn chain(&mut self) -> Result<Vec<Term>, BetzaError> {
        let mut terms = vec![self.term(None)?];
        while self.peek() == Some('a') {
            let at = self.pos;
            self.pos += 1;
            if self.pos >= self.chars.len() {
                return Err(fail!(self, DanglingJoin, at));
            }
            terms.push(self.term(Some(at))?);
        }
        Ok(terms)
    }

    /// `{ modifier } atom [ range ]`.
    fn term(&mut self, joined_at: Option<usize>) -> Result<Term, BetzaError> {
        let mut mods = Vec::new();
        let term_start = self.pos;
        let atom = loop {
            let at = self.pos;
            let Some(c) = self.peek() else {
                let at = mods
                    .first()
                    .map(|&(_, at)| at)
                    .or(joined_at)
                    .unwrap_or(self.chars.len().saturating_sub(1));
                return Err(if mods.is_empty() {
                    fail!(self, DanglingJoin, at)
                } else {
                    fail!(self, MissingAtom, at)
                });
            };
            if c == 'a' {
                return Err(fail!(self, DanglingJoin, at));
            } else if c.is_ascii_lowercase() && MODIFIERS.contains(c) {
                mods.push((c, at));
                self.pos += 1;
            } else if c.is_ascii_digit() {
                return Err(fail!(self, StrayDigit, at));
            } else if c == '(' {
                break self.bracket()?;
            } else if let Some(atom) = Atom::from_letter(c) {
                self.pos += 1;
                break atom;
            } else {
                return Err(fail!(self, UnknownChar, at));
            }
        };

        let mut range = Range::Default;
        let doubled = atom.doubles() && self.same_atom_follows(atom);
        if doubled {
            range = Range::Unlimited;
        }
        if self.peek_digit().is_some() {
            let start = self.pos;
            if doubled {
                return Err(fail!(self, RangeAfterDouble, start));
            }
            let mut value = 0u32;
            while let Some(d) = self.peek_digit() {
                value = value * 10 + d;
                if value > MAX_RANGE {
                    return Err(fail!(self, RangeTooLarge, start));
                }
                self.pos += 1;
            }
            range = match u8::try_from(value) {
                Ok(0) => Range::Unlimited,
                Ok(n) => Range::Limited(n),
                Err(_) => return Err(fail!(self, RangeTooLarge, start)),
            };
        }
        Ok(Term {
            mods,
            atom,
            start: term_start,
            range,
            joined_at,
        })
    }

    /// If the same atom is written again right here, consumes it and returns true.
    fn same_atom_follows(&mut self, atom: Atom) -> bool {
        let save = self.pos;
        let again = match self.peek() {
            Some('(') => self.bracket().ok(),
            Some(c) => {
                self.pos += 1;
                Atom::from_letter(c)
            }
            None => None,
        };
        if again == Some(atom) {
            true
        } else {
            self.pos = save;
            false
        }
    }

    /// `"(" number "," number ")"`, starting at the `(`.
    fn bracket(&mut self) -> Result<Atom, BetzaError> {
        let open = self.pos;
        self.pos += 1;
        let x = self.coordinate(open)?;
        self.expect(',', open)?;
        let y = self.coordinate(open)?;
        self.expect(')', open)?;
        if x == 0 && y == 0 {
            return Err(fail!(self, NullLeaper, open));
        }
        Ok(Atom::Leaper(x.min(y), x.max(y)))
    }

    fn expect(&mut self, want: char, open: usize) -> Result<(), BetzaError> {
        match self.peek() {
            None => Err(fail!(self, UnclosedLeaper, open)),
            Some(c) if c == want => {
                self.pos += 1;
                Ok(())
            }
            Some(_) => Err(fail!(self, LeaperSyntax, self.pos)),
        }
    }

    fn coordinate(&mut self, open: usize) -> Result<u8, BetzaError> {
        let start = self.pos;
        match self.peek() {
            None => return Err(fail!(self, UnclosedLeaper, open)),
            Some(c) if !c.is_ascii_digit() => return Err(fail!(self, LeaperSyntax, start)),
            Some(_) => {}
        }
        let mut value = 0u32;
        while let Some(d) = self.peek_digit() {
            value = value * 10 + d;
            if value > MAX_COORD {
                return Err(fail!(self, LeaperTooLong, start));
            }
            self.pos += 1;
        }
        u8::try_from(value).map_err(|_| fail!(self, LeaperTooLong, start))
    }

    /// Splits a term's modifiers into direction tokens (greedy, left to right).
    fn directions(&self, mods: &[(char, usize)]) -> Result<Vec<Dir>, BetzaError> {
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(&(c, at)) = mods.get(i) {
            if !is_direction(c) {
                i += 1;
                continue;
            }
            if c == 'h' {
                return Err(fail!(self, BadHalf, at));
            }
            let next = mods.get(i + 1).map(|&(n, _)| n);
            let (token, used) = match next {
                Some('h') => {
                    if "fblr".contains(c) {
                        (Dir::Half(side_mask(c)), 2)
                    } else {
                        return Err(fail!(self, BadHalf, at + 1));
                    }
                }
                Some(n) if n == c => (Dir::Letter(side_mask(c)), 2),
                Some(n) if (is_vertical(c) && is_horizontal(n)) || (is_horizontal(c) && is_vertical(n)) => {
                    (Dir::Pair(side_mask(c), side_mask(n)), 2)
                }
                _ => (Dir::Letter(side_mask(c)), 1),
            };
            out.push(token);
            i += used;
        }
        Ok(out)
    }

    /// The alternatives of one leg, plus its `i` and `e` flags.
    fn legs(&self, term: &Term, is_final: bool) -> Result<(Vec<Leg>, bool, bool), BetzaError> {
        let find = |want: char| term.mods.iter().find(|&&(c, _)| c == want).map(|&(_, at)| at);
        let [m, c, p, g, n, z, i, e] = ['m', 'c', 'p', 'g', 'n', 'z', 'i', 'e'].map(find);

        let conflict = |a: Option<usize>, b: Option<usize>| -> Result<(), BetzaError> {
            if let (Some(a), Some(b)) = (a, b) {
                let (first, later) = if a < b { (a, b) } else { (b, a) };
                return Err(BetzaError::Conflict {
                    text: self.text.to_owned(),
                    found: self.char_at(later),
                    position: later + 1,
                    other: self.char_at(first),
                });
            }
            Ok(())
        };
        conflict(p, g)?;
        conflict(n, g)?;
        if is_final {
            conflict(n, p)?;
        }

        let dirs = self.directions(&term.mods)?;
        let mode = if is_final {
            Mode {
                to_empty: m.is_some() || c.is_none(),
                to_enemy: c.is_some() || m.is_none(),
                over_piece: false,
            }
        } else {
            Mode {
                to_empty: m.is_some() || (c.is_none() && p.is_none()),
                to_enemy: c.is_some(),
                over_piece: p.is_some(),
            }
        };
        let hop = if g.is_some() {
            Hop::Grasshopper
        } else if p.is_some() && is_final {
            Hop::Cannon
        } else {
            Hop::None
        };

        let mut legs = Vec::new();
        for (leaper, default_steps) in term.atom.components() {
            let max_steps = match term.range {
                Range::Default => default_steps,
                Range::Unlimited => UNLIMITED,
                Range::Limited(n) => n,
            };
            if let Some(z) = z {
                if max_steps == 1 {
                    return Err(fail!(self, CrookedLeaper, z));
                }
            }
            let class = classify(leaper);
            for step in images(leaper) {
                if !dirs.is_empty() && !dirs.iter().any(|d| d.matches(class, step)) {
                    continue;
                }
                let partners = match (z, class) {
                    (None, _) => vec![None],
                    (Some(_), Class::Oblique) => {
                        if step.dy.unsigned_abs() > step.dx.unsigned_abs() {
                            vec![Some(Step::new(-step.dx, step.dy))]
                        } else {
                            vec![Some(Step::new(step.dx, -step.dy))]
                        }
                    }
                    (Some(_), _) => vec![Some(Step::new(step.dy, -step.dx)), Some(Step::new(-step.dy, step.dx))],
                };
                for crooked in partners {
                    legs.push(Leg {
                        step,
                        max_steps,
                        lame: n.is_some(),
                        crooked,
                        mode,
                        hop,
                    });
                }
            }
        }
        Ok((legs, i.is_some(), e.is_some()))
    }

    /// Expands a chain of terms into one move per combination of leg alternatives, at most
    /// `budget` of them.
    fn expand(&self, chain: &[Term], budget: usize) -> Result<Vec<Move>, BetzaError> {
        let last = chain.len().saturating_sub(1);
        let mut per_leg = Vec::with_capacity(chain.len());
        let mut initial_only = false;
        let mut en_passant = false;
        for (index, term) in chain.iter().enumerate() {
            let (legs, i, e) = self.legs(term, index == last)?;
            initial_only |= i;
            en_passant |= e;
            per_leg.push(legs);
        }
        let total = per_leg.iter().fold(1usize, |acc, legs| acc.saturating_mul(legs.len()));
        if total > budget {
            let mut running = 1usize;
            for (term, legs) in chain.iter().zip(&per_leg) {
                running = running.saturating_mul(legs.len());
                if running > budget {
                    let at = term.joined_at.unwrap_or_else(|| chain_start(chain));
                    return Err(fail!(self, TooManyMoves, at));
                }
            }
        }
        let mut combos: Vec<Vec<Leg>> = vec![Vec::new()];
        for legs in &per_leg {
            let mut next = Vec::with_capacity(combos.len() * legs.len());
            for prefix in &combos {
                for leg in legs {
                    let mut combo = prefix.clone();
                    combo.push(*leg);
                    next.push(combo);
                }
            }
            combos = next;
        }
        Ok(combos
            .into_iter()
            .filter(|legs| !legs.is_empty())
            .map(|legs| Move {
                legs,
                initial_only,
                en_passant,
            })
            .collect())
    }
}
