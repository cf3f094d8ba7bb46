//! The grammar rule by rule: the examples of RFC 3986 and of 3987bis, and valid and invalid cases
//! for every rule, with the components and the error offsets they must give.

use iriscan::{Component, ErrorKind, Grammar, HostKind, Iri, IriRef};

/// (input, scheme, authority, userinfo, host, port, path, query, fragment)
type Parts<'a> = (
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn assert_parts(cases: &[Parts]) {
    for &(input, scheme, authority, userinfo, host, port, path, query, fragment) in cases {
        let r = IriRef::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(r.scheme(), scheme, "{input} scheme");
        assert_eq!(r.authority(), authority, "{input} authority");
        assert_eq!(r.userinfo(), userinfo, "{input} userinfo");
        assert_eq!(r.host(), host, "{input} host");
        assert_eq!(r.port(), port, "{input} port");
        assert_eq!(r.path(), path, "{input} path");
        assert_eq!(r.query(), query, "{input} query");
        assert_eq!(r.fragment(), fragment, "{input} fragment");
        assert_eq!(r.as_str(), input);
    }
}

/// RFC 3986 1.1.2 and 3 (the "foo://example.com:8042/over/there?name=ferret#nose" example).
#[test]
fn rfc3986_examples() {
    assert_parts(&[
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            Some("ftp"),
            Some("ftp.is.co.za"),
            None,
            Some("ftp.is.co.za"),
            None,
            "/rfc/rfc1808.txt",
            None,
            None,
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            Some("http"),
            Some("www.ietf.org"),
            None,
            Some("www.ietf.org"),
            None,
            "/rfc/rfc2396.txt",
            None,
            None,
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Some("ldap"),
            Some("[2001:db8::7]"),
            None,
            Some("[2001:db8::7]"),
            None,
            "/c=GB",
            Some("objectClass?one"),
            None,
        ),
        (
            "mailto:John.Doe@example.com",
            Some("mailto"),
            None,
            None,
            None,
            None,
            "John.Doe@example.com",
            None,
            None,
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            Some("news"),
            None,
            None,
            None,
            None,
            "comp.infosystems.www.servers.unix",
            None,
            None,
        ),
        (
            "tel:+1-816-555-1212",
            Some("tel"),
            None,
            None,
            None,
            None,
            "+1-816-555-1212",
            None,
            None,
        ),
        (
            "telnet://192.0.2.16:80/",
            Some("telnet"),
            Some("192.0.2.16:80"),
            None,
            Some("192.0.2.16"),
            Some("80"),
            "/",
            None,
            None,
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            Some("urn"),
            None,
            None,
            None,
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
            None,
        ),
        (
            "foo://example.com:8042/over/there?name=ferret#nose",
            Some("foo"),
            Some("example.com:8042"),
            None,
            Some("example.com"),
            Some("8042"),
            "/over/there",
            Some("name=ferret"),
            Some("nose"),
        ),
        (
            "urn:example:animal:ferret:nose",
            Some("urn"),
            None,
            None,
            None,
            None,
            "example:animal:ferret:nose",
            None,
            None,
        ),
        // RFC 3986 Appendix B's example.
        (
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            Some("http"),
            Some("www.ics.uci.edu"),
            None,
            Some("www.ics.uci.edu"),
            None,
            "/pub/ietf/uri/",
            None,
            Some("Related"),
        ),
        // RFC 3986 3.2.1 userinfo, 3.2.3 empty port, 3.3 empty paths.
        (
            "ftp://user:pass@host:/",
            Some("ftp"),
            Some("user:pass@host:"),
            Some("user:pass"),
            Some("host"),
            Some(""),
            "/",
            None,
            None,
        ),
        (
            "file:///etc/hosts",
            Some("file"),
            Some(""),
            None,
            Some(""),
            None,
            "/etc/hosts",
            None,
            None,
        ),
        (
            "http://@/",
            Some("http"),
            Some("@"),
            Some(""),
            Some(""),
            None,
            "/",
            None,
            None,
        ),
        ("s:", Some("s"), None, None, None, None, "", None, None),
        (
            "s:?#",
            Some("s"),
            None,
            None,
            None,
            None,
            "",
            Some(""),
            Some(""),
        ),
        ("", None, None, None, None, None, "", None, None),
        ("?", None, None, None, None, None, "", Some(""), None),
        ("#", None, None, None, None, None, "", None, Some("")),
        ("//", None, Some(""), None, Some(""), None, "", None, None),
        ("///", None, Some(""), None, Some(""), None, "/", None, None),
        ("./a:b", None, None, None, None, None, "./a:b", None, None),
        ("/a:b", None, None, None, None, None, "/a:b", None, None),
        ("a/b:c", None, None, None, None, None, "a/b:c", None, None),
    ]);
}

/// The IRIs of 3987bis (1, 3.4, 3.7.1, 5.3) parse with their components.
#[test]
fn spec_examples() {
    assert_parts(&[
        (
            "http://r\u{e9}sum\u{e9}.example.org",
            Some("http"),
            Some("r\u{e9}sum\u{e9}.example.org"),
            None,
            Some("r\u{e9}sum\u{e9}.example.org"),
            None,
            "",
            None,
            None,
        ),
        (
            "http://www.example.org/red%09ros\u{e9}#red",
            Some("http"),
            Some("www.example.org"),
            None,
            Some("www.example.org"),
            None,
            "/red%09ros\u{e9}",
            None,
            Some("red"),
        ),
        (
            "http://www.example.org/D\u{fc}rst",
            Some("http"),
            Some("www.example.org"),
            None,
            Some("www.example.org"),
            None,
            "/D\u{fc}rst",
            None,
            None,
        ),
        (
            "http://xn--99zt52a.example.org/%e2%80%ae",
            Some("http"),
            Some("xn--99zt52a.example.org"),
            None,
            Some("xn--99zt52a.example.org"),
            None,
            "/%e2%80%ae",
            None,
            None,
        ),
        (
            "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{e9}sum\u{e9}.example.org",
            Some("http"),
            Some("validator.w3.org"),
            None,
            Some("validator.w3.org"),
            None,
            "/check",
            Some("uri=http%3A%2F%2Fr\u{e9}sum\u{e9}.example.org"),
            None,
        ),
        (
            "example://a/b/c/%7Bfoo%7D/ros\u{e9}",
            Some("example"),
            Some("a"),
            None,
            Some("a"),
            None,
            "/b/c/%7Bfoo%7D/ros\u{e9}",
            None,
            None,
        ),
        (
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
            Some("eXAMPLE"),
            Some("a"),
            None,
            Some("a"),
            None,
            "/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
            None,
            None,
        ),
        (
            "https://例え.jp/パス?q=Dürst",
            Some("https"),
            Some("例え.jp"),
            None,
            Some("例え.jp"),
            None,
            "/パス",
            Some("q=Dürst"),
            None,
        ),
    ]);
    // 3.7.1: "http://www.example.org/r%E9sum%E9.html" is a valid URI and IRI (the %E9 stays).
    assert!(Iri::parse("http://www.example.org/r%E9sum%E9.html").is_ok());
    assert!(Grammar::Uri
        .validate(b"http://www.example.org/r%C3%A9sum%C3%A9.html")
        .is_ok());
}

fn err(input: &str, g: Grammar) -> (ErrorKind, usize, Component) {
    let e = g.validate(input.as_bytes()).expect_err(input);
    (e.kind(), e.offset(), e.component())
}

#[test]
fn scheme_rule() {
    use ErrorKind::*;
    for ok in ["a:", "A:", "a+b-c.d:x", "z9:", "HTTP://x"] {
        assert!(Iri::parse(ok).is_ok(), "{ok}");
    }
    assert_eq!(
        err("1a:b", Grammar::Iri),
        (InvalidScheme, 0, Component::Scheme)
    );
    assert_eq!(
        err("+a:b", Grammar::Iri),
        (InvalidScheme, 0, Component::Scheme)
    );
    assert_eq!(
        err(":b", Grammar::Iri),
        (InvalidScheme, 0, Component::Scheme)
    );
    assert_eq!(err("", Grammar::Iri), (MissingScheme, 0, Component::Scheme));
    for relative in ["/relative/link", "../a:b", "?q:r", "#f:g", "%41:b/"] {
        let expected = if relative.starts_with('%') {
            InvalidScheme
        } else {
            MissingScheme
        };
        assert_eq!(
            err(relative, Grammar::Iri),
            (expected, 0, Component::Scheme),
            "{relative}"
        );
    }
    assert_eq!(
        err("ab", Grammar::Iri),
        (MissingScheme, 2, Component::Scheme)
    );
    assert_eq!(
        err("a_b:c", Grammar::Iri),
        (MissingScheme, 1, Component::Scheme)
    );
    assert_eq!(
        err("h\u{e9}:x", Grammar::Iri),
        (NonAscii, 1, Component::Scheme)
    );
    assert_eq!(
        err("\u{e9}:x", Grammar::Iri),
        (NonAscii, 0, Component::Scheme)
    );
    assert_eq!(err("a\tb:", Grammar::Iri), (Control, 1, Component::Scheme));
    // In a reference, a string that is not a scheme starts a relative path.
    assert_eq!(
        err("1a:b", Grammar::IriReference),
        (ColonInFirstSegment, 2, Component::Path)
    );
    assert_eq!(
        err("a_b:c", Grammar::IriReference),
        (ColonInFirstSegment, 3, Component::Path)
    );
    assert!(IriRef::parse("a_b/c:d").is_ok());
    // irelative-ref never has a scheme: "a:b" is a colon in the first segment.
    assert_eq!(
        err("a:b", Grammar::IrelativeRef),
        (ColonInFirstSegment, 1, Component::Path)
    );
    assert!(Grammar::IrelativeRef.validate(b"a/b:c").is_ok());
}

#[test]
fn authority_rules() {
    use ErrorKind::*;
    let host = |s: &str| {
        let r = IriRef::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        (r.host().unwrap().to_string(), r.host_kind().unwrap())
    };
    assert_eq!(host("http://1.2.3.4/"), ("1.2.3.4".into(), HostKind::Ipv4));
    assert_eq!(
        host("http://255.255.255.255/"),
        ("255.255.255.255".into(), HostKind::Ipv4)
    );
    assert_eq!(host("http://0.0.0.0"), ("0.0.0.0".into(), HostKind::Ipv4));
    // Not IPv4address, so ireg-name (RFC 3986 3.2.2): valid, not an error.
    for s in [
        "http://1.2.3.999/",
        "http://01.2.3.4/",
        "http://1.2.3/",
        "http://1.2.3.4.5/",
        "http://256.1.1.1/",
        "http://1.2.3.4./",
    ] {
        assert_eq!(host(s).1, HostKind::RegName, "{s}");
    }
    assert_eq!(host("http://[::1]:80/"), ("[::1]".into(), HostKind::Ipv6));
    assert_eq!(
        host("http://[2001:DB8::7]/"),
        ("[2001:DB8::7]".into(), HostKind::Ipv6)
    );
    assert_eq!(
        host("http://[::ffff:192.0.2.1]/"),
        ("[::ffff:192.0.2.1]".into(), HostKind::Ipv6)
    );
    assert_eq!(
        host("http://[v7.fe80::a+en1]/"),
        ("[v7.fe80::a+en1]".into(), HostKind::IpvFuture)
    );
    assert_eq!(
        host("http://[V1F.x]"),
        ("[V1F.x]".into(), HostKind::IpvFuture)
    );
    assert_eq!(
        host("http://ex%41mple.com"),
        ("ex%41mple.com".into(), HostKind::RegName)
    );
    assert_eq!(
        host("http://!$&'()*+,;=-._~/"),
        ("!$&'()*+,;=-._~".into(), HostKind::RegName)
    );
    assert_eq!(
        host("http://\u{4f8b}\u{3048}.jp"),
        ("\u{4f8b}\u{3048}.jp".into(), HostKind::RegName)
    );

    assert_eq!(
        err("http://[::1/", Grammar::Iri),
        (InvalidIpLiteral, 7, Component::Host)
    );
    assert_eq!(
        err("http://[::1:2:3:4:5:6:7:8]/", Grammar::Iri),
        (InvalidIpLiteral, 7, Component::Host)
    );
    assert_eq!(
        err("http://[fe80::1%25en0]/", Grammar::Iri),
        (InvalidIpLiteral, 7, Component::Host)
    );
    assert_eq!(
        err("http://[v1x]/", Grammar::Iri),
        (InvalidIpLiteral, 7, Component::Host)
    );
    assert_eq!(
        err("http://[1.2.3.4]/", Grammar::Iri),
        (InvalidIpLiteral, 7, Component::Host)
    );
    assert_eq!(
        err("http://[::\u{e9}]/", Grammar::Iri),
        (NonAscii, 10, Component::Host)
    );
    assert_eq!(
        err("http://[::1]x/", Grammar::Iri),
        (InvalidCharacter, 12, Component::Host)
    );
    assert_eq!(
        err("http://a]b/", Grammar::Iri),
        (InvalidCharacter, 8, Component::Host)
    );
    assert_eq!(
        err("http://a[b/", Grammar::Iri),
        (InvalidCharacter, 8, Component::Host)
    );
    assert_eq!(
        err("http://exa mple/", Grammar::Iri),
        (InvalidCharacter, 10, Component::Host)
    );
    assert_eq!(
        err("http://a@b@c/", Grammar::Iri),
        (InvalidCharacter, 10, Component::Host)
    );
    assert_eq!(
        err("http://us er@c/", Grammar::Iri),
        (InvalidCharacter, 9, Component::Userinfo)
    );
    assert_eq!(
        err("http://u%4@c/", Grammar::Iri),
        (InvalidPercentEncoding, 8, Component::Userinfo)
    );
    assert_eq!(
        err("http://h:8a/", Grammar::Iri),
        (InvalidCharacter, 10, Component::Port)
    );
    assert_eq!(
        err("http://h:1:2/", Grammar::Iri),
        (InvalidCharacter, 10, Component::Port)
    );
    assert_eq!(
        err("http://h:\u{661}/", Grammar::Iri),
        (NonAscii, 9, Component::Port)
    );
    assert_eq!(
        err("http://h\u{202e}/", Grammar::Iri),
        (BidiFormatting, 8, Component::Host)
    );
    assert_eq!(
        err("http://h\u{e000}/", Grammar::Iri),
        (PrivateUse, 8, Component::Host)
    );
    let r = IriRef::parse("http://u:p:q@h:99999999999/").unwrap();
    assert_eq!(
        (r.userinfo(), r.port()),
        (Some("u:p:q"), Some("99999999999"))
    );
    let r = IriRef::parse("http://\u{e9}t\u{e9}@h").unwrap();
    assert_eq!(r.userinfo(), Some("\u{e9}t\u{e9}"));
}

#[test]
fn path_query_fragment_rules() {
    use ErrorKind::*;
    let g = Grammar::IriReference;
    for ok in [
        "/a/b;c=d/e,f@g:h!$&'()*+~-._",
        "a/%00/%fF",
        "?a/b?c:d@e",
        "#a/b?c:d@e#f",
        "http://h/p?q\u{e000}\u{f8ff}\u{f0000}\u{10fffd}\u{e0000}\u{e0fff}",
        "http://h/\u{a0}\u{d7ff}\u{f900}\u{fdcf}\u{fdf0}\u{ffef}\u{10000}\u{1fffd}\u{e1000}\u{efffd}",
    ] {
        assert!(g.validate(ok.as_bytes()).is_ok(), "{ok}");
    }
    assert_eq!(err("/a b", g), (InvalidCharacter, 2, Component::Path));
    assert_eq!(err("/a\"b", g), (InvalidCharacter, 2, Component::Path));
    for (i, c) in ["<", ">", "\\", "^", "`", "{", "|", "}", "[", "]"]
        .iter()
        .enumerate()
    {
        let input = format!("/x{c}");
        assert_eq!(
            err(&input, g),
            (InvalidCharacter, 2, Component::Path),
            "case {i}: {input}"
        );
        let input = format!("?x{c}");
        assert_eq!(
            err(&input, g),
            (InvalidCharacter, 2, Component::Query),
            "{input}"
        );
        let input = format!("#x{c}");
        assert_eq!(
            err(&input, g),
            (InvalidCharacter, 2, Component::Fragment),
            "{input}"
        );
    }
    assert_eq!(err("/a\u{0}", g), (Control, 2, Component::Path));
    assert_eq!(err("/a\u{7f}", g), (Control, 2, Component::Path));
    assert_eq!(err("/a\u{85}", g), (Control, 2, Component::Path));
    assert_eq!(err("?a\u{9f}", g), (Control, 2, Component::Query));
    assert_eq!(err("/%", g), (InvalidPercentEncoding, 1, Component::Path));
    assert_eq!(err("/%4", g), (InvalidPercentEncoding, 1, Component::Path));
    assert_eq!(err("/%4g", g), (InvalidPercentEncoding, 1, Component::Path));
    assert_eq!(
        err("?%%41", g),
        (InvalidPercentEncoding, 1, Component::Query)
    );
    assert_eq!(
        err("#%", g),
        (InvalidPercentEncoding, 1, Component::Fragment)
    );
    // Private use and tags: query only (2.2 iprivate).
    assert_eq!(err("/\u{e000}", g), (PrivateUse, 1, Component::Path));
    assert_eq!(err("#\u{f0000}", g), (PrivateUse, 1, Component::Fragment));
    assert_eq!(err("/\u{e0001}", g), (Tag, 1, Component::Path));
    assert_eq!(err("/\u{fdd0}", g), (NonCharacter, 1, Component::Path));
    assert_eq!(err("?\u{fdef}", g), (NonCharacter, 1, Component::Query));
    assert_eq!(err("?\u{1fffe}", g), (NonCharacter, 1, Component::Query));
    assert_eq!(err("?\u{10ffff}", g), (NonCharacter, 1, Component::Query));
    assert_eq!(err("/\u{fff0}", g), (Special, 1, Component::Path));
    assert_eq!(err("/\u{fffd}", g), (Special, 1, Component::Path));
    for bidi in [
        '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}',
        '\u{2066}', '\u{2069}', '\u{061c}',
    ] {
        for (input, component) in [
            (format!("/a{bidi}"), Component::Path),
            (format!("?a{bidi}"), Component::Query),
            (format!("#a{bidi}"), Component::Fragment),
        ] {
            assert_eq!(err(&input, g), (BidiFormatting, 2, component), "{input:?}");
        }
    }
}

#[test]
fn fragments_iri_versus_uri() {
    // 3987bis 2.2 ifragment allows "#"; RFC 3986 3.5 fragment does not.
    assert!(IriRef::parse("http://h/#a#b").is_ok());
    assert_eq!(
        IriRef::parse("http://h/#a#b").unwrap().fragment(),
        Some("a#b")
    );
    assert_eq!(
        err("http://h/#a#b", Grammar::UriReference),
        (ErrorKind::InvalidCharacter, 11, Component::Fragment)
    );
    // absolute-IRI has no fragment.
    assert_eq!(
        err("http://h/#a", Grammar::AbsoluteIri),
        (ErrorKind::FragmentNotAllowed, 9, Component::Fragment)
    );
    assert!(Grammar::AbsoluteIri.validate(b"http://h/?q").is_ok());
}

#[test]
fn uri_grammar_is_ascii_only() {
    assert!(Grammar::Uri
        .validate(b"http://h/%C3%A9?%E2%80%AE#x")
        .is_ok());
    assert_eq!(
        err("http://h/\u{e9}", Grammar::Uri),
        (ErrorKind::NonAscii, 9, Component::Path)
    );
    assert_eq!(
        err("http://h/?\u{e000}", Grammar::Uri),
        (ErrorKind::NonAscii, 10, Component::Query)
    );
    assert_eq!(
        err("http://h\u{e9}/", Grammar::Uri),
        (ErrorKind::NonAscii, 8, Component::Host)
    );
    assert_eq!(
        err("/\u{202e}", Grammar::UriReference),
        (ErrorKind::BidiFormatting, 1, Component::Path)
    );
    // A relative reference where a scheme is needed: the scheme is missing (RFC 3986 4.1).
    assert_eq!(
        err("/x", Grammar::Uri),
        (ErrorKind::MissingScheme, 0, Component::Scheme)
    );
}

#[test]
fn messages_name_what_where_and_which_rule() {
    let msg = |s: &str, g: Grammar| g.validate(s.as_bytes()).unwrap_err().to_string();
    assert_eq!(
        msg("http://example.com/a\u{202e}b", Grammar::IriReference),
        "U+202E at byte 20 in the path: bidi formatting characters are not allowed in an IRI (3987bis 4.1)"
    );
    assert_eq!(
        msg("http://h/%zz", Grammar::IriReference),
        "'%' (U+0025) at byte 9 in the path: \"%\" must be followed by two hex digits (RFC 3986 2.1)"
    );
    assert_eq!(
        msg("http://h:x/", Grammar::IriReference),
        "'x' (U+0078) at byte 9 in the port: a port is decimal digits (RFC 3986 3.2.3)"
    );
    assert_eq!(
        Grammar::Iri.validate(b"\xff").unwrap_err().to_string(),
        "byte 0xFF at byte 0 in the scheme: not well-formed UTF-8 (RFC 3629 4)"
    );
    assert_eq!(
        msg("/a", Grammar::Iri),
        "'/' (U+002F) at byte 0 in the scheme: a relative reference, where this grammar needs a scheme and \":\" (3987bis 2.2, RFC 3986 4.1)"
    );
    assert_eq!(msg("ab", Grammar::Iri), "end of input at byte 2 in the scheme: expected \":\" after the scheme: this grammar needs a scheme (3987bis 2.2, RFC 3986 4.3)");
}

#[test]
fn iri_type_and_owned_type() {
    let iri = Iri::parse("HTTP://h/p").unwrap();
    assert_eq!(iri.scheme(), "HTTP");
    assert_eq!(iri.path(), "/p");
    assert!(Iri::parse("//h/p").is_err());
    let r = IriRef::parse("//h/p").unwrap();
    assert!(Iri::try_from(r).is_err());
    let owned: iriscan::IriRefBuf = "a/b?c".parse().unwrap();
    assert_eq!(owned.as_iri_ref().query(), Some("c"));
    assert_eq!(owned.as_ref(), "a/b?c");
    assert!("a b".parse::<iriscan::IriRefBuf>().is_err());
    let e = iriscan::IriRefBuf::parse("a b".to_string()).unwrap_err();
    assert_eq!((e.error().offset(), e.as_str()), (1, "a b"));
    let mut set = std::collections::BTreeSet::new();
    for s in ["b:", "a:", "a:"] {
        set.insert(s.parse::<iriscan::IriRefBuf>().unwrap());
    }
    assert_eq!(
        set.iter().map(|x| x.as_str()).collect::<Vec<_>>(),
        ["a:", "b:"]
    );
}

#[test]
fn host_messages_tell_a_reg_name_from_what_follows_an_ip_literal() {
    let msg = |s: &str| Grammar::Iri.validate(s.as_bytes()).unwrap_err().to_string();
    assert_eq!(
        msg("http://[::1]x/"),
        "'x' (U+0078) at byte 12 in the host: only \":\" port may follow an IP literal (RFC 3986 3.2.2)"
    );
    assert_eq!(
        msg("http://a b/"),
        "' ' (U+0020) at byte 8 in the host: not allowed in ireg-name (3987bis 2.2)"
    );
}
