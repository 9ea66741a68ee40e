//! Fairy-Stockfish 11.1 with `examples/peers/fairy-stockfish/variants.ini` against
//! `examples/variants/drops-king-capture.toml`: the same perft where the two rule sets agree, and
//! elsewhere every move of ours is one of Fairy-Stockfish's, whose extra moves are only the kinds
//! the ini lists (so it accepts every move messhall plays, and the match keeps it to ours).

use crate::engine::{Engine, repo_file, required};
use messhall_rules::{Position, Square, Variant};
use std::collections::BTreeSet;

const INI: &str = "examples/peers/fairy-stockfish/variants.ini";
const TOML: &str = "examples/variants/drops-king-capture.toml";

/// Positions and depths at which the two perfts must be equal: no Knight or Bishop in hand to
/// drop on the second rank, no Pawn near promotion, no castling that an attack forbids.
const EQUAL: &[(&str, u32, u64)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1",
        2,
        400,
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPRpppr] w KQkq - 0 1",
        3,
        9_302,
    ),
    (
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1[PPRppr] w - - 2 6",
        3,
        65_224,
    ),
];

/// Positions where Fairy-Stockfish has extra moves of every kind within two plies (the middle
/// games are those of crates/games/catalog/tests/pieceeater_reference.rs).
const WITH_EXTRAS: &[&str] = &[
    "r3k2r/1P3ppp/2n3P1/3pP3/8/5b2/PPP2PPP/R3K2R[PNRpbr] w KQkq d6 0 12",
    "r3k2r/ppp2ppp/5B2/8/3Pp3/2N3p1/1p3PPP/R3K2R[PNRpbr] b KQkq d3 0 12",
    "4k3/1P6/8/8/8/8/6p1/4K2R[NBnb] b K - 0 40",
];

/// The moves Fairy-Stockfish 11.1 allows here and our file does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Extra {
    /// A Knight or Bishop dropped on the own second rank.
    SecondRankDrop,
    /// A promotion to Queen on the seventh rank.
    QueenOnSeventh,
    /// A Pawn moving onto the last rank without promoting.
    NoPromotionOnEighth,
    /// Castling while the King's start, passed or end square is attacked.
    CastlingUnderAttack,
}

fn variant() -> Variant {
    messhall_catalog::load(&repo_file(TOML).display().to_string()).unwrap_or_else(|e| panic!("{e}"))
}

struct FairyStockfish {
    engine: Engine,
}

impl FairyStockfish {
    fn start() -> Option<FairyStockfish> {
        let program = required("fairy-stockfish", "fairy-stockfish")?;
        let ini = repo_file(INI).canonicalize().unwrap_or_else(|e| panic!("{INI}: {e}"));
        let mut engine = Engine::start(&program, &[], &std::env::temp_dir());
        engine.send("uci");
        engine.until(|l| l == "uciok");
        engine.send(&format!("setoption name VariantPath value {}", ini.display()));
        engine.send("setoption name UCI_Variant value dropskingcapture");
        engine.send("isready");
        let out = engine.until(|l| l == "readyok");
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string variant dropskingcapture ")),
            "Fairy-Stockfish did not select dropskingcapture from {INI}: {out:?}"
        );
        Some(FairyStockfish { engine })
    }

    /// Perft to `depth` after `moves` from `fen`: each first move with its count, and the total.
    fn perft(&mut self, fen: &str, moves: &[String], depth: u32) -> (Vec<(String, u64)>, u64) {
        let tail = if moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", moves.join(" "))
        };
        self.engine.send(&format!("position fen {fen}{tail}"));
        self.engine.send(&format!("go perft {depth}"));
        let out = self.engine.until(|l| l.starts_with("Nodes searched"));
        let total = out
            .last()
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("a node count");
        let divide = out
            .iter()
            .filter_map(|l| l.split_once(": "))
            .filter(|(m, _)| !m.contains(' '))
            .filter_map(|(m, n)| Some((m.to_string(), n.parse().ok()?)))
            .collect();
        (divide, total)
    }
}

#[test]
fn perft_equals_ours_where_the_rules_agree() {
    let Some(mut fsf) = FairyStockfish::start() else { return };
    let v = variant();
    for &(fen, depth, expected) in EQUAL {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let (_, theirs) = fsf.perft(fen, &[], depth);
        assert_eq!(
            (theirs, v.perft(&pos, depth)),
            (expected, expected),
            "{fen} depth {depth}"
        );
    }
}

/// Which extra kind `text` is, if it is one, for the side to move in `pos`.
fn extra_kind(v: &Variant, pos: &Position, text: &str) -> Option<Extra> {
    let us = pos.side_to_move();
    // Counted from 1, as the rules say it.
    let own_rank = |sq: Square| v.relative_rank(us, sq) + 1;
    if let Some((letter, square)) = text.split_once('@') {
        let sq = Square::parse_prefix(square)?.0;
        return (matches!(letter, "N" | "B") && own_rank(sq) == 2).then_some(Extra::SecondRankDrop);
    }
    let (from, used) = Square::parse_prefix(text)?;
    let (to, more) = Square::parse_prefix(&text[used..])?;
    let promotion = &text[used + more..];
    let piece = pos.piece_at(from)?;
    let letter = v.piece_letter(piece).to_ascii_uppercase();
    match (letter, promotion) {
        ('P', "q") if own_rank(to) == 7 => Some(Extra::QueenOnSeventh),
        ('P', "") if own_rank(to) == 8 => Some(Extra::NoPromotionOnEighth),
        ('K', "") if from.file().abs_diff(to.file()) == 2 => {
            let them = !us;
            let passed = Square::new((from.file() + to.file()) / 2, from.rank())?;
            [from, passed, to]
                .iter()
                .any(|&sq| v.is_attacked(pos, sq, them))
                .then_some(Extra::CastlingUnderAttack)
        }
        _ => None,
    }
}

/// Walks our tree to `depth`, comparing the move lists at every node; returns the extras seen.
fn walk(
    fsf: &mut FairyStockfish,
    v: &Variant,
    fen: &str,
    line: &mut Vec<String>,
    pos: &Position,
    depth: u32,
    seen: &mut BTreeSet<Extra>,
) {
    let ours: BTreeSet<String> = v.legal_moves(pos).iter().map(|m| m.to_coordinates(v)).collect();
    let (divide, _) = fsf.perft(fen, line, 1);
    let theirs: BTreeSet<String> = divide.into_iter().map(|(m, _)| m).collect();
    let missing: Vec<&String> = ours.difference(&theirs).collect();
    assert!(
        missing.is_empty(),
        "after {line:?} from {fen}: Fairy-Stockfish lacks {missing:?}"
    );
    for extra in theirs.difference(&ours) {
        let kind = extra_kind(v, pos, extra);
        assert!(
            kind.is_some(),
            "after {line:?} from {fen}: Fairy-Stockfish's {extra} is not a known extra"
        );
        seen.extend(kind);
    }
    if depth > 1 {
        for mv in v.legal_moves(pos) {
            line.push(mv.to_coordinates(v));
            walk(fsf, v, fen, line, &pos.play_unchecked(v, &mv), depth - 1, seen);
            line.pop();
        }
    }
}

#[test]
fn fairy_stockfish_has_every_move_of_ours_and_only_the_known_extras() {
    let Some(mut fsf) = FairyStockfish::start() else { return };
    let v = variant();
    let mut seen = BTreeSet::new();
    for fen in WITH_EXTRAS {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        walk(&mut fsf, &v, fen, &mut Vec::new(), &pos, 2, &mut seen);
    }
    // Every kind the ini lists still occurs: if a newer Fairy-Stockfish learned one of our rules,
    // the ini and docs/peers.md should say so.
    let all = BTreeSet::from([
        Extra::SecondRankDrop,
        Extra::QueenOnSeventh,
        Extra::NoPromotionOnEighth,
        Extra::CastlingUnderAttack,
    ]);
    assert_eq!(seen, all);
}
