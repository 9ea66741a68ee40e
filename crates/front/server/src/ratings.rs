//! Ratings: Glicko-2 per chess game between two people, Weng-Lin (a multiplayer Bayesian model)
//! for the cafeteria game's 2-4 players, both from the `skillratings` crate. A rated game's end
//! changes its players' ratings once, by whichever server gets there first: the transaction
//! that writes them also marks the game done.

use messhall_records::GameResult;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

/// A player's rating in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating: Glicko-2's (1500 at first) or Weng-Lin's mu (25 at first).
    pub rating: f64,
    /// Its deviation: Glicko-2's RD or Weng-Lin's sigma.
    pub deviation: f64,
    /// Glicko-2's volatility (0 for Weng-Lin).
    pub volatility: f64,
}

/// Which model a game is rated with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Two players: Glicko-2.
    Glicko2,
    /// Two to four players, each against all: Weng-Lin.
    WengLin,
}

impl Model {
    /// The model of the game named `game`.
    pub fn of(game: &str) -> Model {
        if game == "cafeteria" {
            Model::WengLin
        } else {
            Model::Glicko2
        }
    }

    /// A new player's rating.
    pub fn start(self) -> Rating {
        match self {
            Model::Glicko2 => {
                let r = Glicko2Rating::new();
                Rating {
                    rating: r.rating,
                    deviation: r.deviation,
                    volatility: r.volatility,
                }
            }
            Model::WengLin => {
                let r = WengLinRating::new();
                Rating {
                    rating: r.rating,
                    deviation: r.uncertainty,
                    volatility: 0.0,
                }
            }
        }
    }

    /// Whether a rating is still provisional: its deviation too high to say much (Glicko-2's
    /// RD over 110, Weng-Lin's sigma over 5, from 350 and 8.3 at first).
    pub fn provisional(self, r: &Rating) -> bool {
        match self {
            Model::Glicko2 => r.deviation > 110.0,
            Model::WengLin => r.deviation > 5.0,
        }
    }

    /// The model's name, as the pages show it.
    pub fn name(self) -> &'static str {
        match self {
            Model::Glicko2 => "Glicko-2",
            Model::WengLin => "Weng-Lin",
        }
    }
}

/// The players' ratings after a game with `result`, the seats' ratings before it given in seat
/// order. `None` for a result that rates nothing (a seat count the model does not take).
pub fn after(model: Model, before: &[Rating], result: &GameResult) -> Option<Vec<Rating>> {
    if before.len() != result.scores.len() {
        return None;
    }
    match model {
        Model::Glicko2 => {
            let [a, b] = before else { return None };
            let (sa, sb) = (result.scores[0], result.scores[1]);
            let outcome = if sa > sb {
                Outcomes::WIN
            } else if sa < sb {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            let g = |r: &Rating| Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            };
            let (na, nb) = glicko2(&g(a), &g(b), &outcome, &Glicko2Config::new());
            Some(
                [na, nb]
                    .iter()
                    .map(|r| Rating {
                        rating: r.rating,
                        deviation: r.deviation,
                        volatility: r.volatility,
                    })
                    .collect(),
            )
        }
        Model::WengLin => {
            if !(2..=4).contains(&before.len()) {
                return None;
            }
            // Each player is a team of one, ranked by its share of the points (equal shares tie).
            let teams: Vec<[WengLinRating; 1]> = before
                .iter()
                .map(|r| {
                    [WengLinRating {
                        rating: r.rating,
                        uncertainty: r.deviation,
                    }]
                })
                .collect();
            let ranks: Vec<usize> = result
                .scores
                .iter()
                .map(|s| 1 + result.scores.iter().filter(|o| *o > s).count())
                .collect();
            let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(&ranks)
                .map(|(t, r)| (&t[..], MultiTeamOutcome::new(*r)))
                .collect();
            let out = weng_lin_multi_team(&input, &WengLinConfig::new());
            Some(
                out.iter()
                    .map(|t| Rating {
                        rating: t[0].rating,
                        deviation: t[0].uncertainty,
                        volatility: 0.0,
                    })
                    .collect(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_records::{Ending, Seat};

    fn result(scores: &[f64]) -> GameResult {
        GameResult {
            scores: scores.to_vec(),
            ending: Ending::Resigned { seat: Seat(1) },
        }
    }

    #[test]
    fn a_win_between_new_players_moves_both_by_the_same_amount() {
        let start = Model::Glicko2.start();
        let after = after(Model::Glicko2, &[start, start], &result(&[1.0, 0.0])).unwrap();
        assert!(after[0].rating > 1600.0 && after[1].rating < 1400.0, "{after:?}");
        assert!((after[0].rating - 1500.0 - (1500.0 - after[1].rating)).abs() < 1e-6);
        assert!(after[0].deviation < 350.0 && Model::Glicko2.provisional(&after[0]));
    }

    #[test]
    fn the_cafeteria_ranks_by_share_and_ties_stay_together() {
        let start = Model::WengLin.start();
        let after = after(Model::WengLin, &[start; 3], &result(&[0.5, 0.5, 0.0])).unwrap();
        assert!((after[0].rating - after[1].rating).abs() < 1e-9);
        assert!(after[0].rating > 25.0 && after[2].rating < 25.0, "{after:?}");
        assert!(super::after(Model::WengLin, &[start; 2], &result(&[1.0, 0.0, 0.0])).is_none());
    }
}
