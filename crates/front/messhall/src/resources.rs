//! What the machine can give: transposition tables and threads asked for on the command line are
//! bounded by its memory and cores, with a clear error instead of an abort.

use anyhow::{Result, bail};

/// The memory the machine has available, in MB, where the operating system tells it.
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Refuses `tables` transposition tables of `hash_mb` MB each when together they would take more
/// than half the memory the machine has available.
pub fn check_hash(hash_mb: usize, tables: usize) -> Result<()> {
    let total = hash_mb.saturating_mul(tables.max(1));
    if let Some(available) = available_mb()
        && total > available / 2
    {
        bail!(
            "--hash {hash_mb} for {} engine{} asks for {total} MB, more than half of the {available} MB this machine has free",
            tables.max(1),
            if tables > 1 { "s" } else { "" }
        );
    }
    Ok(())
}

/// Refuses more games at once than the machine has cores (each game's players want a core).
pub fn check_concurrency(concurrency: usize) -> Result<()> {
    let cores = messhall_table::arena::max_concurrency();
    if concurrency > cores {
        bail!("--concurrency {concurrency}: this machine has {cores} cores; play at most {cores} games at once");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn impossible_requests_are_refused_in_words() {
        let err = super::check_hash(16384, 1_000).unwrap_err().to_string();
        assert!(err.contains("more than half"), "{err}");
        assert!(super::check_hash(1, 2).is_ok());
        let err = super::check_concurrency(1024).unwrap_err().to_string();
        assert!(err.contains("cores"), "{err}");
        assert!(super::check_concurrency(1).is_ok());
    }
}
