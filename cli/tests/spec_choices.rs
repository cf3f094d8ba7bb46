//! Decisions of docs/spec-choices.md about the command that no other test pins, one test each,
//! named after the entry they check.

mod run;

use run::*;
use std::process::Command;

/// JSON offsets count the bytes of the line, not its characters.
#[test]
fn json_offsets_count_bytes() {
    let o = iriscan(&["check", "--json"], "http://é/ x\n".as_bytes());
    let v = &json_lines(&o)[0];
    assert_eq!(v["error"]["kind"], "invalid_character");
    assert_eq!(v["error"]["offset"], 10, "\"é\" is two bytes");
}

/// A line ends at "\n", and only the "\r" just before it is dropped: any other "\r" is part of
/// the line (a control character).
#[test]
fn only_the_cr_before_the_newline_is_dropped() {
    let o = iriscan(
        &["check", "--json"],
        b"http://a/\rb\nhttp://a/\r\r\nhttp://a/\r\n",
    );
    let v = json_lines(&o);
    assert_eq!(v.len(), 3);
    for line in &v[..2] {
        assert_eq!(line["error"]["kind"], "control");
        assert_eq!(line["error"]["offset"], 9);
    }
    assert_eq!(v[2]["ok"], true);
    // The last line of an input, without its "\n", keeps its "\r".
    let o = iriscan(&["check", "--json"], b"http://a/\r");
    let v = json_lines(&o);
    assert_eq!(
        (v[0]["error"]["kind"].as_str(), o.status.code()),
        (Some("control"), Some(1))
    );
    assert_eq!(v[0]["error"]["offset"], 9);
}

/// With several inputs, results are labelled `FILE:LINE`, standard input `(standard input)`.
#[test]
fn several_inputs_are_labelled_by_name() {
    let dir = std::env::temp_dir().join(format!("iriscan-spec-choices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.txt");
    std::fs::write(&file, "http://a/\nhttp://a/ x\n").unwrap();
    let file = file.to_str().unwrap();
    let o = iriscan(&["check", file, "-"], b"http://b/\n");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{file}:1\tok"));
    assert!(
        lines[1].starts_with(&format!("{file}:2\terror: ")),
        "{text}"
    );
    assert_eq!(lines[2], "(standard input):1\tok", "numbers restart");
    let o = iriscan(&["check", "--json", file, "-"], b"http://b/\n");
    assert_eq!(json_lines(&o)[2]["file"], "(standard input)");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With `--mode leiri` or `href`, error offsets count the bytes of the preprocessed line.
#[test]
fn offsets_count_the_preprocessed_line() {
    let o = iriscan(&["check", "--mode", "leiri", "--json"], b"http://a b/%zz\n");
    let v = &json_lines(&o)[0];
    assert_eq!(v["preprocessed"], "http://a%20b/%zz");
    assert_eq!(v["error"]["kind"], "invalid_percent_encoding");
    assert_eq!(v["error"]["offset"], 13, "in the preprocessed line");
}

/// A closed standard output is status 2 before any input is read: a missing file is not even
/// opened.
#[test]
fn a_closed_standard_output_is_found_before_any_input_is_read() {
    let missing = std::env::temp_dir().join(format!("iriscan-no-such-{}.txt", std::process::id()));
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' check '{}' >&-",
            env!("CARGO_BIN_EXE_iriscan"),
            missing.display()
        ))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("standard output"), "{err}");
    assert!(!err.contains("iriscan-no-such"), "{err}");
}

/// `dedupe` without `--base`: a relative reference has no key; it is kept once per exact text
/// and counted as not ok (`relative_reference`).
#[test]
fn dedupe_keeps_a_relative_reference_without_base_once() {
    let o = iriscan(&["dedupe"], b"a\nhttp://h/\na\nb c\nb c\n");
    assert_eq!(stdout(&o), "a\nhttp://h/\nb c\n");
    assert_eq!(o.status.code(), Some(0), "a filter that wrote lines");
    let o = iriscan(&["dedupe", "--json"], b"a\n");
    assert_eq!(json_lines(&o)[0]["error"]["kind"], "relative_reference");
    let o = iriscan(&["dedupe", "--valid"], b"a\na\n");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
}

/// `compare` says "cannot tell" when the level's rules cannot be applied to one side.
#[test]
fn compare_cannot_tell_in_text() {
    let o = iriscan(
        &["compare", "--level", "scheme"],
        "http://a\u{FF0F}b.org/\thttp://a/\n".as_bytes(),
    );
    assert_eq!(stdout(&o), "1\tcannot tell\n");
    assert_eq!(o.status.code(), Some(0), "the line is ok");
}
