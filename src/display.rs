//! The display form of an IRI: what a program shows a person (3987bis 4.1, 8.6, and 3.7 for what
//! may be decoded). It is for people only, not an IRI to process further: the embedding
//! characters around it "are not themselves part of the IRI" (4.1), and the visual order is not
//! the logical one.
//!
//! ```
//! use iriscan::display::{DisplayOptions, Embedding};
//! use iriscan::IriRef;
//!
//! // Percent-encoded UTF-8 and ACE labels shown as characters, as `to_iri` does (3.7).
//! let iri = IriRef::parse("http://xn--99zt52a.example.org/%E3%83%91%E3%82%B9").unwrap();
//! assert_eq!(iri.to_display(&DisplayOptions::default()), "http://納豆.example.org/パス");
//!
//! // A label that can pass for ASCII stays in its ACE form.
//! let iri = IriRef::parse("http://аррӏе.com/").unwrap();
//! assert_eq!(iri.to_display(&DisplayOptions::default()), "http://xn--80ak6aa92e.com/");
//!
//! // Right-to-left characters: wrapped in LRE ... PDF (4.1), or shown in visual order.
//! let iri = IriRef::parse("http://ab.אבג.ij/").unwrap();
//! assert_eq!(iri.to_display(&DisplayOptions::default()), "\u{202A}http://ab.אבג.ij/\u{202C}");
//! let visual = DisplayOptions { visual: true, ..DisplayOptions::default() };
//! assert_eq!(iri.to_display(&visual), "http://ab.גבא.ij/");
//! let none = DisplayOptions { embedding: Embedding::None, ..DisplayOptions::default() };
//! assert_eq!(iri.to_display(&none), "http://ab.אבג.ij/");
//! ```

use crate::lint::{self, leading_marks, LintCode, PartKind};
use crate::map::{HostMapping, ToUriOptions};
use crate::tables::{bidi_class, BidiClass};
use crate::IriRef;
use std::borrow::Cow;
use std::ops::Range;

/// How the display form is set apart from the text around it when it holds right-to-left
/// characters (4.1: "as if they were preceded by ... LRE ... and followed by ... PDF").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Embedding {
    /// U+202A LEFT-TO-RIGHT EMBEDDING before, U+202C POP DIRECTIONAL FORMATTING after, as 4.1
    /// says.
    #[default]
    Lre,
    /// U+2066 LEFT-TO-RIGHT ISOLATE before, U+2069 POP DIRECTIONAL ISOLATE after: the isolates
    /// of Unicode 6.3, which also keep the text around from reordering with the IRI.
    Lri,
    /// Nothing: the caller sets the direction itself (HTML's `dir="ltr"`).
    None,
}

impl Embedding {
    /// Every embedding, in the order of the command line's `--embedding` values.
    pub const ALL: [Embedding; 3] = [Embedding::Lre, Embedding::Lri, Embedding::None];

    /// The name the command line, `Display` and `FromStr` use: `lre`, `lri`, `none`.
    pub const fn name(self) -> &'static str {
        match self {
            Embedding::Lre => "lre",
            Embedding::Lri => "lri",
            Embedding::None => "none",
        }
    }

    /// The characters before and after.
    fn marks(self) -> Option<(char, char)> {
        match self {
            Embedding::Lre => Some(('\u{202A}', '\u{202C}')),
            Embedding::Lri => Some(('\u{2066}', '\u{2069}')),
            Embedding::None => None,
        }
    }
}

crate::names::named!(Embedding, "embedding");

/// The options of [`IriRef::to_display`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DisplayOptions {
    /// What wraps a display form with right-to-left characters (not with `visual`, whose order
    /// is already that of a left-to-right embedding).
    pub embedding: Embedding,
    /// Every non-ASCII character percent-encoded and hosts in ACE form (8.6: where the renderer
    /// cannot show them): the URI of the IRI.
    pub ascii: bool,
    /// The characters in the order the Unicode Bidirectional Algorithm shows them inside a
    /// left-to-right embedding, for logs and terminals that do not apply it.
    pub visual: bool,
    /// The IRI as written but for what spoofs (8.5, 6.1): nothing decoded and no component that
    /// breaks 4.2 in URI notation, while a host label that spoofs is still in ACE form and
    /// invisible characters and look-alikes of delimiters still percent-encoded. With `visual`,
    /// the order a renderer that applies the bidi algorithm gives the IRI, as 3987bis 4.4 prints
    /// its examples, those that break 4.2 too. `ascii` takes precedence: it gives the URI.
    pub as_written: bool,
}

impl IriRef<'_> {
    /// The display form (see [`crate::display`]): percent-encoded UTF-8 decoded and ACE labels
    /// in Unicode where 3.7 allows; a host label that lints as `confusable`, `mixed-script`,
    /// `lookalike-delimiter`, `invisible` or against the bidi rules in ACE form; any other
    /// component that breaks 4.2 in URI notation as a whole; invisible characters, look-alikes
    /// of delimiters and the marks a component starts with percent-encoded; then wrapped or
    /// reordered for right-to-left text. With [`DisplayOptions::as_written`], nothing decoded
    /// and no component in URI notation.
    pub fn to_display(&self, options: &DisplayOptions) -> String {
        if options.ascii {
            return ascii_form(self);
        }
        let shown = if options.as_written {
            safe_form_with(self, true, false)
        } else {
            match IriRef::parse(&self.to_iri()) {
                Ok(iri) => safe_form(&iri),
                Err(_) => safe_form(self),
            }
        };
        if !shown
            .chars()
            .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL))
        {
            return shown;
        }
        if options.visual {
            return visual_order(&shown);
        }
        match options.embedding.marks() {
            Some((open, close)) => format!("{open}{shown}{close}"),
            None => shown,
        }
    }
}

/// The URI of `iri` (3.6), with hosts that IDNA refuses percent-encoded (3.3), so that every
/// IRI has one.
fn ascii_form(iri: &IriRef<'_>) -> String {
    iri.to_uri()
        .or_else(|_| iri.to_uri_with(&ToUriOptions::default().host(HostMapping::PercentEncode)))
        .map_or_else(|_| encode_non_ascii(iri.as_str()), Cow::into_owned)
}

/// `iri` with what must not be shown as characters written otherwise: each part the lints find
/// unsafe, in ACE form (a host label) or in URI notation (3.3).
fn safe_form(iri: &IriRef<'_>) -> String {
    safe_form_with(iri, true, true)
}

/// [`safe_form`], with unsafe host labels in ACE form (`ace`) or percent-encoded, as the
/// canonical form of the syntax level needs them (`compare::canonical`), and components that
/// break 4.2 in URI notation (`bidi_to_uri`) or as written.
pub(crate) fn safe_form_with(iri: &IriRef<'_>, to_ace: bool, bidi_to_uri: bool) -> String {
    let input = iri.as_str();
    if input.is_ascii() {
        return input.to_string();
    }
    // Component by component, in order, each edit written as it is made: a line of millions of
    // invisible characters, each encoded, takes the memory of its display form.
    let mut out = String::with_capacity(input.len() + 16);
    let mut at = 0;
    // Writes the input up to `range`, then `text` for it; an edit inside one written before (a
    // character both invisible and a look-alike, U+3000; a mark encoded with the character
    // before it) is left out.
    let mut edit = |out: &mut String, range: Range<usize>, text: &str| {
        if range.start >= at {
            out.push_str(&input[at..range.start]);
            out.push_str(text);
            at = range.end;
        }
    };
    lint::for_each_linted_part(iri, |part, here| {
        let range = part.start..part.end;
        let text = &input[range.clone()];
        let codes: Vec<LintCode> = here.iter().map(|l| l.code()).collect();
        let bidi = bidi_to_uri
            && (codes.contains(&LintCode::BidiMixed) || codes.contains(&LintCode::BidiEdge));
        // The marks a component starts with would be drawn on the delimiter before it ("=" and
        // U+0338 look like "≠"): 6.1, and 3.7 step 4. Not in a component mapped to URI
        // notation whole, nor in a label, which IDNA refuses for them (UTS #46 4.1, criterion
        // 6) and which is percent-encoded whole below.
        let marks = leading_marks(text);
        let encoded = codes
            .iter()
            .any(|c| matches!(c, LintCode::Invisible | LintCode::LookalikeDelimiter));
        // An encoded character in a right-to-left component would put Latin letters and
        // digits in it, against 4.2: such a component is mapped whole, as one that breaks it.
        let bidi = bidi
            || bidi_to_uri
                && (marks > 0 || encoded)
                && text
                    .chars()
                    .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL));
        if marks > 0 && part.kind != PartKind::Label && !bidi {
            let start = range.start;
            edit(
                &mut out,
                start..start + marks,
                &encode_non_ascii(&text[..marks]),
            );
        }
        if part.kind == PartKind::Label {
            // As browsers show a spoofing domain name: its ACE form, which has no look-alikes.
            if bidi
                || marks > 0
                || codes.iter().any(|c| {
                    matches!(
                        c,
                        LintCode::Confusable
                            | LintCode::MixedScript
                            | LintCode::LookalikeDelimiter
                            | LintCode::Invisible
                    )
                })
            {
                let mut ace = Vec::new();
                // A last label, after another, of nothing but what IDNA maps to nothing is a
                // root dot (RFC 1034 3.1), where the host maps.
                let dots = crate::map::host::DOTS;
                let last =
                    !input[range.end..].starts_with(dots) && input[..range.start].ends_with(dots);
                let label = match to_ace.then(|| crate::map::host::push_idna(&mut ace, text)) {
                    Some(Ok(())) if ace.is_ascii() => String::from_utf8(ace).unwrap_or_default(),
                    Some(Err(_))
                        if last
                            && !text.contains('%')
                            && crate::lint::idna_mapped(text).is_empty()
                            && iri.host().is_some_and(|host| {
                                crate::map::host::push_idna(&mut Vec::new(), host).is_ok()
                            }) =>
                    {
                        String::new()
                    }
                    _ => encode_non_ascii(text),
                };
                edit(&mut out, range, &label);
            }
        } else if bidi {
            // 4.2: "the whole component has to be mapped".
            edit(&mut out, range, &encode_non_ascii(text));
        } else if encoded {
            // Each invisible character and look-alike, with the marks after it, which would be
            // drawn on its hexadecimal digits; those marks are read once.
            let mut covered = 0;
            for (i, c) in lint::encoded_chars(text, part.kind, marks) {
                if i < covered {
                    continue;
                }
                let end = i + c.len_utf8();
                covered = end + leading_marks(&text[end..]);
                let whole = range.start + i..range.start + covered;
                edit(&mut out, whole, &encode_non_ascii(&text[i..covered]));
            }
        }
    });
    out.push_str(&input[at..]);
    out
}

/// `text` with every non-ASCII character percent-encoded as UTF-8 (3.3), by the encoder of
/// `to_uri`.
pub(crate) fn encode_non_ascii(text: &str) -> String {
    let mut out = crate::simd::AsciiBytes::with_capacity(text.len() * 3);
    out.push_encoded(text.as_bytes());
    out.into_string()
}

/// `text` in the order the Unicode Bidirectional Algorithm (UAX #9) shows it in a left-to-right
/// paragraph, as inside an LRE ... PDF embedding (4.1), with the Bidi_Class of iriscan's table,
/// and the mirrored characters of right-to-left runs as their mirrors (L4: "(" as ")").
///
/// ```
/// // 3987bis 4.4 example 8, with Hebrew letters for the capitals "GH", "IJ" and "KL".
/// let logical = "http://ab.cd.ef/זח1/2טי/כל.html";
/// assert_eq!(iriscan::display::visual_order(logical), "http://ab.cd.ef/לכ/יט1/2חז.html");
/// ```
pub fn visual_order(text: &str) -> String {
    let info = unicode_bidi::BidiInfo::new_with_data_source(
        &Classes,
        text,
        Some(unicode_bidi::Level::ltr()),
    );
    let mut out = String::with_capacity(text.len());
    for paragraph in &info.paragraphs {
        // L2: each run in visual order, a right-to-left one reversed; L4: the characters of
        // such a run that are Bidi_Mirrored drawn as their mirrors ("(" as ")").
        let (levels, runs) = info.visual_runs(paragraph, paragraph.range.clone());
        for run in runs {
            let chars = info.text[run.clone()].chars();
            if levels[run.start].is_rtl() {
                out.extend(
                    chars
                        .rev()
                        .map(|c| crate::tables::bidi_mirror(c).unwrap_or(c)),
                );
            } else {
                out.extend(chars);
            }
        }
    }
    out
}

/// The Bidi_Class of iriscan's generated table, for `unicode-bidi`.
struct Classes;

impl unicode_bidi::BidiDataSource for Classes {
    fn bidi_class(&self, c: char) -> unicode_bidi::BidiClass {
        use unicode_bidi::BidiClass as U;
        match bidi_class(c) {
            BidiClass::L => U::L,
            BidiClass::R => U::R,
            BidiClass::AL => U::AL,
            BidiClass::EN => U::EN,
            BidiClass::ES => U::ES,
            BidiClass::ET => U::ET,
            BidiClass::AN => U::AN,
            BidiClass::CS => U::CS,
            BidiClass::NSM => U::NSM,
            BidiClass::BN => U::BN,
            BidiClass::B => U::B,
            BidiClass::S => U::S,
            BidiClass::WS => U::WS,
            BidiClass::ON => U::ON,
            BidiClass::LRE => U::LRE,
            BidiClass::LRO => U::LRO,
            BidiClass::RLE => U::RLE,
            BidiClass::RLO => U::RLO,
            BidiClass::PDF => U::PDF,
            BidiClass::LRI => U::LRI,
            BidiClass::RLI => U::RLI,
            BidiClass::FSI => U::FSI,
            BidiClass::PDI => U::PDI,
        }
    }
}
