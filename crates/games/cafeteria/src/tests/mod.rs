//! Rule tests with hand-built positions and scripted dice.

mod combat;
mod faculty;
mod flow;
mod options;
mod rulings;
mod things;
mod walk;

use messhall_dice::{ScriptedDice, SeededDice};

use crate::action::{Action, FoodId, GameOption, StudentId};
use crate::data::{Family, Sq};
use crate::game::{Game, Hold, Setup};
pub(crate) use crate::lab::{act, dice, hands, lab, put, sq, take, turn};

/// Gives a student a tray (from the Food Line) with food.
pub(crate) fn tray(g: &mut Game, s: StudentId, names: &[&str]) -> Vec<FoodId> {
    let foods: Vec<FoodId> = names.iter().map(|n| take(g, n)).collect();
    g.line_trays -= 1;
    g.students[usize::from(s)].hold = Hold::Tray(foods.clone());
    foods
}

/// Whether a food counter is out of play.
pub(crate) fn removed(g: &Game, f: FoodId) -> bool {
    g.removed.contains(&f)
}

/// Whether food `f` lies on `at`.
pub(crate) fn on_floor(g: &Game, f: FoodId, at: &str) -> bool {
    g.floor.contains(&(sq(at), f))
}

/// Places a faculty member on a square.
pub(crate) fn staff(g: &mut Game, f: u8, at: &str) {
    g.faculty[usize::from(f)].pos = Some(sq(at));
}

/// Moves the staff already in the cafeteria, in table order (no newcomer).
pub(crate) fn staff_moves(g: &mut Game, d: &mut ScriptedDice) {
    for f in 0..g.faculty.len() as u8 {
        if g.faculty[usize::from(f)].pos.is_some() {
            g.move_faculty(f, d);
        }
    }
}
