//! What actions do: movement, the Food Line, tables, throwing, dumping, cans, slipping, tipping,
//! the Food-Off.

use messhall_dice::Dice;

use crate::action::{Action, FacultyId, FoodId, StudentId, Target};
use crate::data::{Dir, Family, Special, Sq};
use crate::event::{Attack, Event};
use crate::game::{CanPlace, EndKind, Game, GarbageMark, Hold, PendingMisses, Status};

impl Game {
    /// Applies an action without checking that it is legal: the caller guarantees it came from
    /// [`Game::legal_actions`] of this very position (bots do). Use [`Game::play`] for input.
    pub fn play_unchecked(&mut self, action: &Action, dice: &mut dyn Dice) {
        if self.outcome.is_some() {
            return;
        }
        if let Action::Walk(path) = action {
            for &to in path {
                self.play_unchecked(&Action::Move(to), dice);
            }
            return;
        }
        match *action {
            Action::PlaceMiss(sq) => {
                if let Some(p) = &mut self.pending {
                    p.options.clear();
                }
                self.place_one(sq);
                self.place_misses(false);
            }
            Action::FoodOff { families, target } => self.food_off_attack(families, target, dice),
            _ => self.turn_action(action, dice),
        }
        self.settle(dice);
    }

    /// After an action: end the turn when it is used up, start the next one.
    pub(crate) fn settle(&mut self, dice: &mut dyn Dice) {
        if self.outcome.is_some() || self.pending.is_some() || self.food_off.is_some() {
            return;
        }
        let Some(t) = &self.turn else {
            self.next_turn(dice);
            return;
        };
        let st = &self.students[usize::from(t.student)];
        if t.aa == 0 || st.status != Status::Active || st.stunned || self.legal_actions().is_empty() {
            self.end_turn(dice);
        }
    }

    fn spend(&mut self, aa: u8) {
        if let Some(t) = &mut self.turn {
            t.aa = t.aa.saturating_sub(aa);
        }
    }

    fn mark_attack(&mut self) {
        self.attacked_this_round = true;
        if self.combat_round.is_none() {
            self.combat_round = Some(self.round);
            self.say(|| Event::FightStarted);
        }
    }

    pub(crate) fn turn_action(&mut self, action: &Action, dice: &mut dyn Dice) {
        let Some(t) = &self.turn else { return };
        let s = t.student;
        self.turn_action_of(s, action, dice);
        // A tray is never carried empty: once its last food has left it, it is dropped. A tray
        // just taken from a table is the one exception, until the food found there is put on it.
        if !matches!(action, Action::TakeTray(_)) {
            self.drop_empty_tray(s);
        }
    }

    /// Drops student `s`'s tray if nothing is on it (it leaves play), unless the game is of the
    /// edition that let trays be carried empty.
    pub(crate) fn drop_empty_tray(&mut self, s: StudentId) {
        if !self.empty_trays_carried() && self.carries_empty_tray(s) {
            self.students[usize::from(s)].hold = Hold::Empty;
            self.removed_trays += 1;
            self.say(|| Event::DroppedTray(s));
        }
    }

    fn turn_action_of(&mut self, s: StudentId, action: &Action, dice: &mut dyn Dice) {
        let si = usize::from(s);
        match *action {
            Action::EndTurn | Action::StayHidden => {
                let unused = self.aa_left();
                self.say(|| Event::TurnEnded { student: s, unused });
                self.end_turn(dice);
            }
            Action::Move(to) => self.move_student(s, to, dice),
            // Played step by step in `play_unchecked`.
            Action::Walk(_) => {}
            Action::FoodLine { families, tray } => {
                self.spend(1);
                let map = &self.data.map;
                self.students[si].pos = map.exit;
                let mut got = Vec::new();
                for f in Family::ALL {
                    if families & (1 << f.index()) != 0
                        && let Some(food) = self.stacks[f.index()].pop_front()
                    {
                        got.push(food);
                    }
                }
                // A trip takes a tray only with food to put on it.
                let tray = tray && self.line_trays > 0 && (!got.is_empty() || self.empty_trays_carried());
                if tray {
                    self.line_trays -= 1;
                }
                let count = got.len() as u8;
                self.say(|| Event::FoodLine {
                    student: s,
                    tray,
                    count,
                });
                self.whisper(s, || Event::Gets {
                    student: s,
                    foods: got.clone(),
                });
                self.students[si].hold = match (tray, got.is_empty()) {
                    (true, _) => Hold::Tray(got),
                    (false, true) => Hold::Empty,
                    (false, false) => Hold::Hands(got),
                };
                self.students[si].made_trip = true;
                let exit = self.data.map.exit;
                self.slip_check(s, exit, dice);
            }
            Action::Throw { food, target } => {
                self.spend(1);
                self.mark_attack();
                self.take_from_hold(s, food);
                self.throw_food(s, food, target, dice);
            }
            Action::Dump(target) => {
                self.spend(1);
                self.mark_attack();
                let Hold::Tray(foods) = std::mem::replace(&mut self.students[si].hold, Hold::Empty) else {
                    return;
                };
                self.removed_trays += 1;
                self.say(|| Event::DumpedTray { student: s, target });
                let misses = self.dump_foods(Attack::DumpTray, s, &foods, target, dice);
                self.tray_stun(target, dice);
                self.queue_misses(s, target, misses, false);
            }
            Action::Squirt(target) => {
                self.spend(1);
                self.mark_attack();
                let Hold::Pumper(p) = self.students[si].hold else {
                    return;
                };
                let roll = dice.roll(2, 6) as u8;
                let to_hit = self.food_to_hit(p);
                self.attack_event(Attack::Squirt, s, p, target, roll, to_hit);
                if roll <= to_hit {
                    let damage = self.food_damage(p);
                    self.hit(target, damage, None, dice);
                }
            }
            Action::DumpBowl(target) => {
                self.spend(1);
                self.mark_attack();
                let Hold::Bowl(b, Some(content)) = self.students[si].hold else {
                    return;
                };
                self.students[si].hold = Hold::Bowl(b, None);
                let roll = dice.roll(2, 6) as u8;
                let to_hit = self.food_to_hit(b);
                self.attack_event(Attack::DumpBowl, s, content, target, roll, to_hit);
                if roll <= to_hit {
                    let damage = self.food_damage(content);
                    self.hit(target, damage, None, dice);
                    self.removed.push(content);
                } else {
                    self.queue_misses(s, target, vec![content], false);
                }
            }
            Action::SpillCan(dir) => {
                self.spend(1);
                self.mark_attack();
                self.spill(s, dir, dice);
            }
            Action::TakeCan => {
                self.spend(1);
                let pos = self.students[si].pos;
                if let Some(c) = self.cans.iter().position(|c| c.place == CanPlace::AtFeet(pos)) {
                    self.cans[c].place = CanPlace::Held(s);
                    self.students[si].hold = Hold::Can(c as u8);
                    self.say(|| Event::TookCanAgain(s));
                }
            }
            Action::SearchTable(table) => self.search_table(s, table, dice),
            Action::PickUp(mask) => {
                self.spend(1);
                let mut got = Vec::new();
                if let Some(t) = &mut self.turn
                    && let Some((_, slots)) = &mut t.search
                {
                    for (i, slot) in slots.iter_mut().enumerate() {
                        if mask & (1 << i) != 0
                            && let Some(f) = slot.take()
                        {
                            got.push(f);
                        }
                    }
                }
                let count = got.len() as u8;
                self.say(|| Event::PickedUp { student: s, count });
                self.whisper(s, || Event::Gets {
                    student: s,
                    foods: got.clone(),
                });
                for f in got {
                    self.put_in_hold(s, f);
                }
            }
            Action::TakeTray(table) => {
                self.spend(1);
                let tb = &mut self.tables[usize::from(table)];
                tb.trays = tb.trays.saturating_sub(1);
                let foods = self.students[si].hold.foods().to_vec();
                self.students[si].hold = Hold::Tray(foods);
                self.say(|| Event::TookTray { student: s, table });
            }
            Action::PickSalad(food) => {
                self.spend(1);
                let mut content = None;
                for (_, items) in &mut self.salad {
                    if let Some(i) = items.iter().position(|&f| f == food) {
                        items.remove(i);
                        if self.data.kind(food).special == Some(Special::Bowl)
                            && let Some(j) = items
                                .iter()
                                .position(|&f| self.data.kind(f).special == Some(Special::BowlContent))
                        {
                            content = Some(items.remove(j));
                        }
                    }
                }
                self.say(|| Event::TookSalad { student: s, food });
                match self.data.kind(food).special {
                    Some(Special::Bowl) => self.students[si].hold = Hold::Bowl(food, content),
                    Some(Special::Pumper) => self.students[si].hold = Hold::Pumper(food),
                    _ => self.put_in_hold(s, food),
                }
            }
            Action::TipTable(table) => self.tip_table(s, table, dice),
            Action::Drop(food) => {
                self.take_from_hold(s, food);
                self.dispose(food);
                self.say(|| Event::Dropped(s));
                self.whisper(s, || Event::Gives {
                    student: s,
                    foods: vec![food],
                });
            }
            Action::DropTray => {
                if let Hold::Tray(foods) = std::mem::replace(&mut self.students[si].hold, Hold::Empty) {
                    for f in foods {
                        self.dispose(f);
                    }
                    self.removed_trays += 1;
                    self.say(|| Event::DroppedTray(s));
                }
            }
            Action::DropHeld => {
                self.lose_items(s);
                self.say(|| Event::DroppedHeld(s));
            }
            Action::FeedCan { can, food } => {
                self.take_from_hold(s, food);
                self.remove_face_down(s, vec![food]);
                let c = &mut self.cans[usize::from(can)];
                c.fed += 1;
                if let Some(full) = c.fullness
                    && c.fed >= 2
                {
                    c.fed = 0;
                    c.fullness = Some(if full == 6 { 1 } else { (full + 1).min(5) });
                }
                self.say(|| Event::FedCan { student: s, can });
                self.whisper(s, || Event::Gives {
                    student: s,
                    foods: vec![food],
                });
            }
            Action::PlaceMiss(_) | Action::FoodOff { .. } => {}
        }
    }

    pub(crate) fn take_from_hold(&mut self, s: StudentId, food: FoodId) {
        let hold = &mut self.students[usize::from(s)].hold;
        match hold {
            Hold::Hands(v) => {
                v.retain(|&f| f != food);
                if v.is_empty() {
                    *hold = Hold::Empty;
                }
            }
            Hold::Tray(v) => v.retain(|&f| f != food),
            Hold::Bowl(b, None) if *b == food => *hold = Hold::Empty,
            _ => {}
        }
    }

    fn put_in_hold(&mut self, s: StudentId, food: FoodId) {
        let hold = &mut self.students[usize::from(s)].hold;
        match hold {
            Hold::Empty => *hold = Hold::Hands(vec![food]),
            Hold::Hands(v) | Hold::Tray(v) => v.push(food),
            _ => self.remove_face_down(s, vec![food]),
        }
    }

    fn move_student(&mut self, s: StudentId, to: Sq, dice: &mut dyn Dice) {
        let si = usize::from(s);
        let from = self.students[si].pos;
        let mut cost = 1;
        if let Hold::Can(_) = self.students[si].hold
            && let Some(t) = &mut self.turn
            && !t.fee_paid
        {
            t.fee_paid = true;
            cost += self.data.can_carry_fee;
        }
        self.spend(cost);
        if let Some(mut t) = self.turn.take() {
            self.return_search(&mut t);
            self.turn = Some(t);
        }
        for c in &mut self.cans {
            if c.place == CanPlace::AtFeet(from) {
                c.place = CanPlace::Away;
                c.fullness = None;
                c.fed = 0;
            }
        }
        if let Some(table) = self.students[si].hiding.take() {
            self.tables[usize::from(table)].hider = None;
            self.say(|| Event::LeftTable(s));
        }
        self.students[si].pos = to;
        self.say(|| Event::Moved { student: s, to });
        if let Some(c) = self.can_at(to)
            && self.cans[usize::from(c)].place == CanPlace::Home
        {
            let roll = dice.d6();
            let can = &mut self.cans[usize::from(c)];
            let mut full = roll;
            for _ in 0..can.fed / 2 {
                full = if full == 6 { 1 } else { (full + 1).min(5) };
            }
            can.fed %= 2;
            can.fullness = Some(full);
            can.place = CanPlace::Held(s);
            self.students[si].hold = Hold::Can(c);
            self.say(|| Event::TookCan {
                student: s,
                roll,
                fullness: full,
            });
        }
        self.slip_check(s, to, dice);
    }

    fn slip_check(&mut self, s: StudentId, sq: Sq, dice: &mut dyn Dice) {
        let slip = self.slipperiness(sq);
        if slip == 0 {
            return;
        }
        if slip < 6 {
            let roll = dice.d6();
            self.say(|| Event::SlipRoll {
                student: s,
                slipperiness: slip,
                roll,
            });
            if u16::from(roll) > slip {
                return;
            }
        }
        let result = dice.d6();
        let food_damage: u16 = self
            .floor
            .iter()
            .filter(|(at, _)| *at == sq)
            .map(|&(_, f)| u16::from(self.food_damage(f).unwrap_or(0)))
            .sum();
        let (lose_items, damage, aa_loss, stun) = match result {
            1 => (false, false, 0, false),
            2 => (true, true, 0, false),
            3 => (true, false, 1, false),
            4 => (false, true, 1, false),
            5 => (true, true, 2, false),
            _ => (true, true, 0, true),
        };
        self.say(|| Event::Slipped {
            student: s,
            roll: result,
            loses_items: lose_items,
            hurt: damage,
            aa_lost: aa_loss,
            stunned: stun,
        });
        if lose_items {
            self.lose_items(s);
        }
        if damage {
            let d = u16::from(dice.d6()) + food_damage;
            self.damage_student(s, d);
        }
        self.spend(aa_loss);
        if stun {
            self.stun_student(s);
        }
    }

    pub(crate) fn damage_student(&mut self, s: StudentId, d: u16) {
        let st = &mut self.students[usize::from(s)];
        let d8 = u8::try_from(d).unwrap_or(u8::MAX);
        st.ar = st.ar.saturating_sub(d8);
        let ar = st.ar;
        self.say(|| Event::StudentHurt {
            student: s,
            damage: d,
            ar,
        });
        if ar == 0 && self.students[usize::from(s)].status == Status::Active {
            self.students[usize::from(s)].status = Status::Retired;
            self.students[usize::from(s)].out_round = Some(self.round);
            self.say(|| Event::Retired(s));
            self.check_end();
        }
    }

    pub(crate) fn stun_student(&mut self, s: StudentId) {
        self.students[usize::from(s)].stunned = true;
        self.lose_items(s);
        self.say(|| Event::StudentStunned(s));
    }

    /// Damage to a staff member counts against the NSR for the round.
    pub(crate) fn damage_faculty(&mut self, f: FacultyId, d: u16) {
        let nsr = u16::from(self.data.faculty[usize::from(f)].nsr);
        let fac = &mut self.faculty[usize::from(f)];
        fac.round_damage += d;
        let total = fac.round_damage;
        self.say(|| Event::FacultyHurt {
            faculty: f,
            damage: d,
            total,
            nsr,
        });
        if total >= nsr {
            self.stun_faculty(f);
        }
    }

    pub(crate) fn attack_event(
        &mut self,
        how: Attack,
        student: StudentId,
        food: FoodId,
        target: Target,
        roll: u8,
        to_hit: u8,
    ) {
        self.say(|| Event::Attack {
            how,
            student,
            food,
            target,
            roll,
            to_hit,
            hit: roll <= to_hit,
        });
    }

    pub(crate) fn stun_faculty(&mut self, f: u8) {
        let round = self.round;
        let fac = &mut self.faculty[usize::from(f)];
        fac.immobile_through = fac.immobile_through.max(round + 1);
        self.say(|| Event::FacultyImmobilized(f));
    }

    /// Applies a hit: `damage` + 1d6 if it damages, then a stun roll if it can stun.
    pub(crate) fn hit(&mut self, target: Target, damage: Option<u8>, stun_on: Option<u8>, dice: &mut dyn Dice) {
        if let Some(base) = damage {
            let d = u16::from(dice.d6()) + u16::from(base);
            match target {
                Target::Student(s) => self.damage_student(s, d),
                Target::Faculty(f) => self.damage_faculty(f, d),
            }
        }
        if let Some(on) = stun_on {
            let roll = dice.d6();
            self.say(|| Event::StunRoll { target, roll, on });
            if roll >= on {
                match target {
                    Target::Student(s) => self.stun_student(s),
                    Target::Faculty(f) => self.stun_faculty(f),
                }
            }
        }
    }

    fn throw_food(&mut self, s: StudentId, food: FoodId, target: Target, dice: &mut dyn Dice) {
        self.reveal_mystery(food, dice);
        let from = self.students[usize::from(s)].pos;
        let in_reach = self.food_range(food).is_some_and(|r| self.in_range(from, target, r));
        if !in_reach {
            self.say(|| Event::FallsShort {
                student: s,
                food,
                target,
            });
            self.queue_misses(s, target, vec![food], false);
            return;
        }
        let roll = dice.roll(2, 6) as u8;
        let to_hit = self.food_to_hit(food);
        self.attack_event(Attack::Throw, s, food, target, roll, to_hit);
        if roll <= to_hit {
            let kind = self.data.kind(food);
            let stun = if kind.special == Some(Special::Bowl) {
                Some(self.data.bowl_stun_on)
            } else {
                kind.stun_on
            };
            let damage = self.food_damage(food);
            self.removed.push(food);
            self.hit(target, damage, stun, dice);
        } else {
            self.queue_misses(s, target, vec![food], false);
        }
    }

    /// Rolls each dumped food (+2 To Hit, no stun); returns the misses.
    pub(crate) fn dump_foods(
        &mut self,
        how: Attack,
        attacker: StudentId,
        foods: &[FoodId],
        target: Target,
        dice: &mut dyn Dice,
    ) -> Vec<FoodId> {
        let mut misses = Vec::new();
        for &f in foods {
            self.reveal_mystery(f, dice);
            let roll = dice.roll(2, 6) as u8;
            let to_hit = self.food_to_hit(f) + self.data.dump_to_hit_bonus;
            self.attack_event(how, attacker, f, target, roll, to_hit);
            if roll <= to_hit && self.target_pos(target).is_some() {
                let damage = self.food_damage(f);
                self.removed.push(f);
                self.hit(target, damage, None, dice);
            } else {
                misses.push(f);
            }
        }
        misses
    }

    pub(crate) fn tray_stun(&mut self, target: Target, dice: &mut dyn Dice) {
        if self.target_pos(target).is_none() {
            return;
        }
        let on = self.data.tray_stun_on;
        self.hit(target, None, Some(on), dice);
    }

    /// Puts missed food in the air around the target and places what needs no choice.
    pub(crate) fn queue_misses(&mut self, attacker: StudentId, target: Target, foods: Vec<FoodId>, auto: bool) {
        if foods.is_empty() {
            return;
        }
        let from = self.students[usize::from(attacker)].pos;
        let target_sq = match target {
            Target::Student(s) => self.students[usize::from(s)].pos,
            Target::Faculty(f) => self.faculty[usize::from(f)].pos.unwrap_or(from),
        };
        let behind = Dir::from_delta(
            i16::from(target_sq.x) - i16::from(from.x),
            i16::from(target_sq.y) - i16::from(from.y),
        )
        .unwrap_or(Dir::N);
        self.queue_misses_dir(attacker, target, target_sq, behind, foods, auto);
    }

    /// Like [`Game::queue_misses`] with the square behind the target given as a direction.
    pub(crate) fn queue_misses_dir(
        &mut self,
        attacker: StudentId,
        target: Target,
        target_sq: Sq,
        behind: Dir,
        foods: Vec<FoodId>,
        auto: bool,
    ) {
        if foods.is_empty() {
            return;
        }
        self.pending = Some(PendingMisses {
            attacker,
            target,
            target_sq,
            behind,
            foods: foods.into(),
            options: Vec::new(),
            placed: 0,
        });
        self.place_misses(auto);
    }

    fn series_count(&self, attacker: StudentId, target: Target) -> u8 {
        let _ = attacker;
        self.turn
            .as_ref()
            .and_then(|t| t.series.iter().find(|(tg, _)| *tg == target))
            .map_or(0, |(_, n)| *n)
    }

    fn bump_series(&mut self, attacker: StudentId, target: Target) {
        let _ = attacker;
        if let Some(t) = &mut self.turn {
            match t.series.iter_mut().find(|(tg, _)| *tg == target) {
                Some((_, n)) => *n = n.saturating_add(1),
                None => t.series.push((target, 1)),
            }
        }
    }

    /// Whether missed food may land on `sq`.
    pub fn takes_food(&self, sq: Sq) -> bool {
        self.data.map.is_ground(sq) && !self.occupied(sq) && self.can_at(sq).is_none()
    }

    /// Places pending misses until one needs the attacker's choice (or all are placed).
    pub(crate) fn place_misses(&mut self, auto: bool) {
        while let Some(p) = &self.pending {
            let Some(&food) = p.foods.front() else {
                self.pending = None;
                return;
            };
            let (attacker, target, target_sq, behind) = (p.attacker, p.target, p.target_sq, p.behind);
            let ring: Vec<(Sq, u8)> = (0..8u8)
                .map(|k| (Dir::ALL[(behind.index() + usize::from(k)) % 8], k.min(8 - k)))
                .filter_map(|(d, g)| target_sq.step(d, 1).map(|sq| (sq, g)))
                .filter(|&(sq, _)| self.takes_food(sq))
                .collect();
            let first = self.series_count(attacker, target) == 0 && p.placed == 0;
            let behind_sq = target_sq.step(behind, 1);
            let choice: Vec<Sq> = if first && behind_sq.is_some_and(|b| ring.iter().any(|&(sq, _)| sq == b)) {
                behind_sq.into_iter().collect()
            } else {
                let count = |sq: Sq| self.floor.iter().filter(|(at, _)| *at == sq).count();
                let least = ring.iter().map(|&(sq, _)| count(sq)).min().unwrap_or(0);
                let level: Vec<(Sq, u8)> = ring.iter().copied().filter(|&(sq, _)| count(sq) == least).collect();
                let best = level.iter().map(|&(_, g)| g).min().unwrap_or(0);
                let mut v: Vec<Sq> = level
                    .into_iter()
                    .filter(|&(_, g)| g == best)
                    .map(|(sq, _)| sq)
                    .collect();
                v.sort_by_key(|sq| (sq.y, sq.x));
                v
            };
            match choice.len() {
                0 => {
                    if let Some(p) = &mut self.pending {
                        p.foods.pop_front();
                        p.placed += 1;
                    }
                    self.removed.push(food);
                    self.bump_series(attacker, target);
                    self.say(|| Event::NoRoom(food));
                }
                1 => self.place_one(choice[0]),
                _ if auto => self.place_one(choice[0]),
                _ => {
                    if let Some(p) = &mut self.pending {
                        p.options = choice;
                    }
                    return;
                }
            }
        }
    }

    fn place_one(&mut self, sq: Sq) {
        if let Some(p) = &mut self.pending
            && let Some(food) = p.foods.pop_front()
        {
            let (a, t) = (p.attacker, p.target);
            p.placed += 1;
            self.floor.push((sq, food));
            self.bump_series(a, t);
            self.say(|| Event::Lands { food, sq });
        }
    }

    fn spill(&mut self, s: StudentId, dir: Dir, dice: &mut dyn Dice) {
        let si = usize::from(s);
        let Hold::Can(c) = self.students[si].hold else { return };
        let full = self.cans[usize::from(c)].fullness.unwrap_or(6);
        let from = self.students[si].pos;
        let line = self.spill_line(from, dir, full);
        self.say(|| Event::Spilled {
            student: s,
            fullness: full,
            dir,
        });
        for &(sq, dist) in &line {
            let mut victims: Vec<Target> = (0..self.students.len() as u8)
                .filter(|&o| o != s && self.is_active(o) && self.students[usize::from(o)].pos == sq)
                .map(Target::Student)
                .collect();
            victims.extend(
                (0..self.faculty.len() as u8)
                    .filter(|&f| self.faculty[usize::from(f)].pos == Some(sq))
                    .map(Target::Faculty),
            );
            for v in victims {
                let attack = dice.roll(u32::from(full), 6);
                let defence = dice.roll(u32::from(dist), 6);
                self.say(|| Event::SpillRoll {
                    target: v,
                    distance: dist,
                    attack: attack as u16,
                    defence: defence as u16,
                });
                if attack > defence {
                    let d = dice.roll(u32::from(full), 6) as u16 + u16::from(full);
                    match v {
                        Target::Student(o) => self.damage_student(o, d),
                        Target::Faculty(f) => self.damage_faculty(f, d),
                    }
                }
            }
        }
        let until = self.round + 1;
        for &(sq, _) in &line {
            let counter = self.garbage_pile > 0;
            if counter {
                self.garbage_pile -= 1;
            }
            self.garbage.push(GarbageMark {
                sq,
                until_round: until,
                counter,
            });
        }
        let can = &mut self.cans[usize::from(c)];
        can.fullness = Some(6);
        can.fed = 0;
        can.place = CanPlace::AtFeet(from);
        self.students[si].hold = Hold::Empty;
    }

    fn search_table(&mut self, s: StudentId, table: u8, dice: &mut dyn Dice) {
        if let Some(mut t) = self.turn.take() {
            self.return_search(&mut t);
            t.searched |= 1 << table;
            self.turn = Some(t);
        }
        let roll = dice.d6();
        if roll == 6 {
            self.say(|| Event::Searched {
                student: s,
                table,
                roll,
                found: 0,
            });
            return;
        }
        let mut slots = Vec::new();
        for f in Family::ALL.iter().take(usize::from(roll)) {
            slots.push(self.stacks[f.index()].pop_front());
        }
        let n = slots.iter().flatten().count();
        self.say(|| Event::Searched {
            student: s,
            table,
            roll,
            found: n as u8,
        });
        if n > 0
            && let Some(t) = &mut self.turn
        {
            t.search = Some((table, slots));
        }
    }

    fn tip_table(&mut self, s: StudentId, table: u8, dice: &mut dyn Dice) {
        self.spend(1);
        let roll = dice.roll(2, 6) as u8;
        let aa = self.student_aa(s);
        let value = roll.saturating_sub(self.data.tip_subtract);
        self.say(|| Event::TipRoll {
            student: s,
            table,
            roll,
            value,
            aa,
        });
        if value > aa {
            return;
        }
        let si = usize::from(s);
        let pos = self.students[si].pos;
        let spot = [Dir::N, Dir::E, Dir::S, Dir::W]
            .into_iter()
            .filter_map(|d| pos.step(d, 1))
            .find(|&sq| self.data.map.table_at(sq) == Some(table));
        let Some(spot) = spot else { return };
        if let Some(mut t) = self.turn.take() {
            self.return_search(&mut t);
            self.turn = Some(t);
        }
        let tb = &mut self.tables[usize::from(table)];
        self.removed_trays += tb.trays;
        tb.trays = 0;
        tb.hider = Some(s);
        self.students[si].pos = spot;
        self.students[si].hiding = Some(table);
        self.say(|| Event::Tipped { student: s, table });
        // The nearest staff member in the cafeteria comes for the table next round.
        let squares = self.data.map.tables[usize::from(table)].clone();
        let mut best: Vec<(u8, u16)> = Vec::new();
        for f in 0..self.faculty.len() as u8 {
            if self.faculty[usize::from(f)].pos.is_none() {
                continue;
            }
            let dist = self.faculty_distances(f);
            let d = squares
                .iter()
                .flat_map(|&sq| self.data.map.neighbours(sq).collect::<Vec<_>>())
                .filter_map(|n| dist[self.data.map.index(n)])
                .min();
            if let Some(d) = d {
                best.push((f, d));
            }
        }
        let min = best.iter().map(|&(_, d)| d).min();
        let tied: Vec<u8> = best.iter().filter(|&&(_, d)| Some(d) == min).map(|&(f, _)| f).collect();
        if let Some(&f) = messhall_dice::pick(dice, &tied) {
            let round = self.round + 1;
            self.faculty[usize::from(f)].attracted = Some((table, round));
            self.say(|| Event::Noticed { faculty: f, table });
        }
        self.end_turn(dice);
    }

    fn food_off_attack(&mut self, families: u8, target: StudentId, dice: &mut dyn Dice) {
        let Some(fo) = &self.food_off else { return };
        let Some(&me) = fo.survivors.get(fo.next) else { return };
        let mut total = 0u16;
        for f in Family::ALL {
            if families & (1 << f.index()) == 0 {
                continue;
            }
            let Some(food) = self.stacks[f.index()].pop_front() else {
                continue;
            };
            self.reveal_mystery(food, dice);
            let roll = dice.roll(2, 6) as u8;
            let to_hit = self.food_to_hit(food);
            self.attack_event(Attack::FoodOff, me, food, Target::Student(target), roll, to_hit);
            if roll <= to_hit {
                let d = self
                    .food_damage(food)
                    .map_or(0, |base| u16::from(dice.d6()) + u16::from(base));
                total += d;
                self.removed.push(food);
                self.say(|| Event::FoodOffDamage { student: me, damage: d });
            } else {
                self.dispose(food);
            }
        }
        let done = if let Some(fo) = &mut self.food_off {
            fo.scores[fo.next] += total;
            fo.next += 1;
            fo.next >= fo.survivors.len()
        } else {
            false
        };
        if done && let Some(fo) = &self.food_off {
            let best = fo.scores.iter().copied().max().unwrap_or(0);
            let winners: Vec<StudentId> = fo
                .survivors
                .iter()
                .zip(&fo.scores)
                .filter(|&(_, &sc)| sc == best)
                .map(|(&s, _)| s)
                .collect();
            self.finish(EndKind::FoodOff, winners);
        }
    }
}
