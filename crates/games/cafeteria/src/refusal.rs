//! Why an action is not open now, as data: the front ends word it ([`crate::words::refusal`] in
//! English), so the terminal and the browser can say why in the rules' words.

use serde::{Deserialize, Serialize};

use crate::action::{Action, FoodId, GameOption, StudentId, Target};
use crate::data::{Cell, Family, Special, Sq};
use crate::game::{CanPlace, Game, Hold};
use crate::legal::MYSTERY_REACH;

/// Why an action is refused: the rule it breaks, with the numbers that decide it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// A missed food is in the air: the attacker first chooses where it lands.
    PlaceMissFirst,
    /// No missed food waits for its square.
    NoMissToPlace,
    /// The missed food cannot land there (see [`Game::miss_choices`]).
    NotALandingSquare(Sq),
    /// The Food-Off is under way: only Food-Off attacks now.
    FoodOffUnderWay,
    /// A Food-Off attack outside the Food-Off.
    NoFoodOff,
    /// A Food-Off attack takes this many counters, from different stacks.
    FoodOffCounters(u8),
    /// A Food-Off attack is aimed at another survivor.
    FoodOffTarget,
    /// That family's stack in the Food Line is empty.
    EmptyStack(Family),
    /// The student hides behind a tipped table: it stays hidden or steps off.
    Hiding,
    /// Only a student hiding behind a tipped table can stay hidden.
    NotHiding,
    /// The first turn starts with the trip through the Food Line.
    FirstTripFirst,
    /// The first trip takes a tray and one counter of each family (of those not empty).
    FirstTripTakesAll,
    /// After the first trip, the rest of that turn is movement only.
    OnlyMovesAfterFirstTrip,
    /// Nobody attacks before everyone has been through the Food Line (round 2).
    NoAttackYet,
    /// AA left must be spent: the turn ends only when nothing that costs AA is possible.
    AaLeft(u8),
    /// Not enough AA left.
    NotEnoughAa {
        /// What the action costs.
        needed: u8,
        /// What is left.
        left: u8,
    },
    /// A step goes to one of the eight neighbouring squares.
    NotNext(Sq),
    /// A table stands there.
    OntoTable(Sq),
    /// Not floor: walls, the Food Line counter, the Lounge and the rooms around the cafeteria.
    NotFloor(Sq),
    /// The Exit is reached only by going through the Food Line.
    OntoExit,
    /// Someone stands there.
    Occupied(Sq),
    /// A garbage can stands there: a student with empty hands takes it from its home.
    CanInTheWay(Sq),
    /// Ending the turn there would leave no square beside the Exit for those still waiting to go
    /// through the Food Line.
    BlocksExit(Sq),
    /// The Food Line is entered at the Entrance.
    NotAtEntrance,
    /// Someone stands on the Exit.
    ExitBlocked,
    /// This needs empty hands (the Food Line after the first trip, a can, a pumper or bowl,
    /// tipping a table).
    HandsNotEmpty,
    /// A later trip through the line takes at most this many counters, from different families.
    TooManyFoods(u8),
    /// No tray is left in the Food Line.
    NoTrayInLine,
    /// A tray is never carried empty: it is taken only with food to put on it.
    EmptyTray,
    /// A tray just taken: the food found here goes on it first (or the tray is put down).
    FillTheTray,
    /// The student does not carry that food.
    NotCarried(FoodId),
    /// The target is not in the fight.
    NoTarget(Target),
    /// A student does not attack themself.
    OwnTarget,
    /// The target is out of range.
    OutOfRange {
        /// The food's range (or 1 for dumping, squirting and bowls).
        range: u8,
        /// King steps to the target.
        distance: u8,
        /// Characters in between, each costing one square of range.
        between: u8,
    },
    /// The target hides behind a tipped table and cannot be hit from further than this.
    TargetHidden(u8),
    /// The student carries no tray.
    NoTray,
    /// The student already carries a tray.
    AlreadyTray,
    /// The student's hands hold a can, a pumper or a bowl.
    HandsBusy,
    /// The student carries no pumper.
    NoPumper,
    /// The student carries no bowl with greens or curd in it.
    NoBowlContent,
    /// The bowl still holds its greens or curd: dump them first.
    BowlFull,
    /// The student carries no garbage can.
    NoCan,
    /// The can is practically empty (fullness 6): feed it first.
    CanEmpty,
    /// A spill that way would cover no floor.
    NowhereToSpill,
    /// No garbage can lies at the student's feet.
    NoCanHere,
    /// The student is not orthogonally beside that table.
    NotBesideTable(u8),
    /// That table gives nothing now (it is the salad bar, or tipped).
    TableClosed(u8),
    /// That table was searched already this turn.
    AlreadySearched(u8),
    /// No food found on a table this turn lies within reach.
    NothingFound,
    /// No counter found lies in that slot.
    NoSuchSlot,
    /// Only this many counters can be picked up now (two hands, five on a tray).
    PickUpAtMost(u8),
    /// No tray lies on that table.
    NoTrayThere(u8),
    /// An option of the game that is off.
    OptionOff(GameOption),
    /// That counter is not on the salad bar.
    NotOnSaladBar(FoodId),
    /// The student is not orthogonally beside that counter's square of the salad bar.
    NotBesideSalad(FoodId),
    /// Greens and curd come with their bowl.
    InBowl(FoodId),
    /// Every Tipped! marker is in use.
    NoTippedMarker,
    /// Nothing is held in both hands.
    NothingHeld,
    /// That garbage can is not within reach.
    CanOutOfReach(u8),
    /// A walk names two squares or more (one step is a move).
    WalkTooShort,
    /// A step of a walk is refused: the whole walk is.
    WalkStep {
        /// Which step, from 1.
        step: u8,
        /// Where it goes.
        to: Sq,
        /// Why that step is refused where the walk has brought the student.
        why: Box<Refusal>,
    },
    /// The walk goes on past a square where chance comes in (spilled food or garbage to slip on,
    /// a can at its home to take): a walk may end there, not cross it.
    WalkStopsAt(Sq),
    /// Not open now for none of the reasons above.
    NotOpen,
}

impl Game {
    /// Why `action` is not open now, or `None` when it is legal.
    ///
    /// # Panics
    /// For an id that names nothing: check it first with [`Game::check_ids`].
    pub fn refusal(&self, action: &Action) -> Option<Refusal> {
        if self.outcome.is_some() {
            return Some(Refusal::GameOver);
        }
        if let Action::Walk(path) = action {
            return self.walk_refusal(path);
        }
        if self.legal_actions().contains(action) {
            return None;
        }
        Some(self.why_refused(action))
    }

    /// Why `action`, which is not among [`Game::legal_actions`], is refused.
    pub(crate) fn why_refused(&self, action: &Action) -> Refusal {
        if let Action::Walk(path) = action {
            return self.walk_refusal(path).unwrap_or(Refusal::NotOpen);
        }
        if let Some(p) = &self.pending {
            return match *action {
                Action::PlaceMiss(sq) if !p.options.contains(&sq) => Refusal::NotALandingSquare(sq),
                _ => Refusal::PlaceMissFirst,
            };
        }
        if let Action::PlaceMiss(_) = action {
            return Refusal::NoMissToPlace;
        }
        if let Some(fo) = &self.food_off {
            return match *action {
                Action::FoodOff { families, target } => {
                    let me = fo.survivors.get(fo.next).copied();
                    let needed = Family::ALL
                        .iter()
                        .filter(|f| !self.stacks[f.index()].is_empty())
                        .count()
                        .min(usize::from(self.data.food_off_counters)) as u8;
                    if Some(target) == me || !fo.survivors.contains(&target) {
                        Refusal::FoodOffTarget
                    } else if let Some(f) = self.empty_family(families) {
                        Refusal::EmptyStack(f)
                    } else if families.count_ones() != u32::from(needed) {
                        Refusal::FoodOffCounters(needed)
                    } else {
                        Refusal::NotOpen
                    }
                }
                _ => Refusal::FoodOffUnderWay,
            };
        }
        if let Action::FoodOff { .. } = action {
            return Refusal::NoFoodOff;
        }
        let Some(t) = &self.turn else {
            return Refusal::NotOpen;
        };
        let s = t.student;
        let st = &self.students[usize::from(s)];
        let aa = t.aa;
        let map = &self.data.map;
        let empty = st.hold.is_empty();
        if st.hiding.is_some() {
            return match *action {
                Action::Move(to) if aa >= 1 => self.why_not_step(to, false),
                Action::Move(_) => Refusal::NotEnoughAa { needed: 1, left: aa },
                _ => Refusal::Hiding,
            };
        }
        if let Action::StayHidden = action {
            return Refusal::NotHiding;
        }
        if !self.empty_trays_carried() && self.carries_empty_tray(s) {
            return match *action {
                Action::PickUp(mask) => self.why_not_pick_up(mask, 2),
                _ => Refusal::FillTheTray,
            };
        }
        if t.first_trip_turn {
            if !st.made_trip {
                return match action {
                    Action::FoodLine { .. } if st.pos != map.entrance => Refusal::NotAtEntrance,
                    Action::FoodLine { .. } if self.occupied(map.exit) => Refusal::ExitBlocked,
                    Action::FoodLine { .. } => Refusal::FirstTripTakesAll,
                    _ => Refusal::FirstTripFirst,
                };
            }
            return match *action {
                Action::Move(to) => match self.why_not_step(to, false) {
                    Refusal::NotOpen => Refusal::BlocksExit(to),
                    why => why,
                },
                Action::EndTurn => Refusal::AaLeft(aa),
                _ => Refusal::OnlyMovesAfterFirstTrip,
            };
        }
        let attacks_open = self.has(GameOption::ANewBeginning) || self.round >= 2;
        let costly = !matches!(
            action,
            Action::EndTurn
                | Action::SearchTable(_)
                | Action::Drop(_)
                | Action::DropTray
                | Action::DropHeld
                | Action::FeedCan { .. }
        );
        if costly && aa == 0 {
            return Refusal::NotEnoughAa { needed: 1, left: 0 };
        }
        let attack = |target: Target, range: u8| {
            if attacks_open {
                self.why_out_of_reach(s, target, range)
            } else {
                Refusal::NoAttackYet
            }
        };
        match *action {
            Action::EndTurn => Refusal::AaLeft(aa),
            // Answered at the top, by `walk_refusal`.
            Action::Walk(_) => Refusal::NotOpen,
            Action::Move(to) => {
                let needed = if matches!(st.hold, Hold::Can(_)) && !t.fee_paid {
                    1 + self.data.can_carry_fee
                } else {
                    1
                };
                if aa < needed {
                    Refusal::NotEnoughAa { needed, left: aa }
                } else {
                    self.why_not_step(to, empty)
                }
            }
            Action::FoodLine { families, tray } => {
                let max = usize::from(self.data.later_trip_food);
                if st.pos != map.entrance {
                    Refusal::NotAtEntrance
                } else if !empty {
                    Refusal::HandsNotEmpty
                } else if self.occupied(map.exit) {
                    Refusal::ExitBlocked
                } else if !st.made_trip {
                    Refusal::FirstTripTakesAll
                } else if let Some(f) = self.empty_family(families) {
                    Refusal::EmptyStack(f)
                } else if families.count_ones() as usize > max {
                    Refusal::TooManyFoods(self.data.later_trip_food)
                } else if tray && self.line_trays == 0 {
                    Refusal::NoTrayInLine
                } else if tray && families == 0 {
                    Refusal::EmptyTray
                } else {
                    Refusal::NotOpen
                }
            }
            Action::Throw { food, target } => match st.hold {
                Hold::Bowl(b, None) if b == food => attack(target, 1),
                Hold::Bowl(b, Some(_)) if b == food => Refusal::BowlFull,
                _ if !st.hold.foods().contains(&food) => Refusal::NotCarried(food),
                _ => attack(target, self.food_range(food).unwrap_or(MYSTERY_REACH)),
            },
            Action::Dump(target) => match &st.hold {
                Hold::Tray(v) if !v.is_empty() => attack(target, 1),
                _ => Refusal::NoTray,
            },
            Action::Squirt(target) => match st.hold {
                Hold::Pumper(_) => attack(target, 1),
                _ => Refusal::NoPumper,
            },
            Action::DumpBowl(target) => match st.hold {
                Hold::Bowl(_, Some(_)) => attack(target, 1),
                _ => Refusal::NoBowlContent,
            },
            Action::SpillCan(dir) => match st.hold {
                Hold::Can(_) if !attacks_open => Refusal::NoAttackYet,
                Hold::Can(c) => match self.cans[usize::from(c)].fullness {
                    Some(n @ 1..=5) if self.spill_line(st.pos, dir, n).is_empty() => Refusal::NowhereToSpill,
                    Some(1..=5) => Refusal::NotOpen,
                    _ => Refusal::CanEmpty,
                },
                _ => Refusal::NoCan,
            },
            Action::TakeCan => {
                if !empty {
                    Refusal::HandsNotEmpty
                } else if !self.cans.iter().any(|c| c.place == CanPlace::AtFeet(st.pos)) {
                    Refusal::NoCanHere
                } else {
                    Refusal::NotOpen
                }
            }
            Action::SearchTable(table) => {
                if !map.beside_table(st.pos, table) {
                    Refusal::NotBesideTable(table)
                } else if !self.table_serves(table) {
                    Refusal::TableClosed(table)
                } else if t.searched & (1 << table) != 0 || t.search.as_ref().is_some_and(|(at, _)| *at == table) {
                    Refusal::AlreadySearched(table)
                } else {
                    Refusal::NotOpen
                }
            }
            Action::PickUp(mask) => self.why_not_pick_up(mask, self.room(s)),
            Action::TakeTray(table) => {
                if !map.beside_table(st.pos, table) {
                    Refusal::NotBesideTable(table)
                } else if !self.table_serves(table) {
                    Refusal::TableClosed(table)
                } else if self.tables[usize::from(table)].trays == 0 {
                    Refusal::NoTrayThere(table)
                } else {
                    match st.hold {
                        Hold::Tray(_) => Refusal::AlreadyTray,
                        Hold::Can(_) | Hold::Pumper(_) | Hold::Bowl(..) => Refusal::HandsBusy,
                        Hold::Empty if aa < 2 => Refusal::NotEnoughAa { needed: 2, left: aa },
                        Hold::Empty => Refusal::EmptyTray,
                        Hold::Hands(_) => Refusal::NotOpen,
                    }
                }
            }
            Action::PickSalad(food) => {
                let at = self
                    .salad
                    .iter()
                    .find(|(_, items)| items.contains(&food))
                    .map(|(sq, _)| *sq);
                let special = self.data.kind(food).special;
                match at {
                    _ if !self.has(GameOption::SaladBar) => Refusal::OptionOff(GameOption::SaladBar),
                    None => Refusal::NotOnSaladBar(food),
                    Some(sq) if sq.x.abs_diff(st.pos.x) + sq.y.abs_diff(st.pos.y) != 1 => Refusal::NotBesideSalad(food),
                    Some(_) if special == Some(Special::BowlContent) => Refusal::InBowl(food),
                    Some(_) if matches!(special, Some(Special::Bowl | Special::Pumper)) && !empty => {
                        Refusal::HandsNotEmpty
                    }
                    Some(_) => Refusal::PickUpAtMost(self.room(s).min(2) as u8),
                }
            }
            Action::TipTable(table) => {
                let tipped = self.tables.iter().filter(|t| t.hider.is_some()).count();
                if !self.has(GameOption::TableTipping) {
                    Refusal::OptionOff(GameOption::TableTipping)
                } else if !map.beside_table(st.pos, table) {
                    Refusal::NotBesideTable(table)
                } else if !self.table_serves(table) {
                    Refusal::TableClosed(table)
                } else if !empty {
                    Refusal::HandsNotEmpty
                } else if tipped >= usize::from(self.data.tipped_markers) {
                    Refusal::NoTippedMarker
                } else {
                    Refusal::NotOpen
                }
            }
            Action::Drop(food) => Refusal::NotCarried(food),
            Action::DropTray => Refusal::NoTray,
            Action::DropHeld => Refusal::NothingHeld,
            Action::FeedCan { can, food } => {
                if st.hold.foods().contains(&food) {
                    Refusal::CanOutOfReach(can)
                } else {
                    Refusal::NotCarried(food)
                }
            }
            Action::StayHidden | Action::PlaceMiss(_) | Action::FoodOff { .. } => Refusal::NotOpen,
        }
    }

    /// The first family in `mask` whose stack is empty.
    fn empty_family(&self, mask: u8) -> Option<Family> {
        Family::ALL
            .into_iter()
            .find(|f| mask & (1 << f.index()) != 0 && self.stacks[f.index()].is_empty())
    }

    /// How many more counters student `s` can carry.
    fn room(&self, s: StudentId) -> usize {
        let hands = usize::from(self.data.hand_capacity);
        match &self.students[usize::from(s)].hold {
            Hold::Empty => hands,
            Hold::Hands(v) => hands.saturating_sub(v.len()),
            Hold::Tray(v) => hands.min(usize::from(self.data.tray_capacity).saturating_sub(v.len())),
            _ => 0,
        }
    }

    fn why_not_pick_up(&self, mask: u8, room: usize) -> Refusal {
        let Some(t) = &self.turn else { return Refusal::NotOpen };
        let pos = self.students[usize::from(t.student)].pos;
        let Some((table, slots)) = &t.search else {
            return Refusal::NothingFound;
        };
        if !self.data.map.beside_table(pos, *table) {
            return Refusal::NothingFound;
        }
        let full = slots
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_some())
            .fold(0u8, |m, (i, _)| m | (1 << i));
        if mask == 0 || mask & !full != 0 {
            Refusal::NoSuchSlot
        } else {
            Refusal::PickUpAtMost(room.min(2) as u8)
        }
    }

    /// Why student `s` cannot reach `target` with a reach of `range` (a dump, squirt or bowl: 1).
    fn why_out_of_reach(&self, s: StudentId, target: Target, range: u8) -> Refusal {
        if target == Target::Student(s) {
            return Refusal::OwnTarget;
        }
        let Some(to) = self.target_pos(target) else {
            return Refusal::NoTarget(target);
        };
        let from = self.students[usize::from(s)].pos;
        let distance = from.king_distance(to);
        if let Target::Student(o) = target
            && self.students[usize::from(o)].hiding.is_some()
            && distance > self.data.tipped_range
        {
            return Refusal::TargetHidden(self.data.tipped_range);
        }
        if !self.in_range(from, target, range) {
            let between = if distance <= 1 {
                0
            } else {
                self.characters_between(from, to)
            };
            return Refusal::OutOfRange {
                range,
                distance,
                between,
            };
        }
        Refusal::NotOpen
    }

    /// Why a student cannot step onto `to` (`empty_handed` may take a can at its home).
    fn why_not_step(&self, to: Sq, empty_handed: bool) -> Refusal {
        let Some(t) = &self.turn else { return Refusal::NotOpen };
        let from = self.students[usize::from(t.student)].pos;
        let map = &self.data.map;
        if from.king_distance(to) != 1 {
            Refusal::NotNext(to)
        } else if map.table_at(to).is_some() {
            Refusal::OntoTable(to)
        } else if map.cell(to) == Cell::Exit {
            Refusal::OntoExit
        } else if !map.is_ground(to) {
            Refusal::NotFloor(to)
        } else if self.occupied(to) {
            Refusal::Occupied(to)
        } else if self.can_at(to).is_some() && !self.student_can_enter(to, empty_handed) {
            Refusal::CanInTheWay(to)
        } else {
            Refusal::NotOpen
        }
    }
}
