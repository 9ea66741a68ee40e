//! The programs `bench perft` and `bench depth` run beside ours: Fairy-Stockfish builds (given with
//! `--peer`, or the master builds of `../shared/peers/` beside the checkout) and another messhall
//! (`--against`), each timed in its own process by CPU time with its start-up taken off.

use crate::bench::Peer;
use anyhow::{Context, Result, bail};
use nix::sys::resource::{UsageWho, getrusage};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folder of peer builds, relative to the folder that holds the checkout.
const PEERS_DIR: &str = "shared/peers";

/// Where the peers' 12x10 game is defined, beside the peer builds.
pub(crate) const XCHECK_INI: &str = "xcheck.ini";

/// The peers to run: the paths given, each checked, or the master builds found beside the checkout
/// (none when there is no such folder).
///
/// # Errors
/// A given path that is not a file, in one line.
pub(crate) fn find_peers(given: &[String]) -> Result<Vec<PathBuf>> {
    if !given.is_empty() {
        return given
            .iter()
            .map(|p| {
                let path = PathBuf::from(p);
                if path.is_file() {
                    Ok(path)
                } else {
                    bail!("--peer {p}: no such program")
                }
            })
            .collect();
    }
    let Some(dir) = peers_dir() else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    Ok(choose_builds(&names, cpu_has_bmi2())
        .into_iter()
        .map(|n| dir.join(n))
        .collect())
}

/// `../shared/peers/` beside the checkout this program was built in: the first folder above the
/// program's own that holds `shared/peers`.
pub(crate) fn peers_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    exe.ancestors().map(|a| a.join(PEERS_DIR)).find(|d| d.is_dir())
}

/// Of the files of the peers folder, one Fairy-Stockfish master build per board size: the BMI2
/// build where the processor has fast BMI2, else the AVX2 one; sorted, 8x8 first.
fn choose_builds(names: &[String], bmi2: bool) -> Vec<String> {
    let (wanted, other) = if bmi2 { ("-bmi2", "-avx2") } else { ("-avx2", "-bmi2") };
    let mut chosen = Vec::new();
    for size in ["-8x8", "-largeboards"] {
        let prefix = format!("fairy-stockfish-master{size}");
        let pick = |suffix: &str| names.iter().find(|n| **n == format!("{prefix}{suffix}"));
        if let Some(n) = pick(wanted).or_else(|| if bmi2 { pick(other) } else { None }) {
            chosen.push(n.clone());
        }
    }
    chosen
}

fn cpu_has_bmi2() -> bool {
    std::fs::read_to_string("/proc/cpuinfo")
        .map(|s| cpuinfo_has_bmi2(&s))
        .unwrap_or(false)
}

/// Whether /proc/cpuinfo's first `flags` line names bmi2.
fn cpuinfo_has_bmi2(cpuinfo: &str) -> bool {
    cpuinfo
        .lines()
        .find(|l| l.starts_with("flags"))
        .is_some_and(|l| l.split_whitespace().any(|w| w == "bmi2"))
}

/// A peer's name in the tables: its file name.
pub(crate) fn label(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The CPU seconds this thread has used.
pub(crate) fn thread_cpu() -> f64 {
    getrusage(UsageWho::RUSAGE_THREAD).map_or(0.0, |u| seconds(&u))
}

/// The CPU seconds of all the children waited for so far.
fn children_cpu() -> f64 {
    getrusage(UsageWho::RUSAGE_CHILDREN).map_or(0.0, |u| seconds(&u))
}

fn seconds(u: &nix::sys::resource::Usage) -> f64 {
    let t = |tv: nix::sys::time::TimeVal| tv.tv_sec() as f64 + tv.tv_usec() as f64 / 1e6;
    t(u.user_time()) + t(u.system_time())
}

/// How a Fairy-Stockfish build is told the game: UCI lines sent before `position`.
pub(crate) fn uci_setup(variant: &str, ini: Option<&Path>) -> String {
    match ini {
        // The variant must be chosen after its file is read, and the position after the variant:
        // otherwise Fairy-Stockfish silently counts FIDE chess.
        Some(ini) => format!(
            "uci\nsetoption name VariantPath value {}\nsetoption name UCI_Variant value {variant}",
            ini.display()
        ),
        None => format!("uci\nsetoption name UCI_Variant value {variant}"),
    }
}

/// `go perft depth` in a fresh Fairy-Stockfish process told `setup` and then `fen`: the count and
/// the process's CPU seconds, start-up included (the caller takes off a depth-1 run's).
fn uci_perft_once(binary: &Path, setup: &str, fen: &str, depth: u32) -> Result<(u64, f64)> {
    let shown = binary.display().to_string();
    let before = children_cpu();
    let Peer {
        mut child,
        mut stdin,
        mut lines,
    } = Peer::start(&shown, &format!("{setup}\nposition fen {fen}"))?;
    writeln!(stdin, "go perft {depth}")?;
    stdin.flush()?;
    let mut nodes = None;
    for line in lines.by_ref() {
        if let Some(n) = line?.strip_prefix("Nodes searched:") {
            nodes = Some(n.trim().parse::<u64>()?);
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    child.wait()?;
    let cpu = children_cpu() - before;
    match nodes {
        Some(n) => Ok((n, cpu)),
        None => bail!("{shown} printed no node count"),
    }
}

/// `messhall perft GAME depth --fen FEN` of another messhall build: the count and its CPU seconds.
fn messhall_perft_once(binary: &Path, game: &str, fen: &str, depth: u32) -> Result<(u64, f64)> {
    let before = children_cpu();
    let out = Command::new(binary)
        .args(["perft", game, &depth.to_string(), "--fen", fen])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .with_context(|| format!("cannot start {}", binary.display()))?;
    let cpu = children_cpu() - before;
    let text = String::from_utf8_lossy(&out.stdout);
    match text.lines().last().map(|l| l.trim().parse::<u64>()) {
        Some(Ok(n)) if out.status.success() => Ok((n, cpu)),
        _ => bail!("{} perft {game} {depth}: no count", binary.display()),
    }
}

/// A program timed beside ours.
pub(crate) enum Opponent {
    /// A Fairy-Stockfish build over UCI, with the folder of its variant files.
    Uci { path: PathBuf, ini_dir: Option<PathBuf> },
    /// Another messhall build.
    Messhall(PathBuf),
}

/// What an opponent is asked: the game in both programs' words and the position.
pub(crate) struct Work<'a> {
    /// Our game: a built-in name or a variant file.
    pub game: &'a str,
    /// Fairy-Stockfish's variant name, if it plays the game.
    pub fsf_variant: Option<&'a str>,
    /// Whether Fairy-Stockfish needs `xcheck.ini` for it.
    pub needs_ini: bool,
    pub fen: &'a str,
    /// Our count at depth 1, which the opponent must match to be timed at all.
    pub first_count: u64,
}

impl Opponent {
    pub(crate) fn label(&self) -> String {
        match self {
            Opponent::Uci { path, .. } => label(path),
            Opponent::Messhall(path) => format!("{} (--against)", label(path)),
        }
    }

    /// The count at `depth` and the CPU seconds it took, start-up (a depth-1 run's) taken off;
    /// `Ok(Err(why))` when this program does not play the game.
    pub(crate) fn perft(&self, work: &Work<'_>, depth: u32) -> Result<std::result::Result<(u64, f64), String>> {
        let once = |d: u32| -> Result<(u64, f64)> {
            match self {
                Opponent::Uci { path, ini_dir } => {
                    let ini = ini_dir.as_ref().map(|d| d.join(XCHECK_INI));
                    let variant = work.fsf_variant.unwrap_or("chess");
                    let setup = uci_setup(variant, ini.as_deref().filter(|_| work.needs_ini));
                    uci_perft_once(path, &setup, work.fen, d)
                }
                Opponent::Messhall(path) => messhall_perft_once(path, work.game, work.fen, d),
            }
        };
        if let Opponent::Uci { ini_dir, .. } = self {
            if work.fsf_variant.is_none() {
                return Ok(Err("plays no such game".into()));
            }
            if work.needs_ini && !ini_dir.as_ref().is_some_and(|d| d.join(XCHECK_INI).is_file()) {
                return Ok(Err(format!("no {XCHECK_INI} beside it")));
            }
        }
        let (first, start_up) = once(1)?;
        if first != work.first_count {
            return Ok(Err(format!(
                "counts {first} moves at depth 1, we count {}: not this game (a smaller board?)",
                work.first_count
            )));
        }
        let (nodes, cpu) = once(depth)?;
        Ok(Ok((nodes, (cpu - start_up).max(1e-6))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_string()).collect()
    }

    const SHARED: &[&str] = &[
        "README.md",
        "fairy-stockfish-master-8x8-avx2",
        "fairy-stockfish-master-8x8-bmi2",
        "fairy-stockfish-master-largeboards-avx2",
        "fairy-stockfish-master-largeboards-bmi2",
        "xcheck.ini",
    ];

    #[test]
    fn one_build_per_board_size_the_processor_runs_fast() {
        assert_eq!(
            choose_builds(&names(SHARED), true),
            names(&[
                "fairy-stockfish-master-8x8-bmi2",
                "fairy-stockfish-master-largeboards-bmi2"
            ])
        );
        assert_eq!(
            choose_builds(&names(SHARED), false),
            names(&[
                "fairy-stockfish-master-8x8-avx2",
                "fairy-stockfish-master-largeboards-avx2"
            ])
        );
    }

    #[test]
    fn a_processor_without_bmi2_never_gets_a_bmi2_build() {
        let only_bmi2 = names(&["fairy-stockfish-master-8x8-bmi2"]);
        assert!(choose_builds(&only_bmi2, false).is_empty());
        assert_eq!(choose_builds(&only_bmi2, true), only_bmi2);
        assert!(choose_builds(&names(&["README.md", "xcheck.ini"]), true).is_empty());
    }

    #[test]
    fn bmi2_is_read_from_the_flags_line() {
        assert!(cpuinfo_has_bmi2("processor : 0\nflags : fpu sse2 avx2 bmi1 bmi2 adx\n"));
        assert!(!cpuinfo_has_bmi2(
            "processor : 0\nflags : fpu sse2 avx2 bmi1\nbugs : bmi2\n"
        ));
        assert!(!cpuinfo_has_bmi2(""));
    }

    #[test]
    fn a_missing_peer_is_a_one_line_error() {
        let e = find_peers(&["/nonexistent/fsf".to_string()]).unwrap_err().to_string();
        assert_eq!(e, "--peer /nonexistent/fsf: no such program");
    }

    /// The variant is chosen after its file is read (the order Fairy-Stockfish needs).
    #[test]
    fn the_variant_file_is_read_before_the_variant_is_chosen() {
        let s = uci_setup("xcheck", Some(Path::new("/p/xcheck.ini")));
        let path = s.find("VariantPath value /p/xcheck.ini").unwrap();
        let variant = s.find("UCI_Variant value xcheck").unwrap();
        assert!(path < variant);
        assert_eq!(uci_setup("chess", None), "uci\nsetoption name UCI_Variant value chess");
    }

    #[test]
    fn a_peer_is_named_by_its_file() {
        assert_eq!(label(Path::new("/a/b/fairy-stockfish")), "fairy-stockfish");
    }
}
