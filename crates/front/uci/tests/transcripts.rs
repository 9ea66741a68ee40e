//! Transcripts: our own input lines and the exact output expected, for every built-in chess
//! variant. Searches use `go depth N` or `go nodes N`, which are deterministic; only the `nps`
//! and `time` fields of `info depth` lines depend on the machine, and [`session`] replaces their
//! numbers with `N` and `T` before comparing (nothing else is filtered). A transcript ends with
//! its input, which waits for the searches before it (`quit` would end it at once).

use std::io::Cursor;

/// Runs a session on `input` and returns its output with `nps` and `time` masked.
fn session(input: &str) -> String {
    let mut output = Vec::new();
    messhall_uci::run(Cursor::new(input.to_string()), &mut output).unwrap();
    let text = String::from_utf8(output).unwrap();
    let mut masked = String::new();
    for line in text.lines() {
        let mut words: Vec<&str> = line.split(' ').collect();
        if line.starts_with("info depth ") {
            for i in 1..words.len() {
                match words[i - 1] {
                    "nps" => words[i] = "N",
                    "time" => words[i] = "T",
                    _ => {}
                }
            }
        }
        masked.push_str(&words.join(" "));
        masked.push('\n');
    }
    masked
}

/// Compares line by line, so a failure names the first line that differs.
fn check(input: &str, expected: &str) {
    let got = session(input);
    for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, e, "line {} of the output differs; the whole output:\n{got}", i + 1);
    }
    assert_eq!(
        got.lines().count(),
        expected.lines().count(),
        "the whole output:\n{got}"
    );
}

/// FIDE chess: the handshake, a search, an illegal move and malformed lines of every kind, a
/// promotion, perft divide.
#[test]
fn chess() {
    let input = r#"uci
isready
setoption name UCI_Variant value chess
position startpos moves e2e4 e7e5 g1f3
go depth 1
position startpos moves e2e4 e7e5 e1e3
go depth 2
go depth x
go searchmoves e2e4
setoption name Hash value 0
setoption name Threads value 0
setoption name UCI_Variant value shatranj
position startpos e2e4
position fen 8/8/8/8 w - - 0 1
take back
position fen 7k/P7/8/8/8/8/8/K7 w - - 0 1 moves a7a8q
go depth 1
position fen 7k/8/8/8/8/8/8/K7 w - - 0 1
go perft 2
go perft 11
"#;
    let expected = r#"id name messhall 0.1.0
id author the messhall authors
option name UCI_Variant type combo default chess var chess var calorie var foodfight var friendly var pieceeater var pieceeater-mate var pieceeater-steered
option name VariantPath type string default <empty>
option name Hash type spin default 16 min 1 max 16384
option name Threads type spin default 1 min 1 max 256
option name Skill Level type spin default 10 min 1 max 10
option name Seed type string default 0
uciok
readyok
info string variant chess files 8 ranks 8 pocket 0 startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
info depth 1 score cp 28 nodes 48 nps N time T pv d7d5
bestmove d7d5
info string Illegal move (not legal here: the King on e1 cannot go to e3): e1e3
info depth 1 score cp 28 nodes 33 nps N time T pv d7d5
info depth 2 score cp 25 nodes 115 nps N time T pv d7d5 f1b5 b8c6
bestmove d7d5
info string Error (depth needs a whole number, not "x"): go depth x
info string Error (unknown go parameter "searchmoves"): go searchmoves e2e4
info string Error (Hash is a whole number of MB from 1 to 16384, not "0"): setoption name Hash value 0
info string Error (Threads is a whole number from 1 to 256, not "0"): setoption name Threads value 0
info string Error (no variant named "shatranj" (see the UCI_Variant option)): setoption name UCI_Variant value shatran…
info string Error ("e2e4" after startpos: expected "moves"): position startpos e2e4
info string Error (FEN: FEN board: 4 ranks, but chess has 8): position fen 8/8/8/8 w - - 0 1
info string Error (unknown command): take back
info depth 1 score cp -999 nodes 3 nps N time T pv h8g7
bestmove h8g7
a1a2: 3
a1b1: 3
a1b2: 3

Nodes searched: 9
info string Error (perft depth 11: at most 10): go perft 11
"#;
    check(input, expected);
}

/// Calorie Chess: energies after every position, a forced pass answered `0000` and played back, a
/// 0-Cal piece's move refused, both sides stalemated.
#[test]
fn calorie() {
    let input = r#"setoption name UCI_Variant value calorie
position startpos moves e2e4 e7e5 g1f3
go depth 1
position fen 7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1
go depth 1
position fen 7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1 moves 0000 h8g8
go depth 1
position fen 7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1 moves b1c3
position fen kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1 moves 0000
go depth 1
position fen 7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1 moves 0000 h8g8 a2a3 moves
"#;
    let expected = r#"info string variant calorie files 8 ranks 8 pocket 0 startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
info string energy in Cal: white Ra1 7 Nb1 7 Bc1 7 Qd1 7 Bf1 7 Rh1 7 Pa2 7 Pb2 7 Pc2 7 Pd2 7 Pf2 7 Pg2 7 Ph2 7 Nf3 6 Pe4 6 black pe5 6 pa7 7 pb7 7 pc7 7 pd7 7 pf7 7 pg7 7 ph7 7 ra8 7 nb8 7 bc8 7 qd8 7 bf8 7 ng8 7 rh8 7
info depth 1 score cp 23 nodes 48 nps N time T pv d7d5
bestmove d7d5
info string energy in Cal: white Nb1 0 Pa2 0 Pb2 0
info depth 1 score cp 124 nodes 1 nps N time T pv 0000
bestmove 0000
info string energy in Cal: white Nb1 0 Pa2 0 Pb2 0
info depth 1 score cp 116 nodes 1 nps N time T pv 0000
bestmove 0000
info string Illegal move (not legal here: the Knight on b1 has 0 Cal: it cannot move): b1c3
info string energy in Cal: white Nb1 0 Pa2 0 Pb2 0 black pa7 0 pb7 0 nb8 0
info string the game is over: no move
bestmove (none)
info string Illegal move (not legal here: the Pawn on a2 has 0 Cal: it cannot move): a2a3
"#;
    check(input, expected);
}

/// Food Fight chess: ranks 10 to 12, a Fish pawn's double step, a node-limited search, illegal
/// moves, the Pie's zigzag of five steps in one move (d6h12) and one whose first step is blocked.
#[test]
fn foodfight() {
    let input = r#"setoption name UCI_Variant value foodfight
position startpos moves e3f4 e10f9 a3a5 a10a9
go nodes 300
position startpos moves a3a6
position startpos moves e3f4 e10f9 g1f1
position startpos moves a3a5 a10a8 b3b4 a8b7
go depth 1
go nodes
position startpos moves a3a5 a10a8 b3b4 a8a7
go depth 1
position fen 6k5/12/12/12/12/12/3I8/12/12/12/12/6K5 w - - 0 1 moves d6h12
go depth 1
position fen 6k5/12/12/12/12/3p8/3I8/12/12/12/12/6K5 w - - 0 1 moves d6d8
"#;
    let expected = r#"info string variant foodfight files 12 ranks 12 pocket 0 startpos rscbmnkmbcsr/dmfwueeuwfmd/ppppggggpppp/12/12/12/12/12/12/PPPPGGGGPPPP/DMFWUEEUWFMD/RSCBMNKMBCSR w - - 0 1
info depth 1 score cp 50 nodes 78 nps N time T pv f1h5
info depth 2 score cp 51 nodes 232 nps N time T pv f1h5 a9a8
bestmove f1h5
info string Illegal move (not legal here: the Fish pawn on a3 cannot go to a6): a3a6
info string Illegal move (not legal here: the Chef on g1 cannot go to f1): g1f1
info string Illegal move (not legal here: the Fish pawn on a8 cannot go to b7): a8b7
info depth 1 score cp 50 nodes 76 nps N time T pv f1h5
bestmove f1h5
info string Error (nodes needs a number of nodes after it): go nodes
info depth 1 score cp 18 nodes 85 nps N time T pv f1h5
bestmove f1h5
info depth 1 score cp -18 nodes 4 nps N time T pv g12h12
bestmove g12h12
info string Illegal move (not legal here: the Pie on d6 cannot go to d8): d6d8
"#;
    check(input, expected);
}

/// The Friendly game: a Sniper's rifle capture written leg by leg (`k2k7,k7k2`), a wrong second
/// leg, a Patient pawn's two legs with nothing to capture.
#[test]
fn friendly() {
    let input = r#"setoption name UCI_Variant value friendly
position fen tmdcffffcdmt/jsglabbquoih/xpeyvzzvyep1/12/12/10x1/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1 moves k2k7,k7k2
go depth 1
position fen tmdcffffcdmt/jsglabbquoih/xpeyvzzvyep1/12/12/10x1/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1 moves k2k7
position fen tmdcffffcdmt/jsglabbquoih/xpeyvzzvyep1/12/12/10x1/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1 moves k2k7,k7k6
position startpos moves e3e4,e4d5
setoption name UCI_Variant
position fen tmdcffffcdmt/jsglabbquoih/xpeyvzzvyep1/12/12/10x1/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1
go depth 1
"#;
    let expected = r#"info string variant friendly files 12 ranks 12 pocket 0 startpos tmdcffffcdmt/jsglabbquoih/xpeyvzzvyepx/12/12/12/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1
info depth 1 score cp 62 nodes 160 nps N time T pv h12j9
bestmove h12j9
info string Illegal move (not legal here: the Sniper on k2 cannot go to k6): k2k7,k7k6
info string Illegal move (not legal here: the Patient Pawn on e3 cannot go to d5): e3e4,e4d5
info string Error (UCI_Variant needs a value: a variant's name): setoption name UCI_Variant
info depth 1 score cp 137 nodes 160 nps N time T pv e1c4
bestmove e1c4
"#;
    check(input, expected);
}

/// PieceEater Chess: a drop, the PieceEater's random step rolled with the seeded dice (and again
/// after `ucinewgame`), its forced step, steps written by the GUI, a move where the step is due, a
/// King captured and the game over.
#[test]
fn pieceeater() {
    let input = r#"setoption name UCI_Variant value pieceeater
setoption name Seed value 7
position fen rnbqkbnr/pppppppp/8/8/3*4/8/PPPP1PPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1 moves P@e2
go depth 1
go perft 1
position fen rnbqkbnr/pppppppp/8/8/3*4/8/PPPP1PPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1 moves P@e2 d4d5 e7e6
go depth 1
position fen rnbqkbnr/pppppppp/8/8/3*4/8/PPPP1PPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1 moves P@e2 e7e5
position fen rnbqkbnr/pppppppp/8/8/3*4/8/PPPP1PPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1 moves P@e2 d4d4
position startpos moves e2e4 d4e4 Q@d6
position startpos moves e2e4 d4e4 e7e5
go depth 2
ucinewgame
position fen rnbqkbnr/pppppppp/8/8/3*4/8/PPPP1PPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1 moves P@e2
go depth 1
go depth
position fen 4k3/8/8/8/3*4/8/8/4R2K[] w - - 0 1
go depth 2
position fen 4k3/8/8/8/3*4/8/8/4R2K[] w - - 0 1 moves e1e8
go depth 1
position fen 4k3/8/8/8/3*4/8/8/4R2K[] w - - 0 1 moves e1e8 d4d5
"#;
    let expected = r#"info string variant pieceeater files 8 ranks 8 pocket 4 startpos rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1
info string PieceEater rolled 2 of 8: d4d5 (seed 7, roll 1)
bestmove d4d5
d4c5: 19
d4d5: 19
d4e5: 19
d4c4: 20
d4e4: 20
d4c3: 20
d4d3: 20
d4e3: 20

Nodes searched: 157
info string PieceEater rolled 1 of 1: d5e6 (seed 7, roll 2)
bestmove d5e6
info string Illegal move (the PieceEater steps first: one of d4c5 d4d5 d4e5 d4c4 d4e4 d4c3 d4d3 d4e3): e7e5
info string Illegal move (the PieceEater may not step to d4 now: one of d4c5 d4d5 d4e5 d4c4 d4e4 d4c3 d4d3 d4e3): d4d4
info string Illegal move (not legal here: Black holds no Queen in hand): Q@d6
info string PieceEater rolled 1 of 1: e4e5 (seed 7, roll 3)
bestmove e4e5
info string PieceEater rolled 2 of 8: d4d5 (seed 7, roll 1)
bestmove d4d5
info string Error (depth needs a number of plies after it): go depth
info depth 1 score mate 1 nodes 16 nps N time T pv e1e8
info depth 2 score mate 1 nodes 32 nps N time T pv e1e8
bestmove e1e8
info string the game is over: no move
bestmove (none)
info string Illegal move (the game is over: a side has lost its royal pieces): d4d5
"#;
    check(input, expected);
}

/// PieceEater Chess by checkmate: forced and random steps, a drop on an occupied square.
#[test]
fn pieceeater_mate() {
    let input = r#"setoption name UCI_Variant value pieceeater-mate
position startpos moves e2e4
go depth 1
position startpos moves e2e4 d4e4 d7d5
go depth 1
position startpos moves e2e4 d4e4 d7d5 e4d5 N@b1
position startpos moves e2e4 d4e4 d7d5 e4d5 d1h5
go nodes 400
go movetime soon
"#;
    let expected = r#"info string variant pieceeater-mate files 8 ranks 8 pocket 4 startpos rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1
info string PieceEater rolled 1 of 1: d4e4 (seed 0, roll 1)
bestmove d4e4
info string PieceEater rolled 1 of 1: e4d5 (seed 0, roll 2)
bestmove e4d5
info string Illegal move (not legal here: a Knight cannot be dropped on b1): N@b1
info string PieceEater rolled 6 of 7: d5c4 (seed 0, roll 3)
bestmove d5c4
info string Error (movetime needs a whole number, not "soon"): go movetime soon
"#;
    check(input, expected);
}

/// The steered PieceEater: the step chosen by the search, perft over the steps, a drop, a move
/// before the step.
#[test]
fn pieceeater_steered() {
    let input = r#"setoption name UCI_Variant value pieceeater-steered
position startpos
go depth 1
go perft 1
position startpos moves d4c5
go depth 1
position startpos moves e2e4
position startpos moves d4c5 e2e4 c5c4
position startpos moves d4c5 e2e4 c5b4 e7e5
go depth 1
position startpos moves d4c5 e2e4 c5b4 e7e5 b4a5 g1f3 a5b6
go nodes 50
position startpos moves d4c5 e2e4 c5b4 e7e5 b4a5 g1f3 a5b6 P@e7
step
"#;
    let expected = r#"info string variant pieceeater-steered files 8 ranks 8 pocket 4 startpos rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1 step=pending
bestmove d4c5
d4c5: 20
d4d5: 20
d4e5: 20
d4c4: 19
d4e4: 19
d4c3: 17
d4d3: 18
d4e3: 18

Nodes searched: 151
info depth 1 score cp 45 nodes 80 nps N time T pv e2e4
bestmove e2e4
info string Illegal move (the PieceEater steps first: one of d4c5 d4d5 d4e5 d4c4 d4e4 d4c3 d4d3 d4e3): e2e4
bestmove b4a5
info depth 1 score cp -77 nodes 110 nps N time T pv d8f6
bestmove d8f6
info string Error (unknown command): step
"#;
    check(input, expected);
}

/// `Threads` is listed and searches on several threads (lazy SMP): the mate in two is found as on
/// one thread, and the node count covers every thread.
#[test]
fn threads_search_the_same_mate() {
    for threads in [1, 2, 4] {
        let output = session(&format!(
            "uci\nsetoption name Threads value {threads}\nposition fen r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 0\ngo depth 4\nisready\n"
        ));
        assert!(
            output.contains("option name Threads type spin default 1 min 1 max 256"),
            "{output}"
        );
        assert!(output.contains("score mate 2"), "{threads}: {output}");
        assert!(output.lines().any(|l| l == "bestmove h5h6"), "{threads}: {output}");
        assert!(!output.contains("Error"), "{threads}: {output}");
    }
}
