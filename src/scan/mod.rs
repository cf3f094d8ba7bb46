//! The scanner: one pass over the bytes that checks UTF-8, the class of every code point and the
//! grammar, and records where each component starts and ends.
//!
//! The grammar is walked component by component. Each component is a [`Rule`]: the class bit of
//! the bytes that may stand in it literally (generated from the ABNF by `build/ascii.rs`), which
//! non-ASCII classes it admits, and where it ends. Runs of literal bytes are skipped by
//! [`skip`] (a wide check where the CPU has one, the byte table otherwise; where non-ASCII is
//! admitted, the wide check goes on over it with `fast::skip_unicode`); "%" goes to the
//! `pct-encoded` check, bytes >= 0x80 to the generated UTF-8 DFA, and any other byte ends the
//! run, for the caller to take as a delimiter or report as an error.

mod fast;
mod ip;
mod line;

#[cfg(feature = "internals")]
pub use fast::host_points::check_split as check_host_split;
#[cfg(feature = "internals")]
pub use line::check_line_scan;

pub(crate) use fast::host_points;
pub(crate) use fast::AsciiBytes;
pub(crate) use fast::{
    ascii_uppercase, count_non_ascii, hyphen_pairs, non_ascii, percent_to_check, punycode_encode,
    slash_dot_pairs,
};
/// Whether a ":" comes before the first "/", "?" or "#": the input reads as `scheme ":" ...`,
/// not as a relative reference (RFC 3986 4.1, 4.2).
fn starts_with_scheme_like(b: &[u8]) -> bool {
    b.iter()
        .find(|&&c| matches!(c, b':' | b'/' | b'?' | b'#'))
        .is_some_and(|&c| c == b':')
}

#[cfg(test)]
pub(crate) use fast::{push_percent_encoded_by, Encoder};

/// Walks `start..end` of `b` in windows of 16 bytes, which may reach outside the range (never
/// outside `b`), and calls `hit` with each position of the range whose bit `mask(b, window)` sets,
/// in order, until `hit` returns true; returns whether one did. Short ranges within longer lines,
/// the paths and hosts that normalization and resolution look at, take one window and no tail.
///
/// `b.len()` must be at least 17, and `start` at least 1 if `mask` reads the byte before its
/// window (a window starts at `start` or later, or at `b.len() - 16`).
#[inline(always)]
pub(crate) fn any_in_windows(
    b: &[u8],
    start: usize,
    end: usize,
    mask: impl Fn(&[u8], usize) -> u32,
    mut hit: impl FnMut(usize) -> bool,
) -> bool {
    debug_assert!(b.len() >= 17 && end <= b.len());
    let mut at = start;
    while at < end {
        let win = if at + 16 <= b.len() { at } else { b.len() - 16 };
        let mut bits = mask(b, win) >> (at - win);
        if end - at < 16 {
            bits &= (1 << (end - at)) - 1;
        }
        while bits != 0 {
            if hit(at + bits.trailing_zeros() as usize) {
                return true;
            }
            bits &= bits - 1;
        }
        at = win + 16;
    }
    false
}

use crate::error::{Component, Error, ErrorKind};
use crate::grammar::{Grammar, SchemeRule};
use crate::tables::{ascii, class, classify_at, classify_utf8, CodePointClass};

/// The kind of host (RFC 3986 3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `ireg-name`: a registered name, possibly empty (`file:///x` has an empty host).
    RegName,
    /// `IPv4address` in dotted-decimal form (`1.2.3.999` is a reg-name, not an error).
    Ipv4,
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
}

pub(crate) const HAS_AUTHORITY: u8 = 1;
pub(crate) const HAS_USERINFO: u8 = 2;
pub(crate) const HAS_PORT: u8 = 4;
pub(crate) const HAS_QUERY: u8 = 8;
pub(crate) const HAS_FRAGMENT: u8 = 16;
/// A `pct-encoded` triplet somewhere: normalization and the mappings look for none otherwise.
pub(crate) const HAS_PERCENT: u8 = 32;

/// Where the components of a scanned input are. Offsets of delimiters, so that every accessor is
/// one slice: scheme `..scheme_end` (0 when there is none: a scheme is never empty), userinfo
/// `authority_start..host_start - 1`, host `host_start..host_end`, port `host_end + 1..path_start`,
/// path `path_start..path_end`, query `path_end + 1..query_end`, fragment `query_end + 1..`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Positions {
    pub scheme_end: usize,
    pub host_start: usize,
    pub host_end: usize,
    pub path_start: usize,
    pub path_end: usize,
    pub query_end: usize,
    pub flags: u8,
    pub host_kind: HostKind,
    /// What the line check learned on the way, for the mappings.
    pub hint: Hint,
}

/// What the line check learns of an input on the way, which the mappings would otherwise read
/// the input again for: the number of octets >= 0x80, whether the host holds one, and whether
/// the fragment holds a "#" (3987bis 2.2 allows it, a URI does not). Not part of what the
/// positions are: equal and hashed alike whatever it holds, so that every scanner gives equal
/// positions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hint {
    /// The count, or [`Hint::UNKNOWN`].
    non_ascii: u32,
    fragment_hash: bool,
    host_non_ascii: bool,
}

/// What [`Hint::get`] gives when the line check learned it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Learned {
    /// The number of octets >= 0x80.
    pub non_ascii: usize,
    /// Whether the fragment holds a "#".
    pub fragment_hash: bool,
    /// Whether the host holds an octet >= 0x80.
    pub host_non_ascii: bool,
}

impl Hint {
    const UNKNOWN: u32 = u32::MAX;

    /// Nothing known.
    pub(crate) const NONE: Hint = Hint {
        non_ascii: Hint::UNKNOWN,
        fragment_hash: false,
        host_non_ascii: false,
    };

    /// Known: `non_ascii` octets >= 0x80 (at most 256: the line check's inputs), whether the
    /// host holds one, and whether the fragment holds a "#".
    pub(crate) fn known(non_ascii: u32, host_non_ascii: bool, fragment_hash: bool) -> Hint {
        debug_assert!(non_ascii < Hint::UNKNOWN);
        Hint {
            non_ascii,
            fragment_hash,
            host_non_ascii,
        }
    }

    /// What the line check learned, if it learned it.
    #[inline]
    pub(crate) fn get(self) -> Option<Learned> {
        (self.non_ascii != Hint::UNKNOWN).then_some(Learned {
            non_ascii: self.non_ascii as usize,
            fragment_hash: self.fragment_hash,
            host_non_ascii: self.host_non_ascii,
        })
    }
}

impl PartialEq for Hint {
    fn eq(&self, _: &Hint) -> bool {
        true
    }
}

impl Eq for Hint {}

impl std::hash::Hash for Hint {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Positions {
    /// Every offset 0, no flag, a reg-name host: what the scanners start from.
    pub(crate) const EMPTY: Positions = Positions {
        scheme_end: 0,
        host_start: 0,
        host_end: 0,
        path_start: 0,
        path_end: 0,
        query_end: 0,
        flags: 0,
        host_kind: HostKind::RegName,
        hint: Hint::NONE,
    };

    /// Where the authority starts (after "//"), if there is one.
    pub fn authority_start(&self) -> usize {
        if self.scheme_end > 0 {
            self.scheme_end + 3
        } else {
            2
        }
    }
}

/// A component's rule: which bytes stand in it literally, and which non-ASCII classes it admits.
#[derive(Clone, Copy)]
struct Rule {
    literal: u16,
    component: Component,
    /// `ucschar` (an IRI grammar, and a component built on `iunreserved`).
    ucschar: bool,
    /// `iprivate` (the query of an IRI).
    private: bool,
}

/// Whether `b` is all ASCII: 16 bytes at a time (SSE2, which every x86-64 has), else std's
/// test. The mappings ask it of every line: a URI maps to itself (3987bis 3.3).
#[inline]
pub(crate) fn is_ascii(b: &[u8]) -> bool {
    fast::is_ascii(b)
}

/// Scans `input` against `grammar`: with the wide check where the CPU has it.
#[inline]
pub(crate) fn scan(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
    match fast::widest() {
        fast::SCALAR => scan_scalar(input, grammar),
        wide => fast::scan_wide(input, grammar, wide),
    }
}

/// Scans with the byte-at-a-time table walk only: the portable path, and the reference the
/// wide check is tested against.
#[inline]
pub(crate) fn scan_scalar(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
    Scanner::<{ fast::SCALAR }>::new(input, grammar).scan()
}

/// Scans with the byte-at-a-time table walk only (for tests, fuzzing and benchmarks).
#[cfg(feature = "internals")]
pub fn validate_scalar(input: &[u8], grammar: Grammar) -> Result<(), Error> {
    scan_scalar(input, grammar).map(|_| ())
}

/// The scanner; `WIDE` selects the wide check of [`fast`] for runs of literal bytes
/// ([`fast::SCALAR`]: none; [`fast::SSSE3`]: 16 bytes a block; [`fast::AVX512`]: 64), and is
/// not `SCALAR` only inside `fast::scan_wide`, which is compiled for a CPU that has it.
pub(crate) struct Scanner<'a, const WIDE: u8> {
    b: &'a [u8],
    grammar: Grammar,
    uri: bool,
}

impl<'a, const WIDE: u8> Scanner<'a, WIDE> {
    #[inline(always)]
    pub(crate) fn new(b: &'a [u8], grammar: Grammar) -> Self {
        Scanner {
            b,
            grammar,
            uri: grammar.is_uri(),
        }
    }

    fn err(&self, kind: ErrorKind, at: usize, component: Component) -> Error {
        Error::at(kind, self.b, at, component, self.uri)
    }

    fn rule(&self, literal: u16, component: Component) -> Rule {
        let unicode = !self.uri;
        Rule {
            literal,
            component,
            ucschar: unicode,
            private: unicode && component == Component::Query,
        }
    }

    /// Walks `rule` from `i` and returns the offset of the first byte that ends the run: one that
    /// is neither literal in the component, nor a valid `pct-encoded`, nor an admitted code point;
    /// or `end`. Errors on a bad "%" triplet and on a non-ASCII code point the rule does not admit.
    #[inline(always)]
    fn run(&self, rule: Rule, mut i: usize, end: usize, flags: &mut u8) -> Result<usize, Error> {
        let b = self.b;
        loop {
            i = skip::<WIDE>(b, i, end, rule.literal);
            if WIDE != fast::SCALAR && rule.ucschar && i < end && b[i] >= 0x80 {
                // 3987bis 2.2 `ucschar`: text in most scripts mixes ASCII and non-ASCII, so from
                // the first non-ASCII byte both are swept at once. Runs of ASCII alone (all of a
                // URL) stay on the cheaper `skip`, which measured faster for them.
                // On an input too short for it, it leaves `i` at the non-ASCII byte, for the
                // DFA below.
                i = fast::skip_unicode::<WIDE>(b, i, end, rule.literal, rule.private)
                    .map_err(|at| self.code_point_error(rule, at, end))?;
                if end < 16 {
                    // Changes nothing (the table walk stops at once on that byte), but without
                    // it the compiler lays `run` out otherwise, and URLs measured 8% slower
                    // (`parse_corpus`, alternating builds) and 5% more instructions.
                    i = skip_scalar(b, i, end, rule.literal);
                }
            }
            let Some(&c) = b.get(i).filter(|_| i < end) else {
                return Ok(i);
            };
            if c >= 0x80 {
                // 3987bis 2.2 `ucschar` and `iprivate`, 4.1 and 7.3: the DFA gives the class.
                // Non-ASCII characters come in runs: stay here while they do.
                loop {
                    i = match self.code_point(rule, i, end) {
                        Some(next) => next,
                        None => return Err(self.code_point_error(rule, i, end)),
                    };
                    if i >= end || b[i] < 0x80 {
                        break;
                    }
                }
                continue;
            }
            if c == b'%' {
                // RFC 3986 2.1 `pct-encoded = "%" HEXDIG HEXDIG`. Percent-encoded UTF-8 comes
                // in runs of triplets (four to a run in iris.txt): read them all here.
                *flags |= HAS_PERCENT;
                loop {
                    if i + 2 >= end || ascii(b[i + 1]) & ascii(b[i + 2]) & class::HEXDIG == 0 {
                        return Err(self.err(ErrorKind::InvalidPercentEncoding, i, rule.component));
                    }
                    i += 3;
                    if i >= end || b[i] != b'%' {
                        break;
                    }
                }
                continue;
            }
            return Ok(i);
        }
    }

    /// Where the non-ASCII code point at `i` ends, if `rule` admits it ([`code_point`]).
    #[inline(always)]
    fn code_point(&self, rule: Rule, i: usize, end: usize) -> Option<usize> {
        code_point(self.b, i, end, rule.ucschar, rule.private)
    }

    /// The error for the code point at `i` that [`Self::code_point`] did not admit.
    #[cold]
    #[inline(never)]
    fn code_point_error(&self, rule: Rule, i: usize, end: usize) -> Error {
        let found = classify_at(self.b, i, end).map(|(c, _)| c);
        self.non_ascii(found, i, rule.component)
    }

    /// The error for a non-ASCII code point of class `found` (None: invalid UTF-8) at `i`.
    fn non_ascii(&self, found: Option<CodePointClass>, i: usize, component: Component) -> Error {
        let kind = match found {
            None => ErrorKind::InvalidUtf8,
            Some(CodePointClass::Ascii) => ErrorKind::InvalidCharacter,
            Some(CodePointClass::Ucschar) => ErrorKind::NonAscii,
            // Private use and tags are allowed in an IRI's query: elsewhere, or in a URI, no.
            Some(CodePointClass::Private) if !self.uri => ErrorKind::PrivateUse,
            Some(CodePointClass::Tag) if !self.uri => ErrorKind::Tag,
            Some(CodePointClass::Private | CodePointClass::Tag) => ErrorKind::NonAscii,
            Some(CodePointClass::BidiFormatting) => ErrorKind::BidiFormatting,
            Some(CodePointClass::Control) => ErrorKind::Control,
            Some(CodePointClass::Special) => ErrorKind::Special,
            Some(CodePointClass::NonCharacter) => ErrorKind::NonCharacter,
        };
        self.err(kind, i, component)
    }

    /// The error for the byte at `i`, which ends a run of `component` where no delimiter may.
    fn unexpected(&self, i: usize, component: Component) -> Error {
        match self.b.get(i) {
            Some(&c) if c >= 0x80 => {
                let found = classify_utf8(&self.b[i..self.b.len().min(i + 4)]).map(|(c, _)| c);
                self.non_ascii(found, i, component)
            }
            Some(&c) if c < 0x20 || c == 0x7F => self.err(ErrorKind::Control, i, component),
            _ => self.err(ErrorKind::InvalidCharacter, i, component),
        }
    }

    #[inline(always)]
    pub(crate) fn scan(&self) -> Result<Positions, Error> {
        let b = self.b;
        let n = b.len();
        let mut p = Positions::EMPTY;

        // RFC 3986 3.1 `scheme ":"`, and 4.1: a reference without one is relative.
        let mut i = 0;
        let rule = self.grammar.scheme_rule();
        if rule != SchemeRule::Forbidden {
            if n > 0 && ascii(b[0]) & class::ALPHA != 0 {
                let mut j = 1;
                while j < n && ascii(b[j]) & class::SCHEME != 0 {
                    j += 1;
                }
                if j < n && b[j] == b':' {
                    p.scheme_end = j;
                    i = j + 1;
                } else if rule == SchemeRule::Required {
                    return Err(match b.get(j) {
                        Some(&c) if !is_visible_ascii(c) => self.unexpected(j, Component::Scheme),
                        _ => self.err(ErrorKind::MissingScheme, j, Component::Scheme),
                    });
                }
            } else if rule == SchemeRule::Required {
                return Err(match b.first() {
                    None => self.err(ErrorKind::MissingScheme, 0, Component::Scheme),
                    Some(&c) if !is_visible_ascii(c) => self.unexpected(0, Component::Scheme),
                    // RFC 3986 4.1: without a ":" before the first "/", "?" or "#" the input is
                    // a relative reference, and the scheme is missing; with one, it is no scheme.
                    Some(_) if !starts_with_scheme_like(b) => {
                        self.err(ErrorKind::MissingScheme, 0, Component::Scheme)
                    }
                    Some(_) => self.err(ErrorKind::InvalidScheme, 0, Component::Scheme),
                });
            }
        }

        // 3987bis 2.2 `"//" iauthority ipath-abempty`.
        if b[i..].starts_with(b"//") {
            p.flags |= HAS_AUTHORITY;
            i = self.authority(i + 2, &mut p)?;
        } else {
            p.host_start = i;
            p.host_end = i;
        }

        // The path: `ipath-abempty`, `ipath-absolute`, `ipath-rootless`, `ipath-noscheme` or
        // `ipath-empty`. Only the relative reference without authority restricts the first segment.
        p.path_start = i;
        let path = self.rule(class::PATH, Component::Path);
        if p.scheme_end == 0 && p.flags & HAS_AUTHORITY == 0 {
            // RFC 3986 4.2 `ipath-noscheme = isegment-nz-nc *( "/" isegment )`.
            i = self.run(
                self.rule(class::SEGMENT_NC, Component::Path),
                i,
                n,
                &mut p.flags,
            )?;
            if b.get(i) == Some(&b':') {
                return Err(self.err(ErrorKind::ColonInFirstSegment, i, Component::Path));
            }
        }
        i = self.run(path, i, n, &mut p.flags)?;
        p.path_end = i;
        p.query_end = i;

        // 3987bis 2.2 `"?" iquery`.
        if b.get(i) == Some(&b'?') {
            p.flags |= HAS_QUERY;
            i = self.run(
                self.rule(class::QUERY, Component::Query),
                i + 1,
                n,
                &mut p.flags,
            )?;
            p.query_end = i;
        }

        // 3987bis 2.2 `"#" ifragment`; RFC 3986 3.5 `"#" fragment`.
        if b.get(i) == Some(&b'#') {
            if !self.grammar.allows_fragment() {
                return Err(self.err(ErrorKind::FragmentNotAllowed, i, Component::Fragment));
            }
            p.flags |= HAS_FRAGMENT;
            let literal = if self.uri {
                class::FRAGMENT_URI
            } else {
                class::FRAGMENT_IRI
            };
            i = self.run(
                self.rule(literal, Component::Fragment),
                i + 1,
                n,
                &mut p.flags,
            )?;
        }

        if i < n {
            let component = if p.flags & HAS_FRAGMENT != 0 {
                Component::Fragment
            } else if p.flags & HAS_QUERY != 0 {
                Component::Query
            } else {
                Component::Path
            };
            return Err(self.unexpected(i, component));
        }
        Ok(p)
    }

    /// 3987bis 2.2 `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`, from `start` (after "//").
    /// Returns where the authority ends: at the first "/", "?" or "#", or the end of input.
    ///
    /// Most authorities have no userinfo, so the bytes are read once as a reg-name (which
    /// `iuserinfo` includes, but for ":"), and taken back as userinfo if an "@" ends them.
    #[inline(always)]
    fn authority(&self, start: usize, p: &mut Positions) -> Result<usize, Error> {
        let b = self.b;
        let n = b.len();
        let mut host_start = start;
        if b.get(start) != Some(&b'[') {
            let i = self
                .run(
                    self.rule(class::REG_NAME, Component::Host),
                    start,
                    n,
                    &mut p.flags,
                )
                .map_err(|e| self.relabel(e))?;
            match b.get(i) {
                None | Some(b'/' | b'?' | b'#') => {
                    self.reg_name(start, i, p);
                    return Ok(i);
                }
                Some(b'@') => host_start = i + 1,
                Some(b':') => {
                    // A port, or the ":" of a userinfo: the "@" decides.
                    let j = skip_scalar(b, i + 1, n, class::DIGIT);
                    match b.get(j) {
                        None | Some(b'/' | b'?' | b'#') => {
                            self.reg_name(start, i, p);
                            p.flags |= HAS_PORT;
                            return Ok(j);
                        }
                        Some(b'@') => host_start = j + 1,
                        Some(_) => {
                            let port_error = |e: Error| {
                                if self.in_userinfo(j) {
                                    e
                                } else {
                                    self.unexpected(j, Component::Port)
                                }
                            };
                            let k = self
                                .run(
                                    self.rule(class::USERINFO, Component::Userinfo),
                                    j,
                                    n,
                                    &mut p.flags,
                                )
                                .map_err(port_error)?;
                            if b.get(k) != Some(&b'@') {
                                return Err(port_error(self.unexpected(k, Component::Userinfo)));
                            }
                            host_start = k + 1;
                        }
                    }
                }
                Some(_) => return Err(self.relabel(self.unexpected(i, Component::Host))),
            }
            p.flags |= HAS_USERINFO;
        }
        self.host_and_port(host_start, p)
    }

    /// `ihost [ ":" port ]` from `start`, after a userinfo or at a "[". Inlined, so that it is
    /// compiled with the scanner's target features: on its own its wide check called each
    /// intrinsic as a function.
    #[inline(always)]
    fn host_and_port(&self, start: usize, p: &mut Positions) -> Result<usize, Error> {
        let b = self.b;
        let n = b.len();
        let host_end = if b.get(start) == Some(&b'[') {
            // RFC 3986 3.2.2 `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
            let mut close = start + 1;
            while close < n && !matches!(b[close], b']' | b'/' | b'?' | b'#') {
                close += 1;
            }
            if b.get(close) != Some(&b']') {
                return Err(self.err(ErrorKind::InvalidIpLiteral, start, Component::Host));
            }
            let inner = &b[start + 1..close];
            p.host_kind = if matches!(inner.first(), Some(b'v' | b'V')) {
                if !ip::is_ipvfuture(inner) {
                    return Err(self.ip_literal_error(start, close));
                }
                HostKind::IpvFuture
            } else {
                if !ip::is_ipv6(inner) {
                    return Err(self.ip_literal_error(start, close));
                }
                HostKind::Ipv6
            };
            p.host_start = start;
            p.host_end = close + 1;
            close + 1
        } else {
            let end = self.run(
                self.rule(class::REG_NAME, Component::Host),
                start,
                n,
                &mut p.flags,
            )?;
            self.reg_name(start, end, p);
            end
        };
        match b.get(host_end) {
            None | Some(b'/' | b'?' | b'#') => Ok(host_end),
            // RFC 3986 3.2.3 `port = *DIGIT`, after ":".
            Some(b':') => {
                p.flags |= HAS_PORT;
                let end = skip_scalar(b, host_end + 1, n, class::DIGIT);
                match b.get(end) {
                    None | Some(b'/' | b'?' | b'#') => Ok(end),
                    Some(_) => Err(self.unexpected(end, Component::Port)),
                }
            }
            Some(_) => Err(self.unexpected(host_end, Component::Host)),
        }
    }

    /// Records `start..end` as an `ireg-name` host, or an `IPv4address` if it is one.
    #[inline(always)]
    fn reg_name(&self, start: usize, end: usize, p: &mut Positions) {
        let host = &self.b[start..end];
        p.host_start = start;
        p.host_end = end;
        // RFC 3986 3.2.2: "1.2.3.999" does not match IPv4address, so it is a reg-name.
        p.host_kind = if host.first().is_some_and(u8::is_ascii_digit) && ip::is_ipv4(host) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        };
    }

    /// Whether an "@" follows offset `at` within the authority: then what stands there is
    /// userinfo, not host or port. Only errors ask.
    fn in_userinfo(&self, at: usize) -> bool {
        let rest = &self.b[at.min(self.b.len())..];
        let end = memchr::memchr3(b'/', b'?', b'#', rest).unwrap_or(rest.len());
        memchr::memchr(b'@', &rest[..end]).is_some()
    }

    /// An error found while reading the authority as a host belongs to the userinfo if an "@"
    /// follows it.
    fn relabel(&self, e: Error) -> Error {
        if e.component() == Component::Host && self.in_userinfo(e.offset()) {
            e.with_component(Component::Userinfo)
        } else {
            e
        }
    }

    /// The error for a bracketed host `[..]` from `open` to `close` that is not a valid literal:
    /// at the first byte that cannot stand in any IP literal, else at the "[".
    fn ip_literal_error(&self, open: usize, close: usize) -> Error {
        for i in open + 1..close {
            let c = self.b[i];
            if !is_visible_ascii(c) {
                return self.unexpected(i, Component::Host);
            }
        }
        self.err(ErrorKind::InvalidIpLiteral, open, Component::Host)
    }
}

/// 3987bis 2.2 `ucschar` and `iprivate`, 4.1 and 7.3: where the non-ASCII code point at `i`
/// ends, if its class (from the DFA) is admitted: `ucschar` where `ucschar` says, private use and
/// tags where `private` says.
#[inline(always)]
fn code_point(b: &[u8], i: usize, end: usize, ucschar: bool, private: bool) -> Option<usize> {
    match classify_at(b, i, end) {
        Some((CodePointClass::Ucschar, len)) if ucschar => Some(i + len),
        Some((CodePointClass::Private | CodePointClass::Tag, len)) if private => Some(i + len),
        _ => None,
    }
}

/// Whether `c` is visible ASCII or space: the bytes for which an error is a grammar matter, not
/// one of UTF-8 or of the controls of 7.3.
fn is_visible_ascii(c: u8) -> bool {
    (0x20..0x7F).contains(&c)
}

/// Skips bytes whose class has bit `literal`, from `i` up to `end`; returns where the run stops.
#[inline(always)]
fn skip<const WIDE: u8>(b: &[u8], i: usize, end: usize, literal: u16) -> usize {
    // The wide check finds the exact end of the run when the input has 16 bytes to read.
    if WIDE != fast::SCALAR && end >= 16 && end <= b.len() {
        fast::skip::<WIDE>(b, i, end, literal)
    } else {
        skip_scalar(b, i, end, literal)
    }
}

/// The plain table walk.
#[inline(always)]
fn skip_scalar(b: &[u8], mut i: usize, end: usize, literal: u16) -> usize {
    while i < end && ascii(b[i]) & literal != 0 {
        i += 1;
    }
    i
}
