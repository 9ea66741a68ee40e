//! The cafeteria bots as players.

use crate::player::{Budget, Choice, Player};
use crate::table::{Action, Table};
use messhall_cafeteria_ai::bots::{Bot, BotKind, RandomBot, RuleBot, SearchBot, SearchV1Bot};
use messhall_records::Seat;

/// A cafeteria bot of a kind, with its own seed.
pub struct CafeteriaBot {
    kind: BotKind,
    bot: Box<dyn Bot + Send>,
}

impl CafeteriaBot {
    /// A bot of `kind` seeded with `seed`.
    pub fn new(kind: BotKind, seed: u64) -> CafeteriaBot {
        CafeteriaBot {
            kind,
            bot: match kind {
                BotKind::Random => Box::new(RandomBot::new(seed)),
                BotKind::Rules => Box::new(RuleBot::new(seed)),
                BotKind::Search => Box::new(SearchBot::new(seed)),
                BotKind::SearchV1 => Box::new(SearchV1Bot::new(seed)),
            },
        }
    }
}

impl Player for CafeteriaBot {
    fn name(&self) -> String {
        self.kind.to_string()
    }

    fn choose(&mut self, table: &Table, _seat: Seat, _budget: &Budget) -> Choice {
        match table.cafeteria() {
            Some(c) if !c.game().is_over() => Choice::Act(Action::Student(self.bot.choose(c.game()))),
            _ => Choice::Nothing,
        }
    }
}
