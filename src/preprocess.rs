//! Strings that are not IRIs but map to one: LEIRI (3987bis 7.1), Web Addresses (7.2), and the
//! pre-processing of arbitrary strings of the "IRI processing" draft (its section 4).
//!
//! ```
//! use iriscan::preprocess::{leiri_to_iri, web_address_to_iri};
//! assert_eq!(leiri_to_iri("http://a/b c<d>"), "http://a/b%20c%3Cd%3E");
//! assert_eq!(web_address_to_iri(" http:\\\\a\\b c?d\\e%zz\n"), "http://a/b%20c?d%5Ce%25zz");
//! ```

use crate::map::pct::push_octet;
use crate::tables::{ascii, class, code_point_class, CodePointClass};
use crate::{Component, Error, ErrorKind};
use std::borrow::Cow;

/// How a string is read before it is parsed as an IRI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// As it is: it must be an IRI (reference) already.
    #[default]
    Strict,
    /// As a Legacy Extended IRI (7.1), mapped with [`leiri_to_iri`].
    Leiri,
    /// As a Web Address (7.2), as browsers read `href`, mapped with [`web_address_to_iri`].
    Href,
}

impl Mode {
    /// The string this mode maps `s` to, for parsing as an IRI.
    pub fn apply(self, s: &str) -> Cow<'_, str> {
        match self {
            Mode::Strict => Cow::Borrowed(s),
            Mode::Leiri => leiri_to_iri(s),
            Mode::Href => web_address_to_iri(s),
        }
    }

    /// The bytes this mode maps `b` to, for parsing as an IRI. Strict mode passes them as they
    /// are, for the parser to report what is wrong. LEIRI (7.1) and Web Addresses (7.2) are
    /// strings of characters: bytes that are not UTF-8 are an [`ErrorKind::InvalidUtf8`] error
    /// at the first ill-formed byte, and nothing is mapped (mapping around them would report
    /// the characters it would have mapped).
    ///
    /// ```
    /// use iriscan::{preprocess::Mode, ErrorKind};
    /// assert_eq!(Mode::Leiri.apply_bytes(b"http://a/b c").unwrap(), &b"http://a/b%20c"[..]);
    /// let e = Mode::Leiri.apply_bytes(b"http://a/b c\xff").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, 12));
    /// ```
    pub fn apply_bytes(self, b: &[u8]) -> Result<Cow<'_, [u8]>, Error> {
        if self == Mode::Strict {
            return Ok(Cow::Borrowed(b));
        }
        match std::str::from_utf8(b) {
            Ok(s) => Ok(match self.apply(s) {
                Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
                Cow::Owned(s) => Cow::Owned(s.into_bytes()),
            }),
            Err(e) => {
                let at = e.valid_up_to();
                let component = component_at(b, at);
                Err(Error::at(ErrorKind::InvalidUtf8, b, at, component, false))
            }
        }
    }

    /// Every mode, in the order of the command line's `--mode` values.
    pub const ALL: [Mode; 3] = [Mode::Strict, Mode::Leiri, Mode::Href];

    /// The name the command line, `Display` and `FromStr` use: `strict`, `leiri`, `href`.
    ///
    /// ```
    /// use iriscan::preprocess::Mode;
    /// assert_eq!("href".parse::<Mode>(), Ok(Mode::Href));
    /// assert_eq!(Mode::Leiri.to_string(), "leiri");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Strict => "strict",
            Mode::Leiri => "leiri",
            Mode::Href => "href",
        }
    }
}

crate::names::named!(Mode, "mode");

/// Whether `c` is in `leiri-ucschar` (7.1, as docs/spec-choices.md records it: `" " / "<" / ">" / DQUOTE
/// / "{" / "}" / "|" / "\" / "^" / "`" / %x0-1F / %x7F-D7FF / %xE000-FFFD / %x10000-10FFFF`)
/// but not in `ucschar` (2.2, less the bidi formatting characters of 4.1): the characters that
/// LEIRI and Web Address processing percent-encode. `href-ucschar` is the same set (7.2).
pub fn is_leiri_extra(c: char) -> bool {
    match c {
        ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`' => true,
        '\0'..='\x1F' | '\x7F' => true,
        '\u{80}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}' => {
            code_point_class(c) != CodePointClass::Ucschar
        }
        _ => false,
    }
}

/// Appends `c` percent-encoded as UTF-8 (3.3).
fn push_encoded_char(out: &mut String, c: char) {
    let mut buf = [0; 4];
    for &octet in c.encode_utf8(&mut buf).as_bytes() {
        push_octet(out, octet);
    }
}

/// LEIRI to IRI (7.1): each character of `leiri-ucschar` that is not in `ucschar` is
/// percent-encoded as UTF-8 (3.3): spaces, the ASCII characters `<>"{}|\^``, controls, bidi
/// formatting characters, private use characters and tags (which `leiri-ucschar` admits
/// anywhere: encoded everywhere, the query included), specials, non-characters. Borrows when
/// there is none. What `leiri-ucschar` does not admit either (U+FFFE, U+FFFF, a bad "%") is left
/// for the parser to report.
pub fn leiri_to_iri(s: &str) -> Cow<'_, str> {
    encode_extra(s, false)
}

/// Web Address to IRI (7.2), its steps in order: leading and trailing space, CR, LF and TAB
/// removed (1); TAB, LF and CR removed anywhere (2, `href-strip`, as browsers do:
/// docs/spec-choices.md); each `\` before the query and fragment turned into "/" (5, `href-path-sep`:
/// the path, and, in a special URL or a reference without a scheme, the authority and its "//"
/// as browsers read `http:\\host`; README); the characters of `href-ucschar` not in `ucschar`
/// percent-encoded (3: a `\` anywhere else too); a "%" not followed by two hex digits written
/// "%25" (4). The query's charset is a matter of the
/// mapping to a URI ([`ToUriOptions::query_charset`](crate::map::ToUriOptions::query_charset)).
pub fn web_address_to_iri(s: &str) -> Cow<'_, str> {
    let trimmed = trim(s);
    if !trimmed.contains(['\t', '\n', '\r']) {
        return encode_extra(trimmed, true);
    }
    let stripped: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    Cow::Owned(encode_extra(&stripped, true).into_owned())
}

/// Percent-encodes the characters of [`is_leiri_extra`]; with `href`, also turns "\" before the
/// first "?" or "#" into "/", and a "%" without two hex digits into "%25".
fn encode_extra(s: &str, href: bool) -> Cow<'_, str> {
    let b = s.as_bytes();
    // RFC 3986 2.1 `pct-encoded = "%" HEXDIG HEXDIG`.
    let lone_percent = |i: usize| {
        !(i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit())
    };
    let needs = s
        .char_indices()
        .any(|(i, c)| is_leiri_extra(c) || (href && c == '%' && lone_percent(i)));
    if !needs {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    let mut in_path = true;
    let separator = if href { backslash_separators(s) } else { None };
    for (i, c) in s.char_indices() {
        match c {
            '?' | '#' => {
                in_path = false;
                out.push(c);
            }
            '\\' if href && in_path && separator.as_ref().is_none_or(|is| is(i)) => out.push('/'),
            '%' if href && lone_percent(i) => out.push_str("%25"),
            c if is_leiri_extra(c) => push_encoded_char(&mut out, c),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The WHATWG URL Standard's special schemes, whose URLs browsers read with `\` for "/" before
/// the query, the authority's "//" included.
const SPECIAL_SCHEMES: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];

/// For a Web Address (7.2) with a scheme that is not special, which `\` (by byte offset, before
/// the query) is an `href-path-sep`: one in the path, but not one that would make a path without
/// an authority start with "//" (RFC 3986 3.3: it would become one). In the authority a `\` can
/// only be an `href-ucschar` (7.2 step 3 percent-encodes it), as browsers read it too: they take
/// `\` for "/" in special URLs only. `None` for special schemes and references without a scheme
/// (resolved, in a browser, against a base that is most often `http` or `https`): every `\`
/// before the query is a separator (README).
fn backslash_separators(s: &str) -> Option<impl Fn(usize) -> bool + '_> {
    let b = s.as_bytes();
    let colon = b.iter().position(|&c| c == b':')?;
    let scheme = &s[..colon];
    // RFC 3986 3.1 `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    let is_scheme = scheme
        .bytes()
        .next()
        .is_some_and(|c| ascii(c) & class::ALPHA != 0)
        && scheme.bytes().all(|c| ascii(c) & class::SCHEME != 0);
    if !is_scheme
        || SPECIAL_SCHEMES
            .iter()
            .any(|x| x.eq_ignore_ascii_case(scheme))
    {
        return None;
    }
    let hier = colon + 1;
    let is_sep = |i: usize| matches!(b.get(i), Some(b'/' | b'\\'));
    // The authority, after a literal "//", up to the first "/", "?" or "#", or to a "\\" where
    // no `href-ucschar` can stand (in the port, after an IP literal): that one ends it, the
    // path's first separator, the only reading under which the address parses.
    let path = if b[hier..].starts_with(b"//") {
        let start = hier + 2;
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |k| start + k);
        let authority = &b[start..end];
        let host = authority
            .iter()
            .rposition(|&c| c == b'@')
            .map_or(0, |k| k + 1);
        let closing = if authority.get(host) == Some(&b'[') {
            b']'
        } else {
            b':'
        };
        let cut = authority[host..]
            .iter()
            .position(|&c| c == closing)
            .and_then(|k| {
                let after = host + k + 1;
                authority[after..]
                    .iter()
                    .position(|&c| c == b'\\')
                    .map(|j| start + after + j)
            });
        Some(cut.unwrap_or(end))
    } else {
        None
    };
    Some(move |i: usize| match path {
        Some(start) => i >= start,
        // Without an authority, of two separators that start the path the second is not one, nor
        // is a first `\` before a "/".
        None => !((i == hier + 1 && is_sep(hier)) || (i == hier && b.get(hier + 1) == Some(&b'/'))),
    })
}

/// The "IRI processing" draft, 4 step 1 (and 7.2 step 1): `s` without its leading and trailing
/// U+0020 SPACE, CR, LF and TAB. Other Unicode white space stays.
pub fn trim(s: &str) -> &str {
    s.trim_matches([' ', '\r', '\n', '\t'])
}

/// The "IRI processing" draft, 4 step 2: the references of a string that may hold several,
/// trimmed, and split on runs of U+0020 SPACE.
///
/// ```
/// let refs: Vec<&str> = iriscan::preprocess::split_references("  a.html   b.html\tc ").collect();
/// assert_eq!(refs, ["a.html", "b.html\tc"]);
/// ```
pub fn split_references(s: &str) -> impl Iterator<Item = &str> {
    trim(s).split(' ').filter(|r| !r.is_empty())
}

/// The component that byte `at` of `b` falls in, by the split of RFC 3986 Appendix B (which
/// needs no well-formed input): for errors found before parsing.
fn component_at(b: &[u8], at: usize) -> Component {
    let end_of = |from: usize, stops: &[u8]| {
        b[from..]
            .iter()
            .position(|c| stops.contains(c))
            .map_or(b.len(), |i| from + i)
    };
    // `^(([^:/?#]+):)?`
    let first = end_of(0, b":/?#");
    let mut i = 0;
    if first > 0 && b.get(first) == Some(&b':') {
        if at < first {
            return Component::Scheme;
        }
        i = first + 1;
    }
    // `(//([^/?#]*))?`: userinfo before the last "@", port after a ":" past any "]".
    if b[i..].starts_with(b"//") {
        let start = i + 2;
        let end = end_of(start, b"/?#");
        if at < end {
            let authority = &b[start..end];
            let host = authority
                .iter()
                .rposition(|&c| c == b'@')
                .map_or(start, |p| start + p + 1);
            if at < host {
                return Component::Userinfo;
            }
            let bracket = b[host..end]
                .iter()
                .rposition(|&c| c == b']')
                .map_or(host, |p| host + p);
            let port = b[bracket..end].iter().position(|&c| c == b':');
            return match port {
                Some(p) if at > bracket + p => Component::Port,
                _ => Component::Host,
            };
        }
        i = end;
    }
    // `([^?#]*)(\?([^#]*))?(#(.*))?`
    let path_end = end_of(i, b"?#");
    if at < path_end {
        return Component::Path;
    }
    let query_end = end_of(path_end, b"#");
    if b.get(path_end) == Some(&b'?') && at < query_end {
        Component::Query
    } else {
        Component::Fragment
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IriRef;

    #[test]
    fn references_split_on_runs_of_spaces() {
        // "IRI processing" draft 4: step 1 trims space, CR, LF and TAB at both ends; step 2
        // splits on blocks of U+0020 only, so a TAB or a U+3000 inside stays in its reference.
        let split = |s| split_references(s).collect::<Vec<_>>();
        assert_eq!(
            split("\r\n\t http://a/ é.html  b\tc\u{3000}d \n"),
            ["http://a/", "é.html", "b\tc\u{3000}d"]
        );
        assert_eq!(split(" \t\r\n "), Vec::<&str>::new());
        assert_eq!(split(""), Vec::<&str>::new());
        assert_eq!(trim("\u{A0}a\u{3000}"), "\u{A0}a\u{3000}");
        assert_eq!(trim("\t a \r\n"), "a");
    }

    #[test]
    fn leiri_encodes_what_ucschar_lacks() {
        assert_eq!(leiri_to_iri("http://a/é"), "http://a/é");
        assert!(matches!(leiri_to_iri("http://a/é"), Cow::Borrowed(_)));
        assert_eq!(
            leiri_to_iri("http://a/{x}|^`\\\"\u{7F}\u{85}\u{202E}?\u{E000}\u{FFF0}\u{FDD0}\u{E0001}"),
            "http://a/%7Bx%7D%7C%5E%60%5C%22%7F%C2%85%E2%80%AE?%EE%80%80%EF%BF%B0%EF%B7%90%F3%A0%80%81"
        );
        // ALM and the isolates, bidi formatting characters (README), as 4.1's.
        assert_eq!(
            leiri_to_iri("http://a/\u{61B}\u{61C}\u{2066}"),
            "http://a/\u{61B}%D8%9C%E2%81%A6"
        );
        // Outside leiri-ucschar: left for the parser.
        assert_eq!(leiri_to_iri("http://a/\u{FFFE}%zz"), "http://a/\u{FFFE}%zz");
    }

    #[test]
    fn web_address_steps() {
        assert_eq!(web_address_to_iri("\t http://a/b \r\n"), "http://a/b");
        assert_eq!(web_address_to_iri("http://a/b\tc\nd\re"), "http://a/bcde");
        // Step 1 trims space, CR, LF and TAB only (README: browsers strip every C0 control).
        assert_eq!(web_address_to_iri("\u{1}http://a/\u{C}"), "%01http://a/%0C");
        assert_eq!(
            web_address_to_iri("http:\\\\a\\b\\c?d\\e#f\\g"),
            "http://a/b/c?d%5Ce#f%5Cg"
        );
        // Step 5 turns a "\\" into "/" where it is an `href-path-sep`: in a special URL (and a
        // reference without a scheme) wherever browsers read it so, before the query; with
        // another scheme in the path only, and not where the path would start with "//".
        for (address, iri) in [
            ("HTTPS:\\\\u\\p@a\\b", "HTTPS://u/p@a/b"),
            ("\\\\a\\b", "//a/b"),
            ("c:\\dir\\file", "c:/dir/file"),
            ("foo://u\\p@a/b\\c?\\", "foo://u%5Cp@a/b/c?%5C"),
            ("foo://a\\b", "foo://a%5Cb"),
            // In the port or after an IP literal a "\\" can only end the authority.
            ("foo://a:80\\x/", "foo://a:80/x/"),
            ("foo://[::1]\\x", "foo://[::1]/x"),
            ("foo://[::1]:8\\x", "foo://[::1]:8/x"),
            ("foo://u:p\\q@a:1\\r", "foo://u:p%5Cq@a:1/r"),
            ("foo:\\\\a\\b", "foo:/%5Ca/b"),
            ("foo:/\\a", "foo:/%5Ca"),
            ("foo:\\/a", "foo:%5C/a"),
            ("foo:a\\\\b", "foo:a//b"),
        ] {
            assert_eq!(web_address_to_iri(address), iri, "{address:?}");
            assert!(
                IriRef::parse(&web_address_to_iri(address)).is_ok(),
                "{address:?}"
            );
        }
        assert_eq!(
            web_address_to_iri("http://a/%zz%4%41%"),
            "http://a/%25zz%254%41%25"
        );
        assert_eq!(web_address_to_iri("http://a/b c"), "http://a/b%20c");
        assert!(matches!(
            web_address_to_iri(" http://a/ "),
            Cow::Borrowed("http://a/")
        ));
    }

    #[test]
    fn what_they_give_parses() {
        for s in [
            "http://a/{x} y",
            " http:\\\\h\\p q?r s#t u% ",
            "a b\u{202E}c",
        ] {
            let href = web_address_to_iri(s);
            assert!(IriRef::parse(&href).is_ok(), "{s:?} -> {href:?}");
        }
        for s in ["http://a/{x} y", "a b\u{202E}c\\d?\u{E000}"] {
            let leiri = leiri_to_iri(s);
            assert!(IriRef::parse(&leiri).is_ok(), "{s:?} -> {leiri:?}");
        }
    }

    #[test]
    fn components_of_bytes_by_appendix_b() {
        let b = b"http://u@[::1]:80/p?q#f";
        let at = |c: u8| b.iter().position(|&x| x == c).unwrap();
        assert_eq!(component_at(b, 1), Component::Scheme);
        assert_eq!(component_at(b, at(b'u')), Component::Userinfo);
        assert_eq!(component_at(b, at(b'[') + 1), Component::Host);
        assert_eq!(component_at(b, at(b'8')), Component::Port);
        assert_eq!(
            component_at(b, b.iter().rposition(|&x| x == b'p').unwrap()),
            Component::Path
        );
        assert_eq!(component_at(b, at(b'q')), Component::Query);
        assert_eq!(component_at(b, at(b'f')), Component::Fragment);
        assert_eq!(component_at(b"a b\xff", 3), Component::Path);
        assert_eq!(component_at(b"//h\xff/", 3), Component::Host);
        assert_eq!(component_at(b"#\xff", 1), Component::Fragment);
    }
}
