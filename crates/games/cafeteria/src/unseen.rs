//! What a player cannot see, reshuffled: a search that plays a game out from one player's view must
//! not peek at the stacks' order, at food other players hold face down, at counters a table search
//! laid face down, or at which counters left play unseen.

use messhall_dice::Dice;

use crate::action::FoodId;
use crate::data::Family;
use crate::game::{Game, Hold};

/// Where a hidden counter sits.
#[derive(Clone, Copy)]
enum Slot {
    /// In a Food Line stack, at this depth.
    Stack(usize),
    /// Carried by another player's student (student, index in its load).
    Carried(usize, usize),
    /// Found face down by this turn's table search (slot).
    Found(usize),
    /// Out of play face down (index in `face_down_out`).
    Out(usize),
}

impl Game {
    /// Reshuffles what `player` cannot see, within each family: the order of the Food Line stacks,
    /// the food other players' students carry, the counters lying face down on a searched table
    /// (nobody has seen them, the searcher included), and which counters other players' students
    /// lost or fed to a can face down. Counts, families and everything face up stay.
    pub fn shuffle_unseen(&mut self, player: u8, dice: &mut dyn Dice) {
        for fam in Family::ALL {
            let (slots, mut foods) = self.hidden_slots(player, fam);
            // Where each counter out of play sits in `removed`, found before any is renamed.
            let out_at: Vec<Option<usize>> = slots
                .iter()
                .zip(&foods)
                .map(|(slot, f)| match slot {
                    Slot::Out(_) => self.removed.iter().position(|r| r == f),
                    _ => None,
                })
                .collect();
            // From a canonical order, so the result depends only on what the player can know
            // (which counters are hidden where), never on where each one really is.
            foods.sort_unstable();
            messhall_dice::shuffle(dice, &mut foods);
            for ((slot, f), at) in slots.into_iter().zip(foods).zip(out_at) {
                self.put_hidden(slot, f, at);
            }
        }
    }

    /// The counters of `family` that `player` cannot place (those [`Game::shuffle_unseen`]
    /// reshuffles), in a canonical order: as far as the player knows, the top of the family's
    /// stack is any one of them with equal chance.
    pub fn unseen(&self, player: u8, family: Family) -> Vec<FoodId> {
        let mut foods = self.hidden_slots(player, family).1;
        foods.sort_unstable();
        foods
    }

    /// Where the counters of `fam` hidden from `player` sit, and which they are.
    fn hidden_slots(&self, player: u8, fam: Family) -> (Vec<Slot>, Vec<FoodId>) {
        let mut slots: Vec<Slot> = Vec::new();
        let mut foods: Vec<FoodId> = Vec::new();
        for (i, &f) in self.stacks[fam.index()].iter().enumerate() {
            slots.push(Slot::Stack(i));
            foods.push(f);
        }
        for (s, st) in self.students.iter().enumerate() {
            if st.player == player {
                continue;
            }
            for (i, &f) in st.hold.foods().iter().enumerate() {
                if self.data.kind(f).family == Some(fam) {
                    slots.push(Slot::Carried(s, i));
                    foods.push(f);
                }
            }
        }
        if let Some((_, found)) = self.turn.as_ref().and_then(|t| t.search.as_ref()) {
            for (i, f) in found.iter().enumerate() {
                if let Some(f) = *f
                    && self.data.kind(f).family == Some(fam)
                {
                    slots.push(Slot::Found(i));
                    foods.push(f);
                }
            }
        }
        for (i, &(f, seen_by)) in self.face_down_out.iter().enumerate() {
            if seen_by != player && self.data.kind(f).family == Some(fam) {
                slots.push(Slot::Out(i));
                foods.push(f);
            }
        }
        (slots, foods)
    }

    /// Puts counter `f` into a hidden slot (`removed_at`: where an `Out` slot's counter sits in
    /// `removed`).
    fn put_hidden(&mut self, slot: Slot, f: FoodId, removed_at: Option<usize>) {
        match slot {
            Slot::Stack(i) => {
                let fam = self.data.kind(f).family;
                if let Some(x) = fam.and_then(|fam| self.stacks[fam.index()].get_mut(i)) {
                    *x = f;
                }
            }
            Slot::Carried(s, i) => {
                if let Hold::Hands(v) | Hold::Tray(v) = &mut self.students[s].hold
                    && let Some(x) = v.get_mut(i)
                {
                    *x = f;
                }
            }
            Slot::Found(i) => {
                if let Some((_, found)) = self.turn.as_mut().and_then(|t| t.search.as_mut())
                    && let Some(x) = found.get_mut(i)
                {
                    *x = Some(f);
                }
            }
            Slot::Out(i) => {
                if let Some(x) = self.face_down_out.get_mut(i) {
                    x.0 = f;
                }
                if let Some(x) = removed_at.and_then(|at| self.removed.get_mut(at)) {
                    *x = f;
                }
            }
        }
    }
}
