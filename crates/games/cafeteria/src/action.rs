//! What a player can do.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::data::{Dir, Sq};
use crate::error::OptionError;

/// A student number (index into [`crate::Game::students`]).
pub type StudentId = u8;
/// A faculty/staff number (Appearance Table order, 0 = Ms. Pallid).
pub type FacultyId = u8;
/// A food counter number (index into [`crate::Data::counters`]).
pub type FoodId = u8;

/// Who an attack is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// A student.
    Student(StudentId),
    /// A faculty/staff member.
    Faculty(FacultyId),
}

/// One of the optional rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameOption {
    /// Students start on numbered squares; the Food Line is optional; throwing from round 1.
    ANewBeginning,
    /// Four Mystery Meat counters in the main dishes, numbers rolled when first used.
    MysteryMeat,
    /// Tables can be tipped and hidden behind.
    TableTipping,
    /// The Center Table is a salad bar with twelve counters.
    SaladBar,
}

impl GameOption {
    /// All four options.
    pub const ALL: [GameOption; 4] = [
        GameOption::ANewBeginning,
        GameOption::MysteryMeat,
        GameOption::TableTipping,
        GameOption::SaladBar,
    ];

    /// The option's command-line name.
    pub fn name(self) -> &'static str {
        match self {
            GameOption::ANewBeginning => "a-new-beginning",
            GameOption::MysteryMeat => "mystery-meat",
            GameOption::TableTipping => "table-tipping",
            GameOption::SaladBar => "salad-bar",
        }
    }
}

impl fmt::Display for GameOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameOption {
    type Err = OptionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        GameOption::ALL
            .into_iter()
            .find(|o| o.name() == norm)
            .ok_or_else(|| OptionError(s.to_string()))
    }
}

/// An action of the student whose turn it is (or of the chooser of a pending decision).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Go through the Food Line from the Entrance to the Exit (1 AA), taking one counter from each
    /// family in the mask (bit 0 = beverages) and a tray if `tray`.
    FoodLine {
        /// Families taken, one counter each.
        families: u8,
        /// Whether a tray is taken.
        tray: bool,
    },
    /// Step to a neighbouring square (1 AA, plus the can fee on the first step with a can). Stepping
    /// onto a can at its home takes the can.
    Move(Sq),
    /// Several steps in one action, each as [`Action::Move`] to a neighbour of the square before.
    /// It is played whole or refused whole: every step must be open in turn, and chance may come in
    /// only on the last square (spilled food, garbage or a can at home end a walk; see
    /// [`crate::Game::walk_refusal`]).
    Walk(Vec<Sq>),
    /// Throw one carried food (1 AA).
    Throw {
        /// The counter.
        food: FoodId,
        /// At whom.
        target: Target,
    },
    /// Dump the whole tray on a neighbour (1 AA).
    Dump(Target),
    /// Squirt the pumper at a neighbour (1 AA).
    Squirt(Target),
    /// Dump the bowl's greens or curd on a neighbour (1 AA), keeping the bowl.
    DumpBowl(Target),
    /// Spill the carried garbage can in a direction (1 AA).
    SpillCan(Dir),
    /// Pick up the can lying at the student's feet (1 AA).
    TakeCan,
    /// Roll to see what food a table offers (free; once per table per turn).
    SearchTable(u8),
    /// Pick up food found on the table (1 AA): bit `i` takes slot `i`.
    PickUp(u8),
    /// Take the tray lying on a table (1 AA).
    TakeTray(u8),
    /// Pick up one counter from the salad bar (1 AA); a bowl comes with what it holds.
    PickSalad(FoodId),
    /// Try to tip a table and hide behind it (1 AA).
    TipTable(u8),
    /// Stay hidden behind the tipped table (ends the turn).
    StayHidden,
    /// Put down a carried food (free): it goes back to the bottom of its stack.
    Drop(FoodId),
    /// Put down the tray and what is on it (free): the tray leaves play.
    DropTray,
    /// Put down the can, pumper or bowl (free).
    DropHeld,
    /// Throw a carried food into a garbage can within reach (free).
    FeedCan {
        /// Which can.
        can: u8,
        /// Which food.
        food: FoodId,
    },
    /// Choose where a missed food lands, between equally eligible squares.
    PlaceMiss(Sq),
    /// End the turn when nothing that costs AA is possible.
    EndTurn,
    /// Food-Off: take one counter from each family in the mask and attack `target`.
    FoodOff {
        /// Families taken (bit 0 = beverages).
        families: u8,
        /// The student attacked.
        target: StudentId,
    },
}

impl Action {
    /// The food held face down that this action names, which only the acting student's player
    /// may see: a food put down or fed to a can stays face down (a thrown one is shown as it
    /// flies, a salad bar's lies face up).
    pub fn face_down_food(&self) -> Option<FoodId> {
        match self {
            Action::Drop(food) | Action::FeedCan { food, .. } => Some(*food),
            _ => None,
        }
    }

    /// The verb that starts the action's written name (`move`, `throw`, `line`...).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Action::FoodLine { .. } => "line",
            Action::Move(_) | Action::Walk(_) => "move",
            Action::Throw { .. } => "throw",
            Action::Dump(_) => "dump",
            Action::Squirt(_) => "squirt",
            Action::DumpBowl(_) => "dump-bowl",
            Action::SpillCan(_) => "spill",
            Action::TakeCan => "take-can",
            Action::SearchTable(_) => "search",
            Action::PickUp(_) => "pick",
            Action::TakeTray(_) => "take-tray",
            Action::PickSalad(_) => "salad",
            Action::TipTable(_) => "tip",
            Action::StayHidden => "hide",
            Action::Drop(_) => "drop",
            Action::DropTray => "drop-tray",
            Action::DropHeld => "drop-held",
            Action::FeedCan { .. } => "feed",
            Action::PlaceMiss(_) => "land",
            Action::EndTurn => "end",
            Action::FoodOff { .. } => "food-off",
        }
    }
}
