//! What is wrong with a variant file: each fault on its own, with the field it is in and where
//! that field is written, so that a file with several faults is mended in one pass.

use toml_edit::{ImDocument, Item, Table, TableLike, Value};

/// The most faults one variant file reports: enough to mend it in a few passes, few enough to
/// keep an answer about a stranger's file small.
pub const MAX_PROBLEMS: usize = 50;

/// One fault of a variant file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct VariantProblem {
    /// The field at fault as a TOML path, arrays counted from 0: `piece[2].betza`,
    /// `promotion[0].rank`, `end.extinction`, `start`.
    pub field: String,
    /// The line where the field is written, from 1; 0 when the field is not in the file (a
    /// missing field, or a spec not read from a file).
    pub line: usize,
    /// The column of that place, from 1 (0 with line 0).
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl std::fmt::Display for VariantProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        write!(f, "{}", self.message)
    }
}

/// Finds fields of a variant file's text by their path, and gathers the faults found.
pub(crate) struct Locator<'a> {
    text: &'a str,
    doc: Option<ImDocument<&'a str>>,
    /// The faults found so far.
    pub(crate) found: Vec<VariantProblem>,
}

impl<'a> Locator<'a> {
    /// A locator for `text`, or one that knows no places when there is no text.
    pub(crate) fn new(text: Option<&'a str>) -> Locator<'a> {
        let text = text.unwrap_or("");
        Locator {
            text,
            doc: ImDocument::parse(text).ok(),
            found: Vec::new(),
        }
    }

    /// Notes the fault `message` of `field` (past [`MAX_PROBLEMS`], no more).
    pub(crate) fn add(&mut self, field: &str, message: impl Into<String>) {
        if self.found.len() < MAX_PROBLEMS {
            let problem = self.problem(field, message);
            self.found.push(problem);
        }
    }

    /// Whether a fault of `field` was noted already (a field too long is not parsed as well).
    pub(crate) fn has(&self, field: &str) -> bool {
        self.found.iter().any(|p| p.field == field)
    }

    /// The fault `message` of `field`, with the line and column where the field is written (or
    /// where the nearest table that holds it starts, for a field left out).
    pub(crate) fn problem(&self, field: &str, message: impl Into<String>) -> VariantProblem {
        let (line, column) = self
            .doc
            .as_ref()
            .and_then(|doc| span_of(doc.as_table(), field))
            .map_or((0, 0), |start| line_column(self.text, start));
        VariantProblem {
            field: field.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// A node of the document on a path: a table (top level or `[[array]]` entry) or a value.
enum Node<'d> {
    Table(&'d Table),
    Item(&'d Item),
    Value(&'d Value),
}

impl<'d> Node<'d> {
    fn span(&self) -> Option<usize> {
        match self {
            Node::Table(t) => t.span(),
            Node::Item(i) => i.span(),
            Node::Value(v) => v.span(),
        }
        .map(|s| s.start)
    }

    fn table(&self) -> Option<&'d dyn TableLike> {
        match self {
            Node::Table(t) => Some(*t as &dyn TableLike),
            Node::Item(i) => i.as_table_like(),
            Node::Value(v) => v.as_inline_table().map(|t| t as &dyn TableLike),
        }
    }

    fn index(&self, i: usize) -> Option<Node<'d>> {
        match self {
            Node::Item(Item::ArrayOfTables(a)) => a.get(i).map(Node::Table),
            Node::Item(Item::Value(Value::Array(a))) | Node::Value(Value::Array(a)) => a.get(i).map(Node::Value),
            _ => None,
        }
    }
}

/// The byte offset where `path` (`a.b[2].c`) is written in `root`: the deepest part of the path
/// the document has.
fn span_of(root: &Table, path: &str) -> Option<usize> {
    let mut node = Node::Table(root);
    let mut found = None;
    for part in path.split('.') {
        let (key, index) = match part.split_once('[') {
            Some((key, rest)) => (key, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        let Some((k, item)) = node.table().and_then(|t| t.get_key_value(key)) else {
            break;
        };
        found = k.span().map(|s| s.start).or(found);
        node = Node::Item(item);
        if let Some(i) = index {
            match node.index(i) {
                Some(n) => node = n,
                None => break,
            }
            found = node.span().or(found);
        }
    }
    found
}

/// Line and column, from 1, of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or("");
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_where_they_are_written() {
        let text = "name = \"x\"\n\n[[piece]]\nletter = 'K'\n\n[[piece]]\nname = \"Rook\"\nbetza = \"R\"\n[end]\nextinction = \"Q\"\nlist = [1, 22]\n";
        let at = Locator::new(Some(text));
        let place = |field: &str| {
            let p = at.problem(field, "m");
            (p.line, p.column)
        };
        assert_eq!(place("name"), (1, 1));
        assert_eq!(place("piece[1].betza"), (8, 1));
        assert_eq!(place("piece[0].letter"), (4, 1));
        assert_eq!(place("end.extinction"), (10, 1));
        // A field left out: where its table starts.
        assert_eq!(place("piece[1].letter"), (6, 1));
        assert_eq!(place("end.list[1]"), (11, 12));
        // No text: no place.
        assert_eq!(Locator::new(None).problem("name", "m").line, 0);
    }
}
