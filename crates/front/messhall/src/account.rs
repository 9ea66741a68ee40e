//! `messhall account`: the operator's work on players' accounts, straight on the database.

use anyhow::{Context, bail};
use std::io::BufRead;

/// What to do to an account.
#[derive(clap::Subcommand)]
pub enum AccountCommand {
    /// Give an account a new password and log it out everywhere. Prints a new random password,
    /// or with --stdin sets the one read from the first line of standard input.
    ResetPassword {
        /// The account's login name (any case).
        name: String,
        /// The database: sqlite:PATH or postgres://... (default: the one `messhall serve` uses
        /// by default).
        #[arg(long)]
        db: Option<String>,
        /// Read the new password from standard input instead of making one.
        #[arg(long)]
        stdin: bool,
    },
}

/// Runs `what`.
pub fn run(what: AccountCommand) -> anyhow::Result<()> {
    match what {
        AccountCommand::ResetPassword { name, db, stdin } => {
            let db = match db {
                Some(db) => db,
                None => messhall_server::default_db()?,
            };
            let password = if stdin {
                let mut line = String::new();
                std::io::stdin().lock().read_line(&mut line).context("standard input")?;
                let line = line.trim_end_matches(['\r', '\n']).to_string();
                if line.is_empty() {
                    bail!("standard input: no password on its first line");
                }
                line
            } else {
                made_password()?
            };
            messhall_server::reset_password(&db, &name, &password).map_err(anyhow::Error::msg)?;
            if stdin {
                println!("the password of {name} is set; its sessions are ended");
            } else {
                println!("the new password of {name}: {password}");
                println!("(its sessions are ended)");
            }
            Ok(())
        }
    }
}

/// 16 letters and digits, none easily mistaken for another (about 93 bits), from the operating
/// system's randomness; bytes past the last whole multiple of the alphabet are drawn again, so
/// every letter is as likely.
fn made_password() -> anyhow::Result<String> {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let fair = 256 - 256 % ALPHABET.len();
    let mut out = String::new();
    while out.len() < 16 {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no random bytes: {e}"))?;
        out.extend(
            bytes
                .iter()
                .filter(|b| (**b as usize) < fair)
                .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
                .take(16 - out.len()),
        );
    }
    Ok(out)
}
