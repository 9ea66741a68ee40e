//! The game in plain English: actions, events and results, for the terminal and error messages.
//! This module uses only the crate's public API, so that any front end can word things its own way.

// Only the crate's public API, through its root: this module is to move to the front ends.
use crate::{Action, Attack, EndKind, Event, Family, Game, Hold, Note, Outcome, Target};

fn families(mask: u8) -> String {
    let names: Vec<&str> = Family::ALL
        .iter()
        .filter(|f| mask & (1 << f.index()) != 0)
        .map(|f| f.name())
        .collect();
    if names.is_empty() {
        "no food".to_string()
    } else {
        names.join(", ")
    }
}

fn table(game: &Game, t: u8) -> String {
    game.data()
        .map
        .table_names
        .get(usize::from(t))
        .cloned()
        .unwrap_or_else(|| format!("table {t}"))
}

fn counters(n: u8) -> String {
    match n {
        0 => "no food".to_string(),
        1 => "1 food counter".to_string(),
        n => format!("{n} food counters"),
    }
}

fn foods(game: &Game, foods: &[u8]) -> String {
    let names: Vec<&str> = foods.iter().map(|&f| game.food_name(f)).collect();
    if names.is_empty() {
        "nothing".to_string()
    } else {
        names.join(", ")
    }
}

/// An action in words, from the point of view of the student deciding now.
///
/// # Panics
/// For an id that names nothing: check it first with [`Game::check_ids`].
pub fn action(game: &Game, action: &Action) -> String {
    match *action {
        Action::FoodLine { families: f, tray } => format!(
            "go through the Food Line: {}{}",
            if tray { "a tray and " } else { "" },
            families(f)
        ),
        Action::Move(sq) => format!("move to {sq}"),
        Action::Throw { food, target } => {
            format!("throw the {} at {}", game.food_name(food), game.target_name(target))
        }
        Action::Dump(t) => format!("dump the tray on {}", game.target_name(t)),
        Action::Squirt(t) => format!("squirt the pumper at {}", game.target_name(t)),
        Action::DumpBowl(t) => format!("dump the bowl on {}", game.target_name(t)),
        Action::SpillCan(d) => format!("spill the garbage can toward {}", d.name()),
        Action::TakeCan => "pick up the garbage can".to_string(),
        Action::SearchTable(t) => format!("search {} for food", table(game, t)),
        Action::PickUp(mask) => {
            let slots = game.table_search().map(|(_, s)| s).unwrap_or(&[]);
            let names: Vec<String> = (0..8)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| match slots.get(i) {
                    Some(Some(_)) => format!("the {} counter", Family::ALL.get(i).map_or("?", |f| f.name())),
                    _ => format!("slot {i}"),
                })
                .collect();
            format!("pick up {}", names.join(" and "))
        }
        Action::TakeTray(t) => format!("take the tray from {}", table(game, t)),
        Action::PickSalad(f) => format!("take the {} from the salad bar", game.food_name(f)),
        Action::TipTable(t) => format!("tip {} and hide", table(game, t)),
        Action::StayHidden => "stay hidden behind the table".to_string(),
        Action::Drop(f) => format!("put down the {}", game.food_name(f)),
        Action::DropTray => "put down the tray".to_string(),
        Action::DropHeld => {
            let what = game
                .to_move()
                .and_then(|s| game.students().get(usize::from(s)))
                .map_or("load", |st| match st.hold {
                    Hold::Can(_) => "garbage can",
                    Hold::Pumper(_) => "pumper",
                    Hold::Bowl(..) => "bowl",
                    _ => "load",
                });
            format!("put down the {what}")
        }
        Action::FeedCan { can, food } => {
            let at = game.data().map.can_homes.get(usize::from(can));
            format!(
                "throw the {} into the garbage can {}",
                game.food_name(food),
                at.map_or(format!("number {can}"), |sq| format!("at {sq}"))
            )
        }
        Action::PlaceMiss(sq) => format!("let the missed food land on {sq}"),
        Action::EndTurn => format!("end the turn ({} AA unused)", game.aa_left()),
        Action::FoodOff { families: f, target } => {
            format!(
                "Food-Off: take {} and attack {}",
                families(f),
                game.target_name(Target::Student(target))
            )
        }
    }
}

fn roll_result(roll: u8, to_hit: u8) -> String {
    let verdict = if roll <= to_hit { "a hit" } else { "a miss" };
    format!("2d6 = {roll} against {to_hit}, {verdict}")
}

/// An event in words. Events that name food held face down ([`Note::seen_by`]) must be shown
/// only to the player who may see them: see [`Note::visible_to`].
pub fn event(game: &Game, note: &Note) -> String {
    let s = |id| game.target_name(Target::Student(id));
    let f = |id| game.target_name(Target::Faculty(id));
    match &note.event {
        Event::StartsOn { student, sq } => format!("{} starts on {sq}", s(*student)),
        Event::RoundStarted(r) => format!("--- Round {r} ---"),
        Event::CanBack { sq, .. } => format!("a garbage can is back at {sq}"),
        Event::TurnLost(st) => format!("{} is stunned and loses this turn", s(*st)),
        Event::TurnStarted { student, aa } => format!("{}'s turn ({aa} AA)", s(*student)),
        Event::TurnEnded { student, unused } => format!("{} ends the turn ({unused} AA unused)", s(*student)),
        Event::FightStarted => "the food fight has started: the alarm sounds".to_string(),
        Event::MysteryRevealed(m) => format!(
            "Mystery Meat turns out to be: range {}, slipperiness {}, damage {}, to hit {}",
            m.range, m.slip, m.damage, m.to_hit
        ),
        Event::FoodLine { student, tray, count } => format!(
            "{} goes through the Food Line{}: {}",
            s(*student),
            if *tray { " with a tray" } else { "" },
            counters(*count)
        ),
        Event::Gets { student, foods: got } => format!("{} gets {}", s(*student), foods(game, got)),
        Event::Gives { student, foods: gone } => format!("{} no longer holds {}", s(*student), foods(game, gone)),
        Event::Moved { student, to } => format!("{} moves to {to}", s(*student)),
        Event::LeftTable(st) => format!("{} leaves the tipped table, which is set upright", s(*st)),
        Event::TookCan {
            student,
            roll,
            fullness,
        } => format!(
            "{} takes the garbage can: fullness roll {roll}, fullness {fullness}",
            s(*student)
        ),
        Event::TookCanAgain(st) => format!("{} picks the can up again", s(*st)),
        Event::SlipRoll {
            student,
            slipperiness,
            roll,
        } => format!(
            "{} steps into food (slipperiness {slipperiness}): rolls {roll}, {}",
            s(*student),
            if u16::from(*roll) > *slipperiness {
                "and keeps their footing"
            } else {
                "and loses their footing"
            }
        ),
        Event::Slipped {
            student,
            roll,
            loses_items,
            hurt,
            aa_lost,
            stunned,
        } => {
            let mut what = Vec::new();
            if *loses_items {
                what.push("drops everything".to_string());
            }
            if *hurt {
                what.push("gets hurt".to_string());
            }
            if *aa_lost > 0 {
                what.push(format!("loses {aa_lost} AA"));
            }
            if *stunned {
                what.push("is stunned".to_string());
            }
            if what.is_empty() {
                what.push("no harm done".to_string());
            }
            format!("{} slips! slip table roll {roll}: {}", s(*student), what.join(", "))
        }
        Event::StudentHurt { student, damage, ar } => format!("{} takes {damage} damage (AR {ar})", s(*student)),
        Event::Retired(st) => format!("{} is too embarrassed to go on and retires", s(*st)),
        Event::StudentStunned(st) => format!("{} is stunned and drops everything", s(*st)),
        Event::FacultyHurt {
            faculty,
            damage,
            total,
            nsr,
        } => format!("{} takes {damage} damage ({total} of {nsr} this round)", f(*faculty)),
        Event::FacultyImmobilized(fa) => format!("{} is immobilized through the next round", f(*fa)),
        Event::StunRoll { target, roll, on } => format!(
            "stun roll {roll} (stuns on {on} or more){}",
            if roll < on {
                format!(": {} is not stunned", game.target_name(*target))
            } else {
                String::new()
            }
        ),
        Event::FallsShort { student, food, target } => format!(
            "{} throws the {} at {}, but it falls short",
            s(*student),
            game.food_name(*food),
            game.target_name(*target)
        ),
        Event::Attack {
            how,
            student,
            food,
            target,
            roll,
            to_hit,
            ..
        } => {
            let (who, food, target) = (s(*student), game.food_name(*food), game.target_name(*target));
            let result = roll_result(*roll, *to_hit);
            match how {
                Attack::Throw => format!("{who} throws the {food} at {target}: {result}"),
                Attack::Squirt => format!("{who} squirts the {food} at {target}: {result}"),
                Attack::DumpBowl => format!("{who} dumps the {food} on {target}: {result}"),
                Attack::DumpTray | Attack::LastDitch => format!("  the {food}: {result}"),
                Attack::FoodOff => format!("Food-Off: {who} throws the {food} at {target}: {result}"),
            }
        }
        Event::DumpedTray { student, target } => {
            format!("{} dumps a tray on {}", s(*student), game.target_name(*target))
        }
        Event::FoodOffDamage { student, damage } => format!("Food-Off: {} does {damage} damage", s(*student)),
        Event::Lands { food, sq } => format!("the {} lands on {sq}", game.food_name(*food)),
        Event::NoRoom(food) => format!(
            "the {} finds no room on the floor and leaves play",
            game.food_name(*food)
        ),
        Event::DroppedTray(st) => format!("{} puts down the tray", s(*st)),
        Event::DroppedHeld(st) => format!("{} puts down what was in both hands", s(*st)),
        Event::Dropped(st) => format!("{} puts down a food counter", s(*st)),
        Event::FedCan { student, can } => {
            let at = game.data().map.can_homes.get(usize::from(*can));
            format!(
                "{} throws a food counter into the garbage can{}",
                s(*student),
                at.map_or(String::new(), |sq| format!(" from {sq}"))
            )
        }
        Event::TookTray { student, table: t } => format!("{} takes the tray from {}", s(*student), table(game, *t)),
        Event::TookSalad { student, food } => {
            format!("{} takes the {} from the salad bar", s(*student), game.food_name(*food))
        }
        Event::Searched {
            student,
            table: t,
            roll,
            found,
        } => match roll {
            6 => format!("{} searches {}: rolls 6, no food", s(*student), table(game, *t)),
            _ => format!(
                "{} searches {}: rolls {roll}, {} lie there face down",
                s(*student),
                table(game, *t),
                counters(*found)
            ),
        },
        Event::PickedUp { student, count } => format!("{} picks up {}", s(*student), counters(*count)),
        Event::Spilled { student, fullness, dir } => format!(
            "{} spills a can of fullness {fullness} toward {}",
            s(*student),
            dir.name()
        ),
        Event::SpillRoll {
            target,
            distance,
            attack,
            defence,
        } => format!(
            "  {} at distance {distance}: attacker {attack} against {defence}, {}",
            game.target_name(*target),
            if attack > defence { "hit" } else { "spared" }
        ),
        Event::TipRoll {
            student,
            table: t,
            roll,
            value,
            aa,
        } => format!(
            "{} tries to tip {}: 2d6 = {roll}, minus {} is {value} against AA {aa}{}",
            s(*student),
            table(game, *t),
            roll - value,
            if value > aa { ", and fails" } else { "" }
        ),
        Event::Tipped { student, table: t } => format!("{} tips {} and hides behind it", s(*student), table(game, *t)),
        Event::Noticed { faculty, .. } => format!("{} notices the tipped table", f(*faculty)),
        Event::Entered(fa) => {
            let place = game.data().map.entry_names.get(usize::from(*fa));
            format!(
                "{} comes in from the {}",
                f(*fa),
                place.map_or("Lounge", String::as_str)
            )
        }
        Event::GoesFor { faculty, student } => format!(
            "{} has several students equally near and goes for {}",
            f(*faculty),
            s(*student)
        ),
        Event::FacultyMoved { faculty, to } => format!("{} moves to {to}", f(*faculty)),
        Event::Wades { faculty, roll, mr } => format!(
            "{} wades into spilled food: rolls {roll} against MR {mr}{}",
            f(*faculty),
            if roll > mr { ", and has to stop" } else { "" }
        ),
        Event::FoundHiding { faculty, student } => {
            format!("{} finds {} behind the tipped table", f(*faculty), s(*student))
        }
        Event::Caught { faculty, student } => format!("{} catches {}", f(*faculty), s(*student)),
        Event::LastDitch(st) => format!("{} makes a Last Ditch Assault", s(*st)),
        Event::CanEmptied(fa) => format!("  the garbage can empties over {}", f(*fa)),
        Event::Escaped { student, faculty } => format!(
            "the Last Ditch Assault works: {} is free, but {} will never forget",
            s(*student),
            f(*faculty)
        ),
        Event::HauledAway { faculty, student } => {
            format!("{} hauls {} off to the Principal's Office", f(*faculty), s(*student))
        }
        Event::NoThrow => "nobody has thrown anything for too long: everybody loses".to_string(),
        Event::FoodOffStarts => "the last round is over: Food-Off!".to_string(),
        Event::GameOver { winners, .. } => {
            let names: Vec<&str> = winners.iter().map(|&w| s(w)).collect();
            if names.is_empty() {
                "the game is over with no winner".to_string()
            } else {
                format!("the game is over: {} wins", names.join(" and "))
            }
        }
    }
}

/// The result of a game in a sentence: who won, how, and after which round.
pub fn outcome(game: &Game, outcome: &Outcome) -> String {
    let names: Vec<String> = outcome
        .winners
        .iter()
        .map(|&s| {
            let player = game.students().get(usize::from(s)).map_or(0, |st| st.player) + 1;
            format!("{} (player {player})", game.target_name(Target::Student(s)))
        })
        .collect();
    let after = format!("Game over after round {}", outcome.rounds);
    match (outcome.kind, names.len()) {
        (EndKind::LastStudent, _) => format!(
            "{after}: {} wins as the last student in the fight.",
            names.join(" and ")
        ),
        (EndKind::FoodOff, 1) => format!("{after}: {} wins the Food-Off.", names[0]),
        (EndKind::FoodOff, _) => format!("{after}: {} share the win, tied in the Food-Off.", names.join(" and ")),
        (EndKind::NoSurvivor, _) => {
            format!("{after}: nobody wins, every student was hauled away or retired.")
        }
        (EndKind::NoThrow, _) => format!(
            "{after}: nobody wins, nobody threw anything for {} rounds.",
            game.data().rounds_without_throw
        ),
    }
}
