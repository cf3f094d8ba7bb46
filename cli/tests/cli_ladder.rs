//! `iriscan normalize`, `compare` and `dedupe`, run as a user would.

mod run;

use run::*;

#[test]
fn normalize_at_each_level() {
    let input =
        "HTTP://Example.COM:80/a/./b/../%7euser\nhttp://xn--rsum-bpad.example.org\nnot valid\n";
    let o = iriscan(&["normalize"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "1\thttp://example.com:80/a/~user\n2\thttp://xn--rsum-bpad.example.org\n\
         3\terror: ' ' (U+0020) at byte 3 in the path: not allowed in ipath (3987bis 2.2)\n"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = iriscan(
        &["normalize", "--level", "scheme", "--valid"],
        input.as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "http://example.com/a/~user\nhttp://résumé.example.org/\n"
    );
    let o = iriscan(
        &["normalize", "--level", "simple", "--valid"],
        input.as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        input
            .lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    assert_eq!(
        iriscan(&["normalize", "--level", "bogus"], b"")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn normalize_characters_only_when_asked() {
    let nfd = "http://a/re\u{301}sume\u{301}\n";
    assert_eq!(
        stdout(&iriscan(&["normalize", "--valid"], nfd.as_bytes())),
        nfd
    );
    let o = iriscan(&["normalize", "--nfc", "--valid"], nfd.as_bytes());
    assert_eq!(stdout(&o), "http://a/résumé\n");
    let o = iriscan(
        &["normalize", "--nfkc", "--json"],
        "http://a/b\u{FF0F}c\n".as_bytes(),
    );
    let v = &json_lines(&o)[0];
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "structure");
    assert_eq!(
        iriscan(&["normalize", "--nfc", "--nfkc"], b"")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn compare_pairs() {
    let input = "example://a/b/c/%7Bfoo%7D/rosé\teXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9\n\
                 http://résumé.example.org\thttp://xn--rsum-bpad.example.org/\n\
                 http://a\u{FF0F}b.org/\thttp://a/\n\
                 no tab here\n\
                 b\tc\n";
    let o = iriscan(
        &["compare", "--json", "--level", "scheme"],
        input.as_bytes(),
    );
    let v = json_lines(&o);
    assert_eq!(v[0]["equivalent"], true);
    assert_eq!(v[1]["equivalent"], true);
    assert_eq!(v[2]["equivalent"], serde_json::Value::Null);
    assert_eq!(v[2]["ok"], true);
    assert_eq!(v[3]["error"]["kind"], "missing_tab");
    assert_eq!(v[4]["error"]["kind"], "relative_reference");
    assert_eq!(o.status.code(), Some(1));
    let o = iriscan(&["compare"], input.as_bytes());
    let text = stdout(&o);
    assert!(
        text.starts_with("1\tequivalent\n2\tdifferent\n3\tdifferent\n4\terror: "),
        "{text}"
    );
    // With a base, relative references are resolved first; a bad base is a usage error.
    let o = iriscan(&["compare", "--base", "http://x/y/z"], b"b\t./b#f\n");
    assert_eq!(stdout(&o), "1\tdifferent\n");
    let o = iriscan(
        &["compare", "--base", "http://x/y/z", "--exclude-fragment"],
        b"b\t./b#f\n",
    );
    assert_eq!(stdout(&o), "1\tequivalent\n");
    let o = iriscan(&["compare", "--base", "relative/only"], b"a\tb\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("absolute IRI"));
    // The second IRI's error offset counts from the start of the line.
    let o = iriscan(&["compare", "--json"], b"http://a/\thttp://a/ b\n");
    assert_eq!(json_lines(&o)[0]["error"]["offset"], 19);
}

#[test]
fn dedupe_keeps_the_first_of_each_key_in_order() {
    let input = "http://a/b\nHTTP://A/./b\nhttp://a/b#x\nbad line\nbad line\nhttp://a:80/b\n\
                 http://résumé.org/\nhttp://xn--rsum-bpad.org\nhttp://a/%62\n";
    let o = iriscan(&["dedupe"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "http://a/b\nhttp://a/b#x\nbad line\nhttp://a:80/b\nhttp://résumé.org/\nhttp://xn--rsum-bpad.org\n"
    );
    assert_eq!(o.status.code(), Some(0), "a filter that wrote lines");
    let o = iriscan(
        &["dedupe", "--level", "scheme", "--valid"],
        input.as_bytes(),
    );
    assert_eq!(stdout(&o), "http://a/b\nhttp://a/b#x\nhttp://résumé.org/\n");
    let o = iriscan(
        &["dedupe", "--level", "simple", "--exclude-fragment"],
        input.as_bytes(),
    );
    assert_eq!(stdout(&o).lines().count(), 7);
    let o = iriscan(&["dedupe", "--json"], b"http://a/b\nhttp://a/./b\n");
    let v = json_lines(&o);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["key"], "http://a/b");
    assert_eq!(v[0]["line"], 1);
}

#[test]
fn dedupe_keeps_order_across_chunks() {
    // More than one parallel chunk (256 KiB): the first occurrence wins wherever it lies.
    let mut input = String::new();
    for i in 0..40_000 {
        input.push_str(&format!("http://example.org/{}\n", i % 1000));
        input.push_str(&format!("HTTP://EXAMPLE.ORG/./{}\n", i % 1000));
    }
    let o = iriscan(&["dedupe"], input.as_bytes());
    let want: String = (0..1000)
        .map(|i| format!("http://example.org/{i}\n"))
        .collect();
    assert_eq!(stdout(&o), want);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn normalize_key_and_canonical_agree_with_compare() {
    let lines = [
        "http://résumé.example.org/rosé",
        "HTTP://xn--rsum-bpad.example.org:80/ros%C3%A9",
        "http://r%C3%A9sum%C3%A9.example.org/rosé",
        "http://[0:0::1]/a/./b#f",
        "http://[::1]/a/b#g",
        "http://аррӏе.com/",
        "http://example.com/%7euser",
        "http://example.com/~user",
    ];
    let input = lines.join("\n") + "\n";
    for level in ["simple", "syntax", "scheme"] {
        for fragment in [false, true] {
            let mut args = vec!["normalize", "--level", level, "--valid"];
            if fragment {
                args.push("--exclude-fragment");
            }
            let keys = stdout(&iriscan(
                &[&args[..], &["--key"]].concat(),
                input.as_bytes(),
            ));
            let canon = stdout(&iriscan(
                &[&args[..], &["--canonical"]].concat(),
                input.as_bytes(),
            ));
            let (keys, canon): (Vec<&str>, Vec<&str>) =
                (keys.lines().collect(), canon.lines().collect());
            assert_eq!(
                (keys.len(), canon.len()),
                (lines.len(), lines.len()),
                "{level}"
            );
            for i in 0..lines.len() {
                for j in 0..lines.len() {
                    let pair = format!("{}\t{}\n", lines[i], lines[j]);
                    let mut cargs = vec!["compare", "--level", level, "--valid"];
                    if fragment {
                        cargs.push("--exclude-fragment");
                    }
                    let verdict = stdout(&iriscan(&cargs, pair.as_bytes()));
                    let equivalent = verdict == "equivalent\n";
                    assert_eq!(keys[i] == keys[j], equivalent, "{level} {pair}");
                    assert_eq!(canon[i] == canon[j], equivalent, "{level} {pair}");
                }
            }
        }
    }
    // At the scheme level the canonical form is the IRI a person reads; a spoofing label stays
    // in ACE form.
    let o = iriscan(
        &["normalize", "--level", "scheme", "--canonical", "--valid"],
        input.as_bytes(),
    );
    let canon: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(canon[0], "http://résumé.example.org/rosé");
    assert_eq!(canon[5], "http://xn--80ak6aa92e.com/");
}

#[test]
fn dedupe_by_host_registrable_domain_and_origin() {
    let input =
        "http://www.example.com/a\nHTTP://WWW.Example.COM:80/b\nhttps://www.example.com/c\n\
                 http://blog.example.com/d\nhttp://example.co.uk/e\nhttp://a.example.co.uk/f\n\
                 http://x.github.io/\nhttp://y.github.io/\nhttp://[::1]/\nhttp://[0::1]:80/x\n";
    let by = |what: &str| stdout(&iriscan(&["dedupe", "--by", what], input.as_bytes()));
    assert_eq!(
        by("host"),
        "http://www.example.com/a\nhttp://blog.example.com/d\nhttp://example.co.uk/e\n\
         http://a.example.co.uk/f\nhttp://x.github.io/\nhttp://y.github.io/\nhttp://[::1]/\n"
    );
    assert_eq!(
        by("registrable-domain"),
        "http://www.example.com/a\nhttp://example.co.uk/e\nhttp://x.github.io/\n\
         http://y.github.io/\nhttp://[::1]/\n"
    );
    assert_eq!(
        by("origin"),
        "http://www.example.com/a\nhttps://www.example.com/c\nhttp://blog.example.com/d\n\
         http://example.co.uk/e\nhttp://a.example.co.uk/f\nhttp://x.github.io/\n\
         http://y.github.io/\nhttp://[::1]/\n"
    );
}

#[test]
fn parse_gives_the_public_suffix_and_the_registrable_domain() {
    let input = "https://www.例え.co.jp/a\nhttp://x.github.io/\nhttp://[::1]/\nhttp://localhost/\n";
    let lines = json_lines(&iriscan(&["parse", "--json"], input.as_bytes()));
    assert_eq!(lines[0]["public_suffix"], "co.jp");
    assert_eq!(lines[0]["registrable_domain"], "例え.co.jp");
    assert_eq!(lines[1]["registrable_domain"], "x.github.io");
    assert!(lines[2]["registrable_domain"].is_null() && lines[3]["public_suffix"].is_null());
    let lines = json_lines(&iriscan(
        &["parse", "--json", "--icann-only"],
        input.as_bytes(),
    ));
    assert_eq!(lines[1]["registrable_domain"], "github.io");
    let version = stdout(&iriscan(&["--version"], b""));
    assert!(version.contains("Public Suffix List"), "{version}");
}

#[test]
fn dedupe_count_writes_each_key_with_its_lines() {
    let input = "http://www.example.com/a\nhttp://blog.example.com/b\nhttp://x.github.io/\n\
                 HTTP://Example.COM/c\nnot an iri\n";
    let o = iriscan(
        &["dedupe", "--by", "registrable-domain", "--count"],
        input.as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "example.com\t3\nx.github.io\t1\nnot an iri\t1\n"
    );
    assert_eq!(o.status.code(), Some(0));
    let o = iriscan(&["dedupe", "--count", "--json"], b"http://a/\nhttp://A/\n");
    let lines = json_lines(&o);
    assert_eq!(
        (
            lines.len(),
            lines[0]["key"].as_str(),
            lines[0]["count"].as_u64()
        ),
        (1, Some("http://a/"), Some(2))
    );
    assert_eq!(iriscan(&["dedupe", "--count"], b"").status.code(), Some(1));
    assert_eq!(
        iriscan(&["dedupe", "--count", "--valid"], b"")
            .status
            .code(),
        Some(1)
    );
}

/// A line without a key is counted by its text, which may be a key too (the host "a", the line
/// "a"): JSON tells them apart, and `--valid` and `--invalid` count one kind alone.
#[test]
fn dedupe_count_tells_keys_from_lines_without_one() {
    let input = b"http://a/x\na\nhttp://a/y\n";
    let o = iriscan(&["dedupe", "--by", "host", "--count", "--json"], input);
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (&lines[0]["key"], &lines[0]["ok"], &lines[0]["count"]),
        (&"a".into(), &true.into(), &2.into())
    );
    assert_eq!(
        (&lines[1]["input"], &lines[1]["ok"], &lines[1]["count"]),
        (&"a".into(), &false.into(), &1.into())
    );
    assert!(lines[1].get("key").is_none());
    for (filter, out) in [("--valid", "a\t2\n"), ("--invalid", "a\t1\n")] {
        let o = iriscan(&["dedupe", "--by", "host", "--count", filter], input);
        assert_eq!(
            (stdout(&o).as_str(), o.status.code()),
            (out, Some(0)),
            "{filter}"
        );
    }
    let o = iriscan(&["dedupe", "--count", "--invalid"], b"http://a/\n");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
    let o = iriscan(&["dedupe", "--count", "-q", "--valid"], input);
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(0)));
}

/// `normalize --key` and `--canonical` take `--base` as `compare` and `dedupe` do: a relative
/// reference gets the key of what it resolves to.
#[test]
fn normalize_key_resolves_against_a_base() {
    let o = iriscan(
        &["normalize", "--key", "--base", "http://h/b/c"],
        b"../A%7e\n",
    );
    let absolute = iriscan(&["normalize", "--key"], b"http://h/A%7e\n");
    assert_eq!(stdout(&o), stdout(&absolute));
    assert_eq!(stdout(&o), "1\thttp://h/A~\n");
    let dedupe = iriscan(
        &["dedupe", "--json", "--base", "http://h/b/c"],
        b"../A%7e\n",
    );
    assert_eq!(json_lines(&dedupe)[0]["key"], "http://h/A~");
    let o = iriscan(
        &["normalize", "--canonical", "--base", "http://h/b/c"],
        b"../A\n",
    );
    assert_eq!(stdout(&o), "1\thttp://h/A\n");
    // The base is for the key alone, and must be an absolute IRI.
    let o = iriscan(&["normalize", "--base", "http://h/"], b"a\n");
    assert_eq!(o.status.code(), Some(2));
    let o = iriscan(&["normalize", "--key", "--base", "a"], b"a\n");
    assert_eq!(o.status.code(), Some(2));
}
