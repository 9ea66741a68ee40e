//! A report as a standalone HTML page: the text's figures in tables, and its charts as inline SVG
//! (the score with its interval, the endings, the length histogram, the skill trace, the piece
//! values; for the cafeteria game the seats' shares and the lengths). No script, no service.

use crate::report::{CafeteriaReport, ChessReport, Report};
use crate::stats::Spread;
use crate::svg::{self, Interval, Stack, escape};
use crate::text::{percent, summary};
use std::fmt::Write;

/// The page.
pub fn render(r: &Report) -> String {
    let title = format!("Balance of {}", r.title);
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>body{{font-family:sans-serif;max-width:760px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse}}td,th{{padding:2px 10px;border-bottom:1px solid #ddd;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}figure{{margin:1em 0}}code{{background:#f3f3f3}}</style>\n\
         </head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let _ = writeln!(s, "<p>{}.</p>", escape(&summary(r)));
    let _ = writeln!(
        s,
        "<p>{} of {} games played at <code>{}</code>, seed {}{}.</p>",
        r.games_played,
        r.games_planned,
        escape(&r.strength),
        r.seed,
        if r.partial {
            " (stopped early: a partial report)"
        } else {
            ""
        }
    );
    if let Some(c) = &r.command {
        let _ = writeln!(s, "<p>Made by <code>{}</code>.</p>", escape(c));
    }
    if let Some(c) = &r.chess {
        chess(&mut s, c);
    }
    if let Some(c) = &r.cafeteria {
        cafeteria(&mut s, c);
    }
    s.push_str("</body>\n</html>\n");
    s
}

fn figure(s: &mut String, caption: &str, chart: &str) {
    let _ = writeln!(
        s,
        "<figure>{chart}<figcaption>{}</figcaption></figure>",
        escape(caption)
    );
}

fn length_bins(l: &Spread) -> Vec<(String, u32)> {
    l.histogram
        .iter()
        .map(|b| {
            (
                if b.from == b.to {
                    b.from.to_string()
                } else {
                    format!("{}-{}", b.from, b.to)
                },
                b.count,
            )
        })
        .collect()
}

fn chess(s: &mut String, c: &ChessReport) {
    let f = &c.first_mover;
    s.push_str("<h2>First mover</h2>\n");
    let chart = svg::intervals(
        "White's score with its 95% interval",
        &[Interval {
            label: "White",
            score: f.score,
            low: f.low,
            high: f.high,
        }],
        0.5,
    );
    figure(
        s,
        &format!(
            "White scores {} (+{} ={} -{}); draws {:.1}%. {}",
            percent(f.score, f.margin()),
            f.wins,
            f.draws,
            f.losses,
            100.0 * c.draw_rate,
            c.openings
        ),
        &chart,
    );
    s.push_str("<h2>Endings</h2>\n");
    let rows: Vec<Stack<'_>> = c
        .endings
        .iter()
        .map(|e| Stack {
            label: &e.words,
            parts: vec![e.white, e.black, e.drawn],
        })
        .collect();
    figure(
        s,
        "How the games ended, by who won",
        &svg::stacks("Endings", &["White won", "Black won", "drawn"], &rows),
    );
    s.push_str("<h2>Length</h2>\n");
    let l = &c.length;
    figure(
        s,
        &format!(
            "Plies a game: mean {:.1}, median {:.1}, sd {:.1}, from {} to {} (limit {})",
            l.mean, l.median, l.sd, l.min, l.max, c.max_plies
        ),
        &svg::histogram("Game length in plies", &length_bins(l)),
    );
    s.push_str("<h2>Branching factor</h2>\n<table><tr><th>phase</th><th>legal moves</th><th>positions</th></tr>\n");
    for b in &c.branching {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{:.1}</td><td>{}</td></tr>",
            escape(&b.phase),
            b.mean,
            b.positions
        );
    }
    let _ = writeln!(s, "</table><p>{}.</p>", escape(&c.phases));
    s.push_str("<h2>Skill trace</h2>\n");
    let labels: Vec<String> = c
        .skill
        .iter()
        .map(|k| format!("{} vs {}", k.stronger, k.weaker))
        .collect();
    let rows: Vec<Interval<'_>> = c
        .skill
        .iter()
        .zip(&labels)
        .map(|(k, label)| Interval {
            label,
            score: k.share.score,
            low: k.share.low,
            high: k.share.high,
        })
        .collect();
    figure(
        s,
        "The stronger side's score against the one below, with its 95% interval (colours alternating)",
        &svg::intervals("Skill trace", &rows, 0.5),
    );
    s.push_str("<h2>Opening diversity</h2>\n<ul>\n");
    for d in &c.diversity {
        let _ = writeln!(
            s,
            "<li>after {} plies: {} distinct positions in {} games</li>",
            d.plies, d.distinct, d.games
        );
    }
    s.push_str("</ul>\n<h2>Piece values</h2>\n");
    let v = &c.piece_values;
    let rows: Vec<(String, Option<f64>, f64)> = v.pieces.iter().map(|p| (p.name.clone(), p.fitted, p.engine)).collect();
    figure(
        s,
        &format!("In {}s, fitted over {} positions. {}.", v.unit, v.positions, v.method),
        &svg::pairs("Piece values", ["fitted from the games", "the engine's"], &rows),
    );
}

fn cafeteria(s: &mut String, c: &CafeteriaReport) {
    let _ = writeln!(s, "<p>Every seat played by the {} bot.</p>", escape(&c.bot));
    for t in &c.tables {
        let _ = writeln!(s, "<h2>{} players</h2>", t.players);
        let labels: Vec<String> = t.seats.iter().map(|seat| format!("seat {}", seat.seat)).collect();
        let rows: Vec<Interval<'_>> = t
            .seats
            .iter()
            .zip(&labels)
            .map(|(seat, label)| Interval {
                label,
                score: seat.share,
                low: seat.low,
                high: seat.high,
            })
            .collect();
        figure(
            s,
            &format!(
                "Each seat's share of the points over {} games, with its 95% interval (the dashed line: an equal share). The Food-Off decides {:.1}% of games.",
                t.games,
                100.0 * t.food_off_rate
            ),
            &svg::intervals("Seats' shares", &rows, 1.0 / f64::from(t.players.max(1))),
        );
        let r = &t.rounds;
        figure(
            s,
            &format!(
                "Rounds a game: mean {:.1}, median {:.1}, sd {:.1}, from {} to {}",
                r.mean, r.median, r.sd, r.min, r.max
            ),
            &svg::histogram("Game length in rounds", &length_bins(r)),
        );
        let endings: Vec<String> = t.endings.iter().map(|e| format!("{} {}", e.ending, e.games)).collect();
        let _ = writeln!(s, "<p>Endings: {}.</p>", escape(&endings.join(", ")));
    }
}
