//! The `iriscan` binary, run as a user would: output formats, exit codes, and the bytes a log
//! file can hold.

mod run;

use run::*;

#[test]
fn readme_first_command_runs_on_the_sample() {
    let o = iriscan(&["check", "data/sample.txt"], b"");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        std::fs::read(format!("{ROOT}/data/sample.txt"))
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

#[test]
fn filters_print_the_lines_themselves() {
    let input = "http://a/\nhttp://b/ x\n\nhttp://c/\r\n\u{202e}\n".as_bytes();
    let o = iriscan(&["check", "--valid"], input);
    assert_eq!(stdout(&o), "http://a/\n\nhttp://c/\n");
    assert_eq!(
        o.status.code(),
        Some(0),
        "a filter that wrote lines, as grep"
    );
    let o = iriscan(&["check", "--invalid"], input);
    assert_eq!(stdout(&o), "http://b/ x\n\u{202e}\n");
    let o = iriscan(&["check", "--quiet"], input);
    assert_eq!(
        (stdout(&o).as_str(), o.stderr.is_empty(), o.status.code()),
        ("", true, Some(1))
    );
    let o = iriscan(&["check", "--quiet"], b"http://a/\n");
    assert_eq!(o.status.code(), Some(0));
    let o = iriscan(&["check", "--valid", "--invalid"], b"");
    assert_eq!(o.status.code(), Some(2), "a usage error");
}

#[test]
fn summary_on_standard_error_with_stats() {
    let o = iriscan(&["check", "--stats"], b"http://a/\nhttp://b/ x\n\xff\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(
            "iriscan: lines: 3, ok: 1, not ok: 2 (invalid_character: 1, invalid_utf8: 1);"
        ),
        "{err}"
    );
    assert!(err.contains("MB/s"), "{err}");
}

#[test]
fn parse_components() {
    let o = iriscan(&["parse", "--json"], b"http://u@h:8/p?#\nrel/a\n\xc3\n");
    let v = json_lines(&o);
    assert_eq!(
        v[0],
        serde_json::json!({"line": 1, "input": "http://u@h:8/p?#", "ok": true, "scheme": "http", "authority": "u@h:8",
            "userinfo": "u", "host": "h", "host_kind": "reg-name", "port": "8", "path": "/p", "query": "", "fragment": "",
            "public_suffix": null, "registrable_domain": null})
    );
    assert_eq!(v[1]["scheme"], serde_json::Value::Null);
    assert_eq!(v[1]["authority"], serde_json::Value::Null);
    assert_eq!(v[1]["path"], "rel/a");
    assert_eq!(
        (v[2]["ok"].as_bool(), v[2]["error"]["kind"].as_str()),
        (Some(false), Some("invalid_utf8"))
    );
    assert_eq!(o.status.code(), Some(1));
    let o = iriscan(&["parse"], b"//[v1.x]:/\n");
    assert_eq!(
        stdout(&o),
        "1\tok\n  scheme     -\n  authority  \"[v1.x]:\"\n  userinfo   -\n  host       \"[v1.x]\" (ipvfuture)\n  port       \"\"\n  path       \"/\"\n  query      -\n  fragment   -\n"
    );
}

#[test]
fn a_file_and_a_pipe_give_the_same_output() {
    let mut input = Vec::new();
    for i in 0..100_000u32 {
        match i % 5 {
            0 => input.extend_from_slice(format!("http://h/{i}?q=\u{e9}\n").as_bytes()),
            1 => input.extend_from_slice(format!("http://h/{i}\r\n").as_bytes()),
            2 => input.extend_from_slice(format!("bad line {i}\n").as_bytes()),
            3 => input.extend_from_slice(b"\xff\n"),
            _ => input.push(b'\n'),
        }
    }
    input.extend_from_slice(b"no-newline-at-end");
    let path = std::env::temp_dir().join(format!("iriscan-pipe-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    for args in [
        &["check"][..],
        &["check", "--json"],
        &["parse", "--json"],
        &["check", "--valid"],
    ] {
        let from_file = iriscan(&[args, &[path.to_str().unwrap()]].concat(), b"");
        let from_pipe = iriscan(args, &input);
        assert_eq!(from_file.stdout, from_pipe.stdout, "{args:?}");
        assert_eq!(from_file.status.code(), from_pipe.status.code());
        if args.len() == 1 {
            assert_eq!(stdout(&from_file).lines().count(), 100_001);
            assert!(
                stdout(&from_file).ends_with("\n100001\tok\n"),
                "the last line, without newline"
            );
        }
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn to_uri_text_json_filters_and_exit_codes() {
    let input = "http://résumé.example.org/red%09rosé#red\nhttp://a b\nhttp://é%FF.org/\n\n";
    let o = iriscan(&["to-uri"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "1\thttp://xn--rsum-bpad.example.org/red%09ros%C3%A9#red\n\
         2\terror: ' ' (U+0020) at byte 8 in the host: not allowed in ireg-name (3987bis 2.2)\n\
         3\terror: the host \"é%FF.org\" cannot be converted with IDNA: percent-encoded octets that are not UTF-8 (3987bis 3.4)\n\
         4\t\n"
    );
    assert_eq!(o.status.code(), Some(1));
    let json = json_lines(&iriscan(&["to-uri", "--json"], input.as_bytes()));
    assert_eq!(
        json[0]["output"],
        "http://xn--rsum-bpad.example.org/red%09ros%C3%A9#red"
    );
    assert_eq!(json[1]["error"]["kind"], "invalid_character");
    assert_eq!(json[2]["error"]["kind"], "idna");
    assert_eq!(json[2]["error"]["offset"], 7);
    assert_eq!(json[3]["output"], "");
    // An IDNA error's offset is that of the code point IDNA refuses (7 + 5 here).
    let json = json_lines(&iriscan(
        &["to-uri", "--json"],
        "http://www.a\u{2488}b.org/\n".as_bytes(),
    ));
    assert_eq!(json[0]["error"]["offset"], 12);
    let valid = iriscan(&["to-uri", "--valid"], input.as_bytes());
    assert_eq!(
        stdout(&valid),
        "http://xn--rsum-bpad.example.org/red%09ros%C3%A9#red\n\n"
    );
    let invalid = iriscan(&["to-uri", "--invalid"], input.as_bytes());
    assert_eq!(stdout(&invalid), "http://a b\nhttp://é%FF.org/\n");
    let quiet = iriscan(&["to-uri", "--quiet"], b"http://a/\n");
    assert_eq!(
        (stdout(&quiet).as_str(), quiet.status.code()),
        ("", Some(0))
    );
}

#[test]
fn to_uri_options() {
    let o = iriscan(
        &["to-uri", "--query-charset", "windows-1252", "--valid"],
        "http://a/é?q=é\n".as_bytes(),
    );
    assert_eq!(stdout(&o), "http://a/%C3%A9?q=%E9\n");
    let o = iriscan(
        &["to-uri", "--host", "percent", "--valid"],
        "x://é/\n".as_bytes(),
    );
    assert_eq!(stdout(&o), "x://%C3%A9/\n");
    let o = iriscan(&["to-uri", "--query-charset", "klingon"], b"http://a/\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown charset"));
}

#[test]
fn to_iri_examples_and_options() {
    let input = "http://www.example.org/D%C3%BCrst\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%e2%80%ae\n";
    let o = iriscan(&["to-iri", "--valid"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\nhttp://納豆.example.org/%E2%80%AE\n"
    );
    assert_eq!(o.status.code(), Some(0));
    let o = iriscan(&["to-iri", "--no-to-unicode", "--json"], input.as_bytes());
    assert_eq!(
        json_lines(&o)[2]["output"],
        "http://xn--99zt52a.example.org/%E2%80%AE"
    );
    // A line that is not of the grammar is an error; the run goes on.
    let o = iriscan(
        &["to-iri", "--grammar", "uri"],
        "http://é/\nhttp://a/\n".as_bytes(),
    );
    assert!(stdout(&o).starts_with("1\terror: "));
    assert!(stdout(&o).ends_with("2\thttp://a/\n"));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn mode_leiri_and_href() {
    let input = " http:\\\\example.com\\a b?c d\t\n";
    // Strict: the line is not an IRI.
    let o = iriscan(&["check"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    // href: trimmed, "\" to "/" in the path, the space encoded; offsets count the result.
    let o = iriscan(&["check", "--mode", "href", "--json"], input.as_bytes());
    let json = json_lines(&o);
    assert_eq!(json[0]["ok"], true);
    assert_eq!(json[0]["preprocessed"], "http://example.com/a%20b?c%20d");
    assert_eq!(o.status.code(), Some(0));
    // leiri: spaces and "\" encoded, nothing trimmed or turned around.
    let o = iriscan(
        &["to-uri", "--mode", "leiri", "--valid"],
        "http://a/b c\\d\n".as_bytes(),
    );
    assert_eq!(stdout(&o), "http://a/b%20c%5Cd\n");
    let o = iriscan(
        &["parse", "--mode", "href", "--json"],
        "http:\\\\h\\p\n".as_bytes(),
    );
    assert_eq!(json_lines(&o)[0]["host"], "h");
    // No preprocessed field when the line is unchanged.
    let o = iriscan(&["check", "--mode", "href", "--json"], b"http://a/\n");
    assert!(json_lines(&o)[0].get("preprocessed").is_none());
}

#[test]
fn help_shows_each_example_on_its_own_line() {
    for (command, example) in [
        ("check", "iriscan check data/sample.txt"),
        ("parse", "iriscan parse data/sample.txt"),
        ("to-uri", "iriscan to-uri data/sample.txt"),
        ("to-iri", "iriscan to-iri access.log"),
    ] {
        let o = iriscan(&[command, "--help"], b"");
        assert_eq!(o.status.code(), Some(0));
        assert!(
            stdout(&o).contains(&format!("\n  {example}\n")),
            "{command}"
        );
    }
}

#[test]
fn flags_that_cannot_go_together_are_usage_errors() {
    for args in [
        &["lint", "--json", "--invalid"][..],
        &["check", "--json", "--valid"],
        &["display", "--json", "--quiet"],
        &["check", "--valid", "--invalid"],
        &["extract", "-o", "--json"],
        &["display", "--as-written", "--ascii"],
    ] {
        let o = iriscan(args, b"http://a/\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("cannot be used with"),
            "{args:?}"
        );
    }
}

/// A UTF-8 byte order mark at the start of an input, as editors on Windows write it, is no
/// part of its first line; elsewhere it is a character of its line.
#[test]
fn a_byte_order_mark_at_the_start_is_left_out() {
    let o = iriscan(&["check"], b"\xef\xbb\xbfhttps://example.com/\nhttp://h/\n");
    assert_eq!(stdout(&o), "1\tok\n2\tok\n");
    let o = iriscan(&["dedupe"], b"\xef\xbb\xbfhttp://h/\nhttp://h/\n");
    assert_eq!(stdout(&o), "http://h/\n");
    // Not on a later line, nor a part of one: U+FEFF is a character an IRI may hold.
    let o = iriscan(&["check"], b"http://h/\n\xef\xbb\xbfhttp://h/\n\xef\xbb");
    let text = stdout(&o);
    assert!(text.starts_with("1\tok\n2\terror: "), "{text}");
    assert!(text.contains("\n3\terror: "), "{text}");
    // In each file.
    let dir = std::env::temp_dir().join(format!("iriscan-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, b"\xef\xbb\xbfhttp://a/\n").unwrap();
    std::fs::write(&b, b"\xef\xbb\xbfhttp://b/\n").unwrap();
    let o = iriscan(&["check", a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
