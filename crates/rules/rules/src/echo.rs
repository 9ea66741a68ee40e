//! Quoting a user's input back in an error message, cut short when it is long.

/// How many characters of an input an error message repeats.
pub const ECHO_CHARS: usize = 40;

/// `text` as an error message quotes it: whole when it has at most [`ECHO_CHARS`] characters,
/// otherwise its first characters and an ellipsis (so a 100 KB input gives a one-line error).
/// Control characters (a newline, a carriage return) are shown escaped, so the message stays one
/// line.
///
/// ```
/// assert_eq!(messhall_rules::echo("e2e4"), "e2e4");
/// assert_eq!(messhall_rules::echo("e2\ne4"), "e2\\ne4");
/// let long = "x".repeat(100_000);
/// assert_eq!(messhall_rules::echo(&long).chars().count(), messhall_rules::ECHO_CHARS + 1);
/// ```
pub fn echo(text: &str) -> String {
    let cut = match text.char_indices().nth(ECHO_CHARS) {
        Some((cut, _)) => &text[..cut],
        None => text,
    };
    let mut shown = String::with_capacity(cut.len());
    for c in cut.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    if cut.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// A parser's message (which may quote the input over several lines, control characters and
/// all) as one line of at most `max_chars` characters: line breaks become spaces, other control
/// characters are escaped, and a longer message is cut with an ellipsis.
pub fn one_line(message: &str, max_chars: usize) -> String {
    let mut line = String::new();
    for c in message.trim().chars() {
        match c {
            '\n' => line.push(' '),
            c if c.is_control() => line.extend(c.escape_default()),
            c => line.push(c),
        }
    }
    match line.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_a_character_not_a_byte() {
        let text = "é".repeat(ECHO_CHARS + 5);
        let cut = echo(&text);
        assert_eq!(cut.chars().count(), ECHO_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(echo(&"é".repeat(ECHO_CHARS)), "é".repeat(ECHO_CHARS));
    }

    #[test]
    fn control_characters_are_escaped_so_the_message_is_one_line() {
        assert_eq!(echo("f\rriendly\n"), "f\\rriendly\\n");
        assert!(!echo(&"b1d2\n".repeat(100)).contains('\n'));
    }
}
