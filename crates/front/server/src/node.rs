//! The node's name: which server process wrote a log line or answered `/health`, when several
//! serve one site. By default the machine's host name.

use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// The longest node name.
pub const NAME_CHARS: usize = 64;

/// The name when the host has none that fits.
pub const FALLBACK: &str = "messhall";

/// A node name that does not fit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a node name is 1 to {NAME_CHARS} letters, digits, '-', '_' or '.' (not \"{}\")", messhall_rules::echo(.0))]
pub struct BadName(pub String);

/// `text` as a node name: what a host name may hold, so it reads the same in a log line, a
/// metric's label and JSON.
///
/// # Errors
/// [`BadName`] for an empty or long name, or one with other characters.
pub fn name(text: &str) -> Result<String, BadName> {
    let fits = !text.is_empty()
        && text.chars().count() <= NAME_CHARS
        && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if fits {
        Ok(text.to_string())
    } else {
        Err(BadName(text.to_string()))
    }
}

/// The host's name (`/proc/sys/kernel/hostname`, else `$HOSTNAME`), else [`FALLBACK`].
pub fn default_name() -> String {
    let from_kernel = std::fs::read_to_string("/proc/sys/kernel/hostname").ok();
    let from_env = std::env::var("HOSTNAME").ok();
    [from_kernel, from_env]
        .into_iter()
        .flatten()
        .find_map(|text| name(text.trim()).ok())
        .unwrap_or_else(|| FALLBACK.to_string())
}

/// A log line's format that starts each line with `node=NAME`, then the usual format `F`:
/// every line is the node's, whichever task or thread wrote it.
pub struct WithNode<F> {
    node: String,
    inner: F,
}

impl<F> WithNode<F> {
    /// `inner`'s lines, each after `node`'s name.
    pub fn new(node: &str, inner: F) -> WithNode<F> {
        WithNode {
            node: node.to_string(),
            inner,
        }
    }
}

impl<S, N, F> FormatEvent<S, N> for WithNode<F>
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
    F: FormatEvent<S, N>,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        write!(writer, "node={} ", self.node)?;
        self.inner.format_event(ctx, writer, event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_name_is_what_a_host_name_holds() {
        assert_eq!(name("web-1.example").as_deref(), Ok("web-1.example"));
        assert!(name("").is_err());
        assert!(name("two words").is_err());
        assert!(name("a\nb").is_err());
        assert!(name(&"x".repeat(NAME_CHARS + 1)).is_err());
        assert!(name(&default_name()).is_ok());
    }

    #[test]
    fn every_line_starts_with_the_node() {
        use std::sync::{Arc, Mutex};
        #[derive(Clone, Default)]
        struct Lines(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Lines {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let lines = Lines::default();
        let out = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_writer(move || out.clone())
            .event_format(WithNode::new("kitchen-2", tracing_subscriber::fmt::format()))
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(game = "g1", "accepted");
            tracing::warn!("slow");
        });
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        for line in text.lines() {
            assert!(line.starts_with("node=kitchen-2 "), "{line}");
        }
        assert!(text.contains("accepted game=\"g1\""), "{text}");
    }
}
