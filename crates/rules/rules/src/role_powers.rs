//! What a piece type can do besides moving and capturing, as values a front end words or draws.

use crate::{Role, Variant};

/// One power a piece type has (docs/variant-files.md, "Powers").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Power {
    /// Captures by shooting without moving.
    Rifle,
    /// Captures pieces beside its path as it moves.
    Katana,
    /// Changes places with a friendly piece.
    Swap,
    /// Captures by stepping straight away from an enemy.
    Withdrawal,
    /// A piece that captures it is removed too.
    Poisonous,
    /// Enemy pieces next to it cannot move or capture.
    Immobilizes,
    /// Enemy pieces next to it may not capture.
    Hia,
    /// Moves as the friendly pieces that guard it.
    Borrows,
    /// Has more moves while it is attacked.
    MovesWhenAttacked,
}

impl Variant {
    /// The powers of pieces of type `role`, in the order [`Power`] lists them.
    pub fn powers_of(&self, role: Role) -> Vec<Power> {
        let Some(p) = &self.powers else {
            return Vec::new();
        };
        let r = role.index();
        let has = |mask: u64| r < 64 && mask >> r & 1 == 1;
        let listed = |v: &Vec<Vec<(i8, i8)>>| v.get(r).is_some_and(|l| !l.is_empty());
        [
            (Power::Rifle, listed(&p.rifle)),
            (Power::Katana, listed(&p.katana)),
            (Power::Swap, listed(&p.swap)),
            (Power::Withdrawal, has(p.withdrawal)),
            (Power::Poisonous, has(p.poisonous)),
            (Power::Immobilizes, has(p.immobilizes)),
            (Power::Hia, has(p.hia)),
            (Power::Borrows, has(p.borrowers)),
            (
                Power::MovesWhenAttacked,
                p.when_attacked.get(r).is_some_and(Option::is_some),
            ),
        ]
        .into_iter()
        .filter_map(|(power, yes)| yes.then_some(power))
        .collect()
    }
}
