//! `messhall balance`: a game's balance report from self-play (the play layer's
//! `messhall-balance`), printed as text and written as JSON and HTML, with a progress bar.

use crate::resources;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use messhall_balance::{BalanceSpec, Strength};
use messhall_records::catalog;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The node budget a report plays at when given neither a level nor a budget.
pub const DEFAULT_NODES: u64 = 2_000;

/// What `messhall balance` is asked for.
pub struct BalanceRequest<'a> {
    pub variant: &'a str,
    pub games: u32,
    pub level: Option<u8>,
    pub nodes: Option<u64>,
    pub seed: u64,
    pub max_plies: u32,
    /// Games at once; `None`: one per core.
    pub concurrency: Option<usize>,
    pub json: Option<&'a Path>,
    pub html: Option<&'a Path>,
}

impl BalanceRequest<'_> {
    /// The strength asked for: a level or a node budget, not both.
    fn strength(&self) -> Result<Strength> {
        Ok(match (self.level, self.nodes) {
            (Some(_), Some(_)) => bail!("balance: give --level or --nodes, not both"),
            (Some(l), None) => Strength::Level(l),
            (None, Some(n)) => Strength::Nodes(n),
            (None, None) => Strength::Nodes(DEFAULT_NODES),
        })
    }

    /// The command that makes the same report (the options it depends on, without the output
    /// files and the number of threads).
    fn command(&self, strength: Strength) -> String {
        let strength = match strength {
            Strength::Level(l) => format!("--level {l}"),
            Strength::Nodes(n) => format!("--nodes {n}"),
        };
        format!(
            "messhall balance {} --games {} {strength} --seed {} --max-plies {}",
            self.variant, self.games, self.seed, self.max_plies
        )
    }
}

/// Makes the report, prints it, and writes the files asked for.
pub fn run(r: &BalanceRequest<'_>) -> Result<()> {
    let strength = r.strength()?;
    let concurrency = r
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    resources::check_concurrency(concurrency)?;
    let game = catalog::load(r.variant)?;
    let spec = BalanceSpec {
        game,
        games: r.games,
        strength,
        seed: r.seed,
        max_plies: r.max_plies,
        concurrency,
    };
    spec.check().context("balance")?;
    let bar = ProgressBar::new(u64::from(messhall_balance::total_games(&spec)));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let mut report = messhall_balance::run(
        &spec,
        &mut |done, _| bar.set_position(u64::from(done)),
        &AtomicBool::new(false),
    )
    .context("balance")?;
    bar.finish_and_clear();
    report.command = Some(r.command(strength));
    print!("{}", messhall_balance::text::render(&report));
    println!(
        "Time taken: {:.1} s on {concurrency} threads",
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = r.json {
        std::fs::write(path, report.to_json()).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = r.html {
        std::fs::write(path, messhall_balance::html::render(&report))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(games: u32, level: Option<u8>, nodes: Option<u64>, variant: &str) -> BalanceRequest<'_> {
        BalanceRequest {
            variant,
            games,
            level,
            nodes,
            seed: 1,
            max_plies: 20,
            concurrency: Some(1),
            json: None,
            html: None,
        }
    }

    /// Each bad request gets one line that says what is wrong.
    #[test]
    fn bad_options_get_one_line_each() {
        let cases = [
            (request(0, None, Some(10), "chess"), "games: 0 is not from 1 to 2000"),
            (
                request(2001, None, Some(10), "chess"),
                "games: 2001 is not from 1 to 2000",
            ),
            (
                request(2, Some(3), Some(10), "chess"),
                "give --level or --nodes, not both",
            ),
            (request(2, None, Some(0), "chess"), "nodes: 0 is not from 1"),
            (request(2, Some(10), None, "chess"), "level: 10 is not from 1 to 9"),
            (
                request(2, None, Some(10), "no-such-game"),
                "no-such-game: not a game of messhall",
            ),
        ];
        for (r, expected) in cases {
            let err = format!("{:#}", run(&r).unwrap_err());
            assert!(err.contains(expected), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
    }

    #[test]
    fn the_command_names_what_the_report_depends_on() {
        let r = request(4, Some(3), None, "friendly");
        assert_eq!(
            r.command(Strength::Level(3)),
            "messhall balance friendly --games 4 --level 3 --seed 1 --max-plies 20"
        );
    }
}
