//! Hand-built positions for tests, here and in the crates that test bots on this game (with the
//! `lab` feature): a quiet game to arrange, and the few edits of it that rules tests need. These
//! skip the rules' own checks; [`Game::check`] tells whether the result is consistent.

use messhall_dice::{ScriptedDice, SeededDice};

use crate::action::{Action, FoodId, GameOption, StudentId};
use crate::data::{Family, Sq};
use crate::game::{Game, Hold, Setup, Student, TurnState};

/// Parses a square name.
pub fn sq(name: &str) -> Sq {
    Sq::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// A game in round 2 with every student through the Food Line, empty-handed, parked far apart, the
/// fight not yet started, and nobody's turn.
pub fn lab(players: u8, options: &[GameOption]) -> Game {
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
pub fn take(g: &mut Game, name: &str) -> FoodId {
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
pub fn hands(g: &mut Game, s: StudentId, names: &[&str]) -> Vec<FoodId> {
    let foods: Vec<FoodId> = names.iter().map(|n| take(g, n)).collect();
    g.students[usize::from(s)].hold = Hold::Hands(foods.clone());
    foods
}

/// Puts a student on a square.
pub fn put(g: &mut Game, s: StudentId, at: &str) {
    g.students[usize::from(s)].pos = sq(at);
}

/// Starts student `s`'s turn with `aa` AA.
pub fn turn(g: &mut Game, s: StudentId, aa: u8) {
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
pub fn act(g: &mut Game, a: Action, dice: &mut ScriptedDice) {
    if let Err(e) = g.play(&a, dice) {
        panic!("{a:?} refused: {e}; legal: {:?}", g.legal_actions());
    }
    if let Err(e) = g.check() {
        panic!("invariant broken after {a:?}: {e}");
    }
}

/// Dice that roll the given faces in order.
pub fn dice(faces: &[u32]) -> ScriptedDice {
    ScriptedDice::new(faces.iter().copied())
}

/// Student `s`, to change by hand (AR, status, what they hold).
pub fn student(g: &mut Game, s: StudentId) -> &mut Student {
    &mut g.students[usize::from(s)]
}

/// Puts food `f` on top of its family's stack.
pub fn stack_on_top(g: &mut Game, family: Family, f: FoodId) {
    g.stacks[family.index()].push_front(f);
}

/// In the current turn, table `table` has been searched once and `found` lies on it face down.
pub fn searched(g: &mut Game, table: u8, found: Vec<Option<FoodId>>) {
    if let Some(t) = &mut g.turn {
        t.searched = 1;
        t.search = Some((table, found));
    }
}

/// Ends the current turn without playing on (nobody's turn).
pub fn no_turn(g: &mut Game) {
    g.turn = None;
}

/// Ends the game if the students left decide it.
pub fn check_end(g: &mut Game) {
    g.check_end();
}

/// The food stacks, one per family, top first.
pub fn stacks(g: &Game) -> &[std::collections::VecDeque<FoodId>; 5] {
    &g.stacks
}

/// The food counters out of play.
pub fn removed_foods(g: &Game) -> &[FoodId] {
    &g.removed
}
