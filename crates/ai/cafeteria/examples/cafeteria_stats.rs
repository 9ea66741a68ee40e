//! What decides two-player cafeteria games between two bots: how each game ended, how many
//! students each side brought to the Food-Off and with what, how they were lost before (retired
//! or hauled away), and what the Food-Off's outcome went with.
//!
//! `cargo run --release -p messhall-cafeteria-ai --example cafeteria_stats -- A B [GAMES] [SEED]`
//!
//! A's seat alternates; game i uses seed SEED + i; one line a game, then the totals.

use std::collections::BTreeMap;

use messhall_cafeteria::{EndKind, Event, Family, Game, Setup, Status};
use messhall_dice::SeededDice;

#[derive(Default)]
struct Totals {
    games: u32,
    a_points: f64,
    ends: BTreeMap<String, u32>,
    /// (A's survivors, B's survivors) at the Food-Off: games and A's points.
    splits: BTreeMap<(usize, usize), (u32, f64)>,
    retired: [u32; 2],
    hauled: [u32; 2],
    escaped: [u32; 2],
    stunned: [u32; 2],
    hits_on: [u32; 2],
    food_off_damage: [(u64, u32); 2],
    families: [[u32; 5]; 2],
    ar_at_food_off: [(u64, u32); 2],
    held_at_food_off: [(u64, u32); 2],
}

mod bot_args;

fn main() {
    let args = bot_args::BotArgs::from_env("usage: cafeteria_stats A B [GAMES] [SEED]");
    let (a, b) = args.bots();
    let (games, seed0): (u64, u64) = (args.given(2).unwrap_or(20), args.given(3).unwrap_or(1));
    let mut t = Totals::default();
    for i in 0..games {
        let seed = seed0 + i;
        let a_seat = (i % 2) as u8;
        let mut bots: Vec<_> = (0..2u8)
            .map(|p| if p == a_seat { &a } else { &b }.make(seed * 8 + u64::from(p)))
            .collect();
        let mut dice = SeededDice::new(seed);
        let Ok(mut game) = Game::new_narrated(Setup::new(2, &[]), &mut dice) else {
            continue;
        };
        // Side 0 is A, side 1 is B.
        let side = |g: &Game, s: u8| usize::from(g.students()[usize::from(s)].player != a_seat);
        let mut at_food_off: Option<(usize, usize)> = None;
        let mut line = String::new();
        while let Some(p) = game.player_to_move() {
            let action = bots[usize::from(p)].choose(&game);
            let food_off = matches!(action, messhall_cafeteria::Action::FoodOff { .. });
            if at_food_off.is_none() && food_off {
                let mut n = (0, 0);
                for (s, st) in game.students().iter().enumerate() {
                    if st.status == Status::Active {
                        let k = side(&game, s as u8);
                        if k == 0 {
                            n.0 += 1
                        } else {
                            n.1 += 1
                        }
                        t.ar_at_food_off[k].0 += u64::from(st.ar);
                        t.ar_at_food_off[k].1 += 1;
                        t.held_at_food_off[k].0 += st.hold.foods().len() as u64;
                        t.held_at_food_off[k].1 += 1;
                        line += &format!(" {}:{}ar", game.student_name(s as u8), st.ar);
                    }
                }
                at_food_off = Some(n);
            }
            if let messhall_cafeteria::Action::FoodOff { families, .. } = action {
                let k = usize::from(p != a_seat);
                for f in Family::ALL {
                    if families & (1 << f.index()) != 0 {
                        t.families[k][f.index()] += 1;
                    }
                }
            }
            game.play_unchecked(&action, &mut dice);
            for note in game.take_events() {
                match note.event {
                    Event::Retired(s) if game.students()[usize::from(s)].status == Status::Retired => {
                        t.retired[side(&game, s)] += 1;
                    }
                    Event::HauledAway { student, .. } => t.hauled[side(&game, student)] += 1,
                    Event::Escaped { student, .. } => t.escaped[side(&game, student)] += 1,
                    Event::StudentStunned(s) => t.stunned[side(&game, s)] += 1,
                    Event::StudentHurt { student, .. } => t.hits_on[side(&game, student)] += 1,
                    Event::FoodOffDamage { student, damage } => {
                        let k = side(&game, student);
                        t.food_off_damage[k].0 += u64::from(damage);
                    }
                    _ => {}
                }
            }
        }
        let Some(o) = game.outcome() else { continue };
        let given: f64 = o.scores.iter().sum();
        let mine = if given > 0.0 {
            o.scores[usize::from(a_seat)] / given
        } else {
            0.0
        };
        t.games += 1;
        t.a_points += mine;
        *t.ends.entry(format!("{:?}", o.kind)).or_default() += 1;
        if o.kind == EndKind::FoodOff {
            for &(s, _) in &o.food_off {
                t.food_off_damage[side(&game, s)].1 += 1;
            }
            if let Some(n) = at_food_off {
                let e = t.splits.entry(n).or_default();
                e.0 += 1;
                e.1 += mine;
            }
        }
        println!(
            "game {} seed {seed} A seat {a_seat}: {:?} round {} A {mine:.2} food-off {:?}{line}",
            i + 1,
            o.kind,
            o.rounds,
            o.food_off
        );
    }
    let g = f64::from(t.games.max(1));
    println!("games {} A's share {:.1}%", t.games, 100.0 * t.a_points / g);
    println!("ends {:?}", t.ends);
    println!("Food-Off by survivors (A, B): games, A's share");
    for ((x, y), (n, p)) in &t.splits {
        println!("  {x} v {y}: {n} games, A {:.1}%", 100.0 * p / f64::from(*n));
    }
    let avg = |(s, n): (u64, u32)| s as f64 / f64::from(n.max(1));
    for (k, name) in ["A", "B"].iter().enumerate() {
        println!(
            "{name}: retired {} hauled {} escaped {} stunned {} hurt {}; at the Food-Off AR {:.1}, food {:.2}, damage {:.2}; families {:?}",
            t.retired[k],
            t.hauled[k],
            t.escaped[k],
            t.stunned[k],
            t.hits_on[k],
            avg(t.ar_at_food_off[k]),
            avg(t.held_at_food_off[k]),
            avg(t.food_off_damage[k]),
            t.families[k]
        );
    }
}
