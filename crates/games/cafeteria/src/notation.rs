//! Actions as short stable text (`move c4`, `throw 17 at Connie`, `line tray drink bread`...) and
//! back, so a player types what to do instead of a number that changes from turn to turn.
//!
//! Tables are written as the map names them (`A`-`F`, `center`; their numbers are read too);
//! foods, cans and search slots as their numbers; students and staff by name.
//! The grammar, one action per line, words separated by spaces:
//!
//! | action | text |
//! |---|---|
//! | Food Line | `line [tray] [drink] [bread] [veg] [main] [dessert]` |
//! | step | `move SQ` |
//! | walk, several steps in one action | `move SQ SQ...` (each square next to the one before) |
//! | throw | `throw FOOD at WHO` |
//! | dump a tray, squirt, dump a bowl | `dump at WHO`, `squirt at WHO`, `dump-bowl at WHO` |
//! | spill the can | `spill DIR` (`n`, `ne`... `nw`) |
//! | pick the can up again | `take-can` |
//! | search, take its tray, tip a table | `search TABLE`, `take-tray TABLE`, `tip TABLE` (`search B`) |
//! | pick up found food | `pick SLOT [SLOT]` |
//! | salad bar | `salad FOOD` |
//! | stay hidden, end the turn | `hide`, `end` |
//! | put down | `drop FOOD`, `drop-tray`, `drop-held` |
//! | feed a garbage can | `feed FOOD in CAN` |
//! | where a miss lands | `land SQ` |
//! | Food-Off | `food-off FAMILIES... at WHO` |

use crate::action::{Action, StudentId, Target};
use crate::data::{Dir, Family, Sq};
use crate::error::NotationError;
use crate::game::Game;

/// Every action's verb, in the grammar's order.
const VERBS: [&str; 21] = [
    "line",
    "move",
    "throw",
    "dump",
    "squirt",
    "dump-bowl",
    "spill",
    "take-can",
    "search",
    "take-tray",
    "tip",
    "pick",
    "salad",
    "hide",
    "end",
    "drop",
    "drop-tray",
    "drop-held",
    "feed",
    "land",
    "food-off",
];

/// The words for the five families in Food Line order.
const FAMILY_WORDS: [&str; 5] = ["drink", "bread", "veg", "main", "dessert"];

fn families(mask: u8) -> Vec<&'static str> {
    Family::ALL
        .iter()
        .filter(|f| mask & (1 << f.index()) != 0)
        .map(|f| FAMILY_WORDS[f.index()])
        .collect()
}

impl Game {
    /// The action's stable text (see the module's grammar). Ids that name nothing are written as
    /// numbers (`student 200`), so this never panics.
    pub fn action_name(&self, action: &Action) -> String {
        let verb = action.kind_name();
        let join = |words: Vec<&str>| words.iter().map(|w| format!(" {w}")).collect::<String>();
        match *action {
            Action::FoodLine { families: mask, tray } => {
                let tray = if tray { vec!["tray"] } else { Vec::new() };
                format!("{verb}{}{}", join(tray), join(families(mask)))
            }
            Action::Move(sq) | Action::PlaceMiss(sq) => format!("{verb} {sq}"),
            Action::Walk(ref path) => {
                let squares: Vec<String> = path.iter().map(ToString::to_string).collect();
                format!("{verb} {}", squares.join(" "))
            }
            Action::Throw { food, target } => format!("{verb} {food} at {}", self.target_word(target)),
            Action::Dump(t) | Action::Squirt(t) | Action::DumpBowl(t) => {
                format!("{verb} at {}", self.target_word(t))
            }
            Action::SpillCan(dir) => format!("{verb} {}", dir.name()),
            Action::SearchTable(n) | Action::TakeTray(n) | Action::TipTable(n) => {
                match self.data.map.table_words.get(usize::from(n)) {
                    Some(word) => format!("{verb} {word}"),
                    None => format!("{verb} {n}"),
                }
            }
            Action::PickSalad(food) | Action::Drop(food) => format!("{verb} {food}"),
            Action::PickUp(mask) => {
                let slots: Vec<String> = (0..8).filter(|i| mask & (1 << i) != 0).map(|i| i.to_string()).collect();
                format!("{verb} {}", slots.join(" "))
            }
            Action::FeedCan { can, food } => format!("{verb} {food} in {can}"),
            Action::FoodOff { families: mask, target } => format!(
                "{verb}{} at {}",
                join(families(mask)),
                self.target_word(Target::Student(target))
            ),
            Action::TakeCan | Action::StayHidden | Action::DropTray | Action::DropHeld | Action::EndTurn => {
                verb.to_string()
            }
        }
    }

    /// A target's name, or `student N` / `staff N` for an id that names nobody.
    fn target_word(&self, t: Target) -> String {
        match t {
            Target::Student(s) if usize::from(s) < self.students.len() => self.student_name(s).to_string(),
            Target::Faculty(f) if usize::from(f) < self.faculty.len() => self.faculty_name(f).to_string(),
            Target::Student(s) => format!("student {s}"),
            Target::Faculty(f) => format!("staff {f}"),
        }
    }

    /// Reads an action written as [`Game::action_name`] writes it (case and extra spaces do not
    /// matter). Whether the action is legal now is not checked: see [`Game::play`].
    ///
    /// # Errors
    /// [`NotationError`] saying what is wrong with the text.
    pub fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        let lower = text.trim().to_ascii_lowercase();
        let (head, target) = match lower.split_once(" at ") {
            Some((h, t)) => (h, Some(t.trim())),
            None => (lower.as_str(), None),
        };
        let mut words = head.split_whitespace();
        let verb = words
            .next()
            .ok_or_else(|| NotationError::new(text, "no action given"))?;
        let args: Vec<&str> = words.collect();
        let err = |why: String| NotationError::new(text, &why);
        let who = || -> Result<Target, NotationError> {
            let name = target.ok_or_else(|| err(format!("{verb} needs `at` and a name")))?;
            self.parse_target(name)
                .ok_or_else(|| err(format!("nobody is called {name:?}")))
        };
        let no_target = || match target {
            Some(_) => Err(err(format!("{verb} takes no `at`"))),
            None => Ok(()),
        };
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(err(format!(
                    "{verb} takes {n} argument{}",
                    if n == 1 { "" } else { "s" }
                )))
            }
        };
        let number = |i: usize| -> Result<u8, NotationError> {
            let w = args.get(i).copied().unwrap_or("");
            w.parse::<u8>()
                .map_err(|_| err(format!("{w:?} is not a number from 0 to 255")))
        };
        let square = || -> Result<Sq, NotationError> {
            arity(1)?;
            Sq::parse(args[0]).ok_or_else(|| err(format!("{:?} is not a square such as c4", args[0])))
        };
        let family_mask = |words: &[&str]| -> Result<u8, NotationError> {
            words.iter().try_fold(0u8, |mask, w| {
                let i = FAMILY_WORDS
                    .iter()
                    .position(|f| f == w)
                    .ok_or_else(|| err(format!("{w:?} is not a family: use {}", FAMILY_WORDS.join(", "))))?;
                Ok(mask | 1 << i)
            })
        };
        let action = match verb {
            "line" => {
                no_target()?;
                let tray = args.first() == Some(&"tray");
                let rest = if tray { &args[1..] } else { &args[..] };
                Action::FoodLine {
                    families: family_mask(rest)?,
                    tray,
                }
            }
            "move" => {
                no_target()?;
                if args.len() < 2 {
                    Action::Move(square()?)
                } else {
                    let path = args
                        .iter()
                        .map(|w| Sq::parse(w).ok_or_else(|| err(format!("{w:?} is not a square such as c4"))))
                        .collect::<Result<Vec<Sq>, _>>()?;
                    Action::Walk(path)
                }
            }
            "land" => {
                no_target()?;
                Action::PlaceMiss(square()?)
            }
            "throw" => {
                arity(1)?;
                Action::Throw {
                    food: number(0)?,
                    target: who()?,
                }
            }
            "dump" | "squirt" | "dump-bowl" => {
                arity(0)?;
                let t = who()?;
                match verb {
                    "dump" => Action::Dump(t),
                    "squirt" => Action::Squirt(t),
                    _ => Action::DumpBowl(t),
                }
            }
            "spill" => {
                no_target()?;
                arity(1)?;
                let dir = Dir::ALL.into_iter().find(|d| d.name() == args[0]).ok_or_else(|| {
                    err(format!(
                        "{:?} is not a direction: use n, ne, e, se, s, sw, w or nw",
                        args[0]
                    ))
                })?;
                Action::SpillCan(dir)
            }
            "search" | "take-tray" | "tip" => {
                no_target()?;
                arity(1)?;
                let words = &self.data.map.table_words;
                let n = match words.iter().position(|w| w.eq_ignore_ascii_case(args[0])) {
                    Some(i) => i as u8,
                    None => args[0]
                        .parse::<u8>()
                        .map_err(|_| err(format!("{:?} is not a table: use {}", args[0], words.join(", "))))?,
                };
                match verb {
                    "search" => Action::SearchTable(n),
                    "take-tray" => Action::TakeTray(n),
                    _ => Action::TipTable(n),
                }
            }
            "salad" | "drop" => {
                no_target()?;
                arity(1)?;
                let n = number(0)?;
                match verb {
                    "salad" => Action::PickSalad(n),
                    _ => Action::Drop(n),
                }
            }
            "pick" => {
                no_target()?;
                if args.is_empty() {
                    return Err(err("pick needs the slots to pick up".into()));
                }
                let mut mask = 0u8;
                for i in 0..args.len() {
                    let slot = number(i)?;
                    if slot > 7 {
                        return Err(err(format!("there is no slot {slot}")));
                    }
                    mask |= 1 << slot;
                }
                Action::PickUp(mask)
            }
            "feed" => {
                no_target()?;
                if args.len() != 3 || args[1] != "in" {
                    return Err(err("write feed FOOD in CAN".into()));
                }
                Action::FeedCan {
                    food: number(0)?,
                    can: number(2)?,
                }
            }
            "food-off" => match who()? {
                Target::Student(target) => Action::FoodOff {
                    families: family_mask(&args)?,
                    target,
                },
                Target::Faculty(_) => return Err(err("a Food-Off attacks a student".into())),
            },
            "take-can" | "hide" | "drop-tray" | "drop-held" | "end" => {
                no_target()?;
                arity(0)?;
                match verb {
                    "take-can" => Action::TakeCan,
                    "hide" => Action::StayHidden,
                    "drop-tray" => Action::DropTray,
                    "drop-held" => Action::DropHeld,
                    _ => Action::EndTurn,
                }
            }
            _ => return Err(err(format!("the actions are {}", VERBS.join(", ")))),
        };
        Ok(action)
    }

    /// A student or staff member by name (any case), or `student N` / `staff N`.
    fn parse_target(&self, name: &str) -> Option<Target> {
        if let Some(n) = name.strip_prefix("student ") {
            return n.trim().parse().ok().map(Target::Student);
        }
        if let Some(n) = name.strip_prefix("staff ") {
            return n.trim().parse().ok().map(Target::Faculty);
        }
        let students = (0..self.students.len() as StudentId)
            .find(|&s| self.student_name(s).eq_ignore_ascii_case(name))
            .map(Target::Student);
        students.or_else(|| {
            (0..self.faculty.len() as u8)
                .find(|&f| self.faculty_name(f).eq_ignore_ascii_case(name))
                .map(Target::Faculty)
        })
    }
}
