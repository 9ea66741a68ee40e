//! The report's charts as inline SVG: plain shapes and text, readable without any script.

use std::fmt::Write;

/// Width of every chart, in pixels.
pub(crate) const WIDTH: f64 = 560.0;
/// Room on the left for the labels of horizontal bars.
const LABEL: f64 = 150.0;
/// Height of one horizontal bar's row.
const ROW: f64 = 24.0;

/// Escapes text for HTML and SVG.
pub(crate) fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

fn open(s: &mut String, height: f64, title: &str) {
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" role="img"><title>{}</title>"#,
        escape(title)
    );
}

fn label(s: &mut String, x: f64, y: f64, anchor: &str, text: &str) {
    let _ = write!(
        s,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" font-size="12" font-family="sans-serif">{}</text>"#,
        escape(text)
    );
}

fn rect(s: &mut String, x: f64, y: f64, w: f64, h: f64, fill: &str) {
    let _ = write!(
        s,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{h:.1}" fill="{fill}"/>"#,
        w.max(0.0)
    );
}

fn line(s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str) {
    let _ = write!(
        s,
        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="2"/>"#
    );
}

/// One row of an interval chart: a share with its 95% interval.
pub(crate) struct Interval<'a> {
    pub(crate) label: &'a str,
    pub(crate) score: f64,
    pub(crate) low: f64,
    pub(crate) high: f64,
}

/// Shares (0 to 1) as bars from 0 with their intervals as whiskers, a dashed line at `even`.
pub(crate) fn intervals(title: &str, rows: &[Interval<'_>], even: f64) -> String {
    let mut s = String::new();
    let height = ROW * rows.len() as f64 + 30.0;
    open(&mut s, height, title);
    let span = WIDTH - LABEL - 20.0;
    let x = |v: f64| LABEL + span * v.clamp(0.0, 1.0);
    for (i, r) in rows.iter().enumerate() {
        let y = ROW * i as f64 + 4.0;
        label(&mut s, LABEL - 6.0, y + 14.0, "end", r.label);
        rect(&mut s, LABEL, y + 3.0, x(r.score) - LABEL, ROW - 8.0, "#8fb8de");
        line(&mut s, (x(r.low), y + ROW / 2.0), (x(r.high), y + ROW / 2.0), "#123");
        line(&mut s, (x(r.low), y + 5.0), (x(r.low), y + ROW - 5.0), "#123");
        line(&mut s, (x(r.high), y + 5.0), (x(r.high), y + ROW - 5.0), "#123");
        label(
            &mut s,
            x(r.high) + 4.0,
            y + 14.0,
            "start",
            &format!("{:.1}%", 100.0 * r.score),
        );
    }
    let bottom = ROW * rows.len() as f64 + 6.0;
    let _ = write!(
        s,
        r##"<line x1="{0:.1}" y1="0" x2="{0:.1}" y2="{bottom:.1}" stroke="#a33" stroke-dasharray="4 3"/>"##,
        x(even)
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        label(
            &mut s,
            x(tick),
            bottom + 16.0,
            "middle",
            &format!("{:.0}%", 100.0 * tick),
        );
    }
    s.push_str("</svg>");
    s
}

/// One row of a stacked bar chart: its label and its parts' counts.
pub(crate) struct Stack<'a> {
    pub(crate) label: &'a str,
    pub(crate) parts: Vec<u32>,
}

/// Counts as stacked horizontal bars, one colour a part, with a legend.
pub(crate) fn stacks(title: &str, parts: &[&str], rows: &[Stack<'_>]) -> String {
    const COLOURS: [&str; 4] = ["#e8e2d0", "#333", "#9a9a9a", "#8fb8de"];
    let mut s = String::new();
    let height = ROW * rows.len() as f64 + 34.0;
    open(&mut s, height, title);
    let most = rows
        .iter()
        .map(|r| r.parts.iter().sum::<u32>())
        .max()
        .unwrap_or(0)
        .max(1);
    let span = WIDTH - LABEL - 60.0;
    for (i, r) in rows.iter().enumerate() {
        let y = ROW * i as f64 + 4.0;
        label(&mut s, LABEL - 6.0, y + 14.0, "end", r.label);
        let mut x = LABEL;
        for (k, &count) in r.parts.iter().enumerate() {
            let w = span * f64::from(count) / f64::from(most);
            let _ = write!(
                s,
                r##"<rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{:.1}" fill="{}" stroke="#555" stroke-width="0.5"/>"##,
                y + 3.0,
                ROW - 8.0,
                COLOURS[k % COLOURS.len()]
            );
            x += w;
        }
        label(
            &mut s,
            x + 4.0,
            y + 14.0,
            "start",
            &r.parts.iter().sum::<u32>().to_string(),
        );
    }
    let y = ROW * rows.len() as f64 + 14.0;
    let mut x = LABEL;
    for (k, part) in parts.iter().enumerate() {
        rect(&mut s, x, y, 12.0, 12.0, COLOURS[k % COLOURS.len()]);
        label(&mut s, x + 16.0, y + 10.0, "start", part);
        x += 90.0;
    }
    s.push_str("</svg>");
    s
}

/// A histogram: one vertical bar per bin, labelled with its range below.
pub(crate) fn histogram(title: &str, bins: &[(String, u32)]) -> String {
    let mut s = String::new();
    let (height, top, bottom) = (200.0, 16.0, 40.0);
    open(&mut s, height, title);
    let most = bins.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let w = (WIDTH - 20.0) / bins.len().max(1) as f64;
    let plot = height - top - bottom;
    for (i, (range, count)) in bins.iter().enumerate() {
        let h = plot * f64::from(*count) / f64::from(most);
        let x = 10.0 + w * i as f64;
        rect(&mut s, x + 2.0, top + plot - h, w - 4.0, h, "#8fb8de");
        label(&mut s, x + w / 2.0, top + plot - h - 3.0, "middle", &count.to_string());
        let _ = write!(
            s,
            r#"<text x="{0:.1}" y="{1:.1}" text-anchor="end" font-size="10" font-family="sans-serif" transform="rotate(-35 {0:.1} {1:.1})">{2}</text>"#,
            x + w / 2.0 + 4.0,
            top + plot + 12.0,
            escape(range)
        );
    }
    s.push_str("</svg>");
    s
}

/// Pairs of horizontal bars: for each row a first value (dark) and an optional second (light).
pub(crate) fn pairs(title: &str, names: [&str; 2], rows: &[(String, Option<f64>, f64)]) -> String {
    let mut s = String::new();
    let height = 2.0 * ROW * rows.len() as f64 + 30.0;
    open(&mut s, height, title);
    let most = rows
        .iter()
        .map(|r| r.1.unwrap_or(0.0).max(r.2))
        .fold(0.0f64, f64::max)
        .max(1e-9);
    let span = WIDTH - LABEL - 60.0;
    for (i, (name, first, second)) in rows.iter().enumerate() {
        let y = 2.0 * ROW * i as f64 + 4.0;
        label(&mut s, LABEL - 6.0, y + 20.0, "end", name);
        let bars = [(*first, "#2b5d8a", 0.0), (Some(*second), "#c9d8e6", ROW - 6.0)];
        for (value, fill, dy) in bars {
            match value {
                Some(v) => {
                    let w = span * v.max(0.0) / most;
                    rect(&mut s, LABEL, y + dy + 2.0, w, ROW - 8.0, fill);
                    label(&mut s, LABEL + w + 4.0, y + dy + 14.0, "start", &format!("{v:.2}"));
                }
                None => label(&mut s, LABEL + 4.0, y + dy + 14.0, "start", "not fitted"),
            }
        }
    }
    let y = 2.0 * ROW * rows.len() as f64 + 12.0;
    rect(&mut s, LABEL, y, 12.0, 12.0, "#2b5d8a");
    label(&mut s, LABEL + 16.0, y + 10.0, "start", names[0]);
    rect(&mut s, LABEL + 140.0, y, 12.0, 12.0, "#c9d8e6");
    label(&mut s, LABEL + 156.0, y + 10.0, "start", names[1]);
    s.push_str("</svg>");
    s
}
