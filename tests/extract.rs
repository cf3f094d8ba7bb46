//! IRIs in running text (`iriscan::extract`, 3987bis 8.3): each rule with a case that must and
//! one that must not match, in Latin, CJK, Arabic and Hebrew text; the spec's example IRIs in
//! sentences; every white space and quotation mark of Unicode; properties over generated IRIs
//! and arbitrary bytes.

mod common;
use common::within_a_minute;

use iriscan::extract::{extract, ExtractOptions};
use iriscan::preprocess::Mode;
use iriscan::IriRef;
use proptest::prelude::*;
use unicode_script::UnicodeScript;

fn found_with(options: &ExtractOptions, text: &str) -> Vec<String> {
    extract(text, options)
        .map(|f| f.as_str().to_string())
        .collect()
}

fn found(text: &str) -> Vec<String> {
    found_with(&ExtractOptions::new(), text)
}

#[test]
fn a_scheme_of_the_table_with_a_colon_or_any_scheme_with_slashes_starts_an_iri() {
    assert_eq!(
        found("see http://example.com/a now"),
        ["http://example.com/a"]
    );
    assert_eq!(found("見てhttps://例え.jp/パス"), ["https://例え.jp/パス"]);
    assert_eq!(found("HTTPS://EXAMPLE.COM/"), ["HTTPS://EXAMPLE.COM/"]);
    // Any scheme with "//"; a scheme of the table without.
    assert_eq!(found("x-custom+v1://host/p"), ["x-custom+v1://host/p"]);
    assert_eq!(
        found("read news:comp.lang.rust daily"),
        ["news:comp.lang.rust"]
    );
    // The scheme is as long as it goes back, from its first letter.
    assert_eq!(found("1http://a.com/"), ["http://a.com/"]);
    assert_eq!(found("version2.0://x/"), ["version2.0://x/"]);
    // But for a word before a ".", which ends a sentence written without a space after it,
    // where a scheme of the table follows.
    assert_eq!(found("Check this out.http://a.com/x"), ["http://a.com/x"]);
    assert_eq!(found("See it.news:comp.lang.rust"), ["news:comp.lang.rust"]);
    assert_eq!(found("a.b.https://x/"), ["https://x/"]);
    // Without "//", a scheme in capitals is one, as URNs are often written.
    let urns = ExtractOptions::new().schemes(["urn"]);
    assert_eq!(
        found_with(
            &urns,
            "see URN:ISBN:0-395-36341-1 or urn:isbn:0-395-36341-1"
        ),
        ["URN:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1"]
    );
    assert!(found_with(&urns, "see Urn:ISBN:0-395-36341-1").is_empty());
    // The scheme after a "." is read so with the schemes of `--schemes` too.
    assert_eq!(found_with(&urns, "see.urn:isbn:123"), ["urn:isbn:123"]);
    let https = ExtractOptions::new().schemes(["https"]);
    assert_eq!(
        found_with(&https, "Check this out.https://a.com/"),
        ["https://a.com/"]
    );
    // The scheme stops at a ":" before it, as a log's "url:" is a word: a scheme within a
    // scheme is read whole only when the outer one counts.
    let jdbc = "url=jdbc:mysql://db.example.com:3306/app";
    assert_eq!(found(jdbc), ["mysql://db.example.com:3306/app"]);
    assert_eq!(found("url:http://a.com/"), ["http://a.com/"]);
    let outer = ExtractOptions::new().schemes(["jdbc", "https"]);
    assert_eq!(
        found_with(&outer, jdbc),
        ["jdbc:mysql://db.example.com:3306/app"]
    );
    // A file IRI's path is absolute (RFC 8089 2): "file:" and anything else is a word.
    for text in [
        "see ./build/file:12:3: error",
        "Error: cannot open file:config.yaml",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert_eq!(found("at file:/etc/hosts now"), ["file:/etc/hosts"]);
    assert_eq!(found("at file:///etc/hosts now"), ["file:///etc/hosts"]);
    // JSON's escaped "/" is not undone.
    assert!(found(r#"{"url":"http:\/\/a.com\/x"}"#).is_empty());
}

/// The letters of an escape before a scheme (roff's `\fB`, `\f5`, `\(dq`, a JSON string's
/// `\n`, `\x0a`, a terminal's colour, a percent-encoded octet) are no part of it, as many as
/// the escape's kind takes (E2).
#[test]
fn an_escape_before_a_scheme_is_no_part_of_it() {
    for (text, iri) in [
        ("\\f5https://a.com/x\\fR", "https://a.com/x"),
        (
            "\\fIftp://ftp.gnu.org/pub/\\fP and",
            "ftp://ftp.gnu.org/pub/",
        ),
        ("\\(dqhttp://a.com/x\\(dq", "http://a.com/x"),
        ("\\fBHTTPS://A.COM/\\fR", "HTTPS://A.COM/"),
        ("\"a\\nhttps://a.com/x\"", "https://a.com/x"),
        // An escape is as long as its kind: the scheme after it is read whole.
        ("\\fBsftp://host/file\\fR", "sftp://host/file"),
        ("\\(lqsftp://h/\\(rq", "sftp://h/"),
        ("\\f(CWhttp://a.com/\\fP", "http://a.com/"),
        ("\"a\\ngit+https://a.com/b.git\"", "git+https://a.com/b.git"),
        ("\"\\u00a0https://a.com/\"", "https://a.com/"),
        ("\\fBx-my://a/", "x-my://a/"),
        // A string's form feed, not a font.
        ("\\fhttp://a.com/", "http://a.com/"),
        // A byte's escape, "\\x" and two hexadecimal digits.
        ("echo -e \"a\\x0ahttps://a.com/x\"", "https://a.com/x"),
        // The colours of a terminal (ECMA-48 CSI: ESC "[", numbers, a final letter), as
        // `grep --color=always` writes them.
        ("\x1b[32mhttps://a.com/x\x1b[0m done", "https://a.com/x"),
        (
            "grep: \x1b[01;31m\x1b[Khttps://a.com/x\x1b[m\x1b[K",
            "https://a.com/x",
        ),
        // A percent-encoded octet (a newline, "=") in the query of another address.
        ("msg=hello%0Ahttps://a.com/x", "https://a.com/x"),
        ("line1%0D%0Ahttps://a.com/x", "https://a.com/x"),
        ("GET /r?next=%3Dhttps://a.com/x", "https://a.com/x"),
        ("GET /r?next=%AEhttps://a.com/x", "https://a.com/x"),
        // Without an escape, the scheme is read whole.
        ("xhttp://a.com/", "xhttp://a.com/"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
}

#[test]
fn words_with_a_colon_start_nothing() {
    for text in [
        "Note: this",
        "Note:this",
        "at 12:30 today",
        "ratio 1:2",
        "a:b:c",
        "foo:bar",
        "mailto:someone@example.com",
        "http: and https:",
        "http:// alone",
        "the http:// prefix",
        "注意：これ",
        "12:30:00 INFO started",
        // Without "//", a capitalized word with a colon is a word, as wikis name their pages.
        "[[File:Example.jpg|thumb]]",
        "News:today",
        "Tel:123",
        // A scheme and "::" is a name of Perl, C++, Tcl or apt's options (E1).
        "Acquire::https::CAInfo \"/etc/ssl/ca.pem\";",
        "a subclass of HTTP::Daemon.",
        "news::x and mailto::y",
        // Without "//", a scheme whose IRIs have an authority is a protocol's name: a port
        // after it, or a word (E1).
        "HTTP:80 and HTTPS:443",
        "git config http.proxy http:8080",
        "Errors: imap:connection refused",
        "ws:8080, LDAP:389",
        "",
        ":",
        "://",
    ] {
        assert!(found(text).is_empty(), "{text:?}: {:?}", found(text));
    }
    // So with `--schemes` too; and those whose IRIs need none start one without it.
    let options = ExtractOptions::new().schemes(["http", "mailto"]);
    assert!(found_with(&options, "http:8080").is_empty());
    assert_eq!(found_with(&options, "mailto:a@b.com"), ["mailto:a@b.com"]);
    for text in [
        "news:comp.lang.rust",
        "sip:alice@example.com",
        "file:/etc/hosts",
    ] {
        assert_eq!(found(text), [text]);
    }
}

#[test]
fn non_ascii_characters_do_not_end_an_iri() {
    // 3987bis 8.3.
    assert_eq!(
        found("Lies http://example.com/Dürst und"),
        ["http://example.com/Dürst"]
    );
    assert_eq!(
        found("見て https://例え.jp/パス?q=値 です"),
        ["https://例え.jp/パス?q=値"]
    );
    assert_eq!(
        found("انظر http://مثال.إختبار/مسار، ثم"),
        ["http://مثال.إختبار/مسار"]
    );
    assert_eq!(
        found("ראה http://דוגמה.בדיקה/נתיב."),
        ["http://דוגמה.בדיקה/נתיב"]
    );
    assert_eq!(
        found("보기 http://예시.테스트/경로!"),
        ["http://예시.테스트/경로"]
    );
}

#[test]
fn white_space_of_any_script_ends_an_iri() {
    let mut spaces = 0;
    for c in (0..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter(|c| c.is_whitespace())
    {
        let text = format!("http://a.com/x{c}y");
        assert_eq!(found(&text), ["http://a.com/x"], "U+{:04X}", c as u32);
        spaces += 1;
    }
    assert_eq!(spaces, 25, "the White_Space property");
    assert_eq!(
        found("https://例え.jp/パス\u{3000}次の文"),
        ["https://例え.jp/パス"]
    );
    // So do U+200B ZERO WIDTH SPACE, which Thai and Khmer text writes between words, and
    // U+2060 WORD JOINER and U+FEFF, its older form, which no one sees in an IRI either.
    for c in ['\u{200B}', '\u{2060}', '\u{FEFF}'] {
        let text = format!("http://a.com/x{c}\u{E15}\u{E48}\u{E2D}");
        assert_eq!(found(&text), ["http://a.com/x"], "U+{:04X}", c as u32);
    }
}

#[test]
fn quotation_marks_of_any_script_end_an_iri() {
    // Unicode's Quotation_Mark; '"' ends an IRI as 7.3 says. "'" is a sub-delim, which ends
    // an IRI only after one (E8).
    let marks = icu_properties::CodePointSetData::new::<icu_properties::props::QuotationMark>();
    let mut n = 0;
    for c in (0..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter(|&c| marks.contains(c))
    {
        let text = format!("{c}http://a.com/x{c}y");
        assert_eq!(found(&text), ["http://a.com/x"], "U+{:04X}", c as u32);
        n += 1;
    }
    assert!(n >= 30, "{n}");
    assert_eq!(found("see http://a.com/x'y"), ["http://a.com/x'y"]);
    for (text, iri) in [
        ("«http://a.fr/x» dit-il", "http://a.fr/x"),
        ("„http://a.de/x“", "http://a.de/x"),
        ("“http://a.com/x”", "http://a.com/x"),
        ("‘http://a.com/x’", "http://a.com/x"),
        ("「http://a.jp/x」を", "http://a.jp/x"),
        ("『http://a.jp/x』", "http://a.jp/x"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
}

/// Whether `c` is in a block whose punctuation and closing brackets end an IRI (E9): CJK
/// Symbols and Punctuation, Small Form Variants, Halfwidth and Fullwidth Forms.
fn in_cjk_blocks(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0xFE50..=0xFE6F | 0xFF00..=0xFFEF)
}

#[test]
fn every_other_character_the_grammar_allows_goes_on() {
    let marks = icu_properties::CodePointSetData::new::<icu_properties::props::QuotationMark>();
    let terminal =
        icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>();
    let glyphs =
        icu_properties::CodePointMapData::<icu_properties::props::BidiMirroringGlyph>::new();
    let mut on = 0;
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        let iri = format!("http://a.com/x{c}y");
        // A bracket of those blocks without its partner ends it, an opening one before it.
        let bracket =
            glyphs.get(c).paired_bracket_type != icu_properties::props::BidiPairedBracketType::None;
        if c.is_whitespace()
            || marks.contains(c)
            || in_cjk_blocks(c) && (terminal.contains(c) || bracket)
            || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
            || IriRef::parse(&iri).is_err()
        {
            continue;
        }
        assert_eq!(
            found(&format!(" {iri} ")),
            [iri.as_str()],
            "U+{:04X}",
            c as u32
        );
        on += 1;
    }
    assert!(on > 900_000, "{on}");
}

#[test]
fn angle_brackets_and_double_quotes_delimit_an_iri() {
    // RFC 3986 Appendix C, 3987bis 7.3.
    assert_eq!(found("<http://a.com/b>"), ["http://a.com/b"]);
    assert_eq!(
        found("see <https://例え.jp/パス>."),
        ["https://例え.jp/パス"]
    );
    assert_eq!(found("href=\"http://a.com/b\">"), ["http://a.com/b"]);
    assert_eq!(
        found("'http://a.com/x' and http://a.com/it's"),
        ["http://a.com/x", "http://a.com/it's"]
    );
    // Inside them, the end is the IRI's own: punctuation and a closing bracket too.
    assert_eq!(
        found("See <https://en.wikipedia.org/wiki/Washington,_D.C.> now"),
        ["https://en.wikipedia.org/wiki/Washington,_D.C."]
    );
    assert_eq!(
        found("href=\"https://en.wikipedia.org/wiki/Yahoo!\""),
        ["https://en.wikipedia.org/wiki/Yahoo!"]
    );
    assert_eq!(found("<http://a.com/x)>"), ["http://a.com/x)"]);
    assert_eq!(
        found("「<http://例え.jp/パス。>」"),
        ["http://例え.jp/パス。"]
    );
    // And in Appendix C's older form.
    assert_eq!(
        found("See <URL:https://en.wikipedia.org/wiki/Washington,_D.C.> now"),
        ["https://en.wikipedia.org/wiki/Washington,_D.C."]
    );
    assert_eq!(found("<url:http://a.com/x.>"), ["http://a.com/x."]);
    assert_eq!(found("URL:http://a.com/x.>"), ["http://a.com/x"]);
    // White space ends it there too (E3): what is found is a range of the text.
    assert_eq!(found("<http://a.com/a b>"), ["http://a.com/a"]);
    assert_eq!(found("<http://a.com/a. b>"), ["http://a.com/a"]);
    // Not when only one of the pair stands there.
    assert_eq!(found("<http://a.com/x.) and"), ["http://a.com/x"]);
    assert_eq!(found("http://a.com/x.>"), ["http://a.com/x"]);
    assert_eq!(found("\"http://a.com/x.>"), ["http://a.com/x"]);
    // Markdown's emphasis, and what is not emphasis.
    assert_eq!(
        found("**http://a.com/x** _http://a.com/y_"),
        ["http://a.com/x", "http://a.com/y"]
    );
    assert_eq!(
        found("http://a.com/x* http://a.com/~"),
        ["http://a.com/x*", "http://a.com/~"]
    );
    // Marks nested before the IRI close outside it, in any order.
    for text in [
        "*_http://a.com/x_*",
        "**_http://a.com/x_**.",
        "_**http://a.com/x**_",
        "~~*http://a.com/x*~~",
        "*_http://a.com/x*_",
    ] {
        assert_eq!(found(text), ["http://a.com/x"], "{text}");
    }
    // But for the marks the IRI ends with that stand before it.
    assert_eq!(found("*_http://a.com/x~"), ["http://a.com/x~"]);
    // Emphasis that closes after a bracket the IRI leaves out closes outside it too.
    for text in [
        "*(see http://a.com/x)*",
        "**(http://a.com/x)**",
        "_[http://a.com/x]_.",
        "*(see http://a.com/x.)*",
    ] {
        assert_eq!(found(text), ["http://a.com/x"], "{text}");
    }
    // Not after what the IRI keeps, a partnered bracket or a letter, where no emphasis opens
    // before it; nor after sentence punctuation, as in a wildcard (`*.*`).
    assert_eq!(found("(see http://a.com/(x)*)"), ["http://a.com/(x)*"]);
    assert_eq!(found("see http://a.com/x*"), ["http://a.com/x*"]);
    assert_eq!(found("*see http://a.com/x*"), ["http://a.com/x"]);
    assert_eq!(found("block http://a.com/*.*"), ["http://a.com/*.*"]);
}

/// An IRI right after a quote, a "'" or an HTML character reference for "'" or '"', ends at
/// the first of the same (E8), as an IRI after '"' does (E3): lists of quoted IRIs in code
/// and logs, and HTML-escaped anchors.
#[test]
fn an_iri_after_a_quote_ends_at_its_partner() {
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        for (text, iris) in [
            (
                "['http://a.com/x','http://b.com/y']",
                &["http://a.com/x", "http://b.com/y"][..],
            ),
            (
                "WHERE url IN ('http://a.com/?q=1','https://例え.jp/パス')",
                &["http://a.com/?q=1", "https://例え.jp/パス"],
            ),
            // The partner closes: nothing before it is trimmed, as between '"' (Appendix C).
            ("'http://a.com/x.'", &["http://a.com/x."]),
            ("*'http://a.com/x'*", &["http://a.com/x"]),
            // linkify reads a "'" after one so too.
            ("'http://a.com/it's'", &["http://a.com/it"]),
            // HTML-escaped text: "&quot;", "&#39;" (and its other spellings).
            (
                "&lt;a href=&quot;https://a.com/p?x=1&amp;y=2&quot;&gt;Read more&lt;/a&gt;",
                &["https://a.com/p?x=1&amp;y=2"],
            ),
            (
                "[&#39;http://a.com/x&#39;,&#039;http://b.com/y&#039;,&#x27;http://c.com/z&#x27;]",
                &["http://a.com/x", "http://b.com/y", "http://c.com/z"],
            ),
            (
                "&apos;http://a.com/x&#39;y &#34;http://b.com/z&#x22;w",
                &["http://a.com/x", "http://b.com/z"],
            ),
            // Without its partner in the run, the IRI ends as it would (E3, E4).
            ("'http://a.com/x and", &["http://a.com/x"]),
            ("'http://a.com/x). y'", &["http://a.com/x"]),
            // Not after a reference of another character.
            ("&amp;http://a.com/x&amp;y", &["http://a.com/x&amp;y"]),
        ] {
            assert_eq!(found_with(&options, text), iris, "{mode:?}: {text}");
        }
    }
    // With "--www", and before an "@" that ends the authority (E6).
    let www = ExtractOptions::new().www(true);
    assert_eq!(
        found_with(&www, "['www.a.com/x','www.b.com']"),
        ["www.a.com/x", "www.b.com"]
    );
    assert_eq!(found_with(&www, "'www.a.com:x@evil.com/'"), ["www.a.com"]);
}

/// A "$" before the "{" that ends an IRI opens a template's placeholder (E4).
/// The "-" of an arrow (`->`) or of the end of an HTML comment (`-->`) that ends an IRI at its
/// ">" is no part of it (E4), but between "<" and ">".
#[test]
fn the_dashes_of_an_arrow_after_an_iri_are_left_out() {
    for (text, iris) in [
        (
            "Forwarding https://abcd.ngrok.io->http://localhost:80",
            &["https://abcd.ngrok.io", "http://localhost:80"][..],
        ),
        (
            "https://a.com/x->https://b.com/y",
            &["https://a.com/x", "https://b.com/y"],
        ),
        ("<!--https://a.com/x-->", &["https://a.com/x"]),
        ("see https://a.com/x.-> now", &["https://a.com/x"]),
        // Delimited, or not before a ">".
        ("<http://a.com/x->", &["http://a.com/x-"]),
        ("see https://a.com/x- now", &["https://a.com/x-"]),
    ] {
        assert_eq!(found(text), iris, "{text}");
    }
}

#[test]
fn a_template_placeholder_after_an_iri_is_left_out() {
    for (text, iri) in [
        (
            "new URL(`https://example.org${pathname}${search}`);",
            "https://example.org",
        ),
        (
            "curl -fsO \"https://nodejs.org/dist/${VERSION}/SHASUMS256.txt.asc\"",
            "https://nodejs.org/dist/",
        ),
        ("see http://a.com/x.${y}", "http://a.com/x"),
        // Not without the "{", nor inside.
        ("see http://a.com/x$ now", "http://a.com/x$"),
        ("see http://a.com/$x{", "http://a.com/$x"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
        // The liberal modes, which map "{", end an IRI at a placeholder's "${" too.
        for mode in [Mode::Leiri, Mode::Href]
            .into_iter()
            .filter(|_| text.contains("${"))
        {
            let options = ExtractOptions::new().mode(mode);
            assert_eq!(found_with(&options, text), [iri], "{mode:?} {text}");
        }
    }
    // A "{" after no "$" they map.
    let leiri = ExtractOptions::new().mode(Mode::Leiri);
    assert_eq!(
        found_with(&leiri, "see http://a.com/{x} now"),
        ["http://a.com/{x}"]
    );
}

/// A "'" at the end of an IRI that holds no other is left out (E4): it closes a quote opened
/// before the IRI, further back than right before it, as GNU's `` `...' `` and code do.
#[test]
fn a_closing_apostrophe_without_its_partner_is_not_part_of_the_end() {
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        for (text, iri) in [
            (
                "from `http://expat.sourceforge.net'.",
                "http://expat.sourceforge.net",
            ),
            (
                "console.log('Server running at http://127.0.0.1:8124/');",
                "http://127.0.0.1:8124/",
            ),
            (
                "the options '--url http://example.com'.",
                "http://example.com",
            ),
            ("'see http://a.com/x)'", "http://a.com/x"),
            // Not before a bracket's partner, where "'"s are not counted (E8).
            ("'see (http://a.com/x')", "http://a.com/x'"),
            // A "'" with a partner inside stays, and so does one inside.
            ("see http://a.com/'x' now", "http://a.com/'x'"),
            ("see http://a.com/it's", "http://a.com/it's"),
            ("see http://a.com/it's' now", "http://a.com/it's'"),
            ("'see http://a.com/it's''", "http://a.com/it's'"),
        ] {
            assert_eq!(found_with(&options, text), [iri], "{mode:?}: {text}");
        }
    }
}

/// An IRI right after an opening bracket ends at its partner (E8): a Markdown link's target
/// followed by text, a full-width parenthesis in text without spaces.
#[test]
fn an_iri_after_an_opening_bracket_ends_at_its_partner() {
    let www = ExtractOptions::new().www(true);
    for (text, iris) in [
        (
            "詳細は（https://例え.jp/パス）を参照",
            &["https://例え.jp/パス"][..],
        ),
        (
            "[VSCode](https://code.visualstudio.com/)'s debugger",
            &["https://code.visualstudio.com/"],
        ),
        (
            "([Expat](http://docs.python.org/library/pyexpat.html)-based)",
            &["http://docs.python.org/library/pyexpat.html"],
        ),
        (
            "Library (http://www.aleksey.com/xmlsec)/OU=Root CA",
            &["http://www.aleksey.com/xmlsec"],
        ),
        // Brackets of the same kind inside are partnered first.
        (
            "(http://en.wikipedia.org/wiki/Foo_(bar))x",
            &["http://en.wikipedia.org/wiki/Foo_(bar)"],
        ),
        // Punctuation before the partner is left out, as at any end (E4); closing brackets are
        // not, those of its kind being partnered inside.
        ("[a](http://a.com/x.)", &["http://a.com/x"]),
        ("(http://a.com/x&gt;)", &["http://a.com/x"]),
        ("(http://a.com/x⟩)", &["http://a.com/x⟩"]),
        (
            "(http://a.com/x),(http://b.com/y)",
            &["http://a.com/x", "http://b.com/y"],
        ),
        // Without its partner in the run, the IRI ends as it would (E4).
        ("(http://a.com/x and", &["http://a.com/x"]),
        ("(see http://a.com/x)-based", &["http://a.com/x)-based"]),
    ] {
        assert_eq!(found(text), iris, "{text}");
    }
    assert_eq!(found_with(&www, "(www.a.com/x)-based"), ["www.a.com/x"]);
}

/// Markdown's code spans and the pipes of wiki links and table cells close outside the IRI in
/// the liberal modes too, which run on through "`", "|" and "^" (E3): as Markdown's emphasis,
/// when the same stands right before the IRI, and a "|" when a "|" and spaces do (a table cell).
#[test]
fn code_spans_and_pipes_around_an_iri_are_left_out() {
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        for (text, iri) in [
            ("see `http://a.com/x`.", "http://a.com/x"),
            ("|http://a.com/x|", "http://a.com/x"),
            ("^http://a.com/x^", "http://a.com/x"),
            ("``http://a.com/x``", "http://a.com/x"),
            // A Markdown table row.
            ("| http://a.com/x|", "http://a.com/x"),
            ("|\thttp://a.com/x| b |", "http://a.com/x"),
            ("| a | http://a.com/x|", "http://a.com/x"),
            ("| http://a.com/x |", "http://a.com/x"),
        ] {
            assert_eq!(found_with(&options, text), [iri], "{mode:?}: {text}");
        }
        if mode == Mode::Strict {
            continue;
        }
        // Not where nothing, or another character, stands before the IRI: the mode maps them.
        for (text, iri) in [
            ("see http://a.com/x| now", "http://a.com/x|"),
            ("see http://a.com/x^ now", "http://a.com/x^"),
            ("see http://a.com/x` now", "http://a.com/x`"),
            ("`http://a.com/x|`", "http://a.com/x|"),
            ("a|http://a.com/x^", "http://a.com/x^"),
            ("| b http://a.com/x|", "http://a.com/x|"),
        ] {
            assert_eq!(found_with(&options, text), [iri], "{mode:?}: {text}");
        }
    }
}

/// Markdown's emphasis opened before the IRI's word and closed at its end (`**bold
/// http://a.com/x**`) is no part of it, as the emphasis right before it is not (E4); marks
/// that open nothing before the IRI are kept (`#object.__init__`).
#[test]
fn emphasis_opened_before_the_iri_closes_at_its_end() {
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        for (text, iri) in [
            ("**bold https://a.com/x**", "https://a.com/x"),
            ("*Source: https://a.com/x*", "https://a.com/x"),
            ("see _the page at https://a.com/x_ now", "https://a.com/x"),
            ("~~old: https://a.com/x~~", "https://a.com/x"),
            ("**_both at https://a.com/x_**", "https://a.com/x"),
            ("a line\n*Source: https://a.com/x*", "https://a.com/x"),
            // Marks that open nothing: they follow a letter, or are followed by a space, or a
            // later mark closed them, or they stand on an earlier line.
            (
                "see https://docs.python.org/3/reference/datamodel.html#object.__init__",
                "https://docs.python.org/3/reference/datamodel.html#object.__init__",
            ),
            ("snake_case at https://a.com/x_", "https://a.com/x_"),
            ("a * b at https://a.com/x*", "https://a.com/x*"),
            ("*a* and https://a.com/x*", "https://a.com/x*"),
            ("*a line\nhttps://a.com/x*", "https://a.com/x*"),
        ] {
            assert_eq!(found_with(&options, text), [iri], "{mode:?}: {text:?}");
        }
    }
}

/// Hebrew text quotes with the gershayim (U+05F4) and the geresh (U+05F3), which are also
/// letters of its abbreviations (`צה״ל`): one right before the IRI closes at its end (E4).
#[test]
fn hebrew_quotes_around_an_iri_are_left_out() {
    for (text, iri) in [
        (
            "ראו ״https://he.wikipedia.org/wiki/ירושלים״ שם",
            "https://he.wikipedia.org/wiki/ירושלים",
        ),
        (
            "ראו ״https://he.wikipedia.org/wiki/צה״ל״.",
            "https://he.wikipedia.org/wiki/צה״ל",
        ),
        ("ראו ׳https://a.co.il/x׳ שם", "https://a.co.il/x"),
        // Without one before it, or with the other before it, it stays.
        (
            "ראו https://he.wikipedia.org/wiki/צה״ל",
            "https://he.wikipedia.org/wiki/צה״ל",
        ),
        ("ראו ׳https://a.co.il/x״ שם", "https://a.co.il/x״"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
}

/// An HTML character reference after an IRI, as GFM's autolinks extension reads one: a ";"
/// after "&" and letters or digits is left out with them, and trimming goes on before them.
#[test]
fn an_html_entity_after_an_iri_is_left_out_whole() {
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        for (text, iri) in [
            ("&lt;http://a.com/x&gt;", "http://a.com/x"),
            ("&quot;http://a.com/x&quot;", "http://a.com/x"),
            ("see http://a.com/?a=1&amp;", "http://a.com/?a=1"),
            ("(http://a.com/x&gt;)", "http://a.com/x"),
            ("http://a.com/x.&gt;.", "http://a.com/x"),
            // Inside, a reference is part of the IRI.
            ("&lt;http://a.com/x&gt;y&gt;", "http://a.com/x&gt;y"),
            // Not without "&" and a letter or a digit before the ";".
            ("http://a.com/x;y", "http://a.com/x;y"),
            ("http://a.com/x&;", "http://a.com/x&"),
            ("http://a.com/x&-;", "http://a.com/x&-"),
            ("http://a.com/x;;", "http://a.com/x"),
            // A no-break space escaped ends it where it stands, as U+00A0 does (E3).
            ("see&nbsp;https://a.com/x&nbsp;now", "https://a.com/x"),
            ("https://a.com/x&#160;now", "https://a.com/x"),
            ("https://a.com/x&#xA0;now&nbsp;", "https://a.com/x"),
            ("https://a.com/x?a=1&nbspb;c", "https://a.com/x?a=1&nbspb;c"),
        ] {
            assert_eq!(found_with(&options, text)[0], iri, "{mode:?}: {text}");
        }
    }
}

#[test]
fn sentence_punctuation_is_not_part_of_the_end() {
    for (text, iri) in [
        ("Go to http://a.com/x. Then", "http://a.com/x"),
        (
            "http://a.com/x, http://b.com/y; http://c.com/z:",
            "http://a.com/x",
        ),
        ("Really http://a.com/x?!", "http://a.com/x"),
        ("http://a.com/x...", "http://a.com/x"),
        ("http://a.jp/x。", "http://a.jp/x"),
        ("http://a.jp/x、そして", "http://a.jp/x"),
        ("http://a.jp/x！", "http://a.jp/x"),
        ("http://a.jp/x？", "http://a.jp/x"),
        ("http://a.jp/x，", "http://a.jp/x"),
        ("http://a.eg/x،", "http://a.eg/x"),
        ("http://a.eg/x؟", "http://a.eg/x"),
        ("http://a.in/x।", "http://a.in/x"),
        ("http://a.com/x…", "http://a.com/x"),
        ("http://a.jp/x｡", "http://a.jp/x"),
        ("http://a.jp/x､", "http://a.jp/x"),
        ("http://a.et/x።", "http://a.et/x"),
        ("http://a.mm/x။", "http://a.mm/x"),
        ("http://a.kh/x។", "http://a.kh/x"),
        ("http://a.in/x॥", "http://a.in/x"),
        ("http://a.am/x։", "http://a.am/x"),
        ("http://a.gr/x\u{37E}", "http://a.gr/x"),
        ("http://a.com/x‼", "http://a.com/x"),
    ] {
        assert_eq!(found(text)[0], iri, "{text}");
    }
    // Every character of Unicode's Terminal_Punctuation an IRI may hold, and only those: any
    // other at the end stays (U+00B7, U+2010, U+30FB...), but the white space and quotation
    // marks that end an IRI and the closing brackets without a partner.
    let terminal =
        icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>();
    let quotes = icu_properties::CodePointSetData::new::<icu_properties::props::QuotationMark>();
    let glyphs =
        icu_properties::CodePointMapData::<icu_properties::props::BidiMirroringGlyph>::new();
    let mut n = 0;
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        let iri = format!("http://a.com/x{c}");
        if IriRef::parse_as(&iri, iriscan::Grammar::Iri).is_err()
            || c.is_whitespace()
            || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
            || quotes.contains(c)
            || glyphs.get(c).paired_bracket_type
                == icu_properties::props::BidiPairedBracketType::Close
        {
            continue;
        }
        // An opening bracket of the blocks of E9 without its partner too.
        let opening = in_cjk_blocks(c)
            && glyphs.get(c).paired_bracket_type
                == icu_properties::props::BidiPairedBracketType::Open;
        let trimmed = terminal.contains(c) || c == '…' || opening;
        let expected = if trimmed { "http://a.com/x" } else { &iri };
        assert_eq!(
            found(&format!("see {iri} then")),
            [expected],
            "U+{:04X}",
            c as u32
        );
        n += usize::from(trimmed);
    }
    assert!(n >= 250, "{n}");
    // Inside, punctuation is part of the IRI.
    assert_eq!(
        found("http://a.com/x.html?a=1,2;b"),
        ["http://a.com/x.html?a=1,2;b"]
    );
    assert_eq!(
        found("http://a.com/x, http://b.com/y; http://c.com/z:"),
        ["http://a.com/x", "http://b.com/y", "http://c.com/z"]
    );
}

#[test]
fn a_closing_bracket_without_its_partner_is_not_part_of_the_end() {
    for (text, iri) in [
        (
            "http://en.wikipedia.org/wiki/Foo_(bar)",
            "http://en.wikipedia.org/wiki/Foo_(bar)",
        ),
        (
            "(see http://en.wikipedia.org/wiki/Foo_(bar))",
            "http://en.wikipedia.org/wiki/Foo_(bar)",
        ),
        ("(see http://example.com)", "http://example.com"),
        ("(see http://example.com).", "http://example.com"),
        ("[http://a.com/x]", "http://a.com/x"),
        ("http://[::1]/x]", "http://[::1]/x"),
        ("http://[::1]", "http://[::1]"),
        ("（http://a.jp/x）", "http://a.jp/x"),
        ("（http://a.jp/x（y））", "http://a.jp/x（y）"),
        // The brackets of Chinese and Japanese text.
        ("【链接：http://a.cn/x】", "http://a.cn/x"),
        ("《http://a.cn/x》", "http://a.cn/x"),
        ("〈http://a.cn/x〉", "http://a.cn/x"),
        ("〔http://a.cn/x〕", "http://a.cn/x"),
        ("〖http://a.cn/x〗", "http://a.cn/x"),
        ("见 http://a.cn/x【1】。", "http://a.cn/x【1】"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
}

/// Chinese and Japanese text puts no space after its punctuation: the sentence punctuation and
/// the closing brackets of its blocks end an IRI where they stand, not only at its end (E9).
#[test]
fn the_punctuation_of_chinese_and_japanese_text_ends_an_iri() {
    for (text, iris) in [
        (
            "详情请见https://example.com/文档，然后登录。",
            &["https://example.com/文档"][..],
        ),
        (
            "https://a.jp/x、https://b.jp/y",
            &["https://a.jp/x", "https://b.jp/y"],
        ),
        (
            "見てhttps://a.jp/x。次にhttps://b.jp/y。",
            &["https://a.jp/x", "https://b.jp/y"],
        ),
        ("（詳細はhttps://a.jp/x）を参照", &["https://a.jp/x"]),
        ("詳細は【https://a.jp/x】を参照", &["https://a.jp/x"]),
        ("参照：https://a.jp/〔x〕y〕z", &["https://a.jp/〔x〕y"]),
        // Before the partner of a bracket right before the IRI too (E8).
        ("（http://a.jp/x〕）", &["http://a.jp/x"]),
        // A bracket with its partner in the IRI is part of it.
        (
            "資料はhttps://a.jp/資料（最終）.pdfです",
            &["https://a.jp/資料（最終）.pdfです"],
        ),
        // An opening bracket without its partner in the IRI opens the text's aside, which
        // goes on after the IRI: the IRI ends before it, also where a space ends the run.
        ("https://a.com/x（仅限内网，勿外传）", &["https://a.com/x"]),
        ("见https://a.jp/x（内网 only)", &["https://a.jp/x"]),
        ("https://a.jp/x（a（b）c", &["https://a.jp/x"]),
        ("https://a.jp/x（a）b【c", &["https://a.jp/x（a）b"]),
        // Between "<" and ">" the IRI's end is its own (E4).
        ("<https://a.jp/x（a>", &["https://a.jp/x（a"]),
        // In the host too: a full stop there is the sentence's, not a label separator.
        ("見てhttps://例え。jp/パス", &["https://例え"]),
        ("https://例え.jp？q=1", &["https://例え.jp"]),
        // An ASCII closing bracket without its partner, before text that goes on without a
        // space, ends it too; with its partner, or before ASCII, it does not.
        (
            "(詳細: https://example.jp/docs)を参照",
            &["https://example.jp/docs"],
        ),
        (
            "(詳細: https://a.jp/x)を参照してhttps://b.jp/y",
            &["https://a.jp/x", "https://b.jp/y"],
        ),
        ("(참고: https://a.kr/x)를 보세요", &["https://a.kr/x"]),
        ("[注] https://a.jp/x]です", &["https://a.jp/x"]),
        ("(see https://a.com/x)—and", &["https://a.com/x"]),
        (
            "https://ja.wikipedia.org/wiki/Foo_(bar)日本",
            &["https://ja.wikipedia.org/wiki/Foo_(bar)日本"],
        ),
        ("(see https://a.com/x)-based", &["https://a.com/x)-based"]),
        (
            "見て https://a.jp/((x)y)を参照",
            &["https://a.jp/((x)y)を参照"],
        ),
        ("(見て https://a.jp/(x)(y))を参照", &["https://a.jp/(x)(y)"]),
        ("(see https://a.com/x)é", &["https://a.com/x"]),
        // Counted from each IRI's own start, though a second one shares the first's run: a
        // bracket opened before it is no partner.
        (
            "(https://a.jp/x)(参考https://b.jp/y)を参照",
            &["https://a.jp/x", "https://b.jp/y"],
        ),
        (
            "[https://a.jp/x][参考https://b.jp/y]です",
            &["https://a.jp/x", "https://b.jp/y"],
        ),
        // Chinese text's dash and ellipsis, two "—" or "…" in a row, end it where they stand;
        // one stays in a path.
        (
            "请看https://例え.jp/パス——然后再说",
            &["https://例え.jp/パス"],
        ),
        (
            "请看https://例え.jp/パス……然后再说",
            &["https://例え.jp/パス"],
        ),
        ("https://a.jp/x—y…z", &["https://a.jp/x—y…z"]),
        // An ASCII "," before a letter of Chinese or Japanese, which write no space after a
        // comma, ends it; before ASCII, Hangul or a "." it does not, nor does a "." (a name:
        // "J.K.ローリング").
        (
            "请看https://例え.jp/パス,然后再说",
            &["https://例え.jp/パス"],
        ),
        ("見てhttps://a.jp/x,ここ", &["https://a.jp/x"]),
        ("https://a.jp/x,y,日本", &["https://a.jp/x,y"]),
        ("https://a.kr/x,그리고", &["https://a.kr/x,그리고"]),
        (
            "https://ja.wikipedia.org/wiki/J.K.ローリング",
            &["https://ja.wikipedia.org/wiki/J.K.ローリング"],
        ),
        // A "'" is no delimiter of Appendix C.
        ("'https://a.jp/x。y'", &["https://a.jp/x"]),
        ("\"https://a.jp/x。y\"", &["https://a.jp/x。y"]),
        // The punctuation of scripts that write a space after it stays inside.
        (
            "انظر http://مثال.إختبار/مسار،ثم",
            &["http://مثال.إختبار/مسار،ثم"],
        ),
        ("देखें http://a.in/क।ख", &["http://a.in/क।ख"]),
    ] {
        assert_eq!(found(text), iris, "{text}");
    }
    let blocks = in_cjk_blocks;
    let terminal =
        icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>();
    let mut n = 0;
    for c in terminal.iter_ranges().flatten().filter_map(char::from_u32) {
        let text = format!("http://a.jp/x{c}y");
        let expected = if blocks(c) {
            "http://a.jp/x".to_string()
        } else {
            text.clone()
        };
        if c.is_ascii() || IriRef::parse(&text).is_err() {
            // ASCII, and what the grammar does not allow, are not the rule's.
            continue;
        }
        assert_eq!(found(&text), [expected], "U+{:04X}", c as u32);
        n += usize::from(blocks(c));
    }
    assert_eq!(n, 17);
    let mut n = 0;
    for (open, close) in paired_brackets() {
        let text = format!("http://a.jp/x{close}y");
        let expected = if blocks(close) {
            "http://a.jp/x".to_string()
        } else {
            text.clone()
        };
        assert_eq!(found(&text), [expected], "U+{:04X}", close as u32);
        let text = format!("http://a.jp/{open}x{close}y{close}z");
        let expected = if blocks(close) {
            format!("http://a.jp/{open}x{close}y")
        } else {
            text.clone()
        };
        assert_eq!(found(&text), [expected], "U+{:04X}", close as u32);
        n += usize::from(blocks(close));
    }
    assert_eq!(n, 14);
}

/// Unicode's paired brackets beyond ASCII (Bidi_Paired_Bracket_Type, UAX #9 BD14 to BD16), but
/// the quotation marks among them, which end an IRI (E3): each opening one and its partner.
fn paired_brackets() -> Vec<(char, char)> {
    let marks = icu_properties::CodePointSetData::new::<icu_properties::props::QuotationMark>();
    let glyphs =
        icu_properties::CodePointMapData::<icu_properties::props::BidiMirroringGlyph>::new();
    (0x80..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter(|&open| {
            glyphs.get(open).paired_bracket_type
                == icu_properties::props::BidiPairedBracketType::Open
                && !marks.contains(open)
        })
        .map(|open| (open, glyphs.get(open).mirroring_glyph.unwrap()))
        .collect()
}

/// Every pair of Unicode's paired brackets (Bidi_Paired_Bracket_Type, UAX #9 BD14 to BD16) but
/// the quotation marks among them, which end an IRI: a closing one without its partner is left
/// out, one with it kept.
#[test]
fn every_paired_bracket_is_left_out_without_its_partner() {
    let mut n = 0;
    for (open, close) in paired_brackets() {
        for (text, iri) in [
            (
                format!("{open}http://a.com/x{close}"),
                "http://a.com/x".to_string(),
            ),
            (
                format!("(see http://a.com/x{close}{close})."),
                "http://a.com/x".to_string(),
            ),
            (
                format!("{open}http://a.com/x{open}y{close}{close}"),
                format!("http://a.com/x{open}y{close}"),
            ),
            (
                format!("http://a.com/x{open}y{close}, z"),
                format!("http://a.com/x{open}y{close}"),
            ),
        ] {
            assert_eq!(found(&text), [iri], "U+{:04X}: {text}", open as u32);
        }
        n += 1;
    }
    assert!(n >= 55, "{n}");
}

#[test]
fn the_iri_is_the_longest_start_the_grammar_accepts() {
    assert_eq!(found("http://a.com/a^b c"), ["http://a.com/a"]);
    assert_eq!(found("http://a.com/%zz"), ["http://a.com/"]);
    assert_eq!(found("http://a.com:80x/"), ["http://a.com:80"]);
    assert_eq!(found("http://a.com/{x}"), ["http://a.com/"]);
    assert_eq!(found("http://a.com/\u{202E}x"), ["http://a.com/"]);
    // Nothing left beyond the scheme and "//".
    assert!(found("http://\u{202E}").is_empty());
    assert!(found("http://[::1").is_empty());
}

/// Where the grammar stops inside the authority, before the port the text gives (or where it
/// has none, before the authority's end), the IRI is not cut there: what is left would name a
/// host the text does not (its userinfo, or part of its host). The authority is read as
/// browsers read it, its userinfo ending at its last "@".
#[test]
fn a_host_and_a_list_end_where_text_goes_on() {
    let www = ExtractOptions::new().www(true);
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        // No host name holds a "'": an English possessive after a host is the sentence's.
        for (text, iris) in [
            (
                "Check out https://github.com's new UI",
                &["https://github.com"][..],
            ),
            ("https://a.com:8080's port", &["https://a.com:8080"]),
            // In the userinfo, before an "@", and in the path, it is the IRI's.
            ("ftp://o'neil@a.com/x", &["ftp://o'neil@a.com/x"]),
            ("https://a.com/it's", &["https://a.com/it's"]),
            // A list written without spaces: a "," or ";" right before another IRI ends one.
            (
                "CORS_ORIGINS=https://a.com,https://b.com",
                &["https://a.com", "https://b.com"],
            ),
            (
                "allowed: https://a.com/cb;https://b.com/cb",
                &["https://a.com/cb", "https://b.com/cb"],
            ),
            // Not before what starts no IRI.
            ("https://a.com/x,y:z", &["https://a.com/x,y:z"]),
            ("https://a.com/x,File:y", &["https://a.com/x,File:y"]),
            ("https://a.com/x,news::y", &["https://a.com/x,news::y"]),
            ("https://a.com/a,b", &["https://a.com/a,b"]),
            // A "," or ";" before an "@" in the authority is a list's, not a userinfo's: a CSV
            // row would name the mail's host (E10).
            (
                "Acme Corp,https://acme.com,info@evil.com",
                &["https://acme.com"],
            ),
            ("https://a.com;b@c.com/x", &["https://a.com"]),
            // In the path it stays.
            ("https://a.com/x,y@z", &["https://a.com/x,y@z"]),
        ] {
            assert_eq!(found_with(&options, text), iris, "{mode:?} {text}");
        }
        let www = www.clone().mode(mode);
        assert_eq!(
            found_with(&www, "www.google.com's results"),
            ["www.google.com"],
            "{mode:?}"
        );
        // The "@" after a list's "," is the next item's: the address before it is found, as
        // after a scheme; without the ",", "www.a.com@b.com" is a mail address (E6).
        for (text, iris) in [
            (
                "Acme Corp,www.acme.com,info@acme.com",
                &["www.acme.com"][..],
            ),
            ("www.a.com;b@c.com", &["www.a.com"]),
            ("mail www.a.com@b.com", &[]),
        ] {
            assert_eq!(found_with(&www, text), iris, "{mode:?} {text}");
        }
    }
}

/// A host's last label that goes on from ASCII letters or digits into text beyond ASCII ends
/// there: text written without a space after the address, where no top-level label mixes the
/// two (E10).
#[test]
fn a_last_label_ends_where_ascii_gives_way() {
    let www = ExtractOptions::new().www(true);
    for (text, iri) in [
        (
            "请访问https://www.baidu.com获取更多信息",
            "https://www.baidu.com",
        ),
        ("lol https://github.com😀", "https://github.com"),
        ("https://naver.com에서 검색하세요", "https://naver.com"),
        ("на https://yandex.ruи там", "https://yandex.ru"),
        ("見てhttps://u@a.co.jp。", "https://u@a.co.jp"),
        ("see http://1.2.3.4获取", "http://1.2.3.4"),
        // Whatever the labels before the last hold.
        ("https://例え.jpを見てください", "https://例え.jp"),
        ("https://bücher.deで買う", "https://bücher.de"),
        ("https://münchen.de😀", "https://münchen.de"),
        ("https://b\u{fc}cher.ab.deで", "https://b\u{fc}cher.ab.de"),
        // The host's own characters beyond ASCII, a path, or a label after them stay.
        ("https://www.bücher.de/x", "https://www.bücher.de/x"),
        ("https://bücher.de", "https://bücher.de"),
        ("http://例え.テスト/", "http://例え.テスト/"),
        ("https://a.中国abc", "https://a.中国abc"),
        ("http://bücher", "http://bücher"),
        ("https://www.baidu.com/获取", "https://www.baidu.com/获取"),
        ("https://a.com:8080获取", "https://a.com:8080"),
        // Into punctuation or a symbol beyond ASCII too: no top-level label holds one.
        ("https://example.com—it's free", "https://example.com"),
        (
            "详情见https://example.com（仅限内网）",
            "https://example.com",
        ),
        ("https://example.com→next", "https://example.com"),
        ("https://example.com·", "https://example.com"),
        // No label ends with "-" (RFC 1035 2.3.1), and an IP literal ends at its "]".
        ("https://example.com-获取", "https://example.com"),
        ("http://[2001:db8::1]を参照", "http://[2001:db8::1]"),
        ("https://[::1]—it's", "https://[::1]"),
        // Not into a mark, which is drawn on the letter before it.
        (
            "see https://example.co\u{301} ok",
            "https://example.co\u{301}",
        ),
        // An "@" further on is a mail address's in the sentence, not this IRI's userinfo end.
        (
            "请访问https://paypal.com获取帮助或发邮件到admin@evil.com",
            "https://paypal.com",
        ),
        (
            "詳しくはhttps://www.paypal.comまたはsupport@evil.example.jpまで",
            "https://www.paypal.com",
        ),
        // Nor where a label follows: the lints flag what looks like a dot (L6).
        ("https://bank.com·evil.com/x", "https://bank.com·evil.com/x"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
    assert_eq!(found_with(&www, "访问www.baidu.com获取"), ["www.baidu.com"]);
    assert_eq!(found_with(&www, "на www.пример.comи"), ["www.пример.com"]);
}

#[test]
fn a_cut_inside_the_authority_before_the_port_gives_nothing() {
    let www = ExtractOptions::new().www(true);
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        let href = mode == Mode::Href;
        for (text, strict, liberal, in_href) in [
            // A second "@": the first one's userinfo, or part of it, is no host.
            (
                "ftp://anonymous:me@example.org@ftp.example.org/pub",
                "",
                "",
                "",
            ),
            (
                "db at postgres://app:p@ss@db.internal:5432/prod",
                "",
                "",
                "",
            ),
            // A "%" without its digits in the userinfo or the host; href mode reads it as
            // "%25" (3987bis 7.2), which names the text's own host.
            (
                "see http://foo%zz@b.com/ ok",
                "",
                "",
                "http://foo%zz@b.com/",
            ),
            (
                "see http://exa%mple.com/path",
                "",
                "",
                "http://exa%mple.com/path",
            ),
            (
                "http://user:pa%ss@host/x",
                "",
                "",
                "http://user:pa%ss@host/x",
            ),
            ("http://[::1x]/", "", "", ""),
            // What the grammar refuses anywhere after a host ends it as the text has it: the
            // right-to-left mark of Hebrew text, a C1 control of text read as Latin-1, U+FFFD.
            // Liberal modes map the last two (3987bis 7.1, 7.2), and read the whole, but for
            // a host's last label, which no character beyond ASCII follows (E10); a bidi
            // formatting character at the end is left out in every mode (E4).
            (
                "ראו http://www.ynet.co.il\u{200F} עכשיו",
                "http://www.ynet.co.il",
                "http://www.ynet.co.il",
                "http://www.ynet.co.il",
            ),
            (
                "\u{202A}http://a.com/x\u{202C}\u{200E}. next",
                "http://a.com/x",
                "http://a.com/x",
                "http://a.com/x",
            ),
            (
                "visit \u{93}http://example.com/x\u{94} now",
                "http://example.com/x",
                "http://example.com/x\u{94}",
                "http://example.com/x\u{94}",
            ),
            (
                "see http://example.com/x\u{FFFD} x",
                "http://example.com/x",
                "http://example.com/x\u{FFFD}",
                "http://example.com/x\u{FFFD}",
            ),
            (
                "visit \u{93}http://example.com\u{94} now",
                "http://example.com",
                "http://example.com",
                "http://example.com",
            ),
            (
                "see http://example.com\u{FFFD} x",
                "http://example.com",
                "http://example.com",
                "http://example.com",
            ),
            // But not where a name follows them.
            (
                "http://a.com\u{200F}evil.com/",
                "",
                "http://a.com\u{200F}evil.com/",
                "http://a.com\u{200F}evil.com/",
            ),
            // Before the last ":", which starts the port.
            ("http://a.com:8x:80/", "", "", ""),
            // A cut in the port, in the path, in the query stays.
            (
                "http://a.com:80x/",
                "http://a.com:80",
                "http://a.com:80",
                "http://a.com:80",
            ),
            (
                "http://[::1]:80x/",
                "http://[::1]:80",
                "http://[::1]:80",
                "http://[::1]:80",
            ),
            (
                "http://a.com:8:9",
                "http://a.com:8",
                "http://a.com:8",
                "http://a.com:8",
            ),
            (
                "http://a.com/%zz",
                "http://a.com/",
                "http://a.com/",
                "http://a.com/%zz",
            ),
            (
                "http://a.com?q=%zz",
                "http://a.com?q=",
                "http://a.com?q=",
                "http://a.com?q=%zz",
            ),
            (
                "http://user@a.com/x^y",
                "http://user@a.com/x",
                "http://user@a.com/x^y",
                "http://user@a.com/x^y",
            ),
            (
                "http://u:p@a.com:80/x%zz",
                "http://u:p@a.com:80/x",
                "http://u:p@a.com:80/x",
                "http://u:p@a.com:80/x%zz",
            ),
            // Where strict mode ends the IRI at a character a liberal mode runs on through, the
            // authority ends there too, as a liberal mode finds what strict mode finds (E5);
            // in href mode, a "\" ends it in a special scheme, as browsers read it.
            ("http://a\\b@c.com/[", "http://a", "http://a", "http://a"),
            // A drive of Windows after "//": its letter is no host. Href mode reads the "\\"
            // as "/", as browsers do, and takes the whole.
            (
                "open file://C:\\Users\\me\\a.txt now",
                "",
                "",
                "file://C:\\Users\\me\\a.txt",
            ),
            ("file://d:\\x", "", "", "file://d:\\x"),
        ] {
            let expected = match mode {
                Mode::Strict => strict,
                Mode::Leiri => liberal,
                Mode::Href => in_href,
            };
            let expected: Vec<&str> = [expected].into_iter().filter(|s| !s.is_empty()).collect();
            assert_eq!(found_with(&options, text), expected, "{mode:?}: {text}");
            // The same with the IRI ending before the text does, and after another.
            let text = format!("{text} and http://b.com/");
            let more = [&expected[..], &["http://b.com/"]].concat();
            assert_eq!(found_with(&options, &text), more, "{mode:?}: {text}");
        }
        // "www." candidates end before an "@" (E6), and so read their authority; one cut in
        // its host gives nothing, one cut in its port or its path what is left.
        let www = www.clone().mode(mode);
        for (text, iri) in [
            // Right after the host, an "@" ends a mail address's local part.
            ("www.a.com@b", ""),
            ("www.paypal.com:login@evil.com/", "www.paypal.com"),
            ("www.a.com:80x/", "www.a.com:80"),
            (
                "www.a.com/x%zz",
                if href {
                    "www.a.com/x%zz"
                } else {
                    "www.a.com/x"
                },
            ),
            (
                "www.exa%mple.com/x",
                if href { "www.exa%mple.com/x" } else { "" },
            ),
            ("www.a.b%zz@c.com", ""),
            ("www.a.b:%zz@c.com", "www.a.b"),
        ] {
            let expected: Vec<&str> = [iri].into_iter().filter(|s| !s.is_empty()).collect();
            assert_eq!(found_with(&www, text), expected, "{mode:?}: {text}");
        }
    }
}

/// An IRI in text holds a letter or a digit, of any script, after its scheme and "//": what
/// holds punctuation alone there is a smiley or a path of slashes, not an address.
#[test]
fn punctuation_alone_after_the_scheme_is_no_iri() {
    for text in [
        "the news:-( again",
        "read the news:-) now",
        "the news:-/ today",
        "http:///",
        "file:/// is it",
        "see http://-.-",
        "news:+-*",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    for (text, iri) in [
        ("news:D here", "news:D"),
        ("news:-a", "news:-a"),
        ("file:///1", "file:///1"),
        ("http://例/", "http://例/"),
        ("see http://١٢.", "http://١٢"),
        ("tel:+1", "tel:+1"),
        // An IP literal.
        ("at http://[::]/ or", "http://[::]/"),
        ("(http://[::])", "http://[::]"),
        // As written: a percent-encoded octet's digits count.
        ("news:%2D", "news:%2D"),
    ] {
        let options = ExtractOptions::new().schemes(["http", "file", "news", "tel"]);
        assert_eq!(found_with(&options, text), [iri], "{text}");
    }
}

#[test]
fn bytes_that_are_not_utf8_end_a_candidate_not_the_scan() {
    let text = b"x http://a.com/\xff\xfe y http://b.com/\xc3";
    let options = ExtractOptions::new();
    let found: Vec<_> = extract(&text[..], &options)
        .map(|f| (f.range(), f.as_str()))
        .collect();
    assert_eq!(found, [(2..15, "http://a.com/"), (20..33, "http://b.com/")]);
}

#[test]
fn www_starts_an_http_iri_at_the_start_of_a_word() {
    let options = ExtractOptions::new().www(true);
    let f: Vec<_> = extract("Visit www.example.com/a, or 見てwww.例え.jp", &options).collect();
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].as_str(), "www.example.com/a");
    assert_eq!(f[0].iri().as_str(), "http://www.example.com/a");
    assert_eq!(f[0].iri().host(), Some("www.example.com"));
    assert_eq!(f[1].iri().as_str(), "http://www.例え.jp");
    // Inside a word, an IRI or an address, no.
    assert!(found_with(&options, "awww.x.com user@www.x.com a.www.x.com").is_empty());
    assert_eq!(
        found_with(&options, "http://www.x.com/"),
        ["http://www.x.com/"]
    );
    assert!(found("www.example.com").is_empty(), "only with www");
    // After Markdown's "_" and "~", which open emphasis at the start of a word.
    assert_eq!(
        found_with(&options, "_www.a.com_ and ~~www.b.com~~"),
        ["www.a.com", "www.b.com"]
    );
    assert!(found_with(&options, "a_www.x.com b~www.x.com").is_empty());
    // Inside other marks too, which close outside it (E4).
    assert_eq!(
        found_with(&options, "**_www.a.com_**, *~~www.b.com~~*"),
        ["www.a.com", "www.b.com"]
    );
    assert!(found_with(&options, "x*_www.a.com_*").is_empty());
    // In any case, as host names are (RFC 3986 3.2.2).
    assert_eq!(
        found_with(&options, "Www.example.com and WWW.EXAMPLE.ORG/A"),
        ["Www.example.com", "WWW.EXAMPLE.ORG/A"]
    );
    // The host starts with "www.": what stands before an "@" is no host, and is not read as
    // the userinfo of one further on.
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let options = options.clone().mode(mode);
        assert_eq!(
            found_with(&options, "www.paypal.com:login@evil.com/"),
            ["www.paypal.com"],
            "{mode:?}"
        );
        assert!(
            found_with(&options, "www.@evil.com/x").is_empty(),
            "{mode:?}"
        );
        // A mail address that starts with "www." names no web host; but for an "@" after the
        // partner of a quote or bracket before the host (E8), or after what strict mode ends
        // the IRI at (E5).
        assert!(
            found_with(&options, "write to www.beaver@list.ru.").is_empty(),
            "{mode:?}"
        );
        for text in [
            "INSERT INTO t VALUES ('www.a.com','bob@x.ru');",
            "(www.a.com)bob@x.ru",
        ] {
            assert_eq!(
                found_with(&options, text),
                ["www.a.com"],
                "{mode:?}: {text}"
            );
        }
        assert!(
            !found_with(&options, "|www.a.com|bob@x.ru|").is_empty(),
            "{mode:?}"
        );
        assert_eq!(
            found_with(&options, "www.a.com/x@y"),
            ["www.a.com/x@y"],
            "{mode:?}"
        );
    }
}

#[test]
fn schemes_limit_the_schemes_that_count() {
    let options = ExtractOptions::new().schemes(["https", "mailto"]);
    assert_eq!(
        found_with(
            &options,
            "http://a.com https://b.com foo://c mailto:x@y.com"
        ),
        ["https://b.com", "mailto:x@y.com"]
    );
}

#[test]
fn liberal_modes_read_what_they_map() {
    let options = ExtractOptions::new().mode(Mode::Leiri);
    let f: Vec<_> = extract("see http://a.com/{x}|y. Then", &options).collect();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].as_str(), "http://a.com/{x}|y");
    assert_eq!(f[0].iri().as_str(), "http://a.com/%7Bx%7D%7Cy");
}

#[test]
fn liberal_modes_find_what_strict_mode_finds_where_the_whole_is_refused() {
    for mode in [Mode::Leiri, Mode::Href] {
        let options = ExtractOptions::new().mode(mode);
        for (text, iri) in [
            // Nothing to map: cut where the grammar stops, as in strict mode.
            ("b http://a.com:80x/ y", "http://a.com:80"),
            ("b http://a.com/a[b y", "http://a.com/a"),
            // Something mapped, the whole refused: what strict mode finds.
            ("b http://a.com/a{b}[c y", "http://a.com/a"),
        ] {
            assert_eq!(found_with(&options, text), [iri], "{mode:?}: {text}");
            assert_eq!(found(text), [iri], "strict: {text}");
        }
    }
    // Where the mapping is an IRI, the candidate is taken whole: a Web Address's "%" without
    // its digits is "%25" (3987bis 7.2).
    let text = "b http://a.com/%zz y";
    assert_eq!(found(text), ["http://a.com/"]);
    let leiri = ExtractOptions::new().mode(Mode::Leiri);
    assert_eq!(found_with(&leiri, text), ["http://a.com/"]);
    // Where a candidate starts may change what its end loses (E4): the "*" before it.
    let text = "x*a://\\a://x*";
    assert_eq!(found(text), ["a://x*"]);
    assert_eq!(found_with(&leiri, text), ["a://\\a://x"]);
    let text = "b http://a.com/%zz y";
    let href = ExtractOptions::new().mode(Mode::Href);
    let f: Vec<_> = extract(text, &href).collect();
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].as_str(), f[0].iri().as_str()),
        ("http://a.com/%zz", "http://a.com/%25zz")
    );
}

/// Text of a script: two words, its quotation marks, its full stop and its comma.
struct Script {
    name: &'static str,
    words: [&'static str; 2],
    quotes: (char, char),
    stop: char,
    comma: char,
}

const SCRIPTS: [Script; 4] = [
    Script {
        name: "Latin",
        words: ["see", "then"],
        quotes: ('“', '”'),
        stop: '.',
        comma: ',',
    },
    Script {
        name: "CJK",
        words: ["参照", "を見て"],
        quotes: ('「', '」'),
        stop: '。',
        comma: '、',
    },
    Script {
        name: "Arabic",
        words: ["انظر", "ثم"],
        quotes: ('«', '»'),
        stop: '۔',
        comma: '،',
    },
    Script {
        name: "Hebrew",
        words: ["ראה", "ואז"],
        quotes: ('„', '”'),
        stop: '\u{5C3}',
        comma: ',',
    },
];

/// Each rule of what counts as an IRI in text (E1 to E6 of docs/spec-choices.md), with a case
/// that must match and one that must not, in Latin, CJK, Arabic and Hebrew text: the words
/// around the IRI, in it, and the script's own quotation marks and punctuation.
#[test]
fn every_rule_in_latin_cjk_arabic_and_hebrew_text() {
    let www = ExtractOptions::new().www(true);
    for s in SCRIPTS {
        let [w, v] = s.words;
        let (open, close) = s.quotes;
        let (stop, comma) = (s.stop, s.comma);
        let path = format!("http://a.example/{w}/{v}");
        let cases: Vec<(String, Vec<String>)> = vec![
            // E1: a scheme of the table and ":", any scheme and "//"; not a word before ":".
            (format!("{w} {path} {v}"), vec![path.clone()]),
            (
                format!("{w} news:comp.{w} {v}"),
                vec![format!("news:comp.{w}")],
            ),
            (
                format!("{w} x-my://a/{w} {v}"),
                vec![format!("x-my://a/{w}")],
            ),
            (format!("{w} Note: {v} 12:30 1:2 foo:{v} http: {w}"), vec![]),
            // E2: the scheme from its first letter.
            (
                format!("{w} 12http://a/{v} {w}"),
                vec![format!("http://a/{v}")],
            ),
            // E3: on through the script's characters, to white space or a quotation mark.
            (format!("{w}\u{3000}{path}\u{3000}{v}"), vec![path.clone()]),
            (format!("{w}\u{A0}{path}\u{A0}{v}"), vec![path.clone()]),
            (format!("{w} {open}{path}{close} {v}"), vec![path.clone()]),
            (
                format!("{open}{path}{v}{close}"),
                vec![format!("{path}{v}")],
            ),
            // E4: the script's sentence punctuation at the end, not inside.
            (format!("{w} {path}{stop} {v}"), vec![path.clone()]),
            (format!("{w} {path}{comma} {v}"), vec![path.clone()]),
            // Inside too in Chinese and Japanese text, which puts no space after it (E9).
            (
                format!("{w} {path}{stop}{v}{comma}{w}"),
                if s.name == "CJK" {
                    vec![path.clone()]
                } else {
                    vec![format!("{path}{stop}{v}{comma}{w}")]
                },
            ),
            // E4: a closing bracket without its partner, not one with it.
            (format!("({w} {path}) {v}"), vec![path.clone()]),
            (
                format!("{w} {path}_({v}) {w}"),
                vec![format!("{path}_({v})")],
            ),
            // Appendix C: angle brackets and double quotes around it.
            (format!("{w} <{path}> {v}"), vec![path.clone()]),
            (format!("{w} \"{path}\"{v}"), vec![path.clone()]),
            // E5: what the grammar accepts; nothing where it accepts no start.
            (format!("{w} {path}%zz {v}"), vec![path.clone()]),
            (format!("{w} http://[{w}] {v}"), vec![]),
        ];
        for (text, expected) in cases {
            assert_eq!(found(&text), expected, "{}: {text}", s.name);
        }
        // E2: right after a word of a script without spaces, which no scheme holds.
        if s.name != "Latin" {
            let text = format!("{w}http://a/{v}");
            assert_eq!(found(&text), [format!("http://a/{v}")], "{}", s.name);
        }
        // E6: "www." at the start of a word, with --www; not inside one.
        let text = format!("{w} www.a.example/{v}{stop} {w}");
        assert_eq!(
            found_with(&www, &text),
            [format!("www.a.example/{v}")],
            "{}",
            s.name
        );
        assert!(found(&text).is_empty(), "{}: only with www", s.name);
        let text = format!("{w} xwww.a.example/{v} a.www.b.example {v}");
        assert!(found_with(&www, &text).is_empty(), "{}: {text}", s.name);
    }
}

#[test]
fn the_examples_of_the_spec_in_sentences() {
    // 3987bis 1.2, 3.7, 4.4 (with Hebrew letters), 5.3.2.
    for iri in [
        "http://résumé.example.org",
        "http://www.example.org/red%09rosé#red",
        "http://example.com/\u{10300}\u{10301}\u{10302}",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://ab.אבגדהו.ij/kl/mn/op.html",
        "http://www.example.org/résumé.html",
        "https://例え.jp/パス?q=Dürst",
        "http://example.org/~user",
    ] {
        for text in [
            format!("The address {iri} is an example."),
            format!("例：{iri}。"),
            format!("مثال: {iri}، ثم"),
            format!("(see {iri})"),
            format!("<{iri}>"),
        ] {
            assert_eq!(found(&text), [iri], "{text}");
        }
    }
}

#[test]
fn several_iris_on_a_line_in_order_with_their_ranges() {
    let text = "a http://x.com/1 b https://y.com/2, c ftp://z.com/3.";
    let options = ExtractOptions::new();
    let f: Vec<_> = extract(text, &options)
        .map(|f| (f.range(), f.as_str()))
        .collect();
    assert_eq!(
        f,
        [
            (2..16, "http://x.com/1"),
            (19..34, "https://y.com/2"),
            (38..51, "ftp://z.com/3")
        ]
    );
}

/// Whether `iri`, put between white space, is found whole: it ends with no character a trim
/// takes (sentence punctuation, a closing bracket, a "'" without its partner) and holds none
/// that ends an IRI in text (white space and quotation marks, E3; the punctuation and brackets
/// of Chinese and Japanese text, and an ASCII closing bracket without its partner before text,
/// E9).
fn ends_plainly(iri: &str) -> bool {
    let terminal =
        icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>();
    let quotes = icu_properties::CodePointSetData::new::<icu_properties::props::QuotationMark>();
    // Quote characters after a closing bracket may go with it.
    let last = iri.chars().next_back().unwrap_or('.');
    let before_quotes = iri
        .trim_end_matches(['\'', '*', '_', '~', '`', '|', '^'])
        .chars()
        .next_back();
    let glyphs =
        icu_properties::CodePointMapData::<icu_properties::props::BidiMirroringGlyph>::new();
    let closing = |c: Option<char>| {
        c.is_some_and(|c| {
            glyphs.get(c).paired_bracket_type == icu_properties::props::BidiPairedBracketType::Close
        })
    };
    // A "'" at the end without its partner closes a quote opened before (E4).
    let apostrophe = last == '\'' && iri.matches('\'').count() % 2 == 1;
    let trimmed = terminal.contains(last)
        || last == '…'
        || closing(Some(last))
        || closing(before_quotes)
        || apostrophe;
    // A bracket of E9's blocks: a closing one without its partner ends the IRI, an opening
    // one without its partner ends it before it, and a partnered pair holds a closing one.
    let bracket = |c: char| {
        glyphs.get(c).paired_bracket_type != icu_properties::props::BidiPairedBracketType::None
    };
    let ends = |c: char| {
        c.is_whitespace()
            || c != '\'' && quotes.contains(c)
            || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
            || in_cjk_blocks(c) && (terminal.contains(c) || bracket(c))
    };
    // An ASCII closing bracket without its partner before a character beyond ASCII (E9).
    let mut open = [0usize; 3];
    let mut chars = iri.chars().peekable();
    let mut bracket_before_text = false;
    while let Some(c) = chars.next() {
        let Some(kind) = "([{".find(c).or_else(|| ")]}".find(c).map(|k| k + 3)) else {
            continue;
        };
        if kind < 3 {
            open[kind] += 1;
        } else if open[kind - 3] > 0 {
            open[kind - 3] -= 1;
        } else if chars.peek().is_some_and(|c| !c.is_ascii()) {
            bracket_before_text = true;
        }
    }
    // A "'" in the host, a "," or ";" in the userinfo, or a "," or ";" before a scheme and
    // ":" (E10).
    let with_userinfo = iri.split_once("//").map_or("", |(_, rest)| {
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        &rest[..end]
    });
    let authority = with_userinfo.rsplit('@').next().unwrap_or_default();
    let userinfo_list = with_userinfo
        .rfind('@')
        .is_some_and(|at| with_userinfo[..at].contains([',', ';']));
    let list = iri.match_indices([',', ';']).any(|(at, _)| {
        let rest = &iri[at + 1..];
        let scheme = rest.find(':').map_or("", |k| &rest[..k]);
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    // A host's last label that goes on from ASCII letters, digits and "-" into a character
    // beyond ASCII that is no mark drawn on it, with no "." before another label after it,
    // whatever the labels before it hold (E10).
    use icu_properties::props::BidiClass;
    let bidi = icu_properties::CodePointMapData::<BidiClass>::new();
    // An "@" after it does not keep it (a mail address's further on in a sentence): the
    // userinfo is read as a host would be, up to the "@".
    let host_runs_on = with_userinfo
        .char_indices()
        .filter(|&(at, c)| {
            let before = with_userinfo.as_bytes()[..at].last();
            !c.is_ascii() && before.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'-')
        })
        .any(|(at, c)| {
            let label = with_userinfo[..at]
                .rfind('.')
                .map(|dot| &with_userinfo[dot + 1..at]);
            let rest = &with_userinfo[at..];
            let another = rest.as_bytes()[..rest.find('@').unwrap_or(rest.len())]
                .windows(2)
                .any(|w| w[0] == b'.' && (w[1].is_ascii_alphanumeric() || w[1] >= 0x80));
            label.is_some_and(|l| {
                !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            }) && bidi.get(c) != BidiClass::NonspacingMark
                && !another
        });
    // A "," before a letter of Chinese or Japanese, and their dash and ellipsis (E9).
    let chinese = iri.match_indices(',').any(|(at, _)| {
        iri[at + 1..].chars().next().is_some_and(|c| {
            matches!(
                c.script(),
                unicode_script::Script::Han
                    | unicode_script::Script::Hiragana
                    | unicode_script::Script::Katakana
            )
        })
    }) || iri.contains("——")
        || iri.contains("……");
    !trimmed
        && !bracket_before_text
        && !iri.chars().any(ends)
        && !authority.contains('\'')
        && !userinfo_list
        && !list
        && !chinese
        && !host_runs_on
}

/// A word of one of several scripts, or none.
fn word() -> impl Strategy<Value = String> {
    "([a-z]{1,4}|[例はパ]{1,3}|[بدا]{1,3}|[אבג]{1,3}|[а-я]{1,3})?"
}

/// White space of several scripts.
fn space() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(vec![" ", "\u{3000}", "\u{A0}", "\t", "  ", "\u{2003}"])
}

proptest! {
    /// Every IRI the grammar accepts that holds a letter or a digit after its scheme and "//"
    /// (E1), between words of several scripts and white space, is found whole: with any scheme
    /// and an authority, or with a scheme of the table whose IRIs have none and none (and no
    /// "::" after it).
    #[test]
    fn an_iri_between_words_is_found_whole(
        any_scheme in common::scheme(),
        table_scheme in proptest::sample::select(vec!["news", "file", "sip", "sips"]),
        authority in any::<bool>(),
        built in common::iri_ref(true, false),
        (before, after) in (word(), word()),
        (space_before, space_after) in (space(), space()),
    ) {
        // A scheme whose end after a "." is one of the table is read from there, a sentence
        // ended without a space before it ("out.http://", E2).
        prop_assume!(any_scheme.rsplit_once('.').is_none_or(|(_, end)| {
            iriscan::scheme_info(end).is_none() || iriscan::scheme_info(&any_scheme).is_some()
        }));
        let mut iri = if authority {
            let authority = built.authority().unwrap_or_else(|| "example.com".to_string());
            let path = built.path.trim_start_matches('/');
            format!("{any_scheme}://{authority}/{path}")
        } else {
            // A scheme and "::" is a name (E1).
            prop_assume!(
                !built.path.is_empty() && !built.path.starts_with("//") && !built.path.starts_with(':')
            );
            // A file IRI's path is absolute (RFC 8089 2, E1).
            prop_assume!(table_scheme != "file" || built.path.starts_with('/'));
            format!("{table_scheme}:{}", built.path)
        };
        if let Some(q) = &built.query {
            iri = format!("{iri}?{q}");
        }
        if let Some(f) = &built.fragment {
            iri = format!("{iri}#{f}");
        }
        let iri = &iri;
        prop_assume!(IriRef::parse_as(iri, iriscan::Grammar::Iri).is_ok() && ends_plainly(iri));
        let (_, rest) = iri.split_once(':').unwrap();
        prop_assume!(rest.trim_start_matches('/').chars().any(char::is_alphanumeric));
        let text = format!("{before}{space_before}{iri}{space_after}{after}");
        prop_assert_eq!(found(&text), [iri.clone()], "{:?}", text);
    }

    /// A liberal mode finds no less than strict mode: each IRI strict mode finds starts within
    /// one the mode finds (whose end may differ by the punctuation trimmed, which depends on
    /// where a candidate starts: `*a://\a://x*`).
    #[test]
    fn liberal_modes_find_what_strict_mode_finds(
        pieces in proptest::collection::vec(proptest::sample::select(vec![
            "http://", "x://", "a.com", "/", "%", "%41", "zz", ":80", ":x", "{", "}", "|", "^", "[",
            "]", "\\", "`", "é", "例", " ", ".", ")", "(", "@", "?", "#", "a", "\u{E000}", "*",
            "_", "'",
        ]), 0..24),
        href in any::<bool>(),
    ) {
        let text = pieces.concat();
        let mode = if href { Mode::Href } else { Mode::Leiri };
        let liberal: Vec<_> = extract(&text, &ExtractOptions::new().mode(mode))
            .map(|f| f.range())
            .collect();
        for f in extract(&text, &ExtractOptions::new()) {
            let r = f.range();
            prop_assert!(
                liberal.iter().any(|l| l.start <= r.start && r.start < l.end),
                "{:?}: strict finds {:?}, {:?} finds {:?}", text, &text[r], mode, liberal
            );
        }
    }

    /// What a liberal mode finds in a run does not depend on the runs before it, not even on
    /// one that used up its mapping budget.
    #[test]
    fn a_liberal_mode_reads_each_run_on_its_own(
        pieces in proptest::collection::vec(proptest::sample::select(vec![
            "http://", "x://", "a.com", "/", "%", "zz", "{", "}", "^", "[", "é", ".", ")", "a",
            "http:", ":",
        ]), 0..16),
        href in any::<bool>(),
    ) {
        let text = pieces.concat();
        let mode = if href { Mode::Href } else { Mode::Leiri };
        let options = ExtractOptions::new().mode(mode);
        let before = "http://a{".repeat(40) + "[ ";
        let alone: Vec<_> = extract(&text, &options).map(|f| f.range()).collect();
        let after: Vec<_> = extract(&format!("{before}{text}"), &options)
            .map(|f| f.range())
            .filter(|r| r.start >= before.len())
            .map(|r| r.start - before.len()..r.end - before.len())
            .collect();
        prop_assert_eq!(alone, after, "{:?}", text);
    }

    /// Any bytes get an answer; what is found lies between characters and is an IRI.
    #[test]
    fn any_bytes_get_iris_that_parse(bytes in proptest::collection::vec(prop_oneof![
        Just(b':'), Just(b'/'), Just(b'.'), Just(b' '), Just(b'('), Just(b')'), Just(b'%'),
        Just(b'w'), Just(b'h'), Just(b't'), Just(b'p'), Just(0xE3), Just(0x80), Just(0x82),
        Just(0xFF), Just(b'\''), Just(b'['), Just(b']'), Just(b'a'), Just(b'9'),
    ], 0..64), www in any::<bool>(), leiri in any::<bool>()) {
        let mut text = b"http://".to_vec();
        text.extend_from_slice(&bytes);
        let mode = if leiri { Mode::Leiri } else { Mode::Strict };
        let options = ExtractOptions::new().www(www).mode(mode);
        let mut last_end = 0;
        for f in extract(&text[..], &options) {
            let range = f.range();
            prop_assert!(range.start >= last_end && range.end <= text.len());
            last_end = range.end;
            prop_assert_eq!(std::str::from_utf8(&text[range]).ok(), Some(f.as_str()));
            prop_assert!(IriRef::parse_as(f.iri().as_str(), iriscan::Grammar::Iri).is_ok());
        }
    }
}

/// The places where `linkify` (a linkifier of ASCII text) answers otherwise, and why.
#[test]
fn where_linkify_answers_otherwise() {
    let mut finder = linkify::LinkFinder::new();
    finder.kinds(&[linkify::LinkKind::Url]);
    let linkify = |text: &str| -> Vec<String> {
        finder.links(text).map(|l| l.as_str().to_string()).collect()
    };
    for (text, ours, theirs, why) in [
        // The grammar: characters an IRI may not hold end it, where linkify runs on.
        (
            "http://a.com/a^b",
            "http://a.com/a",
            "http://a.com/a^b",
            "^ is not in the grammar",
        ),
        (
            "http://a.com/{x}",
            "http://a.com/",
            "http://a.com/{x}",
            "{ } are not (but with --mode leiri)",
        ),
        (
            "http://a.com/x\\y",
            "http://a.com/x",
            "http://a.com/x\\y",
            "\\ is not",
        ),
        (
            "http://a.com/%zz",
            "http://a.com/",
            "http://a.com/%zz",
            "% needs two hex digits",
        ),
        // Schemes: a scheme of the table whose IRIs have no authority needs no "//"; linkify
        // needs "://" but for mail.
        (
            "news:comp.lang.rust",
            "news:comp.lang.rust",
            "",
            "news is in the scheme table",
        ),
        (
            "file:/etc/hosts",
            "file:/etc/hosts",
            "",
            "an IRI with an absolute path",
        ),
        // IP literals are hosts.
        (
            "http://[::1]/x",
            "http://[::1]/x",
            "",
            "RFC 3986 IP-literal",
        ),
        // Non-ASCII characters do not end an IRI (3987bis 8.3), nor stop the scheme's search.
        (
            "see http://例え.jp/パス",
            "http://例え.jp/パス",
            "http://例え.jp/パス",
            "same",
        ),
        // A "'" before the IRI ends it at the next (E8), as linkify reads it.
        (
            "['http://a.com/x','b']",
            "http://a.com/x",
            "http://a.com/x",
            "same",
        ),
        (
            "'http://a.com/it's'",
            "http://a.com/it",
            "http://a.com/it",
            "same",
        ),
        (
            "「http://a.jp/x」",
            "http://a.jp/x",
            "http://a.jp/x」",
            "quotation marks of every script",
        ),
        (
            "http://a.com/x　y",
            "http://a.com/x",
            "http://a.com/x　y",
            "white space of every script",
        ),
        (
            "http://a.com#a",
            "http://a.com#a",
            "http://a.com",
            "a fragment right after the host",
        ),
        (
            "http://a.com/x./",
            "http://a.com/x./",
            "http://a.com/x",
            "a dot before a slash",
        ),
        (
            "«http://a.fr/x»",
            "http://a.fr/x",
            "http://a.fr/x»",
            "quotation marks of every script",
        ),
        (
            "http://a.jp/x。",
            "http://a.jp/x",
            "http://a.jp/x。",
            "full-width sentence punctuation",
        ),
    ] {
        let ours: Vec<&str> = [ours].into_iter().filter(|s| !s.is_empty()).collect();
        let theirs: Vec<&str> = [theirs].into_iter().filter(|s| !s.is_empty()).collect();
        assert_eq!(found(text), ours, "{text}: iriscan ({why})");
        assert_eq!(linkify(text), theirs, "{text}: linkify ({why})");
    }
}

proptest! {
    /// In text of linkify's kind, ASCII words and punctuation around URLs of the characters both
    /// read alike, the two find the same.
    #[test]
    fn linkify_finds_the_same_in_its_kind_of_text(pieces in proptest::collection::vec(prop_oneof![
        "[a-zA-Z]{1,8}",
        Just(" ".to_string()),
        "[.,;:!?()\\[\\]'\"<>*]",
        "https?://[a-z]{1,8}\\.(com|org)(/([a-zA-Z0-9_~-]{1,4}(\\.[a-zA-Z0-9_~-]{1,4})?)?){1,3}(\\?[a-z]=[0-9]{1,3})?(#[a-z]{1,4})?",
    ], 0..12)) {
        let text = pieces.join(" ");
        let mut finder = linkify::LinkFinder::new();
        finder.kinds(&[linkify::LinkKind::Url]);
        let theirs: Vec<String> = finder.links(&text).map(|l| l.as_str().to_string()).collect();
        prop_assert_eq!(found(&text), theirs, "{:?}", text);
    }
}

/// How many IRIs `extract` finds in `text`, or a failure when it takes more than a minute.
fn count_within_a_minute(text: String, options: ExtractOptions) -> usize {
    within_a_minute(text, move |t| extract(t, &options).count())
}

/// Many "www." IRIs and no ":", or one ":" at the end: each is found without looking for a ":"
/// through the rest of the text again.
#[test]
fn many_www_iris_without_a_colon_take_linear_time() {
    let text = "www.a.example/p, ".repeat(2_000_000);
    let options = ExtractOptions::new().www(true);
    assert_eq!(
        count_within_a_minute(text.clone(), options.clone()),
        2_000_000
    );
    let text = text + "http://b.example/";
    assert_eq!(count_within_a_minute(text, options.clone()), 2_000_001);
    // Many in one run, each with a "@" after its host: the run is read once for where their
    // authorities end.
    let text = "www.a:1@b,".repeat(1_000_000);
    assert_eq!(count_within_a_minute(text, options.clone()), 1_000_000);
    // Many in one run that ends in a closing bracket before a "@": the candidates, which end
    // before the "@", are trimmed from the same tail, not each counting the brackets to it (and
    // the grammar stops each in its host, where it is not cut: none is found).
    for piece in [",www.a%)", ",www.a%（"] {
        let text = piece.repeat(200_000) + "）@";
        assert_eq!(count_within_a_minute(text, options.clone()), 0, "{piece}");
    }
    // And so, each from its own, are those before each of many "@"s in one run.
    for piece in ["www.a:1)@,", "*www.a:1)@x*"] {
        let text = piece.repeat(200_000);
        assert_eq!(
            count_within_a_minute(text, options.clone()),
            200_000,
            "{piece}"
        );
    }
    // Among others in the same run that end with the run.
    let text = "www.a:1)@,www.b/%),".repeat(200_000) + ")";
    assert_eq!(count_within_a_minute(text, options.clone()), 400_000);
    // Many in one run without a "/", each refused by the grammar in its host: only as much of
    // each is read as the grammar needs to refuse it, in every mode, and a cut there gives
    // nothing (href mode encodes the "%"s and finds one IRI).
    for (mode, count) in [(Mode::Strict, 0), (Mode::Leiri, 0), (Mode::Href, 1)] {
        let text = "www.a%!".repeat(1_000_000);
        let options = options.clone().mode(mode);
        assert_eq!(count_within_a_minute(text, options), count, "{mode:?}");
    }
    // And in their port, where the cut stays: each is found.
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let text = "www.a:8x/,".repeat(1_000_000);
        let options = options.clone().mode(mode);
        assert_eq!(count_within_a_minute(text, options), 1_000_000, "{mode:?}");
    }
}

/// "www." IRIs before a ":" far on, and among ":"s: each ":" is still found after them, however
/// far the "www." IRIs stand from it.
#[test]
fn colons_far_after_www_iris_are_found() {
    let options = ExtractOptions::new().www(true);
    for gap in [0, 1, 15, 16, 63, 64, 65, 130, 1000] {
        for colons in ["", ":", "a:b 1:2 "] {
            let text = format!(
                "www.a.example {colons}{} www.b.example/ {} http://c.example/ x:y",
                "x".repeat(gap),
                "y".repeat(gap)
            );
            let found: Vec<_> = extract(&text, &options).map(|f| f.as_str()).collect();
            assert_eq!(
                found,
                ["www.a.example", "www.b.example/", "http://c.example/"],
                "{text}"
            );
        }
    }
}

/// An IRI followed by many closing brackets: each is left out without counting the brackets of
/// the whole candidate again.
#[test]
fn many_closing_brackets_take_linear_time() {
    for close in [")", "]", "）", ".)"] {
        let text = format!("(see http://a.b/{}", close.repeat(1_000_000));
        let found = within_a_minute(text, |t| {
            extract(t, &ExtractOptions::new())
                .map(|f| f.as_str().to_string())
                .collect::<Vec<_>>()
        });
        assert_eq!(found, ["http://a.b/"], "{close}");
    }
}

/// Many IRIs in one run of characters an IRI may hold that ends in a closing bracket, a
/// Markdown line of links among them: the brackets are counted once for the run, not again from
/// each IRI to its end.
#[test]
fn many_iris_in_a_run_with_brackets_take_linear_time() {
    for (piece, each) in [
        ("[a](http://a/)", "http://a/"),
        ("[http://a/]", "http://a/"),
        ("http://a/[", "http://a/"),
        ("http://a/%(", "http://a/"),
        // The "'"s are counted once for a run (E4).
        ("http://a/%'", "http://a/"),
        ("http://a/'%", "http://a/"),
    ] {
        let text = format!("{}]", piece.repeat(200_000));
        let found = within_a_minute(text, |t| {
            extract(t, &ExtractOptions::new())
                .map(|f| f.as_str().to_string())
                .collect::<Vec<_>>()
        });
        assert_eq!(found.len(), 200_000, "{piece}");
        assert!(found.iter().all(|f| f == each), "{piece}");
    }
}

/// Many candidates in one run of characters an IRI may hold, each cut short by the grammar:
/// the run is read once, not again from each candidate to its end.
#[test]
fn many_candidates_in_one_run_take_linear_time() {
    let text = "http://a/%".repeat(2_000_000);
    assert_eq!(
        count_within_a_minute(text, ExtractOptions::new()),
        2_000_000
    );
    // Cut short in the host, they give nothing.
    for piece in ["http://[", "http://a%"] {
        let text = piece.repeat(2_000_000);
        assert_eq!(count_within_a_minute(text, ExtractOptions::new()), 0);
    }
    // A liberal mode maps only as much of a candidate as the grammar needs to refuse it whole,
    // then finds what strict mode finds.
    let text = "http://a/%".repeat(2_000_000);
    let options = ExtractOptions::new().mode(Mode::Leiri);
    assert_eq!(count_within_a_minute(text, options), 2_000_000);
    // Nor where the grammar refuses the mapped candidates only at the end of the run.
    let text = "http://a{".repeat(200_000) + "[";
    let options = ExtractOptions::new().mode(Mode::Leiri);
    assert_eq!(count_within_a_minute(text, options), 200_000);
    // Brackets are partnered once for a run (E8), however deep they nest, and their
    // candidates trimmed without counting them again.
    for (open, rest, close) in [
        ("(http://[", "", "])"),
        ("(http://a/", ".", ")"),
        ("（http://[", "", "〕）"),
        ("(http://%", "", "')"),
    ] {
        let n = 200_000;
        let text = format!("{}{}", format!("{open}{rest}").repeat(n), close.repeat(n));
        count_within_a_minute(text, ExtractOptions::new());
    }
    // An opening bracket's partner is looked for in the next 256 bytes alone (E9).
    let text = "http://a/x（".repeat(500_000);
    assert_eq!(count_within_a_minute(text, ExtractOptions::new()), 500_000);
    let near = format!("http://a/x（{}）", "y".repeat(250));
    assert_eq!(found(&near), [near.as_str()]);
    let far = format!("http://a/x（{}）", "y".repeat(260));
    assert_eq!(found(&far), ["http://a/x"]);
    // A candidate inside the run of another reads it again from its own start (E9) only as
    // long as a budget lasts.
    let text = "(http://a/x)(参考".repeat(500_000) + ")を";
    assert_eq!(count_within_a_minute(text, ExtractOptions::new()), 500_000);
    // The ","s and "'"s of a run are read once for its candidates (E10).
    for tail in [",a", ",a:", "'s"] {
        let text = "http://[".repeat(200_000) + &tail.repeat(200_000);
        assert_eq!(count_within_a_minute(text, ExtractOptions::new()), 0);
    }
    // Each quote's partner is looked for up to the next one (E8), whatever stands between.
    for piece in [
        "'http://a/x&amp;&#39;",
        "&#39;http://a/x'&amp;&#39;",
        "&quot;http://a/x&&&#34;",
    ] {
        let text = piece.repeat(500_000);
        assert_eq!(
            count_within_a_minute(text, ExtractOptions::new()),
            500_000,
            "{piece}"
        );
    }
}

/// The run of each IRI of the bench corpus, in text between white space and quotation marks of
/// several scripts, read at every level this CPU has as the portable level reads it (with the
/// other fast paths of `check_fast_paths`).
#[cfg(feature = "internals")]
#[test]
fn every_level_reads_the_runs_of_the_corpus_as_the_portable_level() {
    let corpus = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/bench/iris.txt"));
    let ends = ["\u{3000}", "«", "»", "“", "\u{A0}", "、", " ", "」"];
    for (k, iri) in corpus.lines().enumerate() {
        let (before, after) = (ends[k % ends.len()], ends[(k / 3) % ends.len()]);
        let text = format!("見て{before}{iri}{after}を、 next {iri}");
        iriscan::internals::check_fast_paths(text.as_bytes());
    }
}

/// Every character whose lead starts one that ends an IRI in text (the vector code stops at
/// their first two bytes), between and inside IRIs: read at every level this CPU has as the
/// portable level reads it.
#[cfg(feature = "internals")]
#[test]
fn every_level_stops_at_the_characters_beside_those_that_end_an_iri() {
    for lead in [0xC2u8, 0xE1, 0xE2, 0xE3, 0xEF] {
        for second in 0x80..=0xBFu8 {
            let bytes = if lead < 0xE0 {
                vec![lead, second]
            } else {
                vec![lead, second, 0x80]
            };
            let Ok(c) = std::str::from_utf8(&bytes) else {
                continue;
            };
            let text = format!(
                "見て http://例え.jp/パス{c}x?q=Dürst{c}ü https://ja.wikipedia.org/wiki/ダ{c}{c}ー語 {c}"
            );
            iriscan::internals::check_fast_paths(text.as_bytes());
        }
    }
}
