//! The `iriscan` binary, run as a user would: output formats, exit codes, and the bytes a log
//! file can hold.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn iriscan(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iriscan"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn readme_first_command_runs_on_the_sample() {
    let o = iriscan(&["check", "data/sample.txt"], b"");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        std::fs::read("data/sample.txt")
            .unwrap()
            .split(|&b| b == b'\n')
            .count()
            - 1
    );
    assert!(
        lines
            .iter()
            .enumerate()
            .all(|(i, l)| *l == format!("{}\tok", i + 1)),
        "{text}"
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn the_invalid_sample_fails_line_by_line() {
    let o = iriscan(&["check", "data/sample-invalid.txt"], b"");
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 9);
    assert!(text.lines().all(|l| l.contains("\terror: ")), "{text}");
    assert!(text.contains("2\terror: U+202E at byte 23 in the path: bidi formatting characters are not allowed in an IRI (3987bis 4.1)"));
    assert!(text.contains(
        "9\terror: byte 0xE9 at byte 22 in the path: not well-formed UTF-8 (RFC 3629 4)"
    ));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn exit_zero_when_every_line_is_ok() {
    let o = iriscan(&["check"], b"http://example.com/\n\n#frag\n");
    assert_eq!(stdout(&o), "1\tok\n2\tok\n3\tok\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn json_contract() {
    let o = iriscan(
        &["check", "--json"],
        "http://h/ok\nhttp://h/a\u{202E}b\n".as_bytes(),
    );
    let v = json_lines(&o);
    assert_eq!(
        v[0],
        serde_json::json!({"line": 1, "input": "http://h/ok", "ok": true})
    );
    assert_eq!(v[1]["line"], 2);
    assert_eq!(v[1]["ok"], false);
    assert_eq!(v[1]["error"]["kind"], "bidi_formatting");
    assert_eq!(v[1]["error"]["offset"], 10);
    assert_eq!(
        v[1]["error"]["message"],
        "U+202E at byte 10 in the path: bidi formatting characters are not allowed in an IRI (3987bis 4.1)"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn bad_bytes_are_reported_on_their_line() {
    let input =
        b"\xffhttp://h/\nhttp://h/\x00\nhttp://h/crlf\r\n%\n\nhttp://h/last-without-newline";
    let o = iriscan(&["check", "--json"], input);
    let v = json_lines(&o);
    assert_eq!(v.len(), 6, "one result per line");
    assert_eq!(
        (
            v[0]["error"]["kind"].as_str(),
            v[0]["error"]["offset"].as_u64()
        ),
        (Some("invalid_utf8"), Some(0))
    );
    assert_eq!(v[0]["input"], "\u{FFFD}http://h/");
    assert_eq!(
        (
            v[1]["error"]["kind"].as_str(),
            v[1]["error"]["offset"].as_u64()
        ),
        (Some("control"), Some(9))
    );
    assert_eq!(v[2]["ok"], true, "the \\r of CRLF is not part of the line");
    assert_eq!(v[2]["input"], "http://h/crlf");
    assert_eq!(v[3]["error"]["kind"], "invalid_percent_encoding");
    assert_eq!(
        v[4],
        serde_json::json!({"line": 5, "input": "", "ok": true})
    );
    assert_eq!(v[5]["ok"], true);
    assert_eq!(v[5]["line"], 6);
}

#[test]
fn grammar_option() {
    let o = iriscan(
        &["check", "--grammar", "uri"],
        "http://h/\nhttp://h/\u{e9}\n/relative\n".as_bytes(),
    );
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1\tok");
    assert!(
        lines[1].starts_with("2\terror: U+00E9 at byte 9 in the path: a URI is ASCII only"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("3\terror: '/' (U+002F) at byte 0 in the scheme"),
        "{}",
        lines[2]
    );
    let o = iriscan(&["check", "--grammar", "nonsense"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("possible values: iri, iri-ref, absolute-iri, relative-ref, uri, uri-ref"));
}

#[test]
fn a_missing_file_among_good_ones() {
    let dir = std::env::temp_dir().join(format!("iriscan-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, "http://a/\nhttp://b/\n").unwrap();
    let good = good.to_str().unwrap();
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let o = iriscan(&["check", good, missing, good], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.txt"));
    assert_eq!(
        stdout(&o).lines().count(),
        4,
        "both good files are still read"
    );
    assert!(stdout(&o).starts_with(&format!("{good}:1\tok\n")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_four_megabyte_line() {
    let mut line = b"http://example.com/".to_vec();
    line.resize(4 << 20, b'a');
    line.extend_from_slice(b" \nhttp://next/\n");
    let o = iriscan(&["check", "--json"], &line);
    let v = json_lines(&o);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["error"]["offset"], 4 << 20);
    assert_eq!(v[1]["ok"], true);
}

#[test]
fn many_lines_keep_their_order() {
    let mut input = String::new();
    for i in 0..100_000 {
        if i % 7 == 0 {
            input.push_str(&format!("http://h/{i} bad\n"));
        } else {
            input.push_str(&format!("http://h/{i}\n"));
        }
    }
    let o = iriscan(&["check"], input.as_bytes());
    let text = stdout(&o);
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let (number, verdict) = line.split_once('\t').unwrap();
        assert_eq!(number, (i + 1).to_string());
        assert_eq!(verdict == "ok", i % 7 != 0, "{line}");
        n += 1;
    }
    assert_eq!(n, 100_000);
}
