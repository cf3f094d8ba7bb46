//! `iriscan lint` (its text and JSON output, `--allow`, the filters and the exit status) and
//! `iriscan display` (its options).

mod run;

use run::*;

const SPOOF: &str = "http://pаypal.com/"; // a Cyrillic "а"

#[test]
fn text_has_one_line_per_lint_and_none_for_a_clean_line() {
    let input = format!("http://example.com/\n{SPOOF}\nhttp://a b/\n");
    let o = iriscan(&["lint"], input.as_bytes());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("2\tmixed-script\thost at byte 7: the label \"pаypal\""));
    assert!(lines[1].starts_with("2\tconfusable\thost at byte 7: "));
    assert!(
        lines[1].ends_with("(3987bis 8.5, 6.1; UTS #39 4)"),
        "{}",
        lines[1]
    );
    // A line that is not an IRI gets check's error.
    assert_eq!(
        lines[2],
        "3\terror: ' ' (U+0020) at byte 8 in the host: not allowed in ireg-name (3987bis 2.2)"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn json_lists_the_lints_of_each_line() {
    let input = format!("{SPOOF}\nhttp://x/\n%zz\n");
    let o = iriscan(&["lint", "--json"], input.as_bytes());
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["ok"], true);
    let lint = &lines[0]["lints"][1];
    assert_eq!(lint["code"], "confusable");
    assert_eq!(lint["severity"], "warning");
    assert_eq!(lint["component"], "host");
    assert_eq!(
        (lint["offset"].as_u64(), lint["length"].as_u64()),
        (Some(7), Some(7))
    );
    assert!(lint["message"].as_str().unwrap().contains("\"paypal\""));
    assert_eq!(lines[1]["lints"], serde_json::json!([]));
    assert_eq!(lines[2]["ok"], false);
    assert_eq!(lines[2]["error"]["kind"], "invalid_percent_encoding");
}

#[test]
fn exit_status_counts_warnings_not_infos() {
    // Clean lines: 0.
    let o = iriscan(
        &["lint"],
        b"http://example.com/\nhttp://\xd7\x90.\xd7\x91/\n",
    );
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(0)));
    // 3987bis 4.4 example 10 in Hebrew: an info is reported, and the status stays 0.
    let o = iriscan(&["lint"], "http://ab.אבגדהז.123/kl\n".as_bytes());
    assert!(
        stdout(&o).contains("\tbidi-digit-adjacent\thost at byte 23: "),
        "{}",
        stdout(&o)
    );
    assert_eq!(o.status.code(), Some(0));
    // A warning: 1.
    let o = iriscan(&["lint", "--quiet"], SPOOF.as_bytes());
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
}

#[test]
fn allow_silences_codes() {
    let o = iriscan(
        &["lint", "--allow", "mixed-script,confusable"],
        SPOOF.as_bytes(),
    );
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(0)));
    let o = iriscan(&["lint", "--allow", "confusable"], SPOOF.as_bytes());
    assert!(stdout(&o).contains("\tmixed-script\t"));
    // An unknown code is a usage error that lists the codes.
    let o = iriscan(&["lint", "--allow", "spoof"], SPOOF.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bidi-mixed"), "{}", stderr(&o));
}

#[test]
fn valid_and_invalid_filter_on_warnings() {
    let input = format!("http://example.com/\n{SPOOF}\nhttp://a b/\n");
    let o = iriscan(&["lint", "--valid"], input.as_bytes());
    assert_eq!(stdout(&o), "http://example.com/\n");
    let o = iriscan(&["lint", "--invalid"], input.as_bytes());
    assert_eq!(stdout(&o), format!("{SPOOF}\nhttp://a b/\n"));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn offsets_count_the_preprocessed_line_with_a_mode() {
    // href strips the tab (7.2): the label starts at byte 7 of the line as read.
    let input = "\thttp://pаypal.com/\n";
    let o = iriscan(&["lint", "--mode", "href", "--json"], input.as_bytes());
    let line = &json_lines(&o)[0];
    assert_eq!(line["preprocessed"], SPOOF);
    assert_eq!(line["lints"][0]["offset"], 7);
}

#[test]
fn display_wraps_reorders_or_encodes() {
    let input = "http://ab.אבג.ij/\nhttp://xn--80ak6aa92e.com/\n";
    let o = iriscan(&["display"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "1\t\u{202A}http://ab.אבג.ij/\u{202C}\n2\thttp://xn--80ak6aa92e.com/\n"
    );
    assert_eq!(o.status.code(), Some(0));
    let o = iriscan(
        &["display", "--embedding", "lri", "--valid"],
        input.as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "\u{2066}http://ab.אבג.ij/\u{2069}\nhttp://xn--80ak6aa92e.com/\n"
    );
    let o = iriscan(&["display", "--visual", "--valid"], input.as_bytes());
    assert_eq!(stdout(&o).lines().next(), Some("http://ab.גבא.ij/"));
    let o = iriscan(&["display", "--ascii", "--valid"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "http://ab.xn--4dbcd.ij/\nhttp://xn--80ak6aa92e.com/\n"
    );
    // As written: the visual order a renderer gives 4.4's example 8, which breaks 4.2.
    let example_8 = "http://ab.cd.ef/זח1/2טי/כל.html\n";
    let o = iriscan(
        &["display", "--visual", "--as-written", "--valid"],
        example_8.as_bytes(),
    );
    assert_eq!(stdout(&o), "http://ab.cd.ef/לכ/יט1/2חז.html\n");
    let o = iriscan(&["display", "--visual", "--valid"], example_8.as_bytes());
    assert!(stdout(&o).contains("%D7"), "{}", stdout(&o));
    let o = iriscan(
        &["display", "--as-written", "--ascii"],
        example_8.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2));
    // JSON, and a line that is not an IRI.
    let o = iriscan(
        &["display", "--json"],
        b"http://x/a\xe2\x80\x8bb\nhttp://a b/\n",
    );
    let lines = json_lines(&o);
    assert_eq!(lines[0]["output"], "http://x/a%E2%80%8Bb");
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(o.status.code(), Some(1));
}
