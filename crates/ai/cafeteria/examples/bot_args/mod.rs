//! The command line the cafeteria examples share: two bots, then numbers by position. Bad input
//! stops the example with the usage line (exit status 2).

use messhall_cafeteria_ai::bench::BotConfig;
use std::str::FromStr;

/// The arguments after the program's name, and the usage line to print on bad input.
pub struct BotArgs {
    args: Vec<String>,
    usage: &'static str,
}

impl BotArgs {
    pub fn from_env(usage: &'static str) -> BotArgs {
        BotArgs {
            args: std::env::args().skip(1).collect(),
            usage,
        }
    }

    /// The two bots A and B, the first two arguments.
    pub fn bots(&self) -> (BotConfig, BotConfig) {
        let (Some(a), Some(b)) = (self.args.first(), self.args.get(1)) else {
            self.fail(self.usage.to_string());
        };
        let kind = |s: &str| s.parse::<BotConfig>().unwrap_or_else(|e| self.fail(e.to_string()));
        (kind(a), kind(b))
    }

    /// Argument `i` (from 0) as a number, if it is given.
    pub fn given<T: FromStr>(&self, i: usize) -> Option<T> {
        self.args.get(i).map(|s| {
            s.parse()
                .unwrap_or_else(|_| self.fail(format!("argument {}: {s:?} is not a number; {}", i + 1, self.usage)))
        })
    }

    fn fail(&self, message: String) -> ! {
        eprintln!("{message}");
        std::process::exit(2)
    }
}
