//! The game in plain English: actions, events and results, for the terminal and error messages.
//! This module uses only the crate's public API, so that any front end can word things its own way.

// Only the crate's public API, through its root: this module is to move to the front ends.
use crate::{Action, Attack, EndKind, Event, Family, Game, Hold, Note, Outcome, Refusal, Target};

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
        Action::Walk(ref path) => match path.split_last() {
            Some((last, [])) => format!("move to {last}"),
            Some((last, way)) => {
                let way: Vec<String> = way.iter().map(ToString::to_string).collect();
                format!("walk to {last} by {}", and_list(&way))
            }
            None => "walk nowhere".to_string(),
        },
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

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn roll_result(roll: u8, to_hit: u8) -> String {
    let verdict = if roll <= to_hit { "a hit" } else { "a miss" };
    format!("2d6 = {roll}, {to_hit} or less hits: {verdict}")
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
            "{} steps into spilled food (slipperiness {slipperiness}) and rolls {roll}: {}",
            s(*student),
            if u16::from(*roll) > *slipperiness {
                "keeps their footing"
            } else {
                "loses their footing"
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
            format!("{} slips (slip table roll {roll}): {}", s(*student), and_list(&what))
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
            match names.len() {
                0 => "the game is over with no winner".to_string(),
                1 => format!("the game is over: {} wins", names[0]),
                _ => format!("the game is over: {} win", names.join(" and ")),
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
        (EndKind::LastStudent, 1) => format!("{after}: {} wins as the last student in the fight.", names[0]),
        (EndKind::LastStudent, _) => format!(
            "{after}: {} win: every student left in the fight is one player's.",
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

/// Why an action is refused, in the rules' words.
///
/// # Panics
/// For an id that names nothing: check it first with [`Game::check_ids`].
pub fn refusal(game: &Game, why: &Refusal) -> String {
    let data = game.data();
    let food = |f: u8| game.food_name(f);
    match *why {
        Refusal::GameOver => "the game is over".into(),
        Refusal::PlaceMissFirst => {
            let squares: Vec<String> = game.miss_choices().iter().map(|sq| sq.to_string()).collect();
            format!("first choose where the missed food lands ({})", squares.join(", "))
        }
        Refusal::NoMissToPlace => "no missed food is waiting to land".into(),
        Refusal::NotALandingSquare(sq) => {
            let squares: Vec<String> = game.miss_choices().iter().map(|sq| sq.to_string()).collect();
            format!(
                "the missed food cannot land on {sq}: it lands on {}",
                squares.join(" or ")
            )
        }
        Refusal::FoodOffUnderWay => "the Food-Off is under way: only Food-Off attacks now".into(),
        Refusal::NoFoodOff => "there is no Food-Off now: it comes after the last round".into(),
        Refusal::FoodOffCounters(n) => format!("a Food-Off attack takes {n} counters, from different stacks"),
        Refusal::FoodOffTarget => "a Food-Off attack is aimed at another survivor".into(),
        Refusal::EmptyStack(f) => format!("the {} stack is empty", f.name()),
        Refusal::Hiding => "hiding behind a tipped table, a student stays hidden or steps off".into(),
        Refusal::NotHiding => "only a student hiding behind a tipped table can stay hidden".into(),
        Refusal::FirstTripFirst => "the first turn starts with the trip through the Food Line".into(),
        Refusal::FirstTripTakesAll => {
            "the first trip through the Food Line takes a tray and one counter of each family".into()
        }
        Refusal::OnlyMovesAfterFirstTrip => {
            "after the first trip through the Food Line the turn is movement only".into()
        }
        Refusal::NoAttackYet => "nobody throws food until everyone has been through the Food Line".into(),
        Refusal::AaLeft(aa) => {
            format!("{aa} AA left must be spent: a turn ends only when nothing that costs AA is possible")
        }
        Refusal::NotEnoughAa { needed, left } => format!("that costs {needed} AA and {left} are left"),
        Refusal::NotNext(sq) => format!("{sq} is not next to the student: a step goes to one of the eight neighbours"),
        Refusal::OntoTable(sq) => format!("a table stands on {sq}: students walk around tables"),
        Refusal::NotFloor(sq) => format!("{sq} is not cafeteria floor"),
        Refusal::OntoExit => "the Exit is reached only by going through the Food Line".into(),
        Refusal::Occupied(sq) => format!("someone stands on {sq}"),
        Refusal::CanInTheWay(sq) => format!(
            "a garbage can stands on {sq}: only a student with empty hands steps onto a can at its home, and takes it"
        ),
        Refusal::BlocksExit(sq) => {
            format!("ending the turn on {sq} would block the Exit for those still waiting to go through the Food Line")
        }
        Refusal::NotAtEntrance => "the Food Line is entered at the Entrance".into(),
        Refusal::ExitBlocked => "someone stands on the Exit of the Food Line".into(),
        Refusal::HandsNotEmpty => "that needs empty hands".into(),
        Refusal::TooManyFoods(n) => {
            format!("a later trip through the Food Line takes at most {n} foods, from different families")
        }
        Refusal::NoTrayInLine => "no tray is left in the Food Line".into(),
        Refusal::EmptyTray => "no student carries an empty tray: a tray is taken only with food to put on it".into(),
        Refusal::FillTheTray => {
            "the tray just taken must have the food found here put on it first (or be put down)".into()
        }
        Refusal::NotCarried(f) => format!("the student does not carry the {}", food(f)),
        Refusal::NoTarget(t) => format!("{} is not in the fight", game.target_name(t)),
        Refusal::OwnTarget => "a student does not attack themself".into(),
        Refusal::OutOfRange {
            range,
            distance,
            between,
        } => {
            let lofted = match between {
                0 => String::new(),
                1 => ", 1 more for the character in between".into(),
                n => format!(", {n} more for the characters in between"),
            };
            format!("out of range: the target is {distance} squares away{lofted}, the range is {range}")
        }
        Refusal::TargetHidden(n) => {
            format!("the target hides behind a tipped table and cannot be hit from further than {n} squares")
        }
        Refusal::NoTray => "the student carries no tray with food".into(),
        Refusal::AlreadyTray => "the student already carries a tray".into(),
        Refusal::HandsBusy => "the student's hands hold a can, a pumper or a bowl".into(),
        Refusal::NoPumper => "the student carries no pumper".into(),
        Refusal::NoBowlContent => "the student carries no bowl with greens or curd in it".into(),
        Refusal::BowlFull => "the bowl still holds its greens or curd: dump them first".into(),
        Refusal::NoCan => "the student carries no garbage can".into(),
        Refusal::CanEmpty => "the garbage can is practically empty (fullness 6): feed it food first".into(),
        Refusal::NowhereToSpill => "a spill that way would cover no floor".into(),
        Refusal::NoCanHere => "no garbage can lies at the student's feet".into(),
        Refusal::NotBesideTable(t) => format!("the student is not beside {} (a side, not a corner)", table(game, t)),
        Refusal::TableClosed(t) => format!("{} gives nothing now", table(game, t)),
        Refusal::AlreadySearched(t) => format!("{} was searched already this turn", table(game, t)),
        Refusal::NothingFound => "no food found on a table this turn lies within reach".into(),
        Refusal::NoSuchSlot => "no counter found lies in that slot".into(),
        Refusal::PickUpAtMost(0) => "no room for more: two hands, or five on a tray".into(),
        Refusal::PickUpAtMost(n) => format!("only {n} can be picked up now: two hands, or five on a tray"),
        Refusal::NoTrayThere(t) => format!("no tray lies on {}", table(game, t)),
        Refusal::OptionOff(o) => format!("this game is played without the {o} option"),
        Refusal::NotOnSaladBar(f) => format!("the {} is not on the salad bar", food(f)),
        Refusal::NotBesideSalad(f) => format!("the student is not beside the {} on the salad bar", food(f)),
        Refusal::InBowl(f) => format!("the {} comes only with its bowl", food(f)),
        Refusal::NoTippedMarker => format!("all {} Tipped! markers are in use", data.tipped_markers),
        Refusal::NothingHeld => "nothing is held in both hands".into(),
        Refusal::CanOutOfReach(c) => match data.map.can_homes.get(usize::from(c)) {
            Some(sq) => format!("the garbage can from {sq} is not within reach"),
            None => format!("garbage can {c} is not within reach"),
        },
        Refusal::WalkTooShort => "a walk names two squares or more (one step is `move SQ`)".into(),
        Refusal::WalkStep { step, to, ref why } => {
            format!("step {step} of the walk, to {to}, is refused: {}", refusal(game, why))
        }
        Refusal::WalkStopsAt(sq) => format!(
            "the walk cannot go on past {sq}: spilled food, garbage or a garbage can there may stop the student, so a walk may end there but not cross it"
        ),
        Refusal::NotOpen => "that action is not open now".into(),
    }
}
