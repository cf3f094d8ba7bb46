//! Decisions of docs/spec-choices.md that no other test pins, one test each, named after the
//! entry they check.

use iriscan::compare::{compare, CompareOptions, Equivalence};
use iriscan::map::ToUriOptions;
use iriscan::normalize::Level;
use iriscan::preprocess::{web_address_to_iri, Mode};
use iriscan::{Component, ErrorKind, Grammar, Iri, IriRef};

fn err(input: &str, g: Grammar) -> (ErrorKind, usize, Component) {
    let e = g.validate(input.as_bytes()).expect_err(input);
    (e.kind(), e.offset(), e.component())
}

fn resolve(base: &str, r: &str) -> String {
    Iri::parse(base)
        .unwrap()
        .resolve(&IriRef::parse(r).unwrap())
}

/// Grammar: ALM (U+061C) and the isolates (U+2066 to U+2069) are bidi formatting characters like
/// those 4.1 lists; RFC 3987's `ucschar` holds them all, and oxiri and iri-string accept them.
#[test]
fn alm_and_isolates_are_refused_where_peers_accept_them() {
    for c in [
        '\u{061C}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{200E}', '\u{202E}',
    ] {
        let s = format!("http://example.com/a{c}b");
        assert_eq!(
            IriRef::parse(&s).unwrap_err().kind(),
            ErrorKind::BidiFormatting,
            "U+{:04X}",
            c as u32
        );
        assert!(oxiri::IriRef::parse(s.as_str()).is_ok(), "oxiri {s:?}");
        assert!(
            iri_string::types::IriReferenceStr::new(&s).is_ok(),
            "iri-string {s:?}"
        );
    }
}

/// Grammar: Web Address preprocessing percent-encodes the bidi formatting characters, ALM and the
/// isolates included, as LEIRI preprocessing does.
#[test]
fn href_percent_encodes_bidi_formatting_characters() {
    assert_eq!(
        web_address_to_iri("http://a/\u{200E}\u{061C}\u{2066}?\u{202E}#\u{2069}"),
        "http://a/%E2%80%8E%D8%9C%E2%81%A6?%E2%80%AE#%E2%81%A9"
    );
}

/// Grammar: tags (U+E0000 to U+E0FFF) are `iprivate`: allowed in the query and nowhere else,
/// with an error kind of their own.
#[test]
fn tags_are_allowed_in_the_query_only() {
    assert!(IriRef::parse("http://h/?\u{E0001}\u{E0FFF}").is_ok());
    for (input, at, component) in [
        ("http://h/\u{E0001}", 9, Component::Path),
        ("http://h/#\u{E0001}", 10, Component::Fragment),
        ("http://h\u{E0041}/", 8, Component::Host),
        ("http://u\u{E0041}@h/", 8, Component::Userinfo),
    ] {
        assert_eq!(
            err(input, Grammar::IriReference),
            (ErrorKind::Tag, at, component),
            "{input:?}"
        );
    }
}

/// Grammar: a relative reference given where a scheme is needed (`iri`, `absolute-iri`, `uri`)
/// is `missing_scheme` at byte 0 when it cannot begin a scheme, as an empty input is; where its
/// first characters could be a scheme, at the first that cannot. `invalid_scheme` is for a ":"
/// before the first "/", "?" or "#" after something that is not a scheme.
#[test]
fn a_relative_reference_where_a_scheme_is_needed() {
    for g in [Grammar::Iri, Grammar::AbsoluteIri, Grammar::Uri] {
        for relative in ["/relative/link", "", "?q", "#f", "../a:b", "//h/p"] {
            assert_eq!(
                err(relative, g),
                (ErrorKind::MissingScheme, 0, Component::Scheme),
                "{g} {relative:?}"
            );
        }
        assert_eq!(
            err("ab/c", g),
            (ErrorKind::MissingScheme, 2, Component::Scheme),
            "{g}"
        );
        for bad in ["1a:b", "%41:b/", "-:x"] {
            assert_eq!(
                err(bad, g),
                (ErrorKind::InvalidScheme, 0, Component::Scheme),
                "{g} {bad:?}"
            );
        }
    }
}

/// Grammar: LEIRI and Web Address preprocessing of bytes that are not UTF-8 maps nothing and
/// reports the first ill-formed byte.
#[test]
fn preprocessing_bytes_that_are_not_utf8() {
    for mode in [Mode::Leiri, Mode::Href] {
        let e = mode.apply_bytes(b" http://a/b c\\\xC3(").unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (ErrorKind::InvalidUtf8, 14),
            "{mode:?}"
        );
    }
    assert_eq!(
        Mode::Strict.apply_bytes(b"a b\xFF").unwrap(),
        &b"a b\xFF"[..],
        "strict mode passes the bytes on"
    );
}

/// Resolution: "%2E" is not a dot segment; resolution decodes nothing.
#[test]
fn encoded_dots_are_not_dot_segments_in_resolution() {
    let base = "http://a/b/c/d;p?q";
    assert_eq!(resolve(base, "%2E%2E/g"), "http://a/b/c/%2E%2E/g");
    assert_eq!(resolve(base, "./%2e/g"), "http://a/b/c/%2e/g");
    assert_eq!(resolve(base, "%C3%A9/../x"), "http://a/b/c/x");
}

/// Resolution: an empty reference path takes the base's path as it is, dot segments included;
/// resolving the result again removes them.
#[test]
fn an_empty_reference_path_keeps_the_base_path_as_it_is() {
    let base = "a:/b/./c";
    let once = resolve(base, "#s");
    assert_eq!(once, "a:/b/./c#s");
    assert_eq!(resolve(base, &once), "a:/b/c#s");
    assert_eq!(resolve("http://h/x/../y?q", "#f"), "http://h/x/../y?q#f");
}

/// Preprocessing: Web Address step 1 trims space, CR, LF and TAB only; a leading U+0001 is
/// percent-encoded, and the line is then a relative reference with ":" in its first segment.
#[test]
fn href_keeps_a_leading_c0_control() {
    let mapped = Mode::Href.apply("\u{1}http://a/");
    assert_eq!(mapped, "%01http://a/");
    assert_eq!(
        err(&mapped, Grammar::IriReference),
        (ErrorKind::ColonInFirstSegment, 7, Component::Path)
    );
}

/// Preprocessing: the `href-ucschar` extras are percent-encoded as UTF-8 before parsing, those of
/// the query too, so with a legacy query charset they stay UTF-8 beside the charset's octets.
#[test]
fn href_extras_of_the_query_stay_utf8_with_a_legacy_charset() {
    let mapped = Mode::Href.apply("http://a/?q=\u{E9}\u{85}");
    assert_eq!(mapped, "http://a/?q=\u{E9}%C2%85");
    let latin = ToUriOptions::default()
        .query_charset("windows-1252")
        .unwrap();
    assert_eq!(
        IriRef::parse(&mapped).unwrap().to_uri_with(&latin).unwrap(),
        "http://a/?q=%E9%C2%85"
    );
}

/// Mapping: UTS #46, non-transitional, with `Hyphens::Allow`, an empty ASCII deny list, DNS lengths checked and a
/// trailing root dot allowed.
#[test]
fn idna_options_of_the_host_mapping() {
    let to_uri = |s: &str| IriRef::parse(s).unwrap().to_uri().map(|u| u.into_owned());
    // Hyphens::Allow: hyphens at the ends of a label and in its third and fourth places.
    assert_eq!(to_uri("http://-é-.org/").unwrap(), "http://xn-----bja.org/");
    assert!(to_uri("http://ab--é.org/").is_ok());
    // AsciiDenyList::EMPTY: ASCII that STD3 rules would refuse stays in a label.
    assert!(to_uri("http://é_x.org/").is_ok());
    // Non-transitional processing keeps the deviation "ß" (transitional would write "ss").
    assert_eq!(to_uri("http://faß.de/").unwrap(), "http://xn--fa-hia.de/");
    // A trailing root dot is allowed; a label of more than 63 octets is not (RFC 3490 4.1).
    assert_eq!(to_uri("http://é.org./").unwrap(), "http://xn--9ca.org./");
    assert!(to_uri(&format!("http://é{}.org/", "a".repeat(63))).is_err());
}

/// Normalization and comparison: at the syntax level `compare` aligns percent-encodings by
/// mapping both sides to URIs, hosts percent-encoded too (IDNA is for the scheme level), while
/// `normalize` keeps each as written.
#[test]
fn syntax_level_compare_maps_to_uris() {
    let syntax = CompareOptions::new(Level::Syntax);
    let cmp = |a: &str, b: &str| {
        compare(
            &IriRef::parse(a).unwrap(),
            &IriRef::parse(b).unwrap(),
            &syntax,
        )
        .unwrap()
    };
    let (a, b) = (
        "http://résumé.org/rosé",
        "http://r%C3%A9sum%C3%A9.org/ros%c3%a9",
    );
    assert_eq!(cmp(a, b), Equivalence::Equivalent);
    assert_eq!(
        IriRef::parse(a).unwrap().normalize(Level::Syntax).unwrap(),
        a
    );
    assert_eq!(
        IriRef::parse(b).unwrap().normalize(Level::Syntax).unwrap(),
        "http://r%C3%A9sum%C3%A9.org/ros%C3%A9"
    );
    assert_eq!(
        cmp("http://résumé.org/", "http://xn--rsum-bpad.org/"),
        Equivalence::Different
    );
    // The simple level compares the strings.
    let simple = CompareOptions::new(Level::Simple);
    assert_eq!(
        compare(
            &IriRef::parse(a).unwrap(),
            &IriRef::parse(b).unwrap(),
            &simple
        )
        .unwrap(),
        Equivalence::Different
    );
}

/// Normalization and comparison: `IriRefBuf`'s `Eq`, `Ord` and `Hash` are those of the string,
/// simple string comparison (5.3.1), with no normalization.
#[test]
fn owned_iri_equality_is_simple_string_comparison() {
    let buf = |s: &str| s.parse::<iriscan::IriRefBuf>().unwrap();
    assert_ne!(buf("HTTP://a/"), buf("http://a/"));
    assert_ne!(buf("http://a/%7e"), buf("http://a/~"));
    assert_eq!(buf("http://a/./b"), buf("http://a/./b"));
    assert!(buf("HTTP://a/") < buf("http://a/"));
}
