//! The limits a variant file must respect, checked when it is loaded, so that a file from a
//! stranger can neither hang the program nor exhaust its memory, and no number it gives can
//! overflow later. `docs/variant-files.md` lists them for users; each error names the field (and
//! the piece) and the limit.

use crate::problem::Locator;
use crate::spec::{PieceSpec, VariantSpec};
use messhall_betza::PieceMoves;

/// Most bytes a variant file may have (read no further than this).
pub const MAX_FILE_BYTES: u64 = 256 * 1024;
/// Most characters of a name, a description, a counter name or a piece name.
pub const MAX_TEXT_CHARS: usize = 200;
/// Most characters of the prose `rules_text` (several pages; a server bounds the whole file anyway).
pub const MAX_RULES_TEXT_CHARS: usize = 16_000;
/// Most characters of the start position.
pub const MAX_START_CHARS: usize = 1000;
/// Most characters of one XBetza field (`betza`, `rifle`, `katana`, `swap`, `when_attacked`).
pub const MAX_BETZA_CHARS: usize = 200;
/// Most legs one move may have (`mfWacfF` has 2).
pub const MAX_LEGS: usize = 8;
/// Most moves one XBetza field may expand to, after duplicates are removed (`Q` is 8, `N` 8).
pub const MAX_PIECE_MOVES: usize = 256;
/// Most legs the multi-leg moves of one XBetza field may have together (`QaQ`: 64 moves of
/// 2 legs, 128): each is walked on every move generation.
pub const MAX_MULTI_LEG_LEGS: usize = 256;
/// Most squares the one-leg moves of a piece may reach from one square of the board.
pub const MAX_TARGETS_PER_SQUARE: usize = 1024;
/// Largest piece `value` (centipawns; a FIDE queen is about 900).
pub const MAX_PIECE_VALUE: i32 = 10_000;
/// Largest starting `counter` of a piece.
pub const MAX_COUNTER: u16 = 1000;
/// Largest `fifty_moves`.
pub const MAX_FIFTY_MOVES: u32 = 10_000;
/// Largest `repetitions`.
pub const MAX_REPETITIONS: u32 = 100;
/// Most `[[promotion]]` and `[[drops]]` tables, each.
pub const MAX_RULE_TABLES: usize = 64;

/// Checks the numbers and lengths of `spec` that need no compiling; notes each fault in `found`.
pub(crate) fn check_spec(spec: &VariantSpec, found: &mut Locator<'_>) {
    let mut check = |field: &str, result: Result<(), String>| {
        if let Err(message) = result {
            found.add(field, message);
        }
    };
    check("name", text_length("name", &spec.name, MAX_TEXT_CHARS));
    check(
        "description",
        text_length("description", &spec.description, MAX_TEXT_CHARS),
    );
    if let Some(title) = &spec.title {
        check("title", text_length("title", title, MAX_TEXT_CHARS));
    }
    check("start", text_length("start", &spec.start, MAX_START_CHARS));
    if let Some(prose) = &spec.rules_text {
        check("rules_text", prose_length("rules_text", prose, MAX_RULES_TEXT_CHARS));
    }
    if let Some(counter) = &spec.counter {
        check("counter", text_length("counter", counter, MAX_TEXT_CHARS));
    }
    if spec.promotion.len() > MAX_RULE_TABLES {
        let n = spec.promotion.len();
        check(
            "promotion",
            Err(format!("{n} [[promotion]] tables; at most {MAX_RULE_TABLES}")),
        );
    }
    if spec.drops.len() > MAX_RULE_TABLES {
        let n = spec.drops.len();
        check("drops", Err(format!("{n} [[drops]] tables; at most {MAX_RULE_TABLES}")));
    }
    let end = &spec.end;
    if end.fifty_moves > MAX_FIFTY_MOVES {
        let n = end.fifty_moves;
        check(
            "end.fifty_moves",
            Err(format!("[end] fifty_moves = {n}: at most {MAX_FIFTY_MOVES}")),
        );
    }
    if end.repetitions == 1 || end.repetitions > MAX_REPETITIONS {
        let n = end.repetitions;
        check(
            "end.repetitions",
            Err(format!(
                "[end] repetitions = {n}: 0 (no such rule) or 2 to {MAX_REPETITIONS}"
            )),
        );
    }
    for (i, piece) in spec.pieces.iter().enumerate() {
        check_piece(i, piece, found);
    }
}

fn check_piece(i: usize, p: &PieceSpec, found: &mut Locator<'_>) {
    let name = crate::echo(&p.name);
    let field = |f: &str| format!("piece[{i}].{f}");
    if p.name.chars().count() > MAX_TEXT_CHARS {
        found.add(
            &field("name"),
            format!("piece \"{name}\": name longer than {MAX_TEXT_CHARS} characters"),
        );
    } else if let Err(e) = text_length("name", &p.name, MAX_TEXT_CHARS) {
        found.add(&field("name"), format!("piece \"{name}\": {e}"));
    }
    let fields = [
        ("betza", Some(&p.betza)),
        ("rifle", p.rifle.as_ref()),
        ("katana", p.katana.as_ref()),
        ("swap", p.swap.as_ref()),
        ("when_attacked", p.when_attacked.as_ref()),
    ];
    for (f, text) in fields {
        if let Some(Err(e)) = text.map(|text| text_length(f, text, MAX_BETZA_CHARS)) {
            found.add(&field(f), format!("piece \"{name}\": {e}"));
        }
    }
    if let Some(value) = p.value.filter(|v| !(-MAX_PIECE_VALUE..=MAX_PIECE_VALUE).contains(v)) {
        found.add(
            &field("value"),
            format!("piece \"{name}\": value = {value}: -{MAX_PIECE_VALUE} to {MAX_PIECE_VALUE}"),
        );
    }
    if let Some(counter) = p.counter.filter(|&c| c > MAX_COUNTER) {
        found.add(
            &field("counter"),
            format!("piece \"{name}\": counter = {counter}: at most {MAX_COUNTER}"),
        );
    }
}

/// A text field is at most `max` characters on one line: errors and records quote it.
fn text_length(field: &str, text: &str, max: usize) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > max {
        return Err(format!("{field}: {chars} characters; at most {max}"));
    }
    if let Some((at, c)) = text.chars().enumerate().find(|(_, c)| c.is_control()) {
        return Err(format!(
            "{field}: a control character ({}) at character {}; a text field is one line",
            c.escape_default(),
            at + 1
        ));
    }
    Ok(())
}

/// A prose field is at most `max` characters; of the control characters it may hold only line
/// breaks and tabs.
fn prose_length(field: &str, text: &str, max: usize) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > max {
        return Err(format!("{field}: {chars} characters; at most {max}"));
    }
    let line_of = |at: usize| text.chars().take(at).filter(|&c| c == '\n').count() + 1;
    if let Some((at, c)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(format!(
            "{field}: a control character ({}) on its line {}",
            c.escape_default(),
            line_of(at)
        ));
    }
    Ok(())
}

/// Checks the moves one XBetza field of piece `name` expands to.
pub(crate) fn check_moves(name: &str, field: &str, moves: &PieceMoves) -> Result<(), String> {
    let name = crate::echo(name);
    if moves.moves.len() > MAX_PIECE_MOVES {
        return Err(format!(
            "piece \"{name}\": {field}: {} moves; at most {MAX_PIECE_MOVES}",
            moves.moves.len()
        ));
    }
    let mut multi_leg_legs = 0;
    for m in &moves.moves {
        if m.legs.len() > MAX_LEGS {
            return Err(format!(
                "piece \"{name}\": {field}: a move of {} legs; at most {MAX_LEGS}",
                m.legs.len()
            ));
        }
        if m.legs.len() > 1 {
            multi_leg_legs += m.legs.len();
        }
    }
    if multi_leg_legs > MAX_MULTI_LEG_LEGS {
        return Err(format!(
            "piece \"{name}\": {field}: its multi-leg moves have {multi_leg_legs} legs in all; at most {MAX_MULTI_LEG_LEGS}"
        ));
    }
    Ok(())
}
