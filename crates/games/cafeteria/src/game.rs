//! The game state and the flow of rounds and turns.

use std::collections::VecDeque;

use messhall_dice::Dice;
use serde::{Deserialize, Serialize};

use crate::action::{Action, FacultyId, FoodId, GameOption, StudentId, Target};
use crate::data::{CENTER_TABLE, Data, Family, Special, Sq, data};
use crate::error::{ActionError, BrokenInvariant, SetupError};
use crate::event::{Event, Note, Seen};

/// How a game is set up: the players, the optional rules and the edition of the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Number of players, 2 to 4 (with 2, each runs two students).
    pub players: u8,
    /// Optional rules in force.
    pub options: Vec<GameOption>,
    /// The edition of the rules the game is played by (see [`Setup::EDITION`]). Records keep it,
    /// so a game replays by the rules it was played under; a record without it is of edition 1.
    #[serde(default = "Setup::first_edition")]
    pub edition: u8,
}

impl Setup {
    /// The edition of the rules new games are played by.
    ///
    /// - 1: a student could carry an empty tray (kept after its last food was thrown, taken from a
    ///   table with nothing to put on it, or from the line with no food); a student stopped a
    ///   staff member's walk; teammates left alone held a Food-Off.
    /// - 2: a tray is never carried empty; the staff walk through students (entering one's square
    ///   still catches that student); when every student left is one player's, that player wins.
    pub const EDITION: u8 = 2;

    fn first_edition() -> u8 {
        1
    }

    /// A setup with `players` players and the given options, by the rules of this edition.
    pub fn new(players: u8, options: &[GameOption]) -> Self {
        Setup::of_edition(players, options, Setup::EDITION)
    }

    /// A setup by the rules of an earlier `edition` (to replay an old game).
    pub fn of_edition(players: u8, options: &[GameOption], edition: u8) -> Self {
        let mut options = options.to_vec();
        options.sort();
        options.dedup();
        Setup {
            players,
            options,
            edition,
        }
    }

    /// Whether `option` is in force.
    pub fn has(&self, option: GameOption) -> bool {
        self.options.contains(&option)
    }
}

/// What a student carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hold {
    /// Nothing.
    Empty,
    /// One or two one-hand items, no tray.
    Hands(Vec<FoodId>),
    /// A tray (both hands) with up to five items.
    Tray(Vec<FoodId>),
    /// A garbage can (both hands).
    Can(u8),
    /// A pumper (both hands).
    Pumper(FoodId),
    /// A bowl (both hands), perhaps holding greens or curd.
    Bowl(FoodId, Option<FoodId>),
}

impl Hold {
    /// The food counters carried one-handed or on a tray.
    pub fn foods(&self) -> &[FoodId] {
        match self {
            Hold::Hands(f) | Hold::Tray(f) => f,
            _ => &[],
        }
    }

    /// Whether nothing is carried.
    pub fn is_empty(&self) -> bool {
        *self == Hold::Empty
    }
}

/// Whether a student is still in the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Fighting.
    Active,
    /// Appearance Rating reached 0: waits to be hauled away.
    Retired,
    /// Taken to the Principal's Office.
    Gone,
}

/// A student in the game.
#[derive(Clone, Debug)]
pub struct Student {
    /// Index into [`Data::students`].
    pub spec: u8,
    /// The player running this student (0-based).
    pub player: u8,
    /// Where the student stands.
    pub pos: Sq,
    /// Current Appearance Rating.
    pub ar: u8,
    /// In the fight, retired or gone.
    pub status: Status,
    /// Loses the next turn.
    pub stunned: bool,
    /// What the student carries.
    pub hold: Hold,
    /// Has been through the Food Line once.
    pub made_trip: bool,
    /// The tipped table the student hides behind.
    pub hiding: Option<u8>,
    /// The round the student left the fight (retired or gone), for "lasted longest".
    pub out_round: Option<u8>,
}

/// A faculty/staff member.
#[derive(Clone, Debug)]
pub struct Faculty {
    /// Where the member stands; `None` in the Lounge.
    pub pos: Option<Sq>,
    /// Cannot move in rounds up to and including this one.
    pub immobile_through: u8,
    /// Damage taken this round (against the NSR).
    pub round_damage: u16,
    /// The student who made a Last Ditch Assault on this member.
    pub grudge: Option<StudentId>,
    /// The tipped table this member goes for, and the round it does so.
    pub attracted: Option<(u8, u8)>,
}

/// Where a garbage can is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanPlace {
    /// On its home square.
    Home,
    /// Carried by a student.
    Held(StudentId),
    /// Lying where it was spilled from, during the spiller's turn.
    AtFeet(Sq),
    /// Out of play until the next round starts.
    Away,
}

/// A garbage can.
#[derive(Clone, Debug)]
pub struct Can {
    /// Where it is.
    pub place: CanPlace,
    /// Fullness 1 (least) to 5, or 6 (practically empty); `None` until rolled.
    pub fullness: Option<u8>,
    /// Food fed since the last fullness step.
    pub fed: u8,
}

/// A table's counters.
#[derive(Clone, Debug)]
pub struct TableState {
    /// Trays lying on it.
    pub trays: u8,
    /// The student hiding behind it when it is tipped.
    pub hider: Option<StudentId>,
}

/// Garbage spread on the floor by a spilled can.
#[derive(Clone, Copy, Debug)]
pub struct GarbageMark {
    /// Where.
    pub sq: Sq,
    /// Stays until the end of this round.
    pub until_round: u8,
    /// Whether one of the garbage counters marks it (otherwise a stand-in).
    pub counter: bool,
}

/// The rolled numbers of Mystery Meat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mystery {
    /// Range.
    pub range: u8,
    /// Slipperiness.
    pub slip: u8,
    /// Damage.
    pub damage: u8,
    /// To Hit.
    pub to_hit: u8,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndKind {
    /// One student was left, or only students of one player.
    LastStudent,
    /// The survivors of the last round held a Food-Off.
    FoodOff,
    /// Every student was hauled away or retired.
    NoSurvivor,
    /// Nobody threw anything for ten rounds: everybody loses.
    NoThrow,
}

/// The result of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// How it ended.
    pub kind: EndKind,
    /// The winning students (several after a tied Food-Off).
    pub winners: Vec<StudentId>,
    /// Rounds started.
    pub rounds: u8,
    /// Food-Off damage per student (empty without a Food-Off).
    pub food_off: Vec<(StudentId, u16)>,
    /// Each player's share of the win (sums to 1 with a winner, 0 without).
    pub scores: Vec<f64>,
}

#[derive(Clone, Debug)]
pub(crate) struct TurnState {
    pub(crate) student: StudentId,
    pub(crate) aa: u8,
    pub(crate) fee_paid: bool,
    pub(crate) searched: u8,
    pub(crate) search: Option<(u8, Vec<Option<FoodId>>)>,
    pub(crate) series: Vec<(Target, u8)>,
    pub(crate) first_trip_turn: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct PendingMisses {
    pub(crate) attacker: StudentId,
    pub(crate) target: Target,
    pub(crate) target_sq: Sq,
    pub(crate) behind: crate::data::Dir,
    pub(crate) foods: VecDeque<FoodId>,
    pub(crate) options: Vec<Sq>,
    pub(crate) placed: u8,
}

#[derive(Clone, Debug)]
pub(crate) struct FoodOffState {
    pub(crate) survivors: Vec<StudentId>,
    pub(crate) next: usize,
    pub(crate) scores: Vec<u16>,
}

/// Where one food counter is, for the census.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoodPlace {
    /// In a Food Line stack.
    Stack(Family),
    /// Carried by a student.
    Carried(StudentId),
    /// Found on a table during a search.
    OnTable(u8),
    /// On the floor.
    Floor(Sq),
    /// On the salad bar.
    SaladBar(Sq),
    /// Out of play.
    Removed,
    /// Not used in this game (an option is off).
    Unused,
}

/// A game of Food Fight in progress.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) data: &'static Data,
    pub(crate) setup: Setup,
    pub(crate) round: u8,
    pub(crate) turn_pos: usize,
    pub(crate) students: Vec<Student>,
    pub(crate) faculty: Vec<Faculty>,
    pub(crate) stacks: [VecDeque<FoodId>; 5],
    pub(crate) line_trays: u8,
    pub(crate) removed_trays: u8,
    pub(crate) tables: Vec<TableState>,
    pub(crate) cans: Vec<Can>,
    pub(crate) floor: Vec<(Sq, FoodId)>,
    pub(crate) garbage: Vec<GarbageMark>,
    pub(crate) garbage_pile: u8,
    pub(crate) salad: Vec<(Sq, Vec<FoodId>)>,
    pub(crate) removed: Vec<FoodId>,
    /// The counters in `removed` that left play face down (lost by a stun, a slip or being
    /// hauled away, or fed to a can), each with the player who saw it: the others cannot tell it
    /// from the counters still hidden.
    pub(crate) face_down_out: Vec<(FoodId, u8)>,
    pub(crate) unused: Vec<FoodId>,
    pub(crate) mystery: Option<Mystery>,
    pub(crate) combat_round: Option<u8>,
    pub(crate) attacked_this_round: bool,
    pub(crate) rounds_without_throw: u8,
    pub(crate) turn: Option<TurnState>,
    pub(crate) pending: Option<PendingMisses>,
    pub(crate) food_off: Option<FoodOffState>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) narrate: bool,
    pub(crate) events: Vec<Note>,
}

impl Game {
    /// Sets up a game and plays everything up to the first decision. Draws from `dice` to shuffle
    /// the Food Line (and to place students under A New Beginning).
    ///
    /// # Errors
    /// A player count outside 2 to 4, or broken data files.
    pub fn new(setup: Setup, dice: &mut dyn Dice) -> Result<Game, SetupError> {
        Game::new_with(setup, dice, false)
    }

    /// Like [`Game::new`], keeping a narration of every event (see [`Game::take_events`]).
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn new_narrated(setup: Setup, dice: &mut dyn Dice) -> Result<Game, SetupError> {
        Game::new_with(setup, dice, true)
    }

    fn new_with(setup: Setup, dice: &mut dyn Dice, narrate: bool) -> Result<Game, SetupError> {
        let data = data()?;
        if !(2..=4).contains(&setup.players) {
            return Err(SetupError::Players(setup.players));
        }
        if !(1..=Setup::EDITION).contains(&setup.edition) {
            return Err(SetupError::Edition(setup.edition));
        }
        let setup = Setup::of_edition(setup.players, &setup.options, setup.edition);
        let team = &data.teams[usize::from(setup.players - 2)];
        let mut students = Vec::new();
        let mut specs: Vec<(u8, u8)> = Vec::new();
        for (player, members) in team.iter().enumerate() {
            for &spec in members {
                specs.push((spec, player as u8));
            }
        }
        specs.sort_unstable();
        for (spec, player) in specs {
            let s = &data.students[usize::from(spec)];
            students.push(Student {
                spec,
                player,
                pos: data.map.entrance,
                ar: s.ar,
                status: Status::Active,
                stunned: false,
                hold: Hold::Empty,
                made_trip: false,
                hiding: None,
                out_round: None,
            });
        }
        let mut stacks: [VecDeque<FoodId>; 5] = Default::default();
        let mut unused = Vec::new();
        let mut salad_pool = Vec::new();
        for (id, _) in data.counters.iter().enumerate() {
            let id = id as FoodId;
            let kind = data.kind(id);
            match (kind.special, kind.family) {
                (Some(Special::MysteryMeat), Some(f)) if setup.has(GameOption::MysteryMeat) => {
                    stacks[f.index()].push_back(id)
                }
                (Some(Special::MysteryMeat), _) => unused.push(id),
                (_, Some(f)) => stacks[f.index()].push_back(id),
                (_, None) if setup.has(GameOption::SaladBar) => salad_pool.push(id),
                (_, None) => unused.push(id),
            }
        }
        for stack in &mut stacks {
            let mut v: Vec<FoodId> = stack.drain(..).collect();
            messhall_dice::shuffle(dice, &mut v);
            stack.extend(v);
        }
        let mut salad = Vec::new();
        if setup.has(GameOption::SaladBar) {
            for (sq, kinds) in &data.salad_bar {
                let mut here = Vec::new();
                for &k in kinds {
                    if let Some(i) = salad_pool.iter().position(|&f| data.counters[usize::from(f)] == k) {
                        here.push(salad_pool.remove(i));
                    }
                }
                salad.push((*sq, here));
            }
            unused.append(&mut salad_pool);
        }
        let ordinary = data.map.tables.len() - 1;
        let mut tables: Vec<TableState> = (0..data.map.tables.len())
            .map(|_| TableState { trays: 0, hider: None })
            .collect();
        let mut on_tables = 0;
        for t in tables.iter_mut().take(ordinary) {
            let n = data.trays_per_table.min(data.trays - on_tables);
            t.trays = n;
            on_tables += n;
        }
        let mut game = Game {
            data,
            setup,
            round: 0,
            turn_pos: 0,
            students,
            faculty: data
                .faculty
                .iter()
                .map(|_| Faculty {
                    pos: None,
                    immobile_through: 0,
                    round_damage: 0,
                    grudge: None,
                    attracted: None,
                })
                .collect(),
            stacks,
            line_trays: data.trays - on_tables,
            removed_trays: 0,
            tables,
            cans: data
                .map
                .can_homes
                .iter()
                .map(|_| Can {
                    place: CanPlace::Home,
                    fullness: None,
                    fed: 0,
                })
                .collect(),
            floor: Vec::new(),
            garbage: Vec::new(),
            garbage_pile: data.garbage_counters,
            salad,
            removed: Vec::new(),
            face_down_out: Vec::new(),
            unused,
            mystery: None,
            combat_round: None,
            attacked_this_round: false,
            rounds_without_throw: 0,
            turn: None,
            pending: None,
            food_off: None,
            outcome: None,
            narrate,
            events: Vec::new(),
        };
        if game.setup.has(GameOption::ANewBeginning) {
            for s in 0..game.students.len() {
                let free: Vec<Sq> = data
                    .map
                    .starts
                    .iter()
                    .copied()
                    .filter(|&sq| !game.students.iter().take(s).any(|o| o.pos == sq))
                    .collect();
                if let Some(&sq) = messhall_dice::pick(dice, &free) {
                    game.students[s].pos = sq;
                    game.say(|| Event::StartsOn {
                        student: s as StudentId,
                        sq,
                    });
                }
            }
        }
        game.start_round(dice);
        Ok(game)
    }

    // ----- reading the state -----

    /// The game data.
    pub fn data(&self) -> &'static Data {
        self.data
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The current round, 1 to 10.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The students, in turn order.
    pub fn students(&self) -> &[Student] {
        &self.students
    }

    /// The faculty, in Appearance Table order.
    pub fn faculty(&self) -> &[Faculty] {
        &self.faculty
    }

    /// The garbage cans, in map order.
    pub fn cans(&self) -> &[Can] {
        &self.cans
    }

    /// The tables (index 6 is the Center Table).
    pub fn tables(&self) -> &[TableState] {
        &self.tables
    }

    /// Food on the floor.
    pub fn floor(&self) -> &[(Sq, FoodId)] {
        &self.floor
    }

    /// Garbage on the floor.
    pub fn garbage(&self) -> &[GarbageMark] {
        &self.garbage
    }

    /// The salad bar's squares and counters (empty without that option).
    pub fn salad_bar(&self) -> &[(Sq, Vec<FoodId>)] {
        &self.salad
    }

    /// Counters left in each family's stack.
    pub fn stack_sizes(&self) -> [usize; 5] {
        [0, 1, 2, 3, 4].map(|i| self.stacks[i].len())
    }

    /// The stack of a family, top first (hidden from players; for tests and the search bot).
    pub fn stack(&self, family: Family) -> &VecDeque<FoodId> {
        &self.stacks[family.index()]
    }

    /// Trays waiting in the Food Line.
    pub fn line_trays(&self) -> u8 {
        self.line_trays
    }

    /// Mystery Meat's numbers once rolled.
    pub fn mystery(&self) -> Option<Mystery> {
        self.mystery
    }

    /// The round of the first attack, if any.
    pub fn combat_round(&self) -> Option<u8> {
        self.combat_round
    }

    /// Consecutive finished rounds without any attack.
    pub fn rounds_without_throw(&self) -> u8 {
        self.rounds_without_throw
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The student whose decision it is, if any.
    pub fn to_move(&self) -> Option<StudentId> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(p) = &self.pending {
            return Some(p.attacker);
        }
        if let Some(fo) = &self.food_off {
            return fo.survivors.get(fo.next).copied();
        }
        self.turn.as_ref().map(|t| t.student)
    }

    /// The player whose decision it is, if any.
    pub fn player_to_move(&self) -> Option<u8> {
        self.to_move().map(|s| self.students[usize::from(s)].player)
    }

    /// AA left in the current turn.
    pub fn aa_left(&self) -> u8 {
        self.turn.as_ref().map_or(0, |t| t.aa)
    }

    /// Food found on the table being searched this turn (slots in family order).
    pub fn table_search(&self) -> Option<(u8, &[Option<FoodId>])> {
        self.turn
            .as_ref()
            .and_then(|t| t.search.as_ref())
            .map(|(t, s)| (*t, s.as_slice()))
    }

    /// The Food-Off under way: each survivor in turn order, with its damage once it has attacked
    /// (`None` while it still has to). Empty outside the Food-Off.
    pub fn food_off_standings(&self) -> Vec<(StudentId, Option<u16>)> {
        self.food_off.as_ref().map_or_else(Vec::new, |fo| {
            fo.survivors
                .iter()
                .zip(&fo.scores)
                .enumerate()
                .map(|(i, (&s, &sc))| (s, (i < fo.next).then_some(sc)))
                .collect()
        })
    }

    /// Squares a missed food may be placed on now, when the attacker must choose.
    pub fn miss_choices(&self) -> &[Sq] {
        self.pending.as_ref().map_or(&[], |p| p.options.as_slice())
    }

    /// Keeps the events of [`Game::play_unchecked`] for [`Game::take_events`] or not (a search
    /// that plays games out turns it off: nobody reads them).
    pub fn set_narrated(&mut self, on: bool) {
        self.narrate = on;
        if !on {
            self.events.clear();
        }
    }

    /// Takes the events gathered outside [`Game::play`] since the last call: those of setting up
    /// the game and of [`Game::play_unchecked`], in narrated games only.
    pub fn take_events(&mut self) -> Vec<Note> {
        std::mem::take(&mut self.events)
    }

    /// A student's name.
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn student_name(&self, s: StudentId) -> &'static str {
        &self.data.students[usize::from(self.students[usize::from(s)].spec)].name
    }

    /// A faculty member's name.
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn faculty_name(&self, f: FacultyId) -> &'static str {
        &self.data.faculty[usize::from(f)].name
    }

    /// A food counter's name.
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn food_name(&self, food: FoodId) -> &'static str {
        &self.data.kind(food).name
    }

    /// A target's name.
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn target_name(&self, t: Target) -> &'static str {
        match t {
            Target::Student(s) => self.student_name(s),
            Target::Faculty(f) => self.faculty_name(f),
        }
    }

    /// The Action Allowance of a student.
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn student_aa(&self, s: StudentId) -> u8 {
        self.data.students[usize::from(self.students[usize::from(s)].spec)].aa
    }

    /// The starting Appearance Rating of a student.
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn student_max_ar(&self, s: StudentId) -> u8 {
        self.data.students[usize::from(self.students[usize::from(s)].spec)].ar
    }

    /// Whether a student is still fighting (in the cafeteria with AR above 0).
    ///
    /// # Panics
    /// For an id that names nothing (see [`Game::check_ids`]).
    pub fn is_active(&self, s: StudentId) -> bool {
        self.students[usize::from(s)].status == Status::Active
    }

    /// Where every food counter is. Each counter must appear exactly once: see [`Game::check`].
    pub fn census(&self) -> Vec<(FoodId, FoodPlace)> {
        let mut out = Vec::with_capacity(self.data.counters.len());
        for f in Family::ALL {
            out.extend(self.stacks[f.index()].iter().map(|&id| (id, FoodPlace::Stack(f))));
        }
        for (i, s) in self.students.iter().enumerate() {
            let who = FoodPlace::Carried(i as StudentId);
            match &s.hold {
                Hold::Hands(v) | Hold::Tray(v) => out.extend(v.iter().map(|&id| (id, who))),
                Hold::Pumper(p) => out.push((*p, who)),
                Hold::Bowl(b, c) => {
                    out.push((*b, who));
                    out.extend(c.iter().map(|&id| (id, who)));
                }
                Hold::Empty | Hold::Can(_) => {}
            }
        }
        if let Some(t) = &self.turn
            && let Some((table, slots)) = &t.search
        {
            out.extend(slots.iter().flatten().map(|&id| (id, FoodPlace::OnTable(*table))));
        }
        if let Some(p) = &self.pending {
            // Missed food still in the air lands around the target.
            out.extend(p.foods.iter().map(|&id| (id, FoodPlace::Floor(p.target_sq))));
        }
        out.extend(self.floor.iter().map(|&(sq, id)| (id, FoodPlace::Floor(sq))));
        for (sq, items) in &self.salad {
            out.extend(items.iter().map(|&id| (id, FoodPlace::SaladBar(*sq))));
        }
        out.extend(self.removed.iter().map(|&id| (id, FoodPlace::Removed)));
        out.extend(self.unused.iter().map(|&id| (id, FoodPlace::Unused)));
        out
    }

    /// Checks the invariants: every food counter, tray, can and garbage counter is somewhere exactly
    /// once, and the round count is within the game's rounds.
    ///
    /// # Errors
    /// The first broken invariant.
    pub fn check(&self) -> Result<(), BrokenInvariant> {
        let mut seen = vec![0u8; self.data.counters.len()];
        for (id, place) in self.census() {
            let slot = seen
                .get_mut(usize::from(id))
                .ok_or(BrokenInvariant::NoSuchFood { food: id })?;
            *slot += 1;
            if *slot > 1 {
                return Err(BrokenInvariant::FoodTwice { food: id, place });
            }
        }
        if let Some(i) = seen.iter().position(|&c| c == 0) {
            return Err(BrokenInvariant::FoodNowhere { food: i });
        }
        let carried = self.students.iter().filter(|s| matches!(s.hold, Hold::Tray(_))).count() as u32;
        let on_tables: u32 = self.tables.iter().map(|t| u32::from(t.trays)).sum();
        let trays = u32::from(self.line_trays) + on_tables + carried + u32::from(self.removed_trays);
        if trays != u32::from(self.data.trays) {
            return Err(BrokenInvariant::Trays {
                counted: trays,
                expected: self.data.trays,
            });
        }
        for (c, can) in self.cans.iter().enumerate() {
            let holders = self
                .students
                .iter()
                .filter(|s| s.hold == Hold::Can(c as u8) && s.status != Status::Gone)
                .count();
            let held = matches!(can.place, CanPlace::Held(_));
            if holders != usize::from(held) {
                return Err(BrokenInvariant::CanHolders {
                    can: c,
                    place: can.place,
                    holders,
                });
            }
            if let CanPlace::Held(s) = can.place
                && self.students[usize::from(s)].hold != Hold::Can(c as u8)
            {
                return Err(BrokenInvariant::CanHolder { can: c });
            }
        }
        let marked = self.garbage.iter().filter(|g| g.counter).count() as u32;
        if marked + u32::from(self.garbage_pile) != u32::from(self.data.garbage_counters) {
            return Err(BrokenInvariant::GarbageCounters {
                counted: marked + u32::from(self.garbage_pile),
                expected: self.data.garbage_counters,
            });
        }
        if !self.empty_trays_carried() {
            // Only the student to act may hold a tray just taken, until food is put on it.
            let acting = self.turn.as_ref().map(|t| t.student);
            if let Some(i) =
                (0..self.students.len() as StudentId).find(|&s| self.carries_empty_tray(s) && Some(s) != acting)
            {
                return Err(BrokenInvariant::EmptyTray { student: i });
            }
        }
        if self.round > self.data.rounds {
            return Err(BrokenInvariant::PastLastRound { round: self.round });
        }
        let tipped = self.tables.iter().filter(|t| t.hider.is_some()).count();
        if tipped > usize::from(self.data.tipped_markers) {
            return Err(BrokenInvariant::TippedTables {
                tipped,
                markers: self.data.tipped_markers,
            });
        }
        for (i, s) in self.students.iter().enumerate() {
            let cap = match &s.hold {
                Hold::Hands(v) => (v.len(), usize::from(self.data.hand_capacity)),
                Hold::Tray(v) => (v.len(), usize::from(self.data.tray_capacity)),
                _ => (0, 0),
            };
            if cap.0 > cap.1 {
                return Err(BrokenInvariant::Overloaded {
                    student: i,
                    items: cap.0,
                    capacity: cap.1,
                });
            }
        }
        Ok(())
    }

    // ----- helpers used by the rules -----

    /// Records an event everyone sees (when events are kept: the closure is not run otherwise).
    pub(crate) fn say(&mut self, event: impl FnOnce() -> Event) {
        if self.narrate {
            self.events.push(Note {
                event: event(),
                seen_by: Seen::Everyone,
            });
        }
    }

    /// Records an event only the player of student `s` sees: it names food held face down.
    pub(crate) fn whisper(&mut self, s: StudentId, event: impl FnOnce() -> Event) {
        if self.narrate {
            let player = self.students[usize::from(s)].player;
            self.events.push(Note {
                event: event(),
                seen_by: Seen::Player(player),
            });
        }
    }

    pub(crate) fn has(&self, option: GameOption) -> bool {
        self.setup.has(option)
    }

    /// Edition 1: a tray could be carried empty.
    pub(crate) fn empty_trays_carried(&self) -> bool {
        self.setup.edition < 2
    }

    /// Edition 1: a student stopped a staff member's walk.
    pub(crate) fn students_stop_staff(&self) -> bool {
        self.setup.edition < 2
    }

    /// Edition 1: teammates left alone held a Food-Off instead of winning together.
    pub(crate) fn teammates_hold_food_off(&self) -> bool {
        self.setup.edition < 2
    }

    /// Whether student `s` carries a tray with nothing on it.
    pub(crate) fn carries_empty_tray(&self, s: StudentId) -> bool {
        matches!(&self.students[usize::from(s)].hold, Hold::Tray(v) if v.is_empty())
    }

    /// Whether a character (student in the cafeteria, or faculty member in it) stands on `sq`.
    pub fn occupied(&self, sq: Sq) -> bool {
        self.students.iter().any(|s| s.status != Status::Gone && s.pos == sq)
            || self.faculty.iter().any(|f| f.pos == Some(sq))
    }

    /// The can on `sq` at home or lying at someone's feet, if any.
    pub fn can_at(&self, sq: Sq) -> Option<u8> {
        self.cans.iter().enumerate().find_map(|(i, c)| match c.place {
            CanPlace::Home if self.data.map.can_homes[i] == sq => Some(i as u8),
            CanPlace::AtFeet(at) if at == sq => Some(i as u8),
            _ => None,
        })
    }

    /// Total slipperiness of a square: its floor food plus 6 for each garbage counter.
    pub fn slipperiness(&self, sq: Sq) -> u16 {
        let food: u16 = self
            .floor
            .iter()
            .filter(|(s, _)| *s == sq)
            .map(|&(_, f)| u16::from(self.food_slip(f)))
            .sum();
        let garbage = self.garbage.iter().filter(|g| g.sq == sq).count() as u16;
        food + garbage * u16::from(self.data.garbage_slipperiness)
    }

    /// Whether a square has spilled food or garbage.
    pub fn messy(&self, sq: Sq) -> bool {
        self.floor.iter().any(|(s, _)| *s == sq) || self.garbage.iter().any(|g| g.sq == sq)
    }

    pub(crate) fn food_slip(&self, f: FoodId) -> u8 {
        let k = self.data.kind(f);
        match (k.special, self.mystery) {
            (Some(Special::MysteryMeat), Some(m)) => m.slip,
            _ => k.slip,
        }
    }

    /// A food's damage (Mystery Meat's once rolled), `None` if it does no damage.
    ///
    /// # Panics
    /// For a food id that names nothing (see [`Game::check_ids`]).
    pub fn food_damage(&self, f: FoodId) -> Option<u8> {
        let k = self.data.kind(f);
        match (k.special, self.mystery) {
            (Some(Special::MysteryMeat), Some(m)) => Some(m.damage),
            _ => k.damage,
        }
    }

    /// A food's To Hit number (Mystery Meat's once rolled), 0 if it cannot hit.
    ///
    /// # Panics
    /// For a food id that names nothing (see [`Game::check_ids`]).
    pub fn food_to_hit(&self, f: FoodId) -> u8 {
        let k = self.data.kind(f);
        match (k.special, self.mystery) {
            (Some(Special::MysteryMeat), Some(m)) => m.to_hit,
            _ => k.to_hit.unwrap_or(0),
        }
    }

    /// The range of a food, `None` if unknown yet (Mystery Meat before its roll) or not throwable.
    pub fn food_range(&self, f: FoodId) -> Option<u8> {
        let k = self.data.kind(f);
        match (k.special, self.mystery) {
            (Some(Special::MysteryMeat), Some(m)) => Some(m.range),
            (Some(Special::MysteryMeat), None) => None,
            _ => k.range,
        }
    }

    /// Rolls Mystery Meat's numbers if `f` is Mystery Meat and they are not known yet.
    pub(crate) fn reveal_mystery(&mut self, f: FoodId, dice: &mut dyn Dice) {
        if self.mystery.is_none() && self.data.kind(f).special == Some(Special::MysteryMeat) {
            let range = dice.d6();
            let slip = dice.d6();
            let damage = (dice.d6() + 3).min(self.data.mystery_damage_cap);
            let to_hit = (dice.roll(2, 6) as u8 + 3).min(self.data.mystery_to_hit_cap);
            self.mystery = Some(Mystery {
                range,
                slip,
                damage,
                to_hit,
            });
            self.say(|| {
                Event::MysteryRevealed(Mystery {
                    range,
                    slip,
                    damage,
                    to_hit,
                })
            });
        }
    }

    /// Where a target stands.
    pub fn target_pos(&self, t: Target) -> Option<Sq> {
        match t {
            Target::Student(s) => {
                let st = self.students.get(usize::from(s))?;
                (st.status == Status::Active).then_some(st.pos)
            }
            Target::Faculty(f) => self.faculty.get(usize::from(f))?.pos,
        }
    }

    /// Whether a table can give food and trays now.
    ///
    /// # Panics
    /// For a table id that names nothing (see [`Game::check_ids`]).
    pub fn table_serves(&self, t: u8) -> bool {
        !(t == CENTER_TABLE && self.has(GameOption::SaladBar)) && self.tables[usize::from(t)].hider.is_none()
    }

    // ----- flow -----

    pub(crate) fn start_round(&mut self, dice: &mut dyn Dice) {
        if self.outcome.is_some() {
            return;
        }
        if self.round >= self.data.rounds {
            self.finish_rounds(dice);
            return;
        }
        self.round += 1;
        let round = self.round;
        self.say(|| Event::RoundStarted(round));
        self.attacked_this_round = false;
        for f in &mut self.faculty {
            f.round_damage = 0;
        }
        let mut back = 0;
        self.garbage.retain(|g| {
            let keep = g.until_round >= round;
            if !keep && g.counter {
                back += 1;
            }
            keep
        });
        self.garbage_pile += back;
        for c in 0..self.cans.len() {
            let home = self.data.map.can_homes[c];
            if self.cans[c].place == CanPlace::Away && !self.occupied(home) {
                self.cans[c] = Can {
                    place: CanPlace::Home,
                    fullness: None,
                    fed: 0,
                };
                self.say(|| Event::CanBack { can: c as u8, sq: home });
            }
        }
        if self.combat_round.is_some_and(|r| r < round) {
            self.faculty_phase(dice);
        }
        self.turn_pos = 0;
        self.next_turn(dice);
    }

    /// Starts the turn of the student at `turn_pos` or later; ends the round when none is left.
    pub(crate) fn next_turn(&mut self, dice: &mut dyn Dice) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            let Some(s) = (self.turn_pos < self.students.len()).then_some(self.turn_pos as StudentId) else {
                self.end_round(dice);
                return;
            };
            let st = &self.students[usize::from(s)];
            if st.status != Status::Active {
                self.turn_pos += 1;
                continue;
            }
            if st.stunned {
                self.students[usize::from(s)].stunned = false;
                self.say(|| Event::TurnLost(s));
                self.turn_pos += 1;
                continue;
            }
            let first_trip_turn = !st.made_trip && !self.has(GameOption::ANewBeginning);
            self.turn = Some(TurnState {
                student: s,
                aa: self.student_aa(s),
                fee_paid: false,
                searched: 0,
                search: None,
                series: Vec::new(),
                first_trip_turn,
            });
            let aa = self.student_aa(s);
            self.say(|| Event::TurnStarted { student: s, aa });
            if self.legal_actions().is_empty() {
                self.end_turn(dice);
                continue;
            }
            return;
        }
    }

    /// Ends the current turn and moves on.
    pub(crate) fn end_turn(&mut self, dice: &mut dyn Dice) {
        if let Some(mut t) = self.turn.take() {
            self.return_search(&mut t);
            let s = t.student;
            self.drop_empty_tray(s);
            let pos = self.students[usize::from(s)].pos;
            for c in &mut self.cans {
                if c.place == CanPlace::AtFeet(pos) {
                    c.place = CanPlace::Away;
                    c.fullness = None;
                    c.fed = 0;
                }
            }
        }
        self.turn_pos += 1;
        if self.outcome.is_none() && self.pending.is_none() {
            self.next_turn(dice);
        }
    }

    pub(crate) fn return_search(&mut self, t: &mut TurnState) {
        if let Some((_, slots)) = t.search.take() {
            for f in slots.into_iter().flatten() {
                self.dispose(f);
            }
        }
    }

    fn end_round(&mut self, dice: &mut dyn Dice) {
        if self.attacked_this_round {
            self.rounds_without_throw = 0;
        } else {
            self.rounds_without_throw += 1;
        }
        if self.rounds_without_throw >= self.data.rounds_without_throw {
            self.say(|| Event::NoThrow);
            self.finish(EndKind::NoThrow, Vec::new());
            return;
        }
        self.start_round(dice);
    }

    fn finish_rounds(&mut self, dice: &mut dyn Dice) {
        let survivors: Vec<StudentId> = (0..self.students.len() as StudentId)
            .filter(|&s| self.is_active(s))
            .collect();
        if survivors.len() >= 2 && !self.one_player_left(&survivors) {
            self.say(|| Event::FoodOffStarts);
            let n = survivors.len();
            self.food_off = Some(FoodOffState {
                survivors,
                next: 0,
                scores: vec![0; n],
            });
            let _ = dice;
        } else {
            self.finish(EndKind::LastStudent, survivors);
        }
    }

    /// Whether the students still fighting are all one player's (and it wins at once: teammates
    /// hold no Food-Off against each other). Always false in edition 1.
    fn one_player_left(&self, active: &[StudentId]) -> bool {
        let mut players = active.iter().map(|&s| self.students[usize::from(s)].player);
        let first = players.next();
        !self.teammates_hold_food_off() && first.is_some() && players.all(|p| Some(p) == first)
    }

    /// Ends the game when at most one student is still fighting.
    pub(crate) fn check_end(&mut self) {
        if self.outcome.is_some() || self.food_off.is_some() {
            return;
        }
        let active: Vec<StudentId> = (0..self.students.len() as StudentId)
            .filter(|&s| self.is_active(s))
            .collect();
        match active.len() {
            0 => self.finish(EndKind::NoSurvivor, Vec::new()),
            1 => self.finish(EndKind::LastStudent, active),
            _ if self.one_player_left(&active) => self.finish(EndKind::LastStudent, active),
            _ => {}
        }
    }

    pub(crate) fn finish(&mut self, kind: EndKind, winners: Vec<StudentId>) {
        let players = usize::from(self.setup.players);
        let mut scores = vec![0.0; players];
        let mut win_players: Vec<u8> = winners.iter().map(|&s| self.students[usize::from(s)].player).collect();
        win_players.sort_unstable();
        win_players.dedup();
        for &p in &win_players {
            scores[usize::from(p)] = 1.0 / win_players.len() as f64;
        }
        let food_off = self
            .food_off
            .take()
            .map(|fo| fo.survivors.iter().copied().zip(fo.scores.iter().copied()).collect())
            .unwrap_or_default();
        self.say(|| Event::GameOver {
            kind,
            winners: winners.clone(),
        });
        if let Some(mut t) = self.turn.take() {
            self.return_search(&mut t);
        }
        if let Some(p) = self.pending.take() {
            self.removed.extend(p.foods);
        }
        self.outcome = Some(Outcome {
            kind,
            winners,
            rounds: self.round,
            food_off,
            scores,
        });
    }

    /// Returns a food to the bottom of its stack (or out of play if it has no family).
    pub(crate) fn dispose(&mut self, f: FoodId) {
        match self.data.kind(f).family {
            Some(fam) => self.stacks[fam.index()].push_back(f),
            None => self.removed.push(f),
        }
    }

    /// Food that student `s` held face down leaves play unseen by the other players.
    pub(crate) fn remove_face_down(&mut self, s: StudentId, foods: Vec<FoodId>) {
        let player = self.students[usize::from(s)].player;
        self.face_down_out.extend(foods.iter().map(|&f| (f, player)));
        self.removed.extend(foods);
    }

    /// Everything a student carries leaves play (a stun, a slip, being hauled away).
    pub(crate) fn lose_items(&mut self, s: StudentId) {
        let hold = std::mem::replace(&mut self.students[usize::from(s)].hold, Hold::Empty);
        match hold {
            Hold::Empty => {}
            Hold::Hands(v) => self.remove_face_down(s, v),
            Hold::Tray(v) => {
                self.remove_face_down(s, v);
                self.removed_trays += 1;
            }
            Hold::Can(c) => {
                let can = &mut self.cans[usize::from(c)];
                can.place = CanPlace::Away;
                can.fullness = None;
                can.fed = 0;
            }
            Hold::Pumper(p) => self.removed.push(p),
            Hold::Bowl(b, c) => {
                self.removed.push(b);
                self.removed.extend(c);
            }
        }
    }

    /// Applies an action after checking it is legal, and returns the events it caused (in every
    /// game, narrated or not; they are not kept for [`Game::take_events`]).
    ///
    /// # Errors
    /// [`ActionError::GameOver`] after the end, [`ActionError::BadId`] for an id that names nothing,
    /// [`ActionError::Refused`] for an action not in [`Game::legal_actions`], with the reason.
    pub fn play(&mut self, action: &Action, dice: &mut dyn Dice) -> Result<Vec<Note>, ActionError> {
        if self.outcome.is_some() {
            return Err(ActionError::GameOver);
        }
        self.check_ids(action)?;
        if let Action::Walk(path) = action {
            if let Some(why) = self.walk_refusal(path) {
                return Err(ActionError::Refused {
                    action: self.action_name(action),
                    why,
                });
            }
        } else if !self.legal_actions().contains(action) {
            return Err(ActionError::Refused {
                action: self.action_name(action),
                why: self.why_refused(action),
            });
        }
        let kept = std::mem::replace(&mut self.narrate, true);
        let start = self.events.len();
        self.play_unchecked(action, dice);
        self.narrate = kept;
        Ok(self.events.split_off(start))
    }
}
