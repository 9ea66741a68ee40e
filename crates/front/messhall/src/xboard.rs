//! `messhall xboard`: the XBoard/WinBoard engine protocol on standard input and output.

use messhall_dice::Seed;
use std::io::BufReader;

/// Runs the protocol until XBoard says `quit` or closes the input.
pub fn run(seed: Option<Seed>, hash: Option<u16>, variant_files: &[String]) -> anyhow::Result<()> {
    let mut config = messhall_xboard::Config {
        seed,
        ..messhall_xboard::Config::default()
    };
    if let Some(mb) = hash {
        config.hash_mb = usize::from(mb);
    }
    for file in variant_files {
        let game = messhall_records::catalog::load(file)?;
        if game.variant().is_none() {
            anyhow::bail!("--variant {file}: not a chess variant");
        }
        messhall_records::catalog::check_protocol_name(game.name())
            .map_err(|e| anyhow::anyhow!("--variant {file}: {e}"))?;
        config.extra_variants.push(game);
    }
    let input = BufReader::new(std::io::stdin());
    messhall_xboard::run(input, std::io::stdout().lock(), config)?;
    Ok(())
}
