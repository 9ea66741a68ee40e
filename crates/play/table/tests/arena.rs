//! Matches: seeded openings that never decide a game, each pair of games with its own dice,
//! games with chance played to a result, and records that replay.

use messhall_records::catalog;
use messhall_rules::Game;
use messhall_search::SearchRng;
use messhall_table::arena::{
    Contestant, MATCH_SEED, MAX_PLIES, MatchError, MatchSpec, OPENING_PLIES, play_game, play_opening, reply_wins,
};
use messhall_table::{CannotPlay, PlayerSpec};
use std::time::Duration;

fn spec(variant: &str, max_plies: usize) -> MatchSpec {
    MatchSpec {
        game: catalog::builtin(variant).unwrap(),
        a: Contestant::of(PlayerSpec::Depth(1), None),
        b: Contestant::of(PlayerSpec::Random, None),
        games: 2,
        first_game: 1,
        concurrency: 1,
        decide: None,
        time: Duration::from_millis(10),
        hash_mb: 1,
        max_plies,
    }
}

#[test]
fn games_with_chance_are_played_to_a_result() {
    // The dice decide the PieceEater's steps; in the steered game the bots steer them.
    for variant in ["pieceeater", "pieceeater-steered"] {
        let game = play_game(&spec(variant, MAX_PLIES), 3).unwrap();
        assert!(
            !matches!(game.result.ending, messhall_records::Ending::MoveLimit),
            "{variant}: {:?}",
            game.result
        );
    }
}

#[test]
fn a_game_record_replays_to_the_final_position_and_keeps_the_ply_cap() {
    for variant in ["chess", "pieceeater"] {
        let game = play_game(&spec(variant, 60), 5).unwrap();
        assert!(game.plies <= 60, "{variant}: the ply cap");
        let replayed = messhall_table::Table::replay(&game.record).unwrap();
        let chess = replayed.chess().unwrap();
        assert_eq!(chess.position().to_fen(chess.variant()), game.final_fen, "{variant}");
        assert_eq!(game.record.players, ["random", "depth=1"]);
    }
}

#[test]
fn no_opening_decides_the_game_or_hands_a_win_in_one() {
    // Before openings were redrawn, pair 24 of a Food Fight match opened Ui4 e9 Cg4 hf8,
    // and White mated at once with Cj8.
    for variant in ["chess", "foodfight"] {
        let v = catalog::builtin_variant(variant).unwrap();
        for pair in 0..60 {
            let mut game = Game::with_seed(v.clone(), v.start(), MATCH_SEED ^ pair);
            play_opening(&v, &mut game, &mut SearchRng::new(MATCH_SEED ^ pair));
            assert_eq!(game.moves().len(), OPENING_PLIES as usize, "{variant} pair {pair}");
            assert!(
                game.outcome().is_none() && !reply_wins(&v, &mut game),
                "{variant} pair {pair}"
            );
        }
    }
}

#[test]
fn each_pair_of_games_gets_its_own_dice() {
    // Same opening and dice within a pair, so the pair replays alike; another pair differs.
    let m = spec("pieceeater", MAX_PLIES);
    let result = |g: u32| play_game(&m, g).unwrap().record.actions;
    assert_eq!(result(4), result(4));
    let v = catalog::builtin_variant("pieceeater").unwrap();
    let opening = |seed: u64| {
        let mut game = Game::with_seed(v.clone(), v.start(), MATCH_SEED ^ (seed / 2));
        for _ in 0..6 {
            let moves = v.legal_moves(game.position());
            game.play(moves[moves.len() / 2]);
        }
        game.actions().to_vec()
    };
    assert_eq!(opening(4), opening(5));
    assert_ne!(opening(4), opening(6));
}

/// A match's refusals are data: the cafeteria game is no match game, and a contestant that
/// cannot play the game says why.
#[test]
fn a_match_that_cannot_be_played_says_why() {
    let err = play_game(&spec("cafeteria", MAX_PLIES), 0).unwrap_err();
    assert!(matches!(err, MatchError::NotChess), "{err:?}");
    assert_eq!(err.to_string(), "a match is played on a chess variant");
    let mut m = spec("chess", MAX_PLIES);
    m.b = Contestant::of(PlayerSpec::Bot(messhall_cafeteria_ai::bots::BotKind::Rules), None);
    let err = play_game(&m, 0).unwrap_err();
    assert!(
        matches!(err, MatchError::Player(CannotPlay::BotInChess { .. })),
        "{err:?}"
    );
}
