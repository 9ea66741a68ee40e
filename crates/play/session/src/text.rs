//! Small helpers for echoing user input in messages.

/// The most characters of a user's input an error message repeats.
pub const ECHO_CHARS: usize = 40;

/// `text` cut to [`ECHO_CHARS`] characters with an ellipsis, so an error never repeats a huge
/// input whole.
pub fn shorten(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}
