//! The `messhall` command given files and sizes it cannot use: each is refused in one line that
//! says why once, within bounded time and memory, and never plays a game it was not asked for.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn messhall(args: &[&str], input: &str) -> Output {
    run(Command::new(env!("CARGO_BIN_EXE_messhall")).args(args), input)
}

fn run(command: &mut Command, input: &str) -> Output {
    use std::io::Write;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that refuses its arguments exits without reading its input: a closed pipe then
    // is no failure of the test.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("{e}"),
        _ => {}
    }
    child.wait_with_output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("messhall-cli-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_variant_files_error_is_said_once() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/catalog/tests/data/hostile/value-overflow.toml"
    );
    for args in [
        vec!["perft", file, "1"],
        vec!["show", file],
        vec!["play", file, "--white", "random", "--black", "random"],
        vec!["analyse", file, "--depth", "1"],
    ] {
        let out = messhall(&args, "quit\n");
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(err.matches("value-overflow.toml").count(), 1, "{args:?}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn records_are_bounded_before_they_are_read() {
    let big = temp("big.json");
    let file = std::fs::File::create(&big).unwrap();
    // Sparse: 17 MB of nothing, past the 16 MB a record may have, costs no disk.
    file.set_len(17 * 1024 * 1024).unwrap();
    for path in [Path::new("/dev/zero"), big.as_path()] {
        let path = path.to_str().unwrap();
        for args in [
            vec!["replay", path],
            vec!["play", "chess", "--load", path],
            vec!["play", "cafeteria", "--load", path],
        ] {
            let out = messhall(&args, "quit\n");
            let err = stderr(&out);
            assert!(!out.status.success(), "{args:?}");
            assert!(
                err.contains("is not a regular file") || err.contains("is larger than 16777216 bytes"),
                "{args:?}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}

#[test]
fn a_record_of_another_game_is_refused() {
    // A chess game saved, then loaded as the cafeteria game and as another variant.
    let record = temp("chess.json");
    let out = messhall(
        &["play", "chess", "--white", "random", "--black", "random", "--seed", "1"],
        &format!("save {}\nquit\n", record.display()),
    );
    assert!(record.is_file(), "{}", stderr(&out));
    let path = record.to_str().unwrap();
    for asked in ["cafeteria", "calorie"] {
        let out = messhall(&["play", asked, "--load", path], "quit\n");
        let err = stderr(&out);
        assert!(!out.status.success(), "{asked}");
        assert!(err.contains(&format!("is a record of chess, not of {asked}")), "{err}");
    }
    let out = messhall(&["play", "chess", "--load", path], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));
}

/// The `messhall` command under a 2 GB address-space limit.
#[cfg(target_os = "linux")]
fn limited(args: &[&str], input: &str) -> Option<Output> {
    let there = Command::new("prlimit").arg("--version").stdout(Stdio::null()).status();
    there.ok().filter(|s| s.success())?;
    let mut command = Command::new("prlimit");
    command
        .arg("--as=2147483648")
        .arg(env!("CARGO_BIN_EXE_messhall"))
        .args(args);
    Some(run(&mut command, input))
}

#[cfg(target_os = "linux")]
#[test]
fn a_hash_table_that_cannot_be_had_is_an_error_not_an_abort() {
    let Some(out) = limited(&["analyse", "chess", "--hash", "16384", "--depth", "1"], "") else {
        eprintln!("no prlimit here: skipped");
        return;
    };
    let err = stderr(&out);
    assert!(!out.status.success());
    assert!(
        err.contains("--hash 16384: a hash table of 16384 MB cannot be had here;"),
        "{err}"
    );
    assert!(!err.contains("memory allocation"), "{err}");

    let out = limited(&["uci"], "setoption name Hash value 16384\nisready\ngo depth 1\n").unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("16384 MB cannot be had here") && text.contains("Hash stays 16 MB"),
        "{text}"
    );
    assert!(text.contains("readyok") && text.contains("bestmove"), "{text}");

    let out = limited(&["xboard"], "xboard\nprotover 2\nmemory 16384\nping 1\nquit\n").unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("16384 MB cannot be had here") && text.contains("memory stays 16 MB"),
        "{text}"
    );
    assert!(text.contains("pong 1"), "{text}");
}

#[test]
fn xboard_refuses_a_variant_name_it_cannot_announce() {
    let file = temp("forged.toml");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    ))
    .unwrap()
    .replacen("name = \"grand-food\"", "name = 'q\" myname=\"evil'", 1);
    std::fs::write(&file, text).unwrap();
    let out = messhall(&["xboard", "--variant", file.to_str().unwrap()], "quit\n");
    let err = stderr(&out);
    assert!(!out.status.success());
    assert!(err.contains("cannot be sent to a GUI"), "{err}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("feature"));
}
