//! A balance report end to end: reproducible from its seed, stopped early on request, and
//! rendered as a well-formed HTML page with its charts.

use messhall_balance::{BalanceSpec, Report, Strength, html, run, text};
use messhall_records::catalog;
use std::sync::atomic::{AtomicBool, Ordering};

/// A few short games at a tiny node budget.
fn tiny(name: &str, concurrency: usize) -> BalanceSpec {
    BalanceSpec {
        max_plies: 40,
        concurrency,
        seed: 9,
        ..BalanceSpec::new(catalog::load(name).unwrap(), 6, Strength::Nodes(60))
    }
}

fn report(spec: &BalanceSpec) -> Report {
    run(spec, &mut |_, _| {}, &AtomicBool::new(false)).unwrap()
}

#[test]
fn the_same_seed_makes_the_same_report_on_any_number_of_threads() {
    let one = report(&tiny("chess", 1)).to_json();
    let two = report(&tiny("chess", 2)).to_json();
    assert_eq!(one, two);
    let other = report(&BalanceSpec {
        seed: 10,
        ..tiny("chess", 2)
    });
    assert_ne!(one, other.to_json());
    let back = Report::from_json(&one).unwrap();
    assert_eq!(back.to_json(), one);
    let chess = back.chess.unwrap();
    assert_eq!(chess.first_mover.games, 6);
    // Every game is counted once among the endings and in the length histogram.
    assert_eq!(chess.endings.iter().map(|e| e.total()).sum::<u32>(), 6);
    assert_eq!(chess.length.histogram.iter().map(|b| b.count).sum::<u32>(), 6);
    assert_eq!(chess.skill.len(), 3);
    // The random opening plays past 6 plies: the positions there are still compared.
    for d in &chess.diversity {
        assert!(d.games > 0 && d.distinct > 1 && d.distinct <= d.games, "{d:?}");
    }
}

#[test]
fn progress_counts_every_game() {
    let spec = tiny("chess", 2);
    let total = messhall_balance::total_games(&spec);
    let mut seen = Vec::new();
    run(&spec, &mut |done, of| seen.push((done, of)), &AtomicBool::new(false)).unwrap();
    assert_eq!(seen.len() as u32, total);
    assert_eq!(seen.last(), Some(&(total, total)));
}

#[test]
fn the_stop_flag_ends_a_run_with_a_partial_report() {
    let spec = BalanceSpec {
        max_plies: 400,
        ..BalanceSpec::new(catalog::load("chess").unwrap(), 200, Strength::Nodes(300))
    };
    let stop = AtomicBool::new(false);
    let started = std::time::Instant::now();
    let r = run(
        &spec,
        &mut |done, _| {
            if done >= 2 {
                stop.store(true, Ordering::Relaxed);
            }
        },
        &stop,
    )
    .unwrap();
    assert!(r.partial);
    assert!(r.games_played >= 2 && r.games_played < 200, "{}", r.games_played);
    assert_eq!(r.chess.unwrap().first_mover.games, r.games_played);
    assert!(started.elapsed().as_secs() < 120);
    // Set before the start: nothing is played.
    let r = run(&spec, &mut |_, _| {}, &AtomicBool::new(true)).unwrap();
    assert!(r.partial);
    assert_eq!(r.games_played, 0);
}

#[test]
fn the_cafeteria_game_is_counted_by_seat_and_player_count() {
    let spec = BalanceSpec {
        seed: 3,
        ..BalanceSpec::new(catalog::load("cafeteria").unwrap(), 12, Strength::Level(1))
    };
    let r = report(&spec);
    assert_eq!((r.games_played, r.games_planned, r.partial), (36, 36, false));
    let c = r.cafeteria.as_ref().unwrap();
    assert_eq!(c.bot, "rules");
    for (t, players) in c.tables.iter().zip([2u8, 3, 4]) {
        assert_eq!((t.players, t.games, t.seats.len()), (players, 12, usize::from(players)));
        let shared: f64 = t.seats.iter().map(|s| s.share).sum();
        assert!(shared <= 1.0 + 1e-3, "{shared}");
        assert_eq!(t.endings.iter().map(|e| e.games).sum::<u32>(), 12);
    }
    assert_eq!(report(&spec), r);
    assert!(text::render(&r).contains("the Food-Off decides"));
    assert_well_formed(&html::render(&r), 6);
}

/// Checks that every element of `page` is closed in order, and that it has at least `charts`
/// SVG charts.
fn assert_well_formed(page: &str, charts: usize) {
    const VOID: [&str; 2] = ["meta", "br"];
    assert!(page.starts_with("<!DOCTYPE html>"));
    let mut open: Vec<String> = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("a tag ends") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(!name.is_empty(), "<{tag}>");
        if VOID.contains(&name.as_str()) {
            continue;
        }
        if tag.starts_with('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name.as_str()),
                "</{name}> closes the wrong element"
            );
        } else {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "left open: {open:?}");
    assert!(page.matches("<svg ").count() >= charts, "{page}");
    assert_eq!(page.matches("<svg ").count(), page.matches("</svg>").count());
    assert!(!page.contains("<script"));
}

#[test]
fn the_html_page_is_well_formed_with_its_charts() {
    let mut r = report(&tiny("chess", 2));
    r.command = Some("messhall balance chess <&> \"quoted\"".into());
    let page = html::render(&r);
    // The score, the endings, the length, the skill trace and the piece values.
    assert_well_formed(&page, 5);
    assert!(page.contains("&lt;&amp;&gt; &quot;quoted&quot;"));
    for heading in ["First mover", "Endings", "Length", "Skill trace", "Piece values"] {
        assert!(page.contains(&format!("<h2>{heading}</h2>")), "{heading}");
    }
    let words = text::render(&r);
    assert!(
        words.contains("First mover (White)") && words.contains("Piece values"),
        "{words}"
    );
}
