//! A deliberately plain "A Friendly Game of Chess" move generator, written only to check the engine.
//!
//! It shares no code with the engine: its own board (an array of 144 squares), its own FEN reader,
//! every piece's moves written out by hand from the rules notes beside it (`RULES.md`, quoted as
//! `notes:` in the comments below), the Friends' borrowing computed literally by the recursion
//! lent(F, E) on board copies where Friends are replaced by power-less enemy stand-ins, and attacks
//! found by brute force (generate every capture of every piece and look for the square). Slow on
//! purpose; clear over fast.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};

pub const SIZE: i32 = 12;

/// notes: "Start FEN: tmdcffffcdmt/jsglabbquoih/xpeyvzzvyepx/12/12/12/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1"
pub const START: &str =
    "tmdcffffcdmt/jsglabbquoih/xpeyvzzvyepx/12/12/12/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Friend,
    Archer,
    Bodyguard,
    Buffalo,
    Caliph,
    Dayrider,
    Squirrel,
    Gerbil,
    Hangman,
    Impala,
    Jellyfish,
    Lady,
    Midnighter,
    Mtawala,
    Poison,
    Samurai,
    Sniper,
    Standard,
    Berolina,
    Chicken,
    Mecklenbeck,
    Patient,
    Scorpion,
    /// The power-less enemy piece put on a Friend's square while computing what Friends borrow.
    StandIn,
}

/// notes: "Letters (uppercase White, lowercase Black): F Friend, A Archer, B Bodyguard, U Buffalo, C Caliph,
/// D Dayrider, Q Displacer Squirrel, G Gerbil, H Hangman, I Impala, J Jellyfish, L Lady in Waiting,
/// M Midnighter, T Mtawala, O Poison, K Samurai, S Sniper; pawns: P Standard, E Berolina, Y Chicken,
/// X Mecklenbeck, V Patient, Z Scorpion."
const LETTERS: [(char, Kind); 23] = [
    ('F', Kind::Friend),
    ('A', Kind::Archer),
    ('B', Kind::Bodyguard),
    ('U', Kind::Buffalo),
    ('C', Kind::Caliph),
    ('D', Kind::Dayrider),
    ('Q', Kind::Squirrel),
    ('G', Kind::Gerbil),
    ('H', Kind::Hangman),
    ('I', Kind::Impala),
    ('J', Kind::Jellyfish),
    ('L', Kind::Lady),
    ('M', Kind::Midnighter),
    ('T', Kind::Mtawala),
    ('O', Kind::Poison),
    ('K', Kind::Samurai),
    ('S', Kind::Sniper),
    ('P', Kind::Standard),
    ('E', Kind::Berolina),
    ('Y', Kind::Chicken),
    ('X', Kind::Mecklenbeck),
    ('V', Kind::Patient),
    ('Z', Kind::Scorpion),
];

/// notes: "compulsory; to any of: A B U C D Q G H I J L M T O K S (every type but Friend and the pawns)."
const PROMOTIONS: [Kind; 16] = [
    Kind::Archer,
    Kind::Bodyguard,
    Kind::Buffalo,
    Kind::Caliph,
    Kind::Dayrider,
    Kind::Squirrel,
    Kind::Gerbil,
    Kind::Hangman,
    Kind::Impala,
    Kind::Jellyfish,
    Kind::Lady,
    Kind::Midnighter,
    Kind::Mtawala,
    Kind::Poison,
    Kind::Samurai,
    Kind::Sniper,
];

fn kind_of_letter(c: char) -> Option<Kind> {
    let upper = c.to_ascii_uppercase();
    LETTERS.iter().find(|(l, _)| *l == upper).map(|&(_, k)| k)
}

/// The uppercase letter of a type.
pub fn letter(kind: Kind) -> char {
    LETTERS.iter().find(|(_, k)| *k == kind).map_or('?', |&(l, _)| l)
}

fn is_pawn(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Standard | Kind::Berolina | Kind::Chicken | Kind::Mecklenbeck | Kind::Patient | Kind::Scorpion
    )
}

/// notes: "after a Standard-family double step (Standard, Chicken, Mecklenbeck, Patient, Scorpion)"
fn standard_family(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Standard | Kind::Chicken | Kind::Mecklenbeck | Kind::Patient | Kind::Scorpion
    )
}

/// The rank (0-based) where a pawn of this type and colour promotes.
/// notes: "Promotion: all pawns but the Mecklenbeck on the last rank (12 / 1), the Mecklenbeck on its 10th rank"
/// (and "Mecklenbeck: Standard pawn; promotes on rank 10 (White) / rank 3 (Black).")
fn promotion_rank(kind: Kind, white: bool) -> i32 {
    match (kind == Kind::Mecklenbeck, white) {
        (true, true) => 9,
        (true, false) => 2,
        (false, true) => SIZE - 1,
        (false, false) => 0,
    }
}

/// A set of types, one bit per type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct KindSet(u32);

impl KindSet {
    fn one(kind: Kind) -> KindSet {
        KindSet(1 << kind as u32)
    }

    fn has(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u32) != 0
    }

    fn add(&mut self, kind: Kind) {
        self.0 |= 1 << kind as u32;
    }

    fn add_all(&mut self, other: KindSet) {
        self.0 |= other.0;
    }

    fn kinds(self) -> Vec<Kind> {
        LETTERS.iter().map(|&(_, k)| k).filter(|&k| self.has(k)).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub white: bool,
    pub kind: Kind,
    /// notes: "A piece may be followed by `{m}` ... or `{u}` ... Otherwise a piece is unmoved exactly when it
    /// stands on its start square"; tracked per piece afterwards.
    pub unmoved: bool,
}

/// A square as (file, rank), both 0..12.
pub type Sq = (i32, i32);

fn idx((f, r): Sq) -> usize {
    (r * SIZE + f) as usize
}

fn sq_of(i: usize) -> Sq {
    (i as i32 % SIZE, i as i32 / SIZE)
}

fn on_board((f, r): Sq) -> bool {
    (0..SIZE).contains(&f) && (0..SIZE).contains(&r)
}

fn plus((a, b): Sq, (c, d): Sq) -> Sq {
    (a + c, b + d)
}

pub fn square_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

pub fn parse_square(s: &str) -> Result<Sq, String> {
    let mut chars = s.chars();
    let file = chars.next().ok_or("empty square name")?;
    if !('a'..='l').contains(&file) {
        return Err(format!("bad file in {s:?}"));
    }
    let rank: i32 = chars.as_str().parse().map_err(|_| format!("bad rank in {s:?}"))?;
    if !(1..=SIZE).contains(&rank) {
        return Err(format!("bad rank in {s:?}"));
    }
    Ok((file as i32 - 'a' as i32, rank - 1))
}

/// The eight offsets (±a, ±b) and (±b, ±a) of an oblique leap (a ≠ b, both non-zero).
const fn oblique(a: i32, b: i32) -> [Sq; 8] {
    [(a, b), (a, -b), (-a, b), (-a, -b), (b, a), (b, -a), (-b, a), (-b, -a)]
}

/// The four offsets (0, ±n) and (±n, 0).
const fn orthogonal(n: i32) -> [Sq; 4] {
    [(0, n), (0, -n), (n, 0), (-n, 0)]
}

/// The four offsets (±n, ±n).
const fn diagonal(n: i32) -> [Sq; 4] {
    [(n, n), (n, -n), (-n, n), (-n, -n)]
}

const ORTHOGONALS: [Sq; 4] = orthogonal(1);
const DIAGONALS: [Sq; 4] = diagonal(1);
const KING: [Sq; 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [Sq; 8] = oblique(1, 2);
const CAMEL: [Sq; 8] = oblique(1, 3);
const ZEBRA: [Sq; 8] = oblique(2, 3);
/// The (0,2), (2,2) and (1,2) offsets: the Displacer Squirrel's leaps and swaps.
const SQUIRREL: [Sq; 16] = [
    (0, 2),
    (0, -2),
    (2, 0),
    (-2, 0),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// What a move does. notes (RULINGS): a move is identified by "from-square, to-square, kind (move, capture,
/// rifle, withdrawal, katana, swap ...), the squares it empties, and the promotion".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Quiet,
    Capture,
    EnPassant,
    Withdraw,
    Rifle,
    Katana,
    Swap,
}

#[derive(Clone, Copy, Debug)]
struct Mv {
    from: Sq,
    /// Where the mover ends (for a rifle capture: its own square; for a swap: the partner's square).
    to: Sq,
    act: Act,
    /// The square of the piece the move removes (the mover's own square never).
    victim: Option<Sq>,
    /// The new type of a promoting pawn (for a swap: of the partner pawn arriving on `from`).
    promo: Option<Kind>,
    /// The skipped square, when this is a double step that gives en passant rights.
    ep_square: Option<Sq>,
    /// The victim was poisonous: the mover is removed as well.
    mover_dies: bool,
}

impl Mv {
    /// notes: "Coordinate notation of moves (what perft compares)".
    fn notation(&self) -> String {
        let from = square_name(self.from);
        match self.act {
            // notes: "rifle capture: `<from><victim>,<victim><from>` e.g. `h2g4,g4h2`."
            Act::Rifle => {
                let v = square_name(self.victim.expect("a victim"));
                format!("{from}{v},{v}{from}")
            }
            // notes: "katana capture: `<from><victim>,<victim><to>` e.g. `c3d6,d6e9`."
            Act::Katana => {
                let v = square_name(self.victim.expect("a victim"));
                format!("{from}{v},{v}{}", square_name(self.to))
            }
            // notes: "ordinary move, capture, double step, e.p., the Patient's step-then-capture, withdrawal
            // (compulsory, so unambiguous), swap: `<from><to>` ...; promotion appends the lowercase letter of the
            // new type: `e11e12k`. For a swap the promotion letter applies to the partner pawn arriving on <from>."
            _ => {
                let mut s = format!("{from}{}", square_name(self.to));
                if let Some(p) = self.promo {
                    s.push(letter(p).to_ascii_lowercase());
                }
                s
            }
        }
    }
}

/// Restrictions from immobilizers and Hia holders, for one stage of the computation order.
#[derive(Clone)]
struct Restr {
    /// The piece on this square is immobilized (next to an enemy immobilizer).
    frozen: [bool; 144],
    /// The square is next to a White Hia holder (limits Black's slides).
    near_white_hia: [bool; 144],
    /// The square is next to a Black Hia holder (limits White's slides).
    near_black_hia: [bool; 144],
}

impl Restr {
    /// The squares a piece of colour `white` may not start a slide on or slide over.
    fn enemy_hia(&self, white: bool) -> &[bool; 144] {
        if white {
            &self.near_black_hia
        } else {
            &self.near_white_hia
        }
    }
}

/// What a Friend borrows: types, and the pawn types whose initial moves it may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lent {
    types: KindSet,
    /// notes: "initial-only moves ... only if the Friend is unmoved and one of the lending pawns of that type
    /// (directly, or through a lending Friend which must then be unmoved itself too) is unmoved". This set holds
    /// the pawn types with such an unmoved lender; the Friend's own unmoved flag is checked when it moves.
    initial: KindSet,
}

/// The abilities a piece moves with: its own type, or for a Friend its lent types.
#[derive(Clone, Copy, Debug)]
struct Powers {
    types: KindSet,
    /// The types whose initial-only moves are allowed now.
    initial: KindSet,
    friend: bool,
}

/// Everything computed once per position: the Friends' lent sets (stage (b)) and the full restrictions (c).
struct Ctx {
    lent: [Lent; 144],
    restr: Restr,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}

/// Collects the moves of one piece standing on `from`.
struct Gen<'a> {
    board: &'a Board,
    from: Sq,
    white: bool,
    /// Squares next to an enemy Hia holder.
    hia: &'a [bool; 144],
    out: Vec<Mv>,
}

impl Gen<'_> {
    fn push(&mut self, to: Sq, act: Act, victim: Option<Sq>) {
        self.out.push(Mv {
            from: self.from,
            to,
            act,
            victim,
            promo: None,
            ep_square: None,
            mover_dies: false,
        });
    }

    /// Lands on one square: moves there if empty (unless capture-only), captures an enemy there (unless
    /// move-only). notes: "only capturing moves capture and only moving moves move".
    fn target(&mut self, to: Sq, mode: Mode) {
        if !on_board(to) {
            return;
        }
        match self.board.at(to) {
            None if mode != Mode::CaptureOnly => self.push(to, Act::Quiet, None),
            Some(m) if m.white != self.white && mode != Mode::MoveOnly => self.push(to, Act::Capture, Some(to)),
            _ => {}
        }
    }

    fn leaps(&mut self, offsets: &[Sq], mode: Mode) {
        for &o in offsets {
            self.target(plus(self.from, o), mode);
        }
    }

    /// Repeated leaps in one direction. notes (Dayrider): "each landing square before the last must be empty;
    /// the intermediate squares jumped over do not matter"; (Midnighter): "every landing square before the
    /// last must be empty".
    fn ride(&mut self, offset: Sq, mode: Mode) {
        let mut s = plus(self.from, offset);
        while on_board(s) {
            self.target(s, mode);
            if !self.board.empty(s) {
                break;
            }
            s = plus(s, offset);
        }
    }

    /// Slides up to `max` squares in one direction. notes (Hia): "A slide (a move of 2+ squares along a line) is
    /// forbidden when its start square or any square it passes over (not its destination) is adjacent (8
    /// neighbours) to an enemy Hia holder. One-square moves are never affected".
    fn slide(&mut self, dir: Sq, max: i32, mode: Mode, hia_affected: bool) {
        let mut passed_near = hia_affected && self.hia[idx(self.from)];
        let mut s = self.from;
        for step in 1..=max {
            s = plus(s, dir);
            if !on_board(s) || (step >= 2 && passed_near) {
                break;
            }
            self.target(s, mode);
            if !self.board.empty(s) {
                break;
            }
            passed_near |= hia_affected && self.hia[idx(s)];
        }
    }

    /// Exactly two squares along a line, the middle square empty (a 2-square slide).
    fn slide_exact2(&mut self, dir: Sq, mode: Mode, hia_affected: bool) {
        let middle = plus(self.from, dir);
        let to = plus(middle, dir);
        if !on_board(to) || !self.board.empty(middle) {
            return;
        }
        if hia_affected && (self.hia[idx(self.from)] || self.hia[idx(middle)]) {
            return;
        }
        self.target(to, mode);
    }

    /// notes: "Rifle (Archer, Sniper, Friends that borrow them): removes an enemy at the offset, mover stays.
    /// Leaps: squares between do not matter."
    fn rifle(&mut self, offset: Sq) {
        let v = plus(self.from, offset);
        if on_board(v) && self.board.enemy_of(v, self.white) {
            self.push(self.from, Act::Rifle, Some(v));
        }
    }

    /// notes: "katana capture: leap to an EMPTY square at a (2,6) offset, removing an ENEMY piece at the (1,3)
    /// offset halfway (only as a capture: needs that enemy)." "Leap: squares between do not matter except the
    /// victim and landing."
    fn katana(&mut self, half: Sq) {
        let v = plus(self.from, half);
        let to = plus(v, half);
        if on_board(to) && self.board.empty(to) && self.board.enemy_of(v, self.white) {
            self.push(to, Act::Katana, Some(v));
        }
    }

    /// Every move of one type from `from` (no withdrawal, swap, Chicken retreat, e.p. or promotion: those are
    /// added by the callers). notes: "Moves of each type (XBetza as in RULINGS; seen from White, mirrored for
    /// Black)".
    fn type_moves(&mut self, kind: Kind, initial: bool) {
        let fwd = if self.white { 1 } else { -1 };
        match kind {
            // notes: "Archer: exactly two squares diagonally, middle square empty (a 2-square slide), to empty or
            // enemy. Rifle capture: an enemy at any (1,2) offset is removed; the Archer stays."
            Kind::Archer => {
                for d in DIAGONALS {
                    self.slide_exact2(d, Mode::Both, true);
                }
                for o in KNIGHT {
                    self.rifle(o);
                }
            }
            // notes: "Bodyguard: like a queen, up to 2 squares (slide; middle must be empty)." Not limited by Hia:
            // "Bodyguard, Dayrider, Midnighter, Chicken retreat are never affected."
            Kind::Bodyguard => {
                for d in KING {
                    self.slide(d, 2, Mode::Both, false);
                }
            }
            // notes: "Buffalo: leaps (1,2), (1,3), (2,3) in all 8 directions each."
            Kind::Buffalo => {
                self.leaps(&KNIGHT, Mode::Both);
                self.leaps(&CAMEL, Mode::Both);
                self.leaps(&ZEBRA, Mode::Both);
            }
            // notes: "Caliph: bishop slide + (1,3) leap." Hia: "Caliph (bishop part)".
            Kind::Caliph => {
                for d in DIAGONALS {
                    self.slide(d, SIZE, Mode::Both, true);
                }
                self.leaps(&CAMEL, Mode::Both);
            }
            // notes: "Dayrider: one step any direction, plus repeated (0,2) or (2,2) leaps in one direction".
            Kind::Dayrider => {
                self.leaps(&KING, Mode::Both);
                for o in orthogonal(2).into_iter().chain(diagonal(2)) {
                    self.ride(o, Mode::Both);
                }
            }
            // notes: "Displacer Squirrel: leaps to any square at (0,2), (2,2), (1,2) offsets" (swaps: see
            // `swaps`).
            Kind::Squirrel => {
                self.leaps(&SQUIRREL, Mode::Both);
            }
            // notes: "Gerbil: (2,2) leap and (1,4) leap."
            Kind::Gerbil => {
                self.leaps(&diagonal(2), Mode::Both);
                self.leaps(&oblique(1, 4), Mode::Both);
            }
            // notes: "Hangman: one step any direction to an EMPTY square only (never captures by moving onto a
            // piece). Withdrawal (below)."
            Kind::Hangman => self.leaps(&KING, Mode::MoveOnly),
            // notes: "Impala: (1,2) and (3,4) leaps."
            Kind::Impala => {
                self.leaps(&KNIGHT, Mode::Both);
                self.leaps(&oblique(3, 4), Mode::Both);
            }
            // notes: "Jellyfish: one step any direction (moves and captures)."
            Kind::Jellyfish => self.leaps(&KING, Mode::Both),
            // notes: "Lady in Waiting: queen up to 6." Hia: "Lady (all)".
            Kind::Lady => {
                for d in KING {
                    self.slide(d, 6, Mode::Both, true);
                }
            }
            // notes: "Midnighter: rider of (1,2), or of (3,5), or of (4,5): one kind and one direction per move;
            // every landing square before the last must be empty."
            Kind::Midnighter => {
                for o in KNIGHT.into_iter().chain(oblique(3, 5)).chain(oblique(4, 5)) {
                    self.ride(o, Mode::Both);
                }
            }
            // notes: "Mtawala: rook slide + (2,3) leap." Hia: "Mtawala (rook part)".
            Kind::Mtawala => {
                for d in ORTHOGONALS {
                    self.slide(d, SIZE, Mode::Both, true);
                }
                self.leaps(&ZEBRA, Mode::Both);
            }
            // notes: "Poison: captures one step orthogonally (only captures, cannot move there without
            // capturing); non-capturing knight move blocked when the orthogonal square next to it on the way (the
            // square one step along the long axis) is occupied (Xiangqi horse)."
            Kind::Poison => {
                self.leaps(&ORTHOGONALS, Mode::CaptureOnly);
                for (dx, dy) in KNIGHT {
                    let leg = if dx.abs() > dy.abs() {
                        (dx.signum(), 0)
                    } else {
                        (0, dy.signum())
                    };
                    if self.board.empty(plus(self.from, leg)) {
                        self.target(plus(self.from, (dx, dy)), Mode::MoveOnly);
                    }
                }
            }
            // notes: "Samurai (only from promotion): (1,2) leap; katana capture ..."
            Kind::Samurai => {
                self.leaps(&KNIGHT, Mode::Both);
                for half in CAMEL {
                    self.katana(half);
                }
            }
            // notes: "Sniper: one step any direction (move or capture); a non-capturing 2-square slide in any of
            // the 8 directions (middle empty, destination empty); rifle captures at (0,5) and (2,3) offsets."
            // Hia: "Sniper (its 2-square slide)".
            Kind::Sniper => {
                self.leaps(&KING, Mode::Both);
                for d in KING {
                    self.slide_exact2(d, Mode::MoveOnly, true);
                }
                for o in orthogonal(5).into_iter().chain(ZEBRA) {
                    self.rifle(o);
                }
            }
            // notes: "Friend: no moves of its own; borrows (below)."
            Kind::Friend | Kind::StandIn => {}
            // notes: "Berolina: step diagonally forward to empty; capture straight forward (also en passant);
            // while unmoved a two-square diagonal forward move to empty, middle square empty."
            Kind::Berolina => {
                self.leaps(&[(1, fwd), (-1, fwd)], Mode::MoveOnly);
                self.leaps(&[(0, fwd)], Mode::CaptureOnly);
                if initial {
                    for sx in [1, -1] {
                        if self.board.empty(plus(self.from, (sx, fwd))) {
                            self.target(plus(self.from, (2 * sx, 2 * fwd)), Mode::MoveOnly);
                        }
                    }
                }
            }
            // notes: "Standard: step forward to empty; capture one diagonally forward (also en passant); while
            // unmoved a double step forward (both squares empty)". Chicken, Mecklenbeck, Patient, Scorpion:
            // "Standard pawn" plus their extras.
            Kind::Standard | Kind::Chicken | Kind::Mecklenbeck | Kind::Patient | Kind::Scorpion => {
                let ahead = plus(self.from, (0, fwd));
                self.leaps(&[(0, fwd)], Mode::MoveOnly);
                self.leaps(&[(1, fwd), (-1, fwd)], Mode::CaptureOnly);
                if initial && self.board.empty(ahead) {
                    self.target(plus(self.from, (0, 2 * fwd)), Mode::MoveOnly);
                }
                // notes: "Patient: Standard pawn; while unmoved also: step one forward onto an empty square and
                // from there capture one diagonally forward (a normal capture from its start square to that
                // square; not e.p.)."
                if kind == Kind::Patient && initial && self.board.empty(ahead) {
                    self.leaps(&[(1, 2 * fwd), (-1, 2 * fwd)], Mode::CaptureOnly);
                }
                // notes: "Scorpion: Standard pawn; also a non-capturing leap one forward and two sideways ((2,1)
                // forward wide)."
                if kind == Kind::Scorpion {
                    self.leaps(&[(2, fwd), (-2, fwd)], Mode::MoveOnly);
                }
                // The Chicken's retreat needs to know whether it is attacked: see `piece_moves`.
            }
        }
    }
}

#[derive(Clone)]
pub struct Board {
    squares: [Option<Man>; 144],
    pub white_to_move: bool,
    /// After a double step giving en passant rights: the skipped square and the square of the pawn.
    ep: Option<(Sq, Sq)>,
    halfmove: u32,
    fullmove: u32,
}

/// Reads the piece placement of a FEN: the squares, and which of them carry a `{m}`/`{u}` note (with the note).
#[allow(clippy::type_complexity)]
fn read_placement(text: &str) -> Result<([Option<Man>; 144], Vec<(usize, bool)>), String> {
    let mut squares = [None; 144];
    let mut notes = Vec::new();
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(format!("{} ranks, not 12", ranks.len()));
    }
    // notes: "FEN: ranks from 12 down to 1, numbers (may be 2 digits: `12`) count empty squares."
    for (i, rank_text) in ranks.iter().enumerate() {
        let r = SIZE - 1 - i as i32;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut f = 0;
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut n = 0;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    n = n * 10 + chars[k].to_digit(10).expect("a digit") as i32;
                    k += 1;
                }
                f += n;
                continue;
            }
            let kind = kind_of_letter(c).ok_or_else(|| format!("unknown piece letter {c:?}"))?;
            if f >= SIZE {
                return Err(format!("rank {} too long", r + 1));
            }
            squares[idx((f, r))] = Some(Man {
                white: c.is_ascii_uppercase(),
                kind,
                unmoved: false,
            });
            k += 1;
            // notes: "A piece may be followed by `{m}` (has moved although it stands on its start square) or `{u}`
            // (has not moved although it is not on its start square)."
            if k < chars.len() && chars[k] == '{' {
                let end = chars[k..].iter().position(|&x| x == '}').ok_or("unclosed {")? + k;
                let note: String = chars[k + 1..end].iter().collect();
                let unmoved = match note.as_str() {
                    "u" => true,
                    "m" => false,
                    other => return Err(format!("unknown note {{{other}}}")),
                };
                notes.push((idx((f, r)), unmoved));
                k = end + 1;
            }
            f += 1;
        }
        if f != SIZE {
            return Err(format!("rank {} has {f} squares", r + 1));
        }
    }
    Ok((squares, notes))
}

impl Board {
    pub fn from_fen(fen: &str) -> Result<Board, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(format!("{} fields", fields.len()));
        }
        let (mut squares, notes) = read_placement(fields[0])?;
        let (start, _) = read_placement(START.split_whitespace().next().expect("a placement"))?;
        // notes: "Otherwise a piece is unmoved exactly when it stands on its start square (the square of the start
        // position where the same piece (colour+type) stands)."
        for (i, square) in squares.iter_mut().enumerate() {
            if let Some(man) = square.as_mut() {
                man.unmoved = match notes.iter().find(|(n, _)| *n == i) {
                    Some(&(_, unmoved)) => unmoved,
                    None => start[i].is_some_and(|s| s.white == man.white && s.kind == man.kind),
                };
            }
        }
        // notes: "Side `w`/`b`."
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => return Err(format!("bad side {other:?}")),
        };
        // notes: "Castling field always `-`."
        if fields.len() > 2 && fields[2] != "-" {
            return Err(format!("bad castling field {:?}", fields[2]));
        }
        // notes: "En passant field `-` or the skipped square (e.g. `e4`), possibly written `e4>e5` (skipped square >
        // square of the pawn that skipped it)."
        let ep = match fields.get(3) {
            None | Some(&"-") => None,
            Some(text) => {
                let (skipped, pawn) = match text.split_once('>') {
                    Some((a, b)) => (parse_square(a)?, parse_square(b)?),
                    None => {
                        let skipped = parse_square(text)?;
                        // The pawn that skipped it moved with the other side's forward, one square further.
                        let dir = if white_to_move { -1 } else { 1 };
                        (skipped, (skipped.0, skipped.1 + dir))
                    }
                };
                if !on_board(pawn) {
                    return Err(format!("bad en passant field {text:?}"));
                }
                Some((skipped, pawn))
            }
        };
        let halfmove = match fields.get(4) {
            Some(t) => t.parse().map_err(|_| format!("bad halfmove clock {t:?}"))?,
            None => 0,
        };
        let fullmove = match fields.get(5) {
            Some(t) => t.parse().map_err(|_| format!("bad move number {t:?}"))?,
            None => 1,
        };
        Ok(Board {
            squares,
            white_to_move,
            ep,
            halfmove,
            fullmove,
        })
    }

    pub fn at(&self, s: Sq) -> Option<Man> {
        if on_board(s) { self.squares[idx(s)] } else { None }
    }

    fn put(&mut self, s: Sq, man: Option<Man>) {
        self.squares[idx(s)] = man;
    }

    /// On the board and empty.
    fn empty(&self, s: Sq) -> bool {
        on_board(s) && self.squares[idx(s)].is_none()
    }

    fn enemy_of(&self, s: Sq, white: bool) -> bool {
        self.at(s).is_some_and(|m| m.white != white)
    }

    /// The squares of the Friends of one side.
    fn friends(&self, white: bool) -> Vec<Sq> {
        (0..144)
            .filter(|&i| self.squares[i].is_some_and(|m| m.white == white && m.kind == Kind::Friend))
            .map(sq_of)
            .collect()
    }

    /// The squares of the pieces of one side.
    fn pieces(&self, white: bool) -> Vec<Sq> {
        (0..144)
            .filter(|&i| self.squares[i].is_some_and(|m| m.white == white))
            .map(sq_of)
            .collect()
    }

    /// Immobilized pieces and Hia areas. With `lent == None`, stage (a): notes: "(a) immobilization and Hia from
    /// the real (non-Friend) Jellyfish and Bodyguards only"; with the Friends' lent sets, stage (c): notes: "(c)
    /// then immobilization and Hia lent to Friends are added and restrict all moves and attacks".
    fn restrictions(&self, lent: Option<&[Lent; 144]>) -> Restr {
        let mut r = Restr {
            frozen: [false; 144],
            near_white_hia: [false; 144],
            near_black_hia: [false; 144],
        };
        for i in 0..144 {
            let Some(man) = self.squares[i] else { continue };
            let borrowed = |k: Kind| man.kind == Kind::Friend && lent.is_some_and(|l| l[i].types.has(k));
            let p = sq_of(i);
            // notes: "Immobilizing (Jellyfish; Friends borrowing it): an enemy piece on any of the 8 adjacent
            // squares cannot move or capture at all ... Works while its holder is itself immobilized."
            if man.kind == Kind::Jellyfish || borrowed(Kind::Jellyfish) {
                for d in KING {
                    let q = plus(p, d);
                    if self.enemy_of(q, man.white) {
                        r.frozen[idx(q)] = true;
                    }
                }
            }
            // notes: "Hia (Bodyguard; Friends borrowing it): ... adjacent (8 neighbours) to an enemy Hia holder."
            if man.kind == Kind::Bodyguard || borrowed(Kind::Bodyguard) {
                for d in KING {
                    let q = plus(p, d);
                    if on_board(q) {
                        if man.white {
                            r.near_white_hia[idx(q)] = true;
                        } else {
                            r.near_black_hia[idx(q)] = true;
                        }
                    }
                }
            }
        }
        r
    }

    /// The abilities of the piece on `p`: its own type, or a Friend's lent set.
    fn powers(&self, p: Sq, lent: &[Lent; 144]) -> Powers {
        let man = self.at(p).expect("a piece");
        if man.kind == Kind::Friend {
            let l = lent[idx(p)];
            Powers {
                types: l.types,
                // notes: "initial-only moves ... only if the Friend is unmoved and one of the lending pawns ..."
                initial: if man.unmoved { l.initial } else { KindSet::default() },
                friend: true,
            }
        } else {
            Powers {
                types: KindSet::one(man.kind),
                initial: if man.unmoved {
                    KindSet::one(man.kind)
                } else {
                    KindSet::default()
                },
                friend: false,
            }
        }
    }

    /// The moves of every type in `pw` from `p`: plain moves and captures, rifle, katana, initial moves.
    fn base_moves(&self, p: Sq, pw: &Powers, restr: &Restr) -> Vec<Mv> {
        let white = self.at(p).expect("a piece").white;
        let mut g = Gen {
            board: self,
            from: p,
            white,
            hia: restr.enemy_hia(white),
            out: Vec::new(),
        };
        // notes: "A Friend with lent types L: moves as every type in L from its square, with its own side's
        // forward".
        for &(_, kind) in &LETTERS {
            if pw.types.has(kind) {
                g.type_moves(kind, pw.initial.has(kind));
            }
        }
        g.out
    }

    /// notes: "Withdrawal (Hangman; a Friend that borrows it): a ONE-SQUARE non-capturing move (any move to an
    /// adjacent empty square the piece has, for a Friend any lent one) made directly away from an adjacent enemy
    /// removes that enemy. Compulsory: such a step always captures; the plain step does not exist then."
    fn withdrawals(&self, moves: &mut [Mv], white: bool) {
        for m in moves.iter_mut() {
            let (dx, dy) = (m.to.0 - m.from.0, m.to.1 - m.from.1);
            if m.act == Act::Quiet && dx.abs() <= 1 && dy.abs() <= 1 {
                let behind = (m.from.0 - dx, m.from.1 - dy);
                if self.enemy_of(behind, white) {
                    m.act = Act::Withdraw;
                    m.victim = Some(behind);
                }
            }
        }
    }

    /// Whether the piece on `p` (with abilities `pw`) could capture the enemy piece standing on `s`.
    /// notes: "'Piece X of side c attacks/guards square s' = X could capture an enemy standing on s
    /// pseudo-legally: respects blocking, lame paths, Hia and immobilization; includes rifle, katana and withdrawal
    /// captures ... and the unmoved Patient pawn's step-then-capture; ignores the attacker's own safety, poison and
    /// en passant. An immobilized piece attacks nothing."
    fn guards(&self, p: Sq, s: Sq, pw: &Powers, restr: &Restr) -> bool {
        if restr.frozen[idx(p)] {
            return false;
        }
        let white = self.at(p).expect("a piece").white;
        let mut moves = self.base_moves(p, pw, restr);
        if pw.types.has(Kind::Hangman) {
            self.withdrawals(&mut moves, white);
        }
        moves.iter().any(|m| m.act != Act::Quiet && m.victim == Some(s))
    }

    /// notes: "lent(F, E) where E = set of Friends already replaced: place on F's square (and on every square of
    /// E) an enemy piece without powers; the non-Friend pieces of F's side that guard F's square in that position
    /// (under restrictions (a)) lend their types; every other Friend G of F's side not in E∪{F} that guards F's
    /// square using lent(G, E∪{F}) lends lent(G, E∪{F}). F's lent set = lent(F, {})."
    ///
    /// `ra` is computed on the real board: the stand-ins only replace Friends, which hold no power in stage (a),
    /// so the restrictions of the copy are the same. `memo` keeps results for the same (F, E) in one position.
    fn lent_of(&self, f: Sq, e: &[Sq], ra: &Restr, memo: &mut HashMap<(Sq, Vec<Sq>), Lent>) -> Lent {
        let key = (f, e.to_vec());
        if let Some(&l) = memo.get(&key) {
            return l;
        }
        let white = self.at(f).expect("a Friend").white;
        let stand_in = Man {
            white: !white,
            kind: Kind::StandIn,
            unmoved: false,
        };
        let mut copy = self.clone();
        copy.put(f, Some(stand_in));
        for &s in e {
            copy.put(s, Some(stand_in));
        }
        let mut e_and_f = e.to_vec();
        e_and_f.push(f);
        e_and_f.sort();
        let mut lent = Lent::default();
        for p in copy.pieces(white) {
            let man = copy.at(p).expect("a piece");
            if man.kind == Kind::Friend {
                // A Friend G not in E∪{F} (those are stand-ins now), guarding with lent(G, E∪{F}).
                let lg = self.lent_of(p, &e_and_f, ra, memo);
                let pw = Powers {
                    types: lg.types,
                    initial: if man.unmoved { lg.initial } else { KindSet::default() },
                    friend: true,
                };
                if copy.guards(p, f, &pw, ra) {
                    lent.types.add_all(lg.types);
                    // "through a lending Friend which must then be unmoved itself too"
                    if man.unmoved {
                        lent.initial.add_all(lg.initial);
                    }
                }
            } else {
                let pw = Powers {
                    types: KindSet::one(man.kind),
                    initial: if man.unmoved {
                        KindSet::one(man.kind)
                    } else {
                        KindSet::default()
                    },
                    friend: false,
                };
                if copy.guards(p, f, &pw, ra) {
                    lent.types.add(man.kind);
                    // "one of the lending pawns of that type (directly ...) is unmoved"
                    if is_pawn(man.kind) && man.unmoved {
                        lent.initial.add(man.kind);
                    }
                }
            }
        }
        memo.insert(key, lent);
        lent
    }

    /// The lent sets of all Friends (stage (b)) and the full restrictions (stage (c)).
    fn context(&self) -> Ctx {
        // notes: "(a) immobilization and Hia from the real (non-Friend) Jellyfish and Bodyguards only;"
        let ra = self.restrictions(None);
        // notes: "(b) each Friend's lent powers, using only the restrictions of (a);"
        let mut memo = HashMap::new();
        let mut lent = [Lent::default(); 144];
        for white in [true, false] {
            for f in self.friends(white) {
                lent[idx(f)] = self.lent_of(f, &[], &ra, &mut memo);
            }
        }
        // notes: "(c) then immobilization and Hia lent to Friends are added and restrict all moves and attacks
        // (but never change (b))."
        let restr = self.restrictions(Some(&lent));
        Ctx { lent, restr }
    }

    /// Whether a piece of side `by_white` attacks `s` (full stage (c) rules).
    fn attacked_in(&self, ctx: &Ctx, s: Sq, by_white: bool) -> bool {
        // "could capture an enemy standing on s": put a power-less enemy there if no enemy stands there.
        let copy;
        let board = if self.enemy_of(s, by_white) {
            self
        } else {
            let mut c = self.clone();
            c.put(
                s,
                Some(Man {
                    white: !by_white,
                    kind: Kind::StandIn,
                    unmoved: false,
                }),
            );
            copy = c;
            &copy
        };
        board.pieces(by_white).into_iter().any(|p| {
            let pw = self.powers(p, &ctx.lent);
            board.guards(p, s, &pw, &ctx.restr)
        })
    }

    /// notes: "Poisonous (Jellyfish, Poison, Friends borrowing them) ... Whether a Friend is poisonous is judged
    /// in the position before the move."
    fn poisonous(&self, s: Sq, ctx: &Ctx) -> bool {
        let Some(man) = self.at(s) else { return false };
        match man.kind {
            Kind::Jellyfish | Kind::Poison => true,
            Kind::Friend => {
                let types = ctx.lent[idx(s)].types;
                types.has(Kind::Jellyfish) || types.has(Kind::Poison)
            }
            _ => false,
        }
    }

    /// Every move of the piece on `p` (the side's last Friend's safety not checked).
    fn piece_moves(&self, p: Sq, ctx: &Ctx) -> Vec<Mv> {
        let man = self.at(p).expect("a piece");
        let white = man.white;
        let fwd = if white { 1 } else { -1 };
        // notes: "Immobilizing ...: an enemy piece on any of the 8 adjacent squares cannot move or capture at all
        // (no rifle, no swap either as mover or as swap partner)".
        if ctx.restr.frozen[idx(p)] {
            return Vec::new();
        }
        let pw = self.powers(p, &ctx.lent);
        let mut moves = self.base_moves(p, &pw, &ctx.restr);

        // notes: "Chicken: Standard pawn; while attacked by an enemy, also retreats without capturing straight back
        // like a rook (any distance, path empty) or diagonally back like a bishop. (These retreats are not slides
        // for Hia purposes.)" and "Chicken retreat: only while the piece (or the Friend that borrows it) is
        // attacked."
        if pw.types.has(Kind::Chicken) && self.attacked_in(ctx, p, !white) {
            let mut g = Gen {
                board: self,
                from: p,
                white,
                hia: ctx.restr.enemy_hia(white),
                out: Vec::new(),
            };
            for d in [(0, -fwd), (1, -fwd), (-1, -fwd)] {
                g.slide(d, SIZE, Mode::MoveOnly, false);
            }
            moves.extend(g.out);
        }

        // Withdrawal, compulsory, from any one-square non-capturing move the piece has (see `withdrawals`).
        if pw.types.has(Kind::Hangman) {
            self.withdrawals(&mut moves, white);
        }

        // notes: "Swap (Squirrel; Friend borrowing it): exchange places with a friendly piece at a swap offset (two
        // away: (0,2),(2,2),(1,2)). Not with a piece of the same type (same side), not if either piece is
        // immobilized. ... A pawn that arrives by a swap on its promotion rank promotes at once (each choice its
        // own move; a Friend never promotes)."
        if pw.types.has(Kind::Squirrel) {
            for o in SQUIRREL {
                let q = plus(p, o);
                let Some(partner) = self.at(q) else { continue };
                if partner.white != white || partner.kind == man.kind || ctx.restr.frozen[idx(q)] {
                    continue;
                }
                let swap = Mv {
                    from: p,
                    to: q,
                    act: Act::Swap,
                    victim: None,
                    promo: None,
                    ep_square: None,
                    mover_dies: false,
                };
                if is_pawn(partner.kind) && p.1 == promotion_rank(partner.kind, white) {
                    for k in PROMOTIONS {
                        moves.push(Mv { promo: Some(k), ..swap });
                    }
                } else {
                    moves.push(swap);
                }
            }
        }

        if !pw.friend && is_pawn(man.kind) {
            // notes: "En passant: after a Standard-family double step ..., an enemy PAWN whose ordinary one-step
            // capture lands on the skipped square may capture en passant on the next move only (Standard family:
            // diagonally forward; Berolina: straight forward). Never a Friend."
            if let Some((skipped, victim)) = self.ep {
                let captures: Vec<Sq> = if man.kind == Kind::Berolina {
                    vec![(0, fwd)]
                } else {
                    vec![(1, fwd), (-1, fwd)]
                };
                for o in captures {
                    if plus(p, o) == skipped && self.empty(skipped) && self.enemy_of(victim, white) {
                        moves.push(Mv {
                            from: p,
                            to: skipped,
                            act: Act::EnPassant,
                            victim: Some(victim),
                            promo: None,
                            ep_square: None,
                            mover_dies: false,
                        });
                    }
                }
            }
            // notes: "while unmoved a double step forward (both squares empty) that gives en passant rights on the
            // skipped square"; Berolina: "Its double move gives NO e.p. right." "A double step made by a Friend
            // (borrowed) gives no e.p. right."
            if standard_family(man.kind) {
                for m in moves.iter_mut() {
                    if m.act == Act::Quiet && m.to.0 == p.0 && m.to.1 - p.1 == 2 * fwd {
                        m.ep_square = Some((p.0, p.1 + fwd));
                    }
                }
            }
            // notes: "Promotion: ... compulsory; to any of: A B U C D Q G H I J L M T O K S".
            let last = promotion_rank(man.kind, white);
            let mut promoted = Vec::new();
            for m in moves {
                if matches!(m.act, Act::Quiet | Act::Capture | Act::EnPassant) && m.to.1 == last {
                    for k in PROMOTIONS {
                        promoted.push(Mv { promo: Some(k), ..m });
                    }
                } else {
                    promoted.push(m);
                }
            }
            moves = promoted;
        }

        // notes: "Poisonous ...: whatever captures one, by any capture but a rifle capture (moving onto it,
        // withdrawal, katana), is removed too (from the square it landed on)."
        for m in moves.iter_mut() {
            if matches!(m.act, Act::Capture | Act::Withdraw | Act::Katana)
                && self.poisonous(m.victim.expect("a victim"), ctx)
            {
                m.mover_dies = true;
            }
        }
        moves
    }

    /// Plays a move (no legality check).
    fn apply(&self, m: &Mv) -> Board {
        let mut next = self.clone();
        let mut man = next.squares[idx(m.from)].take().expect("a mover");
        // notes: "after any move or swap both involved pieces are moved" (brief); a rifle capture is a move too.
        man.unmoved = false;
        let mut resets = is_pawn(man.kind) || m.victim.is_some();
        match m.act {
            Act::Quiet | Act::Capture | Act::EnPassant | Act::Withdraw | Act::Katana => {
                if let Some(v) = m.victim {
                    next.put(v, None);
                }
                if let Some(k) = m.promo {
                    man.kind = k;
                }
                next.put(m.to, if m.mover_dies { None } else { Some(man) });
            }
            Act::Rifle => {
                next.put(m.victim.expect("a victim"), None);
                next.put(m.from, Some(man));
            }
            Act::Swap => {
                let mut partner = next.squares[idx(m.to)].take().expect("a partner");
                partner.unmoved = false;
                // notes: "A swap involving a pawn resets the 50-move count."
                resets |= is_pawn(partner.kind);
                if let Some(k) = m.promo {
                    partner.kind = k;
                }
                next.put(m.to, Some(man));
                next.put(m.from, Some(partner));
            }
        }
        next.ep = m.ep_square.map(|s| (s, m.to));
        next.halfmove = if resets { 0 } else { self.halfmove + 1 };
        if !self.white_to_move {
            next.fullmove += 1;
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Every legal move, each distinct move once.
    fn legal(&self) -> Vec<Mv> {
        let me = self.white_to_move;
        // notes: "A side with no Friends has lost (no moves)." (A position where the other side has no Friend left
        // is over too.)
        if self.friends(me).is_empty() || self.friends(!me).is_empty() {
            return Vec::new();
        }
        let ctx = self.context();
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for p in self.pieces(me) {
            for m in self.piece_moves(p, &ctx) {
                // notes: "Duplicate moves (same from, to, kind, removed squares, promotion) count once."
                if !seen.insert(m.notation()) {
                    continue;
                }
                // notes: "A move is illegal if afterwards the mover has no Friend (e.g. its last Friend captured
                // something poisonous), or exactly one Friend and that Friend is attacked (full (c) rules)."
                let next = self.apply(&m);
                let friends = next.friends(me);
                let legal = match friends.len() {
                    0 => false,
                    1 => !next.attacked_in(&next.context(), friends[0], !me),
                    _ => true,
                };
                if legal {
                    out.push(m);
                }
            }
        }
        out
    }

    /// The legal moves in coordinate notation.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().iter().map(Mv::notation).collect()
    }

    /// Plays one of `legal_moves`.
    pub fn play(&self, mv: &str) -> Board {
        let m = self
            .legal()
            .into_iter()
            .find(|m| m.notation() == mv)
            .unwrap_or_else(|| panic!("{mv} is not a legal move"));
        self.apply(&m)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.apply(m).perft(depth - 1)).sum()
    }

    /// The uppercase letters of the types the Friend on `square` borrows, sorted.
    pub fn lent(&self, square: &str) -> Vec<char> {
        let s = parse_square(square).expect("a square");
        assert!(
            self.at(s).is_some_and(|m| m.kind == Kind::Friend),
            "no Friend on {square}"
        );
        let ctx = self.context();
        let mut letters: Vec<char> = ctx.lent[idx(s)].types.kinds().into_iter().map(letter).collect();
        letters.sort_unstable();
        letters
    }

    /// Whether side `by_white` attacks `square` (full rules, stage (c)).
    pub fn attacked(&self, square: &str, by_white: bool) -> bool {
        let s = parse_square(square).expect("a square");
        self.attacked_in(&self.context(), s, by_white)
    }

    /// The FEN letter of the piece on `square`, if any.
    pub fn piece_at(&self, square: &str) -> Option<char> {
        let man = self.at(parse_square(square).expect("a square"))?;
        let l = letter(man.kind);
        Some(if man.white { l } else { l.to_ascii_lowercase() })
    }
}
