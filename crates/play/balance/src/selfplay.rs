//! One self-play game of a chess variant, with what a report counts along the way: the result,
//! the legal moves of each position by phase, the positions after 6 and 12 plies, and the
//! material of its quiet positions.

use crate::spec::Strength;
use messhall_records::Ending;
use messhall_rules::{Action, Color, Game, Outcome, Position, Variant};
use messhall_search::{Engine, Level, Limits, Options, SearchRng, Weights};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Each engine's table, in MB: the node budgets of a report are small.
const HASH_MB: usize = 4;
/// Plies counted as the opening (for the branching factor), and before which no position is
/// sampled for the piece values (the random opening plies and the first moves after them).
pub(crate) const OPENING_END: usize = 20;
/// The plies after which the positions of the games are compared.
pub(crate) const DIVERSITY_PLIES: [usize; 2] = [6, 12];
/// The endgame: at most this share of the start's piece material (pawns and royals aside) left.
pub(crate) const ENDGAME_SHARE: f64 = 1.0 / 3.0;

/// What the games of a variant share: the variant, its weights, its material bookkeeping.
pub(crate) struct Board {
    pub(crate) variant: Arc<Variant>,
    /// The weights of a variant file's own weights file, if it has one.
    pub(crate) weights: Option<Weights>,
    /// Piece values from the variant's data, by role index (0 for royals).
    values: Vec<i32>,
    /// Pawns by role index.
    pawns: Vec<bool>,
    /// The piece material (pawns and royals aside) of both sides at the start.
    start_material: i64,
}

impl Board {
    pub(crate) fn new(variant: Arc<Variant>, weights: Option<Weights>) -> Board {
        let values: Vec<i32> = variant
            .roles()
            .map(|(_, r)| if r.royal { 0 } else { r.value })
            .collect();
        let pawns = variant.roles().map(|(_, r)| r.pawn).collect();
        let mut board = Board {
            variant,
            weights,
            values,
            pawns,
            start_material: 0,
        };
        board.start_material = board.piece_material(&board.variant.start());
        board
    }

    /// The value of both sides' pieces on the board, pawns and royals aside.
    fn piece_material(&self, pos: &Position) -> i64 {
        pos.occupied()
            .iter()
            .filter_map(|sq| pos.piece_at(sq))
            .filter(|p| !self.pawns.get(p.role().index()).copied().unwrap_or(true))
            .map(|p| i64::from(self.values.get(p.role().index()).copied().unwrap_or(0)))
            .sum()
    }

    /// The share of the start's piece material on the board (0 to 1; 1 in a game of pawns only).
    fn material_share(&self, pos: &Position) -> f64 {
        if self.start_material <= 0 {
            return 1.0;
        }
        (self.piece_material(pos) as f64 / self.start_material as f64).clamp(0.0, 1.0)
    }

    /// The phase of a position at `ply`: 0 opening, 1 middlegame, 2 endgame.
    fn phase(&self, pos: &Position, ply: usize) -> usize {
        if ply < OPENING_END {
            0
        } else if self.material_share(pos) <= ENDGAME_SHARE {
            2
        } else {
            1
        }
    }

    /// White's count less Black's of each role (on the board and in hand).
    fn material_difference(&self, pos: &Position) -> Vec<i8> {
        let v = &self.variant;
        let mut diff = vec![0i16; v.role_count()];
        for sq in pos.occupied().iter() {
            if let Some(p) = pos.piece_at(sq) {
                let sign = if p.color() == Color::White { 1 } else { -1 };
                if let Some(d) = diff.get_mut(p.role().index()) {
                    *d += sign;
                }
            }
        }
        for (role, _) in v.roles() {
            diff[role.index()] += i16::from(pos.hand(Color::White, role)) - i16::from(pos.hand(Color::Black, role));
        }
        diff.into_iter().map(|d| d.clamp(-127, 127) as i8).collect()
    }
}

/// A player of a game: its engine and the limits of each search.
struct Side {
    engine: Engine,
    limits: Limits,
}

impl Side {
    fn new(board: &Board, strength: Strength, seed: u64, halt: &Arc<AtomicBool>) -> Side {
        let (level, limits) = match strength {
            Strength::Level(l) => (Level::new(l), Limits::default()),
            Strength::Nodes(n) => (Level::FULL, Limits::nodes(n)),
        };
        let options = Options {
            hash_mb: HASH_MB,
            level,
            seed,
            threads: 1,
        };
        let mut engine = Engine::new(board.variant.clone(), &options);
        if let Some(w) = &board.weights {
            engine.set_weights(w);
        }
        engine.set_stop_flag(halt.clone());
        Side { engine, limits }
    }
}

/// A game as a report counts it.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    /// White's score: 1, 1/2 or 0.
    pub(crate) white_score: f64,
    /// How it ended.
    pub(crate) ending: Ending,
    /// Plies (moves) played.
    pub(crate) plies: u32,
    /// Per phase: positions with a player to move, and their legal moves in all.
    pub(crate) branching: [(u64, u64); 3],
    /// The position's key after each of [`DIVERSITY_PLIES`], if the game got that far.
    pub(crate) after: [Option<u64>; 2],
    /// Each quiet position after the opening: the material difference of each role, and the
    /// share of the start's piece material left on the board.
    pub(crate) samples: Vec<(Vec<i8>, f64)>,
}

/// The key of the position after `plies` moves of `game` (and the chance steps that followed
/// them), if it got that far.
fn key_after(game: &Game, plies: usize) -> Option<u64> {
    let mut moves = 0;
    for (k, action) in game.actions().iter().enumerate() {
        if matches!(action, Action::Move(_)) {
            if moves == plies {
                return game.positions().get(k).map(Position::hash);
            }
            moves += 1;
        }
    }
    (moves == plies).then(|| game.position().hash())
}

/// Plays a game: White at `white`, Black at `black`, from the random opening `seed` makes.
/// `None` when `halt` was set before it ended.
pub(crate) fn play(
    board: &Board,
    white: Strength,
    black: Strength,
    seed: u64,
    max_plies: usize,
    halt: &Arc<AtomicBool>,
) -> Option<Played> {
    let v = &board.variant;
    let mut game = Game::with_seed(v.clone(), v.start(), seed);
    let mut book = Side::new(board, Strength::Nodes(1), seed, halt).engine;
    crate::opening::play_opening(v, &mut game, &mut book, &mut SearchRng::new(seed));
    let mut sides = [
        Side::new(board, white, seed ^ 0x0057_4849_5445, halt),
        Side::new(board, black, seed ^ 0x0042_4c41_434b, halt),
    ];
    let mut played = Played {
        white_score: 0.5,
        ending: Ending::MoveLimit,
        plies: 0,
        branching: [(0, 0); 3],
        after: [None; 2],
        samples: Vec::new(),
    };
    let mut last_was_capture = true;
    let outcome: Option<Outcome> = loop {
        if halt.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(o) = game.outcome() {
            break Some(o);
        }
        let ply = game.moves().len();
        if ply >= max_plies {
            break None;
        }
        let pos = game.position().clone();
        let positions = game.positions();
        let history: Vec<u64> = positions[..positions.len() - 1].iter().map(Position::hash).collect();
        if let Some(event) = game.pending_chance() {
            // A steered step: its chooser's engine picks it.
            let chooser = event.chooser.unwrap_or(pos.side_to_move());
            let side = &mut sides[chooser.index()];
            let step = messhall_search::best_step(
                &mut side.engine,
                v,
                &pos,
                chooser,
                &event.outcomes,
                &history,
                &side.limits,
            )?;
            game.resolve(step);
            continue;
        }
        let mover = pos.side_to_move();
        let legal = v.legal_moves(&pos);
        let phase = board.phase(&pos, ply);
        played.branching[phase].0 += 1;
        played.branching[phase].1 += legal.len() as u64;
        let side = &mut sides[mover.index()];
        let info = side.engine.search(&pos, &history, &side.limits, &mut |_| {})?;
        let &mv = info.pv.first()?;
        if halt.load(Ordering::Relaxed) {
            return None;
        }
        let theirs = pos.pieces_of(!mover).count();
        game.play(mv);
        let capture = game.position().pieces_of(!mover).count() < theirs;
        if ply >= OPENING_END && !capture && !last_was_capture && !v.in_check(&pos) {
            played
                .samples
                .push((board.material_difference(&pos), board.material_share(&pos)));
        }
        last_was_capture = capture;
    };
    played.plies = game.moves().len() as u32;
    // Looked up at the end: the random opening may play past the first of them.
    played.after = DIVERSITY_PLIES.map(|plies| key_after(&game, plies));
    match outcome {
        Some(o) => {
            played.white_score = match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            played.ending = Ending::Rules { outcome: o };
        }
        None => played.ending = Ending::MoveLimit,
    }
    Some(played)
}
