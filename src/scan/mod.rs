//! The scanner: one pass over the bytes that checks UTF-8, the class of every code point and the
//! grammar, and records where each component starts and ends.
//!
//! The grammar is walked component by component. Each component is a [`Rule`]: the class bit of
//! the bytes that may stand in it literally (generated from the ABNF by `build/ascii.rs`), which
//! non-ASCII classes it admits, and where it ends. Runs of literal bytes are skipped by
//! [`skip`] (a wide check where the CPU has one, the byte table otherwise; where non-ASCII is
//! admitted, the wide check goes on over it with `simd::skip_unicode`); "%" goes to the
//! `pct-encoded` check, bytes >= 0x80 to the generated UTF-8 DFA, and any other byte ends the
//! run, for the caller to take as a delimiter or report as an error.

mod ip;
mod line;

#[cfg(feature = "internals")]
pub use line::check_line_scan;

use crate::simd::{self, Cpu, Kernel, Level};
use crate::tables::code_point;

/// Whether a ":" comes before the first "/", "?" or "#": the input reads as `scheme ":" ...`,
/// not as a relative reference (RFC 3986 4.1, 4.2).
fn starts_with_scheme_like(b: &[u8]) -> bool {
    b.iter()
        .find(|&&c| matches!(c, b':' | b'/' | b'?' | b'#'))
        .is_some_and(|&c| c == b':')
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

/// Scans `input` against `grammar`: with the wide check where the CPU has it.
#[inline]
pub(crate) fn scan(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
    scan_at(simd::level(), input, grammar)
}

/// Scans `input` against `grammar` at `level` (or this CPU's, if lower): the scanner compiled
/// for it, and from `Avx512` on the line check first.
#[inline]
pub(crate) fn scan_at(level: Level, input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
    match level {
        Level::Portable => scan_scalar(input, grammar),
        level => simd::dispatch(level, Scan { input, grammar }),
    }
}

/// The scan as a kernel of [`simd::dispatch`], compiled once per level.
struct Scan<'a> {
    input: &'a [u8],
    grammar: Grammar,
}

impl Kernel for Scan<'_> {
    type Output = Result<Positions, Error>;

    #[inline(always)]
    fn run<const L: u8>(self, cpu: Cpu<L>) -> Self::Output {
        if L >= simd::AVX512 {
            if let Some(p) = line::scan_any(cpu, self.input, self.grammar) {
                return Ok(p);
            }
            if L > simd::AVX512 {
                // The walk of the level below, apart: the line check, the one part VBMI
                // changes, takes most inputs.
                return simd::dispatch(Level::Avx512, Walk(self));
            }
        }
        Scanner::new(cpu, self.input, self.grammar).scan()
    }
}

/// The scanner's walk alone as a kernel.
struct Walk<'a>(Scan<'a>);

impl Kernel for Walk<'_> {
    type Output = Result<Positions, Error>;

    #[inline(always)]
    fn run<const L: u8>(self, cpu: Cpu<L>) -> Self::Output {
        Scanner::new(cpu, self.0.input, self.0.grammar).scan()
    }
}

/// Scans with the byte-at-a-time table walk only: the portable path, and the reference the
/// wide check is tested against.
#[inline]
pub(crate) fn scan_scalar(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
    Scanner::new(simd::portable(), input, grammar).scan()
}

/// Scans with the byte-at-a-time table walk only (for tests, fuzzing and benchmarks).
#[cfg(feature = "internals")]
pub fn validate_scalar(input: &[u8], grammar: Grammar) -> Result<(), Error> {
    scan_scalar(input, grammar).map(|_| ())
}

/// Checks every fast path at each level this CPU has against the portable one on `input`, and
/// panics where they differ: the scanner of each level against the byte walk for every grammar
/// (verdict, error and positions), the line check ([`check_line_scan`]), and the ASCII test, the
/// count of octets >= 0x80, the percent-encoder, the lints' masks, the window masks, and the
/// run of an IRI in text that `extract` reads. For the tests and the `fast_vs_scalar` fuzz
/// target.
#[cfg(feature = "internals")]
pub fn check_fast_paths(input: &[u8]) {
    for grammar in Grammar::ALL {
        check_line_scan(input, grammar);
        let scalar = scan_scalar(input, grammar);
        for level in Level::ALL.into_iter().filter(|&l| l <= simd::level()) {
            let wide = scan_at(level, input, grammar);
            let same = match (&wide, &scalar) {
                (Err(w), Err(s)) => {
                    w == s
                        && (w.kind(), w.offset(), w.component())
                            == (s.kind(), s.offset(), s.component())
                }
                _ => wide == scalar,
            };
            assert!(
                same,
                "{grammar:?} at {level:?}: {wide:?}, the walk {scalar:?}, for {:?}",
                input.escape_ascii().to_string()
            );
        }
    }
    let mut portable = Vec::new();
    simd::push_percent_encoded_at(Level::Portable, &mut portable, input);
    let count = input.iter().filter(|&&c| c >= 0x80).count();
    for level in Level::ALL.into_iter().filter(|&l| l <= simd::level()) {
        assert_eq!(
            simd::is_ascii_at(level, input),
            input.is_ascii(),
            "{level:?}"
        );
        assert_eq!(simd::count_non_ascii_at(level, input), count, "{level:?}");
        let mut out = Vec::new();
        simd::push_percent_encoded_at(level, &mut out, input);
        assert_eq!(out, portable, "{level:?}");
        for chunk in input.chunks(128) {
            if let Some(masks) = simd::lint_masks_at::<2>(level, chunk) {
                assert_eq!(masks, simd::LintMasks::portable(chunk), "{level:?}");
            }
        }
    }
    simd::check_windows(input);
    crate::extract::check_reach(input);
}

/// The scanner; `WIDE` is the [`simd::Level`] of the wide check for runs of literal bytes
/// ([`simd::PORTABLE`]: none; [`simd::SSSE3`]: 16 bytes a block; [`simd::AVX512`]: 64), and
/// is not `PORTABLE` only inside [`simd::dispatch`], which compiles the scanner for it.
pub(crate) struct Scanner<'a, const WIDE: u8> {
    cpu: Cpu<WIDE>,
    b: &'a [u8],
    grammar: Grammar,
    uri: bool,
}

impl<'a, const WIDE: u8> Scanner<'a, WIDE> {
    #[inline(always)]
    pub(crate) fn new(cpu: Cpu<WIDE>, b: &'a [u8], grammar: Grammar) -> Self {
        Scanner {
            cpu,
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
            i = skip(self.cpu, b, i, end, rule.literal);
            if WIDE != simd::PORTABLE && rule.ucschar && i < end && b[i] >= 0x80 {
                // 3987bis 2.2 `ucschar`: text in most scripts mixes ASCII and non-ASCII, so from
                // the first non-ASCII byte both are swept at once. Runs of ASCII alone (all of a
                // URL) stay on the cheaper `skip`, which measured faster for them.
                // On an input too short for it, it leaves `i` at the non-ASCII byte, for the
                // DFA below.
                i = simd::skip_unicode(self.cpu, b, i, end, rule.literal, rule.private)
                    .map_err(|at| self.code_point_error(rule, at, end))?;
                if end < 16 {
                    // Changes nothing (the table walk stops at once on that byte), but without
                    // it the compiler lays `run` out otherwise, measurably slower
                    // (docs/performance.md, "Fast paths kept and dropped").
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

/// Whether `c` is visible ASCII or space: the bytes for which an error is a grammar matter, not
/// one of UTF-8 or of the controls of 7.3.
fn is_visible_ascii(c: u8) -> bool {
    (0x20..0x7F).contains(&c)
}

/// Skips bytes whose class has bit `literal`, from `i` up to `end`; returns where the run stops.
#[inline(always)]
fn skip<const WIDE: u8>(cpu: Cpu<WIDE>, b: &[u8], i: usize, end: usize, literal: u16) -> usize {
    // The wide check finds the exact end of the run when the input has 16 bytes to read.
    if WIDE != simd::PORTABLE && end >= 16 && end <= b.len() {
        simd::skip(cpu, b, i, end, literal)
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

#[cfg(test)]
mod tests;
