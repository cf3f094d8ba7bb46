//! Arbitrary bytes through every grammar: the scanner must never panic, and what it returns must
//! be consistent with the input, with the other grammars, and with itself.
//!
//! Invariants checked (each one names the rule it comes from):
//! - `Grammar::validate`, `IriRef::parse_bytes` and (on UTF-8) `IriRef::parse_as` agree exactly.
//! - On error: the offset is within the input, on a character boundary of the well-formed prefix,
//!   and never past the first ill-formed UTF-8 sequence (the scanner reads in order and stops at
//!   the first fault); the message is non-empty and names the offset; the kind matches what stands
//!   at the offset (a bidi error is at a bidi formatting character, a control error at a control,
//!   an `InvalidUtf8` exactly at `Utf8Error::valid_up_to`, ...); well-formed UTF-8 never gives
//!   `InvalidUtf8`.
//! - On success: the input is UTF-8; the components put back together give the input exactly,
//!   and the authority is `[userinfo "@"] host [":" port]`; each component holds no delimiter
//!   that would have ended it; the scheme and port have their ASCII forms; the host kind agrees
//!   with an independent reading of RFC 3986 3.2.2 (`IPv4address`, `IPv6address`, `IPvFuture`).
//! - Between grammars: a URI is ASCII; every URI is an IRI; `IRI` implies `IRI-reference`;
//!   `IRI-reference` is `IRI` or `irelative-ref`; `absolute-IRI` is an `IRI` without fragment;
//!   `URI` is exactly an ASCII `IRI` whose fragment has no "#" (the only ASCII difference between
//!   RFC 3986 and 3987bis 2.2), and likewise `URI-reference` and `IRI-reference`; where two
//!   grammars accept the same input they split it the same way.
#![no_main]

use iriscan::{ErrorKind, Grammar, HostKind, IriRef};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    let utf8 = std::str::from_utf8(data);
    let valid_up_to = match &utf8 {
        Ok(s) => s.len(),
        Err(e) => e.valid_up_to(),
    };
    // The well-formed prefix, for char-boundary and "what stands here" checks.
    let prefix = std::str::from_utf8(&data[..valid_up_to]).unwrap();

    let mut results: Vec<(Grammar, Result<IriRef<'_>, iriscan::Error>)> = Vec::new();
    for g in Grammar::ALL {
        let validated = g.validate(data);
        let parsed = IriRef::parse_bytes(data, g);
        assert_eq!(
            validated,
            parsed.map(|_| ()),
            "{g}: validate and parse_bytes disagree on {data:?}"
        );
        if let Ok(s) = &utf8 {
            assert_eq!(
                IriRef::parse_as(s, g),
                parsed,
                "{g}: parse_as and parse_bytes disagree on {s:?}"
            );
        }
        match &parsed {
            Err(err) => check_error(g, data, utf8.is_ok(), valid_up_to, prefix, err),
            Ok(iri) => check_ok(g, data, iri),
        }
        results.push((g, parsed));
    }

    let get = |g: Grammar| &results.iter().find(|(h, _)| *h == g).unwrap().1;
    let iri = get(Grammar::Iri);
    let iri_ref = get(Grammar::IriReference);
    let absolute = get(Grammar::AbsoluteIri);
    let relative = get(Grammar::IrelativeRef);
    let uri = get(Grammar::Uri);
    let uri_ref = get(Grammar::UriReference);

    // 3987bis 2.2 `IRI-reference = IRI / irelative-ref`.
    if iri.is_ok() {
        assert!(iri_ref.is_ok(), "IRI but not IRI-reference: {data:?}");
    }
    if relative.is_ok() {
        assert!(iri_ref.is_ok(), "irelative-ref but not IRI-reference: {data:?}");
    }
    assert_eq!(
        iri_ref.is_ok(),
        iri.is_ok() || relative.is_ok(),
        "IRI-reference is not IRI / irelative-ref on {data:?}"
    );
    // `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`: an IRI without fragment.
    if absolute.is_ok() {
        assert!(iri.is_ok(), "absolute-IRI but not IRI: {data:?}");
    }
    if let Ok(i) = iri {
        match i.fragment() {
            None => assert!(absolute.is_ok(), "IRI without fragment but not absolute-IRI: {data:?}"),
            Some(f) => {
                let head = &data[..data.len() - f.len() - 1];
                assert!(
                    Grammar::AbsoluteIri.validate(head).is_ok(),
                    "IRI whose part before the fragment is not an absolute-IRI: {data:?}"
                );
            }
        }
    }
    // Every URI is an IRI (3987bis 2.2 only extends RFC 3986), and a URI is ASCII.
    if uri.is_ok() {
        assert!(iri.is_ok(), "URI but not IRI: {data:?}");
    }
    if uri_ref.is_ok() {
        assert!(iri_ref.is_ok(), "URI-reference but not IRI-reference: {data:?}");
    }
    // On ASCII input the URI and IRI grammars differ only by the "#" that `ifragment` allows.
    let no_hash_in_fragment =
        |r: &Result<IriRef<'_>, iriscan::Error>| r.as_ref().is_ok_and(|i| !i.fragment().unwrap_or("").contains('#'));
    if data.is_ascii() {
        assert_eq!(
            uri.is_ok(),
            no_hash_in_fragment(iri),
            "ASCII input: URI and IRI-without-#-in-fragment disagree on {data:?}"
        );
        assert_eq!(
            uri_ref.is_ok(),
            no_hash_in_fragment(iri_ref),
            "ASCII input: URI-reference and IRI-reference-without-#-in-fragment disagree on {data:?}"
        );
    }
    // Two grammars that accept the same input split it the same way.
    let mut oks = results.iter().filter_map(|(g, r)| r.as_ref().ok().map(|i| (g, i)));
    if let Some((g0, first)) = oks.next() {
        for (g, other) in oks {
            assert_eq!(first, other, "{g0} and {g} split {data:?} differently");
        }
    }
}

fn check_error(
    g: Grammar,
    data: &[u8],
    is_utf8: bool,
    valid_up_to: usize,
    prefix: &str,
    err: &iriscan::Error,
) {
    let off = err.offset();
    let msg = err.to_string();
    assert!(off <= data.len(), "{g}: offset {off} past the end of {data:?}");
    assert!(!msg.is_empty(), "{g}: empty message for {data:?}");
    assert!(
        msg.contains(&format!(" at byte {off} ")),
        "{g}: message {msg:?} does not name offset {off}"
    );
    // The scanner reads in order: it cannot fault past the first ill-formed sequence.
    assert!(
        off <= valid_up_to,
        "{g}: error {err:?} ({msg}) past the first invalid UTF-8 at {valid_up_to} in {data:?}"
    );
    assert!(
        prefix.is_char_boundary(off),
        "{g}: error offset {off} inside a character of {data:?}"
    );
    if is_utf8 {
        assert_ne!(
            err.kind(),
            ErrorKind::InvalidUtf8,
            "{g}: InvalidUtf8 for well-formed UTF-8 {data:?}"
        );
    }
    let here = prefix[off..].chars().next(); // None at the end or at invalid UTF-8
    let byte = data.get(off).copied();
    match err.kind() {
        ErrorKind::InvalidUtf8 => assert_eq!(
            off, valid_up_to,
            "{g}: InvalidUtf8 at {off}, but the input is well-formed up to {valid_up_to}: {data:?}"
        ),
        ErrorKind::InvalidCharacter => assert!(
            byte.is_some_and(|b| (0x20..0x7F).contains(&b)),
            "{g}: InvalidCharacter {msg:?} not at visible ASCII in {data:?}"
        ),
        ErrorKind::Control => assert!(
            here.is_some_and(|c| c.is_control()),
            "{g}: Control error {msg:?} not at a control in {data:?}"
        ),
        ErrorKind::BidiFormatting => assert!(
            here.is_some_and(|c| matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')),
            "{g}: BidiFormatting error {msg:?} not at a bidi formatting character in {data:?}"
        ),
        ErrorKind::PrivateUse => assert!(
            here.is_some_and(|c| matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')),
            "{g}: PrivateUse error {msg:?} not at a private use character in {data:?}"
        ),
        ErrorKind::Tag => assert!(
            here.is_some_and(|c| matches!(c, '\u{E0000}'..='\u{E0FFF}')),
            "{g}: Tag error {msg:?} not at a tag in {data:?}"
        ),
        ErrorKind::Special => assert!(
            here.is_some_and(|c| matches!(c, '\u{FFF0}'..='\u{FFFD}')),
            "{g}: Special error {msg:?} not at a special in {data:?}"
        ),
        ErrorKind::NonCharacter => assert!(
            here.is_some_and(|c| matches!(c as u32, 0xFDD0..=0xFDEF) || c as u32 & 0xFFFE == 0xFFFE),
            "{g}: NonCharacter error {msg:?} not at a non-character in {data:?}"
        ),
        ErrorKind::NonAscii => assert!(
            here.is_some_and(|c| !c.is_ascii()),
            "{g}: NonAscii error {msg:?} not at a non-ASCII character in {data:?}"
        ),
        ErrorKind::InvalidPercentEncoding => assert_eq!(byte, Some(b'%'), "{g}: {msg:?} in {data:?}"),
        ErrorKind::FragmentNotAllowed => assert_eq!(byte, Some(b'#'), "{g}: {msg:?} in {data:?}"),
        ErrorKind::ColonInFirstSegment => assert_eq!(byte, Some(b':'), "{g}: {msg:?} in {data:?}"),
        ErrorKind::InvalidIpLiteral => assert_eq!(byte, Some(b'['), "{g}: {msg:?} in {data:?}"),
        ErrorKind::InvalidScheme => assert_eq!(off, 0, "{g}: {msg:?} in {data:?}"),
        ErrorKind::MissingScheme => {}
        _ => {}
    }
}

fn check_ok(g: Grammar, data: &[u8], iri: &IriRef<'_>) {
    let s = std::str::from_utf8(data).unwrap_or_else(|e| panic!("{g}: Ok for non-UTF-8 {data:?}: {e}"));
    assert_eq!(iri.as_str(), s);
    if g.is_uri() {
        assert!(s.is_ascii(), "{g}: Ok for non-ASCII {s:?}");
    }

    // Reassembly: RFC 3986 5.3 (component recomposition) on the parsed pieces.
    let mut whole = String::new();
    if let Some(scheme) = iri.scheme() {
        whole.push_str(scheme);
        whole.push(':');
    }
    if let Some(authority) = iri.authority() {
        whole.push_str("//");
        whole.push_str(authority);
        let mut a = String::new();
        if let Some(u) = iri.userinfo() {
            a.push_str(u);
            a.push('@');
        }
        a.push_str(iri.host().expect("authority without host"));
        if let Some(p) = iri.port() {
            a.push(':');
            a.push_str(p);
        }
        assert_eq!(a, authority, "{g}: authority does not reassemble in {s:?}");
    } else {
        assert!(iri.userinfo().is_none() && iri.host().is_none() && iri.port().is_none());
        assert!(iri.host_kind().is_none());
    }
    whole.push_str(iri.path());
    if let Some(q) = iri.query() {
        whole.push('?');
        whole.push_str(q);
    }
    if let Some(f) = iri.fragment() {
        whole.push('#');
        whole.push_str(f);
    }
    assert_eq!(whole, s, "{g}: components do not reassemble: {iri:?}");

    // The start rules.
    match g {
        Grammar::Iri | Grammar::AbsoluteIri | Grammar::Uri => {
            assert!(iri.scheme().is_some(), "{g}: Ok without scheme: {s:?}")
        }
        Grammar::IrelativeRef => assert!(iri.scheme().is_none(), "{g}: Ok with scheme: {s:?}"),
        _ => {}
    }
    if g == Grammar::AbsoluteIri {
        assert!(iri.fragment().is_none(), "{g}: Ok with a fragment: {s:?}");
    }
    assert_eq!(iri.is_absolute(), iri.scheme().is_some());

    // Each component, as RFC 3986 3 delimits it.
    if let Some(scheme) = iri.scheme() {
        let b = scheme.as_bytes();
        assert!(!b.is_empty() && b[0].is_ascii_alphabetic(), "{g}: bad scheme in {s:?}");
        assert!(
            b.iter().all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c)),
            "{g}: bad scheme in {s:?}"
        );
    }
    if let Some(u) = iri.userinfo() {
        assert!(!u.contains(['@', '/', '?', '#', '[', ']']), "{g}: bad userinfo in {s:?}");
    }
    if let Some(p) = iri.port() {
        assert!(p.bytes().all(|c| c.is_ascii_digit()), "{g}: bad port in {s:?}");
    }
    if let (Some(host), Some(kind)) = (iri.host(), iri.host_kind()) {
        let expected = reference_host_kind(host);
        assert_eq!(Some(kind), expected, "{g}: host {host:?} of {s:?}");
    }
    let path = iri.path();
    assert!(!path.contains(['?', '#']), "{g}: path {path:?} of {s:?}");
    if iri.authority().is_some() {
        // `ipath-abempty`.
        assert!(path.is_empty() || path.starts_with('/'), "{g}: path {path:?} after authority in {s:?}");
    } else {
        // `ipath-absolute` cannot begin with "//".
        assert!(!path.starts_with("//"), "{g}: path {path:?} without authority in {s:?}");
        if iri.scheme().is_none() {
            // `ipath-noscheme`.
            let first = path.split('/').next().unwrap();
            assert!(!first.contains(':'), "{g}: colon in first segment of {s:?}");
        }
    }
    if let Some(q) = iri.query() {
        assert!(!q.contains('#'), "{g}: query {q:?} of {s:?}");
    }
    if let Some(f) = iri.fragment() {
        if g.is_uri() {
            assert!(!f.contains('#'), "{g}: RFC 3986 fragment with '#': {s:?}");
        }
    }
}

/// RFC 3986 3.2.2, written independently of the crate: the kind of `host`, or None if it is a
/// bracketed literal that is not valid (or a reg-name holding brackets).
fn reference_host_kind(host: &str) -> Option<HostKind> {
    if let Some(inner) = host.strip_prefix('[') {
        let inner = inner.strip_suffix(']')?;
        if inner.starts_with(['v', 'V']) {
            return is_ipvfuture(inner).then_some(HostKind::IpvFuture);
        }
        return is_ipv6(inner).then_some(HostKind::Ipv6);
    }
    if host.contains(['[', ']', ':', '@', '/', '?', '#']) {
        return None;
    }
    Some(if is_ipv4(host) { HostKind::Ipv4 } else { HostKind::RegName })
}

/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`
fn is_dec_octet(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 3
        && b.iter().all(u8::is_ascii_digit)
        && (b.len() == 1 || b[0] != b'0')
        && s.parse::<u32>().unwrap() <= 255
}

fn is_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| is_dec_octet(p))
}

fn is_h16(s: &str) -> bool {
    (1..=4).contains(&s.len()) && s.bytes().all(|c| c.is_ascii_hexdigit())
}

/// Groups of 16 bits in a ":"-separated list of h16 whose last item may be an IPv4address
/// (`ls32`), or None if an item is neither.
fn groups(s: &str, last_may_be_v4: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let items: Vec<&str> = s.split(':').collect();
    let mut n = 0;
    for (k, item) in items.iter().enumerate() {
        if is_h16(item) {
            n += 1;
        } else if last_may_be_v4 && k + 1 == items.len() && is_ipv4(item) {
            n += 2;
        } else {
            return None;
        }
    }
    Some(n)
}

/// RFC 3986 3.2.2 `IPv6address`: eight groups, or fewer around one "::" that stands for at least
/// one; an IPv4address may end it in place of the last two groups.
fn is_ipv6(s: &str) -> bool {
    match s.find("::") {
        None => {
            groups(s, true) == Some(8)
        }
        Some(at) => {
            let (left, right) = (&s[..at], &s[at + 2..]);
            let (Some(l), Some(r)) = (groups(left, false), groups(right, true)) else {
                return false;
            };
            // An IPv4 tail counts two groups; `h16 "::" ls32` forms allow up to 7 in all. A lone
            // IPv4 after "::" is `"::" ls32`-like; an h16 alone counts 1.
            l + r <= 7
        }
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
fn is_ipvfuture(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !matches!(b[0], b'v' | b'V') {
        return false;
    }
    let hex = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
    if hex == 0 || b.get(1 + hex) != Some(&b'.') {
        return false;
    }
    let tail = &b[2 + hex..];
    !tail.is_empty()
        && tail
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:".contains(c))
}
