//! Which actions are legal now.

use crate::action::{Action, FoodId, GameOption, Target};
use crate::data::{CENTER_TABLE, Cell, Dir, Family, Special, Sq};
use crate::game::{CanPlace, Game, Hold, Status};

/// How far Mystery Meat may be aimed before its numbers are rolled: the highest Range its die
/// can give (a shorter roll makes the throw fall short).
pub(crate) const MYSTERY_REACH: u8 = 6;

/// All subsets of `items` with sizes in `sizes`, as bit masks over the positions in `items`.
fn subsets(items: &[u8], min: usize, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for mask in 0u16..(1 << items.len()) {
        let n = mask.count_ones() as usize;
        if (min..=max).contains(&n) {
            let bits = items
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .fold(0u8, |m, (_, &b)| m | (1 << b));
            out.push(bits);
        }
    }
    out
}

impl Game {
    /// Whether the segment between the centres of `a` and `b` passes through the inside of `c`.
    pub fn passes_through(a: Sq, b: Sq, c: Sq) -> bool {
        let (ax, ay) = (f64::from(a.x), f64::from(a.y));
        let (dx, dy) = (f64::from(b.x) - ax, f64::from(b.y) - ay);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (p, q) in [
            (-dx, ax - (f64::from(c.x) - 0.5)),
            (dx, (f64::from(c.x) + 0.5) - ax),
            (-dy, ay - (f64::from(c.y) - 0.5)),
            (dy, (f64::from(c.y) + 0.5) - ay),
        ] {
            if p == 0.0 {
                if q <= 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        t1 > t0
    }

    /// How many characters stand between `a` and `b` (each costs one square of range).
    pub fn characters_between(&self, a: Sq, b: Sq) -> u8 {
        let mut squares: Vec<Sq> = self
            .students
            .iter()
            .filter(|s| s.status != Status::Gone)
            .map(|s| s.pos)
            .chain(self.faculty.iter().filter_map(|f| f.pos))
            .filter(|&sq| sq != a && sq != b)
            .collect();
        squares.sort_unstable();
        squares.dedup();
        squares.into_iter().filter(|&c| Game::passes_through(a, b, c)).count() as u8
    }

    /// Whether `from` can hit `target` with a food of range `range`.
    pub fn in_range(&self, from: Sq, target: Target, range: u8) -> bool {
        let Some(tpos) = self.target_pos(target) else {
            return false;
        };
        let dist = from.king_distance(tpos);
        if let Target::Student(s) = target
            && self.students[usize::from(s)].hiding.is_some()
            && dist > self.data.tipped_range
        {
            return false;
        }
        dist <= range && (dist <= 1 || dist + self.characters_between(from, tpos) <= range)
    }

    /// Everyone an attacker could aim at.
    pub(crate) fn targets_of(&self, attacker: u8) -> Vec<Target> {
        let mut out: Vec<Target> = (0..self.students.len() as u8)
            .filter(|&s| s != attacker && self.is_active(s))
            .map(Target::Student)
            .collect();
        out.extend(
            (0..self.faculty.len() as u8)
                .filter(|&f| self.faculty[usize::from(f)].pos.is_some())
                .map(Target::Faculty),
        );
        out
    }

    /// Whether a student may step onto `sq` (ignoring AA).
    pub(crate) fn student_can_enter(&self, sq: Sq, empty_handed: bool) -> bool {
        let map = &self.data.map;
        if !map.is_ground(sq) || map.cell(sq) == Cell::Exit || self.occupied(sq) {
            return false;
        }
        match self.can_at(sq) {
            None => true,
            Some(c) => empty_handed && self.cans[usize::from(c)].place == CanPlace::Home,
        }
    }

    /// Whether a student has yet to go through the Food Line.
    pub(crate) fn someone_waits_for_the_line(&self) -> bool {
        self.students.iter().any(|o| !o.made_trip && o.status == Status::Active)
    }

    /// Whether a student who leaves `vacated` and ends the turn on `to` leaves a square beside the
    /// Exit free for those still waiting for the Food Line.
    pub(crate) fn keeps_exit_free(&self, vacated: Sq, to: Sq) -> bool {
        let map = &self.data.map;
        map.neighbours(map.exit)
            .any(|e| e != to && (e == vacated || self.student_can_enter(e, false)))
    }

    /// Squares a spilled can would cover from `from` in direction `dir` with fullness `n`.
    pub fn spill_line(&self, from: Sq, dir: Dir, n: u8) -> Vec<(Sq, u8)> {
        let map = &self.data.map;
        let mut out = Vec::new();
        for d in 1..=n {
            let Some(sq) = from.step(dir, d) else { break };
            if map.table_at(sq).is_some() {
                continue;
            }
            if !map.is_ground(sq) {
                break;
            }
            if self.can_at(sq).is_some() {
                continue;
            }
            out.push((sq, d));
        }
        out
    }

    fn first_trip_action(&self) -> Action {
        let nonempty: Vec<Family> = Family::ALL
            .into_iter()
            .filter(|f| !self.stacks[f.index()].is_empty())
            .collect();
        let tray = self.line_trays > 0 && (!nonempty.is_empty() || self.empty_trays_carried());
        let take = if tray {
            nonempty.len()
        } else {
            usize::from(self.data.hand_capacity)
        };
        let families = nonempty.iter().take(take).fold(0u8, |m, f| m | (1 << f.index()));
        Action::FoodLine { families, tray }
    }

    /// Kinds-distinct food counters from a list (the first counter of each kind).
    pub(crate) fn distinct_kinds(&self, foods: &[FoodId]) -> Vec<FoodId> {
        let mut out: Vec<FoodId> = Vec::new();
        for &f in foods {
            if !out
                .iter()
                .any(|&o| self.data.counters[usize::from(o)] == self.data.counters[usize::from(f)])
            {
                out.push(f);
            }
        }
        out
    }

    /// The pick-ups of the food found on a table this turn, for a student beside it with room
    /// for `room` more counters (at most two at a time: two hands).
    fn pick_ups(&self, room: usize) -> Vec<Action> {
        let Some(t) = &self.turn else { return Vec::new() };
        let pos = self.students[usize::from(t.student)].pos;
        match &t.search {
            Some((table, slots)) if self.data.map.beside_table(pos, *table) && room > 0 => {
                let full: Vec<u8> = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.is_some())
                    .map(|(i, _)| i as u8)
                    .collect();
                subsets(&full, 1, room.min(2)).into_iter().map(Action::PickUp).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The legal actions of the student to decide now (empty when the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        if let Some(p) = &self.pending {
            return p.options.iter().map(|&s| Action::PlaceMiss(s)).collect();
        }
        if let Some(fo) = &self.food_off {
            let Some(&me) = fo.survivors.get(fo.next) else {
                return out;
            };
            let nonempty: Vec<u8> = Family::ALL
                .iter()
                .filter(|f| !self.stacks[f.index()].is_empty())
                .map(|f| f.index() as u8)
                .collect();
            let k = usize::from(self.data.food_off_counters).min(nonempty.len());
            for families in subsets(&nonempty, k, k) {
                for &target in fo.survivors.iter().filter(|&&t| t != me) {
                    out.push(Action::FoodOff { families, target });
                }
            }
            return out;
        }
        let Some(t) = &self.turn else { return out };
        let s = t.student;
        let st = &self.students[usize::from(s)];
        let pos = st.pos;
        let aa = t.aa;
        let map = &self.data.map;
        let empty = st.hold.is_empty();

        if st.hiding.is_some() {
            out.push(Action::StayHidden);
            if aa >= 1 {
                out.extend(
                    map.neighbours(pos)
                        .filter(|&n| self.student_can_enter(n, false))
                        .map(Action::Move),
                );
            }
            return out;
        }
        if t.first_trip_turn {
            if !st.made_trip {
                if aa >= 1 && pos == map.entrance && !self.occupied(map.exit) {
                    out.push(self.first_trip_action());
                } else {
                    out.push(Action::EndTurn);
                }
                return out;
            }
            if aa >= 1 {
                let waiting = self.someone_waits_for_the_line();
                for n in map.neighbours(pos) {
                    if !self.student_can_enter(n, false) {
                        continue;
                    }
                    if aa == 1 && waiting && !self.keeps_exit_free(pos, n) {
                        continue;
                    }
                    out.push(Action::Move(n));
                }
            }
            if out.is_empty() {
                out.push(Action::EndTurn);
            }
            return out;
        }

        if !self.empty_trays_carried() && self.carries_empty_tray(s) {
            // A tray just taken: the food found here goes on it now, or the tray goes.
            out.extend(self.pick_ups(usize::from(self.data.tray_capacity)));
            out.push(Action::DropTray);
            return out;
        }

        // Costly actions.
        if aa >= 1 {
            let step_cost = if matches!(st.hold, Hold::Can(_)) && !t.fee_paid {
                1 + self.data.can_carry_fee
            } else {
                1
            };
            if aa >= step_cost {
                out.extend(
                    map.neighbours(pos)
                        .filter(|&n| self.student_can_enter(n, empty))
                        .map(Action::Move),
                );
            }
            if pos == map.entrance && empty && !self.occupied(map.exit) {
                if !st.made_trip {
                    out.push(self.first_trip_action());
                } else {
                    let nonempty: Vec<u8> = Family::ALL
                        .iter()
                        .filter(|f| !self.stacks[f.index()].is_empty())
                        .map(|f| f.index() as u8)
                        .collect();
                    let max = usize::from(self.data.later_trip_food).min(nonempty.len());
                    for families in subsets(&nonempty, 0, max) {
                        out.push(Action::FoodLine { families, tray: false });
                        if self.line_trays > 0 && (families != 0 || self.empty_trays_carried()) {
                            out.push(Action::FoodLine { families, tray: true });
                        }
                    }
                }
            }
            if self.has(GameOption::ANewBeginning) || self.round >= 2 {
                let targets = self.targets_of(s);
                match &st.hold {
                    Hold::Hands(foods) | Hold::Tray(foods) => {
                        for f in self.distinct_kinds(foods) {
                            let range = self.food_range(f).unwrap_or(MYSTERY_REACH);
                            for &target in &targets {
                                if self.in_range(pos, target, range) {
                                    out.push(Action::Throw { food: f, target });
                                }
                            }
                        }
                        if matches!(st.hold, Hold::Tray(_)) && !foods.is_empty() {
                            out.extend(
                                targets
                                    .iter()
                                    .filter(|&&tg| self.in_range(pos, tg, 1))
                                    .map(|&tg| Action::Dump(tg)),
                            );
                        }
                    }
                    Hold::Pumper(_) => {
                        out.extend(
                            targets
                                .iter()
                                .filter(|&&tg| self.in_range(pos, tg, 1))
                                .map(|&tg| Action::Squirt(tg)),
                        );
                    }
                    Hold::Bowl(b, None) => {
                        let b = *b;
                        out.extend(
                            targets
                                .iter()
                                .filter(|&&tg| self.in_range(pos, tg, 1))
                                .map(|&target| Action::Throw { food: b, target }),
                        );
                    }
                    Hold::Bowl(_, Some(_)) => {
                        out.extend(
                            targets
                                .iter()
                                .filter(|&&tg| self.in_range(pos, tg, 1))
                                .map(|&tg| Action::DumpBowl(tg)),
                        );
                    }
                    Hold::Can(c) => {
                        if let Some(n @ 1..=5) = self.cans[usize::from(*c)].fullness {
                            for dir in Dir::ALL {
                                if !self.spill_line(pos, dir, n).is_empty() {
                                    out.push(Action::SpillCan(dir));
                                }
                            }
                        }
                    }
                    Hold::Empty => {}
                }
            }
            if empty && self.cans.iter().any(|c| c.place == CanPlace::AtFeet(pos)) {
                out.push(Action::TakeCan);
            }
            let room = match &st.hold {
                Hold::Empty => usize::from(self.data.hand_capacity),
                Hold::Hands(v) => usize::from(self.data.hand_capacity).saturating_sub(v.len()),
                Hold::Tray(v) => usize::from(self.data.hand_capacity)
                    .min(usize::from(self.data.tray_capacity).saturating_sub(v.len())),
                _ => 0,
            };
            let pick_ups = self.pick_ups(room);
            // A tray is taken with food in hand, or (edition 2) with food found here to put on it
            // and the AA to pick it up.
            let tray_filled = match st.hold {
                Hold::Hands(_) => true,
                Hold::Empty => self.empty_trays_carried() || (!pick_ups.is_empty() && aa >= 2),
                _ => false,
            };
            out.extend(pick_ups);
            let tables = map.tables.len() as u8;
            for table in 0..tables {
                if !map.beside_table(pos, table) {
                    continue;
                }
                if self.table_serves(table) && self.tables[usize::from(table)].trays > 0 && tray_filled {
                    out.push(Action::TakeTray(table));
                }
                let tipped = self.tables.iter().filter(|t| t.hider.is_some()).count();
                if self.has(GameOption::TableTipping)
                    && empty
                    && self.table_serves(table)
                    && tipped < usize::from(self.data.tipped_markers)
                {
                    out.push(Action::TipTable(table));
                }
            }
            for (sq, items) in &self.salad {
                if sq.x.abs_diff(pos.x) + sq.y.abs_diff(pos.y) != 1 {
                    continue;
                }
                for &f in items {
                    match self.data.kind(f).special {
                        Some(Special::BowlContent) => {}
                        Some(Special::Bowl | Special::Pumper) => {
                            if empty {
                                out.push(Action::PickSalad(f));
                            }
                        }
                        _ => {
                            if room > 0 {
                                out.push(Action::PickSalad(f));
                            }
                        }
                    }
                }
            }
        }
        let costly = !out.is_empty();

        // Free actions.
        for table in 0..map.tables.len() as u8 {
            if map.beside_table(pos, table)
                && self.table_serves(table)
                && t.searched & (1 << table) == 0
                && t.search.as_ref().is_none_or(|(st, _)| *st != table)
            {
                out.push(Action::SearchTable(table));
            }
        }
        let foods = self.distinct_kinds(st.hold.foods());
        out.extend(foods.iter().map(|&f| Action::Drop(f)));
        match st.hold {
            Hold::Tray(_) => out.push(Action::DropTray),
            Hold::Can(_) | Hold::Pumper(_) | Hold::Bowl(..) => out.push(Action::DropHeld),
            _ => {}
        }
        if !foods.is_empty() {
            for (c, can) in self.cans.iter().enumerate() {
                let within = match can.place {
                    CanPlace::Home => map.can_homes[c].king_distance(pos) <= 1,
                    CanPlace::AtFeet(sq) => sq.king_distance(pos) <= 1,
                    CanPlace::Held(o) => o != s && self.students[usize::from(o)].pos.king_distance(pos) <= 1,
                    CanPlace::Away => false,
                };
                if within {
                    out.extend(foods.iter().map(|&food| Action::FeedCan { can: c as u8, food }));
                }
            }
        }
        if !costly {
            out.push(Action::EndTurn);
        }
        let _ = CENTER_TABLE;
        out
    }
}
