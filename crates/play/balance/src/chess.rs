//! The report of a chess variant: its self-play games and the skill trace, played, then counted.

use crate::jobs::{self, mix};
use crate::opening::{OPENING_MARGIN_CP, OPENING_PLIES};
use crate::report::{ChessReport, Diversity, EndingCount, PhaseBranching, SkillStep};
use crate::selfplay::{self, Board, DIVERSITY_PLIES, ENDGAME_SHARE, OPENING_END, Played};
use crate::spec::{BalanceSpec, Strength};
use crate::stats::{Share, Spread, round4};
use crate::values;
use messhall_records::Ending;
use messhall_records::catalog::ChessGame;
use messhall_tally::Tally;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Steps of the skill trace at most.
pub const SKILL_STEPS: usize = 3;
/// Games of each step of the skill trace: a quarter of the report's games, from 2 to this.
pub const MAX_SKILL_GAMES: u32 = 200;
/// Mixed into the seed of the skill trace's games, so that they do not repeat the self-play ones.
const SKILL_SALT: u64 = 0x0073_6b69_6c6c;

/// The steps of the skill trace: each of a few strengths against the one below, strongest last.
/// Levels: the two or three levels up to the report's, each against the level below. Node
/// budgets: the report's budget and its half and quarter, each against half its budget.
pub fn skill_steps(strength: Strength) -> Vec<(Strength, Strength)> {
    match strength {
        Strength::Level(l) => (l.saturating_sub(2).max(2)..=l)
            .map(|s| (Strength::Level(s), Strength::Level(s - 1)))
            .collect(),
        Strength::Nodes(n) => (0..SKILL_STEPS as u32)
            .rev()
            .map(|k| n >> k)
            .filter(|&s| s >= 2)
            .map(|s| (Strength::Nodes(s), Strength::Nodes(s / 2)))
            .collect(),
    }
}

/// Games a step of the skill trace plays for a report of `games` games: an even number, so each
/// side plays each colour as often.
pub fn skill_games(games: u32) -> u32 {
    (games / 4).clamp(2, MAX_SKILL_GAMES) & !1
}

/// Games the report plays in all: the self-play games and the skill trace's.
pub(crate) fn total_games(spec: &BalanceSpec) -> u32 {
    spec.games + skill_steps(spec.strength).len() as u32 * skill_games(spec.games)
}

/// Plays the report's games and counts them; also the number of self-play games played.
pub(crate) fn report(
    chess: &ChessGame,
    spec: &BalanceSpec,
    weights: Option<messhall_search::Weights>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(),
) -> (ChessReport, u32, bool) {
    let board = Board::new(chess.variant.clone(), weights);
    let halt = Arc::new(AtomicBool::new(false));
    let max_plies = spec.max_plies as usize;
    let s = spec.strength;
    let games = jobs::run(spec.games as usize, spec.concurrency, stop, &halt, progress, &|i| {
        selfplay::play(&board, s, s, mix(spec.seed, i as u64), max_plies, &halt)
    });
    let steps = skill_steps(s);
    let per_step = skill_games(spec.games) as usize;
    let mut pairs = Vec::new();
    for (k, &(strong, weak)) in steps.iter().enumerate() {
        pairs.extend((0..per_step).map(|g| (k, g, strong, weak)));
    }
    let skill = jobs::run(pairs.len(), spec.concurrency, stop, &halt, progress, &|j| {
        let (k, g, strong, weak) = pairs[j];
        // The stronger takes White in even games; each pair of games shares its opening.
        let (white, black) = if g % 2 == 0 { (strong, weak) } else { (weak, strong) };
        let seed = mix(spec.seed ^ SKILL_SALT, (k * per_step + g / 2) as u64);
        let played = selfplay::play(&board, white, black, seed, max_plies, &halt)?;
        Some(if g % 2 == 0 {
            played.white_score
        } else {
            1.0 - played.white_score
        })
    });
    let played: Vec<&Played> = games.iter().flatten().collect();
    let partial = played.len() < games.len() || skill.iter().any(Option::is_none);
    let skill = steps
        .iter()
        .enumerate()
        .map(|(k, &(strong, weak))| {
            let mut tally = Tally::default();
            skill[k * per_step..(k + 1) * per_step]
                .iter()
                .flatten()
                .for_each(|&s| tally.add(s));
            SkillStep {
                stronger: strong.to_string(),
                weaker: weak.to_string(),
                share: Share::of(&tally),
            }
        })
        .collect();
    let count = played.len() as u32;
    (figures(&board, spec, &played, skill), count, partial)
}

/// The figures of the games played.
fn figures(board: &Board, spec: &BalanceSpec, played: &[&Played], skill: Vec<SkillStep>) -> ChessReport {
    let mut first = Tally::default();
    played.iter().for_each(|g| first.add(g.white_score));
    let first_mover = Share::of(&first);
    let openings = match spec.strength {
        Strength::Level(_) => ", and the level's own seeded misjudgement of moves varies play further",
        Strength::Nodes(_) => "; the search itself is deterministic",
    };
    ChessReport {
        openings: format!(
            "each game starts with {OPENING_PLIES} plies chosen at random (from its seed: the \
             report's seed mixed with the game's number) among the moves a search of depth 1 \
             scores at most {OPENING_MARGIN_CP} centipawns below the best, never one that ends \
             the game{openings}"
        ),
        max_plies: spec.max_plies,
        draw_rate: round4(f64::from(first_mover.draws) / f64::from(first_mover.games.max(1))),
        first_mover,
        endings: endings(played),
        length: Spread::of(&played.iter().map(|g| g.plies).collect::<Vec<u32>>()),
        phases: format!(
            "opening: the first {OPENING_END} plies; endgame: after them, with at most {:.0}% of \
             the start's piece material (pawns and royal pieces aside, by the variant's values) \
             on the board; middlegame: the rest",
            100.0 * ENDGAME_SHARE
        ),
        branching: ["opening", "middlegame", "endgame"]
            .iter()
            .enumerate()
            .map(|(i, phase)| {
                let (positions, moves) = played
                    .iter()
                    .fold((0, 0), |(p, m), g| (p + g.branching[i].0, m + g.branching[i].1));
                PhaseBranching {
                    phase: phase.to_string(),
                    positions,
                    mean: round4(moves as f64 / positions.max(1) as f64),
                }
            })
            .collect(),
        skill,
        diversity: DIVERSITY_PLIES
            .iter()
            .enumerate()
            .map(|(i, &plies)| {
                let keys: Vec<u64> = played.iter().filter_map(|g| g.after[i]).collect();
                Diversity {
                    plies: plies as u32,
                    games: keys.len() as u32,
                    distinct: keys.iter().collect::<BTreeSet<_>>().len() as u32,
                }
            })
            .collect(),
        piece_values: values::fit(&board.variant, played),
    }
}

/// The ending of a game as records name it, and in words.
fn ending_names(ending: &Ending) -> (String, String) {
    match ending {
        Ending::Rules { outcome } => {
            let key = serde_json::to_value(outcome.reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            (key, outcome.reason.name().to_string())
        }
        other => {
            let key = serde_json::to_value(other)
                .ok()
                .and_then(|v| v.get("by").and_then(|b| b.as_str().map(str::to_string)))
                .unwrap_or_default();
            let words = if *other == Ending::MoveLimit {
                "ply limit".to_string()
            } else {
                key.clone()
            };
            (key, words)
        }
    }
}

/// How the games ended, most frequent first (then by name).
fn endings(played: &[&Played]) -> Vec<EndingCount> {
    let mut counts: Vec<EndingCount> = Vec::new();
    for g in played {
        let (ending, words) = ending_names(&g.ending);
        let i = match counts.iter().position(|c| c.ending == ending) {
            Some(i) => i,
            None => {
                counts.push(EndingCount {
                    ending,
                    words,
                    white: 0,
                    black: 0,
                    drawn: 0,
                });
                counts.len() - 1
            }
        };
        let c = &mut counts[i];
        if g.white_score >= 1.0 {
            c.white += 1;
        } else if g.white_score <= 0.0 {
            c.black += 1;
        } else {
            c.drawn += 1;
        }
    }
    counts.sort_by(|a, b| b.total().cmp(&a.total()).then_with(|| a.ending.cmp(&b.ending)));
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skill_trace_steps_up_to_the_reports_strength() {
        assert_eq!(
            skill_steps(Strength::Nodes(4000)),
            [
                (Strength::Nodes(1000), Strength::Nodes(500)),
                (Strength::Nodes(2000), Strength::Nodes(1000)),
                (Strength::Nodes(4000), Strength::Nodes(2000)),
            ]
        );
        assert_eq!(
            skill_steps(Strength::Nodes(2)),
            [(Strength::Nodes(2), Strength::Nodes(1))]
        );
        assert_eq!(
            skill_steps(Strength::Level(5)),
            [
                (Strength::Level(3), Strength::Level(2)),
                (Strength::Level(4), Strength::Level(3)),
                (Strength::Level(5), Strength::Level(4)),
            ]
        );
        assert!(skill_steps(Strength::Level(1)).is_empty());
        assert_eq!(
            (skill_games(400), skill_games(2), skill_games(2000), skill_games(30)),
            (100, 2, 200, 6)
        );
    }

    #[test]
    fn endings_are_named_as_records_name_them() {
        let outcome = messhall_rules::Outcome {
            winner: None,
            reason: messhall_rules::Reason::FiftyMoves,
        };
        assert_eq!(
            ending_names(&Ending::Rules { outcome }),
            ("fifty-moves".to_string(), "fifty-move rule".to_string())
        );
        assert_eq!(
            ending_names(&Ending::MoveLimit),
            ("move-limit".to_string(), "ply limit".to_string())
        );
    }
}
