//! The words for the facts a game keeps beside the board ("White energy (Cal): Pe2:7"); a
//! chance outcome's words are in `words.rs`, from the table's events.

use messhall_rules::{Fact, Position, Variant};

/// One line per fact the game's rules keep in `pos`.
pub fn fact_lines(v: &Variant, pos: &Position) -> Vec<String> {
    v.facts(pos).iter().map(|f| fact_line(v, f)).collect()
}

fn fact_line(v: &Variant, fact: &Fact) -> String {
    match fact {
        Fact::Neutral {
            piece,
            square,
            no_return,
            pending,
        } => {
            let mut line = format!("{piece} on {square}");
            if let Some(f) = no_return {
                line.push_str(&format!(" (may not step back to {f})"));
            }
            match pending.map(|p| p.chooser) {
                Some(Some(side)) => line.push_str(&format!("; {} steers its step", side.name())),
                Some(None) => line.push_str("; its step comes next"),
                None => {}
            }
            line
        }
        Fact::Counters { color, counter, values } => {
            let values: Vec<String> = values
                .iter()
                .map(|c| format!("{}{}:{}", v.role(c.piece.role()).letter, c.square, c.value))
                .collect();
            format!(
                "{} {} ({}): {}",
                color.name(),
                counter.name,
                counter.unit,
                values.join(" ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(v: &Variant, fen: &str, moves: &[&str]) -> Position {
        let mut pos = Position::from_fen(v, fen).unwrap();
        for m in moves {
            pos = pos.play_unchecked(v, &v.parse_move(&pos, m).unwrap());
        }
        pos
    }

    #[test]
    fn facts_in_words() {
        let v = messhall_catalog::builtin("calorie").unwrap();
        let pos = position(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &[]);
        assert_eq!(
            fact_lines(&v, &pos),
            ["White energy (Cal): Pe2:7", "Black energy (Cal): "]
        );
        let v = messhall_catalog::builtin("pieceeater-steered").unwrap();
        assert_eq!(fact_lines(&v, &v.start()), ["PieceEater on d4; White steers its step"]);
    }
}
