//! A deliberately plain Food Fight move generator, written only to check the table-driven core.
//!
//! It shares no code with `messhall-rules`: its own board (an array of 144 squares), its own FEN
//! reader, every piece's moves written out by hand from the rules page, and a brute-force check
//! test (generate every enemy move and see whether one lands on the Chef). Slow on purpose; clear
//! over fast.

#![allow(dead_code)]

use std::collections::BTreeSet;

pub const SIZE: i32 = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Chef,
    Cantaloupe,
    Doughnut,
    Falafel,
    Meatball,
    Mushroom,
    Pancake,
    Pie,
    Pepperoni,
    Rhubarb,
    Rutabaga,
    Sausage,
    Waffle,
    Fish,
    Piglet,
}

/// What a pawn may become on the last rank.
pub const PROMOTIONS: [Kind; 12] = [
    Kind::Pancake,
    Kind::Meatball,
    Kind::Rutabaga,
    Kind::Cantaloupe,
    Kind::Sausage,
    Kind::Rhubarb,
    Kind::Pepperoni,
    Kind::Mushroom,
    Kind::Waffle,
    Kind::Falafel,
    Kind::Doughnut,
    Kind::Pie,
];

fn kind_of_letter(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' => Kind::Chef,
        'C' => Kind::Cantaloupe,
        'D' => Kind::Doughnut,
        'F' => Kind::Falafel,
        'M' => Kind::Meatball,
        'U' => Kind::Mushroom,
        'N' => Kind::Pancake,
        'I' => Kind::Pie,
        'E' => Kind::Pepperoni,
        'R' => Kind::Rhubarb,
        'B' => Kind::Rutabaga,
        'S' => Kind::Sausage,
        'W' => Kind::Waffle,
        'P' => Kind::Fish,
        'G' => Kind::Piglet,
        _ => return None,
    })
}

pub fn letter(kind: Kind) -> char {
    match kind {
        Kind::Chef => 'k',
        Kind::Cantaloupe => 'c',
        Kind::Doughnut => 'd',
        Kind::Falafel => 'f',
        Kind::Meatball => 'm',
        Kind::Mushroom => 'u',
        Kind::Pancake => 'n',
        Kind::Pie => 'i',
        Kind::Pepperoni => 'e',
        Kind::Rhubarb => 'r',
        Kind::Rutabaga => 'b',
        Kind::Sausage => 's',
        Kind::Waffle => 'w',
        Kind::Fish => 'p',
        Kind::Piglet => 'g',
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub white: bool,
    pub kind: Kind,
    pub unmoved: bool,
}

/// A square as (file, rank), both 0..12.
pub type Sq = (i32, i32);

/// Adds a move to a square: (moves, square, may move there, may capture there).
type AddTarget<'a> = dyn FnMut(&mut Vec<RefMove>, Sq, bool, bool) + 'a;

/// One move: where from, where to, the square of a piece taken en passant, the promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub from: Sq,
    pub to: Sq,
    pub capture: bool,
    pub ep_victim: Option<Sq>,
    pub promotion: Option<Kind>,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub squares: [Option<Man>; 144],
    pub white_to_move: bool,
    /// After a Fish pawn's double step: the skipped square and the pawn.
    pub ep: Option<(Sq, Sq)>,
}

pub const START: &str =
    "rscbmnkmbcsr/dmfwueeuwfmd/ppppggggpppp/12/12/12/12/12/12/PPPPGGGGPPPP/DMFWUEEUWFMD/RSCBMNKMBCSR w - - 0 1";

fn idx((f, r): Sq) -> usize {
    (r * SIZE + f) as usize
}

fn on_board((f, r): Sq) -> bool {
    (0..SIZE).contains(&f) && (0..SIZE).contains(&r)
}

pub fn square_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

pub fn parse_square(s: &str) -> Sq {
    let f = i32::from(s.as_bytes()[0] - b'a');
    let r: i32 = s[1..].parse().expect("rank number");
    (f, r - 1)
}

/// Reads the board, side and en passant fields of a FEN. Pieces may carry `{m}` or `{u}`.
fn read_board(board_text: &str) -> [Option<Man>; 144] {
    let mut squares = [None; 144];
    let ranks: Vec<&str> = board_text.split('/').collect();
    assert_eq!(ranks.len(), 12, "twelve ranks");
    for (i, rank_text) in ranks.iter().enumerate() {
        let r = 11 - i as i32;
        let mut f = 0;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut n = 0;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                }
                f += n;
                continue;
            }
            let kind = kind_of_letter(c).unwrap_or_else(|| panic!("unknown letter {c}"));
            squares[idx((f, r))] = Some(Man {
                white: c.is_ascii_uppercase(),
                kind,
                unmoved: false,
            });
            k += 1;
            if k < chars.len() && chars[k] == '{' {
                let end = k + chars[k..].iter().position(|&x| x == '}').unwrap();
                let note: String = chars[k + 1..end].iter().collect();
                squares[idx((f, r))].as_mut().unwrap().unmoved = match note.as_str() {
                    "u" => true,
                    "m" => false,
                    other => panic!("note {other}"),
                };
                k = end + 1;
            }
            f += 1;
        }
    }
    squares
}

impl Board {
    pub fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut squares = read_board(fields[0]);
        // A piece without a note is unmoved exactly when it stands where the start position has it.
        let start = read_board(START.split_whitespace().next().unwrap());
        let notes = noted_squares(fields[0]);
        for i in 0..144 {
            if let Some(man) = squares[i].as_mut() {
                if !notes.contains(&i) {
                    man.unmoved = start[i].is_some_and(|s| s.white == man.white && s.kind == man.kind);
                }
            }
        }
        let white_to_move = fields[1] == "w";
        let ep = if fields[3] == "-" {
            None
        } else {
            let skipped = parse_square(fields[3]);
            // The pawn that skipped it stands one square further in its mover's direction.
            let dir = if white_to_move { -1 } else { 1 };
            Some((skipped, (skipped.0, skipped.1 + dir)))
        };
        Board {
            squares,
            white_to_move,
            ep,
        }
    }

    pub fn at(&self, s: Sq) -> Option<Man> {
        self.squares[idx(s)]
    }

    fn empty(&self, s: Sq) -> bool {
        self.at(s).is_none()
    }

    fn enemy_of(&self, s: Sq, white: bool) -> bool {
        self.at(s).is_some_and(|m| m.white != white)
    }

    /// Every move of the piece on `from` obeying its own rules (the Chef's safety not checked).
    pub fn piece_moves(&self, from: Sq) -> Vec<RefMove> {
        let man = self.at(from).expect("a piece on the square");
        let w = man.white;
        let fwd = if w { 1 } else { -1 };
        let mut out = Vec::new();
        // Target squares: (square, may move there, may capture there).
        let mut add = |out: &mut Vec<RefMove>, to: Sq, quiet_ok: bool, capture_ok: bool| {
            if !on_board(to) {
                return;
            }
            match self.at(to) {
                None if quiet_ok => out.push(self.make(from, to, false, None)),
                Some(m) if m.white != w && capture_ok => out.push(self.make(from, to, true, None)),
                _ => {}
            }
        };
        let leaps = |out: &mut Vec<RefMove>, add: &mut AddTarget<'_>, v: &[(i32, i32)]| {
            for &(dx, dy) in v {
                add(out, (from.0 + dx, from.1 + dy), true, true);
            }
        };
        // Slides along (dx, dy) at most `max` squares.
        let slide = |out: &mut Vec<RefMove>, dx: i32, dy: i32, max: i32| {
            let mut s = from;
            for _ in 0..max {
                s = (s.0 + dx, s.1 + dy);
                if !on_board(s) {
                    break;
                }
                match self.at(s) {
                    None => out.push(self.make(from, s, false, None)),
                    Some(m) => {
                        if m.white != w {
                            out.push(self.make(from, s, true, None));
                        }
                        break;
                    }
                }
            }
        };
        let all8 = |a: i32, b: i32| -> Vec<(i32, i32)> {
            let mut v = Vec::new();
            for (x, y) in [(a, b), (b, a)] {
                for sx in [1, -1] {
                    for sy in [1, -1] {
                        if !v.contains(&(x * sx, y * sy)) {
                            v.push((x * sx, y * sy));
                        }
                    }
                }
            }
            v
        };
        let diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let orthogonals = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        match man.kind {
            Kind::Chef => {
                leaps(&mut out, &mut add, &diagonals);
                slide(&mut out, 1, 0, 2);
                slide(&mut out, -1, 0, 2);
            }
            Kind::Cantaloupe => {
                leaps(&mut out, &mut add, &all8(1, 3));
                leaps(&mut out, &mut add, &all8(3, 4));
            }
            Kind::Doughnut => {
                leaps(&mut out, &mut add, &all8(0, 2));
                leaps(&mut out, &mut add, &all8(1, 2));
            }
            Kind::Falafel => {
                leaps(&mut out, &mut add, &diagonals);
                leaps(&mut out, &mut add, &all8(2, 2));
            }
            Kind::Meatball => {
                leaps(&mut out, &mut add, &diagonals);
                leaps(&mut out, &mut add, &orthogonals);
                leaps(&mut out, &mut add, &all8(0, 2));
                leaps(&mut out, &mut add, &all8(2, 2));
                leaps(&mut out, &mut add, &[(1, 2 * fwd), (-1, 2 * fwd)]);
            }
            Kind::Mushroom => {
                leaps(&mut out, &mut add, &[(1, -fwd), (-1, -fwd)]);
                leaps(&mut out, &mut add, &[(1, 2), (-1, 2), (1, -2), (-1, -2)]);
                leaps(&mut out, &mut add, &[(3, fwd), (-3, fwd)]);
            }
            Kind::Pancake => {
                leaps(&mut out, &mut add, &diagonals);
                leaps(&mut out, &mut add, &orthogonals);
                for (dx, dy) in all8(1, 2) {
                    let mut s = from;
                    let mut hurdle = false;
                    loop {
                        s = (s.0 + dx, s.1 + dy);
                        if !on_board(s) {
                            break;
                        }
                        if !hurdle {
                            hurdle = !self.empty(s);
                            continue;
                        }
                        if self.empty(s) {
                            out.push(self.make(from, s, false, None));
                            continue;
                        }
                        if self.enemy_of(s, w) {
                            out.push(self.make(from, s, true, None));
                        }
                        break;
                    }
                }
            }
            Kind::Pie => {
                for (dx, dy) in orthogonals {
                    // The perpendicular directions to alternate with.
                    for (px, py) in [(dy, dx), (-dy, -dx)] {
                        let mut s = from;
                        for n in 0.. {
                            let (sx, sy) = if n % 2 == 0 { (dx, dy) } else { (px, py) };
                            let middle = (s.0 + sx, s.1 + sy);
                            let next = (s.0 + 2 * sx, s.1 + 2 * sy);
                            if !on_board(next) || !self.empty(middle) {
                                break;
                            }
                            if self.empty(next) {
                                out.push(self.make(from, next, false, None));
                                s = next;
                                continue;
                            }
                            if self.enemy_of(next, w) {
                                out.push(self.make(from, next, true, None));
                            }
                            break;
                        }
                    }
                }
                for (dx, dy) in [(0, -fwd), (1, -fwd), (-1, -fwd)] {
                    add(&mut out, (from.0 + dx, from.1 + dy), true, false);
                }
            }
            Kind::Pepperoni => {
                leaps(&mut out, &mut add, &[(0, 1), (0, -1)]);
                leaps(&mut out, &mut add, &diagonals);
                leaps(&mut out, &mut add, &[(2, 0), (-2, 0)]);
                leaps(&mut out, &mut add, &[(2, 2 * fwd), (-2, 2 * fwd)]);
            }
            Kind::Rhubarb => {
                for (dx, dy) in orthogonals {
                    slide(&mut out, dx, dy, 99);
                }
                for (dx, dy) in diagonals {
                    slide(&mut out, dx, dy, 3);
                }
            }
            Kind::Rutabaga => {
                for (dx, dy) in diagonals {
                    slide(&mut out, dx, dy, 99);
                }
                for (dx, dy) in orthogonals {
                    slide(&mut out, dx, dy, 2);
                }
            }
            Kind::Sausage => {
                leaps(&mut out, &mut add, &[(1, 0), (-1, 0)]);
                leaps(&mut out, &mut add, &diagonals);
                leaps(&mut out, &mut add, &[(1, 2), (-1, 2), (1, -2), (-1, -2)]);
                leaps(&mut out, &mut add, &[(0, 3), (0, -3)]);
            }
            Kind::Waffle => {
                leaps(&mut out, &mut add, &orthogonals);
                leaps(&mut out, &mut add, &all8(2, 2));
            }
            Kind::Fish => {
                add(&mut out, (from.0, from.1 + fwd), true, false);
                add(&mut out, (from.0, from.1 - fwd), true, false);
                for dx in [1, -1] {
                    let to = (from.0 + dx, from.1 + fwd);
                    add(&mut out, to, false, true);
                    if let Some(m) = self.ep_capture(to, w) {
                        out.push(m.with_from(from));
                    }
                }
                let over = (from.0, from.1 + fwd);
                let to = (from.0, from.1 + 2 * fwd);
                if man.unmoved && on_board(to) && self.empty(over) && self.empty(to) {
                    out.push(self.make(from, to, false, None));
                }
            }
            Kind::Piglet => {
                for dx in [1, -1] {
                    let to = (from.0 + dx, from.1 + fwd);
                    match self.ep_capture(to, w) {
                        Some(m) => out.push(m.with_from(from)),
                        None => add(&mut out, to, true, true),
                    }
                }
                for dx in [0, 1, -1] {
                    add(&mut out, (from.0 + dx, from.1 - fwd), true, false);
                }
                if man.unmoved {
                    for dx in [2, -2] {
                        add(&mut out, (from.0 + dx, from.1 + 2 * fwd), true, false);
                    }
                }
            }
        }
        // Pawns reaching the far rank become one of the twelve.
        let last = if w { SIZE - 1 } else { 0 };
        if matches!(man.kind, Kind::Fish | Kind::Piglet) {
            let mut promoted = Vec::new();
            for m in out {
                if m.to.1 == last {
                    for p in PROMOTIONS {
                        promoted.push(RefMove {
                            promotion: Some(p),
                            ..m
                        });
                    }
                } else {
                    promoted.push(m);
                }
            }
            out = promoted;
        }
        // The same move found by two rules (the Pie's two zigzag orders) is one move.
        let unique: BTreeSet<RefMove> = out.into_iter().collect();
        unique.into_iter().collect()
    }

    /// An en passant capture by a pawn of colour `white` landing on `to`, if the last move was a
    /// double step that skipped `to`.
    fn ep_capture(&self, to: Sq, white: bool) -> Option<RefMove> {
        let (skipped, victim) = self.ep?;
        if skipped == to && self.empty(to) && self.enemy_of(victim, white) {
            Some(RefMove {
                from: (0, 0),
                to,
                capture: true,
                ep_victim: Some(victim),
                promotion: None,
            })
        } else {
            None
        }
    }

    fn make(&self, from: Sq, to: Sq, capture: bool, ep_victim: Option<Sq>) -> RefMove {
        RefMove {
            from,
            to,
            capture,
            ep_victim,
            promotion: None,
        }
    }

    /// Every move of the side to move, ignoring the Chef's safety.
    pub fn pseudo_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        for r in 0..SIZE {
            for f in 0..SIZE {
                if self.at((f, r)).is_some_and(|m| m.white == self.white_to_move) {
                    out.extend(self.piece_moves((f, r)));
                }
            }
        }
        out
    }

    pub fn play(&self, m: &RefMove) -> Board {
        let mut next = self.clone();
        let mut man = next.squares[idx(m.from)].take().expect("a mover");
        if let Some(v) = m.ep_victim {
            next.squares[idx(v)] = None;
        }
        man.unmoved = false;
        if let Some(p) = m.promotion {
            man.kind = p;
        }
        next.squares[idx(m.to)] = Some(man);
        next.ep = None;
        if man.kind == Kind::Fish && (m.to.1 - m.from.1).abs() == 2 {
            let skipped = (m.from.0, (m.from.1 + m.to.1) / 2);
            next.ep = Some((skipped, m.to));
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Whether the Chef of `white` could be captured by some enemy move (brute force).
    pub fn chef_attacked(&self, white: bool) -> bool {
        let mut chef = None;
        for i in 0..144 {
            if self.squares[i].is_some_and(|m| m.white == white && m.kind == Kind::Chef) {
                chef = Some((i as i32 % SIZE, i as i32 / SIZE));
            }
        }
        let Some(chef) = chef else { return true };
        let mut them = self.clone();
        them.white_to_move = !white;
        them.pseudo_moves().iter().any(|m| m.capture && m.to == chef)
    }

    pub fn legal_moves(&self) -> Vec<RefMove> {
        self.pseudo_moves()
            .into_iter()
            .filter(|m| !self.play(m).chef_attacked(self.white_to_move))
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }

    /// The destinations (square names) of the piece on `from`, legal or not, for the piece tests.
    pub fn destinations(&self, from: &str) -> BTreeSet<String> {
        self.piece_moves(parse_square(from))
            .iter()
            .map(|m| square_name(m.to))
            .collect()
    }
}

impl RefMove {
    fn with_from(self, from: Sq) -> RefMove {
        RefMove { from, ..self }
    }
}

/// The squares (board indexes) whose piece carries a `{m}`/`{u}` note in a FEN board.
fn noted_squares(board_text: &str) -> Vec<usize> {
    let mut noted = Vec::new();
    for (i, rank_text) in board_text.split('/').enumerate() {
        let r = 11 - i as i32;
        let mut f = 0;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            if chars[k].is_ascii_digit() {
                let mut n = 0;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                }
                f += n;
            } else if chars[k] == '{' {
                noted.push(idx((f - 1, r)));
                k += chars[k..].iter().position(|&x| x == '}').unwrap() + 1;
            } else {
                f += 1;
                k += 1;
            }
        }
    }
    noted
}
