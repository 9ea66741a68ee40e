//! Writes the committed corpus of the fuzz targets from seeded games: FENs, typed moves, chess text
//! records and JSON records of every built-in and example variant, and cafeteria TOML and JSON
//! records. Run it again after a format change:
//! `cargo test -p messhall-fuzz --test make_corpus -- --ignored`.

use messhall_dice::Seed;
use messhall_fuzz::{Rng, chess_variants, corpus_dir, played_positions};
use messhall_records::{GameKind, catalog};
use messhall_rules::Game;
use messhall_table::{Budget, Choice, PlayerSpec, Table, TableSetup};
use std::time::Duration;

fn write(dir: &str, file: &str, text: &str) {
    let dir = corpus_dir(dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(file), text).unwrap();
}

/// A seeded game of at most `plies` actions between two random movers, at a play-layer table.
fn table_game(game: GameKind, seed: u64, plies: usize) -> Table {
    let setup = TableSetup {
        seed: Some(Seed::from_number(seed)),
        players: vec!["random".into(), "random".into()],
        cafeteria: matches!(game, GameKind::Cafeteria).then(|| messhall_cafeteria::Setup::new(2, &[])),
        ..TableSetup::default()
    };
    let mut table = Table::new(game.clone(), &setup).unwrap();
    let mut players = [
        PlayerSpec::Random.make(&game, seed, 1).unwrap(),
        PlayerSpec::Random.make(&game, seed + 1, 1).unwrap(),
    ];
    for _ in 0..plies {
        let Some(seat) = table.turn().seat() else { break };
        let player = &mut players[seat.index() % 2];
        let Choice::Act(action) = player.choose(&table, seat, &Budget::movetime(Duration::from_secs(1))) else {
            break;
        };
        table.try_act(seat, action).unwrap();
    }
    table
}

#[test]
#[ignore = "writes the corpus; run by hand"]
fn write_corpus() {
    let mut rng = Rng::new(17);
    let mut fens = Vec::new();
    for v in chess_variants() {
        let name = v.name();
        let positions = played_positions(v, &mut rng, 80);
        for pos in positions.iter().step_by(8) {
            fens.push(pos.to_fen(v));
        }
        for (k, pos) in positions.iter().step_by(20).enumerate() {
            if v.chance(pos).is_some() {
                continue;
            }
            let sans = v.legal_moves_san(pos);
            if let Some((mv, san)) = sans.get(k % sans.len().max(1)) {
                let typed = if k % 2 == 0 { san.clone() } else { mv.to_coordinates(v) };
                write(
                    "moves",
                    &format!("{name}-{k}.txt"),
                    &format!("variant {name}\n{}\n{typed}", pos.to_fen(v)),
                );
            }
        }
        // A text record of a seeded game, chance outcomes by the dice or chosen at random.
        let mut game = Game::with_seed(v.clone(), v.start(), 7);
        for _ in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            if let Some(event) = game.pending_chance() {
                game.resolve(*rng.pick(&event.outcomes));
                continue;
            }
            let moves = v.legal_moves(game.position());
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]);
        }
        write("chess-records", &format!("{name}.record"), &game.record().to_text(v));
    }
    write("fen", "played.txt", &(fens.join("\n") + "\n"));
    for entry in catalog::entries() {
        let game = catalog::builtin(entry.name).unwrap();
        let json = table_game(game.clone(), 3, 60).record().to_json();
        let dir = if matches!(game, GameKind::Cafeteria) {
            "cafeteria-records"
        } else {
            "chess-records"
        };
        write(dir, &format!("{}.json", entry.name), &json);
    }
    let grand = catalog::from_file_text(
        "grand-food.toml",
        include_str!("../../examples/variants/grand-food.toml"),
    )
    .unwrap();
    write(
        "chess-records",
        "grand-food-file.json",
        &table_game(grand, 5, 40).record().to_json(),
    );
    for (seed, players) in [(1, 2), (2, 3), (3, 4)] {
        let mut bots: Vec<_> = (0..players)
            .map(|i| messhall_cafeteria_ai::bots::BotKind::Random.make(seed * 10 + u64::from(i)))
            .collect();
        let setup = messhall_cafeteria::Setup::new(players, &[]);
        let (_, record) =
            messhall_cafeteria::play_recorded(setup, seed, |p, game| bots[usize::from(p)].choose(game)).unwrap();
        let text = messhall_cafeteria::to_toml(&record).unwrap();
        write(
            "cafeteria-records",
            &format!("game-{seed}-{players}-players.toml"),
            &text,
        );
    }
}
