//! Rule tests with hand-built positions and scripted dice.

mod bots;
mod combat;
mod faculty;
mod flow;
mod options;
mod rulings;
mod things;

use messhall_dice::{ScriptedDice, SeededDice};

use crate::action::{Action, FoodId, GameOption, StudentId};
use crate::data::{Family, Sq};
use crate::game::{Game, Hold, Setup, TurnState};

/// Parses a square name.
pub(crate) fn sq(name: &str) -> Sq {
    Sq::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// A game in round 2 with every student through the Food Line, empty-handed, parked far apart, the
/// fight not yet started, and nobody's turn.
pub(crate) fn lab(players: u8, options: &[GameOption]) -> Game {
    let mut dice = SeededDice::new(99);
    let mut g = Game::new(Setup::new(players, options), &mut dice).expect("setup");
    g.turn = None;
    g.pending = None;
    g.round = 2;
    g.narrate = true;
    let parking = ["c7", "c8", "d7", "d8"];
    for (i, s) in g.students.iter_mut().enumerate() {
        s.made_trip = true;
        s.pos = sq(parking[i]);
        s.hold = Hold::Empty;
    }
    g.events.clear();
    g
}

/// Takes a counter of the named kind out of the stacks (or unused pile, or salad bar).
pub(crate) fn take(g: &mut Game, name: &str) -> FoodId {
    let is = |g: &Game, f: FoodId| g.data.kind(f).name == name;
    for fam in Family::ALL {
        if let Some(i) = g.stacks[fam.index()].iter().position(|&f| is(g, f)) {
            return g.stacks[fam.index()].remove(i).unwrap_or(0);
        }
    }
    if let Some(i) = g.unused.iter().position(|&f| is(g, f)) {
        return g.unused.remove(i);
    }
    for (_, items) in &mut g.salad {
        if let Some(i) = items.iter().position(|&f| g.data.kind(f).name == name) {
            return items.remove(i);
        }
    }
    panic!("no {name} left")
}

/// Gives a student one-hand food.
pub(crate) fn hands(g: &mut Game, s: StudentId, names: &[&str]) -> Vec<FoodId> {
    let foods: Vec<FoodId> = names.iter().map(|n| take(g, n)).collect();
    g.students[usize::from(s)].hold = Hold::Hands(foods.clone());
    foods
}

/// Gives a student a tray (from the Food Line) with food.
pub(crate) fn tray(g: &mut Game, s: StudentId, names: &[&str]) -> Vec<FoodId> {
    let foods: Vec<FoodId> = names.iter().map(|n| take(g, n)).collect();
    g.line_trays -= 1;
    g.students[usize::from(s)].hold = Hold::Tray(foods.clone());
    foods
}

/// Puts a student on a square.
pub(crate) fn put(g: &mut Game, s: StudentId, at: &str) {
    g.students[usize::from(s)].pos = sq(at);
}

/// Starts student `s`'s turn with `aa` AA.
pub(crate) fn turn(g: &mut Game, s: StudentId, aa: u8) {
    g.turn_pos = usize::from(s);
    g.turn = Some(TurnState {
        student: s,
        aa,
        fee_paid: false,
        searched: 0,
        search: None,
        series: Vec::new(),
        first_trip_turn: false,
    });
}

/// Plays a legal action, checking the invariants afterwards.
pub(crate) fn act(g: &mut Game, a: Action, dice: &mut ScriptedDice) {
    if let Err(e) = g.play(&a, dice) {
        panic!("{a:?} refused: {e}; legal: {:?}", g.legal_actions());
    }
    if let Err(e) = g.check() {
        panic!("invariant broken after {a:?}: {e}");
    }
}

pub(crate) fn dice(faces: &[u32]) -> ScriptedDice {
    ScriptedDice::new(faces.iter().copied())
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
