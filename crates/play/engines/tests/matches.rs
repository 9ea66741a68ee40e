//! External engines in matches: Fairy-Max (XBoard) and Fairy-Stockfish (UCI) play FIDE chess to
//! a legal end; fake engines that answer an illegal move, hang or crash lose that game with the
//! reason, and the match goes on.

use messhall_engines::EngineConfig;
use messhall_records::{Ending, catalog};
use messhall_table::PlayerSpec;
use messhall_table::arena::{Contestant, GameReport, MATCH_SEED, MatchSpec, play_match, play_opening};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A match of `games` FIDE chess games at `seconds` a move between `a` and `b`, its games.
fn play(a: Contestant, b: Contestant, games: u32, seconds: f64) -> Vec<GameReport> {
    play_from(a, b, 1, games, seconds)
}

/// Games `first_game`, `first_game + 1`, ... of such a match.
fn play_from(a: Contestant, b: Contestant, first_game: u32, games: u32, seconds: f64) -> Vec<GameReport> {
    play_game_of(
        catalog::builtin("chess").unwrap(),
        a,
        b,
        first_game,
        games,
        seconds,
        300,
    )
}

/// Games `first_game`, `first_game + 1`, ... of a match of `game`, each cut at `max_plies`.
fn play_game_of(
    game: messhall_records::GameKind,
    a: Contestant,
    b: Contestant,
    first_game: u32,
    games: u32,
    seconds: f64,
    max_plies: usize,
) -> Vec<GameReport> {
    let m = MatchSpec {
        game,
        a,
        b,
        games,
        first_game,
        concurrency: 1,
        decide: None,
        time: Duration::from_secs_f64(seconds),
        hash_mb: 1,
        max_plies,
    };
    let mut reports = Vec::new();
    let tally = play_match(&m, &mut |g| {
        reports.push(g.clone());
        Ok(())
    })
    .unwrap();
    assert_eq!(tally.games(), games as usize);
    reports
}

/// Whether `program` is installed (in /usr/games, Debian's place for it); when it is not, the
/// test fails on CI (which installs it) and is skipped, loudly, elsewhere.
fn installed(program: &str) -> bool {
    if Path::new("/usr/games").join(program).is_file() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{program} is not installed: scripts/test installs it (apt-get install {program})"
    );
    eprintln!("SKIPPED: {program} is not installed (apt-get install {program}); this test did not run");
    false
}

/// Each game ended by the rules (or the ply cap), its record replays, and the engine is named.
fn check_legal_games(games: &[GameReport], engine: &str) {
    for g in games {
        assert!(
            matches!(g.result.ending, Ending::Rules { .. } | Ending::MoveLimit),
            "game {}: {:?}",
            g.number,
            g.result
        );
        let table = messhall_table::Table::replay(&g.record).unwrap();
        let chess = table.chess().unwrap();
        assert_eq!(chess.position().to_fen(chess.variant()), g.final_fen);
        assert!(g.record.players.iter().any(|p| p == engine), "{:?}", g.record.players);
        let pgn = messhall_records::pgn::write(&g.record, &Default::default()).unwrap();
        assert!(pgn.contains(engine), "{pgn}");
    }
}

#[test]
fn fairy_max_plays_fide_chess_to_a_legal_end() {
    if !installed("fairymax") {
        return;
    }
    let engine = EngineConfig::parse("xboard:fairymax").unwrap().contestant();
    let games = play(Contestant::of(PlayerSpec::Level(2), None), engine, 2, 0.05);
    check_legal_games(&games, "xboard:fairymax");
}

#[test]
fn fairy_stockfish_plays_fide_chess_to_a_legal_end() {
    if !installed("fairy-stockfish") {
        return;
    }
    let engine = EngineConfig::parse("uci:fairy-stockfish,option.Skill Level=0,option.Hash=4")
        .unwrap()
        .contestant();
    let games = play(Contestant::of(PlayerSpec::Level(2), None), engine, 2, 0.05);
    check_legal_games(&games, "uci:fairy-stockfish");
}

#[test]
fn fairy_max_plays_food_fight_from_our_start() {
    if !installed("fairymax") {
        return;
    }
    // Fairy-Max's own start lacks ranks 2 and 11: it gets those in edit mode and keeps its pawns'
    // double step (docs/peers.md), so that every move of either side is legal for both.
    let peers = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../examples/peers");
    let game = catalog::load(peers.join("foodfight-fmax.toml").to_str().unwrap()).unwrap();
    let text = format!(
        "xboard:fairymax,ini={},variant=foodfight-fmax,own-start=rscbmnkmbcsr/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/RSCBMNKMBCSR",
        peers.join("fairymax/foodfight.ini").display()
    );
    let engine = EngineConfig::parse(&text).unwrap().contestant();
    let games = play_game_of(game, Contestant::of(PlayerSpec::Depth(1), None), engine, 1, 2, 0.05, 60);
    check_legal_games(&games, "xboard:fairymax");
}

/// A fake engine: a shell script in its own folder, which writes its process id to `pid`.
fn fake(name: &str, body: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("messhall-fake-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pid = dir.join("pid");
    let script = dir.join("engine.sh");
    let text = format!("#!/bin/sh\necho $$ >> '{}'\n{body}", pid.display());
    std::fs::write(&script, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    (script, pid)
}

/// An XBoard engine that answers `go` with `answer` (shell commands).
fn fake_xboard(name: &str, answer: &str) -> (PathBuf, PathBuf) {
    let body = format!(
        r#"while read -r line; do
  case "$line" in
    protover*) echo "feature ping=1 setboard=1 done=1" ;;
    ping*) echo "pong ${{line#ping }}" ;;
    go) {answer} ;;
  esac
done
"#
    );
    fake(name, &body)
}

/// A UCI engine that answers `go` with `answer` (shell commands).
fn fake_uci(name: &str, answer: &str) -> (PathBuf, PathBuf) {
    let body = format!(
        r#"while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) {answer} ;;
  esac
done
"#
    );
    fake(name, &body)
}

/// Plays two games against the fake and checks that it lost each, for `why`, and that none of
/// its processes outlived the match.
fn loses_every_game(protocol: &str, (script, pids): (PathBuf, PathBuf), why: &str) {
    loses_every_game_with(protocol, (script, pids), why, 2);
}

/// As [`loses_every_game`], the engine started `processes` times in all.
fn loses_every_game_with(protocol: &str, (script, pids): (PathBuf, PathBuf), why: &str, processes: usize) {
    let engine = EngineConfig::parse(&format!("{protocol}:{}", script.display()))
        .unwrap()
        .contestant();
    let games = play(Contestant::of(PlayerSpec::Random, None), engine, 2, 0.05);
    for g in &games {
        let lost = g.score == 1.0;
        let reason = match &g.result.ending {
            Ending::Forfeit { reason, .. } => reason.clone(),
            other => panic!("game {}: {other:?}", g.number),
        };
        assert!(lost && reason.contains(why), "game {}: {reason}", g.number);
        let pgn = messhall_records::pgn::write(&g.record, &Default::default()).unwrap();
        assert!(pgn.contains("rules infraction") && pgn.contains("forfeits:"), "{pgn}");
        // The PGN reads back to the same record, reason and all.
        assert_eq!(messhall_records::pgn::read(&pgn).unwrap()[0].record, g.record);
    }
    let started = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(started.lines().count(), processes, "a fresh engine for each game");
    if Path::new("/proc/self").exists() {
        for pid in started.lines() {
            let alive = Path::new("/proc").join(pid.trim()).exists();
            assert!(!alive, "engine process {pid} outlived its game");
        }
    }
    std::fs::remove_dir_all(script.parent().unwrap()).ok();
}

#[test]
fn an_engine_that_answers_an_illegal_move_loses_that_game() {
    loses_every_game(
        "xboard",
        fake_xboard("illegal-x", "echo 'move a1a8'"),
        "illegal move \"a1a8\"",
    );
    loses_every_game(
        "uci",
        fake_uci("illegal-u", "echo 'bestmove e2e5'"),
        "illegal move \"e2e5\"",
    );
}

/// `nodes=N` asks a UCI engine for a fixed node count (`go nodes N`) instead of a time.
#[test]
fn a_uci_engine_given_nodes_is_asked_for_that_many() {
    let (script, _) = fake_uci("nodes-u", "echo 'bestmove e2e5'");
    let log = script.with_file_name("dialogue.log");
    let engine = EngineConfig::parse(&format!("uci:{},nodes=777,log={}", script.display(), log.display()))
        .unwrap()
        .contestant();
    play(Contestant::of(PlayerSpec::Random, None), engine, 1, 0.05);
    let dialogue = std::fs::read_to_string(&log).unwrap();
    assert!(dialogue.contains("> go nodes 777"), "{dialogue}");
    assert!(!dialogue.contains("movetime"), "{dialogue}");
    std::fs::remove_dir_all(script.parent().unwrap()).ok();
}

#[test]
fn an_engine_that_hangs_is_stopped_and_loses_that_game() {
    // At 0.05 s a move the deadline is 10 x 0.05 + 2 = 2.5 s.
    loses_every_game(
        "uci",
        fake_uci("hang", "exec sleep 30"),
        "did not answer within 2.5 s (10 times its 0.05 s a move, plus 2 s)",
    );
}

#[test]
fn an_engine_that_crashes_loses_that_game() {
    loses_every_game("xboard", fake_xboard("crash", "exit 3"), "exited with status 3");
}

#[test]
fn an_engine_that_resigns_or_claims_a_result_loses_that_game() {
    loses_every_game("xboard", fake_xboard("resign", "echo resign"), "resigned");
    // A claim gets a fresh engine once a game, which claims again.
    loses_every_game_with(
        "xboard",
        fake_xboard("claim", "echo '1-0 {White mates}'"),
        "claimed a result",
        4,
    );
}

#[test]
fn an_engine_that_claims_a_result_is_restarted_once_then_loses() {
    // The first engine claims a result at once; the fresh one told the game answers a legal
    // move (the first of ours after the match's opening), then claims again, which loses.
    let (script, pids) = fake_xboard(
        "restart",
        r#"if [ ! -e "$(dirname "$0")/first" ]; then touch "$(dirname "$0")/first"; echo "1/2-1/2 {draw}";
    elif [ -z "$moved" ]; then moved=1; echo "move $(cat "$(dirname "$0")/answer")";
    else echo "1-0 {White wins}"; fi"#,
    );
    // Game 2 of a match: the fake plays White, right after the opening of pair 1.
    let v = catalog::builtin_variant("chess").unwrap();
    let mut opening = messhall_rules::Game::with_seed(v.clone(), v.start(), MATCH_SEED);
    play_opening(&v, &mut opening, &mut messhall_search::SearchRng::new(MATCH_SEED));
    let answer = v.legal_moves(opening.position())[0].to_coordinates(&v);
    std::fs::write(script.parent().unwrap().join("answer"), &answer).unwrap();
    let engine = EngineConfig::parse(&format!("xboard:{}", script.display()))
        .unwrap()
        .contestant();
    let games = play_from(Contestant::of(PlayerSpec::Random, None), engine, 2, 1, 0.05);
    let g = &games[0];
    let ply = messhall_table::arena::OPENING_PLIES as usize;
    assert_eq!(g.record.actions.get(ply), Some(&messhall_records::Step::Move(answer)));
    match &g.result.ending {
        Ending::Forfeit { reason, .. } => {
            assert!(
                reason.contains("claimed a result") && reason.contains("1-0"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
    let started = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(started.lines().count(), 2, "one restart");
    std::fs::remove_dir_all(script.parent().unwrap()).ok();
}

#[test]
fn the_pieceeater_is_refused_clearly() {
    let config = EngineConfig::parse("uci:sh").unwrap();
    let game = catalog::builtin("pieceeater").unwrap();
    let e = match messhall_engines::ExternalEngine::new(config.into(), &game) {
        Ok(_) => panic!("an engine was made for the PieceEater"),
        Err(e) => e,
    };
    assert!(
        matches!(&e, messhall_table::CannotPlay::ChanceSteps { player, variant, .. }
            if player == "uci:sh" && variant == "pieceeater"),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(e.contains("PieceEater") && e.contains("chance"), "{e}");
    let e = messhall_engines::ExternalEngine::new(
        EngineConfig::parse("uci:sh").unwrap().into(),
        &catalog::builtin("cafeteria").unwrap(),
    )
    .err()
    .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("uci:sh plays chess games only, not the cafeteria game")
    );
}
