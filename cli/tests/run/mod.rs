//! Running the `iriscan` binary as a user would, for the command-line tests.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The repository's root, where `data/` is: the paths of the README's examples are from there.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `iriscan ARGS` in the repository's root with `stdin` as its standard input.
pub fn iriscan(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iriscan"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().unwrap();
    // A command that stops before reading its input (a usage error) closes the pipe early.
    if let Err(e) = writer.join().unwrap() {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    out
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output as one JSON value per line.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
