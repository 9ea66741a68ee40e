//! Bots choose legal actions and the obvious ones, in positions built by hand.

use messhall_cafeteria::lab::{
    act, check_end, dice, hands, lab, no_turn, put, removed_foods, searched, stack_on_top, stacks, student, take, turn,
};
use messhall_cafeteria::{Action, Family, FoodId, Game, Status, Target};
use messhall_cafeteria_ai::bots::{Bot, BotKind, RandomBot, RuleBot, SearchBot, SearchV1Bot, p_2d6_at_most};
use messhall_cafeteria_ai::model;
use messhall_dice::SeededDice;

/// A two-player position where Rock can end the game by hitting Connie (AR 1) with his tea.
fn finishing_blow() -> (Game, FoodId) {
    let mut g = lab(2, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    student(&mut g, 1).ar = 1;
    student(&mut g, 2).status = Status::Gone;
    student(&mut g, 3).status = Status::Gone;
    let [tea] = hands(&mut g, 0, &["tea"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 3);
    (g, tea)
}

#[test]
fn every_bot_kind_picks_a_legal_action() {
    let (g, _) = finishing_blow();
    for kind in [BotKind::Random, BotKind::Rules, BotKind::Search, BotKind::SearchV1] {
        let mut bot = kind.make(4);
        assert!(g.legal_actions().contains(&bot.choose(&g)), "{kind}");
        assert_eq!(bot.name(), kind.to_string());
    }
    assert_eq!("mcts".parse::<BotKind>(), Ok(BotKind::Search));
    assert_eq!("search-v1".parse::<BotKind>(), Ok(BotKind::SearchV1));
    assert!("genius".parse::<BotKind>().is_err());
}

#[test]
fn rule_and_search_bots_take_the_finishing_blow() {
    let (g, tea) = finishing_blow();
    let blow = Action::Throw {
        food: tea,
        target: Target::Student(1),
    };
    assert_eq!(RuleBot::new(1).choose(&g), blow);
    assert_eq!(SearchBot::with_effort(1, 4, 6).choose(&g), blow);
    assert_eq!(SearchV1Bot::with_effort(1, 4, 6).choose(&g), blow);
}

#[test]
fn the_rule_bot_does_not_throw_at_a_teammate() {
    let mut g = lab(2, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 3, "s8"); // Lennie, Rock's teammate
    hands(&mut g, 0, &["tea"]);
    turn(&mut g, 0, 10);
    assert!(g.legal_actions().iter().any(|a| matches!(
        a,
        Action::Throw {
            target: Target::Student(3),
            ..
        }
    )));
    let choice = RuleBot::new(2).choose(&g);
    assert!(!matches!(choice, Action::Throw { .. }), "{choice:?}");
}

#[test]
fn the_random_bot_replays_from_its_seed() {
    let (g, _) = finishing_blow();
    let a: Vec<Action> = (0..5).map(|_| RandomBot::new(7).choose(&g)).collect();
    assert!(a.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn dice_odds() {
    assert_eq!(p_2d6_at_most(1), 0.0);
    assert_eq!(p_2d6_at_most(7), 21.0 / 36.0);
    assert_eq!(p_2d6_at_most(12), 1.0);
}

#[test]
fn evaluation_prefers_the_stronger_side() {
    let (mut g, _) = finishing_blow();
    let before = SearchBot::evaluate(&g, 0);
    student(&mut g, 1).status = Status::Retired;
    check_end(&mut g);
    assert_eq!(SearchBot::evaluate(&g, 0), 100.0);
    assert!(before > 50.0 && before < 100.0, "{before}");
}

#[test]
fn the_learned_evaluation_prefers_the_stronger_side() {
    let model = model::Model::fitted();
    let (mut g, _) = finishing_blow();
    let before = SearchBot::evaluate_with(Some(model), &g, 0);
    assert!(before > 50.0 && before < 100.0, "{before}");
    let even = SearchBot::evaluate_with(Some(model), &g, 0) + SearchBot::evaluate_with(Some(model), &g, 1);
    assert!((even - 100.0).abs() < 1e-9, "{even}");
    student(&mut g, 0).ar = 1;
    let hurt = SearchBot::evaluate_with(Some(model), &g, 0);
    assert!(hurt < before, "{hurt} after Rock is hurt, {before} before");
    student(&mut g, 1).status = Status::Retired;
    check_end(&mut g);
    assert_eq!(SearchBot::evaluate_with(Some(model), &g, 0), 100.0);
}

/// Rock (player 0) with tea in range of Connie (player 1), who holds `connie` face down: the
/// counter of that kind is taken from the main dishes' stack.
fn connie_holds(connie: &str) -> Game {
    let mut g = lab(2, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    put(&mut g, 2, "s10");
    put(&mut g, 3, "c3");
    hands(&mut g, 0, &["tea"]);
    hands(&mut g, 1, &[connie]);
    turn(&mut g, 0, 6);
    g
}

#[test]
fn the_search_bots_do_not_read_another_players_hidden_food() {
    // Connie's pizza or loaf: both come from the main dishes, which Rock cannot tell apart face
    // down, so the two games are the same to him.
    let (pizza, loaf) = (connie_holds("pizza"), connie_holds("loaf"));
    assert_ne!(pizza.students()[1].hold, loaf.students()[1].hold);
    for seed in 1..=6 {
        assert_eq!(
            SearchBot::with_effort(seed, 6, 24).choose(&pizza),
            SearchBot::with_effort(seed, 6, 24).choose(&loaf),
            "seed {seed}"
        );
        assert_eq!(
            SearchV1Bot::with_effort(seed, 4, 8).choose(&pizza),
            SearchV1Bot::with_effort(seed, 4, 8).choose(&loaf),
            "seed {seed}"
        );
    }
}

#[test]
fn the_learned_evaluation_does_not_read_hidden_food() {
    let (pizza, loaf) = (connie_holds("pizza"), connie_holds("loaf"));
    assert_eq!(model::sides(&pizza), model::sides(&loaf));
    let model = model::Model::fitted();
    assert_eq!(model.chance(&pizza, 0), model.chance(&loaf, 0));
}

#[test]
fn the_determinization_depends_only_on_what_the_player_can_know() {
    let (pizza, loaf) = (connie_holds("pizza"), connie_holds("loaf"));
    for seed in 1..=4 {
        let (mut a, mut b) = (pizza.clone(), loaf.clone());
        a.shuffle_unseen(0, &mut SeededDice::new(seed));
        b.shuffle_unseen(0, &mut SeededDice::new(seed));
        assert_eq!(a.students()[1].hold, b.students()[1].hold, "seed {seed}");
        assert_eq!(stacks(&a), stacks(&b), "seed {seed}");
        // Rock's own food is his to see: it stays.
        assert_eq!(a.students()[0].hold, pizza.students()[0].hold);
    }
}

#[test]
fn the_search_bot_replays_from_its_seed_and_chooses_legal_actions() {
    let g = connie_holds("pizza");
    let legal = g.legal_actions();
    let first = SearchBot::with_effort(3, 6, 24).choose(&g);
    assert!(legal.contains(&first), "{first:?}");
    for _ in 0..3 {
        assert_eq!(SearchBot::with_effort(3, 6, 24).choose(&g), first);
    }
}

#[test]
fn the_search_bot_options_replay_and_choose_legal_actions() {
    let g = connie_holds("pizza");
    let legal = g.legal_actions();
    let make = |turn_horizon: bool, close_rollouts: usize, learned: bool| {
        let mut bot = SearchBot::with_effort(5, 6, 24);
        bot.turn_horizon = turn_horizon;
        bot.close_rollouts = close_rollouts;
        if !learned {
            bot.model = None;
        }
        bot
    };
    for (turn_horizon, close, learned) in [(true, 0, true), (false, 32, true), (false, 32, false)] {
        let first = make(turn_horizon, close, learned).choose(&g);
        assert!(legal.contains(&first), "{first:?}");
        assert_eq!(make(turn_horizon, close, learned).choose(&g), first);
    }
}

/// Rock (player 0) beside Table A in his turn, having searched it: the beverage found lies face
/// down as `found`, and the other counter of the pair sits where `found` was taken from (the top
/// of the beverages' stack). Connie, of player 1, is in range of Rock's tea.
fn rock_found(found: &str, other: &str) -> Game {
    let mut g = lab(2, &[]);
    put(&mut g, 0, "e3");
    put(&mut g, 1, "e5");
    hands(&mut g, 0, &["tea"]);
    let (found, other) = (take(&mut g, found), take(&mut g, other));
    stack_on_top(&mut g, Family::Beverages, other);
    turn(&mut g, 0, 6);
    searched(&mut g, 0, vec![Some(found)]);
    g.check().expect("a consistent position");
    g
}

#[test]
fn the_search_bots_do_not_read_food_found_face_down_on_a_table() {
    // Nobody, the searcher included, has seen the found counter: milk or tea, the bots must
    // choose alike (whether to pick it up, among others).
    let (milk, tea) = (rock_found("milk", "tea"), rock_found("tea", "milk"));
    assert_ne!(milk.table_search(), tea.table_search());
    assert!(milk.legal_actions().contains(&Action::PickUp(1)));
    for seed in 1..=6 {
        assert_eq!(
            SearchBot::with_effort(seed, 6, 24).choose(&milk),
            SearchBot::with_effort(seed, 6, 24).choose(&tea),
            "seed {seed}"
        );
        assert_eq!(
            RuleBot::new(seed).choose(&milk),
            RuleBot::new(seed).choose(&tea),
            "seed {seed}"
        );
    }
    for seed in 1..=4 {
        let (mut a, mut b) = (milk.clone(), tea.clone());
        a.shuffle_unseen(0, &mut SeededDice::new(seed));
        b.shuffle_unseen(0, &mut SeededDice::new(seed));
        assert_eq!(a.table_search(), b.table_search(), "seed {seed}");
        assert_eq!(stacks(&a), stacks(&b), "seed {seed}");
        a.check().expect("still consistent");
    }
}

/// Connie (player 1) has fed `fed` to a can face down; Rock's tea is in range of her.
fn connie_fed(fed: &str) -> Game {
    let mut g = connie_holds(fed);
    no_turn(&mut g);
    turn(&mut g, 1, 6);
    put(&mut g, 1, "v3");
    let [food] = student(&mut g, 1).hold.foods()[..] else {
        panic!("Connie holds one food")
    };
    act(&mut g, Action::FeedCan { can: 0, food }, &mut dice(&[]));
    no_turn(&mut g);
    put(&mut g, 1, "s8");
    turn(&mut g, 0, 6);
    g
}

#[test]
fn the_search_bots_do_not_read_which_food_left_play_face_down() {
    // Connie fed pizza or a loaf to the can: to Rock both games are the same.
    let (pizza, loaf) = (connie_fed("pizza"), connie_fed("loaf"));
    assert_ne!(removed_foods(&pizza), removed_foods(&loaf));
    for seed in 1..=6 {
        assert_eq!(
            SearchBot::with_effort(seed, 6, 24).choose(&pizza),
            SearchBot::with_effort(seed, 6, 24).choose(&loaf),
            "seed {seed}"
        );
    }
    for seed in 1..=4 {
        let (mut a, mut b) = (pizza.clone(), loaf.clone());
        a.shuffle_unseen(0, &mut SeededDice::new(seed));
        b.shuffle_unseen(0, &mut SeededDice::new(seed));
        assert_eq!(removed_foods(&a), removed_foods(&b), "seed {seed}");
        assert_eq!(stacks(&a), stacks(&b), "seed {seed}");
        a.check().expect("still consistent");
        // Connie's player saw what she fed: from her view it stays.
        let mut c = pizza.clone();
        c.shuffle_unseen(1, &mut SeededDice::new(seed));
        assert_eq!(removed_foods(&c), removed_foods(&pizza), "seed {seed}");
    }
}
