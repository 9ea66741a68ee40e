//! Actions in words, for the terminal and error messages.

use crate::action::Action;
use crate::data::Family;
use crate::game::{Game, Hold};

fn families(mask: u8) -> String {
    let names: Vec<&str> = Family::ALL
        .iter()
        .filter(|f| mask & (1 << f.index()) != 0)
        .map(|f| f.name())
        .collect();
    if names.is_empty() {
        "no food".to_string()
    } else {
        names.join(", ")
    }
}

impl Game {
    /// Describes an action in words, from the point of view of the student deciding now.
    pub fn describe(&self, action: &Action) -> String {
        let table = |t: u8| {
            self.data
                .map
                .table_names
                .get(usize::from(t))
                .cloned()
                .unwrap_or_else(|| format!("table {t}"))
        };
        match *action {
            Action::FoodLine { families: f, tray } => {
                format!(
                    "go through the Food Line: {}{}",
                    if tray { "a tray and " } else { "" },
                    families(f)
                )
            }
            Action::Move(sq) => format!("move to {sq}"),
            Action::Throw { food, target } => {
                format!("throw the {} at {}", self.food_name(food), self.target_name(target))
            }
            Action::Dump(t) => format!("dump the tray on {}", self.target_name(t)),
            Action::Squirt(t) => format!("squirt the pumper at {}", self.target_name(t)),
            Action::DumpBowl(t) => format!("dump the bowl on {}", self.target_name(t)),
            Action::SpillCan(d) => format!("spill the garbage can toward {}", d.name()),
            Action::TakeCan => "pick up the garbage can".to_string(),
            Action::SearchTable(t) => format!("search {} for food", table(t)),
            Action::PickUp(mask) => {
                let slots = self.table_search().map(|(_, s)| s).unwrap_or(&[]);
                let names: Vec<String> = (0..8)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| match slots.get(i) {
                        Some(Some(_)) => format!("the {} counter", Family::ALL.get(i).map_or("?", |f| f.name())),
                        _ => format!("slot {i}"),
                    })
                    .collect();
                format!("pick up {}", names.join(" and "))
            }
            Action::TakeTray(t) => format!("take the tray from {}", table(t)),
            Action::PickSalad(f) => format!("take the {} from the salad bar", self.food_name(f)),
            Action::TipTable(t) => format!("tip {} and hide", table(t)),
            Action::StayHidden => "stay hidden behind the table".to_string(),
            Action::Drop(f) => format!("put down the {}", self.food_name(f)),
            Action::DropTray => "put down the tray".to_string(),
            Action::DropHeld => {
                let what = self
                    .to_move()
                    .map(|s| match self.students[usize::from(s)].hold {
                        Hold::Can(_) => "garbage can",
                        Hold::Pumper(_) => "pumper",
                        Hold::Bowl(..) => "bowl",
                        _ => "load",
                    })
                    .unwrap_or("load");
                format!("put down the {what}")
            }
            Action::FeedCan { can, food } => {
                format!(
                    "throw the {} into the garbage can at {}",
                    self.food_name(food),
                    self.data.map.can_homes[usize::from(can)]
                )
            }
            Action::PlaceMiss(sq) => format!("let the missed food land on {sq}"),
            Action::EndTurn => format!("end the turn ({} AA unused)", self.aa_left()),
            Action::FoodOff { families: f, target } => {
                format!(
                    "Food-Off: take {} and attack {}",
                    families(f),
                    self.student_name(target)
                )
            }
        }
    }
}
