//! The cafeteria drawn in the terminal: the map, the status lines under it, and the legend of
//! both.

use messhall_cafeteria::{CanPlace, Cell, Game, Hold, Sq, Status, StudentId};

/// What the map's letters and the status lines mean.
pub const LEGEND: &str = "\
Map: R C D L students (the first letter of the name; lower case when stunned or retired),
  1-6 faculty and staff in Appearance Table order, T a table (t: a student hides under it,
  $ the salad bar), : chairs, @ a garbage can, * spilled food, & garbage, E and X the Food
  Line's entrance and exit, = its counter and stacks, + where the faculty come in, # walls and
  the Lounge, _ the Principal's Office (students taken there are drawn in it).
Status: AR appearance rating (now/most; at 0 a student retires), AA action allowance (what a
  student may still do this turn), MR a teacher's movement rating (squares a turn), NSR needed
  to stun (the food damage in one round that immobilises them). \"stacks a b c d e\": the food
  counters left in the Food Line's stacks of beverages, breads, vegetables, main dishes and
  desserts.";

/// Where each table stands, by the word that names it in typed actions (`search B`).
pub fn table_places(game: &Game) -> String {
    let map = &game.data().map;
    let places: Vec<String> = map
        .tables
        .iter()
        .zip(&map.table_words)
        .filter_map(|(squares, word)| {
            let first = squares.iter().min_by_key(|sq| (sq.y, sq.x))?;
            let last = squares.iter().max_by_key(|sq| (sq.y, sq.x))?;
            Some(format!("{word} {first}-{last}"))
        })
        .collect();
    format!(
        "Tables (named so in actions: search B, take-tray B, tip B): {}",
        places.join(", ")
    )
}

/// Draws the cafeteria, a row per line, the columns lettered and the rows numbered.
pub fn render_map(game: &Game) -> String {
    let map = &game.data().map;
    // Students in the Principal's Office sit on its squares, in the order they were sent.
    let mut office = map.office.iter();
    let sent: Vec<(Sq, char)> = game
        .students()
        .iter()
        .enumerate()
        .filter(|(_, st)| st.status == Status::Gone)
        .filter_map(|(i, _)| Some((*office.next()?, initial(game, i as StudentId).to_ascii_uppercase())))
        .collect();
    let mut out = String::from("   ");
    for x in 0..map.width {
        out.push(char::from(b'a' + x));
    }
    out.push('\n');
    for y in 0..map.height {
        out.push_str(&format!("{y:>2} "));
        for x in 0..map.width {
            let sq = Sq::new(x, y);
            out.push(
                sent.iter()
                    .find(|(at, _)| *at == sq)
                    .map_or_else(|| glyph(game, sq), |(_, c)| *c),
            );
        }
        out.push('\n');
    }
    out
}

fn initial(game: &Game, s: StudentId) -> char {
    game.student_name(s).chars().next().unwrap_or('?')
}

fn glyph(game: &Game, sq: Sq) -> char {
    let map = &game.data().map;
    if let Some(i) = game
        .students()
        .iter()
        .position(|s| s.status != Status::Gone && s.pos == sq)
    {
        let st = &game.students()[i];
        let c = initial(game, i as StudentId);
        return if st.stunned || st.status == Status::Retired {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
    }
    if let Some(f) = game.faculty().iter().position(|f| f.pos == Some(sq)) {
        return char::from(b'1' + f as u8);
    }
    if game.can_at(sq).is_some() {
        return '@';
    }
    if game.garbage().iter().any(|g| g.sq == sq) {
        return '&';
    }
    if game.floor().iter().any(|(at, _)| *at == sq) {
        return '*';
    }
    match map.cell(sq) {
        Cell::Table(t) => {
            if game.tables()[usize::from(t)].hider.is_some() {
                't'
            } else if game.salad_bar().iter().any(|(s, _)| *s == sq) {
                '$'
            } else {
                'T'
            }
        }
        Cell::Floor | Cell::Start(_) | Cell::CanHome(_) => '.',
        Cell::Chair => ':',
        Cell::Entrance => 'E',
        Cell::Exit => 'X',
        Cell::Counter | Cell::Stack(_) => '=',
        Cell::Entry(_) => '+',
        Cell::Office => '_',
        Cell::Wall | Cell::Lounge | Cell::GarbagePile => '#',
    }
}

/// What a student carries, as `viewer` may see it (food is face down to other players).
pub fn describe_hold(game: &Game, s: StudentId, viewer: Option<u8>) -> String {
    let st = &game.students()[usize::from(s)];
    let own = viewer == Some(st.player);
    let foods = |v: &[u8]| -> String {
        if own {
            v.iter().map(|&f| game.food_name(f)).collect::<Vec<_>>().join(", ")
        } else {
            match v.len() {
                1 => "1 food counter".to_string(),
                n => format!("{n} food counters"),
            }
        }
    };
    match &st.hold {
        Hold::Empty => "nothing".to_string(),
        Hold::Hands(v) => foods(v),
        Hold::Tray(v) => format!(
            "a tray with {}",
            if v.is_empty() { "nothing".to_string() } else { foods(v) }
        ),
        Hold::Can(c) => match game.cans()[usize::from(*c)].fullness {
            Some(6) => "a practically empty garbage can".to_string(),
            Some(n) => format!("a garbage can (fullness {n})"),
            None => "a garbage can".to_string(),
        },
        Hold::Pumper(p) => format!("the {}", game.food_name(*p)),
        Hold::Bowl(b, c) => match c {
            Some(c) => format!("a {} of {}", game.food_name(*b), game.food_name(*c)),
            None => format!("an empty {}", game.food_name(*b)),
        },
    }
}

/// The status lines under the map; `viewer` sees their own students' food.
pub fn render_status(game: &Game, viewer: Option<u8>) -> String {
    let mut out = format!("Round {} of {}", game.round(), game.data().rounds);
    if let Some(s) = game.to_move() {
        out.push_str(&format!(
            ", {} to act, {} AA left",
            game.student_name(s),
            game.aa_left()
        ));
    }
    out.push('\n');
    for (i, st) in game.students().iter().enumerate() {
        let s = i as StudentId;
        let state = match st.status {
            Status::Active if st.stunned => "stunned".to_string(),
            Status::Active if st.hiding.is_some() => "hiding".to_string(),
            Status::Active => "fighting".to_string(),
            Status::Retired => "retired".to_string(),
            Status::Gone => "in the Principal's Office".to_string(),
        };
        let place = match st.status {
            Status::Gone => String::new(),
            _ => format!(" at {}", st.pos),
        };
        out.push_str(&format!(
            "  {} (player {}){place}: AR {}/{}, AA {}, {}, carries {}\n",
            game.student_name(s),
            st.player + 1,
            st.ar,
            game.student_max_ar(s),
            game.student_aa(s),
            state,
            describe_hold(game, s, viewer)
        ));
    }
    for (i, f) in game.faculty().iter().enumerate() {
        if let Some(pos) = f.pos {
            let spec = &game.data().faculty[i];
            let still = if f.immobile_through >= game.round() {
                ", immobilized"
            } else {
                ""
            };
            out.push_str(&format!(
                "  {} {} at {pos}: MR {}, NSR {} ({} taken this round){still}\n",
                i + 1,
                spec.name,
                spec.mr,
                spec.nsr,
                f.round_damage
            ));
        }
    }
    let away = game.cans().iter().filter(|c| c.place == CanPlace::Away).count();
    let sizes = game.stack_sizes();
    out.push_str(&format!(
        "  Food Line: {} trays; stacks {} {} {} {} {}; cans away: {away}\n",
        game.line_trays(),
        sizes[0],
        sizes[1],
        sizes[2],
        sizes[3],
        sizes[4]
    ));
    if let Some((t, slots)) = game.table_search() {
        out.push_str(&format!(
            "  On {}: {} face-down counters\n",
            game.data().map.table_names[usize::from(t)],
            slots.iter().flatten().count()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_cafeteria::Setup;
    use messhall_dice::SeededDice;

    /// The character drawn at `sq`.
    fn at(map: &str, sq: Sq) -> char {
        let row = map.lines().nth(usize::from(sq.y) + 1).unwrap_or("");
        row.chars().nth(3 + usize::from(sq.x)).unwrap_or(' ')
    }

    #[test]
    fn the_map_shows_the_students_where_they_stand() {
        let game = Game::new(Setup::new(4, &[]), &mut SeededDice::new(1)).unwrap();
        let map = render_map(&game);
        assert!(map.starts_with("   abc"), "{map}");
        assert_eq!(map.lines().count(), usize::from(game.data().map.height) + 1);
        for st in game.students() {
            let drawn = at(&map, st.pos);
            let here: Vec<char> = (0..game.students().len())
                .filter(|&i| game.students()[i].pos == st.pos)
                .map(|i| initial(&game, i as StudentId))
                .collect();
            assert!(here.contains(&drawn), "{map}");
        }
        let status = render_status(&game, Some(0));
        assert!(status.starts_with("Round 1 of 10"), "{status}");
        assert!(status.contains("(player 1) at"), "{status}");
    }

    #[test]
    fn a_student_taken_to_the_office_is_drawn_there() {
        use messhall_records::GameKind;
        use messhall_table::{Budget, Choice, PlayerSpec, Table, TableSetup};
        let setup = TableSetup {
            seed: Some(messhall_dice::Seed::from_number(1)),
            cafeteria: Some(Setup::new(4, &[])),
            ..TableSetup::default()
        };
        let mut table = Table::new(GameKind::Cafeteria, &setup).unwrap();
        let spec = PlayerSpec::parse("rules").unwrap();
        let mut bots: Vec<_> = (0..4).map(|i| spec.make(table.kind(), i, 1).unwrap()).collect();
        let budget = Budget::movetime(std::time::Duration::ZERO);
        let gone = loop {
            let game = table.cafeteria().unwrap().game();
            if let Some(i) = game.students().iter().position(|s| s.status == Status::Gone) {
                break i;
            }
            let seat = table.turn().seat().expect("someone is taken away in this game");
            let Choice::Act(action) = bots[seat.index()].choose(&table, seat, &budget) else {
                panic!()
            };
            table.try_act(seat, action).unwrap();
        };
        let game = table.cafeteria().unwrap().game();
        let map = render_map(game);
        assert_eq!(
            at(&map, game.data().map.office[0]),
            initial(game, gone as StudentId),
            "{map}"
        );
        assert!(!render_status(game, None).contains(&format!("at {}", game.students()[gone].pos)));
    }
}
