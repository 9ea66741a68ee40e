//! The faculty: entry, pursuit, slowing, apprehension and the Last Ditch Assault.

use messhall_dice::Dice;

use crate::action::{FacultyId, StudentId, Target};
use crate::data::{Dir, Sq};
use crate::event::{Attack, Event};
use crate::game::{CanPlace, Game, Hold, Status};

impl Game {
    /// Whether a staff member may walk onto `sq` (students and spilled food do not stop it).
    fn faculty_passable(&self, sq: Sq, me: FacultyId) -> bool {
        self.data.map.is_ground(sq)
            && self.can_at(sq).is_none()
            && !self
                .faculty
                .iter()
                .enumerate()
                .any(|(i, f)| i != usize::from(me) && f.pos == Some(sq))
    }

    /// Steps from staff member `f` to every square (None where unreachable), by breadth-first search
    /// in king steps.
    pub fn faculty_distances(&self, f: FacultyId) -> Vec<Option<u16>> {
        self.faculty_bfs(f).0
    }

    fn faculty_bfs(&self, f: FacultyId) -> (Vec<Option<u16>>, Vec<Option<Sq>>) {
        let map = &self.data.map;
        let mut dist = vec![None; map.len()];
        let mut parent = vec![None; map.len()];
        let Some(start) = self.faculty[usize::from(f)].pos else {
            return (dist, parent);
        };
        dist[map.index(start)] = Some(0);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(sq) = queue.pop_front() {
            let d = dist[map.index(sq)].unwrap_or(0);
            // Students may be passed (the walk itself stops at the first one it enters); in
            // edition 1 a student's square could be reached but not passed.
            if self.students_stop_staff()
                && sq != start
                && self.students.iter().any(|s| s.status != Status::Gone && s.pos == sq)
            {
                continue;
            }
            for n in map.neighbours(sq) {
                let i = map.index(n);
                if dist[i].is_none() && self.faculty_passable(n, f) {
                    dist[i] = Some(d + 1);
                    parent[i] = Some(sq);
                    queue.push_back(n);
                }
            }
        }
        (dist, parent)
    }

    /// The faculty phase at the start of a round: a new member enters and moves, then the others
    /// move in Appearance Table order.
    pub(crate) fn faculty_phase(&mut self, dice: &mut dyn Dice) {
        let lounge: Vec<FacultyId> = (0..self.faculty.len() as FacultyId)
            .filter(|&f| self.faculty[usize::from(f)].pos.is_none())
            .collect();
        let newcomer = messhall_dice::pick(dice, &lounge).copied();
        if let Some(f) = newcomer {
            let entry = self.data.map.entries[usize::from(f)];
            self.faculty[usize::from(f)].pos = Some(entry);
            self.say(|| Event::Entered(f));
            self.move_faculty(f, dice);
        }
        for f in 0..self.faculty.len() as FacultyId {
            if Some(f) != newcomer && self.faculty[usize::from(f)].pos.is_some() {
                self.move_faculty(f, dice);
            }
            if self.outcome.is_some() {
                return;
            }
        }
    }

    /// Students a staff member can be sent after (in the cafeteria, not hiding).
    fn huntable(&self, s: StudentId) -> bool {
        let st = &self.students[usize::from(s)];
        st.status != Status::Gone && st.hiding.is_none()
    }

    pub(crate) fn move_faculty(&mut self, f: FacultyId, dice: &mut dyn Dice) {
        let fi = usize::from(f);
        if self.faculty[fi].immobile_through >= self.round {
            return;
        }
        let Some(mut pos) = self.faculty[fi].pos else { return };
        let mr = self.data.faculty[fi].mr;
        let map = &self.data.map;
        // Goal squares: around a tipped table this round, else the student pursued.
        let table = self.faculty[fi]
            .attracted
            .filter(|&(t, r)| r == self.round && self.tables[usize::from(t)].hider.is_some())
            .map(|(t, _)| t);
        let (dist, parent) = self.faculty_bfs(f);
        let goals: Vec<Sq> = if let Some(t) = table {
            let squares = &map.tables[usize::from(t)];
            let around: Vec<Sq> = (0..map.len())
                .map(|i| map.sq_at(i))
                .filter(|&sq| map.table_at(sq).is_none() && squares.iter().any(|&ts| ts.king_distance(sq) == 1))
                .collect();
            if around.contains(&pos) {
                self.seize_hider(f, t);
                return;
            }
            around
        } else {
            let grudge = self.faculty[fi].grudge.filter(|&s| self.huntable(s));
            let candidates: Vec<StudentId> = match grudge {
                Some(s) => vec![s],
                None => (0..self.students.len() as StudentId)
                    .filter(|&s| self.huntable(s))
                    .collect(),
            };
            let reach: Vec<(StudentId, u16)> = candidates
                .into_iter()
                .filter_map(|s| dist[map.index(self.students[usize::from(s)].pos)].map(|d| (s, d)))
                .collect();
            let Some(min) = reach.iter().map(|&(_, d)| d).min() else {
                return;
            };
            let tied: Vec<StudentId> = reach.iter().filter(|&&(_, d)| d == min).map(|&(s, _)| s).collect();
            let Some(&s) = messhall_dice::pick(dice, &tied) else {
                return;
            };
            if tied.len() > 1 {
                self.say(|| Event::GoesFor { faculty: f, student: s });
            }
            vec![self.students[usize::from(s)].pos]
        };
        let goal = goals
            .iter()
            .copied()
            .filter_map(|g| dist[map.index(g)].map(|d| (d, g)))
            .min_by_key(|&(d, g)| (d, g.y, g.x))
            .map(|(_, g)| g);
        let Some(goal) = goal else { return };
        let mut path = vec![goal];
        let mut cur = goal;
        while let Some(p) = parent[map.index(cur)] {
            if p == pos {
                break;
            }
            path.push(p);
            cur = p;
        }
        path.reverse();
        if path.first() == Some(&pos) {
            return;
        }
        for (step, &next) in path.iter().enumerate().take(usize::from(mr)) {
            let from = pos;
            pos = next;
            self.faculty[fi].pos = Some(pos);
            self.say(|| Event::FacultyMoved { faculty: f, to: pos });
            if let Some(s) = (0..self.students.len() as StudentId).find(|&s| {
                self.students[usize::from(s)].status != Status::Gone && self.students[usize::from(s)].pos == pos
            }) {
                self.apprehend(f, s, from, dice);
                return;
            }
            if let Some(t) = table
                && self.data.map.tables[usize::from(t)]
                    .iter()
                    .any(|&ts| ts.king_distance(pos) == 1)
            {
                self.seize_hider(f, t);
                return;
            }
            let steps_left = usize::from(mr) - step - 1;
            if mr > 1 && steps_left > 0 && self.messy(pos) {
                let roll = dice.d6();
                self.say(|| Event::Wades { faculty: f, roll, mr });
                if roll > mr {
                    return;
                }
            }
        }
    }

    fn seize_hider(&mut self, f: FacultyId, t: u8) {
        if let Some(s) = self.tables[usize::from(t)].hider.take() {
            self.students[usize::from(s)].hiding = None;
            self.say(|| Event::FoundHiding { faculty: f, student: s });
            self.haul_away(f, s);
        }
    }

    /// Staff member `f` has stepped onto student `s`'s square, coming from `from`.
    fn apprehend(&mut self, f: FacultyId, s: StudentId, from: Sq, dice: &mut dyn Dice) {
        self.say(|| Event::Caught { faculty: f, student: s });
        let st = &self.students[usize::from(s)];
        if st.status == Status::Retired || st.stunned || st.hold.is_empty() {
            self.haul_away(f, s);
            return;
        }
        if self.last_ditch(f, s, from, dice) {
            self.faculty[usize::from(f)].grudge = Some(s);
            self.say(|| Event::Escaped { student: s, faculty: f });
        } else {
            self.haul_away(f, s);
        }
    }

    fn haul_away(&mut self, f: FacultyId, s: StudentId) {
        self.lose_items(s);
        let st = &mut self.students[usize::from(s)];
        st.status = Status::Gone;
        st.stunned = false;
        if st.out_round.is_none() {
            st.out_round = Some(self.round);
        }
        if let Some(t) = st.hiding.take() {
            self.tables[usize::from(t)].hider = None;
        }
        let fac = &mut self.faculty[usize::from(f)];
        fac.pos = None;
        fac.attracted = None;
        fac.immobile_through = 0;
        for other in &mut self.faculty {
            if other.grudge == Some(s) {
                other.grudge = None;
            }
        }
        self.say(|| Event::HauledAway { faculty: f, student: s });
        self.check_end();
    }

    /// The Last Ditch Assault: everything the student carries is thrown or dumped at the staff member
    /// at range 0. True when the member ends up stunned or immobilized.
    fn last_ditch(&mut self, f: FacultyId, s: StudentId, from: Sq, dice: &mut dyn Dice) -> bool {
        self.attacked_this_round = true;
        let target = Target::Faculty(f);
        self.say(|| Event::LastDitch(s));
        let hold = std::mem::replace(&mut self.students[usize::from(s)].hold, Hold::Empty);
        let mut misses = Vec::new();
        match hold {
            Hold::Empty => {}
            Hold::Hands(foods) => {
                for food in foods {
                    self.reveal_mystery(food, dice);
                    let roll = dice.roll(2, 6) as u8;
                    let to_hit = self.food_to_hit(food);
                    self.attack_event(Attack::LastDitch, s, food, target, roll, to_hit);
                    if roll <= to_hit {
                        let (damage, stun) = (self.food_damage(food), self.data.kind(food).stun_on);
                        self.removed.push(food);
                        self.hit(target, damage, stun, dice);
                    } else {
                        misses.push(food);
                    }
                }
            }
            Hold::Tray(foods) => {
                self.removed_trays += 1;
                misses = self.dump_foods(Attack::LastDitch, s, &foods, target, dice);
                self.tray_stun(target, dice);
            }
            Hold::Can(c) => {
                let full = self.cans[usize::from(c)].fullness.unwrap_or(6);
                if full <= 5 {
                    let d = dice.roll(u32::from(full), 6) as u16 + u16::from(full);
                    self.say(|| Event::CanEmptied(f));
                    self.damage_faculty(f, d);
                }
                let can = &mut self.cans[usize::from(c)];
                can.place = CanPlace::Away;
                can.fullness = None;
                can.fed = 0;
            }
            Hold::Pumper(p) => {
                let roll = dice.roll(2, 6) as u8;
                let to_hit = self.food_to_hit(p);
                self.attack_event(Attack::LastDitch, s, p, target, roll, to_hit);
                if roll <= to_hit {
                    let damage = self.food_damage(p);
                    self.hit(target, damage, None, dice);
                }
                self.removed.push(p);
            }
            Hold::Bowl(b, content) => {
                if let Some(c) = content {
                    let roll = dice.roll(2, 6) as u8;
                    let to_hit = self.food_to_hit(b);
                    self.attack_event(Attack::LastDitch, s, c, target, roll, to_hit);
                    if roll <= to_hit {
                        let damage = self.food_damage(c);
                        self.removed.push(c);
                        self.hit(target, damage, None, dice);
                    } else {
                        misses.push(c);
                    }
                }
                let roll = dice.roll(2, 6) as u8;
                let to_hit = self.food_to_hit(b);
                self.attack_event(Attack::LastDitch, s, b, target, roll, to_hit);
                if roll <= to_hit {
                    self.removed.push(b);
                    let on = self.data.bowl_stun_on;
                    self.hit(target, None, Some(on), dice);
                } else {
                    misses.push(b);
                }
            }
        }
        let at = self.students[usize::from(s)].pos;
        let behind =
            Dir::from_delta(i16::from(from.x) - i16::from(at.x), i16::from(from.y) - i16::from(at.y)).unwrap_or(Dir::N);
        self.queue_misses_dir(s, target, at, behind, misses, true);
        self.faculty[usize::from(f)].immobile_through >= self.round
    }
}
