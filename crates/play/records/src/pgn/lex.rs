//! PGN text as tokens: tags, brace comments and symbols (moves and results), each with its line.
//! Move numbers, NAGs (`$1`), annotation marks (`!?`), `e.p.`, rest-of-line comments (`;`),
//! escape lines (`%`) and whole variations (`( ... )`, nested) are read and dropped here.

/// One token the reader acts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag { name: &'a str, value: String },
    /// The text between `{` and `}`.
    Comment(&'a str),
    /// A move or a result token.
    Symbol(&'a str),
}

/// A token and the line it starts on (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Lexed<'a> {
    pub token: Token<'a>,
    pub line: usize,
}

/// Why the text is not PGN, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LexError {
    pub line: usize,
    pub why: String,
}

/// Bytes that end a symbol (each has its own arm in `next`, so a symbol is never empty).
const DELIMITERS: &[u8] = b"{}()[];$\"";

/// Tokens of a PGN text, in order.
pub(super) struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    /// How deep in variations, and the line the outermost one opened on.
    depth: usize,
    opened: usize,
    failed: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            at: 0,
            line: 1,
            depth: 0,
            opened: 0,
            failed: false,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn fail(&mut self, line: usize, why: impl Into<String>) -> Option<Result<Lexed<'a>, LexError>> {
        self.failed = true;
        Some(Err(LexError { line, why: why.into() }))
    }

    /// Moves past `n` bytes, counting the lines they end.
    fn advance(&mut self, n: usize) {
        let end = (self.at + n).min(self.text.len());
        self.line += self.bytes()[self.at..end].iter().filter(|&&b| b == b'\n').count();
        self.at = end;
    }

    /// The offset of the next `byte` from here, if any.
    fn offset_of(&self, byte: u8) -> Option<usize> {
        self.bytes()[self.at..].iter().position(|&b| b == byte)
    }

    fn skip_line(&mut self) {
        let n = self.offset_of(b'\n').unwrap_or(self.text.len() - self.at);
        self.advance(n);
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.bytes()[self.at - 1] == b'\n'
    }

    /// Reads `[Name "value"]` from its `[`.
    fn tag(&mut self) -> Result<Token<'a>, String> {
        const FORM: &str = "a tag is written [Name \"value\"] on one line";
        let bytes = self.bytes();
        let mut i = self.at + 1;
        let skip_blanks = |mut i: usize| {
            while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
                i += 1;
            }
            i
        };
        i = skip_blanks(i);
        let name_start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let name = &self.text[name_start..i];
        let shown = messhall_rules::echo(name);
        i = skip_blanks(i);
        if name.is_empty() || bytes.get(i) != Some(&b'"') {
            return Err(FORM.into());
        }
        i += 1;
        let mut value = String::new();
        let value_start = i;
        loop {
            match bytes.get(i) {
                None | Some(b'\n' | b'\r') => return Err(format!("the value of tag {shown} is not closed: {FORM}")),
                Some(b'"') => break,
                Some(b'\\') if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => i += 2,
                Some(_) => i += 1,
            }
        }
        let raw = &self.text[value_start..i];
        let mut chars = raw.chars().peekable();
        while let Some(c) = chars.next() {
            // Only \" and \\ are escapes; any other backslash is itself.
            match chars.peek() {
                Some(&next @ ('"' | '\\')) if c == '\\' => {
                    value.push(next);
                    chars.next();
                }
                _ => value.push(c),
            }
        }
        i = skip_blanks(i + 1);
        if bytes.get(i) != Some(&b']') {
            return Err(format!("tag {shown} does not end in ']': {FORM}"));
        }
        self.at = i + 1;
        Ok(Token::Tag { name, value })
    }
}

/// A symbol without its move number (`12.`, `12...`), annotation marks and `e.p.`; empty when
/// nothing is left.
fn bare_symbol(symbol: &str) -> &str {
    let digits = symbol.bytes().take_while(u8::is_ascii_digit).count();
    let mut s = symbol;
    if digits > 0 {
        let dots = symbol[digits..].bytes().take_while(|&b| b == b'.').count();
        if dots > 0 || digits == symbol.len() {
            s = &symbol[digits + dots..];
        }
    }
    let s = s.trim_end_matches(['!', '?']);
    s.strip_suffix("e.p.").unwrap_or(s)
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Lexed<'a>, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            let blanks = self.bytes()[self.at..]
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            self.advance(blanks);
            let line = self.line;
            let Some(&byte) = self.bytes().get(self.at) else {
                if self.depth > 0 {
                    let opened = self.opened;
                    return self.fail(opened, "a variation '(' opened on this line is never closed");
                }
                return None;
            };
            match byte {
                b'%' if self.at_line_start() => self.skip_line(),
                b';' => self.skip_line(),
                b'{' => {
                    let Some(len) = self.offset_of(b'}') else {
                        return self.fail(line, "a comment '{' opened on this line is never closed");
                    };
                    let comment = &self.text[self.at + 1..self.at + len];
                    self.advance(len + 1);
                    if self.depth == 0 {
                        return Some(Ok(Lexed {
                            token: Token::Comment(comment),
                            line,
                        }));
                    }
                }
                b'(' => {
                    if self.depth == 0 {
                        self.opened = line;
                    }
                    self.depth += 1;
                    self.at += 1;
                }
                b')' => {
                    if self.depth == 0 {
                        return self.fail(line, "')' closes no variation");
                    }
                    self.depth -= 1;
                    self.at += 1;
                }
                b'$' => {
                    let digits = self.bytes()[self.at + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    if digits == 0 {
                        return self.fail(line, "'$' must be followed by a number (a NAG like $1)");
                    }
                    self.at += 1 + digits;
                }
                b'[' => {
                    if self.depth > 0 {
                        return self.fail(line, "a tag inside a variation: is a ')' missing?");
                    }
                    return match self.tag() {
                        Ok(token) => Some(Ok(Lexed { token, line })),
                        Err(why) => self.fail(line, why),
                    };
                }
                b']' | b'"' => {
                    return self.fail(line, format!("'{}' outside a tag", byte as char));
                }
                b'}' => return self.fail(line, "'}' closes no comment"),
                _ => {
                    let len = self.bytes()[self.at..]
                        .iter()
                        .take_while(|b| !b.is_ascii_whitespace() && !DELIMITERS.contains(b))
                        .count();
                    let symbol = &self.text[self.at..self.at + len];
                    self.at += len;
                    let bare = bare_symbol(symbol);
                    if self.depth == 0 && !bare.is_empty() {
                        return Some(Ok(Lexed {
                            token: Token::Symbol(bare),
                            line,
                        }));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Result<Vec<Token<'_>>, LexError> {
        Lexer::new(text).map(|t| t.map(|l| l.token)).collect()
    }

    #[test]
    fn numbers_nags_marks_and_variations_are_dropped() {
        let got =
            tokens("1.e4 $1 e5!? 2. Nf3 (2. f4 {gambit} (2. d4)) 2...Nc6 3.exd6 e.p. 0-0 ; note\n% esc\n1-0").unwrap();
        let symbols = ["e4", "e5", "Nf3", "Nc6", "exd6", "0-0", "1-0"];
        assert_eq!(got, symbols.iter().map(|s| Token::Symbol(s)).collect::<Vec<_>>());
    }

    #[test]
    fn tags_unescape_and_comments_keep_their_text() {
        let got = tokens("[White \"A \\\"B\\\" \\\\ C\"]\n{step d4-e5} *").unwrap();
        assert_eq!(
            got,
            [
                Token::Tag {
                    name: "White",
                    value: "A \"B\" \\ C".into()
                },
                Token::Comment("step d4-e5"),
                Token::Symbol("*")
            ]
        );
    }

    #[test]
    fn unclosed_things_say_where_they_opened() {
        let lines = |text: &str| Lexer::new(text).find_map(Result::err).map(|e| (e.line, e.why));
        assert_eq!(lines("1. e4\n{open").map(|l| l.0), Some(2));
        assert!(lines("e4 (e5\n\nd4").unwrap().1.contains("never closed"));
        assert!(lines("e4 )").unwrap().1.contains("closes no variation"));
        assert!(lines("[Event \"x]\n").unwrap().1.contains("not closed"));
        assert!(lines("[Event x]").unwrap().1.contains("[Name \"value\"]"));
        assert!(lines("e4 $ e5").unwrap().1.contains("NAG"));
        assert!(lines("e4 } e5").unwrap().1.contains("closes no comment"));
    }
}
