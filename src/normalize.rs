//! Normalization: the comparison ladder of 3987bis 5.3 (and draft-masinter-iri-comparison 4),
//! one rung at a time, each returning the input itself when it is normal already.
//!
//! ```
//! use iriscan::normalize::Level;
//! use iriscan::IriRef;
//! let iri = IriRef::parse("HTTP://Example.COM:80/a/./b/../%7euser?%41#x")?;
//! assert_eq!(iri.normalize(Level::Simple)?, "HTTP://Example.COM:80/a/./b/../%7euser?%41#x");
//! assert_eq!(iri.normalize(Level::Syntax)?, "http://example.com:80/a/~user?A#x");
//! assert_eq!(iri.normalize(Level::Scheme)?, "http://example.com/a/~user?A#x");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::map::pct::{push_octet, triplet_at};
use crate::map::MapError;
use crate::protocol::ProtocolOptions;
use crate::resolve::has_dot_segment_in;
use crate::{HostKind, IriRef};
use std::borrow::Cow;
use std::fmt;

/// A rung of the comparison ladder (3987bis 5.3). Each includes the ones below it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 5.3.1: the string as it is; two IRIs are equivalent when their characters are.
    Simple,
    /// 5.3.2: lowercase scheme and US-ASCII host, uppercase percent-encoding hex, percent-encoded
    /// unreserved ASCII decoded, dot segments removed. Characters already in Unicode stay.
    #[default]
    Syntax,
    /// 5.3.3: also an empty or default port dropped, an empty path as "/" where the scheme says
    /// so, and a DNS host in its IDNA form (UTS #46 ToUnicode: "résumé" and "xn--rsum-bpad" are
    /// one host, written as the former, 5.3.3: "SHOULD NOT be converted into ACE").
    Scheme,
    /// 5.3.4: also the fragment and an empty query left out, and the rules of
    /// [`ProtocolOptions`] that are asked for (sorted query arguments, tracking arguments
    /// dropped...), which also apply alone at the levels below.
    Protocol,
}

impl Level {
    /// Every level, bottom rung first.
    pub const ALL: [Level; 4] = [Level::Simple, Level::Syntax, Level::Scheme, Level::Protocol];

    /// The level's name, as the command line, `Display` and `FromStr` write it: `simple`,
    /// `syntax`, `scheme`, `protocol`.
    ///
    /// ```
    /// use iriscan::normalize::Level;
    /// assert_eq!("scheme".parse::<Level>(), Ok(Level::Scheme));
    /// assert_eq!(Level::Syntax.to_string(), "syntax");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
            Level::Protocol => "protocol",
        }
    }
}

crate::names::named!(Level, "level");

/// Why an IRI reference cannot be normalized: at [`Level::Scheme`], IDNA cannot convert its host
/// (3987bis 5.3.3), or character normalization ([`NormalizeOptions::unicode`]) changes its
/// structure (5.3.2.2).
///
/// ```
/// use iriscan::normalize::{Level, NormalizeErrorKind};
/// use iriscan::IriRef;
/// let iri = IriRef::parse("http://www.a\u{2488}b.org/")?;
/// let e = iri.normalize(Level::Scheme).unwrap_err();
/// assert_eq!(e.kind(), NormalizeErrorKind::Idna);
/// assert_eq!(e.offset(), Some(5)); // U+2488 in "www.a⒈b.org"
/// assert!(iri.normalize(Level::Syntax).is_ok());
/// # Ok::<(), iriscan::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalizeError(Repr);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Repr {
    /// The host, as the mapping to a URI reports it.
    Idna(MapError),
    /// The IRI and what character normalization made of it.
    Structure { iri: String, reason: String },
}

/// The kind of a [`NormalizeError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NormalizeErrorKind {
    /// IDNA (UTS #46 ToUnicode) cannot convert the host (3987bis 5.3.3).
    Idna,
    /// Character normalization (NFC, NFKC) changes the structure of the IRI (3987bis 5.3.2.2).
    Structure,
}

impl NormalizeErrorKind {
    /// The kind as a `snake_case` name, as the command's JSON output gives it: `idna`,
    /// `structure`.
    pub fn name(self) -> &'static str {
        match self {
            NormalizeErrorKind::Idna => "idna",
            NormalizeErrorKind::Structure => "structure",
        }
    }
}

impl NormalizeError {
    fn structure(iri: &str, reason: String) -> NormalizeError {
        NormalizeError(Repr::Structure {
            iri: iri.to_string(),
            reason,
        })
    }

    /// The kind of failure.
    pub fn kind(&self) -> NormalizeErrorKind {
        match self.0 {
            Repr::Idna(_) => NormalizeErrorKind::Idna,
            Repr::Structure { .. } => NormalizeErrorKind::Structure,
        }
    }

    /// For an IDNA failure, the byte offset in the host of the code point or label that IDNA
    /// refuses, when it is known ([`MapError::offset`]); `None` for the other kinds.
    pub fn offset(&self) -> Option<usize> {
        match &self.0 {
            Repr::Idna(e) => e.offset(),
            Repr::Structure { .. } => None,
        }
    }
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            // The mapping's own message, whole: its error is not a source as well.
            Repr::Idna(e) => fmt::Display::fmt(e, f),
            Repr::Structure { iri, reason } => write!(
                f,
                "character normalization of {iri:?} changes its structure: {reason} (3987bis \
                 5.3.2.2)"
            ),
        }
    }
}

impl std::error::Error for NormalizeError {}

/// A Unicode normalization form for character normalization (3987bis 5.3.2.2), which is applied
/// only when asked for: an IRI already in Unicode MUST NOT be normalized behind its user's back;
/// this is for text converted from a legacy charset or typed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnicodeForm {
    /// Canonical composition (UAX #15).
    Nfc,
    /// Compatibility composition (UAX #15): also full-width Latin to half-width and the like.
    Nfkc,
}

/// Options of [`IriRef::normalize_with`].
///
/// ```
/// use iriscan::normalize::{Level, NormalizeOptions, UnicodeForm};
/// use iriscan::IriRef;
/// let options = NormalizeOptions::new(Level::Syntax).unicode(UnicodeForm::Nfc);
/// let iri = IriRef::parse("http://example.org/re\u{301}sume\u{301}")?;
/// assert_eq!(iri.normalize_with(&options)?, "http://example.org/résumé");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct NormalizeOptions {
    /// The rung of the ladder.
    pub level: Level,
    /// Character normalization, before the rest; `None` (the default) leaves characters alone.
    pub unicode: Option<UnicodeForm>,
    /// The rules of protocol-based normalization asked for (5.3.4), after the ladder.
    pub protocol: ProtocolOptions,
}

impl NormalizeOptions {
    /// The options of `level`, without character normalization.
    pub fn new(level: Level) -> Self {
        NormalizeOptions {
            level,
            unicode: None,
            protocol: ProtocolOptions::default(),
        }
    }

    /// Sets the rules of protocol-based normalization.
    pub fn protocol(mut self, protocol: ProtocolOptions) -> Self {
        self.protocol = protocol;
        self
    }

    /// Sets the character normalization.
    pub fn unicode(mut self, form: UnicodeForm) -> Self {
        self.unicode = Some(form);
        self
    }
}

impl<'a> IriRef<'a> {
    /// The grammar this reference is of: `IRI` with a scheme, `IRI-reference` without.
    fn grammar_of(&self) -> crate::Grammar {
        if self.is_absolute() {
            crate::Grammar::Iri
        } else {
            crate::Grammar::IriReference
        }
    }

    /// This IRI reference normalized at `level` (3987bis 5.3); borrowed when it is normal
    /// already. Fails only at [`Level::Scheme`], when IDNA cannot convert the host.
    pub fn normalize(&self, level: Level) -> Result<Cow<'a, str>, NormalizeError> {
        if level == Level::Protocol {
            return self.normalize_with(&NormalizeOptions::new(level));
        }
        normalize_parsed(self, level)
    }

    /// This IRI reference normalized with `options`: character normalization first when asked
    /// for (each component on its own, so that no delimiter appears or goes: NFKC turns U+FF0F
    /// into "/", and a result whose structure changed is an error), then the ladder.
    pub fn normalize_with(
        &self,
        options: &NormalizeOptions,
    ) -> Result<Cow<'a, str>, NormalizeError> {
        if options.level == Level::Protocol || !options.protocol.is_empty() {
            let ladder = NormalizeOptions {
                level: options.level.min(Level::Scheme),
                unicode: options.unicode,
                protocol: ProtocolOptions::default(),
            };
            let normal = self.normalize_with(&ladder)?;
            let iri = IriRef::parse_as(&normal, self.grammar_of())
                .map_err(|e| NormalizeError::structure(self.as_str(), e.to_string()))?;
            let level_rules = options.level == Level::Protocol;
            let changed = match crate::protocol::apply(&iri, &options.protocol, level_rules) {
                Cow::Borrowed(_) => None,
                Cow::Owned(o) => Some(o),
            };
            return Ok(changed.map_or(normal, Cow::Owned));
        }
        let Some(form) = options.unicode else {
            return normalize_parsed(self, options.level);
        };
        // The ladder can make text to compose ("%55" and U+0308 become "U" and U+0308, which
        // NFC composes into "Ü"), and character normalization text for the ladder (U+212A
        // KELVIN SIGN is "K" in NFC, and a US-ASCII host is lowercased): both, until neither
        // changes anything (the fuzz target's case takes two rounds; four are allowed).
        let grammar = self.grammar_of();
        fn parse<'s>(
            s: &'s str,
            grammar: crate::Grammar,
            input: &str,
        ) -> Result<IriRef<'s>, NormalizeError> {
            IriRef::parse_as(s, grammar)
                .map_err(|e| NormalizeError::structure(input, e.to_string()))
        }
        let mut text: Option<String> = None;
        for _ in 0..4 {
            let current = text.as_deref().unwrap_or(self.as_str());
            let composed = unicode_normalized(&parse(current, grammar, self.as_str())?, form)?;
            let composed = composed.as_deref().unwrap_or(current);
            let iri = parse(composed, grammar, self.as_str())?;
            let next = normalize_parsed(&iri, options.level)?;
            if next == current {
                return Ok(match text {
                    None => Cow::Borrowed(self.as_str()),
                    Some(t) => Cow::Owned(t),
                });
            }
            let next = next.into_owned();
            text = Some(next);
        }
        Err(NormalizeError::structure(
            self.as_str(),
            "character normalization and the ladder do not settle".into(),
        ))
    }
}

/// Each component of `iri` in `form`, reassembled; `None` when every component is in that form
/// already. The components must come back the same from a parse of the result.
fn unicode_normalized(
    iri: &IriRef<'_>,
    form: UnicodeForm,
) -> Result<Option<String>, NormalizeError> {
    use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};
    let normal = |s: &str| {
        s.is_ascii()
            || match form {
                UnicodeForm::Nfc => is_nfc_quick(s.chars()) == IsNormalized::Yes,
                UnicodeForm::Nfkc => is_nfkc_quick(s.chars()) == IsNormalized::Yes,
            }
    };
    if normal(iri.as_str()) {
        return Ok(None);
    }
    let convert = |s: &str| -> String {
        match form {
            UnicodeForm::Nfc => s.nfc().collect(),
            UnicodeForm::Nfkc => s.nfkc().collect(),
        }
    };
    let parts = Parts::of(iri).map(convert);
    let text = parts.join();
    let structure = IriRef::parse(&text)
        .ok()
        .map(|r| Parts::of(&r).map(str::to_string));
    // Within a component too: a new "/" would split a path segment, a new "@" or ":" move the
    // userinfo or the port, a new "%" start a percent-encoding (NFKC turns U+FF05 into "%").
    let delimiters = |s: &str| s.bytes().filter(|b| b":/?#[]@%".contains(b)).count();
    let same_delimiters = Parts::of(iri).map(delimiters) == parts.as_ref().map(delimiters);
    if structure.as_ref() != Some(&parts) || !same_delimiters {
        return Err(NormalizeError::structure(
            iri.as_str(),
            format!("{form:?} gives {text:?}, whose components are not those of the input"),
        ));
    }
    Ok(Some(text))
}

/// The components of an IRI reference, each `None` when absent.
#[derive(Debug, PartialEq, Eq)]
struct Parts<S> {
    scheme: Option<S>,
    userinfo: Option<S>,
    host: Option<S>,
    port: Option<S>,
    path: S,
    query: Option<S>,
    fragment: Option<S>,
}

impl<'a> Parts<&'a str> {
    fn of(iri: &IriRef<'a>) -> Self {
        Parts {
            scheme: iri.scheme(),
            userinfo: iri.userinfo(),
            host: iri.host(),
            port: iri.port(),
            path: iri.path(),
            query: iri.query(),
            fragment: iri.fragment(),
        }
    }
}

impl<S: AsRef<str>> Parts<S> {
    fn as_ref(&self) -> Parts<&str> {
        Parts {
            scheme: self.scheme.as_ref().map(AsRef::as_ref),
            userinfo: self.userinfo.as_ref().map(AsRef::as_ref),
            host: self.host.as_ref().map(AsRef::as_ref),
            port: self.port.as_ref().map(AsRef::as_ref),
            path: self.path.as_ref(),
            query: self.query.as_ref().map(AsRef::as_ref),
            fragment: self.fragment.as_ref().map(AsRef::as_ref),
        }
    }
}

impl<S> Parts<S> {
    fn map<T>(self, f: impl Fn(S) -> T) -> Parts<T> {
        Parts {
            scheme: self.scheme.map(&f),
            userinfo: self.userinfo.map(&f),
            host: self.host.map(&f),
            port: self.port.map(&f),
            path: f(self.path),
            query: self.query.map(&f),
            fragment: self.fragment.map(&f),
        }
    }
}

impl<S: AsRef<str>> Parts<S> {
    /// The IRI reference again, with the delimiters of RFC 3986 5.3 (component recomposition).
    fn join(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.scheme {
            out.push_str(s.as_ref());
            out.push(':');
        }
        if let Some(host) = &self.host {
            out.push_str("//");
            if let Some(u) = &self.userinfo {
                out.push_str(u.as_ref());
                out.push('@');
            }
            out.push_str(host.as_ref());
            if let Some(p) = &self.port {
                out.push(':');
                out.push_str(p.as_ref());
            }
        }
        out.push_str(self.path.as_ref());
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q.as_ref());
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f.as_ref());
        }
        out
    }
}

/// The ladder on a parsed IRI reference: the input itself when [`is_normal`] says so at once,
/// else [`normalize_components`].
fn normalize_parsed<'a>(iri: &IriRef<'a>, level: Level) -> Result<Cow<'a, str>, NormalizeError> {
    if level == Level::Simple || is_normal(iri, level) {
        return Ok(Cow::Borrowed(iri.as_str()));
    }
    normalize_components(iri, level)
}

/// The ladder without the test of [`is_normal`] first: what that test must agree with (the
/// `normalize` fuzz target and the tests compare them).
#[cfg(any(test, feature = "internals"))]
pub(crate) fn normalize_checked<'a>(
    iri: &IriRef<'a>,
    level: Level,
) -> Result<Cow<'a, str>, NormalizeError> {
    if level == Level::Simple {
        return Ok(Cow::Borrowed(iri.as_str()));
    }
    normalize_components(iri, level)
}

/// Whether `iri` is normal at `level` (not [`Level::Simple`]) already, as most lines are: decided
/// with a few 16-byte tests of the line, building nothing. `false` also when it cannot tell so
/// cheaply (a short line, a port, a host that IDNA would look at): [`normalize_components`]
/// decides those.
fn is_normal(iri: &IriRef<'_>, level: Level) -> bool {
    use crate::simd::{any_in_windows, ascii_uppercase, non_ascii, percent_to_check};
    let text = iri.as_str();
    let b = text.as_bytes();
    if b.len() < 17 {
        return false;
    }
    // 5.3.2.1 and 5.3.2.3: no percent-encoding with a lowercase hex digit or of an unreserved
    // character (the wide filter leaves out the common triplets of non-ASCII octets).
    if iri.has_percent()
        && any_in_windows(b, 0, b.len(), percent_to_check, |i| triplet_to_change(b, i))
    {
        return false;
    }
    // 5.3.2.1: no uppercase letter in the scheme or the host: one walk from the scheme to the
    // end of the host, which mostly share a window, passing over "//" and the userinfo.
    let scheme_len = iri.scheme().map_or(0, str::len);
    let (host_start, host_end) = match iri.host() {
        Some(h) => (iri.host_start(), iri.host_start() + h.len()),
        None => (scheme_len, scheme_len),
    };
    if any_in_windows(b, 0, host_end, ascii_uppercase, |i| {
        i < scheme_len || i >= host_start
    }) {
        return false;
    }
    // 5.3.2.4: no dot segment to remove (and so no "//" to protect: a parsed path without an
    // authority does not start with "//").
    if (iri.scheme().is_some() || iri.path().starts_with('/'))
        && has_dot_segment_in(text, iri.path_start(), iri.path_end())
    {
        return false;
    }
    if level < Level::Scheme {
        return true;
    }
    // 5.3.3: no port (the general path decides whether it is the default), no empty path that
    // the scheme writes "/", and a host that ToUnicode leaves as it is: not a DNS name, or one
    // of the IDNA fast path's labels (which it only lowercases, and there is no uppercase).
    if iri.port().is_some() {
        return false;
    }
    let Some(h) = iri.host() else {
        return true;
    };
    let info = iri.scheme().and_then(crate::scheme_info);
    if iri.path().is_empty() && info.is_some_and(|i| i.empty_path_is_slash) {
        return false;
    }
    if iri.host_kind() == Some(HostKind::Ipv6) {
        return ipv6_canonical(h).is_some_and(|c| c == h);
    }
    if h.is_empty()
        || iri.host_kind() != Some(HostKind::RegName)
        || !crate::map::host_is_dns_of(info)
    {
        return true;
    }
    // An ASCII host without "%" or an ACE label ("xn--" after the start or a "."), as most
    // are, found in windows of the line; else the fast path of IDNA decides.
    let (at, end) = (iri.host_start(), iri.host_start() + h.len());
    if !any_in_windows(b, at, end, non_ascii, |_| true) {
        let percent = iri.has_percent() && h.contains('%');
        return !percent && !crate::map::has_ace_label_at(b, at, end);
    }
    crate::map::is_fast_host(h)
}

/// The ladder component by component: each normalized on its own (borrowed when unchanged),
/// and the input itself when none changed.
fn normalize_components<'a>(
    iri: &IriRef<'a>,
    level: Level,
) -> Result<Cow<'a, str>, NormalizeError> {
    let text = iri.as_str();
    // 5.3.2.1: most schemes and hosts are in lowercase already; one wide test says so.
    let scheme = iri
        .scheme()
        .map(|s| match has_uppercase_in(text, 0, s.len()) {
            true => lowercase(s),
            false => Cow::Borrowed(s),
        });
    // One walk over the "%" of the whole input: most lines have none, or only triplets that are
    // normal already (5.3.2.1, 5.3.2.3), and then no component needs a search of its own.
    let change_percent = iri.has_percent() && percent_encodings_to_change(text.as_bytes());
    let percent_encodings = |s: &'a str| {
        if change_percent {
            percent_encodings(s)
        } else {
            Cow::Borrowed(s)
        }
    };
    let userinfo = iri.userinfo().map(percent_encodings);
    let info = match level {
        Level::Scheme => iri.scheme().and_then(crate::scheme_info),
        _ => None,
    };
    let host = match iri.host() {
        Some(h) => {
            let at = iri.host_start();
            let upper = has_uppercase_in(text, at, at + h.len());
            Some(host(percent_encodings(h), upper, iri, level, info)?)
        }
        None => None,
    };
    let mut port = iri.port().map(Cow::Borrowed);
    if level == Level::Scheme {
        // 5.3.3: "an explicit ":port", for which the port is empty or the default for the
        // scheme, is equivalent to one where the port and its ":" delimiter are elided". Leading
        // zeros do not make another port (RFC 3986 3.2.3: port is a decimal number).
        if let Some(p) = iri.port() {
            let digits = p.trim_start_matches('0');
            let default = info.and_then(|i| i.default_port);
            if p.is_empty() || default.is_some_and(|d| digits == d.to_string()) {
                port = None;
            }
        }
    }
    let mut path = percent_encodings(iri.path());
    // 5.3.2.4 (RFC 3986 6.2.2.3): remove_dot_segments, as resolution would (RFC 3986 5.2.2
    // applies it to the path of every reference with a scheme or an absolute path). A
    // relative-path reference keeps its dots: "../a" and "a" resolve differently.
    if iri.scheme().is_some() || path.starts_with('/') {
        path = match path {
            // The path as it is in the input: searched in windows of the whole line.
            Cow::Borrowed(p) if !has_dot_segment_in(text, iri.path_start(), iri.path_end()) => {
                Cow::Borrowed(p)
            }
            Cow::Borrowed(p) => crate::resolve::remove_dot_segments(p),
            Cow::Owned(p) => Cow::Owned(crate::resolve::remove_dot_segments(&p).into_owned()),
        };
    }
    // Without an authority, a path may not start with "//" (RFC 3986 3.3), which removing dot
    // segments can make of "/.//a": "/." keeps it a path, as WHATWG URL does.
    if host.is_none() && path.starts_with("//") {
        path = Cow::Owned(format!("/.{path}"));
    }
    // 5.3.3: "an IRI that uses the generic syntax for authority with an empty path should be
    // normalized to a path of "/"", where the scheme table says the scheme defines it so.
    if level == Level::Scheme
        && host.is_some()
        && path.is_empty()
        && info.is_some_and(|i| i.empty_path_is_slash)
    {
        path = Cow::Owned("/".to_string());
    }
    let query = iri.query().map(percent_encodings);
    let fragment = iri.fragment().map(percent_encodings);
    let owned = |c: &Option<Cow<'_, str>>| matches!(c, Some(Cow::Owned(_)));
    let unchanged = !(owned(&scheme)
        || owned(&userinfo)
        || owned(&host)
        || owned(&query)
        || owned(&fragment)
        || matches!(path, Cow::Owned(_))
        || port.is_none() != iri.port().is_none());
    if unchanged {
        return Ok(Cow::Borrowed(iri.as_str()));
    }
    let parts = Parts {
        scheme,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    };
    Ok(Cow::Owned(parts.join()))
}

/// Whether `text[start..end]` has an ASCII uppercase letter (5.3.2.1), 16 bytes at a time.
fn has_uppercase_in(text: &str, start: usize, end: usize) -> bool {
    let b = text.as_bytes();
    if b.len() < 17 {
        return b[start..end].iter().any(u8::is_ascii_uppercase);
    }
    crate::simd::any_in_windows(b, start, end, crate::simd::ascii_uppercase, |_| true)
}

/// `s` with ASCII letters in lowercase, except within `%HH` triplets (5.3.2.1).
fn lowercase(s: &str) -> Cow<'_, str> {
    if !s.bytes().any(|c| c.is_ascii_uppercase()) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut hex = 0;
    for c in s.chars() {
        if c == '%' {
            hex = 2;
            out.push(c);
        } else if hex > 0 {
            hex -= 1;
            out.push(c);
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    Cow::Owned(out)
}

/// RFC 3986 2.3: the unreserved characters, whose percent-encodings are decoded (5.3.2.3).
fn is_unreserved(octet: u8) -> bool {
    crate::tables::ascii(octet) & crate::tables::class::UNRESERVED != 0
}

/// Whether `b` has a percent-encoding of an unreserved character (5.3.2.3) or one with a
/// lowercase hex digit (5.3.2.1).
fn percent_encodings_to_change(b: &[u8]) -> bool {
    memchr::memchr_iter(b'%', b).any(|i| triplet_to_change(b, i))
}

/// Whether the "%" at `i` of `b` starts a triplet to change: of an unreserved character
/// (5.3.2.3), or with a lowercase hex digit (5.3.2.1).
fn triplet_to_change(b: &[u8], i: usize) -> bool {
    match triplet_at(b, i) {
        Some(octet) => {
            is_unreserved(octet) || b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase()
        }
        None => false,
    }
}

/// `s` with the percent-encodings of unreserved ASCII characters decoded (5.3.2.3) and the hex
/// digits of the others in uppercase (5.3.2.1); borrowed when there is nothing to change.
pub(crate) fn percent_encodings(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    if !percent_encodings_to_change(b) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'%', &b[i..]) {
        let at = i + k;
        match triplet_at(b, at) {
            Some(octet) => {
                out.push_str(&s[last..at]);
                if is_unreserved(octet) {
                    out.push(octet as char);
                } else {
                    push_octet(&mut out, octet);
                }
                i = at + 3;
                last = i;
            }
            None => i = at + 1,
        }
    }
    out.push_str(&s[last..]);
    Cow::Owned(out)
}

/// The host at `level`, from the host `h` with its percent-encodings normalized (5.3.2.3) and
/// `upper`, whether the input's host has uppercase letters: lowercase if US-ASCII (5.3.2.1), and,
/// at the scheme level, a DNS name in its UTS #46 ToUnicode form (5.3.3). `info` is what the
/// scheme table says of the scheme, at the scheme level.
fn host<'a>(
    h: Cow<'a, str>,
    upper: bool,
    iri: &IriRef<'a>,
    level: Level,
    info: Option<&crate::SchemeInfo>,
) -> Result<Cow<'a, str>, NormalizeError> {
    let syntax: Cow<'a, str> = match h {
        Cow::Borrowed(p) if !upper => Cow::Borrowed(p),
        Cow::Borrowed(p) if p.is_ascii() => lowercase(p),
        Cow::Owned(p) if p.is_ascii() => Cow::Owned(lowercase(&p).into_owned()),
        other => other,
    };
    if level < Level::Scheme {
        return Ok(syntax);
    }
    if iri.host_kind() == Some(HostKind::Ipv6) {
        return Ok(match ipv6_canonical(&syntax) {
            Some(canonical) if canonical != *syntax => Cow::Owned(canonical),
            _ => syntax,
        });
    }
    let dns = iri.host_kind() == Some(HostKind::RegName)
        && crate::map::host_is_dns_of(info)
        && !syntax.is_empty();
    if !dns {
        return Ok(syntax);
    }
    // The offset of an IDNA error is in `syntax`: kept when that is the host as written, but for
    // the case of its letters (the same length).
    let unicode = crate::map::host_to_unicode(&syntax).map_err(|e| {
        let written = iri.host().unwrap_or_default();
        NormalizeError(Repr::Idna(
            if syntax.len() == written.len() && syntax.eq_ignore_ascii_case(written) {
                e
            } else {
                e.without_offset()
            },
        ))
    })?;
    Ok(match unicode {
        Cow::Borrowed(_) => syntax,
        Cow::Owned(u) => Cow::Owned(u),
    })
}

/// The IP literal `literal` (`[...]`, an IPv6address) in the canonical text of RFC 5952: hex
/// digits in lowercase without leading zeros (4.1, 4.3), the longest run of two or more zero
/// fields as "::", the first of equal runs (4.2), and the IPv4 address of an IPv4-mapped
/// (`::ffff:0:0/96`, RFC 4291 2.5.5.2) or IPv4-translated (`::ffff:0:0:0/96`, RFC 2765)
/// address in dotted decimal (5); the deprecated IPv4-compatible form is written in hex. A
/// scheme-level rule (3987bis 5.3.3: "other scheme-specific normalizations are possible").
pub(crate) fn ipv6_canonical(literal: &str) -> Option<String> {
    let inner = literal.strip_prefix('[')?.strip_suffix(']')?;
    let addr: std::net::Ipv6Addr = inner.parse().ok()?;
    let s = addr.segments();
    let [a, b] = s[6].to_be_bytes();
    let [c, d] = s[7].to_be_bytes();
    Some(match s[..6] {
        // std writes the IPv4-mapped form so; the translated one by hand.
        [0, 0, 0, 0, 0xffff, 0] => format!("[::ffff:0:{a}.{b}.{c}.{d}]"),
        [0, 0, 0, 0, 0, 0xffff] => format!("[::ffff:{a}.{b}.{c}.{d}]"),
        // std's Display is RFC 5952 4 for the others (and in hex for IPv4-compatible ones).
        _ => format!("[{}]", std::net::Ipv6Addr::from(s)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 5952's examples (2.1, 4, 5), and the forms std would write otherwise.
    #[test]
    fn ipv6_in_the_canonical_text_of_rfc_5952() {
        for (written, canonical) in [
            ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:0db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:db8::1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:db8::0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:0db8::1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:db8:0:0:1::1", "2001:db8::1:0:0:1"),
            ("2001:DB8:0:0:1::1", "2001:db8::1:0:0:1"),
            (
                "2001:db8:aaaa:bbbb:cccc:dddd:eeee:0001",
                "2001:db8:aaaa:bbbb:cccc:dddd:eeee:1",
            ),
            ("2001:db8::0001", "2001:db8::1"),
            ("2001:db8:0:0:0:0:2:1", "2001:db8::2:1"),
            ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),
            ("2001:0:0:1:0:0:0:1", "2001:0:0:1::1"),
            ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:DB8::AAAA", "2001:db8::aaaa"),
            ("0:0:0:0:0:ffff:192.0.2.1", "::ffff:192.0.2.1"),
            ("::FFFF:c000:0201", "::ffff:192.0.2.1"),
            ("::ffff:0:192.0.2.1", "::ffff:0:192.0.2.1"),
            ("::192.0.2.1", "::c000:201"),
            ("0:0:0:0:0:0:0:0", "::"),
            ("0:0:0:0:0:0:0:1", "::1"),
            ("1:0:0:0:0:0:0:0", "1::"),
        ] {
            assert_eq!(
                ipv6_canonical(&format!("[{written}]")).as_deref(),
                Some(format!("[{canonical}]").as_str()),
                "{written}"
            );
        }
        assert_eq!(ipv6_canonical("[v1.x]"), None);
    }

    #[test]
    fn percent_encodings_decode_unreserved_and_uppercase_the_rest() {
        assert_eq!(percent_encodings("%7euser%2f%41%zz%"), "~user%2FA%zz%");
        assert!(matches!(percent_encodings("a%2Fb%C3%A9"), Cow::Borrowed(_)));
    }

    /// The windowed test against the plain one, for every range of lines short and long.
    #[test]
    fn has_uppercase_in_is_the_definition() {
        for line in [
            "http://h/x",
            "HTTP://EXAMPLE.ORG/",
            "http://exAmple.org/path/to/a/page?Q#F",
            "hTtp://ex%41mple.org/Zebra/éÉ/long/enough/to/take/two/windows/Z",
        ] {
            for start in 0..=line.len() {
                for end in start..=line.len() {
                    let plain = line.as_bytes()[start..end]
                        .iter()
                        .any(u8::is_ascii_uppercase);
                    assert_eq!(
                        has_uppercase_in(line, start, end),
                        plain,
                        "{line} {start}..{end}"
                    );
                }
            }
        }
    }

    /// The quick test of a normal line against the component-by-component ladder, over the
    /// corpora and lines made to trip it: when it says normal, the ladder leaves the line as it
    /// is. And it says so of most lines, or it would be no fast path.
    #[test]
    fn is_normal_agrees_with_the_components() {
        let root = env!("CARGO_MANIFEST_DIR");
        let mut lines: Vec<String> = ["data/bench/urls.txt", "data/bench/iris.txt"]
            .iter()
            .flat_map(|f| {
                std::fs::read_to_string(format!("{root}/{f}"))
                    .unwrap()
                    .lines()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        let corpus = lines.len();
        for tricky in [
            "http://example.org:80/a/b/c/d/e/f",
            "http://example.org:/a/b/c/d/e/f",
            "http://example.org/a/b/c/%7e/e/f",
            "http://example.org/a/b/c/%c3%a9/e",
            "http://example.org/a/b/c/./e/f/g",
            "http://example.org/a/b/c/../e/f/g",
            "http://ex%41mple.org/a/b/c/d/e/f",
            "http://xn--rsum-bpad.example.org/",
            "http://résumé.example.org/a/b/c",
            "http://Résumé.example.org/a/b/c",
            "http://example.org?query-that-is-long",
            "mailto:Someone@Example.ORG.long.enough",
            "x:/a/b/c/d/e/f/g/h/i/j/k/l/m/../n",
            "relative/path/with/./dots/../in/it",
            "/absolute/path/with/./dots/../in/it",
            "//host.example.org/a/./b/../c/d/e",
            "HTTP://EXAMPLE.ORG/A/B/C/D/E/F/G",
            "http://[::1]:8080/a/b/c/d/e/f/g/h",
            "http://example.org/%41%42%43/d/e/f",
            "https://user:Pass@Example.org/a/b",
        ] {
            lines.push(tricky.to_string());
        }
        let mut normal = 0;
        for line in &lines {
            let Ok(iri) = IriRef::parse(line) else {
                continue;
            };
            // What the quick test and the ladder skip on: the scanner's flag.
            assert_eq!(iri.has_percent(), line.contains('%'), "{line}");
            for level in [Level::Syntax, Level::Scheme] {
                if is_normal(&iri, level) {
                    normal += 1;
                    let checked = normalize_checked(&iri, level);
                    assert_eq!(
                        checked.as_deref().ok(),
                        Some(line.as_str()),
                        "{line} {level}"
                    );
                }
            }
        }
        assert!(
            normal > corpus,
            "only {normal} of 2 x {corpus} found normal at once"
        );
    }

    #[test]
    fn lowercase_keeps_triplets() {
        assert_eq!(lowercase("EX%C3%A9.ORG"), "ex%C3%A9.org");
    }
}
