//! Mutations of a text input: cuts, insertions, repeats, splices from other inputs, tokens of the
//! target's own language and numbers at the edges of the integer types.

use crate::rng::Rng;

/// Numbers at the edges of the types a parser may read them into.
pub const INTERESTING_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "7",
    "8",
    "15",
    "16",
    "17",
    "26",
    "127",
    "128",
    "255",
    "256",
    "1000",
    "1001",
    "4096",
    "10000",
    "10001",
    "32767",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1e9",
    "0x10",
    "-0",
    "+5",
];

/// Characters a parser may trip on.
const ODD_CHARS: &[char] = &[
    '\0', '\n', '\r', '\t', ' ', '"', '\'', '\\', '/', '[', ']', '{', '}', '(', ')', '=', ',', ';', '-', '+', '@', '#',
    '*', '~', '.', 'é', 'ß', '中', '\u{200B}', '\u{FEFF}', '𝄞', '\u{7F}',
];

/// The char boundaries of `text` (including its end).
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices().map(|(i, _)| i).chain([text.len()]).collect()
}

/// A random range `a..b` of char boundaries of `text`, at most `max` bytes long (roughly).
fn range(rng: &mut Rng, text: &str, max: usize) -> (usize, usize) {
    let b = boundaries(text);
    let start = rng.below(b.len());
    let mut end = start;
    let len = 1 + rng.below(max.max(1));
    while end + 1 < b.len() && b[end] - b[start] < len {
        end += 1;
    }
    (b[start], b[end])
}

/// Applies one to eight random mutations to `input`, with `tokens` (the target's own words) and
/// `others` (the corpus, for splices) as material; the result stays under `max_len` bytes.
pub fn mutate(rng: &mut Rng, input: &str, tokens: &[&str], others: &[String], max_len: usize) -> String {
    let mut text = input.to_string();
    let rounds = 1 + rng.below(8);
    for _ in 0..rounds {
        let b = boundaries(&text);
        let at = b[rng.below(b.len())];
        match rng.below(11) {
            0 | 1 => {
                let (a, z) = range(rng, &text, 16);
                text.replace_range(a..z, "");
            }
            2 => {
                let c = if rng.one_in(2) {
                    char::from(32 + rng.below(95) as u8)
                } else {
                    *rng.pick(ODD_CHARS)
                };
                text.insert(at, c);
            }
            3 => {
                let (a, z) = range(rng, &text, 8);
                let c = char::from(32 + rng.below(95) as u8);
                text.replace_range(a..z, &c.to_string());
            }
            4 | 5 if !tokens.is_empty() => {
                let token = *rng.pick(tokens);
                if rng.one_in(2) {
                    text.insert_str(at, token);
                } else {
                    let (a, z) = range(rng, &text, 6);
                    text.replace_range(a..z, token);
                }
            }
            6 => {
                // Repeat a piece of the input, a few times or very many.
                let (a, z) = range(rng, &text, 32);
                let times = if rng.one_in(4) {
                    50 + rng.below(2000)
                } else {
                    1 + rng.below(4)
                };
                let chunk = text[a..z].repeat(times);
                text.insert_str(z, &chunk);
            }
            7 if !others.is_empty() => {
                let other = rng.pick(others);
                let (a, z) = range(rng, other, 64);
                text.insert_str(at, &other[a..z]);
            }
            8 => replace_number(rng, &mut text),
            9 => {
                // Swap two lines (fields of a file, moves of a record).
                let mut lines: Vec<&str> = text.split('\n').collect();
                if lines.len() > 1 {
                    let i = rng.below(lines.len());
                    let j = rng.below(lines.len());
                    lines.swap(i, j);
                    text = lines.join("\n");
                }
            }
            _ => {
                // Duplicate or drop a whole line.
                let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
                let i = rng.below(lines.len());
                if rng.one_in(2) {
                    let line = lines[i].clone();
                    lines.insert(i, line);
                } else {
                    lines.remove(i);
                }
                text = lines.join("\n");
            }
        }
        if text.len() > max_len {
            let b = boundaries(&text);
            let cut = b.iter().rev().find(|&&i| i <= max_len).copied().unwrap_or(0);
            text.truncate(cut);
        }
    }
    text
}

/// Replaces one run of digits with a number at a type's edge.
fn replace_number(rng: &mut Rng, text: &mut String) {
    let digits: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| c.is_ascii_digit() && (i == 0 || !text.as_bytes()[i - 1].is_ascii_digit()))
        .map(|(i, _)| i)
        .collect();
    let number = *rng.pick(INTERESTING_NUMBERS);
    if digits.is_empty() {
        let b = boundaries(text);
        let at = b[rng.below(b.len())];
        text.insert_str(at, number);
        return;
    }
    let start = *rng.pick(&digits);
    let end = text[start..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |n| start + n);
    text.replace_range(start..end, number);
}
