//! Fixed action encodings for learning environments: every action a game can offer gets an index
//! in a range fixed by the game's data (its board and pieces, the cafeteria's map and counters),
//! so an agent's output layer and action mask keep their meaning from turn to turn.

use messhall_cafeteria::{Action, Data, Target};
use messhall_rules::{ChanceOutcome, Move, MoveKind, Role, Square, Variant};

/// The chess encoding: `((source * squares + to) * (promotions + 1) + promotion) * 2 + special`,
/// where the source is a square, a piece type dropped from hand, or the pass; the promotion is
/// none or one of the variant's promotion choices; `special` marks the moves whose `to` is not
/// where the mover lands (rifle, locust, withdrawal captures), so they never share an index with
/// an ordinary move between the same squares. A steered step of a neutral piece is encoded as the
/// ordinary move from its square to where it goes.
#[derive(Clone, Debug)]
pub struct MoveCode {
    files: usize,
    squares: usize,
    roles: usize,
    promotions: Vec<Role>,
}

impl MoveCode {
    /// The encoding of `v`'s moves.
    pub fn new(v: &Variant) -> MoveCode {
        let mut promotions: Vec<Role> = Vec::new();
        for rule in v.promotions() {
            for r in &rule.choices {
                if !promotions.contains(r) {
                    promotions.push(*r);
                }
            }
        }
        promotions.sort_by_key(|r| r.0);
        MoveCode {
            files: usize::from(v.size().files()),
            squares: v.size().square_count(),
            roles: v.role_count(),
            promotions,
        }
    }

    /// How many indices there are.
    pub fn size(&self) -> usize {
        (self.squares + self.roles + 1) * self.squares * (self.promotions.len() + 1) * 2
    }

    fn square(&self, s: Square) -> usize {
        usize::from(s.rank()) * self.files + usize::from(s.file())
    }

    fn join(&self, source: usize, to: usize, promotion: usize, special: bool) -> usize {
        ((source * self.squares + to) * (self.promotions.len() + 1) + promotion) * 2 + usize::from(special)
    }

    /// The index of a move (`None` only for a promotion to a piece no rule offers).
    pub fn of_move(&self, mv: &Move) -> Option<usize> {
        let source = match mv.kind() {
            MoveKind::Drop(role) => self.squares + role.index(),
            MoveKind::Pass => self.squares + self.roles,
            _ => self.square(mv.from()),
        };
        let to = if mv.kind() == MoveKind::Pass {
            0
        } else {
            self.square(mv.to())
        };
        let promotion = match mv.promotion() {
            None => 0,
            Some(r) => 1 + self.promotions.iter().position(|p| *p == r)?,
        };
        let special = matches!(mv.kind(), MoveKind::Rifle | MoveKind::Locust | MoveKind::Withdrawal);
        Some(self.join(source, to, promotion, special))
    }

    /// The index of a steered step.
    pub fn of_step(&self, step: &ChanceOutcome) -> usize {
        self.join(self.square(step.from), self.square(step.to), 0, false)
    }
}

/// The cafeteria encoding: each kind of action has a block of indices, one for each value its
/// parameters can take in the game's data (squares of the map, counters, students and staff,
/// tables, cans), in the order the rules list the kinds.
#[derive(Clone, Debug)]
pub struct ActionCode {
    cells: usize,
    width: usize,
    foods: usize,
    students: usize,
    targets: usize,
    tables: usize,
    cans: usize,
}

/// Directions a can is spilled in.
const DIRS: usize = 8;
/// Family masks (five families, one bit each).
const MASKS: usize = 32;

impl ActionCode {
    /// The encoding for the game's data.
    pub fn new(data: &Data) -> ActionCode {
        let students = data.students.len();
        ActionCode {
            cells: usize::from(data.map.width) * usize::from(data.map.height),
            width: usize::from(data.map.width),
            foods: data.counters.len(),
            students,
            targets: students + data.faculty.len(),
            tables: data.map.tables.len(),
            cans: data.map.can_homes.len(),
        }
    }

    /// The blocks' sizes, in order.
    fn blocks(&self) -> [usize; 21] {
        let (c, f, t, tb) = (self.cells, self.foods, self.targets, self.tables);
        [
            MASKS * 2,             // FoodLine
            c,                     // Move
            f * t,                 // Throw
            t,                     // Dump
            t,                     // Squirt
            t,                     // DumpBowl
            DIRS,                  // SpillCan
            1,                     // TakeCan
            tb,                    // SearchTable
            256,                   // PickUp
            tb,                    // TakeTray
            f,                     // PickSalad
            tb,                    // TipTable
            1,                     // StayHidden
            f,                     // Drop
            1,                     // DropTray
            1,                     // DropHeld
            self.cans * f,         // FeedCan
            c,                     // PlaceMiss
            1,                     // EndTurn
            MASKS * self.students, // FoodOff
        ]
    }

    /// How many indices there are.
    pub fn size(&self) -> usize {
        self.blocks().iter().sum()
    }

    /// The index of an action; `None` for ids outside the game's data, and for a walk (it is
    /// never among the listed actions the indices cover: its steps are).
    pub fn of(&self, action: &Action) -> Option<usize> {
        let below = |v: usize, n: usize| (v < n).then_some(v);
        let sq = |s: messhall_cafeteria::Sq| {
            let (x, y) = (usize::from(s.x), usize::from(s.y));
            (x < self.width)
                .then_some(y * self.width + x)
                .and_then(|i| below(i, self.cells))
        };
        let target = |t: Target| match t {
            Target::Student(s) => below(usize::from(s), self.students),
            Target::Faculty(f) => below(usize::from(f), self.targets - self.students).map(|f| f + self.students),
        };
        let food = |f: u8| below(usize::from(f), self.foods);
        let table = |t: u8| below(usize::from(t), self.tables);
        let (block, within) = match *action {
            Action::FoodLine { families, tray } => (0, below(usize::from(families), MASKS)? * 2 + usize::from(tray)),
            Action::Move(s) => (1, sq(s)?),
            Action::Walk(_) => return None,
            Action::Throw { food: f, target: t } => (2, food(f)? * self.targets + target(t)?),
            Action::Dump(t) => (3, target(t)?),
            Action::Squirt(t) => (4, target(t)?),
            Action::DumpBowl(t) => (5, target(t)?),
            Action::SpillCan(d) => (6, below(d.index(), DIRS)?),
            Action::TakeCan => (7, 0),
            Action::SearchTable(t) => (8, table(t)?),
            Action::PickUp(mask) => (9, usize::from(mask)),
            Action::TakeTray(t) => (10, table(t)?),
            Action::PickSalad(f) => (11, food(f)?),
            Action::TipTable(t) => (12, table(t)?),
            Action::StayHidden => (13, 0),
            Action::Drop(f) => (14, food(f)?),
            Action::DropTray => (15, 0),
            Action::DropHeld => (16, 0),
            Action::FeedCan { can, food: f } => (17, below(usize::from(can), self.cans)? * self.foods + food(f)?),
            Action::PlaceMiss(s) => (18, sq(s)?),
            Action::EndTurn => (19, 0),
            Action::FoodOff { families, target: t } => (
                20,
                below(usize::from(t), self.students)? * MASKS + below(usize::from(families), MASKS)?,
            ),
        };
        let offset: usize = self.blocks()[..block].iter().sum();
        Some(offset + within)
    }
}
