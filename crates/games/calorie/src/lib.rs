//! Calorie Chess: every piece but the King carries energy (Cal). A move costs the mover 1 Cal, a
//! capture feeds the captor the victim's Cal plus its food value, a promoted piece starts afresh at
//! 7 Cal, and a piece at 0 Cal can neither move nor attack (it still blocks).
//!
//! The board, pieces and most rules are data (`calorie.toml` in the catalog); energy is the
//! per-piece counter of the rules core, and this crate's [`CalorieRules`] hooks spend and feed it.
//! The rules page is `docs/calorie.md`.

use messhall_rules::{
    Color, Counter, CounterValue, Fact, GameRules, Inactivity, Move, MoveEffects, MoveKind, Position, Square, Variant,
};

/// The counter every piece but a King carries.
pub const ENERGY: Counter = Counter {
    name: "energy",
    unit: "Cal",
};

/// Energy of a fresh piece (at the start, and after promotion).
pub const FRESH: u16 = 7;

/// Most energy a piece can hold (the counter's range); far beyond anything a game reaches.
pub const MAX_ENERGY: u16 = 0x7FFF;

/// The Cal a captor gains for eating a piece of this type on top of the victim's own energy:
/// the piece's traditional value.
pub fn food_value(variant: &Variant, role: messhall_rules::Role) -> u16 {
    let info = variant.role(role);
    match info.letter {
        'P' => 1,
        'N' | 'B' => 3,
        'R' => 5,
        'Q' => 9,
        // A piece of a user's own Calorie variant: its value in pawns.
        _ => u16::try_from(info.value.max(0).saturating_add(50) / 100).unwrap_or(u16::MAX),
    }
}

/// The hooks of Calorie Chess.
#[derive(Debug, Default)]
pub struct CalorieRules;

impl CalorieRules {
    fn has_unlimited_energy(variant: &Variant, pos: &Position, sq: Square) -> bool {
        pos.piece_at(sq).is_some_and(|p| variant.is_royal(p.role()))
    }
}

impl GameRules for CalorieRules {
    fn has_inactive_pieces(&self) -> bool {
        true
    }

    /// Kings always act; other pieces need at least 1 Cal.
    fn is_active(&self, variant: &Variant, pos: &Position, sq: Square) -> bool {
        Self::has_unlimited_energy(variant, pos, sq) || pos.counter(sq) > 0
    }

    /// Out of energy, with what the piece holds.
    fn inactive_reason(&self, variant: &Variant, pos: &Position, sq: Square) -> Option<Inactivity> {
        (!self.is_active(variant, pos, sq)).then(|| Inactivity::Spent {
            counter: ENERGY,
            value: pos.counter(sq),
        })
    }

    fn after_move(&self, variant: &Variant, pos: &mut Position, mv: &Move, effects: &MoveEffects) {
        // Castling: the King moves for free, the Rook pays.
        let payer = match mv.kind() {
            MoveKind::Castle => effects.castle_rook,
            MoveKind::Drop(_) | MoveKind::Pass => None,
            _ => Some(mv.to()),
        };
        let Some(payer) = payer else { return };
        if Self::has_unlimited_energy(variant, pos, payer) {
            return;
        }
        if mv.promotion().is_some() {
            // The promoted piece is fresh whatever it ate: the core gave it its type's start energy.
            return;
        }
        let mut energy = pos.counter(payer).saturating_sub(1);
        if let Some((victim, _, victim_energy)) = effects.captured {
            energy = energy
                .saturating_add(victim_energy)
                .saturating_add(food_value(variant, victim.role()));
        }
        pos.set_counter(payer, energy.min(MAX_ENERGY));
    }

    /// A King moves for free; every other piece spends energy and eats it.
    fn role_words(&self, variant: &Variant, role: messhall_rules::Role) -> Option<String> {
        Some(if variant.is_royal(role) {
            "moves without spending energy".to_string()
        } else {
            format!(
                "starts with {} Cal; each move costs 1 Cal, a capture eats the victim's Cal and food value; at 0 Cal \
                 it can neither move nor capture; its food value is {} Cal",
                variant.role(role).counter,
                food_value(variant, role)
            )
        })
    }

    /// Every side's pieces but its Kings, each with its energy.
    fn facts(&self, variant: &Variant, pos: &Position) -> Vec<Fact> {
        Color::ALL
            .into_iter()
            .map(|color| Fact::Counters {
                color,
                counter: ENERGY,
                values: pos
                    .pieces_of(color)
                    .iter()
                    .filter_map(|square| {
                        let piece = pos.piece_at(square).filter(|p| !variant.is_royal(p.role()))?;
                        Some(CounterValue {
                            piece,
                            square,
                            value: pos.counter(square),
                        })
                    })
                    .collect(),
            })
            .collect()
    }
}
