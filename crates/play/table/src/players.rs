//! Player specifications as users write them (`human`, `ai`, `level=N`, `depth=N`, `nodes=N`,
//! `random`, `greedy`; for the cafeteria game `random`, `rules`, `search`, `search-v1`), and making players
//! from them for a game.

use crate::baseline_player::{Greedy, RandomMover};
use crate::cafeteria_player::CafeteriaBot;
use crate::engine_player::{EnginePlayer, RefusedWeights};
use crate::player::{Person, Player};
use messhall_cafeteria_ai::bots::BotKind;
use messhall_records::catalog::GameKind;
use messhall_rules::echo as shorten;
use messhall_search::HashError;
use std::fmt;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person at the front end.
    Human,
    /// The engine at a level, 1 (beginner) to 10 (full strength).
    Level(u8),
    /// The engine to a fixed depth (within the time it is given).
    Depth(u32),
    /// The engine to a fixed node count (within the time it is given).
    Nodes(u64),
    /// Uniformly random legal actions.
    Random,
    /// The best capture or step at once (chess); rules of thumb (cafeteria).
    Greedy,
    /// A cafeteria bot of a kind (`rules`, `search`, `search-v1`; `random` reads as [`PlayerSpec::Random`]).
    Bot(BotKind),
}

/// Why a player specification was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player \"{text}\": {why}")]
pub struct SpecError {
    text: String,
    why: String,
}

/// Why a player cannot play a game: its specification is for the other kind of game, its engine
/// cannot be had, or (for a player from elsewhere, an external engine) the game is one it cannot
/// be told.
#[derive(Debug, thiserror::Error)]
pub enum CannotPlay {
    /// An engine setting for the cafeteria game.
    #[error("{spec} is a chess engine setting; the cafeteria game's bots are random, rules, search and search-v1")]
    EngineInCafeteria {
        /// The specification.
        spec: PlayerSpec,
    },
    /// A cafeteria bot for a chess game.
    #[error("{spec} is a cafeteria bot; chess players are human, ai, level=N, depth=N, nodes=N, random and greedy")]
    BotInChess {
        /// The specification.
        spec: PlayerSpec,
    },
    /// The engine's table cannot be had.
    #[error(transparent)]
    Hash(#[from] HashError),
    /// The weights file beside the variant file is refused.
    #[error(transparent)]
    Weights(#[from] RefusedWeights),
    /// A player of chess games only, given the cafeteria game.
    #[error("{player} plays chess games only, not the cafeteria game")]
    ChessOnly {
        /// The player's name.
        player: String,
    },
    /// A player that cannot be told the chance steps of a variant's neutral piece.
    #[error(
        "{player} cannot play {variant}: its {neutral} steps by chance after the moves, which no external engine here can be told"
    )]
    ChanceSteps {
        /// The player's name.
        player: String,
        /// The variant's name.
        variant: String,
        /// The name of its neutral piece.
        neutral: String,
    },
}

/// The levels there are.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

impl PlayerSpec {
    /// Reads a specification (case does not matter).
    ///
    /// # Errors
    /// [`SpecError`] naming the text and what was expected.
    pub fn parse(text: &str) -> Result<PlayerSpec, SpecError> {
        let fail = |why: String| SpecError {
            text: shorten(text),
            why,
        };
        let lower = text.trim().to_ascii_lowercase();
        let number = |s: &str| -> Result<u64, SpecError> {
            s.trim()
                .parse::<u64>()
                .map_err(|_| fail(format!("\"{}\" is not a number", shorten(s))))
        };
        Ok(match lower.split_once('=') {
            None => match lower.as_str() {
                "human" => PlayerSpec::Human,
                "ai" => PlayerSpec::Level(10),
                "random" => PlayerSpec::Random,
                "greedy" => PlayerSpec::Greedy,
                "rules" => PlayerSpec::Bot(BotKind::Rules),
                "search" => PlayerSpec::Bot(BotKind::Search),
                "search-v1" => PlayerSpec::Bot(BotKind::SearchV1),
                _ => {
                    return Err(fail(
                        "expected human, ai, level=N, depth=N, nodes=N, random or greedy (cafeteria: random, rules, search, search-v1)"
                            .into(),
                    ));
                }
            },
            Some(("level", n)) => {
                let n = number(n)?;
                if !LEVELS.contains(&u8::try_from(n).unwrap_or(0)) {
                    return Err(fail("levels go from 1 to 10".into()));
                }
                PlayerSpec::Level(n as u8)
            }
            Some(("depth", n)) => {
                let n = number(n)?;
                if !(1..=64).contains(&n) {
                    return Err(fail("depths go from 1 to 64".into()));
                }
                PlayerSpec::Depth(n as u32)
            }
            Some(("nodes", n)) => {
                let n = number(n)?;
                if n == 0 {
                    return Err(fail("a node count is at least 1".into()));
                }
                PlayerSpec::Nodes(n)
            }
            Some((k, _)) => {
                return Err(fail(format!(
                    "unknown setting \"{}\" (level, depth or nodes)",
                    shorten(k)
                )));
            }
        })
    }

    /// The name a person sees for this player where no other is given: the computer with its
    /// level's name (`Computer (beginner, level 1)`), its limit or its way of moving; a cafeteria
    /// bot and a person by their specification.
    pub fn display_name(&self) -> String {
        match self {
            PlayerSpec::Level(n) => format!("Computer ({}, level {n})", messhall_search::Level::new(*n).name()),
            PlayerSpec::Depth(n) => format!("Computer (depth {n})"),
            PlayerSpec::Nodes(n) => format!("Computer ({n} nodes a move)"),
            PlayerSpec::Random => "Computer (random moves)".into(),
            PlayerSpec::Greedy => "Computer (greedy)".into(),
            PlayerSpec::Human | PlayerSpec::Bot(_) => self.to_string(),
        }
    }

    /// Whether this is the searching engine (it has a transposition table).
    pub fn is_engine(&self) -> bool {
        matches!(self, PlayerSpec::Level(_) | PlayerSpec::Depth(_) | PlayerSpec::Nodes(_))
    }

    /// Whether this is a computer player that can play `kind`.
    ///
    /// # Errors
    /// [`CannotPlay`] when the specification does not fit the game (an engine level in the
    /// cafeteria game, a cafeteria bot in chess).
    pub fn check_for(&self, kind: &GameKind) -> Result<(), CannotPlay> {
        match (self, kind) {
            (PlayerSpec::Level(_) | PlayerSpec::Depth(_) | PlayerSpec::Nodes(_), GameKind::Cafeteria) => {
                Err(CannotPlay::EngineInCafeteria { spec: *self })
            }
            (PlayerSpec::Bot(_), GameKind::Chess(_)) => Err(CannotPlay::BotInChess { spec: *self }),
            _ => Ok(()),
        }
    }

    /// A player of this specification for `kind`; `seed` seeds its own randomness (a level's
    /// noise, the random mover's choices), `hash_mb` sizes an engine's table.
    ///
    /// An engine for a variant file plays with the weights file beside it, if there is one.
    ///
    /// # Errors
    /// As [`PlayerSpec::check_for`]; and when a variant file's weights file is refused.
    pub fn make(&self, kind: &GameKind, seed: u64, hash_mb: usize) -> Result<Box<dyn Player>, CannotPlay> {
        self.make_on_threads(kind, seed, hash_mb, 1)
    }

    /// A player as [`PlayerSpec::make`], an engine searching on `threads` threads.
    ///
    /// # Errors
    /// As [`PlayerSpec::make`].
    pub fn make_on_threads(
        &self,
        kind: &GameKind,
        seed: u64,
        hash_mb: usize,
        threads: usize,
    ) -> Result<Box<dyn Player>, CannotPlay> {
        self.check_for(kind)?;
        Ok(match (*self, kind) {
            (PlayerSpec::Human, _) => Box::new(Person),
            (PlayerSpec::Random, GameKind::Cafeteria) => Box::new(CafeteriaBot::new(BotKind::Random, seed)),
            (PlayerSpec::Greedy, GameKind::Cafeteria) => Box::new(CafeteriaBot::new(BotKind::Rules, seed)),
            (PlayerSpec::Bot(kind), GameKind::Cafeteria) => Box::new(CafeteriaBot::new(kind, seed)),
            (PlayerSpec::Random, GameKind::Chess(c)) => Box::new(RandomMover::new(c.variant.clone(), seed)),
            (PlayerSpec::Greedy, GameKind::Chess(c)) => Box::new(Greedy::new(c.variant.clone(), seed)),
            (spec, GameKind::Chess(c)) => {
                let mut engine = EnginePlayer::try_new(c.variant.clone(), spec, seed, hash_mb)?;
                if let Some(weights) = crate::engine_player::file_weights(c)? {
                    engine.set_weights(&weights);
                }
                engine.set_threads(threads);
                Box::new(engine)
            }
            (spec, GameKind::Cafeteria) => return Err(CannotPlay::EngineInCafeteria { spec }),
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Level(n) => write!(f, "level={n}"),
            PlayerSpec::Depth(n) => write!(f, "depth={n}"),
            PlayerSpec::Nodes(n) => write!(f, "nodes={n}"),
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Greedy => write!(f, "greedy"),
            PlayerSpec::Bot(kind) => write!(f, "{kind}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_computer_is_shown_by_its_level_s_name_not_its_specification() {
        assert_eq!(PlayerSpec::Level(1).display_name(), "Computer (beginner, level 1)");
        assert_eq!(
            PlayerSpec::Level(10).display_name(),
            "Computer (full strength, level 10)"
        );
        assert_eq!(PlayerSpec::Depth(3).display_name(), "Computer (depth 3)");
        assert_eq!(PlayerSpec::Human.display_name(), "human");
    }

    #[test]
    fn specifications_parse_and_print_back() {
        for text in [
            "human",
            "level=5",
            "depth=3",
            "nodes=5000",
            "random",
            "greedy",
            "rules",
            "search",
            "search-v1",
        ] {
            assert_eq!(PlayerSpec::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(PlayerSpec::parse("AI").unwrap(), PlayerSpec::Level(10));
        assert_eq!(PlayerSpec::parse("Level=3").unwrap(), PlayerSpec::Level(3));
        for bad in [
            "level=11",
            "level=0",
            "level=300",
            "depth=0",
            "nodes=0",
            "speed=3",
            "depth=x",
            "",
        ] {
            assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
        }
        let long = "x".repeat(10_000);
        assert!(PlayerSpec::parse(&long).unwrap_err().to_string().len() < 300);
    }

    #[test]
    fn players_that_do_not_fit_the_game_are_refused() {
        let chess = messhall_records::catalog::builtin("chess").unwrap();
        let cafeteria = messhall_records::catalog::builtin("cafeteria").unwrap();
        assert!(matches!(
            PlayerSpec::Level(3).make(&cafeteria, 1, 1),
            Err(CannotPlay::EngineInCafeteria {
                spec: PlayerSpec::Level(3)
            })
        ));
        assert!(matches!(
            PlayerSpec::Bot(BotKind::Search).make(&chess, 1, 1),
            Err(CannotPlay::BotInChess {
                spec: PlayerSpec::Bot(BotKind::Search)
            })
        ));
        assert_eq!(
            PlayerSpec::Level(3).check_for(&cafeteria).unwrap_err().to_string(),
            "level=3 is a chess engine setting; the cafeteria game's bots are random, rules, search and search-v1"
        );
        assert!(PlayerSpec::Random.make(&cafeteria, 1, 1).is_ok());
        assert!(PlayerSpec::Greedy.make(&chess, 1, 1).is_ok());
    }
}
