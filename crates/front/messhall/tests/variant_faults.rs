//! A variant file with several faults: `messhall perft` and `messhall show` report each of them,
//! one a line, with the line and column of its field.

use std::process::Command;

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../games/catalog/tests/rejected/five-faults.toml"
);

#[test]
fn perft_and_show_report_every_fault_of_a_variant_file() {
    for args in [vec!["perft", FILE, "1"], vec!["show", FILE]] {
        let out = Command::new(env!("CARGO_BIN_EXE_messhall"))
            .args(&args)
            .output()
            .expect("run messhall");
        assert!(!out.status.success(), "{args:?} accepted a faulty file");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let places: Vec<&str> = stderr
            .lines()
            .filter_map(|l| l.split(": line ").nth(1))
            .filter_map(|l| l.split(':').next())
            .collect();
        assert_eq!(
            places,
            [
                "46, column 1",
                "39, column 1",
                "25, column 1",
                "32, column 1",
                "42, column 1"
            ],
            "{args:?}: {stderr}"
        );
    }
}
