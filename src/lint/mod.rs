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
use crate::tables::{
    is_composing, is_invisible, is_lookalike, is_lookalike_dot, is_lookalike_letter,
    is_lookalike_mapped, is_mapped_ascii, lint_class, LintClass, LINT_SCRIPTS,
};
use crate::{Component, IriRef};
use divided::Divided;
use std::collections::VecDeque;
use std::fmt;
use unicode_normalization::char::{canonical_combining_class, compose, decompose_canonical};
use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};
use unicode_script::{Script, ScriptExtension, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::skeleton;

mod divided;

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
    /// right-to-left characters starts with a number right after a right-to-left component, or
    /// ends with one right before such a component; signs and punctuation around the number
    /// (`+972`) go with it, as the bidi algorithm moves them with it.
    BidiDigitAdjacent,
    /// `mixed-script` (8.5): the letters of a component are not of one script, by UTS #39's
    /// resolved script sets and its "highly restrictive" level (Latin may go with Han and
    /// Hiragana and Katakana, with Han and Bopomofo, or with Han and Hangul).
    MixedScript,
    /// `confusable` (8.5, 6.1): a component with non-ASCII letters (or digits like ASCII ones)
    /// whose UTS #39 skeleton is ASCII: it can pass for an ASCII name (for a host label, one of
    /// an ASCII host name, and not as the top-level label).
    Confusable,
    /// `lookalike-delimiter` (6.1 b): a character that looks like a delimiter of the syntax, a
    /// space or an "unwise" character (U+2044 FRACTION SLASH for "/"), by its UTS #39 skeleton;
    /// or the non-spacing marks a component starts with, drawn on the delimiter before it.
    LookalikeDelimiter,
    /// `not-nfc` (3.1, 5.3.2.2): a component changes under NFC.
    NotNfc,
    /// `not-nfkc` (8.5): a component outside the query is in NFC but changes under NFKC (U+FB01
    /// "ﬁ"); 8.5 names an explicit search as the exception, so the query is exempt.
    NotNfkc,
    /// `invisible` (7.3, 8.5): a character an IRI may hold but no one can see or transcribe: a
    /// default-ignorable code point (U+200B, U+00AD, U+2060, variation selectors) or a
    /// non-ASCII space or separator (U+00A0, U+3000, U+2028); not a joiner or a variation
    /// selector where it changes what is drawn (a word's spelling, an emoji sequence).
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
    /// Whether the component is a dot-separated part of a path segment, not all of it.
    part_of_segment: bool,
    /// For `invisible` and `lookalike-delimiter`, where it gathers the characters found after
    /// the most lints of its code a component gets ([`runs`]): how many it holds; else 0.
    gathered: usize,
    /// For the last lint of its code an IRI gets ([`MOST_OF_A_CODE`]), how many lints of the
    /// code were found after it and left out; else 0.
    more: usize,
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
        let whole = |what: &str| {
            if self.part_of_segment {
                format!("the part {} of a path segment {what}", quoted(text))
            } else {
                format!("the {} {} {what}", self.kind.name(), quoted(text))
            }
        };
        let said = match self.code {
            LintCode::BidiMixed => whole("holds both left-to-right and right-to-left characters"),
            LintCode::BidiEdge => {
                whole("holds right-to-left characters but does not start and end with one")
            }
            LintCode::BidiDigitAdjacent => whole(&format!(
                "{} a right-to-left component, which the bidi algorithm may reorder with it; \
                 allowed, but not recommended",
                if self.after {
                    "starts with a number right after"
                } else {
                    "ends with a number right before"
                }
            )),
            LintCode::MixedScript => whole(&format!(
                "mixes the scripts {}; the characters of one component should be used together \
                 in one language",
                script_names(text)
            )),
            LintCode::Confusable => {
                // What it passes for: its ASCII characters as they are, each other one as its
                // skeleton (UTS #39 4), which may differ from the skeleton of the whole ("m"
                // has "rn").
                // A percent-encoded octet is shown as written (L2), though the skeleton skips
                // it: "%D0%B0" is no letter.
                let (letters, looks) = confusable_skeleton(text);
                let each_like = |text: &str| -> String {
                    text.chars()
                        .map(|c| {
                            if c.is_ascii() {
                                c.to_string()
                            } else {
                                skeleton(c.encode_utf8(&mut [0; 4])).collect()
                            }
                        })
                        .collect()
                };
                let like_letters = each_like(&letters);
                let like = if letters == without_percent_encodings(text) {
                    each_like(text)
                } else {
                    like_letters.clone()
                };
                if like_letters == looks {
                    whole(&format!("can pass for {}", quoted(&like)))
                } else {
                    whole(&format!(
                        "can pass for {} (its UTS #39 skeleton is {})",
                        quoted(&like),
                        quoted(&looks)
                    ))
                }
            }
            LintCode::LookalikeDelimiter
                if lint_class(text_first(text)).bidi() == LintClass::NSM =>
            {
                format!(
                    "{} starts the {} and is drawn on the delimiter before it, which it makes \
                     look like another character",
                    code_points(text),
                    self.kind.name()
                )
            }
            LintCode::LookalikeDelimiter
                if self.kind == PartKind::Label && is_lookalike_mapped(text_first(text)) =>
            {
                // What IDNA maps it to, and the look-alike in that.
                let c = text.chars().next().unwrap_or_default();
                let mapped = idna_mapped(text);
                let like = mapped.chars().find(|&m| is_lookalike(m as u32));
                let like = like.unwrap_or_default();
                format!(
                    "{} is {} in a host name (UTS #46), where {} looks like {:?}",
                    code_point(c),
                    quoted(&mapped),
                    code_point(like),
                    crate::tables::delimiter_like(like.encode_utf8(&mut [0; 4]))
                )
            }
            LintCode::LookalikeDelimiter => {
                let c = text.chars().next().unwrap_or_default();
                // Of one character: a run of it (`runs`) is said so. A middle dot in a host
                // label looks like the dot between labels (L6).
                let dot = self.kind == PartKind::Label && is_lookalike_dot(c as u32);
                let like = if dot {
                    ".".to_string()
                } else {
                    crate::tables::delimiter_like(c.encode_utf8(&mut [0; 4]))
                };
                let what = if dot {
                    "the dot between the labels of a host name"
                } else if like.chars().count() > 1 {
                    "delimiters of the syntax or unwise characters"
                } else {
                    "a delimiter of the syntax, a space or an unwise character"
                };
                if self.gathered > 0 {
                    format!(
                        "{} and {} more such characters in the next {} bytes look like \
                         delimiters of the syntax, spaces or unwise characters ({} looks like \
                         {like:?})",
                        code_point(c),
                        self.gathered - 1,
                        self.len,
                        code_point(c)
                    )
                } else {
                    format!(
                        "{}{} looks like {like:?}, {what}",
                        code_point(c),
                        in_a_row(text)
                    )
                }
            }
            LintCode::NotNfc => whole("changes under NFC: an IRI should be in NFC"),
            LintCode::NotNfkc => whole(&format!(
                "changes under NFKC (to {}): compatibility characters should be avoided \
                     outside the query",
                quoted_chars(text.nfkc())
            )),
            LintCode::Invisible => {
                let c = text.chars().next().unwrap_or_default();
                if self.gathered > 0 {
                    format!(
                        "{} and {} more such characters in the next {} bytes cannot be seen or \
                         transcribed",
                        code_point(c),
                        self.gathered - 1,
                        self.len
                    )
                } else {
                    format!(
                        "{}{} cannot be seen or transcribed",
                        code_point(c),
                        in_a_row(text)
                    )
                }
            }
        };
        if self.more > 0 {
            let lints = if self.more == 1 {
                "lint after it in this IRI is"
            } else {
                "lints after it in this IRI are"
            };
            format!(
                "{said} ({}); {} more {} {lints} left out",
                self.code.section(),
                self.more,
                self.code
            )
        } else {
            format!("{said} ({})", self.code.section())
        }
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
/// [`LintCode::ALL`]. An IRI of ASCII characters alone has none. A run of one invisible
/// character or look-alike is one lint, and a component gets at most 16 lints of each of those
/// two codes: the 16th covers the rest of them and says how many it holds. An IRI gets at most
/// 64 lints of a code: the 64th says how many were left out after it.
///
/// Its components are found and summed up in one pass (module `divided`), a lookup in the
/// generated table of build/lint.rs a non-ASCII character; each is judged from its summary and
/// those of its neighbours (`bidi-digit-adjacent` looks at both), and read again only where the
/// summary finds a lint likely. Without a right-to-left character, only components with
/// non-ASCII characters can have a lint, and only those are read.
pub fn lint(iri: &IriRef<'_>) -> Vec<Lint> {
    let mut lints = Found::new(MOST_OF_A_CODE);
    lint_into(iri, &mut lints);
    lints.lints
}

/// Calls `each` with each component of `iri` that may have a lint (one with a non-ASCII
/// character, or beside a right-to-left one), in order, and its lints: every lint of the
/// component, but for at most 16 of each of the codes of characters ([`runs`]), whose
/// characters [`encoded_chars`] finds. What the display form edits, a component at a time, so
/// that a line of millions of components takes the memory of one.
pub(crate) fn for_each_linted_part(iri: &IriRef<'_>, mut each: impl FnMut(Part, &[Lint])) {
    if crate::simd::is_ascii(iri.as_str().as_bytes()) {
        return;
    }
    let linted = Linted::new(iri);
    let mut lints = Found::new(usize::MAX);
    let mut in_order = InOrder::new(&linted, &mut lints);
    in_order.sink = Some(&mut each);
    for_each_part(iri, |part, summary| in_order.push(part, summary));
    in_order.finish();
}

/// The most lints of one code an IRI gets from [`lint`]: those after are counted in the last,
/// so that a line of megabytes of components that each have a lint takes a few kilobytes to
/// report, not gigabytes. No IRI met in use comes near it.
const MOST_OF_A_CODE: usize = 64;

/// The lints found so far, at most `most` of a code: a lint of a code that has as many is
/// counted in the last of them.
struct Found {
    lints: Vec<Lint>,
    /// For each code of [`LintCode::ALL`], how many lints it has and where its last one is.
    of_code: [(usize, usize); LintCode::ALL.len()],
    most: usize,
}

impl Found {
    fn new(most: usize) -> Self {
        Found {
            lints: Vec::new(),
            of_code: [(0, 0); LintCode::ALL.len()],
            most,
        }
    }

    /// Whether a lint of `code` is to be made; when the code has its most, the lint is
    /// counted in its last one instead.
    fn room_for(&mut self, code: LintCode) -> bool {
        let (count, last) = &mut self.of_code[code as usize];
        if *count < self.most {
            *count += 1;
            *last = self.lints.len();
            true
        } else {
            self.lints[*last].more += 1;
            false
        }
    }

    fn push(&mut self, lint: Lint) {
        self.lints.push(lint);
    }

    fn clear(&mut self) {
        self.lints.clear();
        self.of_code = [(0, 0); LintCode::ALL.len()];
    }
}

/// Adds the lints of `iri` to `lints`.
fn lint_into(iri: &IriRef<'_>, lints: &mut Found) {
    let input = iri.as_str();
    // The scanner counted the octets >= 0x80, if it read the IRI a line at a time.
    let ascii = iri.scan_hint().map_or_else(
        || crate::simd::is_ascii(input.as_bytes()),
        |h| h.non_ascii == 0,
    );
    if ascii {
        return;
    }
    let masks = (input.len() <= divided::MAX_LEN)
        .then(|| crate::simd::lint_masks(input.as_bytes()))
        .flatten();
    let linted = Linted::new(iri);
    match masks.as_ref().and_then(|m| Divided::new(iri, m)) {
        Some(d) => lint_divided(&linted, &d, lints),
        None => lint_by_bytes(&linted, lints),
    }
}

/// The IRI being linted: its text, and whether the top-level label of its host is beyond
/// ASCII, read once where a label needs it (L5): read for each label, a host of many took
/// time n².
struct Linted<'a> {
    iri: &'a IriRef<'a>,
    top_level_beyond_ascii: std::cell::OnceCell<bool>,
}

impl<'a> Linted<'a> {
    fn new(iri: &'a IriRef<'a>) -> Self {
        Linted {
            iri,
            top_level_beyond_ascii: std::cell::OnceCell::new(),
        }
    }

    /// Whether the host's top-level label, the last of several (a root dot aside), is beyond
    /// ASCII, as written or in ACE form (".рф", "xn--p1ai"): the host name is not an ASCII one,
    /// nor can pass for one, whatever its other labels look like (L5).
    fn top_level_beyond_ascii(&self) -> bool {
        *self.top_level_beyond_ascii.get_or_init(|| {
            use crate::map::host::DOTS;
            let (from, end) = self.iri.divided_ranges()[1];
            let host = &self.iri.as_str()[from..end];
            let host = host.strip_suffix(DOTS).unwrap_or(host);
            let Some(at) = host.rfind(DOTS) else {
                return false;
            };
            let top = host[at..].trim_start_matches(DOTS);
            !top.is_ascii()
                || top
                    .get(..4)
                    .is_some_and(|ace| ace.eq_ignore_ascii_case("xn--"))
        })
    }
}

/// Appends the lints of `iri` to `lints`, its components found by the byte walk.
fn lint_by_bytes(iri: &Linted<'_>, lints: &mut Found) {
    let mut in_order = InOrder::new(iri, lints);
    for_each_part(iri.iri, |part, summary| in_order.push(part, summary));
    in_order.finish();
}

/// Appends the lints of `input`, divided as `d`, to `lints`. Without a right-to-left character,
/// only the components with a non-ASCII character are read; with one, every component is, since
/// the bidi lints look at the neighbours of a right-to-left component.
#[inline(always)]
fn lint_divided(iri: &Linted<'_>, d: &Divided<'_>, lints: &mut Found) {
    if !d.may_be_right_to_left() {
        let left_to_right = d.each_non_ascii(|part, s| {
            if s.may_have_lints() {
                lint_part(iri, part, s, [false; 2], lints);
            }
        });
        if left_to_right {
            return;
        }
        lints.clear();
    }
    let mut in_order = InOrder::new(iri, lints);
    d.each_part(|part, summary| in_order.push(part, summary));
    in_order.finish();
}

/// Judges the components of an IRI given in order, each when the next is known: whether that
/// one has right-to-left characters is what `bidi-digit-adjacent` looks at.
struct InOrder<'a> {
    iri: &'a Linted<'a>,
    lints: &'a mut Found,
    pending: Option<(Part, Summary)>,
    rtl_before: bool,
    /// Where each component's lints go once it is judged, if anywhere: they are cleared then.
    sink: Option<&'a mut PartSink<'a>>,
}

/// What takes a component and its lints ([`for_each_linted_part`]).
type PartSink<'a> = dyn FnMut(Part, &[Lint]) + 'a;

impl<'a> InOrder<'a> {
    fn new(iri: &'a Linted<'a>, lints: &'a mut Found) -> Self {
        InOrder {
            iri,
            lints,
            pending: None,
            rtl_before: false,
            sink: None,
        }
    }

    /// The next component and its summary.
    #[inline(always)]
    fn push(&mut self, part: Part, summary: &Summary) {
        if let Some((p, s)) = self.pending.take() {
            self.judge(p, &s, summary.has(LintClass::RTL));
            self.rtl_before = s.has(LintClass::RTL);
        }
        self.pending = Some((part, *summary));
    }

    /// Judges the last component.
    fn finish(mut self) {
        if let Some((p, s)) = self.pending.take() {
            self.judge(p, &s, false);
        }
    }

    #[inline(always)]
    fn judge(&mut self, part: Part, s: &Summary, rtl_after: bool) {
        let rtl_beside = [self.rtl_before, rtl_after];
        // An ASCII component has no lint but beside a right-to-left one.
        if s.non_ascii || rtl_beside != [false; 2] {
            lint_part(self.iri, part, s, rtl_beside, self.lints);
            if let Some(sink) = self.sink.as_mut() {
                sink(part, &self.lints.lints);
                self.lints.clear();
            }
        }
    }
}

/// Appends the lints of the component `part` of `input`, of summary `summary`, whose neighbours
/// before and after have right-to-left characters or not (`rtl_beside`).
fn lint_part(
    iri: &Linted<'_>,
    part: Part,
    summary: &Summary,
    rtl_beside: [bool; 2],
    lints: &mut Found,
) {
    let input = iri.iri.as_str();
    let has_rtl = summary.has(LintClass::RTL);
    let text = part.text(input);
    let part_of_segment = part.kind == PartKind::Segment
        && (input[..part.start].ends_with('.') || input[part.end..].starts_with('.'));
    let mut push = |code: LintCode, offset: usize, len: usize, after: bool, gathered: usize| {
        if !lints.room_for(code) {
            return;
        }
        lints.push(Lint {
            code,
            component: part.kind.component(),
            offset,
            len,
            kind: part.kind,
            text: input[offset..offset + len].into(),
            after,
            part_of_segment,
            gathered,
            more: 0,
        });
    };
    let (at, len) = (part.start, text.len());
    // 4.2 rule 1 and rule 2.
    if has_rtl && summary.has(LintClass::L) {
        push(LintCode::BidiMixed, at, len, false, 0);
    }
    if has_rtl && edges(text) != (LintClass::RTL, LintClass::RTL) {
        push(LintCode::BidiEdge, at, len, false, 0);
    }
    // 4.4 examples 10 and 11: digits beside a right-to-left component.
    if !has_rtl && (rtl_beside[0] || rtl_beside[1]) {
        let (first, last) = number_edges(text);
        let after = rtl_beside[0] && first == LintClass::DIGIT;
        let before = rtl_beside[1] && last == LintClass::DIGIT;
        if after || before {
            push(LintCode::BidiDigitAdjacent, at, len, after, 0);
        }
    }
    if !summary.non_ascii {
        return;
    }
    // UTS #39 5.1 resolved script set, and 5.2's "highly restrictive" level.
    let scripts = summary.scripts(text);
    if scripts.mixed() || scripts.complex && mixed_with_complex(text, &scripts) {
        push(LintCode::MixedScript, at, len, false, 0);
    }
    // UTS #39 4: the skeleton, ASCII, of a component with non-ASCII letters or digits like
    // ASCII ones, or of a host label with any non-ASCII character (a hyphen, a sign: it names
    // another host than the one it passes for); a skeleton is ASCII exactly when the skeleton
    // of each character is, and every ASCII character's is. For a host label, also that of the
    // label as IDNA maps it, for which alone some characters have the flag. A label passes for
    // an ASCII host name only where its skeleton could be one, and neither a top-level one, not
    // chosen by who would spoof, nor one under a top-level label that is not ASCII does (L5).
    let label = part.kind == PartKind::Label;
    if (summary.any & LintClass::LETTER != 0 || label)
        && summary.all & LintClass::ASCII_SKELETON != 0
        && (!text
            .chars()
            .any(|c| !c.is_ascii() && is_mapped_ascii(c as u32))
            || label && mapped_looks_ascii(text))
        && (!label && names_something(text)
            || label
                && passes_for_a_host_name(text)
                && !is_top_level(input, part)
                && !iri.top_level_beyond_ascii())
    {
        push(LintCode::Confusable, at, len, false, 0);
    }
    // 6.1 b: the marks a component starts with change how the delimiter before looks, as the
    // display form shows them (L6, L10); none stands before the start of a relative reference.
    let marks = if summary.leading_mark && at > 0 {
        leading_marks(text)
    } else {
        0
    };
    if marks > 0 {
        push(LintCode::LookalikeDelimiter, at, marks, false, 0);
    }
    if summary.any & LintClass::RARE != 0 {
        let found = text
            .char_indices()
            .skip_while(|&(i, _)| i < marks)
            .filter(|&(i, c)| is_lookalike_at(text, part.kind, i, c));
        for (i, len, gathered) in runs(found, MOST_RUNS) {
            push(LintCode::LookalikeDelimiter, at + i, len, false, gathered);
        }
    }
    // 3.1, 5.3.2.2, 8.5: from the ASCII delimiter before the component, which a mark after it
    // may compose with ("=" and U+0338 are "≠"); the dots of RFC 3490 3.1 compose with none.
    if summary.any & LintClass::NOT_QUICK != 0 || summary.combining_pair {
        let before = usize::from(at > 0 && input.as_bytes()[at - 1].is_ascii());
        let normal = &input[at - before..part.end];
        // UAX #15 9: the quick check, and where it says "maybe", whether a character may
        // compose with the one before.
        if !composes_nothing(normal) {
            if !is_nfc(normal) {
                push(LintCode::NotNfc, at, len, false, 0);
            } else if part.kind.component() != Component::Query && !is_nfkc(normal) {
                push(LintCode::NotNfkc, at, len, false, 0);
            }
        }
    }
    if summary.any & LintClass::RARE != 0 {
        let found = text
            .char_indices()
            .filter(|&(i, c)| is_invisible_at(text, part.kind, i, c));
        for (i, len, gathered) in runs(found, MOST_RUNS) {
            push(LintCode::Invisible, at + i, len, false, gathered);
        }
    }
}

/// Whether `c`, at `i` in the component `text` of kind `kind`, after the marks it starts with,
/// looks like a delimiter (`lookalike-delimiter`, L6).
fn is_lookalike_at(text: &str, kind: PartKind, i: usize, c: char) -> bool {
    let cp = c as u32;
    if lint_class(cp).0 & LintClass::RARE == 0 {
        return false;
    }
    // In a host, the dots of RFC 3490 3.1 separate labels; and a letter that looks like a
    // delimiter that ends one makes it seem to end there, also in the userinfo, which is read
    // where the host is ("google.comノlogin@evil.com").
    let label = kind == PartKind::Label;
    let where_a_host_is_read = label || kind == PartKind::Userinfo;
    is_lookalike(cp) && !(label && crate::map::host::DOTS.contains(&c))
        || where_a_host_is_read && is_lookalike_letter(cp) && !beside_its_script(text, i, c)
        || label && is_lookalike_mapped(cp)
        || label && is_lookalike_dot(cp) && !dot_in_context(text, i, c)
}

/// Whether `c`, at `i` in the component `text` of kind `kind`, cannot be seen or transcribed
/// where it stands (`invisible`, L8).
fn is_invisible_at(text: &str, kind: PartKind, i: usize, c: char) -> bool {
    lint_class(c as u32).0 & LintClass::RARE != 0
        && is_invisible(c as u32)
        && !drawn_in_context(text, i, c, kind == PartKind::Label)
}

/// The characters of the component `text` of kind `kind` that the display form percent-encodes,
/// with their offsets: the invisible ones and the look-alikes of delimiters, those among the
/// marks it starts with aside (`marks` bytes, which the display form encodes whole).
pub(crate) fn encoded_chars(
    text: &str,
    kind: PartKind,
    marks: usize,
) -> impl Iterator<Item = (usize, char)> + '_ {
    text.char_indices().filter(move |&(i, c)| {
        i >= marks && is_lookalike_at(text, kind, i, c) || is_invisible_at(text, kind, i, c)
    })
}

/// The most lints of one code a component gets for the characters [`runs`] finds: those after
/// are gathered in the last, so that a line of megabytes of them apart (U+00A0 and a letter in
/// turn) gets a few lints, not millions.
const MOST_RUNS: usize = 16;

/// The runs of one character among the characters `found` at their offsets, in order, as
/// (offset, length, 0): one lint a run, so that a line of megabytes of one character gets two
/// lints, not millions. After `most` less one, the rest are one, from the first of them to the
/// end of the last, with the number of characters it holds.
fn runs(found: impl Iterator<Item = (usize, char)>, most: usize) -> Vec<(usize, usize, usize)> {
    let mut runs: Vec<(usize, usize, char)> = Vec::new();
    let mut gathered = 0;
    for (at, c) in found {
        let n = c.len_utf8();
        let full = runs.len() == most;
        if let Some((from, len, last)) = runs.last_mut() {
            if gathered > 0 {
                (*len, gathered) = (at + n - *from, gathered + 1);
                continue;
            }
            if *last == c && *from + *len == at {
                *len += n;
                continue;
            }
            if full {
                // The last run and this character start the gathering.
                gathered = *len / last.len_utf8() + 1;
                *len = at + n - *from;
                continue;
            }
        }
        runs.push((at, n, c));
    }
    let last = runs.len().saturating_sub(1);
    runs.into_iter()
        .enumerate()
        .map(|(k, (at, len, _))| (at, len, if k == last { gathered } else { 0 }))
        .collect()
}

/// The kinds of component 4.2 divides an IRI into, and the port, whose digits the bidi
/// algorithm reorders as a component's (docs/spec-choices.md L3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PartKind {
    Userinfo,
    /// A label of a registered name, or a number of an IPv4 address.
    Label,
    Port,
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
            PartKind::Port => Component::Port,
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
            PartKind::Port => "port",
            PartKind::Segment => "path segment",
            PartKind::QueryName => "query name",
            PartKind::QueryValue => "query value",
            PartKind::Fragment => "fragment",
        }
    }
}

/// One component of 4.2, as divided: its kind and its bytes in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// Calls `each` with the non-empty components of `iri` and their summaries, in the order of the
/// input: one walk of the bytes of each component of the IRI, cut at the delimiters that divide
/// it (4.2).
fn for_each_part(iri: &IriRef<'_>, mut each: impl FnMut(Part, &Summary)) {
    let b = iri.as_str().as_bytes();
    let regions = [
        Region::Userinfo,
        Region::Host,
        Region::Port,
        Region::Path,
        Region::Query,
        Region::Fragment,
    ];
    for (region, (from, end)) in regions.into_iter().zip(iri.divided_ranges()) {
        walk(b, region, from, end - from, &mut each);
    }
}

/// The components of an IRI that 4.2 divides further, each at its own delimiters.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Region {
    Userinfo,
    /// Labels, at "." and the dots of RFC 3490 3.1 (U+3002, U+FF0E, U+FF61); the numbers of an
    /// IPv4 address at ".".
    Host,
    Port,
    /// Segments at "/", and the dot-separated parts of each.
    Path,
    /// Pairs at "&" and ";", each name at its first "=".
    Query,
    Fragment,
}

/// What the walk needs of an ASCII byte: whether it is a letter (of the Latin script, and
/// left-to-right), a "%", or a delimiter of a [`Region`].
const ASCII_LETTER: u8 = 1;
const ASCII_PERCENT: u8 = 1 << 1;
const ASCII_DOT: u8 = 1 << 4;
const ASCII_SLASH: u8 = 1 << 5;
const ASCII_AMPERSAND: u8 = 1 << 6;
const ASCII_EQUALS: u8 = 1 << 7;
static ASCII_KINDS: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        t[b] = match b as u8 {
            b'a'..=b'z' | b'A'..=b'Z' => ASCII_LETTER,
            b'%' => ASCII_PERCENT,
            b'.' => ASCII_DOT,
            b'/' => ASCII_SLASH,
            b'&' | b';' => ASCII_AMPERSAND,
            b'=' => ASCII_EQUALS,
            _ => 0,
        };
        b += 1;
    }
    t
};

/// The bidi kind of [`LintClass`] of an ASCII byte.
fn ascii_kind(c: u8) -> u8 {
    match c {
        b'a'..=b'z' | b'A'..=b'Z' => LintClass::L,
        b'0'..=b'9' => LintClass::DIGIT,
        _ => LintClass::OTHER,
    }
}

/// Walks the `len` bytes of `region` from `start` in `b`, calling `each` with each non-empty
/// component and its summary.
#[inline(always)]
fn walk(b: &[u8], region: Region, start: usize, len: usize, each: &mut impl FnMut(Part, &Summary)) {
    let end = start + len;
    let (mut kind, mut delimiters) = match region {
        Region::Userinfo => (PartKind::Userinfo, 0),
        Region::Host => (PartKind::Label, ASCII_DOT),
        Region::Port => (PartKind::Port, 0),
        Region::Path => (PartKind::Segment, ASCII_DOT | ASCII_SLASH),
        Region::Query => (PartKind::QueryName, ASCII_AMPERSAND | ASCII_EQUALS),
        Region::Fragment => (PartKind::Fragment, 0),
    };
    let mut emit = |kind: PartKind, start: usize, end: usize, summary: Summary| {
        if end > start {
            each(Part { kind, start, end }, &summary);
        }
    };
    let (mut from, mut s) = (start, Summary::EMPTY);
    // Where the last non-ASCII character ends if it is a combining mark, and what the ASCII
    // bytes of the component are, OR-ed.
    let (mut mark_end, mut ascii) = (usize::MAX, 0u8);
    let mut i = start;
    while i < end {
        let c = b[i];
        if c < 0x80 {
            let k = ASCII_KINDS[usize::from(c)];
            if k & (delimiters | ASCII_PERCENT) == 0 {
                ascii |= k;
                i += 1;
                continue;
            }
            if k & delimiters != 0 {
                emit(kind, from, i, s.with_ascii(ascii));
                ascii = 0;
                if region == Region::Query {
                    (kind, delimiters) = if k & ASCII_EQUALS != 0 {
                        (PartKind::QueryValue, ASCII_AMPERSAND)
                    } else {
                        (PartKind::QueryName, ASCII_AMPERSAND | ASCII_EQUALS)
                    };
                }
                (from, s, i) = (i + 1, Summary::EMPTY, i + 1);
                continue;
            }
            s.kinds |= percent_kinds(b, i);
            i += 3;
        } else {
            let (cp, n) = decode_utf8(b, i);
            if region == Region::Host && matches!(cp, 0x3002 | 0xFF0E | 0xFF61) {
                emit(kind, from, i, s.with_ascii(ascii));
                (from, s, ascii, i) = (i + n, Summary::EMPTY, 0, i + n);
                continue;
            }
            let class = lint_class(cp);
            s.leading_mark |= i == from && class.bidi() == LintClass::NSM;
            s.add(class, i, n, &mut mark_end);
            i += n;
        }
    }
    emit(kind, from, end, s.with_ascii(ascii));
}

/// The bidi kinds, bits of [`Summary::kinds`], of the percent-encoding at `b[i]`: the character
/// it encodes if below 0x80, else the three characters as written (docs/spec-choices.md L2).
#[inline(always)]
fn percent_kinds(b: &[u8], i: usize) -> u8 {
    // In an IRI, a "%" starts a triplet.
    let octet = triplet_at(b, i).unwrap_or_default();
    if octet < 0x80 {
        1 << ascii_kind(octet)
    } else {
        1 << LintClass::OTHER | 1 << ascii_kind(b[i + 1]) | 1 << ascii_kind(b[i + 2])
    }
}

/// What the lints need of a component, read in one pass: the bidi kinds of its characters (a
/// percent-encoded octet below 0x80 read as the character it encodes, the others as written:
/// docs/spec-choices.md L2), the flags of its non-ASCII characters, and its scripts
/// (percent-encoded octets skipped for those).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Summary {
    /// Whether it holds a non-ASCII character.
    non_ascii: bool,
    /// Bit `k` for each bidi kind `k` of [`LintClass`] of its characters.
    kinds: u8,
    /// The flags of [`LintClass`] that some non-ASCII character has.
    any: u16,
    /// The flags of [`LintClass`] that every non-ASCII character has.
    all: u16,
    /// Whether two characters in a row have a non-zero Canonical_Combining_Class.
    combining_pair: bool,
    /// Whether it holds an ASCII letter (of the Latin script).
    latin: bool,
    /// Whether it starts with a non-spacing mark, which is drawn on the delimiter before it.
    leading_mark: bool,
    /// The script byte of [`LintClass`] of its first non-ASCII character of a script, and
    /// whether another script follows.
    script: u8,
    several_scripts: bool,
}

impl Summary {
    const EMPTY: Summary = Summary {
        non_ascii: false,
        kinds: 0,
        any: 0,
        all: u16::MAX,
        combining_pair: false,
        latin: false,
        leading_mark: false,
        script: 0,
        several_scripts: false,
    };

    /// Adds the non-ASCII character of class `class` at `i`, of `n` bytes; `mark_end` is where
    /// the character before ends if it is a combining mark, `usize::MAX` otherwise, and becomes
    /// that of this one.
    #[inline(always)]
    fn add(&mut self, class: LintClass, i: usize, n: usize, mark_end: &mut usize) {
        self.non_ascii = true;
        self.any |= class.0;
        self.all &= class.0;
        self.kinds |= 1 << class.bidi();
        let mark = class.0 & LintClass::COMBINING != 0;
        self.combining_pair |= mark && *mark_end == i;
        *mark_end = if mark { i + n } else { usize::MAX };
        // Without a branch on the class, which would wait for its load.
        let script = class.script();
        let first = if self.script == 0 {
            script
        } else {
            self.script
        };
        self.several_scripts |= script != 0 && script != first;
        self.script = first;
    }

    /// Whether a character of bidi kind `kind` is in the component.
    fn has(&self, kind: u8) -> bool {
        self.kinds & 1 << kind != 0
    }

    /// The summary once the component is read, whose ASCII bytes OR-ed in [`ASCII_KINDS`] are
    /// `ascii`: an ASCII letter is left-to-right and of the Latin script.
    #[inline(always)]
    fn with_ascii(mut self, ascii: u8) -> Summary {
        if ascii & ASCII_LETTER != 0 {
            self.latin = true;
            self.kinds |= 1 << LintClass::L;
        }
        self
    }

    /// Whether [`lint_part`] may find a lint in a component of this summary whose neighbours
    /// have no right-to-left character: false when its non-ASCII characters are of one script
    /// (that may go with Latin, if it has ASCII letters), none is rare or not "yes" for the
    /// quick checks of NFC and NFKC, no two marks are in a row, and it is not confusable.
    fn may_have_lints(&self) -> bool {
        if self.several_scripts
            || self.combining_pair
            || self.leading_mark
            || self.has(LintClass::RTL)
            || self.any & (LintClass::RARE | LintClass::NOT_QUICK) != 0
            || self.non_ascii && self.all & LintClass::ASCII_SKELETON != 0
        {
            return true;
        }
        let scripts = self.one_script();
        scripts.complex || scripts.mixed()
    }

    /// The scripts of a component whose non-ASCII characters are of one script (not
    /// `several_scripts`): that one, and Latin if it has ASCII letters.
    fn one_script(&self) -> Scripts {
        let mut scripts = Scripts::default();
        scripts.push(self.script);
        if self.latin {
            scripts.push(LintClass::LATIN);
        }
        scripts
    }

    /// The scripts of `text`, the component summed up: from the summary when its non-ASCII
    /// characters are of one script, else read again (ASCII letters are of the Latin script).
    fn scripts(&self, text: &str) -> Scripts {
        if !self.several_scripts {
            return self.one_script();
        }
        let mut scripts = Scripts::default();
        for c in letters(text) {
            scripts.push(lint_class(c as u32).script());
        }
        scripts
    }
}

/// The bidi kinds of the first character of `text` and of its last one, where non-spacing marks
/// after the last are part of it (4.2 rule 2), read as [`Summary`] reads them: as [`edges_read`]
/// finds them reading the whole of `text`, from its first character and from its last ones
/// backwards (tested).
fn edges(text: &str) -> (u8, u8) {
    let b = text.as_bytes();
    if b.is_empty() {
        return (LintClass::OTHER, LintClass::OTHER);
    }
    // A percent-encoded octet of 0x80 or more is its three characters, the first a "%".
    let first = match triplet_at(b, 0) {
        Some(octet) if octet < 0x80 => ascii_kind(octet),
        Some(_) => LintClass::OTHER,
        None => lint_class(decode_utf8(b, 0).0).bidi(),
    };
    // The last character that is not a non-spacing mark is the last, but for one of no bidi
    // kind of its own (OTHER) before marks, which then count (as `edges_read` has it).
    let (mut end, mut marks) = (b.len(), false);
    while end > 0 {
        // In an IRI, a "%" starts a triplet, and two hexadecimal digits follow it.
        let (kind, start) = if end >= 3 && b[end - 3] == b'%' {
            let octet = triplet_at(b, end - 3).unwrap_or_default();
            let kind = if octet < 0x80 {
                ascii_kind(octet)
            } else {
                ascii_kind(b[end - 1])
            };
            (kind, end - 3)
        } else {
            let mut start = end - 1;
            while b[start] & 0xC0 == 0x80 {
                start -= 1;
            }
            (lint_class(decode_utf8(b, start).0).bidi(), start)
        };
        if kind != LintClass::NSM {
            let last = if kind == LintClass::OTHER && marks {
                LintClass::NSM
            } else {
                kind
            };
            return (first, last);
        }
        (end, marks) = (start, true);
    }
    (first, LintClass::NSM)
}

/// The bidi kinds of the first and the last characters of `text` that have one of their own
/// (L, right-to-left, a digit), marks and neutrals aside: signs and punctuation before or
/// after a number (`+972`, `$5`, `(1)`), which 4.4 example 8 says act with it, take the
/// direction of a right-to-left neighbour (UAX #9 W5, N1), so the number is reordered with
/// it as a bare one is (L3).
fn number_edges(text: &str) -> (u8, u8) {
    let (mut first, mut last) = (LintClass::OTHER, LintClass::OTHER);
    each_bidi_kind(text, |k| {
        if k != LintClass::OTHER && k != LintClass::NSM {
            if first == LintClass::OTHER {
                first = k;
            }
            last = k;
        }
    });
    (first, last)
}

/// The bidi kind of each character of `text` in order, a percent-encoded octet below 0x80 as
/// the character it encodes and one above as its three characters (L2).
fn each_bidi_kind(text: &str, mut kind: impl FnMut(u8)) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if let Some(octet) = triplet_at(b, i) {
            if octet < 0x80 {
                kind(ascii_kind(octet));
            } else {
                for &c in &b[i..i + 3] {
                    kind(ascii_kind(c));
                }
            }
            i += 3;
        } else {
            let (cp, n) = decode_utf8(b, i);
            kind(lint_class(cp).bidi());
            i += n;
        }
    }
}

/// [`edges`], reading every character of `text` in order.
#[cfg(test)]
fn edges_read(text: &str) -> (u8, u8) {
    let (mut first, mut last) = (None, LintClass::OTHER);
    each_bidi_kind(text, |k| {
        first.get_or_insert(k);
        if k != LintClass::NSM || last == LintClass::OTHER {
            last = k;
        }
    });
    (first.unwrap_or(LintClass::OTHER), last)
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

/// Whether the letters of `text`, of which those of one script are summed up in `scripts` and
/// the others are of [`LintClass::SCRIPT_COMPLEX`], are not of one script at the "highly
/// restrictive" level: [`mixed_scripts`], with `unicode-security` asked only of the complex
/// ones.
fn mixed_with_complex(text: &str, scripts: &Scripts) -> bool {
    if scripts.others {
        return true;
    }
    let (mut all, mut others) = (AugmentedScriptSet::default(), AugmentedScriptSet::default());
    let mut with = |set: AugmentedScriptSet, latin: bool| {
        all.intersect_with(set);
        if !latin {
            others.intersect_with(set);
        }
    };
    let ids = (1..=LintClass::BOPOMOFO).filter(|&id| scripts.named & 1 << (id - 1) != 0);
    for id in ids.chain((scripts.other != 0).then_some(scripts.other)) {
        let script = LINT_SCRIPTS[usize::from(id - 1)];
        with(ScriptExtension::from(script).into(), id == LintClass::LATIN);
    }
    for c in letters(text) {
        if lint_class(c as u32).script() == LintClass::SCRIPT_COMPLEX {
            with(AugmentedScriptSet::for_char(c), c.script() == Script::Latin);
        }
    }
    all.is_empty() && !(others.jpan || others.hanb || others.kore)
}

/// Whether `c`, at `i` in the component `text`, is a joiner or a variation selector where it
/// changes what is drawn, and so is seen (L8):
/// - ZWNJ or ZWJ where RFC 5892 A.1 and A.2 allow it in a domain name (CONTEXTJ): after a
///   virama that follows a letter of the component, or, for ZWNJ, between a letter that joins
///   to what follows (Joining_Type L or D) and one that joins to what precedes (R or D),
///   transparent marks (T) aside. There it is part of the spelling (Persian "می‌خواهم").
/// - Outside a host label (`label`), where IDNA refuses the one and maps the other to nothing:
///   - ZWJ in an emoji ZWJ sequence (UTS #51 1.4.9): between two Extended_Pictographic
///     characters, a skin tone or a variation selector after the first, as UAX #29 GB11
///     keeps them in one grapheme (the family "👨‍👩‍👧");
///   - U+FE0E or U+FE0F after a character of Emoji, whose text or emoji presentation it picks
///     (UTS #51 1.4.3: "❤️"), but after an ASCII one ("1", "#", "*"), which it draws otherwise
///     only in a keycap ("1️⃣").
fn drawn_in_context(text: &str, i: usize, c: char, label: bool) -> bool {
    use crate::tables::{is_emoji, is_extended_pictographic, is_unified_ideograph, joining_type};
    let (before, after) = (&text[..i], &text[i + c.len_utf8()..]);
    if matches!(c, '\u{FE0E}' | '\u{FE0F}') {
        return !label
            && before.chars().next_back().is_some_and(|p| {
                is_emoji(p as u32) && (!p.is_ascii() || after.starts_with('\u{20E3}'))
            });
    }
    // Only a query holds one (3987bis 2.2 `iprivate`), which is no host label.
    if matches!(c, '\u{E0100}'..='\u{E01EF}') {
        return before
            .chars()
            .next_back()
            .is_some_and(|p| is_unified_ideograph(p as u32));
    }
    if c != '\u{200C}' && c != '\u{200D}' {
        return false;
    }
    // A ZWJ between a letter and a virama picks a form of the consonant (the Unicode Standard
    // 12.1: Devanagari's half forms; 12.2: Bengali ya-phala after ra), which IDNA refuses in a
    // host label (RFC 5892 A.2).
    if c == '\u{200D}'
        && !label
        && before.chars().next_back().is_some_and(char::is_alphabetic)
        && after
            .chars()
            .next()
            .is_some_and(|n| canonical_combining_class(n) == 9)
    {
        return true;
    }
    let mut back = before.chars().rev();
    if back
        .next()
        .is_some_and(|p| canonical_combining_class(p) == 9)
        && back.next().is_some()
    {
        return true;
    }
    if c == '\u{200D}' && !label {
        let modifier = |p: char| matches!(p, '\u{FE00}'..='\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}');
        let first = before.chars().rev().find(|&p| !modifier(p));
        let next = after.chars().next();
        return [first, next]
            .iter()
            .all(|p| p.is_some_and(|p| is_extended_pictographic(p as u32)));
    }
    let joins = |mut side: std::str::Chars<'_>, back: bool, kinds: &[u8]| {
        let mut next = || if back { side.next_back() } else { side.next() };
        loop {
            match next().map(|c| joining_type(c as u32)) {
                Some(Some(b'T')) => continue,
                Some(Some(kind)) => return kinds.contains(&kind),
                _ => return false,
            }
        }
    };
    c == '\u{200C}' && joins(before.chars(), true, b"LD") && joins(after.chars(), false, b"RD")
}

/// The host label `text`, without its percent-encoded octets, as UTS #46 maps it (4 step 1):
/// the name it resolves as.
pub(crate) fn idna_mapped(text: &str) -> String {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let letters = without_percent_encodings(text);
    let (mapped, _) =
        Uts46::new().to_unicode(letters.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    mapped.into_owned()
}

/// Whether the host label `text`, as IDNA maps it, has a letter that is not ASCII and a UTS #39
/// skeleton that is.
fn mapped_looks_ascii(text: &str) -> bool {
    let mapped = idna_mapped(text);
    mapped
        .chars()
        .any(|c| !c.is_ascii() && lint_class(c as u32).0 & LintClass::LETTER != 0)
        && skeleton(&mapped).all(|c| c.is_ascii())
}

/// Whether the host label `text`, of an ASCII skeleton as written or as IDNA maps it, has a
/// skeleton that could be an ASCII host name's label: letters, digits and hyphens (RFC 1123
/// 2.1). No host name holds the "'" of Hebrew "יוסי"'s skeleton "'lo'".
fn passes_for_a_host_name(text: &str) -> bool {
    let (_, looks) = confusable_skeleton(text);
    looks.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The letters of the `confusable` component `text` (its percent-encoded octets skipped) and
/// their UTS #39 skeleton, which is ASCII: as written, or, for a host label whose skeleton as
/// written is not, as IDNA maps it (L5).
fn confusable_skeleton(text: &str) -> (String, String) {
    let letters = without_percent_encodings(text);
    let looks: String = skeleton(&letters).collect();
    if looks.is_ascii() {
        return (letters, looks);
    }
    let mapped = idna_mapped(text);
    let looks = skeleton(&mapped).collect();
    (mapped, looks)
}

/// Whether the UTS #39 skeleton of the letters of `text` (its percent-encoded octets skipped)
/// holds an ASCII letter or digit: outside a host, what a component passes for is a name only
/// then ("ノ" looks like "/", L5).
fn names_something(text: &str) -> bool {
    skeleton(&without_percent_encodings(text)).any(|c| c.is_ascii_alphanumeric())
}

/// Whether the host label `part` of `input` is the last of several, a root dot aside: a
/// top-level domain, which IANA delegates (RFC 1591), so that who would spoof a name does not
/// choose it, and which is then of the script of its country (".срб", ".հայ").
fn is_top_level(input: &str, part: Part) -> bool {
    use crate::map::host::DOTS;
    let after = &input[part.end..];
    let after = after.strip_prefix(DOTS).unwrap_or(after);
    input[..part.start].ends_with(DOTS)
        && (after.is_empty() || after.starts_with(['/', '?', '#', ':']))
}

/// Whether a character of the script of `c`, at `i` in `text`, and beyond ASCII, stands right
/// before or after it (Script_Extensions that meet), itself no look-alike of a delimiter, and
/// no ASCII letter or digit does: a letter of a word of its script. Beside ASCII, as "ʔ" of the
/// Latin script in "comʔx", or beside another look-alike alone ("comノノx"), it passes for a
/// delimiter among the characters of a host name.
fn beside_its_script(text: &str, i: usize, c: char) -> bool {
    let scripts = c.script_extension();
    let before = text[..i].chars().next_back();
    let after = text[i + c.len_utf8()..].chars().next();
    let mut beside = [before, after].into_iter().flatten();
    if beside.clone().any(|n| n.is_ascii_alphanumeric()) {
        return false;
    }
    beside.any(|n| {
        let theirs = n.script_extension();
        !(n.is_ascii()
            || is_lookalike_letter(n as u32)
            || theirs.is_common()
            || theirs.is_inherited()
            || scripts.intersection(theirs).is_empty())
    })
}

/// Whether `c`, at `i` in the host label `text`, of the skeleton of U+00B7 MIDDLE DOT, stands
/// where it is no look-alike of the dot between labels (L6): where RFC 5892 allows U+00B7 and
/// U+30FB, or, a letter of a script, among letters of its own.
fn dot_in_context(text: &str, i: usize, c: char) -> bool {
    let before = text[..i].chars().next_back();
    let after = text[i + c.len_utf8()..].chars().next();
    match c {
        // RFC 5892 A.3: between two "l"s, Catalan's ela geminada ("col·legi"). U+0387 is
        // U+00B7 after NFC, and "L" is "l" after UTS #46's mapping.
        '\u{B7}' | '\u{387}' => {
            matches!(before, Some('l' | 'L')) && matches!(after, Some('l' | 'L'))
        }
        // A.7: in a label with Hiragana, Katakana or Han, and, for a lint, with one of them
        // beside it: one elsewhere in the label leaves a dot between ASCII words
        // ("paypal・com・login漢"). U+FF65 is U+30FB after UTS #46.
        '\u{30FB}' | '\u{FF65}' => [before, after].into_iter().flatten().any(|d| {
            matches!(
                d.script(),
                Script::Hiragana | Script::Katakana | Script::Han
            )
        }),
        _ => {
            c.is_alphanumeric()
                && !matches!(c.script(), Script::Common | Script::Inherited)
                && beside_its_script(text, i, c)
        }
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
#[cfg(test)]
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

/// The scripts of the letters of `text`, by name, in the order they come: a character's Script;
/// and a character of the Common or Inherited script used with some scripts only (its
/// Script_Extensions, which UTS #39 5.1 reads), with those scripts, where none of them is named
/// already (the acute accent of "א\u{301}" goes with Latin, Greek and others, not Hebrew). Names
/// as Unicode writes them, with spaces for underscores ("Tai Le").
fn script_names(text: &str) -> String {
    let name = |s: Script| s.full_name().replace('_', " ");
    let of_one =
        |c: char| Some(c.script()).filter(|s| !matches!(s, Script::Common | Script::Inherited));
    // Each script once: a character of several is looked for among them.
    let mut named: Vec<Script> = Vec::new();
    for script in letters(text).filter_map(of_one) {
        if !named.contains(&script) {
            named.push(script);
        }
    }
    let mut names: Vec<String> = Vec::new();
    for c in letters(text) {
        let this = match of_one(c) {
            Some(script) => name(script),
            None => {
                let ext = c.script_extension();
                if ext.is_common()
                    || ext.is_inherited()
                    || named.iter().any(|&s| ext.contains_script(s))
                {
                    continue;
                }
                let scripts: Vec<String> = ext.iter().map(name).collect();
                format!("U+{:04X} ({})", c as u32, scripts.join(" or "))
            }
        };
        if !names.contains(&this) {
            names.push(this);
        }
    }
    names.join(", ")
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

/// Whether `s` is shown to be in NFC and in NFKC by the quick check of UAX #15 9 (every
/// character "yes" or "maybe" for both, and the non-zero Canonical_Combining_Classes in order),
/// where each "maybe" does not compose with the character before it, the only one it could
/// compose with: a starter (Canonical_Combining_Class 0) may compose with the character right
/// before alone, and a mark right after a starter without a decomposition is not reordered.
/// False where it cannot tell.
fn composes_nothing(s: &str) -> bool {
    let (mut before, mut ccc_before): (Option<char>, u8) = (None, 0);
    for c in s.chars() {
        let class = lint_class(c as u32).0;
        let ccc = if class & LintClass::COMBINING != 0 {
            canonical_combining_class(c)
        } else {
            0
        };
        if ccc != 0 && ccc_before > ccc {
            return false;
        }
        if class & LintClass::NOT_QUICK != 0 {
            if !is_composing(c as u32) {
                return false;
            }
            if let Some(b) = before {
                if compose(b, c).is_some() || ccc != 0 && (ccc_before != 0 || decomposes(b)) {
                    return false;
                }
            }
        }
        (before, ccc_before) = (Some(c), ccc);
    }
    true
}

/// Whether `c` has a canonical decomposition.
fn decomposes(c: char) -> bool {
    let mut itself = true;
    decompose_canonical(c, |d| itself &= d == c);
    !itself
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

/// The most characters a message quotes of a text; a longer one is quoted by its ends, so that
/// a line of megabytes gets messages of a few hundred bytes.
const QUOTED_MAX: usize = 64;
/// How many characters of each end a longer text is quoted by.
const QUOTED_END: usize = 24;

/// `text` as [`quoted_chars`] quotes it.
fn quoted(text: &str) -> String {
    quoted_chars(text.chars())
}

/// The characters of `chars` in double quotes, escaped as Rust's `Debug` escapes them, and the
/// invisible ones too, which `Debug` leaves as they are where Unicode counts them as printable
/// (the Hangul fillers). More than [`QUOTED_MAX`] characters are quoted by their first and last
/// [`QUOTED_END`], with their count: `"abc"…"xyz" (1000 characters)`. Read once, in bounded
/// memory, whatever their number (NFKC makes 18 characters of U+FDFA).
fn quoted_chars(chars: impl Iterator<Item = char>) -> String {
    let (mut head, mut tail, mut count) = (String::new(), VecDeque::new(), 0usize);
    for c in chars {
        count += 1;
        if count <= QUOTED_MAX {
            head.push(c);
        }
        if tail.len() == QUOTED_END {
            tail.pop_front();
        }
        tail.push_back(c);
    }
    if count <= QUOTED_MAX {
        return escaped(&head);
    }
    let first: String = head.chars().take(QUOTED_END).collect();
    let last: String = tail.into_iter().collect();
    format!(
        "{}\u{2026}{} ({count} characters)",
        escaped(&first),
        escaped(&last)
    )
}

/// `text` in double quotes, escaped for [`quoted_chars`]: `"`, `\\` and control characters as
/// Rust writes them, invisible characters as `\u{...}`, and a combining mark so too where no
/// character it is drawn on stands before it in the quote (first, or after one escaped), as it
/// would be drawn on the quote; after a letter, a mark is written as it is (`"हिन्दी"`).
fn escaped(text: &str) -> String {
    let mut out = String::from('"');
    // Whether the character before was written as it is, so that a mark is drawn on it.
    let mut base = false;
    for c in text.chars() {
        let mark = unicode_normalization::char::is_combining_mark(c);
        if c == '"' || c == '\\' || c.is_control() {
            out.extend(c.escape_debug());
            base = false;
        } else if !c.is_ascii() && is_invisible(c as u32) || mark && !base {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
            base = false;
        } else {
            out.push(c);
            base = true;
        }
    }
    out.push('"');
    out
}

/// The code points of `text` as [`code_point`] writes them, apart; past [`QUOTED_END`] of them,
/// the first ones and their count.
fn code_points(text: &str) -> String {
    let mut said: Vec<String> = text.chars().take(QUOTED_END).map(code_point).collect();
    let count = text.chars().count();
    if count > QUOTED_END {
        said.push(format!("\u{2026} ({count} characters)"));
    }
    said.join(" ")
}

/// The code point of the first character of `text`, or 0.
fn text_first(text: &str) -> u32 {
    text.chars().next().map_or(0, |c| c as u32)
}

/// The length in bytes of the non-spacing and enclosing marks (Bidi_Class NSM) `text` starts
/// with.
pub(crate) fn leading_marks(text: &str) -> usize {
    text.char_indices()
        .find(|&(_, c)| c.is_ascii() || lint_class(c as u32).bidi() != LintClass::NSM)
        .map_or(text.len(), |(at, _)| at)
}

/// ", N in a row" for a run of N > 1 of one character, which a lint is about (see [`runs`]).
fn in_a_row(text: &str) -> String {
    match text.chars().count() {
        0 | 1 => String::new(),
        n => format!(", {n} in a row,"),
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

    /// Words of scripts whose vowel signs have NFC_Quick_Check Maybe, marks in order, and
    /// sequences that compose or that NFC reorders.
    #[test]
    fn composes_nothing_passes_words_and_stops_at_compositions() {
        let words = [
            "/বাংলা",
            "/கோயில்",
            "=മലയാളം",
            "/ਪੰਜਾਬੀ",
            "/한국어",
            "/ы\u{301}",
            "/\u{F40}\u{F72}",
            "/\u{915}\u{93C}\u{94D}",
            "/a\u{316}\u{315}",
        ];
        for word in words {
            assert!(composes_nothing(word), "{word}");
        }
        for word in [
            "/e\u{301}",
            "=\u{338}",
            "/\u{9C7}\u{9BE}",
            "/\u{1100}\u{1161}",
            "/\u{AC00}\u{11A8}",
            "/ﬁ",
            "/a\u{316}\u{315}\u{301}",
        ] {
            assert!(!composes_nothing(word), "{word}");
        }
    }

    proptest! {
        /// The edges found from both ends are those found reading the whole component:
        /// percent-encodings, marks (non-spacing U+0301, U+05B4, U+064B; spacing U+093E), digits,
        /// letters of both directions, and characters of no bidi kind of their own.
        #[test]
        fn edges_from_the_ends_are_those_read(text in "(%41|%31|%2D|%D7%90|%c3%a9|a|1|-|\\.|\u{301}|\u{5B4}|\u{64B}|\u{93E}|א|ب|٣|é|語|\u{200B}|’){0,6}") {
            prop_assert_eq!(edges(&text), edges_read(&text), "{:?}", text);
        }

        /// What the quick check passes is in NFC and in NFKC.
        #[test]
        fn composes_nothing_only_where_nothing_changes(text in "[/=ea\u{301}\u{323}\u{338}éàạ\u{9AC}\u{9C7}\u{9BE}\u{9D7}\u{9CB}\u{BC6}\u{BBE}\u{BD7}\u{1100}\u{1161}\u{11A8}\u{AC00}\u{AC01}\u{D46}\u{D3E}\u{1025}\u{102E}か\u{3099}\u{FB01}\u{FF21}\u{94D}\u{315}\u{316}ы\u{F40}\u{F72}\u{F71}\u{93C}\u{915}\u{929}]{1,5}") {
            if composes_nothing(&text) {
                prop_assert!(text.nfc().eq(text.chars()) && text.nfkc().eq(text.chars()), "{:?}", text);
            }
        }

        /// The scripts of the one pass decide as `unicode-security` does.
        #[test]
        fn scripts_decide_as_the_crate(text in "[a-zé0-9\\-ー、。\u{0300}\u{4E00}-\u{4E05}\u{3041}-\u{3045}\u{30A1}-\u{30A5}\u{AC00}-\u{AC03}\u{3105}-\u{3108}\u{0430}-\u{0435}\u{03B1}-\u{03B4}\u{05D0}-\u{05D3}\u{0627}\u{0660}\u{10A0}\u{064B}\u{0951}\u{0964}\u{0915}\u{3031}\u{0485}\u{1CD0}]{1,6}") {
            let mut scripts = Scripts::default();
            for c in text.chars() {
                scripts.push(lint_class(c as u32).script());
            }
            let slow = mixed_scripts(&text);
            if scripts.complex {
                prop_assert_eq!(scripts.mixed() || mixed_with_complex(&text, &scripts), slow, "{}", text);
            } else {
                prop_assert_eq!(scripts.mixed(), slow, "{}", text);
            }
        }
    }
}
