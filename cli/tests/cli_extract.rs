//! `iriscan extract`: its text, `-o` and JSON output, `--to-uri`, `--www`, `--schemes`,
//! `--mode`, the exit status, bytes that are not UTF-8 and a line of 100 MB.

mod run;

use run::*;

#[test]
fn text_has_one_line_per_iri_and_none_for_a_line_without() {
    let input =
        "a http://x.com/1 b «https://例え.jp/パス» c.\nnothing: here\n(see ftp://z.com/3).\n";
    let o = iriscan(&["extract"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "1\thttp://x.com/1\n1\thttps://例え.jp/パス\n3\tftp://z.com/3\n"
    );
    assert_eq!(o.status.code(), Some(0));
    let o = iriscan(&["extract"], b"nothing: here\n12:30\n");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
}

#[test]
fn only_matching_writes_the_iris_alone() {
    let input = "GET http://a.com/x 200\nGET http://a.com/x 404\nGET https://b.com/ 200\n";
    let o = iriscan(&["extract", "-o"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "http://a.com/x\nhttp://a.com/x\nhttps://b.com/\n"
    );
    assert_eq!(o.status.code(), Some(0));
    let o = iriscan(&["extract", "--only-matching"], b"none\n");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
    // -o is not JSON.
    assert_eq!(
        iriscan(&["extract", "-o", "--json"], b"").status.code(),
        Some(2)
    );
}

#[test]
fn json_has_one_object_per_iri() {
    let input = "x http://a.com/ é https://例え.jp/\n";
    let o = iriscan(&["extract", "--json"], input.as_bytes());
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[0]["offset"], 2);
    assert_eq!(lines[0]["length"], 13);
    assert_eq!(lines[0]["iri"], "http://a.com/");
    assert_eq!(lines[1]["offset"], 19);
    assert_eq!(lines[1]["iri"], "https://例え.jp/");
    assert!(lines[1].get("uri").is_none());
    // With several files, each object names its file.
    let dir = std::env::temp_dir().join(format!("iriscan-extract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "http://a.com/\n").unwrap();
    std::fs::write(&b, "none\nhttp://b.com/\n").unwrap();
    let o = iriscan(
        &[
            "extract",
            "--json",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        b"",
    );
    let lines = json_lines(&o);
    assert_eq!(lines[1]["file"], b.to_str().unwrap());
    assert_eq!(lines[1]["line"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn to_uri_maps_each_iri_as_to_uri_does() {
    let input = "see http://résumé.example.org/rosé and http://a.com/x\n";
    let o = iriscan(&["extract", "--to-uri"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "1\thttp://xn--rsum-bpad.example.org/ros%C3%A9\n1\thttp://a.com/x\n"
    );
    let o = iriscan(&["extract", "--to-uri", "--json"], input.as_bytes());
    let lines = json_lines(&o);
    assert_eq!(lines[0]["iri"], "http://résumé.example.org/rosé");
    assert_eq!(
        lines[0]["uri"],
        "http://xn--rsum-bpad.example.org/ros%C3%A9"
    );
    // An IRI whose host IDNA refuses: an error line, nothing with -o, null in JSON.
    let input = "at http://é%FF.org/ now\n";
    let o = iriscan(&["extract", "--to-uri"], input.as_bytes());
    assert!(stdout(&o).starts_with("1\terror: "), "{}", stdout(&o));
    let o = iriscan(&["extract", "--to-uri", "-o"], input.as_bytes());
    assert_eq!(stdout(&o), "");
    let o = iriscan(&["extract", "--to-uri", "--json"], input.as_bytes());
    let lines = json_lines(&o);
    assert!(lines[0]["uri"].is_null());
    assert_eq!(lines[0]["error"]["kind"], "idna");
    // The error as `to-uri` gives it for the IRI alone: its offset counts the bytes of "iri".
    let alone = iriscan(&["to-uri", "--json"], "http://é%FF.org/\n".as_bytes());
    assert_eq!(lines[0]["error"], json_lines(&alone)[0]["error"]);
    assert!(lines[0]["error"]["offset"].is_u64());
}

#[test]
fn www_schemes_and_modes() {
    let input = "www.example.com/a, http://b.com foo://c mailto:x@y.com {http://d.com/{e}}\n";
    let o = iriscan(&["extract", "-o", "--www"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "http://www.example.com/a\nhttp://b.com\nfoo://c\nhttp://d.com/\n"
    );
    let o = iriscan(
        &["extract", "-o", "--schemes", "mailto,foo"],
        input.as_bytes(),
    );
    assert_eq!(stdout(&o), "foo://c\nmailto:x@y.com\n");
    // A name that is no scheme (RFC 3986 3.1) is a usage error, not a scheme never found.
    for bad in ["https:,mailto", "https, mailto", "", "1http", "ht_tp"] {
        let o = iriscan(&["extract", "--schemes", bad], input.as_bytes());
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&o).contains("scheme"), "{bad:?}: {}", stderr(&o));
    }
    let o = iriscan(&["extract", "-o", "--mode", "leiri"], input.as_bytes());
    assert_eq!(stdout(&o), "http://b.com\nfoo://c\nhttp://d.com/%7Be%7D\n");
}

#[test]
fn bytes_that_are_not_utf8_around_an_iri() {
    let input = b"\xff\xfehttp://a.com/x\xc3 and \xe9http://b.com/\n\xff\n";
    let o = iriscan(&["extract"], input);
    assert_eq!(stdout(&o), "1\thttp://a.com/x\n1\thttp://b.com/\n");
    assert_eq!(o.status.code(), Some(0));
    // --invalid writes the lines without an IRI, as they are.
    let o = iriscan(&["extract", "--invalid"], input);
    assert_eq!(o.stdout, b"\xff\n");
}

#[test]
fn a_line_of_100_mb() {
    // Five million IRIs on one line, and one IRI of 100 MB.
    let many = "see http://a.com/x ".repeat(5_300_000) + "\n";
    let o = iriscan(&["extract", "-o"], many.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(o.stdout.iter().filter(|&&b| b == b'\n').count(), 5_300_000);
    let long = format!("x http://a.com/{} y\n", "a".repeat(100_000_000));
    let o = iriscan(&["extract", "--json"], long.as_bytes());
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["length"], 100_000_013);
}

#[test]
fn only_matching_leaves_out_an_iri_without_a_uri_form_and_exits_as_grep() {
    // IDNA refuses the host "é..com" (an empty label): that IRI has no URI form.
    let o = iriscan(
        &["extract", "-o", "--to-uri"],
        b"see http://\xc3\xa9..com/ x\n",
    );
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
    let o = iriscan(
        &["extract", "-o", "--to-uri"],
        b"see http://\xc3\xa9..com/ x\nand http://\xc3\xa9.example/\n",
    );
    assert_eq!(
        (stdout(&o).as_str(), o.status.code()),
        ("http://xn--9ca.example/\n", Some(0))
    );
    // The text form still shows the error, on the line of the IRI.
    let o = iriscan(&["extract", "--to-uri"], b"see http://\xc3\xa9..com/ x\n");
    assert!(stdout(&o).starts_with("1\terror: "), "{}", stdout(&o));
}

#[test]
fn quiet_exits_as_the_output_it_leaves_out_would() {
    // IDNA refuses the host "é..com": with --valid, the line writes nothing, and -q says so.
    let unmapped = "see http://\u{e9}..com/\n";
    let mapped = "see http://\u{e9}..com/ and http://\u{e9}.example/\n";
    for (input, status) in [(unmapped, 1), (mapped, 0)] {
        for args in [
            &["extract", "--to-uri", "--valid"][..],
            &["extract", "--to-uri", "--valid", "-q"],
            &["extract", "--to-uri", "-o"],
        ] {
            let o = iriscan(args, input.as_bytes());
            assert_eq!(o.status.code(), Some(status), "{args:?} {input:?}");
        }
    }
    // Without --valid, the text writes the error line, and -q exits 0 as it does.
    for args in [&["extract", "--to-uri"][..], &["extract", "--to-uri", "-q"]] {
        let o = iriscan(args, unmapped.as_bytes());
        assert_eq!(o.status.code(), Some(0), "{args:?}");
    }
    let o = iriscan(
        &["extract", "--to-uri", "--valid", "-q"],
        unmapped.as_bytes(),
    );
    assert_eq!(stdout(&o), "");
}
