//! Property tests: any input either parses into a well-formed piece or yields a one-line error
//! pointing at a real character of the input.

use std::collections::HashSet;

use messhall_betza::{Hop, PieceMoves, parse};
use proptest::prelude::*;

fn check_piece(piece: &PieceMoves) {
    let mut seen = HashSet::new();
    for mv in &piece.moves {
        assert!(seen.insert(mv.clone()), "duplicate move {mv:?}");
        assert!(!mv.legs.is_empty());
        let last = mv.legs.len() - 1;
        for (i, leg) in mv.legs.iter().enumerate() {
            let s = leg.step;
            assert!((s.dx, s.dy) != (0, 0));
            assert!(s.dx.abs() <= 15 && s.dy.abs() <= 15);
            if let Some(p) = leg.crooked {
                assert_ne!(leg.max_steps, 1, "crooked leaper");
                assert_eq!(
                    (
                        p.dx.unsigned_abs().min(p.dy.unsigned_abs()),
                        p.dx.unsigned_abs().max(p.dy.unsigned_abs())
                    ),
                    (
                        s.dx.unsigned_abs().min(s.dy.unsigned_abs()),
                        s.dx.unsigned_abs().max(s.dy.unsigned_abs())
                    ),
                    "partner is another image of the same leaper"
                );
                assert_ne!(p, s);
            }
            let m = leg.mode;
            if i == last {
                assert!(!m.over_piece);
                assert!(m.to_empty || m.to_enemy);
            } else {
                assert!(m.to_empty || m.to_enemy || m.over_piece);
                assert_ne!(leg.hop, Hop::Cannon);
            }
            if leg.lame {
                assert_ne!(leg.hop, Hop::Grasshopper);
            }
        }
    }
}

fn check(text: &str) {
    match parse(text) {
        Ok(piece) => check_piece(&piece),
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.contains('\n') && !msg.contains('\r'), "{msg}");
            let chars: Vec<char> = text.chars().collect();
            assert!(e.position() >= 1 && e.position() <= chars.len(), "{msg}");
            assert_eq!(chars[e.position() - 1], e.found(), "{msg}");
            assert!(msg.contains(&format!("position {}", e.position())), "{msg}");
            assert_eq!(e.text(), text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn notation_alphabet(text in "[fblrvshmcpgnziea WFDNAHCZGKRBQXx0123456789(),]{0,24}") {
        check(&text);
    }

    #[test]
    fn well_formed_terms(
        terms in prop::collection::vec(
            ("[fblrvsh]{0,3}", "[mcpgnie]{0,2}", "z?", "[WFDNAHCZGKRBQ]|\\([0-9],[0-9]\\)", "|[0-9]|[0-9]{2}|=", "a?"),
            1..6,
        )
    ) {
        let mut text = String::new();
        for (dirs, mods, z, atom, range, join) in &terms {
            text.push_str(dirs);
            text.push_str(mods);
            text.push_str(z);
            text.push_str(atom);
            if range == "=" {
                text.push_str(atom);
            } else {
                text.push_str(range);
            }
            text.push_str(join);
        }
        check(&text);
    }
}
