//! A report as text for the terminal.

use crate::report::{CafeteriaReport, ChessReport, Report};
use std::fmt::Write;

/// A share as a percentage with its margin (`54.1% ± 2.3%`).
pub fn percent(share: f64, margin: f64) -> String {
    format!("{:.1}% ± {:.1}%", 100.0 * share, 100.0 * margin)
}

/// The report's one-sentence summary: the first mover's score, the draws and the piece values
/// for a chess variant; the seats' shares and the Food-Off for the cafeteria game.
pub fn summary(r: &Report) -> String {
    let mut s = String::new();
    if let Some(c) = &r.chess {
        let f = &c.first_mover;
        let _ = write!(
            s,
            "White scores {} over {} games at {}, draws {:.1}%",
            percent(f.score, f.margin()),
            f.games,
            r.strength,
            100.0 * c.draw_rate
        );
        let values: Vec<String> = c
            .piece_values
            .pieces
            .iter()
            .filter_map(|p| p.fitted.map(|v| format!("{} {v:.1}", p.name)))
            .collect();
        if !values.is_empty() {
            let _ = write!(s, "; piece values {}", values.join(", "));
        }
    }
    if let Some(c) = &r.cafeteria {
        let tables: Vec<String> = c
            .tables
            .iter()
            .map(|t| {
                let seats: Vec<String> = t.seats.iter().map(|s| format!("{:.0}%", 100.0 * s.share)).collect();
                format!(
                    "{} players: seats {}, Food-Off {:.0}%",
                    t.players,
                    seats.join("/"),
                    100.0 * t.food_off_rate
                )
            })
            .collect();
        let _ = write!(s, "{} ({}, {} games)", tables.join("; "), r.strength, r.games_played);
    }
    s
}

/// The whole report.
pub fn render(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Balance of {} ({})", r.title, r.game);
    let _ = writeln!(
        s,
        "{} of {} games played at {}, seed {}{}",
        r.games_played,
        r.games_planned,
        r.strength,
        r.seed,
        if r.partial {
            " (stopped early: a partial report)"
        } else {
            ""
        }
    );
    if let Some(c) = &r.command {
        let _ = writeln!(s, "Made by: {c}");
    }
    if let Some(c) = &r.chess {
        chess(&mut s, c);
    }
    if let Some(c) = &r.cafeteria {
        cafeteria(&mut s, c);
    }
    s
}

fn chess(s: &mut String, c: &ChessReport) {
    let f = &c.first_mover;
    let _ = writeln!(s, "Openings: {}.", c.openings);
    let _ = writeln!(
        s,
        "\nFirst mover (White): {} (95% interval {:.1}% to {:.1}%), +{} ={} -{}",
        percent(f.score, f.margin()),
        100.0 * f.low,
        100.0 * f.high,
        f.wins,
        f.draws,
        f.losses
    );
    let _ = writeln!(s, "Draws: {:.1}%", 100.0 * c.draw_rate);
    let _ = writeln!(s, "\nEndings            White  Black  Drawn");
    for e in &c.endings {
        let _ = writeln!(s, "  {:<16} {:>5}  {:>5}  {:>5}", e.words, e.white, e.black, e.drawn);
    }
    let l = &c.length;
    let _ = writeln!(
        s,
        "\nLength (plies): mean {:.1}, median {:.1}, sd {:.1}, from {} to {} (limit {})",
        l.mean, l.median, l.sd, l.min, l.max, c.max_plies
    );
    for b in &l.histogram {
        let _ = writeln!(s, "  {:>5}-{:<5} {:>5}", b.from, b.to, b.count);
    }
    let _ = writeln!(s, "\nBranching factor (legal moves a position), {}:", c.phases);
    for b in &c.branching {
        let _ = writeln!(s, "  {:<11} {:>7.1} over {} positions", b.phase, b.mean, b.positions);
    }
    let _ = writeln!(s, "\nSkill trace (the stronger's score, colours alternating):");
    if c.skill.is_empty() {
        let _ = writeln!(s, "  none: there is no weaker setting to play against");
    }
    for k in &c.skill {
        let _ = writeln!(
            s,
            "  {:<12} vs {:<12} {} over {} games",
            k.stronger,
            k.weaker,
            percent(k.share.score, k.share.margin()),
            k.share.games
        );
    }
    let _ = writeln!(s, "\nOpening diversity:");
    for d in &c.diversity {
        let _ = writeln!(
            s,
            "  after {:>2} plies: {} distinct positions in {} games",
            d.plies, d.distinct, d.games
        );
    }
    let v = &c.piece_values;
    let _ = writeln!(
        s,
        "\nPiece values in {}s, fitted over {} positions beside the engine's own:",
        v.unit, v.positions
    );
    let _ = writeln!(
        s,
        "  {:<14} {:>7} {:>7} {:>8} {:>8} {:>11}",
        "piece", "fitted", "± se", "endgame", "engine", "imbalanced"
    );
    let shown = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
    for p in &v.pieces {
        let _ = writeln!(
            s,
            "  {:<14} {:>7} {:>7} {:>8} {:>8.2} {:>11}",
            format!("{} ({})", p.name, p.letter),
            shown(p.fitted),
            shown(p.error),
            shown(p.endgame),
            p.engine,
            p.imbalanced
        );
    }
    let _ = writeln!(s, "  Method: {}.", v.method);
}

fn cafeteria(s: &mut String, c: &CafeteriaReport) {
    let _ = writeln!(s, "Every seat played by the {} bot.", c.bot);
    for t in &c.tables {
        let _ = writeln!(s, "\n{} players, {} games:", t.players, t.games);
        for seat in &t.seats {
            let _ = writeln!(
                s,
                "  seat {}: {} of the points, {} won alone",
                seat.seat,
                percent(seat.share, (seat.high - seat.low) / 2.0),
                seat.wins
            );
        }
        let endings: Vec<String> = t.endings.iter().map(|e| format!("{} {}", e.ending, e.games)).collect();
        let _ = writeln!(s, "  endings: {}", endings.join(", "));
        let _ = writeln!(s, "  the Food-Off decides {:.1}% of games", 100.0 * t.food_off_rate);
        let r = &t.rounds;
        let _ = writeln!(
            s,
            "  length (rounds): mean {:.1}, median {:.1}, sd {:.1}, from {} to {}",
            r.mean, r.median, r.sd, r.min, r.max
        );
    }
}
