//! Boards up to 16x16: square names to p16, multi-digit empties, perft on a 16x16 board.

use messhall_rules::{Position, Variant};

fn big_variant() -> Variant {
    let text = r#"
        name = "sixteen"
        files = 16
        ranks = 16
        start = "15k/16/16/16/16/16/16/16/7R8/16/16/16/16/16/16/K15 w - - 0 1"
        [[piece]]
        letter = "K"
        name = "King"
        betza = "K"
        royal = true
        [[piece]]
        letter = "R"
        name = "Rook"
        betza = "R"
    "#;
    Variant::new("sixteen", &Variant::spec_from_toml("sixteen", text).unwrap()).unwrap()
}

#[test]
fn sixteen_by_sixteen_board() {
    let v = big_variant();
    let pos = v.start();
    // King a1: a2, b1, b2. Rook h8: 15 squares on its file and 15 on its rank.
    assert_eq!(v.perft(&pos, 1), 33);
    assert_eq!(pos.to_fen(&v), v.start_fen());
    let mv = v.parse_move(&pos, "h8h16").unwrap();
    let next = pos.play_unchecked(&v, &mv);
    assert!(
        v.in_check(&next),
        "the rook on h16 checks the king on p16 along rank 16"
    );
    assert_eq!(
        next.to_fen(&v),
        "7R7k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 1 1"
    );
    assert_eq!(v.san(&pos, &mv), "Rh16+");
}

#[test]
fn board_sizes_outside_4_to_16_are_rejected_in_one_line() {
    for (files, ranks) in [(3, 8), (17, 8), (8, 0)] {
        let text = format!(
            "name = \"x\"\nfiles = {files}\nranks = {ranks}\nstart = \"8/8/8/8/8/8/8/8\"\n[[piece]]\nletter = \"K\"\nname = \"King\"\nbetza = \"K\"\nroyal = true\n"
        );
        let e = Variant::new("x.toml", &Variant::spec_from_toml("x.toml", &text).unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("must each be between 4 and 16") && !e.contains('\n'), "{e}");
    }
    let e = Position::from_fen(&big_variant(), "16/16 w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("2 ranks, but sixteen has 16"), "{e}");
}
