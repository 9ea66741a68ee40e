//! Checking the ids an action names (food, can, table, student, staff, square, family bits) before
//! anything indexes with them: actions come from records and typed input, which may be tampered.

use crate::action::{Action, StudentId, Target};
use crate::data::{Family, Sq};
use crate::error::ActionError;
use crate::game::Game;

/// Search slots are one per family.
const SLOTS: u32 = Family::ALL.len() as u32;

impl Game {
    /// Checks that every id in `action` names something in this game.
    ///
    /// # Errors
    /// [`ActionError::BadId`] naming the action and the id out of range.
    pub fn check_ids(&self, action: &Action) -> Result<(), ActionError> {
        let bad = |what: String| ActionError::BadId {
            action: action.kind_name(),
            what,
        };
        let food = |f: u8| {
            let n = self.data.counters.len();
            if usize::from(f) < n {
                Ok(())
            } else {
                Err(bad(format!("there is no food {f} (food ids are 0 to {})", n - 1)))
            }
        };
        let student = |s: StudentId| {
            let n = self.students.len();
            if usize::from(s) < n {
                Ok(())
            } else {
                Err(bad(format!("there is no student {s} (student ids are 0 to {})", n - 1)))
            }
        };
        let target = |t: Target| match t {
            Target::Student(s) => student(s),
            Target::Faculty(f) => {
                let n = self.faculty.len();
                if usize::from(f) < n {
                    Ok(())
                } else {
                    Err(bad(format!(
                        "there is no staff member {f} (staff ids are 0 to {})",
                        n - 1
                    )))
                }
            }
        };
        let table = |t: u8| {
            let n = self.data.map.tables.len();
            if usize::from(t) < n {
                Ok(())
            } else {
                Err(bad(format!("there is no table {t} (table ids are 0 to {})", n - 1)))
            }
        };
        let square = |sq: Sq| {
            let map = &self.data.map;
            if map.contains(sq) {
                Ok(())
            } else {
                Err(bad(format!(
                    "square ({}, {}) is off the {}x{} map",
                    sq.x, sq.y, map.width, map.height
                )))
            }
        };
        let bits = |mask: u8, what: &str| {
            if u32::from(mask) >> SLOTS == 0 {
                Ok(())
            } else {
                Err(bad(format!(
                    "{what} mask {mask:#b} has bits beyond the {SLOTS} families"
                )))
            }
        };
        match *action {
            Action::FoodLine { families, .. } => bits(families, "family"),
            Action::Move(sq) | Action::PlaceMiss(sq) => square(sq),
            Action::Walk(ref path) if path.len() > usize::from(u8::MAX) => {
                Err(bad(format!("a walk has at most {} squares", u8::MAX)))
            }
            Action::Walk(ref path) => path.iter().try_for_each(|&sq| square(sq)),
            Action::Throw { food: f, target: t } => food(f).and(target(t)),
            Action::Dump(t) | Action::Squirt(t) | Action::DumpBowl(t) => target(t),
            Action::SearchTable(t) | Action::TakeTray(t) | Action::TipTable(t) => table(t),
            Action::PickUp(mask) => bits(mask, "slot"),
            Action::PickSalad(f) | Action::Drop(f) => food(f),
            Action::FeedCan { can, food: f } => {
                let n = self.cans.len();
                if usize::from(can) >= n {
                    return Err(bad(format!(
                        "there is no garbage can {can} (can ids are 0 to {})",
                        n - 1
                    )));
                }
                food(f)
            }
            Action::FoodOff { families, target: t } => bits(families, "family").and(student(t)),
            Action::SpillCan(_) | Action::TakeCan | Action::StayHidden | Action::DropTray | Action::DropHeld => Ok(()),
            Action::EndTurn => Ok(()),
        }
    }
}
