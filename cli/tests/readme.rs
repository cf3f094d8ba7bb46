//! The README's shell examples, run: each `$ COMMAND` line of a `console` block, with `iriscan`
//! the binary under test, must write exactly the lines that follow it.

mod run;

use run::ROOT;
use std::process::Command;

/// The `console` blocks of the README: (command, expected output) pairs.
fn examples() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap();
    let mut examples = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => examples.push((command.to_string(), String::new())),
            None => {
                let (_, expected) = examples.last_mut().expect("a command first");
                expected.push_str(line);
                expected.push('\n');
            }
        }
    }
    examples
}

#[test]
fn the_readme_examples_write_what_the_readme_shows() {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_iriscan"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = examples();
    assert!(examples.len() >= 10, "{} examples", examples.len());
    for (command, expected) in examples {
        let o = Command::new("sh")
            .args(["-c", &command])
            .env("PATH", &path)
            .current_dir(ROOT)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            expected,
            "$ {command}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
