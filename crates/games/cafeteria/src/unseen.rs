//! What a player cannot see, reshuffled: a search that plays a game out from one player's view must
//! not peek at the stacks' order or at food other players hold face down.

use messhall_dice::Dice;

use crate::action::FoodId;
use crate::data::Family;
use crate::game::{Game, Hold};

impl Game {
    /// Reshuffles what `player` cannot see, within each family: the order of the Food Line stacks
    /// and the food other players' students carry. Counts, families and everything face up stay.
    pub fn shuffle_unseen(&mut self, player: u8, dice: &mut dyn Dice) {
        for fam in Family::ALL {
            // Where each hidden counter of the family sits: (0 = the stack, s + 1 = student s), index.
            let mut slots: Vec<(usize, usize)> = Vec::new();
            let mut foods: Vec<FoodId> = Vec::new();
            for (i, &f) in self.stacks[fam.index()].iter().enumerate() {
                slots.push((0, i));
                foods.push(f);
            }
            for (s, st) in self.students.iter().enumerate() {
                if st.player == player {
                    continue;
                }
                for (i, &f) in st.hold.foods().iter().enumerate() {
                    if self.data.kind(f).family == Some(fam) {
                        slots.push((s + 1, i));
                        foods.push(f);
                    }
                }
            }
            // From a canonical order, so the result depends only on what the player can know
            // (which counters are hidden where), never on where each one really is.
            foods.sort_unstable();
            messhall_dice::shuffle(dice, &mut foods);
            for ((owner, i), f) in slots.into_iter().zip(foods) {
                if owner == 0 {
                    if let Some(x) = self.stacks[fam.index()].get_mut(i) {
                        *x = f;
                    }
                } else if let Hold::Hands(v) | Hold::Tray(v) = &mut self.students[owner - 1].hold
                    && let Some(x) = v.get_mut(i)
                {
                    *x = f;
                }
            }
        }
    }
}
