//! Lints: what makes a valid IRI hard to read, to transcribe or to trust, as 3987bis says it
//! for people rather than for programs: right-to-left components (4.2, 4.4), several scripts or
//! look-alike characters in one component (8.5, 6.1), characters that change under NFC or NFKC
//! (3.1, 5.3.2.2, 8.5), and characters no one can see (7.3, 8.5).
//!
//! ```
//! use iriscan::lint::LintCode;
//! use iriscan::IriRef;
//!
//! // A Cyrillic "а" in an otherwise Latin host label.
//! let iri = IriRef::parse("http://pаypal.com/").unwrap();
//! let lints = iri.lints();
//! let codes: Vec<_> = lints.iter().map(|l| l.code()).collect();
//! assert_eq!(codes, [LintCode::MixedScript, LintCode::Confusable]);
//! assert_eq!((lints[1].offset(), lints[1].len()), (7, 7));
//! assert!(lints[1].message().contains("\"paypal\""));
//!
//! // 3987bis 4.4 example 8 ("http://ab.cd.ef/GH1/2IJ/KL.html"), with Hebrew letters for the
//! // capitals: digits at the edge of a right-to-left path segment.
//! let iri = IriRef::parse("http://ab.cd.ef/חך1/2כל/םמ.html").unwrap();
//! let codes: Vec<_> = iri.lints().iter().map(|l| l.code()).collect();
//! assert_eq!(codes, [LintCode::BidiEdge, LintCode::BidiEdge]);
//!
//! // Nothing in an IRI of ASCII characters alone.
//! assert!(IriRef::parse("http://example.com/a?b=c").unwrap().lints().is_empty());
//! ```
//!
//! The components are those of 4.2, divided as it suggests: each label of a registered name,
//! the userinfo, each path segment and, inside it, each dot-separated part ("the extensions in a
//! resource name can be treated as separate components", which is what makes examples 4 and 5
//! legal), each name and each value of the query's `&`- or `;`-separated `name=value` pairs, and
//! the fragment. A percent-encoded octet below 0x80 counts as the character it encodes (4.4
//! example 9: `%31` is a digit); the others are read as written, three ASCII characters, so that
//! a component mapped to URI notation as a whole (4.2's remedy) has no right-to-left character.

use crate::map::pct::triplet_at;
use crate::tables::{is_invisible, is_lookalike, lint_class, LintClass};
use crate::{Component, HostKind, IriRef};
use std::fmt;
use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::skeleton;

/// How much a lint matters: a warning breaks a SHOULD of the spec (the command exits 1), an info
/// is "allowed but not recommended".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// A SHOULD or SHOULD NOT of the spec is not kept.
    Warning,
    /// Allowed, but not recommended.
    Info,
}

impl Severity {
    /// `warning` or `info`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a lint is about: its code is the contract of `iriscan lint --json` and `--allow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum LintCode {
    /// `bidi-mixed` (4.2 rule 1): a component holds both left-to-right (Bidi_Class L) and
    /// right-to-left (R, AL) characters.
    BidiMixed,
    /// `bidi-edge` (4.2 rule 2): a component with right-to-left characters does not start and
    /// end with one (non-spacing marks after the last are part of it).
    BidiEdge,
    /// `bidi-digit-adjacent` (4.4 examples 10 and 11, an info): a component without
    /// right-to-left characters starts with a digit right after a right-to-left component, or
    /// ends with one right before such a component.
    BidiDigitAdjacent,
    /// `mixed-script` (8.5): the letters of a component are not of one script, by UTS #39's
    /// resolved script sets and its "highly restrictive" level (Latin may go with Han and
    /// Hiragana and Katakana, with Han and Bopomofo, or with Han and Hangul).
    MixedScript,
    /// `confusable` (8.5, 6.1): a component with non-ASCII letters whose UTS #39 skeleton is
    /// ASCII: it can pass for an ASCII name.
    Confusable,
    /// `lookalike-delimiter` (6.1 b): a character that looks like a delimiter of the syntax, a
    /// space or an "unwise" character (U+2044 FRACTION SLASH for "/"), by its UTS #39 skeleton.
    LookalikeDelimiter,
    /// `not-nfc` (3.1, 5.3.2.2): a component changes under NFC.
    NotNfc,
    /// `not-nfkc` (8.5): a component outside the query is in NFC but changes under NFKC (U+FB01
    /// "ﬁ"); 8.5 names an explicit search as the exception, so the query is exempt.
    NotNfkc,
    /// `invisible` (7.3, 8.5): a character an IRI may hold but no one can see or transcribe: a
    /// default-ignorable code point (U+200B, U+00AD, U+2060, variation selectors) or a
    /// non-ASCII space or separator (U+00A0, U+3000, U+2028).
    Invisible,
}

impl LintCode {
    /// Every code, in the order lints of one component are reported.
    pub const ALL: [LintCode; 9] = [
        LintCode::BidiMixed,
        LintCode::BidiEdge,
        LintCode::BidiDigitAdjacent,
        LintCode::MixedScript,
        LintCode::Confusable,
        LintCode::LookalikeDelimiter,
        LintCode::NotNfc,
        LintCode::NotNfkc,
        LintCode::Invisible,
    ];

    /// The code's name, as `--json` and `--allow` write it (`bidi-mixed`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            LintCode::BidiMixed => "bidi-mixed",
            LintCode::BidiEdge => "bidi-edge",
            LintCode::BidiDigitAdjacent => "bidi-digit-adjacent",
            LintCode::MixedScript => "mixed-script",
            LintCode::Confusable => "confusable",
            LintCode::LookalikeDelimiter => "lookalike-delimiter",
            LintCode::NotNfc => "not-nfc",
            LintCode::NotNfkc => "not-nfkc",
            LintCode::Invisible => "invisible",
        }
    }

    /// Its severity: an info for `bidi-digit-adjacent`, a warning for the others.
    pub const fn severity(self) -> Severity {
        match self {
            LintCode::BidiDigitAdjacent => Severity::Info,
            _ => Severity::Warning,
        }
    }

    /// The sections of the spec (and of UTS #39) it comes from.
    pub const fn section(self) -> &'static str {
        match self {
            LintCode::BidiMixed => "3987bis 4.2 rule 1",
            LintCode::BidiEdge => "3987bis 4.2 rule 2",
            LintCode::BidiDigitAdjacent => "3987bis 4.4 examples 10 and 11",
            LintCode::MixedScript => "3987bis 8.5; UTS #39 5.2",
            LintCode::Confusable => "3987bis 8.5, 6.1; UTS #39 4",
            LintCode::LookalikeDelimiter => "3987bis 6.1 b; UTS #39 4",
            LintCode::NotNfc => "3987bis 3.1, 5.3.2.2",
            LintCode::NotNfkc => "3987bis 8.5",
            LintCode::Invisible => "3987bis 7.3, 8.5",
        }
    }
}

crate::names::named!(LintCode, "lint code");

/// A finding about a valid IRI: its code, the component it is in, where (byte offset and
/// length in the input) and a message that names the section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lint {
    code: LintCode,
    component: Component,
    offset: usize,
    len: usize,
    /// The kind of component, and the text the message is about (the component, or the one
    /// character): the message is written when asked for.
    kind: PartKind,
    text: Box<str>,
    /// For `bidi-digit-adjacent`: whether the right-to-left neighbour is before.
    after: bool,
}

impl Lint {
    /// What it is about.
    pub fn code(&self) -> LintCode {
        self.code
    }

    /// The code's severity.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// The component of the IRI (path for a path segment, query for a name or a value).
    pub fn component(&self) -> Component {
        self.component
    }

    /// The byte offset in the input of the part it is about: the divided component, or one
    /// character.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The length in bytes of the part it is about.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the part is empty (it never is: a lint is about a character or more).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// What was found, which rule it breaks, and where the rule is written.
    pub fn message(&self) -> String {
        let text = &*self.text;
        let whole = |what: &str| format!("the {} {text:?} {what}", self.kind.name());
        let said = match self.code {
            LintCode::BidiMixed => whole("holds both left-to-right and right-to-left characters"),
            LintCode::BidiEdge => {
                whole("holds right-to-left characters but does not start and end with one")
            }
            LintCode::BidiDigitAdjacent => whole(&format!(
                "{} a right-to-left component, which the bidi algorithm may reorder with it; \
                 allowed, but not recommended",
                if self.after {
                    "starts with a digit right after"
                } else {
                    "ends with a digit right before"
                }
            )),
            LintCode::MixedScript => whole(&format!(
                "mixes the scripts {}; the characters of one component should be used together \
                 in one language",
                script_names(text)
            )),
            LintCode::Confusable => {
                let looks: String = skeleton(&without_percent_encodings(text)).collect();
                whole(&format!("can pass for ASCII: its skeleton is {looks:?}"))
            }
            LintCode::LookalikeDelimiter => {
                let c = text.chars().next().unwrap_or_default();
                let like: String = skeleton(text).collect();
                format!(
                    "{} looks like {like:?}, a delimiter of the syntax, a space or an unwise \
                     character",
                    code_point(c)
                )
            }
            LintCode::NotNfc => whole("changes under NFC: an IRI should be in NFC"),
            LintCode::NotNfkc => {
                let nfkc: String = text.nfkc().collect();
                whole(&format!(
                    "changes under NFKC (to {nfkc:?}): compatibility characters should be \
                     avoided outside the query"
                ))
            }
            LintCode::Invisible => {
                let c = text.chars().next().unwrap_or_default();
                format!("{} cannot be seen or transcribed", code_point(c))
            }
        };
        format!("{said} ({})", self.code.section())
    }
}

impl fmt::Display for Lint {
    /// `CODE COMPONENT at byte OFFSET: MESSAGE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} at byte {}: {}",
            self.code.name(),
            self.component.name(),
            self.offset,
            self.message()
        )
    }
}

impl IriRef<'_> {
    /// The lints of this IRI reference, in the order of the input (see [`crate::lint`]).
    pub fn lints(&self) -> Vec<Lint> {
        lint(self)
    }
}

/// The lints of `iri`, in the order of its components, and for each component in the order of
/// [`LintCode::ALL`]. An IRI of ASCII characters alone has none.
///
/// Each component is read once, a lookup in the generated table of build/lint.rs a character
/// (a summary), and judged when the next one is read (`bidi-digit-adjacent` looks at both
/// neighbours); the Unicode crates are asked only where the summary finds a lint likely.
pub fn lint(iri: &IriRef<'_>) -> Vec<Lint> {
    let input = iri.as_str();
    let mut lints = Vec::new();
    if input.is_ascii() {
        return lints;
    }
    let mut pending: Option<(Part, Summary)> = None;
    let mut rtl_before = false;
    for_each_part(iri, |part| {
        let summary = Summary::of(part.text(input));
        if let Some((p, s)) = pending.take() {
            lint_part(input, p, &s, [rtl_before, summary.has_rtl], &mut lints);
            rtl_before = s.has_rtl;
        }
        pending = Some((part, summary));
    });
    if let Some((p, s)) = pending {
        lint_part(input, p, &s, [rtl_before, false], &mut lints);
    }
    lints
}

/// Appends the lints of the component `part` of `input`, of summary `summary`, whose neighbours
/// before and after have right-to-left characters or not (`rtl_beside`).
fn lint_part(
    input: &str,
    part: Part,
    summary: &Summary,
    rtl_beside: [bool; 2],
    lints: &mut Vec<Lint>,
) {
    let text = part.text(input);
    let mut push = |code: LintCode, offset: usize, len: usize, after: bool| {
        lints.push(Lint {
            code,
            component: part.kind.component(),
            offset,
            len,
            kind: part.kind,
            text: input[offset..offset + len].into(),
            after,
        });
    };
    let (at, len) = (part.start, text.len());
    // 4.2 rule 1 and rule 2.
    if summary.has_ltr && summary.has_rtl {
        push(LintCode::BidiMixed, at, len, false);
    }
    if summary.has_rtl && !(summary.first == LintClass::RTL && summary.last == LintClass::RTL) {
        push(LintCode::BidiEdge, at, len, false);
    }
    // 4.4 examples 10 and 11: digits beside a right-to-left component.
    if !summary.has_rtl {
        let after = rtl_beside[0] && summary.first == LintClass::DIGIT;
        let before = rtl_beside[1] && summary.last == LintClass::DIGIT;
        if after || before {
            push(LintCode::BidiDigitAdjacent, at, len, after);
        }
    }
    if summary.ascii {
        return;
    }
    // UTS #39 5.1 resolved script set, and 5.2's "highly restrictive" level.
    if (summary.scripts.complex || summary.scripts.mixed()) && mixed_scripts(text) {
        push(LintCode::MixedScript, at, len, false);
    }
    // UTS #39 4: the skeleton, ASCII, of a component with non-ASCII letters (a skeleton is ASCII
    // exactly when the skeleton of each character is).
    if summary.any & LintClass::LETTER != 0 && summary.ascii_skeleton {
        push(LintCode::Confusable, at, len, false);
    }
    if summary.any & LintClass::RARE != 0 {
        for (i, c) in text.char_indices() {
            // In a host, the dots of RFC 3490 3.1 separate labels.
            if lint_class(c as u32).0 & LintClass::RARE != 0
                && is_lookalike(c as u32)
                && !(part.kind == PartKind::Label && crate::map::host::DOTS.contains(&c))
            {
                push(LintCode::LookalikeDelimiter, at + i, c.len_utf8(), false);
            }
        }
    }
    // 3.1, 5.3.2.2, 8.5: from the delimiter before the component, which a mark after it may
    // compose with ("=" and U+0338 are "≠").
    if summary.any & LintClass::NOT_QUICK != 0 || summary.combining_pair {
        let before = input[..at].chars().next_back().map_or(0, char::len_utf8);
        let normal = &input[at - before..part.end];
        if !is_nfc(normal) {
            push(LintCode::NotNfc, at, len, false);
        } else if part.kind.component() != Component::Query && !is_nfkc(normal) {
            push(LintCode::NotNfkc, at, len, false);
        }
    }
    if summary.any & LintClass::RARE != 0 {
        for (i, c) in text.char_indices() {
            if lint_class(c as u32).0 & LintClass::RARE != 0 && is_invisible(c as u32) {
                push(LintCode::Invisible, at + i, c.len_utf8(), false);
            }
        }
    }
}

/// The kinds of component 4.2 divides an IRI into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PartKind {
    Userinfo,
    Label,
    Segment,
    QueryName,
    QueryValue,
    Fragment,
}

impl PartKind {
    /// The component of the IRI it is in.
    fn component(self) -> Component {
        match self {
            PartKind::Userinfo => Component::Userinfo,
            PartKind::Label => Component::Host,
            PartKind::Segment => Component::Path,
            PartKind::QueryName | PartKind::QueryValue => Component::Query,
            PartKind::Fragment => Component::Fragment,
        }
    }

    /// How a message names it.
    fn name(self) -> &'static str {
        match self {
            PartKind::Userinfo => "userinfo",
            PartKind::Label => "label",
            PartKind::Segment => "path segment",
            PartKind::QueryName => "query name",
            PartKind::QueryValue => "query value",
            PartKind::Fragment => "fragment",
        }
    }
}

/// One component of 4.2, as divided: its kind and its bytes in the input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Part {
    pub(crate) kind: PartKind,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Part {
    fn text(self, input: &str) -> &str {
        &input[self.start..self.end]
    }
}

/// The non-empty components of `iri` in the order of the input.
pub(crate) fn parts(iri: &IriRef<'_>) -> Vec<Part> {
    let mut parts = Vec::new();
    for_each_part(iri, |part| parts.push(part));
    parts
}

/// Calls `each` with the non-empty components of `iri`, in the order of the input: a walk of
/// the bytes of each component of the IRI, cut at the delimiters that divide it.
fn for_each_part(iri: &IriRef<'_>, mut each: impl FnMut(Part)) {
    let input = iri.as_str();
    let b = input.as_bytes();
    let at = |s: &str| s.as_ptr() as usize - input.as_ptr() as usize;
    let mut emit = |kind: PartKind, start: usize, end: usize| {
        if end > start {
            each(Part { kind, start, end });
        }
    };
    if let Some(userinfo) = iri.userinfo() {
        emit(
            PartKind::Userinfo,
            at(userinfo),
            at(userinfo) + userinfo.len(),
        );
    }
    if let (Some(host), Some(HostKind::RegName)) = (iri.host(), iri.host_kind()) {
        // RFC 3490 3.1: "." and U+3002, U+FF0E, U+FF61 (3 bytes each in UTF-8).
        let (mut start, end) = (at(host), at(host) + host.len());
        let mut i = start;
        while i < end {
            let dot = match b[i] {
                b'.' => 1,
                0xE3 if b[i + 1..i + 3] == [0x80, 0x82] => 3,
                0xEF if matches!(b[i + 1..i + 3], [0xBC, 0x8E] | [0xBD, 0xA1]) => 3,
                _ => 0,
            };
            if dot > 0 {
                emit(PartKind::Label, start, i);
                i += dot;
                start = i;
            } else {
                i += 1;
            }
        }
        emit(PartKind::Label, start, end);
    }
    // Path segments, and the dot-separated parts of each.
    let path = iri.path();
    let (first, end) = (at(path), at(path) + path.len());
    let mut start = first;
    for (i, &c) in b.iter().enumerate().take(end).skip(first) {
        if matches!(c, b'/' | b'.') {
            emit(PartKind::Segment, start, i);
            start = i + 1;
        }
    }
    emit(PartKind::Segment, start, end);
    // The query's names and values: a pair ends at "&" or ";", its name at its first "=".
    if let Some(query) = iri.query() {
        let (first, end) = (at(query), at(query) + query.len());
        let (mut start, mut kind) = (first, PartKind::QueryName);
        for (i, &c) in b.iter().enumerate().take(end).skip(first) {
            match c {
                b'&' | b';' => {
                    emit(kind, start, i);
                    (start, kind) = (i + 1, PartKind::QueryName);
                }
                b'=' if kind == PartKind::QueryName => {
                    emit(kind, start, i);
                    (start, kind) = (i + 1, PartKind::QueryValue);
                }
                _ => {}
            }
        }
        emit(kind, start, end);
    }
    if let Some(fragment) = iri.fragment() {
        emit(
            PartKind::Fragment,
            at(fragment),
            at(fragment) + fragment.len(),
        );
    }
}

/// What the lints need of a component, read in one pass: the bidi rules' strong directions and
/// the kinds of its first character and of its last one that is not a non-spacing mark (a
/// percent-encoded octet below 0x80 read as the character it encodes, the others as written:
/// docs/spec-choices.md L2), the flags of its characters, whether every skeleton is ASCII, and
/// its scripts (percent-encoded octets skipped for those).
#[derive(Clone, Copy, Debug)]
struct Summary {
    ascii: bool,
    has_ltr: bool,
    has_rtl: bool,
    first: u8,
    last: u8,
    /// The flags of [`LintClass`] that some character has.
    any: u16,
    /// Whether the skeleton of every character is ASCII.
    ascii_skeleton: bool,
    /// Whether two characters in a row have a non-zero Canonical_Combining_Class.
    combining_pair: bool,
    scripts: Scripts,
}

impl Summary {
    fn of(text: &str) -> Summary {
        let mut s = Summary {
            ascii: text.is_ascii(),
            has_ltr: false,
            has_rtl: false,
            first: LintClass::OTHER,
            last: LintClass::OTHER,
            any: 0,
            ascii_skeleton: true,
            combining_pair: false,
            scripts: Scripts::default(),
        };
        let b = text.as_bytes();
        let mut started = false;
        let mut kind = |s: &mut Summary, k: u8| {
            s.has_ltr |= k == LintClass::L;
            s.has_rtl |= k == LintClass::RTL;
            if !started {
                s.first = k;
                started = true;
            }
            if k != LintClass::NSM || s.last == LintClass::OTHER {
                s.last = k;
            }
        };
        if s.ascii {
            // Only the edges matter: no right-to-left character, no other lint.
            if let Some(first) = first_ascii(b) {
                kind(&mut s, lint_class(u32::from(first)).bidi());
            }
            if let Some(last) = last_ascii(b) {
                kind(&mut s, lint_class(u32::from(last)).bidi());
            }
            return s;
        }
        let (mut i, mut combining) = (0, false);
        while i < b.len() {
            if let Some(octet) = triplet_at(b, i) {
                if octet < 0x80 {
                    kind(&mut s, lint_class(u32::from(octet)).bidi());
                } else {
                    for &c in &b[i..i + 3] {
                        kind(&mut s, lint_class(u32::from(c)).bidi());
                    }
                }
                (i, combining) = (i + 3, false);
                continue;
            }
            let (cp, len) = decode_utf8(b, i);
            let class = lint_class(cp);
            kind(&mut s, class.bidi());
            s.any |= class.0;
            let mark = class.0 & LintClass::COMBINING != 0;
            s.combining_pair |= mark && combining;
            combining = mark;
            s.ascii_skeleton &= class.0 & LintClass::ASCII_SKELETON != 0;
            s.scripts.push(class.script());
            i += len;
        }
        s
    }
}

/// The first character of an ASCII component, a percent-encoded one decoded.
fn first_ascii(b: &[u8]) -> Option<u8> {
    match triplet_at(b, 0) {
        Some(octet) if octet < 0x80 => Some(octet),
        _ => b.first().copied(),
    }
}

/// The last character of an ASCII component, a percent-encoded one decoded.
fn last_ascii(b: &[u8]) -> Option<u8> {
    let at = b.len().checked_sub(3);
    match at.and_then(|at| triplet_at(b, at)) {
        Some(octet) if octet < 0x80 => Some(octet),
        _ => b.last().copied(),
    }
}

/// The code point whose UTF-8 sequence starts at `b[i]` and its length; `b` is a `str`'s bytes.
#[inline(always)]
fn decode_utf8(b: &[u8], i: usize) -> (u32, usize) {
    let lead = u32::from(b[i]);
    let next = |k: usize| u32::from(b[i + k] & 0x3F);
    if lead < 0x80 {
        (lead, 1)
    } else if lead < 0xE0 {
        ((lead & 0x1F) << 6 | next(1), 2)
    } else if lead < 0xF0 {
        ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
    } else {
        (
            (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3),
            4,
        )
    }
}

/// The scripts of a component's characters, as far as UTS #39 5.1 and 5.2 need them when each
/// character is of one script (its Script_Extensions one script, augmented: Han with Japanese,
/// Korean and Bopomofo; Hiragana and Katakana with Japanese; Hangul with Korean; Bopomofo with
/// Han): the named scripts seen, and the others.
#[derive(Clone, Copy, Debug, Default)]
struct Scripts {
    /// Bit `id - 1` for each script of build/lint.rs's `NAMED` seen (Latin, Han, Hiragana,
    /// Katakana, Hangul, Bopomofo).
    named: u8,
    /// The first other script seen, 0 for none.
    other: u8,
    /// Whether a second other script was seen.
    others: bool,
    /// Whether a character of several scripts, or of none, was seen: [`mixed_scripts`] decides.
    complex: bool,
}

impl Scripts {
    #[inline(always)]
    fn push(&mut self, script: u8) {
        match script {
            0 => {}
            LintClass::SCRIPT_COMPLEX => self.complex = true,
            id if id <= LintClass::BOPOMOFO => self.named |= 1 << (id - 1),
            id if self.other == 0 => self.other = id,
            id => self.others |= id != self.other,
        }
    }

    /// Whether the characters are not of one script at the "highly restrictive" level, when
    /// none is complex: several scripts, and those other than Latin are not all Japanese (Han,
    /// Hiragana, Katakana), all Korean (Han, Hangul) or all Chinese with Bopomofo (Han,
    /// Bopomofo). The same answer as [`mixed_scripts`] (tested).
    fn mixed(&self) -> bool {
        let bit = |id: u8| 1u8 << (id - 1);
        let count = self.named.count_ones() + u32::from(self.other != 0) + u32::from(self.others);
        if count < 2 {
            return false;
        }
        if self.other != 0 {
            return true;
        }
        let non_latin = self.named & !bit(LintClass::LATIN);
        let han = bit(LintClass::HAN);
        let within = |set: u8| non_latin & !set == 0;
        !(within(han | bit(LintClass::HIRAGANA) | bit(LintClass::KATAKANA))
            || within(han | bit(LintClass::HANGUL))
            || within(han | bit(LintClass::BOPOMOFO)))
    }
}

/// `text` without its percent-encoded octets ([`letters`]).
fn without_percent_encodings(text: &str) -> String {
    letters(text).collect()
}

/// Whether the letters of `text` (its percent-encoded octets skipped) are not of one script at
/// UTS #39's "highly restrictive" level (5.2): the resolved script set (5.1) is empty, and the
/// one of the characters other than Latin is not Han with Hiragana and Katakana, with
/// Bopomofo, or with Hangul. By `unicode-security`, character by character.
fn mixed_scripts(text: &str) -> bool {
    let (mut all, mut others) = (AugmentedScriptSet::default(), AugmentedScriptSet::default());
    for c in letters(text) {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if c.script() != Script::Latin {
            others.intersect_with(set);
        }
    }
    all.is_empty() && !(others.jpan || others.hanb || others.kore)
}

/// The scripts of the letters of `text`, by name, in the order they come.
fn script_names(text: &str) -> String {
    let mut scripts: Vec<&str> = Vec::new();
    for c in letters(text) {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited) {
            let name = script.full_name();
            if !scripts.contains(&name) {
                scripts.push(name);
            }
        }
    }
    scripts.join(", ")
}

/// The characters of `text` but its percent-encoded octets, which are shown as hexadecimal
/// digits, no letters of a word: what the script and confusable lints read.
fn letters(text: &str) -> impl Iterator<Item = char> + '_ {
    let b = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || loop {
        let c = text[i..].chars().next()?;
        if c == '%' && triplet_at(b, i).is_some() {
            i += 3;
        } else {
            i += c.len_utf8();
            return Some(c);
        }
    })
}

/// Whether `s` is in NFC.
fn is_nfc(s: &str) -> bool {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => s.chars().eq(s.nfc()),
    }
}

/// Whether `s` is in NFKC.
fn is_nfkc(s: &str) -> bool {
    match is_nfkc_quick(s.chars()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => s.chars().eq(s.nfkc()),
    }
}

/// `c` as "U+XXXX", with the character where it shows.
fn code_point(c: char) -> String {
    if is_invisible(c as u32) || c.is_control() || unicode_normalization::char::is_combining_mark(c)
    {
        format!("U+{:04X}", c as u32)
    } else {
        format!("U+{:04X} ({c})", c as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The scripts of the one pass decide as `unicode-security` does.
        #[test]
        fn scripts_decide_as_the_crate(text in "[a-zé0-9\\-ー、。\u{0300}\u{4E00}-\u{4E05}\u{3041}-\u{3045}\u{30A1}-\u{30A5}\u{AC00}-\u{AC03}\u{3105}-\u{3108}\u{0430}-\u{0435}\u{03B1}-\u{03B4}\u{05D0}-\u{05D3}\u{0627}\u{0660}\u{10A0}]{1,6}") {
            let mut scripts = Scripts::default();
            for c in text.chars() {
                scripts.push(lint_class(c as u32).script());
            }
            let slow = mixed_scripts(&text);
            if !scripts.complex {
                prop_assert_eq!(scripts.mixed(), slow, "{}", text);
            }
        }
    }
}
