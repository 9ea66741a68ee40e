//! The words for what the rules report as values: a chance outcome ("The PieceEater steps d4-e5
//! and eats Black's Knight") and the facts a game keeps beside the board ("White energy (Cal):
//! Pe2:7").

use messhall_rules::{ChanceOutcome, ChanceReport, Fact, Position, Variant};

/// What `outcome`, resolved in `before`, did, in one line.
pub fn chance_line(v: &Variant, before: &Position, outcome: &ChanceOutcome) -> String {
    match v.chance_report(before, outcome) {
        Some(report) => report_line(v, &report),
        // Not an outcome of an event pending there: only its squares are known.
        None => format!("Chance: {}", outcome.to_text()),
    }
}

fn report_line(v: &Variant, report: &ChanceReport) -> String {
    let (piece, o) = (report.piece, report.outcome);
    if report.is_still() {
        return format!("The {piece} stays on {}", o.from);
    }
    let mut line = format!("The {piece} steps {}-{}", o.from, o.to);
    if let Some((eaten, _)) = report.eaten {
        line.push_str(&format!(
            " and eats {}'s {}",
            eaten.color().name(),
            v.role(eaten.role()).name
        ));
    }
    line
}

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
            pos = pos.play(v, &v.parse_move(&pos, m).unwrap());
        }
        pos
    }

    #[test]
    fn chance_outcomes_in_words() {
        let v = messhall_games::builtin("pieceeater").unwrap();
        let before = position(&v, &v.start().to_fen(&v), &["e4"]);
        let e4 = ChanceOutcome::forced("d4".parse().unwrap(), "e4".parse().unwrap());
        assert_eq!(
            chance_line(&v, &before, &e4),
            "The PieceEater steps d4-e4 and eats White's Pawn"
        );
        // Boxed in by both Kings and the square it left (c5, register 0 holds its index + 1): it stays.
        let c5 = 1 + "c5".parse::<messhall_rules::Square>().unwrap().index();
        let boxed = position(&v, &format!("8/8/8/8/2k*K3/8/8/8[] w - - 0 1 r0={c5} r1=1"), &[]);
        let d4 = "d4".parse().unwrap();
        let stay = ChanceOutcome::forced(d4, d4);
        assert_eq!(chance_line(&v, &boxed, &stay), "The PieceEater stays on d4");
        // An outcome the event does not offer is told by its squares only.
        assert_eq!(chance_line(&v, &boxed, &e4), "Chance: d4-e4");
    }

    #[test]
    fn facts_in_words() {
        let v = messhall_games::builtin("calorie").unwrap();
        let pos = position(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &[]);
        assert_eq!(
            fact_lines(&v, &pos),
            ["White energy (Cal): Pe2:7", "Black energy (Cal): "]
        );
        let v = messhall_games::builtin("pieceeater-steered").unwrap();
        assert_eq!(fact_lines(&v, &v.start()), ["PieceEater on d4; White steers its step"]);
    }
}
