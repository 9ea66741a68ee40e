//! Who chooses the moves: a person, the engine at a level or depth, or a baseline player. Parsed
//! from `human`, `ai`, `level=N`, `depth=N`, `nodes=N`, `random`, `greedy`.

use anyhow::{Result, bail};
use messhall_rules::{ChanceOutcome, Color, Move, Position, Variant};
use messhall_search::eval::Evaluator;
use messhall_search::search::MATE;
use messhall_search::{Engine, Level, Limits, Options, SearchRng, baseline};
use std::sync::Arc;
use std::time::Duration;

/// A player configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Config {
    Human,
    Level(u8),
    Depth(u32),
    Nodes(u64),
    Random,
    Greedy,
}

impl Config {
    pub fn parse(text: &str) -> Result<Config> {
        let number = |s: &str| -> Result<u64> {
            s.parse::<u64>()
                .map_err(|_| anyhow::anyhow!("player \"{text}\": \"{s}\" is not a number"))
        };
        Ok(match text.split_once('=') {
            None => match text {
                "human" => Config::Human,
                "ai" => Config::Level(10),
                "random" => Config::Random,
                "greedy" => Config::Greedy,
                _ => bail!("player \"{text}\": expected human, ai, level=N, depth=N, nodes=N, random or greedy"),
            },
            Some(("level", n)) => {
                let n = number(n)?;
                if !(1..=10).contains(&n) {
                    bail!("player \"{text}\": levels go from 1 to 10");
                }
                Config::Level(n as u8)
            }
            Some(("depth", n)) => Config::Depth(number(n)?.clamp(1, 64) as u32),
            Some(("nodes", n)) => Config::Nodes(number(n)?.max(1)),
            Some((k, _)) => bail!("player \"{text}\": unknown setting \"{k}\" (level, depth or nodes)"),
        })
    }
}

/// A computer player for one variant.
pub struct Bot {
    config: Config,
    engine: Option<Engine>,
    eval: Evaluator,
    rng: SearchRng,
    variant: Arc<Variant>,
}

impl Bot {
    /// A bot with the default transposition table (16 MB).
    #[cfg(test)]
    pub fn new(variant: Arc<Variant>, config: Config, seed: u64) -> Bot {
        Bot::with_hash(variant, config, seed, Options::default().hash_mb)
    }

    /// A bot whose search has a transposition table of `hash_mb` MB.
    pub fn with_hash(variant: Arc<Variant>, config: Config, seed: u64, hash_mb: usize) -> Bot {
        let level = match config {
            Config::Level(n) => Level::new(n),
            _ => Level::FULL,
        };
        let engine = matches!(config, Config::Level(_) | Config::Depth(_) | Config::Nodes(_))
            .then(|| Engine::new(variant.clone(), &Options { level, seed, hash_mb }));
        Bot {
            config,
            engine,
            eval: Evaluator::new(&variant),
            rng: SearchRng::new(seed),
            variant,
        }
    }

    /// The bot's move; `time` bounds a search that has no depth or node limit of its own.
    pub fn choose(&mut self, pos: &Position, history: &[u64], time: Duration) -> Option<Move> {
        let v = &*self.variant;
        match self.config {
            Config::Random => baseline::random_move(v, pos, &mut self.rng),
            Config::Greedy => baseline::greedy_move(v, &self.eval, pos, &mut self.rng),
            Config::Depth(d) => self.engine.as_mut()?.best_move(pos, history, &Limits::depth(d)),
            Config::Nodes(n) => self.engine.as_mut()?.best_move(pos, history, &Limits::nodes(n)),
            Config::Level(_) | Config::Human => self.engine.as_mut()?.best_move(pos, history, &Limits::movetime(time)),
        }
    }

    /// The bot's choice for a chance event that `chooser` steers (the PieceEater's step in
    /// `pieceeater-steered`). A searching bot searches the position after each outcome, sharing
    /// its time among them, and takes the one best for `chooser`; the baselines step onto the
    /// most valuable enemy piece (the random mover anywhere).
    pub fn steer(
        &mut self,
        pos: &Position,
        chooser: Color,
        outcomes: &[ChanceOutcome],
        history: &[u64],
        time: Duration,
    ) -> Option<ChanceOutcome> {
        let v = self.variant.clone();
        let first = *outcomes.first()?;
        if outcomes.len() == 1 {
            return Some(first);
        }
        let limits = match self.config {
            Config::Random => return Some(outcomes[self.rng.below(outcomes.len() as u32) as usize]),
            Config::Greedy | Config::Human => return baseline::greedy_step(&v, pos, chooser, outcomes),
            Config::Depth(d) => Limits::depth(d),
            Config::Nodes(n) => Limits::nodes((n / outcomes.len() as u64).max(1)),
            Config::Level(_) => Limits::movetime(time / outcomes.len() as u32),
        };
        let engine = self.engine.as_mut()?;
        let mut history = history.to_vec();
        history.push(pos.hash());
        let mut best: Option<(i32, ChanceOutcome)> = None;
        for &o in outcomes {
            let child = v.resolve(pos, &o);
            let to_move = child.side_to_move();
            // The score for the side to move after the step.
            let score = if let Some(winner) = v.material_decided(&child) {
                if winner == to_move { MATE } else { -MATE }
            } else {
                match engine.search(&child, &history, &limits, &mut |_| {}) {
                    Some(info) => info.raw_score,
                    None if v.in_check(&child) => -MATE,
                    None => 0,
                }
            };
            let score = if to_move == chooser { score } else { -score };
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, o));
            }
        }
        best.map(|(_, o)| o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_parse() {
        assert_eq!(Config::parse("level=5").unwrap(), Config::Level(5));
        assert_eq!(Config::parse("depth=3").unwrap(), Config::Depth(3));
        assert_eq!(Config::parse("ai").unwrap(), Config::Level(10));
        assert_eq!(Config::parse("greedy").unwrap(), Config::Greedy);
        assert!(Config::parse("level=11").is_err());
        assert!(Config::parse("speed=3").is_err());
    }

    #[test]
    fn bots_steer_the_pieceeater_onto_the_enemy_queen() {
        let v = Arc::new(messhall_games::builtin("pieceeater-steered").unwrap());
        // White steers the PieceEater on d4 before moving; on c3 it eats Black's Queen.
        let pos = Position::from_fen(&v, "4k3/8/8/8/3*4/2q5/8/4K3[] w - - 0 1 r1=1").unwrap();
        let outcomes = v.chance(&pos).unwrap().outcomes;
        assert!(outcomes.len() > 1, "{outcomes:?}");
        let c3 = "c3".parse().unwrap();
        for config in [Config::Greedy, Config::Depth(2), Config::Nodes(5_000), Config::Level(5)] {
            let mut bot = Bot::new(v.clone(), config, 1);
            let o = bot
                .steer(&pos, Color::White, &outcomes, &[], Duration::from_millis(200))
                .unwrap();
            assert_eq!(o.to, c3, "{config:?}");
        }
        // Black, steering in White's place, keeps its Queen.
        let mut bot = Bot::new(v.clone(), Config::Depth(2), 1);
        let o = bot.steer(&pos, Color::Black, &outcomes, &[], Duration::ZERO).unwrap();
        assert_ne!(o.to, c3);
        let mut bot = Bot::new(v.clone(), Config::Random, 1);
        let o = bot.steer(&pos, Color::White, &outcomes, &[], Duration::ZERO).unwrap();
        assert!(outcomes.contains(&o));
    }

    #[test]
    fn computer_players_play_a_game_to_the_end() {
        let v = Arc::new(messhall_games::builtin("chess").unwrap());
        let mut bots = [
            Some(Bot::new(v.clone(), Config::Depth(1), 1)),
            Some(Bot::new(v.clone(), Config::Random, 2)),
        ];
        let mut out = Vec::new();
        crate::play::play_with(v.clone(), v.start(), &mut bots, Duration::ZERO, &mut &b""[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Game over:"), "{text}");
        assert!(text.contains("White played"), "{text}");
    }
}
