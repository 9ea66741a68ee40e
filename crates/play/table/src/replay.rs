//! A table and its record: the record of the game so far, and a record played again at a new
//! table (every action checked, every roll of the dice compared with the record's).

use crate::table::{Action, Play, Table, TableSetup, Turn};
use messhall_records::catalog::{self, GameKind};
use messhall_records::{FORMAT, GameResult, Record, RecordError, Seat, Step, parse_outcome};

impl Table {
    /// The game so far as a record.
    pub fn record(&self) -> Record {
        let mut actions = match &self.play {
            Play::Chess(c) => Step::of_chess_game(c.variant(), c.game()),
            Play::Cafeteria(_) => self
                .log
                .iter()
                .filter_map(|(_, a)| match a {
                    Action::Student(a) => Some(Step::Student(a.clone())),
                    _ => None,
                })
                .collect(),
        };
        actions.extend(self.result().and_then(|r| Step::of_ending(&r.ending)));
        let (start, setup, draws) = match &self.play {
            Play::Chess(c) => {
                let v = c.variant();
                let fen = c.start().to_fen(v);
                (Some(fen).filter(|f| *f != v.start().to_fen(v)), None, Vec::new())
            }
            Play::Cafeteria(c) => (None, Some(c.setup().clone()), c.draws().to_vec()),
        };
        Record {
            format: FORMAT,
            game: self.kind().source(),
            start,
            setup,
            seed: self.seed(),
            players: self.players().to_vec(),
            clock: self.clock().map(|c| c.spec()),
            actions,
            result: self.result().cloned(),
            draws,
            fresh_dice: self.fresh.clone(),
        }
    }

    /// Plays `record` again at a new table: every action is checked, every roll must come out
    /// as recorded, and the result must be the recorded one.
    ///
    /// # Errors
    /// [`RecordError`] naming the first step that does not fit, and why.
    pub fn replay(record: &Record) -> Result<Table, RecordError> {
        let kind = catalog::from_source(&record.game)?;
        let setup = TableSetup {
            fen: record.start.clone(),
            seed: Some(record.seed),
            // The clock is put on after the replay: a replay takes real time that no one spent.
            clock: None,
            cafeteria: match (&kind, &record.setup) {
                // The oldest records name no setup: four players, no options, the first rules.
                (GameKind::Cafeteria, None) => Some(messhall_cafeteria::Setup::of_edition(4, &[], 1)),
                (_, setup) => setup.clone(),
            },
            players: record.players.clone(),
        };
        let mut table = Table::new(kind, &setup).map_err(|e| RecordError::Start(e.to_string()))?;
        // The dice move where the record says, as each action is applied.
        table.fresh = record.fresh_dice.clone();
        table.streams = record.fresh_dice.iter().map(|f| f.stream).max().unwrap_or(0);
        let mut cursor = 0;
        for (index, step) in record.actions.iter().enumerate() {
            let fail = |why: String| RecordError::Step { index, why };
            // Steps the rules or dice made by themselves are already played: they must match.
            if let Some(made) = rules_step(&table, cursor) {
                if made != *step {
                    return Err(fail(format!(
                        "the game gives {} here but the record has {}",
                        made.describe(),
                        step.describe()
                    )));
                }
                cursor += 1;
                continue;
            }
            let before = rules_steps(&table);
            play_step(&mut table, step, record.clock.is_some()).map_err(fail)?;
            // The step itself is one of the rules' steps (a move or a steered outcome).
            cursor = before + usize::from(step.is_chess_action());
        }
        if let Some(made) = rules_step(&table, cursor) {
            return Err(RecordError::End(format!(
                "the record ends before {}, which the game gives next",
                made.describe()
            )));
        }
        if let Some(cafeteria) = table.cafeteria()
            && !record.draws.is_empty()
        {
            let got = cafeteria.draws();
            if let Some(i) = (0..record.draws.len().max(got.len())).find(|&i| record.draws.get(i) != got.get(i)) {
                return Err(RecordError::End(format!(
                    "the dice's draw {i} differs from the record's"
                )));
            }
        }
        if let Some(spec) = record.clock {
            table.put_clock(spec);
        }
        if let Some(result) = &record.result
            && table.result() != Some(result)
        {
            return Err(RecordError::End(format!(
                "the record says the game ended {}, but replayed it {}",
                result_text(Some(result)),
                result_text(table.result())
            )));
        }
        Ok(table)
    }
}

/// How many steps the rules' own game holds (chess: moves and chance outcomes).
fn rules_steps(table: &Table) -> usize {
    table.chess().map_or(0, |c| c.game().actions().len())
}

/// The rules' step at `cursor`, if the game has made it already.
fn rules_step(table: &Table, cursor: usize) -> Option<Step> {
    let chess = table.chess()?;
    let game = chess.game();
    let action = game.actions().get(cursor)?;
    Some(Step::of_chess_action(
        chess.variant(),
        &game.positions()[cursor],
        action,
    ))
}

/// Plays one step a seat chose; the reason when it does not fit.
fn play_step(table: &mut Table, step: &Step, clocked: bool) -> Result<(), String> {
    let turn = table.turn();
    let Some(seat) = turn.seat() else {
        return Err(format!("{} after the game ended", step.describe()));
    };
    let action = match step {
        Step::Move(text) => match turn {
            Turn::Move { .. } => {
                let chess = table.chess().ok_or("a chess move in a game that is not chess")?;
                let mv = chess
                    .variant()
                    .parse_move(chess.position(), text)
                    .map_err(|e| e.to_string())?;
                Action::Move(mv)
            }
            _ => return Err(format!("{} where a {} is due", step.describe(), turn_text(turn))),
        },
        Step::Steer(text) => match turn {
            Turn::Steer { .. } => Action::Steer(parse_outcome(text).map_err(|e| e.to_string())?),
            _ => return Err(format!("{} where a {} is due", step.describe(), turn_text(turn))),
        },
        Step::Chance(_) => return Err(format!("{} is not what the dice give here", step.describe())),
        Step::Student(a) => Action::Student(a.clone()),
        Step::Resign(s) => {
            table.try_act(*s, Action::Resign).map_err(|e| e.to_string())?;
            return Ok(());
        }
        Step::Flag(s) => return flag(table, *s, clocked),
        Step::Abandon { seat, drawn } => {
            return table
                .end_abandoned(*seat, *drawn)
                .map(|_| ())
                .map_err(|e| e.to_string());
        }
        Step::Draw => return table.agree_draw().map(|_| ()).map_err(|e| e.to_string()),
        Step::MoveLimit => {
            table.stop_at_move_limit();
            return Ok(());
        }
        Step::Forfeit { seat, reason } => {
            if seat.index() >= table.seats() {
                return Err(format!("the table has no seat {}", seat.0));
            }
            table.forfeit(*seat, reason);
            return Ok(());
        }
    };
    table.try_act(seat, action).map(|_| ()).map_err(|e| e.to_string())
}

/// A recorded flag fall: the seat must be the one whose clock ran.
fn flag(table: &mut Table, seat: Seat, clocked: bool) -> Result<(), String> {
    if !clocked {
        return Err("a flag fall in a game without a clock".into());
    }
    if table.turn().seat() != Some(seat) {
        return Err(format!("seat {}'s flag fell while it was not to move", seat.0));
    }
    table.end_on_time(seat);
    Ok(())
}

fn turn_text(turn: Turn) -> &'static str {
    match turn {
        Turn::Move { .. } => "move",
        Turn::Steer { .. } => "steered step",
        Turn::Student { .. } => "student's action",
        Turn::Over => "nothing",
    }
}

fn result_text(result: Option<&GameResult>) -> String {
    match result {
        None => "unfinished".into(),
        Some(r) => format!("{:?} ({})", r.scores, r.pgn()),
    }
}
