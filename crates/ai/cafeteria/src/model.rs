//! The cafeteria game's learned evaluation: what each side has that a player may know (students
//! in the fight, their Appearance Ratings, what they carry, stuns, the staff's reach, who is in
//! throwing distance of whom), and a win-probability model over them, fitted to seeded self-play
//! games (`fit`) and stored as data beside the game (`messhall_cafeteria::BOT_WEIGHTS`).
//!
//! Each side gets a strength `w · x` from its own features; the chance that side wins is its
//! share of `exp(strength)` among the sides still in the fight (a conditional logit, so the same
//! weights serve two, three or four players; with two it is a logistic model of the difference).

use std::sync::OnceLock;

use messhall_cafeteria::{Game, Hold, Status, StudentId};

/// The features of one side, by name, in the order of [`Features`]; the weights file names them.
pub const FEATURES: [&str; FEATURE_COUNT] = [
    "students",
    "students_late",
    "log_students",
    "health",
    "health_late",
    "weak",
    "food",
    "trays",
    "cans",
    "pumps_and_bowls",
    "stunned",
    "caught",
    "pursued",
    "hiding",
    "no_trip",
    "exposed",
    "in_range",
    "retired",
];

/// How many features a side has.
pub const FEATURE_COUNT: usize = 18;

/// One side's features, in the order of [`FEATURES`].
pub type Features = [f64; FEATURE_COUNT];

/// King steps within which an armed student counts as able to throw at another (most foods'
/// range is 2 to 4).
const THROW_REACH: u8 = 3;

/// A weights file that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cafeteria weights, line {line}: {message}")]
pub struct WeightsError {
    /// The line (from 1) the problem is on.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A win-probability model: one weight per feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The weights, in the order of [`FEATURES`].
    pub weights: Features,
}

impl Model {
    /// A model with every weight 0: every side still fighting equally likely to win.
    pub fn even() -> Model {
        Model {
            weights: [0.0; FEATURE_COUNT],
        }
    }

    /// The fitted model the bots use, read once from the weights stored beside the game.
    ///
    /// # Panics
    /// If the stored weights file does not parse (a test reads it, so a build that ships a broken
    /// one fails its tests).
    pub fn fitted() -> &'static Model {
        static FITTED: OnceLock<Model> = OnceLock::new();
        FITTED.get_or_init(|| match Model::from_toml(messhall_cafeteria::BOT_WEIGHTS) {
            Ok(m) => m,
            Err(e) => panic!("the stored {e}"),
        })
    }

    /// Reads a weights file: `name = number` for every feature of [`FEATURES`], `#` comments.
    ///
    /// # Errors
    /// A line that is not `name = number`, an unknown or repeated name, a number that is not
    /// finite, or a feature left out; the error names the line.
    pub fn from_toml(text: &str) -> Result<Model, WeightsError> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| WeightsError {
            line: e.span().map_or(1, |s| line_of(text, s.start)),
            message: e.message().trim().replace('\n', " "),
        })?;
        let mut weights = [f64::NAN; FEATURE_COUNT];
        for (name, value) in &table {
            let line = key_line(text, name);
            let Some(i) = FEATURES.iter().position(|f| *f == name) else {
                return Err(WeightsError {
                    line,
                    message: format!("unknown feature {name:?}"),
                });
            };
            let w = match value {
                toml::Value::Float(x) => *x,
                toml::Value::Integer(n) => *n as f64,
                _ => {
                    return Err(WeightsError {
                        line,
                        message: format!("{name} is not a number"),
                    });
                }
            };
            if !w.is_finite() {
                return Err(WeightsError {
                    line,
                    message: format!("{name} is not a finite number"),
                });
            }
            weights[i] = w;
        }
        if let Some(i) = weights.iter().position(|w| w.is_nan()) {
            return Err(WeightsError {
                line: text.lines().count().max(1),
                message: format!("feature {:?} is missing", FEATURES[i]),
            });
        }
        Ok(Model { weights })
    }

    /// The weights file for this model: `header` as a comment line, then one `name = weight` a
    /// line.
    pub fn to_toml(&self, header: &str) -> String {
        let mut out = format!("# {header}\n");
        for (name, w) in FEATURES.iter().zip(&self.weights) {
            out += &format!("{name} = {w:.6}\n");
        }
        out
    }

    /// A side's strength: the weighted sum of its features.
    pub fn strength(&self, x: &Features) -> f64 {
        self.weights.iter().zip(x).map(|(w, v)| w * v).sum()
    }

    /// Each player's chance to win from `sides` (`None` for a side with nobody left in the fight,
    /// which cannot win): the softmax of the strengths over the sides still in it.
    pub fn chances(&self, sides: &[Option<Features>]) -> Vec<f64> {
        let strengths: Vec<Option<f64>> = sides.iter().map(|s| s.as_ref().map(|x| self.strength(x))).collect();
        let top = strengths.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        let exps: Vec<f64> = strengths.iter().map(|s| s.map_or(0.0, |s| (s - top).exp())).collect();
        let sum: f64 = exps.iter().sum();
        exps.iter().map(|e| if sum > 0.0 { e / sum } else { 0.0 }).collect()
    }

    /// `player`'s chance to win the game in progress, by the model.
    pub fn chance(&self, game: &Game, player: u8) -> f64 {
        self.chances(&sides(game))
            .get(usize::from(player))
            .copied()
            .unwrap_or(0.0)
    }
}

/// The line (from 1) of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |t| t.matches('\n').count() + 1)
}

/// The line on which `key` is set.
fn key_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| l.split('=').next().is_some_and(|k| k.trim().trim_matches('"') == key))
        .map_or(1, |i| i + 1)
}

/// Every player's features (`None` for a player with no student still in the fight). Only what
/// every player may know is read: positions, ARs, stuns, how many counters each student holds
/// and what it holds them in, never which foods.
pub fn sides(game: &Game) -> Vec<Option<Features>> {
    let players = usize::from(game.setup().players);
    let mut out: Vec<Features> = vec![[0.0; FEATURE_COUNT]; players];
    let rounds = f64::from(game.data().rounds.max(1));
    let late = (f64::from(game.round()) / rounds).clamp(0.0, 1.0);
    let students = game.students();
    let armed: Vec<bool> = students
        .iter()
        .map(|s| s.status == Status::Active && carries_something(game, &s.hold))
        .collect();
    for (i, s) in students.iter().enumerate() {
        let Some(x) = out.get_mut(usize::from(s.player)) else {
            continue;
        };
        match s.status {
            Status::Retired => x[17] += 1.0,
            Status::Gone => {}
            Status::Active => {
                let max = f64::from(game.student_max_ar(i as StudentId).max(1));
                let share = (f64::from(s.ar) / max).clamp(0.0, 1.0);
                x[0] += 1.0;
                x[1] += late;
                x[3] += share.sqrt();
                x[4] += share.sqrt() * late;
                x[5] += f64::from(u8::from(share <= 0.25));
                x[6] += s.hold.foods().len().min(5) as f64;
                match s.hold {
                    Hold::Tray(_) => x[7] += 1.0,
                    Hold::Can(c) if game.cans()[usize::from(c)].fullness.is_some_and(|f| f <= 5) => x[8] += 1.0,
                    Hold::Pumper(_) | Hold::Bowl(..) => x[9] += 1.0,
                    _ => {}
                }
                x[10] += f64::from(u8::from(s.stunned));
                x[13] += f64::from(u8::from(s.hiding.is_some()));
                x[14] += f64::from(u8::from(!s.made_trip));
                let near = |j: usize, o: &messhall_cafeteria::Student| {
                    o.player != s.player
                        && o.status == Status::Active
                        && o.pos.king_distance(s.pos) <= THROW_REACH
                        && j != i
                };
                let exposed = students.iter().enumerate().any(|(j, o)| armed[j] && near(j, o));
                x[15] += f64::from(u8::from(exposed));
                let target = armed[i] && students.iter().enumerate().any(|(j, o)| near(j, o));
                x[16] += f64::from(u8::from(target));
            }
        }
    }
    staff_reach(game, &mut out);
    out.into_iter()
        .map(|mut x| {
            x[2] = x[0].max(1.0).ln();
            (x[0] > 0.0).then_some(x)
        })
        .collect()
}

/// Whether a student's load can be thrown, dumped, squirted or spilled.
fn carries_something(game: &Game, hold: &Hold) -> bool {
    match hold {
        Hold::Hands(v) | Hold::Tray(v) => !v.is_empty(),
        Hold::Can(c) => game.cans()[usize::from(*c)].fullness.is_some_and(|f| f <= 5),
        Hold::Pumper(_) | Hold::Bowl(..) => true,
        Hold::Empty => false,
    }
}

/// The staff's next moves as the rules make them: each member that can move goes for the
/// nearest student it can reach (ties shared), and catches it if that is within its MR. Adds
/// the catches to feature 11 of the student's side and, for a target farther off, how close the
/// member is to feature 12.
fn staff_reach(game: &Game, out: &mut [Features]) {
    let map = &game.data().map;
    let students = game.students();
    for (f, fac) in game.faculty().iter().enumerate() {
        if fac.pos.is_none() || fac.immobile_through > game.round() {
            continue;
        }
        let dist = game.faculty_distances(f as u8);
        let reach: Vec<(usize, u16)> = students
            .iter()
            .enumerate()
            .filter(|(_, s)| s.status != Status::Gone && s.hiding.is_none())
            .filter_map(|(i, s)| dist.get(map.index(s.pos)).copied().flatten().map(|d| (i, d)))
            .collect();
        let Some(min) = reach.iter().map(|&(_, d)| d).min() else {
            continue;
        };
        let tied: Vec<usize> = reach.iter().filter(|&&(_, d)| d == min).map(|&(i, _)| i).collect();
        let mr = u16::from(game.data().faculty[f].mr);
        let share = 1.0 / tied.len() as f64;
        for i in tied {
            let s = &students[i];
            if s.status != Status::Active {
                continue;
            }
            let Some(x) = out.get_mut(usize::from(s.player)) else {
                continue;
            };
            if min <= mr {
                x[11] += share;
            } else {
                let closeness = (1.0 - f64::from(min - mr) / f64::from(2 * mr + 2)).max(0.0);
                x[12] += share * closeness;
            }
        }
    }
}
