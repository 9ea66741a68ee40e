//! The rules of each built-in game in prose, for people: Markdown files in `rules/`, one per game
//! (the cafeteria game's too), shown on the game's rules page. Two ways to play PieceEater Chess
//! are told as their difference, followed by the main game's page.

/// Each game's prose, by the name it is listed under.
const RULES_TEXTS: &[(&str, &str)] = &[
    ("chess", include_str!("../rules/chess.md")),
    ("calorie", include_str!("../rules/calorie.md")),
    ("foodfight", include_str!("../rules/foodfight.md")),
    ("friendly", include_str!("../rules/friendly.md")),
    ("pieceeater", include_str!("../rules/pieceeater.md")),
    (
        "pieceeater-mate",
        concat!(
            include_str!("../rules/pieceeater-mate.md"),
            "\n",
            include_str!("../rules/pieceeater.md")
        ),
    ),
    (
        "pieceeater-steered",
        concat!(
            include_str!("../rules/pieceeater-steered.md"),
            "\n",
            include_str!("../rules/pieceeater.md")
        ),
    ),
    ("cafeteria", include_str!("../rules/cafeteria.md")),
];

/// The rules in prose of a built-in game (`chess`, `foodfight`, ..., and `cafeteria`), a small
/// Markdown subset (`#` headings, paragraphs, `-` lists, `**bold**`, `*italic*`, `` `code` ``), or
/// `None` for a name that is not a built-in game.
///
/// ```
/// let prose = messhall_catalog::rules_text("foodfight").unwrap();
/// assert!(prose.contains("Chef"));
/// ```
pub fn rules_text(name: &str) -> Option<&'static str> {
    RULES_TEXTS.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}
