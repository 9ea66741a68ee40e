//! The cafeteria as data: the map, its legend, and every number of the game, read once from the
//! files embedded from `data/`.

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::error::DataError;

const MAP_TEXT: &str = include_str!("../data/cafeteria.map");
const LEGEND_TEXT: &str = include_str!("../data/legend.toml");
const NUMBERS_TEXT: &str = include_str!("../data/numbers.toml");

/// A square of the map: column `x` from the left, row `y` from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Sq {
    /// Column, 0 at the left.
    pub x: u8,
    /// Row, 0 at the top.
    pub y: u8,
}

impl Sq {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Self {
        Sq { x, y }
    }

    /// King distance (steps in any of the eight directions).
    pub fn king_distance(self, other: Sq) -> u8 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }

    /// The square `d` steps away in direction `dir`, if it is not off the top or left edge.
    pub fn step(self, dir: Dir, d: u8) -> Option<Sq> {
        let (dx, dy) = dir.delta();
        let x = i16::from(self.x) + i16::from(dx) * i16::from(d);
        let y = i16::from(self.y) + i16::from(dy) * i16::from(d);
        Some(Sq {
            x: u8::try_from(x).ok()?,
            y: u8::try_from(y).ok()?,
        })
    }

    /// Parses a name such as `m8` (column letter, row number).
    pub fn parse(name: &str) -> Option<Sq> {
        let mut chars = name.chars();
        let col = chars.next()?.to_ascii_lowercase();
        if !col.is_ascii_lowercase() {
            return None;
        }
        let y: u8 = chars.as_str().parse().ok()?;
        Some(Sq { x: col as u8 - b'a', y })
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Columns past `z` exist only in tampered input; they are written as numbers.
        match self.x {
            0..26 => write!(f, "{}{}", char::from(b'a' + self.x), self.y),
            x => write!(f, "({x}, {})", self.y),
        }
    }
}

/// One of the eight directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// Up.
    N,
    /// Up and right.
    NE,
    /// Right.
    E,
    /// Down and right.
    SE,
    /// Down.
    S,
    /// Down and left.
    SW,
    /// Left.
    W,
    /// Up and left.
    NW,
}

impl Dir {
    /// All eight, clockwise from north.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// Column and row change of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (1, 1),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, -1),
        }
    }

    /// Position in [`Dir::ALL`].
    pub fn index(self) -> usize {
        Dir::ALL.iter().position(|&d| d == self).unwrap_or(0)
    }

    /// The direction of the sign of `(dx, dy)`, if not both zero.
    pub fn from_delta(dx: i16, dy: i16) -> Option<Dir> {
        let d = (dx.signum() as i8, dy.signum() as i8);
        Dir::ALL.into_iter().find(|dir| dir.delta() == d)
    }

    /// Lower-case name (`n`, `ne`, …).
    pub fn name(self) -> &'static str {
        ["n", "ne", "e", "se", "s", "sw", "w", "nw"][self.index()]
    }
}

/// The five Food Families of the Food Line, in the order tables are served from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Tea and milk.
    Beverages,
    /// Bread, roll, rock.
    Breads,
    /// Beans, spinach, peas, corn.
    Vegetables,
    /// Pizza, loaf, burger, chicken, spaghetti, turkey (and Mystery Meat).
    MainDishes,
    /// Cone, cake, pie, Jello, apple.
    Desserts,
}

impl Family {
    /// All five in Food Line order.
    pub const ALL: [Family; 5] = [
        Family::Beverages,
        Family::Breads,
        Family::Vegetables,
        Family::MainDishes,
        Family::Desserts,
    ];

    /// Position in [`Family::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The family's name.
    pub fn name(self) -> &'static str {
        ["beverages", "breads", "vegetables", "main dishes", "desserts"][self.index()]
    }
}

/// What a square of the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Off the board for everyone.
    Wall,
    /// Open floor.
    Floor,
    /// Open floor with a chair pulled out.
    Chair,
    /// A table square (index 6 is the Center Table, the salad bar under that option).
    Table(u8),
    /// The home square of garbage can `n` (numbered in reading order).
    CanHome(u8),
    /// Numbered start square (1 to 6) for A New Beginning; open floor.
    Start(u8),
    /// The Food Line Entrance (open floor).
    Entrance,
    /// The Food Line Exit (reached only through the line).
    Exit,
    /// The Food Line counter.
    Counter,
    /// A Food Line stack.
    Stack(Family),
    /// The entry square of faculty member `n` (table order).
    Entry(u8),
    /// The Faculty/Staff Lounge.
    Lounge,
    /// The Principal's Office.
    Office,
    /// Where the garbage counters wait.
    GarbagePile,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum LegendEntry {
    Lounge { name: String },
    Wall { name: String },
    Floor { name: String },
    Chair { name: String },
    Table { name: String, index: u8, word: String },
    Can { name: String },
    Start { name: String, index: u8 },
    Entrance { name: String },
    Exit { name: String },
    Counter { name: String },
    Stack { name: String, family: Family },
    Entry { name: String, faculty: String },
    Office { name: String },
    GarbagePile { name: String },
}

impl LegendEntry {
    fn name(&self) -> &str {
        match self {
            LegendEntry::Lounge { name }
            | LegendEntry::Wall { name }
            | LegendEntry::Floor { name }
            | LegendEntry::Chair { name }
            | LegendEntry::Table { name, .. }
            | LegendEntry::Can { name }
            | LegendEntry::Start { name, .. }
            | LegendEntry::Entrance { name }
            | LegendEntry::Exit { name }
            | LegendEntry::Counter { name }
            | LegendEntry::Stack { name, .. }
            | LegendEntry::Entry { name, .. }
            | LegendEntry::Office { name }
            | LegendEntry::GarbagePile { name } => name,
        }
    }
}

/// The cafeteria map with every place the rules name.
#[derive(Clone, Debug)]
pub struct Map {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    cells: Vec<Cell>,
    /// The character of each square in the map file.
    glyphs: Vec<char>,
    /// The Food Line Entrance.
    pub entrance: Sq,
    /// The Food Line Exit.
    pub exit: Sq,
    /// Home squares of the garbage cans, in reading order.
    pub can_homes: Vec<Sq>,
    /// Start squares 1 to 6 (index 0 is square 1).
    pub starts: Vec<Sq>,
    /// Entry squares of the faculty, in F/S Appearance Table order.
    pub entries: Vec<Sq>,
    /// Names of the entry places (Library, …), in the same order.
    pub entry_names: Vec<String>,
    /// The squares of each table; index 6 is the Center Table.
    pub tables: Vec<Vec<Sq>>,
    /// Names of the tables.
    pub table_names: Vec<String>,
    /// The short word that names each table in typed actions (`A`-`F`, `center`).
    pub table_words: Vec<String>,
    /// Where the Principal's Office is drawn.
    pub office: Vec<Sq>,
    /// Where the Lounge is drawn.
    pub lounge: Vec<Sq>,
    /// Where the garbage counters wait.
    pub garbage_pile: Sq,
    /// The five stacks in family order.
    pub stacks: Vec<Sq>,
}

/// Index of the Center Table (the salad bar under that option).
pub const CENTER_TABLE: u8 = 6;

impl Map {
    /// Parses a map and its legend. `faculty` gives the staff names in Appearance Table order, so the
    /// legend's entries can be matched to them.
    pub fn parse(text: &str, legend: &str, faculty: &[String]) -> Result<Map, DataError> {
        let legend: HashMap<String, LegendEntry> =
            toml::from_str(legend).map_err(|e| DataError::Toml("legend".into(), e.to_string()))?;
        let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        let height = u8::try_from(rows.len()).map_err(|_| DataError::Map("too many rows".into()))?;
        let width = rows.first().map_or(0, |r| r.chars().count());
        let width = u8::try_from(width).map_err(|_| DataError::Map("too many columns".into()))?;
        if width == 0 || width > 26 {
            return Err(DataError::Map(format!("width {width} is not 1 to 26")));
        }
        let mut map = Map {
            width,
            height,
            cells: Vec::new(),
            glyphs: Vec::new(),
            entrance: Sq::new(0, 0),
            exit: Sq::new(0, 0),
            can_homes: Vec::new(),
            starts: vec![Sq::new(0, 0); 6],
            entries: vec![Sq::new(0, 0); faculty.len()],
            entry_names: vec![String::new(); faculty.len()],
            tables: vec![Vec::new(); 7],
            table_names: vec![String::new(); 7],
            table_words: vec![String::new(); 7],
            office: Vec::new(),
            lounge: Vec::new(),
            garbage_pile: Sq::new(0, 0),
            stacks: vec![Sq::new(0, 0); 5],
        };
        let (mut entrances, mut exits, mut piles) = (0, 0, 0);
        let mut starts_seen = [false; 6];
        let mut entries_seen = vec![false; faculty.len()];
        let mut stacks_seen = [false; 5];
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() != usize::from(width) {
                return Err(DataError::Map(format!("row {y} is not {width} wide")));
            }
            for (x, ch) in row.chars().enumerate() {
                let sq = Sq::new(x as u8, y as u8);
                let entry = legend
                    .get(&ch.to_string())
                    .ok_or_else(|| DataError::Map(format!("character {ch:?} at {sq} is not in the legend")))?;
                let cell = match entry {
                    LegendEntry::Lounge { .. } => {
                        map.lounge.push(sq);
                        Cell::Lounge
                    }
                    LegendEntry::Wall { .. } => Cell::Wall,
                    LegendEntry::Floor { .. } => Cell::Floor,
                    LegendEntry::Chair { .. } => Cell::Chair,
                    LegendEntry::Table { name, index, word } => {
                        let t = map
                            .tables
                            .get_mut(usize::from(*index))
                            .ok_or_else(|| DataError::Map(format!("table index {index} is not 0 to 6")))?;
                        t.push(sq);
                        map.table_names[usize::from(*index)] = name.clone();
                        map.table_words[usize::from(*index)] = word.clone();
                        Cell::Table(*index)
                    }
                    LegendEntry::Can { .. } => {
                        map.can_homes.push(sq);
                        Cell::CanHome((map.can_homes.len() - 1) as u8)
                    }
                    LegendEntry::Start { index, .. } => {
                        let i = usize::from(*index).wrapping_sub(1);
                        if i >= 6 || starts_seen[i] {
                            return Err(DataError::Map(format!("start square {index} is wrong or repeated")));
                        }
                        starts_seen[i] = true;
                        map.starts[i] = sq;
                        Cell::Start(*index)
                    }
                    LegendEntry::Entrance { .. } => {
                        entrances += 1;
                        map.entrance = sq;
                        Cell::Entrance
                    }
                    LegendEntry::Exit { .. } => {
                        exits += 1;
                        map.exit = sq;
                        Cell::Exit
                    }
                    LegendEntry::Counter { .. } => Cell::Counter,
                    LegendEntry::Stack { family, .. } => {
                        stacks_seen[family.index()] = true;
                        map.stacks[family.index()] = sq;
                        Cell::Stack(*family)
                    }
                    LegendEntry::Entry { name, faculty: who } => {
                        let i = faculty
                            .iter()
                            .position(|f| f == who)
                            .ok_or_else(|| DataError::Map(format!("entry for unknown staff member {who}")))?;
                        entries_seen[i] = true;
                        map.entries[i] = sq;
                        map.entry_names[i] = name.clone();
                        Cell::Entry(i as u8)
                    }
                    LegendEntry::Office { .. } => {
                        map.office.push(sq);
                        Cell::Office
                    }
                    LegendEntry::GarbagePile { .. } => {
                        piles += 1;
                        map.garbage_pile = sq;
                        Cell::GarbagePile
                    }
                };
                let _ = entry.name();
                map.cells.push(cell);
                map.glyphs.push(ch);
            }
        }
        let missing = |what: &str| DataError::Map(format!("the map has no {what}"));
        if entrances != 1 || exits != 1 {
            return Err(missing("single Entrance and Exit"));
        }
        if piles != 1 {
            return Err(missing("single garbage pile"));
        }
        if starts_seen.contains(&false) {
            return Err(missing("six start squares"));
        }
        if entries_seen.contains(&false) {
            return Err(missing("entry square for every staff member"));
        }
        if stacks_seen.contains(&false) {
            return Err(missing("stack for every family"));
        }
        if map.can_homes.len() != 4 {
            return Err(missing("four garbage cans"));
        }
        if map.tables.iter().any(Vec::is_empty) {
            return Err(missing("seven tables"));
        }
        let words: Vec<String> = map.table_words.iter().map(|w| w.to_ascii_lowercase()).collect();
        if words.iter().enumerate().any(|(i, w)| {
            w.is_empty() || w.contains(char::is_whitespace) || w.parse::<u8>().is_ok() || words[..i].contains(w)
        }) {
            return Err(DataError::Map(
                "the tables' words must be distinct single words that are not numbers".into(),
            ));
        }
        if map.office.is_empty() || map.lounge.is_empty() {
            return Err(missing("Principal's Office and Lounge"));
        }
        Ok(map)
    }

    /// Whether `sq` lies on the map.
    pub fn contains(&self, sq: Sq) -> bool {
        sq.x < self.width && sq.y < self.height
    }

    /// Flat index of a square on the map.
    pub fn index(&self, sq: Sq) -> usize {
        usize::from(sq.y) * usize::from(self.width) + usize::from(sq.x)
    }

    /// The square at a flat index.
    pub fn sq_at(&self, i: usize) -> Sq {
        let w = usize::from(self.width);
        Sq::new((i % w) as u8, (i / w) as u8)
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the map has no squares (never, for a parsed map).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// What is at `sq` (a wall when off the map).
    pub fn cell(&self, sq: Sq) -> Cell {
        if self.contains(sq) {
            self.cells[self.index(sq)]
        } else {
            Cell::Wall
        }
    }

    /// The map file's character at `sq`.
    pub fn glyph(&self, sq: Sq) -> char {
        if self.contains(sq) {
            self.glyphs[self.index(sq)]
        } else {
            '#'
        }
    }

    /// Ground a character may stand on, not counting what stands there now: floor, chairs, start
    /// squares, the Entrance and Exit, and can homes.
    pub fn is_ground(&self, sq: Sq) -> bool {
        matches!(
            self.cell(sq),
            Cell::Floor | Cell::Chair | Cell::Start(_) | Cell::Entrance | Cell::Exit | Cell::CanHome(_)
        )
    }

    /// The table at `sq`, if any.
    pub fn table_at(&self, sq: Sq) -> Option<u8> {
        match self.cell(sq) {
            Cell::Table(t) => Some(t),
            _ => None,
        }
    }

    /// The on-map neighbours of `sq` in the eight directions, clockwise from north.
    pub fn neighbours(&self, sq: Sq) -> impl Iterator<Item = Sq> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| sq.step(d, 1))
            .filter(|s| self.contains(*s))
    }

    /// Whether `sq` is orthogonally next to a square of table `t`.
    pub fn beside_table(&self, sq: Sq, t: u8) -> bool {
        [Dir::N, Dir::E, Dir::S, Dir::W]
            .into_iter()
            .filter_map(|d| sq.step(d, 1))
            .any(|s| self.table_at(s) == Some(t))
    }
}

/// A food counter kind that is not an ordinary food.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Special {
    /// Mystery Meat: numbers rolled in play.
    MysteryMeat,
    /// A salad bowl (two hands, range 1, stuns, holds greens or curd).
    Bowl,
    /// Greens or curd: only dumped from a bowl.
    BowlContent,
    /// Ketchup or mustard: two hands, used again and again.
    Pumper,
}

/// One kind of food counter with its numbers.
#[derive(Clone, Debug, Deserialize)]
pub struct FoodKind {
    /// Its name.
    pub name: String,
    /// Its Food Family (none for the salad bar's counters).
    #[serde(default)]
    pub family: Option<Family>,
    /// How many counters of it there are.
    pub count: u8,
    /// What kind of special counter it is, if any.
    #[serde(default)]
    pub special: Option<Special>,
    /// Range in squares (none if it cannot be thrown by itself or is rolled in play).
    #[serde(default)]
    pub range: Option<u8>,
    /// Slipperiness on the floor (rolled in play for Mystery Meat).
    #[serde(default)]
    pub slip: u8,
    /// Damage added to 1d6 on a hit; none for "N".
    #[serde(default)]
    pub damage: Option<u8>,
    /// To Hit on 2d6.
    #[serde(default)]
    pub to_hit: Option<u8>,
    /// Lowest die face that stuns after a hit, if it can stun.
    #[serde(default)]
    pub stun_on: Option<u8>,
}

/// A student's fixed numbers.
#[derive(Clone, Debug, Deserialize)]
pub struct StudentSpec {
    /// Name.
    pub name: String,
    /// Action Allowance.
    pub aa: u8,
    /// Appearance Rating at the start.
    pub ar: u8,
}

/// A faculty/staff member's fixed numbers.
#[derive(Clone, Debug, Deserialize)]
pub struct FacultySpec {
    /// Name.
    pub name: String,
    /// Movement Rating.
    pub mr: u8,
    /// Needed to Stun Rating.
    pub nsr: u8,
}

#[derive(Clone, Debug, Deserialize)]
struct Teams {
    two: Vec<Vec<String>>,
    three: Vec<Vec<String>>,
    four: Vec<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
struct SaladSquareSpec {
    square: String,
    items: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
struct NumbersFile {
    rounds: u8,
    rounds_without_throw: u8,
    trays: u8,
    trays_per_table: u8,
    garbage_counters: u8,
    tipped_markers: u8,
    tray_capacity: u8,
    hand_capacity: u8,
    dump_to_hit_bonus: u8,
    tray_stun_on: u8,
    bowl_stun_on: u8,
    can_carry_fee: u8,
    garbage_slipperiness: u8,
    tipped_range: u8,
    tip_subtract: u8,
    later_trip_food: u8,
    food_off_counters: u8,
    mystery_damage_cap: u8,
    mystery_to_hit_cap: u8,
    students: Vec<StudentSpec>,
    teams: Teams,
    faculty: Vec<FacultySpec>,
    foods: Vec<FoodKind>,
    salad_bar: Vec<SaladSquareSpec>,
}

/// Every number and place of the game.
#[derive(Clone, Debug)]
pub struct Data {
    /// The map.
    pub map: Map,
    /// Rounds in a game.
    pub rounds: u8,
    /// Rounds without a throw that end the game with no winner.
    pub rounds_without_throw: u8,
    /// Tray counters in all.
    pub trays: u8,
    /// Trays on each ordinary table at the start.
    pub trays_per_table: u8,
    /// Garbage counters.
    pub garbage_counters: u8,
    /// Tipped! markers.
    pub tipped_markers: u8,
    /// Food on one tray.
    pub tray_capacity: u8,
    /// One-hand items carried without a tray.
    pub hand_capacity: u8,
    /// To Hit bonus for dumped food.
    pub dump_to_hit_bonus: u8,
    /// Lowest die face on which a dumped tray stuns.
    pub tray_stun_on: u8,
    /// Lowest die face on which a bowl stuns.
    pub bowl_stun_on: u8,
    /// Extra AA to carry a can in a turn.
    pub can_carry_fee: u8,
    /// Slipperiness of one garbage counter.
    pub garbage_slipperiness: u8,
    /// Farthest a hiding student can be hit from.
    pub tipped_range: u8,
    /// Subtracted from 2d6 when tipping.
    pub tip_subtract: u8,
    /// Food on a later trip through the line.
    pub later_trip_food: u8,
    /// Counters each survivor takes for the Food-Off.
    pub food_off_counters: u8,
    /// Highest Mystery Meat damage.
    pub mystery_damage_cap: u8,
    /// Highest Mystery Meat To Hit.
    pub mystery_to_hit_cap: u8,
    /// The students in turn order (highest AA first, then file order).
    pub students: Vec<StudentSpec>,
    /// Students each player runs, by player count 2, 3, 4 (indices into `students`).
    pub teams: [Vec<Vec<u8>>; 3],
    /// The faculty in Appearance Table order.
    pub faculty: Vec<FacultySpec>,
    /// Food kinds.
    pub kinds: Vec<FoodKind>,
    /// The kind of each food counter, by counter number.
    pub counters: Vec<u8>,
    /// Salad bar squares clockwise, with the counters placed on each.
    pub salad_bar: Vec<(Sq, Vec<u8>)>,
}

impl Data {
    /// Reads the embedded data files.
    pub fn embedded() -> Result<Data, DataError> {
        Data::parse(MAP_TEXT, LEGEND_TEXT, NUMBERS_TEXT)
    }

    /// Reads a map, a legend and a numbers file.
    pub fn parse(map: &str, legend: &str, numbers: &str) -> Result<Data, DataError> {
        let n: NumbersFile = toml::from_str(numbers).map_err(|e| DataError::Toml("numbers".into(), e.to_string()))?;
        let faculty_names: Vec<String> = n.faculty.iter().map(|f| f.name.clone()).collect();
        if n.faculty.len() != 6 {
            return Err(DataError::Numbers("there must be six staff members".into()));
        }
        let map = Map::parse(map, legend, &faculty_names)?;
        let mut students = n.students.clone();
        if !(2..=4).contains(&students.len()) {
            return Err(DataError::Numbers("there must be two to four students".into()));
        }
        // Stable sort keeps file order among equal AAs.
        students.sort_by_key(|s| std::cmp::Reverse(s.aa));
        let find = |name: &str| {
            students
                .iter()
                .position(|s| s.name == name)
                .map(|i| i as u8)
                .ok_or_else(|| DataError::Numbers(format!("unknown student {name} in teams")))
        };
        let team = |t: &Vec<Vec<String>>, players: usize| -> Result<Vec<Vec<u8>>, DataError> {
            if t.len() != players {
                return Err(DataError::Numbers(format!(
                    "teams for {players} players must list {players} players"
                )));
            }
            t.iter().map(|p| p.iter().map(|s| find(s)).collect()).collect()
        };
        let teams = [
            team(&n.teams.two, 2)?,
            team(&n.teams.three, 3)?,
            team(&n.teams.four, 4)?,
        ];
        let mut counters = Vec::new();
        for (k, kind) in n.foods.iter().enumerate() {
            let ordinary =
                kind.special.is_none() || kind.special == Some(Special::Pumper) || kind.special == Some(Special::Bowl);
            if ordinary && (kind.range.is_none() || kind.to_hit.is_none()) {
                return Err(DataError::Numbers(format!("{} needs a range and a to hit", kind.name)));
            }
            counters.extend(std::iter::repeat_n(k as u8, usize::from(kind.count)));
        }
        if counters.len() > 250 {
            return Err(DataError::Numbers("too many food counters".into()));
        }
        let kind_of = |name: &str| {
            n.foods
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| DataError::Numbers(format!("unknown salad bar item {name}")))
        };
        let mut salad_bar = Vec::new();
        for s in &n.salad_bar {
            let sq = Sq::parse(&s.square).ok_or_else(|| DataError::Numbers(format!("bad square {}", s.square)))?;
            if map.table_at(sq) != Some(CENTER_TABLE) {
                return Err(DataError::Numbers(format!(
                    "salad bar square {sq} is not on the Center Table"
                )));
            }
            let items = s
                .items
                .iter()
                .map(|i| kind_of(i).map(|k| k as u8))
                .collect::<Result<Vec<u8>, _>>()?;
            salad_bar.push((sq, items));
        }
        Ok(Data {
            map,
            rounds: n.rounds,
            rounds_without_throw: n.rounds_without_throw,
            trays: n.trays,
            trays_per_table: n.trays_per_table,
            garbage_counters: n.garbage_counters,
            tipped_markers: n.tipped_markers,
            tray_capacity: n.tray_capacity,
            hand_capacity: n.hand_capacity,
            dump_to_hit_bonus: n.dump_to_hit_bonus,
            tray_stun_on: n.tray_stun_on,
            bowl_stun_on: n.bowl_stun_on,
            can_carry_fee: n.can_carry_fee,
            garbage_slipperiness: n.garbage_slipperiness,
            tipped_range: n.tipped_range,
            tip_subtract: n.tip_subtract,
            later_trip_food: n.later_trip_food,
            food_off_counters: n.food_off_counters,
            mystery_damage_cap: n.mystery_damage_cap,
            mystery_to_hit_cap: n.mystery_to_hit_cap,
            students,
            teams,
            faculty: n.faculty,
            kinds: n.foods,
            counters,
            salad_bar,
        })
    }

    /// The kind of food counter `food`.
    ///
    /// # Panics
    /// For a food id past [`Data::counters`].
    pub fn kind(&self, food: u8) -> &FoodKind {
        &self.kinds[usize::from(self.counters[usize::from(food)])]
    }
}

static DATA: LazyLock<Result<Data, DataError>> = LazyLock::new(Data::embedded);

/// The embedded game data, read once.
///
/// # Errors
/// Fails only if the embedded files are broken, which the crate's tests rule out.
pub fn data() -> Result<&'static Data, DataError> {
    DATA.as_ref().map_err(Clone::clone)
}
