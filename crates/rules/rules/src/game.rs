//! A game: a start position, the moves played and the chance events' outcomes, the result, and
//! a record that replays it exactly.

use crate::moves::{Move, MoveError, MoveKind};
use crate::spec::{RoyalRule, StalemateRule};
use crate::{ChanceEvent, ChanceOutcome, Color, FenError, Position, Role, Variant, echo, pick_outcome};
use messhall_dice::SeededDice;
use messhall_geometry::{BoardSize, Square};
use std::sync::Arc;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Both sides could not move, one after the other.
    BothStalemated,
    /// A side lost its last royal piece.
    RoyalCaptured,
    /// A side lost the last piece of a type it must keep.
    Extinction,
    /// The same position came back as often as the variant's rules allow.
    Repetition,
    /// Too many moves without a capture or a pawn move.
    FiftyMoves,
}

/// The result of a finished game: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The side that won; `None` for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub reason: Reason,
}

impl Reason {
    /// The reason's name, as results and PGN write it ("checkmate", "fifty-move rule").
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::BothStalemated => "both sides stalemated",
            Reason::RoyalCaptured => "royal piece captured",
            Reason::Extinction => "extinction",
            Reason::Repetition => "repetition",
            Reason::FiftyMoves => "fifty-move rule",
        }
    }
}

/// One thing that happened in a game: a player's move, or how a chance event came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// A player's move.
    Move(Move),
    /// How a chance event came out (a roll, a steering choice).
    Chance(ChanceOutcome),
}

impl Action {
    /// Checks that every id the action holds (its squares, the roles of a promotion or a drop,
    /// the chance's probability) is one of `variant`'s, as an action read from a record must be
    /// before anything looks it up.
    ///
    /// # Errors
    /// [`ActionIdError`] for the first id that is out of range.
    pub fn check_ids(&self, variant: &Variant) -> Result<(), ActionIdError> {
        let v = variant;
        let square = |square: Square| {
            if v.size.contains(square) {
                Ok(())
            } else {
                Err(ActionIdError::OffBoard { square, size: v.size })
            }
        };
        let role = |role: Role| match v.try_role(role) {
            Some(_) => Ok(()),
            None => Err(ActionIdError::NoSuchRole {
                role,
                roles: v.role_count(),
                variant: v.name.clone(),
            }),
        };
        match self {
            Action::Move(m) => {
                if m.kind != MoveKind::Pass {
                    square(m.from)?;
                    square(m.to)?;
                    square(m.extra)?;
                }
                if let MoveKind::Drop(r) = m.kind {
                    role(r)?;
                }
                m.promotion.map_or(Ok(()), role)
            }
            Action::Chance(o) => {
                square(o.from)?;
                square(o.to)?;
                if o.total == 0 || o.weight > o.total {
                    return Err(ActionIdError::NotAProbability {
                        weight: o.weight,
                        total: o.total,
                    });
                }
                Ok(())
            }
        }
    }
}

/// An id of an action that names nothing in its variant (as a tampered record may hold).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionIdError {
    /// A square beyond the board.
    #[error("square index {} is not on the {}x{} board", .square.index(), .size.files(), .size.ranks())]
    OffBoard {
        /// The square.
        square: Square,
        /// The variant's board.
        size: BoardSize,
    },
    /// A piece type the variant does not have.
    #[error("piece type {} is not one of the {roles} of {variant}", .role.0)]
    NoSuchRole {
        /// The piece type.
        role: Role,
        /// How many piece types the variant has.
        roles: usize,
        /// The variant's name.
        variant: String,
    },
    /// A chance whose weight and total are no probability.
    #[error("chance {weight}/{total} is not a probability")]
    NotAProbability {
        /// The numerator.
        weight: u32,
        /// The denominator.
        total: u32,
    },
}

/// Why a chance outcome cannot be chosen now ([`Game::try_resolve`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// No chance event waits for a choice.
    #[error("no chance event is pending, so {} cannot happen", .outcome.to_text())]
    NothingPending {
        /// The outcome asked for.
        outcome: ChanceOutcome,
    },
    /// The pending event does not offer the outcome.
    #[error("{} is not one of the outcomes offered ({})", .outcome.to_text(), outcome_list(.offered))]
    NotOffered {
        /// The outcome asked for.
        outcome: ChanceOutcome,
        /// The outcomes the event offers.
        offered: Vec<ChanceOutcome>,
    },
}

fn outcome_list(outcomes: &[ChanceOutcome]) -> String {
    outcomes
        .iter()
        .map(ChanceOutcome::to_text)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A most unlikely run of chance events one after the other; beyond it a game stops resolving
/// (a guard against hooks that never clear their event).
const MAX_CHANCES_IN_A_ROW: usize = 64;

/// A game in progress: every position so far (for repetition and taking moves back), and the
/// seeded dice that decide its chance events.
///
/// [`Game::play`] plays a move and then lets the dice decide every chance event that follows (the
/// PieceEater's step), so [`Game::position`] is a position where a player is to act: to move, or
/// to choose a steered event's outcome ([`Game::resolve`]). [`Game::record`] keeps the seed and
/// every action; [`GameRecord::replay`] plays it again and checks that the dice agree.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Arc<Variant>,
    /// The start, then the position after each action.
    positions: Vec<Position>,
    actions: Vec<Action>,
    moves: Vec<Move>,
    seed: u64,
    dice: SeededDice,
    /// The dice as they were before each move of `moves`, so taking a move back also takes back
    /// the rolls that followed it (playing it again gives the same outcomes).
    dice_before: Vec<SeededDice>,
}

impl Game {
    /// A game with the dice of seed 0.
    pub fn new(variant: Arc<Variant>, start: Position) -> Game {
        Game::with_seed(variant, start, 0)
    }

    /// A game whose chance events come from `SeededDice::new(seed)`. A chance event the dice
    /// decide that is pending in `start` is resolved at once.
    pub fn with_seed(variant: Arc<Variant>, start: Position, seed: u64) -> Game {
        Game::with_dice(variant, start, SeededDice::new(seed))
    }

    /// A game whose chance events come from `dice` (made from a secret 256-bit seed, say).
    pub fn with_dice(variant: Arc<Variant>, start: Position, dice: SeededDice) -> Game {
        let mut game = Game {
            variant,
            positions: vec![start],
            actions: Vec::new(),
            moves: Vec::new(),
            seed: dice.seed(),
            dice,
            dice_before: Vec::new(),
        };
        game.roll_pending();
        game
    }

    /// The variant this game is played under.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The seed of the game's dice.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Changes the dice that decide the chance events from now on (the rolls made so far stay).
    /// A table does this after a take-back, so the rolls a player saw are not offered again; a
    /// game whose dice were changed so is replayed by the table's record, which says where.
    pub fn set_dice(&mut self, dice: SeededDice) {
        self.dice = dice;
    }

    /// Every position so far: the start, then one after each action (so positions waiting for a
    /// chance event are among them).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Every action so far: the players' moves and the chance events' outcomes, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The outcomes of the chance events since the last move (what the PieceEater just did).
    pub fn chances_since_last_move(&self) -> Vec<ChanceOutcome> {
        let last_move = self.actions.iter().rposition(|a| matches!(a, Action::Move(_)));
        self.actions[last_move.map_or(0, |i| i + 1)..]
            .iter()
            .filter_map(|a| match a {
                Action::Chance(o) => Some(*o),
                Action::Move(_) => None,
            })
            .collect()
    }

    /// The chance event waiting in the current position: one a player chooses (its
    /// [`ChanceEvent::chooser`]), since the dice's own are resolved as soon as they arise.
    pub fn pending_chance(&self) -> Option<ChanceEvent> {
        self.variant.chance(self.position())
    }

    /// Resolves the pending chance event as `outcome`, then lets the dice decide any that
    /// follow.
    ///
    /// # Errors
    /// [`ResolveError`] when no event is pending or it does not offer `outcome`; the game is
    /// unchanged.
    pub fn try_resolve(&mut self, outcome: ChanceOutcome) -> Result<(), ResolveError> {
        match self.pending_chance() {
            None => Err(ResolveError::NothingPending { outcome }),
            Some(event) if !event.offers(&outcome) => Err(ResolveError::NotOffered {
                outcome,
                offered: event.outcomes,
            }),
            Some(_) => {
                self.push_chance(outcome);
                self.roll_pending();
                Ok(())
            }
        }
    }

    /// Resolves the pending chance event as `outcome`, then lets the dice decide any that
    /// follow. Returns false (and does nothing) when `outcome` is not one the event offers.
    pub fn resolve(&mut self, outcome: ChanceOutcome) -> bool {
        let offered = self.pending_chance().is_some_and(|e| e.offers(&outcome));
        if offered {
            self.push_chance(outcome);
            self.roll_pending();
        }
        offered
    }

    fn push_chance(&mut self, outcome: ChanceOutcome) {
        let next = self.variant.resolve(self.position(), &outcome);
        self.positions.push(next);
        self.actions.push(Action::Chance(outcome));
    }

    /// Lets the dice decide the pending chance events that no player chooses.
    fn roll_pending(&mut self) {
        for _ in 0..MAX_CHANCES_IN_A_ROW {
            // A game a move has decided (a King taken) is over: nothing more happens in it.
            if self.variant.material_decided(self.position()).is_some() {
                return;
            }
            let Some(event) = self.variant.chance(self.position()) else {
                return;
            };
            if event.chooser.is_some() {
                return;
            }
            let Some(outcome) = pick_outcome(&event.outcomes, &mut self.dice) else {
                return;
            };
            self.push_chance(outcome);
        }
    }

    /// The game so far as a record: seed, start and every action.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            variant: self.variant.name.clone(),
            start: self.positions[0].to_fen(&self.variant),
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start position"))
    }

    /// The moves played so far, in order (chance outcomes left out).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move given as text (coordinates or SAN).
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.variant.parse_move(self.position(), text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Plays `mv` if it is legal here, then lets the dice decide the chance events that follow.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] saying why, and the game is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if !self.variant.is_legal(self.position(), &mv) {
            return Err(self.variant.refusal(self.position(), &mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a legal move, then lets the dice decide the chance events that follow.
    ///
    /// # Panics
    /// When `mv` is not legal in the current position.
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("Game::play: {e}");
        }
    }

    /// Plays a move the caller knows is legal (a search's choice, a checked record), without
    /// checking it; an illegal one leaves the game in a state the rules never reach.
    pub fn play_unchecked(&mut self, mv: Move) {
        let next = self.position().play_unchecked(&self.variant, &mv);
        self.dice_before.push(self.dice.clone());
        self.positions.push(next);
        self.actions.push(Action::Move(mv));
        self.moves.push(mv);
        self.roll_pending();
    }

    /// Takes the last move back, with the chance events that followed it (and their rolls: the
    /// dice are as they were before the move).
    pub fn undo(&mut self) -> Option<Move> {
        let at = self.actions.iter().rposition(|a| matches!(a, Action::Move(_)))?;
        let dropped = self.actions.len() - at;
        self.actions.truncate(at);
        self.positions.truncate(self.positions.len() - dropped);
        if let Some(dice) = self.dice_before.pop() {
            self.dice = dice;
        }
        self.moves.pop()
    }

    /// How often the current position has occurred (same hash and same pieces, side to move,
    /// rights and game state; the move clocks do not count), this time included.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && p.same_state(now))
            .count()
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(None)
    }

    /// [`Game::outcome`] given the current position's legal moves, when the caller has them
    /// already (so they are not generated again).
    pub fn outcome_given(&self, legal: &[Move]) -> Option<Outcome> {
        self.outcome_with(Some(legal))
    }

    fn outcome_with(&self, legal: Option<&[Move]>) -> Option<Outcome> {
        let v = &*self.variant;
        let pos = self.position();
        if let Some(winner) = v.material_decided(pos) {
            let reason = if v.end.royal == RoyalRule::Capture && pos.royals(!winner).is_empty() && v.royal_roles != 0 {
                Reason::RoyalCaptured
            } else if v.rules.decided(v, pos).is_some() {
                // The game's own instant win: the PieceEater uncovering an attack on a king.
                Reason::Checkmate
            } else {
                Reason::Extinction
            };
            return Some(Outcome {
                winner: Some(winner),
                reason,
            });
        }
        if v.chance_pending(pos) {
            return None;
        }
        let generated;
        let legal = match legal {
            Some(moves) => moves,
            None => {
                generated = v.legal_moves(pos);
                &generated[..]
            }
        };
        if legal.is_empty() {
            let us = pos.side_to_move();
            if v.end.royal != RoyalRule::Capture && v.in_check(pos) {
                return Some(Outcome {
                    winner: Some(!us),
                    reason: Reason::Checkmate,
                });
            }
            return Some(match v.end.stalemate {
                StalemateRule::Draw => Outcome {
                    winner: None,
                    reason: Reason::Stalemate,
                },
                StalemateRule::Loss => Outcome {
                    winner: Some(!us),
                    reason: Reason::Stalemate,
                },
                StalemateRule::Pass => Outcome {
                    winner: None,
                    reason: Reason::BothStalemated,
                },
            });
        }
        if v.end.repetitions > 0 && self.repetitions() >= v.end.repetitions as usize {
            return Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            });
        }
        if v.end.fifty_moves > 0 && pos.halfmove_clock() >= 2 * v.end.fifty_moves {
            return Some(Outcome {
                winner: None,
                reason: Reason::FiftyMoves,
            });
        }
        None
    }

    /// Whether the last move was a pass.
    pub fn last_was_pass(&self) -> bool {
        self.moves.last().is_some_and(|m| m.kind == MoveKind::Pass)
    }
}

/// A finished or unfinished game as data: enough to play it again exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The variant's name (for the reader; replaying takes the variant itself).
    pub variant: String,
    /// The start position in FEN.
    pub start: String,
    /// The seed of the game's dice.
    pub seed: u64,
    /// Every move and chance outcome, in order.
    pub actions: Vec<Action>,
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("record start position: {0}")]
    /// The record's start position is not a position of its game.
    Start(#[from] FenError),
    /// An action of the record cannot be played in its position.
    #[error("record action {index}: {why}")]
    Action {
        /// The action's index in the record, from 0.
        index: usize,
        /// Why it could not be played, in one line.
        why: String,
    },
    /// An action of the record names a square or a piece type its variant does not have.
    #[error("record action {index}: {error}")]
    OutOfRange {
        /// The action's index in the record, from 0.
        index: usize,
        /// The id out of range.
        error: ActionIdError,
    },
    /// A line of the record does not read.
    #[error("record line {line}: {why}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it, in one line.
        why: String,
    },
}

impl GameRecord {
    /// Plays the record again on `variant`: every move must be legal, every chance the dice
    /// decide must come out as recorded (the seed reproduces them), and every chosen outcome must
    /// be one that was offered.
    ///
    /// # Errors
    /// [`ReplayError`] names the first action that does not fit.
    pub fn replay(&self, variant: Arc<Variant>) -> Result<Game, ReplayError> {
        for (index, action) in self.actions.iter().enumerate() {
            action
                .check_ids(&variant)
                .map_err(|error| ReplayError::OutOfRange { index, error })?;
        }
        let start = Position::from_fen(&variant, &self.start)?;
        let mut game = Game::with_seed(variant, start, self.seed);
        let mut done = 0;
        loop {
            for k in done..game.actions.len() {
                if self.actions.get(k) != Some(&game.actions[k]) {
                    let v = game.variant();
                    return Err(ReplayError::Action {
                        index: k,
                        why: format!(
                            "the dice give {} but the record has {}",
                            action_text(v, &game.actions[k]),
                            self.actions.get(k).map_or("nothing".into(), |a| action_text(v, a))
                        ),
                    });
                }
            }
            done = game.actions.len();
            let Some(action) = self.actions.get(done) else {
                return Ok(game);
            };
            let v = game.variant.clone();
            let fail = |why: &str| ReplayError::Action {
                index: done,
                why: format!("{} {why}", action_text(&v, action)),
            };
            match *action {
                Action::Move(mv) => {
                    if !v.is_legal(game.position(), &mv) {
                        return Err(fail("is not a legal move here"));
                    }
                    game.play_unchecked(mv);
                }
                Action::Chance(outcome) => {
                    if !game.resolve(outcome) {
                        return Err(fail("is not an outcome a player may choose here"));
                    }
                }
            }
        }
    }

    /// The record as text: `variant`, `seed` and `start` lines, then the actions, moves in
    /// coordinates and chance outcomes in braces (`e2e4 {d4-e5} e7e5 {e5}`).
    pub fn to_text(&self, v: &Variant) -> String {
        let actions: Vec<String> = self.actions.iter().map(|a| action_text(v, a)).collect();
        format!(
            "variant {}\nseed {}\nstart {}\n{}\n",
            self.variant,
            self.seed,
            self.start,
            actions.join(" ")
        )
    }

    /// Reads [`GameRecord::to_text`]'s form back, replaying it on `variant` to read the moves.
    /// Lines starting with `#` are comments.
    ///
    /// # Errors
    /// [`ReplayError`] for a missing line, a `variant` line naming another game, a malformed
    /// action, or one that does not replay.
    pub fn from_text(variant: Arc<Variant>, text: &str) -> Result<GameRecord, ReplayError> {
        let mut seed = None;
        let mut start = None;
        let mut name = variant.name.clone();
        let mut tokens = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            let syntax = |why: String| ReplayError::Syntax { line: i + 1, why };
            if line.starts_with('#') {
                // A comment (players, result, final position): not part of the game.
            } else if let Some(rest) = line.strip_prefix("seed ") {
                seed = Some(
                    rest.trim()
                        .parse::<u64>()
                        .map_err(|_| syntax(format!("\"{}\" is not a seed", echo(rest))))?,
                );
            } else if let Some(rest) = line.strip_prefix("start ") {
                start = Some(rest.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("variant ") {
                name = rest.trim().to_string();
                if name != variant.name {
                    return Err(syntax(format!(
                        "the record is of {}, not of {}",
                        echo(&name),
                        variant.name
                    )));
                }
            } else {
                tokens.extend(line.split_whitespace().map(|t| (i + 1, t.to_string())));
            }
        }
        let missing = |what: &str| ReplayError::Syntax {
            line: 0,
            why: format!("no \"{what}\" line"),
        };
        let start = start.ok_or_else(|| missing("start"))?;
        let seed = seed.ok_or_else(|| missing("seed"))?;
        let position = Position::from_fen(&variant, &start)?;
        let mut game = Game::with_seed(variant.clone(), position, seed);
        let mut actions = Vec::new();
        for (line, token) in tokens {
            let syntax = |why: String| ReplayError::Syntax { line, why };
            let rolled = game.actions.get(actions.len()).copied();
            let quoted = echo(&token);
            if let Some(inner) = token.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                let (from, to) = chance_squares(&variant, inner).map_err(|why| syntax(format!("{quoted}: {why}")))?;
                let outcome = match rolled {
                    // The dice decided this one when the move before it was played.
                    Some(Action::Chance(o)) if o.from == from && o.to == to => o,
                    Some(a) => {
                        return Err(syntax(format!(
                            "{quoted}: the seed gives {} here",
                            action_text(&variant, &a)
                        )));
                    }
                    None => {
                        let offered = game.pending_chance().map(|e| e.outcomes).unwrap_or_default();
                        let Some(&o) = offered.iter().find(|o| o.from == from && o.to == to) else {
                            return Err(syntax(format!("{quoted} is not an outcome to choose here")));
                        };
                        game.resolve(o);
                        o
                    }
                };
                actions.push(Action::Chance(outcome));
            } else {
                if let Some(a) = rolled {
                    return Err(syntax(format!(
                        "{quoted}: the chance outcome {} comes first",
                        action_text(&variant, &a)
                    )));
                }
                let mv = variant
                    .parse_move(game.position(), &token)
                    .map_err(|e| syntax(e.to_string()))?;
                game.play_unchecked(mv);
                actions.push(Action::Move(mv));
            }
        }
        if let Some(a) = game.actions.get(actions.len()) {
            return Err(ReplayError::Syntax {
                line: text.lines().count(),
                why: format!("the record ends before the chance outcome {}", action_text(&variant, a)),
            });
        }
        Ok(GameRecord {
            variant: name,
            start,
            seed,
            actions,
        })
    }
}

/// The squares of a chance token's inside: `d4` (standing still) or `d4-e5`, on the board,
/// and nothing else.
fn chance_squares(v: &Variant, inner: &str) -> Result<(Square, Square), String> {
    let parts: Vec<&str> = inner.split('-').collect();
    if parts.len() > 2 {
        return Err("a chance outcome is one square or two joined by '-'".into());
    }
    let mut squares = Vec::with_capacity(2);
    for t in parts {
        match t.parse::<Square>() {
            Ok(s) if v.size.contains(s) => squares.push(s),
            _ => return Err(format!("\"{}\" is not a square of the board", echo(t))),
        }
    }
    Ok((squares[0], squares.last().copied().unwrap_or(squares[0])))
}

fn action_text(v: &Variant, action: &Action) -> String {
    match action {
        Action::Move(m) => m.to_coordinates(v),
        Action::Chance(o) => format!("{{{}}}", o.to_text()),
    }
}
