//! The data files hold every place and number the rules name.

use messhall_cafeteria::{CENTER_TABLE, Cell, Family, Special, data};

#[test]
fn the_map_has_every_place() {
    let d = data().expect("embedded data parses");
    let m = &d.map;
    assert_eq!(m.cell(m.entrance), Cell::Entrance);
    assert_eq!(m.cell(m.exit), Cell::Exit);
    assert_eq!(m.stacks.len(), 5);
    assert_eq!(m.can_homes.len(), 4);
    assert_eq!(m.starts.len(), 6);
    assert_eq!(m.entries.len(), 6);
    assert_eq!(
        m.entry_names,
        ["Library", "Science Lab", "Shop", "Kitchen", "Janitors' Vault", "Gym"]
    );
    assert_eq!(m.tables.len(), 7);
    assert!(m.table_names[usize::from(CENTER_TABLE)].contains("salad bar"));
    assert!(
        m.tables[usize::from(CENTER_TABLE)].len() >= 8,
        "the large central table"
    );
    assert!(!m.office.is_empty() && !m.lounge.is_empty());
    // Every table can be reached from the side, every entry leads onto the floor.
    for t in 0..7u8 {
        let beside = (0..m.len())
            .map(|i| m.sq_at(i))
            .filter(|&s| m.is_ground(s) && m.beside_table(s, t))
            .count();
        assert!(beside >= 2, "table {t}");
    }
    for &e in &m.entries {
        assert!(m.neighbours(e).any(|n| m.is_ground(n)));
    }
}

#[test]
fn the_floor_is_connected() {
    let m = &data().expect("data").map;
    let floor: Vec<usize> = (0..m.len()).filter(|&i| m.is_ground(m.sq_at(i))).collect();
    let mut seen = vec![false; m.len()];
    let mut stack = vec![m.index(m.entrance)];
    seen[stack[0]] = true;
    while let Some(i) = stack.pop() {
        for n in m.neighbours(m.sq_at(i)) {
            let j = m.index(n);
            if !seen[j] && m.is_ground(n) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    assert!(floor.iter().all(|&i| seen[i]));
}

#[test]
fn the_numbers_of_the_original_are_kept() {
    let d = data().expect("data");
    let student = |n: &str| d.students.iter().find(|s| s.name == n).expect("student");
    assert_eq!((student("Rock").aa, student("Rock").ar), (10, 40));
    assert_eq!((student("Lennie").aa, student("Lennie").ar), (4, 100));
    assert!(
        d.students
            .iter()
            .all(|s| (4..=10).contains(&s.aa) && (40..=100).contains(&s.ar))
    );
    let staff = |n: &str| d.faculty.iter().find(|f| f.name == n).expect("staff");
    assert_eq!(staff("Ms. Pallid").mr, 1);
    assert_eq!(staff("Dr. Adenoid").mr, 1);
    let food = |n: &str| d.kinds.iter().find(|k| k.name == n).expect("food");
    let spaghetti = food("spaghetti");
    assert_eq!(
        (spaghetti.range, spaghetti.damage, spaghetti.count),
        (Some(1), Some(5), 4)
    );
    assert_eq!(food("corn").range, Some(1));
    let apple = food("apple");
    assert_eq!((apple.range, apple.damage, apple.stun_on), (Some(10), None, Some(5)));
    let milk = food("milk");
    assert!(milk.damage.is_some() && milk.stun_on == Some(5));
    let rock = food("rock");
    assert_eq!((rock.damage, rock.stun_on), (None, Some(6)));
    assert_eq!(food("chicken").to_hit, Some(5));
    assert_eq!(d.counters.len(), 99);
    let in_families = d
        .kinds
        .iter()
        .filter(|k| k.family.is_some() && k.special.is_none())
        .map(|k| usize::from(k.count))
        .sum::<usize>();
    assert_eq!(in_families, 83);
    let mm = d
        .kinds
        .iter()
        .filter(|k| k.special == Some(Special::MysteryMeat))
        .map(|k| k.count)
        .sum::<u8>();
    assert_eq!(mm, 4);
    let salad = d
        .kinds
        .iter()
        .filter(|k| k.family.is_none())
        .map(|k| k.count)
        .sum::<u8>();
    assert_eq!(salad, 12);
    assert_eq!(
        (d.trays, d.garbage_counters, d.tipped_markers, d.rounds),
        (14, 10, 3, 10)
    );
    for f in Family::ALL {
        assert!(d.kinds.iter().any(|k| k.family == Some(f)));
    }
}
