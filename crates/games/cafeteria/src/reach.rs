//! Moves to a square several steps away: where the student to act can get this turn, and the
//! single steps that get there, so a front end can offer "move to f7" and play the steps.

use std::collections::VecDeque;

use crate::action::Action;
use crate::data::Sq;
use crate::game::{Game, Hold};

impl Game {
    /// Squares the student to act can reach this turn with the AA left, each with the steps chosen
    /// to get there (nearest first, by a shortest path). The first step is a legal action now; the later ones are legal
    /// when played in turn unless something happens on the way (a slip, picking up a garbage can),
    /// so a front end plays them one at a time and stops when the next is not listed any more.
    /// Squares with a can at home and messy squares end a path: they are reachable, not crossed.
    /// Empty when it is not a student's turn to move.
    pub fn reachable(&self) -> Vec<(Sq, Vec<Action>)> {
        let Some(turn) = &self.turn else { return Vec::new() };
        if self.pending.is_some() || self.food_off.is_some() {
            return Vec::new();
        }
        let st = &self.students[usize::from(turn.student)];
        let map = &self.data.map;
        let fee = if matches!(st.hold, Hold::Can(_)) && !turn.fee_paid {
            self.data.can_carry_fee
        } else {
            0
        };
        let steps = usize::from(turn.aa.saturating_sub(fee));
        // The first turn after the Food Line may not end on the last free square beside the Exit,
        // and it never picks up a can.
        let last_step_keeps_exit = turn.first_trip_turn && self.someone_waits_for_the_line();
        let empty = st.hold.is_empty() && !turn.first_trip_turn && st.hiding.is_none();
        // Breadth-first; messy squares and can homes end a path, so paths cross only clean floor.
        let mut parent: Vec<Option<Option<Sq>>> = vec![None; map.len()];
        let mut depth = vec![0usize; map.len()];
        let mut out = Vec::new();
        let firsts: Vec<Sq> = self
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Move(sq) => Some(sq),
                _ => None,
            })
            .collect();
        let mut queue: VecDeque<Sq> = VecDeque::new();
        for sq in firsts {
            let i = map.index(sq);
            parent[i] = Some(None);
            depth[i] = 1;
            queue.push_back(sq);
        }
        parent[map.index(st.pos)] = Some(None);
        while let Some(sq) = queue.pop_front() {
            let i = map.index(sq);
            out.push(sq);
            let stops = self.messy(sq) || self.can_at(sq).is_some();
            if stops || depth[i] >= steps {
                continue;
            }
            let next: Vec<Sq> = map
                .neighbours(sq)
                .filter(|&n| parent[map.index(n)].is_none() && self.student_can_enter(n, empty))
                .filter(|&n| !(last_step_keeps_exit && depth[i] + 1 == steps) || self.keeps_exit_free(st.pos, n))
                .collect();
            for n in next {
                let j = map.index(n);
                parent[j] = Some(Some(sq));
                depth[j] = depth[i] + 1;
                queue.push_back(n);
            }
        }
        out.into_iter()
            .map(|sq| {
                let mut path = vec![Action::Move(sq)];
                let mut at = sq;
                while let Some(Some(p)) = parent[map.index(at)] {
                    path.push(Action::Move(p));
                    at = p;
                }
                path.reverse();
                (sq, path)
            })
            .collect()
    }
}
