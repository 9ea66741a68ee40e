//! Rates per client: how often one client (address) may do a costly thing in a window of time.
//! Counted under one lock, so requests racing each other cannot all slip under the limit.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Clients remembered before the ones whose window has ended are forgotten.
const CLIENTS_KEPT: usize = 10_000;

/// At most `per_window` times per client in each `window`.
#[derive(Debug)]
pub struct Rate {
    per_window: u32,
    window: Duration,
    seen: Mutex<HashMap<String, (Instant, u32)>>,
}

impl Rate {
    /// A rate of `per_window` times per `window`.
    pub fn new(per_window: u32, window: Duration) -> Rate {
        Rate {
            per_window,
            window,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one more for `client`: whether it is within the rate.
    pub fn allow(&self, client: &str) -> bool {
        let now = Instant::now();
        let mut seen = self.seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if seen.len() >= CLIENTS_KEPT {
            seen.retain(|_, (start, _)| now.duration_since(*start) < self.window);
        }
        let (start, count) = seen.entry(client.to_string()).or_insert((now, 0));
        if now.duration_since(*start) >= self.window {
            (*start, *count) = (now, 0);
        }
        if *count >= self.per_window {
            return false;
        }
        *count += 1;
        true
    }

    /// The rate, in words, for a refusal.
    pub fn words(&self) -> String {
        format!("at most {} per {} s per client", self.per_window, self.window.as_secs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_client_gets_its_own_count_and_a_new_window_starts_afresh() {
        let rate = Rate::new(2, Duration::from_millis(200));
        assert!(rate.allow("a") && rate.allow("a"));
        assert!(!rate.allow("a"));
        assert!(rate.allow("b"));
        std::thread::sleep(Duration::from_millis(250));
        assert!(rate.allow("a"));
    }
}
