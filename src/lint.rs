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

use crate::tables::{bidi_class, BidiClass};
use crate::{Component, HostKind, IriRef};
use std::fmt;
use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};
use unicode_script::{Script, UnicodeScript};
use unicode_security::{skeleton, MixedScript};

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
    message: String,
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
    pub fn message(&self) -> &str {
        &self.message
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
            self.message
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
pub fn lint(iri: &IriRef<'_>) -> Vec<Lint> {
    let input = iri.as_str();
    let mut lints = Vec::new();
    if input.is_ascii() {
        return lints;
    }
    let parts = parts(iri);
    let bidi: Vec<BidiSummary> = parts
        .iter()
        .map(|p| BidiSummary::of(p.text(input)))
        .collect();
    for (k, part) in parts.iter().enumerate() {
        let text = part.text(input);
        let mut push = |code: LintCode, offset: usize, len: usize, message: String| {
            lints.push(Lint {
                code,
                component: part.kind.component(),
                offset,
                len,
                message: format!("{message} ({})", code.section()),
            });
        };
        let whole = |what: &str| format!("the {} {text:?} {what}", part.kind.name());
        let b = bidi[k];
        // 4.2 rule 1 and rule 2.
        if b.has_ltr && b.has_rtl {
            let m = whole("holds both left-to-right and right-to-left characters");
            push(LintCode::BidiMixed, part.start, text.len(), m);
        }
        if b.has_rtl && !(b.first.is_some_and(is_rtl) && b.last.is_some_and(is_rtl)) {
            let m = whole("holds right-to-left characters but does not start and end with one");
            push(LintCode::BidiEdge, part.start, text.len(), m);
        }
        // 4.4 examples 10 and 11: digits beside a right-to-left component.
        if !b.has_rtl {
            let after_rtl = k > 0 && bidi[k - 1].has_rtl && b.first.is_some_and(is_digit);
            let before_rtl =
                bidi.get(k + 1).is_some_and(|n| n.has_rtl) && b.last.is_some_and(is_digit);
            if after_rtl || before_rtl {
                let side = if after_rtl {
                    "starts with a digit right after"
                } else {
                    "ends with a digit right before"
                };
                let m = whole(&format!("{side} a right-to-left component, which the bidi algorithm may reorder with it; allowed, but not recommended"));
                push(LintCode::BidiDigitAdjacent, part.start, text.len(), m);
            }
        }
        if text.is_ascii() {
            continue;
        }
        let letters = without_percent_encodings(text);
        // UTS #39 5.1 resolved script set, and 5.2's "highly restrictive" level.
        if let Some(scripts) = mixed_scripts(&letters) {
            let m = whole(&format!("mixes the scripts {scripts}; the characters of one component should be used together in one language"));
            push(LintCode::MixedScript, part.start, text.len(), m);
        }
        // UTS #39 4: the skeleton, ASCII, of a component with non-ASCII letters.
        if letters.chars().any(|c| !c.is_ascii() && c.is_alphabetic()) {
            let looks: String = skeleton(&letters).collect();
            if looks.is_ascii() {
                let m = whole(&format!("can pass for ASCII: its skeleton is {looks:?}"));
                push(LintCode::Confusable, part.start, text.len(), m);
            }
        }
        for (i, c) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
            if let Some(like) = lookalike_delimiter(c, part.kind) {
                let m = format!("{} looks like {like:?}, a delimiter of the syntax, a space or an unwise character", code_point(c));
                push(
                    LintCode::LookalikeDelimiter,
                    part.start + i,
                    c.len_utf8(),
                    m,
                );
            }
        }
        // 3.1, 5.3.2.2, 8.5: from the delimiter before the component, which a mark after it
        // may compose with ("=" and U+0338 are "≠").
        let from = part.start - usize::from(part.start > 0);
        let normal = &input[from..part.end];
        if !is_nfc(normal) {
            let m = whole("changes under NFC: an IRI should be in NFC");
            push(LintCode::NotNfc, part.start, text.len(), m);
        } else if part.kind.component() != Component::Query && !is_nfkc(normal) {
            let nfkc: String = text.nfkc().collect();
            let m = whole(&format!("changes under NFKC (to {nfkc:?}): compatibility characters should be avoided outside the query"));
            push(LintCode::NotNfkc, part.start, text.len(), m);
        }
        for (i, c) in text.char_indices().filter(|&(_, c)| is_invisible(c)) {
            let m = format!("{} cannot be seen or transcribed", code_point(c));
            push(LintCode::Invisible, part.start + i, c.len_utf8(), m);
        }
    }
    lints
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
    let input = iri.as_str();
    let at = |s: &str| s.as_ptr() as usize - input.as_ptr() as usize;
    let mut parts = Vec::new();
    let mut split = |s: &str, kind: PartKind, seps: &[char]| {
        let base = at(s);
        for piece in s.split(seps) {
            if !piece.is_empty() {
                let start = base + (piece.as_ptr() as usize - s.as_ptr() as usize);
                parts.push(Part {
                    kind,
                    start,
                    end: start + piece.len(),
                });
            }
        }
    };
    if let Some(userinfo) = iri.userinfo() {
        split(userinfo, PartKind::Userinfo, &[]);
    }
    if let (Some(host), Some(HostKind::RegName)) = (iri.host(), iri.host_kind()) {
        // RFC 3490 3.1: the label separators of IDNA.
        split(host, PartKind::Label, &crate::map::host::DOTS);
    }
    for segment in iri.path().split('/') {
        split(segment, PartKind::Segment, &['.']);
    }
    if let Some(query) = iri.query() {
        for pair in query.split(['&', ';']) {
            match pair.split_once('=') {
                Some((name, value)) => {
                    split(name, PartKind::QueryName, &[]);
                    split(value, PartKind::QueryValue, &[]);
                }
                None => split(pair, PartKind::QueryName, &[]),
            }
        }
    }
    if let Some(fragment) = iri.fragment() {
        split(fragment, PartKind::Fragment, &[]);
    }
    parts
}

/// What the bidi rules need of a component: whether it has strong characters of each direction,
/// and the classes of its first character and of its last one that is not a non-spacing mark.
#[derive(Clone, Copy, Debug, Default)]
struct BidiSummary {
    has_ltr: bool,
    has_rtl: bool,
    first: Option<BidiClass>,
    last: Option<BidiClass>,
}

impl BidiSummary {
    fn of(text: &str) -> BidiSummary {
        let mut summary = BidiSummary::default();
        for c in bidi_chars(text) {
            let class = bidi_class(c);
            summary.has_ltr |= class == BidiClass::L;
            summary.has_rtl |= is_rtl(class);
            if summary.first.is_none() {
                summary.first = Some(class);
            }
            if class != BidiClass::NSM || summary.last.is_none() {
                summary.last = Some(class);
            }
        }
        summary
    }
}

/// The characters of `text` as the bidi rules read them: a percent-encoded octet below 0x80 as
/// the character it encodes (4.4 example 9), the others as written.
fn bidi_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    let b = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        let c = text[i..].chars().next()?;
        if c == '%' {
            if let Some(octet) = decode_octet(b, i).filter(|&o| o < 0x80) {
                i += 3;
                return Some(char::from(octet));
            }
        }
        i += c.len_utf8();
        Some(c)
    })
}

/// The octet percent-encoded at `b[i..i + 3]`, if that is a `pct-encoded`.
fn decode_octet(b: &[u8], i: usize) -> Option<u8> {
    let hex = |c: u8| (c as char).to_digit(16);
    match b.get(i..i + 3)? {
        [b'%', h, l] => Some((hex(*h)? * 16 + hex(*l)?) as u8),
        _ => None,
    }
}

/// `text` without its percent-encoded octets, which are shown as hexadecimal digits, no letters
/// of a word: what the script and confusable lints read.
fn without_percent_encodings(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        if c == '%' && decode_octet(b, i).is_some() {
            i += 3;
        } else {
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// R and AL, the strong right-to-left classes.
fn is_rtl(class: BidiClass) -> bool {
    matches!(class, BidiClass::R | BidiClass::AL)
}

/// EN and AN, the classes of digits.
fn is_digit(class: BidiClass) -> bool {
    matches!(class, BidiClass::EN | BidiClass::AN)
}

/// The scripts of `text`, named, when its letters are not of one script at UTS #39's "highly
/// restrictive" level (5.2): the resolved script set is empty, and the one of the characters
/// other than Latin is not Han with Hiragana and Katakana, with Bopomofo, or with Hangul.
fn mixed_scripts(text: &str) -> Option<String> {
    if text.is_single_script() {
        return None;
    }
    let others: String = text
        .chars()
        .filter(|c| c.script() != Script::Latin)
        .collect();
    let set = others.as_str().resolve_script_set();
    if set.jpan || set.hanb || set.kore {
        return None;
    }
    let mut scripts: Vec<&str> = Vec::new();
    for c in text.chars() {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            let name = script.full_name();
            if !scripts.contains(&name) {
                scripts.push(name);
            }
        }
    }
    Some(scripts.join(", "))
}

/// The ASCII character `c` looks like (its UTS #39 skeleton), when that is one a reader takes for
/// structure (6.1 b: "look-alikes of space, delims, and unwise characters"): the `gen-delims` of
/// RFC 3986 2.2, the separators of names, extensions and query arguments (".", "&", "=", ";"),
/// "%", a space, 7.3's delimiters ("<", ">", '"'), and "\\" and "|", which some software reads as
/// path separators. Apostrophes, parentheses and the other `sub-delims` structure nothing a
/// reader relies on (and U+2019 is the apostrophe of many languages). A letter or digit of a
/// script is one of its words (Hebrew yod looks like "'", the Arabic-Indic zero like "."); the
/// modifier letters that pass for punctuation (U+A789 for ":") are of the Common script. In a
/// host, the dots of RFC 3490 3.1 separate labels.
fn lookalike_delimiter(c: char, kind: PartKind) -> Option<char> {
    if kind == PartKind::Label && crate::map::host::DOTS.contains(&c) {
        return None;
    }
    if c.is_alphanumeric() && !matches!(c.script(), Script::Common | Script::Inherited) {
        return None;
    }
    let mut s = [0; 4];
    let mut looks = skeleton(c.encode_utf8(&mut s));
    let like = looks.next()?;
    let delimiter = matches!(
        like,
        ':' | '/'
            | '?'
            | '#'
            | '['
            | ']'
            | '@'
            | '.'
            | '&'
            | '='
            | ';'
            | '%'
            | ' '
            | '<'
            | '>'
            | '"'
            | '\\'
            | '|'
    );
    (delimiter && looks.next().is_none()).then_some(like)
}

/// Whether `c` is default-ignorable (Default_Ignorable_Code_Point) or a non-ASCII space or
/// separator (General_Category Zs, Zl, Zp, all White_Space).
fn is_invisible(c: char) -> bool {
    !c.is_ascii()
        && (c.is_whitespace()
            || icu_properties::CodePointSetData::new::<
                icu_properties::props::DefaultIgnorableCodePoint,
            >()
            .contains(c))
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
    if is_invisible(c) || c.is_control() || unicode_normalization::char::is_combining_mark(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("U+{:04X} ({c})", c as u32)
    }
}
