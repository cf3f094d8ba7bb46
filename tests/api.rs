//! The conveniences of the public API: owned IRIs, conversions, comparisons with strings, the
//! port as a number, the names of the option enums, and the errors of the owned parse and of
//! normalization.

use iriscan::map::HostMapping;
use iriscan::normalize::{Level, NormalizeErrorKind, NormalizeOptions, UnicodeForm};
use iriscan::preprocess::Mode;
use iriscan::{ErrorKind, Grammar, Iri, IriBuf, IriRef, IriRefBuf, ParseError, UnknownName};
use std::collections::{BTreeSet, HashSet};
use std::error::Error as _;
use std::str::FromStr;

#[test]
fn port_u16_is_the_port_when_it_is_a_u16() {
    let port = |s: &str| IriRef::parse(s).unwrap().port_u16();
    assert_eq!(port("http://example.com:80/"), Some(80));
    assert_eq!(port("http://example.com:0/"), Some(0));
    assert_eq!(port("http://example.com:65535/"), Some(65535));
    // Leading zeros do not make another number (RFC 3986 3.2.3: a decimal number).
    assert_eq!(port("http://example.com:0080/"), Some(80));
    assert_eq!(port("http://example.com:000000000000000080/"), Some(80));
    // Empty, absent, out of range.
    assert_eq!(port("http://example.com:/"), None);
    assert_eq!(port("http://example.com/"), None);
    assert_eq!(port("/relative"), None);
    assert_eq!(port("http://example.com:65536/"), None);
    assert_eq!(port("http://example.com:99999999999999999999/"), None);
    // The borrowed IRI and the owned types reach it too.
    assert_eq!(
        Iri::parse("http://[::1]:8080").unwrap().port_u16(),
        Some(8080)
    );
    let owned: IriBuf = "http://h:443/".parse().unwrap();
    assert_eq!(owned.as_iri().port_u16(), Some(443));
}

/// `x` against `s` every way round: `x == str`, `x == &str`, `str == x`, `&str == x`.
fn eq_str<T>(x: &T, s: &str) -> [bool; 4]
where
    T: PartialEq<str> + for<'s> PartialEq<&'s str>,
    str: PartialEq<T>,
    for<'s> &'s str: PartialEq<T>,
{
    [*x == *s, *x == s, *s == *x, s == *x]
}

#[test]
fn equality_with_strings_is_simple_string_comparison() {
    let text = "http://example.com/ros\u{e9}";
    let r = IriRef::parse(text).unwrap();
    let i = Iri::parse(text).unwrap();
    let rb: IriRefBuf = text.parse().unwrap();
    let ib: IriBuf = text.parse().unwrap();
    assert_eq!(eq_str(&r, text), [true; 4]);
    assert_eq!(eq_str(&i, text), [true; 4]);
    assert_eq!(eq_str(&rb, text), [true; 4]);
    assert_eq!(eq_str(&ib, text), [true; 4]);
    // 5.3.1: no case folding, no normalization, no decoding.
    for other in [
        "HTTP://example.com/ros\u{e9}",
        "http://example.com/rose\u{301}",
        "http://example.com/ros%C3%A9",
        "http://example.com/ros\u{e9}/",
        "",
    ] {
        assert_eq!(eq_str(&r, other), [false; 4], "{other}");
        assert_eq!(eq_str(&i, other), [false; 4], "{other}");
        assert_eq!(eq_str(&rb, other), [false; 4], "{other}");
        assert_eq!(eq_str(&ib, other), [false; 4], "{other}");
    }
}

#[test]
fn iri_buf_refuses_a_relative_reference_and_gives_the_string_back() {
    for relative in ["/a/b", "//h/p", "a/b:c", "?q", ""] {
        let err = IriBuf::parse(relative.to_string()).unwrap_err();
        assert_eq!(err.error().kind(), ErrorKind::MissingScheme, "{relative:?}");
        assert_eq!(err.as_str(), relative);
        assert_eq!(err.into_string(), relative);
        assert!(relative.parse::<IriBuf>().is_err());
        assert!(IriBuf::try_from(relative).is_err());
        assert!(IriBuf::try_from(relative.to_string()).is_err());
    }
    // A fragment is allowed in an IRI (unlike an absolute-IRI).
    let iri = IriBuf::parse("http://h/p?q#f".to_string()).unwrap();
    assert_eq!(iri.as_iri().scheme(), "http");
    assert_eq!(iri.as_iri().fragment(), Some("f"));
    assert_eq!(iri.as_str(), "http://h/p?q#f");
    assert_eq!(iri.to_string(), "http://h/p?q#f");
    assert_eq!(AsRef::<str>::as_ref(&iri), "http://h/p?q#f");
    assert!(format!("{iri:?}").contains("http://h/p?q#f"));
    assert_eq!(String::from(iri.clone()), "http://h/p?q#f");
    assert_eq!(iri.into_string(), "http://h/p?q#f");
}

#[test]
fn iri_buf_converts_from_and_to_the_other_types() {
    let reference: IriRefBuf = "urn:isbn:978-3-16".parse().unwrap();
    let iri = IriBuf::try_from(reference.clone()).unwrap();
    assert_eq!(iri.as_iri().path(), "isbn:978-3-16");
    assert_eq!(IriRefBuf::from(iri.clone()), reference);
    assert_eq!(IriBuf::from(Iri::parse("urn:isbn:978-3-16").unwrap()), iri);
    // A relative reference is given back as it was.
    let relative: IriRefBuf = "../a?b".parse().unwrap();
    assert_eq!(IriBuf::try_from(relative.clone()), Err(relative));
    // From a string, owned or not.
    assert_eq!(IriBuf::try_from("urn:isbn:978-3-16").unwrap(), iri);
    assert_eq!(
        IriBuf::try_from("urn:isbn:978-3-16".to_string()).unwrap(),
        iri
    );
    assert_eq!(IriBuf::from_str("urn:isbn:978-3-16").unwrap(), iri);
}

#[test]
fn owned_types_compare_order_and_hash_as_their_strings() {
    let set: BTreeSet<IriBuf> = ["b:", "a:x", "a:", "a:"]
        .into_iter()
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(
        set.iter().map(IriBuf::as_str).collect::<Vec<_>>(),
        ["a:", "a:x", "b:"]
    );
    let hashed: HashSet<IriBuf> = ["a:", "A:", "a:"]
        .into_iter()
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(hashed.len(), 2);
    assert_ne!(
        "a:".parse::<IriBuf>().unwrap(),
        "A:".parse::<IriBuf>().unwrap()
    );
}

#[test]
fn try_from_str_parses_each_type() {
    let r = IriRef::try_from("../a b").unwrap_err();
    assert_eq!((r.kind(), r.offset()), (ErrorKind::InvalidCharacter, 4));
    assert_eq!(IriRef::try_from("../a").unwrap().path(), "../a");
    let e = Iri::try_from("../a").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingScheme);
    assert_eq!(Iri::try_from("x:y").unwrap().scheme(), "x");
    assert_eq!(IriRefBuf::try_from("../a").unwrap(), "../a");
    assert_eq!(IriRefBuf::try_from("../a".to_string()).unwrap(), "../a");
    let err = IriRefBuf::try_from("a b".to_string()).unwrap_err();
    assert_eq!(err.into_string(), "a b");
    // An Iri is an IriRef; an IriRefBuf a String.
    let iri = Iri::parse("x:y").unwrap();
    assert_eq!(IriRef::from(iri), IriRef::parse("x:y").unwrap());
    assert_eq!(String::from(IriRefBuf::try_from("x:y").unwrap()), "x:y");
}

#[test]
fn parse_error_holds_the_error_and_the_input() {
    let err: ParseError = IriRefBuf::parse("http://h/a b".to_string()).unwrap_err();
    assert_eq!(err.error().kind(), ErrorKind::InvalidCharacter);
    assert_eq!(err.error().offset(), 10);
    assert_eq!(err.to_string(), r#""http://h/a b" is not an IRI reference"#);
    // The reason is the source, and not repeated in the message.
    let source = err.source().expect("the parse error is the source");
    assert_eq!(source.to_string(), err.error().to_string());
    assert!(!err.to_string().contains("byte 10"));
    assert_eq!(err.clone().into_string(), "http://h/a b");
    let iri_err = IriBuf::parse("/a".to_string()).unwrap_err();
    assert_eq!(iri_err.to_string(), r#""/a" is not an IRI"#);
    // It goes into the usual boxes.
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(err);
    assert!(boxed.source().is_some());
}

/// Every variant's name reads back as itself, and `Display` writes the name.
fn round_trip<T>(all: &[T], names: &[&str], what: &str)
where
    T: FromStr<Err = UnknownName> + std::fmt::Display + std::fmt::Debug + PartialEq + Copy,
{
    assert_eq!(all.len(), names.len());
    for (&value, &name) in all.iter().zip(names) {
        assert_eq!(value.to_string(), name);
        assert_eq!(name.parse::<T>(), Ok(value));
    }
    for unknown in [
        "",
        "nope",
        &names[0].to_uppercase(),
        &format!(" {}", names[0]),
    ] {
        let err = unknown.parse::<T>().unwrap_err();
        assert_eq!(err.name(), unknown);
        assert_eq!(err.expected(), names);
        assert_eq!(
            err.to_string(),
            format!(
                "unknown {what} {unknown:?}: expected one of {}",
                names.join(", ")
            )
        );
    }
}

#[test]
fn option_enums_read_and_write_their_names() {
    round_trip(
        &Grammar::ALL,
        &[
            "iri",
            "iri-ref",
            "absolute-iri",
            "relative-ref",
            "uri",
            "uri-ref",
        ],
        "grammar",
    );
    round_trip(
        &Level::ALL,
        &["simple", "syntax", "scheme", "protocol"],
        "level",
    );
    round_trip(
        &HostMapping::ALL,
        &["auto", "idna", "percent"],
        "host mapping",
    );
    round_trip(&Mode::ALL, &["strict", "leiri", "href"], "mode");
    // `ALL` holds every variant once.
    assert_eq!(Grammar::ALL.map(Grammar::name).len(), 6);
    assert!(Mode::ALL.contains(&Mode::default()));
    assert!(HostMapping::ALL.contains(&HostMapping::default()));
    assert!(Level::ALL.contains(&Level::default()));
}

#[test]
fn normalize_errors_have_a_kind_an_offset_and_the_old_messages() {
    let iri = IriRef::parse("http://www.a\u{2488}b.org/").unwrap();
    let e = iri.normalize(Level::Scheme).unwrap_err();
    assert_eq!(e.kind(), NormalizeErrorKind::Idna);
    assert_eq!(e.kind().name(), "idna");
    assert_eq!(e.offset(), Some(5));
    assert!(
        e.to_string()
            .starts_with("the host \"www.a\u{2488}b.org\" cannot be converted with IDNA"),
        "{e}"
    );
    assert!(e.source().is_none());
    // The lower rungs do not look at the host with IDNA.
    assert!(iri.normalize(Level::Syntax).is_ok());

    let iri = IriRef::parse("http://a/b\u{FF0F}c").unwrap();
    let options = NormalizeOptions::new(Level::Syntax).unicode(UnicodeForm::Nfkc);
    let e = iri.normalize_with(&options).unwrap_err();
    assert_eq!(e.kind(), NormalizeErrorKind::Structure);
    assert_eq!(e.kind().name(), "structure");
    assert_eq!(e.offset(), None);
    assert!(
        e.to_string().starts_with(
            "character normalization of \"http://a/b\u{FF0F}c\" changes its structure: "
        ) && e.to_string().ends_with(" (3987bis 5.3.2.2)"),
        "{e}"
    );
}
