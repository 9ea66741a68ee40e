//! Whole conversations with the engine: our own input lines and the exact output expected, for
//! every built-in chess variant. Searches run at `sd 1` or `sd 2` so their output is fixed; only
//! the time a search took (the third number of a thinking line, the first of `stat01`) varies,
//! and is written `T` here. A conversation ends with its input, which waits for the searches
//! and commands before it (a `quit` ends the session at once, whatever waits).

use messhall_dice::Seed;
use messhall_xboard::{Config, MAX_LINE, run};
use std::io::Cursor;

/// The engine's whole output for `input`, the dice seeded with 7.
fn talk(input: &str) -> String {
    talk_with(input, Vec::new())
}

/// [`talk`], with variant files offered beside the built-ins.
fn talk_with(input: &str, extra_variants: Vec<messhall_records::GameKind>) -> String {
    let mut out = Vec::new();
    let config = Config {
        seed: Some(Seed::from_number(7)),
        name: "messhall".into(),
        extra_variants,
        ..Config::default()
    };
    run(Cursor::new(input.as_bytes().to_vec()), &mut out, config).unwrap();
    String::from_utf8(out).unwrap()
}

/// A thinking line's time (`depth score TIME nodes pv`) or stat01's time as `T`.
fn untimed(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let number = |w: &&str| w.trim_start_matches('-').chars().all(|c| c.is_ascii_digit()) && !w.is_empty();
    match words.as_slice() {
        ["stat01:", _, rest @ ..] => format!("stat01: T {}", rest.join(" ")),
        [depth, score, _, nodes, rest @ ..] if [depth, score, nodes].iter().all(|w| number(w)) => {
            format!("{depth} {score} T {nodes} {}", rest.join(" "))
        }
        _ => line.to_string(),
    }
}

fn check(input: &str, expected: &str) {
    compare(&talk(input), expected);
}

fn compare(output: &str, expected: &str) {
    let output: Vec<String> = output.lines().map(untimed).collect();
    let expected: Vec<&str> = expected.lines().collect();
    for (i, (got, want)) in output.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "line {} of the output", i + 1);
    }
    assert_eq!(output.len(), expected.len(), "{}", output.join("\n"));
}

/// FIDE chess (XBoard's `normal`): features, a lift with its highlight, the e.p. victim on hover, a two-leg move (our path form of a double step), a drop, malformed lines, a promotion's choice, mate with RESULT, and analyze with `.`.
#[test]
fn chess() {
    check(
        r#"xboard
protover 2
new
variant normal
lift g1
force
e2e4
d7d5
lift e4
e4d5
e7e5
lift d5
hover e6
d5e6
b7b6,b6b5
lift f1
c1a3,a3b4
P@e4
e4e5
level 40 x 0
foo
usermove
sd 0
setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1
lift a7
put a8
a7a8q
a8a9
new
sd 1
post
f2f3
ping 1
g2g4
ping 2
e2e3
new
force
sd 2
analyze
ping 3
.
e2e4
ping 4
exit
"#,
        r#"feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=1 nps=0 memory=1 smp=1 debug=1 highlight=1 myname="messhall" variants="normal,calorie,foodfight,friendly,pieceeater,pieceeater-mate,pieceeater-steered"
feature done=1
highlight 8/8/8/8/8/5Y1Y/8/8
highlight 8/8/8/3RY3/8/8/8/8
highlight 8/8/3YR3/8/8/8/8/8
highlight 8/8/3YR3/4g3/8/8/8/8
highlight 8/8/8/1R6/2Y5/3Y4/4Y3/8
Illegal move (the Bishop on c1 cannot go to b4): c1a3,a3b4
Illegal move (chess has no drops): P@e4
Illegal move (e4 is empty): e4e5
Error (base "x" is not minutes or minutes:seconds): level 40 x 0
Error (unknown command): foo
Error (usermove takes one move): usermove
Error ("0" is not a depth from 1 to 128): sd 0
highlight M7/8/8/8/8/8/8/8
choice QRBN
Illegal move (leg "a8a9" needs a second square): a8a9
1 40 T 24 e7e5
move e7e5
pong 1
1 100001 T 35 d8h4
move d8h4
0-1 {Black wins: checkmate}
pong 2
Illegal move (the game is over): e2e3
1 46 T 24 e2e4
2 37 T 68 e2e4 a7a5
pong 3
stat01: T 68 2 0 20
1 -10 T 28 e7e5
2 -22 T 78 e7e5 d1f3
pong 4
"#,
    );
}

/// Calorie Chess: setup and piece lines, a lift, a piece left without energy told to the user, the forced pass both ways (`move @@@@` from the engine, `@@@@` due from XBoard), energies as comments, undo and remove over passes, a refused position.
#[test]
fn calorie() {
    check(
        r#"new
variant calorie
lift b1
setboard 7k/8/8/5b2/8/8/P{0}P{0}6/K7 b - - 0 1
sd 1
playother
lift a2
f5e4
ping 1
force
undo
ping 2
setboard 7k/8/8/5b2/8/8/P{0}P{0}6/K7 b - - 0 1
sd 1
post
go
ping 3
g7f6
@@@@
ping 4
force
remove
remove
remove
b1b2
P@e4
time abc
setboard 7k/8/8/8/8/8/8/K5R{1}1 w - - 0 1
g1g2
setboard 8/8/8/8/8/8/8/8 w - - 0 1
e2e4
"#,
        r#"setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
piece P& fmWfceFifmnD
piece N& N
piece B& B
piece R& R
piece Q& Q
piece K& KisO2
highlight 8/8/8/8/8/Y1Y5/8/8
highlight 8/8/8/8/8/8/8/8
# Cal: Black Bishop on e4 has 6
move @@@@
pong 1
pong 2
1 475 T 20 h8g7
move h8g7
pong 3
Illegal move (White has no move and passes: @@@@ is due): g7f6
1 499 T 24 f5c2
move f5c2
# Cal: Black Bishop on c2 has 6
pong 4
Error (command not legal now): remove
Illegal move (b1 is empty): b1b2
Illegal move (calorie has no drops): P@e4
Error ("abc" is not centiseconds): time abc
telluser The White Rook on g2 has no Cal left: it cannot move
# Cal: White Rook on g2 has 0
tellusererror Illegal position: FEN position: White has no King; Black has no King
Illegal move (no position: the last setboard was refused): e2e4
"#,
    );
}

/// Food Fight chess: the 12x12 setup, the Pancake's cannon-nightrider and the Piglet's moves highlighted, the Piglet's en passant of a Fish pawn as a two-leg move entered leg by leg and played by the engine, a promotion's choice of twelve, malformed input.
#[test]
fn foodfight() {
    check(
        r#"new
variant foodfight
lift e3
lift f1
force
setboard 6k5/12/12/12/12/12/12/4g7/12/3P8/12/6K5 w - - 0 1
d3d5
lift e5
put d5
lift d5
hover d4
e5d5,d5d4
setboard 6k5/12/12/12/12/12/12/4g7/12/3P8/12/6K5 w - - 0 1
d3d5
sd 1
post
go
ping 1
force
setboard 6k5/1P10/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1
lift b11
put b12
b11b12i
lift b12
P@e4
l12l13
memory 0
"#,
        r#"setup (PNBR.FE.CWM..I.GD..SUKpnbr.fe.cwm..i.gd..suk) 12x12+0_fairy rscbmnkmbcsr/dmfwueeuwfmd/ppppggggpppp/12/12/12/12/12/12/PPPPGGGGPPPP/DMFWUEEUWFMD/RSCBMNKMBCSR w - - 0 1
piece K& FsR2
piece C& ChrmparChlmpaflC
piece D& DN
piece F& FA
piece M& KDAffN
piece U& bFffNbbNfsC
piece N& KpN0
piece I& bmK
piece E& vWFsDfA
piece R& RB3
piece B& BR2
piece S& sWFffNbbNvH
piece W& WA
piece P& vmWfceFifmnD
piece G& fmceFbmKifmA
highlight 12/12/12/12/12/12/12/2Y3Y5/3Y1Y6/12/12/12
highlight 12/R9R1/12/1Y7Y2/12/2Y5Y3/12/3Y3Y4/12/12/12/12
highlight 12/12/12/12/12/12/3YYY6/3C8/5Y6/12/12/12
highlight 12/12/12/12/12/12/12/12/3R8/12/12/12
1 223 T 11 e5d5,d5d4
move e5d5,
move d5d4
pong 1
highlight 1M10/12/1Y10/12/12/12/12/12/12/12/12/12
choice NMBCSREUWFDI
highlight 12/12/12/12/12/12/12/12/12/12/12/12
Illegal move (foodfight has no drops): P@e4
Illegal move (leg "l12l13" needs a second square): l12l13
Error (memory takes a size in MB of at least 1): memory 0
"#,
    );
}

/// A "Friendly" Game: the Archer's rifle capture and the Hangman's withdrawal as two-leg moves entered through cyan squares, the poisoned Hangman shown in green on hover, the engine's rifle capture, stalemate as RESULT.
#[test]
fn friendly() {
    check(
        r#"new
variant friendly
force
setboard 11f/12/12/12/12/12/12/4A7/2o9/2H9/12/F11 w - - 0 1
lift e5
put c4
lift c4
hover e5
e5c4,c4e5
undo
lift c3
put c4
lift c4
hover c2
c3c4,c4c2
undo
P@e4
l12l13
level 1 2 3 4 5
sd 1
post
go
ping 1
force
l12l11
"#,
        r#"setup (PTBKQYEACXMOHIJGDVLSUZFptbkqyeacxmohijgdvlsuzf) 12x12+0_fairy tmdcffffcdmt/jsglabbquoih/xpeyvzzvyepx/12/12/12/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1
piece A& nA
piece B& Q2
piece U& NCZ
piece C& BC
piece D& KD0A0
piece Q& DAN
piece G& AhrmpafNhlmpafrN
piece H& mK
piece I& NhrmparChlmpaflC
piece J& K
piece L& Q6
piece M& N0
piece T& RZ
piece O& cWmnN
piece K& N
piece S& KmnDmnA
piece P& fmWfceFifmnD
piece E& fmFfceWifmnA
piece Y& fmWfceFifmnD
piece X& fmWfceFifmnD
piece V& fmWfceFifmnD
piece Z& fmWfceFifmnDfsmN
highlight 12/12/12/12/12/2Y3Y5/12/12/2C9/6Y5/12/12
highlight 12/12/12/12/12/12/12/4R7/12/12/12/12
highlight 12/12/12/12/12/12/12/12/1YCY8/1Y1Y8/1Y1Y8/12
highlight 12/12/12/12/12/12/12/12/12/12/2R9/12
highlight 12/12/12/12/12/12/12/12/12/2g9/2R9/12
Illegal move (friendly has no drops): P@e4
Illegal move (leg "l12l13" needs a second square): l12l13
Error (level takes three values: moves, base time, increment): level 1 2 3 4 5
1 727 T 12 e5c4,c4e5
move e5c4,
move c4e5
1/2-1/2 {Draw: stalemate}
pong 1
Illegal move (the game is over): l12l11
"#,
    );
}

/// PieceEater Chess: holdings in the setup, the PieceEater's steps as comments and what it eats as telluser, drops, a move with the die's step as its last leg (a wrong step refused), the engine's move.
#[test]
fn pieceeater() {
    check(
        r#"new
variant pieceeater
lift d2
force
e2e4
d7d5
P@e2
lift e2
N@b1
a7a6,c6b5
a7a6,c6d6
lift e2
sd 1
post
go
ping 1
force
undo
undo
ping 2
sd x
"#,
        r#"setup (PNBRQKpnbrqk) 8x8+4_fairy rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1
piece P& fmWfceFifmnD
piece N& N
piece B& B
piece R& R
piece Q& Q
piece K& KisO2
highlight 8/8/8/8/8/3Y4/8/8
# PieceEater: die 1 of 1: steps d4e4
telluser The PieceEater eats the White Pawn on e4
# PieceEater: die 1 of 1: steps e4d5
telluser The PieceEater eats the Black Pawn on d5
# PieceEater: die 1 of 7: steps d5c6
highlight 8/8/8/8/8/8/8/8
Illegal move (a Knight cannot be dropped on b1): N@b1
Illegal move (by this game's dice the PieceEater steps c6d6, not c6b5): a7a6,c6b5
# PieceEater: die 4 of 6: steps c6d6
highlight 8/8/8/8/4Y3/4Y3/8/8
1 28 T 21 d2d4
move d2d4
# PieceEater: die 2 of 5: steps d6e6
pong 1
pong 2
Error ("x" is not a depth from 1 to 128): sd x
"#,
    );
}

/// PieceEater Chess by checkmate: the steps, an illegal move, the engine's move and step.
#[test]
fn pieceeater_mate() {
    check(
        r#"new
variant pieceeater-mate
lift e2
force
e2e4
d7d5
ping 1
d5d4
sd 1
post
go
ping 2
force
P@e9
cores 0
"#,
        r#"setup (PNBRQKpnbrqk) 8x8+4_fairy rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1
piece P& fmWfceFifmnD
piece N& N
piece B& B
piece R& R
piece Q& Q
piece K& KisO2
highlight 8/8/8/8/4Y3/4Y3/8/8
# PieceEater: die 1 of 1: steps d4e4
telluser The PieceEater eats the White Pawn on e4
# PieceEater: die 1 of 1: steps e4d5
telluser The PieceEater eats the Black Pawn on d5
pong 1
Illegal move (d5 is empty): d5d4
1 54 T 39 d1f3
move d1f3
# PieceEater: die 1 of 7: steps d5c6
pong 2
Illegal move (no square "e9" on this board): P@e9
Error (cores takes a number of at least 1): cores 0
"#,
    );
}

/// Steered PieceEater Chess: the step as the first leg of a move, a move without it refused with the steps it may take, the engine steering and moving.
#[test]
fn pieceeater_steered() {
    check(
        r#"new
variant pieceeater-steered
lift e2
force
e2e4
d4e5,e2e4
d4c5,e2e4
e5e4,e7e5
ping 1
undo
sd 1
post
go
ping 2
force
rating x
"#,
        r#"setup (PNBRQKpnbrqk) 8x8+4_fairy rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1
piece P& fmWfceFifmnD
piece N& N
piece B& B
piece R& R
piece Q& Q
piece K& KisO2
highlight 8/8/8/8/8/8/8/8
Illegal move (the PieceEater on d4 steps first: give its step as the first leg, one of d4c5 d4d5 d4e5 d4c4 d4e4 d4c3 d4d3 d4e3): e2e4
# PieceEater: steered by White: steps d4e5
Illegal move (the PieceEater on e5 steps first: give its step as the first leg, one of e5e4): d4c5,e2e4
# PieceEater: steered by Black: steps e5e4
telluser The PieceEater eats the White Pawn on e4
pong 1
1 109 T 88 e7e5
move e5e4,
move e7e5
# PieceEater: steered by Black: steps e5e4
telluser The PieceEater eats the White Pawn on e4
pong 2
Error (rating takes two numbers): rating x
"#,
    );
}

#[test]
fn a_line_too_long_is_refused_whole_and_the_engine_goes_on() {
    let long = format!("setboard {}", "p".repeat(MAX_LINE));
    let out = talk(&format!("new\n{long}\nping 1\nquit\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with(&format!(
        "Error (line too long: more than {MAX_LINE} bytes): setboard ppp"
    )));
    assert!(lines[0].chars().count() < 120, "{}", lines[0]);
    assert_eq!(lines[1], "pong 1");
}

#[test]
fn garbage_is_answered_and_never_stops_the_engine() {
    let junk = [
        "",
        " ",
        "\u{0}\u{7}",
        "é@ü",
        "@",
        "@@",
        "a",
        "a1",
        "a1a",
        "z9z9",
        "a99a1",
        "P@",
        "@e4",
        "Q@z1",
        ",",
        "e2e4,",
        ",e2e4",
        "e2e4,,e4e5",
        "level",
        "level a b c",
        "st -1",
        "st 1e99",
        "sd 999",
        "time",
        "otim 1 2",
        "setboard",
        "setboard x",
        "variant",
        "variant nope",
        "variant normal extra",
        "lift",
        "lift z1",
        "put a1 a2",
        "hover",
        "usermove a b",
        "memory x",
        "result",
        "undo",
        "remove",
        "exit",
        ".",
        "?",
        "name",
        "rating 1",
        "protover",
        "accepted",
        "cores -1",
    ];
    let mut input = String::from("xboard\nprotover 2\n");
    for variant in [
        "normal",
        "calorie",
        "foodfight",
        "friendly",
        "pieceeater",
        "pieceeater-mate",
        "pieceeater-steered",
    ] {
        input.push_str(&format!("new\nvariant {variant}\nforce\n"));
        for j in junk {
            input.push_str(j);
            input.push('\n');
        }
    }
    input.push_str("ping 99\nquit\n");
    let out = talk(&input);
    assert!(out.ends_with("pong 99\n"), "{out}");
    for line in out.lines() {
        assert!(!line.contains('\n') && !line.contains('\r'));
    }
}

#[test]
fn the_input_ending_ends_the_engine_even_while_it_analyses() {
    let out = talk("new\nforce\npost\nanalyze\n");
    assert!(
        out.lines().all(|l| l.starts_with(|c: char| c.is_ascii_digit())),
        "{out}"
    );
}

/// A variant file on a board of 10 ranks, which XBoard numbers from 0: its squares, moves and
/// highlights one rank lower than ours.
#[test]
fn a_variant_file_on_ten_ranks() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    );
    let grand_food = messhall_records::catalog::load(file).unwrap();
    compare(
        &talk_with(
            r#"protover 2
new
variant grand-food
lift a2
lift e1
force
a2a4
lift a9
a9a10
sd 1
post
go
ping 1
"#,
            vec![grand_food],
        ),
        r#"feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=1 nps=0 memory=1 smp=1 debug=1 highlight=1 myname="messhall" variants="normal,calorie,foodfight,friendly,pieceeater,pieceeater-mate,pieceeater-steered,grand-food"
feature done=1
setup (PNBRQT..C...H......SKpnbrqt..c...h......sk) 12x10+0_fairy rcnbsqksbncr/1t2h2h2t1/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/1T2H2H2T1/RCNBSQKSBNCR w KQkq - 0 1
piece P& fmWfceFifmnD
piece N& N
piece B& B
piece R& R
piece Q& Q
piece K& KisO3
piece S& N0
piece C& mRcpR
piece H& nN
piece T& HFD
highlight 12/12/12/12/12/Y11/Y11/12/12/12
highlight 12/12/12/12/12/12/12/12/12/12
highlight 12/Y11/12/12/12/12/12/12/12/12
Illegal move (leg "a9a10" needs a second square): a9a10
1 2 T 46 d7d5
move d7d5
pong 1
"#,
    );
}

/// Pieces lifted from XBoard's holdings (its columns beside the board: White's `j`, Black's `_`
/// on 8 files, one kind of piece per rank) are highlighted where they may be dropped, for the
/// side to move only. The setup and piece lines are left out here (the `pieceeater` transcript
/// has them).
#[test]
fn drops_from_the_holdings_are_highlighted() {
    let output: String = talk(
        r#"new
variant pieceeater
force
e2e4
lift j1
d7d5
lift j1
lift j2
d2d4
lift _8
lift _5
"#,
    )
    .lines()
    .filter(|l| !l.starts_with("setup") && !l.starts_with("piece"))
    .map(|l| format!("{l}\n"))
    .collect();
    compare(
        &output,
        r#"# PieceEater: die 1 of 1: steps d4e4
telluser The PieceEater eats the White Pawn on e4
highlight 8/8/8/8/8/8/8/8
# PieceEater: die 1 of 1: steps e4d5
telluser The PieceEater eats the Black Pawn on d5
highlight 8/8/8/8/8/8/4Y3/8
highlight 8/8/8/8/8/8/8/8
# PieceEater: die 1 of 1: steps d5d4
telluser The PieceEater eats the White Pawn on d4
highlight 8/3Y4/8/8/8/8/8/8
highlight 8/8/8/8/8/8/8/8
"#,
    );
}

/// `cores 2` searches on two threads (lazy SMP): the mate in two is found as on one, and `cores`
/// takes effect while the engine thinks (it applies to the next search).
#[test]
fn cores_search_on_several_threads() {
    for cores in ["cores 1", "cores 2", "cores 3"] {
        let output = talk(&format!(
            "xboard\nprotover 2\n{cores}\nnew\nforce\nsetboard r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 0\nsd 4\ngo\n"
        ));
        assert!(output.lines().any(|l| l == "move h5h6"), "{cores}:\n{output}");
        assert!(!output.contains("Error"), "{cores}:\n{output}");
    }
}
