//! IRI to URI and URI to IRI (3987bis 3): the examples of the spec, properties over generated
//! IRIs and over the bench corpus, bad input, and iri-string's mapping where it agrees.

mod common;

use iriscan::map::{HostMapping, MapErrorKind, ToUriOptions};
use iriscan::{Grammar, IriRef};
use proptest::prelude::*;
use std::borrow::Cow;

fn to_uri(iri: &str) -> String {
    IriRef::parse(iri).unwrap().to_uri().unwrap().into_owned()
}

fn to_uri_with(iri: &str, options: &ToUriOptions) -> String {
    IriRef::parse(iri)
        .unwrap()
        .to_uri_with(options)
        .unwrap()
        .into_owned()
}

fn to_iri(uri: &str) -> String {
    IriRef::parse(uri).unwrap().to_iri().into_owned()
}

/// Percent-encoding hex in uppercase, for comparisons "up to hex case".
fn upper_hex(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            out.push('%');
            out.push_str(&s[i + 1..i + 3].to_ascii_uppercase());
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn corpus(name: &str) -> Vec<String> {
    let path = format!("{}/data/bench/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn examples_of_3_3_and_3_4() {
    // 3.4: the host through IDNA (the draft's "xn--rsum-bad" is a typo; 5.3.3 has it right).
    assert_eq!(
        to_uri("http://résumé.example.org"),
        "http://xn--rsum-bpad.example.org"
    );
    // 3.4, second note: existing percent-encodings and URI characters are not encoded further.
    assert_eq!(
        to_uri("http://www.example.org/red%09rosé#red"),
        "http://www.example.org/red%09ros%C3%A9#red"
    );
    // 3.4, first note: a domain name in the query is the server's business.
    assert_eq!(
        to_uri("http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org"),
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
    );
    // 3.7.1, backwards.
    assert_eq!(
        to_uri("http://www.example.org/Dürst"),
        "http://www.example.org/D%C3%BCrst"
    );
}

#[test]
fn to_uri_borrows_uris() {
    for uri in [
        "http://example.com/a%20b?c=%C3%A9#f",
        "//h:8080",
        "",
        "mailto:a@b",
        "http://[::1]/",
    ] {
        let iri = IriRef::parse(uri).unwrap();
        assert!(matches!(iri.to_uri().unwrap(), Cow::Borrowed(_)), "{uri}");
    }
}

#[test]
fn fragment_hash_is_encoded() {
    // 3987bis `ifragment` allows "#", RFC 3986 `fragment` does not.
    assert_eq!(to_uri("http://a/#x#y"), "http://a/#x%23y");
}

#[test]
fn design_question_of_3_4_percent_encoded_host() {
    // An ASCII host is a URI host already: the mapping is the identity on URIs (3.3), so
    // percent-encoded UTF-8 there stays, and to_iri leaves it encoded in a DNS host.
    for uri in [
        "http://r%C3%A9sum%C3%A9.example.org/",
        "http://ex%41mple.org/",
        "http://r%E9sum%E9.org/",
    ] {
        assert_eq!(to_uri(uri), uri);
        assert_eq!(to_iri(uri), uri);
    }
    // Next to non-ASCII characters it is decoded, and the whole host goes through IDNA.
    assert_eq!(to_uri("http://ré%C3%A9.org/"), "http://xn--r-bgaa.org/");
    // With percent-encoding as the host mapping, too, an ASCII host is a URI host and stays.
    let iri = IriRef::parse("x-app://r%C3%A9sum%C3%A9/").unwrap();
    let pct = ToUriOptions::default().host(HostMapping::PercentEncode);
    assert_eq!(iri.to_uri_with(&pct).unwrap(), "x-app://r%C3%A9sum%C3%A9/");
}

#[test]
fn host_mapping_options() {
    let pct = ToUriOptions::default().host(HostMapping::PercentEncode);
    assert_eq!(
        to_uri_with("x-app://résumé/a", &pct),
        "x-app://r%C3%A9sum%C3%A9/a"
    );
    let idna = ToUriOptions::default().host(HostMapping::Idna);
    assert_eq!(
        to_uri_with("x-app://résumé/a", &idna),
        "x-app://xn--rsum-bpad/a"
    );
    // Auto: unknown schemes and references without a scheme use IDNA too.
    assert_eq!(to_uri("x-app://résumé/a"), "x-app://xn--rsum-bpad/a");
    assert_eq!(to_uri("//résumé/a"), "//xn--rsum-bpad/a");
    // Userinfo, port and IP hosts are kept apart from the host mapping.
    assert_eq!(
        to_uri("http://ü:p@résumé.org:8080/"),
        "http://%C3%BC:p@xn--rsum-bpad.org:8080/"
    );
}

#[test]
fn ascii_labels_keep_their_capitals() {
    // 3.4: RFC 3490 ToASCII on each label, which leaves an ASCII label as it is (README).
    let uri = to_uri("HTTP://WWW.Résumé.ORG/É");
    assert_eq!(uri, "HTTP://WWW.xn--rsum-bpad.ORG/%C3%89");
    assert_eq!(to_iri(&uri), "HTTP://WWW.résumé.ORG/É");
    // The same through the crate (two combining marks in a row, the second of NFC_QC Maybe,
    // leave the fast path).
    let uri = to_uri("http://WWW.e\u{301}\u{302}.ORG/");
    assert!(
        uri.starts_with("http://WWW.xn--") && uri.ends_with(".ORG/"),
        "{uri}"
    );
    assert_eq!(to_iri(&uri), "http://WWW.\u{E9}\u{302}.ORG/", "in NFC");
}

#[test]
fn idna_failures() {
    let fails = |iri: &str| {
        let err = IriRef::parse(iri).unwrap().to_uri().unwrap_err();
        assert_eq!(err.kind(), MapErrorKind::Idna, "{iri}");
        assert!(err.to_string().contains("(3987bis 3.4)"), "{err}");
    };
    fails(&format!("http://é{}.org/", "a".repeat(62)));
    fails("http://a\u{FF0F}b.org/");
    fails("http://é%20x.org/");
    fails("http://é%FF.org/");
    // A left-to-right label may not hold a right-to-left letter (RFC 5893 2, rule 5).
    fails("http://a\u{05D0}.x/");
}

#[test]
fn to_unicode_failures_say_why_and_where() {
    // Scheme-level normalization (5.3.3) takes ToUnicode: the same diagnosis, offsets in the host
    // as written when only the case of its letters changed.
    for (iri, at) in [
        ("http://a\u{2488}b.org/", Some(1)),
        ("HTTP://WWW.A\u{2488}B.ORG/", Some(5)),
        ("http://%7e\u{2488}.org/", None),
    ] {
        let err = IriRef::parse(iri)
            .unwrap()
            .normalize(iriscan::normalize::Level::Scheme)
            .unwrap_err();
        assert!(
            err.to_string().contains("U+2488 (⒈) is not allowed"),
            "{err}"
        );
        assert_eq!(err.offset(), at, "{iri}: {err}");
    }
}

#[test]
fn idna_failures_say_why_and_where() {
    // (host, what the message says, the byte offset in the host)
    let long = format!("ab.é{}.org", "a".repeat(62));
    let many = "é.".repeat(130);
    let labels = format!("{}\u{2488}", "a.".repeat(200));
    let huge = format!("{}\u{2488}", "é".repeat(300));
    for (host, why, at) in [
        ("www.a\u{2488}b.org", "U+2488 (⒈) is not allowed", Some(5)),
        ("ab.c\u{200D}d", "U+200D ZERO WIDTH JOINER", Some(4)),
        (
            "ab.\u{301}c",
            "starts with the combining mark U+0301 (UTS",
            Some(3),
        ),
        ("é.xn--ab-", "the ACE label \"xn--ab-\"", Some(3)),
        (
            "é.a\u{05D0}",
            "the label \"a\u{5d0}\" breaks the bidi rule",
            Some(3),
        ),
        (
            "é.1a.\u{05D0}",
            "\"1a\" breaks the bidi rule of RFC 5893 2, which every label",
            Some(3),
        ),
        ("é..org", "an empty label", Some(3)),
        // A label of what IDNA maps to nothing is empty after ToASCII.
        (
            "a.\u{200B}.com",
            "the label \"\\u{200b}\" is empty after ToASCII",
            Some(2),
        ),
        (
            "\u{AD}\u{200B}.com",
            "the label \"\\u{ad}\\u{200b}\" is empty after ToASCII",
            Some(0),
        ),
        (
            long.as_str(),
            "is 70 octets long after ToASCII; DNS allows 63",
            Some(3),
        ),
        (
            many.as_str(),
            "1039 octets after ToASCII; DNS allows 253",
            None,
        ),
        // Bounded work on hosts of any length: past 128 labels or 256 code points in a label,
        // the length is the reason.
        (
            labels.as_str(),
            "201 labels, more than a host of 253 octets holds",
            None,
        ),
        (
            huge.as_str(),
            "has 301 code points, more than a label holds",
            Some(0),
        ),
        // A joiner where RFC 5892 allows it (after a virama; between joining letters) is not
        // the culprit; code points UTS #46 ignores do not start a label.
        (
            "ab.\u{915}\u{94D}\u{200D}\u{937}\u{2488}",
            "U+2488 (⒈) is not allowed",
            Some(15),
        ),
        ("ab.\u{628}\u{200C}\u{628}\u{2488}", "U+2488", Some(10)),
        (
            "ab.\u{301}\u{915}\u{94D}\u{200D}\u{937}",
            "starts with the combining mark U+0301",
            Some(3),
        ),
        (
            "ab.\u{FE0F}xn--a",
            "is not the Punycode of a valid label",
            Some(3),
        ),
        ("ab.\u{34F}1\u{5D0}", "breaks the bidi rule", Some(3)),
        // Offsets are of the host as written, so none where percent-encodings were decoded.
        ("é%41.a\u{2488}", "U+2488 (⒈) is not allowed", None),
    ] {
        let iri = format!("http://{host}/");
        let err = IriRef::parse(&iri).unwrap().to_uri().unwrap_err();
        assert!(err.to_string().contains(why), "{host:?}: {err}");
        assert_eq!(err.offset(), at, "{host:?}: {err}");
        if let Some(at) = at {
            assert!(
                err.to_string()
                    .contains(&format!("at byte {at} of the host")),
                "{err}"
            );
        }
    }
}

#[test]
fn legacy_charset_query_of_3_5() {
    let latin = ToUriOptions::default()
        .query_charset("windows-1252")
        .unwrap();
    // Only the query of http and https changes; the path stays UTF-8.
    assert_eq!(
        to_uri_with("http://a/é?q=é€", &latin),
        "http://a/%C3%A9?q=%E9%80"
    );
    assert_eq!(to_uri_with("ftp://a/?q=é", &latin), "ftp://a/?q=%C3%A9");
    // A relative reference has no scheme, so its query stays UTF-8 (README: resolve it first).
    for relative in ["?q=é", "/p?q=é", "//h/?q=é"] {
        let uri = to_uri_with(relative, &latin);
        assert!(uri.ends_with("?q=%C3%A9"), "{relative:?} gives {uri:?}");
    }
    assert_eq!(to_uri_with("HTTP://h/?q=é", &latin), "HTTP://h/?q=%E9");
    // What windows-1252 cannot hold becomes a numeric character reference, percent-encoded.
    assert_eq!(
        to_uri_with("https://a/?q=中x%41", &latin),
        "https://a/?q=%26%2320013%3Bx%41"
    );
    let sjis = ToUriOptions::default().query_charset("shift_jis").unwrap();
    assert_eq!(
        to_uri_with("http://a/?q=日本", &sjis),
        "http://a/?q=%93%FA%96%7B"
    );
    // ISO-2022-JP writes its escapes and its characters with octets in the ASCII range: each
    // octet of a character is percent-encoded all the same (3.3), so that the "%" of `ア` (ESC $
    // B % " ESC ( B) is no triplet and the "&" of `Α` no delimiter; the query's own ASCII stays.
    let jis = ToUriOptions::default()
        .query_charset("iso-2022-jp")
        .unwrap();
    assert_eq!(
        to_uri_with("http://a/?q=日", &jis),
        "http://a/?q=%1B%24%42%46%7C%1B%28%42"
    );
    assert_eq!(
        to_uri_with("http://a/?q=ア&b=Α%41", &jis),
        "http://a/?q=%1B%24%42%25%22%1B%28%42&b=%1B%24%42%26%21%1B%28%42%41"
    );
    // Back in ASCII before a character it cannot represent, and after each run.
    assert_eq!(
        to_uri_with("http://a/?q=日€x", &jis),
        "http://a/?q=%1B%24%42%46%7C%1B%28%42%26%238364%3Bx"
    );
    // The octets of the query, decoded, are the charset's encoding of the IRI's query (one
    // without "%", of characters each charset has), and the URI is valid: for the double-byte
    // charsets of the Encoding Standard, whose octets may fall in the ASCII range.
    let query = "q=日本&x=Ω;y=アイ+z";
    for label in [
        "iso-2022-jp",
        "shift_jis",
        "euc-jp",
        "euc-kr",
        "big5",
        "gbk",
        "gb18030",
    ] {
        let options = ToUriOptions::default().query_charset(label).unwrap();
        let uri = to_uri_with(&format!("http://a/?{query}"), &options);
        assert!(
            IriRef::parse_as(&uri, Grammar::UriReference).is_ok(),
            "{label}: {uri}"
        );
        let encoded = &uri["http://a/?".len()..];
        let mut octets = Vec::new();
        let mut k = 0;
        while k < encoded.len() {
            if encoded.as_bytes()[k] == b'%' {
                octets.push(u8::from_str_radix(&encoded[k + 1..k + 3], 16).unwrap());
                k += 3;
            } else {
                octets.push(encoded.as_bytes()[k]);
                k += 1;
            }
        }
        let (want, _, unmappable) = options.query_charset.unwrap().encode(query);
        assert!(!unmappable, "{label}");
        assert_eq!(octets, &*want, "{label}: {uri}");
    }
    // UTF-16 means UTF-8 (the Encoding Standard's output encoding); unknown labels fail.
    let utf16 = ToUriOptions::default().query_charset("utf-16le").unwrap();
    assert_eq!(to_uri_with("http://a/?q=é", &utf16), "http://a/?q=%C3%A9");
    let err = ToUriOptions::default()
        .query_charset("klingon")
        .unwrap_err();
    assert_eq!(err.kind(), MapErrorKind::UnknownCharset);
}

#[test]
fn to_iri_bad_percent_encodings() {
    // Overlong (section 10), truncated, surrogates, non-characters, C1, bidi: all stay encoded.
    for (uri, iri) in [
        ("http://a/%C0%AF", "http://a/%C0%AF"),
        ("http://a/%e0%80%af", "http://a/%E0%80%AF"),
        ("http://a/%E6%97", "http://a/%E6%97"),
        ("http://a/%E6%97x", "http://a/%E6%97x"),
        ("http://a/%ED%B0%80", "http://a/%ED%B0%80"),
        ("http://a/%EF%B7%90", "http://a/%EF%B7%90"),
        ("http://a/%C2%80", "http://a/%C2%80"),
        ("http://a/%E2%80%8F", "http://a/%E2%80%8F"),
        ("http://a/%F4%90%80%80", "http://a/%F4%90%80%80"),
        ("http://a/%E6%97%A5%E6", "http://a/日%E6"),
    ] {
        assert_eq!(to_iri(uri), iri, "{uri}");
    }
}

/// Checks the properties of the issue on one valid IRI reference.
fn check_pair(x: &str) -> Result<(), TestCaseError> {
    let iri = IriRef::parse(x).unwrap();
    // The one-pass mapping (wide encoder, IDNA fast path) is the component-by-component one.
    for options in [
        ToUriOptions::default(),
        ToUriOptions::default().host(HostMapping::PercentEncode),
        ToUriOptions::default().query_charset("shift_jis").unwrap(),
        ToUriOptions::default()
            .query_charset("iso-2022-jp")
            .unwrap(),
    ] {
        let fast = iri.to_uri_with(&options).map(|u| u.into_owned());
        // The component-by-component mapping is a hook of the `internals` feature.
        #[cfg(feature = "internals")]
        prop_assert_eq!(
            &fast,
            &iriscan::internals::to_uri_checked(&iri, &options),
            "{:?}",
            x
        );
        // Whatever the options, the result is a valid URI reference (3987bis 6.4).
        if let Ok(uri) = fast {
            let parsed = IriRef::parse_as(&uri, Grammar::UriReference);
            prop_assert!(parsed.is_ok(), "{x:?} -> {uri:?}: {:?}", parsed.err());
        }
    }
    match iri.to_uri() {
        Ok(uri) => {
            // to_uri(x) is a valid URI reference, and the mapping is idempotent.
            let parsed = IriRef::parse_as(&uri, Grammar::UriReference);
            prop_assert!(parsed.is_ok(), "{x:?} -> {uri:?}: {:?}", parsed.err());
            let again = parsed.unwrap().to_uri().unwrap();
            prop_assert_eq!(&again, &uri);
            // to_iri(to_uri(x)) == x when x has no percent-encoding and its host is in IDNA
            // normal form: the Unicode form that ToASCII then ToUnicode give back.
            let host_same = iri.host().is_none_or(|h| {
                idna::domain_to_ascii(h).is_ok_and(|a| idna::domain_to_unicode(&a).0 == h)
            });
            if !x.contains('%') && host_same && !iri.fragment().is_some_and(|f| f.contains('#')) {
                let back = IriRef::parse(&uri).unwrap().to_iri().into_owned();
                // Private use characters come back in the query only (3.7 step 4).
                let private = x.chars().any(|c| {
                    matches!(
                        iriscan::tables::code_point_class(c),
                        iriscan::tables::CodePointClass::Private
                            | iriscan::tables::CodePointClass::Tag
                    )
                });
                if !private {
                    prop_assert_eq!(&back, x);
                }
            }
        }
        Err(e) => {
            prop_assert_eq!(e.kind(), MapErrorKind::Idna);
            prop_assert!(iri.host().is_some_and(|h| !h.is_ascii() || h.contains('%')));
            // The offset, when given, is of a character of the host.
            let host = iri.host().unwrap_or_default();
            prop_assert!(
                e.offset()
                    .is_none_or(|at| at < host.len() && host.is_char_boundary(at)),
                "{x:?}: {e}"
            );
        }
    }
    Ok(())
}

/// Checks the properties of the issue on one valid URI reference.
fn check_uri(u: &str) -> Result<(), TestCaseError> {
    let uri = IriRef::parse_as(u, Grammar::UriReference).unwrap();
    let iri = uri.to_iri();
    // to_iri(u) is a valid IRI reference, and maps back to u up to hex case.
    let parsed = IriRef::parse(&iri);
    prop_assert!(parsed.is_ok(), "{u:?} -> {iri:?}: {:?}", parsed.err());
    let back = parsed.unwrap().to_uri();
    prop_assert!(back.is_ok(), "{u:?} -> {iri:?}: {:?}", back.err());
    prop_assert_eq!(upper_hex(&back.unwrap()), upper_hex(u));
    Ok(())
}

#[test]
fn properties_over_the_bench_corpus() {
    for line in corpus("iris.txt").iter().chain(&corpus("urls.txt")) {
        if IriRef::parse(line).is_ok() {
            check_pair(line).unwrap();
        }
        if IriRef::parse_as(line, Grammar::UriReference).is_ok() {
            check_uri(line).unwrap();
        }
    }
    // The IRIs of the corpus, mapped, are URIs that map back.
    for line in corpus("iris.txt") {
        if let Some(Ok(uri)) = IriRef::parse(&line).ok().map(|i| i.to_uri()) {
            check_uri(&uri).unwrap();
        }
    }
}

/// Percent-encoded UTF-8 of every kind, for `to_iri`.
fn pct_utf8() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<char>().prop_map(|c| {
            let mut buf = [0; 4];
            c.encode_utf8(&mut buf)
                .bytes()
                .map(|b| format!("%{b:02x}"))
                .collect()
        }),
        proptest::collection::vec(0x80u8..=0xFF, 1..4)
            .prop_map(|v| v.iter().map(|b| format!("%{b:02X}")).collect()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn generated_iris(b in common::iri_ref(true, true)) {
        check_pair(&b.text)?;
    }

    #[test]
    fn generated_uris(b in common::iri_ref(false, false), extra in pct_utf8(), at in 0usize..4) {
        check_uri(&b.text)?;
        // With percent-encoded UTF-8 of any kind in the path.
        let uri = IriRef::parse(&b.text).unwrap();
        let mut path = uri.path().to_string();
        let cut = path.char_indices().nth(at).map_or(path.len(), |(k, _)| k);
        path.insert_str(cut, &extra);
        let start = uri.path().as_ptr() as usize - b.text.as_ptr() as usize;
        let end = start + uri.path().len();
        let text = format!("{}{path}{}", &b.text[..start], &b.text[end..]);
        if IriRef::parse_as(&text, Grammar::UriReference).is_ok() {
            check_uri(&text)?;
        }
    }
}

/// iri-string maps IRIs to URIs too, but percent-encodes the host instead of using IDNA: on
/// IRIs with an ASCII host (and no "#" in the fragment, which it rejects) the two agree.
#[test]
fn agrees_with_iri_string_where_the_semantics_do() {
    use iri_string::types::IriReferenceStr;
    let mut compared = 0;
    for line in corpus("iris.txt") {
        let Ok(iri) = IriRef::parse(&line) else {
            continue;
        };
        if !iri.host().is_none_or(|h| h.is_ascii()) {
            continue;
        }
        let Ok(theirs) = IriReferenceStr::new(&line) else {
            continue;
        };
        let theirs = theirs.encode_to_uri().to_string();
        assert_eq!(iri.to_uri().unwrap(), theirs, "{line}");
        compared += 1;
    }
    assert!(compared > 1000, "{compared}");
}

/// The examples of 6.4: UTF-8 converts, iso-8859-1 does not, and parts of one URI may differ.
#[test]
fn examples_of_6_4() {
    let utf8 = "http://www.example.org/r%C3%A9sum%C3%A9.html";
    assert_eq!(to_iri(utf8), "http://www.example.org/résumé.html");
    assert_eq!(to_uri("http://www.example.org/résumé.html"), utf8);
    let latin = "http://www.example.org/r%E9sum%E9.html";
    assert_eq!(to_iri(latin), latin);
    let mixed = "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9";
    assert_eq!(
        to_iri(mixed),
        "http://www.example.org/r%E9sum%E9.xml#résumé"
    );
    assert_eq!(to_uri(&to_iri(mixed)), mixed);
}

/// A last label that IDNA maps to nothing is a root dot, which DNS allows (RFC 1034 3.1).
#[test]
fn a_last_label_mapped_to_nothing_is_a_root_dot() {
    let iri = IriRef::parse("http://b.\u{200B}\u{AD}/").unwrap();
    assert_eq!(iri.to_uri().unwrap(), "http://b./");
}
