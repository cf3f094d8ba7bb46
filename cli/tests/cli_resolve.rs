//! `iriscan resolve` and `iriscan relativize`, run as a user would: the examples of RFC 3986
//! 5.4, output formats, the base's errors, exit codes.

mod run;

use run::*;

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolve_the_examples_of_rfc3986_5_4() {
    let input = "g:h\ng\n./g\ng/\n/g\n//g\n?y\ng?y\n#s\ng#s\n\n.\n..\n../..\n../../../g\n/./g\ng.\ng;x=1/../y\ng?y/../x\nhttp:g\n";
    let o = iriscan(&["resolve", "--stats", "--base", BASE], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "1\tg:h\n2\thttp://a/b/c/g\n3\thttp://a/b/c/g\n4\thttp://a/b/c/g/\n5\thttp://a/g\n\
         6\thttp://g\n7\thttp://a/b/c/d;p?y\n8\thttp://a/b/c/g?y\n9\thttp://a/b/c/d;p?q#s\n\
         10\thttp://a/b/c/g#s\n11\thttp://a/b/c/d;p?q\n12\thttp://a/b/c/\n13\thttp://a/b/\n\
         14\thttp://a/\n15\thttp://a/g\n16\thttp://a/g\n17\thttp://a/b/c/g.\n18\thttp://a/b/c/y\n\
         19\thttp://a/b/c/g?y/../x\n20\thttp:g\n"
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).starts_with("iriscan: lines: 20, ok: 20, not ok: 0"));
}

#[test]
fn resolve_json_valid_invalid() {
    let input = "../g\nパス/./ü?é#ß\na b\n";
    let base = "http://例え.jp/x/y#ignored";
    let o = iriscan(&["resolve", "--base", base, "--json"], input.as_bytes());
    let v = json_lines(&o);
    assert_eq!(
        v[0],
        serde_json::json!({"line": 1, "input": "../g", "ok": true, "output": "http://例え.jp/g"})
    );
    assert_eq!(v[1]["output"], "http://例え.jp/x/パス/ü?é#ß");
    assert_eq!(v[2]["ok"], false);
    assert_eq!(v[2]["error"]["kind"], "invalid_character");
    assert_eq!(v[2]["error"]["offset"], 1);
    assert_eq!(o.status.code(), Some(1));

    let o = iriscan(&["resolve", "--base", base, "--valid"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "http://例え.jp/g\nhttp://例え.jp/x/パス/ü?é#ß\n"
    );
    let o = iriscan(&["resolve", "--base", base, "--invalid"], input.as_bytes());
    assert_eq!(stdout(&o), "a b\n");
    let o = iriscan(&["resolve", "--base", base, "--quiet"], input.as_bytes());
    assert_eq!((stdout(&o).as_str(), stderr(&o).as_str()), ("", ""));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn resolve_with_mode_and_grammar() {
    // --mode applies to the base and to the lines.
    let o = iriscan(
        &[
            "resolve",
            "--base",
            "http://a/b c/d",
            "--mode",
            "leiri",
            "--valid",
        ],
        b"e f\n",
    );
    assert_eq!(stdout(&o), "http://a/b%20c/e%20f\n");
    let o = iriscan(
        &["resolve", "--base", BASE, "--grammar", "relative-ref"],
        b"g\nhttp://x/\n",
    );
    let text = stdout(&o);
    assert!(text.starts_with("1\thttp://a/b/c/g\n2\terror: "), "{text}");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_base_that_is_not_absolute_is_a_usage_error() {
    // Empty standard input: the command exits before it reads any (no broken pipe here).
    for command in ["resolve", "relativize"] {
        let o = iriscan(&[command, "--base", "/b/c"], b"");
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(stdout(&o), "");
        assert_eq!(
            stderr(&o),
            "iriscan: --base \"/b/c\": the base must be an absolute IRI (RFC 3986 5.2.1); this is \
             a relative reference (no scheme)\n"
        );
        let o = iriscan(&[command, "--base", "http://a/b c"], b"");
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).starts_with("iriscan: --base \"http://a/b c\": not an IRI: ' ' (U+0020)"),
            "{}",
            stderr(&o)
        );
        let o = iriscan(&[command], b"");
        assert_eq!(o.status.code(), Some(2), "--base is required");
    }
}

#[test]
fn relativize_text_and_json() {
    let input = "http://a/b/c/g\nhttp://a/b/g?y\nhttp://a/b/c/d;p?q#s\nhttp://a/x\nhttp://b/c\n\
                 https://a/b\nhttp://a/b/c/g:h\nhttp://a/b/../c\n../g\n";
    let o = iriscan(&["relativize", "--stats", "--base", BASE], input.as_bytes());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..7],
        [
            "1\tg",
            "2\t../g?y",
            "3\t#s",
            "4\t/x",
            "5\t//b/c",
            "6\thttps://a/b",
            "7\t./g:h"
        ]
    );
    assert!(lines[7].starts_with("8\terror: the path \"/b/../c\" has a \".\" or \"..\""));
    assert_eq!(lines[8], "9\t../g", "a relative line is resolved first");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not ok: 1 (dot_segments: 1)"),
        "{}",
        stderr(&o)
    );

    let o = iriscan(&["relativize", "--base", BASE, "--json"], input.as_bytes());
    let v = json_lines(&o);
    assert_eq!(
        v[1],
        serde_json::json!({"line": 2, "input": "http://a/b/g?y", "ok": true, "output": "../g?y"})
    );
    assert_eq!(v[7]["error"]["kind"], "dot_segments");
    assert_eq!(v[7]["error"]["offset"], 8, "where the path starts");
}

#[test]
fn relativize_then_resolve_gives_the_lines_back() {
    let path = format!("{ROOT}/data/bench/iris.txt");
    let lines: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .take(3000)
        .map(str::to_string)
        .collect();
    let input = lines.join("\n") + "\n";
    for base in [
        "https://ja.wikipedia.org/wiki/日本語",
        "https://example.com/a/b",
    ] {
        let rel = iriscan(&["relativize", "--base", base, "--valid"], input.as_bytes());
        let back = iriscan(&["resolve", "--base", base, "--valid"], &rel.stdout);
        // Lines that are not IRIs, or have dot segments, drop out of both.
        let kept = iriscan(&["check", "--grammar", "iri", "--valid"], input.as_bytes());
        assert_eq!(stdout(&back), stdout(&kept), "{base}");
        assert!(stdout(&rel).len() < stdout(&kept).len());
    }
}

#[test]
fn to_uri_error_offsets_count_the_preprocessed_line() {
    // A mapping error's offset is where the host starts in the text that was parsed (with
    // --mode leiri, the line after preprocessing), not a distance between two buffers.
    let o = iriscan(
        &["to-uri", "--mode", "leiri", "--json"],
        "http://a\u{FF0F}b/ x\n".as_bytes(),
    );
    let v = json_lines(&o);
    assert_eq!(v[0]["preprocessed"], "http://a\u{FF0F}b/%20x");
    assert_eq!(v[0]["error"]["kind"], "idna");
    assert_eq!(v[0]["error"]["offset"], 7);
}
