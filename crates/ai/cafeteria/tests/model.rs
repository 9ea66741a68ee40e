//! The cafeteria's learned evaluation: the stored weights load, a bad weights file gives a
//! one-line error naming its line, and a tiny seeded fit is deterministic and beats even odds
//! on its held-out positions.

use messhall_cafeteria_ai::fit::{FitOptions, tune};
use messhall_cafeteria_ai::model::{FEATURES, Model};

#[test]
fn the_stored_weights_load_and_say_how_they_were_made() {
    let text = messhall_cafeteria::BOT_WEIGHTS;
    let model = Model::from_toml(text).expect("the stored weights parse");
    assert_eq!(&model, Model::fitted());
    assert!(model.weights.iter().any(|w| *w != 0.0), "fitted weights, not even odds");
    let first = text.lines().next().unwrap_or("");
    assert!(first.starts_with("# Fitted by `cargo run"), "{first}");
    assert!(first.contains("--example cafeteria_tune"), "{first}");
    // Written and read back, the weights are the same (to the six decimals written).
    let again = Model::from_toml(&model.to_toml("again")).expect("round trip");
    for (a, b) in again.weights.iter().zip(&model.weights) {
        assert!((a - b).abs() < 1e-6, "{a} {b}");
    }
}

fn error(text: &str) -> String {
    match Model::from_toml(text) {
        Ok(m) => panic!("{text:?} read as {m:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_bad_weights_file_gives_a_one_line_error_naming_the_line() {
    let good = Model::even().to_toml("test");
    let cases = [
        (
            good.replacen("students = 0.000000", "pupils = 1.0", 1),
            "line 2: unknown feature \"pupils\"",
        ),
        (
            good.replacen("food = 0.000000", "food = \"lots\"", 1),
            "line 8: food is not a number",
        ),
        (
            good.replacen("food = 0.000000", "food = nan", 1),
            "line 8: food is not a finite number",
        ),
        (good.replacen("food = 0.000000\n", "", 1), "feature \"food\" is missing"),
        (good.replacen("food = 0.000000", "food = = 1", 1), "line 8:"),
        (format!("{good}students = 1.0\n"), "line 20:"),
    ];
    for (text, says) in cases {
        let e = error(&text);
        assert!(e.starts_with("cafeteria weights, line "), "{e}");
        assert!(e.contains(says), "{e:?} should say {says:?}");
        assert!(!e.contains('\n'), "{e:?} is one line");
    }
    assert_eq!(FEATURES.len(), Model::even().weights.len());
}

#[test]
fn a_tiny_seeded_fit_is_deterministic_and_lowers_the_held_out_loss() {
    let opts = FitOptions {
        games: 60,
        seed: 12,
        ..FitOptions::default()
    };
    let first = tune(&opts);
    assert!(
        first.held_out.0 > 100 && first.train.0 > 4 * first.held_out.0 / 2,
        "{first:?}"
    );
    assert!(
        first.held_out_loss < first.even_loss,
        "held-out loss {} not below even odds' {}",
        first.held_out_loss,
        first.even_loss
    );
    assert!(first.train_loss < first.even_loss, "{first:?}");
    let second = tune(&opts);
    assert_eq!(first.model, second.model);
    assert_eq!(first.held_out_loss, second.held_out_loss);
}

#[test]
fn a_search_bot_name_chooses_its_evaluation_and_rollouts() {
    use messhall_cafeteria_ai::bench::BotConfig;
    let c: BotConfig = "search,eval=hand,horizon=turn,close=64,ahead=3"
        .parse()
        .expect("a bot name");
    assert_eq!(
        (c.learned, c.turn_horizon, c.close_rollouts, c.rounds_ahead),
        (Some(false), Some(true), Some(64), Some(3))
    );
    let plain: BotConfig = "search".parse().expect("a bot name");
    assert_eq!(
        (
            plain.learned,
            plain.turn_horizon,
            plain.close_rollouts,
            plain.rounds_ahead
        ),
        (None, None, None, None)
    );
    for bad in [
        "search,eval=guess",
        "search,horizon=game",
        "search,close=many",
        "search,ahead=-1",
        "search,ahead=999",
    ] {
        let e = bad.parse::<BotConfig>().expect_err(bad);
        assert!(e.contains("eval=model|hand") && !e.contains('\n'), "{e}");
    }
}

#[test]
fn a_fit_to_the_search_bots_own_games_is_deterministic() {
    use messhall_cafeteria_ai::fit::FitPolicy;
    // Two games, one held out, two rollouts a decision: the search bot's games are the slowest
    // part of the test suite, and one of each already shows determinism.
    let opts = FitOptions {
        games: 2,
        seed: 7,
        hold_out_every: 2,
        policy: FitPolicy::Search {
            rollouts: 2,
            model: Model::fitted().clone(),
        },
        compare: Some(Model::fitted().clone()),
        ..FitOptions::default()
    };
    let first = tune(&opts);
    assert!(first.train.0 > 20 && first.held_out.0 > 5, "{first:?}");
    let stored = first.compare_loss.expect("the stored weights measured");
    assert!(stored.is_finite() && stored > 0.0, "{first:?}");
    let second = tune(&opts);
    assert_eq!(first.model, second.model);
    assert_eq!(first.compare_loss, second.compare_loss);
    // The same seeds played by the rules of thumb are other games.
    let rules = tune(&FitOptions {
        policy: FitPolicy::Rules,
        ..opts.clone()
    });
    assert_ne!(rules.train.0, 0);
    assert_ne!(rules.model, first.model);
}

#[test]
fn a_search_bot_reads_its_weights_from_a_file_and_names_a_bad_one() {
    use messhall_cafeteria_ai::bench::BotConfig;
    let dir = std::env::temp_dir().join(format!("messhall-cafeteria-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let good = dir.join("good.toml");
    let mut model = Model::even();
    model.weights[0] = 0.5;
    std::fs::write(&good, model.to_toml("test")).expect("written");
    let c: BotConfig = format!("search,weights={}", good.display())
        .parse()
        .expect("a bot name");
    assert_eq!(c.weights.as_ref(), Some(&model));
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "# test\nstudents = lots\n").expect("written");
    let e = format!("search,weights={}", bad.display())
        .parse::<BotConfig>()
        .expect_err("a bad weights file");
    assert!(
        e.contains("bad.toml") && e.contains("line 2") && !e.contains('\n'),
        "{e}"
    );
    let e = format!("search,weights={}", dir.join("missing.toml").display())
        .parse::<BotConfig>()
        .expect_err("no such file");
    assert!(e.contains("missing.toml") && !e.contains('\n'), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_anchored_fit_stays_at_its_anchor_under_a_heavy_penalty() {
    let mut opts = FitOptions {
        games: 10,
        seed: 3,
        anchor: Some(Model::fitted().clone()),
        l2: 1e6,
        ..FitOptions::default()
    };
    let held = tune(&opts);
    for (w, a) in held.model.weights.iter().zip(&Model::fitted().weights) {
        assert!((w - a).abs() < 1e-3, "{w} drifted from {a}");
    }
    // A light penalty lets the same games move the weights.
    opts.l2 = 1e-4;
    let free = tune(&opts);
    assert!(
        free.train_loss < held.train_loss,
        "{} !< {}",
        free.train_loss,
        held.train_loss
    );
}
