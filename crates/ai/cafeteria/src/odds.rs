//! The Food-Off's odds, priced exactly: the damage of each attack as a distribution (2d6 against
//! To Hit, then 1d6 plus the food's damage), the top counter of a stack being any counter its
//! player cannot place with equal chance, and a player's share of the win from every survivor's
//! distribution (the most damage wins; a tie between players splits the win).

use messhall_cafeteria::{Family, FoodId, Game, Special, StudentId};

use crate::bots::p_2d6_at_most;

/// The chance of each damage total (the index).
pub type Damage = Vec<f64>;

/// Mystery Meat's numbers before they are rolled: its average To Hit (2d6 + 3 up to 11) and
/// damage (1d6 + 3 up to 6), rounded.
const MYSTERY_GUESS: (u8, u8) = (10, 6);

/// One counter's Food-Off damage: a miss does 0, a hit 1d6 plus the food's damage ("N" foods 0).
fn counter_damage(game: &Game, f: FoodId) -> Damage {
    let unrolled = game.mystery().is_none() && game.data().kind(f).special == Some(Special::MysteryMeat);
    let (to_hit, damage) = if unrolled {
        (MYSTERY_GUESS.0, Some(MYSTERY_GUESS.1))
    } else {
        (game.food_to_hit(f), game.food_damage(f))
    };
    let Some(d) = damage.map(usize::from) else {
        return vec![1.0];
    };
    let p = p_2d6_at_most(to_hit);
    let mut out = vec![0.0; d + 7];
    out[0] = 1.0 - p;
    for k in 1..=6 {
        out[d + k] += p / 6.0;
    }
    out
}

/// The damage of the top counter of `family`'s stack as `player` knows it (nothing from an empty
/// stack).
pub fn family_damage(game: &Game, player: u8, family: Family) -> Damage {
    if game.stack(family).is_empty() {
        return vec![1.0];
    }
    let pool = game.unseen(player, family);
    let mut out: Damage = vec![1.0];
    if pool.is_empty() {
        return out;
    }
    out[0] = 0.0;
    let w = 1.0 / pool.len() as f64;
    for f in pool {
        let d = counter_damage(game, f);
        if out.len() < d.len() {
            out.resize(d.len(), 0.0);
        }
        for (o, p) in out.iter_mut().zip(&d) {
            *o += w * p;
        }
    }
    out
}

/// The sum of two independent damages.
fn convolve(a: &[f64], b: &[f64]) -> Damage {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// The damage of a Food-Off attack with the families in the bit set `families`.
pub fn attack_damage(game: &Game, player: u8, families: u8) -> Damage {
    Family::ALL
        .iter()
        .filter(|f| families & (1 << f.index()) != 0)
        .fold(vec![1.0], |acc, &f| convolve(&acc, &family_damage(game, player, f)))
}

fn mean(d: &[f64]) -> f64 {
    d.iter().enumerate().map(|(i, p)| i as f64 * p).sum()
}

/// The family sets a Food-Off attack may use now: as many of the non-empty stacks as the rules
/// allow (three), as bit sets.
pub fn family_choices(game: &Game) -> Vec<u8> {
    let open: Vec<u8> = Family::ALL
        .iter()
        .filter(|f| !game.stack(**f).is_empty())
        .map(|f| f.index() as u8)
        .collect();
    let k = usize::from(game.data().food_off_counters).min(open.len());
    (0u8..32)
        .filter(|m| m.count_ones() as usize == k && open.iter().fold(*m, |m, &i| m & !(1 << i)) == 0)
        .collect()
}

/// The attack with the most damage on average, as `player` knows the stacks: what the other
/// survivors are expected to choose.
pub fn best_expected_attack(game: &Game, player: u8) -> Damage {
    family_choices(game)
        .into_iter()
        .map(|m| attack_damage(game, player, m))
        .max_by(|a, b| mean(a).total_cmp(&mean(b)))
        .unwrap_or_else(|| vec![1.0])
}

/// `player`'s share of the win when each survivor's damage is one of `damages` (with the player
/// running it): the most damage wins, a tie between players gives each half.
pub fn share(player: u8, damages: &[(u8, Damage)]) -> f64 {
    let len = damages.iter().map(|(_, d)| d.len()).max().unwrap_or(1);
    let cdf_of_max = |mine: bool| -> Vec<f64> {
        let mut cdf = vec![1.0; len];
        for (p, d) in damages {
            if (*p == player) != mine {
                continue;
            }
            let mut acc = 0.0;
            for (x, c) in cdf.iter_mut().enumerate() {
                acc += d.get(x).copied().unwrap_or(0.0);
                *c *= acc.min(1.0);
            }
        }
        cdf
    };
    let has = |mine: bool| damages.iter().any(|(p, _)| (*p == player) == mine);
    match (has(true), has(false)) {
        (false, _) => return 0.0,
        (true, false) => return 1.0,
        _ => {}
    }
    let (mine, theirs) = (cdf_of_max(true), cdf_of_max(false));
    let mut win = 0.0;
    for x in 0..len {
        let pm = mine[x] - if x > 0 { mine[x - 1] } else { 0.0 };
        let below = if x > 0 { theirs[x - 1] } else { 0.0 };
        let at = theirs[x] - below;
        win += pm * (below + 0.5 * at);
    }
    win
}

/// `player`'s share of the win in the Food-Off under way, if the student to attack now (`me`)
/// attacks with `families`; the others who have not attacked yet are expected to take their best
/// average attack.
pub fn food_off_share(game: &Game, player: u8, me: StudentId, families: u8) -> f64 {
    food_off_odds(game, player, Some((me, families)))
}

/// `player`'s share of the win in the Food-Off under way, every survivor who has not attacked yet
/// taking its best average attack.
pub fn food_off_outlook(game: &Game, player: u8) -> f64 {
    food_off_odds(game, player, None)
}

/// The Food-Off's odds for `player`, the student of `chosen` (if any) attacking with its
/// families and every other survivor yet to attack with its best average attack.
fn food_off_odds(game: &Game, player: u8, chosen: Option<(StudentId, u8)>) -> f64 {
    let others = best_expected_attack(game, player);
    let damages: Vec<(u8, Damage)> = game
        .food_off_standings()
        .into_iter()
        .map(|(s, done)| {
            let owner = game.students()[usize::from(s)].player;
            let d = match (done, chosen) {
                (Some(score), _) => point(score),
                (None, Some((me, families))) if s == me => attack_damage(game, player, families),
                (None, _) => others.clone(),
            };
            (owner, d)
        })
        .collect();
    share(player, &damages)
}

/// A damage known for sure.
fn point(score: u16) -> Damage {
    let mut d = vec![0.0; usize::from(score) + 1];
    d[usize::from(score)] = 1.0;
    d
}

/// `player`'s share of a Food-Off between `mine` of its students and `theirs` of the others',
/// each taking the best average attack (`attack`).
pub fn count_share(player: u8, mine: usize, theirs: usize, attack: &Damage) -> f64 {
    let other = player.wrapping_add(1);
    let damages: Vec<(u8, Damage)> = std::iter::repeat_n((player, attack.clone()), mine)
        .chain(std::iter::repeat_n((other, attack.clone()), theirs))
        .collect();
    share(player, &damages)
}
