//! The lines the engine answers with: search progress, the variant, energies, rolls.

use crate::position::{move_text, step_text};
use messhall_rules::{ChanceOutcome, Fact, Position, Variant};
use messhall_search::SearchInfo;
use messhall_table::Line;
use std::fmt::Write;

/// `info depth .. score .. nodes .. nps .. time .. pv ..` for an iteration searched from `root`.
pub(crate) fn iteration(variant: &Variant, root: &Position, info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} score {} nodes {} nps {} time {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        info.elapsed.as_millis()
    );
    let pv = pv(variant, root, info);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The principal variation as UCI moves, cut where a chance event is due (the search does not
/// say how the dice fall, and a GUI replays the line as given).
fn pv(variant: &Variant, root: &Position, info: &SearchInfo) -> Vec<String> {
    let line = Line::cut(variant, root, &info.pv);
    line.moves.iter().map(|(_, mv)| move_text(variant, mv)).collect()
}

/// `info string variant NAME files F ranks R pocket N startpos FEN`; the pocket counts the piece
/// types that may be dropped from hand.
pub(crate) fn variant_line(variant: &Variant) -> String {
    let droppable = variant.drops().iter().fold(0u64, |roles, d| roles | d.roles);
    format!(
        "info string variant {} files {} ranks {} pocket {} startpos {}",
        variant.name(),
        variant.size().files(),
        variant.size().ranks(),
        droppable.count_ones(),
        variant.start().to_fen(variant)
    )
}

/// The energies (a counter every piece carries, Calorie's Cal) of `pos`, when the game has one:
/// `info string energy in Cal: white Ra1 7 ... black ra8 7 ...`.
pub(crate) fn counters(variant: &Variant, pos: &Position) -> Option<String> {
    let mut line = String::new();
    for fact in variant.facts(pos) {
        let Fact::Counters { color, counter, values } = fact else {
            continue;
        };
        if values.is_empty() {
            continue;
        }
        if line.is_empty() {
            let _ = write!(line, "info string {} in {}:", counter.name, counter.unit);
        }
        let _ = write!(line, " {}", color.name().to_ascii_lowercase());
        for v in values {
            let _ = write!(line, " {}{} {}", variant.piece_letter(v.piece), v.square, v.value);
        }
    }
    (!line.is_empty()).then_some(line)
}

/// What the dice did: `info string PieceEater rolled 2 of 5: d4e5 (seed 7, roll 1)`.
pub(crate) fn roll(variant: &Variant, before: &Position, step: &ChanceOutcome, seed: &str, roll: u64) -> String {
    let (face, of) = variant
        .chance_report(before, step)
        .map_or((1, 1), |r| (r.index + 1, r.count));
    format!(
        "info string {} rolled {face} of {of}: {} (seed {seed}, roll {roll})",
        variant.rules().neutral_name(),
        step_text(step)
    )
}
