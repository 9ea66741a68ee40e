//! The Friendly mates the search tests use (`crates/ai/search/tests/friendly.rs`), proved by brute
//! force over the plain reference generator (`friendly_reference`): White mates in exactly N,
//! whatever Black does, and in no fewer moves. Checkmate here is the reference's own reading of the
//! rules: the side to move has no legal move and its last Friend is attacked.

mod friendly_reference;

use friendly_reference::{Board, square_name};

/// The squares of the side to move's Friends.
fn friends(board: &Board) -> Vec<String> {
    let mine = if board.white_to_move { 'F' } else { 'f' };
    (0..12)
        .flat_map(|r| (0..12).map(move |f| square_name((f, r))))
        .filter(|s| board.piece_at(s) == Some(mine))
        .collect()
}

fn checkmated(board: &Board) -> bool {
    let friends = friends(board);
    board.legal_moves().is_empty() && friends.len() == 1 && board.attacked(&friends[0], !board.white_to_move)
}

/// Whether the side to move can force checkmate within `n` of its moves.
fn mates_within(board: &Board, n: u32) -> bool {
    n > 0
        && board.legal_moves().iter().any(|mv| {
            let next = board.play(mv);
            if checkmated(&next) {
                return true;
            }
            let replies = next.legal_moves();
            n > 1 && !replies.is_empty() && replies.iter().all(|r| mates_within(&next.play(r), n - 1))
        })
}

fn assert_mate_in(fen: &str, n: u32) {
    let board = Board::from_fen(fen).unwrap();
    assert!(mates_within(&board, n), "{fen}: no mate in {n}");
    assert!(!mates_within(&board, n - 1), "{fen}: a mate in fewer than {n}");
}

#[test]
fn the_search_tests_mates_in_one() {
    assert_mate_in("f11/12/7p4/12/12/12/12/12/12/12/1T10/4FF6 w - - 0 1", 1);
}

#[test]
fn the_search_tests_mates_in_two() {
    let board = Board::from_fen("12/12/1f10/3e8/10D1/12/12/12/12/7F4/6F5/6Q5 w - - 0 1").unwrap();
    assert_mate_in("12/12/1f10/3e8/10D1/12/12/12/12/7F4/6F5/6Q5 w - - 0 1", 2);
    // The mating Friend's knight leap comes from the Squirrel through the other Friend.
    let after = board.play("k8g4").play("d9c8");
    assert!(after.lent("g2").contains(&'Q'), "{:?}", after.lent("g2"));
    assert!(checkmated(&after.play("g2h4")));
    assert_mate_in("g11/12/2f9/9C2/11C/12/12/12/4T7/4F7/10F1/12 w - - 0 1", 2);
}

#[test]
#[ignore = "deep: minutes in a test build; cargo test -p messhall-catalog -- --ignored"]
fn the_search_tests_mates_in_three() {
    assert_mate_in("1f10/12/12/6g5/4A7/10U1/6A5/12/12/5FF5/12/12 w - - 0 1", 3);
    assert_mate_in("12/2f9/11p/12/6q5/9G2/12/12/12/12/4L4F2/4F7 w - - 0 1", 3);
}
